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
use schocken_fakes::telegram::{FakeTelegram, TgChat, TgUser};
use schocken_load::check;
use std::collections::BTreeMap;

#[tokio::test]
async fn two_processes_on_postgres_play_the_same_tables_and_survive_a_kill() {
    let Some(database) = postgres::fresh_database().await else {
        return;
    };
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let (first_addr, second_addr) = (
        free_addr().expect("a free port"),
        free_addr().expect("a free port"),
    );
    let balancer = Balancer::start(vec![first_addr, second_addr])
        .await
        .expect("the balancer");
    let url = format!("http://{}/telegram", balancer.addr);
    let mut first = Bot::telegram_webhook(&fake, &database, first_addr, &url, 51).await;
    let second = Bot::telegram_webhook(&fake, &database, second_addr, &url, 52).await;

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
