//! Player rating (docs/rating.md): seating rules, ratings recomputed from
//! the hands' own bets and transfers, the command line and the report.

use crate::util::{BOSS, DEALER, boss, dealer, staffed};
use pairs_table::engine::card::Decks;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::money::{Account, TransferKind, net_of};
use pairs_table::engine::rules::HouseRules;
use pairs_table::engine::table::FinishedHand;
use pairs_table::figures::Recorder;
use pairs_table::ids::{HandId, ShiftId, StaffId, TableId};
use pairs_table::ledger::{CountKind, HandContext, Ledger, Role};
use pairs_table::rating::{Period, Rater};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

/// Plays `hands` hands of `config` at `table` in shift `shift`, dealt by
/// DEALER; returns each with its ledger id.
pub(crate) fn play(
    ledger: &mut Ledger,
    (table, shift): (TableId, ShiftId),
    config: &SimConfig,
    hands: u64,
    seed: u64,
) -> Vec<(HandId, FinishedHand)> {
    let shoe = ledger.open_shoe(table, config.decks.count(), None).unwrap();
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    });
    let mut simulation = Simulation::seeded(config, seed).unwrap();
    let position = ledger.table_position(table).unwrap();
    simulation.resume(position.hands_started, position.last_button, position.carry);
    (0..hands)
        .map(|_| {
            let finished = simulation
                .play_hand_with(|t| recorder.sync(ledger, t))
                .unwrap();
            let id = recorder.commit(ledger, &finished).unwrap();
            (id, finished)
        })
        .collect()
}

pub(crate) fn rocket(seats: u8, bet: u64) -> SimConfig {
    SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(2).unwrap(),
        seats,
        bet,
        rules: HouseRules::default(),
        strategy: Strategy::Random,
    }
}

fn raked_starboard() -> SimConfig {
    let mut rules = HouseRules::default();
    rules.starboard.unit = 10;
    rules.starboard.rake_percent = 10;
    SimConfig {
        game: GameKind::Starboard,
        decks: Decks::new(1).unwrap(),
        seats: 4,
        bet: 0,
        rules,
        strategy: Strategy::Random,
    }
}

/// The house's edge per unit for Rocket with 2 decks and the best play.
fn edge() -> f64 {
    pairs_table::par::rocket_figures(Decks::new(2).unwrap(), Strategy::Optimal).house_edge
}

#[test]
fn a_rating_is_the_sum_of_the_seats_bets_and_transfers_with_a_void_reversed() {
    let (mut ledger, _path, clock, table) = staffed("rating-sums");
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    clock.set(2026, 3, 1, 20, 5);
    ledger
        .seat_player(shift, 2, "C-1001", Some("Ann Lee"), DEALER)
        .unwrap();
    clock.set(2026, 3, 1, 20, 10);
    let played = play(&mut ledger, (table, shift), &rocket(3, 50), 40, 11);
    let (voided_id, voided) = &played[7];
    ledger
        .void_hand(*voided_id, "misdeal", DEALER, &boss())
        .unwrap();
    clock.set(2026, 3, 1, 21, 35);
    assert_eq!(ledger.unseat_player(shift, 2, BOSS).unwrap(), "C-1001");
    // Hands after the player left are not theirs.
    play(&mut ledger, (table, shift), &rocket(3, 50), 5, 12);

    let seat = Account::Seat(2);
    let counted: Vec<&FinishedHand> = played
        .iter()
        .filter(|(id, _)| id != voided_id)
        .map(|(_, f)| f)
        .collect();
    let player_net: i64 = counted.iter().map(|f| net_of(&f.transfers, seat)).sum();
    assert_ne!(net_of(&voided.transfers, seat), i64::MIN);
    let wagered = 50 * counted.len() as u64;

    let rating = Rater::new(Strategy::Optimal)
        .rate_player(&ledger, "C-1001", Period::default())
        .unwrap();
    assert_eq!(rating.player.name.as_deref(), Some("Ann Lee"));
    assert_eq!(rating.sessions.len(), 1);
    let r = rating.rating;
    assert_eq!(r.hands, 39);
    assert_eq!(r.wagered, wagered);
    assert_eq!(r.average_bet, 50);
    assert_eq!(r.largest_bet, 50);
    assert_eq!(r.actual_win, -player_net);
    assert_eq!(r.theo, (wagered as f64 * edge()).round() as i64);
    assert_eq!(r.seconds, 90 * 60);
    assert_eq!(r.decisions_per_hour, 26);
    assert_eq!(rating.sessions[0].rating, r);
}

