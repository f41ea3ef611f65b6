//! Shipping a station's ledger to the floor (docs/floor.md, "The
//! station's link"): `ship` once, and the `Shipper` thread the app and
//! `simulate` run, which ends every contact with the signed heartbeat.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use postgres::Client;

use super::*;
use crate::keys::{PublicKey, StationKeys};
use crate::ledger;
use crate::station::live::SignedHand;

/// The calling station's name and head on the floor.
fn station_head(client: &mut Client) -> Result<(String, i64, [u8; 32]), FloorError> {
    let row = client.query_one(
        "SELECT station, head_seq, head_hash FROM floor.station_head()",
        &[],
    )?;
    let hash: Vec<u8> = row.get(2);
    Ok((row.get(0), row.get(1), hash.try_into().unwrap_or([0; 32])))
}

/// Ships the ledger's rows after the floor's head for this station, in
/// order, in batches; a retry after any failure sends each row once.
/// Returns how many rows the floor newly accepted (rows another shipper
/// of the same file put there first are not counted). With the station's
/// `keys`, it presents the station's public key first and ends with a
/// signed heartbeat: the file's length, and the failure if the shipment
/// failed and the connection still serves (docs/floor.md, "Signed
/// heartbeats").
pub fn ship(db: &Path, url: &str, keys: Option<&StationKeys>) -> Result<u64, FloorError> {
    ship_saying(db, url, keys).map(|(added, _)| added)
}

/// [`ship`], with the sentence for the servers of a multi-host target it
/// passed over as old primaries, if any (`floor ship` says it, as the
/// shipper does).
pub fn ship_saying(
    db: &Path,
    url: &str,
    keys: Option<&StationKeys>,
) -> Result<(u64, Option<String>), FloorError> {
    let (mut client, passed_over) = connect_station(url)?;
    let shipped = ship_on(
        &mut client,
        db,
        keys.map(StationKeys::public_key),
        &Watch::default(),
    );
    if let Some(keys) = keys {
        // The rows are on the floor whether or not the heartbeat after
        // them is taken; the shipment's own failure is what is said.
        let failure = shipped.as_ref().err().map(ToString::to_string);
        let _ = ledger::chain_length(db)
            .map_err(FloorError::from)
            .and_then(|rows| {
                heartbeat::send(
                    &mut client,
                    keys,
                    rows,
                    failure.as_deref(),
                    &station_clock(),
                )
            });
    }
    shipped.map(|s| (s.added, passed_over))
}

/// How long a station's statement may run on the floor before the floor
/// gives up on it (an append waiting on a lock, a server too busy): the
/// link is then down, in so many words, rather than silently waiting.
const STATION_STATEMENT_TIMEOUT: &str = "30s";

/// Connects as a station: [`connect`], with the station's statement
/// timeout set; with the sentence for each server of a multi-host target
/// passed over as an old primary.
fn connect_station(url: &str) -> Result<(Client, Option<String>), FloorError> {
    let (mut client, passed_over) = connect_noting(url)?;
    client.batch_execute(&format!(
        "SET statement_timeout = '{STATION_STATEMENT_TIMEOUT}'"
    ))?;
    Ok((client, passed_over))
}

/// How long a contact may go without a word from the floor before the
/// shipper gives it up and makes a new one: a server that stops (a
/// machine that hangs) keeps its connections open without answering, and
/// no timeout of the server's own can end a statement it is not running.
pub const UNANSWERED: Duration = Duration::from_secs(10);

/// A contact's watch: when the floor last answered it, and whether the
/// shipper has given it up (a contact given up sends nothing more).
#[derive(Debug, Default)]
struct Watch {
    heard: Mutex<Option<Instant>>,
    given_up: AtomicBool,
}

impl Watch {
    /// The floor answered (or the contact began).
    fn heard(&self) {
        if let Ok(mut heard) = self.heard.lock() {
            *heard = Some(Instant::now());
        }
    }

    /// How long since the floor last answered.
    fn silent_for(&self) -> Duration {
        self.heard
            .lock()
            .ok()
            .and_then(|heard| heard.map(|at| at.elapsed()))
            .unwrap_or_default()
    }

    /// Refuses to go on once the contact has been given up.
    fn carry_on(&self) -> Result<(), FloorError> {
        if self.given_up.load(Ordering::SeqCst) {
            return Err(FloorError::Refused(
                "the contact with the floor was given up".into(),
            ));
        }
        Ok(())
    }
}

