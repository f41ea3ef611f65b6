//! The pit boss's work from the pit (issue 46, item 4; docs/floor.md,
//! "Printing at the pit" and "What waits for a pit boss"): any table's
//! shift report printed from the floor's verified rows, numbered and
//! recorded on the floor; what waits for a pit boss at every table, read
//! from the tables' records. Against a real PostgreSQL.

use std::path::Path;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sha2::{Digest, Sha256};

use crate::floor::{FloorDb, dir};
use crate::pdf_text::pdf_text;
use crate::util::{BOSS, DEALER, dealt, run_until, run_until_shown, staffed, type_into};
use pairs_table::floor;
use pairs_table::floor::prints::{PitPrint, print_at_pit, recorded_prints};
use pairs_table::ledger::{AlarmKind, CountKind, CountState};
use pairs_table::report::Layout;
use pairs_table::ui::FloorApp;

/// The pit's URL on `floor_db` (its role; trust auth on the test server).
fn pit_url(floor_db: &FloorDb) -> String {
    let (_, pit) = floor::role_names(&floor_db.name);
    floor_db.url().replacen("postgres@", &format!("{pit}@"), 1)
}

/// The SHA-256 of the file at `path`, in hex.
fn sha_of(path: &Path) -> String {
    hex::encode(Sha256::digest(std::fs::read(path).unwrap()))
}

#[test]
fn a_pit_boss_prints_any_tables_shift_report_at_the_pit_and_the_floor_records_it() {
    let floor_db = FloorDb::new();
    let out = dir("pit-print");
    let (mut ledger, path, _clock, table) = staffed("pit-print");
    dealt(&mut ledger, table, 6, 4);
    let url = floor::enrol(&floor_db.url(), "north", crate::test_keys().public_key()).unwrap();
    floor::ship(&path, &url, None).unwrap();
    floor_db.settle();
    let station_head = ledger.head().unwrap();
    let pit = pit_url(&floor_db);

    // From the pit view: the table drilled into, the pit boss's ID, print.
    let app = FloorApp::start(pit.clone(), egui::Context::default());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut FloorApp| app.show_ui(ui), app);
    run_until_shown(&mut harness, "Pit view: 1 table");
    harness.get_by_label("north").click();
    harness.run();
    run_until_shown(&mut harness, "Print this table's shift report");
    harness
        .get_by_label("Print this table's shift report")
        .click();
    harness.run();
    run_until_shown(&mut harness, "Print shift 1");
    let first = out.join("first.pdf");
    // Nobody named: refused in a sentence, which goes once an ID is typed.
    harness.get_by_label("Print shift 1").click();
    harness.run();
    run_until_shown(&mut harness, "type the pit boss's staff ID first");
    type_into(&mut harness, "Pit boss's staff ID", &BOSS.to_string());
    assert!(
        harness
            .query_by_label("type the pit boss's staff ID first")
            .is_none()
    );
    type_into(&mut harness, "Save the PDF to", first.to_str().unwrap());
    harness.get_by_label("Print shift 1").click();
    harness.run();
    run_until_shown(
        &mut harness,
        "Saved floor copy 1 of shift 1 (INTERIM: the shift is open)",
    );
    let text = pdf_text(&std::fs::read(&first).unwrap());
    for said in [
        "INTERIM FLOOR COPY",
        "floor copy 1 of this shift, INTERIM: the shift is open, printed at the pit from the floor's verified copy of station north's chain",
        "Pat Boss (#1), named at the pit",
    ] {
        assert!(
            text.replace('\n', " ").contains(said),
            "{said:?} not in {text}"
        );
    }

    // From the command line: the next copy of the same shift, with CSV.
    let (second, csv) = (out.join("second.pdf"), out.join("second.csv"));
    let saved = print_at_pit(
        &pit,
        &out,
        &PitPrint {
            station: "north".into(),
            shift: None,
            by: BOSS,
        },
        (&second, Some(&csv)),
        &Layout::standard().unwrap(),
    )
    .unwrap();
    assert_eq!(saved.report.print.number, 2);
    assert!(saved.report.print.interim);
    let csv_text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        csv_text.contains(",interim_floor_copy"),
        "the CSV says what print it is: {csv_text}"
    );

    // Recorded on the floor, where an auditor finds them; the station's
    // own ledger untouched.
    let prints = recorded_prints(&pit, None).unwrap();
    assert_eq!(
        prints.iter().map(|p| p.copy).collect::<Vec<_>>(),
        [1, 2],
        "{prints:?}"
    );
    assert_eq!(prints[0].pdf_sha256, sha_of(&first));
    assert_eq!(prints[1].pdf_sha256, sha_of(&second));
    assert_eq!(prints[1].through_seq, station_head.rows);
    assert_eq!(
        (prints[1].printed_by.id, prints[1].printed_by.name.as_str()),
        (BOSS, "Pat Boss")
    );
    assert_eq!(ledger.head().unwrap(), station_head);

    // Refusals: a dealer, someone the station does not know, a station the
    // floor does not know; nothing recorded, no file left.
    let refused = |station: &str, by, name: &str| {
        let pdf = out.join(name);
        let error = print_at_pit(
            &pit,
            &out,
            &PitPrint {
                station: station.into(),
                shift: None,
                by,
            },
            (&pdf, None),
            &Layout::standard().unwrap(),
        )
        .unwrap_err()
        .to_string();
        assert!(!pdf.exists(), "{name} left behind");
        error
    };
    assert_eq!(
        refused("north", DEALER, "dealer.pdf"),
        "Dana Dealer (10) is not a pit boss at station north: a floor copy is printed by one of its pit bosses"
    );
    assert_eq!(
        refused("north", pairs_table::ids::StaffId(99), "nobody.pdf"),
        "station north has no staff member 99: a floor copy is printed by one of its pit bosses"
    );
    assert_eq!(
        refused("south", BOSS, "south.pdf"),
        "there is no station \"south\" on the floor"
    );
    assert_eq!(recorded_prints(&pit, Some("north")).unwrap().len(), 2);

    // The record of prints cannot be changed, even by the floor's owner.
    let changed = floor_db
        .admin()
        .execute("UPDATE floor.report_prints SET copy = 7", &[]);
    assert_eq!(
        changed.unwrap_err().as_db_error().map(|e| e.message()),
        Some("floor report prints are unalterable")
    );
}

