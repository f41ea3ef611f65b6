//! What the pit boss and the shift report read: alarms, the exception
//! report, the hand browser and the table's win over a shift.

use chrono::{DateTime, Utc};
use rusqlite::OptionalExtension;
use rusqlite::types::Value;

use super::chain::{ALARM_CLEARS, ALARMS};
use super::{AccessError, Ledger, LedgerError, ShiftError, row_time, rows, timestamp};
use crate::ids::{HandId, ShiftId, StaffId, TableHand, TableId};

/// What raised an alarm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlarmKind {
    /// The card-reading shoe reported a fault (lost frames, misread, jam,
    /// a card when none was due).
    Scanner,
    /// A card the shoe cannot hold.
    ForeignCard,
    /// The shoe's connection was lost.
    Connection,
    /// The app reopened a hand in progress after a crash or power loss.
    Recovery,
    /// The chain check at start-up found discrepancies or could not run.
    Integrity,
    /// The program differs from the one that last started at this ledger,
    /// or its own file could not be read to check it.
    Program,
}

impl AlarmKind {
    const ALL: [AlarmKind; 6] = [
        AlarmKind::Scanner,
        AlarmKind::ForeignCard,
        AlarmKind::Connection,
        AlarmKind::Recovery,
        AlarmKind::Integrity,
        AlarmKind::Program,
    ];

    /// The name stored in the ledger.
    pub const fn as_str(self) -> &'static str {
        match self {
            AlarmKind::Scanner => "scanner",
            AlarmKind::ForeignCard => "foreign_card",
            AlarmKind::Connection => "connection",
            AlarmKind::Recovery => "recovery",
            AlarmKind::Integrity => "integrity",
            AlarmKind::Program => "program",
        }
    }

    /// Whether the card-reading shoe raised it (a fault, a foreign card, a
    /// lost connection): clearing one left open over a restart is a
    /// scanner override.
    pub const fn is_scanner(self) -> bool {
        matches!(
            self,
            AlarmKind::Scanner | AlarmKind::ForeignCard | AlarmKind::Connection
        )
    }

    pub(super) fn parse(name: &str) -> Option<AlarmKind> {
        AlarmKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

/// An alarm as recorded, with its clearing if cleared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alarm {
    /// Alarm id.
    pub id: i64,
    /// The table.
    pub table: TableId,
    /// What raised it.
    pub kind: AlarmKind,
    /// The fault in one sentence.
    pub message: String,
    /// The hand number, where there is one.
    pub hand: Option<HandId>,
    /// When, UTC (RFC 3339).
    pub raised_at: DateTime<Utc>,
    /// Who cleared it, how, and when.
    pub cleared: Option<(StaffId, String, String)>,
}

/// A half-open time range `[from, to)`; None is unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeRange {
    /// From (inclusive).
    pub from: Option<DateTime<Utc>>,
    /// To (exclusive).
    pub to: Option<DateTime<Utc>>,
}

impl TimeRange {
    fn bounds(&self) -> (Value, Value) {
        let bound = |t: Option<DateTime<Utc>>| t.map_or(Value::Null, |t| Value::Text(timestamp(t)));
        (bound(self.from), bound(self.to))
    }
}

/// What an exception-report line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExceptionKind {
    /// A hand voided (after completion, or abandoned mid-play).
    Void,
    /// A card entered by hand.
    ManualCard,
    /// A scanner alarm overridden.
    ScannerOverride,
    /// Table limits changed.
    LimitChange,
    /// Chip denominations changed.
    DenominationChange,
    /// A wrong PIN.
    FailedPin,
    /// An account locked.
    Lockout,
    /// A lockout lifted.
    LockoutReset,
    /// An alarm raised.
    Alarm,
    /// An alarm cleared.
    AlarmCleared,
    /// A fill or credit slip voided.
    SlipVoid,
    /// A staff member added.
    StaffAdded,
    /// A PIN reset by someone else.
    PinReset,
    /// An opener or closer not counted, waived by a pit boss.
    CountWaived,
    /// The card-reading shoe moved to another serial port.
    ShoePortChange,
}

