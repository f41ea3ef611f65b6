//! `audit verify`: one pass over the chain in seq order, merging a cursor
//! per table, so memory stays flat however long the ledger is. The rows
//! are read on one thread (`read`), the checkpoints' signatures checked a
//! batch at a time on another (`signatures`), and the rows' hashes and
//! what they record checked on the caller's.

mod read;
mod signatures;

use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::mpsc::sync_channel;

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::types::Value;

use super::chain::{GENESIS, Linker, TableSpec};
use super::rows::{self, BadRow};
use super::{ChainHead, LedgerError, file, rebuild};
use crate::engine::hand::Hand;
use crate::engine::money::{Transfer, balances};
use crate::engine::rules::HouseRules;
use crate::engine::shoe::{ShoeEvent, ShuffleCommitment};
use crate::engine::table::{HandEvent, HandSetup};
use crate::engine::{Decks, Rank, Step};
use crate::hand_edges::RecordedEdge;
use crate::ids::{HandId, TableId};
use crate::keys::{CheckpointClaim, CheckpointKey, PublicKey, SignedCheckpoint, fingerprint};
use read::{ChainEnd, Handoff, ReadRow};
use signatures::{Outbox, SIGNATURE_MISMATCH};

/// Chunks of rows read ahead of the audit, at most: enough (4,096 rows)
/// that the reader keeps going while the audit waits for a core, and the
/// audit while the reader does (docs/performance.md, "audit verify on
/// both cores").
const CHUNKS_IN_FLIGHT: usize = 16;

/// One problem found, located by row (and hand, where there is one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discrepancy {
    /// The table of the row.
    pub table: &'static str,
    /// The row's seq.
    pub seq: i64,
    /// The hand the row belongs to, if any.
    pub hand: Option<HandId>,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.seq == 0 {
            return write!(f, "{}: {}", self.table, self.problem);
        }
        write!(f, "row {} ({})", self.seq, self.table)?;
        if let Some(hand) = self.hand {
            write!(f, ", hand {hand}")?;
        }
        write!(f, ": {}", self.problem)
    }
}

/// What a verification found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuditSummary {
    /// Rows read.
    pub rows: u64,
    /// Hands read (voided ones included).
    pub hands: u64,
    /// Hands voided.
    pub voided: u64,
    /// The last row's seq and stored hash.
    pub head: ChainHead,
    /// Discrepancies found.
    pub discrepancies: u64,
    /// Checkpoints read (valid or not).
    pub checkpoints: u64,
    /// The station key enrolled last, if any.
    pub station_key: Option<PublicKey>,
    /// House rules rows whose hash is the one known-wrong form (the
    /// canonical text with Rocket's bets misnamed, written by builds of
    /// 2026-11-26): accepted as recorded, not a discrepancy, and said once
    /// (docs/house-rules.md).
    pub misnamed_rules: u64,
    /// The file's schema version: an older one than this build writes is
    /// checked as it was written (its schema as that version made it, the
    /// tables it has), not upgraded, and is not a discrepancy.
    pub schema_version: i64,
}

/// What a verification is asked to hold the ledger to beyond itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VerifyOptions {
    /// Heads known from outside (a printed report, the floor): the chain
    /// must pass through each (rows, head hash).
    pub expect: Vec<ChainHead>,
    /// The station key that must have signed every checkpoint (from the
    /// station's key file, or a fingerprint printed on its reports).
    pub station_key: Option<KeyPin>,
    /// Open the file as unchanging evidence (read-only media).
    pub immutable: bool,
}

/// A station key the ledger must be signed with: the key itself, or its
/// fingerprint as printed on shift reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyPin {
    /// The public key.
    Key(PublicKey),
    /// Its fingerprint (32 hex digits, [`fingerprint`]).
    Fingerprint(String),
}

impl KeyPin {
    fn admits(&self, key: &PublicKey) -> bool {
        match self {
            KeyPin::Key(pinned) => pinned == key,
            KeyPin::Fingerprint(print) => print.eq_ignore_ascii_case(&fingerprint(key)),
        }
    }

