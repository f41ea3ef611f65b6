//! Cards of the Pairs deck, shoe sizes and a compact set of ranks.

use std::fmt;

use serde::{Serialize, Serializer};
use thiserror::Error;

/// Cards in one Pairs deck: one 1, two 2s, … ten 10s.
pub const DECK_CARDS: u16 = 55;
/// The most decks a shoe may hold.
pub const MAX_DECKS: u8 = 8;

/// A card's rank, 1..=10. A Pairs card has no suit, so the rank is the card.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Rank(u8);

/// A value that is not a rank, or a deck count outside 1..=8.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardError {
    /// The value is not an integer from 1 to 10.
    #[error("{0} is not a card: a card is an integer from 1 to 10")]
    NotARank(i64),
    /// The deck count is outside 1..=8.
    #[error("a shoe holds 1 to 8 decks, not {0}")]
    BadDecks(i64),
}

impl Rank {
    /// Every rank, lowest first.
    pub const ALL: [Rank; 10] = [
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
        Rank(7),
        Rank(8),
        Rank(9),
        Rank(10),
    ];

    /// The rank with this value, if it is 1..=10.
    pub fn new(value: i64) -> Result<Rank, CardError> {
        match value {
            1..=10 => Ok(Rank(value as u8)),
            _ => Err(CardError::NotARank(value)),
        }
    }

    /// The rank's face value, 1..=10; also its number of copies in one deck.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// Zero-based index, for per-rank tables.
    pub const fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

/// How many decks a shoe holds, 1..=8.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Decks(u8);

impl Decks {
    /// A deck count, if it is 1..=8.
    pub fn new(count: i64) -> Result<Decks, CardError> {
        match count {
            1..=8 => Ok(Decks(count as u8)),
            _ => Err(CardError::BadDecks(count)),
        }
    }

    /// The number of decks.
    pub const fn count(self) -> u8 {
        self.0
    }

    /// Copies of `rank` in a full shoe: rank × decks.
    pub const fn copies_of(self, rank: Rank) -> u16 {
        rank.0 as u16 * self.0 as u16
    }

    /// Cards in a full shoe: 55 × decks.
    pub const fn cards(self) -> u16 {
        DECK_CARDS * self.0 as u16
    }
}

impl Serialize for Decks {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

/// A set of ranks as a bit mask: what a stack or the common hand holds,
/// for pair checks in constant time.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct RankSet(u16);

impl RankSet {
    /// The empty set.
    pub const EMPTY: RankSet = RankSet(0);

    /// Whether the set holds `rank`.
    pub const fn contains(self, rank: Rank) -> bool {
        self.0 & (1 << rank.0) != 0
    }

    /// Adds `rank`; returns false (and changes nothing) if it was already there.
    pub fn insert(&mut self, rank: Rank) -> bool {
        let fresh = !self.contains(rank);
        self.0 |= 1 << rank.0;
        fresh
    }

    /// The set with `rank` added.
    pub const fn with(self, rank: Rank) -> RankSet {
        RankSet(self.0 | 1 << rank.0)
    }

    /// The lowest rank held.
    pub fn lowest(self) -> Option<Rank> {
        (self.0 != 0).then(|| Rank(self.0.trailing_zeros() as u8))
    }

    /// The number of ranks held.
    pub const fn len(self) -> u32 {
        SUBSET_SUMS[self.subset_index()].0 as u32
    }

    /// Whether no rank is held.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The union of two sets.
    pub const fn union(self, other: RankSet) -> RankSet {
        RankSet(self.0 | other.0)
    }

    /// The ranks in both sets.
    pub const fn intersection(self, other: RankSet) -> RankSet {
        RankSet(self.0 & other.0)
    }

    /// The sum of the ranks held (each counted once).
    pub const fn sum(self) -> u32 {
        SUBSET_SUMS[self.subset_index()].1 as u32
    }

    /// The sum of the squares of the ranks held (each counted once).
    pub const fn sum_of_squares(self) -> u32 {
        SUBSET_SUMS[self.subset_index()].2 as u32
    }

    /// The set's ten rank bits as an index into [`SUBSET_SUMS`] (rank r is
    /// bit r of the mask, so bit 0 is always clear).
    const fn subset_index(self) -> usize {
        (self.0 >> 1) as usize & (SUBSET_SUMS.len() - 1)
    }

