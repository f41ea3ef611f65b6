//! Game math: the par sheets. Rocket's figures are exact (`rocket`, one
//! player against the dealer from a full shoe); how the edge moves with
//! more seats is estimated by simulation through the same table code a
//! live table runs.
//!
//! Pure: no I/O, no clock; every simulation takes a seed.
//!
//! The API for other modules: [`rocket_figures`] (house edge and standard
//! deviation per hand, per unit bet, for a deck count and strategy) and
//! [`RocketSheet::new`] (everything the printed sheet shows).

pub mod card;
pub mod count;
pub mod countability;
pub mod hold;
/// Rocket's exact solver, in its own crate (optimised in debug builds too).
pub use pairs_solver as rocket;
pub mod starboard;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::engine::card::{Decks, Rank, RankSet};
use crate::engine::hand::{GameKind, Hand};
use crate::engine::rules::{HouseRules, StartRule};
use crate::engine::table::TableError;
use crate::simulate::{SimConfig, Simulation, Strategy};
pub use rocket::FirstDecision;
use rocket::RocketFigures;

/// The two-sided 99% quantile of the normal distribution, for the
/// simulations' confidence intervals.
pub const Z_99: f64 = 2.575_829_303_548_9;

/// Rocket's exact figures for one player following `strategy` from a full
/// shoe of `decks`. No other house rule changes them (docs/par-sheet.md).
pub fn rocket_figures(decks: Decks, strategy: Strategy) -> RocketFigures {
    rocket::figures(decks, |mine, dealer| {
        strategy.rocket_hit_chance(mine, dealer, decks)
    })
}

/// A mean estimated by simulation, with its 99% confidence interval.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Estimate {
    /// The sample mean.
    pub mean: f64,
    /// The interval's lower end: mean − 2.576 × standard error.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// The samples (hands) it rests on.
    pub samples: u64,
}

impl Estimate {
    /// The mean and 99% interval of `samples`.
    pub fn of(samples: &[f64]) -> Estimate {
        let count = samples.len() as f64;
        let mean = samples.iter().sum::<f64>() / count;
        let spread = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (count - 1.0);
        let half = Z_99 * (spread / count).sqrt();
        Estimate {
            mean,
            low: mean - half,
            high: mean + half,
            samples: samples.len() as u64,
        }
    }

    /// Whether `value` lies in the interval.
    pub fn covers(&self, value: f64) -> bool {
        (self.low..=self.high).contains(&value)
    }
}

/// The house edge with this many seats playing, by simulation.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct SeatEdge {
    /// Players seated (seats 1..seats).
    pub seats: u8,
    /// The house's result per unit bet, per hand and seat.
    pub house_edge: Estimate,
}

/// Simulates `hands` Rocket hands at `seats` seats, every player betting
/// the table minimum and following `strategy`: the house's result per
/// unit bet, each hand's seats averaged into one sample.
pub fn rocket_simulated_edge(
    decks: Decks,
    rules: &HouseRules,
    strategy: Strategy,
    seats: u8,
    hands: u64,
    seed: u64,
) -> Result<Estimate, TableError> {
    let bet = rules.rocket.min_bet_units;
    let config = SimConfig {
        game: GameKind::Rocket,
        decks,
        seats,
        bet,
        rules: *rules,
        strategy,
    };
    let mut simulation = Simulation::seeded(&config, seed)?;
    let mut samples = Vec::with_capacity(hands as usize);
    for _ in 0..hands {
        let finished = simulation.play_next()?;
        let hand: &Hand = &finished.hand;
        let players: i64 = hand.seats().into_iter().filter_map(|s| hand.net(s)).sum();
        samples.push(-players as f64 / (f64::from(seats) * bet as f64));
    }
    Ok(Estimate::of(&samples))
}

/// What a house option does to the edge.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OptionEffect {
    /// The house rule's key (docs/house-rules.md), or `decks`.
    pub option: &'static str,
    /// What it changes, in words.
    pub effect: String,
}

/// Rocket's par sheet for one deck count.
#[derive(Clone, Debug, Serialize)]
pub struct RocketSheet {
    /// Decks in the shoe.
    pub decks: Decks,
    /// The bound on every exact figure's error.
    pub error_bound: f64,
    /// Decision states the backward induction evaluated.
    pub states_visited: u64,
    /// Decision states a hand can reach under the best play.
    pub reachable_states: usize,
    /// ... of which the best play hits in this many.
    pub hit_states: usize,
    /// The exact figures of the best play (`optimal`) and of every
    /// `simulate` strategy, by name.
    pub strategies: BTreeMap<String, RocketFigures>,
    /// The best play at the first decision.
    pub first_decision: Vec<FirstDecision>,
    /// The best play's edge by seats playing (simulated).
    pub seats: Vec<SeatEdge>,
    /// What each house option changes.
    pub house_options: Vec<OptionEffect>,
    /// The exact change in the house edge when one card of each rank
    /// leaves a full shoe of these decks.
    pub effects_of_removal: count::EffectsOfRemoval,
    /// The best balanced count of level 2 for these decks.
    pub count: count::LinearCount,
}

/// How many seats the sheet simulates: 1..=6.
pub const SHEET_SEATS: u8 = 6;