    fn describe(&self) -> String {
        match self {
            KeyPin::Key(key) => fingerprint(key),
            KeyPin::Fingerprint(print) => print.to_ascii_lowercase(),
        }
    }
}

/// A length of time as the clock check says it: whole seconds, or
/// microseconds under a second.
fn span(time: chrono::TimeDelta) -> String {
    match time.num_seconds() {
        0 => format!("{} µs", time.num_microseconds().unwrap_or(0)),
        seconds => format!("{seconds} s"),
    }
}

/// Checks the whole ledger at `path`, opened read-only: that it is an
/// intact pairs-table ledger of this build's schema; the chain from the
/// first row; every checkpoint's signature, and that one signs every
/// record as docs/ledger.md says; the heads in `options` and in every
/// report print; that every hand's transfers balance; that no shoe
/// produced more copies of a rank than it holds (and that revealed
/// shuffles are whole shoes matching their commitments and the cards
/// dealt); and that every complete hand replays under its recorded rules
/// to its recorded transfers. Each discrepancy goes to `report` as it is
/// found.
pub fn verify(
    path: &Path,
    options: &VerifyOptions,
    mut report: impl FnMut(&Discrepancy),
) -> Result<AuditSummary, LedgerError> {
    let display = path.display().to_string();
    let file::ReadOnly {
        conn,
        lock: _reading,
    } = file::open_read_only(path, options.immutable)?;
    let mut found = 0u64;
    let mut emit = |d: Discrepancy| {
        found += 1;
        report(&d);
    };
    let whole_file = |problem: String| discrepancy("ledger file", 0, None, problem);
    // An older version's file is checked as that version wrote it.
    let schema_version = match file::check_identity(&conn, &display) {
        Ok(version) => version,
        Err(LedgerError::AlteredSchema {
            difference,
            version,
            ..
        }) => {
            emit(whole_file(difference));
            version
        }
        Err(error @ (LedgerError::NotALedger(..) | LedgerError::NewerSchema { .. })) => {
            emit(whole_file(error.to_string()));
            return Ok(AuditSummary {
                rows: 0,
                hands: 0,
                voided: 0,
                head: ChainHead {
                    rows: 0,
                    hash: GENESIS,
                },
                discrepancies: found,
                checkpoints: 0,
                station_key: None,
                misnamed_rules: 0,
                schema_version: 0,
            });
        }
        Err(error) => return Err(error),
    };
    let mut audit = Audit {
        pin: options.station_key.clone(),
        ..Audit::default()
    };
    // Three threads: one reads the rows, one checks the checkpoints'
    // signatures a batch at a time, and this one checks the rows' hashes
    // and what they record and says what all three find, in order.
    std::thread::scope(|scope| {
        let unstarted = |e: std::io::Error| {
            LedgerError::Unreadable(
                display.clone(),
                format!("no thread could be started to check it: {e}"),
            )
        };
        let (send, received) = sync_channel(CHUNKS_IN_FLIGHT);
        let (give_back, returned) = sync_channel(CHUNKS_IN_FLIGHT);
        let handoff = Handoff { send, returned };
        let reader = std::thread::Builder::new()
            .name("verify reader".into())
            .spawn_scoped(scope, move || {
                read::read_chain(&conn, &options.expect, &handoff)
            })
            .map_err(unstarted)?;
        let mut outbox = Outbox::start(scope, &mut report, found).map_err(unstarted)?;
        for mut rows in received {
            for row in &mut rows {
                audit.take(row, &mut outbox);
            }
            // Read into again; dropped if the reader has enough or is done.
            let _ = give_back.try_send(rows);
        }
        let end = reader
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match end {
            ChainEnd::End { rows, head, unmet } => {
                outbox.say_all(unmet);
                outbox.say_all(audit.finish());
                outbox.say_all(audit.end_of_chain(rows));
                Ok(AuditSummary {
                    rows,
                    hands: audit.hands,
                    voided: audit.voided,
                    head,
                    discrepancies: outbox.finish(),
                    checkpoints: audit.checkpoints,
                    station_key: audit.enrolled.map(|(key, _)| key),
                    misnamed_rules: audit.misnamed_rules,
                    schema_version,
                })
            }
            ChainEnd::Failed { found, error } => {
                outbox.say_all(found);
                outbox.finish();
                Err(error)
            }
        }
    })
}

