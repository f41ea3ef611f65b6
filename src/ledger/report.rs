//! Shift reports: the figures a report prints, gathered from the ledger with
//! SQL and returned as typed data, and the record of every print (the
//! `report_prints` table, in the chain). Rendering is `crate::report`'s job;
//! nothing here formats a page. See docs/reports.md.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::path::Path;

use chrono::{DateTime, Utc};
use rusqlite::types::Value;
use rusqlite::{OptionalExtension, params};
use thiserror::Error;

use super::chain::REPORT_PRINTS;
use super::{AlarmKind, CountKind, DENOMINATIONS_KEY, SlipKind, rows};
use super::{ChainHead, Ledger, LedgerError, PinEntry, VerifyOptions, row_time, timestamp, verify};
use crate::engine::card::{Decks, Rank};
use crate::engine::hand::GameKind;
use crate::engine::money::{Account, Transfer, TransferKind};
use crate::engine::rules::HouseRules;
use crate::par::hold::{
    ExpectedHold, RocketHandBets, StarboardHandTable, rocket_expected, starboard_expected,
};
use crate::simulate::Strategy;

/// How many of the largest Rocket payouts a report lists.
pub const LARGEST_PAYOUTS: usize = 5;

/// How many discrepancies of the chain check a report quotes.
pub const QUOTED_DISCREPANCIES: usize = 5;

/// The table setting that names the casino on the report's header.
pub const CASINO_SETTING: &str = "casino_name";

/// Which hands a report covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Period {
    /// The table's most recently opened shift.
    LatestShift,
    /// One shift, by id.
    Shift(i64),
    /// Hands started from `from` (inclusive) to `to` (exclusive).
    Range {
        /// The start, UTC.
        from: DateTime<Utc>,
        /// The end, UTC.
        to: DateTime<Utc>,
    },
}

/// What to report on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportQuery {
    /// The table's name or id; None: the ledger's only table.
    pub table: Option<String>,
    /// The hands covered.
    pub period: Period,
    /// The casino name to print, overriding the table setting `casino_name`.
    pub casino: Option<String>,
}

/// Why a report could not be gathered: one sentence.
#[derive(Debug, Error)]
pub enum ReportError {
    /// The ledger failed.
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    /// No table matches `--table`.
    #[error("the ledger has no table {0:?}")]
    NoSuchTable(String),
    /// Several tables and none chosen.
    #[error("the ledger has {0} tables ({1}); choose one with --table")]
    WhichTable(usize, String),
    /// A ledger whose staff have PINs is printed by a named pit boss.
    #[error(
        "name the pit boss who prints (--by ID): every print of this ledger names who printed it"
    )]
    NobodyPrinting,
    /// The ledger has no table at all.
    #[error("the ledger has no tables yet, so there is nothing to report")]
    NoTables,
    /// No such shift at the table.
    #[error("table {table} has no shift {shift}")]
    NoSuchShift {
        /// The table's name.
        table: String,
        /// The shift asked for.
        shift: i64,
    },
    /// The table has never opened a shift.
    #[error("table {0} has no shifts yet")]
    NoShifts(String),
    /// A time range that ends before it starts.
    #[error("the period ends ({to}) before it starts ({from})")]
    BackwardsRange {
        /// The start.
        from: String,
        /// The end.
        to: String,
    },
    /// The chain check could not finish.
    #[error("the chain check stopped unexpectedly")]
    CheckStopped,
}

impl From<rusqlite::Error> for ReportError {
    fn from(error: rusqlite::Error) -> ReportError {
        ReportError::Ledger(LedgerError::Sqlite(error))
    }
}

/// A staff member as printed: name and staff id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffRef {
    /// The staff id (the signature on a record).
    pub id: u32,
    /// The name recorded with it ("unknown" if the id is not in `staff`).
    pub name: String,
}

impl fmt::Display for StaffRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (#{})", self.name, self.id)
    }
}

/// The header: where, what and who.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// The casino's name, if set (table setting or `--casino`).
    pub casino: Option<String>,
    /// The table's id.
    pub table_id: i64,
    /// The table's name.
    pub table_name: String,
    /// The table's game.
    pub game: GameKind,
    /// The house rules the hands were dealt under, in order of first use.
    pub rules: Vec<HouseRules>,
    /// The shift, if the report covers one.
    pub shift: Option<i64>,
    /// When the shift opened (or the range starts).
    pub start: DateTime<Utc>,
    /// When the shift closed (or the range ends); None while it is open.
    pub end: Option<DateTime<Utc>>,
    /// Dealers on duty: the dealers of the hands and of the shift's opening and closing.
    pub dealers: Vec<StaffRef>,
    /// Pit bosses on duty: who opened or closed the shift and who approved voids and manual cards.
    pub pit_bosses: Vec<StaffRef>,
}

/// Play figures.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayFigures {
    /// Hands recorded in the period (voided ones included).
    pub hands: u64,
    /// Of those, hands voided (abandoned mid-play or voided later).
    pub voided: u64,
    /// The first and last hand ids.
    pub hand_ids: Option<(i64, i64)>,
    /// When the last hand ended.
    pub last_hand_end: Option<DateTime<Utc>>,
    /// Shoes the hands were dealt from.
    pub shoes: u64,
    /// Shuffles of the software shoe (the first included).
    pub shuffles: u64,
    /// Of those, shuffles forced mid-hand.
    pub mid_hand_shuffles: u64,
    /// Reshuffles of a physical shoe.
    pub external_shuffles: u64,
    /// Cards dealt into hands.
    pub cards_dealt: u64,
    /// Cards burned.
    pub cards_burned: u64,
    /// Units wagered: Rocket bets; Starboard antes and draws (hands that stand).
    pub wagered: u64,
    /// What the house should have won (Rocket, the best play) or raked
    /// (Starboard) over the hands that stand, and its 95% range; None
    /// without hands.
    pub expected_hold: Option<ExpectedHold>,
    /// What it did: Rocket, the house's net from the hands (the ledger
    /// win); Starboard, the rake.
    pub actual_hold: i64,
}

/// A count and an amount of one kind of transfer, net of reversals (a
/// voided hand's transfers and their reversals cancel out).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KindTotal {
    /// Transfers.
    pub count: i64,
    /// Table units.
    pub amount: i64,
}

impl KindTotal {
    fn add(&mut self, other: KindTotal) {
        self.count += other.count;
        self.amount += other.amount;
    }
}

/// One payout by the house.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payout {
    /// The hand.
    pub hand: i64,
    /// The seat paid.
    pub seat: u8,
    /// Why.
    pub kind: TransferKind,
    /// The rank it was figured from.
    pub rank: Option<Rank>,
    /// Table units.
    pub amount: u64,
}

/// Rocket's figures (hands that stand).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RocketFigures {
    /// Players' pair losses by rank (index: rank − 1).
    pub pair_losses: [KindTotal; 10],
    /// Fold fees.
    pub fold_fees: KindTotal,
    /// The dealer's pair payouts by rank (index: rank − 1).
    pub dealer_pairs: [KindTotal; 10],
    /// The dealer's 3 payouts.
    pub dealer_threes: KindTotal,
    /// The largest payouts, largest first (at most [`LARGEST_PAYOUTS`]).
    pub largest_payouts: Vec<Payout>,
}

/// Starboard's figures (hands that stand).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StarboardFigures {
    /// Pots awarded.
    pub pots: u64,
    /// Of those, pots split between several winners.
    pub split_pots: u64,
    /// Antes.
    pub antes: KindTotal,
    /// Draws.
    pub draws: KindTotal,
    /// Carry from the previous pot into these.
    pub carry_in: KindTotal,
    /// Pot shares paid to winners.
    pub pot_awards: KindTotal,
    /// The house's rake.
    pub rake: KindTotal,
    /// Odd units carried to the next pot.
    pub carry_out: KindTotal,
}

/// The game's own figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameFigures {
    /// A Rocket table.
    Rocket(Box<RocketFigures>),
    /// A Starboard table.
    Starboard(StarboardFigures),
}

