//! The Limits & voids tab: table limits, voiding a completed hand, closing
//! the table.

use eframe::egui::Ui;

use super::forms::{Note, Signer, action_ui, asked_by, parse_units, signed};
use crate::engine::hand::GameKind;
use crate::engine::rules::HouseRules;
use crate::ids::HandId;
use crate::inventory::TableLimits;
use crate::scanner::ScanLink;
use crate::station::starboard_terms;
use crate::station::{SourceChoice, Station};
use crate::ui::error::ScreenError;
use crate::ui::widgets::{labelled_input_ui, parse_baud};

/// The Limits & voids tab's inputs.
pub(super) struct LimitsTab {
    /// The pit boss closed the table.
    pub(super) closed: bool,
    min_bet: String,
    max_bet: String,
    limits_by: Signer,
    limits_note: Note,
    void_hand: String,
    void_reason: String,
    void_by: Signer,
    void_note: Note,
    close_by: Signer,
    close_note: Note,
    port: String,
    baud: String,
    port_by: Signer,
    port_note: Note,
}

impl LimitsTab {
    /// The tab with the limits in force in the form.
    pub(super) fn new(rules: &HouseRules) -> LimitsTab {
        LimitsTab {
            closed: false,
            min_bet: rules.rocket.min_bet_units.to_string(),
            max_bet: rules.rocket.max_bet_units.to_string(),
            limits_by: Signer::default(),
            limits_note: Note::default(),
            void_hand: String::new(),
            void_reason: String::new(),
            void_by: Signer::default(),
            void_note: Note::default(),
            close_by: Signer::default(),
            close_note: Note::default(),
            port: String::new(),
            baud: String::new(),
            port_by: Signer::default(),
            port_note: Note::default(),
        }
    }

    pub(super) fn show_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("Table limits");
        if station.setup().game == GameKind::Starboard {
            // Starboard's terms are fixed when the table opens.
            ui.label(format!(
                "In force: {}. Starboard has no bet limits: the ante and the rake are fixed when the table opens.",
                starboard_terms(&station.table().rules().starboard)
            ));
        } else {
            self.rocket_limits_ui(ui, station);
        }

        ui.separator();
        ui.heading("Void a completed hand");
        ui.label(
            "The signed-in dealer asks; you approve with your PIN. The hand stays on record; \
             reversing entries undo its transfers.",
        );
        labelled_input_ui(ui, "Hand to void", &mut self.void_hand, 80.0);
        labelled_input_ui(ui, "Reason for the void", &mut self.void_reason, 360.0);
        self.void_by.show_ui(ui, "Pit boss", "void");
        if action_ui(ui, "Void hand", &mut self.void_note) {
            let outcome = self.void(station);
            self.void_by.clear();
            self.void_note.set(outcome);
        }

        if let SourceChoice::Scanner { path, baud } = &station.setup().source {
            let (path, baud) = (path.clone(), *baud);
            ui.separator();
            self.shoe_port_ui(ui, station, &path, baud);
        }

