//! The floor in the field (issue 43, items 1, 3 and 4; docs/floor.md,
//! "The verifier's check-in", "Signed heartbeats", `floor status`): the
//! verifier's absence said by `floor status`, the pit and the floor report;
//! `floor verify --db` against every shipped row; a lag believed only from
//! a fresh heartbeat signed by the station's key; an append that gives up
//! on a lock; a refused station that tries at most once a second. Against
//! a real PostgreSQL, a database each.

use std::net::TcpListener;
use std::path::Path;
use std::process::Output;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};

use crate::floor::{FloorDb, ONE_SERVER, dir, keys_of, pairs_table_for, simulate};
use pairs_table::floor;

/// `floor status` run by the owner: its output.
fn status_run(floor_db: &FloorDb, json: bool) -> Output {
    let mut command = crate::pairs_table();
    command.args(["floor", "status", "--floor", &floor_db.url()]);
    if json {
        command.arg("--json");
    }
    command.output().unwrap()
}

/// A station of its own on `floor_db` with `hands` simulated hands shipped
/// (and its heartbeat signed): its ledger and its URL.
fn shipped_station(floor_db: &FloorDb, test: &str, hands: u32) -> (std::path::PathBuf, String) {
    let db = dir(test).join("station.sqlite3");
    simulate(&db, hands, 1);
    let url = floor::enrol(&floor_db.url(), "table 1", keys_of(&db).public_key()).unwrap();
    floor::ship(&db, &url, Some(&keys_of(&db))).unwrap();
    (db, url)
}

/// Moves the floor's record of the verifier's last check-in `seconds` back.
fn verifier_checked_in_ago(floor_db: &FloorDb, seconds: i64) {
    floor_db
        .admin()
        .execute(
            "UPDATE floor.verifier_checkins \
                SET checked_in_at = now() - make_interval(secs => $1::float8)",
            &[&(seconds as f64)],
        )
        .unwrap();
}

#[test]
fn the_verifiers_absence_is_said_by_status_the_pit_and_the_report() {
    let mut floor_db = FloorDb::new();
    let (_db, _url) = shipped_station(&floor_db, "verifier-absent", 3);
    floor_db.settle();
    let well = status_run(&floor_db, false);
    assert_eq!(
        well.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&well.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&well.stderr), ONE_SERVER);
    let check_in = floor::verifier_check_in(&floor_db.url()).unwrap();
    assert!(!check_in.absent(), "{check_in:?}");

    // The verifier stops; 31 s later by the floor's clock nothing has
    // checked in.
    floor_db.stop_verifier();
    verifier_checked_in_ago(&floor_db, 31);
    for json in [false, true] {
        let out = status_run(&floor_db, json);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(
            said.starts_with("pairs-table: critical: no verifier has checked in for 31 s"),
            "{said}"
        );
        assert!(said.contains("pairs-table floor verifier"), "{said}");
    }
    let replicas = tempfile::tempdir().unwrap();
    let survey = floor::survey::survey(&floor_db.url(), replicas.path()).unwrap();
    let alarm = survey.verifier.alarm().expect("the pit is told");
    assert!(alarm.contains("verifier"), "{alarm}");
    assert!(
        survey.look_again.is_none() || survey.look_again > Some(Duration::ZERO),
        "{:?}",
        survey.look_again
    );
    let report = floor::survey::floor_report(
        &floor_db.url(),
        replicas.path(),
        pairs_table::report::floor::FloorPeriod::LatestShifts,
    )
    .unwrap();
    assert!(
        report
            .verifier
            .as_deref()
            .is_some_and(|said| said.starts_with("no verifier has checked in for 3")),
        "{:?}",
        report.verifier
    );
    let sections =
        pairs_table::report::floor::floor_sections(&report, pairs_table::time_text::Zone::utc());
    assert!(
        sections.iter().any(|s| s.title == "Verification"),
        "the printed report says so"
    );

    // The pit's banner, in words a pit boss reads.
    {
        use eframe::egui;
        use egui_kittest::Harness;
        use pairs_table::ui::FloorApp;
        let app = FloorApp::start(floor_db.url(), egui::Context::default());
        let mut harness = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui_state(|ui, app: &mut FloorApp| app.show_ui(ui), app);
        crate::util::run_until_shown(&mut harness, "No verifier has checked in for");
    }

    // A floor whose verifier never ran says so too.
    floor_db
        .admin()
        .batch_execute("DELETE FROM floor.verifier_checkins")
        .unwrap();
    let out = status_run(&floor_db, false);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("pairs-table: critical: no verifier has ever checked in"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn floor_verify_db_compares_every_shipped_row_verified_or_not() {
    let mut floor_db = FloorDb::new();
    floor_db.stop_verifier();
    let (db, url) = shipped_station(&floor_db, "verify-unverified", 4);
    let shipped = crate::floor::file_rows(&db).len();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].rows_verified, 0, "nothing verified");

    let verify = |file: &Path| {
        pairs_table_for(&db)
            .args(["floor", "verify", "--db"])
            .arg(file)
            .args(["--floor", &crate::on_command_line(&url)])
            .output()
            .unwrap()
    };
    let honest = verify(&db);
    assert!(honest.status.success());
    assert_eq!(
        String::from_utf8_lossy(&honest.stdout),
        format!("{shipped} rows agree\n")
    );
    // A file cut or rewritten after shipping fails, though the verifier
    // never ran (the floor counts nothing yet).
    let rows = crate::floor::file_rows(&db);
    let cut_at = rows.len() as i64 / 2;
    let deletes: String = rows
        .iter()
        .map(|r| r.table)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .map(|t| format!("DELETE FROM {t} WHERE seq > {cut_at};"))
        .collect();
    let cut = db.with_file_name("cut.sqlite3");
    crate::floor::tampered(&db, &cut, &deletes);
    let said = verify(&cut);
    assert_eq!(said.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&said.stdout),
        format!(
            "the file ends at row {cut_at} but the floor holds rows up to {shipped}: the file was cut\n"
        )
    );
    let other = db.with_file_name("other.sqlite3");
    simulate(&other, 4, 2);
    let foreign = verify(&other);
    assert_eq!(foreign.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&foreign.stdout)
            .starts_with("row 1 differs from the floor's: the file was replaced by another ledger"),
        "{}",
        String::from_utf8_lossy(&foreign.stdout)
    );
}

