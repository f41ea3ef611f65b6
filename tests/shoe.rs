//! The software shoe and the table session: fairness (chi-square by position,
//! runs, serial correlation), commitments, cut card,
//! burns, mid-hand reshuffles, foreign cards and button rotation.

use pairs_table::engine::Rank;
use pairs_table::engine::card::Decks;
use pairs_table::engine::hand::{Action, GameKind, Need};
use pairs_table::engine::rules::HouseRules;
use pairs_table::engine::shoe::{Shoe, ShoeCount, ShoeError, ShoeEvent};
use pairs_table::engine::table::{CardSource, CardSupply, HandEvent, Seating, Table, TableError};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn decks(n: i64) -> Decks {
    Decks::new(n).unwrap()
}

/// REGULATORY.md: shuffles must be random to 99% confidence. The upper 1%
/// point of the standard normal, for one-sided tests (chi-square).
const Z_ONE_SIDED_99: f64 = 2.326;
/// The two-sided 1% point of the standard normal (runs, serial correlation).
const Z_TWO_SIDED_99: f64 = 2.576;

/// Shuffles per test: enough that the biased shuffles below fail by far.
const SHUFFLES: usize = 20_000;

/// A one-deck shoe's ranks, lowest first.
fn sorted_deck() -> Vec<u8> {
    (1..=10u8)
        .flat_map(|r| std::iter::repeat_n(r, usize::from(r)))
        .collect()
}

/// `SHUFFLES` orders of a one-deck software shoe, each one shuffle.
fn software_shoe_orders(seed: u64) -> impl Iterator<Item = Vec<u8>> {
    let mut shoe = Shoe::new(decks(1), 800, 0, StdRng::seed_from_u64(seed));
    (0..SHUFFLES).map(move |_| {
        shoe.shuffle();
        shoe.reveal().order.iter().map(|r| r.value()).collect()
    })
}

/// The naive shuffle: every card swapped with a card anywhere in the deck
/// (n^n equally likely paths onto n! orders, so some orders are favoured).
fn naive_swap_orders(seed: u64) -> impl Iterator<Item = Vec<u8>> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..SHUFFLES).map(move |_| {
        let mut order = sorted_deck();
        for i in 0..order.len() {
            let j = rng.random_range(0..order.len());
            order.swap(i, j);
        }
        order
    })
}

/// A "shuffle" that only cuts a sorted deck at a random card: every rank
/// is exactly as likely at every position as in a fair shuffle, but the
/// cards keep their neighbours.
fn cut_only_orders(seed: u64) -> impl Iterator<Item = Vec<u8>> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..SHUFFLES).map(move |_| {
        let mut order = sorted_deck();
        let cut = rng.random_range(0..order.len());
        order.rotate_left(cut);
        order
    })
}

/// Chi-square of rank-by-position counts against the composition, over all
/// positions of a one-deck shoe (55 positions × 9 degrees of freedom):
/// the statistic and its 99% critical value.
fn chi_square(orders: impl Iterator<Item = Vec<u8>>) -> (f64, f64) {
    let mut counts = vec![[0u64; 10]; 55];
    let mut shuffles = 0u64;
    for order in orders {
        shuffles += 1;
        for (position, rank) in order.iter().enumerate() {
            counts[position][usize::from(*rank) - 1] += 1;
        }
    }
    let mut statistic = 0.0;
    for row in &counts {
        for (i, &observed) in row.iter().enumerate() {
            let expected = shuffles as f64 * (i + 1) as f64 / 55.0;
            statistic += (observed as f64 - expected).powi(2) / expected;
        }
    }
    // Wilson–Hilferty: the 99th percentile of chi-square with k degrees of freedom.
    let k: f64 = 55.0 * 9.0;
    let critical = k * (1.0 - 2.0 / (9.0 * k) + Z_ONE_SIDED_99 * (2.0 / (9.0 * k)).sqrt()).powi(3);
    eprintln!("chi-square {statistic:.1} (99% critical value {critical:.1})");
    (statistic, critical)
}

