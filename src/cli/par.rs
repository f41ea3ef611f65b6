//! `pairs-table par`: the par sheets as text, JSON, PDF and the strategy card.

use std::path::PathBuf;

use anyhow::bail;

use super::{GameArg, PageArg, layout_for, load_rules, print_json, print_line, seeded_rng};
use crate::engine::card::{Decks, Rank};
use crate::engine::hand::GameKind;
use crate::engine::rules::HouseRules;
use crate::par::rocket::{ShoeCounts, edge_from_shoe};
use crate::par::{FirstDecision, RocketSheet, edge_by_decks};
use crate::simulate::Strategy;

/// Arguments of `par`.
#[derive(clap::Args, Debug)]
pub struct ParArgs {
    /// The game.
    #[arg(long, value_enum)]
    pub game: GameArg,
    /// Decks in the shoe (1 to 8); without it, every count from 1 to 8.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub decks: Option<u8>,
    /// A house-rules TOML file (defaults: RULINGS.md).
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Print the sheet as JSON (docs/par-sheet.md) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Simulated hands for each seat count (Rocket; 0: no simulation) or
    /// for each table size and strategy (Starboard; at least 1).
    #[arg(long, default_value_t = 100_000)]
    pub hands: u64,
    /// Seed for the simulations; without it, the OS seeds a CSPRNG and
    /// the seed used is printed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Starboard: the table's pace, for the rake per hour.
    #[arg(long, default_value_t = 60, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub hands_per_hour: u32,
    /// Also write the par sheet for --decks as a PDF here: the figures,
    /// the strategy card and every exception to its rule.
    #[arg(long, value_name = "FILE.pdf", requires = "decks")]
    pub pdf: Option<PathBuf>,
    /// Also write the best play for --decks as a one-page strategy card PDF here.
    #[arg(long, value_name = "FILE.pdf", requires = "decks")]
    pub card: Option<PathBuf>,
    /// The paper size of the PDFs (default: US Letter).
    #[arg(long, value_enum)]
    pub page: Option<PageArg>,
    /// Rocket: the exact edge and best first decisions from a shoe holding
    /// these counts of ranks 1 to 10 (ten numbers, commas between) instead
    /// of the par sheet.
    #[arg(long, value_name = "C1,...,C10", conflicts_with_all = ["decks", "pdf", "card"])]
    pub shoe: Option<String>,
}

