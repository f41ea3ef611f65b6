//! A shift report's files and the system's print command: claims the output
//! paths before the print is recorded, records it through
//! [`Ledger::print_shift_report`] (so every print is numbered and a reprint
//! is stamped REPRINT), writes the PDF and the CSV beside their final names
//! and renames them into place only when complete, and hands a saved PDF to
//! the print command (`lp`, looked up on `PATH`). The only module that
//! spawns the print command; the command line and the pit boss screen both
//! come through here. See docs/reports.md.

use serde::{Deserialize, Serialize};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::figures::ProtectionReads;
use crate::ids::ShiftId;
use crate::ledger::report::{Integrity, ReportError, ReportQuery, ShiftReport};
use crate::ledger::{Ledger, PinEntry};
use crate::par::hold::ParHold;
use crate::report::{Layout, RenderError, render_csv, render_pdf};

/// The print command looked up on `PATH`.
pub const PRINT_COMMAND: &str = "lp";

/// How long the print command may take to accept a job.
pub const PRINT_TIMEOUT: Duration = Duration::from_secs(30);

/// ETXTBSY on Linux and the BSDs.
const TEXT_FILE_BUSY: i32 = 26;

/// Why a report could not be saved or printed: one sentence.
#[derive(Debug, Error)]
pub enum PrintingError {
    /// The PDF and the CSV were given the same path.
    #[error("the PDF and the CSV name the same file, {0}")]
    SameFile(String),
    /// No path was given for the PDF.
    #[error("type the path to save the PDF to")]
    NoPath,
    /// An output path names the ledger or a file it keeps beside itself.
    #[error(
        "cannot write the report to {path}: it is the ledger {ledger} or a file the ledger keeps beside itself, which the report would destroy"
    )]
    LedgerFile {
        /// The output path, as given.
        path: String,
        /// The ledger.
        ledger: String,
    },
    /// An output path names an existing file that is not a report this
    /// program wrote.
    #[error(
        "cannot write the report to {0}: the file exists and is not a report this program wrote, so it is not replaced; choose another name or remove it first"
    )]
    NotAReport(String),
    /// An output file could not be written.
    #[error("cannot write {path}: {problem}")]
    Write {
        /// The file.
        path: String,
        /// Why (in the message, so not also a `source` that would print twice).
        problem: std::io::Error,
    },
    /// The report could not be gathered or recorded.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The ledger refused or failed (a rated-play report's figures).
    #[error(transparent)]
    Ledger(#[from] crate::ledger::LedgerError),
    /// The report could not be rendered.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// The floor, which records a copy printed at the pit, refused or
    /// failed: the sentence it gave.
    #[error("{0}")]
    Floor(String),
    /// No print command on this machine.
    #[error(
        "printing is not available on this machine (no `{PRINT_COMMAND}` command was found); the report is saved at {0}"
    )]
    NoPrinter(String),
    /// The print command could not be started or did not answer.
    #[error("the print command {command} could not print {path}: {problem}")]
    PrintFailed {
        /// The command.
        command: String,
        /// The PDF, which stays saved.
        path: String,
        /// What went wrong, in words.
        problem: String,
    },
}

/// An output file written beside its final name (`NAME.partial`) and
/// renamed into place only when complete; dropped unfinished, it leaves
/// nothing behind.
struct Pending {
    partial: PathBuf,
    path: PathBuf,
}

/// The partial file beside `path`: `NAME.partial`.
fn partial_of(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(PARTIAL);
    path.with_file_name(name)
}

/// What a file being written is named until it is complete.
const PARTIAL: &str = ".partial";

impl Pending {
    fn create(path: &Path) -> Result<Pending, PrintingError> {
        let partial = partial_of(path);
        std::fs::File::create(&partial).map_err(|problem| PrintingError::Write {
            path: path.display().to_string(),
            problem,
        })?;
        Ok(Pending {
            partial,
            path: path.to_owned(),
        })
    }

    fn write(&self, bytes: &[u8]) -> Result<(), PrintingError> {
        std::fs::write(&self.partial, bytes).map_err(|problem| self.failed(problem))
    }

