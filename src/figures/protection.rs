//! A table's hands read back from the ledger and valued for game
//! protection (`crate::protection`, docs/game-protection.md): a rated
//! player's profile, the game-protection report, and a shift followed hand
//! by hand for the pit. The ledger gives the hands (from the shuffle that
//! began the shoe, so the cards seen before the first hand wanted count)
//! and the figures recorded with them; the tracking and solving are here.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};

use crate::engine::card::Decks;
use crate::engine::hand::GameKind;
use crate::engine::table::FinishedHand;
use crate::ids::{HandId, ShiftId, TableId};
use crate::ledger::{Ledger, LedgerError, ShiftHand};
use crate::protection::{
    EdgeTracker, FiguresFrom, FlagSettings, HandEdge, PlayerProtection, Profile, ProtectionReport,
    SeatPlay, SeatProtection, TableProtection, Tally,
};
use crate::rating::{Period, Player, Rater, SessionPlay};
use crate::simulate::Strategy;

/// Game protection's reads of a ledger: its hands valued (from their
/// recorded figures where these fit, solved otherwise) and added up.
pub trait ProtectionReads {
    /// What `plays`' Rocket hands show about the player (their bets against
    /// the edge, their decisions against the best play for the cards
    /// left), over `seconds` of time on game; `None` with no Rocket hand.
    fn protection_profile(
        &self,
        plays: &[SessionPlay],
        seconds: i64,
        settings: &FlagSettings,
    ) -> Result<Option<Profile>, LedgerError>;

    /// `plays`' Rocket hands added up for [`Tally::profile`] (tallies of
    /// several ledgers add up with `+=`); `None` with no Rocket hand.
    fn protection_tally(&self, plays: &[SessionPlay]) -> Result<Option<Tally>, LedgerError>;

    /// The game-protection report of the Rocket hands started in `period`,
    /// each hand's figures taken as `figures` says.
    fn protection_report(
        &self,
        period: Period,
        settings: FlagSettings,
        figures: FiguresFrom,
    ) -> Result<ProtectionReport, LedgerError>;

    /// Brings `watch` up to `table`'s latest hand in `shift` (a watch of
    /// another table or shift starts again, from the shuffle before the
    /// shift's first hand) and adds up the shift's seats and rated players.
    fn follow_shift(
        &self,
        watch: &mut Option<ShiftWatch>,
        table: TableId,
        shift: ShiftId,
    ) -> Result<ShiftProtection, LedgerError>;
}

/// Each of `hands`' figures (in order, `None` for a Starboard hand),
/// from their recorded rows where these match (unless `from` says the
/// cards alone), solved otherwise, by `tracker`, which must have
/// followed the table up to the first.
fn value_hands(
    ledger: &Ledger,
    tracker: &mut EdgeTracker,
    hands: &[(HandId, FinishedHand)],
    from: FiguresFrom,
) -> Result<Vec<Option<HandEdge>>, LedgerError> {
    let (Some((first, _)), Some((last, _))) = (hands.first(), hands.last()) else {
        return Ok(Vec::new());
    };
    let recorded = match from {
        FiguresFrom::Recorded => ledger.recorded_edges(*first, *last)?,
        FiguresFrom::Cards => HashMap::new(),
    };
    Ok(tracker.track_all_recorded(hands.iter().map(|(_, hand)| hand), &recorded))
}

impl ProtectionReads for Ledger {
    fn protection_profile(
        &self,
        plays: &[SessionPlay],
        seconds: i64,
        settings: &FlagSettings,
    ) -> Result<Option<Profile>, LedgerError> {
        Ok(self
            .protection_tally(plays)?
            .map(|tally| tally.profile(seconds, settings)))
    }

    fn protection_tally(&self, plays: &[SessionPlay]) -> Result<Option<Tally>, LedgerError> {
        let mut edges = HashMap::new();
        for play in rocket_plays(plays) {
            let (Some(first), Some(last)) = (
                play.hands.iter().map(|h| h.hand_id).min(),
                play.hands.iter().map(|h| h.hand_id).max(),
            ) else {
                continue;
            };
            let hands = self.table_hands_from_shuffle(play.session.table_id, first, last)?;
            let valued = value_hands(self, &mut EdgeTracker::new(), &hands, FiguresFrom::Recorded)?;
            for ((id, _), edge) in hands.into_iter().zip(valued) {
                if let Some(edge) = edge {
                    edges.insert(id, edge);
                }
            }
        }
        Ok(tally_of(plays, &edges))
    }