impl ExceptionKind {
    fn parse(name: &str) -> Option<ExceptionKind> {
        Some(match name {
            "void" => ExceptionKind::Void,
            "manual_card" => ExceptionKind::ManualCard,
            "scanner_override" => ExceptionKind::ScannerOverride,
            "limits" => ExceptionKind::LimitChange,
            "denominations" => ExceptionKind::DenominationChange,
            "failed_pin" => ExceptionKind::FailedPin,
            "lockout" => ExceptionKind::Lockout,
            "lockout_reset" => ExceptionKind::LockoutReset,
            "alarm" => ExceptionKind::Alarm,
            "alarm_cleared" => ExceptionKind::AlarmCleared,
            "slip_void" => ExceptionKind::SlipVoid,
            "add_staff" => ExceptionKind::StaffAdded,
            "set_pin" => ExceptionKind::PinReset,
            "count_waived" => ExceptionKind::CountWaived,
            "shoe_port" => ExceptionKind::ShoePortChange,
            _ => return None,
        })
    }
}

/// One line of the exception report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    /// The row's place in the chain (lines are in this order).
    pub seq: i64,
    /// What happened.
    pub kind: ExceptionKind,
    /// When, UTC (RFC 3339).
    pub at: DateTime<Utc>,
    /// Who asked or acted (the dealer of a manual card, the account of a
    /// wrong PIN, the first signer of a slip void), where known.
    pub staff: Option<StaffId>,
    /// Who approved (or reset, or second-signed), where there is one.
    pub approved_by: Option<StaffId>,
    /// The hand number, where there is one.
    pub hand: Option<HandId>,
    /// The details in words.
    pub detail: String,
}

/// Which hands the hand browser shows; every field left None matches all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandFilter {
    /// Hands started in this range.
    pub started: TimeRange,
    /// Of this shift.
    pub shift: Option<ShiftId>,
    /// Dealt by this dealer.
    pub dealer: Option<StaffId>,
    /// With a player at this seat.
    pub seat: Option<u8>,
    /// With this outcome.
    pub outcome: Option<HandOutcome>,
    /// With a transfer of at least this many units.
    pub min_amount: Option<u64>,
    /// At this table (None: every table in the ledger).
    pub table: Option<TableId>,
    /// This hand only.
    pub hand: Option<HandId>,
    /// With this rated player's card seated when the hand started.
    pub player: Option<String>,
    /// With an alarm raised during it.
    pub with_alarm: bool,
}

/// One page of the hand browser, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandPage {
    /// The hands, newest first.
    pub hands: Vec<HandSummary>,
    /// Older hands match too (ask with `before` = the last hand here).
    pub more: bool,
}

/// A hand's outcome for the house.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandOutcome {
    /// The house took more than it paid.
    HouseWon,
    /// The house paid more than it took.
    HouseLost,
    /// Nothing net to or from the house (Starboard without rake, say).
    Even,
    /// Voided.
    Voided,
}

impl HandOutcome {
    /// The outcome in words, as the screens show it ("house won").
    pub const fn words(self) -> &'static str {
        match self {
            HandOutcome::HouseWon => "house won",
            HandOutcome::HouseLost => "house lost",
            HandOutcome::Even => "even",
            HandOutcome::Voided => "voided",
        }
    }
}

/// A hand in the browser's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandSummary {
    /// Hand id.
    pub id: HandId,
    /// Shift.
    pub shift: ShiftId,
    /// Dealer's staff id.
    pub dealer: StaffId,
    /// (seat, bet) per player.
    pub seats: Vec<(u8, u64)>,
    /// Start, UTC (RFC 3339).
    pub started_at: DateTime<Utc>,
    /// End, UTC (RFC 3339).
    pub ended_at: DateTime<Utc>,
    /// The outcome for the house.
    pub outcome: HandOutcome,
    /// The house's net, reversals included (0 for a voided hand).
    pub house_net: i64,
    /// The largest single transfer, in units.
    pub largest_transfer: u64,
}

