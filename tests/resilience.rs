//! The platform drops the connection and the bot carries on: the real `schocken` binary
//! against the local fakes. Discord: the gateway closes (cleanly, abruptly), asks for a
//! reconnect (op 7) or invalidates the session (op 9); the bot resumes (or identifies anew)
//! and what happened meanwhile reaches it. Telegram: long polls fail (5xx, dropped
//! connections, timeouts), sends and edits fail with 5xx; the bot polls on and handles what
//! waited. The token never shows in the log (schocken crates at trace level).

mod common;

use common::discord::{self, answer, open_and_start, slash, user};
use common::telegram::{self, Play, barrier, barrier_within, button, sent_texts, table_message};
use common::{DISCORD_TOKEN, WAIT, current_player};
use schocken_fakes::discord::{Call, FakeDiscord, FakeMessage, FakeUser, Injected};
use schocken_fakes::telegram::{DROPPED, FakeTelegram, Fault, HUNG, TgChat, TgUser};
use std::time::{Duration, Instant};

// ----- Discord -------------------------------------------------------------------------------

/// The table message of the fake guild's channel as it stands now.
fn d_table(fake: &FakeDiscord) -> FakeMessage {
    discord::table_message(fake, discord::table_id(fake, fake.channel_id()))
}

/// The current player's next move by button (look first, then roll, then stand), injected
/// but not waited for.
fn d_next_move(fake: &FakeDiscord, players: &[FakeUser], step: usize) -> Option<Injected> {
    let t = d_table(fake);
    let name = current_player(&t.content)?;
    let who = players
        .iter()
        .find(|p| p.nick.as_deref() == Some(name.as_str()))?;
    let id = match step % 3 {
        0 => t.button("v1:l:"),
        1 => t.button("v1:r:"),
        _ => t.button("v1:s:"),
    }?;
    Some(fake.click(who, t.id, &id).expect("inject"))
}

/// Plays by the table buttons until the game is over.
async fn d_play_to_the_end(fake: &FakeDiscord, players: &[FakeUser]) {
    for step in 0..2000 {
        let Some(sent) = d_next_move(fake, players, step) else {
            return;
        };
        answer(fake, &sent).await;
    }
    panic!("the game did not end");
}

/// A move that changes the table: the answer comes and the table message is edited for it.
async fn d_moves_the_table(fake: &FakeDiscord, sent: &Injected, what: &str) {
    let a = answer(fake, sent).await;
    assert!(
        a.ephemeral && a.content.contains("Dein Becher"),
        "{what}: {a:?}"
    );
    fake.wait_for(sent.seq, WAIT, |r| {
        matches!(r.call, Call::EditMessage { .. })
    })
    .await
    .unwrap_or_else(|e| panic!("{what}: the table is edited: {e}"));
}

