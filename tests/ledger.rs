//! The ledger: recording, recall, voids, recovery, migrations, tampering
//! and crashes.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use chrono::{DateTime, TimeZone, Utc};
use rand::{RngExt, SeedableRng};

use super::util::temp_db;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::rules::HouseRules;
use pairs_table::engine::{Decks, Need};
use pairs_table::figures::Recorder;
use pairs_table::history::HandHistory;
use pairs_table::ids::{HandId, ShiftId, StaffId, TableId};
use pairs_table::ledger::AccessError;
use pairs_table::ledger::{
    self, AlarmKind, Clock, Discrepancy, HandContext, Ledger, LedgerError, PinEntry, Role,
    SCHEMA_VERSION,
};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

struct FixedClock;

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 1, 2, 3, 4, 5).unwrap()
    }
}

fn config(game: GameKind) -> SimConfig {
    SimConfig {
        game,
        decks: Decks::new(1).unwrap(),
        seats: 4,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::Random,
    }
}

const DEALER: StaffId = StaffId(10);
const PIT_BOSS: StaffId = StaffId(20);

fn open(path: &Path) -> Ledger {
    Ledger::open(path, Box::new(FixedClock), crate::test_keys()).unwrap()
}

fn context(ledger: &mut Ledger, game: GameKind) -> HandContext {
    ledger.staff(DEALER, "Dana Dealer", Role::Dealer).unwrap();
    ledger.staff(PIT_BOSS, "Pat Boss", Role::PitBoss).unwrap();
    let table = ledger.table("table 1", game).unwrap();
    let shift = ledger.open_shift(table, DEALER).unwrap();
    let shoe = ledger.open_shoe(table, 1, None).unwrap();
    HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    }
}

/// Records `hands` simulated hands of `game`; returns the ledger's path.
fn recorded(game: GameKind, hands: u64, seed: u64) -> PathBuf {
    let path = temp_db("recorded");
    let mut ledger = open(&path);
    let mut recorder = Recorder::new(context(&mut ledger, game));
    let mut simulation = Simulation::seeded(&config(game), seed).unwrap();
    for _ in 0..hands {
        let finished = simulation
            .play_hand_with(|t| recorder.sync(&mut ledger, t))
            .unwrap();
        recorder.commit(&mut ledger, &finished).unwrap();
    }
    path
}

fn discrepancies(path: &Path) -> Vec<Discrepancy> {
    let mut found = Vec::new();
    let summary = ledger::verify(path, &ledger::VerifyOptions::default(), |d| {
        found.push(d.clone())
    })
    .unwrap();
    assert_eq!(summary.discrepancies as usize, found.len());
    found
}

#[test]
fn recorded_hands_verify_recall_and_export() {
    for game in [GameKind::Rocket, GameKind::Starboard] {
        let path = recorded(game, 40, 7);
        let summary =
            ledger::verify(&path, &ledger::VerifyOptions::default(), |d| panic!("{d}")).unwrap();
        assert_eq!(summary.hands, 40);
        let ledger = open(&path);
        let head = ledger.head().unwrap();
        assert_eq!(summary.head, head);
        assert_eq!(summary.rows as i64, head.rows);
        assert_eq!(head.hash_hex().len(), 64);
        let last = ledger.last_hands(10).unwrap();
        let ids: Vec<HandId> = last.iter().map(|h| h.id).collect();
        assert_eq!(ids, (31..=40).map(HandId).collect::<Vec<_>>());
        for record in &last {
            let finished = ledger.load_hand(record.id).unwrap();
            assert_eq!(finished.transfers, record.transfers);
            let history = HandHistory::from_finished(&finished);
            let replayed = history.replay().unwrap();
            assert_eq!(replayed.transfers(), record.transfers);
        }
    }
}

