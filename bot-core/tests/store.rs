//! The SQLite store: migrations on an empty file and on every earlier schema, an append-only
//! ledger, and WAL mode.

use bot_core::store::{MIGRATOR, Store};
use sqlx::Row;
use sqlx::migrate::Migrator;
use sqlx::sqlite::SqliteConnectOptions;
use std::str::FromStr;

fn url(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("s.db").display())
}

#[tokio::test]
async fn migrations_apply_to_an_empty_file_and_twice_without_harm() {
    let dir = tempfile::tempdir().expect("dir");
    let store = Store::open(&url(&dir)).await.expect("created and migrated");
    store.migrate().await.expect("again");
    let mode: String = sqlx::query("PRAGMA journal_mode")
        .fetch_one(store.pool())
        .await
        .expect("pragma")
        .get(0);
    assert_eq!(mode, "wal");
    store.close().await;
}

#[tokio::test]
async fn migrations_apply_to_every_earlier_schema() {
    let all: Vec<_> = MIGRATOR.iter().cloned().collect();
    assert!(!all.is_empty());
    for applied in 0..=all.len() {
        let dir = tempfile::tempdir().expect("dir");
        let options = SqliteConnectOptions::from_str(&url(&dir))
            .expect("url")
            .create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(options).await.expect("pool");
        // The schema as an older release left it.
        let mut older = Migrator::DEFAULT;
        older.migrations = all[..applied].to_vec().into();
        older.run(&pool).await.expect("older schema");
        pool.close().await;
        let store = Store::open(&url(&dir)).await.expect("upgraded");
        let version: i64 = sqlx::query("SELECT MAX(version) FROM _sqlx_migrations")
            .fetch_one(store.pool())
            .await
            .expect("version")
            .get(0);
        assert_eq!(version, all.last().map(|m| m.version).unwrap_or(0));
        store.close().await;
    }
}

#[tokio::test]
async fn the_ledger_is_append_only() {
    let dir = tempfile::tempdir().expect("dir");
    let store = Store::open(&url(&dir)).await.expect("store");
    sqlx::query(
        "INSERT INTO ledger (chat, at, kind, debtor, debtor_name, rounds, reason, actor, actor_name)
         VALUES ('c', 1, 'debt', 'u', 'U', 1, 'game_lost', 'game', 'game')",
    )
    .execute(store.pool())
    .await
    .expect("append");
    for sql in [
        "UPDATE ledger SET rounds = 0",
        "UPDATE ledger SET debtor = 'x'",
        "DELETE FROM ledger",
    ] {
        let err = sqlx::query(sql).execute(store.pool()).await.expect_err(sql);
        assert!(err.to_string().contains("append-only"), "{sql}: {err}");
    }
    // Only the chat id may change (supergroup migration).
    sqlx::query("UPDATE ledger SET chat = 'd'")
        .execute(store.pool())
        .await
        .expect("chat follows");
    // A reversal reverses once.
    for expected_ok in [true, false] {
        let result = sqlx::query(
            "INSERT INTO ledger (chat, at, kind, debtor, debtor_name, rounds, reason, actor, actor_name, reverses)
             VALUES ('d', 2, 'reversal', 'u', 'U', -1, 'undo', 'u', 'U', 1)",
        )
        .execute(store.pool())
        .await;
        assert_eq!(result.is_ok(), expected_ok);
    }
    store.close().await;
}
