//! Reading the chain in order for the floor database (docs/floor.md): the
//! ledger file itself is the shipping queue.

use std::path::Path;

use rusqlite::types::ValueRef;

use super::LedgerError;
use super::chain::{Linker, SeqMerge, encode_values, encoded_count, present_chained_tables};
use super::file;

/// One chained row as shipped to the floor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainRow {
    /// Its place in the chain, from 1.
    pub seq: i64,
    /// The ledger table that holds it.
    pub table: &'static str,
    /// Its columns in the canonical encoding (docs/ledger.md, "The hash chain").
    pub values: Vec<u8>,
    /// Its stored hash.
    pub hash: [u8; 32],
}

/// A ledger file opened once to read its chain in batches, each batch a
/// snapshot of its own, without blocking a writer (shipping reads a
/// station's file this way while the station plays).
#[derive(Debug)]
pub struct ChainReader {
    file: file::ReadOnly,
}

impl ChainReader {
    /// Opens the ledger at `path` for reading its chain.
    pub fn open(path: &Path) -> Result<ChainReader, LedgerError> {
        Ok(ChainReader {
            file: file::open_read_only(path, false)?,
        })
    }

    /// The number of rows in the chain now.
    pub fn length(&self) -> Result<i64, LedgerError> {
        Ok(super::head_of(&self.file.conn)?.rows)
    }

    /// The rows with seq after `after`, at most `limit` of them, in chain
    /// order.
    pub fn rows_after(&self, after: i64, limit: u32) -> Result<Vec<ChainRow>, LedgerError> {
        rows_in(&self.file.conn, after, limit)
    }

