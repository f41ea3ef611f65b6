//! The pit view (`pairs-table pit --floor URL`, docs/floor.md): every
//! table on the floor at a glance, read from the floor's copy of each
//! station's chain and redrawn when rows arrive (a listener thread waits on
//! the floor's notifications and wakes the window). Read-only: approvals
//! happen at the table with a PIN.

use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use chrono::{DateTime, Utc};
use eframe::egui::{self, RichText, Ui};

use super::widgets::{ALARM, GOOD, error_text_ui};
use crate::floor::StationLink;
use crate::floor::survey::{Connections, FloorWatch, PitTable, Survey, resurvey};
use crate::ledger::{HandFilter, HandSummary, Ledger, SystemClock};
use crate::time_text::{Zone, when, when_stored};

/// How long the listener waits before reconnecting to a floor it lost.
const RECONNECT: Duration = Duration::from_secs(5);

/// How long after a station is due to fall silent the view looks again
/// (the floor's clock and this one's need not tick together).
const SILENCE_MARGIN: Duration = Duration::from_millis(500);

/// Hands shown when the pit drills into a table.
const RECENT_HANDS: usize = 20;

/// What the listener thread sends: the floor as surveyed, or why not.
type Look = Result<Survey, String>;

/// The pit view's window.
pub struct FloorApp {
    surveys: Receiver<Look>,
    /// The tables as last surveyed; when.
    tables: Vec<PitTable>,
    /// The floor's connections at the last survey.
    connections: Option<Connections>,
    updated: Option<DateTime<Utc>>,
    /// Why the last survey failed (the tables before it stay on screen).
    problem: Option<String>,
    /// The station drilled into, and its recent hands as read.
    selected: Option<(String, Result<Vec<HandSummary>, String>)>,
    /// The private directory of replicas, removed with the window.
    _replicas: Option<tempfile::TempDir>,
}

impl FloorApp {
    /// Starts the listener on the floor at `url` (an owner's or the pit's
    /// URL); `ctx` is woken whenever a new survey arrives.
    pub fn start(url: String, ctx: egui::Context) -> FloorApp {
        let replicas = crate::floor::command::replica_dir("pit-view");
        let (sender, surveys) = channel();
        let dir = match &replicas {
            Ok(dir) => Ok(dir.path().to_path_buf()),
            Err(error) => Err(error.to_string()),
        };
        let started = std::thread::Builder::new()
            .name("floor listener".into())
            .spawn(move || {
                let send = |survey: Look| {
                    let sent = sender.send(survey).is_ok();
                    ctx.request_repaint();
                    sent
                };
                let dir = match dir {
                    Ok(dir) => dir,
                    Err(error) => {
                        send(Err(error));
                        return;
                    }
                };
                loop {
                    // Listening first, so no row arriving during a survey is missed.
                    let mut watch = match FloorWatch::listen(&url) {
                        Ok(watch) => watch,
                        Err(error) => {
                            if !send(Err(error.to_string())) {
                                return;
                            }
                            std::thread::sleep(RECONNECT);
                            continue;
                        }
                    };
                    // The first survey reads every station; after a
                    // notification, only the stations it names; when a
                    // station may have fallen silent, none but their links.
                    let mut tables: Vec<PitTable> = Vec::new();
                    let mut changed: Option<Vec<String>> = None;
                    loop {
                        let surveyed = resurvey(&url, &dir, &tables, changed.as_deref())
                            .map_err(|e| e.to_string());
                        let look_again = match &surveyed {
                            Ok(fresh) => {
                                tables.clone_from(&fresh.tables);
                                fresh.look_again.map(|d| d + SILENCE_MARGIN)
                            }
                            Err(_) => None,
                        };
                        let failed = surveyed.is_err();
                        if !send(surveyed) {
                            return;
                        }
                        changed = match watch.wait(look_again) {
                            // After a failed survey, read everything again.
                            Ok(_) if failed => None,
                            Ok(names) => Some(names),
                            Err(error) => {
                                if !send(Err(error.to_string())) {
                                    return;
                                }
                                break;
                            }
                        };
                    }
                }
            });
        FloorApp {
            surveys,
            tables: Vec::new(),
            connections: None,
            updated: None,
            problem: started
                .err()
                .map(|e| format!("cannot start the floor listener: {e}")),
            selected: None,
            _replicas: replicas.ok(),
        }
    }

