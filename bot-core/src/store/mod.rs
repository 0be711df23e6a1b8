//! Storage (sqlx, SQLite or PostgreSQL): tables with their event log and snapshots, chat
//! settings, the Bierrunde ledger, statistics. Every accepted command is one transaction.
//! A game over for a while is compacted to what is read of it later (see `compaction`).
//! The store knows only the shared data of [`crate::model`] and the engine, nothing of the
//! service that uses it.

mod backend;
mod cash;
mod club;
mod commit;
mod compaction;
mod error;
mod health;
mod ledger;
mod moves;
mod notify;
mod probe;
mod reminders;
mod results;
mod stats;
mod throws;
mod tournaments;
mod write_turns;

pub use backend::{Backend, POSTGRES_MIGRATOR, SQLITE_MIGRATOR, redacted};
pub use cash::{CashBalances, CashRow, NewCashEntry};
pub use club::{NewNight, NightRow, OpenNight};
pub use commit::Commit;
use error::stored_place;
pub use error::{StoreError, Unreachable};
pub use health::{Change, Health, Outage};
pub use ledger::{LedgerRow, NewLedgerEntry};
pub use notify::{Heard, Listener, Stored};
pub use throws::{FaceCounts, ThrowRow};
pub use tournaments::{CreatedTournament, TournamentRow};
pub use write_turns::{ShownClaim, WriteTurns};

use crate::engine::RuleSet;
use crate::model::ids::ChatId;
use crate::model::table::{Table, TableStatus};
use sqlx::AnyPool;
use sqlx::Row;

/// A chat's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatSettings {
    pub chat: ChatId,
    pub preset: String,
    /// Switches on top of the preset (TOML).
    pub overrides: String,
    /// Seconds per turn; `None` = the configured default; 0 = off.
    pub turn_timer: Option<u32>,
    pub lang: Option<crate::text::Lang>,
    pub season: i64,
    /// IANA time zone; `None` = the configured default.
    pub time_zone: Option<String>,
    /// Hints from the exact odds allowed; `None` = the configured default.
    pub hints: Option<bool>,
}

impl ChatSettings {
    /// The settings of a chat that chose nothing yet: an empty preset stands for the
    /// configured default (the service fills it in).
    pub fn new(chat: ChatId) -> ChatSettings {
        ChatSettings {
            chat,
            preset: String::new(),
            overrides: String::new(),
            turn_timer: None,
            lang: None,
            season: 1,
            time_zone: None,
            hints: None,
        }
    }

    /// The chat's rule set: its preset plus its overrides.
    pub fn rules(&self) -> Result<RuleSet, crate::engine::RulesError> {
        let base = RuleSet::preset(&self.preset)?;
        if self.overrides.trim().is_empty() {
            return Ok(base);
        }
        let table: toml::Table = self
            .overrides
            .parse()
            .map_err(|e: toml::de::Error| crate::engine::RulesError::Syntax(e.message().into()))?;
        base.with_overrides(&table)
    }
}

#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// SQLite: one writer at a time, queued here. SQLite allows one anyway, and a writer that
    /// meets a busy database sleeps in steps of milliseconds — queueing in the process is
    /// fairer and keeps the tail latency low. PostgreSQL takes concurrent writers itself.
    writer: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// Moves go to one writer task that stores whatever has queued up in one statement.
    moves: tokio::sync::mpsc::UnboundedSender<moves::Move>,
    /// Whether the database can be reached (see `health`).
    health: std::sync::Arc<Health>,
    /// PostgreSQL: tells the other processes what this one stored (see `notify`).
    notifier: Option<notify::Notifier>,
    /// PostgreSQL: the address, for the connection that listens to the other processes.
    url: Option<std::sync::Arc<str>>,
}

