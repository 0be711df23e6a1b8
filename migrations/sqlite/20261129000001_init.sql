-- Schocken bot: chats, tables (games) with their event log, the Bierrunde ledger, statistics,
-- and processed request ids. Chat and user ids are platform-qualified ("telegram:-100…",
-- "discord:guild/channel", "console:local"), so one database serves every platform.

CREATE TABLE chats (
    chat            TEXT PRIMARY KEY,
    rules_preset    TEXT NOT NULL DEFAULT 'standard',
    -- Switches on top of the preset, as TOML ("key = value" lines).
    rules_overrides TEXT NOT NULL DEFAULT '',
    -- Seconds per turn; 0 switches the timer off; NULL means the configured default.
    turn_timer      INTEGER,
    lang            TEXT,
    season          INTEGER NOT NULL DEFAULT 1,
    created_at      INTEGER NOT NULL
);

-- One row per game. The snapshot is the whole table state (JSON); the log below holds
-- every command and the engine events it caused, every die included, for disputes.
CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    chat        TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    version     INTEGER NOT NULL,
    snapshot    TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE UNIQUE INDEX tables_one_open_per_chat ON tables (chat) WHERE status IN ('lobby', 'running');
CREATE INDEX tables_by_chat ON tables (chat, id);

CREATE TABLE table_log (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seq         INTEGER NOT NULL,
    at          INTEGER NOT NULL,
    actor       TEXT NOT NULL,
    command     TEXT NOT NULL,
    events      TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- Append-only: corrections are reversal entries; nothing is updated or deleted.
CREATE TABLE ledger (
    id           INTEGER PRIMARY KEY,
    chat         TEXT NOT NULL,
    at           INTEGER NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('debt', 'paid', 'claim', 'reversal')),
    debtor       TEXT NOT NULL,
    debtor_name  TEXT NOT NULL,
    -- +1 for a debt, -1 for a payment, 0 for a claim; a reversal undoes the entry it names.
    rounds       INTEGER NOT NULL,
    reason       TEXT NOT NULL,
    table_id     INTEGER REFERENCES tables (id),
    actor        TEXT NOT NULL,
    actor_name   TEXT NOT NULL,
    reverses     INTEGER REFERENCES ledger (id)
);
CREATE INDEX ledger_by_chat ON ledger (chat, id);
CREATE UNIQUE INDEX ledger_reversed_once ON ledger (reverses) WHERE reverses IS NOT NULL;

-- Only the chat id may change (a Telegram group that becomes a supergroup).
CREATE TRIGGER ledger_no_update
BEFORE UPDATE OF id, at, kind, debtor, debtor_name, rounds, reason, table_id, actor, actor_name, reverses
ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

CREATE TABLE stats (
    chat         TEXT NOT NULL,
    season       INTEGER NOT NULL,
    user         TEXT NOT NULL,
    name         TEXT NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    halves_lost  INTEGER NOT NULL DEFAULT 0,
    finals       INTEGER NOT NULL DEFAULT 0,
    games_lost   INTEGER NOT NULL DEFAULT 0,
    blattschuss  INTEGER NOT NULL DEFAULT 0,
    schock_aus   INTEGER NOT NULL DEFAULT 0,
    best_rank    INTEGER,
    best_throw   TEXT,
    PRIMARY KEY (chat, season, user)
);

CREATE TABLE seasons (
    chat       TEXT NOT NULL,
    season     INTEGER NOT NULL,
    closed_at  INTEGER NOT NULL,
    closed_by  TEXT NOT NULL,
    PRIMARY KEY (chat, season)
);

-- Platform request ids already handled (a retried delivery changes nothing).
CREATE TABLE requests (
    request_id  TEXT PRIMARY KEY,
    chat        TEXT NOT NULL,
    at          INTEGER NOT NULL
);
CREATE INDEX requests_by_age ON requests (at);
