//! `pairs-table doctor`: checks a station's or a floor's set-up and says
//! what is wrong in sentences (docs/install.md, "Checking a set-up").
//! It reads and connects; it writes nothing and creates no file.

use std::path::{Path, PathBuf};

use super::config::ConfigFile;
use super::print_line;
use crate::keys::StationKeys;
use crate::ledger::{Ledger, SystemClock};

/// Arguments of `doctor`.
#[derive(clap::Args, Debug)]
pub struct DoctorArgs {
    /// The ledger file to check (default: the configuration file's, else
    /// the platform data directory's).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// The floor to check (default: the configuration file's): a station's
    /// URL or service name, or the pit's or owner's on a floor server.
    #[arg(long, value_name = "URL", value_parser = crate::floor::command::floor_target)]
    pub floor: Option<String>,
    /// Check only the floor (on the floor's server: no ledger, key, printer
    /// or shoe here).
    #[arg(long, requires = "floor")]
    pub floor_only: bool,
}

/// How one check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// As it should be.
    Ok,
    /// Worth knowing; nothing to mend.
    Note,
    /// Wrong: the station or floor will not work as set up.
    Problem,
}

/// The checks' lines as they are printed, and how many found problems.
#[derive(Default)]
struct Findings {
    problems: usize,
    notes: usize,
    lines: usize,
}

impl Findings {
    /// Prints one check's line: `ok|note|problem: WHAT: SENTENCE`.
    fn say(&mut self, verdict: Verdict, what: &str, sentence: &str) -> anyhow::Result<()> {
        let word = match verdict {
            Verdict::Ok => "ok",
            Verdict::Note => {
                self.notes += 1;
                "note"
            }
            Verdict::Problem => {
                self.problems += 1;
                "problem"
            }
        };
        self.lines += 1;
        print_line(&format!("{word}: {what}: {sentence}"))
    }
}

/// Runs `doctor`: every check in turn, then a summary line; exits 1 when
/// any check found a problem.
pub(super) fn doctor(
    args: &DoctorArgs,
    config: Option<&ConfigFile>,
    key: Option<&Path>,
) -> anyhow::Result<()> {
    let mut findings = Findings::default();
    let settings = config.map(|c| c.config.clone()).unwrap_or_default();
    match config {
        Some(file) => findings.say(
            Verdict::Ok,
            "configuration",
            &format!("read {}", file.path.display()),
        )?,
        None => findings.say(
            Verdict::Note,
            "configuration",
            &format!(
                "no configuration file ({} nor {}): the built-in defaults and the flags given apply",
                super::config::user_file()
                    .map_or_else(|| "no user file".to_owned(), |p| p.display().to_string()),
                super::config::SYSTEM_FILE
            ),
        )?,
    }
    if !args.floor_only {
        let ledger = match args.db.clone().or(settings.ledger.clone()) {
            Some(path) => path,
            None => crate::ledger::default_path()?,
        };
        let key = match key {
            Some(path) => path.to_path_buf(),
            None => StationKeys::default_path()?,
        };
        check_key(&mut findings, &key, ledger.exists())?;
        check_ledger(&mut findings, &ledger)?;
    }
    match args.floor.clone().or(settings.floor.clone()) {
        Some(floor) => check_floor(&mut findings, &floor)?,
        None => findings.say(
            Verdict::Note,
            "floor",
            "no floor is configured: this station keeps its ledger alone (set floor in the configuration file, or give --floor)",
        )?,
    }
    if !args.floor_only {
        check_printer(&mut findings)?;
        check_card_source(&mut findings, &settings)?;
    }
    let summary = match (findings.problems, findings.notes) {
        (0, 0) => format!("doctor: all {} checks passed", findings.lines),
        (0, notes) => format!("doctor: no problems ({})", counted(notes, "note")),
        (problems, notes) => format!(
            "doctor: {} ({})",
            counted(problems, "problem"),
            counted(notes, "note")
        ),
    };
    print_line(&summary)?;
    if findings.problems > 0 {
        return Err(super::ExitStatus(1).into());
    }
    Ok(())
}

