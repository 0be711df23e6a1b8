//! Answers that go wrong on purpose: refusals of commands whose answer was deferred publicly
//! (they reach the actor alone and never flash in the channel), and a bot token the gateway
//! refuses (the bot ends with a clear error).

use crate::common::discord::{slash, user};
use crate::common::{Bot, DISCORD_TOKEN, Db, Platform, WAIT};
use bot_core::config::Config;
use bot_core::service::SystemClock;
use schocken_discord::{DiscordConfig, TOKEN_REJECTED};
use schocken_fakes::discord::{Call, DiscordOptions, FakeDiscord, FakeUser, Injected, Recorded};
use std::sync::Arc;
use std::time::Duration;

/// The refusal of a command deferred publicly: the public "thinking" message is deleted
/// before the refusal follows up privately; no public message ever carries `text`, and
/// `actor` has it among his ephemeral messages. Returns the follow-up.
pub async fn private_refusal(
    fake: &FakeDiscord,
    sent: &Injected,
    actor: &FakeUser,
    text: &str,
) -> Recorded {
    let deferral = fake.callback(sent, WAIT).await.expect("a first response");
    assert_eq!(
        deferral.call,
        Call::Callback {
            interaction: sent.id,
            kind: 5
        }
    );
    assert!(!deferral.ephemeral, "deferred publicly: {deferral:?}");
    let followup = fake
        .wait_for(sent.seq, WAIT, |r| {
            matches!(r.call, Call::Followup { interaction, .. } if interaction == sent.id)
                && (200..300).contains(&r.status)
        })
        .await
        .expect("the refusal follows up");
    assert!(followup.ephemeral, "{followup:?}");
    assert!(
        followup.content().is_some_and(|c| c.contains(text)),
        "{followup:?}"
    );
    let deleted = fake
        .requests_since(sent.seq)
        .into_iter()
        .find(|r| {
            r.call
                == Call::DeleteOriginal {
                    interaction: sent.id,
                }
        })
        .expect("the public placeholder is deleted");
    assert!(
        deleted.seq < followup.seq,
        "deleted before the follow-up, or the follow-up would fill in the public placeholder"
    );
    for r in fake.requests().iter().filter(|r| r.is_public_message()) {
        assert!(
            !r.content().is_some_and(|c| c.contains(text)),
            "a refusal showed in public: {r:?}"
        );
    }
    assert!(
        fake.ephemeral_messages(actor.id)
            .iter()
            .any(|m| m.content.contains(text) && !m.deleted),
        "{} sees the refusal",
        actor.username
    );
    followup
}

/// Issue "Real pace on real platforms": with every answer deferred (publicly for ledger
/// commands), a refused `/schocken paid` or `/schocken undo` reaches the actor alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_pace_refused_ledger_commands_after_a_public_deferral_stay_private() {
    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let service = db
        .service(Config::default(), Arc::new(SystemClock), None)
        .await;
    let config = DiscordConfig::new(DISCORD_TOKEN, Some(fake.api_url()), Some(fake.guild_id()))
        .with_defer_after(Duration::ZERO);
    let bot = tokio::spawn(schocken_discord::run(
        service,
        config,
        bot_core::service::Stop::never(),
    ));
    fake.wait_ready(WAIT).await.expect("the bot connects");
    let anna = user(11, "Anna");
    let ben = user(12, "Ben");

    // Ben owes nothing, whoever says he paid.
    let sent = fake
        .slash(&anna, &slash("paid").user("user", &ben))
        .expect("inject");
    private_refusal(&fake, &sent, &anna, "schuldet").await;
    // Nothing to take back.
    let sent = fake.slash(&ben, &slash("undo")).expect("inject");
    private_refusal(&fake, &sent, &ben, "rückgängig").await;
    assert!(fake.late_answers().is_empty());
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    bot.abort();
}

/// Issue "Real pace on real platforms": a token the gateway refuses (close code 4004) ends
/// the bot with a clear error, as a refused Telegram token does; the token is not logged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_pace_a_token_the_gateway_refuses_ends_the_bot() {
    let fake = FakeDiscord::start_with(DiscordOptions {
        token: "another.bot.token-that-the-fake-expects".into(),
        ..DiscordOptions::default()
    })
    .await
    .expect("fake Discord");
    let db = Db::new();
    let mut bot = Bot::spawn(Platform::Discord(&fake), &db.path, 1);
    let deadline = tokio::time::Instant::now() + WAIT;
    while bot.running() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot still runs:\n{}",
            bot.log()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The process is gone; this only waits until its last log lines are read.
    bot.kill();
    assert!(fake.auth_failures() >= 1, "the gateway refused the token");
    let log = bot.log();
    assert!(log.contains(TOKEN_REJECTED), "{log}");
    bot.assert_token_never_logged(DISCORD_TOKEN);
}
