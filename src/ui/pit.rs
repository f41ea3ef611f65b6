//! The pit boss's side of the app: staff and PINs, limits and voids,
//! closing the table, the table inventory and win, the audit (chain check,
//! hand browser, exception report), the win over the shift and the shift
//! report (saved as PDF and CSV, printed through [`crate::printing`]).
//!
//! Every action is confirmed with the pit boss's own PIN at that moment and
//! recorded by the ledger with who approved; a refusal is one sentence in
//! the alarm colour beside the action. PIN fields are masked and cleared
//! after every attempt.

use std::path::{Path, PathBuf};

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use eframe::egui::{self, RichText, Ui};
use egui_plot::{Line, Plot, PlotPoints};

use super::background::Job;
use super::setup::AddStaffForm;
use super::widgets::{
    ALARM, GOOD, card_face, error_text, labelled_input, parse_staff_id, pin_input,
};
use crate::engine::hand::GameKind;
use crate::engine::shoe::ShoeEvent;
use crate::engine::table::{FinishedHand, HandEvent};
use crate::engine::{Rank, Step};
use crate::history::HandHistory;
use crate::inventory::{
    ChipCount, Denominations, TableLimits, format_basis_points, hold_basis_points,
};
use crate::ledger::report::{Integrity, Period, ReportQuery, ShiftSpan, check_chain};
use crate::ledger::{
    CountKind, Discrepancy, Exception, HandFilter, HandOutcome, HandSummary, PinEntry,
    ProgramStart, ShiftInventory, SlipKind, StaffMember, TimeRange, VerifyOptions,
};
use crate::printing::{PrintCommand, PrintingError, ReportFiles, default_file_name};
use crate::report::{Layout, when};
use crate::station::Station;

/// The pit boss's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Staff,
    Limits,
    Inventory,
    Audit,
    Chart,
    Report,
}

const TABS: [(Tab, &str); 6] = [
    (Tab::Staff, "Staff"),
    (Tab::Limits, "Limits & voids"),
    (Tab::Inventory, "Inventory"),
    (Tab::Audit, "Audit"),
    (Tab::Chart, "Chart"),
    (Tab::Report, "Shift report"),
];

/// The outcome of the last attempt at one action: a sentence, good or not.
#[derive(Default)]
struct Note {
    text: String,
    failed: bool,
}

impl Note {
    fn show(&self, ui: &mut Ui) {
        if self.failed {
            error_text(ui, &self.text);
        } else if !self.text.is_empty() {
            ui.colored_label(GOOD, &self.text);
        }
    }

    fn set(&mut self, outcome: Result<String, String>) {
        self.failed = outcome.is_err();
        self.text = match outcome {
            Ok(text) => text,
            Err(text) => sentence(&text),
        };
    }
}

/// A refusal as a sentence: capital first letter, full stop.
fn sentence(text: &str) -> String {
    let text = text.trim();
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// A staff ID and PIN typed for one action.
#[derive(Default)]
struct Signer {
    id: String,
    pin: String,
}

impl Signer {
    /// Draws "{who} ID ({what})" and "{who} PIN ({what})".
    fn show(&mut self, ui: &mut Ui, who: &str, what: &str) {
        ui.horizontal(|ui| {
            labelled_input(ui, &format!("{who} ID ({what})"), &mut self.id, 70.0);
            pin_input(ui, &format!("{who} PIN ({what})"), &mut self.pin);
        });
    }

    /// The staff ID as a number, or a sentence.
    fn staff(&self, who: &str) -> Result<u32, String> {
        parse_staff_id(&self.id, who)
    }

    /// Clears the PIN (after every attempt).
    fn clear(&mut self) {
        self.pin.clear();
    }
}

fn parse_units(text: &str, what: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("{what} must be a whole number of units"))
}

/// Runs `action` with the signer's ID and PIN, then clears the PIN.
fn signed<T>(
    signer: &mut Signer,
    who: &str,
    action: impl FnOnce(&PinEntry<'_>) -> Result<T, String>,
) -> Result<T, String> {
    let outcome = signer.staff(who).and_then(|staff| {
        action(&PinEntry {
            staff,
            pin: &signer.pin,
        })
    });
    signer.clear();
    outcome
}

/// A time as the ledger stores it (RFC 3339, UTC, microseconds) as a pit
/// boss reads it: `2026-11-23 08:45:54` (UTC); unchanged if unreadable.
fn stored_time(text: &str) -> String {
    DateTime::parse_from_rfc3339(text).map_or_else(
        |_| text.to_owned(),
        |time| {
            time.with_timezone(&Utc)
                .format("%Y-%m-%d %H:%M:%S")
                .to_string()
        },
    )
}

/// The dealer signed in, who asks for a fill or credit the pit boss approves.
fn requester(station: &Station) -> Result<u32, String> {
    station.dealer().ok_or_else(|| {
        "no dealer is signed in: the dealer asks and the pit boss approves, so sign a dealer in first"
            .to_owned()
    })
}

/// Who asks for a pit boss's own action (limits, denominations, a void,
/// closing): the dealer signed in, or with none, the approving pit boss.
fn asked_by(station: &Station, approver: &PinEntry<'_>) -> u32 {
    station.dealer().unwrap_or(approver.staff)
}

/// One input per denomination.
#[derive(Default)]
struct ChipInputs {
    counts: Vec<(u64, String)>,
}

impl ChipInputs {
    fn sync(&mut self, denominations: &Denominations) {
        let values = denominations.values();
        if self
            .counts
            .iter()
            .map(|(d, _)| *d)
            .ne(values.iter().copied())
        {
            self.counts = values.iter().map(|d| (*d, String::new())).collect();
        }
    }

    fn show(&mut self, ui: &mut Ui, caption: &str) {
        ui.horizontal_wrapped(|ui| {
            for (denomination, text) in &mut self.counts {
                labelled_input(ui, &format!("{caption} {denomination}"), text, 50.0);
            }
        });
    }

    fn chips(&self, denominations: &Denominations) -> Result<ChipCount, String> {
        let mut counts = Vec::new();
        for (denomination, text) in &self.counts {
            if text.trim().is_empty() {
                continue;
            }
            let count = text.trim().parse::<u64>().map_err(|_| {
                format!("the number of {denomination} chips must be a whole number")
            })?;
            counts.push((*denomination, count));
        }
        ChipCount::new(denominations, &counts).map_err(|e| e.to_string())
    }

    fn clear(&mut self) {
        for (_, text) in &mut self.counts {
            text.clear();
        }
    }
}

/// The hand browser's filter inputs.
#[derive(Default)]
struct FilterInputs {
    from: String,
    to: String,
    dealer: String,
    seat: String,
    outcome: Option<HandOutcome>,
    min_amount: String,
}

fn parse_time(text: &str, what: &str) -> Result<Option<DateTime<Utc>>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(Some(t.with_timezone(&Utc)));
    }
    for format in ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M"] {
        if let Ok(t) = NaiveDateTime::parse_from_str(text, format) {
            return Ok(Some(t.and_utc()));
        }
    }
    if let Some(t) = NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
    {
        return Ok(Some(t.and_utc()));
    }
    Err(format!(
        "the {what} time \"{text}\" is not a time; type it like 2026-03-01 18:00 (UTC)"
    ))
}

