//! The floor plan the house arranges (docs/floor.md, "The floor plan"):
//! each station's table placed in a pit at a row and a column, kept in
//! `floor.table_places` (floor schema 9) and read by the pit view.

use std::collections::HashMap;

use postgres::Client;

use super::{FloorError, connect};

/// The largest row or column of a pit's grid.
pub const MAX_PLACE: u8 = 99;

/// Where a table stands on the floor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The pit, as the house names it (`Pit 1`).
    pub pit: String,
    /// Its row in the pit's grid, from 1 at the top.
    pub row: u8,
    /// Its column, from 1 at the left.
    pub column: u8,
}

impl Place {
    /// A place from what the house typed: the pit's name (1 to 100
    /// printable characters, trimmed), a row and a column of 1 to 99.
    pub fn new(pit: &str, row: u32, column: u32) -> Result<Place, FloorError> {
        let pit = pit.trim();
        if pit.is_empty() || pit.chars().count() > 100 || pit.chars().any(char::is_control) {
            return Err(FloorError::Refused(
                "name the pit: 1 to 100 printable characters".into(),
            ));
        }
        let in_grid = |n: u32| u8::try_from(n).ok().filter(|n| (1..=MAX_PLACE).contains(n));
        match (in_grid(row), in_grid(column)) {
            (Some(row), Some(column)) => Ok(Place {
                pit: pit.to_owned(),
                row,
                column,
            }),
            _ => Err(FloorError::Refused(format!(
                "a table's row and column are 1 to {MAX_PLACE}"
            ))),
        }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, row {}, column {}", self.pit, self.row, self.column)
    }
}

/// Places `station`'s table at `place` (an owner's URL), moving it if it
/// had a place; the pit views redraw. Refused for a station not enrolled
/// or a place another table holds.
pub fn place(url: &str, station: &str, place: &Place) -> Result<(), FloorError> {
    let mut client = connect(url)?;
    let mut tx = client.transaction()?;
    tx.batch_execute("LOCK TABLE floor.table_places IN SHARE ROW EXCLUSIVE MODE")?;
    let enrolled = tx
        .query_opt(
            "SELECT 1 FROM floor.stations WHERE station = $1",
            &[&station],
        )?
        .is_some();
    if !enrolled {
        return Err(FloorError::Refused(format!(
            "no station {station} is enrolled on the floor"
        )));
    }
    let (row, column) = (i32::from(place.row), i32::from(place.column));
    let holder: Option<String> = tx
        .query_opt(
            "SELECT station FROM floor.table_places \
              WHERE pit = $1 AND place_row = $2 AND place_column = $3 AND station <> $4",
            &[&place.pit, &row, &column, &station],
        )?
        .map(|r| r.get(0));
    if let Some(holder) = holder {
        return Err(FloorError::Refused(format!(
            "{place} is taken by station {holder}: place it elsewhere first"
        )));
    }
    tx.execute(
        "INSERT INTO floor.table_places (station, pit, place_row, place_column) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (station) DO UPDATE SET pit = excluded.pit, \
             place_row = excluded.place_row, place_column = excluded.place_column, \
             placed_at = now()",
        &[&station, &place.pit, &row, &column],
    )?;
    tx.execute("SELECT pg_notify('floor_rows', $1)", &[&station])?;
    tx.commit()?;
    Ok(())
}

/// Every placed table's place, by station.
pub(super) fn places_on(client: &mut Client) -> Result<HashMap<String, Place>, FloorError> {
    let rows = client.query(
        "SELECT station, pit, place_row, place_column FROM floor.table_places",
        &[],
    )?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let place = Place {
                pit: r.get(1),
                row: u8::try_from(r.get::<_, i32>(2)).ok()?,
                column: u8::try_from(r.get::<_, i32>(3)).ok()?,
            };
            Some((r.get(0), place))
        })
        .collect())
}
