//! Hostile input through Telegram, end to end: the real `schocken` binary (teloxide's
//! production Throttle, every write through the paced per-chat outbox) against the local fake
//! Telegram, which enforces Telegram's flood limits (Discord: `abuse.rs`). Every hostile input
//! gets a clear answer for its sender alone (an alert or a reply, in his language), changes
//! nothing (once the chat is quiet, the table message and the stored tables, log, ledger and
//! statistics are the same before and after), no die under a cup shows up in public before
//! its reveal, and the bot keeps within Telegram's limits (no 429, at most 20 writes a minute
//! to a group).

mod common;

use common::hostile::*;
use common::telegram::{
    PrivatePlay, alert, assert_within_limits, barrier, button, command, open_and_start, press,
    press_on, private_cup, round_of, settle, start_all_privately, table_message, wait_table,
    wait_version,
};
use common::{Bot, Db, WAIT, current_player, faces, player_line, shows_dice, telegram};
use schocken_fakes::telegram::{FakeTelegram, Recorded, TgChat, TgUser};
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::Duration;

// ================================================================================================
// Telegram
// ================================================================================================

/// The state that must not change, read after the bot handled everything before: the stored
/// tables, log, ledger and statistics, and the group's table text.
async fn t_frozen(fake: &FakeTelegram, db: &Db, group: &TgChat) -> (common::DbState, String) {
    let state = db.state().await;
    let table = table_message(fake, group.id).expect("table");
    (state, table.text)
}

