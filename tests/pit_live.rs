//! The hand being dealt now, in the pit (issue 30, item 9; docs/floor.md,
//! "The hand in progress"): a station publishes its hand in progress to
//! the floor as it goes, signed by its key, the pit shows it seat by seat
//! until the hand commits, a station's credentials write only its own
//! snapshot, and a snapshot its key did not sign is refused. Against a
//! real PostgreSQL, the pit driven with egui_kittest.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use postgres::{Client, NoTls};

use crate::floor::FloorDb;
use crate::util::{run_until, run_until_shown};
use pairs_table::engine::hand::{GameKind, Need};
use pairs_table::floor;
use pairs_table::keys::StationKeys;
use pairs_table::station::live::HandInProgress;
use pairs_table::station::{Actor, Feed, SourceChoice, Station};
use pairs_table::ui::{FloorApp, StationApp};

/// The pit view on `floor_db`.
fn pit_view(floor_db: &FloorDb) -> Harness<'static, FloorApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 1400.0))
        .with_max_steps(8)
        .build_ui_state(
            |ui, app: &mut FloorApp| app.show_ui(ui),
            FloorApp::start(floor_db.url(), egui::Context::default()),
        )
}

/// How many widgets are labelled exactly `text`.
fn count<S>(harness: &Harness<'_, S>, text: &str) -> usize {
    harness.query_all_by_label(text).count()
}

/// The payload of `station`'s hand in progress on the floor, if it has one.
fn on_floor(floor_db: &FloorDb, station: &str) -> Option<Vec<u8>> {
    floor_db
        .admin()
        .query_opt(
            "SELECT payload FROM floor.hands_in_progress WHERE station = $1",
            &[&station],
        )
        .unwrap()
        .map(|r| r.get(0))
}

/// A Rocket table open on a fresh ledger signed by the test keys.
fn rocket_station(name: &str) -> Station {
    let (ledger, _, _) = crate::util::staffed_ledger(name);
    let setup = crate::util::setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe);
    crate::util::open(ledger, setup, Feed::SoftwareShoe)
}

/// Deals from the software shoe until the hand waits for a seat's
/// decision.
fn deal_to_a_decision(station: &mut Station) {
    while let Need::Card(_) = station.table().need() {
        station.deal_from_shoe().unwrap();
    }
}

#[test]
fn the_pit_shows_the_hand_being_dealt_until_it_commits() {
    let floor_db = FloorDb::new();
    let url = floor::enrol(
        &floor_db.url(),
        "station A",
        crate::test_keys().public_key(),
    )
    .unwrap();
    let mut app = StationApp::with_station(rocket_station("live-hand"), egui::Context::default());
    app.ship_to_floor(url, crate::test_keys(), chrono::TimeDelta::minutes(5));
    let mut table = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app);
    table.run();

    // The dealer takes bets and deals to the first decision: the floor
    // holds the hand as the station has it, step by step.
    let station = table.state_mut().station_mut().unwrap();
    station.entry_mut(1).unwrap().bet = "100".into();
    station.entry_mut(3).unwrap().bet = "50".into();
    station.start_hand().unwrap();
    deal_to_a_decision(station);
    let hand = station.hand_in_progress().unwrap();
    assert_eq!(hand.seats, vec![(1, 100), (3, 50)]);
    let Actor::Seat(next) = hand.next else {
        panic!("a seat decides next: {hand:?}");
    };
    run_until(&mut table, "the floor holding the hand in progress", |_| {
        on_floor(&floor_db, "station A") == Some(hand.encode())
    });
    // Not part of the record: no chain row holds it.
    floor_db.settle();

    let mut pit = pit_view(&floor_db);
    run_until_shown(&mut pit, "Pit view: 1 table");
    pit.get_by_label("station A").click();
    run_until_shown(&mut pit, "station A: hand 1 in progress");
    assert_eq!(count(&pit, "seat 1: bet 100"), 1);
    assert_eq!(count(&pit, "seat 3: bet 50"), 1);
    assert_eq!(count(&pit, &format!("next: seat {next}")), 1);
    assert!(
        pit.query_all_by_label_contains("dealer Dana Dealer · started")
            .count()
            == 1
    );
    let faces = pit.query_all_by_label_contains("card ").count();
    assert_eq!(faces, hand.cards.len(), "every card dealt, as a face");
    assert_eq!(count(&pit, "station A: no hand shipped this shift"), 0);

    // The next step reaches the pit without a click, and counts as the
    // station's contact though its last heartbeat was long ago.
    floor_db
        .admin()
        .batch_execute(
            "UPDATE floor.stations SET last_contact = last_contact - interval '2 minutes'",
        )
        .unwrap();
    let station = table.state_mut().station_mut().unwrap();
    let choices = pairs_table::engine::hand::GameKind::Rocket.choices();
    station.decide(choices[0]).unwrap();
    let hand = station.hand_in_progress().unwrap();
    run_until(&mut table, "the next step on the floor", |_| {
        on_floor(&floor_db, "station A") == Some(hand.encode())
    });
    run_until(&mut pit, "the next step in the pit", |p| {
        p.query_all_by_label_contains("card ").count() == hand.cards.len()
    });
    let received: String = floor_db
        .admin()
        .query_one(
            "SELECT to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') \
               FROM floor.hands_in_progress WHERE station = 'station A'",
            &[],
        )
        .unwrap()
        .get(0);
    let received = chrono::DateTime::parse_from_rfc3339(&received).unwrap();
    // The detail may show the step before the next survey reads the
    // links: the last contact follows within that survey.
    run_until(&mut pit, "the published step as the last contact", |p| {
        let contact = p.state().tables().unwrap()[0].link.last_contact.clone();
        contact
            .and_then(|c| chrono::DateTime::parse_from_rfc3339(&c).ok())
            .is_some_and(|contact| contact >= received)
    });

    // The hand commits: the snapshot goes, and the hand arrives as shipped.
    let station = table.state_mut().station_mut().unwrap();
    crate::util::play_on_software_shoe(station);
    station.confirm_settlement().unwrap();
    run_until(&mut table, "the snapshot gone from the floor", |_| {
        on_floor(&floor_db, "station A").is_none()
    });
    run_until_shown(&mut pit, "station A: hand 1, the latest shipped");
    assert_eq!(count(&pit, "station A: hand 1 in progress"), 0);
    assert_eq!(count(&pit, "seat 1: bet 100"), 1);
}

