//! Table inventory and win, and the table settings a pit boss sets: chip
//! denominations, counts by denomination, table limits, fill and credit slip
//! numbers, win, hold and the variance against the ledger. Pure: no I/O, no
//! clock; money is whole table units. See docs/inventory.md.

use std::fmt;

use thiserror::Error;

use crate::engine::rules::{BET_GRID_UNITS, MAX_BET_LIMIT_UNITS};

/// The most denominations a table may use.
pub const MAX_DENOMINATIONS: usize = 20;

/// The largest total, in units, that one count, slip or drop may hold:
/// a million million, so that any shift's sums stay far inside `i64`.
pub const MAX_TOTAL_UNITS: u64 = 1_000_000_000_000;

/// Why a setting, count or slip number was refused: one sentence.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InventoryError {
    /// A denomination list that is not whole positive numbers.
    #[error(
        "chip denominations must be whole numbers of units above 0, separated by spaces, not {0:?}"
    )]
    BadDenomination(String),
    /// No denominations given.
    #[error("give at least one chip denomination")]
    NoDenominations,
    /// Too many denominations.
    #[error("a table may use at most {MAX_DENOMINATIONS} chip denominations, not {0}")]
    TooManyDenominations(usize),
    /// A denomination listed twice.
    #[error("chip denomination {0} is listed twice")]
    DuplicateDenomination(u64),
    /// A count for a chip the table does not use.
    #[error("this table has no {0}-unit chips")]
    UnknownDenomination(u64),
    /// A count that is not `denomination:count` pairs.
    #[error("a chip count is `denomination:count` pairs separated by spaces, not {0:?}")]
    BadCount(String),
    /// A total above [`MAX_TOTAL_UNITS`].
    #[error("the total is above {MAX_TOTAL_UNITS} units; check the count")]
    TooLarge,
    /// A slip with no chips.
    #[error("a fill or credit needs at least one chip")]
    EmptySlip,
    /// Limits out of range.
    #[error(
        "table limits need 1 ≤ minimum ≤ maximum ≤ {MAX_BET_LIMIT_UNITS} units, both multiples of {BET_GRID_UNITS}, not {min} to {max}"
    )]
    BadLimits {
        /// The minimum bet given.
        min: u64,
        /// The maximum bet given.
        max: u64,
    },
    /// Limits text that is not two numbers.
    #[error("table limits are `minimum maximum` in units, not {0:?}")]
    BadLimitsText(String),
}

/// The chip denominations a table uses, in units, ascending and distinct.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Denominations(Vec<u64>);

impl Denominations {
    /// Denominations from a list in any order: each above 0, none twice,
    /// at most [`MAX_DENOMINATIONS`].
    pub fn new(values: &[u64]) -> Result<Denominations, InventoryError> {
        if values.is_empty() {
            return Err(InventoryError::NoDenominations);
        }
        if values.len() > MAX_DENOMINATIONS {
            return Err(InventoryError::TooManyDenominations(values.len()));
        }
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        if sorted[0] == 0 || sorted[sorted.len() - 1] > MAX_TOTAL_UNITS {
            return Err(InventoryError::BadDenomination(join(values)));
        }
        if let Some(pair) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(InventoryError::DuplicateDenomination(pair[0]));
        }
        Ok(Denominations(sorted))
    }

    /// Parses the setting's text: numbers separated by spaces, e.g. `1 5 25 100 500`.
    pub fn parse(text: &str) -> Result<Denominations, InventoryError> {
        let values = text
            .split_whitespace()
            .map(|word| {
                word.parse::<u64>()
                    .map_err(|_| InventoryError::BadDenomination(text.to_owned()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Denominations::new(&values)
    }

    /// The denominations, ascending.
    pub fn values(&self) -> &[u64] {
        &self.0
    }

    /// Whether the table uses chips of `denomination`.
    pub fn contains(&self, denomination: u64) -> bool {
        self.0.binary_search(&denomination).is_ok()
    }
}

impl fmt::Display for Denominations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&join(&self.0))
    }
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Chips counted by denomination: (denomination, count), ascending by
/// denomination, each denomination once, zero counts left out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ChipCount {
    counts: Vec<(u64, u64)>,
    total: u64,
}

impl ChipCount {
    /// A count of the table's chips: every denomination must be one of
    /// `denominations`; a denomination given twice is added up; the total
    /// may not exceed [`MAX_TOTAL_UNITS`].
    pub fn new(
        denominations: &Denominations,
        counts: &[(u64, u64)],
    ) -> Result<ChipCount, InventoryError> {
        if let Some(&(unknown, _)) = counts.iter().find(|(d, _)| !denominations.contains(*d)) {
            return Err(InventoryError::UnknownDenomination(unknown));
        }
        ChipCount::checked(counts)
    }

