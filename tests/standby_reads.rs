//! The pit reading its tables from the floor's standby (docs/floor.md,
//! "Reading from a standby"): `pairs-table pit --floor TARGET --read-from
//! STANDBY` listens on the primary and reads every table from the standby
//! once it has replayed what the primary had written; with the standby
//! gone it reads the primary and says so. And what ten pits cost the
//! primary, reading from it and from the standby (a measurement,
//! `benches/failover.sh`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use eframe::egui;
use pairs_table::floor::survey::FloorWatch;

use crate::failover::{
    Pair, Server, Stations, Verifier, finished, floor_heads, pit_until, pit_view_reading, settled,
    start_stations,
};

/// Each table's station and hands as the pit shows them (none before its
/// first survey).
fn hands_shown(
    pit: &egui_kittest::Harness<'static, pairs_table::ui::FloorApp>,
) -> Vec<(String, u64)> {
    pit.state()
        .tables()
        .map(|tables| {
            tables
                .iter()
                .map(|t| (t.station.clone(), t.hands))
                .collect()
        })
        .unwrap_or_default()
}

/// Draws both pits until they show the same tables with the same hands,
/// `tables` of them and every one with hands (up to 60 s).
fn agree(
    pits: [&mut egui_kittest::Harness<'static, pairs_table::ui::FloorApp>; 2],
    tables: usize,
) -> Vec<(String, u64)> {
    let [first, second] = pits;
    let start = Instant::now();
    loop {
        first.run();
        second.run();
        let (a, b) = (hands_shown(first), hands_shown(second));
        if a == b && a.len() == tables && a.iter().all(|(_, hands)| *hands > 0) {
            return a;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the pits did not agree within 60 s: {a:?} against {b:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_pit_reads_its_tables_from_the_standby_and_from_the_primary_when_the_standby_is_gone() {
    let pair = Pair::start("pit-reads");
    let dir = crate::floor::dir("failover-pit-reads");
    let verifier = Verifier::start(&pair.target());
    let mut stations = Stations(start_stations(&pair, &dir, 4, 40));
    let mut on_standby = pit_view_reading(&pair.target(), Some(&pair.standby.url()));
    pit_until(
        &mut on_standby,
        &format!(
            "Tables read from the standby 127.0.0.1:{}.",
            pair.standby.port
        ),
    );
    finished(&mut stations.0);
    settled(&pair.primary);
    // Every hand the stations shipped, as a pit reading the primary shows
    // them: the standby's reads wait for its replay, so none is missing.
    let mut on_primary = pit_view_reading(&pair.target(), None);
    let shown = agree([&mut on_standby, &mut on_primary], 4);
    let heads = floor_heads(&pair.primary);
    assert_eq!(heads.len(), 4, "{heads:?} {shown:?}");

    // The standby gone: the next survey (rows announced) reads the primary
    // and says why; the tables stay.
    pair.standby.stop_immediately();
    pair.primary
        .admin()
        .batch_execute("NOTIFY floor_rows, 'table 0'")
        .unwrap();
    pit_until(
        &mut on_standby,
        "Tables read from the primary: the standby did not serve them (",
    );
    pit_until(&mut on_standby, "Pit view: 4 tables");
    assert_eq!(hands_shown(&on_standby), shown);
    drop(verifier);
}

/// CPU time the server's processes used so far, seconds: the postmaster's
/// own and its ended children's (which it waited for), and each live
/// child's (`/proc/PID/stat`, fields 14 to 17, in clock ticks of 1/100 s).
fn server_cpu(server: &Server) -> f64 {
    let Some(postmaster) = server.postmaster() else {
        return 0.0;
    };
    let ticks = |pid: u32, fields: &[usize]| -> u64 {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // After the command's closing parenthesis, field 3 comes first.
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let values: Vec<u64> = after
            .split_whitespace()
            .map(|v| v.parse().unwrap_or(0))
            .collect();
        fields
            .iter()
            .map(|field| values.get(field - 3).copied().unwrap_or(0))
            .sum()
    };
    let children: u64 = server
        .processes()
        .into_iter()
        .filter(|pid| *pid != postmaster)
        .map(|pid| ticks(pid, &[14, 15]))
        .sum();
    (ticks(postmaster, &[14, 15, 16, 17]) + children) as f64 / 100.0
}

/// Stations on the floor of the load measurement.
const LOAD_STATIONS: usize = 10;
/// Hands each of them has shipped.
const LOAD_HANDS: u32 = 100;
/// Rows announced a second while the load is measured (a notification
/// each, for one station after another), as stations shipping would.
const ANNOUNCED_A_SECOND: u32 = 20;

/// What ten pits do on the floor.
#[derive(Clone, Copy, Debug)]
enum Pits {
    /// No pit at all.
    None,
    /// Ten pit views, reading their tables from the primary.
    ReadingThePrimary,
    /// Ten pit views, reading their tables from the standby.
    ReadingTheStandby,
    /// Ten connections listening on the primary as a pit does, and
    /// reading nothing: what a pit costs the primary wherever it reads.
    OnlyListening,
}

/// Ten listeners on `target` as a pit's (`FloorWatch`), each taking every
/// notification until `stop`.
fn listeners(target: &str, stop: &Arc<AtomicBool>) -> Vec<std::thread::JoinHandle<()>> {
    (0..10)
        .map(|i| {
            let (target, stop) = (target.to_owned(), stop.clone());
            std::thread::Builder::new()
                .name(format!("listener {i}"))
                .spawn(move || {
                    let mut watch = FloorWatch::listen(&target).unwrap();
                    while !stop.load(Ordering::Relaxed) {
                        watch.wait(Some(Duration::from_millis(100))).unwrap();
                    }
                })
                .unwrap()
        })
        .collect()
}

/// The primary's CPU seconds over `window` while `pits` do what they do
/// and the floor announces [`ANNOUNCED_A_SECOND`] stations' rows a second
/// (each pit view reads the floor again at each): the stations are idle,
/// so the primary's work is the pits' and the announcements'.
fn primary_cpu(pair: &Pair, pits: Pits, window: Duration) -> f64 {
    let view = |reads: Option<String>| {
        (0..10)
            .map(|_| {
                pairs_table::ui::FloorApp::start_reading(
                    pair.target(),
                    reads.clone(),
                    egui::Context::default(),
                )
            })
            .collect()
    };
    let views: Vec<pairs_table::ui::FloorApp> = match pits {
        Pits::ReadingThePrimary => view(None),
        Pits::ReadingTheStandby => view(Some(pair.standby.url())),
        Pits::None | Pits::OnlyListening => Vec::new(),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let listening = match pits {
        Pits::OnlyListening => listeners(&pair.target(), &stop),
        _ => Vec::new(),
    };
    // The pit views' first redraws read every station: measured after.
    std::thread::sleep(Duration::from_secs(3));
    let mut announcer = pair.primary.admin();
    let start = (Instant::now(), server_cpu(&pair.primary));
    let mut announced = 0;
    while start.0.elapsed() < window {
        let station = format!("table {}", announced % LOAD_STATIONS);
        announcer
            .execute("SELECT pg_notify('floor_rows', $1)", &[&station])
            .unwrap();
        announced += 1;
        std::thread::sleep(Duration::from_secs(1) / ANNOUNCED_A_SECOND);
    }
    let used = server_cpu(&pair.primary) - start.1;
    stop.store(true, Ordering::Relaxed);
    for listener in listening {
        listener.join().unwrap();
    }
    drop(views);
    used
}

#[test]
#[ignore = "a measurement: benches/failover.sh runs it"]
fn ten_pits_cost_the_primary_reading_from_it_against_reading_from_the_standby() {
    let pair = Pair::start("pit-load");
    let dir = crate::floor::dir("failover-pit-load");
    let verifier = Verifier::start(&pair.target());
    let mut stations = Stations(start_stations(&pair, &dir, LOAD_STATIONS, LOAD_HANDS));
    finished(&mut stations.0);
    settled(&pair.primary);
    pair.wait_replayed(&pair.primary, &pair.standby);
    let window = Duration::from_secs(10);
    for round in 0..3 {
        let alone = primary_cpu(&pair, Pits::None, window);
        let on_primary = primary_cpu(&pair, Pits::ReadingThePrimary, window);
        let on_standby = primary_cpu(&pair, Pits::ReadingTheStandby, window);
        let listening = primary_cpu(&pair, Pits::OnlyListening, window);
        println!(
            "round {round}: {LOAD_STATIONS} stations' rows on the floor, {ANNOUNCED_A_SECOND} \
             announcements a second for {} s; the primary's CPU: no pit {alone:.2} s; \
             ten pits reading the primary {on_primary:.2} s; ten pits reading the standby \
             {on_standby:.2} s; ten pits' listeners alone {listening:.2} s",
            window.as_secs()
        );
    }
    drop(verifier);
}
