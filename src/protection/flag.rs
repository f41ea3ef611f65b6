//! The counting flag (docs/game-protection.md, "The flag"): a player's
//! hands added up ([`Tally`]) into their figures ([`Profile`]), and the
//! bet test that marks a player whose stakes follow the edge.
//!
//! The bet test asks whether a player's stake follows the advantage at the
//! bet beyond what their own previous stake and result explain. Hands of a
//! shoe are not independent (the edge is a running count) and a result
//! tells something of the cards (a lost hand leaves the shoe a little
//! better for the player), so a test over hands as if independent marks
//! players who bet by their results. Here the hands are grouped by the
//! player's *context*: the stake of their previous hand and whether they
//! won, lost or pushed it (or sat out, or had no previous hand). Within a
//! context, a player who does not watch the cards chooses a stake that has
//! nothing to do with the advantage now (fixed, as a d'Alembert or
//! martingale bettor's, or drawn afresh, as a random one's), however the
//! advantage runs from hand to hand; a counter's stake rises with it. The
//! statistic is the stratified permutation test's: the within-context
//! covariance of stake with the advantage's rank in the run, over its
//! standard deviation under shuffling the stakes within each context,
//! read as a normal deviate. A seat's empty hands count as a stake of 0,
//! so a player who sits in only when the cards are good is caught too.
//! Pure: no I/O.

use std::collections::BTreeMap;

use super::SeatPlay;

/// The house's thresholds for marking a player whose bets follow the edge
/// (docs/game-protection.md, "The flag").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlagSettings {
    /// The one-sided significance level the bet test's p must be below.
    pub significance: f64,
    /// The fewest hands followed (with an edge) before anyone is marked.
    pub minimum_hands: u64,
}

impl Default for FlagSettings {
    /// One chance in a thousand of marking a player whose bets have nothing
    /// to do with the edge, and no mark before 500 hands.
    fn default() -> Self {
        FlagSettings {
            significance: 0.001,
            minimum_hands: 500,
        }
    }
}

/// Why a flag threshold was refused: one sentence each.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum FlagSettingsError {
    /// A significance level outside (0, 1).
    #[error("the significance level is between 0 and 1 (both excluded), not {0}")]
    Significance(f64),
    /// A minimum number of hands of 0 or above [`FlagSettings::MAX_MINIMUM_HANDS`].
    #[error("the minimum number of hands is 1 to 1000000, not {0}")]
    MinimumHands(u64),
}

impl FlagSettings {
    /// The largest minimum number of hands a house may set.
    pub const MAX_MINIMUM_HANDS: u64 = 1_000_000;

    /// Thresholds as a house sets them: a significance level strictly
    /// between 0 and 1, a minimum of 1 to a million hands.
    pub fn new(significance: f64, minimum_hands: u64) -> Result<FlagSettings, FlagSettingsError> {
        if !(significance > 0.0 && significance < 1.0) {
            return Err(FlagSettingsError::Significance(significance));
        }
        if !(1..=Self::MAX_MINIMUM_HANDS).contains(&minimum_hands) {
            return Err(FlagSettingsError::MinimumHands(minimum_hands));
        }
        Ok(FlagSettings {
            significance,
            minimum_hands,
        })
    }
}

/// Adds up one player's (or seat's) hands for [`Profile`], in dealing
/// order: the hands played ([`Tally::add`]) and, for a seat, the hands
/// dealt while it was empty ([`Tally::add_empty`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    hands: u64,
    /// Sums over hands played with an edge: bet, advantage (−house edge),
    /// their squares and product, for the correlation; bet × advantage is
    /// also the money-weighted advantage's numerator.
    sum_bet: f64,
    sum_advantage: f64,
    sum_bet_squared: f64,
    sum_advantage_squared: f64,
    sum_bet_advantage: f64,
    decisions: u64,
    best_play_decisions: u64,
    mistakes_cost_units: f64,
    /// The bet test's hands (played or watched from an empty seat, each
    /// with an edge), one run per unbroken sequence of hands followed.
    runs: Vec<Vec<StakeAt>>,
    /// What the last hand followed left the player knowing; `None` when
    /// the next hand starts a run.
    context: Option<Context>,
    /// The bet test's deviate, worked out once after each change (the
    /// pit asks for every seat's figures at each redraw).
    bet_test: Memo,
}

