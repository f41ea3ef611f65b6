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
//! than once per hit. States are valued in blocks of 4 rows by up to 64
//! places, every row's terms found once per layout, with AVX-512 or AVX2
//! where the CPU has it; the operations and their order are those of the
//! plain loops, so the figures are the same to the bit (docs/performance.md,
//! "Countability").
//!
//! Pure arithmetic: no I/O, no clock. Every figure is within
//! [`super::ERROR_BOUND`] of the exact rational (the same argument as the
//! full-shoe solver's; `tests/par.rs` compares small shoes with an exact
//! enumeration).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::Serialize;
use thiserror::Error;

use pairs_engine::card::{Decks, Rank, RankSet};

use crate::FirstDecision;

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

/// Face sums and fold costs by rank mask, shared by every solve.
struct Faces {
    /// The sum of the face values of a mask's ranks.
    sum: [f64; MASKS],
    /// What folding pays with these ranks in play: −(lowest face value).
    fold: [f64; MASKS],
}

fn faces() -> &'static Faces {
    static FACES: OnceLock<Faces> = OnceLock::new();
    FACES.get_or_init(|| {
        let mut faces = Faces {
            sum: [0.0; MASKS],
            fold: [0.0; MASKS],
        };
        for mask in 1..MASKS {
            faces.sum[mask] = (0..10)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| (i + 1) as f64)
                .sum();
            faces.fold[mask] = -f64::from(mask.trailing_zeros() as u16 + 1);
        }
        faces
    })
}

/// States are valued in blocks of `BLOCK` stacks of one player's by up to
/// 64 of the other's, each row kept in registers while every card's term
/// is added.
const BLOCK: usize = 4;

/// Figures in a cache line (64 bytes): each size's list of stacks is
/// padded to a multiple of it in the value arrays (the padding's values
/// are never read), and those arrays start on a line, so every row does
/// too and no access to a block's places splits a line.
const LINE: usize = 8;

/// `count` rounded up to whole lines.
fn padded(count: usize) -> usize {
    count.div_ceil(LINE) * LINE
}

/// Figures in memory that starts on a cache line (see [`LINE`]).
struct Lines {
    buffer: Vec<f64>,
    /// Where the first line starts in `buffer`.
    skip: usize,
    len: usize,
}

impl Lines {
    /// `len` zeros.
    fn new(len: usize) -> Lines {
        let buffer = vec![0.0; len + LINE];
        let skip = buffer.as_ptr().align_offset(LINE * size_of::<f64>());
        // (Never more, but `align_offset` may answer "not possible".)
        let skip = if skip < LINE { skip } else { 0 };
        Lines { buffer, skip, len }
    }
}

impl Clone for Lines {
    /// A copy on lines of its own (the new memory's offset may differ).
    fn clone(&self) -> Lines {
        let mut lines = Lines::new(self.len);
        lines.copy_from_slice(self);
        lines
    }
}

impl std::ops::Deref for Lines {
    type Target = [f64];

    fn deref(&self) -> &[f64] {
        &self.buffer[self.skip..][..self.len]
    }
}

impl std::ops::DerefMut for Lines {
    fn deref_mut(&mut self) -> &mut [f64] {
        &mut self.buffer[self.skip..][..self.len]
    }
}

