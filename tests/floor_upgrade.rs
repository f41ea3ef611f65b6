//! Upgrading a floor (issue 44, item 3; docs/floor.md, "Upgrading"):
//! every command on a floor older than the program says so in one
//! sentence, `floor init` says what it upgraded and gives a pit role made
//! without a password one, and an older station's unsigned heartbeat is
//! refused in a sentence naming both versions.

use postgres::{Client, NoTls};

use crate::floor::{FloorDb, dir, keys_of, simulate};
use pairs_table::floor;

#[test]
fn an_old_floor_is_said_to_be_old_and_init_keeps_the_pits_access() {
    let floor_db = FloorDb::migrated_to(4);
    let pit = old_roles(&floor_db, 4);
    said_to_be_old(&floor_db, 4);
    upgraded(&floor_db, 4, &pit);
    // Again: nothing to upgrade, no password changed.
    let out = crate::pairs_table()
        .args(["floor", "init", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "floor schema at version {}; the pit reads as role {pit}\n",
            floor::SCHEMA_VERSION
        )
    );
}

/// Creates the roles `floor init` of floor schema `version` made for
/// `floor_db`: the stations' group, and the pit's login role, with a
/// password from schema 5 (none before pit passwords). Returns the pit's
/// role.
pub(crate) fn old_roles(floor_db: &FloorDb, version: usize) -> String {
    let (stations, pit) = floor::role_names(&floor_db.name);
    let password = if version >= 5 { " PASSWORD 'old'" } else { "" };
    floor_db
        .admin()
        .batch_execute(&format!(
            "CREATE ROLE \"{stations}\" NOLOGIN; CREATE ROLE \"{pit}\" LOGIN{password}"
        ))
        .unwrap();
    pit
}

/// Checks that each of this program's commands on `floor_db`, a floor of
/// schema `version`, that needs what the floor lacks refuses in the one
/// sentence docs/floor.md gives ("Upgrading"); `floor settings` and
/// `floor protection` read a floor of schema 8 and 10 on as it is.
pub(crate) fn said_to_be_old(floor_db: &FloorDb, version: usize) {
    let need = floor::SCHEMA_VERSION;
    let old = format!(
        "pairs-table: the floor has schema version {version}, older than the {need} this pairs-table needs: \
         the floor's owner upgrades it with `pairs-table floor init --floor OWNER_URL` (docs/floor.md, \"Upgrading\")\n"
    );
    for (command, since) in [
        ("status", need),
        ("settings", 8),
        ("protection", 10),
        ("verify", need),
    ] {
        let out = crate::pairs_table()
            .args(["floor", command, "--floor", &floor_db.url()])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if version < since {
            assert_eq!(out.status.code(), Some(1), "{command}");
            assert_eq!(err, old, "{command}");
        } else {
            assert!(out.status.success(), "{command}: {err}");
        }
    }
}

/// Runs `floor init` on `floor_db`, a floor of schema `version` with the
/// roles [`old_roles`] made (the pit's role `pit`), and checks what it
/// says (a password for a pit's role that had none) and that the role
/// has a password now.
pub(crate) fn upgraded(floor_db: &FloorDb, version: usize, pit: &str) {
    let need = floor::SCHEMA_VERSION;
    let out = crate::pairs_table()
        .args(["floor", "init", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = said.lines().collect();
    let given = if version < 5 { 2 } else { 0 };
    assert_eq!(lines.len(), 2 + given, "{said}");
    assert_eq!(
        lines[0],
        format!("upgraded the floor schema from version {version} to {need}")
    );
    if given > 0 {
        assert_eq!(
            lines[1],
            format!(
                "the pit's role {pit} had no password: it has one now; put this line in the pit computer's password file"
            )
        );
        assert!(lines[2].contains(&format!(":{pit}:")), "{said}");
    }
    assert_eq!(
        lines[1 + given],
        format!("floor schema at version {need}; the pit reads as role {pit}")
    );
    let has_password: bool = floor_db
        .admin()
        .query_one(
            "SELECT rolpassword IS NOT NULL FROM pg_authid WHERE rolname = $1",
            &[&pit],
        )
        .unwrap()
        .get(0);
    assert!(has_password);
}

#[test]
fn a_database_with_no_floor_says_so_and_an_older_stations_heartbeat_is_refused_in_a_sentence() {
    let floor_db = FloorDb::new();
    let out = crate::pairs_table()
        .args(["floor", "status", "--floor"])
        .arg(format!(
            "{}/postgres",
            floor_db.url().rsplit_once('/').unwrap().0
        ))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "pairs-table: this database holds no floor: its owner sets one up with `pairs-table floor init --floor OWNER_URL` (it needs floor schema version {})\n",
            floor::SCHEMA_VERSION
        )
    );

    let db = dir("older-station").join("station.sqlite3");
    simulate(&db, 1, 1);
    let url = floor::enrol(&floor_db.url(), "table 1", keys_of(&db).public_key()).unwrap();
    let mut older = Client::connect(&url, NoTls).unwrap();
    let refused = older
        .query_one("SELECT floor.heartbeat(5, NULL, now())", &[])
        .unwrap_err();
    assert_eq!(
        refused.as_db_error().unwrap().message(),
        "this floor (schema 13) takes only heartbeats signed by the station's key, and this station's pairs-table (floor schema 12 or older) sends unsigned ones: upgrade the station"
    );
}
