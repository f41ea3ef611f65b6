//! A table drilled into from the pit view (docs/floor.md, "The pit
//! view"): the hand being dealt now as the station last published it, else
//! the latest hand shipped, seat by seat with bets and cards, and the
//! shift's latest hands, read from the station's replica and read again
//! whenever the survey brings that table's rows.

use std::collections::HashMap;

use eframe::egui::{self, Ui};

use super::super::widgets::{card_face_ui, error_text_ui};
use crate::engine::hand::{CardTo, GameKind};
use crate::engine::table::FinishedHand;
use crate::floor::live::LiveHand;
use crate::floor::survey::{PitTable, TableState};
use crate::ids::{HandId, StaffId};
use crate::ledger::{HandFilter, HandSummary, Ledger, LedgerError, SystemClock};
use crate::report::units;
use crate::station::Actor;
use crate::station::live::{DealtCard, HandInProgress, dealt_cards, seat_stakes};
use crate::time_text::{Zone, time_of_day, when};

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
    /// The name of a dealer (their ID if the chain names none).
    fn dealer_name(&self, dealer: StaffId) -> String {
        self.names
            .get(&dealer)
            .cloned()
            .unwrap_or_else(|| dealer.to_string())
    }

    /// Whether `hand` is still in progress: after every hand shipped (a
    /// snapshot of a hand already committed, left or sent again, is not).
    fn in_progress(&self, hand: &HandInProgress) -> bool {
        self.latest
            .as_ref()
            .is_none_or(|(latest, _)| hand.hand.id > *latest)
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
    /// Whether the table deals Starboard (a pot game: no bets against the
    /// house's edge to judge).
    pub(super) fn deals_starboard(&self) -> bool {
        self.read_for.game == Some(crate::engine::hand::GameKind::Starboard)
    }

    /// What a shift report of the table is printed for: its station, its
    /// table's name and the shift shown (`None` before its first).
    pub(super) fn printable(&self) -> (&str, &str, Option<crate::ids::ShiftId>) {
        let table = &self.read_for;
        (
            &table.station,
            table.table.as_deref().unwrap_or(&table.station),
            table.shift.map(|(_, shift)| shift),
        )
    }

    pub(super) fn station(&self) -> &str {
        &self.read_for.station
    }

    /// Reads the table's hands again if the latest survey changed more
    /// than its link and hand in progress (its rows arrived), and takes
    /// those as they are: the detail follows the floor's notifications.
    pub(super) fn follow(&mut self, tables: &[PitTable]) {
        let fresh = tables.iter().find(|t| t.station == self.read_for.station);
        if let Some(fresh) = fresh {
            let same_rows = PitTable {
                link: fresh.link.clone(),
                hand_in_progress: fresh.hand_in_progress.clone(),
                ..self.read_for.clone()
            } == *fresh;
            if same_rows {
                self.read_for = fresh.clone();
            } else {
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
        let live = self.read_for.hand_in_progress.as_ref();
        if let Some(Err(why)) = live.map(|live| &live.hand) {
            error_text_ui(
                ui,
                &format!("{station}: the hand in progress on the floor is refused: {why}"),
            );
        }
        match live.and_then(|live| Some((live, live.hand.as_ref().ok()?))) {
            Some((live, hand)) if hands.in_progress(hand) => {
                ui.strong(format!("{station}: hand {} in progress", hand.hand));
                self.stale_ui(ui, live);
                ui.label(format!(
                    "dealer {} · started {}",
                    hands.dealer_name(hand.dealer),
                    time_of_day(hand.started_at, Zone::Local)
                ));
                hand_ui(ui, hand.game, &hand.seats, &hand.cards);
                ui.label(format!("next: {}", next_words(hand.next)));
            }
            _ => match &hands.latest {
                Some((id, finished)) => {
                    ui.strong(format!("{station}: hand {id}, the latest shipped"));
                    let setup = &finished.setup;
                    hand_ui(
                        ui,
                        setup.game,
                        &seat_stakes(setup),
                        &dealt_cards(&finished.events),
                    );
                }
                None => {
                    ui.strong(format!("{station}: no hand shipped this shift"));
                }
            },
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
                ui.label(hands.dealer_name(hand.dealer));
                ui.label(hand.outcome.words());
                ui.label(units(hand.house_net));
                ui.end_row();
            }
        });
    }

    /// Says, in the alarm colour, that the hand in progress shown may be
    /// stale: the station's link is down, or its last step reached the
    /// floor longer ago than the house's notice time.
    fn stale_ui(&self, ui: &mut Ui, live: &LiveHand) {
        let at = when(live.received_at, Zone::Local);
        if self.read_for.state() == TableState::LinkDown {
            error_text_ui(
                ui,
                &format!(
                    "stale: the station's link is down; its last step reached the floor at {at}"
                ),
            );
        } else if live.old {
            error_text_ui(
                ui,
                &format!(
                    "stale: its last step reached the floor at {at}, longer ago than the house's notice time"
                ),
            );
        }
    }
}

/// Whose turn it is, in the detail's words.
fn next_words(next: Actor) -> String {
    match next {
        Actor::Seat(seat) => format!("seat {seat}"),
        Actor::Dealer => "the dealer".into(),
        Actor::Common => "the common hand".into(),
        Actor::Table => "the settlement".into(),
    }
}

/// A hand's seats with their bets (Starboard: the ante) and the cards
/// each received, then the dealer's or the common cards (a Starboard
/// discard dimmed): the latest hand shipped and the hand in progress
/// alike.
fn hand_ui(ui: &mut Ui, game: GameKind, seats: &[(u8, u64)], cards: &[DealtCard]) {
    let size = egui::vec2(22.0, 30.0);
    let row_ui = |ui: &mut Ui, label: String, wanted: &dyn Fn(&CardTo) -> bool| {
        ui.horizontal(|ui| {
            ui.add_sized([130.0, size.y], egui::Label::new(label));
            for card in cards.iter().filter(|card| wanted(&card.to)) {
                card_face_ui(ui, card.rank, size, card.discarded);
            }
        });
    };
    for &(seat, stake) in seats {
        let label = match game {
            GameKind::Rocket => format!("seat {seat}: bet {stake}"),
            GameKind::Starboard => format!("seat {seat}: ante {stake}"),
        };
        row_ui(ui, label, &|to| *to == CardTo::Seat(seat));
    }
    match game {
        GameKind::Rocket => row_ui(ui, "dealer".into(), &|to| *to == CardTo::Dealer),
        GameKind::Starboard => row_ui(ui, "common".into(), &|to| {
            matches!(to, CardTo::Common { .. })
        }),
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