    fn protection_report(
        &self,
        period: Period,
        settings: FlagSettings,
        figures: FiguresFrom,
    ) -> Result<ProtectionReport, LedgerError> {
        let found = self.rocket_tables(period)?;
        let mut tables = Vec::new();
        let mut edges = HashMap::new();
        for (table, name, first, last) in found {
            tables.push(table_protection(
                self,
                table,
                name,
                (first, last),
                (settings, figures),
                &mut edges,
            )?);
        }
        let mut players = Vec::new();
        let now = self.clock_now();
        for player in self.rated_players(period)? {
            let plays = self.rating_play(&player.card, period)?;
            let seconds = Rater::new(Strategy::Optimal)
                .rate(&plays, period, now)
                .seconds;
            if let Some(profile) = tally_of(&plays, &edges).map(|t| t.profile(seconds, &settings)) {
                let points = played_hands(&plays, &edges)
                    .filter_map(|(edge, seat)| Some((seat.bet_units, -edge.house_edge?)))
                    .collect();
                players.push(PlayerProtection {
                    card: player.card,
                    name: player.name,
                    profile,
                    points,
                });
            }
        }
        Ok(ProtectionReport {
            period,
            settings,
            tables,
            players,
            printed_at: now,
        })
    }

    fn follow_shift(
        &self,
        watch: &mut Option<ShiftWatch>,
        table: TableId,
        shift: ShiftId,
    ) -> Result<ShiftProtection, LedgerError> {
        if watch
            .as_ref()
            .is_some_and(|w| (w.table, w.shift) != (table, shift))
        {
            *watch = None;
        }
        let after = watch.as_ref().and_then(|w| w.last).unwrap_or(HandId(0));
        let new = self.shift_hands_after(table, shift, after)?;
        let watch = watch.get_or_insert_with(|| ShiftWatch {
            table,
            shift,
            tracker: EdgeTracker::new(),
            last: None,
            hands: Vec::new(),
        });
        if let (Some(first), Some(last)) = (new.first(), new.last()) {
            let hands = match watch.last {
                Some(tracked) => self.table_hands_between(table, HandId(tracked.0 + 1), last.id)?,
                None => self.table_hands_from_shuffle(table, first.id, last.id)?,
            };
            let times: HashMap<HandId, &ShiftHand> =
                new.iter().map(|hand| (hand.id, hand)).collect();
            let edges = value_hands(self, &mut watch.tracker, &hands, FiguresFrom::Recorded)?;
            for ((id, hand), edge) in hands.into_iter().zip(edges) {
                watch.last = Some(id);
                if let (Some(edge), Some(row)) = (edge, times.get(&id)) {
                    let (started_at, ended_at) = row.times()?;
                    watch.hands.push(TrackedHand {
                        id,
                        started_at,
                        ended_at,
                        decks: hand.setup.decks,
                        edge,
                    });
                }
            }
        }
        shift_protection(self, watch)
    }
}

