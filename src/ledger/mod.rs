//! The ledger: every hand, card, decision and transfer in one SQLite file,
//! append-only and hash-chained. The only module that touches SQLite; the
//! rest of the program uses the typed functions here. See docs/ledger.md.

/// SQL for the house's side of transfer `t`: what it received, less what
/// it paid (one definition for the win, the chart and the hand browser).
macro_rules! house_side_of_t {
    () => {
        "CASE WHEN t.to_account = 'house' THEN t.amount WHEN t.from_account = 'house' THEN -t.amount ELSE 0 END"
    };
}

mod access;
mod audit;
mod chain;
mod file;
mod inventory;
pub mod report;
mod rows;
mod ship;
mod startup;
mod station;
mod verify;

use std::path::{Path, PathBuf};

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::types::{Value, ValueRef};
use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};
use thiserror::Error;

use crate::engine::hand::{GameKind, Hand};
use crate::engine::money::Transfer;
use crate::engine::rules::{HouseRules, RulesError};
use crate::engine::table::{FinishedHand, HandEvent, HandSetup, Table, TableError};
use crate::keys::StationKeys;
use chain::{
    CHECKPOINTS, HANDS, Linker, RULES, SHIFT_CLOSES, SHIFTS, SHOES, STAFF, STATION_KEYS, TABLES,
    TRANSFERS, TableSpec, VOIDS,
};
use rows::BadRow;

pub use crate::access::Role;
pub use access::{DENOMINATIONS_KEY, LIMITS_KEY, PinEntry, Session, StaffMember};
pub use audit::{
    Alarm, AlarmKind, Exception, ExceptionKind, HandFilter, HandOutcome, HandSummary, TimeRange,
};
pub use chain::GENESIS;
pub use file::APPLICATION_ID;
pub use inventory::{CountKind, CountState, ShiftInventory, Slip, SlipKind};
pub use ship::{
    ChainRow, chain_length, chain_rows_after, link_encoded, shipped_checkpoint_problem,
    shipped_table_name,
};
pub use startup::ProgramStart;
pub use station::{OpenShift, ShoeDevice};
pub use verify::{AuditSummary, Discrepancy, KeyPin, VerifyOptions, verify};

/// The schema migrations, in order; migration i brings version i to i + 1.
const MIGRATIONS: [&str; 8] = [
    include_str!("../../schema/0001_initial.sql"),
    include_str!("../../schema/0002_indexes.sql"),
    include_str!("../../schema/0003_access_inventory.sql"),
    include_str!("../../schema/0004_report_prints.sql"),
    include_str!("../../schema/0005_startup_checks.sql"),
    include_str!("../../schema/0006_checkpoints.sql"),
    include_str!("../../schema/0007_card_accounting_shoe_devices.sql"),
    include_str!("../../schema/0008_count_waivers.sql"),
];

/// The schema version this build writes (and the newest it reads).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Where the time comes from (the system clock at a table, a fixed one in tests).
pub trait Clock {
    /// The current time, UTC.
    fn now(&self) -> DateTime<Utc>;
}

