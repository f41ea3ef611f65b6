//! `pairs-table rating`: one player's rating, or the rated-play report of a
//! period (docs/rating.md).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use super::{
    ledger_path, parse_time, print_json, print_line, read_pin, shown, station_keys, warn_about,
};
use crate::figures::ProtectionReads;
use crate::ids::StaffId;
use crate::ledger::{Ledger, PinEntry, SystemClock};
use crate::protection::{FlagSettings, Tally};
use crate::rating::{Period, PlayerRating, Rater, Rating};
use crate::simulate::Strategy;
use crate::time_text::{Zone, when};

/// Arguments of `rating`.
#[derive(clap::Args, Debug)]
pub struct RatingArgs {
    /// The ledger file (default: the platform data directory).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// The player's card number: print their rating.
    #[arg(long, value_name = "CARD", required_unless_present = "out")]
    pub player: Option<String>,
    /// Count play from this time (RFC 3339, e.g. 2025-01-02T18:00:00Z).
    #[arg(long, value_name = "TIME")]
    pub from: Option<String>,
    /// ... up to this time (exclusive).
    #[arg(long, value_name = "TIME")]
    pub to: Option<String>,
    /// Print the player's rating as JSON.
    #[arg(long, requires = "player")]
    pub json: bool,
    /// Write the rated-play report of the period (every rated player) as a PDF here.
    #[arg(long, value_name = "FILE.pdf", conflicts_with = "player", requires_all = ["from", "to"])]
    pub out: Option<PathBuf>,
    /// With --out, also write the report's figures as CSV here.
    #[arg(long, value_name = "FILE.csv", requires = "out")]
    pub csv: Option<PathBuf>,
    /// The strategy Rocket players are assumed to follow for theoretical
    /// win (a house setting): optimal (the default), next_card, bold,
    /// timid or random.
    #[arg(long, default_value = "optimal")]
    pub strategy: Strategy,
    /// With --player: rate across every station on this floor database
    /// too (an owner's or the pit's URL), each station's chain read from
    /// the floor; this ledger's own station is not counted twice.
    #[arg(long, value_name = "URL", requires = "player", value_parser = crate::floor::command::floor_target)]
    pub floor: Option<String>,
    /// The staff ID of the pit boss looking the player up; their PIN is
    /// asked on the terminal (read from standard input when it is not a
    /// terminal). Without it the look-up is recorded as from the command line.
    #[arg(long, value_name = "ID")]
    pub by: Option<u32>,
}

/// Runs `rating`.
pub fn rating(args: &RatingArgs, key: Option<&Path>) -> anyhow::Result<()> {
    let rocket = crate::engine::hand::GameKind::Rocket;
    if !args.strategy.plays(rocket) || args.strategy.needs_seen_cards() {
        bail!(
            "the {} strategy {}; rate with optimal, next_card, bold, timid or random",
            args.strategy,
            if args.strategy.needs_seen_cards() {
                "plays from the cards seen at the table, which a rating does not know"
            } else {
                "does not play Rocket"
            }
        );
    }
    let period = Period {
        from: args.from.as_deref().map(parse_time).transpose()?,
        to: args.to.as_deref().map(parse_time).transpose()?,
    };
    if let (Some(from), Some(to)) = (period.from, period.to)
        && to <= from
    {
        bail!("--to must be later than --from");
    }
    let path = ledger_path(args.db.clone())?;
    // A lookup of a card this ledger never enrolled is refused before the
    // ledger is opened for writing (which records the lookup and would
    // upgrade an older file): a failed command leaves the file untouched.
    if let (Some(card), None) = (&args.player, &args.floor)
        && let Ok((reader, _)) = Ledger::open_as_written(&path, Box::new(SystemClock), false)
    {
        reader.refuse_unknown_card(card)?;
    }
    let mut ledger = Ledger::open_existing(&path, Box::new(SystemClock), station_keys(key)?)?;
    warn_about(&ledger);
    let pin = args.by.map(read_pin).transpose()?;
    let by = args.by.zip(pin.as_deref()).map(|(staff, pin)| PinEntry {
        staff: StaffId(staff),
        pin,
    });
    let mut rater = Rater::new(args.strategy);
    match (&args.player, &args.out) {
        (Some(card), _) => {
            // The protection figures replay every card of the player's
            // tables: only for the JSON.
            let (mut rating, tally) = match &args.floor {
                Some(url) => rate_across_floor(&ledger, &mut rater, card, period, url, args.json)?,
                None => {
                    let rating = rater.rate_player(&ledger, card, period)?;
                    let tally = match ledger.player_play(card, period)? {
                        Some((_, plays)) if args.json => ledger.protection_tally(&plays)?,
                        _ => None,
                    };
                    (rating, tally)
                }
            };
            ledger.record_rating_lookup(card, by.as_ref())?;
            if args.json {
                let settings = match &args.floor {
                    Some(url) => crate::floor::protection::flag_settings(url)?,
                    None => FlagSettings::default(),
                };
                rating.protection = tally.map(|t| t.profile(rating.rating.seconds, &settings));
                print_json(&rating)
            } else {
                print_line(&player_text(&rating))
            }
        }
        (None, Some(out)) => {
            let report = crate::printing::save_rating_report(
                &mut ledger,
                &mut rater,
                period,
                (out, args.csv.as_deref()),
                by.as_ref(),
            )
            .with_context(|| format!("the rated-play report {}", out.display()))?;
            print_line(&format!(
                "printed {}: {} players, {} sessions, {} hands",
                out.display(),
                report.players.len(),
                report
                    .players
                    .iter()
                    .map(|p| p.sessions.len())
                    .sum::<usize>(),
                report.total().hands
            ))
        }
        (None, None) => bail!("give --player CARD, or --out FILE.pdf with --from and --to"),
    }
}

