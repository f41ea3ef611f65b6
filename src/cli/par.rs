//! `pairs-table par`: the par sheets as text, JSON, PDF and the strategy card.

use std::io::Write;
use std::path::PathBuf;

use anyhow::bail;

use super::{GameArg, PageArg, layout_for, load_rules, print_json, print_line, seeded_rng};
use crate::engine::card::{Decks, Rank};
use crate::engine::hand::GameKind;
use crate::engine::rules::HouseRules;
use crate::par::rocket::{ShoeCounts, ShoeEdge, edge_from_shoe};
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
    /// the strategy card and every exception to its rule (with
    /// --countability, and a Countability page).
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
    /// of the par sheet; `-` reads one shoe a line from standard input and
    /// prints one JSON line each.
    #[arg(long, value_name = "C1,...,C10", conflicts_with_all = ["decks", "pdf", "card"])]
    pub shoe: Option<String>,
    /// Rocket: countability (docs/par-sheet.md, "Countability"): shoes of
    /// --decks dealt to the cut card, the exact edge from the cards seen
    /// before each hand and what counters win, instead of the par sheet
    /// (with --pdf, the par sheet PDF also gets a Countability page).
    #[arg(long, requires = "decks", conflicts_with_all = ["shoe", "card"])]
    pub countability: bool,
    /// With --countability: shoes dealt at the house rules' penetration.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(2..), requires = "countability")]
    pub shoes: u64,
    /// With --countability: shoes dealt at each point of the penetration ×
    /// decks grid and of the search for the deepest losing penetration
    /// (0: neither).
    #[arg(long, default_value_t = 1_000, value_parser = grid_shoes, requires = "countability")]
    pub grid_shoes: u64,
}

/// 0, or at least 2 shoes (an interval needs two).
fn grid_shoes(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(1) => Err("the grid needs 0 shoes (no grid) or at least 2".to_owned()),
        Ok(count) => Ok(count),
        Err(_) => Err(format!("{text:?} is not a whole number of shoes")),
    }
}

pub(super) fn par(args: &ParArgs) -> anyhow::Result<()> {
    let game = GameKind::from(args.game);
    if let Some(text) = &args.shoe {
        if game != GameKind::Rocket {
            bail!("--shoe gives Rocket's edge from a shoe; Starboard is a pot game with no edge");
        }
        if text == "-" {
            return shoe_edges(std::io::stdin().lock(), &mut std::io::stdout().lock());
        }
        return shoe_edge(text, args.json);
    }
    let rules = load_rules(args.rules.as_deref())?;
    let seed = match args.seed {
        Some(seed) => seed,
        None => rand::RngExt::random(&mut seeded_rng(None)?),
    };
    if game == GameKind::Starboard {
        if args.countability {
            bail!("--countability is Rocket's; Starboard is a pot game with no edge to count");
        }
        return starboard_par(args, &rules, seed);
    }
    if args.countability {
        return countability(args, &rules, seed);
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
        write_prints(args, sheet, &rules, None)?;
    }
    if args.json {
        return print_json(&document);
    }
    print_line(&par_text(&sheets, &rules, seed, args.hands))
}

