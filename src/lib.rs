//! pairs-table: table management and dealer assist for the Pairs casino
//! games Rocket and Starboard. See ARCHITECTURE.md for the map.

pub mod access;
pub mod cli;
pub mod console;
pub mod expected_hold;
pub mod figures;
pub mod floor;
pub use pairs_engine as engine;
pub mod hand_edges;
pub mod history;
pub mod ids;
pub mod inventory;
pub mod keys;
pub mod ledger;
pub mod par;
pub mod period;
#[cfg(unix)]
pub mod print_desk;
pub mod printing;
pub mod protection;
pub mod rated_play;
pub mod rating;
pub mod report;
pub mod scanner;
pub mod simulate;
pub mod station;
pub mod time_text;
pub mod ui;
