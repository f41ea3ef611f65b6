//! `simulate`: simulated hands on the software shoe, with a summary, and
//! with `--db` recorded to a ledger as a station would.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::bail;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;

use super::{GameArg, load_rules, print_json, seeded_rng, station_keys, warn_about};
use crate::engine::card::Decks;
use crate::engine::hand::GameKind;
use crate::figures::Recorder;
use crate::ids::StaffId;
use crate::ledger::{HandContext, Ledger, LedgerError, Role, SystemClock};
use crate::simulate::{BetFile, BetStrategy, BlockRun, SimConfig, Simulation, Strategy, Summary};

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
    /// only), optimal_seen (Rocket only: the best play for the cards seen),
    /// mixed or realistic (Starboard only), bold, timid or random.
    #[arg(long, default_value = "next_card")]
    pub strategy: Strategy,
    /// Rocket: how players bet: flat (every hand --bet), counter:K,
    /// count:K, random:K, dalembert:K, martingale:K, streaky:K, backcount,
    /// camouflage:K:P or file:PATH (docs/simulation.md, "Betting").
    #[arg(long, default_value = "flat")]
    pub betting: BettingArg,
    /// Rocket: how each seat bets, seat 1 first (as --betting); seats
    /// beyond the list bet by --betting. The summary then gives each
    /// seat's bets and result.
    #[arg(long, value_name = "BETTING,BETTING,...", value_delimiter = ',')]
    pub seat_betting: Vec<BettingArg>,
    /// Rocket: each player's bet in table units (a multiple of 10 within the limits).
    #[arg(long, default_value_t = 100)]
    pub bet: u64,
    /// A house-rules TOML file (defaults: RULINGS.md).
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Threads to play on (default: every core). A run longer than
    /// 100,000 hands is played as blocks of 100,000, each a table of its
    /// own, so the result for a seed is the same whatever the number
    /// (docs/simulation.md, "On every core"). Not with --db.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..), conflicts_with = "db")]
    pub threads: Option<u16>,
    /// Record every hand in this ledger file (appending), printing
    /// `committed ID` once each hand is durably committed.
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// With --db: ship every committed row to this floor database (the
    /// station's URL from `floor enrol`) in the background. See docs/floor.md.
    #[arg(long, value_name = "URL", requires = "db", value_parser = crate::floor::command::floor_target)]
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

/// A betting strategy as typed: `file:PATH` names a file of bets, read
/// when the simulation starts ([`BetFile`]); the others are whole.
#[derive(Clone, Debug)]
pub enum BettingArg {
    /// A strategy by name.
    Strategy(BetStrategy),
    /// `file:PATH`.
    File(PathBuf),
}

impl std::str::FromStr for BettingArg {
    type Err = String;
    fn from_str(text: &str) -> Result<BettingArg, String> {
        match text.strip_prefix("file:") {
            Some("") => Err("file: needs the bets file's path, as file:bets.csv".to_string()),
            Some(path) => Ok(BettingArg::File(PathBuf::from(path))),
            None => text.parse().map(BettingArg::Strategy),
        }
    }
}

impl std::fmt::Display for BettingArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BettingArg::Strategy(strategy) => strategy.fmt(f),
            BettingArg::File(path) => write!(f, "file:{}", path.display()),
        }
    }
}

