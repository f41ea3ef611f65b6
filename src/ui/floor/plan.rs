//! The floor plan (docs/floor.md, "The pit view"): each pit's tables at
//! the places the house gave them (`floor place`), a card per table
//! coloured by its state and saying it in words, then the tables not
//! placed, in a row after every pit.

use std::collections::BTreeMap;

use eframe::egui::{self, Color32, RichText, Ui};

use super::super::widgets::{ACTOR, ALARM, GOOD};
use crate::engine::hand::GameKind;
use crate::floor::StationLink;
use crate::floor::survey::{PitTable, TableState};
use crate::report::units;
use crate::time_text::{Zone, when_stored};

/// A table card's size, points: four fit across a 1280-point window,
/// three beside a table's detail.
const CARD: egui::Vec2 = egui::vec2(280.0, 216.0);

/// The colour that marks each state (always beside its words, never alone).
fn state_colour(state: TableState) -> Color32 {
    match state {
        TableState::Open => GOOD,
        TableState::Closed => Color32::from_gray(140),
        TableState::Alarm => ALARM,
        TableState::LinkDown => Color32::from_rgb(235, 140, 20),
        TableState::NothingShipped => Color32::from_rgb(90, 140, 220),
        TableState::StationOff => Color32::from_rgb(110, 110, 150),
    }
}

/// Space between cards, points.
const GAP: f32 = 8.0;

/// Draws a station's marks on its card (`watch::card_marks_ui`).
pub(super) type Marks<'a> = dyn Fn(&mut Ui, &str) + 'a;

/// Draws every table, pit by pit, then the unplaced ones, each with its
/// marks; returns the station whose card was clicked, if one was.
pub(super) fn floor_plan_ui(
    ui: &mut Ui,
    tables: &[PitTable],
    selected: Option<&str>,
    marks: &Marks<'_>,
) -> Option<String> {
    let mut pits: BTreeMap<&str, Vec<&PitTable>> = BTreeMap::new();
    let mut unplaced = Vec::new();
    for table in tables {
        match &table.place {
            Some(place) => pits.entry(place.pit.as_str()).or_default().push(table),
            None => unplaced.push(table),
        }
    }
    let mut clicked = None;
    for (pit, placed) in &pits {
        ui.heading(*pit);
        let places = || placed.iter().filter_map(|t| Some((t.place.as_ref()?, *t)));
        let rows = places().map(|(p, _)| p.row).max().unwrap_or(0);
        let columns = places().map(|(p, _)| p.column).max().unwrap_or(0);
        // Each row of the grid as tall as its tallest card, so no card's
        // last line is cut.
        let mut heights = vec![CARD.y; usize::from(rows)];
        for (place, table) in places() {
            let row = &mut heights[usize::from(place.row - 1)];
            *row = row.max(card_height(ui, table, marks));
        }
        let tops: Vec<f32> = heights
            .iter()
            .scan(0.0, |top, height| {
                let this = *top;
                *top += height + GAP;
                Some(this)
            })
            .collect();
        // The pit's whole grid, empty places included, so each table
        // stands where the house put it.
        let size = egui::vec2(
            f32::from(columns) * (CARD.x + GAP),
            heights.iter().map(|h| h + GAP).sum(),
        );
        let (area, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        for (place, table) in places() {
            let row = usize::from(place.row - 1);
            let corner =
                area.min + egui::vec2(f32::from(place.column - 1) * (CARD.x + GAP), tops[row]);
            let rect = egui::Rect::from_min_size(corner, egui::vec2(CARD.x, heights[row]));
            if table_card_ui(ui, rect, table, selected, marks) {
                clicked = Some(table.station.clone());
            }
        }
        ui.add_space(GAP);
    }
    if !unplaced.is_empty() {
        if !pits.is_empty() {
            ui.heading("Not placed");
        }
        let height = unplaced
            .iter()
            .map(|table| card_height(ui, table, marks))
            .fold(CARD.y, f32::max);
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(GAP, GAP);
            for table in unplaced {
                let size = egui::vec2(CARD.x, height);
                let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                if table_card_ui(ui, rect, table, selected, marks) {
                    clicked = Some(table.station.clone());
                }
            }
        });
    }
    clicked
}

/// The space between a card's border and its lines, points (the widest
/// border's).
const CARD_INSET: f32 = 3.0 + 5.0;

