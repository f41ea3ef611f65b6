//! The reading half of `audit verify`, run on a thread of its own: the
//! chain's rows in seq order (a cursor per table, merged), each checked
//! for what needs the file (its place in the seq order, a report print's
//! head, a void's mirror, the heads expected from outside) and handed on,
//! a chunk at a time, to the thread that checks its hash and audits what
//! it records.

use std::sync::mpsc::{Receiver, SyncSender};

use rusqlite::OptionalExtension;
use rusqlite::types::{Value, ValueRef};

use super::{Discrepancy, discrepancy};
use crate::ids::HandId;
use crate::ledger::chain::{
    GENESIS, Linker, SeqMerge, TableSpec, hash_at_sql, present_chained_tables,
};
use crate::ledger::{ChainHead, LedgerError};

/// Rows handed on at a time: enough to make handing them on cheap, few
/// enough to keep memory flat.
const ROWS_AT_ONCE: usize = 256;

/// Rows of a table whose buffers are kept to read its next rows into, at
/// most: as many as can be away at once (the chunks in flight, the one
/// being audited and the one being read), so that a table whose rows fill
/// every chunk reads into buffers it had before rather than new ones.
const SPARE_ROWS: usize = (super::CHUNKS_IN_FLIGHT + 2) * ROWS_AT_ONCE;

/// A chain row as read, with what reading it found.
pub(super) struct ReadRow {
    /// Its table.
    pub spec: &'static TableSpec,
    /// Which of the reader's cursors read it (its buffers go back there).
    cursor: usize,
    /// Its seq.
    pub seq: i64,
    /// Its stored hash; None if it is not 32 bytes.
    hash: Option<[u8; 32]>,
    /// Its columns, in the table's encoding order.
    pub values: Vec<Value>,
    /// The chain's head before it: the row before's seq and hash (the
    /// stored one, or the computed one where none is stored).
    pub before: ChainHead,
    /// Found first (its seq): said before its hash's finding
    /// ([`ReadRow::hash_mismatch`]) and a checkpoint's own.
    pub found_first: Vec<Discrepancy>,
    /// Found then (a report print's head, a void's mirror, a head expected
    /// from outside): said after a checkpoint's own findings.
    pub found_then: Vec<Discrepancy>,
}

impl ReadRow {
    /// The discrepancy if the row's stored hash is not SHA-256 of the head
    /// before it and the row (hashed with `linker`).
    pub(super) fn hash_mismatch(&self, linker: &mut Linker) -> Option<Discrepancy> {
        let computed = linker.link(&self.before.hash, self.seq, self.spec, &self.values);
        (self.hash != Some(computed)).then(|| {
            discrepancy(
                self.spec.name,
                self.seq,
                None,
                "the hash does not match the row and the previous row's hash: this row or its place in the chain was changed".into(),
            )
        })
    }
}

/// How the reading ended: the chain's end, or a failure.
pub(super) enum ChainEnd {
    /// Every row was read.
    End {
        /// Rows read.
        rows: u64,
        /// The last row's seq and stored hash.
        head: ChainHead,
        /// The heads expected from outside that the chain never reached.
        unmet: Vec<Discrepancy>,
    },
    /// Reading failed: what was found of the row being read, then why.
    Failed {
        /// Found of the row being read before the failure.
        found: Vec<Discrepancy>,
        /// Why reading stopped.
        error: LedgerError,
    },
}

/// Where the rows read go, a chunk at a time, and where the chunks come
/// back once audited, to be read into again (their text and blob buffers
/// reused: reading allocates little).
pub(super) struct Handoff {
    /// The rows read, in chain order.
    pub send: SyncSender<Vec<ReadRow>>,
    /// Chunks audited.
    pub returned: Receiver<Vec<ReadRow>>,
}

