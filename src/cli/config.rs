//! The station's configuration file (docs/install.md, "The station's
//! configuration"): where a kiosk's app finds its ledger, key, floor and
//! card source without flags. Flags on the command line override it.
//!
//! The file is the first of `--config FILE`,
//! `$XDG_CONFIG_HOME/pairs-table/station.toml` (else
//! `~/.config/pairs-table/station.toml`) and `/etc/pairs-table/station.toml`
//! that exists; none is read when none exists. Relative paths in it are
//! taken from the file's folder.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{Context, bail};
use serde::Deserialize;

use crate::station::SourceChoice;

/// The system-wide configuration file the Debian package installs.
pub const SYSTEM_FILE: &str = "/etc/pairs-table/station.toml";

/// The baud rate of a card-reading shoe when the file names none
/// (hardware/PROTOCOL.md).
const DEFAULT_BAUD: u32 = 9600;

/// The settings of a station's configuration file; each is optional.
#[derive(Debug, Default, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct StationConfig {
    /// The ledger file (`--db`).
    pub ledger: Option<PathBuf>,
    /// The station's key file (`--key`).
    pub key: Option<PathBuf>,
    /// The floor to ship to: a libpq service name or a URL without a
    /// password (`--floor`).
    pub floor: Option<String>,
    /// Minutes the floor link may be down before the table screen says so
    /// in the alarm colour (`--floor-notice-minutes`).
    pub floor_notice_minutes: Option<u32>,
    /// Where a new table's cards come from: `scanner`, `simulated` or
    /// `software` (the open-table form starts on it).
    pub card_source: Option<CardSourceKind>,
    /// The card-reading shoe's serial port (with `card_source = "scanner"`).
    pub port: Option<String>,
    /// Its baud rate (default 9600).
    pub baud: Option<u32>,
}

/// A card source named in the configuration file.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CardSourceKind {
    /// A card-reading shoe on `port`.
    Scanner,
    /// A simulated card-reading shoe (training).
    Simulated,
    /// The software shoe.
    Software,
}

/// A configuration file that was read, and where it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigFile {
    /// The file.
    pub path: PathBuf,
    /// Its settings, relative paths made absolute.
    pub config: StationConfig,
}

impl StationConfig {
    /// The card source the file names, if any.
    pub fn card_source(&self) -> Option<SourceChoice> {
        Some(match self.card_source? {
            CardSourceKind::Software => SourceChoice::SoftwareShoe,
            CardSourceKind::Simulated => SourceChoice::SimulatedShoe,
            CardSourceKind::Scanner => SourceChoice::Scanner {
                path: self.port.clone()?,
                baud: self.baud.unwrap_or(DEFAULT_BAUD),
            },
        })
    }

    /// The settings in `text` (the file at `path`, for messages and for
    /// relative paths), checked: one sentence naming the file, the line
    /// and what is wrong.
    pub fn parse(text: &str, path: &Path) -> anyhow::Result<StationConfig> {
        let mut config: StationConfig = toml::from_str(text).map_err(|error| {
            let line = error
                .span()
                .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
            let message = error.message().trim_end_matches('.').replace('\n', " ");
            match line {
                Some(line) => anyhow::anyhow!(
                    "the configuration file {}, line {line}: {message}",
                    path.display()
                ),
                None => anyhow::anyhow!("the configuration file {}: {message}", path.display()),
            }
        })?;
        let wrong =
            |what: String| anyhow::anyhow!("the configuration file {}: {what}", path.display());
        if let Some(floor) = &config.floor {
            crate::floor::command::floor_target(floor).map_err(wrong)?;
        }
        if config.floor_notice_minutes == Some(0) {
            return Err(wrong("floor_notice_minutes must be at least 1".into()));
        }
        if config.baud == Some(0) {
            return Err(wrong("baud must be a positive baud rate".into()));
        }
        match (config.card_source, &config.port) {
            (Some(CardSourceKind::Scanner), None) => {
                return Err(wrong(
                    "card_source = \"scanner\" needs the shoe's serial port: add port = \"/dev/ttyUSB0\" (or the port `pairs-table ports` lists)".into(),
                ));
            }
            (Some(CardSourceKind::Simulated | CardSourceKind::Software) | None, Some(_)) => {
                return Err(wrong(
                    "port is set but card_source is not \"scanner\": set card_source = \"scanner\" or remove port".into(),
                ));
            }
            _ => {}
        }
        let folder = path.parent().unwrap_or(Path::new("."));
        for file in [&mut config.ledger, &mut config.key].into_iter().flatten() {
            if file.is_relative() {
                *file = folder.join(&*file);
            }
        }
        Ok(config)
    }
}

