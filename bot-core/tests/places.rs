//! Where tables live and who may do what: tables in the topics of one chat (the ledger,
//! statistics and house rules stay the chat's), the opener's rights, anonymous admins, kicked
//! players and `quitter_pays`, buttons of finished or foreign tables, the chat's time zone,
//! and the throw that ended a round shown to its roller.

use bot_core::commands::parse;
use bot_core::config::Config;
use bot_core::engine::Event;
use bot_core::service::reply::Content;
use bot_core::service::{
    Actor, ButtonAction, ButtonId, ChatId, Command, Notice, Reply, Request, ServiceError,
    TableStatus, UserRef,
};

mod common;
use common::service::{Harness, actor, admin, chat};

async fn run_in(h: &Harness, place: &ChatId, who: Actor, request: Request) -> Reply {
    h.service
        .handle(Command::new(place.clone(), who, request))
        .await
}

async fn ok_in(h: &Harness, place: &ChatId, who: Actor, request: Request) -> Reply {
    let shown = format!("{request:?}");
    let reply = run_in(h, place, who, request).await;
    assert!(!reply.is_error(), "{shown}: {:?}", reply.error_kind());
    reply
}

/// Plays the table of `place` to its end: everybody stands at once.
async fn play_to_end_in(h: &Harness, place: &ChatId) {
    for _ in 0..5000 {
        let shown = ok_in(h, place, actor("Zuschauer"), Request::Show).await;
        let t = shown.table.expect("table");
        let Some(view) = t.view.filter(|v| v.result.is_none()) else {
            return;
        };
        let Some(seat) = view.current else { return };
        let name = t.members[seat.index()].clone();
        let request = if view.announcing {
            Request::Roll
        } else {
            Request::Stand
        };
        ok_in(h, place, actor(&name), request).await;
    }
    panic!("the game did not end");
}

#[tokio::test]
async fn each_topic_holds_its_own_table_and_the_chat_keeps_one_ledger() {
    let h = Harness::new().await;
    let group = ChatId::new("telegram", -100_777);
    let (darts, skat) = (group.in_topic(3), group.in_topic(9));
    for (place, names) in [(&darts, ["Anna", "Ben"]), (&skat, ["Cem", "Dora"])] {
        ok_in(&h, place, actor(names[0]), Request::Open).await;
        ok_in(&h, place, actor(names[1]), Request::Join).await;
        ok_in(&h, place, actor(names[0]), Request::Start).await;
    }
    // The two tables are independent.
    let a = ok_in(&h, &darts, actor("X"), Request::Show).await.table;
    let b = ok_in(&h, &skat, actor("X"), Request::Show).await.table;
    let (a, b) = (a.expect("table"), b.expect("table"));
    assert_ne!(a.table_id, b.table_id);
    assert_eq!(a.members, ["Anna", "Ben"]);
    assert_eq!(b.members, ["Cem", "Dora"]);
    // The General topic has no table of its own.
    assert_eq!(
        run_in(&h, &group, actor("X"), Request::Roll)
            .await
            .error_kind(),
        Some(&ServiceError::NoTable)
    );
    play_to_end_in(&h, &darts).await;
    play_to_end_in(&h, &skat).await;
    // One ledger and one statistics for the chat, asked from anywhere in it.
    for place in [&group, &darts, &skat] {
        let debts = ok_in(&h, place, actor("X"), Request::Debts).await;
        let Some(Content::Debts(lines)) = debts.content else {
            panic!("debts")
        };
        assert_eq!(lines.iter().map(|l| l.rounds).sum::<i64>(), 2, "{lines:?}");
        let stats = ok_in(&h, place, actor("X"), Request::Stats).await;
        let Some(Content::Stats { lines, .. }) = stats.content else {
            panic!("stats")
        };
        assert_eq!(lines.len(), 4);
    }
    // House rules set in one topic hold in the other.
    ok_in(
        &h,
        &darts,
        admin("Anna"),
        Request::SetRules {
            preset: Some("dortmund".into()),
            switches: Vec::new(),
        },
    )
    .await;
    let opened = ok_in(&h, &skat, actor("Cem"), Request::Open).await;
    assert_eq!(opened.table.expect("lobby").rules.name, "dortmund");
}