/// A value worked out once and kept until cleared; equal to any other (a
/// tally is what it adds up, whether or not its test was asked for yet).
#[derive(Clone, Debug, Default)]
struct Memo(std::sync::OnceLock<Option<f64>>);

impl PartialEq for Memo {
    fn eq(&self, _: &Memo) -> bool {
        true
    }
}

/// How the player's previous hand ended, as a bettor by results sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// No previous hand in the run.
    Start,
    /// The seat was empty.
    SatOut,
    Won,
    Lost,
    Push,
}

/// A hand's context: the previous hand's stake (0: sat out) and outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Context {
    stake: u64,
    outcome: Outcome,
}

/// One hand of the bet test: the stake (0 for an empty seat), the
/// player's advantage at the bet and the context it was chosen in.
#[derive(Clone, Copy, Debug, PartialEq)]
struct StakeAt {
    stake: u64,
    advantage: f64,
    context: Context,
}

impl std::ops::AddAssign for Tally {
    /// Adds another tally's hands: a player's play at several stations
    /// adds up as if it were one ledger's (each run keeps its own
    /// contexts; the next hand added starts a new run).
    fn add_assign(&mut self, other: Tally) {
        self.hands += other.hands;
        self.sum_bet += other.sum_bet;
        self.sum_advantage += other.sum_advantage;
        self.sum_bet_squared += other.sum_bet_squared;
        self.sum_advantage_squared += other.sum_advantage_squared;
        self.sum_bet_advantage += other.sum_bet_advantage;
        self.decisions += other.decisions;
        self.best_play_decisions += other.best_play_decisions;
        self.mistakes_cost_units += other.mistakes_cost_units;
        self.runs.extend(other.runs);
        self.context = None;
        self.bet_test = Memo::default();
    }
}

impl Tally {
    /// Adds one hand the player played: the edge at the bet and the seat's
    /// play. A hand without an edge adds no figures but is the context of
    /// the next.
    pub fn add(&mut self, house_edge: Option<f64>, play: &SeatPlay) {
        let outcome = match play.net_units {
            n if n > 0 => Outcome::Won,
            n if n < 0 => Outcome::Lost,
            _ => Outcome::Push,
        };
        self.follow(house_edge, play.bet_units, outcome);
        let Some(house_edge) = house_edge else {
            return;
        };
        let (bet, advantage) = (play.bet_units as f64, -house_edge);
        self.hands += 1;
        self.sum_bet += bet;
        self.sum_advantage += advantage;
        self.sum_bet_squared += bet * bet;
        self.sum_advantage_squared += advantage * advantage;
        self.sum_bet_advantage += bet * advantage;
        self.decisions += play.decisions.len() as u64;
        self.best_play_decisions += play.decisions.iter().filter(|d| d.matches()).count() as u64;
        self.mistakes_cost_units += play.mistakes_cost_units();
    }

    /// Adds a hand dealt while the seat was empty (a stake of 0 for the
    /// bet test: sitting in only when the cards are good is betting by
    /// them).
    pub fn add_empty(&mut self, house_edge: Option<f64>) {
        self.follow(house_edge, 0, Outcome::SatOut);
    }

    /// Ends the current run: the next hand added has no previous hand
    /// (a player's next session, at another table or later).
    pub fn end_run(&mut self) {
        self.context = None;
    }

    fn follow(&mut self, house_edge: Option<f64>, stake: u64, outcome: Outcome) {
        self.bet_test = Memo::default();
        let context = match self.context {
            Some(context) => context,
            None => {
                self.runs.push(Vec::new());
                Context {
                    stake: 0,
                    outcome: Outcome::Start,
                }
            }
        };
        if let (Some(house_edge), Some(run)) = (house_edge, self.runs.last_mut()) {
            run.push(StakeAt {
                stake,
                advantage: -house_edge,
                context,
            });
        }
        self.context = Some(Context { stake, outcome });
    }