/// A chip count by denomination (an opener or a closer): the latest count
/// of its kind for its shift (a recount supersedes, and is listed among the
/// corrections).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChipCount {
    /// The shift counted.
    pub shift: i64,
    /// (denomination in table units, chips), highest denomination first.
    pub chips: Vec<(u64, u64)>,
    /// When it was counted.
    pub at: DateTime<Utc>,
    /// The dealer who counted.
    pub dealer: StaffRef,
    /// The pit boss who counted with the dealer.
    pub pit_boss: StaffRef,
}

impl ChipCount {
    /// The count's value in table units.
    pub fn total(&self) -> u64 {
        chips_total(&self.chips)
    }
}

fn chips_total(chips: &[(u64, u64)]) -> u64 {
    chips.iter().map(|(denomination, n)| denomination * n).sum()
}

/// How a slip was voided: it stays on record and leaves the totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlipVoid {
    /// Why.
    pub reason: String,
    /// The two people who voided it, each with their PIN (one a pit boss).
    pub by: [StaffRef; 2],
    /// When.
    pub at: DateTime<Utc>,
}

/// A fill or credit slip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slip {
    /// The slip's number, `YYYY-NNNNNN`.
    pub number: String,
    /// The shift it was issued in.
    pub shift: i64,
    /// When it was issued.
    pub at: DateTime<Utc>,
    /// (denomination, chips), highest first.
    pub chips: Vec<(u64, u64)>,
    /// Who asked for it (the dealer).
    pub requested_by: StaffRef,
    /// The pit boss who approved it.
    pub approved_by: StaffRef,
    /// Set if the slip was voided.
    pub voided: Option<SlipVoid>,
}

impl Slip {
    /// The slip's value in table units (voided or not).
    pub fn total(&self) -> u64 {
        chips_total(&self.chips)
    }

    /// What the slip adds to the totals: its value, or 0 once voided.
    pub fn counted(&self) -> u64 {
        if self.voided.is_some() {
            0
        } else {
            self.total()
        }
    }
}

/// The table inventory and the two wins. `None` means "not recorded": the
/// table keeps no inventory in this ledger (no chip denominations are set
/// and nothing was recorded), which the report says in words; an empty list
/// or a drop of 0 means "recorded: none".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inventory {
    /// The shifts these counts, slips and drop belong to, oldest first: the
    /// report's shift, or every shift a period overlaps.
    pub shifts: Vec<i64>,
    /// Of those, the shifts with hands outside the period (a period report
    /// only): their inventory covers hands the ledger win does not, so no
    /// variance is computed.
    pub beyond_period: Vec<i64>,
    /// The opening count (of the first shift).
    pub opener: Option<ChipCount>,
    /// The closing count (of the last shift).
    pub closer: Option<ChipCount>,
    /// Fills from the cage, voided ones included and marked.
    pub fills: Option<Vec<Slip>>,
    /// Credits to the cage, voided ones included and marked.
    pub credits: Option<Vec<Slip>>,
    /// Cash and markers dropped at the table, in table units.
    pub drop: Option<u64>,
    /// The house's net over the period's transfers, reversals included.
    pub ledger_win: i64,
    /// When the first shift's first hand started, if that was before its
    /// opener was counted (or with no opener counted or waived): hands
    /// were dealt before the tray was counted. Only at a table that keeps
    /// its inventory (chip denominations set).
    pub play_before_opener: Option<DateTime<Utc>>,
    /// Month and year to date, as of the last of `shifts` (None when the
    /// report covers no shift).
    pub to_date: Option<ToDateFigures>,
}

/// Drop, inventory win and hold summed over shifts: a month or a year to
/// date, at one table or at every table of its game in the ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToDate {
    /// From the first of the month or year, 00:00 UTC, up to and including
    /// the report's last shift (shifts counted by when they opened).
    pub since: DateTime<Utc>,
    /// Shifts with both counts (opener and closer): summed.
    pub shifts: u32,
    /// Shifts without both counts (no inventory win): left out.
    pub left_out: u32,
    /// The summed shifts' drops, in table units.
    pub drop: u64,
    /// Their inventory wins (closer + credits + drop − opener − fills).
    pub win: i64,
}

impl ToDate {
    /// Win ÷ drop in basis points ([`crate::inventory::hold_basis_points`]);
    /// None without a drop.
    pub fn hold_basis_points(&self) -> Option<i64> {
        crate::inventory::hold_basis_points(self.win, self.drop)
    }
}

/// Month and year to date at the report's table and at every table of its
/// game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToDateFigures {
    /// The game (for "every Rocket table").
    pub game: GameKind,
    /// This table, month to date.
    pub table_month: ToDate,
    /// This table, year to date.
    pub table_year: ToDate,
    /// Every table of the game, month to date.
    pub game_month: ToDate,
    /// Every table of the game, year to date.
    pub game_year: ToDate,
}

impl Inventory {
    /// The slips' total, voided slips left out.
    pub fn total_of(slips: &Option<Vec<Slip>>) -> Option<u64> {
        slips.as_ref().map(|s| s.iter().map(Slip::counted).sum())
    }

    /// Win by the inventory formula: closer + credits + drop − opener − fills
    /// ([`crate::inventory::Inventory::win`]); None unless all five were recorded.
    pub fn inventory_win(&self) -> Option<i64> {
        let totals = crate::inventory::Inventory {
            opener: self.opener.as_ref()?.total(),
            closer: self.closer.as_ref()?.total(),
            fills: Inventory::total_of(&self.fills)?,
            credits: Inventory::total_of(&self.credits)?,
            drop: self.drop?,
        };
        Some(totals.win())
    }

    /// Inventory win minus ledger win; None without an inventory win, or
    /// when the inventory's shifts hold hands outside the period.
    pub fn variance(&self) -> Option<i64> {
        if !self.beyond_period.is_empty() {
            return None;
        }
        Some(self.inventory_win()?.saturating_sub(self.ledger_win))
    }

    /// Hold: inventory win ÷ drop in basis points
    /// ([`crate::inventory::hold_basis_points`]); None without a win or with no drop.
    pub fn hold_basis_points(&self) -> Option<i64> {
        crate::inventory::hold_basis_points(self.inventory_win()?, self.drop?)
    }

    /// What was not recorded, one phrase each ("the opener", "fills", ...).
    pub fn not_counted(&self) -> Vec<&'static str> {
        [
            (self.opener.is_none(), "the opener"),
            (self.closer.is_none(), "the closer"),
            (self.fills.is_none(), "fills"),
            (self.credits.is_none(), "credits"),
            (self.drop.is_none(), "the drop"),
        ]
        .into_iter()
        .filter_map(|(missing, what)| missing.then_some(what))
        .collect()
    }
}

/// A voided hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoidEntry {
    /// The hand.
    pub hand: i64,
    /// Why.
    pub reason: String,
    /// The approving pit boss.
    pub approved_by: StaffRef,
    /// When.
    pub at: DateTime<Utc>,
    /// Table units moved back by the reversing transfers.
    pub reversed: u64,
}

/// A card entered by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualCard {
    /// The hand.
    pub hand: i64,
    /// The hand's step.
    pub step: i64,
    /// The card.
    pub rank: Rank,
    /// Where it went (`seat 3`, `dealer`, `common`, `burn`).
    pub destination: String,
    /// The approving pit boss, if recorded.
    pub approved_by: Option<StaffRef>,
    /// When.
    pub at: DateTime<Utc>,
}

/// What a correction corrected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CorrectionKind {
    /// A fill or credit slip voided: it stays on record, marked, and leaves
    /// the totals.
    SlipVoid {
        /// The slip's number.
        number: String,
        /// Fill or credit.
        slip: SlipKind,
        /// The slip's value, now left out.
        units: u64,
    },
    /// A tray count waived by a pit boss: the opener or closer was not
    /// counted, for the reason given.
    CountWaived {
        /// Opener or closer.
        count: CountKind,
        /// The shift.
        shift: i64,
    },
    /// A tray counted again: the later count stands.
    Recount {
        /// Opener or closer.
        count: CountKind,
        /// The shift.
        shift: i64,
        /// The total of the count it replaces.
        before: u64,
        /// The new total.
        after: u64,
    },
}

