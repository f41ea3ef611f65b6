//! The exact edge from a seen shoe (`cargo bench -p pairs-solver`, no
//! criterion): `ShoeEdge::solve` over a fixed list of six-deck shoes part
//! dealt at random (up to 80%, as countability's hands see them), one core,
//! against the full-shoe par solve (`pairs_solver::solve`) of six decks in
//! the same run. Countability (issue 47) makes one such solve a hand.

use std::hint::black_box;
use std::time::{Duration, Instant};

use pairs_engine::card::Decks;
use pairs_solver::{ShoeCounts, edge_from_shoe, solve};

/// `count` six-deck shoes, each with up to 80% of its cards dealt at
/// random (xorshift, fixed seed).
fn seen_shoes(count: usize) -> Vec<ShoeCounts> {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let full: Vec<usize> = (0..10).flat_map(|r| vec![r; 6 * (r + 1)]).collect();
    std::iter::repeat_with(|| {
        let mut cards = full.clone();
        let dealt = (next() % (cards.len() as u64 * 4 / 5)) as usize;
        for _ in 0..dealt {
            let at = (next() % cards.len() as u64) as usize;
            cards.swap_remove(at);
        }
        let mut copies = [0u32; 10];
        for &rank in &cards {
            copies[rank] += 1;
        }
        ShoeCounts::new(copies).ok()
    })
    .flatten()
    .take(count)
    .collect()
}

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn main() {
    let shoes = seen_shoes(500);
    let six = Decks::new(6).expect("six decks");
    let mut edge = edge_from_shoe(&shoes[0]);
    let (mut solve_times, mut par_times) = (Vec::new(), Vec::new());
    for _ in 0..7 {
        let start = Instant::now();
        for shoe in &shoes {
            edge.solve(shoe);
            black_box(edge.house_edge());
        }
        solve_times.push(start.elapsed() / shoes.len() as u32);
        let start = Instant::now();
        black_box(solve(six).house_edge());
        par_times.push(start.elapsed());
    }
    let (shoe, par) = (median(solve_times), median(par_times));
    println!(
        "ShoeEdge::solve, six decks part dealt, {} shoes: {:.1} us a shoe (median of 7); full-shoe par solve {:.1} us; ratio {:.3}",
        shoes.len(),
        shoe.as_secs_f64() * 1e6,
        par.as_secs_f64() * 1e6,
        shoe.as_secs_f64() / par.as_secs_f64()
    );
}
