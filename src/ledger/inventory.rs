//! The table inventory in the ledger: tray counts, fill and credit slips
//! with their voids, drop, and a shift's figures beside the ledger's own
//! win. The arithmetic is `crate::inventory`'s. See docs/inventory.md.

use chrono::{DateTime, Datelike, Utc};
use rusqlite::OptionalExtension;
use rusqlite::types::Value;

use super::access::{Action, PinEntry, Row};
use super::chain::{COUNT_CORRECTIONS, COUNT_WAIVERS, DROPS, INVENTORY_COUNTS, SLIP_VOIDS, SLIPS};
use super::{AccessError, Ledger, LedgerError, ShiftError, row_time};
use crate::ids::{ShiftId, StaffId, TableId};
use crate::inventory::{ChipCount, Inventory, MAX_TOTAL_UNITS, SlipNumber, Variance};

/// Which tray count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountKind {
    /// At the start of the shift.
    Opener,
    /// At the end.
    Closer,
}

impl CountKind {
    /// The name stored in the ledger.
    pub const fn as_str(self) -> &'static str {
        match self {
            CountKind::Opener => "opener",
            CountKind::Closer => "closer",
        }
    }

    /// The kind with this stored name.
    pub fn parse(name: &str) -> Option<CountKind> {
        [CountKind::Opener, CountKind::Closer]
            .into_iter()
            .find(|k| k.as_str() == name)
    }
}

/// Where a shift's opener or closer stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountState {
    /// Counted by the dealer and a pit boss.
    Counted,
    /// Not counted; a pit boss waived it with a reason.
    Waived,
    /// Neither counted nor waived.
    Missing,
}

/// Fill or credit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlipKind {
    /// Chips brought from the cage to the table.
    Fill,
    /// Chips sent from the table back to the cage.
    Credit,
}

impl SlipKind {
    /// The name stored in the ledger.
    pub const fn as_str(self) -> &'static str {
        match self {
            SlipKind::Fill => "fill",
            SlipKind::Credit => "credit",
        }
    }

    const fn action(self) -> Action {
        match self {
            SlipKind::Fill => Action::Fill,
            SlipKind::Credit => Action::Credit,
        }
    }
}

/// A fill or credit slip as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slip {
    /// Its number, `YYYY-NNNNNN`.
    pub number: String,
    /// Fill or credit.
    pub kind: SlipKind,
    /// The shift.
    pub shift: ShiftId,
    /// Chips by denomination.
    pub chips: ChipCount,
    /// Who asked for it.
    pub requested_by: StaffId,
    /// The pit boss who approved it.
    pub approved_by: StaffId,
    /// When, UTC (RFC 3339).
    pub at: DateTime<Utc>,
    /// If voided: the reason and the two people who voided it.
    pub voided: Option<(String, StaffId, StaffId)>,
}

/// A shift's inventory as recorded, and the ledger's own win beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftInventory {
    /// The shift.
    pub shift: ShiftId,
    /// The latest opener count, if counted.
    pub opener: Option<ChipCount>,
    /// The latest closer count, if counted.
    pub closer: Option<ChipCount>,
    /// The previous shift's closer total at this table (the opener should equal it).
    pub previous_closer: Option<u64>,
    /// Fills, voided slips left out.
    pub fills: u64,
    /// Credits, voided slips left out.
    pub credits: u64,
    /// Cash taken at the table for chips.
    pub drop: u64,
    /// The house's net from the shift's hands, reversals included.
    pub ledger_win: i64,
}

impl ShiftInventory {
    /// The totals for the win formula, once both the opener and the closer are counted.
    pub fn inventory(&self) -> Option<Inventory> {
        Some(Inventory {
            opener: self.opener.as_ref()?.total(),
            closer: self.closer.as_ref()?.total(),
            fills: self.fills,
            credits: self.credits,
            drop: self.drop,
        })
    }

    /// The inventory win beside the ledger's, once both counts are in.
    pub fn variance(&self) -> Option<Variance> {
        self.inventory()
            .map(|inventory| Variance::new(inventory.win(), self.ledger_win))
    }
}