impl RocketSheet {
    /// The sheet for `decks` under `rules`, simulating `hands` hands for
    /// each seat count (none when 0) with generators seeded from `seed`.
    pub fn new(
        decks: Decks,
        rules: &HouseRules,
        hands: u64,
        seed: u64,
    ) -> Result<RocketSheet, TableError> {
        let solution = rocket::solve(decks);
        let best = solution.strategy();
        let mut strategies = BTreeMap::new();
        for (name, strategy) in Strategy::on_the_par_sheet(GameKind::Rocket) {
            let figures = if strategy == Strategy::Optimal {
                rocket::figures(decks, |p, d| f64::from(u8::from(best.hits(p, d))))
            } else {
                rocket_figures(decks, strategy)
            };
            strategies.insert(name.to_owned(), figures);
        }
        let reachable = solution.reachable_decisions();
        let first_decision = Rank::ALL
            .iter()
            .filter(|dealer| dealer.value() != 3)
            .map(|&dealer| {
                let possible = Rank::ALL
                    .iter()
                    .filter(|&&mine| mine != dealer || decks.copies_of(mine) > 1);
                let (hit, fold) = possible.partition(|&&mine| {
                    best.hits(RankSet::EMPTY.with(mine), RankSet::EMPTY.with(dealer))
                });
                FirstDecision { dealer, hit, fold }
            })
            .collect();
        let mut seats = Vec::new();
        if hands > 0 {
            for count in 1..=SHEET_SEATS {
                let house_edge = rocket_simulated_edge(
                    decks,
                    rules,
                    Strategy::Optimal,
                    count,
                    hands,
                    seed.wrapping_add(u64::from(count)),
                )?;
                seats.push(SeatEdge {
                    seats: count,
                    house_edge,
                });
            }
        }
        let house_options = house_options(decks, rules, hands, seed, &seats)?;
        let effects_of_removal = count::effects_of_removal(decks);
        let count = count::best_count(&effects_of_removal);
        Ok(RocketSheet {
            decks,
            error_bound: rocket::ERROR_BOUND,
            states_visited: solution.states_visited(),
            reachable_states: reachable.len(),
            hit_states: reachable.iter().filter(|(_, _, hits)| *hits).count(),
            strategies,
            first_decision,
            seats,
            house_options,
            effects_of_removal,
            count,
        })
    }
}

/// What each house option changes, for the sheet of `decks` under `rules`.
fn house_options(
    decks: Decks,
    rules: &HouseRules,
    hands: u64,
    seed: u64,
    seats: &[SeatEdge],
) -> Result<Vec<OptionEffect>, TableError> {
    let mut effects = vec![
        OptionEffect {
            option: "decks",
            effect: "more decks raise the edge: every figure on this sheet is for this deck count; `edge_by_decks` compares them".to_owned(),
        },
        OptionEffect {
            option: "penetration",
            effect: "none on the exact figures: cards dealt before a hand, unseen by the strategy, leave each card's chance as from a full shoe; the simulated seats include the cut card's small effect".to_owned(),
        },
        OptionEffect {
            option: "burn",
            effect: "none: burned cards are unseen, so they change no chance".to_owned(),
        },
        OptionEffect {
            option: "rocket.min_bet, rocket.max_bet",
            effect: "none on the edge, a fraction of the bet: every payment is bet/10 times a card".to_owned(),
        },
    ];
    let start = match (hands, seats.last()) {
        (1.., Some(last)) => {
            let mut other = *rules;
            other.rocket.start = match rules.rocket.start {
                StartRule::LowCard => StartRule::DealerLeft,
                StartRule::DealerLeft => StartRule::LowCard,
            };
            let alternative =
                rocket_simulated_edge(decks, &other, Strategy::Optimal, last.seats, hands, seed)?;
            format!(
                "none for a lone player (who always starts); at {} seats the edge is {:.5} (99% {:.5} to {:.5}) under {} and {:.5} ({:.5} to {:.5}) under {}",
                last.seats,
                last.house_edge.mean,
                last.house_edge.low,
                last.house_edge.high,
                rules.rocket.start,
                alternative.mean,
                alternative.low,
                alternative.high,
                other.rocket.start
            )
        }
        _ => "none for a lone player (who always starts); with more seats it changes the order cards come out (simulate to see)".to_owned(),
    };
    effects.push(OptionEffect {
        option: "rocket.start",
        effect: start,
    });
    Ok(effects)
}

/// The best play's exact edge at each deck count, with every strategy's.
#[derive(Clone, Debug, Serialize)]
pub struct DeckEdge {
    /// Decks in the shoe.
    pub decks: Decks,
    /// House edge by strategy name.
    pub house_edge: BTreeMap<String, f64>,
}

/// The edges of several sheets side by side.
pub fn edge_by_decks(sheets: &[RocketSheet]) -> Vec<DeckEdge> {
    sheets
        .iter()
        .map(|sheet| DeckEdge {
            decks: sheet.decks,
            house_edge: sheet
                .strategies
                .iter()
                .map(|(name, figures)| (name.clone(), figures.house_edge))
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimate_is_the_mean_with_a_99_percent_interval() {
        let samples = [1.0, 2.0, 3.0, 4.0];
        let estimate = Estimate::of(&samples);
        assert_eq!(estimate.mean, 2.5);
        // Sample variance 5/3; standard error √(5/12).
        let half = Z_99 * (5.0f64 / 12.0).sqrt();
        assert!((estimate.high - estimate.mean - half).abs() < 1e-12);
        assert!(estimate.covers(2.5) && !estimate.covers(2.5 + 1.01 * half));
        assert_eq!(estimate.samples, 4);
    }
}