/// A correction: a later ledger row that changes what an earlier one
/// counts for (rows are never altered).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    /// When.
    pub at: DateTime<Utc>,
    /// What was corrected.
    pub kind: CorrectionKind,
    /// The reason given, where the ledger asks for one.
    pub reason: Option<String>,
    /// Who signed it, each with their PIN.
    pub by: Vec<StaffRef>,
}

/// The approval an alarm was cleared under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClearedUnder {
    /// A pit boss's scanner override (approval `scanner_override`).
    ScannerOverride,
    /// A pit boss's approval of a card entered by hand (`manual_card`).
    ManualCard,
}

/// How an alarm was cleared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlarmClear {
    /// When.
    pub at: DateTime<Utc>,
    /// The way out taken, in words.
    pub how: String,
    /// Who cleared it.
    pub by: StaffRef,
    /// The pit boss's approval it was cleared under (by the same person),
    /// and who asked for it; None when no approval was needed (a re-read,
    /// a dealer's acknowledgement).
    pub approval: Option<(ClearedUnder, StaffRef)>,
}

/// A scanner alarm at the table (any fault that stopped play).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlarmEntry {
    /// The alarm's id.
    pub id: i64,
    /// What raised it.
    pub kind: AlarmKind,
    /// The fault in one sentence.
    pub message: String,
    /// The hand, if one was in progress.
    pub hand: Option<i64>,
    /// When it was raised.
    pub raised_at: DateTime<Utc>,
    /// How it was cleared; None while it is open.
    pub cleared: Option<AlarmClear>,
}

/// Exceptions: everything a pit boss or auditor must look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exceptions {
    /// Voids, with reasons and approvers.
    pub voids: Vec<VoidEntry>,
    /// Cards entered by hand.
    pub manual_cards: Vec<ManualCard>,
    /// Corrections of the inventory (voided slips, recounts), in ledger order.
    pub corrections: Vec<Correction>,
    /// Alarms at the table raised or cleared in the period, in ledger order.
    pub alarms: Vec<AlarmEntry>,
    /// Staff added and PINs reset by someone else in the period's time
    /// window, at any table of this ledger, in ledger order.
    pub staff_changes: Vec<StaffChange>,
}

/// A staff member added, or a PIN reset by someone else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffChange {
    /// When.
    pub at: DateTime<Utc>,
    /// What was done, in words (the approval's detail).
    pub what: String,
    /// Who did it, and who approved it when that was someone else.
    pub by: Vec<StaffRef>,
}

/// The chain at the moment of printing and the result of checking it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Integrity {
    /// Rows and head hash as checked (before this print's own row).
    pub head: ChainHead,
    /// Hands the check replayed.
    pub hands_checked: u64,
    /// Discrepancies found.
    pub discrepancies: u64,
    /// The first few, as sentences.
    pub quoted: Vec<String>,
    /// The fingerprint of the station key that signs the ledger (None if
    /// no key has signed it).
    pub station_key: Option<String>,
}

/// This print of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintStamp {
    /// 1 for the first print of this table and period, 2 for the next, …
    pub number: i64,
    /// When this print was recorded.
    pub printed_at: DateTime<Utc>,
    /// When the first print was, for a reprint.
    pub first_printed_at: Option<DateTime<Utc>>,
    /// The staff member who printed it (None: a simulation's ledger, whose
    /// staff have no PINs).
    pub printed_by: Option<StaffRef>,
}

impl PrintStamp {
    /// Whether this is a reprint (stamped REPRINT).
    pub fn is_reprint(&self) -> bool {
        self.number > 1
    }
}

/// Everything a shift report prints.
#[derive(Debug, Clone, PartialEq)]
pub struct ShiftReport {
    /// Where, what and who.
    pub header: Header,
    /// Table inventory and win.
    pub inventory: Inventory,
    /// Play figures.
    pub play: PlayFigures,
    /// The game's figures.
    pub game: GameFigures,
    /// Exceptions.
    pub exceptions: Exceptions,
    /// The chain check.
    pub integrity: Integrity,
    /// This print.
    pub print: PrintStamp,
}

impl ShiftReport {
    /// Hands per hour in tenths (123 means 12.3), over the shift's open
    /// time (to the last hand's end while it is open); None if no time passed.
    pub fn hands_per_hour_tenths(&self) -> Option<u64> {
        let end = self.header.end.or(self.play.last_hand_end)?;
        let micros = (end - self.header.start).num_microseconds()?;
        let micros = u128::try_from(micros).ok().filter(|m| *m > 0)?;
        let tenths = u128::from(self.play.hands) * 36_000_000_000 / micros;
        u64::try_from(tenths).ok()
    }
}

/// A hand as the expected hold needs it.
struct DealtHand {
    id: i64,
    decks: i64,
    rules_hash: String,
    /// (seat, bet) per player.
    bets: Vec<(u8, u64)>,
}

/// A shift as a report chooser lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftSpan {
    /// The shift's id.
    pub id: i64,
    /// When it opened.
    pub opened_at: DateTime<Utc>,
    /// When it closed; None while it is open.
    pub closed_at: Option<DateTime<Utc>>,
}

/// The hand selection every query shares: ?1 table, ?2 shift or NULL, ?3
/// and ?4 the time range or NULL.
const IN_PERIOD: &str = "h.table_id = ?1 AND (?2 IS NULL OR h.shift_id = ?2) \
     AND (?3 IS NULL OR h.started_at >= ?3) AND (?4 IS NULL OR h.started_at < ?4)";

/// The resolved period: bound parameters and the header's times.
struct Resolved {
    table_id: i64,
    table_name: String,
    game: GameKind,
    shift: Option<i64>,
    from: Option<String>,
    to: Option<String>,
    start: DateTime<Utc>,
    end: Option<DateTime<Utc>>,
    /// The period's time window `[from, to)` as stored text (to: NULL while
    /// the shift is open), for rows tied to the table rather than a hand.
    window: [Value; 2],
    /// Staff who opened and closed the shift.
    shift_staff: Vec<u32>,
}

impl Resolved {
    fn params(&self) -> [Value; 4] {
        let text = |t: &Option<String>| t.clone().map_or(Value::Null, Value::Text);
        [
            Value::Integer(self.table_id),
            self.shift.map_or(Value::Null, Value::Integer),
            text(&self.from),
            text(&self.to),
        ]
    }
}

/// Stored chips (`denomination:count` pairs) as printed: highest denomination first.
fn chips(table: &'static str, seq: i64, text: &str) -> Result<Vec<(u64, u64)>, LedgerError> {
    let count = crate::inventory::ChipCount::parse(text).map_err(|e| LedgerError::BadRow {
        table,
        seq,
        problem: e.to_string(),
    })?;
    Ok(count.counts().iter().rev().copied().collect())
}

fn bad(table: &'static str, seq: i64) -> impl Fn(rows::BadRow) -> LedgerError {
    LedgerError::bad_row(table, seq)
}

/// The house's net from one transfer.
fn house_net(t: &Transfer) -> i64 {
    let amount = t.amount as i64;
    match (t.from, t.to) {
        (Account::House, _) => -amount,
        (_, Account::House) => amount,
        _ => 0,
    }
}

/// A report's figures as gathered, before the print is recorded.
type Gathered = (Header, Inventory, PlayFigures, GameFigures, Exceptions);

/// Checks the whole chain of the ledger file at `path` with
/// [`verify`](super::verify) for a report's integrity section, quoting the
/// first few discrepancies. Opens its own read-only connection, so it can
/// run on another thread while the ledger is in use; on a long ledger it
/// takes seconds.
pub fn check_chain(path: &Path, options: &VerifyOptions) -> Result<Integrity, LedgerError> {
    let mut quoted = Vec::new();
    let summary = verify(path, options, |d| {
        if quoted.len() < QUOTED_DISCREPANCIES {
            quoted.push(d.to_string());
        }
    })?;
    Ok(Integrity {
        head: summary.head,
        hands_checked: summary.hands,
        discrepancies: summary.discrepancies,
        quoted,
        station_key: summary
            .station_key
            .map(|key| crate::keys::fingerprint(&key)),
    })
}

