//! The table screen: seats in an arc from the dealer's left, the dealer's
//! stack or the common hand and pot, the shoe and scanner, the prompt line,
//! the decision buttons with their keys, bets, alarms and the settlement.

use eframe::egui::{self, Color32, Key, Rect, RichText, Stroke, Ui, UiBuilder, Vec2};
use egui::accesskit::Role;

use super::pit::PitScreen;
use super::rated::RatedPlayersForm;
use super::widgets::{
    ACTOR, ALARM, FELT, GOOD, INK, big_button_ui, card_face_ui, card_row_ui, labelled_input_ui,
    message_line_ui, parse_staff_id, pin_input_ui, status_light_ui, typed_this_frame,
};
use crate::engine::Rank;
use crate::engine::Step;
use crate::engine::hand::{Action, CardTo, GameKind, Hand, Need};
use crate::engine::rocket::RocketOutcome;
use crate::engine::table::HandEvent;
use crate::ledger::PinEntry;
use crate::printing::PrintCommand;
use crate::scanner::WayOut;
use crate::station::{
    Actor, Settlement, ShoeKnown, Station, StationError, actor_of, check_bet, starboard_state_word,
    starboard_terms,
};

const CARD: Vec2 = Vec2::new(34.0, 48.0);
/// The prompt's text size, in points.
const PROMPT_SIZE: f32 = 28.0;
/// The smallest size a long prompt is drawn at to fit its two lines.
const PROMPT_MIN_SIZE: f32 = 14.0;
/// A seat's height on the layout when there is room for it.
const SEAT_HEIGHT: f32 = 230.0;
/// How much higher the middle seats sit than the ends, room allowing.
const ARC_LIFT: f32 = 90.0;
const BIG_CARD: Vec2 = Vec2::new(44.0, 62.0);

/// The live table and the dealer's forms on it.
pub struct TableScreen {
    station: Station,
    /// The last refusal, shown under the prompt.
    refusal: String,
    sign_in_id: String,
    sign_in_pin: String,
    manual_rank: u8,
    approver_id: String,
    approver_pin: String,
    /// The pit boss's screens, shown instead of the table while open.
    pit: Option<PitScreen>,
    /// The floor link's line in the header (alarm colour when loud).
    floor_line: Option<(String, bool)>,
    /// Rated players: who sits where, seating and unseating.
    rated: RatedPlayersForm,
    /// The pit boss closed the table.
    closed: bool,
    /// Where the place the hand waits for (a seat, the dealer or the common
    /// hand) is drawn this frame: the alarm window keeps off it.
    awaited_place: Option<Rect>,
    /// The height the dealer's or common hand's box needed on the last pass.
    centre_height: f32,
}

impl TableScreen {
    /// The screen for a station.
    pub fn new(station: Station) -> TableScreen {
        TableScreen {
            station,
            refusal: String::new(),
            sign_in_id: String::new(),
            sign_in_pin: String::new(),
            manual_rank: 1,
            approver_id: String::new(),
            approver_pin: String::new(),
            pit: None,
            floor_line: None,
            rated: RatedPlayersForm::default(),
            closed: false,
            awaited_place: None,
            centre_height: 0.0,
        }
    }

    /// Whether a pit boss closed the table (the app goes back to opening one).
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// The station, given up once the table is closed.
    pub fn into_station(self) -> Station {
        self.station
    }

    /// The station behind the screen, to act on.
    pub fn station_mut(&mut self) -> &mut Station {
        &mut self.station
    }

    /// The station behind the screen.
    pub fn station(&self) -> &Station {
        &self.station
    }

    /// Handles scanner events that have arrived.
    pub fn poll(&mut self) {
        if let Err(error) = self.station.poll_scanner() {
            self.refusal = error.to_string();
        }
        match self.station.time_out_if_idle() {
            Ok(true) => {
                self.refusal = "The dealer was idle too long and has been signed out; sign in \
                                to go on."
                    .into()
            }
            Ok(false) => {}
            Err(error) => self.refusal = error.to_string(),
        }
    }

    /// Sets the floor link's line in the header (`None`: no floor).
    pub(crate) fn set_floor_line(&mut self, line: Option<(String, bool)>) {
        self.floor_line = line;
    }

    /// Shows `text` under the prompt, as a refusal is.
    pub(crate) fn refuse(&mut self, text: String) {
        self.refusal = text;
    }

    /// Wakes the app when the dealer's idle time runs out (nothing else
    /// repaints an idle screen).
    fn wake_for_timeout(&self, ui: &Ui) {
        if let Some(left) = self.station.idle_time_left() {
            ui.ctx().request_repaint_after(left);
        }
    }

    fn attempt<E: std::fmt::Display>(&mut self, outcome: Result<(), E>) {
        match outcome {
            Ok(()) => self.refusal.clear(),
            Err(error) => self.refusal = error.to_string(),
        }
    }

