//! Tray counts, fills and credits, drop, win and hold, alarms and the
//! audit reads, against a real ledger file.

use super::util::{
    BOSS, DEALER, OTHER_BOSS, boss, dealer, dealt, discrepancies, other_boss, staffed,
};
use pairs_table::ids::{HandId, TableId};
use pairs_table::inventory::{ChipCount, Denominations, Inventory, format_basis_points};
use pairs_table::ledger::{AccessError, ShiftError};
use pairs_table::ledger::{
    AlarmKind, CountKind, ExceptionKind, HandFilter, HandOutcome, Ledger, LedgerError, PinEntry,
    RECOUNT_SECOND_APPROVAL_ABOVE, Recount, SlipKind, TimeRange,
};

fn chips(counts: &[(u64, u64)]) -> ChipCount {
    ChipCount::new(&Denominations::parse("1 5 25 100").unwrap(), counts).unwrap()
}

fn set_denominations(ledger: &mut Ledger, table: TableId) {
    let denominations = Denominations::parse("1 5 25 100").unwrap();
    ledger
        .set_denominations(table, &denominations, DEALER, &boss())
        .unwrap();
    assert_eq!(ledger.denominations(table).unwrap(), Some(denominations));
}

#[test]
fn win_hold_and_variance_match_hand_computed_values() {
    let (mut ledger, path, _, table) = staffed("win");
    set_denominations(&mut ledger, table);
    let (shift, house) = dealt(&mut ledger, table, 8, 5);
    // Opener: 100×1 + 200×5 + 80×25 + 20×100 = 100 + 1 000 + 2 000 + 2 000 = 5 100.
    let opener = chips(&[(1, 100), (5, 200), (25, 80), (100, 20)]);
    assert_eq!(opener.total(), 5_100);
    ledger
        .record_count(shift, CountKind::Opener, &opener, &dealer(), &boss(), None)
        .unwrap();
    // Fill 2026-000001: 40×25 = 1 000. Credit: 5×100 = 500. Drop 300 + 450 = 750.
    let fill = ledger
        .record_slip(SlipKind::Fill, shift, &chips(&[(25, 40)]), DEALER, &boss())
        .unwrap();
    assert_eq!(fill, "2026-000001");
    ledger
        .record_slip(
            SlipKind::Credit,
            shift,
            &chips(&[(100, 5)]),
            DEALER,
            &boss(),
        )
        .unwrap();
    ledger.record_drop(shift, 300, &boss()).unwrap();
    ledger.record_drop(shift, 450, &boss()).unwrap();
    // Closer: 90×1 + 180×5 + 100×25 + 14×100 = 90 + 900 + 2 500 + 1 400 = 4 890.
    let closer = chips(&[(1, 90), (5, 180), (25, 100), (100, 14)]);
    assert_eq!(closer.total(), 4_890);
    ledger
        .record_count(
            shift,
            CountKind::Closer,
            &closer,
            &dealer(),
            &other_boss(),
            None,
        )
        .unwrap();

    let figures = ledger.shift_inventory(shift).unwrap();
    let inventory = figures.inventory().unwrap();
    assert_eq!(
        inventory,
        Inventory {
            opener: 5_100,
            closer: 4_890,
            fills: 1_000,
            credits: 500,
            drop: 750,
        }
    );
    // Win = 4 890 + 500 + 750 − 5 100 − 1 000 = 40; hold = 40 / 750 = 5.33 %.
    assert_eq!(inventory.win(), 40);
    assert_eq!(inventory.hold_basis_points(), Some(533));
    assert_eq!(format_basis_points(533), "5.33%");
    assert_eq!(figures.ledger_win, house);
    let variance = figures.variance().unwrap();
    assert_eq!(variance.difference, 40 - house);
    assert_eq!(variance.flagged(), 40 != house);

    // The chart ends at the ledger's win and starts at 0.
    let chart = ledger.win_over_shift(shift).unwrap();
    assert_eq!(chart.len(), 9);
    assert_eq!(chart[0].1, 0);
    assert_eq!(chart[8].1, house);
    assert!(chart.windows(2).all(|w| w[0].0 <= w[1].0));
    assert_eq!(discrepancies(&path), Vec::new());
}

