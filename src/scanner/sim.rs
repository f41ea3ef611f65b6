//! The shoe simulator: a pseudo-terminal that behaves as a card-reading
//! shoe, for `pairs-table shoe-sim`, the tests and the benchmark.
//!
//! [`shoe_script`] is pure: a shuffled order and a fault list in, the steps
//! to play out. [`Sequencer`] numbers and encodes frames in either protocol
//! version and keeps the latest for a resend. [`PtyLink`] owns the
//! pseudo-terminal and the symlink to it.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::Serialize;
use serialport::{SerialPort, TTYPort};
use thiserror::Error;

use super::decoder::next_seq;
use super::frame::{Frame, HostRequest, Identity, Message, Protocol, SHOE_KEEPS_FRAMES, seal};
use crate::engine::{Decks, Rank};

/// A fault the simulator can inject. Fault number k of the list (from 0)
/// strikes at card 5 × (k + 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum SimFault {
    /// Stray bytes before the card's frame.
    Garbage,
    /// The card's frame with a wrong checksum.
    BadChecksum,
    /// The card's frame is never sent (its sequence number is used up).
    Drop,
    /// The card's frame is sent twice.
    Duplicate,
    /// The device disappears and comes back before the card.
    Disconnect,
    /// An extra copy of the first rank to run out from here on.
    Foreign,
    /// The shoe goes quiet for 3.5 s, heartbeats included, before the card.
    Silence,
    /// The shoe hangs mid-frame: half the card's frame, 3 s of nothing,
    /// then the whole frame.
    Hang,
    /// After the card's frame, the frame before it again, unchanged.
    Repeat,
    /// After the card's frame, the number of the frame before it again
    /// with a different card.
    Conflict,
    /// The card's frame is held back and sent after the next frame (out of
    /// order: its number has passed when it comes).
    Stale,
    /// An `ERR` frame with `*` inside its text (and a good checksum) before
    /// the card.
    Asterisk,
    /// The card's frame with its number written with a leading zero (and a
    /// good checksum); the number is used up.
    LeadingZero,
    /// The shoe is unplugged in the middle of the card's frame; the rest of
    /// the frame is sent after the replug.
    HalfFrame,
}

/// How long the `silence` fault keeps the shoe quiet.
pub const SILENCE_FAULT: Duration = Duration::from_millis(3500);
/// How long the `hang` fault leaves a frame half sent.
pub const HANG_FAULT: Duration = Duration::from_secs(3);

/// A card the simulator sent (or meant to send), printed as one JSON line.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct SentCard {
    /// The frame's sequence number.
    pub seq: u16,
    /// The card.
    pub rank: Rank,
    /// The fault injected on this card's frame, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fault: Option<SimFault>,
}

/// One step of the simulator's script.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Emit {
    /// A frame, possibly with a fault on it.
    Frame(Message, Option<SimFault>),
    /// Stray bytes ([`GARBAGE`]).
    Garbage,
    /// Close the pseudo-terminal and make a new one at the same path.
    Reconnect,
    /// Send nothing at all, heartbeats included, for this long.
    Quiet(Duration),
}

/// Stray bytes the `garbage` fault sends.
pub const GARBAGE: &[u8] = b"\x00\xff#noise\r\n\x7f";

/// Numbers frames from power-on (0, then 1, 2, …), encodes them in its
/// protocol version with their faults, and keeps the latest
/// [`SHOE_KEEPS_FRAMES`] as sent (a version 2 shoe resends them on request).
#[derive(Clone, Debug)]
pub struct Sequencer {
    next: u16,
    protocol: Protocol,
    sent: VecDeque<Frame>,
}

impl Default for Sequencer {
    fn default() -> Self {
        Sequencer::new(Protocol::V1)
    }
}

impl Sequencer {
    /// A shoe just powered on, speaking `protocol`.
    pub fn new(protocol: Protocol) -> Sequencer {
        Sequencer {
            next: 0,
            protocol,
            sent: VecDeque::new(),
        }
    }