/// Mid-game the gateway closes with 4000 (and holds the RESUME while a click comes in), drops
/// abruptly, sends op 7 RECONNECT and a resumable op 9: serenity resumes each time (one
/// IDENTIFY in all), the click made while it was away is replayed and answered, and the game
/// goes on to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_gateway_closes_and_reconnects_resume_and_deliver_what_waited() {
    let (fake, db, bot) = discord::start(7).await;
    let players = [user(11, "Anna"), user(12, "Ben"), user(13, "Cem")];
    open_and_start(&fake, &players).await;
    let mut step = 0;
    for _ in 0..4 {
        let sent = d_next_move(&fake, &players, step).expect("running");
        answer(&fake, &sent).await;
        step += 1;
    }
    // Roll next (step 1 of a turn), so every injected move below changes the table.
    while step % 3 != 1 {
        let sent = d_next_move(&fake, &players, step).expect("running");
        answer(&fake, &sent).await;
        step += 1;
    }
    assert_eq!(fake.sessions(), 1);

    // The gateway closes (4000, resumable) and takes a while to take the bot back; a click
    // comes in while the bot is away. After the RESUME it is replayed and answered.
    fake.hold_resumes(true);
    fake.close_gateway(Some(4000)).expect("close");
    fake.wait_resume_attempts(1, WAIT)
        .await
        .expect("the bot resumes");
    let waiting = d_next_move(&fake, &players, step).expect("running");
    assert!(
        fake.callback_attempts(waiting.id).is_empty(),
        "nothing reaches a bot that is away"
    );
    fake.hold_resumes(false);
    fake.wait_resumed(1, WAIT).await.expect("resumed");
    d_moves_the_table(&fake, &waiting, "a click while disconnected").await;
    step += 1;

    // An abrupt drop (no closing handshake), a click right after it.
    fake.close_gateway(None).expect("drop");
    let sent = d_next_move(&fake, &players, step).expect("running");
    fake.wait_resumed(2, WAIT)
        .await
        .expect("resumed after a drop");
    answer(&fake, &sent).await;
    step += 1;

    // op 7 RECONNECT, a click right after it.
    fake.request_reconnect().expect("op 7");
    let sent = d_next_move(&fake, &players, step).expect("running");
    fake.wait_resumed(3, WAIT)
        .await
        .expect("resumed after op 7");
    answer(&fake, &sent).await;
    step += 1;

    // op 9 INVALID_SESSION, resumable.
    fake.invalidate_session(true).expect("op 9");
    let sent = d_next_move(&fake, &players, step).expect("running");
    fake.wait_resumed(4, WAIT)
        .await
        .expect("resumed after op 9 (resumable)");
    answer(&fake, &sent).await;

    assert_eq!(
        fake.sessions(),
        1,
        "every reconnect resumed: no new IDENTIFY"
    );
    assert_eq!(fake.resume_attempts(), 4);
    // Slash commands too, and the game to its end.
    let sent = fake.slash(&players[1], &slash("debts")).expect("inject");
    let debts = answer(&fake, &sent).await;
    assert!(!debts.ephemeral, "{debts:?}");
    d_play_to_the_end(&fake, &players).await;
    let chat = discord::chat(&fake, fake.channel_id());
    let stored = db.table(&chat).await.expect("stored");
    assert_eq!(stored.status, "finished");
    stored.assert_deckel_add_up();
    let t = d_table(&fake);
    assert!(
        t.content.lines().any(|l| l.starts_with("🍺 ")),
        "{}",
        t.content
    );
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    assert!(bot.log().contains("Resumed"), "serenity resumed");
    bot.assert_token_never_logged(DISCORD_TOKEN);
}

/// A non-resumable op 9: the bot identifies anew and the same table message takes the next
/// moves to the end of the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_invalid_session_identifies_anew_and_the_game_goes_on() {
    let (fake, db, bot) = discord::start(8).await;
    let players = [user(21, "Dora"), user(22, "Emil")];
    open_and_start(&fake, &players).await;
    for step in 0..3 {
        let sent = d_next_move(&fake, &players, step).expect("running");
        answer(&fake, &sent).await;
    }
    let before = d_table(&fake);

    // Not resumable: the bot has to identify anew (serenity waits up to 5 s between
    // IDENTIFYs), then it is back.
    fake.invalidate_session(false).expect("op 9");
    fake.wait_sessions(2, WAIT).await.expect("a new IDENTIFY");
    assert_eq!(fake.resumes(), 0);
    assert!(fake.identified_with_token());
    assert_eq!(d_table(&fake), before, "nothing moved meanwhile");
    // The same table message takes the next moves.
    let sent = d_next_move(&fake, &players, 3).expect("running");
    answer(&fake, &sent).await;
    let sent = d_next_move(&fake, &players, 4).expect("running");
    d_moves_the_table(&fake, &sent, "a roll after the new session").await;
    assert_eq!(d_table(&fake).id, before.id);
    d_play_to_the_end(&fake, &players).await;
    let chat = discord::chat(&fake, fake.channel_id());
    let stored = db.table(&chat).await.expect("stored");
    assert_eq!(stored.status, "finished");
    stored.assert_deckel_add_up();
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    bot.assert_token_never_logged(DISCORD_TOKEN);
}

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

