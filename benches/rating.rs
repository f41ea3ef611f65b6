//! Player rating benchmark (no criterion; `cargo bench --bench rating`): one
//! rated player's rating over RATING_BENCH_HANDS hands (default 100,000;
//! target ≤ 50 ms) against a single SQL sum over the same hands' transfers,
//! measured in the same run. The ledger is built once (each hand a durable
//! commit, as at a table) and kept in the temporary directory for reruns.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{open, play, rocket, station};
use pairs_table::ids::StaffId;
use pairs_table::rating::{Period, Rater};
use pairs_table::simulate::Strategy;

mod common;

const CARD: &str = "B-1";

/// A ledger where CARD sat at seat 1 for `hands` Rocket hands (2 seats).
fn build(path: &Path, hands: usize) {
    let partial = path.with_extension("partial");
    let _ = std::fs::remove_file(&partial);
    let (mut ledger, context) = station(&partial);
    ledger
        .seat_player(context.shift, 1, CARD, None, StaffId(1))
        .unwrap();
    let mut simulation = rocket(2, 1);
    let started = Instant::now();
    for n in 0..hands {
        play(&mut ledger, context, &mut simulation);
        if n % 10_000 == 9_999 {
            eprintln!("built {} hands in {:.0?}", n + 1, started.elapsed());
        }
    }
    drop(ledger);
    for suffix in ["", "-wal", "-shm"] {
        let from = PathBuf::from(format!("{}{suffix}", partial.display()));
        if from.exists() {
            std::fs::rename(&from, format!("{}{suffix}", path.display())).unwrap();
        }
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let hands: usize = std::env::var("RATING_BENCH_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let path = std::env::temp_dir().join(format!("pairs-table-rating-bench-{hands}.sqlite3"));
    if !path.exists() {
        eprintln!("building {} ({hands} hands, once)", path.display());
        build(&path, hands);
    }
    let ledger = open(&path);
    let mut rater = Rater::new(Strategy::Optimal);
    // Warm-up: the par sheet's edge for 6 decks, the page cache.
    let rating = rater.rate_player(&ledger, CARD, Period::default()).unwrap();
    assert_eq!(rating.rating.hands as usize, hands);
    let runs = 15;
    let rated = median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                let r = rater.rate_player(&ledger, CARD, Period::default()).unwrap();
                let took = start.elapsed();
                // The session is open: its time grows between runs.
                assert_eq!(
                    (
                        r.rating.hands,
                        r.rating.wagered,
                        r.rating.actual_win,
                        r.rating.theo
                    ),
                    (
                        rating.rating.hands,
                        rating.rating.wagered,
                        rating.rating.actual_win,
                        rating.rating.theo
                    )
                );
                took
            })
            .collect(),
    );
    let conn = rusqlite::Connection::open(&path).unwrap();
    let sum = |conn: &rusqlite::Connection| -> i64 {
        conn.query_row(
            "SELECT COALESCE(SUM(CASE WHEN t.to_account = 'seat 1' THEN t.amount ELSE -t.amount END), 0) \
             FROM hands h JOIN transfers t ON t.hand_id = h.id \
             WHERE h.table_id = 1 AND (t.from_account = 'seat 1' OR t.to_account = 'seat 1')",
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    assert_eq!(-sum(&conn), rating.rating.actual_win);
    let summed = median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                sum(&conn);
                start.elapsed()
            })
            .collect(),
    );
    println!("rating over {hands} hands (median of {runs})");
    println!("| path | time |");
    println!("| --- | --- |");
    println!("| `Rater::rate_player` (sessions, hands, bets, transfers, theo) | {rated:.1?} |");
    println!("| one SQL sum of the seat's transfers over the same hands | {summed:.1?} |");
    println!(
        "| ratio | {:.2} (target: rating ≤ 50 ms) |",
        rated.as_secs_f64() / summed.as_secs_f64()
    );
}
