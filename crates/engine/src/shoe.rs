//! The shoe: a running count of what has left it (for any card source, so a
//! foreign card is caught), and the software shoe that shuffles with a
//! cryptographically secure generator and commits to every order.

use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use serde::Serialize;
use sha2::{Digest, Sha256};
use thiserror::Error;

use super::card::{Decks, Rank};

/// A card the shoe could not have produced, or a shoe with nothing left.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum ShoeError {
    /// More copies of a rank than rank × decks since the last shuffle.
    #[error(
        "foreign card: a {rank} would be copy {copy} of {rank}, but a {decks}-deck shoe holds only {held}"
    )]
    ForeignCard {
        /// The rank.
        rank: Rank,
        /// Which copy this card would be.
        copy: u16,
        /// Copies the shoe holds.
        held: u16,
        /// Decks in the shoe.
        decks: u8,
    },
    /// Every card is in play: nothing is left to deal or to reshuffle.
    #[error("the shoe is empty and every card is in play; the hand cannot go on")]
    Exhausted,
}

/// What has left the shoe since its last shuffle: checks each card against
/// the shoe's composition and tracks where every card is, so that
/// `remaining + in play + discarded + burned + set aside` is always the
/// shoe's size.
#[derive(Clone, Debug)]
pub struct ShoeCount {
    decks: Decks,
    penetration_permille: u16,
    /// Copies of each rank out of the shoe since the last shuffle (in play,
    /// discarded or burned; cards kept in play over a reshuffle included).
    out: [u16; 10],
    /// Copies of each rank in play in the current hand.
    in_play: [u16; 10],
    in_play_total: u16,
    discarded: u16,
    burned: u16,
    set_aside: u16,
    /// Cards in the shoe when it was last shuffled.
    stack_size: u16,
    /// Cards taken from it since (burns included).
    taken: u16,
}

impl ShoeCount {
    /// A freshly shuffled full shoe.
    pub fn new(decks: Decks, penetration_permille: u16) -> ShoeCount {
        ShoeCount {
            decks,
            penetration_permille,
            out: [0; 10],
            in_play: [0; 10],
            in_play_total: 0,
            discarded: 0,
            burned: 0,
            set_aside: 0,
            stack_size: decks.cards(),
            taken: 0,
        }
    }

    /// Refuses a card the shoe cannot hold another copy of.
    #[inline]
    pub fn check(&self, rank: Rank) -> Result<(), ShoeError> {
        let held = self.decks.copies_of(rank);
        let copy = self.out[rank.index()] + 1;
        if copy > held {
            return Err(ShoeError::ForeignCard {
                rank,
                copy,
                held,
                decks: self.decks.count(),
            });
        }
        Ok(())
    }

    /// Counts a card dealt into play.
    #[inline]
    pub fn deal(&mut self, rank: Rank) -> Result<(), ShoeError> {
        self.check(rank)?;
        self.out[rank.index()] += 1;
        self.in_play[rank.index()] += 1;
        self.in_play_total += 1;
        self.taken += 1;
        debug_assert!(self.conserved(), "{self:?}");
        Ok(())
    }

    /// Counts a card burned face down to the discards.
    pub fn burn(&mut self, rank: Rank) -> Result<(), ShoeError> {
        self.check(rank)?;
        self.out[rank.index()] += 1;
        self.burned += 1;
        self.taken += 1;
        debug_assert!(self.conserved(), "{self:?}");
        Ok(())
    }

    /// Counts a card that left the shoe and was set aside (neither dealt
    /// nor burned). A card the shoe cannot hold (foreign) was never part of
    /// the stack: it is not counted, and false is returned.
    pub fn set_aside(&mut self, rank: Rank) -> bool {
        if self.check(rank).is_err() {
            return false;
        }
        self.out[rank.index()] += 1;
        self.set_aside += 1;
        self.taken += 1;
        debug_assert!(self.conserved(), "{self:?}");
        true
    }

    /// A card in play goes to the discards mid-hand (a bust card, a replaced
    /// first-pair card). A rank not in play is ignored.
    pub fn discard(&mut self, rank: Rank) {
        if self.in_play[rank.index()] > 0 {
            self.in_play[rank.index()] -= 1;
            self.in_play_total -= 1;
            self.discarded += 1;
        }
    }

