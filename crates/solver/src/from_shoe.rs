//! The exact edge from any shoe: the par sheet's heads-up model (one player
//! against the dealer, best play, both first cards from the shoe) started
//! from any counts of ranks 1..10 left, not only from a full shoe.
//!
//! The states are the par sheet's (the player's ranks and the dealer's, equal
//! in number, the dealer never holding a 3); the shoe at a state is the
//! starting counts less both stacks. The backward induction is arranged for
//! speed: states are grouped by stack size and laid out so that every sum
//! over the next card runs along contiguous rows, and the dealer's card is
//! valued once per (player's stack after the hit, dealer's stack) rather
//! than once per hit. States are valued in blocks of 8 rows by up to 32
//! places, every row's terms found once per layout, each block turned
//! across 8 × 8 in registers so that the arrays laid out the other way are
//! written a whole cache line at a time, with AVX-512 or AVX2 where the CPU
//! has it; a decision's hitting value is not kept but worked out again from
//! the best values when asked for. The operations and their order are those
//! of the plain loops, so the figures are the same to the bit
//! (docs/performance.md, "Countability").
//!
//! Pure arithmetic: no I/O, no clock. Every figure is within
//! [`super::ERROR_BOUND`] of the exact rational (the same argument as the
//! full-shoe solver's; `tests/par.rs` compares small shoes with an exact
//! enumeration).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

use pairs_engine::card::{Decks, Rank, RankSet};

use crate::FirstDecision;

mod induction;
mod layout;

use induction::Workspace;
use layout::{Layout, faces, layout};

/// The index of rank 3 (the dealer's death card) in a ten-bit rank mask.
const THREE: usize = 2;
/// Its bit.
const THREE_BIT: u16 = 1 << THREE;
/// The most ranks a stack holds at a decision (the dealer holds no 3).
const MAX_DECISION_CARDS: usize = 9;
/// Ten-bit rank masks.
const MASKS: usize = 1 << 10;

/// Copies of each rank left in a shoe, ranks 1 to 10: any counts that can
/// deal a hand to the end (see [`ShoeCounts::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ShoeCounts {
    copies: [u32; 10],
    #[serde(skip)]
    cards: u64,
    #[serde(skip)]
    longest: u8,
}

/// Why counts are not a shoe the model can deal from.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShoeCountsError {
    /// The shoe could run out in the middle of a hand.
    #[error(
        "a shoe of {cards} cards is too few to deal every hand to its end: a hand from it can reach a decision with {stack} in each stack and then need {needed} cards"
    )]
    TooFewCards {
        /// Cards in the shoe.
        cards: u64,
        /// The most cards each stack can hold at a decision from it.
        stack: u8,
        /// The most cards a hand can take: two for the deal, two a round.
        needed: u64,
    },
    /// Not ten numbers.
    #[error("a shoe is ten counts, of ranks 1 to 10, separated by commas; this has {0}")]
    WrongLength(usize),
    /// One of them is not a whole number of cards.
    #[error("the count of rank {rank} is {text:?}, not a whole number of cards")]
    NotACount {
        /// The rank whose count it is.
        rank: usize,
        /// What was given.
        text: String,
    },
}

impl ShoeCounts {
    /// The shoe holding `copies[r − 1]` cards of rank r. Refused when a hand
    /// could run out of cards: the deal takes two and each round two more,
    /// so a shoe in which both stacks can reach k cards at a decision must
    /// hold at least 2k + 2.
    pub fn new(copies: [u32; 10]) -> Result<ShoeCounts, ShoeCountsError> {
        let cards = copies.iter().map(|&c| u64::from(c)).sum::<u64>();
        let longest = longest_decision(&copies);
        let needed = 2 * u64::from(longest) + 2;
        if cards < needed {
            return Err(ShoeCountsError::TooFewCards {
                cards,
                stack: longest,
                needed,
            });
        }
        Ok(ShoeCounts {
            copies,
            cards,
            longest,
        })
    }

    /// A full shoe of `decks`.
    pub fn full(decks: Decks) -> ShoeCounts {
        let copies = std::array::from_fn(|i| u32::from(decks.copies_of(Rank::ALL[i])));
        // A full shoe deals any hand: 55 cards or more, at most 20 a hand.
        ShoeCounts {
            copies,
            cards: u64::from(decks.cards()),
            longest: MAX_DECISION_CARDS as u8,
        }
    }

    /// Copies of each rank, rank 1 first.
    pub fn copies(&self) -> [u32; 10] {
        self.copies
    }

    /// Copies of `rank`.
    pub fn of(&self, rank: Rank) -> u32 {
        self.copies[rank.index()]
    }

    /// Cards in the shoe.
    pub fn cards(&self) -> u64 {
        self.cards
    }

