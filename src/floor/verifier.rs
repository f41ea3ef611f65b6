//! The floor's verifier (docs/floor.md, "Signed at the source"): checks each
//! station's provisional rows against the key enrolled for it, moves the
//! station's verified head to the last checkpoint its key signs, and takes
//! a tail no checkpoint of that key signs off the chain into quarantine,
//! with an alarm. Only verified rows are read by replicas, reports, ratings
//! and the pit. Checks in every few seconds (`floor.verifier_checkins`), so
//! its absence is seen. Runs beside the database with the owner's connection,
//! woken by `floor_shipped` notifications.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chrono::Utc;
use postgres::Client;
use postgres::fallible_iterator::FallibleIterator;

use super::{FloorError, connect};
use crate::keys::PublicKey;
use crate::ledger::{self, shipped_checkpoint_problem};

/// What one pass over a station's provisional rows did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Verified {
    /// The station.
    pub station: String,
    /// Its verified head after the pass.
    pub verified: i64,
    /// Rows quarantined in this pass, with the reason (none: 0).
    pub quarantined: Option<(i64, String)>,
}

/// A pending station's newest checkpoint after its verified head, as one
/// query reads it for every station at once.
struct Newest {
    station: String,
    key: Option<PublicKey>,
    /// `None` when no checkpoint follows the verified head.
    checkpoint: Option<NewestCheckpoint>,
}

/// A checkpoint row as [`Newest`] reads it.
struct NewestCheckpoint {
    seq: i64,
    payload: Vec<u8>,
    hash: Vec<u8>,
    /// The hash of the row before it, if the floor holds one.
    before: Option<Vec<u8>>,
}

/// Checks every station whose head is beyond its verified head, once (or
/// only those `named`, among them). The common case, every station's
/// newest checkpoint signed by its key, costs two statements whatever the
/// number of stations: one reads each pending station's newest checkpoint,
/// the signatures are checked on every core, one statement moves every
/// verified head (docs/floor.md, "Signed at the source"). A station whose
/// newest checkpoint does not hold is checked alone ([`verify_station`]),
/// which finds the last that does and quarantines the rest.
pub fn verify_pending(
    client: &mut Client,
    named: Option<&[String]>,
) -> Result<Vec<Verified>, FloorError> {
    use rayon::prelude::*;
    let rows = client.query(
        "SELECT s.station, s.public_key, c.seq, c.payload, c.hash, b.hash \
           FROM floor.stations s \
           LEFT JOIN LATERAL (SELECT c.seq, c.payload, c.hash FROM floor.chain_rows c \
                               WHERE c.station = s.station AND c.seq > s.verified_seq \
                                 AND c.seq <= s.head_seq AND c.table_name = 'checkpoints' \
                               ORDER BY c.seq DESC LIMIT 1) c ON true \
           LEFT JOIN floor.chain_rows b ON b.station = s.station AND b.seq = c.seq - 1 \
          WHERE s.head_seq > s.verified_seq AND ($1::text[] IS NULL OR s.station = ANY($1)) \
          ORDER BY s.station",
        &[&named],
    )?;
    let pending: Vec<Newest> = rows
        .into_iter()
        .map(|r| {
            let key: Option<Vec<u8>> = r.get(1);
            let seq: Option<i64> = r.get(2);
            Newest {
                station: r.get(0),
                key: key.and_then(|k| k.try_into().ok()),
                checkpoint: seq.map(|seq| NewestCheckpoint {
                    seq,
                    payload: r.get(3),
                    hash: r.get(4),
                    before: r.get(5),
                }),
            }
        })
        .collect();
    let holds: Vec<bool> = pending
        .par_iter()
        .map(|p| match (&p.key, &p.checkpoint) {
            (Some(key), Some(c)) => {
                checkpoint_problem(c.seq, &c.payload, c.before.as_deref(), key).is_none()
            }
            _ => false,
        })
        .collect();
    let mut done = Vec::new();
    let (mut stations, mut seqs, mut hashes) = (Vec::new(), Vec::new(), Vec::new());
    for (p, holds) in pending.iter().zip(&holds) {
        if let (Some(c), true) = (&p.checkpoint, holds) {
            stations.push(p.station.as_str());
            seqs.push(c.seq);
            hashes.push(c.hash.as_slice());
            done.push(Verified {
                station: p.station.clone(),
                verified: c.seq,
                quarantined: None,
            });
        }
    }
    if !stations.is_empty() {
        client.execute(
            "SELECT floor.mark_verified(t.s, t.q, t.h) \
               FROM unnest($1::text[], $2::bigint[], $3::bytea[]) AS t(s, q, h)",
            &[&stations, &seqs, &hashes],
        )?;
    }
    for (p, holds) in pending.iter().zip(&holds) {
        if !holds {
            done.push(verify_station(client, &p.station)?);
        }
    }
    Ok(done)
}

