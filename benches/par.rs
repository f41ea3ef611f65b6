//! Par sheet benchmark (no criterion; `cargo bench --bench par`): Rocket's
//! whole exact par sheet for 1 to 8 decks (every strategy's figures, the
//! best play, its reachable states; no seat simulation), on one thread,
//! against a baseline from the same run: one plain sweep over the same
//! (player, dealer) stack pairs, counting each one's shoe, with no values.
//!
//! Then the exact edge from a shoe (`rocket::edge_from_shoe`, budget 20 ms
//! a shoe on one core) for 1 to 8 decks, on shoes part dealt at random,
//! against the full-shoe par solve (`rocket::solve`) of the same deck count
//! in the same run.
//!
//! Then countability (`par::countability`, target 20,000 one-deck shoes in
//! 60 s on both cores; issue 47's, six decks): `COUNTABILITY_SHOES` shoes
//! (default 2,000) of `COUNTABILITY_DECKS` decks (default 1) on every core,
//! against the same run on one thread.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use pairs_table::engine::Decks;
use pairs_table::engine::rules::HouseRules;
use pairs_table::par::RocketSheet;
use pairs_table::par::rocket::{self, ShoeCounts};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

/// Every decision state's shoe counted once: equal stack sizes, no 3 with
/// the dealer, copies left of each rank summed.
fn sweep(decks: u32) -> u64 {
    let mut total = 0u64;
    for player in 1u32..1 << 10 {
        for dealer in 1u32..1 << 10 {
            if dealer & 0b100 != 0 || dealer.count_ones() != player.count_ones() {
                continue;
            }
            for rank in 0..10 {
                let out = (player >> rank & 1) + (dealer >> rank & 1);
                total += u64::from((decks * (rank + 1)).saturating_sub(out));
            }
        }
    }
    total
}

/// `count` shoes of `decks`, each with a random share (up to 90%) of its
/// cards dealt at random (shoes too small to deal every hand skipped).
fn part_dealt_shoes(decks: u8, count: usize, rng: &mut StdRng) -> Vec<ShoeCounts> {
    let mut cards: Vec<usize> = (0..10)
        .flat_map(|r| vec![r; usize::from(decks) * (r + 1)])
        .collect();
    std::iter::repeat_with(|| {
        cards.shuffle(rng);
        let left = cards.len() - rng.random_range(0..cards.len() * 9 / 10);
        let mut copies = [0u32; 10];
        for &rank in &cards[..left] {
            copies[rank] += 1;
        }
        ShoeCounts::new(copies).ok()
    })
    .flatten()
    .take(count)
    .collect()
}

/// The edge from a shoe against the full-shoe solve, 1 to 8 decks.
fn shoe_edges() {
    println!("exact edge from a shoe, one core (budget 20 ms a shoe):");
    let mut rng = StdRng::seed_from_u64(33);
    let mut edge = rocket::edge_from_shoe(&ShoeCounts::full(Decks::new(1).unwrap()));
    for decks in 1..=8u8 {
        let full = Decks::new(i64::from(decks)).unwrap();
        let shoes = part_dealt_shoes(decks, 200, &mut rng);
        let mut solve_times = Vec::new();
        let mut shoe_times = Vec::new();
        for _ in 0..5 {
            let start = Instant::now();
            black_box(rocket::solve(full).house_edge());
            solve_times.push(start.elapsed());
            let start = Instant::now();
            for shoe in &shoes {
                edge.solve(shoe);
                black_box(edge.house_edge());
            }
            shoe_times.push(start.elapsed() / shoes.len() as u32);
        }
        let solve = median(solve_times);
        let shoe = median(shoe_times);
        println!(
            "  {decks} deck(s): {:.3} ms a shoe; full-shoe par solve {:.3} ms; ratio {:.3}",
            shoe.as_secs_f64() * 1e3,
            solve.as_secs_f64() * 1e3,
            shoe.as_secs_f64() / solve.as_secs_f64()
        );
        assert!(shoe < Duration::from_millis(20), "over 20 ms a shoe");
    }
}

/// Countability on both cores against one thread, the same shoes.
fn countability() {
    let shoes: u64 = std::env::var("COUNTABILITY_SHOES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(2_000);
    // One deck by default (issue 33's target); COUNTABILITY_DECKS=6 for
    // issue 47's.
    let deck_count: i64 = std::env::var("COUNTABILITY_DECKS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1);
    let rules = HouseRules::default();
    let decks = Decks::new(deck_count).unwrap();
    let timed = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let start = Instant::now();
        let run = pool.install(|| {
            pairs_table::par::countability::countability(decks, &rules, shoes, 1, &|| {}).unwrap()
        });
        (start.elapsed(), run)
    };
    let (one, baseline) = timed(1);
    let cores = rayon::current_num_threads();
    let (all, run) = timed(cores);
    assert_eq!(run, baseline, "the figures depend on the threads");
    let per_20k = all.as_secs_f64() * 20_000.0 / shoes as f64;
    println!(
        "countability, {deck_count} decks, {shoes} shoes ({} hands): {:.2} s on {cores} threads, {:.2} s on one; ratio {:.3}; 20,000 shoes at this rate: {per_20k:.1} s (target 60 s)",
        run.hands,
        all.as_secs_f64(),
        one.as_secs_f64(),
        all.as_secs_f64() / one.as_secs_f64()
    );
}

fn main() {
    countability();
    shoe_edges();
    let rules = HouseRules::default();
    let runs = 5;
    let mut sheet_times = Vec::new();
    let mut sweep_times = Vec::new();
    let mut states = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let sheets: Vec<RocketSheet> = (1..=8)
            .map(|n| RocketSheet::new(Decks::new(n).unwrap(), &rules, 0, 0).unwrap())
            .collect();
        sheet_times.push(start.elapsed());
        states = sheets.iter().map(|s| s.states_visited).sum::<u64>();
        black_box(&sheets);
        let start = Instant::now();
        let counted: u64 = (1..=8).map(sweep).sum();
        sweep_times.push(start.elapsed());
        black_box(counted);
    }
    let sheet = median(sheet_times);
    let baseline = median(sweep_times);
    println!("par sheet, 1..8 decks: {states} decision states evaluated");
    println!(
        "  whole sheet: {:.3} s (median of {runs}); budget 1 s",
        sheet.as_secs_f64()
    );
    println!(
        "  baseline sweep of the same states: {:.4} s; ratio {:.1}x",
        baseline.as_secs_f64(),
        sheet.as_secs_f64() / baseline.as_secs_f64()
    );
    // For the record (not part of the 1 s budget): the seats simulation,
    // 100,000 hands of the best play at 6 seats from 6 decks.
    let start = Instant::now();
    let estimate = pairs_table::par::rocket_simulated_edge(
        Decks::new(6).unwrap(),
        &rules,
        pairs_table::simulate::Strategy::Optimal,
        6,
        100_000,
        1,
    )
    .unwrap();
    println!(
        "  seats simulation, 100,000 hands at 6 seats: {:.3} s (edge {:.4})",
        start.elapsed().as_secs_f64(),
        estimate.mean
    );
    assert!(
        sheet < Duration::from_secs(1),
        "the par sheet took over 1 s"
    );
}
