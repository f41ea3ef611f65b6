//! A floor target naming several servers, libpq's multi-host form
//! (`postgresql://ROLE@HOST1:P1,HOST2:P2/DB?target_session_attrs=read-write`;
//! docs/floor.md, "Failover runbook"). PostgreSQL replicates and promotes;
//! this module only chooses the server to talk to, one server at a time in
//! the target's order, so that:
//!
//! - a server that takes the connection but does not answer (stopped,
//!   hung) is given up after [`ANSWER_WITHIN`] (or the target's
//!   `connect_timeout`) and passed over while that attempt still hangs;
//! - with `read-write`, every server that takes writes is asked where it
//!   stands in the floor's history (its system identifier and timeline):
//!   the one on the highest timeline is used, and one on a lower timeline
//!   of the same system (an old primary come back) is never written to,
//!   which is said in one sentence. The highest timeline this program has
//!   used is remembered, so an old primary is refused even when it is the
//!   only server that answers;
//! - each server's password comes from its own line of the password file.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use chrono::{DateTime, Utc};
use postgres::config::TargetSessionAttrs;
use postgres::{Client, Config};

use super::FloorError;
use super::credentials::{self, Tls};

/// How long a server has to answer a connection (TCP, TLS, login) when
/// the target names several and sets no `connect_timeout`.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(5);

/// Where a server stands in the floor's history: a promoted standby moves
/// to a new timeline; its old primary stays on the one before.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Place {
    /// `pg_control_system().system_identifier`: the same on a primary and
    /// every standby made from it; another means another floor.
    system: i64,
    /// The timeline the server writes WAL on.
    timeline: i64,
    /// `HOST:PORT`.
    server: String,
}

/// The highest place this program has written at, one for each floor
/// (system identifier) it has reached.
static HIGHEST: Mutex<Vec<Place>> = Mutex::new(Vec::new());

/// The floor (system identifier) each multi-host target last reached,
/// by its servers' names.
static FLOORS: Mutex<Vec<(String, i64)>> = Mutex::new(Vec::new());

/// The failover this program saw on each floor (system identifier):
/// when, and the server that was primary.
static FAILOVERS: Mutex<Vec<(i64, DateTime<Utc>, String)>> = Mutex::new(Vec::new());

/// The floor's primary as this program last found it through a
/// multi-host target with `target_session_attrs=read-write`, and the
/// failover it saw, if it saw one (the pit shows both).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Primary {
    /// `HOST:PORT`.
    pub server: String,
    /// The timeline it writes on (1 until a standby was first promoted).
    pub timeline: i64,
    /// When this program first found the primary on a higher timeline
    /// than before (by its own clock), and the server that was primary.
    pub failover: Option<(DateTime<Utc>, String)>,
}

/// The primary of the floor `target` names as this program last found it
/// through it: `None` unless the target names several servers with
/// `target_session_attrs=read-write` and this program has connected
/// through it.
pub(super) fn primary_for(target: &str) -> Option<Primary> {
    let (config, _) = credentials::unfilled(target).ok()?;
    let writes = config.get_target_session_attrs() == TargetSessionAttrs::ReadWrite;
    if !(several(&config) && writes) {
        return None;
    }
    let key = servers_key(&config);
    let system = locked(&FLOORS)
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, system)| *system)?;
    let highest = locked(&HIGHEST)
        .iter()
        .find(|p| p.system == system)
        .cloned()?;
    let failover = locked(&FAILOVERS)
        .iter()
        .find(|f| f.0 == system)
        .map(|(_, at, before)| (*at, before.clone()));
    Some(Primary {
        server: highest.server,
        timeline: highest.timeline,
        failover,
    })
}

/// The servers `config` names, as one text.
fn servers_key(config: &Config) -> String {
    (0..credentials::server_count(config))
        .map(|i| credentials::server_name(config, i))
        .collect::<Vec<_>>()
        .join(",")
}