/// Runs test (Wald–Wolfowitz) of high cards (8, 9, 10: 27 of 55) against
/// low ones (1 to 7: 28): the z-score of the total number of runs over all
/// orders, against its exact mean and variance for a random order.
fn runs_z(orders: impl Iterator<Item = Vec<u8>>) -> f64 {
    let (low, high, n) = (28.0, 27.0, 55.0);
    let mean = 2.0 * low * high / n + 1.0;
    let variance = 2.0 * low * high * (2.0 * low * high - n) / (n * n * (n - 1.0));
    let (mut runs, mut shuffles) = (0.0, 0.0);
    for order in orders {
        shuffles += 1.0;
        runs += 1.0
            + order
                .windows(2)
                .filter(|w| (w[0] >= 8) != (w[1] >= 8))
                .count() as f64;
    }
    let z = (runs - shuffles * mean) / (shuffles * variance).sqrt();
    eprintln!("runs: z = {z:.2}");
    z
}

/// Serial correlation of neighbouring cards: the mean over all orders of
/// Σ rank(i) × rank(i+1), against its exact expectation for a random order
/// of the deck: n − 1 neighbouring pairs of E[rank × rank] = (S² − Q) / (n(n − 1)),
/// with S the sum and Q the sum of squares of the ranks, so (S² − Q) / n;
/// z-score by the sample's own standard error.
fn serial_z(orders: impl Iterator<Item = Vec<u8>>) -> f64 {
    let deck = sorted_deck();
    let n = deck.len() as f64;
    let sum: f64 = deck.iter().map(|&r| f64::from(r)).sum();
    let squares: f64 = deck.iter().map(|&r| f64::from(r).powi(2)).sum();
    let expected = (sum * sum - squares) / n;
    let products: Vec<f64> = orders
        .map(|order| {
            order
                .windows(2)
                .map(|w| f64::from(w[0]) * f64::from(w[1]))
                .sum()
        })
        .collect();
    let count = products.len() as f64;
    let mean = products.iter().sum::<f64>() / count;
    let variance = products.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (count - 1.0);
    let z = (mean - expected) / (variance / count).sqrt();
    eprintln!("serial correlation: z = {z:.2}");
    z
}

#[test]
fn the_shoe_shuffle_passes_chi_square_by_position() {
    let (statistic, critical) = chi_square(software_shoe_orders(7));
    assert!(
        statistic < critical,
        "chi-square {statistic:.1} ≥ {critical:.1}"
    );
}

#[test]
fn a_naive_swap_with_any_card_shuffle_fails_the_same_test() {
    let (statistic, critical) = chi_square(naive_swap_orders(7));
    assert!(
        statistic > critical,
        "the biased shuffle went unnoticed: {statistic:.1} < {critical:.1}"
    );
}

#[test]
fn the_shoe_shuffle_passes_the_runs_and_serial_correlation_tests() {
    let runs = runs_z(software_shoe_orders(8));
    assert!(runs.abs() < Z_TWO_SIDED_99, "runs z = {runs:.2}");
    let serial = serial_z(software_shoe_orders(9));
    assert!(serial.abs() < Z_TWO_SIDED_99, "serial z = {serial:.2}");
}

/// Chi-square by position cannot see this defect reliably (each position
/// holds each rank exactly as often as it should); these two tests can.
#[test]
fn a_cut_only_shuffle_fails_the_runs_and_serial_correlation_tests() {
    let runs = runs_z(cut_only_orders(8));
    assert!(
        runs < -Z_TWO_SIDED_99,
        "too few runs went unnoticed: z = {runs:.2}"
    );
    let serial = serial_z(cut_only_orders(9));
    assert!(
        serial > Z_TWO_SIDED_99,
        "neighbours alike went unnoticed: z = {serial:.2}"
    );
}