impl FilterInputs {
    fn filter(&self) -> Result<HandFilter, String> {
        let optional = |text: &str, what: &str| -> Result<Option<u64>, String> {
            let text = text.trim();
            if text.is_empty() {
                return Ok(None);
            }
            text.parse::<u64>()
                .map(Some)
                .map_err(|_| format!("the {what} must be a whole number"))
        };
        Ok(HandFilter {
            started: TimeRange {
                from: parse_time(&self.from, "from")?,
                to: parse_time(&self.to, "to")?,
            },
            shift: None,
            dealer: optional(&self.dealer, "dealer ID")?
                .map(|d| u32::try_from(d).map_err(|_| "the dealer ID is too large".to_owned()))
                .transpose()?,
            seat: optional(&self.seat, "seat")?
                .map(|s| u8::try_from(s).map_err(|_| "there is no such seat".to_owned()))
                .transpose()?,
            outcome: self.outcome,
            min_amount: optional(&self.min_amount, "minimum amount")?,
        })
    }
}

/// A chosen hand in the browser, stepped card by card.
struct Chosen {
    id: i64,
    finished: FinishedHand,
    /// How many events are shown.
    step: usize,
}

/// A report being saved: its files claimed, the chain being checked
/// before the print is recorded.
struct ReportSaving {
    files: ReportFiles,
    shift: i64,
    /// Where to send the saved PDF, if it is to be printed.
    print: Option<PrintCommand>,
    check: Job<Integrity>,
    /// The pit boss who prints and their PIN, confirmed again (and
    /// recorded) with the print.
    by: (u32, String),
}

/// What the chain check found.
struct ChainCheck {
    rows: u64,
    hands: u64,
    voided: u64,
    head: String,
    discrepancies: Vec<Discrepancy>,
}

/// The inventory as read: denominations, the shift's figures, its slips.
type Figures = (
    Option<Denominations>,
    ShiftInventory,
    Vec<crate::ledger::Slip>,
);

fn read_figures(station: &Station) -> Result<Figures, crate::ledger::LedgerError> {
    let ledger = station.ledger();
    let shift = station.shift_id();
    Ok((
        ledger.denominations(station.table_id())?,
        ledger.shift_inventory(shift)?,
        ledger.slips(shift)?,
    ))
}

/// The cumulative win over the shift: (time, units).
type WinPoints = Vec<(DateTime<Utc>, i64)>;

/// The pit boss's screens, drawn over the table.
pub struct PitScreen {
    tab: Tab,
    closed: bool,
    // Staff.
    staff: Option<Result<Vec<StaffMember>, String>>,
    locked_id: String,
    reset_by: Signer,
    reset_note: Note,
    pin_for: String,
    new_pin: String,
    pin_by: Signer,
    pin_second: Signer,
    pin_note: Note,
    add_staff: AddStaffForm,
    // Limits, voids, closing.
    min_bet: String,
    max_bet: String,
    limits_by: Signer,
    limits_note: Note,
    void_hand: String,
    void_reason: String,
    void_by: Signer,
    void_note: Note,
    close_by: Signer,
    close_note: Note,
    // Inventory.
    figures: Option<Result<Figures, String>>,
    denominations: String,
    denominations_by: Signer,
    denominations_note: Note,
    count_kind: CountKind,
    count: ChipInputs,
    count_dealer: Signer,
    count_boss: Signer,
    count_note: Note,
    slip_kind: SlipKind,
    slip: ChipInputs,
    slip_by: Signer,
    slip_note: Note,
    slip_number: String,
    slip_reason: String,
    slip_first: Signer,
    slip_second: Signer,
    slip_void_note: Note,
    drop_amount: String,
    drop_by: Signer,
    drop_note: Note,
    // Audit.
    check: Option<Result<ChainCheck, String>>,
    /// The chain check under way.
    checking: Option<Job<ChainCheck>>,
    /// The program that last started at this ledger.
    program: Option<Result<Option<ProgramStart>, String>>,
    filter: FilterInputs,
    hands: Option<Result<Vec<HandSummary>, String>>,
    chosen: Option<Result<Chosen, String>>,
    export_path: String,
    export_note: Note,
    export_json: Option<String>,
    exceptions: Option<Result<Vec<Exception>, String>>,
    // Chart.
    chart: Option<Result<WinPoints, String>>,
    // Shift report.
    report_shifts: Option<Result<Vec<ShiftSpan>, String>>,
    /// The shift chosen; None: the station's (current) shift.
    report_shift: Option<i64>,
    /// The shift the file paths were filled in for.
    report_paths_for: Option<i64>,
    report_pdf: String,
    report_csv: String,
    report_by: Signer,
    report_note: Note,
    report_saving: Option<ReportSaving>,
}

impl PitScreen {
    /// The pit screen for `station`'s table, with its limits in the form.
    pub fn new(station: &Station) -> PitScreen {
        let rules = station.table().rules();
        PitScreen {
            tab: Tab::Staff,
            closed: false,
            staff: None,
            locked_id: String::new(),
            reset_by: Signer::default(),
            reset_note: Note::default(),
            pin_for: String::new(),
            new_pin: String::new(),
            pin_by: Signer::default(),
            pin_second: Signer::default(),
            pin_note: Note::default(),
            add_staff: AddStaffForm::default(),
            min_bet: rules.rocket.min_bet.to_string(),
            max_bet: rules.rocket.max_bet.to_string(),
            limits_by: Signer::default(),
            limits_note: Note::default(),
            void_hand: String::new(),
            void_reason: String::new(),
            void_by: Signer::default(),
            void_note: Note::default(),
            close_by: Signer::default(),
            close_note: Note::default(),
            figures: None,
            denominations: String::new(),
            denominations_by: Signer::default(),
            denominations_note: Note::default(),
            count_kind: CountKind::Opener,
            count: ChipInputs::default(),
            count_dealer: Signer::default(),
            count_boss: Signer::default(),
            count_note: Note::default(),
            slip_kind: SlipKind::Fill,
            slip: ChipInputs::default(),
            slip_by: Signer::default(),
            slip_note: Note::default(),
            slip_number: String::new(),
            slip_reason: String::new(),
            slip_first: Signer::default(),
            slip_second: Signer::default(),
            slip_void_note: Note::default(),
            drop_amount: String::new(),
            drop_by: Signer::default(),
            drop_note: Note::default(),
            check: None,
            checking: None,
            program: None,
            filter: FilterInputs::default(),
            hands: None,
            chosen: None,
            export_path: String::new(),
            export_note: Note::default(),
            export_json: None,
            exceptions: None,
            chart: None,
            report_shifts: None,
            report_shift: None,
            report_paths_for: None,
            report_pdf: String::new(),
            report_csv: String::new(),
            report_by: Signer::default(),
            report_note: Note::default(),
            report_saving: None,
        }
    }

    /// Whether the pit boss closed the table: the app goes back to the
    /// open-table screen.
    pub fn table_closed(&self) -> bool {
        self.closed
    }

    /// Forgets what was read from the ledger, so the next frame reads it
    /// again (after any action, refused ones too: a wrong PIN is recorded).
    fn reload(&mut self) {
        self.staff = None;
        self.figures = None;
        self.hands = None;
        self.exceptions = None;
        self.program = None;
        self.chart = None;
        self.report_shifts = None;
    }