/// Each seat's betting, seat 1 first: `--seat-betting`'s, then
/// `--betting` for the rest, each bets file read once and checked against
/// the table (a bet for every hand at every seat it bets, within the
/// limits, and a player at every hand).
fn seat_betting(
    args: &SimulateArgs,
    rules: &crate::engine::rules::HouseRules,
) -> anyhow::Result<Vec<BetStrategy>> {
    let mut files: Vec<(PathBuf, std::sync::Arc<BetFile>)> = Vec::new();
    let mut resolve = |arg: &BettingArg| -> anyhow::Result<BetStrategy> {
        let path = match arg {
            BettingArg::Strategy(strategy) => return Ok(strategy.clone()),
            BettingArg::File(path) => path,
        };
        if let Some((_, file)) = files.iter().find(|(p, _)| p == path) {
            return Ok(BetStrategy::File(file.clone()));
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read the bets file {}: {e}", path.display()))?;
        let file = std::sync::Arc::new(
            BetFile::parse(&path.display().to_string(), &text).map_err(anyhow::Error::msg)?,
        );
        files.push((path.clone(), file.clone()));
        Ok(BetStrategy::File(file))
    };
    let mut seats = Vec::with_capacity(usize::from(args.seats));
    for seat in 1..=args.seats {
        let arg = args
            .seat_betting
            .get(usize::from(seat) - 1)
            .unwrap_or(&args.betting);
        let strategy = resolve(arg)?;
        if let BetStrategy::File(file) = &strategy {
            file.check(seat, args.hands, rules)
                .map_err(anyhow::Error::msg)?;
        }
        seats.push(strategy);
    }
    let always_plays =
        |s: &BetStrategy| !matches!(s, BetStrategy::BackCount | BetStrategy::File(_));
    if !seats.iter().any(always_plays) {
        if seats.iter().all(|s| *s == BetStrategy::BackCount) {
            bail!(
                "every seat bets backcount: a back-counter watches other players' hands, so at least one seat must play every hand"
            );
        }
        let only_files = seats.iter().all(|s| matches!(s, BetStrategy::File(_)));
        for hand in 1..=args.hands {
            let empty = (1..=args.seats).zip(&seats).all(|(seat, s)| match s {
                BetStrategy::File(file) => file.bet(hand, seat) == Some(0),
                _ => false,
            });
            if only_files && empty {
                bail!("the bets file sits every seat out at hand {hand}: a hand needs a player");
            }
        }
    }
    Ok(seats)
}

#[derive(Serialize)]
struct SimulationReport<'a> {
    game: GameKind,
    strategy: String,
    betting: String,
    decks: u8,
    seats: u8,
    seed: Option<u64>,
    rules_hash: String,
    #[serde(flatten)]
    summary: &'a Summary,
    house_result_per_unit_wagered: f64,
}

pub(super) fn simulate(args: &SimulateArgs, key: Option<&Path>) -> anyhow::Result<()> {
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
    if let Some(bet) = std::iter::once(&args.betting)
        .chain(&args.seat_betting)
        .find(|b| !matches!(b, BettingArg::Strategy(BetStrategy::Flat)))
        && game != GameKind::Rocket
    {
        bail!("betting {bet} is for Rocket's bets; Starboard players ante");
    }
    if args.seat_betting.len() > usize::from(args.seats) {
        bail!(
            "--seat-betting names {} seats' betting, but the table has {} seats",
            args.seat_betting.len(),
            args.seats
        );
    }
    let betting = seat_betting(args, &rules)?;
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
    let summary = match &args.db {
        None => {
            let threads = args.threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, usize::from),
                usize::from,
            );
            BlockRun {
                config: &config,
                seat_betting: &betting,
                follow_seats: !args.seat_betting.is_empty(),
                hands: args.hands,
            }
            .play(&mut master, threads)?
        }
        Some(path) => {
            let mut simulation = Simulation::new(
                &config,
                StdRng::from_rng(&mut master),
                StdRng::from_rng(&mut master),
            )?;
            simulation.set_seat_betting(&betting)?;
            let mut summary = Summary::default();
            if !args.seat_betting.is_empty() {
                summary.follow_seats(simulation.players());
            }
            let mut ledger = Ledger::open(path, Box::new(SystemClock), station_keys(key)?)?;
            if ledger.holds_pins()? {
                return Err(LedgerError::LiveLedger(path.display().to_string()).into());
            }
            warn_about(&ledger);
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
                if let Some(outages) = outcome.outages_summary(chrono::Utc::now()) {
                    eprintln!("pairs-table: {outages}");
                }
                if let Some(passed_over) = &outcome.passed_over {
                    eprintln!("pairs-table: {passed_over}");
                }
                match outcome.last_error {
                    None => eprintln!("pairs-table: shipped {} rows to the floor", outcome.shipped),
                    // The error says the file was cut or replaced and that
                    // `floor verify --db` says where; shipping cannot help.
                    Some(error) if outcome.file_behind => eprintln!(
                        "pairs-table: shipped {} rows to the floor, then the floor refused the file: {error}",
                        outcome.shipped
                    ),
                    Some(error) => eprintln!(
                        "pairs-table: shipped {} rows to the floor, then the link failed ({error}); `pairs-table floor ship` sends the rest",
                        outcome.shipped
                    ),
                }
            }
            summary
        }
    };
    print_json(&SimulationReport {
        game,
        strategy: args.strategy.to_string(),
        betting: args.betting.to_string(),
        decks: args.decks,
        seats: args.seats,
        seed: args.seed,
        rules_hash: rules.hash_hex(),
        summary: &summary,
        house_result_per_unit_wagered: summary.house_edge(),
    })
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
