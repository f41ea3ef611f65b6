//! The par sheet: Rocket's exact figures against a brute-force enumeration
//! written here separately (exact integer arithmetic over the hand as the
//! rule text deals it), the best play against every other play at every
//! state, and simulation against the exact edge.

use std::collections::HashMap;

use pairs_table::engine::card::{Decks, Rank, RankSet};
use pairs_table::par::rocket::{self, ERROR_BOUND};
use pairs_table::simulate::Strategy;

/// Copies of each rank (index rank − 1) in a one-deck shoe.
const ONE_DECK: [u32; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/// A hand in progress as the rule text deals it: the shoe as copies of
/// each rank, and both stacks in the order dealt.
#[derive(Clone)]
struct Table {
    shoe: [u32; 11],
    player: Vec<u8>,
    dealer: Vec<u8>,
}

impl Table {
    fn of(copies: [u32; 10]) -> Table {
        let mut shoe = [0; 11];
        shoe[1..].copy_from_slice(&copies);
        Table {
            shoe,
            player: Vec::new(),
            dealer: Vec::new(),
        }
    }

    fn left(&self) -> u32 {
        self.shoe.iter().sum()
    }

    fn take(&self, rank: u8) -> Table {
        let mut next = self.clone();
        next.shoe[usize::from(rank)] -= 1;
        next
    }

    fn key(&self) -> (Vec<u8>, Vec<u8>) {
        let mut player = self.player.clone();
        let mut dealer = self.dealer.clone();
        player.sort_unstable();
        dealer.sort_unstable();
        (player, dealer)
    }

    fn ranks(stack: &[u8]) -> RankSet {
        stack.iter().fold(RankSet::EMPTY, |set, &r| {
            set.with(Rank::new(i64::from(r)).unwrap())
        })
    }
}

/// How the player decides in the enumeration.
enum Play<'a> {
    /// Whichever of hit and fold has the higher exact expectation (fold on a tie).
    Best,
    /// As told.
    Follow(&'a dyn Fn(RankSet, RankSet) -> bool),
}

/// Net results −10..=+10 tenths of the bet, each with its chance × scale(n).
type Dist = [i128; 21];

fn expectation(dist: &Dist) -> i128 {
    dist.iter()
        .enumerate()
        .map(|(i, p)| (i as i128 - 10) * p)
        .sum()
}

/// Exact hitting and folding expectations at a decision, tenths of the
/// bet × scale(cards left).
#[derive(Clone, Copy)]
struct Choice {
    hit: i128,
    fold: i128,
    scale: i128,
}

struct Enumeration<'a> {
    play: Play<'a>,
    memo: HashMap<(Vec<u8>, Vec<u8>), Dist>,
    /// Under the best play: every decision's exact choice.
    choices: HashMap<(Vec<u8>, Vec<u8>), Choice>,
    /// The fewest cards a shoe can hold when a hand from it ends, less
    /// one: at most 20 cards leave it in a hand.
    floor: u32,
}

impl Enumeration<'_> {
    /// (floor + 1) × (floor + 2) × … × n: multiplying a value at a shoe of
    /// `n` cards by this makes every chance in it an integer (each card
    /// drawn divides by the cards left).
    fn scale(&self, n: u32) -> i128 {
        (self.floor + 1..=n).map(i128::from).product()
    }

    /// The distribution from the deal, × scale(cards in the shoe).
    fn deal(&mut self, table: &Table) -> Dist {
        let mut dist = [0; 21];
        for first in 1..=10u8 {
            let copies = i128::from(table.shoe[usize::from(first)]);
            if copies == 0 {
                continue;
            }
            let mut after = table.take(first);
            after.player.push(first);
            let sub = self.dealer_card(&after);
            for (d, s) in dist.iter_mut().zip(sub) {
                *d += copies * s;
            }
        }
        dist
    }

    /// The dealer's card: 3 ends it (+3), a pair ends it (+rank), else the
    /// player decides. × scale(cards left before the dealer's card).
    fn dealer_card(&mut self, table: &Table) -> Dist {
        let n = table.left();
        let mut dist = [0; 21];
        for rank in 1..=10u8 {
            let copies = i128::from(table.shoe[usize::from(rank)]);
            if copies == 0 {
                continue;
            }
            let sub = if rank == 3 || table.dealer.contains(&rank) {
                let mut end = [0; 21];
                end[10 + usize::from(rank)] = self.scale(n - 1);
                end
            } else {
                let mut next = table.take(rank);
                next.dealer.push(rank);
                self.decision(&next)
            };
            for (d, s) in dist.iter_mut().zip(sub) {
                *d += copies * s;
            }
        }
        dist
    }

    /// The player's decision. × scale(cards left).
    fn decision(&mut self, table: &Table) -> Dist {
        let key = table.key();
        if let Some(dist) = self.memo.get(&key) {
            return *dist;
        }
        let n = table.left();
        let lowest = table
            .player
            .iter()
            .chain(&table.dealer)
            .min()
            .copied()
            .unwrap();
        let mut fold = [0; 21];
        fold[10 - usize::from(lowest)] = self.scale(n);
        let hits = match &self.play {
            Play::Best => None,
            Play::Follow(hits) => Some(hits(
                Table::ranks(&table.player),
                Table::ranks(&table.dealer),
            )),
        };
        let dist = if hits == Some(false) {
            fold
        } else {
            let mut hit = [0; 21];
            for rank in 1..=10u8 {
                let copies = i128::from(table.shoe[usize::from(rank)]);
                if copies == 0 {
                    continue;
                }
                let sub = if table.player.contains(&rank) {
                    let mut end = [0; 21];
                    end[10 - usize::from(rank)] = self.scale(n - 1);
                    end
                } else {
                    let mut next = table.take(rank);
                    next.player.push(rank);
                    self.dealer_card(&next)
                };
                for (h, s) in hit.iter_mut().zip(sub) {
                    *h += copies * s;
                }
            }
            if hits.is_none() {
                let choice = Choice {
                    hit: expectation(&hit),
                    fold: expectation(&fold),
                    scale: self.scale(n),
                };
                self.choices.insert(key.clone(), choice);
            }
            if hits == Some(true) || expectation(&hit) > expectation(&fold) {
                hit
            } else {
                fold
            }
        };
        self.memo.insert(key, dist);
        dist
    }
}