    /// Draws the screen; true when the pit boss goes back to the table.
    /// The shift report tab prints with `print`.
    pub fn show(&mut self, ui: &mut Ui, station: &mut Station, print: &PrintCommand) -> bool {
        let mut back = false;
        ui.horizontal(|ui| {
            ui.heading(format!("Pit boss — {}", station.setup().name));
            if ui.button("Back to the table").clicked() {
                back = true;
            }
        });
        ui.horizontal(|ui| {
            for (tab, name) in TABS {
                if ui.selectable_label(self.tab == tab, name).clicked() && self.tab != tab {
                    self.tab = tab;
                    self.reload();
                }
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| match self.tab {
                Tab::Staff => self.staff_tab(ui, station),
                Tab::Limits => self.limits_tab(ui, station),
                Tab::Inventory => self.inventory_tab(ui, station),
                Tab::Audit => self.audit_tab(ui, station),
                Tab::Chart => self.chart_tab(ui, station),
                Tab::Report => self.report_tab(ui, station, print),
            });
        back || self.closed
    }

    // ── Staff ────────────────────────────────────────────────────────────

    fn staff_tab(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("Staff list");
        let list = self
            .staff
            .get_or_insert_with(|| station.ledger().staff_list().map_err(|e| e.to_string()));
        match list {
            Err(error) => error_text(ui, &sentence(error)),
            Ok(list) => {
                egui::Grid::new("staff-list").striped(true).show(ui, |ui| {
                    for title in ["ID", "Name", "Role", "PIN", "Locked", "Signed in"] {
                        ui.strong(title);
                    }
                    ui.end_row();
                    for member in list.iter() {
                        ui.label(member.id.to_string());
                        ui.label(&member.name);
                        ui.label(member.role.title());
                        ui.label(if member.has_pin { "set" } else { "none" });
                        if member.lock.locked {
                            ui.colored_label(ALARM, format!("staff {} locked", member.id));
                        } else {
                            ui.label("no");
                        }
                        match &member.session {
                            Some(session) => ui.label(format!(
                                "at {} since {}",
                                session.station,
                                stored_time(&session.since)
                            )),
                            None => ui.label("—"),
                        };
                        ui.end_row();
                    }
                });
            }
        }
        ui.separator();
        ui.strong("Reset a lockout");
        labelled_input(ui, "Locked staff ID", &mut self.locked_id, 70.0);
        self.reset_by.show(ui, "Pit boss", "reset");
        self.reset_note.show(ui);
        if ui.button("Reset lockout").clicked() {
            let outcome = parse_staff_id(&self.locked_id, "locked staff").and_then(|staff| {
                signed(&mut self.reset_by, "pit boss", |by| {
                    station
                        .ledger_mut()
                        .reset_lockout(staff, by)
                        .map_err(|e| e.to_string())
                })
                .map(|()| format!("Staff member {staff}'s lockout is lifted."))
            });
            self.reset_by.clear();
            self.reset_note.set(outcome);
            self.reload();
        }
        ui.separator();
        ui.strong("Set a PIN");
        labelled_input(ui, "Staff ID for the PIN", &mut self.pin_for, 70.0);
        pin_input(ui, "PIN to set", &mut self.new_pin);
        self.pin_by.show(ui, "Pit boss", "PIN");
        self.pin_second
            .show(ui, "Second approver", "a pit boss's or administrator's PIN");
        self.pin_note.show(ui);
        if ui.button("Set PIN").clicked() {
            let new_pin = std::mem::take(&mut self.new_pin);
            let second_pin = std::mem::take(&mut self.pin_second.pin);
            let second = match self.pin_second.id.trim() {
                "" => Ok(None),
                _ => self.pin_second.staff("second approver").map(Some),
            };
            let outcome = parse_staff_id(&self.pin_for, "staff").and_then(|staff| {
                let second = second?.map(|id| PinEntry {
                    staff: id,
                    pin: &second_pin,
                });
                signed(&mut self.pin_by, "pit boss", |by| {
                    station
                        .ledger_mut()
                        .set_pin(staff, &new_pin, by, second.as_ref())
                        .map_err(|e| e.to_string())
                })
                .map(|()| {
                    format!(
                        "Staff member {staff} has a new one-time PIN, to change at their next sign-in."
                    )
                })
            });
            self.pin_by.clear();
            self.pin_note.set(outcome);
            self.reload();
        }
        ui.separator();
        self.add_staff.show(ui, station.ledger_mut());
        if ui.button("Refresh the staff list").clicked() {
            self.reload();
        }
    }

    // ── Limits, voids, closing ──────────────────────────────────────────

    fn limits_tab(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("Table limits");
        let rules = station.table().rules();
        ui.label(format!(
            "In force now: bets {} to {} units.",
            rules.rocket.min_bet, rules.rocket.max_bet
        ));
        if let Ok(Some(limits)) = station.ledger().table_limits(station.table_id())
            && (limits.min_bet, limits.max_bet) != (rules.rocket.min_bet, rules.rocket.max_bet)
        {
            ui.label(format!(
                "Set to {} to {} units: they apply from the next hand.",
                limits.min_bet, limits.max_bet
            ));
        }
        if station.setup().game == GameKind::Starboard {
            ui.label("Starboard has no bet limits: the ante is fixed when the table opens.");
        }
        ui.horizontal(|ui| {
            labelled_input(ui, "Minimum bet", &mut self.min_bet, 80.0);
            labelled_input(ui, "Maximum bet", &mut self.max_bet, 80.0);
        });
        self.limits_by.show(ui, "Pit boss", "limits");
        self.limits_note.show(ui);
        if ui.button("Change limits").clicked() {
            let outcome = self.change_limits(station);
            self.limits_by.clear();
            self.limits_note.set(outcome);
            self.reload();
        }

        ui.separator();
        ui.heading("Void a completed hand");
        ui.label(
            "The signed-in dealer asks; you approve with your PIN. The hand stays on record; \
             reversing entries undo its transfers.",
        );
        labelled_input(ui, "Hand to void", &mut self.void_hand, 80.0);
        labelled_input(ui, "Reason for the void", &mut self.void_reason, 360.0);
        self.void_by.show(ui, "Pit boss", "void");
        self.void_note.show(ui);
        if ui.button("Void hand").clicked() {
            let outcome = self.void(station);
            self.void_by.clear();
            self.void_note.set(outcome);
            self.reload();
        }

        ui.separator();
        ui.heading("Closing the table");
        ui.label("Ends the shift. Count the closer first (Inventory).");
        self.close_by.show(ui, "Pit boss", "close");
        self.close_note.show(ui);
        if ui.button("Close the table").clicked() {
            let outcome = self.close(station);
            self.close_by.clear();
            self.close_note.set(outcome);
            self.reload();
        }
    }

    fn change_limits(&mut self, station: &mut Station) -> Result<String, String> {
        let min = parse_units(&self.min_bet, "the minimum bet")?;
        let max = parse_units(&self.max_bet, "the maximum bet")?;
        let limits = TableLimits::new(min, max).map_err(|e| e.to_string())?;
        let mut rules = *station.table().rules();
        rules.rocket.min_bet = min;
        rules.rocket.max_bet = max;
        rules.validate().map_err(|e| e.to_string())?;
        let table = station.table_id();
        signed(&mut self.limits_by, "pit boss", |by| {
            let dealer = asked_by(station, by);
            station
                .ledger_mut()
                .change_limits(table, limits, dealer, by)
                .map_err(|e| e.to_string())
        })?;
        match station.apply_limits() {
            Ok(()) => Ok(format!("Limits are now {min} to {max} units.")),
            Err(crate::station::StationError::LimitsFromNextHand) => Ok(format!(
                "Limits {min} to {max} units recorded; a hand is in progress, so they apply from the next hand."
            )),
            Err(error) => Err(error.to_string()),
        }
    }

    fn void(&mut self, station: &mut Station) -> Result<String, String> {
        let hand = self
            .void_hand
            .trim()
            .parse::<i64>()
            .map_err(|_| "the hand to void must be a hand number".to_owned())?;
        if self.void_reason.trim().is_empty() {
            return Err("give the reason for the void".into());
        }
        let reason = self.void_reason.clone();
        signed(&mut self.void_by, "pit boss", |by| {
            let dealer = asked_by(station, by);
            station
                .ledger_mut()
                .void_hand(hand, &reason, dealer, by)
                .map_err(|e| e.to_string())
        })?;
        self.void_reason.clear();
        Ok(format!(
            "Hand {hand} is voided; reversing entries are in the ledger."
        ))
    }

    fn close(&mut self, station: &mut Station) -> Result<String, String> {
        if station.hand().is_some() || station.settlement().is_some() {
            return Err(
                "a hand is in progress; finish and settle it before closing the table".into(),
            );
        }
        let shift = station.shift_id();
        signed(&mut self.close_by, "pit boss", |by| {
            let dealer = asked_by(station, by);
            station
                .ledger_mut()
                .close_table(shift, dealer, by)
                .map_err(|e| e.to_string())
        })?;
        // The shift is closed; the dealer's session ends with it.
        let _ = station.sign_out_dealer();
        self.closed = true;
        Ok("The table is closed.".into())
    }

    // ── Inventory ────────────────────────────────────────────────────────

    fn inventory_tab(&mut self, ui: &mut Ui, station: &mut Station) {
        let table = station.table_id();
        let shift = station.shift_id();
        let figures = self
            .figures
            .get_or_insert_with(|| read_figures(station).map_err(|e| e.to_string()));
        let (denominations, inventory, slips) = match figures {
            Ok((d, i, s)) => (d.clone(), i.clone(), s.clone()),
            Err(error) => {
                error_text(ui, &sentence(error));
                return;
            }
        };

        ui.heading("Chip denominations");
        match &denominations {
            Some(d) => {
                ui.label(format!("This table's chips: {d} units."));
            }
            None => {
                ui.colored_label(
                    ALARM,
                    "No denominations are set yet: set them before counting the tray or recording a slip.",
                );
            }
        }
        if self.denominations.is_empty()
            && let Some(d) = &denominations
        {
            self.denominations = d.to_string();
        }
        labelled_input(ui, "Denominations", &mut self.denominations, 200.0);
        self.denominations_by.show(ui, "Pit boss", "denominations");
        self.denominations_note.show(ui);
        if ui.button("Set denominations").clicked() {
            let outcome = (|| -> Result<String, String> {
                let parsed =
                    Denominations::parse(&self.denominations).map_err(|e| e.to_string())?;
                signed(&mut self.denominations_by, "pit boss", |by| {
                    let dealer = asked_by(station, by);
                    station
                        .ledger_mut()
                        .set_denominations(table, &parsed, dealer, by)
                        .map_err(|e| e.to_string())
                })?;
                Ok(format!("Denominations set to {parsed}."))
            })();
            self.denominations_by.clear();
            self.denominations_note.set(outcome);
            self.reload();
        }

        if let Some(d) = &denominations {
            self.count.sync(d);
            self.slip.sync(d);
            ui.separator();
            self.count_form(ui, station, d, shift);
            ui.separator();
            self.slip_form(ui, station, d, shift);
        }
        ui.separator();
        self.slip_void_form(ui, station, &slips);
        ui.separator();
        self.drop_form(ui, station, shift);
        ui.separator();
        win_figures(ui, &inventory);
    }

    fn count_form(&mut self, ui: &mut Ui, station: &mut Station, d: &Denominations, shift: i64) {
        ui.heading("Tray count");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.count_kind, CountKind::Opener, "Opener");
            ui.selectable_value(&mut self.count_kind, CountKind::Closer, "Closer");
        });
        self.count.show(ui, "Chips of");
        self.count_dealer.show(ui, "Dealer", "count");
        self.count_boss.show(ui, "Pit boss", "count");
        self.count_note.show(ui);
        if ui.button("Record count").clicked() {
            let kind = self.count_kind;
            let outcome = (|| -> Result<String, String> {
                let chips = self.count.chips(d)?;
                let dealer = self.count_dealer.staff("dealer")?;
                let boss = self.count_boss.staff("pit boss")?;
                station
                    .ledger_mut()
                    .record_count(
                        shift,
                        kind,
                        &chips,
                        &PinEntry {
                            staff: dealer,
                            pin: &self.count_dealer.pin,
                        },
                        &PinEntry {
                            staff: boss,
                            pin: &self.count_boss.pin,
                        },
                    )
                    .map_err(|e| e.to_string())?;
                let name = match kind {
                    CountKind::Opener => "Opener",
                    CountKind::Closer => "Closer",
                };
                Ok(format!(
                    "{name} recorded: {} units ({chips}).",
                    chips.total()
                ))
            })();
            self.count_dealer.clear();
            self.count_boss.clear();
            if outcome.is_ok() {
                self.count.clear();
            }
            self.count_note.set(outcome);
            self.reload();
        }
    }

    fn slip_form(&mut self, ui: &mut Ui, station: &mut Station, d: &Denominations, shift: i64) {
        ui.heading("Fill or credit");
        ui.horizontal(|ui| {
            ui.selectable_value(
                &mut self.slip_kind,
                SlipKind::Fill,
                "Fill (chips to the table)",
            );
            ui.selectable_value(
                &mut self.slip_kind,
                SlipKind::Credit,
                "Credit (chips to the cage)",
            );
        });
        self.slip.show(ui, "Slip chips of");
        self.slip_by.show(ui, "Pit boss", "slip");
        self.slip_note.show(ui);
        if ui.button("Record slip").clicked() {
            let kind = self.slip_kind;
            let outcome = (|| -> Result<String, String> {
                let chips = self.slip.chips(d)?;
                let dealer = requester(station)?;
                let number = signed(&mut self.slip_by, "pit boss", |by| {
                    station
                        .ledger_mut()
                        .record_slip(kind, shift, &chips, dealer, by)
                        .map_err(|e| e.to_string())
                })?;
                Ok(format!(
                    "{} slip {number} recorded: {} units.",
                    if kind == SlipKind::Fill {
                        "Fill"
                    } else {
                        "Credit"
                    },
                    chips.total()
                ))
            })();
            self.slip_by.clear();
            if outcome.is_ok() {
                self.slip.clear();
            }
            self.slip_note.set(outcome);
            self.reload();
        }
    }

    fn slip_void_form(
        &mut self,
        ui: &mut Ui,
        station: &mut Station,
        slips: &[crate::ledger::Slip],
    ) {
        ui.heading("Slips this shift");
        if slips.is_empty() {
            ui.label("No fills or credits yet this shift.");
        } else {
            egui::Grid::new("slips").striped(true).show(ui, |ui| {
                for title in [
                    "Number",
                    "Kind",
                    "Units",
                    "Chips",
                    "Asked by",
                    "Approved by",
                    "Voided",
                ] {
                    ui.strong(title);
                }
                ui.end_row();
                for slip in slips {
                    ui.label(&slip.number);
                    ui.label(slip.kind.as_str());
                    ui.label(slip.chips.total().to_string());
                    ui.label(slip.chips.to_string());
                    ui.label(slip.requested_by.to_string());
                    ui.label(slip.approved_by.to_string());
                    match &slip.voided {
                        Some((reason, first, second)) => ui.colored_label(
                            ALARM,
                            format!("voided by {first} and {second}: {reason}"),
                        ),
                        None => ui.label("—"),
                    };
                    ui.end_row();
                }
            });
        }
        ui.strong("Void a slip (two people, one a pit boss)");
        labelled_input(ui, "Slip number", &mut self.slip_number, 140.0);
        labelled_input(
            ui,
            "Reason for voiding the slip",
            &mut self.slip_reason,
            360.0,
        );
        self.slip_first.show(ui, "First signer", "slip void");
        self.slip_second.show(ui, "Second signer", "slip void");
        self.slip_void_note.show(ui);
        if ui.button("Void slip").clicked() {
            let number = self.slip_number.trim().to_owned();
            let outcome = (|| -> Result<String, String> {
                let first = self.slip_first.staff("first signer")?;
                let second = self.slip_second.staff("second signer")?;
                station
                    .ledger_mut()
                    .void_slip(
                        &number,
                        &self.slip_reason,
                        &PinEntry {
                            staff: first,
                            pin: &self.slip_first.pin,
                        },
                        &PinEntry {
                            staff: second,
                            pin: &self.slip_second.pin,
                        },
                    )
                    .map_err(|e| e.to_string())?;
                Ok(format!("Slip {number} is voided; it stays on record."))
            })();
            self.slip_first.clear();
            self.slip_second.clear();
            if outcome.is_ok() {
                self.slip_reason.clear();
            }
            self.slip_void_note.set(outcome);
            self.reload();
        }
    }

    fn drop_form(&mut self, ui: &mut Ui, station: &mut Station, shift: i64) {
        ui.heading("Drop");
        ui.label("Cash taken at the table for chips, in units.");
        labelled_input(ui, "Drop amount", &mut self.drop_amount, 100.0);
        self.drop_by.show(ui, "Pit boss", "drop");
        self.drop_note.show(ui);
        if ui.button("Record drop").clicked() {
            let outcome = (|| -> Result<String, String> {
                let amount = parse_units(&self.drop_amount, "the drop")?;
                signed(&mut self.drop_by, "pit boss", |by| {
                    station
                        .ledger_mut()
                        .record_drop(shift, amount, by)
                        .map_err(|e| e.to_string())
                })?;
                Ok(format!("Drop of {amount} units recorded."))
            })();
            self.drop_by.clear();
            if outcome.is_ok() {
                self.drop_amount.clear();
            }
            self.drop_note.set(outcome);
            self.reload();
        }
    }

    // ── Audit ────────────────────────────────────────────────────────────

    fn audit_tab(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("Program");
        let program = self.program.get_or_insert_with(|| {
            station
                .ledger()
                .last_program_start()
                .map_err(|e| e.to_string())
        });
        match program {
            Err(error) => error_text(ui, &sentence(error)),
            Ok(None) => {
                ui.label("No start of the program is recorded yet.");
            }
            Ok(Some(start)) => {
                ui.label(format!(
                    "Last started {} at {}: version {}, SHA-256",
                    stored_time(&start.started_at),
                    start.station,
                    start.version
                ));
                ui.label(RichText::new(hex::encode(start.sha256)).monospace());
            }
        }
        if let Some(fingerprint) = station.ledger().key_fingerprint() {
            ui.label("This station signs the ledger with the key whose fingerprint is");
            ui.label(RichText::new(fingerprint).monospace());
        }
        ui.heading("Chain check");
        if ui
            .add_enabled(
                self.checking.is_none(),
                egui::Button::new("Run chain check"),
            )
            .clicked()
        {
            let ledger = station.ledger();
            let (path, options) = (ledger.path().to_path_buf(), ledger.verify_options());
            self.checking = Some(Job::start(ui.ctx(), "chain check", move || {
                chain_check(&path, &options)
            }));
        }
        if let Some(result) = self
            .checking
            .as_mut()
            .and_then(|job| job.finished(ui.ctx()))
        {
            self.check = Some(result);
            self.checking = None;
        }
        let mut open_hand = None;
        match &self.check {
            // The hand browser below stays in use while the check runs.
            _ if self.checking.is_some() => {
                ui.label("Checking the whole chain…");
            }
            None => {
                ui.label("Not run yet.");
            }
            Some(Err(error)) => error_text(ui, &sentence(error)),
            Some(Ok(check)) => {
                ui.label(format!(
                    "Rows: {} · hands: {} ({} voided)",
                    check.rows, check.hands, check.voided
                ));
                ui.label(RichText::new(format!("Head hash: {}", check.head)).monospace());
                if check.discrepancies.is_empty() {
                    ui.colored_label(GOOD, "Result: the chain is intact; no discrepancies.");
                } else {
                    ui.colored_label(
                        ALARM,
                        format!("Result: {} discrepancies found.", check.discrepancies.len()),
                    );
                    for discrepancy in &check.discrepancies {
                        ui.horizontal(|ui| {
                            ui.colored_label(ALARM, discrepancy.to_string());
                            if let Some(hand) = discrepancy.hand
                                && ui.link(format!("Open hand {hand}")).clicked()
                            {
                                open_hand = Some(hand);
                            }
                        });
                    }
                }
            }
        }
        if let Some(hand) = open_hand {
            self.choose(station, hand);
        }
        ui.separator();
        self.browser(ui, station);
        ui.separator();
        ui.heading("Exception report: this shift");
        let exceptions = self.exceptions.get_or_insert_with(|| {
            let ledger = station.ledger();
            // From the moment this table's shift opened (every station's
            // exceptions: wrong PINs and lockouts are not a table's alone).
            let opened = ledger
                .shift_opened_at(station.shift_id())
                .map_err(|e| e.to_string())?;
            ledger
                .exceptions(TimeRange {
                    from: Some(opened),
                    to: None,
                })
                .map_err(|e| e.to_string())
        });
        match exceptions {
            Err(error) => error_text(ui, &sentence(error)),
            Ok(list) if list.is_empty() => {
                ui.label("No exceptions recorded.");
            }
            Ok(list) => {
                egui::Grid::new("exceptions").striped(true).show(ui, |ui| {
                    for title in ["When (UTC)", "What", "Who", "Approved by", "Hand", "Detail"] {
                        ui.strong(title);
                    }
                    ui.end_row();
                    for line in list.iter() {
                        ui.label(stored_time(&line.at));
                        ui.label(exception_name(line.kind));
                        ui.label(line.staff.map_or("—".into(), |s| s.to_string()));
                        ui.label(line.approved_by.map_or("—".into(), |s| s.to_string()));
                        ui.label(line.hand.map_or("—".into(), |h| h.to_string()));
                        // Long details wrap inside the window, not past it.
                        ui.add(egui::Label::new(&line.detail).wrap());
                        ui.end_row();
                    }
                });
            }
        }
    }

    fn choose(&mut self, station: &Station, hand: i64) {
        self.chosen = Some(
            station
                .ledger()
                .load_hand(hand)
                .map(|finished| Chosen {
                    id: hand,
                    finished,
                    step: 0,
                })
                .map_err(|e| format!("hand {hand} cannot be shown: {e}")),
        );
        self.export_json = None;
        self.export_note = Note::default();
    }

    fn browser(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("Hand browser");
        ui.horizontal_wrapped(|ui| {
            labelled_input(ui, "From (UTC)", &mut self.filter.from, 150.0);
            labelled_input(ui, "To (UTC)", &mut self.filter.to, 150.0);
            labelled_input(ui, "Dealer", &mut self.filter.dealer, 60.0);
            labelled_input(ui, "Seat", &mut self.filter.seat, 40.0);
            labelled_input(ui, "Minimum amount", &mut self.filter.min_amount, 70.0);
        });
        ui.horizontal(|ui| {
            ui.label("Outcome");
            for (value, name) in [
                (None, "any"),
                (Some(HandOutcome::HouseWon), "house won"),
                (Some(HandOutcome::HouseLost), "house lost"),
                (Some(HandOutcome::Even), "even"),
                (Some(HandOutcome::Voided), "voided"),
            ] {
                ui.selectable_value(&mut self.filter.outcome, value, name);
            }
        });
        if ui.button("Find hands").clicked() {
            self.hands = None;
        }
        let hands = self.hands.get_or_insert_with(|| {
            self.filter
                .filter()
                .and_then(|f| station.ledger().browse_hands(&f).map_err(|e| e.to_string()))
        });
        let mut pick = None;
        match hands {
            Err(error) => error_text(ui, &sentence(error)),
            Ok(list) if list.is_empty() => {
                ui.label("No hands match.");
            }
            Ok(list) => {
                egui::ScrollArea::vertical()
                    .id_salt("hand-list")
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for hand in list.iter() {
                            let seats: Vec<String> =
                                hand.seats.iter().map(|(s, b)| format!("{s}:{b}")).collect();
                            let text = format!(
                                "Hand {} · {} · dealer {} · seats {} · {} · house {:+}",
                                hand.id,
                                stored_time(&hand.started_at),
                                hand.dealer,
                                seats.join(" "),
                                outcome_name(hand.outcome),
                                hand.house_net
                            );
                            let selected = matches!(&self.chosen, Some(Ok(c)) if c.id == hand.id);
                            if ui.selectable_label(selected, text).clicked() {
                                pick = Some(hand.id);
                            }
                        }
                    });
            }
        }
        if let Some(hand) = pick {
            self.choose(station, hand);
        }
        self.chosen_hand(ui);
    }

    fn chosen_hand(&mut self, ui: &mut Ui) {
        let Some(chosen) = &mut self.chosen else {
            return;
        };
        let chosen = match chosen {
            Err(error) => {
                error_text(ui, &sentence(error));
                return;
            }
            Ok(chosen) => chosen,
        };
        ui.separator();
        let total = chosen.finished.events.len();
        ui.heading(format!("Hand {} step by step", chosen.id));
        ui.label(format!(
            "Seats and bets: {}",
            chosen
                .finished
                .setup
                .seats
                .iter()
                .map(|(s, b)| format!("seat {s} bet {b}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        ui.horizontal(|ui| {
            if ui
                .add_enabled(chosen.step > 0, egui::Button::new("Previous step"))
                .clicked()
            {
                chosen.step -= 1;
            }
            if ui
                .add_enabled(chosen.step < total, egui::Button::new("Next step"))
                .clicked()
            {
                chosen.step += 1;
            }
            if ui.button("Show all steps").clicked() {
                chosen.step = total;
            }
            ui.label(format!("Step {} of {total}", chosen.step));
        });
        for (index, event) in chosen.finished.events.iter().take(chosen.step).enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{}.", index + 1));
                if let Some(rank) = event_rank(event) {
                    card_face(ui, rank, egui::vec2(24.0, 34.0), false);
                }
                ui.label(describe_event(event));
            });
        }
        if chosen.step == total {
            ui.strong("Payouts");
            if chosen.finished.transfers.is_empty() {
                ui.label("No transfers.");
            }
            for transfer in &chosen.finished.transfers {
                ui.label(format!(
                    "{} pays {} {} units ({})",
                    transfer.from,
                    transfer.to,
                    transfer.amount,
                    transfer.kind.words()
                ));
            }
        }
        ui.horizontal(|ui| {
            labelled_input(ui, "Export file path", &mut self.export_path, 300.0);
            if ui.button("Export to file").clicked() {
                let outcome = export_history(&chosen.finished, self.export_path.trim());
                self.export_note.set(outcome);
            }
            if ui.button("Show JSON").clicked() {
                self.export_json = Some(history_json(&chosen.finished));
            }
        });
        self.export_note.show(ui);
        if let Some(json) = &self.export_json {
            ui.label("The hand history (select and copy):");
            let mut text = json.as_str();
            ui.add(
                egui::TextEdit::multiline(&mut text)
                    .code_editor()
                    .desired_rows(12)
                    .desired_width(f32::INFINITY),
            );
        }
    }

    // ── Chart ────────────────────────────────────────────────────────────

    fn chart_tab(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("The table's win over the shift");
        let shift = station.shift_id();
        let points = self.chart.get_or_insert_with(|| {
            station
                .ledger()
                .win_over_shift(shift)
                .map_err(|e| e.to_string())
        });
        let points = match points {
            Err(error) => {
                error_text(ui, &sentence(error));
                return;
            }
            Ok(points) => points.clone(),
        };
        let last = points.last().map_or(0, |(_, win)| *win);
        ui.label(format!(
            "House net so far: {last:+} units over {} hand(s) and void(s). Minutes since the shift opened across, units up.",
            points.len().saturating_sub(1)
        ));
        let start = points.first().map(|(t, _)| *t);
        // Display only: plot coordinates are f64; the figures stay integers.
        let series: Vec<[f64; 2]> = points
            .iter()
            .map(|(at, win)| {
                let minutes = start.map_or(0.0, |s| (*at - s).num_milliseconds() as f64 / 60_000.0);
                [minutes, *win as f64]
            })
            .collect();
        Plot::new("win-over-shift")
            .height(360.0)
            .x_axis_label("minutes since the shift opened")
            .y_axis_label("house win (units)")
            .show(ui, |plot_ui| {
                plot_ui.line(Line::new("win", PlotPoints::from(series)));
            });
        if ui.button("Refresh the chart").clicked() {
            self.chart = None;
        }
    }
}

