//! The hand in progress as a station publishes it to the floor
//! (docs/floor.md, "The hand in progress"): a snapshot of its seats, bets,
//! cards and whose turn it is, replaced at every step, never a record. Its
//! bytes are a contract: the station signs them with its key and the pit
//! checks the signature against the key enrolled on the floor. Pure: text
//! in, typed value out, and back.

use chrono::{DateTime, SecondsFormat, Utc};

use super::prompt::Actor;
use crate::engine::Rank;
use crate::engine::hand::{CardTo, GameKind, Step};
use crate::engine::table::{HandEvent, HandSetup};
use crate::ids::{HandId, StaffId, TableHand};
use crate::keys::HAND_IN_PROGRESS_TAG;

/// The most seats and cards a snapshot may list (far beyond any hand:
/// Rocket seats 6 from a shoe of at most 8 decks).
const MOST_LINES: usize = 1000;

/// A card dealt into the hand in progress (burns are not shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealtCard {
    /// The card.
    pub rank: Rank,
    /// To whom.
    pub to: CardTo,
    /// Gone straight to Starboard's discards.
    pub discarded: bool,
}

/// The hand being dealt at a station, as the pit sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandInProgress {
    /// The hand as the dealer counts it, with its ledger id.
    pub hand: TableHand,
    /// The game.
    pub game: GameKind,
    /// The hand's dealer.
    pub dealer: StaffId,
    /// When the hand started, by the station's clock.
    pub started_at: DateTime<Utc>,
    /// The hand's events so far (cards, decisions, burns and shuffles):
    /// grows with every step.
    pub steps: u64,
    /// Each seat in play and its bet (Starboard: its ante).
    pub seats: Vec<(u8, u64)>,
    /// Every card dealt so far, in order.
    pub cards: Vec<DealtCard>,
    /// Whose turn it is: a seat, the dealer, the common hand, or the
    /// table (the hand is over and its settlement waits for the dealer).
    pub next: Actor,
}

/// A snapshot's bytes and the station key's Ed25519 signature of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedHand {
    /// [`HandInProgress::encode`]'s bytes.
    pub payload: Vec<u8>,
    /// The signature of `payload` by the station's key.
    pub signature: [u8; 64],
}

/// Every card `events` dealt into a hand, in order (burns and cards set
/// aside are not dealt).
pub fn dealt_cards(events: &[HandEvent]) -> Vec<DealtCard> {
    events
        .iter()
        .filter_map(|event| match event {
            HandEvent::Card {
                rank,
                step: Step::Card { to, discarded, .. },
                ..
            } => Some(DealtCard {
                rank: *rank,
                to: *to,
                discarded: *discarded,
            }),
            _ => None,
        })
        .collect()
}

/// Each seat of `setup` with its bet (Starboard: the ante, the table's
/// unit).
pub fn seat_stakes(setup: &HandSetup) -> Vec<(u8, u64)> {
    setup
        .seats
        .iter()
        .map(|&(seat, bet)| match setup.game {
            GameKind::Rocket => (seat, bet),
            GameKind::Starboard => (seat, setup.rules.starboard.unit),
        })
        .collect()
}

/// Where a card went, as the snapshot writes it.
fn to_words(to: CardTo) -> String {
    match to {
        CardTo::Seat(seat) => format!("seat {seat}"),
        CardTo::Dealer => "dealer".into(),
        CardTo::Common { by: None } => "common".into(),
        CardTo::Common { by: Some(seat) } => format!("common for seat {seat}"),
    }
}

/// Whose turn it is, as the snapshot writes it.
fn next_words(next: Actor) -> String {
    match next {
        Actor::Seat(seat) => format!("seat {seat}"),
        Actor::Dealer => "dealer".into(),
        Actor::Common => "common".into(),
        Actor::Table => "settlement".into(),
    }
}

impl HandInProgress {
    /// The snapshot's canonical bytes (docs/floor.md, "The hand in
    /// progress"): UTF-8 lines, each ending in a line feed, the first
    /// [`HAND_IN_PROGRESS_TAG`].
    pub fn encode(&self) -> Vec<u8> {
        let amount = match self.game {
            GameKind::Rocket => "bet",
            GameKind::Starboard => "ante",
        };
        let mut text = String::from_utf8_lossy(HAND_IN_PROGRESS_TAG).into_owned();
        text.push_str(&format!(
            "hand {}\nat table {}\ngame {}\ndealer {}\nstarted {}\nsteps {}\n",
            self.hand.id,
            self.hand.at_table,
            self.game.as_str(),
            self.dealer,
            self.started_at.to_rfc3339_opts(SecondsFormat::Micros, true),
            self.steps
        ));
        for (seat, bet) in &self.seats {
            text.push_str(&format!("seat {seat} {amount} {bet}\n"));
        }
        for card in &self.cards {
            let discarded = if card.discarded { " discarded" } else { "" };
            text.push_str(&format!(
                "card {} {}{discarded}\n",
                card.rank,
                to_words(card.to)
            ));
        }
        text.push_str(&format!("next {}\n", next_words(self.next)));
        text.into_bytes()
    }