/// The hand being read: its rows so far.
struct HandGroup {
    id: HandId,
    seq: i64,
    table: TableId,
    shoe: i64,
    complete: bool,
    button: Option<u8>,
    setup: Option<HandSetup>,
    events: Vec<(i64, &'static str, HandEvent)>,
    transfers: Vec<(i64, Transfer)>,
}

/// A void being read: the hand and its reversing transfers.
struct VoidGroup {
    hand: HandId,
    seq: i64,
    transfers: Vec<Transfer>,
}

enum Group {
    Hand(Box<HandGroup>),
    Void(VoidGroup),
}

/// A shoe's stack since its last shuffle.
#[derive(Default)]
struct ShoeTrack {
    shoe: i64,
    out: [u16; 10],
    commitment: Option<ShuffleCommitment>,
    /// Copies of each rank the committed stack must hold: the shoe's
    /// decks less the cards in play when it was shuffled.
    stack: [u16; 10],
    drawn: Vec<(Rank, i64)>,
}

#[derive(Default)]
struct Audit {
    /// Hashes each row to check its stored hash.
    linker: Linker,
    rules: HashMap<String, HouseRules>,
    tracks: HashMap<i64, ShoeTrack>,
    group: Option<Group>,
    hands: u64,
    voided: u64,
    /// The key the ledger must be signed with, if known from outside.
    pin: Option<KeyPin>,
    /// The station key enrolled last and its cadence (hands between
    /// checkpoints).
    enrolled: Option<(PublicKey, i64)>,
    /// Checkpoints read.
    checkpoints: u64,
    /// The key the last checkpoint was checked with, made ready once.
    checkpoint_key: Option<CheckpointKey>,
    /// Rules rows hashed with the misnamed canonical text of builds of
    /// 2026-11-26 (accepted as recorded; docs/house-rules.md).
    misnamed_rules: u64,
    /// The first row since the last checkpoint that is not part of a hand
    /// commit (a record that must be signed before the next hand).
    unsigned_since: Option<(&'static str, i64)>,
    /// Hands committed since the last checkpoint.
    unsigned_hands: i64,
    /// Shifts closed so far: no hand is dealt in one after its close.
    closed_shifts: std::collections::HashSet<i64>,
    /// The hand read last and when it ended, by the station's clock: the
    /// next hand starts no earlier.
    last_hand_end: Option<(HandId, DateTime<Utc>)>,
}

/// Whether a row of `table` is part of a hand's commit (signed at the
/// house's cadence) rather than a record signed at once.
fn in_hand_commit(table: &str, values: &[Value]) -> bool {
    match table {
        "hands" | "shuffles" | "reveals" | "external_shuffles" | "cards" | "decisions"
        | "hand_edges" => true,
        "transfers" => matches!(values.get(7), Some(Value::Null)),
        _ => false,
    }
}

fn discrepancy(
    table: &'static str,
    seq: i64,
    hand: Option<HandId>,
    problem: String,
) -> Discrepancy {
    Discrepancy {
        table,
        seq,
        hand,
        problem,
    }
}

impl Audit {
    /// Reads the next row in chain order, saying what it and its reading
    /// found through `outbox`.
    fn take<R: FnMut(&Discrepancy)>(&mut self, row: &mut ReadRow, outbox: &mut Outbox<R>) {
        let (spec, seq) = (row.spec, row.seq);
        outbox.say_all(std::mem::take(&mut row.found_first));
        outbox.say_all(row.hash_mismatch(&mut self.linker));
        if spec.name == "checkpoints" {
            let (found, claim) = self.checkpoint(seq, &row.before, &row.values);
            outbox.say_all(found);
            if let Some(claim) = claim {
                outbox.check(seq, claim);
            }
        }
        outbox.say_all(std::mem::take(&mut row.found_then));
        outbox.say_all(self.row(spec, seq, &row.values));
    }