#[test]
fn export_command_replays_to_the_recorded_transfers() {
    let path = recorded(GameKind::Rocket, 5, 3);
    let out = crate::pairs_table()
        .args(["audit", "export", "--hand", "4", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let replayed = HandHistory::parse(&text).unwrap().replay().unwrap();
    assert_eq!(
        replayed.transfers(),
        open(&path).load_hand(HandId(4)).unwrap().transfers
    );
}

/// Every hand of a table under non-default house rules (a Starboard
/// unit of 2 with a 5% rake capped at 3; Rocket limits 20..400 and the
/// dealer_left start) exports with its rules and replays, through the
/// `replay` command, to exactly the transfers the ledger holds.
#[test]
fn exports_of_a_non_default_table_replay_to_its_ledger_transfers() {
    let dir = temp_db("rules").with_file_name("");
    let rules_file = dir.join("house.toml");
    std::fs::write(
        &rules_file,
        "[rocket]\nstart = \"dealer_left\"\nmin_bet = 20\nmax_bet = 400\n\n[starboard]\nunit = 2\nrake_percent = 5\nrake_cap = 3\n",
    )
    .unwrap();
    for (game, seats) in [("starboard", "5"), ("rocket", "4")] {
        let path = dir.join(format!("{game}.sqlite3"));
        let hands = 25;
        let out = crate::pairs_table()
            .args([
                "simulate", "--game", game, "--seats", seats, "--decks", "2", "--bet", "40",
            ])
            .args([
                "--hands",
                &hands.to_string(),
                "--seed",
                "9",
                "--strategy",
                "random",
            ])
            .arg("--rules")
            .arg(&rules_file)
            .arg("--db")
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ledger = Ledger::open_read_only(&path, Box::new(FixedClock), false).unwrap();
        let mut raked = 0;
        for id in 1..=hands {
            let export = crate::pairs_table()
                .args(["audit", "export", "--hand", &id.to_string(), "--db"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(
                export.status.success(),
                "{}",
                String::from_utf8_lossy(&export.stderr)
            );
            let history: serde_json::Value = serde_json::from_slice(&export.stdout).unwrap();
            if game == "starboard" {
                assert_eq!(history["unit"], 2, "{history}");
                assert_eq!(history["rake_percent"], 5);
                assert_eq!(history["rake_cap"], 3);
            } else {
                assert_eq!(history["start"], "dealer_left");
                assert_eq!(history["min_bet"], 20);
            }
            let mut replay = crate::pairs_table()
                .args(["replay", "-"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            use std::io::Write;
            replay
                .stdin
                .take()
                .unwrap()
                .write_all(&export.stdout)
                .unwrap();
            let replayed = replay.wait_with_output().unwrap();
            assert!(
                replayed.status.success(),
                "{}",
                String::from_utf8_lossy(&replayed.stderr)
            );
            let result: serde_json::Value = serde_json::from_slice(&replayed.stdout).unwrap();
            let recorded = ledger.load_hand(HandId(id)).unwrap().transfers;
            assert_eq!(
                result["transfers"],
                serde_json::to_value(&recorded).unwrap(),
                "hand {id}"
            );
            raked += result["rake"].as_u64().unwrap_or(0);
        }
        if game == "starboard" {
            assert!(raked > 0, "the rake collected on these pots");
        }
    }
}

#[test]
fn triggers_refuse_update_and_delete() {
    let path = recorded(GameKind::Rocket, 2, 1);
    let conn = rusqlite::Connection::open(&path).unwrap();
    for sql in [
        "UPDATE transfers SET amount = amount + 1",
        "DELETE FROM cards",
        "UPDATE hands SET status = 'voided'",
        "DELETE FROM rules",
    ] {
        let error = conn.execute(sql, []).unwrap_err().to_string();
        assert!(error.contains("unalterable"), "{sql}: {error}");
    }
}

/// Opens the raw file with the triggers dropped, as a forger would.
pub fn forger(path: &Path) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(path).unwrap();
    let triggers: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for name in triggers {
        conn.execute_batch(&format!("DROP TRIGGER {name}")).unwrap();
    }
    conn
}

fn seq_of(conn: &rusqlite::Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

fn assert_located(found: &[Discrepancy], table: &str, seq: i64) {
    assert!(
        found.iter().any(|d| d.table == table && d.seq == seq),
        "expected a discrepancy at {table} row {seq}, found {found:?}"
    );
}

#[test]
fn a_changed_amount_is_detected_and_located() {
    let path = recorded(GameKind::Rocket, 10, 2);
    let conn = forger(&path);
    let seq = seq_of(
        &conn,
        "SELECT seq FROM transfers WHERE hand_id = 5 ORDER BY seq LIMIT 1",
    );
    conn.execute(
        "UPDATE transfers SET amount = amount + 10 WHERE seq = ?1",
        [seq],
    )
    .unwrap();
    let found = discrepancies(&path);
    assert_located(&found, "transfers", seq);
    assert!(
        found
            .iter()
            .all(|d| d.hand == Some(HandId(5)) || d.hand.is_none()),
        "{found:?}"
    );
}

#[test]
fn a_changed_card_is_detected_and_located() {
    let path = recorded(GameKind::Starboard, 10, 2);
    let conn = forger(&path);
    let seq = seq_of(
        &conn,
        "SELECT seq FROM cards WHERE hand_id = 6 AND destination = 'common' ORDER BY seq LIMIT 1 OFFSET 1",
    );
    conn.execute(
        "UPDATE cards SET rank = rank % 10 + 1 WHERE seq = ?1",
        [seq],
    )
    .unwrap();
    assert_located(&discrepancies(&path), "cards", seq);
}

/// Checkpoints' signatures are checked a batch at a time on a thread of
/// their own, but each bad one is said where the chain meets it, among
/// the other findings: the order of checking each in turn.
#[test]
fn bad_signatures_are_said_in_chain_order_among_other_findings() {
    let path = recorded(GameKind::Rocket, 12, 2);
    let conn = forger(&path);
    let transfer = seq_of(
        &conn,
        "SELECT seq FROM transfers WHERE hand_id = 5 ORDER BY seq LIMIT 1",
    );
    conn.execute(
        "UPDATE transfers SET amount = amount + 10 WHERE seq = ?1",
        [transfer],
    )
    .unwrap();
    let amount_changed = discrepancies(&path);
    // The forger's dropped triggers, said before any row; the changed
    // row's hash, found as it is read; what hand 5's replay finds, once
    // the checkpoint that signs its commit is read (it ends the hand).
    let [schema, at_the_row, at_the_end @ ..] = amount_changed.as_slice() else {
        panic!("{amount_changed:?}");
    };
    assert_eq!(schema.table, "ledger file", "{amount_changed:?}");
    assert_eq!(at_the_row.seq, transfer, "{amount_changed:?}");
    assert!(at_the_row.problem.contains("the hash does not match"));
    assert!(!at_the_end.is_empty(), "{amount_changed:?}");
    let signing = |hand: i64| {
        seq_of(
            &conn,
            &format!(
                "SELECT MIN(seq) FROM checkpoints WHERE seq > (SELECT seq FROM hands WHERE id = {hand})"
            ),
        )
    };
    let (third, fifth, seventh) = (signing(3), signing(5), signing(7));
    for checkpoint in [third, fifth, seventh] {
        conn.execute(
            "UPDATE checkpoints SET signature = zeroblob(64) WHERE seq = ?1",
            [checkpoint],
        )
        .unwrap();
    }
    // Each changed checkpoint: its hash, then its signature.
    let bad = |seq: i64| {
        [
            "the hash does not match the row and the previous row's hash: this row or its place in the chain was changed",
            "the signature does not match: this checkpoint was not signed by the station's key for this head",
        ]
        .map(|problem| Discrepancy {
            table: "checkpoints",
            seq,
            hand: None,
            problem: problem.into(),
        })
    };
    let mut expected = vec![schema.clone()];
    expected.extend(bad(third));
    expected.push(at_the_row.clone());
    expected.extend(bad(fifth));
    expected.extend_from_slice(at_the_end);
    expected.extend(bad(seventh));
    assert_eq!(discrepancies(&path), expected);
}

#[test]
fn a_deleted_row_is_detected_and_located() {
    let path = recorded(GameKind::Rocket, 10, 4);
    let conn = forger(&path);
    let seq = seq_of(
        &conn,
        "SELECT seq FROM decisions WHERE hand_id = 3 ORDER BY seq LIMIT 1",
    );
    conn.execute("DELETE FROM decisions WHERE seq = ?1", [seq])
        .unwrap();
    let found = discrepancies(&path);
    let next = found
        .iter()
        .find(|d| d.problem.contains(&format!("row {seq} is missing")))
        .unwrap_or_else(|| panic!("the gap at {seq} is not reported: {found:?}"));
    assert_eq!(next.seq, seq + 1);
}

#[test]
fn an_inserted_row_is_detected_and_located() {
    let path = recorded(GameKind::Rocket, 10, 5);
    let conn = forger(&path);
    let seq = seq_of(&conn, "SELECT MAX(seq) FROM transfers WHERE hand_id = 4");
    // A forged payout squeezed in under a seq another table already uses.
    let used = seq_of(
        &conn,
        "SELECT seq FROM cards WHERE hand_id = 5 ORDER BY seq LIMIT 1",
    );
    conn.execute(
        "INSERT INTO transfers (seq, hash, hand_id, line, from_account, to_account, amount, kind) \
         SELECT ?1, hash, 4, 99, 'house', 'seat 1', 500, 'dealer_pair_payout' FROM transfers WHERE seq = ?2",
        [used, seq],
    )
    .unwrap();
    let found = discrepancies(&path);
    assert!(
        found
            .iter()
            .any(|d| d.seq == used && d.problem.contains("used twice")),
        "{found:?}"
    );
}

#[test]
fn reordered_rows_are_detected_and_located() {
    let path = recorded(GameKind::Rocket, 10, 6);
    let conn = forger(&path);
    let a = seq_of(
        &conn,
        "SELECT seq FROM cards WHERE hand_id = 7 ORDER BY seq LIMIT 1",
    );
    let b = seq_of(
        &conn,
        "SELECT seq FROM cards WHERE hand_id = 7 ORDER BY seq LIMIT 1 OFFSET 3",
    );
    conn.execute_batch(&format!(
        "UPDATE cards SET seq = -1 WHERE seq = {a}; UPDATE cards SET seq = {a} WHERE seq = {b}; \
         UPDATE cards SET seq = {b} WHERE seq = -1;"
    ))
    .unwrap();
    let found = discrepancies(&path);
    assert_located(&found, "cards", a);
    assert_located(&found, "cards", b);
}

#[test]
fn a_void_reverses_the_hand_with_a_reason_and_approver() {
    let path = recorded(GameKind::Starboard, 6, 8);
    let mut ledger = open(&path);
    const BOSS: StaffId = StaffId(30);
    ledger
        .create_first_pit_boss(BOSS, "Pia Boss", "2580")
        .unwrap();
    let boss = PinEntry {
        staff: BOSS,
        pin: "2580",
    };
    let dealer = PinEntry {
        staff: DEALER,
        pin: "2580",
    };
    assert!(matches!(
        ledger.void_hand(HandId(3), "misdeal", DEALER, &dealer),
        Err(LedgerError::Access(AccessError::NotAPitBoss(DEALER)))
    ));
    assert!(matches!(
        ledger.void_hand(HandId(3), " ", DEALER, &boss),
        Err(LedgerError::ReasonRequired)
    ));
    ledger
        .void_hand(HandId(3), "misdeal", DEALER, &boss)
        .unwrap();
    assert!(matches!(
        ledger.void_hand(HandId(3), "again", DEALER, &boss),
        Err(LedgerError::AlreadyVoided(HandId(3)))
    ));
    assert!(matches!(
        ledger.void_hand(HandId(99), "none", DEALER, &boss),
        Err(LedgerError::NoSuchHand(HandId(99)))
    ));
    let record = ledger
        .last_hands(10)
        .unwrap()
        .into_iter()
        .find(|h| h.id == HandId(3))
        .unwrap();
    assert_eq!(record.status, pairs_table::ledger::HandStatus::Voided);
    let half = record.transfers.len() / 2;
    for (original, reversal) in record.transfers[..half]
        .iter()
        .zip(&record.transfers[half..])
    {
        assert_eq!(
            (original.from, original.to, original.amount),
            (reversal.to, reversal.from, reversal.amount)
        );
    }
    assert_eq!(discrepancies(&path), Vec::new());
}

#[test]
fn a_journaled_hand_is_recovered_where_it_stopped() {
    let path = temp_db("recover");
    let mut ledger = open(&path);
    let mut recorder = Recorder::new(context(&mut ledger, GameKind::Rocket));
    let mut simulation = Simulation::seeded(&config(GameKind::Rocket), 11).unwrap();
    let first = simulation
        .play_hand_with(|t| recorder.sync(&mut ledger, t))
        .unwrap();
    recorder.commit(&mut ledger, &first).unwrap();
    let mut steps = 0;
    let mut seen = None;
    let crash = simulation.play_hand_with(|t| {
        recorder.sync(&mut ledger, t)?;
        steps += 1;
        if steps == 6 {
            let (setup, hand) = t.hand().unwrap();
            seen = Some((setup.clone(), t.events().to_vec(), hand.need()));
            return Err(LedgerError::NoHandInProgress);
        }
        Ok(())
    });
    assert!(crash.is_err());
    drop(ledger);

    let mut ledger = open(&path);
    let (setup, events, need) = seen.unwrap();
    let progress = ledger.recover_in_progress().unwrap().unwrap();
    assert_eq!(progress.setup, setup);
    assert_eq!(progress.events, events);
    assert_ne!(need, Need::Done);
    assert_eq!(progress.hand().unwrap().need(), need);
    assert_eq!(
        ledger.last_hands(10).unwrap().len(),
        1,
        "a journaled hand is not complete"
    );
    assert_eq!(
        ledger.abandon_in_progress("power loss", PIT_BOSS).unwrap(),
        Some(HandId(2))
    );
    assert!(ledger.recover_in_progress().unwrap().is_none());
    assert_eq!(
        ledger.last_hands(10).unwrap()[1].status,
        pairs_table::ledger::HandStatus::Voided
    );
    assert_eq!(discrepancies(&path), Vec::new());
}

fn schema_of(path: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut statement = conn
        .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
        .unwrap();
    statement
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn migrations() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("schema");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_older_schema_upgrades_to_the_latest() {
    let files = migrations();
    assert_eq!(
        files.len() as i64,
        SCHEMA_VERSION,
        "each schema/ file is a migration"
    );
    let fresh = recorded(GameKind::Rocket, 1, 1);
    for version in 1..SCHEMA_VERSION {
        let path = temp_db("old");
        let conn = rusqlite::Connection::open(&path).unwrap();
        for file in &files[..version as usize] {
            conn.execute_batch(&std::fs::read_to_string(file).unwrap())
                .unwrap();
        }
        conn.pragma_update(None, "user_version", version).unwrap();
        drop(conn);
        let mut ledger = open(&path);
        let upgraded: i64 = rusqlite::Connection::open(&path)
            .unwrap()
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(upgraded, SCHEMA_VERSION);
        assert_eq!(
            schema_of(&path),
            schema_of(&fresh),
            "from version {version}"
        );
        let mut recorder = Recorder::new(context(&mut ledger, GameKind::Rocket));
        let mut simulation = Simulation::seeded(&config(GameKind::Rocket), 1).unwrap();
        let finished = simulation
            .play_hand_with(|t| recorder.sync(&mut ledger, t))
            .unwrap();
        recorder.commit(&mut ledger, &finished).unwrap();
        assert_eq!(discrepancies(&path), Vec::new());
    }
}

#[test]
fn upgrading_to_version_5_keeps_every_alarm_and_its_clearing_in_the_chain() {
    use rusqlite::types::Value;
    // A version 4 file as a version 4 build wrote it: a table, a pit boss,
    // two alarms (the first cleared) under the old alarms CHECK.
    let path = temp_db("version-4");
    let conn = rusqlite::Connection::open(&path).unwrap();
    for file in &migrations()[..4] {
        conn.execute_batch(&std::fs::read_to_string(file).unwrap())
            .unwrap();
    }
    conn.pragma_update(None, "user_version", 4).unwrap();
    let at = || Value::Text("2025-06-01T12:00:00.000000Z".into());
    let rows: [(&str, Vec<Value>); 5] = [
        (
            "tables",
            vec![
                Value::Integer(1),
                Value::Text("table 1".into()),
                Value::Text("rocket".into()),
                at(),
            ],
        ),
        (
            "staff",
            vec![
                Value::Integer(i64::from(PIT_BOSS)),
                Value::Text("Pat Boss".into()),
                Value::Text("pit_boss".into()),
                at(),
            ],
        ),
        (
            "alarms",
            vec![
                Value::Integer(1),
                Value::Integer(1),
                Value::Text("scanner".into()),
                Value::Text("the shoe jammed".into()),
                Value::Integer(2),
                at(),
            ],
        ),
        (
            "alarm_clears",
            vec![
                Value::Integer(1),
                Value::Integer(i64::from(PIT_BOSS)),
                Value::Text("re-read".into()),
                at(),
            ],
        ),
        (
            "alarms",
            vec![
                Value::Integer(2),
                Value::Integer(1),
                Value::Text("recovery".into()),
                Value::Text("hand 3 reopened".into()),
                Value::Integer(3),
                at(),
            ],
        ),
    ];
    let mut previous = [0u8; 32];
    for (seq, (table, values)) in (1..).zip(&rows) {
        previous = crate::chain_link(&previous, seq, table, values);
        let columns: Vec<String> = conn
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let placeholders = vec!["?"; columns.len()].join(", ");
        let mut all = vec![Value::Integer(seq), Value::Blob(previous.to_vec())];
        all.extend(values.iter().cloned());
        conn.execute(
            &format!(
                "INSERT INTO {table} ({}) VALUES ({placeholders})",
                columns.join(", ")
            ),
            rusqlite::params_from_iter(all),
        )
        .unwrap();
    }
    drop(conn);

    let mut ledger = open(&path);
    let fresh = recorded(GameKind::Rocket, 1, 1);
    assert_eq!(schema_of(&path), schema_of(&fresh));
    let alarms = ledger.alarms(TableId(1), false).unwrap();
    assert_eq!(alarms.len(), 2);
    assert_eq!(alarms[0].message, "the shoe jammed");
    assert!(alarms[0].cleared.is_some(), "{alarms:?}");
    assert!(alarms[1].cleared.is_none(), "{alarms:?}");
    assert_eq!(discrepancies(&path), Vec::new(), "every row and hash kept");
    ledger
        .raise_alarm(
            TableId(1),
            AlarmKind::Integrity,
            "the chain check failed",
            None,
        )
        .unwrap();
    ledger.record_program_start("0.1.0", [7; 32]).unwrap();
    assert_eq!(discrepancies(&path), Vec::new());
}

#[test]
fn a_newer_schema_is_refused() {
    let path = recorded(GameKind::Rocket, 1, 1);
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    let error = Ledger::open(&path, Box::new(FixedClock), crate::test_keys()).unwrap_err();
    assert!(matches!(error, LedgerError::NewerSchema { .. }));
    assert!(error.to_string().contains("newer"), "{error}");
    let found = discrepancies(&path);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].problem.contains("newer"), "{found:?}");
}

#[test]
fn killed_mid_run_the_ledger_stays_valid_and_keeps_every_acknowledged_hand() {
    let path = temp_db("crash");
    let seed: u64 = rand::rng().random();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut acknowledged = Vec::new();
    for round in 0..12 {
        let game = if round % 2 == 0 {
            "rocket"
        } else {
            "starboard"
        };
        let mut child = crate::pairs_table()
            .args([
                "simulate", "--game", game, "--hands", "100000", "--seats", "3", "--db",
            ])
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (committed, acknowledgements) = std::sync::mpsc::channel();
        let reader = std::thread::Builder::new()
            .name("simulate stdout".into())
            .spawn(move || {
                for id in BufReader::new(stdout)
                    .lines()
                    .map_while(Result::ok)
                    .filter_map(|l| l.strip_prefix("committed ")?.parse::<i64>().ok())
                {
                    let _ = committed.send(id);
                }
            })
            .unwrap();
        // The first round runs until a hand is acknowledged, however slow
        // the machine, so the checks below always have one to look for;
        // every round is then killed at a random moment.
        if round == 0 {
            let first = acknowledgements
                .recv_timeout(std::time::Duration::from_secs(60))
                .expect("the simulation commits a hand within a minute");
            acknowledged.push(first);
        }
        std::thread::sleep(std::time::Duration::from_millis(rng.random_range(30..400)));
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        acknowledged.extend(acknowledgements.try_iter());
    }
    assert!(
        !acknowledged.is_empty(),
        "seed {seed}: no hand was committed"
    );
    assert_eq!(discrepancies(&path), Vec::new(), "seed {seed}");
    let conn = rusqlite::Connection::open(&path).unwrap();
    for id in &acknowledged {
        let status: String = conn
            .query_row("SELECT status FROM hands WHERE id = ?1", [id], |r| r.get(0))
            .unwrap_or_else(|e| panic!("seed {seed}: acknowledged hand {id} is missing: {e}"));
        assert_eq!(status, "complete", "seed {seed}: hand {id}");
    }
    let bare: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM hands WHERE status = 'complete' AND id NOT IN (SELECT hand_id FROM transfers)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        bare, 0,
        "seed {seed}: a complete hand without its transfers"
    );
}

#[test]
fn audit_verify_prints_the_summary_and_fails_on_a_discrepancy() {
    let path = recorded(GameKind::Rocket, 3, 9);
    let out = crate::pairs_table()
        .args(["audit", "verify", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("hands: 3"), "{text}");
    let head = text.lines().find_map(|l| l.strip_prefix("head: ")).unwrap();
    assert_eq!(head, open(&path).head().unwrap().hash_hex());
    forger(&path)
        .execute(
            "UPDATE transfers SET amount = amount * 2 WHERE hand_id = 2",
            [],
        )
        .unwrap();
    let out = crate::pairs_table()
        .args(["audit", "verify", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("discrepancy: row"), "{text}");
    assert!(text.contains("hand 2"), "{text}");
}

#[test]
fn a_second_writer_is_refused_at_once_naming_the_file_and_the_holder() {
    let path = recorded(GameKind::Rocket, 2, 4);
    let first = open(&path);
    let head = first.head().unwrap();
    let refused = Ledger::open(&path, Box::new(FixedClock), crate::test_keys()).unwrap_err();
    let sentence = refused.to_string();
    assert!(matches!(refused, LedgerError::InUse { .. }), "{sentence}");
    assert!(sentence.contains(&path.display().to_string()), "{sentence}");
    assert!(sentence.contains("pairs-table process"), "{sentence}");
    let out = crate::pairs_table()
        .args(["simulate", "--game", "rocket", "--hands", "1", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("in use by another writer"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert_eq!(
        first.head().unwrap(),
        head,
        "the first writer goes on untouched"
    );
    drop(first);
    open(&path);
}

/// A second writer started with `simulate --db PATH`: refused, in one
/// sentence on stderr.
fn refused_in_a_child(path: &Path) -> String {
    let out = crate::pairs_table()
        .args(["simulate", "--game", "rocket", "--hands", "1", "--db"])
        .arg(path)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success(), "a second writer ran: {stderr}");
    assert!(stderr.contains("in use by another writer"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    stderr
}

#[cfg(unix)]
#[test]
fn the_one_writer_lock_is_on_the_file_whatever_its_path() {
    let path = recorded(GameKind::Rocket, 2, 5);
    let link = path.with_file_name("hard-link.sqlite3");
    std::fs::hard_link(&path, &link).unwrap();
    let spelled = path
        .parent()
        .unwrap()
        .join(".")
        .join(path.file_name().unwrap());
    let first = open(&path);
    let head = first.head().unwrap();
    for other in [&link, &spelled] {
        let refused = Ledger::open(other, Box::new(FixedClock), crate::test_keys()).unwrap_err();
        assert!(
            matches!(refused, LedgerError::InUse { .. }),
            "{}: {refused}",
            other.display()
        );
        refused_in_a_child(other);
    }
    // Deleting FILE.lock, which only names the holder, lets no one in.
    let side = PathBuf::from(format!("{}.lock", path.display()));
    assert!(side.is_file());
    std::fs::remove_file(&side).unwrap();
    let refused = Ledger::open(&path, Box::new(FixedClock), crate::test_keys()).unwrap_err();
    assert!(matches!(refused, LedgerError::InUse { .. }), "{refused}");
    refused_in_a_child(&path);
    refused_in_a_child(&link);
    // Readers still read it meanwhile, under any of its names.
    for name in [&path, &link] {
        let reader = Ledger::open_read_only(name, Box::new(FixedClock), false).unwrap();
        assert_eq!(reader.head().unwrap(), head);
    }
    assert_eq!(first.head().unwrap(), head, "the first writer goes on");
    drop(first);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    drop(conn);
    assert!(discrepancies(&path).is_empty());
    // Let go, it may be taken through the other name.
    drop(open(&link));
}

#[test]
fn a_writer_in_another_process_keeps_this_one_out_until_it_closes() {
    let path = recorded(GameKind::Starboard, 1, 2);
    let link = path.with_file_name("hard-link.sqlite3");
    std::fs::hard_link(&path, &link).unwrap();
    // A writer in a child, through the other name, for longer than the test.
    let mut child = crate::pairs_table()
        .args([
            "simulate",
            "--game",
            "starboard",
            "--hands",
            "100000",
            "--db",
        ])
        .arg(&link)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // It holds the lock once it has committed a hand.
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    assert!(lines.next().is_some(), "the child committed nothing");
    std::fs::remove_file(format!("{}.lock", link.display())).unwrap();
    for name in [&path, &link] {
        let refused = Ledger::open(name, Box::new(FixedClock), crate::test_keys()).unwrap_err();
        assert!(matches!(refused, LedgerError::InUse { .. }), "{refused}");
    }
    child.kill().unwrap();
    child.wait().unwrap();
    drop(lines);
    open(&path);
}

#[test]
fn an_empty_file_is_called_empty() {
    let path = temp_db("empty");
    std::fs::write(&path, b"").unwrap();
    let writer = Ledger::open(&path, Box::new(FixedClock), crate::test_keys()).unwrap_err();
    let reader = Ledger::open_read_only(&path, Box::new(FixedClock), false).unwrap_err();
    let (ok, stdout, _) = audit(&["verify", "--db", path.to_str().unwrap()]);
    assert!(!ok);
    for said in [writer.to_string(), reader.to_string(), stdout] {
        assert!(
            said.contains("is not a pairs-table ledger: the file is empty"),
            "{said}"
        );
        assert!(!said.contains("another program"), "{said}");
    }
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        0,
        "nothing written"
    );
}

#[cfg(unix)]
#[test]
fn a_new_ledger_its_journal_files_and_the_key_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_db("private").parent().unwrap().join("new-dir");
    let path = dir.join("ledger.sqlite3");
    let mut ledger = open(&path);
    ledger.staff(DEALER, "Dana Dealer", Role::Dealer).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700);
    for file in [
        path.clone(),
        PathBuf::from(format!("{}-wal", path.display())),
        PathBuf::from(format!("{}-shm", path.display())),
    ] {
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }
    assert_eq!(mode(&crate::test_key_file()), 0o600);
    drop(ledger);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let warned = open(&path);
    assert!(
        warned.warning().is_some_and(|w| w.contains("other users")),
        "{:?}",
        warned.warning()
    );
}

#[test]
fn verify_and_export_open_read_only_and_leave_nothing_behind() {
    let path = recorded(GameKind::Rocket, 3, 6);
    let before = std::fs::read(&path).unwrap();
    let sidecars = || {
        ["-wal", "-shm"]
            .iter()
            .filter(|s| PathBuf::from(format!("{}{s}", path.display())).exists())
            .count()
    };
    assert_eq!(sidecars(), 0, "a closed ledger leaves no -wal or -shm");
    for args in [
        vec!["audit", "verify", "--db"],
        vec!["audit", "verify", "--immutable", "--db"],
        vec!["audit", "export", "--hand", "2", "--db"],
        vec!["audit", "export", "--immutable", "--hand", "2", "--db"],
    ] {
        let out = crate::pairs_table()
            .args(&args)
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(sidecars(), 0, "{args:?} left a -wal or -shm");
    }
    assert_eq!(std::fs::read(&path).unwrap(), before, "not a byte changed");
}

#[test]
fn pin_hashes_are_peppered_with_the_station_secret() {
    use argon2::password_hash::PasswordVerifier;
    let path = temp_db("pepper");
    let mut ledger = open(&path);
    ledger
        .create_first_pit_boss(PIT_BOSS, "Pat Boss", "3690")
        .unwrap();
    let phc: String = forger(&path)
        .query_row("SELECT phc FROM pins", [], |r| r.get(0))
        .unwrap();
    assert!(phc.contains("keyid="), "{phc}");
    // Someone with the file but not the pepper cannot test PINs offline.
    let hash = argon2::password_hash::phc::PasswordHash::new(&phc).unwrap();
    assert!(
        argon2::Argon2::default()
            .verify_password(b"3690", &hash)
            .is_err()
    );
    ledger.sign_in(PIT_BOSS, "3690").unwrap();
}

/// A hand played and journaled but not committed, on a new ledger; the
/// ledger's head before it.
fn journaled_hand(
    name: &str,
    seed: u64,
) -> (
    Ledger,
    PathBuf,
    Recorder,
    pairs_table::engine::table::FinishedHand,
    pairs_table::ledger::ChainHead,
) {
    let path = temp_db(name);
    let mut ledger = open(&path);
    let mut recorder = Recorder::new(context(&mut ledger, GameKind::Rocket));
    let mut simulation = Simulation::seeded(&config(GameKind::Rocket), seed).unwrap();
    let finished = simulation
        .play_hand_with(|t| recorder.sync(&mut ledger, t))
        .unwrap();
    let head = ledger.head().unwrap();
    (ledger, path, recorder, finished, head)
}

#[test]
fn a_journal_changed_behind_the_programs_back_is_not_committed() {
    let (mut ledger, path, mut recorder, finished, head) = journaled_hand("journal-altered", 12);
    forger(&path)
        .execute(
            "UPDATE journal_steps SET body = (SELECT body FROM journal_steps WHERE step = 1) \
             WHERE step = (SELECT MAX(step) FROM journal_steps)",
            [],
        )
        .unwrap();
    let refused = recorder.commit(&mut ledger, &finished).unwrap_err();
    assert!(
        matches!(refused, LedgerError::JournalAltered(_)),
        "{refused}"
    );
    assert_eq!(ledger.head().unwrap(), head, "nothing committed");
}

/// The journal's setup (seats and bets) is outside the chain too: a bet
/// raised there while the hand is dealt is not committed and signed.
#[test]
fn a_bet_raised_in_the_journal_behind_the_programs_back_is_not_committed() {
    let (mut ledger, path, mut recorder, finished, head) = journaled_hand("journal-bet-raised", 13);
    let seats: String = forger(&path)
        .query_row("SELECT seats FROM journal_hand", [], |r| r.get(0))
        .unwrap();
    let (seat, _) = seats.split(' ').next().unwrap().split_once(':').unwrap();
    let raised = seats.replacen(seats.split(' ').next().unwrap(), &format!("{seat}:1000"), 1);
    assert_ne!(raised, seats);
    forger(&path)
        .execute("UPDATE journal_hand SET seats = ?1", [&raised])
        .unwrap();
    let refused = recorder.commit(&mut ledger, &finished).unwrap_err();
    assert!(
        matches!(refused, LedgerError::JournalAltered(_)),
        "{refused}"
    );
    assert_eq!(ledger.head().unwrap(), head, "nothing committed");
}

#[test]
fn a_void_must_mirror_each_transfer_it_reverses() {
    let path = recorded(GameKind::Rocket, 6, 8);
    let mut ledger = open(&path);
    ledger
        .create_first_pit_boss(StaffId(30), "Pia Boss", "2580")
        .unwrap();
    let boss = PinEntry {
        staff: StaffId(30),
        pin: "2580",
    };
    ledger
        .void_hand(HandId(3), "misdeal", DEALER, &boss)
        .unwrap();
    drop(ledger);
    assert_eq!(discrepancies(&path), Vec::new());
    // A hand voided after it was complete counts as voided.
    let out = crate::pairs_table()
        .args(["audit", "verify", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("hands: 6 (1 voided)"), "{text}");
    // A reversal that names the right row but moves it to another kind,
    // and one that names a transfer of another hand.
    let conn = forger(&path);
    let reversal = seq_of(
        &conn,
        "SELECT MIN(seq) FROM transfers WHERE hand_id = 3 AND reverses IS NOT NULL",
    );
    conn.execute(
        "UPDATE transfers SET kind = CASE kind WHEN 'fold_fee' THEN 'pair_loss' ELSE 'fold_fee' END WHERE seq = ?1",
        [reversal],
    )
    .unwrap();
    let other = seq_of(&conn, "SELECT MIN(seq) FROM transfers WHERE hand_id = 4");
    let last = seq_of(
        &conn,
        "SELECT MAX(seq) FROM transfers WHERE hand_id = 3 AND reverses IS NOT NULL",
    );
    conn.execute(
        "UPDATE transfers SET reverses = ?1 WHERE seq = ?2",
        [other, last],
    )
    .unwrap();
    drop(conn);
    let found = discrepancies(&path);
    for seq in [reversal, last] {
        assert!(
            found
                .iter()
                .any(|d| d.seq == seq && d.problem.contains("does not mirror")),
            "row {seq}: {found:?}"
        );
    }
    assert!(
        found
            .iter()
            .any(|d| d.table == "voids" && d.problem.contains("exactly once")),
        "{found:?}"
    );
}

#[test]
fn a_forged_void_that_reverses_other_amounts_fails_verify() {
    let path = recorded(GameKind::Rocket, 6, 8);
    let mut ledger = open(&path);
    ledger
        .create_first_pit_boss(StaffId(30), "Pia Boss", "2580")
        .unwrap();
    let boss = PinEntry {
        staff: StaffId(30),
        pin: "2580",
    };
    ledger
        .void_hand(HandId(4), "misdeal", DEALER, &boss)
        .unwrap();
    drop(ledger);
    assert_eq!(discrepancies(&path), Vec::new());
    // Every reversal of the hand moves one unit less than the transfer it
    // names: still one per transfer, still balanced (from and to change
    // together), but no longer a mirror.
    let conn = forger(&path);
    conn.execute(
        "UPDATE transfers SET amount = amount + 1 WHERE hand_id = 4 AND reverses IS NOT NULL",
        [],
    )
    .unwrap();
    drop(conn);
    let found = discrepancies(&path);
    let reversals: Vec<i64> = rusqlite::Connection::open(&path)
        .unwrap()
        .prepare("SELECT seq FROM transfers WHERE hand_id = 4 AND reverses IS NOT NULL")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(!reversals.is_empty());
    for seq in reversals {
        assert!(
            found
                .iter()
                .any(|d| d.seq == seq && d.problem.contains("does not mirror")),
            "row {seq}: {found:?}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_key_file_other_users_may_read_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let file = temp_db("key").with_file_name("station.key");
    let made = pairs_table::keys::StationKeys::load_or_create(&file).unwrap();
    assert_eq!(
        pairs_table::keys::StationKeys::load(&file)
            .unwrap()
            .fingerprint(),
        made.fingerprint(),
        "the same key comes back"
    );
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let refused = pairs_table::keys::StationKeys::load(&file)
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("may be read by other users (mode 0644)"),
        "{refused}"
    );
    assert!(refused.contains(&file.display().to_string()), "{refused}");
}

#[test]
fn a_ledger_signed_by_another_stations_key_is_not_written() {
    let path = recorded(GameKind::Rocket, 2, 7);
    let head = open(&path).head().unwrap();
    let other = pairs_table::keys::StationKeys::from_secret_bytes([1; 32], [2; 32]);
    let refused = Ledger::open(&path, Box::new(FixedClock), other).unwrap_err();
    assert!(
        matches!(refused, LedgerError::OtherStationsLedger { .. }),
        "{refused}"
    );
    assert!(
        refused
            .to_string()
            .contains(&crate::test_keys().fingerprint()),
        "{refused}"
    );
    assert_eq!(open(&path).head().unwrap(), head, "nothing written");
}

#[test]
fn simulate_refuses_a_live_tables_ledger() {
    let path = temp_db("live");
    let mut ledger = open(&path);
    ledger
        .create_first_pit_boss(PIT_BOSS, "Pat Boss", "2580")
        .unwrap();
    let head = ledger.head().unwrap();
    drop(ledger);
    let out = crate::pairs_table()
        .args(["simulate", "--game", "rocket", "--hands", "1", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("holds staff with PINs"), "{stderr}");
    assert_eq!(open(&path).head().unwrap(), head, "nothing written");
}

/// Runs `pairs-table audit ARGS`; returns (success, stdout, stderr).
fn audit(args: &[&str]) -> (bool, String, String) {
    let out = crate::pairs_table()
        .arg("audit")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn an_archived_period_verifies_and_is_proved_to_be_the_record() {
    let path = recorded(GameKind::Rocket, 30, 12);
    // The shift's close signs its hands.
    open(&path).close_shift(ShiftId(1), DEALER).unwrap();
    let db = path.to_str().unwrap();
    let rows_before = open(&path).head().unwrap().rows;
    let out = path.with_file_name("archive-2025.sqlite3");
    let archive = out.to_str().unwrap();
    // Nothing was signed before 2025: nothing to archive.
    let (ok, _, stderr) = audit(&[
        "archive",
        "--db",
        db,
        "--until",
        "2024-12-31T00:00:00Z",
        "--out",
        archive,
    ]);
    assert!(!ok && stderr.contains("nothing to archive"), "{stderr}");
    assert!(!out.exists());
    let (ok, stdout, stderr) = audit(&[
        "archive",
        "--db",
        db,
        "--until",
        "2026-01-01T00:00:00Z",
        "--out",
        archive,
    ]);
    assert!(ok, "{stderr}");
    let head = stdout.trim_end().rsplit_once("head ").unwrap().1.to_owned();
    let rows: i64 = stdout
        .split_once("rows 1 to ")
        .unwrap()
        .1
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    // The archive ends on the last signed checkpoint; the live ledger keeps
    // every row.
    let live = open(&path);
    assert_eq!(live.head().unwrap().rows, rows_before);
    let checkpoint: i64 = rusqlite::Connection::open(&path)
        .unwrap()
        .query_row("SELECT MAX(seq) FROM checkpoints", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, checkpoint);
    drop(live);
    // It is a ledger of its own that verifies, pinned by the printed head.
    assert_eq!(discrepancies(&out), Vec::new());
    let expect = format!("{rows}:{head}");
    let (ok, stdout, stderr) = audit(&[
        "verify-archive",
        "--archive",
        archive,
        "--db",
        db,
        "--expect",
        &expect,
    ]);
    assert!(ok, "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("head: {head}"))
            && stdout.contains("hands: 30 (0 voided)")
            && stdout.contains("the archive is its record"),
        "{stdout}"
    );
    // The live ledger goes on; the archive is still its record.
    let mut live = open(&path);
    live.staff(StaffId(31), "Nell New", Role::Dealer).unwrap();
    drop(live);
    let (ok, stdout, _) = audit(&["verify-archive", "--archive", archive, "--db", db]);
    assert!(ok, "{stdout}");
    // Never written over.
    let (ok, _, stderr) = audit(&[
        "archive",
        "--db",
        db,
        "--until",
        "2026-01-01T00:00:00Z",
        "--out",
        archive,
    ]);
    assert!(!ok && stderr.contains("exists already"), "{stderr}");
    // Another ledger's archive is not this one's record.
    let other = recorded(GameKind::Rocket, 30, 13);
    let (ok, stdout, _) = audit(&[
        "verify-archive",
        "--archive",
        archive,
        "--db",
        other.to_str().unwrap(),
    ]);
    assert!(!ok && stdout.contains("is not its record"), "{stdout}");
    // A changed archive fails, however it is presented.
    let conn = forger(&out);
    conn.execute(
        "UPDATE transfers SET amount = amount + 1 WHERE seq = (SELECT MIN(seq) FROM transfers)",
        [],
    )
    .unwrap();
    drop(conn);
    let (ok, stdout, _) = audit(&[
        "verify-archive",
        "--archive",
        archive,
        "--db",
        db,
        "--expect",
        &expect,
    ]);
    assert!(
        !ok && stdout.contains("(transfers): the hash does not match"),
        "{stdout}"
    );
}

/// The station's record of the heads it wrote, and the lock that guards
/// it, are private like the key beside them.
#[test]
fn the_record_of_written_heads_and_its_lock_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("pairs-table-heads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let key_file = dir.join("keys").join("station.key");
    crate::test_keys().write_new(&key_file).unwrap();
    let keys = pairs_table::keys::StationKeys::load(&key_file).unwrap();
    let path = dir.join("ledger.sqlite3");
    drop(
        Ledger::open(
            &path,
            Box::new(crate::util::TestClock::at(2026, 3, 1, 20, 0)),
            keys,
        )
        .unwrap(),
    );
    for name in ["signed-heads", "signed-heads.lock"] {
        let file = key_file.with_file_name(name);
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{}", file.display());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 29: every hand commit is signed, so a chain that ends with a hand
/// no checkpoint signs (its checkpoint taken away) is a discrepancy, and
/// the station will not write on it.
#[test]
fn a_chain_ending_with_an_unsigned_hand_is_a_discrepancy_and_refused_for_writing() {
    let path = recorded(GameKind::Rocket, 3, 31);
    assert_eq!(discrepancies(&path), Vec::new());
    let forgery = crate::insider::Forgery::open(&path);
    forgery
        .conn
        .execute_batch("DELETE FROM checkpoints WHERE seq = (SELECT MAX(seq) FROM checkpoints)")
        .unwrap();
    forgery.finish();
    let found: Vec<String> = discrepancies(&path)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        found.iter().any(|d| d.contains(
            "the chain ends with 1 hands no checkpoint signs, though the station key is enrolled to sign every 1"
        )),
        "{found:?}"
    );
    let refused = Ledger::open(&path, Box::new(FixedClock), crate::test_keys()).unwrap_err();
    assert!(
        matches!(refused, LedgerError::UnsignedTail { .. }),
        "{refused}"
    );
}

/// Issue 29: a key enrolled to sign every hand is never enrolled again to
/// sign less often, even when the new enrolment is itself signed.
#[test]
fn a_station_key_enrolled_again_to_sign_less_often_is_a_discrepancy() {
    use crate::insider::{Checkpoints, Forgery, insert_row, rehash_with};
    use rusqlite::types::Value;
    let path = recorded(GameKind::Rocket, 2, 32);
    let forgery = Forgery::open(&path);
    let head: i64 = forgery
        .conn
        .query_row("SELECT MAX(seq) FROM checkpoints", [], |r| r.get(0))
        .unwrap();
    let key = crate::test_keys().public_key().to_vec();
    let at = Value::Text("2026-03-01T21:00:00.000000Z".into());
    insert_row(
        &forgery.conn,
        "station_keys",
        head + 1,
        &[Value::Blob(key.clone()), Value::Integer(100), at.clone()],
    );
    insert_row(
        &forgery.conn,
        "checkpoints",
        head + 2,
        &[
            Value::Text("station_keys".into()),
            Value::Integer(0),
            Value::Blob(vec![0; 32]),
            Value::Blob(key),
            Value::Blob(vec![0; 64]),
            at,
        ],
    );
    let signing = ed25519_dalek::SigningKey::from_bytes(&[7; 32]);
    rehash_with(&forgery.conn, head + 1, Checkpoints::ResignedWith(&signing));
    forgery.finish();
    let found: Vec<String> = discrepancies(&path)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("the key is enrolled again to sign only every 100 hands"),
        "{found:?}"
    );
}

#[test]
fn a_station_clock_going_back_between_hands_is_a_discrepancy() {
    let path = temp_db("clock-back");
    let clock = crate::util::TestClock::at(2026, 3, 1, 20, 0);
    let mut ledger = Ledger::open(&path, Box::new(clock.clone()), crate::test_keys()).unwrap();
    let mut recorder = Recorder::new(context(&mut ledger, GameKind::Rocket));
    let mut simulation = Simulation::seeded(&config(GameKind::Rocket), 3).unwrap();
    let mut play = |ledger: &mut Ledger| {
        let finished = simulation
            .play_hand_with(|t| recorder.sync(ledger, t))
            .unwrap();
        recorder.commit(ledger, &finished).unwrap();
    };
    play(&mut ledger);
    play(&mut ledger);
    assert_eq!(discrepancies(&path), Vec::<Discrepancy>::new());
    // The station's clock steps back three hours between hands.
    clock.set(2026, 3, 1, 17, 0);
    play(&mut ledger);
    drop(ledger);
    let found: Vec<String> = discrepancies(&path)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].ends_with(
            ", hand 3: the hand started at 2026-03-01T17:00:00.000000Z, before hand 2 ended at \
             2026-03-01T20:00:00.000000Z: the station's clock went back 10800 s"
        ),
        "{found:?}"
    );
    let out = crate::pairs_table()
        .args(["audit", "verify", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("discrepancy: {}\n", found[0])),
        "{text}"
    );
}
