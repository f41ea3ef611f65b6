//! Rocket's exact par: one player against the dealer from a full shoe.
//!
//! At every decision the player's stack and the dealer's stack hold the
//! same number of cards, never a rank twice (a pair ends the hand) and the
//! dealer never a 3 (a 3 ends it too). Those two rank sets are the whole
//! state: every card not in them is still in the shoe. Backward induction
//! over the states gives each one's value under the best play, or under
//! any given play; a forward pass gives how a hand ends under a play.
//!
//! Pure arithmetic: no I/O, no clock. Figures are `f64`; every one is within
//! [`ERROR_BOUND`] of the exact rational (docs/par-sheet.md says why; the
//! tests compare one deck with exact integer arithmetic).

use std::sync::OnceLock;

use serde::Serialize;

use pairs_engine::card::{Decks, Rank, RankSet};

mod from_shoe;
pub use from_shoe::{
    DecisionSolver, DecisionValues, ShoeCounts, ShoeCountsError, ShoeEdge, edge_from_shoe,
};

/// The bound on the absolute error of every probability, edge and
/// per-hand average here, against exact arithmetic.
pub const ERROR_BOUND: f64 = 1e-11;

/// The first decision's best play: the player's first card against the
/// dealer's.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FirstDecision {
    /// The dealer's first card (never 3: a 3 ends the hand).
    pub dealer: Rank,
    /// The player's first cards on which the best play hits.
    pub hit: Vec<Rank>,
    /// ... and folds.
    pub fold: Vec<Rank>,
}

/// The bit of rank 3 (the dealer's death card) in a ten-bit rank mask.
const THREE_BIT: usize = 2;
/// The most cards a stack holds at a decision: the dealer holds no 3.
const MAX_DECISION_CARDS: usize = 9;
/// Decision states are indexed by the player's ten bits and the dealer's
/// nine (the dealer never holds a 3).
const STATE_SLOTS: usize = 1 << 19;

fn slot(player: u16, dealer: u16) -> usize {
    let dealer_nine = (dealer & 0b11) | ((dealer >> 3) << 2);
    usize::from(player) | usize::from(dealer_nine) << 10
}

fn bit(mask: u16, index: usize) -> u16 {
    (mask >> index) & 1
}

/// The rank masks with each number of ranks: the player's (any rank) and
/// the dealer's (never a 3).
fn masks_by_size() -> (Vec<Vec<u16>>, Vec<Vec<u16>>) {
    let mut player = vec![Vec::new(); 11];
    let mut dealer = vec![Vec::new(); 11];
    for mask in 0u16..1 << 10 {
        let size = mask.count_ones() as usize;
        player[size].push(mask);
        if bit(mask, THREE_BIT) == 0 {
            dealer[size].push(mask);
        }
    }
    (player, dealer)
}

/// The shoe at a decision state: copies left of each rank and their total.
struct ShoeLeft {
    copies: [u32; 10],
    total: u32,
}

impl ShoeLeft {
    /// The shoe once both stacks are out of it; `None` if the shoe never
    /// held that many copies of some rank (both stacks hold a one-deck 1).
    fn at(decks: Decks, player: u16, dealer: u16) -> Option<ShoeLeft> {
        let per_deck = u32::from(decks.count());
        let mut copies = [0; 10];
        for (i, left) in copies.iter_mut().enumerate() {
            let out = u32::from(bit(player, i)) + u32::from(bit(dealer, i));
            *left = (per_deck * (i as u32 + 1)).checked_sub(out)?;
        }
        let total = u32::from(decks.cards()) - player.count_ones() - dealer.count_ones();
        Some(ShoeLeft { copies, total })
    }

    /// The full shoe.
    fn full(decks: Decks) -> ShoeLeft {
        let per_deck = u32::from(decks.count());
        ShoeLeft {
            copies: std::array::from_fn(|i| per_deck * (i as u32 + 1)),
            total: u32::from(decks.cards()),
        }
    }
}

/// Face value of the rank at bit `index`.
fn face(index: usize) -> f64 {
    (index + 1) as f64
}

/// What folding costs at a state: the lowest card in either stack, in tenths.
fn fold_value(player: u16, dealer: u16) -> f64 {
    -face((player | dealer).trailing_zeros() as usize)
}

/// Values of every decision state when each decision is made by `choose`,
/// which is given the state, the value of folding and the value of hitting
/// (tenths of the bet, to the player) and returns the value of its choice.
struct Valuation {
    values: Vec<f64>,
    /// The player's expected net from the deal, tenths of the bet.
    start: f64,
    /// Decision states evaluated.
    states: u64,
}

