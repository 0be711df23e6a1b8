//! The Telegram adapter end to end, in the chat: refusals and forged buttons, admins and
//! their rights, a group that becomes a supergroup, a restart after SIGKILL, 429 answers,
//! commands addressed to bots, timer moves, and snapshots of what Telegram receives. The bot
//! runs with its production Throttle against the fake that enforces Telegram's limits.

mod common;

use common::telegram::{
    self, Play, PrivatePlay, alert, button, command, open_and_start, press, round_of, settle,
    start_privately, table_message, table_part, version, wait_table, wait_version,
};
use common::{Bot, Db, WAIT, current_player, faces, loser, player_line};
use schocken_fakes::telegram::{FakeTelegram, Recorded, TgChat, TgUser};
use std::sync::Arc;
use std::time::Duration;

fn anna() -> TgUser {
    TgUser::new(101, "Anna")
}
fn ben() -> TgUser {
    TgUser::new(102, "Ben")
}
fn cem() -> TgUser {
    TgUser::new(103, "Cem").lang("en")
}

/// The text of an answer to a press, which must be an alert.
fn alert_text(answer: &Recorded) -> String {
    assert!(answer.show_alert(), "an alert: {:?}", answer.params);
    alert(answer)
}

/// Nothing but answers to button presses since `mark` (once the chat is quiet).
async fn nothing_changed_since(fake: &FakeTelegram, chat: &TgChat, mark: u64) {
    settle(fake, chat).await;
    let changes: Vec<String> = fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| !r.is("answerCallbackQuery") && !r.is("getUpdates"))
        .map(|r| format!("{} {}", r.method, r.params))
        .collect();
    assert!(changes.is_empty(), "changes: {changes:?}");
}

/// Runs the adapter in this process on `service` (which the test holds) until it polls, with
/// production's Throttle.
async fn run_in_process(
    fake: &FakeTelegram,
    service: Arc<bot_core::service::Service>,
) -> tokio::task::JoinHandle<anyhow::Result<()>> {
    let telegram = schocken_telegram::TelegramConfig::new(fake.token(), Some(fake.api_url()), true);
    let mark = fake.mark();
    let bot = tokio::spawn(schocken_telegram::run(
        service,
        telegram,
        bot_core::service::Stop::never(),
    ));
    fake.wait_for(mark, WAIT, |r| r.is("getUpdates"))
        .await
        .expect("polling");
    bot
}