    /// The figures, with time on game `seconds` for the hourly theo.
    pub fn profile(&self, seconds: i64, settings: &FlagSettings) -> Profile {
        let n = self.hands as f64;
        let followed = self.runs.iter().map(|run| run.len() as u64).sum();
        let bet_test = self.bet_test();
        let skill_theo = -self.sum_bet_advantage + self.mistakes_cost_units;
        Profile {
            hands: self.hands,
            hands_followed: followed,
            bet_edge_correlation: self.correlation(),
            bet_test_z: bet_test,
            correlation_p_value: bet_test.map(upper_tail),
            advantage_played_at: (self.sum_bet > 0.0)
                .then(|| self.sum_bet_advantage / self.sum_bet),
            decisions: self.decisions,
            best_play_decisions: self.best_play_decisions,
            play_precision: (self.decisions > 0)
                .then(|| self.best_play_decisions as f64 / self.decisions as f64),
            mistakes_cost: self.mistakes_cost_units.round() as i64,
            skill_theo: skill_theo.round() as i64,
            skill_theo_per_hand: (self.hands > 0).then(|| skill_theo / n),
            skill_theo_per_hour: (seconds > 0).then(|| skill_theo * 3600.0 / seconds as f64),
            flagged: followed >= settings.minimum_hands
                && bet_test.is_some_and(|z| upper_tail(z) < settings.significance),
        }
    }

    /// Pearson's correlation of bet with the player's advantage over the
    /// hands played; `None` with fewer than three hands or a bet or an
    /// edge that never varied.
    fn correlation(&self) -> Option<f64> {
        let n = self.hands as f64;
        let covariance = self.sum_bet_advantage - self.sum_bet * self.sum_advantage / n;
        let bets = self.sum_bet_squared - self.sum_bet * self.sum_bet / n;
        let advantages = self.sum_advantage_squared - self.sum_advantage * self.sum_advantage / n;
        // Relative to the sums' size: rounding leaves a constant bet a
        // variance of a few ulps, not zero.
        let varies = |spread: f64, squares: f64| spread > squares * 1e-12 && spread > 0.0;
        (self.hands >= 3
            && varies(bets, self.sum_bet_squared)
            && varies(advantages, self.sum_advantage_squared))
        .then(|| (covariance / (bets * advantages).sqrt()).clamp(-1.0, 1.0))
    }

    /// The bet test's normal deviate (module docs): `None` when no
    /// context holds two different stakes (a flat bettor, or one whose
    /// stake is fixed by the previous stake and result), so the stakes
    /// say nothing either way. Worked out once after each change.
    fn bet_test(&self) -> Option<f64> {
        *self.bet_test.0.get_or_init(|| self.work_out_bet_test())
    }

    fn work_out_bet_test(&self) -> Option<f64> {
        // Per context: hands, Σ stake, Σ stake², Σ score, Σ score², Σ stake × score.
        let mut contexts: BTreeMap<Context, [f64; 6]> = BTreeMap::new();
        for run in &self.runs {
            for (at, score) in run.iter().zip(rank_scores(run)) {
                let stake = at.stake as f64;
                let sums = contexts.entry(at.context).or_default();
                for (sum, term) in sums.iter_mut().zip([
                    1.0,
                    stake,
                    stake * stake,
                    score,
                    score * score,
                    stake * score,
                ]) {
                    *sum += term;
                }
            }
        }
        let (mut covariance, mut variance) = (0.0, 0.0);
        for [n, stake, stake2, score, score2, product] in contexts.into_values() {
            if n < 2.0 {
                continue;
            }
            let stakes = stake2 - stake * stake / n;
            let scores = score2 - score * score / n;
            // Relative to the sums' size, as for the correlation.
            if stakes <= stake2 * 1e-12 || scores <= 0.0 {
                continue;
            }
            covariance += product - stake * score / n;
            variance += stakes * scores / (n - 1.0);
        }
        (variance > 0.0).then(|| covariance / variance.sqrt())
    }
}

