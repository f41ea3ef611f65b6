-- Floor schema version 5: the floor trusts the station's key, not whoever
-- holds its URL (docs/floor.md, "Signed at the source").
--
-- Every station's ledger ends each write with a checkpoint signed by its
-- Ed25519 key. append_rows accepts a batch only if it ends with a
-- checkpoint row; the rows it appends are provisional until the floor's
-- verifier (`pairs-table floor verifier`, the owner's connection) has
-- checked that checkpoint's signature against the key enrolled for the
-- station, and moves the station's verified head (mark_verified). Only
-- rows up to the verified head are read by replicas, reports, ratings and
-- the pit. A provisional tail that no checkpoint of the enrolled key signs
-- (a forgery by someone holding the station's URL, or another station's
-- chain replayed) is taken off the chain into floor.quarantined_rows with
-- an alarm the pit sees (quarantine_tail), and the station's head goes
-- back to its verified head, so the genuine station ships on.

ALTER TABLE floor.stations ADD COLUMN verified_seq bigint NOT NULL DEFAULT 0;

-- One key, one station: a chain signed by one station's key can never be
-- counted as another's.
CREATE UNIQUE INDEX stations_public_key ON floor.stations (public_key)
    WHERE public_key IS NOT NULL;

-- Rows taken off a station's provisional tail, kept for the record.
CREATE TABLE floor.quarantined_rows (
    station        text NOT NULL REFERENCES floor.stations (station),
    seq            bigint NOT NULL,
    table_name     text NOT NULL,
    payload        bytea NOT NULL,
    hash           bytea NOT NULL,
    received_at    timestamptz NOT NULL,
    quarantined_at timestamptz NOT NULL DEFAULT now(),
    reason         text NOT NULL
);
CREATE TRIGGER quarantined_rows_unalterable BEFORE UPDATE OR DELETE ON floor.quarantined_rows
    FOR EACH ROW EXECUTE FUNCTION floor.unalterable();

-- What the floor itself raised about a station (a quarantine).
CREATE TABLE floor.alarms (
    id        bigserial PRIMARY KEY,
    station   text NOT NULL REFERENCES floor.stations (station),
    message   text NOT NULL,
    raised_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER floor_alarms_unalterable BEFORE UPDATE OR DELETE ON floor.alarms
    FOR EACH ROW EXECUTE FUNCTION floor.unalterable();

-- Chain rows stay unalterable, with one exception: quarantine_tail may
-- delete a station's rows above its verified head (rows no key has been
-- found to sign), and nothing else.
CREATE OR REPLACE FUNCTION floor.unalterable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'chain_rows' THEN
        IF current_setting('floor.quarantining', true) = OLD.station
           AND OLD.seq > (SELECT s.verified_seq FROM floor.stations s WHERE s.station = OLD.station) THEN
            RETURN OLD;
        END IF;
    END IF;
    RAISE EXCEPTION 'floor chain rows are unalterable';
END $$;

-- The largest chain row a station may ship (the largest a ledger writes is
-- well under 1 KiB).
CREATE FUNCTION floor.max_row_bytes() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 65536';

-- refuse_row with the row's size: a row over max_row_bytes is refused
-- first, then as before.
CREATE FUNCTION floor.refuse_row(st text, seq bigint, want bigint, bytes integer) RETURNS bigint
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF bytes > floor.max_row_bytes() THEN
        RAISE EXCEPTION 'row % of station % is larger than % bytes: no ledger row is', seq, st, floor.max_row_bytes();
    END IF;
    RETURN floor.refuse_row(st, seq, want);
END $$;
REVOKE ALL ON FUNCTION floor.refuse_row(text, bigint, bigint, integer) FROM PUBLIC;

CREATE OR REPLACE FUNCTION floor.append_rows(seqs bigint[], tables text[], payloads bytea[], hashes bytea[], file_rows bigint)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    st text;
    h_seq bigint;
    h_hash bytea;
    bad bigint;
    added bigint;
    n integer := coalesce(array_length(seqs, 1), 0);
BEGIN
    SELECT s.station, s.head_seq, s.head_hash INTO st, h_seq, h_hash
      FROM floor.stations s WHERE s.role_name = session_user FOR UPDATE;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    IF n > 0 AND tables[n] <> 'checkpoints' THEN
        RAISE EXCEPTION 'the batch of station % ends at row % with no checkpoint: every batch ends with the checkpoint that signs it', st, seqs[n];
    END IF;
    -- A row already on the floor (a retry) must be the floor's copy.
    IF (SELECT min(s) FROM unnest(seqs) s) <= h_seq THEN
        SELECT r.seq INTO bad
          FROM unnest(seqs, hashes) WITH ORDINALITY AS r(seq, h, ord)
         WHERE r.seq <= h_seq AND NOT EXISTS (
               SELECT 1 FROM floor.chain_rows c WHERE c.station = st AND c.seq = r.seq AND c.hash = r.h)
         ORDER BY r.ord LIMIT 1;
        IF bad IS NOT NULL THEN
            RAISE EXCEPTION 'row % of station % differs from the copy already on the floor', bad, st;
        END IF;
    END IF;
    INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash)
    SELECT st,
           CASE WHEN n.seq = n.want AND n.linked AND octet_length(n.p) <= 65536 THEN n.seq
                ELSE floor.refuse_row(st, n.seq, n.want, octet_length(n.p)) END,
           n.t, n.p, n.h
      FROM (SELECT r.seq, r.t, r.p, r.h, h_seq + row_number() OVER w AS want,
                   r.h = sha256(coalesce(lag(r.h) OVER w, h_hash) || int8send(r.seq)
                                || set_byte('\x00'::bytea, 0, octet_length(r.t))
                                || convert_to(r.t, 'UTF8') || r.p) AS linked
              FROM unnest(seqs, tables, payloads, hashes) WITH ORDINALITY AS r(seq, t, p, h, ord)
             WHERE r.seq > h_seq
            WINDOW w AS (ORDER BY r.ord)) n;
    GET DIAGNOSTICS added = ROW_COUNT;
    IF added > 0 THEN
        h_seq := h_seq + added;
        SELECT c.hash INTO h_hash FROM floor.chain_rows c WHERE c.station = st AND c.seq = h_seq;
    END IF;
    UPDATE floor.stations s
       SET head_seq = h_seq, head_hash = h_hash, last_contact = now(),
           file_rows = greatest(append_rows.file_rows, h_seq)
     WHERE s.station = st;
    IF added > 0 THEN
        PERFORM pg_notify('floor_shipped', st);
    END IF;
    RETURN h_seq;
