//! From parsed frames to scanner events: the protocol version of the link,
//! the sequence check that notices a lost, repeated, stale or restarted
//! frame, the silence watch, and (version 2) the requests that ask the shoe
//! to resend lost frames. Pure: time is passed in ([`Decoder::advance`]),
//! never read; the bytes to send the shoe are handed out
//! ([`Decoder::take_requests`]), never written.

use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

use serde_json::{Value, json};

use super::frame::{FrameError, HostRequest, MAX_RESEND, MAX_SEQ, Message, Protocol};
use super::parser::{Parsed, Parser};

/// The longest the host waits for a valid frame before it reports the
/// shoe silent: a shoe sends a heartbeat whenever a second passes without
/// another frame, and 250 ms is allowed for its timer and the line.
pub const SILENCE_LIMIT: Duration = Duration::from_millis(1250);

/// How many of the latest frames the host remembers, to tell a repeated
/// frame (same contents: ignored) from a conflicting one (a fault).
pub const RECENT_FRAMES: usize = 64;

/// How long the host waits for frames it asked a version 2 shoe to resend:
/// 250 ms plus 100 ms per frame asked for.
pub fn resend_wait(count: u16) -> Duration {
    Duration::from_millis(250 + 100 * u64::from(count))
}

/// What the scanner reader reports, in order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ScanEvent {
    /// A valid frame, in sequence (after any gap or restart reported before it).
    Frame {
        /// Its sequence number.
        seq: u16,
        /// What it reports.
        message: Message,
    },
    /// A frame repeated a recent sequence number with the same contents;
    /// the copy was ignored.
    Duplicate {
        /// The repeated number.
        seq: u16,
    },
    /// A frame repeated a recent sequence number with different contents:
    /// one of the two is wrong. The second was ignored.
    Conflict {
        /// The repeated number.
        seq: u16,
        /// What the first frame with that number said (None: a bad field).
        first: Option<Message>,
        /// What the second said.
        second: Option<Message>,
    },
    /// A frame whose number was already passed (it is older than the
    /// frames received since) and is not one the host remembers. Ignored:
    /// it does not move the sequence.
    Stale {
        /// Its number.
        seq: u16,
        /// The number that was due.
        expected: u16,
        /// What it said (None: a bad field).
        message: Option<Message>,
    },
    /// Frames were lost: the numbers from `expected` up to `received` were
    /// never received intact.
    Gap {
        /// The number that was due.
        expected: u16,
        /// The number that came.
        received: u16,
        /// How many frames are missing.
        missing: u16,
    },
    /// The shoe started again from sequence number 0 (powered on or reset).
    Restarted {
        /// The last number before the restart.
        last: u16,
    },
    /// Bytes that did not make a valid frame.
    Problem {
        /// The sequence number, if the frame's checksum was good.
        seq: Option<u16>,
        /// What was wrong.
        error: FrameError,
    },
    /// The link's protocol version, decided by the first valid frame after
    /// the port opened or the shoe restarted.
    Protocol {
        /// The version.
        version: Protocol,
    },
    /// The host asked a version 2 shoe to resend frames lost on the line;
    /// frames after them wait until they come or the wait runs out.
    ResendRequested {
        /// The first frame asked for.
        from: u16,
        /// How many.
        count: u16,
    },
    /// No valid frame for [`SILENCE_LIMIT`] or longer while connected: the
    /// link or the shoe is down (reported once per silence).
    Silent {
        /// Milliseconds since the last valid frame (or since the port opened).
        quiet_ms: u64,
    },
    /// The port was opened.
    Connected {
        /// The port's path.
        port: String,
    },
    /// The port was lost or could not be opened; the reader retries.
    Disconnected {
        /// Why, as a sentence.
        reason: String,
    },
}

/// The successor of a sequence number: 65535 is followed by 1, because 0
/// is sent only as the first frame after power-on.
pub fn next_seq(seq: u16) -> u16 {
    if seq == MAX_SEQ { 1 } else { seq + 1 }
}

