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
use crate::engine::shoe::{Shoe, ShoeEvent};
use crate::engine::starboard::{SeatState, StarboardHand};
use crate::engine::table::{CardSupply, FinishedHand, HandEvent, Seating, Table, TableError};
use crate::par::count::{LinearCount, best_count, effects_of_removal};
use crate::par::countability::seen_shoe;
use crate::par::rocket::{ShoeEdge, best_play, edge_from_shoe};

mod betting;
mod blocks;
pub use betting::{BetContext, BetFile, BetStrategy, Staking};
pub use blocks::{BLOCK_HANDS, BlockError, BlockRun};

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
    /// Rocket only: the best play for the cards left as the player has
    /// seen them (the full shoe less every card dealt face up since the
    /// shuffle, as the hand started), from the exact edge of that shoe
    /// (`crate::par::rocket::edge_from_shoe`); `optimal` where that shoe
    /// could run out within a hand.
    OptimalSeen,
}

impl Strategy {
    /// Every strategy with its name.
    pub const ALL: [(&'static str, Strategy); 8] = [
        ("next_card", Strategy::NextCard),
        ("optimal", Strategy::Optimal),
        ("mixed", Strategy::Mixed),
        ("realistic", Strategy::Realistic),
        ("bold", Strategy::Bold),
        ("timid", Strategy::Timid),
        ("random", Strategy::Random),
        ("optimal_seen", Strategy::OptimalSeen),
    ];
}

impl Strategy {
    /// The chance that a Rocket player following this strategy hits with
    /// the ranks `mine` against the dealer's `dealer` (1 or 0 but for
    /// `random`'s fair coin), from a shoe of `decks`; `optimal_seen` plays
    /// as `optimal` when no card has been seen. Starboard's own
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
            Strategy::Optimal | Strategy::OptimalSeen => best_play(decks).hits(mine, dealer),
        };
        f64::from(u8::from(hits))
    }

    /// Whether this strategy plays `game` (`optimal` is Rocket's only;
    /// `mixed` and `realistic` Starboard's).
    pub fn plays(self, game: GameKind) -> bool {
        match self {
            Strategy::Optimal | Strategy::OptimalSeen => game == GameKind::Rocket,
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

    /// Whether the strategy looks at the cards seen since the shuffle
    /// (so it has no figures from a full shoe on the par sheet).
    pub fn needs_seen_cards(self) -> bool {
        self == Strategy::OptimalSeen
    }

    /// The strategies of `game` the par sheet gives figures for: those
    /// that do not look at the cards seen.
    pub fn on_the_par_sheet(game: GameKind) -> impl Iterator<Item = (&'static str, Strategy)> {
        Strategy::for_game(game).filter(|(_, s)| !s.needs_seen_cards())
    }
}

/// A simulated player: how they play and how they bet.
#[derive(Clone, PartialEq, Debug)]
pub struct Player {
    /// How they decide.
    pub play: Strategy,
    /// How they bet (Rocket).
    pub bet: BetStrategy,
}

/// What the cards seen since the shuffle tell a player at a hand's start:
/// the exact solution of the shoe as seen, and the simple count.
#[derive(Debug)]
struct SeenCards {
    /// Copies of each rank dealt face up since the last shuffle.
    seen: [u32; 10],
    /// The shoe as seen, solved at the start of the hand in progress
    /// (`None` where it could run out within a hand or was not needed).
    edge: Option<ShoeEdge>,
    /// Whether `edge` holds this hand's solution.
    solved: bool,
    /// The simple count for the table's decks.
    count: LinearCount,
    /// Whether a player uses the exact solution (plays `optimal_seen` or
    /// bets `counter:K`); a `count:K` bettor alone needs only the count.
    solve: bool,
}

impl SeenCards {
    fn new(decks: Decks) -> SeenCards {
        SeenCards {
            seen: [0; 10],
            edge: None,
            solved: false,
            count: best_count(&effects_of_removal(decks)),
            solve: false,
        }
    }

    /// Works out the shoe as seen before a hand; `shuffle_due` when the
    /// hand will start from a new shuffle.
    fn start_hand(&mut self, decks: Decks, shuffle_due: bool) {
        if shuffle_due {
            self.seen = [0; 10];
        }
        self.solved = false;
        if !self.solve {
            return;
        }
        if let Some(shoe) = seen_shoe(decks, &self.seen) {
            match &mut self.edge {
                Some(edge) => edge.solve(&shoe),
                None => self.edge = Some(edge_from_shoe(&shoe)),
            }
            self.solved = true;
        }
    }

    /// The solution for this hand, if the shoe as seen could be solved.
    fn edge(&self) -> Option<&ShoeEdge> {
        self.edge.as_ref().filter(|_| self.solved)
    }

    /// Whether `bet` judges this hand favourable to the player.
    fn favourable(&self, bet: &BetStrategy, decks: Decks) -> bool {
        match bet {
            BetStrategy::Count(_) => {
                let unseen = u64::from(decks.cards()) - u64::from(self.seen.iter().sum::<u32>());
                self.count.true_count(&self.seen, unseen) > self.count.pivot_true_count
            }
            _ if bet.needs_exact_edge() => self.edge().is_some_and(|e| e.house_edge() < 0.0),
            _ => false,
        }
    }

    /// Takes in a finished hand's events: cards dealt face up are seen; a
    /// shuffle starts over (a mid-hand one keeps the hand's cards so far,
    /// which stay out of the new stack).
    fn add(&mut self, events: &[HandEvent]) {
        let mut this_hand = [0u32; 10];
        for event in events {
            match event {
                HandEvent::Card { rank, .. } => {
                    self.seen[rank.index()] += 1;
                    this_hand[rank.index()] += 1;
                }
                HandEvent::Shoe(ShoeEvent::Shuffled(shuffle)) => {
                    self.seen = if shuffle.mid_hand { this_hand } else { [0; 10] };
                }
                _ => {}
            }
        }
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
                    "unknown strategy {name:?}: choose next_card, optimal, optimal_seen, mixed, realistic, bold, timid or random"
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
    /// Each seat's bets and result, when followed ([`Summary::follow_seats`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by_seat: Vec<SeatResult>,
}

/// One Rocket seat's bets and result over a simulation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatResult {
    /// The seat.
    pub seat: u8,
    /// How its player bet.
    #[serde(serialize_with = "crate::simulate::as_text")]
    pub betting: BetStrategy,
    /// Hands it played.
    pub hands: u64,
    /// Units it bet.
    pub wagered: u64,
    /// Its net (units; positive when the player won).
    pub net: i64,
}

/// Serialises a value by its text (a betting strategy as `counter:8`).
fn as_text<T: fmt::Display, S: serde::Serializer>(value: &T, out: S) -> Result<S::Ok, S::Error> {
    out.collect_str(value)
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

    /// Keeps each of `players`' bets and result from now on.
    pub fn follow_seats(&mut self, players: &[(u8, Player)]) {
        self.by_seat = players
            .iter()
            .map(|(seat, player)| SeatResult {
                seat: *seat,
                betting: player.bet.clone(),
                hands: 0,
                wagered: 0,
                net: 0,
            })
            .collect();
    }

    /// Adds `other`'s hands, a later part of the same run (the same seats
    /// followed), to these.
    pub fn merge(&mut self, other: Summary) {
        self.hands += other.hands;
        self.cards_dealt += other.cards_dealt;
        self.burns += other.burns;
        self.shuffles += other.shuffles;
        self.mid_hand_reshuffles += other.mid_hand_reshuffles;
        for (name, count) in other.outcomes {
            *self.outcomes.entry(name).or_insert(0) += count;
        }
        self.total_wagered += other.total_wagered;
        self.players_net += other.players_net;
        self.house_result += other.house_result;
        for theirs in other.by_seat {
            if let Some(ours) = self.by_seat.iter_mut().find(|s| s.seat == theirs.seat) {
                ours.hands += theirs.hands;
                ours.wagered += theirs.wagered;
                ours.net += theirs.net;
            }
        }
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
                    if let Some(followed) = self.by_seat.iter_mut().find(|s| s.seat == seat) {
                        followed.hands += 1;
                        followed.wagered += h.bet(seat);
                        followed.net += hand.net(seat).unwrap_or(0);
                    }
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
    /// Each seat's player, by seat (seat 1 first).
    players: Vec<(u8, Player)>,
    /// Each seat's betting state, as `players`.
    staking: Vec<Staking>,
    /// Hands started in this simulation.
    hands_started: u64,
    /// Every seat's flat bet (Rocket).
    flat_bet: u64,
    /// The cards seen, kept when a player needs them.
    seen: Option<Box<SeenCards>>,
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
        let players: Vec<(u8, Player)> = (1..=config.seats)
            .map(|seat| {
                let player = Player {
                    play: config.strategy,
                    bet: BetStrategy::Flat,
                };
                (seat, player)
            })
            .collect();
        let mut simulation = Simulation {
            table,
            seating,
            staking: vec![Staking::default(); players.len()],
            hands_started: 0,
            players,
            flat_bet: config.bet,
            seen: None,
            decks: config.decks,
            rng: player_rng,
            last: None,
        };
        simulation.watch_if_needed();
        Ok(simulation)
    }

    /// Every seat bets by `bet` (Rocket; flat by default). Refused at a
    /// Starboard table, which has no bets.
    pub fn set_betting(&mut self, bet: BetStrategy) -> Result<(), TableError> {
        let seats = vec![bet; self.players.len()];
        self.set_seat_betting(&seats)
    }

    /// Seat 1 bets by `bets[0]`, seat 2 by `bets[1]` and so on; seats
    /// beyond the list keep their betting. Refused at a Starboard table
    /// (which has no bets) unless every one is flat.
    pub fn set_seat_betting(&mut self, bets: &[BetStrategy]) -> Result<(), TableError> {
        if self.table.game() != GameKind::Rocket && bets.iter().any(|b| *b != BetStrategy::Flat) {
            return Err(TableError::WrongGame(self.table.game()));
        }
        for (((_, player), staking), bet) in
            self.players.iter_mut().zip(&mut self.staking).zip(bets)
        {
            player.bet = bet.clone();
            *staking = Staking::default();
        }
        self.watch_if_needed();
        Ok(())
    }

    /// Each seat's player, by seat.
    pub fn players(&self) -> &[(u8, Player)] {
        &self.players
    }

    /// Starts keeping the cards seen when a player looks at them.
    fn watch_if_needed(&mut self) {
        let needed = self
            .players
            .iter()
            .any(|(_, p)| p.play.needs_seen_cards() || p.bet.watches_cards());
        if needed && self.seen.is_none() {
            self.seen = Some(Box::new(SeenCards::new(self.decks)));
        }
        if let Some(seen) = &mut self.seen {
            seen.solve = self
                .players
                .iter()
                .any(|(_, p)| p.play.needs_seen_cards() || p.bet.needs_exact_edge());
        }
    }

    /// Seats each player who plays the next hand, with their bet, from
    /// what they have seen and their results so far.
    fn place_bets(&mut self) {
        let Seating::Rocket(bets) = &mut self.seating else {
            return;
        };
        let rules = self.table.rules();
        bets.clear();
        for ((seat, player), staking) in self.players.iter().zip(&mut self.staking) {
            let favourable = self
                .seen
                .as_ref()
                .is_some_and(|seen| seen.favourable(&player.bet, self.decks));
            let context = BetContext {
                flat: self.flat_bet,
                rules,
                favourable,
                hand: self.hands_started,
                seat: *seat,
            };
            if let Some(bet) = staking.bet(&player.bet, context, &mut self.rng) {
                bets.push((*seat, bet));
            }
        }
    }

    /// Gives each seat that played the hand just dealt its result.
    fn settle_bets(&mut self) {
        let Some((_, hand)) = self.table.hand() else {
            return;
        };
        for ((seat, player), staking) in self.players.iter().zip(&mut self.staking) {
            if let Some(net) = hand.net(*seat) {
                staking.settle(&player.bet, net);
            }
        }
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
        self.hands_started += 1;
        if let Some(seen) = &mut self.seen {
            let shuffle_due = self.table.count().cut_card_out();
            seen.start_hand(self.decks, shuffle_due);
        }
        self.place_bets();
        self.table.start_hand(&self.seating, &mut self.rng)?;
        loop {
            after_step(&self.table)?;
            match self.table.need() {
                Need::Done => break,
                Need::Card(_) => {
                    self.table.deal_from_shoe()?;
                }
                Need::Decision { seat, .. } => {
                    let play = self
                        .players
                        .iter()
                        .find(|(s, _)| *s == seat)
                        .map_or(Strategy::NextCard, |(_, p)| p.play);
                    let seen = self.seen.as_ref().and_then(|s| s.edge());
                    let action = match (self.table.hand(), seen) {
                        (Some((_, Hand::Rocket(h))), Some(edge))
                            if play == Strategy::OptimalSeen =>
                        {
                            let [hit, fold] = GameKind::Rocket.choices();
                            if edge.hits(h.ranks(seat), h.dealer_ranks()) {
                                hit
                            } else {
                                fold
                            }
                        }
                        (Some((_, hand)), _) => decide(play, hand, seat, self.decks, &mut self.rng),
                        (None, _) => break,
                    };
                    self.table.act(seat, action)?;
                }
            }
        }
        if let Some(seen) = &mut self.seen {
            seen.add(self.table.events());
        }
        self.settle_bets();
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

/// The decision `strategy` makes for `seat` (`optimal_seen` as `optimal`:
/// the simulation plays it from the cards seen). `optimal` at a Starboard
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
        (Strategy::NextCard | Strategy::Optimal | Strategy::OptimalSeen, Hand::Starboard(h)) => {
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