/// The exact enumeration of a hand from `copies` under `play`: the net
/// result's distribution × the returned scale, and (best play) every
/// decision's choice.
fn enumerate(copies: [u32; 10], play: Play<'_>) -> (Dist, i128, Enumeration<'_>) {
    let cards: u32 = copies.iter().sum();
    let mut enumeration = Enumeration {
        play,
        memo: HashMap::new(),
        choices: HashMap::new(),
        floor: cards.saturating_sub(21),
    };
    let dist = enumeration.deal(&Table::of(copies));
    let whole = enumeration.scale(cards);
    (dist, whole, enumeration)
}

fn one_deck() -> Decks {
    Decks::new(1).unwrap()
}

/// The chance of each net result, as f64 (exact integers divided once).
fn chances(dist: &Dist, whole: i128) -> Vec<f64> {
    assert_eq!(dist.iter().sum::<i128>(), whole, "chances sum to 1");
    dist.iter().map(|&p| p as f64 / whole as f64).collect()
}

fn assert_close(what: &str, ours: f64, exact: f64) {
    assert!(
        (ours - exact).abs() <= ERROR_BOUND,
        "{what}: par sheet {ours:.15}, enumeration {exact:.15}"
    );
}

/// Checks the par sheet's figures of a play against the enumeration's.
fn check_figures(name: &str, figures: &rocket::RocketFigures, dist: &Dist, whole: i128) {
    let exact = chances(dist, whole);
    for chance in &figures.net_tenths {
        let index = (chance.tenths + 10) as usize;
        assert_close(
            &format!("{name} net {}", chance.tenths),
            chance.probability,
            exact[index],
        );
    }
    assert_eq!(exact[10], 0.0, "no hand ends even");
    let mean: f64 = exact
        .iter()
        .enumerate()
        .map(|(i, p)| p * (i as f64 - 10.0))
        .sum();
    let square: f64 = exact
        .iter()
        .enumerate()
        .map(|(i, p)| p * (i as f64 - 10.0).powi(2))
        .sum();
    assert_close(&format!("{name} edge"), figures.house_edge, -mean / 10.0);
    let variance = (square - mean * mean) / 100.0;
    assert_close(&format!("{name} variance"), figures.variance, variance);
    assert_close(&format!("{name} std dev"), figures.std_dev, variance.sqrt());
    assert_close(
        &format!("{name} hit frequency"),
        figures.hit_frequency,
        exact[11..].iter().sum(),
    );
}

#[test]
fn one_deck_best_play_matches_a_brute_force_enumeration_exactly() {
    let decks = one_deck();
    let solution = rocket::solve(decks);
    let (best, whole, _) = enumerate(ONE_DECK, Play::Best);
    let exact_edge = -(expectation(&best) as f64) / whole as f64 / 10.0;
    assert_close("best edge", solution.house_edge(), exact_edge);
    // The par sheet's own decisions, played out exactly, are worth exactly
    // the best: no decision of the f64 solution is a mistake.
    let strategy = solution.strategy();
    let follow = |p: RankSet, d: RankSet| strategy.hits(p, d);
    let (played, _, _) = enumerate(ONE_DECK, Play::Follow(&follow));
    assert_eq!(expectation(&played), expectation(&best));
    let figures = rocket::figures(decks, |p, d| f64::from(u8::from(strategy.hits(p, d))));
    check_figures("optimal", &figures, &played, whole);
    // The forward pass and the backward induction agree.
    assert_close("forward edge", figures.house_edge, solution.house_edge());
    // A sanity anchor: the house has the edge, of a few percent.
    assert!(
        (0.0..0.1).contains(&solution.house_edge()),
        "{}",
        solution.house_edge()
    );
}

#[test]
fn one_deck_figures_of_every_pure_strategy_match_the_enumeration() {
    let decks = one_deck();
    for strategy in [Strategy::NextCard, Strategy::Bold, Strategy::Timid] {
        let follow = |p: RankSet, d: RankSet| strategy.rocket_hit_chance(p, d, decks) > 0.5;
        let (dist, whole, _) = enumerate(ONE_DECK, Play::Follow(&follow));
        let figures = rocket::figures(decks, |p, d| strategy.rocket_hit_chance(p, d, decks));
        check_figures(&strategy.to_string(), &figures, &dist, whole);
    }
}

/// Small shoes, each checked against the exact enumeration (the full deck
/// is checked through the par sheet's solver): a deck with cards gone,
/// shoes rich in 3s and without any, a shoe of low cards only, and shoes
/// made up at random (a fixed generator).
fn small_shoes() -> Vec<[u32; 10]> {
    let mut shoes = vec![
        [0, 2, 1, 4, 5, 3, 7, 2, 9, 6],
        [1, 2, 9, 4, 5, 6, 2, 3, 1, 2],
        [1, 2, 0, 2, 3, 3, 4, 4, 5, 5],
        [3, 3, 3, 3, 0, 0, 0, 0, 0, 0],
    ];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..3 {
        shoes.push(std::array::from_fn(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 5) as u32
        }));
    }
    shoes
}

#[test]
fn the_edge_from_small_shoes_matches_an_exact_enumeration() {
    for copies in small_shoes() {
        let shoe = rocket::ShoeCounts::new(copies).unwrap();
        let edge = rocket::edge_from_shoe(&shoe);
        let (best, whole, enumeration) = enumerate(copies, Play::Best);
        let exact_edge = -(expectation(&best) as f64) / whole as f64 / 10.0;
        assert_close(&format!("{copies:?} edge"), edge.house_edge(), exact_edge);
        assert!(!enumeration.choices.is_empty());
        // Every decision a hand can reach: hitting's value, and the best play
        // wherever hit and fold are not within the error of a tie.
        for ((player, dealer), choice) in &enumeration.choices {
            let (player, dealer) = (Table::ranks(player), Table::ranks(dealer));
            let values = edge.decision(player, dealer).unwrap();
            let exact_hit = choice.hit as f64 / choice.scale as f64 / 10.0;
            let exact_fold = choice.fold as f64 / choice.scale as f64 / 10.0;
            assert_close(
                &format!("{copies:?} hit {player:?} v {dealer:?}"),
                values.hit,
                exact_hit,
            );
            assert_close("fold", values.fold, exact_fold);
            if (exact_hit - exact_fold).abs() > 2.0 * ERROR_BOUND {
                assert_eq!(
                    values.hits(),
                    choice.hit > choice.fold,
                    "{copies:?} {player:?} v {dealer:?}"
                );
            }
        }
    }
}