impl Handoff {
    /// An empty chunk to read into: one given back if any, its rows'
    /// buffers given back to the cursors that read them.
    fn empty_chunk(&self, cursors: &mut [Cursor<'_>]) -> Vec<ReadRow> {
        let mut empty = None;
        while let Ok(mut rows) = self.returned.try_recv() {
            for row in rows.drain(..) {
                if let Some(cursor) = cursors.get_mut(row.cursor)
                    && cursor.spare.len() < SPARE_ROWS
                {
                    cursor.spare.push(row.values);
                }
            }
            empty = Some(rows);
        }
        empty.unwrap_or_else(|| Vec::with_capacity(ROWS_AT_ONCE))
    }
}

/// Reads the chained tables present in `conn` (a ledger's read-only
/// connection) in one snapshot, handing the rows on in chain order, and
/// says how it ended. `expect` are the heads the chain must pass through.
/// Stops early once no one takes the rows.
pub(super) fn read_chain(
    conn: &rusqlite::Connection,
    expect: &[ChainHead],
    handoff: &Handoff,
) -> ChainEnd {
    let mut chunk = Vec::with_capacity(ROWS_AT_ONCE);
    let end =
        read_rows(conn, expect, handoff, &mut chunk).unwrap_or_else(|error| ChainEnd::Failed {
            found: Vec::new(),
            error,
        });
    if !chunk.is_empty() {
        // Taken, or no one is listening any more: either way done.
        let _ = handoff.send.send(chunk);
    }
    end
}

/// Reads the rows into `chunk`, handing each full chunk on, and says how
/// reading ended; fails with what stopped it between rows.
fn read_rows(
    conn: &rusqlite::Connection,
    expect: &[ChainHead],
    handoff: &Handoff,
    chunk: &mut Vec<ReadRow>,
) -> Result<ChainEnd, LedgerError> {
    let snapshot = conn.unchecked_transaction()?;
    let present = present_chained_tables(&snapshot)?;
    let mut statements = present
        .iter()
        .map(|spec| snapshot.prepare(&select_sql(&snapshot, spec)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut checks = RowChecks::new(&snapshot, &present, expect)?;
    let mut cursors = Vec::with_capacity(present.len());
    let mut merge = SeqMerge::default();
    for (index, (spec, statement)) in present.iter().zip(statements.iter_mut()).enumerate() {
        let mut cursor = Cursor {
            spec,
            rows: statement.query([])?,
            current: None,
            spare: Vec::new(),
        };
        cursor.advance(&mut merge, index)?;
        cursors.push(cursor);
    }
    while let Some(index) = merge.pop() {
        let Some(cursor) = cursors.get_mut(index) else {
            break;
        };
        let Some(row) = cursor.current.take() else {
            break;
        };
        let spec = cursor.spec;
        cursor.advance(&mut merge, index)?;
        match checks.check(spec, index, row) {
            Ok(row) => chunk.push(row),
            // A row whose reading failed ends the chain.
            Err(failure) => return Ok(failure),
        }
        if chunk.len() == ROWS_AT_ONCE {
            let next = handoff.empty_chunk(&mut cursors);
            if handoff.send.send(std::mem::replace(chunk, next)).is_err() {
                break;
            }
        }
    }
    Ok(checks.end())
}

/// The query for a table's rows in seq order: seq, hash, then its columns
/// in encoding order. A file not yet upgraded lacks the columns a later
/// version added: they read as NULL, as such rows were encoded.
fn select_sql(snapshot: &rusqlite::Connection, spec: &TableSpec) -> String {
    let columns: Vec<String> = spec
        .columns
        .iter()
        .map(|column| {
            let present = snapshot
                .query_row(
                    "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2",
                    [spec.name, column],
                    |_| Ok(()),
                )
                .is_ok();
            if present {
                (*column).to_owned()
            } else {
                format!("NULL AS {column}")
            }
        })
        .collect();
    format!(
        "SELECT seq, hash, {} FROM {} ORDER BY seq",
        columns.join(", "),
        spec.name
    )
}

/// A row as its table's cursor holds it.
struct CursorRow {
    seq: i64,
    /// The stored hash; None if it is not 32 bytes.
    hash: Option<[u8; 32]>,
    values: Vec<Value>,
}

/// One table's rows in seq order.
struct Cursor<'s> {
    spec: &'static TableSpec,
    rows: rusqlite::Rows<'s>,
    current: Option<CursorRow>,
    /// Value lists of this table's rows already audited, to read its next
    /// rows into.
    spare: Vec<Vec<Value>>,
}

impl Cursor<'_> {
    /// Reads the table's next row, if any, into `current` and says its seq
    /// to `merge` (this is cursor `index`).
    fn advance(&mut self, merge: &mut SeqMerge, index: usize) -> Result<(), LedgerError> {
        self.current = match self.rows.next()? {
            None => None,
            Some(row) => {
                let count = self.spec.columns.len();
                let mut values = self
                    .spare
                    .pop()
                    .unwrap_or_else(|| Vec::with_capacity(count));
                values.truncate(count);
                for (i, column) in (2..count + 2).enumerate() {
                    read_into(&mut values, i, row, column)?;
                }
                let hash = match row.get_ref(1)? {
                    ValueRef::Blob(b) => b.try_into().ok(),
                    _ => None,
                };
                let seq = row.get(0)?;
                merge.push(seq, index);
                Some(CursorRow { seq, hash, values })
            }
        };
        Ok(())
    }
}

/// Reads `row`'s `column` into `values[i]` (pushed if `values` is
/// shorter), into the text or blob buffer already there when the kinds
/// agree: the same value `row.get::<Value>` gives, and its error.
fn read_into(
    values: &mut Vec<Value>,
    i: usize,
    row: &rusqlite::Row<'_>,
    column: usize,
) -> rusqlite::Result<()> {
    let read = row.get_ref(column)?;
    match (values.get_mut(i), read) {
        (Some(Value::Text(text)), ValueRef::Text(bytes)) => {
            if let Ok(read) = std::str::from_utf8(bytes) {
                text.clear();
                text.push_str(read);
                return Ok(());
            }
        }
        (Some(Value::Blob(blob)), ValueRef::Blob(bytes)) => {
            blob.clear();
            blob.extend_from_slice(bytes);
            return Ok(());
        }
        _ => {}
    }
    let value = match read {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(n) => Value::Integer(n),
        ValueRef::Real(x) => Value::Real(x),
        ValueRef::Blob(bytes) => Value::Blob(bytes.to_vec()),
        ValueRef::Text(bytes) => match std::str::from_utf8(bytes) {
            Ok(text) => Value::Text(text.to_owned()),
            // Not UTF-8: the error reading it as a value gives.
            Err(_) => row.get::<_, Value>(column)?,
        },
    };
    match values.get_mut(i) {
        Some(slot) => *slot = value,
        None => values.push(value),
    }
    Ok(())
}

/// What each row is checked for as it is read, and the chain's head so
/// far.
struct RowChecks<'c> {
    linker: Linker,
    head: ChainHead,
    rows: u64,
    /// The heads expected from outside not yet reached, in row order.
    expected: std::iter::Peekable<std::vec::IntoIter<ChainHead>>,
    hash_at: rusqlite::Statement<'c>,
    voids: VoidChecks<'c>,
}

