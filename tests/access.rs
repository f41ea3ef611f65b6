//! Staff, PINs, lockouts, sessions and approvals against a real ledger file.

use std::path::PathBuf;

use super::util::*;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::money::{Account, net_of};
use pairs_table::ids::{HandId, StaffId};
use pairs_table::inventory::TableLimits;
use pairs_table::ledger::AccessError;
use pairs_table::ledger::{ExceptionKind, Ledger, LedgerError, PinEntry, Role, TimeRange};

#[test]
fn first_run_makes_one_pit_boss_and_later_staff_need_a_pin() {
    let (mut ledger, _, _, _) = staffed("first");
    assert!(ledger.has_staff().unwrap());
    assert!(matches!(
        ledger.create_first_pit_boss(StaffId(3), "Late Boss", "2580"),
        Err(LedgerError::Access(AccessError::NotFirstRun))
    ));
    assert!(matches!(
        ledger.add_staff(StaffId(11), "Dee", Role::Dealer, "2580", &dealer()),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: DEALER,
            ..
        }))
    ));
    assert!(matches!(
        ledger.add_staff(StaffId(12), "Ada", Role::Administrator, "2580", &boss()),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: BOSS,
            ..
        }))
    ));
    assert!(matches!(
        ledger.add_staff(DEALER, "Twin", Role::Dealer, "2580", &boss()),
        Err(LedgerError::Access(AccessError::StaffExists(DEALER)))
    ));
    assert!(matches!(
        ledger.add_staff(StaffId(13), "Easy", Role::Dealer, "1234", &boss()),
        Err(LedgerError::Access(AccessError::BadPin(_)))
    ));
    let staff = ledger.staff_list().unwrap();
    let roles: Vec<(StaffId, Role, bool)> =
        staff.iter().map(|s| (s.id, s.role, s.has_pin)).collect();
    assert_eq!(
        roles,
        [
            (BOSS, Role::PitBoss, true),
            (OTHER_BOSS, Role::PitBoss, true),
            (DEALER, Role::Dealer, true)
        ]
    );
}

#[test]
fn a_wrong_pin_is_refused_and_counted_the_fifth_locks_and_a_pit_boss_resets() {
    let (mut ledger, path, _, _) = staffed("lockout");
    for left in (1..=4).rev() {
        let error = ledger.sign_in(DEALER, "9999").unwrap_err();
        assert!(
            matches!(error, LedgerError::Access(AccessError::WrongPin { staff: DEALER, tries_left }) if tries_left == left),
            "{error}"
        );
    }
    assert_eq!(ledger.lock_state(DEALER).unwrap().wrong_in_a_row, 4);
    assert!(matches!(
        ledger.sign_in(DEALER, "12"),
        Err(LedgerError::Access(AccessError::Locked(DEALER)))
    ));
    // Locked: even the right PIN is refused, and not counted again.
    assert!(matches!(
        ledger.sign_in(DEALER, DEALER_PIN),
        Err(LedgerError::Access(AccessError::Locked(DEALER)))
    ));
    assert!(ledger.lock_state(DEALER).unwrap().locked);
    let report = ledger.exceptions(TimeRange::default()).unwrap();
    let failed = report
        .iter()
        .filter(|e| e.kind == ExceptionKind::FailedPin && e.staff == Some(DEALER))
        .count();
    assert_eq!(failed, 5);
    assert!(
        report
            .iter()
            .any(|e| e.kind == ExceptionKind::Lockout && e.staff == Some(DEALER))
    );

    // Only a pit boss resets, with their own right PIN; a wrong one counts.
    assert!(matches!(
        ledger.reset_lockout(DEALER, &dealer()),
        Err(LedgerError::Access(AccessError::NotPermitted { .. }))
    ));
    let wrong = PinEntry {
        staff: BOSS,
        pin: "0000",
    };
    assert!(matches!(
        ledger.reset_lockout(DEALER, &wrong),
        Err(LedgerError::Access(AccessError::WrongPin {
            staff: BOSS,
            ..
        }))
    ));
    assert_eq!(ledger.lock_state(BOSS).unwrap().wrong_in_a_row, 1);
    ledger.reset_lockout(DEALER, &boss()).unwrap();
    assert_eq!(ledger.lock_state(BOSS).unwrap().wrong_in_a_row, 0);
    assert!(!ledger.lock_state(DEALER).unwrap().locked);
    assert!(matches!(
        ledger.reset_lockout(DEALER, &boss()),
        Err(LedgerError::Access(AccessError::NotLocked(DEALER)))
    ));
    ledger.sign_in(DEALER, DEALER_PIN).unwrap();
    let reset = ledger
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .find(|e| e.kind == ExceptionKind::LockoutReset)
        .unwrap();
    assert_eq!((reset.staff, reset.approved_by), (Some(DEALER), Some(BOSS)));
    assert_eq!(discrepancies(&path), Vec::new());
}

