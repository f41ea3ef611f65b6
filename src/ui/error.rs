//! Why a screen's action was refused or failed ([`ScreenError`]), kept typed
//! from whatever refused it until the screen shows it as one sentence.

use thiserror::Error;

use crate::engine::rules::RulesError;
use crate::inventory::InventoryError;
use crate::ledger::LedgerError;
use crate::ledger::report::ReportError;
use crate::printing::PrintingError;
use crate::report::RenderError;
use crate::station::StationError;

/// Why a screen's action was refused or failed: one sentence naming the
/// problem, as the part that refused it words it.
#[derive(Debug, Error)]
pub enum ScreenError {
    /// What was typed (or left untyped) does not fit the form, as the
    /// screen words it.
    #[error("{0}")]
    Form(String),
    /// The ledger refused or failed.
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    /// The station refused (out of turn, nobody signed in, …).
    #[error(transparent)]
    Station(#[from] StationError),
    /// A count, slip or denominations setting broke the inventory rules.
    #[error(transparent)]
    Inventory(#[from] InventoryError),
    /// House rules or limits that do not hold.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A report's figures could not be gathered.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// A report could not be drawn or written.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// A report could not be sent to the printer.
    #[error(transparent)]
    Printing(#[from] PrintingError),
    /// A hand history could not be put into words.
    #[error("the hand history could not be written: {0}")]
    History(#[from] serde_json::Error),
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Work on its own thread did not finish.
    #[error("the {0} stopped before it finished")]
    Stopped(&'static str),
    /// Work on its own thread could not start.
    #[error("the {what} could not start: {source}")]
    NotStarted {
        /// The work.
        what: &'static str,
        /// Why.
        source: std::io::Error,
    },
}

impl ScreenError {
    /// Shows the refusal as one sentence, in the refusal colour.
    pub fn show_ui(&self, ui: &mut eframe::egui::Ui) {
        crate::ui::widgets::error_text_ui(ui, &crate::ui::widgets::sentence(&self.to_string()));
    }
}
