//! The hand browser on the Audit tab: this table's hands (or every
//! table's), newest first, a page at a time, found by hand number, time,
//! dealer, seat, rated player, outcome, amount and alarm; a chosen hand
//! stepped card by card, exported as a hand history
//! (docs/replay-format.md).

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use eframe::egui::{self, Ui};

use super::forms::Note;
use crate::engine::shoe::ShoeEvent;
use crate::engine::table::{FinishedHand, HandEvent};
use crate::engine::{Rank, Step};
use crate::history::HandHistory;
use crate::ids::{HandId, StaffId, TableHand, TableId};
use crate::ledger::{HandFilter, HandOutcome, HandPage, TimeRange};
use crate::station::Station;
use crate::time_text::{Zone, when};
use crate::ui::error::ScreenError;
use crate::ui::widgets::{card_face_ui, labelled_input_ui};

/// Hands on one page of the browser.
pub const HANDS_PER_PAGE: usize = 50;

/// The hand browser's filter inputs.
#[derive(Default)]
struct FilterInputs {
    hand: String,
    from: String,
    to: String,
    dealer: String,
    seat: String,
    player: String,
    outcome: Option<HandOutcome>,
    min_amount: String,
    with_alarm: bool,
    every_table: bool,
}

/// A time typed in the station's local time (or RFC 3339 with its offset).
fn parse_time(text: &str, what: &str) -> Result<Option<DateTime<Utc>>, ScreenError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(Some(t.with_timezone(&Utc)));
    }
    let wall = ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(text, format).ok())
        .or_else(|| {
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .and_then(|d| d.and_hms_opt(0, 0, 0))
        });
    match wall {
        Some(wall) => Zone::Local.to_utc(wall).map(Some).ok_or_else(|| {
            ScreenError::Form(format!(
                "the {what} time \"{text}\" does not exist here: the clocks skip that hour"
            ))
        }),
        None => Err(ScreenError::Form(format!(
            "the {what} time \"{text}\" is not a time; type it like 2026-03-01 18:00 (local time)"
        ))),
    }
}

impl FilterInputs {
    fn filter(&self, table: TableId) -> Result<HandFilter, ScreenError> {
        let optional = |text: &str, what: &str| -> Result<Option<u64>, ScreenError> {
            let text = text.trim();
            if text.is_empty() {
                return Ok(None);
            }
            text.parse::<u64>()
                .map(Some)
                .map_err(|_| ScreenError::Form(format!("the {what} must be a whole number")))
        };
        Ok(HandFilter {
            started: TimeRange {
                from: parse_time(&self.from, "from")?,
                to: parse_time(&self.to, "to")?,
            },
            shift: None,
            dealer: optional(&self.dealer, "dealer ID")?
                .map(|d| {
                    u32::try_from(d)
                        .map(StaffId)
                        .map_err(|_| ScreenError::Form("the dealer ID is too large".to_owned()))
                })
                .transpose()?,
            seat: optional(&self.seat, "seat")?
                .map(|s| {
                    u8::try_from(s)
                        .map_err(|_| ScreenError::Form("there is no such seat".to_owned()))
                })
                .transpose()?,
            outcome: self.outcome,
            min_amount: optional(&self.min_amount, "minimum amount")?,
            table: (!self.every_table).then_some(table),
            hand: optional(&self.hand, "hand number")?
                .map(|h| {
                    i64::try_from(h)
                        .map(HandId)
                        .map_err(|_| ScreenError::Form("there is no such hand".to_owned()))
                })
                .transpose()?,
            player: Some(self.player.trim().to_owned()).filter(|p| !p.is_empty()),
            with_alarm: self.with_alarm,
        })
    }
}

/// A page of hands found, each with its number at its table.
struct Page {
    found: HandPage,
    numbers: Vec<TableHand>,
    /// Each dealer of the page's hands as shown: `Name (#id)`.
    dealers: std::collections::HashMap<crate::ids::StaffId, String>,
}

/// A chosen hand in the browser, stepped card by card.
struct Chosen {
    id: HandId,
    number: TableHand,
    finished: FinishedHand,
    /// How many events are shown.
    step: usize,
}

