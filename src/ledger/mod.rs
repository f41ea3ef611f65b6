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
pub mod archive;
mod audit;
mod chain;
mod error;
mod figures;
mod file;
mod hands;
mod ids;
mod inventory;
mod players;
mod protection;
mod replica;
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

use crate::engine::hand::{GameKind, Hand};
use crate::engine::money::Transfer;
use crate::engine::rules::HouseRules;
use crate::engine::table::{FinishedHand, HandEvent, HandSetup, Table, TableError};
use crate::ids::{HandId, ShiftId, StaffId, TableId};
use crate::keys::StationKeys;
use chain::{
    CHECKPOINTS, HANDS, Linker, RULES, SHIFT_CLOSES, SHIFTS, SHOES, STAFF, STATION_KEYS, TABLES,
    TRANSFERS, TableSpec, VOIDS,
};

pub use crate::access::Role;
pub use access::{DENOMINATIONS_KEY, LIMITS_KEY, PinEntry, SOURCE_KEY, Session, StaffMember};
pub use audit::{
    Alarm, AlarmKind, Exception, ExceptionKind, HandFilter, HandOutcome, HandPage, HandSummary,
    TimeRange,
};
pub use chain::GENESIS;
pub use error::{AccessError, LedgerError, ShiftError};
pub use figures::HandEdgeRow;
pub use file::{APPLICATION_ID, check_ledger_file, ledger_files};
pub use hands::HandJournal;
pub use inventory::{
    CountKind, CountState, RECOUNT_SECOND_APPROVAL_ABOVE, Recount, ShiftInventory, Slip, SlipKind,
};
pub use players::{CARD_MAX_CHARS, PlayerError, SeatedPlayer, check_card};
pub use protection::ShiftHand;
pub use replica::{ShippedRow, extend_replica};
pub use ship::{
    ChainReader, ChainRow, SIGNATURE_MISMATCH, ShippedCheckpoint, chain_length, chain_rows_after,
    first_unlinked, link_encoded, shipped_checkpoint, shipped_checkpoint_problem,
    shipped_table_name,
};
pub use startup::{ApprovedProgram, ProgramStart};
pub use station::{FrameJournal, JournaledEntry, OpenShift, ShoeDevice};
pub use verify::{AuditSummary, Discrepancy, KeyPin, VerifyOptions, verify};

/// The schema migrations, in order; migration i brings version i to i + 1.
const MIGRATIONS: [&str; 17] = [
    include_str!("../../schema/0001_initial.sql"),
    include_str!("../../schema/0002_indexes.sql"),
    include_str!("../../schema/0003_access_inventory.sql"),
    include_str!("../../schema/0004_report_prints.sql"),
    include_str!("../../schema/0005_startup_checks.sql"),
    include_str!("../../schema/0006_checkpoints.sql"),
    include_str!("../../schema/0007_card_accounting_shoe_devices.sql"),
    include_str!("../../schema/0008_record_gaps.sql"),
    include_str!("../../schema/0009_count_waivers.sql"),
    include_str!("../../schema/0010_players.sql"),
    include_str!("../../schema/0011_count_corrections.sql"),
    include_str!("../../schema/0012_journal_strays.sql"),
    include_str!("../../schema/0013_shoe_port.sql"),
    include_str!("../../schema/0014_journal_link.sql"),
    include_str!("../../schema/0015_hand_edges.sql"),
    include_str!("../../schema/0016_decision_basis.sql"),
    include_str!("../../schema/0017_journal_entries.sql"),
];

/// The schema version this build writes (and the newest it reads).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The oldest schema version the read-only tools (reports, ratings,
/// exports, archives' checks) read as it was written: version 15 has
/// every table and column they read (version 16 changed what a
/// `hand_edges` row means, which readers tell apart row by row). `audit
/// verify` reads every version; an older file is upgraded by a writer.
pub const OLDEST_READ_AS_WRITTEN: i64 = 15;

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

/// Who and what a hand is dealt by and from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandContext {
    /// The table.
    pub table: TableId,
    /// The shift.
    pub shift: ShiftId,
    /// The dealer's staff id.
    pub dealer: StaffId,
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

/// What [`Ledger::open_table_for_play`] records.
#[derive(Debug, Clone, Copy)]
pub struct TableOpening<'a> {
    /// The table's name.
    pub name: &'a str,
    /// Its game.
    pub game: GameKind,
    /// The house rules in force.
    pub rules: &'a HouseRules,
    /// Table settings (key, value), in order.
    pub settings: &'a [(&'a str, String)],
    /// Decks in the shoe.
    pub decks: u8,
    /// A card-reading shoe's name for the shoe; None for the software shoe.
    pub scanner_shoe: Option<&'a str>,
}

