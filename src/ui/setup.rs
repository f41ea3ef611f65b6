//! The screens before a table is live: the first pit boss account, and
//! opening a table. Plus the app's look (type sizes, contrast).

use eframe::egui::{self, FontId, TextStyle, Ui};

use super::widgets::{
    ALARM, GOOD, labelled_input_ui, message_line_ui, parse_baud, parse_staff_id, pin_input_ui,
    typed_this_frame,
};
use crate::engine::Decks;
use crate::engine::hand::GameKind;
use crate::engine::rules::HouseRules;
use crate::ids::StaffId;
use crate::ledger::Ledger;
use crate::scanner::list_ports;
use crate::station::{SourceChoice, TableSetup};

/// Large, high-contrast type for a dealer's touch screen.
pub fn style(ctx: &egui::Context) {
    let mut visuals = egui::Visuals::dark();
    visuals.override_text_color = Some(egui::Color32::from_gray(235));
    ctx.set_visuals(visuals);
    let mut style = (*ctx.global_style()).clone();
    style.text_styles = [
        (TextStyle::Heading, FontId::proportional(30.0)),
        (TextStyle::Body, FontId::proportional(19.0)),
        (TextStyle::Button, FontId::proportional(20.0)),
        (TextStyle::Monospace, FontId::monospace(17.0)),
        (TextStyle::Small, FontId::proportional(15.0)),
    ]
    .into();
    style.spacing.item_spacing = egui::vec2(10.0, 8.0);
    style.spacing.button_padding = egui::vec2(12.0, 6.0);
    ctx.set_global_style(style);
}

/// First run: no staff exist, so the first account is a pit boss.
#[derive(Default)]
pub struct FirstRunForm {
    id: String,
    name: String,
    pin: String,
    pin_again: String,
    error: String,
    /// The floor named the first pit boss: their ID and name are not typed.
    named_by_floor: bool,
    /// What the floor said, when it was asked.
    floor_note: String,
}

impl FirstRunForm {
    /// Takes the first pit boss's ID and name from the floor (docs/floor.md,
    /// "The first pit boss from the floor").
    pub fn name_from_floor(&mut self, staff: StaffId, name: &str) {
        self.id = staff.to_string();
        self.name = name.to_owned();
        self.named_by_floor = true;
        self.floor_note.clear();
    }

    /// Says why the floor could not name the first pit boss.
    pub fn floor_unavailable(&mut self, why: &str) {
        self.floor_note =
            format!("The floor could not be asked ({why}): type the first pit boss here.");
    }

    /// Draws the form; Some(()) once the account is created.
    pub fn show_ui(&mut self, ui: &mut Ui, ledger: &mut Ledger) -> Option<()> {
        ui.heading("Welcome: create the first pit boss account");
        ui.label(
            "No staff are recorded in this ledger yet. The first account is a pit boss, who then \
             opens tables and adds dealers. There are no default accounts or passwords.",
        );
        ui.add_space(12.0);
        if self.named_by_floor {
            ui.label(format!(
                "The floor names this station's first pit boss: staff {}, {}. They set their PIN here.",
                self.id, self.name
            ));
        } else {
            if !self.floor_note.is_empty() {
                ui.label(&self.floor_note);
            }
            labelled_input_ui(ui, "Staff ID", &mut self.id, 120.0);
            labelled_input_ui(ui, "Full name", &mut self.name, 280.0);
        }
        pin_input_ui(ui, "PIN (4 to 8 digits)", &mut self.pin);
        pin_input_ui(ui, "PIN again", &mut self.pin_again);
        refusal_ui(ui, &mut self.error);
        if !ui.button("Create pit boss account").clicked() {
            return None;
        }
        match self.create(ledger) {
            Ok(()) => Some(()),
            Err(error) => {
                self.error = error;
                None
            }
        }
    }

    fn create(&mut self, ledger: &mut Ledger) -> Result<(), String> {
        let id = parse_staff_id(&self.id, "staff")?;
        if self.name.trim().is_empty() {
            return Err("enter the pit boss's full name".into());
        }
        if self.pin != self.pin_again {
            return Err("the two PINs differ; type the same PIN twice".into());
        }
        ledger
            .create_first_pit_boss(id, self.name.trim(), &self.pin)
            .map_err(|e| e.to_string())?;
        self.pin.clear();
        self.pin_again.clear();
        Ok(())
    }
}

