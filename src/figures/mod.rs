//! Game-protection figures for the ledger's hands: the layer above the
//! ledger that decides what to solve. The ledger stores and reads back
//! what it is given (hands, the `hand_edges` rows of `crate::hand_edges`);
//! the figures are worked out here with `crate::protection` and handed
//! to it, or checked against what it holds.
//!
//! - `recorder.rs`: [`Recorder`], the one path by which live and
//!   simulated hands reach the ledger, each Rocket hand with its figures.
//! - `audit.rs`: [`FigureAudit`], the recorded figures checked against
//!   what the hands' cards give (the floor's verifier).
//! - `protection.rs`: [`ProtectionReads`], a ledger's hands valued for
//!   game protection: a player's profile, the game-protection report, a
//!   shift followed for the pit ([`ShiftWatch`], [`ShiftProtection`]).

mod audit;
mod protection;
mod recorder;

pub use audit::{FigureAudit, FigureMismatch};
pub use protection::{
    PlayerWatch, ProtectionReads, SeatWatch, ShiftProtection, ShiftWatch, Watched,
};
pub use recorder::Recorder;