/// The house threshold for recounts: a recount that moves a count's total
/// by more than this many units needs a second pit boss's approval beside
/// its reason (docs/inventory.md, "Recounts").
pub const RECOUNT_SECOND_APPROVAL_ABOVE: u64 = 1_000;

/// Why a count is made again, and who else approved it when the change is
/// over [`RECOUNT_SECOND_APPROVAL_ABOVE`].
#[derive(Debug, Clone, Copy)]
pub struct Recount<'a> {
    /// Why the first count was wrong (not blank).
    pub reason: &'a str,
    /// A second pit boss (not one of the counters), with their PIN.
    pub second: Option<&'a PinEntry<'a>>,
}

impl Ledger {
    /// Records the opener or closer of `shift`: chips by denomination (each
    /// one of the table's denominations), counted by the dealer and a pit
    /// boss, each confirming with their PIN. A recount is a later row (the
    /// latest counts) and needs `recount`: a reason, and a second pit
    /// boss's approval when the total moves by more than
    /// [`RECOUNT_SECOND_APPROVAL_ABOVE`]. Refused, writing nothing, without
    /// them; `recount` is ignored for a first count.
    pub fn record_count(
        &mut self,
        shift: ShiftId,
        kind: CountKind,
        chips: &ChipCount,
        dealer: &PinEntry<'_>,
        pit_boss: &PinEntry<'_>,
        recount: Option<Recount<'_>>,
    ) -> Result<(), LedgerError> {
        let table = self.open_shift_table(shift)?;
        self.check_chips(table, chips)?;
        let correction = match self.latest_count_total(shift, kind)? {
            None => None,
            Some(previous) => Some(check_recount(
                kind,
                previous,
                chips.total(),
                recount,
                [dealer.staff, pit_boss.staff],
            )?),
        };
        // The two counters are the table's dealer and a pit boss (MICS:
        // the count is witnessed by a supervisor).
        let dealer_role = self.role_of(dealer.staff)?;
        if dealer_role != crate::access::Role::Dealer && dealer.staff != pit_boss.staff {
            return Err(AccessError::NotPermitted {
                staff: dealer.staff,
                role: dealer_role,
                action: "count the tray as its dealer",
            }
            .into());
        }
        let mut rows =
            self.two_signatures(dealer, pit_boss, "count the tray without a pit boss")?;
        rows.push((
            &INVENTORY_COUNTS,
            vec![
                Value::Integer(shift.0),
                Value::Text(kind.as_str().into()),
                Value::Text(chips.to_string()),
                Value::Integer(chips.total() as i64),
                Value::Integer(i64::from(dealer.staff)),
                Value::Integer(i64::from(pit_boss.staff)),
                Value::Text(self.now()),
            ],
        ));
        if let Some((previous, reason, second)) = correction {
            if let Some(second) = second {
                rows.extend(self.pit_boss_confirmation(second, "approve a recount")?);
            }
            rows.push((
                &COUNT_CORRECTIONS,
                vec![
                    Value::Integer(shift.0),
                    Value::Text(kind.as_str().into()),
                    Value::Integer(previous as i64),
                    Value::Integer(chips.total() as i64),
                    Value::Text(reason),
                    second.map_or(Value::Null, |s| Value::Integer(i64::from(s.staff))),
                    Value::Text(self.now()),
                ],
            ));
        }
        self.append_rows(&rows).map(drop)
    }

    /// The total of `shift`'s latest opener or closer, if counted.
    fn latest_count_total(
        &self,
        shift: ShiftId,
        kind: CountKind,
    ) -> Result<Option<u64>, LedgerError> {
        Ok(self
            .conn
            .query_row(
                "SELECT total FROM inventory_counts WHERE shift_id = ?1 AND kind = ?2 ORDER BY seq DESC LIMIT 1",
                rusqlite::params![shift, kind.as_str()],
                |r| r.get::<_, i64>(0),
            )
            .optional()?
            .map(|total| total.max(0) as u64))
    }

