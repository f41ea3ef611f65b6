-- Floor schema version 3: the floor may name a station's first pit boss
-- (docs/floor.md, "The first pit boss from the floor"), so that the person
-- at a new station does not type who they are: only their PIN, which the
-- floor never sees.
CREATE TABLE floor.first_pit_bosses (
    station   text PRIMARY KEY REFERENCES floor.stations (station),
    staff_id  integer NOT NULL CHECK (staff_id > 0),
    name      text NOT NULL CHECK (name <> ''),
    named_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER first_pit_bosses_unalterable BEFORE UPDATE OR DELETE ON floor.first_pit_bosses
    FOR EACH ROW EXECUTE FUNCTION floor.unalterable();

-- The calling station's first pit boss, if the floor names one.
CREATE FUNCTION floor.first_pit_boss(OUT staff_id integer, OUT name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
    SELECT f.staff_id, f.name
      FROM floor.first_pit_bosses f JOIN floor.stations s ON s.station = f.station
     WHERE s.role_name = session_user
$$;
REVOKE ALL ON FUNCTION floor.first_pit_boss() FROM PUBLIC;
REVOKE ALL ON floor.first_pit_bosses FROM PUBLIC;