/// The system clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// Why the ledger refused or failed: one sentence naming the problem.
#[derive(Debug, Error)]
pub enum LedgerError {
    /// SQLite failed (disk, locking, a constraint or a trigger).
    #[error("the ledger database failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The file was written by a newer pairs-table.
    #[error(
        "the ledger {path} has schema version {found}, newer than the {supported} this pairs-table understands; use a newer pairs-table"
    )]
    NewerSchema {
        /// The file.
        path: String,
        /// The file's version.
        found: i64,
        /// The newest this build reads.
        supported: i64,
    },
    /// A row does not hold what its table promises.
    #[error("ledger row {seq} in {table} is unreadable: {problem}")]
    BadRow {
        /// The table.
        table: &'static str,
        /// The row's seq.
        seq: i64,
        /// What is wrong.
        problem: String,
    },
    /// No hand with this id.
    #[error("the ledger has no hand {0}")]
    NoSuchHand(i64),
    /// The hand id is taken.
    #[error("hand {0} is already in the ledger")]
    HandExists(i64),
    /// The hand was voided before.
    #[error("hand {0} is already voided")]
    AlreadyVoided(i64),
    /// A hand is journaled and not yet committed.
    #[error("hand {0} is in progress; commit or abandon it first")]
    HandInProgress(i64),
    /// Nothing is journaled.
    #[error("no hand is in progress")]
    NoHandInProgress,
    /// The committed hand is not the journaled one.
    #[error("hand {committed} was committed, but hand {journaled} is the one in progress")]
    NotTheJournaledHand {
        /// The hand given.
        committed: i64,
        /// The hand journaled.
        journaled: i64,
    },
    /// The approver is not a pit boss.
    #[error("staff member {0} is not a pit boss, so cannot approve this")]
    NotAPitBoss(u32),
    /// The dealer tried to approve their own hand's void.
    #[error("staff member {0} dealt hand {1} and so cannot approve its void")]
    ApproverDealt(u32, i64),
    /// The rules the hand was dealt under are not in the ledger.
    #[error("house rules {0} are not in the ledger")]
    UnknownRules(String),
    /// The table refused a step while rebuilding a hand.
    #[error(transparent)]
    Table(#[from] TableError),
    /// Stored house rules are invalid.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// No platform data directory.
    #[error("cannot find the platform data directory; pass --db FILE")]
    NoDataDirectory,
    /// Upgrading the schema left a row pointing at nothing.
    #[error(
        "upgrading the ledger schema left {0} row(s) pointing at missing rows; the file is unchanged"
    )]
    BrokenReferences(i64),
    /// No staff member with this id.
    #[error("there is no staff member {0}")]
    NoSuchStaff(u32),
    /// The staff id is taken.
    #[error("staff id {0} is already taken")]
    StaffExists(u32),
    /// The staff member has no PIN yet.
    #[error("staff member {0} has no PIN; a pit boss or administrator must set one")]
    NoPin(u32),
    /// A wrong PIN, counted toward the lockout.
    #[error("wrong PIN for staff member {staff}; {tries_left} more wrong and the account locks")]
    WrongPin {
        /// Whose PIN.
        staff: u32,
        /// Wrong PINs left before the lockout.
        tries_left: u32,
    },
    /// The account is locked.
    #[error(
        "staff member {0} is locked out after five wrong PINs; a pit boss must reset the account"
    )]
    Locked(u32),
    /// The account is not locked.
    #[error("staff member {0} is not locked out")]
    NotLocked(u32),
    /// A staff or table name that breaks the name rule.
    #[error(transparent)]
    BadName(#[from] crate::access::NameError),
    /// A new PIN that breaks the PIN rule.
    #[error(transparent)]
    BadPin(#[from] crate::access::PinError),
    /// Hashing a PIN failed.
    #[error("the PIN could not be hashed: {0}")]
    PinHash(String),
    /// The first pit boss exists already.
    #[error(
        "the first pit boss was already created; new staff need a pit boss's or administrator's PIN"
    )]
    NotFirstRun,
    /// The role may not do this.
    #[error("staff member {staff} is {}, who may not {action}", role.in_sentence())]
    NotPermitted {
        /// Who tried.
        staff: u32,
        /// Their role.
        role: crate::access::Role,
        /// What they tried, in words.
        action: &'static str,
    },
    /// Someone tried to approve what they asked for.
    #[error("staff member {0} asked for this and so cannot approve it")]
    OwnRequest(u32),
    /// Two signatures from one person.
    #[error("staff member {0} cannot sign twice; two different people are needed")]
    SamePerson(u32),
    /// Signed in at another station.
    #[error(
        "staff member {staff} is already signed in at {station} since {since}; sign out there first"
    )]
    SignedInElsewhere {
        /// Who.
        staff: u32,
        /// Where.
        station: String,
        /// Since when (RFC 3339).
        since: String,
    },
    /// Not signed in.
    #[error("staff member {0} is not signed in")]
    NotSignedIn(u32),
    /// A void or slip void without a reason.
    #[error("a reason is required")]
    ReasonRequired,
    /// No shift with this id.
    #[error("the ledger has no shift {0}")]
    NoSuchShift(i64),
    /// No table with this id.
    #[error("the ledger has no table {0}")]
    NoSuchTable(i64),
    /// The shift was closed.
    #[error("shift {0} is closed")]
    ShiftClosed(i64),
    /// A shift closed with no closer counted or waived.
    #[error(
        "shift {0} has no closer count: the dealer and a pit boss count the tray (Inventory) before the table closes, or a pit boss waives the count with a reason"
    )]
    CloserNotCounted(i64),
    /// A waiver of a count already made (or already waived).
    #[error("the {kind} of shift {shift} is already {done}; there is nothing to waive")]
    NothingToWaive {
        /// Opener or closer.
        kind: &'static str,
        /// The shift.
        shift: i64,
        /// "counted" or "waived".
        done: &'static str,
    },
    /// The table has no denominations setting.
    #[error("table {0} has no chip denominations set; a pit boss must set them first")]
    NoDenominations(i64),
    /// No slip with this number.
    #[error("there is no slip {0}")]
    NoSuchSlip(String),
    /// The slip was voided before.
    #[error("slip {0} is already voided")]
    SlipVoided(String),
    /// No alarm with this id.
    #[error("there is no alarm {0}")]
    NoSuchAlarm(i64),
    /// The alarm was cleared before.
    #[error("alarm {0} is already cleared")]
    AlarmCleared(i64),
    /// A drop of nothing, or a bad amount.
    #[error("a drop is a whole number of units from 1 to {max}, not {amount}", max = crate::inventory::MAX_TOTAL_UNITS)]
    BadDrop {
        /// The amount given.
        amount: u64,
    },
    /// A count, slip or setting refused by the inventory rules.
    #[error(transparent)]
    Inventory(#[from] crate::inventory::InventoryError),
    /// The file is not a pairs-table ledger.
    #[error("{0} is not a pairs-table ledger: {1}")]
    NotALedger(String, &'static str),
    /// No file there.
    #[error("there is no ledger at {0}")]
    NotFound(String),
    /// The file could not be opened or read.
    #[error("cannot open the ledger {0}: {1}")]
    Unreadable(String, String),
    /// The file's schema is not that of its version.
    #[error(
        "{path} is not an intact pairs-table ledger: its schema version is {version}, but {difference}"
    )]
    AlteredSchema {
        /// The file.
        path: String,
        /// Its `user_version`.
        version: i64,
        /// What differs.
        difference: String,
    },
    /// Another program writes this ledger.
    #[error("the ledger {path} is in use by another writer{}; close it there first", holder.as_ref().map(|h| format!(" ({h})")).unwrap_or_default())]
    InUse {
        /// The file.
        path: String,
        /// Who holds it, as it wrote itself in the lock file.
        holder: Option<String>,
    },
    /// The file or its folder cannot be written (read-only media).
    #[error(
        "the ledger {0} cannot be written here (read-only storage or permissions); audit verify and audit export read it as it is"
    )]
    NotWritable(String),
    /// The ledger was opened read-only.
    #[error("the ledger {0} is open read-only; nothing can be recorded")]
    ReadOnly(String),
    /// The ledger is signed by another station's key.
    #[error(
        "the ledger {path} is signed by station key {theirs}, not this station's key {ours}; it can be written only at its own station"
    )]
    OtherStationsLedger {
        /// The file.
        path: String,
        /// The fingerprint of the key that signs it.
        theirs: String,
        /// This station's key's fingerprint.
        ours: String,
    },
    /// A one-time PIN was given where the person must choose their own.
    #[error(
        "staff member {0}'s PIN was reset by someone else and is one-time; they must choose a new PIN of their own first"
    )]
    PinChangeRequired(u32),
    /// Resetting this PIN needs a second approver.
    #[error(
        "resetting the PIN of staff member {staff} ({}) needs a second pit boss or administrator, of at least that standing, to approve with their PIN",
        role.in_sentence()
    )]
    SecondApproverNeeded {
        /// Whose PIN.
        staff: u32,
        /// Their role.
        role: crate::access::Role,
    },
    /// The journal of the hand in progress differs from the hand played.
    #[error(
        "the journal of hand {0} no longer matches the hand as played: it was changed outside pairs-table; nothing was committed"
    )]
    JournalAltered(i64),
    /// The ledger does not hold what this station last wrote to it.
    #[error(
        "the ledger {path} does not hold what this station last wrote to it (row {rows} with head {head}): it was cut back or rewritten; verify it, and restore the ledger this station wrote"
    )]
    NotWhatWasWritten {
        /// The file.
        path: String,
        /// The rows this station wrote.
        rows: i64,
        /// The head then, in hex.
        head: String,
    },
    /// The station's key file or its record of written heads failed.
    #[error(transparent)]
    Key(#[from] crate::keys::KeyError),
    /// Rows no station ever signed in a ledger made at a signing version.
    #[error(
        "the ledger {0} holds rows that no station key ever signed, though pairs-table signs a ledger from its first row; it was not written by pairs-table and will not be signed now"
    )]
    NeverSigned(String),
    /// A read-only tool on a ledger not yet upgraded.
    #[error(
        "the ledger {path} has schema version {found}, older than the {} this pairs-table reads; open it once with the app (or simulate) to upgrade it",
        SCHEMA_VERSION
    )]
    OlderSchema {
        /// The file.
        path: String,
        /// Its version.
        found: i64,
    },
    /// `simulate --db` on a live table's ledger.
    #[error(
        "the ledger {0} holds staff with PINs (a live table's); simulate only into a ledger of its own"
    )]
    LiveLedger(String),
}

impl LedgerError {
    fn bad_row(table: &'static str, seq: i64) -> impl Fn(BadRow) -> LedgerError {
        move |BadRow(problem)| LedgerError::BadRow {
            table,
            seq,
            problem,
        }
    }
}

/// Who and what a hand is dealt by and from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandContext {
    /// The table.
    pub table: i64,
    /// The shift.
    pub shift: i64,
    /// The dealer's staff id.
    pub dealer: u32,
    /// The shoe.
    pub shoe: i64,
}

/// The chain's head: what a shift report prints to pin the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChainHead {
    /// Rows in the chain (the last row's seq; seqs run 1, 2, 3, …).
    pub rows: i64,
    /// The last row's hash (32 zero bytes for an empty ledger).
    pub hash: [u8; 32],
}

