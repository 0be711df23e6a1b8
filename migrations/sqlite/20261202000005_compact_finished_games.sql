-- Games that are over are compacted by the housekeeping pass (bot-core/src/store/compaction.rs)
-- an hour after their end: history, statistics and the ledger never read a game's per-move
-- log, and its verification needs only its throws and the seeds in its snapshot. So the log
-- entries go (`log_compacted` keeps how many there were; NULL: not compacted yet), the
-- snapshot loses what only an open table reads, and the throws move into one row of
-- `packed_throws`. Games already over in an older database are compacted the same way.
ALTER TABLE tables ADD COLUMN log_compacted INTEGER;
CREATE INDEX tables_to_compact ON tables (updated_at)
WHERE status IN ('finished', 'abandoned') AND log_compacted IS NULL;

-- A game's throws in one row: numbered from `first_n` on without a gap; `players` is a JSON
-- array of the names that threw, and `dice` has per throw a letter naming its player
-- (a = the first of `players`, …, z, A, …, Z) followed by its dice as digits ("a462b33").
CREATE TABLE packed_throws (
    table_id  INTEGER PRIMARY KEY REFERENCES tables (id),
    first_n   INTEGER NOT NULL,
    players   TEXT NOT NULL,
    dice      TEXT NOT NULL
);
