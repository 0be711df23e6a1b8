//! R-FAIR (issue 11): provably fair dice through the service on a real SQLite file. The
//! commitment is public from the lobby on, the client seed is the players' to set before the
//! start, the server seed shows in no reply before the game is over, and the game's record
//! then checks out throw by throw — also across a restart and for the chat's fairness report.

use bot_core::engine::fair::commitment;
use bot_core::engine::proof::GameRecord;
use bot_core::service::reply::{Content, ProofReport, PublicProof};
use bot_core::service::{Reply, Request, ServiceError, TableStatus};

mod common;
use common::service::{Harness, actor};

fn proof_of(reply: &Reply) -> PublicProof {
    reply
        .table
        .as_ref()
        .and_then(|t| t.proof.clone())
        .expect("the table shows its dice proof")
}

fn is_hex64(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Plays until the game ends: each player throws once more if he may, then stands. Returns
/// every reply on the way (for the leak check) and the last one.
async fn play_with_rethrows(h: &mut Harness, restart_after: Option<usize>) -> Vec<String> {
    let mut seen = Vec::new();
    for step in 0..5000 {
        if Some(step) == restart_after {
            // A restart mid-game must continue the numbering of the throws.
            h.restart().await;
        }
        let Some(name) = h.current().await else {
            return seen;
        };
        let rolled = h.run(actor(&name), Request::Roll).await;
        let reply = if rolled.is_error() {
            h.ok(actor(&name), Request::Stand).await
        } else {
            rolled
        };
        seen.push(format!("{reply:?}"));
    }
    panic!("the game did not end");
}

async fn verify(h: &Harness, game: Option<i64>) -> ProofReport {
    let reply = h.ok(actor("Anna"), Request::Verify { game }).await;
    match reply.content {
        Some(Content::Proof(report)) => *report,
        other => panic!("no proof report: {other:?}"),
    }
}

#[tokio::test]
async fn r_fair_commitment_before_the_first_die_seed_after_the_end() {
    let mut h = Harness::new().await;
    let opened = h.ok(actor("Anna"), Request::Open).await;
    let lobby = proof_of(&opened);
    assert!(is_hex64(&lobby.commitment));
    assert_eq!(
        lobby.server_seed, None,
        "the seed stays secret in the lobby"
    );
    let game = opened.table.as_ref().map(|t| t.table_id).expect("id");
    assert_eq!(
        lobby.client_seed,
        game.to_string(),
        "default: the game's id"
    );

    h.ok(actor("Ben"), Request::Join).await;
    let seeded = h
        .ok(
            actor("Ben"),
            Request::Seed {
                text: "  Stammtisch ".into(),
            },
        )
        .await;
    assert_eq!(proof_of(&seeded).client_seed, "Stammtisch");
    let running = verify(&h, None).await;
    assert!(matches!(
        &running,
        ProofReport::Running { commitment, client_seed, .. }
            if *commitment == lobby.commitment && client_seed == "Stammtisch"
    ));

    let started = h.ok(actor("Anna"), Request::Start).await;
    let mut seen = vec![format!("{started:?}")];
    assert_eq!(
        h.refused(actor("Anna"), Request::Seed { text: "x".into() })
            .await,
        ServiceError::SeedFixed
    );
    seen.extend(play_with_rethrows(&mut h, None).await);
    let end = h.public().await;
    assert_eq!(end.status, TableStatus::Finished);
    let revealed = end.proof.expect("proof").server_seed.expect("revealed");
    assert_eq!(commitment(&revealed), lobby.commitment);
    let leaked = seen.iter().filter(|s| s.contains(&revealed)).count();
    // Only the reply that ended the game shows it.
    assert_eq!(leaked, 1, "the seed showed before the game was over");

    let ProofReport::Checked {
        game: checked,
        record,
        throws,
        mismatch,
        filename,
    } = verify(&h, None).await
    else {
        panic!("a finished game is checked");
    };
    assert_eq!((checked, mismatch), (game, None));
    assert!(filename.ends_with(".json"));
    let record: GameRecord = serde_json::from_str(&record).expect("the record is JSON");
    assert_eq!(record.verify(), Ok(throws));
    assert_eq!(record.client_seed, "Stammtisch");
    assert!(throws > 4, "roll-off, deals and re-throws: {throws}");
    assert!(
        record
            .throws
            .iter()
            .all(|t| t.player == "Anna" || t.player == "Ben")
    );
}

#[tokio::test]
async fn r_fair_every_throw_is_counted_across_a_restart() {
    let mut h = Harness::new().await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    play_with_rethrows(&mut h, Some(7)).await;
    let ProofReport::Checked {
        record,
        throws,
        mismatch,
        game,
        ..
    } = verify(&h, None).await
    else {
        panic!("checked");
    };
    assert_eq!(mismatch, None);
    // Every die the engine threw is in the record: the log's events name them all.
    let log = h.store.table_log(game).await.expect("log");
    let mut logged = 0usize;
    for (_, _, _, events) in &log {
        let events: Vec<serde_json::Value> = serde_json::from_str(events).expect("events");
        for e in events {
            logged += match e["event"].as_str() {
                Some("roll_off") => e["rolls"].as_array().map_or(0, Vec::len),
                Some("dealt") | Some("thrown") => 1,
                _ => 0,
            };
        }
    }
    assert_eq!(throws, logged);
    let record: GameRecord = serde_json::from_str(&record).expect("json");
    assert_eq!(record.verify(), Ok(logged));
}

#[tokio::test]
async fn r_fair_client_seed_is_checked_and_changes_nothing_when_refused() {
    let h = Harness::new().await;
    h.ok(actor("Anna"), Request::Open).await;
    let before = h.public().await;
    for bad in [
        String::new(),
        "   ".into(),
        "x".repeat(65),
        "a\u{7}b".into(),
    ] {
        assert_eq!(
            h.refused(actor("Anna"), Request::Seed { text: bad }).await,
            ServiceError::BadClientSeed { max: 64 }
        );
    }
    assert_eq!(
        h.refused(actor("Dora"), Request::Seed { text: "x".into() })
            .await,
        ServiceError::NotMember
    );
    assert_eq!(h.public().await, before);
    let game = before.table_id;
    assert_eq!(
        h.refused(
            actor("Anna"),
            Request::Verify {
                game: Some(game + 9)
            }
        )
        .await,
        ServiceError::NoSuchGame { game: game + 9 }
    );
}

#[tokio::test]
async fn r_fair_the_fairness_report_counts_finished_games_only() {
    let mut h = Harness::new().await;
    let empty = h.ok(actor("Anna"), Request::Fairness).await;
    let Some(Content::Fairness(report)) = empty.content else {
        panic!("fairness")
    };
    assert_eq!((report.dice, report.games), (0, 0));

    h.table_of(&["Anna", "Ben"]).await;
    play_with_rethrows(&mut h, None).await;
    let ProofReport::Checked { record, .. } = verify(&h, None).await else {
        panic!("checked")
    };
    let record: GameRecord = serde_json::from_str(&record).expect("json");
    let mut faces = [0u64; 6];
    for t in &record.throws {
        for d in &t.dice {
            faces[usize::from(d - 1)] += 1;
        }
    }
    // A running second game adds nothing until it is over.
    h.table_of(&["Anna", "Ben"]).await;
    let reply = h.ok(actor("Ben"), Request::Fairness).await;
    let Some(Content::Fairness(report)) = reply.content else {
        panic!("fairness")
    };
    assert_eq!(report.faces, faces);
    assert_eq!(report.games, 1);
    assert_eq!(report.dice, faces.iter().sum::<u64>());
    assert!((0.0..=1.0).contains(&report.p_value));
    // The running game's proof: commitment and client seed, and a pointer to the last game.
    let ProofReport::Running { last_over, .. } = verify(&h, None).await else {
        panic!("running")
    };
    assert!(last_over.is_some());
}

#[tokio::test]
async fn r_fair_games_from_before_the_scheme_keep_their_dice() {
    let mut h = Harness::new().await;
    h.ok(actor("Anna"), Request::Open).await;
    h.ok(actor("Ben"), Request::Join).await;
    // Make the table one stored before the scheme: no proof in its snapshot.
    let without_proof = match common::backend::backend() {
        bot_core::store::Backend::Sqlite => "json_remove(snapshot, '$.proof')",
        bot_core::store::Backend::Postgres => "(snapshot::jsonb - 'proof')::text",
    };
    sqlx::query(&format!("UPDATE tables SET snapshot = {without_proof}"))
        .execute(h.store.pool())
        .await
        .expect("update");
    h.restart().await;
    assert_eq!(h.public().await.proof, None);
    h.ok(actor("Anna"), Request::Start).await;
    play_with_rethrows(&mut h, None).await;
    let ProofReport::Predates { record, .. } = verify(&h, None).await else {
        panic!("an old game predates the scheme")
    };
    assert!(record.contains("\"predates_scheme\": true"));
    let game = h.public().await.table_id;
    let throws = h.store.game_throws(game).await.expect("throws");
    assert!(throws.is_empty());
}

/// Everything the service logs, at every level, into a buffer the test reads.
#[derive(Clone, Default)]
struct LogBuffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for LogBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl LogBuffer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|p| p.into_inner())).into_owned()
    }
}

#[tokio::test]
async fn r_fair_the_seed_is_in_no_log_line_or_export_before_the_end() {
    let logs = LogBuffer::default();
    let writer = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let mut exports = Vec::new();
    for _ in 0..5000 {
        let Some(name) = h.current().await else { break };
        // A refused command logs its error: refusals are part of the check.
        h.run(
            actor(&name),
            Request::Seed {
                text: "spät".into(),
            },
        )
        .await;
        let export = h.run(actor(&name), Request::Export).await;
        exports.push(format!("{:?}", export.content));
        if h.run(actor(&name), Request::Roll).await.is_error() {
            h.ok(actor(&name), Request::Stand).await;
        }
    }
    let before_end = logs.text();
    let seed = h
        .public()
        .await
        .proof
        .and_then(|p| p.server_seed)
        .expect("revealed at the end");
    assert!(
        !before_end.is_empty(),
        "the subscriber sees the service's logs"
    );
    assert!(!before_end.contains(&seed), "a log line showed the seed");
    assert!(exports.iter().all(|e| !e.contains(&seed)));
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
