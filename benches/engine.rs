//! Hands per second for Rocket (6 seats, 8 decks) and Starboard (7 seats),
//! measured against bare loops that deal the same number of cards from a
//! shuffled array, in the same run. `cargo bench --bench engine`; figures go
//! in docs/performance.md.

use std::hint::black_box;
use std::time::{Duration, Instant};

use pairs_table::engine::Step;
use pairs_table::engine::card::Decks;
use pairs_table::engine::hand::{GameKind, Hand, Need};
use pairs_table::engine::rocket::{RocketHand, SeatBet};
use pairs_table::engine::rules::HouseRules;
use pairs_table::engine::shoe::{Shoe, ShoeEvent};
use pairs_table::engine::starboard::StarboardHand;
use pairs_table::engine::table::HandEvent;
use pairs_table::simulate::{SimConfig, Simulation, Strategy, decide};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

const RUNS: usize = 7;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Plays `hands` hands as `simulate` does, each returning its record;
/// returns the time and the cards dealt (burns included).
fn play(game: GameKind, seats: u8, hands: u64) -> (Duration, u64) {
    let config = SimConfig {
        game,
        decks: Decks::new(8).expect("8 decks"),
        seats,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    let mut sim = Simulation::seeded(&config, 42).expect("valid config");
    let mut cards = 0u64;
    let start = Instant::now();
    for _ in 0..hands {
        let finished = sim.play_next().expect("simulated hand");
        cards += finished
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    HandEvent::Card { .. } | HandEvent::Shoe(ShoeEvent::Burned { .. })
                )
            })
            .count() as u64;
        black_box(finished);
    }
    (start.elapsed(), cards)
}

/// Plays `hands` hands with the engine core alone: the software shoe, the
/// hand state machine and the players' decisions, without the table's
/// per-hand record. Returns the time and the cards dealt.
fn play_core(game: GameKind, seats: u8, hands: u64) -> (Duration, u64) {
    let rules = HouseRules::default();
    let decks = Decks::new(8).expect("8 decks");
    let mut master = StdRng::seed_from_u64(42);
    let mut shoe = Shoe::new(
        decks,
        rules.penetration_permille,
        rules.burn,
        StdRng::from_rng(&mut master),
    );
    let mut rng = StdRng::from_rng(&mut master);
    let bets: Vec<SeatBet> = (1..=seats).map(|seat| SeatBet { seat, bet: 100 }).collect();
    let players: Vec<i64> = (1..=i64::from(seats)).collect();
    let mut button = 1i64;
    let mut carry = 0i64;
    let mut cards = 0u64;
    let mut house = 0i64;
    let start = Instant::now();
    for _ in 0..hands {
        if shoe.shuffle_due() {
            shoe.shuffle();
        }
        shoe.clear_events();
        let mut hand = match game {
            GameKind::Rocket => {
                Hand::Rocket(RocketHand::new(&bets, &rules.rocket, None).expect("setup"))
            }
            GameKind::Starboard => {
                button = button % i64::from(seats) + 1;
                Hand::Starboard(
                    StarboardHand::new(&players, button, carry, &rules.starboard).expect("setup"),
                )
            }
        };
        loop {
            match hand.need() {
                Need::Card(_) => {
                    let rank = shoe.deal().expect("card");
                    if let Ok(Step::Card {
                        discarded: true, ..
                    }) = hand.deal(rank)
                    {
                        shoe.discard(rank);
                    }
                    cards += 1;
                }
                Need::Decision { seat, .. } => {
                    let action = decide(Strategy::NextCard, &hand, seat, decks, &mut rng);
                    hand.act(seat, action).expect("legal decision");
                }
                Need::Done => break,
            }
        }
        for seat in 1..=seats {
            house -= hand.net(seat).unwrap_or(0);
        }
        if let Hand::Starboard(h) = &hand {
            carry = h.split().map_or(0, |s| s.carry_out as i64);
        }
        shoe.end_hand();
    }
    black_box(house);
    (start.elapsed(), cards + u64::from(shoe.count().burned()))
}