#[tokio::test]
async fn wrong_turn_stale_and_forged_presses_change_nothing() {
    let (fake, _db, _bot) = telegram::start(11).await;
    let group = TgChat::group(-1002, "Kneipe");
    let players = [anna(), ben(), cem()];
    open_and_start(&fake, &group, &players).await;
    settle(&fake, &group).await;
    let before = table_message(&fake, group.id).expect("table");
    let name = current_player(&before.text).expect("current");
    let by_name = |n: &str| players.iter().find(|p| p.first_name == n).expect("player");
    let wrong = players
        .iter()
        .find(|p| p.first_name != name && p.language_code.as_deref() == Some("de"))
        .expect("a German player not to act");

    // Wrong turn: an alert to the presser, nothing else.
    let mark = fake.mark();
    let roll = button(&before, "r").expect("roll");
    let answer = press(&fake, &group, wrong, &roll).await;
    assert!(
        alert_text(&answer).contains(&format!("Du bist nicht dran – {name} ist dran")),
        "{:?}",
        answer.params
    );
    if name != "Cem" {
        let answer = press(&fake, &group, &cem(), &roll).await;
        assert!(alert_text(&answer).contains("Not your turn"));
    }
    nothing_changed_since(&fake, &group, mark).await;

    // A double click: the first press counts, the second is stale. The player's Telegram
    // speaks German from here on (the dice decide who begins; Cem's app is English), so
    // every answer below reads German: the language comes with each update.
    let player = &TgUser::new(by_name(&name).id, &name);
    let first = fake.press(&group, player, before.message_id, &roll);
    let second = fake.press(&group, player, before.message_id, &roll);
    let first = fake
        .answer_to(&first.callback_id.expect("id"), WAIT)
        .await
        .expect("first answer");
    assert_eq!(
        faces(&alert_text(&first)).len(),
        3,
        "the roll shows the cup"
    );
    let second = fake
        .answer_to(&second.callback_id.expect("id"), WAIT)
        .await
        .expect("second answer");
    assert_eq!(alert_text(&second), "Dieser Knopf ist veraltet.");
    let after_roll = wait_version(&fake, group.id, version(&before).expect("v") + 1).await;
    settle(&fake, &group).await;

    // A button of no table here, and forged data: alerts, nothing changes.
    let mark = fake.mark();
    let answer = press(&fake, &group, player, "v1:r:zz:0").await;
    assert_eq!(alert_text(&answer), "Das ist kein Knopf dieses Tisches.");
    for forged in ["v9:r:1:0", "v1:k:1:0:7", "hello", &"v1:r:1:0".repeat(9)] {
        let answer = press(&fake, &group, player, forged).await;
        assert_eq!(
            alert_text(&answer),
            "Dieser Knopf ist ungültig – er gehört zu keinem Tisch.",
            "{forged}"
        );
    }
    let answer = press(&fake, &group, &cem(), "v9:r:1:0").await;
    assert!(alert_text(&answer).contains("not valid"));
    nothing_changed_since(&fake, &group, mark).await;
    assert_eq!(
        table_message(&fake, group.id).expect("table").text,
        after_roll.text
    );

    // Commands are refused the same way, as a reply to the command.
    let refused = command(&fake, &group, wrong, "/wurf").await;
    assert!(refused.contains("Du bist nicht dran"), "{refused}");
    let refused = command(&fake, &group, player, "/halten 7").await;
    assert!(refused.contains("1 bis 6"), "{refused}");
    // "There is no 5 in your cup" would tell the group about covered dice: one text that
    // does not depend on the cup.
    let rolled = faces(&alert_text(&first));
    let missing = (1..=6)
        .find(|v| !rolled.iter().any(|f| f.ends_with(&v.to_string())))
        .expect("a value not rolled");
    let refused = command(&fake, &group, player, &format!("/halten {missing}")).await;
    assert_eq!(
        refused,
        "Das ging gerade nicht. Was geht, zeigen dir die Knöpfe unter deinem Becher: tippe auf „👀 Mein Becher“."
    );
    let turned = command(&fake, &group, player, "/drehen").await;
    assert_eq!(
        turned, refused,
        "flip refusals read the same, whatever the cup"
    );
}

#[tokio::test]
async fn admins_only_for_rules_end_and_kick() {
    let (fake, _db, _bot) = telegram::start(12).await;
    let group = TgChat::group(-1003, "Vereinsheim");
    let dora = TgUser::new(104, "Dora");
    fake.set_admin(group.id, dora.id);
    let players = [anna(), ben(), cem(), TgUser::new(105, "Emil")];

    let mark = fake.mark();
    let refused = command(&fake, &group, &ben(), "/regeln dortmund").await;
    assert!(refused.contains("Admins der Gruppe"), "{refused}");
    assert!(
        fake.requests_since(mark)
            .iter()
            .any(|r| r.is("getChatMember") && r.params["user_id"] == 102),
        "Telegram was asked about Ben"
    );
    let set = command(
        &fake,
        &group,
        &dora,
        "/regeln@SchockenTestBot dortmund blind=false",
    )
    .await;
    assert!(set.contains("Regeln für diesen Chat: dortmund"), "{set}");
    // What changed against `standard`, in words (R-RANK-6, R-SCORE-5); blind stays off.
    assert!(set.contains("Geändert:"), "{set}");
    assert!(set.contains("Einwürfeln ist jetzt erlaubt"), "{set}");
    assert!(!set.contains("Blind"), "{set}");
    let mark = fake.mark();
    let shown = command(&fake, &group, &ben(), "/regeln").await;
    assert!(shown.contains("Regeln: dortmund"), "{shown}");
    assert!(shown.contains("Zeitzone: Europe/Berlin"), "{shown}");
    assert!(
        shown.contains("Sie zählen nur, wenn der Anfänger"),
        "{shown}"
    );
    assert!(!shown.contains("blind = false"), "{shown}");
    let keys = command(&fake, &group, &ben(), "/regeln details").await;
    assert!(keys.contains("blind = false"), "{keys}");
    assert!(keys.contains("extras_announced = true"), "{keys}");
    assert!(
        !fake
            .requests_since(mark)
            .iter()
            .any(|r| r.is("getChatMember")),
        "showing the rules needs no admin check"
    );
    let zone = command(&fake, &group, &dora, "/zeitzone Europe/Vienna").await;
    assert!(zone.contains("Europe/Vienna"), "{zone}");
    let zone = command(&fake, &group, &dora, "/zeitzone Mars/Olympus").await;
    assert!(zone.contains("kenne ich nicht"), "{zone}");
    command(&fake, &group, &dora, "/regeln standard").await;

    open_and_start(&fake, &group, &players).await;
    // Cem says something the admin can reply to.
    let cem_message = fake.command(&group, &cem(), "/deckel");
    settle(&fake, &group).await;
    let refused = command(&fake, &group, &ben(), "/kick Cem").await;
    assert!(refused.contains("oder ein Admin"), "{refused}");
    fake.reply_command(&group, &dora, "/kick", cem_message.message_id.expect("id"));
    let table = wait_table(&fake, group.id, "the kick", |t| {
        t.text.contains("Cem wurde von Dora vom Tisch genommen.")
    })
    .await;
    assert!(
        player_line(&table_part(&table.text), "Cem").is_some_and(|l| l.contains("ausgestiegen")),
        "{}",
        table.text
    );
    // The opener leaves: his rights go to the next player at the table.
    fake.command(&group, &anna(), "/aussteigen");
    wait_table(&fake, group.id, "Anna leaving", |t| {
        t.text.contains("Anna ist ausgestiegen")
    })
    .await;
    let refused = command(&fake, &group, &anna(), "/ende").await;
    assert!(refused.contains("oder ein Admin"), "{refused}");
    fake.command(&group, &dora, "/ende");
    let table = wait_table(&fake, group.id, "the end", |t| button(t, "r").is_none()).await;
    assert!(
        table.text.contains("Dora hat das Spiel beendet"),
        "{}",
        table.text
    );
    assert!(
        table.callback_data().is_empty(),
        "the ended game has no buttons"
    );
    let debts = command(&fake, &group, &anna(), "/deckel").await;
    assert!(debts.contains("Niemand schuldet eine Runde"), "{debts}");
}

