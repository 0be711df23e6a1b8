//! The Discord adapter end to end: the real `schocken` binary (serenity + poise, the service,
//! a real SQLite file) against the local fake Discord, which records every request.

mod common;

use common::discord::{
    Play, answer, assert_untouched_until, dice_under_cup, open_and_start, posted_since, run_click,
    run_slash, slash, table_message, user,
};
use common::{Bot, DISCORD_TOKEN, Db, WAIT, current_player, loser};
use schocken_fakes::discord::{Call, FakeDiscord, Place, Recorded};
use std::sync::Arc;

struct Setup {
    fake: FakeDiscord,
    bot: Bot,
    db: Db,
}

async fn setup() -> Setup {
    let (fake, db, bot) = common::discord::start(7).await;
    Setup { fake, bot, db }
}

/// The token, and any piece of its secret part, never reach the log.
fn assert_token_never_logged(bot: &Bot) {
    bot.assert_token_never_logged(DISCORD_TOKEN);
    assert!(
        !bot.log().contains("sEcReT"),
        "a part of the token leaked into the log"
    );
}

// ----- players and moves --------------------------------------------------------------------------

/// Every message showing someone's cup is ephemeral, however it was sent.
fn assert_private_views_ephemeral(fake: &FakeDiscord) {
    let mut views = 0;
    for r in fake.requests() {
        let Some(content) = r.content() else { continue };
        if content.contains("Dein Becher") || content.contains("Your cup") {
            views += 1;
            assert!(
                r.ephemeral,
                "a private view went out without flag 64: {r:?}"
            );
            assert!(!r.is_public_message());
        }
    }
    assert!(views > 0);
}

/// A request's JSON body as snapshot `name`.
fn snapshot_body(name: &str, request: &Recorded) {
    let body = request.body.as_ref().expect("body");
    insta::assert_snapshot!(name, serde_json::to_string_pretty(body).expect("JSON"));
}