#[test]
fn starboard_theo_is_the_rake_shared_by_what_the_player_paid_into_each_pot() {
    let (mut ledger, _path, _clock, _) = staffed("rating-starboard");
    let table = ledger.table("star 1", GameKind::Starboard).unwrap();
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    ledger.seat_player(shift, 3, "77", None, DEALER).unwrap();
    let played = play(&mut ledger, (table, shift), &raked_starboard(), 60, 5);

    let seat = Account::Seat(3);
    let (mut theo, mut wagered, mut net) = (0.0, 0, 0);
    for (_, hand) in &played {
        let paid = |from: &dyn Fn(Account) -> bool| -> u64 {
            hand.transfers
                .iter()
                .filter(|t| from(t.from) && t.to == Account::Pot)
                .map(|t| t.amount)
                .sum()
        };
        let mine = paid(&|a| a == seat);
        let all = paid(&|a| matches!(a, Account::Seat(_)));
        let rake: u64 = hand
            .transfers
            .iter()
            .filter(|t| t.kind == TransferKind::Rake)
            .map(|t| t.amount)
            .sum();
        theo += rake as f64 * mine as f64 / all as f64;
        wagered += mine;
        net += net_of(&hand.transfers, seat);
    }
    assert!(theo > 20.0, "the rules rake: {theo}");
    let r = Rater::new(Strategy::Optimal)
        .rate_player(&ledger, "77", Period::default())
        .unwrap()
        .rating;
    assert_eq!(r.hands, 60);
    assert_eq!(r.wagered, wagered);
    assert_eq!(r.actual_win, -net);
    assert_eq!(r.theo, theo.round() as i64);
}

#[test]
fn a_player_moving_between_two_tables_is_rated_across_both() {
    let (mut ledger, _path, clock, first) = staffed("rating-two-tables");
    let second = ledger.table("table 2", GameKind::Rocket).unwrap();
    let shift_one = ledger.open_table(first, DEALER, &boss()).unwrap();
    let shift_two = ledger.open_table(second, DEALER, &boss()).unwrap();
    ledger
        .seat_player(shift_one, 1, "500", None, DEALER)
        .unwrap();
    clock.set(2026, 3, 1, 20, 30);
    let at_one = play(&mut ledger, (first, shift_one), &rocket(2, 20), 10, 1);
    clock.set(2026, 3, 1, 20, 45);
    ledger.unseat_player(shift_one, 1, DEALER).unwrap();
    ledger
        .seat_player(shift_two, 4, "500", None, DEALER)
        .unwrap();
    clock.set(2026, 3, 1, 21, 0);
    let at_two = play(&mut ledger, (second, shift_two), &rocket(5, 40), 6, 2);
    // Still seated: the session runs to now.
    clock.set(2026, 3, 1, 21, 30);

    let rating = Rater::new(Strategy::Optimal)
        .rate_player(&ledger, "500", Period::default())
        .unwrap();
    let tables: Vec<&str> = rating
        .sessions
        .iter()
        .map(|s| s.session.table.as_str())
        .collect();
    assert_eq!(tables, ["table 1", "table 2"]);
    assert_eq!(rating.sessions[1].session.unseated_at, None);
    let net: i64 = at_one
        .iter()
        .map(|(_, f)| net_of(&f.transfers, Account::Seat(1)))
        .chain(
            at_two
                .iter()
                .map(|(_, f)| net_of(&f.transfers, Account::Seat(4))),
        )
        .sum();
    let r = rating.rating;
    assert_eq!(
        (r.hands, r.wagered, r.largest_bet),
        (16, 10 * 20 + 6 * 40, 40)
    );
    assert_eq!(r.actual_win, -net);
    assert_eq!(r.seconds, 90 * 60);
    assert_eq!(r.theo, (440.0 * edge()).round() as i64);

    // A period takes only what falls inside it.
    let evening = Period {
        from: Some(
            chrono::DateTime::parse_from_rfc3339("2026-03-01T20:45:00Z")
                .unwrap()
                .into(),
        ),
        to: None,
    };
    let later = Rater::new(Strategy::Optimal)
        .rate_player(&ledger, "500", evening)
        .unwrap();
    assert_eq!((later.rating.hands, later.rating.seconds), (6, 45 * 60));
}

