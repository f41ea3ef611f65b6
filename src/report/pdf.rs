//! The PDF: the report's sections laid out on pages with the embedded
//! DejaVu Sans, measured from the font's own advance widths so that number
//! columns align. A table row is never split across pages; a section that
//! runs on repeats its heading ("(continued)") and its column titles. Every
//! page carries "Page i of N", a reprint is stamped REPRINT on every page and
//! a print of an open shift INTERIM.
//! The shift report and the rules card share the pages.

use chrono::{Datelike, Timelike};
use printpdf::{
    Color, FontId, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle,
    PdfPage, PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem,
};

use super::card::RulesCard;
use super::document::{self, Align, Axis, Block, Chart, Column, Mark, Row, Section};
use super::par::ParSheetPrint;
use super::{Layout, RenderError};
use crate::ledger::report::ShiftReport;
use crate::time_text::when;

/// DejaVu Sans (reports/fonts/, Bitstream Vera licence), embedded whole.
const REGULAR: &[u8] = include_bytes!("../../reports/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
const BOLD: &[u8] = include_bytes!("../../reports/fonts/DejaVuSans-Bold.ttf");

/// Space inside a table cell, left and right, in points.
const PAD: f32 = 3.0;
/// Space between blocks, in points.
const GAP: f32 = 6.0;
/// Rows a table keeps with its start: it never begins at the foot of a page
/// with fewer (unless it has fewer).
const LEAD_ROWS: usize = 3;
/// Height of a signature block (space to sign, the line, the caption).
const SIGNATURE: f32 = 44.0;
/// Width of a signature line.
const SIGNATURE_WIDTH: f32 = 260.0;

/// Height of a chart's framed box, in points.
const CHART_HEIGHT: f32 = 210.0;
/// Ticks a chart's axes aim for.
const CHART_TICKS: usize = 6;
/// Space inside a chart's frame, in points.
const CHART_PAD: f32 = 6.0;

/// An embedded face and its advance widths.
struct Face {
    parsed: ParsedFont,
    id: FontId,
}

impl Face {
    fn load(bytes: &[u8], name: &'static str, doc: &mut PdfDocument) -> Result<Face, RenderError> {
        let parsed =
            ParsedFont::from_bytes(bytes, 0, &mut Vec::new()).ok_or(RenderError::Font(name))?;
        if parsed.units_per_em == 0 {
            return Err(RenderError::Font(name));
        }
        let id = doc.add_font(&parsed);
        Ok(Face { parsed, id })
    }

    /// The advance width of `text` at `size`, in points.
    fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text
            .chars()
            .map(|c| {
                let glyph = self.parsed.lookup_glyph_index(c as u32).unwrap_or(0);
                u32::from(self.parsed.get_glyph_width(glyph).unwrap_or(0))
            })
            .sum();
        units as f32 * size / f32::from(self.parsed.units_per_em)
    }

    /// `text` broken into lines no wider than `width` (at its own line
    /// breaks, at word boundaries, or inside a word longer than a line).
    fn wrap(&self, text: &str, size: f32, width: f32) -> Vec<String> {
        text.split('\n')
            .flat_map(|paragraph| self.wrap_paragraph(paragraph, size, width))
            .collect()
    }

    fn wrap_paragraph(&self, text: &str, size: f32, width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split(' ') {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if self.width(&candidate, size) <= width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                line.push(c);
                if self.width(&line, size) > width && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                }
            }
        }
        lines.push(line);
        lines
    }
}

const BLACK: Rgb = Rgb {
    r: 0.0,
    g: 0.0,
    b: 0.0,
    icc_profile: None,
};
const GREY: Rgb = Rgb {
    r: 0.35,
    g: 0.35,
    b: 0.35,
    icc_profile: None,
};
const SHADE: Rgb = Rgb {
    r: 0.93,
    g: 0.93,
    b: 0.93,
    icc_profile: None,
};
const RED: Rgb = Rgb {
    r: 0.75,
    g: 0.0,
    b: 0.0,
    icc_profile: None,
};

/// The colours of a chart's series, in order (then over again): eight
/// apart, so a Rocket table's six seats and more never share one.
const PALETTE: [Rgb; 8] = [
    rgb(0.0, 0.0, 0.0),
    rgb(0.1, 0.35, 0.8),
    rgb(0.9, 0.45, 0.0),
    rgb(0.1, 0.6, 0.25),
    rgb(0.55, 0.2, 0.65),
    rgb(0.0, 0.65, 0.75),
    rgb(0.6, 0.45, 0.2),
    rgb(0.85, 0.3, 0.55),
];

/// An opaque colour from its red, green and blue shares.
const fn rgb(r: f32, g: f32, b: f32) -> Rgb {
    Rgb {
        r,
        g,
        b,
        icc_profile: None,
    }
}

