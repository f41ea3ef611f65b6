//! An install a casino's IT can run (issue 44, item 4; docs/install.md):
//! the station's configuration file under its flags, and `doctor` on a
//! real station (ledger, key, a shoe on a pseudo-terminal) and a real
//! floor. The Debian package itself is built and installed by
//! packaging/check.sh, which `.ci/run` runs.

use std::path::Path;
use std::process::{Child, Output};
use std::time::{Duration, Instant};

use crate::floor::{FloorDb, dir, key_of, pairs_table_for, simulate};

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `pairs-table --config CONFIG ARGS…` as the station that keeps `db`.
fn with_config(db: &Path, config: &Path, args: &[&str]) -> Output {
    pairs_table_for(db)
        .arg("--config")
        .arg(config)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_configuration_file_names_the_ledger_and_a_flag_overrides_it() {
    let dir = dir("install-config");
    let db = dir.join("ledger.sqlite3");
    simulate(&db, 3, 1);
    let config = dir.join("station.toml");
    // A relative path is taken from the file's folder.
    std::fs::write(&config, "ledger = \"ledger.sqlite3\"\n").unwrap();
    let out = with_config(&db, &config, &["audit", "verify"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.starts_with("rows: "), "{stdout}");
    assert!(stdout.contains("hands: 3 (0 voided)"), "{stdout}");

    // --db wins over the file's line.
    let elsewhere = dir.join("elsewhere.sqlite3");
    let out = with_config(
        &db,
        &config,
        &["audit", "verify", "--db", elsewhere.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out).1,
        format!(
            "pairs-table: there is no ledger at {}\n",
            elsewhere.display()
        )
    );
}

#[test]
fn a_wrong_configuration_file_is_refused_in_one_sentence_and_nothing_is_made() {
    let dir = dir("install-bad-config");
    let db = dir.join("ledger.sqlite3");
    let refused = |file: &str, body: &str, said: &str| {
        let config = dir.join(file);
        std::fs::write(&config, body).unwrap();
        let out = with_config(&db, &config, &["doctor"]);
        assert_eq!(out.status.code(), Some(1), "{file}");
        let (stdout, stderr) = text(&out);
        assert_eq!(stdout, "", "{file}");
        assert_eq!(
            stderr,
            format!(
                "pairs-table: the configuration file {}{said}\n",
                config.display()
            ),
            "{file}"
        );
    };
    refused(
        "typo.toml",
        "ledger = \"a.sqlite3\"\nledgr = \"b\"\n",
        ", line 2: unknown field `ledgr`, expected one of `ledger`, `key`, `floor`, `floor_notice_minutes`, `card_source`, `port`, `baud`",
    );
    refused(
        "source.toml",
        "card_source = \"scanner\"\n",
        ": card_source = \"scanner\" needs the shoe's serial port: add port = \"/dev/ttyUSB0\" (or the port `pairs-table ports` lists)",
    );
    refused(
        "password.toml",
        "floor = \"postgresql://st:secret@floor/pairs\"\n",
        ": the floor URL carries a password, which any user of this computer can read off a command line: \
         name no password in it and put the password in the password file (PGPASSFILE, else ~/.pgpass, mode 0600)",
    );
    let missing = dir.join("missing.toml");
    let out = with_config(&db, &missing, &["doctor"]);
    assert_eq!(
        text(&out).1,
        format!(
            "pairs-table: there is no configuration file {}\n",
            missing.display()
        )
    );
    assert!(!db.exists(), "a refused configuration made a ledger");
}

/// A simulated card-reading shoe on a pseudo-terminal at `link`.
fn shoe_at(db: &Path, link: &Path) -> Child {
    let child = pairs_table_for(db)
        .args(["shoe-sim", "--rate", "1", "--link"])
        .arg(link)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !link.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

/// `doctor`'s lines for the station that keeps `db`, and its exit status,
/// once the verifier has checked in.
fn doctor(db: &Path, config: &Path, more: &[&str]) -> (Vec<String>, Option<i32>) {
    let mut args = vec!["doctor"];
    args.extend_from_slice(more);
    let out = with_config(db, config, &args);
    let (stdout, stderr) = text(&out);
    assert_eq!(stderr, "");
    (
        stdout.lines().map(str::to_owned).collect(),
        out.status.code(),
    )
}

fn line<'a>(lines: &'a [String], check: &str) -> &'a str {
    lines
        .iter()
        .find(|line| line.split(": ").nth(1) == Some(check))
        .unwrap_or_else(|| panic!("no {check} line in {lines:#?}"))
}

#[test]
fn doctor_checks_a_station_against_its_floor_and_names_what_is_wrong() {
    let floor_db = FloorDb::new();
    let dir = dir("install-doctor");
    let db = dir.join("ledger.sqlite3");
    simulate(&db, 2, 3);
    // Enrolled: the station's URL, its password in the tests' password file.
    let out = crate::pairs_table()
        .args([
            "floor",
            "enrol",
            "--floor",
            &floor_db.url(),
            "--station",
            "north-1",
        ])
        .arg("--public-key")
        .arg(hex::encode(key_of(&db)))
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let mut printed = stdout.lines();
    let station_url = printed.next().unwrap().to_owned();
    crate::add_to_password_file(printed.next().unwrap());

    let before = listing(&dir);
    let shoe = dir.join("shoe");
    let mut sim = shoe_at(&db, &shoe);
    let config = dir.join("station.toml");
    std::fs::write(
        &config,
        format!(
            "ledger = \"ledger.sqlite3\"\nfloor = \"{station_url}\"\nfloor_notice_minutes = 3\n\
             card_source = \"scanner\"\nport = \"{}\"\n",
            shoe.display()
        ),
    )
    .unwrap();
    let before: Vec<String> = before
        .into_iter()
        .chain(["station.toml".to_owned()])
        .collect();

    // The verifier checks in within 5 s of starting.
    let start = Instant::now();
    let (lines, status) = loop {
        let (lines, status) = doctor(&db, &config, &[]);
        if line(&lines, "verifier").starts_with("ok: ") || start.elapsed() > Duration::from_secs(15)
        {
            break (lines, status);
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(
        line(&lines, "configuration"),
        format!("ok: configuration: read {}", config.display())
    );
    assert!(
        line(&lines, "key file").starts_with("ok: key file: "),
        "{lines:#?}"
    );
    assert_eq!(
        line(&lines, "ledger"),
        format!(
            "ok: ledger: {} opens (schema version {})",
            db.display(),
            pairs_table::ledger::SCHEMA_VERSION
        )
    );
    assert!(
        line(&lines, "password file").starts_with("ok: password file: the password file "),
        "{lines:#?}"
    );
    assert!(
        line(&lines, "floor").starts_with(&format!(
            "ok: floor: reached database {} as ",
            floor_db.name
        )),
        "{lines:#?}"
    );
    assert_eq!(
        line(&lines, "floor schema"),
        format!(
            "ok: floor schema: version {}",
            pairs_table::floor::SCHEMA_VERSION
        )
    );
    assert!(
        line(&lines, "verifier").starts_with("ok: verifier: checked in "),
        "{lines:#?}"
    );
    assert!(
        line(&lines, "clock").starts_with("ok: clock: this machine's clock is "),
        "{lines:#?}"
    );
    assert!(line(&lines, "clock").ends_with("; the house's tolerance is 120 s"));
    assert_eq!(
        line(&lines, "card source"),
        format!(
            "ok: card source: the shoe's port {} opens at 9600 baud",
            shoe.display()
        )
    );
    assert!(
        lines.last().unwrap().starts_with("doctor: no problems"),
        "{lines:#?}"
    );
    assert_eq!(status, Some(0));

    // The shoe unplugged, the key file readable by others: each a problem.
    sim.kill().unwrap();
    sim.wait().unwrap();
    let _ = std::fs::remove_file(&shoe);
    let key_file = crate::floor::station_key(&db).0;
    set_mode(&key_file, 0o644);
    let (lines, status) = doctor(&db, &config, &[]);
    set_mode(&key_file, 0o600);
    assert_eq!(status, Some(1));
    assert_eq!(
        line(&lines, "key file"),
        format!(
            "problem: key file: the station key {} may be read by other users (mode 0644); make it private with chmod 600",
            key_file.display()
        )
    );
    assert!(
        line(&lines, "card source").starts_with(&format!(
            "problem: card source: cannot open the shoe's port {}: ",
            shoe.display()
        )),
        "{lines:#?}"
    );
    assert_eq!(lines.last().unwrap(), "doctor: 2 problems (1 note)");

    // A floor that is not there: one problem naming it; no file was made.
    let nowhere = "postgresql://nobody@127.0.0.1:1/none";
    let (lines, status) = doctor(&db, &config, &["--floor", nowhere]);
    assert_eq!(status, Some(1));
    assert!(
        line(&lines, "floor").starts_with(&format!(
            "problem: floor: cannot reach the floor {nowhere}: "
        )),
        "{lines:#?}"
    );
    assert_eq!(listing(&dir), before, "doctor left a file behind");
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn doctor_on_the_floors_server_says_an_old_floor_needs_init() {
    let floor_db = FloorDb::migrated_to(13);
    let out = crate::pairs_table()
        .args(["doctor", "--floor-only", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let lines: Vec<String> = stdout.lines().map(str::to_owned).collect();
    assert_eq!(
        line(&lines, "floor schema"),
        format!(
            "problem: floor schema: the floor has schema version 13, older than the {} this pairs-table needs: \
             the floor's owner upgrades it with `pairs-table floor init --floor OWNER_URL` (docs/floor.md, \"Upgrading\")",
            pairs_table::floor::SCHEMA_VERSION
        )
    );
    // No ledger, key, printer or shoe is looked at on the floor's server.
    for check in ["key file", "ledger", "printer", "card source"] {
        assert!(
            !lines.iter().any(|l| l.split(": ").nth(1) == Some(check)),
            "{check}: {lines:#?}"
        );
    }
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn a_notice_time_with_no_floor_is_refused_before_any_window_opens() {
    let dir = dir("install-notice");
    let db = dir.join("ledger.sqlite3");
    let out = pairs_table_for(&db)
        .args(["--floor-notice-minutes", "3", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out).1,
        "pairs-table: --floor-notice-minutes is for a station that ships to a floor: \
         give --floor (or floor in the configuration file) too\n"
    );
    assert!(!db.exists(), "the refused app made a ledger");
}