/// Checks `station`'s rows after its verified head: each checkpoint among
/// them must sign the chain before it with the station's enrolled key. The
/// verified head moves to the last checkpoint that does: it signs the head
/// before it, which hashes every row before it, so one signature by the
/// enrolled key attests everything up to it (and the checkpoints are
/// checked from the last back: one signature a pass when all is well).
/// From the first that does not hold after it (or for a station with no
/// key enrolled), the rest are quarantined.
pub fn verify_station(client: &mut Client, station: &str) -> Result<Verified, FloorError> {
    let row = client.query_one(
        "SELECT verified_seq, head_seq, public_key FROM floor.stations WHERE station = $1",
        &[&station],
    )?;
    let mut verified: i64 = row.get(0);
    let head: i64 = row.get(1);
    let key: Option<Vec<u8>> = row.get(2);
    let key: Option<PublicKey> = key.and_then(|k| k.try_into().ok());
    // The newest checkpoints first; the last alone when it holds.
    let newest = |client: &mut Client, limit: i64| {
        client.query(
            "SELECT c.seq, c.payload, c.hash, b.hash FROM floor.chain_rows c \
               LEFT JOIN floor.chain_rows b ON b.station = c.station AND b.seq = c.seq - 1 \
              WHERE c.station = $1 AND c.seq > $2 AND c.seq <= $3 AND c.table_name = 'checkpoints' \
              ORDER BY c.seq DESC LIMIT $4",
            &[&station, &verified, &head, &limit],
        )
    };
    let mut verified_hash: Option<Vec<u8>> = None;
    let mut refusal = None;
    match key {
        None => {
            refusal = Some(
                "the station has no public key enrolled, so nothing it ships can be verified"
                    .to_owned(),
            );
        }
        Some(key) => {
            let mut checkpoints = newest(client, 1)?;
            let last_holds = checkpoints
                .first()
                .is_some_and(|c| row_problem(c, &key).is_none());
            if !last_holds {
                checkpoints = newest(client, i64::MAX)?;
            }
            for checkpoint in &checkpoints {
                let seq: i64 = checkpoint.get(0);
                match row_problem(checkpoint, &key) {
                    None => {
                        verified = seq;
                        verified_hash = Some(checkpoint.get(2));
                        break;
                    }
                    // The last refusal met going back is the first after
                    // the checkpoint that holds.
                    Some(problem) => {
                        refusal = Some(format!("the checkpoint at row {seq}: {problem}"));
                    }
                }
            }
        }
    }
    if let Some(hash) = &verified_hash {
        client.execute(
            "SELECT floor.mark_verified($1, $2, $3)",
            &[&station, &verified, hash],
        )?;
    }
    let quarantined = match refusal {
        Some(reason) => {
            let moved: i64 = client
                .query_one(
                    "SELECT floor.quarantine_tail($1, $2, $3)",
                    &[&station, &verified, &reason],
                )?
                .get(0);
            Some((moved, reason))
        }
        None => None,
    };
    Ok(Verified {
        station: station.to_owned(),
        verified,
        quarantined,
    })
}

/// What is wrong with a checkpoint row (seq, payload, hash, the hash of the
/// row before it) as the station's enrolled `key` would sign it, if
/// anything.
fn row_problem(checkpoint: &postgres::Row, key: &PublicKey) -> Option<String> {
    let payload: Vec<u8> = checkpoint.get(1);
    let before: Option<Vec<u8>> = checkpoint.get(3);
    checkpoint_problem(checkpoint.get(0), &payload, before.as_deref(), key)
}

