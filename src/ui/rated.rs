//! The dealer's rated-player form on the table screen (docs/rating.md):
//! who is seated where, seating a player by card number and unseating.
//! Dealers see only who is seated; ratings are on the pit boss's screen.

use eframe::egui::{self, Ui};

use crate::ledger::SeatedPlayer;
use crate::station::Station;
use crate::time_text::{Zone, when};
use crate::ui::error::ScreenError;
use crate::ui::widgets::{GOOD, labelled_input_ui};

/// The form's inputs, the players seated as last read and the last outcome.
#[derive(Default)]
pub struct RatedPlayersForm {
    seat: String,
    card: String,
    name: String,
    seated: Option<Result<Vec<SeatedPlayer>, ScreenError>>,
    outcome: Option<Result<String, ScreenError>>,
}

impl RatedPlayersForm {
    /// The rated player at `seat`, if any (as last read).
    pub fn at_seat(&self, seat: u8) -> Option<&SeatedPlayer> {
        match &self.seated {
            Some(Ok(list)) => list.iter().find(|s| s.seat == seat),
            _ => None,
        }
    }

    /// Reads who is seated again (after seating, unseating or a restart).
    pub fn reload(&mut self, station: &Station) {
        self.seated = Some(station.rated_players().map_err(ScreenError::from));
    }

    /// Forgets the last outcome (the user typed again).
    pub fn clear_outcome(&mut self) {
        if matches!(self.outcome, Some(Err(_))) {
            self.outcome = None;
        }
    }

    /// Draws the form, collapsed under "Rated players" until opened.
    pub fn show_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        if self.seated.is_none() {
            self.reload(station);
        }
        let count = match &self.seated {
            Some(Ok(list)) => list.len(),
            _ => 0,
        };
        egui::CollapsingHeader::new(format!("Rated players ({count} seated)"))
            .id_salt("rated-players")
            .show(ui, |ui| self.body_ui(ui, station));
    }

    fn body_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        let mut unseat = None;
        match &self.seated {
            Some(Err(error)) => error.show_ui(ui),
            Some(Ok(list)) => {
                for seated in list {
                    ui.horizontal_wrapped(|ui| {
                        if ui.button(format!("Unseat {}", seated.seat)).clicked() {
                            unseat = Some(seated.seat);
                        }
                        ui.label(format!(
                            "Seat {}: card {}{}, since {}",
                            seated.seat,
                            seated.player.card,
                            seated
                                .player
                                .name
                                .as_deref()
                                .map_or_else(String::new, |n| format!(" ({n})")),
                            when(seated.since, Zone::Local)
                        ));
                    });
                }
            }
            None => {}
        }
        if let Some(seat) = unseat {
            self.outcome = Some(
                station
                    .unseat_player(seat)
                    .map(|card| format!("Card {card} unseated from seat {seat}."))
                    .map_err(ScreenError::from),
            );
            self.reload(station);
        }
        ui.horizontal(|ui| {
            labelled_input_ui(ui, "Seat", &mut self.seat, 30.0);
            labelled_input_ui(ui, "Card", &mut self.card, 110.0);
        });
        labelled_input_ui(ui, "Name (optional)", &mut self.name, 140.0);
        ui.horizontal_wrapped(|ui| {
            if ui.button("Seat player").clicked() {
                let outcome = self.seat_player(station);
                if outcome.is_ok() {
                    self.card.clear();
                    self.name.clear();
                    self.seat.clear();
                }
                self.outcome = Some(outcome);
                self.reload(station);
            }
            match &self.outcome {
                Some(Ok(text)) => {
                    ui.colored_label(GOOD, text);
                }
                Some(Err(error)) => error.show_ui(ui),
                None => {}
            }
        });
    }

    fn seat_player(&self, station: &mut Station) -> Result<String, ScreenError> {
        let seat: u8 = self.seat.trim().parse().map_err(|_| {
            ScreenError::Form(format!("{:?} is not a seat number", self.seat.trim()))
        })?;
        let name = Some(self.name.as_str()).filter(|n| !n.trim().is_empty());
        station.seat_player(seat, &self.card, name)?;
        Ok(format!("Card {} seated at seat {seat}.", self.card.trim()))
    }
}
