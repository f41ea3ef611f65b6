-- Schema version 7: every card that left a card-reading shoe is in the
-- ledger, and so is the device that read it. See docs/ledger.md and
-- hardware/PROTOCOL.md.

-- Cards gain the destination 'set_aside': a card that left the shoe and was
-- neither dealt nor burned (read out of turn, while play was stopped, before
-- a due new shoe, or foreign), set aside face down with a pit boss's
-- approval (approved_by). SQLite cannot change a CHECK, so the table is
-- rebuilt with every row copied as it was, seq and hash included: the chain
-- still verifies. Its triggers and its index (from version 2) are made again.
CREATE TABLE cards_version_6 (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL REFERENCES hands(id),
  step INTEGER NOT NULL,
  rank INTEGER NOT NULL CHECK (rank BETWEEN 1 AND 10),
  destination TEXT NOT NULL CHECK (destination IN ('seat', 'dealer', 'common', 'burn', 'set_aside')),
  seat INTEGER,
  discarded INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('software_shoe', 'scanner', 'manual')),
  frame INTEGER,
  approved_by INTEGER,
  at TEXT NOT NULL,
  CHECK (destination <> 'set_aside' OR approved_by IS NOT NULL)
) STRICT;
INSERT INTO cards_version_6 (seq, hash, hand_id, step, rank, destination, seat, discarded, source, frame, approved_by, at)
  SELECT seq, hash, hand_id, step, rank, destination, seat, discarded, source, frame, approved_by, at FROM cards ORDER BY seq;
DROP TRIGGER cards_no_update;
DROP TRIGGER cards_no_delete;
DROP INDEX cards_by_hand;
DROP TABLE cards;
ALTER TABLE cards_version_6 RENAME TO cards;

CREATE TRIGGER cards_no_update BEFORE UPDATE ON cards
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: cards'); END;
CREATE TRIGGER cards_no_delete BEFORE DELETE ON cards
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: cards'); END;
CREATE INDEX cards_by_hand ON cards(hand_id);

-- The card-reading shoe (the device) that reads a table's shoe: a row when
-- it is first heard after the table opens or the station restarts, when a
-- different one appears, and for each freshly shuffled shoe of cards it
-- reports (stack_id: the ID in its SHOEIN frame). A version 1 shoe does not
-- say who it is: its rows have protocol 1 and no maker, model, serial or
-- firmware.
CREATE TABLE shoe_devices (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  shoe_id INTEGER NOT NULL REFERENCES shoes(id),
  stack_id TEXT,
  protocol INTEGER NOT NULL CHECK (protocol IN (1, 2)),
  maker TEXT,
  model TEXT,
  serial TEXT,
  firmware TEXT,
  seen_at TEXT NOT NULL,
  CHECK ((protocol = 2) = (maker IS NOT NULL AND model IS NOT NULL AND serial IS NOT NULL AND firmware IS NOT NULL))
) STRICT;

CREATE TRIGGER shoe_devices_no_update BEFORE UPDATE ON shoe_devices
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shoe_devices'); END;
CREATE TRIGGER shoe_devices_no_delete BEFORE DELETE ON shoe_devices
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shoe_devices'); END;

CREATE INDEX shoe_devices_by_shoe ON shoe_devices(shoe_id);
