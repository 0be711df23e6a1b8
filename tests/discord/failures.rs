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

/// Commands poise cannot run — an option of the wrong type (as a Discord still holding an
/// older version of the commands, or a forged interaction, sends it), a required option
/// missing, a subcommand the bot does not have — are answered at once and privately, in the
/// user's language with the command named as his Discord shows it; nothing is posted or
/// stored, and the log keeps no token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_poise_cannot_run_are_answered_privately_in_the_users_language() {
    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let bot = Bot::discord(&fake, &db.path, 3).await;
    let anna = user(11, "Anna");
    let cem = user(13, "Cem").locale("en-US");
    let outdated = |english: bool, command: &str| match english {
        false => format!(
            "{command} kam in einer Form an, die ich nicht kenne – wahrscheinlich zeigt dein \
             Discord noch eine ältere Fassung des Befehls. Es hat sich nichts geändert. Lade \
             Discord neu (Strg+R) und versuch es nochmal."
        ),
        true => format!(
            "{command} arrived in a form I do not know – your Discord probably still shows an \
             older version of the command. Nothing changed. Reload Discord (Ctrl+R) and try again."
        ),
    };
    let unknown_de = "Diesen Befehl kenne ich nicht (mehr) – wahrscheinlich zeigt dein Discord \
        noch eine ältere Liste. Lade Discord neu (Strg+R); alle Befehle zeigt /schocken hilfe.";
    let unknown_en = "I do not know this command (any more) – your Discord probably still shows \
        an older list. Reload Discord (Ctrl+R); /schocken help lists every command.";
    let before = db.state().await;
    let since = fake.requests().len();
    let cases = [
        (
            &anna,
            slash("history").string("page", "zwei"),
            outdated(false, "/schocken verlauf"),
        ),
        (
            &anna,
            slash("roll").string("blind", "ja"),
            outdated(false, "/schocken würfeln"),
        ),
        (
            &anna,
            slash("new").string("mode", "zählen"),
            outdated(false, "/schocken neu"),
        ),
        (&anna, slash("kick"), outdated(false, "/schocken kick")),
        (
            &cem,
            slash("verify").string("game", "7"),
            outdated(true, "/schocken verify"),
        ),
        (&anna, slash("zaubern"), unknown_de.to_string()),
        (&cem, slash("zaubern"), unknown_en.to_string()),
    ];
    for (who, command, expected) in cases {
        let what = format!("{:?} {:?}", command.subcommand, command.options);
        let sent = fake.slash(who, &command).expect("inject");
        let a = fake.answer(&sent, WAIT).await.expect("answered");
        assert!(a.kind == 4 && a.ephemeral, "{what}: {a:?}");
        assert_eq!(a.content, expected, "{what}");
        assert_eq!(fake.callback_attempts(sent.id).len(), 1, "{what}");
    }
    crate::common::discord::assert_untouched(&fake, since, "commands poise cannot run");
    assert_eq!(db.state().await, before, "nothing stored");
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    bot.assert_token_never_logged(DISCORD_TOKEN);
}