/// The height `table`'s card needs for all its lines, at least
/// [`CARD`]'s: its lines laid out once unseen, at the card's width.
fn card_height(ui: &mut Ui, table: &PitTable, marks: &Marks<'_>) -> f32 {
    let width = CARD.x - 2.0 * CARD_INSET;
    let builder = egui::UiBuilder::new()
        .max_rect(egui::Rect::from_min_size(
            ui.cursor().min,
            egui::vec2(width, f32::MAX / 4.0),
        ))
        .layout(egui::Layout::top_down(egui::Align::Min))
        .sizing_pass()
        .invisible();
    let child = &mut ui.new_child(builder);
    card_lines_ui(child, table, false, marks);
    (child.min_rect().height() + 2.0 * CARD_INSET).max(CARD.y)
}

/// One table's card, drawn in `rect` (as tall as its lines need:
/// [`card_height`]), its marks under its name; true when its name was
/// clicked.
fn table_card_ui(
    ui: &mut Ui,
    rect: egui::Rect,
    table: &PitTable,
    selected: Option<&str>,
    marks: &Marks<'_>,
) -> bool {
    let state = table.state();
    let colour = state_colour(state);
    let chosen = selected == Some(table.station.as_str());
    let border = if chosen { 3.0 } else { 1.5 };
    ui.painter().rect(
        rect,
        egui::CornerRadius::same(6),
        colour.gamma_multiply(0.12),
        egui::Stroke::new(border, colour),
        egui::StrokeKind::Inside,
    );
    let inside = rect.shrink(CARD_INSET);
    let builder = egui::UiBuilder::new()
        .max_rect(inside)
        .layout(egui::Layout::top_down(egui::Align::Min));
    // A child of its own, drawn where the plan put it: the parent's
    // layout has already made room for it.
    let ui = &mut ui.new_child(builder);
    ui.set_clip_rect(inside.intersect(ui.clip_rect()));
    card_lines_ui(ui, table, chosen, marks)
}

/// A card's lines in `ui`: the station's name (selected when `chosen`)
/// and state, its marks, its figures and its link; true when its name
/// was clicked.
fn card_lines_ui(ui: &mut Ui, table: &PitTable, chosen: bool, marks: &Marks<'_>) -> bool {
    let state = table.state();
    let colour = state_colour(state);
    let mut clicked = false;
    // A card's lines in the small text, so a table's figures fit.
    super::small_body(ui);
    ui.spacing_mut().item_spacing.y = 1.0;
    ui.horizontal_wrapped(|ui| {
        clicked = ui
            .selectable_label(chosen, RichText::new(&table.station).strong())
            .clicked();
        ui.label(
            RichText::new(state.words())
                .strong()
                .color(Color32::BLACK)
                .background_color(colour),
        );
    });
    marks(ui, &table.station);
    figures_ui(ui, table);
    link_ui(ui, &table.link, state == TableState::StationOff);
    clicked
}

/// The most characters of a table's name a card shows.
const NAME_CHARACTERS: usize = 40;

/// `name` cut to [`NAME_CHARACTERS`], `…` marking the cut.
fn cut_name(name: &str) -> String {
    match name.char_indices().nth(NAME_CHARACTERS) {
        Some((at, _)) => format!("{}…", &name[..at]),
        None => name.to_owned(),
    }
}

/// The table's game, limits, dealer and the shift's figures.
fn figures_ui(ui: &mut Ui, table: &PitTable) {
    ui.horizontal_wrapped(|ui| {
        match table.table.as_deref() {
            // A name as the station signed it, however long: cut, whole on hover.
            Some(name) => ui.label(cut_name(name)).on_hover_text(name),
            None => ui.label("no table yet"),
        };
        if let Some(game) = table.game {
            ui.label(game.to_string());
        }
        if let Some(rules) = &table.rules {
            ui.label(match table.game {
                Some(GameKind::Starboard) => crate::station::starboard_terms(&rules.starboard),
                _ => format!(
                    "limits {}",
                    limits_text(rules.rocket.min_bet_units, rules.rocket.max_bet_units)
                ),
            });
        }
        if let Some(next) = &table.next_limits {
            ui.label(format!(
                "({} from the next hand)",
                limits_text(next.min_bet_units, next.max_bet_units)
            ));
        }
    });
    if !table.shipped {
        return;
    }
    match &table.dealer {
        Some(dealer) => ui.label(format!("dealer {}", dealer.name)),
        None => ui.label("no hand dealt"),
    };
    ui.label(format!(
        "{} · drop {} · win {} · hold {}",
        crate::report::counted(table.hands, "hand", "hands"),
        units(table.drop as i64),
        units(table.win),
        table.hold.as_deref().unwrap_or("—")
    ));
    if let Some(expected) = &table.expected_hold {
        let actual = units(table.actual_hold);
        let (line, fits, misfit) = if table.game == Some(GameKind::Starboard) {
            (
                format!("rake due {}", units(expected.expected)),
                format!("rake {actual} as the rules take"),
                format!("rake {actual} NOT the rake due"),
            )
        } else {
            (
                format!(
                    "expected {} ({} to {})",
                    units(expected.expected),
                    units(expected.low),
                    units(expected.high)
                ),
                format!("win {actual} within its 95% range"),
                format!("win {actual} OUTSIDE its 95% range"),
            )
        };
        ui.label(line);
        if expected.covers(table.actual_hold) {
            ui.label(fits);
        } else {
            ui.colored_label(ALARM, RichText::new(misfit).strong());
        }
    }
    if !table.alarms.is_empty() {
        ui.colored_label(
            ALARM,
            RichText::new(crate::report::counted(
                table.alarms.len() as u64,
                "open alarm",
                "open alarms",
            ))
            .strong(),
        );
    }
    if !table.waiting.is_empty() {
        ui.colored_label(
            ACTOR,
            RichText::new(format!("waits for a pit boss ({})", table.waiting.len())).strong(),
        );
    }
}