    /// Renames the written file into place.
    fn finish(&self) -> Result<(), PrintingError> {
        std::fs::rename(&self.partial, &self.path).map_err(|problem| self.failed(problem))
    }

    fn failed(&self, problem: std::io::Error) -> PrintingError {
        PrintingError::Write {
            path: self.path.display().to_string(),
            problem,
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // Gone already once renamed into place.
        let _ = std::fs::remove_file(&self.partial);
    }
}

/// A report saved: the print as recorded and where its files are.
#[derive(Debug, Clone)]
pub struct Saved {
    /// The report as printed (print number, REPRINT, head, figures).
    pub report: ShiftReport,
    /// The PDF.
    pub pdf: PathBuf,
    /// The CSV, if one was asked for.
    pub csv: Option<PathBuf>,
    /// Partial files left beside the PDF or CSV by prints that never
    /// finished (killed, or the machine stopped): no print was recorded
    /// for any of them.
    pub left_over: Vec<LeftOver>,
}

/// A print as recorded: what the command prints on its one line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Printed {
    /// The table's name.
    pub table: String,
    /// The print's number for this table and period (1: the original).
    pub print: i64,
    /// Whether it is stamped REPRINT.
    pub reprint: bool,
    /// Whether it is a print of an open shift, stamped INTERIM (numbered
    /// among the shift's interim prints). Written only when true, so an
    /// answer about any other print reads as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interim: bool,
    /// Hands in the report.
    pub hands: u64,
    /// Chained rows in the ledger as checked.
    pub rows: i64,
    /// The chain's head as checked, hex.
    pub head: String,
    /// Discrepancies the check found (0: passed).
    pub discrepancies: u64,
    /// Partial files of unfinished prints found beside the files, one
    /// sentence each.
    pub left_over: Vec<String>,
}

impl Printed {
    /// The summary of a saved report.
    pub fn of(saved: &Saved) -> Printed {
        let report = &saved.report;
        Printed {
            table: report.header.table_name.clone(),
            print: report.print.number,
            reprint: report.print.is_reprint(),
            interim: report.print.interim,
            hands: report.play.hands,
            rows: report.integrity.head.rows,
            head: report.integrity.head.hash_hex(),
            discrepancies: report.integrity.discrepancies,
            left_over: saved.left_over.iter().map(ToString::to_string).collect(),
        }
    }
}

/// A partial report file (`NAME.pdf.partial`, `NAME.csv.partial`) found
/// beside this print's files, left by a print that never finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOver {
    /// The partial file.
    pub path: PathBuf,
    /// Whether it was removed: it was this print's own (its name), which
    /// this print replaces; another's is only named.
    pub removed: bool,
}

impl std::fmt::Display for LeftOver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.removed {
            write!(
                f,
                "removed {}, left by a print that never finished (no print was recorded for it)",
                self.path.display()
            )
        } else {
            write!(
                f,
                "{} was left by a print that never finished (no print was recorded for it); remove it",
                self.path.display()
            )
        }
    }
}

/// The partial report files in the folders of `paths`, each marked removed
/// if it is one of theirs (about to be replaced).
fn left_over_beside(paths: &[&Path]) -> Vec<LeftOver> {
    let own: Vec<PathBuf> = paths
        .iter()
        .map(|p| std::path::absolute(partial_of(p)).unwrap_or_else(|_| partial_of(p)))
        .collect();
    let mut folders: Vec<PathBuf> = paths
        .iter()
        .map(|p| match p.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
            _ => PathBuf::from("."),
        })
        .collect();
    folders.dedup();
    let mut found = Vec::new();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if !(name.ends_with(".pdf.partial") || name.ends_with(".csv.partial")) {
                continue;
            }
            let path = entry.path();
            let absolute = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
            found.push(LeftOver {
                removed: own.contains(&absolute),
                path,
            });
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}

