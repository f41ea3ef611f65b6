//! A Rocket hand's game-protection figures as the ledger keeps them with
//! the hand: the chained `hand_edges` row (docs/ledger.md), its two
//! columns' text and how they read back. Below both the ledger, which
//! stores and verifies the row, and `crate::protection`, which works the
//! figures out (and re-exports these types): plain data, no game math.

use std::fmt::Write as _;

use thiserror::Error;

use crate::engine::hand::Action;

/// Two values closer than this are the same play's worth (ties count as
/// the best play): far above the solver's rounding, far below a unit.
const SAME_VALUE: f64 = 1e-9;

/// One decision against the best play for the cards it is judged for
/// ([`DecisionBasis::AtBet`]: those left when the bets were made).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecisionCost {
    /// What the player did.
    pub action: Action,
    /// What the best play for those cards was (hit only when hitting
    /// is worth strictly more).
    pub best: Action,
    /// The value given away, a fraction of the bet: the best play's value
    /// less the value of what was done (0 when it matches).
    pub cost: f64,
}

impl DecisionCost {
    /// Whether the decision was worth as much as the best play.
    pub fn matches(&self) -> bool {
        self.cost <= SAME_VALUE
    }
}

/// A hand's figures as the ledger keeps them with the hand (the
/// `hand_edges` row, docs/ledger.md): the house edge at the bet and each
/// valued decision with its seat, seat by seat in the hand's seat order,
/// each seat's in the order taken. The bets are the hand's own.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedEdge {
    /// The house edge at the bet (`None`: too few cards for the model).
    pub house_edge: Option<f64>,
    /// What the decisions were judged against.
    pub basis: DecisionBasis,
    /// (seat, decision) for every decision the model could value.
    pub decisions: Vec<(u8, DecisionCost)>,
}

/// The cards a decision's best play and cost are worked out for
/// (docs/game-protection.md, "The skill check").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecisionBasis {
    /// The cards left when the bets were made, less the player's and the
    /// dealer's stacks: what the player knew at the bet and sees of their
    /// own hand. The basis this build works out and records (ledger
    /// version 16 on; the `decisions` column begins `at-bet`).
    AtBet,
    /// The cards left at the decision, other seats' cards dealt since the
    /// bet taken out too: how version 15 recorded decisions. A reader
    /// solves such a hand again.
    CardsLeft,
}

/// The word that begins a `decisions` column judged at the bet.
const AT_BET: &str = "at-bet";

/// Why a `hand_edges` row's text is not figures.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordedEdgeError {
    /// The house edge is not a decimal number.
    #[error("the house edge {0:?} is not a decimal number")]
    HouseEdge(String),
    /// A decision is not `SEAT:ACTION:BEST:COST`.
    #[error(
        "the decision {0:?} is not SEAT:ACTION:BEST:COST (a seat, hit or fold twice, a cost of 0 or more)"
    )]
    Decision(String),
}

impl RecordedEdge {
    /// The `house_edge` column: the shortest decimal that reads back as the
    /// same double (`None`: NULL).
    pub fn house_edge_text(&self) -> Option<String> {
        self.house_edge.map(|edge| edge.to_string())
    }

    /// The `decisions` column: `at-bet` for decisions judged at the bet
    /// (nothing for the version-15 basis), then `SEAT:ACTION:BEST:COST`
    /// for each decision, all separated by single spaces.
    pub fn decisions_text(&self) -> String {
        let mut text = String::new();
        if self.basis == DecisionBasis::AtBet {
            text.push_str(AT_BET);
        }
        for (seat, decision) in &self.decisions {
            if !text.is_empty() {
                text.push(' ');
            }
            let _ = write!(
                text,
                "{seat}:{}:{}:{}",
                decision.action.as_str(),
                decision.best.as_str(),
                decision.cost
            );
        }
        text
    }

    /// Reads the row's two columns back.
    pub fn parse(
        house_edge: Option<&str>,
        decisions: &str,
    ) -> Result<RecordedEdge, RecordedEdgeError> {
        let house_edge = house_edge
            .map(|text| {
                text.parse::<f64>()
                    .ok()
                    .filter(|edge| edge.is_finite() && !text.contains(['e', 'E', '+']))
                    .ok_or_else(|| RecordedEdgeError::HouseEdge(text.to_owned()))
            })
            .transpose()?;
        let (basis, decisions) = match decisions.strip_prefix(AT_BET) {
            Some(rest) if rest.is_empty() || rest.starts_with(' ') => (DecisionBasis::AtBet, rest),
            _ => (DecisionBasis::CardsLeft, decisions),
        };
        let decisions = decisions
            .split(' ')
            .filter(|entry| !entry.is_empty())
            .map(parse_decision)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(RecordedEdge {
            house_edge,
            basis,
            decisions,
        })
    }
}

/// One `SEAT:ACTION:BEST:COST` entry.
fn parse_decision(entry: &str) -> Result<(u8, DecisionCost), RecordedEdgeError> {
    let wrong = || RecordedEdgeError::Decision(entry.to_owned());
    let rocket_action = |word: &str| match Action::parse(word) {
        Some(action @ (Action::Hit | Action::Fold)) => Some(action),
        _ => None,
    };
    let parts: Vec<&str> = entry.split(':').collect();
    let [seat, action, best, cost] = parts[..] else {
        return Err(wrong());
    };
    let seat = seat
        .parse::<u8>()
        .ok()
        .filter(|s| *s >= 1)
        .ok_or_else(wrong)?;
    let action = rocket_action(action).ok_or_else(wrong)?;
    let best = rocket_action(best).ok_or_else(wrong)?;
    let cost = cost
        .parse::<f64>()
        .ok()
        .filter(|c| c.is_finite() && *c >= 0.0 && !cost.contains(['e', 'E', '+', '-']))
        .ok_or_else(wrong)?;
    Ok((seat, DecisionCost { action, best, cost }))
}
