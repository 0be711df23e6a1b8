-- Several processes writing to one chat take turns and write only newer states (see
-- migrations/sqlite, same name).
CREATE TABLE chat_pace (
    chat     TEXT PRIMARY KEY,
    next_at  BIGINT NOT NULL
);
ALTER TABLE tables ADD COLUMN shown_version BIGINT;
ALTER TABLE tables ADD COLUMN shown_by TEXT;
ALTER TABLE tables ADD COLUMN pending_notices TEXT;
