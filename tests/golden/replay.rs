//! docs/replay-format.md: two complete hand histories, the exact result
//! `pairs-table replay FILE` prints for each, and the exact history
//! `pairs-table audit export` writes for the same hands recorded in a
//! ledger.

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::StdRng;

use pairs_table::engine::hand::{Action, GameKind, Need};
use pairs_table::engine::rules::{HouseRules, StartRule};
use pairs_table::engine::shoe::ShoeCount;
use pairs_table::engine::table::{CardSource, CardSupply, Seating, Table};
use pairs_table::engine::{Decks, Rank};
use pairs_table::figures::Recorder;
use pairs_table::history::HandHistory;
use pairs_table::ids::HandId;
use pairs_table::ledger::HandContext;

use super::{assert_text, block};
use crate::util::{DEALER, boss, staffed};

const DOC: &str = "docs/replay-format.md";

/// What `pairs-table replay FILE` prints for `history` written to a file.
fn replay_file(name: &str, history: &str) -> String {
    let path = crate::util::temp_db(name).with_extension("json");
    std::fs::write(&path, history).unwrap();
    let output = crate::pairs_table()
        .arg("replay")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{DOC}, {name}: refused: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty(), "{DOC}, {name}: stderr not empty");
    String::from_utf8(output.stdout).unwrap()
}

/// What `pairs-table audit export --hand ID --db FILE` prints.
fn export(path: &Path, hand: HandId) -> String {
    let output = crate::pairs_table()
        .args(["audit", "export", "--hand", &hand.0.to_string(), "--db"])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_rocket_history_replays_to_the_documented_result() {
    let result = replay_file("rocket-history", &block(DOC, "rocket-history"));
    assert_text(DOC, "rocket-result", &result);
}

#[test]
fn the_starboard_history_replays_to_the_documented_result() {
    let result = replay_file("starboard-history", &block(DOC, "starboard-history"));
    assert_text(DOC, "starboard-result", &result);
}

/// The exported histories are the documented ones: they replay to the
/// same results, and parse to the same history as the compact examples.
#[test]
fn the_exported_histories_are_the_documented_hands() {
    for (game, compact) in [
        ("rocket", "rocket-history"),
        ("starboard", "starboard-history"),
    ] {
        let exported = block(DOC, &format!("{game}-export"));
        assert_eq!(
            HandHistory::parse(&exported).unwrap(),
            HandHistory::parse(&block(DOC, compact)).unwrap(),
            "{DOC}: {game}-export is not the hand of {compact}"
        );
        let result = replay_file(&format!("{game}-export"), &exported);
        assert_text(DOC, &format!("{game}-result"), &result);
    }
}

/// Deals the documented history's hand at a table fed by a card-reading
/// shoe (so its cards are exactly the history's), records it in a new
/// ledger, and returns the ledger's path and the hand's id.
fn recorded(history: &HandHistory) -> (std::path::PathBuf, HandId) {
    let (mut ledger, path, _clock, rocket_table) = staffed("golden-export");
    let mut rules = HouseRules::default();
    let (game, decks, seating, cards, actions) = match history {
        HandHistory::Rocket(h) => {
            rules.rocket.start = match h.start.as_str() {
                "low_card" => StartRule::LowCard,
                _ => StartRule::DealerLeft,
            };
            rules.rocket.min_bet_units = h.min_bet as u64;
            rules.rocket.max_bet_units = h.max_bet as u64;
            let bets = h.seats.iter().map(|s| (s.seat as u8, s.bet as u64));
            (
                GameKind::Rocket,
                h.decks,
                Seating::Rocket(bets.collect()),
                &h.cards,
                &h.actions,
            )
        }
        HandHistory::Starboard(h) => {
            rules.starboard.unit = h.unit as u64;
            rules.starboard.rake_percent = h.rake_percent as u64;
            rules.starboard.rake_cap = h.rake_cap as u64;
            let seats = h.seats.iter().map(|s| s.seat as u8);
            (
                GameKind::Starboard,
                h.decks,
                Seating::Starboard(seats.collect()),
                &h.cards,
                &h.actions,
            )
        }
    };
    let decks = Decks::new(decks).unwrap();
    let count = ShoeCount::new(decks, rules.penetration_permille);
    let mut table = Table::new(game, rules, CardSupply::External(count)).unwrap();
    // Three hands before this one; the last button and the carry the
    // history names (Starboard's button passes to the next seat after it).
    match history {
        HandHistory::Rocket(h) => table.resume(3, h.previous_button.map(|b| b as u8), 0),
        HandHistory::Starboard(h) => {
            let before = h
                .seats
                .iter()
                .map(|s| s.seat as u8)
                .rfind(|&s| s < h.button as u8)
                .or_else(|| h.seats.last().map(|s| s.seat as u8));
            table.resume(3, before, h.carry_in as u64);
        }
    }
    let table_id = match game {
        GameKind::Rocket => rocket_table,
        GameKind::Starboard => ledger.table("starboard 1", GameKind::Starboard).unwrap(),
    };
    let shift = ledger.open_table(table_id, DEALER, &boss()).unwrap();
    let shoe = ledger.open_shoe(table_id, decks.count(), None).unwrap();
    let mut recorder = Recorder::new(HandContext {
        table: table_id,
        shift,
        dealer: DEALER,
        shoe,
    });
    table
        .start_hand(&seating, &mut StdRng::seed_from_u64(0))
        .unwrap();
    recorder.sync(&mut ledger, &table).unwrap();
    let (mut cards, mut actions) = (cards.iter(), actions.iter());
    for frame in 0.. {
        match table.need() {
            Need::Done => break,
            Need::Card(_) => {
                let rank = Rank::new(*cards.next().unwrap()).unwrap();
                table
                    .deal_external(rank, CardSource::Scanner { frame })
                    .unwrap();
            }
            Need::Decision { seat, .. } => {
                let decision = actions.next().unwrap();
                assert_eq!(i64::from(seat), decision.seat);
                let action = Action::parse(decision.action.as_deref().unwrap()).unwrap();
                table.act(seat, action).unwrap();
            }
        }
        recorder.sync(&mut ledger, &table).unwrap();
    }
    assert!(cards.next().is_none() && actions.next().is_none());
    let finished = table.finish_hand().unwrap();
    let id = recorder.commit(&mut ledger, &finished).unwrap();
    drop(ledger);
    (path, id)
}

#[test]
fn audit_export_writes_the_documented_histories() {
    for game in ["rocket", "starboard"] {
        let history = HandHistory::parse(&block(DOC, &format!("{game}-history"))).unwrap();
        let (path, id) = recorded(&history);
        assert_eq!(id, HandId(4));
        assert_text(DOC, &format!("{game}-export"), &export(&path, id));
    }
}