/// `card`'s rating over this ledger and every other station's chain on
/// the floor at `url` (replicas in a temporary directory, removed after),
/// and with `protection` what their Rocket hands show at every station,
/// each replayed from its own station's cards.
fn rate_across_floor(
    ledger: &Ledger,
    rater: &mut Rater,
    card: &str,
    period: Period,
    url: &str,
    protection: bool,
) -> anyhow::Result<(PlayerRating, Option<Tally>)> {
    let replicas_dir = crate::floor::command::replica_dir("rating")?;
    let dir = replicas_dir.path().to_path_buf();
    let rated = (|| {
        let mut found = ledger.player_play(card, period)?;
        let mut tally: Option<Tally> = None;
        let mut add_up = |from: &Ledger, plays: &[crate::rating::SessionPlay]| {
            if !protection {
                return anyhow::Ok(());
            }
            if let Some(more) = from.protection_tally(plays)? {
                *tally.get_or_insert_with(Tally::default) += more;
            }
            anyhow::Ok(())
        };
        if let Some((_, plays)) = &found {
            add_up(ledger, plays)?;
        }
        let replicas = crate::floor::replicate(url, &dir)?;
        for (station, why) in &replicas.unreadable {
            eprintln!(
                "pairs-table: station {station} is left out: its chain on the floor cannot be read: {why}"
            );
        }
        for (_, path) in replicas.ready {
            let replica = Ledger::open_read_only(&path, Box::new(SystemClock), false)?;
            if ledger.passes_through(&replica.head()?)? {
                continue;
            }
            if let Some((player, plays)) = replica.player_play(card, period)? {
                add_up(&replica, &plays)?;
                found
                    .get_or_insert_with(|| (player, Vec::new()))
                    .1
                    .extend(plays);
            }
        }
        let (player, mut plays) =
            found.ok_or_else(|| crate::ledger::PlayerError::UnknownCard(card.trim().to_owned()))?;
        plays.sort_by_key(|p| p.session.seated_at);
        let rating = rater.player(player, &plays, period, chrono::Utc::now());
        anyhow::Ok((rating, tally))
    })();
    drop(replicas_dir);
    rated
}

/// A player's rating as text: the totals, then one line per session.
fn player_text(rating: &PlayerRating) -> String {
    let name = rating
        .player
        .name
        .as_deref()
        .map_or_else(String::new, |n| format!(" ({})", shown(n)));
    let mut text = format!(
        "player {}{name}\n{}",
        shown(&rating.player.card),
        figures_text(&rating.rating)
    );
    for slip in &rating.sessions {
        let s = &slip.session;
        let until = s
            .unseated_at
            .map_or_else(|| "still seated".to_owned(), |t| when(t, Zone::Local));
        text.push_str(&format!(
            "\nsession at {} seat {}, {} to {until}:\n  {}",
            shown(&s.table),
            s.seat,
            when(s.seated_at, Zone::Local),
            figures_text(&slip.rating).replace('\n', "\n  ")
        ));
    }
    text
}

fn figures_text(r: &Rating) -> String {
    format!(
        "hands {}, wagered {}, average bet {}, largest bet {}\nactual win {}, theo {}\ntime on game {} s, {} decisions per hour",
        r.hands,
        r.wagered,
        r.average_bet,
        r.largest_bet,
        r.actual_win,
        r.theo,
        r.seconds,
        r.decisions_per_hour
    )
}
