//! Reads the bot's database after a run: how much was stored, and whether every table is
//! sound (the crash checks). `database` is a URL, SQLite or PostgreSQL ([`sqlite`] makes
//! one of a file, read only).

use serde_json::Value;
use sqlx::Row;
use std::collections::HashMap;
use std::path::Path;

/// The read-only URL of a SQLite file.
pub fn sqlite(path: &Path) -> String {
    format!("sqlite://{}?mode=ro", path.display())
}

async fn open(database: &str) -> anyhow::Result<sqlx::AnyPool> {
    sqlx::any::install_default_drivers();
    Ok(sqlx::pool::PoolOptions::new()
        .max_connections(2)
        .connect(database)
        .await?)
}

/// Commands stored (rows of the event log, and those of games compacted since: see
/// `tables.log_compacted`) and the average size of what one stores (snapshot and events), for
/// a fair baseline.
pub async fn committed(database: &str) -> anyhow::Result<(u64, usize)> {
    let pool = open(database).await?;
    let row = sqlx::query(
        "SELECT COUNT(*) AS n,
                CAST(COALESCE(AVG(LENGTH(command) + LENGTH(events)), 0) AS DOUBLE PRECISION)
                    AS log_bytes,
                (SELECT CAST(COALESCE(AVG(LENGTH(snapshot)), 0) AS DOUBLE PRECISION)
                 FROM tables) AS snapshot_bytes,
                (SELECT CAST(COALESCE(SUM(log_compacted), 0) AS BIGINT) FROM tables) AS compacted
         FROM table_log",
    )
    .fetch_one(&pool)
    .await?;
    let n: i64 = row.get::<i64, _>("n") + row.get::<i64, _>("compacted");
    let bytes: f64 = row.get::<f64, _>("log_bytes") + row.get::<f64, _>("snapshot_bytes");
    pool.close().await;
    Ok((n as u64, bytes as usize))
}

/// Games stored as finished.
pub async fn finished_games(database: &str) -> anyhow::Result<u64> {
    let pool = open(database).await?;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tables WHERE status = 'finished'")
        .fetch_one(&pool)
        .await?;
    pool.close().await;
    Ok(n as u64)
}

/// One stored table as the checks see it.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub id: i64,
    pub chat: String,
    pub status: String,
    pub version: u64,
    pub snapshot: Value,
}

pub async fn tables(database: &str) -> anyhow::Result<Vec<StoredTable>> {
    let pool = open(database).await?;
    let rows = sqlx::query("SELECT id, chat, status, version, snapshot FROM tables ORDER BY id")
        .fetch_all(&pool)
        .await?;
    pool.close().await;
    rows.iter()
        .map(|r| {
            Ok(StoredTable {
                id: r.get("id"),
                chat: r.get("chat"),
                status: r.get("status"),
                version: r.get::<i64, _>("version") as u64,
                snapshot: serde_json::from_str(&r.get::<String, _>("snapshot"))?,
            })
        })
        .collect()
}

/// Game-lost debts per table.
pub async fn bierrunden(database: &str) -> anyhow::Result<HashMap<i64, i64>> {
    let pool = open(database).await?;
    let rows = sqlx::query(
        "SELECT table_id, COUNT(*) AS n FROM ledger
         WHERE kind = 'debt' AND reason = 'game_lost' GROUP BY table_id",
    )
    .fetch_all(&pool)
    .await?;
    pool.close().await;
    Ok(rows
        .iter()
        .map(|r| (r.get::<Option<i64>, _>("table_id").unwrap_or(0), r.get("n")))
        .collect())
}

/// Whether the request ids were stored (the interaction or update was committed).
pub async fn stored_requests(database: &str) -> anyhow::Result<std::collections::HashSet<String>> {
    let pool = open(database).await?;
    let rows = sqlx::query("SELECT request_id FROM requests")
        .fetch_all(&pool)
        .await?;
    pool.close().await;
    Ok(rows.iter().map(|r| r.get("request_id")).collect())
}

/// The Deckel of a stored game: the stock plus every player's, and the rule set's count.
pub fn deckel(snapshot: &Value) -> Option<(u64, u64)> {
    let game = snapshot.get("game").filter(|g| !g.is_null())?;
    let stock = game.get("stock")?.as_u64()?;
    let held: u64 = game
        .get("holdings")?
        .as_array()?
        .iter()
        .filter_map(Value::as_u64)
        .sum();
    let total = game.get("rules")?.get("deckel")?.as_u64()?;
    Some((stock + held, total))
}

/// What the players saw, gathered from both platforms.
#[derive(Clone, Debug, Default)]
pub struct SeenSummary {
    pub versions: std::collections::BTreeMap<u64, u64>,
    pub stuck: Vec<(i64, u64, u64, String)>,
}

/// Everything the crash checks found wrong (empty: all sound).
pub async fn problems(
    database: &str,
    seen_versions: &std::collections::BTreeMap<u64, u64>,
) -> anyhow::Result<Vec<String>> {
    let mut problems = Vec::new();
    let stored = tables(database).await?;
    let debts = bierrunden(database).await?;
    for t in &stored {
        if let Some((held, total)) = deckel(&t.snapshot)
            && held != total
        {
            problems.push(format!("table {}: {held} Deckel, not {total}", t.id));
        }
        let owed = debts.get(&t.id).copied().unwrap_or(0);
        let expected = i64::from(t.status == "finished");
        if owed != expected {
            problems.push(format!(
                "table {} ({}): {owed} Bierrunden, expected {expected}",
                t.id, t.status
            ));
        }
    }
    // Every scored round of every half: the stock and the players' Deckel add up (a game
    // compacted an hour after its end has no log left: its final snapshot is checked above).
    let pool = open(database).await?;
    let rows = sqlx::query("SELECT table_id, events FROM table_log")
        .fetch_all(&pool)
        .await?;
    pool.close().await;
    let totals: HashMap<i64, u64> = stored
        .iter()
        .filter_map(|t| deckel(&t.snapshot).map(|(_, total)| (t.id, total)))
        .collect();
    for row in rows {
        let table: i64 = row.get("table_id");
        let events: Value = serde_json::from_str(&row.get::<String, _>("events"))?;
        for e in events.as_array().into_iter().flatten() {
            if e.get("event").and_then(Value::as_str) != Some("round_scored") {
                continue;
            }
            let stock = e.get("stock").and_then(Value::as_u64).unwrap_or(0);
            let held: u64 = e
                .get("throws")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|t| t.get("deckel").and_then(Value::as_u64))
                .sum();
            if let Some(total) = totals.get(&table)
                && stock + held != *total
            {
                problems.push(format!(
                    "table {table}: a round ended with {} Deckel, not {total}",
                    stock + held
                ));
            }
        }
    }
    for (table, shown) in seen_versions {
        match stored.iter().find(|t| t.id as u64 == *table) {
            Some(t) if t.version >= *shown => {}
            Some(t) => problems.push(format!(
                "table {table}: version {shown} was shown, only {} is stored",
                t.version
            )),
            None => problems.push(format!("table {table} was shown but is not stored")),
        }
    }
    Ok(problems)
}