/// Lays sections out on pages.
struct Pager<'a> {
    layout: &'a Layout,
    regular: &'a Face,
    bold: &'a Face,
    width: f32,
    height: f32,
    pages: Vec<Vec<Op>>,
    ops: Vec<Op>,
    /// The top of the free space on the current page.
    y: f32,
}

/// A table row broken into lines per cell.
struct Laid<'r> {
    row: &'r Row,
    lines: Vec<Vec<String>>,
    /// Each cell's font size: the body's, or smaller so that its widest
    /// word (a number, say) fits its column whole.
    sizes: Vec<f32>,
    height: f32,
}

/// The smallest a table cell's font is made so its widest word fits, as
/// a share of the body size; a word wider still is broken.
const SMALLEST_CELL_FONT: f32 = 0.6;

impl<'a> Pager<'a> {
    fn new(layout: &'a Layout, regular: &'a Face, bold: &'a Face) -> Pager<'a> {
        let (width, height) = layout.page.points();
        Pager {
            layout,
            regular,
            bold,
            width,
            height,
            pages: Vec::new(),
            ops: Vec::new(),
            y: height - layout.margins.top,
        }
    }

    fn left(&self) -> f32 {
        self.layout.margins.left
    }

    fn text_width(&self) -> f32 {
        self.width - self.layout.margins.left - self.layout.margins.right
    }

    fn line(&self, size: f32) -> f32 {
        size * self.layout.fonts.leading
    }

    fn face(&self, bold: bool) -> &'a Face {
        if bold { self.bold } else { self.regular }
    }