#[test]
fn seating_mistakes_are_refused_with_one_sentence_and_nothing_written() {
    let (mut ledger, _path, _clock, table) = staffed("rating-refusals");
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    ledger
        .seat_player(shift, 1, "900", Some("Bo Diaz"), DEALER)
        .unwrap();
    let head = ledger.head().unwrap();
    let refusals: Vec<(String, &str)> = vec![
        (
            ledger
                .seat_player(shift, 2, "900", None, DEALER)
                .unwrap_err()
                .to_string(),
            "card 900 is already seated at table 1, seat 1; unseat them there first",
        ),
        (
            ledger
                .seat_player(shift, 2, "  ", None, DEALER)
                .unwrap_err()
                .to_string(),
            "enter the player's card number",
        ),
        (
            ledger
                .seat_player(shift, 1, "901", None, DEALER)
                .unwrap_err()
                .to_string(),
            "seat 1 is taken by card 900; unseat them first",
        ),
        (
            ledger
                .seat_player(shift, 7, "901", None, DEALER)
                .unwrap_err()
                .to_string(),
            "seat 7 is not a seat at this table (seats 1 to 6)",
        ),
        (
            ledger
                .seat_player(shift, 2, "9 01", None, DEALER)
                .unwrap_err()
                .to_string(),
            "\"9 01\" is not a card number: use 1 to 20 letters, digits or dashes",
        ),
        (
            ledger
                .unseat_player(shift, 3, DEALER)
                .unwrap_err()
                .to_string(),
            "no rated player is seated at seat 3",
        ),
        (
            ledger
                .seat_player(shift, 2, "900", None, StaffId(99))
                .unwrap_err()
                .to_string(),
            "there is no staff member 99",
        ),
    ];
    for (got, want) in refusals {
        assert_eq!(got, want);
    }
    assert_eq!(ledger.head().unwrap(), head, "a refusal writes nothing");
    ledger
        .add_staff(StaffId(20), "Ava Auditor", Role::Auditor, "5718", &boss())
        .unwrap();
    let head = ledger.head().unwrap();
    assert_eq!(
        ledger
            .seat_player(shift, 2, "901", None, StaffId(20))
            .unwrap_err()
            .to_string(),
        "staff member 20 is an auditor, who may not seat a rated player"
    );
    assert_eq!(ledger.head().unwrap(), head);

    // A known card under another name is refused after the player leaves.
    ledger.unseat_player(shift, 1, DEALER).unwrap();
    let error = ledger
        .seat_player(shift, 2, "900", Some("Someone Else"), DEALER)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "card 900 belongs to Bo Diaz, not Someone Else; check the card"
    );
    ledger.seat_player(shift, 2, "900", None, DEALER).unwrap();
    let seated = ledger.seated_players(Some(table)).unwrap();
    assert_eq!(seated.len(), 1);
    assert_eq!(seated[0].player.name.as_deref(), Some("Bo Diaz"));
    assert_eq!(seated[0].seat, 2);

    // Closing the table unseats everyone rated there.
    ledger
        .waive_count(
            shift,
            CountKind::Closer,
            "the tray went to the cage",
            &boss(),
        )
        .unwrap();
    ledger.close_table(shift, DEALER, &boss()).unwrap();
    assert!(ledger.seated_players(None).unwrap().is_empty());
}

#[test]
fn a_rating_look_up_on_the_pit_screen_needs_a_pit_bosss_pin_and_is_recorded() {
    let (mut ledger, path, _clock, table) = staffed("rating-lookup");
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    ledger.seat_player(shift, 1, "42", None, DEALER).unwrap();
    let head = ledger.head().unwrap();
    let error = ledger
        .record_rating_lookup("42", Some(&dealer()))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "staff member 10 is a dealer, who may not look up a player's rating"
    );
    assert_eq!(ledger.head().unwrap(), head);
    ledger.record_rating_lookup("42", Some(&boss())).unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    let (card, by, via): (String, i64, String) = conn
        .query_row("SELECT card, by_staff, via FROM rating_lookups", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    assert_eq!(
        (card.as_str(), by, via.as_str()),
        ("42", i64::from(BOSS), "pit screen")
    );
    assert!(crate::util::discrepancies(&path).is_empty());
}

#[test]
fn rated_play_by_a_pin_that_may_not_look_up_records_nothing_and_a_pit_bosss_records_each_player() {
    let (mut ledger, path, _clock, table) = staffed("rated-play-lookups");
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    ledger.seat_player(shift, 1, "42", None, DEALER).unwrap();
    ledger.seat_player(shift, 2, "43", None, DEALER).unwrap();
    let head = ledger.head().unwrap();
    let mut rater = Rater::new(Strategy::Optimal);
    let error = rater
        .rated_play(&mut ledger, Period::default(), Some(&dealer()))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "staff member 10 is a dealer, who may not look up players' ratings"
    );
    assert_eq!(ledger.head().unwrap(), head);
    let report = rater
        .rated_play(&mut ledger, Period::default(), Some(&boss()))
        .unwrap();
    let rated: Vec<&str> = report
        .players
        .iter()
        .map(|p| p.player.card.as_str())
        .collect();
    assert_eq!(rated, ["42", "43"]);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let looked_up: Vec<String> = conn
        .prepare("SELECT card FROM rating_lookups ORDER BY seq")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(looked_up, ["42", "43"]);
    assert!(crate::util::discrepancies(&path).is_empty());
}

