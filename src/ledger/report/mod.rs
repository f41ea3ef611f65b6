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

mod gather;

use gather::{Gathered, Resolved};

use super::chain::REPORT_PRINTS;
use super::{AlarmKind, CountKind, DENOMINATIONS_KEY, SlipKind, rows};
use super::{ChainHead, Ledger, LedgerError, PinEntry, VerifyOptions, row_time, timestamp, verify};
use crate::engine::card::{Decks, Rank};
use crate::engine::hand::GameKind;
use crate::engine::money::{Account, Transfer, TransferKind};
use crate::engine::rules::HouseRules;
use crate::expected_hold::{ExpectedHold, HoldModel, RocketHandBets};
use crate::ids::{HandId, ShiftId, StaffId, TableId};

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
    Shift(ShiftId),
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

/// A table's figures over a report's period, without a print.
#[derive(Debug, Clone, PartialEq)]
pub struct TableFigures {
    /// The table, game and period.
    pub header: Header,
    /// The table inventory.
    pub inventory: Inventory,
    /// Hands and money.
    pub play: PlayFigures,
    /// Voids, manual cards, corrections, alarms, staff changes.
    pub exceptions: Exceptions,
}

impl TableFigures {
    /// Exceptions of the table itself: voids, cards entered by hand,
    /// inventory corrections and alarms.
    pub fn exception_count(&self) -> u64 {
        let e = &self.exceptions;
        (e.voids.len() + e.manual_cards.len() + e.corrections.len() + e.alarms.len()) as u64
    }
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
        shift: ShiftId,
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
    /// A copy printed away from the station covers a shift, not a period.
    #[error("a copy printed away from the station covers one shift, not a period of time")]
    CopyOfPeriod,
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
    pub id: StaffId,
    /// The name recorded with it ("unknown" if the id is not in `staff`).
    pub name: String,
}

impl fmt::Display for StaffRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (#{})", self.name, self.id)
    }
}

/// House rules the hands were dealt under, named by the hash the hands
/// recorded: an older build's canonical text may hash differently under
/// this build's.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesInForce {
    /// The hash as the hands recorded it.
    pub hash: String,
    /// The rules the ledger holds under that hash.
    pub rules: HouseRules,
}

/// The header: where, what and who.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// The casino's name, if set (table setting or `--casino`).
    pub casino: Option<String>,
    /// The table's id.
    pub table_id: TableId,
    /// The table's name.
    pub table_name: String,
    /// The table's game.
    pub game: GameKind,
    /// The house rules the hands were dealt under, in order of first use.
    pub rules: Vec<RulesInForce>,
    /// The shift, if the report covers one.
    pub shift: Option<ShiftId>,
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
    /// The same hands' numbers at their table, as the dealer counts them.
    pub table_hands: Option<(u64, u64)>,
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
    pub hand: HandId,
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
    pub shift: ShiftId,
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
    pub shift: ShiftId,
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
    pub hand: HandId,
    /// Why.
    pub reason: String,
    /// The approving pit boss.
    pub approved_by: StaffRef,
    /// When.
    pub at: DateTime<Utc>,
    /// Table units moved back by the reversing transfers.
    pub reversed: u64,
    /// What the void did to the house's win: the reversing transfers' net
    /// for the house, the opposite of what the hand had won (a hand the
    /// house won 977 on gives -977).
    pub win_effect: i64,
}

/// A card entered by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualCard {
    /// The hand.
    pub hand: HandId,
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
        shift: ShiftId,
    },
    /// A tray counted again: the later count stands.
    Recount {
        /// Opener or closer.
        count: CountKind,
        /// The shift.
        shift: ShiftId,
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
    pub hand: Option<HandId>,
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
    /// 1 for the first print of this table and period, 2 for the next, …;
    /// a shift's prints while it is open are numbered apart (interim 1,
    /// 2, …) and the first print after it closes is number 1, the
    /// original.
    pub number: i64,
    /// Printed while the shift was open: a snapshot, stamped INTERIM.
    pub interim: bool,
    /// When this print was recorded.
    pub printed_at: DateTime<Utc>,
    /// When the first print was, for a reprint.
    pub first_printed_at: Option<DateTime<Utc>>,
    /// The staff member who printed it (None: a simulation's ledger, whose
    /// staff have no PINs).
    pub printed_by: Option<StaffRef>,
    /// Printed at the pit from the floor's verified copy of the station's
    /// chain, numbered and recorded on the floor (docs/floor.md, "Printing
    /// at the pit"); `None` for a print at the station.
    pub floor_copy: Option<FloorCopy>,
}

