//! The `floor` subcommands (docs/floor.md): the command-line edge of the
//! floor module.

use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::Subcommand;

use crate::console::{note, print_line, shown};
use crate::ids::StaffId;
use crate::keys::{PublicKey, StationKeys};

/// The `floor` subcommands.
#[derive(Subcommand, Debug)]
pub enum FloorCommand {
    /// Create or upgrade the floor schema and its roles.
    Init {
        /// The floor database, postgres://USER@HOST:PORT/DB (an owner's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
    },
    /// Enrol a station: create its role and print the URL it ships with.
    Enrol {
        /// The floor database (an owner's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// The station's name (e.g. `table 3`).
        #[arg(long, value_name = "NAME")]
        station: String,
        /// The station's Ed25519 public key, 64 hex digits (`pairs-table
        /// floor key` at the station prints it): the floor counts only what
        /// this key signs.
        #[arg(long, value_name = "HEX")]
        public_key: String,
        /// The staff ID of the station's first pit boss, named by the floor:
        /// at the station's first run they set only their PIN.
        #[arg(long, value_name = "ID", requires = "pit_boss_name")]
        pit_boss: Option<u32>,
        /// With --pit-boss: their full name.
        #[arg(long, value_name = "NAME", requires = "pit_boss")]
        pit_boss_name: Option<String>,
    },
    /// Print this station's public key (64 hex digits), for `floor enrol
    /// --public-key`; the key file is made if the station has none.
    Key,
    /// Ship the ledger's rows the floor does not have yet, once.
    Ship {
        /// The station's ledger file.
        #[arg(long, value_name = "FILE")]
        db: PathBuf,
        /// The station's URL, as `floor enrol` printed it.
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
    },
    /// Check the station file against the floor's copy, or (without --db)
    /// every station's chain on the floor itself.
    Verify {
        /// The station's ledger file.
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
        /// The station's URL, or with --station an owner's or the pit's.
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// With --db: the station the file belongs to, when --floor is not its own role.
        #[arg(long, value_name = "NAME", requires = "db")]
        station: Option<String>,
    },
    /// The pit's report across tables: each table's hands, drop, win,
    /// hold, fills, credits and exceptions, and the totals, as PDF (and CSV).
    Report {
        /// The floor database (an owner's or the pit's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// Report the hands started from this time (RFC 3339); without
        /// --from and --to, each table's latest shift.
        #[arg(long, value_name = "TIME", requires = "to")]
        from: Option<String>,
        /// ... up to this time (exclusive).
        #[arg(long, value_name = "TIME", requires = "from")]
        to: Option<String>,
        /// Where to write the PDF.
        #[arg(long, value_name = "FILE.pdf")]
        out: PathBuf,
        /// Also write the figures as CSV here.
        #[arg(long, value_name = "FILE.csv")]
        csv: Option<PathBuf>,
    },
    /// Print one table's shift report at the pit, from the floor's
    /// verified copy of its station's chain: a floor copy, numbered among
    /// the floor's copies of that shift and recorded on the floor (docs/floor.md,
    /// "Printing at the pit"). The station's ledger is not written.
    Print {
        /// The floor database (the pit's or an owner's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// The station, by its enrolled name.
        #[arg(long, value_name = "NAME")]
        station: String,
        /// The shift (default: the station's newest shift on the floor).
        #[arg(long, value_name = "ID")]
        shift: Option<i64>,
        /// The staff ID of the pit boss who prints (a pit boss at that station).
        #[arg(long, value_name = "ID")]
        by: u32,
        /// Where to write the PDF.
        #[arg(long, value_name = "FILE.pdf")]
        out: PathBuf,
        /// Also write the figures as CSV here.
        #[arg(long, value_name = "FILE.csv")]
        csv: Option<PathBuf>,
    },
    /// Every shift report printed at the pit (the floor's copies), oldest
    /// first, with who printed it and its PDF's SHA-256: for an auditor.
    Prints {
        /// The floor database (the pit's or an owner's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// Only this station's.
        #[arg(long, value_name = "NAME")]
        station: Option<String>,
        /// One JSON array instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Run the floor's verifier: check what each station ships against its
    /// enrolled key, count what it signs, quarantine what it does not.
    Verifier {
        /// The floor database (an owner's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
    },
    /// Resume a station suspended because its quarantine is full (after
    /// changing its password): its appends are taken again.
    Resume {
        /// The floor database (an owner's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// The station, by its enrolled name.
        #[arg(long, value_name = "NAME")]
        station: String,
    },
    /// Each station: its table, rows shipped, head, lag and last contact;
    /// exits 1 on a warning, 2 when something is critical (the verifier
    /// not running, a forged heartbeat, a suspended station).
    Status {
        /// The floor database (an owner's or the pit's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// One JSON array instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Place a station's table on the floor plan the pit view draws: a pit
    /// and a row and a column in it (placing it again moves it).
    Place {
        /// The floor database (an owner's URL).
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// The station, by its enrolled name.
        #[arg(long, value_name = "NAME")]
        station: String,
        /// The pit, as the house names it (e.g. `Pit 1`).
        #[arg(long, value_name = "PIT")]
        pit: String,
        /// The table's row in the pit, from 1 at the top (1 to 99).
        #[arg(long, value_name = "R")]
        row: u32,
        /// The table's column in the pit, from 1 at the left (1 to 99).
        #[arg(long, value_name = "C")]
        column: u32,
    },
    /// Show the house's thresholds for marking a seat or player whose bets
    /// follow the edge, changing those given (an owner's URL to change
    /// them); the pit view and `report protection --floor` use them.
    Protection {
        /// The floor database.
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// The one-sided significance level a bet–edge correlation must
        /// beat (between 0 and 1; 0.001 unless changed).
        #[arg(long, value_name = "P")]
        significance: Option<f64>,
        /// The fewest hands with an edge before anyone is marked (1 to
        /// 1000000; 500 unless changed).
        #[arg(long, value_name = "N")]
        minimum_hands: Option<u64>,
    },
    /// Show the house's settings for the floor, changing those given (an
    /// owner's URL to change them).
    Settings {
        /// The floor database.
        #[arg(long, value_name = "URL", value_parser = floor_target)]
        floor: String,
        /// Minutes without a word from a station after which `floor
        /// status` and the pit show its lag as unknown, in the alarm colour
        /// (1 to 1440; 5 unless changed).
        #[arg(long, value_name = "MINUTES")]
        notice_minutes: Option<u32>,
        /// Seconds a station's clock may differ from the floor's before it
        /// is flagged (1 to 86400; 120 unless changed).
        #[arg(long, value_name = "SECONDS")]
        clock_tolerance_seconds: Option<u32>,
    },
}

/// Runs a `floor` subcommand; `keys` loads the station key when shipping.
/// A floor older than this program needs is said so, in one sentence
/// (docs/floor.md, "Upgrading"), never as a missing table or function.
pub fn run(
    command: &FloorCommand,
    keys: impl FnOnce() -> anyhow::Result<StationKeys>,
) -> anyhow::Result<()> {
    run_command(command, keys).map_err(|error| {
        match (error.downcast::<super::FloorError>(), command.target()) {
            (Ok(error), Some(floor)) => super::explain_old_floor(floor, error).into(),
            (Ok(error), None) => error.into(),
            (Err(error), _) => error,
        }
    })
}

impl FloorCommand {
    /// The floor the command talks to, if it does.
    fn target(&self) -> Option<&str> {
        match self {
            FloorCommand::Key => None,
            FloorCommand::Init { floor }
            | FloorCommand::Enrol { floor, .. }
            | FloorCommand::Ship { floor, .. }
            | FloorCommand::Verify { floor, .. }
            | FloorCommand::Report { floor, .. }
            | FloorCommand::Print { floor, .. }
            | FloorCommand::Prints { floor, .. }
            | FloorCommand::Verifier { floor }
            | FloorCommand::Resume { floor, .. }
            | FloorCommand::Status { floor, .. }
            | FloorCommand::Place { floor, .. }
            | FloorCommand::Protection { floor, .. }
            | FloorCommand::Settings { floor, .. } => Some(floor),
        }
    }
}

fn run_command(
    command: &FloorCommand,
    keys: impl FnOnce() -> anyhow::Result<StationKeys>,
) -> anyhow::Result<()> {
    match command {
        FloorCommand::Init { floor } => {
            let done = super::init(floor)?;
            let (version, pit) = (done.version, &done.pit);
            if done.from > 0 && done.from < version {
                print_line(&format!(
                    "upgraded the floor schema from version {} to {version}",
                    done.from
                ))?;
            }
            if let Some(password) = &done.pit_password {
                // Shown once, when the role is made (or given its first
                // password): the line for the pit's password file.
                if done.from > 0 {
                    print_line(&format!(
                        "the pit's role {} had no password: it has one now; put this line in the pit computer's password file",
                        shown(pit)
                    ))?;
                }
                print_line(&super::credentials::password_line(floor, pit, password)?)?;
            }
            print_line(&format!(
                "floor schema at version {version}; the pit reads as role {}",
                shown(pit)
            ))?;
            // Replication checked as `floor status` checks it, on stderr:
            // a new floor often has no standby yet (docs/floor.md,
            // "Failover runbook").
            match super::replication::replication(floor) {
                Ok(replication) => {
                    for (_, problem) in replication.problems() {
                        note(&format!("pairs-table: warning: {problem}"));
                    }
                }
                Err(error) => note(&format!(
                    "pairs-table: warning: the floor's replication could not be read: {}",
                    shown(&error.to_string())
                )),
            }
        }
        FloorCommand::Enrol {
            floor,
            station,
            public_key,
            pit_boss,
            pit_boss_name,
        } => {
            let key = parse_key(public_key)?;
            if let Some(name) = pit_boss_name {
                // Checked before the station is enrolled, so a bad name
                // enrols nothing.
                crate::access::check_name(name)
                    .map_err(|e| anyhow::anyhow!("the pit boss's name: {e}"))?;
            }
            let url = super::enrol(floor, station, key)?;
            if let (Some(id), Some(name)) = (pit_boss, pit_boss_name) {
                super::name_first_pit_boss(floor, station, StaffId(*id), name)?;
            }
            // The station's URL names no password: the second line goes in
            // the station's password file (0600), never on a command line.
            let (bare, line) = super::credentials::password_file_line(&url)?;
            print_line(&shown(&bare))?;
            if let Some(line) = line {
                print_line(&line)?;
            }
        }
        FloorCommand::Key => print_line(&hex::encode(keys()?.public_key()))?,
        FloorCommand::Ship { db, floor } => {
            // A URL that cannot be a floor's is refused before the key is
            // read, so a mistyped one makes no key file.
            floor
                .parse::<postgres::Config>()
                .map_err(super::FloorError::from)?;
            crate::ledger::check_ledger_file(db)?;
            let keys = keys()?;
            let (shipped, passed_over) = super::ship_saying(db, floor, Some(&keys))?;
            if let Some(passed_over) = passed_over {
                note(&format!("pairs-table: {}", shown(&passed_over)));
            }
            print_line(&format!("shipped {shipped} rows"))?;
        }
        FloorCommand::Verify { db, floor, station } => {
            let (rows, findings) = match db {
                Some(db) => {
                    crate::ledger::check_ledger_file(db)?;
                    super::verify_file(db, floor, station.as_deref())?
                }
                None => super::verify_floor(floor)?,
            };
            for finding in &findings {
                print_line(&shown(finding))?;
            }
            if !findings.is_empty() {
                bail!("{} disagreements in {rows} rows", findings.len());
            }
            print_line(&format!("{rows} rows agree"))?;
        }
        FloorCommand::Report {
            floor,
            from,
            to,
            out,
            csv,
        } => report(
            floor,
            from.as_deref().zip(to.as_deref()),
            out,
            csv.as_deref(),
        )?,
        FloorCommand::Print {
            floor,
            station,
            shift,
            by,
            out,
            csv,
        } => print_at_pit(
            floor,
            &super::prints::PitPrint {
                station: station.clone(),
                shift: shift.map(crate::ids::ShiftId),
                by: StaffId(*by),
            },
            (out, csv.as_deref()),
        )?,
        FloorCommand::Prints {
            floor,
            station,
            json,
        } => list_prints(floor, station.as_deref(), *json)?,
        FloorCommand::Verifier { floor } => {
            let stop = std::sync::atomic::AtomicBool::new(false);
            note("pairs-table: the floor's verifier is running (stop it with Ctrl-C)");
            super::verifier::run(floor, &stop, |event| match event {
                super::verifier::VerifierEvent::Quarantined(v) => {
                    if let Some((rows, reason)) = &v.quarantined {
                        note(&format!(
                            "pairs-table: station {}: {rows} rows quarantined: {}",
                            shown(&v.station),
                            shown(reason)
                        ));
                    }
                }
                super::verifier::VerifierEvent::LinkDown(error) => {
                    note(&format!(
                        "pairs-table: the floor link failed ({}); retrying",
                        shown(&error.to_string())
                    ));
                }
            })?;
        }
        FloorCommand::Resume { floor, station } => {
            super::resume(floor, station)?;
            print_line(&format!("station {} resumed", shown(station)))?;
        }
        FloorCommand::Status { floor, json } => {
            let needs = "`pairs-table floor status` needs an owner's or the pit's URL, not a station's: \
                         a station's role may not read the stations' rows";
            let stations = super::status(floor).map_err(|e| needs_role(e, needs))?;
            let verifier = super::verifier_check_in(floor).map_err(|e| needs_role(e, needs))?;
            let replication = super::replication::replication(floor)?;
            if *json {
                print_line(&serde_json::to_string_pretty(&stations)?)?;
            } else {
                for s in &stations {
                    print_line(&status_line(s))?;
                }
                // A floor on one server is said on stderr, as a warning.
                if replication.replicates() {
                    for fields in replication.standby_fields() {
                        let fields: Vec<_> = fields.iter().map(|f| shown(f)).collect();
                        print_line(&fields.join("\t"))?;
                    }
                    print_line(&shown(&replication.sentence()))?;
                }
            }
            let (severity, said) = floor_health(&stations, &verifier, &replication);
            for line in &said {
                note(&format!("pairs-table: {}", shown(line)));
            }
            if severity != Health::Well {
                return Err(crate::console::ExitStatus(severity as u8).into());
            }
        }
        FloorCommand::Place {
            floor,
            station,
            pit,
            row,
            column,
        } => {
            let place = super::plan::Place::new(pit, *row, *column)?;
            super::plan::place(floor, station, &place)?;
            print_line(&format!(
                "station {} placed in {}",
                shown(station),
                shown(&place.to_string())
            ))?;
        }
        FloorCommand::Protection {
            floor,
            significance,
            minimum_hands,
        } => {
            let change = significance.is_some() || minimum_hands.is_some();
            let set = super::protection::protection_settings(floor, *significance, *minimum_hands)
                .map_err(|e| {
                    needs_role(
                        e,
                        if change {
                            "changing the house's thresholds with `pairs-table floor protection` \
                             needs an owner's URL: this role may not record them"
                        } else {
                            "`pairs-table floor protection` needs an owner's or the pit's URL, \
                             not a station's: a station's role may not read the house's thresholds"
                        },
                    )
                })?;
            print_line(&set.sentence())?;
        }
        FloorCommand::Settings {
            floor,
            notice_minutes,
            clock_tolerance_seconds,
        } => {
            let set = super::settings(floor, *notice_minutes, *clock_tolerance_seconds)?;
            print_line(&format!(
                "notice time: {} minutes; clock tolerance: {} seconds",
                set.notice_minutes, set.clock_tolerance_seconds
            ))?;
        }
    }
    Ok(())
}

/// How the floor stands as `floor status` sums it up, by its exit status
/// (a monitoring convention: 0 well, 1 a warning, 2 critical).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Health {
    /// Nothing to say.
    Well = 0,
    /// A station silent or unheard for three heartbeats, a link failing,
    /// a clock off, a heartbeat without a signature.
    Warning = 1,
    /// No verifier checked in for 30 s, a heartbeat signed by another key
    /// than the station's, a station suspended, a station's key changed.
    Critical = 2,
}

/// The floor's health and a sentence for each thing wrong, critical first
/// (docs/floor.md, `floor status`).
pub fn floor_health(
    stations: &[super::StationStatus],
    verifier: &super::VerifierCheckIn,
    replication: &super::replication::Replication,
) -> (Health, Vec<String>) {
    let mut found: Vec<(Health, String)> = Vec::new();
    if let Some(alarm) = verifier.alarm() {
        found.push((Health::Critical, format!("critical: {alarm}")));
    }
    for (critical, problem) in replication.problems() {
        found.push(if critical {
            (Health::Critical, format!("critical: {problem}"))
        } else {
            (Health::Warning, format!("warning: {problem}"))
        });
    }
    for s in stations {
        let link = &s.link;
        let name = &s.station;
        if let Some(why) = &s.suspended {
            found.push((
                Health::Critical,
                format!("critical: station {name} is suspended: {why}"),
            ));
        }
        for change in &s.key_changes {
            found.push((
                Health::Critical,
                format!("critical: {}", change.alarm(name)),
            ));
        }
        if let Some(problem) = &link.heartbeat_problem {
            let health = if link.heartbeat_forged {
                Health::Critical
            } else {
                Health::Warning
            };
            let word = if link.heartbeat_forged {
                "critical"
            } else {
                "warning"
            };
            found.push((health, format!("{word}: station {name}: {problem}")));
        } else if link.silent {
            found.push((
                Health::Warning,
                format!(
                    "warning: station {name} has not been heard from for longer than the notice time"
                ),
            ));
        } else if link.stale() {
            found.push((
                Health::Warning,
                format!(
                    "warning: station {name} has missed three heartbeats ({}): its lag is unknown",
                    link.lag_words()
                ),
            ));
        }
        if let Some(failure) = &link.link_failure {
            found.push((
                Health::Warning,
                format!("warning: station {name}'s link fails: {failure}"),
            ));
        }
        if let (true, Some(clock)) = (link.clock_flagged, link.clock_against_floor()) {
            found.push((
                Health::Warning,
                format!("warning: station {name}'s clock is {clock}"),
            ));
        }
    }
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    let health = found.first().map_or(Health::Well, |f| f.0);
    (health, found.into_iter().map(|f| f.1).collect())
}

/// `error`, unless the floor refused the role the URL names for want of a
/// privilege (a station's role reading what only the owner and the pit
/// may): then `needs`, the one sentence that says which URL the command
/// takes.
fn needs_role(error: super::FloorError, needs: &str) -> anyhow::Error {
    match &error {
        super::FloorError::Postgres(e)
            if e.code() == Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE) =>
        {
            anyhow::anyhow!("{needs}")
        }
        _ => error.into(),
    }
}

