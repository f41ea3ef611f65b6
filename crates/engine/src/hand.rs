//! What every hand state machine shares: actions, what the hand needs next,
//! the record of each accepted step, and the errors that refuse a step.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

use super::card::Rank;

/// The two games this system deals.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Banked by the house, 1 to 6 players against the dealer.
    Rocket,
    /// A pot game among 2 to 7 players.
    Starboard,
}

impl GameKind {
    /// The highest seat number at this game's table.
    pub const fn max_seat(self) -> u8 {
        match self {
            GameKind::Rocket => 6,
            GameKind::Starboard => 7,
        }
    }

    /// The fewest players a hand needs.
    pub const fn min_players(self) -> usize {
        match self {
            GameKind::Rocket => 1,
            GameKind::Starboard => 2,
        }
    }

    /// The name used in files ("rocket", "starboard").
    pub const fn as_str(self) -> &'static str {
        match self {
            GameKind::Rocket => "rocket",
            GameKind::Starboard => "starboard",
        }
    }

    /// Parses [`GameKind::as_str`].
    pub fn parse(name: &str) -> Option<GameKind> {
        match name {
            "rocket" => Some(GameKind::Rocket),
            "starboard" => Some(GameKind::Starboard),
            _ => None,
        }
    }

    /// The two decisions a player of this game chooses between.
    pub const fn choices(self) -> [Action; 2] {
        match self {
            GameKind::Rocket => [Action::Hit, Action::Fold],
            GameKind::Starboard => [Action::Draw, Action::Lock],
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameKind::Rocket => "Rocket",
            GameKind::Starboard => "Starboard",
        })
    }
}

/// A player's decision. Rocket has hit and fold; Starboard has draw and lock.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Rocket: take a card.
    Hit,
    /// Rocket: pay the fold fee and leave the hand.
    Fold,
    /// Starboard: pay one unit and deal a card to the common hand.
    Draw,
    /// Starboard: stop at the current number of cards.
    Lock,
}

impl Action {
    /// The word used in hand histories.
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Hit => "hit",
            Action::Fold => "fold",
            Action::Draw => "draw",
            Action::Lock => "lock",
        }
    }

    /// Parses an action word of either game.
    pub fn parse(word: &str) -> Option<Action> {
        [Action::Hit, Action::Fold, Action::Draw, Action::Lock]
            .into_iter()
            .find(|a| a.as_str() == word)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a dealt card goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardTo {
    /// To the player at this seat.
    Seat(u8),
    /// To Rocket's dealer.
    Dealer,
    /// To Starboard's common hand (drawn for `by`, if a player drew it).
    Common {
        /// The seat that paid to draw it, or None for the first two cards.
        by: Option<u8>,
    },
}

impl fmt::Display for CardTo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardTo::Seat(seat) => write!(f, "seat {seat}"),
            CardTo::Dealer => f.write_str("the dealer"),
            CardTo::Common { by: None } => f.write_str("the common hand"),
            CardTo::Common { by: Some(seat) } => write!(f, "the common hand (seat {seat} draws)"),
        }
    }
}

/// What the hand needs next.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Need {
    /// One card, for this recipient.
    Card(CardTo),
    /// A decision from this seat, one of `choices`.
    Decision {
        /// The seat whose turn it is.
        seat: u8,
        /// The legal actions.
        choices: [Action; 2],
    },
    /// The hand is over; its transfers are final.
    Done,
}

/// The record of one accepted step, in the order steps were taken.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// A card was dealt.
    Card {
        /// The card.
        rank: Rank,
        /// Where it went.
        to: CardTo,
        /// True if the card went straight to the discards (a Starboard bust
        /// card or a replaced first-pair card); it is then no longer in play.
        discarded: bool,
    },
    /// A player decided.
    Decision {
        /// Who.
        seat: u8,
        /// What.
        action: Action,
    },
}

/// A step the hand refused. The hand is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum PlayError {
    /// A decision came from a seat whose turn it is not.
    #[error("it is seat {due}'s turn, not seat {seat}'s")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: u8,
        /// The seat whose turn it is.
        due: u8,
    },
    /// A decision came while the hand waits for a card.
    #[error("seat {seat} cannot act now: the hand is waiting for a card to {waiting_for}")]
    CardDue {
        /// The seat that tried to act.
        seat: u8,
        /// Where the awaited card goes.
        waiting_for: CardTo,
    },
    /// A card came while the hand waits for a decision.
    #[error("no card is due: the hand is waiting for seat {seat} to decide")]
    DecisionDue {
        /// The seat whose decision is awaited.
        seat: u8,
    },
    /// The action belongs to the other game.
    #[error("{action} is not a {game} decision (the choices are {} or {})", .game.choices()[0], .game.choices()[1])]
    NotThisGame {
        /// The action tried.
        action: Action,
        /// The game being dealt.
        game: GameKind,
    },
    /// The hand is over.
    #[error("the hand is over; nothing more can be dealt or decided")]
    HandOver,
}

