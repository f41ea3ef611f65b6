-- Schema version 13: a pit boss moves a table's card-reading shoe to another
-- serial port during the shift (issue 30, item 6). The change is an approval
-- of its own, `shoe_port`, recorded with the pit boss's PIN beside the table
-- setting `source` it changes (docs/ledger.md, docs/dealer-app.md). SQLite
-- cannot change a CHECK, so `approvals` is rebuilt with every row copied as
-- it was, seq and hash included: the chain still verifies. Its triggers are
-- made again.
CREATE TABLE approvals_version_13 (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  id INTEGER NOT NULL UNIQUE,
  action TEXT NOT NULL CHECK (action IN ('limits', 'denominations', 'void', 'manual_card', 'scanner_override', 'open_table', 'close_table', 'fill', 'credit', 'add_staff', 'set_pin', 'shoe_port')),
  table_id INTEGER REFERENCES tables(id),
  hand_id INTEGER,
  requested_by INTEGER NOT NULL REFERENCES staff(id),
  approved_by INTEGER NOT NULL REFERENCES staff(id),
  detail TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
INSERT INTO approvals_version_13 (seq, hash, id, action, table_id, hand_id, requested_by, approved_by, detail, at)
  SELECT seq, hash, id, action, table_id, hand_id, requested_by, approved_by, detail, at FROM approvals ORDER BY seq;
DROP TRIGGER approvals_no_update;
DROP TRIGGER approvals_no_delete;
DROP TABLE approvals;
ALTER TABLE approvals_version_13 RENAME TO approvals;

CREATE TRIGGER approvals_no_update BEFORE UPDATE ON approvals
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: approvals'); END;
CREATE TRIGGER approvals_no_delete BEFORE DELETE ON approvals
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: approvals'); END;

-- The exception report and the audit read approvals by action.
CREATE INDEX approvals_by_action ON approvals(action);
