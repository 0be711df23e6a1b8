-- Games that are over are compacted an hour after their end: their per-move log goes, their
-- snapshot loses what only an open table reads, their throws are packed into one row (see
-- migrations/sqlite, same name).
ALTER TABLE tables ADD COLUMN log_compacted BIGINT;
CREATE INDEX tables_to_compact ON tables (updated_at)
WHERE status IN ('finished', 'abandoned') AND log_compacted IS NULL;

CREATE TABLE packed_throws (
    table_id  BIGINT PRIMARY KEY REFERENCES tables (id),
    first_n   BIGINT NOT NULL,
    players   TEXT NOT NULL,
    dice      TEXT NOT NULL
);
