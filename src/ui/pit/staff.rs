//! The Staff tab: the staff list, lockouts lifted, PINs set, staff added.

use eframe::egui::{self, Ui};

use super::forms::{Note, Signer, action_ui, signed};
use crate::access::MAX_WRONG_PINS;
use crate::ledger::{PinEntry, StaffMember};
use crate::station::Station;
use crate::time_text::{Zone, when};
use crate::ui::error::ScreenError;
use crate::ui::setup::AddStaffForm;
use crate::ui::widgets::{ALARM, labelled_input_ui, parse_staff_id, pin_input_ui};

/// The Staff tab's inputs and what it read.
#[derive(Default)]
pub(super) struct StaffTab {
    staff: Option<Result<Vec<StaffMember>, ScreenError>>,
    locked_id: String,
    reset_by: Signer,
    reset_note: Note,
    pin_for: String,
    new_pin: String,
    pin_by: Signer,
    pin_second: Signer,
    pin_note: Note,
    add_staff: AddStaffForm,
}

impl StaffTab {
    /// Forgets the staff list, so the next frame reads it again.
    pub(super) fn reload(&mut self) {
        self.staff = None;
    }

    pub(super) fn show_ui(&mut self, ui: &mut Ui, station: &mut Station) {
        ui.heading("Staff list");
        let list = self
            .staff
            .get_or_insert_with(|| station.ledger().staff_list().map_err(ScreenError::from));
        match list {
            Err(error) => error.show_ui(ui),
            Ok(list) => {
                egui::Grid::new("staff-list").striped(true).show(ui, |ui| {
                    for title in ["ID", "Name", "Role", "PIN", "Locked", "Signed in"] {
                        ui.strong(title);
                    }
                    ui.end_row();
                    for member in list.iter() {
                        ui.label(member.id.to_string());
                        ui.label(&member.name);
                        ui.label(member.role.title());
                        ui.label(if member.has_pin { "set" } else { "none" });
                        if member.lock.locked {
                            ui.colored_label(
                                ALARM,
                                format!(
                                    "locked after {MAX_WRONG_PINS} wrong PINs in a row: a pit boss resets it below"
                                ),
                            );
                        } else {
                            ui.label("no");
                        }
                        match &member.session {
                            Some(session) => ui.label(format!(
                                "at {} since {}",
                                session.station,
                                when(session.since, Zone::Local)
                            )),
                            None => ui.label("—"),
                        };
                        ui.end_row();
                    }
                });
            }
        }
        ui.separator();
        ui.strong("Reset a lockout");
        labelled_input_ui(ui, "Locked staff ID", &mut self.locked_id, 70.0);
        self.reset_by.show_ui(ui, "Pit boss", "reset");
        if action_ui(ui, "Reset lockout", &mut self.reset_note) {
            let outcome = parse_staff_id(&self.locked_id, "locked staff")
                .map_err(ScreenError::Form)
                .and_then(|staff| {
                    signed(&mut self.reset_by, "pit boss", |by| {
                        station
                            .ledger_mut()
                            .reset_lockout(staff, by)
                            .map_err(ScreenError::from)
                    })
                    .map(|()| format!("Staff member {staff}'s lockout is lifted."))
                });
            self.reset_by.clear();
            self.reset_note.set(outcome);
            self.reload();
        }
        ui.separator();
        ui.strong("Set a PIN");
        labelled_input_ui(ui, "Staff ID for the PIN", &mut self.pin_for, 70.0);
        pin_input_ui(ui, "PIN to set", &mut self.new_pin);
        self.pin_by.show_ui(ui, "Pit boss", "PIN");
        self.pin_second
            .show_ui(ui, "Second approver", "a pit boss's or administrator's PIN");
        if action_ui(ui, "Set PIN", &mut self.pin_note) {
            let new_pin = std::mem::take(&mut self.new_pin);
            let second_pin = std::mem::take(&mut self.pin_second.pin);
            let second = match self.pin_second.id.trim() {
                "" => Ok(None),
                _ => self.pin_second.staff("second approver").map(Some),
            };
            let outcome = parse_staff_id(&self.pin_for, "staff")
                .map_err(ScreenError::Form)
                .and_then(|staff| {
                let second = second?.map(|id| PinEntry {
                    staff: id,
                    pin: &second_pin,
                });
                signed(&mut self.pin_by, "pit boss", |by| {
                    station
                        .ledger_mut()
                        .set_pin(staff, &new_pin, by, second.as_ref())
                        .map_err(ScreenError::from)
                })
                .map(|()| {
                    format!(
                        "Staff member {staff} has a new one-time PIN, to change at their next sign-in."
                    )
                })
            });
            self.pin_by.clear();
            self.pin_note.set(outcome);
            self.reload();
        }
        ui.separator();
        self.add_staff.show_ui(ui, station.ledger_mut());
        if ui.button("Refresh the staff list").clicked() {
            self.reload();
        }
    }
}
