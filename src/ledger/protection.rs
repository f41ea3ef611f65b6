//! A table's hands read back in dealing order for game protection
//! (`crate::protection`, docs/game-protection.md): from the shuffle that
//! began the shoe, so the cards seen before the first hand wanted count.

use std::collections::HashMap;

use rusqlite::OptionalExtension;

use super::{Ledger, LedgerError};
use crate::engine::hand::GameKind;
use crate::engine::table::FinishedHand;
use crate::ids::{HandId, TableId};
use crate::protection::{EdgeTracker, FlagSettings, Profile, Tally};
use crate::rating::SessionPlay;

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
        let mut tally = Tally::default();
        let mut any = false;
        for play in plays.iter().filter(|p| p.session.game == GameKind::Rocket) {
            let played: HashMap<HandId, bool> =
                play.hands.iter().map(|h| (h.hand_id, h.voided)).collect();
            let (Some(first), Some(last)) = (
                play.hands.iter().map(|h| h.hand_id).min(),
                play.hands.iter().map(|h| h.hand_id).max(),
            ) else {
                continue;
            };
            any = true;
            let mut tracker = EdgeTracker::new();
            for (id, hand) in self.table_hands_from_shuffle(play.session.table_id, first, last)? {
                let edge = tracker.track(&hand);
                if played.get(&id) != Some(&false) {
                    continue;
                }
                if let Some(edge) = edge
                    && let Some(seat) = edge.seats.iter().find(|s| s.seat == play.session.seat)
                {
                    tally.add(edge.house_edge, seat);
                }
            }
        }
        Ok(any.then(|| tally.profile(seconds, settings)))
    }
}