/// Saves the report for `query`: claims `pdf` (and `csv`) first, so that a
/// path that cannot be written records no print; then records the print
/// by `by` with [`Ledger::print_shift_report`] and writes the files.
pub fn save_report(
    ledger: &mut Ledger,
    query: &ReportQuery,
    layout: &Layout,
    (pdf, csv): (&Path, Option<&Path>),
    by: Option<&PinEntry<'_>>,
) -> Result<Saved, PrintingError> {
    ReportFiles::claim(pdf, csv, ledger.path())?.save(ledger, query, layout, None, by)
}

/// Saves the rated-play report of `period` (docs/rating.md) to `pdf` (and
/// `csv`), whole or not at all; the look-ups are recorded by `by` or as
/// from the command line. Returns the report.
pub fn save_rating_report(
    ledger: &mut Ledger,
    rater: &mut crate::rating::Rater,
    period: crate::rating::Period,
    (pdf, csv): (&Path, Option<&Path>),
    by: Option<&PinEntry<'_>>,
) -> Result<crate::rating::RatedPlayReport, PrintingError> {
    let ledger_path = ledger.path().to_path_buf();
    save_unnumbered(
        (pdf, csv),
        Some(&ledger_path),
        || Ok(rater.rated_play(ledger, period, by)?),
        |report| {
            Ok((
                crate::report::render_rating_report(report, &Layout::standard()?)?,
                crate::report::render_rating_csv(report),
            ))
        },
    )
}

/// Saves the game-protection report of `period` to `pdf` (and `csv`),
/// whole or not at all.
pub fn save_protection_report(
    ledger: &Ledger,
    period: crate::rating::Period,
    (settings, from): (
        crate::protection::FlagSettings,
        crate::protection::FiguresFrom,
    ),
    (pdf, csv): (&Path, Option<&Path>),
) -> Result<crate::protection::ProtectionReport, PrintingError> {
    save_unnumbered(
        (pdf, csv),
        Some(ledger.path()),
        || Ok(ledger.protection_report(period, settings, from)?),
        |report| {
            Ok((
                crate::report::render_protection_report(report, &Layout::standard()?)?,
                crate::report::render_protection_csv(report),
            ))
        },
    )
}

/// Saves the floor report `report` to `pdf` (and `csv`), whole or not at all.
pub fn save_floor_report(
    report: &crate::report::floor::FloorReport,
    (pdf, csv): (&Path, Option<&Path>),
) -> Result<(), PrintingError> {
    save_unnumbered(
        (pdf, csv),
        None,
        || Ok(()),
        |()| {
            Ok((
                crate::report::render_floor_report(report, &Layout::standard()?)?,
                crate::report::render_floor_csv(report),
            ))
        },
    )
}

/// A report that is not a numbered print (the rated-play, protection and
/// floor reports): claims `pdf` (and `csv`) first ([`claim_outputs`],
/// against the files of `ledger` if the report reads one), then makes the
/// report with `make` and writes what `render` gives (PDF bytes, CSV text)
/// beside the final names, renaming both into place only when both are
/// written.
fn save_unnumbered<R>(
    (pdf, csv): (&Path, Option<&Path>),
    ledger: Option<&Path>,
    make: impl FnOnce() -> Result<R, PrintingError>,
    render: impl FnOnce(&R) -> Result<(Vec<u8>, String), PrintingError>,
) -> Result<R, PrintingError> {
    let (pending_pdf, pending_csv) = claim_outputs(pdf, csv, ledger)?;
    let report = make()?;
    let (bytes, text) = render(&report)?;
    pending_pdf.write(&bytes)?;
    if let Some(pending) = &pending_csv {
        pending.write(text.as_bytes())?;
    }
    pending_pdf.finish()?;
    if let Some(pending) = &pending_csv {
        pending.finish()?;
    }
    Ok(report)
}

/// Whether two paths name one file (`r.pdf` and `./r.pdf`).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let absolute = |path: &Path| std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    absolute(a) == absolute(b)
}

/// Writes a PDF rendered without the ledger (a rules card) to `path`,
/// whole or not at all: beside its name first, then renamed into place.
/// An existing file that is not a report this program wrote is refused.
pub fn save_pdf(path: &Path, bytes: &[u8]) -> Result<(), PrintingError> {
    let (pending, _) = claim_outputs(path, None, None)?;
    pending.write(bytes)?;
    pending.finish()
}

