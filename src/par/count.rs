//! Counting Rocket: the effects of removal (the exact change in the edge
//! when one card of a rank leaves a full shoe) and the best linear count a
//! person can keep, derived from them. Pure arithmetic.
//!
//! Conventions (docs/par-sheet.md, "Effects of removal and the count"):
//! effects are changes in the *house* edge; a count's tags are positive
//! for cards whose removal helps the *player*, so a high count is a shoe
//! good for players.

use serde::Serialize;

use super::rocket::{ShoeCounts, edge_from_shoe};
use crate::engine::card::{DECK_CARDS, Decks, Rank};

/// The exact change in the house edge when one card of each rank is taken
/// from a full shoe.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EffectsOfRemoval {
    /// Decks in the full shoe.
    pub decks: Decks,
    /// The full shoe's house edge under the best play.
    pub house_edge: f64,
    /// The house edge of the shoe less one card of rank i + 1, less the
    /// full shoe's (index 0 is rank 1).
    pub house_edge_change: [f64; 10],
}

/// Removes one card of each rank in turn from a full shoe of `decks` and
/// solves each shoe exactly.
pub fn effects_of_removal(decks: Decks) -> EffectsOfRemoval {
    let full = ShoeCounts::full(decks);
    let mut edge = edge_from_shoe(&full);
    let house_edge = edge.house_edge();
    let house_edge_change = std::array::from_fn(|rank| {
        let mut copies = full.copies();
        copies[rank] -= 1;
        // One card fewer than a full shoe still deals every hand.
        match ShoeCounts::new(copies) {
            Ok(shoe) => {
                edge.solve(&shoe);
                edge.house_edge() - house_edge
            }
            Err(_) => f64::NAN,
        }
    });
    EffectsOfRemoval {
        decks,
        house_edge,
        house_edge_change,
    }
}

/// The effects of removal for every deck count, 1 to 8.
pub fn effects_by_decks() -> Vec<EffectsOfRemoval> {
    (1..=crate::engine::card::MAX_DECKS)
        .filter_map(|count| Decks::new(i64::from(count)).ok())
        .map(effects_of_removal)
        .collect()
}

/// The largest tag searched: a count of level 2.
pub const MAX_TAG: i8 = 2;

/// A linear count: a tag per rank; the running count is the sum of the
/// tags of the cards seen since the shuffle, the true count the running
/// count less what the cards seen add on average, per deck unseen.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LinearCount {
    /// The tag of rank i + 1 (index 0 is rank 1).
    pub tags: [i8; 10],
    /// The tags' average over a full shoe's cards (what each card seen adds
    /// to the running count on average; 0 for a balanced count).
    pub average_tag: f64,
    /// Betting correlation: the correlation over the cards of a deck between
    /// the tags and the player's effects of removal (−`house_edge_change`).
    pub betting_correlation: f64,
    /// The player's edge gained per point of true count, a fraction of the
    /// bet (the least-squares fit of the effects on the tags, scaled to a
    /// deck unseen).
    pub edge_per_true_count: f64,
    /// The true count above which the fitted edge favours the player:
    /// bet big when the true count exceeds it.
    pub pivot_true_count: f64,
}

impl LinearCount {
    /// The running count of `seen` cards (copies seen of each rank).
    pub fn running_count(&self, seen: &[u32; 10]) -> i64 {
        seen.iter()
            .zip(self.tags)
            .map(|(&n, t)| i64::from(n) * i64::from(t))
            .sum()
    }

    /// The true count after `seen` cards of a shoe of which `unseen` cards
    /// are still unseen: (running − average tag × cards seen) per 55 unseen.
    pub fn true_count(&self, seen: &[u32; 10], unseen: u64) -> f64 {
        let cards: u32 = seen.iter().sum();
        let adjusted = self.running_count(seen) as f64 - self.average_tag * f64::from(cards);
        if unseen == 0 {
            0.0
        } else {
            adjusted * f64::from(DECK_CARDS) / unseen as f64
        }
    }
}

/// Copies of each rank in one deck: the weight of each rank's tag and
/// effect in the correlation.
fn per_deck() -> [f64; 10] {
    std::array::from_fn(|i| f64::from(Rank::ALL[i].value()))
}

/// Weighted means over one deck's cards.
fn deck_mean(x: impl Fn(usize) -> f64) -> f64 {
    let weight = per_deck();
    (0..10).map(|i| weight[i] * x(i)).sum::<f64>() / f64::from(DECK_CARDS)
}

/// The correlation over one deck's cards between `tags` and the player's
/// effects of removal (`player`, one per rank).
pub fn betting_correlation(tags: &[i8; 10], player: &[f64; 10]) -> f64 {
    let tag_mean = deck_mean(|i| f64::from(tags[i]));
    let effect_mean = deck_mean(|i| player[i]);
    let cross = deck_mean(|i| (f64::from(tags[i]) - tag_mean) * (player[i] - effect_mean));
    let tag_spread = deck_mean(|i| (f64::from(tags[i]) - tag_mean).powi(2));
    let effect_spread = deck_mean(|i| (player[i] - effect_mean).powi(2));
    cross / (tag_spread * effect_spread).sqrt()
}

/// Cards a deck has with a non-zero tag, and the largest tag: what makes a
/// count harder to keep.
fn burden(tags: &[i8; 10]) -> (u32, i8) {
    let tagged = (0..10)
        .filter(|&i| tags[i] != 0)
        .map(|i| u32::from(Rank::ALL[i].value()))
        .sum();
    (tagged, tags.iter().map(|t| t.abs()).max().unwrap_or(0))
}