/// One table's seats and shuffles over its hands `first` to `last`,
/// adding each hand's edge to `edges`.
fn table_protection(
    ledger: &Ledger,
    table: TableId,
    name: String,
    (first, last): (HandId, HandId),
    (settings, from): (FlagSettings, FiguresFrom),
    edges: &mut HashMap<HandId, HandEdge>,
) -> Result<TableProtection, LedgerError> {
    let voided = ledger.voided_between(first, last)?;
    let mut tracker = EdgeTracker::new();
    let mut seats: BTreeMap<u8, (Tally, Vec<(u64, f64)>)> = BTreeMap::new();
    let mut first_number = None;
    let hands = ledger.table_hands_from_shuffle(table, first, last)?;
    let valued = value_hands(ledger, &mut tracker, &hands, from)?;
    let mut counted = Vec::new();
    for ((id, hand), edge) in hands.into_iter().zip(valued) {
        if id < first {
            continue;
        }
        first_number.get_or_insert(hand.setup.number);
        let Some(edge) = edge else {
            continue;
        };
        if !voided.contains(&id) {
            counted.push(id);
        }
        edges.insert(id, edge);
    }
    // Every seat that played is followed over every hand, empty or not.
    let counted: Vec<&HandEdge> = counted.iter().filter_map(|id| edges.get(id)).collect();
    for edge in &counted {
        for play in &edge.seats {
            seats.entry(play.seat).or_default();
        }
    }
    for edge in counted {
        for (&seat, (tally, points)) in seats.iter_mut() {
            match edge.seats.iter().find(|play| play.seat == seat) {
                Some(play) => {
                    tally.add(edge.house_edge, play);
                    if let Some(house_edge) = edge.house_edge {
                        points.push((play.bet_units, -house_edge));
                    }
                }
                None => tally.add_empty(edge.house_edge),
            }
        }
    }
    let from_number = first_number.unwrap_or(u64::MAX);
    Ok(TableProtection {
        table: name,
        seats: seats
            .into_iter()
            .map(|(seat, (tally, points))| SeatProtection {
                seat,
                profile: tally.profile(0, &settings),
                points,
            })
            .collect(),
        shuffles: tracker
            .shuffles()
            .iter()
            .filter(|s| s.before_hand >= from_number)
            .copied()
            .collect(),
    })
}

/// The Rocket sessions among `plays`.
fn rocket_plays(plays: &[SessionPlay]) -> impl Iterator<Item = &SessionPlay> {
    plays.iter().filter(|p| p.session.game == GameKind::Rocket)
}

/// `plays`' Rocket hands that were not voided and had an edge at the bet,
/// with the player's seat's play in each, from each hand's `edges`.
fn played_hands<'a>(
    plays: &'a [SessionPlay],
    edges: &'a HashMap<HandId, HandEdge>,
) -> impl Iterator<Item = (&'a HandEdge, &'a SeatPlay)> {
    rocket_plays(plays).flat_map(move |play| {
        play.hands
            .iter()
            .filter(|h| !h.voided)
            .filter_map(move |hand| {
                let edge = edges.get(&hand.hand_id)?;
                let seat = edge.seats.iter().find(|s| s.seat == play.session.seat)?;
                Some((edge, seat))
            })
    })
}

/// `plays`' Rocket hands that were not voided added up, from each hand's
/// `edges`; `None` with no Rocket hand.
fn tally_of(plays: &[SessionPlay], edges: &HashMap<HandId, HandEdge>) -> Option<Tally> {
    let any = rocket_plays(plays).any(|play| !play.hands.is_empty());
    let mut tally = Tally::default();
    // Each session a run of its own: its first hand has no previous one.
    for play in rocket_plays(plays) {
        tally.end_run();
        for (edge, seat) in played_hands(std::slice::from_ref(play), edges) {
            tally.add(edge.house_edge, seat);
        }
    }
    any.then_some(tally)
}

/// A table's shift followed hand by hand for the pit view
/// (docs/game-protection.md, "In the pit"): each hand's edge at the bet
/// and decisions' costs are worked out once, when the hand is first read,
/// so a new hand costs one tracker step; the figures are added up again
/// from them (cheap) so a void recorded later still leaves its hand out.
pub struct ShiftWatch {
    table: TableId,
    shift: ShiftId,
    tracker: EdgeTracker,
    /// The table's last hand tracked.
    last: Option<HandId>,
    /// The shift's Rocket hands, in dealing order.
    hands: Vec<TrackedHand>,
}

/// One hand of the shift as the tracker saw it.
struct TrackedHand {
    id: HandId,
    started_at: DateTime<Utc>,
    ended_at: DateTime<Utc>,
    decks: Decks,
    edge: HandEdge,
}

/// One seat's or rated player's hands over a shift, for the pit's mark,
/// plot and skill check (`Tally::profile` gives the figures by the
/// house's thresholds).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Watched {
    /// The hands added up.
    pub tally: Tally,
    /// Time on game, seconds: a seat's from its first hand's start to its
    /// last hand's end; a rated player's as `rating` counts their
    /// sessions in the shift.
    pub seconds: i64,
    /// The par sheet's theo over the same hands (bet × the par edge for
    /// the decks, the best play from a full shoe), units.
    pub par_theo: f64,
    /// (bet in units, player's advantage at the bet) per hand.
    pub points: Vec<(u64, f64)>,
}

