//! docs/ledger.md ("hand_edges"): a Rocket hand's game-protection figures
//! as the chained `hand_edges` row keeps them.

use super::{assert_text, block};
use pairs_table::engine::hand::Action;
use pairs_table::protection::{DecisionBasis, DecisionCost, RecordedEdge};

const LEDGER: &str = "docs/ledger.md";

/// The document's example hand.
fn example() -> RecordedEdge {
    let decision = |action, best, cost| DecisionCost { action, best, cost };
    RecordedEdge {
        house_edge: Some(-0.0125),
        basis: DecisionBasis::AtBet,
        decisions: vec![
            (2, decision(Action::Hit, Action::Hit, 0.0)),
            (2, decision(Action::Fold, Action::Fold, 0.0)),
            (5, decision(Action::Fold, Action::Hit, 0.0125)),
        ],
    }
}

#[test]
fn the_figures_are_written_as_documented() {
    let figures = example();
    let house_edge = figures.house_edge_text().expect("the example has an edge");
    assert_text(
        LEDGER,
        "hand-edges",
        &format!(
            "house_edge: {house_edge}\ndecisions: {}\n",
            figures.decisions_text()
        ),
    );
}

#[test]
fn the_documented_figures_read_back() {
    let text = block(LEDGER, "hand-edges");
    let column = |name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(name))
            .unwrap_or_else(|| panic!("{LEDGER}: block hand-edges has no {name}"))
    };
    let read = RecordedEdge::parse(Some(column("house_edge: ")), column("decisions: "))
        .expect("the documented row reads");
    assert_eq!(read, example());
}

#[test]
fn a_version_15_row_reads_as_judged_for_the_cards_left() {
    let text = block(LEDGER, "hand-edges-v15");
    let decisions = text
        .lines()
        .find_map(|line| line.strip_prefix("decisions: "))
        .expect("the block has decisions");
    let read = RecordedEdge::parse(Some("-0.0125"), decisions).expect("the version 15 row reads");
    let expected = RecordedEdge {
        basis: DecisionBasis::CardsLeft,
        ..example()
    };
    assert_eq!(read, expected);
    assert_eq!(read.decisions_text(), decisions, "written back as it was");
}
