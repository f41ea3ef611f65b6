-- Floor schema version 11: the hand being dealt now (docs/floor.md, "The
-- hand in progress"; issue 30, item 9).
--
-- A hand in progress lives in the station's journal, outside the chain,
-- and reaches the chain only when it is committed. For the pit, the
-- station also publishes it as it goes: one row per station, replaced at
-- every step and deleted when the hand is committed (or the station finds
-- no hand in progress when it starts). It is
-- never a record: no chain row, no replica, no report and no figure reads
-- it. Its payload is signed by the station's key (docs/floor.md gives
-- the bytes), which the floor cannot check (PostgreSQL has no Ed25519):
-- the pit checks it against the key enrolled in floor.stations before it
-- shows anything. A station writes only its own row, through
-- floor.publish_hand, as floor.heartbeat writes only its own.

CREATE TABLE floor.hands_in_progress (
    station     text PRIMARY KEY REFERENCES floor.stations (station),
    payload     bytea NOT NULL CHECK (octet_length(payload) <= 16384),
    signature   bytea NOT NULL CHECK (octet_length(signature) = 64),
    received_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON floor.hands_in_progress FROM PUBLIC;

-- The calling station's hand in progress: its payload and signature
-- replace the station's row (received now, by the floor's clock); a NULL
-- payload deletes it (no hand in progress). Finds the station by
-- session_user, so no station can write another's row; waits at most 2 s
-- for the row's lock. Tells the pit on `floor_live`, NAME.
CREATE FUNCTION floor.publish_hand(payload bytea, signature bytea) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog SET lock_timeout = '2s' AS $$
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
REVOKE ALL ON FUNCTION floor.publish_hand(bytea, bytea) FROM PUBLIC;
