//! A station's signed heartbeat (docs/floor.md, "Signed heartbeats"): how
//! a station tells the floor how far behind it is, so that only the
//! station's key can say so. The floor sets a challenge for each station
//! (used once); the station signs the challenge with its name, its file's
//! length, its clock and its link's state; the floor keeps what was signed
//! (PostgreSQL cannot check Ed25519) and `floor status` and the pit check
//! it against the enrolled key before they believe a lag.

use postgres::Client;

use super::{FloorError, cut_at_char};
use crate::keys::{CheckpointKey, HEARTBEAT_TAG, PublicKey, StationKeys};

/// The most bytes of a failure a heartbeat tells (the floor refuses more).
pub const FAILURE_BYTES: usize = 500;

/// What a heartbeat says, as the station signs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heartbeat<'a> {
    /// The station's enrolled name, as the floor gave it with the challenge.
    pub station: &'a str,
    /// The floor's challenge this heartbeat answers.
    pub challenge: &'a [u8],
    /// Rows in the station's file.
    pub file_rows: i64,
    /// The station's clock, RFC 3339 as sent.
    pub clock: &'a str,
    /// The failure the station last met (`None`: its last attempt went
    /// through), at most [`FAILURE_BYTES`] bytes.
    pub failure: Option<&'a str>,
}

impl Heartbeat<'_> {
    /// The bytes the station's key signs (a contract: docs/floor.md, block
    /// `heartbeat-message`): the tag line, then `station NAME`, `challenge
    /// HEX`, `file rows N`, `clock TIME` lines, then `link ok` or `link
    /// failed: TEXT`, each ending in a line feed.
    pub fn message(&self) -> Vec<u8> {
        let mut message = HEARTBEAT_TAG.to_vec();
        message.extend_from_slice(
            format!(
                "station {}\nchallenge {}\nfile rows {}\nclock {}\n",
                self.station,
                hex::encode(self.challenge),
                self.file_rows,
                self.clock
            )
            .as_bytes(),
        );
        match self.failure {
            None => message.extend_from_slice(b"link ok"),
            Some(failure) => {
                message.extend_from_slice(b"link failed: ");
                message.extend_from_slice(failure.as_bytes());
            }
        }
        message.push(b'\n');
        message
    }

    /// What is wrong with `signature` as the station enrolled with
    /// `public_key` would have signed this heartbeat, if anything.
    pub fn problem(&self, public_key: Option<&[u8]>, signature: Option<&[u8]>) -> Option<String> {
        let Some(signature) = signature else {
            return Some(
                "its last contact carried no signature (a pairs-table older than floor schema 13, \
                 or not the station)"
                    .into(),
            );
        };
        let key = public_key
            .and_then(|k| PublicKey::try_from(k).ok())
            .and_then(|k| CheckpointKey::new(&k));
        let Some(key) = key else {
            return Some("it has no valid public key enrolled to check its heartbeat by".into());
        };
        let holds = <[u8; 64]>::try_from(signature)
            .is_ok_and(|signature| key.signs_heartbeat(&self.message(), &signature));
        (!holds).then(|| {
            "its last heartbeat is not signed by its enrolled key: someone with its password, \
             not the station, spoke for it"
                .into()
        })
    }
}

/// `failure` cut to what a heartbeat may tell ([`FAILURE_BYTES`], at a
/// character boundary, `…` marking the cut).
pub fn told_failure(failure: &str) -> String {
    if failure.len() <= FAILURE_BYTES {
        return failure.to_owned();
    }
    format!("{}…", cut_at_char(failure, FAILURE_BYTES - '…'.len_utf8()))
}

/// Sends the calling station's signed heartbeat on `client`: its file's
/// length `file_rows`, the failure it last met and its `clock` (RFC 3339,
/// as [`super::station_clock`] reads it). Returns the station's head on
/// the floor.
pub fn send(
    client: &mut Client,
    keys: &StationKeys,
    file_rows: i64,
    failure: Option<&str>,
    clock: &str,
) -> Result<i64, FloorError> {
    let row = client.query_one(
        "SELECT station, challenge FROM floor.heartbeat_challenge()",
        &[],
    )?;
    let station: String = row.get(0);
    let challenge: Vec<u8> = row.get(1);
    let failure = failure.map(told_failure);
    let beat = Heartbeat {
        station: &station,
        challenge: &challenge,
        file_rows,
        clock,
        failure: failure.as_deref(),
    };
    let signature = keys
        .sign_heartbeat(&beat.message())
        .map(|s| s.to_vec())
        .unwrap_or_default();
    Ok(client
        .query_one(
            "SELECT floor.signed_heartbeat($1, $2, $3, $4, $5)",
            &[&challenge, &file_rows, &failure, &clock, &signature],
        )?
        .get(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beat(failure: Option<&str>) -> Heartbeat<'_> {
        Heartbeat {
            station: "north",
            challenge: &[7; 16],
            file_rows: 12,
            clock: "2025-01-02T03:04:05.000006Z",
            failure,
        }
    }

    #[test]
    fn a_heartbeat_holds_only_under_the_stations_key_and_for_what_it_said() {
        let keys = StationKeys::from_secret_bytes([3; 32], [4; 32]);
        let other = StationKeys::from_secret_bytes([5; 32], [4; 32]);
        let signed = keys.sign_heartbeat(&beat(None).message()).unwrap();
        let key = keys.public_key();
        assert_eq!(beat(None).problem(Some(&key), Some(&signed)), None);
        let forged = other.sign_heartbeat(&beat(None).message()).unwrap();
        assert!(beat(None).problem(Some(&key), Some(&forged)).is_some());
        // The same signature does not carry another length or a failure.
        let more = Heartbeat {
            file_rows: 13,
            ..beat(None)
        };
        assert!(more.problem(Some(&key), Some(&signed)).is_some());
        assert!(beat(Some("")).problem(Some(&key), Some(&signed)).is_some());
        assert!(beat(None).problem(Some(&key), None).is_some());
        assert!(beat(None).problem(None, Some(&signed)).is_some());
        // The key signs nothing else as a heartbeat.
        assert_eq!(keys.sign_heartbeat(b"pairs-table checkpoint"), None);
    }

    #[test]
    fn a_long_failure_is_cut_at_a_character_boundary() {
        let long = "é".repeat(400);
        let told = told_failure(&long);
        assert!(told.len() <= FAILURE_BYTES, "{}", told.len());
        assert!(told.ends_with('…'));
        assert_eq!(told_failure("short"), "short");
    }
}
