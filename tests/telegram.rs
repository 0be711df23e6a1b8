//! The Telegram adapter end to end: the real `schocken` binary (teloxide, long polling, the
//! service, a SQLite file) against the local fake Bot API in `schocken-fakes`.

mod common;

use common::telegram::{
    self, Play, alert, barrier, button, command, open_and_start, press, round_of, sent_texts,
    table_message, texts_in,
};
use common::{Bot, Db, WAIT, current_player, faces, loser, player_line};
use schocken_fakes::telegram::{FakeTelegram, Recorded, StoredMessage, TgChat, TgUser};
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

/// Runs the adapter in this process on `service` (which the test holds) until it polls.
async fn run_in_process(
    fake: &FakeTelegram,
    service: Arc<bot_core::service::Service>,
    throttle: bool,
) -> tokio::task::JoinHandle<anyhow::Result<()>> {
    let telegram =
        schocken_telegram::TelegramConfig::new(fake.token(), Some(fake.api_url()), throttle);
    let mark = fake.mark();
    let bot = tokio::spawn(schocken_telegram::run(service, telegram));
    fake.wait_for(mark, WAIT, |r| r.is("getUpdates"))
        .await
        .expect("polling");
    bot
}

/// Hidden dice appear only in alerts to their owner: never in a group message or edit, and a
/// cup covered for the table stays covered in every public text until the round's reveal.
/// Each alert's dice are the owner's: the reveal shows them under his name.
fn check_hidden_dice(fake: &FakeTelegram, chat: i64, play: &Play) -> usize {
    let covered_checks = play.assert_cups_stay_covered();
    let texts = texts_in(fake, chat);
    // The last cup alert of a player in a round shows the dice the reveal shows for him.
    let mut matched = 0;
    for (_, reveal) in texts.iter().filter(|(_, t)| t.starts_with("Aufgedeckt")) {
        let round = round_of(reveal);
        for line in reveal.lines().skip(1) {
            let Some((head, dice)) = line.split_once(": ") else {
                continue;
            };
            let name = head.trim_start_matches(['🏆', '🍺', '·', ' ']);
            let last = play
                .alerts
                .iter()
                .rfind(|a| a.owner == name && a.round == round && a.is_cup());
            let Some(alert) = last else { continue };
            let seen = faces(alert.text.split(" – ").next().unwrap_or_default());
            if seen.len() == 3 {
                assert_eq!(
                    seen,
                    faces(dice),
                    "{name}'s alert {:?} against the reveal {line}",
                    alert.text
                );
                matched += 1;
            }
        }
    }
    eprintln!(
        "hidden-dice check: {matched} alerts matched reveals, {covered_checks} covered lines"
    );
    assert!(matched > 5, "only {matched} alerts could be matched");
    assert!(
        covered_checks > 5,
        "only {covered_checks} covered cups checked"
    );
    // Keep buttons (which would name values) never reach a group.
    for r in fake.requests() {
        if r.chat_id().is_some_and(|c| c < 0) {
            for data in r.callback_data() {
                assert!(
                    ["v1:r:", "v1:l:", "v1:s:", "v1:j:", "v1:g:"]
                        .iter()
                        .any(|p| data.starts_with(p)),
                    "group button {data}"
                );
            }
        }
    }
    matched
}