/// The index tables of one solve: the stacks of each size that hold a
/// given pair of stacks (the empty pair for the whole game from the deal;
/// a decision's stacks for the part of the game below it), where each sits
/// in its size's list, where each level's states start, and the face sums
/// each level's states start from (the same for every shoe).
struct Layout {
    /// The decision's stack size the layout starts from (0: the deal).
    root: usize,
    /// Player's masks by size 0..=10, ascending (those holding the root's).
    player: Vec<Vec<u16>>,
    /// Dealer's masks (no 3) by size 0..=9, ascending (holding the root's).
    dealer: Vec<Vec<u16>>,
    /// Where a listed mask sits in its size's player list.
    player_index: [u16; MASKS],
    /// Where a listed mask sits in its size's dealer list.
    dealer_index: [u16; MASKS],
    /// Where each size's player masks start in a list of all sizes, padded.
    player_start: [usize; 12],
    /// Where each size's dealer masks start in a list of all sizes, padded.
    dealer_start: [usize; 11],
    /// Where each decision level's states start in the flat value arrays
    /// (both sizes' lists padded).
    state_start: [usize; MAX_DECISION_CARDS + 2],
    /// The most states of any level (padded).
    level_states: usize,
    /// What folding pays with each dealer's stack alone, by dealer's
    /// stack, all sizes, padded: with the player's, the larger of the two.
    dealer_fold: Vec<f64>,
    /// For the dealer's card: the face sum of the ranks in both the dealer's
    /// stack with a 3 and the player's one card larger, by level, dealer's
    /// stack, then player's (padded; the level's at `turn_start`).
    paying_faces: Vec<u8>,
    /// Where each level's dealer's-card states start (padded).
    turn_start: [usize; MAX_DECISION_CARDS + 1],
    /// For a decision: the face sum of the ranks in both stacks, by level,
    /// player's stack, then dealer's (padded; the level's at `state_start`).
    shared_faces: Vec<u8>,
    /// What folding pays with each player's stack alone, by player's
    /// stack, all sizes, padded.
    player_fold: Vec<f64>,
    /// For the dealer's card, by level (from `turn_terms_start`), dealer's
    /// stack, then each card that leads on, in rank order: where its copies
    /// left start in the player's copies and where the decisions it leads
    /// to start in the values (both then along the player's list).
    turn_terms: Vec<(u32, u32)>,
    /// Where each level's terms of the dealer's card start.
    turn_terms_start: [usize; MAX_DECISION_CARDS + 1],
    /// For a decision, by level (from `hit_terms_start`), player's stack,
    /// then each card the player can draw, in rank order: where its copies
    /// left start in the dealer's copies and where the dealer's card after
    /// it starts in a level's `dealer_turn` (both then along the dealer's
    /// list).
    hit_terms: Vec<(u32, u32)>,
    /// Where each level's terms of a decision start.
    hit_terms_start: [usize; MAX_DECISION_CARDS + 1],
}

impl Layout {
    /// The stacks holding `player`'s ranks and `dealer`'s (equal in
    /// number, the dealer's without a 3).
    fn below(player: u16, dealer: u16) -> Layout {
        let mut layout = Layout {
            root: player.count_ones() as usize,
            player: vec![Vec::new(); 11],
            dealer: vec![Vec::new(); 10],
            player_index: [0; MASKS],
            dealer_index: [u16::MAX; MASKS],
            player_start: [0; 12],
            dealer_start: [0; 11],
            state_start: [0; MAX_DECISION_CARDS + 2],
            level_states: 0,
            dealer_fold: Vec::new(),
            paying_faces: Vec::new(),
            turn_start: [0; MAX_DECISION_CARDS + 1],
            shared_faces: Vec::new(),
            player_fold: Vec::new(),
            turn_terms: Vec::new(),
            turn_terms_start: [0; MAX_DECISION_CARDS + 1],
            hit_terms: Vec::new(),
            hit_terms_start: [0; MAX_DECISION_CARDS + 1],
        };
        for mask in 0..MASKS as u16 {
            let size = mask.count_ones() as usize;
            if mask & player == player {
                layout.player_index[usize::from(mask)] = layout.player[size].len() as u16;
                layout.player[size].push(mask);
            }
            if mask & THREE_BIT == 0 && mask & dealer == dealer {
                layout.dealer_index[usize::from(mask)] = layout.dealer[size].len() as u16;
                layout.dealer[size].push(mask);
            }
        }
        for size in 0..11 {
            layout.player_start[size + 1] = layout.player_start[size] + layout.players(size);
        }
        for size in 0..10 {
            layout.dealer_start[size + 1] = layout.dealer_start[size] + layout.dealers(size);
        }
        let faces = faces();
        for (size, dealers) in layout.dealer.iter().enumerate() {
            let folds = dealers.iter().map(|&d| faces.fold[usize::from(d)]);
            layout.dealer_fold.extend(folds);
            layout
                .dealer_fold
                .resize(layout.dealer_start[size + 1], 0.0);
        }
        for (size, players) in layout.player.iter().enumerate() {
            let folds = players.iter().map(|&p| faces.fold[usize::from(p)]);
            layout.player_fold.extend(folds);
            layout
                .player_fold
                .resize(layout.player_start[size + 1], 0.0);
        }
        // A padded place is an empty stack: its sums are never read.
        let list = |masks: &[u16], count: usize| -> Vec<u16> {
            let mut list = masks.to_vec();
            list.resize(count, 0);
            list
        };
        let face_sum = |mask: u16| faces.sum[usize::from(mask)] as u8;
        for size in 1..=MAX_DECISION_CARDS {
            let players = list(&layout.player[size], layout.players(size));
            let dealers = list(&layout.dealer[size], layout.dealers(size));
            for &p in &players {
                let sums = dealers.iter().map(|&d| face_sum(p & d));
                layout.shared_faces.extend(sums);
            }
            layout.state_start[size + 1] = layout.shared_faces.len();
            layout.level_states = layout.level_states.max(players.len() * dealers.len());
            let longer = list(&layout.player[size + 1], layout.players(size + 1));
            for &d in &dealers {
                let sums = longer.iter().map(|&p| face_sum((d | THREE_BIT) & p));
                layout.paying_faces.extend(sums);
            }
            layout.turn_start[size] = layout.paying_faces.len() - dealers.len() * longer.len();
        }
        for size in 1..=MAX_DECISION_CARDS {
            layout.turn_terms_start[size] = layout.turn_terms.len();
            let length = layout.players(size + 1);
            for &dealer in &layout.dealer[size] {
                let paying = dealer | THREE_BIT;
                for card in (0..10).filter(|card| paying >> card & 1 == 0) {
                    let next = usize::from(layout.dealer_index[usize::from(dealer | 1 << card)]);
                    let copies = card * layout.player_start[11] + layout.player_start[size + 1];
                    let values = layout.best_start(size + 1) + next * length;
                    layout.turn_terms.push((copies as u32, values as u32));
                }
            }
            layout.hit_terms_start[size] = layout.hit_terms.len();
            let width = layout.dealers(size);
            for &player in &layout.player[size] {
                for card in (0..10).filter(|card| player >> card & 1 == 0) {
                    let next = usize::from(layout.player_index[usize::from(player | 1 << card)]);
                    let copies = card * layout.dealer_start[10] + layout.dealer_start[size];
                    layout
                        .hit_terms
                        .push((copies as u32, (next * width) as u32));
                }
            }
        }
        layout
    }

