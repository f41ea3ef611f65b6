//! Retention: a closed period archived as a ledger file of its own (every
//! chained row up to a signed checkpoint, with the same schema), and the
//! proof later that an archive is the record. Rows are never deleted from
//! the live ledger. See docs/ledger.md, "Archives".

use std::path::Path;

use chrono::{DateTime, Utc};
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension};

use super::chain::CHAINED;
use super::{
    ChainHead, Discrepancy, Ledger, LedgerError, SCHEMA_VERSION, SystemClock, VerifyOptions,
    timestamp, verify,
};

/// An archive written: the rows it holds and the head it ends on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Archived {
    /// Rows 1 to `head.rows`, the last a signed checkpoint; its hash.
    pub head: ChainHead,
    /// When that checkpoint was signed (RFC 3339, UTC).
    pub signed_at: String,
}

/// Writes to `out` (a new file; refused if it exists) every chained row of
/// the ledger at `live` up to and including the last checkpoint signed
/// before `until`: a ledger file of its own, same schema, which `audit
/// verify` checks like any other and whose last row, a checkpoint, signs
/// all of it with the station's key. The live ledger is only read.
pub fn archive(live: &Path, until: DateTime<Utc>, out: &Path) -> Result<Archived, LedgerError> {
    if out.exists() {
        return Err(LedgerError::ArchiveExists(out.display().to_string()));
    }
    let ledger = Ledger::open_read_only(live, Box::new(SystemClock), false)?;
    let version: i64 = ledger
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version != SCHEMA_VERSION {
        return Err(LedgerError::ArchiveOldSchema(
            live.display().to_string(),
            version,
        ));
    }
    let last: Option<(i64, Vec<u8>, String)> = ledger
        .conn
        .query_row(
            "SELECT seq, hash, signed_at FROM checkpoints WHERE signed_at < ?1 \
             ORDER BY seq DESC LIMIT 1",
            [timestamp(until)],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((rows, hash, signed_at)) = last else {
        return Err(LedgerError::NothingToArchive(timestamp(until)));
    };
    let hash: [u8; 32] = hash.try_into().map_err(|_| LedgerError::BadRow {
        table: "checkpoints",
        seq: rows,
        problem: "the hash is not 32 bytes".into(),
    })?;
    let mut name = out.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    let partial = out.with_file_name(name);
    let written = write_rows(&ledger.conn, &partial, rows).and_then(|()| {
        std::fs::rename(&partial, out)
            .map_err(|e| LedgerError::Unreadable(out.display().to_string(), e.to_string()))
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written?;
    Ok(Archived {
        head: ChainHead { rows, hash },
        signed_at,
    })
}

/// A new ledger file at `path` (0600) holding the rows 1..=`rows` of `live`.
fn write_rows(live: &Connection, path: &Path, rows: i64) -> Result<(), LedgerError> {
    let mut conn = super::file::new_ledger_file(path)?;
    let tx = conn.transaction()?;
    for spec in CHAINED {
        let columns = spec.columns.join(", ");
        let mut read = live.prepare(&format!(
            "SELECT seq, hash, {columns} FROM {} WHERE seq <= ?1 ORDER BY seq",
            spec.name
        ))?;
        let placeholders: Vec<String> = (1..=spec.columns.len() + 2)
            .map(|i| format!("?{i}"))
            .collect();
        let mut write = tx.prepare(&format!(
            "INSERT INTO {} (seq, hash, {columns}) VALUES ({})",
            spec.name,
            placeholders.join(", ")
        ))?;
        let mut found = read.query([rows])?;
        while let Some(row) = found.next()? {
            let values: Vec<Value> = (0..spec.columns.len() + 2)
                .map(|i| row.get(i))
                .collect::<Result<_, _>>()?;
            write.execute(rusqlite::params_from_iter(values))?;
        }
    }
    tx.commit()?;
    Ok(())
}

/// What [`verify_archive`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveCheck {
    /// The archive's verification, as `audit verify` gives it.
    pub summary: super::AuditSummary,
    /// When its last checkpoint was signed, if its last row is one.
    pub signed_at: Option<String>,
}

/// Verifies the archive at `path` as a ledger (`options` as for
/// [`verify`]: the station key it must be signed with, heads it must pass
/// through), checks that it ends on a signed checkpoint, and, given the
/// live ledger, that the live chain holds the archive's head at the same
/// row: then the archive is that ledger's record up to there. Every
/// problem goes to `found`.
pub fn verify_archive(
    path: &Path,
    options: &VerifyOptions,
    live: Option<&Path>,
    mut found: impl FnMut(&Discrepancy),
) -> Result<ArchiveCheck, LedgerError> {
    let options = VerifyOptions {
        immutable: true,
        ..options.clone()
    };
    let mut summary = verify(path, &options, &mut found)?;
    let mut problem = |table: &'static str, seq: i64, text: String| {
        found(&Discrepancy {
            table,
            seq,
            hand: None,
            problem: text,
        });
        summary.discrepancies += 1;
    };
    // An archive or ledger of any version: only its chain is read.
    let (archive, _) = Ledger::open_as_written(path, Box::new(SystemClock), true)?;
    let last: Option<(i64, String)> = archive
        .conn
        .query_row(
            "SELECT seq, signed_at FROM checkpoints ORDER BY seq DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .unwrap_or(None);
    let head = summary.head;
    let signed_at = match last {
        Some((seq, at)) if seq == head.rows => Some(at),
        _ => {
            problem(
                "archive",
                0,
                "it does not end on a signed checkpoint, so its last rows are signed by nobody"
                    .into(),
            );
            None
        }
    };
    if let Some(live) = live {
        let (ledger, _) = Ledger::open_as_written(live, Box::new(SystemClock), false)?;
        match ledger.hash_at(head.rows)? {
            Some(hash) if hash == head.hash => {}
            Some(_) => problem(
                "archive",
                0,
                format!(
                    "the ledger {} holds another row {} (head {} here): the archive is not its record",
                    live.display(),
                    head.rows,
                    head.hash_hex()
                ),
            ),
            None => problem(
                "archive",
                0,
                format!(
                    "the ledger {} has no row {}: the archive is not its record",
                    live.display(),
                    head.rows
                ),
            ),
        }
    }
    Ok(ArchiveCheck { summary, signed_at })
}
