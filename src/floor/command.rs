//! The `floor` subcommands (docs/floor.md): the command-line edge of the
//! floor module.

use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::Subcommand;

use crate::keys::{PublicKey, StationKeys};

/// The `floor` subcommands.
#[derive(Subcommand, Debug)]
pub enum FloorCommand {
    /// Create or upgrade the floor schema and its roles.
    Init {
        /// The floor database, postgres://USER@HOST:PORT/DB (an owner's URL).
        #[arg(long, value_name = "URL")]
        floor: String,
    },
    /// Enrol a station: create its role and print the URL it ships with.
    Enrol {
        /// The floor database (an owner's URL).
        #[arg(long, value_name = "URL")]
        floor: String,
        /// The station's name (e.g. `table 3`).
        #[arg(long, value_name = "NAME")]
        station: String,
        /// The station's Ed25519 public key, 64 hex digits; without it, the
        /// key the station presents on its first shipment is recorded.
        #[arg(long, value_name = "HEX")]
        public_key: Option<String>,
    },
    /// Ship the ledger's rows the floor does not have yet, once.
    Ship {
        /// The station's ledger file.
        #[arg(long, value_name = "FILE")]
        db: PathBuf,
        /// The station's URL, as `floor enrol` printed it.
        #[arg(long, value_name = "URL")]
        floor: String,
    },
    /// Check the station file against the floor's copy, or (without --db)
    /// every station's chain on the floor itself.
    Verify {
        /// The station's ledger file.
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
        /// The station's URL, or with --station an owner's or the pit's.
        #[arg(long, value_name = "URL")]
        floor: String,
        /// With --db: the station the file belongs to, when --floor is not its own role.
        #[arg(long, value_name = "NAME", requires = "db")]
        station: Option<String>,
    },
    /// Each station: its table, rows shipped, head, lag and last contact.
    Status {
        /// The floor database (an owner's or the pit's URL).
        #[arg(long, value_name = "URL")]
        floor: String,
        /// One JSON array instead of lines.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `floor` subcommand; `keys` loads the station key when shipping.
pub fn run(
    command: &FloorCommand,
    keys: impl FnOnce() -> anyhow::Result<StationKeys>,
) -> anyhow::Result<()> {
    match command {
        FloorCommand::Init { floor } => {
            let (version, pit) = super::init(floor)?;
            println!("floor schema at version {version}; the pit reads as role {pit}");
        }
        FloorCommand::Enrol {
            floor,
            station,
            public_key,
        } => {
            let key = public_key.as_deref().map(parse_key).transpose()?;
            println!("{}", super::enrol(floor, station, key)?);
        }
        FloorCommand::Ship { db, floor } => {
            let key = keys()?.public_key();
            let shipped = super::ship(db, floor, Some(key))?;
            println!("shipped {shipped} rows");
        }
        FloorCommand::Verify { db, floor, station } => {
            let (rows, findings) = match db {
                Some(db) => super::verify_file(db, floor, station.as_deref())?,
                None => super::verify_floor(floor)?,
            };
            for finding in &findings {
                println!("{finding}");
            }
            if !findings.is_empty() {
                bail!("{} disagreements in {rows} rows", findings.len());
            }
            println!("{rows} rows agree");
        }
        FloorCommand::Status { floor, json } => {
            let stations = super::status(floor)?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&stations)?);
            } else {
                for s in &stations {
                    println!(
                        "{}\t{}\t{} rows\thead {}\tlag {}\tlast contact {}",
                        s.station,
                        s.table.as_deref().unwrap_or("-"),
                        s.rows_shipped,
                        &s.head[..16],
                        s.lag,
                        s.last_contact.as_deref().unwrap_or("never")
                    );
                }
            }
        }
    }
    Ok(())
}

fn parse_key(hex_key: &str) -> anyhow::Result<PublicKey> {
    match hex::decode(hex_key)
        .ok()
        .and_then(|b| PublicKey::try_from(b).ok())
    {
        Some(key) => Ok(key),
        None => bail!("the public key must be 64 hex digits"),
    }
}

/// Starts shipping `db` to `floor` as `simulate` writes it.
pub fn shipper(
    db: &Path,
    floor: &str,
    keys: &StationKeys,
) -> Result<super::Shipper, super::FloorError> {
    super::Shipper::start(db, floor, Some(keys.public_key()))
}
