//! Rocket: 1 to 6 players, each against the house dealer, as RULINGS.md
//! deals it. A pure state machine: it is told each card and each decision,
//! and says at every moment what it needs next.

use serde::Serialize;

use super::card::{Rank, RankSet, Stack};
use super::hand::{
    Action, CardTo, GameKind, Need, PlayError, SetupError, Step, seat_index, seat_of,
};
use super::money::{Account, Transfer, TransferKind};
use super::rules::{BET_GRID_UNITS, RocketRules, StartRule};

/// Seats at a Rocket table.
pub const ROCKET_SEATS: usize = 6;
const DEATH_CARD: u8 = 3;

/// How a player's hand ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "outcome", content = "rank", rename_all = "snake_case")]
pub enum RocketOutcome {
    /// Folded, paying bet/10 × this (the lowest card in their or the dealer's stack).
    Folded(Rank),
    /// Hit and paired this rank, paying bet/10 × rank.
    Paired(Rank),
    /// Still in when the dealer paired this rank; paid bet/10 × rank.
    DealerPaired(Rank),
    /// Still in when the dealer drew a 3; paid 3 × bet/10.
    DealerThree,
}

impl RocketOutcome {
    /// The transfer kind and the rank the amount is figured from.
    fn kind_and_rank(self) -> (TransferKind, Rank) {
        match self {
            RocketOutcome::Folded(rank) => (TransferKind::FoldFee, rank),
            RocketOutcome::Paired(rank) => (TransferKind::PairLoss, rank),
            RocketOutcome::DealerPaired(rank) => (TransferKind::DealerPairPayout, rank),
            RocketOutcome::DealerThree => (TransferKind::DealerThreePayout, three()),
        }
    }

    /// The player's net result for a bet of `bet` units (positive: the player won).
    pub fn net(self, bet: u64) -> i64 {
        let (kind, rank) = self.kind_and_rank();
        let amount = (bet / BET_GRID_UNITS * u64::from(rank.value())) as i64;
        match kind {
            TransferKind::FoldFee | TransferKind::PairLoss => -amount,
            _ => amount,
        }
    }
}

/// A seat index reached by counting fewer than six places to the left of
/// a seat index, wrapped to 0..6.
fn wrap(index: usize) -> usize {
    if index >= ROCKET_SEATS {
        index - ROCKET_SEATS
    } else {
        index
    }
}

fn three() -> Rank {
    Rank::ALL[DEATH_CARD as usize - 1]
}

/// How the hand as a whole ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RocketEnd {
    /// The dealer paired; everyone still in was paid.
    DealerPaired,
    /// The dealer drew a 3; everyone still in was paid 3 × bet/10.
    DealerThree,
    /// Every player paired or folded; the dealer did not draw.
    AllOut,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Dealing the first card to the seat at this index.
    DealPlayer(usize),
    /// Dealing the dealer's first card.
    DealDealer,
    /// Waiting for the decision of the seat at this index.
    Turn(usize),
    /// The seat at this index hit and waits for its card.
    HitCard(usize),
    /// Waiting for the dealer's draw.
    DealerDraw,
    /// Over.
    Done(RocketEnd),
}

/// One Rocket hand in progress.
#[derive(Clone, Debug)]
pub struct RocketHand {
    bets: [u64; ROCKET_SEATS],
    stacks: [Stack; ROCKET_SEATS],
    outcomes: [Option<RocketOutcome>; ROCKET_SEATS],
    dealer: Stack,
    phase: Phase,
    start: StartRule,
    previous_button: Option<u8>,
    /// Index of the seat that starts every round, once chosen.
    starter: usize,
    /// Whether the starter has been chosen (the dealer's first card was not a 3).
    started: bool,
    /// The seated players: bit `i` is set when seat index `i` has a bet.
    seated: u8,
    /// The players still in: seated, and neither paired nor folded.
    still_in: u8,
}

/// The lowest seat index in a seat mask, if any.
fn lowest_index(mask: u8) -> Option<usize> {
    (mask != 0).then(|| mask.trailing_zeros() as usize)
}

/// `mask` turned so that seat index `from` becomes bit 0 and the seats to
/// its left follow in order, wrapping past seat 6 back to seat 1.
fn rotated(mask: u8, from: usize) -> u8 {
    let all = u16::from(mask) * 0x41; // the six seats, then the same six again
    ((all >> from) & 0x3F) as u8
}