fn value_states(decks: Decks, mut choose: impl FnMut(u16, u16, f64, f64) -> f64) -> Valuation {
    let (players, dealers) = masks_by_size();
    let mut values = vec![0.0f64; STATE_SLOTS];
    let mut states = 0;
    for size in (1..=MAX_DECISION_CARDS).rev() {
        for &player in &players[size] {
            for &dealer in &dealers[size] {
                let Some(shoe) = ShoeLeft::at(decks, player, dealer) else {
                    continue;
                };
                let hit = hit_value(&shoe, player, dealer, &values);
                values[slot(player, dealer)] =
                    choose(player, dealer, fold_value(player, dealer), hit);
                states += 1;
            }
        }
    }
    let start = deal_value(decks, &values);
    Valuation {
        values,
        start,
        states,
    }
}

/// The value of hitting at a state whose later states are already valued.
fn hit_value(shoe: &ShoeLeft, player: u16, dealer: u16, values: &[f64]) -> f64 {
    let mut sum = 0.0;
    for (rank, &copies) in shoe.copies.iter().enumerate() {
        if copies == 0 {
            continue;
        }
        let outcome = if bit(player, rank) == 1 {
            -face(rank)
        } else {
            dealer_turn(player | 1 << rank, dealer, shoe, rank, values)
        };
        sum += f64::from(copies) * outcome;
    }
    sum / f64::from(shoe.total)
}

/// The player's expected net from the deal (tenths of the bet): the
/// player's first card, then the dealer's.
fn deal_value(decks: Decks, values: &[f64]) -> f64 {
    let shoe = ShoeLeft::full(decks);
    let mut sum = 0.0;
    for (rank, &copies) in shoe.copies.iter().enumerate() {
        sum += f64::from(copies) * dealer_turn(1 << rank, 0, &shoe, rank, values);
    }
    sum / f64::from(shoe.total)
}

/// The value of the dealer's card to come once the player's stack is
/// `player` (the card `taken` having just left `shoe`): a 3 or a pair pays
/// the player, anything else leads to the next decision.
fn dealer_turn(player: u16, dealer: u16, shoe: &ShoeLeft, taken: usize, values: &[f64]) -> f64 {
    let mut sum = 0.0;
    for (rank, &copies) in shoe.copies.iter().enumerate() {
        let copies = copies - u32::from(rank == taken);
        if copies == 0 {
            continue;
        }
        let outcome = if rank == THREE_BIT {
            3.0
        } else if bit(dealer, rank) == 1 {
            face(rank)
        } else {
            values[slot(player, dealer | 1 << rank)]
        };
        sum += f64::from(copies) * outcome;
    }
    sum / f64::from(shoe.total - 1)
}

/// The best composition-dependent play for one deck count: hit or fold at
/// every decision state a hand can reach.
#[derive(Clone, Debug)]
pub struct RocketStrategy {
    decks: Decks,
    /// One bit per state slot: set when hitting is strictly better.
    hits: Vec<u64>,
}

impl RocketStrategy {
    /// The deck count this strategy was worked out for.
    pub fn decks(&self) -> Decks {
        self.decks
    }

    /// Whether the best play hits with `player`'s ranks against the
    /// dealer's (a fold when the two are worth the same). Stacks that no
    /// decision can see (unequal sizes, a 3 with the dealer) fold.
    pub fn hits(&self, player: RankSet, dealer: RankSet) -> bool {
        let (player, dealer) = (player.bits(), dealer.bits());
        if player.count_ones() != dealer.count_ones() || bit(dealer, THREE_BIT) == 1 {
            return false;
        }
        let at = slot(player, dealer);
        self.hits[at / 64] >> (at % 64) & 1 == 1
    }
}

/// The exact solution for one deck count: the best play, and every
/// decision state's value under it.
#[derive(Debug)]
pub struct RocketSolution {
    strategy: RocketStrategy,
    values: Vec<f64>,
    start: f64,
    states: u64,
}

/// Works out the best play for `decks` by backward induction.
pub fn solve(decks: Decks) -> RocketSolution {
    let mut hits = vec![0u64; STATE_SLOTS / 64];
    let valuation = value_states(decks, |player, dealer, fold, hit| {
        if hit > fold {
            let at = slot(player, dealer);
            hits[at / 64] |= 1 << (at % 64);
            hit
        } else {
            fold
        }
    });
    RocketSolution {
        strategy: RocketStrategy { decks, hits },
        values: valuation.values,
        start: valuation.start,
        states: valuation.states,
    }
}

