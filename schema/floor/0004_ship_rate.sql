-- Floor schema version 4: shipping at half the rate of a plain batched
-- INSERT (docs/performance.md, "Floor"). The same refusals, word for word.
--
-- The check on a row's table name was a regular expression, evaluated for
-- every row inserted: about two microseconds a row, a quarter of the
-- shipping time. The same rule (1 to 63 characters, each a-z or _) is
-- checked without one.
--
-- The checks that a row's seq is at least 1 and its hash 32 bytes long are
-- dropped: append_rows, the only way in, establishes both for every row (a
-- seq is the head plus its place in the batch; a hash is one the floor
-- computed), and were checked again on every row inserted.
ALTER TABLE floor.chain_rows DROP CONSTRAINT chain_rows_seq_check;
ALTER TABLE floor.chain_rows DROP CONSTRAINT chain_rows_hash_check;
ALTER TABLE floor.chain_rows DROP CONSTRAINT chain_rows_table_name_check;
ALTER TABLE floor.chain_rows ADD CONSTRAINT chain_rows_table_name_check
    CHECK (octet_length(table_name) BETWEEN 1 AND 63
           AND ltrim(table_name, 'abcdefghijklmnopqrstuvwxyz_') = '');

-- append_rows checks each new row (the next seq, the hash the floor computes
-- from the row before) as it inserts it, in one statement: the first row
-- that does not hold calls refuse_row, whose refusal undoes the insert with
-- the rest of the call. Grants on append_rows are kept.
CREATE FUNCTION floor.refuse_row(st text, seq bigint, want bigint) RETURNS bigint
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF seq <> want THEN
        RAISE EXCEPTION 'row % does not extend the chain of station %, whose head is row %', seq, st, want - 1;
    END IF;
    RAISE EXCEPTION 'row % of station % does not link to the floor''s head: its hash is not the chain''s', seq, st;
END $$;
REVOKE ALL ON FUNCTION floor.refuse_row(text, bigint, bigint) FROM PUBLIC;

CREATE OR REPLACE FUNCTION floor.append_rows(seqs bigint[], tables text[], payloads bytea[], hashes bytea[], file_rows bigint)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    st text;
    h_seq bigint;
    h_hash bytea;
    bad bigint;
    added bigint;
BEGIN
    SELECT s.station, s.head_seq, s.head_hash INTO st, h_seq, h_hash
      FROM floor.stations s WHERE s.role_name = session_user FOR UPDATE;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
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
           CASE WHEN n.seq = n.want AND n.linked THEN n.seq
                ELSE floor.refuse_row(st, n.seq, n.want) END,
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
    PERFORM pg_notify('floor_rows', st);
    RETURN h_seq;
END $$;
