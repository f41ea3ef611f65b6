//! Game protection: what the cards seen since the last shuffle were worth
//! to a player who watched them (docs/game-protection.md).
//!
//! [`EdgeTracker`] walks a table's hands in dealing order, keeping the
//! ranks dealt face up since the last shuffle (burns and cards set aside
//! are face down: unseen), and gives for every Rocket hand the exact house
//! edge at the moment of the bet ([`edge_from_shoe`] of the full shoe less
//! the cards seen) and, for every decision, what each play was worth for
//! the cards left at that moment (the current hand's cards included), so
//! whether it matched the best play and what a mistake cost. It also lists
//! the shuffles, with how deep the shoe was dealt and the edge just before.
//!
//! Worked out from the ledger's cards, the same figures every time. The
//! station works each hand's out as it commits it and the ledger keeps
//! them with the hand ([`RecordedEdge`], the chained `hand_edges` row), so
//! a report reads them instead of solving again; a hand without them (an
//! older ledger), or whose record does not match its decisions, is solved.
//! Pure: no I/O, no clock.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::engine::card::{Decks, Rank, RankSet};
use crate::engine::hand::{Action, CardTo, GameKind, Step};
use crate::engine::shoe::ShoeEvent;
use crate::engine::table::{FinishedHand, HandEvent};
use crate::par::rocket::{DecisionSolver, ShoeCounts, ShoeEdge, edge_from_shoe};

mod flag;
pub use flag::{FlagSettings, FlagSettingsError, Profile, Tally, upper_tail};

pub use crate::hand_edges::{DecisionBasis, DecisionCost, RecordedEdge, RecordedEdgeError};

/// One Rocket hand seen by the tracker.
#[derive(Clone, Debug, PartialEq)]
pub struct HandEdge {
    /// The hand's number at its table.
    pub number: u64,
    /// The house edge (a fraction of the bet, negative when the player
    /// has the advantage) for the cards left when the bets were made;
    /// `None` when too few cards were left for the model to deal a hand.
    pub house_edge: Option<f64>,
    /// Each seat's bet and decisions, in seat order.
    pub seats: Vec<SeatPlay>,
}

/// What one seat bet and decided in a hand.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatPlay {
    /// The seat.
    pub seat: u8,
    /// The bet, in table units.
    pub bet_units: u64,
    /// The seat's result in the hand, table units (positive: the player
    /// won), which a player who bets by their results bets after.
    pub net_units: i64,
    /// Its decisions in the order they were taken.
    pub decisions: Vec<DecisionCost>,
}

impl SeatPlay {
    /// What this seat's mistakes in the hand were expected to cost it, in
    /// table units (bet × the value given away at each).
    pub fn mistakes_cost_units(&self) -> f64 {
        self.bet_units as f64 * self.decisions.iter().map(|d| d.cost).sum::<f64>()
    }
}

impl HandEdge {
    /// The figures as the ledger's `hand_edges` row keeps them
    /// (docs/ledger.md): the house edge's text and the decisions' text.
    pub fn recorded(&self) -> RecordedEdge {
        RecordedEdge {
            house_edge: self.house_edge,
            basis: DecisionBasis::AtBet,
            decisions: self
                .seats
                .iter()
                .flat_map(|play| play.decisions.iter().map(|d| (play.seat, *d)))
                .collect(),
        }
    }
}

/// Where a report takes each hand's figures from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FiguresFrom {
    /// The figures the station recorded with the hand where they match its
    /// decisions; the hand's cards otherwise.
    #[default]
    Recorded,
    /// The hands' cards alone, every hand solved again: for checking that
    /// the recorded figures are the ones the cards give.
    Cards,
}

