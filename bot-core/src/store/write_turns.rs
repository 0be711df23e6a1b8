//! What the outboxes keep in the database, as data (the waiting is theirs): each chat's next
//! write turn, so its pace survives a restart and processes sharing one token keep its limits
//! together; which table state was shown, so a table's message only moves forward when
//! several processes write to one chat (Telegram webhooks behind a load balancer); and old
//! buttons still to take off, so a restart finishes that too.

use super::{Backend, Store, StoreError};
use sqlx::Row;

/// The outboxes' handle on the store: turns, shown states and old buttons, nothing else.
#[derive(Clone, Debug)]
pub struct WriteTurns {
    store: Store,
}

/// A claimed turn to show a table state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShownClaim {
    /// Lines of what happened that other processes left for this write.
    pub notices: Vec<String>,
    /// The message the table lives in, as the platform adapter stored it.
    pub message_ref: Option<String>,
}

/// How late (ms) a turn not used yet may still be taken over: later, its holder is more
/// likely gone than slow, and the newer state's own turn follows soon.
pub const TAKEOVER_LATE_MS: i64 = 500;

impl WriteTurns {
    pub fn new(store: Store) -> WriteTurns {
        WriteTurns { store }
    }

    /// Whether other processes may write through this database.
    pub fn shared(&self) -> bool {
        self.store.backend.shared()
    }

    /// A table's stored version (the newest state any process stored).
    pub async fn table_version(&self, table_id: i64) -> Result<Option<u64>, StoreError> {
        self.store.reachable()?;
        self.store.table_version(table_id).await
    }

    /// Reserves the next moment (ms) a write to `chat` may start, at least `now` and `gap`
    /// after the write reserved before it by any process (or before a restart).
    pub async fn reserve_write(&self, chat: &str, now: i64, gap: i64) -> Result<i64, StoreError> {
        self.store.reachable()?;
        let _writer = self.store.write_turn().await;
        let later = match self.store.backend {
            Backend::Sqlite => "max(chat_pace.next_at, $2)",
            Backend::Postgres => "GREATEST(chat_pace.next_at, $2)",
        };
        let row = sqlx::query(&format!(
            "INSERT INTO chat_pace (chat, next_at) VALUES ($1, $2 + $3)
             ON CONFLICT (chat) DO UPDATE SET next_at = {later} + $3
             RETURNING next_at - $3 AS slot"
        ))
        .bind(chat)
        .bind(now)
        .bind(gap)
        .fetch_one(&self.store.pool)
        .await?;
        Ok(row.get("slot"))
    }

    /// Notes that a write to `chat` starts now and the next may start at `next` (ms): one
    /// process writes the chat and keeps its pace itself; a process started after it waits
    /// for that moment.
    pub async fn note_write(&self, chat: &str, next: i64) -> Result<(), StoreError> {
        self.store.reachable()?;
        let _writer = self.store.write_turn().await;
        // Never back: notes may arrive out of order.
        let later = match self.store.backend {
            Backend::Sqlite => "max(chat_pace.next_at, excluded.next_at)",
            Backend::Postgres => "GREATEST(chat_pace.next_at, excluded.next_at)",
        };
        sqlx::query(&format!(
            "INSERT INTO chat_pace (chat, next_at) VALUES ($1, $2)
             ON CONFLICT (chat) DO UPDATE SET next_at = {later}"
        ))
        .bind(chat)
        .bind(next)
        .execute(&self.store.pool)
        .await?;
        Ok(())
    }

    /// Reserves a turn to write `version` of table `table_id` to `chat` (see
    /// [`Store::reserve_write`]); returns its moment (ms). A turn reserved for an older state
    /// of the same table and not used yet (nor past by more than [`TAKEOVER_LATE_MS`]) is
    /// taken over instead: its holder would find the table moved on and let it pass.
    pub async fn reserve_table_write(
        &self,
        chat: &str,
        now: i64,
        gap: i64,
        table_id: i64,
        version: u64,
    ) -> Result<i64, StoreError> {
        self.store.reachable()?;
        let taken: Option<i64> = sqlx::query_scalar(
            "UPDATE write_slots SET version = $4
             WHERE chat = $1 AND table_id = $2 AND version < $4 AND used = 0
               AND at = (SELECT MIN(at) FROM write_slots
                         WHERE chat = $1 AND table_id = $2 AND version < $4 AND used = 0
                           AND at >= $3)
             RETURNING at",
        )
        .bind(chat)
        .bind(table_id)
        .bind(now - TAKEOVER_LATE_MS)
        .bind(version as i64)
        .fetch_optional(&self.store.pool)
        .await?;
        if let Some(at) = taken {
            return Ok(at);
        }
        let at = self.reserve_write(chat, now, gap).await?;
        sqlx::query("DELETE FROM write_slots WHERE chat = $1 AND at < $2")
            .bind(chat)
            .bind(now - 60_000)
            .execute(&self.store.pool)
            .await?;
        sqlx::query(
            "INSERT INTO write_slots (chat, at, table_id, version, used) VALUES ($1, $2, $3, $4, 0)
             ON CONFLICT (chat, at) DO UPDATE
             SET table_id = excluded.table_id, version = excluded.version, used = 0",
        )
        .bind(chat)
        .bind(at)
        .bind(table_id)
        .bind(version as i64)
        .execute(&self.store.pool)
        .await?;
        Ok(at)
    }

