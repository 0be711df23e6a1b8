-- Schockturnier (issue 35): a tournament is one document (JSON of `tournament::Tournament`:
-- format, entrants, teams, rounds with their draws and games, corrections, pending entries)
-- with a version; every change is a compare-and-set on the version. At most one tournament
-- runs per place (its director's chat); a finished one stays for its standings and exports.
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    place        TEXT NOT NULL,
    -- Where it was created: its announcements (the clock) go there.
    chat         TEXT NOT NULL,
    name         TEXT NOT NULL,
    state        TEXT NOT NULL,
    version      INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    created_by   TEXT NOT NULL,
    updated_at   INTEGER NOT NULL,
    finished_at  INTEGER,
    -- When the running round's clock runs out (none while it stands or is over).
    clock_ends_at INTEGER
);
CREATE UNIQUE INDEX tournaments_one_running ON tournaments (place) WHERE finished_at IS NULL;
CREATE INDEX tournaments_by_place ON tournaments (place, id);
CREATE INDEX tournaments_clocks ON tournaments (clock_ends_at) WHERE finished_at IS NULL;