/// A player's seat and bet, in table units, as a Rocket hand is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatBet {
    /// The seat (1..=6 to be accepted).
    pub seat: u8,
    /// The bet (on the 10-unit grid within the limits to be accepted).
    pub bet: u64,
}

impl SeatBet {
    /// A seat and bet as a hand history writes them (any integers):
    /// refused unless the seat is one of Rocket's and the bet is positive.
    pub fn from_wire(seat: i64, bet: i64) -> Result<SeatBet, SetupError> {
        let game = GameKind::Rocket;
        let seat = u8::try_from(seat)
            .ok()
            .filter(|s| (1..=ROCKET_SEATS as u8).contains(s))
            .ok_or(SetupError::NoSuchSeat { seat, game })?;
        let bet = u64::try_from(bet)
            .ok()
            .filter(|b| *b > 0)
            .ok_or(SetupError::BetOffGrid {
                seat,
                bet: i128::from(bet),
            })?;
        Ok(SeatBet { seat, bet })
    }
}

impl RocketHand {
    /// Sets up a hand: seats 1..=6, each once, bets on the 10-unit grid
    /// within the limits. `previous_button` is the last hand's button,
    /// used to break ties for low card.
    pub fn new(
        bets: &[SeatBet],
        rules: &RocketRules,
        previous_button: Option<i64>,
    ) -> Result<RocketHand, SetupError> {
        let game = GameKind::Rocket;
        if bets.is_empty() {
            return Err(SetupError::TooFewPlayers { count: 0, game });
        }
        let previous_button = match previous_button {
            None => None,
            Some(seat @ 1..=6) => Some(seat as u8),
            Some(seat) => return Err(SetupError::PreviousButtonOutOfRange(seat)),
        };
        let mut seat_bets = [0u64; ROCKET_SEATS];
        for &SeatBet { seat, bet } in bets {
            if !(1..=ROCKET_SEATS as u8).contains(&seat) {
                return Err(SetupError::NoSuchSeat {
                    seat: i64::from(seat),
                    game,
                });
            }
            let index = usize::from(seat - 1);
            if seat_bets[index] != 0 {
                return Err(SetupError::DuplicateSeat(seat));
            }
            if bet == 0 || !bet.is_multiple_of(BET_GRID_UNITS) {
                return Err(SetupError::BetOffGrid {
                    seat,
                    bet: i128::from(bet),
                });
            }
            if bet < rules.min_bet_units || bet > rules.max_bet_units {
                return Err(SetupError::BetOutsideLimits {
                    seat,
                    bet,
                    min: rules.min_bet_units,
                    max: rules.max_bet_units,
                });
            }
            seat_bets[index] = bet;
        }
        let seated = (0..ROCKET_SEATS)
            .filter(|&i| seat_bets[i] > 0)
            .fold(0u8, |mask, i| mask | 1 << i);
        let first = lowest_index(seated).unwrap_or(0);
        Ok(RocketHand {
            bets: seat_bets,
            stacks: [Stack::default(); ROCKET_SEATS],
            outcomes: [None; ROCKET_SEATS],
            dealer: Stack::default(),
            phase: Phase::DealPlayer(first),
            start: rules.start,
            previous_button,
            starter: first,
            started: false,
            seated,
            still_in: seated,
        })
    }

    /// What the hand needs next.
    #[inline]
    pub fn need(&self) -> Need {
        match self.phase {
            Phase::DealPlayer(i) | Phase::HitCard(i) => Need::Card(CardTo::Seat(seat_of(i))),
            Phase::DealDealer | Phase::DealerDraw => Need::Card(CardTo::Dealer),
            Phase::Turn(i) => Need::Decision {
                seat: seat_of(i),
                choices: GameKind::Rocket.choices(),
            },
            Phase::Done(_) => Need::Done,
        }
    }