#[test]
fn a_stations_credentials_write_only_its_own_hand_in_progress() {
    let floor_db = FloorDb::new();
    let keys_b = StationKeys::from_secret_bytes([23; 32], [9; 32]);
    let url_a = floor::enrol(&floor_db.url(), "A", crate::test_keys().public_key()).unwrap();
    let url_b = floor::enrol(&floor_db.url(), "B", keys_b.public_key()).unwrap();
    let mut station = rocket_station("live-own");
    station.entry_mut(2).unwrap().bet = "100".into();
    station.start_hand().unwrap();
    let hand = station.hand_in_progress().unwrap();
    let signed = station.sign_hand(&hand).unwrap();
    let mut b = Client::connect(&url_b, NoTls).unwrap();
    let mut a = Client::connect(&url_a, NoTls).unwrap();
    a.execute(
        "SELECT floor.publish_hand($1, $2)",
        &[&signed.payload, &signed.signature.to_vec()],
    )
    .unwrap();
    assert_eq!(on_floor(&floor_db, "A"), Some(signed.payload.clone()));

    // B's credentials: its call writes B's row only, and no statement
    // reaches A's.
    b.execute(
        "SELECT floor.publish_hand($1, $2)",
        &[&b"forged".to_vec(), &vec![0u8; 64]],
    )
    .unwrap();
    assert_eq!(on_floor(&floor_db, "A"), Some(signed.payload.clone()));
    assert_eq!(on_floor(&floor_db, "B"), Some(b"forged".to_vec()));
    for sql in [
        "UPDATE floor.hands_in_progress SET payload = 'x' WHERE station = 'A'",
        "DELETE FROM floor.hands_in_progress WHERE station = 'A'",
        "INSERT INTO floor.hands_in_progress (station, payload, signature) VALUES ('A', 'x', 'x')",
        "SELECT payload FROM floor.hands_in_progress",
    ] {
        let refused = b.batch_execute(sql).unwrap_err();
        assert!(
            refused.to_string().contains("permission denied")
                || format!("{:?}", refused.as_db_error()).contains("permission denied"),
            "{sql}: {refused:?}"
        );
    }
    // B clears its own row; A's stays.
    b.execute("SELECT floor.publish_hand(NULL, NULL)", &[])
        .unwrap();
    assert_eq!(on_floor(&floor_db, "B"), None);
    assert_eq!(on_floor(&floor_db, "A"), Some(signed.payload));
}