/// The browser's filter, the page of hands found and the one chosen.
#[derive(Default)]
pub(super) struct HandBrowser {
    filter: FilterInputs,
    /// The page shown (None: find it on the next frame).
    page: Option<Result<Page, ScreenError>>,
    /// Where each page shown so far starts: older than this hand (None:
    /// the newest); the last is the page shown.
    cursors: Vec<Option<HandId>>,
    chosen: Option<Result<Chosen, ScreenError>>,
    export_path: String,
    export_note: Note,
    export_json: Option<String>,
}

impl HandBrowser {
    /// Forgets the page found, so the next frame finds it again.
    pub(super) fn reload(&mut self) {
        self.page = None;
    }

    pub(super) fn choose(&mut self, station: &Station, hand: HandId) {
        let ledger = station.ledger();
        self.chosen = Some(
            ledger
                .table_hand(hand)
                .and_then(|number| {
                    Ok(Chosen {
                        id: hand,
                        number,
                        finished: ledger.load_hand(hand)?,
                        step: 0,
                    })
                })
                .map_err(|e| ScreenError::Form(format!("hand {hand} cannot be shown: {e}"))),
        );
        self.export_json = None;
        self.export_note = Note::default();
    }

    pub(super) fn show_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        let top = ui.cursor().top();
        ui.heading("Hand browser");
        ui.label(if self.filter.every_table {
            "Hands of every table in this ledger, newest first.".to_owned()
        } else {
            format!("Hands of table {}, newest first.", station.setup().name)
        });
        // Two rows that each fit a 1024-wide window: a wrapping row would
        // run a labelled input past the window's edge rather than wrap it.
        ui.horizontal(|ui| {
            labelled_input_ui(ui, "Hand number", &mut self.filter.hand, 60.0);
            labelled_input_ui(ui, "From", &mut self.filter.from, 150.0);
            labelled_input_ui(ui, "To", &mut self.filter.to, 150.0);
        });
        ui.horizontal(|ui| {
            labelled_input_ui(ui, "Dealer", &mut self.filter.dealer, 60.0);
            labelled_input_ui(ui, "Seat", &mut self.filter.seat, 40.0);
            labelled_input_ui(ui, "Player card", &mut self.filter.player, 110.0);
            labelled_input_ui(ui, "Minimum amount", &mut self.filter.min_amount, 70.0);
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Outcome");
            for (value, name) in [
                (None, "any"),
                (Some(HandOutcome::HouseWon), "house won"),
                (Some(HandOutcome::HouseLost), "house lost"),
                (Some(HandOutcome::Even), "even"),
                (Some(HandOutcome::Voided), "voided"),
            ] {
                ui.selectable_value(&mut self.filter.outcome, value, name);
            }
            ui.checkbox(&mut self.filter.with_alarm, "With an alarm");
            ui.checkbox(&mut self.filter.every_table, "Every table in this ledger");
        });
        let more = matches!(&self.page, Some(Ok(page)) if page.found.more);
        let last_shown = match &self.page {
            Some(Ok(page)) => page.found.hands.last().map(|h| h.id),
            _ => None,
        };
        ui.horizontal(|ui| {
            if ui.button("Find hands").clicked() {
                self.cursors.clear();
                self.page = None;
            }
            if ui
                .add_enabled(self.cursors.len() > 1, egui::Button::new("Newer hands"))
                .clicked()
            {
                self.cursors.pop();
                self.page = None;
            }
            if ui
                .add_enabled(more, egui::Button::new("Older hands"))
                .clicked()
            {
                self.cursors.push(last_shown);
                self.page = None;
            }
        });
        if self.cursors.is_empty() {
            self.cursors.push(None);
        }
        let before = self.cursors.last().copied().flatten();
        let table = station.table_id();
        let page = self.page.get_or_insert_with(|| {
            self.filter.filter(table).and_then(|f| {
                let ledger = station.ledger();
                let found = ledger.browse_newest(&f, before, HANDS_PER_PAGE)?;
                let numbers = found
                    .hands
                    .iter()
                    .map(|hand| ledger.table_hand(hand.id))
                    .collect::<Result<_, _>>()?;
                let dealers = ledger
                    .staff_list()?
                    .into_iter()
                    .map(|member| (member.id, format!("{} (#{})", member.name, member.id)))
                    .collect();
                Ok(Page {
                    found,
                    numbers,
                    dealers,
                })
            })
        });
        let mut pick = None;
        match page {
            Err(error) => error.show_ui(ui),
            Ok(page) if page.found.hands.is_empty() => {
                ui.label("No hands match.");
            }
            Ok(page) => {
                ui.label(format!(
                    "Page {}: hands {} to {}{}",
                    self.cursors.len(),
                    page.numbers[0],
                    page.numbers[page.numbers.len() - 1],
                    if page.found.more {
                        "; older hands match too"
                    } else {
                        ""
                    }
                ));
                // The list fills the window below the browser's heading and
                // filters (the pit screen scrolls to bring them to the top),
                // wherever the browser starts on the tab; with a hand
                // chosen, it leaves room for the hand below.
                let above = ui.cursor().top() - top;
                let height = if self.chosen.is_some() {
                    220.0
                } else {
                    (ui.clip_rect().height() - above - 8.0).max(220.0)
                };
                // As tall as that even where the tab's own scrolling leaves
                // less room below (a scroll area shrinks to the room left).
                egui::ScrollArea::vertical()
                    .id_salt("hand-list")
                    .max_height(height)
                    .min_scrolled_height(height)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        for (hand, number) in page.found.hands.iter().zip(&page.numbers) {
                            // Rocket's seats with their bets (`2:100`); Starboard
                            // records no bet, so its seats alone.
                            let seats: Vec<String> = hand
                                .seats
                                .iter()
                                .map(|&(s, b)| match b {
                                    0 => s.to_string(),
                                    _ => format!("{s}:{b}"),
                                })
                                .collect();
                            let text = format!(
                                "Hand {} · {} · dealer {} · seats {} · {} · house {:+}",
                                number,
                                when(hand.started_at, Zone::Local),
                                page.dealers
                                    .get(&hand.dealer)
                                    .map_or_else(|| format!("#{}", hand.dealer), Clone::clone),
                                seats.join(" "),
                                hand.outcome.words(),
                                hand.house_net
                            );
                            let selected = matches!(&self.chosen, Some(Ok(c)) if c.id == hand.id);
                            if ui.selectable_label(selected, text).clicked() {
                                pick = Some(hand.id);
                            }
                        }
                    });
            }
        }
        if let Some(hand) = pick {
            self.choose(station, hand);
        }
        self.chosen_hand_ui(ui);
    }

    fn chosen_hand_ui(&mut self, ui: &mut Ui) {
        let Some(chosen) = &mut self.chosen else {
            return;
        };
        let chosen = match chosen {
            Err(error) => {
                error.show_ui(ui);
                return;
            }
            Ok(chosen) => chosen,
        };
        ui.separator();
        let total = chosen.finished.events.len();
        ui.heading(format!("Hand {} step by step", chosen.number));
        ui.label(format!(
            "Seats and bets: {}",
            chosen
                .finished
                .setup
                .seats
                .iter()
                .map(|(s, b)| format!("seat {s} bet {b}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        ui.horizontal(|ui| {
            if ui
                .add_enabled(chosen.step > 0, egui::Button::new("Previous step"))
                .clicked()
            {
                chosen.step -= 1;
            }
            if ui
                .add_enabled(chosen.step < total, egui::Button::new("Next step"))
                .clicked()
            {
                chosen.step += 1;
            }
            if ui.button("Show all steps").clicked() {
                chosen.step = total;
            }
            ui.label(format!("Step {} of {total}", chosen.step));
        });
        for (index, event) in chosen.finished.events.iter().take(chosen.step).enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{}.", index + 1));
                if let Some(rank) = event_rank(event) {
                    card_face_ui(ui, rank, egui::vec2(24.0, 34.0), false);
                }
                ui.label(describe_event(event));
            });
        }
        if chosen.step == total {
            ui.strong("Payouts");
            if chosen.finished.transfers.is_empty() {
                ui.label("No transfers.");
            }
            for transfer in &chosen.finished.transfers {
                ui.label(format!(
                    "{} pays {} {} units ({})",
                    transfer.from,
                    transfer.to,
                    transfer.amount,
                    transfer.kind.words()
                ));
            }
        }
        ui.horizontal(|ui| {
            labelled_input_ui(ui, "Export file path", &mut self.export_path, 300.0);
            if ui.button("Export to file").clicked() {
                let outcome = export_history(&chosen.finished, self.export_path.trim());
                self.export_note.set(outcome);
            }
            if ui.button("Show JSON").clicked() {
                self.export_json = Some(history_json(&chosen.finished));
            }
        });
        self.export_note.show_ui(ui);
        if let Some(json) = &self.export_json {
            ui.label("The hand history (select and copy):");
            let mut text = json.as_str();
            ui.add(
                egui::TextEdit::multiline(&mut text)
                    .code_editor()
                    .desired_rows(12)
                    .desired_width(f32::INFINITY),
            );
        }
    }

    // ── Chart ────────────────────────────────────────────────────────────
}

