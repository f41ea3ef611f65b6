//! A table drilled into from the pit view (docs/floor.md, "The pit
//! view"): the latest hand shipped, seat by seat with bets and cards, and
//! the shift's latest hands, read from the station's replica and read
//! again whenever the survey brings that table's rows.

use std::collections::HashMap;

use eframe::egui::{self, Ui};

use super::super::widgets::{card_face_ui, error_text_ui};
use crate::engine::Rank;
use crate::engine::hand::{CardTo, GameKind, Step};
use crate::engine::table::{FinishedHand, HandEvent};
use crate::floor::survey::PitTable;
use crate::ids::{HandId, StaffId};
use crate::ledger::{HandFilter, HandSummary, Ledger, LedgerError, SystemClock};
use crate::report::units;
use crate::time_text::{Zone, time_of_day};

/// Hands listed when the pit drills into a table.
const RECENT_HANDS: usize = 20;

/// The table drilled into.
pub(super) struct TableDetail {
    /// The table as surveyed when its detail was read.
    read_for: PitTable,
    /// Its latest hand and recent hands, or why they could not be read.
    read: Result<Hands, String>,
}

/// What the detail shows of a table's hands.
struct Hands {
    /// The latest hand shipped this shift, as played.
    latest: Option<(HandId, FinishedHand)>,
    /// The shift's latest hands, newest first.
    recent: Vec<HandSummary>,
    /// The staff's names, by ID, as the chain's staff rows give them.
    names: HashMap<StaffId, String>,
}

impl Hands {
    /// The name of the hand's dealer (their ID if the chain names none).
    fn dealer_name(&self, hand: &HandSummary) -> String {
        self.names
            .get(&hand.dealer)
            .cloned()
            .unwrap_or_else(|| hand.dealer.to_string())
    }
}

impl TableDetail {
    /// Reads `table`'s hands from its replica.
    pub(super) fn open(table: &PitTable) -> TableDetail {
        TableDetail {
            read_for: table.clone(),
            read: read_hands(table).map_err(|e| e.to_string()),
        }
    }

    /// The station drilled into.
    pub(super) fn station(&self) -> &str {
        &self.read_for.station
    }

    /// Reads the table's hands again if the latest survey changed more
    /// than its link (its rows arrived): the detail follows the floor's
    /// notifications.
    pub(super) fn follow(&mut self, tables: &[PitTable]) {
        let fresh = tables.iter().find(|t| t.station == self.read_for.station);
        if let Some(fresh) = fresh {
            let same_rows = PitTable {
                link: fresh.link.clone(),
                ..self.read_for.clone()
            } == *fresh;
            if !same_rows {
                *self = TableDetail::open(fresh);
            }
        }
    }

    /// Draws the latest hand and the recent hands, in the small text so
    /// they fit beside the floor plan.
    pub(super) fn show_ui(&self, ui: &mut Ui) {
        super::small_body(ui);
        let station = &self.read_for.station;
        let hands = match &self.read {
            Err(problem) => {
                error_text_ui(ui, problem);
                return;
            }
            Ok(hands) => hands,
        };
        match &hands.latest {
            Some((id, finished)) => {
                ui.strong(format!("{station}: hand {id}, the latest shipped"));
                latest_hand_ui(ui, finished);
            }
            None => {
                ui.strong(format!("{station}: no hand shipped this shift"));
            }
        }
        ui.add_space(4.0);
        ui.strong(format!(
            "{station}: the latest hands this shift, from the floor's copy"
        ));
        if hands.recent.is_empty() {
            ui.label("No hands this shift.");
            return;
        }
        egui::Grid::new("floor-hands").striped(true).show(ui, |ui| {
            for title in ["Hand", "Started", "Dealer", "Outcome", "House net"] {
                ui.strong(title);
            }
            ui.end_row();
            for hand in &hands.recent {
                ui.label(hand.id.to_string());
                ui.label(time_of_day(hand.started_at, Zone::Local));
                ui.label(hands.dealer_name(hand));
                ui.label(hand.outcome.words());
                ui.label(units(hand.house_net));
                ui.end_row();
            }
        });
    }
}

/// The hand's seats with their bets (Starboard: the ante) and the cards
/// each received, then the dealer's or the common cards.
fn latest_hand_ui(ui: &mut Ui, finished: &FinishedHand) {
    let size = egui::vec2(22.0, 30.0);
    let cards_to = |wanted: &dyn Fn(&CardTo) -> bool| -> Vec<(Rank, bool)> {
        finished
            .events
            .iter()
            .filter_map(|event| match event {
                HandEvent::Card {
                    rank,
                    step: Step::Card { to, discarded, .. },
                    ..
                } if wanted(to) => Some((*rank, *discarded)),
                _ => None,
            })
            .collect()
    };
    let row_ui = |ui: &mut Ui, label: String, cards: Vec<(Rank, bool)>| {
        ui.horizontal(|ui| {
            ui.add_sized([130.0, size.y], egui::Label::new(label));
            for (rank, discarded) in cards {
                card_face_ui(ui, rank, size, discarded);
            }
        });
    };
    let setup = &finished.setup;
    for (seat, bet) in &setup.seats {
        let label = match setup.game {
            GameKind::Rocket => format!("seat {seat}: bet {bet}"),
            GameKind::Starboard => format!("seat {seat}: ante {}", setup.rules.starboard.unit),
        };
        row_ui(ui, label, cards_to(&|to| *to == CardTo::Seat(*seat)));
    }
    match setup.game {
        GameKind::Rocket => row_ui(ui, "dealer".into(), cards_to(&|to| *to == CardTo::Dealer)),
        GameKind::Starboard => row_ui(
            ui,
            "common".into(),
            cards_to(&|to| matches!(to, CardTo::Common { .. })),
        ),
    }
}

/// The table's latest hand and its shift's latest hands, from its replica.
fn read_hands(table: &PitTable) -> Result<Hands, LedgerError> {
    if !table.shipped {
        return Ok(Hands {
            latest: None,
            recent: Vec::new(),
            names: HashMap::new(),
        });
    }
    let ledger = Ledger::open_read_only(&table.replica, Box::new(SystemClock), false)?;
    let shift = ledger.open_shift_now()?.map(|open| open.shift);
    let mut recent = ledger.browse_hands(&HandFilter {
        shift,
        ..HandFilter::default()
    })?;
    recent.reverse();
    recent.truncate(RECENT_HANDS);
    let latest = match recent.first() {
        Some(hand) => Some((hand.id, ledger.load_hand(hand.id)?)),
        None => None,
    };
    let names = ledger
        .staff_list()?
        .into_iter()
        .map(|member| (member.id, member.name))
        .collect();
    Ok(Hands {
        latest,
        recent,
        names,
    })
}
