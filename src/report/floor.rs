//! The floor report (docs/floor.md, "The floor report"): every table's
//! figures over a period, read from the floor's copy of each station's
//! chain, with totals, laid out on the report pages and as CSV. Pure: data
//! in, sections and text out.

use chrono::{DateTime, Utc};

use super::csv::quote;
use super::document::{Align, Block, Row, Section, column, row};
use super::units;
use crate::inventory::{format_basis_points, hold_basis_points};
use crate::ledger::report::{Inventory, TableFigures};
use crate::time_text::{Zone, when};

/// The period a floor report covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloorPeriod {
    /// Each table's most recently opened shift.
    LatestShifts,
    /// Hands started from `from` (inclusive) to `to` (exclusive).
    Range {
        /// The start.
        from: DateTime<Utc>,
        /// The end.
        to: DateTime<Utc>,
    },
}

/// One station's table in the report.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorTable {
    /// The station's enrolled name.
    pub station: String,
    /// Its table's figures over the period.
    pub figures: TableFigures,
}

/// The floor report: every table that could be read, and why others could not.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorReport {
    /// The period.
    pub period: FloorPeriod,
    /// The tables, by station.
    pub tables: Vec<FloorTable>,
    /// Stations left out, one sentence each (`station NAME: REASON`).
    pub left_out: Vec<String>,
    /// Stations whose clock the floor flags, one sentence each: the
    /// report selects each table's hands by its own clock.
    pub clocks: Vec<String>,
    /// Why rows shipped lately may be missing from it: the floor's verifier
    /// had not checked in (one sentence), if so.
    pub verifier: Option<String>,
    /// When it was made.
    pub printed_at: DateTime<Utc>,
}

/// One line's figures.
struct Figures {
    hands: u64,
    drop: Option<u64>,
    win: i64,
    inventory_win: Option<i64>,
    fills: Option<u64>,
    credits: Option<u64>,
    exceptions: u64,
}

impl Figures {
    fn of(table: &TableFigures) -> Figures {
        let inventory = &table.inventory;
        Figures {
            hands: table.play.hands,
            drop: inventory.drop,
            win: inventory.ledger_win,
            inventory_win: inventory.inventory_win(),
            fills: Inventory::total_of(&inventory.fills),
            credits: Inventory::total_of(&inventory.credits),
            exceptions: table.exception_count(),
        }
    }

    /// Hold: inventory win ÷ drop, as the table's shift report gives it.
    fn hold(&self) -> Option<i64> {
        hold_basis_points(self.inventory_win?, self.drop?)
    }
}

impl FloorReport {
    /// The totals and their hold: sums over the tables; drop, fills and
    /// credits over the tables that recorded them; hold over the tables
    /// with both an inventory win and a drop.
    fn total(&self) -> (Figures, Option<i64>) {
        let all: Vec<Figures> = self
            .tables
            .iter()
            .map(|t| Figures::of(&t.figures))
            .collect();
        let some = |f: fn(&Figures) -> Option<u64>| -> Option<u64> {
            let found: Vec<u64> = all.iter().filter_map(f).collect();
            (!found.is_empty()).then(|| found.iter().sum())
        };
        let held: Vec<&Figures> = all.iter().filter(|f| f.hold().is_some()).collect();
        let hold = hold_basis_points(
            held.iter().filter_map(|f| f.inventory_win).sum(),
            held.iter().filter_map(|f| f.drop).sum(),
        );
        let total = Figures {
            hands: all.iter().map(|f| f.hands).sum(),
            drop: some(|f| f.drop),
            win: all.iter().map(|f| f.win).sum(),
            inventory_win: None,
            fills: some(|f| f.fills),
            credits: some(|f| f.credits),
            exceptions: all.iter().map(|f| f.exceptions).sum(),
        };
        (total, hold)
    }
}

fn optional(amount: Option<u64>) -> String {
    amount.map_or_else(|| "—".to_owned(), |a| units(a as i64))
}

fn figure_cells(f: &Figures, hold: Option<i64>) -> [String; 7] {
    [
        units(f.hands as i64),
        optional(f.drop),
        units(f.win),
        hold.map_or_else(|| "—".to_owned(), format_basis_points),
        optional(f.fills),
        optional(f.credits),
        f.exceptions.to_string(),
    ]
}

/// The period in words.
pub fn period_text(period: FloorPeriod, zone: Zone) -> String {
    match period {
        FloorPeriod::LatestShifts => "each table's latest shift".to_owned(),
        FloorPeriod::Range { from, to } => format!("{} to {}", when(from, zone), when(to, zone)),
    }
}

