-- Floor schema version 7: what `floor status` and the pit's redraw read is
-- kept in each station's own row of floor.stations, updated by the append
-- itself, so reading it costs the same at 16 million chain rows as at 16
-- thousand (docs/floor.md, "The floor schema"; issue 31).
--
-- floor.stations already held each station's head (head_seq, head_hash),
-- the length its file reported (file_rows) and its last contact. Its table
-- was found in its chain: since version 6 by an index, still a look into
-- the chain per station per redraw. Now the station's row also holds its
-- latest `tables` row as shipped (table_seq, table_row: the row's payload)
-- and the latest at or below its verified head (verified_table_row), which
-- is the one status shows. append_rows records the batch's last `tables`
-- row from the batch itself; mark_verified and quarantine_tail move them
-- with the verified head and the head.

ALTER TABLE floor.stations
    ADD COLUMN table_seq bigint NOT NULL DEFAULT 0,
    ADD COLUMN table_row bytea,
    ADD COLUMN verified_table_row bytea;

-- Existing floors: each station's table rows found once, by the index of
-- version 6.
UPDATE floor.stations s
   SET table_seq = coalesce((SELECT max(c.seq) FROM floor.chain_rows c
                              WHERE c.station = s.station AND c.table_name = 'tables'), 0);
UPDATE floor.stations s
   SET table_row = (SELECT c.payload FROM floor.chain_rows c
                     WHERE c.station = s.station AND c.seq = s.table_seq),
       verified_table_row = (SELECT c.payload FROM floor.chain_rows c
                              WHERE c.station = s.station AND c.table_name = 'tables'
                                AND c.seq <= s.verified_seq
                              ORDER BY c.seq DESC LIMIT 1);

-- The pit reads the floor's alarms of the last 24 hours on every redraw.
CREATE INDEX alarms_raised_at ON floor.alarms (raised_at);

CREATE OR REPLACE FUNCTION floor.append_rows(seqs bigint[], tables text[], payloads bytea[], hashes bytea[], file_rows bigint)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    st text;
    h_seq bigint;
    h_hash bytea;
    bad bigint;
    added bigint;
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
        -- The new head and the batch's last `tables` row, from the batch
        -- itself (every new row was checked as it was inserted).
        SELECT r.h INTO h_hash FROM unnest(seqs, hashes) AS r(seq, h)
         WHERE r.seq = h_seq + added LIMIT 1;
        SELECT r.seq, r.p INTO t_seq, t_row
          FROM unnest(seqs, tables, payloads) WITH ORDINALITY AS r(seq, t, p, ord)
         WHERE r.seq > h_seq AND r.t = 'tables' ORDER BY r.ord DESC LIMIT 1;
        h_seq := h_seq + added;
    END IF;
    UPDATE floor.stations s
       SET head_seq = h_seq, head_hash = h_hash, last_contact = now(),
           file_rows = greatest(append_rows.file_rows, h_seq),
           table_seq = coalesce(t_seq, s.table_seq),
           table_row = CASE WHEN t_seq IS NULL THEN s.table_row ELSE t_row END
     WHERE s.station = st;
    IF added > 0 THEN
        PERFORM pg_notify('floor_shipped', st);
    END IF;
    RETURN h_seq;
END $$;

-- As in version 5, and the station's verified table moves with its
-- verified head: the latest `tables` row at or below it.
CREATE OR REPLACE FUNCTION floor.mark_verified(st text, upto bigint, upto_hash bytea) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    v_seq bigint;
    t_seq bigint;
    t_row bytea;
BEGIN
    SELECT s.verified_seq, s.table_seq, s.table_row INTO v_seq, t_seq, t_row
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
    IF t_seq > upto THEN
        -- A later `tables` row is still provisional: the latest up to
        -- `upto` is looked up (by the index of version 6), if any is new.
        t_seq := NULL;
        SELECT c.seq, c.payload INTO t_seq, t_row FROM floor.chain_rows c
         WHERE c.station = st AND c.table_name = 'tables' AND c.seq > v_seq AND c.seq <= upto
         ORDER BY c.seq DESC LIMIT 1;
    ELSIF t_seq <= v_seq THEN
        t_seq := NULL;
    END IF;
    UPDATE floor.stations s
       SET verified_seq = upto,
           verified_table_row = CASE WHEN t_seq IS NULL THEN s.verified_table_row ELSE t_row END
     WHERE s.station = st;
    PERFORM pg_notify('floor_rows', st);
END $$;

-- As in version 5, and a quarantined `tables` row is no longer the
-- station's latest.
CREATE OR REPLACE FUNCTION floor.quarantine_tail(st text, after bigint, reason text) RETURNS bigint
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    v_seq bigint;
    h_seq bigint;
    moved bigint;
    new_hash bytea;
    t_seq bigint;
    t_row bytea;
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
    SELECT c.seq, c.payload INTO t_seq, t_row FROM floor.chain_rows c
     WHERE c.station = st AND c.table_name = 'tables' AND c.seq <= after
     ORDER BY c.seq DESC LIMIT 1;
    UPDATE floor.stations s
       SET head_seq = after,
           head_hash = coalesce(new_hash, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea),
           table_seq = coalesce(t_seq, 0), table_row = t_row
     WHERE s.station = st;
    INSERT INTO floor.alarms (station, message)
    VALUES (st, format('rows %s to %s shipped as station %s were quarantined: %s',
                       after + 1, h_seq, st, reason));
    PERFORM pg_notify('floor_rows', st);
    RETURN moved;
END $$;
