//! A table's hands read back in dealing order for game protection
//! (`crate::figures` works the figures out, docs/game-protection.md):
//! from the shuffle that began the shoe, so the cards seen before the
//! first hand wanted count; the figures recorded with them, the voids, the
//! tables' Rocket hands in a period and a shift's hands with their times.
//! Storage only: what the rows hold.

use std::collections::{HashMap, HashSet};

use rusqlite::OptionalExtension;

use chrono::{DateTime, Utc};

use super::{Ledger, LedgerError, row_time, timestamp};
use crate::engine::table::FinishedHand;
use crate::hand_edges::RecordedEdge;
use crate::ids::{HandId, ShiftId, TableId};
use crate::period::Period;

impl Ledger {
    /// `table`'s hands from the last shuffle at or before hand `first` (not
    /// one of a shoe that ran out in the middle of a hand) to hand `last`,
    /// in dealing order, voided hands included (their cards were seen).
    pub fn table_hands_from_shuffle(
        &self,
        table: TableId,
        first: HandId,
        last: HandId,
    ) -> Result<Vec<(HandId, FinishedHand)>, LedgerError> {
        let start: Option<i64> = self
            .conn
            .query_row(
                "SELECT MAX(h.id) FROM hands h WHERE h.table_id = ?1 AND h.id <= ?2 AND ( \
                   EXISTS (SELECT 1 FROM shuffles s WHERE s.hand_id = h.id AND s.mid_hand = 0) \
                   OR EXISTS (SELECT 1 FROM external_shuffles e WHERE e.hand_id = h.id AND e.mid_hand = 0))",
                rusqlite::params![table, first],
                |r| r.get(0),
            )
            .optional()?
            .flatten();
        self.table_hands_between(table, start.map_or(first, HandId), last)
    }

    /// `table`'s last hand, if it has one.
    pub fn last_hand_of(&self, table: TableId) -> Result<Option<HandId>, LedgerError> {
        Ok(self
            .conn
            .prepare_cached("SELECT id FROM hands WHERE table_id = ?1 ORDER BY id DESC LIMIT 1")?
            .query_row([table], |r| r.get(0).map(HandId))
            .optional()?)
    }

    /// The game-protection figures recorded with hands `first` to `last`
    /// (`hand_edges`), by hand number; a row that does not read as figures
    /// is left out (its hand is solved again; `audit verify` reports it).
    pub fn recorded_edges(
        &self,
        first: HandId,
        last: HandId,
    ) -> Result<HashMap<u64, RecordedEdge>, LedgerError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT hand_id, house_edge, decisions FROM hand_edges WHERE hand_id BETWEEN ?1 AND ?2",
        )?;
        let rows = statement
            .query_map([first, last], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, Option<String>>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows
            .into_iter()
            .filter_map(|(hand, edge, decisions)| {
                let recorded = RecordedEdge::parse(edge.as_deref(), &decisions).ok()?;
                Some((u64::try_from(hand).ok()?, recorded))
            })
            .collect())
    }

    /// `table`'s hands from hand `first` to hand `last`, in dealing order.
    pub fn table_hands_between(
        &self,
        table: TableId,
        first: HandId,
        last: HandId,
    ) -> Result<Vec<(HandId, FinishedHand)>, LedgerError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT id FROM hands WHERE table_id = ?1 AND id BETWEEN ?2 AND ?3 ORDER BY id",
        )?;
        let ids = statement
            .query_map(rusqlite::params![table, first, last], |r| {
                r.get::<_, i64>(0)
            })?
            .collect::<Result<Vec<_>, _>>()?;
        ids.into_iter()
            .map(|id| Ok((HandId(id), self.load_hand(HandId(id))?)))
            .collect()
    }

    /// Each table with Rocket hands started in `period`, in table order:
    /// its id, its name, and its first and last such hand.
    pub fn rocket_tables(
        &self,
        period: Period,
    ) -> Result<Vec<(TableId, String, HandId, HandId)>, LedgerError> {
        let (from, to) = (period.from.map(timestamp), period.to.map(timestamp));
        let mut statement = self.conn.prepare(
            "SELECT h.table_id, t.name, MIN(h.id), MAX(h.id) FROM hands h JOIN tables t ON t.id = h.table_id \
             WHERE h.game = 'rocket' AND (?1 IS NULL OR h.started_at >= ?1) AND (?2 IS NULL OR h.started_at < ?2) \
             GROUP BY h.table_id ORDER BY h.table_id",
        )?;
        let found = statement
            .query_map(rusqlite::params![from, to], |r| {
                Ok((
                    TableId(r.get(0)?),
                    r.get::<_, String>(1)?,
                    HandId(r.get(2)?),
                    HandId(r.get(3)?),
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(found)
    }

    /// The hands from `first` to `last` that were voided.
    pub fn voided_between(
        &self,
        first: HandId,
        last: HandId,
    ) -> Result<HashSet<HandId>, LedgerError> {
        let mut voids = self
            .conn
            .prepare_cached("SELECT hand_id FROM voids WHERE hand_id BETWEEN ?1 AND ?2")?;
        let voided = voids
            .query_map([first, last], |r| r.get::<_, i64>(0).map(HandId))?
            .collect::<Result<HashSet<_>, _>>()?;
        Ok(voided)
    }

    /// `table`'s hands in `shift` after hand `after`, in dealing order,
    /// each with when it started and ended (read by [`ShiftHand::times`]
    /// for the hands the caller keeps).
    pub fn shift_hands_after(
        &self,
        table: TableId,
        shift: ShiftId,
        after: HandId,
    ) -> Result<Vec<ShiftHand>, LedgerError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT id, seq, started_at, ended_at FROM hands \
             WHERE table_id = ?1 AND shift_id = ?2 AND id > ?3 ORDER BY id",
        )?;
        let new = statement
            .query_map(rusqlite::params![table, shift, after], |r| {
                Ok(ShiftHand {
                    id: HandId(r.get(0)?),
                    seq: r.get(1)?,
                    started_at: r.get(2)?,
                    ended_at: r.get(3)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(new)
    }
}

/// A hand of a shift as its row holds it, its times read on demand
/// ([`ShiftHand::times`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShiftHand {
    /// The hand.
    pub id: HandId,
    seq: i64,
    started_at: String,
    ended_at: String,
}

impl ShiftHand {
    /// When the hand started and ended; a time that does not read is a
    /// bad row.
    pub fn times(&self) -> Result<(DateTime<Utc>, DateTime<Utc>), LedgerError> {
        Ok((
            row_time("hands", self.seq, &self.started_at)?,
            row_time("hands", self.seq, &self.ended_at)?,
        ))
    }
}
