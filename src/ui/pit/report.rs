//! The Shift report form: any shift of any table in the ledger, open or
//! closed, saved as PDF and CSV and printed (through [`crate::printing`]),
//! after the whole chain is checked off the window's thread. It is the pit
//! boss screen's Shift report tab, and is on the open-table screen too, so
//! a closed shift can be printed before the next table opens.

use std::path::{Path, PathBuf};

use eframe::egui::{self, Ui};

use super::forms::{Note, Signer, signed};
use crate::ids::{ShiftId, StaffId};
use crate::ledger::report::{Integrity, Period, ReportQuery, ShiftSpan, check_chain};
use crate::ledger::{Ledger, PinEntry};
use crate::printing::{PrintCommand, PrintingError, ReportFiles, default_file_name};
use crate::report::Layout;
use crate::time_text::{Zone, when};
use crate::ui::background::Job;
use crate::ui::error::ScreenError;
use crate::ui::widgets::labelled_input_ui;

/// A report being saved: its files claimed, the chain being checked
/// before the print is recorded.
struct ReportSaving {
    files: ReportFiles,
    shift: ShiftSpan,
    /// Where to send the saved PDF, if it is to be printed.
    print: Option<PrintCommand>,
    check: Job<Integrity>,
    /// The pit boss who prints and their PIN, confirmed again (and
    /// recorded) with the print.
    by: (StaffId, String),
}

/// The Shift report form's inputs and the save under way.
#[derive(Default)]
pub struct ReportTab {
    shifts: Option<Result<Vec<ShiftSpan>, ScreenError>>,
    /// The shift chosen; None: the current shift (or the newest).
    shift: Option<ShiftId>,
    /// The shift the file paths were filled in for.
    paths_for: Option<ShiftId>,
    pdf: String,
    csv: String,
    by: Signer,
    note: Note,
    saving: Option<ReportSaving>,
}

impl ReportTab {
    /// Forgets the list of shifts, so the next frame reads it again.
    pub fn reload(&mut self) {
        self.shifts = None;
    }

    /// Draws the form over `ledger`; `current` is the shift of the table
    /// open at this station (chosen until another is), if one is.
    pub fn show_ui(
        &mut self,
        ui: &mut Ui,
        ledger: &mut Ledger,
        current: Option<ShiftId>,
        print: &PrintCommand,
    ) {
        ui.heading("Shift report");
        ui.label(
            "Any shift of any table in this ledger, open or closed. Saving or printing records a \
             print in the ledger: a second print of the same shift is stamped REPRINT. Paths are \
             relative to the folder the app was started in.",
        );
        let shifts = self
            .shifts
            .get_or_insert_with(|| ledger.shifts().map_err(ScreenError::from));
        let shifts = match shifts {
            Err(error) => {
                error.show_ui(ui);
                return;
            }
            Ok(list) => list.clone(),
        };
        let Some(newest) = shifts.first().map(|s| s.id) else {
            ui.label("No shift has been opened in this ledger yet.");
            return;
        };
        let chosen = self.shift.or(current).unwrap_or(newest);
        ui.strong("Shift");
        egui::ScrollArea::vertical()
            .id_salt("report-shifts")
            .max_height(160.0)
            .show(ui, |ui| {
                for span in &shifts {
                    let text = format!(
                        "Table {} · shift {} · opened {} · {}{}",
                        span.table_name,
                        span.id,
                        when(span.opened_at, Zone::Local),
                        span.closed_at.map_or_else(
                            || "open".to_owned(),
                            |t| format!("closed {}", when(t, Zone::Local))
                        ),
                        if Some(span.id) == current {
                            " (this shift)"
                        } else {
                            ""
                        }
                    );
                    if ui.selectable_label(chosen == span.id, text).clicked() {
                        self.shift = Some(span.id);
                    }
                }
            });
        let chosen = self.shift.or(current).unwrap_or(newest);
        let Some(span) = shifts.iter().find(|s| s.id == chosen).cloned() else {
            return;
        };
        if self.paths_for != Some(chosen) {
            self.pdf = default_file_name(&span.table_name, chosen, "pdf");
            self.csv = default_file_name(&span.table_name, chosen, "csv");
            self.paths_for = Some(chosen);
        }
        labelled_input_ui(ui, "PDF file path", &mut self.pdf, 420.0);
        labelled_input_ui(ui, "CSV file path (empty: no CSV)", &mut self.csv, 420.0);
        // Every save is a recorded print (the first is the original), so
        // only a pit boss saves or prints.
        self.by.show_ui(ui, "Pit boss", "report");
        let idle = self.saving.is_none();
        let (mut save, mut send) = (false, false);
        ui.horizontal(|ui| {
            save = ui
                .add_enabled(idle, egui::Button::new("Save PDF"))
                .clicked();
            send = ui.add_enabled(idle, egui::Button::new("Print")).clicked();
        });
        if let Some(mut saving) = self.saving.take() {
            match saving.check.finished(ui.ctx()) {
                None => {
                    ui.label("Checking the whole chain before the print is recorded…");
                    self.saving = Some(saving);
                }
                Some(checked) => {
                    let outcome = checked.and_then(|integrity| {
                        let (staff, pin) = &saving.by;
                        let by = PinEntry { staff: *staff, pin };
                        finish_report(
                            ledger,
                            saving.files,
                            saving.shift,
                            integrity,
                            saving.print,
                            &by,
                        )
                    });
                    self.note.set(outcome);
                    self.reload();
                }
            }
        }
        self.note.show_ui(ui);
        if save || send {
            let outcome = signed(&mut self.by, "pit boss", |by| {
                ledger.check_pit_boss(by, "print the shift report")?;
                Ok((by.staff, by.pin.to_owned()))
            })
            .and_then(|by| {
                self.start_report(ui.ctx(), ledger, span, send.then(|| print.clone()), by)
            });
            match outcome {
                Ok(saving) => {
                    self.saving = Some(saving);
                    self.note.set(Ok(String::new()));
                }
                Err(error) => self.note.set(Err(error)),
            }
        }
    }

