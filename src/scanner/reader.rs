//! The reader: a named thread that opens the shoe's serial port by path,
//! decodes what it sends, publishes [`ScanEvent`]s on a channel and keeps a
//! [`ReaderStatus`] the UI can poll. A read timeout means "no data yet";
//! a lost device is reopened with back-off. The thread passes the time to
//! the decoder after every read, data or not, so that a silent shoe is
//! noticed; it writes what the decoder asks of a version 2 shoe.

use std::io::{ErrorKind, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

use serialport::{DataBits, FlowControl, Parity, SerialPort, StopBits};
use thiserror::Error;

use super::decoder::{Decoder, ScanEvent};
use super::frame::{Identity, Message, Protocol};

/// The line settings and timings of a reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReaderConfig {
    /// The port's path (`/dev/ttyUSB0`, `/dev/serial/by-id/...`, `COM3`).
    pub path: String,
    /// Baud rate (default 9600).
    pub baud_rate: u32,
    /// Data bits (default 8).
    pub data_bits: DataBits,
    /// Parity (default none).
    pub parity: Parity,
    /// Stop bits (default 1).
    pub stop_bits: StopBits,
    /// How long one read waits for data before checking for a stop request.
    pub read_timeout: Duration,
    /// The first wait before reopening a lost port.
    pub backoff_min: Duration,
    /// The longest wait between attempts to reopen.
    pub backoff_max: Duration,
    /// The number of the last frame the station took from this shoe before
    /// it stopped, if it journaled one: the sequence carries on from it
    /// ([`Decoder::resuming_after`]), so frames missed meanwhile show as a
    /// gap (and a version 2 shoe is asked for them again).
    pub resume_after: Option<u16>,
}

/// Called on the reader thread after each event is published (a UI passes
/// one that asks for a repaint, so it need not poll while idle).
pub type Waker = Box<dyn Fn() + Send + 'static>;

/// Journals the number of a heartbeat the reader took itself (see
/// [`Reader::take_quiet_heartbeats`]); returns whether it was journaled.
pub type HeartbeatJournal = Box<dyn FnMut(u16) -> bool + Send + 'static>;

/// A heartbeat changes nothing a station shows or decides while its link
/// is reading and it has handled everything before it: the reader then
/// journals the heartbeat's number itself instead of publishing it, and
/// wakes nobody (a window repaints only when what it shows changes). The
/// station says, after each batch it handled and journaled, how many
/// events that was and whether it takes heartbeats as a no-op now.
#[derive(Default)]
struct QuietHeartbeats {
    /// Events sent on the channel (only the reader thread adds to it).
    published: AtomicU64,
    /// Events the station has handled and journaled, and whether a
    /// heartbeat would be a no-op for it after them.
    handled: Mutex<Handled>,
    /// Where the reader journals a heartbeat it takes (none: it never does).
    journal: Mutex<Option<HeartbeatJournal>>,
}

#[derive(Default)]
struct Handled {
    events: u64,
    heartbeats_are_no_ops: bool,
}

impl QuietHeartbeats {
    /// Journals heartbeat `seq` here if nothing published waits to be
    /// handled and the station takes heartbeats as no-ops; whether it did.
    fn take(&self, seq: u16) -> bool {
        let handled = self.handled.lock().unwrap_or_else(PoisonError::into_inner);
        if !handled.heartbeats_are_no_ops || handled.events != self.published.load(Ordering::SeqCst)
        {
            return false;
        }
        // Held while journaling: the station cannot report a batch (or
        // change its mind) until this heartbeat is written.
        let mut journal = self.journal.lock().unwrap_or_else(PoisonError::into_inner);
        journal.as_mut().is_some_and(|journal| journal(seq))
    }
}

impl std::fmt::Debug for QuietHeartbeats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QuietHeartbeats")
            .field("published", &self.published)
            .finish_non_exhaustive()
    }
}