    /// The most cards each stack can hold at a decision dealt from this shoe.
    pub fn longest_decision(&self) -> u8 {
        self.longest
    }
}

impl FromStr for ShoeCounts {
    type Err = ShoeCountsError;

    /// Ten counts separated by commas, rank 1 first (`--shoe`).
    fn from_str(text: &str) -> Result<ShoeCounts, ShoeCountsError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 10 {
            return Err(ShoeCountsError::WrongLength(parts.len()));
        }
        let mut copies = [0u32; 10];
        for (i, (count, part)) in copies.iter_mut().zip(&parts).enumerate() {
            *count = part.parse().map_err(|_| ShoeCountsError::NotACount {
                rank: i + 1,
                text: (*part).to_owned(),
            })?;
        }
        ShoeCounts::new(copies)
    }
}

impl fmt::Display for ShoeCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = self.copies.iter().map(u32::to_string).collect();
        f.write_str(&text.join(","))
    }
}

/// The most cards each stack can hold at a decision dealt from `copies`:
/// the largest k with a player's set and a dealer's set (no 3) of k ranks
/// each that the shoe holds together (a rank in both needs two copies).
fn longest_decision(copies: &[u32; 10]) -> u8 {
    let held = copies.iter().filter(|&&c| c >= 1).count();
    let dealer_held = held - usize::from(copies[THREE] >= 1);
    let dealer_doubles = copies
        .iter()
        .enumerate()
        .filter(|&(i, &c)| i != THREE && c >= 2)
        .count();
    (0..=dealer_held.min(MAX_DECISION_CARDS))
        .rev()
        .find(|&k| 2 * k - k.min(dealer_doubles) <= held)
        .unwrap_or(0) as u8
}

/// The values of folding and hitting at a decision, as fractions of the
/// bet, to the player.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DecisionValues {
    /// What folding pays (−lowest card in either stack / 10).
    pub fold: f64,
    /// The expected result of hitting and playing on at best.
    pub hit: f64,
}

impl DecisionValues {
    /// Whether the best play hits: only when hitting is worth strictly more.
    pub fn hits(&self) -> bool {
        self.hit > self.fold
    }
}

/// The exact solution from one shoe: its house edge under the best play
/// for that shoe, and the value of hitting at every decision a hand dealt
/// from it can reach (so the best play there, and what a mistake costs).
///
/// Make one with [`edge_from_shoe`]; [`ShoeEdge::solve`] works another
/// shoe out in the same memory (for solving many shoes in a row).
#[derive(Clone)]
pub struct ShoeEdge {
    shoe: ShoeCounts,
    /// The player's expected net from the deal, tenths of the bet.
    start: f64,
    work: Workspace,
}

impl fmt::Debug for ShoeEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ShoeEdge")
            .field("shoe", &self.shoe)
            .field("house_edge", &self.house_edge())
            .finish_non_exhaustive()
    }
}

/// The exact house edge of one player against the dealer from `shoe` under
/// the best play for that shoe, with the best play at every decision.
pub fn edge_from_shoe(shoe: &ShoeCounts) -> ShoeEdge {
    let mut edge = ShoeEdge {
        shoe: *shoe,
        start: 0.0,
        work: Workspace::new(),
    };
    edge.solve(shoe);
    edge
}

impl ShoeEdge {
    /// Works out `shoe` in place of the shoe solved before.
    pub fn solve(&mut self, shoe: &ShoeCounts) {
        let layout = layout();
        self.shoe = *shoe;
        let copies = self.work.solve(layout, shoe);
        let top = usize::from(shoe.longest);
        let cards = shoe.cards as f64;
        let work = &mut self.work;
        // The deal: the player's first card, then the dealer's.
        let firsts = &layout.player[1];
        let mut after_first = [0.0; 10];
        for (value, &first) in after_first.iter_mut().zip(firsts) {
            *value = 3.0 * copies[THREE] - faces().sum[usize::from(THREE_BIT & first)];
        }
        if top >= 1 {
            let (start, stride) = (layout.player_start[1], layout.player_start[11]);
            for dealer in 0..10 {
                if dealer == THREE {
                    continue;
                }
                let row = usize::from(layout.dealer_index[1 << dealer]);
                let next = &work.values[layout.state_start[1] + row * layout.players(1)..][..10];
                let left = &work.player_copies[dealer * stride + start..][..10];
                for ((value, &v), &c) in after_first.iter_mut().zip(next).zip(left) {
                    *value += c * v;
                }
            }
        }
        let mut start = 0.0;
        for (j, &mask) in firsts.iter().enumerate() {
            let rank = mask.trailing_zeros() as usize;
            if copies[rank] > 0.0 {
                start += copies[rank] * after_first[j] / (cards - 1.0);
            }
        }
        self.start = start / cards;
    }

