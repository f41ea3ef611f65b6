//! What a table station reads back when it starts: the shift still open at
//! this station, its table's settings and current shoe, what left that shoe
//! since its last shuffle and the last frame taken from its card-reading shoe.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use rusqlite::OptionalExtension;
use rusqlite::types::Value;

use super::chain::SHOE_DEVICES;
use super::{Ledger, LedgerError, row_time, rows};
use crate::engine::hand::GameKind;
use crate::engine::table::HandEvent;
use crate::ids::{HandId, ShiftId, StaffId, TableId};
use crate::scanner::{Identity, Protocol};

/// A shift opened at this station and not yet closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenShift {
    /// The shift.
    pub shift: ShiftId,
    /// Its table.
    pub table: TableId,
    /// The table's name.
    pub table_name: String,
    /// The table's game.
    pub game: GameKind,
    /// Who opened the shift.
    pub opened_by: StaffId,
    /// When, UTC (RFC 3339).
    pub opened_at: DateTime<Utc>,
    /// The table's settings, the latest value of each key.
    pub settings: BTreeMap<String, String>,
}

/// A seat as the dealer typed it for the next hand, journaled so that a
/// crash loses none of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournaledEntry {
    /// The seat, from 1.
    pub seat: u8,
    /// Rocket: the bet as typed (checked when the hand starts).
    pub bet: String,
    /// Starboard: whether the seat is seated.
    pub seated: bool,
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
                        r.get::<_, String>(5)?,
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
            shift: ShiftId(shift),
            table: TableId(table),
            table_name,
            game,
            opened_by: StaffId(u32::try_from(opened_by).unwrap_or_default()),
            opened_at: row_time("shifts", shift, &opened_at)?,
            settings,
        }))
    }

    /// What left the table's shoe `shoe` since its last shuffle: the events
    /// of its hands from the latest one that shuffled it (a software or
    /// physical shoe, in a hand or between hands, so opening that hand's
    /// record), or from its first hand if none did, in dealing order; voided
    /// hands included (their cards left the shoe). The journal (a hand in
    /// progress, what left the shoe since the last hand) is not included.
    pub fn shoe_record_since_shuffle(&self, shoe: i64) -> Result<Vec<Vec<HandEvent>>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT id FROM hands WHERE shoe_id = ?1 AND id >= COALESCE( \
               (SELECT MAX(h.id) FROM hands h WHERE h.shoe_id = ?1 AND ( \
                  EXISTS (SELECT 1 FROM shuffles s WHERE s.hand_id = h.id) \
                  OR EXISTS (SELECT 1 FROM external_shuffles e WHERE e.hand_id = h.id))), 0) \
             ORDER BY id",
        )?;
        let ids = statement
            .query_map([shoe], |r| r.get::<_, i64>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        ids.into_iter()
            .map(|id| Ok(self.load_hand(HandId(id))?.events))
            .collect()
    }

    /// Journals, outside the chain, `frame`: the number of the last frame
    /// the station took from the card-reading shoe that reads the table's
    /// shoe `shoe` (a hint for the next start, docs/ledger.md, "The last
    /// frame taken").
    pub fn journal_last_frame(&mut self, shoe: i64, frame: u16) -> Result<(), LedgerError> {
        write_last_frame(&self.conn, shoe, frame, &self.now())
    }

    /// A second connection to this ledger that journals only the last
    /// frame taken from the card-reading shoe of the table's shoe `shoe`:
    /// the scanner's reader thread writes a heartbeat's number with it
    /// while the station has nothing else to handle (docs/ledger.md, "The
    /// last frame taken").
    pub fn frame_journal(&self, shoe: i64) -> Result<FrameJournal, LedgerError> {
        let path = self
            .conn
            .path()
            .filter(|path| !path.is_empty())
            .ok_or_else(|| LedgerError::Unreadable(self.path.clone(), "no file".to_owned()))?;
        let conn = rusqlite::Connection::open(path)
            .map_err(|e| LedgerError::Unreadable(self.path.clone(), e.to_string()))?;
        // Short: a reader thread that waits long misses the shoe's bytes;
        // a heartbeat not written here is published and handled as before.
        conn.busy_timeout(std::time::Duration::from_millis(100))?;
        Ok(FrameJournal { conn, shoe })
    }

    /// The number of the last frame journaled as taken from the
    /// card-reading shoe of the table's shoe `shoe`, if one was.
    pub fn journaled_last_frame(&self, shoe: i64) -> Result<Option<u16>, LedgerError> {
        let frame: Option<i64> = self
            .conn
            .query_row(
                "SELECT frame FROM journal_link WHERE shoe_id = ?1",
                [shoe],
                |r| r.get(0),
            )
            .optional()?;
        frame
            .map(|frame| {
                u16::try_from(frame).map_err(|_| LedgerError::BadRow {
                    table: "journal_link",
                    seq: 1,
                    problem: "frame out of range".to_owned(),
                })
            })
            .transpose()
    }

    /// Journals, outside the chain, the seats as typed for the next hand
    /// of the open shift `shift` (docs/ledger.md, "The seats typed for the
    /// next hand"), in place of what was journaled before, any shift's:
    /// one durable transaction.
    pub fn journal_entries(
        &mut self,
        shift: ShiftId,
        entries: &[JournaledEntry],
    ) -> Result<(), LedgerError> {
        let at = self.now();
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM journal_entries", [])?;
        for entry in entries {
            tx.execute(
                "INSERT INTO journal_entries (shift_id, seat, bet, seated, at) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                rusqlite::params![shift, entry.seat, entry.bet, entry.seated, at],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The seats journaled as typed for the next hand of the shift
    /// `shift`, by seat; none for another shift.
    pub fn journaled_entries(&self, shift: ShiftId) -> Result<Vec<JournaledEntry>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT seat, bet, seated FROM journal_entries WHERE shift_id = ?1 ORDER BY seat",
        )?;
        let found: Vec<(i64, String, i64)> = statement
            .query_map([shift], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        found
            .into_iter()
            .map(|(seat, bet, seated)| {
                Ok(JournaledEntry {
                    seat: u8::try_from(seat).map_err(|_| LedgerError::BadRow {
                        table: "journal_entries",
                        seq: seat,
                        problem: "seat out of range".to_owned(),
                    })?,
                    bet,
                    seated: seated != 0,
                })
            })
            .collect()
    }

    /// The table's most recent shoe.
    pub fn current_shoe(&self, table: TableId) -> Result<Option<i64>, LedgerError> {
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

/// A card-reading shoe (the device) recorded as reading a table's shoe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShoeDevice {
    /// The table's shoe (`shoes.id`).
    pub shoe: i64,
    /// The shoe of cards it reported (its `SHOEIN` ID), if the row is for one.
    pub stack_id: Option<String>,
    /// The protocol version it speaks (1 or 2).
    pub protocol: u8,
    /// Who it says it is (version 2); None for a version 1 shoe.
    pub identity: Option<Identity>,
    /// When, UTC (RFC 3339).
    pub seen_at: String,
}

impl Ledger {
    /// Records that the card-reading shoe speaking `protocol` (with its
    /// `identity`, version 2) reads the table's shoe `shoe`; `stack_id` is
    /// the shoe of cards it reported, if the row is for one.
    pub fn record_shoe_device(
        &mut self,
        shoe: i64,
        stack_id: Option<&str>,
        protocol: Protocol,
        identity: Option<&Identity>,
    ) -> Result<(), LedgerError> {
        let text = |value: Option<&String>| value.map_or(Value::Null, |v| Value::Text(v.clone()));
        let row = [
            Value::Integer(shoe),
            stack_id.map_or(Value::Null, |s| Value::Text(s.to_owned())),
            Value::Integer(i64::from(protocol.number())),
            text(identity.map(|i| &i.maker)),
            text(identity.map(|i| &i.model)),
            text(identity.map(|i| &i.serial)),
            text(identity.map(|i| &i.firmware)),
            Value::Text(self.now()),
        ];
        self.append_one(&SHOE_DEVICES, &row).map(drop)
    }

    /// The devices recorded for the table's shoe `shoe`, oldest first.
    pub fn shoe_devices(&self, shoe: i64) -> Result<Vec<ShoeDevice>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT stack_id, protocol, maker, model, serial, firmware, seen_at \
             FROM shoe_devices WHERE shoe_id = ?1 ORDER BY seq",
        )?;
        let rows = statement.query_map([shoe], |r| {
            let identity = match (r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?) {
                (Some(maker), Some(model), Some(serial), Some(firmware)) => Some(Identity {
                    maker,
                    model,
                    serial,
                    firmware,
                }),
                _ => None,
            };
            Ok(ShoeDevice {
                shoe,
                stack_id: r.get(0)?,
                protocol: r.get(1)?,
                identity,
                seen_at: r.get(6)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// Journals the last frame taken from a card-reading shoe, from a thread
/// other than the station's (see [`Ledger::frame_journal`]). It writes the
/// one row of `journal_link` and nothing else; `at` is the system clock's.
pub struct FrameJournal {
    conn: rusqlite::Connection,
    shoe: i64,
}

impl FrameJournal {
    /// Journals `frame` as the last frame taken.
    pub fn record(&mut self, frame: u16) -> Result<(), LedgerError> {
        let at = super::timestamp(super::Clock::now(&super::SystemClock));
        write_last_frame(&self.conn, self.shoe, frame, &at)
    }
}

/// The one row of `journal_link`: `frame` of the shoe `shoe`, at `at`.
fn write_last_frame(
    conn: &rusqlite::Connection,
    shoe: i64,
    frame: u16,
    at: &str,
) -> Result<(), LedgerError> {
    conn.execute(
        "INSERT INTO journal_link (id, shoe_id, frame, at) VALUES (1, ?1, ?2, ?3) \
         ON CONFLICT (id) DO UPDATE SET shoe_id = ?1, frame = ?2, at = ?3",
        rusqlite::params![shoe, frame, at],
    )?;
    Ok(())
}

impl std::fmt::Debug for FrameJournal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FrameJournal")
            .field("shoe", &self.shoe)
            .finish_non_exhaustive()
    }
}
