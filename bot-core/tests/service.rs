//! The game service on a real SQLite file: tables, membership, moves, persistence across
//! restarts, duplicates and stale buttons, timers, the ledger and statistics.

use bot_core::commands::parse;
use bot_core::config::Config;
use bot_core::engine::ai::Strategy;
use bot_core::engine::{ActionError, Event, Viewer};
use bot_core::render::{self, Voice};
use bot_core::service::reply::Content;
use bot_core::service::{
    Actor, ButtonAction, ButtonId, ChatId, Command, Notice, Request, ServiceError, TableStatus,
    UserId, UserRef,
};
use bot_core::text::Lang;

mod common;
use common::service::{Harness, actor, admin, chat};

#[tokio::test]
async fn a_table_from_opening_to_the_bierrunde() {
    let h = Harness::new().await;
    let reply = h.ok(actor("Anna"), Request::Open).await;
    assert_eq!(
        reply.table.as_ref().map(|t| t.status),
        Some(TableStatus::Lobby)
    );
    h.ok(actor("Ben"), Request::Join).await;
    h.ok(actor("Cem"), Request::Join).await;
    assert_eq!(
        h.refused(actor("Ben"), Request::Join).await,
        ServiceError::AlreadyMember
    );
    let reply = h.ok(actor("Ben"), Request::Start).await;
    let table = reply.table.expect("table");
    assert_eq!(table.status, TableStatus::Running);
    // The game runs, its first round is still being thrown: nothing to reveal yet (a
    // stranger found "no game is running" said here).
    assert_eq!(
        h.refused(actor("Cem"), Request::Reveal).await,
        ServiceError::NothingRevealed
    );
    assert!(
        reply
            .notices
            .iter()
            .any(|n| matches!(n, Notice::Game(Event::RollOff { .. })))
    );
    assert_eq!(
        h.refused(actor("Dora"), Request::Join).await,
        ServiceError::GameRunning
    );

    let last = h.play_to_end().await;
    let table = last.table.expect("table");
    assert_eq!(table.status, TableStatus::Finished);
    let result = table.view.and_then(|v| v.result).expect("result");
    let loser = table.members[result.loser.expect("a loser").index()].clone();

    let debts = h.ok(actor("Anna"), Request::Debts).await;
    let Some(Content::Debts(lines)) = debts.content else {
        panic!("debts")
    };
    let owed: i64 = lines.iter().map(|l| l.rounds).sum();
    assert_eq!(owed, 1, "exactly one Bierrunde: {lines:?}");
    assert_eq!(lines[0].name, loser);

    let stats = h.ok(actor("Anna"), Request::Stats).await;
    let Some(Content::Stats { lines, .. }) = stats.content else {
        panic!("stats")
    };
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.games == 1));
    assert_eq!(lines.iter().map(|l| l.games_lost).sum::<i64>(), 1);
    assert_eq!(lines.iter().map(|l| l.halves_lost).sum::<i64>(), 2);

    // A new game can be opened once the old one is over.
    h.ok(actor("Ben"), Request::Open).await;
}

#[tokio::test]
async fn private_dice_never_appear_in_public_replies_r_rnd_4() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    for _ in 0..60 {
        let Some(name) = h.current().await else { break };
        let who = actor(&name);
        let look = h.ok(who.clone(), Request::Look).await;
        let private = look.private.expect("own cup");
        // The public view of the same moment shows nothing the owner alone may see.
        let public = look.table.expect("table").view.expect("view");
        for p in &public.players {
            if let Some(cup) = &p.cup {
                for die in cup.dice {
                    assert!(
                        !matches!(die, bot_core::engine::DieView::Own(_)),
                        "{die:?} leaked"
                    );
                }
            }
        }
        assert_eq!(
            private.view.viewer,
            Viewer::Player(public.current.expect("current"))
        );
        let reply = h.ok(who, Request::Roll).await;
        for n in &reply.notices {
            if let Notice::Game(event) = n {
                assert!(!matches!(event, Event::Dealt { .. }));
                assert!(!matches!(event, Event::Thrown { open: false, .. }));
            }
        }
        if h.current().await.as_deref() == Some(name.as_str()) {
            h.run(actor(&name), Request::Stand).await;
        }
    }
}

