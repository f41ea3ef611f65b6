//! The floor restored from its backup (docs/floor.md, "Restore from a
//! backup"): one server archiving its WAL, a base backup taken with
//! `pg_basebackup`, twenty stations shipping; the server lost and the
//! floor restored from the backup to a point before its loss (point-in-time
//! recovery from the archive); every station sends again what the floor
//! lost, and every row is on the restored floor once.

use std::path::Path;
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};

use crate::failover::{
    HANDS, RemovedAtEnd, Server, Stations, Verifier, all_shipping, every_row_once, finished,
    floor_heads, free_ports, new_cluster, settled, signed_now, start_cluster, start_stations_on,
    station_count, wait_heads,
};
use pairs_table::floor;

/// The settings of a floor server that archives its WAL into `archive`
/// (the runbook's, step 1).
fn archiving(archive: &Path) -> Vec<String> {
    vec![
        "wal_level = replica".into(),
        "max_connections = 200".into(),
        "archive_mode = on".into(),
        format!(
            "archive_command = 'test ! -f {0}/%f && cp %p {0}/%f'",
            archive.display()
        ),
    ]
}

/// A directory the server's user can write (the tests may run as root,
/// the server never does).
fn server_dir(path: &Path) {
    std::fs::create_dir_all(path).unwrap();
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if root {
        std::process::Command::new("chown")
            .args(["postgres", &path.display().to_string()])
            .status()
            .unwrap();
    }
}

/// Waits (up to 30 s) until `server` has archived the WAL segment `wal`.
fn archived(server: &Server, wal: &str) {
    crate::util::wait_for_count(
        &mut server.admin(),
        &format!("SELECT count(*) FROM pg_stat_archiver WHERE last_archived_wal >= '{wal}'"),
        |done| done == 1,
        Duration::from_secs(30),
        &format!("{wal} was not archived"),
    );
}

