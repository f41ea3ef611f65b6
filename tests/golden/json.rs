//! The JSON the program prints: `simulate` (docs/simulation.md), `par
//! --json` for Rocket and Starboard (docs/par-sheet.md) and `rating
//! --json` (docs/rating.md), each run with the documented command line
//! and compared byte for byte with the documented output.

use pairs_table::engine::card::Decks;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::rules::HouseRules;
use pairs_table::figures::Recorder;
use pairs_table::ids::{ShiftId, TableId};
use pairs_table::ledger::{HandContext, Ledger};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

use super::{assert_text, block, run, run_in};
use crate::util::{BOSS, DEALER, TestClock, boss, staffed};

/// The arguments of the documented command line in `doc`'s block `name`:
/// one line, `$ pairs-table ARGS`, ARGS split at spaces.
fn command_line(doc: &str, name: &str) -> Vec<String> {
    let text = block(doc, name);
    let line = text
        .strip_prefix("$ pairs-table ")
        .and_then(|rest| rest.strip_suffix('\n'))
        .filter(|rest| !rest.contains('\n'))
        .unwrap_or_else(|| panic!("{doc}, block {name}: not one `$ pairs-table ...` line"));
    line.split(' ').map(str::to_owned).collect()
}

/// Runs the command of `doc`'s block `command` in a directory holding
/// `files` (each a block of `doc` written under its name; an argument that
/// is a file's name is given as its whole path) and compares its output
/// with the block `output`.
fn runs_as_documented(doc: &str, command: &str, files: &[(&str, &str)], output: &str) {
    let dir = crate::util::temp_db(command).with_file_name(command);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, name) in files {
        std::fs::write(dir.join(file), block(doc, name)).unwrap();
    }
    let args: Vec<String> = command_line(doc, command)
        .into_iter()
        .map(|arg| match files.iter().find(|(file, _)| *file == arg) {
            Some((file, _)) => dir.join(file).to_str().unwrap().to_owned(),
            None => arg,
        })
        .collect();
    assert_text(doc, output, &run_in(Some(&dir), &args));
}

const SIMULATION: &str = "docs/simulation.md";

#[test]
fn simulate_prints_the_documented_rocket_summary() {
    runs_as_documented(SIMULATION, "simulate-rocket", &[], "simulate-rocket-json");
}

#[test]
fn simulate_prints_the_documented_counter() {
    runs_as_documented(SIMULATION, "simulate-counter", &[], "simulate-counter-json");
}

#[test]
fn simulate_prints_the_documented_seats() {
    runs_as_documented(SIMULATION, "simulate-seats", &[], "simulate-seats-json");
}

#[test]
fn simulate_prints_the_documented_bettors() {
    runs_as_documented(
        SIMULATION,
        "simulate-bettors",
        &[("bets.csv", "simulate-bets-csv")],
        "simulate-bettors-json",
    );
}

#[test]
fn simulate_prints_the_documented_starboard_summary() {
    runs_as_documented(
        SIMULATION,
        "simulate-starboard",
        &[],
        "simulate-starboard-json",
    );
}

const PAR: &str = "docs/par-sheet.md";

#[test]
fn par_prints_the_documented_rocket_sheet() {
    runs_as_documented(PAR, "par-rocket", &[], "par-rocket-json");
}

#[test]
fn par_prints_the_documented_edge_from_a_shoe() {
    runs_as_documented(PAR, "par-shoe", &[], "par-shoe-json");
}

#[test]
fn par_prints_the_documented_starboard_rake() {
    runs_as_documented(
        PAR,
        "par-starboard",
        &[("house.toml", "par-starboard-rules")],
        "par-starboard-json",
    );
}

const RATING: &str = "docs/rating.md";

/// Plays `hands` hands of Rocket (2 decks, 3 seats betting 50, the random
/// strategy) at `table` in `shift`, dealt by DEALER and recorded; returns
/// the hands' ids.
fn play(
    ledger: &mut Ledger,
    (table, shift): (TableId, ShiftId),
    hands: u64,
    seed: u64,
) -> Vec<pairs_table::ids::HandId> {
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(2).unwrap(),
        seats: 3,
        bet: 50,
        rules: HouseRules::default(),
        strategy: Strategy::Random,
    };
    let shoe = ledger.open_shoe(table, 2, None).unwrap();
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    });
    let mut simulation = Simulation::seeded(&config, seed).unwrap();
    let position = ledger.table_position(table).unwrap();
    simulation.resume(position.hands_started, position.last_button, position.carry);
    (0..hands)
        .map(|_| {
            let finished = simulation
                .play_hand_with(|t| recorder.sync(ledger, t))
                .unwrap();
            recorder.commit(ledger, &finished).unwrap()
        })
        .collect()
}

/// The documented rated player: card C-1001, Ann Lee, seated at seat 2 of
/// table 1 from 20:05 to 21:35 UTC on 2026-03-01, 40 hands dealt from
/// 20:10 (seed 11), the eighth voided.
pub(super) fn rated_ledger() -> std::path::PathBuf {
    let (mut ledger, path, clock, table): (Ledger, _, TestClock, _) = staffed("golden-rating");
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    clock.set(2026, 3, 1, 20, 5);
    ledger
        .seat_player(shift, 2, "C-1001", Some("Ann Lee"), DEALER)
        .unwrap();
    clock.set(2026, 3, 1, 20, 10);
    let hands = play(&mut ledger, (table, shift), 40, 11);
    ledger
        .void_hand(hands[7], "misdeal", DEALER, &boss())
        .unwrap();
    clock.set(2026, 3, 1, 21, 35);
    assert_eq!(ledger.unseat_player(shift, 2, BOSS).unwrap(), "C-1001");
    path
}

#[test]
fn rating_prints_the_documented_player() {
    let path = rated_ledger();
    let mut args = command_line(RATING, "rating-player");
    let db = args.iter().position(|a| a == "FILE").unwrap();
    args[db] = path.to_str().unwrap().to_owned();
    assert_text(RATING, "rating-player-json", &run(&args));
}

/// The print desk's request and answers (docs/reports.md, "Printing while
/// the app runs"): each documented line is read and written back to the
/// same bytes.
#[test]
fn the_print_desks_request_and_answers_are_the_documented_bytes() {
    use pairs_table::print_desk::{PrintAnswer, PrintRequest};
    let request = super::block("docs/reports.md", "print-request");
    let parsed: PrintRequest = serde_json::from_str(&request).unwrap();
    assert_eq!(parsed.shift, Some(12));
    assert_eq!(parsed.pin, "3719");
    super::assert_text(
        "docs/reports.md",
        "print-request",
        &format!("{}\n", serde_json::to_string(&parsed).unwrap()),
    );
    for name in ["print-answer-printed", "print-answer-refused"] {
        let answer: PrintAnswer = serde_json::from_str(&super::block("docs/reports.md", name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        super::assert_text(
            "docs/reports.md",
            name,
            &format!("{}\n", serde_json::to_string(&answer).unwrap()),
        );
    }
    let unknown = request.replace("\"by\":20", "\"by\":20,\"queued\":true");
    assert!(serde_json::from_str::<PrintRequest>(&unknown).is_err());
}

#[test]
fn par_prints_the_documented_countability() {
    runs_as_documented(PAR, "par-countability", &[], "par-countability-json");
}