    /// Checks checkpoint row `seq` against the chain's head before it and
    /// the station key; what it finds, and its signature to check (a
    /// discrepancy of its own, after the others, if it does not hold).
    fn checkpoint(
        &mut self,
        seq: i64,
        before: &ChainHead,
        values: &[Value],
    ) -> (Vec<Discrepancy>, Option<CheckpointClaim>) {
        let mut found = Vec::new();
        let mut problem = |p: String| found.push(discrepancy("checkpoints", seq, None, p));
        self.checkpoints += 1;
        self.unsigned_since = None;
        self.unsigned_hands = 0;
        let blob = |i: usize| match values.get(i) {
            Some(Value::Blob(b)) => Some(b.as_slice()),
            _ => None,
        };
        let rows = match values.get(1) {
            Some(Value::Integer(rows)) => *rows,
            _ => -1,
        };
        let head: Option<[u8; 32]> = blob(2).and_then(|b| b.try_into().ok());
        let key: Option<PublicKey> = blob(3).and_then(|b| b.try_into().ok());
        let signature: Option<[u8; 64]> = blob(4).and_then(|b| b.try_into().ok());
        let (Some(head), Some(key), Some(signature)) = (head, key, signature) else {
            problem("the checkpoint's head, key or signature is malformed".into());
            return (found, None);
        };
        if rows != before.rows || head != before.hash {
            problem(format!(
                "the checkpoint signs row {rows} with head {}, but the chain before it ends at row {} with head {}",
                hex::encode(head),
                before.rows,
                before.hash_hex()
            ));
        }
        match &self.enrolled {
            Some((enrolled, _)) if *enrolled == key => {}
            _ => problem(format!(
                "the checkpoint is signed by key {}, which is not the station key enrolled before it",
                fingerprint(&key)
            )),
        }
        let text = |i: usize| match values.get(i) {
            Some(Value::Text(t)) => t.as_str(),
            _ => "",
        };
        let signed = SignedCheckpoint {
            rows,
            head: &head,
            reason: text(0),
            signed_at: text(5),
        };
        if self.checkpoint_key.as_ref().map(CheckpointKey::public_key) != Some(key) {
            self.checkpoint_key = CheckpointKey::new(&key);
        }
        let claim = self
            .checkpoint_key
            .as_ref()
            .map(|k| k.claim(signed, &signature));
        if claim.is_none() {
            problem(SIGNATURE_MISMATCH.into());
        }
        (found, claim)
    }

    /// Records a station key enrolment: one key per ledger, the one pinned
    /// from outside if any.
    fn enrol(&mut self, seq: i64, values: &[Value]) -> Vec<Discrepancy> {
        let mut found = Vec::new();
        let key: Option<PublicKey> = match values.first() {
            Some(Value::Blob(b)) => b.as_slice().try_into().ok(),
            _ => None,
        };
        let every = match values.get(1) {
            Some(Value::Integer(n)) if *n >= 1 => *n,
            _ => 1,
        };
        let Some(key) = key else {
            found.push(discrepancy(
                "station_keys",
                seq,
                None,
                "the key is malformed".into(),
            ));
            return found;
        };
        if let Some((_, earlier)) = self.enrolled
            && earlier == super::SIGNED_EVERY_HANDS
            && every > earlier
        {
            found.push(discrepancy(
                "station_keys",
                seq,
                None,
                format!(
                    "the key is enrolled again to sign only every {every} hands: a ledger signed at every hand never goes back to a longer cadence"
                ),
            ));
        }
        if let Some((earlier, _)) = &self.enrolled
            && *earlier != key
        {
            found.push(discrepancy(
                "station_keys",
                seq,
                None,
                format!(
                    "a second station key {} replaces {}: a ledger is signed by one station's key",
                    fingerprint(&key),
                    fingerprint(earlier)
                ),
            ));
        }
        if let Some(pin) = &self.pin
            && !pin.admits(&key)
        {
            found.push(discrepancy(
                "station_keys",
                seq,
                None,
                format!(
                    "the ledger is signed with key {}, not the station's key {}",
                    fingerprint(&key),
                    pin.describe()
                ),
            ));
        }
        self.enrolled = Some((key, every));
        found
    }