#[tokio::test]
async fn the_openers_rights_end_when_he_leaves_or_is_kicked() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    h.ok(actor("Anna"), Request::Leave).await;
    // Gone from the table, Anna may no longer end the game or kick anybody.
    for request in [
        Request::End,
        Request::Kick {
            user: UserRef::Name("Cem".into()),
        },
    ] {
        assert_eq!(
            h.refused(actor("Anna"), request).await,
            ServiceError::OpenerOrAdminOnly
        );
    }
    // The next human at the table holds the opener's rights now.
    h.ok(
        actor("Ben"),
        Request::Kick {
            user: UserRef::Name("Cem".into()),
        },
    )
    .await;
    // And a kicked opener in the lobby loses them as well.
    let h = Harness::new().await;
    h.ok(actor("Anna"), Request::Open).await;
    h.ok(actor("Ben"), Request::Join).await;
    h.ok(
        admin("Wirt"),
        Request::Kick {
            user: UserRef::Name("Anna".into()),
        },
    )
    .await;
    let lobby = h.public().await;
    assert_eq!(lobby.opener, "Ben");
    assert_eq!(
        h.refused(actor("Anna"), Request::End).await,
        ServiceError::OpenerOrAdminOnly
    );
}

#[tokio::test]
async fn a_kicked_player_owes_no_quitter_round_but_a_leaver_does() {
    let h = Harness::new().await;
    h.ok(
        admin("Wirt"),
        Request::SetRules {
            preset: None,
            switches: vec!["quitter_pays=true".into()],
        },
    )
    .await;
    h.table_of(&["Anna", "Ben", "Cem", "Dora"]).await;
    h.ok(
        actor("Anna"),
        Request::Kick {
            user: UserRef::Name("Cem".into()),
        },
    )
    .await;
    h.ok(actor("Dora"), Request::Leave).await;
    let debts = h.ok(actor("X"), Request::Debts).await;
    let Some(Content::Debts(lines)) = debts.content else {
        panic!("debts")
    };
    let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["Dora"], "only who left of his own accord owes");
}

#[tokio::test]
async fn an_anonymous_admin_cannot_confirm_a_payment() {
    let h = Harness::new().await;
    let (loser, _) = h.anna_and_ben_play_a_game().await;
    let mut anonymous = admin("Stammtisch");
    anonymous.anonymous = true;
    for debtor in [None, Some(UserRef::Name(loser.clone()))] {
        assert_eq!(
            h.refused(anonymous.clone(), Request::Paid { debtor }).await,
            ServiceError::AnonymousConfirmation
        );
    }
    // Nothing changed: the round is still owed.
    let debts = h.ok(actor("X"), Request::Debts).await;
    let Some(Content::Debts(lines)) = debts.content else {
        panic!("debts")
    };
    assert_eq!(lines.len(), 1);
}

#[tokio::test]
async fn buttons_of_a_finished_or_another_table_say_so() {
    let h = Harness::new().await;
    let started = h.table_of(&["Anna", "Ben"]).await;
    let finished = started.table.expect("table");
    h.play_to_end().await;
    let roll = ButtonId::new(ButtonAction::Roll, finished.table_id, finished.version);
    let press = |id: &ButtonId| parse::button_command(chat(), actor("Anna"), id);
    assert_eq!(
        h.service.handle(press(&roll)).await.error_kind(),
        Some(&ServiceError::GameOver)
    );
    // A new game in the same chat: the old game's buttons still say it is over.
    h.ok(actor("Anna"), Request::Open).await;
    assert_eq!(
        h.service.handle(press(&roll)).await.error_kind(),
        Some(&ServiceError::GameOver)
    );
    // A button of a table in another chat is none of this table's.
    let elsewhere = ChatId::new("test", "nebenan");
    let other = ok_in(&h, &elsewhere, actor("Cem"), Request::Open).await;
    let join = ButtonId::new(ButtonAction::Join, other.table.expect("lobby").table_id, 0);
    assert_eq!(
        h.service.handle(press(&join)).await.error_kind(),
        Some(&ServiceError::ForeignButton)
    );
}

#[tokio::test]
async fn times_are_shown_in_the_chats_time_zone() {
    let h = Harness::new().await;
    let lobby = h.ok(actor("Anna"), Request::Open).await;
    assert_eq!(lobby.table.expect("table").time_zone, "Europe/Berlin");
    assert_eq!(
        h.refused(
            actor("Anna"),
            Request::SetTimeZone {
                zone: "Europe/Vienna".into()
            }
        )
        .await,
        ServiceError::AdminOnly
    );
    assert_eq!(
        h.refused(
            admin("Wirt"),
            Request::SetTimeZone {
                zone: "Mars/Olympus".into()
            }
        )
        .await,
        ServiceError::UnknownTimeZone {
            zone: "Mars/Olympus".into()
        }
    );
    let set = h
        .ok(
            admin("Wirt"),
            Request::SetTimeZone {
                zone: "america/new_york".into(),
            },
        )
        .await;
    assert_eq!(
        set.notices,
        [Notice::TimeZoneSet {
            zone: "America/New_York".into()
        }]
    );
    assert_eq!(h.public().await.time_zone, "America/New_York");
    let rules = h
        .ok(actor("X"), Request::ShowRules { details: false })
        .await;
    assert!(matches!(
        rules.content,
        Some(Content::Rules { time_zone, .. }) if time_zone == "America/New_York"
    ));
}

