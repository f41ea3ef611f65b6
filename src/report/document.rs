//! The report as printed text: sections of tables and notes, built from the
//! typed figures, before any page exists. The PDF lays these out.

use super::{SectionKind, signed_units, tenths, units};
use crate::engine::card::Rank;
use crate::engine::hand::GameKind;
use crate::engine::money::TransferKind;
use crate::inventory::format_basis_points;
use crate::ledger::report::{
    AlarmClear, AlarmEntry, ChipCount, ClearedUnder, Correction, CorrectionKind, GameFigures,
    Inventory, KindTotal, PlayFigures, RulesInForce, ShiftReport, Slip, StaffChange, StaffRef,
    ToDateFigures,
};
use crate::ledger::{AlarmKind, CountKind, SlipKind};
use crate::par::hold::ExpectedHold;
use crate::time_text::{Zone, when};

/// How a column's cells sit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// A table column: title, share of the text width, alignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// The title ("" for a label column).
    pub title: &'static str,
    /// Share of the text width (a table's shares add up to 1 or less).
    pub share: f32,
    /// Alignment.
    pub align: Align,
}

/// One table row; a total row is bold with a rule above.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The cells, one per column.
    pub cells: Vec<String>,
    /// Whether it is a total.
    pub total: bool,
}

/// What a section holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// A table; `titled` tables print their column titles (again on each continuation page).
    Table {
        /// The columns.
        columns: Vec<Column>,
        /// Whether the column titles are printed.
        titled: bool,
        /// The rows.
        rows: Vec<Row>,
    },
    /// A sub-heading.
    Subheading(String),
    /// A paragraph.
    Note(String),
    /// A signature line with its caption.
    Signature(String),
    /// A chart in a framed box of fixed height, kept on one page.
    Chart(Chart),
}

/// How a series is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Points joined in the order given.
    Line,
    /// A small square at each point.
    Points,
    /// A bar from zero (or the axis, when zero is off the chart) to each point.
    Bars,
}

/// One named set of points on a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The name in the legend.
    pub name: String,
    /// The points, (x, y); points with a coordinate that is not finite are
    /// left out.
    pub points: Vec<(f64, f64)>,
    /// How it is drawn.
    pub mark: Mark,
}

/// A chart of series on linear axes fitted to their points; a chart with no
/// finite point prints its frame, title and an empty plot.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// The title, at the top of the box.
    pub title: String,
    /// What the x axis measures, under it.
    pub x_label: String,
    /// What the y axis measures, above it.
    pub y_label: String,
    /// The series, drawn in order, each in its own colour.
    pub series: Vec<Series>,
    /// Whether a reference line is drawn at y = 0 (zero is then always on
    /// the y axis).
    pub zero_line: bool,
}

/// A linear axis: its ends and tick values.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    /// The lowest value shown.
    pub low: f64,
    /// The highest value shown (above `low`).
    pub high: f64,
    /// Tick values, a round step apart, from `low` to `high`.
    pub ticks: Vec<f64>,
    /// Decimals that tell the ticks apart.
    pub decimals: usize,
}

impl Axis {
    /// An axis holding every finite value of `values` (and zero when
    /// `with_zero`), its ends on round steps of 1, 2 or 5 × 10ⁿ, about
    /// `ticks` ticks. With no finite value it runs from 0 to 1; a single
    /// value gets room either side.
    pub fn fit(values: impl IntoIterator<Item = f64>, with_zero: bool, ticks: usize) -> Axis {
        let (mut low, mut high) = values
            .into_iter()
            .filter(|v| v.is_finite())
            .chain(with_zero.then_some(0.0))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
                (l.min(v), h.max(v))
            });
        if low > high {
            (low, high) = (0.0, 1.0);
        } else if high - low <= f64::EPSILON * high.abs().max(1.0) {
            let room = (high.abs() / 10.0).max(1.0);
            (low, high) = (low - room, high + room);
        }
        let rough = (high - low) / ticks.max(1) as f64;
        let magnitude = 10f64.powf(rough.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0]
            .iter()
            .map(|m| m * magnitude)
            .find(|s| *s >= rough)
            .unwrap_or(10.0 * magnitude);
        let (first, last) = ((low / step).floor(), (high / step).ceil());
        let count = (last - first).clamp(1.0, 100.0) as usize;
        let ticks: Vec<f64> = (0..=count)
            .map(|i| {
                let v = (first + i as f64) * step;
                if v == 0.0 { 0.0 } else { v }
            })
            .collect();
        Axis {
            low: first * step,
            high: ticks.last().copied().unwrap_or(first * step + step),
            ticks,
            decimals: (-step.log10().floor()).max(0.0) as usize,
        }
    }

    /// A tick value as printed: plain digits, as many decimals as the step needs.
    pub fn label(&self, value: f64) -> String {
        let text = format!("{value:.*}", self.decimals);
        match text.strip_prefix('-') {
            Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_owned(),
            _ => text,
        }
    }

    /// Where `value` falls between `from` (at `low`) and `to` (at `high`),
    /// clamped to the axis.
    pub fn place(&self, value: f64, from: f32, to: f32) -> f32 {
        let share = (value - self.low) / (self.high - self.low);
        let share = if share.is_finite() {
            share.clamp(0.0, 1.0)
        } else {
            0.0
        };
        from + (to - from) * share as f32
    }
}

