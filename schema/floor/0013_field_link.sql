-- Floor schema version 13: a link the pit can trust in the field
-- (docs/floor.md, "The station's link", "The verifier's check-in";
-- issue 43, items 1, 3 and 4).
--
-- 1. The verifier checks in. It is a process of its own; when it stops,
--    nothing shipped is counted and the pit shows old figures. It now
--    records in floor.verifier_checkins every few seconds that it is
--    running, and `floor status`, the pit and the floor report say so when
--    it has not for 30 s.
-- 3. Stations heartbeat every 5 s and their appends give up on a lock
--    after 5 s, so a station whose appends wait or fail is seen within
--    seconds: its lag is unknown once three heartbeats are missed.
-- 4. Heartbeats are signed. A heartbeat answers a challenge the floor set
--    for the station (one use each) and carries the station key's
--    signature over the station, the challenge, its file's length, its
--    clock and its link's state (docs/floor.md gives the bytes).
--    PostgreSQL cannot check Ed25519, so the floor keeps what was signed
--    and `floor status` and the pit check it against the enrolled key
--    before they believe a lag: a heartbeat sent with a station's password
--    alone is an alarm, never "lag 0". An unsigned heartbeat (a station of
--    an older pairs-table) is refused with a sentence, and an append no
--    longer counts as contact (anyone with the password could append
--    nothing), so only a signed heartbeat says how far behind a station is.

-- The verifier's check-ins: one row, the latest.
CREATE TABLE floor.verifier_checkins (
    only_row      boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    checked_in_at timestamptz NOT NULL,
    started_at    timestamptz NOT NULL,
    host          text NOT NULL CHECK (octet_length(host) <= 255),
    pid           integer NOT NULL
);
REVOKE ALL ON floor.verifier_checkins FROM PUBLIC;

-- The running verifier checks in (the owner's connection): when it
-- started and its process id; its address is the connection's, as the
-- server sees it. The pit hears of it on `floor_rows` (an empty payload)
-- when the verifier was absent (no check-in for 30 s, or never): its
-- banner goes.
CREATE FUNCTION floor.verifier_check_in(started timestamptz, pid integer) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    was timestamptz;
BEGIN
    SELECT v.checked_in_at INTO was FROM floor.verifier_checkins v FOR UPDATE;
    INSERT INTO floor.verifier_checkins AS v (checked_in_at, started_at, host, pid)
    VALUES (now(), started, coalesce(host(inet_client_addr()), 'this server (local socket)'),
            verifier_check_in.pid)
    ON CONFLICT (only_row) DO UPDATE
       SET checked_in_at = excluded.checked_in_at, started_at = excluded.started_at,
           host = excluded.host, pid = excluded.pid;
    IF was IS NULL OR was < now() - interval '30 seconds' THEN
        PERFORM pg_notify('floor_rows', '');
    END IF;
END $$;
REVOKE ALL ON FUNCTION floor.verifier_check_in(timestamptz, integer) FROM PUBLIC;

-- A station suspended for a flood of rows its key did not sign (item 5,
-- below): when and why.
ALTER TABLE floor.stations
    ADD COLUMN suspended_at timestamptz,
    ADD COLUMN suspended_why text;

-- What the station's last heartbeat told and signed.
ALTER TABLE floor.stations
    ADD COLUMN beat_challenge bytea,
    ADD COLUMN beat_signed_challenge bytea,
    ADD COLUMN beat_file_rows bigint,
    ADD COLUMN beat_clock text,
    ADD COLUMN beat_signature bytea;

-- The calling station's name and the challenge its next heartbeat must
-- answer (16 random bytes, set now if none is waiting).
CREATE FUNCTION floor.heartbeat_challenge(OUT station text, OUT challenge bytea)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog SET lock_timeout = '2s' AS $$
BEGIN
    SELECT s.station, s.beat_challenge INTO station, challenge
      FROM floor.stations s WHERE s.role_name = session_user FOR UPDATE;
    IF station IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    IF challenge IS NULL THEN
        challenge := uuid_send(gen_random_uuid());
        UPDATE floor.stations s SET beat_challenge = challenge WHERE s.station = heartbeat_challenge.station;
    END IF;
END $$;
REVOKE ALL ON FUNCTION floor.heartbeat_challenge() FROM PUBLIC;

-- The calling station's signed heartbeat: the challenge it answers, its
-- file's length, the failure it last met (NULL: its last attempt went
-- through; at most 500 bytes), its clock as it signed it (RFC 3339) and
-- the signature. Refused unless it answers the challenge waiting (each
-- is used once, so a heartbeat cannot be replayed) and carries a
-- signature of 64 bytes; whether the signature holds is checked by its
-- readers against the enrolled key. Returns the station's head. Writes
-- only the station's own row; the pit hears of it (`floor_rows`) when
-- what it shows changes.
CREATE FUNCTION floor.signed_heartbeat(challenge bytea, told_rows bigint, told_failure text,
                                       told_clock text, signature bytea) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog SET lock_timeout = '2s' AS $$