impl Ledger {
    /// Gathers the report for `query`, checks the whole chain with
    /// [`check_chain`] (on a second thread, while the figures are
    /// gathered) and records this print in `report_prints`, numbering it
    /// after earlier prints of the same table and period. The figures are
    /// read before the print row is appended; the integrity section pins
    /// the chain as checked. See [`Ledger::print_checked_report`] for `by`
    /// and `deliver`.
    pub fn print_shift_report<E: From<ReportError>>(
        &mut self,
        query: &ReportQuery,
        by: Option<&PinEntry<'_>>,
        deliver: impl FnOnce(&ShiftReport) -> Result<(), E>,
    ) -> Result<ShiftReport, E> {
        let path = self.path().to_path_buf();
        let options = self.verify_options();
        let resolved = self.resolve(query)?;
        let (gathered, checked) = std::thread::scope(|scope| {
            let check = scope.spawn(|| check_chain(&path, &options));
            let gathered = self.gather(query, &resolved);
            (gathered, check.join())
        });
        let gathered = gathered.map_err(ReportError::from)?;
        let integrity = checked
            .map_err(|_| ReportError::CheckStopped)?
            .map_err(ReportError::from)?;
        self.record_report(&resolved, gathered, integrity, by, deliver)
    }

    /// [`Ledger::print_shift_report`] with the chain already checked by
    /// [`check_chain`] (on another thread, so a window stays responsive).
    ///
    /// `by` is who prints: a pit boss, whose PIN is confirmed now (the
    /// confirmation is recorded with the print). Only a ledger whose staff
    /// have no PINs (a simulation's) is printed by nobody. `deliver` gets
    /// the report as it will be recorded and must put its PDF in place; the
    /// print row is committed only once it has (so a print number is spent
    /// only on a PDF that exists), and not at all if it fails.
    pub fn print_checked_report<E: From<ReportError>>(
        &mut self,
        query: &ReportQuery,
        integrity: Integrity,
        by: Option<&PinEntry<'_>>,
        deliver: impl FnOnce(&ShiftReport) -> Result<(), E>,
    ) -> Result<ShiftReport, E> {
        let resolved = self.resolve(query)?;
        let gathered = self.gather(query, &resolved).map_err(ReportError::from)?;
        self.record_report(&resolved, gathered, integrity, by, deliver)
    }

