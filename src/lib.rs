//! pairs-table: table management and dealer assist for the Pairs casino
//! games Rocket and Starboard. See ARCHITECTURE.md for the map.

pub mod access;
pub mod cli;
pub mod engine;
pub mod history;
pub mod inventory;
pub mod keys;
pub mod ledger;
pub mod par;
pub mod printing;
pub mod report;
pub mod scanner;
pub mod simulate;
pub mod station;
pub mod ui;
