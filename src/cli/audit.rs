//! `pairs-table audit`: verify the ledger, archive a closed period and
//! prove an archive, export one hand.

use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::Subcommand;

use super::{ledger_path, local_keys, note, parse_time, print_json, print_line, shown};
use crate::history::HandHistory;
use crate::ids::HandId;
use crate::keys::fingerprint;
use crate::ledger::{
    AuditSummary, ChainHead, KeyPin, Ledger, LedgerError, SystemClock, VerifyOptions,
};

/// The `audit` subcommands.
#[derive(Subcommand, Debug)]
pub enum AuditCommand {
    /// Check the hash chain, balances, shoe counts and every hand's replay.
    ///
    /// Prints each discrepancy (row and hand) and a summary with the row
    /// count, hand count and head hash; exits with status 1 on any discrepancy.
    Verify(VerifyArgs),
    /// Archive a closed period: every row up to the last checkpoint signed
    /// before --until, as a ledger file of its own (nothing is deleted from
    /// the live ledger). Prints the head it ends on. See docs/ledger.md.
    Archive {
        /// The live ledger (default: the platform data directory).
        #[arg(long)]
        db: Option<PathBuf>,
        /// The end of the period (RFC 3339, e.g. 2026-01-01T00:00:00Z).
        #[arg(long, value_name = "TIME")]
        until: String,
        /// The archive file to write (must not exist).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Prove that an archive is the record: verify it as a ledger, check
    /// that it ends on a signed checkpoint and, with --db, that the live
    /// ledger holds its head.
    VerifyArchive {
        /// The archive file.
        #[arg(long, value_name = "FILE")]
        archive: PathBuf,
        /// The live ledger it was archived from.
        #[arg(long)]
        db: Option<PathBuf>,
        /// A head known from outside that the archive must pass through
        /// (the one printed when it was made, a shift report's). Repeatable.
        #[arg(long, value_name = "ROWS:HEAD", value_parser = parse_expectation)]
        expect: Vec<ChainHead>,
        /// The fingerprint of the station key that must have signed it.
        /// Default: this computer's station key, if it has one.
        #[arg(long, value_name = "FINGERPRINT", value_parser = parse_fingerprint)]
        station_key: Option<String>,
    },
    /// Print one hand in the replay format.
    Export {
        /// The ledger file (default: the platform data directory).
        #[arg(long)]
        db: Option<PathBuf>,
        /// The hand id.
        #[arg(long)]
        hand: i64,
        /// Open the file as unchanging evidence (read-only media, a copy).
        #[arg(long)]
        immutable: bool,
    },
}

/// Arguments of `audit verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The ledger file (default: the platform data directory).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// A head known from outside (a printed shift report, the floor): the
    /// chain must pass through row ROWS with head hash HEAD. Repeatable.
    #[arg(long, value_name = "ROWS:HEAD", value_parser = parse_expectation)]
    pub expect: Vec<ChainHead>,
    /// The fingerprint of the station key that must have signed the ledger
    /// (printed on its shift reports). Default: this computer's station
    /// key, if it has one.
    #[arg(long, value_name = "FINGERPRINT", value_parser = parse_fingerprint)]
    pub station_key: Option<String>,
    /// Open the file as unchanging evidence (read-only media, a copy).
    #[arg(long)]
    pub immutable: bool,
}

fn parse_expectation(text: &str) -> Result<ChainHead, String> {
    let bad = || format!("`{text}` is not ROWS:HEAD (a row count, a colon and 64 hex digits)");
    let (rows, head) = text.split_once(':').ok_or_else(bad)?;
    let rows: i64 = rows
        .trim()
        .parse()
        .ok()
        .filter(|r| *r >= 0)
        .ok_or_else(bad)?;
    let mut hash = [0u8; 32];
    hex::decode_to_slice(head.trim(), &mut hash).map_err(|_| bad())?;
    Ok(ChainHead { rows, hash })
}