/// A shuffle at the start of a hand (not one of a shoe that ran out in the
/// middle of a hand).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShuffleSeen {
    /// The number of the hand it came before.
    pub before_hand: u64,
    /// Cards taken from the shoe since the shuffle before (burns and cards
    /// set aside included).
    pub cards_taken: u32,
    /// The cards the house rules' penetration lets out before the cut card
    /// (`penetration_permille` of the shuffled stack, rounded up).
    pub cut_card_at: u32,
    /// Cards taken before the last hand dealt from the shoe began: at or
    /// past the cut card, a hand was dealt after the shuffle was due.
    pub taken_before_last_hand: u32,
    /// The house edge for the cards left just before the shuffle; `None`
    /// when too few were left for the model.
    pub house_edge: Option<f64>,
}

impl ShuffleSeen {
    /// Whether the shoe was shuffled before the cut card came out.
    pub fn before_cut_card(&self) -> bool {
        self.cards_taken < self.cut_card_at
    }

    /// Whether more cards came out than the cut card allows: the cut card
    /// was placed deeper than the house's penetration.
    /// (The hand in which the cut card comes out is finished, so only a
    /// hand begun with the cut card already out counts.)
    pub fn deeper_than_penetration(&self) -> bool {
        self.taken_before_last_hand >= self.cut_card_at
    }
}

/// A shuffle as the hand's events give it.
struct Shuffle {
    hand: u64,
    mid_hand: bool,
    stack_cards: u32,
    penetration_permille: u16,
}

/// Walks one table's hands in dealing order (see the module's comment).
pub struct EdgeTracker {
    decks: Option<Decks>,
    /// Ranks dealt face up since the last shuffle.
    seen: [u32; 10],
    /// Cards taken from the shoe since the last shuffle, face down included;
    /// `None` before the first shuffle the tracker saw.
    taken: Option<u32>,
    /// `taken` when the last hand's first card was dealt.
    taken_at_hand_start: u32,
    /// The cards in the stack last shuffled.
    stack_cards: u32,
    /// Solves for [`EdgeTracker::track`], reused from hand to hand.
    solver: Solver,
    /// The shuffles seen, each with the cards left just before it.
    shuffles: Vec<ShuffleSeen>,
    /// Shuffles not yet valued: their index in `shuffles`, the cards left.
    unvalued_shuffles: Vec<(usize, Option<ShoeCounts>)>,
    /// The seats whose decisions are valued (`None`: every seat's).
    decision_seats: Option<Vec<u8>>,
}

impl std::fmt::Debug for EdgeTracker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EdgeTracker")
            .field("decks", &self.decks)
            .field("seen", &self.seen)
            .field("taken", &self.taken)
            .finish_non_exhaustive()
    }
}

/// One Rocket hand followed but not yet valued: the cards left at each
/// moment that matters, so any thread can value it.
struct PlannedHand {
    number: u64,
    /// The cards left when the bets were made.
    at_bet: Option<ShoeCounts>,
    seats: Vec<PlannedSeat>,
}

struct PlannedSeat {
    seat: u8,
    bet_units: u64,
    net_units: i64,
    decisions: Vec<PlannedDecision>,
}

/// A decision: the cards it is judged for, with the seat's and the
/// dealer's stacks in them (the model's states take both out of the shoe
/// they start from): the cards left at the bet ([`DecisionBasis::AtBet`]),
/// or, after the shoe ran out within the hand, the cards left at the
/// decision with the stacks back in; the stacks, and what was done.
struct PlannedDecision {
    shoe: Option<ShoeCounts>,
    player: RankSet,
    dealer: RankSet,
    action: Action,
}

impl PlannedDecision {
    /// Whether the model values this decision (a Rocket play from cards it
    /// can deal from), which the solve decides without solving.
    fn valued(&self) -> bool {
        matches!(self.action, Action::Hit | Action::Fold)
            && self
                .shoe
                .is_some_and(|shoe| DecisionSolver::can_value(&shoe, self.player, self.dealer))
    }
}

