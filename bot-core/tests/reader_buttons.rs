//! A page shows its reader only the buttons he can use now (issue 33): "Mitspielen" to whoever
//! is not seated, "Los" to the seated once two sit, a roll or a stand only to the player to
//! act, nothing to a watcher of a running game (R-RND-4 aside: no cup, no cup buttons).

use bot_core::render::{Reader, reader_buttons};
use bot_core::service::{ButtonAction, ButtonId, Request};
use bot_core::text::Lang;

mod common;
use common::service::{Harness, actor, chat};

/// The actions of the buttons `name` can use now.
async fn usable(h: &Harness, name: &str) -> Vec<ButtonAction> {
    let reply = h.service.view(&chat(), actor(name)).await;
    let Some(table) = reply.table.as_ref() else {
        return Vec::new();
    };
    let reader = Reader {
        seated: table.members.iter().any(|m| m == name),
        private: reply.private.as_ref(),
    };
    reader_buttons(table, reader, Lang::De)
        .into_iter()
        .flatten()
        .map(|b| ButtonId::parse(&b.id).expect("a button id").action)
        .collect()
}

#[tokio::test]
async fn a_reader_gets_only_the_buttons_he_can_use() {
    let h = Harness::new().await;
    h.ok(actor("Anna"), Request::Open).await;
    assert_eq!(usable(&h, "Anna").await, [], "alone: nothing to start yet");
    assert_eq!(usable(&h, "Ben").await, [ButtonAction::Join]);
    h.ok(actor("Ben"), Request::Join).await;
    assert_eq!(usable(&h, "Anna").await, [ButtonAction::Start]);
    assert_eq!(usable(&h, "Ben").await, [ButtonAction::Start]);
    assert_eq!(usable(&h, "Cem").await, [ButtonAction::Join]);
    h.ok(actor("Anna"), Request::Start).await;

    let reply = h.service.view(&chat(), actor("Cem")).await;
    let view = reply.table.and_then(|t| t.view).expect("a running game");
    let current = view.current.expect("someone to act").index();
    let (mover, waiter) = if current == 0 {
        ("Anna", "Ben")
    } else {
        ("Ben", "Anna")
    };
    let moves = usable(&h, mover).await;
    assert!(
        moves.contains(&ButtonAction::Roll) || moves.contains(&ButtonAction::Stand),
        "{moves:?}"
    );
    let waiting = usable(&h, waiter).await;
    assert!(
        !waiting.contains(&ButtonAction::Roll) && !waiting.contains(&ButtonAction::Stand),
        "{waiter} is not to act: {waiting:?}"
    );
    assert!(!waiting.contains(&ButtonAction::Join), "seated");
    assert_eq!(usable(&h, "Cem").await, [], "a watcher of a running game");
}
