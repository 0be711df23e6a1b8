//! Telegram drops the connection and the bot carries on: the real `schocken` binary (with its
//! production Throttle and paced outbox) against the local fake Bot API, which enforces
//! Telegram's flood limits. Long polls fail (5xx, dropped connections, timeouts), sends and
//! edits fail with 5xx; the bot polls on and handles what waited, and stays within the limits
//! (no 429, at most 20 writes a minute to a group). The token never shows in the log
//! (schocken crates at trace level). Discord: `resilience.rs`.

mod common;

use common::telegram::{
    self, PrivatePlay, assert_within_limits, barrier_within, button, settle, start_all_privately,
    table_message, wait_table,
};
use common::{Bot, WAIT, current_player};
use schocken_fakes::telegram::{DROPPED, FakeTelegram, Fault, HUNG, TgChat, TgUser};
use std::time::{Duration, Instant};

// ----- Telegram ------------------------------------------------------------------------------

/// Long enough for a failed long poll (teloxide waits 10 s after a 5xx, and gives up on a
/// hanging request after 17 s) and its backoff.
const OUTAGE: Duration = Duration::from_secs(45);

fn statuses(fake: &FakeTelegram, since: u64, method: &str) -> Vec<u16> {
    fake.requests_since(since)
        .into_iter()
        .filter(|r| r.is(method))
        .map(|r| r.status)
        .collect()
}

/// The statuses of the calls of `method` to `chat` since `since`.
fn statuses_in(fake: &FakeTelegram, since: u64, method: &str, chat: i64) -> Vec<u16> {
    fake.requests_since(since)
        .into_iter()
        .filter(|r| r.is(method) && r.chat_id() == Some(chat))
        .map(|r| r.status)
        .collect()
}