    /// The shoe solved.
    pub fn shoe(&self) -> &ShoeCounts {
        &self.shoe
    }

    /// The house's expected win under the best play, a fraction of the bet
    /// (negative when the player has the edge).
    pub fn house_edge(&self) -> f64 {
        -self.start / 10.0
    }

    /// Folding's and hitting's values at the decision with the player's
    /// ranks `player` and the dealer's `dealer`; `None` for stacks no
    /// decision from this shoe can see (unequal sizes, a 3 with the dealer,
    /// more copies of a rank than the shoe holds).
    pub fn decision(&self, player: RankSet, dealer: RankSet) -> Option<DecisionValues> {
        let (p, d) = (player.bits(), dealer.bits());
        reachable(&self.shoe, p, d).then(|| self.work.decision(layout(), &self.shoe, p, d))
    }

    /// Whether the best play hits at this decision (false where no decision
    /// can be).
    pub fn hits(&self, player: RankSet, dealer: RankSet) -> bool {
        self.decision(player, dealer)
            .is_some_and(|values| values.hits())
    }

    /// The best play at the first decision, for every dealer's first card
    /// the shoe holds (never a 3), over the player's first cards it can deal
    /// with it.
    pub fn first_decisions(&self) -> Vec<FirstDecision> {
        let copies = &self.shoe.copies;
        Rank::ALL
            .iter()
            .filter(|dealer| dealer.value() != 3 && copies[dealer.index()] >= 1)
            .map(|&dealer| {
                let possible = Rank::ALL
                    .iter()
                    .filter(|mine| copies[mine.index()] > u32::from(**mine == dealer));
                let (hit, fold) = possible.partition(|&&mine| {
                    self.hits(RankSet::EMPTY.with(mine), RankSet::EMPTY.with(dealer))
                });
                FirstDecision { dealer, hit, fold }
            })
            .collect()
    }
}

/// Whether a hand dealt from `shoe` can reach the decision with the
/// player's ranks `p` and the dealer's `d`: equal sizes, at least one card
/// each, no 3 with the dealer, no more copies of a rank than the shoe holds.
fn reachable(shoe: &ShoeCounts, p: u16, d: u16) -> bool {
    let size = p.count_ones() as usize;
    let feasible = (0..10).all(|i| u32::from(p >> i & 1) + u32::from(d >> i & 1) <= shoe.copies[i]);
    size >= 1
        && size <= usize::from(shoe.longest)
        && d.count_ones() as usize == size
        && d & THREE_BIT == 0
        && feasible
}

/// Values one decision at a time, each from the shoe its hand is dealt
/// from, solving only the part of the game below that decision: a first
/// decision is about a quarter of a whole solve, a second about a
/// fourteenth. The figures are those of [`ShoeEdge::decision`], to the bit
/// (the same sums in the same order).
#[derive(Clone)]
pub struct DecisionSolver {
    work: Workspace,
}

impl Default for DecisionSolver {
    fn default() -> Self {
        DecisionSolver::new()
    }
}

impl DecisionSolver {
    /// A solver with its memory allocated.
    pub fn new() -> DecisionSolver {
        DecisionSolver {
            work: Workspace::new(),
        }
    }

    /// Whether [`DecisionSolver::values`] gives values for this decision
    /// (without solving it).
    pub fn can_value(shoe: &ShoeCounts, player: RankSet, dealer: RankSet) -> bool {
        reachable(shoe, player.bits(), dealer.bits())
    }