async fn assert_the_queue_was_handled(fake: &FakeTelegram, group: &TgChat, mark: u64) {
    barrier_within(fake, group, OUTAGE).await;
    let table = table_message(fake, group.id).expect("the table");
    assert!(
        current_player(&table.text).is_some(),
        "the game runs: {}",
        table.text
    );
    let texts = sent_texts(fake, mark, group.id);
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Niemand schuldet eine Runde")),
        "{texts:?}"
    );
    assert_eq!(fake.pending_updates(), 0, "every update confirmed");
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
    // And the game goes on to its end.
    Play::new(&fake, &group, &players).play_to_the_end().await;
    let stored = db.table("telegram:-3001").await.expect("stored");
    assert_eq!(stored.status, "finished");
    stored.assert_deckel_add_up();
    bot.assert_token_never_logged(fake.token());
}

/// A long poll that never answers: the client times out, polls again and gets what waited.
#[tokio::test]
async fn telegram_a_hanging_long_poll_times_out_and_polling_goes_on() {
    let (fake, _db, bot) = telegram::start(22).await;
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
    Play::new(&fake, &group, &players).play_to_the_end().await;
    bot.assert_token_never_logged(fake.token());
}

/// A table edit fails with 503 while a message to another group fails with 500: both chats
/// go on; the next press on the outdated table message brings it up to date.
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
    barrier(&fake, &group).await;
    let t = table_message(&fake, group.id).expect("table");
    let name = current_player(&t.text).expect("running");
    let who = players
        .iter()
        .find(|p| p.first_name == name)
        .expect("player");
    assert!(
        statuses(&fake, mark, "editMessageText")
            .iter()
            .all(|s| *s == 200)
    );

    // The table edit after a roll fails with 503, and at the same time a message to another
    // group fails with 500: both chats wait out teloxide's pause, neither stops the bot.
    fake.fail_next("editMessageText", 1, Fault::ServerError(503));
    fake.fail_next("sendMessage", 1, Fault::ServerError(500));
    let mark = fake.mark();
    let rolled = fake.press(&group, who, t.message_id, &button(&t, "r").expect("roll"));
    let debts = fake.command(&other, &players[0], "/deckel");
    let answer = fake
        .answer_to(rolled.callback_id.as_deref().expect("id"), WAIT)
        .await
        .expect("the roll is answered");
    assert_eq!(common::faces(&telegram::alert(&answer)).len(), 3);
    barrier(&fake, &other).await;
    assert_eq!(statuses(&fake, mark, "editMessageText"), [503]);
    assert_eq!(statuses(&fake, debts.mark, "sendMessage")[0], 500);
    let log = bot.log();
    assert!(log.contains("could not edit the table message"), "{log}");
    assert!(log.contains("could not send a message"), "{log}");

    // The table message missed the roll: its buttons are one version behind. The next press
    // on them is outdated, and the table message is brought up to date with it.
    let stale = table_message(&fake, group.id).expect("table");
    assert_eq!(stale.text, t.text, "the failed edit left the old state");
    let mark = fake.mark();
    let pressed = telegram::press(&fake, &group, who, &button(&stale, "s").expect("stand")).await;
    assert_eq!(
        telegram::alert(&pressed),
        "Dieser Knopf ist veraltet.",
        "{:?}",
        pressed.params
    );
    let repaired = table_message(&fake, group.id).expect("table");
    assert_ne!(
        repaired.text, stale.text,
        "the table message shows the roll now"
    );
    assert!(
        statuses(&fake, mark, "editMessageText").contains(&200),
        "the table message is edited"
    );
    // The other group asks again and is answered; the game goes on to its end.
    let mark = fake.mark();
    fake.command(&other, &players[0], "/deckel");
    barrier(&fake, &other).await;
    assert!(
        sent_texts(&fake, mark, other.id)
            .iter()
            .any(|t| t.contains("Niemand schuldet eine Runde"))
    );
    Play::new(&fake, &group, &players).play_to_the_end().await;
    let stored = db.table("telegram:-3003").await.expect("stored");
    assert_eq!(stored.status, "finished");
    stored.assert_deckel_add_up();
    bot.assert_token_never_logged(fake.token());
}
