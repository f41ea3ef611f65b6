//! The start-up record: which program started at this ledger, so a changed
//! program is noticed and every start can be traced (REGULATORY.md:
//! program integrity is checked at start-up); and the casino's list of
//! approved programs, kept by administrators and pit bosses with their PIN.

use chrono::{DateTime, Utc};
use rusqlite::OptionalExtension;
use rusqlite::types::Value;

use super::chain::{PROGRAM_APPROVALS, PROGRAM_STARTS};
use super::{Ledger, LedgerError, PinEntry, Role, row_time};
use crate::ids::StaffId;

/// A program that started at this ledger, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramStart {
    /// The station it started at.
    pub station: String,
    /// Its version (the package version it was built from).
    pub version: String,
    /// The SHA-256 of the program file that ran.
    pub sha256: [u8; 32],
    /// When, UTC (RFC 3339).
    pub started_at: DateTime<Utc>,
}

impl Ledger {
    /// Records that the program `version`, whose file has SHA-256
    /// `sha256`, started at this station. Returns the previous start when
    /// it ran a different program (another version or another file), so
    /// the caller raises an alarm; the first start has nothing to compare.
    pub fn record_program_start(
        &mut self,
        version: &str,
        sha256: [u8; 32],
    ) -> Result<Option<ProgramStart>, LedgerError> {
        let previous = self.last_program_start()?;
        let row = [
            Value::Text(self.station.clone()),
            Value::Text(version.into()),
            Value::Blob(sha256.to_vec()),
            Value::Text(self.now()),
        ];
        self.append_one(&PROGRAM_STARTS, &row)?;
        Ok(previous.filter(|p| p.version != version || p.sha256 != sha256))
    }

    /// The last program start recorded, if any.
    pub fn last_program_start(&self) -> Result<Option<ProgramStart>, LedgerError> {
        let found = self
            .conn
            .query_row(
                "SELECT seq, station, version, program_sha256, started_at FROM program_starts \
                 ORDER BY seq DESC LIMIT 1",
                [],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get::<_, Vec<u8>>(3)?,
                        r.get::<_, String>(4)?,
                    ))
                },
            )
            .optional()?;
        let Some((seq, station, version, hash, started_at)) = found else {
            return Ok(None);
        };
        let sha256 = hash.try_into().map_err(|_| LedgerError::BadRow {
            table: "program_starts",
            seq,
            problem: "program_sha256 is not 32 bytes".into(),
        })?;
        Ok(Some(ProgramStart {
            station,
            version,
            sha256,
            started_at: row_time("program_starts", seq, &started_at)?,
        }))
    }
}

/// A program on the casino's list of approved programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovedProgram {
    /// The SHA-256 of the program file.
    pub sha256: [u8; 32],
    /// What it is (version, build), as the approver wrote it.
    pub note: String,
    /// Who put it on the list.
    pub by: StaffId,
    /// When, UTC (RFC 3339).
    pub at: DateTime<Utc>,
}

/// What may keep the list of approved programs.
const KEEP_LIST: &str = "keep the list of approved programs";

impl Ledger {
    /// Puts the program whose file has SHA-256 `sha256` on the casino's
    /// list of approved programs, `note` saying what it is; `by` (an
    /// administrator or pit boss) confirms with their PIN, recorded with it.
    pub fn approve_program(
        &mut self,
        sha256: [u8; 32],
        note: &str,
        by: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        if self.program_approved(&sha256)? {
            return Err(LedgerError::ProgramApprovedAlready(hex::encode(sha256)));
        }
        self.change_approved_list(sha256, "add", note, by)
    }

    /// Takes the program off the list of approved programs (`note` says
    /// why); `by` confirms with their PIN as for [`Ledger::approve_program`].
    pub fn withdraw_program(
        &mut self,
        sha256: [u8; 32],
        note: &str,
        by: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        if !self.program_approved(&sha256)? {
            return Err(LedgerError::ProgramNotApproved(hex::encode(sha256)));
        }
        self.change_approved_list(sha256, "remove", note, by)
    }

    fn change_approved_list(
        &mut self,
        sha256: [u8; 32],
        action: &str,
        note: &str,
        by: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        let note = note.trim();
        if note.is_empty() {
            return Err(LedgerError::EmptyNote);
        }
        let confirmation = self.confirmation_for(by, Role::manages_staff, KEEP_LIST)?;
        let row = vec![
            Value::Blob(sha256.to_vec()),
            Value::Text(action.into()),
            Value::Text(note.into()),
            Value::Integer(i64::from(by.staff)),
            Value::Text(self.now()),
        ];
        self.append_rows(&[confirmation, (&PROGRAM_APPROVALS, row)])
            .map(drop)
    }

    /// Whether the program is on the list now (its latest row adds it).
    pub fn program_approved(&self, sha256: &[u8; 32]) -> Result<bool, LedgerError> {
        let last: Option<String> = self
            .conn
            .query_row(
                "SELECT action FROM program_approvals WHERE program_sha256 = ?1 \
                 ORDER BY seq DESC LIMIT 1",
                [&sha256[..]],
                |r| r.get(0),
            )
            .optional()?;
        Ok(last.as_deref() == Some("add"))
    }

    /// Whether the casino keeps a list of approved programs here: any
    /// program was ever put on it (even if all were taken off since).
    pub fn keeps_approved_list(&self) -> Result<bool, LedgerError> {
        Ok(self
            .conn
            .query_row("SELECT EXISTS (SELECT 1 FROM program_approvals)", [], |r| {
                r.get(0)
            })?)
    }

    /// The list of approved programs now, in the order they were approved.
    pub fn approved_programs(&self) -> Result<Vec<ApprovedProgram>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT a.seq, a.program_sha256, a.note, a.by_staff, a.at FROM program_approvals a \
             WHERE a.action = 'add' AND a.seq = (SELECT MAX(b.seq) FROM program_approvals b \
               WHERE b.program_sha256 = a.program_sha256) ORDER BY a.seq",
        )?;
        let found: Vec<(i64, Vec<u8>, String, i64, String)> = statement
            .query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?
            .collect::<Result<_, _>>()?;
        found
            .into_iter()
            .map(|(seq, hash, note, by, at)| {
                Ok(ApprovedProgram {
                    sha256: hash.try_into().map_err(|_| LedgerError::BadRow {
                        table: "program_approvals",
                        seq,
                        problem: "program_sha256 is not 32 bytes".into(),
                    })?,
                    note,
                    by: StaffId(by as u32),
                    at: row_time("program_approvals", seq, &at)?,
                })
            })
            .collect()
    }
}