#[test]
fn a_hand_in_progress_its_station_did_not_sign_is_refused_and_an_old_one_is_stale() {
    let floor_db = FloorDb::new();
    let url = floor::enrol(
        &floor_db.url(),
        "station A",
        crate::test_keys().public_key(),
    )
    .unwrap();
    let mut station = rocket_station("live-forged");
    station.entry_mut(1).unwrap().bet = "100".into();
    station.start_hand().unwrap();
    deal_to_a_decision(&mut station);
    let hand = station.hand_in_progress().unwrap();
    let signed = station.sign_hand(&hand).unwrap();
    // Someone holding the station's URL, not its key: the bet raised,
    // the station's signature kept.
    let raised = HandInProgress {
        seats: vec![(1, 5000)],
        ..hand.clone()
    };
    let mut holder = Client::connect(&url, NoTls).unwrap();
    let publish = |client: &mut Client, payload: &[u8], signature: &[u8]| {
        client
            .execute("SELECT floor.publish_hand($1, $2)", &[&payload, &signature])
            .unwrap();
    };
    publish(&mut holder, &raised.encode(), &signed.signature);

    let mut pit = pit_view(&floor_db);
    run_until_shown(&mut pit, "Pit view: 1 table");
    pit.get_by_label("station A").click();
    let refusal = "station A: the hand in progress on the floor is refused: \
                   its signature does not match the station's enrolled key";
    run_until_shown(&mut pit, refusal);
    // Not only in the detail: an alarm on the table's card and in the
    // floor's list.
    run_until_shown(
        &mut pit,
        "Floor: the hand in progress it published was refused: its signature does not match",
    );
    assert_eq!(count(&pit, "station A: hand 1 in progress"), 0);
    assert_eq!(count(&pit, "seat 1: bet 5000"), 0);

    // Signed by another station's key: refused the same way.
    let other = StationKeys::from_secret_bytes([24; 32], [9; 32]);
    let by_other = other.sign_hand_in_progress(&raised.encode()).unwrap();
    publish(&mut holder, &raised.encode(), &by_other);
    run_until(&mut pit, "the other key's snapshot refused", |p| {
        p.query_all_by_label_contains("on the floor is refused")
            .count()
            == 1
    });
    assert_eq!(count(&pit, "seat 1: bet 5000"), 0);

    // The station's own: shown; received longer ago than the notice
    // time: shown as stale.
    publish(&mut holder, &signed.payload, &signed.signature);
    run_until_shown(&mut pit, "station A: hand 1 in progress");
    assert_eq!(count(&pit, "seat 1: bet 100"), 1);
    assert_eq!(pit.query_all_by_label_contains("stale:").count(), 0);
    floor_db
        .admin()
        .batch_execute(
            "UPDATE floor.hands_in_progress SET received_at = received_at - interval '6 minutes'",
        )
        .unwrap();
    run_until(&mut pit, "the old snapshot marked stale", |p| {
        p.query_all_by_label_contains("longer ago than the house's notice time")
            .count()
            == 1
    });
}

#[test]
fn a_hand_reopened_after_a_restart_is_published_as_it_was() {
    let (ledger, path, clock) = crate::util::staffed_ledger("live-reopened");
    let setup = crate::util::setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe);
    let mut station = crate::util::open(ledger, setup, Feed::SoftwareShoe);
    station.entry_mut(2).unwrap().bet = "60".into();
    station.start_hand().unwrap();
    deal_to_a_decision(&mut station);
    let before = station.hand_in_progress().unwrap();
    drop(station);
    clock.set(2026, 3, 1, 20, 30);

    let ledger = crate::util::reopen_ledger(&path, &clock);
    let station = match Station::reopen(ledger, |_, _| Ok(Feed::SoftwareShoe)).unwrap() {
        pairs_table::station::Reopened::Table(station) => *station,
        pairs_table::station::Reopened::NoOpenTable(_) => panic!("the table is not open"),
    };
    let after = station.hand_in_progress().unwrap();
    // The same hand, started when it started, with every card dealt so
    // far and the same seat to decide (a software shoe's restart may add
    // steps: a shuffle and burns).
    assert_eq!(
        (
            after.hand,
            after.started_at,
            &after.seats,
            &after.cards,
            after.next
        ),
        (
            before.hand,
            before.started_at,
            &before.seats,
            &before.cards,
            before.next
        )
    );
    assert!(after.steps >= before.steps);
    // Signed with the station's key, which the floor enrolled.
    let signed = station.sign_hand(&after).unwrap();
    let key = pairs_table::keys::CheckpointKey::new(&crate::test_keys().public_key()).unwrap();
    assert!(key.signs_hand_in_progress(&signed.payload, &signed.signature));
}

#[test]
fn a_floor_of_schema_10_holds_hands_in_progress_as_documented_after_the_upgrade() {
    let floor_db = FloorDb::migrated_to(10);
    assert_eq!(
        floor::init(&floor_db.url()).unwrap().version,
        crate::floor::schema_files().len()
    );
    let url = floor::enrol(&floor_db.url(), "A", crate::test_keys().public_key()).unwrap();
    // The table as docs/floor.md ("The floor schema") describes it.
    let mut admin = floor_db.admin();
    let columns = floor_db.columns("hands_in_progress");
    let expected = [
        ("station", "text"),
        ("payload", "bytea"),
        ("signature", "bytea"),
        ("received_at", "timestamp with time zone"),
    ]
    .map(|(name, kind)| (name.to_owned(), kind.to_owned(), "NO".to_owned()));
    assert_eq!(columns, expected);
    // A station enrolled on the upgraded floor publishes; the checks hold
    // whoever writes.
    let mut station = Client::connect(&url, NoTls).unwrap();
    station
        .execute(
            "SELECT floor.publish_hand($1, $2)",
            &[&b"x".to_vec(), &vec![0u8; 64]],
        )
        .unwrap();
    for (payload, signature) in [(1, 65), (16385, 64)] {
        let refused = admin.execute(
            "UPDATE floor.hands_in_progress SET payload = $1, signature = $2",
            &[&vec![0u8; payload], &vec![0u8; signature]],
        );
        assert!(refused.is_err(), "{payload} bytes signed in {signature}");
    }
}