#[test]
fn the_edge_from_a_full_shoe_is_the_par_sheets() {
    for count in 1..=8 {
        let decks = Decks::new(count).unwrap();
        let solution = rocket::solve(decks);
        let edge = rocket::edge_from_shoe(&rocket::ShoeCounts::full(decks));
        assert_close(
            &format!("{count} decks"),
            edge.house_edge(),
            solution.house_edge(),
        );
        let sheet = pairs_table::par::RocketSheet::new(decks, &Default::default(), 0, 0).unwrap();
        assert_eq!(
            edge.first_decisions(),
            sheet.first_decision,
            "{count} decks"
        );
        if count == 1 || count == 6 {
            for (player, dealer) in decision_states() {
                let Some(values) = edge.decision(player, dealer) else {
                    assert!(solution.value_at(player, dealer).is_some() && count == 1);
                    continue;
                };
                let best = solution.value_at(player, dealer).unwrap();
                assert_close("value", values.hit.max(values.fold), best / 10.0);
                assert_eq!(
                    values.hits(),
                    solution.strategy().hits(player, dealer),
                    "{count} decks, {player:?} v {dealer:?}"
                );
            }
        }
    }
}

#[test]
fn a_shoe_edge_solved_again_in_place_is_a_fresh_ones() {
    let six = rocket::ShoeCounts::full(Decks::new(6).unwrap());
    let low = rocket::ShoeCounts::new([3, 3, 3, 3, 0, 0, 0, 0, 0, 0]).unwrap();
    let mut edge = rocket::edge_from_shoe(&six);
    edge.solve(&low);
    let fresh = rocket::edge_from_shoe(&low);
    assert_eq!(edge.house_edge(), fresh.house_edge());
    assert_eq!(edge.first_decisions(), fresh.first_decisions());
    // A decision the low shoe cannot reach is none, whatever was solved before.
    let five = RankSet::EMPTY.with(Rank::new(5).unwrap());
    assert_eq!(edge.decision(five, five), None);
}

#[test]
fn a_decision_solved_alone_has_the_whole_solves_values_to_the_bit() {
    // Every decision state of three shoes (a part-dealt six-deck shoe, a
    // thin one-deck one, one with no 3s), one solver reused throughout:
    // the part of the game below each decision gives exactly the whole
    // solve's figures there, and none where the whole solve has none.
    let shoes = [
        rocket::ShoeCounts::new([5, 9, 17, 20, 28, 30, 40, 41, 50, 55]).unwrap(),
        rocket::ShoeCounts::new([1, 2, 1, 3, 2, 4, 3, 5, 6, 4]).unwrap(),
        rocket::ShoeCounts::new([2, 4, 0, 8, 10, 12, 14, 16, 18, 20]).unwrap(),
    ];
    let mut alone = rocket::DecisionSolver::new();
    for shoe in &shoes {
        let whole = rocket::edge_from_shoe(shoe);
        let mut compared = 0;
        for p in 1u16..1 << 10 {
            for d in 0u16..1 << 10 {
                // Every first decision and a spread of the deeper ones.
                let sampled = p.count_ones() == 1 || (u32::from(p) * 31 + u32::from(d)) % 97 == 0;
                if d.count_ones() != p.count_ones() || !sampled {
                    continue;
                }
                let (player, dealer) = (RankSet::from_bits(p), RankSet::from_bits(d));
                let expected = whole.decision(player, dealer);
                assert_eq!(
                    alone.values(shoe, player, dealer),
                    expected,
                    "{shoe} {p:b} {d:b}"
                );
                compared += usize::from(expected.is_some());
            }
        }
        assert!(compared > 300, "{shoe}: only {compared} decisions compared");
    }
}

#[test]
fn timid_play_folds_once_for_the_lower_first_card() {
    // Checked by hand: the player pays the lower of the two first cards
    // unless the dealer's first card is a 3.
    let decks = one_deck();
    let figures = rocket::figures(decks, |_, _| 0.0);
    let three_first = 3.0 / 55.0;
    assert_close(
        "three first",
        figures.outcomes.dealer_three_first_card,
        three_first,
    );
    assert_close("decisions", figures.decisions_per_hand, 1.0 - three_first);
    assert_close("cards", figures.cards_per_hand, 2.0);
    assert_eq!(figures.hits_per_hand, 0.0);
}

/// Every decision state: equal stack sizes 1..=9, no 3 with the dealer.
fn decision_states() -> impl Iterator<Item = (RankSet, RankSet)> {
    (1u16..1 << 10).flat_map(|player| {
        (1u16..1 << 10)
            .filter(move |dealer| dealer & 0b100 == 0 && dealer.count_ones() == player.count_ones())
            .map(move |dealer| (RankSet::from_bits(player), RankSet::from_bits(dealer)))
    })
}

#[test]
fn the_best_play_is_never_worse_than_another_at_any_state() {
    for count in [1, 6] {
        let decks = Decks::new(count).unwrap();
        let solution = rocket::solve(decks);
        for strategy in [
            Strategy::NextCard,
            Strategy::Bold,
            Strategy::Timid,
            Strategy::Random,
        ] {
            let other = rocket::state_values(decks, |p, d| strategy.rocket_hit_chance(p, d, decks));
            let mut strictly_better = 0;
            for (player, dealer) in decision_states() {
                let best = solution.value_at(player, dealer).unwrap();
                let theirs = other.at(player, dealer).unwrap();
                assert!(
                    best >= theirs - ERROR_BOUND,
                    "{count} decks, {strategy} beats the best at {player:?} v {dealer:?}: {theirs} > {best}"
                );
                strictly_better += u32::from(best > theirs + ERROR_BOUND);
            }
            assert!(
                strictly_better > 0,
                "{strategy} plays like the best everywhere"
            );
            assert!(other.start() < -10.0 * solution.house_edge());
        }
    }
}

