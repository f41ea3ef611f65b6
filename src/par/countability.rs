//! Countability: what Rocket gives away to a player who watches the cards.
//!
//! Shoes are dealt to the cut card on the software shoe under the house
//! rules (penetration, burns), one player against the dealer. Before each
//! hand the shoe *as the player knows it* (the full shoe less every card
//! dealt face up since the shuffle; burns are unseen, so they stay in it)
//! is solved exactly ([`ShoeEdge`]), the hand is played at the best play
//! for that shoe, and a counter's expected result is that exact edge times
//! the bet. Shoes are the independent units of the 99% intervals.
//!
//! Pure: each shoe's generator is seeded from the run's seed and the
//! shoe's index, so results do not depend on the number of threads.
//! See docs/par-sheet.md, "Countability".

use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;
use serde::Serialize;

use super::count::{LinearCount, best_count, effects_of_removal};
use super::rocket::{ShoeCounts, ShoeEdge, edge_from_shoe};
use super::{Estimate, Z_99};
use crate::engine::card::Decks;
use crate::engine::hand::{GameKind, Hand, Need};
use crate::engine::rules::HouseRules;
use crate::engine::shoe::{Shoe, ShoeEvent};
use crate::engine::table::{CardSupply, HandEvent, Seating, Table, TableError};

/// The bet spreads reported: 1:K, K × the minimum when the player has the edge.
pub const SPREADS: [u32; 5] = [1, 2, 4, 8, 16];
/// The depth bins: tenths of the shoe dealt before the hand.
pub const DEPTH_BINS: usize = 10;
/// The percentiles of the edge reported in each depth bin.
pub const PERCENTILES: [u8; 5] = [5, 25, 50, 75, 95];
/// The penetrations of the grid, thousandths.
pub const GRID_PENETRATIONS: [u16; 5] = [700, 750, 800, 850, 900];
/// The deck counts of the grid.
pub const GRID_DECKS: [u8; 4] = [1, 2, 6, 8];
/// The penetrations searched for the deepest at which a perfect counter
/// with 1:8 still loses, thousandths: 50% to 95% by 5 points.
pub const SEARCH_PENETRATIONS: [u16; 10] = [500, 550, 600, 650, 700, 750, 800, 850, 900, 950];
/// The spread of that search.
pub const SEARCH_SPREAD: u32 = 8;

/// The house edge at hands dealt from one depth of the shoe.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DepthEdge {
    /// The bin: hands started with at least `tenth`/10 and less than
    /// (`tenth` + 1)/10 of the shoe taken (burns included).
    pub tenth: u8,
    /// Hands in the bin.
    pub hands: u64,
    /// The mean house edge from the seen cards (`null` with no hands).
    pub mean_house_edge: Option<f64>,
    /// The house edge at each of [`PERCENTILES`] (nearest rank; empty
    /// with no hands).
    pub percentiles: Vec<f64>,
    /// Share of the bin's hands at which the player has the edge.
    pub player_edge_share: Option<f64>,
}

/// What a counter betting 1:K wins.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SpreadWin {
    /// K: the bet is K minimum bets when the player has the edge (as the
    /// counter judges it), else one.
    pub spread: u32,
    /// Expected win per 100 hands, in minimum bets, with its 99% interval
    /// over shoes (`samples` is the shoes).
    pub win_per_100_hands: Estimate,
    /// Expected win as a share of the money bet, with its 99% interval.
    pub win_per_money_bet: Estimate,
}

/// Countability at one deck count and penetration.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Countability {
    /// Decks in the shoe.
    pub decks: Decks,
    /// Share of the shoe dealt before the shuffle, thousandths.
    pub penetration_permille: u16,
    /// Cards burned after each shuffle.
    pub burn: u8,
    /// Shoes dealt.
    pub shoes: u64,
    /// Hands dealt.
    pub hands: u64,
    /// Shoes ended before the cut card because the shoe as the player
    /// knows it could run out in the next hand, or a hand ran out of
    /// cards and reshuffled mid-hand.
    pub shoes_ended_early: u64,
    /// The full shoe's house edge (the par sheet's).
    pub full_shoe_house_edge: f64,
    /// Share of all hands at which the player has the edge.
    pub player_edge_share: f64,
    /// The edge by depth into the shoe, [`DEPTH_BINS`] bins.
    pub by_depth: Vec<DepthEdge>,
    /// A perfect counter (bets K when the exact edge from the seen cards
    /// favours the player), one per [`SPREADS`].
    pub perfect: Vec<SpreadWin>,
    /// A counter keeping `count` (bets K when its true count is above its
    /// pivot), one per [`SPREADS`]; both play the best play for the seen cards.
    pub simple_count: Vec<SpreadWin>,
}

