//! The command line: argument definitions and the commands behind them.
//! This is the application edge: it reads files and stdin, seeds random
//! generators from the OS, and turns errors into one sentence on stderr.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Parser, Subcommand, ValueEnum};
use rand::SeedableRng;
use rand::rngs::{StdRng, SysRng};
use serde::Serialize;

use crate::engine::card::Decks;
use crate::engine::hand::GameKind;
use crate::engine::rules::HouseRules;
use crate::history::replay_text;
use crate::keys::StationKeys;
use crate::ledger::Ledger;

pub use crate::console::ExitStatus;
pub(crate) use crate::console::{note, parse_time, print_line, shown};

mod audit;
pub mod config;
mod doctor;
mod par;
mod program;
mod rating;
mod report;
mod shoe;
mod simulate;

pub use audit::{AuditCommand, VerifyArgs};
pub use par::ParArgs;
pub use program::{ProgramCommand, ProgramListArgs};
pub use report::{PageArg, ReportCommand, ShiftReportArgs};
pub use shoe::{ScannerArgs, ShoeSimArgs};
pub use simulate::SimulateArgs;

/// Table management and dealer assist for the Pairs casino games Rocket and Starboard.
#[derive(Parser, Debug)]
#[command(name = "pairs-table", version, about, long_about = None)]
pub struct Cli {
    /// What to do; with none, the desktop app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Open the app on a ready demo table: a throw-away ledger, a simulated
    /// shoe and demo staff whose PINs are shown on screen.
    #[arg(long)]
    pub demo: bool,
    /// The app's ledger file (default: ledger.sqlite3 in the platform data
    /// directory).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// The app ships its ledger to this floor database as it writes (the
    /// station's URL from `floor enrol`, or a service name); the table
    /// screen shows the link. See docs/floor.md.
    #[arg(long, value_name = "URL", conflicts_with = "demo", value_parser = crate::floor::command::floor_target)]
    pub floor: Option<String>,
    /// Minutes the floor link may be down before the table screen says so
    /// in the alarm colour (a house setting; play goes on; default 5).
    #[arg(long, value_name = "MINUTES", value_parser = clap::value_parser!(u32).range(1..))]
    pub floor_notice_minutes: Option<u32>,
    /// The station's key file, which signs the ledger's checkpoints and
    /// peppers PINs (default: station.key in the platform configuration
    /// directory; created 0600 on first use).
    #[arg(long, global = true, value_name = "FILE")]
    pub key: Option<PathBuf>,
    /// The station's configuration file (default: the first of
    /// $XDG_CONFIG_HOME/pairs-table/station.toml and
    /// /etc/pairs-table/station.toml that exists). Flags override it. See
    /// docs/install.md.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay one JSON hand history and print its result as JSON.
    ///
    /// Reads FILE (or standard input for `-`), judges the hand under
    /// RULINGS.md and prints each seat's net result (positive: the player
    /// won), outcomes and transfers. An invalid history prints one sentence
    /// on stderr, nothing on stdout, and exits with status 1.
    Replay {
        /// The hand history file, or `-` for standard input.
        file: PathBuf,
    },
    /// Play simulated hands on the software shoe and print a JSON summary.
    ///
    /// Players sit in seats 1..SEATS and follow one strategy: next_card
    /// (hit or draw while the next card alone is more likely to help than
    /// to cost; formerly `basic`), optimal (Rocket: the par sheet's exact
    /// best play), mixed and realistic (Starboard: players of different
    /// nerve, who knock each other out), bold (always hit or draw), timid
    /// (always fold or lock) or random. See docs/simulation.md.
    Simulate(SimulateArgs),
    /// Print a game's par sheet: Rocket's exact house edge, best strategy
    /// and what each strategy and house option changes; Starboard's
    /// expected rake by players and strategy.
    ///
    /// Rocket: exact figures for one player against the dealer from a full
    /// shoe of --decks decks (default: every count from 1 to 8), for the
    /// best play (`optimal`) and every `simulate` strategy, and the best
    /// play's edge at 1 to 6 seats by simulation with 99% intervals.
    /// Starboard: the rake per hand and per hour by players (2 to 7) and
    /// strategy, simulated with 99% intervals, and the median pot. Text
    /// by default; --json for the documented JSON. --pdf writes the par
    /// sheet and --card the one-page strategy card (both need --decks).
    /// See docs/par-sheet.md.
    Par(ParArgs),
    /// Check or export the ledger.
    #[command(subcommand)]
    Audit(AuditCommand),
    /// Check a house-rules TOML file and print the rules in force with their hash.
    ///
    /// With --card, also write the rules card to post at the table: the
    /// game's rules in words for players, with these limits, ante and rake
    /// and the rules' hash (control standards require a pot game's fees to be posted).
    Rules(RulesArgs),
    /// Act as a card-reading shoe on a pseudo-terminal, for testing without hardware.
    ///
    /// Creates a pseudo-terminal and a symlink to it at PATH, then deals a
    /// shuffled shoe as frames of hardware/PROTOCOL.md: SHOEIN, one CARD
    /// frame per card (CUT at the house-rule penetration), SHOEOUT, then a
    /// heartbeat every second until Ctrl-C. Each card sent is printed on
    /// stdout as one JSON line {"seq":N,"rank":R} (with "fault" when a fault
    /// was injected on it). Point `pairs-table scanner --port PATH` at it.
    /// See hardware/TOOLS.md.
    ShoeSim(ShoeSimArgs),
    /// Read a card-reading shoe on a serial port and print what it reports.
    ///
    /// Opens PORT with the protocol's line settings (BAUD, 8N1), reopens it
    /// with back-off when it disappears, and prints one line per event until
    /// Ctrl-C. With --json a card is {"event":"card","seq":N,"rank":R} and a
    /// problem is {"event":"error","kind":..,"description":..}. See
    /// hardware/TOOLS.md.
    Scanner(ScannerArgs),
    /// List the serial ports on this machine.
    Ports,
    /// Print reports from the ledger.
    #[command(subcommand)]
    Report(ReportCommand),
    /// Keep the casino's list of approved programs (SHA-256 fingerprints).
    ///
    /// The app's start-up check raises an alarm, which stops play until a
    /// pit boss clears it, when the program starting is not on the list.
    /// See docs/access.md.
    #[command(subcommand)]
    Program(ProgramCommand),
    /// A rated player's rating, or the rated-play report of a period.
    ///
    /// With --player CARD: the player's hands, wagered, average and largest
    /// bet, actual and theoretical win, time on game and decisions per
    /// hour, in total and per session, computed from the ledger (--json
    /// for JSON). With --out FILE.pdf --from --to: every rated player of
    /// the period, their sessions and the play by table (--csv for the
    /// figures). Every look-up is recorded. See docs/rating.md.
    Rating(rating::RatingArgs),
    /// The pit view: every table on the floor at a glance (a window).
    ///
    /// Reads each station's chain from the floor database (an owner's or
    /// the pit's URL) and shows each table's game, limits, dealer, state,
    /// hands, drop, win and hold this shift, open alarms (newest first) and
    /// shipping lag, redrawn as rows arrive. Click a station for its latest
    /// hands. Read-only. See docs/floor.md.
    Pit {
        /// The floor database's URL.
        #[arg(long, value_name = "URL", value_parser = crate::floor::command::floor_target)]
        floor: String,
        /// Read the tables from this target (the floor's standbys, e.g.
        /// with target_session_attrs=read-only), leaving the primary to
        /// the stations; the pit still listens and writes on --floor, and
        /// reads the primary when no standby serves. See docs/floor.md,
        /// "Reading from a standby".
        #[arg(long, value_name = "URL", value_parser = crate::floor::command::floor_target)]
        read_from: Option<String>,
    },
    /// The floor database on PostgreSQL: init, enrol, ship, verify, status.
    /// See docs/floor.md.
    #[command(subcommand)]
    Floor(crate::floor::command::FloorCommand),
    /// Check this station's or floor's set-up and say what is wrong.
    ///
    /// One line per check (the configuration file, the key file's mode,
    /// the ledger, the password file, the floor reachable, its schema, its
    /// verifier alive, the clock against the floor's, the printer, the
    /// card-reading shoe's port): `ok`, `note` or `problem`, then a
    /// sentence. Exits 1 when any check found a problem. See
    /// docs/install.md.
    Doctor(doctor::DoctorArgs),
}