END $$;

-- The verifier found the checkpoint at row `upto` (hash `upto_hash`)
-- signed by the station's enrolled key: everything up to it counts.
CREATE FUNCTION floor.mark_verified(st text, upto bigint, upto_hash bytea) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    v_seq bigint;
    h_seq bigint;
BEGIN
    SELECT s.verified_seq, s.head_seq INTO v_seq, h_seq
      FROM floor.stations s WHERE s.station = st FOR UPDATE;
    IF v_seq IS NULL THEN
        RAISE EXCEPTION 'no station % is enrolled on the floor', st;
    END IF;
    IF upto <= v_seq THEN
        RETURN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM floor.chain_rows c
                    WHERE c.station = st AND c.seq = upto AND c.hash = upto_hash
                      AND c.table_name = 'checkpoints') THEN
        RAISE EXCEPTION 'row % of station % is not the checkpoint the verifier checked', upto, st;
    END IF;
    UPDATE floor.stations s SET verified_seq = upto WHERE s.station = st;
    PERFORM pg_notify('floor_rows', st);
END $$;

-- Takes the station's rows after `after` (at or above its verified head)
-- off its chain into floor.quarantined_rows, moves its head back to
-- `after`, and raises a floor alarm: no checkpoint of its enrolled key
-- signs them.
CREATE FUNCTION floor.quarantine_tail(st text, after bigint, reason text) RETURNS bigint
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    v_seq bigint;
    h_seq bigint;
    moved bigint;
    new_hash bytea;
BEGIN
    SELECT s.verified_seq, s.head_seq INTO v_seq, h_seq
      FROM floor.stations s WHERE s.station = st FOR UPDATE;
    IF v_seq IS NULL THEN
        RAISE EXCEPTION 'no station % is enrolled on the floor', st;
    END IF;
    IF after < v_seq THEN
        RAISE EXCEPTION 'rows up to % of station % are verified and stay on its chain', v_seq, st;
    END IF;
    IF after >= h_seq THEN
        RETURN 0;
    END IF;
    INSERT INTO floor.quarantined_rows (station, seq, table_name, payload, hash, received_at, reason)
    SELECT c.station, c.seq, c.table_name, c.payload, c.hash, c.received_at, reason
      FROM floor.chain_rows c WHERE c.station = st AND c.seq > after;
    GET DIAGNOSTICS moved = ROW_COUNT;
    PERFORM set_config('floor.quarantining', st, true);
    DELETE FROM floor.chain_rows c WHERE c.station = st AND c.seq > after;
    PERFORM set_config('floor.quarantining', '', true);
    SELECT c.hash INTO new_hash FROM floor.chain_rows c WHERE c.station = st AND c.seq = after;
    UPDATE floor.stations s
       SET head_seq = after,
           head_hash = coalesce(new_hash, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea)
     WHERE s.station = st;
    INSERT INTO floor.alarms (station, message)
    VALUES (st, format('rows %s to %s shipped as station %s were quarantined: %s',
                       after + 1, h_seq, st, reason));
    PERFORM pg_notify('floor_rows', st);
    RETURN moved;
END $$;

REVOKE ALL ON FUNCTION floor.mark_verified(text, bigint, bytea) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.quarantine_tail(text, bigint, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.max_row_bytes() FROM PUBLIC;
REVOKE ALL ON floor.quarantined_rows, floor.alarms FROM PUBLIC;

-- A station's own rows as the floor counts them: up to its verified head.
CREATE OR REPLACE FUNCTION floor.own_rows(after bigint, lim integer)
RETURNS TABLE (seq bigint, table_name text, payload bytea, hash bytea)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
    SELECT c.seq, c.table_name, c.payload, c.hash
      FROM floor.chain_rows c JOIN floor.stations s ON s.station = c.station
     WHERE s.role_name = session_user AND c.seq > after AND c.seq <= s.verified_seq
     ORDER BY c.seq LIMIT lim
$$;