    /// The tables as last surveyed, once a survey has arrived.
    pub fn tables(&self) -> Option<&[PitTable]> {
        self.updated.map(|_| self.tables.as_slice())
    }

    /// Takes what the listener sent since the last frame.
    fn receive(&mut self) {
        while let Ok(survey) = self.surveys.try_recv() {
            match survey {
                Ok(survey) => {
                    self.tables = survey.tables;
                    self.connections = Some(survey.connections);
                    self.updated = Some(Utc::now());
                    self.problem = None;
                }
                Err(problem) => self.problem = Some(problem),
            }
        }
    }

    /// Draws the view.
    pub fn show_ui(&mut self, ui: &mut Ui) {
        self.receive();
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(format!(
                    "Pit view: {}",
                    crate::report::counted(self.tables.len() as u64, "table", "tables")
                ));
                match self.updated {
                    Some(at) => ui.label(format!("updated {}", when(at, Zone::Local))),
                    None => ui.label("reading the floor…"),
                };
            });
            if let Some(problem) = &self.problem {
                error_text_ui(ui, &format!("The floor link failed: {problem}. Retrying."));
            } else if let Some(connections) = &self.connections {
                if connections.exhausted() {
                    error_text_ui(ui, &connections.sentence());
                } else {
                    ui.label(connections.sentence());
                }
            }
            ui.separator();
            self.tables_ui(ui);
            ui.separator();
            alarms_ui(ui, &self.tables);
            if let Some((station, hands)) = &self.selected {
                ui.separator();
                hands_ui(ui, station, hands);
            }
        });
    }

    fn tables_ui(&mut self, ui: &mut Ui) {
        let mut clicked = None;
        egui::Grid::new("floor-tables")
            .striped(true)
            .show(ui, |ui| {
                for title in [
                    "Station",
                    "Table",
                    "Game",
                    "Limits",
                    "Dealer",
                    "State",
                    "Hands",
                    "Drop",
                    "Win",
                    "Hold",
                    "Alarms",
                    "Lag",
                    "Last contact",
                    "Link",
                    "Clock",
                ] {
                    ui.strong(title);
                }
                ui.end_row();
                for table in &self.tables {
                    let chosen = self
                        .selected
                        .as_ref()
                        .is_some_and(|(s, _)| *s == table.station);
                    if ui.selectable_label(chosen, &table.station).clicked() {
                        clicked = Some(table.clone());
                    }
                    ui.label(table.table.as_deref().unwrap_or("—"));
                    ui.label(table.game.map_or("—".to_owned(), |g| g.to_string()));
                    ui.label(table.limits.as_deref().unwrap_or("—"));
                    ui.label(table.dealer.map_or("—".to_owned(), |d| d.to_string()));
                    if table.open {
                        ui.colored_label(GOOD, "open");
                    } else {
                        ui.label("closed");
                    }
                    ui.label(table.hands.to_string());
                    ui.label(table.drop.to_string());
                    ui.label(table.win.to_string());
                    ui.label(table.hold.as_deref().unwrap_or("—"));
                    if table.alarms.is_empty() {
                        ui.label("0");
                    } else {
                        ui.colored_label(
                            ALARM,
                            RichText::new(table.alarms.len().to_string()).strong(),
                        );
                    }
                    link_ui(ui, &table.link);
                    ui.end_row();
                }
            });
        if let Some(table) = clicked {
            let hands = recent_hands(&table).map_err(|e| e.to_string());
            self.selected = Some((table.station, hands));
        }
    }
}

impl eframe::App for FloorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show_ui(ui);
    }
}

