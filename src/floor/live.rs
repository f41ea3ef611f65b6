//! The hand being dealt now, as the pit sees it (docs/floor.md, "The hand
//! in progress"): each station publishes its snapshot, signed by its key,
//! through `floor.publish_hand` (its own row only); the pit reads every
//! station's row and shows a snapshot only once its signature holds under
//! the key enrolled for that station. Never a record: nothing here is
//! chained, replicated or reported.

use chrono::{DateTime, Utc};
use postgres::Client;

use super::FloorError;
use crate::keys::CheckpointKey;
use crate::station::live::{HandInProgress, SignedHand};

/// Publishes the calling station's hand in progress (`None`: no hand in
/// progress, the row is deleted), on its own connection.
pub(super) fn publish_on(client: &mut Client, hand: Option<&SignedHand>) -> Result<(), FloorError> {
    let (payload, signature) = match hand {
        Some(hand) => (Some(hand.payload.as_slice()), Some(&hand.signature[..])),
        None => (None, None),
    };
    client.execute("SELECT floor.publish_hand($1, $2)", &[&payload, &signature])?;
    Ok(())
}

/// A station's hand in progress as the floor holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveHand {
    /// The hand, or why it is refused (its signature does not hold under
    /// the station's enrolled key, or its bytes are not the format's).
    pub hand: Result<HandInProgress, String>,
    /// When the floor received it, by the floor's clock.
    pub received_at: DateTime<Utc>,
    /// Received longer ago than the house's notice time.
    pub old: bool,
}

/// Every station's hand in progress on the floor, by station, each
/// checked against its station's enrolled key.
pub(super) fn hands_on(client: &mut Client) -> Result<Vec<(String, LiveHand)>, FloorError> {
    let rows = client.query(
        "SELECT h.station, h.payload, h.signature, s.public_key, \
                to_char(h.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), \
                h.received_at < now() - make_interval(mins => f.notice_minutes) \
           FROM floor.hands_in_progress h JOIN floor.stations s ON s.station = h.station \
                CROSS JOIN floor.settings f ORDER BY h.station",
        &[],
    )?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let payload: Vec<u8> = r.get(1);
            let signature: Vec<u8> = r.get(2);
            let key: Option<Vec<u8>> = r.get(3);
            let received: String = r.get(4);
            let received_at = DateTime::parse_from_rfc3339(&received)
                .ok()?
                .with_timezone(&Utc);
            Some((
                r.get(0),
                LiveHand {
                    hand: checked(&payload, &signature, key.as_deref()),
                    received_at,
                    old: r.get(5),
                },
            ))
        })
        .collect())
}

/// The hand `payload` holds, if `signature` by the station's enrolled
/// `key` signs it; else why it is refused.
fn checked(payload: &[u8], signature: &[u8], key: Option<&[u8]>) -> Result<HandInProgress, String> {
    let key = key
        .and_then(|k| <[u8; 32]>::try_from(k).ok())
        .and_then(|k| CheckpointKey::new(&k))
        .ok_or("the station has no key enrolled on the floor to check it by")?;
    let signature: [u8; 64] = signature
        .try_into()
        .map_err(|_| "its signature is malformed".to_owned())?;
    if !key.signs_hand_in_progress(payload, &signature) {
        return Err("its signature does not match the station's enrolled key".into());
    }
    HandInProgress::parse(payload)
}
