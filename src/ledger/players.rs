//! Rated players in the ledger (docs/rating.md): who is seated where, as
//! chained `players` and `seatings` rows; the hands each played, read (as
//! `crate::rated_play`'s plain data) for `crate::rating` to add up; and
//! the record of every rating look-up.

use chrono::{DateTime, Utc};
use rusqlite::OptionalExtension;
use rusqlite::types::Value;
use serde::Serialize;
use thiserror::Error;

use super::access::{PinEntry, Row};
use super::chain::{PLAYERS, RATING_LOOKUPS, SEATINGS};
use super::{AccessError, Ledger, LedgerError, row_time, rows, timestamp};
use crate::access::{NameError, Role, check_name};
use crate::engine::card::Decks;
use crate::engine::hand::GameKind;
use crate::engine::money::Account;
use crate::engine::rocket::ROCKET_SEATS;
use crate::engine::starboard::STARBOARD_SEATS;
use crate::ids::{HandId, ShiftId, StaffId, TableId};
use crate::period::Period;
use crate::rated_play::{PlayedHand, Player, Session, SessionPlay};

/// The longest card number, in characters.
pub const CARD_MAX_CHARS: usize = 20;

/// Why seating, unseating or a look-up was refused: one sentence each.
#[derive(Debug, Error)]
pub enum PlayerError {
    /// No card number given.
    #[error("enter the player's card number")]
    EmptyCard,
    /// A card number with characters a card does not carry.
    #[error("{0:?} is not a card number: use 1 to {CARD_MAX_CHARS} letters, digits or dashes")]
    BadCard(String),
    /// The player's name breaks the naming rules.
    #[error("the player's name: {0}")]
    BadName(#[from] NameError),
    /// A seat the table does not have.
    #[error("seat {seat} is not a seat at this table (seats 1 to {seats})")]
    NoSuchSeat {
        /// The seat asked for.
        seat: u8,
        /// The table's seats.
        seats: usize,
    },
    /// The card is seated somewhere already.
    #[error("card {card} is already seated at {table}, seat {seat}; unseat them there first")]
    AlreadySeated {
        /// The card.
        card: String,
        /// The table's name.
        table: String,
        /// The seat.
        seat: u8,
    },
    /// Another rated player has the seat.
    #[error("seat {seat} is taken by card {card}; unseat them first")]
    SeatTaken {
        /// The seat.
        seat: u8,
        /// Who sits there.
        card: String,
    },
    /// Unseating a seat with no rated player.
    #[error("no rated player is seated at seat {0}")]
    SeatEmpty(u8),
    /// The card is known under another name.
    #[error("card {card} belongs to {known}, not {given}; check the card")]
    NameDiffers {
        /// The card.
        card: String,
        /// The name recorded at enrolment.
        known: String,
        /// The name typed now.
        given: String,
    },
    /// A card never seated.
    #[error("no player has card {0}")]
    UnknownCard(String),
}

/// A rated player seated now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatedPlayer {
    /// Who.
    pub player: Player,
    /// The table's id.
    pub table_id: TableId,
    /// The table's name.
    pub table: String,
    /// The seat.
    pub seat: u8,
    /// Since when.
    pub since: DateTime<Utc>,
}

/// A card number as recorded: trimmed, 1 to [`CARD_MAX_CHARS`] ASCII
/// letters, digits or dashes.
pub fn check_card(card: &str) -> Result<&str, PlayerError> {
    let card = card.trim();
    if card.is_empty() {
        Err(PlayerError::EmptyCard)
    } else if card.chars().count() > CARD_MAX_CHARS
        || !card.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        Err(PlayerError::BadCard(card.to_owned()))
    } else {
        Ok(card)
    }
}

/// Who may seat and unseat players: the table's dealer or a pit boss.
const SEATS_PLAYERS: fn(Role) -> bool = |role| matches!(role, Role::Dealer | Role::PitBoss);