    /// Draws the screen; the pit boss's report tab prints with `print`.
    pub fn show_ui(&mut self, ui: &mut Ui, print: &PrintCommand) {
        if let Some(pit) = &mut self.pit {
            let station = &mut self.station;
            let back = egui::CentralPanel::default_margins()
                .show(ui, |ui| pit.show_ui(ui, station, print))
                .inner;
            self.closed = pit.table_closed();
            if back {
                self.pit = None;
                // The pit boss may have closed or changed what is seated.
                self.rated.reload(&self.station);
            }
            return;
        }
        self.wake_for_timeout(ui);
        // A refusal goes once the dealer types again (fixing its cause);
        // what they do this frame may give a new one.
        if typed_this_frame(ui) {
            self.refusal.clear();
            self.rated.clear_outcome();
        }
        self.keys_ui(ui);
        egui::Panel::top("table-header").show(ui, |ui| self.header_ui(ui));
        egui::Panel::top("prompt").show(ui, |ui| self.prompt_ui(ui));
        egui::Panel::right("actions")
            .exact_size(300.0)
            .show(ui, |ui| self.actions_ui(ui));
        egui::CentralPanel::default_margins()
            .frame(egui::Frame::NONE.fill(FELT))
            .show(ui, |ui| self.layout_ui(ui));
        // What was typed on the seats this frame is durable before the next.
        if let Err(error) = self.station.journal_entries() {
            self.refusal = error.to_string();
        }
        self.alarm_window_ui(ui);
    }

