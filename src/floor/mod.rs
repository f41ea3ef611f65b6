//! The floor database on PostgreSQL (docs/floor.md): every station's chain
//! shipped from its SQLite ledger, anchored by the floor's own check of each
//! row, read by the pit. The only module that touches PostgreSQL.

use std::path::Path;
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use postgres::Client;
use postgres::fallible_iterator::FallibleIterator;
use serde::Serialize;

use crate::ids::StaffId;
use crate::keys::{PublicKey, StationKeys};
use crate::ledger::{self, LedgerError, ShippedRow, link_encoded, shipped_table_name};
use crate::station::live::SignedHand;

/// The floor schema's version this program needs (and `floor init` makes).
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// The floor schema's migrations: migration *i* takes the floor from version
/// *i − 1* to *i*.
const MIGRATIONS: [&str; 13] = [
    include_str!("../../schema/floor/0001_chains.sql"),
    include_str!("../../schema/floor/0002_append_set.sql"),
    include_str!("../../schema/floor/0003_first_pit_boss.sql"),
    include_str!("../../schema/floor/0004_ship_rate.sql"),
    include_str!("../../schema/floor/0005_signed_at_source.sql"),
    include_str!("../../schema/floor/0006_tables_index.sql"),
    include_str!("../../schema/floor/0007_station_rows.sql"),
    include_str!("../../schema/floor/0008_station_link.sql"),
    include_str!("../../schema/floor/0009_table_places.sql"),
    include_str!("../../schema/floor/0010_protection_settings.sql"),
    include_str!("../../schema/floor/0011_hands_in_progress.sql"),
    include_str!("../../schema/floor/0012_key_history.sql"),
    include_str!("../../schema/floor/0013_field_link.sql"),
];

pub mod command;
pub mod credentials;
pub mod heartbeat;
pub mod key_history;
pub mod live;
pub mod plan;
pub mod protection;
pub mod survey;
pub mod verifier;

/// Rows sent to the floor in one transaction.
const BATCH: u32 = 1000;