#[tokio::test]
async fn a_supergroup_keeps_its_table_ledger_and_statistics() {
    let (fake, _db, bot) = telegram::start(13).await;
    let group = TgChat::group(-1004, "Skatrunde");
    let players = [anna(), ben()];
    fake.set_admin(group.id, anna().id);
    command(&fake, &group, &anna(), "/regeln deckel=3").await;
    fake.command(&group, &anna(), "/neu");
    wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    for p in &players {
        start_privately(&fake, group.id, p).await;
    }
    let lobby = table_message(&fake, group.id).expect("lobby");
    press(&fake, &group, &ben(), &button(&lobby, "j").expect("join")).await;
    press(&fake, &group, &ben(), &button(&lobby, "g").expect("go")).await;
    PrivatePlay::new(&fake, &group, &players)
        .play_to_the_end()
        .await;
    let first = wait_table(&fake, group.id, "the end", |t| t.text.contains("🍺")).await;
    let first_loser = loser(&first.text);

    // A second game runs when the group becomes a supergroup.
    open_and_start(&fake, &group, &players).await;
    settle(&fake, &group).await;
    let old_table = table_message(&fake, group.id).expect("table");
    let table_id = button(&old_table, "r").expect("running");
    let table_id = table_id.split(':').nth(2).expect("table id").to_string();
    let mark = fake.mark();
    let supergroup = fake.migrate(&group, -100_1004, &anna());
    // The bot posts the running table in the supergroup.
    let posted = fake
        .wait_for(mark, WAIT, |r| {
            r.is("sendMessage") && r.chat_id() == Some(supergroup.id) && r.ok()
        })
        .await
        .expect("the table is posted in the supergroup");
    let posted_text = posted.text().expect("text").to_string();
    assert_eq!(round_of(&posted_text), round_of(&old_table.text));
    let new_table = table_message(&fake, supergroup.id).expect("table");
    assert_eq!(
        button(&new_table, "r").expect("roll").split(':').nth(2),
        Some(table_id.as_str()),
        "the same table continues"
    );
    Play::new(&fake, &supergroup, &players)
        .play_to_the_end()
        .await;
    let second = wait_table(&fake, supergroup.id, "the end", |t| t.text.contains("🍺")).await;
    let second_loser = loser(&second.text);

    let debts = command(&fake, &supergroup, &anna(), "/deckel").await;
    if first_loser == second_loser {
        assert!(
            debts.contains(&format!("{first_loser}: 2 Runden")),
            "{debts}"
        );
    } else {
        assert!(
            debts.contains(&format!("{first_loser}: 1 Runde")),
            "{debts}"
        );
        assert!(
            debts.contains(&format!("{second_loser}: 1 Runde")),
            "{debts}"
        );
    }
    let stats = command(&fake, &supergroup, &ben(), "/statistik").await;
    assert!(stats.contains("Anna: 2 Spiele"), "{stats}");
    assert!(stats.contains("Ben: 2 Spiele"), "{stats}");
    // The old group is gone: the bot wrote nothing there after the migration.
    assert!(
        !fake
            .requests_since(mark)
            .iter()
            .any(|r| r.chat_id() == Some(group.id) && r.ok() && r.is_write()),
        "nothing more in the old group"
    );
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    bot.assert_token_never_logged(fake.token());
}