/// A station's password used by someone who does not hold its key.
fn forger(url: &str) -> Client {
    Client::connect(url, NoTls).unwrap()
}

#[test]
fn a_lag_is_believed_only_from_a_fresh_heartbeat_the_stations_key_signed() {
    let floor_db = FloorDb::new();
    let (db, url) = shipped_station(&floor_db, "signed-heartbeat", 3);
    floor_db.settle();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].link.lag, Some(0));
    assert_eq!(status[0].link.heartbeat_problem, None);

    // The station writes more and falls silent: three heartbeats missed,
    // its lag is unknown at once, not after the 5-minute notice.
    simulate(&db, 2, 2);
    floor_db
        .admin()
        .batch_execute("UPDATE floor.stations SET last_contact = now() - interval '16 seconds'")
        .unwrap();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].link.lag, None);
    assert!(!status[0].link.silent);
    assert_eq!(
        status[0].link.lag_words(),
        "lag unknown (no heartbeat for 16 s)"
    );
    let out = status_run(&floor_db, false);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("\tlag unknown (no heartbeat for 16 s)\t")
    );

    // With the station's password alone: the old unsigned heartbeat is
    // refused in a sentence, a replay of the station's own is refused,
    // an empty append is no contact, and a heartbeat signed by another
    // key is an alarm, never "lag 0".
    let mut forger = forger(&url);
    let unsigned = forger
        .query_one("SELECT floor.heartbeat(100, NULL, now())", &[])
        .unwrap_err();
    let said = unsigned.as_db_error().unwrap().message().to_owned();
    assert!(
        said.contains("only heartbeats signed by the station's key"),
        "{said}"
    );
    let (challenge, beat_rows, clock, signature): (Vec<u8>, i64, String, Vec<u8>) = {
        let r = floor_db
            .admin()
            .query_one(
                "SELECT beat_signed_challenge, beat_file_rows, beat_clock, beat_signature \
                   FROM floor.stations",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1), r.get(2), r.get(3))
    };
    let replay = forger
        .query_one(
            "SELECT floor.signed_heartbeat($1, $2, NULL, $3, $4)",
            &[&challenge, &beat_rows, &clock, &signature],
        )
        .unwrap_err();
    assert!(
        replay
            .as_db_error()
            .unwrap()
            .message()
            .contains("answers no challenge the floor is waiting on"),
        "{replay}"
    );
    let (no_seqs, no_tables, no_bytes): (Vec<i64>, Vec<String>, Vec<Vec<u8>>) = Default::default();
    forger
        .query_one(
            "SELECT head FROM floor.append_batch($1, $2, $3, $4, 0, now())",
            &[&no_seqs, &no_tables, &no_bytes, &no_bytes],
        )
        .unwrap();
    assert_eq!(floor::status(&floor_db.url()).unwrap()[0].link.lag, None);

    let head = floor::status(&floor_db.url()).unwrap()[0].rows_shipped;
    let impostor = pairs_table::keys::StationKeys::from_secret_bytes([77; 32], [9; 32]);
    floor::heartbeat::send(&mut forger, &impostor, head, None, &floor::station_clock()).unwrap();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].link.lag, None, "never the forger's lag 0");
    assert!(status[0].link.heartbeat_forged);
    assert!(
        status[0]
            .link
            .heartbeat_problem
            .as_deref()
            .is_some_and(|p| p.contains("not signed by its enrolled key")),
        "{:?}",
        status[0].link
    );
    let out = status_run(&floor_db, false);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.starts_with(
            "pairs-table: critical: station table 1: its last heartbeat is not signed"
        ),
        "{said}"
    );

    // The station's own signed heartbeat puts it right.
    let file_rows = crate::floor::file_rows(&db).len() as i64;
    floor::ship(&db, &url, Some(&keys_of(&db))).unwrap();
    floor_db.settle();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].link.heartbeat_problem, None);
    assert_eq!(status[0].link.lag, Some(0));
    assert_eq!(status[0].rows_shipped, file_rows);
    let well = status_run(&floor_db, false);
    assert_eq!(well.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&well.stderr), ONE_SERVER);
}