    /// Deals `rank` to whoever is due. Refused (state unchanged) when a
    /// decision is due or the hand is over.
    #[inline]
    pub fn deal(&mut self, rank: Rank) -> Result<Step, PlayError> {
        let to = match self.phase {
            Phase::DealPlayer(i) => {
                self.stacks[i].push(rank);
                self.phase = match self.next_occupied_after(i) {
                    Some(next) => Phase::DealPlayer(next),
                    None => Phase::DealDealer,
                };
                CardTo::Seat(seat_of(i))
            }
            Phase::DealDealer => {
                self.dealer.push(rank);
                if rank.value() == DEATH_CARD {
                    self.finish(RocketEnd::DealerThree, RocketOutcome::DealerThree);
                } else {
                    self.starter = self.choose_starter();
                    self.started = true;
                    self.begin_round();
                }
                CardTo::Dealer
            }
            Phase::HitCard(i) => {
                if self.stacks[i].push(rank) {
                    self.leave(i, RocketOutcome::Paired(rank));
                }
                self.advance_turn(i);
                CardTo::Seat(seat_of(i))
            }
            Phase::DealerDraw => {
                let paired = self.dealer.push(rank);
                if rank.value() == DEATH_CARD {
                    self.finish(RocketEnd::DealerThree, RocketOutcome::DealerThree);
                } else if paired {
                    self.finish(RocketEnd::DealerPaired, RocketOutcome::DealerPaired(rank));
                } else {
                    self.begin_round();
                }
                CardTo::Dealer
            }
            Phase::Turn(i) => return Err(PlayError::DecisionDue { seat: seat_of(i) }),
            Phase::Done(_) => return Err(PlayError::HandOver),
        };
        Ok(Step::Card {
            rank,
            to,
            discarded: false,
        })
    }

