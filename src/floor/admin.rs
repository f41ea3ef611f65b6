//! The floor's administration (docs/floor.md, "Commands", "Upgrading"):
//! `floor init` and its upgrades, a station's enrolment, its first pit boss,
//! the house's settings, resuming a suspended station, and an old floor's
//! errors said as such.

use super::*;
use crate::ids::StaffId;
use crate::keys::PublicKey;

/// A new role password, 32 hex digits the server draws (its random UUID
/// generator): a query's result, never a logged statement.
fn new_password(client: &mut impl postgres::GenericClient) -> Result<String, FloorError> {
    Ok(client
        .query_one(
            "SELECT md5(gen_random_uuid()::text || gen_random_uuid()::text)",
            &[],
        )?
        .get(0))
}

/// `password` as the server stores it (a SCRAM-SHA-256 verifier), so the
/// statement that sets it, which the server may log, holds no password.
fn scram_verifier(password: &str) -> String {
    postgres_protocol::password::scram_sha_256(password.as_bytes())
}

/// The roles `floor init` creates for the database `database`: the group
/// every station role belongs to, and the pit's read-only role.
pub fn role_names(database: &str) -> (String, String) {
    // `_stations` is 9 bytes: 54 more keep the name within PostgreSQL's 63.
    let prefix = cut_at_char(database, 54);
    (format!("{prefix}_stations"), format!("{prefix}_pit"))
}

/// What `floor init` did: the schema version, the pit's role, and the
/// pit's password when the role was created now (shown once).
#[derive(Debug)]
pub struct Initialised {
    /// The floor schema's version before (0: no floor yet).
    pub from: usize,
    /// The floor schema's version.
    pub version: usize,
    /// The pit's read-only login role.
    pub pit: String,
    /// The pit role's password, if `init` created the role or gave a
    /// password to one that had none (a floor set up before pit
    /// passwords).
    pub pit_password: Option<String>,
}

/// Creates or upgrades the floor schema and its roles.
pub fn init(url: &str) -> Result<Initialised, FloorError> {
    let mut client = connect(url)?;
    let mut tx = client.transaction()?;
    tx.batch_execute(
        "SELECT pg_advisory_xact_lock(2026111800); \
         CREATE TABLE IF NOT EXISTS floor_schema_version (version integer NOT NULL); \
         INSERT INTO floor_schema_version SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM floor_schema_version)",
    )?;
    let version: i32 = tx
        .query_one("SELECT version FROM floor_schema_version", &[])?
        .get(0);
    let version = usize::try_from(version).unwrap_or(0);
    if version > MIGRATIONS.len() {
        return Err(FloorError::Refused(format!(
            "the floor has schema version {version}, newer than the {} this pairs-table understands; use a newer pairs-table",
            MIGRATIONS.len()
        )));
    }
    let from = version;
    for migration in &MIGRATIONS[version..] {
        tx.batch_execute(migration)?;
    }
    tx.execute(
        "UPDATE floor_schema_version SET version = $1",
        &[&(MIGRATIONS.len() as i32)],
    )?;
    let database: String = tx.query_one("SELECT current_database()", &[])?.get(0);
    let (stations, pit) = role_names(&database);
    let mut pit_password = None;
    for (role, login) in [(&stations, false), (&pit, true)] {
        let exists: bool = tx
            .query_one(
                "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)",
                &[role],
            )?
            .get(0);
        if exists {
            if login && !has_password(&mut tx, role, from)? {
                // A pit role from before pit passwords: on a server with
                // password authentication the pit could not connect.
                let password = new_password(&mut tx)?;
                tx.batch_execute(&format!(
                    "ALTER ROLE {} PASSWORD '{}'",
                    quote(role),
                    scram_verifier(&password)
                ))?;
                pit_password = Some(password);
            }
            continue;
        }
        if login {
            let password = new_password(&mut tx)?;
            tx.batch_execute(&format!(
                "CREATE ROLE {} LOGIN PASSWORD '{}'",
                quote(role),
                scram_verifier(&password)
            ))?;
            pit_password = Some(password);
        } else {
            tx.batch_execute(&format!("CREATE ROLE {} NOLOGIN", quote(role)))?;
        }
    }
    let (stations, pit) = (quote(&stations), quote(&pit));
    tx.batch_execute(&format!(
        "GRANT USAGE ON SCHEMA floor TO {stations}, {pit}; \
         GRANT EXECUTE ON FUNCTION floor.station_head(), \
             floor.append_rows(bigint[], text[], bytea[], bytea[], bigint), \
             floor.append_batch(bigint[], text[], bytea[], bytea[], bigint, timestamptz), \
             floor.heartbeat(bigint, text, timestamptz), \
             floor.heartbeat_challenge(), \
             floor.signed_heartbeat(bytea, bigint, text, text, bytea), \
             floor.present_key(bytea), floor.own_rows(bigint, integer), \
             floor.own_shipped_rows(bigint, integer), \
             floor.own_shipped_hashes(bigint, integer), \
             floor.first_pit_boss(), floor.publish_hand(bytea, bytea) TO {stations}; \
         GRANT SELECT ON ALL TABLES IN SCHEMA floor TO {pit}; \
         GRANT SELECT ON floor_schema_version TO {stations}, {pit}; \
         GRANT SELECT ON floor.verifier_checkins, floor.settings TO {stations}; \
         GRANT EXECUTE ON FUNCTION floor.next_report_copy(text, bigint, bigint), \
             floor.record_report_print(text, bigint, bigint, integer, boolean, bigint, bytea, \
                                       bigint, text, bytea) TO {pit};"
    ))?;
    tx.commit()?;
    Ok(Initialised {
        from,
        version: MIGRATIONS.len(),
        pit: role_names(&database).1,
        pit_password,
    })
}

