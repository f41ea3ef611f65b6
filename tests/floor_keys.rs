//! What the floor's owner can no longer do silently (docs/floor.md, "Key
//! changes" and "Game protection settings"; issue 43, items 6 and 7),
//! each attack made as the owner would, with plain SQL, against a real
//! PostgreSQL: a station's chain swapped for another signed by a key of
//! the owner's, that key swapped into the enrolment; a protection
//! threshold dated in the past, in someone else's name.

use postgres::Client;

use crate::floor::{FloorDb, dir, file_rows, key_of, schema_files, simulate};
use pairs_table::floor;
use pairs_table::keys::{PublicKey, fingerprint};

/// `floor.station_keys` for `station`: each key (hex, or none) and who
/// set it, in order.
fn key_history(admin: &mut Client, station: &str) -> Vec<(Option<String>, String)> {
    admin
        .query(
            "SELECT encode(public_key, 'hex'), set_by FROM floor.station_keys \
              WHERE station = $1 ORDER BY id",
            &[&station],
        )
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

/// The owner's role, as the floor records it (`session_user`).
fn owner(admin: &mut Client) -> String {
    admin
        .query_one("SELECT session_user::text", &[])
        .unwrap()
        .get(0)
}

/// When `station`'s key last changed, as the alarm says it, and whether
/// that was within the last minute by the floor's clock.
fn last_change(admin: &mut Client, station: &str) -> (String, bool) {
    let row = admin
        .query_one(
            "SELECT to_char(since AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
                    since > now() - interval '1 minute' \
               FROM floor.station_keys WHERE station = $1 ORDER BY id DESC LIMIT 1",
            &[&station],
        )
        .unwrap();
    (row.get(0), row.get(1))
}

/// The alarm for a change of `station`'s key from `from` to `to`.
fn alarm(station: &str, at: &str, by: &str, from: &PublicKey, to: &PublicKey) -> String {
    format!(
        "station {station}'s key was changed at {at} by {by} (from {} to {})",
        fingerprint(from),
        fingerprint(to)
    )
}

/// Issue 43, item 6: the owner rewrites a station's chain (here: replaces
/// it with another ledger's, whose every checkpoint its own key signs),
/// swaps that key into the enrolment and sets the verified head over it.
/// Every signature then holds under the enrolled key; the key change is
/// what `floor verify`, `floor status` and the pit name, and its record
/// cannot be undone.
#[test]
fn a_key_the_owner_swaps_in_is_recorded_and_named_by_verify_status_and_the_pit() {
    let floor_db = FloorDb::new();
    let dir = dir("key-swapped");
    let (genuine, forged) = (dir.join("genuine.sqlite3"), dir.join("forged.sqlite3"));
    simulate(&genuine, 3, 41);
    simulate(&forged, 2, 42);
    let url = floor::enrol(&floor_db.url(), "table 1", key_of(&genuine)).unwrap();
    floor::ship(&genuine, &url, None).unwrap();
    floor_db.settle();
    let mut admin = floor_db.admin();
    let by = owner(&mut admin);
    // Enrolment recorded the key, in the enrolling role's name.
    assert_eq!(
        key_history(&mut admin, "table 1"),
        [(Some(hex::encode(key_of(&genuine))), by.clone())]
    );
    assert_eq!(
        floor::verify_floor(&floor_db.url()).unwrap().1,
        Vec::<String>::new()
    );

    // The attack: the chain replaced behind the triggers, then the key and
    // the heads set to match, with plain UPDATEs.
    let rows = file_rows(&forged);
    let last = rows.last().unwrap();
    admin
        .batch_execute(
            "ALTER TABLE floor.chain_rows DISABLE TRIGGER chain_rows_unalterable; \
             DELETE FROM floor.chain_rows WHERE station = 'table 1'; \
             ALTER TABLE floor.chain_rows ENABLE TRIGGER chain_rows_unalterable;",
        )
        .unwrap();
    for row in &rows {
        admin
            .execute(
                "INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash) \
                 VALUES ('table 1', $1, $2, $3, $4)",
                &[&row.seq, &row.table, &row.values, &row.hash.to_vec()],
            )
            .unwrap();
    }
    admin
        .execute(
            "UPDATE floor.stations SET public_key = $1, head_seq = $2, head_hash = $3, \
                    verified_seq = $2, file_rows = $2 WHERE station = 'table 1'",
            &[&key_of(&forged).to_vec(), &last.seq, &last.hash.to_vec()],
        )
        .unwrap();
    let (at, now) = last_change(&mut admin, "table 1");
    assert!(now, "the change is dated by the floor's clock");
    let expected = alarm("table 1", &at, &by, &key_of(&genuine), &key_of(&forged));

    // floor verify: every signature holds, and the change is a finding.
    let (checked, findings) = floor::verify_floor(&floor_db.url()).unwrap();
    assert_eq!(checked as usize, rows.len());
    assert_eq!(findings, std::slice::from_ref(&expected));
    let out = crate::pairs_table()
        .args(["floor", "verify", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{expected}\n")
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("pairs-table: 1 disagreements in {} rows\n", rows.len())
    );

    // floor status: the text names it, the JSON holds it.
    let out = crate::pairs_table()
        .args(["floor", "status", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    // Critical (exit status 2), said on stderr too.
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains(&format!("pairs-table: critical: {expected}\n")),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with(&format!("\t{expected}\n")), "{text}");
    let out = crate::pairs_table()
        .args(["floor", "status", "--floor", &floor_db.url(), "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json[0]["key_changes"],
        serde_json::json!([{
            "changed_at": at,
            "changed_by": by,
            "from_key": hex::encode(key_of(&genuine)),
            "to_key": hex::encode(key_of(&forged)),
        }])
    );

    // The pit: an alarm at the table, first among its alarms.
    let pit = tempfile::tempdir().unwrap();
    let tables = floor::survey::survey(&floor_db.url(), pit.path())
        .unwrap()
        .tables;
    assert_eq!(tables[0].alarms[0].message, format!("Floor: {expected}"));
    assert_eq!(tables[0].state(), floor::survey::TableState::Alarm);

    // The record stands, whatever the owner tries with SQL.
    for (sql, refusal) in [
        (
            "UPDATE floor.station_keys SET public_key = NULL",
            "a station's keys are a record: every key it was enrolled with stays on the floor",
        ),
        (
            "DELETE FROM floor.station_keys",
            "a station's keys are a record: every key it was enrolled with stays on the floor",
        ),
        (
            "TRUNCATE floor.station_keys",
            "a station's keys are a record: every key it was enrolled with stays on the floor",
        ),
        (
            "INSERT INTO floor.station_keys (station, public_key, since, set_by) \
             VALUES ('table 1', NULL, now(), 'someone')",
            "a station's keys are recorded only by its enrolment and by changes of floor.stations.public_key",
        ),
    ] {
        let error = admin.batch_execute(sql).unwrap_err();
        assert_eq!(error.as_db_error().unwrap().message(), refusal, "{sql}");
    }
    // Setting the key back is one more change, not an erasure.
    admin
        .execute(
            "UPDATE floor.stations SET public_key = $1 WHERE station = 'table 1'",
            &[&key_of(&genuine).to_vec()],
        )
        .unwrap();
    assert_eq!(key_history(&mut admin, "table 1").len(), 3);
    assert_eq!(
        floor::status(&floor_db.url()).unwrap()[0].key_changes.len(),
        2
    );
}

/// A key changed with the trigger that records it disabled (the owner may)
/// is not in the key history: `floor verify` says so.
#[test]
fn a_key_changed_with_the_floors_triggers_disabled_fails_floor_verify() {
    let floor_db = FloorDb::new();
    let dir = dir("key-unrecorded");
    let (genuine, other) = (dir.join("genuine.sqlite3"), dir.join("other.sqlite3"));
    simulate(&genuine, 1, 43);
    floor::enrol(&floor_db.url(), "table 2", key_of(&genuine)).unwrap();
    let mut admin = floor_db.admin();
    admin
        .execute(
            "ALTER TABLE floor.stations DISABLE TRIGGER stations_key_changed",
            &[],
        )
        .unwrap();
    admin
        .execute(
            "UPDATE floor.stations SET public_key = $1 WHERE station = 'table 2'",
            &[&key_of(&other).to_vec()],
        )
        .unwrap();
    assert_eq!(
        floor::verify_floor(&floor_db.url()).unwrap().1,
        [format!(
            "station table 2's enrolled key is {}, but the last its key history records is {}: \
             the key was changed with the floor's triggers disabled",
            fingerprint(&key_of(&other)),
            fingerprint(&key_of(&genuine))
        )]
    );
}

/// A floor of schema 11 upgraded records each station's key as it stands
/// (no change, no finding); a station enrolled without a key (as before
/// schema 5) records its first when it presents one, in its own role's
/// name, and that is no change either.
#[test]
fn an_upgraded_floor_records_each_stations_key_and_a_first_key_is_no_change() {
    let floor_db = FloorDb::migrated_to(11);
    let dir = dir("key-upgrade");
    let (old, keyless) = (dir.join("old.sqlite3"), dir.join("keyless.sqlite3"));
    let mut admin = floor_db.admin();
    let database: String = admin
        .query_one("SELECT current_database()::text", &[])
        .unwrap()
        .get(0);
    let role = format!("{database}_keyless");
    admin
        .execute(
            "INSERT INTO floor.stations (station, role_name, public_key) \
             VALUES ('old', 'old_role', $1), ('keyless', $2, NULL)",
            &[&key_of(&old).to_vec(), &role],
        )
        .unwrap();
    assert_eq!(
        floor::init(&floor_db.url()).unwrap().version,
        schema_files().len()
    );
    let by = owner(&mut admin);
    assert_eq!(
        key_history(&mut admin, "old"),
        [(Some(hex::encode(key_of(&old))), by)]
    );
    assert_eq!(key_history(&mut admin, "keyless"), []);

    // The keyless station's role presents its key.
    admin
        .batch_execute(&format!(
            "CREATE ROLE \"{role}\" LOGIN IN ROLE \"{database}_stations\""
        ))
        .unwrap();
    let mut config: postgres::Config = floor_db.url().parse().unwrap();
    let mut station = config.user(&role).connect(postgres::NoTls).unwrap();
    station
        .execute(
            "SELECT floor.present_key($1)",
            &[&key_of(&keyless).to_vec()],
        )
        .unwrap();
    assert_eq!(
        key_history(&mut admin, "keyless"),
        [(Some(hex::encode(key_of(&keyless))), role)]
    );
    let status = floor::status(&floor_db.url()).unwrap();
    assert!(
        status.iter().all(|s| s.key_changes.is_empty()),
        "{status:?}"
    );
    assert_eq!(
        floor::verify_floor(&floor_db.url()).unwrap().1,
        Vec::<String>::new()
    );
}

/// Issue 43, item 7: the owner INSERTs a protection threshold dated in
/// the past, in someone else's name, with an id that would keep it in
/// force over every later one, and a table's place dated likewise: the
/// floor records each at its own clock, in the name of the role that
/// recorded it, and the next `floor protection` is in force.
#[test]
fn a_setting_takes_effect_at_the_floors_clock_in_the_name_of_who_recorded_it() {
    let floor_db = FloorDb::new();
    let dir = dir("settings-stamped");
    floor::enrol(&floor_db.url(), "table 3", key_of(&dir.join("a.sqlite3"))).unwrap();
    let mut admin = floor_db.admin();
    let by = owner(&mut admin);
    let row = admin
        .query_one(
            "INSERT INTO floor.protection_settings (id, significance, minimum_hands, set_at, set_by) \
             VALUES (1000000, 0.01, 100, '2020-01-01T00:00:00Z', 'someone_else') \
             RETURNING id, set_at > now() - interval '1 minute', set_by",
            &[],
        )
        .unwrap();
    assert_eq!(
        (
            row.get::<_, i64>(0),
            row.get::<_, bool>(1),
            row.get::<_, String>(2)
        ),
        (1, true, by.clone())
    );
    let set = floor::protection::protection_settings(&floor_db.url(), None, Some(700)).unwrap();
    assert_eq!(set.minimum_hands, Some(700));
    assert_eq!(
        floor::protection::flag_settings(&floor_db.url())
            .unwrap()
            .minimum_hands,
        700
    );

    for sql in [
        "INSERT INTO floor.table_places (station, pit, place_row, place_column, placed_at) \
         VALUES ('table 3', 'Pit 1', 1, 1, '2020-01-01T00:00:00Z')",
        "UPDATE floor.table_places SET placed_at = '2020-01-01T00:00:00Z'",
    ] {
        admin.execute(sql, &[]).unwrap();
        let recent: bool = admin
            .query_one(
                "SELECT placed_at > now() - interval '1 minute' FROM floor.table_places",
                &[],
            )
            .unwrap()
            .get(0);
        assert!(recent, "{sql}");
    }
}