    /// Tracks which rows a checkpoint must still sign.
    fn coverage(
        &mut self,
        spec: &'static TableSpec,
        seq: i64,
        values: &[Value],
    ) -> Vec<Discrepancy> {
        let mut found = Vec::new();
        if spec.name == "checkpoints" {
            return found;
        }
        if spec.name == "hands" {
            if let Some((table, first)) = self.unsigned_since.take()
                && self.enrolled.is_some()
            {
                found.push(discrepancy(
                    table,
                    first,
                    None,
                    format!("no checkpoint signs this record before hand row {seq}: records are signed as they are written"),
                ));
            }
            if let Some((_, every)) = self.enrolled
                && self.unsigned_hands >= every
            {
                found.push(discrepancy(
                    "hands",
                    seq,
                    None,
                    format!("a checkpoint was due after {every} hands and none was written"),
                ));
            }
            self.unsigned_hands += 1;
        } else if !in_hand_commit(spec.name, values) && self.unsigned_since.is_none() {
            self.unsigned_since = Some((spec.name, seq));
        }
        found
    }

    /// What the end of the chain must satisfy: a ledger with rows is
    /// signed, and no record is left unsigned at its end.
    fn end_of_chain(&self, rows: u64) -> Vec<Discrepancy> {
        let mut found = Vec::new();
        if rows == 0 {
            found.push(discrepancy(
                "ledger file",
                0,
                None,
                "the ledger holds no rows: a ledger in use records at least its start".into(),
            ));
        } else if self.checkpoints == 0 {
            found.push(discrepancy(
                "ledger file",
                0,
                None,
                "no checkpoint signs any row: the ledger was never signed by a station key".into(),
            ));
        }
        if let Some((table, first)) = self.unsigned_since
            && self.checkpoints > 0
        {
            found.push(discrepancy(
                table,
                first,
                None,
                "the chain ends with this record and those after it unsigned: every record is followed by a checkpoint".into(),
            ));
        }
        if let Some((_, every)) = self.enrolled
            && self.unsigned_hands >= every
        {
            found.push(discrepancy(
                "hands",
                0,
                None,
                format!(
                    "the chain ends with {} hands no checkpoint signs, though the station key is enrolled to sign every {every}",
                    self.unsigned_hands
                ),
            ));
        }
        found
    }

    fn row(&mut self, spec: &'static TableSpec, seq: i64, values: &[Value]) -> Vec<Discrepancy> {
        let mut found = self.coverage(spec, seq, values);
        if spec.name == "station_keys" {
            found.extend(self.enrol(seq, values));
        }
        found.extend(self.read_row(spec, seq, values));
        found
    }

    fn read_row(
        &mut self,
        spec: &'static TableSpec,
        seq: i64,
        values: &[Value],
    ) -> Vec<Discrepancy> {
        match self.take_row(spec, seq, values) {
            Ok(found) => found,
            Err(BadRow(problem)) => vec![discrepancy(
                spec.name,
                seq,
                None,
                format!("unreadable: {problem}"),
            )],
        }
    }

