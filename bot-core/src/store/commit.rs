//! Committing one command: the table's snapshot and log entry, the throws, the ledger and
//! the statistics it changed, and the request id — all or nothing.

use super::{
    NewLedgerEntry, Store, StoreError, ThrowRow, ledger, moves, record_request, results, stats,
    throws,
};
use crate::model::records::PlayerStats;
use crate::model::table::{NewDebt, Table};
use sqlx::Row;

/// One command's changes, committed together.
#[derive(Debug)]
pub struct Commit<'a> {
    pub table: &'a Table,
    /// The version the table had when the command was decided on (ignored for a new table):
    /// stored only if the table is still there, else [`StoreError::Stale`].
    pub prior_version: u64,
    pub actor: &'a str,
    /// The actor's name, for ledger entries he causes.
    pub actor_name: &'a str,
    /// The command as JSON and the engine events it caused (JSON), for the log.
    pub command: String,
    pub events: String,
    pub debts: &'a [NewDebt],
    /// The throws of provably fair dice this command drew.
    pub throws: &'a [ThrowRow],
    pub stats: &'a [PlayerStats],
    /// Debts of this table to reverse, and statistics to take off the season: a round
    /// entered by hand was taken back.
    pub reversed_debts: &'a [NewDebt],
    pub stats_off: &'a [PlayerStats],
    pub request_id: Option<&'a str>,
    pub now: i64,
}

impl Commit<'_> {
    /// Whether the command writes to the ledger or the statistics (not only to its table).
    fn beyond_the_table(&self) -> bool {
        !self.debts.is_empty()
            || !self.stats.is_empty()
            || !self.reversed_debts.is_empty()
            || !self.stats_off.is_empty()
    }
}

impl Store {
    /// Commits one command: the table's new snapshot, its log entry, debts, statistics and the
    /// request id, all or nothing. Returns the table's id (new tables get one here).
    pub async fn commit(&self, commit: &Commit<'_>) -> Result<i64, StoreError> {
        self.reachable()?;
        let table = commit.table;
        let snapshot = serde_json::to_string(table).map_err(|e| StoreError::Snapshot {
            id: table.id,
            message: e.to_string(),
        })?;
        if table.id != 0 && !commit.beyond_the_table() {
            // The common case, a move: handed to the group writer (see `moves`).
            return self.commit_move(commit, snapshot).await;
        }
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let id = write_table(&mut tx, commit, &snapshot).await?;
        throws::insert(&mut tx, id, commit.throws).await?;
        write_ledger_and_stats(&mut tx, commit, id).await?;
        if let Some(request_id) = commit.request_id {
            record_request(&mut tx, request_id, &table.chat, commit.now).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    async fn commit_move(&self, commit: &Commit<'_>, snapshot: String) -> Result<i64, StoreError> {
        let table = commit.table;
        let (done, answer) = tokio::sync::oneshot::channel();
        let job = moves::Move {
            table_id: table.id,
            chat: table.chat.to_string(),
            status: table.status.id(),
            prior: commit.prior_version as i64,
            version: table.version as i64,
            snapshot,
            at: commit.now,
            seq: table.log_seq as i64,
            actor: commit.actor.to_string(),
            command: commit.command.clone(),
            events: commit.events.clone(),
            throws: throws::to_json(commit.throws),
            request_id: commit.request_id.map(str::to_string),
            turn_deadline: table.turn_deadline,
            done,
        };
        self.moves
            .send(job)
            .map_err(|_| StoreError::Db(sqlx::Error::PoolClosed))?;
        match answer.await {
            Ok(result) => result.map(|()| table.id),
            Err(_) => Err(StoreError::Db(sqlx::Error::PoolClosed)),
        }
    }
}

/// The table's row (inserted for a new table) and its log entry; returns the table's id.
async fn write_table(
    tx: &mut sqlx::AnyConnection,
    commit: &Commit<'_>,
    snapshot: &str,
) -> Result<i64, StoreError> {
    let table = commit.table;
    let id = if table.id == 0 {
        sqlx::query(
            "INSERT INTO tables (chat, status, version, snapshot, created_at, updated_at,
                                 turn_deadline)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(table.chat.to_string())
        .bind(table.status.id())
        .bind(table.version as i64)
        .bind(snapshot)
        .bind(table.created_at)
        .bind(commit.now)
        .bind(table.turn_deadline)
        .fetch_one(&mut *tx)
        .await?
        .get::<i64, _>("id")
    } else {
        let updated = sqlx::query(
            "UPDATE tables SET status = $1, version = $2, snapshot = $3, updated_at = $4,
               turn_deadline = $5
             WHERE id = $6 AND version = $7",
        )
        .bind(table.status.id())
        .bind(table.version as i64)
        .bind(snapshot)
        .bind(commit.now)
        .bind(table.turn_deadline)
        .bind(table.id)
        .bind(commit.prior_version as i64)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(StoreError::Stale);
        }
        table.id
    };
    sqlx::query(
        "INSERT INTO table_log (table_id, seq, at, actor, command, events) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(table.log_seq as i64)
    .bind(commit.now)
    .bind(commit.actor)
    .bind(&commit.command)
    .bind(&commit.events)
    .execute(&mut *tx)
    .await?;
    Ok(id)
}

/// New debts and statistics, and those a taken-back round reverses.
async fn write_ledger_and_stats(
    tx: &mut sqlx::AnyConnection,
    commit: &Commit<'_>,
    table_id: i64,
) -> Result<(), StoreError> {
    let table = commit.table;
    let group = table.chat.group();
    for debt in commit.debts {
        let entry = NewLedgerEntry::debt(&group, debt, table_id, commit.now);
        ledger::insert(&mut *tx, &entry).await?;
    }
    for delta in commit.stats {
        stats::add(&mut *tx, &group, table.season, delta).await?;
    }
    if !commit.stats.is_empty() {
        results::insert(&mut *tx, table, table_id, commit.stats, commit.now).await?;
    }
    for debt in commit.reversed_debts {
        ledger::reverse_debt(&mut *tx, &group, debt, table_id, commit).await?;
    }
    for delta in commit.stats_off {
        stats::take_off(&mut *tx, &group, table.season, delta).await?;
    }
    if !commit.stats_off.is_empty() {
        results::remove(&mut *tx, table_id).await?;
    }
    Ok(())
}