impl Store {
    /// Opens the database at `url` and brings its schema up to date: `sqlite://schocken.db`
    /// (created if missing, in WAL mode), `sqlite::memory:`, or `postgres://user@host/db`.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let backend = Backend::of(url)?;
        let pool = backend::connect(url, backend).await?;
        let writer = std::sync::Arc::new(tokio::sync::Mutex::new(()));
        let shared = backend.shared();
        Ok(Store {
            notifier: shared.then(|| notify::Notifier::spawn(pool.clone())),
            url: shared.then(|| url.into()),
            moves: moves::spawn_writer(pool.clone(), backend, writer.clone()),
            pool,
            backend,
            writer,
            health: Default::default(),
        })
    }

    /// Tells the other processes on this database that `stored` is stored (PostgreSQL; on
    /// SQLite there are none).
    pub fn announce(&self, stored: Stored) {
        if let Some(notifier) = &self.notifier {
            notifier.send(stored);
        }
    }

    /// Listens for what the other processes store; `None` on SQLite (one process).
    pub async fn listen(&self) -> Result<Option<Listener>, StoreError> {
        match (&self.url, &self.notifier) {
            (Some(url), Some(notifier)) => Ok(Some(Listener::connect(url, notifier).await?)),
            _ => Ok(None),
        }
    }

    /// The newest table of each of `places` (id and version), to catch up after notices
    /// were lost; places that never had a table are left out.
    pub async fn latest_versions(&self, places: &[ChatId]) -> Result<Vec<Stored>, StoreError> {
        let mut out = Vec::with_capacity(places.len());
        for chunk in places.chunks(500) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "SELECT chat, id, version FROM tables WHERE id IN
                   (SELECT MAX(id) FROM tables WHERE chat IN ({}) GROUP BY chat)",
                marks.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for place in chunk {
                query = query.bind(place.to_string());
            }
            for row in query.fetch_all(&self.pool).await? {
                out.push(Stored {
                    place: stored_place(row.get("chat"))?,
                    table_id: row.get("id"),
                    version: u64::try_from(row.get::<i64, _>("version")).unwrap_or(0),
                    seq: 0,
                });
            }
        }
        Ok(out)
    }

    pub async fn migrate(&self) -> Result<(), StoreError> {
        self.backend.migrator().run(&self.pool).await?;
        Ok(())
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Writes a consistent copy of a SQLite database to the new file `path` (`VACUUM INTO`:
    /// one read transaction, so moves stored meanwhile are in it whole or not at all, and
    /// the bot goes on while it runs).
    pub async fn backup_to(&self, path: &std::path::Path) -> Result<(), StoreError> {
        if self.backend != Backend::Sqlite {
            return Err(StoreError::Url(
                "only a SQLite database is copied this way".into(),
            ));
        }
        sqlx::query("VACUUM INTO $1")
            .bind(path.to_string_lossy().into_owned())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The writer's turn on SQLite (see `writer`); nothing to wait for on PostgreSQL.
    async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.writer.lock().await),
            Backend::Postgres => None,
        }
    }

    /// A table from a row with `id`, `snapshot` and `message_ref`.
    fn decode_row(row: &sqlx::any::AnyRow) -> Result<Table, StoreError> {
        let mut table = Self::decode_table(row.get("id"), &row.get::<String, _>("snapshot"))?;
        if let Some(message_ref) = row.get::<Option<String>, _>("message_ref") {
            table.message_ref = Some(message_ref);
        }
        Ok(table)
    }

    fn decode_table(id: i64, snapshot: &str) -> Result<Table, StoreError> {
        let mut table: Table =
            serde_json::from_str(snapshot).map_err(|e| StoreError::Snapshot {
                id,
                message: e.to_string(),
            })?;
        table.id = id;
        Ok(table)
    }

    /// Every table in the lobby or running (loaded at start).
    pub async fn open_tables(&self) -> Result<Vec<Table>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, snapshot, message_ref FROM tables WHERE status IN ('lobby', 'running') ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Self::decode_row).collect()
    }

    /// How many tables are in the lobby or running (all processes' together).
    pub async fn count_open_tables(&self) -> Result<i64, StoreError> {
        let row =
            sqlx::query("SELECT COUNT(*) AS n FROM tables WHERE status IN ('lobby', 'running')")
                .fetch_one(&self.pool)
                .await?;
        Ok(row.get("n"))
    }

    /// The open tables whose turn timer ran out by `now`, or that had no move since
    /// `idle_since` (ms) — in any process's hands.
    pub async fn due_tables(&self, now: i64, idle_since: i64) -> Result<Vec<Table>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, snapshot, message_ref FROM tables
             WHERE status IN ('lobby', 'running') AND (turn_deadline <= $1 OR updated_at <= $2)
             ORDER BY id",
        )
        .bind(now)
        .bind(idle_since)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Self::decode_row).collect()
    }

    /// The chat's newest table (open or not).
    pub async fn latest_table(&self, chat: &ChatId) -> Result<Option<Table>, StoreError> {
        let row = sqlx::query(
            "SELECT id, snapshot, message_ref FROM tables WHERE chat = $1 ORDER BY id DESC LIMIT 1",
        )
        .bind(chat.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Self::decode_row(&r)).transpose()
    }

    /// The chat's open table.
    pub async fn open_table(&self, chat: &ChatId) -> Result<Option<Table>, StoreError> {
        let row = sqlx::query(
            "SELECT id, snapshot, message_ref FROM tables WHERE chat = $1 AND status IN ('lobby', 'running')",
        )
        .bind(chat.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Self::decode_row(&r)).transpose()
    }

    /// Remembers the platform message showing a table (no log entry: it is no move), in its
    /// own column: whatever version the table has reached in another process meanwhile.
    pub async fn set_message_ref(&self, table: &Table) -> Result<(), StoreError> {
        let _writer = self.write_turn().await;
        sqlx::query("UPDATE tables SET message_ref = $1 WHERE id = $2")
            .bind(table.message_ref.as_deref())
            .bind(table.id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A table's stored version (the newest state any process stored).
    pub async fn table_version(&self, table_id: i64) -> Result<Option<u64>, StoreError> {
        let row = sqlx::query("SELECT version FROM tables WHERE id = $1")
            .bind(table_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get::<i64, _>("version").max(0) as u64))
    }

    /// Whether a platform request id was already handled.
    pub async fn seen_request(&self, request_id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT 1 FROM requests WHERE request_id = $1")
            .bind(request_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// Forgets request ids older than `before` (ms).
    pub async fn prune_requests(&self, before: i64) -> Result<u64, StoreError> {
        let _writer = self.write_turn().await;
        let done = sqlx::query("DELETE FROM requests WHERE at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    pub async fn chat_settings(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        let row = sqlx::query(
            "SELECT rules_preset, rules_overrides, turn_timer, lang, season, time_zone, hints
             FROM chats WHERE chat = $1",
        )
        .bind(chat.to_string())
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            None => ChatSettings::new(chat.clone()),
            Some(r) => ChatSettings {
                chat: chat.clone(),
                preset: r.get("rules_preset"),
                overrides: r.get("rules_overrides"),
                turn_timer: r
                    .get::<Option<i64>, _>("turn_timer")
                    .map(|t| t.max(0) as u32),
                lang: r
                    .get::<Option<String>, _>("lang")
                    .map(|l| crate::text::Lang::from_code(&l)),
                season: r.get("season"),
                time_zone: r.get("time_zone"),
                hints: r.get::<Option<i64>, _>("hints").map(|h| h != 0),
            },
        })
    }

    pub async fn save_chat_settings(
        &self,
        settings: &ChatSettings,
        request_id: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO chats (chat, rules_preset, rules_overrides, turn_timer, lang, season,
               time_zone, hints, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (chat) DO UPDATE SET rules_preset = excluded.rules_preset,
               rules_overrides = excluded.rules_overrides, turn_timer = excluded.turn_timer,
               lang = excluded.lang, season = excluded.season, time_zone = excluded.time_zone,
               hints = excluded.hints",
        )
        .bind(settings.chat.to_string())
        .bind(&settings.preset)
        .bind(&settings.overrides)
        .bind(settings.turn_timer.map(i64::from))
        .bind(settings.lang.map(|l| l.code()))
        .bind(settings.season)
        .bind(settings.time_zone.as_deref())
        .bind(settings.hints.map(i64::from))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if let Some(request_id) = request_id {
            record_request(&mut tx, request_id, &settings.chat, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// A Telegram group became a supergroup: everything of `old` moves to `new` in one
    /// transaction. Settings of `new` (if the bot saw it already) give way to `old`'s.
    pub async fn migrate_chat(&self, old: &ChatId, new: &ChatId) -> Result<(), StoreError> {
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let has_old: bool = sqlx::query("SELECT 1 FROM chats WHERE chat = $1")
            .bind(old.to_string())
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        if has_old {
            sqlx::query("DELETE FROM chats WHERE chat = $1")
                .bind(new.to_string())
                .execute(&mut *tx)
                .await?;
        }
        for table in ["chats", "tables", "ledger", "seasons", "requests"] {
            sqlx::query(&format!("UPDATE {table} SET chat = $1 WHERE chat = $2"))
                .bind(new.to_string())
                .bind(old.to_string())
                .execute(&mut *tx)
                .await?;
        }
        stats::migrate(&mut tx, old, new).await?;
        // A Telegram group is its own club: its evenings and cash box move with it.
        club::migrate(&mut tx, old, new).await?;
        // Snapshots carry their chat id too.
        let rows = sqlx::query("SELECT id, snapshot, message_ref FROM tables WHERE chat = $1")
            .bind(new.to_string())
            .fetch_all(&mut *tx)
            .await?;
        for row in rows {
            let id: i64 = row.get("id");
            let mut table = Self::decode_table(id, row.get("snapshot"))?;
            if table.chat != *new {
                table.chat = new.clone();
                let snapshot = serde_json::to_string(&table).map_err(|e| StoreError::Snapshot {
                    id,
                    message: e.to_string(),
                })?;
                sqlx::query("UPDATE tables SET snapshot = $1 WHERE id = $2")
                    .bind(snapshot)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// The commands and events logged for a table, oldest first (for disputes and tests).
    pub async fn table_log(
        &self,
        table_id: i64,
    ) -> Result<Vec<(i64, String, String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, actor, command, events FROM table_log WHERE table_id = $1 ORDER BY seq",
        )
        .bind(table_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                (
                    r.get("seq"),
                    r.get("actor"),
                    r.get("command"),
                    r.get("events"),
                )
            })
            .collect())
    }

    /// The place and status of table `table_id`, if it exists (a button names its table).
    pub async fn table_place(
        &self,
        table_id: i64,
    ) -> Result<Option<(ChatId, TableStatus)>, StoreError> {
        let row = sqlx::query("SELECT chat, status FROM tables WHERE id = $1")
            .bind(table_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| {
            let status = match r.get::<String, _>("status").as_str() {
                "lobby" => TableStatus::Lobby,
                "running" => TableStatus::Running,
                "finished" => TableStatus::Finished,
                _ => TableStatus::Abandoned,
            };
            Ok((stored_place(r.get("chat"))?, status))
        })
        .transpose()
    }

    /// Whether a table is in the lobby or running (for checks after a restart).
    pub async fn table_status(&self, table_id: i64) -> Result<Option<TableStatus>, StoreError> {
        let row = sqlx::query("SELECT id, snapshot, message_ref FROM tables WHERE id = $1")
            .bind(table_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row
            .map(|r| Self::decode_row(&r))
            .transpose()?
            .map(|t| t.status))
    }
}

async fn record_request(
    tx: &mut sqlx::AnyConnection,
    request_id: &str,
    chat: &ChatId,
    now: i64,
) -> Result<(), StoreError> {
    let inserted = sqlx::query("INSERT INTO requests (request_id, chat, at) VALUES ($1, $2, $3)")
        .bind(request_id)
        .bind(chat.to_string())
        .bind(now)
        .execute(tx)
        .await;
    match inserted {
        Ok(_) => Ok(()),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Duplicate),
        Err(e) => Err(e.into()),
    }
}