/// The ids a table opened for play got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenedTable {
    /// The table.
    pub table: TableId,
    /// The shift opened.
    pub shift: ShiftId,
    /// Its first shoe.
    pub shoe: i64,
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
    /// When it started, as journaled.
    pub started_at: DateTime<Utc>,
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
    /// The hands the ledger holds of this table (complete or voided): the
    /// dealer numbers the table's hands from 1 on from there.
    pub table_hands: u64,
    /// The last complete hand's button.
    pub last_button: Option<u8>,
    /// Units carried to the next Starboard pot.
    pub carry: u64,
    /// The ledger id of this table's latest hand (complete or voided), the
    /// one the dealer counts as hand `table_hands`.
    pub last_hand: Option<HandId>,
}

/// A recorded hand as recalled: wagers, result and status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRecord {
    /// The hand id.
    pub id: HandId,
    /// The game.
    pub game: GameKind,
    /// (seat, bet) per player.
    pub seats: Vec<(u8, u64)>,
    /// Played to the end, or voided.
    pub status: HandStatus,
    /// When it started.
    pub started_at: DateTime<Utc>,
    /// When it ended.
    pub ended_at: DateTime<Utc>,
    /// The hand's transfers, reversals included.
    pub transfers: Vec<Transfer>,
}

/// How a committed hand stands, as the `hands` table stores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandStatus {
    /// Played to the end and settled.
    Complete,
    /// Abandoned mid-play and committed as voided (a hand voided after it
    /// completed keeps `Complete` here; its void is a row of `voids`).
    Voided,
}

impl HandStatus {
    /// The name stored in the ledger.
    pub const fn as_str(self) -> &'static str {
        match self {
            HandStatus::Complete => "complete",
            HandStatus::Voided => "voided",
        }
    }

    /// The status with this stored name.
    pub fn parse(name: &str) -> Option<HandStatus> {
        [HandStatus::Complete, HandStatus::Voided]
            .into_iter()
            .find(|s| s.as_str() == name)
    }
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

/// The station's key: what a writing ledger signs its checkpoints with.
struct Signer {
    keys: StationKeys,
}

/// The first schema version whose ledgers are signed from their first row.
const FIRST_SIGNED_VERSION: i64 = 6;

/// The cadence this build enrols its key with (`station_keys.every_hands`):
/// every hand commit is signed where it is made, so no hand is ever left
/// unsigned. Ledgers enrolled by earlier builds at another cadence are
/// enrolled again at this one when they are next signed.
pub const SIGNED_EVERY_HANDS: i64 = 1;