    /// Takes `seat`'s decision. Refused (state unchanged) when it is not
    /// that seat's turn or the action is not a Rocket action.
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
            Phase::Done(_) => return Err(PlayError::HandOver),
            _ => {
                let Need::Card(waiting_for) = self.need() else {
                    return Err(PlayError::HandOver);
                };
                return Err(PlayError::CardDue { seat, waiting_for });
            }
        };
        match action {
            Action::Hit => self.phase = Phase::HitCard(i),
            Action::Fold => {
                let lowest = self.stacks[i]
                    .ranks()
                    .union(self.dealer.ranks())
                    .lowest()
                    .unwrap_or(Rank::ALL[0]);
                self.leave(i, RocketOutcome::Folded(lowest));
                self.advance_turn(i);
            }
            Action::Draw | Action::Lock => {
                return Err(PlayError::NotThisGame {
                    action,
                    game: GameKind::Rocket,
                });
            }
        }
        Ok(Step::Decision { seat, action })
    }

    /// The lowest first card starts (ties: the first tied seat going left
    /// from the seat after the previous button, else from seat 1), or the
    /// lowest occupied seat under `dealer_left`.
    fn choose_starter(&self) -> usize {
        let first = lowest_index(self.seated).unwrap_or(0);
        if self.start == StartRule::DealerLeft {
            return first;
        }
        let first_card = |i: usize| self.stacks[i].cards().first().copied();
        let firsts = self
            .occupied()
            .filter_map(first_card)
            .fold(RankSet::EMPTY, RankSet::with);
        let lowest = firsts.lowest();
        let tied = self
            .occupied()
            .fold(0u8, |mask, i| mask | u8::from(first_card(i) == lowest) << i);
        // Search from the seat after the previous button, else from seat 1.
        let from = self.previous_button.map_or(0, usize::from) % ROCKET_SEATS;
        lowest_index(rotated(tied, from)).map_or(first, |offset| wrap(from + offset))
    }

    /// The first player still in at or after `offset` places from the
    /// starter, without passing the starter again.
    fn next_in_round(&self, offset: usize) -> Option<usize> {
        let ahead = rotated(self.still_in, self.starter) >> offset;
        lowest_index(ahead).map(|more| wrap(self.starter + offset + more))
    }

    fn begin_round(&mut self) {
        self.phase = match self.next_in_round(0) {
            Some(i) => Phase::Turn(i),
            None => Phase::Done(RocketEnd::AllOut),
        };
    }

    /// After seat index `i`'s turn: moves to the next player still in this
    /// round, or to the dealer's draw when the round is over, or ends the
    /// hand when nobody is in.
    fn advance_turn(&mut self, i: usize) {
        let offset = wrap(i + ROCKET_SEATS - self.starter);
        self.phase = match self.next_in_round(offset + 1) {
            Some(next) => Phase::Turn(next),
            None if self.still_in != 0 => Phase::DealerDraw,
            None => Phase::Done(RocketEnd::AllOut),
        };
    }

    /// The seat at index `i` is out of the hand with `outcome`.
    fn leave(&mut self, i: usize, outcome: RocketOutcome) {
        self.outcomes[i] = Some(outcome);
        self.still_in &= !(1 << i);
    }

    fn finish(&mut self, end: RocketEnd, outcome_for_those_in: RocketOutcome) {
        for i in 0..ROCKET_SEATS {
            if self.still_in(i) {
                self.leave(i, outcome_for_those_in);
            }
        }
        self.phase = Phase::Done(end);
    }

    fn still_in(&self, i: usize) -> bool {
        self.still_in & (1 << i) != 0
    }

    fn occupied(&self) -> impl Iterator<Item = usize> + '_ {
        (0..ROCKET_SEATS).filter(|&i| self.seated & (1 << i) != 0)
    }

    fn next_occupied_after(&self, i: usize) -> Option<usize> {
        lowest_index(self.seated >> (i + 1)).map(|more| i + 1 + more)
    }

    /// How the hand ended, once it has.
    pub fn end(&self) -> Option<RocketEnd> {
        match self.phase {
            Phase::Done(end) => Some(end),
            _ => None,
        }
    }

    /// The seated players' seat numbers, lowest first.
    pub fn seats(&self) -> impl Iterator<Item = u8> + '_ {
        self.occupied().map(seat_of)
    }

    /// The bet at `seat` (0 if nobody sits there).
    pub fn bet(&self, seat: u8) -> u64 {
        seat_index(seat, ROCKET_SEATS).map_or(0, |i| self.bets[i])
    }

    /// The cards in front of `seat`, in the order dealt.
    pub fn stack(&self, seat: u8) -> &[Rank] {
        seat_index(seat, ROCKET_SEATS).map_or(&[], |i| self.stacks[i].cards())
    }

    /// The ranks in front of `seat`, as a set.
    pub fn ranks(&self, seat: u8) -> RankSet {
        seat_index(seat, ROCKET_SEATS).map_or(RankSet::EMPTY, |i| self.stacks[i].ranks())
    }

    /// The ranks in the dealer's stack, as a set.
    pub fn dealer_ranks(&self) -> RankSet {
        self.dealer.ranks()
    }

    /// The dealer's cards, in the order dealt.
    pub fn dealer_stack(&self) -> &[Rank] {
        self.dealer.cards()
    }

    /// How `seat`'s hand ended, once it has.
    pub fn outcome(&self, seat: u8) -> Option<RocketOutcome> {
        seat_index(seat, ROCKET_SEATS).and_then(|i| self.outcomes[i])
    }

    /// Whether `seat` is still in the hand.
    pub fn is_in(&self, seat: u8) -> bool {
        seat_index(seat, ROCKET_SEATS).is_some_and(|i| self.still_in(i))
    }

    /// The seat that started (and took the button), once the dealer's
    /// first card is out and it was not a 3.
    pub fn starter(&self) -> Option<u8> {
        self.started.then(|| seat_of(self.starter))
    }

    /// The previous hand's button this hand was set up with.
    pub fn previous_button(&self) -> Option<u8> {
        self.previous_button
    }

    /// The net result of `seat` once its hand has ended (positive: it won).
    pub fn net(&self, seat: u8) -> Option<i64> {
        self.outcome(seat).map(|o| o.net(self.bet(seat)))
    }

    /// The hand's transfers, once it is over: one per player, in seat order.
    pub fn transfers(&self) -> Vec<Transfer> {
        let mut transfers = Vec::new();
        self.push_transfers(&mut transfers);
        transfers
    }

    /// Appends [`RocketHand::transfers`] to `out` (nothing before the end),
    /// so a caller can reuse one buffer hand after hand.
    pub fn push_transfers(&self, out: &mut Vec<Transfer>) {
        if self.end().is_none() {
            return;
        }
        out.extend(self.occupied().filter_map(|i| {
            let outcome = self.outcomes[i]?;
            let (kind, rank) = outcome.kind_and_rank();
            let amount = self.bets[i] / BET_GRID_UNITS * u64::from(rank.value());
            let seat = Account::Seat(seat_of(i));
            let (from, to) = match kind {
                TransferKind::FoldFee | TransferKind::PairLoss => (seat, Account::House),
                _ => (Account::House, seat),
            };
            Some(Transfer {
                from,
                to,
                amount,
                kind,
                rank: Some(rank),
            })
        }));
    }
}
