//! Integration tests, compiled as one binary. Each module tests one boundary.
#![allow(clippy::unwrap_used)]

mod ledger;
mod replay;
