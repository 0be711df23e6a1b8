//! The Telegram adapter end to end, playing: the real `schocken` binary (teloxide with its
//! production Throttle, long polling, the service, a SQLite file) against the local fake Bot
//! API, which enforces Telegram's flood limits. Whole games through private chats, the
//! group's pace at quick presses, tables in forum topics, and hidden dice in alerts.

mod common;

use common::telegram::{
    self, Play, PrivatePlay, alert, assert_within_limits, button, command, open_and_start, press,
    press_on, private_cup, round_of, sent_texts, start_privately, table_in, table_message,
    texts_in, version, wait_table,
};
use common::{WAIT, current_player, faces, loser};
use schocken_fakes::telegram::{FakeTelegram, TgChat, TgUser};
use std::time::{Duration, Instant};

fn anna() -> TgUser {
    TgUser::new(101, "Anna")
}
fn ben() -> TgUser {
    TgUser::new(102, "Ben")
}
fn cem() -> TgUser {
    TgUser::new(103, "Cem").lang("en")
}

/// Sets the chat's house rules as an admin (a short game: fewer Deckel).
async fn house_rules(fake: &FakeTelegram, group: &TgChat, admin: &TgUser, rules: &str) {
    fake.set_admin(group.id, admin.id);
    let answer = command(fake, group, admin, &format!("/regeln {rules}")).await;
    assert!(answer.contains("Regeln"), "{answer}");
}

