//! The figures recorded with each Rocket hand (`hand_edges`) read back
//! beside their hands in dealing order, for the check of them against
//! what the hands' cards give (`crate::figures::FigureAudit`, the floor's
//! verifier; docs/game-protection.md, "Checked on the floor"). Storage
//! only: the rows as written.

use super::{Ledger, LedgerError};
use crate::ids::{HandId, TableId};

/// A hand, in dealing order, with the `hand_edges` row recorded with it.
#[derive(Clone, Debug, PartialEq)]
pub struct HandEdgeRow {
    /// The hand.
    pub hand: HandId,
    /// Its table.
    pub table: TableId,
    /// The table's name.
    pub table_name: String,
    /// The row's `house_edge` and `decisions` columns, as written; `None`
    /// when the hand has no row (a Starboard hand, or an older build's).
    pub row: Option<(Option<String>, String)>,
}

impl Ledger {
    /// Up to `limit` hands after hand `after`, in dealing order, each with
    /// the figures recorded with it.
    pub fn hand_edge_rows(&self, after: i64, limit: u32) -> Result<Vec<HandEdgeRow>, LedgerError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT h.id, h.table_id, t.name, e.house_edge, e.decisions FROM hands h \
               JOIN tables t ON t.id = h.table_id \
               LEFT JOIN hand_edges e ON e.hand_id = h.id \
              WHERE h.id > ?1 ORDER BY h.id LIMIT ?2",
        )?;
        let rows = statement
            .query_map(rusqlite::params![after, limit], |r| {
                let decisions: Option<String> = r.get(4)?;
                Ok(HandEdgeRow {
                    hand: HandId(r.get(0)?),
                    table: TableId(r.get(1)?),
                    table_name: r.get(2)?,
                    row: decisions.map(|d| (r.get::<_, Option<String>>(3).ok().flatten(), d)),
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// Whether the ledger holds a hand after hand `after`.
    pub fn has_hands_after(&self, after: i64) -> Result<bool, LedgerError> {
        Ok(self
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM hands WHERE id > ?1)")?
            .query_row([after], |r| r.get(0))?)
    }
}
