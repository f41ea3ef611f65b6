//! Hand events, setups and transfers to and from ledger rows: the one
//! mapping used to journal, commit, verify, export and recover a hand.

use rusqlite::types::Value;

use super::chain::{CARDS, DECISIONS, EXTERNAL_SHUFFLES, REVEALS, SHUFFLES, TableSpec};
use crate::engine::hand::{Action, CardTo, GameKind, Step};
use crate::engine::money::{Account, Transfer, TransferKind};
use crate::engine::rules::HouseRules;
use crate::engine::shoe::{ShoeEvent, ShuffleCommitment, ShuffleReveal};
use crate::engine::table::{CardSource, HandEvent, HandSetup};
use crate::engine::{Decks, Rank};
use crate::ids::HandId;

/// A row that does not hold what its table promises: names the column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRow(pub String);

fn bad<T>(what: impl Into<String>) -> Result<T, BadRow> {
    Err(BadRow(what.into()))
}

/// Reads an integer column.
pub fn int(values: &[Value], i: usize) -> Result<i64, BadRow> {
    match values.get(i) {
        Some(Value::Integer(n)) => Ok(*n),
        _ => bad(format!("column {} is not an integer", i + 1)),
    }
}

/// Reads an optional integer column.
pub fn opt_int(values: &[Value], i: usize) -> Result<Option<i64>, BadRow> {
    match values.get(i) {
        Some(Value::Null) => Ok(None),
        _ => int(values, i).map(Some),
    }
}

/// Reads a text column.
pub fn text(values: &[Value], i: usize) -> Result<&str, BadRow> {
    match values.get(i) {
        Some(Value::Text(t)) => Ok(t),
        _ => bad(format!("column {} is not text", i + 1)),
    }
}

/// Reads an optional text column.
pub fn opt_text(values: &[Value], i: usize) -> Result<Option<&str>, BadRow> {
    match values.get(i) {
        Some(Value::Null) => Ok(None),
        _ => text(values, i).map(Some),
    }
}

fn blob(values: &[Value], i: usize) -> Result<&[u8], BadRow> {
    match values.get(i) {
        Some(Value::Blob(b)) => Ok(b),
        _ => bad(format!("column {} is not a blob", i + 1)),
    }
}

fn rank(value: i64) -> Result<Rank, BadRow> {
    Rank::new(value).map_err(|e| BadRow(e.to_string()))
}

fn seat(value: i64) -> Result<u8, BadRow> {
    u8::try_from(value).or_else(|_| bad(format!("seat {value} is out of range")))
}

fn opt_seat(value: Option<i64>) -> Result<Option<u8>, BadRow> {
    value.map(seat).transpose()
}

fn opt(value: Option<i64>) -> Value {
    value.map_or(Value::Null, Value::Integer)
}

fn at32(bytes: &[u8]) -> Result<[u8; 32], BadRow> {
    bytes
        .try_into()
        .or_else(|_| bad("a 32-byte value has the wrong length"))
}

/// The ledger row of one hand event: its table and columns.
pub fn event_row(
    hand_id: HandId,
    step: i64,
    event: &HandEvent,
    at: &str,
) -> (&'static TableSpec, Vec<Value>) {
    let head = [Value::Integer(hand_id.0), Value::Integer(step)];
    let at = Value::Text(at.to_owned());
    let card =
        |rank: Rank, destination: &str, seat: Option<u8>, discarded: bool, source: CardSource| {
            let (source, frame, approved_by) = match source {
                CardSource::SoftwareShoe => ("software_shoe", None, None),
                CardSource::Scanner { frame } => ("scanner", Some(frame as i64), None),
                CardSource::Manual { approved_by } => {
                    ("manual", None, Some(i64::from(approved_by)))
                }
            };
            let mut row = head.to_vec();
            row.extend([
                Value::Integer(i64::from(rank.value())),
                Value::Text(destination.to_owned()),
                opt(seat.map(i64::from)),
                Value::Integer(i64::from(discarded)),
                Value::Text(source.to_owned()),
                opt(frame),
                opt(approved_by),
                at.clone(),
            ]);
            (&CARDS, row)
        };
    let with = |spec: &'static TableSpec, tail: Vec<Value>| {
        let mut row = head.to_vec();
        row.extend(tail);
        row.push(at.clone());
        (spec, row)
    };
    match event {
        HandEvent::Shoe(ShoeEvent::Shuffled(c)) => with(
            &SHUFFLES,
            vec![
                Value::Integer(i64::from(c.number)),
                Value::Blob(c.commitment.to_vec()),
                Value::Integer(i64::from(c.cards)),
                Value::Integer(i64::from(c.mid_hand)),
            ],
        ),
        HandEvent::Shoe(ShoeEvent::Revealed(r)) => with(
            &REVEALS,
            vec![
                Value::Integer(i64::from(r.number)),
                Value::Blob(r.order.iter().map(|rank| rank.value()).collect()),
                Value::Blob(r.salt.to_vec()),
            ],
        ),
        HandEvent::Shoe(ShoeEvent::Burned { rank }) => {
            card(*rank, "burn", None, false, CardSource::SoftwareShoe)
        }
        HandEvent::ExternalBurn { rank, source } => card(*rank, "burn", None, false, *source),
        HandEvent::SetAside {
            rank,
            source,
            approved_by,
        } => {
            let (spec, mut row) = card(*rank, "set_aside", None, false, *source);
            row[8] = Value::Integer(i64::from(*approved_by));
            (spec, row)
        }
        HandEvent::ExternalShuffle { mid_hand } => with(
            &EXTERNAL_SHUFFLES,
            vec![Value::Integer(i64::from(*mid_hand))],
        ),
        HandEvent::Card { rank, step, source } => {
            let (to, discarded) = match step {
                Step::Card { to, discarded, .. } => (*to, *discarded),
                Step::Decision { .. } => (CardTo::Common { by: None }, false),
            };
            let (destination, seat) = match to {
                CardTo::Seat(seat) => ("seat", Some(seat)),
                CardTo::Dealer => ("dealer", None),
                CardTo::Common { by } => ("common", by),
            };
            card(*rank, destination, seat, discarded, *source)
        }
        HandEvent::Decision { step } => {
            let (seat, action) = match step {
                Step::Decision { seat, action } => (*seat, action.as_str()),
                Step::Card { .. } => (0, ""),
            };
            with(
                &DECISIONS,
                vec![
                    Value::Integer(i64::from(seat)),
                    Value::Text(action.to_owned()),
                ],
            )
        }
    }
}