/// What one shipment did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Shipped {
    /// Rows the floor newly accepted.
    added: u64,
    /// The floor's head for the station afterwards.
    head: i64,
    /// The file's length when the shipment began.
    file_rows: i64,
    /// The servers of a multi-host target passed over as old primaries,
    /// in a sentence.
    passed_over: Option<String>,
}

fn ship_on(
    client: &mut Client,
    db: &Path,
    public_key: Option<PublicKey>,
    watch: &Watch,
) -> Result<Shipped, FloorError> {
    if let Some(key) = public_key {
        client.execute("SELECT floor.present_key($1)", &[&key.to_vec()])?;
    }
    let (station, start, _) = station_head(client)?;
    let reader = ledger::ChainReader::open(db)?;
    let file_rows = reader.length()?;
    if file_rows < start {
        return Err(FloorError::FileBehind(format!(
            "the file {} ends at row {file_rows} but the floor holds rows up to {start} for station {station}: \
             the file was cut or replaced; `pairs-table floor verify --db` says where",
            db.display()
        )));
    }
    // The file is read one batch ahead on a thread of its own while the
    // floor checks the batch before: the floor's time, not the sum of both.
    let (batches, shipping) = mpsc::sync_channel(1);
    thread::scope(|scope| {
        // Every batch ends with the checkpoint that signs it (the floor
        // refuses any other): rows are sent up to the last checkpoint read,
        // and the rest wait for the next batch. Rows after the file's last
        // checkpoint are not sent until a checkpoint signs them.
        scope.spawn(move || {
            let mut after = start;
            let mut unsigned: Vec<ledger::ChainRow> = Vec::new();
            loop {
                let rows = match reader.rows_after(after, BATCH) {
                    Ok(rows) => rows,
                    Err(error) => {
                        let _ = batches.send(Err(error));
                        break;
                    }
                };
                let Some(last) = rows.last().map(|r| r.seq) else {
                    break;
                };
                after = last;
                unsigned.extend(rows);
                if let Some(cut) = unsigned.iter().rposition(|r| r.table == "checkpoints") {
                    let rest = unsigned.split_off(cut + 1);
                    let batch = std::mem::replace(&mut unsigned, rest);
                    if batches.send(Ok(batch)).is_err() {
                        break;
                    }
                }
            }
        });
        let append = client.prepare(
            "SELECT head, added FROM floor.append_batch($1, $2, $3, $4, $5, $6::text::timestamptz)",
        )?;
        let mut shipped = Shipped {
            added: 0,
            head: start,
            file_rows,
            passed_over: None,
        };
        for batch in shipping {
            let rows = batch?;
            watch.carry_on()?;
            let Some(last) = rows.last().map(|r| r.seq) else {
                break;
            };
            let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
            let tables: Vec<&str> = rows.iter().map(|r| r.table).collect();
            let payloads: Vec<&[u8]> = rows.iter().map(|r| r.values.as_slice()).collect();
            let hashes: Vec<&[u8]> = rows.iter().map(|r| r.hash.as_slice()).collect();
            let clock = station_clock();
            let row = client.query_one(
                &append,
                &[
                    &seqs,
                    &tables,
                    &payloads,
                    &hashes,
                    &file_rows.max(last),
                    &clock,
                ],
            )?;
            shipped.head = row.get(0);
            shipped.added += u64::try_from(row.get::<_, i64>(1)).unwrap_or(0);
            watch.heard();
        }
        Ok(shipped)
    })
}

/// The station's clock as it is told to the floor (RFC 3339, UTC), which
/// compares it with its own (docs/floor.md, "Clocks").
pub fn station_clock() -> String {
    Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// How often a station tells the floor it is there when it has nothing
/// to ship: the floor counts its lag as unknown after three are missed
/// ([`STALE_AFTER`]).
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// How long without a signed heartbeat before a station's lag is unknown:
/// three heartbeats missed.
pub const STALE_AFTER: Duration = Duration::from_secs(15);

/// The least time between a station's attempts after one failed: a
/// refused station tries again at most once a second, whatever it commits.
const RETRY_AFTER_FAILURE: Duration = Duration::from_secs(1);

/// Ships in the background as the writer commits: [`Shipper::committed`]
/// never blocks; the thread ships what is new, retries after a failure, and
/// ships the rest when the shipper is finished. It holds a connection to
/// the floor only while it has something to send: rows, or once a minute
/// when idle the station's length (docs/floor.md, "Connections").
#[derive(Debug)]
pub struct Shipper {
    wake: Option<mpsc::Sender<()>>,
    thread: Option<thread::JoinHandle<ShipOutcome>>,
    link: Arc<Mutex<LinkState>>,
    hand: PendingHand,
}

/// The hand in progress waiting to be published: `None` when nothing new,
/// `Some(None)` to say no hand is in progress. Each replaces the one
/// before, sent or not.
type PendingHand = Arc<Mutex<Option<Option<SignedHand>>>>;

/// The floor link as a station shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkState {
    /// Rows the floor accepted since the shipper started.
    pub shipped: u64,
    /// When an attempt last succeeded.
    pub last_ok: Option<DateTime<Utc>>,
    /// Since when the link has been failing, and the last failure.
    pub down: Option<(DateTime<Utc>, String)>,
    /// The servers of a multi-host target the last contact passed over as
    /// old primaries, in a sentence (docs/floor.md, "Failover runbook").
    pub passed_over: Option<String>,
}

