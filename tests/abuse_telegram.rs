//! Hostile input through Telegram, end to end: the real `schocken` binary against the local
//! fake Telegram, which enforces Telegram's flood limits (Discord: `abuse.rs`). Every hostile input gets a clear answer for its sender
//! alone (an alert or a reply, in his language), changes
//! nothing (the table message and the stored tables, log, ledger and statistics are the same
//! before and after), and no die under a cup shows up in public before its reveal.

mod common;

use common::hostile::*;
use common::telegram::{alert, barrier, button, command, press, press_on};
use common::{
    Bot, Db, StoredTable, WAIT, current_player, faces, player_line, shows_dice, telegram,
};
use schocken_fakes::telegram::{FakeTelegram, Recorded, TgChat, TgUser};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

// ================================================================================================
// Telegram
// ================================================================================================

/// The state that must not change, read after the bot handled everything before: the stored
/// tables, log, ledger and statistics, and the group's table text.
async fn t_frozen(fake: &FakeTelegram, db: &Db, group: &TgChat) -> (common::DbState, String) {
    let state = db.state().await;
    let table = telegram::table_message(fake, group.id).expect("table");
    (state, table.text)
}

/// Only answers to presses since `mark`, and answers to commands that reply to them: no
/// message posted in, or edited in, any group (a presser's own private cup may be brought up
/// to date).
fn t_untouched(fake: &FakeTelegram, mark: u64, what: &str) {
    t_untouched_but(fake, mark, what, &[]);
}

fn t_untouched_but(fake: &FakeTelegram, mark: u64, what: &str, own_private: &[i64]) {
    for r in fake.requests_since(mark) {
        if r.is("answerCallbackQuery") || r.is("getUpdates") || r.is("getChatMember") {
            continue;
        }
        if r.is("editMessageText") && r.chat_id().is_some_and(|c| own_private.contains(&c)) {
            continue;
        }
        let reply = r.params.get("reply_parameters").is_some();
        assert!(
            r.is("sendMessage") && reply,
            "{what} changed something: {} {}",
            r.method,
            r.params
        );
    }
}