#[tokio::test]
async fn a_chat_without_house_rules_plays_the_configured_default() {
    let config = Config {
        default_rules: "dortmund".into(),
        ..Config::default()
    };
    let h = Harness::with_config(config).await;
    let lobby = h.ok(actor("Anna"), Request::Open).await;
    assert_eq!(lobby.table.expect("table").rules.name, "dortmund");
}

#[tokio::test]
async fn the_roller_sees_the_throw_that_ended_the_round() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    for _ in 0..200 {
        let Some(name) = h.current().await else {
            panic!("the game ended before a round did")
        };
        let view = h.public().await.view.expect("view");
        let request = if view.announcing {
            Request::Roll
        } else {
            Request::Stand
        };
        let reply = h.ok(actor(&name), request).await;
        let scored = reply
            .notices
            .iter()
            .any(|n| matches!(n, Notice::Game(Event::RoundScored(_))))
            || !reply.reveals.is_empty();
        if !scored {
            continue;
        }
        let own = reply.private.expect("the roller's own view");
        let over = own.round_over.expect("the round his move ended");
        let seat = over
            .throws
            .iter()
            .find(|t| reply.table.as_ref().expect("table").members[t.seat.index()] == name)
            .expect("his throw is in the round");
        assert_eq!(seat.eval.dice.len(), 3);
        assert_eq!(
            reply.table.expect("table").status,
            TableStatus::Running,
            "a round, not the game"
        );
        return;
    }
    panic!("no round ended");
}

#[tokio::test]
async fn a_table_button_a_few_moves_old_counts_unless_it_repeats_ones_own_move() {
    // The platforms pace the table message's edits, so its buttons can be a move or two
    // behind. Ben's stand from the message as it was before Anna rolled still counts; a
    // second press of a button one already used is a double click.
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    let first = h.current().await.expect("someone to play");
    let shown = h.public().await;
    let button = |action, version| {
        parse::button_command(
            chat(),
            actor(&first),
            &ButtonId::new(action, shown.table_id, version),
        )
    };
    h.ok(actor(&first), Request::Look).await;
    let rolled = h
        .service
        .handle(button(ButtonAction::Roll, shown.version))
        .await;
    assert!(!rolled.is_error(), "{:?}", rolled.error_kind());
    let version_after_roll = rolled.table.as_ref().expect("table").version;
    assert!(version_after_roll > shown.version);
    // The same roll button again (the message had not caught up): a double click.
    let again = h
        .service
        .handle(button(ButtonAction::Roll, shown.version))
        .await;
    assert_eq!(again.error_kind(), Some(&ServiceError::Stale));
    // His stand from the same old message is another move: it counts.
    let stood = h
        .service
        .handle(button(ButtonAction::Stand, shown.version))
        .await;
    assert!(!stood.is_error(), "{:?}", stood.error_kind());
    // A button of a version the table never had is stale.
    let future = h
        .service
        .handle(button(ButtonAction::Stand, shown.version + 100))
        .await;
    assert_eq!(future.error_kind(), Some(&ServiceError::Stale));
}

#[tokio::test]
async fn a_button_of_an_earlier_round_is_stale() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let shown = h.public().await;
    let round = shown.view.as_ref().expect("view").round;
    // Play until the round changes.
    for _ in 0..20 {
        let Some(name) = h.current().await else { break };
        let view = h.public().await.view.expect("view");
        if view.round != round {
            break;
        }
        let request = if view.announcing {
            Request::Roll
        } else {
            Request::Stand
        };
        h.ok(actor(&name), request).await;
    }
    let now = h.public().await;
    assert_ne!(now.view.as_ref().expect("view").round, round);
    let name = h.current().await.expect("someone");
    let old = parse::button_command(
        chat(),
        actor(&name),
        &ButtonId::new(ButtonAction::Stand, shown.table_id, shown.version),
    );
    assert_eq!(
        h.service.handle(old).await.error_kind(),
        Some(&ServiceError::Stale)
    );
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
