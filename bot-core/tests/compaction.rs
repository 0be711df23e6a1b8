//! Compaction of games that are over (issue 15): an hour after its end a game loses its
//! per-move log, the recent moves of its snapshot and its throw rows (packed into one row),
//! and everything the players read of it — the table and last reveal, ledger, history,
//! export, statistics, the dice record and the fairness report — reads exactly as before.

use bot_core::service::reply::ProofReport;
use bot_core::service::{Content, Reply, Request, ServiceError, Table, UserRef};
use bot_core::store::Store;
use sqlx::AnyPool;

mod common;
use common::service::{Harness, actor, chat};

const MINUTE: i64 = 60_000;

/// Everything players read of the place's last game, `game`, by every way there is.
async fn readings(h: &Harness, game: i64) -> Vec<Reply> {
    let requests = [
        ("Anna", Request::Show),
        ("Zuschauer", Request::Show),
        ("Anna", Request::Reveal),
        ("Anna", Request::Debts),
        ("Anna", Request::History { page: 1 }),
        ("Anna", Request::Export),
        ("Anna", Request::Stats),
        ("Anna", Request::Verify { game: None }),
        ("Ben", Request::Verify { game: Some(game) }),
        ("Anna", Request::Fairness),
    ];
    let mut replies = Vec::new();
    for (who, request) in requests {
        replies.push(h.run(actor(who), request).await);
    }
    replies
}

/// What the store holds of a game: log entries, throw rows, packed rows, `log_compacted`.
async fn stored(pool: &AnyPool, game: i64) -> (i64, i64, i64, Option<i64>) {
    let count = |sql: &'static str| async move {
        sqlx::query_scalar::<_, i64>(sql)
            .bind(game)
            .fetch_one(pool)
            .await
            .expect("count")
    };
    let log = count("SELECT COUNT(*) FROM table_log WHERE table_id = $1").await;
    let throws = count("SELECT COUNT(*) FROM throws WHERE table_id = $1").await;
    let packed = count("SELECT COUNT(*) FROM packed_throws WHERE table_id = $1").await;
    let compacted =
        sqlx::query_scalar::<_, Option<i64>>("SELECT log_compacted FROM tables WHERE id = $1")
            .bind(game)
            .fetch_one(pool)
            .await
            .expect("read");
    (log, throws, packed, compacted)
}

/// Anna, Ben and Cem play a game with provable dice to its end; its id.
async fn finished_game(h: &Harness) -> i64 {
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    let game = h.public().await.table_id;
    h.play_to_end().await;
    game
}

/// The clock moves past the hour after the end and the housekeeping pass runs.
async fn an_hour_later(h: &Harness) {
    h.clock.advance(61 * MINUTE);
    h.service.tick().await;
}

#[tokio::test]
async fn a_finished_game_reads_the_same_after_compaction() {
    let mut h = Harness::new().await;
    let game = finished_game(&h).await;
    // Read from the store, as the next day after a restart.
    h.restart().await;
    let before = readings(&h, game).await;
    assert!(before.iter().all(|r| !r.is_error()), "{before:?}");
    let Some(Content::Proof(report)) = &before[7].content else {
        panic!("a proof report: {:?}", before[7]);
    };
    assert!(
        matches!(**report, ProofReport::Checked { throws, mismatch: None, .. } if throws > 0),
        "{report:?}"
    );
    let store = h.store.clone();
    let table = store.table_by_id(game).await.expect("read").expect("game");
    assert!(!table.moves.is_empty());
    let throws = store.game_throws(game).await.expect("throws");
    let faces = store.face_counts(&chat()).await.expect("faces");
    assert!(faces.games == 1 && faces.faces.iter().sum::<u64>() > 0);
    let (log, rows, packed, compacted) = stored(store.pool(), game).await;
    assert!(log > 0 && rows > 0 && !throws.is_empty());
    assert_eq!((rows, packed, compacted), (throws.len() as i64, 0, None));

    an_hour_later(&h).await;
    assert_eq!(stored(store.pool(), game).await, (0, 0, 1, Some(log)));
    h.restart().await;
    assert_eq!(readings(&h, game).await, before);
    let store = &h.store;
    let compacted = store.table_by_id(game).await.expect("read").expect("game");
    assert_eq!(compacted.moves, vec![]);
    assert_eq!(
        compacted,
        Table {
            moves: vec![],
            ..table
        }
    );
    assert_eq!(store.game_throws(game).await.expect("throws"), throws);
    assert_eq!(store.face_counts(&chat()).await.ok(), Some(faces));
}

#[tokio::test]
async fn games_are_compacted_an_hour_after_their_end_and_open_ones_never() {
    let h = Harness::new().await;
    let game = finished_game(&h).await;
    h.table_of(&["Anna", "Ben"]).await;
    let open = h.public().await.table_id;
    let store = &h.store;
    h.clock.advance(59 * MINUTE);
    h.service.tick().await;
    assert_eq!(stored(store.pool(), game).await.3, None, "not yet");
    an_hour_later(&h).await;
    assert!(stored(store.pool(), game).await.3.is_some());
    // The running table stays whole, whatever asks.
    let open_log = stored(store.pool(), open).await;
    assert!(open_log.0 > 0 && open_log.3.is_none());
    assert!(!store.compact_game(open).await.expect("compact"));
    assert_eq!(store.compact_games_over(i64::MAX, 10).await.ok(), Some(0));
    assert_eq!(stored(store.pool(), open).await, open_log);
    // Its players play on.
    let current = h.current().await.expect("someone to act");
    h.ok(actor(&current), Request::Stand).await;
}