pub(super) fn par(args: &ParArgs) -> anyhow::Result<()> {
    let game = GameKind::from(args.game);
    if let Some(text) = &args.shoe {
        if game != GameKind::Rocket {
            bail!("--shoe gives Rocket's edge from a shoe; Starboard is a pot game with no edge");
        }
        return shoe_edge(text, args.json);
    }
    let rules = load_rules(args.rules.as_deref())?;
    let seed = match args.seed {
        Some(seed) => seed,
        None => rand::RngExt::random(&mut seeded_rng(None)?),
    };
    if game == GameKind::Starboard {
        return starboard_par(args, &rules, seed);
    }
    let counts = match args.decks {
        Some(count) => count..=count,
        None => 1..=crate::engine::card::MAX_DECKS,
    };
    let sheets = counts
        .map(|count| {
            let decks = Decks::new(i64::from(count))?;
            Ok(RocketSheet::new(decks, &rules, args.hands, seed)?)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let heading = serde_json::json!({
        "game": game,
        "rules_hash": rules.hash_hex(),
        "seed": seed,
        "hands_per_seat_count": args.hands,
    });
    let mut document = match (args.decks, sheets.as_slice()) {
        (Some(_), [sheet]) => serde_json::to_value(sheet)?,
        _ => serde_json::json!({
            "edge_by_decks": edge_by_decks(&sheets),
            "sheets": sheets,
        }),
    };
    if let (Some(fields), Some(extra)) = (document.as_object_mut(), heading.as_object()) {
        fields.extend(extra.clone());
    }
    if let ([sheet], true) = (sheets.as_slice(), args.pdf.is_some() || args.card.is_some()) {
        let print = crate::report::ParSheetPrint {
            card: crate::par::card::StrategyCard::new(&crate::par::rocket::solve(sheet.decks)),
            sheet: sheet.clone(),
            effects_by_decks: crate::par::count::effects_by_decks(),
            rules_hash: rules.hash_hex(),
            printed_at: chrono::Utc::now(),
        };
        let layout = layout_for(args.page)?;
        if let Some(out) = &args.pdf {
            crate::printing::save_pdf(out, &crate::report::render_par_sheet(&print, &layout)?)?;
        }
        if let Some(out) = &args.card {
            crate::printing::save_pdf(out, &crate::report::render_strategy_card(&print, &layout)?)?;
        }
    }
    if args.json {
        return print_json(&document);
    }
    print_line(&par_text(&sheets, &rules, seed, args.hands))
}

/// `par --game rocket --shoe C1,...,C10`: the exact edge from that shoe.
fn shoe_edge(text: &str, json: bool) -> anyhow::Result<()> {
    let shoe: ShoeCounts = text.parse()?;
    let edge = edge_from_shoe(&shoe);
    let first_decision = edge.first_decisions();
    if json {
        return print_json(&serde_json::json!({
            "game": GameKind::Rocket,
            "shoe": shoe,
            "cards": shoe.cards(),
            "longest_decision": shoe.longest_decision(),
            "house_edge": edge.house_edge(),
            "error_bound": crate::par::rocket::ERROR_BOUND,
            "first_decision": first_decision,
        }));
    }
    let mut out = format!(
        "Rocket from a shoe of {} cards ({shoe}, ranks 1 to 10): one player against the dealer, best play for these cards\nhouse edge {:.6}% (exact to {:e} of the bet)\nfirst decision (best play):\n",
        shoe.cards(),
        edge.house_edge() * 100.0,
        crate::par::rocket::ERROR_BOUND
    );
    out.push_str(&first_decision_text(&first_decision));
    print_line(out.trim_end())
}

/// The first decision's best play, a line per dealer's card.
fn first_decision_text(decisions: &[FirstDecision]) -> String {
    use std::fmt::Write as _;
    let list = |ranks: &[Rank]| {
        ranks
            .iter()
            .map(Rank::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = String::new();
    for first in decisions {
        let _ = writeln!(
            out,
            "    dealer {:>2}: hit {:<20} fold {}",
            first.dealer,
            list(&first.hit),
            list(&first.fold)
        );
    }
    out
}

/// The effects of removal and the count, for a terminal.
fn removal_text(sheet: &RocketSheet) -> String {
    use std::fmt::Write as _;
    let effects = &sheet.effects_of_removal;
    let mut out = String::from(
        "  effects of removal (change in the house edge, % of the bet, one card of the rank out of a full shoe):\n   ",
    );
    for rank in 1..=10 {
        let _ = write!(out, " {rank:>8}");
    }
    out.push_str("\n   ");
    for change in effects.house_edge_change {
        let _ = write!(out, " {:>+8.4}", change * 100.0);
    }
    let count = &sheet.count;
    let tags: Vec<String> = count.tags.iter().map(|t| format!("{t:+}")).collect();
    let _ = writeln!(
        out,
        "\n  count (tags for ranks 1 to 10): {}; betting correlation {:.4}; average tag {:.4}; {:.4}% to the player per true count; the player has the edge above a true count of {:.2}",
        tags.join(" "),
        count.betting_correlation,
        count.average_tag,
        count.edge_per_true_count * 100.0,
        count.pivot_true_count
    );
    out
}

/// Starboard's par: the rake by players and strategy.
fn starboard_par(args: &ParArgs, rules: &HouseRules, seed: u64) -> anyhow::Result<()> {
    use crate::par::starboard::{median_pot, starboard_table};
    if args.pdf.is_some() || args.card.is_some() {
        bail!(
            "--pdf and --card print Rocket's par sheet and strategy card; Starboard's par is text or JSON"
        );
    }
    let decks = Decks::new(i64::from(args.decks.unwrap_or(6)))?;
    let mut tables = Vec::new();
    for (name, strategy) in Strategy::for_game(GameKind::Starboard) {
        for players in 2..=GameKind::Starboard.max_seat() {
            let table_seed = seed.wrapping_add(u64::from(players)).wrapping_add(
                1000 * Strategy::ALL
                    .iter()
                    .position(|(n, _)| *n == name)
                    .unwrap_or(0) as u64,
            );
            tables.push(starboard_table(
                decks,
                rules,
                strategy,
                players,
                args.hands.max(1),
                args.hands_per_hour,
                table_seed,
            )?);
        }
    }
    let median = median_pot(decks, rules)?;
    let document = serde_json::json!({
        "game": GameKind::Starboard,
        "rules_hash": rules.hash_hex(),
        "seed": seed,
        "decks": decks,
        "hands": args.hands.max(1),
        "hands_per_hour": args.hands_per_hour,
        "median_pot": median,
        "rake_on_median_pot": rules.starboard.rake_on(median),
        "tables": tables,
    });
    if args.json {
        return print_json(&document);
    }
    use std::fmt::Write as _;
    let mut out = format!(
        "Starboard par: the rake by players and strategy ({} decks, {} hands each, {} hands an hour, seed {seed})\nmedian pot {median} units, rake on it {}\n",
        decks.count(),
        args.hands.max(1),
        args.hands_per_hour,
        rules.starboard.rake_on(median)
    );
    let _ = writeln!(
        out,
        "  {:<10} {:>7} {:>22} {:>14} {:>13} {:>11}",
        "strategy", "players", "rake/hand (99%)", "rake/hour", "median pot", "knock-outs"
    );
    for t in &tables {
        let _ = writeln!(
            out,
            "  {:<10} {:>7} {:>8.4} ({:.4}-{:.4}) {:>14.2} {:>13} {:>11.4}",
            t.strategy,
            t.players,
            t.rake_per_hand.mean,
            t.rake_per_hand.low,
            t.rake_per_hand.high,
            t.rake_per_hour.mean,
            t.median_paid_in,
            t.knock_outs_per_hand
        );
    }
    print_line(out.trim_end())
}

/// The par sheet in words, for a terminal.
fn par_text(sheets: &[RocketSheet], rules: &HouseRules, seed: u64, hands: u64) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Rocket par sheet: one player against the dealer from a full shoe\nrules hash {}\nexact figures (error under {:e}); seats simulated with seed {seed}, {hands} hands each",
        rules.hash_hex(),
        crate::par::rocket::ERROR_BOUND
    );
    for sheet in sheets {
        let _ = writeln!(
            out,
            "\n{} deck(s): {} decision states; the best play hits in {} of the {} it can reach",
            sheet.decks.count(),
            sheet.states_visited,
            sheet.hit_states,
            sheet.reachable_states
        );
        let _ = writeln!(
            out,
            "  {:<10} {:>10} {:>8} {:>8} {:>7} {:>9}",
            "strategy", "house edge", "std dev", "hit freq", "cards", "decisions"
        );
        for (name, figures) in &sheet.strategies {
            let _ = writeln!(
                out,
                "  {:<10} {:>9.4}% {:>8.4} {:>7.2}% {:>7.3} {:>9.3}",
                name,
                figures.house_edge * 100.0,
                figures.std_dev,
                figures.hit_frequency * 100.0,
                figures.cards_per_hand,
                figures.decisions_per_hand
            );
        }
        let _ = writeln!(out, "  first decision (best play):");
        out.push_str(&first_decision_text(&sheet.first_decision));
        for seat in &sheet.seats {
            let edge = seat.house_edge;
            let _ = writeln!(
                out,
                "  {} seat(s): house edge {:.4}% (99%: {:.4}% to {:.4}%)",
                seat.seats,
                edge.mean * 100.0,
                edge.low * 100.0,
                edge.high * 100.0
            );
        }
        for option in &sheet.house_options {
            let _ = writeln!(out, "  {}: {}", option.option, option.effect);
        }
        out.push_str(&removal_text(sheet));
    }
    out
}
