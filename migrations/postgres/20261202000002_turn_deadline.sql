-- The turn deadline of an open table as a column (see migrations/sqlite, same name): every
-- process finds the tables whose timer is due, also those another process opened.
ALTER TABLE tables ADD COLUMN turn_deadline BIGINT;
UPDATE tables SET turn_deadline = (snapshot::jsonb ->> 'turn_deadline')::BIGINT
WHERE status IN ('lobby', 'running');
CREATE INDEX tables_open_by_deadline ON tables (turn_deadline)
WHERE status IN ('lobby', 'running');

CREATE OR REPLACE VIEW table_moves AS
SELECT
    NULL::BIGINT AS table_id, NULL::TEXT AS chat, NULL::TEXT AS status, NULL::BIGINT AS prior,
    NULL::BIGINT AS version, NULL::TEXT AS snapshot, NULL::BIGINT AS at, NULL::BIGINT AS seq,
    NULL::TEXT AS actor, NULL::TEXT AS command, NULL::TEXT AS events, NULL::TEXT AS request_id,
    NULL::TEXT AS throws, NULL::BIGINT AS turn_deadline;

CREATE OR REPLACE FUNCTION table_moves_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE tables
    SET status = NEW.status, version = NEW.version, snapshot = NEW.snapshot, updated_at = NEW.at,
        turn_deadline = NEW.turn_deadline
    WHERE id = NEW.table_id AND version = NEW.prior;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'stale table' USING ERRCODE = 'serialization_failure';
    END IF;
    INSERT INTO table_log (table_id, seq, at, actor, command, events)
    VALUES (NEW.table_id, NEW.seq, NEW.at, NEW.actor, NEW.command, NEW.events);
    INSERT INTO throws (table_id, n, player, dice)
    SELECT NEW.table_id, (t ->> 'n')::BIGINT, t ->> 'player', t ->> 'dice'
    FROM jsonb_array_elements(COALESCE(NEW.throws, '[]')::jsonb) AS t;
    IF NEW.request_id IS NOT NULL THEN
        INSERT INTO requests (request_id, chat, at) VALUES (NEW.request_id, NEW.chat, NEW.at);
    END IF;
    RETURN NEW;
END;
$$;
