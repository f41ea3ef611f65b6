//! Version 2's resend: after a gap the host asks the shoe for the lost
//! frames and holds the frames that follow, each for as long as the
//! protocol allows, so that events stay in sequence; what never comes is
//! reported lost when the frames after it are published.

use std::collections::VecDeque;
use std::time::Duration;

use super::sequence::{Entry, ahead, next_seq};
use super::{Decoder, ScanEvent};
use crate::scanner::frame::HostRequest;

/// How long the host waits for frames it asked a version 2 shoe to resend:
/// 250 ms plus 100 ms per frame asked for.
pub fn resend_wait(count: u16) -> Duration {
    Duration::from_millis(250 + 100 * u64::from(count))
}

/// The fastest line the protocol allows (hardware/PROTOCOL.md, "Line
/// settings"), in bits per second; 8N1 takes 10 bits a byte.
pub const FASTEST_BAUD: u64 = 115_200;

/// The shortest frame on a version 2 line, in bytes: `$`, a one-letter
/// type, `,`, a one-digit number, `*`, four hex digits and a bare `\n`.
pub const SHORTEST_FRAME_BYTES: u64 = 10;

/// How late the host may notice that a wait ran out (the reader passes
/// time in at least every 50 ms).
pub const NOTICE_MARGIN: Duration = Duration::from_millis(50);

/// The most frames received after a gap that the host holds while it waits
/// for resent ones. A frame is held at most the longest wait
/// ([`resend_wait`] of [`MAX_RESEND`], 6.65 s) plus [`NOTICE_MARGIN`] after
/// it came, and at [`FASTEST_BAUD`] at most 7,719 of the shortest frames
/// can come in that time; the host holds up to 8,192. Only a line faster
/// than the protocol allows can fill it: the oldest numbers still awaited
/// are then reported lost early, so the hold never grows past it.
///
/// [`MAX_RESEND`]: crate::scanner::frame::MAX_RESEND
pub const HELD_FRAMES: usize = 8192;

/// Version 2: frames received after a gap, held until the lost ones are
/// resent or their wait runs out, so that events stay in sequence.
#[derive(Clone, Debug)]
pub(super) struct Hold {
    /// The first number not yet published.
    pub(super) start: u16,
    /// Numbers asked for and not yet received, each with when its wait
    /// runs out.
    pub(super) awaited: Vec<(u16, Duration)>,
    /// Frames received meanwhile (resent ones included), in sequence from
    /// `start`.
    pub(super) entries: VecDeque<(u16, Entry)>,
}

impl Hold {
    /// Puts a frame in its place in sequence (a resent frame goes before
    /// the frames received after it).
    pub(super) fn insert(&mut self, seq: u16, entry: Entry) {
        let offset = ahead(self.start, seq);
        let at = self
            .entries
            .partition_point(|(held, _)| ahead(self.start, *held) < offset);
        self.entries.insert(at, (seq, entry));
    }

    /// The awaited number nearest the front, if any.
    fn first_awaited(&self) -> Option<u16> {
        self.awaited
            .iter()
            .map(|(seq, _)| *seq)
            .min_by_key(|seq| ahead(self.start, *seq))
    }
}

impl Decoder {
    pub(super) fn ask_resend(&mut self, from: u16, count: u16, out: &mut Vec<ScanEvent>) {
        self.requests.push(HostRequest::Resend { from, count });
        out.push(ScanEvent::ResendRequested { from, count });
    }

    /// Publishes a frame taken in sequence, or holds it behind frames still
    /// awaited. A hold that would pass [`HELD_FRAMES`] gives up its oldest
    /// awaited numbers first.
    pub(super) fn publish_or_hold(&mut self, seq: u16, entry: Entry, out: &mut Vec<ScanEvent>) {
        let Some(hold) = self.hold.as_mut() else {
            out.push(entry.event(seq));
            return;
        };
        hold.entries.push_back((seq, entry));
        while let Some(hold) = self.hold.as_mut()
            && hold.entries.len() > HELD_FRAMES
        {
            match hold.first_awaited() {
                Some(first) => hold.awaited.retain(|(s, _)| *s != first),
                None => hold.awaited.clear(),
            }
            self.release(out);
        }
    }

    /// Publishes the held frames that no awaited number comes before, in
    /// sequence, with a gap before each run of numbers that will not come;
    /// the hold ends when nothing is awaited.
    pub(super) fn release(&mut self, out: &mut Vec<ScanEvent>) {
        let Some(hold) = self.hold.as_mut() else {
            return;
        };
        let base = hold.start;
        let limit = hold.first_awaited().map(|seq| ahead(base, seq));
        while let Some((seq, _)) = hold.entries.front()
            && limit.is_none_or(|limit| ahead(base, *seq) < limit)
        {
            let Some((seq, entry)) = hold.entries.pop_front() else {
                break;
            };
            let missing = ahead(hold.start, seq);
            if missing > 0 {
                out.push(ScanEvent::Gap {
                    expected: hold.start,
                    received: seq,
                    missing,
                });
            }
            out.push(entry.event(seq));
            hold.start = next_seq(seq);
        }
        if hold.awaited.is_empty() {
            self.hold = None;
        }
    }

    /// Stops waiting: publishes every held frame, with its gaps.
    pub(super) fn flush(&mut self, out: &mut Vec<ScanEvent>) {
        if let Some(hold) = self.hold.as_mut() {
            hold.awaited.clear();
            self.release(out);
        }
    }
}

/// The `count` numbers from `from` on.
pub(super) fn missing_numbers(from: u16, count: u16) -> Vec<u16> {
    std::iter::successors(Some(from), |&s| Some(next_seq(s)))
        .take(usize::from(count))
        .collect()
}
