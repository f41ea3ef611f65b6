//! The hand-history replay format: one hand as JSON (setup, cards in the
//! order they left the shoe, decisions in order), replayed through the
//! engine to its transfers. A contract other tools rely on; see
//! docs/replay-format.md. Pure: text in, typed result or error out.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::engine::hand::{Action, GameKind, Hand, Need, PlayError, SetupError};
use crate::engine::money::Transfer;
use crate::engine::rocket::{RocketEnd, RocketHand, RocketOutcome, SeatBet};
use crate::engine::rules::{
    BET_GRID_UNITS, HouseRules, MAX_BET_LIMIT_UNITS, RocketRules, StarboardRules, StartRule,
};
use crate::engine::starboard::{SeatState, StarboardHand};
use crate::engine::table::{FinishedHand, HandEvent};
use crate::engine::{Decks, Rank, Step};

/// A Rocket hand history, field for field as in the format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RocketHistory {
    /// Always "rocket".
    pub game: String,
    /// Decks in the shoe, 1..8.
    pub decks: i64,
    /// The table minimum.
    pub min_bet: i64,
    /// The bet cap.
    pub max_bet: i64,
    /// "low_card" or "dealer_left".
    pub start: String,
    /// The previous hand's button, if any.
    #[serde(default)]
    pub previous_button: Option<i64>,
    /// Seats and bets.
    pub seats: Vec<RocketSeat>,
    /// Cards in the order they left the shoe (no burns).
    pub cards: Vec<i64>,
    /// Decisions in order.
    pub actions: Vec<Decision>,
}

/// A Rocket seat and its bet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RocketSeat {
    /// Seat 1..6.
    pub seat: i64,
    /// The bet in table units.
    pub bet: i64,
}

/// A Starboard hand history, field for field as in the format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StarboardHistory {
    /// Always "starboard".
    pub game: String,
    /// Decks in the shoe, 1..8.
    pub decks: i64,
    /// The seat that acts first.
    pub button: i64,
    /// Odd units carried into the pot.
    pub carry_in: i64,
    /// Table units per ante and per draw (house rule `starboard.unit`;
    /// absent: 1).
    #[serde(default = "one_unit")]
    pub unit: i64,
    /// The rake in percent of the units paid in this game (absent: 0).
    #[serde(default)]
    pub rake_percent: i64,
    /// The most the rake takes from one pot, table units (absent: 0, no cap).
    #[serde(default)]
    pub rake_cap: i64,
    /// The seated players.
    pub seats: Vec<StarboardSeat>,
    /// Cards in the order they left the shoe (no burns; replaced first-pair
    /// cards and bust cards included).
    pub cards: Vec<i64>,
    /// Decisions in order.
    pub actions: Vec<Decision>,
}

fn one_unit() -> i64 {
    1
}

/// A Starboard seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StarboardSeat {
    /// Seat 1..7.
    pub seat: i64,
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The seat deciding.
    pub seat: i64,
    /// The action word.
    pub action: Option<String>,
}

/// A hand history of either game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum HandHistory {
    /// Rocket.
    Rocket(RocketHistory),
    /// Starboard.
    Starboard(StarboardHistory),
}

/// Why a history was refused: one sentence naming the problem.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// Not JSON, or a field missing or of the wrong type.
    #[error("malformed hand history: {0}")]
    Malformed(String),
    /// The game is neither rocket nor starboard.
    #[error("unknown game {0:?}: the games are \"rocket\" and \"starboard\"")]
    UnknownGame(String),
    /// A setting outside what the format allows.
    #[error("{0}")]
    Invalid(String),
    /// The hand cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A card is not a rank or is one copy too many.
    #[error("card {position}: {problem}")]
    Card {
        /// 1-based position in `cards`.
        position: usize,
        /// What is wrong.
        problem: String,
    },
    /// A decision is malformed or illegal when it comes.
    #[error("decision {position} (seat {seat}): {problem}")]
    Decision {
        /// 1-based position in `actions`.
        position: usize,
        /// The seat given.
        seat: i64,
        /// What is wrong.
        problem: String,
    },
    /// The hand needed a card but the history has none left.
    #[error("the hand needs a card for {needed_for}, but all {given} cards have been used")]
    CardsRanOut {
        /// Who the card was for.
        needed_for: String,
        /// Cards in the history.
        given: usize,
    },
    /// The hand needed a decision but the history has none left.
    #[error(
        "the hand waits for seat {seat} to {choices}, but all {given} decisions have been used"
    )]
    DecisionsRanOut {
        /// Whose turn it is.
        seat: u8,
        /// The choices, as words.
        choices: String,
        /// Decisions in the history.
        given: usize,
    },
    /// Cards remain after the hand ended.
    #[error("the hand ended after card {used}, but the history has {left} more card(s)")]
    CardsLeftOver {
        /// Cards used.
        used: usize,
        /// Cards left.
        left: usize,
    },
    /// Decisions remain after the hand ended.
    #[error("the hand ended after decision {used}, but the history has {left} more decision(s)")]
    DecisionsLeftOver {
        /// Decisions used.
        used: usize,
        /// Decisions left.
        left: usize,
    },
}

