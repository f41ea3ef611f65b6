//! A table session: hand after hand of one game with one shoe, moving the
//! button, carrying odd pot units, shuffling at the cut card, and logging
//! every card, burn, shuffle and decision of each hand in order.

use rand::{Rng, RngExt};
use serde::Serialize;
use thiserror::Error;

use super::card::{Decks, Rank};
use super::hand::{Action, GameKind, Hand, Need, PlayError, SetupError, Step};
use super::money::{Transfer, balances};
use super::rocket::{ROCKET_SEATS, RocketHand, SeatBet};
use super::rules::{HouseRules, RulesError};
use super::shoe::{Shoe, ShoeCount, ShoeError, ShoeEvent};
use super::starboard::{STARBOARD_SEATS, StarboardHand};

/// Where the table's cards come from.
#[derive(Debug)]
pub enum CardSupply {
    /// The software shoe deals.
    Software(Box<Shoe>),
    /// Cards are read from a shoe (scanner) or entered by hand; the count
    /// checks each one.
    External(ShoeCount),
}

/// How a card came to the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum CardSource {
    /// Dealt by the software shoe.
    SoftwareShoe,
    /// Read by the card-reading shoe in this frame.
    Scanner {
        /// The frame's sequence number.
        frame: u64,
    },
    /// Entered by hand, approved by this pit boss.
    Manual {
        /// The approving pit boss's staff number.
        approved_by: u32,
    },
}

impl std::fmt::Display for CardSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CardSource::SoftwareShoe => write!(f, "software shoe"),
            CardSource::Scanner { frame } => write!(f, "scanner, frame {frame}"),
            CardSource::Manual { approved_by } => {
                write!(f, "entered by hand, approved by {approved_by}")
            }
        }
    }
}

/// Everything that happened in a hand, in order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HandEvent {
    /// The software shoe shuffled, revealed or burned.
    Shoe(ShoeEvent),
    /// The physical shoe was reshuffled (external supply).
    ExternalShuffle {
        /// True if a hand was in play.
        mid_hand: bool,
    },
    /// A card from a physical shoe was burned face down (external supply).
    ExternalBurn {
        /// The card.
        rank: Rank,
        /// Where it came from.
        source: CardSource,
    },
    /// A card that left a physical shoe and was neither dealt nor burned
    /// (read out of turn, while play was stopped, or foreign) was set aside
    /// face down with a pit boss's approval (external supply).
    SetAside {
        /// The card as read.
        rank: Rank,
        /// Where it came from.
        source: CardSource,
        /// The approving pit boss's staff number.
        approved_by: u32,
    },
    /// A card was dealt into the hand.
    Card {
        /// The card.
        rank: Rank,
        /// The step the hand took with it.
        step: Step,
        /// Where it came from.
        source: CardSource,
    },
    /// A player decided.
    Decision {
        /// The step (seat and action).
        step: Step,
    },
}

/// Who sits where for the next hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Seating {
    /// Rocket: (seat, bet) for each player.
    Rocket(Vec<(u8, u64)>),
    /// Starboard: the seated players.
    Starboard(Vec<u8>),
}

/// What a hand was set up with: with its cards and decisions, enough to
/// judge it again.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct HandSetup {
    /// Hands started at this table, counting this one.
    pub number: u64,
    /// The game.
    pub game: GameKind,
    /// Decks in the shoe.
    pub decks: Decks,
    /// The house rules in force.
    pub rules: HouseRules,
    /// (seat, bet) per player; Starboard bets are 0.
    pub seats: Vec<(u8, u64)>,
    /// Rocket: the previous hand's button (for the low-card tie-break).
    pub previous_button: Option<u8>,
    /// Starboard: the button (first to act).
    pub button: Option<u8>,
    /// Starboard: odd units carried into the pot.
    pub carry_in: u64,
}