/// A hand that cannot be set up as given.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// A seat number outside the game's range.
    #[error("seat {seat} does not exist at a {game} table (seats are 1 to {})", .game.max_seat())]
    NoSuchSeat {
        /// The seat given.
        seat: i64,
        /// The game.
        game: GameKind,
    },
    /// The same seat twice.
    #[error("seat {0} is listed twice")]
    DuplicateSeat(u8),
    /// Too few players.
    #[error("{game} needs at least {} seated player(s), not {count}", .game.min_players())]
    TooFewPlayers {
        /// Players given.
        count: usize,
        /// The game.
        game: GameKind,
    },
    /// More players than the table has seats.
    #[error("{game} seats at most {} players, not {count}", .game.max_seat())]
    TooManyPlayers {
        /// Players given.
        count: usize,
        /// The game.
        game: GameKind,
    },
    /// A Rocket bet off the 10-unit grid.
    #[error("seat {seat}'s bet of {bet} is not a positive multiple of 10 units")]
    BetOffGrid {
        /// The seat.
        seat: u8,
        /// The bet (wide enough for a replay's negative bets and the
        /// table's unsigned ones).
        bet: i128,
    },
    /// A Rocket bet outside min..max.
    #[error("seat {seat}'s bet of {bet} is outside the table limits {min}..{max}")]
    BetOutsideLimits {
        /// The seat.
        seat: u8,
        /// The bet.
        bet: u64,
        /// The table minimum.
        min: u64,
        /// The bet cap.
        max: u64,
    },
    /// Starboard's button on an empty seat.
    #[error("the button is on seat {0}, which has no player")]
    ButtonNotSeated(i64),
    /// Rocket's previous button outside 1..6.
    #[error("the previous button {0} is not a Rocket seat (1 to 6)")]
    PreviousButtonOutOfRange(i64),
    /// A carry-in that cannot be right.
    #[error("the carry-in of {0} units is not a whole, non-negative amount the table allows")]
    BadCarry(i64),
}

/// A hand of either game, so tables, replays and the UI drive both alike.
#[derive(Clone, Debug)]
pub enum Hand {
    /// A Rocket hand.
    Rocket(super::rocket::RocketHand),
    /// A Starboard game.
    Starboard(super::starboard::StarboardHand),
}

impl Hand {
    /// Which game this is.
    pub fn game(&self) -> GameKind {
        match self {
            Hand::Rocket(_) => GameKind::Rocket,
            Hand::Starboard(_) => GameKind::Starboard,
        }
    }

    /// What the hand needs next.
    #[inline]
    pub fn need(&self) -> Need {
        match self {
            Hand::Rocket(h) => h.need(),
            Hand::Starboard(h) => h.need(),
        }
    }

    /// Deals a card to whoever is due; refused (unchanged) if none is.
    #[inline]
    pub fn deal(&mut self, rank: Rank) -> Result<Step, PlayError> {
        match self {
            Hand::Rocket(h) => h.deal(rank),
            Hand::Starboard(h) => h.deal(rank),
        }
    }

    /// Takes a decision; refused (unchanged) if it is not legal now.
    #[inline]
    pub fn act(&mut self, seat: u8, action: Action) -> Result<Step, PlayError> {
        match self {
            Hand::Rocket(h) => h.act(seat, action),
            Hand::Starboard(h) => h.act(seat, action),
        }
    }

    /// Whether the hand is over.
    pub fn is_done(&self) -> bool {
        self.need() == Need::Done
    }

    /// The seated players, lowest seat first.
    pub fn seats(&self) -> Vec<u8> {
        match self {
            Hand::Rocket(h) => h.seats().collect(),
            Hand::Starboard(h) => h.seats().collect(),
        }
    }

    /// A seat's net result once the hand is over (positive: the player won).
    #[inline]
    pub fn net(&self, seat: u8) -> Option<i64> {
        match self {
            Hand::Rocket(h) => h.net(seat),
            Hand::Starboard(h) => h.net(seat),
        }
    }

    /// The transfers once the hand is over (empty before).
    pub fn transfers(&self) -> Vec<super::money::Transfer> {
        let mut transfers = Vec::new();
        self.push_transfers(&mut transfers);
        transfers
    }

    /// Appends [`Hand::transfers`] to `out`, so a caller can reuse one
    /// buffer hand after hand.
    pub fn push_transfers(&self, out: &mut Vec<super::money::Transfer>) {
        match self {
            Hand::Rocket(h) => h.push_transfers(out),
            Hand::Starboard(h) => h.push_transfers(out),
        }
    }
}

/// The seat number of a zero-based seat index.
pub(crate) fn seat_of(index: usize) -> u8 {
    index as u8 + 1
}

/// The zero-based index of `seat` at a table of `seats` seats.
pub(crate) fn seat_index(seat: u8, seats: usize) -> Option<usize> {
    (1..=seats)
        .contains(&usize::from(seat))
        .then(|| usize::from(seat) - 1)
}
