-- A turn a process reserved for writing a table's message to a chat (see chat_pace): which
-- state of which table it is for, and whether it was used. A process holding a newer state of
-- the same table takes over a turn not used yet instead of queueing behind it: the turn's
-- holder would find the table moved on and let the turn pass, and the newer state would wait
-- a whole gap longer. Turns older than a minute are cleared as new ones are reserved.
CREATE TABLE write_slots (
    chat      TEXT NOT NULL,
    at        BIGINT NOT NULL,
    table_id  BIGINT NOT NULL,
    version   BIGINT NOT NULL,
    used      BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (chat, at)
);
