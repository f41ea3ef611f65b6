//! The figures recorded with each Rocket hand (`hand_edges`) checked
//! against what its cards give (docs/game-protection.md, "Checked on the
//! floor"): the floor's verifier follows each station's replica with a
//! [`FigureAudit`], so figures re-signed by someone holding the station's
//! key (shuffled to hide a counter, say) do not pass unseen.

use std::collections::HashMap;

use super::{Ledger, LedgerError};
use crate::engine::hand::GameKind;
use crate::engine::table::FinishedHand;
use crate::ids::{HandId, TableId};
use crate::protection::{DecisionBasis, EdgeTracker, HandEdge, RecordedEdge};

/// Where a ledger's figures have been checked up to, with a tracker per
/// table following its hands in dealing order (so the cards seen since
/// each shuffle count).
#[derive(Default)]
pub struct FigureAudit {
    trackers: HashMap<TableId, EdgeTracker>,
    /// The last hand checked.
    last: i64,
    /// Rocket hands whose recorded figures were checked.
    pub checked: u64,
}

/// A hand whose recorded figures are not what its cards give.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureMismatch {
    /// The table's name.
    pub table: String,
    /// The hand's number at its table.
    pub number: u64,
    /// What differs, in words.
    pub what: String,
}

impl std::fmt::Display for FigureMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} hand {}: the game-protection figures recorded with it are not what its cards give ({})",
            self.table, self.number, self.what
        )
    }
}

impl FigureAudit {
    /// Whether the last [`Ledger::audit_figures`] stopped at its limit
    /// with hands left to check.
    pub fn behind(&self, ledger: &Ledger) -> Result<bool, LedgerError> {
        Ok(ledger
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM hands WHERE id > ?1)")?
            .query_row([self.last], |r| r.get(0))?)
    }
}

impl Ledger {
    /// Checks the recorded figures of up to `limit` hands after those
    /// `audit` has checked, in dealing order: each Rocket hand's row, if
    /// it has one, must read and hold what its cards give (a version-15
    /// row, whose decisions were judged on the old basis, its house edge
    /// only). Hands without a row are followed but not reported: older
    /// builds wrote none, and a reader solves them from their cards.
    pub fn audit_figures(
        &self,
        audit: &mut FigureAudit,
        limit: u32,
    ) -> Result<Vec<FigureMismatch>, LedgerError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT h.id, h.table_id, t.name, e.house_edge, e.decisions FROM hands h \
               JOIN tables t ON t.id = h.table_id \
               LEFT JOIN hand_edges e ON e.hand_id = h.id \
              WHERE h.id > ?1 ORDER BY h.id LIMIT ?2",
        )?;
        type Found = (i64, TableId, String, Option<(Option<String>, String)>);
        let found: Vec<Found> = statement
            .query_map(rusqlite::params![audit.last, limit], |r| {
                let decisions: Option<String> = r.get(4)?;
                Ok((
                    r.get(0)?,
                    TableId(r.get(1)?),
                    r.get(2)?,
                    decisions.map(|d| (r.get::<_, Option<String>>(3).ok().flatten(), d)),
                ))
            })?
            .collect::<Result<_, _>>()?;
        // Each table's hands in order, solved together (every core).
        let mut by_table: HashMap<TableId, Vec<(usize, FinishedHand)>> = HashMap::new();
        for (i, (id, table, ..)) in found.iter().enumerate() {
            by_table
                .entry(*table)
                .or_default()
                .push((i, self.load_hand(HandId(*id))?));
        }
        let mut edges: Vec<Option<HandEdge>> = vec![None; found.len()];
        for (table, hands) in by_table {
            let tracker = audit.trackers.entry(table).or_default();
            let valued = tracker.track_all(hands.iter().map(|(_, hand)| hand));
            for ((i, hand), edge) in hands.iter().zip(valued) {
                if hand.setup.game == GameKind::Rocket {
                    edges[*i] = edge;
                }
            }
        }
        let mut mismatches = Vec::new();
        for ((id, _, table, row), edge) in found.into_iter().zip(edges) {
            audit.last = id;
            let (Some((house_edge, decisions)), Some(edge)) = (row, edge) else {
                continue;
            };
            audit.checked += 1;
            if let Some(what) = difference(house_edge.as_deref(), &decisions, &edge) {
                mismatches.push(FigureMismatch {
                    table,
                    number: edge.number,
                    what,
                });
            }
        }
        Ok(mismatches)
    }
}

/// How a `hand_edges` row's columns differ from the figures `edge` its
/// cards give, in words; `None` when they agree.
fn difference(house_edge: Option<&str>, decisions: &str, edge: &HandEdge) -> Option<String> {
    let recorded = match RecordedEdge::parse(house_edge, decisions) {
        Ok(recorded) => recorded,
        Err(error) => return Some(format!("the row does not read: {error}")),
    };
    let expected = edge.recorded();
    let edge_text = |edge: Option<f64>| edge.map_or("none".to_owned(), |e| e.to_string());
    if recorded.house_edge != expected.house_edge {
        return Some(format!(
            "house edge at the bet recorded {}, its cards give {}",
            edge_text(recorded.house_edge),
            edge_text(expected.house_edge)
        ));
    }
    (recorded.basis == DecisionBasis::AtBet && recorded.decisions != expected.decisions).then(
        || {
            format!(
                "decisions recorded \"{}\", its cards give \"{}\"",
                recorded.decisions_text(),
                expected.decisions_text()
            )
        },
    )
}