impl HandHistory {
    /// Parses a history from JSON text (no rules are checked yet).
    pub fn parse(text: &str) -> Result<HandHistory, ReplayError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))?;
        let game = match value.get("game") {
            Some(Value::String(game)) => game.clone(),
            Some(other) => return Err(ReplayError::UnknownGame(other.to_string())),
            None => return Err(ReplayError::Malformed("missing field `game`".into())),
        };
        let malformed = |e: serde_json::Error| ReplayError::Malformed(e.to_string());
        match GameKind::parse(&game) {
            Some(GameKind::Rocket) => serde_json::from_value(value)
                .map(HandHistory::Rocket)
                .map_err(malformed),
            Some(GameKind::Starboard) => serde_json::from_value(value)
                .map(HandHistory::Starboard)
                .map_err(malformed),
            None => Err(ReplayError::UnknownGame(game)),
        }
    }

    /// The game.
    pub fn game(&self) -> GameKind {
        match self {
            HandHistory::Rocket(_) => GameKind::Rocket,
            HandHistory::Starboard(_) => GameKind::Starboard,
        }
    }

    /// The history of a finished hand: its seats, every card dealt into the
    /// hand in order (burns left out) and every decision.
    pub fn from_finished(finished: &FinishedHand) -> HandHistory {
        let setup = &finished.setup;
        let mut cards = Vec::new();
        let mut actions = Vec::new();
        for event in &finished.events {
            match event {
                HandEvent::Card { rank, .. } => cards.push(i64::from(rank.value())),
                HandEvent::Decision {
                    step: Step::Decision { seat, action },
                } => actions.push(Decision {
                    seat: i64::from(*seat),
                    action: Some(action.as_str().to_owned()),
                }),
                _ => {}
            }
        }
        let decks = i64::from(setup.decks.count());
        match setup.game {
            GameKind::Rocket => HandHistory::Rocket(RocketHistory {
                game: "rocket".into(),
                decks,
                min_bet: setup.rules.rocket.min_bet_units as i64,
                max_bet: setup.rules.rocket.max_bet_units as i64,
                start: setup.rules.rocket.start.as_str().into(),
                previous_button: setup.previous_button.map(i64::from),
                seats: setup
                    .seats
                    .iter()
                    .map(|&(seat, bet)| RocketSeat {
                        seat: i64::from(seat),
                        bet: bet as i64,
                    })
                    .collect(),
                cards,
                actions,
            }),
            GameKind::Starboard => HandHistory::Starboard(StarboardHistory {
                game: "starboard".into(),
                decks,
                button: setup.button.map_or(0, i64::from),
                carry_in: setup.carry_in as i64,
                unit: setup.rules.starboard.unit as i64,
                rake_percent: setup.rules.starboard.rake_percent as i64,
                rake_cap: setup.rules.starboard.rake_cap as i64,
                seats: setup
                    .seats
                    .iter()
                    .map(|&(seat, _)| StarboardSeat {
                        seat: i64::from(seat),
                    })
                    .collect(),
                cards,
                actions,
            }),
        }
    }

    /// Replays the history under the house rules it carries (absent ones
    /// at their defaults) and returns the finished hand.
    pub fn replay(&self) -> Result<Hand, ReplayError> {
        let (decks, raw_cards, raw_actions, mut hand) = match self {
            HandHistory::Rocket(h) => {
                let decks = Decks::new(h.decks).map_err(|e| ReplayError::Invalid(e.to_string()))?;
                let rules = rocket_rules(h)?;
                let bets = h
                    .seats
                    .iter()
                    .map(|s| SeatBet::from_wire(s.seat, s.bet))
                    .collect::<Result<Vec<_>, _>>()?;
                let hand = RocketHand::new(&bets, &rules, h.previous_button)?;
                (decks, &h.cards, &h.actions, Hand::Rocket(hand))
            }
            HandHistory::Starboard(h) => {
                let decks = Decks::new(h.decks).map_err(|e| ReplayError::Invalid(e.to_string()))?;
                let seats: Vec<i64> = h.seats.iter().map(|s| s.seat).collect();
                let rules = starboard_rules(h)?;
                let hand = StarboardHand::new(&seats, h.button, h.carry_in, &rules)?;
                (decks, &h.cards, &h.actions, Hand::Starboard(hand))
            }
        };
        let cards = parse_cards(raw_cards, decks)?;
        let actions = parse_actions(raw_actions, self.game())?;
        play_out(&mut hand, &cards, &actions)?;
        Ok(hand)
    }
}

