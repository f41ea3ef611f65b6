//! The game-protection report (docs/game-protection.md): each table's
//! seats against the edge, its shuffles, and each rated player, as report
//! sections and as CSV. Pure: data in, sections and text out.

use super::csv::quote;
use super::document::{Align, Block, Chart, Column, Mark, Section, Series, column, row};
use super::units;
use crate::protection::{Profile, ProtectionReport, ShuffleSeen};
use crate::time_text::{Zone, when};

/// The CSV's header line.
pub const PROTECTION_CSV_HEADER: &str = "kind,table,seat,card,name,hands,bet_edge_correlation,correlation_p_value,advantage_played_at,decisions,best_play_decisions,play_precision,mistakes_cost,skill_theo,skill_theo_per_hand,flagged,before_hand,cards_taken,cut_card_at,shuffle_advantage,before_cut_card,deeper_than_penetration";

/// A fraction as a percentage with two decimals, empty when absent.
fn percent(value: Option<f64>) -> String {
    value.map_or_else(String::new, |v| format!("{:.2}%", v * 100.0))
}

/// The figures every profile row ends with, as printed.
fn profile_cells(p: &Profile) -> [String; 8] {
    [
        units(p.hands as i64),
        p.bet_edge_correlation
            .map_or_else(String::new, |r| format!("{r:.3}")),
        p.correlation_p_value
            .map_or_else(String::new, |v| format!("{v:.1e}")),
        percent(p.advantage_played_at),
        percent(p.play_precision),
        units(p.mistakes_cost),
        units(p.skill_theo),
        if p.flagged { "FLAG" } else { "" }.to_owned(),
    ]
}

const PROFILE_COLUMNS: [(&str, f32); 8] = [
    ("Hands", 0.08),
    ("r", 0.07),
    ("p", 0.09),
    ("Advantage", 0.13),
    ("Precision", 0.11),
    ("Mistakes", 0.11),
    ("Skill theo", 0.11),
    ("Flag", 0.06),
];

fn profile_table(mut columns: Vec<Column>, rows: Vec<super::document::Row>) -> Block {
    columns.extend(
        PROFILE_COLUMNS
            .iter()
            .map(|&(title, share)| column(title, share, Align::Right)),
    );
    Block::Table {
        columns,
        titled: true,
        rows,
    }
}

/// A chart of bets against the player's advantage, one series a seat or
/// player: the advantage at the bet (percent) across, the bet (units) up.
/// Bets that rise to the right follow the edge.
fn bet_chart(title: String, series: Vec<Series>) -> Block {
    Block::Chart(Chart {
        title,
        x_label: "player's advantage at the bet (%)".into(),
        y_label: "bet (units)".into(),
        series,
        zero_line: false,
    })
}

/// One seat's or player's hands as points, `(FLAG)` after a flagged name.
fn bet_series(name: String, profile: &Profile, points: &[(u64, f64)]) -> Series {
    Series {
        name: format!("{name}{}", if profile.flagged { " (FLAG)" } else { "" }),
        points: points
            .iter()
            .map(|&(bet, advantage)| (advantage * 100.0, bet as f64))
            .collect(),
        mark: Mark::Points,
    }
}

