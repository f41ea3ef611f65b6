//! What `pairs-table doctor` asks the floor (docs/install.md, "Checking a
//! set-up"): can this role reach it, which schema it holds, whether its
//! verifier checks in, and how far this machine's clock is from its own.
//! Each question a role may not ask is answered as not allowed, never as
//! a failure of the others.

use std::time::{Duration, Instant};

use chrono::Utc;

use super::*;

/// What the floor told one connection.
#[derive(Debug)]
pub struct FloorProbe {
    /// The role the connection logged in as.
    pub user: String,
    /// The database's name.
    pub database: String,
    /// The server is a standby (in recovery): it takes no shipments.
    pub standby: bool,
    /// How long connecting took.
    pub connect_time: Duration,
    /// The floor's schema version; `Ok(None)` when the database holds no
    /// floor, `Err` when this role may not read it.
    pub schema_version: Result<Option<i32>, String>,
    /// This machine's clock less the floor's, milliseconds (positive: this
    /// one is ahead), taken at the middle of one round trip.
    pub clock_offset_ms: i64,
    /// The house's clock tolerance (`floor settings`), when this role may
    /// read it.
    pub clock_tolerance_seconds: Option<i32>,
    /// The verifier's last check-in, or why this role cannot read it.
    pub verifier: Result<VerifierCheckIn, String>,
}

/// Connects to the floor `url` names and asks it the doctor's questions.
pub fn probe(url: &str) -> Result<FloorProbe, FloorError> {
    let started = Instant::now();
    let mut client = connect(url)?;
    let connect_time = started.elapsed();
    let row = client.query_one(
        "SELECT current_user::text, current_database()::text, pg_is_in_recovery()",
        &[],
    )?;
    let (user, database, standby): (String, String, bool) = (row.get(0), row.get(1), row.get(2));
    let before = Utc::now();
    let floor_micros: i64 = client
        .query_one(
            "SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint",
            &[],
        )?
        .get(0);
    let after = Utc::now();
    let middle = before + (after - before) / 2;
    let clock_offset_ms = (middle.timestamp_micros() - floor_micros) / 1000;
    let schema_version = match client
        .query_one(
            "SELECT to_regclass('floor_schema_version') IS NOT NULL",
            &[],
        )?
        .get::<_, bool>(0)
    {
        false => Ok(None),
        true => allowed(client.query_opt("SELECT version FROM floor_schema_version", &[]))
            .map(|row| row.flatten().map(|row| row.get(0))),
    };
    let clock_tolerance_seconds =
        allowed(client.query_opt("SELECT clock_tolerance_seconds FROM floor.settings", &[]))
            .ok()
            .flatten()
            .flatten()
            .map(|row| row.get(0));
    let verifier = match verifier_on(&mut client) {
        Ok(check_in) => Ok(check_in),
        Err(FloorError::Postgres(error)) => Err(match allowed::<()>(Err(error)) {
            Err(said) => said,
            Ok(_) => "this floor keeps no verifier check-ins (an older schema)".to_owned(),
        }),
        Err(error) => Err(error.to_string()),
    };
    Ok(FloorProbe {
        user,
        database,
        standby,
        connect_time,
        schema_version,
        clock_offset_ms,
        clock_tolerance_seconds,
        verifier,
    })
}

/// `result`, its error said as one sentence: `Ok(None)` where the object
/// does not exist (an older floor), the server's refusal otherwise.
fn allowed<T>(result: Result<T, postgres::Error>) -> Result<Option<T>, String> {
    use postgres::error::SqlState;
    match result {
        Ok(value) => Ok(Some(value)),
        Err(error) => match error.code() {
            Some(code)
                if [
                    SqlState::UNDEFINED_TABLE,
                    SqlState::UNDEFINED_COLUMN,
                    SqlState::INVALID_SCHEMA_NAME,
                ]
                .contains(code) =>
            {
                Ok(None)
            }
            Some(&SqlState::INSUFFICIENT_PRIVILEGE) => {
                Err("this role may not read it (the pit's or the owner's may)".to_owned())
            }
            _ => Err(FloorError::Postgres(error).to_string()),
        },
    }
}