    /// The hand is over: every card in play goes to the discards.
    pub fn end_hand(&mut self) {
        self.discarded += self.in_play_total;
        self.in_play = [0; 10];
        self.in_play_total = 0;
    }

    /// Every card not in play (discards, burns and the rest of the shoe) is
    /// shuffled back into the shoe; cards in play stay out.
    pub fn reshuffle(&mut self) {
        self.out = self.in_play;
        self.discarded = 0;
        self.burned = 0;
        self.set_aside = 0;
        self.stack_size = self.decks.cards() - self.in_play_total;
        self.taken = 0;
        debug_assert!(self.conserved(), "{self:?}");
    }

    /// Whether a shuffle of `cards` cards carries this shoe on after a
    /// restart ([`Shoe::continue_from`]) rather than shuffling every card
    /// not in play back in: it holds exactly the cards not yet out, and
    /// fewer than those not in play.
    pub fn continues(&self, cards: u16) -> bool {
        cards == self.remaining() && cards != self.decks.cards() - self.in_play_total
    }

    /// A recorded shuffle of `cards` cards: a carried-on shoe leaves the
    /// count as it is; any other shuffle is [`ShoeCount::reshuffle`].
    pub fn shuffled(&mut self, cards: u16) {
        if !self.continues(cards) {
            self.reshuffle();
        }
    }

    /// The same shoe, freshly shuffled and full: what its count is rebuilt
    /// on from the record.
    pub fn full(&self) -> ShoeCount {
        ShoeCount::new(self.decks, self.penetration_permille)
    }

    /// Conservation of cards, the invariant every count keeps: each card
    /// out of the shoe was taken from it since the shuffle or kept in play
    /// over it; no rank is out more often than the decks hold it; every
    /// card in play is out.
    fn conserved(&self) -> bool {
        let out: u16 = self.out.iter().sum();
        let kept_over_shuffle = self.decks.cards() - self.stack_size;
        out == self.taken + kept_over_shuffle
            && Rank::ALL.iter().all(|rank| {
                let i = rank.index();
                self.in_play[i] <= self.out[i] && self.out[i] <= self.decks.copies_of(*rank)
            })
    }

    /// Whether the cut card has come out: the share of the shoe dealt since
    /// the shuffle (burns included) has reached the penetration.
    pub fn cut_card_out(&self) -> bool {
        u32::from(self.taken) * 1000
            >= u32::from(self.stack_size) * u32::from(self.penetration_permille)
    }

    /// The card at which the cut card sits (taken count at which it comes out).
    pub fn cut_position(&self) -> u16 {
        (u32::from(self.stack_size) * u32::from(self.penetration_permille)).div_ceil(1000) as u16
    }

    /// Cards still in the shoe.
    pub fn remaining(&self) -> u16 {
        self.stack_size - self.taken
    }

    /// Cards taken from the shoe since its shuffle, burns included.
    pub fn taken(&self) -> u16 {
        self.taken
    }

    /// Cards in the shoe when it was last shuffled.
    pub fn stack_size(&self) -> u16 {
        self.stack_size
    }

    /// Cards in play in the current hand.
    pub fn in_play(&self) -> u16 {
        self.in_play_total
    }

    /// Cards discarded since the shuffle (burns not included).
    pub fn discarded(&self) -> u16 {
        self.discarded
    }

    /// Cards burned since the shuffle.
    pub fn burned(&self) -> u16 {
        self.burned
    }

    /// Cards set aside since the shuffle (read, neither dealt nor burned).
    pub fn set_aside_count(&self) -> u16 {
        self.set_aside
    }

    /// The decks in the shoe.
    pub fn decks(&self) -> Decks {
        self.decks
    }

    /// Copies of each rank in the shoe or in the discards, i.e. not in play:
    /// what a reshuffle puts back in the shoe.
    fn not_in_play(&self) -> impl Iterator<Item = (Rank, u16)> + '_ {
        Rank::ALL
            .into_iter()
            .map(|r| (r, self.decks.copies_of(r) - self.in_play[r.index()]))
    }
}