impl ReaderConfig {
    /// The protocol's defaults (9600 baud, 8N1) for the port at `path`.
    pub fn new(path: impl Into<String>) -> ReaderConfig {
        ReaderConfig {
            path: path.into(),
            baud_rate: 9600,
            data_bits: DataBits::Eight,
            parity: Parity::None,
            stop_bits: StopBits::One,
            read_timeout: Duration::from_millis(50),
            backoff_min: Duration::from_millis(100),
            backoff_max: Duration::from_secs(5),
            resume_after: None,
        }
    }
}

/// What the UI shows about the scanner.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReaderStatus {
    /// Whether the port is open.
    pub connected: bool,
    /// When the last valid frame arrived.
    pub last_frame_at: Option<SystemTime>,
    /// Valid frames received.
    pub frames_good: u64,
    /// Problems: bad frames, stray bytes, duplicates.
    pub frames_bad: u64,
    /// Sequence gaps noticed (each may span several frames).
    pub sequence_gaps: u64,
    /// Times the port was lost.
    pub disconnects: u64,
    /// The last problem, as a sentence.
    pub last_error: Option<String>,
    /// No valid frame has come for the silence limit (until the next one).
    pub silent: bool,
    /// The link's protocol version, once decided.
    pub protocol: Option<Protocol>,
    /// Who the shoe says it is (version 2), once it has said.
    pub identity: Option<Identity>,
}

impl ReaderStatus {
    fn record(&mut self, event: &ScanEvent) {
        match event {
            ScanEvent::Frame { message, .. } => {
                self.frames_good += 1;
                self.last_frame_at = Some(SystemTime::now());
                self.silent = false;
                if let Message::Hello { identity, .. } = message {
                    self.identity = Some(identity.clone());
                }
            }
            ScanEvent::Connected { .. } => self.connected = true,
            ScanEvent::Disconnected { .. } => {
                self.connected = false;
                self.silent = false;
                self.disconnects += 1;
            }
            ScanEvent::Gap { .. } => self.sequence_gaps += 1,
            ScanEvent::Problem { .. }
            | ScanEvent::Duplicate { .. }
            | ScanEvent::Conflict { .. }
            | ScanEvent::Stale { .. } => self.frames_bad += 1,
            ScanEvent::Silent { .. } => self.silent = true,
            ScanEvent::Protocol { version } => self.protocol = Some(*version),
            ScanEvent::Restarted { .. }
            | ScanEvent::ResendRequested { .. }
            | ScanEvent::Unidentified { .. } => {}
        }
        if event.is_problem() {
            self.last_error = Some(event.to_string());
        }
    }
}