#[test]
fn the_pit_sees_what_waits_for_a_pit_boss_at_every_table() {
    let floor_db = FloorDb::new();
    let (mut ledger, path, _clock, table) = staffed("pit-waits");
    dealt(&mut ledger, table, 3, 2);
    ledger
        .raise_alarm(table, AlarmKind::Scanner, "the shoe misread a card", None)
        .unwrap();
    // The dealer types a wrong PIN until the account locks.
    while !ledger.lock_state(DEALER).unwrap().locked {
        assert!(ledger.sign_in(DEALER, "0000").is_err());
    }
    let url = floor::enrol(&floor_db.url(), "north", crate::test_keys().public_key()).unwrap();
    floor::ship(&path, &url, None).unwrap();
    floor_db.settle();

    let app = FloorApp::start(pit_url(&floor_db), egui::Context::default());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut FloorApp| app.show_ui(ui), app);
    run_until(&mut harness, "the table's waits read", |h| {
        h.state()
            .tables()
            .is_some_and(|t| t.len() == 1 && !t[0].waiting.is_empty())
    });
    let table = harness.state().tables().unwrap()[0].clone();
    let waits: Vec<&str> = table.waiting.iter().map(|w| w.what.as_str()).collect();
    let shift = ledger.open_shift_now().unwrap().unwrap().shift;
    let opener_missing =
        ledger.count_state(shift, CountKind::Opener).unwrap() == CountState::Missing;
    assert!(opener_missing, "util::dealt plays before the opener");
    assert_eq!(
        waits,
        [
            "the opener: play waits for the tray's opening count",
            "Dana Dealer (10) locked out after wrong PINs: a pit boss lifts it"
        ]
    );
    assert_eq!(
        table.alarms.len(),
        1,
        "the alarm waits too, in its own list"
    );
    run_until_shown(&mut harness, "Waiting for a pit boss at the table (");
    run_until_shown(
        &mut harness,
        "locked out after wrong PINs: a pit boss lifts it",
    );
    run_until_shown(&mut harness, "waits for a pit boss (");
}