#[test]
fn a_recount_needs_a_reason_and_over_the_threshold_a_second_pit_boss() {
    let (mut ledger, path, _, table) = staffed("recount");
    set_denominations(&mut ledger, table);
    let (shift, _) = dealt(&mut ledger, table, 1, 1);
    let count = |ledger: &mut Ledger, units: u64, recount: Option<Recount<'_>>| {
        ledger.record_count(
            shift,
            CountKind::Closer,
            &chips(&[(100, units / 100)]),
            &dealer(),
            &boss(),
            recount,
        )
    };
    let rows = |ledger: &Ledger| ledger.head().unwrap().rows;
    count(&mut ledger, 2000, None).unwrap();
    let closer = |ledger: &Ledger| {
        ledger
            .shift_inventory(shift)
            .unwrap()
            .closer
            .unwrap()
            .total()
    };
    let before = rows(&ledger);
    // No reason, or a blank one: refused, nothing written.
    for recount in [
        None,
        Some(Recount {
            reason: "  ",
            second: None,
        }),
    ] {
        let refused = count(&mut ledger, 2100, recount).unwrap_err();
        assert!(refused.to_string().contains("needs a reason"), "{refused}");
        assert_eq!((rows(&ledger), closer(&ledger)), (before, 2000));
    }
    // Within the threshold a reason is enough.
    let small = Recount {
        reason: "one chip under the float",
        second: None,
    };
    count(&mut ledger, 2100, Some(small)).unwrap();
    assert_eq!(closer(&ledger), 2100);
    // Over it, a second pit boss who did not count, with their PIN.
    let big = 2100 + RECOUNT_SECOND_APPROVAL_ABOVE + 100;
    let reason = "a 1,000 rack was missed";
    let before = rows(&ledger);
    let refused = count(
        &mut ledger,
        big,
        Some(Recount {
            reason,
            second: None,
        }),
    )
    .unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("a second pit boss must approve"),
        "{refused}"
    );
    let counter = boss();
    let refused = count(
        &mut ledger,
        big,
        Some(Recount {
            reason,
            second: Some(&counter),
        }),
    )
    .unwrap_err();
    assert!(refused.to_string().contains("did not count"), "{refused}");
    let wrong = PinEntry {
        staff: OTHER_BOSS,
        pin: "0000",
    };
    assert!(
        count(
            &mut ledger,
            big,
            Some(Recount {
                reason,
                second: Some(&wrong),
            }),
        )
        .is_err()
    );
    assert_eq!(closer(&ledger), 2100);
    let second = other_boss();
    count(
        &mut ledger,
        big,
        Some(Recount {
            reason,
            second: Some(&second),
        }),
    )
    .unwrap();
    assert_eq!(closer(&ledger), big);
    assert!(rows(&ledger) > before);
    drop(ledger);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let recorded: Vec<(i64, i64, String, Option<u32>)> = conn
        .prepare("SELECT previous_total, new_total, reason, second_by FROM count_corrections ORDER BY seq")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        recorded,
        [
            (2000, 2100, "one chip under the float".to_owned(), None),
            (2100, big as i64, reason.to_owned(), Some(OTHER_BOSS.0)),
        ]
    );
    assert_eq!(discrepancies(&path), Vec::new());
}

