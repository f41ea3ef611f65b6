-- Schema version 8: nothing unrecorded. See docs/ledger.md.

-- Cards and shuffles that left the shoe between hands (a physical shoe
-- replaced and its burns, cards set aside, a software shoe's first shuffle
-- and burns), journaled the moment they happen. Outside the chain, like the
-- hand journal: they open the next hand's record, and `begin_hand` moves
-- them into `journal_steps` in the transaction that starts that hand.
CREATE TABLE journal_pending (
  step INTEGER PRIMARY KEY,
  ledger_table TEXT NOT NULL,
  body BLOB NOT NULL
) STRICT;

-- Every print names who printed it (a pit boss
-- who confirmed with a PIN). Prints recorded before version 8, and those of a
-- simulation's ledger (no PINs), have none;
-- the chain leaves a NULL printed_by out of a row's encoding, so their
-- hashes stand.
ALTER TABLE report_prints ADD COLUMN printed_by INTEGER REFERENCES staff(id);

-- The casino's list of approved program fingerprints (SHA-256 of the
-- program file): each row adds one to the list or removes one from it,
-- by an administrator or pit boss who confirmed with a PIN. A program
-- starting whose fingerprint is not on the list raises a `program` alarm.
CREATE TABLE program_approvals (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  program_sha256 BLOB NOT NULL CHECK (length(program_sha256) = 32),
  action TEXT NOT NULL CHECK (action IN ('add', 'remove')),
  note TEXT NOT NULL,
  by_staff INTEGER NOT NULL REFERENCES staff(id),
  at TEXT NOT NULL
) STRICT;

CREATE TRIGGER program_approvals_no_update BEFORE UPDATE ON program_approvals
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: program_approvals'); END;
CREATE TRIGGER program_approvals_no_delete BEFORE DELETE ON program_approvals
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: program_approvals'); END;