/// Every decision state's value to the player (tenths of the bet) when the
/// player hits with probability `hit_chance(player, dealer)`.
pub fn state_values(decks: Decks, hit_chance: impl Fn(RankSet, RankSet) -> f64) -> StateValues {
    let valuation = value_states(decks, |player, dealer, fold, hit| {
        let chance = hit_chance(RankSet::from_bits(player), RankSet::from_bits(dealer));
        chance * hit + (1.0 - chance) * fold
    });
    StateValues {
        values: valuation.values,
        start: valuation.start,
    }
}

/// Decision states' values under one play (see [`state_values`]).
#[derive(Debug)]
pub struct StateValues {
    values: Vec<f64>,
    start: f64,
}

impl StateValues {
    /// The value of a decision state, tenths of the bet, to the player
    /// (`None` for stacks no decision sees).
    pub fn at(&self, player: RankSet, dealer: RankSet) -> Option<f64> {
        decision_slot(player, dealer).map(|at| self.values[at])
    }

    /// The player's expected net from the deal, tenths of the bet.
    pub fn start(&self) -> f64 {
        self.start
    }
}

fn decision_slot(player: RankSet, dealer: RankSet) -> Option<usize> {
    let (player, dealer) = (player.bits(), dealer.bits());
    let size = player.count_ones();
    (size >= 1
        && size as usize <= MAX_DECISION_CARDS
        && dealer.count_ones() == size
        && bit(dealer, THREE_BIT) == 0)
        .then(|| slot(player, dealer))
}

impl RocketSolution {
    /// The best play.
    pub fn strategy(&self) -> &RocketStrategy {
        &self.strategy
    }

    /// The best play's value at a decision state, tenths of the bet, to
    /// the player (`None` for stacks no decision sees).
    pub fn value_at(&self, player: RankSet, dealer: RankSet) -> Option<f64> {
        decision_slot(player, dealer).map(|at| self.values[at])
    }

    /// The house edge under the best play, a fraction of the bet.
    pub fn house_edge(&self) -> f64 {
        -self.start / 10.0
    }

    /// Decision states evaluated.
    pub fn states_visited(&self) -> u64 {
        self.states
    }

    /// Every decision state a hand can reach under the best play, as
    /// (player, dealer, hits), smallest stacks first.
    pub fn reachable_decisions(&self) -> Vec<(RankSet, RankSet, bool)> {
        let strategy = &self.strategy;
        let reach = forward(strategy.decks, |p, d| {
            f64::from(u8::from(strategy.hits(p, d)))
        })
        .1;
        let (players, dealers) = masks_by_size();
        let mut out = Vec::new();
        for size in 1..=MAX_DECISION_CARDS {
            for &player in &players[size] {
                for &dealer in &dealers[size] {
                    if reach[slot(player, dealer)] > 0.0 {
                        let (p, d) = (RankSet::from_bits(player), RankSet::from_bits(dealer));
                        out.push((p, d, strategy.hits(p, d)));
                    }
                }
            }
        }
        out
    }
}

/// How a Rocket hand ends for the player, probabilities by rank (index
/// rank − 1).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct RocketOutcomes {
    /// The player hit and paired this rank.
    pub player_paired: [f64; 10],
    /// The player folded paying this rank (the lowest card in either stack).
    pub player_folded: [f64; 10],
    /// The dealer paired this rank (never 3).
    pub dealer_paired: [f64; 10],
    /// The dealer's first card was a 3.
    pub dealer_three_first_card: f64,
    /// The dealer drew a 3 later.
    pub dealer_three_later: f64,
}

/// One net result and its chance.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct NetChance {
    /// The player's net, tenths of the bet (positive: the player won).
    pub tenths: i8,
    /// Its probability.
    pub probability: f64,
}

/// The figures of one play: edge, how hands end, how much they swing.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RocketFigures {
    /// The house's expected win, a fraction of the initial bet.
    pub house_edge: f64,
    /// How hands end.
    pub outcomes: RocketOutcomes,
    /// The chance the player ends ahead (dealer paired or drew a 3).
    pub hit_frequency: f64,
    /// The chance of each net result, in tenths of the bet (−10 to +10,
    /// never 0), lowest first.
    pub net_tenths: Vec<NetChance>,
    /// Variance of the player's net, in squared bets.
    pub variance: f64,
    /// Standard deviation of the player's net, in bets.
    pub std_dev: f64,
    /// Cards dealt per hand (the player's and the dealer's).
    pub cards_per_hand: f64,
    /// Decisions the player makes per hand.
    pub decisions_per_hand: f64,
    /// Hits the player takes per hand.
    pub hits_per_hand: f64,
}