#[tokio::test]
async fn refused_commands_change_nothing() {
    let h = Harness::new().await;
    assert_eq!(
        h.refused(actor("Anna"), Request::Roll).await,
        ServiceError::NoTable
    );
    assert_eq!(
        h.refused(actor("Anna"), Request::Start).await,
        ServiceError::NoTable
    );
    h.ok(actor("Anna"), Request::Open).await;
    assert_eq!(
        h.refused(actor("Anna"), Request::Start).await,
        ServiceError::TooFewPlayers
    );
    assert_eq!(
        h.refused(actor("Ben"), Request::Open).await,
        ServiceError::TableExists
    );
    h.ok(actor("Ben"), Request::Join).await;
    h.ok(actor("Anna"), Request::Start).await;
    let before = h.public().await;
    let current = h.current().await.expect("someone");
    let other = if current == "Anna" { "Ben" } else { "Anna" };
    assert!(matches!(
        h.refused(actor(other), Request::Roll).await,
        ServiceError::Action(ActionError::NotYourTurn { .. })
    ));
    assert_eq!(
        h.refused(actor("Dora"), Request::Roll).await,
        ServiceError::NotMember
    );
    assert_eq!(
        h.refused(actor(&current), Request::Keep { values: vec![1] })
            .await,
        ServiceError::Action(ActionError::LookFirst)
    );
    assert_eq!(
        h.refused(actor("Dora"), Request::End).await,
        ServiceError::OpenerOrAdminOnly
    );
    assert_eq!(
        h.refused(
            actor("Ben"),
            Request::Kick {
                user: UserRef::Name("Anna".into())
            }
        )
        .await,
        ServiceError::OpenerOrAdminOnly
    );
    assert_eq!(h.public().await, before);
}

#[tokio::test]
async fn duplicate_requests_and_stale_buttons_change_nothing() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let table = h.public().await;
    let name = h.current().await.expect("someone");
    let click = |version: u64| {
        parse::button_command(
            chat(),
            actor(&name),
            &ButtonId::new(ButtonAction::Roll, table.table_id, version),
        )
    };
    let first = h
        .service
        .handle(click(table.version).with_request_id("interaction-1"))
        .await;
    assert!(!first.is_error(), "{:?}", first.error_kind());
    let after = h.public().await;
    // The same interaction delivered again: answered, nothing changes.
    let again = h
        .service
        .handle(click(table.version).with_request_id("interaction-1"))
        .await;
    assert!(again.private_notices.contains(&Notice::Duplicate));
    assert_eq!(h.public().await, after);
    // A double click (a second interaction on the same old version): stale.
    let double = h
        .service
        .handle(click(table.version).with_request_id("interaction-2"))
        .await;
    assert_eq!(double.error_kind(), Some(&ServiceError::Stale));
    assert!(
        double.table.is_some(),
        "a stale click shows the current table"
    );
    assert_eq!(h.public().await, after);
    // A button of no table of this chat.
    let foreign = parse::button_command(
        chat(),
        actor(&name),
        &ButtonId::new(ButtonAction::Look, table.table_id + 40, 0),
    );
    assert_eq!(
        h.service.handle(foreign).await.error_kind(),
        Some(&ServiceError::ForeignButton)
    );
}

#[tokio::test]
async fn a_restart_continues_exactly_where_the_game_was() {
    let mut h = Harness::new().await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    // Some moves, then a restart in the middle of a round.
    for _ in 0..4 {
        let name = h.current().await.expect("someone");
        h.ok(actor(&name), Request::Roll).await;
    }
    let name = h.current().await.expect("someone");
    let private_before = h.ok(actor(&name), Request::Look).await.private;
    let before = h.public().await;
    h.restart().await;
    assert_eq!(h.public().await, before);
    assert_eq!(
        h.ok(actor(&name), Request::Look).await.private,
        private_before
    );
    h.play_to_end().await;
    let debts = h.ok(actor("Anna"), Request::Debts).await;
    let Some(Content::Debts(lines)) = debts.content else {
        panic!("debts")
    };
    assert_eq!(lines.iter().map(|l| l.rounds).sum::<i64>(), 1);
}

