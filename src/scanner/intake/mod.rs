//! The intake: scanner events into the table. Pure: events and a `&mut
//! Table` in, outcomes and alarms out; no port, no clock.
//!
//! A card read goes to whoever the engine says is due. Anything else that
//! could mean a card was lost, invented or misread raises an alarm (a
//! [`Fault`]); the hand is paused until the alarm is resolved one of the
//! ways it names. The virtual cut card at the house-rule penetration is
//! enforced whether or not the shoe reports its cut card.
//!
//! Every card the shoe reports left it. One that is neither dealt nor
//! burned (read out of turn, while play was stopped or paused, before a
//! due new shoe, or foreign) is a [`Stray`]: it waits, in order with any
//! new shoe inserted meanwhile, until a pit boss sets it aside (override)
//! or enters the card due by hand in its place. A re-read is refused while
//! one waits, so no card that left the shoe is left out of the record.
//!
//! A file per concern: this one holds the intake's state and what it hands
//! out (`Intake`, `Outcome`, `Stray`); `dealing` routes each event to the
//! table; `alarms` holds the faults, their ways out and their resolution;
//! `restart` carries the intake over a restart of the station.

use std::fmt;

use crate::engine::Rank;
use crate::engine::hand::Step;

mod alarms;
mod dealing;
mod restart;
#[cfg(test)]
mod tests;

pub use alarms::{Cleared, Fault, IntakeError, Resolution, WayOut};
use restart::Continuity;

/// A card that left the shoe and was neither dealt nor burned; it waits
/// for a pit boss to set it aside or enter the card due in its place.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stray {
    /// The frame that reported it.
    pub seq: u16,
    /// The card as read.
    pub rank: Rank,
}

impl fmt::Display for Stray {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "card {} (frame {})", self.rank, self.seq)
    }
}

/// What waits while strays do, in the order the shoe reported it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Waiting {
    /// A card neither dealt nor burned.
    Card(Stray),
    /// A freshly shuffled shoe inserted after it (applied in turn).
    NewShoe,
}

/// What the intake did with one event.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The card was dealt.
    Dealt {
        /// The frame.
        seq: u16,
        /// What the hand did with it.
        step: Step,
        /// True if this card brought out the cut card (physical or virtual):
        /// the shoe must be shuffled after this hand.
        cut_card_out: bool,
    },
    /// Nothing for the hand (heartbeat, lid, connection, stray bytes).
    Noted,
    /// The physical shoe was replaced by a freshly shuffled one; the next
    /// `burns` cards read are burned.
    Shuffled {
        /// Cards to burn (the house rule).
        burns: u8,
    },
    /// A card read was burned face down after a shuffle.
    Burned {
        /// The frame.
        seq: u16,
        /// The card.
        rank: Rank,
    },
    /// Play is paused: an alarm is raised (see [`Intake::alarms`]).
    Alarm(Fault),
    /// A card arrived while play is paused: it waits as a [`Stray`].
    Held {
        /// The frame.
        seq: u16,
        /// The card.
        rank: Rank,
    },
}

/// Routes scanner events into a table. Holds the raised alarms and whether
/// the shoe is due for a shuffle.
#[derive(Clone, Debug, Default)]
pub struct Intake {
    alarms: Vec<Fault>,
    /// Why the table stops play, if it does: a card read then is an alarm.
    stopped: Option<String>,
    /// The hand number during which the cut card came out (or the count
    /// was found not known): no card for a later hand until a new shoe is in.
    cut_card_hand: Option<u64>,
    /// Why the count of cards out of the shoe is not known (so a new shoe
    /// is due), when that and not the cut card is the reason.
    unknown: Option<String>,
    /// After a restart, until the link proves that no card left the shoe
    /// unseen while the station was down (or shows it cannot).
    check: Option<Continuity>,
    /// Cards still to burn after the last shuffle.
    burns_due: u8,
    /// Strays and the new shoes inserted after them, in order.
    waiting: Vec<Waiting>,
}

impl Intake {
    /// An intake with no alarms and a fresh shoe.
    pub fn new() -> Intake {
        Intake::default()
    }

    /// The raised alarms, oldest first; play is paused while any is raised.
    pub fn alarms(&self) -> &[Fault] {
        &self.alarms
    }

    /// The table stops play (`Some(why)`) or lets it go on (`None`): while
    /// stopped, a card read raises [`Fault::PlayStopped`] instead of being
    /// dealt or burned.
    pub fn set_stopped(&mut self, why: Option<String>) {
        self.stopped = why;
    }

    /// Whether play is paused by an alarm.
    pub fn paused(&self) -> bool {
        !self.alarms.is_empty()
    }

    /// Cards that left the shoe and were neither dealt nor burned, oldest
    /// first: they wait for a pit boss.
    pub fn strays(&self) -> impl Iterator<Item = Stray> + '_ {
        self.waiting.iter().filter_map(|w| match w {
            Waiting::Card(stray) => Some(*stray),
            Waiting::NewShoe => None,
        })
    }

    fn strays_in_words(&self) -> Option<String> {
        let cards: Vec<String> = self.strays().map(|s| s.to_string()).collect();
        (!cards.is_empty()).then(|| cards.join(", "))
    }

    /// Why a freshly shuffled shoe is due before the next hand, if it is.
    pub fn new_shoe_reason(&self) -> Option<&str> {
        self.cut_card_hand?;
        Some(self.unknown.as_deref().unwrap_or("the cut card is out"))
    }

    /// Why the count of cards out of the shoe is not known, if it is not:
    /// until a new shoe is inserted.
    pub fn count_unknown(&self) -> Option<&str> {
        self.unknown.as_deref()
    }

    /// Whether the shoe's frames since the restart are still being checked.
    pub fn checking(&self) -> bool {
        self.check.is_some()
    }

    /// Whether the shoe must be shuffled before the next hand.
    pub fn shuffle_due(&self) -> bool {
        self.cut_card_hand.is_some()
    }

    /// Cards still to burn after the last shuffle.
    pub fn burns_due(&self) -> u8 {
        self.burns_due
    }
}
