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

/// The two-sided 95% quantile of the normal distribution.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// What the house expects to win (Rocket) or rake (Starboard) over a set of
/// hands, in table units, and its 95% range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpectedHold {
    /// Hands counted.
    pub hands: u64,
    /// The expectation, rounded to a unit.
    pub expected: i64,
    /// The range's lower end (rounded down).
    pub low: i64,
    /// The range's upper end (rounded up).
    pub high: i64,
}

impl ExpectedHold {
    fn of(hands: u64, mean: f64, variance: f64) -> ExpectedHold {
        let half = Z_95 * variance.max(0.0).sqrt();
        ExpectedHold {
            hands,
            expected: mean.round() as i64,
            low: (mean - half).floor() as i64,
            high: (mean + half).ceil() as i64,
        }
    }

    /// Whether `actual` (the ledger's figure, whole units) lies in the range.
    pub fn covers(&self, actual: i64) -> bool {
        (self.low..=self.high).contains(&actual)
    }
}

/// One Rocket hand as dealt: its decks and its seats' bets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RocketHandBets {
    /// The shoe's decks.
    pub decks: Decks,
    /// Each seat's bet, in units.
    pub bets: Vec<u64>,
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
