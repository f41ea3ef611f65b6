//! The floor database against a real PostgreSQL (docs/floor.md): shipping
//! order and retries, a connection killed mid-ship, what station roles may
//! do, `floor verify` on a rewritten, cut or swapped file, and 50 stations
//! shipping at once. Each test has a database of its own.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};

use crate::pairs_table;
use crate::util::{run_until, run_until_shown};
use pairs_table::floor;
use pairs_table::ids::StaffId;
use pairs_table::keys::{PublicKey, StationKeys};

/// The server's URL without a database name: `PAIRS_TABLE_TEST_PG`, else
/// 127.0.0.1:5432, else a throw-away cluster started from the installed
/// binaries.
fn server() -> &'static str {
    static SERVER: OnceLock<String> = OnceLock::new();
    SERVER.get_or_init(|| {
        if let Ok(url) = std::env::var("PAIRS_TABLE_TEST_PG") {
            return url.trim_end_matches('/').to_string();
        }
        let local = "postgres://postgres@127.0.0.1:5432";
        if Client::connect(&format!("{local}/postgres"), NoTls).is_ok() {
            return local.to_string();
        }
        throw_away_cluster().unwrap_or_else(|why| panic!("{why}"))
    })
}

/// Starts a cluster in a temporary directory (as the `postgres` user when
/// the tests run as root, since PostgreSQL refuses to run as root).
fn throw_away_cluster() -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("pairs-table-test-pg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let port = 20000 + std::process::id() % 20000;
    let cluster = Cluster::start(&dir, port, &[], &[])?;
    let url = cluster.url.clone();
    // The shared server runs on after the tests, as it always has.
    std::mem::forget(cluster);
    Ok(url)
}

/// A PostgreSQL cluster started from the installed binaries in a
/// directory of the caller's, on 127.0.0.1.
pub(crate) struct Cluster {
    pub(crate) bin: PathBuf,
    pub(crate) data: String,
    pub(crate) root: bool,
    pub(crate) url: String,
}

impl Cluster {
    /// Initialises a cluster in `dir/data` and starts it on `port`, its
    /// Unix socket in `dir`: `files` (name, contents) written into the data
    /// directory first, private to the server's user (as `ssl_key_file`
    /// must be), and `settings` lines added to its postgresql.conf.
    pub(crate) fn start(
        dir: &Path,
        port: u32,
        files: &[(&str, &str)],
        settings: &[&str],
    ) -> Result<Cluster, String> {
        let install = "no PostgreSQL server for the floor tests: set PAIRS_TABLE_TEST_PG to a postgres:// URL, run one on 127.0.0.1:5432, or install PostgreSQL (apt-get install postgresql)";
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .ok()
            .and_then(|versions| {
                versions
                    .filter_map(|v| v.ok().map(|v| v.path().join("bin")))
                    .find(|bin| bin.join("initdb").is_file())
            })
            .ok_or(install)?;
        let root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        if root {
            Command::new("chown")
                .args(["postgres", &dir.display().to_string()])
                .status()
                .map_err(|e| e.to_string())?;
        }
        let cluster = Cluster {
            bin,
            data: dir.join("data").display().to_string(),
            root,
            url: format!("postgres://postgres@127.0.0.1:{port}"),
        };
        if !cluster.run(
            "initdb",
            &["-D", &cluster.data, "-U", "postgres", "-A", "trust"],
        ) {
            return Err(install.into());
        }
        cluster.configure(files, settings)?;
        let options = format!("-p {port} -k {} -h 127.0.0.1", dir.display());
        if !cluster.run(
            "pg_ctl",
            &["-D", &cluster.data, "-o", &options, "-w", "start"],
        ) {
            return Err(install.into());
        }
        Ok(cluster)
    }

    /// Writes `files` into the data directory and adds `settings` to its
    /// postgresql.conf.
    pub(crate) fn configure(
        &self,
        files: &[(&str, &str)],
        settings: &[&str],
    ) -> Result<(), String> {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        let data = Path::new(&self.data);
        for (name, contents) in files {
            let path = data.join(name);
            std::fs::OpenOptions::new()
                .create_new(true)
                .write(true)
                .mode(0o600)
                .open(&path)
                .and_then(|mut file| file.write_all(contents.as_bytes()))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if self.root {
                Command::new("chown")
                    .args(["postgres", &path.display().to_string()])
                    .status()
                    .map_err(|e| e.to_string())?;
            }
        }
        if !settings.is_empty() {
            let conf = data.join("postgresql.conf");
            std::fs::OpenOptions::new()
                .append(true)
                .open(&conf)
                .and_then(|mut file| writeln!(file, "{}", settings.join("\n")))
                .map_err(|e| format!("{}: {e}", conf.display()))?;
        }
        Ok(())
    }

    /// Runs one of the server's programs, as the `postgres` user when root.
    pub(crate) fn run(&self, program: &str, args: &[&str]) -> bool {
        let mut command = if self.root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(self.bin.join(program));
            c
        } else {
            Command::new(self.bin.join(program))
        };
        command
            .args(args)
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.run("pg_ctl", &["-D", &self.data, "-m", "fast", "-w", "stop"]);
    }
}

/// A database of the test's own, with the floor schema and its verifier
/// running (docs/floor.md, "Signed at the source"); dropped, with its
/// roles, at the end.
pub(crate) struct FloorDb {
    pub(crate) name: String,
    verifier: Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>,
}

