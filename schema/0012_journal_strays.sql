-- Schema version 12: no card that left the shoe is lost to a crash while it
-- waits for a pit boss. A stray (a card read out of turn, while play was
-- stopped or paused, before a due new shoe, or foreign) is journaled here
-- the moment it is read. Outside the chain, like the hand journal: its row
-- goes in the same transaction that journals what the pit boss decided (the
-- card set aside, or replaced by a card entered by hand); after a restart
-- the strays still here wait again, under the alarm left open. See
-- docs/ledger.md ("What leaves the shoe between hands").
CREATE TABLE journal_strays (
  step INTEGER PRIMARY KEY,
  frame INTEGER NOT NULL CHECK (frame BETWEEN 0 AND 65535),
  rank INTEGER NOT NULL CHECK (rank BETWEEN 1 AND 10),
  read_at TEXT NOT NULL
) STRICT;