#[tokio::test]
async fn a_whole_game_of_three_to_the_bierrunde() {
    let (fake, _db, bot) = telegram::start(7).await;
    let group = TgChat::group(-1001, "Stammtisch");
    let players = [anna(), ben(), cem()];
    open_and_start(&fake, &group, &players).await;
    let mut play = Play::new(&fake, &group, &players);
    play.play_to_the_end().await;
    let alerts = &play.alerts;

    // One table message for the whole game, edited in place.
    let tables: Vec<StoredMessage> = fake
        .bot_messages(group.id)
        .into_iter()
        .filter(|m| m.text.starts_with('🎲'))
        .collect();
    assert_eq!(tables.len(), 1, "one table message per game");
    let table = &tables[0];
    assert!(table.edits > 20, "edited in place: {} edits", table.edits);
    assert!(
        table.callback_data().is_empty(),
        "no buttons after the game"
    );
    let loser = loser(&table.text);

    check_hidden_dice(&fake, group.id, &play);
    // English players read their cup in English, German ones in German.
    assert!(
        alerts
            .iter()
            .filter(|a| a.owner == "Cem" && a.is_cup())
            .all(|a| a.text.contains("throw ")),
        "Cem's alerts are English"
    );
    assert!(
        alerts
            .iter()
            .filter(|a| a.owner == "Anna" && a.is_cup())
            .all(|a| a.text.contains("Wurf ")),
        "Anna's alerts are German"
    );
    // Nobody started the bot privately: at most one try per player, answered 403.
    for p in &players {
        let tries = fake
            .requests()
            .iter()
            .filter(|r| r.is("sendMessage") && r.chat_id() == Some(p.id))
            .count();
        assert!(tries <= 1, "{} tried {tries} times", p.first_name);
    }

    // The Bierrunde.
    let debts = command(&fake, &group, &anna(), "/deckel").await;
    let debts = debts
        .iter()
        .find_map(|r| r.text().filter(|t| t.contains("Offene Runden")))
        .expect("debts")
        .to_string();
    assert!(debts.contains(&format!("{loser}: 1")), "{debts}");
    let stats = command(&fake, &group, &ben(), "/statistik@SchockenTestBot").await;
    let stats = sent_since_all(&stats);
    for p in &players {
        assert!(
            stats.contains(&format!("{}: 1 Spiele", p.first_name)),
            "{stats}"
        );
    }
    // The loser claims, another player confirms by replying to the claim, and undoes it.
    let loser_user = players
        .iter()
        .find(|p| p.first_name == loser)
        .expect("the loser plays")
        .clone();
    let other = players
        .iter()
        .find(|p| p.first_name != loser)
        .expect("another")
        .clone();
    let mark = fake.mark();
    let claim = fake.command(&group, &loser_user, "/bezahlt");
    barrier(&fake, &group).await;
    let claimed = sent_texts(&fake, mark, group.id).join("\n");
    // Ledger notices speak the actor's language.
    assert!(
        claimed.contains("sagt: bezahlt!") || claimed.contains("says: paid!"),
        "{claimed}"
    );
    let sent = reply(
        &fake,
        &group,
        &other,
        "/bezahlt",
        claim.message_id.expect("id"),
    )
    .await;
    assert!(sent.contains("Offen: 0"), "{sent}");
    let undone = command(&fake, &group, &other, "/rueckgaengig").await;
    assert!(sent_since_all(&undone).contains("Rückgängig"));
    let history = command(&fake, &group, &anna(), "/verlauf").await;
    assert!(sent_since_all(&history).contains("Seite 1"));
    let export = command(&fake, &group, &anna(), "/export").await;
    let document = export
        .iter()
        .find(|r| r.is("sendDocument"))
        .expect("a CSV document");
    let csv = String::from_utf8(document.files[0].content.clone()).expect("utf-8");
    assert!(csv.starts_with("id,time_utc,kind,debtor"), "{csv}");
    assert!(csv.contains(&loser), "{csv}");
    assert_eq!(
        document.files[0].file_name.as_deref(),
        Some("bierrunden-telegram--1001.csv")
    );
    // Help in the asker's language.
    let help = command(&fake, &group, &cem(), "/help").await;
    assert!(sent_since_all(&help).contains("how to play"));
    bot.assert_token_never_logged(fake.token());
}

