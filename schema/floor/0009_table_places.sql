-- Floor schema version 9: the floor plan the house arranges (docs/floor.md,
-- "The floor plan"; issue 30, item 9).
--
-- Each station's table has a place on the floor: a pit (its name, as the
-- house calls it) and a row and a column in that pit's grid, counted from 1
-- at the top left. The pit view draws each pit's tables at their places
-- and the tables without one in a row after every pit. A place is a house
-- setting, not a chain row: `floor place` (an owner's URL) sets it, and
-- placing a table again moves it; no two tables share a place. The pit
-- reads it (SELECT, as every floor table) and hears of a change on
-- `floor_rows`, the station's name as payload.

CREATE TABLE floor.table_places (
    station   text PRIMARY KEY REFERENCES floor.stations (station),
    pit       text NOT NULL CHECK (length(pit) BETWEEN 1 AND 100 AND pit !~ '[[:cntrl:]]'),
    place_row integer NOT NULL CHECK (place_row BETWEEN 1 AND 99),
    place_column integer NOT NULL CHECK (place_column BETWEEN 1 AND 99),
    placed_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (pit, place_row, place_column)
);
REVOKE ALL ON floor.table_places FROM PUBLIC;