#[tokio::test]
async fn a_restart_after_sigkill_continues_mid_round() {
    let (fake, db, mut first) = telegram::start(21).await;
    let group = TgChat::group(-1005, "Eckkneipe");
    let players = [anna(), ben(), cem()];
    open_and_start(&fake, &group, &players).await;
    let mut play = Play::new(&fake, &group, &players);
    for _ in 0..3 {
        play.turn().await;
    }
    settle(&fake, &group).await;
    // Mid-turn: the player to act has looked and rolled, then the process dies.
    let table = table_message(&fake, group.id).expect("table");
    let name = current_player(&table.text).expect("current");
    let player = play.player(&name);
    press(&fake, &group, &player, &button(&table, "l").expect("look")).await;
    let rolled = fake.press(
        &group,
        &player,
        table.message_id,
        &button(&table, "r").expect("roll"),
    );
    let roll_answer = fake
        .answer_to(rolled.callback_id.as_deref().expect("id"), WAIT)
        .await
        .expect("rolled");
    let cup_before = alert_text(&roll_answer);
    let before = wait_version(&fake, group.id, version(&table).expect("v") + 1).await;
    first.kill();

    // The roll's update comes again (as if the bot had died before confirming it), and a
    // press waits in Telegram's queue while the bot is down.
    let mark = fake.mark();
    fake.requeue(rolled.update_id);
    let waiting = fake.press(
        &group,
        &player,
        before.message_id,
        &button(&before, "l").expect("look"),
    );
    let second = Bot::telegram(&fake, &db.path, 21).await;
    let answer = fake
        .answer_to(&waiting.callback_id.expect("id"), WAIT)
        .await
        .expect("answered after the restart");
    assert_eq!(
        alert_text(&answer),
        cup_before,
        "the same cup after the restart: the roll counted once"
    );
    let again = fake
        .requests_since(mark)
        .into_iter()
        .find(|r| {
            r.is("answerCallbackQuery") && r.callback_query_id() == rolled.callback_id.as_deref()
        })
        .expect("the repeated roll is answered");
    let again = again.params["text"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        again == "Dieser Knopf ist veraltet." || again == "Schon erledigt.",
        "{again}"
    );
    settle(&fake, &group).await;
    assert_eq!(
        table_part(&table_message(&fake, group.id).expect("table").text),
        table_part(&before.text),
        "the same table after the restart"
    );

    // A dropped long poll is logged (without the token) and polling goes on.
    fake.fail_next("getUpdates", 1, schocken_fakes::telegram::Fault::Drop);
    for _ in 0..3 {
        play.turn().await;
    }
    let tables = fake
        .bot_messages(group.id)
        .into_iter()
        .filter(|m| m.text.starts_with('🎲'))
        .count();
    assert_eq!(tables, 1, "the same table message after the restart");
    let log = second.log();
    assert!(log.contains("getUpdates failed"), "{log}");
    first.assert_token_never_logged(fake.token());
    second.assert_token_never_logged(fake.token());
}