#[test]
fn counts_need_the_table_chips_and_the_dealer_and_a_pit_boss() {
    let (mut ledger, _, _, table) = staffed("counts");
    let (shift, _) = dealt(&mut ledger, table, 1, 1);
    let tray = chips(&[(5, 10)]);
    assert!(matches!(
        ledger.record_count(shift, CountKind::Opener, &tray, &dealer(), &boss(), None),
        Err(LedgerError::Shift(ShiftError::NoDenominations(_)))
    ));
    set_denominations(&mut ledger, table);
    assert!(matches!(
        ledger.record_count(shift, CountKind::Opener, &tray, &boss(), &boss(), None),
        Err(LedgerError::Access(AccessError::SamePerson(BOSS)))
    ));
    // The two counters are the dealer and a pit boss: two pit bosses are not.
    assert!(matches!(
        ledger.record_count(
            shift,
            CountKind::Opener,
            &tray,
            &other_boss(),
            &boss(),
            None
        ),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: OTHER_BOSS,
            ..
        }))
    ));
    let odd = ChipCount::parse("10:3").unwrap();
    assert!(matches!(
        ledger.record_count(shift, CountKind::Opener, &odd, &dealer(), &boss(), None),
        Err(LedgerError::Shift(ShiftError::Inventory(_)))
    ));
    let wrong = PinEntry {
        staff: DEALER,
        pin: "0001",
    };
    assert!(matches!(
        ledger.record_count(shift, CountKind::Opener, &tray, &wrong, &boss(), None),
        Err(LedgerError::Access(AccessError::WrongPin {
            staff: DEALER,
            ..
        }))
    ));
    assert_eq!(ledger.shift_inventory(shift).unwrap().opener, None);
    ledger
        .record_count(shift, CountKind::Opener, &tray, &dealer(), &boss(), None)
        .unwrap();
    assert_eq!(ledger.shift_inventory(shift).unwrap().opener, Some(tray));
    assert!(matches!(
        ledger.record_drop(shift, 0, &boss()),
        Err(LedgerError::Shift(ShiftError::BadDrop { amount: 0 }))
    ));
    // A drop is confirmed by a pit boss's PIN in the same write: a dealer,
    // or a wrong PIN, records no drop.
    assert!(matches!(
        ledger.record_drop(shift, 300, &dealer()),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: DEALER,
            ..
        }))
    ));
    let wrong = PinEntry {
        staff: BOSS,
        pin: "0002",
    };
    assert!(matches!(
        ledger.record_drop(shift, 300, &wrong),
        Err(LedgerError::Access(AccessError::WrongPin {
            staff: BOSS,
            ..
        }))
    ));
    assert_eq!(ledger.shift_inventory(shift).unwrap().drop, 0);
    ledger.record_drop(shift, 300, &boss()).unwrap();
    assert_eq!(ledger.shift_inventory(shift).unwrap().drop, 300);
}

#[test]
fn slip_numbers_run_in_the_year_restart_in_a_new_one_and_a_voided_slip_stays() {
    let (mut ledger, path, clock, table) = staffed("slips");
    set_denominations(&mut ledger, table);
    let (shift, _) = dealt(&mut ledger, table, 1, 2);
    assert!(matches!(
        ledger.record_slip(SlipKind::Fill, shift, &chips(&[(25, 4)]), DEALER, &dealer()),
        Err(LedgerError::Access(AccessError::NotPermitted {
            staff: DEALER,
            ..
        }))
    ));
    assert!(matches!(
        ledger.record_slip(SlipKind::Fill, shift, &chips(&[]), DEALER, &boss()),
        Err(LedgerError::Shift(ShiftError::Inventory(_)))
    ));
    clock.set(2026, 12, 31, 23, 50);
    let mut numbers = Vec::new();
    for n in 1..=3 {
        let kind = if n == 2 {
            SlipKind::Credit
        } else {
            SlipKind::Fill
        };
        numbers.push(
            ledger
                .record_slip(kind, shift, &chips(&[(25, n)]), DEALER, &boss())
                .unwrap(),
        );
    }
    assert_eq!(numbers, ["2026-000001", "2026-000002", "2026-000003"]);
    clock.set(2027, 1, 1, 0, 5);
    let next = ledger
        .record_slip(SlipKind::Fill, shift, &chips(&[(100, 1)]), DEALER, &boss())
        .unwrap();
    assert_eq!(next, "2027-000001");

    assert!(matches!(
        ledger.void_slip("2026-000003", "", &dealer(), &boss()),
        Err(LedgerError::ReasonRequired)
    ));
    assert!(matches!(
        ledger.void_slip("2026-000003", "wrong table", &boss(), &boss()),
        Err(LedgerError::Access(AccessError::SamePerson(BOSS)))
    ));
    assert!(matches!(
        ledger.void_slip("2026-000009", "wrong table", &dealer(), &boss()),
        Err(LedgerError::Shift(ShiftError::NoSuchSlip(_)))
    ));
    ledger
        .void_slip("2026-000003", "wrong table", &dealer(), &other_boss())
        .unwrap();
    assert!(matches!(
        ledger.void_slip("2026-000003", "again", &dealer(), &boss()),
        Err(LedgerError::Shift(ShiftError::SlipVoided(_)))
    ));
    let slips = ledger.slips(shift).unwrap();
    assert_eq!(slips.len(), 4);
    assert_eq!(
        slips[2].voided,
        Some(("wrong table".to_owned(), DEALER, OTHER_BOSS))
    );
    // Fills: 25 + 100 (the voided 75 left out); credits: 50.
    let figures = ledger.shift_inventory(shift).unwrap();
    assert_eq!((figures.fills, figures.credits), (125, 50));
    let void = ledger
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .find(|e| e.kind == ExceptionKind::SlipVoid)
        .unwrap();
    assert!(void.detail.contains("2026-000003"), "{}", void.detail);

    // The slip number is unique: a forged duplicate is refused by the schema.
    drop(ledger);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let error = conn
        .execute(
            "INSERT INTO slips SELECT seq + 1000, hash, id + 1000, number, kind, shift_id, chips, total, requested_by, approved_by, at FROM slips WHERE id = 1",
            [],
        )
        .unwrap_err()
        .to_string();
    assert!(error.contains("UNIQUE"), "{error}");
    assert_eq!(discrepancies(&path), Vec::new());
}

