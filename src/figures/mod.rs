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

mod audit;
mod recorder;

pub use audit::{FigureAudit, FigureMismatch};
pub use recorder::Recorder;
