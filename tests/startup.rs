//! The start-up checks: every start is recorded with the program's
//! fingerprint, a changed program or a chain that fails its check raises
//! an alarm that stops play until a pit boss clears it, and the app runs
//! the checks off the window's thread.

use std::path::Path;
use std::time::Duration;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use pairs_table::engine::hand::GameKind;
use pairs_table::ledger::AlarmKind;
use pairs_table::station::startup::{
    ProgramFingerprint, ProgramSource, StartupFindings, run_startup_checks,
};
use pairs_table::station::{Feed, SourceChoice, Station, StationError};
use pairs_table::ui::StationApp;

use super::util::{BOSS, BOSS_PIN, boss, dealer, discrepancies};
use super::util::{open, play_on_software_shoe, setup, staffed_ledger};

fn program(version: &str, byte: u8) -> ProgramFingerprint {
    ProgramFingerprint {
        version: version.into(),
        sha256: [byte; 32],
    }
}

/// A Rocket table on the software shoe with its dealer signed in.
fn table(name: &str) -> (Station, std::path::PathBuf) {
    let (ledger, path, _clock) = staffed_ledger(name);
    let station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    (station, path)
}

fn start(station: &mut Station, path: &Path, fingerprint: ProgramFingerprint) {
    let findings = run_startup_checks(path, &Default::default(), ProgramSource::Given(fingerprint));
    station.record_start_up(findings).unwrap();
}

fn open_alarms(station: &Station, kind: AlarmKind) -> usize {
    station
        .ledger()
        .alarms(station.table_id(), true)
        .unwrap()
        .iter()
        .filter(|a| a.kind == kind)
        .count()
}

#[test]
fn a_changed_program_stops_play_until_a_pit_boss_clears_it() {
    let (mut station, path) = table("startup-program");
    start(&mut station, &path, program("1.0.0", 1));
    assert!(
        !station.has_notices(),
        "the first start has nothing to compare"
    );
    start(&mut station, &path, program("1.0.0", 1));
    assert!(!station.has_notices(), "the same program again");
    let last = station.ledger().last_program_start().unwrap().unwrap();
    assert_eq!((last.version.as_str(), last.sha256), ("1.0.0", [1; 32]));
    assert_eq!(last.station, "table 1");

    // The same version from another file is another program.
    start(&mut station, &path, program("1.0.0", 2));
    let notices: Vec<&str> = station.notices().collect();
    assert_eq!(notices.len(), 1, "{notices:?}");
    let then = crate::local_time(2026, 3, 1, 20, 0);
    assert!(
        notices[0].starts_with(&format!(
            "The program changed since it last started here: version 1.0.0 (SHA-256 \
             0101010101010101…) started at table 1 on {then}; version 1.0.0 \
             (SHA-256 0202020202020202…) is starting now."
        )),
        "{}",
        notices[0]
    );
    assert!(station.prompt().stopped);
    assert!(station.notices_need_pit_boss());
    assert_eq!(open_alarms(&station, AlarmKind::Program), 1);
    station.entry_mut(1).unwrap().bet = "10".into();
    assert!(matches!(station.start_hand(), Err(StationError::Alarm(_))));

    let error = station.acknowledge_notices(None).unwrap_err();
    assert!(matches!(error, StationError::PitBossNeeded), "{error:?}");
    assert!(station.acknowledge_notices(Some(&dealer())).is_err());
    assert!(station.has_notices());
    station.acknowledge_notices(Some(&boss())).unwrap();
    assert!(!station.has_notices());
    let alarms = station.ledger().alarms(station.table_id(), false).unwrap();
    let cleared = alarms[0].cleared.as_ref().unwrap();
    assert_eq!(cleared.0, BOSS);
    assert_eq!(cleared.1, "cleared by a pit boss after the start-up checks");
    // Play goes on, and the new rows keep the chain intact.
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    station.confirm_settlement().unwrap();
    assert!(discrepancies(&path).is_empty());
}

#[test]
fn a_tampered_ledger_raises_an_integrity_alarm_at_start_up() {
    let (mut station, path) = table("startup-tampered");
    station.entry_mut(1).unwrap().bet = "10".into();
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    station.confirm_settlement().unwrap();
    start(&mut station, &path, program("1.0.0", 1));
    assert!(!station.has_notices(), "an intact chain raises nothing");

    // Someone changes a payout behind the app's back.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(
        "DROP TRIGGER transfers_no_update; \
         UPDATE transfers SET amount = amount + 10 WHERE seq = (SELECT MIN(seq) FROM transfers);",
    )
    .unwrap();
    drop(conn);

    start(&mut station, &path, program("1.0.0", 1));
    let notices: Vec<&str> = station.notices().collect();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].starts_with("The chain check at start-up found ")
            && notices[0].contains(" discrepancies in the ledger (the first: "),
        "{}",
        notices[0]
    );
    assert!(
        notices[0].contains("the trigger transfers_no_update is missing"),
        "{}",
        notices[0]
    );
    assert!(station.prompt().stopped);
    assert_eq!(open_alarms(&station, AlarmKind::Integrity), 1);
}