/// A station's lag, last contact, link failure and clock: the lag
/// `unknown` in the alarm colour once the station has been silent for the
/// house's notice time, never a number it reported before; a clock beyond
/// the house's tolerance in the alarm colour.
fn link_ui(ui: &mut Ui, link: &StationLink) {
    match (link.lag, link.silent) {
        (_, true) => {
            ui.colored_label(ALARM, RichText::new("unknown").strong());
        }
        (Some(lag), false) if link.link_failure.is_some() => {
            ui.colored_label(ALARM, lag.to_string());
        }
        (Some(lag), false) => {
            ui.label(lag.to_string());
        }
        (None, false) => {
            ui.label("—");
        }
    }
    let last = link
        .last_contact
        .as_deref()
        .map_or("never".to_owned(), |t| when_stored(t, Zone::Local));
    if link.silent {
        ui.colored_label(ALARM, format!("{last} (silent)"));
    } else {
        ui.label(last);
    }
    match &link.link_failure {
        Some(why) => ui.colored_label(ALARM, format!("failed: {why}")),
        None => ui.label("—"),
    };
    match (link.clock_words(), link.clock_flagged) {
        (Some(clock), true) => ui.colored_label(ALARM, RichText::new(clock).strong()),
        (Some(clock), false) => ui.label(clock),
        (None, _) => ui.label("—"),
    };
}

/// The latest hands of the table's open shift, newest first, from its replica.
fn recent_hands(table: &PitTable) -> Result<Vec<HandSummary>, crate::ledger::LedgerError> {
    let ledger = Ledger::open_read_only(&table.replica, Box::new(SystemClock), false)?;
    let shift = ledger.open_shift_now()?.map(|open| open.shift);
    let mut hands = ledger.browse_hands(&HandFilter {
        shift,
        ..HandFilter::default()
    })?;
    hands.reverse();
    hands.truncate(RECENT_HANDS);
    Ok(hands)
}

/// Every open alarm on the floor, newest first, in the alarm colour.
fn alarms_ui(ui: &mut Ui, tables: &[PitTable]) {
    let mut alarms: Vec<(DateTime<Utc>, &str, &str)> = tables
        .iter()
        .flat_map(|t| {
            t.alarms
                .iter()
                .map(|a| (a.raised_at, t.station.as_str(), a.message.as_str()))
        })
        .collect();
    alarms.sort_by_key(|a| std::cmp::Reverse(a.0));
    if alarms.is_empty() {
        ui.label("No open alarms.");
        return;
    }
    ui.strong(format!("Open alarms ({}), newest first", alarms.len()));
    for (at, station, message) in alarms {
        ui.colored_label(
            ALARM,
            format!("{} · {station} · {message}", when(at, Zone::Local)),
        );
    }
}

/// A table's recent hands, read from the floor's copy.
fn hands_ui(ui: &mut Ui, station: &str, hands: &Result<Vec<HandSummary>, String>) {
    ui.strong(format!(
        "{station}: the latest hands this shift, from the floor's copy"
    ));
    match hands {
        Err(problem) => error_text_ui(ui, problem),
        Ok(hands) if hands.is_empty() => {
            ui.label("No hands this shift.");
        }
        Ok(hands) => {
            egui::Grid::new("floor-hands").striped(true).show(ui, |ui| {
                for title in ["Hand", "Started", "Dealer", "Seats", "Outcome", "House net"] {
                    ui.strong(title);
                }
                ui.end_row();
                for hand in hands {
                    ui.label(hand.id.to_string());
                    ui.label(when(hand.started_at, Zone::Local));
                    ui.label(hand.dealer.to_string());
                    ui.label(hand.seats.len().to_string());
                    ui.label(hand.outcome.words());
                    ui.label(hand.house_net.to_string());
                    ui.end_row();
                }
            });
        }
    }
}

/// Opens the pit view's window on the floor at `url`.
pub fn run_floor_view(url: String) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("pairs-table pit view")
            .with_inner_size([1280.0, 800.0]),
        ..Default::default()
    };
    eframe::run_native(
        "pairs-table pit view",
        options,
        Box::new(move |cc| {
            super::setup::style(&cc.egui_ctx);
            Ok(Box::new(FloorApp::start(url, cc.egui_ctx.clone())))
        }),
    )
    .map_err(|error| anyhow::anyhow!("the window could not open: {error}"))
}
