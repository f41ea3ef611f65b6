-- Floor schema version 4: shipping at half the rate of a plain batched
-- INSERT (docs/performance.md, "Floor"). The same refusals, word for word.
--
-- The check on a row's table name was a regular expression, evaluated for
-- every row inserted: about two microseconds a row, a quarter of the
-- shipping time. The same rule (1 to 63 characters, each a-z or _) is
-- checked without one.
ALTER TABLE floor.chain_rows DROP CONSTRAINT chain_rows_table_name_check;
ALTER TABLE floor.chain_rows ADD CONSTRAINT chain_rows_table_name_check
    CHECK (octet_length(table_name) BETWEEN 1 AND 63
           AND ltrim(table_name, 'abcdefghijklmnopqrstuvwxyz_') = '');

-- append_rows checks the new rows (each the next seq, each hash the one the
-- floor computes from the row before) and inserts those that hold in one
-- statement; the first that does not is then refused, which undoes the
-- insert with the rest of the call. Grants on the function are kept.
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
    SELECT r.seq INTO bad
      FROM unnest(seqs, hashes) WITH ORDINALITY AS r(seq, h, ord)
     WHERE r.seq <= h_seq AND NOT EXISTS (
           SELECT 1 FROM floor.chain_rows c WHERE c.station = st AND c.seq = r.seq AND c.hash = r.h)
     ORDER BY r.ord LIMIT 1;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'row % of station % differs from the copy already on the floor', bad, st;
    END IF;
    WITH n AS (
        SELECT r.ord, r.seq, r.t, r.p, r.h, h_seq + row_number() OVER w AS want,
               r.h = sha256(coalesce(lag(r.h) OVER w, h_hash) || int8send(r.seq)
                            || set_byte('\x00'::bytea, 0, octet_length(r.t))
                            || convert_to(r.t, 'UTF8') || r.p) AS linked
          FROM unnest(seqs, tables, payloads, hashes) WITH ORDINALITY AS r(seq, t, p, h, ord)
         WHERE r.seq > h_seq
        WINDOW w AS (ORDER BY r.ord)
    ), added AS (
        INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash)
        SELECT st, n.seq, n.t, n.p, n.h FROM n WHERE n.seq = n.want AND n.linked ORDER BY n.ord
    )
    SELECT f.seq, f.want - 1, f.seq <> f.want, l.seq, l.h
      INTO bad, bad_head, bad_seq, last_seq, last_hash
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT b.seq, b.want FROM n b WHERE b.seq <> b.want OR NOT b.linked
                          ORDER BY b.ord LIMIT 1) f ON true
      LEFT JOIN LATERAL (SELECT b.seq, b.h FROM n b ORDER BY b.ord DESC LIMIT 1) l ON true;
    IF bad_seq THEN
        RAISE EXCEPTION 'row % does not extend the chain of station %, whose head is row %', bad, st, bad_head;
    ELSIF bad IS NOT NULL THEN
        RAISE EXCEPTION 'row % of station % does not link to the floor''s head: its hash is not the chain''s', bad, st;
    END IF;
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