    /// Draws `text` with its baseline at `baseline`.
    fn text(&mut self, x: f32, baseline: f32, text: &str, size: f32, bold: bool, color: Rgb) {
        self.ops.extend([
            Op::SetFillColor {
                col: Color::Rgb(color),
            },
            Op::StartTextSection,
            Op::SetFont {
                font: PdfFontHandle::External(self.face(bold).id.clone()),
                size: Pt(size),
            },
            Op::SetTextCursor {
                pos: Point {
                    x: Pt(x),
                    y: Pt(baseline),
                },
            },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_owned())],
            },
            Op::EndTextSection,
        ]);
    }

    /// The baseline of a line of `size` whose box starts at `top`.
    fn baseline(&self, top: f32, size: f32) -> f32 {
        top - (self.line(size) - size) / 2.0 - size * 0.8
    }

    fn rule(&mut self, x1: f32, x2: f32, y: f32, thickness: f32) {
        let point = |x| LinePoint {
            p: Point { x: Pt(x), y: Pt(y) },
            bezier: false,
        };
        self.ops.extend([
            Op::SetOutlineColor {
                col: Color::Rgb(BLACK),
            },
            Op::SetOutlineThickness { pt: Pt(thickness) },
            Op::DrawLine {
                line: Line {
                    points: vec![point(x1), point(x2)],
                    is_closed: false,
                },
            },
        ]);
    }

    /// A line through `points` (closed back to the first when `closed`).
    fn stroke(&mut self, points: &[(f32, f32)], closed: bool, thickness: f32, color: Rgb) {
        let points = points
            .iter()
            .map(|&(x, y)| LinePoint {
                p: Point { x: Pt(x), y: Pt(y) },
                bezier: false,
            })
            .collect();
        self.ops.extend([
            Op::SetOutlineColor {
                col: Color::Rgb(color),
            },
            Op::SetOutlineThickness { pt: Pt(thickness) },
            Op::DrawLine {
                line: Line {
                    points,
                    is_closed: closed,
                },
            },
        ]);
    }

    /// A filled rectangle with its lower left corner at (`x`, `y`).
    fn fill(&mut self, x: f32, y: f32, width: f32, height: f32, color: Rgb) {
        self.ops.extend([
            Op::SetFillColor {
                col: Color::Rgb(color),
            },
            Op::DrawRectangle {
                rectangle: Rect {
                    x: Pt(x),
                    y: Pt(y),
                    width: Pt(width),
                    height: Pt(height),
                    mode: Some(PaintMode::Fill),
                    winding_order: None,
                },
            },
        ]);
    }

    /// A series' mark in the legend, centred on `y`, starting at `x`.
    fn swatch(&mut self, mark: Mark, x: f32, y: f32, color: Rgb) {
        match mark {
            Mark::Line => self.stroke(&[(x, y), (x + 14.0, y)], false, 1.2, color),
            Mark::Points => self.fill(x + 5.5, y - 1.5, 3.0, 3.0, color),
            Mark::Bars => self.fill(x + 3.0, y - 3.0, 8.0, 6.0, color),
        }
    }

    /// A chart in its framed box of [`CHART_HEIGHT`], kept on one page:
    /// the title, the legend, the y axis's label, the plot with its ticks,
    /// the x axis's label.
    fn chart(&mut self, chart: &Chart, section: &str) {
        self.ensure(CHART_HEIGHT, section);
        let (body, small) = (self.layout.fonts.body, self.layout.fonts.small);
        let (left, right) = (self.left(), self.left() + self.text_width());
        let (top, bottom) = (self.y, self.y - CHART_HEIGHT);
        self.stroke(
            &[(left, top), (right, top), (right, bottom), (left, bottom)],
            true,
            0.5,
            GREY,
        );
        let inner = left + CHART_PAD;
        let mut y = top - CHART_PAD / 2.0;
        self.text(
            inner,
            self.baseline(y, body),
            &chart.title,
            body,
            true,
            BLACK,
        );
        y -= self.line(body);
        let mut x = inner;
        for (i, series) in chart.series.iter().enumerate() {
            let width = 18.0 + self.regular.width(&series.name, small) + 12.0;
            if x + width > right - CHART_PAD && x > inner {
                x = inner;
                y -= self.line(small);
            }
            let color = PALETTE[i % PALETTE.len()].clone();
            self.swatch(series.mark, x, y - self.line(small) / 2.0, color);
            let baseline = self.baseline(y, small);
            self.text(x + 18.0, baseline, &series.name, small, false, BLACK);
            x += width;
        }
        y -= self.line(small) + 2.0;
        self.text(
            inner,
            self.baseline(y, small),
            &chart.y_label,
            small,
            false,
            GREY,
        );
        y -= self.line(small);

        let finite = |points: &[(f64, f64)]| -> Vec<(f64, f64)> {
            points
                .iter()
                .copied()
                .filter(|(x, y)| x.is_finite() && y.is_finite())
                .collect()
        };
        let series: Vec<(Mark, Vec<(f64, f64)>)> = chart
            .series
            .iter()
            .map(|s| (s.mark, finite(&s.points)))
            .collect();
        let xs = Axis::fit(
            series.iter().flat_map(|(_, p)| p.iter().map(|p| p.0)),
            false,
            CHART_TICKS,
        );
        let ys = Axis::fit(
            series.iter().flat_map(|(_, p)| p.iter().map(|p| p.1)),
            chart.zero_line,
            CHART_TICKS,
        );
        let labels: Vec<String> = ys.ticks.iter().map(|t| ys.label(*t)).collect();
        let label_width = labels
            .iter()
            .map(|l| self.regular.width(l, small))
            .fold(0.0, f32::max);
        let plot_left = inner + label_width + 5.0;
        let plot_right = right - CHART_PAD - 4.0;
        let plot_top = y - small / 2.0;
        let plot_bottom = bottom + CHART_PAD / 2.0 + 2.0 * self.line(small) + 3.0;
        self.y = bottom - GAP;
        if plot_top - plot_bottom < 2.0 * small || plot_right - plot_left < 40.0 {
            return;
        }
        // Marks at the ends of the x axis stay off the frame.
        let (x_from, x_to) = (plot_left + 8.0, plot_right - 8.0);
        for (tick, label) in ys.ticks.iter().zip(&labels) {
            let at = ys.place(*tick, plot_bottom, plot_top);
            self.stroke(&[(plot_left - 3.0, at), (plot_left, at)], false, 0.5, BLACK);
            let x = plot_left - 4.0 - self.regular.width(label, small);
            self.text(x, at - small * 0.35, label, small, false, BLACK);
        }
        for tick in &xs.ticks {
            let at = xs.place(*tick, x_from, x_to);
            self.stroke(
                &[(at, plot_bottom), (at, plot_bottom - 3.0)],
                false,
                0.5,
                BLACK,
            );
            let label = xs.label(*tick);
            let x = at - self.regular.width(&label, small) / 2.0;
            let baseline = self.baseline(plot_bottom - 3.0, small);
            self.text(x, baseline, &label, small, false, BLACK);
        }
        let label_x = (x_from + x_to) / 2.0 - self.regular.width(&chart.x_label, small) / 2.0;
        let baseline = self.baseline(plot_bottom - 3.0 - self.line(small), small);
        self.text(label_x, baseline, &chart.x_label, small, false, GREY);
        if chart.zero_line {
            let zero = ys.place(0.0, plot_bottom, plot_top);
            self.stroke(&[(plot_left, zero), (plot_right, zero)], false, 0.5, GREY);
        }
        self.stroke(
            &[
                (plot_left, plot_top),
                (plot_left, plot_bottom),
                (plot_right, plot_bottom),
            ],
            false,
            0.6,
            BLACK,
        );
        let base = ys.place(0.0, plot_bottom, plot_top);
        for (i, (mark, points)) in series.iter().enumerate() {
            let color = PALETTE[i % PALETTE.len()].clone();
            let placed: Vec<(f32, f32)> = points
                .iter()
                .map(|&(x, y)| {
                    (
                        xs.place(x, x_from, x_to),
                        ys.place(y, plot_bottom, plot_top),
                    )
                })
                .collect();
            match mark {
                Mark::Line if placed.len() > 1 => self.stroke(&placed, false, 1.2, color),
                Mark::Line | Mark::Points => {
                    for (x, y) in placed {
                        self.fill(x - 1.5, y - 1.5, 3.0, 3.0, color.clone());
                    }
                }
                Mark::Bars => {
                    for (x, y) in placed {
                        self.fill(x - 3.0, y.min(base), 6.0, (y - base).abs(), color.clone());
                    }
                }
            }
        }
    }

    fn shade(&mut self, top: f32, height: f32, right: f32) {
        self.ops.extend([
            Op::SetFillColor {
                col: Color::Rgb(SHADE),
            },
            Op::DrawRectangle {
                rectangle: Rect {
                    x: Pt(self.left()),
                    y: Pt(top - height),
                    width: Pt(right - self.left()),
                    height: Pt(height),
                    mode: Some(PaintMode::Fill),
                    winding_order: None,
                },
            },
        ]);
    }

    fn room(&self) -> f32 {
        self.y - self.layout.margins.bottom
    }

    fn new_page(&mut self) {
        self.pages.push(std::mem::take(&mut self.ops));
        self.y = self.height - self.layout.margins.top;
    }

    /// Starts a new page if less than `needed` is left; on the new page the
    /// section's heading is repeated. Returns whether it broke.
    fn ensure(&mut self, needed: f32, section: &str) -> bool {
        if self.room() >= needed {
            return false;
        }
        self.new_page();
        self.heading(&format!("{section} (continued)"));
        true
    }

    fn heading(&mut self, title: &str) {
        let size = self.layout.fonts.heading;
        let top = self.y;
        let baseline = self.baseline(top, size);
        self.text(self.left(), baseline, title, size, true, BLACK);
        self.y -= self.line(size) + 2.0;
        let x2 = self.left() + self.text_width();
        self.rule(self.left(), x2, self.y + 1.0, 0.8);
        self.y -= 3.0;
    }

    fn title(&mut self, title: &str) {
        let size = self.layout.fonts.title;
        let baseline = self.baseline(self.y, size);
        self.text(self.left(), baseline, title, size, true, BLACK);
        self.y -= self.line(size) + GAP;
    }

    /// The first thing a block needs on a page (so a heading or a
    /// sub-heading is never left alone at the bottom): a table's column
    /// titles and its first row as laid out, a note's first two lines (all of
    /// it and the chart when it introduces one), a chart's box, a
    /// sub-heading's own lines and whatever follows it.
    fn first_height(&self, block: &Block, next: Option<&Block>) -> f32 {
        let body = self.layout.fonts.body;
        let line = self.line(body);
        match block {
            Block::Table {
                columns,
                titled,
                rows,
            } => {
                let titles = if *titled { line } else { 0.0 };
                titles + self.lead(columns, rows)
            }
            Block::Subheading(text) => {
                self.subheading_lines(text).len() as f32 * line
                    + 2.0
                    + next.map_or(0.0, |b| self.first_height(b, None))
            }
            // A note that introduces a chart stays with it.
            Block::Note(text) => match next {
                Some(chart @ Block::Chart(_)) => {
                    self.note_lines(text).len() as f32 * line
                        + GAP / 2.0
                        + self.first_height(chart, None)
                }
                _ => line * 2.0,
            },
            Block::Signature(_) => SIGNATURE,
            Block::Chart(_) => CHART_HEIGHT,
        }
    }

    fn note_lines(&self, text: &str) -> Vec<String> {
        self.regular
            .wrap(text, self.layout.fonts.body, self.text_width() - PAD)
    }

    fn subheading_lines(&self, text: &str) -> Vec<String> {
        self.bold
            .wrap(text, self.layout.fonts.body, self.text_width() - PAD)
    }

    fn section(&mut self, section: &Section) {
        let heading = self.line(self.layout.fonts.heading) + 5.0;
        let first = section
            .blocks
            .first()
            .map_or(0.0, |b| self.first_height(b, section.blocks.get(1)));
        if self.room() < heading + first {
            self.new_page();
        }
        self.heading(&section.title);
        for (i, block) in section.blocks.iter().enumerate() {
            self.block(block, section.blocks.get(i + 1), &section.title);
        }
        self.y -= GAP;
    }

    fn block(&mut self, block: &Block, next: Option<&Block>, section: &str) {
        let body = self.layout.fonts.body;
        match block {
            Block::Table {
                columns,
                titled,
                rows,
            } => self.table(columns, *titled, rows, section),
            Block::Chart(chart) => self.chart(chart, section),
            Block::Subheading(text) => {
                // Room for the sub-heading and the start of what it heads.
                self.ensure(self.first_height(block, next), section);
                self.y -= 2.0;
                for line in self.subheading_lines(text) {
                    let baseline = self.baseline(self.y, body);
                    self.text(self.left(), baseline, &line, body, true, BLACK);
                    self.y -= self.line(body);
                }
            }
            Block::Note(text) => {
                let lines = self.note_lines(text);
                let needed = self.line(body) * lines.len() as f32;
                let keep = match next {
                    Some(Block::Chart(_)) => self.first_height(block, next),
                    _ => needed,
                };
                self.ensure(keep, section);
                for line in lines {
                    let baseline = self.baseline(self.y, body);
                    self.text(self.left() + PAD, baseline, &line, body, false, BLACK);
                    self.y -= self.line(body);
                }
                self.y -= GAP / 2.0;
            }
            Block::Signature(caption) => {
                self.ensure(SIGNATURE, section);
                self.y -= SIGNATURE - self.line(body) - 4.0;
                let x = self.left() + PAD;
                self.rule(x, x + SIGNATURE_WIDTH, self.y, 0.6);
                let date_x = x + SIGNATURE_WIDTH + 24.0;
                self.rule(date_x, date_x + 110.0, self.y, 0.6);
                self.y -= 2.0;
                let small = self.layout.fonts.small;
                let baseline = self.baseline(self.y, small);
                self.text(x, baseline, caption, small, false, GREY);
                self.text(date_x, baseline, "Date and time", small, false, GREY);
                self.y -= self.line(body) + 2.0;
            }
        }
    }

    fn column_x(&self, columns: &[Column], i: usize) -> (f32, f32) {
        let before: f32 = columns[..i].iter().map(|c| c.share).sum();
        let width = self.text_width();
        (
            self.left() + before * width,
            self.left() + (before + columns[i].share) * width,
        )
    }

    fn cell(&mut self, columns: &[Column], i: usize, top: f32, text: &str, bold: bool) {
        self.cell_sized(columns, i, top, text, bold, self.layout.fonts.body);
    }

    /// [`Pager::cell`] at font size `size`.
    fn cell_sized(
        &mut self,
        columns: &[Column],
        i: usize,
        top: f32,
        text: &str,
        bold: bool,
        size: f32,
    ) {
        let (x1, x2) = self.column_x(columns, i);
        let x = match columns[i].align {
            Align::Left => x1 + PAD,
            Align::Right => x2 - PAD - self.face(bold).width(text, size),
        };
        let baseline = self.baseline(top, size);
        self.text(x, baseline, text, size, bold, BLACK);
    }

    /// The column titles, each broken into lines that fit its column (so
    /// a larger body font never runs two titles together).
    fn title_lines(&self, columns: &[Column]) -> Vec<Vec<String>> {
        let size = self.layout.fonts.body;
        (0..columns.len())
            .map(|i| {
                let (x1, x2) = self.column_x(columns, i);
                self.bold.wrap(columns[i].title, size, x2 - x1 - 2.0 * PAD)
            })
            .collect()
    }

    /// The height of the column titles.
    fn titles_height(&self, columns: &[Column]) -> f32 {
        let lines = self.title_lines(columns).iter().map(Vec::len).max();
        lines.unwrap_or(1) as f32 * self.line(self.layout.fonts.body)
    }

    fn column_titles(&mut self, columns: &[Column]) {
        let line = self.line(self.layout.fonts.body);
        let top = self.y;
        let titles = self.title_lines(columns);
        for (i, lines) in titles.iter().enumerate() {
            for (k, text) in lines.iter().enumerate() {
                self.cell(columns, i, top - k as f32 * line, text, true);
            }
        }
        self.y -= self.titles_height(columns);
        let x2 = self.column_x(columns, columns.len() - 1).1;
        self.rule(self.left(), x2, self.y, 0.5);
    }

    /// The height of a table's first rows that must share a page with its
    /// start (its titles, a heading): [`LEAD_ROWS`] rows, or all if fewer.
    fn lead(&self, columns: &[Column], rows: &[Row]) -> f32 {
        rows.iter()
            .take(LEAD_ROWS)
            .map(|r| self.lay(columns, r).height)
            .sum()
    }

    /// A row broken into lines per cell (at spaces: a word, such as a
    /// number, is never broken while a smaller font down to
    /// [`SMALLEST_CELL_FONT`] of the body's fits it), and its height.
    fn lay<'r>(&self, columns: &[Column], row: &'r Row) -> Laid<'r> {
        let size = self.layout.fonts.body;
        let face = self.face(row.total);
        let (lines, sizes): (Vec<Vec<String>>, Vec<f32>) = row
            .cells
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let (x1, x2) = self.column_x(columns, i.min(columns.len() - 1));
                let room = x2 - x1 - 2.0 * PAD;
                let widest = text
                    .split([' ', '\n'])
                    .map(|word| face.width(word, size))
                    .fold(0.0, f32::max);
                let fitted = if widest > room {
                    (size * room / widest).max(size * SMALLEST_CELL_FONT)
                } else {
                    size
                };
                (face.wrap(text, fitted, room), fitted)
            })
            .unzip();
        let height = lines
            .iter()
            .zip(&sizes)
            .map(|(lines, size)| lines.len() as f32 * self.line(*size))
            .fold(self.line(size), f32::max);
        Laid {
            row,
            lines,
            sizes,
            height,
        }
    }

    fn table(&mut self, columns: &[Column], titled: bool, rows: &[Row], section: &str) {
        let laid: Vec<Laid<'_>> = rows.iter().map(|row| self.lay(columns, row)).collect();
        let titles = if titled {
            self.titles_height(columns)
        } else {
            0.0
        };
        let lead: f32 = laid.iter().take(LEAD_ROWS).map(|l| l.height).sum();
        self.ensure(titles + lead, section);
        if titled {
            self.column_titles(columns);
        }
        for (n, row) in laid.iter().enumerate() {
            if self.ensure(row.height, section) && titled {
                self.column_titles(columns);
            }
            let top = self.y;
            let right = self.column_x(columns, columns.len() - 1).1;
            if row.row.total {
                self.rule(self.left(), right, top, 0.5);
            } else if n % 2 == 1 {
                self.shade(top, row.height, right);
            }
            for (i, (lines, size)) in row
                .lines
                .iter()
                .zip(&row.sizes)
                .enumerate()
                .take(columns.len())
            {
                let line = self.line(*size);
                for (k, text) in lines.iter().enumerate() {
                    self.cell_sized(
                        columns,
                        i,
                        top - k as f32 * line,
                        text,
                        row.row.total,
                        *size,
                    );
                }
            }
            self.y -= row.height;
        }
        self.y -= GAP;
    }

    fn finish(mut self) -> Vec<Vec<Op>> {
        self.pages.push(std::mem::take(&mut self.ops));
        self.pages
    }
}