#[test]
fn simulation_at_one_seat_agrees_with_the_exact_edge() {
    let decks = Decks::new(6).unwrap();
    let rules = pairs_table::engine::rules::HouseRules::default();
    for (strategy, seed) in [(Strategy::Optimal, 11), (Strategy::NextCard, 12)] {
        let exact = pairs_table::par::rocket_figures(decks, strategy).house_edge;
        let simulated =
            pairs_table::par::rocket_simulated_edge(decks, &rules, strategy, 1, 150_000, seed)
                .unwrap();
        assert!(
            simulated.covers(exact),
            "{strategy}: exact {exact}, simulated {simulated:?}"
        );
        // The interval is narrow enough to tell the two strategies apart.
        assert!(simulated.high - simulated.low < 0.012, "{simulated:?}");
    }
}

#[test]
fn the_par_command_prints_the_documented_json() {
    let output = crate::pairs_table()
        .args([
            "par", "--game", "rocket", "--decks", "2", "--json", "--hands", "2000", "--seed", "5",
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let sheet: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(sheet["game"], "rocket");
    assert_eq!(sheet["decks"], 2);
    assert_eq!(sheet["seed"], 5);
    let decks = Decks::new(2).unwrap();
    for (name, strategy) in Strategy::on_the_par_sheet(pairs_table::engine::hand::GameKind::Rocket)
    {
        let edge = sheet["strategies"][name]["house_edge"].as_f64().unwrap();
        let exact = pairs_table::par::rocket_figures(decks, strategy).house_edge;
        assert!(
            (edge - exact).abs() <= ERROR_BOUND,
            "{name}: {edge} v {exact}"
        );
        let chances = sheet["strategies"][name]["net_tenths"].as_array().unwrap();
        let total: f64 = chances
            .iter()
            .map(|c| c["probability"].as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-9, "{name}: {total}");
    }
    let optimal = sheet["strategies"]["optimal"]["house_edge"]
        .as_f64()
        .unwrap();
    let next_card = sheet["strategies"]["next_card"]["house_edge"]
        .as_f64()
        .unwrap();
    assert!(
        next_card - optimal > 0.01,
        "the best play gains over a point"
    );
    assert_eq!(sheet["seats"].as_array().unwrap().len(), 6);
    let seat = &sheet["seats"][0]["house_edge"];
    assert!(seat["low"].as_f64().unwrap() <= seat["high"].as_f64().unwrap());
    // The best play folds a 6 to 9 against the dealer's 1, as the issue says.
    let against_one = &sheet["first_decision"][0];
    assert_eq!(against_one["dealer"], 1);
    for card in 6..=9 {
        assert!(
            against_one["fold"]
                .as_array()
                .unwrap()
                .contains(&card.into()),
            "{against_one}"
        );
    }
    // Every deck count, with the edge rising with decks.
    let output = crate::pairs_table()
        .args(["par", "--game", "rocket", "--json", "--hands", "0"])
        .output()
        .unwrap();
    let all: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let edges: Vec<f64> = all["edge_by_decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["house_edge"]["optimal"].as_f64().unwrap())
        .collect();
    assert_eq!(edges.len(), 8);
    assert!(edges.windows(2).all(|w| w[0] < w[1]), "{edges:?}");
    assert_eq!(all["sheets"][7]["decks"], 8);
}

#[test]
fn simulate_plays_the_optimal_strategy_and_refuses_it_at_starboard() {
    let output = crate::pairs_table()
        .args([
            "simulate",
            "--game",
            "rocket",
            "--strategy",
            "optimal",
            "--hands",
            "200",
            "--seed",
            "3",
            "--seats",
            "2",
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["strategy"], "optimal");
    let output = crate::pairs_table()
        .args([
            "simulate",
            "--game",
            "starboard",
            "--strategy",
            "optimal",
            "--hands",
            "5",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("does not play Starboard"), "{error}");
    // The former name still works.
    let output = crate::pairs_table()
        .args([
            "simulate",
            "--game",
            "rocket",
            "--strategy",
            "basic",
            "--hands",
            "5",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["strategy"], "next_card");
}

#[test]
fn the_strategy_cards_rules_reproduce_the_full_table() {
    for count in [1, 6] {
        let solution = rocket::solve(Decks::new(count).unwrap());
        let card = pairs_table::par::card::StrategyCard::new(&solution);
        let decisions = solution.reachable_decisions();
        assert_eq!(card.states, decisions.len());
        let mut by_rule = 0;
        for &(player, dealer, hit) in &decisions {
            assert_eq!(card.hits(player, dealer), hit, "{player:?} v {dealer:?}");
            by_rule += usize::from(card.rule_hits(player, dealer) == hit);
        }
        // The rules alone get the great majority right; the rest are listed.
        assert_eq!(by_rule + card.exceptions.len(), decisions.len());
        assert!(
            card.exceptions.len() * 20 < decisions.len(),
            "{}",
            card.exceptions.len()
        );
        // Dealer's 1: the first card folds from 7 (one deck) or 6 (the
        // issue's example, six decks) up.
        let against_one = card.first_hits.iter().find(|(d, _)| *d == 1).unwrap();
        let folds_from = if count == 1 { 7 } else { 6 };
        assert!(
            !against_one.1.contains(&folds_from) && against_one.1.contains(&(folds_from - 1)),
            "{against_one:?}"
        );
    }
}

#[test]
fn the_par_command_writes_the_par_sheet_and_a_one_page_strategy_card() {
    let dir = std::env::temp_dir().join(format!("pairs-table-par-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (sheet, card) = (dir.join("sheet.pdf"), dir.join("card.pdf"));
    let output = crate::pairs_table()
        .args([
            "par", "--game", "rocket", "--decks", "1", "--hands", "0", "--pdf",
        ])
        .arg(&sheet)
        .arg("--card")
        .arg(&card)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let card_text = crate::pdf_text::pdf_text(&std::fs::read(&card).unwrap());
    assert!(
        card_text.contains("Rocket best play, 1 deck"),
        "{card_text}"
    );
    assert!(card_text.contains("Page 1 of 1"), "one page: {card_text}");
    assert!(card_text.contains("Your first decision") && card_text.contains("Exceptions"));
    let edge = pairs_table::par::rocket_figures(one_deck(), Strategy::Optimal).house_edge;
    assert!(
        card_text.contains(&format!("{:.4}%", edge * 100.0)),
        "{card_text}"
    );
    let sheet_text = crate::pdf_text::pdf_text(&std::fs::read(&sheet).unwrap());
    assert!(sheet_text.contains("Rocket par sheet, 1 deck"));
    assert!(sheet_text.contains("Exceptions to the rule"));
    // Without --countability, no Countability page.
    assert!(!sheet_text.contains("Seen: a card dealt face up"));
    // --pdf needs one deck count.
    let output = crate::pairs_table()
        .args(["par", "--game", "rocket", "--pdf"])
        .arg(&sheet)
        .output()
        .unwrap();
    assert!(!output.status.success());
}

#[test]
fn starboard_strategies_knock_players_out_and_the_par_gives_the_rake() {
    let rules_file =
        std::env::temp_dir().join(format!("pairs-table-par-rake-{}.toml", std::process::id()));
    std::fs::write(
        &rules_file,
        "[starboard]\nunit = 2\nrake_percent = 5\nrake_cap = 3\n",
    )
    .unwrap();
    let output = crate::pairs_table()
        .args([
            "par",
            "--game",
            "starboard",
            "--json",
            "--hands",
            "1500",
            "--seed",
            "4",
        ])
        .arg("--rules")
        .arg(&rules_file)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let par: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(par["game"], "starboard");
    let median = par["median_pot"].as_u64().unwrap();
    assert!((10..=40).contains(&median), "{median}");
    assert_eq!(par["rake_on_median_pot"], median * 5 / 100);
    let tables = par["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 6 * 6, "six strategies at 2 to 7 players");
    let knock_outs = |strategy: &str| -> f64 {
        tables
            .iter()
            .filter(|t| t["strategy"] == strategy)
            .map(|t| t["knock_outs_per_hand"].as_f64().unwrap())
            .sum()
    };
    // One threshold for everyone locks everyone at the same count.
    assert_eq!(knock_outs("next_card"), 0.0);
    assert!(knock_outs("mixed") > 1.0 && knock_outs("realistic") > 1.0);
    for table in tables {
        let hand = &table["rake_per_hand"];
        let (mean, low, high) = (
            hand["mean"].as_f64().unwrap(),
            hand["low"].as_f64().unwrap(),
            hand["high"].as_f64().unwrap(),
        );
        assert!(low <= mean && mean <= high && mean <= 3.0, "{table}");
        let hour = table["rake_per_hour"]["mean"].as_f64().unwrap();
        assert!((hour - 60.0 * mean).abs() < 1e-9, "{table}");
    }
    // More players pay in more: seven realistic players are raked more than two.
    let rake_at = |players: u64| {
        tables
            .iter()
            .find(|t| t["strategy"] == "realistic" && t["players"] == players)
            .unwrap()["rake_per_hand"]["mean"]
            .as_f64()
            .unwrap()
    };
    assert!(rake_at(7) > rake_at(2));
}

#[test]
fn rules_refuses_a_rake_that_collects_nothing_on_the_median_pot() {
    let dir = std::env::temp_dir().join(format!("pairs-table-rake-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let token = dir.join("token.toml");
    std::fs::write(&token, "[starboard]\nrake_percent = 5\n").unwrap();
    let output = crate::pairs_table()
        .arg("rules")
        .arg(&token)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("starboard.rake_percent")
            && error.contains("collects nothing on the median pot"),
        "{error}"
    );
    assert_eq!(error.trim().lines().count(), 1, "one sentence: {error}");
    let honest = dir.join("honest.toml");
    std::fs::write(
        &honest,
        "[starboard]\nunit = 2\nrake_percent = 5\nrake_cap = 3\n",
    )
    .unwrap();
    let card = dir.join("card.pdf");
    let output = crate::pairs_table()
        .arg("rules")
        .arg(&honest)
        .args(["--game", "starboard", "--card"])
        .arg(&card)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(printed.contains("# starboard median pot:"), "{printed}");
    // The card shows exactly what the rake collects on typical pots:
    // 5% of 20 units paid in is 1, of 80 it is 4 but the cap is 3.
    let text = crate::pdf_text::pdf_text(&std::fs::read(&card).unwrap());
    assert!(text.contains("What the rake collects"), "{text}");
    assert!(text.contains("20\t1"), "{text}");
    assert!(text.contains("80\t3"), "{text}");
}

#[test]
fn the_par_command_refuses_a_bad_shoe_in_one_sentence() {
    for (shoe, says) in [
        ("1,2,3", "ten counts"),
        ("1,2,3,4,5,6,7,8,9,ten", "not a whole number"),
        ("1,2,3,4,5,6,7,8,9,-10", "not a whole number"),
        ("2,0,0,0,0,0,0,0,0,0", "too few"),
        ("0,1,1,1,1,1,1,1,1,1", "too few"),
    ] {
        let output = crate::pairs_table()
            .args(["par", "--game", "rocket", "--shoe", shoe])
            .output()
            .unwrap();
        assert!(!output.status.success(), "{shoe}");
        assert!(output.stdout.is_empty(), "{shoe}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(says), "{shoe}: {error}");
        assert_eq!(error.trim().lines().count(), 1, "one sentence: {error}");
    }
    // Twenty cards, nine of them different ranks: stacks reach 5 at most.
    let output = crate::pairs_table()
        .args(["par", "--game", "rocket", "--shoe", "1,1,1,1,1,1,1,1,1,11"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("house edge"));
}

#[test]
fn the_effect_of_removing_a_three_is_the_exact_edge_of_a_shoe_one_three_short() {
    let decks = one_deck();
    let effects = pairs_table::par::count::effects_of_removal(decks);
    let mut short = ONE_DECK;
    short[2] -= 1;
    let (dist, whole, _) = enumerate(short, Play::Best);
    let exact = -(expectation(&dist) as f64) / whole as f64 / 10.0;
    let change = exact - rocket::solve(decks).house_edge();
    assert!(
        (effects.house_edge_change[2] - change).abs() <= 2.0 * ERROR_BOUND,
        "{} v {change}",
        effects.house_edge_change[2]
    );
    // At every deck count: a 3 leaving helps the house most (the dealer's 3
    // pays every player), 1s and 2s help it too, every card from 5 up helps
    // the player, and a 3's effect shrinks as the shoe grows.
    let all = pairs_table::par::count::effects_by_decks();
    for e in &all {
        let change = e.house_edge_change;
        assert!(change.iter().all(|c| *c <= change[2]), "{e:?}");
        assert!(change[0] > 0.0 && change[1] > 0.0, "{e:?}");
        assert!(change[4..].iter().all(|c| *c < 0.0), "{e:?}");
    }
    for pair in all.windows(2) {
        assert!(pair[1].house_edge_change[2] < pair[0].house_edge_change[2]);
        assert!(pair[1].house_edge > pair[0].house_edge);
    }
}

/// The correlation over one deck's 55 cards (rank r weighs r) of `tags`
/// with `effects`, written out here.
fn correlation(tags: &[i8; 10], effects: &[f64; 10]) -> f64 {
    let weight = |i: usize| (i + 1) as f64;
    let mean = |x: &dyn Fn(usize) -> f64| (0..10).map(|i| weight(i) * x(i)).sum::<f64>() / 55.0;
    let (t, e) = (mean(&|i| f64::from(tags[i])), mean(&|i| effects[i]));
    let cross = mean(&|i| (f64::from(tags[i]) - t) * (effects[i] - e));
    let tt = mean(&|i| (f64::from(tags[i]) - t).powi(2));
    let ee = mean(&|i| (effects[i] - e).powi(2));
    cross / (tt * ee).sqrt()
}

#[test]
fn the_count_is_better_than_every_count_one_tag_away_and_its_pivot_is_where_its_edge_turns() {
    for count in [1, 6] {
        let decks = Decks::new(count).unwrap();
        let effects = pairs_table::par::count::effects_of_removal(decks);
        let player = effects.house_edge_change.map(|c| -c);
        let found = pairs_table::par::count::best_count(&effects);
        let best = correlation(&found.tags, &player);
        assert!((found.betting_correlation - best).abs() < 1e-12);
        assert!(best > 0.9, "a count close to the effects: {best}");
        let searched = |tags: &[i8; 10]| {
            let (low, high) = (tags.iter().min().unwrap(), tags.iter().max().unwrap());
            high - low <= 4
        };
        for rank in 0..10 {
            for step in [-1, 1] {
                let mut other = found.tags;
                other[rank] += step;
                if searched(&other) && other.iter().any(|&t| t != other[0]) {
                    assert!(
                        correlation(&other, &player) <= best + 1e-9,
                        "{other:?} beats {:?}",
                        found.tags
                    );
                }
            }
        }
        // The fitted edge at the pivot is zero; the true count of a fresh
        // shoe is zero, and it rises as the low cards it tags come out.
        let at_pivot = -effects.house_edge + found.edge_per_true_count * found.pivot_true_count;
        assert!(at_pivot.abs() < 1e-12, "{at_pivot}");
        let cards = u64::from(decks.cards());
        assert_eq!(found.true_count(&[0; 10], cards), 0.0);
        let mut seen = [0; 10];
        seen[9] = 10;
        assert!(found.true_count(&seen, cards - 10) > 0.0);
        seen[2] = 3;
        assert!(
            found.true_count(&seen, cards - 13)
                < found.true_count(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 13], cards - 13)
        );
    }
}

/// A countability run on `threads` worker threads.
fn countability_on(threads: usize, shoes: u64) -> pairs_table::par::countability::Countability {
    let rules = pairs_table::engine::rules::HouseRules::default();
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(|| {
            pairs_table::par::countability::countability(one_deck(), &rules, shoes, 5, &|| {})
                .unwrap()
        })
}

#[test]
fn countability_does_not_depend_on_the_threads_and_a_bigger_spread_wins_more() {
    let one = countability_on(1, 6);
    let two = countability_on(2, 6);
    assert_eq!(one, two);
    // Every shoe's first hand is a full shoe's: the par sheet's edge.
    let first = &one.by_depth[0];
    assert_eq!(first.hands, 6);
    assert!((first.mean_house_edge.unwrap() - one.full_shoe_house_edge).abs() < 1e-12);
    // A flat bettor wins minus the mean edge over every hand, the same
    // per 100 hands and per unit bet.
    let mean: f64 = one
        .by_depth
        .iter()
        .filter_map(|bin| bin.mean_house_edge.map(|m| m * bin.hands as f64))
        .sum::<f64>()
        / one.hands as f64;
    let flat = &one.perfect[0];
    assert_eq!(flat.spread, 1);
    assert!((flat.win_per_100_hands.mean + 100.0 * mean).abs() < 1e-9);
    assert!((flat.win_per_money_bet.mean + mean).abs() < 1e-12);
    // Betting more only when the player has the edge wins more.
    for pair in one.perfect.windows(2) {
        assert!(pair[1].win_per_100_hands.mean >= pair[0].win_per_100_hands.mean);
    }
    // The seen cards (not the burns) leave the shoe the player knows.
    let seen =
        pairs_table::par::countability::seen_shoe(one_deck(), &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(seen.map(|s| s.cards()), Some(54));
}

/// Copies of each rank seen before a hand whose record is `events`, from
/// `seen` after the hand before: a shuffle before its first card starts over.
fn seen_before(events: &[pairs_table::engine::table::HandEvent], seen: &[u32; 10]) -> [u32; 10] {
    use pairs_table::engine::shoe::ShoeEvent;
    use pairs_table::engine::table::HandEvent;
    for event in events {
        match event {
            HandEvent::Card { .. } => break,
            HandEvent::Shoe(ShoeEvent::Shuffled(_)) => return [0; 10],
            _ => {}
        }
    }
    *seen
}

/// A one-deck, one-seat Rocket simulation playing `optimal_seen` and
/// betting `counter:8`.
fn counting_simulation(seed: u64) -> pairs_table::simulate::Simulation {
    use pairs_table::simulate::{BetStrategy, SimConfig, Simulation};
    let config = SimConfig {
        game: pairs_table::engine::hand::GameKind::Rocket,
        decks: one_deck(),
        seats: 1,
        bet: 100,
        rules: pairs_table::engine::rules::HouseRules::default(),
        strategy: Strategy::OptimalSeen,
    };
    let mut simulation = Simulation::seeded(&config, seed).unwrap();
    simulation.set_betting(BetStrategy::Counter(8)).unwrap();
    simulation
}

#[test]
fn a_counter_bets_its_spread_exactly_when_the_seen_cards_favour_the_player() {
    use pairs_table::engine::table::HandEvent;
    let min = pairs_table::engine::rules::HouseRules::default()
        .rocket
        .min_bet_units;
    let mut simulation = counting_simulation(9);
    let (mut seen, mut big, mut small) = ([0u32; 10], 0, 0);
    for _ in 0..80 {
        let finished = simulation.play_hand().unwrap();
        seen = seen_before(&finished.events, &seen);
        let favourable = pairs_table::par::countability::seen_shoe(one_deck(), &seen)
            .is_some_and(|shoe| rocket::edge_from_shoe(&shoe).house_edge() < 0.0);
        let bet = finished.setup.seats[0].1;
        assert_eq!(bet, if favourable { 8 * min } else { min }, "{seen:?}");
        if favourable {
            big += 1;
        } else {
            small += 1;
        }
        for event in &finished.events {
            if let HandEvent::Card { rank, .. } = event {
                seen[rank.index()] += 1;
            }
        }
    }
    assert!(big > 5 && small > 5, "{big} big bets, {small} small");
}

/// Simulated outcomes of `counter:8` with `optimal_seen` against
/// countability's exact figure at 1:8, one deck (minutes unoptimised:
/// `cargo test --release --test tests par::simulated_counter -- --ignored`,
/// which `./test.sh` runs after the others).
#[test]
#[ignore]
fn simulated_counter_agrees_with_countability() {
    let min = pairs_table::engine::rules::HouseRules::default()
        .rocket
        .min_bet_units as f64;
    let exact = countability_on(2, 4_000);
    let figure = exact.perfect[3].win_per_100_hands;
    assert_eq!(exact.perfect[3].spread, 8);
    let mut simulation = counting_simulation(21);
    let wins: Vec<f64> = (0..150_000)
        .map(|_| {
            let finished = simulation.play_next().unwrap();
            100.0 * finished.hand.net(1).unwrap() as f64 / min
        })
        .collect();
    let simulated = pairs_table::par::Estimate::of(&wins);
    let allowed = (simulated.high - simulated.mean) + (figure.high - figure.mean);
    assert!(
        (simulated.mean - figure.mean).abs() <= allowed,
        "simulated {simulated:?}, exact {figure:?}"
    );
}

#[test]
fn par_countability_with_pdf_adds_a_countability_page_with_its_figures() {
    let sheet = std::env::temp_dir().join(format!(
        "pairs-table-par-countability-{}.pdf",
        std::process::id()
    ));
    let output = crate::pairs_table()
        .args([
            "par",
            "--game",
            "rocket",
            "--decks",
            "1",
            "--hands",
            "0",
            "--countability",
            "--shoes",
            "4",
            "--grid-shoes",
            "2",
            "--seed",
            "5",
            "--json",
            "--pdf",
        ])
        .arg(&sheet)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let text = crate::pdf_text::pdf_text(&std::fs::read(&sheet).unwrap());
    let _ = std::fs::remove_file(&sheet);
    assert!(text.contains("Rocket par sheet, 1 deck"), "{text}");
    for piece in [
        "Countability",
        "House edge from the cards seen, by share of the shoe dealt",
        "Win per 100 hands by bet spread, 99% interval ends as points",
        "Seen: a card dealt face up into a hand since the last shuffle;",
    ] {
        assert!(text.contains(piece), "{piece} missing: {text}");
    }
    // Every spread's row: the perfect counter's and the simple count's
    // win per 100 hands with their intervals, as the JSON gives them.
    let run = &json["countability"];
    let figure = |value: &serde_json::Value| format!("{:+.3}", value.as_f64().unwrap());
    for (perfect, simple) in run["perfect"]
        .as_array()
        .unwrap()
        .iter()
        .zip(run["simple_count"].as_array().unwrap())
    {
        let (p, s) = (&perfect["win_per_100_hands"], &simple["win_per_100_hands"]);
        let row = format!(
            "1:{}\t{}\t{} to {}\t{}\t{} to {}",
            perfect["spread"],
            figure(&p["mean"]),
            figure(&p["low"]),
            figure(&p["high"]),
            figure(&s["mean"]),
            figure(&s["low"]),
            figure(&s["high"])
        );
        assert!(text.contains(&row), "{row} missing: {text}");
    }
    let flowing = text.replace(['\n', '\t'], " ");
    let hands = format!(
        "4 shoes of 1 deck dealt to the cut card at 80.0% penetration, 5 burned: {} hands",
        run["hands"]
    );
    assert!(flowing.contains(&hands), "{hands} missing: {text}");
    let deepest = &json["deepest_losing"];
    let sentence = match (
        deepest["deepest_losing_permille"].as_f64(),
        deepest["loses_at_every_penetration"].as_bool().unwrap(),
    ) {
        (Some(p), false) => format!("with 1:8 still loses: {:.1}%.", p / 10.0),
        (_, true) => "with 1:8 loses at every penetration from 50% to 95%".to_owned(),
        (None, false) => "with 1:8 wins at every penetration from 50% to 95%".to_owned(),
    };
    assert!(flowing.contains(&sentence), "{sentence} missing: {text}");
}

/// Issue 33, item 4's simple-count bettor: `count:8` bets 8 × the minimum
/// exactly when the level-2 count's true count of the cards seen is above
/// its pivot (worked out here from `par::count`), the minimum otherwise;
/// it plays `next_card`, so no exact solve is needed for it.
#[test]
fn a_count_bettor_bets_its_spread_exactly_when_the_true_count_is_above_the_pivot() {
    use pairs_table::engine::table::HandEvent;
    use pairs_table::par::count::{best_count, effects_of_removal};
    use pairs_table::simulate::{BetStrategy, SimConfig, Simulation};
    let rules = pairs_table::engine::rules::HouseRules::default();
    let min = rules.rocket.min_bet_units;
    let config = SimConfig {
        game: pairs_table::engine::hand::GameKind::Rocket,
        decks: one_deck(),
        seats: 1,
        bet: 100,
        rules,
        strategy: Strategy::NextCard,
    };
    let mut simulation = Simulation::seeded(&config, 17).unwrap();
    simulation.set_betting(BetStrategy::Count(8)).unwrap();
    let count = best_count(&effects_of_removal(one_deck()));
    let (mut seen, mut big, mut small) = ([0u32; 10], 0, 0);
    for _ in 0..300 {
        let finished = simulation.play_hand().unwrap();
        seen = seen_before(&finished.events, &seen);
        let unseen = u64::from(one_deck().cards()) - u64::from(seen.iter().sum::<u32>());
        let favourable = count.true_count(&seen, unseen) > count.pivot_true_count;
        let bet = finished.setup.seats[0].1;
        assert_eq!(bet, if favourable { 8 * min } else { min }, "{seen:?}");
        if favourable {
            big += 1;
        } else {
            small += 1;
        }
        for event in &finished.events {
            if let HandEvent::Card { rank, .. } = event {
                seen[rank.index()] += 1;
            }
        }
    }
    assert!(big > 5 && small > 5, "{big} big bets, {small} small");
}

#[test]
fn many_shoes_on_standard_input_give_each_shoes_figures() {
    use std::io::Write;
    let shoes = [
        "0,2,1,4,5,3,7,2,9,6",
        "1,2,3,4,5,6,7,8,9,10",
        "0,0,3,4,5,6,7,8,9,10",
    ];
    let mut child = crate::pairs_table()
        .args(["par", "--game", "rocket", "--shoe", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("{}\n1,2,3\n\n{}\n{}\n", shoes[0], shoes[1], shoes[2]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(1),
        "a refused line fails the run"
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "pairs-table: 1 line(s) were not shoes (each answered with its error)\n"
    );
    let lines: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(
        lines.len(),
        4,
        "one line per line given, the blank one skipped"
    );
    assert_eq!(
        lines[1],
        r#"{"error":"a shoe is ten counts, of ranks 1 to 10, separated by commas; this has 3","line":2}"#
    );
    // Each shoe's line holds, to the bit, what `--shoe C1,...,C10 --json` prints for it alone.
    for (line, shoe) in [lines[0], lines[2], lines[3]].into_iter().zip(shoes) {
        let alone = crate::pairs_table()
            .args(["par", "--game", "rocket", "--shoe", shoe, "--json"])
            .output()
            .unwrap();
        assert!(alone.status.success());
        let alone: serde_json::Value = serde_json::from_slice(&alone.stdout).unwrap();
        assert_eq!(line, serde_json::to_string(&alone).unwrap(), "shoe {shoe}");
    }
}

#[test]
fn simulate_refuses_a_table_of_back_counters_alone() {
    let output = crate::pairs_table()
        .args([
            "simulate", "--game", "rocket", "--hands", "5", "--seats", "2", "--seed", "1",
        ])
        .args(["--seat-betting", "backcount,backcount"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "pairs-table: every seat bets backcount: a back-counter watches other players' hands, so at least one seat must play every hand\n"
    );
}

/// A simulation's summary as JSON, to compare field by field.
fn summary_json(summary: &pairs_table::simulate::Summary) -> String {
    serde_json::to_string(summary).unwrap()
}

#[test]
fn simulate_gives_the_same_result_on_one_thread_and_on_two() {
    use pairs_table::engine::hand::GameKind;
    use pairs_table::engine::rules::HouseRules;
    use pairs_table::simulate::{BLOCK_HANDS, BetStrategy, BlockRun, SimConfig, Simulation};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(1).unwrap(),
        seats: 2,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    let betting = [BetStrategy::Count(8), BetStrategy::Flat];
    let run = |hands: u64, threads: usize| {
        BlockRun {
            config: &config,
            seat_betting: &betting,
            follow_seats: true,
            hands,
        }
        .play(&mut StdRng::seed_from_u64(9), threads)
        .unwrap()
    };
    // Three blocks, the last of one hand: the same summary on 1 and 2 threads.
    let hands = 2 * BLOCK_HANDS + 1;
    let (one, two) = (run(hands, 1), run(hands, 2));
    assert_eq!(one.hands, hands);
    assert_eq!(one.shuffles, two.shuffles);
    assert_eq!(summary_json(&one), summary_json(&two));
    let seats_net: i64 = one.by_seat.iter().map(|s| s.net).sum();
    assert_eq!(seats_net, one.players_net);

    // One block is the single table a seed always gave.
    let mut master = StdRng::seed_from_u64(9);
    let mut table = Simulation::new(
        &config,
        StdRng::from_rng(&mut master),
        StdRng::from_rng(&mut master),
    )
    .unwrap();
    table.set_seat_betting(&betting).unwrap();
    let mut alone = pairs_table::simulate::Summary::default();
    alone.follow_seats(table.players());
    for _ in 0..1000 {
        alone.add(table.play_next().unwrap());
    }
    assert_eq!(summary_json(&run(1000, 2)), summary_json(&alone));
}

#[test]
fn simulate_refuses_threads_with_a_ledger_and_zero_threads() {
    let refused = |more: &[&str]| {
        let output = crate::pairs_table()
            .args([
                "simulate", "--game", "rocket", "--hands", "5", "--seed", "1",
            ])
            .args(more)
            .output()
            .unwrap();
        assert!(!output.status.success());
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let with_db = refused(&["--threads", "2", "--db", "/nonexistent/never-made.sqlite3"]);
    assert!(
        with_db.contains("the argument '--threads <N>' cannot be used with '--db <DB>'"),
        "{with_db}"
    );
    let zero = refused(&["--threads", "0"]);
    assert!(
        zero.contains("invalid value '0' for '--threads <N>'"),
        "{zero}"
    );
}
