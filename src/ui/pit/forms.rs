//! What the pit boss's tabs share: the sentence under an action, the staff
//! ID and PIN typed for it, whole-unit inputs, who asks for an action.

use eframe::egui::{self, Ui};

use crate::ids::StaffId;
use crate::ledger::PinEntry;
use crate::station::Station;
use crate::ui::error::ScreenError;
pub(super) use crate::ui::widgets::sentence;
use crate::ui::widgets::{
    GOOD, error_text_ui, labelled_input_ui, parse_staff_id, pin_input_ui, typed_this_frame,
};

/// The outcome of the last attempt at one action: a sentence, good or not.
/// A refusal goes away once the user types again (its cause being fixed);
/// a success stays until the next attempt.
#[derive(Default)]
pub(super) struct Note {
    text: String,
    failed: bool,
    /// The typing count when the refusal was first shown.
    shown_at: Option<u64>,
}

impl Note {
    pub(super) fn show_ui(&mut self, ui: &mut Ui) {
        let typed = typing_count(ui);
        if self.failed {
            match self.shown_at {
                None => self.shown_at = Some(typed),
                Some(at) if at != typed => {
                    *self = Note::default();
                    return;
                }
                Some(_) => {}
            }
            error_text_ui(ui, &self.text);
        } else if !self.text.is_empty() {
            ui.colored_label(GOOD, &self.text);
        }
    }

    pub(super) fn set(&mut self, outcome: Result<String, ScreenError>) {
        self.failed = outcome.is_err();
        self.shown_at = None;
        self.text = match outcome {
            Ok(text) => text,
            Err(error) => sentence(&error.to_string()),
        };
    }
}

/// How many frames had typing in them (kept in the window's memory; the
/// pit screen counts them, see [`count_typing`]).
fn typing_count(ui: &Ui) -> u64 {
    ui.ctx()
        .data(|d| d.get_temp::<u64>(egui::Id::unique(TYPING)).unwrap_or(0))
}

const TYPING: &str = "pit-screen-typing";

/// Counts this frame if the user typed or deleted text in it.
pub(super) fn count_typing(ui: &Ui) {
    if typed_this_frame(ui) {
        ui.ctx().data_mut(|d| {
            *d.get_temp_mut_or_default::<u64>(egui::Id::unique(TYPING)) += 1;
        });
    }
}

/// The action's button with its last attempt's sentence beside it: a
/// sentence appearing never moves the button (a mis-tap on a touch screen).
pub(super) fn action_ui(ui: &mut Ui, label: &str, note: &mut Note) -> bool {
    ui.horizontal_wrapped(|ui| {
        let clicked = ui.button(label).clicked();
        note.show_ui(ui);
        clicked
    })
    .inner
}

/// A staff ID and PIN typed for one action.
#[derive(Default)]
pub(super) struct Signer {
    pub(super) id: String,
    pub(super) pin: String,
}

impl Signer {
    /// Draws "{who} ID ({what})" and "{who} PIN ({what})".
    pub(super) fn show_ui(&mut self, ui: &mut Ui, who: &str, what: &str) {
        ui.horizontal(|ui| {
            labelled_input_ui(ui, &format!("{who} ID ({what})"), &mut self.id, 70.0);
            pin_input_ui(ui, &format!("{who} PIN ({what})"), &mut self.pin);
        });
    }

    /// The staff ID as a number, or a sentence.
    pub(super) fn staff(&self, who: &str) -> Result<StaffId, ScreenError> {
        parse_staff_id(&self.id, who).map_err(ScreenError::Form)
    }

    /// The ID and PIN typed, to sign with, or a sentence.
    pub(super) fn entry(&self, who: &str) -> Result<PinEntry<'_>, ScreenError> {
        Ok(PinEntry {
            staff: self.staff(who)?,
            pin: &self.pin,
        })
    }

    /// Clears the PIN (after every attempt).
    pub(super) fn clear(&mut self) {
        self.pin.clear();
    }
}

pub(super) fn parse_units(text: &str, what: &str) -> Result<u64, ScreenError> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| ScreenError::Form(format!("{what} must be a whole number of units")))
}

/// Runs `action` with the signer's ID and PIN, then clears the PIN.
pub(super) fn signed<T>(
    signer: &mut Signer,
    who: &str,
    action: impl FnOnce(&PinEntry<'_>) -> Result<T, ScreenError>,
) -> Result<T, ScreenError> {
    let outcome = signer.entry(who).and_then(|entry| action(&entry));
    signer.clear();
    outcome
}

/// The dealer signed in, who asks for a fill or credit the pit boss approves.
pub(super) fn requester(station: &Station) -> Result<StaffId, ScreenError> {
    station.dealer().ok_or_else(|| {
        ScreenError::Form(
            "no dealer is signed in: the dealer asks and the pit boss approves, so sign a dealer in first"
                .to_owned(),
        )
    })
}

/// Who asks for a pit boss's own action (limits, denominations, a void,
/// closing): the dealer signed in, or with none, the approving pit boss.
pub(super) fn asked_by(station: &Station, approver: &PinEntry<'_>) -> StaffId {
    station.dealer().unwrap_or(approver.staff)
}
