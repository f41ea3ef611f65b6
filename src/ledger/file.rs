//! The ledger file itself: telling a pairs-table ledger from any other
//! file, the schema each version must have exactly, the one-writer lock,
//! private file modes and read-only opens. See docs/ledger.md, "Opening".

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use super::{LedgerError, MIGRATIONS, SCHEMA_VERSION};
use crate::keys;

/// `PRAGMA application_id` of a pairs-table ledger ("PTLG"), set by
/// migration 6.
pub const APPLICATION_ID: i64 = 0x5054_4C47;

/// Every schema object (type, name, table, SQL) of a ledger at `version`,
/// built from the migrations in an in-memory database.
pub(super) fn reference_schema(version: i64) -> Result<Vec<SchemaObject>, LedgerError> {
    let conn = Connection::open_in_memory()?;
    for sql in MIGRATIONS.iter().take(version.max(0) as usize) {
        conn.execute_batch(sql)?;
    }
    schema_objects(&conn)
}

/// One entry of `sqlite_master`.
pub(super) type SchemaObject = (String, String, String, Option<String>);

/// The schema objects of `conn`, SQLite's own excepted, in name order.
pub(super) fn schema_objects(conn: &Connection) -> Result<Vec<SchemaObject>, LedgerError> {
    let mut statement = conn.prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_master \
         WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )?;
    let objects = statement
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    Ok(objects)
}

