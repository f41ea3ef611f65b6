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
    let need = floor::SCHEMA_VERSION;
    // As the floor init of that time made them: the pit's role logs in
    // with no password.
    let database: String = floor_db
        .admin()
        .query_one("SELECT current_database()", &[])
        .unwrap()
        .get(0);
    let (stations, pit) = floor::role_names(&database);
    floor_db
        .admin()
        .batch_execute(&format!(
            "CREATE ROLE \"{stations}\" NOLOGIN; CREATE ROLE \"{pit}\" LOGIN"
        ))
        .unwrap();
    let old = format!(
        "pairs-table: the floor has schema version 4, older than the {need} this pairs-table needs: \
         the floor's owner upgrades it with `pairs-table floor init --floor OWNER_URL` (docs/floor.md, \"Upgrading\")\n"
    );
    for args in [
        vec!["floor", "status"],
        vec!["floor", "settings"],
        vec!["floor", "protection"],
        vec!["floor", "verify"],
    ] {
        let out = crate::pairs_table()
            .args(&args)
            .args(["--floor", &floor_db.url()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), old, "{args:?}");
    }

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
    assert_eq!(lines.len(), 4, "{said}");
    assert_eq!(
        lines[0],
        format!("upgraded the floor schema from version 4 to {need}")
    );
    assert_eq!(
        lines[1],
        format!(
            "the pit's role {pit} had no password: it has one now; put this line in the pit computer's password file"
        )
    );
    assert!(lines[2].contains(&format!(":{pit}:")), "{said}");
    assert_eq!(
        lines[3],
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
    // Again: nothing to upgrade, no password changed.
    let out = crate::pairs_table()
        .args(["floor", "init", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("floor schema at version {need}; the pit reads as role {pit}\n")
    );
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
