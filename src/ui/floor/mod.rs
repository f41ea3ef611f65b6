//! The pit view (`pairs-table pit --floor URL`, docs/floor.md): every
//! enrolled table on the floor at a glance, laid out on the floor plan the
//! house arranges (`plan.rs`), read from the floor's copy of each
//! station's chain and redrawn when rows arrive (a listener thread waits on
//! the floor's notifications and wakes the window); a table clicked shows
//! the hand it is dealing now (else its latest hand) and its hands,
//! following them as they are published and shipped (`detail.rs`), and
//! prints its shift report from the floor's verified rows (`print.rs`).
//! Approvals happen at the table with a PIN; the pit sees what waits for
//! one at every table.

use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use chrono::{DateTime, Utc};
use eframe::egui::{self, Ui};

use super::widgets::{ACTOR, ALARM, error_text_ui};
use crate::floor::survey::{Connections, FloorWatch, PitTable, Survey, resurvey, resurvey_reading};
use crate::protection::FlagSettings;
use crate::time_text::{Zone, when};

mod detail;
mod plan;
mod print;
mod watch;

/// How long the listener waits before reconnecting to a floor it lost.
const RECONNECT: Duration = Duration::from_secs(5);

/// How long after a station is due to fall silent the view looks again
/// (the floor's clock and this one's need not tick together).
const SILENCE_MARGIN: Duration = Duration::from_millis(500);

/// How often the view reads every station's link again though nothing
/// arrived: a heartbeat that changes nothing else notifies no one, and its
/// last contact shows within this time.
const LINK_REFRESH: Duration = Duration::from_secs(5);

/// What the listener thread sends: the floor as surveyed, or why not.
type Look = Result<Survey, String>;

/// The pit view's window.
pub struct FloorApp {
    surveys: Receiver<Look>,
    /// The tables as last surveyed; when.
    tables: Vec<PitTable>,
    /// The floor's connections at the last survey.
    connections: Option<Connections>,
    /// Why the figures may be old: the verifier has not checked in (the
    /// banner in the alarm colour), at the last survey.
    verifier_alarm: Option<String>,
    /// The floor's primary and the failover this program saw (a
    /// multi-host target with `target_session_attrs=read-write`).
    primary: Option<crate::floor::servers::Primary>,
    /// Where the last survey read the tables, when a standby is to.
    reading: Option<String>,
    updated: Option<DateTime<Utc>>,
    /// Why the last survey failed (the tables before it stay on screen).
    problem: Option<String>,
    /// The table drilled into.
    selected: Option<detail::TableDetail>,
    /// Each station's bets against the edge, followed on a thread.
    follower: watch::Follower,
    /// The house's thresholds for the marks, as last surveyed.
    flag_settings: FlagSettings,
    /// The station and seat or player whose figures window is open.
    figures_of: Option<(String, watch::Subject)>,
    /// The private directory of replicas, removed with the window.
    _replicas: Option<tempfile::TempDir>,
    /// The floor's URL, for printing a table's shift report.
    url: String,
    /// The private directory of the replicas printed from (apart from the
    /// listener's, which another thread extends), or why there is none.
    print_replicas: Result<tempfile::TempDir, String>,
    /// The shift-report form of the table drilled into.
    print_form: print::PrintForm,
    /// The print command a report is sent to.
    print_command: crate::printing::PrintCommand,
}

impl FloorApp {
    /// Starts the listener on the floor at `url` (an owner's or the pit's
    /// URL); `ctx` is woken whenever a new survey arrives.
    pub fn start(url: String, ctx: egui::Context) -> FloorApp {
        FloorApp::start_reading(url, None, ctx)
    }