    /// Sorts, merges and totals `counts` without a denomination list.
    fn checked(counts: &[(u64, u64)]) -> Result<ChipCount, InventoryError> {
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(counts.len());
        let mut sorted = counts.to_vec();
        sorted.sort_unstable();
        for (denomination, count) in sorted {
            match merged.last_mut() {
                Some((d, c)) if *d == denomination => {
                    *c = c.checked_add(count).ok_or(InventoryError::TooLarge)?
                }
                _ => merged.push((denomination, count)),
            }
        }
        merged.retain(|&(_, count)| count > 0);
        let mut total = 0u64;
        for &(denomination, count) in &merged {
            total = denomination
                .checked_mul(count)
                .and_then(|value| total.checked_add(value))
                .filter(|t| *t <= MAX_TOTAL_UNITS)
                .ok_or(InventoryError::TooLarge)?;
        }
        Ok(ChipCount {
            counts: merged,
            total,
        })
    }

    /// Parses the stored form, `denomination:count` pairs separated by
    /// spaces (e.g. `5:40 25:12`); the empty text is no chips.
    pub fn parse(text: &str) -> Result<ChipCount, InventoryError> {
        let bad = || InventoryError::BadCount(text.to_owned());
        let counts = text
            .split_whitespace()
            .map(|pair| {
                let (d, c) = pair.split_once(':').ok_or_else(bad)?;
                Ok((d.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?))
            })
            .collect::<Result<Vec<(u64, u64)>, InventoryError>>()?;
        ChipCount::checked(&counts)
    }

    /// (denomination, count) pairs, ascending by denomination.
    pub fn counts(&self) -> &[(u64, u64)] {
        &self.counts
    }

    /// The value in units: the sum of denomination × count.
    pub fn total(&self) -> u64 {
        self.total
    }
}

impl fmt::Display for ChipCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self
            .counts
            .iter()
            .map(|(d, c)| format!("{d}:{c}"))
            .collect();
        f.write_str(&pairs.join(" "))
    }
}

/// A table's bet limits in units (Rocket's minimum and maximum bet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableLimits {
    /// The smallest bet, in units.
    pub min_bet_units: u64,
    /// The largest bet, in units.
    pub max_bet_units: u64,
}

impl TableLimits {
    /// Limits on the bet grid with 1 ≤ min ≤ max ≤ the rules' largest allowed limit.
    pub fn new(min_bet: u64, max_bet: u64) -> Result<TableLimits, InventoryError> {
        let off_grid =
            !min_bet.is_multiple_of(BET_GRID_UNITS) || !max_bet.is_multiple_of(BET_GRID_UNITS);
        if min_bet == 0 || min_bet > max_bet || max_bet > MAX_BET_LIMIT_UNITS || off_grid {
            return Err(InventoryError::BadLimits {
                min: min_bet,
                max: max_bet,
            });
        }
        Ok(TableLimits {
            min_bet_units: min_bet,
            max_bet_units: max_bet,
        })
    }

    /// Parses the setting's text, `minimum maximum` (e.g. `10 1000`).
    pub fn parse(text: &str) -> Result<TableLimits, InventoryError> {
        let bad = || InventoryError::BadLimitsText(text.to_owned());
        let mut words = text.split_whitespace();
        let (Some(min), Some(max), None) = (words.next(), words.next(), words.next()) else {
            return Err(bad());
        };
        TableLimits::new(
            min.parse().map_err(|_| bad())?,
            max.parse().map_err(|_| bad())?,
        )
    }
}

impl fmt::Display for TableLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.min_bet_units, self.max_bet_units)
    }
}

/// A fill or credit slip number, `YYYY-NNNNNN`: the year and the slip's
/// place in that year's sequence (1, 2, 3, …) in this ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct SlipNumber {
    /// The year.
    pub year: i32,
    /// The place in the year, from 1.
    pub serial: u32,
}

impl SlipNumber {
    /// The number after `last` in `year`: serial 1 if there was none that year.
    pub fn next(year: i32, last: Option<SlipNumber>) -> SlipNumber {
        let serial = last.filter(|l| l.year == year).map_or(1, |l| l.serial + 1);
        SlipNumber { year, serial }
    }