impl<'c> RowChecks<'c> {
    fn new(
        snapshot: &'c rusqlite::Connection,
        present: &[&'static TableSpec],
        expect: &[ChainHead],
    ) -> Result<RowChecks<'c>, LedgerError> {
        let mut expected = expect.to_vec();
        expected.sort_by_key(|e| e.rows);
        Ok(RowChecks {
            linker: Linker::default(),
            head: ChainHead {
                rows: 0,
                hash: GENESIS,
            },
            rows: 0,
            expected: expected.into_iter().peekable(),
            hash_at: snapshot.prepare(&hash_at_sql(present.iter().copied()))?,
            voids: VoidChecks {
                original: snapshot.prepare(
                    "SELECT hand_id, from_account, to_account, amount, kind, rank, reverses FROM transfers WHERE seq = ?1",
                )?,
                counts: snapshot.prepare(
                    "SELECT (SELECT COUNT(*) FROM transfers WHERE hand_id = ?1 AND reverses IS NULL), \
                            (SELECT COUNT(DISTINCT t.reverses) FROM transfers t JOIN transfers o ON o.seq = t.reverses \
                              WHERE t.hand_id = ?1 AND o.hand_id = ?1 AND o.reverses IS NULL), \
                            (SELECT COUNT(*) FROM transfers WHERE hand_id = ?1 AND reverses IS NOT NULL)",
                )?,
            },
        })
    }

    /// Checks the next row in seq order: its place, a report print's head,
    /// a void's mirror and the heads expected at it. Its hash is left to
    /// the auditing thread ([`ReadRow::hash_mismatch`]), but for a row
    /// whose reading fails.
    fn check(
        &mut self,
        spec: &'static TableSpec,
        cursor: usize,
        row: CursorRow,
    ) -> Result<ReadRow, ChainEnd> {
        let CursorRow { seq, hash, values } = row;
        self.rows += 1;
        let at = |problem: String| discrepancy(spec.name, seq, None, problem);
        let before = self.head;
        let mut row = ReadRow {
            spec,
            cursor,
            seq,
            hash,
            values,
            before,
            found_first: Vec::new(),
            found_then: Vec::new(),
        };
        if seq == before.rows {
            row.found_first.push(at(format!("seq {seq} is used twice")));
        } else if seq > before.rows + 1 {
            let missing = if seq == before.rows + 2 {
                format!("row {} is missing before this row", before.rows + 1)
            } else {
                format!(
                    "rows {} to {} are missing before this row",
                    before.rows + 1,
                    seq - 1
                )
            };
            row.found_first.push(at(missing));
        }
        let printed = if spec.name == "report_prints" {
            printed_head(seq, &row.values, &mut self.hash_at)
        } else {
            Ok(None)
        };
        let read = printed.and_then(|printed| {
            row.found_then.extend(printed);
            self.voids.check(spec.name, seq, &row.values)
        });
        match read {
            Ok(void) => row.found_then.extend(void),
            Err(error) => {
                let mismatch = row.hash_mismatch(&mut self.linker);
                let mut found = row.found_first;
                found.extend(mismatch);
                return Err(ChainEnd::Failed { found, error });
            }
        }
        // The chain goes on from the stored hash (one change is found
        // once), or from the computed one where none is stored.
        self.head = ChainHead {
            rows: seq,
            hash: match hash {
                Some(hash) => hash,
                None => self.linker.link(&before.hash, seq, spec, &row.values),
            },
        };
        while let Some(pin) = self.expected.next_if(|e| e.rows <= seq) {
            if pin.rows == seq && pin.hash != self.head.hash {
                row.found_then.push(at(format!(
                    "the chain was expected to pass through row {seq} with head {}, but its head there is {}",
                    pin.hash_hex(),
                    self.head.hash_hex()
                )));
            }
        }
        Ok(row)
    }

