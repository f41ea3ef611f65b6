-- Floor schema version 6: a station's table name without scanning its
-- chain. `floor status` (and so every pit redraw) names each station's
-- table by its latest `tables` row; without an index that was a backward
-- scan of the station's whole chain, in proportion to everything it ever
-- shipped (docs/performance.md, "Floor": 200 ms at a million rows, 0.2 ms
-- with this index). Only `tables` rows are indexed, so shipping pays
-- nothing for it.
CREATE INDEX chain_rows_tables ON floor.chain_rows (station, seq) WHERE table_name = 'tables';