impl PlannedHand {
    /// The hand's figures from `recorded`, if it holds exactly what the
    /// solve would value: an edge at the bet where the model has one, and
    /// each seat's valued decisions with the actions taken, in order.
    fn fitting(&self, recorded: &RecordedEdge) -> Option<HandEdge> {
        if recorded.house_edge.is_some() != self.at_bet.is_some()
            || recorded.basis != DecisionBasis::AtBet
        {
            return None;
        }
        let mut entries = recorded.decisions.iter();
        let mut seats = Vec::with_capacity(self.seats.len());
        for seat in &self.seats {
            let mut decisions = Vec::with_capacity(seat.decisions.len());
            for planned in seat.decisions.iter().filter(|d| d.valued()) {
                let &(at, decision) = entries.next()?;
                if at != seat.seat || decision.action != planned.action {
                    return None;
                }
                decisions.push(decision);
            }
            seats.push(SeatPlay {
                seat: seat.seat,
                bet_units: seat.bet_units,
                net_units: seat.net_units,
                decisions,
            });
        }
        entries.next().is_none().then_some(HandEdge {
            number: self.number,
            house_edge: recorded.house_edge,
            seats,
        })
    }
}

/// The exact solves behind the figures, with their memory.
struct Solver {
    /// House edges by the counts left (the same counts give the same edge).
    edges: HashMap<[u32; 10], f64>,
    whole: Option<ShoeEdge>,
    decisions: DecisionSolver,
}

impl Solver {
    fn new() -> Solver {
        Solver {
            edges: HashMap::new(),
            whole: None,
            decisions: DecisionSolver::new(),
        }
    }

    /// The house edge for the cards left (memoised by the counts).
    fn house_edge(&mut self, shoe: Option<ShoeCounts>) -> Option<f64> {
        let shoe = shoe?;
        if let Some(&edge) = self.edges.get(&shoe.copies()) {
            return Some(edge);
        }
        let edge = match &mut self.whole {
            Some(whole) => {
                whole.solve(&shoe);
                whole.house_edge()
            }
            None => self.whole.insert(edge_from_shoe(&shoe)).house_edge(),
        };
        self.edges.insert(shoe.copies(), edge);
        Some(edge)
    }

    /// What the decision was worth against the best play for its cards.
    fn decision_cost(&mut self, decision: &PlannedDecision) -> Option<DecisionCost> {
        let values = self
            .decisions
            .values(&decision.shoe?, decision.player, decision.dealer)?;
        let best = if values.hits() {
            Action::Hit
        } else {
            Action::Fold
        };
        let done = match decision.action {
            Action::Hit => values.hit,
            Action::Fold => values.fold,
            Action::Draw | Action::Lock => return None,
        };
        Some(DecisionCost {
            action: decision.action,
            best,
            cost: (values.hit.max(values.fold) - done).max(0.0),
        })
    }

    fn value(&mut self, hand: &PlannedHand) -> HandEdge {
        HandEdge {
            number: hand.number,
            house_edge: self.house_edge(hand.at_bet),
            seats: hand
                .seats
                .iter()
                .map(|seat| SeatPlay {
                    seat: seat.seat,
                    bet_units: seat.bet_units,
                    net_units: seat.net_units,
                    decisions: seat
                        .decisions
                        .iter()
                        .filter_map(|d| self.decision_cost(d))
                        .collect(),
                })
                .collect(),
        }
    }
}

impl Default for EdgeTracker {
    fn default() -> Self {
        EdgeTracker::new()
    }
}

impl EdgeTracker {
    /// A tracker that has seen nothing yet: start it at a hand that begins
    /// with a shuffle (or at a table's first hand) for exact figures.
    pub fn new() -> EdgeTracker {
        EdgeTracker {
            decks: None,
            seen: [0; 10],
            taken: None,
            taken_at_hand_start: 0,
            stack_cards: 0,
            solver: Solver::new(),
            shuffles: Vec::new(),
            unvalued_shuffles: Vec::new(),
            decision_seats: None,
        }
    }

