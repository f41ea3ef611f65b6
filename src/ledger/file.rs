//! The ledger file itself: telling a pairs-table ledger from any other
//! file, the schema each version must have exactly, the one-writer lock,
//! private file modes and read-only opens. See docs/ledger.md, "Opening".

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use rusqlite::{Connection, OpenFlags};

use super::{LedgerError, MIGRATIONS, SCHEMA_VERSION};
use crate::keys;

/// `PRAGMA application_id` of a pairs-table ledger ("PTLG"), set by
/// migration 6.
pub const APPLICATION_ID: i64 = 0x5054_4C47;

/// Every schema object (type, name, table, SQL) of a ledger at `version`,
/// built from the migrations in an in-memory database.
pub(super) fn reference_schema(version: i64) -> Result<Vec<SchemaObject>, LedgerError> {
    // This build's schema is made once a process: every open compares a
    // file with it, and making it runs every migration (milliseconds).
    static CURRENT: std::sync::OnceLock<Vec<SchemaObject>> = std::sync::OnceLock::new();
    if version == SCHEMA_VERSION {
        if let Some(schema) = CURRENT.get() {
            return Ok(schema.clone());
        }
        let schema = migrated_schema(version)?;
        return Ok(CURRENT.get_or_init(|| schema).clone());
    }
    migrated_schema(version)
}

/// The schema objects an empty database has after the first `version`
/// migrations.
fn migrated_schema(version: i64) -> Result<Vec<SchemaObject>, LedgerError> {
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

/// Checks, without changing it, that the file at `path` is a pairs-table
/// ledger (for commands that read a station's chain, such as `floor
/// verify --db`): one sentence otherwise, "FILE is not a pairs-table
/// ledger: …". A ledger whose schema was altered (its triggers dropped,
/// say) is still one: what reads its chain says what else changed.
pub fn check_ledger_file(path: &Path) -> Result<(), LedgerError> {
    match inspect(path) {
        Ok(Found::Nothing) => Err(LedgerError::NotFound(path.display().to_string())),
        Ok(Found::Ledger) | Err(LedgerError::AlteredSchema { .. }) => Ok(()),
        Err(error) => Err(error),
    }
}

/// Checks that `conn` is a pairs-table ledger with the exact schema of its
/// version and not newer than this build; returns the version.
pub(super) fn check_identity(conn: &Connection, display: &str) -> Result<i64, LedgerError> {
    let not_sqlite =
        |_| LedgerError::NotALedger(display.to_owned(), "it is not an SQLite database");
    // An empty file opens as a database with no pages.
    let pages: i64 = conn
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .map_err(not_sqlite)?;
    if pages == 0 {
        return Err(LedgerError::NotALedger(
            display.to_owned(),
            "the file is empty",
        ));
    }
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
    } else {
        match FileLock::shared(path) {
            Shared::Reading(lock) => (true, Some(lock)),
            Shared::Writer => (false, None),
            // No writer can hold a file this process cannot lock (writers
            // lock it too): read-only media, a file system without locks.
            Shared::Unlockable => (true, None),
        }
    };
    let conn = connect_read_only(path, unchanging)?;
    // Found unchanging here (writers locked out, or none can lock it
    // either), nothing can shorten the file meanwhile, so SQLite may map
    // it rather than copy each page in with a system call. Not on the word
    // of `--immutable` alone: a mapped file cut short under the reader
    // would kill it rather than fail a read.
    if unchanging && !immutable {
        conn.pragma_update(None, "mmap_size", MAP_BYTES)?;
    }
    Ok(ReadOnly { conn, lock })
}

/// How much of a ledger kept unchanging is read through a memory map: all
/// of any ledger a station keeps (SQLite caps it at 2 GiB unless built
/// otherwise).
const MAP_BYTES: i64 = 1 << 31;

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

/// A lock on the ledger file itself: exclusive for its one writer, shared
/// for readers that read it as unchanging. On Unix it is a `flock` on the
/// file (not on a name), so a hard link, another spelling of the path or
/// a deleted `FILE.lock` cannot make a second writer; SQLite's own locks
/// are POSIX locks, which `flock` neither sees nor disturbs. `FILE.lock`
/// beside the ledger only names the writer, for the refusal. Elsewhere
/// (where a lock on the file would keep SQLite out of it) the lock is on
/// `FILE.lock`. Let go when dropped.
#[derive(Debug)]
pub(super) struct FileLock {
    id: FileId,
    writer: bool,
}