impl ChainHead {
    /// The hash as 64 lowercase hex digits.
    pub fn hash_hex(&self) -> String {
        hex::encode(self.hash)
    }
}

/// A hand that was journaled but not committed: enough to rebuild it.
#[derive(Debug, Clone)]
pub struct InProgress {
    /// Where it is dealt.
    pub context: HandContext,
    /// Its setup.
    pub setup: HandSetup,
    /// Its steps so far, in order.
    pub events: Vec<HandEvent>,
}

impl InProgress {
    /// The hand exactly where it stopped.
    pub fn hand(&self) -> Result<Hand, TableError> {
        rebuild(&self.setup, &self.events)
    }
}

/// Where a table stands after its last recorded hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TablePosition {
    /// The highest hand number in the ledger, at any table: a hand's number
    /// is its ledger id, so a table opened on a ledger that already holds
    /// another table's hands numbers its hands on from there.
    pub hands_started: u64,
    /// The last complete hand's button.
    pub last_button: Option<u8>,
    /// Units carried to the next Starboard pot.
    pub carry: u64,
}

/// A recorded hand as recalled: wagers, result and status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRecord {
    /// The hand id.
    pub id: i64,
    /// The game.
    pub game: GameKind,
    /// (seat, bet) per player.
    pub seats: Vec<(u8, u64)>,
    /// "complete" or "voided".
    pub status: String,
    /// Start, UTC (RFC 3339).
    pub started_at: String,
    /// End, UTC (RFC 3339).
    pub ended_at: String,
    /// The hand's transfers, reversals included.
    pub transfers: Vec<Transfer>,
}

/// Replays a hand's cards and decisions on a fresh hand from its setup.
pub fn rebuild(setup: &HandSetup, events: &[HandEvent]) -> Result<Hand, TableError> {
    setup.replay(events)
}

/// The default ledger file: `ledger.sqlite3` in the platform data directory.
pub fn default_path() -> Result<PathBuf, LedgerError> {
    directories::ProjectDirs::from("", "", "pairs-table")
        .map(|dirs| dirs.data_dir().join("ledger.sqlite3"))
        .ok_or(LedgerError::NoDataDirectory)
}

fn timestamp(time: DateTime<Utc>) -> String {
    time.to_rfc3339_opts(SecondsFormat::Micros, true)
}

/// Reads a time stored by [`timestamp`] back from row `seq` of `table`; a
/// time that is not RFC 3339 is a bad row.
fn row_time(table: &'static str, seq: i64, text: &str) -> Result<DateTime<Utc>, LedgerError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| LedgerError::BadRow {
            table,
            seq,
            problem: format!("the time {text:?} is not RFC 3339: {e}"),
        })
}

/// The last row of the chain, read inside the writing transaction.
fn head_of(conn: &Connection) -> Result<ChainHead, LedgerError> {
    let mut head = ChainHead {
        rows: 0,
        hash: chain::GENESIS,
    };
    for spec in chain::CHAINED {
        let sql = format!(
            "SELECT seq, hash FROM {} ORDER BY seq DESC LIMIT 1",
            spec.name
        );
        let last: Option<(i64, Vec<u8>)> = conn
            .prepare_cached(&sql)?
            .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        if let Some((seq, hash)) = last.filter(|(seq, _)| *seq > head.rows) {
            head.rows = seq;
            head.hash = hash.try_into().map_err(|_| LedgerError::BadRow {
                table: spec.name,
                seq,
                problem: "the hash is not 32 bytes".into(),
            })?;
        }
    }
    Ok(head)
}

/// The station's key and how often hand commits are signed: what a
/// writing ledger signs its checkpoints with.
struct Signer {
    keys: StationKeys,
    every_hands: u32,
}

/// The first schema version whose ledgers are signed from their first row.
const FIRST_SIGNED_VERSION: i64 = 6;

/// How many hands may be committed between checkpoints unless the house
/// sets otherwise ([`Ledger::set_checkpoint_every`]).
pub const DEFAULT_CHECKPOINT_EVERY_HANDS: u32 = 100;

/// Appends rows to the chain inside one transaction, which ends signed
/// (a checkpoint row) unless it is a hand commit within the house's
/// cadence.
struct Appender<'t> {
    tx: Transaction<'t>,
    head: ChainHead,
    linker: Linker,
    signer: &'t Signer,
    ledger: &'t str,
    at: String,
    first_table: Option<&'static str>,
}

impl<'t> Appender<'t> {
    /// Appends one row; returns its seq.
    fn append(&mut self, spec: &'static TableSpec, values: &[Value]) -> Result<i64, LedgerError> {
        let seq = self.head.rows + 1;
        let hash = self.linker.link(
            &self.head.hash,
            seq,
            spec,
            values.iter().map(ValueRef::from),
        );
        let placeholders: String = (3..=spec.columns.len() + 2)
            .map(|i| format!(", ?{i}"))
            .collect();
        let sql = format!(
            "INSERT INTO {} (seq, hash, {}) VALUES (?1, ?2{placeholders})",
            spec.name,
            spec.columns.join(", ")
        );
        let mut statement = self.tx.prepare_cached(&sql)?;
        statement.raw_bind_parameter(1, seq)?;
        statement.raw_bind_parameter(2, &hash[..])?;
        for (i, value) in values.iter().enumerate() {
            statement.raw_bind_parameter(i + 3, value)?;
        }
        statement.raw_execute()?;
        self.head = ChainHead { rows: seq, hash };
        self.first_table.get_or_insert(spec.name);
        Ok(seq)
    }

    /// Signs the head: enrols the station's key first if the ledger's
    /// latest enrolment is another key or cadence, then appends the
    /// checkpoint.
    fn sign(&mut self, reason: &str) -> Result<(), LedgerError> {
        let public_key = self.signer.keys.public_key();
        let every_hands = i64::from(self.signer.every_hands);
        let enrolled: Option<(Vec<u8>, i64)> = self
            .tx
            .query_row(
                "SELECT public_key, every_hands FROM station_keys ORDER BY seq DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        if enrolled != Some((public_key.to_vec(), every_hands)) {
            let row = [
                Value::Blob(public_key.to_vec()),
                Value::Integer(every_hands),
                Value::Text(self.at.clone()),
            ];
            self.append(&STATION_KEYS, &row)?;
        }
        let signature =
            self.signer
                .keys
                .sign_checkpoint(self.head.rows, &self.head.hash, reason, &self.at);
        let row = [
            Value::Text(reason.into()),
            Value::Integer(self.head.rows),
            Value::Blob(self.head.hash.to_vec()),
            Value::Blob(public_key.to_vec()),
            Value::Blob(signature.to_vec()),
            Value::Text(self.at.clone()),
        ];
        self.append(&CHECKPOINTS, &row).map(drop)
    }

    /// Signs what was appended (named by the first table it wrote) and
    /// commits.
    fn commit(mut self) -> Result<(), LedgerError> {
        if let Some(first) = self.first_table {
            self.sign(first)?;
        }
        self.finish()
    }