    /// Values the decisions of `seats` only (every seat's bet still gets its
    /// edge): for looking at some players among many, which is cheaper.
    pub fn valuing_decisions_of(mut self, seats: &[u8]) -> EdgeTracker {
        self.decision_seats = Some(seats.to_vec());
        self
    }

    /// The shuffles at the start of hands seen so far, in order.
    pub fn shuffles(&self) -> &[ShuffleSeen] {
        &self.shuffles
    }

    /// Follows `hand`'s cards; for a Rocket hand, its edge at the bet and
    /// every decision's cost (`None` for a Starboard hand).
    pub fn track(&mut self, hand: &FinishedHand) -> Option<HandEdge> {
        let planned = self.follow(hand);
        for (index, shoe) in self.unvalued_shuffles.drain(..) {
            self.shuffles[index].house_edge = self.solver.house_edge(shoe);
        }
        planned.map(|planned| self.solver.value(&planned))
    }

    /// [`EdgeTracker::track`] of each of `hands` in turn, the same figures,
    /// with the solves spread over every core: for a report of many hands.
    pub fn track_all<'a>(
        &mut self,
        hands: impl IntoIterator<Item = &'a FinishedHand>,
    ) -> Vec<Option<HandEdge>> {
        self.track_all_recorded(hands, &HashMap::new())
    }

    /// [`EdgeTracker::track_all`], taking a hand's figures from `recorded`
    /// (by hand number) where they match its decisions, solving the rest.
    pub fn track_all_recorded<'a>(
        &mut self,
        hands: impl IntoIterator<Item = &'a FinishedHand>,
        recorded: &HashMap<u64, RecordedEdge>,
    ) -> Vec<Option<HandEdge>> {
        let planned: Vec<Option<PlannedHand>> = hands.into_iter().map(|h| self.follow(h)).collect();
        let shuffles = std::mem::take(&mut self.unvalued_shuffles);
        let edges: Vec<(usize, Option<f64>)> = shuffles
            .into_par_iter()
            .map_init(Solver::new, |solver, (index, shoe)| {
                (index, solver.house_edge(shoe))
            })
            .collect();
        for (index, edge) in edges {
            self.shuffles[index].house_edge = edge;
        }
        let known: Vec<Option<HandEdge>> = planned
            .iter()
            .map(|planned| {
                let planned = planned.as_ref()?;
                planned.fitting(recorded.get(&planned.number)?)
            })
            .collect();
        // A worker's solver (megabytes) is made only if it has a hand to
        // solve: a report of recorded hands makes none.
        planned
            .par_iter()
            .zip(known)
            .map_init(
                || None,
                |solver: &mut Option<Solver>, (planned, known)| {
                    known.or_else(|| {
                        let planned = planned.as_ref()?;
                        Some(solver.get_or_insert_with(Solver::new).value(planned))
                    })
                },
            )
            .collect()
    }

    /// Follows `hands`' cards without valuing them: brings a tracker up to
    /// a table's last hand (from the shuffle before it) so that the next
    /// hand's figures are right.
    pub fn catch_up<'a>(&mut self, hands: impl IntoIterator<Item = &'a FinishedHand>) {
        for hand in hands {
            self.follow(hand);
        }
        self.unvalued_shuffles.clear();
    }

    /// Follows `hand`'s cards, noting the cards left at its bet and at each
    /// decision (and before each shuffle), for a Rocket hand.
    fn follow(&mut self, hand: &FinishedHand) -> Option<PlannedHand> {
        let setup = &hand.setup;
        if self.decks != Some(setup.decks) {
            self.decks = Some(setup.decks);
            self.seen = [0; 10];
            self.taken = None;
        }
        let rocket = setup.game == GameKind::Rocket;
        let mut seats: Vec<PlannedSeat> = setup
            .seats
            .iter()
            .map(|&(seat, bet_units)| PlannedSeat {
                seat,
                bet_units,
                net_units: hand.hand.net(seat).unwrap_or(0),
                decisions: Vec::new(),
            })
            .collect();
        let mut stacks: Vec<RankSet> = vec![RankSet::EMPTY; seats.len()];
        let mut dealer = RankSet::EMPTY;
        let mut in_play = [0u32; 10];
        let mut at_bet = None;
        let mut dealt_any = false;
        // Once the shoe runs out within the hand, the cards come from a new
        // stack: later decisions are judged for the cards left then.
        let mut reshuffled = false;
        for event in &hand.events {
            match event {
                // A shoe carried on after a restart: the count goes on.
                HandEvent::Shoe(ShoeEvent::Shuffled(commitment))
                    if self.continues(commitment.cards, in_play) => {}
                HandEvent::Shoe(ShoeEvent::Shuffled(commitment)) => {
                    let shuffle = Shuffle {
                        hand: setup.number,
                        mid_hand: commitment.mid_hand,
                        stack_cards: u32::from(commitment.cards),
                        penetration_permille: setup.rules.penetration_permille,
                    };
                    self.shuffled(shuffle, in_play);
                    reshuffled |= dealt_any;
                }
                HandEvent::ExternalShuffle { mid_hand } => {
                    let shuffle = Shuffle {
                        hand: setup.number,
                        mid_hand: *mid_hand,
                        stack_cards: u32::from(setup.decks.cards()),
                        penetration_permille: setup.rules.penetration_permille,
                    };
                    self.shuffled(shuffle, in_play);
                    reshuffled |= dealt_any;
                }
                HandEvent::Shoe(ShoeEvent::Burned { .. })
                | HandEvent::ExternalBurn { .. }
                | HandEvent::SetAside { .. } => self.take_unseen(),
                HandEvent::Shoe(ShoeEvent::Revealed(_)) => {}
                HandEvent::Card { rank, step, .. } => {
                    if !dealt_any {
                        self.taken_at_hand_start = self.taken.unwrap_or(0);
                        if rocket {
                            at_bet = self.cards_left(None);
                        }
                    }
                    dealt_any = true;
                    self.see(*rank);
                    if let Step::Card { to, discarded, .. } = step
                        && !discarded
                    {
                        in_play[rank.index()] += 1;
                        match to {
                            CardTo::Seat(seat) => {
                                if let Some(i) = seats.iter().position(|s| s.seat == *seat) {
                                    stacks[i].insert(*rank);
                                }
                            }
                            CardTo::Dealer => {
                                dealer.insert(*rank);
                            }
                            CardTo::Common { .. } => {}
                        }
                    }
                }
                HandEvent::Decision { step } => {
                    let Step::Decision { seat, action } = step else {
                        continue;
                    };
                    if !rocket {
                        continue;
                    }
                    let Some(i) = seats.iter().position(|s| s.seat == *seat) else {
                        continue;
                    };
                    if self
                        .decision_seats
                        .as_ref()
                        .is_some_and(|valued| !valued.contains(seat))
                    {
                        continue;
                    }
                    seats[i].decisions.push(PlannedDecision {
                        shoe: if reshuffled {
                            self.cards_left(Some((stacks[i], dealer)))
                        } else {
                            at_bet
                        },
                        player: stacks[i],
                        dealer,
                        action: *action,
                    });
                }
            }
        }
        rocket.then_some(PlannedHand {
            number: setup.number,
            at_bet,
            seats,
        })
    }

    fn see(&mut self, rank: Rank) {
        self.seen[rank.index()] += 1;
        self.take_unseen();
    }

    fn take_unseen(&mut self) {
        if let Some(taken) = &mut self.taken {
            *taken += 1;
        }
    }

    /// A shuffle: the cards seen are back in the shoe, but for the cards
    /// in play when a shoe that ran out in the middle of a hand is
    /// shuffled (only the discards go back).
    /// Whether a shuffle of `cards` cards carries the shoe on after a
    /// restart (`ShoeCount::continues`): exactly the cards not yet taken,
    /// fewer than those not in play.
    fn continues(&self, cards: u16, in_play: [u32; 10]) -> bool {
        let (Some(taken), Some(decks)) = (self.taken, self.decks) else {
            return false;
        };
        let cards = u32::from(cards);
        cards == self.stack_cards.saturating_sub(taken)
            && cards + in_play.iter().sum::<u32>() != u32::from(decks.cards())
    }

    fn shuffled(&mut self, shuffle: Shuffle, in_play: [u32; 10]) {
        if shuffle.mid_hand {
            self.seen = in_play;
            self.taken = Some(0);
            self.stack_cards = shuffle.stack_cards;
            return;
        }
        if let Some(taken) = self.taken
            && taken > 0
        {
            let cut_card_at =
                (self.stack_cards * u32::from(shuffle.penetration_permille)).div_ceil(1000);
            self.unvalued_shuffles
                .push((self.shuffles.len(), self.cards_left(None)));
            self.shuffles.push(ShuffleSeen {
                before_hand: shuffle.hand,
                cards_taken: taken,
                cut_card_at,
                taken_before_last_hand: self.taken_at_hand_start,
                house_edge: None,
            });
        }
        self.seen = [0; 10];
        self.taken = Some(0);
        self.stack_cards = shuffle.stack_cards;
    }

    /// The shoe's counts less the cards seen, with `back` returned to it.
    fn cards_left(&self, back: Option<(RankSet, RankSet)>) -> Option<ShoeCounts> {
        let decks = self.decks?;
        let full = ShoeCounts::full(decks).copies();
        let mut left = [0u32; 10];
        for rank in Rank::ALL {
            let i = rank.index();
            let returned = back.map_or(0, |(player, dealer)| {
                u32::from(player.contains(rank)) + u32::from(dealer.contains(rank))
            });
            left[i] = (full[i] + returned).checked_sub(self.seen[i])?;
        }
        ShoeCounts::new(left).ok()
    }
}