    /// Whether `shift`'s opener or closer was counted, waived or neither.
    pub fn count_state(&self, shift: ShiftId, kind: CountKind) -> Result<CountState, LedgerError> {
        let (counted, waived): (bool, bool) = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM inventory_counts WHERE shift_id = ?1 AND kind = ?2), \
                    EXISTS (SELECT 1 FROM count_waivers WHERE shift_id = ?1 AND kind = ?2)",
            rusqlite::params![shift, kind.as_str()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(if counted {
            CountState::Counted
        } else if waived {
            CountState::Waived
        } else {
            CountState::Missing
        })
    }

    /// Records that `shift`'s opener or closer is not counted, for `reason`,
    /// on a pit boss's PIN: play may then start without an opener, or the
    /// table close without a closer. The report shows the waiver. Refused
    /// when the count was made or waived already.
    pub fn waive_count(
        &mut self,
        shift: ShiftId,
        kind: CountKind,
        reason: &str,
        pit_boss: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(LedgerError::ReasonRequired);
        }
        self.open_shift_table(shift)?;
        let done = match self.count_state(shift, kind)? {
            CountState::Counted => Some("counted"),
            CountState::Waived => Some("waived"),
            CountState::Missing => None,
        };
        if let Some(done) = done {
            return Err(ShiftError::NothingToWaive {
                kind: kind.as_str(),
                shift,
                done,
            }
            .into());
        }
        let mut rows = self.pit_boss_confirmation(pit_boss, "waive a tray count")?;
        rows.push((
            &COUNT_WAIVERS,
            vec![
                Value::Integer(shift.0),
                Value::Text(kind.as_str().into()),
                Value::Text(reason.into()),
                Value::Integer(i64::from(pit_boss.staff)),
                Value::Text(self.now()),
            ],
        ));
        self.append_rows(&rows).map(drop)
    }

    /// Refuses chips the table does not use (or any chips before
    /// denominations are set).
    fn check_chips(&self, table: TableId, chips: &ChipCount) -> Result<(), LedgerError> {
        let denominations = self
            .denominations(table)?
            .ok_or(ShiftError::NoDenominations(table))?;
        ChipCount::new(&denominations, chips.counts())?;
        Ok(())
    }

    /// Records a fill or credit for `shift`, asked for by `requested_by` and
    /// approved by a pit boss (not the one who asked) with their PIN, under
    /// the next slip number of the current year. Returns the number.
    pub fn record_slip(
        &mut self,
        kind: SlipKind,
        shift: ShiftId,
        chips: &ChipCount,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<String, LedgerError> {
        let table = self.open_shift_table(shift)?;
        self.check_chips(table, chips)?;
        if chips.total() == 0 {
            return Err(crate::inventory::InventoryError::EmptySlip.into());
        }
        let year = self.clock.now().year();
        let last: Option<String> = self
            .conn
            .query_row(
                "SELECT number FROM slips WHERE number LIKE ?1 ORDER BY id DESC LIMIT 1",
                [format!("{year:04}-%")],
                |r| r.get(0),
            )
            .optional()?;
        let number =
            SlipNumber::next(year, last.as_deref().and_then(SlipNumber::parse)).to_string();
        let detail = format!(
            "{} {number}: {} units ({chips})",
            kind.as_str(),
            chips.total()
        );
        let mut rows = self.approval(
            kind.action(),
            Some(table),
            None,
            requested_by,
            approver,
            &detail,
        )?;
        rows.push((
            &SLIPS,
            vec![
                Value::Integer(self.next_id(&SLIPS)?),
                Value::Text(number.clone()),
                Value::Text(kind.as_str().into()),
                Value::Integer(shift.0),
                Value::Text(chips.to_string()),
                Value::Integer(chips.total() as i64),
                Value::Integer(i64::from(requested_by)),
                Value::Integer(i64::from(approver.staff)),
                Value::Text(self.now()),
            ],
        ));
        self.append_rows(&rows)?;
        Ok(number)
    }

    /// Voids slip `number` with `reason`, signed by two different people
    /// with their PINs, one of them a pit boss. The slip stays on record.
    pub fn void_slip(
        &mut self,
        number: &str,
        reason: &str,
        first: &PinEntry<'_>,
        second: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(LedgerError::ReasonRequired);
        }
        let found: Option<(i64, bool)> = self
            .conn
            .query_row(
                "SELECT id, EXISTS (SELECT 1 FROM slip_voids WHERE slip_id = slips.id) FROM slips WHERE number = ?1",
                [number],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let (slip, voided) = found.ok_or_else(|| ShiftError::NoSuchSlip(number.to_owned()))?;
        if voided {
            return Err(ShiftError::SlipVoided(number.to_owned()).into());
        }
        let mut rows: Vec<Row> =
            self.two_signatures(first, second, "void a slip without a pit boss")?;
        rows.push((
            &SLIP_VOIDS,
            vec![
                Value::Integer(slip),
                Value::Text(reason.into()),
                Value::Integer(i64::from(first.staff)),
                Value::Integer(i64::from(second.staff)),
                Value::Text(self.now()),
            ],
        ));
        self.append_rows(&rows).map(drop)
    }

    /// The slips of `shift` in order, voided ones included and marked.
    pub fn slips(&self, shift: ShiftId) -> Result<Vec<Slip>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT slips.seq, number, kind, shift_id, chips, requested_by, approved_by, at, \
                    slip_voids.reason, slip_voids.first_by, slip_voids.second_by \
             FROM slips LEFT JOIN slip_voids ON slip_voids.slip_id = slips.id \
             WHERE shift_id = ?1 ORDER BY slips.seq",
        )?;
        type SlipRow = (
            i64,
            String,
            String,
            i64,
            String,
            StaffId,
            StaffId,
            String,
            Option<String>,
            Option<StaffId>,
            Option<StaffId>,
        );
        let found: Vec<SlipRow> = statement
            .query_map([shift], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                    r.get(9)?,
                    r.get(10)?,
                ))
            })?
            .collect::<Result<_, _>>()?;
        found
            .into_iter()
            .map(
                |(
                    seq,
                    number,
                    kind,
                    shift,
                    chips,
                    requested_by,
                    approved_by,
                    at,
                    reason,
                    first,
                    second,
                )| {
                    let bad = |problem: String| LedgerError::BadRow {
                        table: "slips",
                        seq,
                        problem,
                    };
                    let kind = match kind.as_str() {
                        "fill" => SlipKind::Fill,
                        "credit" => SlipKind::Credit,
                        other => return Err(bad(format!("unknown kind {other:?}"))),
                    };
                    Ok(Slip {
                        number,
                        kind,
                        shift: ShiftId(shift),
                        chips: ChipCount::parse(&chips).map_err(|e| bad(e.to_string()))?,
                        requested_by,
                        approved_by,
                        at: row_time("slips", seq, &at).map_err(|e| bad(e.to_string()))?,
                        voided: match (reason, first, second) {
                            (Some(reason), Some(first), Some(second)) => {
                                Some((reason, first, second))
                            }
                            _ => None,
                        },
                    })
                },
            )
            .collect()
    }

    /// Records cash taken at the table for chips during `shift`, confirmed
    /// by a pit boss with their PIN; the confirmation and the drop are one
    /// write.
    pub fn record_drop(
        &mut self,
        shift: ShiftId,
        amount: u64,
        pit_boss: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        if amount == 0 || amount > MAX_TOTAL_UNITS {
            return Err(ShiftError::BadDrop { amount }.into());
        }
        self.open_shift_table(shift)?;
        let mut rows = self.pit_boss_confirmation(pit_boss, "record the drop")?;
        rows.push((
            &DROPS,
            vec![
                Value::Integer(shift.0),
                Value::Integer(amount as i64),
                Value::Integer(i64::from(pit_boss.staff)),
                Value::Text(self.now()),
            ],
        ));
        self.append_rows(&rows).map(drop)
    }

    /// The house's net over the hands of `shift`: what the house received
    /// less what it paid, reversals of voided hands included.
    pub fn ledger_win(&self, shift: ShiftId) -> Result<i64, LedgerError> {
        Ok(self.conn.query_row(
            concat!(
                "SELECT COALESCE(SUM(",
                house_side_of_t!(),
                "), 0) FROM transfers t JOIN hands h ON h.id = t.hand_id WHERE h.shift_id = ?1"
            ),
            [shift],
            |r| r.get(0),
        )?)
    }

    /// Everything the win formula needs for `shift`, and the ledger's win.
    pub fn shift_inventory(&self, shift: ShiftId) -> Result<ShiftInventory, LedgerError> {
        let table: TableId = self
            .conn
            .query_row("SELECT table_id FROM shifts WHERE id = ?1", [shift], |r| {
                r.get(0)
            })
            .optional()?
            .ok_or(ShiftError::NoSuchShift(shift))?;
        let count = |kind: CountKind| -> Result<Option<ChipCount>, LedgerError> {
            let found: Option<(i64, String)> = self
                .conn
                .query_row(
                    "SELECT seq, chips FROM inventory_counts WHERE shift_id = ?1 AND kind = ?2 ORDER BY seq DESC LIMIT 1",
                    rusqlite::params![shift, kind.as_str()],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            found
                .map(|(seq, chips)| {
                    ChipCount::parse(&chips).map_err(|e| LedgerError::BadRow {
                        table: "inventory_counts",
                        seq,
                        problem: e.to_string(),
                    })
                })
                .transpose()
        };
        let previous_closer: Option<i64> = self
            .conn
            .query_row(
                "SELECT total FROM inventory_counts JOIN shifts ON shifts.id = inventory_counts.shift_id \
                 WHERE shifts.table_id = ?1 AND shifts.id < ?2 AND kind = 'closer' \
                 ORDER BY inventory_counts.seq DESC LIMIT 1",
                rusqlite::params![table, shift],
                |r| r.get(0),
            )
            .optional()?;
        let slips = |kind: SlipKind| -> Result<i64, LedgerError> {
            Ok(self.conn.query_row(
                "SELECT COALESCE(SUM(total), 0) FROM slips WHERE shift_id = ?1 AND kind = ?2 \
                 AND id NOT IN (SELECT slip_id FROM slip_voids)",
                rusqlite::params![shift, kind.as_str()],
                |r| r.get(0),
            )?)
        };
        let drop: i64 = self.conn.query_row(
            "SELECT COALESCE(SUM(amount), 0) FROM drops WHERE shift_id = ?1",
            [shift],
            |r| r.get(0),
        )?;
        Ok(ShiftInventory {
            shift,
            opener: count(CountKind::Opener)?,
            closer: count(CountKind::Closer)?,
            previous_closer: previous_closer.map(|t| t as u64),
            fills: slips(SlipKind::Fill)? as u64,
            credits: slips(SlipKind::Credit)? as u64,
            drop: drop as u64,
            ledger_win: self.ledger_win(shift)?,
        })
    }
}