#[test]
fn an_append_waiting_on_a_locked_station_gives_up_and_says_why() {
    let floor_db = FloorDb::new();
    let (db, url) = shipped_station(&floor_db, "locked-append", 2);
    simulate(&db, 2, 2);
    let mut holder = floor_db.admin();
    let mut lock = holder.transaction().unwrap();
    lock.batch_execute("SELECT * FROM floor.stations FOR UPDATE")
        .unwrap();
    let start = Instant::now();
    let refused = floor::ship(&db, &url, Some(&keys_of(&db))).unwrap_err();
    let waited = start.elapsed();
    assert!(
        waited < Duration::from_secs(20),
        "the append waited {waited:?}"
    );
    assert!(refused.to_string().contains("lock timeout"), "{refused}");
    lock.rollback().unwrap();
    assert!(floor::ship(&db, &url, Some(&keys_of(&db))).unwrap() > 0);
}

#[test]
fn a_refused_station_tries_at_most_once_a_second_however_often_it_commits() {
    // A server that takes connections and hangs up at once: every attempt
    // fails, and each is counted.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let accepted = Arc::new(AtomicUsize::new(0));
    let counted = accepted.clone();
    std::thread::Builder::new()
        .name("hang-up server".into())
        .spawn(move || {
            for stream in listener.incoming() {
                counted.fetch_add(1, Ordering::Relaxed);
                drop(stream);
            }
        })
        .unwrap();
    let db = dir("backoff").join("station.sqlite3");
    simulate(&db, 1, 1);
    let shipper = floor::Shipper::start(
        &db,
        &format!("postgres://nobody@127.0.0.1:{port}/none"),
        None,
    )
    .unwrap();
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(2500) {
        shipper.committed();
        std::thread::sleep(Duration::from_millis(5));
    }
    let attempts = accepted.load(Ordering::Relaxed);
    assert!(shipper.link().down.is_some());
    drop(shipper.finish());
    assert!(
        (1..=4).contains(&attempts),
        "{attempts} attempts in 2.5 s of commits every 5 ms"
    );
}