DECLARE
    st text;
    waiting bytea;
    was_failure text;
    was_rows bigint;
    was_heard timestamptz;
    was_signature bytea;
    h_seq bigint;
    clock timestamptz;
BEGIN
    SELECT s.station, s.beat_challenge, s.link_failure, s.file_rows, s.last_contact,
           s.beat_signature, s.head_seq
      INTO st, waiting, was_failure, was_rows, was_heard, was_signature, h_seq
      FROM floor.stations s WHERE s.role_name = session_user FOR UPDATE;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    IF signature IS NULL OR octet_length(signature) <> 64 THEN
        RAISE EXCEPTION 'the heartbeat of station % is not signed: a heartbeat carries the station key''s signature', st;
    END IF;
    IF waiting IS NULL OR challenge IS DISTINCT FROM waiting THEN
        RAISE EXCEPTION 'the heartbeat of station % answers no challenge the floor is waiting on (each is used once): ask for a new one', st;
    END IF;
    IF told_rows IS NULL OR told_rows < 0 THEN
        RAISE EXCEPTION 'the heartbeat of station % gives no length for its file', st;
    END IF;
    IF octet_length(told_failure) > 500 THEN
        RAISE EXCEPTION 'the heartbeat of station % tells a failure of % bytes: at most 500', st, octet_length(told_failure);
    END IF;
    IF told_clock IS NULL OR octet_length(told_clock) > 40 THEN
        RAISE EXCEPTION 'the heartbeat of station % gives no clock', st;
    END IF;
    BEGIN
        clock := told_clock::timestamptz;
    EXCEPTION WHEN others THEN
        RAISE EXCEPTION 'the heartbeat of station % gives a clock that is not a time', st;
    END;
    UPDATE floor.stations s
       SET file_rows = greatest(told_rows, h_seq), last_contact = now(),
           link_failure = told_failure,
           link_failing_since = CASE WHEN told_failure IS NULL THEN NULL
                                     ELSE coalesce(s.link_failing_since, now()) END,
           station_clock = clock,
           beat_challenge = uuid_send(gen_random_uuid()),
           beat_signed_challenge = challenge, beat_file_rows = told_rows,
           beat_clock = told_clock, beat_signature = signature
     WHERE s.station = st;
    -- The lag shown changes, not merely the length: a shipment's own
    -- heartbeat (lag 0 before and after) tells the pit nothing new.
    PERFORM floor.note_clock(st, clock);
    IF told_failure IS DISTINCT FROM was_failure
       OR greatest(told_rows - h_seq, 0) <> greatest(was_rows - h_seq, 0)
       OR was_heard IS NULL
       OR was_signature IS NULL
       OR was_heard < now() - interval '15 seconds' THEN
        PERFORM pg_notify('floor_rows', st);
    END IF;
    RETURN h_seq;
END $$;
REVOKE ALL ON FUNCTION floor.signed_heartbeat(bytea, bigint, text, text, bytea) FROM PUBLIC;

-- The unsigned heartbeat of versions 8 to 12 is refused in a sentence
-- that names both sides' versions.
CREATE OR REPLACE FUNCTION floor.heartbeat(file_rows bigint, failure text, station_clock timestamptz) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
BEGIN
    RAISE EXCEPTION 'this floor (schema 13) takes only heartbeats signed by the station''s key, and this station''s pairs-table (floor schema 12 or older) sends unsigned ones: upgrade the station';
END $$;

-- append_batch of version 8, no longer counted as the station's contact
-- (its file's length, its clock, its link's state: a signed heartbeat
-- tells those), and giving up after 5 s waiting for the station's row.
CREATE OR REPLACE FUNCTION floor.append_batch(seqs bigint[], tables text[], payloads bytea[], hashes bytea[],
                                              file_rows bigint, station_clock timestamptz,
                                              OUT head bigint, OUT added bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog SET lock_timeout = '5s' AS $$
DECLARE
    st text;
    h_seq bigint;
    h_hash bytea;
    bad bigint;
    t_seq bigint;
    t_row bytea;
    suspended text;
    n integer := coalesce(array_length(seqs, 1), 0);
BEGIN
    SELECT s.station, s.head_seq, s.head_hash, s.suspended_why INTO st, h_seq, h_hash, suspended
      FROM floor.stations s WHERE s.role_name = session_user FOR UPDATE;
    IF st IS NULL THEN
        RAISE EXCEPTION 'the role % is not an enrolled station', session_user;
    END IF;
    IF suspended IS NOT NULL THEN
        RAISE EXCEPTION 'station % is suspended and ships nothing until the owner resumes it: %', st, suspended;
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
        UPDATE floor.stations s
           SET head_seq = h_seq, head_hash = h_hash,
               table_seq = coalesce(t_seq, s.table_seq),
               table_row = CASE WHEN t_seq IS NULL THEN s.table_row ELSE t_row END
         WHERE s.station = st;
        PERFORM pg_notify('floor_shipped', st);
    END IF;
    head := h_seq;
END $$;

-- The calling station's rows on the floor, provisional ones included (up
-- to its head, not only its verified head): what `floor verify --db`
-- compares its file with.
CREATE FUNCTION floor.own_shipped_rows(after bigint, lim integer)
RETURNS TABLE (seq bigint, table_name text, payload bytea, hash bytea)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
    SELECT c.seq, c.table_name, c.payload, c.hash
      FROM floor.chain_rows c JOIN floor.stations s ON s.station = c.station
     WHERE s.role_name = session_user AND c.seq > after AND c.seq <= s.head_seq
     ORDER BY c.seq LIMIT lim