/// The published commitment to one shuffle, made before its first card.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct ShuffleCommitment {
    /// Shuffles of this shoe so far, counting this one (1 for the first).
    pub number: u32,
    /// SHA-256 of the order and the salt (see [`commitment_of`]).
    #[serde(with = "hex_bytes")]
    pub commitment: [u8; 32],
    /// Cards in the shuffled stack.
    pub cards: u16,
    /// True if the shoe ran out mid-hand and the discards were shuffled.
    pub mid_hand: bool,
}

/// A shuffle's order and salt, revealed when its stack is finished.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ShuffleReveal {
    /// The shuffle's number.
    pub number: u32,
    /// The stack, top card first.
    pub order: Vec<Rank>,
    /// The secret salt.
    #[serde(with = "hex_bytes")]
    pub salt: [u8; 32],
}

impl ShuffleReveal {
    /// Whether this order and salt are what `commitment` committed to.
    pub fn matches(&self, commitment: &ShuffleCommitment) -> bool {
        self.number == commitment.number
            && self.order.len() == usize::from(commitment.cards)
            && commitment_of(&self.order, &self.salt) == commitment.commitment
    }
}

/// SHA-256 over the domain tag `pairs-table shuffle v1`, the 32-byte salt,
/// and the order as one byte per card (its rank), top card first.
pub fn commitment_of(order: &[Rank], salt: &[u8; 32]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(b"pairs-table shuffle v1");
    hasher.update(salt);
    let mut bytes = [0u8; 64];
    for chunk in order.chunks(bytes.len()) {
        for (byte, rank) in bytes.iter_mut().zip(chunk) {
            *byte = rank.value();
        }
        hasher.update(&bytes[..chunk.len()]);
    }
    hasher.finalize().into()
}

/// Something the software shoe did besides dealing a card, in order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ShoeEvent {
    /// The previous stack is finished: its order and salt.
    Revealed(Box<ShuffleReveal>),
    /// A new stack was shuffled and committed to.
    Shuffled(ShuffleCommitment),
    /// A card was burned face down.
    Burned {
        /// The card.
        rank: Rank,
    },
}

/// The software shoe: shuffles with the generator it is given (a CSPRNG
/// seeded from the OS at a live table, from a seed in tests), burns after
/// every shuffle, and deals from the top.
#[derive(Debug)]
pub struct Shoe {
    count: ShoeCount,
    order: Vec<Rank>,
    next: usize,
    burn: u8,
    salt: [u8; 32],
    shuffles: u32,
    mid_hand_reshuffles: u32,
    rng: StdRng,
    events: Vec<ShoeEvent>,
}

impl Shoe {
    /// A new shoe of `decks`, shuffled, committed and burned.
    pub fn new(decks: Decks, penetration_permille: u16, burn: u8, rng: StdRng) -> Shoe {
        let mut shoe = Shoe {
            count: ShoeCount::new(decks, penetration_permille),
            order: Vec::with_capacity(usize::from(decks.cards())),
            next: 0,
            burn,
            salt: [0; 32],
            shuffles: 0,
            mid_hand_reshuffles: 0,
            rng,
            events: Vec::new(),
        };
        shoe.shuffle_not_in_play(false);
        shoe
    }

    /// Deals the top card into play. If the shoe is empty mid-hand, the
    /// discards are shuffled (and burned) first, as RULINGS.md says.
    #[inline]
    pub fn deal(&mut self) -> Result<Rank, ShoeError> {
        if self.next == self.order.len() {
            if self.count.in_play() == self.count.decks().cards() {
                return Err(ShoeError::Exhausted);
            }
            self.mid_hand_reshuffles += 1;
            self.shuffle_not_in_play(true);
            if self.next == self.order.len() {
                return Err(ShoeError::Exhausted);
            }
        }
        let rank = self.order[self.next];
        self.next += 1;
        self.count.deal(rank)?;
        Ok(rank)
    }