#[tokio::test]
async fn an_abandoned_game_reads_the_same_after_compaction() {
    let mut h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let game = h.public().await.table_id;
    let current = h.current().await.expect("someone to act");
    h.ok(actor(&current), Request::Roll).await;
    h.ok(actor("Anna"), Request::End).await;
    h.restart().await;
    let before = readings(&h, game).await;
    an_hour_later(&h).await;
    assert_eq!(stored(h.store.pool(), game).await.2, 1);
    h.restart().await;
    assert_eq!(readings(&h, game).await, before);
}

#[tokio::test]
async fn a_tally_game_reads_the_same_after_compaction() {
    let mut h = Harness::new().await;
    h.ok(actor("Anna"), Request::OpenTally).await;
    h.ok(actor("Ben"), Request::Join).await;
    h.ok(actor("Cem"), Request::Join).await;
    let game = h.public().await.table_id;
    let starter = UserRef::Name("Cem".into());
    h.ok(actor("Anna"), Request::StartWith { starter }).await;
    let enter = |text: &str| Request::EnterRound { text: text.into() };
    h.ok(actor("Anna"), enter("Cem aus")).await;
    h.ok(actor("Anna"), enter("Cem aus")).await;
    h.clock.advance(10 * MINUTE);
    h.restart().await;
    let mut before = readings(&h, game).await;
    before.push(h.run(actor("Anna"), Request::Undo).await);
    an_hour_later(&h).await;
    let (log, rows, packed, compacted) = stored(h.store.pool(), game).await;
    assert_eq!((log, rows, packed), (0, 0, 0), "no dice of the bot's");
    assert!(compacted.is_some_and(|n| n > 0));
    h.restart().await;
    let mut after = readings(&h, game).await;
    after.push(h.run(actor("Anna"), Request::Undo).await);
    assert_eq!(after, before);
    assert!(matches!(
        before.last().and_then(Reply::error_kind),
        Some(ServiceError::UndoExpired { .. })
    ));
}

#[tokio::test]
async fn two_processes_compact_a_game_once() {
    let h = Harness::new().await;
    let game = finished_game(&h).await;
    let other = Store::open(h.url()).await.expect("second store");
    let store = &h.store;
    let (log, rows, ..) = stored(store.pool(), game).await;
    let throws = store.game_throws(game).await.expect("throws");
    let (a, b) = tokio::join!(store.compact_game(game), other.compact_game(game));
    let (a, b) = (a.expect("compact"), b.expect("compact"));
    assert!(a != b, "one of them compacts it: {a} {b}");
    assert_eq!(stored(store.pool(), game).await, (0, 0, 1, Some(log)));
    assert!(rows > 0);
    assert_eq!(other.game_throws(game).await.expect("throws"), throws);
    other.close().await;
}

#[tokio::test]
async fn an_unreadable_game_stays_whole() {
    let h = Harness::new().await;
    let game = finished_game(&h).await;
    let store = &h.store;
    sqlx::query("UPDATE tables SET snapshot = '{' WHERE id = $1")
        .bind(game)
        .execute(store.pool())
        .await
        .expect("break it");
    let (log, rows, ..) = stored(store.pool(), game).await;
    an_hour_later(&h).await;
    // Looked at once (nothing dropped), then left alone: the log is there to repair it from.
    assert_eq!(stored(store.pool(), game).await, (log, rows, 0, Some(0)));
    assert_eq!(store.compact_games_over(i64::MAX, 10).await.ok(), Some(0));
}

/// A database of the bot before compaction: its games that are over are compacted once the
/// new bot runs, and read the same.
#[tokio::test]
async fn games_of_an_older_database_are_compacted_too() {
    let mut h = Harness::new().await;
    let game = finished_game(&h).await;
    h.restart().await;
    let before = readings(&h, game).await;
    // Back to the schema before compaction (the game is not compacted yet).
    for sql in [
        "DROP INDEX tables_to_compact",
        "ALTER TABLE tables DROP COLUMN log_compacted",
        "DROP TABLE packed_throws",
        "DELETE FROM _sqlx_migrations WHERE version = 20261202000005",
    ] {
        sqlx::query(sql)
            .execute(h.store.pool())
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
    // The new bot starts on it: the migration runs again, the housekeeping compacts.
    h.restart().await;
    let log = stored(h.store.pool(), game).await.0;
    an_hour_later(&h).await;
    assert_eq!(stored(h.store.pool(), game).await, (0, 0, 1, Some(log)));
    h.restart().await;
    assert_eq!(readings(&h, game).await, before);
    // A later game in the same database is compacted the same way.
    let next = finished_game(&h).await;
    an_hour_later(&h).await;
    assert_eq!(stored(h.store.pool(), next).await.2, 1);
    h.ok(actor("Anna"), Request::Verify { game: Some(game) })
        .await;
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