/// Checks the output paths `pdf` (and `csv`) and creates their partial
/// files, nothing before every check has passed: refuses an empty PDF
/// path, one file named twice, and any path [`check_output`] refuses.
fn claim_outputs(
    pdf: &Path,
    csv: Option<&Path>,
    ledger: Option<&Path>,
) -> Result<(Pending, Option<Pending>), PrintingError> {
    if pdf.as_os_str().is_empty() {
        return Err(PrintingError::NoPath);
    }
    if csv.is_some_and(|csv| same_file(csv, pdf)) {
        return Err(PrintingError::SameFile(pdf.display().to_string()));
    }
    for path in std::iter::once(pdf).chain(csv) {
        check_output(path, ledger)?;
    }
    Ok((Pending::create(pdf)?, csv.map(Pending::create).transpose()?))
}

/// Refuses an output path whose writing would destroy something (docs/reports.md,
/// "What an output file may replace"): `path`, or the partial file written
/// beside it, is the ledger at `ledger` or a file the ledger keeps beside
/// itself (compared as the files they are, so a symbolic link, a hard
/// link or another spelling is caught); or `path` is an existing file
/// that is not empty and not a report this program wrote
/// ([`is_our_report`]).
fn check_output(path: &Path, ledger: Option<&Path>) -> Result<(), PrintingError> {
    if let Some(ledger) = ledger {
        let mut kept = crate::ledger::ledger_files(ledger);
        #[cfg(unix)]
        kept.push(crate::print_desk::desk_path(ledger));
        if let Ok(real) = std::fs::canonicalize(ledger) {
            kept.extend(crate::ledger::ledger_files(&real));
            #[cfg(unix)]
            kept.push(crate::print_desk::desk_path(&real));
        }
        let written = [path.to_path_buf(), partial_of(path)];
        if written
            .iter()
            .any(|out| kept.iter().any(|file| same_place(out, file)))
        {
            return Err(PrintingError::LedgerFile {
                path: path.display().to_string(),
                ledger: ledger.display().to_string(),
            });
        }
    }
    match std::fs::metadata(path) {
        Err(_) => Ok(()),
        Ok(found) if found.is_file() && (found.len() == 0 || is_our_report(path)) => Ok(()),
        Ok(_) => Err(PrintingError::NotAReport(path.display().to_string())),
    }
}

/// Whether `a` and `b` name the same file: the same device and inode when
/// both exist (Unix), else the same place once their folders are resolved.
fn same_place(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        use std::os::unix::fs::MetadataExt;
        return (a.dev(), a.ino()) == (b.dev(), b.ino());
    }
    matches!((resolved(a), resolved(b)), (Some(a), Some(b)) if a == b)
}

/// Where `path` leads: the file it names with every link and `..`
/// resolved, or, for a file that does not exist, its folder resolved and
/// its own name kept.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(real) = std::fs::canonicalize(path) {
        return Some(real);
    }
    let absolute = std::path::absolute(path).ok()?;
    let folder = std::fs::canonicalize(absolute.parent()?).ok()?;
    Some(folder.join(absolute.file_name()?))
}

/// Whether the file at `path` is a report this program wrote: a PDF
/// (beginning `%PDF-`) whose document information names this program as
/// its producer ([`producer_mark`](crate::report::producer_mark)), or a
/// CSV whose first line is one of this program's CSV headers
/// ([`CSV_HEADERS`](crate::report::CSV_HEADERS)).
fn is_our_report(path: &Path) -> bool {
    use std::io::{BufRead, BufReader, Read};
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut reader = BufReader::new(file);
    let Ok(start) = reader.fill_buf() else {
        return false;
    };
    if start.starts_with(b"%PDF-") {
        return holds(reader, &crate::report::producer_mark());
    }
    let longest = crate::report::CSV_HEADERS.iter().map(|h| h.len()).max();
    let mut first = Vec::new();
    if (&mut reader)
        .take(longest.unwrap_or(0) as u64 + 2)
        .read_until(b'\n', &mut first)
        .is_err()
    {
        return false;
    }
    let line = first.strip_suffix(b"\n").unwrap_or(&first);
    crate::report::CSV_HEADERS
        .iter()
        .any(|header| header.as_bytes() == line)
}