/// One station as `floor status` prints it: tab-separated fields, every
/// text from the floor escaped (a station's name can neither drive the
/// terminal nor forge a column).
fn status_line(s: &super::StationStatus) -> String {
    let lag = s.link.lag_words();
    let mut line = format!(
        "{}\t{}\t{} rows\t{} verified\thead {}\t{lag}\tlast contact {}",
        shown(&s.station),
        shown(s.table.as_deref().unwrap_or("-")),
        s.rows_shipped,
        s.rows_verified,
        shown(s.head.get(..16).unwrap_or(&s.head)),
        shown(s.link.last_contact.as_deref().unwrap_or("never"))
    );
    if let Some(failure) = &s.link.link_failure {
        line.push_str(&format!("\tlink failed: {}", shown(failure)));
    }
    if let (true, Some(clock)) = (s.link.clock_flagged, s.link.clock_against_floor()) {
        line.push_str(&format!("\tclock {clock}"));
    }
    if let Some(problem) = &s.link.heartbeat_problem {
        line.push_str(&format!("\theartbeat: {}", shown(problem)));
    }
    if s.suspended.is_some() {
        line.push_str("\tsuspended");
    }
    for change in &s.key_changes {
        line.push_str(&format!("\t{}", shown(&change.alarm(&s.station))));
    }
    line
}