/// What is wrong with the checkpoint at `seq` (its `payload`, and the hash
/// of the row before it, `before`) as `key` would sign it, if anything.
fn checkpoint_problem(
    seq: i64,
    payload: &[u8],
    before: Option<&[u8]>,
    key: &PublicKey,
) -> Option<String> {
    let before: [u8; 32] = match before {
        Some(b) => b.try_into().unwrap_or([0xff; 32]),
        None if seq == 1 => ledger::GENESIS,
        None => [0xff; 32],
    };
    shipped_checkpoint_problem(payload, seq - 1, &before, Some(key))
}

/// How long the verifier gathers notifications before a pass.
const GATHER: Duration = Duration::from_millis(25);

/// What the running verifier tells its caller.
#[derive(Debug)]
pub enum VerifierEvent<'a> {
    /// A station's tail was quarantined.
    Quarantined(&'a Verified),
    /// The connection failed; it is retried every second.
    LinkDown(&'a FloorError),
}

/// Runs the verifier on the floor at `url` (an owner's URL) until `stop`
/// is set: a pass over every station at start, then one for each station
/// named by a `floor_shipped` notification, and a pass over all after each
/// second without one (so nothing missed during a reconnect waits). A
/// floor that cannot be reached at the first try is an error; a
/// connection lost later is retried every second.
pub fn run(
    url: &str,
    stop: &AtomicBool,
    mut report: impl FnMut(VerifierEvent<'_>),
) -> Result<(), FloorError> {
    // The figures are checked beside, on a connection of their own, so
    // solving hands never delays a signature check or the check-in.
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let figures = std::thread::Builder::new()
            .name("floor figure check".into())
            .spawn_scoped(scope, || {
                super::figures::check_until(url, &|| {
                    stop.load(Ordering::Relaxed) || done.load(Ordering::Relaxed)
                });
            })
            .map_err(|e| FloorError::Refused(format!("cannot start the figure check: {e}")))?;
        let mut connected = false;
        let mut outcome = Ok(());
        while !stop.load(Ordering::Relaxed) {
            match watch(url, stop, &mut connected, &mut report) {
                Ok(()) => break,
                Err(error) if !connected => {
                    outcome = Err(error);
                    break;
                }
                Err(error) => {
                    report(VerifierEvent::LinkDown(&error));
                    std::thread::sleep(Duration::from_secs(1));
                }
            }
        }
        done.store(true, Ordering::Relaxed);
        let _ = figures.join();
        outcome
    })
}

fn watch(
    url: &str,
    stop: &AtomicBool,
    connected: &mut bool,
    report: &mut impl FnMut(VerifierEvent<'_>),
) -> Result<(), FloorError> {
    let mut client = connect(url)?;
    let mut listener = connect(url)?;
    listener.batch_execute("LISTEN floor_shipped")?;
    *connected = true;
    let started = Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    let check_in = |client: &mut Client| -> Result<Instant, FloorError> {
        client.execute(
            "SELECT floor.verifier_check_in($1::text::timestamptz, $2)",
            &[
                &started,
                &i32::try_from(std::process::id()).unwrap_or(i32::MAX),
            ],
        )?;
        Ok(Instant::now())
    };
    let mut checked_in = check_in(&mut client)?;
    let mut pass = |client: &mut Client, named: Option<&[String]>| -> Result<(), FloorError> {
        let done = verify_pending(client, named)?;
        for v in done.iter().filter(|v| v.quarantined.is_some()) {
            report(VerifierEvent::Quarantined(v));
        }
        Ok(())
    };
    pass(&mut client, None)?;
    while !stop.load(Ordering::Relaxed) {
        if checked_in.elapsed() >= super::VERIFIER_CHECK_IN {
            checked_in = check_in(&mut client)?;
        }
        let mut named: Vec<String> = Vec::new();
        let mut notifications = listener.notifications();
        let first = notifications
            .timeout_iter(Duration::from_secs(1))
            .next()?
            .map(|n| n.payload().to_owned());
        if let Some(first) = first {
            named.push(first);
            // Notifications of the next 25 ms join this pass: a station
            // catching up ships a batch every few milliseconds, and one
            // pass over its newest checkpoint covers them all.
            let until = Instant::now() + GATHER;
            while let Some(left) = until.checked_duration_since(Instant::now()) {
                match notifications.timeout_iter(left).next()? {
                    Some(n) => named.push(n.payload().to_owned()),
                    None => break,
                }
            }
        }
        if named.is_empty() {
            pass(&mut client, None)?;
            continue;
        }
        named.sort();
        named.dedup();
        pass(&mut client, Some(&named))?;
    }
    Ok(())
}