#[test]
fn checks_that_cannot_run_raise_their_alarms_and_record_no_start() {
    let (mut station, path) = table("startup-failed");
    let findings = StartupFindings {
        program: Err("cannot read /opt/pairs-table: permission denied".into()),
        chain: Err("no ledger file at /gone.sqlite3".into()),
    };
    station.record_start_up(findings).unwrap();
    let notices: Vec<&str> = station.notices().collect();
    assert_eq!(
        notices,
        [
            "The program could not be checked at start-up: cannot read /opt/pairs-table: \
             permission denied. A pit boss confirms the program is the approved one before play \
             goes on.",
            "The chain check at start-up could not run: no ledger file at /gone.sqlite3. A pit \
             boss clears this alarm after running the check (Pit boss, Audit).",
        ]
    );
    assert_eq!(open_alarms(&station, AlarmKind::Program), 1);
    assert_eq!(open_alarms(&station, AlarmKind::Integrity), 1);
    assert!(station.prompt().stopped);
    assert_eq!(station.ledger().last_program_start().unwrap(), None);
    station.acknowledge_notices(Some(&boss())).unwrap();
    assert!(!station.has_notices());
    assert!(discrepancies(&path).is_empty());
}

#[test]
fn the_app_runs_the_start_up_checks_off_the_window_thread_and_shows_a_finding() {
    let (mut station, path) = table("startup-app");
    start(&mut station, &path, program("0.9.0", 1));
    let mut app = StationApp::with_station(station, egui::Context::default());
    app.check_at_start_up(ProgramSource::Given(program("1.0.0", 1)));
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app);
    harness.run();
    for _ in 0..3000 {
        if !harness.state().checking_at_start_up() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
        harness.run();
    }
    assert!(!harness.state().checking_at_start_up());
    harness.run();
    assert!(
        harness
            .query_all_by_label_contains("The program changed since it last started here")
            .next()
            .is_some()
    );
    assert!(
        harness
            .get_by_label("Deal (Enter)")
            .accesskit_node()
            .is_disabled(),
        "play is stopped"
    );
    harness
        .get_by_label("Approving pit boss ID")
        .set_text_value_accesskit(&BOSS.to_string());
    harness
        .get_by_label("Approving pit boss PIN")
        .set_text_value_accesskit(BOSS_PIN);
    harness.run();
    harness.get_by_label("Acknowledge").click();
    harness.run();
    assert!(!harness.state().station().unwrap().has_notices());

    // The pit boss's audit tab names the program that started.
    for tab in ["Pit boss", "Audit"] {
        harness.get_by_label(tab).click();
        harness.run();
    }
    assert!(
        harness
            .query_all_by_label_contains("at table 1: version 1.0.0, SHA-256")
            .next()
            .is_some()
    );
    assert!(harness.query_by_label(&"01".repeat(32)).is_some());
    // ... and what the start-up chain check found; a check may run again.
    assert!(
        harness
            .query_all_by_label_contains("· no discrepancy")
            .next()
            .is_some()
    );
    assert!(
        harness
            .query_all_by_label_contains("At start-up (")
            .next()
            .is_some()
    );
    assert!(
        !harness
            .get_by_label("Run chain check")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn the_audit_tab_waits_for_the_start_up_chain_check_instead_of_running_a_second() {
    let (mut station, path) = table("startup-audit-wait");
    start(&mut station, &path, program("1.0.0", 1));
    station.start_up_checks_running();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(8)
        .build_ui_state(
            |ui, app: &mut StationApp| app.show_ui(ui),
            StationApp::with_station(station, egui::Context::default()),
        );
    for tab in ["Pit boss", "Audit"] {
        harness.get_by_label(tab).click();
        harness.run();
    }
    assert!(
        harness
            .query_all_by_label_contains("The start-up check is checking the whole chain now")
            .next()
            .is_some()
    );
    assert!(
        harness
            .get_by_label("Run chain check")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn a_program_not_on_the_approved_list_raises_an_alarm_at_start_up() {
    let (mut station, path) = table("startup-approved");
    // No list kept: only the comparison with the last start.
    start(&mut station, &path, program("1.0.0", 1));
    assert!(!station.has_notices());

    let approved = program("1.0.0", 1);
    let ledger = station.ledger_mut();
    // Only an administrator or a pit boss keeps the list, with a PIN and a note.
    let refused = ledger
        .approve_program(approved.sha256, "1.0.0 release", &dealer())
        .unwrap_err()
        .to_string();
    assert!(refused.contains("may not keep the list"), "{refused}");
    let wrong = pairs_table::ledger::PinEntry {
        staff: BOSS,
        pin: "0000",
    };
    assert!(
        ledger
            .approve_program(approved.sha256, "1.0.0 release", &wrong)
            .is_err()
    );
    let empty = ledger
        .approve_program(approved.sha256, "  ", &boss())
        .unwrap_err()
        .to_string();
    assert!(empty.contains("note"), "{empty}");
    ledger
        .approve_program(approved.sha256, "1.0.0 release", &boss())
        .unwrap();
    let twice = ledger
        .approve_program(approved.sha256, "again", &boss())
        .unwrap_err()
        .to_string();
    assert!(twice.contains("already on the list"), "{twice}");
    let listed = ledger.approved_programs().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0].sha256, listed[0].note.as_str(), listed[0].by),
        (approved.sha256, "1.0.0 release", BOSS)
    );

    // The approved program starts: no alarm.
    start(&mut station, &path, approved.clone());
    assert!(!station.has_notices());
    // Another program: an alarm for the change and one for the list.
    start(&mut station, &path, program("1.0.1", 3));
    let notices: Vec<&str> = station.notices().collect();
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(
        notices[1].starts_with(
            "The program starting now, version 1.0.1 (SHA-256 0303030303030303…), is not on \
             the casino's list of approved programs."
        ),
        "{}",
        notices[1]
    );
    assert_eq!(open_alarms(&station, AlarmKind::Program), 2);
    assert!(matches!(
        station.acknowledge_notices(None),
        Err(StationError::PitBossNeeded)
    ));
    station.acknowledge_notices(Some(&boss())).unwrap();

    // Taken off the list, the program that was approved alarms too.
    station
        .ledger_mut()
        .withdraw_program(approved.sha256, "withdrawn by the regulator", &boss())
        .unwrap();
    assert!(station.ledger().approved_programs().unwrap().is_empty());
    start(&mut station, &path, approved);
    let notices: Vec<&str> = station.notices().collect();
    assert!(
        notices
            .iter()
            .any(|n| n.contains("is not on the casino's list of approved programs")),
        "{notices:?}"
    );
    drop(station);
    assert_eq!(discrepancies(&path), Vec::new());
}