impl Watched {
    fn add(&mut self, hand: &TrackedHand, play: &SeatPlay, par_edge: f64) {
        let Some(house_edge) = hand.edge.house_edge else {
            return;
        };
        self.tally.add(Some(house_edge), play);
        self.par_theo += play.bet_units as f64 * par_edge;
        self.points.push((play.bet_units, -house_edge));
    }
}

/// A seat over the shift.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatWatch {
    /// The seat.
    pub seat: u8,
    /// Its hands.
    pub watched: Watched,
}

/// A rated player over the shift at this table.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerWatch {
    /// Who.
    pub player: Player,
    /// The seat of their latest session at the table.
    pub seat: u8,
    /// Their hands.
    pub watched: Watched,
}

/// What the pit shows of a shift's bets against the edge.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShiftProtection {
    /// Each seat that played a Rocket hand with an edge, in seat order.
    pub seats: Vec<SeatWatch>,
    /// Each rated player who did, by card.
    pub players: Vec<PlayerWatch>,
}

/// The watch's hands added up by seat and by rated player.
fn shift_protection(ledger: &Ledger, watch: &ShiftWatch) -> Result<ShiftProtection, LedgerError> {
    let (Some(first), Some(last)) = (watch.hands.first(), watch.hands.last()) else {
        return Ok(ShiftProtection::default());
    };
    let voided = ledger.voided_between(first.id, last.id)?;
    let mut rater = Rater::new(Strategy::Optimal);
    // Each seat's hands and the span of those it played (first start,
    // last end).
    type Span = Option<(DateTime<Utc>, DateTime<Utc>)>;
    let mut seats: BTreeMap<u8, (Watched, Span)> = BTreeMap::new();
    let counted = || watch.hands.iter().filter(|h| !voided.contains(&h.id));
    for hand in counted() {
        for play in &hand.edge.seats {
            seats.entry(play.seat).or_default();
        }
    }
    // Every seat that played is followed over every hand, empty or not.
    for hand in counted() {
        let par_edge = rater.rocket_edge(hand.decks);
        for (&seat, (watched, times)) in seats.iter_mut() {
            match hand.edge.seats.iter().find(|play| play.seat == seat) {
                Some(play) => {
                    watched.add(hand, play, par_edge);
                    let from = times.map_or(hand.started_at, |(from, _)| from);
                    *times = Some((from, hand.ended_at));
                }
                None => watched.tally.add_empty(hand.edge.house_edge),
            }
        }
    }
    let period = Period {
        from: Some(first.started_at),
        to: None,
    };
    let mut players = Vec::new();
    for player in ledger.rated_players(period)? {
        let plays: Vec<SessionPlay> = ledger
            .rating_play(&player.card, period)?
            .into_iter()
            .filter(|p| p.session.table_id == watch.table)
            .collect();
        let mut watched = Watched::default();
        for play in &plays {
            watched.tally.end_run();
            for played in play.hands.iter().filter(|h| !h.voided) {
                let Ok(i) = watch.hands.binary_search_by_key(&played.hand_id, |h| h.id) else {
                    continue;
                };
                let hand = &watch.hands[i];
                if let Some(seat) = hand.edge.seats.iter().find(|s| s.seat == play.session.seat) {
                    watched.add(hand, seat, rater.rocket_edge(hand.decks));
                }
            }
        }
        let Some(latest) = plays.last().filter(|_| !watched.points.is_empty()) else {
            continue;
        };
        watched.seconds = rater.rate(&plays, period, ledger.clock_now()).seconds;
        players.push(PlayerWatch {
            seat: latest.session.seat,
            player,
            watched,
        });
    }
    Ok(ShiftProtection {
        seats: seats
            .into_iter()
            .filter(|(_, (watched, _))| !watched.points.is_empty())
            .map(|(seat, (mut watched, times))| {
                watched.seconds = times.map_or(0, |(from, to)| (to - from).num_seconds());
                SeatWatch { seat, watched }
            })
            .collect(),
        players,
    })
}