    /// Where the best values of decisions of `size` cards start: levels
    /// alternate between two halves of the best values, as each level's
    /// are needed only for the level below (and so stay in the cache).
    fn best_start(&self, size: usize) -> usize {
        size % 2 * self.level_states
    }

    /// The player's stacks of `size` cards, padded.
    fn players(&self, size: usize) -> usize {
        padded(self.player[size].len())
    }

    /// The dealer's stacks of `size` cards, padded.
    fn dealers(&self, size: usize) -> usize {
        padded(self.dealer[size].len())
    }

    /// Where the state of `player`'s and `dealer`'s stacks (equal sizes,
    /// both listed here) sits in the hitting values (player-major).
    fn state(&self, player: u16, dealer: u16) -> usize {
        let size = player.count_ones() as usize;
        self.state_start[size]
            + usize::from(self.player_index[usize::from(player)]) * self.dealers(size)
            + usize::from(self.dealer_index[usize::from(dealer)])
    }
}

/// The layout of the whole game, from the deal.
fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(|| Layout::below(0, 0))
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

/// The backward induction's memory, reused from solve to solve.
#[derive(Clone)]
struct Workspace {
    /// Each decision's best value, tenths, of two levels (see
    /// [`Layout::best_start`]); dealer-major within a level (a row per
    /// dealer's stack).
    values: Lines,
    /// Each decision's hitting value, tenths; player-major within a level.
    hits: Lines,
    /// One level's values of the dealer's card to come, player-major
    /// (a row per player's stack after the hit).
    dealer_turn: Lines,
    /// Copies of rank s left by player's stack: [s][stack, all sizes].
    player_copies: Lines,
    /// Copies of rank r left by dealer's stack: [r][stack, all sizes].
    dealer_copies: Lines,
    /// A stage's value of each row before the cards to come.
    bases: Vec<f64>,
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

impl Workspace {
    /// Memory for the whole game's layout (every other layout is part of it).
    fn new() -> Workspace {
        let layout = layout();
        let states = layout.state_start[MAX_DECISION_CARDS + 1];
        let widest = (1..=MAX_DECISION_CARDS)
            .map(|k| layout.players(k + 1) * layout.dealers(k))
            .max()
            .unwrap_or(0);
        Workspace {
            values: Lines::new(2 * layout.level_states),
            hits: Lines::new(states),
            dealer_turn: Lines::new(widest),
            player_copies: Lines::new(10 * layout.player_start[11]),
            dealer_copies: Lines::new(10 * layout.dealer_start[10]),
            bases: vec![0.0; layout.player_start[11]],
        }
    }

