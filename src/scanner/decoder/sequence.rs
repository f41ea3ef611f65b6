//! Sequence numbers: their cycle, and the check that notices a lost,
//! repeated, stale or restarted frame by its number, remembering the
//! latest frames to tell a repeat from a conflict.

use std::collections::VecDeque;

use super::ScanEvent;
use crate::scanner::frame::{FrameError, MAX_SEQ, Message};

/// How many of the latest frames the host remembers, to tell a repeated
/// frame (same contents: ignored) from a conflicting one (a fault).
pub const RECENT_FRAMES: usize = 64;

/// The successor of a sequence number: 65535 is followed by 1, because 0
/// is sent only as the first frame after power-on.
pub fn next_seq(seq: u16) -> u16 {
    if seq == MAX_SEQ { 1 } else { seq + 1 }
}

/// How far `seq` is ahead of `from` on the cycle 1..=65535 (0 to 65534).
pub(super) fn ahead(from: u16, seq: u16) -> u16 {
    (i32::from(seq) - i32::from(from)).rem_euclid(i32::from(MAX_SEQ)) as u16
}

/// The furthest ahead a number may be and still count as ahead (a gap);
/// a number further ahead is taken as behind (an old frame).
const HALF_CYCLE: u16 = MAX_SEQ / 2;

/// The sequence check's verdict on one number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    /// The number that was due (or the first one seen).
    InOrder,
    /// Frames were skipped: the number is 1 to 32767 ahead of the one due
    /// (any number but the one due, for the first frame of a sequence
    /// carried over a restart of the host).
    Gap {
        /// The number that was due.
        expected: u16,
        /// How many frames are missing.
        missing: u16,
    },
    /// Sequence number 0 after other frames: the shoe restarted.
    Restarted {
        /// The last number before it.
        last: u16,
    },
    /// A number already passed (1 to 32767 behind the one due, or 0 again
    /// right after 0): a repeat or a stale frame. It never moves the sequence.
    Behind {
        /// The number that was due.
        expected: u16,
    },
}

/// What the host remembers of a frame, to tell a repeat (the same: ignored)
/// from a conflict (different: a fault).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Contents {
    /// A valid frame's message.
    Message(Message),
    /// The body of a frame whose check was good but a type or field was
    /// not: two such frames with one number differ if their bytes do.
    Invalid(String),
}

impl Contents {
    pub(super) fn message(&self) -> Option<Message> {
        match self {
            Contents::Message(message) => Some(message.clone()),
            Contents::Invalid(_) => None,
        }
    }
}

/// Notices lost, repeated, stale and restarted frames, and remembers the
/// latest [`RECENT_FRAMES`] frames. Kept across reconnects, so that frames
/// lost while unplugged are noticed.
#[derive(Clone, Debug, Default)]
pub struct SequenceCheck {
    pub(super) last: Option<u16>,
    recent: VecDeque<(u16, Contents)>,
    /// `last` was carried over a restart of the host and no frame has been
    /// taken since: any number but the one due is a gap (or a restart).
    pub(super) resumed: bool,
}

impl SequenceCheck {
    /// Classifies `seq` without remembering it.
    pub fn classify(&self, seq: u16) -> Order {
        let Some(last) = self.last else {
            return Order::InOrder;
        };
        if seq == 0 {
            return if last == 0 && !self.resumed {
                Order::Behind { expected: 1 }
            } else {
                Order::Restarted { last }
            };
        }
        let expected = next_seq(last);
        match ahead(expected, seq) {
            0 => Order::InOrder,
            missing if missing <= HALF_CYCLE || self.resumed => Order::Gap { expected, missing },
            _ => Order::Behind { expected },
        }
    }

    /// What the frame numbered `seq` held, if it is among the remembered.
    pub(super) fn recall(&self, seq: u16) -> Option<&Contents> {
        self.recent
            .iter()
            .rev()
            .find(|(s, _)| *s == seq)
            .map(|(_, c)| c)
    }

    /// Takes `seq` as the latest number (in order, after a gap, or a
    /// restart, which forgets the frames before it) and remembers it.
    pub(super) fn accept(&mut self, seq: u16, contents: Contents) {
        if seq == 0 {
            self.recent.clear();
        }
        self.last = Some(seq);
        self.resumed = false;
        self.remember(seq, contents);
    }

    /// Remembers a frame without moving the sequence (a resent frame that
    /// fills a gap).
    pub(super) fn remember(&mut self, seq: u16, contents: Contents) {
        if self.recent.len() == RECENT_FRAMES {
            self.recent.pop_front();
        }
        self.recent.push_back((seq, contents));
    }
}

/// A frame with a number, as the sequence check holds it: a message, or
/// the problem of a frame whose check was good but a type or field was not.
#[derive(Clone, Debug)]
pub(super) enum Entry {
    Frame(Message),
    Invalid { error: FrameError, body: String },
}

impl Entry {
    pub(super) fn contents(&self) -> Contents {
        match self {
            Entry::Frame(message) => Contents::Message(message.clone()),
            Entry::Invalid { body, .. } => Contents::Invalid(body.clone()),
        }
    }

    pub(super) fn event(self, seq: u16) -> ScanEvent {
        match self {
            Entry::Frame(message) => ScanEvent::Frame { seq, message },
            Entry::Invalid { error, .. } => ScanEvent::Problem {
                seq: Some(seq),
                error,
            },
        }
    }
}