/// `n thing` or `n things`.
fn counted(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// The station's key file: there, private, readable.
fn check_key(findings: &mut Findings, key: &Path, ledger_exists: bool) -> anyhow::Result<()> {
    if !key.exists() {
        return if ledger_exists {
            findings.say(
                Verdict::Problem,
                "key file",
                &format!(
                    "there is no key file {} though the ledger exists: the app would make a new key and the ledger's signatures would change hands; restore the station's key from its backup",
                    key.display()
                ),
            )
        } else {
            findings.say(
                Verdict::Note,
                "key file",
                &format!(
                    "no key file {} yet: the app makes it (mode 0600) on first start",
                    key.display()
                ),
            )
        };
    }
    match StationKeys::load(key) {
        Ok(keys) => findings.say(
            Verdict::Ok,
            "key file",
            &format!(
                "{} is private; its key's fingerprint is {}",
                key.display(),
                keys.fingerprint()
            ),
        ),
        Err(error) => findings.say(Verdict::Problem, "key file", &error.to_string()),
    }
}

/// The ledger: opened read-only as it was written, its schema named.
fn check_ledger(findings: &mut Findings, ledger: &Path) -> anyhow::Result<()> {
    if !ledger.exists() {
        let folder = ledger.parent().unwrap_or(Path::new("."));
        return findings.say(
            Verdict::Note,
            "ledger",
            &format!(
                "no ledger {} yet: the app makes it on first start{}",
                ledger.display(),
                if folder.is_dir() {
                    String::new()
                } else {
                    format!(" (and its folder {})", folder.display())
                }
            ),
        );
    }
    match Ledger::open_as_written(ledger, Box::new(SystemClock), false) {
        Ok((_, version)) if version > crate::ledger::SCHEMA_VERSION => findings.say(
            Verdict::Problem,
            "ledger",
            &format!(
                "{} has schema version {version}, newer than the {} this pairs-table writes: a newer build wrote it; install that build here",
                ledger.display(),
                crate::ledger::SCHEMA_VERSION
            ),
        ),
        Ok((_, version)) if version < crate::ledger::SCHEMA_VERSION => findings.say(
            Verdict::Note,
            "ledger",
            &format!(
                "{} has schema version {version}; the app upgrades it to {} when it next opens it, after checking it",
                ledger.display(),
                crate::ledger::SCHEMA_VERSION
            ),
        ),
        Ok((_, version)) => findings.say(
            Verdict::Ok,
            "ledger",
            &format!("{} opens (schema version {version})", ledger.display()),
        ),
        Err(error) => findings.say(Verdict::Problem, "ledger", &error.to_string()),
    }
}

/// The floor: the password file, reaching it, its schema, its verifier
/// and the clock against its own.
fn check_floor(findings: &mut Findings, floor: &str) -> anyhow::Result<()> {
    match crate::floor::credentials::password_file_check(floor) {
        Ok((true, said)) => findings.say(Verdict::Ok, "password file", &said)?,
        Ok((false, said)) => findings.say(Verdict::Note, "password file", &said)?,
        Err(error) => findings.say(Verdict::Problem, "password file", &error.to_string())?,
    }
    let probe = match crate::floor::probe::probe(floor) {
        Ok(probe) => probe,
        Err(error) => {
            return findings.say(
                Verdict::Problem,
                "floor",
                &format!("cannot reach the floor {floor}: {error}"),
            );
        }
    };
    findings.say(
        Verdict::Ok,
        "floor",
        &format!(
            "reached database {} as {} in {} ms",
            probe.database,
            probe.user,
            probe.connect_time.as_millis()
        ),
    )?;
    if probe.standby {
        findings.say(
            Verdict::Problem,
            "floor",
            "the server reached is a standby (read-only): stations ship to the primary; name both servers in the target with target_session_attrs=read-write (docs/floor.md)",
        )?;
    }
    let needed = crate::floor::SCHEMA_VERSION;
    match probe.schema_version {
        Ok(Some(have)) if usize::try_from(have).is_ok_and(|have| have == needed) => {
            findings.say(Verdict::Ok, "floor schema", &format!("version {have}"))?
        }
        Ok(Some(have)) if usize::try_from(have).is_ok_and(|have| have < needed) => findings.say(
            Verdict::Problem,
            "floor schema",
            &format!(
                "the floor has schema version {have}, older than the {needed} this pairs-table needs: the floor's owner upgrades it with `pairs-table floor init --floor OWNER_URL` (docs/floor.md, \"Upgrading\")"
            ),
        )?,
        Ok(Some(have)) => findings.say(
            Verdict::Problem,
            "floor schema",
            &format!(
                "the floor has schema version {have}, newer than the {needed} this pairs-table knows: upgrade this machine's pairs-table (docs/floor.md, \"Upgrading\")"
            ),
        )?,
        Ok(None) => findings.say(
            Verdict::Problem,
            "floor schema",
            &format!(
                "this database holds no floor: its owner sets one up with `pairs-table floor init --floor OWNER_URL` (it needs floor schema version {needed})"
            ),
        )?,
        Err(why) => findings.say(
            Verdict::Note,
            "floor schema",
            &format!("not checked: {why}"),
        )?,
    }
    match probe.verifier {
        Ok(check_in) => match check_in.alarm() {
            Some(alarm) => findings.say(Verdict::Problem, "verifier", &alarm)?,
            None => findings.say(
                Verdict::Ok,
                "verifier",
                &format!(
                    "checked in {} s ago{}",
                    check_in.seconds_since.unwrap_or(0),
                    check_in
                        .host
                        .map_or_else(String::new, |host| format!(" from {host}"))
                ),
            )?,
        },
        Err(why) => findings.say(Verdict::Note, "verifier", &format!("not checked: {why}"))?,
    }
    let (tolerance, whose) = match probe.clock_tolerance_seconds {
        Some(seconds) => (seconds, "the house's tolerance"),
        None => (DEFAULT_CLOCK_TOLERANCE, "the default tolerance"),
    };
    let offset = probe.clock_offset_ms;
    let words = crate::floor::skew_against_floor(offset / 1000);
    let verdict = if offset.unsigned_abs() > u64::from(tolerance.unsigned_abs()) * 1000 {
        Verdict::Problem
    } else {
        Verdict::Ok
    };
    findings.say(
        verdict,
        "clock",
        &format!(
            "this machine's clock is {words} ({offset} ms); {whose} is {tolerance} s{}",
            if verdict == Verdict::Problem {
                ": set this machine's time from the floor's time server (NTP)"
            } else {
                ""
            }
        ),
    )
}

/// The floor's clock tolerance when the role may not read the house's
/// (schema/floor/0008_station_link.sql).
const DEFAULT_CLOCK_TOLERANCE: i32 = 120;

/// The print command the app and `report shift` print with.
fn check_printer(findings: &mut Findings) -> anyhow::Result<()> {
    match crate::printing::Printer::system() {
        Some(printer) => findings.say(
            Verdict::Ok,
            "printer",
            &format!(
                "reports print with {} to the system's default printer",
                printer.command().display()
            ),
        ),
        None => findings.say(
            Verdict::Note,
            "printer",
            &format!(
                "there is no `{}` on PATH: shift reports are saved as PDF but not printed (install cups-client and set a default printer to print)",
                crate::printing::PRINT_COMMAND
            ),
        ),
    }
}

/// The configured card source: a shoe's port there and free.
fn check_card_source(
    findings: &mut Findings,
    settings: &super::config::StationConfig,
) -> anyhow::Result<()> {
    use crate::station::SourceChoice;
    match settings.card_source() {
        None => findings.say(
            Verdict::Note,
            "card source",
            "none is configured: the pit boss chooses it when opening a table",
        ),
        Some(SourceChoice::Scanner { path, baud }) => {
            let mut reader = crate::scanner::ReaderConfig::new(path.clone());
            reader.baud_rate = baud;
            match reader.try_open() {
                Ok(()) => findings.say(
                    Verdict::Ok,
                    "card source",
                    &format!("the shoe's port {path} opens at {baud} baud"),
                ),
                Err(error) => {
                    let busy = matches!(&error, crate::scanner::reader::ReaderError::Port { reason, .. } if reason.contains("busy"));
                    findings.say(
                        Verdict::Problem,
                        "card source",
                        &format!(
                            "{error}{}",
                            if busy {
                                " (the app, when running, holds the port: check with it closed)"
                            } else {
                                ""
                            }
                        ),
                    )
                }
            }
        }
        Some(other) => findings.say(
            Verdict::Ok,
            "card source",
            &format!("{} (no port to check)", other.setting()),
        ),
    }
}
