//! Rocket's best play as a card a person can read: the first decision as a
//! grid (the player's first card against the dealer's), later decisions by
//! a points rule with one limit per (lowest card in play, cards in the
//! player's stack), and the exceptions to the rule listed, so that the
//! card says exactly what the full table says at every reachable state.
//!
//! Points: twice the sum of the squares of the player's ranks, less the sum
//! of the squares of the dealer's (a card's square is about what pairing it
//! costs times how often it comes; the dealer's cards are what may pay).

use serde::Serialize;

use super::rocket::RocketSolution;
use crate::engine::card::{Decks, RankSet};

/// The rule for later decisions at one (lowest card, stack size): hit
/// while the points are at most `limit` (`None`: always fold).
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Limit {
    /// The lowest card in either stack (the fold fee), 1..=10.
    pub lowest: u8,
    /// Cards in the player's stack, 2..=9.
    pub cards: u8,
    /// Hit while points ≤ this; `None` means fold whatever the points.
    pub limit: Option<i32>,
}

/// A reachable state where the best play differs from the card's rule.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Exception {
    /// The player's ranks, lowest first.
    pub player: Vec<u8>,
    /// The dealer's ranks, lowest first.
    pub dealer: Vec<u8>,
    /// What the best play does there.
    pub hit: bool,
}

/// The strategy card for one deck count.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StrategyCard {
    /// Decks in the shoe.
    pub decks: Decks,
    /// First decision: for each dealer's first card (1, 2, 4..10), the
    /// player's first cards that hit (the rest fold).
    pub first_hits: Vec<(u8, Vec<u8>)>,
    /// Later decisions: the points limits.
    pub limits: Vec<Limit>,
    /// Reachable later states where the rule is wrong, with the right
    /// play, ordered by the player's ranks then the dealer's.
    pub exceptions: Vec<Exception>,
    /// Reachable decision states the card covers.
    pub states: usize,
}

/// Twice the player's squares less the dealer's squares.
pub fn points(player: RankSet, dealer: RankSet) -> i32 {
    2 * player.sum_of_squares() as i32 - dealer.sum_of_squares() as i32
}

fn values(set: RankSet) -> Vec<u8> {
    set.iter().map(|r| r.value()).collect()
}

/// The (lowest, cards) key of a later decision.
fn key(player: RankSet, dealer: RankSet) -> (u8, u8) {
    let lowest = player.union(dealer).lowest().map_or(1, |r| r.value());
    (lowest, player.len() as u8)
}

impl StrategyCard {
    /// The card for a solved deck count: for each (lowest, cards) the
    /// limit with the fewest exceptions (the lowest such limit).
    pub fn new(solution: &RocketSolution) -> StrategyCard {
        let decisions = solution.reachable_decisions();
        let mut first_hits: Vec<(u8, Vec<u8>)> = Vec::new();
        let mut groups: std::collections::BTreeMap<(u8, u8), Vec<(i32, bool)>> =
            std::collections::BTreeMap::new();
        for &(player, dealer, hit) in &decisions {
            if player.len() == 1 {
                let up = values(dealer)[0];
                let entry = match first_hits.iter_mut().find(|(d, _)| *d == up) {
                    Some(entry) => entry,
                    None => {
                        first_hits.push((up, Vec::new()));
                        first_hits.last_mut().expect("just pushed")
                    }
                };
                if hit {
                    entry.1.push(values(player)[0]);
                }
            } else {
                groups
                    .entry(key(player, dealer))
                    .or_default()
                    .push((points(player, dealer), hit));
            }
        }
        first_hits.sort();
        for (_, hits) in &mut first_hits {
            hits.sort_unstable();
        }
        let limits: Vec<Limit> = groups
            .iter()
            .map(|(&(lowest, cards), states)| Limit {
                lowest,
                cards,
                limit: best_limit(states),
            })
            .collect();
        let mut card = StrategyCard {
            decks: solution.strategy().decks(),
            first_hits,
            limits,
            exceptions: Vec::new(),
            states: decisions.len(),
        };
        card.exceptions = decisions
            .iter()
            .filter(|&&(player, dealer, hit)| card.rule_hits(player, dealer) != hit)
            .map(|&(player, dealer, hit)| Exception {
                player: values(player),
                dealer: values(dealer),
                hit,
            })
            .collect();
        card.exceptions
            .sort_by(|a, b| (&a.player, &a.dealer).cmp(&(&b.player, &b.dealer)));
        card
    }

    /// What the card's rules say, before the exceptions.
    pub fn rule_hits(&self, player: RankSet, dealer: RankSet) -> bool {
        if player.len() == 1 {
            let (mine, up) = (values(player)[0], values(dealer).first().copied());
            return self
                .first_hits
                .iter()
                .any(|(d, hits)| Some(*d) == up && hits.contains(&mine));
        }
        let (lowest, cards) = key(player, dealer);
        self.limits
            .iter()
            .find(|l| l.lowest == lowest && l.cards == cards)
            .and_then(|l| l.limit)
            .is_some_and(|limit| points(player, dealer) <= limit)
    }

    /// What the card says, exceptions included.
    pub fn hits(&self, player: RankSet, dealer: RankSet) -> bool {
        let wanted = (values(player), values(dealer));
        match self
            .exceptions
            .binary_search_by(|e| (&e.player, &e.dealer).cmp(&(&wanted.0, &wanted.1)))
        {
            Ok(at) => self.exceptions[at].hit,
            Err(_) => self.rule_hits(player, dealer),
        }
    }
}

/// The limit (hit while points ≤ limit) with the fewest disagreements;
/// `None` (always fold) when no limit does better than folding throughout.
fn best_limit(states: &[(i32, bool)]) -> Option<i32> {
    let mut sorted = states.to_vec();
    sorted.sort_unstable();
    // With no limit every hit state is wrong.
    let mut wrong = sorted.iter().filter(|(_, hit)| *hit).count();
    let (mut best, mut best_wrong) = (None, wrong);
    let mut i = 0;
    while i < sorted.len() {
        let value = sorted[i].0;
        while i < sorted.len() && sorted[i].0 == value {
            // Moving the limit up to `value` turns this state into a hit.
            if sorted[i].1 {
                wrong -= 1;
            } else {
                wrong += 1;
            }
            i += 1;
        }
        if wrong < best_wrong {
            best = Some(value);
            best_wrong = wrong;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_has_the_fewest_disagreements() {
        // Hits at low points, folds at high: the limit sits between.
        let states = [(10, true), (20, true), (30, false), (40, false)];
        assert_eq!(best_limit(&states), Some(20));
        // One stray fold among hits costs less than moving the limit.
        let states = [(10, true), (15, false), (20, true), (30, true), (40, false)];
        assert_eq!(best_limit(&states), Some(30));
        // Folding everywhere: no limit.
        assert_eq!(best_limit(&[(10, false), (20, false)]), None);
    }
}
