//! The Inventory tab: chip denominations, tray counts, fills and credits
//! and their voids, the drop, and the win and hold they give.

use eframe::egui::{self, RichText, Ui};

use super::forms::{Note, Signer, action_ui, asked_by, parse_units, requester, signed};
use crate::ids::ShiftId;
use crate::inventory::{ChipCount, Denominations, format_basis_points, hold_basis_points};
use crate::ledger::{
    CountKind, LedgerError, RECOUNT_SECOND_APPROVAL_ABOVE, Recount, ShiftInventory, Slip, SlipKind,
};
use crate::station::Station;
use crate::ui::error::ScreenError;
use crate::ui::widgets::{ALARM, GOOD, labelled_input_ui, message_line_ui};

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

    fn show_ui(&mut self, ui: &mut Ui, caption: &str) {
        ui.horizontal_wrapped(|ui| {
            for (denomination, text) in &mut self.counts {
                labelled_input_ui(ui, &format!("{caption} {denomination}"), text, 50.0);
            }
        });
    }

    fn chips(&self, denominations: &Denominations) -> Result<ChipCount, ScreenError> {
        let mut counts = Vec::new();
        for (denomination, text) in &self.counts {
            if text.trim().is_empty() {
                continue;
            }
            let count = text.trim().parse::<u64>().map_err(|_| {
                ScreenError::Form(format!(
                    "the number of {denomination} chips must be a whole number"
                ))
            })?;
            counts.push((*denomination, count));
        }
        ChipCount::new(denominations, &counts).map_err(ScreenError::from)
    }

    fn clear(&mut self) {
        for (_, text) in &mut self.counts {
            text.clear();
        }
    }
}

/// The inventory as read: denominations, the shift's figures, its slips.
type Figures = (Option<Denominations>, ShiftInventory, Vec<Slip>);

fn read_figures(station: &Station) -> Result<Figures, LedgerError> {
    let ledger = station.ledger();
    let shift = station.shift_id();
    Ok((
        ledger.denominations(station.table_id())?,
        ledger.shift_inventory(shift)?,
        ledger.slips(shift)?,
    ))
}

/// The Inventory tab's inputs and what it read.
pub(super) struct InventoryTab {
    figures: Option<Result<Figures, ScreenError>>,
    denominations: String,
    denominations_by: Signer,
    denominations_note: Note,
    count_kind: CountKind,
    count: ChipInputs,
    count_dealer: Signer,
    count_boss: Signer,
    recount_reason: String,
    recount_second: Signer,
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
    waive_kind: CountKind,
    waive_reason: String,
    waive_by: Signer,
    waive_note: Note,
}

impl Default for InventoryTab {
    fn default() -> InventoryTab {
        InventoryTab {
            figures: None,
            denominations: String::new(),
            denominations_by: Signer::default(),
            denominations_note: Note::default(),
            count_kind: CountKind::Opener,
            count: ChipInputs::default(),
            count_dealer: Signer::default(),
            count_boss: Signer::default(),
            recount_reason: String::new(),
            recount_second: Signer::default(),
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
            waive_kind: CountKind::Opener,
            waive_reason: String::new(),
            waive_by: Signer::default(),
            waive_note: Note::default(),
        }
    }
}

impl InventoryTab {
    /// Forgets the figures, so the next frame reads them again.
    pub(super) fn reload(&mut self) {
        self.figures = None;
    }