    /// Values every decision of `layout` from `shoe`, deepest first, down
    /// to the layout's root (the first decisions when that is the deal).
    /// Returns the copies of each rank in the shoe.
    fn solve(&mut self, layout: &Layout, shoe: &ShoeCounts) -> [f64; 10] {
        self.solve_on(layout, shoe, Isa::detected())
    }

    /// [`Workspace::solve`] compiled for `isa` (one the CPU has).
    fn solve_on(&mut self, layout: &Layout, shoe: &ShoeCounts, isa: Isa) -> [f64; 10] {
        let copies: [f64; 10] = std::array::from_fn(|i| f64::from(shoe.copies[i]));
        let cards = shoe.cards as f64;
        let (players, dealers) = (layout.player_start[11], layout.dealer_start[10]);
        for (rank, &count) in copies.iter().enumerate() {
            let bit = 1u16 << rank;
            let by_player = &mut self.player_copies[rank * players..][..players];
            for (size, masks) in layout.player.iter().enumerate() {
                let start = layout.player_start[size];
                for (left, &mask) in by_player[start..].iter_mut().zip(masks) {
                    *left = count - f64::from(u8::from(mask & bit != 0));
                }
            }
            let by_dealer = &mut self.dealer_copies[rank * dealers..][..dealers];
            for (size, masks) in layout.dealer.iter().enumerate() {
                let start = layout.dealer_start[size];
                for (left, &mask) in by_dealer[start..].iter_mut().zip(masks) {
                    *left = count - f64::from(u8::from(mask & bit != 0));
                }
            }
        }
        // What a rank pairing costs (or pays) beyond its first copy, summed
        // over a stack: Σ face × (copies − 1); a rank in the other stack too
        // is one copy fewer, which the face sum of the overlap takes back.
        let pair_base = |mask: u16| -> f64 {
            (0..10)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| (i + 1) as f64 * (copies[i] - 1.0))
                .sum()
        };
        let top = usize::from(shoe.longest);
        let levels = (layout.root.max(1)..=top).rev();
        #[cfg(target_arch = "x86_64")]
        if isa != Isa::Baseline {
            // SAFETY: each needs CPU features the CPU has: `isa` is only
            // `Avx2` or `Avx512` from `Isa::detected`, which checks them
            // with `is_x86_feature_detected!`.
            #[allow(unsafe_code)]
            unsafe {
                match isa {
                    Isa::Avx512 => {
                        self.levels_avx512(layout, levels, top, &copies, cards, &pair_base)
                    }
                    _ => self.levels_avx2(layout, levels, top, &copies, cards, &pair_base),
                }
            }
            return copies;
        }
        self.levels::<16>(layout, levels, top, &copies, cards, &pair_base);
        copies
    }

    /// [`Workspace::levels`] compiled for AVX2 (four lanes an instruction
    /// rather than two; no FMA, so the same operations, the same bits).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn levels_avx2(
        &mut self,
        layout: &Layout,
        levels: impl Iterator<Item = usize>,
        top: usize,
        copies: &[f64; 10],
        cards: f64,
        pair_base: &impl Fn(u16) -> f64,
    ) {
        self.levels::<32>(layout, levels, top, copies, cards, pair_base);
    }

    /// [`Workspace::levels`] compiled for AVX-512 (eight lanes an
    /// instruction; Rust never contracts a product and a sum into an FMA,
    /// so the same operations, the same bits).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn levels_avx512(
        &mut self,
        layout: &Layout,
        levels: impl Iterator<Item = usize>,
        top: usize,
        copies: &[f64; 10],
        cards: f64,
        pair_base: &impl Fn(u16) -> f64,
    ) {
        self.levels::<64>(layout, levels, top, copies, cards, pair_base);
    }

    /// Values the decisions of `levels` sizes, deepest first: at each, the
    /// dealer's card after the player's hit, then the decisions; `W` places
    /// of a row at a time.
    #[inline(always)]
    fn levels<const W: usize>(
        &mut self,
        layout: &Layout,
        levels: impl Iterator<Item = usize>,
        top: usize,
        copies: &[f64; 10],
        cards: f64,
        pair_base: &impl Fn(u16) -> f64,
    ) {
        for size in levels {
            let mut level = Level {
                work: &mut *self,
                layout,
                size,
                copies,
                cards,
                pair_base,
            };
            // A dealer's stack of `size` (with the 3 that pays) leaves
            // 9 − `size` cards that lead on; none beyond `top`.
            let leading = if size < top { 9 - size } else { 0 };
            by_cards(leading, &mut DealerCard::<_, W>(&mut level));
            by_cards(10 - size, &mut Decisions::<_, W>(&mut level));
        }
    }
}