fn rocket_rules(h: &RocketHistory) -> Result<RocketRules, ReplayError> {
    let start = match h.start.as_str() {
        "low_card" => StartRule::LowCard,
        "dealer_left" => StartRule::DealerLeft,
        other => {
            return Err(ReplayError::Invalid(format!(
                "unknown start rule {other:?}: it is \"low_card\" or \"dealer_left\""
            )));
        }
    };
    for (name, bet) in [("min_bet", h.min_bet), ("max_bet", h.max_bet)] {
        if bet <= 0 || bet % BET_GRID_UNITS as i64 != 0 || bet as u64 > MAX_BET_LIMIT_UNITS {
            return Err(ReplayError::Invalid(format!(
                "{name} {bet} is not a positive multiple of 10 units up to {MAX_BET_LIMIT_UNITS}"
            )));
        }
    }
    if h.min_bet > h.max_bet {
        return Err(ReplayError::Invalid(format!(
            "min_bet {} is above max_bet {}",
            h.min_bet, h.max_bet
        )));
    }
    Ok(RocketRules {
        start,
        min_bet_units: h.min_bet as u64,
        max_bet_units: h.max_bet as u64,
    })
}

/// The Starboard unit and rake a history carries, checked as a rules file's.
fn starboard_rules(h: &StarboardHistory) -> Result<StarboardRules, ReplayError> {
    let field = |name: &str, value: i64| {
        u64::try_from(value)
            .map_err(|_| ReplayError::Invalid(format!("{name} {value} is negative")))
    };
    let rules = StarboardRules {
        unit: field("unit", h.unit)?,
        rake_percent: field("rake_percent", h.rake_percent)?,
        rake_cap: field("rake_cap", h.rake_cap)?,
    };
    let house = HouseRules {
        starboard: rules,
        ..HouseRules::default()
    };
    house
        .validate()
        .map_err(|e| ReplayError::Invalid(e.to_string()))?;
    Ok(rules)
}

/// Checks every card is a rank and that no rank appears more often than
/// the shoe holds.
fn parse_cards(raw: &[i64], decks: Decks) -> Result<Vec<Rank>, ReplayError> {
    let mut copies = [0u16; 10];
    raw.iter()
        .enumerate()
        .map(|(i, &value)| {
            let position = i + 1;
            let rank = Rank::new(value).map_err(|e| ReplayError::Card {
                position,
                problem: e.to_string(),
            })?;
            copies[rank.index()] += 1;
            let held = decks.copies_of(rank);
            if copies[rank.index()] > held {
                return Err(ReplayError::Card {
                    position,
                    problem: format!(
                        "foreign card: a {}-deck shoe holds only {held} card(s) of rank {rank}, and this is copy {}",
                        decks.count(),
                        copies[rank.index()]
                    ),
                });
            }
            Ok(rank)
        })
        .collect()
}

fn parse_actions(raw: &[Decision], game: GameKind) -> Result<Vec<(i64, Action)>, ReplayError> {
    raw.iter()
        .enumerate()
        .map(|(i, d)| {
            let problem = |problem: String| ReplayError::Decision {
                position: i + 1,
                seat: d.seat,
                problem,
            };
            let word = d
                .action
                .as_deref()
                .ok_or_else(|| problem("the action is missing".into()))?;
            let action =
                Action::parse(word).ok_or_else(|| problem(format!("unknown action {word:?}")))?;
            if !game.choices().contains(&action) {
                let [a, b] = game.choices();
                return Err(problem(format!(
                    "{action} is not a {game} decision (the choices are {a} or {b})"
                )));
            }
            Ok((d.seat, action))
        })
        .collect()
}

/// Feeds cards and decisions to the hand in the order it asks for them.
fn play_out(hand: &mut Hand, cards: &[Rank], actions: &[(i64, Action)]) -> Result<(), ReplayError> {
    let (mut next_card, mut next_action) = (0, 0);
    loop {
        match hand.need() {
            Need::Done => break,
            Need::Card(to) => {
                let rank = *cards
                    .get(next_card)
                    .ok_or_else(|| ReplayError::CardsRanOut {
                        needed_for: to.to_string(),
                        given: cards.len(),
                    })?;
                hand.deal(rank).map_err(|e| ReplayError::Card {
                    position: next_card + 1,
                    problem: e.to_string(),
                })?;
                next_card += 1;
            }
            Need::Decision { seat: due, choices } => {
                let &(seat, action) =
                    actions
                        .get(next_action)
                        .ok_or_else(|| ReplayError::DecisionsRanOut {
                            seat: due,
                            choices: format!("{} or {}", choices[0], choices[1]),
                            given: actions.len(),
                        })?;
                let refused = |e: PlayError| ReplayError::Decision {
                    position: next_action + 1,
                    seat,
                    problem: e.to_string(),
                };
                let seat_no = u8::try_from(seat)
                    .map_err(|_| refused(PlayError::NotYourTurn { seat: 0, due }))?;
                hand.act(seat_no, action).map_err(refused)?;
                next_action += 1;
            }
        }
    }
    if next_card < cards.len() {
        return Err(ReplayError::CardsLeftOver {
            used: next_card,
            left: cards.len() - next_card,
        });
    }
    if next_action < actions.len() {
        return Err(ReplayError::DecisionsLeftOver {
            used: next_action,
            left: actions.len() - next_action,
        });
    }
    Ok(())
}