/// Whether what `reader` reads holds `mark`, read a piece at a time.
fn holds(mut reader: impl std::io::Read, mark: &[u8]) -> bool {
    let mut window: Vec<u8> = Vec::new();
    let mut piece = vec![0; 64 * 1024];
    loop {
        let read = match reader.read(&mut piece) {
            Ok(0) | Err(_) => return false,
            Ok(read) => read,
        };
        window.extend_from_slice(&piece[..read]);
        if window.windows(mark.len()).any(|w| w == mark) {
            return true;
        }
        let keep = window.len().min(mark.len().saturating_sub(1));
        window.drain(..window.len() - keep);
    }
}

/// A report's output files, claimed (their partial files created) before
/// anything is recorded; dropped unsaved, they leave nothing behind.
pub struct ReportFiles {
    pdf: Pending,
    csv: Option<Pending>,
    left_over: Vec<LeftOver>,
}

impl ReportFiles {
    /// Claims `pdf` (and `csv`) for a report of the ledger at `ledger`:
    /// refuses an empty or shared path, one of the ledger's own files, an
    /// existing file that is not a report this program wrote, and one that
    /// cannot be written, before any print is recorded.
    pub fn claim(
        pdf: &Path,
        csv: Option<&Path>,
        ledger: &Path,
    ) -> Result<ReportFiles, PrintingError> {
        let mut paths = vec![pdf];
        paths.extend(csv);
        // Found before this print's own partial files are made.
        let left_over = left_over_beside(&paths);
        let (pdf, csv) = claim_outputs(pdf, csv, Some(ledger))?;
        Ok(ReportFiles {
            pdf,
            csv,
            left_over,
        })
    }

    /// Records the print by `by` and writes the files. `checked` is the
    /// chain as [`check_chain`](crate::ledger::report::check_chain) found
    /// it moments ago (run on another thread, so a window stays
    /// responsive); with `None` the chain is checked now. The files are
    /// written and put in place inside the transaction that records the
    /// print, before it commits: a print number is spent only when its PDF
    /// exists, and a failure or a crash before then spends none.
    pub fn save(
        self,
        ledger: &mut Ledger,
        query: &ReportQuery,
        layout: &Layout,
        checked: Option<Integrity>,
        by: Option<&PinEntry<'_>>,
    ) -> Result<Saved, PrintingError> {
        self.place(layout, |deliver| match checked {
            Some(integrity) => ledger
                .print_checked_report(query, &ParHold, integrity, by, |r| deliver(r).map(drop)),
            None => ledger.print_shift_report(query, &ParHold, by, |r| deliver(r).map(drop)),
        })
    }

    /// Writes the files of the report `record` makes and records: `record`
    /// is given `deliver`, which renders the report, writes both files,
    /// puts them in place and returns the PDF's SHA-256, and calls it
    /// before it commits its record of the print. When `record` fails, the
    /// files it had placed are removed: no file claims a print that was
    /// not recorded.
    pub fn place(
        self,
        layout: &Layout,
        record: impl FnOnce(
            &mut dyn FnMut(&ShiftReport) -> Result<[u8; 32], PrintingError>,
        ) -> Result<ShiftReport, PrintingError>,
    ) -> Result<Saved, PrintingError> {
        let mut placed = false;
        let mut deliver = |report: &ShiftReport| -> Result<[u8; 32], PrintingError> {
            // Both written before either is put in place: a failure leaves neither.
            let pdf = render_pdf(report, layout)?;
            self.pdf.write(&pdf)?;
            if let Some(csv) = &self.csv {
                csv.write(render_csv(report).as_bytes())?;
            }
            placed = true;
            self.pdf.finish()?;
            if let Some(csv) = &self.csv {
                csv.finish()?;
            }
            Ok(Sha256::digest(&pdf).into())
        };
        match record(&mut deliver) {
            Ok(report) => Ok(Saved {
                report,
                pdf: self.pdf.path.clone(),
                csv: self.csv.as_ref().map(|c| c.path.clone()),
                left_over: self.left_over.clone(),
            }),
            Err(error) => {
                // The print was not recorded: no file claims it.
                if placed {
                    let _ = std::fs::remove_file(&self.pdf.path);
                    if let Some(csv) = &self.csv {
                        let _ = std::fs::remove_file(&csv.path);
                    }
                }
                Err(error)
            }
        }
    }
}

