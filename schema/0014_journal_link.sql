-- Schema version 14: a card-reading shoe reopens as it was after a restart
-- when the link proves that no card left it while the station was down
-- (issue 30, item 8). The station keeps here, outside the chain like the
-- hand journal, the number of the last frame it took from the shoe of the
-- table's shoe `shoe_id` (heartbeats included), updated as frames arrive and
-- left in place by a clean close. It is a hint, never a record: after a
-- restart the first frame's number says how many frames were missed, and a
-- version 2 shoe is asked for them again. See docs/ledger.md ("The last
-- frame taken") and docs/dealer-app.md ("Recovery after a crash or power
-- loss").
CREATE TABLE journal_link (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  shoe_id INTEGER NOT NULL,
  frame INTEGER NOT NULL CHECK (frame BETWEEN 0 AND 65535),
  at TEXT NOT NULL
) STRICT;
