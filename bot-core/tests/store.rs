//! The store on both backends: migrations on an empty database and on every earlier schema,
//! an append-only ledger, WAL mode on SQLite, and a move decided on an older table refused.

use bot_core::engine::DebtReason;
use bot_core::model::table::NewDebt;
use bot_core::service::{Request, Table, UserId};
use bot_core::store::{Backend, Commit, Store, StoreError, WriteTurns};
use sqlx::Row;
use sqlx::migrate::Migrator;

mod common;
use common::backend::{backend, fresh_url};
use common::service::{Harness, actor, chat};

#[tokio::test]
async fn migrations_apply_to_an_empty_database_and_twice_without_harm() {
    let dir = tempfile::tempdir().expect("dir");
    let store = Store::open(&fresh_url(&dir).await)
        .await
        .expect("created and migrated");
    store.migrate().await.expect("again");
    assert_eq!(store.backend(), backend());
    if backend() == Backend::Sqlite {
        let mode: String = sqlx::query("PRAGMA journal_mode")
            .fetch_one(store.pool())
            .await
            .expect("pragma")
            .get(0);
        assert_eq!(mode, "wal");
    }
    store.close().await;
}

#[tokio::test]
async fn migrations_apply_to_every_earlier_schema() {
    let all: Vec<_> = backend().migrator().iter().cloned().collect();
    assert!(!all.is_empty());
    for applied in 0..=all.len() {
        let dir = tempfile::tempdir().expect("dir");
        let url = fresh_url(&dir).await;
        if backend() == Backend::Sqlite {
            // The file as an older release created it.
            std::fs::File::create(dir.path().join("schocken.db")).expect("file");
        }
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&url).await.expect("pool");
        // The schema as an older release left it.
        let mut older = Migrator::DEFAULT;
        older.migrations = all[..applied].to_vec().into();
        older.run(&pool).await.expect("older schema");
        pool.close().await;
        let store = Store::open(&url).await.expect("upgraded");
        let version: i64 = sqlx::query("SELECT MAX(version) AS v FROM _sqlx_migrations")
            .fetch_one(store.pool())
            .await
            .expect("version")
            .get("v");
        assert_eq!(version, all.last().map(|m| m.version).unwrap_or(0));
        store.close().await;
    }
}

#[tokio::test]
async fn the_ledger_is_append_only() {
    let dir = tempfile::tempdir().expect("dir");
    let store = Store::open(&fresh_url(&dir).await).await.expect("store");
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

fn commit<'a>(table: &'a Table, prior_version: u64, request_id: Option<&'a str>) -> Commit<'a> {
    Commit {
        table,
        prior_version,
        actor: "test:anna",
        actor_name: "Anna",
        command: "{}".into(),
        events: "[]".into(),
        debts: &[],
        throws: &[],
        stats: &[],
        reversed_debts: &[],
        stats_off: &[],
        request_id,
        now: 1,
    }
}

/// Two processes read a table at the same version and both decide a move: the first is
/// stored, the second is refused as stale and stores nothing (no log entry, no request id),
/// so the process that lost re-reads the table and decides again.
#[tokio::test]
async fn a_move_decided_on_an_older_table_is_refused_whole() {
    let h = Harness::new().await;
    h.ok(actor("Anna"), Request::Open).await;
    let first = &h.store;
    let second = Store::open(h.url()).await.expect("a second process");
    let table = first
        .open_table(&chat())
        .await
        .expect("read")
        .expect("open");
    let at_one = table.clone();
    let mut moved = at_one.clone();
    moved.version += 1;
    moved.log_seq += 1;
    first
        .commit(&commit(&moved, at_one.version, Some("r1")))
        .await
        .expect("the first move is stored");
    let mut late = at_one.clone();
    late.version += 1;
    late.log_seq += 1;
    let refused = second
        .commit(&commit(&late, at_one.version, Some("r2")))
        .await;
    assert!(matches!(refused, Err(StoreError::Stale)), "{refused:?}");
    assert!(!second.seen_request("r2").await.expect("read"));
    let log = first.table_log(table.id).await.expect("log");
    assert_eq!(log.len() as u64, table.log_seq + 1);
    // Decided again on the stored table, it goes in.
    let fresh = second
        .open_table(&table.chat)
        .await
        .expect("read")
        .expect("open");
    let mut again = fresh.clone();
    again.version += 1;
    again.log_seq += 1;
    second
        .commit(&commit(&again, fresh.version, Some("r2")))
        .await
        .expect("stored");
    // A move that also writes the ledger takes the other path: the same check.
    let debt = [NewDebt {
        user: UserId::new("test", "anna"),
        name: "Anna".into(),
        reason: DebtReason::GameLost,
    }];
    let with_debt = Commit {
        debts: &debt,
        ..commit(&moved, at_one.version, None)
    };
    let refused = first.commit(&with_debt).await;
    assert!(matches!(refused, Err(StoreError::Stale)), "{refused:?}");
    assert!(first.debts(&chat()).await.expect("read").is_empty());
    second.close().await;
}

/// Every test above again, on PostgreSQL (see `common::backend`).
/// Issue 27: a chat's next write turn and the old buttons still to take off are kept in the
/// database, so a restarted process finds them; turns long past are pruned.
#[tokio::test]
async fn write_turns_and_old_buttons_survive_a_restart() {
    let mut h = Harness::new().await;
    let turns = WriteTurns::new(h.store.clone());
    let now = 1_000_000;
    assert_eq!(
        turns.reserve_write("-100", now, 3_050).await.expect("turn"),
        now
    );
    turns
        .note_strip("telegram", "-100", "tg:-100:7")
        .await
        .expect("noted");
    turns
        .note_strip("telegram", "-100", "tg:-100:7")
        .await
        .expect("noted twice: once");
    turns
        .note_strip("discord", "discord:1/2", "99")
        .await
        .expect("noted");
    h.restart().await;
    let turns = WriteTurns::new(h.store.clone());
    let next = turns.reserve_write("-100", now + 80, 3_050).await;
    assert_eq!(
        next.expect("turn"),
        now + 3_050,
        "not right after the last write"
    );
    assert_eq!(
        turns.pending_strips("telegram").await.expect("strips"),
        [("-100".to_string(), "tg:-100:7".to_string())]
    );
    turns
        .strip_done("telegram", "-100", "tg:-100:7")
        .await
        .expect("done");
    assert!(
        turns
            .pending_strips("telegram")
            .await
            .expect("strips")
            .is_empty()
    );
    assert_eq!(
        turns.pending_strips("discord").await.expect("strips").len(),
        1
    );
    // A process that paces a chat itself notes each write's next turn; its successor waits
    // for it.
    turns.note_write("-200", now + 10_000).await.expect("noted");
    h.restart().await;
    let turns = WriteTurns::new(h.store.clone());
    let next = turns.reserve_write("-200", now + 8_000, 3_050).await;
    assert_eq!(next.expect("turn"), now + 10_000);
}

#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
