//! The rated-play report (docs/rating.md): a period's rated players, their
//! sessions and the play by table, as report sections and as CSV. Pure:
//! data in, sections and text out.

use chrono::SecondsFormat;

use super::csv::quote;
use super::document::{Align, Block, Column, Row, Section, column, row};
use super::units;
use crate::rating::{RatedPlayReport, Rating};
use crate::time_text::{Zone, when};

/// The CSV's header line.
pub const RATING_CSV_HEADER: &str = "kind,card,name,table,game,seat,seated_at,unseated_at,hands,wagered,average_bet,largest_bet,actual_win,theo,seconds,decisions_per_hour";

/// The money and time columns every table of the report ends with.
const FIGURE_COLUMNS: [(&str, f32); 6] = [
    ("Hands", 0.07),
    ("Wagered", 0.11),
    ("Avg bet", 0.09),
    ("Theo", 0.08),
    ("Actual", 0.09),
    ("Time", 0.06),
];

fn figure_cells(r: &Rating) -> [String; 6] {
    [
        units(r.hands as i64),
        units(r.wagered as i64),
        units(r.average_bet as i64),
        units(r.theo),
        units(r.actual_win),
        duration(r.seconds),
    ]
}

/// Seconds as hours and minutes: `2:05`.
fn duration(seconds: i64) -> String {
    let minutes = seconds.max(0) / 60;
    format!("{}:{:02}", minutes / 60, minutes % 60)
}

fn table(mut columns: Vec<Column>, mut rows: Vec<Row>, total: Option<Vec<String>>) -> Block {
    columns.extend(
        FIGURE_COLUMNS
            .iter()
            .map(|&(title, share)| column(title, share, Align::Right)),
    );
    if let Some(cells) = total {
        rows.push(Row { cells, total: true });
    }
    Block::Table {
        columns,
        titled: true,
        rows,
    }
}

/// The report's sections: the period, players, tables and sessions.
pub fn rating_sections(report: &RatedPlayReport, zone: Zone) -> Vec<Section> {
    let period = |t: Option<_>, open: &str| t.map_or_else(|| open.to_owned(), |t| when(t, zone));
    let total = report.total();
    let summary = vec![
        Block::Note(format!(
            "From {} to {}. Theoretical win (theo): Rocket, each hand's bet × the exact house edge for its decks with players assumed to follow the {} strategy; Starboard, the rake shared by what the player paid into each pot. Actual: what the house won from the player (negative: the player won), voided hands reversed. Every figure is computed from the ledger; nothing is estimated.",
            period(report.period.from, "the first record"),
            period(report.period.to, "now"),
            report.strategy
        )),
        Block::Note(format!(
            "{} rated players, {} sessions, {} hands; theo {}, actual {}.",
            report.players.len(),
            report
                .players
                .iter()
                .map(|p| p.sessions.len())
                .sum::<usize>(),
            units(total.hands as i64),
            units(total.theo),
            units(total.actual_win)
        )),
    ];
    let players = report
        .players
        .iter()
        .map(|p| {
            let mut cells = vec![
                p.player.card.clone(),
                p.player.name.clone().unwrap_or_default(),
                p.sessions.len().to_string(),
            ];
            cells.extend(figure_cells(&p.rating));
            row(cells)
        })
        .collect();
    let mut player_total = vec!["Total".to_owned(), String::new(), String::new()];
    player_total.extend(figure_cells(&total));
    let tables = report
        .by_table()
        .iter()
        .map(|t| {
            let mut cells = vec![t.table.clone(), t.game.to_string(), t.players.to_string()];
            cells.extend(figure_cells(&t.rating));
            row(cells)
        })
        .collect();
    let sessions = report
        .players
        .iter()
        .flat_map(|p| &p.sessions)
        .map(|slip| {
            let s = &slip.session;
            let mut cells = vec![
                s.card.clone(),
                format!("{}, seat {}", s.table, s.seat),
                when(s.seated_at, zone),
            ];
            cells.extend(figure_cells(&slip.rating));
            row(cells)
        })
        .collect();
    vec![
        Section {
            title: "Period".into(),
            blocks: summary,
        },
        Section {
            title: "Players".into(),
            blocks: vec![table(
                vec![
                    column("Card", 0.14, Align::Left),
                    column("Name", 0.25, Align::Left),
                    column("Sessions", 0.1, Align::Right),
                ],
                players,
                Some(player_total),
            )],
        },
        Section {
            title: "By table".into(),
            blocks: vec![table(
                vec![
                    column("Table", 0.25, Align::Left),
                    column("Game", 0.14, Align::Left),
                    column("Players", 0.1, Align::Right),
                ],
                tables,
                None,
            )],
        },
        Section {
            title: "Sessions".into(),
            blocks: vec![table(
                vec![
                    column("Card", 0.08, Align::Left),
                    column("Where", 0.16, Align::Left),
                    column("Seated", 0.26, Align::Left),
                ],
                sessions,
                None,
            )],
        },
    ]
}

/// The report as CSV: one `session` row per session, one `player` row per
/// player, one `table` row per table and a `total` row. Amounts are whole
/// table units, times RFC 3339 UTC, empty cells empty.
pub fn render_rating_csv(report: &RatedPlayReport) -> String {
    let time = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(SecondsFormat::Micros, true);
    let mut lines = vec![RATING_CSV_HEADER.to_owned()];
    // The leading cells given, the rest of the eight before the figures empty.
    let mut push = |head: Vec<String>, r: &Rating| {
        let mut cells = head;
        cells.resize(8, String::new());
        cells.extend([
            r.hands.to_string(),
            r.wagered.to_string(),
            r.average_bet.to_string(),
            r.largest_bet.to_string(),
            r.actual_win.to_string(),
            r.theo.to_string(),
            r.seconds.to_string(),
            r.decisions_per_hour.to_string(),
        ]);
        let cells: Vec<String> = cells.iter().map(|c| quote(c)).collect();
        lines.push(cells.join(","));
    };
    for p in &report.players {
        let name = p.player.name.clone().unwrap_or_default();
        for slip in &p.sessions {
            let s = &slip.session;
            let head = vec![
                "session".into(),
                s.card.clone(),
                name.clone(),
                s.table.clone(),
                s.game.as_str().to_owned(),
                s.seat.to_string(),
                time(s.seated_at),
                s.unseated_at.map(time).unwrap_or_default(),
            ];
            push(head, &slip.rating);
        }
        push(
            vec!["player".into(), p.player.card.clone(), name],
            &p.rating,
        );
    }
    for t in report.by_table() {
        let head = vec![
            "table".into(),
            String::new(),
            String::new(),
            t.table.clone(),
            t.game.as_str().to_owned(),
        ];
        push(head, &t.rating);
    }
    push(vec!["total".into()], &report.total());
    let mut text = lines.join("\n");
    text.push('\n');
    text
}