#[test]
fn a_changed_count_is_caught_by_verify() {
    let (mut ledger, path, _, table) = staffed("tamper-count");
    set_denominations(&mut ledger, table);
    let (shift, _) = dealt(&mut ledger, table, 1, 4);
    ledger
        .record_count(
            shift,
            CountKind::Closer,
            &chips(&[(100, 50)]),
            &dealer(),
            &boss(),
            None,
        )
        .unwrap();
    drop(ledger);
    let conn = super::ledger::forger(&path);
    conn.execute(
        "UPDATE inventory_counts SET chips = '100:40', total = 4000",
        [],
    )
    .unwrap();
    let seq: i64 = conn
        .query_row("SELECT seq FROM inventory_counts", [], |r| r.get(0))
        .unwrap();
    let found = discrepancies(&path);
    assert!(
        found
            .iter()
            .any(|d| d.table == "inventory_counts" && d.seq == seq),
        "{found:?}"
    );
}

#[test]
fn alarms_survive_a_restart_until_cleared_and_appear_in_the_exception_report() {
    let (mut ledger, path, clock, table) = staffed("alarms");
    let recovery = ledger
        .raise_alarm(
            table,
            AlarmKind::Recovery,
            "hand 3 reopened after a restart",
            Some(HandId(3)),
        )
        .unwrap();
    let scanner = ledger
        .raise_alarm(
            table,
            AlarmKind::ForeignCard,
            "a fifth 7 in a one-deck shoe",
            None,
        )
        .unwrap();
    drop(ledger);
    let mut ledger = Ledger::open(&path, Box::new(clock), crate::test_keys()).unwrap();
    let open: Vec<i64> = ledger
        .alarms(table, true)
        .unwrap()
        .iter()
        .map(|a| a.id)
        .collect();
    assert_eq!(open, [recovery, scanner]);
    ledger
        .clear_alarm(scanner, BOSS, "card removed; dealing resumed")
        .unwrap();
    assert!(matches!(
        ledger.clear_alarm(scanner, BOSS, "again"),
        Err(LedgerError::AlarmCleared(_))
    ));
    assert!(matches!(
        ledger.clear_alarm(99, BOSS, "none"),
        Err(LedgerError::NoSuchAlarm(99))
    ));
    let open = ledger.alarms(table, true).unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].kind, AlarmKind::Recovery);
    assert_eq!(open[0].hand, Some(HandId(3)));
    let all = ledger.alarms(table, false).unwrap();
    assert_eq!(
        all[1]
            .cleared
            .as_ref()
            .map(|(by, how, _)| (*by, how.as_str())),
        Some((BOSS, "card removed; dealing resumed"))
    );
    let kinds: Vec<ExceptionKind> = ledger
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .map(|e| e.kind)
        .filter(|k| matches!(k, ExceptionKind::Alarm | ExceptionKind::AlarmCleared))
        .collect();
    assert_eq!(
        kinds,
        [
            ExceptionKind::Alarm,
            ExceptionKind::Alarm,
            ExceptionKind::AlarmCleared
        ]
    );
    assert_eq!(discrepancies(&path), Vec::new());
}

