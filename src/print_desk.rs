//! Printing a shift report from the command line while the app writes
//! the ledger (docs/reports.md, "Printing while the app runs"). A ledger
//! has one writer; `report shift` only reads it, so the print is done by
//! the writer: the app keeps a Unix socket beside the ledger, `FILE.print`
//! (owner only), where the command sends one request (a JSON line) and
//! reads one answer. The app checks the chain off its window's thread,
//! then confirms the pit boss's PIN (a wrong one counts towards a lockout
//! as anywhere), records the print and writes the files, exactly as its
//! own Shift report tab does. The request and answer are a contract.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::ids::{ShiftId, StaffId};
use crate::ledger::report::{Integrity, Period, ReportQuery, check_chain};
use crate::ledger::{Ledger, PinEntry, VerifyOptions};
use crate::printing::{Printed, ReportFiles, Saved};
use crate::report::{Layout, PageSize};

/// The longest request read (a request is a few hundred bytes).
const MOST_REQUEST_BYTES: u64 = 64 * 1024;
/// How long a connection may take to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the command waits for the app's answer: the chain check of a
/// long ledger takes seconds, and the window must draw a frame.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(300);

/// A print asked of the app (one JSON line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintRequest {
    /// The table's name or id; null: the ledger's only table.
    pub table: Option<String>,
    /// The shift's id; null with `from` and `to` null: the table's latest.
    pub shift: Option<i64>,
    /// The period's start (RFC 3339), with `to`.
    pub from: Option<DateTime<Utc>>,
    /// The period's end (exclusive), with `from`.
    pub to: Option<DateTime<Utc>>,
    /// The casino name to print; null: the table setting.
    pub casino: Option<String>,
    /// `letter` or `a4`; null: the layout's.
    pub page: Option<String>,
    /// Where the app writes the PDF (an absolute path).
    pub pdf: PathBuf,
    /// Where it writes the CSV, if anywhere (an absolute path).
    pub csv: Option<PathBuf>,
    /// The pit boss who prints.
    pub by: u32,
    /// Their PIN, confirmed by the app.
    pub pin: String,
}

/// The app's answer (one JSON line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case", deny_unknown_fields)]
pub enum PrintAnswer {
    /// Recorded, and the files written.
    Printed(Printed),
    /// Refused: nothing recorded, no file written.
    Refused {
        /// Why, as one sentence.
        error: String,
    },
}

/// Why a print could not be asked of the app.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    /// No app takes requests for this ledger.
    #[error("the program writing it takes no print requests ({0})")]
    NoDesk(String),
    /// The app did not answer in time, or the line broke.
    #[error("the app did not answer the print request: {0}")]
    NoAnswer(String),
}

/// The socket beside the ledger at `ledger`.
pub fn desk_path(ledger: &Path) -> PathBuf {
    PathBuf::from(format!("{}.print", ledger.display()))
}

/// Asks the app writing the ledger at `ledger` to print `request`, and
/// waits for its answer.
pub fn ask(ledger: &Path, request: &PrintRequest) -> Result<PrintAnswer, DeskError> {
    let path = desk_path(ledger);
    let mut stream = UnixStream::connect(&path)
        .map_err(|e| DeskError::NoDesk(format!("{}: {e}", path.display())))?;
    let no_answer = |e: std::io::Error| DeskError::NoAnswer(e.to_string());
    stream
        .set_read_timeout(Some(ANSWER_TIMEOUT))
        .map_err(no_answer)?;
    let mut line =
        serde_json::to_string(request).map_err(|e| DeskError::NoAnswer(e.to_string()))?;
    line.push('\n');
    stream.write_all(line.as_bytes()).map_err(no_answer)?;
    let mut answer = String::new();
    BufReader::new(stream.take(MOST_REQUEST_BYTES))
        .read_line(&mut answer)
        .map_err(no_answer)?;
    if answer.is_empty() {
        return Err(DeskError::NoAnswer(
            "the app closed the connection without answering".into(),
        ));
    }
    serde_json::from_str(&answer)
        .map_err(|e| DeskError::NoAnswer(format!("an answer it could not read ({e})")))
}

/// A request received, its chain check done, waiting for the writer.
struct Call {
    request: PrintRequest,
    checked: Result<Integrity, String>,
    answer: Sender<PrintAnswer>,
}

/// The app's side: the socket, listened on by a thread of its own, and the
/// requests waiting for the writer ([`PrintDesk::serve`], called on the
/// thread that owns the ledger). The socket is removed when dropped.
pub struct PrintDesk {
    path: PathBuf,
    calls: Receiver<Call>,
}