/// Opening a table: the pit boss's choices and both people's PINs.
pub struct OpenTableForm {
    name: String,
    game: GameKind,
    decks: u8,
    min_bet: String,
    max_bet: String,
    unit: String,
    unit_cents: String,
    source: usize,
    port: String,
    baud: String,
    pit_boss_id: String,
    pit_boss_pin: String,
    dealer_id: String,
    dealer_pin: String,
    /// The path of a house rules file (TOML), as typed.
    rules_path: String,
    /// The house rules the limits above are laid over: the defaults, or
    /// the last file loaded.
    rules: HouseRules,
    /// The last refusal, as a sentence.
    pub error: String,
}

/// The source radio's index, the port and the baud as the form shows
/// `source` (a shoe's port and baud from `blank` when it has none).
fn source_fields(source: &SourceChoice, blank: &OpenTableForm) -> (usize, String, String) {
    match source {
        SourceChoice::Scanner { path, baud } => (0, path.clone(), baud.to_string()),
        SourceChoice::SimulatedShoe => (1, blank.port.clone(), blank.baud.clone()),
        SourceChoice::SoftwareShoe => (2, blank.port.clone(), blank.baud.clone()),
    }
}

impl Default for OpenTableForm {
    fn default() -> Self {
        let rules = HouseRules::default();
        OpenTableForm {
            name: "Table 1".into(),
            game: GameKind::Rocket,
            decks: 6,
            min_bet: rules.rocket.min_bet_units.to_string(),
            max_bet: rules.rocket.max_bet_units.to_string(),
            unit: rules.starboard.unit.to_string(),
            unit_cents: "100".into(),
            source: 0,
            port: String::new(),
            baud: "9600".into(),
            pit_boss_id: String::new(),
            pit_boss_pin: String::new(),
            dealer_id: String::new(),
            dealer_pin: String::new(),
            rules_path: String::new(),
            rules,
            error: String::new(),
        }
    }
}

impl OpenTableForm {
    /// A blank form on the card source `source` (the station's
    /// configuration file), or the default one.
    pub fn starting_on(source: Option<&SourceChoice>) -> OpenTableForm {
        let blank = OpenTableForm::default();
        let Some(source) = source else {
            return blank;
        };
        let (source, port, baud) = source_fields(source, &blank);
        OpenTableForm {
            source,
            port,
            baud,
            ..blank
        }
    }

    /// The form filled in as the table `last` was (its name, game, decks,
    /// limits, unit, card source and house rules) with the rules file it
    /// was opened with, for the next table after a close; the PINs and
    /// IDs are typed again.
    pub fn after(last: &TableSetup, rules_path: &str) -> OpenTableForm {
        let blank = OpenTableForm::default();
        let (source, port, baud) = source_fields(&last.source, &blank);
        OpenTableForm {
            name: last.name.clone(),
            game: last.game,
            decks: last.decks.count(),
            min_bet: last.rules.rocket.min_bet_units.to_string(),
            max_bet: last.rules.rocket.max_bet_units.to_string(),
            unit: last.rules.starboard.unit.to_string(),
            unit_cents: last.unit_cents.to_string(),
            source,
            port,
            baud,
            rules_path: rules_path.to_owned(),
            rules: last.rules,
            ..blank
        }
    }

    /// The house rules file as typed (empty: none).
    pub fn rules_path(&self) -> &str {
        self.rules_path.trim()
    }
}

/// Staff ID and PIN as typed.
pub type Credentials = (StaffId, String);

const SOURCES: [&str; 3] = [
    "Card-reading shoe (serial port)",
    "Simulated shoe (training)",
    "Software shoe",
];

