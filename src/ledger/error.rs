//! Why the ledger refused or failed: [`LedgerError`], one sentence naming
//! the problem for each case.

use thiserror::Error;

use super::SCHEMA_VERSION;
use super::rows::BadRow;
use crate::engine::rules::RulesError;
use crate::engine::table::TableError;
use crate::ids::{HandId, ShiftId, StaffId, TableId};

/// Why the ledger refused or failed: one sentence naming the problem.
#[derive(Debug, Error)]
pub enum LedgerError {
    /// Seating, unseating or a rating look-up was refused.
    #[error(transparent)]
    Player(#[from] super::PlayerError),
    /// Staff, PINs, sign-ins or approvals refused.
    #[error(transparent)]
    Access(#[from] AccessError),
    /// A shift, a count, a slip or a drop refused.
    #[error(transparent)]
    Shift(#[from] ShiftError),
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
    NoSuchHand(HandId),
    /// The archive's file exists.
    #[error("{0} exists already; an archive is written to a new file")]
    ArchiveExists(String),
    /// Only a ledger at the latest version is archived.
    #[error(
        "the ledger {0} has schema version {1}; open it once with this pairs-table to upgrade it before archiving"
    )]
    ArchiveOldSchema(String, i64),
    /// No checkpoint before the period's end.
    #[error(
        "the ledger has no checkpoint signed before {0}, so there is nothing to archive up to then"
    )]
    NothingToArchive(String),
    /// The program is on the approved list already.
    #[error("the program with SHA-256 {0} is already on the list of approved programs")]
    ProgramApprovedAlready(String),
    /// The program is not on the approved list.
    #[error("the program with SHA-256 {0} is not on the list of approved programs")]
    ProgramNotApproved(String),
    /// A note is needed.
    #[error("say which program this is and why (the note may not be empty)")]
    EmptyNote,
    /// The hand id is taken.
    #[error("hand {0} is already in the ledger")]
    HandExists(HandId),
    /// The hand was voided before.
    #[error("hand {0} is already voided")]
    AlreadyVoided(HandId),
    /// A hand is journaled and not yet committed.
    #[error("hand {0} is in progress; commit or abandon it first")]
    HandInProgress(HandId),
    /// Nothing is journaled.
    #[error("no hand is in progress")]
    NoHandInProgress,
    /// The committed hand is not the journaled one.
    #[error("hand {committed} was committed, but hand {journaled} is the one in progress")]
    NotTheJournaledHand {
        /// The hand given.
        committed: HandId,
        /// The hand journaled.
        journaled: HandId,
    },
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
    /// A void or slip void without a reason.
    #[error("a reason is required")]
    ReasonRequired,
    /// A recount without the reason or the second approval it needs.
    #[error("{0}")]
    RecountRefused(String),
    /// No table with this id.
    #[error("the ledger has no table {0}")]
    NoSuchTable(TableId),
    /// No alarm with this id.
    #[error("there is no alarm {0}")]
    NoSuchAlarm(i64),
    /// The alarm was cleared before.
    #[error("alarm {0} is already cleared")]
    AlarmCleared(i64),
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
    /// The journal of the hand in progress differs from the hand played.
    #[error(
        "the journal of hand {0} no longer matches the hand as played: it was changed outside pairs-table; nothing was committed"
    )]
    JournalAltered(HandId),
    /// The ledger holds rows after what this station last wrote that no
    /// checkpoint of its key signs.
    #[error(
        "the ledger {path} holds rows from row {from} on that this station never signed: they were added behind its back; verify it (`pairs-table audit verify`), and restore the ledger this station wrote"
    )]
    UnsignedTail {
        /// The file.
        path: String,
        /// The first row no checkpoint of this station's key signs.
        from: i64,
    },
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
        "the ledger {path} has schema version {found}; this pairs-table reads versions {} to {} as they are written, and `audit verify` reads any: to read it otherwise, upgrade a copy of it by opening the copy with the app",
        super::OLDEST_READ_AS_WRITTEN,
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
    pub(super) fn bad_row(table: &'static str, seq: i64) -> impl Fn(BadRow) -> LedgerError {
        move |BadRow(problem)| LedgerError::BadRow {
            table,
            seq,
            problem,
        }
    }
}