/// Waits until the bot's log holds `needle`.
async fn wait_log(bot: &Bot, needle: &str) {
    let deadline = Instant::now() + WAIT;
    while !bot.log().contains(needle) {
        assert!(
            Instant::now() < deadline,
            "{needle:?} never logged:\n{}",
            bot.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Makes the bot's next long polls fail with `faults`: the one in flight returns with a first
/// command, the following ones fail. Returns once the first failure is on record.
async fn fail_polls(fake: &FakeTelegram, group: &TgChat, user: &TgUser, faults: &[Fault]) -> u64 {
    let mark = fake.mark();
    for f in faults {
        fake.fail_next("getUpdates", 1, *f);
    }
    fake.command(group, user, "/neu");
    fake.wait_for(mark, WAIT, |r| {
        r.is("getUpdates") && r.status != 200 && r.status != 0
    })
    .await
    .expect("a failing long poll");
    mark
}

/// Commands sent while the long polls fail: they wait at Telegram and are handled in order.
async fn queue_a_game(fake: &FakeTelegram, group: &TgChat, players: &[TgUser]) -> Instant {
    let queued = Instant::now();
    for p in &players[1..] {
        fake.command(group, p, "/mit");
    }
    fake.command(group, &players[0], "/los");
    fake.command(group, &players[0], "/deckel");
    queued
}

/// Every queued command was handled: the game runs (the table message shows it once the
/// paced outbox got to it) and `/deckel` was answered; every update is confirmed.
async fn assert_the_queue_was_handled(fake: &FakeTelegram, group: &TgChat, mark: u64) {
    barrier_within(fake, group, OUTAGE).await;
    wait_table(fake, group.id, "the running game", |t| {
        current_player(&t.text).is_some()
    })
    .await;
    let debts = fake
        .wait_for(mark, WAIT, |r| {
            r.ok()
                && r.is("sendMessage")
                && r.chat_id() == Some(group.id)
                && r.text()
                    .is_some_and(|t| t.contains("Niemand schuldet eine Runde"))
        })
        .await;
    assert!(debts.is_ok(), "/deckel is answered");
    fake.wait_confirmed(WAIT)
        .await
        .expect("every update confirmed");
}

/// Plays the running game of `group` to its end through the players' private chats (each
/// presses START now: whoever is to act gets his cup there).
async fn play_privately_to_the_end(fake: &FakeTelegram, group: &TgChat, players: &[TgUser]) {
    start_all_privately(fake, group.id, players).await;
    PrivatePlay::new(fake, group, players)
        .play_to_the_end()
        .await;
    wait_table(fake, group.id, "the game's end", |t| {
        t.text.contains("🍺") && button(t, "r").is_none()
    })
    .await;
}

/// getUpdates answers 502, breaks the connection, answers 500; commands sent meanwhile are
/// handled in order afterwards, every failure is logged (without the token).
#[tokio::test]
async fn telegram_long_poll_5xx_and_dropped_connections_are_outlasted() {
    let (fake, db, bot) = telegram::start(21).await;
    let group = TgChat::group(-3001, "Ausfall");
    let players = [
        TgUser::new(101, "Anna"),
        TgUser::new(102, "Ben"),
        TgUser::new(103, "Cem"),
    ];
    let mark = fail_polls(
        &fake,
        &group,
        &players[0],
        &[
            Fault::ServerError(502),
            Fault::Drop,
            Fault::ServerError(500),
        ],
    )
    .await;
    queue_a_game(&fake, &group, &players).await;
    assert_the_queue_was_handled(&fake, &group, mark).await;
    let polls = statuses(&fake, mark, "getUpdates");
    let failed: Vec<u16> = polls
        .iter()
        .copied()
        .filter(|s| *s != 200 && *s != 0)
        .collect();
    assert_eq!(failed, [502, DROPPED, 500], "{polls:?}");
    let log = bot.log();
    assert!(
        log.matches("getUpdates failed; polling again").count() >= 3,
        "every failed poll is logged:\n{log}"
    );
    // And the game goes on to its end, within Telegram's limits.
    play_privately_to_the_end(&fake, &group, &players).await;
    let stored = db.table("telegram:-3001").await.expect("stored");
    assert_eq!(stored.status, "finished");
    stored.assert_deckel_add_up();
    assert_within_limits(&fake, &[group.id]);
    eprintln!(
        "long poll faults: at most {} writes a minute to the group",
        fake.max_writes_per_minute(group.id)
    );
    bot.assert_token_never_logged(fake.token());
}

/// A long poll that never answers: the client times out, polls again and gets what waited.
#[tokio::test]
async fn telegram_a_hanging_long_poll_times_out_and_polling_goes_on() {
    let (fake, db, bot) = telegram::start(22).await;
    let group = TgChat::group(-3002, "Funkloch");
    let players = [TgUser::new(101, "Anna"), TgUser::new(102, "Ben")];
    let mark = fail_polls(&fake, &group, &players[0], &[Fault::Hang]).await;
    let queued = queue_a_game(&fake, &group, &players).await;
    assert_the_queue_was_handled(&fake, &group, mark).await;
    assert!(
        queued.elapsed() >= Duration::from_secs(10),
        "the queue waited for the client's timeout"
    );
    let polls = statuses(&fake, mark, "getUpdates");
    assert_eq!(polls.iter().filter(|s| **s == HUNG).count(), 1, "{polls:?}");
    assert!(bot.log().contains("getUpdates failed; polling again"));
    play_privately_to_the_end(&fake, &group, &players).await;
    assert_eq!(
        db.table("telegram:-3002").await.expect("stored").status,
        "finished"
    );
    assert_within_limits(&fake, &[group.id]);
    bot.assert_token_never_logged(fake.token());
}

/// A table edit fails with 503 while a message to another group fails with 500: the outbox
/// drops the failed writes (logged), neither chat stops, and nothing waits behind them; the
/// table message, left one move behind, is brought up to date by the next press on it.
#[tokio::test]
async fn telegram_5xx_on_send_and_edit_do_not_stop_the_bot() {
    let (fake, db, bot) = telegram::start(23).await;
    let group = TgChat::group(-3003, "Wackelkontakt");
    let other = TgChat::group(-3004, "Nebentisch");
    let players = [TgUser::new(101, "Anna"), TgUser::new(102, "Ben")];
    let mark = fake.mark();
    fake.command(&group, &players[0], "/neu");
    for p in &players[1..] {
        fake.command(&group, p, "/mit");
    }
    fake.command(&group, &players[0], "/los");
    let t = wait_table(&fake, group.id, "the running game", |t| {
        current_player(&t.text).is_some()
    })
    .await;
    // Nothing else is on its way to the group: the next edit there is the roll's.
    settle(&fake, &group).await;
    assert_eq!(table_message(&fake, group.id).expect("table").text, t.text);
    let name = current_player(&t.text).expect("running");
    let who = players
        .iter()
        .find(|p| p.first_name == name)
        .expect("player");
    assert!(
        statuses_in(&fake, mark, "editMessageText", group.id)
            .iter()
            .all(|s| *s == 200)
    );

    // The table edit after a roll fails with 503, and at the same time a message to another
    // group fails with 500: neither stops the bot.
    fake.fail_next("editMessageText", 1, Fault::ServerError(503));
    fake.fail_next("sendMessage", 1, Fault::ServerError(500));
    let mark = fake.mark();
    let roll = button(&t, "r").expect("roll");
    let rolled = fake.press(&group, who, t.message_id, &roll);
    let debts = fake.command(&other, &players[0], "/deckel");
    let answer = fake
        .answer_to(rolled.callback_id.as_deref().expect("id"), WAIT)
        .await
        .expect("the roll is answered");
    assert_eq!(common::faces(&telegram::alert(&answer)).len(), 3);
    fake.wait_for(mark, WAIT, |r| {
        r.is("editMessageText") && r.chat_id() == Some(group.id)
    })
    .await
    .expect("the table edit is tried");
    fake.wait_for(debts.mark, WAIT, |r| {
        r.is("sendMessage") && r.chat_id() == Some(other.id)
    })
    .await
    .expect("the answer to /deckel is tried");
    // teloxide holds a 5xx answer back for 10 s before it reports it; then the outbox logs
    // the failure and writes again after a second, with the newest state.
    wait_log(&bot, "could not edit a message").await;
    wait_log(&bot, "could not send a message").await;
    let shown = wait_table(&fake, group.id, "the roll", |m| m.text != t.text).await;
    assert!(
        common::player_line(&shown.text, &name).is_some_and(|l| l.contains("Wurf 2/3")),
        "the table message shows the roll: {}",
        shown.text
    );
    let answered = fake
        .wait_for(debts.mark, WAIT, |r| {
            r.ok() && r.is("sendMessage") && r.chat_id() == Some(other.id)
        })
        .await
        .expect("the answer to /deckel comes after all");
    assert!(
        answered
            .text()
            .is_some_and(|t| t.contains("Niemand schuldet eine Runde")),
        "{answered:?}"
    );
    settle(&fake, &group).await;
    settle(&fake, &other).await;
    assert_eq!(
        statuses_in(&fake, mark, "editMessageText", group.id),
        [503, 200]
    );
    assert_eq!(
        statuses_in(&fake, debts.mark, "sendMessage", other.id),
        [500, 200]
    );
    // The game goes on to its end.
    play_privately_to_the_end(&fake, &group, &players).await;
    let stored = db.table("telegram:-3003").await.expect("stored");
    assert_eq!(stored.status, "finished");
    stored.assert_deckel_add_up();
    assert_within_limits(&fake, &[group.id, other.id]);
    bot.assert_token_never_logged(fake.token());
}