    pub(super) fn show_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        let table = station.table_id();
        let shift = station.shift_id();
        let figures = self
            .figures
            .get_or_insert_with(|| read_figures(station).map_err(ScreenError::from));
        let (denominations, inventory, slips) = match figures {
            Ok((d, i, s)) => (d.clone(), i.clone(), s.clone()),
            Err(error) => {
                error.show_ui(ui);
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
        labelled_input_ui(ui, "Denominations", &mut self.denominations, 200.0);
        self.denominations_by
            .show_ui(ui, "Pit boss", "denominations");
        if action_ui(ui, "Set denominations", &mut self.denominations_note) {
            let outcome = (|| -> Result<String, ScreenError> {
                let parsed = Denominations::parse(&self.denominations)?;
                signed(&mut self.denominations_by, "pit boss", |by| {
                    let dealer = asked_by(station, by);
                    station
                        .ledger_mut()
                        .set_denominations(table, &parsed, dealer, by)
                        .map_err(ScreenError::from)
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
            let counted = |kind| match kind {
                CountKind::Opener => inventory.opener.as_ref().map(ChipCount::total),
                CountKind::Closer => inventory.closer.as_ref().map(ChipCount::total),
            };
            let previous = counted(self.count_kind);
            self.count_form_ui(ui, station, d, shift, previous);
            ui.separator();
            self.slip_form_ui(ui, station, d, shift);
        }
        ui.separator();
        self.waiver_form_ui(ui, station, shift);
        ui.separator();
        self.slip_void_form_ui(ui, station, &slips);
        ui.separator();
        self.drop_form_ui(ui, station, shift);
        ui.separator();
        win_figures_ui(ui, &inventory);
    }

    fn count_form_ui(
        &mut self,
        ui: &mut Ui,
        station: &mut Station,
        d: &Denominations,
        shift: ShiftId,
        previous: Option<u64>,
    ) {
        ui.heading("Tray count");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.count_kind, CountKind::Opener, "Opener");
            ui.selectable_value(&mut self.count_kind, CountKind::Closer, "Closer");
        });
        self.count.show_ui(ui, "Chips of");
        self.count_dealer.show_ui(ui, "Dealer", "count");
        self.count_boss.show_ui(ui, "Pit boss", "count");
        // The recount's fields are always drawn (greyed for a first count)
        // and their sentence has two lines kept: Record count stays where
        // it is once the opener is in, and between Opener and Closer.
        let recount_rule = format!(
            "a recount needs a reason, and a second pit boss when it changes the total by more than {RECOUNT_SECOND_APPROVAL_ABOVE} units."
        );
        let state = match previous {
            Some(previous) => format!("Counted already ({previous} units): {recount_rule}"),
            None => "Not counted yet: the first count needs no reason.".to_owned(),
        };
        let colour = ui.visuals().text_color();
        message_line_ui(ui, &state, colour);
        ui.add_enabled_ui(previous.is_some(), |ui| {
            labelled_input_ui(
                ui,
                "Reason for the recount",
                &mut self.recount_reason,
                360.0,
            );
            self.recount_second
                .show_ui(ui, "Second pit boss", "recount");
        });
        if action_ui(ui, "Record count", &mut self.count_note) {
            let kind = self.count_kind;
            let outcome = (|| -> Result<String, ScreenError> {
                let chips = self.count.chips(d)?;
                let second = if self.recount_second.id.trim().is_empty() {
                    None
                } else {
                    Some(self.recount_second.entry("second pit boss")?)
                };
                let recount = previous.map(|_| Recount {
                    reason: &self.recount_reason,
                    second: second.as_ref(),
                });
                station.ledger_mut().record_count(
                    shift,
                    kind,
                    &chips,
                    &self.count_dealer.entry("dealer")?,
                    &self.count_boss.entry("pit boss")?,
                    recount,
                )?;
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
            self.recount_second.clear();
            if outcome.is_ok() {
                self.count.clear();
                self.recount_reason.clear();
            }
            self.count_note.set(outcome);
            self.reload();
        }
    }

    /// A pit boss's waiver of a count that cannot be made, with a reason:
    /// play may start without the opener, or the table close without the
    /// closer; the report shows it.
    fn waiver_form_ui(&mut self, ui: &mut Ui, station: &mut Station, shift: ShiftId) {
        ui.heading("Waive a count");
        ui.label(
            "Only when the tray cannot be counted: the shift report shows the waiver, who gave it and why.",
        );
        ui.horizontal(|ui| {
            ui.selectable_value(
                &mut self.waive_kind,
                CountKind::Opener,
                "Opener not counted",
            );
            ui.selectable_value(
                &mut self.waive_kind,
                CountKind::Closer,
                "Closer not counted",
            );
        });
        labelled_input_ui(ui, "Reason for the waiver", &mut self.waive_reason, 360.0);
        self.waive_by.show_ui(ui, "Pit boss", "waiver");
        if action_ui(ui, "Waive the count", &mut self.waive_note) {
            let kind = self.waive_kind;
            let reason = self.waive_reason.clone();
            let outcome = signed(&mut self.waive_by, "pit boss", |by| {
                station
                    .ledger_mut()
                    .waive_count(shift, kind, &reason, by)
                    .map_err(ScreenError::from)
            })
            .map(|()| {
                format!(
                    "The {} of this shift is waived: {}.",
                    kind.as_str(),
                    reason.trim().trim_end_matches('.')
                )
            });
            if outcome.is_ok() {
                self.waive_reason.clear();
            }
            self.waive_note.set(outcome);
            self.reload();
        }
    }

    fn slip_form_ui(
        &mut self,
        ui: &mut Ui,
        station: &mut Station,
        d: &Denominations,
        shift: ShiftId,
    ) {
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
        self.slip.show_ui(ui, "Slip chips of");
        self.slip_by.show_ui(ui, "Pit boss", "slip");
        if action_ui(ui, "Record slip", &mut self.slip_note) {
            let kind = self.slip_kind;
            let outcome = (|| -> Result<String, ScreenError> {
                let chips = self.slip.chips(d)?;
                let dealer = requester(station)?;
                let number = signed(&mut self.slip_by, "pit boss", |by| {
                    station
                        .ledger_mut()
                        .record_slip(kind, shift, &chips, dealer, by)
                        .map_err(ScreenError::from)
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

    fn slip_void_form_ui(&mut self, ui: &mut Ui, station: &mut Station, slips: &[Slip]) {
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
        labelled_input_ui(ui, "Slip number", &mut self.slip_number, 140.0);
        labelled_input_ui(
            ui,
            "Reason for voiding the slip",
            &mut self.slip_reason,
            360.0,
        );
        self.slip_first.show_ui(ui, "First signer", "slip void");
        self.slip_second.show_ui(ui, "Second signer", "slip void");
        if action_ui(ui, "Void slip", &mut self.slip_void_note) {
            let number = self.slip_number.trim().to_owned();
            let outcome = (|| -> Result<String, ScreenError> {
                station.ledger_mut().void_slip(
                    &number,
                    &self.slip_reason,
                    &self.slip_first.entry("first signer")?,
                    &self.slip_second.entry("second signer")?,
                )?;
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

    fn drop_form_ui(&mut self, ui: &mut Ui, station: &mut Station, shift: ShiftId) {
        ui.heading("Drop");
        ui.label("Cash taken at the table for chips, in units.");
        labelled_input_ui(ui, "Drop amount", &mut self.drop_amount, 100.0);
        self.drop_by.show_ui(ui, "Pit boss", "drop");
        if action_ui(ui, "Record drop", &mut self.drop_note) {
            let outcome = (|| -> Result<String, ScreenError> {
                let amount = parse_units(&self.drop_amount, "the drop")?;
                signed(&mut self.drop_by, "pit boss", |by| {
                    station
                        .ledger_mut()
                        .record_drop(shift, amount, by)
                        .map_err(ScreenError::from)
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
}

/// Win, hold and the ledger's own win, with what is not counted yet.
fn win_figures_ui(ui: &mut Ui, inventory: &ShiftInventory) {
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
