//! Memory follows the active chats: a place without an open table that did nothing for
//! `forget_idle_minutes` is forgotten, and its next event reloads it from the store exactly as
//! it was; a place with an open table stays.

use bot_core::service::{ChatId, Command, Notice, Request};

mod common;
use common::service::{Harness, actor, admin};

const MINUTE: i64 = 60_000;

#[tokio::test]
async fn idle_chats_are_forgotten_and_come_back_from_the_store() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let others: Vec<ChatId> = (0..40)
        .map(|i| ChatId::new("test", format!("c{i}")))
        .collect();
    for chat in &others {
        let set = Request::SetRules {
            preset: Some("dortmund".into()),
            switches: vec![],
        };
        let reply = h
            .service
            .handle(Command::new(chat.clone(), admin("Anna"), set))
            .await;
        assert!(!reply.is_error(), "{:?}", reply.error_kind());
    }
    assert_eq!(h.service.places_in_memory(), 41);
    let forget = i64::from(h.service.config().forget_idle_minutes) * MINUTE;
    assert!(forget > 0, "on by default");

    // Not idle long enough: everything stays.
    h.clock.advance(forget - MINUTE);
    h.service.tick().await;
    assert_eq!(h.service.places_in_memory(), 41);
    // Idle long enough: only the place with the open table stays.
    h.clock.advance(2 * MINUTE);
    h.service.tick().await;
    assert_eq!(h.service.places_in_memory(), 1);
    let text = h.service.metrics().text();
    assert!(text.contains("schocken_places_in_memory 1"), "{text}");

    // A forgotten chat comes back as it was: its house rules are the ones it set.
    let shown = h
        .service
        .handle(Command::new(
            others[7].clone(),
            actor("Cem"),
            Request::ShowRules { details: false },
        ))
        .await;
    assert!(!shown.is_error(), "{:?}", shown.error_kind());
    let rules = shown.content.expect("the rules");
    assert!(format!("{rules:?}").contains("dortmund"), "{rules:?}");
    assert_eq!(h.service.places_in_memory(), 2);

    // The table that stayed plays on.
    let current = h.current().await.expect("someone to act");
    h.ok(actor(&current), Request::Roll).await;
    let reply = h.ok(actor(&current), Request::Stand).await;
    assert!(
        !reply.notices.contains(&Notice::Duplicate),
        "{:?}",
        reply.notices
    );
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