    /// [`FloorApp::start`], the tables read from the standby target
    /// `reads` when given (the listener, the pit boss's changes and the
    /// printing stay on `url`; docs/floor.md, "Reading from a standby").
    pub fn start_reading(url: String, reads: Option<String>, ctx: egui::Context) -> FloorApp {
        let replicas = crate::floor::command::replica_dir("pit-view");
        let print_url = url.clone();
        let (sender, surveys) = channel();
        let follower = watch::Follower::start(ctx.clone());
        let jobs = follower.jobs();
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
                    // notification, only the stations it names; every
                    // LINK_REFRESH and when a station may have fallen
                    // silent, none but their links (after a failure, all).
                    let mut tables: Vec<PitTable> = Vec::new();
                    let mut changed: Option<Vec<String>> = None;
                    loop {
                        let surveyed = match &reads {
                            Some(reads) => resurvey_reading(
                                reads,
                                &mut watch,
                                &dir,
                                &tables,
                                changed.as_deref(),
                            ),
                            None => resurvey(&url, &dir, &tables, changed.as_deref()),
                        }
                        .map_err(|e| e.to_string());
                        let look_again = match &surveyed {
                            Ok(fresh) => {
                                tables.clone_from(&fresh.tables);
                                // Bets against the edge: only the stations
                                // whose rows arrived are followed again.
                                let arrived = fresh.tables.iter().filter(|t| {
                                    changed.as_ref().is_none_or(|c| c.contains(&t.station))
                                });
                                let _ = jobs.send(arrived.cloned().collect());
                                Some(fresh.look_again.map_or(LINK_REFRESH, |d| {
                                    (d + SILENCE_MARGIN).min(LINK_REFRESH)
                                }))
                            }
                            Err(_) => Some(LINK_REFRESH),
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
            verifier_alarm: None,
            primary: None,
            reading: None,
            updated: None,
            problem: started
                .err()
                .map(|e| format!("cannot start the floor listener: {e}")),
            selected: None,
            follower,
            flag_settings: FlagSettings::default(),
            figures_of: None,
            _replicas: replicas.ok(),
            url: print_url,
            print_replicas: crate::floor::command::replica_dir("pit-print")
                .map_err(|e| e.to_string()),
            print_form: print::PrintForm::default(),
            print_command: crate::printing::PrintCommand::System,
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
                    self.flag_settings = survey.protection.in_force();
                    self.connections = Some(survey.connections);
                    self.verifier_alarm = survey.verifier.alarm().map(|alarm| {
                        let mut banner = alarm;
                        if let Some(first) = banner.get_mut(..1) {
                            first.make_ascii_uppercase();
                        }
                        format!("{banner}.")
                    });
                    self.primary = survey.primary;
                    self.reading = survey.reading;
                    self.updated = Some(Utc::now());
                    self.problem = None;
                    if let Some(detail) = &mut self.selected {
                        detail.follow(&self.tables);
                    }
                }
                Err(problem) => self.problem = Some(problem),
            }
        }
    }

    /// Draws the view: the floor's state on top, the table drilled into
    /// on the right, the floor plan and the open alarms in the middle.
    pub fn show_ui(&mut self, ui: &mut Ui) {
        self.receive();
        self.follower.receive();
        egui::Panel::top("pit-header").show(ui, |ui| self.header_ui(ui));
        let mut closed = false;
        if let Some(detail) = &self.selected {
            let station = detail.station().to_owned();
            egui::Panel::right("table-detail")
                .exact_size(380.0)
                .show(ui, |ui| {
                    closed = ui.button("Close the table's detail").clicked();
                    egui::ScrollArea::both().show(ui, |ui| {
                        small_body(ui);
                        egui::CollapsingHeader::new("Print this table's shift report")
                            .id_salt("pit-print")
                            .show(ui, |ui| match &self.print_replicas {
                                Ok(dir) => self.print_form.show_ui(
                                    ui,
                                    (&self.url, dir.path()),
                                    detail.printable(),
                                    &self.print_command,
                                ),
                                Err(why) => error_text_ui(
                                    ui,
                                    &format!("Printing is not available here: {why}"),
                                ),
                            });
                        ui.add_space(4.0);
                        // Starboard is a pot game: no bets against the edge.
                        if !detail.deals_starboard() {
                            let figures = self.follower.of(&station);
                            let settings = &self.flag_settings;
                            if let Some(subject) = watch::detail_ui(ui, &station, figures, settings)
                            {
                                self.figures_of = Some((station.clone(), subject));
                            }
                            ui.add_space(4.0);
                        }
                        detail.show_ui(ui);
                    });
                });
        }
        if closed {
            self.selected = None;
        }
        if let Some((station, subject)) = &self.figures_of {
            let open = match self.follower.of(station) {
                Some(Ok(figures)) => watch::figures_window_ui(
                    ui.ctx(),
                    station,
                    subject,
                    figures,
                    &self.flag_settings,
                ),
                _ => false,
            };
            if !open {
                self.figures_of = None;
            }
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            egui::ScrollArea::both().show(ui, |ui| {
                let selected = self.selected.as_ref().map(|d| d.station().to_owned());
                let marks = |ui: &mut Ui, station: &str| {
                    if let Some(Ok(figures)) = self.follower.of(station) {
                        watch::card_marks_ui(ui, figures, &self.flag_settings);
                    }
                };
                let clicked = plan::floor_plan_ui(ui, &self.tables, selected.as_deref(), &marks);
                if let Some(station) = clicked
                    && let Some(table) = self.tables.iter().find(|t| t.station == station)
                {
                    self.selected = Some(detail::TableDetail::open(table));
                }
                ui.separator();
                if let Some(station) = waits_ui(ui, &self.tables)
                    && let Some(table) = self.tables.iter().find(|t| t.station == station)
                {
                    self.selected = Some(detail::TableDetail::open(table));
                }
                ui.separator();
                alarms_ui(ui, &self.tables);
            });
        });
    }

    /// How many tables, when last read, and how the floor's link and
    /// connections stand.
    fn header_ui(&self, ui: &mut Ui) {
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
        if let Some(alarm) = &self.verifier_alarm {
            error_text_ui(ui, alarm);
        }
        if let Some(primary) = &self.primary {
            ui.label(primary_sentence(primary));
        }
        if let Some(reading) = &self.reading {
            ui.label(reading);
        }
        if let Some(problem) = &self.problem {
            error_text_ui(ui, &format!("The floor link failed: {problem}. Retrying."));
        } else if let Some(connections) = &self.connections {
            if connections.exhausted() {
                error_text_ui(ui, &connections.sentence());
            } else {
                ui.label(connections.sentence());
            }
        }
    }
}

