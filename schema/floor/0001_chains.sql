-- The floor database: every station's chain, anchored (docs/floor.md).
CREATE SCHEMA floor;

CREATE TABLE floor.stations (
    station      text PRIMARY KEY CHECK (station <> ''),
    role_name    text NOT NULL UNIQUE,
    public_key   bytea CHECK (public_key IS NULL OR octet_length(public_key) = 32),
    enrolled_at  timestamptz NOT NULL DEFAULT now(),
    head_seq     bigint NOT NULL DEFAULT 0,
    head_hash    bytea NOT NULL DEFAULT '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea,
    file_rows    bigint NOT NULL DEFAULT 0,
    last_contact timestamptz
);

CREATE TABLE floor.chain_rows (
    station     text NOT NULL REFERENCES floor.stations (station),
    seq         bigint NOT NULL CHECK (seq >= 1),
    table_name  text NOT NULL CHECK (table_name ~ '^[a-z_]{1,63}$'),
    payload     bytea NOT NULL,
    hash        bytea NOT NULL CHECK (octet_length(hash) = 32),
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (station, seq)
);

CREATE FUNCTION floor.unalterable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'floor chain rows are unalterable';
END $$;

CREATE TRIGGER chain_rows_unalterable BEFORE UPDATE OR DELETE ON floor.chain_rows
    FOR EACH ROW EXECUTE FUNCTION floor.unalterable();
CREATE TRIGGER chain_rows_untruncatable BEFORE TRUNCATE ON floor.chain_rows
    FOR EACH STATEMENT EXECUTE FUNCTION floor.unalterable();

-- The calling station's head on the floor.
CREATE FUNCTION floor.station_head(OUT station text, OUT head_seq bigint, OUT head_hash bytea)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
BEGIN
    SELECT s.station, s.head_seq, s.head_hash INTO station, head_seq, head_hash
      FROM floor.stations s WHERE s.role_name = session_user;
    IF station IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
END $$;

-- Appends rows to the calling station's chain. Each row must extend the
-- chain: the next seq, and the hash the floor computes itself from the
-- floor's head. A row already on the floor with the same hash is skipped
-- (a retry); with another hash it is refused. Returns the new head seq.
CREATE FUNCTION floor.append_rows(seqs bigint[], tables text[], payloads bytea[], hashes bytea[], file_rows bigint)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    st text;
    h_seq bigint;
    h_hash bytea;
    computed bytea;
    i integer;
BEGIN
    SELECT s.station, s.head_seq, s.head_hash INTO st, h_seq, h_hash
      FROM floor.stations s WHERE s.role_name = session_user FOR UPDATE;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    FOR i IN 1 .. coalesce(array_length(seqs, 1), 0) LOOP
        IF seqs[i] <= h_seq THEN
            IF NOT EXISTS (SELECT 1 FROM floor.chain_rows c
                            WHERE c.station = st AND c.seq = seqs[i] AND c.hash = hashes[i]) THEN
                RAISE EXCEPTION 'row % of station % differs from the copy already on the floor', seqs[i], st;
            END IF;
            CONTINUE;
        END IF;
        IF seqs[i] <> h_seq + 1 THEN
            RAISE EXCEPTION 'row % does not extend the chain of station %, whose head is row %', seqs[i], st, h_seq;
        END IF;
        computed := sha256(h_hash || int8send(seqs[i])
                           || set_byte('\x00'::bytea, 0, octet_length(tables[i]))
                           || convert_to(tables[i], 'UTF8') || payloads[i]);
        IF computed <> hashes[i] THEN
            RAISE EXCEPTION 'row % of station % does not link to the floor''s head: its hash is not the chain''s', seqs[i], st;
        END IF;
        INSERT INTO floor.chain_rows (station, seq, table_name, payload, hash)
             VALUES (st, seqs[i], tables[i], payloads[i], computed);
        h_seq := seqs[i];
        h_hash := computed;
    END LOOP;
    UPDATE floor.stations s
       SET head_seq = h_seq, head_hash = h_hash, last_contact = now(),
           file_rows = greatest(append_rows.file_rows, h_seq)
     WHERE s.station = st;
    PERFORM pg_notify('floor_rows', st);
    RETURN h_seq;
END $$;

-- Records the calling station's public key on first contact if enrolment
-- did not; refuses a different key.
CREATE FUNCTION floor.present_key(key bytea) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    known bytea;
    st text;
BEGIN
    SELECT s.station, s.public_key INTO st, known FROM floor.stations s WHERE s.role_name = session_user;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    IF known IS NULL THEN
        UPDATE floor.stations s SET public_key = key WHERE s.station = st;
    ELSIF known <> key THEN
        RAISE EXCEPTION 'station % was enrolled with another key', st;
    END IF;
END $$;

REVOKE ALL ON SCHEMA floor FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA floor FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA floor FROM PUBLIC;

-- The calling station's own rows after `after`, for `floor verify --db`.
CREATE FUNCTION floor.own_rows(after bigint, lim integer)
RETURNS TABLE (seq bigint, table_name text, payload bytea, hash bytea)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
    SELECT c.seq, c.table_name, c.payload, c.hash
      FROM floor.chain_rows c JOIN floor.stations s ON s.station = c.station
     WHERE s.role_name = session_user AND c.seq > after
     ORDER BY c.seq LIMIT lim
$$;
REVOKE ALL ON FUNCTION floor.own_rows(bigint, integer) FROM PUBLIC;