/// What a file is whatever its path: its device and inode (Unix), its
/// canonical path (elsewhere).
#[derive(Clone, Debug, PartialEq, Eq)]
struct FileId(#[cfg(unix)] (u64, u64), #[cfg(not(unix))] PathBuf);

/// A file this process holds a lock on: the descriptor the lock is on,
/// and who here holds it.
struct Entry {
    id: FileId,
    file: File,
    writer: bool,
    readers: usize,
}

/// Every ledger file this process holds a lock on. Closing *any*
/// descriptor of a file drops every POSIX lock the process holds on it,
/// SQLite's included, so a file this process locks already is not opened
/// again (its entry is shared), and its one descriptor is closed only when
/// its last lock here is let go (a writer's after its connection closed:
/// `Ledger` drops its connection first). A file opened to lock and found
/// locked elsewhere is closed at once; only an SQLite connection this
/// process has open on it without a lock (a reader while a writer works
/// elsewhere) could lose its POSIX locks by that.
static HELD: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

fn held() -> MutexGuard<'static, Vec<Entry>> {
    HELD.lock().unwrap_or_else(PoisonError::into_inner)
}

fn lock_path(ledger: &Path) -> PathBuf {
    PathBuf::from(format!("{}.lock", ledger.display()))
}

/// What SQLite and the writer keep beside a ledger, after its name: the
/// -wal, -shm and -journal files and the writer's `FILE.lock`.
const BESIDE: [&str; 4] = ["-wal", "-shm", "-journal", ".lock"];

/// Every file the ledger at `path` is or keeps beside itself (whether or
/// not each exists now): the file, SQLite's -wal, -shm and -journal files
/// and the writer's `FILE.lock`. Nothing else may be written over them.
pub fn ledger_files(path: &Path) -> Vec<PathBuf> {
    std::iter::once(path.to_path_buf())
        .chain(BESIDE.iter().map(|suffix| {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        }))
        .collect()
}

/// The file a lock on `ledger` is taken on: this process's entry for it,
/// or a descriptor newly opened (made, for a writer where the lock is on
/// `FILE.lock`).
enum Target {
    Held(usize),
    New(File, FileId),
}

#[cfg(unix)]
fn target(ledger: &Path, held: &[Entry], _writer: bool) -> std::io::Result<Target> {
    use std::os::unix::fs::MetadataExt;
    let id = |m: std::fs::Metadata| FileId((m.dev(), m.ino()));
    // Looked up by name first, so a file held here is not opened again.
    let named = id(std::fs::metadata(ledger)?);
    if let Some(i) = held.iter().position(|h| h.id == named) {
        return Ok(Target::Held(i));
    }
    let file = File::open(ledger)?;
    let opened = id(file.metadata()?);
    if let Some(i) = held.iter().position(|h| h.id == opened) {
        // The name was moved onto a file held here meanwhile: this
        // descriptor is left open, so the locks on that file stay.
        use std::os::fd::IntoRawFd;
        let _ = file.into_raw_fd();
        return Ok(Target::Held(i));
    }
    Ok(Target::New(file, opened))
}

#[cfg(not(unix))]
fn target(ledger: &Path, held: &[Entry], writer: bool) -> std::io::Result<Target> {
    let path = lock_path(ledger);
    let file = if writer {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)?
    } else {
        File::open(&path)?
    };
    let id = FileId(std::fs::canonicalize(&path)?);
    Ok(match held.iter().position(|h| h.id == id) {
        Some(i) => Target::Held(i),
        None => Target::New(file, id),
    })
}

/// Writes who holds the lock into `FILE.lock` (0600), made afresh so that
/// nothing planted there is written through. Failing only loses the
/// holder's name from a refusal.
#[cfg(unix)]
fn name_holder(ledger: &Path, _file: &File, holder: &str) {
    let path = lock_path(ledger);
    let _ = std::fs::remove_file(&path);
    if let Ok(mut file) = keys::private_new_file(&path) {
        let _ = file.write_all(holder.as_bytes());
    }
}