/// The count with the highest betting correlation against `effects` among
/// every tag vector of −2..2 (ties within 1e-9: fewer cards tagged, then
/// the lower level), with its fit and pivot for a full shoe of
/// `effects.decks`. Adding the same number to every tag gives the same
/// true count, so it is shown in the equivalent form (shift up to ±4) that
/// tags the fewest cards.
pub fn best_count(effects: &EffectsOfRemoval) -> LinearCount {
    let player: [f64; 10] = std::array::from_fn(|i| -effects.house_edge_change[i]);
    let weight = per_deck();
    let effect_mean = deck_mean(|i| player[i]);
    let centred: [f64; 10] = std::array::from_fn(|i| player[i] - effect_mean);
    // Odometer over every tag vector, keeping the sums the correlation
    // needs up to date digit by digit: Σ w t e (e centred), Σ w t, Σ w t².
    let span = (2 * MAX_TAG + 1) as usize;
    let mut digits = [0usize; 10];
    let mut tags = [-MAX_TAG; 10];
    let low = -f64::from(MAX_TAG);
    let mut cross: f64 = (0..10).map(|i| weight[i] * low * centred[i]).sum();
    let mut sum: f64 = (0..10).map(|i| weight[i] * low).sum();
    let mut squares: f64 = (0..10).map(|i| weight[i] * low * low).sum();
    let cards = f64::from(DECK_CARDS);
    let mut best: Option<(f64, (u32, i8), [i8; 10])> = None;
    loop {
        let spread = squares - sum * sum / cards;
        if spread > 0.5 {
            let score = cross / spread.sqrt();
            let better = match best {
                None => true,
                Some((s, _, _)) if score > s + 1e-9 => true,
                Some((s, c, _)) => score >= s - 1e-9 && burden(&tags) < c,
            };
            if better {
                best = Some((score, burden(&tags), tags));
            }
        }
        // The next tag vector.
        let mut position = 0;
        loop {
            if position == 10 {
                let found = best.map_or([0; 10], |(_, _, tags)| tags);
                return fitted(simplest_form(found), &player, effects);
            }
            let old = f64::from(tags[position]);
            digits[position] += 1;
            let carry = digits[position] == span;
            if carry {
                digits[position] = 0;
            }
            tags[position] = digits[position] as i8 - MAX_TAG;
            let new = f64::from(tags[position]);
            cross += weight[position] * (new - old) * centred[position];
            sum += weight[position] * (new - old);
            squares += weight[position] * (new * new - old * old);
            if !carry {
                break;
            }
            position += 1;
        }
    }
}

/// The same count shifted by the whole number (−4..4) that tags the fewest
/// cards (then the lower level, then the smaller shift).
fn simplest_form(tags: [i8; 10]) -> [i8; 10] {
    (-4i8..=4)
        .map(|shift| tags.map(|t| t + shift))
        .min_by_key(|shifted| {
            let (tagged, level) = burden(shifted);
            (tagged, level, (shifted[0] - tags[0]).abs())
        })
        .unwrap_or(tags)
}

/// `tags` with their betting correlation, fit and pivot.
fn fitted(tags: [i8; 10], player: &[f64; 10], effects: &EffectsOfRemoval) -> LinearCount {
    let average_tag = deck_mean(|i| f64::from(tags[i]));
    let effect_mean = deck_mean(|i| player[i]);
    let cross = deck_mean(|i| (f64::from(tags[i]) - average_tag) * (player[i] - effect_mean));
    let spread = deck_mean(|i| (f64::from(tags[i]) - average_tag).powi(2));
    // The player's effect per tag point, per card removed; a true count of
    // one (one point per deck unseen) over U unseen cards is U/55 points
    // beyond the average, worth (N − 1)/55 of a point's effect
    // (docs/par-sheet.md).
    let per_point = if spread > 0.0 { cross / spread } else { 0.0 };
    let full = f64::from(effects.decks.cards());
    let edge_per_true_count = per_point * (full - 1.0) / f64::from(DECK_CARDS);
    LinearCount {
        tags,
        average_tag,
        betting_correlation: betting_correlation(&tags, player),
        edge_per_true_count,
        pivot_true_count: if edge_per_true_count > 0.0 {
            effects.house_edge / edge_per_true_count
        } else {
            f64::INFINITY
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shifted_count_is_the_same_count() {
        let player = [-4.0, -2.0, -10.0, 0.1, 0.3, 0.6, 0.8, 0.9, 1.0, 1.1];
        let tags = [0, 1, -2, 2, 2, 2, 2, 2, 2, 2];
        let shifted = simplest_form(tags);
        assert_eq!(shifted, [-2, -1, -4, 0, 0, 0, 0, 0, 0, 0]);
        let correlation = betting_correlation(&tags, &player);
        assert!((betting_correlation(&shifted, &player) - correlation).abs() < 1e-12);
        let effects = EffectsOfRemoval {
            decks: Decks::new(2).unwrap_or_else(|_| unreachable!()),
            house_edge: 0.01,
            house_edge_change: player.map(|e| -e),
        };
        let (a, b) = (
            fitted(tags, &player, &effects),
            fitted(shifted, &player, &effects),
        );
        let seen = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
        assert!((a.true_count(&seen, 71) - b.true_count(&seen, 71)).abs() < 1e-12);
        assert!((a.edge_per_true_count - b.edge_per_true_count).abs() < 1e-15);
    }

    #[test]
    fn the_correlation_of_tags_proportional_to_the_effects_is_one() {
        let player = [1.0, 2.0, -3.0, 0.5, 0.0, -0.5, 1.0, 0.0, 0.0, 0.0];
        let tags = [2, 4, -6, 1, 0, -1, 2, 0, 0, 0];
        assert!((betting_correlation(&tags, &player) - 1.0).abs() < 1e-12);
        let opposite = tags.map(|t| -t);
        assert!((betting_correlation(&opposite, &player) + 1.0).abs() < 1e-12);
    }
}