/// Bet limits as the pit reads them: `10–1,000`.
fn limits_text(min_bet_units: u64, max_bet_units: u64) -> String {
    format!(
        "{}–{}",
        units(min_bet_units as i64),
        units(max_bet_units as i64)
    )
}

/// A station's lag, last contact, link failure and clock: the lag
/// `unknown` in the alarm colour once the station has been silent for the
/// house's notice time or has missed three heartbeats, or when its last
/// heartbeat is not signed by its key, never a number it reported before
/// (but for a station `switched_off` after closing, whose silence is no
/// alarm); a clock beyond the house's tolerance in the alarm colour.
fn link_ui(ui: &mut Ui, link: &StationLink, switched_off: bool) {
    ui.horizontal_wrapped(|ui| {
        let distrusted = link.heartbeat_problem.is_some();
        match (link.lag, link.silent || distrusted) {
            // Silent after closing, as a station is: no alarm colour.
            (_, true) if switched_off => {
                ui.label("lag —");
            }
            (_, true) => {
                ui.colored_label(ALARM, RichText::new("lag unknown").strong());
            }
            (Some(lag), false) if link.link_failure.is_some() => {
                ui.colored_label(ALARM, format!("lag {lag}"));
            }
            (Some(lag), false) => {
                ui.label(format!("lag {lag}"));
            }
            (None, false) if link.stale() => {
                ui.colored_label(ALARM, link.lag_words());
            }
            (None, false) => {
                ui.label("lag —");
            }
        }
        if let Some(problem) = &link.heartbeat_problem {
            ui.colored_label(ALARM, format!("heartbeat: {problem}"));
        }
        let last = link
            .last_contact
            .as_deref()
            .map_or("never".to_owned(), |t| when_stored(t, Zone::Local));
        if link.silent && switched_off {
            ui.label(format!("last contact {last}"));
        } else if link.silent {
            ui.colored_label(ALARM, format!("last contact {last} (silent)"));
        } else {
            ui.label(format!("last contact {last}"));
        }
        if let Some(why) = &link.link_failure {
            ui.colored_label(ALARM, format!("failed: {why}"));
        }
        match (link.clock_words(), link.clock_flagged) {
            (Some(clock), true) => {
                ui.colored_label(ALARM, RichText::new(format!("clock {clock}")).strong());
            }
            (Some(clock), false) => {
                ui.label(format!("clock {clock}"));
            }
            (None, _) => {}
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_table_name_is_cut_on_the_card() {
        let long = "é".repeat(65_536);
        let shown = cut_name(&long);
        assert_eq!(shown.chars().count(), NAME_CHARACTERS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(cut_name("table 1"), "table 1");
    }

    #[test]
    fn every_state_has_its_own_colour_and_words() {
        let states = [
            TableState::Open,
            TableState::Closed,
            TableState::Alarm,
            TableState::LinkDown,
            TableState::NothingShipped,
            TableState::StationOff,
        ];
        for (i, a) in states.iter().enumerate() {
            for b in &states[i + 1..] {
                assert_ne!(state_colour(*a), state_colour(*b), "{a:?} and {b:?}");
                assert_ne!(a.words(), b.words());
            }
        }
    }
}