    /// The set as ten bits, rank r at bit r − 1 (for tables indexed by set).
    pub const fn bits(self) -> u16 {
        (self.0 >> 1) & 0x3FF
    }

    /// The set whose ranks are the bits of [`RankSet::bits`] (higher bits ignored).
    pub const fn from_bits(bits: u16) -> RankSet {
        RankSet((bits & 0x3FF) << 1)
    }

    /// The ranks held, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Rank> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let rank = Rank(bits.trailing_zeros() as u8);
                bits &= bits - 1;
                rank
            })
        })
    }
}

/// For every set of ranks (indexed as [`RankSet::subset_index`]): how many
/// ranks, their sum and the sum of their squares, so each takes one look-up
/// (the target has no guaranteed population-count instruction).
const SUBSET_SUMS: [(u8, u16, u16); 1 << 10] = subset_sums();

const fn subset_sums() -> [(u8, u16, u16); 1 << 10] {
    let mut sums = [(0u8, 0u16, 0u16); 1 << 10];
    let mut index = 1;
    while index < sums.len() {
        // The set without its lowest rank was filled in already.
        let rank = index.trailing_zeros() as u16 + 1;
        let (count, sum, squares) = sums[index & (index - 1)];
        sums[index] = (count + 1, sum + rank, squares + rank * rank);
        index += 1;
    }
    sums
}

/// The most cards a stack can show: ten different ranks and the card that pairs.
pub const MAX_STACK_CARDS: usize = 11;

/// A face-up stack (a player's, the dealer's, or Starboard's common hand):
/// the cards in the order they came, with their rank set for pair checks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stack {
    cards: [Rank; MAX_STACK_CARDS],
    len: u8,
    ranks: RankSet,
}

impl Default for Stack {
    fn default() -> Self {
        Stack {
            cards: [Rank(1); MAX_STACK_CARDS],
            len: 0,
            ranks: RankSet::EMPTY,
        }
    }
}

impl Stack {
    /// Adds a card; returns true if it pairs a card already in the stack.
    /// A stack that already paired takes no more cards (the engine never asks).
    pub fn push(&mut self, rank: Rank) -> bool {
        let paired = !self.ranks.insert(rank);
        if (self.len as usize) < MAX_STACK_CARDS {
            self.cards[self.len as usize] = rank;
            self.len += 1;
        }
        paired
    }

    /// Whether a card of `rank` would pair this stack.
    pub const fn pairs_with(&self, rank: Rank) -> bool {
        self.ranks.contains(rank)
    }

    /// The cards in the order they came.
    pub fn cards(&self) -> &[Rank] {
        &self.cards[..self.len as usize]
    }

    /// The number of cards.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the stack has no cards.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The ranks held.
    pub const fn ranks(&self) -> RankSet {
        self.ranks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_outside_one_to_ten_are_refused() {
        assert!(Rank::new(0).is_err());
        assert!(Rank::new(11).is_err());
        assert!(Rank::new(-3).is_err());
        assert_eq!(Rank::new(10).unwrap().value(), 10);
    }

    #[test]
    fn a_deck_holds_55_cards_and_rank_times_decks_copies() {
        let eight = Decks::new(8).unwrap();
        assert_eq!(eight.cards(), 440);
        assert_eq!(eight.copies_of(Rank::new(7).unwrap()), 56);
        let total: u16 = Rank::ALL
            .iter()
            .map(|r| Decks::new(1).unwrap().copies_of(*r))
            .sum();
        assert_eq!(total, DECK_CARDS);
        assert!(Decks::new(0).is_err() && Decks::new(9).is_err());
    }

    #[test]
    fn rank_set_finds_pairs_and_lowest() {
        let mut set = RankSet::EMPTY;
        assert!(set.insert(Rank::new(8).unwrap()));
        assert!(set.insert(Rank::new(4).unwrap()));
        assert!(!set.insert(Rank::new(8).unwrap()));
        assert_eq!(set.lowest(), Some(Rank::new(4).unwrap()));
        assert_eq!(set.len(), 2);
    }

    #[test]
    fn rank_set_sums_match_its_ranks() {
        for mask in 0u16..1 << 10 {
            let set = RankSet(mask << 1);
            let values = || set.iter().map(|r| u32::from(r.value()));
            assert_eq!(set.len(), values().count() as u32);
            assert_eq!(set.sum(), values().sum::<u32>());
            assert_eq!(set.sum_of_squares(), values().map(|v| v * v).sum::<u32>());
        }
    }
}