/// Each table's chart, one series a seat in its own colour, the flagged
/// seats drawn last (on top of the others' points) and named `(FLAG)` in
/// the legend.
fn table_charts(report: &ProtectionReport) -> Vec<Block> {
    if report.tables.is_empty() {
        return vec![Block::Note("No Rocket hands in the period.".into())];
    }
    report
        .tables
        .iter()
        .map(|table| {
            bet_chart(
                format!(
                    "Table {}: each hand's bet against the player's advantage",
                    table.table
                ),
                table
                    .seats
                    .iter()
                    .filter(|seat| !seat.profile.flagged)
                    .chain(table.seats.iter().filter(|seat| seat.profile.flagged))
                    .map(|seat| {
                        bet_series(format!("seat {}", seat.seat), &seat.profile, &seat.points)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Each rated player's chart, their hands at every table and seat.
fn player_charts(report: &ProtectionReport) -> impl Iterator<Item = Block> + '_ {
    report.players.iter().map(|player| {
        let who = match &player.name {
            Some(name) => format!("{} {name}", player.card),
            None => player.card.clone(),
        };
        bet_chart(
            format!("Rated player {who}: each hand's bet against their advantage"),
            vec![bet_series(who, &player.profile, &player.points)],
        )
    })
}

/// The report's sections: the period and thresholds, the seats, the
/// players and the shuffles.
pub fn protection_sections(report: &ProtectionReport, zone: Zone) -> Vec<Section> {
    let period = |t: Option<_>, open: &str| t.map_or_else(|| open.to_owned(), |t| when(t, zone));
    let flagged = report.flagged();
    let summary = vec![
        Block::Note(format!(
            "Rocket hands from {} to {}. Each hand's edge is worked out exactly from the cards dealt face up since the shuffle (burns are unseen); each decision is judged against the best play for the cards left when the bets were made, as the player could count them, with their own and the dealer's cards dealt from them. r: the correlation of bet with the player's advantage; p: the bet test's one-sided significance, the chance that a player who bets by their own last stake and result, or at random, and not by the cards, follows the advantage this closely (an empty seat counts as a stake of 0). FLAG: p below {} over at least {} hands followed. Advantage: the money-weighted advantage the player played at. Skill theo: the house's theoretical win from the actual bets and decisions.",
            period(report.period.from, "the first record"),
            period(report.period.to, "now"),
            report.settings.significance,
            report.settings.minimum_hands,
        )),
        Block::Note(format!("{flagged} seats and players flagged.")),
    ];
    let seats = report
        .tables
        .iter()
        .flat_map(|t| {
            t.seats.iter().map(|s| {
                let mut cells = vec![t.table.clone(), s.seat.to_string()];
                cells.extend(profile_cells(&s.profile));
                row(cells)
            })
        })
        .collect();
    let players = report
        .players
        .iter()
        .map(|p| {
            let mut cells = vec![p.card.clone(), p.name.clone().unwrap_or_default()];
            cells.extend(profile_cells(&p.profile));
            row(cells)
        })
        .collect();
    let findings: Vec<_> = report
        .tables
        .iter()
        .flat_map(|t| {
            t.shuffles
                .iter()
                .filter(|s| s.before_cut_card() || s.deeper_than_penetration())
                .map(|s| {
                    row([
                        t.table.clone(),
                        s.before_hand.to_string(),
                        format!("{} of {}", s.cards_taken, s.cut_card_at),
                        percent(s.house_edge.map(|e| -e)),
                        shuffle_finding(s).to_owned(),
                    ])
                })
        })
        .collect();
    vec![
        Section {
            title: "Period".into(),
            blocks: summary,
        },
        Section {
            title: "Seats".into(),
            blocks: vec![profile_table(
                vec![
                    column("Table", 0.16, Align::Left),
                    column("Seat", 0.08, Align::Right),
                ],
                seats,
            )],
        },
        Section {
            title: "Bets against the player's advantage".into(),
            blocks: table_charts(report),
        },
        Section {
            title: "Rated players".into(),
            blocks: std::iter::once(profile_table(
                vec![
                    column("Card", 0.1, Align::Left),
                    column("Name", 0.14, Align::Left),
                ],
                players,
            ))
            .chain(player_charts(report))
            .collect(),
        },
        Section {
            title: "Dealer's side: early shuffles and deep cut cards".into(),
            blocks: vec![
                Block::Note(format!(
                    "Shuffles before the cut card came out, with the player's advantage for the cards left just before; and shoes dealt past the house's penetration (a hand begun after the cut card was due). {} of {} shuffles listed.",
                    findings.len(),
                    report
                        .tables
                        .iter()
                        .map(|t| t.shuffles.len())
                        .sum::<usize>()
                )),
                Block::Table {
                    columns: vec![
                        column("Table", 0.2, Align::Left),
                        column("Before hand", 0.15, Align::Right),
                        column("Cards out / cut card", 0.22, Align::Right),
                        column("Advantage", 0.15, Align::Right),
                        column("Finding", 0.28, Align::Left),
                    ],
                    titled: true,
                    rows: findings,
                },
            ],
        },
    ]
}

fn shuffle_finding(s: &ShuffleSeen) -> &'static str {
    if s.before_cut_card() {
        "shuffled early"
    } else if s.deeper_than_penetration() {
        "cut card too deep"
    } else {
        ""
    }
}

fn fraction(value: Option<f64>) -> String {
    value.map_or_else(String::new, |v| format!("{v:.6}"))
}

/// The report as CSV: a `seat` row per table and seat, a `player` row per
/// rated player, a `shuffle` row per shuffle at the start of a hand.
/// Fractions with six decimals, p-values in exponent form, money whole
/// units, empty cells empty (docs/game-protection.md, "CSV").
pub fn render_protection_csv(report: &ProtectionReport) -> String {
    let mut lines = vec![PROTECTION_CSV_HEADER.to_owned()];
    let profile = |p: &Profile| -> Vec<String> {
        vec![
            p.hands.to_string(),
            fraction(p.bet_edge_correlation),
            p.correlation_p_value
                .map_or_else(String::new, |v| format!("{v:.6e}")),
            fraction(p.advantage_played_at),
            p.decisions.to_string(),
            p.best_play_decisions.to_string(),
            fraction(p.play_precision),
            p.mistakes_cost.to_string(),
            p.skill_theo.to_string(),
            fraction(p.skill_theo_per_hand),
            p.flagged.to_string(),
        ]
    };
    let mut push = |mut cells: Vec<String>| {
        cells.resize(22, String::new());
        lines.push(cells.iter().map(|c| quote(c)).collect::<Vec<_>>().join(","));
    };
    for t in &report.tables {
        for s in &t.seats {
            let mut cells = vec![
                "seat".into(),
                t.table.clone(),
                s.seat.to_string(),
                String::new(),
                String::new(),
            ];
            cells.extend(profile(&s.profile));
            push(cells);
        }
    }
    for p in &report.players {
        let mut cells = vec![
            "player".into(),
            String::new(),
            String::new(),
            p.card.clone(),
            p.name.clone().unwrap_or_default(),
        ];
        cells.extend(profile(&p.profile));
        push(cells);
    }
    for t in &report.tables {
        for s in &t.shuffles {
            let mut cells = vec!["shuffle".into(), t.table.clone()];
            cells.resize(16, String::new());
            cells.extend([
                s.before_hand.to_string(),
                s.cards_taken.to_string(),
                s.cut_card_at.to_string(),
                fraction(s.house_edge.map(|e| -e)),
                s.before_cut_card().to_string(),
                s.deeper_than_penetration().to_string(),
            ]);
            push(cells);
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}