const EXCEPTIONS: &str = "SELECT seq, kind, at, staff, approved_by, hand, detail FROM (
  SELECT v.seq AS seq, 'void' AS kind, v.voided_at AS at,
         (SELECT a.requested_by FROM approvals a WHERE a.action = 'void' AND a.hand_id = v.hand_id ORDER BY a.seq DESC LIMIT 1) AS staff,
         v.approved_by AS approved_by, v.hand_id AS hand, v.reason AS detail FROM voids v
  UNION ALL
  SELECT c.seq, 'manual_card', c.at, h.dealer_id, c.approved_by, c.hand_id,
         'card ' || c.rank || ' to ' || c.destination || COALESCE(' seat ' || c.seat, '')
  FROM cards c JOIN hands h ON h.id = c.hand_id WHERE c.source = 'manual'
  UNION ALL
  SELECT seq, action, at, requested_by, approved_by, hand_id, detail FROM approvals
  WHERE action IN ('scanner_override', 'limits', 'denominations', 'add_staff', 'set_pin', 'shoe_port')
  UNION ALL
  SELECT seq, event, at, staff_id, by_staff, NULL, 'at ' || station FROM access_events
  WHERE event IN ('failed_pin', 'lockout', 'lockout_reset')
  UNION ALL
  SELECT seq, 'alarm', raised_at, NULL, NULL, hand_id, 'alarm ' || id || ' (' || kind || '): ' || message FROM alarms
  UNION ALL
  SELECT ac.seq, 'alarm_cleared', ac.cleared_at, ac.cleared_by, NULL, a.hand_id, 'alarm ' || a.id || ' cleared: ' || ac.how
  FROM alarm_clears ac JOIN alarms a ON a.id = ac.alarm_id
  UNION ALL
  SELECT sv.seq, 'slip_void', sv.voided_at, sv.first_by, sv.second_by, NULL, s.kind || ' ' || s.number || ': ' || sv.reason
  FROM slip_voids sv JOIN slips s ON s.id = sv.slip_id
  UNION ALL
  SELECT seq, 'count_waived', waived_at, waived_by, waived_by, NULL,
         kind || ' of shift ' || shift_id || ' not counted: ' || reason
  FROM count_waivers
) WHERE (?1 IS NULL OR at >= ?1) AND (?2 IS NULL OR at < ?2) ORDER BY seq";

impl Ledger {
    /// Raises an alarm at `table` (a scanner fault, or `Recovery` when the
    /// app reopens a hand in progress after a crash); returns its id. It
    /// stays open, across restarts, until cleared.
    pub fn raise_alarm(
        &mut self,
        table: TableId,
        kind: AlarmKind,
        message: &str,
        hand: Option<HandId>,
    ) -> Result<i64, LedgerError> {
        let id = self.next_id(&ALARMS)?;
        let row = vec![
            Value::Integer(id),
            Value::Integer(table.0),
            Value::Text(kind.as_str().into()),
            Value::Text(message.into()),
            hand.map_or(Value::Null, |hand| Value::Integer(hand.0)),
            Value::Text(self.now()),
        ];
        self.append_one(&ALARMS, &row)?;
        Ok(id)
    }