impl PrintDesk {
    /// Opens the desk beside the ledger this process writes (a socket left
    /// by a writer that stopped is replaced). `wake` is called when a
    /// request is ready to serve.
    pub fn open(
        ledger: &Ledger,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<PrintDesk> {
        let path = desk_path(ledger.path());
        // Only the ledger's writer gets here: a socket already there was
        // left by one that stopped.
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        let listener = UnixListener::bind(&path)?;
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
        let (calls, receiver) = channel();
        let ledger_path = ledger.path().to_path_buf();
        let options = ledger.verify_options();
        let wake = std::sync::Arc::new(wake);
        std::thread::Builder::new()
            .name("print desk".into())
            .spawn(move || {
                for stream in listener.incoming().flatten() {
                    let (calls, ledger_path, options, wake) = (
                        calls.clone(),
                        ledger_path.clone(),
                        options.clone(),
                        wake.clone(),
                    );
                    let _ = std::thread::Builder::new()
                        .name("print request".into())
                        .spawn(move || {
                            take_call(stream, &ledger_path, &options, &calls, &*wake);
                        });
                }
            })?;
        Ok(PrintDesk {
            path,
            calls: receiver,
        })
    }

    /// Serves every request waiting: records each print in `ledger` and
    /// writes its files, and answers.
    pub fn serve(&self, ledger: &mut Ledger) {
        while let Ok(call) = self.calls.try_recv() {
            let answer = match call.checked {
                Ok(integrity) => match print(ledger, &call.request, integrity) {
                    Ok(saved) => PrintAnswer::Printed(Printed::of(&saved)),
                    Err(error) => PrintAnswer::Refused { error },
                },
                Err(error) => PrintAnswer::Refused { error },
            };
            let _ = call.answer.send(answer);
        }
    }
}

impl Drop for PrintDesk {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Reads one request from `stream`, checks the chain, hands it to the
/// writer and writes its answer back.
fn take_call(
    stream: UnixStream,
    ledger: &Path,
    options: &VerifyOptions,
    calls: &Sender<Call>,
    wake: &(dyn Fn() + Send + Sync),
) {
    let Ok(mut writer) = stream.try_clone() else {
        return;
    };
    let refuse = |writer: &mut UnixStream, error: String| {
        write_answer(writer, &PrintAnswer::Refused { error });
    };
    if stream.set_read_timeout(Some(REQUEST_TIMEOUT)).is_err() {
        return;
    }
    let mut line = String::new();
    if let Err(e) = BufReader::new(stream.take(MOST_REQUEST_BYTES)).read_line(&mut line) {
        return refuse(&mut writer, format!("the request could not be read: {e}"));
    }
    let request: PrintRequest = match serde_json::from_str(&line) {
        Ok(request) => request,
        Err(e) => {
            return refuse(
                &mut writer,
                format!("the request is not a print request: {e}"),
            );
        }
    };
    let checked = check_chain(ledger, options).map_err(|e| e.to_string());
    let (answer, answered) = channel();
    if calls
        .send(Call {
            request,
            checked,
            answer,
        })
        .is_err()
    {
        return refuse(&mut writer, "the app is closing".into());
    }
    wake();
    match answered.recv_timeout(ANSWER_TIMEOUT) {
        Ok(answer) => write_answer(&mut writer, &answer),
        Err(_) => refuse(
            &mut writer,
            "the app did not take the request in time".into(),
        ),
    }
}

fn write_answer(stream: &mut UnixStream, answer: &PrintAnswer) {
    if let Ok(mut line) = serde_json::to_string(answer) {
        line.push('\n');
        let _ = stream.write_all(line.as_bytes());
    }
}

/// The print, as the app's own Shift report tab makes it.
fn print(
    ledger: &mut Ledger,
    request: &PrintRequest,
    integrity: Integrity,
) -> Result<Saved, String> {
    let period = match (request.from, request.to, request.shift) {
        (Some(from), Some(to), None) => Period::Range { from, to },
        (None, None, Some(shift)) => Period::Shift(ShiftId(shift)),
        (None, None, None) => Period::LatestShift,
        _ => {
            return Err(
                "a print request names a shift, or a period with both from and to, not both".into(),
            );
        }
    };
    let mut layout = Layout::standard().map_err(|e| e.to_string())?;
    match request.page.as_deref() {
        None => {}
        Some("letter") => layout.page = PageSize::Letter,
        Some("a4") => layout.page = PageSize::A4,
        Some(other) => return Err(format!("unknown paper size {other:?}: letter or a4")),
    }
    if !request.pdf.is_absolute() || request.csv.as_ref().is_some_and(|c| !c.is_absolute()) {
        return Err("a print request's file paths must be absolute".into());
    }
    let query = ReportQuery {
        table: request.table.clone(),
        period,
        casino: request.casino.clone(),
    };
    let by = PinEntry {
        staff: StaffId(request.by),
        pin: &request.pin,
    };
    ReportFiles::claim(&request.pdf, request.csv.as_deref(), ledger.path())
        .and_then(|files| files.save(ledger, &query, &layout, Some(integrity), Some(&by)))
        .map_err(|e| e.to_string())
}
