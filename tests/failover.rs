//! The floor losing its server (docs/floor.md, "Failover runbook"): a
//! primary and a streaming standby, private clusters the test starts from
//! the installed binaries (initdb, pg_basebackup), on ports and in
//! directories of their own, stopped at the end even when the test fails.
//! Stations ship to the multi-host target; the primary is killed or
//! stalled mid-shipping and the standby promoted; every row arrives once.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};

use crate::floor::{Cluster, file_rows, key_of, pairs_table_for, verify_file_with};
use pairs_table::floor;

/// The floor database's name on the pair.
const FLOOR: &str = "floor";

/// One server of the pair: its cluster (stopped when dropped) and port.
pub(crate) struct Server {
    pub(crate) cluster: Cluster,
    pub(crate) port: u32,
    pub(crate) name: &'static str,
}

impl Server {
    /// The owner's URL of the floor database on this server alone.
    pub(crate) fn url(&self) -> String {
        format!("{}/{FLOOR}", self.cluster.url)
    }

    /// The postmaster's process id (the first line of postmaster.pid).
    pub(crate) fn postmaster(&self) -> Option<u32> {
        let pid =
            std::fs::read_to_string(Path::new(&self.cluster.data).join("postmaster.pid")).ok()?;
        pid.lines().next()?.trim().parse().ok()
    }

    /// The postmaster and every process it started (each a process
    /// group of its own, so they are signalled one by one).
    pub(crate) fn processes(&self) -> Vec<u32> {
        let Some(postmaster) = self.postmaster() else {
            return Vec::new();
        };
        let children = Command::new("pgrep")
            .args(["-P", &postmaster.to_string()])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        std::iter::once(postmaster)
            .chain(children.lines().filter_map(|l| l.trim().parse().ok()))
            .collect()
    }

    /// Sends `signal` (`KILL`, `STOP`, `CONT`) to the postmaster alone.
    pub(crate) fn signal_postmaster(&self, signal: &str) {
        if let Some(pid) = self.postmaster() {
            signal_pids(signal, &[pid]);
        }
    }

    /// Sends `signal` to the postmaster and every process it started: the
    /// whole server, as a machine that hangs or loses power.
    pub(crate) fn signal_all(&self, signal: &str) {
        signal_pids(signal, &self.processes());
    }

    /// Connects to the floor database on this server as its owner.
    pub(crate) fn admin(&self) -> Client {
        Client::connect(&self.url(), NoTls).unwrap()
    }

    /// Promotes this standby (`pg_promote()`, which waits until it is
    /// done) and returns how long that took.
    pub(crate) fn promote(&self) -> Duration {
        let start = Instant::now();
        let promoted: bool = self
            .admin()
            .query_one("SELECT pg_promote()", &[])
            .unwrap()
            .get(0);
        assert!(promoted, "{} was not promoted", self.name);
        start.elapsed()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // A stopped server would not hear pg_ctl's stop; one killed is
        // gone and leaves nothing to stop but its children, which see
        // their postmaster die and end.
        self.signal_all("CONT");
    }
}

fn signal_pids(signal: &str, pids: &[u32]) {
    if pids.is_empty() {
        return;
    }
    let _ = Command::new("kill")
        .arg(format!("-{signal}"))
        .args(pids.iter().map(u32::to_string))
        .stderr(Stdio::null())
        .status();
}

/// A primary and its streaming standby, in a directory of the test's own
/// (removed at the end); each stopped when dropped, even when the test
/// fails.
pub(crate) struct Pair {
    // Dropped in field order: the standby first, then the primary.
    pub(crate) standby: Server,
    pub(crate) primary: Server,
    pub(crate) _dir: RemovedAtEnd,
}

/// A directory removed when dropped (after the servers in it stopped).
pub(crate) struct RemovedAtEnd(pub(crate) PathBuf);