/// A hand event back from its ledger row (columns as in [`event_row`]),
/// with the row's hand id and step.
pub fn row_event(spec: &TableSpec, values: &[Value]) -> Result<(HandId, i64, HandEvent), BadRow> {
    let (hand_id, step) = (HandId(int(values, 0)?), int(values, 1)?);
    let event = match spec.name {
        "shuffles" => HandEvent::Shoe(ShoeEvent::Shuffled(ShuffleCommitment {
            number: u32::try_from(int(values, 2)?).or_else(|_| bad("bad shuffle number"))?,
            commitment: at32(blob(values, 3)?)?,
            cards: u16::try_from(int(values, 4)?).or_else(|_| bad("bad card count"))?,
            mid_hand: int(values, 5)? != 0,
        })),
        "reveals" => HandEvent::Shoe(ShoeEvent::Revealed(Box::new(ShuffleReveal {
            number: u32::try_from(int(values, 2)?).or_else(|_| bad("bad shuffle number"))?,
            order: blob(values, 3)?
                .iter()
                .map(|&r| rank(i64::from(r)))
                .collect::<Result<_, _>>()?,
            salt: at32(blob(values, 4)?)?,
        }))),
        "external_shuffles" => HandEvent::ExternalShuffle {
            mid_hand: int(values, 2)? != 0,
        },
        "cards" => {
            let rank = rank(int(values, 2)?)?;
            let seat = opt_seat(opt_int(values, 4)?)?;
            let source = match text(values, 6)? {
                "software_shoe" => CardSource::SoftwareShoe,
                "scanner" => CardSource::Scanner {
                    frame: int(values, 7)? as u64,
                },
                "manual" => CardSource::Manual {
                    approved_by: u32::try_from(int(values, 8)?).or_else(|_| bad("bad approver"))?,
                },
                other => return bad(format!("unknown card source {other:?}")),
            };
            let to = match (text(values, 3)?, seat) {
                ("set_aside", None) => {
                    let approved_by = u32::try_from(int(values, 8)?)
                        .or_else(|_| bad("bad approver of a set-aside card"))?;
                    let event = HandEvent::SetAside {
                        rank,
                        source,
                        approved_by,
                    };
                    return Ok((hand_id, step, event));
                }
                ("burn", _) => {
                    let burn = match source {
                        CardSource::SoftwareShoe => HandEvent::Shoe(ShoeEvent::Burned { rank }),
                        source => HandEvent::ExternalBurn { rank, source },
                    };
                    return Ok((hand_id, step, burn));
                }
                ("seat", Some(seat)) => CardTo::Seat(seat),
                ("dealer", None) => CardTo::Dealer,
                ("common", by) => CardTo::Common { by },
                (other, _) => return bad(format!("unknown card destination {other:?}")),
            };
            let discarded = int(values, 5)? != 0;
            HandEvent::Card {
                rank,
                step: Step::Card {
                    rank,
                    to,
                    discarded,
                },
                source,
            }
        }
        "decisions" => {
            let word = text(values, 3)?;
            let action =
                Action::parse(word).ok_or_else(|| BadRow(format!("unknown action {word:?}")))?;
            HandEvent::Decision {
                step: Step::Decision {
                    seat: seat(int(values, 2)?)?,
                    action,
                },
            }
        }
        other => return bad(format!("{other} rows are not hand events")),
    };
    Ok((hand_id, step, event))
}