/// A print made at the pit from the floor's copy of a station's chain:
/// numbered among the floor's copies of the shift (`number`), recorded in
/// `floor.report_prints`, its printer named at the pit (PINs are checked
/// only at the station, whose secret they are hashed with).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorCopy {
    /// The station whose chain it was printed from, as enrolled.
    pub station: String,
}

/// The shift a copy printed away from the station is of: what the place
/// that records it numbers it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CopyOf {
    /// The table.
    pub table: TableId,
    /// The shift.
    pub shift: ShiftId,
    /// Whether the shift is still open (the copy is interim).
    pub open: bool,
}

impl PrintStamp {
    /// Whether this is a reprint (stamped REPRINT): a later print at the
    /// station of a closed shift or a period.
    pub fn is_reprint(&self) -> bool {
        !self.interim && self.floor_copy.is_none() && self.number > 1
    }

    /// The stamp on every page, if any: `INTERIM`, `REPRINT`, `FLOOR COPY`
    /// or `INTERIM FLOOR COPY`.
    pub fn stamp(&self) -> Option<&'static str> {
        match (self.interim, self.floor_copy.is_some()) {
            (true, true) => Some("INTERIM FLOOR COPY"),
            (false, true) => Some("FLOOR COPY"),
            (true, false) => Some("INTERIM"),
            (false, false) if self.is_reprint() => Some("REPRINT"),
            (false, false) => None,
        }
    }

    /// What kind of print this is, as the CSV's `header,print` line says
    /// it: `original`, `reprint`, `interim`, `floor_copy` or
    /// `interim_floor_copy`.
    pub fn kind(&self) -> &'static str {
        match (self.interim, self.floor_copy.is_some()) {
            (true, true) => "interim_floor_copy",
            (false, true) => "floor_copy",
            (true, false) => "interim",
            (false, false) if self.is_reprint() => "reprint",
            (false, false) => "original",
        }
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
    /// The report of what was `gathered`, the chain as checked and this
    /// print.
    fn assembled(
        (header, inventory, play, game, exceptions): Gathered,
        integrity: Integrity,
        print: PrintStamp,
    ) -> ShiftReport {
        ShiftReport {
            header,
            inventory,
            play,
            game,
            exceptions,
            integrity,
            print,
        }
    }

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

/// A shift as a report chooser lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftSpan {
    /// The shift's id.
    pub id: ShiftId,
    /// Its table.
    pub table: TableId,
    /// The table's name.
    pub table_name: String,
    /// When it opened.
    pub opened_at: DateTime<Utc>,
    /// When it closed; None while it is open.
    pub closed_at: Option<DateTime<Utc>>,
}

