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

use std::fmt;

use thiserror::Error;

use super::decoder::ScanEvent;
use super::frame::{FrameError, Message, MisreadKind};
use crate::engine::Rank;
use crate::engine::hand::{Need, Step};
use crate::engine::table::{CardSource, HandEvent, Table, TableError};
use crate::ids::StaffId;

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
        super::decoder::SILENCE_LIMIT.as_millis()
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

/// What the intake checks after a restart: the shoe's frames from the one
/// after the last the station took, each in sequence.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Continuity {
    /// The number of the frame due next.
    next: u16,
    /// Frames still to come of those the shoe was asked to send again (the
    /// frames it sent while the station was down).
    missed: u16,
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

    /// After a restart: the strays journaled before it wait again, in the
    /// order read, under an alarm with the usual ways out (a pit boss sets
    /// them aside or enters the card due by hand; no re-read).
    pub fn restore_strays(&mut self, strays: &[Stray]) {
        if strays.is_empty() {
            return;
        }
        self.waiting
            .extend(strays.iter().copied().map(Waiting::Card));
        let cards: Vec<String> = strays.iter().map(Stray::to_string).collect();
        self.alarms
            .push(Fault::WaitingSinceRestart(cards.join(", ")));
    }

    /// Raises an alarm that did not come from the shoe's frames (a
    /// different shoe appeared): play pauses until it is resolved.
    pub fn raise_alarm(&mut self, fault: Fault) -> Outcome {
        self.raise(fault)
    }

    /// After a restart: `proof` is the number of the last frame the station
    /// took before it stopped (journaled), from which the link can prove
    /// that no card left the shoe unseen while it was down, or why it
    /// cannot. While the check runs the count stands; the shoe's frames
    /// since that one are checked as they come (a version 2 shoe sends
    /// again, when asked, those it sent meanwhile): a card among them waits
    /// for a pit boss ([`Fault::LeftWhileDown`]), a new shoe or the cut card
    /// is taken as it would have been, and the check ends well at the
    /// device's `HELLO` in sequence. Frames the shoe no longer holds, a
    /// restarted shoe (frame 0), a version 1 shoe, or a different or silent
    /// device end it with the count not known: the hand in progress may
    /// finish, and the next one needs a freshly shuffled shoe.
    pub fn after_restart(&mut self, table: &Table, proof: Result<u16, &str>) {
        // Burns still due after a new shoe, and a cut card already out, as
        // the count rebuilt from the record shows them.
        let events = table.events();
        if let Some(at) = events
            .iter()
            .rposition(|e| matches!(e, HandEvent::ExternalShuffle { .. }))
            && !events[at..]
                .iter()
                .any(|e| matches!(e, HandEvent::Card { .. }))
        {
            let burned = events[at..]
                .iter()
                .filter(|e| matches!(e, HandEvent::ExternalBurn { .. }))
                .count();
            let burned = u8::try_from(burned).unwrap_or(u8::MAX);
            self.burns_due = table.rules().burn.saturating_sub(burned);
        }
        if table.count().cut_card_out() {
            self.note_cut_card(table);
        }
        match proof {
            Ok(last) => {
                self.check = Some(Continuity {
                    next: super::decoder::next_seq(last),
                    missed: 0,
                });
            }
            Err(cause) => self.count_not_known(table, cause),
        }
    }

    /// The count of cards out of the shoe is not known, because of `cause`
    /// (in words, completed with "so the shoe's count is not known"): the
    /// hand in progress may finish, and the next needs a new shoe.
    pub fn count_not_known(&mut self, table: &Table, cause: &str) {
        self.check = None;
        self.unknown = Some(format!("{cause}, so the shoe's count is not known"));
        self.cut_card_hand = Some(table.hands_started());
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

    /// Handles one scanner event.
    pub fn handle(&mut self, event: &ScanEvent, table: &mut Table) -> Outcome {
        if self.check.is_some()
            && let Some(outcome) = self.continuity(event, table)
        {
            return outcome;
        }
        let fault = match event {
            ScanEvent::Frame { seq, message } => return self.message(*seq, message, table),
            ScanEvent::Duplicate { .. }
            | ScanEvent::Connected { .. }
            | ScanEvent::Protocol { .. }
            | ScanEvent::ResendRequested { .. }
            | ScanEvent::Stale { message: None, .. } => return Outcome::Noted,
            ScanEvent::Stale {
                seq,
                message: Some(message),
                ..
            } => match message {
                Message::Card { rank } => Fault::StaleCard {
                    seq: *seq,
                    rank: *rank,
                },
                _ => return Outcome::Noted,
            },
            ScanEvent::Conflict { .. } => Fault::Conflict(event.to_string()),
            ScanEvent::Silent { quiet_ms } => Fault::Silent {
                quiet_ms: *quiet_ms,
            },
            // Noise between frames loses nothing unless a gap follows.
            ScanEvent::Problem {
                error: FrameError::Garbage { .. },
                ..
            } => return Outcome::Noted,
            ScanEvent::Problem { error, .. } => Fault::CorruptData(error.clone()),
            ScanEvent::Gap {
                expected,
                received,
                missing,
            } => Fault::SequenceGap {
                expected: *expected,
                received: *received,
                missing: *missing,
            },
            ScanEvent::Restarted { last } => Fault::Restarted { last: *last },
            ScanEvent::Unidentified { asked } => Fault::Unidentified { asked: *asked },
            ScanEvent::Disconnected { reason } => Fault::Disconnected(reason.clone()),
        };
        self.raise(fault)
    }

    /// The check after a restart: what `event` proves or disproves. Some
    /// outcome if the event is fully handled here; None to handle it as
    /// usual.
    fn continuity(&mut self, event: &ScanEvent, table: &mut Table) -> Option<Outcome> {
        let check = self.check?;
        match event {
            ScanEvent::Protocol {
                version: super::Protocol::V1,
            } => self.count_not_known(
                table,
                "the shoe speaks protocol 1, which cannot send again the frames it sent while the station was down",
            ),
            ScanEvent::Restarted { .. } => {
                self.count_not_known(
                    table,
                    "the shoe restarted (its frame 0) while the station was down",
                );
                return Some(Outcome::Noted);
            }
            ScanEvent::ResendRequested { from, count } if *from == check.next => {
                self.check = Some(Continuity {
                    missed: *count,
                    ..check
                });
            }
            ScanEvent::Gap { missing, .. } => {
                let why = if *missing > super::frame::MAX_RESEND {
                    format!(
                        "the shoe sent {missing} frames while the station was down, more than it can send again"
                    )
                } else {
                    format!(
                        "{missing} frame(s) the shoe sent while the station was down did not come when asked for again"
                    )
                };
                self.count_not_known(table, &why);
                return Some(Outcome::Noted);
            }
            ScanEvent::Unidentified { .. } => self.count_not_known(
                table,
                "the shoe did not say who it is",
            ),
            ScanEvent::Frame { seq, message } if *seq == check.next => {
                let resent = check.missed > 0;
                self.check = Some(Continuity {
                    next: super::decoder::next_seq(*seq),
                    missed: check.missed.saturating_sub(1),
                });
                match message {
                    Message::Card { rank } if resent => {
                        // Recorded before the station stopped (the frame
                        // number had not been journaled yet): not twice.
                        if table.events().iter().any(|e| scanner_frame(e) == Some(u64::from(*seq)))
                            || self.strays().any(|s| s.seq == *seq)
                        {
                            return Some(Outcome::Noted);
                        }
                        let fault = Fault::LeftWhileDown {
                            seq: *seq,
                            rank: *rank,
                        };
                        return Some(if self.paused() {
                            self.waiting.push(Waiting::Card(Stray {
                                seq: *seq,
                                rank: *rank,
                            }));
                            Outcome::Held {
                                seq: *seq,
                                rank: *rank,
                            }
                        } else {
                            self.stray(*seq, *rank, fault)
                        });
                    }
                    // The device said who it is after every missed frame
                    // came: the station has checked it is this shoe's.
                    Message::Hello { .. } if !resent => self.check = None,
                    _ => {}
                }
            }
            ScanEvent::Frame { .. } => self.count_not_known(
                table,
                "the shoe's frames since the restart are not in sequence",
            ),
            _ => {}
        }
        None
    }

    fn raise(&mut self, fault: Fault) -> Outcome {
        self.alarms.push(fault.clone());
        Outcome::Alarm(fault)
    }

    fn message(&mut self, seq: u16, message: &Message, table: &mut Table) -> Outcome {
        match message {
            Message::Card { rank } => self.card(seq, *rank, table),
            Message::CutCard => {
                self.note_cut_card(table);
                Outcome::Noted
            }
            Message::ShoeInserted { .. } if under_way(table) => {
                // Never quietly in the middle of a hand: the new shoe waits
                // (behind any card read before it) for a pit boss.
                self.waiting.push(Waiting::NewShoe);
                self.raise(Fault::NewShoeMidHand { seq })
            }
            Message::ShoeInserted { .. } if !self.waiting.is_empty() => {
                // The cards read before it came from the old shoe: they are
                // accounted for first.
                self.waiting.push(Waiting::NewShoe);
                Outcome::Noted
            }
            Message::ShoeInserted { .. } => match self.new_shoe(table) {
                Ok(burns) => Outcome::Shuffled { burns },
                Err(reason) => self.raise(Fault::DeviceError {
                    code: 0,
                    text: reason.to_string(),
                }),
            },
            Message::Misread { kind } => self.raise(Fault::Misread {
                seq,
                jam: *kind == MisreadKind::Jam,
            }),
            Message::DeviceError { code, text } => self.raise(Fault::DeviceError {
                code: *code,
                text: text.clone(),
            }),
            Message::ShoeEmptied { .. }
            | Message::Lid { .. }
            | Message::Heartbeat
            | Message::Hello { .. }
            | Message::Unknown { .. } => Outcome::Noted,
        }
    }

    /// A freshly shuffled shoe is in: the table reshuffles and the next
    /// cards are burned. Returns how many.
    fn new_shoe(&mut self, table: &mut Table) -> Result<u8, TableError> {
        table.external_shuffle()?;
        self.cut_card_hand = None;
        self.unknown = None;
        self.check = None;
        self.burns_due = table.rules().burn;
        Ok(self.burns_due)
    }

    /// Raises `fault` for a card that left the shoe and was not dealt.
    fn stray(&mut self, seq: u16, rank: Rank, fault: Fault) -> Outcome {
        self.waiting.push(Waiting::Card(Stray { seq, rank }));
        self.raise(fault)
    }

    fn note_cut_card(&mut self, table: &Table) {
        if self.cut_card_hand.is_none() {
            self.cut_card_hand = Some(table.hands_started());
        }
    }

    fn card(&mut self, seq: u16, rank: Rank, table: &mut Table) -> Outcome {
        if self.paused() {
            self.waiting.push(Waiting::Card(Stray { seq, rank }));
            return Outcome::Held { seq, rank };
        }
        if let Some(why) = &self.stopped {
            let why = why.clone();
            return self.stray(seq, rank, Fault::PlayStopped { seq, rank, why });
        }
        if self
            .cut_card_hand
            .is_some_and(|hand| table.hands_started() > hand)
        {
            let why = self.new_shoe_reason().unwrap_or_default().to_owned();
            return self.stray(seq, rank, Fault::ShuffleDue { seq, rank, why });
        }
        let source = CardSource::Scanner {
            frame: u64::from(seq),
        };
        if self.burns_due > 0 {
            return match table.burn_external(rank, source) {
                Ok(()) => {
                    self.burns_due -= 1;
                    Outcome::Burned { seq, rank }
                }
                Err(reason) => self.stray(seq, rank, Fault::ForeignCard { seq, reason }),
            };
        }
        let was_due = self.shuffle_due();
        match table.deal_external(rank, source) {
            Ok(step) => {
                if table.count().cut_card_out() {
                    self.note_cut_card(table);
                }
                Outcome::Dealt {
                    seq,
                    step,
                    cut_card_out: !was_due && self.shuffle_due(),
                }
            }
            Err(reason @ TableError::Shoe(_)) => {
                self.stray(seq, rank, Fault::ForeignCard { seq, reason })
            }
            Err(reason) => self.stray(seq, rank, Fault::NoCardDue { seq, rank, reason }),
        }
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

/// Whether a hand is under way: cards dealt to it, and more to come.
fn under_way(table: &Table) -> bool {
    table.need() != Need::Done
        && table
            .events()
            .iter()
            .any(|e| matches!(e, HandEvent::Card { .. }))
}

/// The frame a card-reading shoe reported `event`'s card in, if it did.
fn scanner_frame(event: &HandEvent) -> Option<u64> {
    match event {
        HandEvent::Card { source, .. }
        | HandEvent::ExternalBurn { source, .. }
        | HandEvent::SetAside { source, .. } => match source {
            CardSource::Scanner { frame } => Some(*frame),
            CardSource::SoftwareShoe | CardSource::Manual { .. } => None,
        },
        HandEvent::Shoe(_) | HandEvent::ExternalShuffle { .. } | HandEvent::Decision { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hand::{CardTo, Need};
    use crate::engine::rules::HouseRules;
    use crate::engine::shoe::ShoeCount;
    use crate::engine::table::{CardSupply, HandEvent, Seating};
    use crate::engine::{Decks, GameKind};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn table(decks: i64) -> Table {
        let rules = HouseRules::default();
        let count = ShoeCount::new(Decks::new(decks).unwrap(), rules.penetration_permille);
        let mut table = Table::new(GameKind::Rocket, rules, CardSupply::External(count)).unwrap();
        table
            .start_hand(
                &Seating::Rocket(vec![(1, 100), (2, 100)]),
                &mut StdRng::seed_from_u64(1),
            )
            .unwrap();
        table
    }

    fn card(seq: u16, rank: i64) -> ScanEvent {
        ScanEvent::Frame {
            seq,
            message: Message::Card {
                rank: Rank::new(rank).unwrap(),
            },
        }
    }

    #[test]
    fn a_card_goes_to_whoever_is_due() {
        let mut table = table(1);
        let mut intake = Intake::new();
        let outcome = intake.handle(&card(1, 5), &mut table);
        assert!(matches!(
            outcome,
            Outcome::Dealt {
                seq: 1,
                step: Step::Card {
                    to: CardTo::Seat(1),
                    ..
                },
                cut_card_out: false
            }
        ));
    }

    #[test]
    fn a_card_when_a_decision_is_due_pauses_play_until_resolved() {
        let mut table = table(1);
        let mut intake = Intake::new();
        for (seq, rank) in [(1, 5), (2, 6), (3, 7)] {
            intake.handle(&card(seq, rank), &mut table);
        }
        assert!(matches!(table.need(), Need::Decision { .. }));
        let outcome = intake.handle(&card(4, 8), &mut table);
        assert!(matches!(outcome, Outcome::Alarm(Fault::NoCardDue { .. })));
        assert!(intake.paused());
        assert_eq!(
            intake.handle(&card(5, 9), &mut table),
            Outcome::Held {
                seq: 5,
                rank: Rank::new(9).unwrap()
            }
        );
        // Both cards left the shoe: a re-read would lose them.
        let taken = table.count().taken();
        let refused = intake.resolve(Resolution::ReRead, &mut table).unwrap_err();
        assert!(
            matches!(refused, IntakeError::CardsWaiting { .. }),
            "{refused}"
        );
        assert!(
            refused
                .to_string()
                .contains("card 8 (frame 4), card 9 (frame 5)")
        );
        assert!(intake.paused());
        let cleared = intake
            .resolve(
                Resolution::Override {
                    approved_by: StaffId(4411),
                },
                &mut table,
            )
            .unwrap();
        assert_eq!(cleared.faults.len(), 1);
        assert_eq!(
            cleared.set_aside,
            [
                Stray {
                    seq: 4,
                    rank: Rank::new(8).unwrap()
                },
                Stray {
                    seq: 5,
                    rank: Rank::new(9).unwrap()
                }
            ]
        );
        assert!(!intake.paused());
        assert_eq!(
            table.count().taken(),
            taken + 2,
            "the count matches the stack"
        );
        assert_eq!(table.count().set_aside_count(), 2);
        let set_aside: Vec<&HandEvent> = table
            .events()
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    HandEvent::SetAside {
                        approved_by: 4411,
                        ..
                    }
                )
            })
            .collect();
        assert_eq!(set_aside.len(), 2);
    }

    #[test]
    fn a_card_entered_by_hand_takes_the_place_of_the_first_stray() {
        let mut table = table(1);
        let mut intake = Intake::new();
        intake.handle(&card(1, 1), &mut table);
        // A second 1 is foreign in one deck: the card is really a 7, misread.
        intake.handle(&card(2, 1), &mut table);
        intake.handle(&card(3, 6), &mut table);
        let taken = table.count().taken();
        let cleared = intake
            .resolve(
                Resolution::EnterByHand {
                    rank: Rank::new(7).unwrap(),
                    approved_by: StaffId(4411),
                },
                &mut table,
            )
            .unwrap();
        assert_eq!(
            cleared.replaced,
            Some(Stray {
                seq: 2,
                rank: Rank::new(1).unwrap()
            })
        );
        assert_eq!(
            cleared.set_aside,
            [Stray {
                seq: 3,
                rank: Rank::new(6).unwrap()
            }]
        );
        // The 7 dealt and the 6 set aside left the stack; the foreign 1 did not count.
        assert_eq!(table.count().taken(), taken + 2);
    }

    #[test]
    fn a_foreign_card_set_aside_is_recorded_but_not_counted_out_of_the_stack() {
        let mut table = table(1);
        let mut intake = Intake::new();
        intake.handle(&card(1, 1), &mut table);
        intake.handle(&card(2, 1), &mut table);
        let taken = table.count().taken();
        intake
            .resolve(
                Resolution::Override {
                    approved_by: StaffId(4411),
                },
                &mut table,
            )
            .unwrap();
        assert_eq!(table.count().taken(), taken);
        assert!(matches!(
            table.events().last(),
            Some(HandEvent::SetAside {
                approved_by: 4411,
                ..
            })
        ));
    }

    #[test]
    fn a_foreign_card_is_refused_and_can_be_entered_by_hand() {
        let mut table = table(1);
        let mut intake = Intake::new();
        intake.handle(&card(1, 1), &mut table);
        let outcome = intake.handle(&card(2, 1), &mut table);
        assert!(matches!(outcome, Outcome::Alarm(Fault::ForeignCard { .. })));
        assert_eq!(
            intake.alarms()[0].ways_out(),
            &[WayOut::ReRead, WayOut::EnterByHand, WayOut::Override]
        );
        let cleared = intake
            .resolve(
                Resolution::EnterByHand {
                    rank: Rank::new(2).unwrap(),
                    approved_by: StaffId(4411),
                },
                &mut table,
            )
            .unwrap();
        assert!(matches!(
            cleared.step,
            Some(Step::Card {
                to: CardTo::Seat(2),
                ..
            })
        ));
    }

    #[test]
    fn gaps_misreads_corruption_and_disconnects_raise_alarms_but_noise_does_not() {
        let mut table = table(1);
        let mut intake = Intake::new();
        let noise = ScanEvent::Problem {
            seq: None,
            error: FrameError::Garbage { bytes: 3 },
        };
        assert_eq!(intake.handle(&noise, &mut table), Outcome::Noted);
        let events = [
            ScanEvent::Gap {
                expected: 2,
                received: 3,
                missing: 1,
            },
            ScanEvent::Frame {
                seq: 4,
                message: Message::Misread {
                    kind: MisreadKind::Jam,
                },
            },
            ScanEvent::Problem {
                seq: None,
                error: FrameError::NoChecksum,
            },
            ScanEvent::Disconnected {
                reason: "unplugged".into(),
            },
            ScanEvent::Restarted { last: 9 },
        ];
        for event in &events {
            assert!(matches!(
                intake.handle(event, &mut table),
                Outcome::Alarm(_)
            ));
        }
        assert_eq!(intake.alarms().len(), events.len());
    }

    #[test]
    fn the_virtual_cut_card_forces_a_shuffle_before_the_next_hand() {
        // One deck: the cut card sits at 44 of 55 cards.
        let mut table = table(1);
        let mut intake = Intake::new();
        let mut seq = 0;
        let mut cut_seen = false;
        let mut ranks = Rank::ALL
            .iter()
            .flat_map(|r| std::iter::repeat_n(*r, usize::from(r.value())));
        while !intake.shuffle_due() {
            if table.need() == Need::Done {
                table.finish_hand().unwrap();
                table
                    .start_hand(
                        &Seating::Rocket(vec![(1, 100)]),
                        &mut StdRng::seed_from_u64(1),
                    )
                    .unwrap();
            }
            if let Need::Decision { seat, .. } = table.need() {
                table.act(seat, crate::engine::Action::Hit).unwrap();
                continue;
            }
            seq += 1;
            let rank = ranks.next().unwrap();
            if let Outcome::Dealt { cut_card_out, .. } =
                intake.handle(&card(seq, i64::from(rank.value())), &mut table)
            {
                cut_seen |= cut_card_out;
            }
        }
        assert!(cut_seen);
        // Finish the hand with hand-entered decisions and cards, then start another.
        while table.need() != Need::Done {
            match table.need() {
                Need::Decision { seat, .. } => {
                    table.act(seat, crate::engine::Action::Fold).unwrap();
                }
                _ => {
                    seq += 1;
                    let rank = ranks.next().unwrap();
                    intake.handle(&card(seq, i64::from(rank.value())), &mut table);
                }
            }
        }
        table.finish_hand().unwrap();
        table
            .start_hand(
                &Seating::Rocket(vec![(1, 100)]),
                &mut StdRng::seed_from_u64(1),
            )
            .unwrap();
        let outcome = intake.handle(&card(seq + 1, 10), &mut table);
        assert!(matches!(outcome, Outcome::Alarm(Fault::ShuffleDue { .. })));
        assert!(intake.resolve(Resolution::ReRead, &mut table).is_err());
        let inserted = ScanEvent::Frame {
            seq: seq + 2,
            message: Message::ShoeInserted {
                shoe_id: "B".into(),
            },
        };
        // The card read from the old shoe is accounted for before the new
        // shoe counts: the shuffle waits behind it.
        assert_eq!(intake.handle(&inserted, &mut table), Outcome::Noted);
        assert!(intake.shuffle_due());
        assert!(intake.resolve(Resolution::ReRead, &mut table).is_err());
        intake
            .resolve(
                Resolution::Override {
                    approved_by: StaffId(4411),
                },
                &mut table,
            )
            .unwrap();
        assert!(!intake.shuffle_due());
        assert_eq!(intake.burns_due(), 5);
        let tail: Vec<&HandEvent> = table.events().iter().rev().take(2).collect();
        assert!(
            matches!(tail[0], HandEvent::ExternalShuffle { .. }),
            "{tail:?}"
        );
        assert!(matches!(tail[1], HandEvent::SetAside { .. }), "{tail:?}");
        let mut seq = seq + 2;
        for _ in 0..5 {
            seq += 1;
            let burned = intake.handle(&card(seq, 9), &mut table);
            assert_eq!(
                burned,
                Outcome::Burned {
                    seq,
                    rank: Rank::new(9).unwrap()
                }
            );
        }
        assert_eq!(table.count().burned(), 5, "burns are counted, not dealt");
        assert!(matches!(
            intake.handle(&card(seq + 1, 10), &mut table),
            Outcome::Dealt { .. }
        ));
    }
    #[test]
    fn after_a_restart_the_missed_frames_keep_the_count_or_make_a_new_shoe_due() {
        let mut table = table(1);
        let mut intake = Intake::new();
        assert!(matches!(
            intake.handle(&card(1, 5), &mut table),
            Outcome::Dealt { .. }
        ));
        // The station stopped after journaling the card, before its frame
        // number: the journal says 0.
        let mut intake = Intake::new();
        intake.after_restart(&table, Ok(0));
        assert!(intake.checking());
        let resend = ScanEvent::ResendRequested { from: 1, count: 2 };
        assert_eq!(intake.handle(&resend, &mut table), Outcome::Noted);
        assert_eq!(
            intake.handle(&card(1, 5), &mut table),
            Outcome::Noted,
            "recorded already, not taken twice"
        );
        assert!(matches!(
            intake.handle(&card(2, 6), &mut table),
            Outcome::Alarm(Fault::LeftWhileDown { seq: 2, .. })
        ));
        assert_eq!(intake.strays().count(), 1);
        let hello = ScanEvent::Frame {
            seq: 3,
            message: Message::Hello {
                identity: crate::scanner::Identity {
                    maker: "Acme".into(),
                    model: "RS-9".into(),
                    serial: "SN1".into(),
                    firmware: "1.0".into(),
                },
                version: 2,
            },
        };
        intake.handle(&hello, &mut table);
        assert!(!intake.checking());
        assert_eq!(intake.count_unknown(), None);
        assert_eq!(intake.new_shoe_reason(), None);
        // Another restart, and more frames missed than the shoe keeps.
        let mut intake = Intake::new();
        intake.after_restart(&table, Ok(3));
        let gap = ScanEvent::Gap {
            expected: 4,
            received: 300,
            missing: 296,
        };
        assert_eq!(intake.handle(&gap, &mut table), Outcome::Noted);
        assert_eq!(
            intake.new_shoe_reason(),
            Some(
                "the shoe sent 296 frames while the station was down, more than it can send again, so the shoe's count is not known"
            )
        );
    }

    #[test]
    fn a_new_shoe_in_the_middle_of_a_hand_waits_for_a_pit_boss() {
        let mut table = table(1);
        let mut intake = Intake::new();
        intake.handle(&card(1, 5), &mut table);
        let inserted = ScanEvent::Frame {
            seq: 2,
            message: Message::ShoeInserted {
                shoe_id: "B".into(),
            },
        };
        assert!(matches!(
            intake.handle(&inserted, &mut table),
            Outcome::Alarm(Fault::NewShoeMidHand { seq: 2 })
        ));
        assert!(intake.resolve(Resolution::ReRead, &mut table).is_err());
        let taken = table.count().taken();
        intake
            .resolve(
                Resolution::Override {
                    approved_by: StaffId(4411),
                },
                &mut table,
            )
            .unwrap();
        assert!(matches!(
            table.events().last(),
            Some(HandEvent::ExternalShuffle { mid_hand: true })
        ));
        assert!(table.count().taken() < taken);
        assert_eq!(intake.burns_due(), table.rules().burn);
    }
}
