//! Simulated play on the software shoe: documented player strategies, the
//! same table code a live table runs, and a summary of what happened.
//! Pure: randomness comes in as seeded generators.

use std::fmt;
use std::str::FromStr;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::Serialize;

use crate::engine::card::{Decks, RankSet};
use crate::engine::hand::{Action, GameKind, Hand, Need};
use crate::engine::rocket::RocketOutcome;
use crate::engine::rules::HouseRules;
use crate::engine::shoe::Shoe;
use crate::engine::starboard::{SeatState, StarboardHand};
use crate::engine::table::{CardSupply, FinishedHand, HandEvent, Seating, Table, TableError};
use crate::par::rocket::best_play;

/// How simulated players decide. See docs/simulation.md.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// Rocket: hit while the expected cost of pairing on the next card
    /// alone is below the fold fee, else fold (it ignores what the dealer
    /// may pay and every later card). Starboard: draw while fewer than half
    /// the unseen cards would bust, else lock. Formerly called `basic`.
    NextCard,
    /// Starboard only: each seat has its own nerve, so players lock at
    /// different counts and bolder ones knock out the cautious: seat s
    /// draws while the chance of busting is below 30%, 40%, 50% or 60%
    /// (seat 1 the first, seat 2 the second, …, seat 5 the first again).
    Mixed,
    /// Starboard only: draw while the chance of busting is below 40%; when
    /// players are locked at the common hand's count (so a good draw knocks
    /// them out), draw while it is below 60%.
    Realistic,
    /// Rocket only: the best play for one player from a full shoe, worked
    /// out exactly by the par sheet (`crate::par::rocket::best_play`) from
    /// the player's and the dealer's stacks.
    Optimal,
    /// Always hit (Rocket) or draw (Starboard).
    Bold,
    /// Always fold (Rocket) or lock (Starboard) at once.
    Timid,
    /// Each choice by a fair coin.
    Random,
}

impl Strategy {
    /// Every strategy with its name.
    pub const ALL: [(&'static str, Strategy); 7] = [
        ("next_card", Strategy::NextCard),
        ("optimal", Strategy::Optimal),
        ("mixed", Strategy::Mixed),
        ("realistic", Strategy::Realistic),
        ("bold", Strategy::Bold),
        ("timid", Strategy::Timid),
        ("random", Strategy::Random),
    ];
}

impl Strategy {
    /// The chance that a Rocket player following this strategy hits with
    /// the ranks `mine` against the dealer's `dealer` (1 or 0 but for
    /// `random`'s fair coin), from a shoe of `decks`. Starboard's own
    /// strategies (`mixed`, `realistic`), which [`Strategy::plays`] keeps
    /// from a Rocket table, would play as `next_card`.
    pub fn rocket_hit_chance(self, mine: RankSet, dealer: RankSet, decks: Decks) -> f64 {
        let hits = match self {
            Strategy::Random => return 0.5,
            Strategy::Bold => true,
            Strategy::Timid => false,
            Strategy::NextCard | Strategy::Mixed | Strategy::Realistic => {
                rocket_next_card_hits(mine, dealer, decks)
            }
            Strategy::Optimal => best_play(decks).hits(mine, dealer),
        };
        f64::from(u8::from(hits))
    }

    /// Whether this strategy plays `game` (`optimal` is Rocket's only;
    /// `mixed` and `realistic` Starboard's).
    pub fn plays(self, game: GameKind) -> bool {
        match self {
            Strategy::Optimal => game == GameKind::Rocket,
            Strategy::Mixed | Strategy::Realistic => game == GameKind::Starboard,
            _ => true,
        }
    }

    /// The strategies that play `game`, with their names.
    pub fn for_game(game: GameKind) -> impl Iterator<Item = (&'static str, Strategy)> {
        Strategy::ALL
            .into_iter()
            .filter(move |(_, s)| s.plays(game))
    }
}

impl FromStr for Strategy {
    type Err = String;
    fn from_str(name: &str) -> Result<Strategy, String> {
        let name = if name == "basic" { "next_card" } else { name };
        Strategy::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| *s)
            .ok_or_else(|| {
                format!(
                    "unknown strategy {name:?}: choose next_card, optimal, mixed, realistic, bold, timid or random"
                )
            })
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Strategy::ALL
            .iter()
            .find(|(_, s)| s == self)
            .map_or("?", |(n, _)| n);
        f.write_str(name)
    }
}

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The game.
    pub game: GameKind,
    /// Decks in the shoe.
    pub decks: Decks,
    /// Players, seated from seat 1.
    pub seats: u8,
    /// Rocket: every player's bet (units).
    pub bet: u64,
    /// The house rules.
    pub rules: HouseRules,
    /// How players decide.
    pub strategy: Strategy,
}