    /// Commits, then records the new head beside the station's key. A
    /// record that cannot be written leaves the previous one, which is
    /// still on the chain: the check it feeds is only weaker until the
    /// next write.
    fn finish(self) -> Result<(), LedgerError> {
        self.tx.commit()?;
        let _ = self.signer.keys.record_written(
            Path::new(self.ledger),
            self.head.rows,
            &self.head.hash,
        );
        Ok(())
    }

    /// Commits a hand: signed if the house's number of hands has been
    /// committed since the last checkpoint.
    fn commit_hand(mut self) -> Result<(), LedgerError> {
        let unsigned: i64 = self.tx.query_row(
            "SELECT COUNT(*) FROM hands WHERE seq > (SELECT COALESCE(MAX(seq), 0) FROM checkpoints)",
            [],
            |r| r.get(0),
        )?;
        if unsigned >= i64::from(self.signer.every_hands) {
            self.sign("hands")?;
        }
        self.finish()
    }
}

/// An open ledger file: for writing (with the station's keys, holding the
/// one-writer lock) or read-only.
pub struct Ledger {
    conn: Connection,
    clock: Box<dyn Clock>,
    station: String,
    signer: Option<Signer>,
    path: String,
    warning: Option<String>,
    _lock: Option<file::FileLock>,
}

impl std::fmt::Debug for Ledger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ledger").finish_non_exhaustive()
    }
}

impl Ledger {
    /// Opens the ledger at `path` for writing, creating it (0600, in a
    /// 0700 directory if new) where there is no file, upgrading an older
    /// schema; every transaction is signed with `keys` (docs/ledger.md,
    /// "Signed checkpoints"). Refuses a file that is not an intact
    /// pairs-table ledger, a newer schema, and a ledger another writer
    /// holds. WAL, foreign keys, synchronous=FULL.
    pub fn open(
        path: &Path,
        clock: Box<dyn Clock>,
        keys: StationKeys,
    ) -> Result<Ledger, LedgerError> {
        Ledger::open_writing(path, clock, keys).map_err(|error| match error {
            LedgerError::Sqlite(e)
                if e.sqlite_error_code() == Some(rusqlite::ErrorCode::ReadOnly) =>
            {
                LedgerError::NotWritable(path.display().to_string())
            }
            error => error,
        })
    }