/// `floor report`: the tables' figures over `range` (or each table's
/// latest shift), read through replicas in a temporary directory.
fn report(
    floor: &str,
    range: Option<(&str, &str)>,
    out: &Path,
    csv: Option<&Path>,
) -> anyhow::Result<()> {
    use crate::report::floor::FloorPeriod;
    let period = match range {
        Some((from, to)) => {
            let (from, to) = (
                crate::console::parse_time(from)?,
                crate::console::parse_time(to)?,
            );
            if to <= from {
                bail!("--to must be later than --from");
            }
            FloorPeriod::Range { from, to }
        }
        None => FloorPeriod::LatestShifts,
    };
    let dir = replica_dir("floor-report")?;
    let made = super::survey::floor_report(floor, dir.path(), period);
    drop(dir);
    let report = made?;
    crate::printing::save_floor_report(&report, (out, csv))?;
    for said in report
        .verifier
        .iter()
        .chain(&report.clocks)
        .chain(&report.left_out)
    {
        note(&format!("pairs-table: {}", shown(said)));
    }
    let hands = report.tables.iter().map(|t| t.figures.play.hands).sum();
    print_line(&format!(
        "printed {}: {}, {}",
        out.display(),
        crate::report::counted(report.tables.len() as u64, "table", "tables"),
        crate::report::counted(hands, "hand", "hands")
    ))
}