impl OpenTableForm {
    /// Draws the form; Some(setup, dealer, pit boss) when Open is pressed
    /// with every field valid.
    pub fn show_ui(&mut self, ui: &mut Ui) -> Option<(TableSetup, Credentials, Credentials)> {
        ui.heading("Open a table");
        egui::Grid::new("open-table")
            .num_columns(2)
            .spacing([24.0, 10.0])
            .show(ui, |ui| {
                ui.vertical(|ui| {
                    labelled_input_ui(ui, "Table name", &mut self.name, 200.0);
                    ui.horizontal(|ui| {
                        ui.label("Game");
                        ui.selectable_value(&mut self.game, GameKind::Rocket, "Rocket");
                        ui.selectable_value(&mut self.game, GameKind::Starboard, "Starboard");
                    });
                    ui.horizontal(|ui| {
                        let label = ui.label("Decks");
                        ui.add(egui::Slider::new(&mut self.decks, 1..=8))
                            .labelled_by(label.id);
                    });
                    match self.game {
                        GameKind::Rocket => {
                            labelled_input_ui(ui, "Minimum bet (units)", &mut self.min_bet, 100.0);
                            labelled_input_ui(ui, "Maximum bet (units)", &mut self.max_bet, 100.0);
                        }
                        GameKind::Starboard => {
                            labelled_input_ui(ui, "Ante and draw (units)", &mut self.unit, 100.0);
                        }
                    }
                    labelled_input_ui(
                        ui,
                        "Cash value of a unit (cents)",
                        &mut self.unit_cents,
                        100.0,
                    );
                    ui.horizontal(|ui| {
                        labelled_input_ui(
                            ui,
                            "House rules file (optional)",
                            &mut self.rules_path,
                            220.0,
                        );
                        if ui.button("Load rules").clicked() {
                            self.load_rules();
                        }
                    });
                    ui.label(rules_summary(&self.rules));
                });
                ui.vertical(|ui| {
                    ui.label("Card source");
                    for (index, name) in SOURCES.iter().enumerate() {
                        ui.radio_value(&mut self.source, index, *name);
                    }
                    if self.source == 0 {
                        match list_ports() {
                            Ok(ports) if !ports.is_empty() => {
                                egui::ComboBox::from_label("Port")
                                    .selected_text(self.port.clone())
                                    .show_ui(ui, |ui| {
                                        for port in ports {
                                            let text =
                                                format!("{} ({})", port.path, port.description);
                                            ui.selectable_value(&mut self.port, port.path, text);
                                        }
                                    });
                            }
                            Ok(_) => {
                                ui.colored_label(ALARM, "No serial ports found on this machine.");
                            }
                            Err(error) => {
                                ui.colored_label(ALARM, error.to_string());
                            }
                        }
                        labelled_input_ui(ui, "Port path", &mut self.port, 220.0);
                        labelled_input_ui(ui, "Baud", &mut self.baud, 90.0);
                    }
                });
                ui.end_row();
            });
        ui.separator();
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                labelled_input_ui(ui, "Pit boss ID", &mut self.pit_boss_id, 100.0);
                pin_input_ui(ui, "Pit boss PIN", &mut self.pit_boss_pin);
            });
            ui.add_space(40.0);
            ui.vertical(|ui| {
                labelled_input_ui(ui, "Dealer ID", &mut self.dealer_id, 100.0);
                pin_input_ui(ui, "Dealer PIN", &mut self.dealer_pin);
            });
        });
        refusal_ui(ui, &mut self.error);
        if !ui.button("Open table").clicked() {
            return None;
        }
        match self.checked() {
            Ok(opened) => {
                self.error.clear();
                self.pit_boss_pin.clear();
                self.dealer_pin.clear();
                Some(opened)
            }
            Err(error) => {
                self.error = error;
                None
            }
        }
    }

    /// Reads the house rules file named in the form: its rules become the
    /// base, and its limits fill the limit fields (which can still be
    /// changed). A bad file is refused with the reason; the form keeps
    /// what it had.
    fn load_rules(&mut self) {
        let path = self.rules_path.trim();
        if path.is_empty() {
            self.error =
                "type the path of a house rules file first (see docs/house-rules.md)".into();
            return;
        }
        let loaded = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the house rules file {path}: {e}"))
            .and_then(|text| HouseRules::from_toml(&text).map_err(|e| format!("{path}: {e}")));
        match loaded {
            Ok(rules) => {
                self.min_bet = rules.rocket.min_bet_units.to_string();
                self.max_bet = rules.rocket.max_bet_units.to_string();
                self.unit = rules.starboard.unit.to_string();
                self.rules = rules;
                self.error.clear();
            }
            Err(error) => self.error = error,
        }
    }

    fn checked(&self) -> Result<(TableSetup, Credentials, Credentials), String> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err("give the table a name".into());
        }
        let number = |text: &str, what: &str| -> Result<u64, String> {
            text.trim()
                .parse::<u64>()
                .map_err(|_| format!("{what} must be a whole number"))
        };
        let mut rules = self.rules;
        match self.game {
            GameKind::Rocket => {
                rules.rocket.min_bet_units = number(&self.min_bet, "the minimum bet")?;
                rules.rocket.max_bet_units = number(&self.max_bet, "the maximum bet")?;
            }
            GameKind::Starboard => rules.starboard.unit = number(&self.unit, "the ante")?,
        }
        rules.validate().map_err(|e| e.to_string())?;
        let unit_cents = number(&self.unit_cents, "the cash value of a unit")?;
        if unit_cents == 0 {
            return Err("the cash value of a unit must be at least 1 cent".into());
        }
        let source = match self.source {
            0 => {
                if self.port.trim().is_empty() {
                    return Err("choose the card-reading shoe's port".into());
                }
                let baud = parse_baud(&self.baud)?;
                SourceChoice::Scanner {
                    path: self.port.trim().to_owned(),
                    baud,
                }
            }
            1 => SourceChoice::SimulatedShoe,
            _ => SourceChoice::SoftwareShoe,
        };
        let decks = Decks::new(i64::from(self.decks)).map_err(|e| e.to_string())?;
        let setup = TableSetup {
            name: name.to_owned(),
            game: self.game,
            decks,
            rules,
            unit_cents,
            source,
        };
        let pit_boss = parse_staff_id(&self.pit_boss_id, "pit boss")?;
        let dealer = parse_staff_id(&self.dealer_id, "dealer")?;
        Ok((
            setup,
            (dealer, self.dealer_pin.clone()),
            (pit_boss, self.pit_boss_pin.clone()),
        ))
    }
}

