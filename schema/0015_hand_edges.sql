-- Schema version 15: each Rocket hand's game-protection figures, worked out
-- by the station as it commits the hand and chained with it (issue 34): the
-- house edge for the cards left when the bets were made, and every
-- decision's best play and cost for the cards left at that moment
-- (docs/game-protection.md, "Kept with the hand"). A report reads them
-- instead of solving the game again; the cards stay the record, and
-- `report protection --recompute` works the figures out from them. See
-- docs/ledger.md ("hand_edges").
CREATE TABLE hand_edges (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL UNIQUE REFERENCES hands(id),
  house_edge TEXT,
  decisions TEXT NOT NULL
) STRICT;

CREATE TRIGGER hand_edges_no_update BEFORE UPDATE ON hand_edges
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: hand_edges'); END;
CREATE TRIGGER hand_edges_no_delete BEFORE DELETE ON hand_edges
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: hand_edges'); END;