/// `floor print`: one table's shift report, printed at the pit.
fn print_at_pit(
    floor: &str,
    print: &super::prints::PitPrint,
    (out, csv): (&Path, Option<&Path>),
) -> anyhow::Result<()> {
    let dir = replica_dir("floor-print")?;
    let layout = crate::report::Layout::standard()?;
    let saved = super::prints::print_at_pit(floor, dir.path(), print, (out, csv), &layout)?;
    let report = &saved.report;
    print_line(&format!(
        "printed {}: floor copy {} of shift {} at {} (station {}), through its row {}{}; recorded on the floor",
        out.display(),
        report.print.number,
        report.header.shift.map_or(0, |s| s.0),
        shown(&report.header.table_name),
        shown(&print.station),
        report.integrity.head.rows,
        if report.print.interim {
            " (INTERIM: the shift is open)"
        } else {
            ""
        }
    ))
}

/// A floor copy as `floor prints --json` writes it: the keys in this
/// order (docs/floor.md, "Printing at the pit").
#[derive(serde::Serialize)]
struct PrintJson<'a> {
    station: &'a str,
    table_id: i64,
    shift_id: i64,
    copy: i32,
    interim: bool,
    through_seq: i64,
    printed_by: u32,
    printed_by_name: &'a str,
    printed_at: String,
    printed_from: &'a str,
    pdf_sha256: &'a str,
}

