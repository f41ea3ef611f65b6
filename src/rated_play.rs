//! A rated player's play as the ledger recorded it (docs/rating.md): the
//! player, their sessions and the hands of each, plain data that the
//! ledger reads (`Ledger::rating_play`) and `crate::rating` adds up. It
//! lies below both, so the ledger never imports the ratings' game math.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::engine::card::Decks;
use crate::engine::hand::GameKind;
use crate::ids::{HandId, TableId};

/// A rated player as enrolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The card number.
    pub card: String,
    /// The name, if the player gave one.
    pub name: Option<String>,
}

/// A rated player's stay at one seat of one table, seated to unseated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Session {
    /// The player's card number.
    pub card: String,
    /// The table's id in the ledger.
    pub table_id: TableId,
    /// The table's name.
    pub table: String,
    /// The table's game.
    pub game: GameKind,
    /// The seat.
    pub seat: u8,
    /// When the player was seated.
    pub seated_at: DateTime<Utc>,
    /// When the player was unseated; `None` while still seated.
    pub unseated_at: Option<DateTime<Utc>>,
}

/// One hand a rated player played, as the ledger recorded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedHand {
    /// The hand's id.
    pub hand_id: HandId,
    /// The shoe's decks.
    pub decks: Decks,
    /// Whether the hand was voided (its transfers reversed).
    pub voided: bool,
    /// What the player put at risk: Rocket's bet; Starboard's antes and
    /// draws paid into the pot.
    pub wager: u64,
    /// The player's net over the hand's transfers, reversals included
    /// (positive: the player came out ahead).
    pub player_net: i64,
    /// Starboard: the rake taken from the pot (0 for Rocket).
    pub rake: u64,
    /// Starboard: everything every seat paid into the pot (0 for Rocket).
    pub pot_paid_in: u64,
}

/// A session and the hands played in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionPlay {
    /// The session.
    pub session: Session,
    /// Its hands inside the period being rated, in order.
    pub hands: Vec<PlayedHand>,
}
