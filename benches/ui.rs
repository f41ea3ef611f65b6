//! The dealer app's speed and memory, measured through its own code path:
//! `StationApp::show` on an egui context (layout and tessellation, no GPU),
//! with hands dealt by the same key presses a dealer uses (Enter, Space,
//! H/F) on a software-shoe Rocket table recording to a real ledger file.
//!
//! `cargo bench --bench ui -- [HANDS]` (default 2,000). Prints the CPU time
//! of a table-screen frame against a one-label frame measured in the same
//! run, whether an idle frame asks for a repaint, and resident memory
//! every 250 hands. Results go in docs/performance.md.
#![allow(clippy::unwrap_used)] // benches/common's setup unwraps, as every bench does.

use std::time::{Duration, Instant};

use eframe::egui::{self, Event, Key, Modifiers, RawInput};
use rand::SeedableRng;
use rand::rngs::StdRng;

use pairs_table::access::Role;
use pairs_table::engine::Decks;
use pairs_table::engine::hand::{Action, GameKind, Need};
use pairs_table::engine::rules::HouseRules;
use pairs_table::ids::StaffId;
use pairs_table::ledger::{Ledger, PinEntry, SystemClock};

use common::rss_mb;

mod common;
use pairs_table::simulate::{Strategy, decide};
use pairs_table::station::{Feed, SourceChoice, Station, TableSetup};
use pairs_table::ui::StationApp;

fn station(dir: &std::path::Path) -> Station {
    let mut ledger = Ledger::open(
        &dir.join("ledger.sqlite3"),
        Box::new(SystemClock),
        pairs_table::keys::StationKeys::from_secret_bytes([7; 32], [9; 32]),
    )
    .expect("ledger");
    ledger
        .create_first_pit_boss(StaffId(900), "Bench Boss", "4071")
        .expect("boss");
    let boss = PinEntry {
        staff: StaffId(900),
        pin: "4071",
    };
    ledger
        .add_staff(StaffId(101), "Bench Dealer", Role::Dealer, "5293", &boss)
        .expect("dealer");
    let setup = TableSetup {
        name: "Bench".into(),
        game: GameKind::Rocket,
        decks: Decks::new(8).expect("decks"),
        rules: HouseRules::default(),
        unit_cents: 100,
        source: SourceChoice::SoftwareShoe,
    };
    let dealer = PinEntry {
        staff: StaffId(101),
        pin: "5293",
    };
    Station::open(ledger, setup, &dealer, &boss, Feed::SoftwareShoe)
        .map_err(|refused| refused.error)
        .expect("station")
}

fn input(events: Vec<Event>) -> RawInput {
    RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        events,
        ..RawInput::default()
    }
}

fn key(key: Key) -> Vec<Event> {
    vec![Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::NONE,
    }]
}

/// One frame: layout and tessellation. Returns its wall time (one thread,
/// so CPU time) and whether egui asked for another frame.
fn frame(ctx: &egui::Context, app: &mut StationApp, events: Vec<Event>) -> (Duration, bool) {
    let start = Instant::now();
    let output = ctx.run_ui(input(events), |ui| app.show_ui(ui));
    let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
    std::hint::black_box(primitives);
    let elapsed = start.elapsed();
    let repaint = output
        .viewport_output
        .values()
        .any(|v| v.repaint_delay < Duration::from_secs(1));
    (elapsed, repaint)
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Plays one hand by key presses; the bets are typed into the seat entries.
fn play_hand(
    ctx: &egui::Context,
    app: &mut StationApp,
    rng: &mut StdRng,
    frames: &mut Vec<Duration>,
) {
    let mut press = |app: &mut StationApp, k: Key| {
        let (took, _) = frame(ctx, app, key(k));
        frames.push(took);
    };
    press(app, Key::Enter);
    for _ in 0..200 {
        let station = app.station().expect("station");
        let next = match station.table().need() {
            Need::Card(_) => Key::Space,
            Need::Decision { seat, .. } => {
                let hand = station.hand().expect("hand");
                match decide(Strategy::NextCard, hand, seat, station.setup().decks, rng) {
                    Action::Hit => Key::H,
                    _ => Key::F,
                }
            }
            Need::Done => break,
        };
        press(app, next);
    }
    press(app, Key::Enter);
}

fn main() {
    let hands: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2_000);
    let dir = std::env::temp_dir().join(format!("pairs-table-ui-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ctx = egui::Context::default();
    let mut app = StationApp::with_station(station(&dir), ctx.clone());
    for seat in 1..=6 {
        if let Some(entry) = app.station_mut().and_then(|s| s.entry_mut(seat)) {
            entry.bet = "100".into();
        }
    }
    // Baseline: a frame with one label, same context and window size.
    let mut baseline = Vec::new();
    for _ in 0..200 {
        let start = Instant::now();
        let output = ctx.run_ui(input(Vec::new()), |ui| {
            ui.label("pairs-table");
        });
        std::hint::black_box(ctx.tessellate(output.shapes, output.pixels_per_point));
        baseline.push(start.elapsed());
    }
    let mut rng = StdRng::seed_from_u64(7);
    let mut frames = Vec::new();
    let start = Instant::now();
    println!("hands,rss_mb");
    println!("0,{:.1}", rss_mb());
    for played in 1..=hands {
        play_hand(&ctx, &mut app, &mut rng, &mut frames);
        if played % 250 == 0 {
            println!("{played},{:.1}", rss_mb());
        }
    }
    let shift = start.elapsed();
    // Idle: nothing happens. egui may ask for one frame more right after
    // input (to settle a layout); after that, does any frame ask to be
    // repainted within a second? (The only timed wake-up is the dealer's
    // idle time-out, minutes away.)
    let settle_repaints = (0..2)
        .filter(|_| frame(&ctx, &mut app, Vec::new()).1)
        .count();
    let idle_repaints = (0..10)
        .filter(|_| frame(&ctx, &mut app, Vec::new()).1)
        .count();
    let table = median(frames.clone());
    let worst = frames.iter().max().copied().unwrap_or_default();
    let base = median(baseline);
    println!(
        "table-screen frame: median {:.3} ms, max {:.3} ms over {} frames; one-label frame {:.3} ms; ratio {:.1}",
        table.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3,
        frames.len(),
        base.as_secs_f64() * 1e3,
        table.as_secs_f64() / base.as_secs_f64()
    );
    println!(
        "{hands} hands through the app in {:.1} s ({:.1} ms/hand incl. ledger fsyncs); after the last input {settle_repaints} of 2 settling frames asked for another, then {idle_repaints} of 10 idle frames",
        shift.as_secs_f64(),
        shift.as_secs_f64() * 1e3 / hands as f64
    );
    let _ = std::fs::remove_dir_all(&dir);
}