#[cfg(not(unix))]
fn name_holder(_ledger: &Path, mut file: &File, holder: &str) {
    let _ = file
        .set_len(0)
        .and_then(|()| file.write_all(holder.as_bytes()));
}

/// What a reader found when it asked for a shared lock.
enum Shared {
    /// Held: no writer is at work.
    Reading(FileLock),
    /// A writer holds the file.
    Writer,
    /// The file cannot be locked here (nor, then, written by a writer).
    Unlockable,
}

/// Why a writer could not take the lock.
enum Busy {
    /// A writer in this process holds it.
    OurWriter,
    /// Readers in this process hold it as unchanging.
    OurReaders,
    /// Another process holds it.
    Elsewhere,
}

impl FileLock {
    /// A shared lock, if no writer holds the ledger.
    fn shared(ledger: &Path) -> Shared {
        let mut held = held();
        match target(ledger, &held, false) {
            Err(_) => Shared::Unlockable,
            Ok(Target::Held(i)) => {
                let entry = &mut held[i];
                if entry.writer {
                    Shared::Writer
                } else {
                    entry.readers += 1;
                    Shared::Reading(FileLock {
                        id: entry.id.clone(),
                        writer: false,
                    })
                }
            }
            Ok(Target::New(file, id)) => match file.try_lock_shared() {
                Ok(()) => {
                    held.push(Entry {
                        id: id.clone(),
                        file,
                        writer: false,
                        readers: 1,
                    });
                    Shared::Reading(FileLock { id, writer: false })
                }
                Err(std::fs::TryLockError::WouldBlock) => Shared::Writer,
                Err(std::fs::TryLockError::Error(_)) => Shared::Unlockable,
            },
        }
    }

    /// Takes the exclusive lock at once, writing `holder` into `FILE.lock`,
    /// or says who holds it. Readers in this process are waited out for up
    /// to 2 s.
    pub(super) fn take(ledger: &Path, holder: &str) -> Result<FileLock, LedgerError> {
        let display = ledger.display().to_string();
        let io = |e: std::io::Error| LedgerError::Unreadable(display.clone(), e.to_string());
        let step = std::time::Duration::from_millis(20);
        let mut waited = std::time::Duration::ZERO;
        loop {
            let busy = {
                let mut held = held();
                match target(ledger, &held, true).map_err(io)? {
                    Target::Held(i) if held[i].writer => Busy::OurWriter,
                    Target::Held(_) => Busy::OurReaders,
                    Target::New(file, id) => match file.try_lock() {
                        Ok(()) => {
                            name_holder(ledger, &file, holder);
                            held.push(Entry {
                                id: id.clone(),
                                file,
                                writer: true,
                                readers: 0,
                            });
                            return Ok(FileLock { id, writer: true });
                        }
                        Err(std::fs::TryLockError::WouldBlock) => Busy::Elsewhere,
                        Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
                    },
                }
            };
            if matches!(busy, Busy::OurReaders) && waited < std::time::Duration::from_secs(2) {
                std::thread::sleep(step);
                waited += step;
                continue;
            }
            let holder = match busy {
                Busy::OurReaders => None,
                Busy::OurWriter | Busy::Elsewhere => std::fs::read_to_string(lock_path(ledger))
                    .ok()
                    .map(|t| t.trim().to_owned())
                    .filter(|t| !t.is_empty()),
            };
            return Err(LedgerError::InUse {
                path: display,
                holder,
            });
        }
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let mut held = held();
        let Some(i) = held.iter().position(|h| h.id == self.id) else {
            return;
        };
        let entry = &mut held[i];
        if self.writer {
            entry.writer = false;
        } else {
            entry.readers = entry.readers.saturating_sub(1);
        }
        if !entry.writer && entry.readers == 0 {
            let entry = held.swap_remove(i);
            // Let go on the descriptor itself, so a copy of it a child
            // process holds until it runs its program does not keep it.
            let _ = entry.file.unlock();
        }
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