/// Appends rows to the chain inside one transaction, which always ends
/// signed (a checkpoint row).
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
        let hash = self.linker.link(&self.head.hash, seq, spec, values);
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
        let every_hands = SIGNED_EVERY_HANDS;
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
    /// The waiting strays were resolved: the next journal write removes
    /// them from `journal_strays` in its own transaction.
    strays_resolved: bool,
    /// PINs set from now on are hashed lightly (a throw-away demo ledger:
    /// [`Ledger::hash_demo_pins_lightly`]).
    light_pins: bool,
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
            signer: Some(Signer { keys }),
            path: display,
            warning,
            strays_resolved: false,
            light_pins: false,
            _lock: Some(lock),
        };
        ledger.check_written_head()?;
        ledger.enrol_here(found)?;
        ledger.check_signed_tail()?;
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

    /// Refuses a ledger whose rows after the last head this station
    /// recorded writing (all its rows, where it has no record) are not
    /// signed by this station's key: since every write ends with a
    /// checkpoint, a ledger this station wrote ends with one, valid for
    /// the chain before it. A row appended without the key (a forged hand
    /// after a crash, whatever was done to the journal) fails here.
    fn check_signed_tail(&self) -> Result<(), LedgerError> {
        let Some(signer) = &self.signer else {
            return Ok(());
        };
        let head = self.head()?;
        let written = self.written_head()?.map_or(0, |w| w.rows);
        if head.rows == 0 || head.rows == written {
            return Ok(());
        }
        // The last row must be a checkpoint that holds for the chain
        // before it, with this station's key: the rule the floor checks
        // shipped checkpoints by.
        let last = ship::rows_in(&self.conn, head.rows - 1, 1)?.pop();
        let before = self.hash_at(head.rows - 1)?.unwrap_or(GENESIS);
        let ours = signer.keys.public_key();
        if last.is_some_and(|row| {
            row.table == CHECKPOINTS.name
                && ship::shipped_checkpoint_problem(&row.values, row.seq - 1, &before, Some(&ours))
                    .is_none()
        }) {
            return Ok(());
        }
        let last_checkpoint: i64 = self.conn.query_row(
            "SELECT COALESCE(MAX(seq), 0) FROM checkpoints WHERE seq < ?1",
            [head.rows],
            |r| r.get(0),
        )?;
        Err(LedgerError::UnsignedTail {
            path: self.path.clone(),
            from: last_checkpoint.max(written) + 1,
        })
    }

    /// Whether this ledger's chain passes through `head` (the same row
    /// `head.rows` with the same hash): the other chain is this one, or an
    /// earlier state of it (a floor replica of this station).
    pub fn passes_through(&self, head: &ChainHead) -> Result<bool, LedgerError> {
        Ok(self.hash_at(head.rows)? == Some(head.hash))
    }

    /// The stored hash of row `seq`, if the chain has it (in the chained
    /// tables the file has: one an older build wrote lacks the later ones).
    fn hash_at(&self, seq: i64) -> Result<Option<[u8; 32]>, LedgerError> {
        let sql = chain::hash_at_sql(chain::present_chained_tables(&self.conn)?);
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

    /// Opens an intact pairs-table ledger of schema version
    /// [`OLDEST_READ_AS_WRITTEN`] to this build's read-only, as it was
    /// written: nothing is migrated, created or left behind, and it works
    /// on read-only media (`immutable`, or a directory that cannot be
    /// written, opens the file as unchanging evidence).
    pub fn open_read_only(
        path: &Path,
        clock: Box<dyn Clock>,
        immutable: bool,
    ) -> Result<Ledger, LedgerError> {
        let (ledger, version) = Ledger::open_as_written(path, clock, immutable)?;
        if version < OLDEST_READ_AS_WRITTEN {
            return Err(LedgerError::OlderSchema {
                path: ledger.path,
                found: version,
            });
        }
        Ok(ledger)
    }

    /// [`Ledger::open_read_only`] for a ledger of any schema version, with
    /// its version: only for reads of what that version has (the chain's
    /// rows and hashes; checkpoints from version 6, players from 10).
    pub(crate) fn open_as_written(
        path: &Path,
        clock: Box<dyn Clock>,
        immutable: bool,
    ) -> Result<(Ledger, i64), LedgerError> {
        let display = path.display().to_string();
        let file::ReadOnly { conn, lock } = file::open_read_only(path, immutable)?;
        let version = file::check_identity(&conn, &display)?;
        let ledger = Ledger {
            conn,
            clock,
            station: "this station".into(),
            signer: None,
            path: display,
            warning: None,
            strays_resolved: false,
            light_pins: false,
            _lock: lock,
        };
        Ok((ledger, version))
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

    /// The station key's signature of a hand in progress's bytes for the
    /// floor (`keys::StationKeys::sign_hand_in_progress`); `None` when
    /// read-only or the bytes are not a hand in progress.
    pub fn sign_hand_in_progress(&self, payload: &[u8]) -> Option<[u8; 64]> {
        self.signer.as_ref()?.keys.sign_hand_in_progress(payload)
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
    pub fn table(&mut self, name: &str, game: GameKind) -> Result<TableId, LedgerError> {
        let (id, row) = self.table_row(name, game)?;
        if let Some(row) = row {
            self.append_rows(&[row])?;
        }
        Ok(TableId(id))
    }

    /// The id of the table named `name`, and its row to append if it is new.
    fn table_row(
        &self,
        name: &str,
        game: GameKind,
    ) -> Result<(i64, Option<access::Row>), LedgerError> {
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
            return Ok((id, None));
        }
        let id = self.next_id(&TABLES)?;
        let row = vec![
            Value::Integer(id),
            Value::Text(name.into()),
            Value::Text(game.as_str().into()),
            Value::Text(self.now()),
        ];
        Ok((id, Some((&TABLES, row))))
    }

    /// Records a table setting (a later row for the same key supersedes it).
    pub fn set_table_setting(
        &mut self,
        table: TableId,
        key: &str,
        value: &str,
    ) -> Result<(), LedgerError> {
        let row = self.setting_row(table, key, value);
        self.append_rows(&[row]).map(drop)
    }

    fn setting_row(&self, table: TableId, key: &str, value: &str) -> access::Row {
        let row = vec![
            Value::Integer(table.0),
            Value::Text(key.into()),
            Value::Text(value.into()),
            Value::Text(self.now()),
        ];
        (&chain::TABLE_SETTINGS, row)
    }

    /// Records a version of the house rules, unless already recorded.
    pub fn record_rules(&mut self, rules: &HouseRules) -> Result<(), LedgerError> {
        if let Some(row) = self.rules_row(rules)? {
            self.append_rows(&[row])?;
        }
        Ok(())
    }

    /// The row recording `rules`, unless they are recorded already.
    fn rules_row(&self, rules: &HouseRules) -> Result<Option<access::Row>, LedgerError> {
        let hash = rules.hash_hex();
        let known: Option<i64> = self
            .conn
            .query_row(
                "SELECT seq FROM rules WHERE rules_hash = ?1",
                [&hash],
                |r| r.get(0),
            )
            .optional()?;
        Ok(known.is_none().then(|| {
            let row = vec![
                Value::Text(hash),
                Value::Text(rules.to_toml()),
                Value::Text(self.now()),
            ];
            (&RULES, row)
        }))
    }

    /// Records a staff member under `id`, unless already recorded.
    pub fn staff(&mut self, id: StaffId, name: &str, role: Role) -> Result<(), LedgerError> {
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
    pub fn open_shift(&mut self, table: TableId, by: StaffId) -> Result<ShiftId, LedgerError> {
        let id = self.next_id(&SHIFTS)?;
        let row = [
            Value::Integer(id),
            Value::Integer(table.0),
            Value::Integer(i64::from(by)),
            Value::Text(self.now()),
        ];
        self.append_one(&SHIFTS, &row)?;
        Ok(ShiftId(id))
    }

    /// Closes shift `shift` by staff member `by`, unseating its table's
    /// rated players.
    pub fn close_shift(&mut self, shift: ShiftId, by: StaffId) -> Result<(), LedgerError> {
        let table = self.open_shift_table(shift)?;
        let mut rows = self.unseat_all_rows(table, by)?;
        rows.push((
            &SHIFT_CLOSES,
            vec![
                Value::Integer(shift.0),
                Value::Integer(i64::from(by)),
                Value::Text(self.now()),
            ],
        ));
        self.append_rows(&rows).map(drop)
    }

    /// Records a new shoe of `decks` at `table` (a card-reading shoe gives
    /// its id; the software shoe none); returns its id.
    pub fn open_shoe(
        &mut self,
        table: TableId,
        decks: u8,
        scanner_shoe_id: Option<&str>,
    ) -> Result<i64, LedgerError> {
        let (id, row) = self.shoe_row(table, decks, scanner_shoe_id)?;
        self.append_rows(&[row])?;
        Ok(id)
    }

    fn shoe_row(
        &self,
        table: TableId,
        decks: u8,
        scanner_shoe_id: Option<&str>,
    ) -> Result<(i64, access::Row), LedgerError> {
        let id = self.next_id(&SHOES)?;
        let row = vec![
            Value::Integer(id),
            Value::Integer(table.0),
            Value::Integer(i64::from(decks)),
            scanner_shoe_id.map_or(Value::Null, |s| Value::Text(s.into())),
            Value::Text(self.now()),
        ];
        Ok((id, (&SHOES, row)))
    }

    /// Opens a table for play in one transaction: the table (recorded if
    /// new), its rules, its settings, the shift with the pit boss's
    /// approval, and its first shoe. A crash leaves all of it or none.
    pub fn open_table_for_play(
        &mut self,
        opening: &TableOpening<'_>,
        dealer: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<OpenedTable, LedgerError> {
        let (table, table_row) = self.table_row(opening.name, opening.game)?;
        let mut rows: Vec<access::Row> = table_row.into_iter().collect();
        rows.extend(self.rules_row(opening.rules)?);
        for (key, value) in opening.settings {
            rows.push(self.setting_row(TableId(table), key, value));
        }
        let (shift, shift_rows) = self.open_table_rows(TableId(table), dealer, approver)?;
        rows.extend(shift_rows);
        let (shoe, shoe_row) =
            self.shoe_row(TableId(table), opening.decks, opening.scanner_shoe)?;
        rows.push(shoe_row);
        self.append_rows(&rows)?;
        Ok(OpenedTable {
            table: TableId(table),
            shift: ShiftId(shift),
            shoe,
        })
    }

    /// Where `table` stands after its last recorded hand (its button,
    /// carry and count of hands), and the ledger's last hand number.
    pub fn table_position(&self, table: TableId) -> Result<TablePosition, LedgerError> {
        let hands_started: i64 =
            self.conn
                .query_row("SELECT COALESCE(MAX(id), 0) FROM hands", [], |r| r.get(0))?;
        let (table_hands, last_hand): (i64, Option<i64>) = self.conn.query_row(
            "SELECT COUNT(*), MAX(id) FROM hands WHERE table_id = ?1",
            [table],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let last_hand = last_hand.map(HandId);
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
                table_hands: table_hands as u64,
                last_hand,
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
            table_hands: table_hands as u64,
            last_button: button.and_then(|b| u8::try_from(b).ok()),
            carry: carry as u64,
            last_hand,
        })
    }
}