$$;
REVOKE ALL ON FUNCTION floor.own_shipped_rows(bigint, integer) FROM PUBLIC;

-- 5. Bounded under a flood (issue 43, item 5). With one station's
-- password, anyone can ship rows that chain but that no checkpoint of the
-- station's key signs: the verifier quarantines them, but the quarantine
-- and the alarms grew without bound. Now:
-- * the quarantine keeps at most 10,000 rows or 16 MiB per station; past
--   that, only a count and a running hash of what was taken off
--   (floor.quarantine_overflow), and the station is suspended: its
--   appends are refused until the owner resumes it (`floor resume`);
-- * alarms of one cause at one station within 24 hours are one alarm and
--   a count (floor.alarm_repeats), not one row each.

CREATE TABLE floor.quarantine_overflow (
    station     text PRIMARY KEY REFERENCES floor.stations (station),
    rows        bigint NOT NULL,
    bytes       bigint NOT NULL,
    digest      bytea NOT NULL,
    first_at    timestamptz NOT NULL,
    last_at     timestamptz NOT NULL
);
REVOKE ALL ON floor.quarantine_overflow FROM PUBLIC;

ALTER TABLE floor.alarms ADD COLUMN cause text;

-- How many more times an alarm's cause came up at its station, and when
-- last (the alarm itself stays as first raised).
CREATE TABLE floor.alarm_repeats (
    alarm_id       bigint PRIMARY KEY REFERENCES floor.alarms (id),
    repeats        bigint NOT NULL,
    last_raised_at timestamptz NOT NULL
);
REVOKE ALL ON floor.alarm_repeats FROM PUBLIC;

