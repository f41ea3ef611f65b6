//! Integration tests, compiled as one binary. Each module tests one boundary.
#![allow(clippy::unwrap_used)]

mod access;
mod engine;
mod failover;
mod floor;
mod floor_field;
mod floor_figures;
mod floor_keys;
mod floor_upgrade;
mod golden;
mod insider;
mod install;
mod inventory;
mod ledger;
mod old_files;
mod par;
mod pdf_text;
mod pit;
mod pit_desk;
mod pit_live;
mod pit_view;
mod print_guard;
mod properties;
mod protection;
mod protocol;
mod rating;
mod reference;
mod replay;
mod report;
mod restore;
mod scanner;
mod shoe;
mod sign_in;
mod standby_reads;
mod startup;
mod station;
mod tidy;
mod ui;
mod util;

/// The station keys every test ledger is signed with.
pub fn test_keys() -> pairs_table::keys::StationKeys {
    pairs_table::keys::StationKeys::from_secret_bytes([7; 32], [9; 32])
}

/// A key file holding [`test_keys`], for commands run by the tests
/// (`--key FILE`).
pub fn test_key_file() -> std::path::PathBuf {
    static FILE: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    FILE.get_or_init(|| {
        let path = std::env::temp_dir()
            .join(format!("pairs-table-test-key-{}", std::process::id()))
            .join("station.key");
        test_keys().write_new(&path).unwrap();
        path
    })
    .clone()
}

/// A row's chain hash, computed the way docs/ledger.md specifies (for
/// files the tests write by hand, as an older build or an insider would).
pub fn chain_link(
    previous: &[u8; 32],
    seq: i64,
    table: &str,
    values: &[rusqlite::types::Value],
) -> [u8; 32] {
    use rusqlite::types::Value;
    use sha2::{Digest, Sha256};
    let mut buffer = previous.to_vec();
    buffer.extend(seq.to_be_bytes());
    buffer.push(table.len() as u8);
    buffer.extend(table.as_bytes());
    buffer.push(values.len() as u8);
    for value in values {
        match value {
            Value::Null => buffer.push(0),
            Value::Integer(i) => {
                buffer.push(1);
                buffer.extend(i.to_be_bytes());
            }
            Value::Text(t) => {
                buffer.push(2);
                buffer.extend((t.len() as u32).to_be_bytes());
                buffer.extend(t.as_bytes());
            }
            Value::Blob(b) => {
                buffer.push(3);
                buffer.extend((b.len() as u32).to_be_bytes());
                buffer.extend(b);
            }
            Value::Real(_) => unreachable!("ledger tables hold no reals"),
        }
    }
    Sha256::digest(&buffer).into()
}

/// The `pairs-table` program, run with the tests' station key and with
/// configuration and data directories of its own (never the user's).
pub fn pairs_table() -> std::process::Command {
    pairs_table_with_key(&test_key_file())
}

/// [`pairs_table`] with the station key file `key`.
pub fn pairs_table_with_key(key: &std::path::Path) -> std::process::Command {
    let home = std::env::temp_dir().join(format!("pairs-table-test-home-{}", std::process::id()));
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_pairs-table"));
    command
        .arg("--key")
        .arg(key)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("PGPASSFILE", test_password_file());
    command
}

/// The password file (`PGPASSFILE`, 0600) the tests' programs read: a
/// floor URL never carries its password on a command line.
pub fn test_password_file() -> std::path::PathBuf {
    std::env::temp_dir()
        .join(format!("pairs-table-test-home-{}", std::process::id()))
        .join("pgpass")
}

/// `url` as a command line gives it: without its password, which is added
/// to the tests' password file.
pub fn on_command_line(url: &str) -> String {
    let (bare, line) = pairs_table::floor::credentials::password_file_line(url).unwrap();
    if let Some(line) = line {
        add_to_password_file(&line);
    }
    bare
}

/// Appends `line` (`host:port:database:user:password`) to the tests'
/// password file (made 0600).
pub fn add_to_password_file(line: &str) {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    static FILE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _held = FILE.lock().unwrap();
    let path = test_password_file();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(&path)
        .unwrap();
    writeln!(file, "{line}").unwrap();
}

/// A UTC wall-clock time as the app and the printed reports show it: this
/// machine's local time to the second, with its offset from UTC.
pub fn local_time(year: i32, month: u32, day: u32, hour: u32, minute: u32) -> String {
    use chrono::TimeZone;
    let time = chrono::Utc
        .with_ymd_and_hms(year, month, day, hour, minute, 0)
        .unwrap();
    pairs_table::time_text::when(time, pairs_table::time_text::Zone::Local)
}
