//! The command line: argument definitions and the commands behind them.
//! This is the application edge: it reads files and stdin, seeds random
//! generators from the OS, and turns errors into one sentence on stderr.

use crate::ids::{ShiftId, StaffId};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use clap::{Parser, Subcommand, ValueEnum};
use rand::SeedableRng;
use rand::rngs::{StdRng, SysRng};
use rand::seq::SliceRandom;
use serde::Serialize;

use crate::engine::card::{Decks, Rank};
use crate::engine::hand::GameKind;
use crate::engine::rules::HouseRules;
use crate::engine::shoe::ShoeCount;
use crate::history::replay_text;
use crate::keys::StationKeys;
use crate::ledger::{
    DEFAULT_CHECKPOINT_EVERY_HANDS, HandContext, Ledger, LedgerError, PinEntry, Recorder, Role,
    SystemClock,
};
use crate::scanner::Protocol;
use crate::scanner::reader::{Reader, ReaderConfig, list_ports};
use crate::scanner::sim::{SimFault, SimRun, run_sim, shoe_script};
use crate::simulate::{SimConfig, Simulation, Strategy, Summary};

mod audit;
mod par;
mod program;
mod rating;

pub use audit::{AuditCommand, VerifyArgs};
pub use par::ParArgs;
pub use program::{ProgramCommand, ProgramListArgs};

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
    /// station's URL from `floor enrol`); the table screen shows the link.
    /// See docs/floor.md.
    #[arg(long, value_name = "URL", conflicts_with = "demo")]
    pub floor: Option<String>,
    /// With --floor: minutes the link may be down before the table screen
    /// says so in the alarm colour (a house setting; play goes on).
    #[arg(long, value_name = "MINUTES", default_value_t = 5, requires = "floor")]
    pub floor_notice_minutes: u32,
    /// The station's key file, which signs the ledger's checkpoints and
    /// peppers PINs (default: station.key in the platform configuration
    /// directory; created 0600 on first use).
    #[arg(long, global = true, value_name = "FILE")]
    pub key: Option<PathBuf>,
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
        #[arg(long, value_name = "URL")]
        floor: String,
    },
    /// The floor database on PostgreSQL: init, enrol, ship, verify, status.
    /// See docs/floor.md.
    #[command(subcommand)]
    Floor(crate::floor::command::FloorCommand),
}

/// The `report` subcommands.
#[derive(Subcommand, Debug)]
pub enum ReportCommand {
    /// Print a shift report: a PDF, and the same figures as CSV.
    ///
    /// Covers one shift (--shift; default: the table's latest) or the hands
    /// started from --from to --to (RFC 3339 times). Every print is recorded
    /// in the ledger; a second print of the same table and period is stamped
    /// REPRINT. See docs/reports.md.
    Shift(ShiftReportArgs),
}

/// Arguments of `report shift`.
#[derive(clap::Args, Debug)]
pub struct ShiftReportArgs {
    /// The ledger file (default: the platform data directory).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// The table's name or id (default: the ledger's only table).
    #[arg(long)]
    pub table: Option<String>,
    /// The shift id (default: the table's latest shift).
    #[arg(long, conflicts_with_all = ["from", "to"])]
    pub shift: Option<i64>,
    /// Report the hands started from this time (RFC 3339, e.g. 2025-01-02T18:00:00Z).
    #[arg(long, value_name = "TIME", requires = "to")]
    pub from: Option<String>,
    /// ... up to this time (exclusive).
    #[arg(long, value_name = "TIME", requires = "from")]
    pub to: Option<String>,
    /// Where to write the PDF.
    #[arg(long, value_name = "FILE.pdf")]
    pub out: PathBuf,
    /// Also write the figures as CSV here.
    #[arg(long, value_name = "FILE.csv")]
    pub csv: Option<PathBuf>,
    /// The casino name to print (default: the table setting `casino_name`).
    #[arg(long)]
    pub casino: Option<String>,
    /// The paper size (default: the layout's, US Letter).
    #[arg(long, value_enum)]
    pub page: Option<PageArg>,
    /// Also send the PDF to the system's print command (`lp` on PATH).
    #[arg(long)]
    pub print: bool,
    /// The staff ID of the pit boss who prints; their PIN is asked on the
    /// terminal (read from standard input when it is not a terminal).
    #[arg(long, value_name = "ID")]
    pub by: Option<u32>,
}

/// A paper size named on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PageArg {
    /// US Letter.
    Letter,
    /// ISO A4.
    A4,
}

