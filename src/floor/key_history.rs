//! Every key a station was enrolled with (docs/floor.md, "Key changes";
//! floor schema 12): `floor.station_keys`, which triggers on
//! `floor.stations` fill at enrolment and at every change of a station's
//! key, whoever makes it. Each row of a station after its first is a key
//! change, which `floor verify`, `floor status` and the pit name as an
//! alarm.

use postgres::GenericClient;
use serde::{Serialize, Serializer};

use super::FloorError;
use crate::keys::{PublicKey, fingerprint};

/// A change of a station's enrolled key, as the floor recorded it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KeyChange {
    /// When, by the floor's clock (`YYYY-MM-DDTHH:MM:SSZ`, UTC).
    pub changed_at: String,
    /// The role that changed it (its `session_user`).
    pub changed_by: String,
    /// The key before (`None`: no key).
    #[serde(serialize_with = "hex_key")]
    pub from_key: Option<PublicKey>,
    /// The key after (`None`: no key).
    #[serde(serialize_with = "hex_key")]
    pub to_key: Option<PublicKey>,
}

impl KeyChange {
    /// The change as an alarm about `station`: `station NAME's key was
    /// changed at TIME by ROLE (from FINGERPRINT to FINGERPRINT)`.
    pub fn alarm(&self, station: &str) -> String {
        format!(
            "station {station}'s key was changed at {} by {} (from {} to {})",
            self.changed_at,
            self.changed_by,
            named(self.from_key.as_ref()),
            named(self.to_key.as_ref())
        )
    }
}

/// A key as an alarm names it: its fingerprint, or `no key`.
fn named(key: Option<&PublicKey>) -> String {
    key.map_or_else(|| "no key".to_owned(), fingerprint)
}

/// A key in JSON: 64 hex digits, or null.
fn hex_key<S: Serializer>(key: &Option<PublicKey>, serializer: S) -> Result<S::Ok, S::Error> {
    match key {
        Some(key) => serializer.serialize_str(&hex::encode(key)),
        None => serializer.serialize_none(),
    }
}

/// A key read from the floor (32 bytes, else none).
fn key(bytes: Option<Vec<u8>>) -> Option<PublicKey> {
    bytes.and_then(|k| k.try_into().ok())
}

/// Every station's key changes, by station name, each station's in the
/// order recorded.
pub(super) fn changes_on(
    client: &mut impl GenericClient,
) -> Result<Vec<(String, KeyChange)>, FloorError> {
    let rows = client.query(
        "SELECT station, to_char(since AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
                set_by, before, public_key \
           FROM (SELECT k.id, k.station, k.since, k.set_by, k.public_key, \
                        lag(k.public_key) OVER w AS before, row_number() OVER w AS n \
                   FROM floor.station_keys k WINDOW w AS (PARTITION BY k.station ORDER BY k.id)) c \
          WHERE n > 1 ORDER BY station, id",
        &[],
    )?;
    Ok(rows
        .into_iter()
        .map(|r| {
            (
                r.get(0),
                KeyChange {
                    changed_at: r.get(1),
                    changed_by: r.get(2),
                    from_key: key(r.get(3)),
                    to_key: key(r.get(4)),
                },
            )
        })
        .collect())
}

/// What `floor verify` finds about the stations' keys, by station name:
/// each key change, and an enrolled key that is not the last the key
/// history records (changed with the floor's triggers disabled).
pub(super) fn findings_on(
    client: &mut impl GenericClient,
) -> Result<Vec<(String, String)>, FloorError> {
    let mut findings: Vec<(String, String)> = changes_on(client)?
        .into_iter()
        .map(|(station, change)| {
            let alarm = change.alarm(&station);
            (station, alarm)
        })
        .collect();
    let unrecorded = client.query(
        "SELECT s.station, s.public_key, k.public_key FROM floor.stations s \
           LEFT JOIN LATERAL (SELECT public_key FROM floor.station_keys k \
                               WHERE k.station = s.station ORDER BY k.id DESC LIMIT 1) k ON true \
          WHERE s.public_key IS DISTINCT FROM k.public_key",
        &[],
    )?;
    for row in unrecorded {
        let station: String = row.get(0);
        let finding = format!(
            "station {station}'s enrolled key is {}, but the last its key history records is {}: \
             the key was changed with the floor's triggers disabled",
            named(key(row.get(1)).as_ref()),
            named(key(row.get(2)).as_ref())
        );
        findings.push((station, finding));
    }
    // By station; each station's changes first, in order (a stable sort).
    findings.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(findings)
}
