//! The verifier's check of each station's game-protection figures
//! (docs/game-protection.md, "Checked on the floor"), on a thread and a
//! connection of its own beside the signature checks: every verified
//! Rocket hand's recorded figures worked out again from its cards, a floor
//! alarm (cause `figures`) for each hand whose figures its cards do not
//! give, as for a forged row.

use std::collections::{BTreeSet, HashMap};

use postgres::Client;

use super::replica::replicate_on;
use super::{FloorError, connect};
use crate::figures::FigureAudit;
use crate::ledger::{Ledger, SystemClock};

/// The most hands of one station checked in one pass.
const HANDS_A_PASS: u32 = 100;

/// After this long checking figures in a pass, the stations left wait for
/// the next, so a floor catching up does not hold back the verifier's
/// signature checks or its check-in.
const TIME_A_PASS: std::time::Duration = std::time::Duration::from_secs(1);

/// Each station's replica and how far its figures are checked.
pub(super) struct FigureChecker {
    dir: tempfile::TempDir,
    audits: HashMap<String, FigureAudit>,
    /// Stations with verified hands not yet checked.
    behind: BTreeSet<String>,
}

impl FigureChecker {
    /// A checker with its replicas in a private temporary directory.
    pub(super) fn new() -> Result<FigureChecker, FloorError> {
        let dir = tempfile::Builder::new()
            .prefix("pairs-table-figures-")
            .tempdir()
            .map_err(|e| {
                FloorError::Refused(format!("cannot make the verifier's replica directory: {e}"))
            })?;
        Ok(FigureChecker {
            dir,
            audits: HashMap::new(),
            behind: BTreeSet::new(),
        })
    }

    /// Whether some station had verified hands left unchecked after the
    /// last pass.
    pub(super) fn behind(&self) -> bool {
        !self.behind.is_empty()
    }

    /// Brings every station's replica up to its verified head and checks
    /// up to [`HANDS_A_PASS`] new hands of each (for about [`TIME_A_PASS`]
    /// in all; the stations left wait for the next pass), raising an alarm
    /// at the station for each hand whose figures its cards do not give.
    /// Returns how many hands' figures were checked. A station whose
    /// replica cannot be read or checked gets a `figures` alarm saying why
    /// (tried again each pass, the alarm counted as a repeat).
    pub(super) fn check(&mut self, client: &mut Client) -> Result<u64, FloorError> {
        let replicas = replicate_on(client, self.dir.path(), None)?;
        let mut checked = 0;
        let started = std::time::Instant::now();
        for (station, path) in &replicas.ready {
            if started.elapsed() >= TIME_A_PASS {
                self.behind.insert(station.clone());
                continue;
            }
            let audit = self.audits.entry(station.clone()).or_default();
            let before = audit.checked;
            let read = Ledger::open_read_only(path, Box::new(SystemClock), false)
                .and_then(|ledger| Ok((audit.check(&ledger, HANDS_A_PASS)?, ledger)));
            let (mismatches, ledger) = match read {
                Ok(read) => read,
                // Said at the station, not dropped: nobody would know the
                // check had stopped. Tried again next pass.
                Err(error) => {
                    client.execute(
                        "SELECT floor.raise_alarm($1, 'figures', $2)",
                        &[
                            station,
                            &format!("its game-protection figures could not be checked: {error}"),
                        ],
                    )?;
                    continue;
                }
            };
            checked += audit.checked - before;
            for mismatch in mismatches {
                client.execute(
                    "SELECT floor.raise_alarm($1, 'figures', $2)",
                    &[station, &mismatch.to_string()],
                )?;
            }
            if audit.behind(&ledger).unwrap_or(false) {
                self.behind.insert(station.clone());
            } else {
                self.behind.remove(station);
            }
        }
        Ok(checked)
    }
}

/// Checks every station's figures on the floor at `url` (an owner's URL)
/// until `stopped` says so: a pass as soon as the last one ends while hands
/// are left to check, else once a second. A connection lost is retried
/// every second; a pass that fails is tried again on a new connection.
pub(super) fn check_until(url: &str, stopped: &dyn Fn() -> bool) {
    let Ok(mut checker) = FigureChecker::new() else {
        return;
    };
    let pause = |stopped: &dyn Fn() -> bool| {
        for _ in 0..10 {
            if stopped() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    };
    while !stopped() {
        let Ok(mut client) = connect(url) else {
            pause(stopped);
            continue;
        };
        while !stopped() {
            match checker.check(&mut client) {
                Ok(_) if checker.behind() => {}
                Ok(_) => pause(stopped),
                Err(_) => {
                    pause(stopped);
                    break;
                }
            }
        }
    }
}
