-- Several processes writing to one chat (Telegram webhooks behind a load balancer): a chat's
-- writes take turns through `chat_pace` (the next moment a write may start, ms), so together
-- they keep the platform's limit, and a table's message is written only with a state newer
-- than the one already shown (`shown_version`), so no process writes an older state over a
-- newer one or the same state twice (`shown_by`: the process that claimed it may try again).
-- A process whose write another's newer state replaced leaves its lines of what happened in
-- `pending_notices` (one a line) for the write that shows the newer state.
-- SQLite, one process, keeps the same schema.
CREATE TABLE chat_pace (
    chat     TEXT PRIMARY KEY,
    next_at  INTEGER NOT NULL
);
ALTER TABLE tables ADD COLUMN shown_version INTEGER;
ALTER TABLE tables ADD COLUMN shown_by TEXT;
ALTER TABLE tables ADD COLUMN pending_notices TEXT;
