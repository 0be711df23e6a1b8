-- Club nights (issue 25). A club is a Discord server (all its channels) or a Telegram group
-- (all its topics): `club` is `ChatId::club()`. Money is in cents, never a float.

-- Every finished game, one row per player, written with the game's statistics: the facts an
-- evening, the ratings and the championship are reckoned from.
CREATE TABLE game_results (
    table_id             INTEGER NOT NULL REFERENCES tables (id),
    club                 TEXT NOT NULL,
    season               INTEGER NOT NULL,
    at                   INTEGER NOT NULL,
    user                 TEXT NOT NULL,
    name                 TEXT NOT NULL,
    computer             INTEGER NOT NULL,
    lost                 INTEGER NOT NULL,
    halves_lost          INTEGER NOT NULL,
    schock_aus_received  INTEGER NOT NULL,
    best_throw           TEXT,
    PRIMARY KEY (table_id, user)
);
CREATE INDEX game_results_by_club ON game_results (club, at);

-- A club's penalty catalogue (JSON of `PenaltyCatalogue`).
CREATE TABLE club_catalogues (
    club        TEXT PRIMARY KEY,
    catalogue   TEXT NOT NULL,
    updated_at  INTEGER NOT NULL,
    updated_by  TEXT NOT NULL
);

-- Evenings: at most one open per club. `late_after`: check-ins after it are late (none if
-- NULL). `summary`: the members' lines at the close (JSON), for the championship.
CREATE TABLE club_nights (
    id          INTEGER PRIMARY KEY,
    club        TEXT NOT NULL,
    chat        TEXT NOT NULL,
    season      INTEGER NOT NULL,
    opened_at   INTEGER NOT NULL,
    opened_by   TEXT NOT NULL,
    late_after  INTEGER,
    closed_at   INTEGER,
    summary     TEXT
);
CREATE UNIQUE INDEX club_nights_one_open ON club_nights (club) WHERE closed_at IS NULL;
CREATE INDEX club_nights_by_club ON club_nights (club, id);

CREATE TABLE attendance (
    night_id  INTEGER NOT NULL REFERENCES club_nights (id),
    user      TEXT NOT NULL,
    name      TEXT NOT NULL,
    at        INTEGER NOT NULL,
    late      INTEGER NOT NULL,
    PRIMARY KEY (night_id, user)
);

-- The cash box: entries (what happened, who did it) and their postings (double entry: an
-- entry's postings add up to zero). Append-only; an entry is undone by a reversal.
CREATE TABLE cash_entries (
    id           INTEGER PRIMARY KEY,
    club         TEXT NOT NULL,
    at           INTEGER NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('charge', 'payment', 'claim', 'payout', 'reversal')),
    member       TEXT,
    member_name  TEXT NOT NULL,
    amount       INTEGER NOT NULL,
    reason       TEXT NOT NULL,
    night_id     INTEGER REFERENCES club_nights (id),
    actor        TEXT NOT NULL,
    actor_name   TEXT NOT NULL,
    reverses     INTEGER REFERENCES cash_entries (id),
    confirms     INTEGER REFERENCES cash_entries (id)
);
CREATE INDEX cash_entries_by_club ON cash_entries (club, id);
CREATE UNIQUE INDEX cash_entries_reversed_once ON cash_entries (reverses) WHERE reverses IS NOT NULL;
CREATE UNIQUE INDEX cash_entries_confirmed_once ON cash_entries (confirms) WHERE confirms IS NOT NULL;

CREATE TABLE cash_postings (
    entry_id  INTEGER NOT NULL REFERENCES cash_entries (id),
    club      TEXT NOT NULL,
    account   TEXT NOT NULL,
    amount    INTEGER NOT NULL
);
CREATE INDEX cash_postings_by_account ON cash_postings (club, account);
-- An entry's postings (a reversal negates them; PostgreSQL indexes no foreign key itself).
CREATE INDEX cash_postings_by_entry ON cash_postings (entry_id);

-- Only the club may change (a Telegram group that becomes a supergroup).
CREATE TRIGGER cash_entries_no_update
BEFORE UPDATE OF id, at, kind, member, member_name, amount, reason, night_id, actor, actor_name,
                 reverses, confirms
ON cash_entries
BEGIN
    SELECT RAISE(ABORT, 'the cash box is append-only');
END;
CREATE TRIGGER cash_entries_no_delete BEFORE DELETE ON cash_entries
BEGIN
    SELECT RAISE(ABORT, 'the cash box is append-only');
END;
CREATE TRIGGER cash_postings_no_change BEFORE UPDATE OF entry_id, account, amount ON cash_postings
BEGIN
    SELECT RAISE(ABORT, 'the cash box is append-only');
END;
CREATE TRIGGER cash_postings_no_delete BEFORE DELETE ON cash_postings
BEGIN
    SELECT RAISE(ABORT, 'the cash box is append-only');
END;

-- When the club was last reminded of unpaid balances (at most once a day).
CREATE TABLE cash_reminders (
    club     TEXT PRIMARY KEY,
    last_at  INTEGER NOT NULL
);