/// The result of a replayed hand, as `pairs-table replay` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayResult {
    /// The game.
    pub game: GameKind,
    /// Each seat's result, lowest seat first.
    pub seats: Vec<SeatResult>,
    /// Rocket: the dealer's cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<Vec<Rank>>,
    /// Rocket: the seat that started and took the button.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub button: Option<u8>,
    /// Rocket: how the hand ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<RocketEnd>,
    /// Starboard: the common hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub common: Option<Vec<Rank>>,
    /// Starboard: the pot before it was split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pot: Option<u64>,
    /// Starboard: the rake.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rake: Option<u64>,
    /// Starboard: odd units left for the next pot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carry_out: Option<u64>,
    /// Who paid whom.
    pub transfers: Vec<Transfer>,
}

/// One seat's result.
#[derive(Clone, Debug, Serialize)]
pub struct SeatResult {
    /// The seat.
    pub seat: u8,
    /// Net result in table units (positive: the player won).
    pub net: i64,
    /// How the player's hand ended.
    pub outcome: &'static str,
    /// Rocket: the bet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bet: Option<u64>,
    /// Rocket: the player's cards; Starboard: cards in the common hand when the player locked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<Rank>>,
    /// Starboard: the number of cards the player locked with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locked_at: Option<u8>,
    /// Starboard: draws paid for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws: Option<u64>,
}

impl ReplayResult {
    /// Describes a finished hand.
    pub fn of(hand: &Hand) -> ReplayResult {
        let transfers = hand.transfers();
        match hand {
            Hand::Rocket(h) => ReplayResult {
                game: GameKind::Rocket,
                seats: h
                    .seats()
                    .map(|seat| SeatResult {
                        seat,
                        net: h.net(seat).unwrap_or(0),
                        outcome: match h.outcome(seat) {
                            Some(RocketOutcome::Folded(_)) => "folded",
                            Some(RocketOutcome::Paired(_)) => "paired",
                            Some(RocketOutcome::DealerPaired(_)) => "dealer_paired",
                            Some(RocketOutcome::DealerThree) => "dealer_three",
                            None => "in",
                        },
                        bet: Some(h.bet(seat)),
                        cards: Some(h.stack(seat).to_vec()),
                        locked_at: None,
                        draws: None,
                    })
                    .collect(),
                dealer: Some(h.dealer_stack().to_vec()),
                button: h.starter(),
                end: h.end(),
                common: None,
                pot: None,
                rake: None,
                carry_out: None,
                transfers,
            },
            Hand::Starboard(h) => {
                let split = h.split();
                ReplayResult {
                    game: GameKind::Starboard,
                    seats: h
                        .seats()
                        .map(|seat| {
                            let state = h.state(seat);
                            SeatResult {
                                seat,
                                net: h.net(seat).unwrap_or(0),
                                outcome: match state {
                                    SeatState::Locked(_) => "won",
                                    SeatState::Busted => "busted",
                                    SeatState::KnockedOut => "knocked_out",
                                    SeatState::Active => "active",
                                    SeatState::Empty => "empty",
                                },
                                bet: None,
                                cards: None,
                                locked_at: match state {
                                    SeatState::Locked(n) => Some(n),
                                    _ => None,
                                },
                                draws: Some(h.draws(seat)),
                            }
                        })
                        .collect(),
                    dealer: None,
                    button: Some(h.button()),
                    end: None,
                    common: Some(h.common().to_vec()),
                    pot: Some(h.pot()),
                    rake: split.map(|s| s.rake),
                    carry_out: split.map(|s| s.carry_out),
                    transfers,
                }
            }
        }
    }
}

/// Parses and replays a history, as `pairs-table replay` does.
pub fn replay_text(text: &str) -> Result<ReplayResult, ReplayError> {
    let history = HandHistory::parse(text)?;
    let hand = history.replay()?;
    Ok(ReplayResult::of(&hand))
}
