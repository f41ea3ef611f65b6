//! The Rating tab (docs/rating.md): the rated players seated now, their
//! running ratings and any player's rating by card number with each
//! session's slip. Ratings are pit boss work: each view is confirmed with
//! the pit boss's PIN and recorded as a look-up.

use eframe::egui::{self, Ui};

use super::forms::{Note, Signer, action_ui, signed};
use crate::ledger::SeatedPlayer;
use crate::rating::{Period, PlayerRating, Rater, Rating};
use crate::simulate::Strategy;
use crate::station::Station;
use crate::time_text::{Zone, when};
use crate::ui::error::ScreenError;
use crate::ui::widgets::labelled_input_ui;

/// The Rating tab's inputs and what it showed.
#[derive(Default)]
pub(super) struct RatingTab {
    seated: Option<Result<Vec<SeatedPlayer>, ScreenError>>,
    running_by: Signer,
    running_note: Note,
    running: Vec<PlayerRating>,
    card: String,
    lookup_by: Signer,
    lookup_note: Note,
    looked_up: Option<PlayerRating>,
}

impl RatingTab {
    /// Forgets who is seated and every rating shown: a rating is shown
    /// only right after the PIN that recorded its look-up.
    pub(super) fn reload(&mut self) {
        self.seated = None;
        self.running.clear();
        self.looked_up = None;
    }

    pub(super) fn show_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("Rated players seated now");
        let seated = self.seated.get_or_insert_with(|| {
            station
                .ledger()
                .seated_players(None)
                .map_err(ScreenError::from)
        });
        match seated {
            Err(error) => error.show_ui(ui),
            Ok(list) if list.is_empty() => {
                ui.label("No rated player is seated. The dealer seats players on the table screen, under Rated players.");
            }
            Ok(list) => {
                let cards: Vec<String> = list.iter().map(|s| s.player.card.clone()).collect();
                seated_grid_ui(ui, list, &self.running);
                self.running_by.show_ui(ui, "Pit boss", "show ratings");
                if action_ui(ui, "Show running ratings", &mut self.running_note) {
                    let outcome = signed(&mut self.running_by, "pit boss", |by| {
                        let ledger = station.ledger_mut();
                        let mut rater = Rater::new(Strategy::Optimal);
                        let mut shown = Vec::new();
                        for card in &cards {
                            ledger.record_rating_lookup(card, Some(by))?;
                            shown.push(rater.rate_player(ledger, card, Period::default())?);
                        }
                        Ok(shown)
                    });
                    self.running_note.set(outcome.map(|shown| {
                        let n = shown.len();
                        self.running = shown;
                        format!("{n} look-up(s) recorded.")
                    }));
                }
            }
        }
        ui.separator();
        ui.heading("Look up a player");
        labelled_input_ui(ui, "Card number", &mut self.card, 120.0);
        self.lookup_by.show_ui(ui, "Pit boss", "look up");
        if action_ui(ui, "Look up", &mut self.lookup_note) {
            let card = self.card.clone();
            let outcome = signed(&mut self.lookup_by, "pit boss", |by| {
                let ledger = station.ledger_mut();
                // Refused for an unknown card before anything is recorded.
                let rating =
                    Rater::new(Strategy::Optimal).rate_player(ledger, &card, Period::default())?;
                ledger.record_rating_lookup(&card, Some(by))?;
                Ok(rating)
            });
            self.lookup_note.set(outcome.map(|rating| {
                let text = format!("Look-up of card {} recorded.", rating.player.card);
                self.looked_up = Some(rating);
                text
            }));
        }
        if let Some(rating) = &self.looked_up {
            player_ui(ui, rating);
        }
    }
}

/// The seated players, with their running session's figures once shown.
fn seated_grid_ui(ui: &mut Ui, list: &[SeatedPlayer], running: &[PlayerRating]) {
    egui::Grid::new("rated-seated")
        .striped(true)
        .show(ui, |ui| {
            for title in ["Table", "Seat", "Card", "Name", "Since"] {
                ui.strong(title);
            }
            figure_titles_ui(ui);
            ui.end_row();
            for seated in list {
                ui.label(&seated.table);
                ui.label(seated.seat.to_string());
                ui.label(&seated.player.card);
                ui.label(seated.player.name.as_deref().unwrap_or("—"));
                ui.label(when(seated.since, Zone::Local));
                // The session now running: the player's last.
                let session = running
                    .iter()
                    .find(|r| r.player.card == seated.player.card)
                    .and_then(|r| r.sessions.last());
                if let Some(slip) = session {
                    figures_ui(ui, &slip.rating);
                }
                ui.end_row();
            }
        });
}

const FIGURE_TITLES: [&str; 7] = [
    "Hands", "Wagered", "Avg bet", "Largest", "Theo", "Actual", "Time",
];

fn figure_titles_ui(ui: &mut Ui) {
    for title in FIGURE_TITLES {
        ui.strong(title);
    }
}

fn figures_ui(ui: &mut Ui, r: &Rating) {
    for cell in [
        r.hands.to_string(),
        r.wagered.to_string(),
        r.average_bet.to_string(),
        r.largest_bet.to_string(),
        r.theo.to_string(),
        r.actual_win.to_string(),
        format!("{}:{:02}", r.seconds / 3600, r.seconds / 60 % 60),
    ] {
        ui.label(cell);
    }
}

/// A player's total and each session's rating slip.
fn player_ui(ui: &mut Ui, rating: &PlayerRating) {
    ui.strong(format!(
        "Card {}{}: {} decisions per hour; theo {} against actual {}",
        rating.player.card,
        rating
            .player
            .name
            .as_deref()
            .map_or_else(String::new, |n| format!(" ({n})")),
        rating.rating.decisions_per_hour,
        rating.rating.theo,
        rating.rating.actual_win
    ));
    egui::Grid::new("rated-player")
        .striped(true)
        .show(ui, |ui| {
            for title in ["Session", "Seated", "Unseated"] {
                ui.strong(title);
            }
            figure_titles_ui(ui);
            ui.end_row();
            for slip in &rating.sessions {
                let s = &slip.session;
                ui.label(format!("{}, seat {}", s.table, s.seat));
                ui.label(when(s.seated_at, Zone::Local));
                ui.label(
                    s.unseated_at
                        .map_or_else(|| "seated now".to_owned(), |t| when(t, Zone::Local)),
                );
                figures_ui(ui, &slip.rating);
                ui.end_row();
            }
            ui.strong("Total");
            ui.label("");
            ui.label("");
            figures_ui(ui, &rating.rating);
            ui.end_row();
        });
}