fn pdf_date(time: chrono::DateTime<chrono::Utc>) -> printpdf::DateTime {
    printpdf::DateTime {
        date: printpdf::Date {
            year: time.year(),
            month: time.month() as u8,
            day: time.day() as u8,
        },
        time: printpdf::Time {
            hour: time.hour() as u8,
            minute: time.minute() as u8,
            second: time.second() as u8,
            millisecond: (time.nanosecond() / 1_000_000).min(999) as u16,
        },
        offset: printpdf::Offset {
            hours: 0,
            minutes: 0,
            seconds: 0,
            milliseconds: 0,
        },
    }
}

/// The report as a PDF document's bytes, laid out by `layout`.
pub fn render_pdf(report: &ShiftReport, layout: &Layout) -> Result<Vec<u8>, RenderError> {
    let h = &report.header;
    let period = h.shift.map_or_else(
        || format!("{} to", when(h.start, layout.zone)),
        |s| format!("shift {s}"),
    );
    let casino = h.casino.as_deref().unwrap_or("Shift report");
    let mut sections = vec![Section {
        title: "Shift".into(),
        blocks: vec![document::header(report, layout.zone)],
    }];
    sections.extend(document::sections(report, &layout.sections, layout.zone));
    let pages = Pages {
        document_title: format!("Shift report, {}, {period}", h.table_name),
        title: match &h.casino {
            Some(name) => format!("{name}: {} shift report", h.game),
            None => format!("{} shift report", h.game),
        },
        running: format!(
            "{casino} · table {} (#{}) · {} · {period}",
            h.table_name, h.table_id, h.game
        ),
        footer: format!(
            "Printed {} · {} {} · head {}…",
            when(report.print.printed_at, layout.zone),
            if report.print.floor_copy.is_some() {
                "floor copy"
            } else {
                "print"
            },
            report.print.number,
            &report.integrity.head.hash_hex()[..16]
        ),
        printed_at: report.print.printed_at,
        stamp: report.print.stamp(),
    };
    pages.render(&sections, layout)
}