#[tokio::test]
async fn a_429_pauses_the_chat_and_the_newest_state_is_written() {
    use schocken_fakes::telegram::Fault;
    let (fake, _db, _bot) = telegram::start(14).await;
    let group = TgChat::group(-1006, "Biergarten");
    fake.command(&group, &anna(), "/neu");
    let lobby = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    settle(&fake, &group).await;

    fake.fail_next("editMessageText", 1, Fault::RateLimited { retry_after: 2 });
    let mark = fake.mark();
    // Ben joins (the edit is answered 429), Cem joins while the chat waits.
    press(&fake, &group, &ben(), &button(&lobby, "j").expect("join")).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let answer = press(&fake, &group, &cem(), &button(&lobby, "j").expect("join")).await;
    assert!(answer.at - fake.requests_since(mark)[0].at < Duration::from_secs(2));
    wait_table(&fake, group.id, "both joined", |t| {
        t.text.contains("Anna, Ben, Cem")
    })
    .await;
    let edits: Vec<Recorded> = fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.is("editMessageText"))
        .collect();
    assert_eq!(edits.len(), 2, "{edits:?}");
    assert_eq!(edits[0].status, 429);
    assert_eq!(edits[1].status, 200);
    assert!(edits[1].at - edits[0].at >= Duration::from_secs(2));
    assert!(
        edits[1]
            .text()
            .is_some_and(|t| t.contains("Anna, Ben, Cem")),
        "the retry writes the newest state"
    );

    fake.fail_next("sendMessage", 2, Fault::RateLimited { retry_after: 1 });
    let mark = fake.mark();
    let debts = command(&fake, &group, &ben(), "/deckel").await;
    assert!(debts.contains("Niemand schuldet"), "{debts}");
    let statuses: Vec<u16> = fake
        .requests_since(mark)
        .iter()
        .filter(|r| r.is("sendMessage"))
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses, [429, 429, 200]);
}

#[tokio::test]
async fn commands_addressed_to_bots_help_and_menus() {
    let (fake, _db, _bot) = telegram::start(15).await;
    let english = fake.my_commands("").expect("default menu");
    let german = fake.my_commands("de").expect("German menu");
    let names = |menu: &serde_json::Value| -> Vec<String> {
        menu.as_array()
            .expect("list")
            .iter()
            .filter_map(|c| c["command"].as_str().map(str::to_string))
            .collect()
    };
    for en in [
        "new", "join", "roll", "keep", "stand", "debts", "paid", "help", "timezone", "round",
    ] {
        assert!(names(&english).iter().any(|n| n == en), "{en}");
    }
    for de in [
        "neu", "mit", "los", "wurf", "halten", "stehen", "deckel", "bezahlt", "zeitzone", "runde",
    ] {
        assert!(names(&german).iter().any(|n| n == de), "{de}");
    }
    assert_eq!(
        german[0]["description"],
        "Tisch aufmachen (/neu zählen: echte Würfel, der Bot zählt)"
    );

    let group = TgChat::group(-1007, "Zwei Bots");
    fake.command(&group, &anna(), "/new@SchockenTestBot");
    let lobby = wait_table(&fake, group.id, "a table", |t| button(t, "j").is_some()).await;
    // Addressed to another bot: not ours.
    let mark = fake.mark();
    fake.command(&group, &ben(), "/join@OtherBot");
    nothing_changed_since(&fake, &group, mark).await;
    fake.command(&group, &ben(), "/mit@schockentestbot");
    let joined = wait_table(&fake, group.id, "Ben", |t| t.text.contains("Anna, Ben")).await;
    assert_eq!(joined.message_id, lobby.message_id);
    // Unknown commands: a hint when addressed to us (or in private), silence otherwise.
    let hint = command(&fake, &group, &anna(), "/quatsch@SchockenTestBot").await;
    assert!(
        hint.contains("Den Befehl /quatsch kenne ich nicht. /hilfe"),
        "{hint}"
    );
    let mark = fake.mark();
    fake.command(&group, &anna(), "/quatsch");
    nothing_changed_since(&fake, &group, mark).await;
    let hint = command(&fake, &group, &cem(), "/nonsense@SchockenTestBot").await;
    assert!(hint.contains("I do not know /nonsense. /help"), "{hint}");
    // Help in German and English, in Telegram's own command syntax.
    let help = command(&fake, &group, &anna(), "/hilfe").await;
    assert!(help.contains("so geht's"), "{help}");
    assert!(
        help.contains("/neu") && !help.contains("/schocken"),
        "{help}"
    );
    let help = command(&fake, &group, &cem(), "/help@SchockenTestBot").await;
    assert!(help.contains("how to play"), "{help}");
    // The referee for a real table.
    let verdict = command(
        &fake,
        &group,
        &anna(),
        "/judge Anna 665 3, Ben 114 3 gebaut, Cem 221 1",
    )
    .await;
    assert!(verdict.contains("Cem bekommt 4 Deckel"), "{verdict}");
    // No table: the hint names Telegram's command, not Discord's.
    let other = TgChat::group(-1017, "Leer");
    let hint = command(&fake, &other, &anna(), "/wurf").await;
    assert!(hint.contains("/neu"), "{hint}");
    assert!(
        !hint.contains("/schocken") && !hint.contains("Telegram:"),
        "{hint}"
    );
}

