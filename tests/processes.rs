//! Two bot processes on one PostgreSQL database behind a load balancer, Telegram in webhook
//! mode (the way an operator runs more than one): the same tables are played through both
//! (the balancer hands the updates out in turn), one process is killed mid-run and comes
//! back, and afterwards the crash checks hold — Deckel add up in every round and table, one
//! Bierrunde per finished game, every version a player was shown is stored — and every
//! press was answered once.

mod common;

use common::telegram::{self, Play, command, open_and_start};
use common::{Bot, postgres};
use schocken_fakes::balancer::{Balancer, free_addr};
use schocken_fakes::telegram::{FakeTelegram, Fault, TgChat, TgUser};
use schocken_load::check;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;

/// Two bot processes on a fresh PostgreSQL database, Telegram's updates handed to them in
/// turn by a balancer.
struct Fleet {
    database: String,
    fake: FakeTelegram,
    balancer: Balancer,
    addrs: (SocketAddr, SocketAddr),
    url: String,
    first: Bot,
    second: Bot,
}

impl Fleet {
    /// `None` when no PostgreSQL is configured for the tests.
    async fn start() -> Option<Fleet> {
        let database = postgres::fresh_database().await?;
        let fake = FakeTelegram::start().await.expect("fake Telegram");
        let addrs = (
            free_addr().expect("a free port"),
            free_addr().expect("a free port"),
        );
        let balancer = Balancer::start(vec![addrs.0, addrs.1])
            .await
            .expect("the balancer");
        let url = format!("http://{}/telegram", balancer.addr);
        let first = Bot::telegram_webhook(&fake, &database, addrs.0, &url, 51).await;
        let second = Bot::telegram_webhook(&fake, &database, addrs.1, &url, 52).await;
        Some(Fleet {
            database,
            fake,
            balancer,
            addrs,
            url,
            first,
            second,
        })
    }
}

/// One process posts the lobby, but Telegram answers it slowly, so the other process handles
/// the next press before the message is known. It edits that message when its turn comes;
/// it does not post a second table message (whose buttons the first process's edits would
/// no longer reach).
#[tokio::test]
async fn a_table_message_posted_by_one_process_is_edited_by_the_other() {
    let Some(fleet) = Fleet::start().await else {
        return;
    };
    let fake = &fleet.fake;
    let group = TgChat::group(-2003, "Stammtisch");
    let (anna, ben) = (TgUser::new(301, "Anna"), TgUser::new(302, "Ben"));
    fake.fail_next("sendMessage", 1, Fault::Slow(Duration::from_secs(2)));
    fake.command(&group, &anna, "/neu");
    let lobby = telegram::wait_table(fake, group.id, "the lobby", |t| {
        telegram::button(t, "j").is_some()
    })
    .await;
    telegram::press(
        fake,
        &group,
        &ben,
        &telegram::button(&lobby, "j").expect("join"),
    )
    .await;
    telegram::wait_table(fake, group.id, "the joined player", |t| {
        t.text.contains("(2)")
    })
    .await;
    assert_eq!(
        fleet.balancer.served(),
        vec![1, 1],
        "each process took one update"
    );
    telegram::settle(fake, &group).await;
    let tables: Vec<_> = fake
        .bot_messages(group.id)
        .into_iter()
        .filter(telegram::is_table)
        .map(|m| m.message_id)
        .collect();
    assert_eq!(tables, vec![lobby.message_id], "one table message");
}

#[tokio::test]
async fn two_processes_on_postgres_play_the_same_tables_and_survive_a_kill() {
    let Some(Fleet {
        database,
        fake,
        balancer,
        addrs: (first_addr, _),
        url,
        first,
        second,
    }) = Fleet::start().await
    else {
        return;
    };
    let mut first = first;

    let groups = [
        TgChat::group(-2001, "Eckkneipe"),
        TgChat::group(-2002, "Vereinsheim"),
    ];
    let players = [
        TgUser::new(301, "Anna"),
        TgUser::new(302, "Ben"),
        TgUser::new(303, "Cem"),
    ];
    for group in &groups {
        // Short games (two Deckel), so both end within the test.
        fake.set_admin(group.id, players[0].id);
        command(&fake, group, &players[0], "/regeln deckel=2").await;
        open_and_start(&fake, group, &players).await;
    }
    let mut plays: Vec<Play> = groups
        .iter()
        .map(|g| Play::new(&fake, g, &players))
        .collect();
    for _ in 0..3 {
        for play in &mut plays {
            play.turn().await;
        }
    }
    let served = balancer.served();
    assert!(
        served.iter().all(|n| *n >= 5),
        "both processes took updates: {served:?}"
    );

    // One process dies mid-run, a press in flight: if it was that process's, its delivery
    // fails and Telegram sends it again, through the balancer to the other.
    let table = telegram::table_message(&fake, groups[0].id).expect("table");
    let look = telegram::button(&table, "l").expect("look");
    let player = plays[0].player(&common::current_player(&table.text).expect("current"));
    let in_flight = fake.press(&groups[0], &player, table.message_id, &look);
    first.kill();
    let in_flight = in_flight.callback_id.expect("a press");
    fake.answer_to(&in_flight, common::WAIT)
        .await
        .expect("the press in flight is answered");
    for _ in 0..3 {
        for play in &mut plays {
            play.turn().await;
        }
    }
    // It comes back, and the games are played to their end through both.
    first = Bot::telegram_webhook(&fake, &database, first_addr, &url, 53).await;
    for play in &mut plays {
        play.play_to_the_end().await;
        play.assert_no_leaks();
    }

    // The newest version each table message showed is stored.
    let mut seen: BTreeMap<u64, u64> = BTreeMap::new();
    for shown in fake.requests_since(0) {
        let accepted =
            shown.status == 200 && (shown.is("editMessageText") || shown.is("sendMessage"));
        if !accepted || !groups.iter().any(|g| shown.chat_id() == Some(g.id)) {
            continue;
        }
        // Buttons are `v1:{action}:{table}:{version}`, the numbers in base 36.
        for data in shown.callback_data() {
            let parts: Vec<&str> = data.split(':').collect();
            if let [_, _, table, version] = parts.as_slice()
                && let (Ok(table), Ok(version)) = (
                    u64::from_str_radix(table, 36),
                    u64::from_str_radix(version, 36),
                )
            {
                let newest = seen.entry(table).or_insert(0);
                *newest = (*newest).max(version);
            }
        }
    }
    assert_eq!(seen.len(), 2, "{seen:?}");
    let problems = check::problems(&database, &seen).await.expect("checks ran");
    assert!(problems.is_empty(), "{problems:#?}");
    let finished = check::finished_games(&database).await.expect("read");
    assert_eq!(finished, 2, "both games ended");
    // Every press was answered once.
    let mut answered = BTreeMap::new();
    for r in fake.requests_since(0) {
        if r.is("answerCallbackQuery")
            && let Some(id) = r.callback_query_id()
        {
            *answered.entry(id.to_string()).or_insert(0) += 1;
        }
    }
    assert!(answered.values().all(|n| *n == 1), "{answered:?}");
    first.assert_token_never_logged(fake.token());
    second.assert_token_never_logged(fake.token());
}
