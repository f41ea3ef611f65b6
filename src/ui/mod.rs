//! The desktop app (eframe/egui): the dealer's table station. The only
//! module that touches egui. It draws a [`Station`] and turns clicks and
//! keys into station calls; every rule, record and refusal lives below it.

mod background;
mod error;
mod floor;
mod pit;
mod rated;
mod setup;
mod table;
mod widgets;

use std::path::{Path, PathBuf};

use eframe::egui;

use background::Job;
use error::ScreenError;

use crate::ids::StaffId;
use crate::keys::StationKeys;
use crate::ledger::{Ledger, SystemClock};
use crate::printing::PrintCommand;
use crate::scanner::{ReaderConfig, ScanLink};
use crate::station::demo::demo_station;
use crate::station::startup::{ProgramSource, StartupFindings, run_startup_checks};
use crate::station::{Feed, Reopened, SourceChoice, Station, StationError, TableSetup};

pub use floor::{FloorApp, run_floor_view};
pub use pit::PitScreen;
pub use setup::{AddStaffForm, FirstRunForm, OpenTableForm, style};
pub use table::TableScreen;

/// Makes the card feed a table setup asks for; `repaint` is called from the
/// scanner thread whenever an event arrives. A card-reading shoe's link
/// carries on its sequence from `resume_after`, the last frame the station
/// took before a restart, if it journaled one.
pub fn make_feed(
    setup: &TableSetup,
    resume_after: Option<u16>,
    repaint: impl Fn() + Send + Clone + 'static,
) -> Result<Feed, StationError> {
    let waker = Box::new(repaint);
    Ok(match &setup.source {
        SourceChoice::SoftwareShoe => Feed::SoftwareShoe,
        SourceChoice::SimulatedShoe => {
            let link = simulated_shoe_link();
            Feed::Scanner(Box::new(ScanLink::simulated(
                &link,
                setup.decks,
                setup.rules.penetration_permille,
                resume_after,
                waker,
            )?))
        }
        SourceChoice::Scanner { path, baud } => {
            let mut config = ReaderConfig::new(path.clone());
            config.baud_rate = *baud;
            config.resume_after = resume_after;
            Feed::Scanner(Box::new(ScanLink::port(config, waker)?))
        }
    })
}

/// The settings of a card-reading shoe's port at `path`, once the port
/// has been opened (and closed again): checked before anything is
/// recorded, so nothing is recorded for a port that is not there.
pub(crate) fn checked_port(path: &str, baud: u32) -> Result<ReaderConfig, String> {
    let mut config = ReaderConfig::new(path);
    config.baud_rate = baud;
    crate::scanner::reader::check_port(&config).map_err(|e| e.to_string())?;
    Ok(config)
}

/// Where this process links its simulated shoe's pseudo-terminal (removed
/// when the shoe is dropped, and by the demo's Ctrl+C handler).
pub fn simulated_shoe_link() -> PathBuf {
    std::env::temp_dir().join(format!("pairs-table-simulated-shoe-{}", std::process::id()))
}

/// Which screen the app shows.
enum Screen {
    /// No staff yet: create the first pit boss.
    FirstRun(FirstRunForm),
    /// No open table: a pit boss opens one (and may add staff first).
    OpenTable(Box<(OpenTableForm, AddStaffForm, pit::ReportTab)>),
    /// A live table.
    Table(Box<TableScreen>),
    /// The ledger could not be opened or read: the sentence, and nothing else.
    Failed(String),
    /// `--demo`: its table is made once a first frame has said so (the
    /// demo staff's PINs are hashed with argon2, which takes seconds).
    DemoDue {
        /// The throw-away ledger's path.
        path: PathBuf,
        /// The station's keys.
        keys: StationKeys,
        /// The frame that first showed the notice (egui may run a frame's
        /// layout twice; the demo is made in a later frame, once the
        /// notice is on screen).
        shown_in_frame: Option<u64>,
    },
}

/// The app: the screen in use and the ledger or station behind it.
pub struct StationApp {
    screen: Screen,
    /// The ledger while no table is open (a station owns it afterwards).
    ledger: Option<Ledger>,
    repaint: egui::Context,
    /// A line shown at the top of every screen (the demo's PINs).
    banner: Option<String>,
    /// The print command the pit boss's report tab uses.
    print: PrintCommand,
    /// The start-up checks, run once a table is open.
    startup: Startup,
    /// The floor this station ships to, if any.
    floor: Option<FloorLink>,
    /// Where `report shift` asks this app, the ledger's writer, to print.
    #[cfg(unix)]
    print_desk: Option<crate::print_desk::PrintDesk>,
    /// The house rules file the open table was opened with (empty: none,
    /// or not known after a restart), for the form after it closes.
    rules_path: String,
    /// The card source a new table's form starts on (the station's
    /// configuration file), if any.
    card_source: Option<crate::station::SourceChoice>,
}