/// The game-protection report of a period (docs/game-protection.md): each
/// table's seats and shuffles, and each rated player.
#[derive(Clone, Debug, PartialEq)]
pub struct ProtectionReport {
    /// The period: hands started in it.
    pub period: crate::period::Period,
    /// The thresholds the flags were set by.
    pub settings: FlagSettings,
    /// Each table with Rocket hands in the period, by table id.
    pub tables: Vec<TableProtection>,
    /// Each rated player with Rocket hands in the period, by card.
    pub players: Vec<PlayerProtection>,
    /// When it was made.
    pub printed_at: chrono::DateTime<chrono::Utc>,
}

impl ProtectionReport {
    /// How many seats and rated players are flagged.
    pub fn flagged(&self) -> usize {
        let seats = self.tables.iter().flat_map(|t| &t.seats);
        seats.filter(|s| s.profile.flagged).count()
            + self.players.iter().filter(|p| p.profile.flagged).count()
    }
}

/// One table over the period.
#[derive(Clone, Debug, PartialEq)]
pub struct TableProtection {
    /// The table's name.
    pub table: String,
    /// Each seat that played, in seat order, with its (bet, player's
    /// advantage) points for the plot.
    pub seats: Vec<SeatProtection>,
    /// The shuffles at the start of the period's hands.
    pub shuffles: Vec<ShuffleSeen>,
}

/// One seat of a table over the period.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatProtection {
    /// The seat.
    pub seat: u8,
    /// Its figures (time on game unknown for a seat: no hourly figure).
    pub profile: Profile,
    /// (bet in units, player's advantage at the bet) per hand.
    pub points: Vec<(u64, f64)>,
}

/// One rated player over the period.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerProtection {
    /// The player's card.
    pub card: String,
    /// Their name, if enrolled with one.
    pub name: Option<String>,
    /// Their figures over their Rocket sessions.
    pub profile: Profile,
    /// (bet in units, player's advantage at the bet) per hand, for the plot.
    pub points: Vec<(u64, f64)>,
}
