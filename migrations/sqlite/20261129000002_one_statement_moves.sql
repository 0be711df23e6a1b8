-- One statement per move. Inserting a row into this view stores the table's new snapshot, its
-- log entry and the platform's request id together: SQLite runs the trigger's statements as
-- part of the INSERT, so they succeed or fail as one (a repeated request id fails the whole
-- move). A move then costs one round trip to the database instead of a five-step transaction.
CREATE VIEW table_moves AS
SELECT
    NULL AS table_id, NULL AS chat, NULL AS status, NULL AS version, NULL AS snapshot,
    NULL AS at, NULL AS seq, NULL AS actor, NULL AS command, NULL AS events,
    NULL AS request_id;

CREATE TRIGGER table_moves_insert INSTEAD OF INSERT ON table_moves
BEGIN
    UPDATE tables
    SET status = NEW.status, version = NEW.version, snapshot = NEW.snapshot, updated_at = NEW.at
    WHERE id = NEW.table_id;
    INSERT INTO table_log (table_id, seq, at, actor, command, events)
    VALUES (NEW.table_id, NEW.seq, NEW.at, NEW.actor, NEW.command, NEW.events);
    INSERT INTO requests (request_id, chat, at)
    SELECT NEW.request_id, NEW.chat, NEW.at WHERE NEW.request_id IS NOT NULL;
END;