#[tokio::test]
async fn the_event_log_keeps_every_die() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let name = h.current().await.expect("someone");
    h.ok(actor(&name), Request::Roll).await;
    let id = h.public().await.table_id;
    let log = h.store.table_log(id).await.expect("log");
    assert_eq!(log.len(), 4, "open, join, start, roll");
    let events: Vec<Event> = log
        .iter()
        .flat_map(|(_, _, _, e)| serde_json::from_str::<Vec<Event>>(e).expect("events"))
        .collect();
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Dealt { .. }))
            .count(),
        2
    );
    assert!(events.iter().any(|e| matches!(e, Event::Thrown { .. })));
}

/// A move made in the web page reaches the chat's adapter as a timer move does: the public
/// part only (R-RND-4: the mover's cup stays his), and nothing for a refusal.
#[tokio::test]
async fn an_announced_move_reaches_the_chat_without_the_movers_cup() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let mut chats = h.service.subscribe();
    let name = h.current().await.expect("someone");
    let rolled = h.ok(actor(&name), Request::Roll).await;
    assert!(rolled.private.is_some(), "the mover sees his cup");
    h.service.announce(&chat(), &rolled);
    let shown = chats.try_recv().expect("the chat gets the move");
    assert_eq!(shown.chat, chat());
    assert_eq!(shown.reply.table, rolled.table);
    assert!(shown.reply.private.is_none() && shown.reply.next_private.is_none());
    assert!(shown.reply.private_notices.is_empty());

    let other = if name == "Anna" { "Ben" } else { "Anna" };
    let refused = h.run(actor(other), Request::Roll).await;
    assert!(refused.is_error());
    h.service.announce(&chat(), &refused);
    assert!(chats.try_recv().is_err(), "a refusal changes no chat");
}

#[tokio::test]
async fn turn_timer_stands_for_the_player_and_idle_tables_close() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let mut outbound = h.service.subscribe();
    let name = h.current().await.expect("someone");
    h.clock.advance(179_000);
    h.service.tick().await;
    assert_eq!(h.current().await, Some(name.clone()), "not yet");
    h.clock.advance(2_000);
    h.service.tick().await;
    let out = outbound.try_recv().expect("the table is told");
    assert!(
        out.reply
            .notices
            .iter()
            .any(|n| matches!(n, Notice::TimedOut { .. }))
    );
    assert_ne!(h.current().await, Some(name), "the turn moved on");
    // Idle for the configured time: closed without a debt.
    h.clock
        .advance(i64::from(Config::default().idle_close_minutes) * 60_000);
    h.service.tick().await;
    let out = outbound.try_recv().expect("closed");
    assert!(out.reply.notices.contains(&Notice::IdleClosed));
    assert_eq!(
        h.refused(actor("Anna"), Request::Roll).await,
        ServiceError::NoTable
    );
    let debts = h.ok(actor("Anna"), Request::Debts).await;
    assert_eq!(debts.content, Some(Content::Debts(Vec::new())));
}

#[tokio::test]
async fn leaving_mid_game_returns_deckel_and_two_leavers_abandon() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    h.ok(actor("Cem"), Request::Leave).await;
    let t = h.public().await;
    assert_eq!(t.status, TableStatus::Running);
    h.ok(actor("Ben"), Request::Leave).await;
    assert_eq!(
        h.refused(actor("Anna"), Request::Roll).await,
        ServiceError::NoTable
    );
    let debts = h.ok(actor("Anna"), Request::Debts).await;
    assert_eq!(
        debts.content,
        Some(Content::Debts(Vec::new())),
        "abandoned: no debt"
    );
}

#[tokio::test]
async fn quitter_pays_when_the_chat_says_so() {
    let h = Harness::new().await;
    h.ok(
        admin("Anna"),
        Request::SetRules {
            preset: None,
            switches: vec!["quitter_pays=true".into()],
        },
    )
    .await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    h.ok(actor("Cem"), Request::Leave).await;
    let debts = h.ok(actor("Anna"), Request::Debts).await;
    let Some(Content::Debts(lines)) = debts.content else {
        panic!()
    };
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].name, "Cem");
}