/// What went wrong talking to the floor.
#[derive(Debug, thiserror::Error)]
pub enum FloorError {
    /// The server refused or the connection failed.
    #[error("{}", postgres_text(.0))]
    Postgres(#[from] postgres::Error),
    /// Reading the station's ledger failed.
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    /// The shipper's thread could not be started.
    #[error("cannot start the floor shipper: {0}")]
    Thread(#[from] std::io::Error),
    /// A request the floor cannot act on.
    #[error("{0}")]
    Refused(String),
    /// The station's file ends before the floor's head for it: it was cut
    /// or replaced, and no shipment can send the rest.
    #[error("{0}")]
    FileBehind(String),
}

/// A PostgreSQL error as one sentence, each cause said once: the server's
/// message if it sent one (a refused connection for want of a free one
/// said plainly), else the client's error with its cause.
fn postgres_text(error: &postgres::Error) -> String {
    match error.as_db_error() {
        Some(db) if *db.code() == postgres::error::SqlState::TOO_MANY_CONNECTIONS => format!(
            "the floor refused the connection: every connection it allows is in use ({}); \
             docs/floor.md, \"Connections\", sizes them",
            db.message()
        ),
        Some(db) => format!("the floor database: {}", db.message()),
        None => match std::error::Error::source(error) {
            Some(cause) => format!("the floor database: {error}: {cause}"),
            None => format!("the floor database: {error}"),
        },
    }
}

/// Connects to the floor `url` names (a URL, settings or a service name;
/// the password from the password file if the URL gives none), over TLS
/// if its `sslmode` asks for it.
fn connect(url: &str) -> Result<Client, FloorError> {
    let (config, tls) = credentials::config(url)?;
    tls.connect(&config)
}

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

/// `text` cut to at most `bytes` bytes at a character boundary.
fn cut_at_char(text: &str, bytes: usize) -> &str {
    let mut end = text.len().min(bytes);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
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
             floor.first_pit_boss(), floor.publish_hand(bytea, bytea) TO {stations}; \
         GRANT SELECT ON ALL TABLES IN SCHEMA floor TO {pit};"
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

/// A PostgreSQL identifier, quoted.
fn quote(identifier: &str) -> String {
    format!("\"{}\"", identifier.replace('"', "\"\""))
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

/// The calling station's name and head on the floor.
fn station_head(client: &mut Client) -> Result<(String, i64, [u8; 32]), FloorError> {
    let row = client.query_one(
        "SELECT station, head_seq, head_hash FROM floor.station_head()",
        &[],
    )?;
    let hash: Vec<u8> = row.get(2);
    Ok((row.get(0), row.get(1), hash.try_into().unwrap_or([0; 32])))
}

/// Ships the ledger's rows after the floor's head for this station, in
/// order, in batches; a retry after any failure sends each row once.
/// Returns how many rows the floor newly accepted (rows another shipper
/// of the same file put there first are not counted). With the station's
/// `keys`, it presents the station's public key first and ends with a
/// signed heartbeat: the file's length, and the failure if the shipment
/// failed and the connection still serves (docs/floor.md, "Signed
/// heartbeats").
pub fn ship(db: &Path, url: &str, keys: Option<&StationKeys>) -> Result<u64, FloorError> {
    let mut client = connect_station(url)?;
    let shipped = ship_on(&mut client, db, keys.map(StationKeys::public_key));
    if let Some(keys) = keys {
        // The rows are on the floor whether or not the heartbeat after
        // them is taken; the shipment's own failure is what is said.
        let failure = shipped.as_ref().err().map(ToString::to_string);
        let _ = ledger::chain_length(db)
            .map_err(FloorError::from)
            .and_then(|rows| {
                heartbeat::send(
                    &mut client,
                    keys,
                    rows,
                    failure.as_deref(),
                    &station_clock(),
                )
            });
    }
    shipped.map(|s| s.added)
}

/// How long a station's statement may run on the floor before the floor
/// gives up on it (an append waiting on a lock, a server too busy): the
/// link is then down, in so many words, rather than silently waiting.
const STATION_STATEMENT_TIMEOUT: &str = "30s";

/// Connects as a station: [`connect`], with the station's statement
/// timeout set.
fn connect_station(url: &str) -> Result<Client, FloorError> {
    let mut client = connect(url)?;
    client.batch_execute(&format!(
        "SET statement_timeout = '{STATION_STATEMENT_TIMEOUT}'"
    ))?;
    Ok(client)
}

/// What one shipment did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Shipped {
    /// Rows the floor newly accepted.
    added: u64,
    /// The floor's head for the station afterwards.
    head: i64,
    /// The file's length when the shipment began.
    file_rows: i64,
}

fn ship_on(
    client: &mut Client,
    db: &Path,
    public_key: Option<PublicKey>,
) -> Result<Shipped, FloorError> {
    if let Some(key) = public_key {
        client.execute("SELECT floor.present_key($1)", &[&key.to_vec()])?;
    }
    let (station, start, _) = station_head(client)?;
    let reader = ledger::ChainReader::open(db)?;
    let file_rows = reader.length()?;
    if file_rows < start {
        return Err(FloorError::FileBehind(format!(
            "the file {} ends at row {file_rows} but the floor holds rows up to {start} for station {station}: \
             the file was cut or replaced; `pairs-table floor verify --db` says where",
            db.display()
        )));
    }
    // The file is read one batch ahead on a thread of its own while the
    // floor checks the batch before: the floor's time, not the sum of both.
    let (batches, shipping) = mpsc::sync_channel(1);
    thread::scope(|scope| {
        // Every batch ends with the checkpoint that signs it (the floor
        // refuses any other): rows are sent up to the last checkpoint read,
        // and the rest wait for the next batch. Rows after the file's last
        // checkpoint are not sent until a checkpoint signs them.
        scope.spawn(move || {
            let mut after = start;
            let mut unsigned: Vec<ledger::ChainRow> = Vec::new();
            loop {
                let rows = match reader.rows_after(after, BATCH) {
                    Ok(rows) => rows,
                    Err(error) => {
                        let _ = batches.send(Err(error));
                        break;
                    }
                };
                let Some(last) = rows.last().map(|r| r.seq) else {
                    break;
                };
                after = last;
                unsigned.extend(rows);
                if let Some(cut) = unsigned.iter().rposition(|r| r.table == "checkpoints") {
                    let rest = unsigned.split_off(cut + 1);
                    let batch = std::mem::replace(&mut unsigned, rest);
                    if batches.send(Ok(batch)).is_err() {
                        break;
                    }
                }
            }
        });
        let append = client.prepare(
            "SELECT head, added FROM floor.append_batch($1, $2, $3, $4, $5, $6::text::timestamptz)",
        )?;
        let mut shipped = Shipped {
            added: 0,
            head: start,
            file_rows,
        };
        for batch in shipping {
            let rows = batch?;
            let Some(last) = rows.last().map(|r| r.seq) else {
                break;
            };
            let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
            let tables: Vec<&str> = rows.iter().map(|r| r.table).collect();
            let payloads: Vec<&[u8]> = rows.iter().map(|r| r.values.as_slice()).collect();
            let hashes: Vec<&[u8]> = rows.iter().map(|r| r.hash.as_slice()).collect();
            let clock = station_clock();
            let row = client.query_one(
                &append,
                &[
                    &seqs,
                    &tables,
                    &payloads,
                    &hashes,
                    &file_rows.max(last),
                    &clock,
                ],
            )?;
            shipped.head = row.get(0);
            shipped.added += u64::try_from(row.get::<_, i64>(1)).unwrap_or(0);
        }
        Ok(shipped)
    })
}

/// The station's clock as it is told to the floor (RFC 3339, UTC), which
/// compares it with its own (docs/floor.md, "Clocks").
pub fn station_clock() -> String {
    Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// How often a station tells the floor it is there when it has nothing
/// to ship: the floor counts its lag as unknown after three are missed
/// ([`STALE_AFTER`]).
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// How long without a signed heartbeat before a station's lag is unknown:
/// three heartbeats missed.
pub const STALE_AFTER: Duration = Duration::from_secs(15);

/// The least time between a station's attempts after one failed: a
/// refused station tries again at most once a second, whatever it commits.
const RETRY_AFTER_FAILURE: Duration = Duration::from_secs(1);

/// Ships in the background as the writer commits: [`Shipper::committed`]
/// never blocks; the thread ships what is new, retries after a failure, and
/// ships the rest when the shipper is finished. It holds a connection to
/// the floor only while it has something to send: rows, or once a minute
/// when idle the station's length (docs/floor.md, "Connections").
#[derive(Debug)]
pub struct Shipper {
    wake: Option<mpsc::Sender<()>>,
    thread: Option<thread::JoinHandle<ShipOutcome>>,
    link: Arc<Mutex<LinkState>>,
    hand: PendingHand,
}

/// The hand in progress waiting to be published: `None` when nothing new,
/// `Some(None)` to say no hand is in progress. Each replaces the one
/// before, sent or not.
type PendingHand = Arc<Mutex<Option<Option<SignedHand>>>>;

/// The floor link as a station shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkState {
    /// Rows the floor accepted since the shipper started.
    pub shipped: u64,
    /// When an attempt last succeeded.
    pub last_ok: Option<DateTime<Utc>>,
    /// Since when the link has been failing, and the last failure.
    pub down: Option<(DateTime<Utc>, String)>,
}

impl LinkState {
    /// Records an attempt's result; whether what the station shows changed.
    fn record(&mut self, result: &Result<Shipped, FloorError>) -> bool {
        let before = self.clone();
        let now = Utc::now();
        match result {
            Ok(shipped) => {
                self.shipped += shipped.added;
                self.last_ok = Some(now);
                self.down = None;
            }
            Err(error) => {
                let since = self.down.as_ref().map_or(now, |(since, _)| *since);
                self.down = Some((since, error.to_string()));
            }
        }
        before.shipped != self.shipped
            || before.last_ok.is_none() != self.last_ok.is_none()
            || before.down.as_ref().map(|d| &d.1) != self.down.as_ref().map(|d| &d.1)
    }
}

/// What a background shipper did.
#[derive(Debug, Default)]
pub struct ShipOutcome {
    /// Rows the floor accepted.
    pub shipped: u64,
    /// The last failure, if the last attempt failed.
    pub last_error: Option<String>,
    /// Whether the last attempt failed because the file ends before the
    /// floor's head (cut or replaced): shipping again cannot send the rest.
    pub file_behind: bool,
    /// Every time the link was down, in order.
    pub outages: Vec<Outage>,
}

/// A stretch of time the floor link was down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outage {
    /// When the first attempt failed.
    pub from: DateTime<Utc>,
    /// When an attempt next went through (`None`: down at the end).
    pub until: Option<DateTime<Utc>>,
    /// The first failure.
    pub reason: String,
    /// The most rows the station's file held that the floor did not have
    /// (as far as the station knew: the floor's head at its last contact).
    pub rows_held_back: i64,
}

impl ShipOutcome {
    /// Adds an attempt's result at `now`, the file then holding
    /// `held_back` rows the floor did not have at the last contact.
    fn record(&mut self, result: &Result<Shipped, FloorError>, now: DateTime<Utc>, held_back: i64) {
        match result {
            Ok(shipped) => {
                self.shipped += shipped.added;
                self.last_error = None;
                self.file_behind = false;
                if let Some(open) = self.outages.last_mut().filter(|o| o.until.is_none()) {
                    open.until = Some(now);
                }
            }
            Err(error) => {
                self.last_error = Some(error.to_string());
                self.file_behind = matches!(error, FloorError::FileBehind(_));
                match self.outages.last_mut().filter(|o| o.until.is_none()) {
                    Some(open) => open.rows_held_back = open.rows_held_back.max(held_back),
                    None => self.outages.push(Outage {
                        from: now,
                        until: None,
                        reason: error.to_string(),
                        rows_held_back: held_back,
                    }),
                }
            }
        }
    }

    /// The outages in one sentence (`None` when there were none): how
    /// many, how long in all and the longest (the one still open counted
    /// up to `now`), and the most rows held back.
    pub fn outages_summary(&self, now: DateTime<Utc>) -> Option<String> {
        let lengths: Vec<f64> = self
            .outages
            .iter()
            .map(|o| (o.until.unwrap_or(now) - o.from).as_seconds_f64().max(0.0))
            .collect();
        let longest = lengths.iter().copied().fold(0.0, f64::max);
        let held = self.outages.iter().map(|o| o.rows_held_back).max()?;
        let times = match self.outages.len() {
            1 => "once".to_owned(),
            n => format!("{n} times"),
        };
        Some(format!(
            "the floor link was down {times}, {:.1} s in all (the longest {longest:.1} s), \
             holding back up to {held} rows; the first failure: {}",
            lengths.iter().sum::<f64>(),
            self.outages[0].reason
        ))
    }
}

/// The shipper thread's side of the link: what it knows of the floor
/// between attempts.
struct Link {
    db: std::path::PathBuf,
    url: String,
    /// The station's keys: its public key is presented and its heartbeats
    /// signed (`None`: neither, as in tests of the rows alone).
    keys: Option<StationKeys>,
    /// The file's length when the floor last had all of it that is signed.
    settled: Option<i64>,
    /// The floor's head for the station at the last contact.
    floor_head: i64,
    /// When the station last reached the floor.
    last_contact: Option<Instant>,
    /// When the last attempt failed, if it did: the next waits
    /// [`RETRY_AFTER_FAILURE`].
    failed_at: Option<Instant>,
    /// The hand in progress to publish next.
    hand: PendingHand,
}

impl Link {
    /// One attempt: ships when the file has grown since the floor last had
    /// it, then sends the signed heartbeat (after every shipment, with the
    /// failure if it failed, and every [`HEARTBEAT`] when there is nothing
    /// to ship). Then publishes the hand in progress if a new one waits (a
    /// failed publish is dropped: the next step's replaces it). The
    /// connection is closed after each attempt. `None`: nothing was due,
    /// or the last attempt failed less than a second ago and this is not
    /// the `last` (the one that ships what is left when the shipper stops).
    fn attempt(&mut self, last: bool) -> Option<(Result<Shipped, FloorError>, i64)> {
        if !last
            && self
                .failed_at
                .is_some_and(|at| at.elapsed() < RETRY_AFTER_FAILURE)
        {
            return None;
        }
        let hand = self.hand.lock().ok().and_then(|mut pending| pending.take());
        let file_rows = match ledger::chain_length(&self.db) {
            Ok(rows) => rows,
            Err(error) => return Some((Err(error.into()), 0)),
        };
        let to_ship = self.settled != Some(file_rows);
        let quiet = self.last_contact.is_some_and(|at| at.elapsed() < HEARTBEAT);
        if !to_ship && quiet && hand.is_none() {
            return None;
        }
        let mut client = match connect_station(&self.url) {
            Ok(client) => client,
            Err(error) => {
                self.failed_at = Some(Instant::now());
                return Some((Err(error), (file_rows - self.floor_head).max(0)));
            }
        };
        let shipped = if to_ship {
            ship_on(
                &mut client,
                &self.db,
                self.keys.as_ref().map(StationKeys::public_key),
            )
        } else {
            Ok(Shipped {
                added: 0,
                head: self.floor_head,
                file_rows,
            })
        };
        let failure = shipped.as_ref().err().map(ToString::to_string);
        let told = match &self.keys {
            Some(keys) if to_ship || !quiet || failure.is_some() => Some(heartbeat::send(
                &mut client,
                keys,
                file_rows,
                failure.as_deref(),
                &station_clock(),
            )),
            _ => None,
        };
        if let Some(hand) = hand {
            // After the rows: a committed hand's rows reach the floor before
            // its snapshot is taken away.
            let _ = live::publish_on(&mut client, hand.as_ref());
        }
        let heard = matches!(told, Some(Ok(_)));
        if let Some(Ok(head)) = &told {
            self.floor_head = *head;
        }
        // A shipment the floor took but whose heartbeat it refused leaves the
        // floor not knowing the station's length: the link is not well.
        let result = match (shipped, told) {
            (Ok(_), Some(Err(error))) => Err(error),
            (result, _) => result,
        }
        .map_err(|error| explain_old_floor(&self.url, error));
        match &result {
            Ok(shipped) => {
                self.settled = Some(shipped.file_rows);
                self.floor_head = shipped.head;
                self.last_contact = Some(Instant::now());
                self.failed_at = None;
            }
            Err(_) => {
                self.failed_at = Some(Instant::now());
                if heard {
                    self.last_contact = Some(Instant::now());
                }
            }
        }
        Some((result, (file_rows - self.floor_head).max(0)))
    }
}

impl Shipper {
    /// Starts shipping `db` to the floor at `url`, as the station whose
    /// `keys` present its public key and sign its heartbeats.
    pub fn start(db: &Path, url: &str, keys: Option<StationKeys>) -> Result<Shipper, FloorError> {
        Shipper::start_waking(db, url, keys, || {})
    }

    /// [`Shipper::start`], calling `changed` (from the shipper's thread)
    /// whenever the link's state changes: up, down, rows shipped.
    pub fn start_waking(
        db: &Path,
        url: &str,
        keys: Option<StationKeys>,
        changed: impl Fn() + Send + 'static,
    ) -> Result<Shipper, FloorError> {
        let (wake, woken) = mpsc::channel::<()>();
        let hand = PendingHand::default();
        let mut link = Link {
            db: db.to_path_buf(),
            url: url.to_string(),
            keys,
            settled: None,
            floor_head: 0,
            last_contact: None,
            failed_at: None,
            hand: hand.clone(),
        };
        let state = Arc::new(Mutex::new(LinkState::default()));
        let shown = state.clone();
        let thread = thread::Builder::new()
            .name("floor shipper".into())
            .spawn(move || {
                let mut outcome = ShipOutcome::default();
                let mut attempt = |outcome: &mut ShipOutcome, last: bool| {
                    let Some((result, held_back)) = link.attempt(last) else {
                        return;
                    };
                    outcome.record(&result, Utc::now(), held_back);
                    let moved = shown.lock().is_ok_and(|mut s| s.record(&result));
                    if moved {
                        changed();
                    }
                };
                loop {
                    match woken.recv_timeout(Duration::from_secs(1)) {
                        Ok(()) => while woken.try_recv().is_ok() {},
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                        Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    }
                    attempt(&mut outcome, false);
                }
                attempt(&mut outcome, true);
                outcome
            })?;
        Ok(Shipper {
            wake: Some(wake),
            thread: Some(thread),
            link: state,
            hand,
        })
    }

    /// Publishes the station's hand in progress (`None`: none now) on the
    /// shipper's thread; returns at once. Only the latest waits: a
    /// snapshot not yet sent is replaced, and one that fails is dropped
    /// (docs/floor.md, "The hand in progress").
    pub fn hand_in_progress(&self, hand: Option<SignedHand>) {
        if let Ok(mut pending) = self.hand.lock() {
            *pending = Some(hand);
        }
        self.wake_thread();
    }

    /// The link's state now.
    pub fn link(&self) -> LinkState {
        self.link.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Says a transaction was committed; returns at once.
    pub fn committed(&self) {
        self.wake_thread();
    }

    /// Wakes the shipper's thread to look at once.
    fn wake_thread(&self) {
        if let Some(wake) = &self.wake {
            let _ = wake.send(());
        }
    }

    /// Ships what is left and says what was done.
    pub fn finish(mut self) -> ShipOutcome {
        self.wake = None;
        self.thread
            .take()
            .and_then(|t| t.join().ok())
            .unwrap_or_default()
    }
}

/// Compares the station file with every row of its chain on the floor,
/// verified or not (a file that disagrees with rows the verifier has not
/// reached yet fails all the same); one
/// sentence per disagreement. `station` names it when `url` is not the
/// station's own role. Returns the rows compared and the findings.
pub fn verify_file(
    db: &Path,
    url: &str,
    station: Option<&str>,
) -> Result<(u64, Vec<String>), FloorError> {
    let mut client = connect(url)?;
    let whose = match station {
        Some(station) => {
            let head: Option<i64> = client
                .query_opt(
                    "SELECT head_seq FROM floor.stations WHERE station = $1",
                    &[&station],
                )?
                .map(|r| r.get(0));
            let head = head.ok_or_else(|| {
                FloorError::Refused(format!("no station {station} is enrolled on the floor"))
            })?;
            Rows::Station(station, head)
        }
        None => Rows::Own,
    };
    let reader = ledger::ChainReader::open(db)?;
    let mut findings = Vec::new();
    let mut compared = 0u64;
    let mut after = 0i64;
    let mut rewritten_seen = false;
    loop {
        let floor = floor_rows(&mut client, whose, after, BATCH)?;
        let file = reader.rows_after(after, BATCH)?;
        if floor.is_empty() {
            break;
        }
        for (i, kept) in floor.iter().enumerate() {
            let Some(row) = file.get(i) else {
                findings.push(format!(
                    "the file ends at row {} but the floor holds rows up to {}: the file was cut",
                    kept.seq - 1,
                    floor_rows(&mut client, whose, kept.seq - 1, u32::MAX)?
                        .last()
                        .map_or(kept.seq, |r| r.seq)
                ));
                return Ok((compared, findings));
            };
            compared += 1;
            if row.table != kept.table || row.values != kept.values {
                let what = if kept.table == "checkpoints" {
                    format!(
                        "the checkpoint at row {} is missing or altered in the file",
                        kept.seq
                    )
                } else if kept.seq == 1 {
                    "row 1 differs from the floor's: the file was replaced by another ledger".into()
                } else {
                    format!(
                        "row {} ({} on the floor, {} in the file) was rewritten after shipping",
                        kept.seq, kept.table, row.table
                    )
                };
                findings.push(what);
                rewritten_seen = true;
            } else if row.hash != kept.hash && !rewritten_seen {
                findings.push(format!(
                    "row {}'s hash in the file differs from the floor's: the chain was rewritten",
                    kept.seq
                ));
                rewritten_seen = true;
            }
        }
        after = floor.last().map_or(after, |r| r.seq);
    }
    Ok((compared, findings))
}

/// Whose rows [`floor_rows`] reads.
#[derive(Clone, Copy)]
enum Rows<'a> {
    /// The calling station's own rows, every one shipped (up to its head,
    /// verified or not).
    Own,
    /// A named station's rows up to the given seq (its verified head for
    /// what counts, its head for a check of everything shipped).
    Station(&'a str, i64),
}

fn floor_rows(
    client: &mut impl postgres::GenericClient,
    whose: Rows<'_>,
    after: i64,
    limit: u32,
) -> Result<Vec<ShippedRow>, FloorError> {
    let limit = i64::from(limit);
    let rows = match whose {
        Rows::Station(station, upto) => client.query(
            "SELECT seq, table_name, payload, hash FROM floor.chain_rows \
             WHERE station = $1 AND seq > $2 AND seq <= $4 ORDER BY seq LIMIT $3",
            &[&station, &after, &limit, &upto],
        )?,
        Rows::Own => client.query(
            "SELECT seq, table_name, payload, hash FROM floor.own_shipped_rows($1, $2::integer)",
            &[&after, &(limit.min(i64::from(i32::MAX)) as i32)],
        )?,
    };
    Ok(rows
        .into_iter()
        .map(|r| {
            let hash: Vec<u8> = r.get(3);
            ShippedRow {
                seq: r.get(0),
                table: r.get(1),
                values: r.get(2),
                hash: hash.try_into().unwrap_or([0; 32]),
            }
        })
        .collect())
}

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
fn replicate_on(
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

/// Re-checks every station's chain on the floor itself: each row's hash
/// from the one before, the recorded head, and every checkpoint's signature
/// against the enrolled key. Reads one snapshot of the floor, so stations
/// shipping meanwhile cause no false finding: the stations are checked in
/// parallel (one worker a core, each on a connection of its own that
/// imports the snapshot), each station's rows streamed in order. Returns
/// rows checked and the findings, station by station.
pub fn verify_floor(url: &str) -> Result<(u64, Vec<String>), FloorError> {
    use rayon::prelude::*;
    let mut connection = connect(url)?;
    let mut leader = connection
        .build_transaction()
        .isolation_level(postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()?;
    let snapshot: String = leader.query_one("SELECT pg_export_snapshot()", &[])?.get(0);
    let keys = key_history::findings_on(&mut leader)?;
    let stations: Vec<FloorChain> = leader
        .query(
            "SELECT station, head_seq, head_hash, public_key FROM floor.stations ORDER BY station",
            &[],
        )?
        .into_iter()
        .map(|r| {
            let name: String = r.get(0);
            FloorChain {
                key_findings: keys
                    .iter()
                    .filter(|(station, _)| *station == name)
                    .map(|(_, finding)| finding.clone())
                    .collect(),
                name,
                head_seq: r.get(1),
                head_hash: r.get(2),
                key: r
                    .get::<_, Option<Vec<u8>>>(3)
                    .and_then(|k| k.try_into().ok()),
            }
        })
        .collect();
    // The longest chains first, so the workers finish together.
    let mut order: Vec<usize> = (0..stations.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(stations[i].head_seq));
    let queue = Mutex::new(order.into_iter());
    let workers = rayon::current_num_threads().clamp(1, stations.len().max(1));
    let checked: Vec<Vec<(usize, u64, Vec<String>)>> = (0..workers)
        .into_par_iter()
        .map(|_| -> Result<_, FloorError> {
            let mut connection = connect(url)?;
            let mut worker = connection
                .build_transaction()
                .isolation_level(postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()?;
            worker.batch_execute(&format!("SET TRANSACTION SNAPSHOT '{snapshot}'"))?;
            let mut done = Vec::new();
            while let Some(i) = queue.lock().ok().and_then(|mut q| q.next()) {
                let (rows, findings) = stations[i].check(&mut worker)?;
                done.push((i, rows, findings));
            }
            Ok(done)
        })
        .collect::<Result<_, _>>()?;
    leader.commit()?;
    let mut checked: Vec<(usize, u64, Vec<String>)> = checked.into_iter().flatten().collect();
    checked.sort_by_key(|(i, _, _)| *i);
    Ok(checked
        .into_iter()
        .fold((0, Vec::new()), |(rows, mut all), (i, n, findings)| {
            all.extend(stations[i].key_findings.iter().cloned());
            all.extend(findings);
            (rows + n, all)
        }))
}

/// A station's chain on the floor as `floor verify` checks it.
struct FloorChain {
    name: String,
    head_seq: i64,
    head_hash: Vec<u8>,
    key: Option<PublicKey>,
    /// What the floor's key history says of the station's key (its key
    /// changes), said before its rows' findings.
    key_findings: Vec<String>,
}

impl FloorChain {
    /// Streams the chain's rows in order on `client` and checks each
    /// (docs/floor.md, `floor verify`); rows checked and findings, in row
    /// order. Checkpoints' signatures are checked together, a batch at a
    /// time ([`crate::keys::checkpoints_signed`]).
    fn check(
        &self,
        client: &mut impl postgres::GenericClient,
    ) -> Result<(u64, Vec<String>), FloorError> {
        let name = &self.name;
        // (seq, place among a row's findings, finding)
        let mut findings: Vec<(i64, u8, String)> = Vec::new();
        let mut unsigned = Vec::new();
        let enrolled = self.key.as_ref().and_then(crate::keys::CheckpointKey::new);
        let mut checked = 0u64;
        let mut previous = ledger::GENESIS;
        let mut seq = 0i64;
        let params: [&(dyn postgres::types::ToSql + Sync); 2] = [name, &self.head_seq];
        let mut rows = client.query_raw(
            "SELECT seq, table_name, payload, hash FROM floor.chain_rows \
              WHERE station = $1 AND seq <= $2 ORDER BY seq",
            params,
        )?;
        while let Some(row) = rows.next()? {
            let (row_seq, table, values, hash): (i64, &str, &[u8], &[u8]) =
                (row.get(0), row.get(1), row.get(2), row.get(3));
            checked += 1;
            if row_seq != seq + 1 {
                findings.push((
                    row_seq,
                    0,
                    format!("station {name}: row {row_seq} follows row {seq}, rows are missing"),
                ));
            }
            if table == "checkpoints" {
                match ledger::shipped_checkpoint(values, seq, &previous, self.key.as_ref()) {
                    Ok(checkpoint) => unsigned.push((row_seq, checkpoint)),
                    Err(problem) => findings.push((
                        row_seq,
                        1,
                        format!("station {name}: the checkpoint at row {row_seq}: {problem}"),
                    )),
                }
                if unsigned.len() == SIGNATURES_AT_ONCE {
                    findings.extend(self.unsigned(&mut unsigned, enrolled.as_ref()));
                }
            }
            if link_encoded(&previous, row_seq, table, values).as_slice() != hash {
                findings.push((
                    row_seq,
                    2,
                    format!(
                        "station {name}: row {row_seq}'s hash does not follow from the row before"
                    ),
                ));
            }
            previous = hash.try_into().unwrap_or([0; 32]);
            seq = row_seq;
        }
        findings.extend(self.unsigned(&mut unsigned, enrolled.as_ref()));
        if seq != self.head_seq || previous.as_slice() != self.head_hash.as_slice() {
            findings.push((
                i64::MAX,
                0,
                format!(
                    "station {name}: the recorded head is row {} but the chain ends at row {seq}",
                    self.head_seq
                ),
            ));
        }
        findings.sort_by_key(|(seq, place, _)| (*seq, *place));
        Ok((checked, findings.into_iter().map(|(_, _, f)| f).collect()))
    }

    /// Checks the signatures of the checkpoints read (`checkpoints`, each
    /// with its seq, emptied): by the enrolled key `enrolled` (ready), or,
    /// for a station enrolled without one, by the key each names. The
    /// findings for those that do not hold.
    fn unsigned(
        &self,
        checkpoints: &mut Vec<(i64, ledger::ShippedCheckpoint)>,
        enrolled: Option<&crate::keys::CheckpointKey>,
    ) -> Vec<(i64, u8, String)> {
        let keys: Vec<Option<crate::keys::CheckpointKey>> = checkpoints
            .iter()
            .map(|(_, c)| match enrolled {
                Some(key) => Some(key.clone()),
                None if self.key.is_some() => None,
                None => crate::keys::CheckpointKey::new(c.key()),
            })
            .collect();
        let batch: Vec<_> = checkpoints
            .iter()
            .zip(&keys)
            .filter_map(|((_, c), key)| Some((c.signed(), c.signature(), key.as_ref()?)))
            .collect();
        let all_hold = batch.len() == checkpoints.len() && crate::keys::checkpoints_signed(&batch);
        let found = if all_hold {
            Vec::new()
        } else {
            checkpoints
                .iter()
                .zip(&keys)
                .filter(|((_, c), key)| {
                    !key.as_ref()
                        .is_some_and(|key| key.signs(c.signed(), c.signature()))
                })
                .map(|((seq, _), _)| {
                    (
                        *seq,
                        1,
                        format!(
                            "station {}: the checkpoint at row {seq}: {}",
                            self.name,
                            ledger::SIGNATURE_MISMATCH
                        ),
                    )
                })
                .collect()
        };
        checkpoints.clear();
        found
    }
}

/// Checkpoints whose signatures `floor verify` checks in one batch.
const SIGNATURES_AT_ONCE: usize = 64;

/// How a station's link to the floor stands, as the floor knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StationLink {
    /// Rows the station's file held at its last contact that are not on
    /// the floor: unknown (`None`) when it has never been heard from, or
    /// not for longer than the house's notice time.
    pub lag: Option<i64>,
    /// When it last reached the floor (a shipment or a heartbeat; RFC
    /// 3339), if ever.
    pub last_contact: Option<String>,
    /// Not heard from for longer than the house's notice time (counted
    /// from its enrolment if never).
    pub silent: bool,
    /// Why its link last failed, as the station told the floor; `None`
    /// when its last contact went through.
    pub link_failure: Option<String>,
    /// The station's clock less the floor's at its last contact, whole
    /// seconds (positive: the station's is ahead), if it told its clock.
    pub clock_skew_seconds: Option<i64>,
    /// The station's clock differs from the floor's by more than the
    /// house's clock tolerance.
    pub clock_flagged: bool,
    /// Why the station's last contact cannot be believed (no signature,
    /// or one its enrolled key did not make: docs/floor.md, "Signed
    /// heartbeats"); `None` when it holds or it was never heard from.
    pub heartbeat_problem: Option<String>,
    /// The last heartbeat carries a signature its enrolled key did not
    /// make (a forgery, where a missing signature is an older program).
    #[serde(skip)]
    pub heartbeat_forged: bool,
    /// Whole seconds since its last contact by the floor's clock, if ever.
    #[serde(skip)]
    pub unheard_seconds: Option<i64>,
}

impl StationLink {
    /// Heard from, but not for three heartbeats ([`STALE_AFTER`]): its lag
    /// is unknown though it is not silent yet.
    pub fn stale(&self) -> bool {
        self.unheard_seconds
            .is_some_and(|s| s as f64 > STALE_AFTER.as_secs_f64())
    }

    /// Its lag in words: `lag N`, else why it is unknown.
    pub fn lag_words(&self) -> String {
        match (self.lag, self.unheard_seconds) {
            (Some(lag), _) => format!("lag {lag}"),
            (None, None) if self.silent => "lag unknown (silent)".to_owned(),
            (None, None) => "lag unknown".to_owned(),
            (None, Some(_)) if self.heartbeat_problem.is_some() => {
                "lag unknown (heartbeat not signed by its key)".to_owned()
            }
            (None, Some(_)) if self.silent => "lag unknown (silent)".to_owned(),
            (None, Some(s)) => format!("lag unknown (no heartbeat for {s} s)"),
        }
    }

    /// The station's clock against the floor's in words (`3 h 0 min
    /// ahead`, `in step`), if it told its clock.
    pub fn clock_words(&self) -> Option<String> {
        self.clock_skew_seconds.map(skew_words)
    }

    /// The station's clock against the floor's in a phrase (`3 h 0 min
    /// ahead of the floor's`, `1 min 30 s behind the floor's`), if it told
    /// its clock.
    pub fn clock_against_floor(&self) -> Option<String> {
        self.clock_skew_seconds.map(skew_against_floor)
    }
}

/// A clock `skew` seconds from the floor's in words (`3 h 0 min ahead`,
/// `1 min 30 s behind`, `in step`).
pub fn skew_words(skew: i64) -> String {
    if skew == 0 {
        return "in step".into();
    }
    let way = if skew > 0 { "ahead" } else { "behind" };
    let s = skew.unsigned_abs();
    let amount = match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        3600..86400 => format!("{} h {} min", s / 3600, s % 3600 / 60),
        _ => format!("{} d {} h", s / 86400, s % 86400 / 3600),
    };
    format!("{amount} {way}")
}

/// [`skew_words`] against the floor's (`3 h 0 min ahead of the floor's`,
/// `1 min 30 s behind the floor's`, `in step with the floor's`).
pub fn skew_against_floor(skew: i64) -> String {
    let words = skew_words(skew);
    match skew {
        ..0 => format!("{words} the floor's"),
        0 => format!("{words} with the floor's"),
        _ => format!("{words} of the floor's"),
    }
}

/// One station as `floor status` shows it.
#[derive(Debug, Serialize)]
pub struct StationStatus {
    /// The station's enrolled name.
    pub station: String,
    /// Its table's name (the latest `tables` row shipped), if any.
    pub table: Option<String>,
    /// Rows on the floor.
    pub rows_shipped: i64,
    /// Rows the verifier has found signed by the station's enrolled key:
    /// the rows that count (replicas, reports, ratings, the pit).
    pub rows_verified: i64,
    /// The hash of the last of them, hex.
    pub head: String,
    /// How its link stands.
    #[serde(flatten)]
    pub link: StationLink,
    /// Why the station is suspended (its appends refused until the owner
    /// resumes it: a quarantine past its cap), if it is.
    pub suspended: Option<String>,
    /// Every change of its enrolled key the floor recorded, in order: each
    /// an alarm.
    pub key_changes: Vec<key_history::KeyChange>,
    /// Seconds, on the floor's clock, until the station counts as silent
    /// (0 or less: it does): when a view must look again though nothing
    /// arrived.
    #[serde(skip)]
    pub silent_in: f64,
    /// Seconds until its lag turns unknown for want of a heartbeat (0 or
    /// less: it has, or it was never heard from).
    #[serde(skip)]
    pub stale_in: f64,
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

/// Every enrolled station's shipping state.
pub fn status(url: &str) -> Result<Vec<StationStatus>, FloorError> {
    status_on(&mut connect(url)?)
}

/// [`status`] on an open connection: each station's own row of
/// `floor.stations` (its head, verified head, table, last contact and
/// link, kept there by the append and the signed heartbeat themselves)
/// and its key changes, never its chain. A lag is believed only from a
/// heartbeat signed by the station's enrolled key and at most
/// [`STALE_AFTER`] old.
fn status_on(client: &mut Client) -> Result<Vec<StationStatus>, FloorError> {
    let rows = client.query(
        "SELECT s.station, s.head_seq, s.head_hash, greatest(s.file_rows - s.head_seq, 0), \
                s.verified_seq, \
                to_char(s.last_contact AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
                s.verified_table_row, s.link_failure, \
                extract(epoch FROM coalesce(s.last_contact, s.enrolled_at) \
                        + make_interval(mins => f.notice_minutes) - now())::float8, \
                round(extract(epoch FROM s.station_clock - s.last_contact))::bigint, \
                coalesce(abs(extract(epoch FROM s.station_clock - s.last_contact)) \
                         > f.clock_tolerance_seconds, false), \
                floor(extract(epoch FROM now() - s.last_contact))::bigint, \
                s.public_key, s.beat_signed_challenge, s.beat_file_rows, s.beat_clock, \
                s.beat_signature, s.suspended_why \
           FROM floor.stations s CROSS JOIN floor.settings f ORDER BY s.station",
        &[],
    )?;
    let key_changes = key_history::changes_on(client)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let station: String = r.get(0);
            let head: Vec<u8> = r.get(2);
            let table: Option<Vec<u8>> = r.get(6);
            let last_contact: Option<String> = r.get(5);
            let link_failure: Option<String> = r.get(7);
            let silent_in: f64 = r.get(8);
            let silent = silent_in <= 0.0;
            let unheard_seconds: Option<i64> = r.get(11);
            let public_key: Option<Vec<u8>> = r.get(12);
            let challenge: Option<Vec<u8>> = r.get(13);
            let beat_clock: Option<String> = r.get(15);
            let signature: Option<Vec<u8>> = r.get(16);
            let heartbeat_problem = last_contact.as_ref().and_then(|_| {
                heartbeat::Heartbeat {
                    station: &station,
                    challenge: challenge.as_deref().unwrap_or_default(),
                    file_rows: r.get::<_, Option<i64>>(14).unwrap_or(-1),
                    clock: beat_clock.as_deref().unwrap_or_default(),
                    failure: link_failure.as_deref(),
                }
                .problem(public_key.as_deref(), signature.as_deref())
            });
            let mut link = StationLink {
                lag: None,
                last_contact,
                silent,
                link_failure,
                clock_skew_seconds: r.get(9),
                clock_flagged: r.get(10),
                heartbeat_forged: heartbeat_problem.is_some() && signature.is_some(),
                heartbeat_problem,
                unheard_seconds,
            };
            let believed =
                link.last_contact.is_some() && link.heartbeat_problem.is_none() && !silent;
            if believed && !link.stale() {
                link.lag = Some(r.get(3));
            }
            let stale_in =
                unheard_seconds.map_or(0.0, |s| STALE_AFTER.as_secs_f64() + 1.0 - s as f64);
            let key_changes = key_changes
                .iter()
                .filter(|(name, _)| *name == station)
                .map(|(_, change)| change.clone())
                .collect();
            StationStatus {
                table: table.as_deref().and_then(shipped_table_name),
                rows_shipped: r.get(1),
                rows_verified: r.get(4),
                head: hex::encode(head),
                station,
                link,
                suspended: r.get(17),
                key_changes,
                silent_in,
                stale_in,
            }
        })
        .collect())
}

/// Resumes `station`, suspended when its quarantine reached its cap (an
/// owner's URL; docs/floor.md, "Bounded under a flood"): its appends are
/// taken again, and an alarm records who resumed it.
pub fn resume(url: &str, station: &str) -> Result<(), FloorError> {
    connect(url)?.execute("SELECT floor.resume_station($1)", &[&station])?;
    Ok(())
}

/// How often the running verifier checks in (`floor.verifier_checkins`).
pub const VERIFIER_CHECK_IN: Duration = Duration::from_secs(5);

/// How long without a check-in before the verifier counts as absent, and
/// `floor status`, the pit and the floor report say so.
pub const VERIFIER_ABSENT_AFTER: Duration = Duration::from_secs(30);

/// The floor's verifier as its check-ins show it (docs/floor.md, "The
/// verifier's check-in").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VerifierCheckIn {
    /// When it last checked in (RFC 3339, UTC, by the floor's clock), if
    /// ever.
    pub last: Option<String>,
    /// Whole seconds since then, by the floor's clock.
    pub seconds_since: Option<i64>,
    /// The machine it runs on, as it named itself.
    pub host: Option<String>,
}

impl VerifierCheckIn {
    /// No check-in for [`VERIFIER_ABSENT_AFTER`], or never.
    pub fn absent(&self) -> bool {
        self.seconds_since
            .is_none_or(|s| s as f64 > VERIFIER_ABSENT_AFTER.as_secs_f64())
    }