    /// Uses the turn at `at` for `version`: `false` if a newer state took it over (or it was
    /// used). A turn no longer on record (cleared) may be used.
    pub async fn use_write_slot(
        &self,
        chat: &str,
        at: i64,
        version: u64,
    ) -> Result<bool, StoreError> {
        self.store.reachable()?;
        let used = sqlx::query(
            "UPDATE write_slots SET used = 1
             WHERE chat = $1 AND at = $2 AND version = $3 AND used = 0",
        )
        .bind(chat)
        .bind(at)
        .bind(version as i64)
        .execute(&self.store.pool)
        .await?;
        if used.rows_affected() == 1 {
            return Ok(true);
        }
        let on_record: Option<i64> =
            sqlx::query_scalar("SELECT version FROM write_slots WHERE chat = $1 AND at = $2")
                .bind(chat)
                .bind(at)
                .fetch_optional(&self.store.pool)
                .await?;
        Ok(on_record.is_none())
    }

    /// Claims the right to show `version` of table `table_id` for `claimant` (a process):
    /// `None` if a newer state is stored, or a newer state, or the same one by another
    /// claimant, was claimed before;
    /// else the lines of what happened that other processes left for this write (taken)
    /// and the message the table lives in now (another process may have posted it).
    /// The same claimant may claim again (its write failed and is tried again), and a write
    /// `with_news` may show a state another process showed without them (that process
    /// rendered the stored table for its turn; these lines of what happened belong to it).
    pub async fn claim_shown(
        &self,
        table_id: i64,
        version: u64,
        claimant: &str,
        with_news: bool,
    ) -> Result<Option<ShownClaim>, StoreError> {
        self.store.reachable()?;
        let lock = match self.store.backend {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE",
        };
        let mut tx = self.store.pool.begin().await?;
        let row = sqlx::query(&format!(
            "SELECT pending_notices, message_ref FROM tables WHERE id = $1{lock}"
        ))
        .bind(table_id)
        .fetch_optional(&mut *tx)
        .await?;
        let left: Option<String> = row.as_ref().and_then(|r| r.get("pending_notices"));
        let message_ref: Option<String> = row.as_ref().and_then(|r| r.get("message_ref"));
        let done = sqlx::query(
            "UPDATE tables SET shown_version = $2, shown_by = $3, pending_notices = NULL
             WHERE id = $1 AND version <= $2
               AND (shown_version IS NULL OR shown_version < $2
                    OR (shown_version = $2 AND (shown_by = $3 OR $4)))",
        )
        .bind(table_id)
        .bind(version as i64)
        .bind(claimant)
        .bind(with_news)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(ShownClaim {
            notices: left
                .unwrap_or_default()
                .lines()
                .map(str::to_string)
                .collect(),
            message_ref,
        }))
    }

    /// Leaves the lines of what happened for the write that shows table `table_id` next
    /// (this process's write of them was replaced by another's newer state).
    pub async fn leave_notices(&self, table_id: i64, lines: &[String]) -> Result<(), StoreError> {
        self.store.reachable()?;
        if lines.is_empty() {
            return Ok(());
        }
        let mut text = lines.join("\n");
        text.push('\n');
        sqlx::query(
            "UPDATE tables SET pending_notices = COALESCE(pending_notices, '') || $2 WHERE id = $1",
        )
        .bind(table_id)
        .bind(text)
        .execute(&self.store.pool)
        .await?;
        Ok(())
    }
}

impl WriteTurns {
    /// A message of `platform`'s `chat` (references as the adapter stores them) is to lose
    /// its buttons: kept until [`WriteTurns::strip_done`], so a restart still does it.
    pub async fn note_strip(
        &self,
        platform: &str,
        chat: &str,
        message: &str,
    ) -> Result<(), StoreError> {
        self.store.reachable()?;
        let _writer = self.store.write_turn().await;
        sqlx::query(
            "INSERT INTO pending_strips (platform, chat, message) VALUES ($1, $2, $3)
             ON CONFLICT (platform, chat, message) DO NOTHING",
        )
        .bind(platform)
        .bind(chat)
        .bind(message)
        .execute(&self.store.pool)
        .await?;
        Ok(())
    }

    /// That message lost its buttons (or is gone).
    pub async fn strip_done(
        &self,
        platform: &str,
        chat: &str,
        message: &str,
    ) -> Result<(), StoreError> {
        self.store.reachable()?;
        let _writer = self.store.write_turn().await;
        sqlx::query(
            "DELETE FROM pending_strips WHERE platform = $1 AND chat = $2 AND message = $3",
        )
        .bind(platform)
        .bind(chat)
        .bind(message)
        .execute(&self.store.pool)
        .await?;
        Ok(())
    }

    /// `platform`'s messages still to lose their buttons: (chat, message).
    pub async fn pending_strips(
        &self,
        platform: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        self.store.reachable()?;
        let rows = sqlx::query(
            "SELECT chat, message FROM pending_strips WHERE platform = $1 ORDER BY chat, message",
        )
        .bind(platform)
        .fetch_all(&self.store.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get("chat"), r.get("message")))
            .collect())
    }
}

impl Store {
    /// Forgets the write turns that ended before `before` (ms): a turn in the past holds
    /// nobody back, and a bot that wrote to many chats once would keep a row for each.
    pub(crate) async fn prune_write_turns(&self, before: i64) -> Result<u64, StoreError> {
        let _writer = self.write_turn().await;
        let done = sqlx::query("DELETE FROM chat_pace WHERE next_at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM write_slots WHERE at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }
}