#[test]
fn the_rating_command_prints_json_and_the_report_from_simulated_rated_play() {
    let path = crate::util::temp_db("rating-cli");
    let run = |args: &[&str]| {
        let output = crate::pairs_table().args(args).output().unwrap();
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    let db = path.to_str().unwrap();
    let common = ["--hands", "120", "--db", db, "--strategy", "random"];
    run(&[
        &[
            "simulate",
            "--game",
            "rocket",
            "--seed",
            "3",
            "--players",
            "11,12",
            "--bet",
            "30",
        ][..],
        &common,
    ]
    .concat());
    run(&[
        &[
            "simulate",
            "--game",
            "rocket",
            "--seed",
            "4",
            "--table",
            "second",
            "--players",
            "12",
        ][..],
        &common,
    ]
    .concat());

    let json: serde_json::Value =
        serde_json::from_str(&run(&["rating", "--db", db, "--player", "12", "--json"])).unwrap();
    assert_eq!(json["hands"], 240);
    assert_eq!(json["wagered"], 120 * 30 + 120 * 100);
    assert_eq!(json["average_bet"], 65);
    assert_eq!(json["sessions"].as_array().unwrap().len(), 2);
    let theo = (15_600.0
        * pairs_table::par::rocket_figures(Decks::new(6).unwrap(), Strategy::Optimal).house_edge)
        .round();
    assert_eq!(json["theo"], theo as i64);
    for field in ["actual_win", "seconds"] {
        assert!(json[field].is_i64(), "{field}");
    }

    let text = run(&["rating", "--db", db, "--player", "11"]);
    assert!(
        text.starts_with("player 11\nhands 120, wagered 3600, average bet 30"),
        "{text}"
    );

    let pdf = path.with_extension("pdf");
    let csv = path.with_extension("csv");
    let printed = run(&[
        "rating",
        "--db",
        db,
        "--from",
        "2000-01-01T00:00:00Z",
        "--to",
        "2100-01-01T00:00:00Z",
        "--out",
        pdf.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(
        printed.trim(),
        format!(
            "printed {}: 2 players, 3 sessions, 360 hands",
            pdf.display()
        )
    );
    let csv = std::fs::read_to_string(&csv).unwrap();
    let total = csv.lines().find(|l| l.starts_with("total,")).unwrap();
    let cells: Vec<&str> = total.split(',').collect();
    assert_eq!(cells[8..10], ["360", "19200"]);
    let by_table: i64 = csv
        .lines()
        .filter(|l| l.starts_with("table,"))
        .map(|l| l.split(',').nth(12).unwrap().parse::<i64>().unwrap())
        .sum();
    assert_eq!(by_table.to_string(), cells[12]);
    let text = crate::pdf_text::pdf_text(&std::fs::read(&pdf).unwrap());
    for words in [
        "Rated play",
        "Players",
        "By table",
        "Sessions",
        "second, seat 1",
    ] {
        assert!(text.contains(words), "{words} in {text}");
    }

    let output = crate::pairs_table()
        .args(["rating", "--db", db, "--player", "404"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim(),
        "pairs-table: no player has card 404"
    );
}

#[test]
fn the_rating_command_refuses_a_backwards_period_and_a_strategy_that_does_not_play_rocket() {
    let path = crate::util::temp_db("rating-cli-refusals");
    let db = path.to_str().unwrap();
    let refused = |args: &[&str]| {
        let output = crate::pairs_table()
            .args(["rating", "--db", db])
            .args(args)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    let backwards = refused(&[
        "--player",
        "1",
        "--from",
        "2026-03-02T00:00:00Z",
        "--to",
        "2026-03-01T00:00:00Z",
    ]);
    assert_eq!(
        backwards.trim(),
        "pairs-table: --to must be later than --from"
    );
    let strategy = refused(&["--player", "1", "--strategy", "realistic"]);
    assert!(
        strategy.starts_with("pairs-table: the realistic strategy does not play Rocket"),
        "{strategy}"
    );
    assert!(!path.exists(), "a refusal makes no ledger");
}
