//! The start-up checks (REGULATORY.md: program integrity is checked at
//! start-up; a fault stops play, is logged and stays shown until cleared):
//! the running program's fingerprint, compared with the one that last
//! started at this ledger and with the casino's list of approved programs,
//! and the whole chain check. Both read files for
//! seconds on a long ledger, so [`run_startup_checks`] runs off the
//! window's thread; [`Station::record_start_up`] then records the start and
//! raises an alarm for each finding, which stops play until a pit boss
//! clears it.

use std::io::Read;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::{Notice, Station, StationError};
use crate::ids::HandId;
use crate::ledger::AlarmKind;
use crate::ledger::ProgramStart;
use crate::ledger::VerifyOptions;
use crate::ledger::report::{Integrity, check_chain};

/// A program: its version and the SHA-256 of its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramFingerprint {
    /// The package version it was built from.
    pub version: String,
    /// The SHA-256 of the program file.
    pub sha256: [u8; 32],
}

impl ProgramFingerprint {
    /// This program: its version and the SHA-256 of the file it runs from.
    pub fn of_running_program() -> Result<ProgramFingerprint, String> {
        let path = std::env::current_exe()
            .map_err(|e| format!("the program's own file cannot be found: {e}"))?;
        ProgramFingerprint::of_file(&path)
    }

    /// The program in the file at `path` (this build's version).
    pub fn of_file(path: &Path) -> Result<ProgramFingerprint, String> {
        let unreadable = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
        let mut file = std::fs::File::open(path).map_err(unreadable)?;
        let mut hasher = Sha256::new();
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            match file.read(&mut buffer).map_err(unreadable)? {
                0 => break,
                n => hasher.update(&buffer[..n]),
            }
        }
        Ok(ProgramFingerprint {
            version: env!("CARGO_PKG_VERSION").to_owned(),
            sha256: hasher.finalize().into(),
        })
    }
}

/// Which program the start-up check fingerprints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramSource {
    /// The running program's own file.
    RunningProgram,
    /// This fingerprint (tests).
    Given(ProgramFingerprint),
}

/// The whole chain check the start-up checks run, as the pit boss's Audit
/// tab shows it: while it runs, a second whole check would only halve the
/// speed of both on a two-core station, so the tab waits for this one.
#[derive(Debug, Clone, Default)]
pub enum StartupChainCheck {
    /// Not started (the checks were not asked for).
    #[default]
    NotRun,
    /// Under way on its own thread.
    Running,
    /// Ended: when its findings were recorded, and what it found or why it
    /// could not run.
    Done {
        /// When the findings were recorded (the station's clock).
        at: chrono::DateTime<chrono::Utc>,
        /// The chain as checked, or why the check could not run.
        chain: Result<Integrity, String>,
    },
}

/// What the start-up checks found, for [`Station::record_start_up`].
#[derive(Debug, Clone)]
pub struct StartupFindings {
    /// The program that started, or why its file could not be read.
    pub program: Result<ProgramFingerprint, String>,
    /// The whole chain as checked, or why the check could not run.
    pub chain: Result<Integrity, String>,
}

/// Fingerprints the program and checks the whole chain of the ledger file
/// at `ledger`. Reads files only (the chain on its own read-only
/// connection), so it may run on any thread while the station plays.
pub fn run_startup_checks(
    ledger: &Path,
    options: &VerifyOptions,
    program: ProgramSource,
) -> StartupFindings {
    StartupFindings {
        program: match program {
            ProgramSource::RunningProgram => ProgramFingerprint::of_running_program(),
            ProgramSource::Given(fingerprint) => Ok(fingerprint),
        },
        chain: check_chain(ledger, options).map_err(|e| e.to_string()),
    }
}

impl Station {
    /// Notes that the start-up checks are under way (see
    /// [`run_startup_checks`]), so the Audit tab waits for their chain check.
    pub fn start_up_checks_running(&mut self) {
        self.startup_chain = StartupChainCheck::Running;
    }

