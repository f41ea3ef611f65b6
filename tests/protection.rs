//! Game protection (docs/game-protection.md): the edge at every bet and the
//! cost of every decision, recomputed from a table's cards.

use pairs_table::engine::card::{Decks, Rank, RankSet};
use pairs_table::engine::hand::{Action, GameKind};
use pairs_table::engine::rules::HouseRules;
use pairs_table::engine::shoe::ShoeCount;
use pairs_table::engine::table::{CardSource, CardSupply, FinishedHand, Seating, Table};
use pairs_table::par::rocket::{ShoeCounts, edge_from_shoe};
use pairs_table::protection::EdgeTracker;
use rand::SeedableRng;
use rand::rngs::StdRng;

const SCANNED: CardSource = CardSource::Scanner { frame: 0 };

fn rank(value: i64) -> Rank {
    Rank::new(value).unwrap()
}

/// A one-deck Rocket table dealt from a card-reading shoe.
fn scanner_table() -> Table {
    let rules = HouseRules::default();
    let count = ShoeCount::new(Decks::new(1).unwrap(), rules.penetration_permille);
    Table::new(GameKind::Rocket, rules, CardSupply::External(count)).unwrap()
}

/// Deals one hand: `cards` in dealing order, `decisions` by seat 1 between
/// them as (after how many cards, action).
fn deal(table: &mut Table, bet: u64, cards: &[i64], decisions: &[(usize, Action)]) -> FinishedHand {
    let mut rng = StdRng::seed_from_u64(1);
    table
        .start_hand(&Seating::Rocket(vec![(1, bet)]), &mut rng)
        .unwrap();
    for (i, &card) in cards.iter().enumerate() {
        table.deal_external(rank(card), SCANNED).unwrap();
        for &(_, action) in decisions.iter().filter(|(after, _)| *after == i + 1) {
            table.act(1, action).unwrap();
        }
    }
    table.finish_hand().unwrap()
}

fn shuffle_and_burn(table: &mut Table, burns: &[i64]) {
    table.external_shuffle().unwrap();
    for &burn in burns {
        table.burn_external(rank(burn), SCANNED).unwrap();
    }
}

fn full_less(seen: &[i64]) -> ShoeCounts {
    let mut copies = ShoeCounts::full(Decks::new(1).unwrap()).copies();
    for &card in seen {
        copies[rank(card).index()] -= 1;
    }
    ShoeCounts::new(copies).unwrap()
}

fn set(cards: &[i64]) -> RankSet {
    cards.iter().fold(RankSet::EMPTY, |s, &c| s.with(rank(c)))
}

#[test]
fn the_edge_at_each_bet_is_the_cards_seen_since_the_shuffle_and_burns_are_unseen() {
    let mut table = scanner_table();
    let mut tracker = EdgeTracker::new();
    shuffle_and_burn(&mut table, &[10, 10, 9, 9, 8]);
    // Hand 1: seat 1 gets a 5, the dealer a 7; seat 1 folds.
    let first = deal(&mut table, 20, &[5, 7], &[(2, Action::Fold)]);
    let first = tracker.track(&first).unwrap();
    let full = edge_from_shoe(&ShoeCounts::full(Decks::new(1).unwrap()));
    assert_eq!(first.house_edge, Some(full.house_edge()));
    // The fold is judged on the full shoe (the 5 and the 7 are the stacks).
    let values = full.decision(set(&[5]), set(&[7])).unwrap();
    assert_eq!(values.fold, -0.5, "folding costs the lowest card, 5 tenths");
    let decision = first.seats[0].decisions[0];
    assert_eq!(decision.action, Action::Fold);
    let best = values.hit.max(values.fold);
    assert!((decision.cost - (best - values.fold)).abs() < 1e-12);
    assert_eq!(decision.matches(), !values.hits());
    assert!(
        (first.seats[0].mistakes_cost_units() - 20.0 * decision.cost).abs() < 1e-9,
        "a mistake costs the bet times the value given away"
    );

    // Hand 2: the 5 and the 7 are seen; the five burns are not.
    let second = deal(
        &mut table,
        10,
        &[2, 6, 4, 8],
        &[(2, Action::Hit), (4, Action::Fold)],
    );
    let second = tracker.track(&second).unwrap();
    let expected = edge_from_shoe(&full_less(&[5, 7])).house_edge();
    assert_eq!(second.house_edge, Some(expected));
    assert_ne!(
        second.house_edge,
        Some(edge_from_shoe(&full_less(&[5, 7, 10, 10, 9, 9, 8])).house_edge())
    );
    // The hit at (2 | 6) is judged with the 5 and 7 gone, the fold at
    // (2 4 | 6 8) too: the stacks go back into the shoe the model starts from.
    let hit = edge_from_shoe(&full_less(&[5, 7]))
        .decision(set(&[2]), set(&[6]))
        .unwrap();
    let decisions = &second.seats[0].decisions;
    assert_eq!(decisions.len(), 2);
    assert!((decisions[0].cost - (hit.hit.max(hit.fold) - hit.hit)).abs() < 1e-12);
    let fold = edge_from_shoe(&full_less(&[5, 7]))
        .decision(set(&[2, 4]), set(&[6, 8]))
        .unwrap();
    assert_eq!(fold.fold, -0.2);
    assert!((decisions[1].cost - (fold.hit.max(fold.fold) - fold.fold)).abs() < 1e-12);

    // A shuffle long before the cut card: listed with the edge just before.
    shuffle_and_burn(&mut table, &[1, 2, 3, 4, 5]);
    let third = deal(&mut table, 10, &[8, 3], &[]);
    let third = tracker.track(&third).unwrap();
    assert_eq!(third.house_edge, Some(full.house_edge()));
    let shuffles = tracker.shuffles();
    assert_eq!(shuffles.len(), 1);
    let shuffle = shuffles[0];
    assert_eq!(shuffle.before_hand, 3);
    assert_eq!(shuffle.cards_taken, 5 + 2 + 4);
    assert_eq!(shuffle.cut_card_at, 44, "80% of 55 cards, rounded up");
    assert!(shuffle.before_cut_card() && !shuffle.deeper_than_penetration());
    assert_eq!(
        shuffle.house_edge,
        Some(edge_from_shoe(&full_less(&[5, 7, 2, 6, 4, 8])).house_edge())
    );
}
