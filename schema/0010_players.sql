-- Schema version 10: rated players (docs/rating.md). A player is known by
-- a card number and optionally a name. Seating and unseating are chained
-- rows with their time; a rating is computed from these rows and the
-- hands, never typed. Every look-up of a player's rating is recorded.
CREATE TABLE players (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  card TEXT NOT NULL UNIQUE CHECK (length(card) BETWEEN 1 AND 20),
  name TEXT,
  enrolled_by INTEGER NOT NULL REFERENCES staff(id),
  enrolled_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER players_no_update BEFORE UPDATE ON players
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: players'); END;
CREATE TRIGGER players_no_delete BEFORE DELETE ON players
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: players'); END;

CREATE TABLE seatings (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 255),
  card TEXT NOT NULL REFERENCES players(card),
  action TEXT NOT NULL CHECK (action IN ('seat', 'unseat')),
  by_staff INTEGER NOT NULL REFERENCES staff(id),
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER seatings_no_update BEFORE UPDATE ON seatings
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: seatings'); END;
CREATE TRIGGER seatings_no_delete BEFORE DELETE ON seatings
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: seatings'); END;

CREATE TABLE rating_lookups (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  card TEXT NOT NULL,
  by_staff INTEGER REFERENCES staff(id),
  via TEXT NOT NULL CHECK (via IN ('pit screen', 'command line')),
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER rating_lookups_no_update BEFORE UPDATE ON rating_lookups
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: rating_lookups'); END;
CREATE TRIGGER rating_lookups_no_delete BEFORE DELETE ON rating_lookups
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: rating_lookups'); END;

CREATE INDEX seatings_by_card ON seatings(card, seq);
CREATE INDEX seatings_by_table ON seatings(table_id, seq);
-- A rating reads a session's hands by table and start time, and each
-- hand's transfers by hand, from the indexes alone (covering indexes).
CREATE INDEX hands_by_table_start ON hands(table_id, started_at, id, decks, seats);
CREATE INDEX transfers_by_hand_accounts
  ON transfers(hand_id, from_account, to_account, amount, kind, reverses);