#[test]
fn every_shuffle_is_committed_before_dealing_and_revealed_after() {
    let mut shoe = Shoe::new(decks(2), 800, 5, StdRng::seed_from_u64(1));
    let first = match &shoe.events()[0] {
        ShoeEvent::Shuffled(commitment) => *commitment,
        other => panic!("the first event must be the commitment, not {other:?}"),
    };
    let burned: Vec<Rank> = shoe
        .events()
        .iter()
        .filter_map(|e| match e {
            ShoeEvent::Burned { rank } => Some(*rank),
            _ => None,
        })
        .collect();
    assert_eq!(burned.len(), 5);
    shoe.clear_events();
    let dealt: Vec<Rank> = (0..10).map(|_| shoe.deal().unwrap()).collect();
    shoe.end_hand();
    shoe.shuffle();
    let ShoeEvent::Revealed(reveal) = &shoe.events()[0] else {
        panic!("a new shuffle reveals the old one first");
    };
    assert!(reveal.matches(&first));
    assert_eq!(&reveal.order[..5], &burned[..], "burns come off the top");
    assert_eq!(&reveal.order[5..15], &dealt[..], "then the deal, in order");
    let mut forged = reveal.clone();
    forged.order.swap(0, 1);
    if forged.order != reveal.order {
        assert!(
            !forged.matches(&first),
            "a different order does not match the commitment"
        );
    }
    let mut wrong_salt = reveal.clone();
    wrong_salt.salt[0] ^= 1;
    assert!(!wrong_salt.matches(&first));
}

#[test]
fn the_cut_card_sits_at_the_penetration_burns_included() {
    let mut count = ShoeCount::new(decks(1), 800);
    assert_eq!(count.cut_position(), 44);
    for rank in Rank::ALL
        .iter()
        .flat_map(|r| std::iter::repeat_n(*r, usize::from(r.value())))
        .take(43)
    {
        count.deal(rank).unwrap();
        assert!(!count.cut_card_out());
    }
    count.burn(Rank::ALL[9]).unwrap();
    assert!(count.cut_card_out(), "44 of 55 cards out is 80%");
}

#[test]
fn a_card_the_shoe_cannot_hold_is_foreign() {
    let mut count = ShoeCount::new(decks(2), 800);
    let one = Rank::ALL[0];
    count.deal(one).unwrap();
    count.deal(one).unwrap();
    assert!(matches!(
        count.deal(one),
        Err(ShoeError::ForeignCard {
            copy: 3,
            held: 2,
            ..
        })
    ));
    // After a reshuffle the copies in play stay counted.
    count.reshuffle();
    assert!(count.deal(one).is_err(), "both 1s are still in play");
    count.end_hand();
    count.reshuffle();
    count.deal(one).unwrap();
}

#[test]
fn a_table_refuses_a_foreign_external_card_and_counts_nothing() {
    let mut table = Table::new(
        GameKind::Rocket,
        HouseRules::default(),
        CardSupply::External(ShoeCount::new(decks(1), 800)),
    )
    .unwrap();
    let mut rng = StdRng::seed_from_u64(0);
    table
        .start_hand(&Seating::Rocket(vec![(1, 100), (2, 100)]), &mut rng)
        .unwrap();
    let one = Rank::ALL[0];
    table
        .deal_external(one, CardSource::Scanner { frame: 1 })
        .unwrap();
    let taken = table.count().taken();
    assert!(matches!(
        table.deal_external(one, CardSource::Scanner { frame: 2 }),
        Err(TableError::Shoe(ShoeError::ForeignCard { .. }))
    ));
    assert_eq!(table.count().taken(), taken);
    assert_eq!(
        table.need(),
        Need::Card(pairs_table::engine::CardTo::Seat(2))
    );
    // A card while a decision is due is refused and not counted either.
    table
        .deal_external(Rank::ALL[8], CardSource::Scanner { frame: 3 })
        .unwrap();
    table
        .deal_external(Rank::ALL[7], CardSource::Scanner { frame: 4 })
        .unwrap();
    let taken = table.count().taken();
    assert!(
        table
            .deal_external(Rank::ALL[6], CardSource::Scanner { frame: 5 })
            .is_err()
    );
    assert_eq!(table.count().taken(), taken);
}

