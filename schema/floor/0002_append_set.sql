-- Floor schema version 2: floor.append_rows checks and inserts a batch as a
-- set (one statement each) instead of row by row: the same checks, the
-- same refusals word for word, about three times the rows per second
-- (docs/performance.md, "Floor"). Grants on the function are kept.
CREATE OR REPLACE FUNCTION floor.append_rows(seqs bigint[], tables text[], payloads bytea[], hashes bytea[], file_rows bigint)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    st text;
    h_seq bigint;
    h_hash bytea;
    bad bigint;
    bad_head bigint;
    bad_seq boolean;
    last_seq bigint;
    last_hash bytea;
BEGIN
    SELECT s.station, s.head_seq, s.head_hash INTO st, h_seq, h_hash
      FROM floor.stations s WHERE s.role_name = session_user FOR UPDATE;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    -- A row already on the floor (a retry) must be the floor's copy.
    SELECT r.seq INTO bad
      FROM unnest(seqs, hashes) WITH ORDINALITY AS r(seq, h, ord)
     WHERE r.seq <= h_seq AND NOT EXISTS (
           SELECT 1 FROM floor.chain_rows c WHERE c.station = st AND c.seq = r.seq AND c.hash = r.h)
     ORDER BY r.ord LIMIT 1;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'row % of station % differs from the copy already on the floor', bad, st;
    END IF;
    -- The new rows in order, the k-th after the head, each with the hash
    -- of the row before it (the floor's head for the first): each must
    -- have the next seq and the hash the floor computes itself from the
    -- row before. The first that does not is refused.
    SELECT n.seq, h_seq + n.k - 1, n.seq <> h_seq + n.k INTO bad, bad_head, bad_seq
      FROM (SELECT r.*, row_number() OVER w AS k, coalesce(lag(r.h) OVER w, h_hash) AS prev
              FROM unnest(seqs, tables, payloads, hashes) WITH ORDINALITY AS r(seq, t, p, h, ord)
             WHERE r.seq > h_seq
            WINDOW w AS (ORDER BY r.ord)) n
     WHERE n.seq <> h_seq + n.k
        OR sha256(n.prev || int8send(n.seq) || set_byte('\x00'::bytea, 0, octet_length(n.t))
                  || convert_to(n.t, 'UTF8') || n.p) <> n.h
     ORDER BY n.ord LIMIT 1;
    IF bad_seq THEN
        RAISE EXCEPTION 'row % does not extend the chain of station %, whose head is row %', bad, st, bad_head;
    ELSIF bad IS NOT NULL THEN
        RAISE EXCEPTION 'row % of station % does not link to the floor''s head: its hash is not the chain''s', bad, st;
    END IF;
    INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash)
    SELECT st, r.seq, r.t, r.p, r.h
      FROM unnest(seqs, tables, payloads, hashes) WITH ORDINALITY AS r(seq, t, p, h, ord)
     WHERE r.seq > h_seq ORDER BY r.ord;
    SELECT r.seq, r.h INTO last_seq, last_hash
      FROM unnest(seqs, hashes) WITH ORDINALITY AS r(seq, h, ord)
     WHERE r.seq > h_seq ORDER BY r.ord DESC LIMIT 1;
    IF last_seq IS NOT NULL THEN
        h_seq := last_seq;
        h_hash := last_hash;
    END IF;
    UPDATE floor.stations s
       SET head_seq = h_seq, head_hash = h_hash, last_contact = now(),
           file_rows = greatest(append_rows.file_rows, h_seq)
     WHERE s.station = st;
    PERFORM pg_notify('floor_rows', st);
    RETURN h_seq;
END $$;

-- Rows reach floor.chain_rows only through append_rows, which has found the
-- station first: the foreign key's check on every row inserted is dropped
-- (it cost a third of the shipping time), and a station, once enrolled,
-- can no longer be deleted, so no row can lose its station.
ALTER TABLE floor.chain_rows DROP CONSTRAINT chain_rows_station_fkey;

CREATE FUNCTION floor.stations_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'an enrolled station cannot be deleted: its chain stays on the floor';
END $$;

CREATE TRIGGER stations_undeletable BEFORE DELETE OR TRUNCATE ON floor.stations
    FOR EACH STATEMENT EXECUTE FUNCTION floor.stations_kept();
