//! The ids the ledger gives what it records, each its own type: a table's
//! id cannot be passed where a shift's is wanted, nor a hand's where a
//! staff member's is. Each shows and serialises as its bare number.

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(
    /// A hand: its number at its table, from 1 (the engine's
    /// `HandSetup::number`).
    HandId(i64)
);
id_type!(
    /// A table set up in the ledger.
    TableId(i64)
);
id_type!(
    /// A shift at a table, from its opening to its closing.
    ShiftId(i64)
);

id_type!(
    /// A staff member: the number on their badge, which they type with
    /// their PIN.
    StaffId(u32)
);

impl HandId {
    /// The id of the hand the engine numbers `number`.
    pub fn of(number: u64) -> HandId {
        // Hand numbers count hands dealt at one table: far below i64::MAX.
        HandId(i64::try_from(number).unwrap_or(i64::MAX))
    }
}

/// A hand as the dealer counts it: its number at its own table, from 1,
/// beside the ledger's id (which counts hands at every table of the
/// ledger). Shows as "3", or "3 (ledger #17)" when the two differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableHand {
    /// The hand's number among its table's hands, from 1.
    pub at_table: u64,
    /// The ledger's id of the hand.
    pub id: HandId,
}

impl std::fmt::Display for TableHand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if i64::try_from(self.at_table).ok() == Some(self.id.0) {
            write!(f, "{}", self.at_table)
        } else {
            write!(f, "{} (ledger #{})", self.at_table, self.id)
        }
    }
}

impl From<StaffId> for i64 {
    fn from(staff: StaffId) -> i64 {
        i64::from(staff.0)
    }
}