/// Plays hands on a one-deck, six-seat Rocket table with bold players until
/// the shoe runs out mid-hand, checking card conservation after every step.
#[test]
fn a_shoe_that_runs_out_mid_hand_reshuffles_the_discards_only() {
    let rules = HouseRules::default();
    let shoe = Shoe::new(
        decks(1),
        rules.penetration_permille,
        rules.burn,
        StdRng::seed_from_u64(3),
    );
    let mut table = Table::new(
        GameKind::Rocket,
        rules,
        CardSupply::Software(Box::new(shoe)),
    )
    .unwrap();
    let seating = Seating::Rocket((1..=6).map(|s| (s, 10)).collect());
    let mut rng = StdRng::seed_from_u64(4);
    let mut mid_hand = 0;
    for _ in 0..2000 {
        table.start_hand(&seating, &mut rng).unwrap();
        loop {
            let count = table.count();
            assert_eq!(
                count.remaining() + count.in_play() + count.discarded() + count.burned(),
                55,
                "cards are conserved"
            );
            match table.need() {
                Need::Done => break,
                Need::Card(_) => {
                    table.deal_from_shoe().unwrap();
                }
                Need::Decision { seat, .. } => {
                    table.act(seat, Action::Hit).unwrap();
                }
            }
        }
        let in_play = table.count().in_play();
        let finished = table.finish_hand().unwrap();
        for event in &finished.events {
            if let HandEvent::Shoe(ShoeEvent::Shuffled(s)) = event
                && s.mid_hand
            {
                mid_hand += 1;
                assert!(s.cards < 55, "the cards in play stay out of the reshuffle");
            }
        }
        let dealt = finished
            .events
            .iter()
            .filter(|e| matches!(e, HandEvent::Card { .. }))
            .count();
        assert_eq!(
            usize::from(in_play),
            dealt,
            "every dealt card was in play until the hand ended"
        );
    }
    assert!(
        mid_hand > 0,
        "a one-deck six-seat table must run out mid-hand sometimes"
    );
}

#[test]
fn the_starboard_button_starts_at_random_and_passes_left() {
    let rules = HouseRules::default();
    let mut firsts = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let shoe = Shoe::new(decks(2), 800, 5, StdRng::seed_from_u64(seed));
        let mut table = Table::new(
            GameKind::Starboard,
            rules,
            CardSupply::Software(Box::new(shoe)),
        )
        .unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let seating = Seating::Starboard(vec![2, 4, 7]);
        let mut buttons = Vec::new();
        for _ in 0..4 {
            table.start_hand(&seating, &mut rng).unwrap();
            buttons.push(table.hand().unwrap().0.button.unwrap());
            loop {
                match table.need() {
                    Need::Card(_) => {
                        table.deal_from_shoe().unwrap();
                    }
                    Need::Decision { seat, .. } => {
                        table.act(seat, Action::Lock).unwrap();
                    }
                    Need::Done => break,
                }
            }
            table.finish_hand().unwrap();
        }
        let next = |s: u8| match s {
            2 => 4,
            4 => 7,
            _ => 2,
        };
        for pair in buttons.windows(2) {
            assert_eq!(pair[1], next(pair[0]), "{buttons:?}");
        }
        firsts.insert(buttons[0]);
    }
    assert_eq!(
        firsts.len(),
        3,
        "every seat gets the first button sometimes"
    );
}

#[test]
fn the_rocket_button_goes_to_the_starter_and_breaks_the_next_tie() {
    let rules = HouseRules::default();
    let mut table = Table::new(
        GameKind::Rocket,
        rules,
        CardSupply::External(ShoeCount::new(decks(8), 800)),
    )
    .unwrap();
    let mut rng = StdRng::seed_from_u64(0);
    let seating = Seating::Rocket(vec![(1, 10), (3, 10)]);
    let deal = |table: &mut Table, ranks: &[u8]| {
        for r in ranks {
            table
                .deal_external(
                    Rank::new(i64::from(*r)).unwrap(),
                    CardSource::Manual { approved_by: 9 },
                )
                .unwrap();
        }
    };
    table.start_hand(&seating, &mut rng).unwrap();
    deal(&mut table, &[5, 5, 9]);
    assert_eq!(
        table.need(),
        Need::Decision {
            seat: 1,
            choices: [Action::Hit, Action::Fold]
        }
    );
    table.act(1, Action::Fold).unwrap();
    table.act(3, Action::Fold).unwrap();
    table.finish_hand().unwrap();
    assert_eq!(table.last_button(), Some(1));
    table.start_hand(&seating, &mut rng).unwrap();
    assert_eq!(table.hand().unwrap().0.previous_button, Some(1));
    deal(&mut table, &[5, 5, 9]);
    assert_eq!(
        table.need(),
        Need::Decision {
            seat: 3,
            choices: [Action::Hit, Action::Fold]
        }
    );
}

