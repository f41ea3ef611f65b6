//! Starboard: 2 to 7 players draw to one common hand and split the pot, as
//! RULINGS.md deals it. A pure state machine like Rocket's.

use serde::Serialize;

use super::card::{Rank, Stack};
use super::hand::{
    Action, CardTo, GameKind, Need, PlayError, SetupError, Step, seat_index, seat_of,
};
use super::money::{Account, Transfer, TransferKind};
use super::rules::{MAX_BET_LIMIT_UNITS, StarboardRules};

/// Seats at a Starboard table.
pub const STARBOARD_SEATS: usize = 7;

/// Where a Starboard player stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "state", content = "cards", rename_all = "snake_case")]
pub enum SeatState {
    /// No player at this seat.
    Empty,
    /// Still choosing draw or lock.
    Active,
    /// Locked with this many cards in the common hand.
    Locked(u8),
    /// Drew a card that paired the common hand.
    Busted,
    /// Was locked when someone drew past their count without pairing.
    KnockedOut,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Dealing the two opening cards of the common hand.
    DealCommon,
    /// Waiting for the decision of the seat at this index.
    Turn(usize),
    /// The seat at this index paid to draw and waits for the card.
    DrawCard(usize),
    /// Over.
    Done,
}

/// One Starboard game in progress.
#[derive(Clone, Debug)]
pub struct StarboardHand {
    states: [SeatState; STARBOARD_SEATS],
    draws: [u64; STARBOARD_SEATS],
    common: Stack,
    phase: Phase,
    button: usize,
    carry_in: u64,
    rules: StarboardRules,
}

impl StarboardHand {
    /// Sets up a game: `seats` are the seated players (1..=7, each once, at
    /// least two), `button` acts first and must be seated, `carry_in` is the
    /// odd units left by the last pot.
    pub fn new(
        seats: &[i64],
        button: i64,
        carry_in: i64,
        rules: &StarboardRules,
    ) -> Result<StarboardHand, SetupError> {
        let game = GameKind::Starboard;
        let mut states = [SeatState::Empty; STARBOARD_SEATS];
        for &seat in seats {
            if !(1..=STARBOARD_SEATS as i64).contains(&seat) {
                return Err(SetupError::NoSuchSeat { seat, game });
            }
            let index = seat as usize - 1;
            if states[index] != SeatState::Empty {
                return Err(SetupError::DuplicateSeat(seat as u8));
            }
            states[index] = SeatState::Active;
        }
        if seats.len() < game.min_players() {
            return Err(SetupError::TooFewPlayers {
                count: seats.len(),
                game,
            });
        }
        let button_index = match button {
            1..=7 if states[button as usize - 1] == SeatState::Active => button as usize - 1,
            _ => return Err(SetupError::ButtonNotSeated(button)),
        };
        if !(0..=MAX_BET_LIMIT_UNITS as i64).contains(&carry_in) {
            return Err(SetupError::BadCarry(carry_in));
        }
        Ok(StarboardHand {
            states,
            draws: [0; STARBOARD_SEATS],
            common: Stack::default(),
            phase: Phase::DealCommon,
            button: button_index,
            carry_in: carry_in as u64,
            rules: *rules,
        })
    }

    /// What the game needs next.
    #[inline]
    pub fn need(&self) -> Need {
        match self.phase {
            Phase::DealCommon => Need::Card(CardTo::Common { by: None }),
            Phase::DrawCard(i) => Need::Card(CardTo::Common {
                by: Some(seat_of(i)),
            }),
            Phase::Turn(i) => Need::Decision {
                seat: seat_of(i),
                choices: GameKind::Starboard.choices(),
            },
            Phase::Done => Need::Done,
        }
    }

