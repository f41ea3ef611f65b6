//! The start-up record: which program started at this ledger, so a changed
//! program is noticed and every start can be traced (REGULATORY.md:
//! program integrity is checked at start-up).

use rusqlite::OptionalExtension;
use rusqlite::types::Value;

use super::chain::PROGRAM_STARTS;
use super::{Ledger, LedgerError};

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
    pub started_at: String,
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
                        r.get(4)?,
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
            started_at,
        }))
    }
}
