//! The alarms: what stops play (`Fault`), the ways out of each, how one
//! is resolved (with a pit boss's approval where it needs one) and what a
//! resolution cleared, for the fault log.

use std::fmt;

use thiserror::Error;

use super::{Intake, Outcome, Stray, Waiting};
use crate::engine::Rank;
use crate::engine::hand::Step;
use crate::engine::table::{CardSource, Table, TableError};
use crate::ids::StaffId;
use crate::scanner::frame::FrameError;

/// What stopped play.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum Fault {
    /// A card was read when the engine wanted no card.
    #[error("card {rank} (frame {seq}) was read out of turn: {reason}")]
    NoCardDue {
        /// The frame.
        seq: u16,
        /// The card.
        rank: Rank,
        /// Why the engine refused it.
        reason: TableError,
    },
    /// The card cannot be in this shoe (more copies than it holds).
    #[error("frame {seq}: {reason}")]
    ForeignCard {
        /// The frame.
        seq: u16,
        /// The engine's refusal.
        reason: TableError,
    },
    /// Frames were lost; one may have been a card.
    #[error("{missing} frame(s) from the shoe were lost (expected {expected}, got {received})")]
    SequenceGap {
        /// The frame that was due.
        expected: u16,
        /// The frame that came.
        received: u16,
        /// How many are missing.
        missing: u16,
    },
    /// The shoe restarted; a card may have been lost with it.
    #[error("the shoe restarted after frame {last}; a card may have been lost")]
    Restarted {
        /// The last frame before the restart.
        last: u16,
    },
    /// The shoe could not read a card, or jammed.
    #[error("frame {seq}: the shoe {}", if *.jam { "jammed" } else { "could not read a card" })]
    Misread {
        /// The frame.
        seq: u16,
        /// True for a jam.
        jam: bool,
    },
    /// Corrupt data from the shoe.
    #[error("corrupt data from the shoe: {0}")]
    CorruptData(FrameError),
    /// The shoe reported a fault of its own.
    #[error("the shoe reports error {code}: {text}")]
    DeviceError {
        /// The maker's code.
        code: u16,
        /// The maker's text.
        text: String,
    },
    /// The connection to the shoe was lost.
    #[error("the connection to the shoe was lost: {0}")]
    Disconnected(String),
    /// A card for a new hand came from a shoe that must be replaced first
    /// (past its cut card, or of unknown state after a restart).
    #[error("card {rank} (frame {seq}) came before a freshly shuffled shoe: {why}")]
    ShuffleDue {
        /// The frame.
        seq: u16,
        /// The card.
        rank: Rank,
        /// Why a new shoe is due, in words.
        why: String,
    },
    /// A card was read while the table stops play for another reason (no
    /// dealer signed in, a notice not yet acknowledged).
    #[error("card {rank} (frame {seq}) was read while play is stopped: {why}")]
    PlayStopped {
        /// The frame.
        seq: u16,
        /// The card.
        rank: Rank,
        /// Why play is stopped, in words.
        why: String,
    },
    /// No valid frame from the shoe for the silence limit: the link or the
    /// shoe is down (a cut cable, a frozen shoe).
    #[error(
        "no frame from the shoe for {quiet_ms} ms (the limit is {} ms): the link or the shoe is down",
        crate::scanner::decoder::SILENCE_LIMIT.as_millis()
    )]
    Silent {
        /// Milliseconds without a valid frame when it was noticed.
        quiet_ms: u64,
    },
    /// The shoe sent one sequence number twice with different contents.
    #[error("corrupt data from the shoe: {0}")]
    Conflict(String),
    /// A card frame came after its number had passed (its number was
    /// reported lost); it was not dealt.
    #[error("card {rank} (frame {seq}) came after its number had passed; it was not dealt")]
    StaleCard {
        /// The frame.
        seq: u16,
        /// The card.
        rank: Rank,
    },
    /// A version 2 shoe did not answer the host's requests to say who it
    /// is: which device reads the shoe cannot be checked.
    #[error("the shoe did not say who it is: {asked} IDENT requests got no HELLO")]
    Unidentified {
        /// How many requests went unanswered.
        asked: u8,
    },
    /// Cards that left the shoe before the station restarted still wait
    /// for a pit boss (journaled when they were read).
    #[error("card(s) that left the shoe before the restart wait for a pit boss: {0}")]
    WaitingSinceRestart(String),
    /// A different card-reading shoe (device) appeared during the shift.
    #[error("a different card-reading shoe appeared: {0}")]
    OtherShoe(String),
    /// A freshly shuffled shoe was inserted while a hand was being played:
    /// the hand would go on from another stack of cards.
    #[error(
        "a freshly shuffled shoe was inserted (frame {seq}) in the middle of the hand: a pit boss decides whether the hand goes on from it"
    )]
    NewShoeMidHand {
        /// The frame.
        seq: u16,
    },
    /// A card left the shoe while the station was down (the shoe sent its
    /// frame again when asked after the restart); it was not dealt.
    #[error("card {rank} (frame {seq}) left the shoe while the station was down; it was not dealt")]
    LeftWhileDown {
        /// The frame.
        seq: u16,
        /// The card.
        rank: Rank,
    },
}