    /// The protocol version it speaks.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The bytes for one frame (empty for a dropped frame), and the card
    /// it carries. Every frame uses up a number, dropped ones included.
    pub fn encode(
        &mut self,
        message: Message,
        fault: Option<SimFault>,
    ) -> (Vec<u8>, Option<SentCard>) {
        let frame = Frame {
            seq: self.next,
            message,
        };
        self.next = next_seq(self.next);
        let card = match frame.message {
            Message::Card { rank } => Some(SentCard {
                seq: frame.seq,
                rank,
                fault,
            }),
            _ => None,
        };
        let mut bytes = frame.encode_as(self.protocol);
        match fault {
            Some(SimFault::Drop) => bytes.clear(),
            Some(SimFault::BadChecksum) => {
                // The check's last digit, before CRLF.
                let at = bytes.len() - 3;
                bytes[at] = if bytes[at] == b'0' { b'1' } else { b'0' };
            }
            Some(SimFault::Duplicate) => bytes.extend_from_slice(&bytes.clone()),
            Some(SimFault::LeadingZero) => {
                let body = frame.body();
                let (kind, rest) = body.split_once(',').unwrap_or((&body, ""));
                bytes = seal(&format!("{kind},0{rest}"), self.protocol);
            }
            _ => {}
        }
        if self.sent.len() == SHOE_KEEPS_FRAMES {
            self.sent.pop_front();
        }
        self.sent.push_back(frame);
        (bytes, card)
    }

    /// The frame before the last one again: as it was, or (`changed`) with
    /// the next rank if it was a card. Empty if there is none.
    pub fn previous_again(&self, changed: bool) -> Vec<u8> {
        let Some(frame) = self.sent.iter().rev().nth(1) else {
            return Vec::new();
        };
        let mut frame = frame.clone();
        if changed && let Message::Card { rank } = &mut frame.message {
            *rank = Rank::ALL[rank.index() % Rank::ALL.len()];
        }
        frame.encode_as(self.protocol)
    }

    /// The frames numbered `from` on (`count` of them) that it still holds,
    /// as first sent (without faults), for a `RESEND`.
    pub fn resend(&self, from: u16, count: u16) -> Vec<u8> {
        let wanted: Vec<u16> = std::iter::successors(Some(from), |&s| Some(next_seq(s)))
            .take(usize::from(count))
            .collect();
        self.sent
            .iter()
            .filter(|f| wanted.contains(&f.seq))
            .flat_map(|f| f.encode_as(self.protocol))
            .collect()
    }
}

/// Who `shoe-sim` says it is, in version 2.
pub fn sim_identity(serial: &str) -> Identity {
    Identity {
        maker: "Pairs".into(),
        model: "shoe-sim".into(),
        serial: serial.into(),
        firmware: "1.0".into(),
    }
}

/// The steps of one shoe: `SHOEIN`, every card of `order` (with `CUT`
/// before card number `cut_position`), `SHOEOUT`; with `faults`.
pub fn shoe_script(
    order: &[Rank],
    decks: Decks,
    shoe_id: &str,
    cut_position: u16,
    faults: &[SimFault],
) -> Vec<Emit> {
    let shoe_id = shoe_id.to_owned();
    let mut emits = vec![Emit::Frame(
        Message::ShoeInserted {
            shoe_id: shoe_id.clone(),
        },
        None,
    )];
    let mut dealt = [0u16; 10];
    let mut foreign_pending = false;
    for (index, &rank) in order.iter().enumerate() {
        if index == usize::from(cut_position) {
            emits.push(Emit::Frame(Message::CutCard, None));
        }
        let fault = faults
            .iter()
            .enumerate()
            .find(|(k, _)| 5 * (k + 1) == index)
            .map(|(_, f)| *f);
        match fault {
            Some(SimFault::Garbage) => emits.push(Emit::Garbage),
            Some(SimFault::Disconnect) => emits.push(Emit::Reconnect),
            Some(SimFault::Foreign) => foreign_pending = true,
            Some(SimFault::Silence) => emits.push(Emit::Quiet(SILENCE_FAULT)),
            Some(SimFault::Asterisk) => emits.push(Emit::Frame(
                Message::DeviceError {
                    code: 5,
                    text: "a*b".into(),
                },
                Some(SimFault::Asterisk),
            )),
            _ => {}
        }
        let on_frame = fault.filter(|f| {
            !matches!(
                f,
                SimFault::Garbage
                    | SimFault::Disconnect
                    | SimFault::Foreign
                    | SimFault::Silence
                    | SimFault::Asterisk
            )
        });
        emits.push(Emit::Frame(Message::Card { rank }, on_frame));
        dealt[rank.index()] += 1;
        if foreign_pending && dealt[rank.index()] == decks.copies_of(rank) {
            foreign_pending = false;
            emits.push(Emit::Frame(Message::Card { rank }, Some(SimFault::Foreign)));
        }
    }
    emits.push(Emit::Frame(Message::ShoeEmptied { shoe_id }, None));
    emits
}

