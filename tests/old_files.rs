//! Files older builds really wrote (issue 44; `tests/data/old-files/`, how
//! each was made in its README): today's build verifies, reports and
//! exports each ledger and archive as it was written and leaves every
//! byte as it was (docs/ledger.md, "Storage"); only a writer upgrades a
//! copy, which then verifies clean at this build's schema. A floor an
//! older build wrote, restored from its dump, is said to be old until
//! `floor init` upgrades it, and its station's ledger then agrees with it
//! (docs/floor.md, "Upgrading").

use std::path::{Path, PathBuf};
use std::process::Output;

use sha2::{Digest, Sha256};

use crate::floor::ONE_SERVER;

/// One directory of the corpus: what its old build wrote.
struct Old {
    /// Its name under `tests/data/old-files/`.
    dir: &'static str,
    /// Its ledger's schema version.
    schema: i64,
    /// The hands its ledger holds (one shift, closed).
    hands: u32,
    /// House rules rows hashed with the misnamed text of builds of
    /// 2026-11-26 (docs/house-rules.md).
    misnamed_rules: usize,
    /// The card of the player rated at seat 1.
    player: &'static str,
    /// The floor schema of its floor's dump, `floor.sql`, if it has one.
    floor: Option<usize>,
}

/// Every directory of the corpus.
const CORPUS: [Old; 8] = [
    Old {
        dir: "floor-v4",
        schema: 10,
        hands: 24,
        misnamed_rules: 1,
        player: "C-4",
        floor: Some(4),
    },
    Old {
        dir: "floor-v11",
        schema: 14,
        hands: 24,
        misnamed_rules: 0,
        player: "C-111",
        floor: Some(11),
    },
    Old {
        dir: "v10",
        schema: 10,
        hands: 24,
        misnamed_rules: 0,
        player: "C-10",
        floor: None,
    },
    Old {
        dir: "v11",
        schema: 11,
        hands: 24,
        misnamed_rules: 0,
        player: "C-11",
        floor: None,
    },
    Old {
        dir: "v12",
        schema: 12,
        hands: 24,
        misnamed_rules: 0,
        player: "C-12",
        floor: None,
    },
    Old {
        dir: "v13",
        schema: 13,
        hands: 24,
        misnamed_rules: 0,
        player: "C-13",
        floor: None,
    },
    Old {
        dir: "v14",
        schema: 14,
        hands: 24,
        misnamed_rules: 0,
        player: "C-14",
        floor: None,
    },
    Old {
        dir: "v15",
        schema: 15,
        hands: 24,
        misnamed_rules: 0,
        player: "C-15",
        floor: None,
    },
];

/// The station name the floor dumps' stations were enrolled as.
const STATION: &str = "old station";

/// The corpus directory of one old build's files.
fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/old-files")
        .join(name)
}

