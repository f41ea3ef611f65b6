//! `pairs-table program`: the casino's list of approved program
//! fingerprints (docs/access.md, "Approved programs").

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{ledger_path, print_line, read_pin, shown, station_keys, warn_about};
use crate::ids::StaffId;
use crate::ledger::{Ledger, PinEntry, SystemClock};

/// The `program` subcommands.
#[derive(Subcommand, Debug)]
pub enum ProgramCommand {
    /// Put a program on the list of approved programs.
    Approve(ProgramListArgs),
    /// Take a program off the list of approved programs.
    Withdraw(ProgramListArgs),
    /// Print the list: one line per approved program.
    List {
        /// The ledger file (default: the platform data directory).
        #[arg(long)]
        db: Option<PathBuf>,
    },
}

/// Arguments of `program approve` and `program withdraw`.
#[derive(clap::Args, Debug)]
pub struct ProgramListArgs {
    /// The ledger file (default: the platform data directory).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// The program file to fingerprint (default: this pairs-table's own file).
    #[arg(long, value_name = "PATH")]
    pub file: Option<PathBuf>,
    /// The program's SHA-256 (64 hex digits), instead of its file.
    #[arg(long, value_name = "HEX", value_parser = parse_sha256, conflicts_with = "file")]
    pub sha256: Option<[u8; 32]>,
    /// What the program is (approve), or why it is withdrawn.
    #[arg(long)]
    pub note: String,
    /// The staff ID of the administrator or pit boss; their PIN is asked as
    /// for `report shift --by`.
    #[arg(long, value_name = "ID")]
    pub by: u32,
}

fn parse_sha256(text: &str) -> Result<[u8; 32], String> {
    let mut hash = [0u8; 32];
    hex::decode_to_slice(text.trim(), &mut hash)
        .map_err(|_| format!("`{text}` is not a SHA-256 (64 hex digits)"))?;
    Ok(hash)
}

/// Runs a `program` subcommand.
pub(super) fn run(command: ProgramCommand, key: Option<&Path>) -> anyhow::Result<()> {
    match command {
        ProgramCommand::Approve(args) => change_program_list(&args, true, key),
        ProgramCommand::Withdraw(args) => change_program_list(&args, false, key),
        ProgramCommand::List { db } => program_list(db),
    }
}

/// `program approve` (`approve`) or `program withdraw`.
fn change_program_list(
    args: &ProgramListArgs,
    approve: bool,
    key: Option<&Path>,
) -> anyhow::Result<()> {
    use crate::station::startup::ProgramFingerprint;
    let sha256 = match (args.sha256, &args.file) {
        (Some(sha256), _) => sha256,
        (None, Some(file)) => {
            ProgramFingerprint::of_file(file)
                .map_err(anyhow::Error::msg)?
                .sha256
        }
        (None, None) => {
            ProgramFingerprint::of_running_program()
                .map_err(anyhow::Error::msg)?
                .sha256
        }
    };
    let path = ledger_path(args.db.clone())?;
    let mut ledger = Ledger::open_existing(&path, Box::new(SystemClock), station_keys(key)?)?;
    warn_about(&ledger);
    let pin = read_pin(args.by)?;
    let by = PinEntry {
        staff: StaffId(args.by),
        pin: &pin,
    };
    if approve {
        ledger.approve_program(sha256, &args.note, &by)?;
    } else {
        ledger.withdraw_program(sha256, &args.note, &by)?;
    }
    print_line(&format!(
        "{} {}",
        if approve { "approved" } else { "withdrew" },
        hex::encode(sha256)
    ))
}

/// `program list`: `SHA256 approved AT by ID: NOTE`, one line each.
fn program_list(db: Option<PathBuf>) -> anyhow::Result<()> {
    let path = ledger_path(db)?;
    let ledger = Ledger::open_read_only(&path, Box::new(SystemClock), false)?;
    let listed = ledger.approved_programs()?;
    if listed.is_empty() {
        return print_line("no approved programs");
    }
    for program in listed {
        print_line(&format!(
            "{} approved {} by {}: {}",
            hex::encode(program.sha256),
            program.at,
            program.by,
            shown(&program.note)
        ))?;
    }
    Ok(())
}
