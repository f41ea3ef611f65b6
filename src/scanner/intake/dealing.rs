//! Dealing: each scanner event routed to the table. A card goes to whoever
//! the engine says is due, or is burned after a shuffle; a new shoe
//! reshuffles the table; anything else that could mean a card was lost,
//! invented or misread raises an alarm.

use super::{Fault, Intake, Outcome, Stray, Waiting};
use crate::engine::Rank;
use crate::engine::hand::Need;
use crate::engine::table::{CardSource, HandEvent, Table, TableError};
use crate::scanner::decoder::ScanEvent;
use crate::scanner::frame::{FrameError, Message, MisreadKind};

impl Intake {
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
    pub(super) fn new_shoe(&mut self, table: &mut Table) -> Result<u8, TableError> {
        table.external_shuffle()?;
        self.cut_card_hand = None;
        self.unknown = None;
        self.check = None;
        self.burns_due = table.rules().burn;
        Ok(self.burns_due)
    }

    /// Raises `fault` for a card that left the shoe and was not dealt.
    pub(super) fn stray(&mut self, seq: u16, rank: Rank, fault: Fault) -> Outcome {
        self.waiting.push(Waiting::Card(Stray { seq, rank }));
        self.raise(fault)
    }

    pub(super) fn note_cut_card(&mut self, table: &Table) {
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
}

/// Whether a hand is under way: cards dealt to it, and more to come.
fn under_way(table: &Table) -> bool {
    table.need() != Need::Done
        && table
            .events()
            .iter()
            .any(|e| matches!(e, HandEvent::Card { .. }))
}