impl HandSetup {
    /// A fresh hand as this setup deals it, before its first card (to
    /// rebuild a recorded or journaled hand from its steps).
    pub fn new_hand(&self) -> Result<Hand, SetupError> {
        let count = self.seats.len();
        if count > usize::from(self.game.max_seat()) {
            return Err(SetupError::TooManyPlayers {
                count,
                game: self.game,
            });
        }
        match self.game {
            GameKind::Rocket => {
                let mut bets = [SeatBet { seat: 0, bet: 0 }; ROCKET_SEATS];
                for (slot, &(seat, bet)) in bets.iter_mut().zip(&self.seats) {
                    *slot = SeatBet { seat, bet };
                }
                let previous = self.previous_button.map(i64::from);
                let bets = &bets[..count];
                Ok(Hand::Rocket(RocketHand::new(
                    bets,
                    &self.rules.rocket,
                    previous,
                )?))
            }
            GameKind::Starboard => {
                let mut seats = [0i64; STARBOARD_SEATS];
                for (slot, &(seat, _)) in seats.iter_mut().zip(&self.seats) {
                    *slot = i64::from(seat);
                }
                Ok(Hand::Starboard(StarboardHand::new(
                    &seats[..count],
                    self.button.map_or(0, i64::from),
                    i64::try_from(self.carry_in).unwrap_or(i64::MAX),
                    &self.rules.starboard,
                )?))
            }
        }
    }
}

impl HandSetup {
    /// The hand this setup deals, with the cards and decisions of `events`
    /// replayed on it (to rebuild a recorded or journaled hand).
    pub fn replay(&self, events: &[HandEvent]) -> Result<Hand, TableError> {
        let mut hand = self.new_hand()?;
        for event in events {
            match event {
                HandEvent::Card { rank, .. } => {
                    hand.deal(*rank)?;
                }
                HandEvent::Decision {
                    step: Step::Decision { seat, action },
                } => {
                    hand.act(*seat, *action)?;
                }
                _ => {}
            }
        }
        Ok(hand)
    }
}

/// A hand that is over: its setup, events in order, final state and transfers.
#[derive(Clone, Debug)]
pub struct FinishedHand {
    /// The setup.
    pub setup: HandSetup,
    /// Every card, burn, shuffle and decision, in order.
    pub events: Vec<HandEvent>,
    /// The hand's final state.
    pub hand: Hand,
    /// Who paid whom.
    pub transfers: Vec<Transfer>,
}

/// A table action that was refused. The table is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum TableError {
    /// The hand refused the step.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The hand could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The card cannot have come from this shoe.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
    /// The house rules are invalid.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// No hand is in progress.
    #[error("no hand is in progress")]
    NoHand,
    /// A hand is already in progress.
    #[error("a hand is already in progress; finish it first")]
    HandInProgress,
    /// The hand is not over yet.
    #[error("the hand is not over yet")]
    HandNotOver,
    /// The seating is for the other game.
    #[error("this is a {0} table")]
    WrongGame(GameKind),
    /// The software shoe was asked for a card at an external-supply table, or the reverse.
    #[error("this table's cards come from {0}")]
    WrongSupply(&'static str),
}

/// A table session.
#[derive(Debug)]
pub struct Table {
    game: GameKind,
    rules: HouseRules,
    supply: CardSupply,
    hand: Option<(HandSetup, Hand)>,
    events: Vec<HandEvent>,
    hands_started: u64,
    last_button: Option<u8>,
    carry: u64,
    /// A seat list to build the next hand's setup in (handed back by
    /// [`Table::finish_hand_into`], so a session need not allocate one per hand).
    spare_seats: Vec<(u8, u64)>,
}

impl Table {
    /// Opens a table of `game` under `rules` with its card supply.
    pub fn new(game: GameKind, rules: HouseRules, supply: CardSupply) -> Result<Table, TableError> {
        rules.validate()?;
        let mut table = Table {
            game,
            rules,
            supply,
            hand: None,
            events: Vec::new(),
            hands_started: 0,
            last_button: None,
            carry: 0,
            spare_seats: Vec::new(),
        };
        // A software shoe shuffles and burns when it is made: those cards
        // have left it, so they are events at once, before any hand.
        table.take_shoe_events();
        Ok(table)
    }