/// The simulator could not set up or use its pseudo-terminal.
#[derive(Debug, Error)]
pub enum SimError {
    /// The path holds something other than a symlink.
    #[error("{0} exists and is not a symlink; refusing to replace it")]
    NotALink(PathBuf),
    /// Creating the pseudo-terminal failed.
    #[error("cannot create a pseudo-terminal: {0}")]
    Pty(#[from] serialport::Error),
    /// No reader has the device end open.
    #[error("no reader has the pseudo-terminal open")]
    NoReader,
    /// Creating the symlink or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A pseudo-terminal pair with a symlink to its device end at a chosen
/// path. The symlink is removed when this is dropped.
#[derive(Debug)]
pub struct PtyLink {
    master: TTYPort,
    device_name: String,
    link: PathBuf,
}

impl PtyLink {
    /// Creates a pair and points `link` at its device end (replacing an
    /// older symlink there, never anything else).
    pub fn create(link: &Path) -> Result<PtyLink, SimError> {
        if let Ok(meta) = std::fs::symlink_metadata(link)
            && !meta.file_type().is_symlink()
        {
            return Err(SimError::NotALink(link.to_path_buf()));
        }
        // The device end is closed at once: a reader opens it by name (and
        // locks it, as it would a real port).
        let (mut master, device) = TTYPort::pair()?;
        master.set_timeout(Duration::from_secs(1))?;
        let device_name = device.name().unwrap_or_default();
        drop(device);
        let mut temporary = link.as_os_str().to_owned();
        temporary.push(format!(".{}.tmp", std::process::id()));
        let temporary = PathBuf::from(temporary);
        let _ = std::fs::remove_file(&temporary);
        std::os::unix::fs::symlink(&device_name, &temporary)?;
        std::fs::rename(&temporary, link)?;
        Ok(PtyLink {
            master,
            device_name,
            link: link.to_path_buf(),
        })
    }

    /// The device end's own name (`/dev/pts/N`).
    pub fn device_name(&self) -> &str {
        &self.device_name
    }

    /// Writes bytes as the shoe. Fails with [`SimError::NoReader`] while
    /// no reader has the device end open.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), SimError> {
        self.master.write_all(bytes).map_err(|error| {
            let hung_up =
                error.kind() == std::io::ErrorKind::BrokenPipe || error.raw_os_error() == Some(5);
            if hung_up {
                SimError::NoReader
            } else {
                SimError::Io(error)
            }
        })
    }
}

impl PtyLink {
    /// The host's requests that have arrived (version 2), never waiting;
    /// `pending` keeps a part line for the next call.
    pub fn read_requests(&mut self, pending: &mut Vec<u8>) -> Vec<HostRequest> {
        let mut chunk = [0u8; 256];
        while self.master.bytes_to_read().is_ok_and(|n| n > 0) {
            match self.master.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(read) => pending.extend_from_slice(&chunk[..read]),
            }
        }
        let mut requests = Vec::new();
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let line = &line[..line.len() - 1];
            if let Some(start) = line.iter().rposition(|&b| b == b'$')
                && let Some(request) = HostRequest::parse(&line[start + 1..])
            {
                requests.push(request);
            }
        }
        if pending.len() > MAX_REQUEST_BYTES {
            pending.clear();
        }
        requests
    }
}

/// The longest line from the host a shoe keeps before dropping it.
const MAX_REQUEST_BYTES: usize = 82;

impl Drop for PtyLink {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.link);
    }
}