    /// Deals `rank` to the common hand. Refused (state unchanged) when a
    /// decision is due or the game is over.
    #[inline]
    pub fn deal(&mut self, rank: Rank) -> Result<Step, PlayError> {
        let (to, discarded) = match self.phase {
            Phase::DealCommon => {
                // An opening card that pairs the first is discarded and replaced.
                let discarded = self.common.pairs_with(rank);
                if !discarded {
                    self.common.push(rank);
                    if self.common.len() == 2 {
                        self.phase = Phase::Turn(self.button);
                    }
                }
                (CardTo::Common { by: None }, discarded)
            }
            Phase::DrawCard(i) => {
                let busted = self.common.pairs_with(rank);
                if busted {
                    self.states[i] = SeatState::Busted;
                } else {
                    self.common.push(rank);
                    let cards = self.common.len() as u8;
                    for state in &mut self.states {
                        if matches!(*state, SeatState::Locked(n) if n < cards) {
                            *state = SeatState::KnockedOut;
                        }
                    }
                }
                self.after_turn(i);
                (
                    CardTo::Common {
                        by: Some(seat_of(i)),
                    },
                    busted,
                )
            }
            Phase::Turn(i) => return Err(PlayError::DecisionDue { seat: seat_of(i) }),
            Phase::Done => return Err(PlayError::HandOver),
        };
        Ok(Step::Card {
            rank,
            to,
            discarded,
        })
    }

    /// Takes `seat`'s decision. Refused (state unchanged) when it is not that
    /// seat's turn or the action is not a Starboard action.
    #[inline]
    pub fn act(&mut self, seat: u8, action: Action) -> Result<Step, PlayError> {
        let i = match self.phase {
            Phase::Turn(i) if seat_of(i) == seat => i,
            Phase::Turn(i) => {
                return Err(PlayError::NotYourTurn {
                    seat,
                    due: seat_of(i),
                });
            }
            Phase::Done => return Err(PlayError::HandOver),
            Phase::DealCommon | Phase::DrawCard(_) => {
                let Need::Card(waiting_for) = self.need() else {
                    return Err(PlayError::HandOver);
                };
                return Err(PlayError::CardDue { seat, waiting_for });
            }
        };
        match action {
            Action::Draw => {
                self.draws[i] += 1;
                self.phase = Phase::DrawCard(i);
            }
            Action::Lock => {
                self.states[i] = SeatState::Locked(self.common.len() as u8);
                self.after_turn(i);
            }
            Action::Hit | Action::Fold => {
                return Err(PlayError::NotThisGame {
                    action,
                    game: GameKind::Starboard,
                });
            }
        }
        Ok(Step::Decision { seat, action })
    }

