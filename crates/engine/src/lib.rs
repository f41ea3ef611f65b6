//! The rules engine: cards, shoes, house rules, and Rocket and Starboard as
//! state machines.
//!
//! Architecture invariant: nothing here does I/O, reads a clock or touches a
//! global random generator. Randomness comes in as a generator; time never
//! enters at all. Money is whole table units (`u64` amounts, `i64` nets).

pub mod card;
pub mod hand;
pub mod money;
pub mod rocket;
pub mod rules;
pub mod shoe;
pub mod starboard;
pub mod table;

pub use card::{Decks, Rank};
pub use hand::{Action, CardTo, GameKind, Hand, Need, PlayError, SetupError, Step};
pub use money::{Account, Transfer, TransferKind};
pub use rules::{HouseRules, StartRule};
