//! The demo table behind `pairs-table --demo`: a throw-away ledger with
//! demo staff whose PINs are shown on screen, and a Rocket table dealing
//! from a simulated card-reading shoe.

use std::path::Path;

use super::{Feed, SourceChoice, Station, StationError, TableSetup};
use crate::access::Role;
use crate::engine::Decks;
use crate::engine::hand::GameKind;
use crate::engine::rules::HouseRules;
use crate::ids::StaffId;
use crate::inventory::{ChipCount, Denominations};
use crate::keys::StationKeys;
use crate::ledger::{Clock, CountKind, Ledger, PinEntry};

/// The demo's staff: (id, name, role, PIN).
pub const DEMO_STAFF: [(u32, &str, Role, &str); 3] = [
    (900, "Demo Pit Boss", Role::PitBoss, "4071"),
    (101, "Demo Dealer", Role::Dealer, "5293"),
    (102, "Relief Dealer", Role::Dealer, "6384"),
];

/// Creates the demo ledger at `path` (which must not exist yet), its staff
/// and an open Rocket table fed by `feed`; returns the station and the
/// banner that shows the PINs.
pub fn demo_station(
    path: &Path,
    clock: Box<dyn Clock>,
    keys: StationKeys,
    feed: impl FnOnce(&TableSetup) -> Result<Feed, StationError>,
) -> Result<(Station, String), StationError> {
    let mut ledger = Ledger::open(path, clock, keys)?;
    ledger.set_station("demo");
    // Its PINs are on the screen: hashed lightly, so the table is up at once.
    ledger.hash_demo_pins_lightly();
    let (boss, boss_name, _, boss_pin) = DEMO_STAFF[0];
    ledger.create_first_pit_boss(StaffId(boss), boss_name, boss_pin)?;
    let approver = PinEntry {
        staff: StaffId(boss),
        pin: boss_pin,
    };
    for (id, name, role, pin) in &DEMO_STAFF[1..] {
        ledger.add_staff(StaffId(*id), name, *role, pin, &approver)?;
    }
    let setup = TableSetup {
        name: "Demo table".into(),
        game: GameKind::Rocket,
        decks: Decks::new(6).map_err(|e| StationError::Setting {
            key: "decks",
            problem: e.to_string(),
        })?,
        rules: HouseRules::default(),
        unit_cents: 100,
        source: SourceChoice::SimulatedShoe,
    };
    let feed = feed(&setup)?;
    let (dealer, _, _, dealer_pin) = DEMO_STAFF[1];
    let dealer = PinEntry {
        staff: StaffId(dealer),
        pin: dealer_pin,
    };
    let mut station =
        Station::open(ledger, setup, &dealer, &approver, feed).map_err(|refused| refused.error)?;
    count_demo_opener(&mut station, &dealer, &approver)?;
    station.insert_simulated_shoe()?;
    let people: Vec<String> = DEMO_STAFF
        .iter()
        .map(|(id, name, _, pin)| format!("{name} {id}, PIN {pin}"))
        .collect();
    let banner = format!(
        "DEMO on a throw-away ledger ({}; its PINs hashed lightly): {}. Follow the prompt: Pull card burns the new shoe's first cards, then type bets, press Deal and Pull card.",
        path.display(),
        people.join(" · ")
    );
    Ok((station, banner))
}

/// The demo tray: chips of 1, 5, 25 and 100 units, counted as the opener by
/// the demo dealer and pit boss, so the first hand can be dealt at once.
fn count_demo_opener(
    station: &mut Station,
    dealer: &PinEntry<'_>,
    pit_boss: &PinEntry<'_>,
) -> Result<(), StationError> {
    let invalid = |e: crate::inventory::InventoryError| StationError::Setting {
        key: "denominations",
        problem: e.to_string(),
    };
    let denominations = Denominations::new(&[1, 5, 25, 100]).map_err(invalid)?;
    let tray = ChipCount::new(&denominations, &[(1, 100), (5, 100), (25, 40), (100, 20)])
        .map_err(invalid)?;
    let (table, shift) = (station.table_id(), station.shift_id());
    let ledger = station.ledger_mut();
    ledger.set_denominations(table, &denominations, dealer.staff, pit_boss)?;
    ledger.record_count(shift, CountKind::Opener, &tray, dealer, pit_boss, None)?;
    Ok(())
}