    /// Clears alarm `alarm`: who (a staff member) and how, in words (the
    /// way out taken).
    pub fn clear_alarm(&mut self, alarm: i64, by: StaffId, how: &str) -> Result<(), LedgerError> {
        let found: Option<bool> = self
            .conn
            .query_row(
                "SELECT EXISTS (SELECT 1 FROM alarm_clears WHERE alarm_id = ?1) FROM alarms WHERE id = ?1",
                [alarm],
                |r| r.get(0),
            )
            .optional()?;
        match found {
            None => return Err(LedgerError::NoSuchAlarm(alarm)),
            Some(true) => return Err(LedgerError::AlarmCleared(alarm)),
            Some(false) => {}
        }
        let exists: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM staff WHERE id = ?1)",
            [by],
            |r| r.get(0),
        )?;
        if !exists {
            return Err(AccessError::NoSuchStaff(by).into());
        }
        let row = vec![
            Value::Integer(alarm),
            Value::Integer(i64::from(by)),
            Value::Text(how.into()),
            Value::Text(self.now()),
        ];
        self.append_one(&ALARM_CLEARS, &row).map(drop)
    }

    /// The alarms of `table`, oldest first; only the open ones if `open_only`.
    pub fn alarms(&self, table: TableId, open_only: bool) -> Result<Vec<Alarm>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT a.seq, a.id, a.table_id, a.kind, a.message, a.hand_id, a.raised_at, c.cleared_by, c.how, c.cleared_at \
             FROM alarms a LEFT JOIN alarm_clears c ON c.alarm_id = a.id \
             WHERE a.table_id = ?1 AND (?2 = 0 OR c.alarm_id IS NULL) ORDER BY a.seq",
        )?;
        let found: Vec<Vec<Value>> = statement
            .query_map(rusqlite::params![table, open_only], |r| {
                (0..10).map(|i| r.get::<_, Value>(i)).collect()
            })?
            .collect::<Result<_, _>>()?;
        found
            .into_iter()
            .map(|values| {
                let seq = rows::int(&values, 0).map_err(LedgerError::bad_row("alarms", 0))?;
                let bad = LedgerError::bad_row("alarms", seq);
                let kind = rows::text(&values, 3).map_err(&bad)?;
                let cleared = match rows::opt_int(&values, 7).map_err(&bad)? {
                    Some(by) => Some((
                        StaffId(
                            u32::try_from(by)
                                .map_err(|_| bad(rows::BadRow(format!("bad staff id {by}"))))?,
                        ),
                        rows::text(&values, 8).map_err(&bad)?.to_owned(),
                        rows::text(&values, 9).map_err(&bad)?.to_owned(),
                    )),
                    None => None,
                };
                Ok(Alarm {
                    id: rows::int(&values, 1).map_err(&bad)?,
                    table: TableId(rows::int(&values, 2).map_err(&bad)?),
                    kind: AlarmKind::parse(kind).ok_or_else(|| LedgerError::BadRow {
                        table: "alarms",
                        seq,
                        problem: format!("unknown kind {kind:?}"),
                    })?,
                    message: rows::text(&values, 4).map_err(&bad)?.to_owned(),
                    hand: (rows::opt_int(&values, 5).map_err(&bad)?).map(HandId),
                    raised_at: row_time("alarms", seq, rows::text(&values, 6).map_err(&bad)?)?,
                    cleared,
                })
            })
            .collect()
    }

    /// The exception report for `range`, in chain order: voids, manual
    /// cards, scanner overrides, limit and denomination changes, wrong PINs,
    /// lockouts and resets, alarms and their clearing, voided slips; each
    /// with who, when and the hand where there is one.
    pub fn exceptions(&self, range: TimeRange) -> Result<Vec<Exception>, LedgerError> {
        let (from, to) = range.bounds();
        let mut statement = self.conn.prepare(EXCEPTIONS)?;
        let found: Vec<Vec<Value>> = statement
            .query_map([from, to], |r| {
                (0..7).map(|i| r.get::<_, Value>(i)).collect()
            })?
            .collect::<Result<_, _>>()?;
        found
            .into_iter()
            .map(|values| {
                let seq = rows::int(&values, 0).map_err(LedgerError::bad_row("exceptions", 0))?;
                let bad = LedgerError::bad_row("exceptions", seq);
                let kind = rows::text(&values, 1).map_err(&bad)?;
                Ok(Exception {
                    seq,
                    kind: ExceptionKind::parse(kind).ok_or_else(|| LedgerError::BadRow {
                        table: "exceptions",
                        seq,
                        problem: format!("unknown kind {kind:?}"),
                    })?,
                    at: row_time("exceptions", seq, rows::text(&values, 2).map_err(&bad)?)?,
                    staff: (rows::opt_int(&values, 3).map_err(&bad)?.map(|s| s as u32))
                        .map(StaffId),
                    approved_by: (rows::opt_int(&values, 4).map_err(&bad)?.map(|s| s as u32))
                        .map(StaffId),
                    hand: (rows::opt_int(&values, 5).map_err(&bad)?).map(HandId),
                    detail: rows::text(&values, 6).map_err(&bad)?.to_owned(),
                })
            })
            .collect()
    }

    /// When `shift` opened.
    pub fn shift_opened_at(&self, shift: ShiftId) -> Result<DateTime<Utc>, LedgerError> {
        let opened: Option<(i64, String)> = self
            .conn
            .query_row(
                "SELECT seq, opened_at FROM shifts WHERE id = ?1",
                [shift],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let (seq, opened) = opened.ok_or(ShiftError::NoSuchShift(shift))?;
        row_time("shifts", seq, &opened)
    }

    /// `hand` as its table counts it: its number among that table's hands
    /// (complete or voided), from 1, beside the ledger's id.
    pub fn table_hand(&self, hand: HandId) -> Result<TableHand, LedgerError> {
        let at_table: i64 = self.conn.query_row(
            "SELECT COUNT(*) FROM hands o JOIN hands h ON o.table_id = h.table_id \
             WHERE h.id = ?1 AND o.id <= ?1",
            [hand.0],
            |r| r.get(0),
        )?;
        match u64::try_from(at_table) {
            Ok(at_table) if at_table > 0 => Ok(TableHand { at_table, id: hand }),
            _ => Err(LedgerError::NoSuchHand(hand)),
        }
    }

    /// The hand browser: hands matching `filter`, oldest first.
    pub fn browse_hands(&self, filter: &HandFilter) -> Result<Vec<HandSummary>, LedgerError> {
        self.find_hands(filter, "ORDER BY h.seq", None, None)
    }

    /// The hand browser a page at a time: at most `limit` hands matching
    /// `filter`, newest first, older than hand `before` when given. Reads
    /// only the page, however many hands the ledger holds.
    pub fn browse_newest(
        &self,
        filter: &HandFilter,
        before: Option<HandId>,
        limit: usize,
    ) -> Result<HandPage, LedgerError> {
        let limit = limit.max(1);
        let mut hands = self.find_hands(filter, "ORDER BY h.seq DESC", before, Some(limit + 1))?;
        let more = hands.len() > limit;
        hands.truncate(limit);
        Ok(HandPage { hands, more })
    }

    /// The hands matching `filter`, every condition in the query, in
    /// `order`, before hand `before` (in chain order) and at most `limit`.
    fn find_hands(
        &self,
        filter: &HandFilter,
        order: &str,
        before: Option<HandId>,
        limit: Option<usize>,
    ) -> Result<Vec<HandSummary>, LedgerError> {
        let (from, to) = filter.started.bounds();
        let outcome = filter.outcome.map(|o| match o {
            HandOutcome::HouseWon => "won",
            HandOutcome::HouseLost => "lost",
            HandOutcome::Even => "even",
            HandOutcome::Voided => "voided",
        });
        let sql = format!(
            "SELECT id, shift_id, dealer_id, seats, status, started_at, ended_at, net, largest FROM ( \
               SELECT h.seq, h.id, h.shift_id, h.dealer_id, h.seats, s.status, h.started_at, h.ended_at, \
                      COALESCE((SELECT SUM({house}) FROM transfers t WHERE t.hand_id = h.id), 0) AS net, \
                      COALESCE((SELECT MAX(t.amount) FROM transfers t WHERE t.hand_id = h.id), 0) AS largest \
               FROM hands h JOIN hand_status s ON s.hand_id = h.id \
               WHERE (?1 IS NULL OR h.started_at >= ?1) AND (?2 IS NULL OR h.started_at < ?2) \
                 AND (?3 IS NULL OR h.shift_id = ?3) AND (?4 IS NULL OR h.dealer_id = ?4) \
                 AND (?5 IS NULL OR h.table_id = ?5) AND (?6 IS NULL OR h.id = ?6) \
                 AND (?7 IS NULL OR (' ' || h.seats || ' ') LIKE '% ' || ?7 || ':%') \
                 AND (?8 = 0 OR EXISTS (SELECT 1 FROM alarms a WHERE a.hand_id = h.id)) \
                 AND (?9 IS NULL OR h.seq < (SELECT b.seq FROM hands b WHERE b.id = ?9)) \
                 AND (?10 IS NULL OR EXISTS ( \
                   SELECT 1 FROM seatings st WHERE st.card = ?10 AND st.table_id = h.table_id \
                     AND st.action = 'seat' AND st.at <= h.started_at \
                     AND (' ' || h.seats || ' ') LIKE '% ' || st.seat || ':%' \
                     AND NOT EXISTS (SELECT 1 FROM seatings u WHERE u.card = st.card \
                       AND u.table_id = st.table_id AND u.action = 'unseat' \
                       AND u.seq > st.seq AND u.at <= h.started_at))) \
             ) h WHERE (?11 IS NULL OR largest >= ?11) \
               AND (?12 IS NULL OR CASE WHEN status = '{voided}' THEN 'voided' \
                    WHEN net > 0 THEN 'won' WHEN net < 0 THEN 'lost' ELSE 'even' END = ?12) \
             {order} LIMIT ?13",
            house = house_side_of_t!(),
            voided = super::HandStatus::Voided.as_str(),
        );
        let mut statement = self.conn.prepare(&sql)?;
        let found: Vec<Vec<Value>> = statement
            .query_map(
                rusqlite::params![
                    from,
                    to,
                    filter.shift,
                    filter.dealer,
                    filter.table.map(|t| t.0),
                    filter.hand.map(|h| h.0),
                    filter.seat,
                    filter.with_alarm,
                    before.map(|h| h.0),
                    filter.player.as_deref(),
                    filter.min_amount.map(|a| a.min(i64::MAX as u64) as i64),
                    outcome,
                    limit.map_or(-1, |l| l.min(i64::MAX as usize) as i64),
                ],
                |r| (0..9).map(|i| r.get::<_, Value>(i)).collect(),
            )?
            .collect::<Result<_, _>>()?;
        let mut hands = Vec::new();
        for values in found {
            let id = rows::int(&values, 0).map_err(LedgerError::bad_row("hands", 0))?;
            let bad = LedgerError::bad_row("hands", id);
            let seats = rows::parse_seats(rows::text(&values, 3).map_err(&bad)?).map_err(&bad)?;
            let house_net = rows::int(&values, 7).map_err(&bad)?;
            let outcome =
                if rows::text(&values, 4).map_err(&bad)? == super::HandStatus::Voided.as_str() {
                    HandOutcome::Voided
                } else {
                    match house_net.signum() {
                        1 => HandOutcome::HouseWon,
                        -1 => HandOutcome::HouseLost,
                        _ => HandOutcome::Even,
                    }
                };
            hands.push(HandSummary {
                id: HandId(id),
                shift: ShiftId(rows::int(&values, 1).map_err(&bad)?),
                dealer: StaffId(rows::int(&values, 2).map_err(&bad)? as u32),
                seats,
                started_at: row_time("hands", id, rows::text(&values, 5).map_err(&bad)?)?,
                ended_at: row_time("hands", id, rows::text(&values, 6).map_err(&bad)?)?,
                outcome,
                house_net,
                largest_transfer: rows::int(&values, 8).map_err(&bad)? as u64,
            });
        }
        Ok(hands)
    }

    /// The table's cumulative win over `shift` for a chart: a point at the
    /// shift's opening (0), then one per hand at its end and one per void at
    /// its time, each the house's net so far in units.
    pub fn win_over_shift(&self, shift: ShiftId) -> Result<Vec<(DateTime<Utc>, i64)>, LedgerError> {
        let mut points = vec![(self.shift_opened_at(shift)?, 0)];
        let mut statement = self.conn.prepare(concat!(
            "SELECT MIN(t.seq), CASE WHEN t.reverses IS NULL THEN h.ended_at ELSE v.voided_at END, SUM(",
            house_side_of_t!(),
            ") FROM transfers t JOIN hands h ON h.id = t.hand_id LEFT JOIN voids v ON v.hand_id = t.hand_id \
             WHERE h.shift_id = ?1 GROUP BY t.hand_id, t.reverses IS NULL ORDER BY MIN(t.seq)",
        ))?;
        let found: Vec<(i64, Option<String>, i64)> = statement
            .query_map([shift], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        let mut total = 0i64;
        for (seq, at, net) in found {
            let at = at.ok_or_else(|| LedgerError::BadRow {
                table: "transfers",
                seq,
                problem: "a reversal without its void".into(),
            })?;
            total += net;
            points.push((row_time("transfers", seq, &at)?, total));
        }
        Ok(points)
    }
}