#[tokio::test]
async fn rules_are_set_by_admins_and_apply_to_the_next_game() {
    let h = Harness::new().await;
    let set = Request::SetRules {
        preset: Some("dortmund".into()),
        switches: vec!["blind=false".into()],
    };
    assert_eq!(
        h.refused(actor("Anna"), set.clone()).await,
        ServiceError::AdminOnly
    );
    // The answer names the rules and says what changed against the chat's old ones
    // (`standard`), in words; no table runs, so nothing waits for the next game.
    let answer = h.ok(admin("Anna"), set).await;
    assert!(
        answer.content.is_none(),
        "a change answers with the change only"
    );
    assert!(matches!(&answer.notices[0], Notice::RulesSet { rules } if rules == "dortmund"));
    let Notice::RulesChanged { before, after } = &answer.notices[1] else {
        panic!("{:?}", answer.notices)
    };
    assert_eq!(
        (before.name.as_str(), after.name.as_str()),
        ("standard", "dortmund")
    );
    assert!(!answer.notices.contains(&Notice::RulesApplyNextGame));
    let said =
        render::notice_text(&answer.notices[1], None, Voice::plain(Lang::De)).expect("a line");
    assert!(said.starts_with("Geändert:"), "{said}");
    // R-RANK-6 extras with their penalties, announced; `blind=false` keeps the old value.
    assert!(said.contains("Neuner (2-2-1) für 9 Deckel"), "{said}");
    assert!(
        said.contains("nur, wenn der Anfänger der Runde sie ansagt"),
        "{said}"
    );
    assert!(!said.contains("Blind"), "{said}");
    // Anyone reads the rules, in words or every switch by its key.
    let shown = h
        .ok(actor("Ben"), Request::ShowRules { details: false })
        .await;
    let Some(Content::Rules { rules, details, .. }) = &shown.content else {
        panic!("rules")
    };
    assert_eq!(rules.name, "dortmund");
    assert!(!rules.blind);
    assert!(rules.extras_announced);
    assert!(!details);
    let words = render::content_text(
        shown.content.as_ref().expect("rules"),
        Voice::plain(Lang::De),
    );
    assert!(
        words.contains("Sie zählen nur, wenn der Anfänger"),
        "{words}"
    );
    assert!(!words.contains("extras_announced"), "{words}");
    let keys = h
        .ok(actor("Ben"), Request::ShowRules { details: true })
        .await;
    let keys = render::content_text(&keys.content.expect("rules"), Voice::plain(Lang::De));
    assert!(keys.contains("extras_announced = true"), "{keys}");
    assert!(keys.contains("blind = false"), "{keys}");
    let bad = h
        .refused(
            admin("Anna"),
            Request::SetRules {
                preset: None,
                switches: vec!["bierdeckel=3".into()],
            },
        )
        .await;
    assert!(render::error_text(&bad, None, Voice::plain(Lang::De)).contains("bierdeckel"));
    h.table_of(&["Anna", "Ben"]).await;
    assert_eq!(h.public().await.rules.name, "dortmund");
    // During a game: a change waits for the next game, and says so; the same rules again
    // change nothing, which the answer says instead.
    let bochum = Request::SetRules {
        preset: Some("bochum".into()),
        switches: vec![],
    };
    let answer = h.ok(admin("Anna"), bochum.clone()).await;
    assert!(answer.notices.contains(&Notice::RulesApplyNextGame));
    let again = h.ok(admin("Anna"), bochum).await;
    assert!(!again.notices.contains(&Notice::RulesApplyNextGame));
    let said =
        render::notice_text(&again.notices[1], None, Voice::plain(Lang::En)).expect("a line");
    assert_eq!(said, "Nothing changed: these were the rules already.");
    assert_eq!(
        h.public().await.rules.name,
        "dortmund",
        "the game keeps its rules"
    );
}

