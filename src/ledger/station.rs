//! What a table station reads back when it starts: the shift still open at
//! this station, its table's settings and current shoe.

use std::collections::BTreeMap;

use rusqlite::OptionalExtension;

use super::{Ledger, LedgerError, rows};
use crate::engine::hand::GameKind;

/// A shift opened at this station and not yet closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenShift {
    /// The shift.
    pub shift: i64,
    /// Its table.
    pub table: i64,
    /// The table's name.
    pub table_name: String,
    /// The table's game.
    pub game: GameKind,
    /// Who opened the shift.
    pub opened_by: u32,
    /// When, UTC (RFC 3339).
    pub opened_at: String,
    /// The table's settings, the latest value of each key.
    pub settings: BTreeMap<String, String>,
}

impl Ledger {
    /// The most recent shift that has not been closed, with its table's
    /// settings; None if every shift is closed (or none was opened).
    pub fn open_shift_now(&self) -> Result<Option<OpenShift>, LedgerError> {
        let found: Option<(i64, i64, String, String, i64, String)> = self
            .conn
            .query_row(
                "SELECT s.id, s.table_id, t.name, t.game, s.opened_by, s.opened_at \
                 FROM shifts s JOIN tables t ON t.id = s.table_id \
                 WHERE s.id NOT IN (SELECT shift_id FROM shift_closes) \
                 ORDER BY s.seq DESC LIMIT 1",
                [],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                    ))
                },
            )
            .optional()?;
        let Some((shift, table, table_name, game, opened_by, opened_at)) = found else {
            return Ok(None);
        };
        let game = rows::game(&game).map_err(LedgerError::bad_row("tables", table))?;
        let mut statement = self
            .conn
            .prepare("SELECT key, value FROM table_settings WHERE table_id = ?1 ORDER BY seq")?;
        let settings = statement
            .query_map([table], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<BTreeMap<String, String>, _>>()?;
        Ok(Some(OpenShift {
            shift,
            table,
            table_name,
            game,
            opened_by: u32::try_from(opened_by).unwrap_or_default(),
            opened_at,
            settings,
        }))
    }

    /// The table's most recent shoe.
    pub fn current_shoe(&self, table: i64) -> Result<Option<i64>, LedgerError> {
        Ok(self
            .conn
            .query_row(
                "SELECT id FROM shoes WHERE table_id = ?1 ORDER BY seq DESC LIMIT 1",
                [table],
                |r| r.get(0),
            )
            .optional()?)
    }
}