    /// The start-up checks' whole chain check: not run, running, or what
    /// it found.
    pub fn startup_chain_check(&self) -> &StartupChainCheck {
        &self.startup_chain
    }

    /// Records the program start and raises an alarm for each problem the
    /// start-up checks found (a changed or unreadable program, a chain with
    /// discrepancies or one that could not be checked). Each alarm stops
    /// play as a notice that only a pit boss clears.
    pub fn record_start_up(&mut self, findings: StartupFindings) -> Result<(), StationError> {
        self.startup_chain = StartupChainCheck::Done {
            at: self.ledger.clock_now(),
            chain: findings.chain.clone(),
        };
        let mut faults = Vec::new();
        match &findings.program {
            Ok(program) => {
                if let Some(previous) = self
                    .ledger
                    .record_program_start(&program.version, program.sha256)?
                {
                    faults.push((AlarmKind::Program, program_changed(&previous, program)));
                }
                if self.ledger.keeps_approved_list()?
                    && !self.ledger.program_approved(&program.sha256)?
                {
                    faults.push((
                        AlarmKind::Program,
                        format!(
                            "The program starting now, {}, is not on the casino's list of \
                             approved programs. A pit boss confirms the program is an approved \
                             one before play goes on.",
                            described(&program.version, &program.sha256)
                        ),
                    ));
                }
            }
            Err(problem) => faults.push((
                AlarmKind::Program,
                format!(
                    "The program could not be checked at start-up: {problem}. A pit boss \
                     confirms the program is the approved one before play goes on."
                ),
            )),
        }
        match &findings.chain {
            Ok(integrity) if integrity.discrepancies == 0 => {}
            Ok(integrity) => faults.push((
                AlarmKind::Integrity,
                format!(
                    "The chain check at start-up found {} in the ledger{}. \
                     Records may have been altered: a pit boss clears this alarm after \
                     looking at them (Pit boss, Audit).",
                    match integrity.discrepancies {
                        1 => "1 discrepancy".to_owned(),
                        n => format!("{n} discrepancies"),
                    },
                    integrity
                        .quoted
                        .first()
                        .map_or_else(String::new, |first| format!(" (the first: {first})"))
                ),
            )),
            Err(problem) => faults.push((
                AlarmKind::Integrity,
                format!(
                    "The chain check at start-up could not run: {problem}. A pit boss clears \
                     this alarm after running the check (Pit boss, Audit)."
                ),
            )),
        }
        for (kind, text) in faults {
            let hand = self.table.hand().map(|(setup, _)| HandId::of(setup.number));
            let alarm = self
                .ledger
                .raise_alarm(self.context.table, kind, &text, hand)?;
            self.notices.push(Notice { alarm, text, kind });
        }
        Ok(())
    }
}

/// A program as a pit boss compares it with the approved list: its version
/// and the first 16 hex digits of its file's SHA-256.
fn described(version: &str, sha256: &[u8; 32]) -> String {
    format!(
        "version {version} (SHA-256 {}…)",
        &hex::encode(sha256)[..16]
    )
}

fn program_changed(previous: &ProgramStart, now: &ProgramFingerprint) -> String {
    format!(
        "The program changed since it last started here: {} started at {} on {}; {} is \
         starting now. A pit boss confirms the new program is the approved one before play \
         goes on.",
        described(&previous.version, &previous.sha256),
        previous.station,
        crate::time_text::when(previous.started_at, crate::time_text::Zone::Local),
        described(&now.version, &now.sha256)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_program_has_a_stable_fingerprint_of_its_own_file() {
        let first = ProgramFingerprint::of_running_program().unwrap();
        assert_eq!(first.version, env!("CARGO_PKG_VERSION"));
        assert_ne!(first.sha256, [0; 32]);
        assert_eq!(ProgramFingerprint::of_running_program().unwrap(), first);
    }
}