/// Every text the bot sent in these requests.
fn sent_since_all(requests: &[Recorded]) -> String {
    requests
        .iter()
        .filter(|r| r.ok() && (r.is("sendMessage") || r.is("sendDocument")))
        .filter_map(|r| r.text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Sends a command replying to message `to`; returns what the bot sent.
async fn reply(fake: &FakeTelegram, chat: &TgChat, user: &TgUser, text: &str, to: i64) -> String {
    let mark = fake.mark();
    fake.reply_command(chat, user, text, to);
    barrier(fake, chat).await;
    sent_since_all(&fake.requests_since(mark))
}

/// The text of an answer to a press, which must be an alert.
fn alert_text(answer: &Recorded) -> String {
    assert!(answer.show_alert(), "an alert: {:?}", answer.params);
    alert(answer)
}

/// Nothing but answers to button presses since `mark`: no message sent or edited.
fn nothing_changed_since(fake: &FakeTelegram, mark: u64) {
    let changes: Vec<String> = fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| !r.is("answerCallbackQuery") && !r.is("getUpdates"))
        .map(|r| format!("{} {}", r.method, r.params))
        .collect();
    assert!(changes.is_empty(), "changes: {changes:?}");
}

/// Once the bot handled everything injected: nothing but answers to presses since `mark`, and
/// the table message still shows `text`.
async fn assert_unchanged_since(fake: &FakeTelegram, group: &TgChat, mark: u64, text: &str) {
    barrier(fake, group).await;
    nothing_changed_since(fake, mark);
    assert_eq!(table_message(fake, group.id).expect("table").text, text);
}

#[tokio::test]
async fn wrong_turn_stale_and_forged_presses_change_nothing() {
    let (fake, _db, _bot) = telegram::start(11).await;
    let group = TgChat::group(-1002, "Kneipe");
    let players = [anna(), ben(), cem()];
    open_and_start(&fake, &group, &players).await;
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
    assert_unchanged_since(&fake, &group, mark, &before.text).await;

    // The same in English for an English presser.
    if name != "Cem" {
        let answer = press(&fake, &group, &cem(), &roll).await;
        assert!(
            alert_text(&answer).contains("Not your turn"),
            "{:?}",
            answer.params
        );
    }

    // A double click: the first press counts, the second is stale.
    let player = by_name(&name);
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
    let after_roll = table_message(&fake, group.id).expect("table");
    let mark = fake.mark();
    let second = fake
        .answer_to(&second.callback_id.expect("id"), WAIT)
        .await
        .expect("second answer");
    assert_eq!(alert_text(&second), "Dieser Knopf ist veraltet.");
    assert_unchanged_since(&fake, &group, mark, &after_roll.text).await;

    // A button of an older game and forged data: alerts, nothing changes.
    let mark = fake.mark();
    let answer = press(&fake, &group, player, "v1:r:zz:0").await;
    assert_eq!(alert_text(&answer), "Dieser Knopf ist veraltet.");
    for forged in ["v9:r:1:0", "v1:k:1:0:7", "hello", &"v1:r:1:0".repeat(9)] {
        let answer = press(&fake, &group, player, forged).await;
        assert_eq!(
            alert_text(&answer),
            "Dieser Knopf ist ungültig – er gehört zu keinem Tisch.",
            "{forged}"
        );
    }
    let answer = press(&fake, &group, &cem(), "v9:r:1:0").await;
    assert!(
        alert_text(&answer).contains("not valid"),
        "{:?}",
        answer.params
    );
    assert_unchanged_since(&fake, &group, mark, &after_roll.text).await;

    // Commands are refused the same way, as a reply to the command.
    let sent = command(&fake, &group, wrong, "/wurf").await;
    assert!(sent_since_all(&sent).contains("Du bist nicht dran"));
    let sent = command(&fake, &group, player, "/halten 7").await;
    assert!(
        sent_since_all(&sent).contains("1 bis 6"),
        "{}",
        sent_since_all(&sent)
    );
    // "There is no 5 in your cup" would tell the group about covered dice.
    let rolled = faces(&alert_text(&first));
    let missing = (1..=6)
        .find(|v| !rolled.iter().any(|f| f.ends_with(&v.to_string())))
        .expect("a value not rolled");
    let sent = command(&fake, &group, player, &format!("/halten {missing}")).await;
    let answer = sent_since_all(&sent);
    assert_eq!(
        answer,
        "Das passt nicht zu deinem Becher – schau mit „👀 Mein Becher“ nach."
    );
}

#[tokio::test]
async fn admins_only_for_rules_end_and_kick() {
    let (fake, _db, _bot) = telegram::start(12).await;
    let group = TgChat::group(-1003, "Vereinsheim");
    let dora = TgUser::new(104, "Dora");
    fake.set_admin(group.id, dora.id);
    let players = [anna(), ben(), cem()];

    let mark = fake.mark();
    let sent = command(&fake, &group, &ben(), "/regeln dortmund").await;
    assert!(sent_since_all(&sent).contains("Das dürfen nur Admins."));
    assert!(
        fake.requests_since(mark)
            .iter()
            .any(|r| r.is("getChatMember") && r.params["user_id"] == 102),
        "Telegram was asked about Ben"
    );
    let sent = command(
        &fake,
        &group,
        &dora,
        "/regeln@SchockenTestBot dortmund blind=false",
    )
    .await;
    let text = sent_since_all(&sent);
    assert!(text.contains("Regeln für diesen Chat: dortmund"), "{text}");
    assert!(text.contains("blind = false"), "{text}");
    let mark = fake.mark();
    let sent = command(&fake, &group, &ben(), "/regeln").await;
    assert!(sent_since_all(&sent).contains("Regeln: dortmund"));
    assert!(
        !fake
            .requests_since(mark)
            .iter()
            .any(|r| r.is("getChatMember")),
        "showing the rules needs no admin check"
    );
    command(&fake, &group, &dora, "/regeln standard").await;

    open_and_start(&fake, &group, &players).await;
    // Cem says something the admin can reply to.
    let cem_message = fake.command(&group, &cem(), "/deckel");
    barrier(&fake, &group).await;
    let sent = command(&fake, &group, &ben(), "/kick Cem").await;
    assert!(sent_since_all(&sent).contains("oder ein Admin"));
    let mark = fake.mark();
    reply(
        &fake,
        &group,
        &dora,
        "/kick",
        cem_message.message_id.expect("id"),
    )
    .await;
    let table = table_message(&fake, group.id).expect("table");
    assert!(
        table
            .text
            .contains("Cem wurde von Dora vom Tisch genommen."),
        "{}",
        table.text
    );
    assert!(
        player_line(&table.text, "Cem").is_some_and(|l| l.contains("ausgestiegen")),
        "{}",
        table.text
    );
    assert!(
        fake.requests_since(mark)
            .iter()
            .any(|r| r.is("getChatMember"))
    );

    let sent = command(&fake, &group, &ben(), "/ende").await;
    assert!(sent_since_all(&sent).contains("oder ein Admin"));
    assert!(button(&table_message(&fake, group.id).expect("table"), "r").is_some());
    command(&fake, &group, &dora, "/ende").await;
    let table = table_message(&fake, group.id).expect("table");
    assert!(
        table
            .text
            .contains("Dora hat das Spiel beendet – ohne Schulden."),
        "{}",
        table.text
    );
    assert!(
        table.callback_data().is_empty(),
        "the ended game has no buttons"
    );
    let sent = command(&fake, &group, &anna(), "/deckel").await;
    assert!(sent_since_all(&sent).contains("Niemand schuldet eine Runde"));
}

#[tokio::test]
async fn a_supergroup_keeps_its_table_ledger_and_statistics() {
    let (fake, _db, bot) = telegram::start(13).await;
    let group = TgChat::group(-1004, "Skatrunde");
    let players = [anna(), ben()];
    open_and_start(&fake, &group, &players).await;
    Play::new(&fake, &group, &players).play_to_the_end().await;
    let first_loser = loser(&table_message(&fake, group.id).expect("table").text);

    // A second game runs when the group becomes a supergroup.
    open_and_start(&fake, &group, &players).await;
    let mut play = Play::new(&fake, &group, &players);
    for _ in 0..2 {
        play.turn().await;
    }
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
    assert_eq!(
        round_of(&posted_text),
        round_of(&old_table.text),
        "{posted_text}"
    );
    let new_table = table_message(&fake, supergroup.id).expect("table");
    assert_eq!(
        button(&new_table, "r").expect("roll").split(':').nth(2),
        Some(table_id.as_str()),
        "the same table continues"
    );
    Play::new(&fake, &supergroup, &players)
        .play_to_the_end()
        .await;
    let second_loser = loser(&table_message(&fake, supergroup.id).expect("table").text);

    let sent = command(&fake, &supergroup, &anna(), "/deckel").await;
    let debts = sent_since_all(&sent);
    if first_loser == second_loser {
        assert!(debts.contains(&format!("{first_loser}: 2")), "{debts}");
    } else {
        assert!(debts.contains(&format!("{first_loser}: 1")), "{debts}");
        assert!(debts.contains(&format!("{second_loser}: 1")), "{debts}");
    }
    let sent = command(&fake, &supergroup, &ben(), "/statistik").await;
    let stats = sent_since_all(&sent);
    assert!(stats.contains("Anna: 2 Spiele"), "{stats}");
    assert!(stats.contains("Ben: 2 Spiele"), "{stats}");
    // The old group is gone: the bot wrote nothing there after the migration.
    assert!(
        !fake
            .requests_since(mark)
            .iter()
            .any(|r| r.chat_id() == Some(group.id) && r.ok() && !r.is("answerCallbackQuery")),
        "nothing more in the old group"
    );
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
    // Mid-turn: the player to act has looked, then the process dies.
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
    barrier(&fake, &group).await;
    let before = table_message(&fake, group.id).expect("table");
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
        .unwrap_or_else(|| {
            let seen: Vec<String> = fake
                .requests_since(mark)
                .iter()
                .map(|r| format!("{} {} {}", r.method, r.status, r.params))
                .collect();
            panic!(
                "the repeated roll {:?} (look {:?}) is not answered: {seen:#?}\n{}",
                rolled.callback_id,
                answer.params,
                second.log()
            )
        });
    // The service finds the repeat outdated (its button's version is gone) or done before.
    let again = again.params["text"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        again == "Dieser Knopf ist veraltet." || again == "Schon erledigt.",
        "{again}"
    );
    let table_part = |t: &str| t.split("\n\n").next().unwrap_or_default().to_string();
    assert_eq!(
        table_part(&table_message(&fake, group.id).expect("table").text),
        table_part(&before.text),
        "the same table after the restart"
    );

    // A dropped long poll is logged (without the token) and polling goes on.
    fake.fail_next("getUpdates", 1, schocken_fakes::telegram::Fault::Drop);
    play.play_to_the_end().await;
    assert!(!play.alerts.is_empty());
    let tables: Vec<StoredMessage> = fake
        .bot_messages(group.id)
        .into_iter()
        .filter(|m| m.text.starts_with('🎲'))
        .collect();
    assert_eq!(tables.len(), 1, "the same table message after the restart");
    let loser = loser(&tables[0].text);
    let sent = command(&fake, &group, &anna(), "/deckel").await;
    assert!(sent_since_all(&sent).contains(&format!("{loser}: 1")));
    let log = second.log();
    assert!(log.contains("getUpdates failed"), "{log}");
    first.assert_token_never_logged(fake.token());
    second.assert_token_never_logged(fake.token());
}

#[tokio::test]
async fn rate_limits_are_waited_out_and_retried() {
    use schocken_fakes::telegram::Fault;
    let (fake, _db, _bot) = telegram::start(14).await;
    let group = TgChat::group(-1006, "Biergarten");
    command(&fake, &group, &anna(), "/neu").await;
    let lobby = table_message(&fake, group.id).expect("lobby");

    fake.fail_next("editMessageText", 1, Fault::RateLimited { retry_after: 1 });
    let mark = fake.mark();
    press(&fake, &group, &ben(), &button(&lobby, "j").expect("join")).await;
    let edits: Vec<Recorded> = fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.is("editMessageText"))
        .collect();
    assert_eq!(edits.len(), 2, "{edits:?}");
    assert_eq!(edits[0].status, 429);
    assert_eq!(edits[1].status, 200);
    assert!(edits[1].at - edits[0].at >= Duration::from_secs(1));
    assert!(
        table_message(&fake, group.id)
            .expect("table")
            .text
            .contains("Anna, Ben")
    );

    fake.fail_next("sendMessage", 2, Fault::RateLimited { retry_after: 1 });
    let sent = command(&fake, &group, &ben(), "/deckel").await;
    let statuses: Vec<u16> = sent
        .iter()
        .filter(|r| r.is("sendMessage"))
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses, [429, 429, 200]);
    assert!(sent_since_all(&sent).contains("Niemand schuldet"));
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
        "new", "join", "roll", "keep", "stand", "debts", "paid", "help", "export",
    ] {
        assert!(names(&english).iter().any(|n| n == en), "{en}");
    }
    for de in [
        "neu", "mit", "los", "wurf", "halten", "stehen", "deckel", "bezahlt", "hilfe",
    ] {
        assert!(names(&german).iter().any(|n| n == de), "{de}");
    }
    assert_eq!(german[0]["description"], "Tisch aufmachen");

    let group = TgChat::group(-1007, "Zwei Bots");
    command(&fake, &group, &anna(), "/new@SchockenTestBot").await;
    let lobby = table_message(&fake, group.id).expect("a table");
    // Addressed to another bot: not ours.
    let mark = fake.mark();
    command(&fake, &group, &ben(), "/join@OtherBot").await;
    nothing_changed_since(&fake, mark);
    command(&fake, &group, &ben(), "/mit@schockentestbot").await;
    assert!(
        table_message(&fake, group.id)
            .expect("table")
            .text
            .contains("Anna, Ben")
    );
    assert_eq!(
        table_message(&fake, group.id).expect("table").message_id,
        lobby.message_id
    );
    // Unknown commands: a hint when addressed to us (or in private), silence otherwise.
    let sent = command(&fake, &group, &anna(), "/quatsch@SchockenTestBot").await;
    assert!(
        sent_since_all(&sent).contains("Den Befehl /quatsch kenne ich nicht. /hilfe"),
        "{}",
        sent_since_all(&sent)
    );
    let mark = fake.mark();
    command(&fake, &group, &anna(), "/quatsch").await;
    nothing_changed_since(&fake, mark);
    let sent = command(&fake, &group, &cem(), "/nonsense@SchockenTestBot").await;
    assert!(sent_since_all(&sent).contains("I do not know /nonsense. /help"));
    // Help in German and English (and how long the answer took: the load test's measure).
    let injected = fake.command(&group, &anna(), "/hilfe");
    let (first, took) = fake
        .first_reaction(&injected, WAIT)
        .await
        .expect("an answer");
    assert!(first.is("sendMessage") && took < WAIT, "{first:?}");
    barrier(&fake, &group).await;
    let sent = command(&fake, &group, &anna(), "/hilfe").await;
    assert!(sent_since_all(&sent).contains("so geht's"));
    let sent = command(&fake, &group, &cem(), "/help@SchockenTestBot").await;
    assert!(sent_since_all(&sent).contains("how to play"));
    // The referee for a real table.
    let sent = command(
        &fake,
        &group,
        &anna(),
        "/judge Anna 665 3, Ben 114 3 gebaut, Cem 221 1",
    )
    .await;
    assert!(
        sent_since_all(&sent).contains("Cem bekommt 4 Deckel"),
        "{}",
        sent_since_all(&sent)
    );
}