/// The par sheet (--pdf) and the strategy card (--card) of `sheet`, the
/// sheet with a Countability page when `countability` is given.
fn write_prints(
    args: &ParArgs,
    sheet: &RocketSheet,
    rules: &HouseRules,
    countability: Option<crate::report::CountabilityPrint>,
) -> anyhow::Result<()> {
    let print = crate::report::ParSheetPrint {
        card: crate::par::card::StrategyCard::new(&crate::par::rocket::solve(sheet.decks)),
        sheet: sheet.clone(),
        effects_by_decks: crate::par::count::effects_by_decks(),
        countability,
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
    Ok(())
}

/// The JSON of `par --shoe`: the shoe, its edge and first decisions.
fn shoe_json(shoe: &ShoeCounts, edge: &ShoeEdge) -> serde_json::Value {
    serde_json::json!({
        "game": GameKind::Rocket,
        "shoe": shoe,
        "cards": shoe.cards(),
        "longest_decision": shoe.longest_decision(),
        "house_edge": edge.house_edge(),
        "error_bound": crate::par::rocket::ERROR_BOUND,
        "first_decision": edge.first_decisions(),
    })
}

/// `par --game rocket --shoe -`: one shoe a line from `input`, one JSON
/// line each to `out` (docs/par-sheet.md, "Many shoes in one run"): the
/// shoe's figures, or `{"error": SENTENCE, "line": N}` for a line that is
/// not a shoe, which fails the run once every line is answered. Blank
/// lines are skipped (no output).
fn shoe_edges(input: impl std::io::BufRead, out: &mut impl Write) -> anyhow::Result<()> {
    let mut edge: Option<ShoeEdge> = None;
    let mut refused = 0u64;
    for (index, line) in input.lines().enumerate() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let answer = match text.parse::<ShoeCounts>() {
            Ok(shoe) => {
                let edge = match &mut edge {
                    Some(edge) => {
                        edge.solve(&shoe);
                        edge
                    }
                    None => edge.insert(edge_from_shoe(&shoe)),
                };
                shoe_json(&shoe, edge)
            }
            Err(error) => {
                refused += 1;
                serde_json::json!({ "line": index + 1, "error": error.to_string() })
            }
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    if refused > 0 {
        bail!("{refused} line(s) were not shoes (each answered with its error)");
    }
    Ok(())
}

/// `par --game rocket --shoe C1,...,C10`: the exact edge from that shoe.
fn shoe_edge(text: &str, json: bool) -> anyhow::Result<()> {
    let shoe: ShoeCounts = text.parse()?;
    let edge = edge_from_shoe(&shoe);
    if json {
        return print_json(&shoe_json(&shoe, &edge));
    }
    let first_decision = edge.first_decisions();
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

/// Counts finished shoes and shows how far a long run has got on stderr
/// (when it is a terminal).
struct ShoeProgress {
    done: std::sync::atomic::AtomicU64,
    total: u64,
    shown: bool,
}

impl ShoeProgress {
    fn new(total: u64) -> ShoeProgress {
        use std::io::IsTerminal as _;
        ShoeProgress {
            done: std::sync::atomic::AtomicU64::new(0),
            total,
            shown: std::io::stderr().is_terminal(),
        }
    }

    /// One more shoe dealt.
    fn tick(&self) {
        let done = self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        let step = (self.total / 100).max(1);
        if self.shown && (done.is_multiple_of(step) || done == self.total) {
            eprint!("\rpairs-table: {done} of {} shoes dealt", self.total);
            if done == self.total {
                eprintln!();
            }
        }
    }
}

/// `par --game rocket --countability --decks D`: what counters win.
fn countability(args: &ParArgs, rules: &HouseRules, seed: u64) -> anyhow::Result<()> {
    use crate::par::countability::{
        GRID_DECKS, GRID_PENETRATIONS, SEARCH_PENETRATIONS, countability, countability_grid,
        deepest_losing_penetration,
    };
    // clap requires --decks with --countability; said again here rather
    // than assumed.
    let Some(decks) = args.decks else {
        bail!("--countability needs --decks (1 to 8)");
    };
    let decks = Decks::new(i64::from(decks))?;
    let grid_runs = if args.grid_shoes == 0 {
        0
    } else {
        (GRID_DECKS.len() * GRID_PENETRATIONS.len() + SEARCH_PENETRATIONS.len()) as u64
    };
    let progress = ShoeProgress::new(args.shoes + grid_runs * args.grid_shoes);
    let tick = || progress.tick();
    let run = countability(decks, rules, args.shoes, seed, &tick)?;
    let (grid, deepest) = if args.grid_shoes == 0 {
        (Vec::new(), None)
    } else {
        (
            countability_grid(rules, args.grid_shoes, seed, &tick)?,
            Some(deepest_losing_penetration(
                decks,
                rules,
                args.grid_shoes,
                seed,
                &tick,
            )?),
        )
    };
    if args.pdf.is_some() {
        let sheet = RocketSheet::new(decks, rules, args.hands, seed)?;
        let print = crate::report::CountabilityPrint {
            run: run.clone(),
            deepest: deepest.clone(),
        };
        write_prints(args, &sheet, rules, Some(print))?;
    }
    if args.json {
        return print_json(&serde_json::json!({
            "game": GameKind::Rocket,
            "rules_hash": rules.hash_hex(),
            "seed": seed,
            "grid_shoes": args.grid_shoes,
            "countability": run,
            "grid": grid,
            "deepest_losing": deepest,
        }));
    }
    print_line(&countability_text(&run, &grid, deepest.as_ref(), seed))
}

/// Countability in words, for a terminal.
fn countability_text(
    run: &crate::par::countability::Countability,
    grid: &[crate::par::countability::Countability],
    deepest: Option<&crate::par::countability::DeepestLosing>,
    seed: u64,
) -> String {
    use std::fmt::Write as _;
    let mut out = format!(
        "Rocket countability: {} deck(s), penetration {:.1}%, {} burned; {} shoes, {} hands heads-up at the best play for the cards seen (seed {seed})\nfull-shoe house edge {:.4}%; the player has the edge at {:.2}% of hands; {} shoes ended before the cut card\n",
        run.decks.count(),
        f64::from(run.penetration_permille) / 10.0,
        run.burn,
        run.shoes,
        run.hands,
        run.full_shoe_house_edge * 100.0,
        run.player_edge_share * 100.0,
        run.shoes_ended_early,
    );
    let _ = writeln!(
        out,
        "  house edge from the cards seen, by share of the shoe dealt:\n  {:<9} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>13}",
        "dealt", "hands", "mean", "5%", "25%", "50%", "75%", "95%", "player edge"
    );
    for bin in &run.by_depth {
        let _ = write!(
            out,
            "  {:>3}-{:>3}% {:>8}",
            bin.tenth * 10,
            bin.tenth * 10 + 10,
            bin.hands
        );
        match (bin.mean_house_edge, bin.player_edge_share) {
            (Some(mean), Some(share)) => {
                let _ = write!(out, " {:>8.3}%", mean * 100.0);
                for value in &bin.percentiles {
                    let _ = write!(out, " {:>8.3}%", value * 100.0);
                }
                let _ = writeln!(out, " {:>12.2}%", share * 100.0);
            }
            _ => out.push('\n'),
        }
    }
    for (name, wins) in [
        ("a perfect counter", &run.perfect),
        ("the simple count", &run.simple_count),
    ] {
        let _ = writeln!(
            out,
            "  {name} (min bet, K × min when the player has the edge): win per 100 hands in minimum bets; share of money bet (99% over shoes)"
        );
        for win in wins {
            let (h, m) = (&win.win_per_100_hands, &win.win_per_money_bet);
            let _ = writeln!(
                out,
                "    1:{:<3} {:>+9.3} ({:+.3} to {:+.3})   {:>+8.4}% ({:+.4}% to {:+.4}%)",
                win.spread,
                h.mean,
                h.low,
                h.high,
                m.mean * 100.0,
                m.low * 100.0,
                m.high * 100.0
            );
        }
    }
    if !grid.is_empty() {
        let _ = writeln!(
            out,
            "  by penetration and decks ({} shoes each): player-edge hands; win per 100 hands at 1:8, perfect and simple count",
            grid[0].shoes
        );
        for cell in grid {
            let at_8 = |wins: &[crate::par::countability::SpreadWin]| {
                wins.iter()
                    .find(|w| w.spread == 8)
                    .map_or(f64::NAN, |w| w.win_per_100_hands.mean)
            };
            let _ = writeln!(
                out,
                "    {} deck(s) {:>5.1}%: {:>6.2}%  {:>+8.3}  {:>+8.3}",
                cell.decks.count(),
                f64::from(cell.penetration_permille) / 10.0,
                cell.player_edge_share * 100.0,
                at_8(&cell.perfect),
                at_8(&cell.simple_count)
            );
        }
    }
    if let Some(deepest) = deepest {
        let _ = match (
            deepest.deepest_losing_permille,
            deepest.loses_at_every_penetration,
        ) {
            (_, true) => writeln!(
                out,
                "  a perfect counter with 1:{} loses at every penetration from 50% to 95% ({} shoes each)",
                deepest.spread, deepest.shoes
            ),
            (Some(p), false) => writeln!(
                out,
                "  the deepest penetration (50% to 95% by 5 points, {} shoes each) at which a perfect counter with 1:{} still loses: {:.1}%",
                deepest.shoes,
                deepest.spread,
                f64::from(p) / 10.0
            ),
            (None, false) => writeln!(
                out,
                "  a perfect counter with 1:{} wins at every penetration from 50% to 95% ({} shoes each)",
                deepest.spread, deepest.shoes
            ),
        };
    }
    out
}
