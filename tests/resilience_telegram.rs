//! Telegram drops the connection and the bot carries on: the real `schocken` binary against
//! the local fake Bot API. Long polls fail (5xx, dropped connections, timeouts), sends and
//! edits fail with 5xx; the bot polls on and handles what waited. The token never shows in
//! the log (schocken crates at trace level). Discord: `resilience.rs`.

mod common;

use common::telegram::{self, Play, barrier, barrier_within, button, sent_texts, table_message};
use common::{WAIT, current_player};
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
