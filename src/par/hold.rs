//! Expected hold: what the house should win over the hands actually dealt.
//! Rocket's from the par sheet, with the range it lands in 95 times in
//! 100: a shift or month whose win falls outside it is flagged on the
//! report, which is how pits spot cheating and dealer error. Starboard's
//! rake is fixed by what the players paid into each pot, so its figure is
//! exact (docs/reports.md).
//!
//! Pure. Money stays whole units: the expectation is computed in f64 (a
//! statistic, not a transfer) and given as whole units, the range widened
//! outward to whole units.

use crate::engine::card::Decks;
use crate::engine::rules::HouseRules;
use crate::simulate::Strategy;

pub use crate::expected_hold::{ExpectedHold, HoldModel, RocketHandBets, Z_95};

/// The expected hold a shift report prints: Rocket's with every player on
/// the best play ([`rocket_expected`] with [`Strategy::Optimal`]),
/// Starboard's rake due ([`starboard_rake_due`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ParHold;

impl HoldModel for ParHold {
    fn rocket(&self, hands: &[RocketHandBets]) -> ExpectedHold {
        rocket_expected(hands, Strategy::Optimal)
    }

    fn starboard(&self, games: &[(HouseRules, u64)]) -> ExpectedHold {
        starboard_rake_due(games)
    }
}

/// Rocket's theoretical win over `hands` with every player following
/// `strategy`: Σ bet × house edge, the edge exact for the hand's decks.
/// Its spread counts each hand's seats as one wager of their total (they
/// share the dealer's cards, so they win and lose together more often than
/// apart): a range no narrower than the truth, so a flag means something.
pub fn rocket_expected(hands: &[RocketHandBets], strategy: Strategy) -> ExpectedHold {
    let mut figures: Vec<(Decks, f64, f64)> = Vec::new();
    let (mut mean, mut variance) = (0.0, 0.0);
    for hand in hands {
        let (edge, std_dev) = match figures.iter().find(|(d, _, _)| *d == hand.decks) {
            Some(&(_, edge, std_dev)) => (edge, std_dev),
            None => {
                let f = super::rocket_figures(hand.decks, strategy);
                figures.push((hand.decks, f.house_edge, f.std_dev));
                (f.house_edge, f.std_dev)
            }
        };
        let total: u64 = hand.bets.iter().sum();
        mean += edge * total as f64;
        variance += (std_dev * total as f64).powi(2);
    }
    ExpectedHold::of(hands.len() as u64, mean, variance)
}

/// Starboard's rake due over games, each given as the rules in force and
/// the units paid into its pot (antes and draws): Σ the rules' rake on
/// each pot (`StarboardRules::rake_on`). The rake is fixed by what the
/// players paid in, so the figure is exact, not a statistic: its range is
/// the figure itself, and a rake taken that differs from it is a record
/// that does not add up, whatever the number of games (docs/reports.md,
/// "Expected hold").
pub fn starboard_rake_due(games: &[(HouseRules, u64)]) -> ExpectedHold {
    let due: u64 = games
        .iter()
        .map(|(rules, paid_in)| rules.starboard.rake_on(*paid_in))
        .sum();
    let due = i64::try_from(due).unwrap_or(i64::MAX);
    ExpectedHold {
        hands: games.len() as u64,
        expected: due,
        low: due,
        high: due,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_is_whole_units_widened_outward_and_covers_its_ends() {
        let hold = ExpectedHold::of(10, 12.4, 4.0);
        assert_eq!(hold.expected, 12);
        // 12.4 ± 1.96 × 2 = 8.48 to 16.32.
        assert_eq!((hold.low, hold.high), (8, 17));
        assert!(hold.covers(8) && hold.covers(17) && !hold.covers(18));
    }
}