        ui.separator();
        ui.heading("Closing the table");
        ui.label("Ends the shift. Count the closer first (Inventory).");
        self.close_by.show_ui(ui, "Pit boss", "close");
        if action_ui(ui, "Close the table", &mut self.close_note) {
            let outcome = self.close(station);
            self.close_by.clear();
            self.close_note.set(outcome);
        }
    }

    /// Rocket's bet limits: those in force, those set for the next hand,
    /// and the form that changes them.
    fn rocket_limits_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        let rules = station.table().rules();
        ui.label(format!(
            "In force now: bets {} to {} units.",
            rules.rocket.min_bet_units, rules.rocket.max_bet_units
        ));
        if let Ok(Some(limits)) = station.ledger().table_limits(station.table_id())
            && (limits.min_bet_units, limits.max_bet_units)
                != (rules.rocket.min_bet_units, rules.rocket.max_bet_units)
        {
            ui.label(format!(
                "Set to {} to {} units: they apply from the next hand.",
                limits.min_bet_units, limits.max_bet_units
            ));
        }
        ui.horizontal(|ui| {
            labelled_input_ui(ui, "Minimum bet", &mut self.min_bet, 80.0);
            labelled_input_ui(ui, "Maximum bet", &mut self.max_bet, 80.0);
        });
        self.limits_by.show_ui(ui, "Pit boss", "limits");
        if action_ui(ui, "Change limits", &mut self.limits_note) {
            let outcome = self.change_limits(station);
            self.limits_by.clear();
            self.limits_note.set(outcome);
        }
    }

    /// The card-reading shoe's port, and the form that moves the shoe to
    /// another (a cable moved, a port renamed) without closing the shift.
    fn shoe_port_ui(&mut self, ui: &mut Ui, station: &mut Station, path: &str, baud: u32) {
        ui.heading("Card-reading shoe");
        ui.label(format!(
            "Read on {path} at {baud} baud. Moving it to another port is recorded with your PIN; \
             the hand and the shift go on."
        ));
        if self.baud.is_empty() {
            self.baud = baud.to_string();
        }
        ui.horizontal(|ui| {
            labelled_input_ui(ui, "New port path", &mut self.port, 220.0);
            labelled_input_ui(ui, "New port baud", &mut self.baud, 80.0);
        });
        self.port_by.show_ui(ui, "Pit boss", "shoe port");
        if action_ui(ui, "Move the shoe to this port", &mut self.port_note) {
            let repaint = ui.ctx().clone();
            let outcome = self.change_shoe_port(station, move || repaint.request_repaint());
            self.port_by.clear();
            self.port_note.set(outcome);
        }
    }

    fn change_shoe_port(
        &mut self,
        station: &mut Station,
        repaint: impl Fn() + Send + Clone + 'static,
    ) -> Result<String, ScreenError> {
        let path = self.port.trim().to_owned();
        if path.is_empty() {
            return Err(ScreenError::Form("type the new port's path".into()));
        }
        let baud = parse_baud(&self.baud).map_err(ScreenError::Form)?;
        let config = crate::ui::checked_port(&path, baud).map_err(ScreenError::Form)?;
        let link = ScanLink::port(config, Box::new(repaint))
            .map_err(|e| ScreenError::Form(e.to_string()))?;
        let source = SourceChoice::Scanner {
            path: path.clone(),
            baud,
        };
        signed(&mut self.port_by, "pit boss", |by| {
            station
                .change_shoe_port(source, link, by)
                .map_err(ScreenError::from)
        })?;
        self.port.clear();
        Ok(format!("The shoe is now read on {path} at {baud} baud."))
    }

    fn change_limits(&mut self, station: &mut Station) -> Result<String, ScreenError> {
        let min = parse_units(&self.min_bet, "the minimum bet")?;
        let max = parse_units(&self.max_bet, "the maximum bet")?;
        let limits = TableLimits::new(min, max)?;
        let mut rules = *station.table().rules();
        rules.rocket.min_bet_units = min;
        rules.rocket.max_bet_units = max;
        rules.validate()?;
        let table = station.table_id();
        signed(&mut self.limits_by, "pit boss", |by| {
            let dealer = asked_by(station, by);
            station
                .ledger_mut()
                .change_limits(table, limits, dealer, by)
                .map_err(ScreenError::from)
        })?;
        match station.apply_limits() {
            Ok(()) => Ok(format!("Limits are now {min} to {max} units.")),
            Err(crate::station::StationError::LimitsFromNextHand) => Ok(format!(
                "Limits {min} to {max} units recorded; a hand is in progress, so they apply from the next hand."
            )),
            Err(error) => Err(error.into()),
        }
    }

    fn void(&mut self, station: &mut Station) -> Result<String, ScreenError> {
        let hand =
            self.void_hand.trim().parse::<i64>().map_err(|_| {
                ScreenError::Form("the hand to void must be a hand number".to_owned())
            })?;
        if self.void_reason.trim().is_empty() {
            return Err(ScreenError::Form("give the reason for the void".into()));
        }
        let reason = self.void_reason.clone();
        signed(&mut self.void_by, "pit boss", |by| {
            let dealer = asked_by(station, by);
            station
                .ledger_mut()
                .void_hand(HandId(hand), &reason, dealer, by)
                .map_err(ScreenError::from)
        })?;
        self.void_reason.clear();
        Ok(format!(
            "Hand {hand} is voided; reversing entries are in the ledger."
        ))
    }

    fn close(&mut self, station: &mut Station) -> Result<String, ScreenError> {
        if station.hand().is_some() || station.settlement().is_some() {
            return Err(ScreenError::Form(
                "a hand is in progress; finish and settle it before closing the table".into(),
            ));
        }
        let shift = station.shift_id();
        signed(&mut self.close_by, "pit boss", |by| {
            let dealer = asked_by(station, by);
            station
                .ledger_mut()
                .close_table(shift, dealer, by)
                .map_err(ScreenError::from)
        })?;
        // The shift is closed; the dealer's session ends with it.
        self.closed = true;
        match station.sign_out_dealer() {
            Ok(()) => Ok("The table is closed.".into()),
            Err(error) => Ok(format!(
                "The table is closed, but the dealer's sign-out was not recorded: {error}."
            )),
        }
    }

    // ── Inventory ────────────────────────────────────────────────────────
}
