//! Computer players in chats and private hints (issue 13), through the service: a computer
//! waits a visible pause and then takes its turn by itself, owes no round, is marked in the
//! statistics; a hint goes to the player to act only, and a chat can switch hints off.

mod common;

use bot_core::config::Config;
use bot_core::engine::ActionError;
use bot_core::engine::ai::Strategy;
use bot_core::render::{self, Voice};
use bot_core::service::reply::{Content, Notice};
use bot_core::service::{Reply, Request, ServiceError};
use bot_core::text::Lang;
use common::service::{Harness, actor, admin};

const PAUSE_MS: i64 = 1500;

fn add(name: &str, strategy: Strategy) -> Request {
    Request::AddBot {
        name: name.into(),
        strategy,
    }
}

/// Anna opens, seats the two computers and starts.
async fn anna_and_two_computers(h: &Harness) {
    h.ok(actor("Anna"), Request::Open).await;
    h.ok(actor("Anna"), add("Robbi", Strategy::Strong)).await;
    h.ok(actor("Anna"), add("Otto", Strategy::Simple)).await;
    h.ok(actor("Anna"), Request::Start).await;
}

/// Anna's move when it is her turn: start the round or stand.
async fn anna_moves(h: &Harness) -> Reply {
    let t = h.public().await;
    let announcing = t.view.is_some_and(|v| v.announcing);
    let request = if announcing {
        Request::Roll
    } else {
        Request::Stand
    };
    h.ok(actor("Anna"), request).await
}

/// Plays Anna's game to its end; returns how many computer turns were taken by the timer.
async fn play_with_pauses(h: &Harness) -> usize {
    let mut computer_turns = 0;
    for _ in 0..5000 {
        let Some(current) = h.current().await else {
            return computer_turns;
        };
        if current == "Anna" {
            anna_moves(h).await;
            continue;
        }
        // R-RND-1 turn order: a computer is to act; it waits for its pause.
        let t = h.public().await;
        let deadline = t.deadline.expect("a computer's turn has a deadline");
        assert!(deadline <= h.service.now() + PAUSE_MS, "within the pause");
        h.service.tick().await;
        if deadline > h.service.now() {
            assert_eq!(
                h.current().await.as_deref(),
                Some(current.as_str()),
                "no move before the pause is over"
            );
        }
        h.clock.set(deadline);
        let version = h.public().await.version;
        h.service.tick().await;
        assert!(h.public().await.version > version, "{current} moved");
        computer_turns += 1;
    }
    panic!("the game did not end");
}

#[tokio::test]
async fn computers_wait_a_visible_pause_then_play_by_themselves() {
    let h = Harness::new().await;
    let mut events = h.service.subscribe();
    anna_and_two_computers(&h).await;
    let members = h.public().await;
    assert_eq!(members.members, ["Anna", "Robbi", "Otto"]);
    assert_eq!(members.computer, [false, true, true]);
    let turns = play_with_pauses(&h).await;
    assert!(turns > 0, "the computers played");
    let last = h.public().await;
    assert!(last.view.and_then(|v| v.result).is_some(), "the game ended");
    // Every computer turn reached the chat as a message nobody asked for.
    let mut broadcast = 0;
    while events.try_recv().is_ok() {
        broadcast += 1;
    }
    assert!(broadcast >= turns, "{broadcast} of {turns} turns broadcast");
}

#[tokio::test]
async fn a_computer_waiting_for_its_turn_survives_a_restart() {
    let mut h = Harness::new().await;
    anna_and_two_computers(&h).await;
    // Bring the game to a computer's turn.
    for _ in 0..50 {
        if h.current().await.as_deref() != Some("Anna") {
            break;
        }
        anna_moves(&h).await;
    }
    let waiting = h.current().await.expect("running");
    assert_ne!(waiting, "Anna");
    let before = h.public().await;
    h.restart().await;
    h.clock.advance(PAUSE_MS);
    h.service.tick().await;
    let after = h.public().await;
    assert!(
        after.version > before.version,
        "{waiting} moved after the restart"
    );
}

#[tokio::test]
async fn a_computer_that_loses_owes_no_round_and_its_statistics_are_marked() {
    // At once, as at the terminal: the same finish of a game, quicker to play many.
    let h = Harness::with_config(Config {
        computer_pause_ms: 0,
        ..Config::default()
    })
    .await;
    let mut computer_lost = false;
    let mut anna_lost = false;
    for _ in 0..40 {
        anna_and_two_computers(&h).await;
        let mut last = Reply::default();
        while h.current().await.as_deref() == Some("Anna") {
            last = anna_moves(&h).await;
        }
        let t = last.table.expect("the table");
        let loser = t
            .view
            .as_ref()
            .and_then(|v| v.result.clone())
            .and_then(|r| r.loser)
            .expect("a loser");
        let text: Vec<String> = last
            .notices
            .iter()
            .filter_map(|n| render::notice_text(n, Some(&t), Voice::plain(Lang::De)))
            .collect();
        if t.computer[loser.index()] {
            computer_lost = true;
            let over = text
                .iter()
                .find(|l| l.starts_with("Spiel vorbei"))
                .expect("the end");
            assert!(over.contains("ein Computer gibt keine Runde aus"), "{over}");
        } else {
            anna_lost = true;
        }
        if computer_lost && anna_lost {
            break;
        }
    }
    assert!(
        computer_lost && anna_lost,
        "both kinds of loser within 40 games"
    );
    let debts = h.ok(actor("Anna"), Request::Debts).await;
    let Some(Content::Debts(lines)) = debts.content else {
        panic!("debts")
    };
    assert!(!lines.is_empty(), "Anna's rounds are in the ledger");
    assert!(
        lines.iter().all(|l| l.name == "Anna"),
        "only Anna owes: {lines:?}"
    );
    let stats = h.ok(actor("Anna"), Request::Stats).await;
    let content = stats.content.expect("statistics");
    let Content::Stats { lines, .. } = &content else {
        panic!("statistics")
    };
    assert!(
        lines
            .iter()
            .any(|l| l.user.is_computer() && l.games_lost > 0)
    );
    let text = render::content_text(&content, Voice::plain(Lang::De));
    assert!(
        text.contains("🤖 Robbi") || text.contains("🤖 Otto"),
        "{text}"
    );
    assert!(!text.contains("🤖 Anna"), "{text}");
}