/// Only answers to presses since `mark`, and answers to commands that reply to them: no
/// message posted in, or edited in, any group (a presser's own private cup may be brought up
/// to date). Call it once the chats are quiet ([`settle`]): writes are paced, so they may
/// come seconds after the press was answered.
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
/// query delivered twice; an old button of a past round; an out player's presses. Alerts in
/// the presser's language, no hidden die in them, no group message sent or edited once the
/// chat is quiet, the database the same; the bot stays within Telegram's limits.
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

    // A short game (3 Deckel: somebody is out of a round soon); everybody opens the private
    // chat with the bot (cups with every button go there).
    fake.set_admin(group.id, anna.id);
    let rules = command(&fake, &group, &anna, "/regeln deckel=3").await;
    assert!(rules.contains("Regeln"), "{rules}");
    fake.command(&group, &anna, "/neu");
    let lobby = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    start_all_privately(
        &fake,
        group.id,
        &[&players[..], &[dora.clone(), eve.clone()]].concat(),
    )
    .await;
    settle(&fake, &group).await;
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
    settle(&fake, &group).await;
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
        table_message(&fake, group.id)
            .expect("lobby")
            .text
            .contains("Am Tisch (1): Anna")
    );

    for p in &players[1..] {
        press(&fake, &group, p, &join).await;
    }
    let lobby = wait_table(&fake, group.id, "three players", |t| t.text.contains("(3)")).await;
    press(&fake, &group, &cem, &button(&lobby, "g").expect("go")).await;
    let running = wait_table(&fake, group.id, "the running game", |t| {
        current_player(&t.text).is_some()
    })
    .await;
    let mut play = telegram::Play::new(&fake, &group, &players);
    let first_roll = button(&running, "r").expect("roll");
    let first_round = round_of(&running.text);

    // The player to act gets his cup privately, with every button; he looks.
    let owner_name = current_player(&running.text).expect("current");
    let owner = play.player(&owner_name);
    let cup = fake
        .wait_until(WAIT, |f| {
            private_cup(f, &owner)
                .filter(|m| m.text.starts_with("Dein Becher") || m.text.starts_with("Your cup"))
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
    // The press is answered at once; the cup message is edited in place shortly after.
    let cup = fake
        .wait_until(WAIT, |f| {
            f.message(owner.id, cup.message_id)
                .filter(|c| faces(c.text.lines().next().unwrap_or_default()).len() == 3)
        })
        .await
        .expect("the owner's cup shows his dice");
    let owner_dice = faces(cup.text.lines().next().unwrap_or_default());
    let ids: Vec<String> = cup
        .callback_data()
        .into_iter()
        .filter(|d| !d.starts_with("v1:l:"))
        .collect();
    assert!(ids.iter().any(|d| d.starts_with("v1:k:")), "{ids:?}");
    settle(&fake, &group).await;
    let t = table_message(&fake, group.id).expect("table");
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
    settle(&fake, &group).await;
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
    // A button naming a table that is not this chat's: no button of this table.
    let foreign = say(
        english,
        "Das ist kein Knopf dieses Tisches.",
        "This is not a button of this table.",
    );
    for (forged, expected) in well_formed_but_wrong(&table_id, &version, english) {
        let expected = if forged.split(':').nth(2) == Some(table_id.as_str()) {
            expected
        } else {
            foreign
        };
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
    assert!(!shows_dice(&alert(&a)), "{:?}", a.params);
    settle(&fake, &group).await;
    t_untouched(&fake, mark, "forged data");
    assert_eq!(
        t_frozen(&fake, &db, &group).await,
        (before.clone(), shown.clone())
    );
    // Another group's table: its buttons are no buttons of this table, nor ours of its; in a
    // chat without a table neither.
    let other_group = TgChat::group(-2002, "Nebenan");
    let empty_group = TgChat::group(-2003, "Leer");
    fake.command(&other_group, &dora, "/neu");
    let other_lobby = wait_table(&fake, other_group.id, "the other lobby", |t| {
        button(t, "j").is_some()
    })
    .await;
    settle(&fake, &other_group).await;
    let mark_other = fake.mark();
    let a = press(
        &fake,
        &group,
        &owner,
        &button(&other_lobby, "j").expect("join"),
    )
    .await;
    assert_eq!(alert(&a), foreign);
    let a = press_on(
        &fake,
        &other_group,
        &dora,
        other_lobby.message_id,
        &first_roll,
    )
    .await;
    assert_eq!(alert(&a), "Das ist kein Knopf dieses Tisches.");
    let a = press_on(&fake, &empty_group, &dora, 1, &first_roll).await;
    assert_eq!(alert(&a), "Das ist kein Knopf dieses Tisches.");
    settle(&fake, &group).await;
    settle(&fake, &other_group).await;
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
    assert_eq!(table_message(&fake, group.id).expect("table").text, shown);
    assert!(
        table_message(&fake, empty_group.id).is_none(),
        "nothing in the chat without a table"
    );

    // A replayed press: the roll counts once; the repeat is answered "already done".
    let roll = button(&t, "r").expect("roll");
    let rolled = fake.press(&group, &owner, t.message_id, &roll);
    let first = fake
        .answer_to(rolled.callback_id.as_deref().expect("id"), WAIT)
        .await
        .expect("answered");
    assert_eq!(faces(&alert(&first)).len(), 3, "{:?}", first.params);
    wait_version(&fake, group.id, telegram::version(&t).expect("version") + 1).await;
    settle(&fake, &group).await;
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
    settle(&fake, &group).await;
    t_untouched(&fake, mark, "a replayed press");
    assert_eq!(t_frozen(&fake, &db, &group).await, (after_roll, shown));

    // An old button, from a round that is over (within its own round a button a few moves
    // old may still count, if only others moved since).
    for turn in 0.. {
        let t = table_message(&fake, group.id).expect("table");
        if turn >= 3 && round_of(&t.text) != first_round {
            break;
        }
        assert!(play.turn().await, "the game ended in its first round");
    }
    settle(&fake, &group).await;
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
    settle(&fake, &group).await;
    t_untouched(&fake, mark, "an old button");
    assert_eq!(t_frozen(&fake, &db, &group).await, (before, shown));

    // Someone out of the round (no Deckel left when the stock is empty, or watching the
    // final) presses look and roll. Found by playing on through the private chats, in a new
    // game if this one ends without one.
    let mut bystander = sit_out(&fake, &group, &players, &play.players).await;
    for game in 2..=4 {
        if bystander.is_some() {
            break;
        }
        eprintln!("no player out of a round in that game; game {game}");
        fake.command(&group, &anna, "/neu");
        let lobby = wait_table(&fake, group.id, "a new lobby", |t| button(t, "j").is_some()).await;
        for p in &players[1..] {
            press(&fake, &group, p, &button(&lobby, "j").expect("join")).await;
        }
        let lobby = wait_table(&fake, group.id, "three players", |t| t.text.contains("(3)")).await;
        press(&fake, &group, &cem, &button(&lobby, "g").expect("go")).await;
        bystander = sit_out(&fake, &group, &players, &play.players).await;
    }
    let bystander = bystander.expect("a player out of the round");
    let t = table_message(&fake, group.id).expect("table");
    assert!(
        sitting_out(&t.text, &play.players).is_some_and(|b| b.id == bystander.id),
        "{}",
        t.text
    );
    let (before, shown) = t_frozen(&fake, &db, &group).await;
    let mark = fake.mark();
    let a = press(&fake, &group, &bystander, &button(&t, "l").expect("look")).await;
    let said = alert(&a);
    assert!(
        said == "Du spielst diese Runde nicht mit." || said == "You do not play this round.",
        "{said}"
    );
    let a = press(&fake, &group, &bystander, &button(&t, "r").expect("roll")).await;
    assert!(a.show_alert() && !shows_dice(&alert(&a)), "{:?}", a.params);
    settle(&fake, &group).await;
    t_untouched_but(&fake, mark, "an out player's presses", &[bystander.id]);
    assert_eq!(t_frozen(&fake, &db, &group).await, (before, shown));

    // The rest of the game through the private chats.
    PrivatePlay::new(&fake, &group, &players)
        .play_to_the_end()
        .await;
    wait_table(&fake, group.id, "the game's end", |t| {
        t.text.contains("🍺") && button(t, "r").is_none()
    })
    .await;
    play.assert_no_leaks();
    assert_within_limits(&fake, &[group.id, other_group.id]);
    eprintln!(
        "presses: at most {} writes a minute to the group",
        fake.max_writes_per_minute(group.id)
    );
    assert_no_token(&bot, &fake);
}

/// Plays on through the private chats until the table message shows a player out of the
/// round (and still does once the chat is quiet); `None` if the game ends first.
async fn sit_out(
    fake: &FakeTelegram,
    group: &TgChat,
    players: &[TgUser],
    names: &[(String, TgUser)],
) -> Option<TgUser> {
    let mut private = PrivatePlay::new(fake, group, players);
    loop {
        let shown = table_message(fake, group.id).expect("table");
        if sitting_out(&shown.text, names).is_some() {
            // The message may be a move or two behind: look again once it caught up.
            settle(fake, group).await;
            let now = table_message(fake, group.id).expect("table");
            if let Some(out) = sitting_out(&now.text, names) {
                return Some(out);
            }
        }
        if !private.turn().await {
            return None;
        }
    }
}

fn assert_no_token(bot: &Bot, fake: &FakeTelegram) {
    bot.assert_token_never_logged(fake.token());
}

/// Commands in groups and in private chats without a table: exactly one message each, a
/// reply to the command, in the sender's language; nothing stored, no table message. All
/// commands come at once (the replies follow at the chats' pace: one every 3 s in a group),
/// and the bot stays within Telegram's limits.
#[tokio::test]
async fn telegram_commands_where_no_table_is_open_get_a_reply() {
    let (fake, db, bot) = telegram::start(2).await;
    // Two groups, each hearing both languages: half the commands each, so the replies take
    // half as long.
    let groups = [
        TgChat::group(-2101, "Leer"),
        TgChat::group(-2102, "Auch leer"),
    ];
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
    settle(&fake, &private_anna).await;
    settle(&fake, &private_cem).await;

    let mark = fake.mark();
    // (chat, sender, English, command, the command's message id), in the order sent.
    let mut sent: Vec<(TgChat, TgUser, bool, &str, Option<i64>)> = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        let group = &groups[i % 2];
        for (who, english) in [(&anna, false), (&cem, true)] {
            let injected = fake.command(group, who, command);
            sent.push((
                group.clone(),
                who.clone(),
                english,
                command,
                injected.message_id,
            ));
        }
    }
    for (chat, who, english) in [(&private_anna, &anna, false), (&private_cem, &cem, true)] {
        for command in commands {
            let injected = fake.command(chat, who, command);
            sent.push((
                chat.clone(),
                who.clone(),
                english,
                command,
                injected.message_id,
            ));
        }
    }
    let chats = [
        groups[0].clone(),
        groups[1].clone(),
        private_anna.clone(),
        private_cem.clone(),
    ];
    let written_to = |chat: i64| -> Vec<Recorded> {
        fake.requests_since(mark)
            .into_iter()
            .filter(|r| r.is("sendMessage") || r.is("editMessageText") || r.is("sendDocument"))
            .filter(|r| r.chat_id() == Some(chat))
            .collect()
    };
    fake.wait_until(Duration::from_secs(90), |_| {
        let answered: usize = chats.iter().map(|c| written_to(c.id).len()).sum();
        (answered >= sent.len()).then_some(())
    })
    .await
    .expect("every command is answered");
    for chat in &chats {
        settle(&fake, chat).await;
    }
    for chat in &chats {
        let replies = written_to(chat.id);
        let asked: Vec<_> = sent.iter().filter(|s| s.0.id == chat.id).collect();
        assert_eq!(
            replies.len(),
            asked.len(),
            "one message per command in {}: {replies:?}",
            chat.id
        );
        // Commands of one chat are handled, and answered, in order.
        for (reply, (_, who, english, command, message_id)) in replies.iter().zip(asked) {
            assert!(reply.ok() && reply.is("sendMessage"), "{reply:?}");
            assert_eq!(
                reply.params["reply_parameters"]["message_id"].as_i64(),
                *message_id,
                "{command} in {}: a reply to the command",
                chat.id
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
            if *command == "/bezahlt" {
                assert!(text.starts_with(name.as_str()), "{text}");
            }
        }
    }
    assert_eq!(db.state().await, before, "nothing stored");
    for group in &groups {
        assert!(table_message(&fake, group.id).is_none(), "no table message");
    }
    assert_within_limits(&fake, &[groups[0].id, groups[1].id]);
    eprintln!(
        "commands: at most {} writes a minute to a group",
        fake.max_writes_per_minute(groups[0].id)
            .max(fake.max_writes_per_minute(groups[1].id))
    );
    assert_no_token(&bot, &fake);
}

/// The odd names of the Discord test, HTML markup instead of mentions: a whole (short) game;
/// no request carries a parse mode or entities (the markup arrives as text), nothing hidden
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
    // The markup name as the table shows it: cut to 32 characters, markup and all.
    let markup_name = &play_names[3];
    assert_eq!(markup_name, "<b>Fett</b> &amp; <i>x</i> &lt;…");

    // A short game (3 Deckel); everybody opens the private chat with the bot.
    fake.set_admin(group.id, players[0].id);
    let rules = command(&fake, &group, &players[0], "/regeln deckel=3").await;
    assert!(rules.contains("Regeln"), "{rules}");
    fake.command(&group, &players[0], "/neu");
    let lobby = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    start_all_privately(&fake, group.id, &players).await;
    for p in &players[1..] {
        press(&fake, &group, p, &button(&lobby, "j").expect("join")).await;
    }
    let everybody = format!("({})", players.len());
    let lobby = wait_table(&fake, group.id, "every player", |t| {
        t.text.contains(&everybody)
    })
    .await;
    let last = players.last().expect("players");
    press(&fake, &group, last, &button(&lobby, "g").expect("go")).await;
    let started = wait_table(&fake, group.id, "the running game", |t| {
        current_player(&t.text).is_some()
    })
    .await;
    for name in &play_names {
        assert!(
            player_line(&started.text, name).is_some(),
            "{name:?} in\n{}",
            started.text
        );
    }
    // The first round at the table (every cup in an alert), the rest through the private
    // chats.
    for _ in 0..players.len() {
        play.turn().await;
    }
    PrivatePlay::new(&fake, &group, &players)
        .play_to_the_end()
        .await;
    let finished = wait_table(&fake, group.id, "the game's end", |t| {
        t.text.contains("🍺") && button(t, "r").is_none()
    })
    .await;
    play.assert_no_leaks();
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
            && text.contains(markup_name.as_str())
        {
            markup_seen += 1;
        }
    }
    assert!(
        markup_seen > 10,
        "the markup name is shown as it is: {markup_seen}"
    );
    eprintln!("odd names: the markup name in {markup_seen} texts");
    assert_within_limits(&fake, &[group.id]);
    eprintln!(
        "odd names: at most {} writes a minute to the group",
        fake.max_writes_per_minute(group.id)
    );
    assert_no_token(&bot, &fake);
}