/// Arguments of `shoe-sim`.
#[derive(clap::Args, Debug)]
pub struct ShoeSimArgs {
    /// Where to place the symlink to the pseudo-terminal (an existing symlink is replaced).
    #[arg(long, value_name = "PATH")]
    pub link: PathBuf,
    /// Decks in the shoe (1 to 8).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub decks: u8,
    /// Seed for the shuffle; without it, the OS seeds a CSPRNG.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Cards per second (0.1 to 1000).
    #[arg(long, default_value_t = 2.0, value_name = "CARDS_PER_S", value_parser = parse_rate)]
    pub rate: f64,
    /// Faults to inject, comma-separated; fault k (from 0) strikes at card 5 × (k + 1).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub faults: Vec<SimFault>,
    /// The shoe ID reported in SHOEIN and SHOEOUT.
    #[arg(long, default_value = "SIM-1")]
    pub shoe_id: String,
    /// The protocol version to speak: 1 (one-way, XOR checksum) or 2
    /// (CRC-16, HELLO, answers IDENT and RESEND).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub protocol: u8,
    /// The serial number in the HELLO frame (protocol 2): 1 to 16 letters,
    /// digits, `-`, `_` or `.`.
    #[arg(long, default_value = "SIM-0001", value_parser = parse_serial)]
    pub serial: String,
}

fn parse_serial(text: &str) -> Result<String, String> {
    let valid = (1..=16).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if valid {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "`{text}` is not a serial number of 1 to 16 letters, digits, `-`, `_` or `.`"
        ))
    }
}

/// Arguments of `scanner`.
#[derive(clap::Args, Debug)]
pub struct ScannerArgs {
    /// The serial port (/dev/ttyUSB0, /dev/serial/by-id/..., COM3, or a shoe-sim link).
    #[arg(long, value_name = "PATH")]
    pub port: String,
    /// Baud rate.
    #[arg(long, default_value_t = 9600, value_name = "B", value_parser = clap::value_parser!(u32).range(50..=4_000_000))]
    pub baud: u32,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
}

fn parse_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if (0.1..=1000.0).contains(&rate) => Ok(rate),
        _ => Err(format!(
            "`{text}` is not a rate from 0.1 to 1000 cards per second"
        )),
    }
}

