//! `report shift`: a shift's report as PDF and CSV, from the ledger.

use std::path::{Path, PathBuf};

use clap::{Subcommand, ValueEnum};

use super::{
    layout_for, ledger_path, note, parse_time, print_line, read_pin, shown, station_keys,
    warn_about,
};
use chrono::{DateTime, Utc};

use crate::ids::{ShiftId, StaffId};
use crate::ledger::{Ledger, PinEntry, SystemClock};
use crate::printing::Printed;
use crate::report::counted;

/// The `report` subcommands.
#[derive(Subcommand, Debug)]
pub enum ReportCommand {
    /// Print a shift report: a PDF, and the same figures as CSV.
    ///
    /// Covers one shift (--shift; default: the table's latest) or the hands
    /// started from --from to --to (RFC 3339 times). Every print is recorded
    /// in the ledger; a second print of the same table and period is stamped
    /// REPRINT. See docs/reports.md.
    Shift(ShiftReportArgs),
    /// Print the game-protection report: bets against the edge, decisions
    /// against the best play for the cards left at the bet, early shuffles and deep
    /// cut cards, for the Rocket hands started from --from to --to.
    ///
    /// Reads the ledger read-only (the app may have it open). See
    /// docs/game-protection.md.
    Protection(ProtectionReportArgs),
}

/// Arguments of `report protection`.
#[derive(clap::Args, Debug)]
pub struct ProtectionReportArgs {
    /// The ledger file (default: the platform data directory).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Hands started from this time (RFC 3339; default: the first).
    #[arg(long, value_name = "TIME")]
    pub from: Option<String>,
    /// ... up to this time, exclusive (default: now).
    #[arg(long, value_name = "TIME")]
    pub to: Option<String>,
    /// Where to write the PDF.
    #[arg(long, value_name = "FILE.pdf")]
    pub out: PathBuf,
    /// Also write the figures as CSV here.
    #[arg(long, value_name = "FILE.csv")]
    pub csv: Option<PathBuf>,
    /// The one-sided significance level a seat's bet–edge correlation
    /// must beat to be flagged.
    #[arg(long, default_value_t = crate::protection::FlagSettings::default().significance)]
    pub significance: f64,
    /// The fewest hands with an edge before a seat or player is flagged.
    #[arg(long, default_value_t = crate::protection::FlagSettings::default().minimum_hands)]
    pub minimum_hands: u64,
    /// Flag by the house's thresholds kept on this floor (`floor
    /// protection`) instead of --significance and --minimum-hands.
    #[arg(long, value_name = "URL", value_parser = crate::floor::command::floor_target,
          conflicts_with_all = ["significance", "minimum_hands"])]
    pub floor: Option<String>,
    /// Work every hand's figures out again from its cards instead of
    /// reading those the station recorded with it (slower; the same
    /// figures, unless the record is wrong).
    #[arg(long)]
    pub recompute: bool,
}

pub(super) fn report_protection(args: &ProtectionReportArgs) -> anyhow::Result<()> {
    let period = crate::rating::Period {
        from: args.from.as_deref().map(parse_time).transpose()?,
        to: args.to.as_deref().map(parse_time).transpose()?,
    };
    if let (Some(from), Some(to)) = (period.from, period.to)
        && to <= from
    {
        anyhow::bail!("--to must be later than --from");
    }
    let settings = match &args.floor {
        Some(floor) => crate::floor::protection::flag_settings(floor)?,
        None => crate::protection::FlagSettings::new(args.significance, args.minimum_hands)?,
    };
    let path = ledger_path(args.db.clone())?;
    let ledger = Ledger::open_read_only(&path, Box::new(SystemClock), false)?;
    let report = crate::printing::save_protection_report(
        &ledger,
        period,
        (
            settings,
            if args.recompute {
                crate::protection::FiguresFrom::Cards
            } else {
                crate::protection::FiguresFrom::Recorded
            },
        ),
        (&args.out, args.csv.as_deref()),
    )?;
    let seats: usize = report.tables.iter().map(|t| t.seats.len()).sum();
    let flagged = report.flagged();
    print_line(&format!(
        "printed {}: {}, {}, {}, {flagged} flagged",
        args.out.display(),
        counted(report.tables.len() as u64, "table", "tables"),
        counted(seats as u64, "seat", "seats"),
        counted(report.players.len() as u64, "rated player", "rated players"),
    ))
}

/// Arguments of `report shift`.
#[derive(clap::Args, Debug)]
pub struct ShiftReportArgs {
    /// The ledger file (default: the platform data directory).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// The table's name or id (default: the ledger's only table).
    #[arg(long)]
    pub table: Option<String>,
    /// The shift id (default: the table's latest shift).
    #[arg(long, conflicts_with_all = ["from", "to"])]
    pub shift: Option<i64>,
    /// Report the hands started from this time (RFC 3339, e.g. 2025-01-02T18:00:00Z).
    #[arg(long, value_name = "TIME", requires = "to")]
    pub from: Option<String>,
    /// ... up to this time (exclusive).
    #[arg(long, value_name = "TIME", requires = "from")]
    pub to: Option<String>,
    /// Where to write the PDF.
    #[arg(long, value_name = "FILE.pdf")]
    pub out: PathBuf,
    /// Also write the figures as CSV here.
    #[arg(long, value_name = "FILE.csv")]
    pub csv: Option<PathBuf>,
    /// The casino name to print (default: the table setting `casino_name`).
    #[arg(long)]
    pub casino: Option<String>,
    /// The paper size (default: the layout's, US Letter).
    #[arg(long, value_enum)]
    pub page: Option<PageArg>,
    /// Also send the PDF to the system's print command (`lp` on PATH).
    #[arg(long)]
    pub print: bool,
    /// The staff ID of the pit boss who prints; their PIN is asked on the
    /// terminal (read from standard input when it is not a terminal).
    #[arg(long, value_name = "ID")]
    pub by: Option<u32>,
}