-- Raises `message` at station `st`, or counts it against the alarm of the
-- same `cause` raised there in the last 24 hours.
CREATE FUNCTION floor.raise_alarm(st text, alarm_cause text, message text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    earlier bigint;
BEGIN
    SELECT a.id INTO earlier FROM floor.alarms a
     WHERE a.station = st AND a.cause = alarm_cause AND a.raised_at > now() - interval '24 hours'
     ORDER BY a.raised_at DESC, a.id DESC LIMIT 1;
    IF earlier IS NULL THEN
        INSERT INTO floor.alarms (station, message, cause) VALUES (st, left(message, 1000), alarm_cause);
    ELSE
        INSERT INTO floor.alarm_repeats AS r (alarm_id, repeats, last_raised_at)
        VALUES (earlier, 1, now())
        ON CONFLICT (alarm_id) DO UPDATE SET repeats = r.repeats + 1, last_raised_at = now();
    END IF;
END $$;
REVOKE ALL ON FUNCTION floor.raise_alarm(text, text, text) FROM PUBLIC;

-- quarantine_tail of version 7, bounded: rows past the station's cap are
-- counted and hashed, not kept, and the station is then suspended; its
-- alarm is raised once a day per station, then counted.
CREATE OR REPLACE FUNCTION floor.quarantine_tail(st text, after bigint, reason text) RETURNS bigint
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    v_seq bigint;
    h_seq bigint;
    moved bigint;
    kept_rows bigint;
    kept_bytes bigint;
    room_rows bigint;
    room_bytes bigint;
    over_rows bigint;
    over_bytes bigint;
    over_digest bytea;
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
    SELECT count(*), coalesce(sum(octet_length(q.payload)), 0) INTO kept_rows, kept_bytes
      FROM floor.quarantined_rows q WHERE q.station = st;
    room_rows := greatest(10000 - kept_rows, 0);
    room_bytes := greatest(16777216 - kept_bytes, 0);
    -- Kept whole while there is room (in order, within both caps).
    INSERT INTO floor.quarantined_rows (station, seq, table_name, payload, hash, received_at, reason)
    SELECT k.station, k.seq, k.table_name, k.payload, k.hash, k.received_at, reason
      FROM (SELECT c.*, row_number() OVER w AS n, sum(octet_length(c.payload)) OVER w AS b
              FROM floor.chain_rows c WHERE c.station = st AND c.seq > after
            WINDOW w AS (ORDER BY c.seq)) k
     WHERE k.n <= room_rows AND k.b <= room_bytes;
    GET DIAGNOSTICS moved = ROW_COUNT;
    -- The rest: a count, their bytes and a running hash of their hashes.
    SELECT count(*), coalesce(sum(octet_length(c.payload)), 0),
           sha256(string_agg(c.hash, ''::bytea ORDER BY c.seq))
      INTO over_rows, over_bytes, over_digest
      FROM floor.chain_rows c WHERE c.station = st AND c.seq > after + moved;
    IF over_rows > 0 THEN
        INSERT INTO floor.quarantine_overflow AS o (station, rows, bytes, digest, first_at, last_at)
        VALUES (st, over_rows, over_bytes, over_digest, now(), now())
        ON CONFLICT (station) DO UPDATE
           SET rows = o.rows + excluded.rows, bytes = o.bytes + excluded.bytes,
               digest = sha256(o.digest || excluded.digest), last_at = now();
        UPDATE floor.stations s
           SET suspended_at = coalesce(s.suspended_at, now()),
               suspended_why = coalesce(s.suspended_why,
                   format('its quarantine is full (10000 rows or 16 MiB of rows no checkpoint of its key signs): someone with its password is shipping rows it did not sign; change its password, then `pairs-table floor resume --station %s`', st))
         WHERE s.station = st;
        moved := moved + over_rows;
    END IF;
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
    PERFORM floor.raise_alarm(st, 'quarantine',
        format('rows %s to %s shipped as station %s were quarantined: %s',
               after + 1, h_seq, st, left(reason, 500)));
    PERFORM pg_notify('floor_rows', st);
    RETURN moved;
END $$;

-- The owner resumes a suspended station (after changing its password).
CREATE FUNCTION floor.resume_station(st text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    was timestamptz;
BEGIN
    SELECT s.suspended_at INTO was FROM floor.stations s WHERE s.station = st FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no station % is enrolled on the floor', st;
    END IF;
    IF was IS NULL THEN
        RAISE EXCEPTION 'station % is not suspended', st;
    END IF;
    UPDATE floor.stations s SET suspended_at = NULL, suspended_why = NULL WHERE s.station = st;
    INSERT INTO floor.alarms (station, message, cause)
    VALUES (st, format('station %s, suspended since %s, was resumed by %s', st, was, session_user), 'resumed');
    PERFORM pg_notify('floor_rows', st);
END $$;
REVOKE ALL ON FUNCTION floor.resume_station(text) FROM PUBLIC;

-- 9. A clock off for a while, not only at the last contact (issue 43,
-- item 9): each stretch of signed heartbeats whose clock was beyond the
-- house's tolerance, by the floor's clock, with the worst difference; the
-- floor report lists those within its period, so a station that ran
-- hours ahead and came back in step is still named.
CREATE TABLE floor.clock_episodes (
    id                 bigserial PRIMARY KEY,
    station            text NOT NULL REFERENCES floor.stations (station),
    from_at            timestamptz NOT NULL,
    until_at           timestamptz NOT NULL,
    worst_skew_seconds bigint NOT NULL
);
CREATE INDEX clock_episodes_until ON floor.clock_episodes (until_at);
REVOKE ALL ON floor.clock_episodes FROM PUBLIC;

-- Records the calling heartbeat's clock against the floor's: a difference
-- beyond the tolerance extends the station's episode of the last 10
-- minutes, or starts one.
CREATE FUNCTION floor.note_clock(st text, clock timestamptz) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    skew bigint := round(extract(epoch FROM clock - now()))::bigint;
    open_id bigint;
BEGIN
    IF abs(skew) <= (SELECT f.clock_tolerance_seconds FROM floor.settings f) THEN
        RETURN;
    END IF;
    SELECT e.id INTO open_id FROM floor.clock_episodes e
     WHERE e.station = st AND e.until_at > now() - interval '10 minutes'
     ORDER BY e.until_at DESC LIMIT 1;
    IF open_id IS NULL THEN
        INSERT INTO floor.clock_episodes (station, from_at, until_at, worst_skew_seconds)
        VALUES (st, now(), now(), skew);
    ELSE
        UPDATE floor.clock_episodes e
           SET until_at = now(),
               worst_skew_seconds = CASE WHEN abs(skew) > abs(e.worst_skew_seconds) THEN skew
                                         ELSE e.worst_skew_seconds END
         WHERE e.id = open_id;
    END IF;
END $$;
REVOKE ALL ON FUNCTION floor.note_clock(text, timestamptz) FROM PUBLIC;
