//! Memory follows the active chats: a place without an open table that did nothing for
//! `forget_idle_minutes` is forgotten, and its next event reloads it from the store exactly as
//! it was; a place with an open table stays.

use bot_core::render::{self, Voice};
use bot_core::service::{ChatId, Command, Notice, Request, ServiceError};
use bot_core::text::Lang;

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

/// Overload: beyond `max_commands_in_flight` a command is refused at once with a "busy"
/// notice in the actor's language instead of waiting in memory, and changes nothing; once the
/// burst is over, commands go through again.
#[tokio::test]
async fn an_overloaded_service_refuses_at_once_and_changes_nothing() {
    let config = bot_core::config::Config {
        max_commands_in_flight: 2,
        ..Default::default()
    };
    let h = Harness::with_config(config).await;
    let chats: Vec<ChatId> = (0..30)
        .map(|i| ChatId::new("test", format!("burst{i}")))
        .collect();
    // All commands of the burst are in flight together: each waits for the store.
    let mut burst = tokio::task::JoinSet::new();
    for (i, chat) in chats.iter().enumerate() {
        let set = Request::SetRules {
            preset: Some("dortmund".into()),
            switches: vec![],
        };
        let mut anna = admin("Anna");
        anna.lang = Some(Lang::De);
        let service = h.service.clone();
        let chat = chat.clone();
        burst.spawn(async move { (i, service.handle(Command::new(chat, anna, set)).await) });
    }
    let mut replies: Vec<_> = burst.join_all().await;
    replies.sort_by_key(|(i, _)| *i);
    let replies: Vec<_> = replies.into_iter().map(|(_, r)| r).collect();
    let busy: Vec<usize> = (0..replies.len())
        .filter(|i| replies[*i].error_kind() == Some(&ServiceError::Busy))
        .collect();
    let stored = replies.iter().filter(|r| !r.is_error()).count();
    assert!(
        !busy.is_empty(),
        "some commands beyond the limit are refused"
    );
    assert!(stored >= 1, "the first commands are handled");
    assert_eq!(busy.len() + stored, chats.len(), "nothing else went wrong");
    let refused = &replies[busy[0]];
    assert_eq!(refused.actor_lang, Lang::De);
    let text = render::error_text(&ServiceError::Busy, None, Voice::plain(refused.actor_lang));
    assert!(text.contains("zu viel los"), "{text}");
    let metrics = h.service.metrics().text();
    assert!(metrics.contains("outcome=\"busy\""), "{metrics}");

    // A refused command changed nothing, and the same command now goes through.
    for i in busy {
        let rules = h.store.chat_settings(&chats[i]).await.expect("settings");
        assert_ne!(rules.preset, "dortmund", "refused, so nothing set");
        let set = Request::SetRules {
            preset: Some("dortmund".into()),
            switches: vec![],
        };
        let reply = h
            .service
            .handle(Command::new(chats[i].clone(), admin("Anna"), set))
            .await;
        assert!(!reply.is_error(), "{:?}", reply.error_kind());
    }
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