/// `floor prints`: every floor copy recorded, as lines or JSON.
fn list_prints(floor: &str, station: Option<&str>, json: bool) -> anyhow::Result<()> {
    let prints = super::prints::recorded_prints(floor, station)?;
    if json {
        let list: Vec<PrintJson<'_>> = prints
            .iter()
            .map(|p| PrintJson {
                station: &p.station,
                table_id: p.table_id,
                shift_id: p.shift_id,
                copy: p.copy,
                interim: p.shift_open,
                through_seq: p.through_seq,
                printed_by: p.printed_by.id.0,
                printed_by_name: &p.printed_by.name,
                printed_at: p
                    .printed_at
                    .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
                printed_from: &p.printed_from,
                pdf_sha256: &p.pdf_sha256,
            })
            .collect();
        return print_line(&serde_json::to_string(&list)?);
    }
    if prints.is_empty() {
        return print_line("no shift report has been printed at the pit");
    }
    for p in &prints {
        print_line(&format!(
            "{} station {} table {} shift {}: floor copy {}{} through row {}, by {} ({}) as role {}, PDF sha256 {}",
            p.printed_at
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
            shown(&p.station),
            p.table_id,
            p.shift_id,
            p.copy,
            if p.shift_open { " (interim)" } else { "" },
            p.through_seq,
            shown(&p.printed_by.name),
            p.printed_by.id,
            shown(&p.printed_from),
            p.pdf_sha256
        ))?;
    }
    Ok(())
}