#[tokio::test]
async fn ledger_settlement_needs_another_member_and_undo_has_a_window() {
    let h = Harness::new().await;
    let (loser, other) = h.anna_and_ben_play_a_game().await;
    // The debtor alone only claims.
    let claim = h.ok(actor(&loser), Request::Paid { debtor: None }).await;
    assert!(
        claim
            .notices
            .iter()
            .any(|n| matches!(n, Notice::PaymentClaimed { .. }))
    );
    assert_eq!(
        h.refused(actor(&loser), Request::Paid { debtor: None })
            .await,
        ServiceError::AlreadyClaimed
    );
    let debts = h.ok(actor(other), Request::Debts).await;
    assert!(matches!(debts.content, Some(Content::Debts(ref l)) if l.len() == 1));
    // A member the chat has never seen owes nothing, and the answer says so without a name.
    let stranger = UserRef::Id(UserId::new("test", "stranger"));
    let unknown = h
        .refused(
            actor(other),
            Request::Paid {
                debtor: Some(stranger),
            },
        )
        .await;
    assert_eq!(unknown, ServiceError::NothingOwed { name: None });
    assert_eq!(
        render::error_text(&unknown, None, Voice::plain(Lang::De)),
        "Diese Person schuldet hier keine Runde."
    );
    assert_eq!(
        render::error_text(&unknown, None, Voice::plain(Lang::En)),
        "That member owes no round here."
    );
    // Another member confirms.
    let paid = h
        .ok(
            actor(other),
            Request::Paid {
                debtor: Some(UserRef::Name(loser.clone())),
            },
        )
        .await;
    assert!(
        paid.notices
            .iter()
            .any(|n| matches!(n, Notice::Paid { left: 0, .. }))
    );
    assert_eq!(
        h.ok(actor(other), Request::Debts).await.content,
        Some(Content::Debts(vec![]))
    );
    assert_eq!(
        h.refused(
            actor(other),
            Request::Paid {
                debtor: Some(UserRef::Name(loser.clone()))
            }
        )
        .await,
        ServiceError::NothingOwed {
            name: Some(loser.clone())
        }
    );
    // Undo within 5 minutes reverses, after that it is too late.
    h.clock.advance(60_000);
    h.ok(actor(other), Request::Undo).await;
    let debts = h.ok(actor(other), Request::Debts).await;
    assert!(
        matches!(debts.content, Some(Content::Debts(ref l)) if l.len() == 1 && l[0].rounds == 1)
    );
    h.ok(
        actor(other),
        Request::Paid {
            debtor: Some(UserRef::Name(loser.clone())),
        },
    )
    .await;
    h.clock.advance(301_000);
    assert!(matches!(
        h.refused(actor(other), Request::Undo).await,
        ServiceError::UndoExpired { .. }
    ));
    // History newest first, and the CSV export has every entry.
    let history = h.ok(actor(other), Request::History { page: 1 }).await;
    let Some(Content::History { lines, .. }) = history.content else {
        panic!()
    };
    assert_eq!(lines.first().map(|l| l.kind.as_str()), Some("paid"));
    assert_eq!(lines.last().map(|l| l.kind.as_str()), Some("debt"));
    let export = h.ok(actor(other), Request::Export).await;
    let Some(Content::Export { csv, .. }) = export.content else {
        panic!()
    };
    assert_eq!(csv.lines().count(), 1 + lines.len());
}

#[tokio::test]
async fn supergroup_migration_takes_table_ledger_and_stats_along() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    h.play_to_end().await;
    h.ok(actor("Anna"), Request::Open).await;
    h.ok(actor("Ben"), Request::Join).await;
    let new_chat = ChatId::new("test", "supergroup");
    h.service
        .migrate_chat(&chat(), &new_chat)
        .await
        .expect("migrated");
    let debts = h
        .service
        .handle(Command::new(
            new_chat.clone(),
            actor("Anna"),
            Request::Debts,
        ))
        .await;
    assert!(matches!(debts.content, Some(Content::Debts(ref l)) if l.len() == 1));
    let start = h
        .service
        .handle(Command::new(
            new_chat.clone(),
            actor("Anna"),
            Request::Start,
        ))
        .await;
    assert!(!start.is_error(), "{:?}", start.error_kind());
    let old = h
        .service
        .handle(Command::new(chat(), actor("Anna"), Request::Debts))
        .await;
    assert_eq!(old.content, Some(Content::Debts(vec![])));
}

