//! Floor benchmarks (no criterion; `cargo bench --bench floor`), against a
//! real PostgreSQL (`PAIRS_TABLE_BENCH_PG`, else 127.0.0.1:5432 as
//! postgres; skipped with a sentence when there is none), each run in a
//! database of its own, dropped after:
//! 1. rows shipped per second by `floor::ship`, until the floor's verifier
//!    has checked every signature, against a plain batched INSERT of the
//!    same rows (target ≥ 0.5×), medians of five alternating rounds;
//! 2. commit to the pit with 50 and with 80 stations shipping at once:
//!    commit to verified-and-notified (`floor_rows`, what the pit redraws
//!    on) against commit to shipped (`floor_shipped`) in the same run
//!    (target p99 within 1.5×, and ≤ 1 s at 50 on a quiet machine), the
//!    most connections they held at once, a station's contact with nothing
//!    to ship, and the pit view's survey of the 50 stations;
//! 3. `floor verify` rows per second over four stations' chains (target ≥
//!    500,000 rows/s), against each station's own `audit verify` of the
//!    same rows (`ledger::verify` on its file), and `floor verify --db`;
//! 4. a floor of over 10 million chain rows over 50 stations (built in
//!    the database from one shipped station's rows): `floor status`
//!    (target ≤ 100 ms) and the pit's redraw for one notified station
//!    (target ≤ 50 ms), against the same on section 2's small floor;
//! 5. the pit's counting mark: with 50 stations shipping a hand at once,
//!    from the commit of the hand that takes a counter over the floor's
//!    thresholds to `Counting? seat 1` on the pit view (target ≤ 1 s),
//!    against the same commit's notification;
//! 6. the pit under a flood: the survey's time and this process's resident
//!    memory with 100,000 floor alarms on 50 stations (as a floor before
//!    schema 13 piled them up) and after a station's flood of 1,000
//!    quarantines through `floor.raise_alarm`, against the same floor with
//!    none.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};

use common::{play, rocket, station};
use pairs_table::floor::{self, Shipper, survey::FloorWatch};
use pairs_table::ids::StaffId;
use pairs_table::ledger::{self, HandContext};

mod common;

const STATIONS: usize = 50;
const LATENCY_HANDS: usize = 20;
/// Rounds of the shipping comparison.
const ROUNDS: usize = 5;