#[test]
fn floor_print_and_floor_prints_on_a_floor_upgraded_from_schema_13() {
    let mut floor_db = FloorDb::migrated_to(13);
    let done = floor::init(&floor_db.url()).unwrap();
    assert_eq!(
        (done.from, done.version),
        (13, crate::floor::schema_files().len())
    );
    // The table as docs/floor.md ("The floor schema") describes it.
    let expected = [
        ("station", "text"),
        ("table_id", "bigint"),
        ("shift_id", "bigint"),
        ("copy", "integer"),
        ("shift_open", "boolean"),
        ("through_seq", "bigint"),
        ("head_hash", "bytea"),
        ("printed_by", "bigint"),
        ("printed_by_name", "text"),
        ("pdf_sha256", "bytea"),
        ("printed_at", "timestamp with time zone"),
        ("printed_from", "text"),
    ]
    .map(|(name, kind)| (name.to_owned(), kind.to_owned(), "NO".to_owned()));
    assert_eq!(floor_db.columns("report_prints"), expected);

    let (mut ledger, path, _clock, table) = staffed("pit-print-cli");
    dealt(&mut ledger, table, 4, 7);
    let url = floor::enrol(&floor_db.url(), "east", crate::test_keys().public_key()).unwrap();
    floor::ship(&path, &url, None).unwrap();
    // This floor runs no verifier: nothing is verified, nothing printed.
    let out = dir("pit-print-cli");
    let pit = pit_url(&floor_db);
    let run = |args: &[&str]| {
        let out = crate::pairs_table()
            .args(["floor"])
            .args(args)
            .args(["--floor", &pit])
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let pdf = out.join("east.pdf");
    let print = [
        "print",
        "--station",
        "east",
        "--by",
        "1",
        "--out",
        pdf.to_str().unwrap(),
    ];
    let (code, _, said) = run(&print);
    assert_eq!(
        (code, said.as_str()),
        (
            Some(1),
            "pairs-table: station east has nothing verified on the floor yet, so there is no report to print\n"
        )
    );
    assert_eq!(
        run(&["prints"]).1,
        "no shift report has been printed at the pit\n"
    );
    // The floor's own checks, as the pit's role meets them: a copy is
    // made from verified rows only, and of a station the floor has.
    let mut as_pit = postgres::Client::connect(&pit, postgres::NoTls).unwrap();
    let mut refused = |sql: &str| {
        as_pit
            .batch_execute(sql)
            .unwrap_err()
            .as_db_error()
            .map(|e| e.message().to_owned())
    };
    assert_eq!(
        refused(
            "SELECT floor.record_report_print('east', 1, 1, 1, true, 5, \
                 decode(repeat('00', 32), 'hex'), 1, 'Pat Boss', decode(repeat('00', 32), 'hex'))"
        )
        .as_deref(),
        Some(
            "a floor copy of station east is made from its verified rows only (through row 0), not row 5"
        )
    );
    assert_eq!(
        refused("SELECT * FROM floor.next_report_copy('west', 1, 1)").as_deref(),
        Some("there is no station west on the floor")
    );

    floor_db.start_verifier();
    floor_db.settle();
    let (code, printed, said) = run(&print);
    assert_eq!(code, Some(0), "{said}");
    let head = ledger.head().unwrap().rows;
    assert_eq!(
        printed,
        format!(
            "printed {}: floor copy 1 of shift 1 at table 1 (station east), through its row {head} (INTERIM: the shift is open); recorded on the floor\n",
            pdf.display()
        )
    );
    let (_, listed, _) = run(&["prints", "--station", "east"]);
    assert!(
        listed.contains(&format!(
            "station east table 1 shift 1: floor copy 1 (interim) through row {head}, by Pat Boss (1) as role "
        )),
        "{listed}"
    );
    assert!(
        listed.ends_with(&format!("PDF sha256 {}\n", sha_of(&pdf))),
        "{listed}"
    );
    let (_, json, _) = run(&["prints", "--json"]);
    // The keys in the documented order (docs/floor.md).
    let keys = [
        "station",
        "table_id",
        "shift_id",
        "copy",
        "interim",
        "through_seq",
        "printed_by",
        "printed_by_name",
        "printed_at",
        "printed_from",
        "pdf_sha256",
    ];
    let places: Vec<usize> = keys
        .iter()
        .map(|key| json.find(&format!("\"{key}\":")).expect(key))
        .collect();
    assert!(places.is_sorted(), "{json}");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let copy = &json[0];
    assert_eq!(
        (
            copy["station"].as_str(),
            copy["copy"].as_i64(),
            copy["interim"].as_bool(),
            copy["through_seq"].as_i64(),
            copy["printed_by"].as_u64(),
            copy["pdf_sha256"].as_str().map(str::to_owned)
        ),
        (
            Some("east"),
            Some(1),
            Some(true),
            Some(head),
            Some(1),
            Some(sha_of(&pdf))
        )
    );
}