#[tokio::test]
async fn computer_players_fill_the_table() {
    // The terminal's computers move at once, within the command before them.
    let h = Harness::with_config(Config {
        computer_pause_ms: 0,
        ..Config::default()
    })
    .await;
    h.ok(actor("Anna"), Request::Open).await;
    h.ok(
        actor("Anna"),
        Request::AddBot {
            name: "Robo".into(),
            strategy: Strategy::Strong,
        },
    )
    .await;
    h.ok(
        actor("Anna"),
        Request::AddBot {
            name: "Robo".into(),
            strategy: Strategy::Simple,
        },
    )
    .await;
    let t = h.public().await;
    assert_eq!(t.members, ["Anna", "Robo", "Robo (2)"]);
    h.ok(actor("Anna"), Request::Start).await;
    assert_eq!(
        h.current().await.as_deref(),
        Some("Anna"),
        "bots play until Anna is to act"
    );
    let last = h.play_to_end().await;
    assert_eq!(last.table.map(|t| t.status), Some(TableStatus::Finished));
}

#[tokio::test]
async fn judge_from_chat_text() {
    let h = Harness::new().await;
    let reply = h
        .ok(
            actor("Anna"),
            Request::Judge {
                text: "Anna 665 3, Ben 114 3 gebaut, Cem 221 1".into(),
            },
        )
        .await;
    let Some(content @ Content::Judge { round, outcome }) = reply.content.as_ref() else {
        panic!("verdict")
    };
    assert_eq!(round.players[outcome.loser], "Cem");
    assert_eq!(outcome.moved, 4);
    let text_de = bot_core::render::content_text(content, Voice::plain(Lang::De));
    assert!(text_de.contains("Cem bekommt 4 Deckel"), "{text_de}");
    assert!(matches!(
        h.refused(
            actor("Anna"),
            Request::Judge {
                text: "Anna 6".into()
            }
        )
        .await,
        ServiceError::JudgeSyntax(_)
    ));
}

#[tokio::test]
async fn judge_a_round_of_the_final_with_the_baby_schock_out_hand_r_rank_7() {
    let h = Harness::new().await;
    h.ok(
        admin("Anna"),
        Request::SetRules {
            preset: None,
            switches: vec!["baby_schock_out=on".into()],
        },
    )
    .await;
    let judge = |text: &str| Request::Judge { text: text.into() };
    let reply = h
        .ok(actor("Ben"), judge("Finale: Ben 221 2, Anna 111 2 gebaut"))
        .await;
    let content = reply.content.as_ref().expect("verdict");
    let text_de = bot_core::render::content_text(content, Voice::plain(Lang::De));
    assert!(
        text_de.contains("Baby Schock Out Hand: Anna bekommt alle Deckel."),
        "{text_de}"
    );
    assert!(
        text_de.contains("Anna hat das Finale verloren."),
        "{text_de}"
    );
    // In a half the built Schock aus wins.
    let reply = h
        .ok(actor("Ben"), judge("Ben 221 2, Anna 111 2 gebaut"))
        .await;
    let content = reply.content.as_ref().expect("verdict");
    let text_de = bot_core::render::content_text(content, Voice::plain(Lang::De));
    assert!(
        text_de.contains("Ben hat die Hälfte verloren."),
        "{text_de}"
    );
}