    fn header_ui(&mut self, ui: &mut Ui) {
        let setup = self.station.setup().clone();
        ui.horizontal(|ui| {
            // Right-aligned first, so the hand's text never moves it.
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("Pit boss").clicked() {
                    self.pit = Some(PitScreen::new(&self.station));
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    self.header_text_ui(ui, &setup);
                });
            });
        });
        // The shoe, the scanner and the floor link on a line of their own,
        // the floor's words cut at the window's edge (all of them on
        // hover): however long a link failure is, it moves nothing.
        let row_height = {
            let button = ui.text_style_height(&egui::TextStyle::Button)
                + 2.0 * ui.spacing().button_padding.y;
            button.max(ui.spacing().interact_size.y)
        };
        ui.horizontal(|ui| {
            ui.set_min_height(row_height);
            self.shoe_bar_ui(ui);
            ui.separator();
            self.scanner_light_ui(ui);
            if let Some((line, loud)) = &self.floor_line {
                ui.separator();
                let text = if *loud {
                    egui::RichText::new(line).color(ALARM)
                } else {
                    egui::RichText::new(line)
                };
                ui.add(egui::Label::new(text).truncate());
            }
        });
        // Who deals, on a line of its own: a relief dealer's ID and PIN
        // fields and the Sign in button are always on the screen, whatever
        // the line above holds, and signing in or out moves nothing below
        // (the line is as tall with a label as with a button).
        ui.horizontal(|ui| {
            ui.set_min_height(row_height);
            match self.station.dealer() {
                Some(dealer) => {
                    ui.label(format!("Dealer {dealer}"));
                    if ui.button("Sign out").clicked() {
                        let outcome = self.station.sign_out_dealer();
                        self.attempt(outcome);
                    }
                }
                // While the alarm window is up, the sign-in is in it.
                None if self.station.has_notices() || !self.station.alarms().is_empty() => {
                    ui.colored_label(ALARM, "No dealer signed in");
                }
                None => self.sign_in_fields_ui(ui),
            }
        });
    }

    /// The header's first line: the table, its game, the hand, limits or
    /// terms, unit and decks.
    fn header_text_ui(&self, ui: &mut Ui, setup: &crate::station::TableSetup) {
        let table = self.station.table();
        ui.heading(format!("{} — {}", setup.name, setup.game));
        let limits = match setup.game {
            GameKind::Rocket => format!(
                "bets {}–{} units",
                table.rules().rocket.min_bet_units,
                table.rules().rocket.max_bet_units
            ),
            GameKind::Starboard => starboard_terms(&table.rules().starboard),
        };
        // The hand in play, else the last one this table committed here:
        // never the ledger's last hand at another table. Numbered as the
        // dealer counts this table's hands (docs/dealer-app.md).
        // After a restart between hands the last one is read from the ledger.
        let hand = match (
            self.station.hand_number(),
            self.station.settlement(),
            self.station.last_recorded(),
        ) {
            (Some(number), _, _) => format!("hand {number}"),
            (None, Some(settling), _) => format!("hand {} to settle", settling.number()),
            (None, None, Some(last)) => format!("last hand {last}"),
            (None, None, None) => "no hand yet".to_owned(),
        };
        // The hand first: on a narrow screen the line is cut at its end
        // (all of it on hover) rather than run under the Pit boss button.
        ui.add(
            egui::Label::new(format!(
                "{hand} · {limits} · 1 unit = {}.{:02} · {} decks",
                setup.unit_cents / 100,
                setup.unit_cents % 100,
                setup.decks.count(),
            ))
            .truncate(),
        );
    }

    /// The dealer's ID and PIN and the Sign in button.
    fn sign_in_fields_ui(&mut self, ui: &mut Ui) {
        labelled_input_ui(ui, "Dealer ID", &mut self.sign_in_id, 70.0);
        let pin = pin_input_ui(ui, "Dealer PIN", &mut self.sign_in_pin);
        // Enter in the PIN field signs in, as the button does.
        let entered = pin.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if ui.button("Sign in").clicked() || entered {
            self.sign_in();
        }
    }

    fn sign_in(&mut self) {
        let staff = match parse_staff_id(&self.sign_in_id, "dealer") {
            Ok(staff) => staff,
            Err(error) => {
                self.refusal = error;
                return;
            }
        };
        let entry = PinEntry {
            staff,
            pin: &self.sign_in_pin,
        };
        let outcome = self.station.sign_in_dealer(&entry);
        self.sign_in_pin.clear();
        self.attempt(outcome);
    }

    fn shoe_bar_ui(&self, ui: &mut Ui) {
        match self.station.shoe_count() {
            ShoeKnown::Known => self.shoe_count_ui(ui),
            ShoeKnown::Checking => {
                self.shoe_count_ui(ui);
                ui.label("(checking the shoe's frames since the restart)");
            }
            ShoeKnown::NotKnown(why) => {
                ui.colored_label(
                    ALARM,
                    "Shoe: count not known since the restart; a fresh shoe is due after this hand",
                )
                .on_hover_text(why);
            }
        }
        ui.label(format!(
            "Shuffles this shift: {}",
            self.station.shuffles_this_shift()
        ));
    }

    /// Cards dealt and left, the bar with the cut card, "Shuffle due".
    fn shoe_count_ui(&self, ui: &mut Ui) {
        let count = self.station.table().count();
        let stack = f32::from(count.stack_size().max(1));
        let taken = f32::from(count.taken());
        let cut = f32::from(count.cut_position());
        ui.label(format!(
            "Shoe: {} dealt, {} left",
            count.taken(),
            count.remaining()
        ));
        let bar = ui.add(
            egui::ProgressBar::new(taken / stack)
                .desired_width(200.0)
                .fill(if self.station.shuffle_due() {
                    ALARM
                } else {
                    GOOD
                }),
        );
        let x = bar.rect.left() + bar.rect.width() * (cut / stack);
        ui.painter().line_segment(
            [
                egui::pos2(x, bar.rect.top() - 3.0),
                egui::pos2(x, bar.rect.bottom() + 3.0),
            ],
            Stroke::new(3.0, ACTOR),
        );
        if self.station.shuffle_due() {
            ui.colored_label(ALARM, RichText::new("Shuffle due").strong());
        }
    }

    fn scanner_light_ui(&self, ui: &mut Ui) {
        let Some(link) = self.station.scan_link() else {
            ui.label("Software shoe");
            return;
        };
        let status = link.status();
        let (colour, caption) = if !self.station.alarms().is_empty() {
            (ALARM, "Scanner: fault")
        } else if !status.connected {
            (ALARM, "Scanner: not connected")
        } else if status.silent {
            (ALARM, "Scanner: silent")
        } else if status.frames_good > 0 {
            (GOOD, "Scanner: reading")
        } else {
            (GOOD, "Scanner: connected")
        };
        status_light_ui(ui, colour, caption);
        ui.label(match self.station.device() {
            Some(device) => format!("Shoe device: {device}"),
            None => "Shoe device: not heard yet".to_owned(),
        });
        // At most a short line in the header, the whole of it on hover: a
        // long error never wraps the header.
        if let Some(error) = &status.last_error {
            let row = egui::vec2(320.0, ui.text_style_height(&egui::TextStyle::Small));
            ui.allocate_ui(row, |ui| {
                ui.add(
                    egui::Label::new(RichText::new(format!("last problem: {error}")).small())
                        .truncate(),
                )
                .on_hover_text(error);
            });
        }
    }

    fn prompt_ui(&mut self, ui: &mut Ui) {
        let prompt = self.station.prompt();
        let fill = if prompt.stopped {
            ALARM
        } else {
            Color32::from_rgb(30, 30, 80)
        };
        egui::Frame::NONE
            .fill(fill)
            .inner_margin(8.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                // Two lines kept for the prompt, so a one-line prompt after
                // a two-line one moves nothing below it (a mis-tap); a longer
                // one (an alarm's) is drawn smaller to fit them.
                let row = ui
                    .ctx()
                    .fonts_mut(|f| f.row_height(&egui::FontId::proportional(PROMPT_SIZE)));
                ui.set_min_height(2.0 * row);
                let size = fitting_size(ui, &prompt.text, 2.0 * row);
                ui.label(RichText::new(&prompt.text).size(size).color(INK).strong());
            });
        message_line_ui(ui, &self.refusal, ALARM);
    }

    /// Keyboard shortcuts, when no text field has the focus and no alarm or
    /// notice window is up (its own controls are the only way on).
    fn keys_ui(&mut self, ui: &mut Ui) {
        if ui.memory(|m| m.focused().is_some())
            || self.station.has_notices()
            || !self.station.alarms().is_empty()
        {
            return;
        }
        let pressed = |key: Key| ui.input(|i| i.key_pressed(key));
        let action = [
            (Key::H, Action::Hit),
            (Key::F, Action::Fold),
            (Key::D, Action::Draw),
            (Key::L, Action::Lock),
        ]
        .into_iter()
        .find(|(key, _)| pressed(*key));
        if let Some((_, action)) = action {
            if self.decision_choices().contains(&action) {
                let outcome = self.station.decide(action);
                self.attempt(outcome);
            }
        } else if pressed(Key::Enter) {
            self.enter();
        } else if pressed(Key::Space) && self.station.scan_link().is_none() {
            let outcome = self.station.deal_from_shoe();
            self.attempt(outcome);
        } else if pressed(Key::P) && self.simulated() {
            let outcome = self.station.pull_simulated_card();
            self.attempt(outcome);
        }
    }

    fn simulated(&self) -> bool {
        self.station.scan_link().is_some_and(|l| l.is_simulated())
    }

    /// Enter: confirm the settlement, or deal the next hand.
    fn enter(&mut self) {
        if self.station.settlement().is_some() {
            let outcome = self.station.confirm_settlement().map(drop);
            self.attempt(outcome);
            if let Some(problem) = self.station.limits_problem() {
                self.refusal = format!(
                    "The hand is recorded, but the new limits are not in force yet: {problem}"
                );
            }
        } else if self.station.hand().is_none() {
            let outcome = self.station.start_hand();
            self.attempt(outcome);
        }
    }

    fn decision_choices(&self) -> Vec<Action> {
        match self.station.table().need() {
            Need::Decision { choices, .. } => choices.to_vec(),
            _ => Vec::new(),
        }
    }

    fn actions_ui(&mut self, ui: &mut Ui) {
        ui.add_space(8.0);
        // Without a dealer signed in, or while an alarm or notice stops play,
        // the buttons show greyed: the prompt line says why.
        let dealer = self.station.dealer().is_some() && !self.station.prompt().stopped;
        if let Some(settlement) = self.station.settlement().cloned() {
            // The button first: seven seats' payouts never push it off the
            // bottom of an 800-high screen; the list scrolls under it.
            if big_button_ui(ui, "Confirm settlement (Enter)", dealer) {
                self.enter();
            }
            egui::ScrollArea::vertical()
                .id_salt("settlement")
                .show(ui, |ui| settlement_panel_ui(ui, &settlement));
            return;
        }
        // The dealer's next action in a space kept for two buttons (a
        // decision's two, or Deal card, or Deal), so the simulated shoe's
        // buttons below never move when these change: a moved button under
        // a finger is a mis-tap (a fresh shoe inserted by mistake).
        let width = ui.available_width();
        let slot = 2.0 * (56.0 + ui.spacing().item_spacing.y);
        ui.allocate_ui_with_layout(
            Vec2::new(width, slot),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_size(Vec2::new(width, slot));
                self.next_action_ui(ui, dealer);
            },
        );
        if self.simulated() {
            ui.separator();
            ui.label("Simulated shoe");
            if big_button_ui(ui, "Pull card (P)", true) {
                let outcome = self.station.pull_simulated_card();
                self.attempt(outcome);
            }
            if ui.button("Insert freshly shuffled shoe").clicked() {
                let outcome = self.station.insert_simulated_shoe();
                self.attempt(outcome);
            }
            // In a space kept for two lines, so nothing below moves when
            // the words change.
            let (words, colour) = match self
                .station
                .scan_link()
                .and_then(|l| l.simulated_remaining())
            {
                Some(0) => (
                    "Empty: insert a freshly shuffled shoe to deal.".to_owned(),
                    ACTOR,
                ),
                Some(left) => (format!("{left} cards left in the simulated shoe."), INK),
                None => (String::new(), INK),
            };
            message_line_ui(ui, &words, colour);
        }
        // The hand just recorded, in a space kept for it whether or not
        // there is one: the Rated players form below never moves.
        ui.separator();
        let recorded = self
            .station
            .last_committed()
            .map(|last| format!("Hand {} recorded in the ledger.", last.number()))
            .unwrap_or_default();
        message_line_ui(ui, &recorded, GOOD);
        ui.separator();
        self.rated.show_ui(ui, &mut self.station);
    }

    /// The decision buttons, Deal card or Deal: whichever is next.
    fn next_action_ui(&mut self, ui: &mut Ui, dealer: bool) {
        let choices = self.decision_choices();
        if !choices.is_empty() {
            for action in choices {
                let label = match action {
                    Action::Hit => "Hit (H)",
                    Action::Fold => "Fold (F)",
                    Action::Draw => "Draw (D)",
                    Action::Lock => "Lock (L)",
                };
                if big_button_ui(ui, label, dealer) {
                    let outcome = self.station.decide(action);
                    self.attempt(outcome);
                }
            }
        }
        let card_due = matches!(self.station.table().need(), Need::Card(_));
        if self.station.scan_link().is_none()
            && card_due
            && big_button_ui(ui, "Deal card (Space)", dealer)
        {
            let outcome = self.station.deal_from_shoe();
            self.attempt(outcome);
        }
        if self.station.hand().is_none() && big_button_ui(ui, "Deal (Enter)", dealer) {
            self.enter();
        }
    }

    /// The seats in an arc above the dealer's (or the common hand's) box:
    /// the box as tall as its content at the bottom, the seats in the room
    /// left above it (the arc flattens, then the seats shorten), so a tall
    /// header or prompt never puts a seat over the box.
    fn layout_ui(&mut self, ui: &mut Ui) {
        let rect = ui.max_rect();
        let game = self.station.setup().game;
        let seats = game.max_seat();
        let actor = self.station.prompt().actor;
        let awaited = actor_of(&self.station.table().need());
        // At least this tall; Starboard's grows with its discards.
        let least = match game {
            GameKind::Rocket => 180.0,
            GameKind::Starboard => 220.0,
        };
        // Starboard's as wide as a common hand's ten cards.
        let width: f32 = match game {
            GameKind::Rocket => 420.0,
            GameKind::Starboard => 520.0,
        };
        let height = self.centre_height.max(least);
        let centre = Rect::from_center_size(
            egui::pos2(rect.center().x, rect.bottom() - 10.0 - height / 2.0),
            Vec2::new(width.min(rect.width() - 20.0), height),
        );
        let top = rect.top() + 30.0;
        let room = (centre.top() - 10.0 - top).max(0.0);
        let seat_height = SEAT_HEIGHT.min(room);
        let arc = (room - seat_height).min(ARC_LIFT);
        // Seven Starboard seats share the width without overlapping.
        let seat_width = ((rect.width() - 20.0) / f32::from(seats) - 8.0).clamp(100.0, 150.0);
        let span = (rect.width() - seat_width - 20.0).max(0.0);
        self.awaited_place = matches!(awaited, Actor::Dealer | Actor::Common).then_some(centre);
        for index in 0..seats {
            let seat = index + 1;
            let t = if seats > 1 {
                f32::from(index) / f32::from(seats - 1)
            } else {
                0.5
            };
            // An arc: the ends low, the middle high; seat 1 at the dealer's left.
            let lift = (t * std::f32::consts::PI).sin() * arc;
            let top_left = egui::pos2(rect.left() + 10.0 + span * t, top + arc - lift);
            let seat_rect = Rect::from_min_size(top_left, Vec2::new(seat_width, seat_height));
            if awaited == Actor::Seat(seat) {
                self.awaited_place = Some(seat_rect);
            }
            let highlighted = actor == Actor::Seat(seat);
            let place = ui.scope_builder(UiBuilder::new().max_rect(seat_rect), |ui| {
                ui.shrink_clip_rect(seat_rect);
                self.seat_panel_ui(ui, seat, highlighted);
            });
            named_place(&place.response, format!("Seat {seat}"));
        }
        let highlighted = matches!(actor, Actor::Dealer | Actor::Common);
        let place = ui.scope_builder(UiBuilder::new().max_rect(centre), |ui| {
            self.centre_panel_ui(ui, highlighted)
        });
        named_place(
            &place.response,
            match game {
                GameKind::Rocket => "Dealer",
                GameKind::Starboard => "Common hand",
            },
        );
        let needed = place.inner;
        self.centre_height = needed;
        // Grown or shrunk: lay the seats out again before anything is shown.
        if needed.max(least) != height {
            ui.ctx().request_discard("the centre box changed height");
        }
    }

    fn seat_panel_ui(&mut self, ui: &mut Ui, seat: u8, highlighted: bool) {
        place_frame(highlighted, 6.0).show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            let button = self.button_seat() == Some(seat);
            let title = if button {
                format!("Seat {seat} · button")
            } else {
                format!("Seat {seat}")
            };
            ui.label(RichText::new(title).strong().color(INK));
            if let Some(rated) = self.rated.at_seat(seat) {
                ui.label(RichText::new(format!("Rated: card {}", rated.player.card)).color(INK));
            }
            match self.station.hand_on_layout() {
                Some(hand) => seat_in_hand_ui(ui, hand, seat),
                None => self.seat_entry_ui(ui, seat),
            }
        });
    }

    fn button_seat(&self) -> Option<u8> {
        match self.station.table().hand() {
            Some((_, Hand::Starboard(h))) => Some(h.button()),
            Some((_, Hand::Rocket(h))) => h.starter(),
            None => self.station.table().last_button(),
        }
    }

    fn seat_entry_ui(&mut self, ui: &mut Ui, seat: u8) {
        let game = self.station.setup().game;
        let rules = *self.station.table().rules();
        let waiting = self.station.settlement().is_some();
        let Some(entry) = self.station.entry_mut(seat) else {
            return;
        };
        ui.add_enabled_ui(!waiting, |ui| match game {
            GameKind::Rocket => {
                let label = ui.label(format!("Seat {seat} bet"));
                ui.add(egui::TextEdit::singleline(&mut entry.bet).desired_width(90.0))
                    .labelled_by(label.id);
                if let Err(problem) = check_bet(&entry.bet, &rules) {
                    ui.colored_label(ALARM, problem);
                }
            }
            GameKind::Starboard => {
                ui.checkbox(&mut entry.seated, format!("Seat {seat} seated"));
            }
        });
    }

    /// The dealer's stack, or the common hand with the pot and discards;
    /// returns the height its content needs, margins included.
    fn centre_panel_ui(&mut self, ui: &mut Ui, highlighted: bool) -> f32 {
        let frame = place_frame(highlighted, 8.0);
        let margin = frame.total_margin().sum().y;
        let content = frame.show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            let content = ui.vertical(|ui| match self.station.hand_on_layout() {
                Some(Hand::Rocket(hand)) => {
                    ui.label(RichText::new("Dealer").strong().color(INK));
                    card_row_ui(ui, hand.dealer_stack(), BIG_CARD);
                }
                Some(Hand::Starboard(hand)) => {
                    ui.label(
                        RichText::new(format!("Common hand · pot {}", hand.pot()))
                            .strong()
                            .color(INK),
                    );
                    card_row_ui(ui, hand.common(), BIG_CARD);
                    self.discards_ui(ui);
                }
                None => {
                    let text = match self.station.setup().game {
                        GameKind::Rocket => "Dealer".to_owned(),
                        GameKind::Starboard => {
                            format!("Common hand · carry {}", self.station.table().carry())
                        }
                    };
                    ui.label(RichText::new(text).strong().color(INK));
                }
            });
            content.response.rect.height()
        });
        content.inner + margin
    }

    /// Starboard's cards that left the shoe but not into the common hand:
    /// an opening card that paired the first, and each busting draw with the
    /// seat that drew it.
    fn discards_ui(&self, ui: &mut Ui) {
        let discards: Vec<(Rank, Option<u8>)> = self
            .station
            .events_on_layout()
            .iter()
            .filter_map(|event| match event {
                HandEvent::Card {
                    rank,
                    step:
                        Step::Card {
                            to: CardTo::Common { by },
                            discarded: true,
                            ..
                        },
                    ..
                } => Some((*rank, *by)),
                _ => None,
            })
            .collect();
        if discards.is_empty() {
            return;
        }
        ui.label(RichText::new("Discarded").strong().color(INK));
        ui.horizontal_wrapped(|ui| {
            for (rank, by) in discards {
                let caption = RichText::new(match by {
                    Some(seat) => format!("seat {seat} bust"),
                    None => "paired the first".to_owned(),
                })
                .color(INK)
                .small();
                // A cell as wide as its card or caption, whichever is wider,
                // so the row wraps whole cells and no caption is squeezed.
                let galley = egui::WidgetText::from(caption).into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Small,
                );
                let cell = Vec2::new(
                    galley.size().x.max(CARD.x),
                    CARD.y + ui.spacing().item_spacing.y + galley.size().y,
                );
                ui.allocate_ui_with_layout(cell, egui::Layout::top_down(egui::Align::Min), |ui| {
                    card_face_ui(ui, rank, CARD, false);
                    ui.label(galley);
                });
            }
        });
    }

    fn alarm_window_ui(&mut self, ui: &mut Ui) {
        let faults: Vec<String> = self
            .station
            .alarms()
            .iter()
            .map(|f| f.to_string())
            .collect();
        let notices: Vec<String> = self.station.notices().map(str::to_owned).collect();
        if faults.is_empty() && notices.is_empty() {
            return;
        }
        // At the bottom, over the greyed buttons, and a light backdrop: the
        // dealer checks the cards on the layout while it is up. Beside the
        // place the hand waits for, on its side with more room, never over it.
        let screen = ui.ctx().content_rect();
        let gap = 12.0;
        let (anchor, offset, room) = match self.awaited_place {
            Some(place) if place.left() - screen.left() > screen.right() - place.right() => (
                egui::Align2::LEFT_BOTTOM,
                [gap, -gap],
                place.left() - screen.left(),
            ),
            Some(place) => (
                egui::Align2::RIGHT_BOTTOM,
                [-gap, -gap],
                screen.right() - place.right(),
            ),
            None => (egui::Align2::RIGHT_BOTTOM, [-gap, -gap], screen.width()),
        };
        let frame = egui::Frame::popup(ui.style());
        let margins = frame.total_margin().sum();
        let id = egui::Id::unique("alarm");
        let area = egui::Modal::default_area(id).anchor(anchor, offset);
        let modal = egui::Modal::new(id)
            .area(area)
            .frame(frame)
            .backdrop_color(Color32::from_black_alpha(70));
        modal.show(ui.ctx(), |ui| {
            let window = ui.scope(|ui| {
                ui.set_max_width((room - 2.0 * gap - margins.x).min(640.0));
                // However tall its content, the window stays on the screen;
                // as tall as its content up to that, wherever it starts.
                let most = screen.height() - 2.0 * gap - margins.y;
                egui::ScrollArea::vertical()
                    .max_height(most)
                    .min_scrolled_height(most)
                    .show(ui, |ui| self.alarm_window_content_ui(ui, &faults, &notices));
            });
            // Named, so that a screen reader (or a test) finds where it is.
            window
                .response
                .widget_info(|| egui::WidgetInfo::labeled(Role::Dialog, true, "Play is stopped"));
        });
    }

    /// The alarm window's faults (or notices) and their ways out.
    fn alarm_window_content_ui(&mut self, ui: &mut Ui, faults: &[String], notices: &[String]) {
        if faults.is_empty() {
            ui.heading(RichText::new("Notice").color(ACTOR));
            for notice in notices {
                ui.label(notice);
            }
        } else {
            ui.heading(RichText::new("Scanner alarm: play is stopped").color(ALARM));
            for fault in faults {
                ui.label(fault);
            }
            let strays = self.station.strays();
            if !strays.is_empty() {
                let cards: Vec<String> = strays.iter().map(|s| s.to_string()).collect();
                ui.label(
                    RichText::new(format!(
                        "Left the shoe and not dealt: {}. A pit boss sets them aside \
                         (override) or enters the card due by hand in place of the first.",
                        cards.join(", ")
                    ))
                    .strong(),
                );
            }
        }
        if self.station.dealer().is_none() {
            ui.separator();
            ui.label("A dealer signs in first:");
            ui.horizontal(|ui| self.sign_in_fields_ui(ui));
        } else if faults.is_empty() {
            self.notice_ways_out_ui(ui);
        } else {
            self.alarm_ways_out_ui(ui);
        }
        // A space kept for the refusal: the window, anchored at the bottom,
        // never moves its buttons when one appears.
        message_line_ui(ui, &self.refusal, ALARM);
    }

    /// Acknowledge, with a pit boss's PIN when a notice needs one.
    fn notice_ways_out_ui(&mut self, ui: &mut Ui) {
        let pit_boss = self.station.notices_need_pit_boss();
        if pit_boss {
            ui.label("Only a pit boss clears this, with their ID and PIN.");
            self.approver_fields_ui(ui);
        }
        if big_button_ui(ui, "Acknowledge", true) {
            let outcome = if pit_boss {
                self.with_approver(|station, approver| station.acknowledge_notices(Some(approver)))
            } else {
                self.station
                    .acknowledge_notices(None)
                    .map_err(|e| e.to_string())
            };
            self.attempt(outcome);
        }
    }

    /// One control per allowed way out of the first alarm.
    fn alarm_ways_out_ui(&mut self, ui: &mut Ui) {
        let ways = self
            .station
            .alarms()
            .first()
            .map(|f| f.ways_out().to_vec())
            .unwrap_or_default();
        ui.label(format!(
            "Ways out: {}.",
            ways.iter()
                .map(|w| w.to_string())
                .collect::<Vec<_>>()
                .join(", or ")
        ));
        for way in ways {
            ui.separator();
            match way {
                WayOut::ReRead => {
                    if big_button_ui(ui, "Re-read the card", true) {
                        let outcome = self.station.re_read();
                        self.attempt(outcome);
                    }
                }
                WayOut::Shuffle => {
                    if self.simulated() && big_button_ui(ui, "Insert freshly shuffled shoe", true) {
                        let outcome = self.station.insert_simulated_shoe();
                        self.attempt(outcome);
                    }
                    if big_button_ui(ui, "Re-read the card (new shoe in)", true) {
                        let outcome = self.station.re_read();
                        self.attempt(outcome);
                    }
                }
                WayOut::EnterByHand => self.manual_entry_ui(ui),
                WayOut::Override => {
                    if ui.button("Pit boss override (no card lost)").clicked() {
                        let outcome = self
                            .with_approver(|station, approver| station.override_alarms(approver));
                        self.attempt(outcome);
                    }
                }
            }
        }
    }

    /// The approving pit boss's ID and PIN.
    fn approver_fields_ui(&mut self, ui: &mut Ui) {
        labelled_input_ui(ui, "Approving pit boss ID", &mut self.approver_id, 80.0);
        pin_input_ui(ui, "Approving pit boss PIN", &mut self.approver_pin);
    }

    /// Runs `act` with the typed pit boss's PIN entry; the PIN is cleared after.
    fn with_approver(
        &mut self,
        act: impl FnOnce(&mut Station, &PinEntry<'_>) -> Result<(), StationError>,
    ) -> Result<(), String> {
        let outcome = parse_staff_id(&self.approver_id, "pit boss").and_then(|staff| {
            let approver = PinEntry {
                staff,
                pin: &self.approver_pin,
            };
            act(&mut self.station, &approver).map_err(|e| e.to_string())
        });
        self.approver_pin.clear();
        outcome
    }

    fn manual_entry_ui(&mut self, ui: &mut Ui) {
        ui.label("Enter the card by hand (a pit boss approves with their PIN):");
        ui.horizontal(|ui| {
            let label = ui.label("Card rank");
            ui.add(egui::Slider::new(&mut self.manual_rank, 1..=10))
                .labelled_by(label.id);
        });
        self.approver_fields_ui(ui);
        if ui.button("Approve and enter card").clicked() {
            let outcome = match Rank::new(i64::from(self.manual_rank)) {
                Ok(rank) => self
                    .with_approver(|station, approver| station.enter_card_by_hand(rank, approver)),
                Err(error) => Err(error.to_string()),
            };
            self.attempt(outcome);
        }
    }
}
/// A seat during a hand: bet, cards, state.
fn seat_in_hand_ui(ui: &mut Ui, hand: &Hand, seat: u8) {
    match hand {
        Hand::Rocket(h) => {
            if !h.seats().any(|s| s == seat) {
                ui.label("empty");
                return;
            }
            ui.label(format!("bet {}", h.bet(seat)));
            let state = match h.outcome(seat) {
                None if h.is_in(seat) => "in".to_owned(),
                None => "out".to_owned(),
                Some(RocketOutcome::Folded(_)) => "folded".to_owned(),
                Some(RocketOutcome::Paired(rank)) => format!("paired {rank}s"),
                Some(RocketOutcome::DealerPaired(_) | RocketOutcome::DealerThree) => {
                    "paid".to_owned()
                }
            };
            ui.label(RichText::new(state).color(ACTOR));
            card_row_ui(ui, h.stack(seat), CARD);
        }
        Hand::Starboard(h) => {
            if !h.seats().any(|s| s == seat) {
                ui.label("empty");
                return;
            }
            ui.label(format!("draws {}", h.draws(seat)));
            ui.label(RichText::new(starboard_state_word(h.state(seat))).color(ACTOR));
        }
    }
}