/// An allowed way out of an alarm.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WayOut {
    /// Put the card through the reader again (after fixing the cause).
    ReRead,
    /// Enter the card by hand; needs a pit boss's approval and is recorded as manual.
    EnterByHand,
    /// Insert a freshly shuffled shoe, then re-read.
    Shuffle,
    /// A pit boss, with their PIN, lets play go on without a re-read (no
    /// card was lost); cards read and not dealt are set aside. Recorded as
    /// a scanner override.
    Override,
}

impl fmt::Display for WayOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WayOut::ReRead => "re-read the card",
            WayOut::EnterByHand => "enter the card by hand with a pit boss's approval",
            WayOut::Shuffle => "insert a freshly shuffled shoe and re-read the card",
            WayOut::Override => {
                "a pit boss overrides the alarm with their PIN (cards read and not dealt are set aside)"
            }
        })
    }
}

impl Fault {
    /// The ways out of this fault.
    pub fn ways_out(&self) -> &'static [WayOut] {
        match self {
            Fault::ShuffleDue { .. } => &[WayOut::Shuffle, WayOut::Override],
            // The new shoe is in already: only a pit boss lets the hand go
            // on from it (recorded as a mid-hand shuffle, then its burns).
            Fault::NewShoeMidHand { .. } => &[WayOut::Override],
            _ => &[WayOut::ReRead, WayOut::EnterByHand, WayOut::Override],
        }
    }
}

/// How an alarm is resolved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Resolution {
    /// The cause is fixed; the next card read is dealt.
    ReRead,
    /// The card is entered by hand.
    EnterByHand {
        /// The card.
        rank: Rank,
        /// The approving pit boss's staff number.
        approved_by: StaffId,
    },
    /// A pit boss lets play go on as it stands.
    Override {
        /// The approving pit boss's staff number.
        approved_by: StaffId,
    },
}

/// A resolution that was refused; nothing changed.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum IntakeError {
    /// There is no alarm to resolve.
    #[error("there is no alarm to resolve")]
    NoAlarm,
    /// The resolution is not one of the alarm's ways out.
    #[error("the alarm \"{fault}\" cannot be resolved that way; its ways out: {ways}")]
    NotAllowed {
        /// The alarm.
        fault: Fault,
        /// Its ways out, as a sentence.
        ways: String,
    },
    /// The engine refused the hand-entered card.
    #[error("the card entered by hand was refused: {0}")]
    Refused(#[from] TableError),
    /// A re-read while cards that left the shoe wait to be accounted for.
    #[error(
        "{cards} left the shoe and was not dealt: a pit boss sets it aside (override) or enters the card due by hand"
    )]
    CardsWaiting {
        /// The cards, in words.
        cards: String,
    },
}

/// What a resolution cleared: record it in the fault log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cleared {
    /// The faults cleared, oldest first.
    pub faults: Vec<Fault>,
    /// How.
    pub resolution: Resolution,
    /// The step taken by a hand-entered card.
    pub step: Option<Step>,
    /// The card the hand-entered one replaced (read, but not as it is).
    pub replaced: Option<Stray>,
    /// Cards set aside, in the order they were read.
    pub set_aside: Vec<Stray>,
}