    /// Puts back what left the shoe between hands before a restart
    /// (journaled, not yet in a hand's record) ahead of what has happened
    /// since, so the next hand's record opens with it. The count is left
    /// alone ([`Table::resume_between_hands`] counts it). Refused while a
    /// hand is in progress.
    pub fn restore_between_hands(&mut self, events: Vec<HandEvent>) -> Result<(), TableError> {
        if self.hand.is_some() {
            return Err(TableError::HandInProgress);
        }
        self.events.splice(0..0, events);
        Ok(())
    }

    /// Resumes a table after `hands_started` hands, with its button and carry.
    pub fn resume(&mut self, hands_started: u64, last_button: Option<u8>, carry: u64) {
        self.hands_started = hands_started;
        self.last_button = last_button;
        self.carry = carry;
    }

    /// Starts the next hand. `rng` picks the first Starboard button (the
    /// only random choice outside the shoe). A due shuffle happens first.
    pub fn start_hand(&mut self, seating: &Seating, rng: &mut impl Rng) -> Result<(), TableError> {
        if self.hand.is_some() {
            return Err(TableError::HandInProgress);
        }
        let mut seats = std::mem::take(&mut self.spare_seats);
        seats.clear();
        let (previous_button, button) = match (seating, self.game) {
            (Seating::Rocket(bets), GameKind::Rocket) => {
                seats.extend_from_slice(bets);
                seats.sort_unstable();
                (self.last_button, None)
            }
            (Seating::Starboard(players), GameKind::Starboard) => {
                seats.extend(players.iter().map(|&s| (s, 0)));
                seats.sort_unstable();
                let button = match self.last_button {
                    Some(last) => seats
                        .iter()
                        .find(|&&(s, _)| s > last)
                        .or(seats.first())
                        .map(|&(s, _)| s),
                    None if seats.is_empty() => None,
                    None => Some(seats[rng.random_range(0..seats.len())].0),
                };
                (None, button)
            }
            _ => {
                self.spare_seats = seats;
                return Err(TableError::WrongGame(self.game));
            }
        };
        let setup = HandSetup {
            number: self.hands_started + 1,
            game: self.game,
            decks: self.decks(),
            rules: self.rules,
            seats,
            previous_button,
            button,
            carry_in: if self.game == GameKind::Starboard {
                self.carry
            } else {
                0
            },
        };
        let hand = match setup.new_hand() {
            Ok(hand) => hand,
            Err(error) => {
                self.spare_seats = setup.seats;
                return Err(error.into());
            }
        };
        // What happened since the last hand (a physical shoe reshuffled and
        // its burns) opens this hand's record: keep it.
        if let CardSupply::Software(shoe) = &mut self.supply {
            if shoe.shuffle_due() {
                shoe.shuffle();
            }
            self.take_shoe_events();
        }
        self.hands_started += 1;
        self.hand = Some((setup, hand));
        Ok(())
    }

    /// What the hand in progress needs (Done when no hand is in progress).
    pub fn need(&self) -> Need {
        self.hand.as_ref().map_or(Need::Done, |(_, h)| h.need())
    }

    /// Events of the hand in progress so far, in order (for journaling);
    /// between hands, what has left the shoe since the last hand (it opens
    /// the next hand's record).
    pub fn events(&self) -> &[HandEvent] {
        &self.events
    }

    /// The hand in progress and its setup.
    pub fn hand(&self) -> Option<(&HandSetup, &Hand)> {
        self.hand.as_ref().map(|(s, h)| (s, h))
    }

    fn card_due(&self) -> Result<(), TableError> {
        let (_, hand) = self.hand.as_ref().ok_or(TableError::NoHand)?;
        match hand.need() {
            Need::Card(_) => Ok(()),
            Need::Decision { seat, .. } => Err(PlayError::DecisionDue { seat }.into()),
            Need::Done => Err(PlayError::HandOver.into()),
        }
    }