#[tokio::test]
async fn a_whole_game_of_three_to_the_bierrunde() {
    let (fake, _db, bot) = telegram::start(7).await;
    let group = TgChat::group(-1001, "Stammtisch");
    let players = [anna(), ben(), cem()];
    house_rules(&fake, &group, &anna(), "deckel=5").await;
    fake.command(&group, &anna(), "/neu");
    wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    for p in &players {
        start_privately(&fake, group.id, p).await;
    }
    let lobby = table_message(&fake, group.id).expect("lobby");
    for p in &players[1..] {
        press(&fake, &group, p, &button(&lobby, "j").expect("join")).await;
    }
    press(&fake, &group, &cem(), &button(&lobby, "g").expect("go")).await;
    let mut play = PrivatePlay::new(&fake, &group, &players);
    play.play_to_the_end().await;
    eprintln!("{} turns played", play.turns);
    let table = wait_table(&fake, group.id, "the game's end", |t| {
        t.text.contains("🍺") && button(t, "r").is_none()
    })
    .await;

    // One table message for the whole game, edited in place, within Telegram's limits.
    let tables = fake
        .bot_messages(group.id)
        .into_iter()
        .filter(|m| m.text.starts_with('🎲'))
        .count();
    assert_eq!(tables, 1, "one table message per game");
    assert!(table.edits > 0, "edited in place: {} edits", table.edits);
    assert!(
        table.callback_data().is_empty(),
        "no buttons after the game"
    );
    assert_within_limits(&fake, &[group.id]);
    // Private cups never reach the group.
    for (seq, text) in texts_in(&fake, group.id) {
        assert!(
            !text.contains("Dein Becher") && !text.contains("Your cup"),
            "a private cup in group request {seq}"
        );
    }
    let loser = loser(&table.text);

    // The Bierrunde.
    let debts = command(&fake, &group, &anna(), "/deckel").await;
    assert!(debts.contains(&format!("{loser}: 1")), "{debts}");
    let stats = command(&fake, &group, &ben(), "/statistik@SchockenTestBot").await;
    for p in &players {
        assert!(
            stats.contains(&format!("{}: 1 Spiel,", p.first_name)),
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
        .find(|p| p.first_name != loser && p.language_code.as_deref() == Some("de"))
        .expect("another")
        .clone();
    let mark = fake.mark();
    let claim = fake.command(&group, &loser_user, "/bezahlt");
    let claimed = fake
        .wait_for(mark, WAIT, |r| {
            r.ok() && r.is("sendMessage") && r.chat_id() == Some(group.id)
        })
        .await
        .expect("the claim is noted");
    let claimed = claimed.text().unwrap_or_default().to_string();
    assert!(
        claimed.contains("sagt: bezahlt!") || claimed.contains("says: paid!"),
        "{claimed}"
    );
    let mark = fake.mark();
    fake.reply_command(
        &group,
        &other,
        "/bezahlt",
        claim.message_id.expect("claim id"),
    );
    let confirmed = fake
        .wait_for(mark, WAIT, |r| {
            r.ok() && r.is("sendMessage") && r.chat_id() == Some(group.id)
        })
        .await
        .expect("the payment is confirmed");
    assert!(
        confirmed.text().unwrap_or_default().contains("Offen: 0"),
        "{confirmed:?}"
    );
    let undone = command(&fake, &group, &other, "/rueckgaengig").await;
    assert!(undone.contains("Rückgängig gemacht: bezahlt"), "{undone}");
    let history = command(&fake, &group, &anna(), "/verlauf").await;
    assert!(history.contains("Seite 1"), "{history}");
    assert!(
        history.contains("vom Spiel"),
        "no internal words: {history}"
    );
    assert!(!history.contains("· game"), "{history}");
    let export = telegram::command_answer(&fake, &group, &anna(), "/export").await;
    assert!(export.is("sendDocument"), "{export:?}");
    let csv = String::from_utf8(export.files[0].content.clone()).expect("utf-8");
    assert!(csv.starts_with("id,time_utc,kind,debtor"), "{csv}");
    assert!(csv.contains(&loser), "{csv}");
    assert_eq!(
        export.files[0].file_name.as_deref(),
        Some("bierrunden-telegram--1001.csv")
    );
    // Help in the asker's language.
    let help = command(&fake, &group, &cem(), "/help").await;
    assert!(help.contains("/roll"), "Telegram's own syntax: {help}");
    assert!(!help.contains("/schocken"), "{help}");
    assert_within_limits(&fake, &[group.id]);
    bot.assert_token_never_logged(fake.token());
}

/// The issue's target: three players press every 1.5 s for a minute in a supergroup, the
/// bot with teloxide's production Throttle, the fake enforcing Telegram's limits.
#[tokio::test]
async fn quick_presses_never_freeze_the_group() {
    let (fake, _db, _bot) = telegram::start(31).await;
    let group = TgChat::supergroup(-100_2001, "Schnellrunde");
    let players = [anna(), ben(), cem()];
    open_and_start(&fake, &group, &players).await;
    let names = ["Anna", "Ben", "Cem"];
    let mut answers = Vec::new();
    let mut moved_at = Vec::new();
    // What each player last pressed, on which version of the table message.
    let mut last: [Option<(&str, u64)>; 3] = [None; 3];
    let begin = Instant::now();
    let mut tick = 0usize;
    while begin.elapsed() < Duration::from_secs(60) {
        // One press every 0.5 s, the three players in turn: each presses every 1.5 s.
        let next = begin + Duration::from_millis(500) * tick as u32;
        tokio::time::sleep(next.saturating_duration_since(Instant::now())).await;
        let who = tick % 3;
        let presser = &players[who];
        tick += 1;
        let Some(table) = table_message(&fake, group.id) else {
            continue;
        };
        let shown = version(&table).unwrap_or_default();
        let mine = current_player(&table.text).as_deref() == Some(names[who]);
        // As people do: the player to act rolls once, then stands; while the message has
        // not changed since his last move he looks at his cup; the others look at theirs.
        let code = match (mine, last[who]) {
            (true, Some((_, v))) if v == shown => "l",
            (true, Some(("r", _))) => "s",
            (true, _) => "r",
            (false, _) => "l",
        };
        if code != "l" {
            last[who] = Some((code, shown));
        }
        let Some(data) = button(&table, code) else {
            break; // the game is over
        };
        let sent = Instant::now();
        let injected = fake.press(&group, presser, table.message_id, &data);
        let answer = fake
            .answer_to(&injected.callback_id.expect("id"), WAIT)
            .await
            .expect("answered");
        let took = sent.elapsed();
        let text = alert(&answer);
        if mine && !text.contains("veraltet") && !text.contains("nicht dran") {
            moved_at.push(answer.at);
        }
        answers.push((took, code, text));
    }
    telegram::settle(&fake, &group).await;
    let slowest = answers.iter().map(|a| a.0).max().expect("presses");
    let stale = answers.iter().filter(|a| a.2.contains("veraltet")).count();
    // How far behind the table message was: from a move's answer to the next table write.
    let writes: Vec<std::time::Instant> = fake
        .accepted_writes(group.id)
        .iter()
        .filter(|r| r.is("editMessageText"))
        .map(|r| r.at)
        .collect();
    let lag = moved_at
        .iter()
        .filter_map(|m| writes.iter().find(|w| *w > m).map(|w| *w - *m))
        .max()
        .expect("moves shown");
    eprintln!(
        "pace: {} presses, slowest answer {slowest:?}, {} moves, table at most {lag:?} behind, \
         {} writes at most in a minute, {stale} stale presses",
        answers.len(),
        moved_at.len(),
        fake.max_writes_per_minute(group.id),
    );
    assert!(answers.len() >= 100, "{} presses", answers.len());
    assert!(
        slowest <= Duration::from_secs(2),
        "slowest answer {slowest:?}"
    );
    assert_within_limits(&fake, &[group.id]);
    // A write every 3 s is Telegram's 20 a minute itself: the message is at most one gap
    // behind, give or take the timer and the network (measured: 2.998 s).
    assert!(lag <= Duration::from_millis(3100), "table {lag:?} behind");
    assert!(moved_at.len() >= 20, "{} moves", moved_at.len());
    assert!(
        stale * 10 <= answers.len(),
        "{stale} of {} presses were stale",
        answers.len()
    );
}

#[tokio::test]
async fn two_tables_in_two_topics_of_one_group() {
    let (fake, _db, _bot) = telegram::start(41).await;
    let forum = TgChat::forum(-100_3001, "Schützenverein");
    let darts = fake.create_topic(&forum, "Darts");
    let skat = fake.create_topic(&forum, "Skat");
    fake.command_in(&forum, Some(darts), &anna(), "/neu");
    fake.command_in(&forum, Some(skat), &ben(), "/neu");
    let in_topic = |thread: i64| {
        fake.wait_until(WAIT, move |f| {
            table_in(f, forum.id, Some(thread)).filter(|t| button(t, "j").is_some())
        })
    };
    let darts_table = in_topic(darts).await.expect("a table in the darts topic");
    let skat_table = in_topic(skat).await.expect("a table in the skat topic");
    assert_ne!(darts_table.message_id, skat_table.message_id);
    assert!(darts_table.text.contains("Anna"));
    assert!(skat_table.text.contains("Ben"));
    assert!(
        table_in(&fake, forum.id, None).is_none(),
        "nothing in General"
    );
    // Each table is played in its own topic, at the same time.
    press_on(
        &fake,
        &forum,
        &cem(),
        darts_table.message_id,
        &button(&darts_table, "j").expect("join"),
    )
    .await;
    press_on(
        &fake,
        &forum,
        &anna(),
        skat_table.message_id,
        &button(&skat_table, "j").expect("join"),
    )
    .await;
    for (thread, table, by) in [(darts, &darts_table, cem()), (skat, &skat_table, anna())] {
        let lobby = fake
            .wait_until(WAIT, |f| {
                table_in(f, forum.id, Some(thread)).filter(|t| t.text.contains("(2)"))
            })
            .await
            .expect("two at the table");
        assert_eq!(lobby.message_id, table.message_id, "edited in its topic");
        press_on(
            &fake,
            &forum,
            &by,
            lobby.message_id,
            &button(&lobby, "g").expect("go"),
        )
        .await;
    }
    for thread in [darts, skat] {
        let running = fake
            .wait_until(WAIT, |f| {
                table_in(f, forum.id, Some(thread)).filter(|t| current_player(&t.text).is_some())
            })
            .await
            .expect("running");
        // The deep link to the private cup names the topic.
        let link = running.urls().pop().expect("deep link");
        assert!(link.ends_with(&format!("_{thread}")), "{link}");
    }
    // Both games are played at once, each in its topic: whoever is to act in each stands,
    // turn by turn, pressing the buttons of his own topic's table message.
    let by_name = |name: &str| match name {
        "Anna" => anna(),
        "Ben" => ben(),
        _ => cem(),
    };
    for _ in 0..4 {
        let mut waits = Vec::new();
        for thread in [darts, skat] {
            let table = table_in(&fake, forum.id, Some(thread)).expect("table");
            let name = current_player(&table.text).expect("running");
            let v = version(&table).expect("version");
            let stand = button(&table, "s").expect("stand");
            press_on(&fake, &forum, &by_name(&name), table.message_id, &stand).await;
            waits.push((thread, v));
        }
        for (thread, v) in waits {
            fake.wait_until(WAIT, |f| {
                table_in(f, forum.id, Some(thread))
                    .filter(|t| version(t).is_some_and(|now| now > v))
            })
            .await
            .expect("each topic's table moves on");
        }
    }
    let darts_now = table_in(&fake, forum.id, Some(darts)).expect("darts");
    let skat_now = table_in(&fake, forum.id, Some(skat)).expect("skat");
    assert_eq!(
        darts_now.message_id, darts_table.message_id,
        "one message per topic"
    );
    assert_eq!(skat_now.message_id, skat_table.message_id);
    assert!(darts_now.text.contains("Anna") && !darts_now.text.contains("Ben ·"));
    assert!(skat_now.text.contains("Ben") && !skat_now.text.contains("Cem ·"));
    // A command in a topic answers in that topic; the ledger is the group's.
    let mark = fake.mark();
    fake.command_in(&forum, Some(skat), &ben(), "/deckel");
    let answer = fake
        .wait_for(mark, WAIT, |r| {
            r.ok() && r.is("sendMessage") && r.chat_id() == Some(forum.id)
        })
        .await
        .expect("an answer");
    assert_eq!(answer.thread(), Some(skat), "answered in the topic");
    // Every bot message stayed in its topic.
    for m in fake.bot_messages(forum.id) {
        assert!(
            m.thread == Some(darts) || m.thread == Some(skat),
            "a message outside the topics: {}",
            m.text
        );
    }
    assert_within_limits(&fake, &[forum.id]);
}

#[tokio::test]
async fn cups_in_alerts_never_reach_the_group() {
    let (fake, _db, _bot) = telegram::start(17).await;
    let group = TgChat::group(-1013, "Theke");
    let players = [anna(), ben(), cem()];
    open_and_start(&fake, &group, &players).await;
    let mut play = Play::new(&fake, &group, &players);
    for _ in 0..12 {
        if !play.turn().await {
            break;
        }
    }
    let checked = play.assert_cups_stay_covered();
    assert!(checked > 3, "only {checked} covered lines checked");
    // English players read their cup in English, German ones in German.
    let cups = |owner: &str| {
        play.alerts
            .iter()
            .filter(|a| a.owner == owner && a.is_cup())
            .map(|a| a.text.clone())
            .collect::<Vec<_>>()
    };
    assert!(
        cups("Cem").iter().all(|t| !t.contains("Wurf ")),
        "{:?}",
        cups("Cem")
    );
    assert!(cups("Anna").iter().all(|t| !t.contains("throw ")));
    // The last round's throws are on the table message, every die public after the round.
    let table = table_message(&fake, group.id).expect("table");
    assert!(
        table.text.contains("Letzte Runde"),
        "the reveal stays on the table: {}",
        table.text
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
    assert_within_limits(&fake, &[group.id]);
}

#[tokio::test]
async fn a_typed_roll_is_confirmed_and_the_round_ending_throw_shown_to_its_roller() {
    let (fake, _db, _bot) = telegram::start(19).await;
    let group = TgChat::group(-1014, "Hinterzimmer");
    let players = [anna(), ben()];
    open_and_start(&fake, &group, &players).await;
    let table = table_message(&fake, group.id).expect("table");
    let name = current_player(&table.text).expect("current");
    let (player, other) = if name == "Anna" {
        (anna(), ben())
    } else {
        (ben(), anna())
    };
    // A typed /wurf: no alert can show the dice, so a confirmation that reveals nothing,
    // with a button that shows them to him alone.
    press(&fake, &group, &player, &button(&table, "l").expect("look")).await;
    let mark = fake.mark();
    fake.command(&group, &player, "/wurf");
    let confirmation = fake
        .wait_for(mark, WAIT, |r| {
            r.ok() && r.is("sendMessage") && r.chat_id() == Some(group.id)
        })
        .await
        .expect("a confirmation");
    let text = confirmation.text().unwrap_or_default();
    assert!(text.contains("Geworfen"), "{text}");
    assert!(faces(text).is_empty(), "no dice in the group: {text}");
    let look = confirmation.callback_data();
    assert!(look.iter().all(|d| d.starts_with("v1:l:")), "{look:?}");
    let message = confirmation.result_message_id().expect("sent");
    let cup = press_on(&fake, &group, &player, message, &look[0]).await;
    assert!(cup.show_alert());
    assert_eq!(faces(&alert(&cup)).len(), 3, "{}", alert(&cup));
    // The other player stands when his turn comes; the roll that ends a round shows its
    // roller that throw, not the next round's covered cup.
    let mut round_over = None;
    for _ in 0..10 {
        let table = table_message(&fake, group.id).expect("table");
        let Some(current) = current_player(&table.text) else {
            break;
        };
        let user = if current == name { &player } else { &other };
        if current != name {
            let round = round_of(&table.text);
            let stand = button(&table, "s").expect("stand");
            press(&fake, &group, user, &stand).await;
            wait_table(&fake, group.id, "the stand", |t| {
                current_player(&t.text) != Some(current.clone()) || round_of(&t.text) != round
            })
            .await;
            continue;
        }
        let round = round_of(&table.text);
        let answer = press(&fake, &group, user, &button(&table, "r").expect("roll")).await;
        let text = alert(&answer);
        if text.contains("Runde vorbei") {
            round_over = Some(text);
            break;
        }
        let stand = button(&table, "s").expect("stand");
        let answer = press(&fake, &group, user, &stand).await;
        if alert(&answer).contains("Runde vorbei") {
            round_over = Some(alert(&answer));
            break;
        }
        wait_table(&fake, group.id, "the next turn", |t| {
            current_player(&t.text) != Some(current.clone()) || round_of(&t.text) != round
        })
        .await;
    }
    if let Some(text) = round_over {
        assert!(text.starts_with("Dein Wurf: "), "{text}");
        assert_eq!(faces(&text).len(), 3, "{text}");
    }
    let private = private_cup(&fake, &player);
    assert!(private.is_none(), "no private chat was opened");
    let sent = sent_texts(&fake, 0, group.id);
    assert!(
        sent.iter().all(|t| !t.contains("Dein Wurf")),
        "the throw stays private"
    );
    assert_within_limits(&fake, &[group.id]);
}

#[tokio::test]
async fn a_private_chat_gets_the_cup_with_every_button() {
    // The seed gives Anna a turn with throws to spare (keep buttons need a second throw).
    let (fake, _db, _bot) = telegram::start(17).await;
    let group = TgChat::group(-1008, "Dorfkrug");
    let players = [anna(), ben(), cem()];
    fake.command(&group, &anna(), "/neu");
    let lobby = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    // The deep link under the table opens the private chat with the group's payload.
    let link = lobby.urls().pop().expect("a deep link");
    let payload = link.split("start=").nth(1).expect("payload").to_string();
    assert_eq!(
        link,
        format!("https://t.me/SchockenTestBot?start={payload}")
    );
    start_privately(&fake, group.id, &anna()).await;
    let linked = fake.bot_messages(anna().id);
    assert!(
        linked.iter().any(|m| m.text.contains("Verbunden")),
        "{linked:?}"
    );
    for p in &players[1..] {
        press(&fake, &group, p, &button(&lobby, "j").expect("join")).await;
    }
    wait_table(&fake, group.id, "three players", |t| t.text.contains("(3)")).await;
    let lobby = table_message(&fake, group.id).expect("lobby");
    press(&fake, &group, &ben(), &button(&lobby, "g").expect("go")).await;
    // Play until it is Anna's turn; then her cup is in her private chat.
    let mut play = Play::new(&fake, &group, &players);
    for _ in 0..20 {
        let table = wait_table(&fake, group.id, "the game", |t| {
            current_player(&t.text).is_some()
        })
        .await;
        if current_player(&table.text).as_deref() == Some("Anna") {
            break;
        }
        play.turn().await;
    }
    let cup = fake
        .wait_until(WAIT, |f| {
            private_cup(f, &anna()).filter(|c| c.text.contains("Du bist dran."))
        })
        .await
        .expect("Anna's cup in private");
    let roll = button(&cup, "r").expect("roll in private");
    let chat = TgChat::private(&anna());
    let v = version(&table_message(&fake, group.id).expect("table")).expect("version");
    press_on(&fake, &chat, &anna(), cup.message_id, &roll).await;
    let cup = fake
        .wait_until(WAIT, |f| {
            f.message(anna().id, cup.message_id)
                .filter(|c| c.edits > 0 && faces(c.text.lines().next().unwrap_or("")).len() == 3)
        })
        .await
        .expect("the private cup is edited in place");
    let dice = cup.text.lines().next().expect("dice line").to_string();
    // The group sees the roll, not the dice.
    let shown = telegram::wait_version(&fake, group.id, v + 1).await;
    assert!(shown.text.contains("Anna würfelt"), "{}", shown.text);
    assert!(!shown.text.contains(&dice));
    // Keep buttons live in the private chat only.
    assert!(
        cup.callback_data().iter().any(|d| d.starts_with("v1:k:")),
        "{:?}",
        cup.callback_data()
    );
    // Ben and Cem never pressed START: no private message was tried.
    for p in [ben(), cem()] {
        let tries = fake
            .requests()
            .iter()
            .filter(|r| r.is("sendMessage") && r.chat_id() == Some(p.id))
            .count();
        assert!(tries <= 1, "{} tries to {}", tries, p.first_name);
    }
    for (seq, text) in texts_in(&fake, group.id) {
        assert!(
            !text.contains("Dein Becher"),
            "private text in group request {seq}"
        );
    }
}