impl LinkState {
    /// Records an attempt's result; whether what the station shows changed.
    fn record(&mut self, result: &Result<Shipped, FloorError>) -> bool {
        let before = self.clone();
        let now = Utc::now();
        match result {
            Ok(shipped) => {
                self.shipped += shipped.added;
                self.last_ok = Some(now);
                self.down = None;
                self.passed_over.clone_from(&shipped.passed_over);
            }
            Err(error) => {
                let since = self.down.as_ref().map_or(now, |(since, _)| *since);
                self.down = Some((since, error.to_string()));
            }
        }
        before.shipped != self.shipped
            || before.last_ok.is_none() != self.last_ok.is_none()
            || before.down.as_ref().map(|d| &d.1) != self.down.as_ref().map(|d| &d.1)
            || before.passed_over != self.passed_over
    }
}

/// What a background shipper did.
#[derive(Debug, Default)]
pub struct ShipOutcome {
    /// Rows the floor accepted.
    pub shipped: u64,
    /// The last failure, if the last attempt failed.
    pub last_error: Option<String>,
    /// Whether the last attempt failed because the file ends before the
    /// floor's head (cut or replaced): shipping again cannot send the rest.
    pub file_behind: bool,
    /// Every time the link was down, in order.
    pub outages: Vec<Outage>,
    /// The last sentence saying a server of a multi-host target was passed
    /// over as an old primary (docs/floor.md, "Failover runbook").
    pub passed_over: Option<String>,
}

/// A stretch of time the floor link was down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outage {
    /// When the first attempt failed.
    pub from: DateTime<Utc>,
    /// When an attempt next went through (`None`: down at the end).
    pub until: Option<DateTime<Utc>>,
    /// The first failure.
    pub reason: String,
    /// The most rows the station's file held that the floor did not have
    /// (as far as the station knew: the floor's head at its last contact).
    pub rows_held_back: i64,
}

impl ShipOutcome {
    /// Adds an attempt's result at `now`, the file then holding
    /// `held_back` rows the floor did not have at the last contact.
    fn record(&mut self, result: &Result<Shipped, FloorError>, now: DateTime<Utc>, held_back: i64) {
        match result {
            Ok(shipped) => {
                self.shipped += shipped.added;
                if shipped.passed_over.is_some() {
                    self.passed_over.clone_from(&shipped.passed_over);
                }
                self.last_error = None;
                self.file_behind = false;
                if let Some(open) = self.outages.last_mut().filter(|o| o.until.is_none()) {
                    open.until = Some(now);
                }
            }
            Err(error) => {
                self.last_error = Some(error.to_string());
                self.file_behind = matches!(error, FloorError::FileBehind(_));
                match self.outages.last_mut().filter(|o| o.until.is_none()) {
                    Some(open) => open.rows_held_back = open.rows_held_back.max(held_back),
                    None => self.outages.push(Outage {
                        from: now,
                        until: None,
                        reason: error.to_string(),
                        rows_held_back: held_back,
                    }),
                }
            }
        }
    }

    /// The outages in one sentence (`None` when there were none): how
    /// many, how long in all and the longest (the one still open counted
    /// up to `now`), and the most rows held back.
    pub fn outages_summary(&self, now: DateTime<Utc>) -> Option<String> {
        let lengths: Vec<f64> = self
            .outages
            .iter()
            .map(|o| (o.until.unwrap_or(now) - o.from).as_seconds_f64().max(0.0))
            .collect();
        let longest = lengths.iter().copied().fold(0.0, f64::max);
        let held = self.outages.iter().map(|o| o.rows_held_back).max()?;
        let times = match self.outages.len() {
            1 => "once".to_owned(),
            n => format!("{n} times"),
        };
        Some(format!(
            "the floor link was down {times}, {:.1} s in all (the longest {longest:.1} s), \
             holding back up to {held} rows; the first failure: {}",
            lengths.iter().sum::<f64>(),
            self.outages[0].reason
        ))
    }
}