/// A seen-cards shoe and what the counters make of it at one hand start.
#[derive(Clone, Copy, Debug)]
struct HandStart {
    tenth: u8,
    house_edge: f64,
    count_favours_player: bool,
}

/// One shoe's hands.
#[derive(Default)]
struct ShoeRecord {
    hands: Vec<HandStart>,
    ended_early: bool,
}

/// The run's seed and a shoe's index to that shoe's generator.
fn shoe_rng(seed: u64, index: u64) -> StdRng {
    StdRng::seed_from_u64(seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Copies of each rank seen in `events`' cards dealt face up, added to `seen`.
fn add_seen(events: &[HandEvent], seen: &mut [u32; 10]) {
    for event in events {
        if let HandEvent::Card { rank, .. } = event {
            seen[rank.index()] += 1;
        }
    }
}

/// Whether `events` hold a reshuffle in the middle of a hand.
fn reshuffled_mid_hand(events: &[HandEvent]) -> bool {
    events
        .iter()
        .any(|event| matches!(event, HandEvent::Shoe(ShoeEvent::Shuffled(s)) if s.mid_hand))
}

/// The shoe as a player who saw `seen` (since the shuffle) knows it:
/// `None` when it could run out in a hand.
pub fn seen_shoe(decks: Decks, seen: &[u32; 10]) -> Option<ShoeCounts> {
    let full = ShoeCounts::full(decks).copies();
    let mut left = [0u32; 10];
    for i in 0..10 {
        left[i] = full[i].checked_sub(seen[i])?;
    }
    ShoeCounts::new(left).ok()
}

/// Deals one shoe to the cut card heads-up, the player at the best play for
/// the seen cards, solving each hand's seen shoe in `edge` (the first
/// hand's, a full shoe, is `full`, solved once for every shoe).
fn deal_shoe(
    decks: Decks,
    rules: &HouseRules,
    count: &LinearCount,
    rng: StdRng,
    (full, edge): (&ShoeEdge, &mut ShoeEdge),
) -> Result<ShoeRecord, TableError> {
    let shoe = Shoe::new(decks, rules.penetration_permille, rules.burn, rng);
    let mut table = Table::new(
        GameKind::Rocket,
        *rules,
        CardSupply::Software(Box::new(shoe)),
    )?;
    let seating = Seating::Rocket(vec![(1, rules.rocket.min_bet_units)]);
    let stack = f64::from(decks.cards());
    let mut seen = [0u32; 10];
    let mut record = ShoeRecord::default();
    // A shoe needs no generator outside the shoe for Rocket.
    let mut unused = StdRng::seed_from_u64(0);
    while !table.count().cut_card_out() {
        let Some(known) = seen_shoe(decks, &seen) else {
            record.ended_early = true;
            break;
        };
        let solved: &ShoeEdge = if seen == [0; 10] {
            full
        } else {
            edge.solve(&known);
            edge
        };
        let taken = f64::from(table.count().taken());
        let tenth = ((taken / stack * DEPTH_BINS as f64) as usize).min(DEPTH_BINS - 1) as u8;
        record.hands.push(HandStart {
            tenth,
            house_edge: solved.house_edge(),
            count_favours_player: count.true_count(&seen, known.cards()) > count.pivot_true_count,
        });
        table.start_hand(&seating, &mut unused)?;
        loop {
            match table.need() {
                Need::Done => break,
                Need::Card(_) => {
                    table.deal_from_shoe()?;
                }
                Need::Decision { seat, .. } => {
                    let [hit, fold] = GameKind::Rocket.choices();
                    let hits = match table.hand() {
                        Some((_, Hand::Rocket(hand))) => {
                            solved.hits(hand.ranks(seat), hand.dealer_ranks())
                        }
                        _ => false,
                    };
                    table.act(seat, if hits { hit } else { fold })?;
                }
            }
        }
        add_seen(table.events(), &mut seen);
        let mid_hand = reshuffled_mid_hand(table.events());
        table.finish_hand()?;
        if mid_hand {
            record.ended_early = true;
            break;
        }
    }
    Ok(record)
}

/// The mean of Σ`wins` / Σ`stakes` (a ratio of sums over shoes) with a 99%
/// interval by the delta method, shoes the samples; × `scale`.
fn ratio_estimate(wins: &[f64], stakes: &[f64], scale: f64) -> Estimate {
    let n = wins.len() as f64;
    let stake_mean = stakes.iter().sum::<f64>() / n;
    let ratio = wins.iter().sum::<f64>() / stakes.iter().sum::<f64>();
    let residual = wins
        .iter()
        .zip(stakes)
        .map(|(w, s)| (w - ratio * s).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    let half = Z_99 * (residual / n).sqrt() / stake_mean;
    Estimate {
        mean: ratio * scale,
        low: (ratio - half) * scale,
        high: (ratio + half) * scale,
        samples: wins.len() as u64,
    }
}

/// Spread results from every shoe's hands; `for_player` says whether the
/// counter bets big at a hand.
fn spread_wins(records: &[ShoeRecord], for_player: impl Fn(&HandStart) -> bool) -> Vec<SpreadWin> {
    let hands: Vec<f64> = records.iter().map(|r| r.hands.len() as f64).collect();
    SPREADS
        .iter()
        .map(|&spread| {
            let mut wins = Vec::with_capacity(records.len());
            let mut stakes = Vec::with_capacity(records.len());
            for record in records {
                let (mut win, mut stake) = (0.0, 0.0);
                for hand in &record.hands {
                    let bet = if for_player(hand) {
                        f64::from(spread)
                    } else {
                        1.0
                    };
                    win -= hand.house_edge * bet;
                    stake += bet;
                }
                wins.push(win);
                stakes.push(stake);
            }
            SpreadWin {
                spread,
                win_per_100_hands: ratio_estimate(&wins, &hands, 100.0),
                win_per_money_bet: ratio_estimate(&wins, &stakes, 1.0),
            }
        })
        .collect()
}

/// The value at percentile `p` of `sorted` (nearest rank).
fn percentile(sorted: &[f64], p: u8) -> f64 {
    let rank = (f64::from(p) / 100.0 * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Deals `shoes` shoes of `decks` under `rules` (rayon over shoes, each
/// worker solving in its own [`ShoeEdge`]), calling `progress` after each
/// shoe, and sums them up.
pub fn countability(
    decks: Decks,
    rules: &HouseRules,
    shoes: u64,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<Countability, TableError> {
    let effects = effects_of_removal(decks);
    let count = best_count(&effects);
    let full = edge_from_shoe(&ShoeCounts::full(decks));
    let records = (0..shoes)
        .into_par_iter()
        .map_init(
            || full.clone(),
            |edge, index| {
                let solvers = (&full, edge);
                let record = deal_shoe(decks, rules, &count, shoe_rng(seed, index), solvers);
                progress();
                record
            },
        )
        .collect::<Result<Vec<_>, _>>()?;
    let all: Vec<&HandStart> = records.iter().flat_map(|r| &r.hands).collect();
    let favours = |hand: &HandStart| hand.house_edge < 0.0;
    let share = |hands: &[&HandStart]| {
        hands.iter().filter(|h| favours(h)).count() as f64 / hands.len() as f64
    };
    let by_depth = (0..DEPTH_BINS as u8)
        .map(|tenth| {
            let bin: Vec<&HandStart> = all.iter().copied().filter(|h| h.tenth == tenth).collect();
            let mut edges: Vec<f64> = bin.iter().map(|h| h.house_edge).collect();
            edges.sort_by(f64::total_cmp);
            let filled = !edges.is_empty();
            DepthEdge {
                tenth,
                hands: edges.len() as u64,
                mean_house_edge: filled.then(|| edges.iter().sum::<f64>() / edges.len() as f64),
                percentiles: if filled {
                    PERCENTILES.iter().map(|&p| percentile(&edges, p)).collect()
                } else {
                    Vec::new()
                },
                player_edge_share: filled.then(|| share(&bin)),
            }
        })
        .collect();
    Ok(Countability {
        decks,
        penetration_permille: rules.penetration_permille,
        burn: rules.burn,
        shoes,
        hands: all.len() as u64,
        shoes_ended_early: records.iter().filter(|r| r.ended_early).count() as u64,
        full_shoe_house_edge: effects.house_edge,
        player_edge_share: share(&all),
        by_depth,
        perfect: spread_wins(&records, favours),
        simple_count: spread_wins(&records, |h| h.count_favours_player),
    })
}

/// The win per 100 hands of a perfect counter with 1:K in `run`.
pub fn perfect_win_per_100(run: &Countability, spread: u32) -> Option<&Estimate> {
    run.perfect
        .iter()
        .find(|s| s.spread == spread)
        .map(|s| &s.win_per_100_hands)
}

/// A perfect counter's win at one penetration.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct PenetrationWin {
    /// The penetration, thousandths.
    pub penetration_permille: u16,
    /// Win per 100 hands in minimum bets, 99% interval over shoes.
    pub win_per_100_hands: Estimate,
}

/// The deepest penetration searched at which a perfect counter with 1:8
/// still loses.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DeepestLosing {
    /// Decks in the shoe.
    pub decks: Decks,
    /// Shoes dealt at each penetration.
    pub shoes: u64,
    /// The spread (8).
    pub spread: u32,
    /// The penetrations tried, shallowest first.
    pub tried: Vec<PenetrationWin>,
    /// The deepest tried whose expected win is below zero (`null` when the
    /// counter wins at every one).
    pub deepest_losing_permille: Option<u16>,
    /// Whether the counter loses at every penetration tried (then the
    /// answer is the deepest the house rules allow, 95%, or beyond).
    pub loses_at_every_penetration: bool,
}

/// Searches [`SEARCH_PENETRATIONS`] for the deepest at which a perfect
/// counter with 1:[`SEARCH_SPREAD`] still loses.
pub fn deepest_losing_penetration(
    decks: Decks,
    rules: &HouseRules,
    shoes: u64,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<DeepestLosing, TableError> {
    let mut tried = Vec::new();
    for penetration in SEARCH_PENETRATIONS {
        let mut at = *rules;
        at.penetration_permille = penetration;
        let run = countability(decks, &at, shoes, seed, progress)?;
        if let Some(win) = perfect_win_per_100(&run, SEARCH_SPREAD) {
            tried.push(PenetrationWin {
                penetration_permille: penetration,
                win_per_100_hands: *win,
            });
        }
    }
    let losing: Vec<u16> = tried
        .iter()
        .filter(|t| t.win_per_100_hands.mean < 0.0)
        .map(|t| t.penetration_permille)
        .collect();
    Ok(DeepestLosing {
        decks,
        shoes,
        spread: SEARCH_SPREAD,
        deepest_losing_permille: losing.iter().copied().max(),
        loses_at_every_penetration: losing.len() == tried.len(),
        tried,
    })
}

/// The grid: [`GRID_PENETRATIONS`] × [`GRID_DECKS`], `shoes` shoes each.
pub fn countability_grid(
    rules: &HouseRules,
    shoes: u64,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<Countability>, TableError> {
    let mut runs = Vec::new();
    let deck_counts = GRID_DECKS
        .iter()
        .filter_map(|&count| Decks::new(i64::from(count)).ok());
    for decks in deck_counts {
        for penetration in GRID_PENETRATIONS {
            let mut at = *rules;
            at.penetration_permille = penetration;
            runs.push(countability(decks, &at, shoes, seed, progress)?);
        }
    }
    Ok(runs)
}