    /// Reads a snapshot's bytes back; refused (one phrase why) unless they
    /// are exactly what [`HandInProgress::encode`] writes for some hand.
    pub fn parse(payload: &[u8]) -> Result<HandInProgress, String> {
        let malformed = |what: &str| format!("it is not a hand in progress: {what}");
        let text = std::str::from_utf8(payload).map_err(|_| malformed("not UTF-8 text"))?;
        let tag = std::str::from_utf8(HAND_IN_PROGRESS_TAG).unwrap_or_default();
        let body = text
            .strip_prefix(tag)
            .ok_or_else(|| malformed("its first line is not the format's"))?;
        let mut lines = body.lines();
        let mut field = |name: &str| -> Result<String, String> {
            lines
                .next()
                .and_then(|line| line.strip_prefix(name))
                .and_then(|rest| rest.strip_prefix(' '))
                .map(str::to_owned)
                .ok_or_else(|| malformed(&format!("no {name} line where one is due")))
        };
        let number = |text: String, what: &str| -> Result<u64, String> {
            text.parse::<u64>()
                .map_err(|_| malformed(&format!("its {what} is not a number")))
        };
        let id = number(field("hand")?, "hand")?;
        let at_table = number(field("at table")?, "hand at the table")?;
        let game = GameKind::parse(&field("game")?).ok_or_else(|| malformed("no such game"))?;
        let dealer = u32::try_from(number(field("dealer")?, "dealer")?)
            .map_err(|_| malformed("its dealer is not a staff ID"))?;
        let started_at = DateTime::parse_from_rfc3339(&field("started")?)
            .map_err(|_| malformed("its start is not a time"))?
            .with_timezone(&Utc);
        let steps = number(field("steps")?, "steps")?;
        let mut hand = HandInProgress {
            hand: TableHand {
                at_table,
                id: HandId(i64::try_from(id).map_err(|_| malformed("its hand is too large"))?),
            },
            game,
            dealer: StaffId(dealer),
            started_at,
            steps,
            seats: Vec::new(),
            cards: Vec::new(),
            next: Actor::Table,
        };
        let mut next = None;
        for (count, line) in body.lines().skip(6).enumerate() {
            if count > MOST_LINES || next.is_some() {
                return Err(malformed("it goes on after its last line"));
            }
            let words: Vec<&str> = line.split(' ').collect();
            match words.as_slice() {
                ["seat", seat, _, bet] if hand.cards.is_empty() => hand.seats.push((
                    seat.parse()
                        .map_err(|_| malformed("a seat is not a number"))?,
                    bet.parse()
                        .map_err(|_| malformed("a bet is not a number"))?,
                )),
                ["card", rank, to @ ..] => {
                    let rank = rank
                        .parse::<i64>()
                        .ok()
                        .and_then(|r| Rank::new(r).ok())
                        .ok_or_else(|| malformed("a card is not a rank"))?;
                    let (to, discarded) = match to {
                        [to @ .., "discarded"] => (to, true),
                        to => (to, false),
                    };
                    let to = match to {
                        ["dealer"] => CardTo::Dealer,
                        ["common"] => CardTo::Common { by: None },
                        ["common", "for", "seat", seat] => CardTo::Common {
                            by: Some(
                                seat.parse()
                                    .map_err(|_| malformed("a seat is not a number"))?,
                            ),
                        },
                        ["seat", seat] => CardTo::Seat(
                            seat.parse()
                                .map_err(|_| malformed("a seat is not a number"))?,
                        ),
                        _ => return Err(malformed("a card goes nowhere it can")),
                    };
                    hand.cards.push(DealtCard {
                        rank,
                        to,
                        discarded,
                    });
                }
                ["next", "seat", seat] => {
                    next = Some(Actor::Seat(
                        seat.parse()
                            .map_err(|_| malformed("a seat is not a number"))?,
                    ));
                }
                ["next", "dealer"] => next = Some(Actor::Dealer),
                ["next", "common"] => next = Some(Actor::Common),
                ["next", "settlement"] => next = Some(Actor::Table),
                _ => return Err(malformed("a line is not one of the format's")),
            }
        }
        hand.next = next.ok_or_else(|| malformed("it does not say whose turn it is"))?;
        // One spelling only: what was signed is exactly what is shown.
        if hand.encode() != payload {
            return Err(malformed("it is not written in the format's one spelling"));
        }
        Ok(hand)
    }
}