#[test]
fn one_session_per_person_and_dealer_timeouts_are_recorded() {
    let (mut ledger, _, _, _) = staffed("sessions");
    let session = ledger.sign_in(DEALER, DEALER_PIN).unwrap();
    assert_eq!(session.station, "table 1");
    ledger.set_station("table 2");
    let error = ledger.sign_in(DEALER, DEALER_PIN).unwrap_err();
    assert!(
        matches!(&error, LedgerError::Access(AccessError::SignedInElsewhere { station, .. }) if station == "table 1"),
        "{error}"
    );
    assert!(error.to_string().contains("table 1"), "{error}");
    // Back at the same station (the app restarted): a fresh session.
    ledger.set_station("table 1");
    ledger.sign_in(DEALER, DEALER_PIN).unwrap();
    ledger.record_timeout(DEALER).unwrap();
    assert_eq!(ledger.active_session(DEALER).unwrap(), None);
    assert!(matches!(
        ledger.sign_out(DEALER),
        Err(LedgerError::Access(AccessError::NotSignedIn(DEALER)))
    ));
    ledger.set_station("table 2");
    ledger.sign_in(DEALER, DEALER_PIN).unwrap();
    ledger.sign_out(DEALER).unwrap();
    assert!(matches!(
        ledger.sign_in(StaffId(99), "2580"),
        Err(LedgerError::Access(AccessError::NoSuchStaff(StaffId(99))))
    ));
}

#[test]
fn a_dealer_cannot_approve_and_only_a_pit_boss_own_table_actions_are_self_requested() {
    let (mut ledger, path, _, table) = staffed("own");
    let limits = TableLimits::new(20, 2_000).unwrap();
    assert!(matches!(
        ledger.change_limits(table, limits, BOSS, &dealer()),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: DEALER,
            ..
        }))
    ));
    // A pit boss may not approve a manual card, an override or a fill they
    // asked for themselves.
    assert!(matches!(
        ledger.approve_manual_card(table, HandId(1), BOSS, &boss(), "rank 7 to seat 2"),
        Err(LedgerError::Access(AccessError::OwnRequest(BOSS)))
    ));
    assert!(matches!(
        ledger.approve_scanner_override(table, None, BOSS, &boss(), "skip frame"),
        Err(LedgerError::Access(AccessError::OwnRequest(BOSS)))
    ));
    assert!(matches!(
        ledger.approve_manual_card(table, HandId(1), DEALER, &dealer(), "rank 7 to seat 2"),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: DEALER,
            ..
        }))
    ));
    assert!(matches!(
        ledger.approve_scanner_override(table, None, DEALER, &dealer(), "skip frame"),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: DEALER,
            ..
        }))
    ));
    assert!(matches!(
        ledger.open_table(table, DEALER, &dealer()),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: DEALER,
            ..
        }))
    ));
    assert_eq!(ledger.table_limits(table).unwrap(), None);
    ledger
        .change_limits(table, limits, DEALER, &boss())
        .unwrap();
    assert_eq!(ledger.table_limits(table).unwrap(), Some(limits));
    // A pit boss changes limits on their own initiative (no dealer at the table).
    let wider = TableLimits::new(20, 3_000).unwrap();
    ledger.change_limits(table, wider, BOSS, &boss()).unwrap();
    assert_eq!(ledger.table_limits(table).unwrap(), Some(wider));
    assert_eq!(
        ledger
            .approve_manual_card(table, HandId(1), DEALER, &other_boss(), "rank 7 to seat 2")
            .unwrap(),
        OTHER_BOSS
    );

    // Nor can the dealer approve the void of a hand they dealt.
    dealt(&mut ledger, table, 2, 3);
    assert!(matches!(
        ledger.void_hand(HandId(1), "misdeal", BOSS, &dealer()),
        Err(LedgerError::Access(AccessError::NotAPitBoss(DEALER)))
    ));
    assert_eq!(discrepancies(&path), Vec::new());
    let report = ledger.exceptions(TimeRange::default()).unwrap();
    let change = report
        .iter()
        .find(|e| e.kind == ExceptionKind::LimitChange)
        .unwrap();
    assert_eq!(
        (change.staff, change.approved_by),
        (Some(DEALER), Some(BOSS))
    );
    assert!(change.detail.contains("20 2000"), "{}", change.detail);
}