/// A rules card to post at a table, as a PDF document's bytes, on the
/// page, margins and fonts of `layout`.
pub fn render_rules_card(card: &RulesCard, layout: &Layout) -> Result<Vec<u8>, RenderError> {
    let title = card.title();
    let pages = Pages {
        document_title: title.clone(),
        running: format!("{title} · to be posted at the table"),
        footer: format!(
            "Printed {} · house rules {}…",
            when(card.printed_at, layout.zone),
            &card.rules.hash_hex()[..16]
        ),
        title,
        printed_at: card.printed_at,
        stamp: None,
    };
    pages.render(&card.sections(), layout)
}

/// The floor report as a PDF document's bytes.
pub fn render_floor_report(
    report: &super::floor::FloorReport,
    layout: &Layout,
) -> Result<Vec<u8>, RenderError> {
    let period = super::floor::period_text(report.period, layout.zone);
    let pages = Pages {
        document_title: format!("Floor report, {period}"),
        title: "Floor report".to_owned(),
        running: format!("Floor report · {period}"),
        footer: format!("Printed {}", when(report.printed_at, layout.zone)),
        printed_at: report.printed_at,
        stamp: None,
    };
    pages.render(&super::floor::floor_sections(report, layout.zone), layout)
}

/// The rated-play report of a period as a PDF document's bytes.
pub fn render_rating_report(
    report: &crate::rating::RatedPlayReport,
    layout: &Layout,
) -> Result<Vec<u8>, RenderError> {
    render_period_report(
        "Rated play",
        (report.period.from, report.period.to),
        report.printed_at,
        &super::rating::rating_sections(report, layout.zone),
        layout,
    )
}