    fn record_report<E: From<ReportError>>(
        &mut self,
        resolved: &Resolved,
        (header, inventory, play, game, exceptions): Gathered,
        integrity: Integrity,
        by: Option<&PinEntry<'_>>,
        deliver: impl FnOnce(&ShiftReport) -> Result<(), E>,
    ) -> Result<ShiftReport, E> {
        let confirmation = match by {
            Some(entry) => self
                .pit_boss_confirmation(entry, "print a shift report")
                .map_err(ReportError::from)?,
            None if self.holds_pins().map_err(ReportError::from)? => {
                return Err(ReportError::NobodyPrinting.into());
            }
            None => Vec::new(),
        };
        let printed_by = match by {
            Some(entry) => Some(StaffRef {
                id: entry.staff,
                name: self
                    .staff_names()
                    .map_err(ReportError::from)?
                    .remove(&entry.staff)
                    .map_or_else(|| "unknown".to_owned(), |(name, _)| name),
            }),
            None => None,
        };
        let printed_at = self.clock.now();
        let [table, shift, from, to] = resolved.params();
        let mut appender = self.appender().map_err(ReportError::from)?;
        let (earlier, first): (i64, Option<String>) = appender
            .tx
            .query_row(
                "SELECT COUNT(*), MIN(printed_at) FROM report_prints \
                 WHERE table_id = ?1 AND shift_id IS ?2 AND period_from IS ?3 AND period_to IS ?4",
                params![table, shift, from, to],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(ReportError::from)?;
        let number = earlier + 1;
        let rows = confirmation.into_iter().chain([(
            &REPORT_PRINTS,
            vec![
                table,
                shift,
                from,
                to,
                Value::Integer(number),
                Value::Text(header.casino.clone().unwrap_or_default()),
                Value::Integer(integrity.head.rows),
                Value::Blob(integrity.head.hash.to_vec()),
                Value::Integer(integrity.discrepancies as i64),
                Value::Text(timestamp(printed_at)),
                by.map_or(Value::Null, |entry| Value::Integer(i64::from(entry.staff))),
            ],
        )]);
        for (spec, values) in rows {
            appender.append(spec, &values).map_err(ReportError::from)?;
        }
        let report = ShiftReport {
            header,
            inventory,
            play,
            game,
            exceptions,
            integrity,
            print: PrintStamp {
                number,
                printed_at,
                first_printed_at: first
                    .map(|t| row_time("report_prints", 0, &t))
                    .transpose()
                    .map_err(ReportError::from)?,
                printed_by,
            },
        };
        deliver(&report)?;
        appender.commit().map_err(ReportError::from)?;
        Ok(report)
    }

    /// The expected hold of the hands that stand (`dealt`: id, decks,
    /// rules hash, bets; without the `voided`): Rocket's theoretical win
    /// with every player on the best play, Starboard's expected rake with
    /// realistic players (docs/reports.md, "Expected hold").
    fn expected_hold(
        &self,
        game: GameKind,
        dealt: &[DealtHand],
        voided: &BTreeSet<i64>,
    ) -> Result<Option<ExpectedHold>, LedgerError> {
        let standing: Vec<_> = dealt
            .iter()
            .filter(|hand| !voided.contains(&hand.id))
            .collect();
        if standing.is_empty() {
            return Ok(None);
        }
        let decks = |id: i64, decks: i64| {
            Decks::new(decks).map_err(|e| LedgerError::BadRow {
                table: "hands",
                seq: id,
                problem: e.to_string(),
            })
        };
        match game {
            GameKind::Rocket => {
                let hands = standing
                    .iter()
                    .map(|hand| {
                        Ok(RocketHandBets {
                            decks: decks(hand.id, hand.decks)?,
                            bets: hand.bets.iter().map(|(_, bet)| *bet).collect(),
                        })
                    })
                    .collect::<Result<Vec<_>, LedgerError>>()?;
                Ok(Some(rocket_expected(&hands, Strategy::Optimal)))
            }
            GameKind::Starboard => {
                let mut rules: HashMap<&str, HouseRules> = HashMap::new();
                let mut hands = Vec::with_capacity(standing.len());
                for hand in standing {
                    let hash = hand.rules_hash.as_str();
                    let in_force = match rules.get(hash) {
                        Some(found) => *found,
                        None => *rules.entry(hash).or_insert(self.rules(hash)?),
                    };
                    hands.push(StarboardHandTable {
                        decks: decks(hand.id, hand.decks)?,
                        rules: in_force,
                        players: hand.bets.len() as u8,
                    });
                }
                starboard_expected(&hands, Strategy::Realistic)
                    .map(Some)
                    .map_err(|e| LedgerError::BadRow {
                        table: "hands",
                        seq: 0,
                        problem: e.to_string(),
                    })
            }
        }
    }

    /// The shifts of `table`, newest first: what a report can cover.
    pub fn shifts(&self, table: i64) -> Result<Vec<ShiftSpan>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT s.seq, s.id, s.opened_at, c.seq, c.closed_at \
             FROM shifts s LEFT JOIN shift_closes c ON c.shift_id = s.id \
             WHERE s.table_id = ?1 ORDER BY s.id DESC",
        )?;
        let mut found = statement.query([table])?;
        let mut shifts = Vec::new();
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            let closed_at = match row.get::<_, Option<i64>>(3)? {
                Some(close_seq) => Some(row_time(
                    "shift_closes",
                    close_seq,
                    &row.get::<_, String>(4)?,
                )?),
                None => None,
            };
            shifts.push(ShiftSpan {
                id: row.get(1)?,
                opened_at: row_time("shifts", seq, &row.get::<_, String>(2)?)?,
                closed_at,
            });
        }
        Ok(shifts)
    }

    /// Finds the table and the period's bounds.
    fn resolve(&self, query: &ReportQuery) -> Result<Resolved, ReportError> {
        let mut statement = self
            .conn
            .prepare("SELECT seq, id, name, game FROM tables ORDER BY id")?;
        let tables: Vec<(i64, i64, String, String)> = statement
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<Result<_, _>>()?;
        let chosen: Vec<_> = match &query.table {
            Some(wanted) => tables
                .iter()
                .filter(|(_, id, name, _)| name == wanted || id.to_string() == *wanted)
                .collect(),
            None => tables.iter().collect(),
        };
        let (seq, table_id, table_name, game) = match (chosen.as_slice(), &query.table) {
            ([one], _) => (*one).clone(),
            ([], Some(wanted)) => return Err(ReportError::NoSuchTable(wanted.clone())),
            ([], None) => return Err(ReportError::NoTables),
            (many, _) => {
                let names: Vec<String> = many
                    .iter()
                    .map(|(_, id, name, _)| format!("{id}: {name}"))
                    .collect();
                return Err(ReportError::WhichTable(many.len(), names.join(", ")));
            }
        };
        let game = rows::game(&game).map_err(bad("tables", seq))?;
        let mut resolved = Resolved {
            table_id,
            table_name,
            game,
            shift: None,
            from: None,
            to: None,
            start: DateTime::<Utc>::MIN_UTC,
            end: None,
            window: [Value::Null, Value::Null],
            shift_staff: Vec::new(),
        };
        let shift = match query.period {
            Period::Range { from, to } => {
                if to < from {
                    return Err(ReportError::BackwardsRange {
                        from: timestamp(from),
                        to: timestamp(to),
                    });
                }
                resolved.from = Some(timestamp(from));
                resolved.to = Some(timestamp(to));
                resolved.window = [Value::Text(timestamp(from)), Value::Text(timestamp(to))];
                resolved.start = from;
                resolved.end = Some(to);
                return Ok(resolved);
            }
            Period::Shift(shift) => shift,
            Period::LatestShift => self
                .conn
                .query_row(
                    "SELECT id FROM shifts WHERE table_id = ?1 ORDER BY id DESC LIMIT 1",
                    [table_id],
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| ReportError::NoShifts(resolved.table_name.clone()))?,
        };
        // seq, opened_at, opened_by, closed_at, closed_by
        type ShiftRow = (i64, String, i64, Option<String>, Option<i64>);
        let found: Option<ShiftRow> = self
            .conn
            .query_row(
                "SELECT s.seq, s.opened_at, s.opened_by, c.closed_at, c.closed_by \
                 FROM shifts s LEFT JOIN shift_closes c ON c.shift_id = s.id \
                 WHERE s.id = ?1 AND s.table_id = ?2",
                params![shift, table_id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )
            .optional()?;
        let (seq, opened_at, opened_by, closed_at, closed_by) =
            found.ok_or_else(|| ReportError::NoSuchShift {
                table: resolved.table_name.clone(),
                shift,
            })?;
        resolved.shift = Some(shift);
        resolved.start = row_time("shifts", seq, &opened_at)?;
        resolved.end = closed_at
            .as_deref()
            .map(|t| row_time("shift_closes", seq, t))
            .transpose()?;
        resolved.window = [
            Value::Text(opened_at),
            closed_at.map_or(Value::Null, Value::Text),
        ];
        resolved.shift_staff = std::iter::once(opened_by)
            .chain(closed_by)
            .map(|id| id as u32)
            .collect();
        Ok(resolved)
    }

    fn gather(&self, query: &ReportQuery, resolved: &Resolved) -> Result<Gathered, LedgerError> {
        let params = resolved.params();
        let staff = self.staff_names()?;
        let person = |id: u32| StaffRef {
            id,
            name: staff
                .get(&id)
                .map_or_else(|| "unknown".to_owned(), |(name, _)| name.clone()),
        };
        let is_role =
            |id: &u32, role: super::Role| staff.get(id).is_some_and(|(_, r)| r == role.as_str());

        // Hands.
        let mut play = PlayFigures::default();
        let mut voided = BTreeSet::new();
        let mut dealers: Vec<u32> = Vec::new();
        let mut rules_hashes: Vec<String> = Vec::new();
        let mut shoes = BTreeSet::new();
        let mut wagers: HashMap<i64, u64> = HashMap::new();
        // Each hand's decks, rules and bets, for the expected hold.
        let mut dealt: Vec<DealtHand> = Vec::new();
        {
            let sql = format!(
                "SELECT h.seq, h.id, h.dealer_id, h.shoe_id, h.rules_hash, h.seats, h.ended_at, \
                 CASE WHEN v.hand_id IS NULL THEN h.status ELSE 'voided' END, h.decks \
                 FROM hands h LEFT JOIN voids v ON v.hand_id = h.id WHERE {IN_PERIOD} ORDER BY h.id"
            );
            let mut statement = self.conn.prepare(&sql)?;
            let mut found = statement.query(rusqlite::params_from_iter(params.iter()))?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let id: i64 = row.get(1)?;
                let dealer = row.get::<_, i64>(2)? as u32;
                play.hands += 1;
                play.hand_ids = Some(play.hand_ids.map_or((id, id), |(first, _)| (first, id)));
                let ended: String = row.get(6)?;
                play.last_hand_end = Some(row_time("hands", seq, &ended)?);
                if row.get::<_, String>(7)? == "voided" {
                    play.voided += 1;
                    voided.insert(id);
                }
                if !dealers.contains(&dealer) {
                    dealers.push(dealer);
                }
                shoes.insert(row.get::<_, i64>(3)?);
                let hash: String = row.get(4)?;
                if !rules_hashes.contains(&hash) {
                    rules_hashes.push(hash.clone());
                }
                let seats: String = row.get(5)?;
                let bets = rows::parse_seats(&seats).map_err(bad("hands", seq))?;
                wagers.insert(id, bets.iter().map(|(_, bet)| bet).sum());
                dealt.push(DealtHand {
                    id,
                    decks: row.get(8)?,
                    rules_hash: hash,
                    bets,
                });
            }
        }
        play.shoes = shoes.len() as u64;
        let rules = rules_hashes
            .iter()
            .map(|hash| self.rules(hash))
            .collect::<Result<Vec<_>, _>>()?;

        // Shuffles and cards.
        let count = |sql: &str| -> Result<(u64, u64), LedgerError> {
            let sql = sql.replace("{IN_PERIOD}", IN_PERIOD);
            Ok(self
                .conn
                .query_row(&sql, rusqlite::params_from_iter(params.iter()), |r| {
                    Ok((
                        r.get::<_, Option<i64>>(0)?.unwrap_or(0) as u64,
                        r.get::<_, Option<i64>>(1)?.unwrap_or(0) as u64,
                    ))
                })?)
        };
        (play.shuffles, play.mid_hand_shuffles) = count(
            "SELECT COUNT(*), SUM(s.mid_hand) FROM shuffles s JOIN hands h ON h.id = s.hand_id WHERE {IN_PERIOD}",
        )?;
        (play.external_shuffles, _) = count(
            "SELECT COUNT(*), 0 FROM external_shuffles s JOIN hands h ON h.id = s.hand_id WHERE {IN_PERIOD}",
        )?;
        (play.cards_dealt, play.cards_burned) = count(
            "SELECT SUM(c.destination NOT IN ('burn', 'set_aside')), SUM(c.destination = 'burn') FROM cards c JOIN hands h ON h.id = c.hand_id WHERE {IN_PERIOD}",
        )?;

        // Transfers.
        let mut totals: BTreeMap<(TransferKind, Option<Rank>), KindTotal> = BTreeMap::new();
        let mut ledger_win = 0i64;
        let mut payouts = Vec::new();
        let mut awards: HashMap<i64, u32> = HashMap::new();
        {
            let sql = format!(
                "SELECT t.seq, t.hand_id, t.line, t.from_account, t.to_account, t.amount, t.kind, t.rank, t.reverses \
                 FROM transfers t JOIN hands h ON h.id = t.hand_id WHERE {IN_PERIOD}"
            );
            let mut statement = self.conn.prepare(&sql)?;
            let mut found = statement.query(rusqlite::params_from_iter(params.iter()))?;
            let mut values = Vec::with_capacity(8);
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                values.clear();
                for i in 1..=8 {
                    values.push(row.get::<_, Value>(i)?);
                }
                let hand = rows::int(&values, 0).map_err(bad("transfers", seq))?;
                let (t, reverses) = rows::row_transfer(&values).map_err(bad("transfers", seq))?;
                ledger_win += house_net(&t);
                let sign = if reverses.is_some() { -1 } else { 1 };
                totals.entry((t.kind, t.rank)).or_default().add(KindTotal {
                    count: sign,
                    amount: sign * t.amount as i64,
                });
                if reverses.is_some() || voided.contains(&hand) {
                    continue;
                }
                match (t.from, t.to, t.kind) {
                    (Account::House, Account::Seat(seat), _) => payouts.push(Payout {
                        hand,
                        seat,
                        kind: t.kind,
                        rank: t.rank,
                        amount: t.amount,
                    }),
                    (_, _, TransferKind::PotAward) => *awards.entry(hand).or_default() += 1,
                    _ => {}
                }
            }
        }
        let total = |kind: TransferKind| -> KindTotal {
            let mut sum = KindTotal::default();
            for (_, t) in totals.range((kind, None)..=(kind, Some(Rank::ALL[9]))) {
                sum.add(*t);
            }
            sum
        };
        let by_rank = |kind: TransferKind| -> [KindTotal; 10] {
            Rank::ALL.map(|rank| totals.get(&(kind, Some(rank))).copied().unwrap_or_default())
        };
        let game = match resolved.game {
            GameKind::Rocket => {
                payouts.sort_by(|a, b| b.amount.cmp(&a.amount).then(a.hand.cmp(&b.hand)));
                payouts.truncate(LARGEST_PAYOUTS);
                play.wagered = wagers
                    .iter()
                    .filter(|(id, _)| !voided.contains(id))
                    .map(|(_, w)| w)
                    .sum();
                GameFigures::Rocket(Box::new(RocketFigures {
                    pair_losses: by_rank(TransferKind::PairLoss),
                    fold_fees: total(TransferKind::FoldFee),
                    dealer_pairs: by_rank(TransferKind::DealerPairPayout),
                    dealer_threes: total(TransferKind::DealerThreePayout),
                    largest_payouts: payouts,
                }))
            }
            GameKind::Starboard => {
                let figures = StarboardFigures {
                    pots: awards.len() as u64,
                    split_pots: awards.values().filter(|n| **n > 1).count() as u64,
                    antes: total(TransferKind::Ante),
                    draws: total(TransferKind::Draw),
                    carry_in: total(TransferKind::CarryIn),
                    pot_awards: total(TransferKind::PotAward),
                    rake: total(TransferKind::Rake),
                    carry_out: total(TransferKind::CarryOut),
                };
                play.wagered = (figures.antes.amount + figures.draws.amount).max(0) as u64;
                GameFigures::Starboard(figures)
            }
        };

        play.expected_hold = self.expected_hold(resolved.game, &dealt, &voided)?;
        play.actual_hold = match &game {
            GameFigures::Rocket(_) => ledger_win,
            GameFigures::Starboard(figures) => figures.rake.amount,
        };

        // Exceptions.
        let mut approvers: Vec<u32> = Vec::new();
        let mut voids = Vec::new();
        {
            let sql = format!(
                "SELECT v.seq, v.hand_id, v.reason, v.approved_by, v.voided_at, \
                 (SELECT COALESCE(SUM(r.amount), 0) FROM transfers r WHERE r.hand_id = v.hand_id AND r.reverses IS NOT NULL) \
                 FROM voids v JOIN hands h ON h.id = v.hand_id WHERE {IN_PERIOD} ORDER BY v.seq"
            );
            let mut statement = self.conn.prepare(&sql)?;
            let mut found = statement.query(rusqlite::params_from_iter(params.iter()))?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let approver = row.get::<_, i64>(3)? as u32;
                approvers.push(approver);
                voids.push(VoidEntry {
                    hand: row.get(1)?,
                    reason: row.get(2)?,
                    approved_by: person(approver),
                    at: row_time("voids", seq, &row.get::<_, String>(4)?)?,
                    reversed: row.get::<_, i64>(5)? as u64,
                });
            }
        }
        let mut manual_cards = Vec::new();
        {
            let sql = format!(
                "SELECT c.seq, c.hand_id, c.step, c.rank, c.destination, c.seat, c.approved_by, c.at \
                 FROM cards c JOIN hands h ON h.id = c.hand_id WHERE {IN_PERIOD} AND c.source = 'manual' ORDER BY c.seq"
            );
            let mut statement = self.conn.prepare(&sql)?;
            let mut found = statement.query(rusqlite::params_from_iter(params.iter()))?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let approver = row.get::<_, Option<i64>>(6)?.map(|id| id as u32);
                approvers.extend(approver);
                let destination: String = row.get(4)?;
                let destination = match row.get::<_, Option<i64>>(5)? {
                    Some(seat) if destination == "seat" => format!("seat {seat}"),
                    Some(seat) if destination == "common" => format!("common (seat {seat})"),
                    _ => destination,
                };
                manual_cards.push(ManualCard {
                    hand: row.get(1)?,
                    step: row.get(2)?,
                    rank: Rank::new(row.get(3)?).map_err(|e| LedgerError::BadRow {
                        table: "cards",
                        seq,
                        problem: e.to_string(),
                    })?,
                    destination,
                    approved_by: approver.map(person),
                    at: row_time("cards", seq, &row.get::<_, String>(7)?)?,
                });
            }
        }

        // The inventory, its corrections, the alarms; who signed for them.
        let mut signed: Vec<u32> = Vec::new();
        let (inventory, corrections) =
            self.gather_inventory(resolved, &person, ledger_win, &mut signed)?;
        let alarms = self.gather_alarms(resolved, &person, &mut signed)?;
        let staff_changes = self.gather_staff_changes(resolved, &person)?;
        {
            let [from, to] = resolved.window.clone();
            let mut statement = self.conn.prepare(
                "SELECT requested_by, approved_by FROM approvals \
                 WHERE table_id = ?1 AND at >= ?2 AND (?3 IS NULL OR at < ?3) ORDER BY seq",
            )?;
            let mut found = statement.query(params![resolved.table_id, from, to])?;
            while let Some(row) = found.next()? {
                signed.push(row.get::<_, i64>(0)? as u32);
                signed.push(row.get::<_, i64>(1)? as u32);
            }
        }

        // Who was on duty: dealers of the hands, then any dealer who opened
        // or closed the shift, counted, asked for a slip or an approval;
        // pit bosses who opened or closed it or approved or signed anything.
        for id in resolved.shift_staff.iter().chain(&signed) {
            if is_role(id, super::Role::Dealer) && !dealers.contains(id) {
                dealers.push(*id);
            }
        }
        let mut pit_bosses: Vec<u32> = resolved
            .shift_staff
            .iter()
            .chain(&approvers)
            .chain(&signed)
            .copied()
            .filter(|id| is_role(id, super::Role::PitBoss))
            .collect();
        pit_bosses.sort_unstable();
        pit_bosses.dedup();
        let casino = match &query.casino {
            Some(name) => Some(name.clone()),
            None => self
                .conn
                .query_row(
                    "SELECT value FROM table_settings WHERE table_id = ?1 AND key = ?2 ORDER BY seq DESC LIMIT 1",
                    params![resolved.table_id, CASINO_SETTING],
                    |r| r.get(0),
                )
                .optional()?,
        };
        let header = Header {
            casino,
            table_id: resolved.table_id,
            table_name: resolved.table_name.clone(),
            game: resolved.game,
            rules,
            shift: resolved.shift,
            start: resolved.start,
            end: resolved.end,
            dealers: dealers.into_iter().map(person).collect(),
            pit_bosses: pit_bosses.into_iter().map(person).collect(),
        };
        let exceptions = Exceptions {
            voids,
            manual_cards,
            corrections,
            alarms,
            staff_changes,
        };
        Ok((header, inventory, play, game, exceptions))
    }

    /// The shifts whose inventory a report shows: its shift; for a period,
    /// every shift at the table that overlaps it (or holds one of its
    /// hands), and of those the ones with hands outside the period.
    fn inventory_shifts(&self, resolved: &Resolved) -> Result<(Vec<i64>, Vec<i64>), LedgerError> {
        if let Some(shift) = resolved.shift {
            return Ok((vec![shift], Vec::new()));
        }
        let params = resolved.params();
        let overlapping = format!(
            "SELECT s.id FROM shifts s LEFT JOIN shift_closes c ON c.shift_id = s.id \
             WHERE s.table_id = ?1 AND ((s.opened_at < ?4 AND (c.closed_at IS NULL OR c.closed_at > ?3)) \
             OR s.id IN (SELECT h.shift_id FROM hands h WHERE {IN_PERIOD}))"
        );
        let shifts = self.ids(&format!("{overlapping} ORDER BY s.id"), &params)?;
        let beyond = self.ids(
            &format!(
                "SELECT DISTINCT h.shift_id FROM hands h WHERE h.shift_id IN ({overlapping}) \
                 AND (h.started_at < ?3 OR h.started_at >= ?4) ORDER BY h.shift_id"
            ),
            &params,
        )?;
        Ok((shifts, beyond))
    }

    /// The first column of `sql`'s rows, as integers.
    fn ids(&self, sql: &str, params: &[Value]) -> Result<Vec<i64>, LedgerError> {
        let mut statement = self.conn.prepare(sql)?;
        let found = statement
            .query_map(rusqlite::params_from_iter(params.iter()), |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(found)
    }

    /// The inventory of the report's shifts (see [`Ledger::inventory_shifts`])
    /// and its corrections (voided slips, recounts) in ledger order; adds
    /// everyone who counted, asked, approved, voided or recorded a drop to
    /// `signed`.
    fn gather_inventory(
        &self,
        resolved: &Resolved,
        person: &dyn Fn(u32) -> StaffRef,
        ledger_win: i64,
        signed: &mut Vec<u32>,
    ) -> Result<(Inventory, Vec<Correction>), LedgerError> {
        let (shifts, beyond_period) = self.inventory_shifts(resolved)?;
        // Ids from the ledger itself: integers, safe to write into the SQL.
        let list = shifts
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let kept: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM table_settings WHERE table_id = ?1 AND key = ?2)",
            params![resolved.table_id, DENOMINATIONS_KEY],
            |r| r.get(0),
        )?;
        let mut corrections: Vec<(i64, Correction)> = Vec::new();

        // Tray counts: the latest of each kind in a shift stands; an
        // earlier one was recounted.
        let mut latest: HashMap<(i64, &'static str), ChipCount> = HashMap::new();
        {
            let mut statement = self.conn.prepare(&format!(
                "SELECT seq, shift_id, kind, chips, dealer_id, pit_boss_id, counted_at \
                 FROM inventory_counts WHERE shift_id IN ({list}) ORDER BY seq"
            ))?;
            let mut found = statement.query([])?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let shift: i64 = row.get(1)?;
                let kind = match row.get::<_, String>(2)?.as_str() {
                    "opener" => CountKind::Opener,
                    "closer" => CountKind::Closer,
                    other => {
                        return Err(LedgerError::BadRow {
                            table: "inventory_counts",
                            seq,
                            problem: format!("unknown kind {other:?}"),
                        });
                    }
                };
                let dealer = row.get::<_, i64>(4)? as u32;
                let pit_boss = row.get::<_, i64>(5)? as u32;
                signed.extend([dealer, pit_boss]);
                let count = ChipCount {
                    shift,
                    chips: chips("inventory_counts", seq, &row.get::<_, String>(3)?)?,
                    at: row_time("inventory_counts", seq, &row.get::<_, String>(6)?)?,
                    dealer: person(dealer),
                    pit_boss: person(pit_boss),
                };
                let key = (shift, kind.as_str());
                if let Some(before) = latest.get(&key) {
                    corrections.push((
                        seq,
                        Correction {
                            at: count.at,
                            kind: CorrectionKind::Recount {
                                count: kind,
                                shift,
                                before: before.total(),
                                after: count.total(),
                            },
                            reason: None,
                            by: vec![count.dealer.clone(), count.pit_boss.clone()],
                        },
                    ));
                }
                latest.insert(key, count);
            }
        }
        let opener = shifts
            .first()
            .and_then(|s| latest.remove(&(*s, CountKind::Opener.as_str())));

        // Counts waived by a pit boss, and play before the opener.
        let mut opener_waived = false;
        {
            let mut statement = self.conn.prepare(&format!(
                "SELECT seq, shift_id, kind, reason, waived_by, waived_at \
                 FROM count_waivers WHERE shift_id IN ({list}) ORDER BY seq"
            ))?;
            let mut found = statement.query([])?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let shift: i64 = row.get(1)?;
                let count = CountKind::parse(&row.get::<_, String>(2)?).ok_or_else(|| {
                    LedgerError::BadRow {
                        table: "count_waivers",
                        seq,
                        problem: "unknown kind".into(),
                    }
                })?;
                opener_waived |= count == CountKind::Opener && shifts.first() == Some(&shift);
                let by = row.get::<_, i64>(4)? as u32;
                signed.push(by);
                corrections.push((
                    seq,
                    Correction {
                        at: row_time("count_waivers", seq, &row.get::<_, String>(5)?)?,
                        kind: CorrectionKind::CountWaived { count, shift },
                        reason: Some(row.get(3)?),
                        by: vec![person(by)],
                    },
                ));
            }
        }
        let first_hand: Option<(i64, String)> = match shifts.first() {
            None => None,
            Some(first) => self
                .conn
                .query_row(
                    "SELECT seq, started_at FROM hands WHERE shift_id = ?1 ORDER BY seq LIMIT 1",
                    [first],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?,
        };
        let first_hand = first_hand
            .map(|(seq, at)| row_time("hands", seq, &at))
            .transpose()?;
        // Flagged at a table that keeps its inventory (its denominations
        // are set): a hands-only ledger (a simulation) counts no tray.
        let play_before_opener = first_hand.filter(|started| {
            kept && match &opener {
                Some(count) => count.at > *started,
                None => !opener_waived,
            }
        });
        let closer = shifts
            .last()
            .and_then(|s| latest.remove(&(*s, CountKind::Closer.as_str())));

        // Slips, with their voids.
        let (mut fills, mut credits) = (Vec::new(), Vec::new());
        {
            let mut statement = self.conn.prepare(&format!(
                "SELECT s.seq, s.number, s.kind, s.shift_id, s.chips, s.requested_by, s.approved_by, s.at, \
                        v.seq, v.reason, v.first_by, v.second_by, v.voided_at \
                 FROM slips s LEFT JOIN slip_voids v ON v.slip_id = s.id \
                 WHERE s.shift_id IN ({list}) ORDER BY s.seq"
            ))?;
            let mut found = statement.query([])?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let kind = match row.get::<_, String>(2)?.as_str() {
                    "fill" => SlipKind::Fill,
                    "credit" => SlipKind::Credit,
                    other => {
                        return Err(LedgerError::BadRow {
                            table: "slips",
                            seq,
                            problem: format!("unknown kind {other:?}"),
                        });
                    }
                };
                let requested = row.get::<_, i64>(5)? as u32;
                let approved = row.get::<_, i64>(6)? as u32;
                signed.extend([requested, approved]);
                let voided = match row.get::<_, Option<i64>>(8)? {
                    None => None,
                    Some(void_seq) => {
                        let first = row.get::<_, i64>(10)? as u32;
                        let second = row.get::<_, i64>(11)? as u32;
                        signed.extend([first, second]);
                        Some((
                            void_seq,
                            SlipVoid {
                                reason: row.get(9)?,
                                by: [person(first), person(second)],
                                at: row_time("slip_voids", void_seq, &row.get::<_, String>(12)?)?,
                            },
                        ))
                    }
                };
                let slip = Slip {
                    number: row.get(1)?,
                    shift: row.get(3)?,
                    at: row_time("slips", seq, &row.get::<_, String>(7)?)?,
                    chips: chips("slips", seq, &row.get::<_, String>(4)?)?,
                    requested_by: person(requested),
                    approved_by: person(approved),
                    voided: voided.as_ref().map(|(_, void)| void.clone()),
                };
                if let Some((void_seq, void)) = voided {
                    corrections.push((
                        void_seq,
                        Correction {
                            at: void.at,
                            kind: CorrectionKind::SlipVoid {
                                number: slip.number.clone(),
                                slip: kind,
                                units: slip.total(),
                            },
                            reason: Some(void.reason),
                            by: void.by.to_vec(),
                        },
                    ));
                }
                match kind {
                    SlipKind::Fill => fills.push(slip),
                    SlipKind::Credit => credits.push(slip),
                }
            }
        }

        // Drop.
        let (drops, drop): (i64, i64) = self.conn.query_row(
            &format!(
                "SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM drops WHERE shift_id IN ({list})"
            ),
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let recorders = self.ids(
            &format!("SELECT DISTINCT recorded_by FROM drops WHERE shift_id IN ({list})"),
            &[],
        )?;
        signed.extend(recorders.into_iter().map(|id| id as u32));

        corrections.sort_by_key(|(seq, _)| *seq);
        let slips_kept = kept || !fills.is_empty() || !credits.is_empty();
        let inventory = Inventory {
            shifts,
            beyond_period,
            opener,
            closer,
            fills: slips_kept.then_some(fills),
            credits: slips_kept.then_some(credits),
            drop: (kept || drops > 0).then_some(drop as u64),
            ledger_win,
            play_before_opener,
            to_date: None,
        };
        let inventory = Inventory {
            to_date: match inventory.shifts.last() {
                Some(&last) => Some(self.to_date(resolved, last)?),
                None => None,
            },
            ..inventory
        };
        Ok((inventory, corrections.into_iter().map(|(_, c)| c).collect()))
    }

    /// Month and year to date as of shift `last` at the report's table and
    /// at every table of its game.
    fn to_date(&self, resolved: &Resolved, last: i64) -> Result<ToDateFigures, LedgerError> {
        use chrono::{Datelike, TimeZone};
        let opened: String =
            self.conn
                .query_row("SELECT opened_at FROM shifts WHERE id = ?1", [last], |r| {
                    r.get(0)
                })?;
        let as_of = row_time("shifts", 0, &opened)?;
        let month = Utc
            .with_ymd_and_hms(as_of.year(), as_of.month(), 1, 0, 0, 0)
            .single()
            .unwrap_or(as_of);
        let year = Utc
            .with_ymd_and_hms(as_of.year(), 1, 1, 0, 0, 0)
            .single()
            .unwrap_or(as_of);
        let sum = |since: DateTime<Utc>, whole_game: bool| -> Result<ToDate, LedgerError> {
            let shifts = self.ids(
                "SELECT s.id FROM shifts s JOIN tables t ON t.id = s.table_id \
                 WHERE (t.id = ?1 OR (?2 AND t.game = ?3)) \
                 AND s.opened_at >= ?4 AND s.opened_at <= ?5 ORDER BY s.id",
                &[
                    Value::Integer(resolved.table_id),
                    Value::Integer(i64::from(whole_game)),
                    Value::Text(resolved.game.as_str().into()),
                    Value::Text(timestamp(since)),
                    Value::Text(opened.clone()),
                ],
            )?;
            let mut to_date = ToDate {
                since,
                shifts: 0,
                left_out: 0,
                drop: 0,
                win: 0,
            };
            for shift in shifts {
                match self.shift_inventory(shift)?.inventory() {
                    Some(inventory) => {
                        to_date.shifts += 1;
                        to_date.drop += inventory.drop;
                        to_date.win += inventory.win();
                    }
                    None => to_date.left_out += 1,
                }
            }
            Ok(to_date)
        };
        Ok(ToDateFigures {
            game: resolved.game,
            table_month: sum(month, false)?,
            table_year: sum(year, false)?,
            game_month: sum(month, true)?,
            game_year: sum(year, true)?,
        })
    }

    /// The alarms at the table raised or cleared in the period's time
    /// window, each with how it was cleared and the approval it was cleared
    /// under (the latest scanner override or manual-card approval at the
    /// table by the person who cleared it, between the alarm and its
    /// clearing); adds who cleared and who asked to `signed`.
    fn gather_alarms(
        &self,
        resolved: &Resolved,
        person: &dyn Fn(u32) -> StaffRef,
        signed: &mut Vec<u32>,
    ) -> Result<Vec<AlarmEntry>, LedgerError> {
        let [from, to] = resolved.window.clone();
        let mut statement = self.conn.prepare(
            "SELECT a.seq, a.id, a.kind, a.message, a.hand_id, a.raised_at, \
                    c.seq, c.cleared_by, c.how, c.cleared_at, ap.action, ap.requested_by \
             FROM alarms a LEFT JOIN alarm_clears c ON c.alarm_id = a.id \
             LEFT JOIN approvals ap ON ap.seq = ( \
                 SELECT MAX(x.seq) FROM approvals x \
                 WHERE x.action IN ('scanner_override', 'manual_card') AND x.table_id = a.table_id \
                   AND x.approved_by = c.cleared_by AND x.seq > a.seq AND x.seq < c.seq) \
             WHERE a.table_id = ?1 \
               AND ((a.raised_at >= ?2 AND (?3 IS NULL OR a.raised_at < ?3)) \
                 OR (c.cleared_at >= ?2 AND (?3 IS NULL OR c.cleared_at < ?3))) \
             ORDER BY a.seq",
        )?;
        let mut found = statement.query(params![resolved.table_id, from, to])?;
        let mut alarms = Vec::new();
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            let kind: String = row.get(2)?;
            let kind = AlarmKind::parse(&kind).ok_or_else(|| LedgerError::BadRow {
                table: "alarms",
                seq,
                problem: format!("unknown kind {kind:?}"),
            })?;
            let cleared = match row.get::<_, Option<i64>>(6)? {
                None => None,
                Some(clear_seq) => {
                    let by = row.get::<_, i64>(7)? as u32;
                    signed.push(by);
                    let approval = match row.get::<_, Option<String>>(10)? {
                        None => None,
                        Some(action) => {
                            let requested = row.get::<_, i64>(11)? as u32;
                            signed.push(requested);
                            let under = if action == "manual_card" {
                                ClearedUnder::ManualCard
                            } else {
                                ClearedUnder::ScannerOverride
                            };
                            Some((under, person(requested)))
                        }
                    };
                    Some(AlarmClear {
                        at: row_time("alarm_clears", clear_seq, &row.get::<_, String>(9)?)?,
                        how: row.get(8)?,
                        by: person(by),
                        approval,
                    })
                }
            };
            alarms.push(AlarmEntry {
                id: row.get(1)?,
                kind,
                message: row.get(3)?,
                hand: row.get(4)?,
                raised_at: row_time("alarms", seq, &row.get::<_, String>(5)?)?,
                cleared,
            });
        }
        Ok(alarms)
    }

    /// Staff added and PINs reset by someone else in the period's time
    /// window (these approvals name no table: staff serve the whole
    /// station).
    fn gather_staff_changes(
        &self,
        resolved: &Resolved,
        person: &dyn Fn(u32) -> StaffRef,
    ) -> Result<Vec<StaffChange>, LedgerError> {
        let [from, to] = resolved.window.clone();
        let mut statement = self.conn.prepare(
            "SELECT seq, at, detail, requested_by, approved_by FROM approvals \
             WHERE action IN ('add_staff', 'set_pin') AND at >= ?1 AND (?2 IS NULL OR at < ?2) \
             ORDER BY seq",
        )?;
        let mut found = statement.query(params![from, to])?;
        let mut changes = Vec::new();
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            let (requested, approved) =
                (row.get::<_, i64>(3)? as u32, row.get::<_, i64>(4)? as u32);
            let mut by = vec![person(requested)];
            if approved != requested {
                by.push(person(approved));
            }
            changes.push(StaffChange {
                at: row_time("approvals", seq, &row.get::<_, String>(1)?)?,
                what: row.get(2)?,
                by,
            });
        }
        Ok(changes)
    }

    /// Every staff member: id → (name, role).
    fn staff_names(&self) -> Result<HashMap<u32, (String, String)>, LedgerError> {
        let mut statement = self.conn.prepare("SELECT id, name, role FROM staff")?;
        let found = statement
            .query_map([], |r| {
                Ok((r.get::<_, i64>(0)? as u32, (r.get(1)?, r.get(2)?)))
            })?
            .collect::<Result<_, _>>()?;
        Ok(found)
    }
}