#[test]
fn a_table_refuses_bad_seating_and_changes_nothing() {
    let mut table = Table::new(
        GameKind::Rocket,
        HouseRules::default(),
        CardSupply::External(ShoeCount::new(decks(1), 800)),
    )
    .unwrap();
    let mut rng = StdRng::seed_from_u64(0);
    let seven = Seating::Rocket((1..=7).map(|s| (s, 10)).collect());
    assert!(matches!(
        table.start_hand(&seven, &mut rng),
        Err(TableError::Setup(
            pairs_table::engine::SetupError::TooManyPlayers { count: 7, .. }
        ))
    ));
    assert!(matches!(
        table.start_hand(&Seating::Starboard(vec![1, 2]), &mut rng),
        Err(TableError::WrongGame(GameKind::Rocket))
    ));
    assert!(
        table
            .start_hand(&Seating::Rocket(vec![(1, 15)]), &mut rng)
            .is_err()
    );
    assert_eq!(table.hands_started(), 0, "a refused hand is not counted");
    assert!(table.hand().is_none());
    table
        .start_hand(&Seating::Rocket(vec![(1, 10)]), &mut rng)
        .unwrap();
    assert_eq!(table.hands_started(), 1);
}

#[test]
fn a_session_reusing_its_records_deals_and_records_the_same_hands() {
    use pairs_table::simulate::{SimConfig, Simulation, Strategy};
    for (game, seats) in [(GameKind::Rocket, 6), (GameKind::Starboard, 7)] {
        let config = SimConfig {
            game,
            decks: decks(1),
            seats,
            bet: 100,
            rules: HouseRules::default(),
            strategy: Strategy::Random,
        };
        let mut fresh = Simulation::seeded(&config, 11).unwrap();
        let mut reusing = Simulation::seeded(&config, 11).unwrap();
        for _ in 0..500 {
            let expected = fresh.play_hand().unwrap();
            let reused = reusing.play_next().unwrap();
            assert_eq!(reused.setup, expected.setup);
            assert_eq!(reused.events, expected.events);
            assert_eq!(reused.transfers, expected.transfers);
            assert_eq!(format!("{:?}", reused.hand), format!("{:?}", expected.hand));
        }
    }
}

/// After a restart the software shoe carries on: the cards still in it are
/// shuffled and committed to as a shuffle of that many cards (which a
/// reader tells from a full shuffle by that number), the count goes on,
/// and no card already out can come again.
#[test]
fn a_shoe_carried_on_after_a_restart_shuffles_only_the_cards_still_in_it() {
    let decks = Decks::new(1).unwrap();
    let mut shoe = Shoe::new(decks, 800, 2, StdRng::seed_from_u64(7));
    let mut out = [0u16; 10];
    for event in shoe.events() {
        if let ShoeEvent::Burned { rank } = event {
            out[rank.index()] += 1;
        }
    }
    for _ in 0..10 {
        let rank = shoe.deal().unwrap();
        out[rank.index()] += 1;
    }
    shoe.end_hand();
    let count = shoe.count().clone();
    let mut carried = Shoe::new(decks, 800, 2, StdRng::seed_from_u64(8));
    carried.continue_from(count.clone(), false);
    let [ShoeEvent::Shuffled(commitment)] = carried.events() else {
        panic!("{:?}", carried.events());
    };
    let commitment = *commitment;
    assert_eq!(commitment.cards, count.remaining());
    assert!(!commitment.mid_hand);
    assert!(count.continues(commitment.cards));
    assert!(!ShoeCount::new(decks, 800).continues(decks.cards()));
    assert_eq!(
        (carried.count().taken(), carried.count().cut_position()),
        (count.taken(), count.cut_position())
    );
    for _ in 0..count.remaining() {
        let rank = carried.deal().unwrap();
        out[rank.index()] += 1;
    }
    assert!(
        Rank::ALL
            .iter()
            .all(|r| out[r.index()] == decks.copies_of(*r)),
        "every card once: {out:?}"
    );
    assert!(carried.reveal().matches(&commitment));
}
