-- Schema version 9: the opener and closer are counted, or their absence is
-- explained. MICS wants the tray counted before play (the opener) and at
-- close (the closer). The app refuses the first hand of a shift without an
-- opener and the ledger refuses to close a shift without a closer, unless a
-- pit boss waives the count with their PIN and a reason: one row here,
-- shown on the shift report and in the exception report. See
-- docs/inventory.md.
CREATE TABLE count_waivers (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  shift_id INTEGER NOT NULL REFERENCES shifts(id),
  kind TEXT NOT NULL CHECK (kind IN ('opener', 'closer')),
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  waived_by INTEGER NOT NULL REFERENCES staff(id),
  waived_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER count_waivers_no_update BEFORE UPDATE ON count_waivers
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: count_waivers'); END;
CREATE TRIGGER count_waivers_no_delete BEFORE DELETE ON count_waivers
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: count_waivers'); END;
