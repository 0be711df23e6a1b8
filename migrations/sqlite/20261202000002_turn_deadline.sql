-- The turn deadline of an open table as a column (it is in the snapshot too), so a process
-- finds the tables whose timer is due without reading every snapshot — also those another
-- process opened (several processes share one PostgreSQL database; SQLite keeps the same
-- schema). A move stores it with the snapshot.
ALTER TABLE tables ADD COLUMN turn_deadline INTEGER;
UPDATE tables SET turn_deadline = json_extract(snapshot, '$.turn_deadline')
WHERE status IN ('lobby', 'running');
CREATE INDEX tables_open_by_deadline ON tables (turn_deadline)
WHERE status IN ('lobby', 'running');

DROP TRIGGER table_moves_insert;
DROP VIEW table_moves;

CREATE VIEW table_moves AS
SELECT
    NULL AS table_id, NULL AS chat, NULL AS status, NULL AS prior, NULL AS version,
    NULL AS snapshot, NULL AS at, NULL AS seq, NULL AS actor, NULL AS command, NULL AS events,
    NULL AS request_id, NULL AS throws, NULL AS turn_deadline;

CREATE TRIGGER table_moves_insert INSTEAD OF INSERT ON table_moves
BEGIN
    SELECT RAISE(ABORT, 'stale table')
    WHERE NOT EXISTS (SELECT 1 FROM tables WHERE id = NEW.table_id AND version = NEW.prior);
    UPDATE tables
    SET status = NEW.status, version = NEW.version, snapshot = NEW.snapshot, updated_at = NEW.at,
        turn_deadline = NEW.turn_deadline
    WHERE id = NEW.table_id;
    INSERT INTO table_log (table_id, seq, at, actor, command, events)
    VALUES (NEW.table_id, NEW.seq, NEW.at, NEW.actor, NEW.command, NEW.events);
    INSERT INTO throws (table_id, n, player, dice)
    SELECT NEW.table_id, json_extract(value, '$.n'), json_extract(value, '$.player'),
           json_extract(value, '$.dice')
    FROM json_each(COALESCE(NEW.throws, '[]'));
    INSERT INTO requests (request_id, chat, at)
    SELECT NEW.request_id, NEW.chat, NEW.at WHERE NEW.request_id IS NOT NULL;
END;