/// The instruction sets the levels are compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Isa {
    /// The target's own (SSE2 on x86-64).
    Baseline,
    /// AVX2.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx2,
    /// AVX-512 (its foundation, `avx512f`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx512,
}

impl Isa {
    /// The widest this CPU has.
    fn detected() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                return Isa::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return Isa::Avx2;
            }
        }
        Isa::Baseline
    }
}

/// One level of a solve, shared by its two stages.
struct Level<'a, P> {
    work: &'a mut Workspace,
    layout: &'a Layout,
    size: usize,
    copies: &'a [f64; 10],
    cards: f64,
    pair_base: &'a P,
}

/// A stage of a level whose every row has `N` cards to come, `N` a
/// constant (so a row's sums compile to straight-line code).
trait Rows {
    fn rows<const N: usize>(&mut self);
}

/// Runs `stage` with `cards` (at most 9) as its constant.
#[inline(always)]
fn by_cards(cards: usize, stage: &mut impl Rows) {
    match cards {
        0 => stage.rows::<0>(),
        1 => stage.rows::<1>(),
        2 => stage.rows::<2>(),
        3 => stage.rows::<3>(),
        4 => stage.rows::<4>(),
        5 => stage.rows::<5>(),
        6 => stage.rows::<6>(),
        7 => stage.rows::<7>(),
        8 => stage.rows::<8>(),
        _ => stage.rows::<9>(),
    }
}

/// The dealer's card after the player's hit at decisions of `size`
/// cards: a 3 pays 3, a pair pays its rank, anything else leads to a
/// decision of `size` + 1. A row per dealer's stack, along the player's
/// stacks after the hit; stored player-major in `dealer_turn`.
struct DealerCard<'l, 'a, P, const W: usize>(&'l mut Level<'a, P>);

impl<P: Fn(u16) -> f64, const W: usize> Rows for DealerCard<'_, '_, P, W> {
    #[inline(always)]
    fn rows<const N: usize>(&mut self) {
        let Level {
            work,
            layout,
            size,
            copies,
            cards,
            pair_base,
        } = &mut *self.0;
        let size = *size;
        let dealers = &layout.dealer[size];
        let (width, length) = (layout.dealers(size), layout.players(size + 1));
        let Workspace {
            values,
            dealer_turn,
            player_copies,
            bases,
            ..
        } = &mut **work;
        for (base, &dealer) in bases.iter_mut().zip(dealers) {
            *base = 3.0 * copies[THREE] + pair_base(dealer);
        }
        let stage = Stage {
            rows: width,
            count: dealers.len(),
            length,
            bases,
            terms: &layout.turn_terms[layout.turn_terms_start[size]..],
            copies: player_copies,
            values,
            sums: &layout.paying_faces[layout.turn_start[size]..][..width * length],
            scale: 1.0 / (*cards - (2 * size + 1) as f64),
        };
        let mut turns = Turns {
            turns: &mut dealer_turn[..length * width],
            width,
        };
        stage.run::<N, W>(|base, sum| base - f64::from(sum), &mut turns);
    }
}

/// The decisions of `size` cards: hit (a pair costs its rank, anything
/// else leads to the dealer's card) or fold. A row per player's stack,
/// along the dealer's.
struct Decisions<'l, 'a, P, const W: usize>(&'l mut Level<'a, P>);