/// The game-protection report of a period as a PDF document's bytes.
pub fn render_protection_report(
    report: &crate::protection::ProtectionReport,
    layout: &Layout,
) -> Result<Vec<u8>, RenderError> {
    render_period_report(
        "Game protection",
        (report.period.from, report.period.to),
        report.printed_at,
        &super::protection::protection_sections(report, layout.zone),
        layout,
    )
}

/// A report titled `title` of the period `from` to `to` (either open),
/// printed at `printed_at`, as a PDF document's bytes.
fn render_period_report(
    title: &str,
    (from, to): (
        Option<chrono::DateTime<chrono::Utc>>,
        Option<chrono::DateTime<chrono::Utc>>,
    ),
    printed_at: chrono::DateTime<chrono::Utc>,
    sections: &[Section],
    layout: &Layout,
) -> Result<Vec<u8>, RenderError> {
    let period = |t: Option<chrono::DateTime<chrono::Utc>>| {
        t.map_or_else(|| "open".to_owned(), |t| when(t, layout.zone))
    };
    let span = format!("{} to {}", period(from), period(to));
    let pages = Pages {
        document_title: format!("{title}, {span}"),
        title: title.to_owned(),
        running: format!("{title} · {span}"),
        footer: format!("Printed {}", when(printed_at, layout.zone)),
        printed_at,
        stamp: None,
    };
    pages.render(sections, layout)
}

