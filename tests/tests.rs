//! Integration tests, compiled as one binary. Each module tests one boundary.
#![allow(clippy::unwrap_used)]

mod access;
mod engine;
mod inventory;
mod ledger;
mod pdf_text;
mod pit;
mod properties;
mod reference;
mod replay;
mod report;
mod scanner;
mod shoe;
mod startup;
mod station;
mod ui;