    /// Deals the software shoe's next card to whoever is due.
    pub fn deal_from_shoe(&mut self) -> Result<Step, TableError> {
        self.card_due()?;
        let CardSupply::Software(shoe) = &mut self.supply else {
            return Err(TableError::WrongSupply(
                "a card-reading shoe or manual entry",
            ));
        };
        let dealt = shoe.deal();
        self.take_shoe_events();
        let rank = dealt?;
        self.play_card(rank, CardSource::SoftwareShoe)
    }

    /// Moves the software shoe's shuffles, reveals and burns into the
    /// hand's events.
    fn take_shoe_events(&mut self) {
        if let CardSupply::Software(shoe) = &mut self.supply
            && !shoe.events().is_empty()
        {
            self.events
                .extend(shoe.events().iter().cloned().map(HandEvent::Shoe));
            shoe.clear_events();
        }
    }

    /// Deals a card read from the shoe or entered by hand to whoever is due.
    /// Refused, with nothing counted, if no card is due or the shoe cannot
    /// hold another copy of the rank.
    pub fn deal_external(&mut self, rank: Rank, source: CardSource) -> Result<Step, TableError> {
        self.card_due()?;
        let CardSupply::External(count) = &mut self.supply else {
            return Err(TableError::WrongSupply("the software shoe"));
        };
        count.deal(rank)?;
        self.play_card(rank, source)
    }

    fn play_card(&mut self, rank: Rank, source: CardSource) -> Result<Step, TableError> {
        let (_, hand) = self.hand.as_mut().ok_or(TableError::NoHand)?;
        let step = hand.deal(rank)?;
        if let Step::Card {
            discarded: true, ..
        } = step
        {
            match &mut self.supply {
                CardSupply::Software(shoe) => shoe.discard(rank),
                CardSupply::External(count) => count.discard(rank),
            }
        }
        self.events.push(HandEvent::Card { rank, step, source });
        Ok(step)
    }

    /// The physical shoe was reshuffled: everything not in play goes back in.
    pub fn external_shuffle(&mut self) -> Result<(), TableError> {
        let CardSupply::External(count) = &mut self.supply else {
            return Err(TableError::WrongSupply("the software shoe"));
        };
        count.reshuffle();
        let mid_hand = self.hand.is_some();
        self.events.push(HandEvent::ExternalShuffle { mid_hand });
        Ok(())
    }

    /// Counts a card burned from the physical shoe after a shuffle. Refused,
    /// with nothing counted, if the shoe cannot hold another copy of it.
    pub fn burn_external(&mut self, rank: Rank, source: CardSource) -> Result<(), TableError> {
        let CardSupply::External(count) = &mut self.supply else {
            return Err(TableError::WrongSupply("the software shoe"));
        };
        count.burn(rank)?;
        self.events.push(HandEvent::ExternalBurn { rank, source });
        Ok(())
    }

    /// Sets aside a card that left the physical shoe and was neither dealt
    /// nor burned, approved by pit boss `approved_by`. It is counted out of
    /// the shoe unless the shoe cannot hold it (a foreign card, which was
    /// never part of the stack's count); returns whether it was counted.
    pub fn set_aside(
        &mut self,
        rank: Rank,
        source: CardSource,
        approved_by: u32,
    ) -> Result<bool, TableError> {
        let CardSupply::External(count) = &mut self.supply else {
            return Err(TableError::WrongSupply("the software shoe"));
        };
        let counted = count.set_aside(rank);
        self.events.push(HandEvent::SetAside {
            rank,
            source,
            approved_by,
        });
        Ok(counted)
    }

    /// Takes a player's decision.
    pub fn act(&mut self, seat: u8, action: Action) -> Result<Step, TableError> {
        let (_, hand) = self.hand.as_mut().ok_or(TableError::NoHand)?;
        let step = hand.act(seat, action)?;
        self.events.push(HandEvent::Decision { step });
        Ok(step)
    }