/// The figures of the play that hits with probability
/// `hit_chance(player, dealer)`, for one player from a full shoe.
pub fn figures(decks: Decks, hit_chance: impl Fn(RankSet, RankSet) -> f64) -> RocketFigures {
    forward(decks, hit_chance).0
}

/// The forward pass: the chance of reaching each decision state, and what
/// follows from it.
fn forward(
    decks: Decks,
    hit_chance: impl Fn(RankSet, RankSet) -> f64,
) -> (RocketFigures, Vec<f64>) {
    let (players, dealers) = masks_by_size();
    let mut reach = vec![0.0f64; STATE_SLOTS];
    let mut outcomes = RocketOutcomes::default();
    let full = ShoeLeft::full(decks);
    let pairs = f64::from(full.total) * f64::from(full.total - 1);
    for (first, &copies) in full.copies.iter().enumerate() {
        for (dealer_first, &dealer_copies) in full.copies.iter().enumerate() {
            let dealer_copies = dealer_copies - u32::from(first == dealer_first);
            let chance = f64::from(copies) * f64::from(dealer_copies) / pairs;
            if dealer_first == THREE_BIT {
                outcomes.dealer_three_first_card += chance;
            } else {
                reach[slot(1 << first, 1 << dealer_first)] += chance;
            }
        }
    }
    let (mut decisions, mut hits, mut draws) = (0.0, 0.0, 0.0);
    for size in 1..=MAX_DECISION_CARDS {
        for &player in &players[size] {
            for &dealer in &dealers[size] {
                let here = reach[slot(player, dealer)];
                if here == 0.0 {
                    continue;
                }
                decisions += here;
                let chance = hit_chance(RankSet::from_bits(player), RankSet::from_bits(dealer))
                    .clamp(0.0, 1.0);
                let lowest = (player | dealer).trailing_zeros() as usize;
                outcomes.player_folded[lowest] += here * (1.0 - chance);
                if chance == 0.0 {
                    continue;
                }
                let hitting = here * chance;
                hits += hitting;
                let Some(shoe) = ShoeLeft::at(decks, player, dealer) else {
                    continue;
                };
                for (rank, &copies) in shoe.copies.iter().enumerate() {
                    let card = hitting * f64::from(copies) / f64::from(shoe.total);
                    if copies == 0 {
                        continue;
                    }
                    if bit(player, rank) == 1 {
                        outcomes.player_paired[rank] += card;
                        continue;
                    }
                    draws += card;
                    for (drawn, &left) in shoe.copies.iter().enumerate() {
                        let left = left - u32::from(drawn == rank);
                        let next = card * f64::from(left) / f64::from(shoe.total - 1);
                        if drawn == THREE_BIT {
                            outcomes.dealer_three_later += next;
                        } else if bit(dealer, drawn) == 1 {
                            outcomes.dealer_paired[drawn] += next;
                        } else {
                            reach[slot(player | 1 << rank, dealer | 1 << drawn)] += next;
                        }
                    }
                }
            }
        }
    }
    let mut net_tenths = [0.0; 21];
    for rank in 0..10 {
        net_tenths[9 - rank] += outcomes.player_paired[rank] + outcomes.player_folded[rank];
        net_tenths[11 + rank] += outcomes.dealer_paired[rank];
    }
    net_tenths[13] += outcomes.dealer_three_first_card + outcomes.dealer_three_later;
    let tenths = |i: usize| i as f64 - 10.0;
    let mean: f64 = net_tenths
        .iter()
        .enumerate()
        .map(|(i, p)| p * tenths(i))
        .sum();
    let square: f64 = net_tenths
        .iter()
        .enumerate()
        .map(|(i, p)| p * tenths(i) * tenths(i))
        .sum();
    let variance = (square - mean * mean) / 100.0;
    let figures = RocketFigures {
        house_edge: -mean / 10.0,
        hit_frequency: net_tenths[11..].iter().sum(),
        net_tenths: (0..21)
            .filter(|&i| i != 10)
            .map(|i| NetChance {
                tenths: i as i8 - 10,
                probability: net_tenths[i],
            })
            .collect(),
        outcomes,
        variance,
        std_dev: variance.sqrt(),
        cards_per_hand: 2.0 + hits + draws,
        decisions_per_hand: decisions,
        hits_per_hand: hits,
    };
    (figures, reach)
}

/// The best play for `decks`, worked out on first use and kept for the
/// life of the process (a pure function's memo: the same answer every time).
pub fn best_play(decks: Decks) -> &'static RocketStrategy {
    static SOLVED: [OnceLock<RocketStrategy>; 8] = [const { OnceLock::new() }; 8];
    SOLVED[usize::from(decks.count() - 1)].get_or_init(|| solve(decks).strategy)
}
