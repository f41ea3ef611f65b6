//! Game-protection benchmark (no criterion; `cargo bench --bench
//! protection`), each figure against a baseline from the same run:
//!
//! 1. The live edge: `EdgeTracker::track` per hand at a 6-seat, 6-deck
//!    table (the edge at the bet and every decision's cost; target ≤ 20 ms
//!    a hand on one core) against one `edge_from_shoe` solve of a full shoe.
//! 2. The report as `report protection` writes it (figures, PDF, CSV) over a shift of
//!    PROTECTION_BENCH_HANDS hands (default 5,000; target ≤ 2 s) against
//!    reading the same hands back from the ledger (`table_hands_from_shuffle`),
//!    then the same report with every hand solved again (`--recompute`).
//!    The ledger is built once (each hand committed with its figures, as a
//!    station commits it) and kept in the temporary directory.
//! 3. The floor's check of the recorded figures (`FigureAudit::check`,
//!    what the verifier runs on each station's replica) per hand of the
//!    same ledger, against one Ed25519 signature check (a station signs a
//!    checkpoint with each hand).
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{SystemTime, rocket, station};
use pairs_table::engine::card::Decks;
use pairs_table::figures::{ProtectionReads, Recorder};
use pairs_table::ids::{HandId, TableId};
use pairs_table::par::rocket::{ShoeCounts, edge_from_shoe};
use pairs_table::protection::{EdgeTracker, FiguresFrom, FlagSettings};
use pairs_table::rating::Period;

mod common;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn live_edge() {
    let hands = 300;
    let mut simulation = rocket(6, 34);
    let played: Vec<_> = (0..hands)
        .map(|_| simulation.play_hand().unwrap())
        .collect();
    let full = ShoeCounts::full(Decks::new(6).unwrap());
    let baseline = median(
        (0..30)
            .map(|_| {
                let started = Instant::now();
                std::hint::black_box(edge_from_shoe(&full).house_edge());
                started.elapsed()
            })
            .collect(),
    );
    let mut tracker = EdgeTracker::new();
    let mut decisions = 0;
    let samples: Vec<Duration> = played
        .iter()
        .map(|hand| {
            let started = Instant::now();
            let edge = tracker.track(hand).unwrap();
            let elapsed = started.elapsed();
            decisions += edge.seats.iter().map(|s| s.decisions.len()).sum::<usize>();
            elapsed
        })
        .collect();
    let worst = samples.iter().max().copied().unwrap_or_default();
    let typical = median(samples);
    println!(
        "live edge, 6 seats, 6 decks: {hands} hands, {:.1} decisions a hand; median {typical:.2?} a hand, worst {worst:.2?} (target 20 ms); baseline one full-shoe solve {baseline:.2?}; median hand = {:.1} × baseline",
        decisions as f64 / hands as f64,
        typical.as_secs_f64() / baseline.as_secs_f64()
    );
}

/// A ledger with one 6-seat Rocket table and `hands` hands, recorded as a
/// station records them (each with its figures, `hand_edges`).
fn build(path: &Path, hands: usize) {
    let partial = path.with_extension("partial");
    let _ = std::fs::remove_file(&partial);
    let (mut ledger, context) = station(&partial);
    let mut simulation = rocket(6, 5);
    let mut recorder = Recorder::new(context);
    for _ in 0..hands {
        let finished = simulation
            .play_hand_with(|table| recorder.sync(&mut ledger, table))
            .unwrap();
        recorder.commit(&mut ledger, &finished).unwrap();
    }
    drop(ledger);
    for suffix in ["", "-wal", "-shm"] {
        let from = PathBuf::from(format!("{}{suffix}", partial.display()));
        if from.exists() {
            std::fs::rename(&from, format!("{}{suffix}", path.display())).unwrap();
        }
    }
}

fn report() {
    let hands: usize = std::env::var("PROTECTION_BENCH_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000);
    let path =
        std::env::temp_dir().join(format!("pairs-table-protection-bench-v16-{hands}.sqlite3"));
    if !path.exists() {
        eprintln!("building {} ({hands} hands, once)", path.display());
        build(&path, hands);
    }
    let ledger =
        pairs_table::ledger::Ledger::open_read_only(&path, Box::new(SystemTime), false).unwrap();
    let started = Instant::now();
    let read = ledger
        .table_hands_from_shuffle(TableId(1), HandId(1), HandId(i64::MAX))
        .unwrap();
    let baseline = started.elapsed();
    assert_eq!(read.len(), hands);
    // The report as `report protection` prints it: figures, PDF and CSV.
    let out = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let report = pairs_table::printing::save_protection_report(
        &ledger,
        Period::default(),
        (FlagSettings::default(), FiguresFrom::Recorded),
        (
            &out.path().join("report.pdf"),
            Some(&out.path().join("report.csv")),
        ),
    )
    .unwrap();
    let elapsed = started.elapsed();
    let seats = report.tables.iter().map(|t| t.seats.len()).sum::<usize>();
    println!(
        "report (PDF and CSV): {hands} hands, {seats} seats: {elapsed:.2?} (target 2 s); baseline reading the hands back {baseline:.2?}; report = {:.1} × baseline",
        elapsed.as_secs_f64() / baseline.as_secs_f64()
    );
    // The same report with every hand solved again (`--recompute`).
    let started = Instant::now();
    let recomputed = ledger
        .protection_report(
            Period::default(),
            FlagSettings::default(),
            FiguresFrom::Cards,
        )
        .unwrap();
    let solving = started.elapsed();
    assert!(
        (&recomputed.tables, &recomputed.players) == (&report.tables, &report.players),
        "the recorded figures are not the ones the cards give"
    );
    println!(
        "report with every hand solved again (--recompute): {solving:.2?}; {:.1} × baseline",
        solving.as_secs_f64() / baseline.as_secs_f64()
    );
    figure_check(&ledger, hands);
}

/// The floor's figure check per hand against one signature check.
fn figure_check(ledger: &pairs_table::ledger::Ledger, hands: usize) {
    use ed25519_dalek::{Signer, SigningKey, Verifier};
    let key = SigningKey::from_bytes(&[7; 32]);
    let message = [0x5a_u8; 120];
    let signature = key.sign(&message);
    let public = key.verifying_key();
    let started = Instant::now();
    for _ in 0..hands {
        std::hint::black_box(public.verify(std::hint::black_box(&message), &signature)).unwrap();
    }
    let signature_check = started.elapsed() / hands as u32;
    let mut audit = pairs_table::figures::FigureAudit::default();
    let started = Instant::now();
    let mismatches = audit.check(ledger, u32::MAX).unwrap();
    let checking = started.elapsed();
    assert!(mismatches.is_empty(), "{mismatches:?}");
    assert_eq!(audit.checked, hands as u64);
    let per_hand = checking / hands as u32;
    println!(
        "floor's figure check: {hands} hands in {checking:.2?} (both cores), {per_hand:.2?} a hand; baseline one Ed25519 signature check {signature_check:.2?}; a hand's check = {:.0} × baseline",
        per_hand.as_secs_f64() / signature_check.as_secs_f64()
    );
}

fn main() {
    live_edge();
    report();
}