/// What to collect and pay, line by line.
fn settlement_panel_ui(ui: &mut Ui, settlement: &Settlement) {
    ui.heading(format!("Settle hand {}", settlement.number()));
    if let Some(pot) = settlement.pot {
        ui.label(format!("Pot {pot}"));
    }
    egui::Grid::new("settlement").striped(true).show(ui, |ui| {
        for line in &settlement.lines {
            ui.label(format!("Seat {}", line.seat));
            let (text, colour) = match line.net {
                n if n > 0 => (format!("pay {n}"), GOOD),
                n if n < 0 => (format!("collect {}", -n), ACTOR),
                _ => ("nothing".to_owned(), INK),
            };
            ui.colored_label(colour, RichText::new(text).strong());
            ui.end_row();
            ui.label("");
            ui.small(&line.reason);
            ui.end_row();
        }
    });
    if settlement.pot.is_some() {
        ui.label(format!("Rake {}", settlement.rake));
        ui.label(format!("Carry to next pot {}", settlement.carry_out));
    }
}

/// Names a place on the layout (a seat, the dealer or the common hand),
/// so that a screen reader (or a test) finds where it is drawn.
fn named_place(place: &egui::Response, name: impl ToString) {
    place.widget_info(|| egui::WidgetInfo::labeled(Role::Group, true, name.to_string()));
}

/// The frame of a place on the layout (a seat, the dealer or the common
/// hand): highlighted when it is that place's turn.
fn place_frame(highlighted: bool, margin: f32) -> egui::Frame {
    let stroke = if highlighted {
        Stroke::new(4.0, ACTOR)
    } else {
        Stroke::new(1.0, Color32::from_gray(160))
    };
    egui::Frame::NONE
        .fill(Color32::from_rgb(8, 50, 30))
        .stroke(stroke)
        .corner_radius(8.0)
        .inner_margin(margin)
}

/// The largest prompt size, from [`PROMPT_SIZE`] down to [`PROMPT_MIN_SIZE`],
/// at which `text` fits `height` at the width `ui` has.
fn fitting_size(ui: &Ui, text: &str, height: f32) -> f32 {
    let width = ui.available_width();
    let mut size = PROMPT_SIZE;
    while size > PROMPT_MIN_SIZE {
        let font = egui::FontId::proportional(size);
        let galley = ui
            .ctx()
            .fonts_mut(|f| f.layout(text.to_owned(), font, INK, width));
        if galley.size().y <= height {
            break;
        }
        size -= 2.0;
    }
    size
}