/// Arguments of `simulate`.
#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// The game to play.
    #[arg(long, value_enum)]
    pub game: GameArg,
    /// How many hands.
    #[arg(long, default_value_t = 1000)]
    pub hands: u64,
    /// Decks in the shoe (1 to 8).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub decks: u8,
    /// Players, seated from seat 1 (Rocket 1 to 6, Starboard 2 to 7).
    #[arg(long, default_value_t = 6)]
    pub seats: u8,
    /// Seed for the shoe and the players; without it, the OS seeds a CSPRNG.
    #[arg(long)]
    pub seed: Option<u64>,
    /// How players decide: next_card (formerly `basic`), optimal (Rocket
    /// only), mixed or realistic (Starboard only), bold, timid or random.
    #[arg(long, default_value = "next_card")]
    pub strategy: Strategy,
    /// Rocket: each player's bet in table units (a multiple of 10 within the limits).
    #[arg(long, default_value_t = 100)]
    pub bet: u64,
    /// A house-rules TOML file (defaults: RULINGS.md).
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Record every hand in this ledger file (appending), printing
    /// `committed ID` once each hand is durably committed.
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// With --db: sign a checkpoint at least every N hands (a house setting).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CHECKPOINT_EVERY_HANDS, value_parser = clap::value_parser!(u32).range(1..))]
    pub checkpoint_every: u32,
    /// With --db: ship every committed row to this floor database (the
    /// station's URL from `floor enrol`) in the background. See docs/floor.md.
    #[arg(long, value_name = "URL", requires = "db")]
    pub floor: Option<String>,
    /// With --db: the table's name in the ledger.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "simulation",
        requires = "db"
    )]
    pub table: String,
    /// With --db: rated players' card numbers, seated at seats 1, 2, … for
    /// the simulation and unseated when it ends (docs/rating.md).
    #[arg(
        long,
        value_name = "CARD,CARD,...",
        value_delimiter = ',',
        requires = "db"
    )]
    pub players: Vec<String>,
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
    let key = cli.key.as_deref();
    let result = match cli.command {
        Some(Command::Replay { file }) => replay(&file),
        Some(Command::Simulate(args)) => simulate(&args, key),
        Some(Command::Rules(args)) => rules(&args),
        Some(Command::Par(args)) => par::par(&args),
        Some(Command::ShoeSim(args)) => shoe_sim(&args),
        Some(Command::Scanner(args)) => scanner(&args),
        Some(Command::Ports) => ports(),
        Some(Command::Report(ReportCommand::Shift(args))) => report_shift(&args, key),
        Some(Command::Rating(args)) => rating::rating(&args, key),
        Some(Command::Pit { floor }) => crate::ui::run_floor_view(floor),
        Some(Command::Floor(command)) => crate::floor::command::run(&command, || station_keys(key)),
        Some(Command::Audit(command)) => audit::run(command, key),
        Some(Command::Program(command)) => program::run(command, key),
        None => app(
            cli.db,
            cli.demo,
            key,
            cli.floor.map(|url| {
                (
                    url,
                    chrono::TimeDelta::minutes(i64::from(cli.floor_notice_minutes)),
                )
            }),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`| head`): stop quietly, as a program
        // killed by SIGPIPE would.
        Err(error) if is_broken_pipe(&error) => ExitCode::from(141),
        Err(error) => {
            eprintln!("pairs-table: {error:#}");
            ExitCode::FAILURE
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
) -> anyhow::Result<()> {
    if demo {
        let dir = std::env::temp_dir().join(format!("pairs-table-demo-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the demo folder {}", dir.display()))?;
        let path = dir.join("ledger.sqlite3");
        // Interrupted (Ctrl+C, a terminal closed), the demo still leaves
        // nothing behind.
        let interrupted = dir.clone();
        ctrlc::set_handler(move || {
            let _ = std::fs::remove_dir_all(&interrupted);
            std::process::exit(130);
        })
        .context("cannot watch for Ctrl+C to clean up the demo")?;
        // The demo's throw-away ledger is signed by a throw-away key.
        let result = crate::ui::run(&path, StationKeys::generate()?, true, None);
        std::fs::remove_dir_all(&dir).with_context(|| {
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
    crate::ui::run(&path, keys, false, floor)
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

#[derive(Serialize)]
struct SimulationReport<'a> {
    game: GameKind,
    strategy: String,
    decks: u8,
    seats: u8,
    seed: Option<u64>,
    rules_hash: String,
    #[serde(flatten)]
    summary: &'a Summary,
    house_result_per_unit_wagered: f64,
}

fn simulate(args: &SimulateArgs, key: Option<&Path>) -> anyhow::Result<()> {
    let game = GameKind::from(args.game);
    let rules = load_rules(args.rules.as_deref())?;
    let players = usize::from(args.seats);
    if players < game.min_players() || args.seats > game.max_seat() {
        bail!(
            "{game} seats {} to {} players, not {}",
            game.min_players(),
            game.max_seat(),
            args.seats
        );
    }
    if !args.strategy.plays(game) {
        let names: Vec<&str> = Strategy::for_game(game).map(|(name, _)| name).collect();
        bail!(
            "the {} strategy does not play {game}; {game} players choose {}",
            args.strategy,
            names.join(", ")
        );
    }
    let config = SimConfig {
        game,
        decks: Decks::new(i64::from(args.decks))?,
        seats: args.seats,
        bet: args.bet,
        rules,
        strategy: args.strategy,
    };
    if args.players.len() > usize::from(args.seats) {
        bail!(
            "{} rated players cannot sit at {} seats",
            args.players.len(),
            args.seats
        );
    }
    let mut master = seeded_rng(args.seed)?;
    let mut simulation = Simulation::new(
        &config,
        StdRng::from_rng(&mut master),
        StdRng::from_rng(&mut master),
    )?;
    let mut summary = Summary::default();
    match &args.db {
        None => {
            for _ in 0..args.hands {
                summary.add(simulation.play_next()?);
            }
        }
        Some(path) => {
            let mut ledger = Ledger::open(path, Box::new(SystemClock), station_keys(key)?)?;
            if ledger.holds_pins()? {
                return Err(LedgerError::LiveLedger(path.display().to_string()).into());
            }
            warn_about(&ledger);
            ledger.set_checkpoint_every(args.checkpoint_every);
            let shipper = match &args.floor {
                Some(url) => Some(crate::floor::command::shipper(
                    path,
                    url,
                    &station_keys(key)?,
                )?),
                None => None,
            };
            let recording = Recording {
                table: &args.table,
                players: &args.players,
                hands: args.hands,
                shipper: shipper.as_ref(),
            };
            record_simulation(
                &mut ledger,
                &config,
                &mut simulation,
                &recording,
                &mut summary,
            )?;
            if let Some(outcome) = shipper.map(crate::floor::Shipper::finish) {
                match outcome.last_error {
                    None => eprintln!("pairs-table: shipped {} rows to the floor", outcome.shipped),
                    Some(error) => eprintln!(
                        "pairs-table: shipped {} rows to the floor, then the link failed ({error}); `pairs-table floor ship` sends the rest",
                        outcome.shipped
                    ),
                }
            }
        }
    }
    print_json(&SimulationReport {
        game,
        strategy: args.strategy.to_string(),
        decks: args.decks,
        seats: args.seats,
        seed: args.seed,
        rules_hash: rules.hash_hex(),
        summary: &summary,
        house_result_per_unit_wagered: summary.house_edge(),
    })
}

/// A flag set by Ctrl-C (SIGINT or SIGTERM).
fn stop_on_ctrl_c() -> anyhow::Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
        .context("cannot install the Ctrl-C handler")?;
    Ok(stop)
}

/// Prints one line and flushes it, so that a pipe sees each event at once.
fn print_line(line: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")
        .and_then(|()| stdout.flush())
        .context("cannot write to standard output")
}

fn shoe_sim(args: &ShoeSimArgs) -> anyhow::Result<()> {
    let decks = Decks::new(i64::from(args.decks))?;
    let rules = HouseRules::default();
    let mut order: Vec<Rank> = Rank::ALL
        .iter()
        .flat_map(|&rank| std::iter::repeat_n(rank, usize::from(decks.copies_of(rank))))
        .collect();
    order.shuffle(&mut seeded_rng(args.seed)?);
    let cut = ShoeCount::new(decks, rules.penetration_permille).cut_position();
    let script = shoe_script(&order, decks, &args.shoe_id, cut, &args.faults);
    let run = SimRun {
        link: args.link.clone(),
        card_interval: Duration::from_secs_f64(1.0 / args.rate),
        unplugged_for: Duration::from_millis(500),
        protocol: Protocol::from_number(args.protocol).unwrap_or(Protocol::V1),
        serial: args.serial.clone(),
    };
    let stop = stop_on_ctrl_c()?;
    eprintln!(
        "pairs-table shoe-sim: {} cards on {}; Ctrl-C stops",
        order.len(),
        args.link.display()
    );
    let mut printed = Ok(());
    run_sim(&run, script, &stop, |card| {
        if printed.is_ok() {
            printed = serde_json::to_string(card)
                .map_err(anyhow::Error::from)
                .and_then(|line| print_line(&line));
        }
    })
    .with_context(|| format!("the simulated shoe at {} failed", args.link.display()))?;
    printed
}

fn scanner(args: &ScannerArgs) -> anyhow::Result<()> {
    if args.port.trim().is_empty() {
        bail!("--port needs the path of a serial port");
    }
    let mut config = ReaderConfig::new(args.port.clone());
    config.baud_rate = args.baud;
    let stop = stop_on_ctrl_c()?;
    let reader = Reader::start(config)?;
    while !stop.load(Ordering::Relaxed) {
        match reader.events().recv_timeout(Duration::from_millis(100)) {
            Ok(event) if args.json => print_line(&event.to_json_line())?,
            Ok(event) => print_line(&event.to_string())?,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                bail!("the scanner thread stopped unexpectedly")
            }
        }
    }
    Ok(())
}

/// Staff ids the simulator records hands under.
const SIM_DEALER: StaffId = StaffId(1);
const SIM_PIT_BOSS: StaffId = StaffId(2);

/// Plays `hands` hands through the ledger's recorder, as a live table does:
/// every step journaled, each hand committed when it ends.
/// Where and how a simulation is recorded.
struct Recording<'a> {
    /// The table's name.
    table: &'a str,
    /// Rated players' cards, seated from seat 1.
    players: &'a [String],
    /// Hands to play.
    hands: u64,
    /// Ships each committed hand to the floor.
    shipper: Option<&'a crate::floor::Shipper>,
}

fn record_simulation(
    ledger: &mut Ledger,
    config: &SimConfig,
    simulation: &mut Simulation,
    recording: &Recording<'_>,
    summary: &mut Summary,
) -> anyhow::Result<()> {
    ledger.staff(SIM_DEALER, "simulated dealer", Role::Dealer)?;
    ledger.staff(SIM_PIT_BOSS, "simulated pit boss", Role::PitBoss)?;
    if let Some(id) = ledger.abandon_in_progress(
        "the simulation stopped mid-hand and cannot resume a software shoe",
        SIM_PIT_BOSS,
    )? {
        eprintln!("pairs-table: hand {id} was left in progress; recorded it as voided");
    }
    let table = ledger.table(recording.table, config.game)?;
    let position = ledger.table_position(table)?;
    simulation.resume(position.hands_started, position.last_button, position.carry);
    let shift = ledger.open_shift(table, SIM_DEALER)?;
    for (seat, card) in (1..).zip(recording.players) {
        ledger.seat_player(shift, seat, card, None, SIM_DEALER)?;
    }
    let shoe = ledger.open_shoe(table, config.decks.count(), None)?;
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: SIM_DEALER,
        shoe,
    });
    let mut out = std::io::stdout().lock();
    for _ in 0..recording.hands {
        let finished = simulation.play_hand_with(|t| recorder.sync(ledger, t))?;
        let id = recorder.commit(ledger, &finished)?;
        writeln!(out, "committed {id}")?;
        out.flush()?;
        if let Some(shipper) = recording.shipper {
            shipper.committed();
        }
        summary.add(&finished);
    }
    ledger.close_shift(shift, SIM_DEALER)?;
    Ok(())
}