#[tokio::test]
async fn timer_moves_are_shown_in_the_table_message_in_the_chats_time() {
    use bot_core::config::Config;
    use bot_core::service::ManualClock;
    let fake = FakeTelegram::start().await.expect("fake");
    let db = Db::new();
    let config = Config {
        turn_timer_seconds: 30,
        ..Config::default()
    };
    // 2026-11-30 17:05:00 UTC: 18:05 in Berlin.
    let clock = Arc::new(ManualClock::new(1_796_058_300_000));
    let service = db.service(config, clock.clone(), Some(5)).await;
    // In-process this time: the test drives the service's clock.
    let bot = run_in_process(&fake, service.clone()).await;
    let group = TgChat::group(-1010, "Uhr");
    open_and_start(&fake, &group, &[anna(), ben()]).await;
    let table = table_message(&fake, group.id).expect("table");
    let name = current_player(&table.text).expect("current");
    assert!(
        table.text.contains("ist dran (Zeit bis 18:05 Uhr)"),
        "Berlin time, not UTC: {}",
        table.text
    );
    settle(&fake, &group).await;
    clock.advance(31_000);
    let mark = fake.mark();
    service.tick().await;
    let edit = fake
        .wait_for(mark, WAIT, |r| {
            r.is("editMessageText") && r.chat_id() == Some(group.id) && r.ok()
        })
        .await
        .expect("the timer move is shown");
    let text = edit.text().expect("text");
    assert!(
        text.contains(&format!("Zeit abgelaufen für {name}.")),
        "{text}"
    );
    assert_eq!(edit.message_id(), Some(table.message_id), "edited in place");
    assert_ne!(current_player(text), Some(name));
    bot.abort();
}

fn pretty(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).expect("json")
}

#[tokio::test]
async fn snapshots_of_the_telegram_payloads() {
    let (fake, _db, _bot) = telegram::start(7).await;
    let group = TgChat::group(-1011, "Schnappschuss");
    let in_group = |r: &Recorded| r.chat_id() == Some(group.id) && r.ok();

    let mark = fake.mark();
    fake.command(&group, &anna(), "/neu");
    let lobby = fake
        .wait_for(mark, WAIT, |r| r.is("sendMessage") && in_group(r))
        .await
        .expect("the table message");
    insta::assert_snapshot!("table_message_lobby", pretty(&lobby.params));

    let table = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    press(&fake, &group, &ben(), &button(&table, "j").expect("join")).await;
    let table = wait_table(&fake, group.id, "Ben", |t| t.text.contains("Ben")).await;
    let mark = fake.mark();
    press(&fake, &group, &ben(), &button(&table, "g").expect("go")).await;
    let running = fake
        .wait_for(mark, WAIT, |r| r.is("editMessageText") && in_group(r))
        .await
        .expect("the table edit");
    insta::assert_snapshot!("table_message_running_edit", pretty(&running.params));
    settle(&fake, &group).await;

    let table = table_message(&fake, group.id).expect("table");
    let name = current_player(&table.text).expect("current");
    let (player, other) = if name == "Anna" {
        (anna(), ben())
    } else {
        (ben(), anna())
    };
    let look = press(&fake, &group, &player, &button(&table, "l").expect("look")).await;
    insta::assert_snapshot!("alert_own_cup", pretty(&look.params));
    let refused = press(&fake, &group, &other, &button(&table, "r").expect("roll")).await;
    insta::assert_snapshot!("alert_not_your_turn", pretty(&refused.params));

    // The table message after the first round: the round's throws stay on it.
    let mut play = Play::new(&fake, &group, &[anna(), ben()]);
    for _ in 0..20 {
        let shown = table_message(&fake, group.id).expect("table");
        if shown.text.contains("Letzte Runde") {
            break;
        }
        play.turn().await;
    }
    settle(&fake, &group).await;
    let reveal = table_message(&fake, group.id).expect("table");
    insta::assert_snapshot!("table_message_with_last_round", reveal.text);
}
