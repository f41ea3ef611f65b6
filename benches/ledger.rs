//! Ledger benchmarks (no criterion; `cargo bench --bench ledger`):
//! 1. durable hands committed per second through the ledger against raw
//!    SQLite writing the same rows with the same durability;
//! 2. `audit verify` rows per second and peak memory at two ledger sizes;
//!    and, given the previous build's program (`LEDGER_BENCH_BEFORE`), its
//!    `audit verify` and this build's timed on the same files in turn,
//!    against a plain read of the same rows.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::Instant;

use rusqlite::types::Value;

use common::station;
use pairs_table::engine::Decks;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::rules::HouseRules;
use pairs_table::engine::table::FinishedHand;
use pairs_table::ids::StaffId;
use pairs_table::ledger::{self, HandContext, Ledger};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

mod common;

fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pairs-table-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn hands(count: usize, seed: u64) -> Vec<FinishedHand> {
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(6).unwrap(),
        seats: 6,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    let mut simulation = Simulation::seeded(&config, seed).unwrap();
    (0..count)
        .map(|_| simulation.play_hand().unwrap())
        .collect()
}

/// Records hands as a live table does: the setup journaled, each step
/// journaled in its own durable transaction, the hand committed in one.
fn record(ledger: &mut Ledger, context: HandContext, hands: &[FinishedHand], per_step: bool) {
    for finished in hands {
        ledger.begin_hand(context, &finished.setup, &[]).unwrap();
        if per_step {
            for (i, event) in finished.events.iter().enumerate() {
                ledger.journal(i, std::slice::from_ref(event)).unwrap();
            }
        }
        ledger.commit_hand(finished, None).unwrap();
    }
}

/// The rows of each hand of a recorded ledger, in chain order.
/// One raw row: table, column names, values.
type RawRow = (String, Vec<String>, Vec<Value>);

fn hand_rows(path: &Path) -> Vec<Vec<RawRow>> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let ids: Vec<i64> = conn
        .prepare("SELECT id FROM hands ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let tables = [
        "hands",
        "shuffles",
        "reveals",
        "cards",
        "decisions",
        "transfers",
    ];
    ids.iter()
        .map(|id| {
            let mut rows = Vec::new();
            for table in tables {
                let key = if table == "hands" { "id" } else { "hand_id" };
                let mut statement = conn
                    .prepare(&format!("SELECT * FROM {table} WHERE {key} = ?1"))
                    .unwrap();
                let columns: Vec<String> = statement.column_names().map(str::to_owned).collect();
                let found: Vec<Vec<Value>> = statement
                    .query_map([id], |r| {
                        (0..columns.len()).map(|i| r.get::<_, Value>(i)).collect()
                    })
                    .unwrap()
                    .collect::<Result<_, _>>()
                    .unwrap();
                for values in found {
                    rows.push((table.to_owned(), columns.clone(), values));
                }
            }
            rows.sort_by_key(|(_, _, v)| match v[0] {
                Value::Integer(seq) => seq,
                _ => 0,
            });
            rows
        })
        .collect()
}

