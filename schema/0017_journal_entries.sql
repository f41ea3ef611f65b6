-- Schema version 17: the bets and Starboard seatings typed for the next
-- hand survive a crash (issue 46, item 6). The station keeps here, outside
-- the chain like the hand journal, each seat's entry as the dealer typed
-- it for the open shift `shift_id`: the bet as typed (checked only when the
-- hand starts) and whether the seat is seated (Starboard). Every change is
-- written at once in its own durable transaction, the rows of every other
-- shift removed; after a restart the open shift's rows fill the seats
-- again. It is a hint, never a record: a hand's bets are recorded in its
-- setup when it starts. See docs/ledger.md ("The seats typed for the next
-- hand").
CREATE TABLE journal_entries (
  shift_id INTEGER NOT NULL,
  seat INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 255),
  bet TEXT NOT NULL,
  seated INTEGER NOT NULL CHECK (seated IN (0, 1)),
  at TEXT NOT NULL,
  PRIMARY KEY (shift_id, seat)
) STRICT;
