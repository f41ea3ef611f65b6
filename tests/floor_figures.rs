//! The floor checks the game-protection figures (issue 42, item 5;
//! docs/game-protection.md, "Checked on the floor"): an insider holding a
//! station's key rewrites a hand's recorded figures and re-signs the chain,
//! which passes every signature check; the floor's verifier works the
//! hand's figures out again from its cards and raises an alarm at the
//! station, as for a forged row. Against a real PostgreSQL.

use std::path::Path;
use std::time::{Duration, Instant};

use ed25519_dalek::SigningKey;
use sha2::{Digest, Sha256};

use crate::floor::{FloorDb, dir, file_rows, key_of, keys_of, pairs_table_for, simulate_with};
use crate::insider::{Checkpoints, Forgery, rehash_with};
use pairs_table::floor;

/// The signing key of the station at `db` (tests/floor.rs makes it from
/// the file's path): what an insider with the station's key holds.
fn signing_key_of(db: &Path) -> SigningKey {
    let secret: [u8; 32] = Sha256::digest(db.as_os_str().as_encoded_bytes()).into();
    SigningKey::from_bytes(&secret)
}

/// The floor's alarms of cause `figures` at `station`.
fn figure_alarms(floor_db: &FloorDb, station: &str) -> Vec<String> {
    floor_db
        .admin()
        .query(
            "SELECT message FROM floor.alarms WHERE station = $1 AND cause = 'figures' ORDER BY id",
            &[&station],
        )
        .unwrap()
        .into_iter()
        .map(|r| r.get(0))
        .collect()
}

/// A one-deck table of a counter's hands at `db`, dealt as `table`.
fn counter_hands(db: &Path, table: &str) {
    simulate_with(
        db,
        80,
        5,
        &[
            "--decks",
            "1",
            "--strategy",
            "optimal_seen",
            "--betting",
            "counter:8",
            "--table",
            table,
        ],
    );
}

#[test]
fn figures_re_signed_with_the_stations_key_raise_an_alarm_at_the_station() {
    let floor_db = FloorDb::new();
    let honest = dir("figures-honest").join("station.sqlite3");
    counter_hands(&honest, "honest table");
    let url = floor::enrol(&floor_db.url(), "honest", key_of(&honest)).unwrap();
    floor::ship(&honest, &url, None).unwrap();
    let db = dir("figures-forged").join("station.sqlite3");
    counter_hands(&db, "forged table");

    // The insider swaps two hands' recorded edges (so the counter's big
    // bets no longer sit at the good counts) and re-signs the chain.
    let forgery = Forgery::open(&db);
    let conn = &forgery.conn;
    let (first, second): ((i64, i64, String), (i64, i64, String)) = {
        let mut rows = conn
            .prepare(
                "SELECT seq, hand_id, house_edge FROM hand_edges \
                  WHERE house_edge IS NOT NULL ORDER BY CAST(house_edge AS REAL)",
            )
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        let last = rows.pop().unwrap();
        (rows.swap_remove(0), last)
    };
    for ((_, hand, _), (_, _, edge)) in [(&first, &second), (&second, &first)] {
        conn.execute(
            "UPDATE hand_edges SET house_edge = ?1 WHERE hand_id = ?2",
            rusqlite::params![edge, hand],
        )
        .unwrap();
    }
    rehash_with(
        conn,
        first.0.min(second.0),
        Checkpoints::ResignedWith(&signing_key_of(&db)),
    );
    forgery.finish();
    // The key file's record of the last head written, brought along too.
    let last = file_rows(&db).pop().unwrap();
    keys_of(&db)
        .record_written(&db, last.seq, &last.hash)
        .unwrap();
    let verify = pairs_table_for(&db)
        .args(["audit", "verify", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        verify.status.success(),
        "the re-signed ledger passes audit verify: {}",
        String::from_utf8_lossy(&verify.stdout)
    );
    let url = floor::enrol(&floor_db.url(), "forged", key_of(&db)).unwrap();
    floor::ship(&db, &url, None).unwrap();
    floor_db.settle();
    let forged = "forged";

    let start = Instant::now();
    while figure_alarms(&floor_db, forged).is_empty() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let alarms = figure_alarms(&floor_db, forged);
    assert_eq!(
        alarms.len(),
        1,
        "one alarm, the second hand a repeat: {alarms:?}"
    );
    let swapped = [(&second.2, &first.2), (&first.2, &second.2)];
    assert!(
        alarms[0].starts_with("forged table hand ")
            && swapped.iter().any(|(recorded, given)| alarms[0].ends_with(&format!(
                ": the game-protection figures recorded with it are not what its cards give (house edge at the bet recorded {recorded}, its cards give {given})"
            ))),
        "{alarms:?}"
    );
    let repeats: i64 = floor_db
        .admin()
        .query_one(
            "SELECT coalesce(sum(r.repeats), 0)::bigint FROM floor.alarm_repeats r JOIN floor.alarms a ON a.id = r.alarm_id \
              WHERE a.station = $1 AND a.cause = 'figures'",
            &[&forged],
        )
        .unwrap()
        .get(0);
    assert_eq!(repeats, 1, "both hands' figures are caught");
    // The honest station's hands were checked in the same passes: no alarm.
    std::thread::sleep(Duration::from_secs(2));
    assert!(figure_alarms(&floor_db, "honest").is_empty());
}
