//! The floor plan (docs/floor.md, "The pit view"): each pit's tables at
//! the places the house gave them (`floor place`), a card per table
//! coloured by its state and saying it in words, then the tables not
//! placed, in a row after every pit.

use std::collections::BTreeMap;

use eframe::egui::{self, Color32, RichText, Ui};

use super::super::widgets::{ALARM, GOOD};
use crate::engine::hand::GameKind;
use crate::floor::StationLink;
use crate::floor::survey::{PitTable, TableState};
use crate::report::units;
use crate::time_text::{Zone, when_stored};

/// A table card's size, points: four fit across a 1280-point window,
/// three beside a table's detail.
const CARD: egui::Vec2 = egui::vec2(280.0, 206.0);

/// The colour that marks each state (always beside its words, never alone).
fn state_colour(state: TableState) -> Color32 {
    match state {
        TableState::Open => GOOD,
        TableState::Closed => Color32::from_gray(140),
        TableState::Alarm => ALARM,
        TableState::LinkDown => Color32::from_rgb(235, 140, 20),
        TableState::NothingShipped => Color32::from_rgb(90, 140, 220),
    }
}

/// Draws every table, pit by pit, then the unplaced ones; returns the
/// station whose card was clicked, if one was.
pub(super) fn floor_plan_ui(
    ui: &mut Ui,
    tables: &[PitTable],
    selected: Option<&str>,
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
        let rows = placed
            .iter()
            .filter_map(|t| t.place.as_ref())
            .map(|p| p.row)
            .max();
        let columns = placed
            .iter()
            .filter_map(|t| t.place.as_ref())
            .map(|p| p.column)
            .max();
        egui::Grid::new(("pit", *pit))
            .spacing([8.0, 8.0])
            .show(ui, |ui| {
                for row in 1..=rows.unwrap_or(0) {
                    for column in 1..=columns.unwrap_or(0) {
                        let here = placed.iter().find(|t| {
                            t.place
                                .as_ref()
                                .is_some_and(|p| (p.row, p.column) == (row, column))
                        });
                        match here {
                            Some(table) => {
                                if table_card_ui(ui, table, selected) {
                                    clicked = Some(table.station.clone());
                                }
                            }
                            None => {
                                ui.allocate_space(CARD);
                            }
                        }
                    }
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
    }
    if !unplaced.is_empty() {
        if !pits.is_empty() {
            ui.heading("Not placed");
        }
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(8.0, 8.0);
            for table in unplaced {
                if table_card_ui(ui, table, selected) {
                    clicked = Some(table.station.clone());
                }
            }
        });
    }
    clicked
}

/// One table's card; true when its name was clicked.
fn table_card_ui(ui: &mut Ui, table: &PitTable, selected: Option<&str>) -> bool {
    let state = table.state();
    let colour = state_colour(state);
    let chosen = selected == Some(table.station.as_str());
    let frame = egui::Frame::group(ui.style())
        .fill(colour.gamma_multiply(0.12))
        .stroke(egui::Stroke::new(if chosen { 3.0 } else { 1.5 }, colour))
        .inner_margin(6.0);
    let mut clicked = false;
    ui.allocate_ui(CARD, |ui| {
        frame.show(ui, |ui| {
            ui.set_min_size(CARD - egui::vec2(12.0, 12.0));
            ui.set_max_width(CARD.x - 12.0);
            ui.spacing_mut().item_spacing.y = 2.0;
            ui.horizontal(|ui| {
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
            figures_ui(ui, table);
            link_ui(ui, &table.link);
        });
    });
    clicked
}

/// The table's game, limits, dealer and the shift's figures.
fn figures_ui(ui: &mut Ui, table: &PitTable) {
    ui.horizontal(|ui| {
        ui.label(table.table.as_deref().unwrap_or("no table yet"));
        if let Some(game) = table.game {
            ui.label(game.to_string());
        }
        if let Some(rules) = &table.rules {
            ui.label(match table.game {
                Some(GameKind::Starboard) => super::super::table::starboard_terms(&rules.starboard),
                _ => format!(
                    "limits {}–{}",
                    units(rules.rocket.min_bet_units as i64),
                    units(rules.rocket.max_bet_units as i64)
                ),
            });
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
        ui.label(format!(
            "expected {} ({} to {})",
            units(expected.expected),
            units(expected.low),
            units(expected.high)
        ));
        let what = match table.game {
            Some(GameKind::Starboard) => "rake",
            _ => "win",
        };
        let actual = units(table.actual_hold);
        if expected.covers(table.actual_hold) {
            ui.label(format!("{what} {actual} within its 95% range"));
        } else {
            ui.colored_label(
                ALARM,
                RichText::new(format!("{what} {actual} OUTSIDE its 95% range")).strong(),
            );
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
}

/// A station's lag, last contact, link failure and clock: the lag
/// `unknown` in the alarm colour once the station has been silent for the
/// house's notice time, never a number it reported before; a clock beyond
/// the house's tolerance in the alarm colour.
fn link_ui(ui: &mut Ui, link: &StationLink) {
    ui.horizontal_wrapped(|ui| {
        match (link.lag, link.silent) {
            (_, true) => {
                ui.colored_label(ALARM, RichText::new("lag unknown").strong());
            }
            (Some(lag), false) if link.link_failure.is_some() => {
                ui.colored_label(ALARM, format!("lag {lag}"));
            }
            (Some(lag), false) => {
                ui.label(format!("lag {lag}"));
            }
            (None, false) => {
                ui.label("lag —");
            }
        }
        let last = link
            .last_contact
            .as_deref()
            .map_or("never".to_owned(), |t| when_stored(t, Zone::Local));
        if link.silent {
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
    fn every_state_has_its_own_colour_and_words() {
        let states = [
            TableState::Open,
            TableState::Closed,
            TableState::Alarm,
            TableState::LinkDown,
            TableState::NothingShipped,
        ];
        for (i, a) in states.iter().enumerate() {
            for b in &states[i + 1..] {
                assert_ne!(state_colour(*a), state_colour(*b), "{a:?} and {b:?}");
                assert_ne!(a.words(), b.words());
            }
        }
    }
}