/// Arguments of `rules`.
#[derive(Debug, clap::Args)]
pub struct RulesArgs {
    /// A house-rules TOML file; without it, the defaults from RULINGS.md.
    pub file: Option<PathBuf>,
    /// Write the rules card for --game to this PDF.
    #[arg(long, value_name = "PDF", requires = "game")]
    pub card: Option<PathBuf>,
    /// The game the card is for.
    #[arg(long, value_enum, requires = "card")]
    pub game: Option<GameArg>,
    /// Decks in the table's shoe (1 to 8), named on the card.
    #[arg(long, requires = "card", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub decks: Option<u8>,
    /// The casino's name, for the card's title.
    #[arg(long, requires = "card")]
    pub casino: Option<String>,
    /// The paper size (default: US Letter).
    #[arg(long, value_enum, requires = "card")]
    pub page: Option<PageArg>,
}

/// A game named on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GameArg {
    /// Rocket.
    Rocket,
    /// Starboard.
    Starboard,
}

impl From<GameArg> for GameKind {
    fn from(game: GameArg) -> GameKind {
        match game {
            GameArg::Rocket => GameKind::Rocket,
            GameArg::Starboard => GameKind::Starboard,
        }
    }
}

/// Runs the parsed command line; errors become one line on stderr.
pub fn run(cli: Cli) -> ExitCode {
    let result = config::find(cli.config.as_deref()).and_then(|found| run_with(cli, found));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`| head`): stop quietly, as a program
        // killed by SIGPIPE would.
        Err(error) if is_broken_pipe(&error) => ExitCode::from(141),
        Err(error) => match error.downcast_ref::<ExitStatus>() {
            // Said already: only the status.
            Some(status) => ExitCode::from(status.0),
            None => {
                note(&format!("pairs-table: {}", shown(&said_once(&error))));
                ExitCode::FAILURE
            }
        },
    }
}