/// A default file name for a table's shift report: `shift-report-<table>-<shift>.<extension>`,
/// the table's name kept to letters, digits, `-` and `_`.
pub fn default_file_name(table: &str, shift: ShiftId, extension: &str) -> String {
    let mut name = String::new();
    for c in table.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            name.push(c);
        } else if !name.ends_with('-') {
            name.push('-');
        }
    }
    let name = name.trim_matches('-');
    let name = if name.is_empty() { "table" } else { name };
    format!("shift-report-{name}-{shift}.{extension}")
}

/// Which print command the app uses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum PrintCommand {
    /// [`Printer::system`], looked up at the moment of printing.
    #[default]
    System,
    /// This one, or none at all (tests; a site that prints another way).
    Given(Option<Printer>),
}

impl PrintCommand {
    /// The printer to use now, if there is one.
    pub fn printer(&self) -> Option<Printer> {
        match self {
            PrintCommand::System => Printer::system(),
            PrintCommand::Given(printer) => printer.clone(),
        }
    }
}

/// The system's print command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printer {
    command: PathBuf,
}

impl Printer {
    /// [`PRINT_COMMAND`] on this machine's `PATH`, if there is one.
    pub fn system() -> Option<Printer> {
        Printer::find_in(std::env::var_os("PATH").as_deref())
    }

    /// [`PRINT_COMMAND`] in the directories of `path` (a `PATH` value).
    pub fn find_in(path: Option<&OsStr>) -> Option<Printer> {
        std::env::split_paths(path?)
            .map(|dir| dir.join(PRINT_COMMAND))
            .find(|candidate| is_executable(candidate))
            .map(|command| Printer { command })
    }

    /// A given print command (another spooler, a test's stand-in); it is
    /// called like `lp`: `COMMAND -t TITLE FILE`.
    pub fn at(command: PathBuf) -> Printer {
        Printer { command }
    }

    /// The command's path.
    pub fn command(&self) -> &Path {
        &self.command
    }

    /// Sends the PDF at `pdf` to the printer titled `title`; returns what
    /// the command said (`lp`: the request id). The command gets
    /// [`PRINT_TIMEOUT`] to accept the job.
    pub fn print(&self, pdf: &Path, title: &str) -> Result<String, PrintingError> {
        let pdf = std::path::absolute(pdf).unwrap_or_else(|_| pdf.to_owned());
        let failed = |problem: String| PrintingError::PrintFailed {
            command: self.command.display().to_string(),
            path: pdf.display().to_string(),
            problem,
        };
        let spawn = || {
            Command::new(&self.command)
                .arg("-t")
                .arg(title)
                .arg(&pdf)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
        };
        // A command written a moment ago may still be open for writing in
        // a process another thread is starting ("text file busy"): retry.
        let mut tries = 0;
        let mut child = loop {
            match spawn() {
                Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) && tries < 20 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(25));
                }
                started => break started.map_err(|e| failed(format!("it did not start ({e})")))?,
            }
        };
        let started = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(_)) => break,
                Ok(None) if started.elapsed() < PRINT_TIMEOUT => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Ok(None) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(failed(format!(
                        "it did not answer within {} seconds",
                        PRINT_TIMEOUT.as_secs()
                    )));
                }
                Err(e) => return Err(failed(format!("it could not be watched ({e})"))),
            }
        }
        // It has exited: this reads what it wrote and its status.
        let output = child
            .wait_with_output()
            .map_err(|e| failed(format!("its output could not be read ({e})")))?;
        let said = one_line(&String::from_utf8_lossy(&output.stdout));
        let complaint = one_line(&String::from_utf8_lossy(&output.stderr));
        if output.status.success() {
            Ok(said)
        } else if complaint.is_empty() {
            Err(failed(format!("it exited with {}", output.status)))
        } else {
            Err(failed(complaint))
        }
    }
}