#[test]
fn a_wrong_approver_pin_is_refused_counted_and_records_nothing() {
    let (mut ledger, _, _, table) = staffed("approver-pin");
    let head = ledger.head().unwrap();
    let wrong = PinEntry {
        staff: BOSS,
        pin: "11111",
    };
    let limits = TableLimits::new(50, 500).unwrap();
    assert!(matches!(
        ledger.change_limits(table, limits, DEALER, &wrong),
        Err(LedgerError::Access(AccessError::WrongPin {
            staff: BOSS,
            tries_left: 4
        }))
    ));
    assert_eq!(ledger.table_limits(table).unwrap(), None);
    assert_eq!(
        ledger.head().unwrap().rows,
        head.rows + 2,
        "only the failed PIN, and the checkpoint that signs it"
    );
    for _ in 0..3 {
        ledger
            .change_limits(table, limits, DEALER, &wrong)
            .unwrap_err();
    }
    assert!(matches!(
        ledger.change_limits(table, limits, DEALER, &wrong),
        Err(LedgerError::Access(AccessError::Locked(BOSS)))
    ));
    assert!(matches!(
        ledger.change_limits(table, limits, DEALER, &boss()),
        Err(LedgerError::Access(AccessError::Locked(BOSS)))
    ));
    ledger.reset_lockout(BOSS, &other_boss()).unwrap();
    ledger
        .change_limits(table, limits, DEALER, &boss())
        .unwrap();
}

#[test]
fn a_void_through_an_approval_reverses_the_hand_and_verifies() {
    let (mut ledger, path, _, table) = staffed("void");
    let (shift, house) = dealt(&mut ledger, table, 6, 21);
    let before = ledger.ledger_win(shift).unwrap();
    assert_eq!(before, house);
    let hand = ledger.load_hand(HandId(4)).unwrap();
    let hand_net = net_of(&hand.transfers, Account::House);
    ledger
        .void_hand(HandId(4), "card exposed", DEALER, &boss())
        .unwrap();
    let record = ledger
        .last_hands(10)
        .unwrap()
        .into_iter()
        .find(|h| h.id == HandId(4))
        .unwrap();
    assert_eq!(record.status, pairs_table::ledger::HandStatus::Voided);
    assert_eq!(record.transfers.len(), 2 * hand.transfers.len());
    assert_eq!(net_of(&record.transfers, Account::House), 0);
    assert_eq!(ledger.ledger_win(shift).unwrap(), before - hand_net);
    assert_eq!(discrepancies(&path), Vec::new());
    let void = ledger
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .find(|e| e.kind == ExceptionKind::Void)
        .unwrap();
    assert_eq!(
        (
            void.hand,
            void.staff,
            void.approved_by,
            void.detail.as_str()
        ),
        (Some(HandId(4)), Some(DEALER), Some(BOSS), "card exposed")
    );
}

#[test]
fn pins_never_reach_the_file_in_clear() {
    let (mut ledger, path, _, table) = staffed("clear");
    ledger.sign_in(DEALER, DEALER_PIN).unwrap();
    ledger.sign_in(BOSS, "77777777").unwrap_err();
    ledger
        .change_limits(table, TableLimits::new(50, 500).unwrap(), DEALER, &boss())
        .unwrap();
    drop(ledger);
    let mut bytes = std::fs::read(&path).unwrap();
    let wal = path.with_extension("sqlite3-wal");
    if let Ok(more) = std::fs::read(&wal) {
        bytes.extend(more);
    }
    for pin in [BOSS_PIN, OTHER_PIN, DEALER_PIN, "77777777"] {
        assert!(
            !bytes.windows(pin.len()).any(|w| w == pin.as_bytes()),
            "PIN {pin} is in the file"
        );
    }
    let phcs = crate::util::pin_hashes(&path);
    assert_eq!(phcs.len(), 3);
    for phc in &phcs {
        assert!(phc.starts_with("$argon2id$"), "{phc}");
    }
}