/// A titled section.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// The heading (repeated with "(continued)" on later pages).
    pub title: String,
    /// The contents.
    pub blocks: Vec<Block>,
}

/// A table row that is not a total.
pub(super) fn row(cells: impl IntoIterator<Item = String>) -> Row {
    Row {
        cells: cells.into_iter().collect(),
        total: false,
    }
}

fn total(cells: impl IntoIterator<Item = String>) -> Row {
    Row {
        total: true,
        ..row(cells)
    }
}

/// A table column: its title, its share of the text width, its alignment.
pub(super) const fn column(title: &'static str, share: f32, align: Align) -> Column {
    Column {
        title,
        share,
        align,
    }
}

/// A two-column label/value table.
fn pairs(items: Vec<(&str, String)>) -> Block {
    Block::Table {
        columns: vec![column("", 0.24, Align::Left), column("", 0.76, Align::Left)],
        titled: false,
        rows: items
            .into_iter()
            .map(|(label, value)| row([label.to_owned(), value]))
            .collect(),
    }
}

/// A label, count, amount table.
fn counted(rows: Vec<(&str, KindTotal)>, last_is_total: bool) -> Block {
    let n = rows.len();
    Block::Table {
        columns: vec![
            column("", 0.4, Align::Left),
            column("Count", 0.2, Align::Right),
            column("Units", 0.2, Align::Right),
        ],
        titled: true,
        rows: rows
            .into_iter()
            .enumerate()
            .map(|(i, (label, t))| {
                let cells = [label.to_owned(), units(t.count), units(t.amount)];
                if last_is_total && i + 1 == n {
                    total(cells)
                } else {
                    row(cells)
                }
            })
            .collect(),
    }
}

