//! The pit boss's side of the app: staff and PINs, limits and voids,
//! closing the table, the table inventory and win, the audit (chain check,
//! hand browser, exception report), the win over the shift, player
//! ratings and the shift
//! report (saved as PDF and CSV, printed through [`crate::printing`]).
//!
//! Every action is confirmed with the pit boss's own PIN at that moment and
//! recorded by the ledger with who approved; a refusal is one sentence in
//! the alarm colour beside the action. PIN fields are masked and cleared
//! after every attempt.

mod audit;
mod chart;
mod forms;
mod hand_browser;
mod inventory;
mod limits;
mod rating;
mod report;
mod staff;

pub use report::ReportTab;

use eframe::egui::{self, Ui};

use crate::printing::PrintCommand;
use crate::station::Station;

/// The pit boss's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Staff,
    Limits,
    Inventory,
    Audit,
    Chart,
    Rating,
    Report,
}

const TABS: [(Tab, &str); 7] = [
    (Tab::Staff, "Staff"),
    (Tab::Limits, "Limits & voids"),
    (Tab::Inventory, "Inventory"),
    (Tab::Audit, "Audit"),
    (Tab::Chart, "Chart"),
    (Tab::Rating, "Rating"),
    (Tab::Report, "Shift report"),
];

/// The pit boss's screens, drawn over the table: one value per tab.
pub struct PitScreen {
    tab: Tab,
    staff: staff::StaffTab,
    limits: limits::LimitsTab,
    inventory: inventory::InventoryTab,
    audit: audit::AuditTab,
    chart: chart::ChartTab,
    rating: rating::RatingTab,
    report: report::ReportTab,
}

impl PitScreen {
    /// The pit screen for `station`'s table, with its limits in the form.
    pub fn new(station: &Station) -> PitScreen {
        PitScreen {
            tab: Tab::Staff,
            staff: staff::StaffTab::default(),
            limits: limits::LimitsTab::new(station.table().rules()),
            inventory: inventory::InventoryTab::default(),
            audit: audit::AuditTab::default(),
            chart: chart::ChartTab::default(),
            rating: rating::RatingTab::default(),
            report: report::ReportTab::default(),
        }
    }

    /// Whether the pit boss closed the table: the app goes back to the
    /// open-table screen.
    pub fn table_closed(&self) -> bool {
        self.limits.closed
    }

    /// Forgets what every tab read from the ledger, so a tab shown again
    /// reads it afresh.
    fn reload(&mut self) {
        self.staff.reload();
        self.inventory.reload();
        self.audit.reload();
        self.chart.reload();
        self.rating.reload();
        self.report.reload();
    }

    /// Draws the screen; true when the pit boss goes back to the table.
    /// The shift report tab prints with `print`.
    pub fn show_ui(&mut self, ui: &mut Ui, station: &mut Station, print: &PrintCommand) -> bool {
        forms::count_typing(ui);
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
                Tab::Staff => self.staff.show_ui(ui, station),
                Tab::Limits => self.limits.show_ui(ui, station),
                Tab::Inventory => self.inventory.show_ui(ui, station),
                Tab::Audit => self.audit.show_ui(ui, station),
                Tab::Chart => self.chart.show_ui(ui, station),
                Tab::Rating => self.rating.show_ui(ui, station),
                Tab::Report => {
                    let shift = station.shift_id();
                    self.report
                        .show_ui(ui, station.ledger_mut(), Some(shift), print);
                }
            });
        back || self.limits.closed
    }
}
