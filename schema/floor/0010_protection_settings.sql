-- Floor schema version 10: the house's thresholds for marking a player
-- whose bets follow the edge (docs/game-protection.md, "The flag";
-- docs/floor.md, "Game protection settings"; issue 34, item 3).
--
-- A record, not a setting overwritten: `floor protection` (an owner's URL)
-- adds a row each time the thresholds change, with when and by which role;
-- the latest row is in force. A NULL value was never set: the program's
-- documented default holds (significance 0.001, 500 hands). The pit reads
-- it (SELECT, as every floor table) and hears of a change on `floor_rows`
-- (an empty payload: no station's rows).

CREATE TABLE floor.protection_settings (
    id            bigserial PRIMARY KEY,
    significance  double precision CHECK (significance > 0 AND significance < 1),
    minimum_hands bigint CHECK (minimum_hands BETWEEN 1 AND 1000000),
    set_at        timestamptz NOT NULL DEFAULT now(),
    set_by        text NOT NULL DEFAULT session_user
);
REVOKE ALL ON floor.protection_settings FROM PUBLIC;

CREATE FUNCTION floor.protection_settings_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the house''s protection settings are a record: set new ones with floor protection';
END $$;
REVOKE ALL ON FUNCTION floor.protection_settings_recorded() FROM PUBLIC;

CREATE TRIGGER protection_settings_recorded BEFORE UPDATE OR DELETE ON floor.protection_settings
    FOR EACH ROW EXECUTE FUNCTION floor.protection_settings_recorded();
CREATE TRIGGER protection_settings_untruncatable BEFORE TRUNCATE ON floor.protection_settings
    FOR EACH STATEMENT EXECUTE FUNCTION floor.protection_settings_recorded();