/// Runs the command with the configuration file `found` (if any) under
/// its flags: a flag given wins over the file's line.
fn run_with(cli: Cli, found: Option<config::ConfigFile>) -> anyhow::Result<()> {
    let settings = found.as_ref().map(|f| f.config.clone()).unwrap_or_default();
    config::remember(settings.clone());
    let key_file = cli.key.clone().or(settings.key.clone());
    let key = key_file.as_deref();
    match cli.command {
        Some(Command::Replay { file }) => replay(&file),
        Some(Command::Simulate(args)) => simulate::simulate(&args, key),
        Some(Command::Rules(args)) => rules(&args),
        Some(Command::Par(args)) => par::par(&args),
        Some(Command::ShoeSim(args)) => shoe::shoe_sim(&args),
        Some(Command::Scanner(args)) => shoe::scanner(&args),
        Some(Command::Ports) => shoe::ports(),
        Some(Command::Report(ReportCommand::Shift(args))) => report::report_shift(&args, key),
        Some(Command::Report(ReportCommand::Protection(args))) => report::report_protection(&args),
        Some(Command::Rating(args)) => rating::rating(&args, key),
        Some(Command::Pit { floor, read_from }) => crate::ui::run_floor_view(floor, read_from),
        Some(Command::Floor(command)) => crate::floor::command::run(&command, || station_keys(key)),
        Some(Command::Audit(command)) => audit::run(command, key),
        Some(Command::Program(command)) => program::run(command, key),
        Some(Command::Doctor(args)) => doctor::doctor(&args, found.as_ref(), key),
        None => {
            let floor = if cli.demo {
                None
            } else {
                cli.floor.clone().or(settings.floor.clone())
            };
            let notice = cli
                .floor_notice_minutes
                .or(settings.floor_notice_minutes)
                .unwrap_or(5);
            if floor.is_none() && cli.floor_notice_minutes.is_some() {
                bail!(
                    "--floor-notice-minutes is for a station that ships to a floor: give --floor (or floor in the configuration file) too"
                );
            }
            app(
                cli.db.clone().or(settings.ledger.clone()),
                cli.demo,
                key,
                floor.map(|url| (url, chrono::TimeDelta::minutes(i64::from(notice)))),
                settings.card_source(),
            )
        }
    }
}

/// Whether `error` came from writing to a pipe whose reader has gone.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The station's keys from `--key FILE` or the default key file, created
/// there on first use.
fn station_keys(key: Option<&Path>) -> anyhow::Result<StationKeys> {
    let path = match key {
        Some(path) => path.to_path_buf(),
        None => StationKeys::default_path()?,
    };
    Ok(StationKeys::load_or_create(&path)?)
}