/// How the simulator paces and where it sends.
#[derive(Clone, Debug)]
pub struct SimRun {
    /// Where to place the symlink.
    pub link: PathBuf,
    /// Pause between cards.
    pub card_interval: Duration,
    /// How long the shoe is quiet before a `disconnect` fault, and how long
    /// it then stays away.
    pub unplugged_for: Duration,
    /// The protocol version it speaks (version 2 sends `HELLO` first, and
    /// answers `IDENT` and `RESEND`).
    pub protocol: Protocol,
    /// Its serial number, in its `HELLO` (version 2).
    pub serial: String,
}

/// How often a shoe with no reader tries again.
const NO_READER_POLL: Duration = Duration::from_millis(10);

/// Longest silence before the simulator sends a heartbeat.
const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(1);

/// Plays `script` on a pseudo-terminal at `run.link`, calling `sent` for
/// each card, then sends heartbeats until `stop` is set. A heartbeat goes
/// out whenever the shoe has been silent for a second; a version 2 shoe
/// opens with its `HELLO` and answers the host's requests throughout.
pub fn run_sim(
    run: &SimRun,
    script: Vec<Emit>,
    stop: &AtomicBool,
    mut sent: impl FnMut(&SentCard),
) -> Result<(), SimError> {
    let mut shoe = SimShoe {
        link: Some(PtyLink::create(&run.link)?),
        sequencer: Sequencer::new(run.protocol),
        last_sent: Instant::now(),
        identity: sim_identity(&run.serial),
        requests: Vec::new(),
    };
    if run.protocol == Protocol::V2 {
        let hello = shoe.hello();
        if !shoe.send(&hello, stop)? {
            return Ok(());
        }
    }
    let mut held_back: Option<Vec<u8>> = None;
    for emit in script {
        let going = match emit {
            Emit::Reconnect => shoe.replug(run, stop, &[])?,
            Emit::Garbage => shoe.send(GARBAGE, stop)?,
            Emit::Quiet(quiet) => shoe.quiet(quiet, stop),
            Emit::Frame(message, fault) => {
                let is_card = matches!(message, Message::Card { .. });
                if is_card && !shoe.wait(run.card_interval, stop)? {
                    return Ok(());
                }
                let (bytes, card) = shoe.sequencer.encode(message, fault);
                let going = match fault {
                    Some(SimFault::Hang) => {
                        let (half, _) = bytes.split_at(bytes.len() / 2);
                        shoe.send(half, stop)?
                            && shoe.quiet(HANG_FAULT, stop)
                            && shoe.send(&bytes, stop)?
                    }
                    Some(SimFault::HalfFrame) => {
                        let (half, rest) = bytes.split_at(bytes.len() / 2);
                        shoe.send(half, stop)? && shoe.replug(run, stop, rest)?
                    }
                    Some(SimFault::Stale) => {
                        held_back = Some(bytes);
                        true
                    }
                    Some(SimFault::Repeat | SimFault::Conflict) => {
                        let again = shoe
                            .sequencer
                            .previous_again(fault == Some(SimFault::Conflict));
                        shoe.send(&[bytes, again].concat(), stop)?
                    }
                    _ => {
                        let mut bytes = bytes;
                        // A frame held back (`stale`) follows the next one.
                        bytes.extend(held_back.take().unwrap_or_default());
                        shoe.send(&bytes, stop)?
                    }
                };
                if let Some(card) = &card {
                    sent(card);
                }
                going
            }
        };
        if !going {
            return Ok(());
        }
    }
    while shoe.wait(HEARTBEAT_INTERVAL, stop)? {}
    Ok(())
}

struct SimShoe {
    /// None while unplugged.
    link: Option<PtyLink>,
    sequencer: Sequencer,
    last_sent: Instant,
    identity: Identity,
    /// Bytes from the host not yet making a whole line.
    requests: Vec<u8>,
}

impl SimShoe {
    fn hello(&mut self) -> Vec<u8> {
        let message = Message::Hello {
            identity: self.identity.clone(),
            version: 2,
        };
        self.sequencer.encode(message, None).0
    }