#[test]
fn tampering_with_an_access_event_or_a_pin_is_caught() {
    let (mut ledger, path, _, _) = staffed("tamper");
    ledger.sign_in(DEALER, "0000").unwrap_err();
    drop(ledger);
    let error = rusqlite::Connection::open(&path)
        .unwrap()
        .execute("DELETE FROM pins", [])
        .unwrap_err()
        .to_string();
    assert!(error.contains("unalterable"), "{error}");
    let conn = super::ledger::forger(&path);
    let seq: i64 = conn
        .query_row(
            "SELECT seq FROM access_events WHERE event = 'failed_pin'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    conn.execute(
        "UPDATE access_events SET event = 'pin_confirmed' WHERE seq = ?1",
        [seq],
    )
    .unwrap();
    let found = discrepancies(&path);
    assert!(
        found
            .iter()
            .any(|d| d.table == "access_events" && d.seq == seq),
        "{found:?}"
    );
}

/// SHA-256 chain hash of a row of integers and texts (docs/ledger.md).
#[test]
fn a_version_2_ledger_keeps_its_staff_rows_and_chain_through_the_upgrade() {
    use rusqlite::types::Value;
    let path = temp_db("v2");
    let conn = rusqlite::Connection::open(&path).unwrap();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("schema");
    for file in ["0001_initial.sql", "0002_indexes.sql"] {
        conn.execute_batch(&std::fs::read_to_string(dir.join(file)).unwrap())
            .unwrap();
    }
    conn.pragma_update(None, "user_version", 2).unwrap();
    let at = "2025-06-01T12:00:00.000000Z";
    let mut previous = [0u8; 32];
    let staff = [
        (7, "Ann", "dealer"),
        (8, "Bea", "pit_boss"),
        (9, "Cy", "auditor"),
    ];
    for (seq, (id, name, role)) in (1..).zip(staff) {
        let values = [
            Value::Integer(id),
            Value::Text(name.into()),
            Value::Text(role.into()),
            Value::Text(at.into()),
        ];
        previous = crate::chain_link(&previous, seq, "staff", &values);
        conn.execute(
            "INSERT INTO staff (seq, hash, id, name, role, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            rusqlite::params![seq, &previous[..], id, name, role, at],
        )
        .unwrap();
    }
    let hashes = |conn: &rusqlite::Connection| -> Vec<(i64, Vec<u8>, String)> {
        conn.prepare("SELECT seq, hash, role FROM staff ORDER BY seq")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let old = hashes(&conn);
    drop(conn);

    let clock = TestClock::at(2026, 1, 5, 9, 0);
    let mut ledger = Ledger::open(&path, Box::new(clock), crate::test_keys()).unwrap();
    assert_eq!(hashes(&rusqlite::Connection::open(&path).unwrap()), old);
    assert!(ledger.needs_first_pit_boss().unwrap());
    ledger
        .create_first_pit_boss(StaffId(20), "Dee Boss", "3690")
        .unwrap();
    let by = PinEntry {
        staff: StaffId(20),
        pin: "3690",
    };
    ledger.set_pin(StaffId(7), "2468", &by, None).unwrap();
    ledger.sign_in(StaffId(7), "2468").unwrap();
    let roles: Vec<Role> = ledger
        .staff_list()
        .unwrap()
        .iter()
        .map(|s| s.role)
        .collect();
    assert_eq!(
        roles,
        [Role::Dealer, Role::PitBoss, Role::Auditor, Role::PitBoss]
    );
    assert_eq!(discrepancies(&path), Vec::new());
    let error = rusqlite::Connection::open(&path)
        .unwrap()
        .execute("UPDATE staff SET role = 'administrator' WHERE id = 7", [])
        .unwrap_err()
        .to_string();
    assert!(error.contains("unalterable"), "{error}");
}

#[test]
fn a_reset_pin_is_one_time_and_must_be_changed_at_the_next_sign_in() {
    let (mut ledger, path, _, _) = staffed("one-time");
    ledger.set_pin(DEALER, "2580", &boss(), None).unwrap();
    assert!(ledger.pin_is_one_time(DEALER).unwrap());
    let refused = ledger.sign_in(DEALER, "2580").unwrap_err();
    assert!(
        matches!(
            refused,
            LedgerError::Access(AccessError::PinChangeRequired(DEALER))
        ),
        "{refused}"
    );
    assert!(
        refused.to_string().contains("choose a new PIN"),
        "{refused}"
    );
    assert!(ledger.active_session(DEALER).unwrap().is_none());
    // The dealer chooses their own with the one they were given.
    let given = PinEntry {
        staff: DEALER,
        pin: "2580",
    };
    ledger.set_pin(DEALER, "7193", &given, None).unwrap();
    assert!(!ledger.pin_is_one_time(DEALER).unwrap());
    ledger.sign_in(DEALER, "7193").unwrap();
    let report = ledger.exceptions(TimeRange::default()).unwrap();
    let resets: Vec<_> = report
        .iter()
        .filter(|e| e.kind == ExceptionKind::PinReset)
        .collect();
    assert_eq!(resets.len(), 1, "{report:?}");
    assert_eq!(resets[0].staff, Some(BOSS));
    assert!(
        resets[0].detail.contains("one-time"),
        "{}",
        resets[0].detail
    );
    assert_eq!(
        report
            .iter()
            .filter(|e| e.kind == ExceptionKind::StaffAdded)
            .count(),
        2,
        "both added staff are on the exception report"
    );
    assert_eq!(discrepancies(&path), Vec::new());
}

#[test]
fn no_one_resets_the_pin_of_an_equal_or_higher_role_alone() {
    let (mut ledger, _, _, _) = staffed("reset-rank");
    let head = ledger.head().unwrap();
    let alone = ledger
        .set_pin(OTHER_BOSS, "2580", &boss(), None)
        .unwrap_err();
    assert!(
        matches!(
            alone,
            LedgerError::Access(AccessError::SecondApproverNeeded {
                staff: OTHER_BOSS,
                ..
            })
        ),
        "{alone}"
    );
    assert_eq!(ledger.head().unwrap(), head, "nothing recorded");
    let by_a_dealer = ledger
        .set_pin(OTHER_BOSS, "2580", &boss(), Some(&dealer()))
        .unwrap_err();
    assert!(
        matches!(
            by_a_dealer,
            LedgerError::Access(AccessError::SecondApproverNeeded { .. })
        ),
        "{by_a_dealer}"
    );
    let by_the_person = ledger
        .set_pin(OTHER_BOSS, "2580", &boss(), Some(&other_boss()))
        .unwrap_err();
    assert!(
        matches!(
            by_the_person,
            LedgerError::Access(AccessError::SamePerson(OTHER_BOSS))
        ),
        "{by_the_person}"
    );
    // A third pit boss approves: done, and the approval names them.
    ledger
        .add_staff(StaffId(30), "Tom Boss", Role::PitBoss, "9517", &boss())
        .unwrap();
    let third = PinEntry {
        staff: StaffId(30),
        pin: "9517",
    };
    ledger
        .set_pin(OTHER_BOSS, "2580", &boss(), Some(&third))
        .unwrap();
    let reset = ledger
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .find(|e| e.kind == ExceptionKind::PinReset)
        .unwrap();
    assert_eq!(
        (reset.staff, reset.approved_by),
        (Some(BOSS), Some(StaffId(30)))
    );
    // A dealer's PIN is below a pit boss: one pit boss resets it alone.
    ledger.set_pin(DEALER, "1470", &boss(), None).unwrap();
}

#[test]
fn names_are_trimmed_and_limited() {
    let (mut ledger, _, _, _) = staffed("names");
    let head = ledger.head().unwrap();
    let long = "A".repeat(335);
    for (name, expected) in [
        (
            long.as_str(),
            "a name is at most 40 characters; this one has 335",
        ),
        ("   ", "a name cannot be empty"),
        ("Ann\nBoss", "a name cannot hold a line break"),
    ] {
        let refused = ledger
            .add_staff(StaffId(50), name, Role::Dealer, "5927", &boss())
            .unwrap_err()
            .to_string();
        assert!(refused.contains(expected), "{refused}");
    }
    assert!(ledger.table(&long, GameKind::Rocket).is_err());
    assert_eq!(ledger.head().unwrap(), head, "nothing recorded");
    ledger
        .add_staff(StaffId(50), "  Rita Relief ", Role::Dealer, "5927", &boss())
        .unwrap();
    let listed = ledger.staff_list().unwrap();
    assert!(
        listed
            .iter()
            .any(|s| s.id == StaffId(50) && s.name == "Rita Relief")
    );
}
