//! Starboard's par: the house's result is its rake, so the sheet gives the
//! expected rake per hand and per hour by players and strategy, simulated
//! through the same table code a live table runs, with 99% intervals; and
//! the median pot, against which a rake that collects nothing is refused.
//! Pure: seeded simulations, no I/O, no clock.

use serde::Serialize;

use super::Estimate;
use crate::engine::card::Decks;
use crate::engine::hand::{GameKind, Hand};
use crate::engine::rules::HouseRules;
use crate::engine::starboard::SeatState;
use crate::engine::table::TableError;
use crate::simulate::{SimConfig, Simulation, Strategy};

/// Starboard at one table size and strategy, by simulation.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StarboardTable {
    /// Players seated.
    pub players: u8,
    /// Their strategy.
    pub strategy: String,
    /// The rake per hand, table units.
    pub rake_per_hand: Estimate,
    /// The rake per hour at `hands_per_hour`, table units.
    pub rake_per_hour: Estimate,
    /// The median of the units paid into a pot in one game (antes and draws).
    pub median_paid_in: u64,
    /// Players knocked out per hand.
    pub knock_outs_per_hand: f64,
    /// The share of hands whose pot was split.
    pub split_pots: f64,
}

/// Simulates `hands` Starboard hands at `players` seats following
/// `strategy`, at `hands_per_hour`.
pub fn starboard_table(
    decks: Decks,
    rules: &HouseRules,
    strategy: Strategy,
    players: u8,
    hands: u64,
    hands_per_hour: u32,
    seed: u64,
) -> Result<StarboardTable, TableError> {
    let config = SimConfig {
        game: GameKind::Starboard,
        decks,
        seats: players,
        bet: 0,
        rules: *rules,
        strategy,
    };
    let mut simulation = Simulation::seeded(&config, seed)?;
    let unit = rules.starboard.unit;
    let (mut rakes, mut paid_in) = (Vec::new(), Vec::new());
    let (mut knock_outs, mut splits) = (0u64, 0u64);
    for _ in 0..hands {
        let finished = simulation.play_next()?;
        let Hand::Starboard(hand) = &finished.hand else {
            continue;
        };
        rakes.push(hand.split().map_or(0, |s| s.rake) as f64);
        paid_in.push(
            hand.seats()
                .map(|s| (1 + hand.draws(s)) * unit)
                .sum::<u64>(),
        );
        knock_outs += hand
            .seats()
            .filter(|&s| hand.state(s) == SeatState::KnockedOut)
            .count() as u64;
        splits += u64::from(hand.winners().count() > 1);
    }
    let rake_per_hand = Estimate::of(&rakes);
    let hourly = f64::from(hands_per_hour);
    paid_in.sort_unstable();
    Ok(StarboardTable {
        players,
        strategy: strategy.to_string(),
        rake_per_hand,
        rake_per_hour: Estimate {
            mean: rake_per_hand.mean * hourly,
            low: rake_per_hand.low * hourly,
            high: rake_per_hand.high * hourly,
            samples: rake_per_hand.samples,
        },
        median_paid_in: paid_in.get(paid_in.len() / 2).copied().unwrap_or(0),
        knock_outs_per_hand: knock_outs as f64 / hands as f64,
        split_pots: splits as f64 / hands as f64,
    })
}

/// Hands per table size behind [`median_pot`].
pub const MEDIAN_POT_HANDS: u64 = 1_000;

/// The median pot under `rules`: the median, over the table sizes 2 to 7,
/// of the median units paid into a pot in [`MEDIAN_POT_HANDS`] simulated
/// games with the `realistic` strategy from a shoe of `decks` (seed 0, so
/// the same rules always give the same figure).
pub fn median_pot(decks: Decks, rules: &HouseRules) -> Result<u64, TableError> {
    let mut medians = (2..=7)
        .map(|players| {
            starboard_table(
                decks,
                rules,
                Strategy::Realistic,
                players,
                MEDIAN_POT_HANDS,
                1,
                0,
            )
            .map(|t| t.median_paid_in)
        })
        .collect::<Result<Vec<_>, _>>()?;
    medians.sort_unstable();
    Ok(medians[medians.len() / 2])
}