/// A command's output as one line: its lines joined, trailing stops dropped.
fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
        .trim_end_matches('.')
        .to_owned()
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_names_keep_the_table_name_file_safe() {
        assert_eq!(
            default_file_name("T7", ShiftId(3), "pdf"),
            "shift-report-T7-3.pdf"
        );
        assert_eq!(
            default_file_name("table 1 / high limit", ShiftId(12), "csv"),
            "shift-report-table-1-high-limit-12.csv"
        );
        assert_eq!(
            default_file_name("../..", ShiftId(1), "pdf"),
            "shift-report-table-1.pdf"
        );
    }

    #[test]
    fn the_print_command_is_found_only_where_it_is_executable() {
        let dir = std::env::temp_dir().join(format!("pairs-table-lp-{}", std::process::id()));
        let (empty, bin) = (dir.join("empty"), dir.join("bin"));
        std::fs::create_dir_all(&empty).unwrap();
        std::fs::create_dir_all(&bin).unwrap();
        let lp = bin.join(PRINT_COMMAND);
        std::fs::write(&lp, "#!/bin/sh\nexit 0\n").unwrap();
        let path = std::env::join_paths([&empty, &bin]).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&lp, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert_eq!(Printer::find_in(Some(&path)), None, "not executable");
            std::fs::set_permissions(&lp, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        assert_eq!(Printer::find_in(Some(&path)), Some(Printer::at(lp)));
        assert_eq!(Printer::find_in(Some(empty.as_os_str())), None);
        assert_eq!(Printer::find_in(None), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A stand-in for `lp` in a fresh directory: writes its arguments to
    /// `args` beside itself, says `said`, exits with `code`.
    #[cfg(unix)]
    fn fake_lp(name: &str, said: &str, code: i32) -> (Printer, PathBuf) {
        use std::os::unix::fs::PermissionsExt;
        let dir =
            std::env::temp_dir().join(format!("pairs-table-fake-lp-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let args = dir.join("args");
        let script = dir.join(PRINT_COMMAND);
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\necho '{said}' >&{}\nexit {code}\n",
                args.display(),
                if code == 0 { 1 } else { 2 }
            ),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        (Printer::at(script), args)
    }

    #[cfg(unix)]
    #[test]
    fn a_print_hands_the_pdf_and_its_title_to_the_command() {
        let (printer, args) = fake_lp("ok", "request id is office-42 (1 file(s))", 0);
        let said = printer
            .print(
                Path::new("/tmp/shift report.pdf"),
                "Shift report T7 shift 3",
            )
            .unwrap();
        assert_eq!(said, "request id is office-42 (1 file(s))");
        assert_eq!(
            std::fs::read_to_string(&args).unwrap(),
            "-t\nShift report T7 shift 3\n/tmp/shift report.pdf\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_refused_print_is_one_sentence_naming_the_saved_pdf() {
        let (printer, _) = fake_lp("refused", "lp: Error - no default destination.", 1);
        let error = printer
            .print(Path::new("/tmp/report.pdf"), "Shift report")
            .unwrap_err()
            .to_string();
        assert!(
            error.ends_with("could not print /tmp/report.pdf: lp: Error - no default destination"),
            "{error}"
        );
        let missing = Printer::at(PathBuf::from("/nonexistent/lp"))
            .print(Path::new("/tmp/report.pdf"), "Shift report")
            .unwrap_err()
            .to_string();
        assert!(missing.contains("it did not start"), "{missing}");
    }

    #[test]
    fn output_becomes_one_line() {
        assert_eq!(
            one_line("request id is office-42 (1 file(s))\n"),
            "request id is office-42 (1 file(s))"
        );
        assert_eq!(
            one_line("lp: Error - no default destination.\n\n"),
            "lp: Error - no default destination"
        );
    }
}
