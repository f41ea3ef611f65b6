-- Floor schema version 12: key changes are never silent, and the house's
-- settings take effect from the floor's own clock (docs/floor.md, "Key
-- changes" and "Game protection settings"; issue 43, items 6 and 7).
--
-- The floor counts a station's rows by the key enrolled for it in
-- floor.stations.public_key, which its owner can change with one UPDATE:
-- a chain rewritten and re-signed with a key of the owner's own, that key
-- swapped into the enrolment, then passed `floor verify`. Now every key a
-- station was ever enrolled with is kept, append-only, in
-- floor.station_keys: the key, since when (the floor's clock) and by which
-- role (session_user), recorded by triggers on floor.stations at enrolment
-- and at every change of the key, whoever makes it (the owner's own UPDATE
-- included). Every row of a station after its first is a key change, which
-- `floor verify`, `floor status` and the pit name as an alarm.
--
-- A protection setting (floor.protection_settings) and a table's place
-- (floor.table_places) carried whatever time, and author, the INSERT gave
-- them: a threshold dated in the past, in someone else's name, took
-- effect. Now their time is the floor's clock when they are recorded, and
-- the protection setting's author the role that recorded it and its id
-- the floor's sequence's, whatever the statement said.

CREATE TABLE floor.station_keys (
    id         bigserial PRIMARY KEY,
    station    text NOT NULL REFERENCES floor.stations (station),
    public_key bytea CHECK (public_key IS NULL OR octet_length(public_key) = 32),
    since      timestamptz NOT NULL,
    set_by     text NOT NULL
);
CREATE INDEX station_keys_station ON floor.station_keys (station, id);
REVOKE ALL ON floor.station_keys FROM PUBLIC;

-- Existing floors: each station's key as it stands, since the upgrade, by
-- the role that upgraded (what it was before is not known).
INSERT INTO floor.station_keys (station, public_key, since, set_by)
SELECT s.station, s.public_key, now(), session_user
  FROM floor.stations s WHERE s.public_key IS NOT NULL ORDER BY s.station;

-- Records the station's key as it now stands: at enrolment (a station
-- enrolled without a key records its first when it presents one) and at
-- every change, by whomever; a change is told to the pit at once
-- (`floor_rows`, the station's name).
CREATE FUNCTION floor.record_station_key() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    INSERT INTO floor.station_keys (station, public_key, since, set_by)
    VALUES (NEW.station, NEW.public_key, now(), session_user);
    IF TG_OP = 'UPDATE' THEN
        PERFORM pg_notify('floor_rows', NEW.station);
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION floor.record_station_key() FROM PUBLIC;

CREATE TRIGGER stations_key_enrolled AFTER INSERT ON floor.stations
    FOR EACH ROW WHEN (NEW.public_key IS NOT NULL)
    EXECUTE FUNCTION floor.record_station_key();
CREATE TRIGGER stations_key_changed AFTER UPDATE ON floor.stations
    FOR EACH ROW WHEN (OLD.public_key IS DISTINCT FROM NEW.public_key)
    EXECUTE FUNCTION floor.record_station_key();

-- A key is recorded only by the triggers above (an INSERT made by a
-- trigger runs at trigger depth 2), stamped with the floor's clock and
-- the session's role; nothing recorded is changed, deleted or truncated.
CREATE FUNCTION floor.station_keys_recorded() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF TG_OP = 'INSERT' AND pg_trigger_depth() >= 2 THEN
        NEW.since := now();
        NEW.set_by := session_user;
        RETURN NEW;
    ELSIF TG_OP = 'INSERT' THEN
        RAISE EXCEPTION 'a station''s keys are recorded only by its enrolment and by changes of floor.stations.public_key';
    END IF;
    RAISE EXCEPTION 'a station''s keys are a record: every key it was enrolled with stays on the floor';
END $$;
REVOKE ALL ON FUNCTION floor.station_keys_recorded() FROM PUBLIC;

CREATE TRIGGER station_keys_recorded BEFORE INSERT OR UPDATE OR DELETE ON floor.station_keys
    FOR EACH ROW EXECUTE FUNCTION floor.station_keys_recorded();
CREATE TRIGGER station_keys_untruncatable BEFORE TRUNCATE ON floor.station_keys
    FOR EACH STATEMENT EXECUTE FUNCTION floor.station_keys_recorded();

-- A protection setting takes effect when the floor records it, in the
-- name of the role that records it, and takes its place in the record
-- from the floor's sequence (the latest id is in force): an id the INSERT
-- chose, which could keep a row in force over every later one, is
-- replaced.
CREATE FUNCTION floor.protection_settings_stamped() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    ids text := pg_get_serial_sequence('floor.protection_settings', 'id');
    drawn bigint;
BEGIN
    BEGIN
        drawn := currval(ids);
    EXCEPTION WHEN object_not_in_prerequisite_state THEN
        drawn := NULL;
    END;
    IF NEW.id IS DISTINCT FROM drawn THEN
        NEW.id := nextval(ids);
    END IF;
    NEW.set_at := now();
    NEW.set_by := session_user;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION floor.protection_settings_stamped() FROM PUBLIC;

CREATE TRIGGER protection_settings_stamped BEFORE INSERT ON floor.protection_settings
    FOR EACH ROW EXECUTE FUNCTION floor.protection_settings_stamped();

-- A table is placed when the floor records its place.
CREATE FUNCTION floor.table_places_stamped() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    NEW.placed_at := now();
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION floor.table_places_stamped() FROM PUBLIC;

CREATE TRIGGER table_places_stamped BEFORE INSERT OR UPDATE ON floor.table_places
    FOR EACH ROW EXECUTE FUNCTION floor.table_places_stamped();