/// Opens the desktop app on the ledger, or on a fresh demo table.
fn app(
    db: Option<PathBuf>,
    demo: bool,
    key: Option<&Path>,
    floor: Option<(String, chrono::TimeDelta)>,
    card_source: Option<crate::station::SourceChoice>,
) -> anyhow::Result<()> {
    if demo {
        // A private folder of a random name: nothing planted can be opened
        // as the demo's ledger.
        let folder = crate::keys::private_temp_dir("demo")
            .context("cannot create the demo's throw-away folder")?;
        let dir = folder.path().to_path_buf();
        let path = dir.join("ledger.sqlite3");
        // Interrupted (Ctrl+C, a terminal closed), the demo still leaves
        // nothing behind.
        let interrupted = dir.clone();
        let shoe_link = crate::ui::simulated_shoe_link();
        ctrlc::set_handler(move || {
            let _ = std::fs::remove_dir_all(&interrupted);
            let _ = std::fs::remove_file(&shoe_link);
            std::process::exit(130);
        })
        .context("cannot watch for Ctrl+C to clean up the demo")?;
        // The demo's throw-away ledger is signed by a throw-away key.
        let result = crate::ui::run(&path, StationKeys::generate()?, true, None, None);
        folder.close().with_context(|| {
            format!(
                "cannot remove the demo's throw-away folder {}",
                dir.display()
            )
        })?;
        return result;
    }
    let keys = station_keys(key)?;
    let path = match db {
        Some(path) => path,
        None => {
            let path = crate::ledger::default_path()?;
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot create {}", dir.display()))?;
            }
            path
        }
    };
    crate::ui::run(&path, keys, false, floor, card_source)
}

fn read_input(path: &Path) -> anyhow::Result<String> {
    if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
    }
}

fn print_json(value: &impl Serialize) -> anyhow::Result<()> {
    print_line(&serde_json::to_string_pretty(value)?)
}

fn replay(path: &Path) -> anyhow::Result<()> {
    let text = read_input(path)?;
    let result = replay_text(&text)?;
    print_json(&result)
}

/// Loads house rules from a TOML file, or the defaults.
pub fn load_rules(path: Option<&Path>) -> anyhow::Result<HouseRules> {
    match path {
        None => Ok(HouseRules::default()),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            HouseRules::from_toml(&text).with_context(|| format!("in {}", path.display()))
        }
    }
}

fn rules(args: &RulesArgs) -> anyhow::Result<()> {
    let rules = load_rules(args.file.as_deref())?;
    let mut rake_line = String::new();
    if rules.starboard.rake_percent > 0 {
        let decks = Decks::new(i64::from(args.decks.unwrap_or(6)))?;
        let median = crate::par::starboard::median_pot(decks, &rules)?;
        let rake = rules.starboard.rake_on(median);
        if rake == 0 {
            bail!(
                "house rule `starboard.rake_percent` ({}%) collects nothing on the median pot of {median} units, rounded down: raise starboard.unit or the percentage, or set no rake",
                rules.starboard.rake_percent
            );
        }
        rake_line = format!("# starboard median pot: {median} units, rake {rake}\n");
    }
    if let (Some(out), Some(game)) = (&args.card, args.game) {
        if args
            .file
            .as_deref()
            .is_some_and(|file| crate::printing::same_file(file, out))
        {
            bail!(
                "--card names the rules file {}; the card would overwrite it",
                out.display()
            );
        }
        let card = crate::report::RulesCard {
            game: game.into(),
            rules,
            decks: args.decks.map(|d| Decks::new(i64::from(d))).transpose()?,
            casino: args.casino.clone(),
            printed_at: chrono::Utc::now(),
        };
        let pdf = crate::report::render_rules_card(&card, &layout_for(args.page)?)?;
        crate::printing::save_pdf(out, &pdf)?;
        print_line(&format!("# card: {} ({} rules)", out.display(), card.game))?;
    }
    print_line(&format!(
        "{}{rake_line}# hash: {}",
        rules.to_toml(),
        rules.hash_hex()
    ))
}

/// The standard layout on the paper asked for.
fn layout_for(page: Option<PageArg>) -> anyhow::Result<crate::report::Layout> {
    use crate::report::{Layout, PageSize};
    let mut layout = Layout::standard()?;
    match page {
        Some(PageArg::Letter) => layout.page = PageSize::Letter,
        Some(PageArg::A4) => layout.page = PageSize::A4,
        None => {}
    }
    Ok(layout)
}

/// A generator seeded from `seed`, or from the operating system.
pub fn seeded_rng(seed: Option<u64>) -> anyhow::Result<StdRng> {
    match seed {
        Some(seed) => Ok(StdRng::seed_from_u64(seed)),
        None => {
            StdRng::try_from_rng(&mut SysRng).context("the operating system's random source failed")
        }
    }
}

