//! Floor benchmarks (no criterion; `cargo bench --bench floor`), against a
//! real PostgreSQL (`PAIRS_TABLE_BENCH_PG`, else 127.0.0.1:5432 as
//! postgres; skipped with a sentence when there is none), each run in a
//! database of its own, dropped after:
//! 1. rows shipped per second by `floor::ship`, until the floor's verifier
//!    has checked every signature, against a plain batched INSERT of the
//!    same rows (target ≥ 0.5×), medians of five alternating rounds;
//! 2. commit-to-notification latency with 50 stations shipping at once
//!    (target p99 ≤ 1 s), and the pit view's survey of the 50 stations;
//! 3. `floor verify` rows per second, station file against the floor and
//!    the floor's own chains;
//! 4. `floor status` on a station of a million rows against one of a
//!    thousand (the pit calls it on every notification).
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

fn ship_rate(server: &str, dir: &Path) {
    let path = dir.join("ship.sqlite3");
    let hands: usize = std::env::var("FLOOR_BENCH_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
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
        kept = Some((db, url));
    }
    let (db, url) = kept.unwrap();
    let median = |times: &[f64]| {
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        sorted[sorted.len() / 2]
    };
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
    let start = Instant::now();
    let (compared, findings) = floor::verify_file(&path, &url, None).unwrap();
    let verify_file = start.elapsed().as_secs_f64();
    assert!(findings.is_empty());
    println!();
    println!("## 3. Verify");
    println!("| check | rows | seconds | rows/s |");
    println!("| --- | --- | --- | --- |");
    println!(
        "| `floor verify --db` (file against the floor) | {compared} | {verify_file:.2} | {:.0} |",
        compared as f64 / verify_file
    );
    let start = Instant::now();
    let (checked, findings) = floor::verify_floor(&db.url()).unwrap();
    let took = start.elapsed().as_secs_f64();
    assert!(findings.is_empty(), "{findings:?}");
    println!(
        "| `floor verify` (every chain on the floor: the last round's station) | {checked} | {took:.2} | {:.0} |",
        checked as f64 / took
    );
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn latency(db: &FloorDb, dir: &Path) {
    let owner = db.url();
    // Every station's setup rows shipped before measuring.
    let mut stations = Vec::new();
    for i in 0..STATIONS {
        let path = dir.join(format!("station-{i}.sqlite3"));
        drop(station(&path));
        let name = format!("station {i}");
        let url = floor::enrol(&owner, &name, common::keys_of(&path).public_key()).unwrap();
        floor::ship(&path, &url, None).unwrap();
        stations.push((name, path, url));
    }
    let mut arrivals: HashMap<String, Sender<Instant>> = HashMap::new();
    let mut handles = Vec::new();
    let (results, collected) = channel::<Vec<Duration>>();
    let mut watch = FloorWatch::listen(&owner).unwrap();
    let done = Arc::new(AtomicUsize::new(0));
    for (i, (name, path, url)) in stations.into_iter().enumerate() {
        let (arrived, arrival) = channel::<Instant>();
        arrivals.insert(name, arrived);
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
                    let shipper = Shipper::start(&path, &url, None).unwrap();
                    let mut simulation = rocket(6, 100 + i as u64);
                    let mut latencies = Vec::new();
                    for _ in 0..LATENCY_HANDS {
                        let finished = simulation.play_hand().unwrap();
                        ledger.begin_hand(context, &finished.setup, &[]).unwrap();
                        // Timed from just before the commit: the shipper,
                        // waking on its own each second, may ship the hand
                        // before commit_hand returns.
                        let committed = Instant::now();
                        ledger.commit_hand(&finished).unwrap();
                        shipper.committed();
                        loop {
                            let Ok(at) = arrival.recv_timeout(Duration::from_secs(30)) else {
                                panic!(
                                    "no notification in 30 s: {:?}",
                                    shipper.finish().last_error
                                );
                            };
                            if at >= committed {
                                latencies.push(at - committed);
                                break;
                            }
                        }
                    }
                    shipper.finish();
                    results.send(latencies).unwrap();
                    done.fetch_add(1, Ordering::SeqCst);
                })
                .unwrap(),
        );
    }
    drop(results);
    let finished = done.clone();
    let listener = std::thread::Builder::new()
        .name("bench listener".into())
        .spawn(move || {
            while finished.load(Ordering::SeqCst) < STATIONS {
                let Ok(names) = watch.wait(None) else { break };
                let now = Instant::now();
                for name in names {
                    if let Some(station) = arrivals.get(&name) {
                        let _ = station.send(now);
                    }
                }
            }
        })
        .unwrap();
    let mut all: Vec<Duration> = collected.iter().flatten().collect();
    for handle in handles {
        handle.join().unwrap();
    }
    all.sort();
    println!();
    println!(
        "## 2. Commit to notification, {STATIONS} stations shipping at once ({} commits)",
        all.len()
    );
    println!("| p50 | p99 | max |");
    println!("| --- | --- | --- |");
    println!(
        "| {:.1?} | {:.1?} (target ≤ 1 s) | {:.1?} |",
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all.last().unwrap()
    );
    // The listener waits for one more notification; one last ship wakes it.
    let path = dir.join("wake.sqlite3");
    let wake = floor::enrol(&owner, "wake", common::keys_of(&path).public_key()).unwrap();
    drop(station(&path));
    floor::ship(&path, &wake, None).unwrap();
    listener.join().unwrap();

    let replicas = dir.join("replicas");
    std::fs::create_dir_all(&replicas).unwrap();
    let start = Instant::now();
    let cold = floor::survey::survey(&owner, &replicas).unwrap().tables;
    let cold_time = start.elapsed();
    let start = Instant::now();
    floor::survey::survey(&owner, &replicas).unwrap();
    let warm_time = start.elapsed();
    // What the pit view does on a notification: one station read again.
    let one = ["station 0".to_owned()];
    let mut samples: Vec<Duration> = (0..9)
        .map(|_| {
            let start = Instant::now();
            floor::survey::resurvey(&owner, &replicas, &cold, Some(&one)).unwrap();
            start.elapsed()
        })
        .collect();
    samples.sort();
    let one_time = samples[samples.len() / 2];
    println!();
    println!(
        "The pit view's survey of {} stations: {cold_time:.1?} the first time (replicas built), {warm_time:.1?} reading every station again, {one_time:.1?} reading again the one station a notification names (median of 9).",
        cold.len()
    );
}