fn server() -> Option<String> {
    let url = std::env::var("PAIRS_TABLE_BENCH_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let url = url.trim_end_matches('/').to_owned();
    Client::connect(&format!("{url}/postgres"), NoTls)
        .is_ok()
        .then_some(url)
}

/// A floor database of its own with its verifier running, dropped (with
/// its roles) at the end.
struct FloorDb {
    server: String,
    name: String,
    verifier: Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>,
}

impl FloorDb {
    fn new(server: &str, purpose: &str) -> FloorDb {
        let name = format!("pairs_bench_{purpose}_{}", std::process::id());
        let mut admin = Client::connect(&format!("{server}/postgres"), NoTls).unwrap();
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap();
        let mut db = FloorDb {
            server: server.to_owned(),
            name,
            verifier: None,
        };
        floor::init(&db.url()).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let (url, stopped) = (db.url(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("floor verifier".into())
            .spawn(move || {
                floor::verifier::run(&url, &stopped, |_| {}).unwrap();
            })
            .unwrap();
        db.verifier = Some((stop, thread));
        db
    }

    /// Waits until the verifier has checked every row shipped.
    fn settle(&self) {
        let mut client = Client::connect(&self.url(), NoTls).unwrap();
        loop {
            let pending: i64 = client
                .query_one(
                    "SELECT count(*) FROM floor.stations WHERE verified_seq < head_seq",
                    &[],
                )
                .unwrap()
                .get(0);
            if pending == 0 {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn url(&self) -> String {
        format!("{}/{}", self.server, self.name)
    }
}

impl Drop for FloorDb {
    fn drop(&mut self) {
        if let Some((stop, thread)) = self.verifier.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = thread.join();
        }
        let Ok(mut admin) = Client::connect(&format!("{}/postgres", self.server), NoTls) else {
            return;
        };
        let _ = admin.batch_execute(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ));
        let roles = admin
            .query(
                "SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)",
                &[&format!("{}_", self.name)],
            )
            .unwrap_or_default();
        for role in roles {
            let role: String = role.get(0);
            let _ = admin.batch_execute(&format!("DROP ROLE \"{role}\""));
        }
    }
}

fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pairs-table-floor-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The same rows through a plain batched INSERT (1000 rows a statement and
/// transaction, as shipping batches them; the statement prepared once, as
/// shipping prepares its call) into a table with the floor's columns,
/// defaults and key (`floor.chain_rows`'s) but none of its checks; seconds.
fn plain_insert(client: &mut Client, rows: &[ledger::ChainRow], table: &str) -> f64 {
    client
        .batch_execute(&format!(
            "CREATE TABLE {table} (LIKE floor.chain_rows INCLUDING DEFAULTS INCLUDING INDEXES)"
        ))
        .unwrap();
    let insert = client
        .prepare(&format!(
            "INSERT INTO {table} (station, seq, table_name, payload, hash) \
             SELECT 'station', * FROM unnest($1::bigint[], $2::text[], $3::bytea[], $4::bytea[])"
        ))
        .unwrap();
    let start = Instant::now();
    for chunk in rows.chunks(1000) {
        let seqs: Vec<i64> = chunk.iter().map(|r| r.seq).collect();
        let tables: Vec<&str> = chunk.iter().map(|r| r.table).collect();
        let payloads: Vec<&[u8]> = chunk.iter().map(|r| r.values.as_slice()).collect();
        let hashes: Vec<&[u8]> = chunk.iter().map(|r| r.hash.as_slice()).collect();
        let mut tx = client.transaction().unwrap();
        tx.execute(&insert, &[&seqs, &tables, &payloads, &hashes])
            .unwrap();
        tx.commit().unwrap();
    }
    start.elapsed().as_secs_f64()
}

/// Hands in section 1's station ledger (`FLOOR_BENCH_HANDS`, 2,000 by
/// default), and in each of section 3's.
fn ship_hands() -> usize {
    std::env::var("FLOOR_BENCH_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

/// Section 1; returns the station ledger it shipped (section 3 checks it
/// again).
fn ship_rate(server: &str, dir: &Path) -> PathBuf {
    let path = dir.join("ship.sqlite3");
    let hands = ship_hands();
    {
        let (mut ledger, context) = station(&path);
        let mut simulation = rocket(6, 1);
        for _ in 0..hands {
            play(&mut ledger, context, &mut simulation);
        }
    }
    let start = Instant::now();
    let rows = ledger::chain_rows_after(&path, 0, u32::MAX).unwrap();
    let reading = start.elapsed().as_secs_f64();
    // Rounds alternate the two paths (a fresh floor each round, since a
    // station's key is enrolled for one station only): the machine's speed
    // drifts by 10 to 30% between runs, so each path is timed several times
    // in the same stretch and the medians compared.
    let mut plain = Vec::new();
    let mut shipping = Vec::new();
    let mut kept = None;
    for round in 0..ROUNDS {
        let db = FloorDb::new(server, &format!("ship{round}"));
        let mut client = Client::connect(&db.url(), NoTls).unwrap();
        plain.push(plain_insert(&mut client, &rows, "plain"));
        let key = common::keys_of(&path).public_key();
        let url = floor::enrol(&db.url(), "ship bench", key).unwrap();
        let start = Instant::now();
        let shipped = floor::ship(&path, &url, None).unwrap();
        db.settle();
        shipping.push(start.elapsed().as_secs_f64());
        assert_eq!(shipped as usize, rows.len());
        kept = Some(db);
    }
    let (plain_median, shipping_median) = (median(&plain), median(&shipping));
    let rounds = |times: &[f64]| {
        times
            .iter()
            .map(|t| format!("{t:.2}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let n = rows.len() as f64;
    println!(
        "## 1. Shipping {} rows ({hands} Rocket hands, 6 seats), {ROUNDS} rounds",
        rows.len()
    );
    println!("| path | seconds (median) | rows/s | each round |");
    println!("| --- | --- | --- | --- |");
    println!(
        "| `floor::ship` until verified (floor.append_rows, chain checked in the database; every checkpoint's signature by the verifier) | {shipping_median:.2} | {:.0} | {} |",
        n / shipping_median,
        rounds(&shipping)
    );
    println!(
        "| plain batched INSERT (unnest, 1000 rows a transaction) | {plain_median:.2} | {:.0} | {} |",
        n / plain_median,
        rounds(&plain)
    );
    println!(
        "| ratio | | {:.2} (target ≥ 0.5) | {} |",
        plain_median / shipping_median,
        plain
            .iter()
            .zip(&shipping)
            .map(|(p, s)| format!("{:.2}", p / s))
            .collect::<Vec<_>>()
            .join(", ")
    );

    println!(
        "\nReading the rows from the station's SQLite file alone (all at once, as the baseline has them): {reading:.2} s."
    );
    drop(kept);
    path
}

/// The median of `times`.
fn median(times: &[f64]) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// The median of nine runs of `run`, seconds.
fn median_of_9(mut run: impl FnMut() -> Duration) -> f64 {
    let times: Vec<f64> = (0..9).map(|_| run().as_secs_f64()).collect();
    median(&times)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// Plays one more hand at the station whose ledger is `path` (its shift
/// and shoe still open) and ships it; the floor's verifier then counts it.
fn one_more_hand(path: &Path, url: &str, seed: u64) {
    let mut ledger = common::open(path);
    let open = ledger.open_shift_now().unwrap().unwrap();
    let shoe = ledger.current_shoe(open.table).unwrap().unwrap();
    let context = HandContext {
        table: open.table,
        shift: open.shift,
        dealer: StaffId(1),
        shoe,
    };
    // Numbered after the station's last hand (a new simulation counts from 1).
    let last = ledger.last_hands(1).unwrap();
    let mut finished = rocket(6, seed).play_hand().unwrap();
    finished.setup.number = last.first().map_or(1, |h| h.id.0 as u64 + 1);
    ledger.begin_hand(context, &finished.setup, &[]).unwrap();
    ledger.commit_hand(&finished, None).unwrap();
    drop(ledger);
    floor::ship(path, url, None).unwrap();
}

/// `floor status` and the pit's redraw for one notified station on the
/// floor at `owner` whose replicas are in `replicas` (built already): the
/// station `name` (ledger `path`, URL `url`) ships a hand, the verifier
/// counts it, and the pit reads again that station; medians of 9, seconds.
fn status_and_redraw(
    db: &FloorDb,
    replicas: &Path,
    tables: &[floor::survey::PitTable],
    (name, path, url): (&str, &Path, &str),
) -> (f64, f64) {
    let owner = db.url();
    let status = median_of_9(|| {
        let start = Instant::now();
        floor::status(&owner).unwrap();
        start.elapsed()
    });
    let named = [name.to_owned()];
    let mut seed = 1000;
    let redraw = median_of_9(|| {
        seed += 1;
        one_more_hand(path, url, seed);
        db.settle();
        let start = Instant::now();
        let survey = floor::survey::resurvey(&owner, replicas, tables, Some(&named)).unwrap();
        let took = start.elapsed();
        assert_eq!(survey.tables.len(), tables.len());
        took
    });
    (status, redraw)
}

/// A listener for one notification channel on the floor at `owner`: it
/// sends each notification's time to the station it names, until `done`
/// stations have finished.
fn notified_times(
    owner: &str,
    channel_name: &'static str,
    stations: HashMap<String, Sender<Instant>>,
    done: Arc<AtomicUsize>,
    count: usize,
) -> std::thread::JoinHandle<()> {
    let mut client = Client::connect(owner, NoTls).unwrap();
    client
        .batch_execute(&format!("LISTEN {channel_name}"))
        .unwrap();
    std::thread::Builder::new()
        .name(format!("bench {channel_name} listener"))
        .spawn(move || {
            let mut notifications = client.notifications();
            let mut waiting = notifications.blocking_iter();
            while done.load(Ordering::SeqCst) < count {
                use postgres::fallible_iterator::FallibleIterator;
                let Ok(Some(n)) = waiting.next() else { break };
                let now = Instant::now();
                if let Some(station) = stations.get(n.payload()) {
                    let _ = station.send(now);
                }
            }
        })
        .unwrap()
}

/// The first time `arrival` sends at or after `committed`.
fn arrived_after(arrival: &std::sync::mpsc::Receiver<Instant>, committed: Instant) -> Duration {
    loop {
        let Ok(at) = arrival.recv_timeout(Duration::from_secs(30)) else {
            panic!("no notification in 30 s");
        };
        if at >= committed {
            return at - committed;
        }
    }
}

/// Section 2 with `count` stations; returns `floor status` and the redraw
/// for one notified station on its floor of small chains (seconds), for
/// section 4.
fn latency(db: &FloorDb, dir: &Path, count: usize) -> (f64, f64) {
    let owner = db.url();
    // Every station's setup rows shipped before measuring.
    let mut stations = Vec::new();
    for i in 0..count {
        let path = dir.join(format!("station-{count}-{i}.sqlite3"));
        drop(station(&path));
        let name = format!("station {i}");
        let url = floor::enrol(&owner, &name, common::keys_of(&path).public_key()).unwrap();
        floor::ship(&path, &url, Some(&common::keys_of(&path))).unwrap();
        stations.push((name, path, url));
    }
    db.settle();
    let kept: Vec<(String, PathBuf, String)> = stations.clone();
    // The stations' connections open at once, sampled every 5 ms.
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = {
        let (sampling, owner) = (sampling.clone(), owner.clone());
        std::thread::Builder::new()
            .name("bench connection sampler".into())
            .spawn(move || {
                let mut client = Client::connect(&owner, NoTls).unwrap();
                let mut most = 0i64;
                while sampling.load(Ordering::Relaxed) {
                    let open: i64 = client
                        .query_one(
                            "SELECT count(*) FROM pg_stat_activity \
                              WHERE datname = current_database() AND usename <> current_user",
                            &[],
                        )
                        .unwrap()
                        .get(0);
                    most = most.max(open);
                    std::thread::sleep(Duration::from_millis(5));
                }
                most
            })
            .unwrap()
    };
    // Shipped: the append's `floor_shipped`; verified: `floor_rows`, sent
    // when the verifier moves the station's verified head (what the pit
    // redraws on).
    let (mut shipped_to, mut verified_to) = (HashMap::new(), HashMap::new());
    let mut handles = Vec::new();
    let (results, collected) = channel::<Vec<(Duration, Duration)>>();
    let done = Arc::new(AtomicUsize::new(0));
    let mut work = Vec::new();
    for (i, (name, path, url)) in stations.into_iter().enumerate() {
        let (shipped, shipped_at) = channel::<Instant>();
        let (verified, verified_at) = channel::<Instant>();
        shipped_to.insert(name.clone(), shipped);
        verified_to.insert(name, verified);
        work.push((i, path, url, shipped_at, verified_at));
    }
    let listeners = [
        notified_times(&owner, "floor_shipped", shipped_to, done.clone(), count),
        notified_times(&owner, "floor_rows", verified_to, done.clone(), count),
    ];
    for (i, path, url, shipped_at, verified_at) in work {
        let results = results.clone();
        let done = done.clone();
        let builder = std::thread::Builder::new().name(format!("bench station {i}"));
        handles.push(
            builder
                .spawn(move || {
                    let (mut ledger, context) = {
                        let ledger = common::open(&path);
                        let open = ledger.open_shift_now().unwrap().unwrap();
                        let shoe = ledger.current_shoe(open.table).unwrap().unwrap();
                        let context = HandContext {
                            table: open.table,
                            shift: open.shift,
                            dealer: StaffId(1),
                            shoe,
                        };
                        (ledger, context)
                    };
                    let shipper =
                        Shipper::start(&path, &url, Some(common::keys_of(&path))).unwrap();
                    let mut simulation = rocket(6, 100 + i as u64);
                    let mut latencies = Vec::new();
                    for _ in 0..LATENCY_HANDS {
                        let finished = simulation.play_hand().unwrap();
                        ledger.begin_hand(context, &finished.setup, &[]).unwrap();
                        // Timed from just before the commit: the shipper,
                        // waking on its own each second, may ship the hand
                        // before commit_hand returns.
                        let committed = Instant::now();
                        ledger.commit_hand(&finished, None).unwrap();
                        shipper.committed();
                        let shipped = arrived_after(&shipped_at, committed);
                        let verified = arrived_after(&verified_at, committed);
                        latencies.push((shipped, verified));
                    }
                    shipper.finish();
                    results.send(latencies).unwrap();
                    done.fetch_add(1, Ordering::SeqCst);
                })
                .unwrap(),
        );
    }
    drop(results);
    let all: Vec<(Duration, Duration)> = collected.iter().flatten().collect();
    for handle in handles {
        handle.join().unwrap();
    }
    sampling.store(false, Ordering::Relaxed);
    let most_connections = sampler.join().unwrap();
    let mut shipped: Vec<Duration> = all.iter().map(|a| a.0).collect();
    let mut verified: Vec<Duration> = all.iter().map(|a| a.1).collect();
    shipped.sort();
    verified.sort();
    let ratio = percentile(&verified, 0.99).as_secs_f64()
        / percentile(&shipped, 0.99).as_secs_f64().max(1e-9);
    println!();
    println!(
        "## 2. Commit to the pit, {count} stations shipping at once ({} commits)",
        all.len()
    );
    println!("| from the commit to | p50 | p99 | max |");
    println!("| --- | --- | --- | --- |");
    for (what, times) in [
        (
            "shipped (the append's `floor_shipped`): the baseline",
            &shipped,
        ),
        (
            "verified and notified (`floor_rows`, what the pit redraws on)",
            &verified,
        ),
    ] {
        println!(
            "| {what} | {:.1?} | {:.1?} | {:.1?} |",
            percentile(times, 0.5),
            percentile(times, 0.99),
            times.last().unwrap()
        );
    }
    println!(
        "\nVerified-and-notified p99 ÷ shipped p99: {ratio:.2}× (target ≤ 1.5×; and ≤ 1 s at 50 stations on a quiet machine)."
    );
    // Each listener waits for one more notification; one last ship (and
    // its verification) wakes both.
    let path = dir.join(format!("wake-{count}.sqlite3"));
    let wake = floor::enrol(
        &owner,
        &format!("wake {count}"),
        common::keys_of(&path).public_key(),
    )
    .unwrap();
    drop(station(&path));
    floor::ship(&path, &wake, None).unwrap();
    for listener in listeners {
        listener.join().unwrap();
    }
    let (name, path, url) = &kept[0];
    let contact = median_of_9(|| {
        let start = Instant::now();
        assert_eq!(floor::ship(path, url, None).unwrap(), 0);
        start.elapsed()
    });
    println!(
        "\nConnections the {count} stations held at once, at most (sampled every 5 ms): {most_connections}. A station's contact with nothing to ship (connect, present its head, close; `floor::ship` when up to date, median of 9): {:.1} ms.",
        contact * 1000.0
    );

    let replicas = dir.join("replicas");
    std::fs::create_dir_all(&replicas).unwrap();
    let start = Instant::now();
    let cold = floor::survey::survey(&owner, &replicas).unwrap().tables;
    let cold_time = start.elapsed();
    let start = Instant::now();
    floor::survey::survey(&owner, &replicas).unwrap();
    let warm_time = start.elapsed();
    let (status, redraw) = status_and_redraw(db, &replicas, &cold, (name, path, url));
    println!(
        "The pit view's survey of {} stations: {cold_time:.1?} the first time (replicas built), {warm_time:.1?} reading every station again, {:.1} ms reading again the one station a notification names after it shipped a hand (median of 9); `floor status` {:.1} ms (median of 9).",
        cold.len(),
        redraw * 1000.0,
        status * 1000.0
    );
    (status, redraw)
}

/// Section 3: `floor verify` over the chains of four stations (section
/// 1's ledger `first` if it ran, and more of as many hands) against each
/// station's own `audit verify` of its file, in the same run; medians of 3.
fn verify_rate(server: &str, dir: &Path, first: Option<&Path>, hands: usize) {
    let db = FloorDb::new(server, "verify");
    let mut files: Vec<PathBuf> = first.map(Path::to_path_buf).into_iter().collect();
    for i in files.len() as u64..4 {
        let path = dir.join(format!("verify-{i}.sqlite3"));
        let (mut ledger, context) = station(&path);
        let mut simulation = rocket(6, 10 + i);
        for _ in 0..hands {
            play(&mut ledger, context, &mut simulation);
        }
        files.push(path);
    }
    let mut urls = Vec::new();
    for (i, path) in files.iter().enumerate() {
        let url = floor::enrol(
            &db.url(),
            &format!("verify {i}"),
            common::keys_of(path).public_key(),
        )
        .unwrap();
        floor::ship(path, &url, None).unwrap();
        urls.push(url);
    }
    db.settle();
    let mut rows = 0;
    let on_floor: Vec<f64> = (0..3)
        .map(|_| {
            let start = Instant::now();
            let (checked, findings) = floor::verify_floor(&db.url()).unwrap();
            assert!(findings.is_empty(), "{findings:?}");
            rows = checked;
            start.elapsed().as_secs_f64()
        })
        .collect();
    let at_stations: Vec<f64> = (0..3)
        .map(|_| {
            let start = Instant::now();
            let mut read = 0;
            for path in &files {
                let summary =
                    ledger::verify(path, &ledger::VerifyOptions::default(), |d| panic!("{d}"))
                        .unwrap();
                read += summary.rows;
            }
            assert_eq!(read, rows);
            start.elapsed().as_secs_f64()
        })
        .collect();
    // `floor verify --db` of one station's file (its own role), beside
    // that station's `audit verify` of the same file and, given the
    // previous build's program (`FLOOR_BENCH_BEFORE`), that program's
    // `floor verify --db` as the owner: in turn, medians of 5.
    let before = std::env::var_os("FLOOR_BENCH_BEFORE").map(PathBuf::from);
    let (mut against_file, mut own_audit, mut old_program) = (Vec::new(), Vec::new(), Vec::new());
    let mut compared = 0;
    for _ in 0..5 {
        let start = Instant::now();
        let (rows, findings) = floor::verify_file(&files[0], &urls[0], None).unwrap();
        against_file.push(start.elapsed().as_secs_f64());
        assert!(findings.is_empty(), "{findings:?}");
        compared = rows;
        let start = Instant::now();
        ledger::verify(&files[0], &ledger::VerifyOptions::default(), |d| {
            panic!("{d}")
        })
        .unwrap();
        own_audit.push(start.elapsed().as_secs_f64());
        if let Some(program) = &before {
            let start = Instant::now();
            let out = std::process::Command::new(program)
                .args(["floor", "verify", "--db"])
                .arg(&files[0])
                .args(["--floor", &db.url(), "--station", "verify 0"])
                .output()
                .unwrap();
            old_program.push(start.elapsed().as_secs_f64());
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let (against_file, own_audit) = (median(&against_file), median(&own_audit));
    let (floor_time, station_time) = (median(&on_floor), median(&at_stations));
    let n = rows as f64;
    println!();
    println!(
        "## 3. Verify, four stations of {hands} Rocket hands each ({rows} rows), medians of 3"
    );
    println!("| check | seconds | rows/s |");
    println!("| --- | --- | --- |");
    println!(
        "| `floor verify` (every chain on the floor: hashes, heads, every checkpoint's signature; stations in parallel, rows streamed) | {floor_time:.2} | {:.0} (target ≥ 500,000) |",
        n / floor_time
    );
    println!(
        "| each station's own `audit verify` of the same rows (`ledger::verify` on its file, one after another) | {station_time:.2} | {:.0} |",
        n / station_time
    );
    println!(
        "| ratio, floor ÷ stations' own | | {:.2} |",
        station_time / floor_time
    );
    let c = compared as f64;
    println!(
        "| `floor verify --db` (one station's file against the floor: the file's own links up to the floor's head, and its hash there) | {against_file:.3} | {:.0} ({compared} rows) |",
        c / against_file
    );
    println!(
        "| that station's own `audit verify` of the same file | {own_audit:.3} | {:.0} |",
        c / own_audit
    );
    println!(
        "| ratio, `floor verify --db` ÷ its `audit verify` (target ≥ 1) | | {:.2} |",
        own_audit / against_file
    );
    if !old_program.is_empty() {
        let old = median(&old_program);
        println!(
            "| the previous build's `floor verify --db` (a process of its own, as the owner) | {old:.3} | {:.0} |",
            c / old
        );
        println!("| ratio, now ÷ before | | {:.2} |", old / against_file);
    }
}

/// Section 4: a floor of `STATIONS` stations, each a chain of the rows of
/// one real station's ledger (`FLOOR_BENCH_BIG_HANDS` Rocket hands, 5,000
/// by default, in shifts of 640): the real one shipped, the others copied
/// in the database as the owner (`INSERT … SELECT`, their verified heads
/// set), so the floor holds over 10 million rows without shipping them
/// all. `small` is section 2's status and redraw, for comparison, if it
/// ran.
fn big_floor(server: &str, dir: &Path, small: Option<(f64, f64)>) {
    let hands: usize = std::env::var("FLOOR_BENCH_BIG_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000);
    let db = FloorDb::new(server, "big");
    let owner = db.url();
    let path = dir.join("big.sqlite3");
    {
        let (mut ledger, mut context) = station(&path);
        let mut simulation = rocket(6, 77);
        for hand in 1..=hands {
            if hand % 640 == 0 {
                ledger.close_shift(context.shift, StaffId(1)).unwrap();
                context.shift = ledger.open_shift(context.table, StaffId(1)).unwrap();
            }
            play(&mut ledger, context, &mut simulation);
        }
    }
    let name = "station 00";
    let url = floor::enrol(&owner, name, common::keys_of(&path).public_key()).unwrap();
    floor::ship(&path, &url, None).unwrap();
    db.settle();
    let start = Instant::now();
    let mut client = Client::connect(&owner, NoTls).unwrap();
    for i in 1..STATIONS {
        let copy = format!("station {i:02}");
        client
            .execute(
                "INSERT INTO floor.stations (station, role_name, public_key, head_seq, head_hash, \
                        file_rows, last_contact, verified_seq, table_seq, table_row, \
                        verified_table_row, station_clock) \
                 SELECT $1, $2, sha256(convert_to($1, 'UTF8')), head_seq, head_hash, file_rows, \
                        now(), head_seq, table_seq, table_row, verified_table_row, now() \
                   FROM floor.stations WHERE station = $3",
                &[&copy, &format!("big_copy_{i:02}"), &name],
            )
            .unwrap();
        client
            .execute(
                "INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash, received_at) \
                 SELECT $1, seq, table_name, payload, hash, received_at \
                   FROM floor.chain_rows WHERE station = $2",
                &[&copy, &name],
            )
            .unwrap();
    }
    client
        .batch_execute("VACUUM ANALYZE floor.chain_rows")
        .unwrap();
    let built = start.elapsed();
    let rows: i64 = client
        .query_one("SELECT count(*) FROM floor.chain_rows", &[])
        .unwrap()
        .get(0);
    let replicas = dir.join("big-replicas");
    std::fs::create_dir_all(&replicas).unwrap();
    let start = Instant::now();
    let tables = floor::survey::survey(&owner, &replicas).unwrap().tables;
    let cold = start.elapsed();
    assert_eq!(tables.len(), STATIONS);
    let (status, redraw) = status_and_redraw(&db, &replicas, &tables, (name, &path, &url));
    println!();
    println!(
        "## 4. A floor of {rows} chain rows over {STATIONS} stations ({hands} hands each; {:.0} s to copy 49 of them in the database, {:.0} s for the pit's first survey, which builds every replica)",
        built.as_secs_f64(),
        cold.as_secs_f64()
    );
    println!(
        "| floor | `floor status` (median of 9) | pit redraw for one notified station (median of 9) |"
    );
    println!("| --- | --- | --- |");
    if let Some(small) = small {
        println!(
            "| section 2's, {STATIONS} stations of about 800 rows | {:.1} ms | {:.1} ms |",
            small.0 * 1000.0,
            small.1 * 1000.0
        );
    }
    println!(
        "| this one, {rows} rows | {:.1} ms (target ≤ 100 ms) | {:.1} ms (target ≤ 50 ms) |",
        status * 1000.0,
        redraw * 1000.0
    );
    if let Some(small) = small {
        println!(
            "| ratio | {:.2} | {:.2} |",
            status / small.0,
            redraw / small.1
        );
    }
}

/// Hands each station has dealt when section 5's pit view starts: the
/// counter's station, and each of the others.
const MARK_COUNTER_HANDS: usize = 150;
const MARK_OTHER_HANDS: usize = 20;
/// Rounds of section 5.
const MARK_ROUNDS: usize = 5;

/// One of section 5's stations: its recorder (which commits each hand
/// with its game-protection figures, as a station does), its hands to come.
struct MarkStation {
    recorder: pairs_table::figures::Recorder,
    simulation: pairs_table::simulate::Simulation,
    path: PathBuf,
    url: String,
}

impl MarkStation {
    /// Deals `hands` hands and commits them, then ships; when the last was
    /// committed (its figures worked out and written).
    fn deal_and_ship(&mut self, hands: usize) -> Instant {
        let mut ledger = common::open(&self.path);
        let mut committed = Instant::now();
        for _ in 0..hands {
            let recorder = &mut self.recorder;
            let finished = self
                .simulation
                .play_hand_with(|table| recorder.sync(&mut ledger, table))
                .unwrap();
            recorder.commit(&mut ledger, &finished).unwrap();
            committed = Instant::now();
        }
        drop(ledger);
        floor::ship(&self.path, &self.url, None).unwrap();
        committed
    }
}

/// Section 5: 50 Rocket stations with a shift open; station 0 seats a
/// counter at seat 1 (bets 1 to 8 by the exact edge of the cards seen,
/// plays the best play for them) beside five flat bettors; the pit view
/// (the app, headless) has judged every station. Each round the floor's
/// thresholds are set so that station 0's next hand crosses them (minimum
/// hands: its hands so far + 1; significance 0.5, any positive
/// correlation: the bench times the mark, not the evidence), then every
/// station deals and ships one hand at once.
fn counting_mark(db: &FloorDb, dir: &Path) {
    use eframe::egui;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use pairs_table::engine::Decks;
    use pairs_table::engine::hand::GameKind;
    use pairs_table::engine::rules::HouseRules;
    use pairs_table::simulate::{BetStrategy, SimConfig, Simulation, Strategy};

    let owner = db.url();
    let mut stations: Vec<MarkStation> = (0..STATIONS)
        .map(|i| {
            let path = dir.join(format!("mark-{i}.sqlite3"));
            let (ledger, context) = station(&path);
            let simulation = if i == 0 {
                let config = SimConfig {
                    game: GameKind::Rocket,
                    decks: Decks::new(6).unwrap(),
                    seats: 6,
                    bet: 10,
                    rules: HouseRules::default(),
                    strategy: Strategy::OptimalSeen,
                };
                let mut counter = Simulation::seeded(&config, 77).unwrap();
                let mut bets = vec![BetStrategy::Flat; 6];
                bets[0] = BetStrategy::Counter(8);
                counter.set_seat_betting(&bets).unwrap();
                counter
            } else {
                rocket(6, 500 + i as u64)
            };
            let mut station = MarkStation {
                recorder: pairs_table::figures::Recorder::new(context),
                simulation,
                url: floor::enrol(
                    &owner,
                    &format!("station {i}"),
                    common::keys_of(&path).public_key(),
                )
                .unwrap(),
                path,
            };
            drop(ledger);
            station.deal_and_ship(if i == 0 {
                MARK_COUNTER_HANDS
            } else {
                MARK_OTHER_HANDS
            });
            station
        })
        .collect();
    db.settle();

    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        .build_ui_state(
            |ui, app: &mut pairs_table::ui::FloorApp| app.show_ui(ui),
            pairs_table::ui::FloorApp::start(owner.clone(), egui::Context::default()),
        );
    let marked = |harness: &Harness<'_, pairs_table::ui::FloorApp>| {
        harness
            .query_all_by_label_contains("Counting? seat 1")
            .next()
            .is_some()
    };
    // Until `done`, a frame every 5 ms; how long it took.
    let until = |harness: &mut Harness<'_, pairs_table::ui::FloorApp>,
                 what: &str,
                 done: &dyn Fn(&Harness<'_, pairs_table::ui::FloorApp>) -> bool| {
        let start = Instant::now();
        loop {
            harness.step();
            if done(harness) {
                return start.elapsed();
            }
            assert!(
                start.elapsed() < Duration::from_secs(600),
                "{what}: not in 10 minutes"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    // The first read judges every station's shift, station 0's over its
    // hands so far: thresholds it already crosses show when that is done.
    floor::protection::protection_settings(&owner, Some(0.5), Some(MARK_COUNTER_HANDS as u64))
        .unwrap();
    let first_read = until(&mut harness, "the first read", &|h| marked(h));

    // The notification of station 0's hands, for the baseline.
    let (notified_tx, notified) = channel::<Instant>();
    let mut watch = FloorWatch::listen(&owner).unwrap();
    let listening = Arc::new(AtomicBool::new(true));
    let listener = {
        let listening = listening.clone();
        std::thread::Builder::new()
            .name("bench mark listener".into())
            .spawn(move || {
                while listening.load(Ordering::Relaxed) {
                    if let Ok(names) = watch.wait(Some(Duration::from_millis(200)))
                        && names.iter().any(|n| n == "station 0")
                    {
                        let _ = notified_tx.send(Instant::now());
                    }
                }
            })
            .unwrap()
    };

    let mut marks = Vec::new();
    let mut surveys = Vec::new();
    let mut notifications = Vec::new();
    for round in 0..MARK_ROUNDS {
        let hands = (MARK_COUNTER_HANDS + round) as u64;
        floor::protection::protection_settings(&owner, Some(0.5), Some(hands + 1)).unwrap();
        // A hand elsewhere brings the new thresholds to the pit.
        stations[1].deal_and_ship(1);
        until(&mut harness, "the thresholds taken", &|h| !marked(h));
        std::thread::sleep(Duration::from_millis(500));
        while notified.try_recv().is_ok() {}
        let others: Vec<_> = stations
            .drain(1..)
            .map(|mut other| {
                std::thread::Builder::new()
                    .name("bench mark station".into())
                    .spawn(move || {
                        other.deal_and_ship(1);
                        other
                    })
                    .unwrap()
            })
            .collect();
        let committed = stations[0].deal_and_ship(1);
        let dealt = MARK_COUNTER_HANDS as u64 + round as u64 + 1;
        until(&mut harness, "the counter's hand surveyed", &|h| {
            h.state()
                .tables()
                .and_then(|t| t.iter().find(|t| t.station == "station 0"))
                .is_some_and(|t| t.hands == dealt)
        });
        surveys.push(committed.elapsed());
        until(&mut harness, "the counter's mark", &|h| marked(h));
        marks.push(committed.elapsed());
        let at = notified.recv_timeout(Duration::from_secs(30)).unwrap();
        notifications.push(at.duration_since(committed));
        stations.extend(others.into_iter().map(|t| t.join().unwrap()));
    }
    listening.store(false, Ordering::Relaxed);
    listener.join().unwrap();
    marks.sort();
    surveys.sort();
    notifications.sort();
    println!();
    println!(
        "## 5. The pit's counting mark, {STATIONS} stations shipping a hand at once ({MARK_ROUNDS} rounds; the pit's first read of the {} hands took {first_read:.1?})",
        MARK_COUNTER_HANDS + (STATIONS - 1) * MARK_OTHER_HANDS
    );
    println!("| from the crossing hand's commit | median | max |");
    println!("| --- | --- | --- |");
    println!(
        "| to `Counting? seat 1` on the pit view | {:.1?} | {:.1?} (target ≤ 1 s) |",
        marks[marks.len() / 2],
        marks.last().unwrap()
    );
    println!(
        "| to its hand in the pit view's survey | {:.1?} | {:.1?} |",
        surveys[surveys.len() / 2],
        surveys.last().unwrap()
    );
    println!(
        "| to the floor's notification (baseline) | {:.1?} | {:.1?} |",
        notifications[notifications.len() / 2],
        notifications.last().unwrap()
    );
    println!(
        "| ratio (medians) | {:.2} | |",
        marks[marks.len() / 2].as_secs_f64() / notifications[notifications.len() / 2].as_secs_f64()
    );
}

/// Section 6: the pit's survey of 50 stations with no floor alarms, then
/// with 100,000 of them (2,000 a station, inserted as the owner, as a
/// floor before schema 13 piled them up), then with a flood of 1,000
/// quarantine alarms raised through `floor.raise_alarm` (counted on one):
/// the survey's time and this process's resident memory after each.
fn flood(db: &FloorDb, dir: &Path) {
    let owner = db.url();
    for i in 0..STATIONS {
        let path = dir.join(format!("flood-{i}.sqlite3"));
        drop(station(&path));
        let url = floor::enrol(
            &owner,
            &format!("station {i}"),
            common::keys_of(&path).public_key(),
        )
        .unwrap();
        floor::ship(&path, &url, Some(&common::keys_of(&path))).unwrap();
    }
    db.settle();
    let replicas = dir.join("flood-replicas");
    std::fs::create_dir_all(&replicas).unwrap();
    let mut rows = Vec::new();
    let survey = |what: &str, rows: &mut Vec<String>| {
        floor::survey::survey(&owner, &replicas).unwrap();
        let times: Vec<f64> = (0..5)
            .map(|_| {
                let start = Instant::now();
                let tables = floor::survey::survey(&owner, &replicas).unwrap().tables;
                let shown: usize = tables.iter().map(|t| t.alarms.len()).sum();
                assert!(shown <= STATIONS * 20 + STATIONS);
                start.elapsed().as_secs_f64()
            })
            .collect();
        rows.push(format!(
            "| {what} | {:.0} ms | {:.0} MB |",
            median(&times) * 1000.0,
            common::rss_mb()
        ));
    };
    survey("no floor alarms (the baseline)", &mut rows);
    let mut client = Client::connect(&owner, NoTls).unwrap();
    client
        .batch_execute(
            "INSERT INTO floor.alarms (station, message) \
             SELECT 'station ' || (n % 50), \
                    'rows 1 to 1000 shipped as station ' || (n % 50) || ' were quarantined: ' || repeat('x', 200) \
               FROM generate_series(1, 100000) n",
        )
        .unwrap();
    survey("100,000 floor alarms, 2,000 a station", &mut rows);
    client
        .batch_execute(
            "SELECT floor.raise_alarm('station 0', 'quarantine', 'a flood ' || n) \
               FROM generate_series(1, 1000) n",
        )
        .unwrap();
    let (alarms, repeats): (i64, i64) = {
        let r = client
            .query_one(
                "SELECT (SELECT count(*) FROM floor.alarms WHERE cause = 'quarantine'), \
                        (SELECT coalesce(sum(repeats), 0)::bigint FROM floor.alarm_repeats)",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1))
    };
    survey(
        &format!(
            "then 1,000 quarantines at one station: {alarms} alarm, {repeats} repeats counted"
        ),
        &mut rows,
    );
    println!();
    println!("## 6. The pit under a flood of alarms ({STATIONS} stations; medians of 5 surveys)");
    println!("| floor | survey | resident memory after |");
    println!("| --- | --- | --- |");
    for row in rows {
        println!("{row}");
    }
}

/// Whether section `n` runs: `FLOOR_BENCH_SECTIONS` (e.g. `3,4`), else all.
fn runs(n: u8) -> bool {
    std::env::var("FLOOR_BENCH_SECTIONS")
        .map(|list| list.split(',').any(|s| s.trim() == n.to_string()))
        .unwrap_or(true)
}

fn main() {
    let Some(server) = server() else {
        println!(
            "floor benchmarks skipped: no PostgreSQL at PAIRS_TABLE_BENCH_PG or 127.0.0.1:5432 (install it: apt-get install postgresql)"
        );
        return;
    };
    let dir = dir();
    let first = runs(1).then(|| ship_rate(&server, &dir));
    let small = runs(2).then(|| {
        let small = latency(&FloorDb::new(&server, "pit"), &dir, STATIONS);
        latency(&FloorDb::new(&server, "pit80"), &dir, 80);
        small
    });
    if runs(3) {
        verify_rate(&server, &dir, first.as_deref(), ship_hands());
    }
    if runs(4) {
        big_floor(&server, &dir, small);
    }
    if runs(5) {
        counting_mark(&FloorDb::new(&server, "mark"), &dir);
    }
    if runs(6) {
        flood(&FloorDb::new(&server, "flood"), &dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
