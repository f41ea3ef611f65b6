//! The one line that always says what the dealer must do next, and who
//! acts. Pure: derived from the station's state.

use super::{Feed, Station};
use crate::engine::hand::{CardTo, GameKind, Need};

/// An amount in words: "1 unit", "5 units".
pub fn units(amount: u64) -> String {
    if amount == 1 {
        "1 unit".to_owned()
    } else {
        format!("{amount} units")
    }
}

/// A Starboard table's terms in a few words: "ante 5 units · rake 10% (cap 50 units)".
pub fn starboard_terms(rules: &crate::engine::rules::StarboardRules) -> String {
    let rake = match (rules.rake_percent, rules.rake_cap) {
        (0, _) => "no rake".to_owned(),
        (percent, 0) => format!("rake {percent}%"),
        (percent, cap) => format!("rake {percent}% (cap {})", units(cap)),
    };
    format!("ante {} · {rake}", units(rules.unit))
}

/// Whose move it is, for highlighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// Nobody in particular (bets, settlement, an alarm).
    Table,
    /// The player at this seat.
    Seat(u8),
    /// Rocket's dealer hand.
    Dealer,
    /// Starboard's common hand.
    Common,
}

/// What the dealer must do next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// The instruction, as a sentence.
    pub text: String,
    /// Who acts.
    pub actor: Actor,
    /// True when play is stopped (alarm, notice): shown in the alarm colour.
    pub stopped: bool,
}

impl Prompt {
    fn new(text: impl Into<String>, actor: Actor) -> Prompt {
        Prompt {
            text: text.into(),
            actor,
            stopped: false,
        }
    }

    fn stop(text: impl Into<String>) -> Prompt {
        Prompt {
            text: text.into(),
            actor: Actor::Table,
            stopped: true,
        }
    }
}

/// Whose move the hand waits for: the seat that decides or is dealt to
/// (a Starboard draw is the drawing seat's), the dealer or the common hand;
/// `Table` when the hand needs nothing. An alarm stops play but not this.
pub fn actor_of(need: &Need) -> Actor {
    match need {
        Need::Done => Actor::Table,
        Need::Decision { seat, .. }
        | Need::Card(CardTo::Seat(seat) | CardTo::Common { by: Some(seat) }) => Actor::Seat(*seat),
        Need::Card(CardTo::Dealer) => Actor::Dealer,
        Need::Card(CardTo::Common { by: None }) => Actor::Common,
    }
}

pub(super) fn prompt(station: &Station) -> Prompt {
    if let Some(fault) = station.alarms().first() {
        let ways: Vec<String> = fault.ways_out().iter().map(|w| w.to_string()).collect();
        return Prompt::stop(format!(
            "Scanner alarm: {fault}. Play is stopped; {}.",
            ways.join(", or ")
        ));
    }
    if station.has_notices() {
        return Prompt::stop("Read the notice and acknowledge it to go on.");
    }
    if let Some(settlement) = station.settlement() {
        return Prompt::new(
            format!(
                "Hand {}: collect and pay as listed, then confirm the settlement (Enter).",
                settlement.number()
            ),
            Actor::Table,
        );
    }
    if station.dealer().is_none() {
        return Prompt::new("A dealer must sign in to deal.", Actor::Table);
    }
    if station.table().hand().is_none() && station.opener_needed().unwrap_or(false) {
        return Prompt::new(
            "Count the opener before the first hand: the dealer and a pit boss count the tray (Pit boss, Inventory), or a pit boss waives the count.",
            Actor::Table,
        );
    }
    let reads_cards = matches!(station.feed, Feed::Scanner(_));
    // Why the shoe is due, in the words of its real reason: the cut card,
    // or a card-reading shoe whose state a restart left unknown.
    let cut_note = match (
        station.table().hand().is_some() && station.shuffle_due(),
        station.new_shoe_reason(),
    ) {
        (false, _) => String::new(),
        (true, Some(why)) => format!(" A freshly shuffled shoe is due after this hand: {why}."),
        (true, None) => " Cut card reached: shuffle after this hand.".to_owned(),
    };
    if station.burns_due() > 0 {
        return Prompt::new(
            format!(
                "Burn {} more card(s) from the new shoe, face down.",
                station.burns_due()
            ),
            Actor::Table,
        );
    }
    let need = station.table().need();
    match need {
        Need::Done => {
            if station.shuffle_due() {
                if let Some(why) = station.new_shoe_reason() {
                    return Prompt::new(
                        format!("Insert a freshly shuffled shoe before the next hand: {why}."),
                        Actor::Table,
                    );
                }
                return Prompt::new(
                    "Cut card reached: the shoe is shuffled as the next hand starts. Enter bets, then Deal (Enter).",
                    Actor::Table,
                );
            }
            // The simulated shoe starts empty (and a restart empties it):
            // the dealer inserts a shoe before the first card.
            if station
                .scan_link()
                .and_then(|link| link.simulated_remaining())
                == Some(0)
            {
                return Prompt::new(
                    "Insert a freshly shuffled shoe: the simulated shoe holds no cards.",
                    Actor::Table,
                );
            }
            let text = match station.setup().game {
                GameKind::Rocket => "Enter the bets, then Deal (Enter).".to_owned(),
                GameKind::Starboard => format!(
                    "Seat the players (ante {} each), then Deal (Enter).",
                    units(station.table().rules().starboard.unit)
                ),
            };
            Prompt::new(text, Actor::Table)
        }
        Need::Card(to) => {
            let how = if reads_cards {
                "from the shoe"
            } else {
                "(Space shows it)"
            };
            let text = match to {
                CardTo::Seat(seat) => format!("Deal one card to seat {seat} {how}."),
                CardTo::Dealer => format!("Dealer draws {how}."),
                CardTo::Common { by: None } => format!("Deal a card to the common hand {how}."),
                CardTo::Common { by: Some(seat) } => {
                    format!("Seat {seat} draws: deal a card to the common hand {how}.")
                }
            };
            Prompt::new(format!("{text}{cut_note}"), actor_of(&need))
        }
        Need::Decision { seat, choices } => Prompt::new(
            format!("Seat {seat}: {} or {}?{cut_note}", choices[0], choices[1]),
            actor_of(&need),
        ),
    }
}