/// Checks the whole chain of the ledger file at `path` with
/// [`verify`] for a report's integrity section, quoting the
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
        hold: &dyn HoldModel,
        by: Option<&PinEntry<'_>>,
        deliver: impl FnOnce(&ShiftReport) -> Result<(), E>,
    ) -> Result<ShiftReport, E> {
        let path = self.path().to_path_buf();
        let options = self.verify_options();
        let resolved = self.resolve(query)?;
        let (gathered, checked) = std::thread::scope(|scope| {
            let check = scope.spawn(|| check_chain(&path, &options));
            let gathered = self.gather_whole(query, &resolved, hold);
            (gathered, check.join())
        });
        let gathered = gathered?;
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
        hold: &dyn HoldModel,
        integrity: Integrity,
        by: Option<&PinEntry<'_>>,
        deliver: impl FnOnce(&ShiftReport) -> Result<(), E>,
    ) -> Result<ShiftReport, E> {
        let resolved = self.resolve(query)?;
        let gathered = self.gather_whole(query, &resolved, hold)?;
        self.record_report(&resolved, gathered, integrity, by, deliver)
    }

    /// Everything the report for `query` prints but its integrity and its
    /// print: the period's figures and the month and year to date.
    fn gather_whole(
        &self,
        query: &ReportQuery,
        resolved: &Resolved,
        hold: &dyn HoldModel,
    ) -> Result<Gathered, ReportError> {
        self.gather(query, resolved, hold)
            .and_then(|g| self.with_to_date(resolved, g))
            .map_err(ReportError::from)
    }

    fn record_report<E: From<ReportError>>(
        &mut self,
        resolved: &Resolved,
        gathered: Gathered,
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
        // A shift's prints while it is open are interim, numbered among
        // themselves; once it has closed, only prints recorded after its
        // close (in the chain's order) count.
        let interim = resolved.open_shift();
        let mut appender = self.appender().map_err(ReportError::from)?;
        let (earlier, first): (i64, Option<String>) = appender
            .tx
            .query_row(
                "SELECT COUNT(*), MIN(printed_at) FROM report_prints \
                 WHERE table_id = ?1 AND shift_id IS ?2 AND period_from IS ?3 AND period_to IS ?4 \
                   AND seq > coalesce((SELECT c.seq FROM shift_closes c WHERE c.shift_id = ?2), 0)",
                params![table, shift, from, to],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(ReportError::from)?;
        let number = earlier + 1;
        let first = first.filter(|_| !interim);
        let rows = confirmation.into_iter().chain([(
            &REPORT_PRINTS,
            vec![
                table,
                shift,
                from,
                to,
                Value::Integer(number),
                Value::Text(gathered.0.casino.clone().unwrap_or_default()),
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
        let print = PrintStamp {
            number,
            interim,
            printed_at,
            first_printed_at: first
                .map(|t| row_time("report_prints", 0, &t))
                .transpose()
                .map_err(ReportError::from)?,
            printed_by,
            floor_copy: None,
        };
        let report = ShiftReport::assembled(gathered, integrity, print);
        deliver(&report)?;
        appender.commit().map_err(ReportError::from)?;
        Ok(report)
    }

    /// The shift report for `query` printed away from the station, from a
    /// copy of its chain (the floor's replica, docs/floor.md, "Printing at
    /// the pit"): gathered as a print at the station gathers it, with the
    /// chain as [`check_chain`] found it, and recorded nowhere in this
    /// file. `stamp` is given the shift it covers and numbers the print
    /// where that place records it. Only a shift is copied so: a query for
    /// a period of time is refused.
    pub fn copy_report<E: From<ReportError>>(
        &self,
        query: &ReportQuery,
        hold: &dyn HoldModel,
        integrity: Integrity,
        stamp: impl FnOnce(CopyOf) -> Result<PrintStamp, E>,
    ) -> Result<ShiftReport, E> {
        let resolved = self.resolve(query)?;
        let (table, shift) = resolved.table_shift().ok_or(ReportError::CopyOfPeriod)?;
        let gathered = self.gather_whole(query, &resolved, hold)?;
        let print = stamp(CopyOf {
            table,
            shift,
            open: resolved.open_shift(),
        })?;
        Ok(ShiftReport::assembled(gathered, integrity, print))
    }

    /// A table's figures for `query`, as its shift report would give
    /// them but for the month and year to date, without checking the chain
    /// or recording a print (the floor report and the pit view read each
    /// station's replica so; their cost does not grow with its history).
    pub fn table_figures(
        &self,
        query: &ReportQuery,
        hold: &dyn HoldModel,
    ) -> Result<TableFigures, ReportError> {
        let resolved = self.resolve(query)?;
        let (header, inventory, play, _, exceptions) = self.gather(query, &resolved, hold)?;
        Ok(TableFigures {
            header,
            inventory,
            play,
            exceptions,
        })
    }

    /// The shifts of every table in the ledger, open and closed, newest
    /// first: what a report can cover.
    pub fn shifts(&self) -> Result<Vec<ShiftSpan>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT s.seq, s.id, s.opened_at, c.seq, c.closed_at, s.table_id, t.name \
             FROM shifts s JOIN tables t ON t.id = s.table_id \
             LEFT JOIN shift_closes c ON c.shift_id = s.id ORDER BY s.id DESC",
        )?;
        let mut found = statement.query([])?;
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
                table: row.get(5)?,
                table_name: row.get(6)?,
                opened_at: row_time("shifts", seq, &row.get::<_, String>(2)?)?,
                closed_at,
            });
        }
        Ok(shifts)
    }
}