/// The baseline: the same rows (journal rows one durable transaction each,
/// then the hand's ledger rows in one), through plain rusqlite with the
/// ledger's pragmas, without hashing or encoding. With `signer`, each
/// hand's transaction also signs its head (Ed25519, as the ledger's
/// checkpoint does) and inserts the checkpoint row: the same baseline with
/// a signature per commit.
fn baseline(
    path: &Path,
    from: &Path,
    hands: &[Vec<RawRow>],
    signer: Option<&pairs_table::keys::StationKeys>,
) -> f64 {
    std::fs::copy(from, path).unwrap();
    let mut conn = rusqlite::Connection::open(path).unwrap();
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.pragma_update(None, "synchronous", "FULL").unwrap();
    conn.pragma_update(None, "foreign_keys", "ON").unwrap();
    // Empty the hand tables (triggers dropped for the reset only).
    let triggers: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut restore = Vec::new();
    for name in &triggers {
        let sql: String = conn
            .query_row(
                "SELECT sql FROM sqlite_master WHERE name = ?1",
                [name],
                |r| r.get(0),
            )
            .unwrap();
        restore.push(sql);
        conn.execute_batch(&format!("DROP TRIGGER {name}")).unwrap();
    }
    conn.execute_batch(
        "DELETE FROM transfers; DELETE FROM decisions; DELETE FROM cards; DELETE FROM reveals; DELETE FROM shuffles; DELETE FROM hands; DELETE FROM checkpoints;",
    )
    .unwrap();
    for sql in restore {
        conn.execute_batch(&sql).unwrap();
    }
    let start = Instant::now();
    for rows in hands {
        let hand = &rows[0].2;
        conn.execute(
            "INSERT INTO journal_hand (id, hand_id, table_id, shift_id, dealer_id, shoe_id, game, decks, rules_hash, seats, previous_button, button, carry_in, started_at) \
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            rusqlite::params_from_iter(hand[2..14].iter().chain(std::iter::once(&hand[15]))),
        )
        .unwrap();
        for (step, (table, _, values)) in rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.0 != "hands" && r.0 != "transfers")
        {
            let body: Vec<u8> = format!("{values:?}").into_bytes();
            let tx = conn.transaction().unwrap();
            tx.execute(
                "INSERT INTO journal_steps (step, ledger_table, body) VALUES (?1, ?2, ?3)",
                rusqlite::params![step as i64, table, &body[..body.len().min(80)]],
            )
            .unwrap();
            tx.commit().unwrap();
        }
        let tx = conn.transaction().unwrap();
        for (table, columns, values) in rows {
            let marks: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
            let sql = format!(
                "INSERT INTO {table} ({}) VALUES ({})",
                columns.join(", "),
                marks.join(", ")
            );
            tx.prepare_cached(&sql)
                .unwrap()
                .execute(rusqlite::params_from_iter(values.iter()))
                .unwrap();
        }
        if let Some(keys) = signer {
            let (_, _, last) = rows.last().unwrap();
            let (Value::Integer(rows_signed), Value::Blob(head)) = (&last[0], &last[1]) else {
                panic!("a ledger row without seq and hash");
            };
            let head: [u8; 32] = head.as_slice().try_into().unwrap();
            let at = chrono::Utc::now().to_rfc3339();
            let signature = keys.sign_checkpoint(*rows_signed, &head, "hands", &at);
            tx.prepare_cached(
                "INSERT INTO checkpoints (seq, hash, reason, rows, head, public_key, signature, signed_at) \
                 VALUES (?1, ?2, 'hands', ?3, ?4, ?5, ?6, ?7)",
            )
            .unwrap()
            .execute(rusqlite::params![
                rows_signed + 1,
                &head[..],
                rows_signed,
                &head[..],
                &keys.public_key()[..],
                &signature[..],
                at
            ])
            .unwrap();
        }
        tx.execute("DELETE FROM journal_steps", []).unwrap();
        tx.execute("DELETE FROM journal_hand", []).unwrap();
        tx.commit().unwrap();
    }
    hands.len() as f64 / start.elapsed().as_secs_f64()
}

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The baseline: every row of every chained table read with plain
/// rusqlite, each value fetched, in seq order per table; returns seconds.
fn plain_read(path: &str) -> f64 {
    let start = Instant::now();
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%seq INTEGER PRIMARY KEY%' AND sql LIKE '%hash BLOB%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut values = 0usize;
    for table in tables {
        let mut statement = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY seq"))
            .unwrap();
        let columns = statement.column_count();
        let mut rows = statement.query([]).unwrap();
        while let Some(row) = rows.next().unwrap() {
            for i in 0..columns {
                let value: Value = row.get(i).unwrap();
                values += usize::from(!matches!(value, Value::Null));
            }
        }
    }
    std::hint::black_box(values);
    start.elapsed().as_secs_f64()
}

