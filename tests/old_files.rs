//! Files older builds really wrote (issue 44; `tests/data/old-files/`, how
//! each was made in its README): today's build verifies, reports and
//! exports them as they were written and leaves every byte as it was
//! (docs/ledger.md, "Storage"); only a writer upgrades a copy, which then
//! verifies clean at this build's schema.

use std::path::{Path, PathBuf};
use std::process::Output;

use sha2::{Digest, Sha256};

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

#[test]
fn a_version_15_ledger_and_archive_are_read_as_written_and_left_as_they_are() {
    let dir = copy_of("v15");
    let (ledger, archive) = (dir.join("ledger.sqlite3"), dir.join("archive.sqlite3"));
    let before = (digest(&ledger), digest(&archive));

    let verified = succeeded(
        "audit verify",
        &run(&dir, &["audit", "verify", "--db", "ledger.sqlite3"]),
    );
    let mut lines = verified.lines();
    assert_eq!(
        lines.next(),
        Some(
            "note: ledger.sqlite3 is a ledger of schema version 15 (this pairs-table writes 17): checked as that version wrote it and left as it is; the app or simulate upgrades it when it next writes to it"
        ),
        "{verified}"
    );
    assert!(verified.contains("\ndiscrepancies: 0"), "{verified}");
    assert!(!verified.contains("discrepancy:"), "{verified}");

    let archived = succeeded(
        "audit verify-archive",
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
    assert!(
        archived.starts_with("note: archive.sqlite3 is a ledger of schema version 15"),
        "{archived}"
    );
    assert!(archived.contains("\ndiscrepancies: 0"), "{archived}");

    let printed = succeeded(
        "report protection",
        &run(
            &dir,
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
        printed.starts_with("printed protection.pdf: 1 table, 3 seats"),
        "{printed}"
    );
    let exported = succeeded(
        "audit export",
        &run(
            &dir,
            &["audit", "export", "--db", "ledger.sqlite3", "--hand", "1"],
        ),
    );
    assert!(exported.contains("\"game\""), "{exported}");

    // A rating lookup that fails (a card never enrolled) writes nothing.
    let refused = run(
        &dir,
        &["rating", "--db", "ledger.sqlite3", "--player", "C-404"],
    );
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("C-404"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );

    // Nothing was written: every byte as it was, no journal left behind.
    assert_eq!((digest(&ledger), digest(&archive)), before);
    for suffix in ["-wal", "-shm", "-journal"] {
        assert!(
            !dir.join(format!("ledger.sqlite3{suffix}")).exists(),
            "{suffix}"
        );
    }

    // A writer upgrades the ledger (after checking it) and carries on;
    // the upgraded file verifies clean, at this build's schema.
    succeeded(
        "simulate --db",
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
    let upgraded = succeeded(
        "audit verify",
        &run(&dir, &["audit", "verify", "--db", "ledger.sqlite3"]),
    );
    assert!(!upgraded.contains("note:"), "{upgraded}");
    assert!(upgraded.contains("\ndiscrepancies: 0"), "{upgraded}");
}