    /// The end of the chain, with the heads expected beyond it.
    fn end(self) -> ChainEnd {
        let head = self.head;
        let unmet = self
            .expected
            .map(|pin| {
                discrepancy(
                    "ledger file",
                    0,
                    None,
                    format!(
                        "the chain was expected to pass through row {} with head {}, but it ends at row {}",
                        pin.rows,
                        pin.hash_hex(),
                        head.rows
                    ),
                )
            })
            .collect();
        ChainEnd::End {
            rows: self.rows,
            head,
            unmet,
        }
    }
}

/// What checks that a void reverses exactly what its hand recorded.
struct VoidChecks<'c> {
    original: rusqlite::Statement<'c>,
    counts: rusqlite::Statement<'c>,
}

impl VoidChecks<'_> {
    /// A reversing transfer must mirror the transfer it names (same hand,
    /// accounts swapped, same amount, kind and rank; an original, not a
    /// reversal); a void must reverse each of its hand's transfers exactly
    /// once.
    fn check(
        &mut self,
        table: &'static str,
        seq: i64,
        values: &[Value],
    ) -> Result<Option<Discrepancy>, LedgerError> {
        let int = |i: usize| match values.get(i) {
            Some(Value::Integer(n)) => Some(*n),
            _ => None,
        };
        match table {
            "voids" => {
                let Some(hand) = int(0) else { return Ok(None) };
                let (originals, reversed, reversals): (i64, i64, i64) = self
                    .counts
                    .query_row([hand], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
                Ok((originals != reversed || reversed != reversals).then(|| {
                    discrepancy(
                        "voids",
                        seq,
                        Some(HandId(hand)),
                        format!(
                            "the void must reverse each of the hand's {originals} transfers exactly once; it reverses {reversed} of them with {reversals} rows"
                        ),
                    )
                }))
            }
            "transfers" => {
                let Some(reverses) = int(7) else {
                    return Ok(None);
                };
                let original: Option<Vec<Value>> = self
                    .original
                    .query_row([reverses], |r| {
                        (0..7).map(|i| r.get::<_, Value>(i)).collect()
                    })
                    .optional()?;
                let mirrors = original.is_some_and(|o| {
                    o[0] == values[0]
                        && o[1] == values[3]
                        && o[2] == values[2]
                        && o[3] == values[4]
                        && o[4] == values[5]
                        && o[5] == values[6]
                        && o[6] == Value::Null
                });
                Ok((!mirrors).then(|| {
                    discrepancy(
                        "transfers",
                        seq,
                        (int(0)).map(HandId),
                        format!(
                            "the reversing transfer does not mirror transfer row {reverses} of its hand (accounts swapped, same amount, kind and rank)"
                        ),
                    )
                }))
            }
            _ => Ok(None),
        }
    }
}

/// Checks a report print's recorded head against the chain's hash at that
/// row.
fn printed_head(
    seq: i64,
    values: &[Value],
    hash_at: &mut rusqlite::Statement<'_>,
) -> Result<Option<Discrepancy>, LedgerError> {
    let (Some(Value::Integer(rows)), Some(Value::Blob(printed))) = (values.get(6), values.get(7))
    else {
        return Ok(None);
    };
    let at = |problem: String| Some(discrepancy("report_prints", seq, None, problem));
    if *rows == 0 {
        return Ok((printed.as_slice() != GENESIS)
            .then_some(())
            .and_then(|()| {
                at("the print records a head for an empty chain that is not 32 zero bytes".into())
            }));
    }
    let stored: Option<Vec<u8>> = hash_at.query_row([rows], |r| r.get(0)).optional()?;
    Ok(match stored {
        Some(hash) if hash == *printed => None,
        Some(_) => at(format!(
            "the report printed head {} at row {rows}, but the chain's hash there is different",
            hex::encode(printed)
        )),
        None => at(format!(
            "the report printed the head at row {rows}, which is not in the chain"
        )),
    })
}