    /// Seconds until it counts as absent if it does not check in again (0
    /// or less: it does).
    pub fn absent_in(&self) -> f64 {
        self.seconds_since.map_or(0.0, |s| {
            VERIFIER_ABSENT_AFTER.as_secs_f64() + 1.0 - s as f64
        })
    }

    /// The alarm when it is absent, one sentence naming the verifier.
    pub fn alarm(&self) -> Option<String> {
        if !self.absent() {
            return None;
        }
        let since = match (&self.last, self.seconds_since) {
            (Some(last), Some(s)) => {
                format!("no verifier has checked in for {s} s (last at {last})")
            }
            _ => "no verifier has ever checked in".to_owned(),
        };
        Some(format!(
            "{since}: rows shipped since are not verified, so the pit, reports and ratings \
             show only what was verified before; start it with `pairs-table floor verifier \
             --floor OWNER_URL` (docs/floor.md, \"The verifier's check-in\")"
        ))
    }
}

/// The floor's verifier's latest check-in.
pub fn verifier_check_in(url: &str) -> Result<VerifierCheckIn, FloorError> {
    verifier_on(&mut connect(url)?)
}

/// [`verifier_check_in`] on an open connection.
fn verifier_on(client: &mut Client) -> Result<VerifierCheckIn, FloorError> {
    let row = client.query_opt(
        "SELECT to_char(checked_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
                floor(extract(epoch FROM now() - checked_in_at))::bigint, host \
           FROM floor.verifier_checkins",
        &[],
    )?;
    Ok(
        row.map_or_else(VerifierCheckIn::default, |r| VerifierCheckIn {
            last: r.get(0),
            seconds_since: r.get(1),
            host: r.get(2),
        }),
    )
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
