//! The shoe simulator: a pseudo-terminal that behaves as a card-reading
//! shoe, for `pairs-table shoe-sim`, the tests and the benchmark.
//!
//! [`shoe_script`] is pure: a shuffled order and a fault list in, the bytes
//! to send out. [`PtyLink`] owns the pseudo-terminal and the symlink to it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;
use serialport::{SerialPort, TTYPort};
use thiserror::Error;

use super::decoder::next_seq;
use super::frame::{Frame, Message};
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
}

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
}

/// Stray bytes the `garbage` fault sends.
pub const GARBAGE: &[u8] = b"\x00\xff#noise\r\n\x7f";

/// Numbers frames from power-on (0, then 1, 2, …) and encodes them with
/// their faults.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sequencer {
    next: u16,
}

impl Sequencer {
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
        let mut bytes = frame.encode();
        match fault {
            Some(SimFault::Drop) => bytes.clear(),
            Some(SimFault::BadChecksum) => {
                // The checksum's last digit, before CRLF.
                let at = bytes.len() - 3;
                bytes[at] = if bytes[at] == b'0' { b'1' } else { b'0' };
            }
            Some(SimFault::Duplicate) => bytes.extend_from_slice(&bytes.clone()),
            _ => {}
        }
        (bytes, card)
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
            _ => {}
        }
        let on_frame = fault.filter(|f| {
            matches!(
                f,
                SimFault::BadChecksum | SimFault::Drop | SimFault::Duplicate
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
}

/// How often a shoe with no reader tries again.
const NO_READER_POLL: Duration = Duration::from_millis(10);

/// Longest silence before the simulator sends a heartbeat.
const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(1);

/// Plays `script` on a pseudo-terminal at `run.link`, calling `sent` for
/// each card, then sends heartbeats until `stop` is set. A heartbeat goes
/// out whenever the shoe has been silent for a second.
pub fn run_sim(
    run: &SimRun,
    script: Vec<Emit>,
    stop: &AtomicBool,
    mut sent: impl FnMut(&SentCard),
) -> Result<(), SimError> {
    let mut shoe = SimShoe {
        link: PtyLink::create(&run.link)?,
        sequencer: Sequencer::default(),
        last_sent: Instant::now(),
    };
    for emit in script {
        match emit {
            Emit::Reconnect => {
                // Quiet first, so that what was sent is read before the
                // unplug (closing a pseudo-terminal discards unread bytes).
                if !shoe.wait(run.unplugged_for, stop)? {
                    return Ok(());
                }
                drop(shoe.link);
                std::thread::sleep(run.unplugged_for);
                shoe.link = PtyLink::create(&run.link)?;
            }
            Emit::Garbage => {
                if !shoe.send(GARBAGE, stop)? {
                    return Ok(());
                }
            }
            Emit::Frame(message, fault) => {
                let is_card = matches!(message, Message::Card { .. });
                if is_card && !shoe.wait(run.card_interval, stop)? {
                    return Ok(());
                }
                let (bytes, card) = shoe.sequencer.encode(message, fault);
                if !shoe.send(&bytes, stop)? {
                    return Ok(());
                }
                if let Some(card) = &card {
                    sent(card);
                }
            }
        }
    }
    while shoe.wait(HEARTBEAT_INTERVAL, stop)? {}
    Ok(())
}

struct SimShoe {
    link: PtyLink,
    sequencer: Sequencer,
    last_sent: Instant,
}

impl SimShoe {
    /// Sends bytes, holding them until a reader has the port open (as a
    /// shoe with hardware flow control would); false if stopped meanwhile.
    fn send(&mut self, bytes: &[u8], stop: &AtomicBool) -> Result<bool, SimError> {
        loop {
            match self.link.write(bytes) {
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

    /// Waits `wait`, sending heartbeats when silent; false if stopped.
    fn wait(&mut self, wait: Duration, stop: &AtomicBool) -> Result<bool, SimError> {
        let until = Instant::now() + wait;
        loop {
            if stop.load(Ordering::Relaxed) {
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
/// reader, decoder and intake as a real shoe's).
#[derive(Debug)]
pub struct PullShoe {
    link: PtyLink,
    sequencer: Sequencer,
    decks: Decks,
    penetration_permille: u16,
    order: Vec<Rank>,
    next: usize,
    shoes: u32,
}

impl PullShoe {
    /// A shoe of `decks` behind a pseudo-terminal at `link`, with no stack
    /// inserted yet (call [`PullShoe::insert_shuffled`]).
    pub fn create(
        link: &Path,
        decks: Decks,
        penetration_permille: u16,
    ) -> Result<PullShoe, SimError> {
        Ok(PullShoe {
            link: PtyLink::create(link)?,
            sequencer: Sequencer::default(),
            decks,
            penetration_permille,
            order: Vec::new(),
            next: 0,
            shoes: 0,
        })
    }

    /// The pseudo-terminal's path for the reader.
    pub fn device_name(&self) -> &str {
        self.link.device_name()
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
        let (bytes, _) = self.sequencer.encode(message, None);
        self.link.write(&bytes)
    }
}
