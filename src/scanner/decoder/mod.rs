//! From parsed frames to scanner events: the protocol version of the link,
//! the sequence check that notices a lost, repeated, stale or restarted
//! frame, the silence watch, and (version 2) the requests that ask the shoe
//! to resend lost frames. Pure: time is passed in ([`Decoder::advance`]),
//! never read; the bytes to send the shoe are handed out
//! ([`Decoder::take_requests`]), never written.
//!
//! A file per concern: this one holds the `Decoder`, the state machine that
//! takes parsed frames and time in order (protocol version, silence watch,
//! `IDENT` asked again); `sequence` numbers frames and tells a gap, a
//! repeat, a stale frame or a restart; `resend` holds frames after a gap
//! while a version 2 shoe resends the lost ones; `event` is what comes out
//! (`ScanEvent`, in words and as the `scanner` command's JSON).

use std::collections::VecDeque;
use std::time::Duration;

use super::frame::{FrameError, HostRequest, MAX_RESEND, Message, Protocol};
use super::parser::{Parsed, Parser};

mod event;
mod resend;
mod sequence;
#[cfg(test)]
mod tests;

pub use event::ScanEvent;
pub use resend::{FASTEST_BAUD, HELD_FRAMES, NOTICE_MARGIN, SHORTEST_FRAME_BYTES, resend_wait};
pub use sequence::{Order, RECENT_FRAMES, SequenceCheck, next_seq};

use resend::{Hold, missing_numbers};
use sequence::Entry;

/// The longest the host waits for a valid frame before it reports the
/// shoe silent: a shoe sends a heartbeat whenever a second passes without
/// another frame, and 250 ms is allowed for its timer and the line.
pub const SILENCE_LIMIT: Duration = Duration::from_millis(1250);

/// How long the host waits for a version 2 shoe's `HELLO` after asking
/// with `IDENT`, before it asks again.
pub const IDENT_WAIT: Duration = Duration::from_secs(1);

/// How many times the host asks a version 2 shoe who it is before it
/// reports that the shoe does not say.
pub const IDENT_ATTEMPTS: u8 = 3;

/// An `IDENT` sent and not yet answered by a `HELLO`.
#[derive(Clone, Copy, Debug)]
struct IdentWait {
    /// Requests sent so far.
    sent: u8,
    /// When the latest one's wait runs out.
    until: Duration,
}

/// Parser, protocol version, sequence check and silence watch together:
/// bytes and time in, scanner events and requests for the shoe out.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    parser: Parser,
    sequence: SequenceCheck,
    parsed: Vec<Parsed>,
    /// The link's version, once decided.
    protocol: Option<Protocol>,
    /// The time last passed in.
    now: Duration,
    /// When the last frame with a good check came (or the port opened);
    /// None while the port is closed (silence is not watched then).
    heard_at: Option<Duration>,
    /// Silence was reported and no frame has come since.
    silent: bool,
    hold: Option<Hold>,
    ident: Option<IdentWait>,
    requests: Vec<HostRequest>,
}

impl Decoder {
    /// A decoder that has seen nothing.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// A decoder that has seen nothing since the host started, carrying on
    /// the sequence of a link whose last frame taken before the host
    /// stopped was `last` (journaled by the station): the first frame's
    /// number then says how many frames were missed meanwhile. A frame
    /// further from the one due than [`Order::Gap`] allows is a gap of that
    /// many frames (more than any shoe keeps), never an old frame, and
    /// frame `0` is a restart, so that a stale hint cannot stop the link.
    pub fn resuming_after(last: u16) -> Decoder {
        let mut decoder = Decoder::new();
        decoder.sequence.last = Some(last);
        decoder.sequence.resumed = true;
        decoder
    }

    /// The link's protocol version, once a frame has decided it.
    pub fn protocol(&self) -> Option<Protocol> {
        self.protocol
    }

    /// How many frames are held while the host waits for resent ones.
    pub fn held(&self) -> usize {
        self.hold.as_ref().map_or(0, |hold| hold.entries.len())
    }