impl PitScreen {
    // ── Shift report ─────────────────────────────────────────────────────

    fn report_tab(&mut self, ui: &mut Ui, station: &mut Station, print: &PrintCommand) {
        ui.heading("Shift report");
        ui.label(
            "Saving or printing records a print in the ledger: a second print of the same shift \
             is stamped REPRINT. Paths are relative to the folder the app was started in.",
        );
        let table = station.table_id();
        let shifts = self
            .report_shifts
            .get_or_insert_with(|| station.ledger().shifts(table).map_err(|e| e.to_string()));
        let shifts = match shifts {
            Err(error) => {
                error_text(ui, &sentence(error));
                return;
            }
            Ok(list) => list.clone(),
        };
        let current = station.shift_id();
        let chosen = self.report_shift.unwrap_or(current);
        ui.strong("Shift");
        egui::ScrollArea::vertical()
            .id_salt("report-shifts")
            .max_height(160.0)
            .show(ui, |ui| {
                for span in &shifts {
                    let text = format!(
                        "Shift {} · opened {} · {}{}",
                        span.id,
                        when(span.opened_at),
                        span.closed_at
                            .map_or_else(|| "open".to_owned(), |t| format!("closed {}", when(t))),
                        if span.id == current {
                            " (this shift)"
                        } else {
                            ""
                        }
                    );
                    if ui.selectable_label(chosen == span.id, text).clicked() {
                        self.report_shift = Some(span.id);
                    }
                }
            });
        let chosen = self.report_shift.unwrap_or(current);
        if self.report_paths_for != Some(chosen) {
            let name = &station.setup().name;
            self.report_pdf = default_file_name(name, chosen, "pdf");
            self.report_csv = default_file_name(name, chosen, "csv");
            self.report_paths_for = Some(chosen);
        }
        labelled_input(ui, "PDF file path", &mut self.report_pdf, 420.0);
        labelled_input(
            ui,
            "CSV file path (empty: no CSV)",
            &mut self.report_csv,
            420.0,
        );
        // Every save is a recorded print (the first is the original), so
        // only a pit boss saves or prints.
        self.report_by.show(ui, "Pit boss", "report");
        let idle = self.report_saving.is_none();
        let (mut save, mut send) = (false, false);
        ui.horizontal(|ui| {
            save = ui
                .add_enabled(idle, egui::Button::new("Save PDF"))
                .clicked();
            send = ui.add_enabled(idle, egui::Button::new("Print")).clicked();
        });
        if let Some(mut saving) = self.report_saving.take() {
            match saving.check.finished(ui.ctx()) {
                None => {
                    ui.label("Checking the whole chain before the print is recorded…");
                    self.report_saving = Some(saving);
                }
                Some(checked) => {
                    let outcome = checked.and_then(|integrity| {
                        let (staff, pin) = &saving.by;
                        let by = PinEntry { staff: *staff, pin };
                        finish_report(
                            station,
                            saving.files,
                            saving.shift,
                            integrity,
                            saving.print,
                            &by,
                        )
                    });
                    self.report_note.set(outcome);
                    self.reload();
                }
            }
        }
        self.report_note.show(ui);
        if save || send {
            let outcome = signed(&mut self.report_by, "pit boss", |by| {
                station
                    .ledger_mut()
                    .check_pit_boss(by, "print the shift report")
                    .map_err(|e| e.to_string())?;
                Ok((by.staff, by.pin.to_owned()))
            })
            .and_then(|by| {
                self.start_report(ui.ctx(), station, chosen, send.then(|| print.clone()), by)
            });
            match outcome {
                Ok(saving) => {
                    self.report_saving = Some(saving);
                    self.report_note.set(Ok(String::new()));
                }
                Err(error) => self.report_note.set(Err(error)),
            }
        }
    }