    /// Claims the typed paths for the report of `shift` and starts the
    /// chain check its integrity section needs, off the window's thread.
    fn start_report(
        &self,
        ctx: &egui::Context,
        ledger: &Ledger,
        shift: ShiftSpan,
        print: Option<PrintCommand>,
        by: (StaffId, String),
    ) -> Result<ReportSaving, ScreenError> {
        let pdf = PathBuf::from(self.pdf.trim());
        let csv = Some(self.csv.trim())
            .filter(|c| !c.is_empty())
            .map(PathBuf::from);
        let (path, options) = (ledger.path().to_path_buf(), ledger.verify_options());
        let files = ReportFiles::claim(&pdf, csv.as_deref(), &path)?;
        let check = Job::start(ctx, "chain check", move || {
            check_chain(&path, &options).map_err(ScreenError::from)
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
    ledger: &mut Ledger,
    files: ReportFiles,
    shift: ShiftSpan,
    integrity: Integrity,
    print: Option<PrintCommand>,
    by: &PinEntry<'_>,
) -> Result<String, ScreenError> {
    let layout = Layout::standard()?;
    let query = ReportQuery {
        table: Some(shift.table.to_string()),
        period: Period::Shift(shift.id),
        casino: None,
    };
    let saved = files.save(ledger, &query, &layout, Some(integrity), Some(by))?;
    let shown = |path: &Path| {
        std::path::absolute(path)
            .unwrap_or_else(|_| path.to_owned())
            .display()
            .to_string()
    };
    let report = &saved.report;
    let stamp = if report.print.interim {
        format!(
            "interim print {}, stamped INTERIM (the shift is open; the first print after it closes is the original)",
            report.print.number
        )
    } else if report.print.is_reprint() {
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
            .ok_or_else(|| PrintingError::NoPrinter(shown(&saved.pdf)))?;
        let title = format!(
            "Shift report, table {}, shift {}",
            report.header.table_name, shift.id
        );
        let said = printer.print(&saved.pdf, &title)?;
        text = if said.is_empty() {
            format!("Sent to the printer. {text}")
        } else {
            format!("Sent to the printer ({said}). {text}")
        };
    }
    Ok(text)
}
