--
-- PostgreSQL database dump
--

\restrict ONUcTpwqz7hcv34EFgNc9ZOpw6EFuxWIJ6d6xSFfewlltuPNabcebb8Aos4Rd84

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: floor; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA floor;


--
-- Name: append_batch(bigint[], text[], bytea[], bytea[], bigint, timestamp with time zone); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.append_batch(seqs bigint[], tables text[], payloads bytea[], hashes bytea[], file_rows bigint, station_clock timestamp with time zone, OUT head bigint, OUT added bigint) RETURNS record
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog'
    AS $$
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


--
-- Name: append_rows(bigint[], text[], bytea[], bytea[], bigint); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.append_rows(seqs bigint[], tables text[], payloads bytea[], hashes bytea[], file_rows bigint) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog'
    AS $$
    SELECT b.head FROM floor.append_batch(seqs, tables, payloads, hashes, file_rows, NULL) b
$$;


--
-- Name: first_pit_boss(); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.first_pit_boss(OUT staff_id integer, OUT name text) RETURNS record
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog'
    AS $$
    SELECT f.staff_id, f.name
      FROM floor.first_pit_bosses f JOIN floor.stations s ON s.station = f.station
     WHERE s.role_name = session_user
$$;


--
-- Name: heartbeat(bigint, text, timestamp with time zone); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.heartbeat(file_rows bigint, failure text, station_clock timestamp with time zone) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog'
    SET lock_timeout TO '2s'
    AS $$
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


--
-- Name: mark_verified(text, bigint, bytea); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.mark_verified(st text, upto bigint, upto_hash bytea) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog'
    AS $$
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


--
-- Name: max_row_bytes(); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.max_row_bytes() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$SELECT 65536$$;


--
-- Name: own_rows(bigint, integer); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.own_rows(after bigint, lim integer) RETURNS TABLE(seq bigint, table_name text, payload bytea, hash bytea)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog'
    AS $$
    SELECT c.seq, c.table_name, c.payload, c.hash
      FROM floor.chain_rows c JOIN floor.stations s ON s.station = c.station
     WHERE s.role_name = session_user AND c.seq > after AND c.seq <= s.verified_seq
     ORDER BY c.seq LIMIT lim
$$;


--
-- Name: present_key(bytea); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.present_key(key bytea) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog'
    AS $$
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


--
-- Name: protection_settings_recorded(); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.protection_settings_recorded() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION 'the house''s protection settings are a record: set new ones with floor protection';
END $$;


--
-- Name: publish_hand(bytea, bytea); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.publish_hand(payload bytea, signature bytea) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog'
    SET lock_timeout TO '2s'
    AS $$
DECLARE
    st text;
BEGIN
    SELECT s.station INTO st FROM floor.stations s WHERE s.role_name = session_user;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    IF publish_hand.payload IS NULL THEN
        DELETE FROM floor.hands_in_progress h WHERE h.station = st;
        IF NOT FOUND THEN
            RETURN;
        END IF;
    ELSE
        INSERT INTO floor.hands_in_progress AS h (station, payload, signature)
        VALUES (st, publish_hand.payload, publish_hand.signature)
        ON CONFLICT (station) DO UPDATE
           SET payload = excluded.payload, signature = excluded.signature, received_at = now();
    END IF;
    PERFORM pg_notify('floor_live', st);
END $$;


--
-- Name: quarantine_tail(text, bigint, text); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.quarantine_tail(st text, after bigint, reason text) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog'
    AS $$
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


--
-- Name: refuse_row(text, bigint, bigint); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.refuse_row(st text, seq bigint, want bigint) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog'
    AS $$
BEGIN
    IF seq <> want THEN
        RAISE EXCEPTION 'row % does not extend the chain of station %, whose head is row %', seq, st, want - 1;
    END IF;
    RAISE EXCEPTION 'row % of station % does not link to the floor''s head: its hash is not the chain''s', seq, st;
END $$;


--
-- Name: refuse_row(text, bigint, bigint, integer); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.refuse_row(st text, seq bigint, want bigint, bytes integer) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog'
    AS $$
BEGIN
    IF bytes > floor.max_row_bytes() THEN
        RAISE EXCEPTION 'row % of station % is larger than % bytes: no ledger row is', seq, st, floor.max_row_bytes();
    END IF;
    RETURN floor.refuse_row(st, seq, want);
END $$;


--
-- Name: station_head(); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.station_head(OUT station text, OUT head_seq bigint, OUT head_hash bytea) RETURNS record
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog'
    AS $$
BEGIN
    SELECT s.station, s.head_seq, s.head_hash INTO station, head_seq, head_hash
      FROM floor.stations s WHERE s.role_name = session_user;
    IF station IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
END $$;


--
-- Name: stations_kept(); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.stations_kept() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION 'an enrolled station cannot be deleted: its chain stays on the floor';
END $$;


--
-- Name: unalterable(); Type: FUNCTION; Schema: floor; Owner: -
--

CREATE FUNCTION floor.unalterable() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'chain_rows' THEN
        IF current_setting('floor.quarantining', true) = OLD.station
           AND OLD.seq > (SELECT s.verified_seq FROM floor.stations s WHERE s.station = OLD.station) THEN
            RETURN OLD;
        END IF;
    END IF;
    RAISE EXCEPTION 'floor chain rows are unalterable';
