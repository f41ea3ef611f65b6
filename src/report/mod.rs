//! Shift reports on paper and in a spreadsheet: turns the typed figures of
//! [`crate::ledger::report`] into a PDF (`pdf`) and a CSV (`csv`); and the
//! rules card posted at a table (`card`). Pure: data in, bytes out; the
//! ledger gathers, the command line writes files. See docs/reports.md.

pub mod card;
pub mod csv;
mod document;
pub mod floor;
pub mod par;
pub mod pdf;
pub mod protection;
pub mod rating;

use serde::Deserialize;

use crate::time_text::Zone;
use thiserror::Error;

pub use card::RulesCard;
pub use csv::render_csv;
pub use floor::render_floor_csv;
pub use par::{CountabilityPrint, ParSheetPrint};
pub use pdf::{
    producer_mark, render_floor_report, render_par_sheet, render_pdf, render_protection_report,
    render_rating_report, render_rules_card, render_strategy_card,
};
pub use protection::render_protection_csv;
pub use rating::render_rating_csv;

/// The header line of every CSV this program writes: the shift report's,
/// the rated-play report's, the game-protection report's and the floor
/// report's.
pub const CSV_HEADERS: [&str; 4] = [
    csv::CSV_HEADER,
    rating::RATING_CSV_HEADER,
    protection::PROTECTION_CSV_HEADER,
    floor::FLOOR_CSV_HEADER,
];

/// The layout definition, `reports/shift-report.toml`, embedded at build time.
pub const LAYOUT_TOML: &str = include_str!("../../reports/shift-report.toml");

/// Why a report could not be rendered.
#[derive(Debug, Error)]
pub enum RenderError {
    /// The layout definition is invalid.
    #[error("the report layout is invalid: {0}")]
    Layout(String),
    /// The embedded font could not be read.
    #[error("the report font {0} could not be read")]
    Font(&'static str),
}

/// A page size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageSize {
    /// US Letter, 8.5 × 11 inches.
    Letter,
    /// ISO A4, 210 × 297 mm.
    A4,
}

impl PageSize {
    /// Width and height in points.
    pub fn points(self) -> (f32, f32) {
        match self {
            PageSize::Letter => (612.0, 792.0),
            PageSize::A4 => (595.28, 841.89),
        }
    }
}

/// A report section after the header, in the order the layout gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SectionKind {
    /// Table inventory and win.
    Inventory,
    /// Play figures.
    Play,
    /// The game's figures (Rocket or Starboard).
    Game,
    /// Voids, manual cards, corrections, alarms.
    Exceptions,
    /// The chain check and this print.
    Integrity,
    /// Signature lines.
    Signatures,
}

impl SectionKind {
    /// Every section, each once.
    pub const ALL: [SectionKind; 6] = [
        SectionKind::Inventory,
        SectionKind::Play,
        SectionKind::Game,
        SectionKind::Exceptions,
        SectionKind::Integrity,
        SectionKind::Signatures,
    ];
}

/// Page margins in points.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Margins {
    /// Top.
    pub top: f32,
    /// Bottom.
    pub bottom: f32,
    /// Left.
    pub left: f32,
    /// Right.
    pub right: f32,
}

/// Font sizes in points.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FontSizes {
    /// The report's title.
    pub title: f32,
    /// Section headings.
    pub heading: f32,
    /// Tables and text.
    pub body: f32,
    /// Running header and footer.
    pub small: f32,
    /// Line height as a multiple of the font size.
    pub leading: f32,
}

/// The report's layout: page, margins, fonts and section order.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// The page size.
    pub page: PageSize,
    /// The sections after the header, in order, each once.
    pub sections: Vec<SectionKind>,
    /// Margins.
    pub margins: Margins,
    /// Font sizes.
    pub fonts: FontSizes,
    /// The zone times are printed in (not in the layout file: the
    /// station's local zone unless changed).
    #[serde(skip)]
    pub zone: Zone,
}

impl Layout {
    /// Parses and checks a layout definition.
    pub fn from_toml(text: &str) -> Result<Layout, RenderError> {
        let layout: Layout =
            toml::from_str(text).map_err(|e| RenderError::Layout(e.to_string()))?;
        for kind in SectionKind::ALL {
            let times = layout.sections.iter().filter(|s| **s == kind).count();
            if times != 1 {
                return Err(RenderError::Layout(format!(
                    "section {kind:?} appears {times} times in `sections`; it must appear once"
                )));
            }
        }
        let (width, height) = layout.page.points();
        let m = layout.margins;
        let sizes = [
            layout.fonts.title,
            layout.fonts.heading,
            layout.fonts.body,
            layout.fonts.small,
        ];
        if [m.top, m.bottom, m.left, m.right].iter().any(|v| *v < 0.0)
            || m.left + m.right > width / 2.0
            || m.top + m.bottom > height / 2.0
        {
            return Err(RenderError::Layout(
                "the margins must be positive and leave at least half the page".into(),
            ));
        }
        if sizes.iter().any(|s| !(4.0..=36.0).contains(s))
            || !(1.0..=3.0).contains(&layout.fonts.leading)
        {
            return Err(RenderError::Layout(
                "font sizes must be 4 to 36 points and leading 1 to 3".into(),
            ));
        }
        Ok(layout)
    }

    /// The layout in `reports/shift-report.toml`.
    pub fn standard() -> Result<Layout, RenderError> {
        Layout::from_toml(LAYOUT_TOML)
    }
}

/// Table units with their sign, for a change: `+977`, `-1,200`, `0`.
pub fn signed_units(amount: i64) -> String {
    if amount > 0 {
        format!("+{}", units(amount))
    } else {
        units(amount)
    }
}

/// A count with its noun: `1 table`, `3 tables`.
pub fn counted(count: u64, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

/// Table units with thousands separators: `1,234,567`, `-1,200`.
pub fn units(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if amount < 0 {
        out.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Tenths with one decimal: 123 → `12.3`.
pub fn tenths(value: u64) -> String {
    format!("{}.{}", units((value / 10) as i64), value % 10)
}