/// `mutex` locked, even if a thread panicked holding it.
fn locked<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Servers whose connection attempt has not answered yet (each with the
/// flag its attempt sets when it ends).
static HANGING: Mutex<Vec<(String, Arc<AtomicBool>)>> = Mutex::new(Vec::new());

/// Whether `config` names more than one server.
pub(super) fn several(config: &Config) -> bool {
    credentials::server_count(config) > 1
}

/// Connects to the server of the multi-host `config` that its
/// `target_session_attrs` asks for (the password file read for each
/// server). With `read-write`: the writable server on the highest
/// timeline, and a sentence for each writable server passed over as an
/// old primary. Otherwise the first server that answers as asked (`any`,
/// `read-only`).
pub(super) fn connect(config: &Config, tls: &Tls) -> Result<(Client, Option<String>), FloorError> {
    let writes = config.get_target_session_attrs() == TargetSessionAttrs::ReadWrite;
    let mut failures = Vec::new();
    let mut writable: Vec<(Place, Client)> = Vec::new();
    for server in 0..credentials::server_count(config) {
        let name = credentials::server_name(config, server);
        let mut one = credentials::one_server(config, server);
        if one.get_password().is_none()
            && let Some(password) = credentials::file_password(config, server)?
        {
            one.password(password);
        }
        let mut client = match connect_within(&one, tls, &name) {
            Ok(client) => client,
            Err(error) => {
                failures.push(format!("{name}: {error}"));
                continue;
            }
        };
        if !writes {
            return Ok((client, None));
        }
        match place(&mut client, &name) {
            Ok(Some(place)) => writable.push((place, client)),
            Ok(None) => failures.push(format!("{name}: it is a standby")),
            Err(error) => failures.push(format!("{name}: {error}")),
        }
    }
    if writable.is_empty() {
        let wanted = if writes { "takes writes" } else { "answered" };
        return Err(FloorError::Refused(format!(
            "no server of the floor target {wanted}: {}",
            failures.join("; ")
        )));
    }
    let (client, passed_over, system) = choose(writable)?;
    let key = servers_key(config);
    let mut floors = locked(&FLOORS);
    floors.retain(|(k, _)| *k != key);
    floors.push((key, system));
    Ok((client, passed_over))
}

/// The writable server to use of those that answered (in the target's
/// order): the first not behind another, or behind the highest place
/// this program has written at; a sentence for each passed over.
/// Returns the client, the sentence for the servers passed over, and the
/// floor's system identifier.
fn choose(writable: Vec<(Place, Client)>) -> Result<(Client, Option<String>, i64), FloorError> {
    let mut highest = locked(&HIGHEST);
    let places: Vec<Place> = writable.iter().map(|(p, _)| p.clone()).collect();
    let (chosen, passed) = pick(&places, &highest);
    let Some((place, client)) = chosen.and_then(|i| writable.into_iter().nth(i)) else {
        return Err(FloorError::Refused(passed.join("; ")));
    };
    let system = place.system;
    match highest.iter_mut().find(|h| h.system == system) {
        Some(before) if before.timeline < place.timeline => {
            let mut failovers = locked(&FAILOVERS);
            failovers.retain(|f| f.0 != system);
            failovers.push((system, Utc::now(), before.server.clone()));
            *before = place;
        }
        Some(_) => {}
        None => highest.push(place),
    }
    Ok((
        client,
        (!passed.is_empty()).then(|| passed.join("; ")),
        system,
    ))
}

/// Which of the writable servers' `places` to use (in the target's
/// order), given the `highest` places written at before (one a floor):
/// the first that no other place of the same system is ahead of; and the
/// sentence for each passed over as an old primary.
fn pick(places: &[Place], highest: &[Place]) -> (Option<usize>, Vec<String>) {
    let ahead_of = |place: &Place| -> Option<&Place> {
        places
            .iter()
            .chain(highest)
            .filter(|p| p.system == place.system && p.timeline > place.timeline)
            .max_by_key(|p| p.timeline)
    };
    let mut passed = Vec::new();
    let mut chosen = None;
    for (i, place) in places.iter().enumerate() {
        match ahead_of(place) {
            Some(ahead) => passed.push(old_primary(place, ahead)),
            None if chosen.is_none() => chosen = Some(i),
            None => {}
        }
    }
    (chosen, passed)
}

/// The sentence for a writable server behind another.
fn old_primary(place: &Place, ahead: &Place) -> String {
    format!(
        "the floor server {} takes writes on timeline {}, but {} is on timeline {}: {} is an old primary, and nothing is written to it (docs/floor.md, \"Failover runbook\")",
        place.server, place.timeline, ahead.server, ahead.timeline, place.server
    )
}

/// Where the server `client` is connected to stands: `None` for a
/// standby (in recovery).
fn place(client: &mut Client, server: &str) -> Result<Option<Place>, FloorError> {
    let row = client.query_one(
        "SELECT pg_is_in_recovery(), \
                (SELECT system_identifier FROM pg_control_system()), \
                CASE WHEN pg_is_in_recovery() THEN 0 \
                     ELSE ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::bigint \
                END",
        &[],
    )?;
    let standby: bool = row.get(0);
    Ok((!standby).then(|| Place {
        system: row.get(1),
        timeline: row.get(2),
        server: server.to_owned(),
    }))
}

/// Connects to one server, giving it up if it has not answered within
/// the target's `connect_timeout` (else [`ANSWER_WITHIN`]); a server whose
/// last attempt still hangs is passed over at once. The `postgres`
/// crate's own `connect_timeout` covers the TCP connection alone, so a
/// server that is stopped (whose kernel still takes the connection) would
/// otherwise hold the caller for as long as it is stopped.
fn connect_within(config: &Config, tls: &Tls, server: &str) -> Result<Client, FloorError> {
    let within = config
        .get_connect_timeout()
        .copied()
        .unwrap_or(ANSWER_WITHIN);
    let still_hanging = HANGING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .any(|(name, _)| name == server);
    if still_hanging {
        return Err(FloorError::Refused(format!(
            "the floor server {server} has not answered a connection for more than {} s",
            within.as_secs()
        )));
    }
    let (answer, answered) = mpsc::channel();
    let ended = Arc::new(AtomicBool::new(false));
    let (config, tls, ended_there) = (config.clone(), tls.clone(), ended.clone());
    std::thread::Builder::new()
        .name("floor connection".into())
        .spawn(move || {
            let result = tls.connect(&config);
            // A late answer is dropped with its connection.
            let _ = answer.send(result);
            ended_there.store(true, Ordering::SeqCst);
            HANGING
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .retain(|(_, flag)| !Arc::ptr_eq(flag, &ended_there));
        })
        .map_err(|e| FloorError::Refused(format!("cannot start a connection to the floor: {e}")))?;
    match answered.recv_timeout(within) {
        Ok(result) => result,
        Err(_) => {
            let mut hanging = HANGING.lock().unwrap_or_else(|e| e.into_inner());
            if !ended.load(Ordering::SeqCst) {
                hanging.push((server.to_owned(), ended));
            }
            Err(FloorError::Refused(format!(
                "the floor server {server} took the connection but did not answer within {} s",
                within.as_secs()
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(server: &str, system: i64, timeline: i64) -> Place {
        Place {
            system,
            timeline,
            server: server.into(),
        }
    }

    #[test]
    fn the_server_on_the_highest_timeline_is_used_and_an_old_primary_is_passed_over_in_a_sentence()
    {
        let (old, new) = (at("a:5432", 7, 1), at("b:5432", 7, 2));
        let (chosen, passed) = pick(&[old.clone(), new.clone()], &[]);
        assert_eq!(chosen, Some(1));
        assert_eq!(
            passed,
            [
                "the floor server a:5432 takes writes on timeline 1, but b:5432 is on timeline 2: a:5432 is an old primary, and nothing is written to it (docs/floor.md, \"Failover runbook\")"
            ]
        );
        // Alone, the old primary is refused once the new one was used.
        let (chosen, passed) = pick(std::slice::from_ref(&old), std::slice::from_ref(&new));
        assert_eq!((chosen, passed.len()), (None, 1));
        // Before any failover, the first writable server is used.
        assert_eq!(pick(std::slice::from_ref(&old), &[]), (Some(0), Vec::new()));
        assert_eq!(
            pick(std::slice::from_ref(&old), std::slice::from_ref(&old)),
            (Some(0), Vec::new())
        );
        // Another system (a floor built anew) is no one's old primary.
        assert_eq!(
            pick(&[at("c:5432", 9, 1)], std::slice::from_ref(&new)),
            (Some(0), Vec::new())
        );
    }
}