// ----- the tests ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_three_from_new_to_the_bierrunde() {
    let s = setup().await;
    let fake = &s.fake;
    assert_eq!(fake.intents(), Some(1), "only the GUILDS intent");
    assert!(fake.identified_with_token());
    assert_eq!(fake.commands().len(), 1, "one command: /schocken");
    let registration = fake
        .requests()
        .into_iter()
        .find(|r| matches!(r.call, Call::RegisterCommands { guild: Some(_) }))
        .expect("commands registered in the guild");
    snapshot_body("registered_commands", &registration);

    let players = [user(11, "Anna"), user(12, "Ben"), user(13, "Cem")];
    let table = open_and_start(fake, &players).await;
    let mut play = Play::new(fake, table, &players);
    play.play_to_the_end().await;
    assert!(play.interactions > 20, "{} moves", play.interactions);

    // Snapshots of what the adapter sends: the started table, a private view, a reveal.
    let requests = fake.requests();
    let started = requests
        .iter()
        .find(|r| {
            matches!(r.call, Call::EditMessage { .. })
                && r.content()
                    .is_some_and(|c| c.contains("Das Spiel beginnt!"))
        })
        .expect("the table message shows the start");
    snapshot_body("table_message_edit", started);
    let private = requests
        .iter()
        .find(|r| {
            matches!(r.call, Call::Callback { .. })
                && r.content().and_then(dice_under_cup).is_some()
        })
        .expect("a private view with dice");
    snapshot_body("private_view_callback", private);
    let reveal = requests
        .iter()
        .find(|r| {
            matches!(r.call, Call::CreateMessage { .. })
                && r.content().is_some_and(|c| c.starts_with("Aufgedeckt"))
        })
        .expect("a reveal");
    snapshot_body("reveal_message", reveal);

    play.assert_no_leaks();
    assert_private_views_ephemeral(fake);
    // One table message for the whole game: every other channel message is a reveal.
    for r in &requests {
        if let Call::CreateMessage { message, .. } = r.call {
            let content = r.content().unwrap_or_default();
            assert!(
                message == table || content.starts_with("Aufgedeckt"),
                "unexpected channel message: {content}"
            );
        }
        if let Call::EditMessage { message, .. } = r.call {
            assert_eq!(message, table, "only the table message is edited");
        }
    }

    // The Bierrunde is in the ledger.
    let loser = loser(&play.table().content);
    let debts = run_slash(fake, &players[1], slash("debts")).await;
    assert!(!debts.ephemeral, "debts are for the whole channel");
    assert!(
        debts.content.contains(&format!("{loser}: 1")),
        "{loser} owes one round: {}",
        debts.content
    );
    let export = run_slash(fake, &players[2], slash("export")).await;
    assert!(export.ephemeral);
    let csv = export.files.first().expect("the CSV is attached");
    assert!(csv.filename.ends_with(".csv"), "{}", csv.filename);
    let csv = String::from_utf8_lossy(&csv.bytes);
    assert!(csv.starts_with("id,time_utc,kind,debtor"), "{csv}");
    assert!(csv.contains(&loser), "{csv}");

    // The ledger and the read-only commands: answers for the whole channel.
    let debtor = play.player(&loser);
    let other = players
        .iter()
        .find(|p| p.nick.as_deref() != Some(loser.as_str()))
        .expect("a winner");
    let claim = run_slash(fake, &debtor, slash("paid")).await;
    assert!(
        !claim.ephemeral && claim.content.contains("sagt: bezahlt!"),
        "{claim:?}"
    );
    let paid = run_slash(fake, other, slash("paid").user("user", &debtor)).await;
    assert!(!paid.ephemeral, "{paid:?}");
    assert!(
        paid.content.contains("hat eine Runde bezahlt"),
        "{}",
        paid.content
    );
    let undo = run_slash(fake, other, slash("undo")).await;
    assert!(
        !undo.ephemeral && undo.content.contains("Rückgängig"),
        "{undo:?}"
    );
    let history = run_slash(fake, other, slash("history").integer("page", 1)).await;
    assert!(
        history.content.starts_with("Deckelbuch (Seite 1"),
        "{}",
        history.content
    );
    let stats = run_slash(fake, other, slash("stats")).await;
    assert!(stats.content.starts_with("Statistik"), "{}", stats.content);
    let reveal = run_slash(fake, other, slash("reveal")).await;
    assert!(
        !reveal.ephemeral && reveal.content.starts_with("Aufgedeckt"),
        "{reveal:?}"
    );
    let judged = run_slash(
        fake,
        other,
        slash("judge").string("text", "Anna 665 3, Ben 114 3 gebaut, Cem 221 1"),
    )
    .await;
    assert!(
        judged.content.contains("Cem bekommt 4 Deckel"),
        "{}",
        judged.content
    );
    // Refusals stay private.
    let unreadable = run_slash(fake, other, slash("keep").string("dice", "x")).await;
    assert!(
        unreadable.ephemeral && unreadable.content.contains("„x“"),
        "{unreadable:?}"
    );
    let over = run_slash(fake, other, slash("roll")).await;
    assert!(
        over.ephemeral && over.content.contains("kein Tisch"),
        "{over:?}"
    );

    assert!(
        fake.late_answers().is_empty(),
        "every interaction answered in time"
    );
    assert!(
        fake.requests().iter().all(|r| r.authorized),
        "every request carries the bot token"
    );
    assert_token_never_logged(&s.bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_turn_stale_old_game_and_forged_clicks_change_nothing() {
    let s = setup().await;
    let fake = &s.fake;
    let (anna, ben) = (user(11, "Anna"), user(12, "Ben"));
    let table = open_and_start(fake, &[anna.clone(), ben.clone()]).await;
    let t = table_message(fake, table);
    let current = current_player(&t.content).expect("someone");
    let (me, other) = if current == "Anna" {
        (anna.clone(), ben.clone())
    } else {
        (ben.clone(), anna.clone())
    };
    let roll = t.button("v1:r:").expect("roll");

    // Not his turn.
    let sent = fake.click(&other, table, &roll).expect("inject");
    let refused = answer(fake, &sent).await;
    assert!(refused.ephemeral);
    assert!(
        refused.content.contains("nicht dran"),
        "{}",
        refused.content
    );
    assert_untouched_until(fake, sent.seq, refused.seq, "a click out of turn");
    assert_eq!(table_message(fake, table), t);

    // His roll, then the same button again (a double click).
    let first = run_click(fake, &me, table, &roll).await;
    assert!(
        first.ephemeral && first.content.contains("Dein Becher"),
        "{first:?}"
    );
    let after = table_message(fake, table);
    assert_ne!(after.content, t.content, "the roll shows on the table");
    let sent = fake.click(&me, table, &roll).expect("inject");
    let again = answer(fake, &sent).await;
    assert!(again.ephemeral);
    assert!(again.content.contains("veraltet"), "{}", again.content);
    assert!(
        again.content.contains("Dein Becher"),
        "a stale click shows the current cup: {}",
        again.content
    );
    assert_untouched_until(fake, sent.seq, again.seq, "a double click");
    assert_eq!(table_message(fake, table), after);

    // Forged ids.
    for forged in [
        "v1:r:1:zz:9",
        "hack",
        "v2:r:1:0",
        "v1:k:1:0:7",
        &"v1:r:".repeat(19),
    ] {
        let sent = fake.click(&me, table, forged).expect("inject");
        let a = answer(fake, &sent).await;
        assert!(a.ephemeral);
        assert!(a.content.contains("ungültig"), "{forged}: {}", a.content);
        assert_untouched_until(fake, sent.seq, a.seq, "a forged click");
    }
    assert_eq!(table_message(fake, table), after);

    // A move by slash command works like its button.
    let stood = run_slash(fake, &me, slash("stand")).await;
    assert!(
        stood.ephemeral && stood.content.contains("Dein Becher"),
        "{stood:?}"
    );
    assert_ne!(table_message(fake, table).content, after.content);

    // A button of an old game: the game is ended, a new one opened.
    let ended = run_slash(fake, &anna, slash("end")).await;
    assert!(ended.ephemeral, "{ended:?}");
    assert!(
        table_message(fake, table).custom_ids().is_empty(),
        "an ended game has no buttons"
    );
    run_slash(fake, &ben, slash("new")).await;
    let new_table = fake
        .messages()
        .into_iter()
        .filter(|m| !m.ephemeral() && m.interaction.is_none() && m.id != table)
        .map(|m| m.id)
        .max()
        .expect("a second table message");
    let before = table_message(fake, new_table);
    let sent = fake.click(&me, table, &roll).expect("inject");
    let old = answer(fake, &sent).await;
    assert!(old.ephemeral);
    assert!(old.content.contains("veraltet"), "{}", old.content);
    assert_untouched_until(fake, sent.seq, old.seq, "an old game's button");
    assert_eq!(table_message(fake, new_table), before);

    // A moderator deleted the table message: the next change posts it anew.
    assert!(fake.delete_message(new_table));
    let joiner = if before.content.contains("Anna") {
        &ben
    } else {
        &anna
    };
    let sent = fake.slash(joiner, &slash("join")).expect("inject");
    answer(fake, &sent).await;
    let reposted = posted_since(fake, sent.seq).expect("the table is posted again");
    assert!(
        table_message(fake, reposted)
            .content
            .contains("Am Tisch (2)")
    );
    assert!(fake.late_answers().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_end_and_kick_need_the_opener_or_manage_server() {
    let s = setup().await;
    let fake = &s.fake;
    let anna = user(11, "Anna");
    let ben = user(12, "Ben");
    let cem = user(13, "Cem");
    let dora = user(14, "Dora").manage_guild();

    // Rules: anyone may look, only Manage Server may set.
    let shown = run_slash(fake, &ben, slash("rules")).await;
    assert!(!shown.ephemeral);
    assert!(shown.content.contains("standard"), "{}", shown.content);
    let refused = run_slash(fake, &ben, slash("rules").string("text", "dortmund")).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(refused.content.contains("Admin"), "{}", refused.content);
    let set = run_slash(
        fake,
        &dora,
        slash("rules").string("text", "dortmund blind=false"),
    )
    .await;
    assert!(!set.ephemeral, "{set:?}");
    assert!(set.content.contains("dortmund"), "{}", set.content);
    let shown = run_slash(fake, &ben, slash("rules")).await;
    assert!(shown.content.contains("dortmund"), "{}", shown.content);
    assert!(shown.content.contains("blind = false"), "{}", shown.content);

    // Kick: not by a plain member, yes by Manage Server.
    run_slash(fake, &anna, slash("new")).await;
    run_slash(fake, &ben, slash("join")).await;
    run_slash(fake, &cem, slash("join")).await;
    let refused = run_slash(fake, &ben, slash("kick").user("user", &cem)).await;
    assert!(refused.ephemeral);
    assert!(
        refused.content.contains("aufgemacht"),
        "{}",
        refused.content
    );
    let kicked = run_slash(fake, &dora, slash("kick").user("user", &cem)).await;
    assert!(kicked.ephemeral);
    assert!(kicked.content.contains("Cem"), "{}", kicked.content);
    let table = posted_since(fake, 0).expect("table message");
    let t = table_message(fake, table);
    assert!(
        t.content.contains("Am Tisch (2): Anna, Ben"),
        "{}",
        t.content
    );

    // End: not by a plain member, yes by the opener; and by Manage Server.
    let refused = run_slash(fake, &ben, slash("end")).await;
    assert!(
        refused.content.contains("aufgemacht"),
        "{}",
        refused.content
    );
    assert!(table_message(fake, table).content.contains("Am Tisch (2)"));
    let ended = run_slash(fake, &anna, slash("end")).await;
    assert!(ended.content.contains("beendet"), "{}", ended.content);
    run_slash(fake, &ben, slash("new")).await;
    run_slash(fake, &anna, slash("join")).await;
    let ended = run_slash(fake, &dora, slash("end")).await;
    assert!(ended.content.contains("beendet"), "{}", ended.content);
    let refused = run_slash(fake, &dora, slash("end")).await;
    assert!(refused.ephemeral);
    assert!(
        refused.content.contains("kein Tisch"),
        "{}",
        refused.content
    );
    assert!(fake.late_answers().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_goes_on_from_the_table_message() {
    let mut s = setup().await;
    let players = [user(11, "Anna"), user(12, "Ben"), user(13, "Cem")];
    let table = open_and_start(&s.fake, &players).await;
    let first_roll = table_message(&s.fake, table).button("v1:r:").expect("roll");
    let mut play = Play::new(&s.fake, table, &players);
    // Two turns, then the third player looks under his cup: mid-round.
    play.turn().await;
    play.turn().await;
    let t = play.table();
    let name = current_player(&t.content).expect("someone");
    let who = play.player(&name);
    let look = t.button("v1:l:").expect("look");
    let before = play.private(&who, table, &look).await;

    s.bot.kill();
    assert_token_never_logged(&s.bot);
    let sessions = s.fake.sessions();
    s.bot = Bot::discord(&s.fake, &s.db.path, 7).await;
    assert_eq!(s.fake.sessions(), sessions + 1);
    let restarted = s.fake.requests().len();

    // An outdated button: refused, and the table message is shown again as it is (after a
    // crash between storing a move and editing the message, this repairs the message).
    let shown = play.table();
    let sent = s.fake.click(&who, table, &first_roll).expect("inject");
    let stale = answer(&s.fake, &sent).await;
    assert!(
        stale.ephemeral && stale.content.contains("veraltet"),
        "{stale:?}"
    );
    let table_part = |c: &str| c.split("\n\n").next().unwrap_or_default().to_string();
    assert_eq!(
        table_part(&play.table().content),
        table_part(&shown.content),
        "the state shown is the same"
    );
    assert!(
        s.fake.requests_since(sent.seq).iter().any(|r| r.call
            == Call::EditMessage {
                channel: s.fake.channel_id(),
                message: table
            }),
        "the table message is refreshed once after the restart"
    );
    // The old table message's buttons still work, and the cup is as it was.
    let again = play.private(&who, table, &look).await;
    assert_eq!(again.content, before.content);
    play.play_to_the_end().await;
    for r in s.fake.requests_since(restarted) {
        if let Call::EditMessage { message, .. } = r.call {
            assert_eq!(message, table, "edits go to the existing table message");
        }
        if let Call::CreateMessage { .. } = r.call {
            assert!(
                r.content().is_some_and(|c| c.starts_with("Aufgedeckt")),
                "{r:?}"
            );
        }
    }
    play.assert_no_leaks();
    assert_private_views_ephemeral(&s.fake);
    let loser = loser(&play.table().content);
    let debts = run_slash(&s.fake, &players[0], slash("debts")).await;
    assert!(
        debts.content.contains(&format!("{loser}: 1")),
        "{}",
        debts.content
    );
    assert_token_never_logged(&s.bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ephemeral_text_follows_the_user_public_text_the_server() {
    let s = setup().await;
    let fake = &s.fake;
    // A German server; Eve's client is English.
    let eve = user(21, "Eve").locale("en-US");
    let finn = user(22, "Finn");
    let opened = run_slash(fake, &eve, slash("new")).await;
    assert!(
        opened.content.contains("opened a table"),
        "{}",
        opened.content
    );
    let table = posted_since(fake, 0).expect("table message");
    assert!(
        table_message(fake, table)
            .content
            .contains("Schocken-Tisch von Eve")
    );
    run_slash(fake, &finn, slash("join")).await;
    run_slash(fake, &finn, slash("start")).await;
    let t = table_message(fake, table);
    let look = t.button("v1:l:").expect("look");
    let eve_view = run_click(fake, &eve, table, &look).await;
    assert!(
        eve_view.content.contains("Your cup"),
        "{}",
        eve_view.content
    );
    let finn_view = run_click(fake, &finn, table, &look).await;
    assert!(
        finn_view.content.contains("Dein Becher"),
        "{}",
        finn_view.content
    );
    assert!(table_message(fake, table).content.contains("Hälfte"));
    let help = run_slash(fake, &eve, slash("help")).await;
    assert!(help.ephemeral);
    assert!(help.content.contains("how to play"), "{}", help.content);
    let forged = run_click(fake, &eve, table, "nonsense").await;
    assert!(forged.content.contains("not valid"), "{}", forged.content);

    // An English server; Finn's client is German.
    let english = Place {
        guild_id: Some(fake.guild_id() + 1),
        channel_id: fake.channel_id() + 1,
        guild_locale: Some("en-US".into()),
    };
    let sent = fake
        .slash_in(&english, &finn, &slash("new"))
        .expect("inject");
    let opened = answer(fake, &sent).await;
    assert!(opened.content.contains("aufgemacht"), "{}", opened.content);
    let english_table = fake
        .requests_since(sent.seq)
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, channel } if channel == english.channel_id => {
                Some(message)
            }
            _ => None,
        })
        .expect("a table in the English channel");
    let t = table_message(fake, english_table);
    assert!(
        t.content.contains("Schocken table of Finn"),
        "{}",
        t.content
    );
    assert!(t.content.contains("Finn opened a table"), "{}", t.content);
    // `/schocken table` shows the table as a new message; the buttons move there.
    let shown = fake
        .slash_in(&english, &finn, &slash("table"))
        .expect("inject");
    assert!(answer(fake, &shown).await.ephemeral);
    let fresh = posted_since(fake, shown.seq).expect("a fresh table message");
    assert!(table_message(fake, english_table).custom_ids().is_empty());
    assert!(!table_message(fake, fresh).custom_ids().is_empty());
    let sent = fake
        .slash_in(&english, &eve, &slash("join"))
        .expect("inject");
    answer(fake, &sent).await;
    assert!(table_message(fake, fresh).content.contains("Finn, Eve"));

    // The German table is untouched by the English one.
    assert!(table_message(fake, table).content.contains("Hälfte"));
}

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
    let bot = tokio::spawn(schocken_discord::run(service.clone(), discord));
    fake.wait_ready(WAIT).await.expect("the bot connects");
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.call == Call::RegisterCommands { guild: None }),
        "without DISCORD_GUILD_ID the commands are global"
    );

    let anna = user(11, "Anna");
    let ben = user(12, "Ben");
    let opened = run_slash(&fake, &anna, slash("new")).await;
    assert!(opened.deferred && opened.ephemeral, "{opened:?}");
    assert!(opened.content.contains("aufgemacht"), "{}", opened.content);
    run_slash(&fake, &ben, slash("join")).await;
    let started = run_slash(&fake, &anna, slash("start")).await;
    assert!(started.deferred && started.ephemeral);
    let table = posted_since(&fake, 0).expect("table message");

    // A click: deferred ephemerally, completed by editing the deferred answer.
    let t = table_message(&fake, table);
    let current = current_player(&t.content).expect("someone");
    let who = if current == "Anna" { &anna } else { &ben };
    let look = run_click(&fake, who, table, &t.button("v1:l:").expect("look")).await;
    assert!(look.deferred && look.ephemeral && look.content.contains("Dein Becher"));

    // A public answer, deferred publicly.
    let debts = run_slash(&fake, &ben, slash("debts")).await;
    assert!(debts.deferred && !debts.ephemeral, "{debts:?}");
    // A refused public command: the refusal goes to the actor alone, the public "thinking"
    // message is removed.
    let sent = fake
        .slash(&ben, &slash("rules").string("text", "dortmund"))
        .expect("inject");
    let refused = answer(&fake, &sent).await;
    assert!(refused.deferred && refused.ephemeral, "{refused:?}");
    assert!(refused.content.contains("Admins"), "{}", refused.content);
    fake.wait_for(sent.seq, WAIT, |r| {
        r.call
            == Call::DeleteOriginal {
                interaction: sent.id,
            }
    })
    .await
    .expect("the deferred public answer is deleted");

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
        matches!(r.call, Call::CreateMessage { .. })
            && r.content().is_some_and(|c| c.starts_with("Aufgedeckt"))
    })
    .await
    .expect("the round's reveal is posted");
    assert!(fake.late_answers().is_empty());
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
    let result = tokio::time::timeout(WAIT, schocken_discord::run(service, config))
        .await
        .expect("the adapter stops");
    let error = result.expect_err("registration failed");
    assert!(format!("{error:#}").contains("register"), "{error:#}");
    assert!(!format!("{error:#}").contains(DISCORD_TOKEN));
}