/// The error and its causes in one sentence, each said once: a cause is
/// left out when the sentence already says it (a typed error quoting its
/// source, as PostgreSQL's and SQLite's are quoted), even behind a prefix
/// such as "ERROR: ", and so is every cause between (a bare "db error").
fn said_once(error: &anyhow::Error) -> String {
    let causes: Vec<String> = error.chain().map(ToString::to_string).collect();
    let mut sentence = String::new();
    let mut next = 0;
    while let Some(cause) = causes.get(next) {
        if let Some(said) = (next..causes.len())
            .rev()
            .find(|&deeper| !causes[deeper].is_empty() && already_said(&sentence, &causes[deeper]))
        {
            next = said + 1;
            continue;
        }
        if !cause.is_empty() {
            if !sentence.is_empty() {
                sentence.push_str(": ");
            }
            sentence.push_str(cause);
        }
        next += 1;
    }
    sentence
}

/// Whether `sentence` holds `text` (its first line: PostgreSQL adds its
/// DETAIL and HINT on lines of their own), or what `text` says after its
/// leading "kind: " prefixes (at least 12 bytes of it).
fn already_said(sentence: &str, text: &str) -> bool {
    let mut rest = text.lines().next().unwrap_or("");
    loop {
        if sentence.contains(rest) {
            return true;
        }
        match rest.split_once(": ") {
            Some((_, tail)) if tail.len() >= 12 => rest = tail,
            _ => return false,
        }
    }
}

/// The ledger file: `--db`, else the configuration file's, else the
/// platform default.
fn ledger_path(db: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    match db.or_else(config::configured_ledger) {
        Some(path) => Ok(path),
        None => Ok(crate::ledger::default_path()?),
    }
}

/// Prints the ledger's warning (loose file modes) on stderr.
fn warn_about(ledger: &Ledger) {
    if let Some(warning) = ledger.warning() {
        note(&format!("pairs-table: warning: {warning}"));
    }
}

/// This computer's station key where it has one (`--key`, else the
/// default key file), never created here.
fn local_keys(key: Option<&Path>) -> anyhow::Result<Option<StationKeys>> {
    Ok(match key {
        Some(file) => Some(StationKeys::load(file)?),
        None => match StationKeys::default_path() {
            Ok(file) if file.exists() => Some(StationKeys::load(&file)?),
            _ => None,
        },
    })
}

/// Asks staff member `staff`'s PIN: on the terminal without echo when
/// standard input is one, else the first line of standard input (scripts
/// and tests pipe it). Never from the command line.
fn read_pin(staff: u32) -> anyhow::Result<String> {
    use std::io::{BufRead, IsTerminal};
    let pin = if std::io::stdin().is_terminal() {
        rpassword::prompt_password(format!("PIN for staff {staff}: "))
            .context("the PIN could not be read from the terminal")?
    } else {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .context("the PIN could not be read from standard input")?;
        line
    };
    Ok(pin.trim_end_matches(['\r', '\n']).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A typed error that quotes its source, as ours quote PostgreSQL's.
    #[derive(Debug, thiserror::Error)]
    #[error("the floor database: {}", .0.get_ref().map_or(String::new(), |e| e.to_string()))]
    struct Quoting(#[source] std::io::Error);

    #[test]
    fn each_cause_is_said_once() {
        let refused = std::io::Error::new(
            std::io::ErrorKind::ConnectionRefused,
            "db error: FATAL: database \"x\" does not exist",
        );
        let error = anyhow::Error::new(Quoting(std::io::Error::other(refused)));
        assert_eq!(
            said_once(&error),
            "the floor database: db error: FATAL: database \"x\" does not exist"
        );
        let error = anyhow::Error::new(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
            .context("cannot write to standard output");
        assert_eq!(
            said_once(&error),
            "cannot write to standard output: broken pipe"
        );
        let error = anyhow::anyhow!("").context("the ledger database failed");
        assert_eq!(said_once(&error), "the ledger database failed");
        // Prefixes aside, what the sentence says already is not repeated,
        // nor a bare label above it.
        let error = anyhow::anyhow!("ERROR: relation \"floor.stations\" does not exist\nHINT: x")
            .context("db error")
            .context("the floor database: relation \"floor.stations\" does not exist");
        assert_eq!(
            said_once(&error),
            "the floor database: relation \"floor.stations\" does not exist"
        );
    }
}
