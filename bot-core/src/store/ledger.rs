//! The Bierrunde ledger: append-only entries, sums per debtor, history, CSV export.

use super::{Store, StoreError};
use crate::model::ids::{ChatId, UserId};
use crate::model::records::{DebtLine, LedgerLine};
use crate::model::table::NewDebt;
use sqlx::Row;

/// An entry to append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLedgerEntry {
    pub chat: ChatId,
    pub at: i64,
    /// `debt`, `paid`, `claim` or `reversal`.
    pub kind: &'static str,
    pub debtor: UserId,
    pub debtor_name: String,
    pub rounds: i64,
    pub reason: String,
    pub table_id: Option<i64>,
    pub actor: String,
    pub actor_name: String,
    pub reverses: Option<i64>,
}

/// The actor of entries the game itself made (a lost game's Bierrunde).
pub const GAME_ACTOR: &str = "game";

impl NewLedgerEntry {
    pub fn debt(chat: &ChatId, debt: &NewDebt, table_id: i64, at: i64) -> NewLedgerEntry {
        NewLedgerEntry {
            chat: chat.clone(),
            at,
            kind: "debt",
            debtor: debt.user.clone(),
            debtor_name: debt.name.clone(),
            rounds: 1,
            reason: debt.reason.id().to_string(),
            table_id: Some(table_id),
            actor: GAME_ACTOR.into(),
            actor_name: GAME_ACTOR.into(),
            reverses: None,
        }
    }
}

/// A stored entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerRow {
    pub id: i64,
    pub at: i64,
    pub kind: String,
    pub debtor: UserId,
    pub debtor_name: String,
    pub rounds: i64,
    pub reason: String,
    pub table_id: Option<i64>,
    pub actor: String,
    pub actor_name: String,
    pub reverses: Option<i64>,
    /// Whether a later reversal undid this entry.
    pub reversed: bool,
}

pub(super) async fn insert(
    tx: &mut sqlx::AnyConnection,
    e: &NewLedgerEntry,
) -> Result<i64, StoreError> {
    let row = sqlx::query(
        "INSERT INTO ledger (chat, at, kind, debtor, debtor_name, rounds, reason, table_id, actor,
                             actor_name, reverses)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
    )
    .bind(e.chat.to_string())
    .bind(e.at)
    .bind(e.kind)
    .bind(e.debtor.as_str())
    .bind(&e.debtor_name)
    .bind(e.rounds)
    .bind(&e.reason)
    .bind(e.table_id)
    .bind(&e.actor)
    .bind(&e.actor_name)
    .bind(e.reverses)
    .fetch_one(&mut *tx)
    .await?;
    Ok(row.get("id"))
}

/// Reverses the newest unreversed debt of `debt`'s kind that `table_id` wrote for its
/// debtor (a round entered by hand was taken back); nothing if there is none.
pub(super) async fn reverse_debt(
    tx: &mut sqlx::AnyConnection,
    chat: &ChatId,
    debt: &NewDebt,
    table_id: i64,
    commit: &super::Commit<'_>,
) -> Result<(), StoreError> {
    let reversed: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM ledger l
         WHERE chat = $1 AND table_id = $2 AND debtor = $3 AND kind = 'debt' AND reason = $4
           AND NOT EXISTS (SELECT 1 FROM ledger r WHERE r.reverses = l.id)
         ORDER BY id DESC LIMIT 1",
    )
    .bind(chat.to_string())
    .bind(table_id)
    .bind(debt.user.as_str())
    .bind(debt.reason.id())
    .fetch_optional(&mut *tx)
    .await?;
    let Some(reversed) = reversed else {
        return Ok(());
    };
    let entry = NewLedgerEntry {
        kind: "reversal",
        rounds: -1,
        reason: "undo".into(),
        actor: commit.actor.to_string(),
        actor_name: commit.actor_name.to_string(),
        reverses: Some(reversed),
        ..NewLedgerEntry::debt(chat, debt, table_id, commit.now)
    };
    insert(tx, &entry).await.map(|_| ())
}

const ROW_COLUMNS: &str =
    "l.id, l.at, l.kind, l.debtor, l.debtor_name, l.rounds, l.reason, l.table_id,
    l.actor, l.actor_name, l.reverses,
    CASE WHEN EXISTS (SELECT 1 FROM ledger r WHERE r.reverses = l.id) THEN 1 ELSE 0 END
        AS reversed";

fn decode(r: &sqlx::any::AnyRow) -> LedgerRow {
    LedgerRow {
        id: r.get("id"),
        at: r.get("at"),
        kind: r.get("kind"),
        debtor: UserId(r.get("debtor")),
        debtor_name: r.get("debtor_name"),
        rounds: r.get("rounds"),
        reason: r.get("reason"),
        table_id: r.get("table_id"),
        actor: r.get("actor"),
        actor_name: r.get("actor_name"),
        reverses: r.get("reverses"),
        reversed: r.get::<i64, _>("reversed") != 0,
    }
}