/// A new directory for replicas of the floor's chains, private to this
/// user (0700) and named at random under the system's temporary
/// directory, removed when dropped: nothing planted in advance can be read
/// as a replica.
pub fn replica_dir(purpose: &str) -> anyhow::Result<tempfile::TempDir> {
    crate::keys::private_temp_dir(purpose).map_err(|e| {
        anyhow::anyhow!(
            "cannot make a private directory for the replicas in {}: {e}",
            std::env::temp_dir().display()
        )
    })
}

/// A `--floor` value: a URL or service name that carries no password (see
/// docs/floor.md, "Credentials").
pub fn floor_target(target: &str) -> Result<String, String> {
    super::credentials::refuse_password(target)
        .map(|()| target.to_owned())
        .map_err(|e| e.to_string())
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
    super::Shipper::start(db, floor, Some(keys.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn replicas_go_to_a_private_directory_nothing_planted_can_be() {
        use std::os::unix::fs::PermissionsExt;
        // Planted where the report once built its replicas, by PID.
        let planted =
            std::env::temp_dir().join(format!("pairs-table-floor-report-{}", std::process::id()));
        std::fs::create_dir_all(&planted).unwrap();
        std::fs::write(planted.join("floor_station_1.sqlite3"), "planted").unwrap();
        let (first, second) = (
            replica_dir("floor-report").unwrap(),
            replica_dir("floor-report").unwrap(),
        );
        for dir in [&first, &second] {
            assert_ne!(dir.path(), planted);
            assert!(dir.path().starts_with(std::env::temp_dir()));
            let mode = std::fs::metadata(dir.path()).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700, "{}", dir.path().display());
            assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        }
        assert_ne!(first.path(), second.path());
        let made = first.path().to_path_buf();
        std::fs::write(made.join("a.sqlite3"), "a replica").unwrap();
        drop(first);
        assert!(!made.exists(), "removed when done");
        assert!(planted.join("floor_station_1.sqlite3").exists());
        std::fs::remove_dir_all(&planted).unwrap();
    }
}