impl Drop for RemovedAtEnd {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Settings both servers need: a standby from a base backup streams from
/// the primary; `wal_log_hints` lets `pg_rewind` rewind the old primary;
/// enough connections for fifty stations, the verifier and the pit.
const PAIR_SETTINGS: [&str; 5] = [
    "wal_level = replica",
    "wal_log_hints = on",
    "max_connections = 200",
    "max_wal_senders = 10",
    "wal_keep_size = '256MB'",
];

impl Pair {
    /// Starts a primary `floor_a` (the floor database created and `floor
    /// init` run on it) and a standby `floor_b` streaming from it, in a
    /// fresh directory named after `test`.
    pub(crate) fn start(test: &str) -> Pair {
        let dir = std::env::temp_dir().join(format!(
            "pairs-table-failover-{}-{test}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::create_dir_all(dir.join("b")).unwrap();
        // Two ports free now (the system's choice, as the other private
        // clusters' tests take theirs): a fixed range could meet a port a
        // client connection holds.
        let (base, second) = free_ports();
        let settings: Vec<&str> = PAIR_SETTINGS
            .iter()
            .copied()
            .chain(["cluster_name = 'floor_a'"])
            .collect();
        let primary = new_cluster(&dir.join("a"), base, &settings);
        let primary = Server {
            cluster: primary,
            port: base,
            name: "floor_a",
        };
        primary
            .cluster
            .connect_postgres()
            .batch_execute(&format!("CREATE DATABASE {FLOOR}"))
            .unwrap();
        floor::init(&primary.url()).unwrap();
        let standby = Server {
            cluster: standby_of(&primary, &dir.join("b"), second, "floor_b"),
            port: second,
            name: "floor_b",
        };
        let pair = Pair {
            standby,
            primary,
            _dir: RemovedAtEnd(dir),
        };
        pair.wait_replayed(&pair.primary, &pair.standby);
        pair
    }

    /// The multi-host target of the floor as `role` (no password):
    /// `postgresql://ROLE@HOST1:P1,HOST2:P2/floor?target_session_attrs=read-write`.
    pub(crate) fn target_as(&self, role: &str) -> String {
        format!(
            "postgresql://{role}@127.0.0.1:{},127.0.0.1:{}/{FLOOR}?target_session_attrs=read-write",
            self.primary.port, self.standby.port
        )
    }

    /// The multi-host target of the floor as its owner.
    pub(crate) fn target(&self) -> String {
        self.target_as("postgres")
    }

    /// Waits (up to 30 s) until `standby` has replayed everything
    /// `primary` wrote so far.
    pub(crate) fn wait_replayed(&self, primary: &Server, standby: &Server) {
        let lsn: String = primary
            .admin()
            .query_one("SELECT pg_current_wal_lsn()::text", &[])
            .unwrap()
            .get(0);
        let mut on_standby = standby.admin();
        let start = Instant::now();
        loop {
            let replayed: bool = on_standby
                .query_one(
                    "SELECT pg_last_wal_replay_lsn() >= $1::text::pg_lsn",
                    &[&lsn],
                )
                .unwrap()
                .get(0);
            if replayed {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{} did not replay {lsn} within 30 s",
                standby.name
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Cluster {
    /// Connects to this cluster's `postgres` database as its superuser.
    pub(crate) fn connect_postgres(&self) -> Client {
        Client::connect(&format!("{}/postgres", self.url), NoTls).unwrap()
    }
}

/// A standby of `primary` in `dir/data` (a base backup with
/// `standby.signal` and `primary_conninfo`, `pg_basebackup -R`), started
/// on `port` as `name`.
fn standby_of(primary: &Server, dir: &Path, port: u32, name: &str) -> Cluster {
    let root = primary.cluster.root;
    if root {
        Command::new("chown")
            .args(["postgres", &dir.display().to_string()])
            .status()
            .unwrap();
    }
    let cluster = Cluster {
        bin: primary.cluster.bin.clone(),
        data: dir.join("data").display().to_string(),
        root,
        url: format!("postgres://postgres@127.0.0.1:{port}"),
    };
    let source = primary.port.to_string();
    assert!(
        cluster.run(
            "pg_basebackup",
            &[
                "-D",
                &cluster.data,
                "-h",
                "127.0.0.1",
                "-p",
                &source,
                "-U",
                "postgres",
                "-X",
                "stream",
                "-R",
                // A checkpoint at once, not one spread over minutes.
                "-c",
                "fast",
            ],
        ),
        "pg_basebackup from {} failed",
        primary.name
    );
    let named = format!("cluster_name = '{name}'");
    cluster.configure(&[], &[&named]).unwrap();
    start_cluster(&cluster, dir, port);
    cluster
}

/// A new cluster (initdb) in `dir/data` with `settings`, started on `port`.
pub(crate) fn new_cluster(dir: &Path, port: u32, settings: &[&str]) -> Cluster {
    let bin = Path::new("/usr/lib/postgresql")
        .read_dir()
        .ok()
        .and_then(|versions| {
            versions
                .filter_map(|v| v.ok().map(|v| v.path().join("bin")))
                .find(|bin| bin.join("pg_basebackup").is_file())
        })
        .expect(
            "the failover tests need PostgreSQL's server binaries (apt-get install postgresql)",
        );
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if root {
        Command::new("chown")
            .args(["postgres", &dir.display().to_string()])
            .status()
            .unwrap();
    }
    let cluster = Cluster {
        bin,
        data: dir.join("data").display().to_string(),
        root,
        url: format!("postgres://postgres@127.0.0.1:{port}"),
    };
    assert!(
        cluster.run(
            "initdb",
            &["-D", &cluster.data, "-U", "postgres", "-A", "trust"]
        ),
        "initdb in {} failed",
        cluster.data
    );
    cluster.configure(&[], settings).unwrap();
    start_cluster(&cluster, dir, port);
    cluster
}

/// Two TCP ports free on 127.0.0.1 now, held together while both are
/// chosen so they differ.
pub(crate) fn free_ports() -> (u32, u32) {
    let bind = || std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let (a, b) = (bind(), bind());
    let port = |l: &std::net::TcpListener| u32::from(l.local_addr().unwrap().port());
    (port(&a), port(&b))
}

/// Starts an initialised cluster on `port`, its socket in `dir` and its
/// log in `dir/server.log` (shown if it does not start).
pub(crate) fn start_cluster(cluster: &Cluster, dir: &Path, port: u32) {
    let options = format!("-p {port} -k {} -h 127.0.0.1", dir.display());
    let log = dir.join("server.log").display().to_string();
    let started = cluster.run(
        "pg_ctl",
        &[
            "-D",
            &cluster.data,
            "-o",
            &options,
            "-l",
            &log,
            "-w",
            "start",
        ],
    );
    assert!(
        started,
        "{} did not start on port {port}: {}",
        cluster.data,
        std::fs::read_to_string(&log).unwrap_or_default()
    );
}

/// `url` (a station's URL from `floor enrol`, on the primary alone) as
/// the pair's multi-host target, its password put in the tests' password
/// file for each host.
fn station_target(pair: &Pair, url: &str) -> String {
    let bare = crate::on_command_line(url);
    let role = bare
        .split_once("://")
        .and_then(|(_, rest)| rest.split_once('@'))
        .map(|(role, _)| role.to_owned())
        .unwrap();
    pair.target_as(&role)
}

/// A station shipping as it plays: `simulate --floor TARGET --db FILE`.
pub(crate) struct Station {
    pub(crate) name: String,
    pub(crate) db: PathBuf,
    /// The multi-host target it ships to.
    pub(crate) target: String,
    pub(crate) child: Child,
}

impl Station {
    /// `pairs-table floor ship` at this station, to its target, as its
    /// simulation's last line says to run when it ended with rows unsent.
    pub(crate) fn ship_once(&self) -> std::process::Output {
        pairs_table_for(&self.db)
            .args(["floor", "ship", "--db"])
            .arg(&self.db)
            .args(["--floor", &self.target])
            .output()
            .unwrap()
    }
}

/// Starts `count` stations enrolled on the pair, each simulating `hands`
/// hands and shipping to the multi-host target.
pub(crate) fn start_stations(pair: &Pair, dir: &Path, count: usize, hands: u32) -> Vec<Station> {
    start_stations_on(
        &pair.primary,
        &|url| station_target(pair, url),
        dir,
        count,
        hands,
    )
}

/// Starts `count` stations enrolled on `server`, each simulating `hands`
/// hands and shipping to the target `target_of` makes of its URL from
/// `floor enrol`.
pub(crate) fn start_stations_on(
    server: &Server,
    target_of: &dyn Fn(&str) -> String,
    dir: &Path,
    count: usize,
    hands: u32,
) -> Vec<Station> {
    (0..count)
        .map(|i| {
            let name = format!("table {i}");
            let db = dir.join(format!("station-{i}.sqlite3"));
            let url = floor::enrol(&server.url(), &name, key_of(&db)).unwrap();
            let target = target_of(&url);
            let child = pairs_table_for(&db)
                .args(["simulate", "--game", "starboard", "--seats", "4"])
                .args(["--hands", &hands.to_string(), "--seed", &i.to_string()])
                .args(["--floor", &target, "--db"])
                .arg(&db)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            Station {
                name,
                db,
                target,
                child,
            }
        })
        .collect()
}

/// Each station's head on the floor of `server`.
pub(crate) fn floor_heads(server: &Server) -> Vec<(String, i64)> {
    server
        .admin()
        .query(
            "SELECT station, head_seq FROM floor.stations ORDER BY station",
            &[],
        )
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

/// Waits (up to `limit`) until the floor on `server` holds, for each
/// station, at least the rows `wanted` names.
pub(crate) fn wait_heads(server: &Server, wanted: &[(String, i64)], limit: Duration) {
    let start = Instant::now();
    loop {
        if let Ok(mut client) = Client::connect(&server.url(), NoTls) {
            let heads: Vec<(String, i64)> = client
                .query("SELECT station, head_seq FROM floor.stations", &[])
                .map(|rows| rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
                .unwrap_or_default();
            let behind = wanted.iter().filter(|(station, rows)| {
                !heads.iter().any(|(s, head)| s == station && head >= rows)
            });
            if behind.count() == 0 {
                return;
            }
        }
        assert!(
            start.elapsed() < limit,
            "the floor on {} did not catch up within {limit:?}",
            server.name
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The rows of each station's file that a checkpoint signs (the floor
/// takes no others): up to its last checkpoint row.
fn signed_rows(db: &Path) -> i64 {
    let length = pairs_table::ledger::chain_length(db).unwrap();
    // The file is read as it is written: rows after the last checkpoint
    // are not yet shipped, so the last checkpoint's row is what counts.
    pairs_table::ledger::chain_rows_after(db, 0, u32::MAX)
        .unwrap()
        .iter()
        .rev()
        .find(|row| row.table == "checkpoints")
        .map_or(0, |row| row.seq.min(length))
}

/// Checks every station's rows on `server` against its file: each row
/// once, in order, with the file's hash (none lost, none doubled), and
/// `floor verify --db --station NAME` clean against `target` (an owner's
/// URL).
pub(crate) fn every_row_once(target: &str, server: &Server, stations: &[Station]) -> usize {
    let mut admin = server.admin();
    let mut total = 0;
    for station in stations {
        let rows = file_rows(&station.db);
        let shipped: Vec<(i64, Vec<u8>)> = admin
            .query(
                "SELECT seq, hash FROM floor.chain_rows WHERE station = $1 ORDER BY seq",
                &[&station.name],
            )
            .unwrap()
            .into_iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        let distinct: i64 = admin
            .query_one(
                "SELECT count(DISTINCT seq) FROM floor.chain_rows WHERE station = $1",
                &[&station.name],
            )
            .unwrap()
            .get(0);
        assert_eq!(
            distinct as usize,
            shipped.len(),
            "{}: a row twice",
            station.name
        );
        assert_eq!(shipped.len(), rows.len(), "{}: rows lost", station.name);
        for (row, (seq, hash)) in rows.iter().zip(&shipped) {
            assert_eq!(
                (row.seq, row.hash.to_vec()),
                (*seq, hash.clone()),
                "{}",
                station.name
            );
        }
        let (clean, said) = verify_file_with(&station.db, target, &["--station", &station.name]);
        assert!(clean, "{}: {said}", station.name);
        total += rows.len();
    }
    total
}

/// Waits (up to 30 s) until the verifier on `server` has checked every
/// row shipped there.
pub(crate) fn settled(server: &Server) {
    crate::util::wait_for_count(
        &mut server.admin(),
        "SELECT count(*) FROM floor.stations WHERE verified_seq < head_seq",
        |pending| pending == 0,
        Duration::from_secs(30),
        &format!("the verifier on {} did not catch up", server.name),
    );
}

/// The floor's verifier on the multi-host target, stopped when dropped.
pub(crate) struct Verifier {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Verifier {
    pub(crate) fn start(target: &str) -> Verifier {
        let stop = Arc::new(AtomicBool::new(false));
        let (target, stopped) = (target.to_owned(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("floor verifier (failover)".into())
            .spawn(move || {
                floor::verifier::run(&target, &stopped, |_| {}).unwrap();
            })
            .unwrap();
        Verifier {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Verifier {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Waits for every station to finish; each must have shipped to the end.
/// A station whose simulation ended while no server took writes (its
/// last attempt fell in the failover, as on a loaded machine) sends the
/// rest with `floor ship`, as its last line says to. Returns each
/// station's stderr.
pub(crate) fn finished(stations: &mut [Station]) -> Vec<String> {
    stations
        .iter_mut()
        .map(|station| {
            let status = station.child.wait().unwrap();
            let mut said = String::new();
            use std::io::Read;
            station
                .child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut said)
                .unwrap();
            assert!(status.success(), "{}: {said}", station.name);
            let last = said.lines().last().unwrap_or_default();
            if last.ends_with("`pairs-table floor ship` sends the rest") {
                let out = station.ship_once();
                let shipped = String::from_utf8_lossy(&out.stdout);
                assert!(
                    out.status.success() && shipped.starts_with("shipped "),
                    "{}: {said}{shipped}{}",
                    station.name,
                    String::from_utf8_lossy(&out.stderr)
                );
            } else {
                assert!(
                    last.starts_with("pairs-table: shipped ")
                        && last.ends_with(" rows to the floor"),
                    "{}: {said}",
                    station.name
                );
            }
            said
        })
        .collect()
}

pub(crate) struct Stations(pub(crate) Vec<Station>);

impl Drop for Stations {
    fn drop(&mut self) {
        for station in &mut self.0 {
            let _ = station.child.kill();
            let _ = station.child.wait();
        }
    }
}

/// The pit view on `target`, as the pit runs it.
fn pit_view(target: &str) -> egui_kittest::Harness<'static, pairs_table::ui::FloorApp> {
    pit_view_reading(target, None)
}

/// The pit view on `target`, its tables read from `reads` when given
/// (`pairs-table pit --floor TARGET --read-from READS`).
pub(crate) fn pit_view_reading(
    target: &str,
    reads: Option<&str>,
) -> egui_kittest::Harness<'static, pairs_table::ui::FloorApp> {
    use eframe::egui;
    egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 1400.0))
        .with_max_steps(8)
        .build_ui_state(
            |ui, app: &mut pairs_table::ui::FloorApp| app.show_ui(ui),
            pairs_table::ui::FloorApp::start_reading(
                target.to_owned(),
                reads.map(str::to_owned),
                egui::Context::default(),
            ),
        )
}

/// Draws the pit until a label holds `text` (up to 60 s: the pit reads
/// twenty stations' replicas while they ship).
pub(crate) fn pit_until(
    pit: &mut egui_kittest::Harness<'static, pairs_table::ui::FloorApp>,
    text: &str,
) {
    use egui_kittest::kittest::{NodeT, Queryable};
    let start = Instant::now();
    loop {
        pit.run();
        if pit.query_all_by_label_contains(text).next().is_some() {
            return;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let shown: Vec<String> = pit
                .query_all_by_label_contains("")
                .filter_map(|node| node.accesskit_node().label())
                .filter(|label| label.contains("primary") || label.contains("link"))
                .collect();
            panic!("the pit did not show {text:?} within 60 s: {shown:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `floor report --floor TARGET --out FILE`: what it printed (it must
/// succeed).
fn floor_report(target: &str, out: &Path) -> String {
    let run = crate::pairs_table()
        .args(["floor", "report", "--floor", target, "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout).unwrap()
}

/// Each station's longest outage as `simulate` summed it up at its end
/// ("the floor link was down …, the longest L s …"), in seconds, longest
/// first: how long each station's link was down across the failover.
pub(crate) fn longest_outages(said: &[String]) -> Vec<f64> {
    let mut longest: Vec<f64> = said
        .iter()
        .filter_map(|s| {
            let (_, rest) = s.split_once("(the longest ")?;
            rest.split_once(" s)")?.0.parse().ok()
        })
        .collect();
    longest.sort_by(|a, b| b.total_cmp(a));
    longest
}

/// How many stations ship in the failover and restore tests: 20, or
/// `FAILOVER_STATIONS` (`benches/failover.sh` measures 50).
pub(crate) fn station_count() -> usize {
    std::env::var("FAILOVER_STATIONS")
        .ok()
        .and_then(|count| count.parse().ok())
        .unwrap_or(20)
}

/// Hands each station plays: enough to be shipping well after the
/// failover.
pub(crate) const HANDS: u32 = 300;

/// Every station's rows that a checkpoint signs, as they stand now.
pub(crate) fn signed_now(stations: &[Station]) -> Vec<(String, i64)> {
    stations
        .iter()
        .map(|s| (s.name.clone(), signed_rows(&s.db)))
        .collect()
}

/// Waits (up to 60 s) until every station has shipped rows to `server`.
pub(crate) fn all_shipping(server: &Server, stations: usize) {
    let start = Instant::now();
    while floor_heads(server).iter().filter(|(_, h)| *h > 0).count() < stations {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "not every station shipped"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_primary_killed_mid_shipping_loses_and_doubles_nothing_once_the_standby_is_promoted() {
    let pair = Pair::start("kill");
    let dir = crate::floor::dir("failover-kill");
    let verifier = Verifier::start(&pair.target());
    // The pit, on the same target, open before the shift as a pit is:
    // it names the primary.
    let mut pit = pit_view(&pair.target());
    let (old, new) = (
        format!("127.0.0.1:{}", pair.primary.port),
        format!("127.0.0.1:{}", pair.standby.port),
    );
    pit_until(
        &mut pit,
        &format!("The floor's primary: {old} (timeline 1)."),
    );
    let count = station_count();
    let mut stations = Stations(start_stations(&pair, &dir, count, HANDS));
    all_shipping(&pair.primary, count);
    std::thread::sleep(Duration::from_secs(2));

    // The primary's postmaster killed mid-batch: its backends end as they
    // see it gone, every station's link drops.
    let at_kill = signed_now(&stations.0);
    let killed = Instant::now();
    pair.primary.signal_postmaster("KILL");
    let promoting = pair.standby.promote();
    wait_heads(&pair.standby, &at_kill, Duration::from_secs(120));
    let caught_up = killed.elapsed();

    let said = finished(&mut stations.0);
    let total = every_row_once(&pair.target(), &pair.standby, &stations.0);
    settled(&pair.standby);
    // The pit followed and says so; the floor report reads the promoted
    // server through the same target.
    pit_until(
        &mut pit,
        &format!("the floor's primary is now {new} (timeline 2), no longer {old}."),
    );
    pit_until(&mut pit, &format!("Pit view: {count} tables"));
    let printed = floor_report(&pair.target(), &dir.join("floor-report.pdf"));
    assert!(
        printed.contains(&format!(": {count} tables, ")),
        "{printed}"
    );
    drop(pit);
    drop(verifier);
    let outages = longest_outages(&said);
    println!(
        "failover (kill): {count} stations, {total} rows, none lost or doubled; \
         promotion {:.2} s; every station's rows at the kill on the new primary {:.2} s after the kill; \
         {} stations saw their link down, the longest {:.1} s, the median {:.1} s",
        promoting.as_secs_f64(),
        caught_up.as_secs_f64(),
        outages.len(),
        outages.first().copied().unwrap_or(0.0),
        outages.get(outages.len() / 2).copied().unwrap_or(0.0),
    );
}

impl Server {
    /// Stops this server at once (`pg_ctl stop -m immediate`), as a
    /// failed machine would be shut down before it is rewound.
    pub(crate) fn stop_immediately(&self) {
        self.signal_all("CONT");
        self.cluster.run(
            "pg_ctl",
            &["-D", &self.cluster.data, "-m", "immediate", "-w", "stop"],
        );
    }

    /// Rewinds this old primary onto `primary`'s timeline (a `CHECKPOINT`
    /// on `primary` first, then `pg_rewind -R`, which also writes
    /// `standby.signal` and `primary_conninfo`) and starts it as
    /// `primary`'s standby.
    fn rewind_to_standby_of(&self, primary: &Server) {
        // A promoted server's control file names its new timeline only
        // after its first checkpoint, and pg_rewind reads it there.
        primary.admin().batch_execute("CHECKPOINT").unwrap();
        let source = format!(
            "host=127.0.0.1 port={} user=postgres dbname=postgres",
            primary.port
        );
        assert!(
            self.cluster.run(
                "pg_rewind",
                &["-D", &self.cluster.data, "--source-server", &source, "-R"],
            ),
            "pg_rewind of {} failed",
            self.name
        );
        // pg_rewind copied the new primary's configuration: the old one
        // keeps its own name.
        let named = format!("cluster_name = '{}'", self.name);
        self.cluster.configure(&[], &[&named]).unwrap();
        let dir = Path::new(&self.cluster.data).parent().unwrap().to_owned();
        start_cluster(&self.cluster, &dir, self.port);
    }

    /// Whether this server is a standby (in recovery).
    fn in_recovery(&self) -> bool {
        self.admin()
            .query_one("SELECT pg_is_in_recovery()", &[])
            .unwrap()
            .get(0)
    }
}

/// Hands each station plays in the stall test: enough to ship on after
/// the 30 s stall and the old primary's return.
const STALL_HANDS: u32 = 700;

#[test]
fn a_primary_stalled_for_30_s_is_passed_over_for_the_promoted_standby_and_never_written_again() {
    let pair = Pair::start("stall");
    let dir = crate::floor::dir("failover-stall");
    let verifier = Verifier::start(&pair.target());
    let count = station_count();
    let mut stations = Stations(start_stations(&pair, &dir, count, STALL_HANDS));
    all_shipping(&pair.primary, count);
    std::thread::sleep(Duration::from_secs(2));

    // The whole primary stopped, as a machine that hangs: its kernel still
    // takes connections, nothing answers them.
    let at_stall = signed_now(&stations.0);
    let stalled = Instant::now();
    pair.primary.signal_all("STOP");
    let promoting = pair.standby.promote();
    wait_heads(&pair.standby, &at_stall, Duration::from_secs(60));
    let caught_up = stalled.elapsed();

    // The old primary comes back after 30 s, still taking writes on the
    // old timeline: no station writes to it.
    std::thread::sleep(Duration::from_secs(30).saturating_sub(stalled.elapsed()));
    pair.primary.signal_all("CONT");
    std::thread::sleep(Duration::from_secs(3));
    let old_heads = floor_heads(&pair.primary);
    let new_heads = floor_heads(&pair.standby);
    std::thread::sleep(Duration::from_secs(5));
    assert_eq!(
        floor_heads(&pair.primary),
        old_heads,
        "the old primary took writes"
    );
    assert_ne!(
        floor_heads(&pair.standby),
        new_heads,
        "the stations stopped shipping"
    );
    // A one-off `floor ship` at a station, a new program that never saw
    // the new primary, passes the old one over too and says so.
    let out = stations.0[0].ship_once();
    let (old, new) = (
        format!("127.0.0.1:{}", pair.primary.port),
        format!("127.0.0.1:{}", pair.standby.port),
    );
    let told = format!(
        "pairs-table: the floor server {old} takes writes on timeline 1, but {new} is on timeline 2: \
         {old} is an old primary, and nothing is written to it (docs/floor.md, \"Failover runbook\")"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && err.lines().any(|line| line == told),
        "{err}"
    );
    assert_eq!(floor_heads(&pair.primary), old_heads);

    // Then it is shut down, rewound and rejoins as the new primary's
    // standby; the stations ship on throughout.
    pair.primary.stop_immediately();
    pair.primary.rewind_to_standby_of(&pair.standby);
    assert!(pair.primary.in_recovery());

    let said = finished(&mut stations.0);
    let total = every_row_once(&pair.target(), &pair.standby, &stations.0);
    settled(&pair.standby);
    pair.wait_replayed(&pair.standby, &pair.primary);
    assert_eq!(floor_heads(&pair.primary), floor_heads(&pair.standby));
    // The floor report read from the standby (`read-only`) is the one
    // read from the primary: reports need not load the primary.
    let from_primary = floor_report(&pair.target(), &dir.join("primary.pdf"));
    let from_standby = floor_report(
        &pair.target().replace("read-write", "read-only"),
        &dir.join("standby.pdf"),
    );
    assert_eq!(
        from_standby.replace("standby.pdf", "primary.pdf"),
        from_primary
    );
    drop(verifier);
    let passed_over = said.iter().filter(|s| s.lines().any(|l| l == told)).count();
    assert!(
        passed_over > 0,
        "no station said it passed the old primary over: {said:?}"
    );
    let outages = longest_outages(&said);
    println!(
        "failover (stall): {count} stations, {total} rows, none lost or doubled; \
         promotion {:.2} s; every station's rows at the stall on the new primary {:.2} s after the stall; \
         {} stations saw their link down, the longest {:.1} s, the median {:.1} s; \
         the old primary back after 30 s took no writes ({passed_over} stations said they passed it over), \
         rewound and rejoined as a standby",
        promoting.as_secs_f64(),
        caught_up.as_secs_f64(),
        outages.len(),
        outages.first().copied().unwrap_or(0.0),
        outages.get(outages.len() / 2).copied().unwrap_or(0.0),
    );
}

/// `floor status` on `target`: its exit status, stdout and stderr.
fn floor_status(target: &str) -> (Option<i32>, String, String) {
    let out = crate::pairs_table()
        .args(["floor", "status", "--floor", target])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Makes `standby` the primary's synchronous standby (docs/floor.md,
/// "Failover runbook": `ALTER SYSTEM SET synchronous_standby_names`, then
/// a reload) and waits until the primary counts it as such.
fn make_synchronous(primary: &Server, standby: &str) {
    let mut admin = primary.admin();
    // ALTER SYSTEM runs alone, outside any transaction.
    admin
        .batch_execute(&format!(
            "ALTER SYSTEM SET synchronous_standby_names = 'FIRST 1 ({standby})'"
        ))
        .unwrap();
    admin.batch_execute("SELECT pg_reload_conf()").unwrap();
    crate::util::wait_for_count(
        &mut admin,
        "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'",
        |sync| sync == 1,
        Duration::from_secs(30),
        &format!("{standby} did not become synchronous"),
    );
}

/// Clears `synchronous_standby_names` on `primary` (docs/floor.md,
/// "Failover runbook").
fn not_synchronous(primary: &Server) {
    let mut admin = primary.admin();
    admin
        .batch_execute("ALTER SYSTEM RESET synchronous_standby_names")
        .unwrap();
    admin.batch_execute("SELECT pg_reload_conf()").unwrap();
}

#[test]
fn floor_status_shows_the_standby_and_whether_shipments_are_synchronous_and_warns_without_one() {
    let pair = Pair::start("status");
    let verifier = Verifier::start(&pair.target());
    // The verifier's first check-in.
    std::thread::sleep(Duration::from_millis(500));
    let (code, out, err) = floor_status(&pair.target());
    assert_eq!((code, err.as_str()), (Some(0), ""), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("standby floor_b\tstreaming\treplay ")
            && lines[0].ends_with("\tasync"),
        "{out}"
    );
    assert_eq!(
        lines[1],
        "shipments are not synchronous (synchronous_standby_names is not set): an acknowledged shipment may be on this server alone"
    );

    // `doctor` pointed at the standby alone says stations cannot ship there.
    let out = crate::pairs_table()
        .args(["doctor", "--floor-only", "--floor", &pair.standby.url()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.lines().any(|l| l
            == "problem: floor: the server reached is a standby (read-only): stations ship to the primary; \
                name both servers in the target with target_session_attrs=read-write (docs/floor.md)"),
        "{said}"
    );

    make_synchronous(&pair.primary, "floor_b");
    let (code, out, _) = floor_status(&pair.target());
    assert_eq!(code, Some(0), "{out}");
    assert!(out.lines().next().unwrap().ends_with("\tsync"), "{out}");
    assert_eq!(
        out.lines().last(),
        Some("shipments are synchronous: each is acknowledged only once floor_b has it")
    );

    // The standby gone: every shipment would wait for it (critical), and
    // the floor runs on one server (a warning).
    pair.standby.stop_immediately();
    let (code, out, err) = floor_status(&pair.primary.url());
    assert_eq!(code, Some(2), "{out}{err}");
    assert_eq!(
        err,
        "pairs-table: critical: every shipment waits for a synchronous standby and none streams \
         (synchronous_standby_names is FIRST 1 (floor_b)): start the standby, or clear \
         synchronous_standby_names (docs/floor.md, \"Failover runbook\")\n\
         pairs-table: warning: the floor runs on one server: no standby streams from it, so losing it \
         loses what was shipped since its last backup (docs/floor.md, \"Failover runbook\", sets one up)\n"
    );
    // Cleared, the floor ships alone again: a warning only.
    not_synchronous(&pair.primary);
    std::thread::sleep(Duration::from_millis(200));
    let (code, _, err) = floor_status(&pair.primary.url());
    assert_eq!(code, Some(1), "{err}");
    drop(verifier);
}

/// Rows `floor ship` sends to `target` from `db` a second (one shipment
/// of the whole file, on a fresh floor's station).
fn shipping_rate(pair: &Pair, db: &Path, name: &str) -> f64 {
    let url = floor::enrol(&pair.primary.url(), name, key_of(db)).unwrap();
    let target = station_target(pair, &url);
    let keys = crate::floor::keys_of(db);
    let start = Instant::now();
    let shipped = floor::ship(db, &target, Some(&keys)).unwrap();
    shipped as f64 / start.elapsed().as_secs_f64()
}

#[test]
fn shipping_with_a_synchronous_standby_against_without_in_the_same_run() {
    let pair = Pair::start("sync-rate");
    let dir = crate::floor::dir("failover-sync-rate");
    // Four ledgers of the same play: two shipped asynchronously, two
    // synchronously, alternating, so neither has the warmer server.
    let dbs: Vec<PathBuf> = (0..4)
        .map(|i| {
            let db = dir.join(format!("station-{i}.sqlite3"));
            crate::floor::simulate(&db, 400, 7);
            db
        })
        .collect();
    let rows = file_rows(&dbs[0]).len();
    let asynchronous_1 = shipping_rate(&pair, &dbs[0], "async 1");
    make_synchronous(&pair.primary, "floor_b");
    let synchronous_1 = shipping_rate(&pair, &dbs[1], "sync 1");
    not_synchronous(&pair.primary);
    std::thread::sleep(Duration::from_millis(200));
    let asynchronous_2 = shipping_rate(&pair, &dbs[2], "async 2");
    make_synchronous(&pair.primary, "floor_b");
    let synchronous_2 = shipping_rate(&pair, &dbs[3], "sync 2");
    pair.wait_replayed(&pair.primary, &pair.standby);
    for (i, _) in dbs.iter().enumerate() {
        let name = ["async 1", "sync 1", "async 2", "sync 2"][i];
        let on_standby: i64 = pair
            .standby
            .admin()
            .query_one(
                "SELECT count(*) FROM floor.chain_rows WHERE station = $1",
                &[&name],
            )
            .unwrap()
            .get(0);
        assert_eq!(on_standby as usize, rows, "{name}");
    }
    let asynchronous = (asynchronous_1 + asynchronous_2) / 2.0;
    let synchronous = (synchronous_1 + synchronous_2) / 2.0;
    println!(
        "shipping {rows} rows a station with `floor ship` to the pair's primary: \
         asynchronous {asynchronous:.0} rows/s ({asynchronous_1:.0}, {asynchronous_2:.0}), \
         synchronous {synchronous:.0} rows/s ({synchronous_1:.0}, {synchronous_2:.0}): {:.2}x",
        synchronous / asynchronous
    );
}

#[test]
fn a_multi_host_target_that_no_server_answers_is_said_in_one_sentence_naming_each() {
    let (code, out, err) = floor_status(
        "postgresql://pit@127.0.0.1:1,127.0.0.1:2/floor?target_session_attrs=read-write",
    );
    assert_eq!((code, out.as_str()), (Some(1), ""));
    let refused =
        "the floor database: error connecting to server: Connection refused (os error 111)";
    assert_eq!(
        err,
        format!(
            "pairs-table: no server of the floor target takes writes: \
             127.0.0.1:1: {refused}; 127.0.0.1:2: {refused}\n"
        )
    );
    // `prefer-standby` (libpq's, PostgreSQL 14) is not one the postgres
    // crate takes: refused in a sentence before anything connects.
    let (code, _, err) = floor_status(
        "postgresql://pit@127.0.0.1:1,127.0.0.1:2/floor?target_session_attrs=prefer-standby",
    );
    assert_eq!(
        (code, err.as_str()),
        (
            Some(1),
            "pairs-table: target_session_attrs=prefer-standby is not supported (this program takes any, \
             read-write and read-only): to read from a standby, name the standby alone or use read-only \
             (docs/floor.md, \"Failover runbook\")\n"
        )
    );
}