    fn take_row(
        &mut self,
        spec: &'static TableSpec,
        seq: i64,
        values: &[Value],
    ) -> Result<Vec<Discrepancy>, BadRow> {
        let mut found = Vec::new();
        match spec.name {
            "rules" => {
                let hash = rows::text(values, 0)?;
                match HouseRules::from_toml(rows::text(values, 1)?) {
                    Ok(rules) if rules.hash_hex() == hash => {
                        self.rules.insert(hash.to_owned(), rules);
                    }
                    Ok(rules) if rules.misnamed_hash_hex() == hash => {
                        self.misnamed_rules += 1;
                        self.rules.insert(hash.to_owned(), rules);
                    }
                    Ok(_) => found.push(discrepancy(
                        spec.name,
                        seq,
                        None,
                        format!("the rules do not hash to {hash}"),
                    )),
                    Err(e) => found.push(discrepancy(spec.name, seq, None, e.to_string())),
                }
            }
            "shift_closes" => {
                found.extend(self.finish());
                self.closed_shifts.insert(rows::int(values, 0)?);
            }
            "hands" => {
                found.extend(self.finish());
                self.hands += 1;
                let id = rows::int(values, 0)?;
                let shift = rows::int(values, 2)?;
                if self.closed_shifts.contains(&shift) {
                    found.push(discrepancy(
                        spec.name,
                        seq,
                        Some(HandId(id)),
                        format!(
                            "the hand was recorded in shift {shift} after that shift was closed"
                        ),
                    ));
                }
                found.extend(self.hand_times(seq, HandId(id), values)?);
                let complete = rows::text(values, 12)? == super::HandStatus::Complete.as_str();
                let rules_hash = rows::text(values, 7)?;
                let setup = match self.rules.get(rules_hash) {
                    Some(rules) => Some(rows::values_setup(values, 5, id, *rules)?),
                    None => {
                        found.push(discrepancy(
                            spec.name,
                            seq,
                            Some(HandId(id)),
                            format!("house rules {rules_hash} are not recorded before it"),
                        ));
                        None
                    }
                };
                self.group = Some(Group::Hand(Box::new(HandGroup {
                    id: HandId(id),
                    seq,
                    table: TableId(rows::int(values, 1)?),
                    shoe: rows::int(values, 4)?,
                    complete,
                    button: rows::opt_int(values, 10)?.and_then(|b| u8::try_from(b).ok()),
                    setup,
                    events: Vec::new(),
                    transfers: Vec::new(),
                })));
            }
            "shuffles" | "reveals" | "external_shuffles" | "cards" | "decisions" => {
                let (hand_id, _, event) = rows::row_event(spec, values)?;
                match &mut self.group {
                    Some(Group::Hand(group)) if group.id == hand_id => {
                        group.events.push((seq, spec.name, event))
                    }
                    _ => found.push(discrepancy(
                        spec.name,
                        seq,
                        Some(hand_id),
                        "the row is not part of its hand's commit".into(),
                    )),
                }
            }
            "hand_edges" => {
                let hand_id = HandId(rows::int(values, 0)?);
                let figures =
                    RecordedEdge::parse(rows::opt_text(values, 1)?, rows::text(values, 2)?);
                let problem = match (&self.group, figures) {
                    (_, Err(e)) => Some(format!(
                        "the hand's game-protection figures do not read: {e}"
                    )),
                    (Some(Group::Hand(group)), Ok(_)) if group.id == hand_id => None,
                    _ => Some("the row is not part of its hand's commit".into()),
                };
                if let Some(problem) = problem {
                    found.push(discrepancy(spec.name, seq, Some(hand_id), problem));
                }
            }
            "voids" => {
                found.extend(self.finish());
                // A hand voided after it was complete, or abandoned mid-play:
                // each has one void row.
                self.voided += 1;
                self.group = Some(Group::Void(VoidGroup {
                    hand: HandId(rows::int(values, 0)?),
                    seq,
                    transfers: Vec::new(),
                }));
            }
            "transfers" => {
                let hand_id = rows::int(values, 0)?;
                let (transfer, reverses) = rows::row_transfer(values)?;
                match (&mut self.group, reverses) {
                    (Some(Group::Hand(group)), None) if group.id == HandId(hand_id) => {
                        group.transfers.push((seq, transfer))
                    }
                    (Some(Group::Void(group)), Some(original))
                        if group.hand == HandId(hand_id) && original < group.seq =>
                    {
                        group.transfers.push(transfer)
                    }
                    _ => found.push(discrepancy(
                        spec.name,
                        seq,
                        Some(HandId(hand_id)),
                        "the transfer is not part of its hand's commit or void".into(),
                    )),
                }
            }
            _ => found.extend(self.finish()),
        }
        Ok(found)
    }

