-- Provably fair dice: every throw of a game, numbered as the scheme numbers them, with who
-- threw and the dice drawn ("462"). A game's record and the chat's fairness report read
-- them; games stored before the scheme have none.
CREATE TABLE throws (
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    n         INTEGER NOT NULL,
    player    TEXT NOT NULL,
    dice      TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);

-- A move stores its throws in the same statement (a JSON array of {n, player, dice}).
DROP TRIGGER table_moves_insert;
DROP VIEW table_moves;

CREATE VIEW table_moves AS
SELECT
    NULL AS table_id, NULL AS chat, NULL AS status, NULL AS version, NULL AS snapshot,
    NULL AS at, NULL AS seq, NULL AS actor, NULL AS command, NULL AS events,
    NULL AS request_id, NULL AS throws;

CREATE TRIGGER table_moves_insert INSTEAD OF INSERT ON table_moves
BEGIN
    UPDATE tables
    SET status = NEW.status, version = NEW.version, snapshot = NEW.snapshot, updated_at = NEW.at
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