    /// Carries on a shoe whose stack was lost in a restart (a crash, a
    /// power loss or a clean close), with `count` rebuilt from the record
    /// of what left it since its last shuffle: the cards still in it are
    /// shuffled into a fresh order, committed to and published as a shuffle
    /// of that many cards (`mid_hand` if a hand is in play), and dealt,
    /// left and the cut card carry on; nothing is burned, since no card of
    /// the new order has been seen. The stack shuffled when this shoe was
    /// made is dropped unpublished (nothing was dealt from it). When no card
    /// is out but those in play, that is an ordinary shuffle (with its
    /// burns). A reader tells the two apart by the commitment's `cards`
    /// ([`ShoeCount::continues`]).
    pub fn continue_from(&mut self, count: ShoeCount, mid_hand: bool) {
        self.count = count;
        self.events.clear();
        self.shuffles = 0;
        if mid_hand {
            self.mid_hand_reshuffles += 1;
        }
        if self.count.out == self.count.in_play {
            self.shuffle_not_in_play(mid_hand);
            return;
        }
        self.order.clear();
        for rank in Rank::ALL {
            let left = self.count.decks.copies_of(rank) - self.count.out[rank.index()];
            self.order
                .extend(std::iter::repeat_n(rank, usize::from(left)));
        }
        self.commit_order(mid_hand);
    }

    /// Shuffles between hands (call when [`Shoe::shuffle_due`] and no hand is
    /// in play).
    pub fn shuffle(&mut self) {
        self.shuffle_not_in_play(false);
    }

    fn shuffle_not_in_play(&mut self, mid_hand: bool) {
        if self.shuffles > 0 {
            self.events
                .push(ShoeEvent::Revealed(Box::new(self.reveal())));
        }
        self.count.reshuffle();
        self.order.clear();
        for (rank, copies) in self.count.not_in_play() {
            self.order
                .extend(std::iter::repeat_n(rank, usize::from(copies)));
        }
        self.commit_order(mid_hand);
        // Burn, but always leave a card to deal.
        let burns = usize::from(self.burn).min(self.order.len().saturating_sub(1));
        for _ in 0..burns {
            let rank = self.order[self.next];
            self.next += 1;
            if self.count.burn(rank).is_ok() {
                self.events.push(ShoeEvent::Burned { rank });
            }
        }
    }

    /// Shuffles the stack in `order`, draws a fresh salt and publishes the
    /// commitment; dealing starts from its top.
    fn commit_order(&mut self, mid_hand: bool) {
        self.order.shuffle(&mut self.rng);
        self.rng.fill_bytes(&mut self.salt);
        self.shuffles += 1;
        self.next = 0;
        self.events.push(ShoeEvent::Shuffled(ShuffleCommitment {
            number: self.shuffles,
            commitment: commitment_of(&self.order, &self.salt),
            cards: self.order.len() as u16,
            mid_hand,
        }));
    }

    /// The current stack's order and salt, revealed.
    pub fn reveal(&self) -> ShuffleReveal {
        ShuffleReveal {
            number: self.shuffles,
            order: self.order.clone(),
            salt: self.salt,
        }
    }

    /// A card in play goes to the discards mid-hand.
    pub fn discard(&mut self, rank: Rank) {
        self.count.discard(rank);
    }

    /// The hand is over: its cards go to the discards.
    pub fn end_hand(&mut self) {
        self.count.end_hand();
    }

    /// Whether the cut card has come out, so the shoe must be shuffled
    /// before the next hand.
    pub fn shuffle_due(&self) -> bool {
        self.count.cut_card_out()
    }

    /// The running count.
    pub fn count(&self) -> &ShoeCount {
        &self.count
    }

    /// Mid-hand reshuffles so far.
    pub fn mid_hand_reshuffles(&self) -> u32 {
        self.mid_hand_reshuffles
    }

    /// Shuffles, reveals and burns since the events were last taken.
    pub fn events(&self) -> &[ShoeEvent] {
        &self.events
    }

    /// Forgets the events taken so far.
    pub fn clear_events(&mut self) {
        self.events.clear();
    }
}

mod hex_bytes {
    use serde::Serializer;

    pub fn serialize<S: Serializer>(bytes: &[u8; 32], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&hex::encode(bytes))
    }
}