/// The floor a station ships its ledger to as it writes (docs/floor.md,
/// "The station's link"): its URL, and the shipper once a table is open.
struct FloorLink {
    url: String,
    /// The station's keys: the shipper presents the public key and signs
    /// its heartbeats.
    keys: StationKeys,
    /// How long the link may be down before the screen says so loudly.
    notice_after: chrono::TimeDelta,
    shipper: Option<crate::floor::Shipper>,
    /// Why the shipper could not start, once tried.
    failed: Option<String>,
    /// The last hand committed, to wake the shipper after each.
    last_hand: Option<u64>,
    /// The hand in progress last given to the shipper to publish (`None`:
    /// none given yet), so it publishes each step once.
    published: Option<Option<crate::station::live::HandInProgress>>,
    /// Asking the floor for the station's first pit boss (first run only).
    first_pit_boss: FirstAsk,
}

/// Where asking the floor for the first pit boss stands.
enum FirstAsk {
    NotAsked,
    Asking(std::sync::mpsc::Receiver<Result<Option<(StaffId, String)>, String>>),
    Answered,
}

impl FloorLink {
    /// The header's line about the link, and whether it is an alarm.
    fn line(&self, now: chrono::DateTime<chrono::Utc>) -> (String, bool) {
        if let Some(why) = &self.failed {
            return (format!("Floor: not shipping ({why})"), true);
        }
        let Some(state) = self.shipper.as_ref().map(crate::floor::Shipper::link) else {
            return ("Floor: starting".to_owned(), false);
        };
        match (&state.down, state.last_ok) {
            (Some((since, why)), _) if now - *since >= self.notice_after => (
                format!(
                    "Floor link down since {} ({why}): play goes on; the rows ship when it returns",
                    crate::time_text::when(*since, crate::time_text::Zone::Local)
                ),
                true,
            ),
            (Some((since, why)), _) => (
                format!(
                    "Floor: link down since {} ({why})",
                    crate::time_text::when(*since, crate::time_text::Zone::Local)
                ),
                false,
            ),
            (None, Some(_)) => (
                format!("Floor: linked, {} rows shipped", state.shipped),
                false,
            ),
            (None, None) => ("Floor: connecting".to_owned(), false),
        }
    }
}

/// Where the start-up checks are ([`StationApp::check_at_start_up`]).
enum Startup {
    /// Not asked for (tests that do not exercise them).
    Off,
    /// To run once a table is open.
    Due(ProgramSource),
    /// Running off the window's thread.
    Running(Job<StartupFindings>),
    /// Recorded.
    Done,
}

impl StationApp {
    /// The app on the ledger at `path`: the first-run screen, the open
    /// table (with any hand in progress put back) or the open-table screen.
    pub fn open(path: &Path, keys: StationKeys, repaint: egui::Context) -> StationApp {
        let mut app = StationApp {
            screen: Screen::Failed(String::new()),
            ledger: None,
            repaint,
            banner: None,
            print: PrintCommand::System,
            startup: Startup::Off,
            floor: None,
            #[cfg(unix)]
            print_desk: None,
            rules_path: String::new(),
            card_source: None,
        };
        app.screen = match Ledger::open(path, Box::new(SystemClock), keys) {
            Ok(ledger) => {
                app.open_print_desk(&ledger);
                app.start(ledger)
            }
            Err(error) => Screen::Failed(format!(
                "Cannot open the ledger {}: {error}",
                path.display()
            )),
        };
        app
    }

    /// Like [`StationApp::open`] with a station already made (the demo, tests).
    pub fn with_station(station: Station, repaint: egui::Context) -> StationApp {
        StationApp {
            screen: Screen::Table(Box::new(TableScreen::new(station))),
            ledger: None,
            repaint,
            banner: None,
            print: PrintCommand::System,
            startup: Startup::Off,
            floor: None,
            #[cfg(unix)]
            print_desk: None,
            rules_path: String::new(),
            card_source: None,
        }
    }