/// The shipper thread's side of the link: what it knows of the floor
/// between attempts.
#[derive(Clone)]
struct Link {
    db: std::path::PathBuf,
    url: String,
    /// The station's keys: its public key is presented and its heartbeats
    /// signed (`None`: neither, as in tests of the rows alone).
    keys: Option<StationKeys>,
    /// The file's length when the floor last had all of it that is signed.
    settled: Option<i64>,
    /// The floor's head for the station at the last contact.
    floor_head: i64,
    /// When the station last reached the floor.
    last_contact: Option<Instant>,
    /// When the last attempt failed, if it did: the next waits
    /// [`RETRY_AFTER_FAILURE`].
    failed_at: Option<Instant>,
    /// The hand in progress to publish next.
    hand: PendingHand,
    /// The watch on the contact under way.
    watch: Arc<Watch>,
}

impl Link {
    /// One attempt: ships when the file has grown since the floor last had
    /// it, then sends the signed heartbeat (after every shipment, with the
    /// failure if it failed, and every [`HEARTBEAT`] when there is nothing
    /// to ship). Then publishes the hand in progress if a new one waits (a
    /// failed publish is dropped: the next step's replaces it). The
    /// connection is closed after each attempt. `None`: nothing was due,
    /// or the last attempt failed less than a second ago and this is not
    /// the `last` (the one that ships what is left when the shipper stops).
    fn attempt(&mut self, last: bool) -> Option<(Result<Shipped, FloorError>, i64)> {
        if !last
            && self
                .failed_at
                .is_some_and(|at| at.elapsed() < RETRY_AFTER_FAILURE)
        {
            return None;
        }
        let hand = self.hand.lock().ok().and_then(|mut pending| pending.take());
        let file_rows = match ledger::chain_length(&self.db) {
            Ok(rows) => rows,
            Err(error) => return Some((Err(error.into()), 0)),
        };
        let to_ship = self.settled != Some(file_rows);
        let quiet = self.last_contact.is_some_and(|at| at.elapsed() < HEARTBEAT);
        if !to_ship && quiet && hand.is_none() {
            return None;
        }
        self.watch.heard();
        let (mut client, passed_over) = match connect_station(&self.url) {
            Ok(connected) => connected,
            Err(error) => {
                self.failed_at = Some(Instant::now());
                return Some((Err(error), (file_rows - self.floor_head).max(0)));
            }
        };
        self.watch.heard();
        let shipped = if to_ship {
            ship_on(
                &mut client,
                &self.db,
                self.keys.as_ref().map(StationKeys::public_key),
                &self.watch,
            )
        } else {
            Ok(Shipped {
                added: 0,
                head: self.floor_head,
                file_rows,
                passed_over: None,
            })
        }
        .map(|shipped| Shipped {
            passed_over,
            ..shipped
        });
        if self.watch.carry_on().is_err() {
            // Given up: the shipper has moved on without this contact.
            return None;
        }
        let failure = shipped.as_ref().err().map(ToString::to_string);
        let told = match &self.keys {
            Some(keys) if to_ship || !quiet || failure.is_some() => Some(heartbeat::send(
                &mut client,
                keys,
                file_rows,
                failure.as_deref(),
                &station_clock(),
            )),
            _ => None,
        };
        self.watch.heard();
        if let Some(hand) = hand {
            // After the rows: a committed hand's rows reach the floor before
            // its snapshot is taken away.
            let _ = live::publish_on(&mut client, hand.as_ref());
        }
        let heard = matches!(told, Some(Ok(_)));
        if let Some(Ok(head)) = &told {
            self.floor_head = *head;
        }
        // A shipment the floor took but whose heartbeat it refused leaves the
        // floor not knowing the station's length: the link is not well.
        let result = match (shipped, told) {
            (Ok(_), Some(Err(error))) => Err(error),
            (result, _) => result,
        }
        .map_err(|error| explain_old_floor(&self.url, error));
        match &result {
            Ok(shipped) => {
                self.settled = Some(shipped.file_rows);
                self.floor_head = shipped.head;
                self.last_contact = Some(Instant::now());
                self.failed_at = None;
            }
            Err(_) => {
                self.failed_at = Some(Instant::now());
                if heard {
                    self.last_contact = Some(Instant::now());
                }
            }
        }
        Some((result, (file_rows - self.floor_head).max(0)))
    }
}