impl FloorDb {
    /// A new floor database with its verifier running.
    pub(crate) fn new() -> FloorDb {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        FloorDb::named(&format!(
            "pt_floor_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ))
    }

    /// A new floor database called `name`, with its verifier running.
    fn named(name: &str) -> FloorDb {
        let mut admin = Client::connect(&format!("{}/postgres", server()), NoTls).unwrap();
        admin
            .batch_execute(&format!("CREATE DATABASE \"{name}\""))
            .unwrap();
        let mut db = FloorDb {
            name: name.to_owned(),
            verifier: None,
        };
        floor::init(&db.url()).unwrap();
        db.start_verifier();
        db
    }

    /// Starts the floor's verifier (stopped when the floor is dropped).
    pub(crate) fn start_verifier(&mut self) {
        let stop = Arc::new(AtomicBool::new(false));
        let (url, stopped) = (self.url(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("floor verifier".into())
            .spawn(move || {
                floor::verifier::run(&url, &stopped, |_| {}).unwrap();
            })
            .unwrap();
        self.verifier = Some((stop, thread));
    }

    /// A new empty database `pt_floor_{what}_…`, with no floor, no roles
    /// and no verifier.
    fn empty(what: &str) -> FloorDb {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "pt_floor_{what}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = Client::connect(&format!("{}/postgres", server()), NoTls).unwrap();
        admin
            .batch_execute(&format!("CREATE DATABASE \"{name}\""))
            .unwrap();
        FloorDb {
            name,
            verifier: None,
        }
    }

    /// A new database holding the plain SQL dump `dump` (`pg_dump
    /// --inserts --no-owner --no-privileges` of a floor an older
    /// pairs-table wrote), with no roles and no verifier: `floor::init`
    /// then upgrades it. psql's own commands (`\restrict`, `\unrestrict`)
    /// are left out.
    pub(crate) fn restored(dump: &Path) -> FloorDb {
        let db = FloorDb::empty("dump");
        let sql: String = std::fs::read_to_string(dump)
            .unwrap()
            .lines()
            .filter(|line| !line.starts_with("\\restrict ") && !line.starts_with("\\unrestrict "))
            .map(|line| format!("{line}\n"))
            .collect();
        db.admin().batch_execute(&sql).unwrap();
        db
    }

    /// A new floor database migrated only to schema `version` by the
    /// migrations' own files (as an older pairs-table left it), with no
    /// roles and no verifier: `floor::init` then upgrades it.
    pub(crate) fn migrated_to(version: usize) -> FloorDb {
        let db = FloorDb::empty(&format!("v{version}"));
        let mut owner = db.admin();
        for file in &schema_files()[..version] {
            owner
                .batch_execute(&std::fs::read_to_string(file).unwrap())
                .unwrap();
        }
        owner
            .batch_execute(&format!(
                "CREATE TABLE floor_schema_version (version integer NOT NULL); \
                 INSERT INTO floor_schema_version VALUES ({version})"
            ))
            .unwrap();
        db
    }

    /// Stops the verifier (its connections closed): nothing reads the
    /// floor behind the test's back.
    pub(crate) fn stop_verifier(&mut self) {
        if let Some((stop, thread)) = self.verifier.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = thread.join();
        }
    }

    /// Waits (up to 20 s) until the verifier has checked every row the
    /// stations shipped.
    pub(crate) fn settle(&self) {
        crate::util::wait_for_count(
            &mut self.admin(),
            "SELECT count(*) FROM floor.stations WHERE verified_seq < head_seq",
            |pending| pending == 0,
            Duration::from_secs(20),
            "the floor's verifier did not catch up",
        );
    }

    /// The owner's URL (the database's name percent-encoded).
    pub(crate) fn url(&self) -> String {
        let path: String = self
            .name
            .bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' => char::from(b).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect();
        format!("{}/{path}", server())
    }

    /// The URL of this database as the role `role` (no password).
    pub(crate) fn url_as(&self, role: &str) -> String {
        self.url().replacen("postgres@", &format!("{role}@"), 1)
    }

    pub(crate) fn admin(&self) -> Client {
        Client::connect(&self.url(), NoTls).unwrap()
    }

    /// The columns of the floor's table `table`, in order: (name, type,
    /// nullable), as docs/floor.md describes its tables.
    pub(crate) fn columns(&self, table: &str) -> Vec<(String, String, String)> {
        self.admin()
            .query(
                "SELECT column_name::text, data_type::text, is_nullable::text \
                   FROM information_schema.columns \
                  WHERE table_schema = 'floor' AND table_name = $1 \
                  ORDER BY ordinal_position",
                &[&table],
            )
            .unwrap()
            .into_iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect()
    }
}

impl Drop for FloorDb {
    fn drop(&mut self) {
        self.stop_verifier();
        let Ok(mut admin) = Client::connect(&format!("{}/postgres", server()), NoTls) else {
            return;
        };
        let _ = admin.batch_execute(&format!(
            "DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)",
            self.name
        ));
        // Role names begin with at most the name's first 30 bytes.
        let mut cut = self.name.len().min(30);
        while !self.name.is_char_boundary(cut) {
            cut -= 1;
        }
        let roles = admin
            .query(
                "SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1) ORDER BY rolname DESC",
                &[&&self.name[..cut]],
            )
            .unwrap_or_default();
        for role in roles {
            let role: String = role.get(0);
            let _ = admin.batch_execute(&format!("DROP ROLE \"{role}\""));
        }
    }
}

/// What `floor status` says on stderr of a floor on one server, as every
/// floor of these tests on the shared server is (a warning: exit status 1).
pub(crate) const ONE_SERVER: &str = "pairs-table: warning: the floor runs on one server: no standby streams from it, \
     so losing it loses what was shipped since its last backup (docs/floor.md, \"Failover runbook\", sets one up)\n";

/// The floor schema's migrations, `schema/floor/NNNN_*.sql`, in order.
pub(crate) fn schema_files() -> Vec<PathBuf> {
    let schema = Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/floor");
    let mut files: Vec<PathBuf> = std::fs::read_dir(schema)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    files.sort();
    files
}

/// The station key of the ledger at `db`: each ledger file its own, as
/// each station has its own (a key file in a private directory beside it).
pub(crate) fn station_key(db: &Path) -> (PathBuf, PublicKey) {
    use sha2::{Digest, Sha256};
    let stem = db.file_stem().unwrap().to_string_lossy().into_owned();
    let file = db
        .with_file_name(format!("keys-{stem}"))
        .join("station.key");
    let secret: [u8; 32] = Sha256::digest(db.as_os_str().as_encoded_bytes()).into();
    let keys = StationKeys::from_secret_bytes(secret, [9; 32]);
    if !file.exists() {
        keys.write_new(&file).unwrap();
    }
    (file, keys.public_key())
}

/// The station keys of the ledger at `db` (its public key presented and
/// its heartbeats signed when it ships).
pub(crate) fn keys_of(db: &Path) -> StationKeys {
    StationKeys::load(&station_key(db).0).unwrap()
}

/// The public key of the ledger at `db`, for enrolling its station.
pub(crate) fn key_of(db: &Path) -> PublicKey {
    station_key(db).1
}

/// The `pairs-table` program run as the station that keeps `db`.
pub(crate) fn pairs_table_for(db: &Path) -> Command {
    crate::pairs_table_with_key(&station_key(db).0)
}

/// A station ledger with `hands` simulated hands (appending to `db`).
pub(crate) fn simulate(db: &Path, hands: u32, seed: u32) {
    simulate_with(db, hands, seed, &[]);
}

/// [`simulate`] with more `simulate` arguments (`--table`, `--players`, …).
pub(crate) fn simulate_with(db: &Path, hands: u32, seed: u32, more: &[&str]) {
    let out = pairs_table_for(db)
        .args(["simulate", "--game", "rocket", "--seats", "3"])
        .args(["--hands", &hands.to_string(), "--seed", &seed.to_string()])
        .args(more)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

pub(crate) fn file_rows(db: &Path) -> Vec<pairs_table::ledger::ChainRow> {
    pairs_table::ledger::chain_rows_after(db, 0, u32::MAX).unwrap()
}

fn floor_seqs(db: &FloorDb, station: &str) -> Vec<(i64, Vec<u8>)> {
    db.admin()
        .query(
            "SELECT seq, hash FROM floor.chain_rows WHERE station = $1 ORDER BY seq",
            &[&station],
        )
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

pub(crate) fn dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pairs-table-floor-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) fn verify_file(db: &Path, url: &str) -> (bool, String) {
    verify_file_with(db, url, &[])
}

/// [`verify_file`] with more `floor verify` arguments (`--station NAME`
/// with an owner's URL).
pub(crate) fn verify_file_with(db: &Path, url: &str, more: &[&str]) -> (bool, String) {
    let out = pairs_table()
        .args(["floor", "verify", "--db"])
        .arg(db)
        .args(["--floor", &crate::on_command_line(url)])
        .args(more)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn rows_arrive_in_order_once_however_often_shipped() {
    let floor_db = FloorDb::new();
    let dir = dir("order");
    let db = dir.join("station.sqlite3");
    simulate(&db, 12, 1);
    let url = floor::enrol(&floor_db.url(), "table 1", key_of(&db)).unwrap();
    let rows = file_rows(&db);
    assert_eq!(floor::ship(&db, &url, None).unwrap(), rows.len() as u64);
    assert_eq!(
        floor::ship(&db, &url, None).unwrap(),
        0,
        "a second ship sends nothing"
    );
    let shipped = floor_seqs(&floor_db, "table 1");
    assert_eq!(
        shipped,
        rows.iter()
            .map(|r| (r.seq, r.hash.to_vec()))
            .collect::<Vec<_>>()
    );
    simulate(&db, 3, 2);
    let more = file_rows(&db).len() - rows.len();
    let out = pairs_table_for(&db)
        .args(["floor", "ship", "--db"])
        .arg(&db)
        .args(["--floor", &crate::on_command_line(&url)])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("shipped {more} rows\n")
    );
    floor_db.settle();
    assert_eq!(
        verify_file(&db, &url),
        (true, format!("{} rows agree\n", rows.len() + more))
    );
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status.len(), 1);
    assert_eq!(status[0].rows_shipped as usize, rows.len() + more);
    assert_eq!(status[0].table.as_deref(), Some("simulation"));
    assert_eq!(status[0].link.lag, Some(0));
}

#[test]
fn a_connection_killed_mid_ship_loses_and_doubles_nothing() {
    let floor_db = FloorDb::new();
    let dir = dir("killed");
    let db = dir.join("station.sqlite3");
    simulate(&db, 150, 3);
    let url = floor::enrol(&floor_db.url(), "table 2", key_of(&db)).unwrap();
    let role: String = floor_db
        .admin()
        .query_one("SELECT role_name FROM floor.stations", &[])
        .unwrap()
        .get(0);
    let done = AtomicBool::new(false);
    let (first, kills) = std::thread::scope(|scope| {
        let killer = scope.spawn(|| {
            let mut admin = floor_db.admin();
            let mut kills = 0i64;
            while !done.load(Ordering::Relaxed) {
                kills += admin
                    .query(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1",
                        &[&role],
                    )
                    .unwrap()
                    .len() as i64;
                std::thread::sleep(Duration::from_millis(3));
            }
            kills
        });
        let first = floor::ship(&db, &url, None);
        done.store(true, Ordering::Relaxed);
        (first, killer.join().unwrap())
    });
    assert!(kills > 0 || first.is_ok(), "the killer found the shipper");
    let before = floor_seqs(&floor_db, "table 2").len() as u64;
    let rows = file_rows(&db);
    assert_eq!(
        floor::ship(&db, &url, None).unwrap(),
        rows.len() as u64 - before
    );
    assert_eq!(
        floor_seqs(&floor_db, "table 2"),
        rows.iter()
            .map(|r| (r.seq, r.hash.to_vec()))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        floor::verify_floor(&floor_db.url()).unwrap().1,
        Vec::<String>::new()
    );
}

/// Calls `floor.append_rows` with `rows` as given.
fn append(
    client: &mut Client,
    rows: &[pairs_table::ledger::ChainRow],
) -> Result<i64, postgres::Error> {
    let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
    let tables: Vec<&str> = rows.iter().map(|r| r.table).collect();
    let payloads: Vec<&[u8]> = rows.iter().map(|r| r.values.as_slice()).collect();
    let hashes: Vec<&[u8]> = rows.iter().map(|r| r.hash.as_slice()).collect();
    let file_rows = rows.last().map_or(0, |r| r.seq);
    client
        .query_one(
            "SELECT floor.append_rows($1, $2, $3, $4, $5)",
            &[&seqs, &tables, &payloads, &hashes, &file_rows],
        )
        .map(|row| row.get(0))
}

#[test]
fn a_batch_with_one_bad_row_lands_nothing_and_names_the_row() {
    let floor_db = FloorDb::new();
    let dir = dir("bad-row");
    let db = dir.join("station.sqlite3");
    simulate(&db, 2, 6);
    let url = floor::enrol(&floor_db.url(), "table 1", key_of(&db)).unwrap();
    let mut station = Client::connect(&url, NoTls).unwrap();
    // The rows up to the first checkpoint from row 5 on: a batch ends with
    // the checkpoint that signs it.
    let all = file_rows(&db);
    let end = 4 + all[4..]
        .iter()
        .position(|r| r.table == "checkpoints")
        .unwrap();
    let rows: Vec<_> = all[..=end].to_vec();
    let last = rows.len() as i64;
    let refused = |error: postgres::Error| error.as_db_error().unwrap().message().to_owned();

    // A batch that does not end with a checkpoint: nothing signs it.
    assert_eq!(
        refused(append(&mut station, &rows[..last as usize - 1]).unwrap_err()),
        format!(
            "the batch of station table 1 ends at row {} with no checkpoint: every batch ends with the checkpoint that signs it",
            last - 1
        )
    );
    assert_eq!(floor_seqs(&floor_db, "table 1"), []);

    // Rows 1, 2, 4, …: row 4 skips row 3, after two rows that extend the chain.
    let mut gap = vec![rows[0].clone(), rows[1].clone()];
    gap.extend(rows[3..].iter().cloned());
    assert_eq!(
        refused(append(&mut station, &gap).unwrap_err()),
        "row 4 does not extend the chain of station table 1, whose head is row 2"
    );
    assert_eq!(floor_seqs(&floor_db, "table 1"), []);

    // Rows 1 to 5 with row 3's payload changed: its hash is not the chain's.
    let mut altered = rows.clone();
    altered[2].values.push(0);
    assert_eq!(
        refused(append(&mut station, &altered).unwrap_err()),
        "row 3 of station table 1 does not link to the floor's head: its hash is not the chain's"
    );
    assert_eq!(floor_seqs(&floor_db, "table 1"), []);

    // The honest batch then lands whole, and the head is its last row.
    assert_eq!(append(&mut station, &rows).unwrap(), last);
    assert_eq!(
        floor_seqs(&floor_db, "table 1"),
        rows.iter()
            .map(|r| (r.seq, r.hash.to_vec()))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        append(&mut station, &rows).unwrap(),
        last,
        "a retry adds nothing"
    );
}

#[test]
fn a_station_role_only_appends_its_own_chain() {
    let floor_db = FloorDb::new();
    let dir = dir("roles");
    let (a, b) = (dir.join("a.sqlite3"), dir.join("b.sqlite3"));
    simulate(&a, 2, 4);
    simulate(&b, 2, 5);
    let url_a = floor::enrol(&floor_db.url(), "table A", key_of(&a)).unwrap();
    let url_b = floor::enrol(&floor_db.url(), "table B", key_of(&b)).unwrap();
    floor::ship(&a, &url_a, None).unwrap();
    floor::ship(&b, &url_b, None).unwrap();
    let before_b = floor_seqs(&floor_db, "table B");
    let mut station_a = Client::connect(&url_a, NoTls).unwrap();
    for attack in [
        "UPDATE floor.chain_rows SET payload = '\\x00' WHERE station = 'table B'",
        "UPDATE floor.chain_rows SET payload = '\\x00' WHERE station = 'table A'",
        "DELETE FROM floor.chain_rows WHERE station = 'table B'",
        "TRUNCATE floor.chain_rows",
        "INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash) \
         VALUES ('table B', 1000, 'tables', '\\x00', '\\x0000000000000000000000000000000000000000000000000000000000000000')",
        "UPDATE floor.stations SET head_seq = 0",
        "SELECT * FROM floor.chain_rows",
        "SELECT floor.refuse_row('table B', 1, 1)",
    ] {
        let error = station_a.batch_execute(attack).unwrap_err();
        assert!(
            error.to_string().contains("permission denied")
                || error
                    .as_db_error()
                    .is_some_and(|e| e.message().contains("permission denied")),
            "{attack}: {error}"
        );
    }
    // Through its function, B's rows only land on A's chain, and only if
    // they extend it (a batch of B's up to its first checkpoint).
    let b_rows = file_rows(&b);
    let signed = b_rows
        .iter()
        .position(|r| r.table == "checkpoints")
        .unwrap();
    let b_batch = &b_rows[..=signed];
    let message = |error: postgres::Error| error.as_db_error().unwrap().message().to_owned();
    let said = message(append(&mut station_a, b_batch).unwrap_err());
    assert!(
        said.contains("differs from the copy already on the floor"),
        "{said}"
    );
    let next = file_rows(&a).len() as i64 + 1;
    let moved: Vec<_> = b_batch
        .iter()
        .zip(next..)
        .map(|(row, seq)| pairs_table::ledger::ChainRow { seq, ..row.clone() })
        .collect();
    let said = message(append(&mut station_a, &moved).unwrap_err());
    assert!(said.contains("does not link"), "{said}");
    // Not even the owner can change a row: the trigger refuses.
    let error = floor_db
        .admin()
        .batch_execute("DELETE FROM floor.chain_rows WHERE station = 'table B'")
        .unwrap_err();
    assert!(
        error
            .as_db_error()
            .unwrap()
            .message()
            .contains("unalterable"),
        "{error}"
    );
    assert_eq!(floor_seqs(&floor_db, "table B"), before_b);
    assert_eq!(
        floor::verify_floor(&floor_db.url()).unwrap().1,
        Vec::<String>::new()
    );
}

/// Runs `sql` on a copy of the ledger with its unalterable triggers dropped,
/// as an insider with the file would.
pub(crate) fn tampered(original: &Path, copy: &Path, sql: &str) {
    std::fs::copy(original, copy).unwrap();
    let conn = rusqlite::Connection::open(copy).unwrap();
    conn.execute_batch("PRAGMA foreign_keys = OFF").unwrap();
    let triggers: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for trigger in triggers {
        conn.execute_batch(&format!("DROP TRIGGER \"{trigger}\""))
            .unwrap();
    }
    conn.execute_batch(sql).unwrap();
}

/// `floor verify --db` against `url` of `copy`, a copy of `db` tampered
/// with `sql`: it fails, saying `finding`.
fn tampered_copy_fails(db: &Path, copy: &Path, sql: &str, url: &str, finding: &str) {
    tampered(db, copy, sql);
    let (ok, said) = verify_file(copy, url);
    assert!(!ok);
    assert!(said.contains(finding), "{said}");
}

#[test]
fn a_file_rewritten_cut_or_swapped_after_shipping_fails_floor_verify() {
    let floor_db = FloorDb::new();
    let dir = dir("tamper");
    let db = dir.join("station.sqlite3");
    simulate(&db, 8, 6);
    let url = floor::enrol(&floor_db.url(), "table 3", key_of(&db)).unwrap();
    floor::ship(&db, &url, None).unwrap();
    floor_db.settle();
    assert!(verify_file(&db, &url).0);
    // The owner's or the pit's URL, no station's own: refused, not
    // compared with no rows.
    let (_, pit) = floor::role_names(&floor_db.name);
    for whole_floor in [floor_db.url(), floor_db.url_as(&pit)] {
        let (ok, said) = verify_file(&db, &whole_floor);
        assert!(!ok);
        assert!(
            said.contains("is an owner's or the pit's, not a station's: give --station NAME to compare the file with that station's rows"),
            "{said}"
        );
    }
    let rows = file_rows(&db);
    let transfer = rows.iter().find(|r| r.table == "transfers").unwrap().seq;

    tampered_copy_fails(
        &db,
        &dir.join("rewritten.sqlite3"),
        &format!("UPDATE transfers SET amount = amount + 100 WHERE seq = {transfer}"),
        &url,
        &format!(
            "row {transfer} (transfers on the floor, transfers in the file) was rewritten after shipping"
        ),
    );

    let cut_at = rows.len() as i64 / 2;
    let cut = dir.join("cut.sqlite3");
    let deletes: String = rows
        .iter()
        .map(|r| r.table)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .map(|t| format!("DELETE FROM {t} WHERE seq > {cut_at};"))
        .collect();
    tampered(&db, &cut, &deletes);
    // Shipping a file behind the floor is an error, never "shipped 0 rows".
    let refused = floor::ship(&cut, &url, None).unwrap_err().to_string();
    assert_eq!(
        refused,
        format!(
            "the file {} ends at row {cut_at} but the floor holds rows up to {} for station table 3: \
             the file was cut or replaced; `pairs-table floor verify --db` says where",
            cut.display(),
            rows.len()
        )
    );
    let (ok, said) = verify_file(&cut, &url);
    assert!(!ok);
    assert!(
        said.contains(&format!(
            "the file ends at row {cut_at} but the floor holds rows up to {}: the file was cut",
            rows.len()
        )),
        "{said}"
    );

    let checkpoint = rows
        .iter()
        .rev()
        .find(|r| r.table == "checkpoints")
        .unwrap()
        .seq;
    tampered_copy_fails(
        &db,
        &dir.join("unsigned.sqlite3"),
        &format!("UPDATE checkpoints SET signature = zeroblob(64) WHERE seq = {checkpoint}"),
        &url,
        &format!("the checkpoint at row {checkpoint} is missing or altered in the file"),
    );

    let swapped = dir.join("swapped.sqlite3");
    simulate(&swapped, 8, 6);
    let (ok, said) = verify_file(&swapped, &url);
    assert!(!ok);
    assert!(
        said.contains("row 1 differs from the floor's: the file was replaced by another ledger"),
        "{said}"
    );

    // Rows past the floor's head are not shipped yet: those up to it agree.
    simulate(&db, 2, 7);
    assert!(file_rows(&db).len() > rows.len());
    assert_eq!(
        verify_file(&db, &url),
        (true, format!("{} rows agree\n", rows.len()))
    );
}

#[test]
fn a_file_read_in_two_halves_agrees_whole_and_is_named_where_rewritten_in_either() {
    let mut floor_db = FloorDb::new();
    let dir = dir("halves");
    let db = dir.join("station.sqlite3");
    simulate(&db, 400, 9);
    let rows = file_rows(&db);
    // From 8,192 rows on, `floor verify --db` reads the file as two halves
    // at once (docs/floor.md).
    assert!(rows.len() >= 8_192, "only {} rows", rows.len());
    let url = floor::enrol(&floor_db.url(), "table 5", key_of(&db)).unwrap();
    floor::ship(&db, &url, None).unwrap();
    floor_db.settle();
    floor_db.stop_verifier();
    // Agreeing, it reads the floor's head row, not the floor's every row.
    let (read, verified) = chain_rows_read_by(&mut floor_db.admin(), || verify_file(&db, &url));
    assert_eq!(verified, (true, format!("{} rows agree\n", rows.len())));
    assert!(read < 10, "{read} floor rows read");

    // A transfer in the second half rewritten, its stored hash kept.
    let transfer = rows.iter().rfind(|r| r.table == "transfers").unwrap().seq;
    tampered_copy_fails(
        &db,
        &dir.join("rewritten.sqlite3"),
        &format!("UPDATE transfers SET amount = amount + 100 WHERE seq = {transfer}"),
        &url,
        &format!(
            "row {transfer} (transfers on the floor, transfers in the file) was rewritten after shipping"
        ),
    );

    // The stored hash of the row where the halves meet (the first half's
    // last row, whose hash the second starts from) replaced.
    let middle = &rows[rows.len() / 2 - 1];
    tampered_copy_fails(
        &db,
        &dir.join("rehashed.sqlite3"),
        &format!(
            "UPDATE {} SET hash = zeroblob(32) WHERE seq = {}",
            middle.table, middle.seq
        ),
        &url,
        &format!(
            "row {}'s hash in the file differs from the floor's: the chain was rewritten",
            middle.seq
        ),
    );
}

#[test]
fn fifty_stations_ship_at_once_and_every_row_arrives() {
    let floor_db = FloorDb::new();
    let dir = dir("fifty");
    let start = Instant::now();
    let stations: Vec<(PathBuf, String)> = (0..50)
        .map(|i| {
            let db = dir.join(format!("station-{i}.sqlite3"));
            let url = floor::enrol(&floor_db.url(), &format!("table {i}"), key_of(&db)).unwrap();
            (db, url)
        })
        .collect();
    let children: Vec<_> = stations
        .iter()
        .enumerate()
        .map(|(i, (db, url))| {
            pairs_table_for(db)
                .args([
                    "simulate",
                    "--game",
                    "starboard",
                    "--seats",
                    "4",
                    "--hands",
                    "6",
                ])
                .args([
                    "--seed",
                    &i.to_string(),
                    "--floor",
                    &crate::on_command_line(url),
                ])
                .arg("--db")
                .arg(db)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    // `floor verify` run again and again while they ship reads one snapshot
    // each time: no false alarm (issue 29, item 7).
    let shipping = Arc::new(AtomicBool::new(true));
    let checker = {
        let (url, shipping) = (floor_db.url(), shipping.clone());
        std::thread::Builder::new()
            .name("floor verify while shipping".into())
            .spawn(move || {
                let mut runs = 0;
                let mut findings = Vec::new();
                while shipping.load(Ordering::Relaxed) || runs == 0 {
                    findings.extend(floor::verify_floor(&url).unwrap().1);
                    runs += 1;
                }
                (runs, findings)
            })
            .unwrap()
    };
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("rows to the floor\n"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    shipping.store(false, Ordering::Relaxed);
    let (runs, findings) = checker.join().unwrap();
    assert_eq!(
        findings,
        Vec::<String>::new(),
        "in {runs} runs while shipping"
    );
    assert!(
        start.elapsed() < Duration::from_secs(120),
        "took {:?}",
        start.elapsed()
    );
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status.len(), 50);
    for (i, (db, _)) in stations.iter().enumerate() {
        let rows = file_rows(db);
        let shipped = floor_seqs(&floor_db, &format!("table {i}"));
        assert_eq!(shipped.len(), rows.len(), "table {i}");
        assert_eq!(
            shipped.last().unwrap().1,
            rows.last().unwrap().hash.to_vec()
        );
    }
    let (checked, findings) = floor::verify_floor(&floor_db.url()).unwrap();
    assert_eq!(findings, Vec::<String>::new());
    assert_eq!(
        checked as usize,
        status
            .iter()
            .map(|s| s.rows_shipped as usize)
            .sum::<usize>()
    );
}

/// `simulate` at `db` with rated players, bets of 50 and a named table.
fn simulate_rated(db: &Path, table: &str, players: &str, hands: u32, seed: u32) {
    let more = ["--bet", "50", "--table", table, "--players", players];
    simulate_with(db, hands, seed, &more);
}

#[test]
fn a_player_is_rated_across_every_station_on_the_floor_without_counting_one_twice() {
    let floor_db = FloorDb::new();
    let dir = dir("rating");
    let (first, second) = (dir.join("first.sqlite3"), dir.join("second.sqlite3"));
    simulate_rated(&first, "table 1", "P-1", 20, 1);
    simulate_rated(&second, "table 2", "X-9,P-1", 15, 2);
    for (db, station) in [(&first, "table 1"), (&second, "table 2")] {
        let url = floor::enrol(&floor_db.url(), station, key_of(db)).unwrap();
        floor::ship(db, &url, None).unwrap();
    }
    floor_db.settle();
    // Play after shipping counts from the file itself.
    simulate_rated(&first, "table 1", "P-1", 5, 3);
    let rating = |args: &[&str]| -> serde_json::Value {
        let out = pairs_table_for(&first)
            .args(["rating", "--db"])
            .arg(&first)
            .args(["--player", "P-1", "--json"])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let here = rating(&[]);
    assert_eq!(
        (here["hands"].as_u64(), here["wagered"].as_u64()),
        (Some(25), Some(1250))
    );
    let (_, pit) = floor::role_names(&floor_db.name);
    let pit_url = floor_db.url_as(&pit);
    let everywhere = rating(&["--floor", &pit_url]);
    assert_eq!(everywhere["hands"], 40);
    assert_eq!(everywhere["wagered"], 2000);
    let tables: Vec<&str> = everywhere["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["table"].as_str().unwrap())
        .collect();
    assert_eq!(
        tables,
        ["table 1", "table 2", "table 1"],
        "in the order they began"
    );
    let alone = |file: &Path| -> serde_json::Value {
        let out = pairs_table_for(file)
            .args(["rating", "--db"])
            .arg(file)
            .args(["--player", "P-1", "--json"])
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let (first_alone, second_alone) = (alone(&first), alone(&second));
    assert_eq!(
        everywhere["actual_win"].as_i64().unwrap(),
        first_alone["actual_win"].as_i64().unwrap() + second_alone["actual_win"].as_i64().unwrap()
    );
    // What the player's bets and decisions show, each station's hands
    // replayed from its own cards, adds up across the floor.
    for key in ["hands", "decisions", "best_play_decisions"] {
        let of = |rating: &serde_json::Value| rating["protection"][key].as_u64().unwrap();
        assert!(of(&first_alone) > 0, "{key}");
        assert_eq!(
            of(&everywhere),
            of(&first_alone) + of(&second_alone),
            "protection {key}"
        );
    }
}

#[test]
fn the_pit_view_shows_every_table_and_redraws_when_rows_arrive() {
    use eframe::egui;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use pairs_table::engine::hand::GameKind;
    use pairs_table::floor::survey::TableState;
    use pairs_table::ledger::AlarmKind;
    use pairs_table::ui::FloorApp;

    let floor_db = FloorDb::new();
    let dir = dir("pit-view");
    let (mut ledger, path, _clock, table) = crate::util::staffed("pit-view");
    crate::util::dealt(&mut ledger, table, 5, 9);
    ledger
        .raise_alarm(table, AlarmKind::Scanner, "the shoe misread a card", None)
        .unwrap();
    let url_a = floor::enrol(
        &floor_db.url(),
        "station A",
        crate::test_keys().public_key(),
    )
    .unwrap();
    floor::ship(&path, &url_a, None).unwrap();
    floor_db.settle();

    let ctx = egui::Context::default();
    let app = FloorApp::start(floor_db.url(), ctx.clone());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut FloorApp| app.show_ui(ui), app);
    run_until_shown(&mut harness, "Pit view: 1 table");
    let tables = harness.state().tables().unwrap().to_vec();
    assert_eq!(tables[0].table.as_deref(), Some("table 1"));
    assert!(tables[0].open);
    assert_eq!(
        (tables[0].hands, tables[0].dealer.as_ref().map(|d| d.id)),
        (5, Some(crate::util::DEALER))
    );
    assert_eq!(tables[0].alarms.len(), 1);
    run_until_shown(&mut harness, "station A · the shoe misread a card");

    // A second station ships: the floor's notification redraws the view.
    let other = dir.join("b.sqlite3");
    simulate(&other, 4, 3);
    let url_b = floor::enrol(&floor_db.url(), "station B", key_of(&other)).unwrap();
    floor::ship(&other, &url_b, None).unwrap();
    run_until_shown(&mut harness, "Pit view: 2 tables");
    // Closed at the end of the simulation: the shift it closed is shown.
    run_until(&mut harness, "station B's closed shift read", |h| {
        h.state().tables().unwrap()[1].hands == 4
    });
    let b = harness.state().tables().unwrap()[1].clone();
    assert_eq!(
        (b.station.as_str(), b.open, b.game),
        ("station B", false, Some(GameKind::Rocket))
    );
    assert_eq!(b.state(), TableState::Closed);

    harness.get_by_label("station A").click();
    harness.run();
    run_until_shown(&mut harness, "station A: the latest hands this shift");
    assert_eq!(
        harness.query_all_by_label("house won").count()
            + harness.query_all_by_label("house lost").count()
            + harness.query_all_by_label("even").count(),
        5
    );
}

#[test]
fn the_floor_report_sums_each_stations_own_shift_report() {
    let floor_db = FloorDb::new();
    let dir = dir("floor-report");
    let stations = [("station A", 12, 4), ("station B", 7, 5)];
    let mut expected = (0i64, 0i64);
    for (name, hands, seed) in stations {
        let db = dir.join(format!("{seed}.sqlite3"));
        simulate(&db, hands, seed);
        let url = floor::enrol(&floor_db.url(), name, key_of(&db)).unwrap();
        floor::ship(&db, &url, None).unwrap();
        // The station's own report of its latest shift.
        let csv = dir.join(format!("{seed}.csv"));
        let out = pairs_table_for(&db)
            .args(["report", "shift", "--db"])
            .arg(&db)
            .arg("--out")
            .arg(dir.join(format!("{seed}.pdf")))
            .arg("--csv")
            .arg(&csv)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&csv).unwrap();
        let cell = |section: &str, item: &str, column: usize| -> i64 {
            let line = text
                .lines()
                .find(|l| l.starts_with(&format!("{section},{item},")))
                .unwrap();
            line.split(',').nth(column).unwrap().parse().unwrap()
        };
        expected.0 += cell("play", "hands", 3);
        expected.1 += cell("inventory", "ledger_win", 4);
    }
    floor_db.settle();
    let (pdf, csv) = (dir.join("floor.pdf"), dir.join("floor.csv"));
    let out = pairs_table()
        .args(["floor", "report", "--floor", &floor_db.url()])
        .arg("--out")
        .arg(&pdf)
        .arg("--csv")
        .arg(&csv)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("printed {}: 2 tables, 19 hands\n", pdf.display())
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "station,table,game,shift,hands,drop,win,hold_basis_points,fills,credits,exceptions"
    );
    assert!(
        lines[1].starts_with("station A,simulation,rocket,1,12,"),
        "{}",
        lines[1]
    );
    let total: Vec<&str> = lines[3].split(',').collect();
    assert_eq!(total[0], "total");
    assert_eq!(total[4].parse::<i64>().unwrap(), expected.0);
    assert_eq!(total[6].parse::<i64>().unwrap(), expected.1);
    let pdf_text = crate::pdf_text::pdf_text(&std::fs::read(&pdf).unwrap());
    for words in [
        "Floor report",
        "station A",
        "station B",
        "Total",
        "each table's latest shift",
    ] {
        assert!(pdf_text.contains(words), "{words} in {pdf_text}");
    }

    // A period with no hands at a table leaves it out, with the reason.
    let out = pairs_table()
        .args(["floor", "report", "--floor", &floor_db.url()])
        .args([
            "--from",
            "2001-01-01T00:00:00Z",
            "--to",
            "2001-01-02T00:00:00Z",
        ])
        .arg("--out")
        .arg(dir.join("empty.pdf"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_app_ships_as_it_writes_and_its_header_says_how_the_link_stands() {
    use eframe::egui;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use pairs_table::engine::hand::GameKind;
    use pairs_table::station::{Feed, SourceChoice};
    use pairs_table::ui::StationApp;

    let floor_db = FloorDb::new();
    let url = floor::enrol(
        &floor_db.url(),
        "app station",
        crate::test_keys().public_key(),
    )
    .unwrap();
    let (ledger, path, _clock) = crate::util::staffed_ledger("app-ships");
    let setup = crate::util::setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe);
    let station = crate::util::open(ledger, setup, Feed::SoftwareShoe);
    let mut app = StationApp::with_station(station, egui::Context::default());
    app.ship_to_floor(url, crate::test_keys(), chrono::TimeDelta::minutes(5));
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app);
    let shipped = |floor_db: &FloorDb| floor::status(&floor_db.url()).unwrap()[0].rows_shipped;
    let rows = || file_rows(&path).len() as i64;
    run_until(&mut harness, "the floor holding every row", |_| {
        shipped(&floor_db) == rows()
    });
    harness.run();
    assert!(
        harness
            .query_all_by_label_contains("Floor: linked")
            .next()
            .is_some()
    );

    // A hand committed at the table reaches the floor without anyone asking.
    let station = harness.state_mut().station_mut().unwrap();
    station.entry_mut(1).unwrap().bet = "100".into();
    station.start_hand().unwrap();
    crate::util::play_on_software_shoe(station);
    station.confirm_settlement().unwrap();
    let before = shipped(&floor_db);
    run_until(&mut harness, "the floor holding every row", |_| {
        shipped(&floor_db) == rows()
    });
    assert!(shipped(&floor_db) > before);

    // A floor that cannot be reached: play goes on, the header says so,
    // in the alarm colour once the house's notice time has passed.
    let (ledger, _, _) = crate::util::staffed_ledger("app-ships-down");
    let setup = crate::util::setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe);
    let station = crate::util::open(ledger, setup, Feed::SoftwareShoe);
    let mut app = StationApp::with_station(station, egui::Context::default());
    app.ship_to_floor(
        "postgres://nobody@127.0.0.1:1/none".into(),
        crate::test_keys(),
        chrono::TimeDelta::zero(),
    );
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app);
    run_until_shown(&mut harness, "Floor link down since");
    assert!(
        harness
            .query_all_by_label_contains("play goes on; the rows ship when it returns")
            .next()
            .is_some()
    );
    let station = harness.state_mut().station_mut().unwrap();
    station.entry_mut(1).unwrap().bet = "100".into();
    station.start_hand().unwrap();
}

#[test]
fn the_floor_names_a_new_stations_first_pit_boss_who_sets_only_a_pin() {
    use eframe::egui;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use pairs_table::ledger::{Ledger, SystemClock};
    use pairs_table::ui::StationApp;

    let floor_db = FloorDb::new();
    let key = hex::encode(crate::test_keys().public_key());
    let enrol = |args: &[&str]| {
        pairs_table()
            .args(["floor", "enrol", "--floor", &floor_db.url()])
            .args(["--public-key", &key])
            .args(args)
            .output()
            .unwrap()
    };
    let out = enrol(&[
        "--station",
        "new table",
        "--pit-boss",
        "900",
        "--pit-boss-name",
        "Pat Boss",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The station's URL, with no password, and its password file line.
    let printed = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 2, "{printed}");
    let (bare, line) = (lines[0], lines[1]);
    let role = bare
        .strip_prefix("postgres://")
        .and_then(|rest| rest.split_once('@'))
        .map(|(role, _)| role)
        .unwrap();
    assert!(!role.contains(':'), "the URL names no password: {bare}");
    let password = line.rsplit(':').next().unwrap();
    assert_eq!(password.len(), 32, "{line}");
    assert!(
        line.ends_with(&format!(":{}:{role}:{password}", floor_db.name)),
        "{line}"
    );
    let url = bare.replacen('@', &format!(":{password}@"), 1);
    assert_eq!(
        floor::first_pit_boss(&url).unwrap(),
        Some((StaffId(900), "Pat Boss".into()))
    );
    let refused = floor::name_first_pit_boss(&floor_db.url(), "new table", StaffId(901), "Someone");
    assert_eq!(
        refused.unwrap_err().to_string(),
        "station new table's first pit boss is already named: staff 900, Pat Boss"
    );
    let out = enrol(&[
        "--station",
        "bad name",
        "--pit-boss",
        "7",
        "--pit-boss-name",
        " ",
    ]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("pairs-table: the pit boss's name:"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        floor::status(&floor_db.url())
            .unwrap()
            .iter()
            .all(|s| s.station != "bad name"),
        "a refused name enrols nothing"
    );

    // The new station's first run: the floor names the pit boss.
    let path = dir("first-pit-boss").join("station.sqlite3");
    let mut app = StationApp::open(&path, crate::test_keys(), egui::Context::default());
    app.ship_to_floor(url, crate::test_keys(), chrono::TimeDelta::minutes(5));
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app);
    let named = "The floor names this station's first pit boss: staff 900, Pat Boss.";
    run_until_shown(&mut harness, named);
    assert!(harness.query_all_by_label("Staff ID").next().is_none());
    harness
        .get_by_label("PIN (4 to 8 digits)")
        .set_text_value_accesskit("40718263");
    harness
        .get_by_label("PIN again")
        .set_text_value_accesskit("40718263");
    harness.run();
    harness.get_by_label("Create pit boss account").click();
    harness.run();
    harness.run();
    let ledger = Ledger::open_read_only(&path, Box::new(SystemClock), false).unwrap();
    let staff = ledger.staff_list().unwrap();
    assert_eq!(staff.len(), 1);
    assert_eq!(
        (staff[0].id, staff[0].name.as_str()),
        (StaffId(900), "Pat Boss")
    );
}

#[test]
fn a_replica_takes_only_rows_that_extend_its_chain_and_a_station_stays_enrolled() {
    use pairs_table::ledger::{Ledger, ShippedRow, SystemClock, extend_replica};

    let dir = dir("replica");
    let db = dir.join("station.sqlite3");
    simulate(&db, 3, 8);
    let rows: Vec<ShippedRow> = file_rows(&db)
        .into_iter()
        .map(|r| ShippedRow {
            seq: r.seq,
            table: r.table.to_owned(),
            values: r.values,
            hash: r.hash,
        })
        .collect();
    let replica = dir.join("replica.sqlite3");
    let half = rows.len() / 2;
    assert_eq!(
        extend_replica(&replica, &rows[..half]).unwrap().rows,
        half as i64
    );
    // A row out of place, or with another hash, is refused and nothing of
    // its batch is written, not even the good rows before it.
    let mut forged = rows[half].clone();
    forged.hash[0] ^= 1;
    let refusals = [
        (vec![rows[half + 1].clone()], half),
        (vec![forged], half),
        (vec![rows[half].clone(), rows[half + 2].clone()], half + 1),
    ];
    for (batch, ends_at) in refusals {
        let error = extend_replica(&replica, &batch).unwrap_err();
        assert!(
            error.to_string().contains(&format!(
                "does not extend the chain, which ends at row {ends_at}"
            )),
            "{error}"
        );
        let copy = Ledger::open_read_only(&replica, Box::new(SystemClock), false).unwrap();
        assert_eq!(copy.head().unwrap().rows, half as i64);
    }
    let head = extend_replica(&replica, &rows[half..]).unwrap();
    assert_eq!(head.rows, rows.len() as i64);
    assert_eq!(head.hash, rows.last().unwrap().hash);
    let copy = Ledger::open_read_only(&replica, Box::new(SystemClock), false).unwrap();
    assert_eq!(copy.head().unwrap(), head);
    assert!(discrepancies_of(&replica).is_empty());

    let floor_db = FloorDb::new();
    floor::enrol(&floor_db.url(), "kept", crate::test_keys().public_key()).unwrap();
    let error = floor_db
        .admin()
        .batch_execute("DELETE FROM floor.stations")
        .unwrap_err();
    assert!(
        error
            .as_db_error()
            .unwrap()
            .message()
            .contains("an enrolled station cannot be deleted"),
        "{error}"
    );
}

fn discrepancies_of(path: &Path) -> Vec<String> {
    crate::util::discrepancies(path)
        .iter()
        .map(|d| d.to_string())
        .collect()
}

/// One chained row as an attacker holding a station's URL builds it.
pub(crate) struct Forged {
    pub(crate) seq: i64,
    pub(crate) table: String,
    pub(crate) payload: Vec<u8>,
    pub(crate) hash: [u8; 32],
}

/// The calling station's rows as the floor counts them (its own URL).
pub(crate) fn own_rows(client: &mut Client) -> Vec<Forged> {
    client
        .query(
            "SELECT seq, table_name, payload, hash FROM floor.own_rows(0, 1000000)",
            &[],
        )
        .unwrap()
        .into_iter()
        .map(|r| Forged {
            seq: r.get(0),
            table: r.get(1),
            payload: r.get(2),
            hash: r.get::<_, Vec<u8>>(3).try_into().unwrap(),
        })
        .collect()
}

/// `rows` renumbered and chained after `head` (seq, hash), as the floor
/// computes a chain: what anyone who can read a chain can build.
pub(crate) fn chained_after(head: (i64, [u8; 32]), rows: &[Forged]) -> Vec<Forged> {
    let (mut seq, mut previous) = head;
    rows.iter()
        .map(|row| {
            seq += 1;
            previous = pairs_table::ledger::link_encoded(&previous, seq, &row.table, &row.payload);
            Forged {
                seq,
                table: row.table.clone(),
                payload: row.payload.clone(),
                hash: previous,
            }
        })
        .collect()
}

pub(crate) fn append_forged(client: &mut Client, rows: &[Forged]) -> Result<i64, postgres::Error> {
    let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
    let tables: Vec<&str> = rows.iter().map(|r| r.table.as_str()).collect();
    let payloads: Vec<&[u8]> = rows.iter().map(|r| r.payload.as_slice()).collect();
    let hashes: Vec<&[u8]> = rows.iter().map(|r| r.hash.as_slice()).collect();
    let last = rows.last().map_or(0, |r| r.seq);
    client
        .query_one(
            "SELECT floor.append_rows($1, $2, $3, $4, $5)",
            &[&seqs, &tables, &payloads, &hashes, &last],
        )
        .map(|row| row.get(0))
}

/// The floor's alarms about `station`.
fn floor_alarms(db: &FloorDb, station: &str) -> Vec<String> {
    db.admin()
        .query(
            "SELECT message FROM floor.alarms WHERE station = $1 ORDER BY id",
            &[&station],
        )
        .unwrap()
        .into_iter()
        .map(|r| r.get(0))
        .collect()
}

/// Issue 29, attack 1: someone who has only the station's URL (its
/// password read off a command line) rebuilds the station's chain from the
/// floor and appends a hand of their own, ending with a copy of the last
/// checkpoint (they cannot sign). The floor takes it only provisionally:
/// the verifier finds no checkpoint of the station's key signing it,
/// quarantines it with an alarm the pit sees within seconds, and the
/// genuine station ships on; nothing forged is counted.
#[test]
fn a_hand_forged_with_the_stations_url_alone_is_quarantined_and_the_station_ships_on() {
    let floor_db = FloorDb::new();
    let dir = dir("front-run");
    let db = dir.join("station.sqlite3");
    simulate(&db, 6, 11);
    let url = floor::enrol(&floor_db.url(), "table 9", key_of(&db)).unwrap();
    floor::ship(&db, &url, None).unwrap();
    floor_db.settle();
    let genuine = floor::status(&floor_db.url()).unwrap()[0].rows_verified;

    let mut forger = Client::connect(&url, NoTls).unwrap();
    let chain = own_rows(&mut forger);
    let head = chain.last().map(|r| (r.seq, r.hash)).unwrap();
    let last_hand = chain.iter().rposition(|r| r.table == "hands").unwrap();
    let forged = chained_after(head, &chain[last_hand..]);
    assert_eq!(forged.last().unwrap().table, "checkpoints");
    let start = Instant::now();
    append_forged(&mut forger, &forged).unwrap();
    floor_db.settle();
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "the verifier took {:?}",
        start.elapsed()
    );
    let alarms = floor_alarms(&floor_db, "table 9");
    assert_eq!(alarms.len(), 1, "{alarms:?}");
    assert!(
        alarms[0].starts_with(&format!(
            "rows {} to {} shipped as station table 9 were quarantined: the checkpoint at row ",
            genuine + 1,
            forged.last().unwrap().seq,
        )) && alarms[0].contains(": it signs row"),
        "{}",
        alarms[0]
    );
    let quarantined: i64 = floor_db
        .admin()
        .query_one("SELECT count(*) FROM floor.quarantined_rows", &[])
        .unwrap()
        .get(0);
    assert_eq!(quarantined as usize, forged.len());
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(
        (status[0].rows_shipped, status[0].rows_verified),
        (genuine, genuine),
        "the forged rows are off the chain"
    );

    // The pit sees it; the genuine station is not locked out.
    let pit = tempfile::tempdir().unwrap();
    let tables = floor::survey::survey(&floor_db.url(), pit.path())
        .unwrap()
        .tables;
    assert!(
        tables[0].alarms[0].message.starts_with("Floor: rows"),
        "{:?}",
        tables[0].alarms
    );
    simulate(&db, 2, 12);
    assert!(floor::ship(&db, &url, None).unwrap() > 0);
    floor_db.settle();
    assert_eq!(
        verify_file(&db, &url),
        (true, format!("{} rows agree\n", file_rows(&db).len()))
    );
    assert_eq!(
        floor::verify_floor(&floor_db.url()).unwrap().1,
        Vec::<String>::new()
    );
}

/// Issue 29, attack 3: one station's whole chain appended through another
/// station's role. Every checkpoint in it is signed, but by the other
/// station's key: quarantined, alarmed, never counted, and the station
/// whose role was used ships its own chain afterwards. A key enrolled for
/// one station cannot be enrolled for another.
#[test]
fn a_chain_replayed_as_another_stations_is_quarantined_and_one_key_is_one_station() {
    let floor_db = FloorDb::new();
    let dir = dir("replayed");
    let (a, b) = (dir.join("a.sqlite3"), dir.join("b.sqlite3"));
    simulate(&a, 4, 21);
    simulate(&b, 3, 22);
    let url_a = floor::enrol(&floor_db.url(), "table A", key_of(&a)).unwrap();
    let url_b = floor::enrol(&floor_db.url(), "table B", key_of(&b)).unwrap();
    floor::ship(&a, &url_a, None).unwrap();
    let refused = floor::enrol(&floor_db.url(), "table C", key_of(&a)).unwrap_err();
    assert!(
        refused.to_string().ends_with(
            "is already enrolled for station table A: each station signs with a key of its own"
        ),
        "{refused}"
    );

    let a_rows: Vec<Forged> = file_rows(&a)
        .into_iter()
        .map(|r| Forged {
            seq: r.seq,
            table: r.table.to_owned(),
            payload: r.values,
            hash: r.hash,
        })
        .collect();
    let mut as_b = Client::connect(&url_b, NoTls).unwrap();
    append_forged(&mut as_b, &a_rows).unwrap();
    floor_db.settle();
    let alarms = floor_alarms(&floor_db, "table B");
    assert_eq!(alarms.len(), 1, "{alarms:?}");
    assert!(
        alarms[0].contains("not the key enrolled on the floor"),
        "{}",
        alarms[0]
    );
    assert_eq!(floor_seqs(&floor_db, "table B"), []);
    floor::ship(&b, &url_b, None).unwrap();
    floor_db.settle();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[1].rows_verified as usize, file_rows(&b).len());
    assert_eq!(
        floor::verify_floor(&floor_db.url()).unwrap().1,
        Vec::<String>::new()
    );
}

/// The chain-row encoding of `values` (docs/ledger.md, "The hash chain"):
/// the column count, then each value.
fn encoded(values: &[rusqlite::types::Value]) -> Vec<u8> {
    use rusqlite::types::Value;
    let mut out = vec![values.len() as u8];
    for value in values {
        match value {
            Value::Null => out.push(0),
            Value::Integer(i) => {
                out.push(1);
                out.extend(i.to_be_bytes());
            }
            Value::Text(t) => {
                out.push(2);
                out.extend((t.len() as u32).to_be_bytes());
                out.extend(t.as_bytes());
            }
            Value::Blob(b) => {
                out.push(3);
                out.extend((b.len() as u32).to_be_bytes());
                out.extend(b);
            }
            Value::Real(_) => unreachable!("ledger rows hold no reals"),
        }
    }
    out
}

/// Issue 29, attack 4: a chained row whose table no ledger has, signed by
/// the station's own key (a station whose key is in the wrong hands, or a
/// bug). It is verified, but its replica cannot take it: that station is
/// left out of the floor report and shown with the reason in the pit,
/// and every other station is reported whole.
#[test]
fn a_station_whose_chain_cannot_be_read_leaves_every_other_station_whole() {
    use rusqlite::types::Value;
    let floor_db = FloorDb::new();
    let dir = dir("bogus");
    let (good, bad) = (dir.join("good.sqlite3"), dir.join("bad.sqlite3"));
    simulate(&good, 5, 31);
    simulate(&bad, 5, 32);
    let url_good = floor::enrol(&floor_db.url(), "good", key_of(&good)).unwrap();
    let url_bad = floor::enrol(&floor_db.url(), "bad", key_of(&bad)).unwrap();
    floor::ship(&good, &url_good, None).unwrap();
    floor::ship(&bad, &url_bad, None).unwrap();
    floor_db.settle();

    let mut station = Client::connect(&url_bad, NoTls).unwrap();
    let chain = own_rows(&mut station);
    let head = chain.last().map(|r| (r.seq, r.hash)).unwrap();
    let bogus = chained_after(
        head,
        &[Forged {
            seq: 0,
            table: "bogus".into(),
            payload: encoded(&[Value::Text("nothing a ledger has".into())]),
            hash: [0; 32],
        }],
    );
    let (rows, signed) = (bogus[0].seq, bogus[0].hash);
    use sha2::{Digest, Sha256};
    let secret: [u8; 32] = Sha256::digest(bad.as_os_str().as_encoded_bytes()).into();
    let keys = StationKeys::from_secret_bytes(secret, [9; 32]);
    let at = "2026-11-26T12:00:00.000000Z";
    let checkpoint = encoded(&[
        Value::Text("hands".into()),
        Value::Integer(rows),
        Value::Blob(signed.to_vec()),
        Value::Blob(keys.public_key().to_vec()),
        Value::Blob(keys.sign_checkpoint(rows, &signed, "hands", at).to_vec()),
        Value::Text(at.into()),
    ]);
    let mut batch = bogus;
    batch.extend(chained_after(
        (rows, signed),
        &[Forged {
            seq: 0,
            table: "checkpoints".into(),
            payload: checkpoint,
            hash: [0; 32],
        }],
    ));
    append_forged(&mut station, &batch).unwrap();
    floor_db.settle();
    assert!(floor_alarms(&floor_db, "bad").is_empty(), "it is signed");

    let out = pairs_table()
        .args(["floor", "report", "--floor", &floor_db.url()])
        .arg("--out")
        .arg(dir.join("floor.pdf"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(": 1 table, 5 hands"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        stderr.contains("pairs-table: station bad: its chain on the floor cannot be read:"),
        "{stderr}"
    );
    let pit = tempfile::tempdir().unwrap();
    let tables = floor::survey::survey(&floor_db.url(), pit.path())
        .unwrap()
        .tables;
    assert_eq!(tables.len(), 2);
    assert!(
        tables[0].alarms[0]
            .message
            .starts_with("Floor: the floor's copy of this station cannot be read:"),
        "{:?}",
        tables[0].alarms
    );
    assert_eq!(tables[1].station, "good");
    assert!(tables[1].alarms.is_empty());
}

/// Issue 29: credentials never on a command line. A floor URL carrying a
/// password is refused before anything connects; the password comes from
/// the password file, which must be private.
#[test]
fn a_password_on_the_command_line_is_refused_and_the_password_file_must_be_private() {
    let dir = dir("credentials");
    let out = pairs_table()
        .args([
            "floor",
            "status",
            "--floor",
            "postgres://pit:s3cret@127.0.0.1:1/floor",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("the floor URL carries a password, which any user of this computer can read off a command line"),
        "{stderr}"
    );
    let open_file = dir.join("pgpass");
    std::fs::write(&open_file, "127.0.0.1:1:floor:pit:s3cret\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&open_file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = pairs_table()
        .args([
            "floor",
            "status",
            "--floor",
            "postgres://pit@127.0.0.1:1/floor",
        ])
        .env("PGPASSFILE", &open_file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(
        stderr.trim_end(),
        format!(
            "pairs-table: the password file {} may be read by others (mode 0644): make it 0600 (chmod 600 {})",
            open_file.display(),
            open_file.display()
        )
    );
}

/// A CA of the test's own, named `name`.
pub(crate) fn test_ca(name: &str) -> rcgen::CertifiedIssuer<'static, rcgen::KeyPair> {
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, name);
    params.key_usages = vec![
        rcgen::KeyUsagePurpose::KeyCertSign,
        rcgen::KeyUsagePurpose::DigitalSignature,
    ];
    rcgen::CertifiedIssuer::self_signed(params, rcgen::KeyPair::generate().unwrap()).unwrap()
}

/// Whether the floor `target` names is reached over TLS (the server's
/// own view, `pg_stat_ssl`), or the sentence that refuses it.
pub(crate) fn over_tls(target: &str) -> Result<bool, String> {
    let (config, tls) = floor::credentials::config(target).map_err(|e| e.to_string())?;
    let mut client = tls.connect(&config).map_err(|e| e.to_string())?;
    Ok(client
        .query_one(
            "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
            &[],
        )
        .unwrap()
        .get(0))
}

/// Issue 29: TLS to the floor (docs/floor.md, "TLS"), against a cluster of
/// its own whose certificate (for localhost and 127.0.0.1) a CA made here
/// signs. `verify-full` with that CA connects and the floor works over it;
/// another CA, another host name and a server without TLS are refused,
/// each with one sentence; without TLS settings the link is plain.
#[test]
fn the_floor_over_tls_is_checked_against_the_ca_and_the_host_name() {
    let dir = tempfile::Builder::new()
        .prefix("pairs-table-test-tls")
        .tempdir()
        .unwrap();
    let ca = test_ca("pairs-table test CA");
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params =
        rcgen::CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()])
            .unwrap();
    params.extended_key_usages = vec![rcgen::ExtendedKeyUsagePurpose::ServerAuth];
    let certificate = params.signed_by(&key, &*ca).unwrap();
    let ca_file = dir.path().join("ca.pem");
    let other_ca_file = dir.path().join("other-ca.pem");
    std::fs::write(&ca_file, ca.pem()).unwrap();
    std::fs::write(&other_ca_file, test_ca("another CA").pem()).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let cluster = Cluster::start(
        dir.path(),
        port.into(),
        &[
            ("server.crt", &certificate.pem()),
            ("server.key", &key.serialize_pem()),
        ],
        &[
            "ssl = on",
            "ssl_cert_file = 'server.crt'",
            "ssl_key_file = 'server.key'",
        ],
    )
    .unwrap_or_else(|why| panic!("the TLS test starts a PostgreSQL cluster of its own: {why}"));
    let mut admin = Client::connect(&format!("{}/postgres", cluster.url), NoTls).unwrap();
    admin.batch_execute("CREATE DATABASE floor").unwrap();
    let url =
        |host: &str, settings: &str| format!("postgres://postgres@{host}:{port}/floor?{settings}");
    let full = |ca: &Path| format!("sslmode=verify-full&sslrootcert={}", ca.display());
    // Another name for the same server: hostaddr connects, host is checked.
    let elsewhere = |mode: &str| {
        format!(
            "host=floor.example hostaddr=127.0.0.1 port={port} user=postgres dbname=floor sslmode={mode} sslrootcert='{}'",
            ca_file.display()
        )
    };

    assert_eq!(over_tls(&format!("{}/floor", cluster.url)), Ok(false));
    assert_eq!(over_tls(&url("127.0.0.1", "sslmode=disable")), Ok(false));
    assert_eq!(over_tls(&url("127.0.0.1", &full(&ca_file))), Ok(true));
    assert_eq!(over_tls(&url("localhost", &full(&ca_file))), Ok(true));
    assert_eq!(over_tls(&elsewhere("verify-ca")), Ok(true));
    assert_eq!(
        over_tls(&elsewhere("verify-full")),
        Err("the floor server's certificate is not for the host floor.example, which sslmode=verify-full checks".into())
    );
    let not_signed = Err(format!(
        "the floor server's certificate is not signed by the CA in {}",
        other_ca_file.display()
    ));
    assert_eq!(
        over_tls(&url("127.0.0.1", &full(&other_ca_file))),
        not_signed
    );
    let require_other = format!("sslmode=require&sslrootcert={}", other_ca_file.display());
    assert_eq!(over_tls(&url("127.0.0.1", &require_other)), not_signed);

    // The floor itself over verify-full: init, enrol (the station's URL
    // keeps the TLS settings) and status.
    let owner = url("127.0.0.1", &full(&ca_file));
    floor::init(&owner).unwrap();
    let public_key = StationKeys::from_secret_bytes([7; 32], [9; 32]).public_key();
    let station_url = floor::enrol(&owner, "north", public_key).unwrap();
    assert!(station_url.ends_with(&full(&ca_file)), "{station_url}");
    let status = floor::status(&owner).unwrap();
    assert_eq!(status.len(), 1);
    assert_eq!(status[0].station, "north");

    // The same server with TLS turned off.
    admin.batch_execute("ALTER SYSTEM SET ssl = off").unwrap();
    admin.batch_execute("SELECT pg_reload_conf()").unwrap();
    let start = Instant::now();
    while Client::connect(&format!("{}/postgres", cluster.url), NoTls)
        .unwrap()
        .query_one("SHOW ssl", &[])
        .unwrap()
        .get::<_, String>(0)
        != "off"
    {
        assert!(start.elapsed() < Duration::from_secs(20), "ssl stayed on");
        std::thread::sleep(Duration::from_millis(50));
    }
    for mode in ["require", "verify-full"] {
        let settings = format!("sslmode={mode}&sslrootcert={}", ca_file.display());
        assert_eq!(
            over_tls(&url("127.0.0.1", &settings)),
            Err(format!(
                "the floor server does not offer TLS, though sslmode={mode} asks for it"
            ))
        );
    }
    assert_eq!(over_tls(&url("127.0.0.1", "sslmode=prefer")), Ok(false));
}

/// Issue 29, item 9: a database name of 60 bytes with a two-byte character
/// across byte 30 (where station role names are cut) sets up, enrols and
/// ships; every role name stays within PostgreSQL's 63 bytes.
#[test]
fn a_floor_whose_database_name_is_long_and_not_ascii_sets_up_and_enrols() {
    let mut name = format!("pt_long_{}_", std::process::id());
    while name.len() < 29 {
        name.push('x');
    }
    name.push('é');
    while name.len() < 60 {
        name.push('y');
    }
    let floor_db = FloorDb::named(&name);
    let (stations, pit) = floor::role_names(&name);
    assert!(stations.len() <= 63 && pit.len() <= 63, "{stations} {pit}");
    let dir = dir("long-name");
    let db = dir.join("station.sqlite3");
    simulate(&db, 2, 41);
    let url = floor::enrol(&floor_db.url(), "table é", key_of(&db)).unwrap();
    floor::ship(&db, &url, None).unwrap();
    floor_db.settle();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].rows_verified as usize, file_rows(&db).len());
}

/// Issue 29, item 9: a row larger than any ledger writes is refused, and
/// nothing of its batch lands.
#[test]
fn a_row_larger_than_any_ledger_row_is_refused() {
    let floor_db = FloorDb::new();
    let dir = dir("big-row");
    let db = dir.join("station.sqlite3");
    simulate(&db, 1, 42);
    let url = floor::enrol(&floor_db.url(), "table 1", key_of(&db)).unwrap();
    let mut station = Client::connect(&url, NoTls).unwrap();
    let all = file_rows(&db);
    let end = all.iter().position(|r| r.table == "checkpoints").unwrap();
    let mut rows: Vec<_> = all[..=end].to_vec();
    rows[0].values = vec![0; 65_537];
    let error = append(&mut station, &rows).unwrap_err();
    assert_eq!(
        error.as_db_error().unwrap().message(),
        "row 1 of station table 1 is larger than 65536 bytes: no ledger row is"
    );
    assert_eq!(floor_seqs(&floor_db, "table 1"), []);
}

/// `floor init` on a new floor prints the pit's password file line once,
/// then the version line; the pit's and a station's passwords are stored
/// as SCRAM verifiers, so the statements that set them hold no password.
/// It warns on stderr, as `floor status` does, that the floor runs on one
/// server. `floor key` prints the station's public key for `floor enrol`.
#[test]
fn init_and_enrol_give_password_file_lines_and_keep_only_verifiers() {
    let mut admin = Client::connect(&format!("{}/postgres", server()), NoTls).unwrap();
    let name = format!("pt_init_{}", std::process::id());
    admin
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap();
    let url = format!("{}/{name}", server());
    let init = || {
        let out = pairs_table()
            .args(["floor", "init", "--floor", &url])
            .output()
            .unwrap();
        let warned = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{warned}");
        // Replication checked as `floor status` checks it: one server.
        assert!(
            warned.starts_with("pairs-table: warning: the floor runs on one server: no standby"),
            "{warned}"
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let first = init();
    let lines: Vec<&str> = first.lines().collect();
    let pit = format!("{name}_pit");
    assert_eq!(lines.len(), 2, "{first}");
    let password = lines[0].rsplit(':').next().unwrap().to_owned();
    assert_eq!(password.len(), 32, "{first}");
    assert!(
        lines[0].ends_with(&format!(":{name}:{pit}:{password}")),
        "{first}"
    );
    assert_eq!(
        lines[1],
        format!(
            "floor schema at version {}; the pit reads as role {pit}",
            schema_files().len()
        )
    );
    assert_eq!(
        init(),
        format!("{}\n", lines[1]),
        "the password is shown once"
    );

    let out = pairs_table().args(["floor", "key"]).output().unwrap();
    let key = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        key,
        format!("{}\n", hex::encode(crate::test_keys().public_key()))
    );
    let out = pairs_table()
        .args(["floor", "enrol", "--floor", &url, "--station", "t1"])
        .args(["--public-key", key.trim()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let role: String = Client::connect(&url, NoTls)
        .unwrap()
        .query_one("SELECT role_name FROM floor.stations", &[])
        .unwrap()
        .get(0);
    for role in [&pit, &role] {
        let stored: String = admin
            .query_one(
                "SELECT rolpassword FROM pg_authid WHERE rolname = $1",
                &[role],
            )
            .unwrap()
            .get(0);
        assert!(stored.starts_with("SCRAM-SHA-256$"), "{role}: {stored}");
        assert!(!stored.contains(&password));
    }
    admin
        .batch_execute(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .unwrap();
    for role in [role, pit, format!("{name}_stations")] {
        admin
            .batch_execute(&format!("DROP ROLE \"{role}\""))
            .unwrap();
    }
}

/// A directory for ledgers built by the hundred hands: on a tmpfs where
/// there is one (`/dev/shm`), where a commit's fsync costs nothing.
fn fast_dir(test: &str) -> PathBuf {
    let shm = Path::new("/dev/shm");
    if !shm.is_dir() {
        return dir(test);
    }
    let dir = shm.join(format!("pairs-table-floor-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Rows of `floor.chain_rows` the server has read so far (sequentially
/// and through its indexes), counted once every other connection to the
/// database has closed: a backend writes its counts out as it exits,
/// before it leaves `pg_stat_activity`.
fn chain_rows_read(admin: &mut Client) -> i64 {
    crate::util::wait_for_count(
        admin,
        "SELECT count(*) FROM pg_stat_activity \
          WHERE datname = current_database() AND pid <> pg_backend_pid()",
        |others| others == 0,
        Duration::from_secs(20),
        "the other connections did not close",
    );
    admin
        .query_one(
            "SELECT t.seq_tup_read + coalesce((SELECT sum(i.idx_tup_read) \
                      FROM pg_stat_user_indexes i WHERE i.relid = t.relid), 0)::bigint \
               FROM pg_stat_user_tables t WHERE t.relid = 'floor.chain_rows'::regclass",
            &[],
        )
        .unwrap()
        .get(0)
}

/// Rows of `floor.chain_rows` read while `read` runs.
fn chain_rows_read_by<T>(admin: &mut Client, read: impl FnOnce() -> T) -> (i64, T) {
    let before = chain_rows_read(admin);
    let result = read();
    (chain_rows_read(admin) - before, result)
}

#[test]
fn status_and_the_pits_redraw_read_the_same_rows_at_any_chain_length() {
    use pairs_table::floor::survey::{resurvey, survey};
    let mut floor_db = FloorDb::new();
    let dir = fast_dir("reads");
    let db = dir.join("station.sqlite3");
    simulate(&db, 3, 1);
    let url = floor::enrol(&floor_db.url(), "table A", key_of(&db)).unwrap();
    let other = dir.join("other.sqlite3");
    simulate(&other, 2, 2);
    let other_url = floor::enrol(&floor_db.url(), "table B", key_of(&other)).unwrap();
    floor::ship(&db, &url, None).unwrap();
    floor::ship(&other, &other_url, None).unwrap();
    floor_db.settle();
    // From here nothing reads the floor but what is measured (the
    // verifier's pass is run by hand after each shipment).
    floor_db.stop_verifier();
    let verify = |floor_db: &FloorDb| {
        let mut owner = floor_db.admin();
        floor::verifier::verify_pending(&mut owner, None).unwrap();
    };
    let replicas = dir.join("replicas");
    std::fs::create_dir_all(&replicas).unwrap();
    let mut tables = survey(&floor_db.url(), &replicas).unwrap().tables;
    let mut admin = floor_db.admin();
    // A hand arrives from table A; the pit redraws for it. Returns rows
    // read by `floor status` and by the redraw, and the rows that arrived.
    let mut hand_arrives = |seed: u32, tables: &mut Vec<floor::survey::PitTable>| {
        let (read_by_status, status) =
            chain_rows_read_by(&mut admin, || floor::status(&floor_db.url()).unwrap());
        assert_eq!(status[0].table.as_deref(), Some("simulation"));
        simulate(&db, 1, seed);
        let new = floor::ship(&db, &url, None).unwrap() as i64;
        verify(&floor_db);
        let named = ["table A".to_owned()];
        let (read_by_redraw, redrawn) = chain_rows_read_by(&mut admin, || {
            resurvey(&floor_db.url(), &replicas, tables, Some(&named))
                .unwrap()
                .tables
        });
        *tables = redrawn;
        (read_by_status, read_by_redraw, new)
    };
    let (status_short, redraw_short, new_short) = hand_arrives(7, &mut tables);
    let short = file_rows(&db).len();

    // Table A's chain grows a hundredfold; the pit catches up once.
    simulate(&db, 300, 8);
    floor::ship(&db, &url, None).unwrap();
    verify(&floor_db);
    tables = resurvey(
        &floor_db.url(),
        &replicas,
        &tables,
        Some(&["table A".into()]),
    )
    .unwrap()
    .tables;
    let (status_long, redraw_long, new_long) = hand_arrives(7, &mut tables);
    let long = file_rows(&db).len();
    assert!(long > 50 * short, "{short} rows, then {long}");

    // `floor status` reads no chain row; the redraw reads the rows that
    // arrived and as many more whatever the chain's length.
    assert_eq!((status_short, status_long), (0, 0));
    assert!(new_short > 0 && new_long > 0);
    assert_eq!(
        redraw_short - new_short,
        redraw_long - new_long,
        "rows read beyond the new ones: {redraw_short} for {new_short} new at {short} rows, \
         {redraw_long} for {new_long} new at {long} rows"
    );
    assert!(
        redraw_long - new_long <= 2,
        "{redraw_long} rows read for {new_long} new"
    );
    // The redraw did bring table A's copy up to date.
    assert_eq!(
        pairs_table::ledger::chain_length(&tables[0].replica).unwrap(),
        long as i64
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_floor_of_schema_6_names_each_stations_table_after_the_upgrade() {
    let floor_db = FloorDb::migrated_to(6);
    let dir = dir("schema-6");
    let db = dir.join("station.sqlite3");
    simulate(&db, 2, 3);
    let rows = file_rows(&db);
    let last = rows.last().unwrap();
    // The station's chain as a floor of schema 6 held it, written by the
    // owner (as append_rows would have).
    let mut owner = floor_db.admin();
    owner
        .execute(
            "INSERT INTO floor.stations (station, role_name, public_key, head_seq, head_hash, verified_seq) \
             VALUES ('old', 'old_role', $1, $2, $3, $2)",
            &[&key_of(&db).to_vec(), &last.seq, &last.hash.to_vec()],
        )
        .unwrap();
    for row in &rows {
        owner
            .execute(
                "INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash) \
                 VALUES ('old', $1, $2, $3, $4)",
                &[&row.seq, &row.table, &row.values, &row.hash.to_vec()],
            )
            .unwrap();
    }
    assert_eq!(
        floor::init(&floor_db.url()).unwrap().version,
        schema_files().len()
    );
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].table.as_deref(), Some("simulation"));
    assert_eq!(status[0].rows_verified, last.seq);
    assert_eq!(
        floor::verify_floor(&floor_db.url()).unwrap().1,
        Vec::<String>::new()
    );
}

/// Waits (up to 10 s) until `done` holds of the floor's status.
fn until_status(
    floor_db: &FloorDb,
    what: &str,
    done: impl Fn(&[floor::StationStatus]) -> bool,
) -> Vec<floor::StationStatus> {
    let start = Instant::now();
    loop {
        let status = floor::status(&floor_db.url()).unwrap();
        if done(&status) {
            return status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{what} did not happen in 10 s: {status:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `floor status`'s lines for the floor (its exit status 0, 1 or 2:
/// well, a warning or critical).
fn status_text(floor_db: &FloorDb) -> String {
    let out = pairs_table()
        .args(["floor", "status", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert!(matches!(out.status.code(), Some(0..=2)), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_station_whose_appends_are_refused_tells_the_floor_how_far_behind_it_is() {
    let floor_db = FloorDb::new();
    let dir = dir("refused");
    let db = dir.join("station.sqlite3");
    simulate(&db, 3, 1);
    let url = floor::enrol(&floor_db.url(), "table 1", key_of(&db)).unwrap();
    floor::ship(&db, &url, Some(&keys_of(&db))).unwrap();
    let head = file_rows(&db).len() as i64;
    simulate(&db, 2, 2);
    let behind = file_rows(&db).len() as i64 - head;
    let (stations, _) = floor::role_names(&floor_db.name);
    let revoke = format!(
        "REVOKE EXECUTE ON FUNCTION floor.append_batch(bigint[], text[], bytea[], bytea[], bigint, timestamptz) FROM \"{stations}\""
    );
    floor_db.admin().batch_execute(&revoke).unwrap();
    let refused = "the floor database: permission denied for function append_batch";

    // `floor ship` says why, once, and the floor hears it all the same.
    let out = pairs_table_for(&db)
        .args(["floor", "ship", "--db"])
        .arg(&db)
        .args(["--floor", &crate::on_command_line(&url)])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("pairs-table: {refused}\n")
    );
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(status[0].rows_shipped, head);
    assert_eq!(status[0].link.lag, Some(behind), "never 0 while refused");
    assert_eq!(status[0].link.link_failure.as_deref(), Some(refused));
    assert!(status[0].link.last_contact.is_some() && !status[0].link.silent);
    let line = status_text(&floor_db);
    assert!(
        line.contains(&format!("\tlag {behind}\t"))
            && line.ends_with(&format!("\tlink failed: {refused}\n")),
        "{line}"
    );

    // The station's own shipper, as the app runs it: it holds rows back
    // while refused, tells the floor, and catches up once allowed again.
    let shipper = floor::Shipper::start(&db, &url, Some(keys_of(&db))).unwrap();
    simulate(&db, 1, 3);
    let behind = file_rows(&db).len() as i64 - head;
    until_status(&floor_db, "the larger lag", |s| {
        s[0].link.lag == Some(behind)
    });
    // The shipper tells the floor first, then notes it here.
    let start = Instant::now();
    while shipper.link().down.is_none_or(|(_, why)| why != refused) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the shipper's link never said {refused:?}: {:?}",
            shipper.link()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    floor_db
        .admin()
        .batch_execute(&revoke.replace("REVOKE", "GRANT").replace(" FROM ", " TO "))
        .unwrap();
    let status = until_status(&floor_db, "the catch-up", |s| {
        s[0].link.lag == Some(0) && s[0].link.link_failure.is_none()
    });
    assert_eq!(status[0].rows_shipped, head + behind);
    let outcome = shipper.finish();
    assert_eq!(outcome.shipped, behind as u64);
    assert_eq!(outcome.last_error, None);
    assert_eq!(outcome.outages.len(), 1);
    assert_eq!(outcome.outages[0].rows_held_back, behind);
    assert_eq!(outcome.outages[0].reason, refused);
    let summary = outcome.outages_summary(chrono::Utc::now()).unwrap();
    assert!(
        summary.starts_with("the floor link was down once, ")
            && summary.contains(&format!(
                "holding back up to {behind} rows; the first failure: {refused}"
            )),
        "{summary}"
    );
}

#[test]
fn a_station_not_heard_from_for_the_notice_time_shows_its_lag_as_unknown() {
    use eframe::egui;
    use egui_kittest::Harness;
    use pairs_table::ui::FloorApp;

    let floor_db = FloorDb::new();
    let dir = dir("silent");
    let db = dir.join("station.sqlite3");
    simulate(&db, 2, 1);
    let url = floor::enrol(&floor_db.url(), "table 1", key_of(&db)).unwrap();
    floor::ship(&db, &url, Some(&keys_of(&db))).unwrap();
    floor::enrol(
        &floor_db.url(),
        "table 2",
        key_of(&dir.join("never.sqlite3")),
    )
    .unwrap();
    floor_db.settle();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(
        (status[0].link.lag, status[0].link.silent),
        (Some(0), false)
    );
    // Never heard from, but enrolled just now: unknown, not yet silent.
    assert_eq!((status[1].link.lag, status[1].link.silent), (None, false));

    // Six minutes pass without a word from either (the floor's clock of
    // their last contact and enrolment moved back): past the default
    // notice time of 5 minutes.
    floor_db
        .admin()
        .batch_execute(
            "UPDATE floor.stations SET last_contact = last_contact - interval '6 minutes', \
                    enrolled_at = enrolled_at - interval '6 minutes'",
        )
        .unwrap();
    let status = floor::status(&floor_db.url()).unwrap();
    for station in &status {
        assert_eq!((station.link.lag, station.link.silent), (None, true));
    }
    let text = status_text(&floor_db);
    assert_eq!(
        text.matches("\tlag unknown (silent)\t").count(),
        2,
        "{text}"
    );
    let out = pairs_table()
        .args(["floor", "status", "--json", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json[0]["lag"], serde_json::Value::Null);
    assert_eq!(json[0]["silent"], true);

    // The pit shows it unknown, in the alarm colour.
    let app = FloorApp::start(floor_db.url(), egui::Context::default());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 900.0))
        .build_ui_state(|ui, app: &mut FloorApp| app.show_ui(ui), app);
    run_until_shown(&mut harness, "Pit view: 2 tables");
    let tables = harness.state().tables().unwrap().to_vec();
    assert!(tables.iter().all(|t| t.link.silent && t.link.lag.is_none()));
    run_until_shown(&mut harness, "unknown");
    // Switched off after its shift closed, and never used: neither is
    // trouble, so neither is amber's "link down".
    let state = |name: &str| tables.iter().find(|t| t.station == name).unwrap().state();
    assert_eq!(
        (state("table 1"), state("table 2")),
        (
            pairs_table::floor::survey::TableState::StationOff,
            pairs_table::floor::survey::TableState::NothingShipped
        )
    );
    run_until_shown(&mut harness, "closed, station off");

    // A longer notice time, set by the house: heard from recently enough
    // not to be silent, though its lag is unknown (three heartbeats
    // missed: docs/floor.md, "Signed heartbeats").
    let out = pairs_table()
        .args(["floor", "settings", "--notice-minutes", "10"])
        .args(["--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "notice time: 10 minutes; clock tolerance: 120 seconds\n"
    );
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!((status[0].link.lag, status[0].link.silent), (None, false));
    assert!(
        status[0]
            .link
            .lag_words()
            .starts_with("lag unknown (no heartbeat for 36"),
        "{}",
        status[0].link.lag_words()
    );

    // A station about to fall silent: the pit looks again when it does,
    // though nothing arrives from the floor.
    floor_db
        .admin()
        .batch_execute(
            "UPDATE floor.stations SET last_contact = now() - interval '10 minutes' + interval '1 second', \
                    enrolled_at = now() WHERE station = 'table 1'",
        )
        .unwrap();
    let app = FloorApp::start(floor_db.url(), egui::Context::default());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 900.0))
        .build_ui_state(|ui, app: &mut FloorApp| app.show_ui(ui), app);
    run_until(&mut harness, "table 1 heard from", |h| {
        h.state().tables().is_some_and(|t| !t[0].link.silent)
    });
    run_until(&mut harness, "table 1 silent", |h| {
        h.state().tables().is_some_and(|t| t[0].link.silent)
    });
    let out = pairs_table()
        .args(["floor", "settings", "--notice-minutes", "0"])
        .args(["--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "pairs-table: the notice time is 1 to 1440 minutes\n"
    );
}

#[test]
fn a_floor_with_no_connection_free_says_so_once_at_the_station_and_in_the_pit() {
    use eframe::egui;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use pairs_table::engine::hand::GameKind;
    use pairs_table::station::{Feed, SourceChoice};
    use pairs_table::ui::{FloorApp, StationApp};

    let floor_db = FloorDb::new();
    let dir = dir("no-connection");
    let db = dir.join("station.sqlite3");
    simulate(&db, 2, 1);
    let url = floor::enrol(&floor_db.url(), "table 1", key_of(&db)).unwrap();
    let app_url = floor::enrol(
        &floor_db.url(),
        "app station",
        crate::test_keys().public_key(),
    )
    .unwrap();
    // The verifier's two connections fill the database's limit; only
    // superusers (the verifier, the owner) may connect beyond it.
    let limit = |n: i32| {
        floor_db
            .admin()
            .batch_execute(&format!(
                "ALTER DATABASE \"{}\" CONNECTION LIMIT {n}",
                floor_db.name
            ))
            .unwrap();
    };
    limit(2);
    let refused = format!(
        "the floor refused the connection: every connection it allows is in use \
         (too many connections for database \"{}\"); docs/floor.md, \"Connections\", sizes them",
        floor_db.name
    );
    let out = pairs_table_for(&db)
        .args(["floor", "ship", "--db"])
        .arg(&db)
        .args(["--floor", &crate::on_command_line(&url)])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("pairs-table: {refused}\n"),
        "said once"
    );

    // The table screen says so, once.
    let (ledger, _path, _clock) = crate::util::staffed_ledger("no-connection");
    let setup = crate::util::setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe);
    let station = crate::util::open(ledger, setup, Feed::SoftwareShoe);
    let mut app = StationApp::with_station(station, egui::Context::default());
    app.ship_to_floor(app_url, crate::test_keys(), chrono::TimeDelta::minutes(5));
    let mut table = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app);
    run_until_shown(&mut table, &refused);
    assert_eq!(table.query_all_by_label_contains(&refused).count(), 1);

    // The pit, reading as the pit's role, is refused too and says so once;
    // read as the owner (a superuser), it says the floor has none free.
    let (_, pit_role) = floor::role_names(&floor_db.name);
    let pit_url = floor_db.url_as(&pit_role);
    let pit = |url: String| {
        Harness::builder()
            .with_size(egui::vec2(1600.0, 900.0))
            .build_ui_state(
                |ui, app: &mut FloorApp| app.show_ui(ui),
                FloorApp::start(url, egui::Context::default()),
            )
    };
    let mut refused_pit = pit(pit_url);
    let said = format!("The floor link failed: {refused}. Retrying.");
    run_until_shown(&mut refused_pit, &said);
    assert_eq!(refused_pit.query_all_by_label_contains(&said).count(), 1);
    let mut owners_pit = pit(floor_db.url());
    run_until_shown(&mut owners_pit, "The floor has no connection free (");
    assert!(
        owners_pit
            .query_all_by_label_contains("stations and the pit are refused until one frees")
            .next()
            .is_some()
    );

    // A connection free again: the station ships by itself.
    limit(-1);
    run_until_shown(&mut table, "Floor: linked");
    let status = until_status(&floor_db, "the app station's rows", |s| {
        s[0].station == "app station" && s[0].rows_shipped > 0
    });
    assert_eq!(status[0].link.link_failure, None);
}

#[test]
fn a_station_whose_clock_is_off_is_flagged_in_status_the_pit_and_the_report() {
    use eframe::egui;
    use egui_kittest::Harness;
    use pairs_table::ui::FloorApp;

    let floor_db = FloorDb::new();
    let dir = dir("clocks");
    let mut urls = Vec::new();
    for (name, seed) in [("ahead", 1), ("behind", 2)] {
        let db = dir.join(format!("{name}.sqlite3"));
        simulate(&db, 2, seed);
        let url = floor::enrol(&floor_db.url(), name, key_of(&db)).unwrap();
        floor::ship(&db, &url, Some(&keys_of(&db))).unwrap();
        urls.push((url, file_rows(&db).len() as i64, keys_of(&db)));
    }
    floor_db.settle();
    // Shipped from this machine: the station's clock is the floor's.
    let status = floor::status(&floor_db.url()).unwrap();
    for station in &status {
        assert_eq!(station.link.clock_skew_seconds, Some(0));
        assert_eq!(station.link.clock_words().as_deref(), Some("in step"));
        assert!(!station.link.clock_flagged);
    }
    // Each station tells the floor its clock as a station whose clock is
    // off would: three hours ahead, ninety seconds behind.
    for ((url, rows, keys), off) in urls
        .iter()
        .zip([chrono::TimeDelta::hours(3), chrono::TimeDelta::seconds(-90)])
    {
        let clock = (chrono::Utc::now() + off).to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
        floor::heartbeat::send(
            &mut Client::connect(url, NoTls).unwrap(),
            keys,
            *rows,
            None,
            &clock,
        )
        .unwrap();
    }
    let status = floor::status(&floor_db.url()).unwrap();
    let clocks: Vec<_> = status
        .iter()
        .map(|s| (s.link.clock_skew_seconds, s.link.clock_flagged))
        .collect();
    assert_eq!(clocks, [(Some(10800), true), (Some(-90), false)]);
    let text = status_text(&floor_db);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with("\tclock 3 h 0 min ahead of the floor's"),
        "{text}"
    );
    assert!(!text.lines().nth(1).unwrap().contains("clock"), "{text}");

    // A tighter tolerance set by the house flags the second too.
    let out = pairs_table()
        .args(["floor", "settings", "--clock-tolerance-seconds", "60"])
        .args(["--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let status = floor::status(&floor_db.url()).unwrap();
    assert!(status[1].link.clock_flagged);
    assert_eq!(
        status[1].link.clock_words().as_deref(),
        Some("1 min 30 s behind")
    );

    // The pit shows both, in the alarm colour.
    let app = FloorApp::start(floor_db.url(), egui::Context::default());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1800.0, 900.0))
        .build_ui_state(|ui, app: &mut FloorApp| app.show_ui(ui), app);
    run_until_shown(&mut harness, "3 h 0 min ahead");
    run_until_shown(&mut harness, "1 min 30 s behind");

    // The report says which clock it selects by, and names the stations.
    let pdf = dir.join("floor.pdf");
    let out = pairs_table()
        .args(["floor", "report", "--floor", &floor_db.url()])
        .args([
            "--from",
            "2000-01-01T00:00:00Z",
            "--to",
            "2100-01-01T00:00:00Z",
        ])
        .arg("--out")
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "pairs-table: station ahead: its clock was 3 h 0 min ahead of the floor's at its last contact, beyond the house's tolerance; its hands are selected by its own clock\n"
        ),
        "{stderr}"
    );
    let text = crate::pdf_text::pdf_text(&std::fs::read(&pdf).unwrap()).replace('\n', " ");
    for words in [
        "Hands are selected by the time each station recorded for their start: its own clock, not the floor's time of receipt.",
        "Clocks",
        "station behind: its clock was 1 min 30 s behind",
    ] {
        assert!(text.contains(words), "{words} in {text}");
    }
}

#[test]
fn four_shippers_of_one_file_at_once_count_only_the_rows_each_put_on_the_floor() {
    let floor_db = FloorDb::new();
    let dir = dir("four-shippers");
    let db = dir.join("station.sqlite3");
    simulate(&db, 60, 4);
    let url = floor::enrol(&floor_db.url(), "table 1", key_of(&db)).unwrap();
    let url = crate::on_command_line(&url);
    // The station's row held locked until all four wait on it: each has
    // read the same head, and all four send the same first batch at once.
    let mut holder = floor_db.admin();
    let mut held = holder.transaction().unwrap();
    held.execute(
        "SELECT 1 FROM floor.stations WHERE station = 'table 1' FOR UPDATE",
        &[],
    )
    .unwrap();
    let shippers: Vec<_> = (0..4)
        .map(|_| {
            pairs_table_for(&db)
                .args(["floor", "ship", "--db"])
                .arg(&db)
                .args(["--floor", &url])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut watcher = floor_db.admin();
    let start = Instant::now();
    loop {
        let waiting: i64 = watcher
            .query_one(
                "SELECT count(*) FROM pg_stat_activity \
                  WHERE datname = current_database() AND wait_event_type = 'Lock'",
                &[],
            )
            .unwrap()
            .get(0);
        if waiting == 4 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{waiting} waiting"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    held.commit().unwrap();
    let mut counts = Vec::new();
    for shipper in shippers {
        let out = shipper.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let said = String::from_utf8(out.stdout).unwrap();
        let count: u64 = said
            .strip_prefix("shipped ")
            .and_then(|rest| rest.strip_suffix(" rows\n"))
            .unwrap_or_else(|| panic!("{said}"))
            .parse()
            .unwrap();
        counts.push(count);
    }
    let rows = file_rows(&db).len() as u64;
    assert_eq!(counts.iter().sum::<u64>(), rows, "{counts:?}");
    assert_eq!(floor_seqs(&floor_db, "table 1").len() as u64, rows);
}

#[test]
fn every_floor_error_is_said_once_and_simulate_sums_up_its_outages() {
    let said = |args: &[&str]| -> String {
        let out = pairs_table().args(args).output().unwrap();
        assert!(!out.status.success());
        String::from_utf8(out.stderr).unwrap()
    };
    let refused = said(&[
        "floor",
        "status",
        "--floor",
        "postgres://postgres@127.0.0.1:1/x",
    ]);
    assert_eq!(
        refused,
        "pairs-table: the floor database: error connecting to server: Connection refused (os error 111)\n"
    );
    let missing = format!("{}/no_such_floor_{}", server(), std::process::id());
    assert_eq!(
        said(&["floor", "status", "--floor", &missing]),
        format!(
            "pairs-table: the floor database: database \"no_such_floor_{}\" does not exist\n",
            std::process::id()
        )
    );
    let unmigrated = format!("{}/postgres", server());
    assert_eq!(
        said(&["floor", "status", "--floor", &unmigrated]),
        format!(
            "pairs-table: this database holds no floor: its owner sets one up with `pairs-table floor init --floor OWNER_URL` (it needs floor schema version {})\n",
            floor::SCHEMA_VERSION
        )
    );

    // A simulation whose floor never answers: its outage summed up, then
    // the last failure, each said once.
    let dir = dir("said-once");
    let db = dir.join("station.sqlite3");
    let out = pairs_table_for(&db)
        .args([
            "simulate", "--game", "rocket", "--seats", "3", "--hands", "3",
        ])
        .args(["--floor", "postgres://postgres@127.0.0.1:1/x", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    let reason =
        "the floor database: error connecting to server: Connection refused (os error 111)";
    assert_eq!(lines.len(), 2, "{stderr}");
    let rows = file_rows(&db).len();
    assert!(
        lines[0].starts_with("pairs-table: the floor link was down once, ")
            && lines[0].ends_with(&format!(
                "holding back up to {rows} rows; the first failure: {reason}"
            )),
        "{stderr}"
    );
    assert_eq!(
        lines[1],
        format!(
            "pairs-table: shipped 0 rows to the floor, then the link failed ({reason}); `pairs-table floor ship` sends the rest"
        )
    );
}

#[test]
fn floor_verify_checks_every_stations_chain_in_parallel_and_reports_in_station_order() {
    let floor_db = FloorDb::new();
    let dir = dir("verify-floor");
    let mut shipped = Vec::new();
    for (name, seed) in [("table A", 1), ("table B", 2), ("table C", 3)] {
        let db = dir.join(format!("{seed}.sqlite3"));
        simulate(&db, 3, seed);
        let url = floor::enrol(&floor_db.url(), name, key_of(&db)).unwrap();
        floor::ship(&db, &url, None).unwrap();
        shipped.push(file_rows(&db));
    }
    floor_db.settle();
    let (checked, findings) = floor::verify_floor(&floor_db.url()).unwrap();
    assert_eq!(findings, Vec::<String>::new());
    assert_eq!(
        checked as usize,
        shipped.iter().map(Vec::len).sum::<usize>()
    );

    // The owner, who can, rewrites the floor behind the triggers: a row
    // of C's altered, a checkpoint of B's signature changed (a bit of it
    // flipped: setting a byte of a random signature would leave it as it
    // was one time in 256), a row of A's deleted.
    let c_row = 5;
    let b_checkpoint = shipped[1]
        .iter()
        .find(|r| r.table == "checkpoints" && r.seq > 10)
        .unwrap()
        .seq;
    floor_db
        .admin()
        .batch_execute(&format!(
            "ALTER TABLE floor.chain_rows DISABLE TRIGGER chain_rows_unalterable; \
             UPDATE floor.chain_rows SET payload = payload || '\\x00'::bytea \
              WHERE station = 'table C' AND seq = {c_row}; \
             UPDATE floor.chain_rows SET payload = set_byte(payload, octet_length(payload) - 41, \
                    get_byte(payload, octet_length(payload) - 41) # 1) \
              WHERE station = 'table B' AND seq = {b_checkpoint}; \
             DELETE FROM floor.chain_rows WHERE station = 'table A' AND seq = 3; \
             ALTER TABLE floor.chain_rows ENABLE TRIGGER chain_rows_unalterable;"
        ))
        .unwrap();
    let (_, findings) = floor::verify_floor(&floor_db.url()).unwrap();
    assert_eq!(
        findings,
        [
            "station table A: row 4 follows row 2, rows are missing".to_owned(),
            "station table A: the checkpoint at row 4: it signs row 3, but the chain before it ends at row 2".to_owned(),
            "station table A: row 4's hash does not follow from the row before".to_owned(),
            format!(
                "station table B: the checkpoint at row {b_checkpoint}: its signature does not match the station's key"
            ),
            format!("station table B: row {b_checkpoint}'s hash does not follow from the row before"),
            format!("station table C: row {c_row}'s hash does not follow from the row before"),
        ]
    );
    let out = pairs_table()
        .args(["floor", "verify", "--floor", &floor_db.url()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        findings
            .iter()
            .map(|f| format!("{f}\n"))
            .collect::<String>()
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "pairs-table: 6 disagreements in {} rows\n",
            shipped.iter().map(Vec::len).sum::<usize>() - 1
        )
    );
}

#[test]
fn a_checkpoint_that_cannot_be_read_is_quarantined_not_counted() {
    let floor_db = FloorDb::new();
    let dir = dir("garbled-checkpoint");
    let db = dir.join("station.sqlite3");
    simulate(&db, 2, 13);
    let url = floor::enrol(&floor_db.url(), "table 8", key_of(&db)).unwrap();
    floor::ship(&db, &url, None).unwrap();
    floor_db.settle();
    let genuine = floor::status(&floor_db.url()).unwrap()[0].rows_verified;
    // A "checkpoint" whose payload is no encoding at all, chained to the
    // floor's head by whoever holds the station's URL.
    let mut forger = Client::connect(&url, NoTls).unwrap();
    let chain = own_rows(&mut forger);
    let head = chain.last().map(|r| (r.seq, r.hash)).unwrap();
    let garbled = Forged {
        seq: 0,
        table: "checkpoints".into(),
        payload: vec![0xff; 20],
        hash: [0; 32],
    };
    append_forged(&mut forger, &chained_after(head, &[garbled])).unwrap();
    floor_db.settle();
    let status = floor::status(&floor_db.url()).unwrap();
    assert_eq!(
        (status[0].rows_shipped, status[0].rows_verified),
        (genuine, genuine)
    );
    let alarms = floor_alarms(&floor_db, "table 8");
    assert!(
        alarms[0].ends_with(&format!(
            "the checkpoint at row {}: its head, key or signature is malformed",
            genuine + 1
        )),
        "{alarms:?}"
    );
}
