//! The Discord adapter end to end: the real `schocken` binary (serenity + poise, the service,
//! a real SQLite file) against the local fake Discord, which records every request and keeps
//! Discord's rate limits (the bot's ratelimiter stays on, as in production). The table
//! message follows each answer from the channel's outbox, so tests wait for it to show a
//! state. More in `discord/`: the pace tests (one private message per turn, bursts within
//! Discord's limits), failures (deferred refusals, a refused token), languages, and the
//! adapter run in process (timers, deferred answers, command registration).

mod common;
#[path = "discord/failures.rs"]
mod failures;
#[path = "discord/in_process.rs"]
mod in_process;
#[path = "discord/languages.rs"]
mod languages;
#[path = "discord/pace.rs"]
mod pace;

use common::discord::{
    Play, answer, assert_untouched_until, buttons_version, dice_under_cup, open_and_start,
    posted_table, round_of, run_click, run_slash, slash, table_at, table_message, table_shows,
    user, wait_message,
};
use common::{Bot, DISCORD_TOKEN, Db, WAIT, current_player, loser};
use schocken_fakes::discord::{Call, FakeDiscord, Recorded};

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
    assert_eq!(
        fake.commands().len(),
        3,
        "three commands: /schocken, the club's /club and the tournament's /tournament"
    );
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

    // Snapshots of what the adapter sends: the started table, a private view, the table
    // with the last round's reveal.
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
    let revealed = requests
        .iter()
        .find(|r| {
            matches!(r.call, Call::EditMessage { .. })
                && r.content().is_some_and(|c| c.contains("Letzte Runde ("))
        })
        .expect("the table reveals a round");
    snapshot_body("table_message_last_round", revealed);

    play.assert_no_leaks();
    assert_private_views_ephemeral(fake);
    // One table message for the whole game; the reveals are part of it.
    for r in &requests {
        if let Call::CreateMessage { message, .. } = r.call {
            assert_eq!(
                message,
                table,
                "unexpected channel message: {:?}",
                r.content()
            );
        }
        if let Call::EditMessage { message, .. } = r.call {
            assert_eq!(message, table, "only the table message is edited");
        }
    }
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());

    // The Bierrunde is in the ledger.
    let loser = loser(&play.table().content);
    let debts = run_slash(fake, &players[1], slash("debts")).await;
    assert!(!debts.ephemeral, "debts are for the whole channel");
    assert!(
        debts.content.contains(&format!("{loser}: 1")),
        "{loser} owes one round: {}",
        debts.content
    );
    let export = run_slash(fake, &players[2], slash("history").boolean("csv", true)).await;
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
        !fake.requests().iter().any(|r| r.is_public_message()
            && r.content()
                .is_some_and(|c| c.contains("„x“") || c.contains("kein Tisch"))),
        "no refusal shows in public"
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
    let channel = fake.channel_id();
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
    // Out of turn from his own private view: the refusal replaces that view (type 7) and
    // keeps showing his cup; a refusal adds no private message.
    let look = run_click(fake, &other, table, &t.button("v1:l:").expect("look")).await;
    let private = look.message_id.expect("his private message");
    let shown = fake.ephemeral_messages(other.id).len();
    let refused = run_click(fake, &other, private, &roll).await;
    assert_eq!(refused.kind, 7, "{refused:?}");
    assert!(
        refused.ephemeral
            && refused.content.contains("nicht dran")
            && refused.content.contains("Dein Becher"),
        "{refused:?}"
    );
    assert_eq!(fake.ephemeral_messages(other.id).len(), shown);

    // His roll: answered at once, the table follows.
    let first = run_click(fake, &me, table, &roll).await;
    assert!(
        first.ephemeral && first.content.contains("Dein Becher"),
        "{first:?}"
    );
    let rolled = buttons_version(&first.custom_ids()).expect("the view's version");
    let after = table_at(fake, table, rolled).await;
    assert_ne!(after.content, t.content, "the roll shows on the table");
    // The same button again (a double click).
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
    wait_message(fake, table, "the stand on the table", |m| {
        m.content != after.content
    })
    .await;

    // A button of an old game: the game is ended, a new one opened.
    let ended = run_slash(fake, &anna, slash("end")).await;
    assert!(ended.ephemeral, "{ended:?}");
    wait_message(fake, table, "an ended game without buttons", |m| {
        m.custom_ids().is_empty()
    })
    .await;
    let sent = fake.slash(&ben, &slash("new")).expect("inject");
    answer(fake, &sent).await;
    let new_table = posted_table(fake, channel, sent.seq).await;
    assert_ne!(new_table, table);
    let before = table_message(fake, new_table);
    let sent = fake.click(&me, table, &roll).expect("inject");
    let old = answer(fake, &sent).await;
    assert!(old.ephemeral);
    assert!(old.content.contains("vorbei"), "{}", old.content);
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
    let reposted = posted_table(fake, channel, sent.seq).await;
    assert!(
        table_message(fake, reposted)
            .content
            .contains("Am Tisch (2)")
    );
    assert!(fake.late_answers().is_empty());
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
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
    assert!(
        refused.content.contains("Server verwalten"),
        "{}",
        refused.content
    );
    let set = run_slash(
        fake,
        &dora,
        slash("rules").string("text", "dortmund blind=false"),
    )
    .await;
    assert!(!set.ephemeral, "{set:?}");
    assert!(set.content.contains("dortmund"), "{}", set.content);
    // The answer says what changed against `standard`, in words (R-RANK-6, R-SCORE-5).
    assert!(set.content.contains("Geändert:"), "{}", set.content);
    assert!(
        set.content.contains("Neuner (2-2-1) für 9 Deckel"),
        "{}",
        set.content
    );
    assert!(!set.content.contains("Blind"), "{}", set.content);
    let shown = run_slash(fake, &ben, slash("rules")).await;
    assert!(
        shown.content.contains("Regeln: dortmund"),
        "{}",
        shown.content
    );
    assert!(
        shown.content.contains("Einwürfeln: Wer raus ist"),
        "{}",
        shown.content
    );
    assert!(
        !shown.content.contains("blind = false"),
        "{}",
        shown.content
    );
    // Every switch by its key: also for a plain member (reading, not setting).
    let keys = run_slash(fake, &ben, slash("rules").string("text", "details")).await;
    assert!(!keys.ephemeral, "{keys:?}");
    assert!(keys.content.contains("blind = false"), "{}", keys.content);
    assert!(
        keys.content.contains("penalty_331 = 10"),
        "{}",
        keys.content
    );

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
    let table = posted_table(fake, fake.channel_id(), 0).await;
    table_shows(fake, table, "Am Tisch (2): Anna, Ben").await;

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
    // A round (its buttons are outdated then), two turns of the next, then the third player
    // looks under his cup: mid-round.
    let first_round = round_of(&play.table().content);
    for _ in 0..5 {
        play.turn().await;
    }
    let t = play.settled().await;
    assert_ne!(round_of(&t.content), first_round, "a round was played");
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
    let refreshed = Call::EditMessage {
        channel: s.fake.channel_id(),
        message: table,
    };
    s.fake
        .wait_for(sent.seq, WAIT, |r| r.call == refreshed)
        .await
        .expect("the table message is refreshed once after the restart");
    let table_part = |c: &str| c.split("\n\n").next().unwrap_or_default().to_string();
    assert_eq!(
        table_part(&play.table().content),
        table_part(&shown.content),
        "the state shown is the same"
    );
    // The old table message's buttons still work, and the cup is as it was.
    let again = play.private(&who, table, &look).await;
    assert_eq!(again.content, before.content);
    // The game goes on: the rest of this round and the next one.
    let round = round_of(&play.table().content);
    for _ in 0..4 {
        assert!(play.turn().await, "the game goes on");
    }
    assert_ne!(round_of(&play.settled().await.content), round);
    for r in s.fake.requests_since(restarted) {
        if let Call::EditMessage { message, .. } = r.call {
            assert_eq!(message, table, "edits go to the existing table message");
        }
        assert!(
            !matches!(r.call, Call::CreateMessage { .. }),
            "no new channel message: {r:?}"
        );
    }
    play.assert_no_leaks();
    assert_private_views_ephemeral(&s.fake);
    assert!(
        s.fake.rate_limited().is_empty(),
        "{:?}",
        s.fake.rate_limited()
    );
    assert_token_never_logged(&s.bot);
}