    /// Ends the hand that is over: its cards go to the discards, the button
    /// and carry move on, and the whole record is returned.
    pub fn finish_hand(&mut self) -> Result<FinishedHand, TableError> {
        let (setup, hand) = self.settle_hand()?;
        let transfers = hand.transfers();
        debug_assert!(balances(&transfers), "hand {}: {transfers:?}", setup.number);
        let capacity = self.events.len().max(32);
        Ok(FinishedHand {
            setup,
            events: std::mem::replace(&mut self.events, Vec::with_capacity(capacity)),
            hand,
            transfers,
        })
    }

    /// [`Table::finish_hand`], writing the record over `record` (an earlier
    /// hand's) and keeping its buffers for the hands to come, so a session
    /// allocates nothing per hand. Refused, with `record` unchanged, like
    /// [`Table::finish_hand`].
    pub fn finish_hand_into(&mut self, record: &mut FinishedHand) -> Result<(), TableError> {
        let (setup, hand) = self.settle_hand()?;
        self.spare_seats = std::mem::replace(&mut record.setup, setup).seats;
        record.hand = hand;
        record.transfers.clear();
        record.hand.push_transfers(&mut record.transfers);
        debug_assert!(
            balances(&record.transfers),
            "hand {}: {:?}",
            record.setup.number,
            record.transfers
        );
        std::mem::swap(&mut self.events, &mut record.events);
        self.events.clear();
        Ok(())
    }

    /// Ends the hand that is over (cards to the discards, button and carry
    /// moved on) and hands back its setup and final state.
    fn settle_hand(&mut self) -> Result<(HandSetup, Hand), TableError> {
        match &self.hand {
            None => return Err(TableError::NoHand),
            Some((_, hand)) if !hand.is_done() => return Err(TableError::HandNotOver),
            Some(_) => {}
        }
        let Some((setup, hand)) = self.hand.take() else {
            return Err(TableError::NoHand);
        };
        match &mut self.supply {
            CardSupply::Software(shoe) => shoe.end_hand(),
            CardSupply::External(count) => count.end_hand(),
        }
        match &hand {
            Hand::Rocket(h) => {
                if let Some(starter) = h.starter() {
                    self.last_button = Some(starter);
                }
            }
            Hand::Starboard(h) => {
                self.last_button = Some(h.button());
                self.carry = h.split().map_or(self.carry, |s| s.carry_out);
            }
        }
        Ok((setup, hand))
    }

    /// Puts back the hand that was in progress when the station stopped
    /// (journaled before a crash or power loss), so it goes on exactly where
    /// it stopped. The shoe's count is rebuilt from `record` (the events of
    /// the hands since its last shuffle, as for
    /// [`Table::resume_between_hands`]) and the hand's own steps; a software
    /// shoe, whose stack was lost, carries on with the cards still in it
    /// shuffled (see [`Shoe::continue_from`]). Refused, with nothing
    /// changed, if a hand is in progress or the steps do not replay.
    pub fn resume_hand(
        &mut self,
        setup: HandSetup,
        events: Vec<HandEvent>,
        record: &[Vec<HandEvent>],
    ) -> Result<(), TableError> {
        if self.hand.is_some() {
            return Err(TableError::HandInProgress);
        }
        if setup.game != self.game {
            return Err(TableError::WrongGame(self.game));
        }
        let hand = setup.replay(&events)?;
        let mut count = self.recounted(record)?;
        count_events(&mut count, &events)?;
        let mut events = events;
        self.events.clear();
        self.carry_on(count, true);
        events.append(&mut self.events);
        self.hands_started = setup.number;
        self.events = events;
        self.hand = Some((setup, hand));
        Ok(())
    }

