-- Schema version 6: signed checkpoints. The station's Ed25519 public key
-- (enrolled before it first signs) and the checkpoints it signs: each
-- says "the chain's first `rows` rows end in `head`". See docs/ledger.md,
-- "Signed checkpoints". The file is marked as a pairs-table ledger (application_id "PTLG").

PRAGMA application_id = 1347701831;

CREATE TABLE station_keys (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  public_key BLOB NOT NULL CHECK (length(public_key) = 32),
  every_hands INTEGER NOT NULL CHECK (every_hands >= 1),
  enrolled_at TEXT NOT NULL
) STRICT;

CREATE TABLE checkpoints (
  seq INTEGER PRIMARY KEY,
  hash BLOB NOT NULL,
  reason TEXT NOT NULL,
  rows INTEGER NOT NULL,
  head BLOB NOT NULL CHECK (length(head) = 32),
  public_key BLOB NOT NULL CHECK (length(public_key) = 32),
  signature BLOB NOT NULL CHECK (length(signature) = 64),
  signed_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER station_keys_no_update BEFORE UPDATE ON station_keys
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: station_keys'); END;
CREATE TRIGGER station_keys_no_delete BEFORE DELETE ON station_keys
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: station_keys'); END;
CREATE TRIGGER checkpoints_no_update BEFORE UPDATE ON checkpoints
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: checkpoints'); END;
CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints
BEGIN SELECT RAISE(ABORT, 'ledger rows are unalterable: checkpoints'); END;