fn parse_fingerprint(text: &str) -> Result<String, String> {
    let print = text.trim().to_ascii_lowercase();
    if print.len() == 32 && print.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(print)
    } else {
        Err(format!(
            "`{text}` is not a station key fingerprint (32 hex digits, as printed on shift reports)"
        ))
    }
}

/// Runs an `audit` subcommand.
pub(super) fn run(command: AuditCommand, key: Option<&Path>) -> anyhow::Result<()> {
    match command {
        AuditCommand::Verify(args) => audit_verify(&args, key),
        AuditCommand::Archive { db, until, out } => audit_archive(db, &until, &out),
        AuditCommand::VerifyArchive {
            archive,
            db,
            expect,
            station_key,
        } => audit_verify_archive(&archive, db.as_deref(), expect, station_key, key),
        AuditCommand::Export {
            db,
            hand,
            immutable,
        } => audit_export(db, hand, immutable),
    }
}

fn audit_archive(db: Option<PathBuf>, until: &str, out: &Path) -> anyhow::Result<()> {
    let path = ledger_path(db)?;
    let until = parse_time(until)?;
    let archived = crate::ledger::archive::archive(&path, until, out)?;
    print_line(&format!(
        "archived {}: rows 1 to {}, through the checkpoint signed at {}; head {}",
        out.display(),
        archived.head.rows,
        archived.signed_at,
        archived.head.hash_hex()
    ))
}

/// `audit verify-archive`.
fn audit_verify_archive(
    archive: &Path,
    live: Option<&Path>,
    expect: Vec<ChainHead>,
    station_key: Option<String>,
    key: Option<&Path>,
) -> anyhow::Result<()> {
    let station_key = match station_key {
        Some(print) => Some(KeyPin::Fingerprint(print)),
        None => local_keys(key)?.map(|keys| KeyPin::Key(keys.public_key())),
    };
    let options = VerifyOptions {
        expect,
        station_key,
        immutable: true,
    };
    let mut discrepancies = Vec::new();
    let check = crate::ledger::archive::verify_archive(archive, &options, live, |d| {
        discrepancies.push(d.to_string());
    })
    .or_else(|error| discrepancies_then(&discrepancies, error))?;
    let summary = &check.summary;
    notes_then_discrepancies(archive, summary, &discrepancies)?;
    print_line(&format!(
        "rows: {}
hands: {} ({} voided)
head: {}
station key: {}
signed at: {}
live ledger: {}
discrepancies: {}",
        summary.rows,
        summary.hands,
        summary.voided,
        summary.head.hash_hex(),
        summary
            .station_key
            .map_or_else(|| "none".to_owned(), |k| fingerprint(&k)),
        check.signed_at.as_deref().unwrap_or("not signed"),
        match (live, summary.discrepancies) {
            (None, _) => "not compared".to_owned(),
            (Some(live), 0) => format!(
                "{} holds this head: the archive is its record",
                live.display()
            ),
            (Some(live), _) => format!("{} compared", live.display()),
        },
        summary.discrepancies
    ))?;
    if summary.discrepancies > 0 {
        bail!("the archive has {} discrepancies", summary.discrepancies);
    }
    Ok(())
}