impl Link {
    /// [`Link::attempt`] on a thread of its own, given up (and said so)
    /// once the floor has not answered for [`UNANSWERED`]: what this link
    /// knew before it is kept, the rows not known to be on the floor are
    /// sent again on the next attempt (re-reading the floor's head), and
    /// the contact given up sends nothing more if its server wakes.
    fn watched_attempt(&mut self, last: bool) -> Option<(Result<Shipped, FloorError>, i64)> {
        let watch = Arc::new(Watch::default());
        watch.heard();
        let mut contact = self.clone();
        contact.watch = watch.clone();
        let (answer, answered) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name("floor contact".into())
            .spawn(move || {
                let result = contact.attempt(last);
                let _ = answer.send((contact, result));
            });
        if let Err(error) = spawned {
            self.failed_at = Some(Instant::now());
            return Some((Err(FloorError::Thread(error)), 0));
        }
        loop {
            match answered.recv_timeout(Duration::from_millis(100)) {
                Ok((contact, result)) => {
                    *self = Link {
                        watch: Arc::default(),
                        ..contact
                    };
                    return result;
                }
                Err(mpsc::RecvTimeoutError::Timeout) if watch.silent_for() < UNANSWERED => {}
                Err(_) => {
                    watch.given_up.store(true, Ordering::SeqCst);
                    self.failed_at = Some(Instant::now());
                    self.settled = None;
                    let held_back = ledger::chain_length(&self.db)
                        .map_or(0, |rows| (rows - self.floor_head).max(0));
                    return Some((
                        Err(FloorError::Refused(format!(
                            "the floor server stopped answering for {} s: the contact was given up and is made again",
                            UNANSWERED.as_secs()
                        ))),
                        held_back,
                    ));
                }
            }
        }
    }
}

impl Shipper {
    /// Starts shipping `db` to the floor at `url`, as the station whose
    /// `keys` present its public key and sign its heartbeats.
    pub fn start(db: &Path, url: &str, keys: Option<StationKeys>) -> Result<Shipper, FloorError> {
        Shipper::start_waking(db, url, keys, || {})
    }

    /// [`Shipper::start`], calling `changed` (from the shipper's thread)
    /// whenever the link's state changes: up, down, rows shipped.
    pub fn start_waking(
        db: &Path,
        url: &str,
        keys: Option<StationKeys>,
        changed: impl Fn() + Send + 'static,
    ) -> Result<Shipper, FloorError> {
        let (wake, woken) = mpsc::channel::<()>();
        let hand = PendingHand::default();
        let mut link = Link {
            db: db.to_path_buf(),
            url: url.to_string(),
            keys,
            settled: None,
            floor_head: 0,
            last_contact: None,
            failed_at: None,
            hand: hand.clone(),
            watch: Arc::default(),
        };
        let state = Arc::new(Mutex::new(LinkState::default()));
        let shown = state.clone();
        let thread = thread::Builder::new()
            .name("floor shipper".into())
            .spawn(move || {
                let mut outcome = ShipOutcome::default();
                let mut attempt = |outcome: &mut ShipOutcome, last: bool| {
                    let Some((result, held_back)) = link.watched_attempt(last) else {
                        return;
                    };
                    outcome.record(&result, Utc::now(), held_back);
                    let moved = shown.lock().is_ok_and(|mut s| s.record(&result));
                    if moved {
                        changed();
                    }
                };
                loop {
                    match woken.recv_timeout(Duration::from_secs(1)) {
                        Ok(()) => while woken.try_recv().is_ok() {},
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                        Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    }
                    attempt(&mut outcome, false);
                }
                attempt(&mut outcome, true);
                outcome
            })?;
        Ok(Shipper {
            wake: Some(wake),
            thread: Some(thread),
            link: state,
            hand,
        })
    }

    /// Publishes the station's hand in progress (`None`: none now) on the
    /// shipper's thread; returns at once. Only the latest waits: a
    /// snapshot not yet sent is replaced, and one that fails is dropped
    /// (docs/floor.md, "The hand in progress").
    pub fn hand_in_progress(&self, hand: Option<SignedHand>) {
        if let Ok(mut pending) = self.hand.lock() {
            *pending = Some(hand);
        }
        self.wake_thread();
    }

    /// The link's state now.
    pub fn link(&self) -> LinkState {
        self.link.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Says a transaction was committed; returns at once.
    pub fn committed(&self) {
        self.wake_thread();
    }

    /// Wakes the shipper's thread to look at once.
    fn wake_thread(&self) {
        if let Some(wake) = &self.wake {
            let _ = wake.send(());
        }
    }

    /// Ships what is left and says what was done.
    pub fn finish(mut self) -> ShipOutcome {
        self.wake = None;
        self.thread
            .take()
            .and_then(|t| t.join().ok())
            .unwrap_or_default()
    }
}