#[test]
fn the_hand_browser_filters_by_dealer_seat_outcome_amount_and_time() {
    let (mut ledger, _, clock, table) = staffed("browse");
    let (shift, _) = dealt(&mut ledger, table, 10, 9);
    ledger
        .void_hand(HandId(2), "misdeal", DEALER, &boss())
        .unwrap();
    let all = ledger.browse_hands(&HandFilter::default()).unwrap();
    assert_eq!(all.len(), 10);
    assert_eq!(all[1].outcome, HandOutcome::Voided);
    assert_eq!(all[1].house_net, 0);
    let only = |ledger: &Ledger, filter: HandFilter| -> Vec<HandId> {
        ledger
            .browse_hands(&filter)
            .unwrap()
            .iter()
            .map(|h| h.id)
            .collect()
    };
    assert_eq!(
        only(
            &ledger,
            HandFilter {
                outcome: Some(HandOutcome::Voided),
                ..HandFilter::default()
            }
        ),
        [HandId(2)]
    );
    let won: Vec<HandId> = all
        .iter()
        .filter(|h| h.house_net > 0)
        .map(|h| h.id)
        .collect();
    assert_eq!(
        only(
            &ledger,
            HandFilter {
                outcome: Some(HandOutcome::HouseWon),
                ..HandFilter::default()
            }
        ),
        won
    );
    assert!(
        only(
            &ledger,
            HandFilter {
                dealer: Some(BOSS),
                ..HandFilter::default()
            }
        )
        .is_empty()
    );
    assert_eq!(
        only(
            &ledger,
            HandFilter {
                shift: Some(shift),
                dealer: Some(DEALER),
                seat: Some(1),
                ..HandFilter::default()
            }
        )
        .len(),
        10
    );
    let big = all.iter().map(|h| h.largest_transfer).max().unwrap();
    let expected: Vec<HandId> = all
        .iter()
        .filter(|h| h.largest_transfer >= big)
        .map(|h| h.id)
        .collect();
    assert_eq!(
        only(
            &ledger,
            HandFilter {
                min_amount: Some(big),
                ..HandFilter::default()
            }
        ),
        expected
    );
    let now = clock.0.get();
    assert!(
        only(
            &ledger,
            HandFilter {
                started: TimeRange {
                    from: Some(now + chrono::TimeDelta::seconds(1)),
                    to: None
                },
                ..HandFilter::default()
            }
        )
        .is_empty()
    );
    // A seat nobody played, another table, one hand by its number.
    assert!(
        only(
            &ledger,
            HandFilter {
                seat: Some(6),
                ..HandFilter::default()
            }
        )
        .is_empty()
    );
    assert!(
        only(
            &ledger,
            HandFilter {
                table: Some(TableId(table.0 + 1)),
                ..HandFilter::default()
            }
        )
        .is_empty()
    );
    assert_eq!(
        only(
            &ledger,
            HandFilter {
                hand: Some(HandId(7)),
                table: Some(table),
                ..HandFilter::default()
            }
        ),
        [HandId(7)]
    );
    // An alarm raised during hand 4 finds it.
    ledger
        .raise_alarm(table, AlarmKind::Scanner, "lost frames", Some(HandId(4)))
        .unwrap();
    assert_eq!(
        only(
            &ledger,
            HandFilter {
                with_alarm: true,
                ..HandFilter::default()
            }
        ),
        [HandId(4)]
    );
    // Pages, newest first, cover every hand once, reading only the page.
    let mut seen = Vec::new();
    let mut before = None;
    loop {
        let page = ledger
            .browse_newest(&HandFilter::default(), before, 3)
            .unwrap();
        assert!(page.hands.len() <= 3);
        seen.extend(page.hands.iter().map(|h| h.id));
        if !page.more {
            break;
        }
        before = page.hands.last().map(|h| h.id);
    }
    let newest_first: Vec<HandId> = all.iter().rev().map(|h| h.id).collect();
    assert_eq!(seen, newest_first);
    // Filtered in the query, so a page is full even when most hands fail.
    let page = ledger
        .browse_newest(
            &HandFilter {
                outcome: Some(HandOutcome::HouseWon),
                ..HandFilter::default()
            },
            None,
            2,
        )
        .unwrap();
    let newest_won: Vec<HandId> = won.iter().rev().take(2).copied().collect();
    assert_eq!(
        page.hands.iter().map(|h| h.id).collect::<Vec<_>>(),
        newest_won
    );
}