    /// Every row with seq after `after`, in chain order, read in one
    /// snapshot through one cursor per table (merged by seq) and handed to
    /// `each` `size` rows at a time (the last batch may be shorter, or
    /// empty). `each` gives back a batch to fill next: one it is done
    /// with, whose rows' buffers are reused (so a long read allocates
    /// little once under way), or an empty one; `None` stops the read.
    pub fn batches_after(
        &self,
        after: i64,
        size: usize,
        mut each: impl FnMut(Vec<ChainRow>) -> Option<Vec<ChainRow>>,
    ) -> Result<(), LedgerError> {
        let snapshot = self.file.conn.unchecked_transaction()?;
        let present = present_chained_tables(&snapshot)?;
        let mut statements = present
            .iter()
            .map(|spec| {
                snapshot.prepare(&format!(
                    "SELECT seq, hash, {} FROM {} WHERE seq > ?1 ORDER BY seq",
                    spec.columns.join(", "),
                    spec.name
                ))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut cursors = Vec::with_capacity(present.len());
        let mut merge = SeqMerge::default();
        let mut spares = Vec::new();
        for (index, (spec, statement)) in present.iter().zip(statements.iter_mut()).enumerate() {
            let mut rows = statement.query([after])?;
            let current = next_row(spec, &mut rows, &mut spares)?;
            if let Some(row) = &current {
                merge.push(row.seq, index);
            }
            cursors.push((spec, rows, current));
        }
        let mut batch = Vec::with_capacity(size);
        while let Some(index) = merge.pop() {
            let Some((spec, rows, current)) = cursors.get_mut(index) else {
                break;
            };
            let row = current.take();
            *current = next_row(spec, rows, &mut spares)?;
            if let Some(next) = &current {
                merge.push(next.seq, index);
            }
            batch.extend(row);
            if batch.len() == size {
                let Some(mut spent) = each(std::mem::take(&mut batch)) else {
                    return Ok(());
                };
                spares.append(&mut spent);
                batch = spent;
                batch.reserve(size);
            }
        }
        each(batch);
        Ok(())
    }
}

/// Bytes a new row's encoding is given room for: most rows fit.
const ROW_BYTES: usize = 256;

/// The next row of a table's cursor (seq, hash, then its columns),
/// encoded as the chain encodes it (a later column left out while NULL)
/// into the buffer of one of `spares` (rows done with), else a new one.
fn next_row(
    spec: &super::chain::TableSpec,
    rows: &mut rusqlite::Rows<'_>,
    spares: &mut Vec<ChainRow>,
) -> Result<Option<ChainRow>, LedgerError> {
    let Some(row) = rows.next()? else {
        return Ok(None);
    };
    let hash = match row.get_ref(1)? {
        ValueRef::Blob(b) => b.try_into().unwrap_or([0; 32]),
        _ => [0; 32],
    };
    // A column is read by its index, which fails only past the last one.
    let count = spec.columns.len();
    row.get_ref(count + 1)?;
    let column = |i: usize| row.get_ref(i + 2).unwrap_or(ValueRef::Null);
    let encoded = encoded_count(spec, count, |i| column(i) == ValueRef::Null);
    let mut values = spares
        .pop()
        .map_or_else(|| Vec::with_capacity(ROW_BYTES), |spare| spare.values);
    values.clear();
    encode_values(&mut values, (0..encoded).map(column));
    Ok(Some(ChainRow {
        seq: row.get(0)?,
        table: spec.name,
        values,
        hash,
    }))
}

/// The rows of the ledger open on `conn` with seq after `after`, at most
/// `limit` of them, in chain order, read in one snapshot.
pub(super) fn rows_in(
    conn: &rusqlite::Connection,
    after: i64,
    limit: u32,
) -> Result<Vec<ChainRow>, LedgerError> {
    let snapshot = conn.unchecked_transaction()?;
    let last = after.saturating_add(i64::from(limit));
    let mut rows = Vec::new();
    for spec in present_chained_tables(&snapshot)? {
        let sql = format!(
            "SELECT seq, hash, {} FROM {} WHERE seq > ?1 AND seq <= ?2",
            spec.columns.join(", "),
            spec.name
        );
        let mut statement = snapshot.prepare_cached(&sql)?;
        let mut found = statement.query([after, last])?;
        while let Some(row) = next_row(spec, &mut found, &mut Vec::new())? {
            rows.push(row);
        }
    }
    rows.sort_by_key(|r| r.seq);
    Ok(rows)
}

/// The first of `rows` (consecutive chain rows, in order, the first after
/// a row whose stored hash is `before`) whose stored hash is not the
/// chain's link from the stored hash before it and its own columns: where
/// the file's own chain breaks, if it does within `rows`.
pub fn first_unlinked(rows: &[ChainRow], before: &[u8; 32]) -> Option<usize> {
    let mut linker = Linker::default();
    let mut previous = before;
    for (i, row) in rows.iter().enumerate() {
        if linker.link_encoded(previous, row.seq, row.table, &row.values) != row.hash {
            return Some(i);
        }
        previous = &row.hash;
    }
    None
}

/// The hash a row must have after `previous`: the chain's rule applied to an
/// already encoded row.
pub fn link_encoded(previous: &[u8; 32], seq: i64, table: &str, values: &[u8]) -> [u8; 32] {
    Linker::default().link_encoded(previous, seq, table, values)
}

/// A shipped checkpoint row as read: what it signs, for what and when, by
/// which key, with which signature.
#[derive(Debug, Clone)]
pub struct ShippedCheckpoint {
    rows: i64,
    head: [u8; 32],
    key: crate::keys::PublicKey,
    signature: [u8; 64],
    reason: String,
    signed_at: String,
}

impl ShippedCheckpoint {
    /// The key it names as its signer.
    pub fn key(&self) -> &crate::keys::PublicKey {
        &self.key
    }

    /// Its signature.
    pub fn signature(&self) -> &[u8; 64] {
        &self.signature
    }

    /// What its signature covers.
    pub fn signed(&self) -> crate::keys::SignedCheckpoint<'_> {
        crate::keys::SignedCheckpoint {
            rows: self.rows,
            head: &self.head,
            reason: &self.reason,
            signed_at: &self.signed_at,
        }
    }
}

/// What a checkpoint whose signature does not verify is said to be.
pub const SIGNATURE_MISMATCH: &str = "its signature does not match the station's key";

/// Reads a shipped checkpoint row (`checkpoints` columns, encoded) that
/// follows a chain of `rows` rows ending in `head`, and checks all of it
/// but its signature: that it signs that chain, with the key the floor
/// enrolled (`enrolled`, if it recorded one). Err: what is wrong.
pub fn shipped_checkpoint(
    values: &[u8],
    rows: i64,
    head: &[u8; 32],
    enrolled: Option<&crate::keys::PublicKey>,
) -> Result<ShippedCheckpoint, String> {
    use rusqlite::types::Value;
    let malformed = || "its head, key or signature is malformed".to_owned();
    let values = super::chain::decode_values(values).ok_or_else(malformed)?;
    let text = |i: usize| match values.get(i) {
        Some(Value::Text(t)) => t.clone(),
        _ => String::new(),
    };
    let blob = |i: usize| match values.get(i) {
        Some(Value::Blob(b)) => Some(b.as_slice()),
        _ => None,
    };
    let signed_rows = match values.get(1) {
        Some(Value::Integer(n)) => *n,
        _ => -1,
    };
    let signed_head: Option<[u8; 32]> = blob(2).and_then(|b| b.try_into().ok());
    let key: Option<crate::keys::PublicKey> = blob(3).and_then(|b| b.try_into().ok());
    let signature: Option<[u8; 64]> = blob(4).and_then(|b| b.try_into().ok());
    let (Some(signed_head), Some(key), Some(signature)) = (signed_head, key, signature) else {
        return Err(malformed());
    };
    if signed_rows != rows || &signed_head != head {
        return Err(format!(
            "it signs row {signed_rows}, but the chain before it ends at row {rows}"
        ));
    }
    if enrolled.is_some_and(|enrolled| *enrolled != key) {
        return Err(format!(
            "it is signed by key {}, not the key enrolled on the floor",
            crate::keys::fingerprint(&key)
        ));
    }
    Ok(ShippedCheckpoint {
        rows,
        head: signed_head,
        key,
        signature,
        reason: text(0),
        signed_at: text(5),
    })
}

/// What is wrong with a shipped checkpoint row (`checkpoints` columns,
/// encoded) that follows a chain of `rows` rows ending in `head`, signed by
/// whom the floor enrolled (`enrolled`, if it recorded a key); None if it
/// holds ([`shipped_checkpoint`], then its signature).
pub fn shipped_checkpoint_problem(
    values: &[u8],
    rows: i64,
    head: &[u8; 32],
    enrolled: Option<&crate::keys::PublicKey>,
) -> Option<String> {
    match shipped_checkpoint(values, rows, head, enrolled) {
        Err(problem) => Some(problem),
        Ok(checkpoint) => (!crate::keys::checkpoint_signed(
            checkpoint.key(),
            checkpoint.signed(),
            checkpoint.signature(),
        ))
        .then(|| SIGNATURE_MISMATCH.to_owned()),
    }
}

/// The name in a shipped `tables` row (encoded columns), if it is one.
pub fn shipped_table_name(values: &[u8]) -> Option<String> {
    match super::chain::decode_values(values)?.get(1) {
        Some(rusqlite::types::Value::Text(name)) => Some(name.clone()),
        _ => None,
    }
}

/// The number of rows in the ledger's chain at `path`, read without
/// blocking a writer.
pub fn chain_length(path: &Path) -> Result<i64, LedgerError> {
    ChainReader::open(path)?.length()
}

/// The rows of the ledger at `path` with seq after `after`, at most `limit`
/// of them, in chain order. Reads without blocking a writer.
pub fn chain_rows_after(path: &Path, after: i64, limit: u32) -> Result<Vec<ChainRow>, LedgerError> {
    ChainReader::open(path)?.rows_after(after, limit)
}