/// Rocket's par sheet for one deck count as a PDF document's bytes.
pub fn render_par_sheet(print: &ParSheetPrint, layout: &Layout) -> Result<Vec<u8>, RenderError> {
    let title = format!("Rocket par sheet, {}", print.decks_text());
    par_pages(print, title, "par sheet", layout).render(&print.sheet_sections(), layout)
}

/// Rocket's best play for one deck count as a one-page strategy card.
pub fn render_strategy_card(
    print: &ParSheetPrint,
    layout: &Layout,
) -> Result<Vec<u8>, RenderError> {
    let title = format!("Rocket best play, {}", print.decks_text());
    par_pages(print, title, "strategy card", layout).render(&print.card_sections(), layout)
}

fn par_pages(print: &ParSheetPrint, title: String, what: &str, layout: &Layout) -> Pages {
    Pages {
        document_title: title.clone(),
        running: format!("{title} · {what}"),
        footer: format!(
            "Printed {} · house rules {}…",
            when(print.printed_at, layout.zone),
            &print.rules_hash[..16]
        ),
        title,
        printed_at: print.printed_at,
        stamp: None,
    }
}

/// The creator and producer every PDF of this program names in its
/// document information.
pub const PRODUCER: &str = "pairs-table";

/// The bytes every PDF of this program carries, and other programs' PDFs
/// do not: its document information's producer, [`PRODUCER`], as printpdf
/// writes it (`/Producer<FEFF…>`, the name in UTF-16BE hex).
pub fn producer_mark() -> Vec<u8> {
    let hex: String = PRODUCER
        .encode_utf16()
        .map(|unit| format!("{unit:04X}"))
        .collect();
    format!("/Producer<FEFF{hex}>").into_bytes()
}

/// What every page of a document carries besides its sections.
struct Pages {
    /// The PDF's own title (its metadata).
    document_title: String,
    /// The title on the first page.
    title: String,
    /// The line at the head of every page.
    running: String,
    /// The line at the foot of every page, beside "Page i of N".
    footer: String,
    /// When it was printed (the PDF's dates).
    printed_at: chrono::DateTime<chrono::Utc>,
    /// The stamp on every page (`REPRINT`, `INTERIM`), if any.
    stamp: Option<&'static str>,
}