/// How far `seq` is ahead of `from` on the cycle 1..=65535 (0 to 65534).
fn ahead(from: u16, seq: u16) -> u16 {
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
    /// Frames were skipped: the number is 1 to 32767 ahead of the one due.
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

/// Notices lost, repeated, stale and restarted frames, and remembers the
/// latest [`RECENT_FRAMES`] frames. Kept across reconnects, so that frames
/// lost while unplugged are noticed.
#[derive(Clone, Debug, Default)]
pub struct SequenceCheck {
    last: Option<u16>,
    recent: VecDeque<(u16, Option<Message>)>,
}

impl SequenceCheck {
    /// Classifies `seq` without remembering it.
    pub fn classify(&self, seq: u16) -> Order {
        let Some(last) = self.last else {
            return Order::InOrder;
        };
        if seq == 0 {
            return if last == 0 {
                Order::Behind { expected: 1 }
            } else {
                Order::Restarted { last }
            };
        }
        let expected = next_seq(last);
        match ahead(expected, seq) {
            0 => Order::InOrder,
            missing if missing <= HALF_CYCLE => Order::Gap { expected, missing },
            _ => Order::Behind { expected },
        }
    }

    /// What the frame numbered `seq` said, if it is among the remembered.
    pub fn recall(&self, seq: u16) -> Option<&Option<Message>> {
        self.recent
            .iter()
            .rev()
            .find(|(s, _)| *s == seq)
            .map(|(_, m)| m)
    }

    /// Takes `seq` as the latest number (in order, after a gap, or a
    /// restart, which forgets the frames before it) and remembers it.
    pub fn accept(&mut self, seq: u16, message: Option<Message>) {
        if seq == 0 {
            self.recent.clear();
        }
        self.last = Some(seq);
        self.remember(seq, message);
    }

    /// Remembers a frame without moving the sequence (a resent frame that
    /// fills a gap).
    pub fn remember(&mut self, seq: u16, message: Option<Message>) {
        if self.recent.len() == RECENT_FRAMES {
            self.recent.pop_front();
        }
        self.recent.push_back((seq, message));
    }

    /// Checks `seq` and accepts it unless it is behind (for frames whose
    /// contents do not matter).
    pub fn check(&mut self, seq: u16) -> Order {
        let order = self.classify(seq);
        if !matches!(order, Order::Behind { .. }) {
            self.accept(seq, None);
        }
        order
    }
}

/// A frame's contents as the sequence check holds them: a message, or the
/// problem of a frame whose checksum was good but a field was not.
#[derive(Clone, Debug)]
enum Entry {
    Frame(Message),
    Problem(FrameError),
}

impl Entry {
    fn message(&self) -> Option<Message> {
        match self {
            Entry::Frame(message) => Some(message.clone()),
            Entry::Problem(_) => None,
        }
    }

    fn event(self, seq: u16) -> ScanEvent {
        match self {
            Entry::Frame(message) => ScanEvent::Frame { seq, message },
            Entry::Problem(error) => ScanEvent::Problem {
                seq: Some(seq),
                error,
            },
        }
    }
}

/// Version 2: frames received after a gap, held until the lost ones are
/// resent or the wait runs out, so that events stay in sequence.
#[derive(Clone, Debug)]
struct Hold {
    /// The first number not yet published.
    start: u16,
    /// The numbers asked for and not yet received.
    missing: Vec<u16>,
    /// Frames received meanwhile (resent ones included), by number.
    entries: Vec<(u16, Entry)>,
    /// When the wait runs out.
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
    /// When the last valid frame came (or the port opened); None while the
    /// port is closed (silence is not watched then).
    heard_at: Option<Duration>,
    /// Silence was reported and no frame has come since.
    silent: bool,
    hold: Option<Hold>,
    requests: Vec<HostRequest>,
}

impl Decoder {
    /// A decoder that has seen nothing.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// The link's protocol version, once a frame has decided it.
    pub fn protocol(&self) -> Option<Protocol> {
        self.protocol
    }

    /// The port opened at `now`: the silence watch starts, and the next
    /// valid frame decides the protocol version again.
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
        self.requests.clear();
    }

    /// Time has passed: `now` is the time since an origin of the caller's
    /// choosing (it never goes back). Reports silence, and publishes held
    /// frames whose resend did not come in time.
    pub fn advance(&mut self, now: Duration, out: &mut Vec<ScanEvent>) {
        self.now = self.now.max(now);
        if self.hold.as_ref().is_some_and(|h| h.until <= self.now) {
            self.flush(out);
        }
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
                    if !self.check_protocol(frame.seq, &frame.message, *protocol, out) {
                        continue;
                    }
                    self.heard();
                    self.sequence(frame.seq, Entry::Frame(frame.message.clone()), out);
                }
                Parsed::Problem {
                    seq: Some(seq),
                    error,
                } => {
                    self.heard();
                    self.sequence(*seq, Entry::Problem(error.clone()), out);
                }
                Parsed::Problem { seq: None, error } => out.push(ScanEvent::Problem {
                    seq: None,
                    error: error.clone(),
                }),
            }
        }
        self.parsed = parsed;
        self.parsed.clear();
    }

    fn heard(&mut self) {
        if self.heard_at.is_some() {
            self.heard_at = Some(self.now);
        }
        self.silent = false;
    }

    /// Decides the version with the first frame (or a restart's frame 0);
    /// refuses a frame of the other version. True if the frame goes on.
    fn check_protocol(
        &mut self,
        seq: u16,
        message: &Message,
        protocol: Protocol,
        out: &mut Vec<ScanEvent>,
    ) -> bool {
        match self.protocol {
            Some(speaking) if speaking != protocol && seq != 0 => {
                out.push(ScanEvent::Problem {
                    seq: None,
                    error: FrameError::WrongProtocol {
                        found: protocol,
                        speaking,
                    },
                });
                false
            }
            Some(speaking) if speaking == protocol => true,
            _ => {
                self.protocol = Some(protocol);
                out.push(ScanEvent::Protocol { version: protocol });
                if protocol == Protocol::V2 && !matches!(message, Message::Hello { .. }) {
                    self.requests.push(HostRequest::Identify);
                }
                true
            }
        }
    }

    fn sequence(&mut self, seq: u16, entry: Entry, out: &mut Vec<ScanEvent>) {
        if self.hold.is_some() {
            if seq == 0 {
                self.flush(out);
            } else {
                self.sequence_held(seq, entry, out);
                return;
            }
        }
        match self.sequence.classify(seq) {
            Order::InOrder => {
                self.sequence.accept(seq, entry.message());
                out.push(entry.event(seq));
            }
            Order::Restarted { last } => {
                self.sequence.accept(seq, entry.message());
                out.push(ScanEvent::Restarted { last });
                out.push(entry.event(seq));
            }
            Order::Gap { expected, missing } => {
                self.sequence.accept(seq, entry.message());
                if self.protocol == Some(Protocol::V2) && missing <= MAX_RESEND {
                    self.ask_resend(expected, missing, out);
                    self.hold = Some(Hold {
                        start: expected,
                        missing: missing_numbers(expected, missing),
                        entries: vec![(seq, entry)],
                        until: self.now + resend_wait(missing),
                    });
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

    fn ask_resend(&mut self, from: u16, count: u16, out: &mut Vec<ScanEvent>) {
        self.requests.push(HostRequest::Resend { from, count });
        out.push(ScanEvent::ResendRequested { from, count });
    }

    /// A number already passed: a repeat (ignored), a conflict, or stale.
    fn behind(&mut self, seq: u16, expected: u16, entry: Entry, out: &mut Vec<ScanEvent>) {
        let second = entry.message();
        out.push(match self.sequence.recall(seq) {
            Some(first) if *first == second => ScanEvent::Duplicate { seq },
            Some(first) => ScanEvent::Conflict {
                seq,
                first: first.clone(),
                second,
            },
            None => ScanEvent::Stale {
                seq,
                expected,
                message: second,
            },
        });
    }

    fn sequence_held(&mut self, seq: u16, entry: Entry, out: &mut Vec<ScanEvent>) {
        let Some(hold) = self.hold.as_mut() else {
            return;
        };
        if let Some(at) = hold.missing.iter().position(|&m| m == seq) {
            hold.missing.remove(at);
            self.sequence.remember(seq, entry.message());
            hold.entries.push((seq, entry));
            if hold.missing.is_empty() {
                self.flush(out);
            }
            return;
        }
        match self.sequence.classify(seq) {
            Order::InOrder if hold.entries.len() < usize::from(MAX_RESEND) => {
                self.sequence.accept(seq, entry.message());
                hold.entries.push((seq, entry));
            }
            Order::Gap { expected, missing }
                if hold.missing.len() + usize::from(missing) <= usize::from(MAX_RESEND) =>
            {
                self.sequence.accept(seq, entry.message());
                hold.missing.extend(missing_numbers(expected, missing));
                hold.entries.push((seq, entry));
                hold.until = self.now + resend_wait(missing);
                self.ask_resend(expected, missing, out);
            }
            Order::Behind { expected } => self.behind(seq, expected, entry, out),
            _ => {
                // Too much to hold: publish what is held, then go on.
                self.flush(out);
                self.sequence(seq, entry, out);
            }
        }
    }

    /// Publishes the held frames in sequence, with a gap before each run of
    /// numbers that never came.
    fn flush(&mut self, out: &mut Vec<ScanEvent>) {
        let Some(mut hold) = self.hold.take() else {
            return;
        };
        hold.entries.sort_by_key(|(seq, _)| ahead(hold.start, *seq));
        let mut due = hold.start;
        for (seq, entry) in hold.entries {
            let missing = ahead(due, seq);
            if missing > 0 {
                out.push(ScanEvent::Gap {
                    expected: due,
                    received: seq,
                    missing,
                });
            }
            out.push(entry.event(seq));
            due = next_seq(seq);
        }
    }
}

/// The `count` numbers from `from` on.
fn missing_numbers(from: u16, count: u16) -> Vec<u16> {
    std::iter::successors(Some(from), |&s| Some(next_seq(s)))
        .take(usize::from(count))
        .collect()
}

impl ScanEvent {
    /// Whether the event reports a problem (counted as a bad frame or an error).
    pub fn is_problem(&self) -> bool {
        !matches!(
            self,
            ScanEvent::Frame { .. }
                | ScanEvent::Connected { .. }
                | ScanEvent::Restarted { .. }
                | ScanEvent::Protocol { .. }
                | ScanEvent::ResendRequested { .. }
        )
    }

    /// The event as one line of JSON, as printed by `pairs-table scanner
    /// --json`: a card is exactly `{"event":"card","seq":N,"rank":R}`.
    pub fn to_json_line(&self) -> String {
        match self {
            ScanEvent::Frame {
                seq,
                message: Message::Card { rank },
            } => format!(r#"{{"event":"card","seq":{seq},"rank":{rank}}}"#),
            other => other.to_json().to_string(),
        }
    }

    /// The event as one JSON object; problems are
    /// `{"event":"error","kind":..,"seq":..,"description":..}`.
    pub fn to_json(&self) -> Value {
        match self {
            ScanEvent::Frame { seq, message } => message_json(*seq, message),
            ScanEvent::Connected { port } => json!({"event": "connected", "port": port}),
            ScanEvent::Restarted { last } => json!({"event": "restarted", "last_seq": last}),
            ScanEvent::Protocol { version } => {
                json!({"event": "protocol", "version": version.number()})
            }
            ScanEvent::ResendRequested { from, count } => {
                json!({"event": "resend_requested", "from": from, "count": count})
            }
            ScanEvent::Duplicate { seq } => error_json("duplicate", Some(*seq), self),
            ScanEvent::Conflict { seq, .. } => error_json("conflict", Some(*seq), self),
            ScanEvent::Stale { seq, .. } => error_json("stale", Some(*seq), self),
            ScanEvent::Gap { received, .. } => error_json("sequence_gap", Some(*received), self),
            ScanEvent::Problem { seq, error } => error_json(problem_kind(error), *seq, self),
            ScanEvent::Silent { .. } => error_json("silence", None, self),
            ScanEvent::Disconnected { .. } => error_json("disconnected", None, self),
        }
    }
}

fn message_json(seq: u16, message: &Message) -> Value {
    match message {
        Message::Card { rank } => json!({"event": "card", "seq": seq, "rank": rank.value()}),
        Message::CutCard => json!({"event": "cut_card", "seq": seq}),
        Message::ShoeInserted { shoe_id } => {
            json!({"event": "shoe_inserted", "seq": seq, "shoe_id": shoe_id})
        }
        Message::ShoeEmptied { shoe_id } => {
            json!({"event": "shoe_emptied", "seq": seq, "shoe_id": shoe_id})
        }
        Message::Lid { open } => json!({"event": "lid", "seq": seq, "open": open}),
        Message::Misread { kind } => {
            json!({"event": "misread", "seq": seq, "jam": *kind == super::frame::MisreadKind::Jam})
        }
        Message::Heartbeat => json!({"event": "heartbeat", "seq": seq}),
        Message::Hello { identity, version } => json!({
            "event": "hello",
            "seq": seq,
            "maker": identity.maker,
            "model": identity.model,
            "serial": identity.serial,
            "firmware": identity.firmware,
            "version": version,
        }),
        Message::DeviceError { code, text } => {
            json!({"event": "device_error", "seq": seq, "code": code, "text": text})
        }
        Message::Unknown { kind } => json!({"event": "unknown", "seq": seq, "type": kind}),
    }
}

fn error_json(kind: &str, seq: Option<u16>, event: &ScanEvent) -> Value {
    json!({"event": "error", "kind": kind, "seq": seq, "description": event.to_string()})
}

fn problem_kind(error: &FrameError) -> &'static str {
    match error {
        FrameError::Garbage { .. } => "garbage",
        FrameError::TooLong { .. } => "too_long",
        FrameError::Interrupted { .. } => "interrupted",
        FrameError::NotText { .. } => "not_text",
        FrameError::NoChecksum => "no_checksum",
        FrameError::BadChecksum { .. } | FrameError::BadCrc { .. } => "bad_checksum",
        FrameError::BadSequence { .. } => "bad_sequence",
        FrameError::BadField { .. } | FrameError::FieldCount { .. } | FrameError::Asterisk => {
            "bad_field"
        }
        FrameError::WrongProtocol { .. } => "wrong_protocol",
    }
}

/// A frame's contents in a few words (`card 5`, `HB`), or `a bad field`.
fn describe(message: &Option<Message>) -> String {
    match message {
        Some(Message::Card { rank }) => format!("card {rank}"),
        Some(other) => other.kind().to_owned(),
        None => "a frame with a bad field".to_owned(),
    }
}

impl fmt::Display for ScanEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScanEvent::Frame { seq, message } => match message {
                Message::Card { rank } => write!(f, "frame {seq}: card {rank}"),
                Message::Hello { identity, version } => write!(
                    f,
                    "frame {seq}: the shoe is {identity}, protocol version {version}"
                ),
                other => write!(f, "frame {seq}: {}", other.kind()),
            },
            ScanEvent::Duplicate { seq } => {
                write!(f, "frame {seq} arrived twice; the copy was ignored")
            }
            ScanEvent::Conflict { seq, first, second } => write!(
                f,
                "frame {seq} arrived twice with different contents ({} then {}); the second was ignored",
                describe(first),
                describe(second)
            ),
            ScanEvent::Stale {
                seq,
                expected,
                message,
            } => write!(
                f,
                "frame {seq} ({}) came after its number had passed (frame {expected} was due); it was ignored",
                describe(message)
            ),
            ScanEvent::Gap {
                expected,
                received,
                missing,
            } => write!(
                f,
                "{missing} frame(s) lost: expected frame {expected}, received frame {received}"
            ),
            ScanEvent::Restarted { last } => {
                write!(f, "the shoe restarted its frame numbers after frame {last}")
            }
            ScanEvent::Problem { error, .. } => write!(f, "{error}"),
            ScanEvent::Protocol { version } => write!(f, "the shoe speaks {version}"),
            ScanEvent::ResendRequested { from, count } => {
                write!(
                    f,
                    "asked the shoe to resend {count} frame(s) from frame {from}"
                )
            }
            ScanEvent::Silent { quiet_ms } => write!(
                f,
                "no frame from the shoe for {:.1} s: the link or the shoe is down",
                *quiet_ms as f64 / 1000.0
            ),
            ScanEvent::Connected { port } => write!(f, "connected to {port}"),
            ScanEvent::Disconnected { reason } => write!(f, "scanner disconnected: {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rank;
    use crate::scanner::frame::{Frame, Identity};

    fn at(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    fn decode(bytes: &[u8]) -> Vec<ScanEvent> {
        let mut decoder = Decoder::new();
        let mut out = Vec::new();
        decoder.push(bytes, &mut out);
        out
    }

    fn card(seq: u16, rank: i64) -> Frame {
        Frame {
            seq,
            message: Message::Card {
                rank: Rank::new(rank).unwrap(),
            },
        }
    }

    fn heartbeat(seq: u16) -> Frame {
        Frame {
            seq,
            message: Message::Heartbeat,
        }
    }

    fn wire(frames: &[Frame], protocol: Protocol) -> Vec<u8> {
        frames.iter().flat_map(|f| f.encode_as(protocol)).collect()
    }

    /// The events after the protocol is decided.
    fn after_protocol(events: Vec<ScanEvent>) -> Vec<ScanEvent> {
        events
            .into_iter()
            .filter(|e| !matches!(e, ScanEvent::Protocol { .. }))
            .collect()
    }

    #[test]
    fn sequence_numbers_wrap_from_65535_to_1_and_old_numbers_are_behind() {
        let mut check = SequenceCheck::default();
        assert_eq!(check.check(65534), Order::InOrder);
        assert_eq!(check.check(65535), Order::InOrder);
        assert_eq!(check.check(1), Order::InOrder);
        assert_eq!(
            check.check(4),
            Order::Gap {
                expected: 2,
                missing: 2
            }
        );
        assert_eq!(check.check(4), Order::Behind { expected: 5 });
        assert_eq!(check.check(65535), Order::Behind { expected: 5 });
        assert_eq!(check.check(0), Order::Restarted { last: 4 });
        assert_eq!(check.check(0), Order::Behind { expected: 1 });
        assert_eq!(check.check(1), Order::InOrder);
        // Up to half the cycle ahead is a gap; further ahead is behind.
        assert_eq!(
            check.check(32769),
            Order::Gap {
                expected: 2,
                missing: 32767
            }
        );
        // 65535 numbers: 32767 ahead is a gap, 32767 behind is behind.
        assert_eq!(check.check(3), Order::Behind { expected: 32770 });
    }

    #[test]
    fn a_gap_is_reported_before_the_frame_that_reveals_it() {
        let out = decode(b"$HB,1*17\r\n$HB,3*15\r\n$HB,3*15\r\n$CARD,4,77*20\r\n");
        assert_eq!(
            out[0],
            ScanEvent::Protocol {
                version: Protocol::V1
            }
        );
        assert!(matches!(
            out[2],
            ScanEvent::Gap {
                expected: 2,
                received: 3,
                missing: 1
            }
        ));
        assert_eq!(out[4], ScanEvent::Duplicate { seq: 3 });
        assert!(matches!(out[5], ScanEvent::Problem { seq: Some(4), .. }));
    }

    #[test]
    fn an_older_frame_is_ignored_and_never_moves_the_sequence() {
        // Finding 2: `$HB,100 $CARD,101,5 $CARD,102,6 $CARD,101,5 $HB,103`
        // reported 65533 frames lost, card 101 twice and a gap at 103.
        let frames = [
            heartbeat(100),
            card(101, 5),
            card(102, 6),
            card(101, 5),
            heartbeat(103),
        ];
        let out = after_protocol(decode(&wire(&frames, Protocol::V1)));
        assert_eq!(
            out,
            vec![
                ScanEvent::Frame {
                    seq: 100,
                    message: Message::Heartbeat
                },
                ScanEvent::Frame {
                    seq: 101,
                    message: card(101, 5).message
                },
                ScanEvent::Frame {
                    seq: 102,
                    message: card(102, 6).message
                },
                ScanEvent::Duplicate { seq: 101 },
                ScanEvent::Frame {
                    seq: 103,
                    message: Message::Heartbeat
                },
            ]
        );
        // The same number with another card is a conflict, reported.
        let frames = [
            heartbeat(100),
            card(101, 5),
            card(102, 6),
            card(101, 7),
            heartbeat(103),
        ];
        let out = after_protocol(decode(&wire(&frames, Protocol::V1)));
        assert_eq!(
            out[3],
            ScanEvent::Conflict {
                seq: 101,
                first: Some(card(0, 5).message),
                second: Some(card(0, 7).message)
            }
        );
        assert_eq!(
            out[4],
            ScanEvent::Frame {
                seq: 103,
                message: Message::Heartbeat
            }
        );
        assert_eq!(out.len(), 5);
        // An out-of-order frame after a gap is stale: reported, not dealt,
        // and the next frame is in order.
        let frames = [heartbeat(100), card(102, 6), card(101, 5), heartbeat(103)];
        let out = after_protocol(decode(&wire(&frames, Protocol::V1)));
        assert!(matches!(
            out[1],
            ScanEvent::Gap {
                expected: 101,
                received: 102,
                missing: 1
            }
        ));
        assert_eq!(
            out[3],
            ScanEvent::Stale {
                seq: 101,
                expected: 103,
                message: Some(card(0, 5).message)
            }
        );
        assert_eq!(
            out[4],
            ScanEvent::Frame {
                seq: 103,
                message: Message::Heartbeat
            }
        );
        assert_eq!(out.len(), 5);
    }

    #[test]
    fn silence_is_reported_once_from_the_time_passed_in_even_mid_frame() {
        // Finding 1: `$HB,300*15`, then 3.5 s of nothing, then `$HB,301*14`.
        let mut decoder = Decoder::new();
        let mut out = Vec::new();
        decoder.connected(at(0));
        decoder.advance(at(10), &mut out);
        decoder.push(b"$HB,300*15\r\n", &mut out);
        out.clear();
        decoder.advance(at(1259), &mut out);
        assert!(out.is_empty(), "{out:?}");
        decoder.advance(at(1260), &mut out);
        assert_eq!(out, vec![ScanEvent::Silent { quiet_ms: 1250 }]);
        decoder.advance(at(3510), &mut out);
        assert_eq!(out.len(), 1, "reported once");
        decoder.push(b"$HB,301*14\r\n", &mut out);
        assert_eq!(
            out[1],
            ScanEvent::Frame {
                seq: 301,
                message: Message::Heartbeat
            }
        );
        // A shoe hung mid-frame: `$CARD,302,` then nothing. The last valid
        // frame came at 3510 ms.
        decoder.advance(at(3600), &mut out);
        decoder.push(b"$CARD,302,", &mut out);
        out.clear();
        decoder.advance(at(4759), &mut out);
        assert!(out.is_empty());
        decoder.advance(at(4800), &mut out);
        assert_eq!(out, vec![ScanEvent::Silent { quiet_ms: 1290 }]);
        // Garbage is not a sign of life.
        let mut decoder = Decoder::new();
        decoder.connected(at(0));
        out.clear();
        for ms in (0..1300).step_by(100) {
            decoder.advance(at(ms), &mut out);
            decoder.push(b"noise", &mut out);
        }
        decoder.advance(at(1300), &mut out);
        assert!(out.iter().any(|e| matches!(e, ScanEvent::Silent { .. })));
        // Not connected: nothing is watched.
        let mut decoder = Decoder::new();
        out.clear();
        decoder.advance(at(10_000), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn a_half_read_frame_is_dropped_when_the_port_closes() {
        let mut decoder = Decoder::new();
        let mut out = Vec::new();
        decoder.connected(at(0));
        decoder.push(b"$HB,104*12\r\n$CARD,105", &mut out);
        decoder.disconnected(&mut out);
        decoder.connected(at(100));
        decoder.push(b",7*17\r\n", &mut out);
        assert!(
            !out.iter()
                .any(|e| matches!(e, ScanEvent::Frame { seq: 105, .. })),
            "{out:?}"
        );
        assert!(out.contains(&ScanEvent::Problem {
            seq: None,
            error: FrameError::Interrupted { bytes: 9 }
        }));
        assert!(out.contains(&ScanEvent::Problem {
            seq: None,
            error: FrameError::Garbage { bytes: 5 }
        }));
    }

    #[test]
    fn the_first_frame_decides_the_version_and_the_other_version_is_refused() {
        let mut bytes = heartbeat(1).encode_as(Protocol::V2);
        bytes.extend(heartbeat(2).encode());
        bytes.extend(heartbeat(3).encode_as(Protocol::V2));
        let mut decoder = Decoder::new();
        let mut out = Vec::new();
        decoder.push(&bytes, &mut out);
        assert_eq!(
            out[0],
            ScanEvent::Protocol {
                version: Protocol::V2
            }
        );
        assert!(matches!(
            out[2],
            ScanEvent::Problem {
                seq: None,
                error: FrameError::WrongProtocol {
                    found: Protocol::V1,
                    speaking: Protocol::V2
                }
            }
        ));
        assert!(
            matches!(
                out[3],
                ScanEvent::Gap {
                    expected: 2,
                    received: 3,
                    ..
                }
            ) || matches!(out[3], ScanEvent::ResendRequested { .. })
        );
        // It did not say who it is: the host asks.
        assert!(decoder.take_requests().contains(&HostRequest::Identify));
        // A restart (frame 0) decides again.
        out.clear();
        decoder.push(&heartbeat(0).encode(), &mut out);
        assert!(out.contains(&ScanEvent::Protocol {
            version: Protocol::V1
        }));
        assert!(out.contains(&ScanEvent::Frame {
            seq: 0,
            message: Message::Heartbeat
        }));
    }

    #[test]
    fn version_2_asks_for_lost_frames_again_and_publishes_in_sequence() {
        let hello = Frame {
            seq: 0,
            message: Message::Hello {
                identity: Identity {
                    maker: "Acme".into(),
                    model: "RS-9".into(),
                    serial: "SN1".into(),
                    firmware: "1.0".into(),
                },
                version: 2,
            },
        };
        let mut decoder = Decoder::new();
        let mut out = Vec::new();
        decoder.connected(at(0));
        decoder.push(
            &wire(&[hello, card(1, 5), card(4, 8), card(5, 9)], Protocol::V2),
            &mut out,
        );
        assert!(
            decoder
                .take_requests()
                .contains(&HostRequest::Resend { from: 2, count: 2 })
        );
        assert!(out.contains(&ScanEvent::ResendRequested { from: 2, count: 2 }));
        assert!(
            !out.iter()
                .any(|e| matches!(e, ScanEvent::Frame { seq: 4, .. }))
        );
        // The shoe resends 2 and 3: everything comes out in order, no gap.
        out.clear();
        decoder.push(&wire(&[card(2, 6), card(3, 7)], Protocol::V2), &mut out);
        let seqs: Vec<u16> = out
            .iter()
            .map(|e| match e {
                ScanEvent::Frame { seq, .. } => *seq,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(seqs, [2, 3, 4, 5]);
        // Lost again, and not resent in time: a gap, then the held frames.
        decoder.push(&wire(&[card(7, 2)], Protocol::V2), &mut out);
        out.clear();
        decoder.advance(at(349), &mut out);
        assert!(out.is_empty());
        decoder.advance(at(350), &mut out);
        assert!(matches!(
            out[0],
            ScanEvent::Gap {
                expected: 6,
                received: 7,
                missing: 1
            }
        ));
        assert!(matches!(out[1], ScanEvent::Frame { seq: 7, .. }));
        // A resent frame that comes too late is stale.
        out.clear();
        decoder.push(&wire(&[card(6, 3)], Protocol::V2), &mut out);
        assert!(matches!(out[0], ScanEvent::Stale { seq: 6, .. }));
    }
}