    /// Claims the typed paths for the report of `shift` and starts the
    /// chain check its integrity section needs, off the window's thread.
    fn start_report(
        &self,
        ctx: &egui::Context,
        station: &Station,
        shift: i64,
        print: Option<PrintCommand>,
        by: (u32, String),
    ) -> Result<ReportSaving, String> {
        let pdf = PathBuf::from(self.report_pdf.trim());
        let csv = Some(self.report_csv.trim())
            .filter(|c| !c.is_empty())
            .map(PathBuf::from);
        let ledger = station.ledger();
        let (path, options) = (ledger.path().to_path_buf(), ledger.verify_options());
        let files = ReportFiles::claim(&pdf, csv.as_deref()).map_err(|e| e.to_string())?;
        let check = Job::start(ctx, "chain check", move || {
            check_chain(&path, &options).map_err(|e| e.to_string())
        });
        Ok(ReportSaving {
            files,
            shift,
            print,
            check,
            by,
        })
    }
}

/// Records the print of `shift`'s report with the chain as checked, writes
/// its files and, with `print`, sends the PDF to the printer.
fn finish_report(
    station: &mut Station,
    files: ReportFiles,
    shift: i64,
    integrity: Integrity,
    print: Option<PrintCommand>,
    by: &PinEntry<'_>,
) -> Result<String, String> {
    let layout = Layout::standard().map_err(|e| e.to_string())?;
    let query = ReportQuery {
        table: Some(station.table_id().to_string()),
        period: Period::Shift(shift),
        casino: None,
    };
    let saved = files
        .save(
            station.ledger_mut(),
            &query,
            &layout,
            Some(integrity),
            Some(by),
        )
        .map_err(|e| e.to_string())?;
    let shown = |path: &Path| {
        std::path::absolute(path)
            .unwrap_or_else(|_| path.to_owned())
            .display()
            .to_string()
    };
    let report = &saved.report;
    let stamp = if report.print.is_reprint() {
        format!("print {}, stamped REPRINT", report.print.number)
    } else {
        "print 1, the original".to_owned()
    };
    let check = match report.integrity.discrepancies {
        0 => "chain check passed".to_owned(),
        n => format!("chain check FAILED with {n} discrepancies"),
    };
    let hash = report.integrity.head.hash_hex();
    let mut text = format!(
        "Saved {}{} ({stamp}; {check}; head {}…).",
        shown(&saved.pdf),
        saved
            .csv
            .as_deref()
            .map_or_else(String::new, |c| format!(" and {}", shown(c))),
        &hash[..16]
    );
    // Partial files a print that never finished left beside these.
    for left in &saved.left_over {
        text.push_str(&format!(" Note: {left}."));
    }
    if let Some(print) = print {
        let printer = print
            .printer()
            .ok_or_else(|| PrintingError::NoPrinter(shown(&saved.pdf)).to_string())?;
        let title = format!(
            "Shift report, table {}, shift {shift}",
            report.header.table_name
        );
        let said = printer
            .print(&saved.pdf, &title)
            .map_err(|e| e.to_string())?;
        text = if said.is_empty() {
            format!("Sent to the printer. {text}")
        } else {
            format!("Sent to the printer ({said}). {text}")
        };
    }
    Ok(text)
}

