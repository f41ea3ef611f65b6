//! The floor database on PostgreSQL (docs/floor.md): every station's chain
//! shipped from its SQLite ledger, anchored by the floor's own check of each
//! row, read by the pit. The only module that touches PostgreSQL.
//!
//! A file per concern: `admin` (init and upgrades, enrolment, the first pit
//! boss, the house's settings, resuming a station), `ship` (shipping and
//! the station's background shipper), `status` (each station's link and
//! the verifier's check-in as `floor status` and the pit read them),
//! `verify` (a station's file against the floor, and the whole floor's
//! chains), `replica` (each station's verified chain into a ledger file of
//! its own), `verifier` (the floor's verifier), `figures` (its check of
//! each hand's game-protection figures), `heartbeat` (the signed
//! heartbeat), `key_history`, `live`, `plan`, `prints` (a table's shift
//! report printed at the pit), `protection`, `survey` (the pit's view),
//! `probe` (what `doctor` asks the floor), `servers` (a target naming
//! several servers: which to use, an old primary refused), `replication`
//! (the standbys the server streams to, as `floor status` shows them) and `command`
//! (the `floor` subcommands).

use postgres::Client;

use crate::ledger::LedgerError;

/// The floor schema's version this program needs (and `floor init` makes).
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// The floor schema's migrations: migration *i* takes the floor from version
/// *i − 1* to *i*.
const MIGRATIONS: [&str; 15] = [
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
    include_str!("../../schema/floor/0014_pit_prints.sql"),
    include_str!("../../schema/floor/0015_shipped_hashes.sql"),
];

mod admin;
pub mod command;
pub mod credentials;
mod figures;
pub mod heartbeat;
pub mod key_history;
pub mod live;
pub mod plan;
pub mod prints;
pub mod probe;
pub mod protection;
mod replica;
pub mod replication;
pub mod servers;
mod ship;
mod status;
pub mod survey;
pub mod verifier;
mod verify;

pub use admin::{
    FloorSettings, Initialised, enrol, explain_old_floor, first_pit_boss, init,
    name_first_pit_boss, resume, role_names, settings,
};
pub use replica::{Replicas, replicate};
pub use ship::{
    HEARTBEAT, LinkState, Outage, STALE_AFTER, ShipOutcome, Shipper, ship, ship_saying,
    station_clock,
};
pub use status::{
    StationLink, StationStatus, VERIFIER_ABSENT_AFTER, VERIFIER_CHECK_IN, VerifierCheckIn,
    skew_against_floor, skew_words, status, verifier_check_in,
};
pub use verify::{verify_file, verify_floor};

use replica::replicate_on;
use status::{status_on, verifier_on};

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
///
/// A target naming several servers is served by `servers`: each server
/// in turn, one that does not answer given up, and with
/// `target_session_attrs=read-write` an old primary never written to.
fn connect(url: &str) -> Result<Client, FloorError> {
    connect_noting(url).map(|(client, _)| client)
}

/// [`connect`], with the sentence for each server passed over as an old
/// primary (docs/floor.md, "Failover runbook").
fn connect_noting(url: &str) -> Result<(Client, Option<String>), FloorError> {
    let (config, tls) = credentials::unfilled(url)?;
    if servers::several(&config) {
        return servers::connect(&config, &tls);
    }
    Ok((tls.connect(&credentials::filled(config)?)?, None))
}

/// `text` cut to at most `bytes` bytes at a character boundary.
fn cut_at_char(text: &str, bytes: usize) -> &str {
    let mut end = text.len().min(bytes);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// A PostgreSQL identifier, quoted.
fn quote(identifier: &str) -> String {
    format!("\"{}\"", identifier.replace('"', "\"\""))
}
