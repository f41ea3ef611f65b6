//! Issue 43, items 8 and 9: a report is never written over the ledger, a
//! file the ledger keeps beside itself, or an existing file that is not a
//! report this program wrote, whichever way the path is spelt and
//! whichever way the print goes (the command line, the app's print desk,
//! the other reports); and the small refusals said plainly: a wrong PIN
//! through the desk, a file that is not a ledger for `floor verify`, a
//! replaced file under `simulate --floor`, a CA of the right name but
//! another key, a password not found, a station's URL where the owner's or
//! the pit's is needed.

use std::path::{Path, PathBuf};

use postgres::{Client, NoTls};

use super::floor::{
    Cluster, FloorDb, ONE_SERVER, key_of, over_tls, pairs_table_for, test_ca, verify_file,
};
use super::report::{
    PIT_BOSS_PIN, dir, open, prints_recorded, rules_command, run, run_by, run_through_the_desk,
    shift,
};
use crate::pairs_table;
use pairs_table::engine::hand::GameKind;
use pairs_table::floor;

/// Every file in `dir` by name, with the SHA-256 of its bytes: what a
/// refusal must leave exactly as it was. The writer's `FILE.lock` is
/// left out (each writer that opens the ledger names itself there); that
/// no report lands in it is checked apart.
fn files_in(dir: &Path) -> Vec<(String, String)> {
    use sha2::{Digest, Sha256};
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| e.file_name().into_string().unwrap())
        .filter(|name| !name.ends_with(".lock"))
        .map(|name| {
            let bytes = std::fs::read(dir.join(&name)).unwrap();
            (name, hex::encode(Sha256::digest(bytes)))
        })
        .collect();
    files.sort();
    files
}

/// `path` with `suffix` after its name (`FILE-wal`, `FILE.lock`).
fn beside(path: &Path, suffix: &str) -> PathBuf {
    PathBuf::from(format!("{}{suffix}", path.display()))
}

/// Asserts a refused print: one line naming `path` and saying why, with
/// `why` in it.
fn assert_refused((ok, stderr): (bool, String), path: &Path, why: &str) {
    assert!(!ok, "printed over {}", path.display());
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("cannot write the report to {}", path.display())),
        "{stderr}"
    );
    assert!(stderr.contains(why), "{stderr}");
}

const LEDGER_FILE: &str = "it is the ledger";
const NOT_OURS: &str = "the file exists and is not a report this program wrote";