/// Anna and Ben at a table, the player to act has looked under his cup: his name.
async fn someone_looked(h: &Harness) -> String {
    h.table_of(&["Anna", "Ben"]).await;
    let mut name = h.current().await.expect("running");
    if h.public().await.view.is_some_and(|v| v.announcing) {
        h.ok(actor(&name), Request::Roll).await;
        name = h.current().await.expect("running");
    }
    h.ok(actor(&name), Request::Look).await;
    name
}

#[tokio::test]
async fn a_hint_goes_to_the_player_to_act_only() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let first = h.current().await.expect("running");
    // Before looking there are no dice to judge.
    if !h.public().await.view.is_some_and(|v| v.announcing) {
        assert_eq!(
            h.refused(actor(&first), Request::Hint).await,
            ServiceError::NoHintNow
        );
    }
    h.ok(actor("Anna"), Request::End).await;
    let h = Harness::new().await;
    let name = someone_looked(&h).await;
    let other = if name == "Anna" { "Ben" } else { "Anna" };
    let version = h.public().await.version;
    let reply = h.ok(actor(&name), Request::Hint).await;
    assert!(
        reply.notices.is_empty(),
        "nothing public: {:?}",
        reply.notices
    );
    assert!(reply.table.is_none() && reply.private.is_none());
    let [Notice::Hint(hint)] = reply.private_notices.as_slice() else {
        panic!("one private hint: {:?}", reply.private_notices)
    };
    assert!((2..=3).contains(&hint.choices.len()), "{hint:?}");
    assert!(
        hint.choices.windows(2).all(|w| w[0].deckel <= w[1].deckel),
        "best first"
    );
    let text =
        render::notice_text(&reply.private_notices[0], None, Voice::plain(Lang::De)).expect("text");
    assert!(text.starts_with("💡 Tipp: "), "{text}");
    assert!(
        text.contains("% nicht Letzter") && text.contains("Deckel"),
        "{text}"
    );
    assert_eq!(h.public().await.version, version, "a hint changes nothing");
    // The other player may not see it: it is not his turn.
    assert!(matches!(
        h.refused(actor(other), Request::Hint).await,
        ServiceError::Action(ActionError::NotYourTurn { .. })
    ));
    // The private cup offers the button.
    let look = h.ok(actor(&name), Request::Look).await;
    let view = look.private.expect("the cup");
    assert!(view.hints);
    let labels: Vec<String> = render::private_buttons(&view)
        .into_iter()
        .flatten()
        .map(|b| b.label)
        .collect();
    assert!(labels.iter().any(|l| l.contains("Tipp")), "{labels:?}");
}

#[tokio::test]
async fn admins_switch_hints_off_and_on_for_their_chat() {
    let mut h = Harness::new().await;
    let off = Request::SetRules {
        preset: None,
        switches: vec!["hints=off".into()],
    };
    assert_eq!(
        h.refused(actor("Anna"), off.clone()).await,
        ServiceError::AdminOnly
    );
    assert!(matches!(
        h.refused(
            admin("Wirt"),
            Request::SetRules {
                preset: None,
                switches: vec!["hints=vielleicht".into()],
            }
        )
        .await,
        ServiceError::BadArgument { .. }
    ));
    let reply = h.ok(admin("Wirt"), off).await;
    assert_eq!(reply.notices, [Notice::HintsSet { on: false }]);
    assert!(reply.content.is_none(), "the rules did not change");
    h.restart().await;
    let name = someone_looked(&h).await;
    assert_eq!(
        h.refused(actor(&name), Request::Hint).await,
        ServiceError::HintsOff
    );
    let view = h
        .ok(actor(&name), Request::Look)
        .await
        .private
        .expect("cup");
    assert!(!view.hints, "no button while hints are off");
    let rules = h
        .ok(actor("Anna"), Request::ShowRules { details: false })
        .await;
    let text = render::content_text(&rules.content.expect("rules"), Voice::plain(Lang::De));
    assert!(text.contains("Tipps: aus"), "{text}");
    // Rules and the setting in one command.
    let both = h
        .ok(
            admin("Wirt"),
            Request::SetRules {
                preset: Some("moin-moin".into()),
                switches: vec!["hints=on".into()],
            },
        )
        .await;
    assert!(matches!(both.notices[0], Notice::RulesSet { .. }));
    assert!(both.notices.contains(&Notice::HintsSet { on: true }));
    assert!(
        h.ok(actor(&name), Request::Hint)
            .await
            .private_notices
            .len()
            == 1
    );
}

#[tokio::test]
async fn no_computer_at_a_table_with_real_dice() {
    let h = Harness::new().await;
    h.ok(actor("Anna"), Request::OpenTally).await;
    assert_eq!(
        h.refused(actor("Anna"), add("Robbi", Strategy::Strong))
            .await,
        ServiceError::ComputerAtRealTable
    );
    h.ok(actor("Ben"), Request::Join).await;
    assert_eq!(
        h.refused(actor("Ben"), add("Robbi", Strategy::Strong))
            .await,
        ServiceError::OpenerOrAdminOnly
    );
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