/// Waits (up to 60 s) until `question` (a boolean query) is true on
/// `server`, which may not take connections at first: `what` says what
/// did not happen.
fn wait_until(server: &Server, question: &str, what: &str) {
    let start = Instant::now();
    loop {
        let yes = Client::connect(&server.url(), NoTls)
            .and_then(|mut c| c.query_one(question, &[]))
            .is_ok_and(|row| row.get::<_, bool>(0));
        if yes {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the restored floor {what} within 60 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Each station's head in `heads` (0 when absent).
fn head_of(heads: &[(String, i64)], station: &str) -> i64 {
    heads
        .iter()
        .find(|(s, _)| s == station)
        .map_or(0, |(_, head)| *head)
}

#[test]
fn the_floor_restored_to_a_point_back_is_whole_again_once_every_station_has_sent_again() {
    let root =
        std::env::temp_dir().join(format!("pairs-table-restore-{}-drill", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let _removed = RemovedAtEnd(root.clone());
    let archive = root.join("archive");
    for dir in ["archive", "lost", "backup", "restored"] {
        server_dir(&root.join(dir));
    }
    let (port, _) = free_ports();
    let settings = archiving(&archive);
    let settings: Vec<&str> = settings.iter().map(String::as_str).collect();
    let lost = Server {
        cluster: new_cluster(&root.join("lost"), port, &settings),
        port,
        name: "floor",
    };
    lost.cluster
        .connect_postgres()
        .batch_execute("CREATE DATABASE floor")
        .unwrap();
    floor::init(&lost.url()).unwrap();
    // The night's base backup (step 2), WAL archived from then on.
    let backup = root.join("backup").join("data").display().to_string();
    let port_text = port.to_string();
    assert!(
        lost.cluster.run(
            "pg_basebackup",
            &[
                "-D",
                &backup,
                "-h",
                "127.0.0.1",
                "-p",
                &port_text,
                "-U",
                "postgres"
            ],
        ),
        "pg_basebackup failed"
    );

    let dir = crate::floor::dir("restore-drill");
    let count = station_count();
    let verifier = Verifier::start(&lost.url());
    let mut stations = Stations(start_stations_on(
        &lost,
        &|url| crate::on_command_line(url),
        &dir,
        count,
        HANDS,
    ));
    all_shipping(&lost, count);
    // The point to restore to, between two readings of the heads.
    let before = floor_heads(&lost);
    let point: String = lost
        .admin()
        .query_one("SELECT clock_timestamp()::text", &[])
        .unwrap()
        .get(0);
    std::thread::sleep(Duration::from_millis(50));
    let after = floor_heads(&lost);
    // Shipping goes on past the point; the WAL up to here reaches the
    // archive, then the server is lost with whatever it had not archived.
    std::thread::sleep(Duration::from_secs(1));
    let wal: String = lost
        .admin()
        .query_one("SELECT pg_walfile_name(pg_switch_wal())", &[])
        .unwrap()
        .get(0);
    archived(&lost, &wal);
    let at_loss = floor_heads(&lost);
    let running: Vec<bool> = stations
        .0
        .iter_mut()
        .map(|s| s.child.try_wait().unwrap().is_none())
        .collect();
    lost.stop_immediately();
    let died = Instant::now();
    let signed_at_loss = signed_now(&stations.0);

    // The restore (step 3): the base backup, its recovery from the archive
    // to the point, then promoted, on the lost server's address.
    let data = root.join("restored").join("data");
    assert!(
        std::process::Command::new("cp")
            .args(["-a", &backup, &data.display().to_string()])
            .status()
            .unwrap()
            .success()
    );
    let restored = Server {
        cluster: crate::floor::Cluster {
            bin: lost.cluster.bin.clone(),
            data: data.display().to_string(),
            root: lost.cluster.root,
            url: lost.cluster.url.clone(),
        },
        port,
        name: "floor (restored)",
    };
    let restore_command = format!("restore_command = 'cp {}/%f %p'", archive.display());
    let target_time = format!("recovery_target_time = '{point}'");
    restored
        .cluster
        .configure(
            &[("recovery.signal", "")],
            &[
                &restore_command,
                &target_time,
                "recovery_target_action = 'pause'",
            ],
        )
        .unwrap();
    start_cluster(&restored.cluster, &root.join("restored"), port);
    wait_until(
        &restored,
        "SELECT pg_get_wal_replay_pause_state() = 'paused'",
        "did not pause at the point",
    );

    // Paused at the point, read-only (the stations cannot ship yet): the
    // floor as it was then, each station's head between the two readings
    // around it, and rows shipped since lost.
    let at_point = floor_heads(&restored);
    for (station, head) in &at_point {
        assert!(
            head_of(&before, station) <= *head && *head <= head_of(&after, station),
            "{station}: head {head} on the restored floor, {} before the point and {} after",
            head_of(&before, station),
            head_of(&after, station)
        );
    }
    let lost_rows: i64 = at_loss
        .iter()
        .map(|(station, head)| head - head_of(&at_point, station))
        .sum();
    assert!(lost_rows > 0, "the restore lost nothing: {at_loss:?}");
    // The point is right: recovery ends, the floor takes writes.
    restored
        .admin()
        .batch_execute("SELECT pg_wal_replay_resume()")
        .unwrap();
    wait_until(
        &restored,
        "SELECT NOT pg_is_in_recovery()",
        "did not finish its recovery",
    );
    let restored_after = died.elapsed();

    // Every station still playing sends again what the floor lost at its
    // next contact; one that had stopped does so with `floor ship`.
    let live: Vec<(String, i64)> = signed_at_loss
        .into_iter()
        .zip(&running)
        .filter_map(|(head, &running)| running.then_some(head))
        .collect();
    wait_heads(&restored, &live, Duration::from_secs(120));
    let whole_after = died.elapsed();
    finished(&mut stations.0);
    for (station, _) in stations.0.iter().zip(&running).filter(|(_, r)| !**r) {
        assert!(station.ship_once().status.success(), "{}", station.name);
    }
    let total = every_row_once(&restored.url(), &restored, &stations.0);
    settled(&restored);
    drop(verifier);
    let log = std::fs::read_to_string(root.join("restored").join("server.log")).unwrap();
    let recovery: Vec<&str> = log
        .lines()
        .filter(|line| {
            [
                "point-in-time",
                "recovery stopping",
                "pausing",
                "pg_wal_replay_resume",
                "redo done",
                "new timeline",
                "ready to accept",
            ]
            .iter()
            .any(|said| line.contains(said))
        })
        .collect();
    println!(
        "restore drill: {count} stations ({} still playing at the loss), {lost_rows} rows lost \
         by the restore and sent again, {total} rows on the restored floor, none lost or doubled; \
         the floor restored and taking writes {:.1} s after the loss, every playing station's rows \
         on it {:.1} s after the loss\nthe restored server said:\n{}",
        running.iter().filter(|r| **r).count(),
        restored_after.as_secs_f64(),
        whole_after.as_secs_f64(),
        recovery.join("\n")
    );
}
