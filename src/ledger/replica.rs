//! A station's chain as the floor holds it (docs/floor.md), written into a
//! ledger file of its own: every figure the ledger computes (a shift's
//! win, the open alarms, a player's rating, a shift report) then works on
//! the floor's copy exactly as on the station's file. A replica only grows:
//! each row must extend its chain.

use std::path::Path;

use rusqlite::Connection;
use rusqlite::types::Value;

use super::chain::{Linker, decode_values, spec_named};
use super::file::new_ledger_file;
use super::{ChainHead, LedgerError, head_of};

/// One chained row as shipped: its place, table, encoded columns and hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippedRow {
    /// Its place in the chain, from 1.
    pub seq: i64,
    /// The ledger table that holds it.
    pub table: String,
    /// Its columns in the canonical encoding (docs/ledger.md, "The hash chain").
    pub values: Vec<u8>,
    /// Its hash.
    pub hash: [u8; 32],
}

/// Appends `rows` (in chain order, continuing it) to the replica at
/// `path`, creating the file first when there is none; returns its head.
/// Refused, with nothing written, when a row does not extend the chain.
pub fn extend_replica(path: &Path, rows: &[ShippedRow]) -> Result<ChainHead, LedgerError> {
    let mut conn = if path.exists() {
        Connection::open(path)?
    } else {
        new_ledger_file(path)?
    };
    let tx = conn.transaction()?;
    let mut head = head_of(&tx)?;
    let mut linker = Linker::default();
    for row in rows {
        let bad = |problem: String| LedgerError::BadRow {
            table: "shipped rows",
            seq: row.seq,
            problem,
        };
        let spec = spec_named(&row.table)
            .ok_or_else(|| bad(format!("there is no ledger table {:?}", row.table)))?;
        let values = decode_values(&row.values)
            .filter(|v| v.len() <= spec.columns.len())
            .ok_or_else(|| bad("its columns cannot be decoded".into()))?;
        if row.seq != head.rows + 1
            || linker.link_encoded(&head.hash, row.seq, &row.table, &row.values) != row.hash
        {
            return Err(bad(format!(
                "it does not extend the chain, which ends at row {}",
                head.rows
            )));
        }
        let columns = &spec.columns[..values.len()];
        let placeholders: Vec<String> = (1..=values.len() + 2).map(|i| format!("?{i}")).collect();
        let sql = format!(
            "INSERT INTO {} (seq, hash, {}) VALUES ({})",
            spec.name,
            columns.join(", "),
            placeholders.join(", ")
        );
        let mut all = vec![Value::Integer(row.seq), Value::Blob(row.hash.to_vec())];
        all.extend(values);
        tx.prepare_cached(&sql)?
            .execute(rusqlite::params_from_iter(all))?;
        head = ChainHead {
            rows: row.seq,
            hash: row.hash,
        };
    }
    tx.commit()?;
    Ok(head)
}
