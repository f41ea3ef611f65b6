//! Replicas (docs/floor.md, "Replicas"): each station's verified chain
//! written into a ledger file of its own, each row checked to extend it.

use std::path::Path;

use postgres::Client;

use super::verify::{Rows, floor_rows};
use super::*;
use crate::ledger;

/// Replicas of the stations' chains, and the stations whose chain could
/// not be copied (one station's trouble stays its own).
#[derive(Debug, Default)]
pub struct Replicas {
    /// Each station's name and replica file, by station name.
    pub ready: Vec<(String, std::path::PathBuf)>,
    /// Each station whose rows on the floor could not be brought into its
    /// replica, and why.
    pub unreadable: Vec<(String, String)>,
}

impl Replicas {
    /// `station`'s replica, if it could be brought up to date.
    pub fn ready_for(&self, station: &str) -> Option<&Path> {
        self.ready
            .iter()
            .find(|(name, _)| name == station)
            .map(|(_, path)| path.as_path())
    }

    /// Why `station`'s chain could not be copied, if it could not.
    pub fn unreadable_for(&self, station: &str) -> Option<&str> {
        self.unreadable
            .iter()
            .find(|(name, _)| name == station)
            .map(|(_, why)| why.as_str())
    }
}

/// Brings a replica of every station's chain up to date in `dir`: one
/// ledger file per station (`dir/ROLE.sqlite3`, ROLE the station's login
/// role), extended with the floor's verified rows after its head, each row
/// checked to extend its chain (`ledger::extend_replica`). A station whose
/// rows cannot be copied is listed as unreadable and the others go on.
/// Read with an owner's or the pit's URL.
pub fn replicate(url: &str, dir: &Path) -> Result<Replicas, FloorError> {
    replicate_on(&mut connect(url)?, dir, None)
}

/// [`replicate`] on an open connection, bringing up to date only the
/// stations in `only` (all with `None`); every station with a replica in
/// `dir` is returned.
pub(super) fn replicate_on(
    client: &mut Client,
    dir: &Path,
    only: Option<&[String]>,
) -> Result<Replicas, FloorError> {
    let stations = client.query(
        "SELECT station, role_name, verified_seq FROM floor.stations ORDER BY station",
        &[],
    )?;
    let mut replicas = Replicas::default();
    for station in stations {
        let name: String = station.get(0);
        let role: String = station.get(1);
        let verified: i64 = station.get(2);
        let path = dir.join(format!("{role}.sqlite3"));
        if only.is_some_and(|only| !only.contains(&name)) && path.exists() {
            replicas.ready.push((name, path));
            continue;
        }
        match extend_replica(client, &name, verified, &path) {
            Ok(()) if path.exists() => replicas.ready.push((name, path)),
            Ok(()) => {}
            Err(FloorError::Ledger(error)) => replicas.unreadable.push((name, error.to_string())),
            Err(error) => return Err(error),
        }
    }
    Ok(replicas)
}

/// Brings one station's replica up to its verified head.
fn extend_replica(
    client: &mut Client,
    station: &str,
    verified: i64,
    path: &Path,
) -> Result<(), FloorError> {
    let mut after = if path.exists() {
        ledger::chain_length(path)?
    } else {
        0
    };
    loop {
        let rows = floor_rows(client, Rows::Station(station, verified), after, BATCH)?;
        let Some(last) = rows.last() else {
            return Ok(());
        };
        after = last.seq;
        ledger::extend_replica(path, &rows)?;
    }
}