fn staff_list(staff: &[StaffRef]) -> String {
    if staff.is_empty() {
        "none recorded".into()
    } else {
        staff
            .iter()
            .map(StaffRef::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn limits(game: GameKind, rules: &[RulesInForce]) -> String {
    if rules.is_empty() {
        return "no hands dealt".into();
    }
    rules
        .iter()
        .map(|in_force| &in_force.rules)
        .map(|r| match game {
            GameKind::Rocket => format!(
                "bets {} to {} units",
                units(r.rocket.min_bet_units as i64),
                units(r.rocket.max_bet_units as i64)
            ),
            GameKind::Starboard => {
                let rake = match (r.starboard.rake_percent, r.starboard.rake_cap) {
                    (0, _) => "no rake".to_owned(),
                    (p, 0) => format!("rake {p}%"),
                    (p, cap) => format!("rake {p}%, at most {} units", units(cap as i64)),
                };
                format!(
                    "ante and draw {} units, {rake}",
                    units(r.starboard.unit as i64)
                )
            }
        })
        .collect::<Vec<_>>()
        .join("; then ")
}

/// The header's label/value pairs.
pub fn header(report: &ShiftReport, zone: Zone) -> Block {
    let h = &report.header;
    let period = match h.shift {
        Some(shift) => format!("shift {shift}"),
        None => "hands started in the period below".to_owned(),
    };
    pairs(vec![
        (
            "Casino",
            h.casino
                .clone()
                .unwrap_or_else(|| "not set (table setting casino_name or --casino)".into()),
        ),
        ("Table", format!("{} (#{})", h.table_name, h.table_id)),
        ("Game", h.game.to_string()),
        ("Limits", limits(h.game, &h.rules)),
        ("Covers", period),
        ("Start", when(h.start, zone)),
        (
            "End",
            h.end
                .map_or_else(|| "still open".into(), |end| when(end, zone)),
        ),
        ("Dealers", staff_list(&h.dealers)),
        ("Pit bosses", staff_list(&h.pit_bosses)),
    ])
}

/// The report's sections in `order`.
pub fn sections(report: &ShiftReport, order: &[SectionKind], zone: Zone) -> Vec<Section> {
    order
        .iter()
        .map(|kind| match kind {
            SectionKind::Inventory => inventory(report, zone),
            SectionKind::Play => play(report),
            SectionKind::Game => game(report),
            SectionKind::Exceptions => exceptions(report, zone),
            SectionKind::Integrity => integrity(report, zone),
            SectionKind::Signatures => signatures(report),
        })
        .collect()
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn chips(name: &str, count: &Option<ChipCount>, blocks: &mut Vec<Block>, zone: Zone) {
    let Some(count) = count else {
        blocks.push(Block::Note(format!("{name}: not counted.")));
        return;
    };
    blocks.push(Block::Subheading(format!(
        "{name} of shift {}, counted {}\nby dealer {} and pit boss {}",
        count.shift,
        when(count.at, zone),
        count.dealer,
        count.pit_boss
    )));
    let mut rows: Vec<Row> = count
        .chips
        .iter()
        .map(|(denomination, n)| {
            row([
                units(*denomination as i64),
                units(*n as i64),
                units((denomination * n) as i64),
            ])
        })
        .collect();
    rows.push(total([
        "Total".into(),
        String::new(),
        units(count.total() as i64),
    ]));
    blocks.push(Block::Table {
        columns: vec![
            column("Denomination", 0.3, Align::Right),
            column("Chips", 0.2, Align::Right),
            column("Units", 0.25, Align::Right),
        ],
        titled: true,
        rows,
    });
}

fn slips(name: &str, slips: &Option<Vec<Slip>>, blocks: &mut Vec<Block>, zone: Zone) {
    match slips {
        None => blocks.push(Block::Note(format!("{name}: not recorded in this ledger."))),
        Some(list) if list.is_empty() => blocks.push(Block::Note(format!("{name}: none."))),
        Some(list) => {
            blocks.push(Block::Subheading(name.to_owned()));
            let mut rows: Vec<Row> = list
                .iter()
                .map(|s| {
                    let denominations: Vec<String> = s
                        .chips
                        .iter()
                        .map(|(d, n)| format!("{} × {}", units(*n as i64), units(*d as i64)))
                        .collect();
                    let value = units(s.total() as i64);
                    row([
                        s.number.clone(),
                        when(s.at, zone),
                        format!("{}\n{}", s.requested_by, s.approved_by),
                        denominations.join(", "),
                        match s.voided {
                            Some(_) => format!("voided ({value})"),
                            None => value,
                        },
                    ])
                })
                .collect();
            let voided = list.iter().filter(|s| s.voided.is_some()).count();
            rows.push(total([
                "Total".into(),
                String::new(),
                match voided {
                    0 => String::new(),
                    1 => "the voided slip left out".into(),
                    n => format!("{n} voided slips left out"),
                },
                String::new(),
                units(Inventory::total_of(slips).unwrap_or(0) as i64),
            ]));
            blocks.push(Block::Table {
                columns: vec![
                    column("Slip", 0.15, Align::Left),
                    column("Time", 0.27, Align::Left),
                    column("Requested by, approved by", 0.29, Align::Left),
                    column("Chips", 0.14, Align::Left),
                    column("Units", 0.15, Align::Right),
                ],
                titled: true,
                rows,
            });
        }
    }
}

fn shift_list(shifts: &[i64]) -> String {
    let names: Vec<String> = shifts.iter().map(i64::to_string).collect();
    format!(
        "shift{} {}",
        if shifts.len() == 1 { "" } else { "s" },
        and_list(&names)
    )
}

fn inventory(report: &ShiftReport, zone: Zone) -> Section {
    let inventory = &report.inventory;
    let mut blocks = Vec::new();
    if report.header.shift.is_none() {
        blocks.push(Block::Note(match inventory.shifts.as_slice() {
            [] => "The period overlaps no shift at this table, so no inventory applies to it."
                .to_owned(),
            [one] => format!(
                "The inventory is that of shift {one}, the shift the period overlaps: counts, slips and drop belong to whole shifts."
            ),
            [first, .., last] => format!(
                "The inventory is that of {}, the shifts the period overlaps: the opener of shift {first}, the closer of shift {last}, and the fills, credits and drop of every one of them.",
                shift_list(&inventory.shifts)
            ),
        }));
    }
    chips("Opener", &inventory.opener, &mut blocks, zone);
    if let Some(started) = inventory.play_before_opener {
        blocks.push(Block::Note(format!(
            "FLAGGED: play began at {} before the opener was counted{}.",
            when(started, zone),
            match &inventory.opener {
                Some(count) => format!(" (counted {})", when(count.at, zone)),
                None => ", and no opener was counted or waived".to_owned(),
            }
        )));
    }
    chips("Closer", &inventory.closer, &mut blocks, zone);
    slips("Fills", &inventory.fills, &mut blocks, zone);
    slips("Credits", &inventory.credits, &mut blocks, zone);
    let missing: Vec<String> = inventory
        .not_counted()
        .into_iter()
        .map(|m| m.trim_start_matches("the ").to_owned())
        .collect();
    let missing = match missing.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    let win = inventory.inventory_win();
    let variance = match (inventory.variance(), inventory.beyond_period.as_slice()) {
        (Some(v), _) => format!("{} (inventory win − ledger win)", units(v)),
        (None, []) => "not computed without an inventory win".into(),
        (None, beyond) => format!(
            "not computed: {} also {} hands outside the period, which the ledger win leaves out; print the shift report for its variance",
            shift_list(beyond),
            if beyond.len() == 1 { "has" } else { "have" }
        ),
    };
    blocks.push(pairs(vec![
        (
            "Drop",
            match inventory.drop {
                None => "not counted".into(),
                Some(0) => "none recorded (0)".into(),
                Some(d) => units(d as i64),
            },
        ),
        (
            "Inventory win",
            win.map_or_else(
                || format!("cannot be computed: no {missing} recorded"),
                |w| format!("{} (closer + credits + drop − opener − fills)", units(w)),
            ),
        ),
        (
            "Ledger win",
            format!(
                "{} (house net from the hands' transfers, reversals included)",
                units(inventory.ledger_win)
            ),
        ),
        ("Variance", variance),
        (
            "Hold",
            inventory.hold_basis_points().map_or_else(
                || "not computed without an inventory win and a drop".into(),
                |bp| format!("{} (inventory win ÷ drop)", format_basis_points(bp)),
            ),
        ),
    ]));
    if let Some(to_date) = &inventory.to_date {
        to_date_blocks(&report.header.table_name, to_date, &mut blocks);
    }
    Section {
        title: "Table inventory".into(),
        blocks,
    }
}

/// Month and year to date beside the shift's figures: a table of shifts,
/// drop, win and hold, and a note on shifts left out.
fn to_date_blocks(table: &str, to_date: &ToDateFigures, blocks: &mut Vec<Block>) {
    let game = to_date.game.to_string();
    let scopes = [
        (
            format!("Table {table}, month to date"),
            &to_date.table_month,
        ),
        (format!("Table {table}, year to date"), &to_date.table_year),
        (
            format!("Every {game} table, month to date"),
            &to_date.game_month,
        ),
        (
            format!("Every {game} table, year to date"),
            &to_date.game_year,
        ),
    ];
    blocks.push(Block::Subheading(format!(
        "To date: month from {}, year from {}, up to this shift",
        to_date.table_month.since.format("%Y-%m-%d"),
        to_date.table_year.since.format("%Y-%m-%d")
    )));
    blocks.push(Block::Table {
        columns: vec![
            column("", 0.4, Align::Left),
            column("Shifts", 0.12, Align::Right),
            column("Drop", 0.16, Align::Right),
            column("Win", 0.16, Align::Right),
            column("Hold", 0.16, Align::Right),
        ],
        titled: true,
        rows: scopes
            .iter()
            .map(|(label, figures)| {
                row([
                    label.clone(),
                    figures.shifts.to_string(),
                    units(figures.drop as i64),
                    units(figures.win),
                    figures
                        .hold_basis_points()
                        .map_or_else(|| "not computed".into(), format_basis_points),
                ])
            })
            .collect(),
    });
    let left: Vec<String> = scopes
        .iter()
        .filter(|(_, figures)| figures.left_out > 0)
        .map(|(label, figures)| format!("{} ({})", label, figures.left_out))
        .collect();
    blocks.push(Block::Note(if left.is_empty() {
        "Win is the inventory win of each shift summed; hold is that win ÷ the same shifts' drop."
            .into()
    } else {
        format!(
            "Win is the inventory win of each shift summed; hold is that win ÷ the same shifts' drop. Shifts without both counts have no inventory win and are left out: {}.",
            left.join("; ")
        )
    }));
}

/// The period's first and last hands as the table counts them, with the
/// ledger's ids when they differ (docs/dealer-app.md, "Hand numbers").
fn hand_numbers(p: &PlayFigures) -> String {
    match (p.hand_ids, p.table_hands) {
        (None, _) => "none".into(),
        (Some((a, b)), Some((x, y))) if (i64::try_from(x), i64::try_from(y)) != (Ok(a), Ok(b)) => {
            format!("{x} to {y} at this table (ledger #{a} to #{b})")
        }
        (Some((a, b)), _) => format!("{a} to {b}"),
    }
}

fn play(report: &ShiftReport) -> Section {
    let p = &report.play;
    let n = |v: u64| units(v as i64);
    let mut section = Section {
        title: "Play".into(),
        blocks: vec![pairs(vec![
            ("Hands dealt", n(p.hands)),
            ("Of which voided", n(p.voided)),
            ("Hand numbers", hand_numbers(p)),
            (
                "Hands per hour",
                report
                    .hands_per_hour_tenths()
                    .map_or_else(|| "not computed (no time elapsed)".into(), tenths),
            ),
            (
                "Shoe records (one per table opening or restart)",
                n(p.shoes),
            ),
            (
                "Shuffles",
                format!("{} ({} mid-hand)", n(p.shuffles), n(p.mid_hand_shuffles)),
            ),
            (
                "Freshly shuffled shoes inserted (card-reading shoe)",
                n(p.external_shuffles),
            ),
            ("Cards dealt", n(p.cards_dealt)),
            ("Cards burned", n(p.cards_burned)),
            ("Units wagered", n(p.wagered)),
        ])],
    };
    if let Some(hold) = p.expected_hold {
        section
            .blocks
            .extend(expected_hold(report.header.game, hold, p.actual_hold));
    }
    section
}

/// The expected hold beside what the hands did: Rocket's flagged when
/// outside its 95% range, Starboard's rake when it is not the rake due.
fn expected_hold(game: GameKind, hold: ExpectedHold, actual: i64) -> Vec<Block> {
    if game == GameKind::Starboard {
        let verdict = if hold.covers(actual) {
            "as the rules take".to_owned()
        } else {
            format!(
                "FLAGGED: the rules take {} from these pots; look for a recording error or a rake taken by hand",
                units(hold.expected)
            )
        };
        return vec![
            pairs(vec![
                (
                    "Rake due",
                    format!(
                        "{} over {} hands",
                        units(hold.expected),
                        units(hold.hands as i64)
                    ),
                ),
                ("Rake taken", format!("{}: {verdict}", units(actual))),
            ]),
            Block::Note(
                "Rake due: the rules' rake on what the players paid into each pot (antes and draws). It is exact, not a statistic, so a difference is flagged however few the hands."
                    .to_owned(),
            ),
        ];
    }
    let verdict = if hold.covers(actual) {
        "within its 95% range".to_owned()
    } else {
        format!(
            "FLAGGED: outside its 95% range ({} to {}); look for a dealing error or cheating",
            units(hold.low),
            units(hold.high)
        )
    };
    vec![
        pairs(vec![
            (
                "Expected win",
                format!(
                    "{} over {} hands",
                    units(hold.expected),
                    units(hold.hands as i64)
                ),
            ),
            (
                "95% range",
                format!("{} to {}", units(hold.low), units(hold.high)),
            ),
            ("Actual win", format!("{}: {verdict}", units(actual))),
        ]),
        Block::Note(
            "Expected win: each hand's bets × the par sheet's house edge for the best play at its decks; actual win: the ledger win."
                .to_owned(),
        ),
    ]
}

fn sum(totals: &[KindTotal]) -> KindTotal {
    totals.iter().fold(KindTotal::default(), |a, t| KindTotal {
        count: a.count + t.count,
        amount: a.amount + t.amount,
    })
}

fn game(report: &ShiftReport) -> Section {
    match &report.game {
        GameFigures::Rocket(r) => {
            let mut rows: Vec<Row> = Rank::ALL
                .iter()
                .map(|rank| {
                    let (l, d) = (r.pair_losses[rank.index()], r.dealer_pairs[rank.index()]);
                    row([
                        rank.to_string(),
                        units(l.count),
                        units(l.amount),
                        units(d.count),
                        units(d.amount),
                    ])
                })
                .collect();
            let (l, d) = (sum(&r.pair_losses), sum(&r.dealer_pairs));
            rows.push(total([
                "Total".into(),
                units(l.count),
                units(l.amount),
                units(d.count),
                units(d.amount),
            ]));
            let mut blocks = vec![
                Block::Subheading("Pairs by rank".into()),
                Block::Table {
                    columns: vec![
                        column("Rank", 0.16, Align::Right),
                        column("Pair losses", 0.2, Align::Right),
                        column("Units", 0.2, Align::Right),
                        column("Dealer pairs", 0.2, Align::Right),
                        column("Units paid", 0.2, Align::Right),
                    ],
                    titled: true,
                    rows,
                },
                Block::Subheading("Fees and payouts".into()),
                counted(
                    vec![
                        ("Fold fees (collected)", r.fold_fees),
                        ("Pair losses (collected)", l),
                        ("Dealer pair payouts (paid)", d),
                        ("Dealer 3 payouts (paid)", r.dealer_threes),
                    ],
                    false,
                ),
                pairs(vec![(
                    "House net",
                    format!(
                        "{} units (collected − paid, reversals included)",
                        units(report.inventory.ledger_win)
                    ),
                )]),
                Block::Subheading("Largest payouts".into()),
            ];
            if r.largest_payouts.is_empty() {
                blocks.push(Block::Note("No payouts.".into()));
            } else {
                blocks.push(Block::Table {
                    columns: vec![
                        column("Hand", 0.15, Align::Right),
                        column("Seat", 0.1, Align::Right),
                        column("Kind", 0.3, Align::Left),
                        column("Rank", 0.1, Align::Right),
                        column("Units", 0.2, Align::Right),
                    ],
                    titled: true,
                    rows: r
                        .largest_payouts
                        .iter()
                        .map(|p| {
                            row([
                                p.hand.to_string(),
                                p.seat.to_string(),
                                TransferKind::words(p.kind).to_owned(),
                                p.rank.map_or_else(String::new, |r| r.to_string()),
                                units(p.amount as i64),
                            ])
                        })
                        .collect(),
                });
            }
            Section {
                title: "Rocket".into(),
                blocks,
            }
        }
        GameFigures::Starboard(s) => {
            let mut table = counted(
                vec![
                    ("Antes", s.antes),
                    ("Draws", s.draws),
                    ("Carry in", s.carry_in),
                    ("Pot awards (paid to winners)", s.pot_awards),
                    ("Rake (house)", s.rake),
                    ("Carry out (to the next pot)", s.carry_out),
                ],
                false,
            );
            if let Block::Table { rows, .. } = &mut table {
                rows.insert(0, row(["Pots".into(), units(s.pots as i64), String::new()]));
                rows.insert(
                    1,
                    row([
                        "Split pots".into(),
                        units(s.split_pots as i64),
                        String::new(),
                    ]),
                );
            }
            Section {
                title: "Starboard".into(),
                blocks: vec![table],
            }
        }
    }
}

fn count_name(kind: CountKind) -> &'static str {
    match kind {
        CountKind::Opener => "Opener",
        CountKind::Closer => "Closer",
    }
}

fn slip_name(kind: SlipKind) -> &'static str {
    match kind {
        SlipKind::Fill => "Fill",
        SlipKind::Credit => "Credit",
    }
}

/// What a correction corrected, in words.
pub(super) fn correction_text(correction: &Correction) -> String {
    match &correction.kind {
        CorrectionKind::SlipVoid {
            number,
            slip,
            units: value,
        } => format!(
            "{} slip {number} voided: {} units left out of the totals",
            slip_name(*slip),
            units(*value as i64)
        ),
        CorrectionKind::CountWaived { count, shift } => format!(
            "{} of shift {shift} not counted: waived by a pit boss",
            count_name(*count)
        ),
        CorrectionKind::Recount {
            count,
            shift,
            before,
            after,
        } => format!(
            "{} of shift {shift} recounted: {} → {} units; the recount stands",
            count_name(*count),
            units(*before as i64),
            units(*after as i64)
        ),
    }
}

fn alarm_kind(kind: AlarmKind) -> &'static str {
    match kind {
        AlarmKind::Scanner => "scanner",
        AlarmKind::ForeignCard => "foreign card",
        AlarmKind::Connection => "connection",
        AlarmKind::Recovery => "recovery",
        AlarmKind::Integrity => "start-up chain check",
        AlarmKind::Program => "program changed",
    }
}

/// The way out taken and the approval behind it, in words.
pub(super) fn cleared_how(clear: &AlarmClear) -> String {
    match &clear.approval {
        None => clear.how.clone(),
        Some((under, asked)) => format!(
            "{} ({} asked for by {asked})",
            clear.how,
            match under {
                ClearedUnder::ScannerOverride => "scanner override",
                ClearedUnder::ManualCard => "manual card",
            }
        ),
    }
}

/// When, by whom and how an alarm was cleared ("still open" if it was not).
fn alarm_cleared_text(alarm: &AlarmEntry, zone: Zone) -> String {
    match &alarm.cleared {
        None => "still open".into(),
        Some(clear) => format!(
            "{} by {}: {}",
            when(clear.at, zone),
            clear.by,
            cleared_how(clear)
        ),
    }
}

/// A titled table of `rows`, or "TITLE: none." when there are none.
fn listed(blocks: &mut Vec<Block>, title: &str, columns: Vec<Column>, rows: Vec<Row>) {
    if rows.is_empty() {
        blocks.push(Block::Note(format!("{title}: none.")));
        return;
    }
    blocks.push(Block::Subheading(title.into()));
    blocks.push(Block::Table {
        columns,
        titled: true,
        rows,
    });
}

fn corrections(list: &[Correction], blocks: &mut Vec<Block>, zone: Zone) {
    listed(
        blocks,
        "Corrections",
        vec![
            column("Time", 0.27, Align::Left),
            column("Correction", 0.33, Align::Left),
            column("Reason", 0.18, Align::Left),
            column("Signed by", 0.22, Align::Left),
        ],
        list.iter()
            .map(|c| {
                let by: Vec<String> = c.by.iter().map(StaffRef::to_string).collect();
                row([
                    when(c.at, zone),
                    correction_text(c),
                    c.reason.clone().unwrap_or_else(|| "—".into()),
                    by.join("\n"),
                ])
            })
            .collect(),
    );
}

fn staff_changes(list: &[StaffChange], blocks: &mut Vec<Block>, zone: Zone) {
    listed(
        blocks,
        "Staff and PINs",
        vec![
            column("Time", 0.27, Align::Left),
            column("Change", 0.51, Align::Left),
            column("By", 0.22, Align::Left),
        ],
        list.iter()
            .map(|c| {
                let by: Vec<String> = c.by.iter().map(StaffRef::to_string).collect();
                row([when(c.at, zone), c.what.clone(), by.join("\n")])
            })
            .collect(),
    );
}

fn alarms(list: &[AlarmEntry], blocks: &mut Vec<Block>, zone: Zone) {
    listed(
        blocks,
        "Alarms",
        vec![
            column("Raised", 0.27, Align::Left),
            column("Hand", 0.07, Align::Right),
            column("Alarm", 0.28, Align::Left),
            column("Cleared", 0.38, Align::Left),
        ],
        list.iter()
            .map(|a| {
                row([
                    when(a.raised_at, zone),
                    a.hand.map_or_else(String::new, |h| h.to_string()),
                    format!("#{} {}: {}", a.id, alarm_kind(a.kind), a.message),
                    alarm_cleared_text(a, zone),
                ])
            })
            .collect(),
    );
}

fn exceptions(report: &ShiftReport, zone: Zone) -> Section {
    let e = &report.exceptions;
    let mut blocks = Vec::new();
    listed(
        &mut blocks,
        "Voids",
        vec![
            column("Hand", 0.08, Align::Right),
            column("Time", 0.28, Align::Left),
            column("Reason", 0.29, Align::Left),
            column("Approved by", 0.22, Align::Left),
            column("Win change", 0.13, Align::Right),
        ],
        e.voids
            .iter()
            .map(|v| {
                row([
                    v.hand.to_string(),
                    when(v.at, zone),
                    v.reason.clone(),
                    v.approved_by.to_string(),
                    signed_units(v.win_effect),
                ])
            })
            .collect(),
    );
    listed(
        &mut blocks,
        "Manual cards",
        vec![
            column("Hand", 0.09, Align::Right),
            column("Step", 0.08, Align::Right),
            column("Card", 0.08, Align::Right),
            column("To", 0.17, Align::Left),
            column("Approved by", 0.3, Align::Left),
            column("Time", 0.28, Align::Left),
        ],
        e.manual_cards
            .iter()
            .map(|c| {
                row([
                    c.hand.to_string(),
                    c.step.to_string(),
                    c.rank.to_string(),
                    c.destination.clone(),
                    c.approved_by
                        .as_ref()
                        .map_or_else(|| "not recorded".into(), StaffRef::to_string),
                    when(c.at, zone),
                ])
            })
            .collect(),
    );
    corrections(&e.corrections, &mut blocks, zone);
    alarms(&e.alarms, &mut blocks, zone);
    staff_changes(&e.staff_changes, &mut blocks, zone);
    Section {
        title: "Exceptions".into(),
        blocks,
    }
}

fn integrity(report: &ShiftReport, zone: Zone) -> Section {
    let i = &report.integrity;
    let check = if i.discrepancies == 0 {
        format!(
            "passed: {} rows and {} hands, no discrepancies",
            units(i.head.rows),
            units(i.hands_checked as i64)
        )
    } else {
        format!(
            "FAILED: {} discrepancies (first ones below); see pairs-table audit verify",
            units(i.discrepancies as i64)
        )
    };
    let print = &report.print;
    let copied_from = print.floor_copy.as_ref().map(|c| c.station.as_str());
    let stamp = match (copied_from, print.first_printed_at) {
        (Some(station), _) => format!(
            "floor copy {} of this shift{}, printed at the pit from the floor's verified copy of station {station}'s chain (through its row {}) and recorded on the floor; the station's own prints are numbered apart",
            print.number,
            if print.interim {
                ", INTERIM: the shift is open"
            } else {
                ""
            },
            units(i.head.rows)
        ),
        _ if print.interim => format!(
            "interim print {} of an open shift, INTERIM: the first print after the shift closes is the original",
            print.number
        ),
        (None, Some(first)) if print.is_reprint() => format!(
            "print {} of this report, REPRINT (first printed {})",
            print.number,
            when(first, zone)
        ),
        _ => format!("print {}, the original", print.number),
    };
    let mut blocks = vec![pairs(vec![
        ("Ledger rows", units(i.head.rows)),
        ("Head hash", i.head.hash_hex()),
        (
            "Station key",
            i.station_key.clone().unwrap_or_else(|| "none".into()),
        ),
        ("Chain check", check),
        ("Printed", when(print.printed_at, zone)),
        ("This print", stamp),
        (
            "Printed by",
            match (&print.printed_by, &print.floor_copy) {
                (None, _) => "nobody named (a simulation's ledger)".into(),
                (Some(p), None) => p.to_string(),
                (Some(p), Some(_)) => format!(
                    "{p}, named at the pit (a PIN is checked only at the table); the signature below confirms it"
                ),
            },
        ),
    ])];
    blocks.extend(i.quoted.iter().map(|d| Block::Note(d.clone())));
    blocks.push(Block::Note(
        "The head hash pins the ledger as printed: any later change to a row before it changes every hash from that row on. The station key's fingerprint names the key that signs the ledger: pairs-table audit verify --station-key FINGERPRINT --expect ROWS:HEAD holds a copy to both.".into(),
    ));
    Section {
        title: "Integrity".into(),
        blocks,
    }
}

fn signatures(report: &ShiftReport) -> Section {
    let h = &report.header;
    let mut blocks: Vec<Block> = h
        .dealers
        .iter()
        .map(|d| Block::Signature(format!("Dealer: {d}")))
        .collect();
    if h.dealers.is_empty() {
        blocks.push(Block::Signature("Dealer".into()));
    }
    match h.pit_bosses.as_slice() {
        [] => blocks.push(Block::Signature("Pit boss: name and staff id".into())),
        bosses => blocks.extend(
            bosses
                .iter()
                .map(|p| Block::Signature(format!("Pit boss: {p}"))),
        ),
    }
    Section {
        title: "Signatures".into(),
        blocks,
    }
}

#[cfg(test)]
mod tests {
    use super::Axis;

    #[test]
    fn an_axis_ends_on_round_ticks_and_survives_odd_data() {
        let axis = Axis::fit([-0.37, 2.9], false, 5);
        assert_eq!(axis.ticks, vec![-1.0, 0.0, 1.0, 2.0, 3.0]);
        assert_eq!((axis.low, axis.high, axis.decimals), (-1.0, 3.0, 0));
        let axis = Axis::fit([0.012, 0.047], true, 5);
        assert_eq!(axis.low, 0.0);
        assert!((axis.high - 0.05).abs() < 1e-12, "{axis:?}");
        assert_eq!(axis.decimals, 2);
        assert_eq!(axis.label(axis.ticks[1]), "0.01");
        assert_eq!(axis.label(-0.0001), "0.00");
        // Nothing finite, one value, NaN and infinities: never a panic.
        let empty = Axis::fit([f64::NAN, f64::INFINITY], false, 5);
        assert_eq!((empty.low, empty.high), (0.0, 1.0));
        let one = Axis::fit([8.0], false, 4);
        assert!(one.low < 8.0 && one.high > 8.0 && one.ticks.len() >= 2);
        assert!(Axis::fit([], true, 0).ticks.len() >= 2);
        assert_eq!(one.place(f64::NAN, 0.0, 10.0), 0.0);
        assert_eq!(one.place(1e9, 0.0, 10.0), 10.0);
    }
}
