//! Discord drops the connection and the bot carries on: the real `schocken` binary against
//! the local fake. The gateway closes (cleanly, abruptly), asks for a reconnect (op 7) or
//! invalidates the session (op 9); the bot resumes (or identifies anew) and what happened
//! meanwhile reaches it. The token never shows in the log (schocken crates at trace level).
//! Telegram: `resilience_telegram.rs`.

mod common;

use common::discord::{self, answer, open_and_start, slash, user};
use common::{DISCORD_TOKEN, Db, WAIT, current_player};
use schocken_fakes::discord::{Call, FakeDiscord, FakeMessage, FakeUser, Injected};

// ----- Discord -------------------------------------------------------------------------------

/// The table message of the fake guild's channel once it shows the stored state (the bot's
/// outbox shows it within about a second of the answer).
async fn d_table(fake: &FakeDiscord, db: &Db) -> FakeMessage {
    let chat = discord::chat(fake, fake.channel_id());
    let version = db.table(&chat).await.expect("stored").version;
    discord::table_at(fake, discord::table_id(fake, fake.channel_id()), version).await
}

/// The current player's next move by button (look first, then roll, then stand), injected
/// but not waited for.
async fn d_next_move(
    fake: &FakeDiscord,
    db: &Db,
    players: &[FakeUser],
    step: usize,
) -> Option<Injected> {
    let t = d_table(fake, db).await;
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
async fn d_play_to_the_end(fake: &FakeDiscord, db: &Db, players: &[FakeUser]) {
    for step in 0..2000 {
        let Some(sent) = d_next_move(fake, db, players, step).await else {
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
        let sent = d_next_move(&fake, &db, &players, step)
            .await
            .expect("running");
        answer(&fake, &sent).await;
        step += 1;
    }
    // Roll next (step 1 of a turn), so every injected move below changes the table.
    while step % 3 != 1 {
        let sent = d_next_move(&fake, &db, &players, step)
            .await
            .expect("running");
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
    let waiting = d_next_move(&fake, &db, &players, step)
        .await
        .expect("running");
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
    let sent = d_next_move(&fake, &db, &players, step)
        .await
        .expect("running");
    fake.wait_resumed(2, WAIT)
        .await
        .expect("resumed after a drop");
    answer(&fake, &sent).await;
    step += 1;

    // op 7 RECONNECT, a click right after it.
    fake.request_reconnect().expect("op 7");
    let sent = d_next_move(&fake, &db, &players, step)
        .await
        .expect("running");
    fake.wait_resumed(3, WAIT)
        .await
        .expect("resumed after op 7");
    answer(&fake, &sent).await;
    step += 1;

    // op 9 INVALID_SESSION, resumable.
    fake.invalidate_session(true).expect("op 9");
    let sent = d_next_move(&fake, &db, &players, step)
        .await
        .expect("running");
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
    d_play_to_the_end(&fake, &db, &players).await;
    let chat = discord::chat(&fake, fake.channel_id());
    let stored = db.table(&chat).await.expect("stored");
    assert_eq!(stored.status, "finished");
    stored.assert_deckel_add_up();
    let t = d_table(&fake, &db).await;
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
        let sent = d_next_move(&fake, &db, &players, step)
            .await
            .expect("running");
        answer(&fake, &sent).await;
    }
    let before = d_table(&fake, &db).await;

    // Not resumable: the bot has to identify anew (serenity waits up to 5 s between
    // IDENTIFYs), then it is back.
    fake.invalidate_session(false).expect("op 9");
    fake.wait_sessions(2, WAIT).await.expect("a new IDENTIFY");
    assert_eq!(fake.resumes(), 0);
    assert!(fake.identified_with_token());
    assert_eq!(d_table(&fake, &db).await, before, "nothing moved meanwhile");
    // The same table message takes the next moves.
    let sent = d_next_move(&fake, &db, &players, 3).await.expect("running");
    answer(&fake, &sent).await;
    let sent = d_next_move(&fake, &db, &players, 4).await.expect("running");
    d_moves_the_table(&fake, &sent, "a roll after the new session").await;
    assert_eq!(d_table(&fake, &db).await.id, before.id);
    d_play_to_the_end(&fake, &db, &players).await;
    let chat = discord::chat(&fake, fake.channel_id());
    let stored = db.table(&chat).await.expect("stored");
    assert_eq!(stored.status, "finished");
    stored.assert_deckel_add_up();
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    bot.assert_token_never_logged(DISCORD_TOKEN);
}