    /// The `--demo` app: its first frame says the demo table is being
    /// made; the next makes it at `path` (see [`crate::station::demo`]) and
    /// runs the start-up checks.
    pub fn demo(path: &Path, keys: StationKeys, repaint: egui::Context) -> StationApp {
        let mut app = StationApp::failed(String::new(), repaint);
        app.screen = Screen::DemoDue {
            path: path.to_path_buf(),
            keys,
            shown_in_frame: None,
        };
        app
    }

    /// Makes the demo table once its notice has been on screen: two frames
    /// after the one that showed it (`frame`, the window's frame number; a
    /// software renderer may show a frame only when the next is presented).
    fn make_demo_when_due(&mut self, frame: u64) {
        if !matches!(self.screen, Screen::DemoDue { shown_in_frame: Some(shown), .. } if frame > shown + 1)
        {
            return;
        }
        let due = std::mem::replace(&mut self.screen, Screen::Failed(String::new()));
        let Screen::DemoDue { path, keys, .. } = due else {
            return;
        };
        let repaint = self.repaint.clone();
        let made = demo_station(&path, Box::new(SystemClock), keys, |setup| {
            make_feed(setup, None, move || repaint.request_repaint())
        });
        match made {
            Ok((station, banner)) => {
                self.screen = Screen::Table(Box::new(TableScreen::new(station)));
                self.set_banner(banner);
                self.check_at_start_up(ProgramSource::RunningProgram);
            }
            Err(error) => {
                self.screen = Screen::Failed(format!("The demo could not start: {error}"));
            }
        }
    }

    /// An app that only shows why it could not start.
    pub fn failed(text: String, repaint: egui::Context) -> StationApp {
        StationApp {
            screen: Screen::Failed(text),
            ledger: None,
            repaint,
            banner: None,
            print: PrintCommand::System,
            startup: Startup::Off,
            floor: None,
            #[cfg(unix)]
            print_desk: None,
            rules_path: String::new(),
            card_source: None,
        }
    }

    /// Sets the print command the pit boss's report tab uses (default:
    /// `lp` on PATH at the moment of printing).
    pub fn set_print_command(&mut self, print: PrintCommand) {
        self.print = print;
    }

    /// Runs the start-up checks once a table is open: fingerprints
    /// `program` and checks the whole chain off the window's thread, then
    /// records the start; a finding stops play until a pit boss clears it
    /// (see [`Station::record_start_up`]).
    pub fn check_at_start_up(&mut self, program: ProgramSource) {
        self.startup = Startup::Due(program);
    }

    /// Whether the start-up checks are running.
    pub fn checking_at_start_up(&self) -> bool {
        matches!(self.startup, Startup::Running(_))
    }

    /// Shows `text` at the top of every screen.
    pub fn set_banner(&mut self, text: String) {
        self.banner = Some(text);
    }

    /// Opens the print desk beside the ledger, so that `report shift`
    /// prints through this app while it writes (a desk that cannot be
    /// opened leaves the command refused, as before, and the app running).
    fn open_print_desk(&mut self, ledger: &Ledger) {
        #[cfg(unix)]
        {
            let repaint = self.repaint.clone();
            self.print_desk =
                crate::print_desk::PrintDesk::open(ledger, move || repaint.request_repaint()).ok();
        }
        #[cfg(not(unix))]
        let _ = ledger;
    }

    /// Serves the prints `report shift` asked for, through the ledger this
    /// app writes.
    fn serve_print_requests(&mut self) {
        #[cfg(unix)]
        if let Some(desk) = &self.print_desk {
            let ledger = match &mut self.screen {
                Screen::Table(screen) => Some(screen.station_mut().ledger_mut()),
                _ => self.ledger.as_mut(),
            };
            if let Some(ledger) = ledger {
                desk.serve(ledger);
            }
        }
    }

    fn start(&mut self, mut ledger: Ledger) -> Screen {
        let name = station_name();
        ledger.set_station(&name);
        match ledger.needs_first_pit_boss() {
            Ok(true) => {
                self.ledger = Some(ledger);
                return Screen::FirstRun(FirstRunForm::default());
            }
            Ok(false) => {}
            Err(error) => return Screen::Failed(error.to_string()),
        }
        let repaint = self.repaint.clone();
        match Station::reopen(ledger, |setup, last_frame| {
            make_feed(setup, last_frame, move || repaint.request_repaint())
        }) {
            Ok(Reopened::Table(station)) => Screen::Table(Box::new(TableScreen::new(*station))),
            Ok(Reopened::NoOpenTable(ledger)) => {
                self.ledger = Some(*ledger);
                self.open_table_screen()
            }
            Err(error) => Screen::Failed(error.to_string()),
        }
    }