impl Ledger {
    /// Seats the player with `card` at `seat` of shift `shift`'s table, as
    /// `by` (a dealer or pit boss) records it. A card seen for the first
    /// time enrols the player, with `name` if given; a known card's name
    /// must match the one recorded. Refused for a card seated anywhere, a
    /// seat another rated player holds, a seat the game lacks.
    pub fn seat_player(
        &mut self,
        shift: ShiftId,
        seat: u8,
        card: &str,
        name: Option<&str>,
        by: StaffId,
    ) -> Result<(), LedgerError> {
        let card = check_card(card)?;
        let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
            Some(name) => Some(check_name(name).map_err(PlayerError::from)?),
            None => None,
        };
        self.check_seater(by, "seat a rated player")?;
        let table = self.open_shift_table(shift)?;
        let seats = match self.table_game(table)? {
            GameKind::Rocket => ROCKET_SEATS,
            GameKind::Starboard => STARBOARD_SEATS,
        };
        if seat == 0 || usize::from(seat) > seats {
            return Err(PlayerError::NoSuchSeat { seat, seats }.into());
        }
        if let Some(at) = self.seat_of(card)? {
            return Err(PlayerError::AlreadySeated {
                card: card.to_owned(),
                table: at.table,
                seat: at.seat,
            }
            .into());
        }
        if let Some(holder) = self.holder_of(table, seat)? {
            return Err(PlayerError::SeatTaken {
                seat,
                card: holder.player.card,
            }
            .into());
        }
        let now = self.now();
        let mut rows: Vec<Row> = Vec::new();
        match self.player(card)? {
            Some(known) => {
                if let (Some(known), Some(given)) = (known.name, name)
                    && known != given
                {
                    return Err(PlayerError::NameDiffers {
                        card: card.to_owned(),
                        known,
                        given: given.to_owned(),
                    }
                    .into());
                }
            }
            None => rows.push((
                &PLAYERS,
                vec![
                    Value::Text(card.to_owned()),
                    name.map_or(Value::Null, |n| Value::Text(n.to_owned())),
                    Value::Integer(i64::from(by)),
                    Value::Text(now.clone()),
                ],
            )),
        }
        rows.push(seating_row(table, seat, card, "seat", by, now));
        self.append_rows(&rows).map(drop)
    }

    /// Unseats the rated player at `seat` of shift `shift`'s table, as `by`
    /// records it; returns their card number.
    pub fn unseat_player(
        &mut self,
        shift: ShiftId,
        seat: u8,
        by: StaffId,
    ) -> Result<String, LedgerError> {
        self.check_seater(by, "unseat a rated player")?;
        let table = self.open_shift_table(shift)?;
        let holder = self
            .holder_of(table, seat)?
            .ok_or(PlayerError::SeatEmpty(seat))?;
        let row = seating_row(table, seat, &holder.player.card, "unseat", by, self.now());
        self.append_rows(&[row])?;
        Ok(holder.player.card)
    }

    /// The rows unseating everyone rated at `table`, by `by`: written with
    /// the table's close, so no session outlives its table.
    pub(super) fn unseat_all_rows(
        &self,
        table: TableId,
        by: StaffId,
    ) -> Result<Vec<Row>, LedgerError> {
        let now = self.now();
        Ok(self
            .seated_players(Some(table))?
            .into_iter()
            .map(|s| seating_row(table, s.seat, &s.player.card, "unseat", by, now.clone()))
            .collect())
    }

    fn check_seater(&self, staff: StaffId, action: &'static str) -> Result<(), LedgerError> {
        let role = self.role_of(staff)?;
        if SEATS_PLAYERS(role) {
            Ok(())
        } else {
            Err(AccessError::NotPermitted {
                staff,
                role,
                action,
            }
            .into())
        }
    }

    fn table_game(&self, table: TableId) -> Result<GameKind, LedgerError> {
        let name: String =
            self.conn
                .query_row("SELECT game FROM tables WHERE id = ?1", [table], |r| {
                    r.get(0)
                })?;
        rows::game(&name).map_err(LedgerError::bad_row("tables", table.0))
    }

    /// Refuses a card this ledger never enrolled, whatever its schema
    /// version (one older than version 10 enrolled none): what a look-up
    /// checks before it opens the ledger for writing.
    pub fn refuse_unknown_card(&self, card: &str) -> Result<(), LedgerError> {
        let card = check_card(card)?;
        let has_players: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'players')",
            [],
            |r| r.get(0),
        )?;
        if has_players && self.player(card)?.is_some() {
            return Ok(());
        }
        Err(PlayerError::UnknownCard(card.to_owned()).into())
    }

    /// The player enrolled with `card`, if any.
    pub fn player(&self, card: &str) -> Result<Option<Player>, LedgerError> {
        Ok(self
            .conn
            .query_row(
                "SELECT card, name FROM players WHERE card = ?1",
                [card],
                |r| {
                    Ok(Player {
                        card: r.get(0)?,
                        name: r.get(1)?,
                    })
                },
            )
            .optional()?)
    }

    /// Rated players seated now, at `table` or (with `None`) anywhere, by
    /// table and seat.
    pub fn seated_players(&self, table: Option<TableId>) -> Result<Vec<SeatedPlayer>, LedgerError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT s.seq, p.card, p.name, s.table_id, t.name, s.seat, s.at \
             FROM seatings s JOIN players p ON p.card = s.card JOIN tables t ON t.id = s.table_id \
             WHERE s.action = 'seat' AND (?1 IS NULL OR s.table_id = ?1) \
               AND s.seq = (SELECT MAX(seq) FROM seatings WHERE card = s.card) \
             ORDER BY s.table_id, s.seat",
        )?;
        let found = statement
            .query_map([table], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    Player {
                        card: r.get(1)?,
                        name: r.get(2)?,
                    },
                    r.get::<_, i64>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, String>(6)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        found
            .into_iter()
            .map(|(seq, player, table_id, table, seat, at)| {
                Ok(SeatedPlayer {
                    player,
                    table_id: TableId(table_id),
                    table,
                    seat: seat_number(seq, seat)?,
                    since: row_time("seatings", seq, &at)?,
                })
            })
            .collect()
    }

    fn seat_of(&self, card: &str) -> Result<Option<SeatedPlayer>, LedgerError> {
        Ok(self
            .seated_players(None)?
            .into_iter()
            .find(|s| s.player.card == card))
    }

    fn holder_of(&self, table: TableId, seat: u8) -> Result<Option<SeatedPlayer>, LedgerError> {
        Ok(self
            .seated_players(Some(table))?
            .into_iter()
            .find(|s| s.seat == seat))
    }

    /// Records that `card`'s rating was looked up: by a pit boss on the
    /// pit screen (`Some`: their PIN is checked first, and a wrong one
    /// refuses the look-up), or from the command line (`None`) by whoever
    /// holds the file.
    pub fn record_rating_lookup(
        &mut self,
        card: &str,
        by: Option<&PinEntry<'_>>,
    ) -> Result<(), LedgerError> {
        let card = check_card(card)?;
        self.record_lookups(&[card], by, "look up a player's rating")
    }

    /// Players with a session that meets `period`, by card number.
    pub fn rated_players(&self, period: Period) -> Result<Vec<Player>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT DISTINCT p.card, p.name FROM players p JOIN seatings s ON s.card = p.card \
             WHERE s.action = 'seat' AND (?1 IS NULL OR s.at < ?1) ORDER BY p.card",
        )?;
        let to = period.to.map(timestamp);
        let players = statement
            .query_map([to], |r| {
                Ok(Player {
                    card: r.get(0)?,
                    name: r.get(1)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut met = Vec::new();
        for player in players {
            let sessions = self.sessions_of(&player.card)?;
            if sessions.iter().any(|s| {
                period
                    .from
                    .is_none_or(|from| s.unseated_at.is_none_or(|end| end > from))
            }) {
                met.push(player);
            }
        }
        Ok(met)
    }

    /// `card`'s sessions that meet `period`, each with the hands played in
    /// it inside the period (a hand belongs to the session it started in),
    /// for `crate::rating` to add up.
    pub fn rating_play(&self, card: &str, period: Period) -> Result<Vec<SessionPlay>, LedgerError> {
        let mut plays = Vec::new();
        for session in self.sessions_of(card)? {
            let start = period
                .from
                .map_or(session.seated_at, |f| f.max(session.seated_at));
            let end = match (session.unseated_at, period.to) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            if end.is_some_and(|end| end <= start) {
                continue;
            }
            let hands = self.session_hands(&session, start, end)?;
            plays.push(SessionPlay { session, hands });
        }
        Ok(plays)
    }

    /// The player enrolled with `card` and their sessions that meet
    /// `period`, each with its hands in the period (to be rated with the
    /// sessions of other ledgers, `pairs-table rating --floor`); `None`
    /// for a card this ledger never enrolled.
    pub fn player_play(
        &self,
        card: &str,
        period: Period,
    ) -> Result<Option<(Player, Vec<SessionPlay>)>, LedgerError> {
        let card = check_card(card)?;
        match self.player(card)? {
            Some(player) => Ok(Some((player, self.rating_play(card, period)?))),
            None => Ok(None),
        }
    }

    /// Records that each of `cards` had its rating looked up, by `by` (a
    /// pit boss, PIN checked once) or from the command line, in one
    /// transaction; a PIN refused records nothing.
    pub fn record_rating_lookups(
        &mut self,
        cards: &[&str],
        by: Option<&PinEntry<'_>>,
    ) -> Result<(), LedgerError> {
        self.record_lookups(cards, by, "look up players' ratings")
    }

    /// The look-ups of `cards` by `by` (a pit boss confirming `what`, PIN
    /// checked once) or from the command line, appended together.
    fn record_lookups(
        &mut self,
        cards: &[&str],
        by: Option<&PinEntry<'_>>,
        what: &'static str,
    ) -> Result<(), LedgerError> {
        let mut rows = match by {
            Some(entry) => self.pit_boss_confirmation(entry, what)?,
            None => Vec::new(),
        };
        let at = self.now();
        for card in cards {
            rows.push(lookup_row(card, by, at.clone()));
        }
        self.append_rows(&rows).map(drop)
    }

    /// `card`'s sessions in the order they began.
    fn sessions_of(&self, card: &str) -> Result<Vec<Session>, LedgerError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT s.seq, s.table_id, t.name, t.game, s.seat, s.action, s.at \
             FROM seatings s JOIN tables t ON t.id = s.table_id WHERE s.card = ?1 ORDER BY s.seq",
        )?;
        let found = statement
            .query_map([card], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, String>(6)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut sessions: Vec<Session> = Vec::new();
        for (seq, table_id, table, game, seat, action, at) in found {
            let at = row_time("seatings", seq, &at)?;
            if action == "seat" {
                sessions.push(Session {
                    card: card.to_owned(),
                    table_id: TableId(table_id),
                    table,
                    game: rows::game(&game).map_err(LedgerError::bad_row("tables", table_id))?,
                    seat: seat_number(seq, seat)?,
                    seated_at: at,
                    unseated_at: None,
                });
            } else if let Some(open) = sessions.last_mut().filter(|s| s.unseated_at.is_none()) {
                open.unseated_at = Some(at);
            }
        }
        Ok(sessions)
    }

    /// The hands of `session`'s table that started in `[start, end)` with
    /// the session's seat in play. Two index range scans, merged by hand:
    /// the hands by table and start (covering index), then the transfers
    /// of their hand-id range that concern the rating (covering index).
    fn session_hands(
        &self,
        session: &Session,
        start: DateTime<Utc>,
        end: Option<DateTime<Utc>>,
    ) -> Result<Vec<PlayedHand>, LedgerError> {
        let mut hands = Vec::new();
        {
            let mut statement = self.conn.prepare_cached(
                "SELECT h.id, h.decks, h.seats FROM hands h \
                 WHERE h.table_id = ?1 AND h.started_at >= ?2 AND (?3 IS NULL OR h.started_at < ?3)",
            )?;
            let mut found = statement.query(rusqlite::params![
                session.table_id,
                timestamp(start),
                end.map(timestamp)
            ])?;
            while let Some(row) = found.next()? {
                let id: i64 = row.get(0)?;
                let seats = row.get_ref(2)?.as_str().map_err(rusqlite::Error::from)?;
                let Some(bet) = rows::seat_bet(seats, session.seat)
                    .map_err(LedgerError::bad_row("hands", id))?
                else {
                    continue;
                };
                hands.push(PlayedHand {
                    hand_id: HandId(id),
                    decks: Decks::new(row.get(1)?).map_err(|e| LedgerError::BadRow {
                        table: "hands",
                        seq: id,
                        problem: e.to_string(),
                    })?,
                    voided: false,
                    // Starboard's wager is what the seat paid in (below).
                    wager: if session.game == GameKind::Rocket {
                        bet
                    } else {
                        0
                    },
                    player_net: 0,
                    rake: 0,
                    pot_paid_in: 0,
                });
            }
        }
        hands.sort_unstable_by_key(|h| h.hand_id);
        let (Some(first), Some(last)) = (hands.first(), hands.last()) else {
            return Ok(hands);
        };
        let (low, high) = (first.hand_id, last.hand_id);
        let mut voids = self
            .conn
            .prepare_cached("SELECT hand_id FROM voids WHERE hand_id BETWEEN ?1 AND ?2")?;
        for id in voids.query_map([low, high], |r| r.get::<_, i64>(0))? {
            let id = id?;
            if let Ok(i) = hands.binary_search_by_key(&id, |h| h.hand_id.0) {
                hands[i].voided = true;
            }
        }
        let account = Account::Seat(session.seat).to_string();
        let mut statement = self.conn.prepare_cached(
            "SELECT hand_id, from_account, to_account, amount, kind, reverses IS NULL FROM transfers \
             WHERE hand_id BETWEEN ?1 AND ?2 \
               AND (from_account = ?3 OR to_account = ?3 OR (?4 AND (to_account = 'pot' OR kind = 'rake'))) \
             ORDER BY hand_id",
        )?;
        let mut found = statement.query(rusqlite::params![
            low,
            high,
            account,
            session.game == GameKind::Starboard
        ])?;
        let mut next = 0;
        while let Some(row) = found.next()? {
            let id: i64 = row.get(0)?;
            while next < hands.len() && hands[next].hand_id < HandId(id) {
                next += 1;
            }
            // A hand of another table, or one the seat sat out.
            let Some(hand) = hands.get_mut(next).filter(|h| h.hand_id == HandId(id)) else {
                continue;
            };
            let text = |i: usize| -> Result<&str, LedgerError> {
                Ok(row.get_ref(i)?.as_str().map_err(rusqlite::Error::from)?)
            };
            let (from, to, amount) = (text(1)?, text(2)?, row.get::<_, i64>(3)?);
            if to == account {
                hand.player_net += amount;
            } else if from == account {
                hand.player_net -= amount;
            }
            let original: bool = row.get(5)?;
            if session.game == GameKind::Starboard && original {
                let amount = amount as u64;
                if to == "pot" && from.starts_with("seat ") {
                    hand.pot_paid_in += amount;
                    if from == account {
                        hand.wager += amount;
                    }
                } else if text(4)? == "rake" {
                    hand.rake += amount;
                }
            }
        }
        Ok(hands)
    }
}

fn seating_row(table: TableId, seat: u8, card: &str, action: &str, by: StaffId, at: String) -> Row {
    (
        &SEATINGS,
        vec![
            Value::Integer(table.0),
            Value::Integer(i64::from(seat)),
            Value::Text(card.to_owned()),
            Value::Text(action.into()),
            Value::Integer(i64::from(by)),
            Value::Text(at),
        ],
    )
}

fn lookup_row(card: &str, by: Option<&PinEntry<'_>>, at: String) -> Row {
    let (staff, via) = match by {
        Some(entry) => (Value::Integer(i64::from(entry.staff)), "pit screen"),
        None => (Value::Null, "command line"),
    };
    (
        &RATING_LOOKUPS,
        vec![
            Value::Text(card.to_owned()),
            staff,
            Value::Text(via.into()),
            Value::Text(at),
        ],
    )
}

fn seat_number(seq: i64, seat: i64) -> Result<u8, LedgerError> {
    u8::try_from(seat).map_err(|_| LedgerError::BadRow {
        table: "seatings",
        seq,
        problem: format!("seat {seat} is out of range"),
    })
}