/// Win, hold and the ledger's own win, with what is not counted yet.
fn win_figures(ui: &mut Ui, inventory: &ShiftInventory) {
    ui.heading("Win and hold");
    let total = |count: &Option<ChipCount>| count.as_ref().map(ChipCount::total);
    let opener = total(&inventory.opener);
    let closer = total(&inventory.closer);
    egui::Grid::new("win-figures").show(ui, |ui| {
        let shown =
            |value: Option<u64>| value.map_or("not counted yet".to_owned(), |v| v.to_string());
        ui.label("Opener total");
        ui.label(shown(opener));
        ui.end_row();
        ui.label("Fills");
        ui.label(inventory.fills.to_string());
        ui.end_row();
        ui.label("Credits");
        ui.label(inventory.credits.to_string());
        ui.end_row();
        ui.label("Drop");
        ui.label(inventory.drop.to_string());
        ui.end_row();
        ui.label("Closer total");
        ui.label(shown(closer));
        ui.end_row();
    });
    if let (Some(previous), Some(opener)) = (inventory.previous_closer, opener)
        && previous != opener
    {
        ui.colored_label(
                ALARM,
                format!(
                    "The opener ({opener}) differs from the last shift's closer ({previous}) by {}: report it.",
                    opener as i64 - previous as i64
                ),
            );
    }
    let mut missing = Vec::new();
    if opener.is_none() {
        missing.push("the opener");
    }
    if closer.is_none() {
        missing.push("the closer");
    }
    match inventory.inventory() {
        None => {
            ui.label(format!(
                "Win is not shown: {} not counted yet.",
                missing.join(" and ")
            ));
        }
        Some(figures) => {
            let win = figures.win();
            ui.label(
                RichText::new(format!(
                    "Win = closer + credits + drop − opener − fills = {} + {} + {} − {} − {} = {win}",
                    figures.closer, figures.credits, figures.drop, figures.opener, figures.fills
                ))
                .strong(),
            );
            match hold_basis_points(win, figures.drop) {
                Some(bp) => {
                    ui.label(RichText::new(format!("Hold: {}", format_basis_points(bp))).strong());
                }
                None => {
                    ui.label("Hold: no drop recorded yet, so no hold.");
                }
            }
        }
    }
    ui.label(format!(
        "Ledger's win from the hands dealt: {}",
        inventory.ledger_win
    ));
    if let Some(variance) = inventory.variance() {
        if variance.flagged() {
            ui.colored_label(
                ALARM,
                RichText::new(format!(
                    "Variance: {:+} units between the inventory win and the ledger's win: investigate.",
                    variance.difference
                ))
                .strong(),
            );
        } else {
            ui.colored_label(GOOD, "Variance: 0; the inventory win matches the ledger's.");
        }
    }
}