END $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: alarms; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.alarms (
    id bigint NOT NULL,
    station text NOT NULL,
    message text NOT NULL,
    raised_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: alarms_id_seq; Type: SEQUENCE; Schema: floor; Owner: -
--

CREATE SEQUENCE floor.alarms_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: alarms_id_seq; Type: SEQUENCE OWNED BY; Schema: floor; Owner: -
--

ALTER SEQUENCE floor.alarms_id_seq OWNED BY floor.alarms.id;


--
-- Name: chain_rows; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.chain_rows (
    station text NOT NULL,
    seq bigint NOT NULL,
    table_name text NOT NULL,
    payload bytea NOT NULL,
    hash bytea NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chain_rows_table_name_check CHECK ((((octet_length(table_name) >= 1) AND (octet_length(table_name) <= 63)) AND (ltrim(table_name, 'abcdefghijklmnopqrstuvwxyz_'::text) = ''::text)))
);


--
-- Name: first_pit_bosses; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.first_pit_bosses (
    station text NOT NULL,
    staff_id integer NOT NULL,
    name text NOT NULL,
    named_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT first_pit_bosses_name_check CHECK ((name <> ''::text)),
    CONSTRAINT first_pit_bosses_staff_id_check CHECK ((staff_id > 0))
);


--
-- Name: hands_in_progress; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.hands_in_progress (
    station text NOT NULL,
    payload bytea NOT NULL,
    signature bytea NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT hands_in_progress_payload_check CHECK ((octet_length(payload) <= 16384)),
    CONSTRAINT hands_in_progress_signature_check CHECK ((octet_length(signature) = 64))
);


--
-- Name: protection_settings; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.protection_settings (
    id bigint NOT NULL,
    significance double precision,
    minimum_hands bigint,
    set_at timestamp with time zone DEFAULT now() NOT NULL,
    set_by text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT protection_settings_minimum_hands_check CHECK (((minimum_hands >= 1) AND (minimum_hands <= 1000000))),
    CONSTRAINT protection_settings_significance_check CHECK (((significance > (0)::double precision) AND (significance < (1)::double precision)))
);


--
-- Name: protection_settings_id_seq; Type: SEQUENCE; Schema: floor; Owner: -
--

CREATE SEQUENCE floor.protection_settings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: protection_settings_id_seq; Type: SEQUENCE OWNED BY; Schema: floor; Owner: -
--

ALTER SEQUENCE floor.protection_settings_id_seq OWNED BY floor.protection_settings.id;


--
-- Name: quarantined_rows; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.quarantined_rows (
    station text NOT NULL,
    seq bigint NOT NULL,
    table_name text NOT NULL,
    payload bytea NOT NULL,
    hash bytea NOT NULL,
    received_at timestamp with time zone NOT NULL,
    quarantined_at timestamp with time zone DEFAULT now() NOT NULL,
    reason text NOT NULL
);


--
-- Name: settings; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.settings (
    only_row boolean DEFAULT true NOT NULL,
    notice_minutes integer DEFAULT 5 NOT NULL,
    clock_tolerance_seconds integer DEFAULT 120 NOT NULL,
    CONSTRAINT settings_clock_tolerance_seconds_check CHECK (((clock_tolerance_seconds >= 1) AND (clock_tolerance_seconds <= 86400))),
    CONSTRAINT settings_notice_minutes_check CHECK (((notice_minutes >= 1) AND (notice_minutes <= 1440))),
    CONSTRAINT settings_only_row_check CHECK (only_row)
);


--
-- Name: stations; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.stations (
    station text NOT NULL,
    role_name text NOT NULL,
    public_key bytea,
    enrolled_at timestamp with time zone DEFAULT now() NOT NULL,
    head_seq bigint DEFAULT 0 NOT NULL,
    head_hash bytea DEFAULT '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea NOT NULL,
    file_rows bigint DEFAULT 0 NOT NULL,
    last_contact timestamp with time zone,
    verified_seq bigint DEFAULT 0 NOT NULL,
    table_seq bigint DEFAULT 0 NOT NULL,
    table_row bytea,
    verified_table_row bytea,
    link_failure text,
    link_failing_since timestamp with time zone,
    station_clock timestamp with time zone,
    CONSTRAINT stations_public_key_check CHECK (((public_key IS NULL) OR (octet_length(public_key) = 32))),
    CONSTRAINT stations_station_check CHECK ((station <> ''::text))
);


--
-- Name: table_places; Type: TABLE; Schema: floor; Owner: -
--

CREATE TABLE floor.table_places (
    station text NOT NULL,
    pit text NOT NULL,
    place_row integer NOT NULL,
    place_column integer NOT NULL,
    placed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT table_places_pit_check CHECK ((((length(pit) >= 1) AND (length(pit) <= 100)) AND (pit !~ '[[:cntrl:]]'::text))),
    CONSTRAINT table_places_place_column_check CHECK (((place_column >= 1) AND (place_column <= 99))),
    CONSTRAINT table_places_place_row_check CHECK (((place_row >= 1) AND (place_row <= 99)))
);


--
-- Name: floor_schema_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.floor_schema_version (
    version integer NOT NULL
);


--
-- Name: alarms id; Type: DEFAULT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.alarms ALTER COLUMN id SET DEFAULT nextval('floor.alarms_id_seq'::regclass);


--
-- Name: protection_settings id; Type: DEFAULT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.protection_settings ALTER COLUMN id SET DEFAULT nextval('floor.protection_settings_id_seq'::regclass);


--
-- Data for Name: alarms; Type: TABLE DATA; Schema: floor; Owner: -
--



--
-- Data for Name: chain_rows; Type: TABLE DATA; Schema: floor; Owner: -
--

INSERT INTO floor.chain_rows VALUES ('old station', 1, 'station_keys', '\x030300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa79010000000000000001020000001b323032362d31312d32395431393a31383a35312e3634383132395a', '\xa9ec4907ec6e3884de0a0db33ed4b84fafd696b9dd9e27ed90c85338fe689cc0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 2, 'checkpoints', '\x0602000000046f70656e0100000000000000010300000020a9ec4907ec6e3884de0a0db33ed4b84fafd696b9dd9e27ed90c85338fe689cc00300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040abd45ccf8821e20d5c1de1c8229cc1efb067e62f4bdc9baa4e3577882344f5e705093ad35d5da2c3d3548ab146fa772ea293520045a16b7ecb14e05941686a0a020000001b323032362d31312d32395431393a31383a35312e3634383132395a', '\x7e101f5ab6ed0294a678026456ebb95dbf4bb66dfa06862cb1908cc3cdcf9f55', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 3, 'staff', '\x04010000000000000001020000001073696d756c61746564206465616c657202000000066465616c6572020000001b323032362d31312d32395431393a31383a35312e3635323731345a', '\x6e6c3650f112c1298b617d8f096c21b7b42d43677bd110cbbb6de588163ca38b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 4, 'checkpoints', '\x060200000005737461666601000000000000000303000000206e6c3650f112c1298b617d8f096c21b7b42d43677bd110cbbb6de588163ca38b0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040cc73b00429dfebe09b0a41bef3befaad7fce0995ed82f78868dfcc65e93f91c509e32b55604d262c1b5669ae13effe378ce16f0a2fa50c53b8cb69de786bb60a020000001b323032362d31312d32395431393a31383a35312e3635323732345a', '\x5d95835e496cad4b8d6bab1322c0d6efa9cc8b707b56e14eb431ca6847c9cd74', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 5, 'staff', '\x04010000000000000002020000001273696d756c617465642070697420626f737302000000087069745f626f7373020000001b323032362d31312d32395431393a31383a35312e3635363437365a', '\x33c9b76c65df392c0261710bfa30320ccc0dd2f4b2fd4a2a838543b0d822172f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 6, 'checkpoints', '\x0602000000057374616666010000000000000005030000002033c9b76c65df392c0261710bfa30320ccc0dd2f4b2fd4a2a838543b0d822172f0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000407549f1a3da0b6bb3bd97feccc09faa26840ad06e28ca52dd6c20a6a549d90f9f0fcf840d7c7753ea8adda371cea2ba3b11e39ca20a51ebb4e2465344805be706020000001b323032362d31312d32395431393a31383a35312e3635363439335a', '\x578a7d8c894e1b55b04268eaf88a97800b38498e59b615dc4c5354927d3be6ff', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 7, 'tables', '\x0401000000000000000102000000096f6c64207461626c650200000006726f636b6574020000001b323032362d31312d32395431393a31383a35312e3636303234305a', '\x325349f73241d485dafcb91c25ceaeb207a33c764a3ab4861b25d3b1c769e5df', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 8, 'checkpoints', '\x0602000000067461626c65730100000000000000070300000020325349f73241d485dafcb91c25ceaeb207a33c764a3ab4861b25d3b1c769e5df0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040483606bf8ac435dcb3edfdb555f30d29e7176104d0da44f510185b5e8f516912b4f5f5844a2b788191b985b04d8eda94dca6d811e81f54ec04593034b2bf3709020000001b323032362d31312d32395431393a31383a35312e3636303234395a', '\x03396cb2783b22ad646b8c109567d6107b4f9c7ff871b35d04b225ae558a5b4d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 9, 'shifts', '\x04010000000000000001010000000000000001010000000000000001020000001b323032362d31312d32395431393a31383a35312e3636343330385a', '\xf212a931f7b72960c3be5821cec54f7238a1e20b9bd86cf04bf22afc3551a0ea', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 10, 'checkpoints', '\x0602000000067368696674730100000000000000090300000020f212a931f7b72960c3be5821cec54f7238a1e20b9bd86cf04bf22afc3551a0ea0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040da4d7c638cc0a8c2a2fbf1499e04be15235c1f11a608918c47261e282053c66148767c8959bdb0686b9f416ddc2e33a66c4642f4794930a5c10c0c96f3898605020000001b323032362d31312d32395431393a31383a35312e3636343331385a', '\xf170e6728e5785900032c3aaba56ba7bdce4c41eb6ad0b459aaa46228482f1bf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 11, 'players', '\x040200000005432d31313100010000000000000001020000001b323032362d31312d32395431393a31383a35312e3636383333325a', '\xacf72b1006fd573147f3aa23efe8db5c7b1846cf55947403e4a4fabe4177892d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 12, 'seatings', '\x060100000000000000010100000000000000010200000005432d313131020000000473656174010000000000000001020000001b323032362d31312d32395431393a31383a35312e3636383333325a', '\x9ae067412f8bfa20c16ece760744f3dd85072de6be1c9b19436ad340b29c94ad', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 13, 'checkpoints', '\x060200000007706c617965727301000000000000000c03000000209ae067412f8bfa20c16ece760744f3dd85072de6be1c9b19436ad340b29c94ad0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000402ef19decc9e24ed94bdd71c2bb9c1a20e53d44a7758a8fe6b6702fcc8acc6f6082ee28d7e452f7816742062c4503c8cd219920df59636bb3a871afb7b64f0a0b020000001b323032362d31312d32395431393a31383a35312e3636383336355a', '\x09b4b3e316173f1fe05bce891e95268fec68da0812cad042ef8ee49849084de2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 14, 'shoes', '\x0501000000000000000101000000000000000101000000000000000100020000001b323032362d31312d32395431393a31383a35312e3637323133395a', '\x369e1686cb1cd9b467b96f2fe8a45453fd9429e4375d3c290adbc54ddf8c07fd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 15, 'checkpoints', '\x06020000000573686f657301000000000000000e0300000020369e1686cb1cd9b467b96f2fe8a45453fd9429e4375d3c290adbc54ddf8c07fd0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040c88f59581de82e3bbfc97bd28cc3cee7e6e394d9be4903b30d953c505ec4469b417be8e7c2adbc2b57907534615ad0aeabd94a43bbf7b6d6367660cb4c364907020000001b323032362d31312d32395431393a31383a35312e3637323134365a', '\xe64faf8112104e444e4053c900ec1e2ce5fad012be2faee7572bdfdda0e67349', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 16, 'rules', '\x03020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000008870656e6574726174696f6e203d20302e380a6275726e203d20350a0a5b726f636b65745d0a7374617274203d20226c6f775f63617264220a6d696e5f626574203d2031300a6d61785f626574203d20313030300a0a5b73746172626f6172645d0a756e6974203d20310a72616b655f70657263656e74203d20300a72616b655f636170203d20300a020000001b323032362d31312d32395431393a31383a35312e3730343038395a', '\x9831fd2e22f652e1b095e98524844268c14f3bc97f2710e4a14607653277f543', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 17, 'checkpoints', '\x06020000000572756c657301000000000000001003000000209831fd2e22f652e1b095e98524844268c14f3bc97f2710e4a14607653277f5430300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040eda726295a22bc7f9ffe6603a047f850ec3a74e4465f8e1c6ad93edc700be3b244d7dbf8088c2085567e813de19755fef51a00fc3c5be3f21ebae38cb9953104020000001b323032362d31312d32395431393a31383a35312e3730343130365a', '\x4cf0237810faa82fdcd47cd759f39fef50cae163fb7c36cbe690f996231e210b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 18, 'hands', '\x0f0100000000000000010100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a343020333a31303000000100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35312e3730383431375a020000001b323032362d31312d32395431393a31383a35312e3732303336395a', '\xeafc80465a864f17a41bc9bac5743b5c8a70400b4205b019e7453c81f1e60e10', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 19, 'shuffles', '\x0701000000000000000101000000000000000101000000000000000103000000201971b6ee73b4fe679fb9b1bf0741f841f4afb09064d485fb325cf9a739b4382a010000000000000037010000000000000000020000001b323032362d31312d32395431393a31383a35312e3730383439335a', '\x0fd392e8c42efd2fa013b35f0021c609c2f63f21bae4180f2000908424d5ef6a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 20, 'cards', '\x0a01000000000000000101000000000000000201000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3730383439335a', '\x51459f568e4a5cdf9b3481b3cef12efdde851ace0b9e47c7e5a9076ee0baa071', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 21, 'cards', '\x0a01000000000000000101000000000000000301000000000000000302000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3730383439335a', '\xc74f278bb36648494a81ea5e7731dfdfe3308ac888a17392b81564948d7e68d3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 22, 'cards', '\x0a01000000000000000101000000000000000401000000000000000802000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3730383439335a', '\xb21e2fd3bc06d54f00d5e53f8db10bea1d8bda0050ec01615221762595e4342a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 23, 'cards', '\x0a01000000000000000101000000000000000501000000000000000902000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3730383439335a', '\xc0ae739798f60212a211f5797914d8e84f344904f65bb41fffa18a59986396dc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 24, 'cards', '\x0a01000000000000000101000000000000000601000000000000000902000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3730383439335a', '\x935a216738675fb72f7410b6813960633c2c6a277896339244fbfd668187bef0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 25, 'cards', '\x0a01000000000000000101000000000000000701000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3731313835325a', '\xe923c93a115f711604065a3050760a54f680fa91676392d29806d3980cddf107', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 26, 'cards', '\x0a010000000000000001010000000000000008010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3731343237385a', '\xfdd3c85094790b414aa8a7a2b32aab58ec74fa16aeda73c3c87f2d6bb9278868', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 27, 'cards', '\x0a010000000000000001010000000000000009010000000000000005020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3731353834345a', '\xaea26f071d1ac5963574825a0d5ee61a41a764fd8aa0fdb132b6eaac86368580', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 28, 'cards', '\x0a01000000000000000101000000000000000a01000000000000000302000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3731393830325a', '\x8150a853eed889eee98105a8af1a8f2e3c69c98b6c94c2dee22d9f86825b25a6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 29, 'transfers', '\x080100000000000000010100000000000000010200000005686f757365020000000673656174203101000000000000000302000000136465616c65725f74687265655f7061796f757401000000000000000300', '\xbce7e11bb0c00e6b09f392f7de3fb20fce25d35dbd0879f71b1248196b95dfcf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 30, 'transfers', '\x080100000000000000010100000000000000020200000005686f757365020000000673656174203201000000000000000c02000000136465616c65725f74687265655f7061796f757401000000000000000300', '\xeaaa38d8aabd07e307a6ca4df4ce06bce470c94f11a81608eef1aae8beec306e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 31, 'transfers', '\x080100000000000000010100000000000000030200000005686f757365020000000673656174203301000000000000001e02000000136465616c65725f74687265655f7061796f757401000000000000000300', '\x6119ae9b213408c14f22582ae7a290cd65a5ae121bfcb1b76b88e00467306e20', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 32, 'checkpoints', '\x06020000000568616e647301000000000000001f03000000206119ae9b213408c14f22582ae7a290cd65a5ae121bfcb1b76b88e00467306e200300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000404765e43a485a992f6ade25857e22409406ac8c85de9987ed8e941ebd2bd687921f88684229bb12b53b4465cc1e56f3769c5bd789ba8fa1d195791a29794d0706020000001b323032362d31312d32395431393a31383a35312e3732303337365a', '\x2a9ccc8677eabc38f883e7b8fc81d7d86767217501361ddedabee7609b4797d0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 33, 'hands', '\x0f0100000000000000020100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a313030000100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35312e3738353936375a020000001b323032362d31312d32395431393a31383a35312e3834353833395a', '\x191ee1aa535e6e5c418f34a5c09d43df075d65a0076f4d64b09efbba5b7ee3e3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 34, 'cards', '\x0a01000000000000000201000000000000000101000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3739353837395a', '\xf881d2b5ae0e74a58f0ef585f1533fc36b0faab12c3e2780a517f5b36c6c7b15', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 35, 'cards', '\x0a010000000000000002010000000000000002010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3830333838305a', '\x5e2dedbec9c25b86c0d33bbedb621da3f79a4f0d672c2e01b2bb720a434a06a9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 36, 'cards', '\x0a010000000000000002010000000000000003010000000000000006020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3831313834345a', '\xcf51ceb569e010ae09f5266404993bd70781809e1f5fb6b8c09967dba8511014', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 37, 'cards', '\x0a01000000000000000201000000000000000401000000000000000502000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3831323336335a', '\x120ff3a287275cf324a2aceff08b34eb1fedbfb4bf1b2cc4d90bf99feefc5597', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 38, 'decisions', '\x050100000000000000020100000000000000050100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35312e3831353833395a', '\x1d05bce6ec14b80c598956fa7531fb9ae82076591ac75902b0c535de5bd2026a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 39, 'cards', '\x0a01000000000000000201000000000000000601000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3832333832315a', '\x5974abebdc3be349ea3cdb9e209014037709eb75888a55c589c0063835e02214', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 40, 'decisions', '\x050100000000000000020100000000000000070100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35312e3832373937385a', '\xd884a5cfe65a9d89dc8a8da7e6c77c345b87bad67c4a8c1f0068c34a35833144', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 41, 'cards', '\x0a010000000000000002010000000000000008010000000000000005020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3833313830375a', '\x5b6ea631a948b13006f35456566217fe0db770f3a18be9afe0d716d72c4cf34a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 42, 'decisions', '\x050100000000000000020100000000000000090100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35312e3833353935375a', '\x921949807634c6520afeddf7fafe7a55b7b7f17763d6b14a1698086f91b7e848', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 43, 'cards', '\x0a01000000000000000201000000000000000a010000000000000006020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3833393932395a', '\x5cb90b84ecc97be5831c53a36e8a4f8afb255921ded53fbb42d709359efe6e54', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 44, 'cards', '\x0a01000000000000000201000000000000000b01000000000000000502000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3834343339355a', '\xd40916f4ef395e8f3012ad41c03fc630e17fc08c762b8498de10b520a36ea977', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 45, 'transfers', '\x080100000000000000020100000000000000010200000005686f757365020000000673656174203101000000000000000502000000126465616c65725f706169725f7061796f757401000000000000000500', '\x394b54734790db4fab877539da8d385e10f657ecd14b6cfa74f554076086da34', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 46, 'transfers', '\x080100000000000000020100000000000000020200000005686f757365020000000673656174203201000000000000000f02000000126465616c65725f706169725f7061796f757401000000000000000500', '\xd9803299f111976e6319c6604e8b6a4e87f0f58cd99ac480eca18dc3f06ef22e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 47, 'transfers', '\x080100000000000000020100000000000000030200000005686f757365020000000673656174203301000000000000003202000000126465616c65725f706169725f7061796f757401000000000000000500', '\xb480f86bea08684e262fa33cabf5d708f255334ae3327051245eeef04749d118', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 48, 'checkpoints', '\x06020000000568616e647301000000000000002f0300000020b480f86bea08684e262fa33cabf5d708f255334ae3327051245eeef04749d1180300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000405291af1a7523431f87d1a0c3f6c0bad7e9ff5b882bdcbcd2e53575e685cd12eeed29f189a28f9850585a59055c6fff3f1d133b80c23cd61b8790a3350b342c03020000001b323032362d31312d32395431393a31383a35312e3834353834395a', '\x196bd29bd34e298e912726fb2c0ee27b850efca9ab720f9675e881f2a1e94df7', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 49, 'hands', '\x0f0100000000000000030100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000020100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35312e3930313532355a020000001b323032362d31312d32395431393a31383a35312e3937313833385a', '\x57b7727305921445a9985be3b77c54afd573dad124a9bf57ab5dd6521ff1555c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 50, 'cards', '\x0a010000000000000003010000000000000001010000000000000009020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3931313933355a', '\x66721cf8ab997be940167082e0149cb5415cd52e5c79b467f6c981af7b80907a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 51, 'cards', '\x0a010000000000000003010000000000000002010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3931363333385a', '\x3aee81dc918ceb0419bdb92ee89ecf1e25f0c29c2c4d885298e631391abfb444', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 52, 'cards', '\x0a010000000000000003010000000000000003010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3932303337365a', '\xe00f9d1097a5697e3d147616e9f33e0414d0655e86345c10c1383d127a615699', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 53, 'cards', '\x0a01000000000000000301000000000000000401000000000000000402000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3932303833365a', '\x33cbe677a877d33266a8a17ec9996a274e7a4577b7b5277841fb3f148e6e511e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 54, 'decisions', '\x050100000000000000030100000000000000050100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35312e3932323533355a', '\xbb58f5a59c9c9bbee4e1e22e509eece35d5628ef465fb41ebc042d0dae9a0bef', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 55, 'cards', '\x0a010000000000000003010000000000000006010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3932333030365a', '\xf7e05244e719724b8c055c85eb0a1b020399598f088274b7ed1bc7a285df785f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 56, 'decisions', '\x050100000000000000030100000000000000070100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35312e3933313839315a', '\x2a4c3536b3a00d34ec2c80c694e203c55f945502b9c89989e1efa3454203f434', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 57, 'cards', '\x0a010000000000000003010000000000000008010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3933333730335a', '\x3a3247d630e565cd0b5af09cf7780737707c87dcddfd61d9be06076b2c683321', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 58, 'decisions', '\x050100000000000000030100000000000000090100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35312e3933393932355a', '\x4fda5cbb213a48c75902eb2ea24a5f99d8a20a20d808d8b6dad5a7377f68f4ea', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 59, 'cards', '\x0a01000000000000000301000000000000000a010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3934373834305a', '\x0edfad61752c7a7bf5fe55ccc4b9e5cdb176a1fc944133209fdc31cb86f2752d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 60, 'cards', '\x0a01000000000000000301000000000000000b01000000000000000502000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3935333334345a', '\x474ce3ba870d8341fcbd90187e393469dfd8883602b557aee568321f09716709', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 61, 'decisions', '\x0501000000000000000301000000000000000c0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35312e3935353832365a', '\x061dca58fe2f758444f43fd506c364b097ba95580b4ae6502217da1a16872694', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 62, 'cards', '\x0a01000000000000000301000000000000000d010000000000000004020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3935393836335a', '\x9387e0b8b9dc021cf9e197aba05e4898eb5984ed6120073befdafe3bd0440c89', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 63, 'decisions', '\x0501000000000000000301000000000000000e0100000000000000010200000004666f6c64020000001b323032362d31312d32395431393a31383a35312e3936303535395a', '\x319712ab58c6fdcfafdd057b4a11c9a621cc307b7e4b15663886ae5c84260201', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 64, 'cards', '\x0a01000000000000000301000000000000000f01000000000000000202000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35312e3936333835355a', '\x213f25fa782d991549295b5de5de4c0d46ab68cdca0ca753f6166e031cbcae4e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 65, 'decisions', '\x050100000000000000030100000000000000100100000000000000020200000004666f6c64020000001b323032362d31312d32395431393a31383a35312e3936373832395a', '\xe836b2134337318be489cf097f669774f95cb64f8399df1fa81b8d537a1b5962', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 66, 'transfers', '\x0801000000000000000301000000000000000102000000067365617420310200000005686f7573650100000000000000040200000008666f6c645f66656501000000000000000400', '\x9a6f30495251a271c7bb2e204c6dac36e2b9fd84792b169d0b99935f8c09d012', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 67, 'transfers', '\x0801000000000000000301000000000000000202000000067365617420320200000005686f7573650100000000000000060200000008666f6c645f66656501000000000000000200', '\x80ed39ef6a2f428365bc3c3615b37d54e9600d86d34c97cce952fddd52b95326', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 68, 'transfers', '\x0801000000000000000301000000000000000302000000067365617420330200000005686f75736501000000000000005a0200000009706169725f6c6f737301000000000000000900', '\x51ae3606ca66592db6861b92c9b2c95b5a883855cd7ec8a0f10a3d6f671c2e94', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 69, 'checkpoints', '\x06020000000568616e6473010000000000000044030000002051ae3606ca66592db6861b92c9b2c95b5a883855cd7ec8a0f10a3d6f671c2e940300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000405eb0aea519566fa5671e6f42ac0b730e49cd4ddca60cf0ed54be3818df50a1cea525f974f83f8e1df8d26a5d6a49cdf81bb1b7605707b2c7904e926d28f9e507020000001b323032362d31312d32395431393a31383a35312e3937313835305a', '\x422756d65a538883524eb9e73ebe93d346631e40cbdf2987b5ce10826f4cf08a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 70, 'hands', '\x0f0100000000000000040100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000020100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3030343135335a020000001b323032362d31312d32395431393a31383a35322e3032333833345a', '\x3c7383c2077a5a0552d2c0f3bbeb29d8a1bcaa3ef352f64a87cd16aeced61c49', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 71, 'cards', '\x0a010000000000000004010000000000000001010000000000000004020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3030373833375a', '\xd099e32a9a42b3f84d9cfd213dcf1f15607e33e18a29eb8a1f971fe860c11dcd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 72, 'cards', '\x0a01000000000000000401000000000000000201000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3031313834365a', '\x1f68b5c8eda5f4938fa4a3bfd707b02b869378d454b8482a96ea48092de6cb7b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 73, 'cards', '\x0a010000000000000004010000000000000003010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3031353831355a', '\xcee31ad2a1f3dde267618384cc956bfae28cd32b1334c512f9e8899c898133cf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 74, 'cards', '\x0a01000000000000000401000000000000000401000000000000000302000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3031393832345a', '\x481162e373faf6f5e0d1569acebb3a8520e24b3cb6cb62c0435dd838bacfb1b1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 75, 'transfers', '\x080100000000000000040100000000000000010200000005686f757365020000000673656174203101000000000000000302000000136465616c65725f74687265655f7061796f757401000000000000000300', '\xeb87db09bbf3fe304a5026e2618259dd1a8386a6fcf09335fef8320ab2167de4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 76, 'transfers', '\x080100000000000000040100000000000000020200000005686f757365020000000673656174203201000000000000000902000000136465616c65725f74687265655f7061796f757401000000000000000300', '\xf34e33a86bdcda3d9301faf540c3dbe394f60240b8d32faf75a169bc36a3c180', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 77, 'transfers', '\x080100000000000000040100000000000000030200000005686f757365020000000673656174203301000000000000001e02000000136465616c65725f74687265655f7061796f757401000000000000000300', '\xcfe06d94df337fef4a458e9730e717374067f3911dba458b1d76242fcc5065e4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 78, 'checkpoints', '\x06020000000568616e647301000000000000004d0300000020cfe06d94df337fef4a458e9730e717374067f3911dba458b1d76242fcc5065e40300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000403da9ffe2e4531fd2383c22da8650fb177be486818d69986b67af433a98ed490aaf365a98c677f5c4f190b14b61b8ac2a853e24a185de42bbbfdb2d74c0bfde0d020000001b323032362d31312d32395431393a31383a35322e3032333834345a', '\x9945265dd2ffd0ac637bfa1c2f37a196feef1eaf8b9881e109720e33048cdeed', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 79, 'hands', '\x0f0100000000000000050100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000020100000000000000030100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3036333135315a020000001b323032362d31312d32395431393a31383a35322e3133303233305a', '\x5dd9e99b7306c34a0c66531cbf91a52a0e93bc2250fc9227cc4eee752b2a7290', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 80, 'cards', '\x0a010000000000000005010000000000000001010000000000000007020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3036393534335a', '\x88504f56b52c02ef8573e684d589ae9459ee05843af7124e31fe9c262767e662', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 81, 'cards', '\x0a010000000000000005010000000000000002010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3037333134345a', '\x8931c352e81147b34cd250b015275a6b708ca8325cf6e4f8279f0b36aaac2daa', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 82, 'cards', '\x0a010000000000000005010000000000000003010000000000000002020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3037373136375a', '\x785578d4f9ccec480b0ec13a0e0c5f4c58fcc34cd54f9018978b351f2bcc1024', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 83, 'cards', '\x0a01000000000000000501000000000000000401000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3037393834365a', '\x9543778569cbd56daca24879f6ec8e8c669dd2b6159dae89f2059ca0a6de2306', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 84, 'decisions', '\x050100000000000000050100000000000000050100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3038333837315a', '\x06d4fc127a821286377e08813e6bd65d7c1355e9667ca1916f6bd4a54a92ae40', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 85, 'cards', '\x0a010000000000000005010000000000000006010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3038373933375a', '\xa7b91e86bfdc9d28c7d7db6d5f5156a32bc370ceb5101164ae9c0f865bf00294', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 86, 'decisions', '\x050100000000000000050100000000000000070100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3039313836375a', '\x953c98fd0b7ad01c6dad33e06366b7463c1213d79128ab3264a39bd5fa482486', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 87, 'cards', '\x0a010000000000000005010000000000000008010000000000000007020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3039353837315a', '\xf982c73609bfa943f56a69612341afa541a9a86a6f875620675e25e2df0514ea', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 88, 'decisions', '\x050100000000000000050100000000000000090100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3039393931355a', '\xb7211f9ba2def69275b6de54b4565ac412660173e32469c43d6633f165959c4f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 89, 'cards', '\x0a01000000000000000501000000000000000a010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3130333835345a', '\xa0b042d6a6fddf260fc6aa8e459a50be5d1a81ab0e185bf49c8b0319be9048ad', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 90, 'cards', '\x0a01000000000000000501000000000000000b01000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3130373836395a', '\x23779d6c1a2be4be6806830df8b84779bb2fec2c1bff2696fe8475aaf717badf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 91, 'decisions', '\x0501000000000000000501000000000000000c0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3131313833395a', '\x9c48c9c4539177e5e2959e941ac88be123ebfd2ac26b765d8044ea68a5eeddf8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 92, 'cards', '\x0a01000000000000000501000000000000000d010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3131353832305a', '\xef0586459539e8628f9a195499414d699c8fd8207b749754a2212641f594b996', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 93, 'cards', '\x0a01000000000000000501000000000000000e01000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3131393930345a', '\x0f8be6f69a38f38b77b0d382a134897c1761313997016ba85f1530aa55ae2ad1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 94, 'decisions', '\x0501000000000000000501000000000000000f0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3132333834315a', '\x4975c644b38b5403b236d0b96424669bfada6d1567cd99c215e8272f385d2c75', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 95, 'cards', '\x0a010000000000000005010000000000000010010000000000000007020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3132373831395a', '\x9f2ef838d6178328bc4d3ce2a7124468c29948d8b15e1f96c72355ddab56a9a1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 96, 'cards', '\x0a01000000000000000501000000000000001101000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3132393530355a', '\x3a56b514c063adacadb7c21b954197d6bb1c21ad3b022828a7e47ca9fa3944af', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 97, 'transfers', '\x0801000000000000000501000000000000000102000000067365617420310200000005686f7573650100000000000000070200000009706169725f6c6f737301000000000000000700', '\xb9dac5d56d30e1744dbd9ef0ea4291bdda03d5123641394cce7da5ac25b2f486', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 98, 'transfers', '\x0801000000000000000501000000000000000202000000067365617420320200000005686f7573650100000000000000120200000009706169725f6c6f737301000000000000000600', '\xd853bc7233dca94a44451a3760d8edbe561844fd70c0615825f71381f7aee616', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 99, 'transfers', '\x080100000000000000050100000000000000030200000005686f757365020000000673656174203301000000000000006402000000126465616c65725f706169725f7061796f757401000000000000000a00', '\xdb6f14b746f7cbe39e2b0922b30bda9d4ea307ba045e2bfe32f771c3f6f85073', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 100, 'checkpoints', '\x06020000000568616e64730100000000000000630300000020db6f14b746f7cbe39e2b0922b30bda9d4ea307ba045e2bfe32f771c3f6f850730300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa79030000004049e3d6c8fa546ce7b54cc3bbc9b36817c07d12e45a03b1e10eff5aac0c2c233ad8ac180d53946da85c2656a198060e7b5cfe73517724fb7921d4eb9d2ccfc403020000001b323032362d31312d32395431393a31383a35322e3133303233395a', '\xc50389296b914ad4ba142d07764f3ac58f2b36010e5d13c83831ff14bc9ae3cf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 101, 'hands', '\x0f0100000000000000060100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a343020333a3130300100000000000000030100000000000000030100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3135393538335a020000001b323032362d31312d32395431393a31383a35322e3139333339355a', '\x2fe7b6859a6f014454545b442bd080032126215fef83bb671365185212089714', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 102, 'cards', '\x0a010000000000000006010000000000000001010000000000000007020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3136303838315a', '\xef6bb1dac21f785ab6a45f0c2ff2e03c3588878d473e7ee3047673b0b7e014dd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 103, 'cards', '\x0a010000000000000006010000000000000002010000000000000007020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3136333833305a', '\xe9839cb21370441414977b5acab48c0d61b2cc4fd76168e3431f401ad2e7810c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 104, 'cards', '\x0a010000000000000006010000000000000003010000000000000001020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3136343531385a', '\x39a2edd4a7a71f94c3337850d41577651a45b9cd1591c282ac86c4a3fc9ecc18', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 105, 'cards', '\x0a01000000000000000601000000000000000401000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3136343931385a', '\x1fd8ecbac6ec7475dba9f159ad41e628c76553f2efd0034fd422e8be4ee7e86d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 106, 'decisions', '\x050100000000000000060100000000000000050100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3136353339335a', '\x9317791897c78c58abe3a11a5f495ae5a65e7bbb58d761514cc311bff23169c3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 107, 'cards', '\x0a01000000000000000601000000000000000601000000000000000a020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3136353734355a', '\x4dd40601c58358365a46297b6ac57808e24266313f59ad623da4458104c40070', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 108, 'decisions', '\x050100000000000000060100000000000000070100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3136373636325a', '\x0b78a828eec4e36085202cf14a670811aa744c74baa988a342fac1062c2deba3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 109, 'cards', '\x0a01000000000000000601000000000000000801000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3136383036345a', '\xac30e8d6e6e38b122a90683a3762648f0900dd6ddc108efffe32c6890c9e3127', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 110, 'decisions', '\x050100000000000000060100000000000000090100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3137313930325a', '\x1cfeb21da9cc7068592bb8772260523bdbf559a4d62ef45aabc70e5869ae8342', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 111, 'cards', '\x0a01000000000000000601000000000000000a010000000000000004020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3137323736365a', '\x2b96bf37f33b457d805ea9a44d883ec1066b1820b8c0ae8fda9b0cd741312c15', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 112, 'cards', '\x0a01000000000000000601000000000000000b01000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3137353834315a', '\x70de3e9209225df57846c4e79d7ea3e94767aabb9e6ccba21b78fb7c1da94547', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 113, 'decisions', '\x0501000000000000000601000000000000000c0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3137363232385a', '\xd6e706a88d294f3047da54e66938bf9f3887c913154364c94e5c8d17b0d93577', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 114, 'cards', '\x0a01000000000000000601000000000000000d010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3138323131305a', '\x6cdcc83484cc3f9e8bc7fddbf09f156763535678d935af5b5d60ab4b28d38173', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 115, 'decisions', '\x0501000000000000000601000000000000000e0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3138343435355a', '\x1a9982f23aa88dba64a2aaacd29f363cb590f5e55fe63700abe33e7d8f4e46c6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 116, 'cards', '\x0a01000000000000000601000000000000000f01000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3138373831395a', '\x0fdc45168eb00e19d8bc60be658aae625dd7a526b2c624d85cf82a34f1aa91f5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 117, 'decisions', '\x050100000000000000060100000000000000100100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3138383339315a', '\xb0770856464510fa98c2b7c3f997125f676c61b47a4d505007c8f179e2eb6407', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 118, 'cards', '\x0a010000000000000006010000000000000011010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3139313931335a', '\x0106ceddbf8f4028326fe8a88e2db57e1d68be0561de055652ff4b6966d9abb4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 119, 'cards', '\x0a01000000000000000601000000000000001201000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3139323938305a', '\x6f1858ad44123014bca8987e9336a2185132a8de7e13f2c88155879bc47d5565', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 120, 'transfers', '\x0801000000000000000601000000000000000102000000067365617420310200000005686f75736501000000000000000a0200000009706169725f6c6f737301000000000000000a00', '\x8e38b73e9e7737c7f39224709623d65eb1cf6d6e265c73a3aa5add0f897031a4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 121, 'transfers', '\x080100000000000000060100000000000000020200000005686f757365020000000673656174203201000000000000002002000000126465616c65725f706169725f7061796f757401000000000000000800', '\x6696207c0ed00951174655138cba56c6acc97f7ac1bf378315678444b78edeb5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 122, 'transfers', '\x080100000000000000060100000000000000030200000005686f757365020000000673656174203301000000000000005002000000126465616c65725f706169725f7061796f757401000000000000000800', '\x121496d90b9e396ad642595043352463636fa1d0864f4fb1ed5362e93ccf4f1c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 123, 'checkpoints', '\x06020000000568616e647301000000000000007a0300000020121496d90b9e396ad642595043352463636fa1d0864f4fb1ed5362e93ccf4f1c0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000404f71c345bbfd68e94b65c231bcc53853bcb0e8f91dc2fc69d54f050b2378c132b14124d4f5b650348d908ea5459be0702086499a03e54a2217851a7c94671204020000001b323032362d31312d32395431393a31383a35322e3139333430335a', '\x884732b431425282e0ed240e87bb306dcad9ecbd6f505e40769f2cfa11aa1f44', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 124, 'hands', '\x0f0100000000000000070100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000030100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3233343734325a020000001b323032362d31312d32395431393a31383a35322e3236333839365a', '\xda37840b673e2ece7cc46633808289b0672ad111d584cad61968d60c8b8759d8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 125, 'reveals', '\x06010000000000000007010000000000000001010000000000000001030000003707030809090a0805030a0606050a05060509060904090908050402040a09030706020a080706090907070a070701080a0a040a080a08080300000020b1db73427983d36df88ac5a3942f69fa75f29927d787bfaef2d43326643344dc020000001b323032362d31312d32395431393a31383a35322e3233343832375a', '\x4133e85d61b7b9b05518147ee107fcf4793e9d5797e75051986efb8f2df56a77', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 126, 'shuffles', '\x0701000000000000000701000000000000000201000000000000000203000000206ee4d562b950b017be9bc4aa51572bd98156936b860d1d6a47bd6d5e35161ba9010000000000000037010000000000000000020000001b323032362d31312d32395431393a31383a35322e3233343832375a', '\x6dc82c434661d825be2075ffcb1fdbcf541913b99f4510e464f5b0f84789bfa2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 127, 'cards', '\x0a01000000000000000701000000000000000301000000000000000a02000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3233343832375a', '\x3818e94a3c2456bdc14580e689cc8dbcc7e8583db9f94ba15150499fee83de7a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 128, 'cards', '\x0a01000000000000000701000000000000000401000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3233343832375a', '\x9253eb4c6ebe0121c2b6425937bff1d33f553b1843468609f9da590894b8be97', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 129, 'cards', '\x0a01000000000000000701000000000000000501000000000000000902000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3233343832375a', '\x35aa7f4aeba0e9303cc3e24acb93853a88eb21007a1cb5c713ee2e3bb8ec219d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 130, 'cards', '\x0a01000000000000000701000000000000000601000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3233343832375a', '\xb7f7ac9a5d94a051b4ec586d6c066401a18426204cc60a1634a7cd31e7c06494', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 131, 'cards', '\x0a01000000000000000701000000000000000701000000000000000a02000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3233343832375a', '\xbfddcc644edcc5e55f693f766491e41a035f6773d68671842c3fd71657c338b1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 132, 'cards', '\x0a010000000000000007010000000000000008010000000000000004020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3233393838335a', '\x2e7aff2ce4600763d269214c8d145290d7942ddc34a802a0bea3e565f2672b15', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 133, 'cards', '\x0a010000000000000007010000000000000009010000000000000003020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3234303632385a', '\xd2db3ee794440e0d3c085772e0c1c68bfb2b9c64a64bb1d043c143887bb35160', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 134, 'cards', '\x0a01000000000000000701000000000000000a010000000000000005020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3234333133345a', '\x6ae6a2e3200eb4dd1c9031eac5528203b186de0b1aa37845ee9b386268a79b86', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 135, 'cards', '\x0a01000000000000000701000000000000000b01000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3234373838355a', '\x6312ac2e12bad59b07e7ab1289e87a68324409481d2bc683279837666284bf91', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 136, 'decisions', '\x0501000000000000000701000000000000000c0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3234383434335a', '\xeff4f8dc60f847beac0fbfbb17ee49b44668b400ee21acc64eb553ea09b4e9e6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 137, 'cards', '\x0a01000000000000000701000000000000000d010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3234393238375a', '\x0a945c2b57ccd88c516acc47eabf44105126c5c8cff0e9ee191cac8aa491222f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 138, 'decisions', '\x0501000000000000000701000000000000000e0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3235313836325a', '\x808eef6de4cfebfae0045af0036202ad49651d94cf6c537437e3cc00462582dc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 139, 'cards', '\x0a01000000000000000701000000000000000f010000000000000005020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3235323339325a', '\xfc049c0eb3a8e31c9a7d7a2f3003d025bbbaf386150991918c29218acfab6415', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 140, 'decisions', '\x050100000000000000070100000000000000100100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3235373137375a', '\x6bd3fa8623511492779d677188aab3ea1139a661d26211e5e78c3a28b363c80d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 141, 'cards', '\x0a010000000000000007010000000000000011010000000000000009020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3236303531385a', '\xfc9867a7b00704b7e390d3ec9bd1da7670bc44cb0e82f3c4afb5c5788653dc21', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 142, 'cards', '\x0a01000000000000000701000000000000001201000000000000000302000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3236313130345a', '\x07130aa0bfbd6294daef861f0a62c04f09aa811a70bb8e745cb4d0dc1c5a075f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 143, 'transfers', '\x080100000000000000070100000000000000010200000005686f757365020000000673656174203101000000000000000302000000136465616c65725f74687265655f7061796f757401000000000000000300', '\x923148b5c3af5160190d2843d44631abbc2dd0eba923b06f8ea541edeeb53bb9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 144, 'transfers', '\x080100000000000000070100000000000000020200000005686f757365020000000673656174203201000000000000000902000000136465616c65725f74687265655f7061796f757401000000000000000300', '\xdf88c78a3e8db0d3dd04e95f6ce0575fdb95044fa890a3fa0d9ba8c7b20de8e4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 145, 'transfers', '\x0801000000000000000701000000000000000302000000067365617420330200000005686f7573650100000000000000320200000009706169725f6c6f737301000000000000000500', '\xa474d35127e6a1ae78db4d4d6cdebabc041be6b4d2fa6d299892075a6f867de7', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 146, 'checkpoints', '\x06020000000568616e64730100000000000000910300000020a474d35127e6a1ae78db4d4d6cdebabc041be6b4d2fa6d299892075a6f867de70300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000408096b7aae8f9e323ae54a12fc376b925925c07169a4f24dc0ed9fca9fa4156d50e4543b7b54a51b6719b0e15bf884ea804f7e58754128443cb3e351b62c88809020000001b323032362d31312d32395431393a31383a35322e3236333931365a', '\xb624c7e87c009049b281d7c48abc46b92ddf9408e221bae11de3d62641c38982', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 147, 'hands', '\x0f0100000000000000080100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000020100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3239393032345a020000001b323032362d31312d32395431393a31383a35322e3336333833395a', '\xf49fe8ffa7af6920715c50e27e0bab0c087e9187f74e34ab271032cce42405e8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 148, 'cards', '\x0a010000000000000008010000000000000001010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3330333930345a', '\xfa53e9940864861c67c89f70243ff4c66852d5cc145074f80c310f93625298db', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 149, 'cards', '\x0a010000000000000008010000000000000002010000000000000002020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3330373832345a', '\xbd45213daffcacaccc5a6320401ac21fbaf774a660a7d6bdaa0ef1f21f4aff8b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 150, 'cards', '\x0a01000000000000000801000000000000000301000000000000000a020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3331313839355a', '\x383a7685491bfc74dc6ecc7f1a45d1ea19f60a6da8af93b43ac2c615f2589bd9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 151, 'cards', '\x0a01000000000000000801000000000000000401000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3331323534345a', '\xeff6f19204da80b9779a7463c631a3ee5c26a345c4d533c7d39acf5ed307099a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 152, 'decisions', '\x050100000000000000080100000000000000050100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3331353834345a', '\x534b656d59950f349ff6efddf89123e11af4fd7d40ecc035bc22d2d550929286', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 153, 'cards', '\x0a010000000000000008010000000000000006010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3331393739385a', '\x5a30ee767ab958d1fa5556bee1d6f3a33a82274a3997365fc8f2babac4dc3163', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 154, 'decisions', '\x050100000000000000080100000000000000070100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3332333838355a', '\x828b09333380a87cc1df547c85e9685ce91dc38cdb974b16a6ff9eb5825bad8f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 155, 'cards', '\x0a010000000000000008010000000000000008010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3332373138345a', '\x930b34d13b6f2a9631fdc57c0571c6a9fbeab48e56a0f6dbc8842506c035c8b6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 156, 'decisions', '\x050100000000000000080100000000000000090100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3332393737305a', '\xb3fd9514768f9bd334798d545262e8672d048a9d7d68981a7bf9d00dfda6544b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 157, 'cards', '\x0a01000000000000000801000000000000000a01000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3333313132325a', '\x911b46a2be2d9bd9a8b8ba513a899eb06f1072f59d039388e78524875cf7c0cf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 158, 'cards', '\x0a01000000000000000801000000000000000b01000000000000000402000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3333343639335a', '\xbb9aa85d586721fa4fb5e448c70af35275c1345dce5d5d899bc718d625e70001', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 159, 'decisions', '\x0501000000000000000801000000000000000c0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3333353234345a', '\x16f84feea05666cbde7464a8cdbe0698eb7a6cac3ac64594e42150cd21437550', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 160, 'cards', '\x0a01000000000000000801000000000000000d010000000000000007020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3334303230325a', '\x94faf5db0560ccb38b429303040c151173f4ca306a0f11870cd91058cc7842b8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 161, 'decisions', '\x0501000000000000000801000000000000000e0100000000000000030200000004666f6c64020000001b323032362d31312d32395431393a31383a35322e3334333330315a', '\x4a3fdb0a90352e01cc212e267c54782a1f1e60558847dc03b0154da059f2dc9a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 162, 'decisions', '\x0501000000000000000801000000000000000f0100000000000000010200000004666f6c64020000001b323032362d31312d32395431393a31383a35322e3334333934385a', '\xcd2c0bdfed72d317158f9853ccae1837aec8118ba268e81eb27fc43917bcf09e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 163, 'cards', '\x0a01000000000000000801000000000000001001000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3334373838365a', '\xe5d0a2362d88a835ff64705fb6781770978464f2c11d22bad195f0a237bda96d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 164, 'decisions', '\x050100000000000000080100000000000000110100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3335313834395a', '\x74b4d0f8ec3d50bbe7e459c91d75a1ae3e973c6657549623249def7ca5c2dbbd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 165, 'cards', '\x0a010000000000000008010000000000000012010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3335343130315a', '\x733eeedbdfc32a7502c262ef38bf017f3cc3b6eade76053708ce10ab5afc7c20', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 166, 'cards', '\x0a01000000000000000801000000000000001301000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3336313339375a', '\x9dcfa939bb23e276b288dd92c387ca43262f45d97864e561194e60dfa6ddd2f6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 167, 'transfers', '\x0801000000000000000801000000000000000102000000067365617420310200000005686f7573650100000000000000040200000008666f6c645f66656501000000000000000400', '\x2e478c9ed3b9b3853162f21bf51e49eb43462546e705b292c64c39ebb8713e56', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 168, 'transfers', '\x080100000000000000080100000000000000020200000005686f757365020000000673656174203201000000000000001e02000000126465616c65725f706169725f7061796f757401000000000000000a00', '\x24d58dc3c6f0d60f420a9e04bfa0f35d7d49b1bc6e1c34add5f74f9f8d123de1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 169, 'transfers', '\x0801000000000000000801000000000000000302000000067365617420330200000005686f7573650100000000000000280200000008666f6c645f66656501000000000000000400', '\x41ce3f86ab4f724512ee908158fd19bb38249013b3fdc91d9dff79d5249ddd39', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 170, 'checkpoints', '\x06020000000568616e64730100000000000000a9030000002041ce3f86ab4f724512ee908158fd19bb38249013b3fdc91d9dff79d5249ddd390300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa79030000004063a139915abfd70f486ca0a42e1274b87c92a452eff3cf95af90cc4489e40236991008abe80a2e0866992bad9079204623ea084f3a44cbab130d0df769842f03020000001b323032362d31312d32395431393a31383a35322e3336333835305a', '\xc5c96cb13efb4ed730af812bb85203f6b342cad46081f35d58d96edacdd6edd9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 171, 'hands', '\x0f0100000000000000090100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a313020333a3130300100000000000000020100000000000000030100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3430303136385a020000001b323032362d31312d32395431393a31383a35322e3437313832335a', '\xc7df9140c2b2fdcf7fc3720903f8b3702a8b99a6d95def8a3fee726c2e8228eb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 172, 'cards', '\x0a010000000000000009010000000000000001010000000000000006020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3430363737315a', '\xac9756a3d4d740a754d1202f4b47b59bf893d9b89de48d95e08190f6eba0213b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 173, 'cards', '\x0a010000000000000009010000000000000002010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3431313834365a', '\xd0e68f26fe3658b71fb2a295095f773eb39962abaae8167147c641dd87fc663d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 174, 'cards', '\x0a010000000000000009010000000000000003010000000000000005020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3431323332315a', '\xb716a67a5e359a88c90445163cd7b0ac9dc3284abfc5a0166873887d4a7638c9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 175, 'cards', '\x0a01000000000000000901000000000000000401000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3431353833385a', '\xacf0be0e9a9b83208031c7df9e5734345df0b06d8222b6815a4b4b066706f4d9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 176, 'decisions', '\x050100000000000000090100000000000000050100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3431393838305a', '\x2ae2b6eb49d8f838bdc17e5de1994b314aa126c518a50a75fa49dcd1e90f8167', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 177, 'cards', '\x0a010000000000000009010000000000000006010000000000000007020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3432333833335a', '\x4257bf431e31cb980707f6a736a2571a2db6c75eb9170008d2a32187d6fe5335', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 178, 'decisions', '\x050100000000000000090100000000000000070100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3432373837345a', '\x42bdbab49c95574de2d84601de243c4ffac32cea3f6c221b6167e1b173fac1b6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 179, 'cards', '\x0a010000000000000009010000000000000008010000000000000009020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3433313835385a', '\xf687be4ad6f937891464bff095c9df0c1fcf9cf3395770e527c4c11f292baae3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 180, 'decisions', '\x050100000000000000090100000000000000090100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3433343838315a', '\xd97ebf005ae7f475fb82092d43b182993a7b958e8c89c4c790e73014e1895091', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 181, 'cards', '\x0a01000000000000000901000000000000000a010000000000000001020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3433363337325a', '\x818e363ec1c1a4334191331628a5cd7dbeb8dd303ff0c64f8636de052d5c55ac', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 182, 'cards', '\x0a01000000000000000901000000000000000b01000000000000000402000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3433393832305a', '\x327d009b81911e15ae07dc869b61986935f227d531c4c03bf5ae3edd35a4e35d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 183, 'decisions', '\x0501000000000000000901000000000000000c0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3434333436375a', '\xfb4f48c5e6a40d02c2f082c4aad0650239eb44642a8ce3396c48c0087a67b188', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 184, 'cards', '\x0a01000000000000000901000000000000000d010000000000000005020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3434373832305a', '\xa547900ea2d2283c6d272cda3233e9ee70b5c5d7bce6789085ef578ec2c5327f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 185, 'decisions', '\x0501000000000000000901000000000000000e0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3435313832315a', '\x2c036265bc68fee06f63f1db3b77b9996b0c2238a9c0919e2b6415d64c036a9d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 186, 'cards', '\x0a01000000000000000901000000000000000f010000000000000004020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3435353834365a', '\x4278fe5ca98aa3b47eec8276b10a5819909b7267795694ff1e29b5dd9e0542df', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 187, 'decisions', '\x050100000000000000090100000000000000100100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3435393835355a', '\xc7a709df19825a6b7c5f3a647197d297d23d6e09f97c20577c0fd009794f0a84', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 188, 'cards', '\x0a010000000000000009010000000000000011010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3436313133325a', '\x885f1474e17685721fe7577e9f7039c48e41efe273a6ce9fecc0741209b013fe', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 189, 'cards', '\x0a01000000000000000901000000000000001201000000000000000602000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3436313537315a', '\x102ece68ee189c7e7f56f09feba4d7dbd31c57a736afd3a5f0eb82711b998d70', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 190, 'decisions', '\x050100000000000000090100000000000000130100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3436333833305a', '\xf0c237fbef4bcf9c60a3c8f138c29239a7ba305da350538c4bc33d1eddd58d8b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 191, 'cards', '\x0a010000000000000009010000000000000014010000000000000006020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3436353034385a', '\x2694563ffdc97b995024a3fdc51f46369cf03b14e22f6e7acc22821f4389919f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 192, 'decisions', '\x050100000000000000090100000000000000150100000000000000020200000004666f6c64020000001b323032362d31312d32395431393a31383a35322e3436373831365a', '\x9c12619135e294947bcc07e03d0c2d2f0d70846208c81ca65a366ba23b4abb95', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 193, 'transfers', '\x0801000000000000000901000000000000000102000000067365617420310200000005686f7573650100000000000000060200000009706169725f6c6f737301000000000000000600', '\x73c232f2145566f0b47f0d22ee16675521dc16ca5a84e4bdc33c7bca5f59071a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 194, 'transfers', '\x0801000000000000000901000000000000000202000000067365617420320200000005686f7573650100000000000000010200000008666f6c645f66656501000000000000000100', '\x1f977df3571e9c663da98c20bb8492215e7295d5f7f889002da288d963e2a8d5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 195, 'transfers', '\x0801000000000000000901000000000000000302000000067365617420330200000005686f7573650100000000000000320200000009706169725f6c6f737301000000000000000500', '\x0959badb05a13b0968de77e1664b3ba2cd8f979620744b29baf7fa43c11a6433', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 196, 'checkpoints', '\x06020000000568616e64730100000000000000c303000000200959badb05a13b0968de77e1664b3ba2cd8f979620744b29baf7fa43c11a64330300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000402baf998ae402e7dc20ee46084dc8004ca205879c1273fd4e5fa00eac1ca83c4a811ae7d94ff1862dc5b8850a53a344a0fad925bf734ea1697347b38d737fe702020000001b323032362d31312d32395431393a31383a35322e3437313833315a', '\xb4debdae568459dbc3c0765320d677fe10dce60a1c5775faf046bf4070613b0f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 197, 'hands', '\x0f01000000000000000a0100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000030100000000000000030100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3530363934325a020000001b323032362d31312d32395431393a31383a35322e3539353838385a', '\x07b2448017babdbdb4e6a2a06d9e599b997dbe293eb46823b4a094125c51ff5a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 198, 'cards', '\x0a01000000000000000a010000000000000001010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3531313439385a', '\xe6b40fa3379fe706604d4d01afba66add02db0a6575ccc5faf0417d3d7c42973', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 199, 'cards', '\x0a01000000000000000a010000000000000002010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3531353832385a', '\xfa6d3bacc5e971e9f21aa008f5c185af6c41c8c36c1fe50391761933be587b1e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 200, 'cards', '\x0a01000000000000000a010000000000000003010000000000000006020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3531393837385a', '\x875f86a2e0cc5b3dd405a2457462e6c75c9014f57ac69ca68a17a60d0368abdf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 201, 'cards', '\x0a01000000000000000a01000000000000000401000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3532333832355a', '\x887fa4679a3d5895517180d4724957e2ed6ec80dea5998923e7c3e6be2bcf05b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 202, 'decisions', '\x0501000000000000000a0100000000000000050100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3532373832335a', '\x58bf8a3bba449466619ed5d049aadb0f77a01256193c1e28a06d09e97763d769', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 203, 'cards', '\x0a01000000000000000a010000000000000006010000000000000002020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3533303031315a', '\x8a830a62762c015e62ae3e5fe9c8cdd421615107668e2d088cf6f2926e4c26cc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 204, 'decisions', '\x0501000000000000000a0100000000000000070100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3533353832325a', '\x97fcf5ff09139c8afc6dcf1ea5483a2b9b7754696dde7a10c460163731633cc2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 205, 'cards', '\x0a01000000000000000a010000000000000008010000000000000009020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3533393832395a', '\x849107dc1dbc023c3f03795fb55718bfa30083a3f0bdad4f0f17bdaea70e1a66', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 206, 'decisions', '\x0501000000000000000a0100000000000000090100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3534333631375a', '\x4a9da48a7cf725bfe17b14bdb236926bd32671d1b993d37fbe756df841f763e3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 207, 'cards', '\x0a01000000000000000a01000000000000000a010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3534373836325a', '\xd0b08e59866d1e80912c69eab165d95b916e46ee77d5e274b25856d40d8d6d73', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 208, 'cards', '\x0a01000000000000000a01000000000000000b01000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3535313835345a', '\xc86fc81e69fe77eaf89ca1a338d6191c8f99edc535402d74f350e85af86aab24', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 209, 'decisions', '\x0501000000000000000a01000000000000000c0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3535353835345a', '\xdbd4ce1aee3f72210f684c2d31ca3d43c19eeaf9d470b10af2ebf0af02342311', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 210, 'cards', '\x0a01000000000000000a01000000000000000d010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3535393832305a', '\x9b8c110e86291aedd4b43f39c880b9c4c196950b81d6c0eac315af63edb2a968', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 211, 'decisions', '\x0501000000000000000a01000000000000000e0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3536313730365a', '\x6f1d1eb6db0e6e02f447c000fb3295c16ee5832db67fb0dd7709bcb7951f8987', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 212, 'cards', '\x0a01000000000000000a01000000000000000f010000000000000006020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3536333832375a', '\xe93a2bff1b0e0772d975ccdd07b938b56222f5edeabfe3aaf0f550d85792e851', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 213, 'decisions', '\x0501000000000000000a0100000000000000100100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3536373833355a', '\x5c2e1a2eebf9f2fd202ac8de424d482b4f3de560a2043517f20ede2b56808147', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 214, 'cards', '\x0a01000000000000000a01000000000000001101000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3537313831365a', '\xa16a4955f3e69860493f9652edc4ebeb928a8eaa95824198e9e026e7cc2c61e0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 215, 'cards', '\x0a01000000000000000a01000000000000001201000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3537353834335a', '\xbed78c96036e6b96a7d660f1ce20b2c2c6f101a466d39481991c32ed3ac2ebaf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 216, 'decisions', '\x0501000000000000000a0100000000000000130100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3537393834375a', '\x8a913bc3d394b8c4a0307f96a0f4c8826bbfaf1c28d500838a528a8c4aba6905', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 217, 'cards', '\x0a01000000000000000a010000000000000014010000000000000006020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3538313637395a', '\xcfe75823a1cf23376c881c7af7fa7389dfd255a5fa94ef0c505ddcbc18cf02b9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 218, 'decisions', '\x0501000000000000000a0100000000000000150100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3538323233365a', '\xa0bfddf06afa26d2dc9803deea1f6227b9041504ce85ab86b930319a2626ea6e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 219, 'cards', '\x0a01000000000000000a01000000000000001601000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3538333830385a', '\x5beefab6224ecd31bb8b7039450f9afbb4075cbca90689d6a6404079841b1c11', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 220, 'decisions', '\x0501000000000000000a0100000000000000170100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3538353133385a', '\xad907d34239d9c68fd950eb656c1e487270f92f34f0f1f6152f944cdf09b7f1d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 221, 'cards', '\x0a01000000000000000a010000000000000018010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3538373830335a', '\x1d0147294637fa273f5ea0cc05d35b415385961b8a8d7881c7cd0a6fc6949090', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 222, 'cards', '\x0a01000000000000000a01000000000000001901000000000000000302000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3539313830385a', '\x21262278fe89881a935d6bd509518272fa2550a73cc9cd5e0f6795f5857c1d39', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 223, 'transfers', '\x0801000000000000000a0100000000000000010200000005686f757365020000000673656174203101000000000000000302000000136465616c65725f74687265655f7061796f757401000000000000000300', '\xbc8b746c19992e77ebee1ff26872bf52508f9c598724a9d19ed772f86f0f3caf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 224, 'transfers', '\x0801000000000000000a01000000000000000202000000067365617420320200000005686f75736501000000000000001b0200000009706169725f6c6f737301000000000000000900', '\x1104930dc5176dd0e07864d104e34cc57beb2d419bbb613287cd53b50d1e63f4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 225, 'transfers', '\x0801000000000000000a01000000000000000302000000067365617420330200000005686f75736501000000000000003c0200000009706169725f6c6f737301000000000000000600', '\x1a3047757c68a2557f2940471cd1126611eb0b19ded88371e47b14f35be6fb1a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 226, 'checkpoints', '\x06020000000568616e64730100000000000000e103000000201a3047757c68a2557f2940471cd1126611eb0b19ded88371e47b14f35be6fb1a0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa79030000004016a50de4ee09bdb38e2261019cf00172e8e254a14efdf89e0aacc4d1c8d7023846ae402826da32dca6dd82be418652000b9b4c6dff1b6082e8f7392b7f743a0b020000001b323032362d31312d32395431393a31383a35322e3539353930345a', '\xf8b69764fca8cfb58c339c6dbbe4524051fbae6cbc7e3d0a7fc745bf5a0b51e7', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 227, 'hands', '\x0f01000000000000000b0100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a323020333a3130300100000000000000030100000000000000010100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3633323036335a020000001b323032362d31312d32395431393a31383a35322e3638383637335a', '\xdc59254956c6f7d186a5ca121e3cf0f655dec025d5b98364cf0476b0b214baf2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 228, 'reveals', '\x0601000000000000000b01000000000000000101000000000000000203000000370a0709070a040305070805090308020a0708090a04070a050a0608050a070901040504090606080906090209080a08060a07060a0903080300000020d49d58cc0dbe7807e9d26cc7cdea7c73bf02bdda97535b2b0b335dc65097ef35020000001b323032362d31312d32395431393a31383a35322e3633323135305a', '\xd631efd65b567d9eddd2fd2196cb51bccfcd5aacfff6cc2f33fa8dacad704381', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 229, 'shuffles', '\x0701000000000000000b0100000000000000020100000000000000030300000020de6cf63adc7fe10b6cc7dcc470fdd80b32a4a1e95903e6e0ceca2187615546c2010000000000000037010000000000000000020000001b323032362d31312d32395431393a31383a35322e3633323135305a', '\x618cc2458de0279265baabee4d1fcd181f888c264b135615e9b391e0a9132a2a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 230, 'cards', '\x0a01000000000000000b01000000000000000301000000000000000a02000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633323135305a', '\xbbd2c33e8e7a6da511fbe26f705acae7261e6b3e78cb8fb0507c09bfa651b745', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 231, 'cards', '\x0a01000000000000000b01000000000000000401000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633323135305a', '\x0b7712206f5cdfd7ede36e661965d1f17702d537c0a3a85a978e0c159529f439', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 232, 'cards', '\x0a01000000000000000b01000000000000000501000000000000000a02000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633323135305a', '\x3123240b75eac7470ae47f58ec9a7a78e82d4086e145429d32ff55340e530e61', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 233, 'cards', '\x0a01000000000000000b01000000000000000601000000000000000902000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633323135305a', '\x46d41b32015824ea442d96d8b498dee7a18ed19e0ceb61635d19d8ded532cdc1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 234, 'cards', '\x0a01000000000000000b01000000000000000701000000000000000502000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633323135305a', '\xf6405b3c041936f56f922595daddfae17d2f24d683e5788d48129fa40021f696', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 235, 'cards', '\x0a01000000000000000b010000000000000008010000000000000006020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633323634395a', '\x4552f5dcd6400b42dc81da1d5ff8bcde2adfa2a316b0896241e29f004167422f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 236, 'cards', '\x0a01000000000000000b01000000000000000901000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633353233325a', '\xcd3fa891ccd933c9b9a63bf65f197c8af0d5b1ff8c236ee6ec01541fbbe26805', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 237, 'cards', '\x0a01000000000000000b01000000000000000a010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633363634385a', '\xe69c84826aa43714efef02177345430ba7cd536feed3de1a036523609b4d4d75', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 238, 'cards', '\x0a01000000000000000b01000000000000000b01000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3633393833315a', '\xe61cc71cbd79c998790528a5c1ac33923d44262df072b64c82972307b11dd3f9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 239, 'decisions', '\x0501000000000000000b01000000000000000c0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3634303738395a', '\x9377bd8c83d16155f374d732b7755e3b25c4b8ad4b44c619c4ec18df0c0dc5ed', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 240, 'cards', '\x0a01000000000000000b01000000000000000d010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3634353537315a', '\x709502f1be045d7134eba4fa292499c454a1b6e3a0a968c44439e22464b1cbc0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 241, 'decisions', '\x0501000000000000000b01000000000000000e0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3634373832325a', '\xe834ca9a4772e53b882faa3be72a2c16b65d384b1a6ad2bad651f95182ae5f0e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 242, 'cards', '\x0a01000000000000000b01000000000000000f010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3635313833325a', '\xc4ce9dedae435a15e1e5842ccf5ea8c1ae1af167ae69d5966659ba942adeca6b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 243, 'decisions', '\x0501000000000000000b0100000000000000100100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3635343632365a', '\xe7655f6a33b685079ba93c524d1ab2cad44ce37b38c9d07b1c7114c908d4be20', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 244, 'cards', '\x0a01000000000000000b010000000000000011010000000000000004020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3635353534335a', '\x45c4d472b2a0399933a805d1f413ede3e01974e636ae60c9cb675686f0b1ef67', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 245, 'cards', '\x0a01000000000000000b01000000000000001201000000000000000402000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3636323437355a', '\x6382c635215ca2a2dd7e040faac79ab42bdb1736f5c3e77ce235308cfe0f35cf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 246, 'decisions', '\x0501000000000000000b0100000000000000130100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3636373836385a', '\xdeaff55d85792e7d67ede354cb4acc1364b645209e9b1857d6998a1d972ab58e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 247, 'cards', '\x0a01000000000000000b010000000000000014010000000000000003020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3637303232315a', '\xc68661407c5646f8c9036fa4f314cc06313419a22efe0308e6bf5cdd39f27d86', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 248, 'decisions', '\x0501000000000000000b0100000000000000150100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3637303836335a', '\x6bc8e7e86568a5d1f13b87fc248de4cc5c8f1382e0be19168a7e66b661601e30', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 249, 'cards', '\x0a01000000000000000b010000000000000016010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3637313939305a', '\x8f434ce744511a1988d09f2c6db0e7db9cf7ed52eb85c6bf6c2236a7dc806e2a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 250, 'decisions', '\x0501000000000000000b0100000000000000170100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3637363231335a', '\x30200c1e0405b03c016fb48a0ba72676ed48ef1d3313b115b23d0daf78142fea', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 251, 'cards', '\x0a01000000000000000b010000000000000018010000000000000003020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3637393831325a', '\xef9f5fe34f0702f57714f32537962689e13f6879b501536d13c90bcfc9f4b229', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 252, 'cards', '\x0a01000000000000000b01000000000000001901000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3638353537365a', '\xd406238489f51d5eb086c9a42507c5dfcba67d2b863d7c5db1f2d8dee8a9b225', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 253, 'transfers', '\x0801000000000000000b0100000000000000010200000005686f757365020000000673656174203101000000000000000802000000126465616c65725f706169725f7061796f757401000000000000000800', '\xc1c68c1fb381516d83c1b4d8925b6e1ac71d19201d136ce3fa816d6502ce93f2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 254, 'transfers', '\x0801000000000000000b0100000000000000020200000005686f757365020000000673656174203201000000000000001002000000126465616c65725f706169725f7061796f757401000000000000000800', '\xb2a16dc54a5198e816776b44a563ac864e24cd105bde7af8f754b4bac5444bf3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 255, 'transfers', '\x0801000000000000000b0100000000000000030200000005686f757365020000000673656174203301000000000000005002000000126465616c65725f706169725f7061796f757401000000000000000800', '\xb67d791a13d9afa870d84b5bb3a8031413931144cd2f2dcc23029643b9ef67a9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 256, 'checkpoints', '\x06020000000568616e64730100000000000000ff0300000020b67d791a13d9afa870d84b5bb3a8031413931144cd2f2dcc23029643b9ef67a90300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040c90eca894557a29911db0c22f6d52f4ca16e1cbcccdcbc3a59a91f2696fad7609dc00bd4fad00dfd65036c55c2031549d263591150bc4d6cfe4527219482f90c020000001b323032362d31312d32395431393a31383a35322e3638383638375a', '\x12dc20a08000d4138c8d94200cc12da765baa6dd4c8a7fea86684414852982ad', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 257, 'hands', '\x0f01000000000000000c0100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000010100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3735333333385a020000001b323032362d31312d32395431393a31383a35322e3830303131315a', '\x7779aa7f37b3ee32f285820a1c920a311cdfd2ea7480d38d327fd66e4ac48128', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 258, 'cards', '\x0a01000000000000000c010000000000000001010000000000000009020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3735363737375a', '\xb776fafb4c212e1e8e08380bbbb91383d4b3c8484a4349bdf38aa7a2cec067fc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 259, 'cards', '\x0a01000000000000000c010000000000000002010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3735373934355a', '\xcbd972a6a9581388d8af935b5303403ef58242f54491a1cdb315c1cc8427060c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 260, 'cards', '\x0a01000000000000000c010000000000000003010000000000000006020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3735383833375a', '\x2de44bfb664c15a0f65ec87147601087d455e662803ca6ed2e2af1c4b390c539', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 261, 'cards', '\x0a01000000000000000c01000000000000000401000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3737313835305a', '\x6c52621eac1b0c7b30dc0340081b845f3f15a6e40e53ce8f06210c31e4fc6775', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 262, 'decisions', '\x0501000000000000000c0100000000000000050100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3737333735395a', '\xe5becbbbd30b0dd92134f03258cadb7732d3c7720c7fc300c73bcf238acd34fc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 263, 'cards', '\x0a01000000000000000c010000000000000006010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3737393832365a', '\x1d023b6701887106364c50f33bd503e0e6ebd232aa8f3204e47698e86f147b90', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 264, 'decisions', '\x0501000000000000000c0100000000000000070100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3738333932315a', '\x8063ff7f05bcb40223da938069cbb7f4ba477eaf055e4cd782f4865108224195', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 265, 'cards', '\x0a01000000000000000c01000000000000000801000000000000000a020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3738353733335a', '\x3346050873242fa2545ab9e02db312e5724afdfb8009cc0ac708264a0791d116', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 266, 'decisions', '\x0501000000000000000c0100000000000000090100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3739303236315a', '\x39dc575b19ba488be30e6411313ecd90c4bd25511ef1d7adf4c4fffef97aca6e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 267, 'cards', '\x0a01000000000000000c01000000000000000a010000000000000007020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3739333732385a', '\x51b75def104e13343206037e9e338781df2f5747179e8b6034865c858eff7532', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 268, 'cards', '\x0a01000000000000000c01000000000000000b01000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3739353831385a', '\x2aaf854e0fd3c0cb218372d2093c204e6c7895dee7e767cbf3853334a5211bfd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 269, 'transfers', '\x0801000000000000000c0100000000000000010200000005686f757365020000000673656174203101000000000000000902000000126465616c65725f706169725f7061796f757401000000000000000900', '\x69fe2c73901874db68ba548c3f3e668db2af81532ffaf4c39b3d6d095b8846fc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 270, 'transfers', '\x0801000000000000000c0100000000000000020200000005686f757365020000000673656174203201000000000000001b02000000126465616c65725f706169725f7061796f757401000000000000000900', '\xecffb8f1e4d4a426c8d6d194f23b0b8775a53570bcbd87f8617f40c85cb97fd3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 271, 'transfers', '\x0801000000000000000c0100000000000000030200000005686f757365020000000673656174203301000000000000005a02000000126465616c65725f706169725f7061796f757401000000000000000900', '\x74cfb3b5c14ecad5cd42e5cd2641918ef0638aad551e61e6a9ee450a6dca5d3b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 272, 'checkpoints', '\x06020000000568616e647301000000000000010f030000002074cfb3b5c14ecad5cd42e5cd2641918ef0638aad551e61e6a9ee450a6dca5d3b0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa79030000004061cca88ea5b9276ea8746a66cde7759d47ade5d49421428bd0e7dc80f6c5ae9bbf29cabe993c9c6ca011c3860c3204973de787d6b9fda2ed5b5346387ddd9d0b020000001b323032362d31312d32395431393a31383a35322e3830303132365a', '\x5441a2f9cbb2f71f9f1b068fe9e9a65b6950fed5efefe1a8290d358e98c5a785', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 273, 'hands', '\x0f01000000000000000d0100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000020100000000000000010100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35322e3833393933365a020000001b323032362d31312d32395431393a31383a35322e3937353834355a', '\x9b8349a3bfde35b33b79132ff32f50c5abd11684b5fafdbe81a8959be35ac27e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 274, 'cards', '\x0a01000000000000000d010000000000000001010000000000000007020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3834383034365a', '\x0cefcc031d0e765bd50deb5a243521fbbc42c1ae04f3c0d47cacf009d3d94cff', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 275, 'cards', '\x0a01000000000000000d010000000000000002010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3835313831385a', '\xfc61f25d1468d056f364da2671f7e73dd4ffaec991c30ed6242bf18ff1c94adc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 276, 'cards', '\x0a01000000000000000d010000000000000003010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3835323539385a', '\xb56c73384479a83a5268055b5e34015f5341aa562dbe71599ebeb2ece24df2b2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 277, 'cards', '\x0a01000000000000000d01000000000000000401000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3835333238325a', '\x01f5bb2fad9309694804616d06982d38ad8026ba0c5c8646c0d42c2f6e8a631e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 278, 'decisions', '\x0501000000000000000d0100000000000000050100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3835333832385a', '\xbd75690e93849cddda0a93ddd6ba545b9fec60e9a92402bcc742b6a7a5dce2f1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 279, 'cards', '\x0a01000000000000000d01000000000000000601000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3835343636365a', '\xaf137ceff00e3001b1700e2acc4c6ef0f8df24480fe10d94a366333c1c3cc68b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 280, 'decisions', '\x0501000000000000000d0100000000000000070100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3835353830395a', '\x696b95a68d79e7bef43d86794373c65b015fef5a04c66b34fa38c09f8a0d3996', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 281, 'cards', '\x0a01000000000000000d01000000000000000801000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3835363635375a', '\x2fd91b231a1fe0e72845ff5192574d8d25793b08ca74f8c6f393199e3f6f4c50', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 282, 'decisions', '\x0501000000000000000d0100000000000000090100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3835373033315a', '\x2a832bae4771dce7e65364d7edcb65599f67a8449e166dd2186298eeacb92ea2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 283, 'cards', '\x0a01000000000000000d01000000000000000a01000000000000000a020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3836343336355a', '\x8a3e4ffe37352ca0a2c3bee9fe7e4928f04a4eb06e12020102cd96c282cfb290', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 284, 'cards', '\x0a01000000000000000d01000000000000000b01000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3836353635325a', '\x70bd3f6488e1557d526d3fb98a387247ae25616b1c52174ec48c8a64c6d4fcd1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 285, 'decisions', '\x0501000000000000000d01000000000000000c0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3836393836385a', '\x8243bdb980c18045f1554a0c8d9d163ebd4124c0e87df6ca26701a1842dc23cf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 286, 'cards', '\x0a01000000000000000d01000000000000000d010000000000000004020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3837353836325a', '\x93d451d8b7b73074e8c2e5662a881bc4336b682627f951bc65f5e809ca06ab0f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 287, 'decisions', '\x0501000000000000000d01000000000000000e0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3838353639325a', '\xb9a1b52616755fdcc7372cc67b376f345211aa49d25f14881bb04ede05175380', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 288, 'cards', '\x0a01000000000000000d01000000000000000f010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3931303931305a', '\x49b33d7ae4dd2e4b66310e05a3cbca7907b3e9ebc706e0812555f5a2f1357e8c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 289, 'decisions', '\x0501000000000000000d0100000000000000100100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35322e3931313631395a', '\xe14b524a234a6ddd5c47c7a09a328b586de682aa7cfc9113ee881375d50b128f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 290, 'cards', '\x0a01000000000000000d010000000000000011010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3931323434365a', '\x7975fff227d6fa1d86b2e21c4222444bb9022ad5da6ab9e46402bb551c8bf3b2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 291, 'cards', '\x0a01000000000000000d01000000000000001201000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3931353835305a', '\x864098b0473b64cb31714735a572c84e8297bfe68f5858beec164712c3713dcd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 292, 'decisions', '\x0501000000000000000d0100000000000000130100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3931393833385a', '\xf6f99ad0b413ba539468f541d4e6a4a9d1453c813e797d16989fc0d4754060ed', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 293, 'cards', '\x0a01000000000000000d010000000000000014010000000000000006020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3933363435315a', '\x1301cb45682eda179db2cae57fc577cc6e8016eef93ddcf82c19a353351bcc08', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 294, 'decisions', '\x0501000000000000000d0100000000000000150100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3934393032325a', '\x42ba80bdba6d4de2bd322e2ae921d549ac8501370892e779908cd79063206fd0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 295, 'cards', '\x0a01000000000000000d010000000000000016010000000000000002020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3935313834375a', '\xb12eb047e8f7ff713122ee77db691ad04c1d0fe9a5a412748aa393de3683077d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 296, 'cards', '\x0a01000000000000000d01000000000000001701000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3935353832325a', '\xbcc7fe4fa79369267b8458a0a3c6625caed2aebcb98cdfdbdafd3a619b51ccc9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 297, 'decisions', '\x0501000000000000000d0100000000000000180100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35322e3935393832375a', '\xf291676808191e3200ea06de4c499348920c05cd4f185f35754589f240539438', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 298, 'cards', '\x0a01000000000000000d010000000000000019010000000000000004020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3936333831365a', '\x28d715dbff934ba94c0a2e69711a658e9118a5526985124efd26e5a7f14c8c7a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 299, 'decisions', '\x0501000000000000000d01000000000000001a0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35322e3936343438325a', '\x1608a428e4adb836c0d6048a643dfad3c47a271824bb4b8e6fa72a4ee7d546b1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 300, 'cards', '\x0a01000000000000000d01000000000000001b010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3936373837335a', '\xe8c70990f1f7f251d1ca91b02391eb31f0f0db9b88288ed25e17a0efd5a6c861', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 301, 'cards', '\x0a01000000000000000d01000000000000001c01000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35322e3937313337345a', '\xe6d6c130df3900dee4f8c9ce08d0f48b0875787a3826645fe23c1135c274411c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 302, 'transfers', '\x0801000000000000000d01000000000000000102000000067365617420310200000005686f7573650100000000000000040200000009706169725f6c6f737301000000000000000400', '\x074371d22ee2de0a15d3d05e16efcc3b48c9cc925899efba68fac1501997d76d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 303, 'transfers', '\x0801000000000000000d0100000000000000020200000005686f757365020000000673656174203201000000000000001e02000000126465616c65725f706169725f7061796f757401000000000000000a00', '\xdb2924dfadd532c9929f86a7b092abae15599ef304b361428f5e26353f9ac77c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 304, 'transfers', '\x0801000000000000000d01000000000000000302000000067365617420330200000005686f75736501000000000000005a0200000009706169725f6c6f737301000000000000000900', '\x6a16b55a78226a77e353063ce6cf0ff068116819aac8ffda97d3e39861140fa3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 305, 'checkpoints', '\x06020000000568616e647301000000000000013003000000206a16b55a78226a77e353063ce6cf0ff068116819aac8ffda97d3e39861140fa30300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040cdde9671f0c47d2d2925808be85f92a3cc85811682e9658c197aa82077e458ad52c5d31364316a7489bd547c3c551aade8eb52199034c76d2cc30a0a00a7d70a020000001b323032362d31312d32395431393a31383a35322e3937353835385a', '\xd48459bf2f28af615535b626c77c7eedb8201ffdb9274d6d5d776cdcba890383', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 306, 'hands', '\x0f01000000000000000e0100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a383020323a343020333a3130300100000000000000010100000000000000010100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3030323831345a020000001b323032362d31312d32395431393a31383a35332e3032333835315a', '\xf74e99496f87668b8d2ce52a9ece7c1f12e25257fa68ef6dd1c1ce795d4b83b7', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 307, 'cards', '\x0a01000000000000000e010000000000000001010000000000000007020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3031313836325a', '\xc87fcbd663edb129bd7ec7cf9de526cf559829372d78ca68510a10c1110707ae', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 308, 'cards', '\x0a01000000000000000e010000000000000002010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3031323434365a', '\x59134c90cd063eb1526d8ba61202919ceb51e05c2021053a30d54a153b81e14d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 309, 'cards', '\x0a01000000000000000e010000000000000003010000000000000002020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3031353831315a', '\xe95e10734d3614817d094100931582d00d5a03613a5b36e7d36c5315e8f9e7e2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 310, 'cards', '\x0a01000000000000000e01000000000000000401000000000000000302000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3031393430385a', '\x16584f81b452f370248b48360ba0b8d813382debda4fcbe7cbfc968ad06e472d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 311, 'transfers', '\x0801000000000000000e0100000000000000010200000005686f757365020000000673656174203101000000000000001802000000136465616c65725f74687265655f7061796f757401000000000000000300', '\x7e417a388ab629f7f83f9a5daf717b047dae959582a49d80f3252606dc8b047b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 312, 'transfers', '\x0801000000000000000e0100000000000000020200000005686f757365020000000673656174203201000000000000000c02000000136465616c65725f74687265655f7061796f757401000000000000000300', '\x067f6078bd8992721caa90926e50254a3d47232198d29a0813d0ce758b2429d1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 313, 'transfers', '\x0801000000000000000e0100000000000000030200000005686f757365020000000673656174203301000000000000001e02000000136465616c65725f74687265655f7061796f757401000000000000000300', '\x416042493144b108fd0778b5ba3dec22e790d237b6aa0d68eca1989b0db68b56', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 314, 'checkpoints', '\x06020000000568616e64730100000000000001390300000020416042493144b108fd0778b5ba3dec22e790d237b6aa0d68eca1989b0db68b560300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000409625423bc3747ba3df0c579f490047183c2c46b01c00f5879be953df61f404c71b336b55d24bc350658f38653f48bbaa0f47bbff70ab3c5d1463952533e5c104020000001b323032362d31312d32395431393a31383a35332e3032333835385a', '\x28e44007900a4d3835a6db3ee87fe01710676596a1fd2a79788dac12b2360e61', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 315, 'hands', '\x0f01000000000000000f0100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a343020333a3130300100000000000000010100000000000000010100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3035383732385a020000001b323032362d31312d32395431393a31383a35332e3131323537355a', '\x3b0d05cebcaa264c94feb1981fc1f392af32e7506c37b0443927e495e3ece9c1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 316, 'reveals', '\x0601000000000000000f01000000000000000101000000000000000303000000370a070a0905060a0908080504040308030809060609080a0709070809070a0a0a080406090a06020904050a07080203070a06050905010703000000201377cb7d518f9ddc1fd397fa69ec30d90a9a2e129630dc78f3932a4ebc62f1a2020000001b323032362d31312d32395431393a31383a35332e3035383831315a', '\x6bbb289cb95dd5605473b887476ca22c0e39cd6b9323793627fc346a3a8a1656', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 317, 'shuffles', '\x0701000000000000000f01000000000000000201000000000000000403000000202c896a50a460367b3ddde6016c9f7ae584251f3151b0d013063ab0f90af76198010000000000000037010000000000000000020000001b323032362d31312d32395431393a31383a35332e3035383831315a', '\x7a45d250c5668e876da87906306fe8f396ed6a0e3c182d2a2111f1ff6650a3c8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 318, 'cards', '\x0a01000000000000000f01000000000000000301000000000000000a02000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3035383831315a', '\xe062805b3d2bc34c91cb3475b96d31845339b2ddf6cf0dfab1e599b0439f5501', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 319, 'cards', '\x0a01000000000000000f01000000000000000401000000000000000a02000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3035383831315a', '\xa65b213a8f0abe59578e0c7a147cc59f36b598646eda6e06f6eda1e3b160f085', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 320, 'cards', '\x0a01000000000000000f01000000000000000501000000000000000902000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3035383831315a', '\x461126692bba28204ae5cfd9154754149928e5ca770640d70bfc3a133ca59716', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 321, 'cards', '\x0a01000000000000000f01000000000000000601000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3035383831315a', '\xc109e3e6af4593b153f39d85936eb0ead27f693167f90d24849bd9d4a3a7c8e6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 322, 'cards', '\x0a01000000000000000f01000000000000000701000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3035383831315a', '\x59b9a4573d0af0473ab428ff1bffbad9f5e6cdc89f01f986372f9025603932b9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 323, 'cards', '\x0a01000000000000000f010000000000000008010000000000000003020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3035393739365a', '\x90676989fda230d0946d5db3ac610af5f202ea823a12742c6fd6a65bbbea8089', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 324, 'cards', '\x0a01000000000000000f010000000000000009010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3036303430365a', '\x76f41499dd5a34e5c2c46b0a79159993328ac38a17541cd2a41e0f2b89e3432c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 325, 'cards', '\x0a01000000000000000f01000000000000000a010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3036303738365a', '\xb529b9524dfd7abae8d3a83ba05f8e6b2aff47faf612d21be32121278099000c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 326, 'cards', '\x0a01000000000000000f01000000000000000b01000000000000000602000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3036313433365a', '\xd200da8173240a8712bd32bef24d7f258f4d0d3846267f80d7fbe0a722047f67', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 327, 'decisions', '\x0501000000000000000f01000000000000000c0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3036323231355a', '\x997301bc5bc90489858d41dcec21d2f16a68052d00633d9dabeea028bbe8ecf5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 328, 'cards', '\x0a01000000000000000f01000000000000000d010000000000000004020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3036323438325a', '\x334bb9bd87c405f20cbd335e2cf3a1643bbd73b3fcb5cd9c82e28514a8f7a2b4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 329, 'decisions', '\x0501000000000000000f01000000000000000e0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3036323930385a', '\x960e478345686785ba89b4187f96e73d64b1bbd1cf8f2abb2033d890b24ff844', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 330, 'cards', '\x0a01000000000000000f01000000000000000f01000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3037353835325a', '\x273808717b16291cbb8a14f0bdcf25737487fbdd5d95fe5763fc464b6d92c9fc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 331, 'decisions', '\x0501000000000000000f0100000000000000100100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3037363331365a', '\x7a97f9598127937fbafe5a929b6bda3d665ef053c267a0bf6d85a15733108a64', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 332, 'cards', '\x0a01000000000000000f010000000000000011010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3038333934305a', '\xceed6c0a25b310d6e99c4f9faccedc219c6ce052dc23852942d2b12776372d4e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 333, 'cards', '\x0a01000000000000000f01000000000000001201000000000000000402000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3038343339355a', '\x5892970dd22dbee557ec63e5a5cd46251a4ec1793e28044baa2819ed72b2e1be', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 334, 'decisions', '\x0501000000000000000f0100000000000000130100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3038343930335a', '\xc95216c395e72d87ee3b07416b16701047614083052f76c2bd39ee532058f972', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 335, 'cards', '\x0a01000000000000000f010000000000000014010000000000000003020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3038363633385a', '\x0dd503059fa5ee5f64601aaeaa5ffe31ee7d7e9138ff475fee8398a25344acdb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 336, 'decisions', '\x0501000000000000000f0100000000000000150100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3038373031345a', '\x4985e188317db8cdb35506df012a601c5f5636a83c925ddc6ccac6d75b8c1c9a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 337, 'cards', '\x0a01000000000000000f010000000000000016010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3038393435385a', '\x082c3d7904ff1ebe228c0d3e95a4b6b8893c11613c3e905ad0f6db32a77fb5de', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 338, 'cards', '\x0a01000000000000000f01000000000000001701000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3039313830335a', '\x4fc25902f268cc7cc9397896722326d8122bc7226b2332a07d27a79fc0e0528d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 339, 'decisions', '\x0501000000000000000f0100000000000000180100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3039353831345a', '\x8a58e59d7773652ba2e12761fdbb1fd8bd0f82ee93b9bdae19198b4d9d3f8da5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 340, 'cards', '\x0a01000000000000000f010000000000000019010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3039393831305a', '\xb31d0767a9d9b60eff81be01a014c90a168d62360dca701af378a2f750286a3f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 341, 'cards', '\x0a01000000000000000f01000000000000001a01000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3130303131355a', '\x59f929e5ba057c7c5c109aecbff870aa6a15d3f8c972759ff060e3cf1d08fc23', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 342, 'decisions', '\x0501000000000000000f01000000000000001b0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3130373833325a', '\x6a646f92cc1f33bae5b2f148babfbbd5a742fde269d38568f3d06ad342c04a2c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 343, 'cards', '\x0a01000000000000000f01000000000000001c01000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3131313831315a', '\x04195e5d3ea0cbb03f8a3c97de17fa28a062f6dfc90dd823dc0658d83b53fdeb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 344, 'transfers', '\x0801000000000000000f01000000000000000102000000067365617420310200000005686f7573650100000000000000030200000009706169725f6c6f737301000000000000000300', '\x79e7afea32aa5b24d434fc466d4bdb6337926ebbc76bf60fa7e3f8cddfece075', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 345, 'transfers', '\x0801000000000000000f01000000000000000202000000067365617420320200000005686f7573650100000000000000280200000009706169725f6c6f737301000000000000000a00', '\xf69aa287c8f555672f25c93390c203a86abaea86f5b107d7795d920cef45ed28', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 346, 'transfers', '\x0801000000000000000f01000000000000000302000000067365617420330200000005686f7573650100000000000000500200000009706169725f6c6f737301000000000000000800', '\xfceae7731de934603a0d180f5d1078f61fe4b9f2e3a349549ecb9e273b4d4bf6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 347, 'checkpoints', '\x06020000000568616e647301000000000000015a0300000020fceae7731de934603a0d180f5d1078f61fe4b9f2e3a349549ecb9e273b4d4bf60300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000400329fdc24e5c069e1e85993dfa4a5c3a4e61b41a540d3ab9f8c65b1c2f85f322dba0ebd89a3a3db04e4ee2eb087905fded7fb5936aedbf2468c49231e590ee03020000001b323032362d31312d32395431393a31383a35332e3131323538315a', '\xc6b8d7188f41a7cdc9c88199cfb8fbd5a5f55952f744573ce395fd83ebfd9724', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 348, 'hands', '\x0f0100000000000000100100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a313020333a3130300100000000000000010100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3136343039335a020000001b323032362d31312d32395431393a31383a35332e3235393832395a', '\x48b9a9076a450f8044370bce11445d37fbcd26af315db5d93c0213e5a79c1551', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 349, 'cards', '\x0a01000000000000001001000000000000000101000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3137313832335a', '\x265ee55ce9695b2efb468f2f134def70478371c84a4c7f3985ef366a537181c0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 350, 'cards', '\x0a010000000000000010010000000000000002010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3137393832395a', '\x7459ed5726d5c463a736aefaa4443a0bee4a6d63090f34314e3bec01d2e2c8ae', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 351, 'cards', '\x0a010000000000000010010000000000000003010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3138333831395a', '\x1e31b77a3b971e0c3a060a75a47493e37c33f4b347ec99005d00fb091f5b5f88', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 352, 'cards', '\x0a01000000000000001001000000000000000401000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3139303139365a', '\xc3748b02808b20027d1e272544b64f78d7ac79a3c747a9e191fb5645a0c190b5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 353, 'decisions', '\x050100000000000000100100000000000000050100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3139303732375a', '\x54d63eb39aa2cc6eccec605fdf30f6583ab6a4b1ed298c9c2233ac1a0523a711', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 354, 'cards', '\x0a010000000000000010010000000000000006010000000000000001020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3139343538305a', '\x24bf6e76088b3e2e1d0cb15a86038834d0b2622a95117106991208016899a6bb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 355, 'decisions', '\x050100000000000000100100000000000000070100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3139353433365a', '\xdb773e58586df377b8d9973c0379ba1259e5f3d4efcd1554dbd2f9f9deb88c2f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 356, 'cards', '\x0a010000000000000010010000000000000008010000000000000002020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3231313835325a', '\xc7e505d8bdfca9c39c2e444b05614e60a45da2a297cbce5f2f29f7854aeb6327', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 357, 'decisions', '\x050100000000000000100100000000000000090100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3231353632345a', '\xae6941ff4e63cbea7e2acc45d127e7f0312d8144c240b813b8f512cf588a96ef', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 358, 'cards', '\x0a01000000000000001001000000000000000a01000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3232303332365a', '\xfc8406c98db9c9f6a39a04847470beedad51840b01c38d4e0614219746f67fee', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 359, 'cards', '\x0a01000000000000001001000000000000000b01000000000000000602000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3232333835325a', '\xdf80971163285490d6ff0112102c76cd8b659f05023fe0446a24595528e5f6de', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 360, 'decisions', '\x0501000000000000001001000000000000000c0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3232373832355a', '\xf95dc75cd5a8b775addfc664f1668f6511c8711eed7f3acd06d0878a820225eb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 361, 'cards', '\x0a01000000000000001001000000000000000d010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3233313831325a', '\x28eea6a1297956a08f448071ae8bca7f30e6eb43ce561e21016d3b1f260c6e56', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 362, 'decisions', '\x0501000000000000001001000000000000000e0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3233353832335a', '\xc54e9ffae47310e3200bd6162609e8aceae57f22f5f8ebef394280da6c9e0f3f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 363, 'cards', '\x0a01000000000000001001000000000000000f010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3233363933325a', '\xb229e7b8a0fe468838473c9ccc138e6e556b396aea8262f5b68ef2de7e00a52f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 364, 'cards', '\x0a01000000000000001001000000000000001001000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3233393831315a', '\xc9129a953d9baf1cc9f498b9f2155a358a5ffd0c3a1310d521811e5359e6a2e1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 365, 'decisions', '\x050100000000000000100100000000000000110100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3234333832305a', '\x50751e8575e577f3386ff8bda350e78a48d09883b551908d4b881781d7cdb4f9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 366, 'cards', '\x0a010000000000000010010000000000000012010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3234373832345a', '\x5b32155be9cf8b1b7ce0e6b97dac1edafa2ae7502a9305b5bc92bf18df80a8f4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 367, 'decisions', '\x050100000000000000100100000000000000130100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3234393339395a', '\xeeddbff4630d62928d6720297fcca49bba5408f851e8ef6826385da104373c1c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 368, 'cards', '\x0a010000000000000010010000000000000014010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3235313830355a', '\x942076d185ec1d7e2f0d302b95502b1034800dcff576849a08c5f66cb4148b9e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 369, 'cards', '\x0a01000000000000001001000000000000001501000000000000000602000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3235353830365a', '\x6f459fa2c8962048c3e354aa66b65763eb162cae3ca76017cc5025ff9f57c798', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 370, 'transfers', '\x0801000000000000001001000000000000000102000000067365617420310200000005686f75736501000000000000000a0200000009706169725f6c6f737301000000000000000a00', '\xf0a14db8d971e3943c3377eb46fc1801450eba3d1eb252523c4a40783e38b845', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 371, 'transfers', '\x080100000000000000100100000000000000020200000005686f757365020000000673656174203201000000000000000602000000126465616c65725f706169725f7061796f757401000000000000000600', '\xe25784a09c408115144004b7748cb827e66aceb4f06644bc4a212f0ba19f16f8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 372, 'transfers', '\x0801000000000000001001000000000000000302000000067365617420330200000005686f75736501000000000000005a0200000009706169725f6c6f737301000000000000000900', '\xc7bfce1c42b3a1c3e50f303f8695c4d5e56456785c0e4a7d108b07524ed80f9b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 373, 'checkpoints', '\x06020000000568616e64730100000000000001740300000020c7bfce1c42b3a1c3e50f303f8695c4d5e56456785c0e4a7d108b07524ed80f9b0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040643dafa0a200cd3d57a549147ec143c181158aa537be13f7b273f6632c7f2a2ade5ebbfa0aab8f114a410a149559479e00e4d4c7e362dbcc839d4dcdf02f460d020000001b323032362d31312d32395431393a31383a35332e3235393833365a', '\x4ae83fb45ecb3dc37295fa8fdaae14228237a847e424a2b4411734f58a84664f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 374, 'hands', '\x0f0100000000000000110100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000020100000000000000010100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3238393039325a020000001b323032362d31312d32395431393a31383a35332e3332313434395a', '\xab14c6b21518fea456a14adb8399290435a0c658199bb68831d8391c4c878183', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 375, 'cards', '\x0a010000000000000011010000000000000001010000000000000005020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3239313833305a', '\x049dff9e802f051f5a11727455eb98bcc5375b1dd6951dffcee4b6daddd020cb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 376, 'cards', '\x0a010000000000000011010000000000000002010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3239323236305a', '\x1bf8a011a29fb86d8bfd8fa02e5fae6f011db5fae5eeae166340e7ff56a84d80', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 377, 'cards', '\x0a010000000000000011010000000000000003010000000000000006020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3239353832385a', '\xac9bb5ce24f422228b2adeb3524beee7057f64929498dc0eede1b4b508e2e26e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 378, 'cards', '\x0a01000000000000001101000000000000000401000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3239363134325a', '\x6257d7534b25853e41bd72414ad11b45527d1937df7b1a318cd23c23b6b40779', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 379, 'decisions', '\x050100000000000000110100000000000000050100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3239393832305a', '\x9a4a3e216f802ec61d1e57c64815fa8b06222d2b9ea4e0994b4c59f52dec20eb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 380, 'cards', '\x0a010000000000000011010000000000000006010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3330303132335a', '\x0d72a4a2867cc1edc11e3b213b3f480b4e4540217710af2043ad3f89fcf3eabd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 381, 'decisions', '\x050100000000000000110100000000000000070100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3330333831375a', '\x6fc41371ba7445cdbb3809839923b4931b7ccda35e13cf9a9de78c70b34107c7', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 538, 'transfers', '\x080100000000000000160100000000000000030200000005686f757365020000000673656174203301000000000000003c02000000126465616c65725f706169725f7061796f757401000000000000000600', '\xbb804d3acd23a421fba0dc6b9a4d93fb08af6968d20faa28ac44fe14b60ac92b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 382, 'cards', '\x0a010000000000000011010000000000000008010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3330343132305a', '\x9d52eae544ad7dbab68e0930b5f20e9bf07e810e91370be2d63867415d0b5d30', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 383, 'decisions', '\x050100000000000000110100000000000000090100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3330373831335a', '\x3a3fc53c9bc00bc3be1be394e9b3f642d4dc19fec6d58f2c6911b5b6495468da', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 384, 'cards', '\x0a01000000000000001101000000000000000a010000000000000007020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3330383130395a', '\x026df645fab91544c143a37de1414770363af900998d47dc1f3c1c5f4d86429f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 385, 'cards', '\x0a01000000000000001101000000000000000b01000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3331313832305a', '\x8e98292b8a258c15aa2daf5b8cb93d847c0429043ce71e4126d517083933e16b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 386, 'decisions', '\x0501000000000000001101000000000000000c0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3331323134385a', '\xec2d83d566a2fc316e18c101f66834769f0426a6243bd73fcaa96151f6528c54', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 387, 'cards', '\x0a01000000000000001101000000000000000d010000000000000005020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3331353830395a', '\x41c0732a2e1a675eaff876c437ebb9ace72b574653a52d9721d893c5541a2a9c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 388, 'decisions', '\x0501000000000000001101000000000000000e0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3331383335335a', '\xb823668264252c2045d9e8c78b020b709836e64ea962bcc948e9a98749db3bf3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 389, 'cards', '\x0a01000000000000001101000000000000000f010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3331383734395a', '\x4246eb2c652b2335a463fff14220d54b9fc355d070deff2cb2d38203165679ee', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 390, 'decisions', '\x050100000000000000110100000000000000100100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3331393233385a', '\x37042c96e45938cadb19ac63ba3f49b720aeae37c3708e7b7f9c2a57fe147b94', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 391, 'cards', '\x0a010000000000000011010000000000000011010000000000000002020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3331393931305a', '\xce1de34eb809269d4d6357e24a9f91e27525c470c0dd8f7558d158d505c6d44a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 392, 'cards', '\x0a01000000000000001101000000000000001201000000000000000402000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3332303333385a', '\x0a755e75c7bea1a6bc359cd17253d5492ec03932b13ee3fd33e5b9323e25469f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 393, 'decisions', '\x050100000000000000110100000000000000130100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3332303637315a', '\xadb1c231ab1f9243ce94cd94d19d7e1c5ddb6b5cb3d9df76f443d4d8c2086108', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 394, 'cards', '\x0a010000000000000011010000000000000014010000000000000007020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3332313034345a', '\xe47d063ef219f504cac2aabe8cd7065904b35fe985d4bced247c74b911a4df6d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 395, 'transfers', '\x0801000000000000001101000000000000000102000000067365617420310200000005686f7573650100000000000000050200000009706169725f6c6f737301000000000000000500', '\x9a8d07961046c66be64bf5933f2f8e3c495d0e6b1bd8a4bf37c57a0a535c39ca', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 396, 'transfers', '\x0801000000000000001101000000000000000202000000067365617420320200000005686f75736501000000000000000f0200000009706169725f6c6f737301000000000000000500', '\x787390716efda71f4f7480fab47c94ce0cb8c58327b7b0cd4ca41c5e1ede4e07', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 397, 'transfers', '\x0801000000000000001101000000000000000302000000067365617420330200000005686f7573650100000000000000460200000009706169725f6c6f737301000000000000000700', '\xfcb6e356e989904e8afb58018ced6a5885ef67c955c38080edc5e18b1215abc0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 398, 'checkpoints', '\x06020000000568616e647301000000000000018d0300000020fcb6e356e989904e8afb58018ced6a5885ef67c955c38080edc5e18b1215abc00300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040fb473293a57a3866a8c79a37e3de7ab5882e2a5fcbd0d765c9b58d90819d3f046581844c052d69bad8f5f8982d21e3e05f00f87894ef650a11eabc0d92f9b409020000001b323032362d31312d32395431393a31383a35332e3332313435355a', '\x6441a58c0dd044610b05e2b7f684a4197fbaee0479e81cf2fb7e78871e2456c1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 399, 'hands', '\x0f0100000000000000120100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a323020333a3130300100000000000000010100000000000000010100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3335303833385a020000001b323032362d31312d32395431393a31383a35332e3432373834375a', '\xa7b9c3ead53d778bbd51bec0da18c2cfa19375a50f6dc0636a6ffda913dc3026', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 400, 'reveals', '\x0601000000000000001201000000000000000101000000000000000403000000370a0a09070703060806040a080403050808070a0a08090901020a060908070609060509060a0805070805050204070a09090709030a0a040300000020b530ce4985ad3e376c07c8c2fbf14b7fa4762c072eb6b8c811ec46ed77a7939d020000001b323032362d31312d32395431393a31383a35332e3335303932315a', '\x42b26af5f700bfe6beb61f7dd07baffa09cbc8b64d56680d3cb0fde3f73c316c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 401, 'shuffles', '\x07010000000000000012010000000000000002010000000000000005030000002013950e0bf7b133be8da4f733a5adf7e808180a95e83c044061829b331c6e7884010000000000000037010000000000000000020000001b323032362d31312d32395431393a31383a35332e3335303932315a', '\x62d0bc491ca41c132a8fcd657b9f88bade18b29b3964a0592b238e84f0e64767', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 402, 'cards', '\x0a01000000000000001201000000000000000301000000000000000802000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3335303932315a', '\xe6193151a1a1bce2ac7de292301c30a6a0f6540a58e6a06067cb0c044433ca0e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 403, 'cards', '\x0a01000000000000001201000000000000000401000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3335303932315a', '\xc5c4660aeede31e49dec203d21b419d394c9faa1899c9346e27c2c80d5b5b37e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 404, 'cards', '\x0a01000000000000001201000000000000000501000000000000000202000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3335303932315a', '\xa0bc4ad3f97da64e9c1b0e7c064a78d66c118603c8a8c3ae8db85ee6b69c38d8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 405, 'cards', '\x0a01000000000000001201000000000000000601000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3335303932315a', '\x389b1d5462215a39606411feba0b2a1cfd368e15ddbbc25a64ed21698df272d6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 406, 'cards', '\x0a01000000000000001201000000000000000701000000000000000502000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3335303932315a', '\xa83af054885b25cd8737d03a87826d3ca55132448a3cb77bab79dc41fa236212', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 407, 'cards', '\x0a010000000000000012010000000000000008010000000000000005020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3335353936305a', '\x0fb6dcc68cbda05bd1e9804b7c20c82ce2ac45078c9901c3cab00c326ff6c9c4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 408, 'cards', '\x0a010000000000000012010000000000000009010000000000000006020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3335393832335a', '\xd7d3a18a2dc675416e8953b988bbabe28b1c224e3392af48e1c44b55879fef89', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 409, 'cards', '\x0a01000000000000001201000000000000000a010000000000000007020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3336353337395a', '\x79e1f8463d203ffa875f51f2552559ef5993c191e6df3bd654908407c5461863', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 410, 'cards', '\x0a01000000000000001201000000000000000b01000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3337313833315a', '\xa566c65c8671c2613756bd68fc38bf74a0304d20ef0bad21d90c07096d7a191c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 411, 'decisions', '\x0501000000000000001201000000000000000c0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3337343835385a', '\x9d8fab5f2fc401d677753568ef60f2f5a21a3564c06ee2119f01e5e2622bc75a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 412, 'cards', '\x0a01000000000000001201000000000000000d010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3337393937305a', '\x34b3b406f6fd558daf47c00a7a3ffdcdedfb2e492336d0cf8c19fe8f3dd6fe7b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 413, 'decisions', '\x0501000000000000001201000000000000000e0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3338303734335a', '\xdd6c228032f67d7204529175fd5b845c4b00ff20ffd800869191063bef2469ca', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 414, 'cards', '\x0a01000000000000001201000000000000000f01000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3338333831355a', '\x5397e33fdb10a75408dd7135eea655621a7d507feae3a6da1a81e62f1a302d1b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 415, 'decisions', '\x050100000000000000120100000000000000100100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3338373231355a', '\xc764d70f1c7a8cf1fc175dbe1c485d1aeadc43c3a63b6d09eb89ab2624036e00', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 416, 'cards', '\x0a010000000000000012010000000000000011010000000000000003020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3339313832335a', '\xbec1d8452f2506fe0d774c3bb5bde6f948fcfd5d4b21abb6b74074cdac4dcb68', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 417, 'cards', '\x0a01000000000000001201000000000000001201000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3339353739395a', '\x47c7a7e6d6da8744349339f0922e3c7aded4854337a4ae1f3cbf08eab3d7ec82', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 418, 'decisions', '\x050100000000000000120100000000000000130100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3339393835335a', '\x77f5c0b284ea9d1838465114958806c0d3a9fd975a0a8c3a673e300aa8b8fa13', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 419, 'cards', '\x0a010000000000000012010000000000000014010000000000000007020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3430333830305a', '\xa5d7d9da2deb30ff37897e8e05d23060c1c16b12f7e2b99d21eab5b5941984b4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 420, 'decisions', '\x050100000000000000120100000000000000150100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3430373833335a', '\xa3562dfe52d4ac78034a0fbf0cc2fb6f205c2275a31dd6ae2ffad2e14e6aef37', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 421, 'cards', '\x0a01000000000000001201000000000000001601000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3431313637385a', '\xf156210db36e3886f38659b933a89366e4ee3e9eb61e7d804c29975e3d792707', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 422, 'decisions', '\x050100000000000000120100000000000000170100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3431353830385a', '\x3729945a39324e9f16cb25b87d26ddc108b61bacd40f1c493d99dacaa5b0a568', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 423, 'cards', '\x0a010000000000000012010000000000000018010000000000000006020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3431393834335a', '\xae29b9567929f45b56185b3dddcb6810ec9e0a835ef0aef605c74e8276d0d3ed', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 424, 'cards', '\x0a01000000000000001201000000000000001901000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3432333835325a', '\xeb207f8c0dddaca4fd77fada500667aff6101c85cad92e9706f93fbf3d484f33', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 425, 'transfers', '\x080100000000000000120100000000000000010200000005686f757365020000000673656174203101000000000000000902000000126465616c65725f706169725f7061796f757401000000000000000900', '\x5258fd541669eaf98f4bc26a9bb66429306b7fdabdcda6e0e500b435ddd6898e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 426, 'transfers', '\x0801000000000000001201000000000000000202000000067365617420320200000005686f7573650100000000000000140200000009706169725f6c6f737301000000000000000a00', '\xc34e7ff4f695a6a6262c96a9ca4ed8598690510e75a708e09923541f5a82a0ec', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 427, 'transfers', '\x080100000000000000120100000000000000030200000005686f757365020000000673656174203301000000000000005a02000000126465616c65725f706169725f7061796f757401000000000000000900', '\x50de91718f9a0b887d3a21ef2d91b29789faa584e536d8d6e64450151fd781d3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 428, 'checkpoints', '\x06020000000568616e64730100000000000001ab030000002050de91718f9a0b887d3a21ef2d91b29789faa584e536d8d6e64450151fd781d30300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040be8385bdf36e4a81c6d6760afb9036fe75fcc803a939c718f700e1d4641b471030dc618e16d31f781b76fa77ac1c2040a03d8160cf016a567f16bc0c5428db08020000001b323032362d31312d32395431393a31383a35332e3432373835355a', '\xf35e7fe42d7393214cf321641a7d7542a5926707b96912b6958d47670c3f41fd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 429, 'hands', '\x0f0100000000000000130100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a313020333a3130300100000000000000010100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3436333336355a020000001b323032362d31312d32395431393a31383a35332e3530333737385a', '\x92141ae9464dfc77c8b500bc40354de0782425a11c8f98913fd2c9bf3afb3872', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 430, 'cards', '\x0a01000000000000001301000000000000000101000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3436353439385a', '\xc410b6447214ae735119e61a5d590cc52c0459f5df600c9334fb2926ed18b7c4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 431, 'cards', '\x0a010000000000000013010000000000000002010000000000000004020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3436363933395a', '\xb9c23d2dbbd347270b6a37d3c680bdbf9955679370d98b3e74720d6ac82600a6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 432, 'cards', '\x0a010000000000000013010000000000000003010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3436373738385a', '\x7a2548bdc3737891b016ea0f9d8a690dea1175171cc8255b4e8c58d9854fa35c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 433, 'cards', '\x0a01000000000000001301000000000000000401000000000000000502000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3437313832325a', '\x6db662307ed7d0d68bb4626ea965a2e0b703fd2fed1bc79157cc03a52ac81d42', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 434, 'decisions', '\x050100000000000000130100000000000000050100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3437323239335a', '\x394c8deb2574793eff05dbca31cd19247cbfd4c1f4f43cdfd7c2a1089eda82c5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 435, 'cards', '\x0a010000000000000013010000000000000006010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3437353832395a', '\x6b5cdce8b57e0a5b3ea86fc9f317a743aa00597cdff361f9801b681bd14497f1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 436, 'decisions', '\x050100000000000000130100000000000000070100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3437373738325a', '\x2f25f35d4cf967e5077b973637a6dcaa34b842f438f2a6addf5fd2751dfcb6b9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 437, 'cards', '\x0a010000000000000013010000000000000008010000000000000004020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3437393831335a', '\x0f79ffafe7fe3f95fcf5134b4bee953e43ff009a1d5e20d82d6b1b1b6f1cbe45', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 438, 'decisions', '\x050100000000000000130100000000000000090100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3438333832395a', '\x2507e229fb184734615d88159de38228e89822651a72a59d15b1089a366e7dcb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 439, 'cards', '\x0a01000000000000001301000000000000000a010000000000000003020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3438373432345a', '\xae232f55d7d55ce1a694f8153cc1d517839e3433e7d3f7777aac27fd5a4c298e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 440, 'cards', '\x0a01000000000000001301000000000000000b01000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3438373833305a', '\x82993cb5b10fd1d1e6d9ab7dd4964f2e07a2f026fe9f975d3aed6ea5579be023', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 441, 'decisions', '\x0501000000000000001301000000000000000c0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3439313238355a', '\x456e4c1f2c3f4d775073269c3ea64a9ea014eb07af0b4c648abdfaf8cc8c4bc2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 442, 'cards', '\x0a01000000000000001301000000000000000d01000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3439323439375a', '\xb2a8f489267d302fb080fa9d3b0bdfce51987b3a03cdce58cba55f051e996e95', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 443, 'decisions', '\x0501000000000000001301000000000000000e0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3439353831375a', '\xa74fbebf44c08675b752b6daa4ac223289db21d94a573df8adb756f2ea2b4dd6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 444, 'cards', '\x0a01000000000000001301000000000000000f010000000000000006020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3439383336375a', '\xfd79ee0d37d8e6b980608404db1ece9e871c9f190cb3fc1839d7f051c4ff57eb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 445, 'decisions', '\x050100000000000000130100000000000000100100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3439383832365a', '\xe6d5400cfeaa513f219da1235a9b316fef51de437e37a998b54a26097a9fe01a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 446, 'cards', '\x0a010000000000000013010000000000000011010000000000000005020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3439393336305a', '\x6cf4e2d3758f8e66de4330ab46df3b381e6fed2f88d39e57394c0e7b1fb18d88', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 447, 'cards', '\x0a01000000000000001301000000000000001201000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3530303131315a', '\x9594e3878bc5079b616e2aaa3568bc19bbdf510ae8e1550f27bd720fa871b819', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 448, 'decisions', '\x050100000000000000130100000000000000130100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3530303631345a', '\x2df005865cf077dcfc9d8cce4b668710e5f1cf2905efbf8b73188bce588ac6b4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 449, 'cards', '\x0a010000000000000013010000000000000014010000000000000007020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3530313131385a', '\x75a087d47a128b8e977b7c509200a5a03815d5a1016f65b24746bed7e8f8c680', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 450, 'decisions', '\x050100000000000000130100000000000000150100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3530313434335a', '\xa881ea9a0556fad0767fc0f24391042297bd291cc42cb523c294a7bde068d6da', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 451, 'cards', '\x0a010000000000000013010000000000000016010000000000000002020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3530313834345a', '\x3532957543758f13128ff047f3f9d79eec7d3006832df2266da82212f6a0874c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 452, 'decisions', '\x050100000000000000130100000000000000170100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3530323339325a', '\x0bcd4bbc44664f275a01ba2dc2cb2cfe1a4b26043f57ff57365fcc3424327ece', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 453, 'cards', '\x0a010000000000000013010000000000000018010000000000000004020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3530333039365a', '\x46281ae52d1b2a9c4bf3d9a8652d3a5ef21198f3083bbebac930acb41bfcd1e6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 454, 'cards', '\x0a01000000000000001301000000000000001901000000000000000302000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3530333434365a', '\xdc6f448ccf525cd067c1131efb5b446c04f5c4ecfc2ed9f27c47171736e24cf9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 455, 'transfers', '\x080100000000000000130100000000000000010200000005686f757365020000000673656174203101000000000000000302000000136465616c65725f74687265655f7061796f757401000000000000000300', '\x47c2d8f243be8e8a03eb552028c64703171f2a652c46d720b74848771a25f65c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 456, 'transfers', '\x080100000000000000130100000000000000020200000005686f757365020000000673656174203201000000000000000302000000136465616c65725f74687265655f7061796f757401000000000000000300', '\x6420585a30bf80016e7191ca00b0d0a6e85fceee6bd81253ac2f8455bc5705e1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 457, 'transfers', '\x080100000000000000130100000000000000030200000005686f757365020000000673656174203301000000000000001e02000000136465616c65725f74687265655f7061796f757401000000000000000300', '\x14ac221e83ff246240641094324d59f0bc6e5655be7f261e0450a3b89625d770', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 458, 'checkpoints', '\x06020000000568616e64730100000000000001c9030000002014ac221e83ff246240641094324d59f0bc6e5655be7f261e0450a3b89625d7700300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000400df2845b30cb2e72c8b026f084ccef5448899b9f7d9fba87df165f7b4b2f54bbb13f47fc6fea8b40c366fbdea146f588756c195bbced0506368b881a2481f90f020000001b323032362d31312d32395431393a31383a35332e3530333738345a', '\x147707bef7668d00bad4d4e1aa3fa5e07982590b7fcb900592a703ba08df0c0d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 497, 'cards', '\x0a01000000000000001501000000000000000a010000000000000002020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635363331355a', '\xf7ef719b5bbb9857e4b193134d00766eaab1df20e46b4e0860a399a2038ca68a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 459, 'hands', '\x0f0100000000000000140100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a333020333a3130300100000000000000020100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3534383932315a020000001b323032362d31312d32395431393a31383a35332e3631393831325a', '\xd04dfc8dd6b4a8ff47c6483078227682330c7e1a85e18d9e6b636eaf550a7dca', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 460, 'cards', '\x0a010000000000000014010000000000000001010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3534393835375a', '\xb9816e1510d675d3ac7f8ee24f59725aff0b96c123340bdb63cb47c47d9b4feb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 461, 'cards', '\x0a010000000000000014010000000000000002010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3535313831325a', '\x40864d88c5fc392c31f737680b7754434e8f5f314e1fe625bbb8c4f3ee20121a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 462, 'cards', '\x0a010000000000000014010000000000000003010000000000000007020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3535353831335a', '\xf5c29506a5667ec938ad84e426fa978bca73dae170d071576d09f4466d83e547', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 463, 'cards', '\x0a01000000000000001401000000000000000401000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3535363335385a', '\xc811f1b04164c84d9ed5fda388870fdafc70a2734e1d746112dbf74ac0cf9127', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 464, 'decisions', '\x050100000000000000140100000000000000050100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3535393832315a', '\x67bd7749ff803530ccb7a8ae74d585286039a84132166995a920129817121068', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 465, 'cards', '\x0a010000000000000014010000000000000006010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3536333832345a', '\xf5c6a25f7a611f1cc1f64316445e7e49ff98b01eed11f079ae68f0007bb8f2a9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 466, 'decisions', '\x050100000000000000140100000000000000070100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3536343335395a', '\x3ccac55567ffb5708506e95028da402c4ab40e7a2d946b173d042aa88b4be170', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 467, 'cards', '\x0a01000000000000001401000000000000000801000000000000000a020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3536363037335a', '\x4bb79f7378c91876a369937a984379396ba7d1e4dbb4c7e8669901a230db20b0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 468, 'decisions', '\x050100000000000000140100000000000000090100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3537313832315a', '\xfb778d253d1691e6a5760ad7035bbbd1ec6895ecf5e67f99f596a2fcd20b7732', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 469, 'cards', '\x0a01000000000000001401000000000000000a01000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3537353831385a', '\xe5ee554362e4ef7cd24313c7ad3be2a528c7e54c491d6dfe448acee4bf9d09d4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 470, 'cards', '\x0a01000000000000001401000000000000000b01000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3537393833365a', '\x01259e7b8c2d56a2d5e66a7e50f99ea5a701bf202f624945d2f9672b958b2d2a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 471, 'decisions', '\x0501000000000000001401000000000000000c0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3538333833305a', '\x63ba70b12fba398182f876ad77437280f851a18eff027c5c4919f0a261d94370', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 472, 'cards', '\x0a01000000000000001401000000000000000d010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3538343133385a', '\xe282c0436cec030d17cb341524b9308d22ebbe56bf2fa54a4188282611f4bcb6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 473, 'decisions', '\x0501000000000000001401000000000000000e0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3538373632355a', '\xfd1dfc094cf424e6547ef29d8e0e6d160511118981e4ebaa523a436fdb144653', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 474, 'cards', '\x0a01000000000000001401000000000000000f010000000000000001020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3539313832325a', '\xd09c59446422544bc5a30ea719a3f6a6aa3104b5b916a3ed436bf2c51480b848', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 475, 'decisions', '\x050100000000000000140100000000000000100100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3539353833335a', '\xd72da777e4bcdb7aa0a773676a9d9c151ad92e3872c0700a791f0c34fa702916', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 476, 'cards', '\x0a010000000000000014010000000000000011010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3539393832395a', '\x5fa7930dd45af90603978440bf59e22e193739f7d6eb5fa0326acf847f58a269', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 477, 'cards', '\x0a01000000000000001401000000000000001201000000000000000402000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3630333832385a', '\x7b00e5ba0360021288cee5d92aae6787a75d26df1c0859ded57805f0062a53dd', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 478, 'decisions', '\x050100000000000000140100000000000000130100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3630373832355a', '\x7a37b71e230ad7c46f19630eaf792c33cd820e6752943399c87c564f191b2b4d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 479, 'cards', '\x0a010000000000000014010000000000000014010000000000000007020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3631313738395a', '\x3a7f4b1ee23686509b26681f40bd35040f60561251d76b399c4a4849a1d103aa', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 480, 'decisions', '\x050100000000000000140100000000000000150100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3631323331335a', '\x654d4977fa12b3d5056077f34395f293924d17f6bb929000348e3d4920098b33', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 481, 'cards', '\x0a010000000000000014010000000000000016010000000000000006020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3631323737345a', '\xe1adc790ecfe24022b9996e6eb47d028da15df25b6d715fd62f19fc73482181d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 482, 'cards', '\x0a01000000000000001401000000000000001701000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3631353831355a', '\x6f73b6a85d29d8c4f6670b52071b6bd4223a883d1c661afcd7bfc00d91802c5d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 483, 'transfers', '\x0801000000000000001401000000000000000102000000067365617420310200000005686f7573650100000000000000080200000009706169725f6c6f737301000000000000000800', '\x2f048b6ac0a06eb10957b8d35be3945adfe3b1d763c6c1bff02fa7697a2b4d66', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 484, 'transfers', '\x080100000000000000140100000000000000020200000005686f757365020000000673656174203201000000000000001e02000000126465616c65725f706169725f7061796f757401000000000000000a00', '\x8605e5ce8ade0fe6f5594d840a987b150d23b7fa8a9c158bf4db892e09ad027f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 485, 'transfers', '\x080100000000000000140100000000000000030200000005686f757365020000000673656174203301000000000000006402000000126465616c65725f706169725f7061796f757401000000000000000a00', '\x78134f98d41fa1c4da8ea1e7274520a38a0b770e34b00df16e0af057cb632b63', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 486, 'checkpoints', '\x06020000000568616e64730100000000000001e5030000002078134f98d41fa1c4da8ea1e7274520a38a0b770e34b00df16e0af057cb632b630300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040dfe6ee2862a8109d1b5f0691a1b43c01a82b7fda861d28e9bff9c406d76d75db93e5ac243173cfcc397f1bbab7ddebdaee14c84adf0f8cfdac783d58c3975908020000001b323032362d31312d32395431393a31383a35332e3631393831395a', '\x635d151c04576b8d55af30672aa7402d7daa581ac777eef63074fa575d323ea9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 487, 'hands', '\x0f0100000000000000150100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a313020333a3130300100000000000000020100000000000000030100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3635343237375a020000001b323032362d31312d32395431393a31383a35332e3639313832335a', '\xbaed7461eb68056fd9f247a1556b25f99258b3378a030d6cb654ca88a41ee6b4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 488, 'reveals', '\x06010000000000000015010000000000000001010000000000000005030000003708070207050506070a080a0309070a06090a040805090403090a0605080702040308050709090a0a0a0801080407060a060909090a0806030000002035d32cdab1bb414ff74de7f97852730c58e0d422c0d19de46a2c3127d5e61290020000001b323032362d31312d32395431393a31383a35332e3635343335385a', '\x131d8fc0ec43209ae359b6729527516b0b6db1fe862f796107e6c8875dd7fb9f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 489, 'shuffles', '\x070100000000000000150100000000000000020100000000000000060300000020f8cab65520732eb8dcc763f586e345162ba56933f4eab9e59008cef6bc2573cd010000000000000037010000000000000000020000001b323032362d31312d32395431393a31383a35332e3635343335385a', '\x16c8e41d2088036b240dd6d6d6036668c0b76b8494bd820573e22336cc297f39', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 490, 'cards', '\x0a01000000000000001501000000000000000301000000000000000602000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635343335385a', '\xdbabb43ef5f12c52fbd16a3624ce11d2fad4b6741182f5fc8b3798a26f62fb68', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 491, 'cards', '\x0a01000000000000001501000000000000000401000000000000000902000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635343335385a', '\x1228e537e9fc0367e20cc20262c6835d28ff1bde42b63048fe007fba0e5fdac5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 492, 'cards', '\x0a01000000000000001501000000000000000501000000000000000702000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635343335385a', '\xef6bb0824da581c7bc1f0949af991d7c5b9f3c7ca9c4622d0a1593464680f1b8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 493, 'cards', '\x0a01000000000000001501000000000000000601000000000000000102000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635343335385a', '\x334995b33af2ceb8701d2dd102469220a620abbe50700485c487bd8fde91fe74', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 494, 'cards', '\x0a01000000000000001501000000000000000701000000000000000602000000046275726e00010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635343335385a', '\x46e0d3666cdeb50b499318b3dde182e5e7e937eee2c0279ad9cb2633086c0b13', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 495, 'cards', '\x0a010000000000000015010000000000000008010000000000000007020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635353339305a', '\xe231ae8e05255aa2625da05980ff113762d1b1f6c250cba1db4c05870c152a41', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 496, 'cards', '\x0a010000000000000015010000000000000009010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635353933335a', '\x8d3f81f38fc213aa81fcf3a8b11dcba8c6689240e88912ac741fc233ec9c87b3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 498, 'cards', '\x0a01000000000000001501000000000000000b01000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635363731365a', '\x4684266d15f83cc76894e4c16db48320375a32f0d8815f11b951a299d603498c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 499, 'decisions', '\x0501000000000000001501000000000000000c0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3635373133315a', '\xbfa10e7a67ff7a41d2cc4afb01dde986a5e62b76f4e435e6b44f34e22d42e04b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 500, 'cards', '\x0a01000000000000001501000000000000000d010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635373630375a', '\x6e858bc0dd567c2d97bd1986586973f242776ee94214987a604c643d58aaa103', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 501, 'decisions', '\x0501000000000000001501000000000000000e0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3635383030355a', '\x4b12a72f387ecc2c69df6368806c8841c30ae95dd5788ac0bd91051ac8ef768e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 502, 'cards', '\x0a01000000000000001501000000000000000f010000000000000004020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3635383539395a', '\xcc816621be525156b43cf252aba732047b1e7ac0f421f6de5757e57eb7e79d2d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 503, 'decisions', '\x050100000000000000150100000000000000100100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3635383934385a', '\x6c80b289d5f8a587da9ef74c848553524c37a6eb86038b118db57e2021084cf1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 504, 'cards', '\x0a010000000000000015010000000000000011010000000000000004020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3636333830375a', '\x10a16d706df9945910cb913ab5bbc86207dc907893c17a20f4ee2ce7b7d4cb7f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 505, 'cards', '\x0a01000000000000001501000000000000001201000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3636343233345a', '\x62f31e8b945fcd7748d41294c54db8c098952b2fd155f70d34d3b7086e90ce53', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 506, 'decisions', '\x050100000000000000150100000000000000130100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3636373931345a', '\x4d055c4346e3ee8d6241bd8e8b4804379649d56a598de1d1d2db8cef51a22f29', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 507, 'cards', '\x0a010000000000000015010000000000000014010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3637353833375a', '\x1b929eee2910fe069c26254aba88c702da8bc83bbc0b848fa5c04fcce28825fe', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 508, 'decisions', '\x050100000000000000150100000000000000150100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3637393831335a', '\x8fdf92e02d66299d87c8370e311517f2d5ff1a455e4217e3ac3da24e656a77bb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 509, 'cards', '\x0a010000000000000015010000000000000016010000000000000009020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3638303734375a', '\xed29a9607b25d6b9081f50a919924bba2fb2dd1aa4399d76cce537ff0114dc0d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 510, 'decisions', '\x050100000000000000150100000000000000170100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3638313034375a', '\xa2fe26f2c99c420f6edf7111599d72592ba4dfdaac3c520cf6b40d2c50bae87d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 511, 'cards', '\x0a010000000000000015010000000000000018010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3638333830355a', '\x09631de46121682ae091f2edbf9775ec1527924f69d74e6f796da55c7b4fc2a5', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 512, 'cards', '\x0a01000000000000001501000000000000001901000000000000000702000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3638373832315a', '\xdd95570e7066ff1369ba7b5376af1e149caad79ac27ad32b68813707cc66f5f8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 513, 'transfers', '\x080100000000000000150100000000000000010200000005686f757365020000000673656174203101000000000000000702000000126465616c65725f706169725f7061796f757401000000000000000700', '\xf484ff4eecc8c5f41e423ab99433cc269ca5caba31197484165088d39b2b5df3', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 514, 'transfers', '\x080100000000000000150100000000000000020200000005686f757365020000000673656174203201000000000000000702000000126465616c65725f706169725f7061796f757401000000000000000700', '\xcc680bb1ee6becdc541cfe55f7c820fc1fda5839aee0fdb2a5e95f6e7109676f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 515, 'transfers', '\x0801000000000000001501000000000000000302000000067365617420330200000005686f7573650100000000000000500200000009706169725f6c6f737301000000000000000800', '\xa233b4701c7fff14497036f0b9aff9bb80e6960b45ff9e9899d6d117e012654d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 516, 'checkpoints', '\x06020000000568616e64730100000000000002030300000020a233b4701c7fff14497036f0b9aff9bb80e6960b45ff9e9899d6d117e012654d0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa7903000000409f164f3680e342a68dbb2428c6b004f440056286e2bfb802fd39d0a3c05664fd0cc05fbe9443155aada61d9d51aa7b6a87d9ddba6dfcdcd42a18f5a97e98510b020000001b323032362d31312d32395431393a31383a35332e3639313833305a', '\xc34996e0ebd17e97e0844171c166e30014b62a039353fd71cb2fed0e268f0c88', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 517, 'hands', '\x0f0100000000000000160100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a323020333a3130300100000000000000030100000000000000010100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3732333732365a020000001b323032362d31312d32395431393a31383a35332e3736323039355a', '\x5dbd62c4a868b0243e7faaea2be1560426b6c44186c73f7edf7337b8a43ac2da', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 518, 'cards', '\x0a010000000000000016010000000000000001010000000000000002020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3733303231395a', '\x3f204ccc86f02d1015a1f60103caa440d58291d639cd917cc544811a49b05aea', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 519, 'cards', '\x0a010000000000000016010000000000000002010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3733323234305a', '\x640a750294fa60f4c3b4bace62222668ccb8995437fc08aa9ebb3ca8cecc745f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 520, 'cards', '\x0a010000000000000016010000000000000003010000000000000004020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3733353831345a', '\x748372d97ee1df7af93b1f3b2549d888f4937c97da12d2e5c53d1edab9d76a43', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 521, 'cards', '\x0a01000000000000001601000000000000000401000000000000000602000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3733363232325a', '\x97cb5417253b3018d7bdd58b3a7df33c6c75918514f60488141d76d47669c044', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 522, 'decisions', '\x050100000000000000160100000000000000050100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3733373932365a', '\x6d9f0af17ac5a2d0499b0244f0b493c6f24a6958735b78ee1c2dc15eb35b1167', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 523, 'cards', '\x0a010000000000000016010000000000000006010000000000000009020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3733393739345a', '\xd39ed7adf026a4ed555a2963c2b1371f422d6db97151d0fa4be8bad6631f54ce', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 524, 'decisions', '\x050100000000000000160100000000000000070100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3734333831345a', '\xc9fcee9c5469be0e4bc5c0df89882cffaec0ce1d4b00589680332c7a2b9460af', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 525, 'cards', '\x0a010000000000000016010000000000000008010000000000000003020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3734373830345a', '\xaa77048d962acf6a67504f9bfac925ba36a177e0959ea3bf50d3d8a5bb9f9dd2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 526, 'decisions', '\x050100000000000000160100000000000000090100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3735303133355a', '\xa4911cf19ad298ada3ebacc94084b4c2ede524962dd0701f23e9d157add8445d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 527, 'cards', '\x0a01000000000000001601000000000000000a010000000000000003020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3735313739365a', '\x106c4460b13001b09f909529f909df4a38c131a2b49cf9583e6e1aea88f8793a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 528, 'cards', '\x0a01000000000000001601000000000000000b01000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3735353830315a', '\xe5f34f68fff9344d7e02bb209dac435de7eb3f2ddea6d0011f398e782bfab22f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 529, 'decisions', '\x0501000000000000001601000000000000000c0100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3735383332355a', '\x127496abe9f7f4362d1c1cad9fc846b03561f964db1967de7db0b591304d83fe', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 530, 'cards', '\x0a01000000000000001601000000000000000d010000000000000006020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3735383834365a', '\x008ff1349a4b37beb3b73fb8be603f4e3dbe0eb261e85ff13b55be034ea7a0ee', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 531, 'decisions', '\x0501000000000000001601000000000000000e0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3735393532355a', '\xbfb3229df22fe98362a0f3db907ccd9c6bc5790dcfa04978282dca6e505d8579', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 532, 'cards', '\x0a01000000000000001601000000000000000f010000000000000007020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3736303338345a', '\xbf7a985aadd4c107d9d2487eec26ae10744a0572a86d36192bd322f0de01d027', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 533, 'decisions', '\x050100000000000000160100000000000000100100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3736303837305a', '\x16021e3f29d2d0f1912edd703e0f2db946031c157b34b64c16dcccf2c13f7fb9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 534, 'cards', '\x0a01000000000000001601000000000000001101000000000000000a020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3736313138365a', '\x1f55d294dabf40253867ecb7db507564c90af495ff910ed3a3efe79979e9730e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 535, 'cards', '\x0a01000000000000001601000000000000001201000000000000000602000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3736313537335a', '\x28a8d45e3d80237c33b620d9f3f3e8e40db98775d0974356a61f8043e3e4cd7c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 536, 'transfers', '\x080100000000000000160100000000000000010200000005686f757365020000000673656174203101000000000000000602000000126465616c65725f706169725f7061796f757401000000000000000600', '\x9b6c1bc60574e8b01c1fbb2acd982b597891d5db6422d8f7e13017f954867ef1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 537, 'transfers', '\x080100000000000000160100000000000000020200000005686f757365020000000673656174203201000000000000000c02000000126465616c65725f706169725f7061796f757401000000000000000600', '\xb263331987e4cab8ef1ec52385873c36b9c91959dac35fd51799e595a94afbd4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 539, 'checkpoints', '\x06020000000568616e647301000000000000021a0300000020bb804d3acd23a421fba0dc6b9a4d93fb08af6968d20faa28ac44fe14b60ac92b0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040c6cebef8007d4bbd30b7d3d477bdf8ebfc1f00907384b794c4586937f7735c1e4e326e14a97d56d9afb7e92ff93af09a5da25e1d2c4cf667d83bd5ae8feb5207020000001b323032362d31312d32395431393a31383a35332e3736323130315a', '\x0530ced9689b671e81579e254bbe5182a5b672b24337871b9e27aed66bf51bcf', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 540, 'hands', '\x0f0100000000000000170100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a323020333a3130300100000000000000010100000000000000020100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3831323432375a020000001b323032362d31312d32395431393a31383a35332e3838333239335a', '\x16bf03c6d9dfefeadecab73df92e24637ad4ab54a3188dc70af7ce670be67d1a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 541, 'cards', '\x0a01000000000000001701000000000000000101000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3831353834345a', '\xf972ef0d9d0c4fcf701e5a2a3741c063f86d9832e9c5841e3c36e300bdcc0631', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 542, 'cards', '\x0a010000000000000017010000000000000002010000000000000007020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3831393832375a', '\x5bc7b229a4680e801b39520c586c6d3faf642c560141f4c465b79112b101c0d8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 543, 'cards', '\x0a01000000000000001701000000000000000301000000000000000a020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3832333832355a', '\xb9871be6dd5147e05a2dea55786918d14878b2921d989c10059e58ae8e9bff75', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 544, 'cards', '\x0a01000000000000001701000000000000000401000000000000000902000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3832373831395a', '\xc53b441595b8b7de278d4a1d39f176afc82111882a6a760d6cb92058734aa087', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 545, 'decisions', '\x050100000000000000170100000000000000050100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3833313833345a', '\xe7ad7d5d17f32dac2dc53fcd9e3a662cde9a19e8448cd863d95333897093184a', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 546, 'cards', '\x0a010000000000000017010000000000000006010000000000000009020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3833333636395a', '\x3b74ace0c688c13b18323b45e37738b64b636a1fb39c2a4a2b1160abf04762e8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 547, 'decisions', '\x050100000000000000170100000000000000070100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3833353831315a', '\x0961c3a37e53c4d6149cb8b3fc3f2834c76c23bc2de46baff9f42374c9305659', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 548, 'cards', '\x0a010000000000000017010000000000000008010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3833383131345a', '\xbfb95ee32c963d1ce0fdf45e24369ccc2703e0cbea203d1f0b1439baaebc9098', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 549, 'decisions', '\x050100000000000000170100000000000000090100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3833393830375a', '\xd97a08b1011e24900331f1caa7f9923a01dafa8976eb9b8e48da65c009b0d43f', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 550, 'cards', '\x0a01000000000000001701000000000000000a010000000000000003020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3834333831375a', '\x4a276b28cfd26ef39d1bb59ae8ff66a47f1f8b04821cd34e02df878a2ab128ca', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 551, 'cards', '\x0a01000000000000001701000000000000000b01000000000000000802000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3834373832315a', '\x061d1ec49166b7466f6ed0776974de0877da9426ea78aeea9fb40dc191fe99f6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 552, 'decisions', '\x0501000000000000001701000000000000000c0100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3835303330365a', '\x74d6aed546858be73b97e66929d1d60f8fecdf7d9b981bd3ea1dd809b12804b4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 553, 'cards', '\x0a01000000000000001701000000000000000d010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3835353937325a', '\xf7fd625a95125f1bf5a254b23cde36f0f85e7dd8b26b38779848f07ceb91c1b4', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 554, 'decisions', '\x0501000000000000001701000000000000000e0100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3835363437385a', '\x572898ea83035d4bfad501a0eabe84f6a199ffc954a049afe705956e6ff61386', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 555, 'cards', '\x0a01000000000000001701000000000000000f01000000000000000a020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3835363734345a', '\x8e4c6ed2f40c1e7f109e7ee2225e5eec6126f9e9e00ff2645889d568031de3eb', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 556, 'decisions', '\x050100000000000000170100000000000000100100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3835393134375a', '\xefbef950b259728f6e273c99d3642c4936172df7f511e6777c788af7589cafb6', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 557, 'cards', '\x0a010000000000000017010000000000000011010000000000000009020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3835393739365a', '\xa5ab81b050a6b2490d5b131e8e6a6118853550dc33e7ac5915d450bee6f05c48', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 558, 'cards', '\x0a01000000000000001701000000000000001201000000000000000602000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3836313731315a', '\x99528c5e86d4b55b9bb285c3b80a21865a046b8788eac24f3b424cbfe4530f80', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 559, 'decisions', '\x050100000000000000170100000000000000130100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3836373832385a', '\x9d84d338e3ac744f36fa9bec55b44b81882874cc73179d74ef986c74ac5232e2', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 560, 'cards', '\x0a01000000000000001701000000000000001401000000000000000a020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3836383730305a', '\x588214f662d1419bc0de423c593db19b58cb5ec8144a4f12d4e11d463aeadbd8', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 561, 'decisions', '\x050100000000000000170100000000000000150100000000000000010200000004666f6c64020000001b323032362d31312d32395431393a31383a35332e3837313835355a', '\x2ff069f227692c914e8955b2d09d22f7212202b9ceb13e6b7ee0d6b8f980d502', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 562, 'cards', '\x0a01000000000000001701000000000000001601000000000000000402000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3837353830325a', '\x7ab37c16c2a6598563236d737a8af12dbe0a4e01e26227576b285f89f90073e7', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 563, 'decisions', '\x050100000000000000170100000000000000170100000000000000020200000004666f6c64020000001b323032362d31312d32395431393a31383a35332e3837393833315a', '\x8f3d3675c3a5ad38f3ed04fbcd6672e96081d6331433a623bb8bcf9e703496c1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 564, 'transfers', '\x0801000000000000001701000000000000000102000000067365617420310200000005686f7573650100000000000000030200000008666f6c645f66656501000000000000000300', '\x1f301410b7a0c7ad763d1724e4fdf45f7a9e2ec4a1b86a793be73348c77d82f9', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 565, 'transfers', '\x0801000000000000001701000000000000000202000000067365617420320200000005686f7573650100000000000000080200000008666f6c645f66656501000000000000000400', '\x8cc5b5e38791c183b92d6b7282361cf4d1af21dd65111cea27425d2499dc5227', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 566, 'transfers', '\x0801000000000000001701000000000000000302000000067365617420330200000005686f7573650100000000000000640200000009706169725f6c6f737301000000000000000a00', '\x6c17a90c8ef0e0d0999996273c40d461698b58450369485d512759e9128bb842', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 567, 'checkpoints', '\x06020000000568616e647301000000000000023603000000206c17a90c8ef0e0d0999996273c40d461698b58450369485d512759e9128bb8420300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa79030000004022008dcd30232947eee743c2ea1ce1a038a0051ec7be56d8efe026fb35179ca301e9112db763c8d46cdc6530789d7967cb5170df3d258468c01d299c3a346b0a020000001b323032362d31312d32395431393a31383a35332e3838333330325a', '\x2b839c1508a509927ae9634addb76d123df8fd031f4308f75317718b1b512538', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 568, 'hands', '\x0f0100000000000000180100000000000000010100000000000000010100000000000000010100000000000000010200000006726f636b6574010000000000000001020000004032653233366262333564626433623034366161393234613334633939373831333731393030363232663064643930393839633232626134653065633733396262020000000f313a313020323a323020333a3130300100000000000000020100000000000000010100000000000000000200000008636f6d706c657465020000001b323032362d31312d32395431393a31383a35332e3932383438355a020000001b323032362d31312d32395431393a31383a35332e3935363238375a', '\xa57173379e16382313a28fcbf4c2b5815feb5e3a05bb824e2d457352a60d2e6e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 569, 'cards', '\x0a010000000000000018010000000000000001010000000000000008020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3932393034365a', '\x80580abcad42e6a8e94621f430a4dcf19a83222f1e09cadffcaab20a57cd369b', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 570, 'cards', '\x0a010000000000000018010000000000000002010000000000000008020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3933313832305a', '\xf2f9e45fba174f9b913216964d9e44ddbfefbe3f86f69f334d9f4c0032b7f3ca', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 571, 'cards', '\x0a010000000000000018010000000000000003010000000000000009020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3933323333325a', '\x1fad3b3516cec25a483a3f5478d841ccdde33e89480ffe17057d5aff2e6e1766', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 572, 'cards', '\x0a01000000000000001801000000000000000401000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3933353831355a', '\x7d41dd9d45b4bd608fd5e1317f3c6cca330e88e739755c82b5b10d64449965e0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 573, 'decisions', '\x050100000000000000180100000000000000050100000000000000010200000003686974020000001b323032362d31312d32395431393a31383a35332e3933363437325a', '\x42df04b92b5ff14de419325a073840d67f9129b9af44407f8eca60a64918c2f1', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 574, 'cards', '\x0a01000000000000001801000000000000000601000000000000000a020000000473656174010000000000000001010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3933383239395a', '\xb5cf603f280efea130621bc15d5f8a9854dd89016c8fea730b940eb9f821018e', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 575, 'decisions', '\x050100000000000000180100000000000000070100000000000000020200000003686974020000001b323032362d31312d32395431393a31383a35332e3934333833375a', '\x2c962f7b4314c90a9db274815e2090b232c4ab547c5957e08a2eaf0a4c9d1a8c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 576, 'cards', '\x0a010000000000000018010000000000000008010000000000000005020000000473656174010000000000000002010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3934343232335a', '\x58776fd89d78edae297d42ad4ee4a213b1404a68ef462ab6ad878d29da105ffc', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 577, 'decisions', '\x050100000000000000180100000000000000090100000000000000030200000003686974020000001b323032362d31312d32395431393a31383a35332e3934373834395a', '\x2ff51560bdb4cf0152a7bf153f73753010a15a0536c73dedfd93290bfa3e3363', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 578, 'cards', '\x0a01000000000000001801000000000000000a010000000000000008020000000473656174010000000000000003010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3935303433345a', '\x90ba6164d71d44b209ea859e3101e6a14c4ebd98f6553857347e5f15141d2aef', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 579, 'cards', '\x0a01000000000000001801000000000000000b01000000000000000a02000000066465616c657200010000000000000000020000000d736f6674776172655f73686f650000020000001b323032362d31312d32395431393a31383a35332e3935353834315a', '\xa3c6b372702e983fc6fa2f417016fb4ee3082bdc0f1f6aa836cbca8a28bedbe0', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 580, 'transfers', '\x080100000000000000180100000000000000010200000005686f757365020000000673656174203101000000000000000a02000000126465616c65725f706169725f7061796f757401000000000000000a00', '\x9f9feb8d6e5cefbd51dbbd7a97104f8f942f087d5267d2ac355bebbfc61a0dfe', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 581, 'transfers', '\x080100000000000000180100000000000000020200000005686f757365020000000673656174203201000000000000001402000000126465616c65725f706169725f7061796f757401000000000000000a00', '\xa0d57ebcd7c2a3562b9ecf4ae2d48e4b2ba3b2707485c57b5d217ce255adab2d', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 582, 'transfers', '\x080100000000000000180100000000000000030200000005686f757365020000000673656174203301000000000000006402000000126465616c65725f706169725f7061796f757401000000000000000a00', '\x8e86bd86e5af543600454ccf531a8e1e12b0f11a6da59eedc46f0861db212f3c', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 583, 'checkpoints', '\x06020000000568616e647301000000000000024603000000208e86bd86e5af543600454ccf531a8e1e12b0f11a6da59eedc46f0861db212f3c0300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040a3abe06872cac9572f8c3c2fde825c061b571944b075042c01a6662659235e313920e8e888f3ebed21dd36e72a295ce761af0dbea20e466641e9abd7cb317d00020000001b323032362d31312d32395431393a31383a35332e3935363239345a', '\x548522af7559d3e85e1c91e96097cede2410431bd5f705736d6a56dde2d48996', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 584, 'seatings', '\x060100000000000000010100000000000000010200000005432d3131310200000006756e73656174010000000000000001020000001b323032362d31312d32395431393a31383a35332e3936303236325a', '\xcfdeaeaa66705c1d5cf9df83057caeaa428a4d337976c8ebab0834c547b02251', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 585, 'shift_closes', '\x03010000000000000001010000000000000001020000001b323032362d31312d32395431393a31383a35332e3936303434355a', '\x6d9bbc6479b018c95ddd282f9ac3741e4388a685648cff87cd6a5fa19fc4b990', '2026-11-29 19:19:00.725765+00');
INSERT INTO floor.chain_rows VALUES ('old station', 586, 'checkpoints', '\x06020000000873656174696e677301000000000000024903000000206d9bbc6479b018c95ddd282f9ac3741e4388a685648cff87cd6a5fa19fc4b9900300000020cab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa790300000040c0d17ee9138fa639016163b4ce0f83b09753be268fe500644ed2395e1799ed76c43d113524b574e5084cf0151ce4ab0a761a48cf4d0c686ce9599e4405116b09020000001b323032362d31312d32395431393a31383a35332e3936303434375a', '\xffc919d1ee6a56d888aa4671939f8dd52e8f6212332607d9493f70d864df07ae', '2026-11-29 19:19:00.725765+00');


--
-- Data for Name: first_pit_bosses; Type: TABLE DATA; Schema: floor; Owner: -
--



--
-- Data for Name: hands_in_progress; Type: TABLE DATA; Schema: floor; Owner: -
--



--
-- Data for Name: protection_settings; Type: TABLE DATA; Schema: floor; Owner: -
--



--
-- Data for Name: quarantined_rows; Type: TABLE DATA; Schema: floor; Owner: -
--



--
-- Data for Name: settings; Type: TABLE DATA; Schema: floor; Owner: -
--

INSERT INTO floor.settings VALUES (true, 5, 120);


--
-- Data for Name: stations; Type: TABLE DATA; Schema: floor; Owner: -
--

INSERT INTO floor.stations VALUES ('old station', 'corpus_floor_v11_st1_old_station', '\xcab83ed25c1d010aa07262f33cce72e479fa7dfe78e23948d1ecd8a346ddfa79', '2026-11-29 19:18:55.350275+00', 586, '\xffc919d1ee6a56d888aa4671939f8dd52e8f6212332607d9493f70d864df07ae', 586, '2026-11-29 19:19:00.725765+00', 586, 7, '\x0401000000000000000102000000096f6c64207461626c650200000006726f636b6574020000001b323032362d31312d32395431393a31383a35312e3636303234305a', '\x0401000000000000000102000000096f6c64207461626c650200000006726f636b6574020000001b323032362d31312d32395431393a31383a35312e3636303234305a', NULL, NULL, '2026-11-29 19:19:00.725035+00');


--
-- Data for Name: table_places; Type: TABLE DATA; Schema: floor; Owner: -
--



--
-- Data for Name: floor_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.floor_schema_version VALUES (11);


--
-- Name: alarms_id_seq; Type: SEQUENCE SET; Schema: floor; Owner: -
--

SELECT pg_catalog.setval('floor.alarms_id_seq', 1, false);


--
-- Name: protection_settings_id_seq; Type: SEQUENCE SET; Schema: floor; Owner: -
--

SELECT pg_catalog.setval('floor.protection_settings_id_seq', 1, false);


--
-- Name: alarms alarms_pkey; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.alarms
    ADD CONSTRAINT alarms_pkey PRIMARY KEY (id);


--
-- Name: chain_rows chain_rows_pkey; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.chain_rows
    ADD CONSTRAINT chain_rows_pkey PRIMARY KEY (station, seq);


--
-- Name: first_pit_bosses first_pit_bosses_pkey; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.first_pit_bosses
    ADD CONSTRAINT first_pit_bosses_pkey PRIMARY KEY (station);


--
-- Name: hands_in_progress hands_in_progress_pkey; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.hands_in_progress
    ADD CONSTRAINT hands_in_progress_pkey PRIMARY KEY (station);


--
-- Name: protection_settings protection_settings_pkey; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.protection_settings
    ADD CONSTRAINT protection_settings_pkey PRIMARY KEY (id);


--
-- Name: settings settings_pkey; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (only_row);


--
-- Name: stations stations_pkey; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.stations
    ADD CONSTRAINT stations_pkey PRIMARY KEY (station);


--
-- Name: stations stations_role_name_key; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.stations
    ADD CONSTRAINT stations_role_name_key UNIQUE (role_name);


--
-- Name: table_places table_places_pit_place_row_place_column_key; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.table_places
    ADD CONSTRAINT table_places_pit_place_row_place_column_key UNIQUE (pit, place_row, place_column);


--
-- Name: table_places table_places_pkey; Type: CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.table_places
    ADD CONSTRAINT table_places_pkey PRIMARY KEY (station);


--
-- Name: alarms_raised_at; Type: INDEX; Schema: floor; Owner: -
--

CREATE INDEX alarms_raised_at ON floor.alarms USING btree (raised_at);


--
-- Name: chain_rows_tables; Type: INDEX; Schema: floor; Owner: -
--

CREATE INDEX chain_rows_tables ON floor.chain_rows USING btree (station, seq) WHERE (table_name = 'tables'::text);


--
-- Name: stations_public_key; Type: INDEX; Schema: floor; Owner: -
--

CREATE UNIQUE INDEX stations_public_key ON floor.stations USING btree (public_key) WHERE (public_key IS NOT NULL);


--
-- Name: chain_rows chain_rows_unalterable; Type: TRIGGER; Schema: floor; Owner: -
--

CREATE TRIGGER chain_rows_unalterable BEFORE DELETE OR UPDATE ON floor.chain_rows FOR EACH ROW EXECUTE FUNCTION floor.unalterable();


--
-- Name: chain_rows chain_rows_untruncatable; Type: TRIGGER; Schema: floor; Owner: -
--

CREATE TRIGGER chain_rows_untruncatable BEFORE TRUNCATE ON floor.chain_rows FOR EACH STATEMENT EXECUTE FUNCTION floor.unalterable();


--
-- Name: first_pit_bosses first_pit_bosses_unalterable; Type: TRIGGER; Schema: floor; Owner: -
--

CREATE TRIGGER first_pit_bosses_unalterable BEFORE DELETE OR UPDATE ON floor.first_pit_bosses FOR EACH ROW EXECUTE FUNCTION floor.unalterable();


--
-- Name: alarms floor_alarms_unalterable; Type: TRIGGER; Schema: floor; Owner: -
--

CREATE TRIGGER floor_alarms_unalterable BEFORE DELETE OR UPDATE ON floor.alarms FOR EACH ROW EXECUTE FUNCTION floor.unalterable();


--
-- Name: protection_settings protection_settings_recorded; Type: TRIGGER; Schema: floor; Owner: -
--

CREATE TRIGGER protection_settings_recorded BEFORE DELETE OR UPDATE ON floor.protection_settings FOR EACH ROW EXECUTE FUNCTION floor.protection_settings_recorded();


--
-- Name: protection_settings protection_settings_untruncatable; Type: TRIGGER; Schema: floor; Owner: -
--

CREATE TRIGGER protection_settings_untruncatable BEFORE TRUNCATE ON floor.protection_settings FOR EACH STATEMENT EXECUTE FUNCTION floor.protection_settings_recorded();


--
-- Name: quarantined_rows quarantined_rows_unalterable; Type: TRIGGER; Schema: floor; Owner: -
--

CREATE TRIGGER quarantined_rows_unalterable BEFORE DELETE OR UPDATE ON floor.quarantined_rows FOR EACH ROW EXECUTE FUNCTION floor.unalterable();


--
-- Name: stations stations_undeletable; Type: TRIGGER; Schema: floor; Owner: -
--

CREATE TRIGGER stations_undeletable BEFORE DELETE OR TRUNCATE ON floor.stations FOR EACH STATEMENT EXECUTE FUNCTION floor.stations_kept();


--
-- Name: alarms alarms_station_fkey; Type: FK CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.alarms
    ADD CONSTRAINT alarms_station_fkey FOREIGN KEY (station) REFERENCES floor.stations(station);


--
-- Name: first_pit_bosses first_pit_bosses_station_fkey; Type: FK CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.first_pit_bosses
    ADD CONSTRAINT first_pit_bosses_station_fkey FOREIGN KEY (station) REFERENCES floor.stations(station);


--
-- Name: hands_in_progress hands_in_progress_station_fkey; Type: FK CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.hands_in_progress
    ADD CONSTRAINT hands_in_progress_station_fkey FOREIGN KEY (station) REFERENCES floor.stations(station);


--
-- Name: quarantined_rows quarantined_rows_station_fkey; Type: FK CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.quarantined_rows
    ADD CONSTRAINT quarantined_rows_station_fkey FOREIGN KEY (station) REFERENCES floor.stations(station);


--
-- Name: table_places table_places_station_fkey; Type: FK CONSTRAINT; Schema: floor; Owner: -
--

ALTER TABLE ONLY floor.table_places
    ADD CONSTRAINT table_places_station_fkey FOREIGN KEY (station) REFERENCES floor.stations(station);


--
-- PostgreSQL database dump complete
--

\unrestrict ONUcTpwqz7hcv34EFgNc9ZOpw6EFuxWIJ6d6xSFfewlltuPNabcebb8Aos4Rd84