/// 30 presses on one roll button, then 30 roll/stand presses on the newest buttons: every
/// press answered, every button applies at most once (a button a few moves old still counts
/// if only other moves came since, so one version's roll and stand may both count), the store
/// moves on by exactly the moves made, the Deckel add up to 13.
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
    open_and_start(&fake, &group, &players).await;
    start_all_privately(&fake, group.id, &players).await;
    settle(&fake, &group).await;
    let mut play = telegram::Play::new(&fake, &group, &players);
    let start = db.table(chat).await.expect("stored");

    let t = table_message(&fake, group.id).expect("table");
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
    assert_eq!(applied, 1, "one roll per button");
    let after = one_move_later(&db, chat, &start).await;

    // 30 more in three waves, each on the newest buttons: once the table message caught up
    // with the stored table (its writes are paced), its buttons at that moment.
    let mut per_button: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    for wave in 0..3 {
        let stored = db.table(chat).await.expect("stored");
        wait_version(&fake, group.id, stored.version).await;
        let mut flood: Vec<(String, String)> = Vec::new();
        for i in 0..10 {
            let t = table_message(&fake, group.id).expect("table");
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
                *per_button.entry(data.clone()).or_default() += 1;
            }
        }
        barrier(&fake, &group).await;
    }
    assert_one_move_per_version(&db, chat, &after, moves, &per_button).await;
    eprintln!("flood: {moves} moves from {per_button:?}");

    // A few turns at the table (cups in alerts), the rest through the private chats.
    settle(&fake, &group).await;
    for _ in 0..3 {
        play.turn().await;
    }
    PrivatePlay::new(&fake, &group, &players)
        .play_to_the_end()
        .await;
    wait_table(&fake, group.id, "the game's end", |t| {
        t.text.contains("🍺") && button(t, "r").is_none()
    })
    .await;
    play.assert_no_leaks();
    assert_finished(&db, chat).await;
    assert_within_limits(&fake, &[group.id]);
    eprintln!(
        "flood: at most {} writes a minute to the group",
        fake.max_writes_per_minute(group.id)
    );
    assert_no_token(&bot, &fake);
}