    /// Parses `YYYY-NNNNNN`.
    pub fn parse(text: &str) -> Option<SlipNumber> {
        let (year, serial) = text.split_once('-')?;
        if year.len() != 4
            || serial.len() < 6
            || !text.bytes().all(|b| b.is_ascii_digit() || b == b'-')
        {
            return None;
        }
        Some(SlipNumber {
            year: year.parse().ok()?,
            serial: serial.parse().ok().filter(|s| *s > 0)?,
        })
    }
}

impl fmt::Display for SlipNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:06}", self.year, self.serial)
    }
}

/// A shift's inventory totals in units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Inventory {
    /// The tray counted at the start of the shift.
    pub opener: u64,
    /// The tray counted at the end.
    pub closer: u64,
    /// Chips brought from the cage (voided slips left out).
    pub fills: u64,
    /// Chips sent back to the cage (voided slips left out).
    pub credits: u64,
    /// Cash taken at the table for chips.
    pub drop: u64,
}

impl Inventory {
    /// Win = closer + credits + drop − opener − fills, in units (negative
    /// when the table lost). Saturates at the ends of `i64`, which totals
    /// within [`MAX_TOTAL_UNITS`] never reach.
    pub fn win(&self) -> i64 {
        let win = i128::from(self.closer) + i128::from(self.credits) + i128::from(self.drop)
            - i128::from(self.opener)
            - i128::from(self.fills);
        i64::try_from(win).unwrap_or(if win < 0 { i64::MIN } else { i64::MAX })
    }

    /// Hold: win ÷ drop in basis points (1 % = 100), rounded to the nearest
    /// (halves away from zero); None when the drop is 0.
    pub fn hold_basis_points(&self) -> Option<i64> {
        hold_basis_points(self.win(), self.drop)
    }
}

/// Win ÷ drop in basis points (1 % = 100), rounded to the nearest, halves
/// away from zero; None when `drop` is 0.
pub fn hold_basis_points(win: i64, drop: u64) -> Option<i64> {
    if drop == 0 {
        return None;
    }
    let scaled = i128::from(win) * 10_000;
    let drop = i128::from(drop);
    let half = if scaled < 0 { -drop } else { drop };
    let rounded = (2 * scaled + half) / (2 * drop);
    Some(i64::try_from(rounded).unwrap_or(if rounded < 0 { i64::MIN } else { i64::MAX }))
}

/// Basis points as a percentage with two decimals, e.g. 1234 → `12.34%`:
/// the one format of a hold everywhere (pit screen, PDF and CSV).
pub fn format_basis_points(bp: i64) -> String {
    let sign = if bp < 0 { "-" } else { "" };
    let abs = bp.unsigned_abs();
    format!("{sign}{}.{:02}%", abs / 100, abs % 100)
}

/// The inventory's win beside the ledger's own win from the hands dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variance {
    /// Win from the inventory.
    pub inventory_win: i64,
    /// The house's net from the hands' transfers, reversals included.
    pub ledger_win: i64,
    /// inventory_win − ledger_win.
    pub difference: i64,
}

impl Variance {
    /// Compares the two wins.
    pub fn new(inventory_win: i64, ledger_win: i64) -> Variance {
        Variance {
            inventory_win,
            ledger_win,
            difference: inventory_win.saturating_sub(ledger_win),
        }
    }