fn chain_check(path: &Path, options: &VerifyOptions) -> Result<ChainCheck, String> {
    let mut discrepancies = Vec::new();
    let summary = crate::ledger::verify(path, options, |d| discrepancies.push(d.clone()))
        .map_err(|e| format!("cannot verify {}: {e}", path.display()))?;
    Ok(ChainCheck {
        rows: summary.rows,
        hands: summary.hands,
        voided: summary.voided,
        head: summary.head.hash_hex(),
        discrepancies,
    })
}

/// The hand as a replayable hand history (docs/replay-format.md).
fn hand_history(finished: &FinishedHand) -> Result<String, String> {
    serde_json::to_string_pretty(&HandHistory::from_finished(finished))
        .map_err(|e| format!("the hand history could not be written: {e}"))
}

fn history_json(finished: &FinishedHand) -> String {
    hand_history(finished).unwrap_or_else(|error| error)
}

fn export_history(finished: &FinishedHand, path: &str) -> Result<String, String> {
    if path.is_empty() {
        return Err("type the file path to export to".into());
    }
    let json = hand_history(finished)?;
    std::fs::write(path, json + "\n").map_err(|e| format!("cannot write {path}: {e}"))?;
    Ok(format!("Hand history saved to {path}."))
}

fn event_rank(event: &HandEvent) -> Option<Rank> {
    match event {
        HandEvent::Card { rank, .. } => Some(*rank),
        _ => None,
    }
}