/// As on Discord: a group's lobby buttons pressed in a private chat; the buttons of one
/// player's private cup pressed by others (in the group and in their own private chats) and
/// by members of no table; junk and wrong `v1:` data; another group's buttons; a callback
/// query delivered twice; an old button; an out player's presses. Alerts in the presser's
/// language, no hidden die in them, no group message sent or edited, the database the same.
#[tokio::test]
async fn telegram_presses_on_other_cups_forged_and_replayed_data_change_nothing() {
    let (fake, db, bot) = telegram::start(11).await;
    let group = TgChat::group(-2001, "Kneipe");
    let chat = "telegram:-2001";
    let anna = TgUser::new(101, "Anna");
    let ben = TgUser::new(102, "Ben");
    let cem = TgUser::new(103, "Cem").lang("en");
    let dora = TgUser::new(104, "Dora");
    let eve = TgUser::new(105, "Eve").lang("en");
    let players = [anna.clone(), ben.clone(), cem.clone()];

    // Everybody opens the private chat with the bot (cups with every button go there).
    command(&fake, &group, &anna, "/neu").await;
    let lobby = telegram::table_message(&fake, group.id).expect("lobby");
    let link = lobby.urls().pop().expect("deep link");
    let payload = link.split("start=").nth(1).expect("payload").to_string();
    for p in [&anna, &ben, &cem, &dora, &eve] {
        let mark = fake.mark();
        fake.start_private(p, Some(&payload));
        fake.wait_for(mark, WAIT, |r| {
            r.is("sendMessage") && r.chat_id() == Some(p.id)
        })
        .await
        .expect("an answer in private");
    }
    // A forged press in a private chat must not seat anyone at a group's table.
    let join = button(&lobby, "j").expect("join");
    let before = db.state().await;
    let mark = fake.mark();
    let private_dora = TgChat::private(&dora);
    let last_private = fake
        .bot_messages(dora.id)
        .last()
        .expect("a private message")
        .message_id;
    for data in [
        join.clone(),
        button(&lobby, "g").expect("go"),
        join.replace("v1:j:", "v1:t:"),
    ] {
        let a = press_on(&fake, &private_dora, &dora, last_private, &data).await;
        assert!(a.show_alert(), "{data}: {:?}", a.params);
        assert!(!alert(&a).is_empty(), "{data}: a clear answer");
    }
    barrier(&fake, &group).await;
    t_untouched(
        &fake,
        mark,
        "a group's lobby buttons pressed in a private chat",
    );
    assert_eq!(
        db.state().await,
        before,
        "nobody joined from a private chat"
    );
    assert!(
        telegram::table_message(&fake, group.id)
            .expect("lobby")
            .text
            .contains("Am Tisch (1): Anna")
    );

    for p in &players[1..] {
        let table = telegram::table_message(&fake, group.id).expect("lobby");
        press(&fake, &group, p, &button(&table, "j").expect("join")).await;
    }
    let table = telegram::table_message(&fake, group.id).expect("lobby");
    press(&fake, &group, &cem, &button(&table, "g").expect("go")).await;
    barrier(&fake, &group).await;
    let mut play = telegram::Play::new(&fake, &group, &players);
    let first_roll = button(
        &telegram::table_message(&fake, group.id).expect("table"),
        "r",
    )
    .expect("roll");

    // The player to act gets his cup privately, with every button; he looks.
    let t = telegram::table_message(&fake, group.id).expect("table");
    let owner_name = current_player(&t.text).expect("current");
    let owner = play.player(&owner_name);
    let cup = fake
        .wait_until(WAIT, |f| {
            f.bot_messages(owner.id)
                .into_iter()
                .rev()
                .find(|m| m.text.starts_with("Dein Becher") || m.text.starts_with("Your cup"))
        })
        .await
        .expect("the owner's private cup");
    press_on(
        &fake,
        &TgChat::private(&owner),
        &owner,
        cup.message_id,
        &button(&cup, "l").expect("look"),
    )
    .await;
    // The cup message is edited in place before the press is answered.
    let cup = fake.message(owner.id, cup.message_id).expect("cup");
    let owner_dice = faces(cup.text.lines().next().unwrap_or_default());
    assert_eq!(owner_dice.len(), 3, "{}", cup.text);
    let ids: Vec<String> = cup
        .callback_data()
        .into_iter()
        .filter(|d| !d.starts_with("v1:l:"))
        .collect();
    assert!(ids.iter().any(|d| d.starts_with("v1:k:")), "{ids:?}");
    barrier(&fake, &group).await;
    let (before, shown) = t_frozen(&fake, &db, &group).await;

    // The others press the owner's private buttons: in the group, and in their own private
    // chat (forged there); non-members too.
    let mark = fake.mark();
    for who in [&anna, &ben, &cem, &dora, &eve] {
        if who.id == owner.id {
            continue;
        }
        let member = players.iter().any(|p| p.id == who.id);
        let english = who.language_code.as_deref() == Some("en");
        let expected = match (member, english) {
            (true, false) => format!("Du bist nicht dran – {owner_name} ist dran."),
            (true, true) => format!("Not your turn – {owner_name} is to play."),
            (false, false) => "Du sitzt nicht an diesem Tisch.".to_string(),
            (false, true) => "You are not at this table.".to_string(),
        };
        let own_private = TgChat::private(who);
        let own_message = fake
            .bot_messages(who.id)
            .last()
            .expect("a private message")
            .message_id;
        for id in &ids {
            for (chat, message) in [(&group, t.message_id), (&own_private, own_message)] {
                let a = press_on(&fake, chat, who, message, id).await;
                assert!(a.show_alert(), "{id}: {:?}", a.params);
                assert_eq!(
                    alert(&a),
                    expected,
                    "{id} by {} in {}",
                    who.first_name,
                    chat.id
                );
                assert!(!shows_dice(&alert(&a)));
            }
        }
        // Look at my cup, by a non-member.
        if !member {
            let a = press(&fake, &group, who, &button(&t, "l").expect("look")).await;
            assert_eq!(alert(&a), expected);
        }
    }
    barrier(&fake, &group).await;
    t_untouched(&fake, mark, "presses on another player's cup");
    assert_eq!(
        t_frozen(&fake, &db, &group).await,
        (before.clone(), shown.clone())
    );

    // Forged data; buttons of another table, a version to come, dice not in the cup.
    let mark = fake.mark();
    for forged in garbage(0xfeed) {
        let a = press(&fake, &group, &owner, &forged).await;
        assert!(a.show_alert(), "{forged:?}");
        let said = alert(&a);
        assert!(
            said == "Dieser Knopf ist ungültig – er gehört zu keinem Tisch."
                || said == "This button is not valid – it belongs to no table.",
            "{forged:?}: {said}"
        );
    }
    let version = version_of(&button(&t, "r").expect("roll"));
    let table_id = first_roll.split(':').nth(2).expect("table id").to_string();
    let missing = (1..=6u8)
        .find(|v| !owner_dice.iter().any(|f| f.ends_with(&v.to_string())))
        .expect("a value not in the cup");
    let english = owner.language_code.as_deref() == Some("en");
    let stale = say(
        english,
        "Dieser Knopf ist veraltet.",
        "This button is outdated.",
    );
    for (forged, expected) in well_formed_but_wrong(&table_id, &version, english) {
        let a = press(&fake, &group, &owner, &forged).await;
        let said = alert(&a);
        assert!(
            a.show_alert() && said.starts_with(expected),
            "{forged}: {said}"
        );
    }
    let a = press(&fake, &group, &dora, &format!("v1:j:{table_id}:{version}")).await;
    assert!(
        alert(&a).starts_with("Das Spiel läuft schon"),
        "{:?}",
        a.params
    );
    // Keeping a value the cup does not hold: said to the owner alone, in an alert.
    let a = press(
        &fake,
        &group,
        &owner,
        &format!("v1:k:{table_id}:{version}:{missing}"),
    )
    .await;
    assert!(a.show_alert() && !alert(&a).is_empty(), "{:?}", a.params);
    barrier(&fake, &group).await;
    t_untouched(&fake, mark, "forged data");
    // A table of another group: stale there; in a chat without a table: no table.
    let other_group = TgChat::group(-2002, "Nebenan");
    let empty_group = TgChat::group(-2003, "Leer");
    command(&fake, &other_group, &dora, "/neu").await;
    let other_lobby = telegram::table_message(&fake, other_group.id).expect("other lobby");
    let mark_other = fake.mark();
    let a = press(
        &fake,
        &group,
        &owner,
        &button(&other_lobby, "j").expect("join"),
    )
    .await;
    assert_eq!(alert(&a), stale);
    let a = press_on(
        &fake,
        &other_group,
        &dora,
        other_lobby.message_id,
        &first_roll,
    )
    .await;
    assert_eq!(alert(&a), "Dieser Knopf ist veraltet.");
    let a = press_on(&fake, &empty_group, &dora, 1, &first_roll).await;
    assert!(
        alert(&a).starts_with("Hier ist kein Tisch offen."),
        "{:?}",
        a.params
    );
    barrier(&fake, &group).await;
    barrier(&fake, &other_group).await;
    t_untouched(&fake, mark_other, "buttons of another group's table");
    let with_other = db.state().await;
    assert_eq!(
        with_other
            .tables
            .iter()
            .filter(|t| t.1 == chat)
            .collect::<Vec<_>>(),
        before
            .tables
            .iter()
            .filter(|t| t.1 == chat)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        with_other.log.len(),
        before.log.len() + 1,
        "only the other group's /neu"
    );
    assert_eq!(
        telegram::table_message(&fake, group.id)
            .expect("table")
            .text,
        shown
    );

    // A replayed press: the roll counts once; the repeat is answered "already done".
    let roll = button(&t, "r").expect("roll");
    let rolled = fake.press(&group, &owner, t.message_id, &roll);
    let first = fake
        .answer_to(rolled.callback_id.as_deref().expect("id"), WAIT)
        .await
        .expect("answered");
    assert_eq!(faces(&alert(&first)).len(), 3, "{:?}", first.params);
    barrier(&fake, &group).await;
    let (after_roll, shown) = t_frozen(&fake, &db, &group).await;
    assert_eq!(after_roll.log.len(), with_other.log.len() + 1);
    let mark = fake.mark();
    fake.redeliver(rolled.update_id).expect("redeliver");
    let again = fake
        .wait_for(mark, WAIT, |r| {
            r.is("answerCallbackQuery") && r.callback_query_id() == rolled.callback_id.as_deref()
        })
        .await
        .expect("the repeat is answered");
    let said = alert(&again);
    assert!(
        said == "Schon erledigt." || said == "Already done.",
        "{:?}",
        again.params
    );
    barrier(&fake, &group).await;
    t_untouched(&fake, mark, "a replayed press");
    assert_eq!(t_frozen(&fake, &db, &group).await, (after_roll, shown));

    // An old button after several moves.
    for _ in 0..3 {
        play.turn().await;
    }
    barrier(&fake, &group).await;
    let (before, shown) = t_frozen(&fake, &db, &group).await;
    let mark = fake.mark();
    for who in &players {
        let a = press(&fake, &group, who, &first_roll).await;
        let said = alert(&a);
        assert!(
            said == "Dieser Knopf ist veraltet." || said == "This button is outdated.",
            "{said}"
        );
    }
    barrier(&fake, &group).await;
    t_untouched(&fake, mark, "an old button");
    assert_eq!(t_frozen(&fake, &db, &group).await, (before, shown));

    // Someone out of the round presses look and roll.
    let mut bystander = None;
    for _ in 0..400 {
        let Some(t) = telegram::table_message(&fake, group.id) else {
            break;
        };
        bystander = sitting_out(&t.text, &play.players);
        if bystander.is_some() || !play.turn().await {
            break;
        }
    }
    let bystander = bystander.expect("a player out of the round");
    barrier(&fake, &group).await;
    let t = telegram::table_message(&fake, group.id).expect("table");
    let before = db.state().await;
    let mark = fake.mark();
    let a = press(&fake, &group, &bystander, &button(&t, "l").expect("look")).await;
    let said = alert(&a);
    assert!(
        said == "Du spielst diese Runde nicht mit." || said == "You do not play this round.",
        "{said}"
    );
    let a = press(&fake, &group, &bystander, &button(&t, "r").expect("roll")).await;
    assert!(a.show_alert() && !shows_dice(&alert(&a)), "{:?}", a.params);
    barrier(&fake, &group).await;
    t_untouched_but(&fake, mark, "an out player's presses", &[bystander.id]);
    assert_eq!(db.state().await, before);

    play.play_to_the_end().await;
    play.assert_no_leaks();
    assert_no_token(&bot, &fake);
}

