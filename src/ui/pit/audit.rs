//! The Audit tab: the program that last started, the station's key, the
//! whole chain check (off the window's thread), the hand browser and the
//! exception report.

use std::path::Path;

use eframe::egui::{self, RichText, Ui};

use super::hand_browser::HandBrowser;
use crate::ledger::{
    Discrepancy, Exception, ExceptionKind, ProgramStart, TimeRange, VerifyOptions,
};
use crate::station::Station;
use crate::station::startup::StartupChainCheck;
use crate::time_text::{Zone, when};
use crate::ui::background::Job;
use crate::ui::error::ScreenError;
use crate::ui::widgets::{ALARM, GOOD};

/// Staff members as shown (`Name (#id)`), by id.
type StaffNames = std::collections::HashMap<crate::ids::StaffId, String>;

/// What the chain check found.
struct ChainCheck {
    rows: u64,
    hands: u64,
    voided: u64,
    head: String,
    discrepancies: Vec<Discrepancy>,
}

/// The Audit tab: what it read, the check under way, the hand browser.
#[derive(Default)]
pub(super) struct AuditTab {
    check: Option<Result<ChainCheck, ScreenError>>,
    /// The chain check under way.
    checking: Option<Job<ChainCheck>>,
    /// The program that last started at this ledger.
    program: Option<Result<Option<ProgramStart>, ScreenError>>,
    /// The exceptions found, with every staff member as shown (`Name (#id)`).
    exceptions: Option<Result<(Vec<Exception>, StaffNames), ScreenError>>,
    browser: HandBrowser,
}

impl AuditTab {
    /// Forgets what was read, so the next frame reads it again.
    pub(super) fn reload(&mut self) {
        self.program = None;
        self.exceptions = None;
        self.browser.reload();
    }

    pub(super) fn show_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("Program");
        let program = self.program.get_or_insert_with(|| {
            station
                .ledger()
                .last_program_start()
                .map_err(ScreenError::from)
        });
        match program {
            Err(error) => error.show_ui(ui),
            Ok(None) => {
                ui.label("No start of the program is recorded yet.");
            }
            Ok(Some(start)) => {
                ui.label(format!(
                    "Last started {} at {}: version {}, SHA-256",
                    when(start.started_at, Zone::Local),
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
        let startup_running = startup_chain_ui(ui, station.startup_chain_check());
        if ui
            .add_enabled(
                self.checking.is_none() && !startup_running,
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
            Some(Err(error)) => error.show_ui(ui),
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
            self.browser.choose(station, hand);
        }
        ui.separator();
        self.browser.show_ui(ui, station);
        ui.separator();
        ui.heading("Exception report: this shift");
        let exceptions = self.exceptions.get_or_insert_with(|| {
            let ledger = station.ledger();
            // From the moment this table's shift opened (every station's
            // exceptions: wrong PINs and lockouts are not a table's alone).
            let opened = ledger.shift_opened_at(station.shift_id())?;
            let list = ledger.exceptions(TimeRange {
                from: Some(opened),
                to: None,
            })?;
            let names = ledger
                .staff_list()?
                .into_iter()
                .map(|member| (member.id, format!("{} (#{})", member.name, member.id)))
                .collect();
            Ok((list, names))
        });
        match exceptions {
            Err(error) => error.show_ui(ui),
            Ok((list, _)) if list.is_empty() => {
                ui.label("No exceptions recorded.");
            }
            Ok((list, names)) => {
                let who = |staff: Option<crate::ids::StaffId>| match staff {
                    None => "—".to_owned(),
                    Some(id) => names.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
                };
                // The detail takes what the other columns leave, to the
                // window's right edge (at least a readable 320 points), and
                // wraps inside it.
                let right = ui.max_rect().right() - 8.0;
                egui::Grid::new("exceptions").striped(true).show(ui, |ui| {
                    for title in ["When", "What", "Who", "Approved by", "Hand", "Detail"] {
                        ui.strong(title);
                    }
                    ui.end_row();
                    for line in list.iter() {
                        ui.label(when(line.at, Zone::Local));
                        ui.label(exception_name(line.kind));
                        ui.label(who(line.staff));
                        ui.label(who(line.approved_by));
                        ui.label(line.hand.map_or("—".into(), |h| h.to_string()));
                        let detail_width = (right - ui.cursor().left()).max(320.0);
                        ui.scope(|ui| {
                            ui.set_width(detail_width);
                            ui.add(egui::Label::new(&line.detail).wrap());
                        });
                        ui.end_row();
                    }
                });
            }
        }
    }
}

fn chain_check(path: &Path, options: &VerifyOptions) -> Result<ChainCheck, ScreenError> {
    let mut discrepancies = Vec::new();
    let summary = crate::ledger::verify(path, options, |d| discrepancies.push(d.clone()))
        .map_err(|e| ScreenError::Form(format!("cannot verify {}: {e}", path.display())))?;
    Ok(ChainCheck {
        rows: summary.rows,
        hands: summary.hands,
        voided: summary.voided,
        head: summary.head.hash_hex(),
        discrepancies,
    })
}

/// What the start-up checks' chain check found, or that it is under way
/// (then `true`: a second whole check beside it would slow both).
fn startup_chain_ui(ui: &mut Ui, check: &StartupChainCheck) -> bool {
    match check {
        StartupChainCheck::NotRun => false,
        StartupChainCheck::Running => {
            ui.label(
                "The start-up check is checking the whole chain now; its result shows here \
                 when it ends, and the chain check can be run again after it.",
            );
            true
        }
        StartupChainCheck::Done {
            at,
            chain: Ok(integrity),
        } => {
            let found = match integrity.discrepancies {
                0 => "no discrepancy".to_owned(),
                1 => "1 discrepancy".to_owned(),
                n => format!("{n} discrepancies"),
            };
            let text = format!(
                "At start-up ({}): rows {} · hands {} · {found}",
                when(*at, Zone::Local),
                integrity.head.rows,
                integrity.hands_checked
            );
            if integrity.discrepancies == 0 {
                ui.colored_label(GOOD, text);
            } else {
                ui.colored_label(ALARM, text);
            }
            false
        }
        StartupChainCheck::Done {
            at,
            chain: Err(problem),
        } => {
            ui.colored_label(
                ALARM,
                format!(
                    "At start-up ({}) the chain check could not run: {problem}",
                    when(*at, Zone::Local)
                ),
            );
            false
        }
    }
}

fn exception_name(kind: ExceptionKind) -> &'static str {
    use ExceptionKind as K;
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
        K::CountWaived => "count waived",
        K::ShoePortChange => "shoe moved to another port",
    }
}