    /// The station's clock as a hand row (`seq`, hand `id`) shows it: the
    /// hand ends no earlier than it starts, and starts no earlier than the
    /// hand before it ended; either would be the clock going back.
    fn hand_times(
        &mut self,
        seq: i64,
        id: HandId,
        values: &[Value],
    ) -> Result<Vec<Discrepancy>, BadRow> {
        let time = |i: usize| {
            let text = rows::text(values, i)?;
            DateTime::parse_from_rfc3339(text)
                .map(|t| t.with_timezone(&Utc))
                .map_err(|e| BadRow(format!("the time {text:?} is not RFC 3339: {e}")))
        };
        let (started, ended) = (time(13)?, time(14)?);
        let stamp = |t: DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Micros, true);
        let mut found = Vec::new();
        if let Some((before, before_end)) = self.last_hand_end
            && started < before_end
        {
            found.push(discrepancy(
                "hands",
                seq,
                Some(id),
                format!(
                    "the hand started at {}, before hand {before} ended at {}: the station's clock went back {}",
                    stamp(started),
                    stamp(before_end),
                    span(before_end - started)
                ),
            ));
        }
        if ended < started {
            found.push(discrepancy(
                "hands",
                seq,
                Some(id),
                format!(
                    "the hand ended at {}, before it started at {}: the station's clock went back {}",
                    stamp(ended),
                    stamp(started),
                    span(started - ended)
                ),
            ));
        }
        self.last_hand_end = Some((id, ended.max(started)));
        Ok(found)
    }

    /// Checks the group just read.
    fn finish(&mut self) -> Vec<Discrepancy> {
        match self.group.take() {
            Some(Group::Hand(group)) => self.finish_hand(*group),
            Some(Group::Void(group)) if !balances(&group.transfers) => vec![discrepancy(
                "voids",
                group.seq,
                Some(group.hand),
                "the reversing transfers do not balance".into(),
            )],
            _ => Vec::new(),
        }
    }

    fn finish_hand(&mut self, group: HandGroup) -> Vec<Discrepancy> {
        let mut found = Vec::new();
        let at_hand = |problem: String| discrepancy("hands", group.seq, Some(group.id), problem);
        let Some(setup) = &group.setup else {
            return found;
        };
        self.track_shoe(&group, setup.decks, &mut found);
        let transfers: Vec<Transfer> = group.transfers.iter().map(|(_, t)| *t).collect();
        if !balances(&transfers) {
            found.push(at_hand("the hand's transfers do not balance".into()));
        }
        let events: Vec<HandEvent> = group.events.iter().map(|(_, _, e)| e.clone()).collect();
        let hand = match rebuild(setup, &events) {
            Ok(hand) => hand,
            Err(e) => {
                found.push(at_hand(format!("the recorded steps do not replay: {e}")));
                return found;
            }
        };
        if !group.complete {
            if !transfers.is_empty() {
                found.push(at_hand("a hand voided when abandoned has transfers".into()));
            }
            return found;
        }
        if !hand.is_done() {
            found.push(at_hand(
                "the hand is not over after its recorded steps".into(),
            ));
            return found;
        }
        if let Hand::Rocket(h) = &hand
            && h.starter().or(setup.previous_button) != group.button
        {
            found.push(at_hand(
                "the recorded button is not the replayed starter".into(),
            ));
        }
        let replayed = hand.transfers();
        let lines = replayed.len().max(group.transfers.len());
        if let Some(line) =
            (0..lines).find(|&i| replayed.get(i) != group.transfers.get(i).map(|(_, t)| t))
        {
            let seq = group.transfers.get(line).map_or(group.seq, |(seq, _)| *seq);
            let table = if line < group.transfers.len() {
                "transfers"
            } else {
                "hands"
            };
            found.push(discrepancy(
                table,
                seq,
                Some(group.id),
                format!("replay gives different transfers from line {}", line + 1),
            ));
        }
        found
    }

