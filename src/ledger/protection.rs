//! A table's hands read back in dealing order for game protection
//! (`crate::protection`, docs/game-protection.md): from the shuffle that
//! began the shoe, so the cards seen before the first hand wanted count.

use std::collections::{BTreeMap, HashMap, HashSet};

use rusqlite::OptionalExtension;

use super::{Ledger, LedgerError, timestamp};
use crate::engine::hand::GameKind;
use crate::engine::table::FinishedHand;
use crate::ids::{HandId, TableId};
use crate::protection::{
    EdgeTracker, FlagSettings, HandEdge, PlayerProtection, Profile, ProtectionReport, SeatProtection,
    TableProtection, Tally,
};
use crate::rating::{Period, Rater, SessionPlay};
use crate::simulate::Strategy;

impl Ledger {
    /// `table`'s hands from the last shuffle at or before hand `first` (not
    /// one of a shoe that ran out in the middle of a hand) to hand `last`,
    /// in dealing order, voided hands included (their cards were seen).
    pub fn table_hands_from_shuffle(
        &self,
        table: TableId,
        first: HandId,
        last: HandId,
    ) -> Result<Vec<(HandId, FinishedHand)>, LedgerError> {
        let start: Option<i64> = self
            .conn
            .query_row(
                "SELECT MAX(h.id) FROM hands h WHERE h.table_id = ?1 AND h.id <= ?2 AND ( \
                   EXISTS (SELECT 1 FROM shuffles s WHERE s.hand_id = h.id AND s.mid_hand = 0) \
                   OR EXISTS (SELECT 1 FROM external_shuffles e WHERE e.hand_id = h.id AND e.mid_hand = 0))",
                rusqlite::params![table, first],
                |r| r.get(0),
            )
            .optional()?
            .flatten();
        let mut statement = self.conn.prepare_cached(
            "SELECT id FROM hands WHERE table_id = ?1 AND id BETWEEN ?2 AND ?3 ORDER BY id",
        )?;
        let ids = statement
            .query_map(
                rusqlite::params![table, start.unwrap_or(first.0), last],
                |r| r.get::<_, i64>(0),
            )?
            .collect::<Result<Vec<_>, _>>()?;
        ids.into_iter()
            .map(|id| Ok((HandId(id), self.load_hand(HandId(id))?)))
            .collect()
    }

    /// What `plays`' Rocket hands show about the player (their bets against
    /// the edge, their decisions against the best play for the cards
    /// left), over `seconds` of time on game; `None` with no Rocket hand.
    pub fn protection_profile(
        &self,
        plays: &[SessionPlay],
        seconds: i64,
        settings: &FlagSettings,
    ) -> Result<Option<Profile>, LedgerError> {
        let mut edges = HashMap::new();
        for play in rocket_plays(plays) {
            let (Some(first), Some(last)) = (
                play.hands.iter().map(|h| h.hand_id).min(),
                play.hands.iter().map(|h| h.hand_id).max(),
            ) else {
                continue;
            };
            let hands = self.table_hands_from_shuffle(play.session.table_id, first, last)?;
            let valued = EdgeTracker::new().track_all(hands.iter().map(|(_, hand)| hand));
            for ((id, _), edge) in hands.into_iter().zip(valued) {
                if let Some(edge) = edge {
                    edges.insert(id, edge);
                }
            }
        }
        Ok(profile_of(plays, &edges, seconds, settings))
    }
}

/// The Rocket sessions among `plays`.
fn rocket_plays(plays: &[SessionPlay]) -> impl Iterator<Item = &SessionPlay> {
    plays.iter().filter(|p| p.session.game == GameKind::Rocket)
}

/// The profile of `plays`' Rocket hands that were not voided, from each
/// hand's `edges`; `None` with no Rocket hand.
fn profile_of(
    plays: &[SessionPlay],
    edges: &HashMap<HandId, HandEdge>,
    seconds: i64,
    settings: &FlagSettings,
) -> Option<Profile> {
    let mut tally = Tally::default();
    let mut any = false;
    for play in rocket_plays(plays) {
        any |= !play.hands.is_empty();
        for hand in play.hands.iter().filter(|h| !h.voided) {
            if let Some(edge) = edges.get(&hand.hand_id)
                && let Some(seat) = edge.seats.iter().find(|s| s.seat == play.session.seat)
            {
                tally.add(edge.house_edge, seat);
            }
        }
    }
    any.then(|| tally.profile(seconds, settings))
}

impl Ledger {
    /// The game-protection report of the Rocket hands started in `period`.
    pub fn protection_report(
        &self,
        period: Period,
        settings: FlagSettings,
    ) -> Result<ProtectionReport, LedgerError> {
        let (from, to) = (period.from.map(timestamp), period.to.map(timestamp));
        let mut statement = self.conn.prepare(
            "SELECT h.table_id, t.name, MIN(h.id), MAX(h.id) FROM hands h JOIN tables t ON t.id = h.table_id \
             WHERE h.game = 'rocket' AND (?1 IS NULL OR h.started_at >= ?1) AND (?2 IS NULL OR h.started_at < ?2) \
             GROUP BY h.table_id ORDER BY h.table_id",
        )?;
        let found = statement
            .query_map(rusqlite::params![from, to], |r| {
                Ok((
                    TableId(r.get(0)?),
                    r.get::<_, String>(1)?,
                    HandId(r.get(2)?),
                    HandId(r.get(3)?),
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut tables = Vec::new();
        let mut edges = HashMap::new();
        for (table, name, first, last) in found {
            tables.push(self.table_protection(table, name, (first, last), settings, &mut edges)?);
        }
        let mut players = Vec::new();
        let now = self.clock_now();
        for player in self.rated_players(period)? {
            let plays = self.rating_play(&player.card, period)?;
            let seconds = Rater::new(Strategy::Optimal)
                .rate(&plays, period, now)
                .seconds;
            if let Some(profile) = profile_of(&plays, &edges, seconds, &settings) {
                players.push(PlayerProtection {
                    card: player.card,
                    name: player.name,
                    profile,
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

    /// One table's seats and shuffles over its hands `first` to `last`,
    /// adding each hand's edge to `edges`.
    fn table_protection(
        &self,
        table: TableId,
        name: String,
        (first, last): (HandId, HandId),
        settings: FlagSettings,
        edges: &mut HashMap<HandId, HandEdge>,
    ) -> Result<TableProtection, LedgerError> {
        let mut voids = self
            .conn
            .prepare_cached("SELECT hand_id FROM voids WHERE hand_id BETWEEN ?1 AND ?2")?;
        let voided = voids
            .query_map([first, last], |r| r.get::<_, i64>(0))?
            .collect::<Result<HashSet<_>, _>>()?;
        let mut tracker = EdgeTracker::new();
        let mut seats: BTreeMap<u8, (Tally, Vec<(u64, f64)>)> = BTreeMap::new();
        let mut first_number = None;
        let hands = self.table_hands_from_shuffle(table, first, last)?;
        let valued = tracker.track_all(hands.iter().map(|(_, hand)| hand));
        for ((id, hand), edge) in hands.into_iter().zip(valued) {
            if id < first {
                continue;
            }
            first_number.get_or_insert(hand.setup.number);
            let Some(edge) = edge else {
                continue;
            };
            if !voided.contains(&id.0) {
                for play in &edge.seats {
                    let (tally, points) = seats.entry(play.seat).or_default();
                    tally.add(edge.house_edge, play);
                    if let Some(house_edge) = edge.house_edge {
                        points.push((play.bet_units, -house_edge));
                    }
                }
            }
            edges.insert(id, edge);
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
}
