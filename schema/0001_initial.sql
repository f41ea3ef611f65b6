-- Schema version 1: the ledger tables, the hand journal and the triggers
-- that make ledger rows unalterable. See docs/ledger.md.
--
-- Every ledger table starts with `seq` (the row's place in the one hash
-- chain of the database, unique across all ledger tables) and `hash`
-- (SHA-256 of the previous row's hash and this row's canonical encoding).

CREATE TABLE tables (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  game TEXT NOT NULL CHECK (game IN ('rocket', 'starboard')),
  created_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER tables_no_update BEFORE UPDATE ON tables
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: tables'); END;
CREATE TRIGGER tables_no_delete BEFORE DELETE ON tables
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: tables'); END;

CREATE TABLE table_settings (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  set_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER table_settings_no_update BEFORE UPDATE ON table_settings
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: table_settings'); END;
CREATE TRIGGER table_settings_no_delete BEFORE DELETE ON table_settings
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: table_settings'); END;

CREATE TABLE rules (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  rules_hash TEXT NOT NULL UNIQUE,
  toml TEXT NOT NULL,
  recorded_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER rules_no_update BEFORE UPDATE ON rules
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: rules'); END;
CREATE TRIGGER rules_no_delete BEFORE DELETE ON rules
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: rules'); END;

CREATE TABLE staff (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('dealer', 'pit_boss', 'auditor')),
  created_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER staff_no_update BEFORE UPDATE ON staff
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: staff'); END;
CREATE TRIGGER staff_no_delete BEFORE DELETE ON staff
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: staff'); END;

CREATE TABLE shifts (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  opened_by INTEGER NOT NULL REFERENCES staff(id),
  opened_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER shifts_no_update BEFORE UPDATE ON shifts
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shifts'); END;
CREATE TRIGGER shifts_no_delete BEFORE DELETE ON shifts
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shifts'); END;

CREATE TABLE shift_closes (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  shift_id INTEGER NOT NULL UNIQUE REFERENCES shifts(id),
  closed_by INTEGER NOT NULL REFERENCES staff(id),
  closed_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER shift_closes_no_update BEFORE UPDATE ON shift_closes
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shift_closes'); END;
CREATE TRIGGER shift_closes_no_delete BEFORE DELETE ON shift_closes
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shift_closes'); END;

CREATE TABLE shoes (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  decks INTEGER NOT NULL CHECK (decks BETWEEN 1 AND 8),
  scanner_shoe_id TEXT,
  opened_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER shoes_no_update BEFORE UPDATE ON shoes
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shoes'); END;
CREATE TRIGGER shoes_no_delete BEFORE DELETE ON shoes
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shoes'); END;

CREATE TABLE hands (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  shift_id INTEGER NOT NULL REFERENCES shifts(id),
  dealer_id INTEGER NOT NULL REFERENCES staff(id),
  shoe_id INTEGER NOT NULL REFERENCES shoes(id),
  game TEXT NOT NULL CHECK (game IN ('rocket', 'starboard')),
  decks INTEGER NOT NULL CHECK (decks BETWEEN 1 AND 8),
  rules_hash TEXT NOT NULL REFERENCES rules(rules_hash),
  seats TEXT NOT NULL,
  previous_button INTEGER,
  button INTEGER,
  carry_in INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('complete', 'voided')),
  started_at TEXT NOT NULL,
  ended_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER hands_no_update BEFORE UPDATE ON hands
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: hands'); END;
CREATE TRIGGER hands_no_delete BEFORE DELETE ON hands
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: hands'); END;

CREATE TABLE shuffles (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL REFERENCES hands(id),
  step INTEGER NOT NULL,
  number INTEGER NOT NULL,
  commitment BLOB NOT NULL,
  cards INTEGER NOT NULL,
  mid_hand INTEGER NOT NULL,
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER shuffles_no_update BEFORE UPDATE ON shuffles
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shuffles'); END;
CREATE TRIGGER shuffles_no_delete BEFORE DELETE ON shuffles
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: shuffles'); END;

CREATE TABLE reveals (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL REFERENCES hands(id),
  step INTEGER NOT NULL,
  number INTEGER NOT NULL,
  card_order BLOB NOT NULL,
  salt BLOB NOT NULL,
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER reveals_no_update BEFORE UPDATE ON reveals
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: reveals'); END;
CREATE TRIGGER reveals_no_delete BEFORE DELETE ON reveals
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: reveals'); END;

CREATE TABLE external_shuffles (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL REFERENCES hands(id),
  step INTEGER NOT NULL,
  mid_hand INTEGER NOT NULL,
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER external_shuffles_no_update BEFORE UPDATE ON external_shuffles
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: external_shuffles'); END;
CREATE TRIGGER external_shuffles_no_delete BEFORE DELETE ON external_shuffles
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: external_shuffles'); END;

CREATE TABLE cards (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL REFERENCES hands(id),
  step INTEGER NOT NULL,
  rank INTEGER NOT NULL CHECK (rank BETWEEN 1 AND 10),
  destination TEXT NOT NULL CHECK (destination IN ('seat', 'dealer', 'common', 'burn')),
  seat INTEGER,
  discarded INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('software_shoe', 'scanner', 'manual')),
  frame INTEGER,
  approved_by INTEGER,
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER cards_no_update BEFORE UPDATE ON cards
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: cards'); END;
CREATE TRIGGER cards_no_delete BEFORE DELETE ON cards
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: cards'); END;

CREATE TABLE decisions (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL REFERENCES hands(id),
  step INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('hit', 'fold', 'draw', 'lock')),
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: decisions'); END;
CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: decisions'); END;

CREATE TABLE voids (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL UNIQUE REFERENCES hands(id),
  reason TEXT NOT NULL,
  approved_by INTEGER NOT NULL REFERENCES staff(id),
  voided_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER voids_no_update BEFORE UPDATE ON voids
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: voids'); END;
CREATE TRIGGER voids_no_delete BEFORE DELETE ON voids
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: voids'); END;

CREATE TABLE transfers (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  hand_id INTEGER NOT NULL REFERENCES hands(id),
  line INTEGER NOT NULL,
  from_account TEXT NOT NULL,
  to_account TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  kind TEXT NOT NULL,
  rank INTEGER,
  reverses INTEGER
) STRICT;

CREATE TRIGGER transfers_no_update BEFORE UPDATE ON transfers
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: transfers'); END;
CREATE TRIGGER transfers_no_delete BEFORE DELETE ON transfers
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: transfers'); END;

-- The hand in progress (at most one): mutable, outside the chain. Emptied
-- in the same transaction that commits the hand to the ledger.
CREATE TABLE journal_hand (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  hand_id INTEGER NOT NULL,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  shift_id INTEGER NOT NULL REFERENCES shifts(id),
  dealer_id INTEGER NOT NULL REFERENCES staff(id),
  shoe_id INTEGER NOT NULL REFERENCES shoes(id),
  game TEXT NOT NULL,
  decks INTEGER NOT NULL,
  rules_hash TEXT NOT NULL REFERENCES rules(rules_hash),
  seats TEXT NOT NULL,
  previous_button INTEGER,
  button INTEGER,
  carry_in INTEGER NOT NULL,
  started_at TEXT NOT NULL
) STRICT;

-- Its steps in order: each is the ledger row it will become (table name and
-- the canonical encoding of its columns, see docs/ledger.md).
CREATE TABLE journal_steps (
  step INTEGER PRIMARY KEY,
  ledger_table TEXT NOT NULL,
  body BLOB NOT NULL
) STRICT;