    /// The open-table screen with a blank form on the configured card
    /// source.
    fn open_table_screen(&self) -> Screen {
        Screen::OpenTable(Box::new((
            OpenTableForm::starting_on(self.card_source.as_ref()),
            AddStaffForm::default(),
            pit::ReportTab::default(),
        )))
    }

    /// Makes `source` the card source a new table's form starts on (the
    /// station's configuration file), the form on screen included.
    pub fn set_card_source(&mut self, source: crate::station::SourceChoice) {
        self.card_source = Some(source);
        if let Screen::OpenTable(forms) = &mut self.screen {
            forms.0 = OpenTableForm::starting_on(self.card_source.as_ref());
        }
    }

    /// The station, when a table is open.
    pub fn station(&self) -> Option<&Station> {
        match &self.screen {
            Screen::Table(screen) => Some(screen.station()),
            _ => None,
        }
    }

    /// The station, when a table is open, to act on it directly (tests, benchmarks).
    pub fn station_mut(&mut self) -> Option<&mut Station> {
        match &mut self.screen {
            Screen::Table(screen) => Some(screen.station_mut()),
            _ => None,
        }
    }

    /// Ships the ledger to the floor at `url` (the station's URL from
    /// `floor enrol`) as it writes, once a table is open, as the station
    /// whose `keys` sign its heartbeats;
    /// the header says how the link stands, loudly once it has been down
    /// for `notice_after`.
    pub fn ship_to_floor(
        &mut self,
        url: String,
        keys: StationKeys,
        notice_after: chrono::TimeDelta,
    ) {
        self.floor = Some(FloorLink {
            url,
            keys,
            notice_after,
            shipper: None,
            failed: None,
            last_hand: None,
            published: None,
            first_pit_boss: FirstAsk::NotAsked,
        });
    }

    /// Handles scanner events, the start-up checks and the floor link
    /// (called every frame and on every wake-up).
    pub fn logic(&mut self) {
        self.serve_print_requests();
        if let (Screen::FirstRun(form), Some(link)) = (&mut self.screen, &mut self.floor) {
            ask_first_pit_boss(link, form, &self.repaint);
        }
        if let Screen::Table(screen) = &mut self.screen {
            screen.poll();
            if let Some(link) = &mut self.floor {
                if link.shipper.is_none() && link.failed.is_none() {
                    let repaint = self.repaint.clone();
                    let started = crate::floor::Shipper::start_waking(
                        screen.station().ledger().path(),
                        &link.url,
                        Some(link.keys.clone()),
                        move || repaint.request_repaint(),
                    );
                    match started {
                        Ok(shipper) => link.shipper = Some(shipper),
                        Err(error) => link.failed = Some(error.to_string()),
                    }
                }
                let last = screen.station().last_committed().map(|s| s.hand);
                if last != link.last_hand {
                    link.last_hand = last;
                    if let Some(shipper) = &link.shipper {
                        shipper.committed();
                    }
                }
                // The hand in progress, published at each step (docs/floor.md,
                // "The hand in progress"); the shipper's thread sends it.
                let hand = screen.station().hand_in_progress();
                if let Some(shipper) = &link.shipper
                    && link.published.as_ref() != Some(&hand)
                {
                    let signed = hand.as_ref().and_then(|h| screen.station().sign_hand(h));
                    shipper.hand_in_progress(signed);
                    link.published = Some(hand);
                }
                let now = chrono::Utc::now();
                let (line, loud) = link.line(now);
                // One wake-up when a link that is down falls due for its notice.
                if let Some((since, _)) = link.shipper.as_ref().and_then(|s| s.link().down)
                    && !loud
                    && let Ok(left) = (since + link.notice_after - now).to_std()
                {
                    self.repaint.request_repaint_after(left);
                }
                screen.set_floor_line(Some((line, loud)));
            }
            self.startup = match std::mem::replace(&mut self.startup, Startup::Done) {
                Startup::Due(program) => {
                    screen.station_mut().start_up_checks_running();
                    let ledger = screen.station().ledger();
                    let (path, options) = (ledger.path().to_path_buf(), ledger.verify_options());
                    Startup::Running(Job::start(&self.repaint, "start-up check", {
                        move || Ok(run_startup_checks(&path, &options, program))
                    }))
                }
                Startup::Running(mut job) => match job.finished(&self.repaint) {
                    None => Startup::Running(job),
                    Some(findings) => {
                        let recorded = findings.and_then(|f| {
                            screen
                                .station_mut()
                                .record_start_up(f)
                                .map_err(ScreenError::from)
                        });
                        if let Err(error) = recorded {
                            screen.refuse(error.to_string());
                        }
                        Startup::Done
                    }
                },
                other => other,
            };
        }
    }