/// Deals `cards` cards from a shuffled 8-deck array, reshuffling with the
/// same generator at the same 80% cut card.
fn bare_loop_with_shuffles(cards: u64) -> Duration {
    let mut rng = StdRng::seed_from_u64(42);
    let mut shoe: Vec<u8> = (1..=10u8)
        .flat_map(|r| std::iter::repeat_n(r, usize::from(r) * 8))
        .collect();
    let cut = shoe.len() * 4 / 5;
    shoe.shuffle(&mut rng);
    let mut next = 0;
    let mut sum = 0u64;
    let start = Instant::now();
    for _ in 0..cards {
        if next == cut {
            shoe.shuffle(&mut rng);
            next = 0;
        }
        sum += u64::from(black_box(shoe[next]));
        next += 1;
    }
    black_box(sum);
    start.elapsed()
}

/// Reads `cards` cards from a shuffled array with no shuffling at all.
fn bare_reads(cards: u64) -> Duration {
    let mut rng = StdRng::seed_from_u64(42);
    let mut shoe: Vec<u8> = (1..=10u8)
        .flat_map(|r| std::iter::repeat_n(r, usize::from(r) * 8))
        .collect();
    shoe.shuffle(&mut rng);
    let mut sum = 0u64;
    let start = Instant::now();
    for i in 0..cards {
        sum += u64::from(black_box(shoe[(i % shoe.len() as u64) as usize]));
    }
    black_box(sum);
    start.elapsed()
}

fn bench(name: &str, game: GameKind, seats: u8, hands: u64) {
    play(game, seats, hands / 10); // warm up
    play_core(game, seats, hands / 10);
    let mut table = Vec::new();
    let mut core = Vec::new();
    let mut bare = Vec::new();
    let mut reads = Vec::new();
    let mut cards = 0;
    for _ in 0..RUNS {
        let (elapsed, dealt) = play(game, seats, hands);
        table.push(elapsed);
        cards = dealt;
        core.push(play_core(game, seats, hands).0);
        bare.push(bare_loop_with_shuffles(dealt));
        reads.push(bare_reads(dealt));
    }
    let (table, core, bare, reads) = (median(table), median(core), median(bare), median(reads));
    println!("{name}: {hands} hands, about {cards} cards, median of {RUNS} runs");
    for (what, time) in [
        ("table session with records", table),
        ("engine core (shoe, hand, decisions)", core),
        ("bare loop, same cards and shuffles", bare),
        ("bare reads, no shuffling", reads),
    ] {
        println!(
            "  {what:<38} {:>7.3} s {:>11.0} hands/s {:>7.1} ns/hand  {:>6.2}x bare loop",
            time.as_secs_f64(),
            hands as f64 / time.as_secs_f64(),
            time.as_nanos() as f64 / hands as f64,
            time.as_secs_f64() / bare.as_secs_f64(),
        );
    }
}

/// `simulate`'s run of `hands` Rocket hands (6 seats, 8 decks) on one
/// thread against the same run on every core (issue 47: at least 1.8x on
/// two cores for 1M hands), the two summaries compared.
fn bench_threads(hands: u64) {
    use pairs_table::simulate::BlockRun;
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(8).expect("8 decks"),
        seats: 6,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let run = |threads: usize| {
        let start = Instant::now();
        let summary = BlockRun {
            config: &config,
            seat_betting: &[],
            follow_seats: false,
            hands,
        }
        .play(&mut StdRng::seed_from_u64(42), threads)
        .expect("simulated run");
        (
            start.elapsed(),
            serde_json::to_string(&summary).expect("JSON"),
        )
    };
    let (one, one_summary) = run(1);
    let (all, all_summary) = run(cores);
    assert_eq!(
        one_summary, all_summary,
        "the same summary on every count of threads"
    );
    println!(
        "simulate, {hands} Rocket hands (6 seats, 8 decks): 1 thread {:.2} s, {cores} threads {:.2} s: {:.2}x",
        one.as_secs_f64(),
        all.as_secs_f64(),
        one.as_secs_f64() / all.as_secs_f64()
    );
}

fn main() {
    let hands = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1_000_000u64);
    bench("Rocket, 6 seats, 8 decks", GameKind::Rocket, 6, hands);
    bench("Starboard, 7 seats, 8 decks", GameKind::Starboard, 7, hands);
    bench_threads(hands);
}