/// Each hand's advantage as its rank in the run, scaled into (0, 1):
/// (rank − ½) ÷ hands, tied advantages sharing their mean rank. Ranks
/// keep one extreme shoe from weighing like many hands.
fn rank_scores(run: &[StakeAt]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..run.len()).collect();
    order.sort_by(|&a, &b| run[a].advantage.total_cmp(&run[b].advantage));
    let mut scores = vec![0.0; run.len()];
    let n = run.len() as f64;
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && run[order[end]].advantage == run[order[start]].advantage {
            end += 1;
        }
        // Ranks start+1 ..= end share their mean.
        let mean_rank = (start + 1 + end) as f64 / 2.0;
        for &i in &order[start..end] {
            scores[i] = (mean_rank - 0.5) / n;
        }
        start = end;
    }
    scores
}

/// What a player's hands show (docs/game-protection.md): figures are per
/// unit bet where they are fractions, whole table units where money.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Profile {
    /// Hands played with an edge at the bet.
    #[serde(rename = "hands")]
    pub hands: u64,
    /// Hands the bet test followed: those played and, for a seat, those
    /// dealt while it was empty (a rated player's are their hands played,
    /// so `rating --json` does not repeat it).
    #[serde(skip)]
    pub hands_followed: u64,
    /// Pearson's correlation of bet with the player's advantage at the bet.
    #[serde(rename = "bet_edge_correlation")]
    pub bet_edge_correlation: Option<f64>,
    /// The bet test's normal deviate: how far the stakes follow the
    /// advantage beyond what the previous stake and result explain.
    #[serde(skip)]
    pub bet_test_z: Option<f64>,
    /// The bet test's one-sided p: the chance of stakes following the
    /// advantage this closely from a player who bets by their own previous
    /// stake and result, or at random, and not by the cards.
    #[serde(rename = "correlation_p_value")]
    pub correlation_p_value: Option<f64>,
    /// The money-weighted advantage played at: Σ bet × (−house edge) ÷ Σ
    /// bet (negative: the house had the edge).
    #[serde(rename = "advantage_played_at")]
    pub advantage_played_at: Option<f64>,
    /// Decisions taken.
    #[serde(rename = "decisions")]
    pub decisions: u64,
    /// Decisions that matched the best play for the cards they are judged
    /// for (those left at the bet).
    #[serde(rename = "best_play_decisions")]
    pub best_play_decisions: u64,
    /// `best_play_decisions ÷ decisions`.
    #[serde(rename = "play_precision")]
    pub play_precision: Option<f64>,
    /// What the other decisions were expected to cost, units (rounded).
    #[serde(rename = "mistakes_cost")]
    pub mistakes_cost: i64,
    /// The house's theoretical win from the actual bets and decisions:
    /// Σ bet × house edge at the bet + the mistakes' cost, units (rounded).
    #[serde(rename = "skill_theo")]
    pub skill_theo: i64,
    /// The same per hand, units.
    #[serde(rename = "skill_theo_per_hand")]
    pub skill_theo_per_hand: Option<f64>,
    /// The same per hour of time on game, units.
    #[serde(rename = "skill_theo_per_hour")]
    pub skill_theo_per_hour: Option<f64>,
    /// Whether the bets follow the edge beyond the house's threshold.
    #[serde(rename = "flagged")]
    pub flagged: bool,
}

/// The one-sided p of a standard normal deviate: P(Z ≥ z).
pub fn upper_tail(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

/// The complementary error function, fractional error below 1.2e-7
/// everywhere (Numerical Recipes' Chebyshev fit, `erfcc`).
fn erfc(x: f64) -> f64 {
    if x.is_infinite() {
        return if x > 0.0 { 0.0 } else { 2.0 };
    }
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let value = t * poly.exp();
    if x >= 0.0 { value } else { 2.0 - value }
}