    /// Draws the app into `ui`.
    pub fn show_ui(&mut self, ui: &mut egui::Ui) {
        self.make_demo_when_due(ui.ctx().cumulative_frame_nr());
        self.logic();
        if let Some(banner) = &self.banner {
            egui::Panel::top("banner").show(ui, |ui| {
                ui.colored_label(widgets::ACTOR, banner);
            });
        }
        let fresh_form = self.open_table_screen();
        let next = match &mut self.screen {
            Screen::FirstRun(form) => {
                let ledger = self.ledger.as_mut();
                egui::CentralPanel::default_margins()
                    .show(ui, |ui| ledger.and_then(|l| form.show_ui(ui, l)))
                    .inner
                    .map(|()| fresh_form)
            }
            Screen::OpenTable(forms) => {
                let (form, add_staff, report) = &mut **forms;
                let mut ledger = self.ledger.as_mut();
                let print = &self.print;
                let opened = egui::CentralPanel::default_margins()
                    .show(ui, |ui| {
                        // With the staff form open, the page is taller than
                        // a 1280x800 screen.
                        egui::ScrollArea::vertical()
                            .show(ui, |ui| {
                                if let Some(ledger) = ledger.as_deref_mut() {
                                    add_staff.show_ui(ui, ledger);
                                    ui.separator();
                                }
                                let opened = form.show_ui(ui);
                                // A closed shift is printed here, before the
                                // next table opens (or any time no table is).
                                if let Some(ledger) = ledger {
                                    ui.separator();
                                    egui::CollapsingHeader::new("Print a shift report")
                                        .id_salt("open-screen-report")
                                        .show(ui, |ui| report.show_ui(ui, ledger, None, print));
                                }
                                opened
                            })
                            .inner
                    })
                    .inner;
                opened.and_then(|(setup, dealer, pit_boss)| {
                    let ledger = self.ledger.take()?;
                    let repaint = self.repaint.clone();
                    match open_station(ledger, setup, &dealer, &pit_boss, repaint) {
                        Ok(station) => {
                            self.rules_path = form.rules_path().to_owned();
                            Some(Screen::Table(Box::new(TableScreen::new(station))))
                        }
                        Err((ledger, error)) => {
                            self.ledger = Some(*ledger);
                            form.error = error;
                            None
                        }
                    }
                })
            }
            Screen::Table(screen) => {
                screen.show_ui(ui, &self.print);
                None
            }
            Screen::Failed(text) => {
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    ui.heading("pairs-table cannot start");
                    widgets::error_text_ui(ui, text);
                });
                None
            }
            Screen::DemoDue {
                path,
                shown_in_frame,
                ..
            } => {
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    ui.heading("Making the demo table");
                    ui.label(format!(
                        "A throw-away ledger at {}, three demo staff members and a Rocket table. \
                         Their PINs are hashed with argon2, which is slow on purpose: a few seconds.",
                        path.display()
                    ));
                });
                shown_in_frame.get_or_insert(ui.ctx().cumulative_frame_nr());
                ui.ctx().request_repaint();
                None
            }
        };
        if let Some(next) = next {
            self.screen = next;
        }
        if matches!(&self.screen, Screen::Table(screen) if screen.closed()) {
            let old = std::mem::replace(&mut self.screen, Screen::Failed(String::new()));
            // The next table is usually opened as the last one was.
            let mut form = OpenTableForm::starting_on(self.card_source.as_ref());
            if let Screen::Table(screen) = old {
                let station = screen.into_station();
                form = OpenTableForm::after(station.setup(), &self.rules_path);
                self.ledger = Some(station.into_ledger());
            }
            self.screen = Screen::OpenTable(Box::new((
                form,
                AddStaffForm::default(),
                pit::ReportTab::default(),
            )));
        }
    }

    /// Whether the app shows the open-table screen (no table is open).
    pub fn is_opening_table(&self) -> bool {
        matches!(self.screen, Screen::OpenTable(..))
    }
}

