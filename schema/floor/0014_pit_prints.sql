-- Floor schema version 14: a table's shift report printed at the pit
-- (docs/floor.md, "Printing at the pit"; issue 46, item 4).
--
-- A pit boss prints any table's shift report from the pit view (or
-- `floor print`) from the floor's verified copy of the station's chain.
-- The station's ledger is the station's: the pit cannot append to it, so
-- each such print is recorded here instead, numbered per table and shift
-- (floor copy 1, 2, ...), with what it was made from (the station's
-- verified head), who printed it and the SHA-256 of the PDF: where an
-- auditor finds every print made away from the table. Rows are added only
-- by floor.record_report_print, in the printing transaction, and are never
-- changed or deleted.

CREATE TABLE floor.report_prints (
    station         text NOT NULL REFERENCES floor.stations (station),
    table_id        bigint NOT NULL,
    shift_id        bigint NOT NULL,
    copy            integer NOT NULL CHECK (copy >= 1),
    shift_open      boolean NOT NULL,
    through_seq     bigint NOT NULL CHECK (through_seq >= 1),
    head_hash       bytea NOT NULL CHECK (octet_length(head_hash) = 32),
    printed_by      bigint NOT NULL,
    printed_by_name text NOT NULL CHECK (octet_length(printed_by_name) <= 200),
    pdf_sha256      bytea NOT NULL CHECK (octet_length(pdf_sha256) = 32),
    printed_at      timestamptz NOT NULL DEFAULT now(),
    printed_from    text NOT NULL DEFAULT session_user,
    PRIMARY KEY (station, table_id, shift_id, copy)
);
REVOKE ALL ON floor.report_prints FROM PUBLIC;

CREATE FUNCTION floor.report_prints_unalterable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'floor report prints are unalterable';
END $$;
CREATE TRIGGER report_prints_unalterable BEFORE UPDATE OR DELETE ON floor.report_prints
    FOR EACH ROW EXECUTE FUNCTION floor.report_prints_unalterable();
CREATE TRIGGER report_prints_untruncatable BEFORE TRUNCATE ON floor.report_prints
    FOR EACH STATEMENT EXECUTE FUNCTION floor.report_prints_unalterable();

-- The next floor copy of STATION's TABLE_ID and SHIFT_ID, and the floor's
-- time it will be recorded at: takes a lock held to the end of the
-- caller's transaction, so two pits printing the same shift get two
-- numbers. The caller records the print with floor.record_report_print in
-- the same transaction.
CREATE FUNCTION floor.next_report_copy(station text, table_id bigint, shift_id bigint,
                                       OUT copy integer, OUT printed_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog SET lock_timeout = '5s' AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM floor.stations s WHERE s.station = next_report_copy.station) THEN
        RAISE EXCEPTION 'there is no station % on the floor', next_report_copy.station;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('floor.report_prints'),
                                  hashtext(next_report_copy.station));
    SELECT coalesce(max(p.copy), 0) + 1 INTO copy FROM floor.report_prints p
     WHERE p.station = next_report_copy.station AND p.table_id = next_report_copy.table_id
       AND p.shift_id = next_report_copy.shift_id;
    printed_at := now();
END $$;
REVOKE ALL ON FUNCTION floor.next_report_copy(text, bigint, bigint) FROM PUBLIC;

-- Records a floor copy numbered by floor.next_report_copy in this
-- transaction: refused unless it is a station's verified rows it was made
-- from (THROUGH_SEQ at or below the station's verified head).
CREATE FUNCTION floor.record_report_print(station text, table_id bigint, shift_id bigint,
                                          copy integer, shift_open boolean, through_seq bigint,
                                          head_hash bytea, printed_by bigint,
                                          printed_by_name text, pdf_sha256 bytea)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    verified bigint;
BEGIN
    SELECT s.verified_seq INTO verified FROM floor.stations s
     WHERE s.station = record_report_print.station;
    IF verified IS NULL OR record_report_print.through_seq > verified THEN
        RAISE EXCEPTION 'a floor copy of station % is made from its verified rows only (through row %), not row %',
            record_report_print.station, coalesce(verified, 0), record_report_print.through_seq;
    END IF;
    INSERT INTO floor.report_prints (station, table_id, shift_id, copy, shift_open, through_seq,
                                     head_hash, printed_by, printed_by_name, pdf_sha256)
    VALUES (record_report_print.station, record_report_print.table_id,
            record_report_print.shift_id, record_report_print.copy,
            record_report_print.shift_open, record_report_print.through_seq,
            record_report_print.head_hash, record_report_print.printed_by,
            record_report_print.printed_by_name, record_report_print.pdf_sha256);
END $$;
REVOKE ALL ON FUNCTION floor.record_report_print(text, bigint, bigint, integer, boolean, bigint,
                                                 bytea, bigint, text, bytea) FROM PUBLIC;
