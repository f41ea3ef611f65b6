//! The pit view's shift-report form (docs/floor.md, "Printing at the
//! pit"): the drilled-into table's shift report, printed from the floor's
//! verified copy of its station's chain on a thread of its own, numbered
//! and recorded on the floor (`floor::prints`).

use std::path::{Path, PathBuf};

use eframe::egui::{self, Ui};

use crate::floor::prints::{PitPrint, print_at_pit};
use crate::ids::{ShiftId, StaffId};
use crate::printing::{PrintCommand, PrintingError, Saved, default_file_name};
use crate::report::Layout;
use crate::ui::background::Job;
use crate::ui::error::ScreenError;
use crate::ui::widgets::{error_text_ui, labelled_input_ui};

/// The form's inputs, the print under way and what the last one did.
#[derive(Default)]
pub(super) struct PrintForm {
    /// The station the paths were filled in for, and its shift.
    paths_for: Option<(String, Option<ShiftId>)>,
    by: String,
    pdf: String,
    /// Also send the saved PDF to the print command.
    send: bool,
    printing: Option<Job<Saved>>,
    /// The last print's outcome, in words (`Err`: why it failed).
    said: Option<Result<String, String>>,
}

impl PrintForm {
    /// Draws the form for `station`'s table `table` and its shift `shift`
    /// (`None` before its first); prints through the floor at `url`, its
    /// replicas in `dir`.
    pub(super) fn show_ui(
        &mut self,
        ui: &mut Ui,
        (url, dir): (&str, &Path),
        (station, table, shift): (&str, &str, Option<ShiftId>),
        print: &PrintCommand,
    ) {
        let Some(shift_id) = shift else {
            ui.label("No shift of this table has reached the floor yet.");
            return;
        };
        if self.paths_for.as_ref() != Some(&(station.to_owned(), shift)) {
            self.pdf = default_file_name(table, shift_id, "pdf");
            self.paths_for = Some((station.to_owned(), shift));
            self.said = None;
        }
        ui.label(
            "Printed here from the floor's verified rows: a floor copy, numbered and recorded \
             on the floor (floor prints lists them). The pit boss signs the paper; PINs are \
             checked only at the table.",
        );
        let typed = labelled_input_ui(ui, "Pit boss's staff ID", &mut self.by, 80.0).changed()
            | labelled_input_ui(ui, "Save the PDF to", &mut self.pdf, 180.0).changed();
        // A refusal goes once the input is typed again.
        if typed && matches!(self.said, Some(Err(_))) {
            self.said = None;
        }
        ui.checkbox(&mut self.send, "Also send it to the printer");
        let busy = self.printing.is_some();
        let clicked = ui
            .add_enabled(!busy, egui::Button::new(format!("Print shift {shift_id}")))
            .clicked();
        if clicked {
            self.start(ui.ctx(), (url, dir), station, shift_id, print);
        }
        if let Some(job) = &mut self.printing
            && let Some(done) = job.finished(ui.ctx())
        {
            self.printing = None;
            self.said = Some(
                done.map(|saved| done_words(&saved))
                    .map_err(|e| e.to_string()),
            );
        }
        if busy {
            ui.label("Printing: checking the chain and recording the copy…");
        }
        match &self.said {
            Some(Ok(words)) => {
                ui.label(words.as_str());
            }
            Some(Err(why)) => error_text_ui(ui, why),
            None => {}
        }
    }

    /// Starts the print, or says what the form lacks.
    fn start(
        &mut self,
        ctx: &egui::Context,
        (url, dir): (&str, &Path),
        station: &str,
        shift: ShiftId,
        print: &PrintCommand,
    ) {
        let typed = self.by.trim();
        let Ok(by) = typed.parse::<u32>() else {
            self.said = Some(Err(if typed.is_empty() {
                "type the pit boss's staff ID first".to_owned()
            } else {
                format!("a staff ID is a number, not {typed:?}")
            }));
            return;
        };
        let pdf = PathBuf::from(self.pdf.trim());
        let request = PitPrint {
            station: station.to_owned(),
            shift: Some(shift),
            by: StaffId(by),
        };
        let (url, dir) = (url.to_owned(), dir.to_owned());
        let send = self.send.then(|| print.clone());
        self.said = None;
        self.printing = Some(Job::start(ctx, "floor copy", move || {
            let layout = Layout::standard().map_err(ScreenError::from)?;
            let saved = print_at_pit(&url, &dir, &request, (&pdf, None), &layout)?;
            if let Some(command) = &send {
                let printer = command
                    .printer()
                    .ok_or_else(|| PrintingError::NoPrinter(saved.pdf.display().to_string()))?;
                printer.print(&saved.pdf, "shift report (floor copy)")?;
            }
            Ok(saved)
        }));
    }
}

/// What a finished print did, in words.
fn done_words(saved: &Saved) -> String {
    let print = &saved.report.print;
    format!(
        "Saved floor copy {} of shift {}{} to {}: recorded on the floor, through the station's row {}.",
        print.number,
        saved.report.header.shift.map_or(0, |s| s.0),
        if print.interim {
            " (INTERIM: the shift is open)"
        } else {
            ""
        },
        std::path::absolute(&saved.pdf)
            .unwrap_or_else(|_| saved.pdf.clone())
            .display(),
        saved.report.integrity.head.rows
    )
}