/// Opens a station on `ledger`; on failure the ledger comes back with the sentence.
fn open_station(
    ledger: Ledger,
    setup: TableSetup,
    dealer: &(StaffId, String),
    pit_boss: &(StaffId, String),
    repaint: egui::Context,
) -> Result<Station, (Box<Ledger>, String)> {
    // A shoe's port is checked before anything is recorded: a table never
    // opens on a port that is not there.
    if let SourceChoice::Scanner { path, baud } = &setup.source
        && let Err(error) = checked_port(path, *baud)
    {
        return Err((Box::new(ledger), error));
    }
    let feed = match make_feed(&setup, None, move || repaint.request_repaint()) {
        Ok(feed) => feed,
        Err(error) => return Err((Box::new(ledger), error.to_string())),
    };
    let dealer = crate::ledger::PinEntry {
        staff: dealer.0,
        pin: &dealer.1,
    };
    let pit_boss = crate::ledger::PinEntry {
        staff: pit_boss.0,
        pin: &pit_boss.1,
    };
    Station::open(ledger, setup, &dealer, &pit_boss, feed)
        .map_err(|refused| (refused.ledger, refused.error.to_string()))
}

impl eframe::App for StationApp {
    fn logic(&mut self, _ctx: &egui::Context, _frame: &mut eframe::Frame) {
        StationApp::logic(self);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show_ui(ui);
    }
}

/// At first run with a floor: asks it (off the window's thread) for the
/// station's first pit boss and, when it names one, fills the form with
/// their ID and name.
fn ask_first_pit_boss(link: &mut FloorLink, form: &mut FirstRunForm, repaint: &egui::Context) {
    link.first_pit_boss = match std::mem::replace(&mut link.first_pit_boss, FirstAsk::Answered) {
        FirstAsk::NotAsked => {
            let (answer, asking) = std::sync::mpsc::channel();
            let (url, repaint) = (link.url.clone(), repaint.clone());
            let started = std::thread::Builder::new()
                .name("first pit boss from the floor".into())
                .spawn(move || {
                    let _ =
                        answer.send(crate::floor::first_pit_boss(&url).map_err(|e| e.to_string()));
                    repaint.request_repaint();
                });
            match started {
                Ok(_) => FirstAsk::Asking(asking),
                Err(error) => {
                    form.floor_unavailable(&error.to_string());
                    FirstAsk::Answered
                }
            }
        }
        FirstAsk::Asking(asking) => match asking.try_recv() {
            Ok(Ok(Some((staff, name)))) => {
                form.name_from_floor(staff, &name);
                FirstAsk::Answered
            }
            Ok(Ok(None)) => FirstAsk::Answered,
            Ok(Err(why)) => {
                form.floor_unavailable(&why);
                FirstAsk::Answered
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => FirstAsk::Asking(asking),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => FirstAsk::Answered,
        },
        FirstAsk::Answered => FirstAsk::Answered,
    };
}

/// The name the app records as its station in the ledger: the machine's
/// host name, so a restarted app takes over its own sessions.
pub fn station_name() -> String {
    std::fs::read_to_string("/etc/hostname")
        .map(|name| name.trim().to_owned())
        .ok()
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "station".to_owned())
}

/// Runs the desktop app on the ledger at `path` until the window closes;
/// `demo` first creates a demo table there (see [`crate::station::demo`]).
pub fn run(
    path: &Path,
    keys: StationKeys,
    demo: bool,
    floor: Option<(String, chrono::TimeDelta)>,
    card_source: Option<crate::station::SourceChoice>,
) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("pairs-table")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([1024.0, 700.0]),
        ..Default::default()
    };
    let path = path.to_path_buf();
    eframe::run_native(
        "pairs-table",
        options,
        Box::new(move |cc| {
            setup::style(&cc.egui_ctx);
            let ctx = cc.egui_ctx.clone();
            if !demo {
                let floor_keys = keys.clone();
                let mut app = StationApp::open(&path, keys, ctx);
                app.check_at_start_up(ProgramSource::RunningProgram);
                if let Some(source) = card_source {
                    app.set_card_source(source);
                }
                if let Some((url, notice_after)) = floor {
                    app.ship_to_floor(url, floor_keys, notice_after);
                }
                return Ok(Box::new(app));
            }
            Ok(Box::new(StationApp::demo(&path, keys, ctx)))
        }),
    )
    .map_err(|error| anyhow::anyhow!("the window could not open: {error}"))
}