fn describe_event(event: &HandEvent) -> String {
    match event {
        HandEvent::Card { rank, step, source } => match step {
            Step::Card { to, discarded, .. } => format!(
                "card {rank} to {to}{} ({source})",
                if *discarded { ", discarded" } else { "" }
            ),
            Step::Decision { .. } => format!("card {rank}"),
        },
        HandEvent::Decision { step } => match step {
            Step::Decision { seat, action } => format!("seat {seat} decides: {action}"),
            Step::Card { .. } => "decision".to_owned(),
        },
        HandEvent::Shoe(ShoeEvent::Burned { rank }) => format!("burned {rank}"),
        HandEvent::Shoe(ShoeEvent::Shuffled(_)) => "the shoe was shuffled".to_owned(),
        HandEvent::Shoe(ShoeEvent::Revealed(_)) => "the last shuffle was revealed".to_owned(),
        HandEvent::ExternalShuffle { mid_hand } => format!(
            "the shoe was reshuffled{}",
            if *mid_hand { " mid-hand" } else { "" }
        ),
        HandEvent::ExternalBurn { rank, .. } => format!("burned {rank}"),
        HandEvent::SetAside {
            rank,
            source,
            approved_by,
        } => format!("card {rank} set aside ({source}), approved by {approved_by}"),
    }
}

fn outcome_name(outcome: HandOutcome) -> &'static str {
    match outcome {
        HandOutcome::HouseWon => "house won",
        HandOutcome::HouseLost => "house lost",
        HandOutcome::Even => "even",
        HandOutcome::Voided => "voided",
    }
}

fn exception_name(kind: crate::ledger::ExceptionKind) -> &'static str {
    use crate::ledger::ExceptionKind as K;
    match kind {
        K::Void => "void",
        K::ManualCard => "manual card",
        K::ScannerOverride => "scanner override",
        K::LimitChange => "limit change",
        K::DenominationChange => "denomination change",
        K::FailedPin => "wrong PIN",
        K::Lockout => "lockout",
        K::LockoutReset => "lockout reset",
        K::Alarm => "alarm",
        K::AlarmCleared => "alarm cleared",
        K::SlipVoid => "slip void",
        K::StaffAdded => "staff added",
        K::PinReset => "PIN reset",
    }
}

#[cfg(test)]
mod tests {
    use super::stored_time;

    #[test]
    fn stored_times_read_to_the_second_and_bad_ones_pass_through() {
        assert_eq!(
            stored_time("2026-11-23T08:45:54.481058Z"),
            "2026-11-23 08:45:54"
        );
        assert_eq!(
            stored_time("2026-11-23T09:45:54+01:00"),
            "2026-11-23 08:45:54"
        );
        assert_eq!(stored_time("not a time"), "not a time");
    }

    #[test]
    fn a_hands_steps_read_in_words_not_internal_names() {
        use crate::engine::table::{CardSource, HandEvent};
        use crate::engine::{CardTo, Rank, Step};
        let rank = Rank::new(7).unwrap();
        let card = |source| HandEvent::Card {
            rank,
            step: Step::Card {
                rank,
                to: CardTo::Seat(2),
                discarded: false,
            },
            source,
        };
        let read = super::describe_event(&card(CardSource::Scanner { frame: 13 }));
        assert_eq!(read, "card 7 to seat 2 (scanner, frame 13)");
        let by_hand = super::describe_event(&card(CardSource::Manual { approved_by: 900 }));
        assert_eq!(
            by_hand,
            "card 7 to seat 2 (entered by hand, approved by 900)"
        );
        for kind in crate::engine::money::TransferKind::ALL {
            let words = kind.words();
            assert!(
                words
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == ' ' || c.is_ascii_digit()),
                "{words}"
            );
        }
    }
}
