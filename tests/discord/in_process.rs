//! The adapter in process, with a clock the test moves and the real `run`: timer moves,
//! deferred answers, and a bot that cannot register its commands.

use crate::common::discord::{
    answer, posted_table, run_click, run_slash, slash, user, wait_message,
};
use crate::common::{DISCORD_TOKEN, Db, WAIT, current_player};
use crate::failures;
use schocken_fakes::discord::{Call, FakeDiscord};
use std::sync::Arc;

/// In process, with a clock the test moves: the turn timer's moves reach the table message
/// and the channel, and with `defer_after = 0` every answer takes the deferred path.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timer_moves_and_deferred_answers() {
    use bot_core::config::Config;
    use bot_core::service::ManualClock;
    use schocken_discord::DiscordConfig;
    use std::time::Duration;

    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let config = Config {
        turn_timer_seconds: 60,
        ..Config::default()
    };
    let clock = Arc::new(ManualClock::new(1_790_000_000_000));
    let service = db.service(config, clock.clone(), Some(3)).await;
    let discord = DiscordConfig::new(DISCORD_TOKEN, Some(fake.api_url()), None)
        .with_defer_after(Duration::ZERO);
    assert!(
        !format!("{discord:?}").contains(DISCORD_TOKEN),
        "Debug hides the token"
    );
    let bot = tokio::spawn(schocken_discord::run(
        service.clone(),
        discord,
        bot_core::service::Stop::never(),
    ));
    fake.wait_ready(WAIT).await.expect("the bot connects");
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.call == Call::RegisterCommands { guild: None }),
        "without DISCORD_GUILD_ID the commands are global"
    );

    let anna = user(11, "Anna");
    let ben = user(12, "Ben");
    let sent = fake.slash(&anna, &slash("new")).expect("inject");
    let opened = answer(&fake, &sent).await;
    assert!(opened.deferred && opened.ephemeral, "{opened:?}");
    assert!(opened.content.contains("aufgemacht"), "{}", opened.content);
    let table = posted_table(&fake, fake.channel_id(), sent.seq).await;
    run_slash(&fake, &ben, slash("join")).await;
    let started = run_slash(&fake, &anna, slash("start")).await;
    assert!(started.deferred && started.ephemeral);
    let t = wait_message(&fake, table, "the started game", |m| {
        current_player(&m.content).is_some()
    })
    .await;

    // A click on the table: deferred ephemerally, completed by editing the deferred answer.
    let current = current_player(&t.content).expect("someone");
    let who = if current == "Anna" { &anna } else { &ben };
    let look = run_click(&fake, who, table, &t.button("v1:l:").expect("look")).await;
    assert!(look.deferred && look.ephemeral && look.content.contains("Dein Becher"));

    // A public answer, deferred publicly.
    let debts = run_slash(&fake, &ben, slash("debts")).await;
    assert!(debts.deferred && !debts.ephemeral, "{debts:?}");
    // A refused public command: the public "thinking" message goes first, then the refusal
    // goes to the actor alone.
    let sent = fake
        .slash(&ben, &slash("rules").string("text", "dortmund"))
        .expect("inject");
    failures::private_refusal(&fake, &sent, &ben, "Server verwalten").await;

    // The turn timer runs out twice: two timed-out players end the round.
    let since = fake.requests().len();
    clock.advance(61_000);
    service.tick().await;
    let edit = fake
        .wait_for(since, WAIT, |r| {
            matches!(r.call, Call::EditMessage { message, .. } if message == table)
                && r.content().is_some_and(|c| c.contains("Zeit abgelaufen"))
        })
        .await
        .expect("the timer's move shows on the table");
    assert!(!edit.ephemeral);
    clock.advance(61_000);
    service.tick().await;
    fake.wait_for(since, WAIT, |r| {
        matches!(r.call, Call::EditMessage { message, .. } if message == table)
            && r.content().is_some_and(|c| c.contains("Letzte Runde ("))
    })
    .await
    .expect("the table reveals the round");

    // A click in a private message: acknowledged (type 6), then its answer changes that
    // message (an edit of the original; the fake does not treat the clicked message as the
    // original, so the bot follows up privately instead).
    let t = wait_message(&fake, table, "the next round", |m| {
        current_player(&m.content).is_some() && m.content.contains("Letzte Runde (")
    })
    .await;
    let current = current_player(&t.content).expect("someone");
    let who = if current == "Anna" { &anna } else { &ben };
    let look = run_click(&fake, who, table, &t.button("v1:l:").expect("look")).await;
    let private = look.message_id.expect("the private message");
    let roll = look.button("v1:r:").expect("roll offered");
    let sent = fake.click(who, private, &roll).expect("inject");
    let first = fake.callback(&sent, WAIT).await.expect("acknowledged");
    assert_eq!(
        first.call,
        Call::Callback {
            interaction: sent.id,
            kind: 6
        }
    );
    let done = fake
        .wait_for(sent.seq, WAIT, |r| {
            r.belongs_to(sent.id)
                && (200..300).contains(&r.status)
                && matches!(r.call, Call::EditOriginal { .. } | Call::Followup { .. })
        })
        .await
        .expect("the deferred click is completed");
    // As Discord does it: after acknowledging a click (type 6), @original is the clicked
    // message, so the deferred answer changes the private message in place.
    assert!(
        matches!(done.call, Call::EditOriginal { .. }),
        "edited in place, no new message: {done:?}"
    );
    assert!(done.ephemeral, "{done:?}");
    assert!(
        fake.message(private)
            .is_some_and(|m| m.content.contains("Dein Becher") && m.updates > 0),
        "the private message itself shows the roll"
    );
    assert!(
        done.content().is_some_and(|c| c.contains("Dein Becher")),
        "{done:?}"
    );
    assert!(fake.late_answers().is_empty());
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    bot.abort();
}

/// A bot that cannot register its commands stops with an error instead of idling.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_command_registration_stops_the_adapter() {
    use bot_core::config::Config;
    use bot_core::service::SystemClock;
    use schocken_discord::DiscordConfig;

    let fake = FakeDiscord::start().await.expect("fake Discord");
    fake.refuse_commands();
    let db = Db::new();
    let service = db
        .service(Config::default(), Arc::new(SystemClock), None)
        .await;
    let config = DiscordConfig::new(DISCORD_TOKEN, Some(fake.api_url()), Some(fake.guild_id()));
    let result = tokio::time::timeout(
        WAIT,
        schocken_discord::run(service, config, bot_core::service::Stop::never()),
    )
    .await
    .expect("the adapter stops");
    let error = result.expect_err("registration failed");
    assert!(format!("{error:#}").contains("register"), "{error:#}");
    assert!(!format!("{error:#}").contains(DISCORD_TOKEN));
}