impl<P: Fn(u16) -> f64, const W: usize> Rows for Decisions<'_, '_, P, W> {
    #[inline(always)]
    fn rows<const N: usize>(&mut self) {
        let Level {
            work,
            layout,
            size,
            cards,
            pair_base,
            ..
        } = &mut *self.0;
        let size = *size;
        let players = &layout.player[size];
        let (width, length) = (layout.dealers(size), layout.players(size));
        let start = layout.state_start[size];
        let Workspace {
            values,
            hits,
            dealer_turn,
            dealer_copies,
            bases,
            ..
        } = &mut **work;
        for (base, &player) in bases.iter_mut().zip(players) {
            *base = -pair_base(player);
        }
        let stage = Stage {
            rows: length,
            count: players.len(),
            length: width,
            bases,
            terms: &layout.hit_terms[layout.hit_terms_start[size]..],
            copies: dealer_copies,
            values: dealer_turn,
            sums: &layout.shared_faces[start..][..width * length],
            scale: 1.0 / (*cards - (2 * size) as f64),
        };
        let mut decided = Decided {
            hits: &mut hits[start..][..width * length],
            values: &mut values[layout.best_start(size)..][..width * length],
            width,
            length,
            player_fold: &layout.player_fold[layout.player_start[size]..][..length],
            dealer_fold: &layout.dealer_fold[layout.dealer_start[size]..][..width],
        };
        stage.run::<N, W>(|base, sum| base + f64::from(sum), &mut decided);
    }
}

/// One stage of a level: rows of states, each valued along the other
/// stack's list from its value before the cards to come and, for each of
/// the `N` cards that can come, in rank order, its copies left times the
/// value it leads to; `BLOCK` rows by up to `W` places at a time, the
/// places of all rows before the next places (so that a block's values,
/// written across the rows of another array, fill the cache lines the
/// block before began).
struct Stage<'a> {
    /// Rows, padded to whole blocks (a padded row repeats the last real
    /// one).
    rows: usize,
    /// Real rows.
    count: usize,
    /// Places along a row (whole blocks).
    length: usize,
    /// Each real row's value before the cards to come.
    bases: &'a [f64],
    /// Each real row's `N` cards: where their copies left start in
    /// `copies` and the values they lead to in `values`.
    terms: &'a [(u32, u32)],
    copies: &'a [f64],
    values: &'a [f64],
    /// Each real row's face sums along its places.
    sums: &'a [u8],
    /// What the sums are multiplied by: 1 / the cards that can come.
    scale: f64,
}

/// Where a stage's values go, `BLOCK` rows by `W` places at a time.
trait Blocks {
    /// Takes the values of rows `row`.. at places `at`..`at + W`.
    fn write<const W: usize>(&mut self, row: usize, at: usize, block: &[[f64; W]; BLOCK]);
}

impl Stage<'_> {
    /// Values every row into `out`: `start(base, face sum)` at each place,
    /// plus each card's copies × value in rank order, times `scale`.
    #[inline(always)]
    fn run<const N: usize, const W: usize>(
        &self,
        start: impl Fn(f64, u8) -> f64,
        out: &mut impl Blocks,
    ) {
        let mut at = 0;
        while at + W <= self.length {
            self.places::<N, W>(at, &start, out);
            at += W;
        }
        // The rest, fewer than `W` places, in narrower steps.
        if 32 < W && at + 32 <= self.length {
            self.places::<N, 32>(at, &start, out);
            at += 32;
        }
        if 16 < W && at + 16 <= self.length {
            self.places::<N, 16>(at, &start, out);
            at += 16;
        }
        if 8 < W && at + 8 <= self.length {
            self.places::<N, 8>(at, &start, out);
            at += 8;
        }
        if at < self.length {
            self.places::<N, BLOCK>(at, &start, out);
        }
    }

    /// Every row's values at places `at`..`at + W`, a block at a time.
    #[inline(always)]
    fn places<const N: usize, const W: usize>(
        &self,
        at: usize,
        start: &impl Fn(f64, u8) -> f64,
        out: &mut impl Blocks,
    ) {
        let mut block = [[0.0; W]; BLOCK];
        for row in (0..self.rows).step_by(BLOCK) {
            for (m, lanes) in block.iter_mut().enumerate() {
                let real = (row + m).min(self.count - 1);
                *lanes = self.lanes::<N, W>(real, at, start);
            }
            out.write(row, at, &block);
        }
    }

    /// Row `real`'s values at places `at`..`at + W`, kept in registers
    /// while every card's term is added.
    #[inline(always)]
    fn lanes<const N: usize, const W: usize>(
        &self,
        real: usize,
        at: usize,
        start: &impl Fn(f64, u8) -> f64,
    ) -> [f64; W] {
        let base = self.bases[real];
        let mut lanes = [0.0; W];
        let sums = &self.sums[real * self.length + at..][..W];
        for (lane, &sum) in lanes.iter_mut().zip(sums) {
            *lane = start(base, sum);
        }
        for &(copies, values) in &self.terms[real * N..][..N] {
            let copies = &self.copies[copies as usize + at..][..W];
            let values = &self.values[values as usize + at..][..W];
            for ((lane, &c), &v) in lanes.iter_mut().zip(copies).zip(values) {
                *lane += c * v;
            }
        }
        lanes.map(|lane| lane * self.scale)
    }
}