    /// The port opened at `now`: the silence watch starts, and the next
    /// frame with a good check decides the protocol version again.
    pub fn connected(&mut self, now: Duration) {
        self.now = self.now.max(now);
        self.heard_at = Some(self.now);
        self.silent = false;
        self.protocol = None;
    }

    /// The port closed: a half-read frame is dropped (reported as
    /// interrupted), frames held for a resend are published with their
    /// gaps, pending requests are dropped and the silence watch stops.
    pub fn disconnected(&mut self, out: &mut Vec<ScanEvent>) {
        self.parser.reset(&mut self.parsed);
        self.drain_parsed(out);
        self.flush(out);
        self.heard_at = None;
        self.silent = false;
        self.ident = None;
        self.requests.clear();
    }

    /// Time has passed: `now` is the time since an origin of the caller's
    /// choosing (it never goes back). Reports silence, publishes held
    /// frames whose resend did not come in time, and asks a version 2 shoe
    /// again who it is.
    pub fn advance(&mut self, now: Duration, out: &mut Vec<ScanEvent>) {
        self.now = self.now.max(now);
        if let Some(hold) = self.hold.as_mut() {
            let now = self.now;
            let before = hold.awaited.len();
            hold.awaited.retain(|(_, until)| *until > now);
            if hold.awaited.len() < before {
                self.release(out);
            }
        }
        self.watch_ident(out);
        if let Some(heard) = self.heard_at
            && !self.silent
        {
            let quiet = self.now.saturating_sub(heard);
            if quiet >= SILENCE_LIMIT {
                self.silent = true;
                out.push(ScanEvent::Silent {
                    quiet_ms: u64::try_from(quiet.as_millis()).unwrap_or(u64::MAX),
                });
            }
        }
    }

    /// Decodes `bytes` (received at the time last passed to
    /// [`Decoder::advance`]), appending the events they complete to `out`.
    pub fn push(&mut self, bytes: &[u8], out: &mut Vec<ScanEvent>) {
        self.parser.push(bytes, &mut self.parsed);
        self.drain_parsed(out);
    }

    /// The requests to send the shoe (version 2 only), oldest first.
    pub fn take_requests(&mut self) -> Vec<HostRequest> {
        std::mem::take(&mut self.requests)
    }

    fn drain_parsed(&mut self, out: &mut Vec<ScanEvent>) {
        let parsed = std::mem::take(&mut self.parsed);
        for item in &parsed {
            match item {
                Parsed::Frame(frame, protocol) => {
                    self.heard();
                    if self.check_protocol(Some(frame.seq), Some(&frame.message), *protocol, out) {
                        self.sequence(frame.seq, Entry::Frame(frame.message.clone()), out);
                    }
                }
                Parsed::Invalid {
                    protocol,
                    seq,
                    body,
                    error,
                } => {
                    self.heard();
                    if !self.check_protocol(*seq, None, *protocol, out) {
                        continue;
                    }
                    let entry = Entry::Invalid {
                        error: error.clone(),
                        body: body.clone(),
                    };
                    match seq {
                        Some(seq) => self.sequence(*seq, entry, out),
                        // No number to count: reported as it comes.
                        None => out.push(ScanEvent::Problem {
                            seq: None,
                            error: error.clone(),
                        }),
                    }
                }
                Parsed::Problem(error) => out.push(ScanEvent::Problem {
                    seq: None,
                    error: error.clone(),
                }),
            }
        }
        self.parsed = parsed;
        self.parsed.clear();
    }

    /// A frame with a good check came: the shoe and the line are alive,
    /// whatever its contents or version.
    fn heard(&mut self) {
        if self.heard_at.is_some() {
            self.heard_at = Some(self.now);
        }
        self.silent = false;
    }