/// The hand as a replayable hand history (docs/replay-format.md).
fn hand_history(finished: &FinishedHand) -> Result<String, ScreenError> {
    Ok(serde_json::to_string_pretty(&HandHistory::from_finished(
        finished,
    ))?)
}

fn history_json(finished: &FinishedHand) -> String {
    hand_history(finished).unwrap_or_else(|error| error.to_string())
}

fn export_history(finished: &FinishedHand, path: &str) -> Result<String, ScreenError> {
    if path.is_empty() {
        return Err(ScreenError::Form("type the file path to export to".into()));
    }
    let json = hand_history(finished)?;
    std::fs::write(path, json + "\n").map_err(|source| ScreenError::Write {
        path: path.to_owned(),
        source,
    })?;
    Ok(format!("Hand history saved to {path}."))
}

fn event_rank(event: &HandEvent) -> Option<Rank> {
    match event {
        HandEvent::Card { rank, .. } => Some(*rank),
        _ => None,
    }
}

fn describe_event(event: &HandEvent) -> String {
    match event {
        HandEvent::Card { rank, step, source } => match step {
            Step::Card { to, discarded, .. } => format!(
                "card {rank} to {to}{} ({source})",
                if *discarded { ", discarded" } else { "" }
            ),
            Step::Decision { .. } => format!("card {rank}"),
        },
        HandEvent::Decision { step } => match step {
            Step::Decision { seat, action } => format!("seat {seat} decides: {action}"),
            Step::Card { .. } => "decision".to_owned(),
        },
        HandEvent::Shoe(ShoeEvent::Burned { rank }) => format!("burned {rank}"),
        HandEvent::Shoe(ShoeEvent::Shuffled(_)) => "the shoe was shuffled".to_owned(),
        HandEvent::Shoe(ShoeEvent::Revealed(_)) => "the last shuffle was revealed".to_owned(),
        HandEvent::ExternalShuffle { mid_hand } => format!(
            "the shoe was reshuffled{}",
            if *mid_hand { " mid-hand" } else { "" }
        ),
        HandEvent::ExternalBurn { rank, .. } => format!("burned {rank}"),
        HandEvent::SetAside {
            rank,
            source,
            approved_by,
        } => format!("card {rank} set aside ({source}), approved by {approved_by}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hands_steps_read_in_words_not_internal_names() {
        use crate::engine::table::{CardSource, HandEvent};
        use crate::engine::{CardTo, Rank, Step};
        let rank = Rank::new(7).unwrap();
        let card = |source| HandEvent::Card {
            rank,
            step: Step::Card {
                rank,
                to: CardTo::Seat(2),
                discarded: false,
            },
            source,
        };
        let read = super::describe_event(&card(CardSource::Scanner { frame: 13 }));
        assert_eq!(read, "card 7 to seat 2 (scanner, frame 13)");
        let by_hand = super::describe_event(&card(CardSource::Manual { approved_by: 900 }));
        assert_eq!(
            by_hand,
            "card 7 to seat 2 (entered by hand, approved by 900)"
        );
        for kind in crate::engine::money::TransferKind::ALL {
            let words = kind.words();
            assert!(
                words
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == ' ' || c.is_ascii_digit()),
                "{words}"
            );
        }
    }
}