/// The dealer's card's values, player-major (`width` dealer's stacks a
/// row).
struct Turns<'a> {
    turns: &'a mut [f64],
    width: usize,
}

impl Blocks for Turns<'_> {
    #[inline(always)]
    fn write<const W: usize>(&mut self, row: usize, at: usize, block: &[[f64; W]; BLOCK]) {
        for (place, values) in across(block).iter().enumerate() {
            self.turns[(at + place) * self.width + row..][..BLOCK].copy_from_slice(values);
        }
    }
}

/// A level's hitting values (player-major, `width` a row) and best values
/// (dealer-major, `length` a row).
struct Decided<'a> {
    hits: &'a mut [f64],
    values: &'a mut [f64],
    width: usize,
    length: usize,
    /// What folding pays by the player's stack alone, and by the dealer's.
    player_fold: &'a [f64],
    dealer_fold: &'a [f64],
}

impl Blocks for Decided<'_> {
    #[inline(always)]
    fn write<const W: usize>(&mut self, row: usize, at: usize, block: &[[f64; W]; BLOCK]) {
        for (m, hits) in block.iter().enumerate() {
            self.hits[(row + m) * self.width + at..][..W].copy_from_slice(hits);
        }
        let player_fold = &self.player_fold[row..][..BLOCK];
        for (place, hits) in across(block).iter().enumerate() {
            // Folding with both stacks pays the larger of what it pays
            // with each: the lower of their lowest cards.
            let dealer_fold = self.dealer_fold[at + place];
            let best: [f64; BLOCK] =
                std::array::from_fn(|m| larger(hits[m], larger(player_fold[m], dealer_fold)));
            self.values[(at + place) * self.length + row..][..BLOCK].copy_from_slice(&best);
        }
    }
}

/// A block's values by place, each with its rows' values there (the
/// compiler's 4 × 4 shuffles).
#[inline(always)]
fn across<const W: usize>(block: &[[f64; W]; BLOCK]) -> [[f64; BLOCK]; W] {
    let mut columns = [[0.0; BLOCK]; W];
    let [a, b, c, d] = block;
    let places = columns.iter_mut().zip(a).zip(b).zip(c).zip(d);
    for ((((column, &a), &b), &c), &d) in places {
        *column = [a, b, c, d];
    }
    columns
}

/// The larger of two figures, neither NaN nor a zero (so `f64::max`'s
/// result, without its NaN handling, which keeps it from vectorising).
#[inline(always)]
fn larger(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
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
                let next = &work.values[layout.best_start(1) + row * layout.players(1)..][..10];
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
        reachable(&self.shoe, p, d).then(|| self.work.decision(layout(), p, d))
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

impl Workspace {
    /// The values at a decision of `layout` this workspace has solved.
    fn decision(&self, layout: &Layout, p: u16, d: u16) -> DecisionValues {
        DecisionValues {
            fold: faces().fold[usize::from(p | d)] / 10.0,
            hit: self.hits[layout.state(p, d)] / 10.0,
        }
    }
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
        Some(self.work.decision(&layout, p, d))
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
    fn seen_shoes(count: usize) -> Vec<ShoeCounts> {
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
    fn the_solves_compiled_for_avx2_and_avx512_give_the_baselines_bits() {
        let detected = Isa::detected();
        let isas = [Isa::Avx2, Isa::Avx512];
        // Every set up to the widest the CPU has (AVX-512 has AVX2).
        let widest = isas.iter().position(|&isa| isa == detected);
        for &isa in &isas[..widest.map_or(0, |at| at + 1)] {
            let (mut wide, mut baseline) = (Workspace::new(), Workspace::new());
            for shoe in seen_shoes(16) {
                wide.solve_on(layout(), &shoe, isa);
                baseline.solve_on(layout(), &shoe, Isa::Baseline);
                let bits = |work: &Workspace| -> Vec<u64> {
                    let states = work.values.iter().chain(work.hits.iter());
                    states.map(|value| value.to_bits()).collect()
                };
                assert!(bits(&wide) == bits(&baseline), "{isa:?} {shoe}");
            }
        }
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