impl Pages {
    /// The title and `sections` laid out on pages, each page with the
    /// running head, the footer and its number.
    fn render(&self, sections: &[Section], layout: &Layout) -> Result<Vec<u8>, RenderError> {
        let mut doc = PdfDocument::new(&self.document_title);
        let printed = pdf_date(self.printed_at);
        let info = &mut doc.metadata.info;
        info.creation_date = printed;
        info.modification_date = printed;
        info.metadata_date = printed;
        info.creator = PRODUCER.into();
        info.producer = PRODUCER.into();
        let regular = Face::load(REGULAR, "DejaVuSans.ttf", &mut doc)?;
        let bold = Face::load(BOLD, "DejaVuSans-Bold.ttf", &mut doc)?;

        let mut pager = Pager::new(layout, &regular, &bold);
        pager.title(&self.title);
        for section in sections {
            pager.section(section);
        }
        let pages = pager.finish();

        let count = pages.len();
        let small = layout.fonts.small;
        let (width, height) = layout.page.points();
        let m = layout.margins;
        let to_mm = |pt: f32| Mm(pt * 25.4 / 72.0);
        let pages = pages
            .into_iter()
            .enumerate()
            .map(|(i, ops)| {
                let mut pager = Pager::new(layout, &regular, &bold);
                pager.ops = ops;
                let top = height - m.top / 2.0;
                pager.text(m.left, top, &self.running, small, false, GREY);
                let bottom = m.bottom / 2.0;
                pager.text(m.left, bottom, &self.footer, small, false, GREY);
                let page = format!("Page {} of {count}", i + 1);
                let x = width - m.right - regular.width(&page, small);
                pager.text(x, bottom, &page, small, false, BLACK);
                if let Some(stamp) = self.stamp {
                    let size = layout.fonts.heading;
                    let x = width - m.right - bold.width(stamp, size);
                    pager.text(x, top - 2.0, stamp, size, true, RED);
                }
                PdfPage::new(to_mm(width), to_mm(height), pager.ops)
            })
            .collect();
        Ok(doc
            .with_pages(pages)
            .save(&PdfSaveOptions::default(), &mut Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::floor::{FloorPeriod, FloorReport, floor_sections};

    /// The titles of every table in `sections` that need more than one
    /// line in `layout`.
    fn wrapped_titles(sections: &[Section], layout: &Layout) -> Vec<String> {
        let mut doc = PdfDocument::new("titles");
        let regular = Face::load(REGULAR, "DejaVuSans.ttf", &mut doc).unwrap();
        let bold = Face::load(BOLD, "DejaVuSans-Bold.ttf", &mut doc).unwrap();
        let pager = Pager::new(layout, &regular, &bold);
        sections
            .iter()
            .flat_map(|s| &s.blocks)
            .filter_map(|b| match b {
                Block::Table { columns, .. } => Some(columns),
                _ => None,
            })
            .flat_map(|columns| {
                let lines = pager.title_lines(columns);
                columns
                    .iter()
                    .zip(lines)
                    .filter(|(_, l)| l.len() > 1)
                    .map(|(c, _)| c.title.to_owned())
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The sections of a floor report of no tables in `layout`.
    fn empty_floor_report(layout: &Layout) -> Vec<Section> {
        let report = FloorReport {
            period: FloorPeriod::LatestShifts,
            tables: Vec::new(),
            left_out: Vec::new(),
            clocks: Vec::new(),
            verifier: None,
            printed_at: chrono::DateTime::UNIX_EPOCH,
        };
        floor_sections(&report, layout.zone)
    }

    #[test]
    fn every_pdf_carries_the_producer_mark_that_says_this_program_wrote_it() {
        let layout = Layout::standard().unwrap();
        let report = crate::report::floor::FloorReport {
            period: FloorPeriod::LatestShifts,
            tables: Vec::new(),
            left_out: Vec::new(),
            clocks: Vec::new(),
            verifier: None,
            printed_at: chrono::DateTime::UNIX_EPOCH,
        };
        let bytes = render_floor_report(&report, &layout).unwrap();
        let mark = producer_mark();
        assert!(bytes.starts_with(b"%PDF-"));
        assert!(bytes.windows(mark.len()).any(|w| w == mark.as_slice()));
    }

    #[test]
    fn a_chart_of_odd_data_prints_without_a_panic() {
        use crate::report::document::Series;
        let layout = Layout::standard().unwrap();
        let series = |points: Vec<(f64, f64)>, mark| Series {
            name: "s".into(),
            points,
            mark,
        };
        let chart = Chart {
            title: "odd".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![
                series(Vec::new(), Mark::Line),
                series(vec![(f64::NAN, 1.0), (2.0, f64::INFINITY)], Mark::Points),
                series(vec![(3.0, -2.0)], Mark::Line),
                series(vec![(3.0, 5.0), (4.0, 5.0)], Mark::Bars),
            ],
            zero_line: true,
        };
        let pages = Pages {
            document_title: "chart".into(),
            title: "chart".into(),
            running: String::new(),
            footer: String::new(),
            printed_at: chrono::DateTime::UNIX_EPOCH,
            stamp: None,
        };
        let sections = [Section {
            title: "Charts".into(),
            blocks: vec![
                Block::Chart(chart.clone()),
                Block::Chart(Chart {
                    series: Vec::new(),
                    ..chart
                }),
            ],
        }];
        assert!(!pages.render(&sections, &layout).unwrap().is_empty());
    }

    #[test]
    fn the_floor_reports_column_titles_each_fit_their_column() {
        let layout = Layout::standard().unwrap();
        let sections = empty_floor_report(&layout);
        assert_eq!(wrapped_titles(&sections, &layout), Vec::<String>::new());
    }

    #[test]
    fn a_title_wider_than_its_column_wraps_instead_of_running_into_the_next() {
        let mut layout = Layout::standard().unwrap();
        layout.fonts.body = 20.0;
        let sections = empty_floor_report(&layout);
        assert!(wrapped_titles(&sections, &layout).contains(&"Exceptions".to_owned()));
    }
}
