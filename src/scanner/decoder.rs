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
    /// A version 2 shoe asked [`IDENT_ATTEMPTS`] times who it is sent no
    /// `HELLO`: the host cannot tell which device reads the shoe.
    Unidentified {
        /// How many `IDENT` requests went unanswered.
        asked: u8,
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
enum Contents {
    /// A valid frame's message.
    Message(Message),
    /// The body of a frame whose check was good but a type or field was
    /// not: two such frames with one number differ if their bytes do.
    Invalid(String),
}

impl Contents {
    fn message(&self) -> Option<Message> {
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
    last: Option<u16>,
    recent: VecDeque<(u16, Contents)>,
    /// `last` was carried over a restart of the host and no frame has been
    /// taken since: any number but the one due is a gap (or a restart).
    resumed: bool,
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
    fn recall(&self, seq: u16) -> Option<&Contents> {
        self.recent
            .iter()
            .rev()
            .find(|(s, _)| *s == seq)
            .map(|(_, c)| c)
    }

    /// Takes `seq` as the latest number (in order, after a gap, or a
    /// restart, which forgets the frames before it) and remembers it.
    fn accept(&mut self, seq: u16, contents: Contents) {
        if seq == 0 {
            self.recent.clear();
        }
        self.last = Some(seq);
        self.resumed = false;
        self.remember(seq, contents);
    }

    /// Remembers a frame without moving the sequence (a resent frame that
    /// fills a gap).
    fn remember(&mut self, seq: u16, contents: Contents) {
        if self.recent.len() == RECENT_FRAMES {
            self.recent.pop_front();
        }
        self.recent.push_back((seq, contents));
    }
}

/// A frame with a number, as the sequence check holds it: a message, or
/// the problem of a frame whose check was good but a type or field was not.
#[derive(Clone, Debug)]
enum Entry {
    Frame(Message),
    Invalid { error: FrameError, body: String },
}

impl Entry {
    fn contents(&self) -> Contents {
        match self {
            Entry::Frame(message) => Contents::Message(message.clone()),
            Entry::Invalid { body, .. } => Contents::Invalid(body.clone()),
        }
    }

    fn event(self, seq: u16) -> ScanEvent {
        match self {
            Entry::Frame(message) => ScanEvent::Frame { seq, message },
            Entry::Invalid { error, .. } => ScanEvent::Problem {
                seq: Some(seq),
                error,
            },
        }
    }
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
pub const HELD_FRAMES: usize = 8192;

/// Version 2: frames received after a gap, held until the lost ones are
/// resent or their wait runs out, so that events stay in sequence.
#[derive(Clone, Debug)]
struct Hold {
    /// The first number not yet published.
    start: u16,
    /// Numbers asked for and not yet received, each with when its wait
    /// runs out.
    awaited: Vec<(u16, Duration)>,
    /// Frames received meanwhile (resent ones included), in sequence from
    /// `start`.
    entries: VecDeque<(u16, Entry)>,
}

impl Hold {
    /// Puts a frame in its place in sequence (a resent frame goes before
    /// the frames received after it).
    fn insert(&mut self, seq: u16, entry: Entry) {
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

    fn ask_resend(&mut self, from: u16, count: u16, out: &mut Vec<ScanEvent>) {
        self.requests.push(HostRequest::Resend { from, count });
        out.push(ScanEvent::ResendRequested { from, count });
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

    /// Publishes a frame taken in sequence, or holds it behind frames still
    /// awaited. A hold that would pass [`HELD_FRAMES`] gives up its oldest
    /// awaited numbers first.
    fn publish_or_hold(&mut self, seq: u16, entry: Entry, out: &mut Vec<ScanEvent>) {
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
    fn release(&mut self, out: &mut Vec<ScanEvent>) {
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
    fn flush(&mut self, out: &mut Vec<ScanEvent>) {
        if let Some(hold) = self.hold.as_mut() {
            hold.awaited.clear();
            self.release(out);
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
            ScanEvent::Unidentified { .. } => error_json("no_hello", None, self),
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
        FrameError::BadField { .. }
        | FrameError::FieldCount { .. }
        | FrameError::Asterisk
        | FrameError::BadType { .. } => "bad_field",
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
                "no frame from the shoe for {quiet_ms} ms (the limit is {} ms): the link or the shoe is down",
                SILENCE_LIMIT.as_millis()
            ),
            ScanEvent::Unidentified { asked } => write!(
                f,
                "the shoe did not say who it is: {asked} IDENT requests got no HELLO"
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

    /// Classifies `seq` and takes it unless it is behind.
    fn check(sequence: &mut SequenceCheck, seq: u16) -> Order {
        let order = sequence.classify(seq);
        if !matches!(order, Order::Behind { .. }) {
            sequence.accept(seq, Contents::Invalid(String::new()));
        }
        order
    }

    #[test]
    fn sequence_numbers_wrap_from_65535_to_1_and_old_numbers_are_behind() {
        let mut sequence = SequenceCheck::default();
        let seq = &mut sequence;
        assert_eq!(check(seq, 65534), Order::InOrder);
        assert_eq!(check(seq, 65535), Order::InOrder);
        assert_eq!(check(seq, 1), Order::InOrder);
        assert_eq!(
            check(seq, 4),
            Order::Gap {
                expected: 2,
                missing: 2
            }
        );
        assert_eq!(check(seq, 4), Order::Behind { expected: 5 });
        assert_eq!(check(seq, 65535), Order::Behind { expected: 5 });
        assert_eq!(check(seq, 0), Order::Restarted { last: 4 });
        assert_eq!(check(seq, 0), Order::Behind { expected: 1 });
        assert_eq!(check(seq, 1), Order::InOrder);
        // Up to half the cycle ahead is a gap; further ahead is behind.
        assert_eq!(
            check(seq, 32769),
            Order::Gap {
                expected: 2,
                missing: 32767
            }
        );
        // 65535 numbers: 32767 ahead is a gap, 32767 behind is behind.
        assert_eq!(check(seq, 3), Order::Behind { expected: 32770 });
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
    #[test]
    fn a_sequence_carried_over_a_restart_shows_the_frames_missed_meanwhile() {
        // Version 2: three heartbeats missed are asked for again.
        let mut decoder = Decoder::resuming_after(100);
        let mut out = Vec::new();
        decoder.connected(at(0));
        decoder.push(&wire(&[heartbeat(104)], Protocol::V2), &mut out);
        let requests = decoder.take_requests();
        assert!(requests.contains(&HostRequest::Resend {
            from: 101,
            count: 3
        }));
        assert!(requests.contains(&HostRequest::Identify));
        assert!(out.contains(&ScanEvent::ResendRequested {
            from: 101,
            count: 3
        }));
        // A number far from the one due is a gap of that many, never an old
        // frame that would leave the sequence stuck.
        let mut decoder = Decoder::resuming_after(40_000);
        let mut out = Vec::new();
        decoder.push(&wire(&[heartbeat(7)], Protocol::V1), &mut out);
        assert!(out.contains(&ScanEvent::Gap {
            expected: 40_001,
            received: 7,
            missing: 25_541
        }));
        out.clear();
        decoder.push(&wire(&[heartbeat(8)], Protocol::V1), &mut out);
        assert_eq!(
            after_protocol(out.clone()),
            [ScanEvent::Frame {
                seq: 8,
                message: Message::Heartbeat
            }]
        );
        // Frame 0 is a restart of the shoe.
        let mut decoder = Decoder::resuming_after(0);
        let mut out = Vec::new();
        decoder.push(&wire(&[heartbeat(0)], Protocol::V1), &mut out);
        assert!(out.contains(&ScanEvent::Restarted { last: 0 }));
    }
}
