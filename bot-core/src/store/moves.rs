//! Group commit of moves: every move that queued up while the previous batch was written goes
//! into the database in one multi-row INSERT (one statement, so all or nothing; see the
//! migrations `one_statement_moves` and `move_at_version`; PostgreSQL's view works the same).
//! Many tables moving at once then cost one write, not one each; a lone move is written at
//! once.

use super::{Backend, StoreError};
use sqlx::AnyPool;
use std::sync::Arc;
use tokio::sync::{Mutex, mpsc, oneshot};

/// Rows per statement (14 parameters each, far below either database's limit).
const MAX_BATCH: usize = 64;

/// One move to store, and where to say whether it was stored.
pub(super) struct Move {
    pub table_id: i64,
    pub chat: String,
    pub status: &'static str,
    /// The version the move was decided on.
    pub prior: i64,
    pub version: i64,
    pub snapshot: String,
    pub at: i64,
    pub seq: i64,
    pub actor: String,
    pub command: String,
    pub events: String,
    /// The move's throws as JSON (see `throws::to_json`).
    pub throws: String,
    pub request_id: Option<String>,
    /// The table's turn deadline (ms), kept as a column for the timers of every process.
    pub turn_deadline: Option<i64>,
    pub done: oneshot::Sender<Result<(), StoreError>>,
}

pub(super) fn spawn_writer(
    pool: AnyPool,
    backend: Backend,
    writer: Arc<Mutex<()>>,
) -> mpsc::UnboundedSender<Move> {
    let (tx, mut rx) = mpsc::unbounded_channel::<Move>();
    tokio::spawn(async move {
        while let Some(first) = rx.recv().await {
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH {
                match rx.try_recv() {
                    Ok(m) => batch.push(m),
                    Err(_) => break,
                }
            }
            let _guard = match backend {
                Backend::Sqlite => Some(writer.lock().await),
                Backend::Postgres => None,
            };
            match insert(&pool, &batch).await {
                Ok(()) => {
                    for m in batch {
                        let _ = m.done.send(Ok(()));
                    }
                }
                // One row failed (a repeated request id, a table moved on elsewhere): store
                // the others one by one so only that one is refused. A database that is
                // gone refuses them all at once instead of once each.
                Err(e) if batch.len() > 1 && !e.is_unreachable() => {
                    for m in batch {
                        let result = insert(&pool, std::slice::from_ref(&m)).await;
                        let _ = m.done.send(result);
                    }
                }
                Err(e) => {
                    for m in batch {
                        let _ = m.done.send(Err(copy(&e)));
                    }
                }
            }
        }
    });
    tx
}

fn copy(e: &StoreError) -> StoreError {
    match e {
        StoreError::Duplicate => StoreError::Duplicate,
        StoreError::Stale => StoreError::Stale,
        StoreError::Unreachable(why) => StoreError::Unreachable(why.clone()),
        other => StoreError::Db(sqlx::Error::Protocol(other.to_string())),
    }
}

async fn insert(pool: &AnyPool, batch: &[Move]) -> Result<(), StoreError> {
    const COLUMNS: usize = 14;
    let mut sql = String::from(
        "INSERT INTO table_moves (table_id, chat, status, prior, version, snapshot, at, seq,
                                  actor, command, events, request_id, throws, turn_deadline)
         VALUES ",
    );
    for i in 0..batch.len() {
        sql.push_str(if i > 0 { ",(" } else { "(" });
        for c in 1..=COLUMNS {
            let sep = if c < COLUMNS { ", " } else { ")" };
            sql.push_str(&format!("${}{sep}", i * COLUMNS + c));
        }
    }
    let mut query = sqlx::query(&sql);
    for m in batch {
        query = query
            .bind(m.table_id)
            .bind(&m.chat)
            .bind(m.status)
            .bind(m.prior)
            .bind(m.version)
            .bind(&m.snapshot)
            .bind(m.at)
            .bind(m.seq)
            .bind(&m.actor)
            .bind(&m.command)
            .bind(&m.events)
            .bind(&m.request_id)
            .bind(&m.throws)
            .bind(m.turn_deadline);
    }
    match query.execute(pool).await {
        Ok(_) => Ok(()),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Duplicate),
        Err(e) => Err(e.into()),
    }
}