/// The reader could not start.
#[derive(Debug, Error)]
pub enum ReaderError {
    /// The operating system refused a thread.
    #[error("cannot start the scanner thread: {0}")]
    Thread(#[from] std::io::Error),
    /// Listing ports failed.
    #[error("cannot list serial ports: {0}")]
    List(#[from] serialport::Error),
    /// The shoe's port cannot be opened.
    #[error("cannot open the shoe's port {path}: {reason}; check the cable and the port's name")]
    Port {
        /// The port's path.
        path: String,
        /// The operating system's words.
        reason: String,
    },
}

/// Opens the port in `config` once and closes it: whether a shoe can be
/// read there at all, checked before a table is opened on it.
pub fn check_port(config: &ReaderConfig) -> Result<(), ReaderError> {
    open_port(config)
        .map(drop)
        .map_err(|error| ReaderError::Port {
            path: config.path.clone(),
            reason: error.description,
        })
}

/// The port in `config`, opened with its line settings.
fn open_port(config: &ReaderConfig) -> serialport::Result<Box<dyn SerialPort>> {
    serialport::new(&config.path, config.baud_rate)
        .data_bits(config.data_bits)
        .parity(config.parity)
        .stop_bits(config.stop_bits)
        .flow_control(FlowControl::None)
        .timeout(config.read_timeout)
        .open()
}

impl ReaderConfig {
    /// Opens the port as the reader would and closes it again: `doctor`'s
    /// check that the card-reading shoe's port is there and free (a port
    /// the app holds is busy).
    pub fn try_open(&self) -> Result<(), ReaderError> {
        open_port(self)
            .map(drop)
            .map_err(|error| ReaderError::Port {
                path: self.path.clone(),
                reason: error.to_string(),
            })
    }
}

/// A running reader. Dropping it stops the thread and waits for it.
#[derive(Debug)]
pub struct Reader {
    events: Receiver<ScanEvent>,
    status: Arc<Mutex<ReaderStatus>>,
    quiet: Arc<QuietHeartbeats>,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Reader {
    /// Starts reading the port in `config` on a thread named `scanner`.
    /// A port that cannot be opened yet is retried with back-off.
    pub fn start(config: ReaderConfig) -> Result<Reader, ReaderError> {
        Reader::start_with_waker(config, Box::new(|| {}))
    }

    /// Like [`Reader::start`], calling `waker` after each event is published.
    pub fn start_with_waker(config: ReaderConfig, waker: Waker) -> Result<Reader, ReaderError> {
        let (event_tx, events) = mpsc::channel();
        let (stop, stop_rx) = mpsc::channel();
        let status = Arc::new(Mutex::new(ReaderStatus::default()));
        let shared = Arc::clone(&status);
        let quiet = Arc::new(QuietHeartbeats::default());
        let quiet_shared = Arc::clone(&quiet);
        let thread = std::thread::Builder::new()
            .name("scanner".into())
            .spawn(move || {
                Worker {
                    config,
                    events: event_tx,
                    status: shared,
                    quiet: quiet_shared,
                    stop: stop_rx,
                    waker,
                }
                .run();
            })?;
        Ok(Reader {
            events,
            status,
            quiet,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The events, in order: poll with `try_recv` or wait with `recv_timeout`.
    pub fn events(&self) -> &Receiver<ScanEvent> {
        &self.events
    }

    /// A snapshot of the status.
    pub fn status(&self) -> ReaderStatus {
        self.status
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// From now on, a heartbeat that arrives while the link is reading and
    /// the station has handled everything before it (see
    /// [`Reader::handled`]) is journaled by `journal` on the reader thread
    /// instead of published: nobody is woken for it. A heartbeat `journal`
    /// fails to write is published as before.
    pub fn take_quiet_heartbeats(&self, journal: HeartbeatJournal) {
        *self
            .quiet
            .journal
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(journal);
    }

    /// Whether [`Reader::take_quiet_heartbeats`] has been given a journal.
    pub fn takes_quiet_heartbeats(&self) -> bool {
        self.quiet
            .journal
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }

    /// The station has handled `events` more of the published events and
    /// journaled the last frame among them; `heartbeats_are_no_ops` says
    /// whether a heartbeat now would change nothing for it.
    pub fn handled(&self, events: usize, heartbeats_are_no_ops: bool) {
        let mut handled = self
            .quiet
            .handled
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        handled.events += events as u64;
        handled.heartbeats_are_no_ops = heartbeats_are_no_ops;
    }
}

impl Drop for Reader {
    fn drop(&mut self) {
        // Closing the stop channel tells the thread to finish.
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A serial port on this machine, for the settings screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortInfo {
    /// The path to open.
    pub path: String,
    /// What it is (USB IDs and product when known).
    pub description: String,
}

/// The serial ports on this machine.
pub fn list_ports() -> Result<Vec<PortInfo>, ReaderError> {
    Ok(serialport::available_ports()?
        .into_iter()
        .map(|port| PortInfo {
            path: port.port_name,
            description: match port.port_type {
                serialport::SerialPortType::UsbPort(usb) => format!(
                    "USB {:04x}:{:04x} {} {}",
                    usb.vid,
                    usb.pid,
                    usb.manufacturer.unwrap_or_default(),
                    usb.product.unwrap_or_default()
                )
                .trim_end()
                .to_owned(),
                serialport::SerialPortType::PciPort => "PCI serial port".into(),
                serialport::SerialPortType::BluetoothPort => "Bluetooth serial port".into(),
                serialport::SerialPortType::Unknown => "serial port".into(),
            },
        })
        .collect())
}

struct Worker {
    config: ReaderConfig,
    events: Sender<ScanEvent>,
    status: Arc<Mutex<ReaderStatus>>,
    quiet: Arc<QuietHeartbeats>,
    stop: Receiver<()>,
    waker: Waker,
}

impl Worker {
    fn publish(&self, event: ScanEvent) -> bool {
        let was_reading = {
            let mut status = self.status.lock().unwrap_or_else(PoisonError::into_inner);
            let reading = status.connected && !status.silent && status.frames_good > 0;
            status.record(&event);
            reading
        };
        // A heartbeat on a reading link changes nothing shown.
        if let ScanEvent::Frame {
            seq,
            message: Message::Heartbeat,
        } = &event
            && was_reading
            && self.quiet.take(*seq)
        {
            return true;
        }
        self.quiet.published.fetch_add(1, Ordering::SeqCst);
        let sent = self.events.send(event).is_ok();
        (self.waker)();
        sent
    }

    fn stopping(&self) -> bool {
        matches!(self.stop.try_recv(), Err(TryRecvError::Disconnected))
    }

    fn open(&self) -> serialport::Result<Box<dyn SerialPort>> {
        open_port(&self.config)
    }

    fn run(self) {
        // The decoder outlives connections so frames lost while unplugged show as a gap.
        let mut decoder = self
            .config
            .resume_after
            .map_or_else(Decoder::new, Decoder::resuming_after);
        let origin = Instant::now();
        let mut backoff = self.config.backoff_min;
        let mut reported_down = false;
        loop {
            match self.open() {
                Ok(port) => {
                    backoff = self.config.backoff_min;
                    let connected = ScanEvent::Connected {
                        port: self.config.path.clone(),
                    };
                    if !self.publish(connected) {
                        return;
                    }
                    decoder.connected(origin.elapsed());
                    match self.read_until_lost(port, &mut decoder, origin) {
                        Some(reason) => {
                            reported_down = true;
                            if !self.publish(ScanEvent::Disconnected { reason }) {
                                return;
                            }
                        }
                        None => return,
                    }
                }
                Err(error) if !reported_down => {
                    reported_down = true;
                    let reason = format!("cannot open {}: {error}", self.config.path);
                    if !self.publish(ScanEvent::Disconnected { reason }) {
                        return;
                    }
                }
                Err(_) => {}
            }
            match self.stop.recv_timeout(backoff) {
                Err(RecvTimeoutError::Timeout) => {}
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
            }
            backoff = (backoff * 2).min(self.config.backoff_max);
        }
    }

    /// Reads until the port is lost (returns why, after publishing what
    /// the decoder drops with it) or a stop is requested (None).
    fn read_until_lost(
        &self,
        port: Box<dyn SerialPort>,
        decoder: &mut Decoder,
        origin: Instant,
    ) -> Option<String> {
        let mut events = Vec::new();
        let lost = self.read_port(port, decoder, origin, &mut events);
        if lost.is_some() {
            decoder.disconnected(&mut events);
        }
        for event in events.drain(..) {
            if !self.publish(event) {
                return None;
            }
        }
        lost
    }

    fn read_port(
        &self,
        mut port: Box<dyn SerialPort>,
        decoder: &mut Decoder,
        origin: Instant,
        events: &mut Vec<ScanEvent>,
    ) -> Option<String> {
        let mut buffer = [0u8; 1024];
        loop {
            if self.stopping() {
                return None;
            }
            let read = port.read(&mut buffer);
            decoder.advance(origin.elapsed(), events);
            match read {
                Ok(0) => return Some(format!("{} closed", self.config.path)),
                Ok(read) => decoder.push(&buffer[..read], events),
                Err(error)
                    if matches!(error.kind(), ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
                Err(error) => return Some(format!("reading {} failed: {error}", self.config.path)),
            }
            for request in decoder.take_requests() {
                if let Err(error) = port.write_all(&request.encode()) {
                    return Some(format!("writing to {} failed: {error}", self.config.path));
                }
            }
            for event in events.drain(..) {
                if !self.publish(event) {
                    return None;
                }
            }
        }
    }
}
