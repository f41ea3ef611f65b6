//! Par sheet benchmark (no criterion; `cargo bench --bench par`): Rocket's
//! whole exact par sheet for 1 to 8 decks (every strategy's figures, the
//! best play, its reachable states; no seat simulation), on one thread,
//! against a baseline from the same run: one plain sweep over the same
//! (player, dealer) stack pairs, counting each one's shoe, with no values.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use pairs_table::engine::Decks;
use pairs_table::engine::rules::HouseRules;
use pairs_table::par::RocketSheet;

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

fn main() {
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
