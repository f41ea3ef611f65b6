-- Floor schema version 8: an honest lag (docs/floor.md, "The station's
-- link" and "floor status"; issue 31).
--
-- A station reported its file's length only inside an append that
-- succeeded, so a station whose appends were refused showed no lag at
-- all. Now, on every contact, the station tells the floor its length, the
-- failure it last met (NULL once an attempt goes through) and its clock:
-- through append_batch when it ships, and through heartbeat when it has
-- nothing to ship or its append was refused (heartbeat writes only the
-- calling station's own row, and needs no right on any table or on the
-- append). `floor status` and the pit show a station whose last contact
-- is older than the house's notice time (floor.settings) as unknown, not
-- by the length it reported then.

-- The house's settings for the floor: one row.
CREATE TABLE floor.settings (
    only_row                boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    notice_minutes          integer NOT NULL DEFAULT 5 CHECK (notice_minutes BETWEEN 1 AND 1440),
    clock_tolerance_seconds integer NOT NULL DEFAULT 120 CHECK (clock_tolerance_seconds BETWEEN 1 AND 86400)
);
INSERT INTO floor.settings DEFAULT VALUES;
REVOKE ALL ON floor.settings FROM PUBLIC;

ALTER TABLE floor.stations
    ADD COLUMN link_failure text,
    ADD COLUMN link_failing_since timestamptz,
    ADD COLUMN station_clock timestamptz;

-- append_rows of version 7 with the station's clock, which is recorded
-- with the contact, and returning the rows it added besides the new head
-- (a retry adds none: `shipped N rows` counts rows newly on the floor).
-- An append that goes through clears the station's link failure.
CREATE FUNCTION floor.append_batch(seqs bigint[], tables text[], payloads bytea[], hashes bytea[],
                                   file_rows bigint, station_clock timestamptz,
                                   OUT head bigint, OUT added bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    st text;
    h_seq bigint;
    h_hash bytea;
    bad bigint;
    t_seq bigint;
    t_row bytea;
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
        SELECT r.h INTO h_hash FROM unnest(seqs, hashes) AS r(seq, h)
         WHERE r.seq = h_seq + added LIMIT 1;
        SELECT r.seq, r.p INTO t_seq, t_row
          FROM unnest(seqs, tables, payloads) WITH ORDINALITY AS r(seq, t, p, ord)
         WHERE r.seq > h_seq AND r.t = 'tables' ORDER BY r.ord DESC LIMIT 1;
        h_seq := h_seq + added;
    END IF;
    UPDATE floor.stations s
       SET head_seq = h_seq, head_hash = h_hash, last_contact = now(),
           file_rows = greatest(append_batch.file_rows, h_seq),
           table_seq = coalesce(t_seq, s.table_seq),
           table_row = CASE WHEN t_seq IS NULL THEN s.table_row ELSE t_row END,
           link_failure = NULL, link_failing_since = NULL,
           station_clock = append_batch.station_clock
     WHERE s.station = st;
    IF added > 0 THEN
        PERFORM pg_notify('floor_shipped', st);
    END IF;
    head := h_seq;
END $$;

-- What programs before version 8 call: the same append, without a clock.
CREATE OR REPLACE FUNCTION floor.append_rows(seqs bigint[], tables text[], payloads bytea[], hashes bytea[], file_rows bigint)
RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog AS $$
    SELECT b.head FROM floor.append_batch(seqs, tables, payloads, hashes, file_rows, NULL) b
$$;

-- The calling station's contact without rows: its file's length, the
-- failure it last met (NULL: its last attempt went through) and its
-- clock; returns the station's head on the floor. Writes only the
-- station's own row; the pit hears of it
-- (`floor_rows`) when what it shows changes: the failure, the lag, or a
-- station heard from again after the notice time.
CREATE FUNCTION floor.heartbeat(file_rows bigint, failure text, station_clock timestamptz) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog SET lock_timeout = '2s' AS $$
DECLARE
    st text;
    was_failure text;
    was_rows bigint;
    was_heard timestamptz;
    h_seq bigint;
BEGIN
    SELECT s.station, s.link_failure, s.file_rows, s.last_contact, s.head_seq
      INTO st, was_failure, was_rows, was_heard, h_seq
      FROM floor.stations s WHERE s.role_name = session_user FOR UPDATE;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    UPDATE floor.stations s
       SET file_rows = greatest(heartbeat.file_rows, h_seq), last_contact = now(),
           link_failure = heartbeat.failure,
           link_failing_since = CASE WHEN heartbeat.failure IS NULL THEN NULL
                                     ELSE coalesce(s.link_failing_since, now()) END,
           station_clock = heartbeat.station_clock
     WHERE s.station = st;
    IF failure IS DISTINCT FROM was_failure
       OR greatest(heartbeat.file_rows, h_seq) <> was_rows
       OR was_heard IS NULL
       OR was_heard < now() - make_interval(mins => (SELECT notice_minutes FROM floor.settings)) THEN
        PERFORM pg_notify('floor_rows', st);
    END IF;
    RETURN h_seq;
END $$;

REVOKE ALL ON FUNCTION floor.append_batch(bigint[], text[], bytea[], bytea[], bigint, timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION floor.heartbeat(bigint, text, timestamptz) FROM PUBLIC;