    fn track_shoe(&mut self, group: &HandGroup, decks: Decks, found: &mut Vec<Discrepancy>) {
        let track = self.tracks.entry(group.table.0).or_default();
        if track.shoe != group.shoe {
            *track = ShoeTrack {
                shoe: group.shoe,
                ..ShoeTrack::default()
            };
        }
        let mut in_play = [0u16; 10];
        for (seq, table, event) in &group.events {
            let (seq, table) = (*seq, *table);
            let mut problem = |p: String| found.push(discrepancy(table, seq, Some(group.id), p));
            let mut take = |rank: Rank, track: &mut ShoeTrack| {
                track.out[rank.index()] += 1;
                track.drawn.push((rank, seq));
                let (copy, held) = (track.out[rank.index()], decks.copies_of(rank));
                if copy > held {
                    problem(format!(
                        "the shoe produced copy {copy} of rank {rank} but holds only {held}"
                    ));
                }
            };
            match event {
                HandEvent::Shoe(ShoeEvent::Burned { rank })
                | HandEvent::ExternalBurn { rank, .. } => take(*rank, track),
                // Counted as the engine counts it: a card the shoe cannot
                // hold (a foreign card set aside) was never in its stack.
                HandEvent::SetAside { rank, .. } => {
                    if track.out[rank.index()] < decks.copies_of(*rank) {
                        take(*rank, track);
                    }
                }
                HandEvent::Card {
                    rank,
                    step: Step::Card { discarded, .. },
                    ..
                } => {
                    take(*rank, track);
                    if !discarded {
                        in_play[rank.index()] += 1;
                    }
                }
                HandEvent::Shoe(ShoeEvent::Shuffled(commitment)) => {
                    // A shoe carried on after a restart shuffles only the
                    // cards not yet out (`ShoeCount::continues`); any other
                    // shuffle puts back every card not in play.
                    let left = |out: &[u16; 10]| -> u16 {
                        Rank::ALL
                            .iter()
                            .map(|r| decks.copies_of(*r).saturating_sub(out[r.index()]))
                            .sum()
                    };
                    if commitment.cards != left(&track.out) || left(&track.out) == left(&in_play) {
                        track.out = in_play;
                    }
                    track.drawn.clear();
                    track.commitment = Some(*commitment);
                    for rank in Rank::ALL {
                        track.stack[rank.index()] = decks
                            .copies_of(rank)
                            .saturating_sub(track.out[rank.index()]);
                    }
                    let cards: u16 = track.stack.iter().sum();
                    if commitment.cards != cards {
                        problem(format!(
                            "shuffle {} commits to {} cards, but the shoe held {cards} out of play",
                            commitment.number, commitment.cards
                        ));
                    }
                }
                HandEvent::ExternalShuffle { .. } => {
                    track.out = in_play;
                    track.drawn.clear();
                    track.commitment = None;
                }
                HandEvent::Shoe(ShoeEvent::Revealed(reveal)) => match &track.commitment {
                    Some(c) if !reveal.matches(c) => problem(format!(
                        "shuffle {}'s revealed order and salt do not match its commitment",
                        reveal.number
                    )),
                    Some(c)
                        if !whole_stack(&reveal.order, &track.stack)
                            || reveal.number != c.number =>
                    {
                        problem(format!(
                            "shuffle {}'s revealed order is not the whole shoe that was shuffled ({} cards of {} decks, less those in play)",
                            reveal.number,
                            c.cards,
                            decks.count()
                        ))
                    }
                    Some(_) => {
                        let dealt = track
                            .drawn
                            .iter()
                            .zip(&reveal.order)
                            .find(|((rank, _), order)| rank != *order);
                        if let Some(((rank, card_seq), order)) = dealt {
                            found.push(discrepancy(
                                "cards",
                                *card_seq,
                                Some(group.id),
                                format!(
                                    "a {rank} was recorded where shuffle {} put a {order}",
                                    reveal.number
                                ),
                            ));
                        }
                    }
                    None => {}
                },
                HandEvent::Card { .. } | HandEvent::Decision { .. } => {}
            }
        }
    }
}

/// Whether `order` holds exactly `stack[r]` copies of each rank r.
fn whole_stack(order: &[Rank], stack: &[u16; 10]) -> bool {
    let mut held = [0u16; 10];
    for rank in order {
        held[rank.index()] += 1;
    }
    held == *stack
}