/// `floor status` (median of 9) on a floor whose one station has `rows`
/// chained rows, its `tables` row first (synthetic rows written as the
/// owner: status reads them as it reads shipped ones); seconds.
fn status_time(server: &str, rows: i64) -> f64 {
    let db = FloorDb::new(server, &format!("status{rows}"));
    let mut client = Client::connect(&db.url(), NoTls).unwrap();
    client
        .batch_execute(&format!(
            "INSERT INTO floor.stations (station, role_name, public_key) \
               VALUES ('big', 'status_bench_big', '\\x{key}'); \
             INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash) \
               SELECT 'big', g, CASE WHEN g = 1 THEN 'tables' ELSE 'cards' END, \
                      '\\x0400'::bytea, sha256(int8send(g)) FROM generate_series(1, {rows}) g; \
             UPDATE floor.stations SET head_seq = {rows}, verified_seq = {rows}; \
             ANALYZE floor.chain_rows;",
            key = "01".repeat(32)
        ))
        .unwrap();
    let mut samples: Vec<f64> = (0..9)
        .map(|_| {
            let start = Instant::now();
            floor::status(&db.url()).unwrap();
            start.elapsed().as_secs_f64()
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn status_at_scale(server: &str) {
    let small = status_time(server, 1_000);
    let large = status_time(server, 1_000_000);
    println!();
    println!("## 4. `floor status`, one station");
    println!("| rows | seconds (median of 9) |");
    println!("| --- | --- |");
    println!("| 1,000 | {small:.4} |");
    println!("| 1,000,000 | {large:.4} |");
    println!(
        "| ratio, a million rows to a thousand | {:.2} (the table's name found by index, not by scanning the chain) |",
        large / small
    );
}

fn main() {
    let Some(server) = server() else {
        println!(
            "floor benchmarks skipped: no PostgreSQL at PAIRS_TABLE_BENCH_PG or 127.0.0.1:5432 (install it: apt-get install postgresql)"
        );
        return;
    };
    let dir = dir();
    ship_rate(&server, &dir);
    latency(&FloorDb::new(&server, "pit"), &dir);
    status_at_scale(&server);
    let _ = std::fs::remove_dir_all(&dir);
}