    /// Folding's and hitting's values at the decision with `player`'s and
    /// the `dealer`'s stacks, for a hand dealt from `shoe` (the cards left
    /// with both stacks back in it): `edge_from_shoe(shoe).decision(player,
    /// dealer)`, and `None` where that is.
    pub fn values(
        &mut self,
        shoe: &ShoeCounts,
        player: RankSet,
        dealer: RankSet,
    ) -> Option<DecisionValues> {
        if !DecisionSolver::can_value(shoe, player, dealer) {
            return None;
        }
        let (p, d) = (player.bits(), dealer.bits());
        let layout = Layout::below(p, d);
        self.work.solve(&layout, shoe);
        Some(self.work.decision(&layout, shoe, p, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest decision by search over `pairs` (every pair of stacks
    /// of equal size, the dealer's without a 3, largest first): the
    /// player's ranks and the dealer's must be held, and those in both held
    /// twice.
    fn longest_by_search(copies: &[u32; 10], pairs: &[(u16, u16)]) -> u8 {
        let held = (0..10)
            .filter(|&i| copies[i] >= 1)
            .fold(0u16, |m, i| m | 1 << i);
        let twice = (0..10)
            .filter(|&i| copies[i] >= 2)
            .fold(0u16, |m, i| m | 1 << i);
        pairs
            .iter()
            .find(|&&(player, dealer)| {
                (player | dealer) & !held == 0 && player & dealer & !twice == 0
            })
            .map_or(0, |(player, _)| player.count_ones() as u8)
    }

    #[test]
    fn the_longest_decision_is_the_largest_pair_of_stacks_the_shoe_holds() {
        // Shoes of 0, 1 or 2 copies a rank (a sample of the 3^10), which
        // covers every case of the count.
        let mut pairs: Vec<(u16, u16)> = (0u16..1 << 10)
            .flat_map(|player| {
                (0u16..1 << 10)
                    .filter(move |dealer| {
                        dealer & THREE_BIT == 0 && dealer.count_ones() == player.count_ones()
                    })
                    .map(move |dealer| (player, dealer))
            })
            .collect();
        pairs.sort_by_key(|(player, _)| std::cmp::Reverse(player.count_ones()));
        for code in (0u32..59_049).step_by(211) {
            let mut rest = code;
            let copies = std::array::from_fn(|_| {
                let count = rest % 3;
                rest /= 3;
                count
            });
            assert_eq!(
                longest_decision(&copies),
                longest_by_search(&copies, &pairs),
                "{copies:?}"
            );
        }
    }

    /// Seen shoes of 1 to 8 decks, each with a pseudo-random share (up to
    /// all) of its cards dealt at random: deep ones hold ranks with no
    /// copies left and decisions shorter than nine cards.
    pub(super) fn seen_shoes(count: usize) -> Vec<ShoeCounts> {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut shoes = Vec::new();
        while shoes.len() < count {
            let decks = shoes.len() % 8 + 1;
            let mut cards: Vec<usize> = (0..10).flat_map(|r| vec![r; decks * (r + 1)]).collect();
            let dealt = (next() % cards.len() as u64) as usize;
            for _ in 0..dealt {
                let at = (next() % cards.len() as u64) as usize;
                cards.swap_remove(at);
            }
            let mut copies = [0u32; 10];
            for &rank in &cards {
                copies[rank] += 1;
            }
            shoes.extend(ShoeCounts::new(copies).ok());
        }
        shoes
    }

    /// FNV-1a over 64-bit words.
    fn digest(words: impl IntoIterator<Item = u64>) -> u64 {
        words.into_iter().fold(0xcbf2_9ce4_8422_2325, |hash, word| {
            (hash ^ word).wrapping_mul(0x0000_0100_0000_01b3)
        })
    }

    #[test]
    fn solves_give_the_pinned_figures_to_the_bit() {
        // The bits of every house edge, hitting value and folding value of
        // 48 seen shoes, solved one after another in one `ShoeEdge`, as the
        // straightforward solver (before issue 47's speed-ups) gave them:
        // a faster solve must do the same operations in the same order.
        let shoes = seen_shoes(48);
        assert!(shoes.iter().any(|s| s.longest_decision() < 9));
        assert!(shoes.iter().any(|s| s.copies().contains(&0)));
        let mut edge = edge_from_shoe(&shoes[0]);
        let mut words = Vec::new();
        let mut decisions = 0;
        for shoe in &shoes {
            edge.solve(shoe);
            words.push(edge.house_edge().to_bits());
            for p in 1u16..1 << 10 {
                for d in 0u16..1 << 10 {
                    let (player, dealer) = (RankSet::from_bits(p), RankSet::from_bits(d));
                    if let Some(values) = edge.decision(player, dealer) {
                        words.extend([values.hit.to_bits(), values.fold.to_bits()]);
                        decisions += 1;
                    }
                }
            }
        }
        assert_eq!(decisions, 3_324_532);
        assert_eq!(words[0], 0xbfa1_bf43_0d53_46c7);
        assert_eq!(digest(words), 0x0322_594f_2392_b630);
    }

    #[test]
    fn a_shoe_that_could_run_out_mid_hand_is_refused() {
        assert_eq!(
            ShoeCounts::new([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            Err(ShoeCountsError::TooFewCards {
                cards: 2,
                stack: 1,
                needed: 4
            })
        );
        // Only 3s: the dealer's first card ends every hand, two cards.
        assert!(ShoeCounts::new([0, 0, 2, 0, 0, 0, 0, 0, 0, 0]).is_ok());
        assert!(ShoeCounts::new([0, 0, 1, 0, 0, 0, 0, 0, 0, 0]).is_err());
        assert_eq!(
            "1,2,3".parse::<ShoeCounts>(),
            Err(ShoeCountsError::WrongLength(3))
        );
        assert!(matches!(
            "1,2,3,4,5,6,7,8,9,-1".parse::<ShoeCounts>(),
            Err(ShoeCountsError::NotACount { rank: 10, .. })
        ));
    }
}