    /// Whether the pit boss must investigate: any difference at all.
    pub fn flagged(&self) -> bool {
        self.difference != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usual() -> Denominations {
        Denominations::parse("1 5 25 100 500").unwrap()
    }

    #[test]
    fn denominations_are_validated_and_sorted() {
        assert_eq!(
            Denominations::parse("25 1 5").unwrap().values(),
            &[1, 5, 25]
        );
        assert_eq!(usual().to_string(), "1 5 25 100 500");
        assert_eq!(
            Denominations::parse("5 5"),
            Err(InventoryError::DuplicateDenomination(5))
        );
        assert_eq!(
            Denominations::parse(" "),
            Err(InventoryError::NoDenominations)
        );
        assert!(matches!(
            Denominations::parse("0 5"),
            Err(InventoryError::BadDenomination(_))
        ));
        assert!(matches!(
            Denominations::parse("1 2.5"),
            Err(InventoryError::BadDenomination(_))
        ));
        assert!(matches!(
            Denominations::parse("-5"),
            Err(InventoryError::BadDenomination(_))
        ));
        let many: Vec<u64> = (1..=21).collect();
        assert_eq!(
            Denominations::new(&many),
            Err(InventoryError::TooManyDenominations(21))
        );
    }

    #[test]
    fn a_count_is_valued_by_denomination() {
        // 20×1 + 40×5 + 12×25 + 3×100 = 20 + 200 + 300 + 300 = 820
        let count =
            ChipCount::new(&usual(), &[(25, 12), (1, 20), (5, 40), (100, 3), (500, 0)]).unwrap();
        assert_eq!(count.total(), 820);
        assert_eq!(count.to_string(), "1:20 5:40 25:12 100:3");
        assert_eq!(ChipCount::parse(&count.to_string()).unwrap(), count);
        assert_eq!(
            ChipCount::new(&usual(), &[(5, 1), (5, 2)])
                .unwrap()
                .counts(),
            &[(5, 3)]
        );
        assert_eq!(
            ChipCount::new(&usual(), &[(10, 1)]),
            Err(InventoryError::UnknownDenomination(10))
        );
        assert_eq!(
            ChipCount::new(&usual(), &[(500, u64::MAX)]),
            Err(InventoryError::TooLarge)
        );
        assert_eq!(ChipCount::parse("").unwrap().total(), 0);
        assert!(matches!(
            ChipCount::parse("5x3"),
            Err(InventoryError::BadCount(_))
        ));
    }

    #[test]
    fn win_and_hold_match_the_hand_computed_example() {
        // docs/inventory.md: 10 000 + 2 000 + 6 500 − 12 000 − 3 000 = 3 500;
        // 3 500 / 6 500 = 53.846… % → 5385 bp.
        let shift = Inventory {
            opener: 12_000,
            closer: 10_000,
            fills: 3_000,
            credits: 2_000,
            drop: 6_500,
        };
        assert_eq!(shift.win(), 3_500);
        assert_eq!(shift.hold_basis_points(), Some(5_385));
        assert_eq!(format_basis_points(5_385), "53.85%");
    }

    #[test]
    fn a_losing_shift_has_a_negative_win_and_hold() {
        // 9 000 + 0 + 1 000 − 12 000 − 0 = −2 000; −2 000 / 1 000 = −200 %.
        let shift = Inventory {
            opener: 12_000,
            closer: 9_000,
            drop: 1_000,
            ..Inventory::default()
        };
        assert_eq!(shift.win(), -2_000);
        assert_eq!(shift.hold_basis_points(), Some(-20_000));
        assert_eq!(format_basis_points(-20_000), "-200.00%");
        assert_eq!(format_basis_points(-5), "-0.05%");
    }

    #[test]
    fn hold_rounds_halves_away_from_zero_and_needs_a_drop() {
        assert_eq!(hold_basis_points(1, 20_000), Some(1)); // 0.5 bp → 1
        assert_eq!(hold_basis_points(-1, 20_000), Some(-1));
        assert_eq!(hold_basis_points(1, 30_000), Some(0)); // 0.33 bp → 0
        assert_eq!(hold_basis_points(2, 30_000), Some(1)); // 0.67 bp → 1
        assert_eq!(hold_basis_points(500, 0), None);
    }

    #[test]
    fn a_variance_is_flagged_when_not_zero() {
        let v = Variance::new(3_500, 3_400);
        assert_eq!(v.difference, 100);
        assert!(v.flagged());
        assert!(!Variance::new(-50, -50).flagged());
    }

    #[test]
    fn slip_numbers_run_within_a_year_and_restart() {
        let first = SlipNumber::next(2026, None);
        assert_eq!(first.to_string(), "2026-000001");
        let second = SlipNumber::next(2026, Some(first));
        assert_eq!(second.to_string(), "2026-000002");
        assert_eq!(
            SlipNumber::next(2027, Some(second)).to_string(),
            "2027-000001"
        );
        assert_eq!(SlipNumber::parse("2026-000002"), Some(second));
        let big = SlipNumber {
            year: 2026,
            serial: 1_234_567,
        };
        assert_eq!(SlipNumber::parse(&big.to_string()), Some(big));
        for bad in [
            "2026-0001",
            "26-000001",
            "2026-000000",
            "2026-00000x",
            "2026",
        ] {
            assert_eq!(SlipNumber::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn limits_are_validated() {
        assert_eq!(
            TableLimits::parse("10 1000").unwrap(),
            TableLimits::new(10, 1000).unwrap()
        );
        assert_eq!(TableLimits::new(10, 1000).unwrap().to_string(), "10 1000");
        assert!(TableLimits::new(0, 10).is_err());
        assert!(TableLimits::new(20, 10).is_err());
        assert!(TableLimits::new(1, MAX_BET_LIMIT_UNITS + 1).is_err());
        assert!(TableLimits::new(15, 1000).is_err(), "off the 10-unit grid");
        assert!(TableLimits::parse("10").is_err());
        assert!(TableLimits::parse("10 20 30").is_err());
    }
}