/// Whether the login role `role` has a password: read from `pg_authid`
/// when the owner may (a superuser), else inferred from the floor's schema
/// version `from` before the upgrade (floors before version 5 made the
/// pit's role without one).
fn has_password(
    client: &mut impl postgres::GenericClient,
    role: &str,
    from: usize,
) -> Result<bool, FloorError> {
    let readable: bool = client
        .query_one(
            "SELECT has_table_privilege('pg_catalog.pg_authid', 'SELECT')",
            &[],
        )?
        .get(0);
    if !readable {
        return Ok(from >= 5);
    }
    Ok(client
        .query_one(
            "SELECT rolpassword IS NOT NULL FROM pg_catalog.pg_authid WHERE rolname = $1",
            &[&role],
        )?
        .get(0))
}

/// `error` said plainly when it comes from a floor older than this program
/// needs (a table, column or function it lacks): the floor's schema
/// version, the one needed, and that its owner runs `floor init`, read on
/// a new connection to `url`. Any other error is returned as it is.
pub fn explain_old_floor(url: &str, error: FloorError) -> FloorError {
    use postgres::error::SqlState;
    let FloorError::Postgres(cause) = &error else {
        return error;
    };
    let missing = cause.code().is_some_and(|code| {
        [
            SqlState::UNDEFINED_TABLE,
            SqlState::UNDEFINED_FUNCTION,
            SqlState::UNDEFINED_COLUMN,
            SqlState::INVALID_SCHEMA_NAME,
        ]
        .contains(code)
    });
    if !missing {
        return error;
    }
    let Ok(mut client) = connect(url) else {
        return error;
    };
    let version = client
        .query_opt(
            "SELECT version FROM floor_schema_version WHERE to_regclass('floor_schema_version') IS NOT NULL",
            &[],
        )
        .ok();
    let have = match version {
        // The table exists and has its row.
        Some(Some(row)) => row.get::<_, i32>(0),
        // The table is missing (or empty): no floor schema at all.
        _ => {
            let table: Option<String> = client
                .query_one("SELECT to_regclass('floor_schema_version')::text", &[])
                .ok()
                .and_then(|r| r.get(0));
            if table.is_some() {
                return error;
            }
            return FloorError::Refused(format!(
                "this database holds no floor: its owner sets one up with `pairs-table floor init --floor OWNER_URL` (it needs floor schema version {SCHEMA_VERSION})"
            ));
        }
    };
    match usize::try_from(have) {
        Ok(have) if have < SCHEMA_VERSION => FloorError::Refused(format!(
            "the floor has schema version {have}, older than the {SCHEMA_VERSION} this pairs-table needs: the floor's owner upgrades it with `pairs-table floor init --floor OWNER_URL` (docs/floor.md, \"Upgrading\")"
        )),
        _ => error,
    }
}

/// Enrols a station: creates its login role, which may only append to its
/// own chain, records its public key if given, and returns the URL the
/// station ships with (the floor URL with the new role and its password).
pub fn enrol(url: &str, station: &str, public_key: PublicKey) -> Result<String, FloorError> {
    let station = station.trim();
    if station.is_empty() || station.len() > 100 || station.chars().any(char::is_control) {
        return Err(FloorError::Refused(
            "a station name is 1 to 100 printable characters".into(),
        ));
    }
    let mut client = connect(url)?;
    let mut tx = client.transaction()?;
    let known: bool = tx
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM floor.stations WHERE station = $1)",
            &[&station],
        )?
        .get(0);
    if known {
        return Err(FloorError::Refused(format!(
            "station {station} is already enrolled on this floor"
        )));
    }
    let holder: Option<String> = tx
        .query_opt(
            "SELECT station FROM floor.stations WHERE public_key = $1",
            &[&public_key.to_vec()],
        )?
        .map(|r| r.get(0));
    if let Some(holder) = holder {
        return Err(FloorError::Refused(format!(
            "the key {} is already enrolled for station {holder}: each station signs with a key of its own",
            crate::keys::fingerprint(&public_key)
        )));
    }
    let database: String = tx.query_one("SELECT current_database()", &[])?.get(0);
    let count: i64 = tx
        .query_one("SELECT count(*) FROM floor.stations", &[])?
        .get(0);
    let slug: String = station
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(20)
        .collect();
    let role = format!("{}_st{}_{slug}", cut_at_char(&database, 30), count + 1);
    let password = new_password(&mut tx)?;
    tx.batch_execute(&format!(
        "CREATE ROLE {} LOGIN PASSWORD '{}' IN ROLE {}",
        quote(&role),
        scram_verifier(&password),
        quote(&role_names(&database).0)
    ))?;
    tx.execute(
        "INSERT INTO floor.stations (station, role_name, public_key) VALUES ($1, $2, $3)",
        &[&station, &role, &public_key.to_vec()],
    )?;
    tx.commit()?;
    credentials::with_user(url, &role, Some(&password))
}