/// A private copy of the corpus `name` (its ledger, archive and the
/// station's key file, which a writer changes) in a directory of its own,
/// each file 0600 as the station kept it (a checkout makes them 0644, and
/// a key file others may read is refused).
fn copy_of(name: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = crate::util::temp_db(name).with_file_name(format!("old-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(corpus(name)).unwrap() {
        let entry = entry.unwrap();
        let copy = dir.join(entry.file_name());
        std::fs::copy(entry.path(), &copy).unwrap();
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    dir
}

fn digest(path: &Path) -> [u8; 32] {
    Sha256::digest(std::fs::read(path).unwrap()).into()
}

/// `pairs-table --key DIR/station.key ARGS` in `dir`.
fn run(dir: &Path, args: &[&str]) -> Output {
    crate::pairs_table_with_key(&dir.join("station.key"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn succeeded(what: &str, out: &Output) -> String {
    assert!(
        out.status.success(),
        "{what}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The notes `audit verify` of `old`'s `file` begins with: its older
/// schema (unless `upgraded`), then its misnamed rules hashes, if any.
fn notes(old: &Old, file: &str, upgraded: bool) -> Vec<String> {
    let schema = format!(
        "note: {file} is a ledger of schema version {} (this pairs-table writes {}): checked as that version wrote it and left as it is; the app or simulate upgrades it when it next writes to it",
        old.schema,
        pairs_table::ledger::SCHEMA_VERSION
    );
    let misnamed = format!(
        "note: {} house rules row(s) carry the hash of the misnamed canonical text (rocket.min_bet_units=, rocket.max_bet_units=) that builds of 2026-11-26 recorded; accepted as recorded (docs/house-rules.md, \"Ledgers hashed with the misnamed text\")",
        old.misnamed_rules
    );
    [
        (!upgraded).then_some(schema),
        (old.misnamed_rules > 0).then_some(misnamed),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Checks that `verified`, what `audit verify` (or `verify-archive`)
/// printed, begins with exactly `notes` and finds no discrepancy.
fn clean(what: &str, verified: &str, notes: &[String]) {
    let lines: Vec<&str> = verified.lines().collect();
    assert!(lines.len() > notes.len(), "{what}: {verified}");
    assert_eq!(lines[..notes.len()], *notes, "{what}: {verified}");
    assert!(
        !lines[notes.len()].starts_with("note:"),
        "{what}: {verified}"
    );
    assert!(
        verified.contains("\ndiscrepancies: 0"),
        "{what}: {verified}"
    );
    assert!(!verified.contains("discrepancy:"), "{what}: {verified}");
}

#[test]
fn the_corpus_is_every_directory_of_old_files() {
    let mut found: Vec<String> = std::fs::read_dir(corpus(""))
        .unwrap()
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.file_type().unwrap().is_dir())
        .map(|entry| entry.file_name().into_string().unwrap())
        .collect();
    found.sort();
    let mut listed: Vec<&str> = CORPUS.iter().map(|old| old.dir).collect();
    listed.sort();
    assert_eq!(found, listed);
    for old in &CORPUS {
        let mut files: Vec<String> = std::fs::read_dir(corpus(old.dir))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        let mut expected = vec![
            "archive.sqlite3",
            "ledger.sqlite3",
            "signed-heads",
            "station.key",
        ];
        if old.floor.is_some() {
            expected.push("floor.sql");
            expected.sort();
        }
        assert_eq!(files, expected, "{}", old.dir);
    }
}

#[test]
fn every_old_ledger_and_archive_is_read_as_written_and_left_as_it_is() {
    for old in &CORPUS {
        read_as_written(old);
    }
}

/// Today's build verifies `old`'s ledger and archive, prints its
/// protection report and exports a hand that replays (or, below schema
/// 15, refuses both in one sentence), and refuses a look-up of a card it
/// never enrolled, writing nothing.
fn read_as_written(old: &Old) {
    let dir = copy_of(old.dir);
    let (ledger, archive) = (dir.join("ledger.sqlite3"), dir.join("archive.sqlite3"));
    let before = (digest(&ledger), digest(&archive));
    let what = |command: &str| format!("{}: {command}", old.dir);

    let verified = succeeded(
        &what("audit verify"),
        &run(&dir, &["audit", "verify", "--db", "ledger.sqlite3"]),
    );
    clean(
        &what("audit verify"),
        &verified,
        &notes(old, "ledger.sqlite3", false),
    );
    let archived = succeeded(
        &what("audit verify-archive"),
        &run(
            &dir,
            &[
                "audit",
                "verify-archive",
                "--archive",
                "archive.sqlite3",
                "--db",
                "ledger.sqlite3",
            ],
        ),
    );
    clean(
        &what("audit verify-archive"),
        &archived,
        &notes(old, "archive.sqlite3", false),
    );

    // The readers read versions from OLDEST_READ_AS_WRITTEN as written
    // and refuse an older one in one sentence (docs/ledger.md, "Opening").
    if old.schema >= pairs_table::ledger::OLDEST_READ_AS_WRITTEN {
        read_by_readers(old, &dir);
    } else {
        let older = format!(
            "pairs-table: the ledger ledger.sqlite3 has schema version {}; this pairs-table reads versions {} to {} as they are written, and `audit verify` reads any: to read it otherwise, upgrade a copy of it by opening the copy with the app\n",
            old.schema,
            pairs_table::ledger::OLDEST_READ_AS_WRITTEN,
            pairs_table::ledger::SCHEMA_VERSION
        );
        for args in [
            &[
                "report",
                "protection",
                "--db",
                "ledger.sqlite3",
                "--out",
                "protection.pdf",
            ][..],
            &["audit", "export", "--db", "ledger.sqlite3", "--hand", "1"],
        ] {
            let out = run(&dir, args);
            assert_eq!(out.status.code(), Some(1), "{}: {args:?}", old.dir);
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                older,
                "{}: {args:?}",
                old.dir
            );
        }
    }

    // A rating lookup that fails (a card never enrolled) writes nothing.
    let refused = run(
        &dir,
        &["rating", "--db", "ledger.sqlite3", "--player", "C-404"],
    );
    assert!(!refused.status.success(), "{}", old.dir);
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr),
        "pairs-table: no player has card C-404\n",
        "{}",
        old.dir
    );

    // Nothing was written: every byte as it was, no journal left behind.
    assert_eq!((digest(&ledger), digest(&archive)), before, "{}", old.dir);
    for suffix in ["-wal", "-shm", "-journal"] {
        assert!(
            !dir.join(format!("ledger.sqlite3{suffix}")).exists(),
            "{}: {suffix}",
            old.dir
        );
    }
}

/// The protection report and a hand's export (which replays) of `old`'s
/// ledger in `dir`, read as it is.
fn read_by_readers(old: &Old, dir: &Path) {
    let printed = succeeded(
        &format!("{}: report protection", old.dir),
        &run(
            dir,
            &[
                "report",
                "protection",
                "--db",
                "ledger.sqlite3",
                "--out",
                "protection.pdf",
            ],
        ),
    );
    assert!(
        printed.starts_with("printed protection.pdf: 1 table, 3 seats, 1 rated player"),
        "{}: {printed}",
        old.dir
    );
    let exported = succeeded(
        &format!("{}: audit export", old.dir),
        &run(
            dir,
            &["audit", "export", "--db", "ledger.sqlite3", "--hand", "1"],
        ),
    );
    std::fs::write(dir.join("hand-1.json"), &exported).unwrap();
    let replayed = succeeded(
        &format!("{}: replay", old.dir),
        &run(dir, &["replay", "hand-1.json"]),
    );
    assert!(replayed.contains("\"game\""), "{}: {replayed}", old.dir);
}

#[test]
fn every_old_ledger_is_upgraded_by_a_writer_and_verifies_clean() {
    for old in &CORPUS {
        upgraded_by_writers(old);
    }
}

/// On a copy of `old`: the shift report's print, a writer, upgrades the
/// ledger (after checking it) and reports its shift; the rated player's
/// lookup and more simulated hands follow; each time the ledger verifies
/// clean at this build's schema.
fn upgraded_by_writers(old: &Old) {
    let dir = copy_of(old.dir);
    let mut recorded_rules: Vec<String> = Vec::new();
    for hash in crate::util::rules_hashes_of_hands(&dir.join("ledger.sqlite3")) {
        if !recorded_rules.contains(&hash) {
            recorded_rules.push(hash);
        }
    }
    assert!(!recorded_rules.is_empty(), "{}", old.dir);
    let verified = || {
        let out = run(&dir, &["audit", "verify", "--db", "ledger.sqlite3"]);
        let verified = succeeded(&format!("{}: audit verify", old.dir), &out);
        clean(
            &format!("{}: audit verify after writing", old.dir),
            &verified,
            &notes(old, "ledger.sqlite3", true),
        );
    };

    let printed = succeeded(
        &format!("{}: report shift", old.dir),
        &run(
            &dir,
            &[
                "report",
                "shift",
                "--db",
                "ledger.sqlite3",
                "--out",
                "shift.pdf",
                "--csv",
                "shift.csv",
            ],
        ),
    );
    assert!(
        printed.starts_with(&format!("printed shift.pdf: print 1, {} hands,", old.hands)),
        "{}: {printed}",
        old.dir
    );
    // The report names the house rules by the hash its hands recorded,
    // even where this build would hash the old rules text differently.
    let csv = std::fs::read_to_string(dir.join("shift.csv")).unwrap();
    let printed_rules: Vec<String> = csv
        .lines()
        .filter_map(|line| line.strip_prefix("header,rules,"))
        .map(|rest| rest.split(',').next().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(printed_rules, recorded_rules, "{}", old.dir);
    verified();
    read_by_readers(old, &dir);

    let rated = succeeded(
        &format!("{}: rating", old.dir),
        &run(
            &dir,
            &["rating", "--db", "ledger.sqlite3", "--player", old.player],
        ),
    );
    assert!(
        rated.starts_with(&format!("player {}", old.player)),
        "{}: {rated}",
        old.dir
    );
    assert!(!rated.contains("\nhands 0,"), "{}: {rated}", old.dir);

    succeeded(
        &format!("{}: simulate --db", old.dir),
        &run(
            &dir,
            &[
                "simulate",
                "--game",
                "rocket",
                "--hands",
                "2",
                "--decks",
                "1",
                "--seats",
                "3",
                "--seed",
                "6",
                "--table",
                "old table",
                "--db",
                "ledger.sqlite3",
            ],
        ),
    );
    verified();
}

#[test]
fn every_old_floor_is_said_to_be_old_until_init_upgrades_it_and_then_agrees_with_its_station() {
    for old in CORPUS.iter().filter(|old| old.floor.is_some()) {
        floor_upgraded(old);
    }
}

/// `old`'s floor dump, restored with the roles its build's `floor init`
/// made: every command says it is old; `floor init` upgrades it and gives
/// the pit's role a password; the pit reads it, and the station's ledger
/// in the corpus agrees with the floor's copy.
fn floor_upgraded(old: &Old) {
    use crate::floor::FloorDb;
    use crate::floor_upgrade::{old_roles, said_to_be_old, upgraded};
    let version = old.floor.unwrap();
    let mut floor_db = FloorDb::restored(&corpus(old.dir).join("floor.sql"));
    let pit = old_roles(&floor_db, version);
    said_to_be_old(&floor_db, version);
    upgraded(&floor_db, version, &pit);
    floor_db.start_verifier();
    floor_db.settle();

    // The pit reads it; the station, of an older build, sends unsigned
    // heartbeats, so its lag is unknown and a warning says why.
    let dir = copy_of(old.dir);
    let rows = crate::floor::file_rows(&dir.join("ledger.sqlite3")).len();
    let status = crate::pairs_table()
        .args(["floor", "status", "--floor", &floor_db.url_as(&pit)])
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&status.stdout),
        String::from_utf8_lossy(&status.stderr),
    );
    assert_eq!(status.status.code(), Some(1), "{}: {out}{err}", old.dir);
    assert!(
        out.starts_with(&format!(
            "{STATION}\told table\t{rows} rows\t{rows} verified\thead "
        )) && out.contains("\tlag unknown (heartbeat not signed by its key)\t"),
        "{}: {out}",
        old.dir
    );
    assert_eq!(
        err,
        format!(
            "{ONE_SERVER}pairs-table: warning: station {STATION}: its last contact carried no signature (a pairs-table older than floor schema 13, or not the station)\n"
        ),
        "{}",
        old.dir
    );

    // The station's ledger in the corpus agrees with the floor's copy.
    let agree = succeeded(
        &format!("{}: floor verify --db", old.dir),
        &run(
            &dir,
            &[
                "floor",
                "verify",
                "--db",
                "ledger.sqlite3",
                "--floor",
                &floor_db.url(),
                "--station",
                STATION,
            ],
        ),
    );
    assert_eq!(agree, format!("{rows} rows agree\n"), "{}", old.dir);
    succeeded(
        &format!("{}: floor verify", old.dir),
        &crate::pairs_table()
            .args(["floor", "verify", "--floor", &floor_db.url()])
            .output()
            .unwrap(),
    );
}