/// Which clock the period is read by, in words.
fn clock_text(period: FloorPeriod) -> &'static str {
    match period {
        FloorPeriod::LatestShifts => "",
        FloorPeriod::Range { .. } => {
            " Hands are selected by the time each station recorded for their start: its own clock, not the floor's time of receipt."
        }
    }
}

/// The report's sections: the period, the tables with their total, and
/// the stations left out.
pub fn floor_sections(report: &FloorReport, zone: Zone) -> Vec<Section> {
    let mut rows: Vec<Row> = report
        .tables
        .iter()
        .map(|t| {
            let header = &t.figures.header;
            let f = Figures::of(&t.figures);
            let mut cells = vec![
                t.station.clone(),
                header.table_name.clone(),
                header.game.to_string(),
                header
                    .shift
                    .map_or_else(|| "—".to_owned(), |s| s.to_string()),
            ];
            cells.extend(figure_cells(&f, f.hold()));
            row(cells)
        })
        .collect();
    let (total, hold) = report.total();
    let mut cells = vec![
        "Total".to_owned(),
        String::new(),
        String::new(),
        String::new(),
    ];
    cells.extend(figure_cells(&total, hold));
    rows.push(Row { cells, total: true });
    let mut columns = vec![
        column("Station", 0.12, Align::Left),
        column("Table", 0.12, Align::Left),
        column("Game", 0.11, Align::Left),
        column("Shift", 0.06, Align::Right),
    ];
    for (title, share) in [
        ("Hands", 0.08),
        ("Drop", 0.08),
        ("Win", 0.08),
        ("Hold", 0.07),
        ("Fills", 0.07),
        ("Credits", 0.09),
        ("Exceptions", 0.13),
    ] {
        columns.push(column(title, share, Align::Right));
    }
    let mut sections = vec![
        Section {
            title: "Period".into(),
            blocks: vec![Block::Note(format!(
                "Period: {}.{} {}, read from the floor's copy of each station's chain. Win is the ledger's (house perspective); hold is the inventory win ÷ drop, as each table's shift report gives it (— without both counts or a drop). Exceptions: voids, cards entered by hand, inventory corrections and alarms.",
                period_text(report.period, zone),
                clock_text(report.period),
                super::counted(report.tables.len() as u64, "table", "tables")
            ))],
        },
        Section {
            title: "Tables".into(),
            blocks: vec![Block::Table {
                columns,
                titled: true,
                rows,
            }],
        },
    ];
    if let Some(verifier) = &report.verifier {
        sections.push(Section {
            title: "Verification".into(),
            blocks: vec![Block::Note(format!(
                "When this report was made, {verifier}. The figures above may lack the latest hands."
            ))],
        });
    }
    if !report.clocks.is_empty() {
        sections.push(Section {
            title: "Clocks".into(),
            blocks: report.clocks.iter().cloned().map(Block::Note).collect(),
        });
    }
    if !report.left_out.is_empty() {
        sections.push(Section {
            title: "Not reported".into(),
            blocks: report.left_out.iter().cloned().map(Block::Note).collect(),
        });
    }
    sections
}

/// The CSV's header line.
pub const FLOOR_CSV_HEADER: &str =
    "station,table,game,shift,hands,drop,win,hold_basis_points,fills,credits,exceptions";

/// The report as CSV: one row per table, then a `total` row (its station
/// cell `total`). Amounts whole units; empty cells where nothing was recorded.
pub fn render_floor_csv(report: &FloorReport) -> String {
    let cells = |f: &Figures, hold: Option<i64>| -> [String; 7] {
        let opt = |v: Option<u64>| v.map_or_else(String::new, |v| v.to_string());
        [
            f.hands.to_string(),
            opt(f.drop),
            f.win.to_string(),
            hold.map_or_else(String::new, |h| h.to_string()),
            opt(f.fills),
            opt(f.credits),
            f.exceptions.to_string(),
        ]
    };
    let mut lines = vec![FLOOR_CSV_HEADER.to_owned()];
    for t in &report.tables {
        let header = &t.figures.header;
        let f = Figures::of(&t.figures);
        let head = [
            t.station.clone(),
            header.table_name.clone(),
            header.game.as_str().to_owned(),
            header.shift.map_or_else(String::new, |s| s.to_string()),
        ];
        let line: Vec<String> = head
            .iter()
            .chain(&cells(&f, f.hold()))
            .map(|c| quote(c))
            .collect();
        lines.push(line.join(","));
    }
    let (total, hold) = report.total();
    let head = [
        "total".to_owned(),
        String::new(),
        String::new(),
        String::new(),
    ];
    let line: Vec<String> = head
        .iter()
        .chain(&cells(&total, hold))
        .map(|c| quote(c))
        .collect();
    lines.push(line.join(","));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}