#[test]
fn a_report_is_never_written_over_the_ledger_or_a_file_it_keeps_however_spelt() {
    let path = shift(GameKind::Rocket, 4, 0);
    let folder = path.parent().unwrap().to_path_buf();
    let db = path.to_str().unwrap().to_owned();
    // The lock file is there once a writer has had the ledger; -wal, -shm,
    // -journal and the desk's socket are not (written over, they would be
    // read as the ledger's).
    assert!(beside(&path, ".lock").exists());
    std::fs::create_dir(folder.join("sub")).unwrap();
    let link = folder.join("link.sqlite3");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    let hard = folder.join("hard.sqlite3");
    std::fs::hard_link(&path, &hard).unwrap();
    let before = files_in(&folder);
    let good = folder.join("good.pdf");
    let spellings = [
        path.clone(),
        folder.join("sub").join("..").join("ledger.sqlite3"),
        folder.join(".").join("ledger.sqlite3"),
        link.clone(),
        hard.clone(),
        beside(&path, "-wal"),
        beside(&path, "-shm"),
        beside(&path, "-journal"),
        beside(&path, ".lock"),
        beside(&path, ".print"),
        folder.join("sub").join("..").join("ledger.sqlite3-wal"),
    ];
    for target in &spellings {
        let t = target.to_str().unwrap();
        assert_refused(run(&["--db", &db, "--out", t]), target, LEDGER_FILE);
        let g = good.to_str().unwrap();
        assert_refused(
            run(&["--db", &db, "--out", g, "--csv", t]),
            target,
            LEDGER_FILE,
        );
        assert_eq!(files_in(&folder), before, "{t}: a file changed");
        assert!(
            !std::fs::read(beside(&path, ".lock"))
                .unwrap()
                .starts_with(b"%PDF")
        );
        assert_eq!(prints_recorded(&path), 0, "{t}: a print number was spent");
        assert!(!good.exists());
    }
    // The ledger named through its link is guarded the same way, its
    // files beside either name.
    let l = link.to_str().unwrap();
    for target in [path.clone(), beside(&path, "-wal"), beside(&link, "-wal")] {
        assert_refused(
            run(&["--db", l, "--out", target.to_str().unwrap()]),
            &target,
            LEDGER_FILE,
        );
    }
    // The other reports that read a ledger: the game-protection report and
    // the rated-play report.
    let protection = pairs_table()
        .args(["report", "protection", "--db", &db, "--out", &db])
        .output()
        .unwrap();
    assert!(!protection.status.success());
    let said = String::from_utf8_lossy(&protection.stderr);
    assert!(said.contains(LEDGER_FILE), "{said}");
    let wal = beside(&path, "-wal");
    let (ok, said) = rating_report(&db, wal.to_str().unwrap());
    assert!(!ok);
    assert!(said.contains(LEDGER_FILE), "{said}");
    assert_eq!(files_in(&folder), before);

    // A good print is then the first.
    let (ok, stderr) = run(&["--db", &db, "--out", good.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    assert_eq!(prints_recorded(&path), 1);
}

/// `pairs-table rating --db DB --from … --to … --out OUT`.
fn rating_report(db: &str, out: &str) -> (bool, String) {
    let output = pairs_table()
        .args(["rating", "--db", db, "--out", out])
        .args([
            "--from",
            "2025-01-01T00:00:00Z",
            "--to",
            "2026-01-01T00:00:00Z",
        ])
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn an_existing_file_is_replaced_only_if_it_is_a_report_this_program_wrote() {
    let path = shift(GameKind::Rocket, 4, 0);
    let db = path.to_str().unwrap().to_owned();
    let folder = dir();
    let notes = folder.join("notes.txt");
    std::fs::write(&notes, "the pit's notes, kept nowhere else\n").unwrap();
    let foreign_pdf = folder.join("contract.pdf");
    std::fs::write(
        &foreign_pdf,
        "%PDF-1.4\n1 0 obj <</Producer (another program)>> endobj\n%%EOF\n",
    )
    .unwrap();
    let foreign_csv = folder.join("budget.csv");
    std::fs::write(&foreign_csv, "month,drop,win\n2025-03,100,10\n").unwrap();
    // A file that starts like our CSV but is not one of its headers.
    let near_csv = folder.join("near.csv");
    std::fs::write(&near_csv, "section,item,key\nx,y,z\n").unwrap();
    let folder_target = folder.join("a folder.pdf");
    std::fs::create_dir(&folder_target).unwrap();
    let before = files_in(&folder);
    let (pdf, csv) = (folder.join("shift.pdf"), folder.join("shift.csv"));
    let (p, c) = (pdf.to_str().unwrap(), csv.to_str().unwrap());
    for target in [
        &notes,
        &foreign_pdf,
        &foreign_csv,
        &near_csv,
        &folder_target,
    ] {
        let t = target.to_str().unwrap();
        assert_refused(run(&["--db", &db, "--out", t]), target, NOT_OURS);
        assert_refused(
            run(&["--db", &db, "--out", p, "--csv", t]),
            target,
            NOT_OURS,
        );
        assert_eq!(files_in(&folder), before, "{t}: a file changed");
        assert_eq!(prints_recorded(&path), 0, "{t}: a print number was spent");
    }
    // The rules card and the floor-free reports go the same way.
    let (code, _, said) = rules_command(&["--card", notes.to_str().unwrap(), "--game", "rocket"]);
    assert_eq!(code, Some(1));
    assert!(said.contains(NOT_OURS), "{said}");
    let (ok, said) = rating_report(&db, notes.to_str().unwrap());
    assert!(!ok);
    assert!(said.contains(NOT_OURS), "{said}");
    assert_eq!(files_in(&folder), before);

    // Our own PDF and CSV are replaced by the reprint, and so is an empty
    // file (nothing in it to lose).
    let (ok, stderr) = run(&["--db", &db, "--out", p, "--csv", c]);
    assert!(ok, "{stderr}");
    let empty = folder.join("empty.csv");
    std::fs::write(&empty, "").unwrap();
    let (ok, stderr) = run(&["--db", &db, "--out", p, "--csv", empty.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    let (ok, stderr) = run(&["--db", &db, "--out", p, "--csv", c]);
    assert!(ok, "{stderr}");
    assert_eq!(prints_recorded(&path), 3);
    // A rules card over a report of ours, and a report over a rules card.
    let card = folder.join("card.pdf");
    let (code, _, said) = rules_command(&["--card", p, "--game", "rocket"]);
    assert_eq!(code, Some(0), "{said}");
    std::fs::copy(&pdf, &card).unwrap();
    let (ok, stderr) = run(&["--db", &db, "--out", card.to_str().unwrap()]);
    assert!(ok, "{stderr}");
}

#[test]
fn through_the_desk_the_ledger_is_refused_and_a_wrong_pin_is_said_as_one() {
    let path = shift(GameKind::Rocket, 4, 0);
    let db = path.to_str().unwrap().to_owned();
    let folder = path.parent().unwrap().to_path_buf();
    let mut ledger = open(&path);
    let desk = pairs_table::print_desk::PrintDesk::open(&ledger, || {}).unwrap();
    let socket = pairs_table::print_desk::desk_path(&path);
    let good = folder.join("good.pdf");
    let args = |out: &Path| {
        ["--db", &db, "--out", out.to_str().unwrap()]
            .map(str::to_owned)
            .to_vec()
    };
    let rows = |ledger: &pairs_table::ledger::Ledger| ledger.head().unwrap().rows;
    let rows_before = rows(&ledger);
    for target in [
        path.clone(),
        folder.join(".").join("ledger.sqlite3"),
        beside(&path, "-wal"),
        beside(&path, ".lock"),
        socket.clone(),
    ] {
        let size = std::fs::metadata(&path).unwrap().len();
        let (ok, stderr) = run_through_the_desk(&mut ledger, &desk, args(&target), PIT_BOSS_PIN);
        assert!(!ok);
        assert!(
            stderr.contains("the app writing it refused the print: cannot write the report to")
                && stderr.contains(LEDGER_FILE)
                && !stderr.contains("in use by another writer"),
            "{stderr}"
        );
        assert_eq!(std::fs::metadata(&path).unwrap().len(), size);
        assert!(socket.exists(), "the desk's socket stays");
        assert_eq!(rows(&ledger), rows_before, "nothing recorded");
    }
    // A wrong PIN is a wrong PIN, and nothing else.
    let (ok, stderr) = run_through_the_desk(&mut ledger, &desk, args(&good), "0000");
    assert!(!ok);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(
            "pairs-table: the app writing it refused the print: wrong PIN for staff member 20"
        ) && !stderr.contains("in use"),
        "{stderr}"
    );
    assert!(!good.exists());
    // Still the ledger: a good print through the desk is print 1.
    let (ok, stderr) = run_through_the_desk(&mut ledger, &desk, args(&good), PIT_BOSS_PIN);
    assert!(ok, "{stderr}");
    drop(desk);
    drop(ledger);
    assert_eq!(prints_recorded(&path), 1);
    // Without the app, the wrong PIN is said the same way by the ledger.
    let (ok, stderr) = run_by(
        &["--db", &db, "--out", good.to_str().unwrap()],
        &["20"],
        "0000",
    );
    assert!(!ok);
    assert!(stderr.contains("wrong PIN"), "{stderr}");
}

#[test]
fn floor_verify_and_ship_say_a_file_that_is_not_a_ledger_is_not_one() {
    let floor_db = FloorDb::new();
    let folder = super::floor::dir("not-a-ledger");
    let db = folder.join("station.sqlite3");
    let url = floor::enrol(&floor_db.url(), "table 4", key_of(&db)).unwrap();
    std::fs::write(&db, "shift notes, not a ledger\n").unwrap();
    let (ok, said) = verify_file(&db, &url);
    assert!(!ok);
    assert_eq!(
        said.trim_end(),
        format!(
            "pairs-table: {} is not a pairs-table ledger: it is not an SQLite database",
            db.display()
        )
    );
    let shipped = pairs_table_for(&db)
        .args(["floor", "ship", "--db"])
        .arg(&db)
        .args(["--floor", &crate::on_command_line(&url)])
        .output()
        .unwrap();
    assert!(!shipped.status.success());
    assert!(
        String::from_utf8_lossy(&shipped.stderr).contains("is not a pairs-table ledger"),
        "{}",
        String::from_utf8_lossy(&shipped.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&db).unwrap(),
        "shift notes, not a ledger\n"
    );
}

#[test]
fn simulate_on_a_replaced_ledger_says_it_was_cut_or_replaced_not_that_shipping_sends_the_rest() {
    let floor_db = FloorDb::new();
    let folder = super::floor::dir("replaced");
    let db = folder.join("station.sqlite3");
    super::floor::simulate(&db, 8, 6);
    let url = floor::enrol(&floor_db.url(), "table 5", key_of(&db)).unwrap();
    floor::ship(&db, &url, None).unwrap();
    // The station's file is replaced by a new ledger of its own key,
    // shorter than what the floor holds.
    let replaced = folder.join("replaced.sqlite3");
    let out = pairs_table_for(&db)
        .args(["simulate", "--game", "rocket", "--seats", "3"])
        .args(["--hands", "1", "--seed", "8", "--db"])
        .arg(&replaced)
        .args(["--floor", &crate::on_command_line(&url)])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the simulation itself stands: {stderr}"
    );
    let last = stderr.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with(
            "pairs-table: shipped 0 rows to the floor, then the floor refused the file: the file "
        ) && last
            .ends_with("the file was cut or replaced; `pairs-table floor verify --db` says where"),
        "{stderr}"
    );
    assert!(!stderr.contains("sends the rest"), "{stderr}");
}

#[test]
fn a_station_url_where_the_owners_or_the_pits_is_needed_is_said_so() {
    let floor_db = FloorDb::new();
    let folder = super::floor::dir("station-url");
    let url = floor::enrol(
        &floor_db.url(),
        "table 6",
        key_of(&folder.join("s.sqlite3")),
    )
    .unwrap();
    let station = crate::on_command_line(&url);
    let said = |args: &[&str]| {
        let out = pairs_table().args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stderr).trim_end().to_owned()
    };
    assert_eq!(
        said(&["floor", "status", "--floor", &station]),
        "pairs-table: `pairs-table floor status` needs an owner's or the pit's URL, not a station's: \
         a station's role may not read the stations' rows"
    );
    assert_eq!(
        said(&["floor", "protection", "--floor", &station]),
        "pairs-table: `pairs-table floor protection` needs an owner's or the pit's URL, not a station's: \
         a station's role may not read the house's thresholds"
    );
    assert_eq!(
        said(&[
            "floor",
            "protection",
            "--floor",
            &station,
            "--significance",
            "0.01"
        ]),
        "pairs-table: changing the house's thresholds with `pairs-table floor protection` \
         needs an owner's URL: this role may not record them"
    );
    // The owner's URL still reads them.
    let owner = pairs_table()
        .args([
            "floor",
            "status",
            "--floor",
            &crate::on_command_line(&floor_db.url()),
        ])
        .output()
        .unwrap();
    // Well but for a floor on one server (a warning, exit status 1).
    assert_eq!(
        (owner.status.code(), String::from_utf8_lossy(&owner.stderr)),
        (Some(1), ONE_SERVER.into())
    );
}

/// A cluster of the test's own that asks every TCP connection for a
/// password (SCRAM) and offers TLS with a certificate its CA signs.
#[test]
fn a_ca_of_the_right_name_but_another_key_and_a_password_not_found_are_said_plainly() {
    let dir = tempfile::Builder::new()
        .prefix("pairs-table-test-guard-tls")
        .tempdir()
        .unwrap();
    let ca = test_ca("pairs-table test CA");
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params =
        rcgen::CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()])
            .unwrap();
    params.extended_key_usages = vec![rcgen::ExtendedKeyUsagePurpose::ServerAuth];
    let certificate = params.signed_by(&key, &*ca).unwrap();
    let (ca_file, impostor_file) = (dir.path().join("ca.pem"), dir.path().join("impostor.pem"));
    std::fs::write(&ca_file, ca.pem()).unwrap();
    // The same name as the floor's CA, another key.
    std::fs::write(&impostor_file, test_ca("pairs-table test CA").pem()).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let hba = dir.path().join("data").join("pg_hba_guard.conf");
    let hba_setting = format!("hba_file = '{}'", hba.display());
    let _cluster = Cluster::start(
        dir.path(),
        port.into(),
        &[
            ("server.crt", &certificate.pem()),
            ("server.key", &key.serialize_pem()),
            (
                "pg_hba_guard.conf",
                "local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n",
            ),
        ],
        &[
            "ssl = on",
            "ssl_cert_file = 'server.crt'",
            "ssl_key_file = 'server.key'",
            &hba_setting,
        ],
    )
    .unwrap_or_else(|why| panic!("this test starts a PostgreSQL cluster of its own: {why}"));
    let url = |settings: &str| format!("postgres://postgres@127.0.0.1:{port}/postgres{settings}");
    let full = |ca: &Path| format!("?sslmode=verify-full&sslrootcert={}", ca.display());

    // The CA's name matches the certificate's issuer; its key does not.
    assert_eq!(
        over_tls(&url(&full(&impostor_file))),
        Err(format!(
            "the floor server's certificate is not signed by the CA in {}",
            impostor_file.display()
        ))
    );

    // No password anywhere: the file looked in and the line it lacks.
    let passwords = dir.path().join("pgpass");
    std::fs::write(&passwords, "# nothing for this floor\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&passwords, std::fs::Permissions::from_mode(0o600)).unwrap();
    let status = |target: &str, env: &[(&str, &Path)], without: &[&str]| {
        let mut command = pairs_table();
        command.args(["floor", "status", "--floor", target]);
        for (name, value) in env {
            command.env(name, value);
        }
        for name in without {
            command.env_remove(name);
        }
        let out = command.output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).trim_end().to_owned(),
        )
    };
    let wanted = format!("127.0.0.1:{port}:postgres:postgres");
    for target in [url(""), url(&full(&ca_file))] {
        assert_eq!(
            status(&target, &[("PGPASSFILE", &passwords)], &[]),
            (
                false,
                format!(
                    "pairs-table: the floor asks user postgres for a password and none was found: \
                     the password file {} (named by PGPASSFILE) has no line for {wanted}; \
                     add {wanted}:PASSWORD there",
                    passwords.display()
                )
            )
        );
    }
    let home = dir.path().join("home");
    std::fs::create_dir(&home).unwrap();
    assert_eq!(
        status(&url(""), &[("HOME", &home)], &["PGPASSFILE"]),
        (
            false,
            format!(
                "pairs-table: the floor asks user postgres for a password and none was found: \
                 there is no password file {} (the default, ~/.pgpass); \
                 make it with the line {wanted}:PASSWORD, mode 0600",
                home.join(".pgpass").display()
            )
        )
    );

    // With the line in the file, the floor is reached (and has no schema).
    let mut admin = Client::connect(
        &format!(
            "host={} port={port} user=postgres dbname=postgres",
            dir.path().display()
        ),
        NoTls,
    )
    .unwrap();
    admin
        .batch_execute("ALTER ROLE postgres PASSWORD 'guard-pw'")
        .unwrap();
    std::fs::write(&passwords, format!("{wanted}:guard-pw\n")).unwrap();
    let (ok, said) = status(&url(&full(&ca_file)), &[("PGPASSFILE", &passwords)], &[]);
    assert!(!ok);
    assert!(!said.contains("password"), "{said}");
}
