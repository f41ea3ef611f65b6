-- Schema version 5: the start-up checks. Every start of the app at a table
-- records the program's version and the SHA-256 of its own file; a changed
-- program or a chain check that fails at start-up raises an alarm that stops
-- play until a pit boss clears it. See docs/access.md ("Start-up checks").

-- Alarms gain the kinds 'integrity' (the chain check at start-up found
-- discrepancies or could not run) and 'program' (the program differs from
-- the one that last started here, or could not be read). SQLite cannot
-- change a CHECK, so the table is rebuilt with every row copied as it was,
-- seq and hash included: the chain still verifies.
CREATE TABLE alarms_version_5 (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  kind TEXT NOT NULL CHECK (kind IN ('scanner', 'foreign_card', 'connection', 'recovery', 'integrity', 'program')),
  message TEXT NOT NULL,
  hand_id INTEGER,
  raised_at TEXT NOT NULL
) STRICT;
INSERT INTO alarms_version_5 (seq, hash, id, table_id, kind, message, hand_id, raised_at)
  SELECT seq, hash, id, table_id, kind, message, hand_id, raised_at FROM alarms ORDER BY seq;
DROP TRIGGER alarms_no_update;
DROP TRIGGER alarms_no_delete;
DROP TABLE alarms;
ALTER TABLE alarms_version_5 RENAME TO alarms;

CREATE TRIGGER alarms_no_update BEFORE UPDATE ON alarms
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: alarms'); END;
CREATE TRIGGER alarms_no_delete BEFORE DELETE ON alarms
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: alarms'); END;

-- One row per start of the app on this ledger: the station, the program's
-- version and the SHA-256 of the program file that ran.
CREATE TABLE program_starts (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  station TEXT NOT NULL,
  version TEXT NOT NULL,
  program_sha256 BLOB NOT NULL CHECK (length(program_sha256) = 32),
  started_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER program_starts_no_update BEFORE UPDATE ON program_starts
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: program_starts'); END;
CREATE TRIGGER program_starts_no_delete BEFORE DELETE ON program_starts
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: program_starts'); END;