/// How long `program`'s `audit verify` of the ledger at `path` takes, the
/// ledger held to the station key it enrolled (as an auditor would give
/// its fingerprint); `config` is a configuration directory with no
/// station key in it. Checks that the ledger verifies.
fn cli_verify(program: &Path, path: &Path, config: &Path) -> f64 {
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let key: Vec<u8> = conn
        .query_row(
            "SELECT public_key FROM station_keys ORDER BY seq DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    drop(conn);
    let fingerprint = pairs_table::keys::fingerprint(&key.try_into().unwrap());
    let start = Instant::now();
    let out = std::process::Command::new(program)
        .env("XDG_CONFIG_HOME", config)
        .args(["audit", "verify", "--station-key", &fingerprint, "--db"])
        .arg(path)
        .output()
        .unwrap();
    let seconds = start.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "{}: {}",
        program.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    seconds
}

/// The previous build's `audit verify` and this build's, in turn (the
/// order swapped each round), with a plain read of the same rows: the
/// median seconds of each over `rounds`, in that order.
fn before_and_now(before: &Path, path: &Path, config: &Path, rounds: usize) -> [f64; 3] {
    let now = Path::new(env!("CARGO_BIN_EXE_pairs-table"));
    let mut times = [Vec::new(), Vec::new(), Vec::new()];
    for round in 0..rounds {
        times[2].push(plain_read(path.to_str().unwrap()));
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for which in order {
            let program = if which == 0 { before } else { now };
            times[which].push(cli_verify(program, path, config));
        }
    }
    times.map(|mut t| {
        t.sort_by(f64::total_cmp);
        t[t.len() / 2]
    })
}

/// Prints [`before_and_now`] for the ledger at `path` of `rows` rows.
fn print_before_and_now(before: &Path, path: &Path, label: &str, rows: f64) {
    let rounds = std::env::var("LEDGER_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let [old, new, read] = before_and_now(before, path, &dir(), rounds);
    println!(
        "{label}: `audit verify` now {new:.3} s = {:.0} rows/s; before {old:.3} s = {:.0} rows/s; ratio now/before {:.2}; plain read {read:.3} s = {:.0} rows/s, verify time / read time {:.2} now, {:.2} before (medians of {rounds})",
        rows / new,
        rows / old,
        old / new,
        rows / read,
        new / read,
        old / read
    );
}

fn verify_child(path: &str) {
    let baseline = plain_read(path);
    let start = Instant::now();
    let summary = ledger::verify(Path::new(path), &Default::default(), |d| panic!("{d}")).unwrap();
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{} {} {:.3} {} {} {:.3}",
        summary.rows,
        summary.hands,
        seconds,
        peak_kib(),
        summary.head.hash_hex(),
        baseline
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "verify-child") {
        return verify_child(&args[i + 1]);
    }
    let dir = dir();
    let commit_hands: usize = std::env::var("LEDGER_BENCH_COMMIT_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let played = hands(commit_hands, 1);
    let ledger_path = dir.join("commit.sqlite3");
    let (mut ledger, context) = station(&ledger_path);
    let start = Instant::now();
    record(&mut ledger, context, &played, true);
    let ledger_rate = commit_hands as f64 / start.elapsed().as_secs_f64();
    drop(ledger);
    let rows = hand_rows(&ledger_path);
    // The two baselines alternate (three rounds each, medians compared):
    // the machine's speed drifts between runs.
    let keys = pairs_table::keys::StationKeys::from_secret_bytes([5; 32], [9; 32]);
    let mut unsigned = Vec::new();
    let mut signed = Vec::new();
    for round in 0..3 {
        let file = dir.join(format!("baseline-{round}.sqlite3"));
        unsigned.push(baseline(&file, &ledger_path, &rows, None));
        signed.push(baseline(&file, &ledger_path, &rows, Some(&keys)));
    }
    let median = |rates: &mut Vec<f64>| {
        rates.sort_by(f64::total_cmp);
        rates[rates.len() / 2]
    };
    let (base_rate, signed_rate) = (median(&mut unsigned), median(&mut signed));
    let per_hand = rows.iter().map(Vec::len).sum::<usize>() as f64 / rows.len() as f64;
    println!(
        "## durable commit ({commit_hands} Rocket hands, 6 seats, {per_hand:.1} ledger rows per hand, every step journaled in its own transaction)"
    );
    println!("ledger (every commit signed):      {ledger_rate:.1} hands/s");
    println!("baseline, no signature:            {base_rate:.1} hands/s");
    println!("baseline, a signature per commit:  {signed_rate:.1} hands/s");
    println!(
        "ratio, ledger to baseline:         {:.3}",
        ledger_rate / base_rate
    );
    println!(
        "ratio, signed to unsigned baseline: {:.3} (target >= 0.95)",
        signed_rate / base_rate
    );

    // A sign-in checks one peppered argon2id PIN hash: what it costs.
    let pins = dir.join("pins.sqlite3");
    let (mut ledger, _) = station(&pins);
    ledger
        .create_first_pit_boss(StaffId(2), "boss", "4071")
        .unwrap();
    let tries = 5;
    let start = Instant::now();
    for _ in 0..tries {
        ledger.sign_in(StaffId(2), "4071").unwrap();
    }
    println!(
        "## sign-in (one argon2id PIN check, 64 MiB, 3 passes, peppered): {:.0} ms",
        start.elapsed().as_secs_f64() * 1000.0 / f64::from(tries)
    );
    drop(ledger);

    let sizes: Vec<usize> = std::env::var("LEDGER_BENCH_VERIFY_HANDS")
        .unwrap_or_else(|_| "5000,20000".into())
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    // The previous build's program, to time its `audit verify` beside this
    // build's (docs/performance.md, "audit verify on both cores").
    let before = std::env::var_os("LEDGER_BENCH_BEFORE").map(PathBuf::from);
    println!("## audit verify (hands committed one transaction each; release build)");
    for size in sizes {
        let path = dir.join(format!("verify-{size}.sqlite3"));
        let (mut ledger, context) = station(&path);
        let build = Instant::now();
        for chunk in hands(size, 2).chunks(1000) {
            record(&mut ledger, context, chunk, false);
        }
        let built = build.elapsed().as_secs_f64();
        drop(ledger);
        let out = std::process::Command::new(&args[0])
            .arg("verify-child")
            .arg(&path)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (rows, seconds): (f64, f64) = (fields[0].parse().unwrap(), fields[2].parse().unwrap());
        let baseline: f64 = fields[5].parse().unwrap();
        let bytes = std::fs::metadata(&path).unwrap().len();
        println!(
            "{size} hands: {} rows, {:.0} MB, built in {built:.1} s; verify {seconds:.2} s = {:.0} rows/s; plain rusqlite read of the same rows {baseline:.2} s = {:.0} rows/s; ratio (verify time / read time) {:.2}; peak RSS {} KiB",
            fields[0],
            bytes as f64 / 1e6,
            rows / seconds,
            rows / baseline,
            seconds / baseline,
            fields[3]
        );
        if let Some(before) = &before {
            print_before_and_now(before, &path, &format!("{size} hands"), rows);
        }
    }
    // Ledgers made elsewhere (e.g. by `simulate --db`), timed the same way.
    let files = std::env::var("LEDGER_BENCH_VERIFY_FILES").unwrap_or_default();
    if let Some(before) = &before {
        for file in files.split(',').filter(|f| !f.is_empty()) {
            let path = Path::new(file);
            let rows = ledger::verify(path, &Default::default(), |d| panic!("{d}"))
                .unwrap()
                .rows;
            print_before_and_now(before, path, &format!("{file} ({rows} rows)"), rows as f64);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}