fn assert_no_token(bot: &Bot, fake: &FakeTelegram) {
    bot.assert_token_never_logged(fake.token());
}

/// Every text in these requests, one a line.
fn texts(requests: &[Recorded]) -> String {
    requests
        .iter()
        .filter_map(|r| r.text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Commands in a group and in private chats without a table: exactly one message each, a
/// reply to the command, in the sender's language; nothing stored, no table message.
#[tokio::test]
async fn telegram_commands_where_no_table_is_open_get_a_reply() {
    let (fake, db, bot) = telegram::start(2).await;
    let group = TgChat::group(-2101, "Leer");
    let anna = TgUser::new(101, "Anna");
    let cem = TgUser::new(103, "Cem").lang("en");
    let before = db.state().await;
    let commands = [
        "/wurf",
        "/roll",
        "/halten 1 1",
        "/keep 11",
        "/stehen",
        "/drehen",
        "/blind",
        "/aussteigen",
        "/los",
        "/kick Ben",
        "/ende",
        "/bezahlt",
        "/bezahlt Ben",
        "/rueckgaengig",
        "/aufdecken",
        "/tisch",
    ];
    let private_anna = TgChat::private(&anna);
    let private_cem = TgChat::private(&cem);
    fake.start_private(&anna, None);
    fake.start_private(&cem, None);
    barrier(&fake, &private_anna).await;
    barrier(&fake, &private_cem).await;
    for (chat, who, english) in [
        (&group, &anna, false),
        (&group, &cem, true),
        (&private_anna, &anna, false),
        (&private_cem, &cem, true),
    ] {
        for command in commands {
            let mark = fake.mark();
            let injected = fake.command(chat, who, command);
            barrier(&fake, chat).await;
            let sent: Vec<Recorded> = fake
                .requests_since(mark)
                .into_iter()
                .filter(|r| r.is("sendMessage") || r.is("editMessageText") || r.is("sendDocument"))
                .collect();
            assert_eq!(sent.len(), 1, "{command} in {}: {sent:?}", chat.id);
            let reply = &sent[0];
            assert!(reply.ok() && reply.is("sendMessage"), "{reply:?}");
            assert_eq!(reply.chat_id(), Some(chat.id));
            assert_eq!(
                reply.params["reply_parameters"]["message_id"].as_i64(),
                injected.message_id,
                "{command}: a reply to the command"
            );
            let text = reply.text().unwrap_or_default();
            let name = &who.first_name;
            let ok = match (
                command.split_whitespace().next().unwrap_or_default(),
                english,
            ) {
                ("/bezahlt", false) => text.ends_with("schuldet keine Runde."),
                ("/bezahlt", true) => text.ends_with("owes no round."),
                ("/rueckgaengig", false) => {
                    text == "Du hast nichts, was sich rückgängig machen ließe."
                }
                ("/rueckgaengig", true) => text == "You have nothing to undo.",
                ("/aufdecken", false) => text == "Gerade läuft kein Spiel.",
                ("/aufdecken", true) => text == "No game is running.",
                (_, false) => text.starts_with("Hier ist kein Tisch offen."),
                (_, true) => text.starts_with("No table is open here."),
            };
            assert!(ok, "{command} by {name} in {}: {text}", chat.id);
            if command == "/bezahlt" {
                assert!(text.starts_with(name.as_str()), "{text}");
            }
        }
    }
    assert_eq!(db.state().await, before, "nothing stored");
    assert!(
        telegram::table_message(&fake, group.id).is_none(),
        "no table message"
    );
    assert_no_token(&bot, &fake);
}

/// The odd names of the Discord test, HTML markup instead of mentions: a whole game; no
/// request carries a parse mode or entities (the markup arrives as text), nothing hidden
/// leaks, and debts, statistics and the CSV export keep the names.
#[tokio::test]
async fn telegram_odd_names_play_unparsed_and_stay_intact() {
    let (fake, db, bot) = telegram::start(5).await;
    let group = TgChat::group(-2201, "<b>Stamm</b>tisch &amp; Co");
    let mut players: Vec<TgUser> = odd_names()
        .into_iter()
        .enumerate()
        .map(|(i, n)| TgUser::new(301 + i as i64, &n))
        .collect();
    players[3] = TgUser::new(304, "<b>Fett</b> &amp;")
        .last_name("<i>x</i> &lt;3 <a href=\"tg://user?id=1\">y</a>");
    let mut play = telegram::Play::new(&fake, &group, &players);
    let play_names: Vec<String> = play.players.iter().map(|(n, _)| n.clone()).collect();
    telegram::open_and_start(&fake, &group, &players).await;
    let started = telegram::table_message(&fake, group.id).expect("table");
    for name in &play_names {
        assert!(
            player_line(&started.text, name).is_some(),
            "{name:?} in\n{}",
            started.text
        );
    }
    play.play_to_the_end().await;
    play.assert_no_leaks();
    let finished = telegram::table_message(&fake, group.id).expect("table");
    let loser = loser_among(&finished.text, &play_names);

    let debts = command(&fake, &group, &players[0], "/deckel").await;
    assert!(debts.contains(&format!("{loser}: 1")), "{debts}");
    let document = telegram::command_answer(&fake, &group, &players[1], "/export").await;
    assert!(document.is("sendDocument"), "{document:?}");
    assert_debt_exported(&document.files[0].content, &loser);
    let stats = command(&fake, &group, &players[2], "/statistik").await;
    for name in &play_names {
        assert!(stats.contains(name.as_str()), "{name:?}: {stats}");
    }
    let state = db.state().await;
    assert!(state.ledger.iter().any(|l| l.3 == loser));

    // Telegram shows every text as it is: no parse mode, no entities; markup characters arrive
    // verbatim, the bot's own texts included.
    let mut markup_seen = 0;
    for r in fake.requests() {
        assert!(
            r.params.get("parse_mode").is_none(),
            "{} {}",
            r.method,
            r.params
        );
        assert!(
            r.params.get("entities").is_none(),
            "{} {}",
            r.method,
            r.params
        );
        if let Some(text) = r
            .text()
            .or_else(|| r.params.get("text").and_then(Value::as_str))
            && text.contains("<b>Fett</b> &amp; <i>x</i> &lt;3")
        {
            markup_seen += 1;
        }
    }
    assert!(
        markup_seen > 10,
        "the markup name is shown as it is: {markup_seen}"
    );
    assert_no_token(&bot, &fake);
}

/// 30 presses on one roll button, then 30 roll/stand presses on the newest buttons: every
/// press answered, one move per table version, the Deckel add up to 13.
#[tokio::test]
async fn telegram_a_flood_of_presses_applies_one_move_per_version() {
    let (fake, db, bot) = telegram::start(9).await;
    let group = TgChat::group(-2301, "Flut");
    let chat = "telegram:-2301";
    let players = [
        TgUser::new(101, "Anna"),
        TgUser::new(102, "Ben"),
        TgUser::new(103, "Cem"),
    ];
    telegram::open_and_start(&fake, &group, &players).await;
    let mut play = telegram::Play::new(&fake, &group, &players);
    let start = db.table(chat).await.expect("stored");

    let t = telegram::table_message(&fake, group.id).expect("table");
    let name = current_player(&t.text).expect("current");
    let who = play.player(&name);
    let roll = button(&t, "r").expect("roll");
    let presses: Vec<String> = (0..30)
        .map(|_| {
            fake.press(&group, &who, t.message_id, &roll)
                .callback_id
                .expect("id")
        })
        .collect();
    let refusals = refusals();
    let mut applied = 0;
    for id in &presses {
        let a = fake
            .answer_to(id, WAIT)
            .await
            .expect("every press is answered");
        if refused(&alert(&a), &refusals) {
            assert_eq!(alert(&a), "Dieser Knopf ist veraltet.", "{:?}", a.params);
        } else {
            assert_eq!(
                faces(&alert(&a)).len(),
                3,
                "the roll shows the cup: {:?}",
                a.params
            );
            applied += 1;
        }
    }
    assert_eq!(applied, 1, "one roll per version");
    barrier(&fake, &group).await;
    let after = one_move_later(&db, chat, &start).await;

    // 30 more in three waves on the newest buttons at that moment.
    let mut per_version: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    for wave in 0..3 {
        let mut flood: Vec<(String, String)> = Vec::new();
        for i in 0..10 {
            let t = telegram::table_message(&fake, group.id).expect("table");
            let Some(name) = current_player(&t.text) else {
                break;
            };
            let who = if wave == 0 {
                who.clone()
            } else {
                play.player(&name)
            };
            let Some(data) = button(&t, if i % 2 == 0 { "r" } else { "s" }) else {
                break;
            };
            let id = fake
                .press(&group, &who, t.message_id, &data)
                .callback_id
                .expect("id");
            flood.push((id, data));
        }
        for (id, data) in &flood {
            let a = fake
                .answer_to(id, WAIT)
                .await
                .expect("every press is answered");
            if !refused(&alert(&a), &refusals) {
                moves += 1;
                *per_version.entry(version_of(data)).or_default() += 1;
            }
        }
        barrier(&fake, &group).await;
    }
    barrier(&fake, &group).await;
    assert_one_move_per_version(&db, chat, &after, moves, &per_version).await;

    play.play_to_the_end().await;
    play.assert_no_leaks();
    assert_finished(&db, chat).await;
    assert_no_token(&bot, &fake);
}