/// Why the ledger refused who asked: staff, PINs, sign-ins and approvals
/// (docs/access.md), one sentence naming the problem.
#[derive(Debug, Error)]
pub enum AccessError {
    /// The approver is not a pit boss.
    #[error("staff member {0} is not a pit boss, so cannot approve this")]
    NotAPitBoss(StaffId),
    /// The dealer tried to approve their own hand's void.
    #[error("staff member {0} dealt hand {1} and so cannot approve its void")]
    ApproverDealt(StaffId, HandId),
    /// No staff member with this id.
    #[error("there is no staff member {0}")]
    NoSuchStaff(StaffId),
    /// The staff id is taken.
    #[error("staff id {0} is already taken")]
    StaffExists(StaffId),
    /// The staff member has no PIN yet.
    #[error("staff member {0} has no PIN; a pit boss or administrator must set one")]
    NoPin(StaffId),
    /// A wrong PIN, counted toward the lockout.
    #[error("wrong PIN for staff member {staff}; {tries_left} more wrong and the account locks")]
    WrongPin {
        /// Whose PIN.
        staff: StaffId,
        /// Wrong PINs left before the lockout.
        tries_left: u32,
    },
    /// The account is locked.
    #[error(
        "staff member {0} is locked out after five wrong PINs; a pit boss must reset the account"
    )]
    Locked(StaffId),
    /// The account is not locked.
    #[error("staff member {0} is not locked out")]
    NotLocked(StaffId),
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
        staff: StaffId,
        /// Their role.
        role: crate::access::Role,
        /// What they tried, in words.
        action: &'static str,
    },
    /// Someone tried to approve what they asked for.
    #[error("staff member {0} asked for this and so cannot approve it")]
    OwnRequest(StaffId),
    /// Two signatures from one person.
    #[error("staff member {0} cannot sign twice; two different people are needed")]
    SamePerson(StaffId),
    /// Signed in at another station.
    #[error(
        "staff member {staff} is already signed in at {station} since {since}; sign out there first"
    )]
    SignedInElsewhere {
        /// Who.
        staff: StaffId,
        /// Where.
        station: String,
        /// Since when (RFC 3339).
        since: String,
    },
    /// Not signed in.
    #[error("staff member {0} is not signed in")]
    NotSignedIn(StaffId),
    /// A one-time PIN was given where the person must choose their own.
    #[error(
        "staff member {0}'s PIN was reset by someone else and is one-time; they must choose a new PIN of their own first"
    )]
    PinChangeRequired(StaffId),
    /// Resetting this PIN needs a second approver.
    #[error(
        "resetting the PIN of staff member {staff} ({}) needs a second pit boss or administrator, of at least that standing, to approve with their PIN",
        role.in_sentence()
    )]
    SecondApproverNeeded {
        /// Whose PIN.
        staff: StaffId,
        /// Their role.
        role: crate::access::Role,
    },
}

/// Why the ledger refused a shift's record: opening and closing counts,
/// fill and credit slips, drops (docs/inventory.md), one sentence naming
/// the problem.
#[derive(Debug, Error)]
pub enum ShiftError {
    /// No shift with this id.
    #[error("the ledger has no shift {0}")]
    NoSuchShift(ShiftId),
    /// The shift was closed.
    #[error("shift {0} is closed")]
    ShiftClosed(ShiftId),
    /// A shift closed with no closer counted or waived.
    #[error(
        "shift {0} has no closer count: the dealer and a pit boss count the tray (Inventory) before the table closes, or a pit boss waives the count with a reason"
    )]
    CloserNotCounted(ShiftId),
    /// A waiver of a count already made (or already waived).
    #[error("the {kind} of shift {shift} is already {done}; there is nothing to waive")]
    NothingToWaive {
        /// Opener or closer.
        kind: &'static str,
        /// The shift.
        shift: ShiftId,
        /// "counted" or "waived".
        done: &'static str,
    },
    /// The table has no denominations setting.
    #[error("table {0} has no chip denominations set; a pit boss must set them first")]
    NoDenominations(TableId),
    /// No slip with this number.
    #[error("there is no slip {0}")]
    NoSuchSlip(String),
    /// The slip was voided before.
    #[error("slip {0} is already voided")]
    SlipVoided(String),
    /// A drop of nothing, or a bad amount.
    #[error("a drop is a whole number of units from 1 to {max}, not {amount}", max = crate::inventory::MAX_TOTAL_UNITS)]
    BadDrop {
        /// The amount given.
        amount: u64,
    },
    /// A count, slip or setting refused by the inventory rules.
    #[error(transparent)]
    Inventory(#[from] crate::inventory::InventoryError),
}

impl From<crate::access::NameError> for LedgerError {
    fn from(error: crate::access::NameError) -> LedgerError {
        AccessError::BadName(error).into()
    }
}

impl From<crate::access::PinError> for LedgerError {
    fn from(error: crate::access::PinError) -> LedgerError {
        AccessError::BadPin(error).into()
    }
}

impl From<crate::inventory::InventoryError> for LedgerError {
    fn from(error: crate::inventory::InventoryError) -> LedgerError {
        ShiftError::Inventory(error).into()
    }
}