#[test]
fn a_flood_of_rows_the_station_did_not_sign_is_capped_counted_and_suspends_it() {
    use crate::floor::{Forged, append_forged, chained_after, own_rows};
    let floor_db = FloorDb::new();
    let (db, url) = shipped_station(&floor_db, "flood", 2);
    floor_db.settle();
    let genuine = floor::status(&floor_db.url()).unwrap()[0].rows_verified;
    let mut forger = forger(&url);
    let chain = own_rows(&mut forger);
    let last = chain.last().unwrap();
    let head = (last.seq, last.hash);
    let checkpoint = chain
        .iter()
        .rev()
        .find(|r| r.table == "checkpoints")
        .unwrap();
    // Batches of 999 junk rows ending with a copy of the station's last
    // checkpoint: they chain, so the floor takes them provisionally, and
    // the verifier quarantines each.
    let batch: Vec<Forged> = (0..999u32)
        .map(|i| Forged {
            seq: 0,
            table: "junk".into(),
            payload: i.to_be_bytes().to_vec(),
            hash: [0; 32],
        })
        .chain([Forged {
            seq: 0,
            table: checkpoint.table.clone(),
            payload: checkpoint.payload.clone(),
            hash: [0; 32],
        }])
        .collect();
    for _ in 0..11 {
        append_forged(&mut forger, &chained_after(head, &batch)).unwrap();
        floor_db.settle();
    }
    let count = |sql: &str| -> i64 { floor_db.admin().query_one(sql, &[]).unwrap().get(0) };
    assert_eq!(count("SELECT count(*) FROM floor.quarantined_rows"), 10_000);
    assert_eq!(
        count("SELECT rows FROM floor.quarantine_overflow WHERE station = 'table 1'"),
        1_000
    );
    // One alarm, its cause counted: not 11 rows.
    assert_eq!(count("SELECT count(*) FROM floor.alarms"), 1);
    assert_eq!(count("SELECT repeats FROM floor.alarm_repeats"), 10);
    let replicas = tempfile::tempdir().unwrap();
    let tables = floor::survey::survey(&floor_db.url(), replicas.path())
        .unwrap()
        .tables;
    assert_eq!(tables[0].alarms.len(), 1, "{:?}", tables[0].alarms);
    assert!(
        tables[0].alarms[0]
            .message
            .contains(" (and 10 more like it, the last at "),
        "{}",
        tables[0].alarms[0].message
    );

    // Suspended: the forger's next batch and the genuine station's rows are
    // refused in a sentence; status is critical.
    let refused = append_forged(&mut forger, &chained_after(head, &batch)).unwrap_err();
    let said = refused.as_db_error().unwrap().message().to_owned();
    assert!(
        said.starts_with("station table 1 is suspended and ships nothing until the owner resumes it: its quarantine is full"),
        "{said}"
    );
    simulate(&db, 1, 2);
    let refused = floor::ship(&db, &url, Some(&keys_of(&db))).unwrap_err();
    assert!(refused.to_string().contains("is suspended"), "{refused}");
    let status = floor::status(&floor_db.url()).unwrap();
    assert!(status[0].suspended.is_some());
    assert_eq!(status[0].rows_verified, genuine, "nothing forged counts");
    let out = status_run(&floor_db, false);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "pairs-table: critical: station table 1 is suspended: its quarantine is full"
        ),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The owner resumes it (after changing its password): it ships again.
    let resumed = crate::pairs_table()
        .args(["floor", "resume", "--station", "table 1"])
        .args(["--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&resumed.stdout),
        "station table 1 resumed\n"
    );
    assert!(floor::ship(&db, &url, Some(&keys_of(&db))).unwrap() > 0);
    floor_db.settle();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].suspended, None);
    assert_eq!(
        status[0].rows_verified,
        crate::floor::file_rows(&db).len() as i64
    );
    let again = crate::pairs_table()
        .args(["floor", "resume", "--station", "table 1"])
        .args(["--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&again.stderr),
        "pairs-table: the floor database: station table 1 is not suspended\n"
    );
}

#[test]
fn a_station_whose_clock_was_off_for_a_while_is_named_by_the_report_after_it_is_in_step() {
    let floor_db = FloorDb::new();
    let (db, url) = shipped_station(&floor_db, "clock-episode", 2);
    floor_db.settle();
    let rows = crate::floor::file_rows(&db).len() as i64;
    let keys = keys_of(&db);
    let mut station = Client::connect(&url, NoTls).unwrap();
    for ahead in [3, 3, 0] {
        let clock = (chrono::Utc::now() + chrono::TimeDelta::hours(ahead))
            .to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
        floor::heartbeat::send(&mut station, &keys, rows, None, &clock).unwrap();
    }
    let status = floor::status(&floor_db.url()).unwrap();
    assert!(!status[0].link.clock_flagged, "in step at its last contact");
    let replicas = tempfile::tempdir().unwrap();
    let now = chrono::Utc::now();
    let report = floor::survey::floor_report(
        &floor_db.url(),
        replicas.path(),
        pairs_table::report::floor::FloorPeriod::Range {
            from: now - chrono::TimeDelta::hours(1),
            to: now + chrono::TimeDelta::hours(1),
        },
    )
    .unwrap();
    assert_eq!(report.clocks.len(), 1, "{:?}", report.clocks);
    assert!(
        report.clocks[0].starts_with(
            "station table 1: its clock was as much as 2 h 59 min ahead of the floor's from "
        ) || report.clocks[0].starts_with(
            "station table 1: its clock was as much as 3 h 0 min ahead of the floor's from "
        ),
        "{}",
        report.clocks[0]
    );
    // A period before it names nothing.
    let before = floor::survey::floor_report(
        &floor_db.url(),
        replicas.path(),
        pairs_table::report::floor::FloorPeriod::Range {
            from: now - chrono::TimeDelta::hours(5),
            to: now - chrono::TimeDelta::hours(4),
        },
    )
    .unwrap();
    assert_eq!(before.clocks, Vec::<String>::new());
}