/// A paper size named on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PageArg {
    /// US Letter.
    Letter,
    /// ISO A4.
    A4,
}

pub(super) fn report_shift(args: &ShiftReportArgs, key: Option<&Path>) -> anyhow::Result<()> {
    use crate::ledger::report::{Period, ReportQuery};
    let from = args.from.as_deref().map(parse_time).transpose()?;
    let to = args.to.as_deref().map(parse_time).transpose()?;
    let period = match (from, to, args.shift) {
        (Some(from), Some(to), _) => Period::Range { from, to },
        (_, _, Some(shift)) => Period::Shift(ShiftId(shift)),
        _ => Period::LatestShift,
    };
    let layout = layout_for(args.page)?;
    let path = ledger_path(args.db.clone())?;
    let mut ledger = match Ledger::open_existing(&path, Box::new(SystemClock), station_keys(key)?) {
        Ok(ledger) => ledger,
        #[cfg(unix)]
        Err(in_use @ crate::ledger::LedgerError::InUse { .. }) => {
            // Why the app could not be asked follows why it is asked; the
            // app's own answer stands alone (a wrong PIN is a wrong PIN).
            let answer = print_through_the_app(args, &path, (from, to))
                .map_err(|why| anyhow::anyhow!("{in_use}; {why}"))?;
            let printed = answer.map_err(|error| {
                anyhow::anyhow!("the app writing it refused the print: {error}")
            })?;
            return finish(args, printed);
        }
        Err(error) => return Err(error.into()),
    };
    warn_about(&ledger);
    let query = ReportQuery {
        table: args.table.clone(),
        period,
        casino: args.casino.clone(),
    };
    let pin = args.by.map(read_pin).transpose()?;
    let by = args.by.zip(pin.as_deref()).map(|(staff, pin)| PinEntry {
        staff: StaffId(staff),
        pin,
    });
    let saved = crate::printing::save_report(
        &mut ledger,
        &query,
        &layout,
        (&args.out, args.csv.as_deref()),
        by.as_ref(),
    )?;
    finish(args, Printed::of(&saved))
}

/// Asks the app that writes the ledger at `path` to print the report
/// (docs/reports.md, "Printing while the app runs"): the pit boss's PIN
/// goes with the request; the app records the print and writes the files.
/// The error is why the app could not be asked; `Ok(Err(…))` is the app's
/// refusal, one sentence.
#[cfg(unix)]
fn print_through_the_app(
    args: &ShiftReportArgs,
    path: &Path,
    (from, to): (Option<DateTime<Utc>>, Option<DateTime<Utc>>),
) -> anyhow::Result<Result<Printed, String>> {
    use crate::print_desk::{PrintAnswer, PrintRequest, ask};
    let absolute = |file: &Path| {
        std::path::absolute(file)
            .map_err(|e| anyhow::anyhow!("cannot resolve {}: {e}", file.display()))
    };
    let Some(by) = args.by else {
        anyhow::bail!("a print through the app is by a pit boss: give --by and their PIN");
    };
    let request = PrintRequest {
        table: args.table.clone(),
        shift: args.shift,
        from,
        to,
        casino: args.casino.clone(),
        page: args.page.map(|page| match page {
            PageArg::Letter => "letter".to_owned(),
            PageArg::A4 => "a4".to_owned(),
        }),
        pdf: absolute(&args.out)?,
        csv: args.csv.as_deref().map(absolute).transpose()?,
        by,
        pin: read_pin(by)?,
    };
    Ok(match ask(path, &request)? {
        PrintAnswer::Printed(printed) => Ok(printed),
        PrintAnswer::Refused { error } => Err(error),
    })
}

/// Names left-over partial files, sends the PDF to the printer if asked,
/// and prints the one line that says what was printed.
fn finish(args: &ShiftReportArgs, report: Printed) -> anyhow::Result<()> {
    for left in &report.left_over {
        note(&format!("pairs-table: {}", shown(left)));
    }
    let printed = if args.print {
        let printer = crate::printing::Printer::system().ok_or_else(|| {
            crate::printing::PrintingError::NoPrinter(args.out.display().to_string())
        })?;
        let title = format!("Shift report, table {}", report.table);
        format!(
            "; sent to the printer ({})",
            printer.print(&args.out, &title)?
        )
    } else {
        String::new()
    };
    print_line(&format!(
        "printed {}: print {}{}, {} hands, ledger rows {}, head {}, chain check {}{printed}",
        args.out.display(),
        report.print,
        if report.interim {
            " (INTERIM: the shift is open)"
        } else if report.reprint {
            " (REPRINT)"
        } else {
            ""
        },
        report.hands,
        report.rows,
        report.head,
        if report.discrepancies == 0 {
            "passed".to_owned()
        } else {
            format!("FAILED with {} discrepancies", report.discrepancies)
        }
    ))
}