    /// Sends bytes, holding them until a reader has the port open (as a
    /// shoe with hardware flow control would); false if stopped meanwhile.
    fn send(&mut self, bytes: &[u8], stop: &AtomicBool) -> Result<bool, SimError> {
        if bytes.is_empty() {
            return Ok(true);
        }
        loop {
            let Some(link) = self.link.as_mut() else {
                return Ok(false);
            };
            match link.write(bytes) {
                Ok(()) => {
                    self.last_sent = Instant::now();
                    return Ok(true);
                }
                Err(SimError::NoReader) if !stop.load(Ordering::Relaxed) => {
                    std::thread::sleep(NO_READER_POLL);
                }
                Err(SimError::NoReader) => return Ok(false),
                Err(error) => return Err(error),
            }
        }
    }

    /// Answers what the host asked (version 2 only).
    fn answer(&mut self, stop: &AtomicBool) -> Result<bool, SimError> {
        if self.sequencer.protocol() != Protocol::V2 {
            return Ok(true);
        }
        let requests = match self.link.as_mut() {
            Some(link) => link.read_requests(&mut self.requests),
            None => Vec::new(),
        };
        for request in requests {
            let bytes = match request {
                HostRequest::Identify => self.hello(),
                HostRequest::Resend { from, count } => self.sequencer.resend(from, count),
            };
            if !self.send(&bytes, stop)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Sends nothing for `quiet` (a frozen shoe); false if stopped.
    fn quiet(&mut self, quiet: Duration, stop: &AtomicBool) -> bool {
        let until = Instant::now() + quiet;
        while Instant::now() < until {
            if stop.load(Ordering::Relaxed) {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        // The quiet time does not count as a heartbeat's second.
        self.last_sent = Instant::now();
        true
    }

    /// Unplugs (after a quiet spell, so what was sent is read first),
    /// stays away, plugs in again and sends `then`.
    fn replug(&mut self, run: &SimRun, stop: &AtomicBool, then: &[u8]) -> Result<bool, SimError> {
        if !self.wait(run.unplugged_for, stop)? {
            return Ok(false);
        }
        self.link = None;
        std::thread::sleep(run.unplugged_for);
        self.link = Some(PtyLink::create(&run.link)?);
        self.requests.clear();
        self.send(then, stop)
    }

    /// Waits `wait`, sending heartbeats when silent and answering the host;
    /// false if stopped.
    fn wait(&mut self, wait: Duration, stop: &AtomicBool) -> Result<bool, SimError> {
        let until = Instant::now() + wait;
        loop {
            if stop.load(Ordering::Relaxed) || !self.answer(stop)? {
                return Ok(false);
            }
            if self.last_sent.elapsed() >= HEARTBEAT_INTERVAL {
                let (bytes, _) = self.sequencer.encode(Message::Heartbeat, None);
                if !self.send(&bytes, stop)? {
                    return Ok(false);
                }
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(true);
            }
            std::thread::sleep(left.min(Duration::from_millis(20)));
        }
    }
}

/// A simulated card-reading shoe that deals one card each time it is asked,
/// over a real pseudo-terminal: the desktop app's "simulated shoe" (the
/// dealer pulls a card with a button, and it arrives through the same
/// reader, decoder and intake as a real shoe's). It speaks protocol
/// version 2: its `HELLO` goes first, a thread named `pull-shoe` sends a
/// heartbeat whenever a second passes without a frame and answers the
/// host's requests, and frames wait until a reader has the port open.
#[derive(Debug)]
pub struct PullShoe {
    wire: Arc<Mutex<PullWire>>,
    stop: Arc<AtomicBool>,
    heartbeat: Option<JoinHandle<()>>,
    device_name: String,
    decks: Decks,
    penetration_permille: u16,
    order: Vec<Rank>,
    next: usize,
    shoes: u32,
}

/// The pull shoe's side of the line, shared with its heartbeat thread.
#[derive(Debug)]
struct PullWire {
    link: PtyLink,
    sequencer: Sequencer,
    /// Frames not yet taken by a reader.
    backlog: Vec<u8>,
    last_sent: Instant,
    requests: Vec<u8>,
}

impl PullWire {
    fn send(&mut self, message: Message) -> Result<(), SimError> {
        let (bytes, _) = self.sequencer.encode(message, None);
        self.backlog.extend(bytes);
        self.flush()
    }

    /// Writes the backlog if a reader has the port open.
    fn flush(&mut self) -> Result<(), SimError> {
        if self.backlog.is_empty() {
            return Ok(());
        }
        match self.link.write(&self.backlog) {
            Ok(()) => {
                self.backlog.clear();
                self.last_sent = Instant::now();
                Ok(())
            }
            Err(SimError::NoReader) => Ok(()),
            Err(error) => Err(error),
        }
    }

    /// A heartbeat after a second of silence, and answers to the host.
    fn keep_alive(&mut self) -> Result<(), SimError> {
        for request in self.link.read_requests(&mut self.requests) {
            let bytes = match request {
                HostRequest::Identify => {
                    let message = Message::Hello {
                        identity: sim_identity(PULL_SHOE_SERIAL),
                        version: 2,
                    };
                    self.sequencer.encode(message, None).0
                }
                HostRequest::Resend { from, count } => self.sequencer.resend(from, count),
            };
            self.backlog.extend(bytes);
        }
        if self.backlog.is_empty() && self.last_sent.elapsed() >= HEARTBEAT_INTERVAL {
            let (bytes, _) = self.sequencer.encode(Message::Heartbeat, None);
            self.backlog.extend(bytes);
        }
        self.flush()
    }
}

/// The serial number the app's simulated shoe reports.
pub const PULL_SHOE_SERIAL: &str = "PULL-0001";

impl PullShoe {
    /// A shoe of `decks` behind a pseudo-terminal at `link`, with no stack
    /// inserted yet (call [`PullShoe::insert_shuffled`]).
    pub fn create(
        link: &Path,
        decks: Decks,
        penetration_permille: u16,
    ) -> Result<PullShoe, SimError> {
        let link = PtyLink::create(link)?;
        let device_name = link.device_name().to_owned();
        let mut sequencer = Sequencer::new(Protocol::V2);
        let hello = Message::Hello {
            identity: sim_identity(PULL_SHOE_SERIAL),
            version: 2,
        };
        let (backlog, _) = sequencer.encode(hello, None);
        let wire = Arc::new(Mutex::new(PullWire {
            link,
            sequencer,
            backlog,
            last_sent: Instant::now(),
            requests: Vec::new(),
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let heartbeat = {
            let (wire, stop) = (Arc::clone(&wire), Arc::clone(&stop));
            std::thread::Builder::new()
                .name("pull-shoe".into())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        // A failed write is retried on the next round.
                        let _ = wire
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .keep_alive();
                        std::thread::sleep(Duration::from_millis(50));
                    }
                })?
        };
        Ok(PullShoe {
            wire,
            stop,
            heartbeat: Some(heartbeat),
            device_name,
            decks,
            penetration_permille,
            order: Vec::new(),
            next: 0,
            shoes: 0,
        })
    }

    /// The pseudo-terminal's path for the reader.
    pub fn device_name(&self) -> &str {
        &self.device_name
    }

    /// Inserts a freshly shuffled full stack and announces it (`SHOEIN`).
    pub fn insert_shuffled(&mut self, rng: &mut impl rand::Rng) -> Result<(), SimError> {
        use rand::seq::SliceRandom;
        self.order.clear();
        for rank in Rank::ALL {
            self.order.extend(std::iter::repeat_n(
                rank,
                usize::from(self.decks.copies_of(rank)),
            ));
        }
        self.order.shuffle(rng);
        self.next = 0;
        self.shoes += 1;
        let shoe_id = format!("SIM{:04}", self.shoes);
        self.send(Message::ShoeInserted { shoe_id })
    }

    /// Pulls the next card through the reader (with `CUT` first when the
    /// cut card is reached); None if the stack is empty.
    pub fn pull(&mut self) -> Result<Option<Rank>, SimError> {
        let Some(&rank) = self.order.get(self.next) else {
            return Ok(None);
        };
        let cut = (self.order.len() * usize::from(self.penetration_permille)).div_ceil(1000);
        if self.next == cut {
            self.send(Message::CutCard)?;
        }
        self.next += 1;
        self.send(Message::Card { rank })?;
        Ok(Some(rank))
    }

    /// Cards left in the stack.
    pub fn remaining(&self) -> usize {
        self.order.len() - self.next
    }

    fn send(&mut self, message: Message) -> Result<(), SimError> {
        self.wire
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(message)
    }
}

impl Drop for PullShoe {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.heartbeat.take() {
            let _ = thread.join();
        }
    }
}