/// Names `station`'s first pit boss on the floor (an owner's URL): the
/// station's first-run screen takes their ID and name from the floor, and
/// the person there sets only their PIN. Refused for a station not
/// enrolled, one already named, or a name the staff rules refuse.
pub fn name_first_pit_boss(
    url: &str,
    station: &str,
    staff: StaffId,
    name: &str,
) -> Result<(), FloorError> {
    let name = crate::access::check_name(name)
        .map_err(|e| FloorError::Refused(format!("the pit boss's name: {e}")))?;
    let Some(staff_number) = i32::try_from(staff.0).ok().filter(|n| *n > 0) else {
        return Err(FloorError::Refused(format!(
            "{staff} is not a staff ID: use a whole number from 1 to {}",
            i32::MAX
        )));
    };
    let mut client = connect(url)?;
    let mut tx = client.transaction()?;
    let enrolled = tx
        .query_opt(
            "SELECT 1 FROM floor.stations WHERE station = $1",
            &[&station],
        )?
        .is_some();
    if !enrolled {
        return Err(FloorError::Refused(format!(
            "no station {station} is enrolled on the floor"
        )));
    }
    let named = tx
        .query_opt(
            "SELECT staff_id, name FROM floor.first_pit_bosses WHERE station = $1",
            &[&station],
        )?
        .map(|r| (r.get::<_, i32>(0), r.get::<_, String>(1)));
    if let Some((id, who)) = named {
        return Err(FloorError::Refused(format!(
            "station {station}'s first pit boss is already named: staff {id}, {who}"
        )));
    }
    tx.execute(
        "INSERT INTO floor.first_pit_bosses (station, staff_id, name) VALUES ($1, $2, $3)",
        &[&station, &staff_number, &name],
    )?;
    tx.commit()?;
    Ok(())
}

/// The first pit boss the floor names for the calling station (its own
/// URL), if any: staff ID and name.
pub fn first_pit_boss(url: &str) -> Result<Option<(StaffId, String)>, FloorError> {
    let mut client = connect(url)?;
    let row = client.query_one("SELECT staff_id, name FROM floor.first_pit_boss()", &[])?;
    let id: Option<i32> = row.get(0);
    let name: Option<String> = row.get(1);
    Ok(id
        .zip(name)
        .and_then(|(id, name)| Some((StaffId(u32::try_from(id).ok()?), name))))
}

/// Resumes `station`, suspended when its quarantine reached its cap (an
/// owner's URL; docs/floor.md, "Bounded under a flood"): its appends are
/// taken again, and an alarm records who resumed it.
pub fn resume(url: &str, station: &str) -> Result<(), FloorError> {
    connect(url)?.execute("SELECT floor.resume_station($1)", &[&station])?;
    Ok(())
}

/// The house's settings for the floor (`floor.settings`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloorSettings {
    /// Minutes without a word from a station after which its lag is
    /// unknown and the pit shows it in the alarm colour.
    pub notice_minutes: i32,
    /// Seconds a station's clock may differ from the floor's before it is
    /// flagged.
    pub clock_tolerance_seconds: i32,
}

/// The floor's settings, changing those given first (an owner's URL to
/// change them; the pit's reads them).
pub fn settings(
    url: &str,
    notice_minutes: Option<u32>,
    clock_tolerance_seconds: Option<u32>,
) -> Result<FloorSettings, FloorError> {
    let notice = notice_minutes.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    let tolerance = clock_tolerance_seconds.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    if notice.is_some_and(|n| !(1..=1440).contains(&n)) {
        return Err(FloorError::Refused(
            "the notice time is 1 to 1440 minutes".into(),
        ));
    }
    if tolerance.is_some_and(|n| !(1..=86400).contains(&n)) {
        return Err(FloorError::Refused(
            "the clock tolerance is 1 to 86400 seconds".into(),
        ));
    }
    let mut client = connect(url)?;
    let row = if notice.is_some() || tolerance.is_some() {
        client.query_one(
            "UPDATE floor.settings SET notice_minutes = coalesce($1, notice_minutes), \
                    clock_tolerance_seconds = coalesce($2, clock_tolerance_seconds) \
             RETURNING notice_minutes, clock_tolerance_seconds",
            &[&notice, &tolerance],
        )?
    } else {
        client.query_one(
            "SELECT notice_minutes, clock_tolerance_seconds FROM floor.settings",
            &[],
        )?
    };
    Ok(FloorSettings {
        notice_minutes: row.get(0),
        clock_tolerance_seconds: row.get(1),
    })
}