    /// After a restart between hands: the shoe's count is rebuilt from
    /// `record`, the events of the hands since its last shuffle in dealing
    /// order (the first holding that shuffle) and, last, what left the
    /// shoe since the last hand, so dealt, left and the cut card carry on.
    /// A software shoe, whose stack was lost, carries on with the cards
    /// still in it shuffled (see [`Shoe::continue_from`]); its new stack's
    /// commitment replaces the events of the stack it was made with, which
    /// nothing was dealt from. Refused, with nothing changed, while a hand
    /// is in progress or if the record holds a card the shoe cannot.
    pub fn resume_between_hands(&mut self, record: &[Vec<HandEvent>]) -> Result<(), TableError> {
        if self.hand.is_some() {
            return Err(TableError::HandInProgress);
        }
        let count = self.recounted(record)?;
        self.events.clear();
        self.carry_on(count, false);
        Ok(())
    }

    /// The count of a full shoe with `record`'s hands counted out of it,
    /// each hand's cards then discarded.
    fn recounted(&self, record: &[Vec<HandEvent>]) -> Result<ShoeCount, ShoeError> {
        let mut count = self.count().full();
        for events in record {
            count_events(&mut count, events)?;
            count.end_hand();
        }
        Ok(count)
    }

    /// The shoe carries on with `count`: a physical shoe's count is set; a
    /// software shoe shuffles what is left in it, and its events follow.
    fn carry_on(&mut self, count: ShoeCount, mid_hand: bool) {
        match &mut self.supply {
            CardSupply::Software(shoe) => {
                shoe.continue_from(count, mid_hand);
                self.take_shoe_events();
            }
            CardSupply::External(current) => *current = count,
        }
    }

    /// The game dealt here.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The house rules in force.
    pub fn rules(&self) -> &HouseRules {
        &self.rules
    }

    /// Changes the house rules from the next hand (refused mid-hand).
    pub fn set_rules(&mut self, rules: HouseRules) -> Result<(), TableError> {
        if self.hand.is_some() {
            return Err(TableError::HandInProgress);
        }
        rules.validate()?;
        self.rules = rules;
        Ok(())
    }

    /// Decks in the shoe.
    pub fn decks(&self) -> Decks {
        self.count().decks()
    }

    /// The shoe's running count.
    pub fn count(&self) -> &ShoeCount {
        match &self.supply {
            CardSupply::Software(shoe) => shoe.count(),
            CardSupply::External(count) => count,
        }
    }

    /// The software shoe, if this table has one.
    pub fn shoe(&self) -> Option<&Shoe> {
        match &self.supply {
            CardSupply::Software(shoe) => Some(shoe),
            CardSupply::External(_) => None,
        }
    }

    /// Hands started so far.
    pub fn hands_started(&self) -> u64 {
        self.hands_started
    }

    /// Units carried to the next Starboard pot.
    pub fn carry(&self) -> u64 {
        self.carry
    }

    /// The last hand's button.
    pub fn last_button(&self) -> Option<u8> {
        self.last_button
    }
}

/// Counts `events` (a hand's, or what left the shoe between hands) into
/// `count` as the table counted them when they happened.
fn count_events(count: &mut ShoeCount, events: &[HandEvent]) -> Result<(), ShoeError> {
    for event in events {
        match event {
            HandEvent::Card {
                rank,
                step: Step::Card { discarded, .. },
                ..
            } => {
                count.deal(*rank)?;
                if *discarded {
                    count.discard(*rank);
                }
            }
            HandEvent::ExternalBurn { rank, .. } | HandEvent::Shoe(ShoeEvent::Burned { rank }) => {
                count.burn(*rank)?;
            }
            HandEvent::SetAside { rank, .. } => {
                count.set_aside(*rank);
            }
            HandEvent::ExternalShuffle { .. } => count.reshuffle(),
            HandEvent::Shoe(ShoeEvent::Shuffled(commitment)) => count.shuffled(commitment.cards),
            HandEvent::Card { .. } | HandEvent::Decision { .. } | HandEvent::Shoe(_) => {}
        }
    }
    Ok(())
}