fn audit_verify(args: &VerifyArgs, key: Option<&Path>) -> anyhow::Result<()> {
    let path = ledger_path(args.db.clone())?;
    // The key the ledger must be signed with: the fingerprint given, else
    // this computer's station key where it has one (never created here).
    let local = local_keys(key)?;
    let mut expect = args.expect.clone();
    let station_key = match (&args.station_key, &local) {
        (Some(print), _) => Some(KeyPin::Fingerprint(print.clone())),
        (None, Some(keys)) => {
            // At its own station, the ledger must also hold what the
            // station last wrote to it.
            if let Some(written) = keys.last_written(&path)? {
                expect.push(ChainHead {
                    rows: written.rows,
                    hash: written.head,
                });
            }
            Some(KeyPin::Key(keys.public_key()))
        }
        (None, None) => {
            note(
                "pairs-table: warning: no station key to hold the ledger to (this computer has none); give --station-key with the fingerprint printed on the station's shift reports",
            );
            None
        }
    };
    let options = VerifyOptions {
        expect,
        station_key,
        immutable: args.immutable,
    };
    let mut discrepancies = Vec::new();
    let summary = crate::ledger::verify(&path, &options, |d| {
        discrepancies.push(d.to_string());
    })
    .or_else(|error| discrepancies_then(&discrepancies, error))?;
    notes_then_discrepancies(&path, &summary, &discrepancies)?;
    print_line(&format!(
        "rows: {}\nhands: {} ({} voided)\nhead: {}\nstation key: {}\ncheckpoints: {}\ndiscrepancies: {}",
        summary.rows,
        summary.hands,
        summary.voided,
        summary.head.hash_hex(),
        summary
            .station_key
            .map_or_else(|| "none".to_owned(), |k| fingerprint(&k)),
        summary.checkpoints,
        summary.discrepancies
    ))?;
    if summary.discrepancies > 0 {
        bail!("the ledger has {} discrepancies", summary.discrepancies);
    }
    Ok(())
}

fn audit_export(db: Option<PathBuf>, hand: i64, immutable: bool) -> anyhow::Result<()> {
    let path = ledger_path(db)?;
    let ledger = Ledger::open_read_only(&path, Box::new(SystemClock), immutable)?;
    let finished = ledger.load_hand(HandId(hand))?;
    print_json(&HandHistory::from_finished(&finished))
}

/// What a verification of the file at `path` found, before its figures:
/// the notes first (an older schema, misnamed rules hashes), then each
/// discrepancy on a line of its own.
fn notes_then_discrepancies(
    path: &std::path::Path,
    summary: &AuditSummary,
    discrepancies: &[String],
) -> anyhow::Result<()> {
    let notes = [
        older_schema_note(path, summary),
        misnamed_rules_note(summary),
    ];
    for note in notes.into_iter().flatten() {
        print_line(&note)?;
    }
    for discrepancy in discrepancies {
        print_line(&format!("discrepancy: {}", shown(discrepancy)))?;
    }
    Ok(())
}

/// Prints the discrepancies found before a verification stopped with
/// `error`, then gives the error.
fn discrepancies_then<T>(discrepancies: &[String], error: LedgerError) -> anyhow::Result<T> {
    for discrepancy in discrepancies {
        print_line(&format!("discrepancy: {}", shown(discrepancy)))?;
    }
    Err(error.into())
}

/// The line `audit verify` prints first for a ledger an older build wrote:
/// it was checked as that version wrote it and left as it is.
fn older_schema_note(path: &std::path::Path, summary: &AuditSummary) -> Option<String> {
    let current = crate::ledger::SCHEMA_VERSION;
    (summary.schema_version > 0 && summary.schema_version < current).then(|| {
        format!(
            "note: {} is a ledger of schema version {} (this pairs-table writes {current}): checked as that version wrote it and left as it is; the app or simulate upgrades it when it next writes to it",
            path.display(),
            summary.schema_version
        )
    })
}

/// The one line `audit verify` prints for a ledger whose house rules rows
/// carry the misnamed hash of builds of 2026-11-26 (docs/house-rules.md).
fn misnamed_rules_note(summary: &AuditSummary) -> Option<String> {
    (summary.misnamed_rules > 0).then(|| {
        format!(
            "note: {} house rules row(s) carry the hash of the misnamed canonical text \
             (rocket.min_bet_units=, rocket.max_bet_units=) that builds of 2026-11-26 recorded; \
             accepted as recorded (docs/house-rules.md, \"Ledgers hashed with the misnamed text\")",
            summary.misnamed_rules
        )
    })
}
