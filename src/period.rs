//! A period of time, shared by the ratings and the game-protection
//! figures (each reads the other's types from here, not from each other).

use chrono::{DateTime, Utc};

/// A period of time, `from` inclusive, `to` exclusive; either end open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Period {
    /// The first instant counted.
    pub from: Option<DateTime<Utc>>,
    /// The first instant no longer counted.
    pub to: Option<DateTime<Utc>>,
}

impl Period {
    /// Seconds of `[start, end)` inside the period (0 when they do not meet).
    pub fn overlap_seconds(&self, start: DateTime<Utc>, end: DateTime<Utc>) -> i64 {
        let start = self.from.map_or(start, |from| start.max(from));
        let end = self.to.map_or(end, |to| end.min(to));
        (end - start).num_seconds().max(0)
    }
}
