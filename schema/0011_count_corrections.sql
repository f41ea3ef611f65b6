-- Schema version 11: a recount says why. A second count of a shift's opener
-- or closer replaces the first in every figure; this row, appended in the
-- same commit as the recount's `inventory_counts` row, gives the totals
-- before and after, the reason, and, when the total moved by more than the
-- house threshold, the second pit boss who approved it with their PIN. See
-- docs/inventory.md ("Recounts").
CREATE TABLE count_corrections (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  shift_id INTEGER NOT NULL REFERENCES shifts(id),
  kind TEXT NOT NULL CHECK (kind IN ('opener', 'closer')),
  previous_total INTEGER NOT NULL CHECK (previous_total >= 0),
  new_total INTEGER NOT NULL CHECK (new_total >= 0),
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  second_by INTEGER REFERENCES staff(id),
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER count_corrections_no_update BEFORE UPDATE ON count_corrections
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: count_corrections'); END;
CREATE TRIGGER count_corrections_no_delete BEFORE DELETE ON count_corrections
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: count_corrections'); END;
