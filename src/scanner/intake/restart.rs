//! After a restart of the station: the strays journaled before it wait
//! again, and the check of the frames the shoe sent while the station was
//! down, which keeps the count or makes a freshly shuffled shoe due.

use super::{Fault, Intake, Outcome, Stray, Waiting};
use crate::engine::table::{CardSource, HandEvent, Table};
use crate::scanner::decoder::{ScanEvent, next_seq};
use crate::scanner::frame::{MAX_RESEND, Message, Protocol};

/// What the intake checks after a restart: the shoe's frames from the one
/// after the last the station took, each in sequence.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Continuity {
    /// The number of the frame due next.
    next: u16,
    /// Frames still to come of those the shoe was asked to send again (the
    /// frames it sent while the station was down).
    missed: u16,
}

impl Intake {
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
                    next: next_seq(last),
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

    /// The check after a restart: what `event` proves or disproves. Some
    /// outcome if the event is fully handled here; None to handle it as
    /// usual.
    pub(super) fn continuity(&mut self, event: &ScanEvent, table: &mut Table) -> Option<Outcome> {
        let check = self.check?;
        match event {
            ScanEvent::Protocol {
                version: Protocol::V1,
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
                let why = if *missing > MAX_RESEND {
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
                    next: next_seq(*seq),
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
