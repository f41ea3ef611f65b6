//! The figures recorded with each Rocket hand (`hand_edges`) checked
//! against what its cards give (docs/game-protection.md, "Checked on the
//! floor"): the floor's verifier follows each station's replica with a
//! [`FigureAudit`], so figures re-signed by someone holding the station's
//! key (shuffled to hide a counter, say) do not pass unseen. The ledger
//! gives the rows and the hands; the solving is done here.

use std::collections::HashMap;

use crate::engine::hand::GameKind;
use crate::engine::table::FinishedHand;
use crate::ids::TableId;
use crate::ledger::{HandEdgeRow, Ledger, LedgerError};
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
    /// Whether the last [`FigureAudit::check`] stopped at its limit
    /// with hands left to check.
    pub fn behind(&self, ledger: &Ledger) -> Result<bool, LedgerError> {
        ledger.has_hands_after(self.last)
    }

    /// Checks the recorded figures of up to `limit` hands of `ledger`
    /// after those checked, in dealing order: each Rocket hand's row, if
    /// it has one, must read and hold what its cards give (a version-15
    /// row, whose decisions were judged on the old basis, its house edge
    /// only). Hands without a row are followed but not reported: older
    /// builds wrote none, and a reader solves them from their cards.
    pub fn check(
        &mut self,
        ledger: &Ledger,
        limit: u32,
    ) -> Result<Vec<FigureMismatch>, LedgerError> {
        let found = ledger.hand_edge_rows(self.last, limit)?;
        // Each table's hands in order, solved together (every core).
        let mut by_table: HashMap<TableId, Vec<(usize, FinishedHand)>> = HashMap::new();
        for (i, row) in found.iter().enumerate() {
            by_table
                .entry(row.table)
                .or_default()
                .push((i, ledger.load_hand(row.hand)?));
        }
        let mut edges: Vec<Option<HandEdge>> = vec![None; found.len()];
        for (table, hands) in by_table {
            let tracker = self.trackers.entry(table).or_default();
            let valued = tracker.track_all(hands.iter().map(|(_, hand)| hand));
            for ((i, hand), edge) in hands.iter().zip(valued) {
                if hand.setup.game == GameKind::Rocket {
                    edges[*i] = edge;
                }
            }
        }
        let mut mismatches = Vec::new();
        for (found, edge) in found.into_iter().zip(edges) {
            let HandEdgeRow {
                hand,
                table_name,
                row,
                ..
            } = found;
            self.last = hand.0;
            let (Some((house_edge, decisions)), Some(edge)) = (row, edge) else {
                continue;
            };
            self.checked += 1;
            if let Some(what) = difference(house_edge.as_deref(), &decisions, &edge) {
                mismatches.push(FigureMismatch {
                    table: table_name,
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