/// The user's configuration file: `station.toml` in the platform
/// configuration directory, if there is one.
pub fn user_file() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "pairs-table")
        .map(|dirs| dirs.config_dir().join("station.toml"))
}

/// The configuration file to read: `explicit` (which must exist), else
/// the first of the user's and the system's files that exists.
pub fn find(explicit: Option<&Path>) -> anyhow::Result<Option<ConfigFile>> {
    let path = match explicit {
        Some(path) => {
            if !path.is_file() {
                bail!("there is no configuration file {}", path.display());
            }
            path.to_path_buf()
        }
        None => {
            let candidates = user_file().into_iter().chain([PathBuf::from(SYSTEM_FILE)]);
            match candidates.into_iter().find(|path| path.is_file()) {
                Some(path) => path,
                None => return Ok(None),
            }
        }
    };
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read the configuration file {}", path.display()))?;
    let config = StationConfig::parse(&text, &path)?;
    Ok(Some(ConfigFile { path, config }))
}

/// The configuration this process read at start-up (see [`remember`]).
static IN_FORCE: OnceLock<StationConfig> = OnceLock::new();

/// Keeps the configuration read at start-up for the defaults below; a
/// second call changes nothing.
pub fn remember(config: StationConfig) {
    let _ = IN_FORCE.set(config);
}

/// The configured ledger file, if the configuration names one.
pub fn configured_ledger() -> Option<PathBuf> {
    IN_FORCE.get().and_then(|config| config.ledger.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> anyhow::Result<StationConfig> {
        StationConfig::parse(text, Path::new("/etc/pairs-table/station.toml"))
    }

    #[test]
    fn a_full_file_is_read_and_relative_paths_are_taken_from_its_folder() {
        let config = parsed(
            "ledger = \"ledger.sqlite3\"\nkey = \"/srv/station.key\"\nfloor = \"pit-north\"\n\
             floor_notice_minutes = 3\ncard_source = \"scanner\"\nport = \"/dev/ttyUSB0\"\n",
        )
        .unwrap();
        assert_eq!(
            config.ledger.as_deref(),
            Some(Path::new("/etc/pairs-table/ledger.sqlite3"))
        );
        assert_eq!(config.key.as_deref(), Some(Path::new("/srv/station.key")));
        assert_eq!(config.floor.as_deref(), Some("pit-north"));
        assert_eq!(config.floor_notice_minutes, Some(3));
        assert_eq!(
            config.card_source(),
            Some(SourceChoice::Scanner {
                path: "/dev/ttyUSB0".into(),
                baud: 9600
            })
        );
        assert_eq!(parsed("# nothing set\n").unwrap(), StationConfig::default());
    }

    #[test]
    fn a_wrong_file_is_refused_in_one_sentence_naming_the_file_and_line() {
        let said = |text: &str| parsed(text).unwrap_err().to_string();
        let unknown = said("ledger = \"a\"\nledgr = \"b\"\n");
        assert!(
            unknown.starts_with("the configuration file /etc/pairs-table/station.toml, line 2: unknown field `ledgr`"),
            "{unknown}"
        );
        assert!(!unknown.contains('\n'), "{unknown}");
        assert!(said("card_source = \"tape\"\n").contains("line 1"));
        assert!(said("floor = \"postgresql://s:secret@floor/db\"\n").contains("password"));
        assert!(said("card_source = \"scanner\"\n").contains("needs the shoe's serial port"));
        assert!(said("port = \"/dev/ttyS0\"\n").contains("card_source is not \"scanner\""));
        assert!(said("floor_notice_minutes = 0\n").contains("at least 1"));
    }
}