fn ledger_path(db: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    match db {
        Some(path) => Ok(path),
        None => Ok(crate::ledger::default_path()?),
    }
}

/// Prints the ledger's warning (loose file modes) on stderr.
fn warn_about(ledger: &Ledger) {
    if let Some(warning) = ledger.warning() {
        eprintln!("pairs-table: warning: {warning}");
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

/// `audit archive`.
fn ports() -> anyhow::Result<()> {
    for port in list_ports()? {
        print_line(&format!("{}\t{}", port.path, port.description))?;
    }
    Ok(())
}

pub(crate) fn parse_time(text: &str) -> anyhow::Result<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&chrono::Utc))
        .map_err(|_| {
            anyhow::anyhow!("`{text}` is not a time; give RFC 3339, like 2025-01-02T18:00:00Z")
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

fn report_shift(args: &ShiftReportArgs, key: Option<&Path>) -> anyhow::Result<()> {
    use crate::ledger::report::{Period, ReportQuery};
    let period = match (&args.from, &args.to, args.shift) {
        (Some(from), Some(to), _) => Period::Range {
            from: parse_time(from)?,
            to: parse_time(to)?,
        },
        (_, _, Some(shift)) => Period::Shift(ShiftId(shift)),
        _ => Period::LatestShift,
    };
    let layout = layout_for(args.page)?;
    let path = ledger_path(args.db.clone())?;
    let mut ledger = Ledger::open_existing(&path, Box::new(SystemClock), station_keys(key)?)?;
    warn_about(&ledger);
    let query = ReportQuery {
        table: args.table.clone(),
        period,
        casino: args.casino.clone(),
    };
    let pin = args.by.map(read_pin).transpose()?;
    let by = args.by.zip(pin.as_deref()).map(|(staff, pin)| PinEntry {
        staff: StaffId(staff),
        pin,
    });
    let saved = crate::printing::save_report(
        &mut ledger,
        &query,
        &layout,
        (&args.out, args.csv.as_deref()),
        by.as_ref(),
    )?;
    for left in &saved.left_over {
        eprintln!("pairs-table: {left}");
    }
    let report = &saved.report;
    let printed = if args.print {
        let printer = crate::printing::Printer::system().ok_or_else(|| {
            crate::printing::PrintingError::NoPrinter(args.out.display().to_string())
        })?;
        let title = format!("Shift report, table {}", report.header.table_name);
        format!(
            "; sent to the printer ({})",
            printer.print(&args.out, &title)?
        )
    } else {
        String::new()
    };
    print_line(&format!(
        "printed {}: print {}{}, {} hands, ledger rows {}, head {}, chain check {}{printed}",
        args.out.display(),
        report.print.number,
        if report.print.is_reprint() {
            " (REPRINT)"
        } else {
            ""
        },
        report.play.hands,
        report.integrity.head.rows,
        report.integrity.head.hash_hex(),
        if report.integrity.discrepancies == 0 {
            "passed".to_owned()
        } else {
            format!(
                "FAILED with {} discrepancies",
                report.integrity.discrepancies
            )
        }
    ))
}