    fn open_writing(
        path: &Path,
        clock: Box<dyn Clock>,
        keys: StationKeys,
    ) -> Result<Ledger, LedgerError> {
        let display = path.display().to_string();
        let found = file::inspect(path)?;
        if let file::Found::Nothing = found {
            file::create_private(path)?;
        }
        let lock = file::FileLock::take(
            path,
            &format!(
                "pairs-table process {}, since {}",
                std::process::id(),
                timestamp(clock.now())
            ),
        )?;
        let warning = match found {
            file::Found::Nothing => None,
            file::Found::Ledger => file::loose_modes(path),
        };
        let mut conn = Connection::open(path)
            .map_err(|e| LedgerError::Unreadable(display.clone(), e.to_string()))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        // Foreign keys are off while migrating (a migration may rebuild a
        // table) and checked before the upgrade commits.
        conn.pragma_update(None, "foreign_keys", "OFF")?;
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        // `file::inspect` found an intact ledger (or no file, now a new one)
        // before the lock was taken; only its version is read again here,
        // in case a newer build wrote it meanwhile.
        let found: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if found > SCHEMA_VERSION {
            return Err(LedgerError::NewerSchema {
                path: display,
                found,
                supported: SCHEMA_VERSION,
            });
        }
        for (version, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", version as i64 + 1)?;
        }
        let broken: i64 =
            tx.query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| {
                r.get(0)
            })?;
        if broken > 0 {
            return Err(LedgerError::BrokenReferences(broken));
        }
        tx.commit()?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut ledger = Ledger {
            conn,
            clock,
            station: "this station".into(),
            signer: Some(Signer {
                keys,
                every_hands: DEFAULT_CHECKPOINT_EVERY_HANDS,
            }),
            path: display,
            warning,
            _lock: Some(lock),
        };
        ledger.check_written_head()?;
        ledger.enrol_here(found)?;
        Ok(ledger)
    }

    /// The last head this station recorded writing here, if it has a record
    /// of this ledger.
    fn written_head(&self) -> Result<Option<ChainHead>, LedgerError> {
        let Some(signer) = &self.signer else {
            return Ok(None);
        };
        Ok(signer
            .keys
            .last_written(Path::new(&self.path))?
            .map(|w| ChainHead {
                rows: w.rows,
                hash: w.head,
            }))
    }

    /// Refuses a ledger that does not pass through the last head this
    /// station wrote to it: cut back or rewritten behind its back.
    fn check_written_head(&self) -> Result<(), LedgerError> {
        let Some(written) = self.written_head()? else {
            return Ok(());
        };
        let found = self.hash_at(written.rows)?;
        if found != Some(written.hash) {
            return Err(LedgerError::NotWhatWasWritten {
                path: self.path.clone(),
                rows: written.rows,
                head: written.hash_hex(),
            });
        }
        Ok(())
    }

    /// The stored hash of row `seq`, if the chain has it.
    fn hash_at(&self, seq: i64) -> Result<Option<[u8; 32]>, LedgerError> {
        let sql = chain::hash_at_sql(chain::CHAINED);
        let hash: Option<Vec<u8>> = self.conn.query_row(&sql, [seq], |r| r.get(0)).optional()?;
        Ok(hash.and_then(|h| h.try_into().ok()))
    }

    /// Refuses a ledger signed by another station's key, and one with rows
    /// that no key ever signed though it was made at a signing version (its
    /// history was written by something other than this program); signs a
    /// ledger no key has signed yet (new, or upgraded from before
    /// checkpoints, `version_found` < 6), so every ledger this program
    /// writes is signed from its first open.
    fn enrol_here(&mut self, version_found: i64) -> Result<(), LedgerError> {
        let enrolled: Option<Vec<u8>> = self
            .conn
            .query_row(
                "SELECT public_key FROM station_keys ORDER BY seq DESC LIMIT 1",
                [],
                |r| r.get(0),
            )
            .optional()?;
        let Some(ours) = self.signer.as_ref().map(|s| s.keys.public_key()) else {
            return Ok(());
        };
        match enrolled {
            Some(key) if key == ours => Ok(()),
            Some(key) => Err(LedgerError::OtherStationsLedger {
                path: self.path.clone(),
                theirs: key
                    .as_slice()
                    .try_into()
                    .map(|k| crate::keys::fingerprint(&k))
                    .unwrap_or_else(|_| "malformed".into()),
                ours: crate::keys::fingerprint(&ours),
            }),
            None if version_found >= FIRST_SIGNED_VERSION && self.head()?.rows > 0 => {
                Err(LedgerError::NeverSigned(self.path.clone()))
            }
            None => {
                let mut appender = self.appender()?;
                appender.sign("open")?;
                appender.finish()
            }
        }
    }

    /// Opens an existing ledger for writing like [`Ledger::open`], but
    /// refuses where there is no file, so nothing is created where no
    /// ledger was.
    pub fn open_existing(
        path: &Path,
        clock: Box<dyn Clock>,
        keys: StationKeys,
    ) -> Result<Ledger, LedgerError> {
        if !path.exists() {
            return Err(LedgerError::NotFound(path.display().to_string()));
        }
        Ledger::open(path, clock, keys)
    }

    /// Opens an intact pairs-table ledger of this build's schema version
    /// read-only: nothing is migrated, created or left behind, and it
    /// works on read-only media (`immutable`, or a directory that cannot
    /// be written, opens the file as unchanging evidence).
    pub fn open_read_only(
        path: &Path,
        clock: Box<dyn Clock>,
        immutable: bool,
    ) -> Result<Ledger, LedgerError> {
        let display = path.display().to_string();
        let file::ReadOnly { conn, lock } = file::open_read_only(path, immutable)?;
        let version = file::check_identity(&conn, &display)?;
        if version != SCHEMA_VERSION {
            return Err(LedgerError::OlderSchema {
                path: display,
                found: version,
            });
        }
        Ok(Ledger {
            conn,
            clock,
            station: "this station".into(),
            signer: None,
            path: display,
            warning: None,
            _lock: lock,
        })
    }

    /// Sets how many hands may be committed between checkpoints (a house
    /// setting; at least 1). Recorded with the station's key when it next
    /// signs.
    pub fn set_checkpoint_every(&mut self, hands: u32) {
        if let Some(signer) = &mut self.signer {
            signer.every_hands = hands.max(1);
        }
    }

    /// A warning about the ledger file found when it was opened (other
    /// users may read it), for the pit screen and the command line.
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// The fingerprint of the key this ledger is signed with here (None
    /// when read-only).
    pub fn key_fingerprint(&self) -> Option<String> {
        self.signer.as_ref().map(|s| s.keys.fingerprint())
    }

    /// What a chain check of this ledger holds it to: signed by this
    /// station's key.
    pub fn verify_options(&self) -> VerifyOptions {
        VerifyOptions {
            station_key: self
                .signer
                .as_ref()
                .map(|s| verify::KeyPin::Key(s.keys.public_key())),
            expect: self.written_head().ok().flatten().into_iter().collect(),
            ..VerifyOptions::default()
        }
    }

    /// Whether any staff member has a PIN (a live table's ledger).
    pub fn holds_pins(&self) -> Result<bool, LedgerError> {
        Ok(self
            .conn
            .query_row("SELECT EXISTS (SELECT 1 FROM pins)", [], |r| r.get(0))?)
    }

    /// The PIN pepper of this station's keys (None when read-only).
    pub(super) fn pepper(&self) -> Option<&[u8; 32]> {
        self.signer.as_ref().map(|s| s.keys.pepper())
    }

    /// A transaction that appends to the chain and ends signed.
    fn appender(&mut self) -> Result<Appender<'_>, LedgerError> {
        let at = timestamp(self.clock.now());
        let signer = self
            .signer
            .as_ref()
            .ok_or_else(|| LedgerError::ReadOnly(self.path.clone()))?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let head = head_of(&tx)?;
        Ok(Appender {
            tx,
            head,
            linker: Linker::default(),
            signer,
            ledger: &self.path,
            at,
            first_table: None,
        })
    }

    fn now(&self) -> String {
        timestamp(self.clock.now())
    }

    /// The time now by the ledger's clock (the station's idle timeout uses it).
    pub fn clock_now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    fn append_one(
        &mut self,
        spec: &'static TableSpec,
        values: &[Value],
    ) -> Result<i64, LedgerError> {
        let mut appender = self.appender()?;
        let seq = appender.append(spec, values)?;
        appender.commit()?;
        Ok(seq)
    }

    /// Appends `rows` in order in one transaction; returns their seqs.
    fn append_rows(
        &mut self,
        rows: &[(&'static TableSpec, Vec<Value>)],
    ) -> Result<Vec<i64>, LedgerError> {
        let mut appender = self.appender()?;
        let seqs = rows
            .iter()
            .map(|(spec, values)| appender.append(spec, values))
            .collect::<Result<_, _>>()?;
        appender.commit()?;
        Ok(seqs)
    }

    /// The ledger file's path.
    pub fn path(&self) -> &Path {
        Path::new(&self.path)
    }

    /// Names the station this ledger is used at (e.g. `table 3`), recorded
    /// with every sign-in, sign-out and wrong PIN.
    pub fn set_station(&mut self, station: &str) {
        station.clone_into(&mut self.station);
    }

    fn next_id(&self, spec: &TableSpec) -> Result<i64, LedgerError> {
        let sql = format!("SELECT COALESCE(MAX(id), 0) + 1 FROM {}", spec.name);
        Ok(self.conn.query_row(&sql, [], |r| r.get(0))?)
    }

    /// The chain's head: row count and last hash.
    pub fn head(&self) -> Result<ChainHead, LedgerError> {
        head_of(&self.conn)
    }

    /// The table named `name`, recorded now if new; returns its id.
    pub fn table(&mut self, name: &str, game: GameKind) -> Result<i64, LedgerError> {
        let name = crate::access::check_name(name)?;
        let found: Option<i64> = self
            .conn
            .query_row(
                "SELECT id FROM tables WHERE name = ?1 AND game = ?2",
                params![name, game.as_str()],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = found {
            return Ok(id);
        }
        let id = self.next_id(&TABLES)?;
        let row = [
            Value::Integer(id),
            Value::Text(name.into()),
            Value::Text(game.as_str().into()),
            Value::Text(self.now()),
        ];
        self.append_one(&TABLES, &row)?;
        Ok(id)
    }

    /// Records a table setting (a later row for the same key supersedes it).
    pub fn set_table_setting(
        &mut self,
        table: i64,
        key: &str,
        value: &str,
    ) -> Result<(), LedgerError> {
        let row = [
            Value::Integer(table),
            Value::Text(key.into()),
            Value::Text(value.into()),
            Value::Text(self.now()),
        ];
        self.append_one(&chain::TABLE_SETTINGS, &row).map(drop)
    }

    /// Records a version of the house rules, unless already recorded.
    pub fn record_rules(&mut self, rules: &HouseRules) -> Result<(), LedgerError> {
        let hash = rules.hash_hex();
        let known: Option<i64> = self
            .conn
            .query_row(
                "SELECT seq FROM rules WHERE rules_hash = ?1",
                [&hash],
                |r| r.get(0),
            )
            .optional()?;
        if known.is_none() {
            let row = [
                Value::Text(hash),
                Value::Text(rules.to_toml()),
                Value::Text(self.now()),
            ];
            self.append_one(&RULES, &row)?;
        }
        Ok(())
    }

    /// Records a staff member under `id`, unless already recorded.
    pub fn staff(&mut self, id: u32, name: &str, role: Role) -> Result<(), LedgerError> {
        let known: Option<i64> = self
            .conn
            .query_row("SELECT seq FROM staff WHERE id = ?1", [id], |r| r.get(0))
            .optional()?;
        if known.is_none() {
            let row = [
                Value::Integer(i64::from(id)),
                Value::Text(name.into()),
                Value::Text(role.as_str().into()),
                Value::Text(self.now()),
            ];
            self.append_one(&STAFF, &row)?;
        }
        Ok(())
    }

    /// Opens a shift at `table` by staff member `by`; returns its id.
    pub fn open_shift(&mut self, table: i64, by: u32) -> Result<i64, LedgerError> {
        let id = self.next_id(&SHIFTS)?;
        let row = [
            Value::Integer(id),
            Value::Integer(table),
            Value::Integer(i64::from(by)),
            Value::Text(self.now()),
        ];
        self.append_one(&SHIFTS, &row)?;
        Ok(id)
    }

    /// Closes shift `shift` by staff member `by`.
    pub fn close_shift(&mut self, shift: i64, by: u32) -> Result<(), LedgerError> {
        let row = [
            Value::Integer(shift),
            Value::Integer(i64::from(by)),
            Value::Text(self.now()),
        ];
        self.append_one(&SHIFT_CLOSES, &row).map(drop)
    }

    /// Records a new shoe of `decks` at `table` (a card-reading shoe gives
    /// its id; the software shoe none); returns its id.
    pub fn open_shoe(
        &mut self,
        table: i64,
        decks: u8,
        scanner_shoe_id: Option<&str>,
    ) -> Result<i64, LedgerError> {
        let id = self.next_id(&SHOES)?;
        let row = [
            Value::Integer(id),
            Value::Integer(table),
            Value::Integer(i64::from(decks)),
            scanner_shoe_id.map_or(Value::Null, |s| Value::Text(s.into())),
            Value::Text(self.now()),
        ];
        self.append_one(&SHOES, &row)?;
        Ok(id)
    }

    /// Where `table` stands after its last recorded hand (its button and
    /// carry), and the ledger's last hand number.
    pub fn table_position(&self, table: i64) -> Result<TablePosition, LedgerError> {
        let hands_started: i64 =
            self.conn
                .query_row("SELECT COALESCE(MAX(id), 0) FROM hands", [], |r| r.get(0))?;
        let last: Option<(i64, Option<i64>)> = self
            .conn
            .query_row(
                "SELECT id, button FROM hands WHERE table_id = ?1 AND status = 'complete' ORDER BY seq DESC LIMIT 1",
                [table],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((hand, button)) = last else {
            return Ok(TablePosition {
                hands_started: hands_started as u64,
                ..TablePosition::default()
            });
        };
        let carry: i64 = self.conn.query_row(
            "SELECT COALESCE(SUM(amount), 0) FROM transfers WHERE hand_id = ?1 AND kind = 'carry_out' AND reverses IS NULL",
            [hand],
            |r| r.get(0),
        )?;
        Ok(TablePosition {
            hands_started: hands_started as u64,
            last_button: button.and_then(|b| u8::try_from(b).ok()),
            carry: carry as u64,
        })
    }

    /// Journals the start of a hand: its context and setup.
    pub fn begin_hand(
        &mut self,
        context: HandContext,
        setup: &HandSetup,
    ) -> Result<(), LedgerError> {
        self.record_rules(&setup.rules)?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let journaled: Option<i64> = tx
            .query_row("SELECT hand_id FROM journal_hand", [], |r| r.get(0))
            .optional()?;
        if let Some(hand) = journaled {
            return Err(LedgerError::HandInProgress(hand));
        }
        let id = setup.number as i64;
        let exists: Option<i64> = tx
            .query_row("SELECT seq FROM hands WHERE id = ?1", [id], |r| r.get(0))
            .optional()?;
        if exists.is_some() {
            return Err(LedgerError::HandExists(id));
        }
        let mut values = vec![
            Value::Integer(id),
            Value::Integer(context.table),
            Value::Integer(context.shift),
            Value::Integer(i64::from(context.dealer)),
            Value::Integer(context.shoe),
        ];
        values.extend(rows::setup_values(setup, setup.button));
        values.push(Value::Text(timestamp(self.clock.now())));
        tx.execute(
            "INSERT INTO journal_hand (id, hand_id, table_id, shift_id, dealer_id, shoe_id, game, decks, rules_hash, seats, previous_button, button, carry_in, started_at) \
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            rusqlite::params_from_iter(values.iter()),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Journals steps `first..` of the hand in progress, durably, in one transaction.
    pub fn journal(&mut self, first: usize, events: &[HandEvent]) -> Result<(), LedgerError> {
        let at = self.now();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        journal_in(&tx, first, events, &at)?;
        tx.commit()?;
        Ok(())
    }

    /// The hand in progress, if one was journaled and not committed.
    pub fn recover_in_progress(&self) -> Result<Option<InProgress>, LedgerError> {
        let row: Option<Vec<Value>> = self
            .conn
            .query_row(
                "SELECT hand_id, table_id, shift_id, dealer_id, shoe_id, game, decks, rules_hash, seats, previous_button, button, carry_in FROM journal_hand",
                [],
                |r| (0..12).map(|i| r.get::<_, Value>(i)).collect(),
            )
            .optional()?;
        let Some(values) = row else {
            return Ok(None);
        };
        let bad = LedgerError::bad_row("journal_hand", 1);
        let int = |i| rows::int(&values, i).map_err(&bad);
        let hand_id = int(0)?;
        let context = HandContext {
            table: int(1)?,
            shift: int(2)?,
            dealer: int(3)? as u32,
            shoe: int(4)?,
        };
        let rules = self.rules(rows::text(&values, 7).map_err(&bad)?)?;
        let setup = rows::values_setup(&values, 5, hand_id, rules).map_err(&bad)?;
        let events = journal_steps(&self.conn)?
            .into_iter()
            .map(|(_, spec, values)| {
                rows::row_event(spec, &values)
                    .map(|(_, _, event)| event)
                    .map_err(LedgerError::bad_row("journal_steps", 0))
            })
            .collect::<Result<_, _>>()?;
        Ok(Some(InProgress {
            context,
            setup,
            events,
        }))
    }

    /// How many shuffles (software or physical shoe) the committed hands
    /// of `shift` hold.
    pub fn shuffles_in_shift(&self, shift: i64) -> Result<u32, LedgerError> {
        let count: i64 = self.conn.query_row(
            "SELECT (SELECT COUNT(*) FROM shuffles s JOIN hands h ON h.id = s.hand_id WHERE h.shift_id = ?1) \
                  + (SELECT COUNT(*) FROM external_shuffles s JOIN hands h ON h.id = s.hand_id WHERE h.shift_id = ?1)",
            [shift],
            |r| r.get(0),
        )?;
        Ok(count as u32)
    }

    /// The house rules recorded under `hash`.
    pub fn rules(&self, hash: &str) -> Result<HouseRules, LedgerError> {
        let toml: Option<String> = self
            .conn
            .query_row(
                "SELECT toml FROM rules WHERE rules_hash = ?1",
                [hash],
                |r| r.get(0),
            )
            .optional()?;
        let toml = toml.ok_or_else(|| LedgerError::UnknownRules(hash.to_owned()))?;
        Ok(HouseRules::from_toml(&toml)?)
    }

    /// Commits the finished hand in progress to the ledger in one
    /// transaction (steps not yet journaled are journaled first) and
    /// empties the journal; returns the hand id.
    pub fn commit_hand(&mut self, finished: &FinishedHand) -> Result<i64, LedgerError> {
        let at = self.now();
        let id = finished.setup.number as i64;
        let button = match &finished.hand {
            Hand::Rocket(h) => h.starter().or(finished.setup.previous_button),
            Hand::Starboard(_) => finished.setup.button,
        };
        self.commit_with(
            id,
            "complete",
            button,
            &finished.events,
            &finished.transfers,
            &at,
            |_| Ok(()),
        )?;
        Ok(id)
    }

    /// Ends the journaled hand as unplayable: it is committed as voided with
    /// the steps it had, no transfers (every wager stands returned), and
    /// `reason` approved by pit boss `approver`. Returns its id, or None if
    /// no hand was in progress.
    pub fn abandon_in_progress(
        &mut self,
        reason: &str,
        approver: u32,
    ) -> Result<Option<i64>, LedgerError> {
        let Some(progress) = self.recover_in_progress()? else {
            return Ok(None);
        };
        let id = progress.setup.number as i64;
        self.check_approver(approver, progress.context.dealer, id)?;
        let at = self.now();
        let void = [
            Value::Integer(id),
            Value::Text(reason.into()),
            Value::Integer(i64::from(approver)),
            Value::Text(at.clone()),
        ];
        self.commit_with(
            id,
            "voided",
            progress.setup.button,
            &[],
            &[],
            &at,
            |appender| appender.append(&VOIDS, &void).map(drop),
        )?;
        Ok(Some(id))
    }

    #[allow(clippy::too_many_arguments)]
    fn commit_with(
        &mut self,
        id: i64,
        status: &str,
        button: Option<u8>,
        events: &[HandEvent],
        transfers: &[Transfer],
        at: &str,
        finally: impl FnOnce(&mut Appender<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        let mut appender = self.appender()?;
        let journal: Option<Vec<Value>> = appender
            .tx
            .query_row(
                "SELECT hand_id, table_id, shift_id, dealer_id, shoe_id, game, decks, rules_hash, seats, previous_button, button, carry_in, started_at FROM journal_hand",
                [],
                |r| (0..13).map(|i| r.get::<_, Value>(i)).collect(),
            )
            .optional()?;
        let mut row = journal.ok_or(LedgerError::NoHandInProgress)?;
        let journaled = rows::int(&row, 0).map_err(LedgerError::bad_row("journal_hand", 1))?;
        if journaled != id {
            return Err(LedgerError::NotTheJournaledHand {
                committed: id,
                journaled,
            });
        }
        row[10] = button.map_or(Value::Null, |b| Value::Integer(i64::from(b)));
        row.insert(12, Value::Text(status.into()));
        row.push(Value::Text(at.into()));
        let steps = journal_steps(&appender.tx)?.len();
        if events.len() > steps {
            journal_in(&appender.tx, steps, &events[steps..], at)?;
        }
        appender.append(&HANDS, &row)?;
        let journaled = journal_steps(&appender.tx)?;
        // What is committed is what was played: a journal changed behind
        // the program's back (a step altered, added or removed) is refused.
        if !events.is_empty() {
            let matches = journaled.len() == events.len()
                && journaled
                    .iter()
                    .zip(events)
                    .all(|((_, spec, values), event)| {
                        rows::row_event(spec, values)
                            .is_ok_and(|(hand, _, e)| hand == id && e == *event)
                    });
            if !matches {
                return Err(LedgerError::JournalAltered(id));
            }
        }
        for (_, spec, values) in journaled {
            appender.append(spec, &values)?;
        }
        for (line, transfer) in transfers.iter().enumerate() {
            appender.append(
                &TRANSFERS,
                &rows::transfer_row(id, line as i64 + 1, transfer, None),
            )?;
        }
        finally(&mut appender)?;
        appender.tx.execute("DELETE FROM journal_steps", [])?;
        appender.tx.execute("DELETE FROM journal_hand", [])?;
        // A complete hand is signed at the house's cadence; a hand voided
        // as abandoned is a void, signed at once like every other record.
        if status == "complete" {
            appender.commit_hand()
        } else {
            appender.commit()
        }
    }

    fn check_approver(&self, approver: u32, dealer: u32, hand: i64) -> Result<(), LedgerError> {
        let role: Option<String> = self
            .conn
            .query_row("SELECT role FROM staff WHERE id = ?1", [approver], |r| {
                r.get(0)
            })
            .optional()?;
        if role.as_deref() != Some(Role::PitBoss.as_str()) {
            return Err(LedgerError::NotAPitBoss(approver));
        }
        if approver == dealer {
            return Err(LedgerError::ApproverDealt(approver, hand));
        }
        Ok(())
    }

    /// The dealer of committed hand `hand`.
    fn dealer_of(&self, hand: i64) -> Result<u32, LedgerError> {
        let dealer: Option<u32> = self
            .conn
            .query_row("SELECT dealer_id FROM hands WHERE id = ?1", [hand], |r| {
                r.get(0)
            })
            .optional()?;
        dealer.ok_or(LedgerError::NoSuchHand(hand))
    }

    /// Voids a committed hand, its approval already checked: `before` rows
    /// (the approval), a void row with `reason` and `approver`, and one
    /// reversing transfer per original, referencing it, in one transaction.
    fn void_with(
        &mut self,
        hand: i64,
        reason: &str,
        approver: u32,
        before: &[(&'static TableSpec, Vec<Value>)],
    ) -> Result<(), LedgerError> {
        let at = self.now();
        let mut appender = self.appender()?;
        let voided: Option<i64> = appender
            .tx
            .query_row("SELECT seq FROM voids WHERE hand_id = ?1", [hand], |r| {
                r.get(0)
            })
            .optional()?;
        let status: String =
            appender
                .tx
                .query_row("SELECT status FROM hands WHERE id = ?1", [hand], |r| {
                    r.get(0)
                })?;
        if voided.is_some() || status == "voided" {
            return Err(LedgerError::AlreadyVoided(hand));
        }
        let originals = transfers_of(&appender.tx, hand)?;
        for (spec, values) in before {
            appender.append(spec, values)?;
        }
        appender.append(
            &VOIDS,
            &[
                Value::Integer(hand),
                Value::Text(reason.into()),
                Value::Integer(i64::from(approver)),
                Value::Text(at),
            ],
        )?;
        for (line, (seq, t, _)) in originals.iter().enumerate() {
            let reversal = Transfer {
                from: t.to,
                to: t.from,
                ..*t
            };
            let row = rows::transfer_row(
                hand,
                (originals.len() + line) as i64 + 1,
                &reversal,
                Some(*seq),
            );
            appender.append(&TRANSFERS, &row)?;
        }
        appender.commit()
    }

    /// The last `n` hands, oldest first, with wagers, transfers and status.
    pub fn last_hands(&self, n: u32) -> Result<Vec<HandRecord>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT id, game, seats, (SELECT status FROM hand_status WHERE hand_id = hands.id), started_at, ended_at \
             FROM hands ORDER BY seq DESC LIMIT ?1",
        )?;
        let rows: Vec<Vec<Value>> = statement
            .query_map([n], |r| (0..6).map(|i| r.get::<_, Value>(i)).collect())?
            .collect::<Result<_, _>>()?;
        let mut records = rows
            .into_iter()
            .map(|values| {
                let id = rows::int(&values, 0).map_err(LedgerError::bad_row("hands", 0))?;
                let bad = LedgerError::bad_row("hands", id);
                Ok(HandRecord {
                    id,
                    game: rows::game(rows::text(&values, 1).map_err(&bad)?).map_err(&bad)?,
                    seats: rows::parse_seats(rows::text(&values, 2).map_err(&bad)?)
                        .map_err(&bad)?,
                    status: rows::text(&values, 3).map_err(&bad)?.to_owned(),
                    started_at: rows::text(&values, 4).map_err(&bad)?.to_owned(),
                    ended_at: rows::text(&values, 5).map_err(&bad)?.to_owned(),
                    transfers: transfers_of(&self.conn, id)?
                        .into_iter()
                        .map(|(_, t, _)| t)
                        .collect(),
                })
            })
            .collect::<Result<Vec<_>, LedgerError>>()?;
        records.reverse();
        Ok(records)
    }

    /// A recorded hand as it finished: setup, steps, final state, transfers
    /// (reversals left out).
    pub fn load_hand(&self, hand: i64) -> Result<FinishedHand, LedgerError> {
        let values: Option<Vec<Value>> = self
            .conn
            .query_row(
                "SELECT id, game, decks, rules_hash, seats, previous_button, button, carry_in FROM hands WHERE id = ?1",
                [hand],
                |r| (0..8).map(|i| r.get::<_, Value>(i)).collect(),
            )
            .optional()?;
        let values = values.ok_or(LedgerError::NoSuchHand(hand))?;
        let bad = LedgerError::bad_row("hands", hand);
        let rules = self.rules(rows::text(&values, 3).map_err(&bad)?)?;
        let setup = rows::values_setup(&values, 1, hand, rules).map_err(&bad)?;
        let mut steps = Vec::new();
        for spec in [
            &chain::SHUFFLES,
            &chain::REVEALS,
            &chain::EXTERNAL_SHUFFLES,
            &chain::CARDS,
            &chain::DECISIONS,
        ] {
            let found = hand_rows(&self.conn, spec, hand)?;
            for (seq, values) in found {
                let (_, step, event) =
                    rows::row_event(spec, &values).map_err(LedgerError::bad_row(spec.name, seq))?;
                steps.push((step, event));
            }
        }
        steps.sort_by_key(|(step, _)| *step);
        let events: Vec<HandEvent> = steps.into_iter().map(|(_, e)| e).collect();
        let finished_hand = rebuild(&setup, &events)?;
        let transfers = transfers_of(&self.conn, hand)?
            .into_iter()
            .filter(|(_, _, reverses)| reverses.is_none())
            .map(|(_, t, _)| t)
            .collect();
        Ok(FinishedHand {
            setup,
            events,
            hand: finished_hand,
            transfers,
        })
    }
}

/// The rows of `spec`'s table that belong to `hand`, in chain order: (seq, values).
fn hand_rows(
    conn: &Connection,
    spec: &chain::TableSpec,
    hand: i64,
) -> Result<Vec<(i64, Vec<Value>)>, LedgerError> {
    let sql = format!(
        "SELECT seq, {} FROM {} WHERE hand_id = ?1 ORDER BY seq",
        spec.columns.join(", "),
        spec.name
    );
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement
        .query_map([hand], |r| {
            let values = (1..=spec.columns.len())
                .map(|i| r.get::<_, Value>(i))
                .collect::<Result<_, _>>()?;
            Ok((r.get(0)?, values))
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// The transfers of a hand in order: (seq, transfer, seq it reverses).
fn transfers_of(
    conn: &Connection,
    hand: i64,
) -> Result<Vec<(i64, Transfer, Option<i64>)>, LedgerError> {
    let found = hand_rows(conn, &TRANSFERS, hand)?;
    found
        .into_iter()
        .map(|(seq, values)| {
            let (t, reverses) =
                rows::row_transfer(&values).map_err(LedgerError::bad_row("transfers", seq))?;
            Ok((seq, t, reverses))
        })
        .collect()
}

fn journal_in(
    conn: &Connection,
    first: usize,
    events: &[HandEvent],
    at: &str,
) -> Result<(), LedgerError> {
    let hand_id: i64 = conn
        .query_row("SELECT hand_id FROM journal_hand", [], |r| r.get(0))
        .optional()?
        .ok_or(LedgerError::NoHandInProgress)?;
    let mut statement = conn.prepare_cached(
        "INSERT INTO journal_steps (step, ledger_table, body) VALUES (?1, ?2, ?3)",
    )?;
    let mut body = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let step = (first + i) as i64 + 1;
        let (spec, values) = rows::event_row(hand_id, step, event, at);
        body.clear();
        chain::encode_values(&mut body, values.iter().map(ValueRef::from));
        statement.execute(params![step, spec.name, body])?;
    }
    Ok(())
}

/// A journaled step: its number, the ledger table it goes to, its columns.
type JournalStep = (i64, &'static TableSpec, Vec<Value>);

fn journal_steps(conn: &Connection) -> Result<Vec<JournalStep>, LedgerError> {
    let mut statement =
        conn.prepare_cached("SELECT step, ledger_table, body FROM journal_steps ORDER BY step")?;
    let found: Vec<(i64, String, Vec<u8>)> = statement
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    found
        .into_iter()
        .map(|(step, table, body)| {
            let bad = |problem: &str| LedgerError::BadRow {
                table: "journal_steps",
                seq: step,
                problem: problem.to_owned(),
            };
            let spec = chain::spec_named(&table).ok_or_else(|| bad("unknown ledger table"))?;
            let values = chain::decode_values(&body)
                .ok_or_else(|| bad("the body is not a canonical encoding"))?;
            Ok((step, spec, values))
        })
        .collect()
}

/// Journals a table's hand as it is played and commits it when it ends:
/// the one path by which live and simulated hands reach the ledger.
#[derive(Debug)]
pub struct Recorder {
    context: HandContext,
    journaled: Option<usize>,
}

impl Recorder {
    /// A recorder for hands dealt in `context`.
    pub fn new(context: HandContext) -> Recorder {
        Recorder {
            context,
            journaled: None,
        }
    }

    /// A recorder for a hand recovered from the journal, whose first
    /// `journaled` steps are already there (see [`Ledger::recover_in_progress`]).
    pub fn resume(context: HandContext, journaled: usize) -> Recorder {
        Recorder {
            context,
            journaled: Some(journaled),
        }
    }

    /// Journals whatever the table's hand in progress did since the last call.
    pub fn sync(&mut self, ledger: &mut Ledger, table: &Table) -> Result<(), LedgerError> {
        let Some((setup, _)) = table.hand() else {
            return Ok(());
        };
        let done = match self.journaled {
            Some(done) => done,
            None => {
                ledger.begin_hand(self.context, setup)?;
                0
            }
        };
        let events = table.events();
        if events.len() > done {
            ledger.journal(done, &events[done..])?;
        }
        self.journaled = Some(events.len());
        Ok(())
    }

    /// Commits the finished hand; returns its id.
    pub fn commit(
        &mut self,
        ledger: &mut Ledger,
        finished: &FinishedHand,
    ) -> Result<i64, LedgerError> {
        let id = ledger.commit_hand(finished)?;
        self.journaled = None;
        Ok(id)
    }
}