/// How the objects of `found` differ from those of `expected`, in words
/// (None if they are the same): what is missing, what is extra, what was
/// changed.
pub(super) fn schema_difference(
    found: &[SchemaObject],
    expected: &[SchemaObject],
    exact: bool,
) -> Option<String> {
    let named = |list: &[SchemaObject], name: &str| list.iter().find(|o| o.1 == name).cloned();
    let mut problems = Vec::new();
    for object in expected {
        match named(found, &object.1) {
            None => problems.push(format!("the {} {} is missing", object.0, object.1)),
            Some(other) if exact && other != *object => {
                problems.push(format!("the {} {} was altered", object.0, object.1))
            }
            Some(_) => {}
        }
    }
    for object in found {
        if named(expected, &object.1).is_none() {
            problems.push(format!("the {} {} is not a ledger's", object.0, object.1));
        }
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// What an existing file holds, read without changing it.
pub(super) enum Found {
    /// No file: a new ledger may be made there.
    Nothing,
    /// A pairs-table ledger, its schema intact for its version.
    Ledger,
}

/// Checks the file at `path` before anything writes to it: a missing file
/// may become a new ledger; anything else must be a pairs-table ledger
/// whose schema is exactly that of its version, not newer than this build.
pub(super) fn inspect(path: &Path) -> Result<Found, LedgerError> {
    let display = path.display().to_string();
    let metadata = match std::fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(LedgerError::Unreadable(display, e.to_string())),
    };
    if metadata.is_dir() {
        return Err(LedgerError::NotALedger(display, "it is a directory"));
    }
    if metadata.len() == 0 {
        return Err(LedgerError::NotALedger(display, "the file is empty"));
    }
    let read = open_read_only(path, false)?;
    check_identity(&read.conn, &display)?;
    Ok(Found::Ledger)
}

/// Checks that `conn` is a pairs-table ledger with the exact schema of its
/// version and not newer than this build; returns the version.
pub(super) fn check_identity(conn: &Connection, display: &str) -> Result<i64, LedgerError> {
    let not_sqlite =
        |_| LedgerError::NotALedger(display.to_owned(), "it is not an SQLite database");
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(not_sqlite)?;
    let application: i64 = conn
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .map_err(not_sqlite)?;
    let objects = schema_objects(conn)
        .map_err(|_| LedgerError::NotALedger(display.to_owned(), "it is not an SQLite database"))?;
    if version < 1 || (version >= 6 && application != APPLICATION_ID) {
        return Err(LedgerError::NotALedger(
            display.to_owned(),
            "it is an SQLite database of another program",
        ));
    }
    if version > SCHEMA_VERSION {
        return Err(LedgerError::NewerSchema {
            path: display.to_owned(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    // Older versions are compared by name (their files may predate a
    // migration's exact wording); this build's version exactly.
    let exact = version == SCHEMA_VERSION;
    if let Some(difference) = schema_difference(&objects, &reference_schema(version)?, exact) {
        return Err(LedgerError::AlteredSchema {
            path: display.to_owned(),
            version,
            difference,
        });
    }
    Ok(version)
}

/// A read-only connection, and the shared lock that keeps writers out
/// while it reads the file as unchanging.
#[derive(Debug)]
pub(super) struct ReadOnly {
    /// The connection.
    pub conn: Connection,
    /// Held while the file is read as immutable.
    pub lock: Option<FileLock>,
}

/// Opens `path` read-only without creating, upgrading or leaving anything
/// behind. When no writer holds the ledger and no -wal file is left (a
/// cleanly closed ledger), or when asked (`immutable`: evidence on
/// read-only media), the file is read as unchanging, so SQLite makes no
/// -wal or -shm file; writers are kept out meanwhile. Otherwise a writer
/// is at work and its -wal and -shm are there already.
pub(super) fn open_read_only(path: &Path, immutable: bool) -> Result<ReadOnly, LedgerError> {
    let display = path.display().to_string();
    if !path.is_file() {
        return Err(LedgerError::NotFound(display));
    }
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    let (unchanging, lock) = if immutable || wal.exists() {
        (immutable, None)
    } else if !lock_path(path).exists() {
        // No writer ever opened it here (a copy, read-only media).
        (true, None)
    } else {
        match FileLock::shared(path) {
            Some(lock) => (true, Some(lock)),
            None => (false, None),
        }
    };
    let conn = connect_read_only(path, unchanging)?;
    Ok(ReadOnly { conn, lock })
}

fn connect_read_only(path: &Path, immutable: bool) -> Result<Connection, LedgerError> {
    let display = path.display().to_string();
    let mut uri = String::from("file:");
    for byte in path.to_string_lossy().bytes() {
        match byte {
            b'?' | b'#' | b'%' => uri.push_str(&format!("%{byte:02X}")),
            _ => uri.push(char::from(byte)),
        }
    }
    uri.push_str(if immutable {
        "?mode=ro&immutable=1"
    } else {
        "?mode=ro"
    });
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(&uri, flags)
        .map_err(|e| LedgerError::Unreadable(display.clone(), e.to_string()))?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

/// A lock on a ledger's `FILE.lock`: exclusive for its one writer (the
/// file names the holder), shared for readers that read it as unchanging.
#[derive(Debug)]
pub(super) struct FileLock {
    _file: File,
}

fn lock_path(ledger: &Path) -> PathBuf {
    PathBuf::from(format!("{}.lock", ledger.display()))
}

impl FileLock {
    /// A shared lock if no writer holds the ledger and the lock file can
    /// be opened; None otherwise.
    fn shared(ledger: &Path) -> Option<FileLock> {
        let file = File::open(lock_path(ledger)).ok()?;
        file.try_lock_shared().ok()?;
        Some(FileLock { _file: file })
    }

    /// Takes the lock at once, or says who holds it.
    pub(super) fn take(ledger: &Path, holder: &str) -> Result<FileLock, LedgerError> {
        let path = lock_path(ledger);
        let display = ledger.display().to_string();
        let io = |e: std::io::Error| LedgerError::Unreadable(display.clone(), e.to_string());
        let mut options = std::fs::OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options.open(&path).map_err(io)?;
        // This process's own lock, just released, can outlive its release
        // for a moment in a child being started (it holds a copy of the
        // descriptor until it runs its program): waited out, briefly.
        // Another process's is refused at once.
        let ours = format!("pairs-table process {},", std::process::id());
        let mut waited = std::time::Duration::ZERO;
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(std::fs::TryLockError::WouldBlock) => {
                    let held_by = std::fs::read_to_string(&path)
                        .ok()
                        .map(|t| t.trim().to_owned())
                        .filter(|t| !t.is_empty());
                    let step = std::time::Duration::from_millis(20);
                    if waited < std::time::Duration::from_secs(2)
                        && held_by.as_deref().is_some_and(|h| h.starts_with(&ours))
                    {
                        std::thread::sleep(step);
                        waited += step;
                        continue;
                    }
                    return Err(LedgerError::InUse {
                        path: display,
                        holder: held_by,
                    });
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
            }
        }
        file.set_len(0)
            .and_then(|()| file.write_all(holder.as_bytes()))
            .and_then(|()| file.flush())
            .map_err(io)?;
        Ok(FileLock { _file: file })
    }
}

/// Makes a new, empty ledger file private to its owner (0600; its
/// directory 0700 if this call creates it), so SQLite's -wal and -shm
/// files, which copy the file's mode, are private too.
pub(super) fn create_private(path: &Path) -> Result<(), LedgerError> {
    let display = path.display().to_string();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        keys::create_private_dir(dir)
            .map_err(|e| LedgerError::Unreadable(display.clone(), e.to_string()))?;
    }
    keys::private_new_file(path)
        .map(drop)
        .map_err(|e| LedgerError::Unreadable(display, e.to_string()))
}

/// A warning if other users may read or write the ledger at `path` (or its
/// -wal or -shm file).
pub(super) fn loose_modes(path: &Path) -> Option<String> {
    let files = [
        path.to_path_buf(),
        PathBuf::from(format!("{}-wal", path.display())),
        PathBuf::from(format!("{}-shm", path.display())),
    ];
    let loose: Vec<String> = files
        .iter()
        .filter(|f| keys::permission_bits(f).is_ok_and(|bits| bits & 0o077 != 0))
        .map(|f| f.display().to_string())
        .collect();
    (!loose.is_empty()).then(|| {
        format!(
            "other users of this computer may read {}: staff PIN hashes are in the ledger; make it private (chmod 600)",
            loose.join(", ")
        )
    })
}

/// Creates a new, empty ledger file at `path` (0600) with this build's
/// schema, and returns a connection to it.
pub(super) fn new_ledger_file(path: &Path) -> Result<Connection, LedgerError> {
    let io = |e: std::io::Error| LedgerError::Unreadable(path.display().to_string(), e.to_string());
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    drop(options.open(path).map_err(io)?);
    let mut conn = Connection::open(path)?;
    let tx = conn.transaction()?;
    for sql in MIGRATIONS {
        tx.execute_batch(sql)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    Ok(conn)
}
