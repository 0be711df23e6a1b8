//! The yardstick: a plain sqlx loop of durable transactions on the same machine, with the bot's
//! settings (WAL, synchronous NORMAL) and the bot's average write size.

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{Connection, SqliteConnection};
use std::path::Path;
use std::str::FromStr;
use std::time::Instant;

/// Transactions per second of `count` sequential one-row transactions of `payload` bytes.
pub async fn transactions_per_second(
    dir: &Path,
    count: u64,
    payload: usize,
) -> anyhow::Result<f64> {
    let path = dir.join("baseline.db");
    let _ = std::fs::remove_file(&path);
    let options = SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal);
    let mut conn = SqliteConnection::connect_with(&options).await?;
    sqlx::query("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
        .execute(&mut conn)
        .await?;
    let body = "x".repeat(payload.max(1));
    let started = Instant::now();
    for _ in 0..count {
        let mut tx = conn.begin().await?;
        sqlx::query("INSERT INTO t (payload) VALUES (?)")
            .bind(&body)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    conn.close().await?;
    Ok(count as f64 / seconds)
}
