//! A table's shift report printed at the pit (docs/floor.md, "Printing at
//! the pit"): gathered from the floor's verified copy of the station's
//! chain (a replica), its chain checked against the station's enrolled
//! key, numbered among the floor's copies of that shift and recorded in
//! `floor.report_prints` with the PDF's SHA-256, in one transaction that
//! commits only once the files are in place. The station's own ledger is
//! never written: its prints stay numbered apart.

use std::path::Path;

use chrono::{DateTime, Utc};
use postgres::Client;

use super::{FloorError, connect, replicate_on};
use crate::access::Role;
use crate::ids::{ShiftId, StaffId};
use crate::keys::PublicKey;
use crate::ledger::report::{FloorCopy, Period, PrintStamp, ReportQuery, StaffRef, check_chain};
use crate::ledger::{KeyPin, Ledger, SystemClock, VerifyOptions};
use crate::printing::{PrintingError, ReportFiles, Saved};
use crate::report::Layout;

/// A copy of a table's shift report to print at the pit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PitPrint {
    /// The station whose table it is, as enrolled.
    pub station: String,
    /// The shift (`None`: the station's newest shift).
    pub shift: Option<ShiftId>,
    /// The pit boss who prints it, by their staff ID at that station.
    pub by: StaffId,
}

/// A floor copy as `floor.report_prints` records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedPrint {
    /// The station.
    pub station: String,
    /// The table's id in the station's ledger.
    pub table_id: i64,
    /// The shift.
    pub shift_id: i64,
    /// Its number among the floor's copies of that shift.
    pub copy: i32,
    /// Printed while the shift was open.
    pub shift_open: bool,
    /// The station's row it was made through (its verified head then).
    pub through_seq: i64,
    /// Who printed it: staff ID and name, as named at the pit.
    pub printed_by: StaffRef,
    /// The PDF's SHA-256, in hex.
    pub pdf_sha256: String,
    /// When, by the floor's clock.
    pub printed_at: DateTime<Utc>,
    /// The floor role that printed it (the pit's, or an owner's).
    pub printed_from: String,
}

/// A failure talking to the floor, as a printing error.
fn floor(error: impl Into<FloorError>) -> PrintingError {
    PrintingError::Floor(error.into().to_string())
}

/// Prints `print` from the floor at `url` into `pdf` (and `csv`): brings
/// the station's replica in `dir` up to its verified head, checks its chain
/// against the station's enrolled key, checks that the printer is a pit
/// boss there, and records the copy on the floor once its files are in
/// place (a copy number is spent only on a PDF that exists).
pub fn print_at_pit(
    url: &str,
    dir: &Path,
    print: &PitPrint,
    (pdf, csv): (&Path, Option<&Path>),
    layout: &Layout,
) -> Result<Saved, PrintingError> {
    let mut client = connect(url).map_err(floor)?;
    let key = enrolled_key(&mut client, &print.station).map_err(floor)?;
    let replicas = replicate_on(&mut client, dir, Some(std::slice::from_ref(&print.station)))
        .map_err(floor)?;
    if let Some(why) = replicas.unreadable_for(&print.station) {
        return Err(PrintingError::Floor(format!(
            "station {}'s chain on the floor cannot be read: {why}",
            print.station
        )));
    }
    let replica = replicas.ready_for(&print.station).ok_or_else(|| {
        PrintingError::Floor(format!(
            "station {} has nothing verified on the floor yet, so there is no report to print",
            print.station
        ))
    })?;
    let files = ReportFiles::claim(pdf, csv, replica)?;
    let ledger = Ledger::open_read_only(replica, Box::new(SystemClock), false)?;
    let printed_by = pit_boss(&ledger, &print.station, print.by)?;
    let query = shift_query(&ledger, &print.station, print.shift)?;
    let integrity = check_chain(
        replica,
        &VerifyOptions {
            station_key: Some(KeyPin::Key(key)),
            ..VerifyOptions::default()
        },
    )?;
    let station = print.station.clone();
    files.place(layout, |deliver| {
        let mut tx = client.transaction().map_err(floor)?;
        let report = ledger.copy_report(&query, &crate::par::hold::ParHold, integrity, |of| {
            let row = tx
                .query_one(
                    "SELECT copy, to_char(printed_at AT TIME ZONE 'UTC', \
                            'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') \
                       FROM floor.next_report_copy($1, $2, $3)",
                    &[&station, &of.table.0, &of.shift.0],
                )
                .map_err(floor)?;
            Ok::<_, PrintingError>(PrintStamp {
                number: i64::from(row.get::<_, i32>(0)),
                interim: of.open,
                printed_at: floor_time(&row.get::<_, String>(1)).map_err(PrintingError::Floor)?,
                first_printed_at: None,
                printed_by: Some(printed_by.clone()),
                floor_copy: Some(FloorCopy {
                    station: station.clone(),
                }),
            })
        })?;
        let sha = deliver(&report)?;
        let (table, shift) = (report.header.table_id.0, report.header.shift.map(|s| s.0));
        tx.execute(
            "SELECT floor.record_report_print($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            &[
                &station,
                &table,
                &shift.unwrap_or_default(),
                &(report.print.number as i32),
                &report.print.interim,
                &report.integrity.head.rows,
                &report.integrity.head.hash.to_vec(),
                &i64::from(printed_by.id),
                &printed_by.name,
                &sha.to_vec(),
            ],
        )
        .map_err(floor)?;
        tx.commit().map_err(floor)?;
        Ok(report)
    })
}