/// The ledger row of one transfer.
pub fn transfer_row(hand_id: HandId, line: i64, t: &Transfer, reverses: Option<i64>) -> Vec<Value> {
    vec![
        Value::Integer(hand_id.0),
        Value::Integer(line),
        Value::Text(t.from.to_string()),
        Value::Text(t.to.to_string()),
        Value::Integer(t.amount as i64),
        Value::Text(t.kind.as_str().to_owned()),
        opt(t.rank.map(|r| i64::from(r.value()))),
        opt(reverses),
    ]
}

/// A transfer back from its row, with the seq of the transfer it reverses.
pub fn row_transfer(values: &[Value]) -> Result<(Transfer, Option<i64>), BadRow> {
    let account = |i| {
        let name = text(values, i)?;
        Account::parse(name).ok_or_else(|| BadRow(format!("unknown account {name:?}")))
    };
    let kind = text(values, 5)?;
    let amount = int(values, 4)?;
    Ok((
        Transfer {
            from: account(2)?,
            to: account(3)?,
            amount: u64::try_from(amount).or_else(|_| bad(format!("negative amount {amount}")))?,
            kind: TransferKind::parse(kind)
                .ok_or_else(|| BadRow(format!("unknown transfer kind {kind:?}")))?,
            rank: opt_int(values, 6)?.map(rank).transpose()?,
        },
        opt_int(values, 7)?,
    ))
}

/// The seats column: `seat:bet` pairs separated by spaces.
pub fn seats_text(seats: &[(u8, u64)]) -> String {
    seats
        .iter()
        .map(|(seat, bet)| format!("{seat}:{bet}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses [`seats_text`].
pub fn parse_seats(text: &str) -> Result<Vec<(u8, u64)>, BadRow> {
    text.split_whitespace()
        .map(|pair| {
            let parsed = pair
                .split_once(':')
                .and_then(|(seat, bet)| Some((seat.parse().ok()?, bet.parse().ok()?)));
            parsed.ok_or_else(|| BadRow(format!("bad seat and bet {pair:?}")))
        })
        .collect()
}

/// The bet of `seat` in a [`seats_text`], if the seat played; read
/// without building the whole list.
pub fn seat_bet(text: &str, seat: u8) -> Result<Option<u64>, BadRow> {
    for pair in text.split_whitespace() {
        let parsed = pair
            .split_once(':')
            .and_then(|(s, bet)| Some((s.parse::<u8>().ok()?, bet.parse::<u64>().ok()?)));
        match parsed {
            Some((s, bet)) if s == seat => return Ok(Some(bet)),
            Some(_) => {}
            None => return bad(format!("bad seat and bet {pair:?}")),
        }
    }
    Ok(None)
}

/// Parses a game name column.
pub fn game(name: &str) -> Result<GameKind, BadRow> {
    GameKind::parse(name).ok_or_else(|| BadRow(format!("unknown game {name:?}")))
}

/// The columns a hand's setup fills, from `game` to `carry_in` in the
/// `hands` table (and in `journal_hand`).
pub fn setup_values(setup: &HandSetup, button: Option<u8>) -> Vec<Value> {
    vec![
        Value::Text(setup.game.as_str().to_owned()),
        Value::Integer(i64::from(setup.decks.count())),
        Value::Text(setup.rules.hash_hex()),
        Value::Text(seats_text(&setup.seats)),
        opt(setup.previous_button.map(i64::from)),
        opt(button.map(i64::from)),
        Value::Integer(setup.carry_in as i64),
    ]
}

/// A setup back from [`setup_values`] (at `offset` in `values`), under
/// `rules`, as hand `number`. Rocket's `button` column (the starter) is
/// not part of the setup.
pub fn values_setup(
    values: &[Value],
    offset: usize,
    number: i64,
    rules: HouseRules,
) -> Result<HandSetup, BadRow> {
    let game = game(text(values, offset)?)?;
    let decks = Decks::new(int(values, offset + 1)?).map_err(|e| BadRow(e.to_string()))?;
    let seats = parse_seats(text(values, offset + 3)?)?;
    let button = opt_seat(opt_int(values, offset + 5)?)?;
    Ok(HandSetup {
        number: u64::try_from(number).or_else(|_| bad("negative hand number"))?,
        game,
        decks,
        rules,
        seats,
        previous_button: opt_seat(opt_int(values, offset + 4)?)?,
        button: (game == GameKind::Starboard).then_some(button).flatten(),
        carry_in: u64::try_from(int(values, offset + 6)?).or_else(|_| bad("negative carry"))?,
    })
}