impl Store {
    /// Appends entries in one transaction (with the request id, if any). Returns their ids.
    pub async fn append_ledger(
        &self,
        entries: &[NewLedgerEntry],
        request_id: Option<&str>,
    ) -> Result<Vec<i64>, StoreError> {
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut ids = Vec::with_capacity(entries.len());
        for e in entries {
            ids.push(insert(&mut tx, e).await?);
        }
        if let (Some(request_id), Some(first)) = (request_id, entries.first()) {
            super::record_request(&mut tx, request_id, &first.chat, first.at).await?;
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// Open rounds per debtor (only those who owe), most first.
    pub async fn debts(&self, chat: &ChatId) -> Result<Vec<DebtLine>, StoreError> {
        let rows = sqlx::query(
            "SELECT debtor, CAST(SUM(rounds) AS BIGINT) AS owed,
                    (SELECT debtor_name FROM ledger n WHERE n.chat = $1 AND n.debtor = l.debtor
                     ORDER BY n.id DESC LIMIT 1) AS name
             FROM ledger l WHERE chat = $1 GROUP BY debtor HAVING SUM(rounds) > 0
             ORDER BY owed DESC, name",
        )
        .bind(chat.to_string())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| DebtLine {
                user: UserId(r.get("debtor")),
                name: r.get("name"),
                rounds: r.get("owed"),
            })
            .collect())
    }

    /// The rounds `debtor` owes in `chat`.
    pub async fn owed(&self, chat: &ChatId, debtor: &UserId) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(rounds), 0) AS BIGINT) AS owed FROM ledger WHERE chat = $1 AND debtor = $2",
        )
        .bind(chat.to_string())
        .bind(debtor.as_str())
        .fetch_one(&self.pool)
        .await?;
        Ok(row.get("owed"))
    }

    /// A debtor as the ledger knows him, by name (case-insensitive, newest name wins).
    pub async fn debtor_by_name(
        &self,
        chat: &ChatId,
        name: &str,
    ) -> Result<Option<(UserId, String)>, StoreError> {
        let row = sqlx::query(
            "SELECT debtor, debtor_name FROM ledger WHERE chat = $1 AND lower(debtor_name) = lower($2)
             ORDER BY id DESC LIMIT 1",
        )
        .bind(chat.to_string())
        .bind(name.trim().trim_start_matches('@'))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (UserId(r.get("debtor")), r.get("debtor_name"))))
    }

    /// The newest name the ledger has for a user.
    pub async fn debtor_name(
        &self,
        chat: &ChatId,
        user: &UserId,
    ) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT debtor_name FROM ledger WHERE chat = $1 AND debtor = $2 ORDER BY id DESC LIMIT 1",
        )
        .bind(chat.to_string())
        .bind(user.as_str())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.get("debtor_name")))
    }

    /// Newest first, `size` per page (page 1 is the newest). Returns the lines and the page
    /// count.
    pub async fn history(
        &self,
        chat: &ChatId,
        page: u32,
        size: u32,
    ) -> Result<(Vec<LedgerLine>, u32), StoreError> {
        let total: i64 = sqlx::query("SELECT COUNT(*) AS n FROM ledger WHERE chat = $1")
            .bind(chat.to_string())
            .fetch_one(&self.pool)
            .await?
            .get("n");
        let size = size.max(1);
        let pages = (total as u32).div_ceil(size).max(1);
        let rows = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM ledger l WHERE chat = $1 ORDER BY id DESC LIMIT $2 OFFSET $3"
        ))
        .bind(chat.to_string())
        .bind(i64::from(size))
        .bind(i64::from(page.saturating_sub(1)) * i64::from(size))
        .fetch_all(&self.pool)
        .await?;
        Ok((
            rows.iter()
                .map(|r| {
                    let row = decode(r);
                    LedgerLine {
                        id: row.id,
                        at: row.at,
                        kind: row.kind,
                        debtor: row.debtor_name,
                        rounds: row.rounds,
                        reason: row.reason,
                        actor: (row.actor != GAME_ACTOR).then_some(row.actor_name),
                        reverses: row.reverses,
                    }
                })
                .collect(),
            pages,
        ))
    }

    /// The actor's newest own ledger action (payment, claim) that is not reversed.
    pub async fn last_own_action(
        &self,
        chat: &ChatId,
        actor: &UserId,
    ) -> Result<Option<LedgerRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM ledger l
             WHERE chat = $1 AND actor = $2 AND kind IN ('paid', 'claim')
               AND NOT EXISTS (SELECT 1 FROM ledger r WHERE r.reverses = l.id)
             ORDER BY id DESC LIMIT 1"
        ))
        .bind(chat.to_string())
        .bind(actor.as_str())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(decode))
    }

    /// The debtor's open claim of a payment (not reversed and not yet confirmed).
    pub async fn open_claim(
        &self,
        chat: &ChatId,
        debtor: &UserId,
    ) -> Result<Option<LedgerRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM ledger l
             WHERE chat = $1 AND debtor = $2 AND kind = 'claim'
               AND NOT EXISTS (SELECT 1 FROM ledger r WHERE r.reverses = l.id)
               AND NOT EXISTS (SELECT 1 FROM ledger p WHERE p.kind = 'paid' AND p.debtor = l.debtor
                               AND p.chat = l.chat AND p.id > l.id)
             ORDER BY id DESC LIMIT 1"
        ))
        .bind(chat.to_string())
        .bind(debtor.as_str())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(decode))
    }

    /// Every entry of the chat, oldest first.
    pub async fn ledger_rows(&self, chat: &ChatId) -> Result<Vec<LedgerRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM ledger l WHERE chat = $1 ORDER BY id"
        ))
        .bind(chat.to_string())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(decode).collect())
    }
}