/// The key the floor has enrolled for `station`, which its chain must be
/// signed by.
fn enrolled_key(client: &mut Client, station: &str) -> Result<PublicKey, FloorError> {
    let row = client
        .query_opt(
            "SELECT public_key FROM floor.stations WHERE station = $1",
            &[&station],
        )?
        .ok_or_else(|| {
            FloorError::Refused(format!("there is no station {station:?} on the floor"))
        })?;
    row.get::<_, Option<Vec<u8>>>(0)
        .and_then(|key| PublicKey::try_from(key.as_slice()).ok())
        .ok_or_else(|| {
            FloorError::Refused(format!(
                "station {station} has no key enrolled on the floor, so nothing of its counts and no report of it is printed"
            ))
        })
}

/// The pit boss `by` at `station`, named as its chain names them; refused
/// for staff who are not a pit boss there.
fn pit_boss(ledger: &Ledger, station: &str, by: StaffId) -> Result<StaffRef, PrintingError> {
    let staff = ledger.staff_list()?;
    let Some(member) = staff.into_iter().find(|m| m.id == by) else {
        return Err(PrintingError::Floor(format!(
            "station {station} has no staff member {by}: a floor copy is printed by one of its pit bosses"
        )));
    };
    if member.role != Role::PitBoss {
        return Err(PrintingError::Floor(format!(
            "{} ({by}) is not a pit boss at station {station}: a floor copy is printed by one of its pit bosses",
            member.name
        )));
    }
    Ok(StaffRef {
        id: member.id,
        name: member.name,
    })
}

/// The query for `shift` of the station's ledger (its newest with `None`).
fn shift_query(
    ledger: &Ledger,
    station: &str,
    shift: Option<ShiftId>,
) -> Result<ReportQuery, PrintingError> {
    let shifts = ledger.shifts()?;
    let span = match shift {
        Some(wanted) => shifts.iter().find(|s| s.id == wanted).ok_or_else(|| {
            PrintingError::Floor(format!(
                "station {station} has no shift {wanted} verified on the floor"
            ))
        })?,
        None => shifts.first().ok_or_else(|| {
            PrintingError::Floor(format!(
                "station {station} has opened no shift the floor has verified, so there is no report to print"
            ))
        })?,
    };
    Ok(ReportQuery {
        table: Some(span.table.0.to_string()),
        period: Period::Shift(span.id),
        casino: None,
    })
}

/// A time as the floor's `to_char` writes it, or why it is not one.
fn floor_time(text: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| format!("the floor gave the time {text:?}: {e}"))
}

/// Every floor copy recorded on the floor at `url` (of `station` only, if
/// given), oldest first.
pub fn recorded_prints(url: &str, station: Option<&str>) -> Result<Vec<RecordedPrint>, FloorError> {
    let mut client = connect(url)?;
    let rows = client.query(
        "SELECT station, table_id, shift_id, copy, shift_open, through_seq, printed_by, \
                printed_by_name, encode(pdf_sha256, 'hex'), \
                to_char(printed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), \
                printed_from \
           FROM floor.report_prints WHERE $1::text IS NULL OR station = $1 \
          ORDER BY printed_at, station, table_id, shift_id, copy",
        &[&station],
    )?;
    rows.into_iter()
        .map(|r| {
            let at: String = r.get(9);
            Ok(RecordedPrint {
                station: r.get(0),
                table_id: r.get(1),
                shift_id: r.get(2),
                copy: r.get(3),
                shift_open: r.get(4),
                through_seq: r.get(5),
                printed_by: StaffRef {
                    id: u32::try_from(r.get::<_, i64>(6))
                        .map(StaffId)
                        .map_err(|_| {
                            FloorError::Refused("a floor copy names a staff ID out of range".into())
                        })?,
                    name: r.get(7),
                },
                pdf_sha256: r.get(8),
                printed_at: floor_time(&at).map_err(FloorError::Refused)?,
                printed_from: r.get(10),
            })
        })
        .collect()
}