/// Counts and totals over a simulation.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// Hands played.
    pub hands: u64,
    /// Cards dealt into hands (burns not included).
    pub cards_dealt: u64,
    /// Cards burned.
    pub burns: u64,
    /// Shuffles, the first included.
    pub shuffles: u64,
    /// Shuffles forced by the shoe running out mid-hand.
    pub mid_hand_reshuffles: u64,
    /// Per-player outcomes by name.
    pub outcomes: std::collections::BTreeMap<&'static str, u64>,
    /// Units wagered: Rocket bets; Starboard antes and draws.
    pub total_wagered: u64,
    /// The players' combined net (units).
    pub players_net: i64,
    /// The house's result: Rocket's bank, Starboard's rake (units).
    pub house_result: i64,
}

impl Summary {
    /// The house result per unit wagered (a ratio for display only).
    pub fn house_edge(&self) -> f64 {
        if self.total_wagered == 0 {
            0.0
        } else {
            self.house_result as f64 / self.total_wagered as f64
        }
    }

    fn count(&mut self, name: &'static str) {
        *self.outcomes.entry(name).or_insert(0) += 1;
    }

    /// Adds a finished hand.
    pub fn add(&mut self, finished: &FinishedHand) {
        self.hands += 1;
        for event in &finished.events {
            match event {
                HandEvent::Card { .. } => self.cards_dealt += 1,
                HandEvent::Shoe(crate::engine::shoe::ShoeEvent::Burned { .. }) => self.burns += 1,
                HandEvent::Shoe(crate::engine::shoe::ShoeEvent::Shuffled(s)) => {
                    self.shuffles += 1;
                    self.mid_hand_reshuffles += u64::from(s.mid_hand);
                }
                _ => {}
            }
        }
        let hand = &finished.hand;
        for seat in hand.seats() {
            self.players_net += hand.net(seat).unwrap_or(0);
        }
        match hand {
            Hand::Rocket(h) => {
                for seat in h.seats() {
                    self.total_wagered += h.bet(seat);
                    self.count(match h.outcome(seat) {
                        Some(RocketOutcome::Folded(_)) => "folded",
                        Some(RocketOutcome::Paired(_)) => "paired",
                        Some(RocketOutcome::DealerPaired(_)) => "dealer_paired",
                        Some(RocketOutcome::DealerThree) => "dealer_three",
                        None => "unfinished",
                    });
                }
                self.house_result = -self.players_net;
            }
            Hand::Starboard(h) => {
                let unit = finished.setup.rules.starboard.unit;
                for seat in h.seats() {
                    self.total_wagered += (1 + h.draws(seat)) * unit;
                    self.count(match h.state(seat) {
                        SeatState::Locked(_) => "won",
                        SeatState::Busted => "busted",
                        SeatState::KnockedOut => "knocked_out",
                        _ => "unfinished",
                    });
                }
                if h.winners().count() > 1 {
                    self.count("split_pots");
                }
                self.house_result += h.split().map_or(0, |s| s.rake) as i64;
            }
        }
    }
}

/// A simulated table: the software shoe, a table session and players.
#[derive(Debug)]
pub struct Simulation {
    table: Table,
    seating: Seating,
    strategy: Strategy,
    decks: Decks,
    rng: StdRng,
    /// The last hand's record, kept so the next hand can reuse its buffers.
    last: Option<FinishedHand>,
}

impl Simulation {
    /// A table for `config`, its shoe shuffled by `shoe_rng`; `player_rng`
    /// drives random choices and the first Starboard button.
    pub fn new(
        config: &SimConfig,
        shoe_rng: StdRng,
        player_rng: StdRng,
    ) -> Result<Simulation, TableError> {
        let shoe = Shoe::new(
            config.decks,
            config.rules.penetration_permille,
            config.rules.burn,
            shoe_rng,
        );
        let table = Table::new(
            config.game,
            config.rules,
            CardSupply::Software(Box::new(shoe)),
        )?;
        let seats = 1..=config.seats;
        let seating = match config.game {
            GameKind::Rocket => Seating::Rocket(seats.map(|s| (s, config.bet)).collect()),
            GameKind::Starboard => Seating::Starboard(seats.collect()),
        };
        Ok(Simulation {
            table,
            seating,
            strategy: config.strategy,
            decks: config.decks,
            rng: player_rng,
            last: None,
        })
    }

    /// A simulation seeded from one number (tests and reproducible runs).
    pub fn seeded(config: &SimConfig, seed: u64) -> Result<Simulation, TableError> {
        let mut master = StdRng::seed_from_u64(seed);
        let shoe_rng = StdRng::from_rng(&mut master);
        let player_rng = StdRng::from_rng(&mut master);
        Simulation::new(config, shoe_rng, player_rng)
    }

    /// Plays one hand to the end and returns its record.
    pub fn play_hand(&mut self) -> Result<FinishedHand, TableError> {
        self.play_hand_with(|_| Ok(()))
    }