    /// After seat index `i` finished a turn: the last player standing locks
    /// at once; the game ends when nobody is active; otherwise the next
    /// active player to the left acts.
    fn after_turn(&mut self, i: usize) {
        let mut standing = self
            .states
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, SeatState::Active | SeatState::Locked(_)));
        if let (Some((last, SeatState::Active)), None) = (standing.next(), standing.next()) {
            self.states[last] = SeatState::Locked(self.common.len() as u8);
        }
        self.phase = (1..=STARBOARD_SEATS)
            .map(|offset| (i + offset) % STARBOARD_SEATS)
            .find(|&j| self.states[j] == SeatState::Active)
            .map_or(Phase::Done, Phase::Turn);
    }

    /// Whether the game is over.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The seated players' seat numbers, lowest first.
    pub fn seats(&self) -> impl Iterator<Item = u8> + '_ {
        (0..STARBOARD_SEATS)
            .filter(|&i| self.states[i] != SeatState::Empty)
            .map(seat_of)
    }

    /// The state of `seat`.
    pub fn state(&self, seat: u8) -> SeatState {
        seat_index(seat, STARBOARD_SEATS).map_or(SeatState::Empty, |i| self.states[i])
    }

    /// Draws `seat` has paid for.
    pub fn draws(&self, seat: u8) -> u64 {
        seat_index(seat, STARBOARD_SEATS).map_or(0, |i| self.draws[i])
    }

    /// The common hand, in the order dealt (discarded cards excluded).
    pub fn common(&self) -> &[Rank] {
        self.common.cards()
    }

    /// The button: the seat that acted first.
    pub fn button(&self) -> u8 {
        seat_of(self.button)
    }

    /// The odd units carried in from the last pot.
    pub fn carry_in(&self) -> u64 {
        self.carry_in
    }

    /// The pot so far: carry-in, antes and draws, in table units.
    pub fn pot(&self) -> u64 {
        self.carry_in + self.paid_in()
    }

    /// Units paid into the pot by players this game (antes and draws).
    fn paid_in(&self) -> u64 {
        let players = self.seats().count() as u64;
        (players + self.draws.iter().sum::<u64>()) * self.rules.unit
    }

    /// The seats that share the pot once the game is over: every locked
    /// player not knocked out (they all locked with the most cards).
    pub fn winners(&self) -> impl Iterator<Item = u8> + '_ {
        (0..STARBOARD_SEATS)
            .filter(|&i| self.is_done() && matches!(self.states[i], SeatState::Locked(_)))
            .map(seat_of)
    }

    fn is_winner(&self, i: usize) -> bool {
        self.is_done() && matches!(self.states[i], SeatState::Locked(_))
    }

    /// The settlement once the game is over: (rake, each winner's share,
    /// units carried to the next pot).
    pub fn split(&self) -> Option<PotSplit> {
        if !self.is_done() {
            return None;
        }
        let rake = self.rules.rake_on(self.paid_in());
        let to_share = self.pot() - rake;
        let winners = self.winners().count() as u64;
        let share = to_share.checked_div(winners).unwrap_or(0);
        Some(PotSplit {
            rake,
            share,
            carry_out: to_share - share * winners,
        })
    }

    /// The net result of `seat` once the game is over (positive: it won).
    pub fn net(&self, seat: u8) -> Option<i64> {
        let split = self.split()?;
        let i =
            seat_index(seat, STARBOARD_SEATS).filter(|&i| self.states[i] != SeatState::Empty)?;
        let paid = (1 + self.draws[i]) * self.rules.unit;
        let won = if self.is_winner(i) { split.share } else { 0 };
        Some(won as i64 - paid as i64)
    }

    /// The game's transfers once it is over: antes, draws and the carry-in
    /// into the pot; then rake, awards and the carry-out out of it.
    pub fn transfers(&self) -> Vec<Transfer> {
        let mut transfers = Vec::new();
        self.push_transfers(&mut transfers);
        transfers
    }

    /// Appends [`StarboardHand::transfers`] to `transfers` (nothing before
    /// the end), so a caller can reuse one buffer game after game.
    pub fn push_transfers(&self, transfers: &mut Vec<Transfer>) {
        let Some(split) = self.split() else {
            return;
        };
        let unit = self.rules.unit;
        let mut push = |from, to, amount, kind| {
            if amount > 0 {
                transfers.push(Transfer {
                    from,
                    to,
                    amount,
                    kind,
                    rank: None,
                });
            }
        };
        push(
            Account::Carry,
            Account::Pot,
            self.carry_in,
            TransferKind::CarryIn,
        );
        for seat in self.seats() {
            push(Account::Seat(seat), Account::Pot, unit, TransferKind::Ante);
        }
        for seat in self.seats() {
            let draws = self.draws(seat) * unit;
            push(Account::Seat(seat), Account::Pot, draws, TransferKind::Draw);
        }
        push(Account::Pot, Account::House, split.rake, TransferKind::Rake);
        for seat in self.winners() {
            push(
                Account::Pot,
                Account::Seat(seat),
                split.share,
                TransferKind::PotAward,
            );
        }
        push(
            Account::Pot,
            Account::Carry,
            split.carry_out,
            TransferKind::CarryOut,
        );
    }
}

/// How a finished Starboard pot is divided.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct PotSplit {
    /// The house's rake.
    pub rake: u64,
    /// Each winner's share.
    pub share: u64,
    /// Odd units left for the next pot.
    pub carry_out: u64,
}