/// A form's refusal in the space kept for it above the form's button (so
/// the button never moves); it goes once the user types again to fix it.
fn refusal_ui(ui: &mut Ui, error: &mut String) {
    if typed_this_frame(ui) {
        error.clear();
    }
    message_line_ui(ui, error, ALARM);
}

/// Adding a staff member, confirmed by a pit boss (or administrator) PIN.
#[derive(Default)]
pub struct AddStaffForm {
    id: String,
    name: String,
    role: usize,
    pin: String,
    approver_id: String,
    approver_pin: String,
    message: String,
    failed: bool,
}

const ROLES: [crate::access::Role; 3] = [
    crate::access::Role::Dealer,
    crate::access::Role::PitBoss,
    crate::access::Role::Administrator,
];

impl AddStaffForm {
    /// Draws the form and adds the person when asked.
    pub fn show_ui(&mut self, ui: &mut Ui, ledger: &mut Ledger) {
        egui::CollapsingHeader::new("Add a staff member").show(ui, |ui| {
            labelled_input_ui(ui, "New staff ID", &mut self.id, 100.0);
            labelled_input_ui(ui, "New staff name", &mut self.name, 240.0);
            ui.horizontal(|ui| {
                ui.label("Role");
                for (index, role) in ROLES.iter().enumerate() {
                    ui.radio_value(&mut self.role, index, role.title());
                }
            });
            pin_input_ui(ui, "New staff PIN", &mut self.pin);
            labelled_input_ui(ui, "Approving pit boss ID", &mut self.approver_id, 100.0);
            pin_input_ui(ui, "Approving pit boss PIN", &mut self.approver_pin);
            if typed_this_frame(ui) {
                self.message.clear();
            }
            let color = if self.failed { ALARM } else { GOOD };
            message_line_ui(ui, &self.message, color);
            if ui.button("Add staff member").clicked() {
                let result = self.add(ledger);
                self.failed = result.is_err();
                self.message = result.unwrap_or_else(|error| error);
            }
        });
    }

    fn add(&mut self, ledger: &mut Ledger) -> Result<String, String> {
        let id = parse_staff_id(&self.id, "new staff member's")?;
        let approver = parse_staff_id(&self.approver_id, "approving pit boss's")?;
        let name = self.name.trim().to_owned();
        if name.is_empty() {
            return Err("enter the new staff member's name".into());
        }
        let role = ROLES[self.role.min(ROLES.len() - 1)];
        let by = crate::ledger::PinEntry {
            staff: approver,
            pin: &self.approver_pin,
        };
        let added = ledger.add_staff(id, &name, role, &self.pin, &by);
        self.pin.clear();
        self.approver_pin.clear();
        added.map_err(|e| e.to_string())?;
        self.id.clear();
        self.name.clear();
        Ok(format!("{} {name} (ID {id}) added.", role.title()))
    }
}

/// The house rules beyond the limits, in one line.
fn rules_summary(rules: &HouseRules) -> String {
    let rake = match (rules.starboard.rake_percent, rules.starboard.rake_cap) {
        (0, _) => "no rake".to_owned(),
        (percent, 0) => format!("rake {percent}%"),
        (percent, cap) => format!("rake {percent}% up to {cap} units"),
    };
    format!(
        "Shuffle at {}.{}% dealt · burn {} · Rocket starts: {} · Starboard {rake}",
        rules.penetration_permille / 10,
        rules.penetration_permille % 10,
        rules.burn,
        match rules.rocket.start {
            crate::engine::rules::StartRule::LowCard => "lowest first card",
            crate::engine::rules::StartRule::DealerLeft => "dealer's left",
        },
    )
}