#[tokio::test]
async fn a_private_chat_gets_the_cup_with_every_button() {
    let (fake, _db, _bot) = telegram::start(16).await;
    let group = TgChat::group(-1008, "Dorfkrug");
    let players = [anna(), ben(), cem()];
    command(&fake, &group, &anna(), "/neu").await;
    // The deep link under the table opens the private chat with the group's payload.
    let lobby = table_message(&fake, group.id).expect("lobby");
    let link = lobby.urls().pop().expect("a deep link");
    let payload = link.split("start=").nth(1).expect("payload").to_string();
    assert_eq!(
        link,
        format!("https://t.me/SchockenTestBot?start={payload}")
    );
    assert!(
        payload.len() <= 64
            && payload
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    );
    let mark = fake.mark();
    fake.start_private(&anna(), Some(&payload));
    let linked = fake
        .wait_for(mark, WAIT, |r| {
            r.is("sendMessage") && r.chat_id() == Some(anna().id)
        })
        .await
        .expect("an answer in private");
    assert!(linked.text().expect("text").contains("Verbunden"));

    for p in &players[1..] {
        let table = table_message(&fake, group.id).expect("lobby");
        press(&fake, &group, p, &button(&table, "j").expect("join")).await;
    }
    let table = table_message(&fake, group.id).expect("lobby");
    press(&fake, &group, &ben(), &button(&table, "g").expect("go")).await;
    // Play until it is Anna's turn; then her cup is in her private chat.
    let mut play = Play::new(&fake, &group, &players);
    for _ in 0..20 {
        let table = table_message(&fake, group.id).expect("table");
        if current_player(&table.text).as_deref() == Some("Anna") {
            break;
        }
        play.turn().await;
    }
    let cup = fake
        .wait_until(WAIT, |f| {
            f.bot_messages(anna().id)
                .into_iter()
                .rev()
                .find(|m| m.text.starts_with("Dein Becher"))
        })
        .await
        .expect("Anna's cup in private");
    assert!(cup.text.contains("Du bist dran."), "{}", cup.text);
    let roll = button(&cup, "r").expect("roll in private");
    let mark = fake.mark();
    let injected = fake.press(&TgChat::private(&anna()), &anna(), cup.message_id, &roll);
    fake.answer_to(&injected.callback_id.expect("id"), WAIT)
        .await
        .expect("answered");
    let cup = fake.message(anna().id, cup.message_id).expect("cup");
    assert!(cup.edits > 0, "the private cup is edited in place");
    let dice = cup.text.lines().next().expect("dice line");
    assert_eq!(faces(dice).len(), 3, "{}", cup.text);
    // The group sees the roll, not the dice.
    let group_edit = fake
        .requests_since(mark)
        .into_iter()
        .find(|r| r.is("editMessageText") && r.chat_id() == Some(group.id))
        .expect("the table is edited");
    let text = group_edit.text().expect("text");
    assert!(text.contains("Anna würfelt"), "{text}");
    assert!(!text.contains(dice));
    // Keep buttons live in the private chat only.
    assert!(
        cup.callback_data().iter().any(|d| d.starts_with("v1:k:")),
        "{:?}",
        cup.callback_data()
    );
    for r in fake.requests() {
        if r.chat_id() == Some(group.id) {
            assert!(!r.callback_data().iter().any(|d| d.starts_with("v1:k:")));
        }
    }
    // Ben and Cem never pressed START: one try each at most, answered 403, no harm done.
    for p in [ben(), cem()] {
        let tries: Vec<u16> = fake
            .requests()
            .iter()
            .filter(|r| r.is("sendMessage") && r.chat_id() == Some(p.id))
            .map(|r| r.status)
            .collect();
        assert!(
            tries.len() <= 1 && tries.iter().all(|s| *s == 403),
            "{tries:?}"
        );
    }
    check_hidden_dice_in_group_only(&fake, group.id, &cup.text);
}

