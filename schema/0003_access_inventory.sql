-- Schema version 3: the administrator role, PINs, access events,
-- approvals, alarms and the table inventory (counts, fill and credit slips,
-- drop). See docs/ledger.md, docs/access.md and docs/inventory.md.

-- The staff roles gain 'administrator'. SQLite cannot change a CHECK, so the
-- table is rebuilt with every row copied as it was, seq and hash included:
-- the chain still verifies. Ledger::open runs migrations with foreign keys
-- off and checks them before it commits, as SQLite's own procedure for
-- rebuilding a table asks.
CREATE TABLE staff_version_3 (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('dealer', 'pit_boss', 'administrator', 'auditor')),
  created_at TEXT NOT NULL
) STRICT;
INSERT INTO staff_version_3 (seq, hash, id, name, role, created_at)
  SELECT seq, hash, id, name, role, created_at FROM staff ORDER BY seq;
DROP TRIGGER staff_no_update;
DROP TRIGGER staff_no_delete;
DROP TABLE staff;
ALTER TABLE staff_version_3 RENAME TO staff;

CREATE TRIGGER staff_no_update BEFORE UPDATE ON staff
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: staff'); END;
CREATE TRIGGER staff_no_delete BEFORE DELETE ON staff
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: staff'); END;

-- A PIN set or reset: the argon2id PHC string (parameters, random salt,
-- hash), never the PIN. The latest row for a staff member is their PIN.
CREATE TABLE pins (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  staff_id INTEGER NOT NULL REFERENCES staff(id),
  phc TEXT NOT NULL CHECK (phc LIKE '$argon2id$%'),
  set_by INTEGER NOT NULL REFERENCES staff(id),
  set_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER pins_no_update BEFORE UPDATE ON pins
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: pins'); END;
CREATE TRIGGER pins_no_delete BEFORE DELETE ON pins
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: pins'); END;

-- Sign-ins, sign-outs, wrong PINs, lockouts and their resets (by_staff: who
-- reset it), idle timeouts and PINs confirming actions, at which station.
CREATE TABLE access_events (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  staff_id INTEGER NOT NULL REFERENCES staff(id),
  event TEXT NOT NULL CHECK (event IN ('sign_in', 'sign_out', 'failed_pin', 'lockout', 'lockout_reset', 'timeout', 'pin_confirmed')),
  station TEXT NOT NULL,
  by_staff INTEGER REFERENCES staff(id),
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER access_events_no_update BEFORE UPDATE ON access_events
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: access_events'); END;
CREATE TRIGGER access_events_no_delete BEFORE DELETE ON access_events
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: access_events'); END;

-- An action approved with the approver's PIN at that moment: who asked, who
-- approved, the hand (its number, committed or in progress) where there is
-- one, and what was approved in words.
CREATE TABLE approvals (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  action TEXT NOT NULL CHECK (action IN ('limits', 'denominations', 'void', 'manual_card', 'scanner_override', 'open_table', 'close_table', 'fill', 'credit', 'add_staff', 'set_pin')),
  table_id INTEGER REFERENCES tables(id),
  hand_id INTEGER,
  requested_by INTEGER NOT NULL REFERENCES staff(id),
  approved_by INTEGER NOT NULL REFERENCES staff(id),
  detail TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER approvals_no_update BEFORE UPDATE ON approvals
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: approvals'); END;
CREATE TRIGGER approvals_no_delete BEFORE DELETE ON approvals
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: approvals'); END;

-- A fault that stopped play (scanner, foreign card, connection, a hand
-- reopened after a crash); it stays open until a row in alarm_clears.
CREATE TABLE alarms (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  kind TEXT NOT NULL CHECK (kind IN ('scanner', 'foreign_card', 'connection', 'recovery')),
  message TEXT NOT NULL,
  hand_id INTEGER,
  raised_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER alarms_no_update BEFORE UPDATE ON alarms
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: alarms'); END;
CREATE TRIGGER alarms_no_delete BEFORE DELETE ON alarms
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: alarms'); END;

CREATE TABLE alarm_clears (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  alarm_id INTEGER NOT NULL UNIQUE REFERENCES alarms(id),
  cleared_by INTEGER NOT NULL REFERENCES staff(id),
  how TEXT NOT NULL,
  cleared_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER alarm_clears_no_update BEFORE UPDATE ON alarm_clears
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: alarm_clears'); END;
CREATE TRIGGER alarm_clears_no_delete BEFORE DELETE ON alarm_clears
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: alarm_clears'); END;

-- The tray counted by denomination (`denomination:count` pairs) at the start
-- (opener) or end (closer) of a shift by the dealer and a pit boss, each with
-- their PIN. A recount is a later row; the latest counts.
CREATE TABLE inventory_counts (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  shift_id INTEGER NOT NULL REFERENCES shifts(id),
  kind TEXT NOT NULL CHECK (kind IN ('opener', 'closer')),
  chips TEXT NOT NULL,
  total INTEGER NOT NULL CHECK (total >= 0),
  dealer_id INTEGER NOT NULL REFERENCES staff(id),
  pit_boss_id INTEGER NOT NULL REFERENCES staff(id),
  counted_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER inventory_counts_no_update BEFORE UPDATE ON inventory_counts
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: inventory_counts'); END;
CREATE TRIGGER inventory_counts_no_delete BEFORE DELETE ON inventory_counts
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: inventory_counts'); END;

-- Fill (chips from the cage) and credit (chips back) slips: number
-- YYYY-NNNNNN, sequential and unique within the year in this ledger.
CREATE TABLE slips (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  number TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('fill', 'credit')),
  shift_id INTEGER NOT NULL REFERENCES shifts(id),
  chips TEXT NOT NULL,
  total INTEGER NOT NULL CHECK (total > 0),
  requested_by INTEGER NOT NULL REFERENCES staff(id),
  approved_by INTEGER NOT NULL REFERENCES staff(id),
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER slips_no_update BEFORE UPDATE ON slips
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: slips'); END;
CREATE TRIGGER slips_no_delete BEFORE DELETE ON slips
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: slips'); END;

-- A voided slip (the slip stays): the reason and the two people, each with
-- their PIN.
CREATE TABLE slip_voids (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  slip_id INTEGER NOT NULL UNIQUE REFERENCES slips(id),
  reason TEXT NOT NULL,
  first_by INTEGER NOT NULL REFERENCES staff(id),
  second_by INTEGER NOT NULL REFERENCES staff(id),
  voided_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER slip_voids_no_update BEFORE UPDATE ON slip_voids
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: slip_voids'); END;
CREATE TRIGGER slip_voids_no_delete BEFORE DELETE ON slip_voids
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: slip_voids'); END;

-- Cash taken at the table for chips, in units.
CREATE TABLE drops (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  shift_id INTEGER NOT NULL REFERENCES shifts(id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  recorded_by INTEGER NOT NULL REFERENCES staff(id),
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER drops_no_update BEFORE UPDATE ON drops
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: drops'); END;
CREATE TRIGGER drops_no_delete BEFORE DELETE ON drops
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: drops'); END;

CREATE INDEX access_events_by_staff ON access_events(staff_id);
CREATE INDEX hands_by_shift ON hands(shift_id);