/// The floor's primary as the pit's header says it, and the failover
/// this pit saw (docs/floor.md, "Failover runbook").
fn primary_sentence(primary: &crate::floor::servers::Primary) -> String {
    match &primary.failover {
        Some((at, before)) => format!(
            "Failover seen at {}: the floor's primary is now {} (timeline {}), no longer {before}.",
            when(*at, Zone::Local),
            primary.server,
            primary.timeline
        ),
        None => format!(
            "The floor's primary: {} (timeline {}).",
            primary.server, primary.timeline
        ),
    }
}

impl eframe::App for FloorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show_ui(ui);
    }
}

/// Body text in `ui` drawn in the small text style: a table's card and
/// detail hold many lines in little room.
fn small_body(ui: &mut Ui) {
    let small = ui.style().text_styles.get(&egui::TextStyle::Small).cloned();
    if let Some(small) = small {
        ui.style_mut()
            .text_styles
            .insert(egui::TextStyle::Body, small);
    }
}

/// What waits for a pit boss at every table besides the open alarms
/// (listed below it), oldest first: the pit boss walks to the table, as
/// approvals need a PIN there. Returns the station of a line clicked.
fn waits_ui(ui: &mut Ui, tables: &[PitTable]) -> Option<String> {
    let mut waits: Vec<(&crate::floor::survey::PitBossWait, &PitTable)> = tables
        .iter()
        .flat_map(|t| t.waiting.iter().map(move |wait| (wait, t)))
        .collect();
    waits.sort_by_key(|(wait, _)| wait.since);
    if waits.is_empty() {
        ui.label("Nothing else waits for a pit boss at any table.");
        return None;
    }
    ui.strong(format!(
        "Waiting for a pit boss at the table ({}), oldest first, besides the open alarms",
        waits.len()
    ));
    let mut clicked = None;
    for (wait, table) in waits {
        let text = format!(
            "{} · {} · {}",
            when(wait.since, Zone::Local),
            table.table.as_deref().unwrap_or(&table.station),
            wait.what
        );
        let line = ui.add(
            egui::Label::new(egui::RichText::new(text).color(ACTOR)).sense(egui::Sense::click()),
        );
        if line.clicked() {
            clicked = Some(table.station.clone());
        }
    }
    clicked
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

/// Opens the pit view's window on the floor at `url`, its tables read
/// from the standby target `reads` when given.
pub fn run_floor_view(url: String, reads: Option<String>) -> anyhow::Result<()> {
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
            Ok(Box::new(FloorApp::start_reading(
                url,
                reads,
                cc.egui_ctx.clone(),
            )))
        }),
    )
    .map_err(|error| anyhow::anyhow!("the window could not open: {error}"))
}