    /// Decides the version with the first frame with a good check (or a
    /// restart's frame 0), valid or not; refuses a frame of the other
    /// version. A version 2 link whose deciding frame is not a valid
    /// `HELLO` is asked who it is. True if the frame goes on.
    fn check_protocol(
        &mut self,
        seq: Option<u16>,
        message: Option<&Message>,
        protocol: Protocol,
        out: &mut Vec<ScanEvent>,
    ) -> bool {
        let is_hello = matches!(message, Some(Message::Hello { .. }));
        if is_hello {
            self.ident = None;
        }
        match self.protocol {
            Some(speaking) if speaking != protocol && seq != Some(0) => {
                out.push(ScanEvent::Problem {
                    seq: None,
                    error: FrameError::WrongProtocol {
                        found: protocol,
                        speaking,
                    },
                });
                false
            }
            Some(speaking) if speaking == protocol => {
                if seq == Some(0) && protocol == Protocol::V2 && !is_hello {
                    self.ask_ident();
                }
                true
            }
            _ => {
                self.protocol = Some(protocol);
                self.ident = None;
                out.push(ScanEvent::Protocol { version: protocol });
                if protocol == Protocol::V2 && !is_hello {
                    self.ask_ident();
                }
                true
            }
        }
    }

    fn ask_ident(&mut self) {
        let sent = self.ident.map_or(0, |wait| wait.sent) + 1;
        self.ident = Some(IdentWait {
            sent,
            until: self.now + IDENT_WAIT,
        });
        self.requests.push(HostRequest::Identify);
    }

    /// Asks again while a shoe has not answered `IDENT`, up to
    /// [`IDENT_ATTEMPTS`] times in all; then reports it once.
    fn watch_ident(&mut self, out: &mut Vec<ScanEvent>) {
        let Some(wait) = self.ident else {
            return;
        };
        if wait.until > self.now || self.protocol != Some(Protocol::V2) {
            return;
        }
        if wait.sent < IDENT_ATTEMPTS {
            self.ask_ident();
        } else {
            self.ident = None;
            out.push(ScanEvent::Unidentified { asked: wait.sent });
        }
    }

    fn sequence(&mut self, seq: u16, entry: Entry, out: &mut Vec<ScanEvent>) {
        if seq == 0 {
            // A restart: what is held is published with its gaps first.
            self.flush(out);
        } else if let Some(hold) = self.hold.as_mut()
            && let Some(at) = hold.awaited.iter().position(|(s, _)| *s == seq)
        {
            // A frame the host asked for.
            hold.awaited.swap_remove(at);
            self.sequence.remember(seq, entry.contents());
            hold.insert(seq, entry);
            self.release(out);
            return;
        }
        match self.sequence.classify(seq) {
            Order::InOrder => {
                self.sequence.accept(seq, entry.contents());
                self.publish_or_hold(seq, entry, out);
            }
            Order::Restarted { last } => {
                self.sequence.accept(seq, entry.contents());
                out.push(ScanEvent::Restarted { last });
                out.push(entry.event(seq));
            }
            Order::Gap { expected, missing } => {
                self.sequence.accept(seq, entry.contents());
                if self.protocol == Some(Protocol::V2) && missing <= MAX_RESEND {
                    self.ask_resend(expected, missing, out);
                    let until = self.now + resend_wait(missing);
                    let hold = self.hold.get_or_insert_with(|| Hold {
                        start: expected,
                        awaited: Vec::new(),
                        entries: VecDeque::new(),
                    });
                    hold.awaited.extend(
                        missing_numbers(expected, missing)
                            .into_iter()
                            .map(|number| (number, until)),
                    );
                    self.publish_or_hold(seq, entry, out);
                } else if self.hold.is_some() {
                    // Reported lost when the frames before it are published.
                    self.publish_or_hold(seq, entry, out);
                } else {
                    out.push(ScanEvent::Gap {
                        expected,
                        received: seq,
                        missing,
                    });
                    out.push(entry.event(seq));
                }
            }
            Order::Behind { expected } => self.behind(seq, expected, entry, out),
        }
    }

    /// A number already passed: a repeat (ignored), a conflict, or stale.
    fn behind(&mut self, seq: u16, expected: u16, entry: Entry, out: &mut Vec<ScanEvent>) {
        let second = entry.contents();
        out.push(match self.sequence.recall(seq) {
            Some(first) if *first == second => ScanEvent::Duplicate { seq },
            Some(first) => ScanEvent::Conflict {
                seq,
                first: first.message(),
                second: second.message(),
            },
            None => ScanEvent::Stale {
                seq,
                expected,
                message: second.message(),
            },
        });
    }
}
