-- Schema version 4 (0003 is another branch's): every print of a shift
-- report, in the chain, so that a second print of the same shift is
-- stamped REPRINT and the paper's head hash can be found again.
-- See docs/reports.md.

CREATE TABLE report_prints (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  shift_id INTEGER REFERENCES shifts(id),
  period_from TEXT,
  period_to TEXT,
  print_number INTEGER NOT NULL CHECK (print_number >= 1),
  casino TEXT NOT NULL,
  head_rows INTEGER NOT NULL,
  head_hash BLOB NOT NULL,
  discrepancies INTEGER NOT NULL,
  printed_at TEXT NOT NULL,
  CHECK ((shift_id IS NULL) = (period_from IS NOT NULL AND period_to IS NOT NULL))
) STRICT;

CREATE INDEX report_prints_by_period ON report_prints(table_id, shift_id, period_from, period_to);

CREATE TRIGGER report_prints_no_update BEFORE UPDATE ON report_prints
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: report_prints'); END;
CREATE TRIGGER report_prints_no_delete BEFORE DELETE ON report_prints
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: report_prints'); END;
