-- Floor schema version 15: a station's shipped rows as (seq, hash) alone,
-- for `floor verify --db` (docs/floor.md, `floor verify`), which reads
-- the floor's hashes against the file's own links. Unlike
-- own_shipped_rows, no payload is read and the station is looked up once,
-- so the rows come off the (station, seq) index in order, never sorted.
CREATE FUNCTION floor.own_shipped_hashes(after bigint, lim integer)
RETURNS TABLE (seq bigint, hash bytea)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
    SELECT c.seq, c.hash
      FROM floor.chain_rows c
     WHERE c.station = (SELECT s.station FROM floor.stations s WHERE s.role_name = session_user)
       AND c.seq > after
       AND c.seq <= (SELECT s.head_seq FROM floor.stations s WHERE s.role_name = session_user)
     ORDER BY c.seq LIMIT lim
$$;
REVOKE ALL ON FUNCTION floor.own_shipped_hashes(bigint, integer) FROM PUBLIC;
