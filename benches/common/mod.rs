//! What the ledger, floor and rating benchmarks share: a station ledger
//! on the system clock with a dealer and a Rocket table open, and the
//! simulated hands they record.
#![allow(dead_code)] // Each benchmark uses part of it.

use std::path::Path;

use chrono::{DateTime, Utc};

use pairs_table::engine::Decks;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::rules::HouseRules;
use pairs_table::ids::StaffId;
use pairs_table::ledger::{Clock, HandContext, Ledger, Role};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

/// The system clock, as a table station has it.
pub struct SystemTime;

impl Clock for SystemTime {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// The ledger at `path` (made if new), signed by its station's key.
pub fn open(path: &Path) -> Ledger {
    Ledger::open(path, Box::new(SystemTime), keys_of(path)).unwrap()
}

/// The station key of the ledger at `path`: each ledger file its own, as
/// each station has its own (the floor enrols one key per station).
pub fn keys_of(path: &Path) -> pairs_table::keys::StationKeys {
    use sha2::{Digest, Sha256};
    let secret: [u8; 32] = Sha256::digest(path.as_os_str().as_encoded_bytes()).into();
    pairs_table::keys::StationKeys::from_secret_bytes(secret, [9; 32])
}

/// A station ledger at `path` with dealer 1, a Rocket table named `bench`,
/// its shift and a 6-deck shoe open.
pub fn station(path: &Path) -> (Ledger, HandContext) {
    let mut ledger = open(path);
    ledger.staff(StaffId(1), "dealer", Role::Dealer).unwrap();
    let table = ledger.table("bench", GameKind::Rocket).unwrap();
    let shift = ledger.open_shift(table, StaffId(1)).unwrap();
    let shoe = ledger.open_shoe(table, 6, None).unwrap();
    let context = HandContext {
        table,
        shift,
        dealer: StaffId(1),
        shoe,
    };
    (ledger, context)
}

/// Rocket hands, 6 decks, `seats` seats betting 100, next-card strategy.
pub fn rocket(seats: u8, seed: u64) -> Simulation {
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(6).unwrap(),
        seats,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    Simulation::seeded(&config, seed).unwrap()
}

/// Plays one hand and commits it as the simulation does (setup
/// journaled, then the hand in one transaction).
pub fn play(ledger: &mut Ledger, context: HandContext, simulation: &mut Simulation) {
    let finished = simulation.play_hand().unwrap();
    ledger.begin_hand(context, &finished.setup, &[]).unwrap();
    ledger.commit_hand(&finished, None).unwrap();
}

/// This process's resident memory, MB (Linux: /proc/self/statm).
pub fn rss_mb() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0.0);
    pages * 4096.0 / 1_048_576.0
}