/// Checks a recount's reason and, over the house threshold, its second
/// approver (who must not be a counter; their role and PIN are checked
/// when the rows are made); returns the previous
/// total, the reason and the approver.
fn check_recount<'a>(
    kind: CountKind,
    previous: u64,
    total: u64,
    recount: Option<Recount<'a>>,
    counters: [StaffId; 2],
) -> Result<(u64, String, Option<&'a PinEntry<'a>>), LedgerError> {
    let refuse = |why: String| Err(LedgerError::RecountRefused(why));
    let what = kind.as_str();
    let reason = recount.map(|r| r.reason.trim()).unwrap_or_default();
    if reason.is_empty() {
        return refuse(format!(
            "the {what} was counted already ({previous} units): a recount needs a reason"
        ));
    }
    let change = total.abs_diff(previous);
    let second = recount.and_then(|r| r.second);
    if change <= RECOUNT_SECOND_APPROVAL_ABOVE {
        return Ok((previous, reason.to_owned(), second));
    }
    let Some(second) = second else {
        return refuse(format!(
            "this recount changes the {what} by {change} units (from {previous} to {total}): over {RECOUNT_SECOND_APPROVAL_ABOVE}, a second pit boss must approve it with their PIN"
        ));
    };
    if counters.contains(&second.staff) {
        return refuse(format!(
            "the second approval of a recount must come from a pit boss who did not count: staff {} counted",
            second.staff
        ));
    }
    Ok((previous, reason.to_owned(), Some(second)))
}