    /// Plays one hand to the end and lends its record, which the next call
    /// overwrites: the same as [`Simulation::play_hand`], but the record's
    /// buffers are reused from hand to hand instead of allocated per hand.
    pub fn play_next(&mut self) -> Result<&FinishedHand, TableError> {
        let record = match self.last.take() {
            Some(mut record) => {
                self.play_steps(|_| Ok::<(), TableError>(()))?;
                self.table.finish_hand_into(&mut record)?;
                record
            }
            None => self.play_hand()?,
        };
        Ok(self.last.insert(record))
    }

    /// Plays one hand to the end, calling `after_step` with the table after
    /// the hand starts and after every card and decision (to journal it).
    pub fn play_hand_with<E: From<TableError>>(
        &mut self,
        after_step: impl FnMut(&Table) -> Result<(), E>,
    ) -> Result<FinishedHand, E> {
        self.play_steps(after_step)?;
        Ok(self.table.finish_hand()?)
    }

    /// Starts a hand and plays it until it is over, calling `after_step`
    /// as [`Simulation::play_hand_with`] does.
    fn play_steps<E: From<TableError>>(
        &mut self,
        mut after_step: impl FnMut(&Table) -> Result<(), E>,
    ) -> Result<(), E> {
        self.table.start_hand(&self.seating, &mut self.rng)?;
        loop {
            after_step(&self.table)?;
            match self.table.need() {
                Need::Done => break,
                Need::Card(_) => {
                    self.table.deal_from_shoe()?;
                }
                Need::Decision { seat, .. } => {
                    let action = match self.table.hand() {
                        Some((_, hand)) => {
                            decide(self.strategy, hand, seat, self.decks, &mut self.rng)
                        }
                        None => break,
                    };
                    self.table.act(seat, action)?;
                }
            }
        }
        Ok(())
    }

    /// Carries on after `hands_started` recorded hands, with their button and carry.
    pub fn resume(&mut self, hands_started: u64, last_button: Option<u8>, carry: u64) {
        self.table.resume(hands_started, last_button, carry);
    }

    /// The table (for its shoe and counters).
    pub fn table(&self) -> &Table {
        &self.table
    }
}

/// The decision `strategy` makes for `seat`. `optimal` at a Starboard
/// table, which [`Strategy::plays`] refuses, would play as `next_card`.
#[inline]
pub fn decide(strategy: Strategy, hand: &Hand, seat: u8, decks: Decks, rng: &mut StdRng) -> Action {
    let [go_on, stop] = hand.game().choices();
    let keep_going = match (strategy, hand) {
        (Strategy::Random, _) => rng.random_bool(0.5),
        (_, Hand::Rocket(h)) => {
            strategy.rocket_hit_chance(h.ranks(seat), h.dealer_ranks(), decks) > 0.5
        }
        (Strategy::Bold, Hand::Starboard(_)) => true,
        (Strategy::Timid, Hand::Starboard(_)) => false,
        (Strategy::NextCard | Strategy::Optimal, Hand::Starboard(h)) => {
            starboard_bust_percent(h, decks) < 50
        }
        (Strategy::Mixed, Hand::Starboard(h)) => {
            starboard_bust_percent(h, decks) < 30 + 10 * u32::from((seat + 3) % 4)
        }
        (Strategy::Realistic, Hand::Starboard(h)) => {
            let count = h.common().len() as u8;
            let knocks_out = h.seats().any(|s| h.state(s) == SeatState::Locked(count));
            starboard_bust_percent(h, decks) < if knocks_out { 60 } else { 40 }
        }
    };
    if keep_going { go_on } else { stop }
}

/// Hit while Σ(unseen copies of each rank I hold × rank) < fold fee ×
/// unseen cards, i.e. the expected cost of the next card is below folding.
/// "Unseen" counts the full shoe less my stack and the dealer's.
fn rocket_next_card_hits(mine: RankSet, dealer: RankSet, decks: Decks) -> bool {
    let total = u32::from(decks.cards()) - mine.len() - dealer.len();
    // Σ over my ranks r of (unseen copies of r) × r, where the unseen copies
    // are r × decks, less mine, less the dealer's if the dealer holds r:
    // decks × Σr² − Σr − Σ(r the dealer holds too).
    let risk = u32::from(decks.count()) * mine.sum_of_squares()
        - mine.sum()
        - mine.intersection(dealer).sum();
    let fold_fee = mine
        .union(dealer)
        .lowest()
        .map_or(1, |r| u32::from(r.value()));
    risk < fold_fee * total
}

/// The chance that a draw busts, in whole percent rounded down: the unseen
/// cards (the full shoe less the common hand, which holds one card of
/// each of its ranks) that pair the common hand, over all unseen cards.
/// `next_card` draws while it is under 50 (fewer than half would bust).
fn starboard_bust_percent(hand: &StarboardHand, decks: Decks) -> u32 {
    let common = hand.common();
    let total = u32::from(decks.cards()) - common.len() as u32;
    let busting: u32 = common
        .iter()
        .map(|r| u32::from(decks.copies_of(*r)) - 1)
        .sum();
    busting * 100 / total
}