impl Intake {
    /// Raises an alarm that did not come from the shoe's frames (a
    /// different shoe appeared): play pauses until it is resolved.
    pub fn raise_alarm(&mut self, fault: Fault) -> Outcome {
        self.raise(fault)
    }

    pub(super) fn raise(&mut self, fault: Fault) -> Outcome {
        self.alarms.push(fault.clone());
        Outcome::Alarm(fault)
    }

    /// Refused unless there is an alarm and `way` (ReRead, EnterByHand or
    /// Override) is a way out of every raised one: checked before anything
    /// is recorded for it. A re-read also ends a due shuffle once the new
    /// shoe is in, and is refused while a card that left the shoe waits.
    pub fn check_way(&self, way: WayOut) -> Result<(), IntakeError> {
        if self.alarms.is_empty() {
            return Err(IntakeError::NoAlarm);
        }
        for fault in &self.alarms {
            let ways = fault.ways_out();
            let allowed = ways.contains(&way)
                || (way == WayOut::ReRead
                    && ways.contains(&WayOut::Shuffle)
                    && !self.shuffle_due());
            if !allowed {
                let ways: Vec<String> = ways.iter().map(|w| w.to_string()).collect();
                return Err(IntakeError::NotAllowed {
                    fault: fault.clone(),
                    ways: ways.join(", or "),
                });
            }
        }
        if way == WayOut::ReRead
            && let Some(cards) = self.strays_in_words()
        {
            return Err(IntakeError::CardsWaiting { cards });
        }
        Ok(())
    }

    /// Resolves every raised alarm one way; refused (nothing changes) unless
    /// that way is allowed for all of them. What waits is then recorded in
    /// the order the shoe reported it: a card entered by hand takes the
    /// place of the first stray (a card read, but not as it is), other
    /// strays are set aside with the approver's staff number, and a new
    /// shoe inserted meanwhile is shuffled in.
    pub fn resolve(
        &mut self,
        resolution: Resolution,
        table: &mut Table,
    ) -> Result<Cleared, IntakeError> {
        self.check_way(match resolution {
            Resolution::ReRead => WayOut::ReRead,
            Resolution::EnterByHand { .. } => WayOut::EnterByHand,
            Resolution::Override { .. } => WayOut::Override,
        })?;
        let mut waiting = std::mem::take(&mut self.waiting).into_iter().peekable();
        let (step, replaced, approved_by) = match resolution {
            Resolution::ReRead => (None, None, None),
            Resolution::Override { approved_by } => (None, None, Some(approved_by)),
            Resolution::EnterByHand { rank, approved_by } => {
                match table.deal_external(
                    rank,
                    CardSource::Manual {
                        approved_by: approved_by.0,
                    },
                ) {
                    Ok(step) => {
                        let replaced = match waiting.peek() {
                            Some(Waiting::Card(stray)) => Some(*stray),
                            _ => None,
                        };
                        if replaced.is_some() {
                            waiting.next();
                        }
                        (Some(step), replaced, Some(approved_by))
                    }
                    Err(error) => {
                        self.waiting = waiting.collect();
                        return Err(error.into());
                    }
                }
            }
        };
        if step.is_some() && table.count().cut_card_out() {
            self.note_cut_card(table);
        }
        let mut set_aside = Vec::new();
        for item in waiting {
            match (item, approved_by) {
                (Waiting::Card(stray), Some(approved_by)) => {
                    let source = CardSource::Scanner {
                        frame: u64::from(stray.seq),
                    };
                    table.set_aside(stray.rank, source, approved_by.0)?;
                    set_aside.push(stray);
                }
                (Waiting::NewShoe, _) => {
                    self.new_shoe(table)?;
                }
                // A re-read is refused while a card waits (check_way).
                (Waiting::Card(_), None) => {}
            }
        }
        Ok(Cleared {
            faults: std::mem::take(&mut self.alarms),
            resolution,
            step,
            replaced,
            set_aside,
        })
    }
}