#[tokio::test]
async fn commands_for_one_table_apply_one_at_a_time_and_tables_run_in_parallel() {
    let h = Harness::new().await;
    h.ok(actor("Anna"), Request::Open).await;
    // Nine players try to join at once: all are seated, none twice, the table stays whole.
    let joins: Vec<_> = (1..=9)
        .map(|i| {
            let service = h.service.clone();
            tokio::spawn(async move {
                service
                    .handle(Command::new(chat(), actor(&format!("P{i}")), Request::Join))
                    .await
            })
        })
        .collect();
    for j in joins {
        let reply = j.await.expect("task");
        assert!(!reply.is_error(), "{:?}", reply.error_kind());
    }
    let t = h.public().await;
    assert_eq!(t.members.len(), 10);
    assert_eq!(t.version, 9);
    assert_eq!(
        h.refused(actor("P10"), Request::Join).await,
        ServiceError::TableFull { max: 10 }
    );
    // Other chats play at the same time.
    let others: Vec<_> = (0..8)
        .map(|k| {
            let service = h.service.clone();
            tokio::spawn(async move {
                let chat = ChatId::new("test", format!("other-{k}"));
                for (who, request) in [
                    ("A", Request::Open),
                    ("B", Request::Join),
                    ("A", Request::Start),
                ] {
                    let reply = service
                        .handle(Command::new(chat.clone(), actor(who), request))
                        .await;
                    assert!(!reply.is_error(), "{:?}", reply.error_kind());
                }
            })
        })
        .collect();
    for o in others {
        o.await.expect("task");
    }
}

#[tokio::test]
async fn kicking_needs_the_opener_or_an_admin_and_returns_the_deckel() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    // Play until someone holds Deckel.
    for _ in 0..200 {
        let t = h.public().await;
        let view = t.view.expect("view");
        if view.players.iter().any(|p| p.deckel > 0) {
            break;
        }
        let name = h.current().await.expect("running");
        h.ok(
            actor(&name),
            if view.announcing {
                Request::Roll
            } else {
                Request::Stand
            },
        )
        .await;
    }
    let before = h.public().await.view.expect("view");
    let holder = before
        .players
        .iter()
        .find(|p| p.deckel > 0)
        .expect("a holder")
        .clone();
    let kicker = if holder.name == "Anna" {
        admin("Ben")
    } else {
        actor("Anna")
    };
    let reply = h
        .ok(
            kicker,
            Request::Kick {
                user: UserRef::Name(holder.name.to_lowercase()),
            },
        )
        .await;
    assert!(
        reply
            .notices
            .iter()
            .any(|n| matches!(n, Notice::Kicked { .. }))
    );
    let after = h.public().await.view.expect("view");
    assert_eq!(
        after.stock,
        before.stock + holder.deckel,
        "his Deckel went back to the stock"
    );
    let total: u8 = after.stock + after.players.iter().map(|p| p.deckel).sum::<u8>();
    assert_eq!(total, 13);
    assert_eq!(
        h.refused(actor(&holder.name), Request::Roll).await,
        ServiceError::NotMember
    );
}

#[tokio::test]
async fn the_turn_timer_can_be_switched_off_per_chat() {
    let h = Harness::new().await;
    assert_eq!(
        h.refused(actor("Anna"), Request::SetTimer { seconds: 0 })
            .await,
        ServiceError::AdminOnly
    );
    assert_eq!(
        h.refused(admin("Anna"), Request::SetTimer { seconds: 5 })
            .await,
        ServiceError::TimerRange
    );
    h.ok(admin("Anna"), Request::SetTimer { seconds: 0 }).await;
    h.table_of(&["Anna", "Ben"]).await;
    assert_eq!(h.public().await.deadline, None);
    let name = h.current().await;
    h.clock.advance(3_600_000);
    h.service.tick().await;
    assert_eq!(h.current().await, name, "no timer: nobody was moved on");
}

#[tokio::test]
async fn season_close_starts_fresh_statistics_and_keeps_history() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    h.play_to_end().await;
    assert_eq!(
        h.refused(actor("Anna"), Request::CloseSeason).await,
        ServiceError::AdminOnly
    );
    let reply = h.ok(admin("Anna"), Request::CloseSeason).await;
    assert!(reply.notices.contains(&Notice::SeasonClosed { season: 1 }));
    let stats = h.ok(actor("Anna"), Request::Stats).await;
    assert_eq!(
        stats.content,
        Some(Content::Stats {
            season: 2,
            lines: vec![]
        })
    );
    let old = h.store.stats(&chat(), 1).await.expect("season 1");
    assert_eq!(old.iter().map(|l| l.games).sum::<i64>(), 2, "history kept");
    let debts = h.ok(actor("Anna"), Request::Debts).await;
    assert!(
        matches!(debts.content, Some(Content::Debts(ref l)) if l.len() == 1),
        "debts stay"
    );
}