/// A private cup text never appears in the group.
fn check_hidden_dice_in_group_only(fake: &FakeTelegram, group: i64, private: &str) {
    for (seq, text) in texts_in(fake, group) {
        assert!(
            !text.contains(private),
            "private text in group request {seq}"
        );
        assert!(
            !text.contains("Dein Becher"),
            "private text in group request {seq}"
        );
    }
}

#[tokio::test]
async fn timer_moves_are_shown_in_the_table_message() {
    use bot_core::config::Config;
    use bot_core::service::ManualClock;
    let fake = FakeTelegram::start().await.expect("fake");
    let db = Db::new();
    let config = Config {
        turn_timer_seconds: 30,
        ..Config::default()
    };
    let clock = Arc::new(ManualClock::new(1_790_000_000_000));
    let service = db.service(config, clock.clone(), Some(5)).await;
    // In-process this time: the test drives the service's clock.
    let bot = run_in_process(&fake, service.clone(), false).await;
    let group = TgChat::group(-1010, "Uhr");
    open_and_start(&fake, &group, &[anna(), ben()]).await;
    let table = table_message(&fake, group.id).expect("table");
    let name = current_player(&table.text).expect("current");
    assert!(table.text.contains("ist dran (Zeit bis "), "{}", table.text);

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
    command(&fake, &group, &anna(), "/neu").await;
    let lobby = fake
        .requests_since(mark)
        .into_iter()
        .find(|r| r.is("sendMessage") && in_group(r))
        .expect("the table message");
    insta::assert_snapshot!("table_message_lobby", pretty(&lobby.params));

    let table = table_message(&fake, group.id).expect("lobby");
    press(&fake, &group, &ben(), &button(&table, "j").expect("join")).await;
    let table = table_message(&fake, group.id).expect("lobby");
    let mark = fake.mark();
    press(&fake, &group, &ben(), &button(&table, "g").expect("go")).await;
    let running = fake
        .requests_since(mark)
        .into_iter()
        .find(|r| r.is("editMessageText") && in_group(r))
        .expect("the table edit");
    insta::assert_snapshot!("table_message_running_edit", pretty(&running.params));
    barrier(&fake, &group).await;

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

    let mut play = Play::new(&fake, &group, &[anna(), ben()]);
    for _ in 0..20 {
        if texts_in(&fake, group.id)
            .iter()
            .any(|(_, t)| t.starts_with("Aufgedeckt"))
        {
            break;
        }
        play.turn().await;
    }
    barrier(&fake, &group).await;
    let reveal = fake
        .requests()
        .into_iter()
        .find(|r| {
            r.is("sendMessage")
                && in_group(r)
                && r.text().is_some_and(|t| t.starts_with("Aufgedeckt"))
        })
        .expect("a reveal");
    insta::assert_snapshot!("reveal_message", pretty(&reveal.params));
}

#[tokio::test]
async fn the_throttled_bot_answers_too() {
    use bot_core::config::Config;
    use bot_core::service::SystemClock;
    let fake = FakeTelegram::start().await.expect("fake");
    let db = Db::new();
    let service = db
        .service(Config::default(), Arc::new(SystemClock), Some(1))
        .await;
    // Production's setting: teloxide's Throttle keeps the bot inside Telegram's limits.
    let bot = run_in_process(&fake, service, true).await;
    let group = TgChat::group(-1012, "Gedrosselt");
    let sent = command(&fake, &group, &anna(), "/neu").await;
    assert!(sent.iter().any(|r| r.is("sendMessage") && r.ok()));
    let sent = command(&fake, &group, &ben(), "/mit").await;
    assert!(sent.iter().any(|r| r.is("editMessageText") && r.ok()));
    bot.abort();
}