/// Runs `pairs-table program ARGS` with `pin` on standard input.
fn program_command(args: &[&str], pin: &str) -> (bool, String, String) {
    use std::io::Write;
    let mut child = crate::pairs_table()
        .arg("program")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _ = writeln!(child.stdin.take().unwrap(), "{pin}");
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_program_commands_keep_the_list_with_a_pin_from_standard_input() {
    let (ledger, path, _clock) = staffed_ledger("startup-program-commands");
    drop(ledger);
    let db = path.to_str().unwrap();
    let hash = "ab".repeat(32);
    let boss_id = BOSS.to_string();
    let approve = [
        "approve", "--db", db, "--sha256", &hash, "--note", "2.0.0", "--by", &boss_id,
    ];
    let (ok, _, stderr) = program_command(&approve, "0000");
    assert!(!ok && stderr.contains("PIN"), "{stderr}");
    let (ok, stdout, stderr) = program_command(&approve, BOSS_PIN);
    assert!(ok, "{stderr}");
    assert_eq!(stdout, format!("approved {hash}\n"));
    let (ok, stdout, _) = program_command(&["list", "--db", db], "");
    assert!(ok);
    assert!(
        stdout.starts_with(&hash) && stdout.contains(&format!(" by {BOSS}: 2.0.0")),
        "{stdout}"
    );
    // This very program, fingerprinted from its own file.
    let (ok, stdout, stderr) = program_command(
        &[
            "approve",
            "--db",
            db,
            "--note",
            "this build",
            "--by",
            &boss_id,
        ],
        BOSS_PIN,
    );
    assert!(ok, "{stderr}");
    let own = ProgramFingerprint::of_file(Path::new(env!("CARGO_BIN_EXE_pairs-table"))).unwrap();
    assert_eq!(stdout, format!("approved {}\n", hex::encode(own.sha256)));
    let withdraw = [
        "withdraw", "--db", db, "--sha256", &hash, "--note", "recalled", "--by", &boss_id,
    ];
    let (ok, stdout, stderr) = program_command(&withdraw, BOSS_PIN);
    assert!(ok && stdout == format!("withdrew {hash}\n"), "{stderr}");
    let (ok, _, stderr) = program_command(&withdraw, BOSS_PIN);
    assert!(!ok && stderr.contains("is not on the list"), "{stderr}");
    let (_, stdout, _) = program_command(&["list", "--db", db], "");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert_eq!(discrepancies(&path), Vec::new());
}