#[tokio::test]
async fn locales_per_user_and_per_chat() {
    let h = Harness::new().await;
    let english = Actor {
        lang: Some(Lang::En),
        ..actor("Jo")
    };
    let reply = h
        .service
        .handle(Command::new(chat(), english.clone(), Request::Roll).with_chat_lang(Lang::De))
        .await;
    // A refusal goes to the actor, in his language.
    assert_eq!(reply.actor_lang, Lang::En);
    let error = reply.error_kind().expect("no table");
    assert!(
        render::error_text(error, None, Voice::plain(reply.actor_lang))
            .starts_with("No table is open")
    );
    // Public replies follow the chat.
    let reply = h
        .service
        .handle(Command::new(chat(), english, Request::Open).with_chat_lang(Lang::De))
        .await;
    assert_eq!((reply.lang, reply.actor_lang), (Lang::De, Lang::En));
    let table = reply.table.expect("table");
    assert!(render::table_text(&table, reply.lang).contains("Schocken-Tisch von Jo"));
}

#[tokio::test]
async fn a_request_repeated_after_a_restart_is_still_handled_once() {
    let mut h = Harness::new().await;
    let (loser, other) = h.anna_and_ben_play_a_game().await;
    let paid = || {
        Command::new(
            chat(),
            actor(other),
            Request::Paid {
                debtor: Some(UserRef::Name(loser.clone())),
            },
        )
        .with_request_id("tg:4711")
    };
    let first = h.service.handle(paid()).await;
    assert!(!first.is_error(), "{:?}", first.error_kind());
    // The platform delivers the same update again after the bot restarted.
    h.restart().await;
    let again = h.service.handle(paid()).await;
    assert!(
        again.private_notices.contains(&Notice::Duplicate),
        "{again:?}"
    );
    let history = h.ok(actor(other), Request::History { page: 1 }).await;
    let Some(Content::History { lines, .. }) = history.content else {
        panic!()
    };
    assert_eq!(lines.iter().filter(|l| l.kind == "paid").count(), 1);
}

#[tokio::test]
async fn timer_moves_speak_the_chats_last_known_language_even_after_a_restart() {
    let mut h = Harness::new().await;
    for (who, request) in [
        ("Anna", Request::Open),
        ("Ben", Request::Join),
        ("Anna", Request::Start),
    ] {
        let reply = h
            .service
            .handle(Command::new(chat(), actor(who), request).with_chat_lang(Lang::En))
            .await;
        assert!(!reply.is_error());
    }
    h.restart().await;
    let mut outbound = h.service.subscribe();
    h.clock.advance(181_000);
    h.service.tick().await;
    let out = outbound.try_recv().expect("timer move");
    assert_eq!(out.reply.lang, Lang::En);
}

/// An adapter's own read of the stored table (showing what another process moved on) is
/// the table a player's `Show` gets, but no player sent it: it is not counted as a command.
#[tokio::test]
async fn an_adapters_view_of_the_table_is_not_counted_as_a_command() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let commands = |text: &str| -> f64 {
        text.lines()
            .filter(|l| l.starts_with("schocken_commands_total"))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum()
    };
    let before = commands(&h.service.metrics().text());
    assert!(
        before >= 2.0,
        "the table's opening and joining were counted"
    );

    let system = Actor::new(UserId("system:test".into()), "system", None, false);
    let viewed = h.service.view(&chat(), system).await;
    let shown = h.ok(actor("Anna"), Request::Show).await;
    assert_eq!(
        viewed.table, shown.table,
        "the same table as a player's Show"
    );
    assert!(viewed.table.is_some());

    let after = commands(&h.service.metrics().text());
    assert_eq!(after, before + 1.0, "only Anna's Show counted");
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
