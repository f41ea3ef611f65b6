//! The expected hold as a shift report keeps it: what the house expects
//! to win (Rocket) or rake (Starboard) over the hands dealt and its 95%
//! range, the hands as the ledger gives them, and [`HoldModel`], what
//! works the figure out. Below both the ledger, whose report holds the
//! figure and asks a model for it, and `crate::par::hold`, the model from
//! the par sheet (which re-exports these). Plain data, no game math.

use crate::engine::card::Decks;
use crate::engine::rules::HouseRules;

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
    /// The expectation `mean` over `hands` hands with its 95% range from
    /// `variance` (normal), in whole units, the range widened outward.
    pub fn of(hands: u64, mean: f64, variance: f64) -> ExpectedHold {
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

/// What works out a report's expected hold from the hands the ledger
/// gathered (`crate::par::hold::ParHold`, from the par sheet): the ledger
/// asks, so storage does no game math.
pub trait HoldModel {
    /// Rocket's expected win over `hands`, with its 95% range.
    fn rocket(&self, hands: &[RocketHandBets]) -> ExpectedHold;
    /// Starboard's rake due over games, each the rules in force and the
    /// units paid into its pot.
    fn starboard(&self, games: &[(HouseRules, u64)]) -> ExpectedHold;
}
