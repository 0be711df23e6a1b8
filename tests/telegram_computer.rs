//! Computer players and private hints on Telegram end to end: the real `schocken` binary
//! (teloxide with its production Throttle, the adapter's paced outbox, long polling, a SQLite
//! file) against the local fake Bot API, which answers 429 like Telegram when a chat gets too
//! many writes. One person plays a whole (short) game against two computers seated with
//! `/bot` and `/computer`, who move by themselves; a hint reaches only its player, in his
//! private chat; others asking get their refusal privately; and `/regeln hints=off` switches
//! hints off.

mod common;

use common::WAIT;
use common::telegram::{
    self, alert, assert_within_limits, button, command, press_on, private_cup, start_privately,
    table_message, texts_in, version, wait_table,
};
use schocken_fakes::telegram::{FakeTelegram, Recorded, StoredMessage, TgChat, TgUser};
use std::collections::HashSet;
use std::time::{Duration, Instant};

fn anna() -> TgUser {
    TgUser::new(401, "Anna")
}
/// In the group, not at the table.
fn ben() -> TgUser {
    TgUser::new(402, "Ben")
}

/// A person's pace between two presses.
const PACE: Duration = Duration::from_millis(1000);
/// What a hint looks like (and no group text may contain).
const HINT: &str = "💡 Tipp:";
const NOT_MEMBER: &str = "Du sitzt nicht an diesem Tisch";
const HINTS_OFF: &str = "Tipps sind in diesem Chat aus";

/// Waits for a message the bot sends to `chat` after `mark` whose text contains `needle`.
async fn sent_to(fake: &FakeTelegram, mark: u64, chat: i64, needle: &str) -> Recorded {
    fake.wait_for(mark, WAIT, |r| {
        r.ok()
            && r.is("sendMessage")
            && r.chat_id() == Some(chat)
            && r.text().is_some_and(|t| t.contains(needle))
    })
    .await
    .unwrap_or_else(|e| panic!("no message with {needle:?} to {chat}: {e}"))
}

/// Whether the cup message says it is its owner's turn.
fn my_turn(cup: &StoredMessage) -> bool {
    cup.text.contains("Du bist dran.")
}

/// The hint checks, on Anna's first turn with a "💡 Tipp" button under her looked-at cup:
/// (b) the hint comes to her private chat only, Ben's attempts are refused privately; (c)
/// after `/regeln hints=off` the button is refused with the reason.
async fn hints(fake: &FakeTelegram, group: &TgChat, cup: &StoredMessage, hint: &str) {
    let private = TgChat::private(&anna());
    // (b) Anna presses "💡 Tipp": a toast says it comes privately, and it does.
    let mark = fake.mark();
    let answer = press_on(fake, &private, &anna(), cup.message_id, hint).await;
    assert!(!answer.show_alert(), "{answer:?}");
    assert!(alert(&answer).contains("privat"), "{answer:?}");
    let sent = sent_to(fake, mark, anna().id, HINT).await;
    let text = sent.text().unwrap_or_default().to_string();
    assert!(text.contains("nicht Letzter"), "{text}");
    // Typed in the group: privately too.
    let mark = fake.mark();
    fake.command(group, &anna(), "/tipp");
    sent_to(fake, mark, anna().id, HINT).await;

    // Ben, in the group but not at the table, presses the same button (forged under the
    // table message): refused in an alert only he sees.
    let table = table_message(fake, group.id).expect("table");
    let answer = press_on(fake, group, &ben(), table.message_id, hint).await;
    assert!(answer.show_alert(), "{answer:?}");
    assert!(alert(&answer).contains(NOT_MEMBER), "{answer:?}");
    // Ben types /tipp in the group; he never started the private chat (403): the group
    // gets a neutral answer whose button shows him the refusal in an alert.
    let mark = fake.mark();
    fake.command(group, &ben(), "/tipp");
    let neutral = sent_to(fake, mark, group.id, "Die Antwort sieht nur du").await;
    let neutral = fake
        .message(group.id, neutral.result_message_id().expect("sent"))
        .expect("stored");
    let button = button(&neutral, "h").expect("a 💡 button");
    assert!(!neutral.urls().is_empty(), "the way to the private chat");
    let answer = press_on(fake, group, &ben(), neutral.message_id, &button).await;
    assert!(answer.show_alert(), "{answer:?}");
    assert!(alert(&answer).contains(NOT_MEMBER), "{answer:?}");
    assert!(!fake.has_started(ben().id));

    // (c) Hints off: the button is refused with the reason, privately.
    let off = command(fake, group, &anna(), "/regeln hints=off").await;
    assert!(off.contains("Tipps sind aus"), "{off}");
    let answer = press_on(fake, &private, &anna(), cup.message_id, hint).await;
    assert!(answer.show_alert(), "{answer:?}");
    assert!(alert(&answer).contains(HINTS_OFF), "{answer:?}");
    // Typed in the private chat: the reason comes there.
    let mark = fake.mark();
    fake.command(&private, &anna(), "/tipp");
    sent_to(fake, mark, anna().id, HINTS_OFF).await;
}

#[tokio::test]
async fn a_person_plays_two_computers_to_the_end_and_gets_hints_privately() {
    let begin = Instant::now();
    let (fake, _db, bot) = telegram::start(62).await;
    let group = TgChat::supergroup(-100_6001, "Spielabend");
    fake.set_admin(group.id, anna().id);
    let rules = command(&fake, &group, &anna(), "/regeln deckel=2").await;
    assert!(rules.contains("Regeln"), "{rules}");

    // A table with two computers, one strong, one simple.
    fake.command(&group, &anna(), "/neu");
    wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    fake.command(&group, &anna(), "/bot Robbi stark");
    fake.command(&group, &anna(), "/computer Otto einfach");
    let lobby = wait_table(&fake, group.id, "two computers", |t| {
        t.text.contains("(3)") && button(t, "g").is_some()
    })
    .await;
    let joined = texts_in(&fake, group.id)
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join("\n");
    for line in [
        "🤖 Robbi spielt mit (Computer, stark)",
        "🤖 Otto spielt mit (Computer, einfach)",
    ] {
        assert!(joined.contains(line), "{line}:\n{joined}");
    }
    // Anna links her private chat, then starts.
    start_privately(&fake, group.id, &anna()).await;
    let go = button(&lobby, "g").expect("go");
    press_on(&fake, &group, &anna(), lobby.message_id, &go).await;

    // Anna plays at a person's pace from her private cup: looks, then stands (or answers an
    // announcement); the computers move by themselves.
    let private = TgChat::private(&anna());
    let mut pressed: HashSet<(i64, u64, String)> = HashSet::new();
    let mut hinted = false;
    let mut turns = 0;
    let deadline = Instant::now() + Duration::from_secs(110);
    loop {
        assert!(Instant::now() < deadline, "the game did not end in time");
        let over = table_message(&fake, group.id).is_some_and(|t| t.text.contains("Spiel vorbei"));
        if over {
            break;
        }
        let next = fake
            .wait_until(Duration::from_millis(500), |f| {
                let cup = private_cup(f, &anna()).filter(my_turn)?;
                let v = version(&cup)?;
                let data = ["a", "l", "h", "s", "r"].iter().find_map(|code| {
                    let data = if *code == "a" {
                        cup.callback_data()
                            .into_iter()
                            .find(|d| d.starts_with("v1:a:") && d.ends_with(":0"))
                    } else {
                        button(&cup, code)
                    }?;
                    let hint_done = *code == "h" && hinted;
                    let fresh = !pressed.contains(&(cup.message_id, v, code.to_string()));
                    (fresh && !hint_done).then(|| (code.to_string(), data))
                })?;
                Some((cup, v, data))
            })
            .await;
        let Ok((cup, v, (code, data))) = next else {
            continue;
        };
        tokio::time::sleep(PACE).await;
        pressed.insert((cup.message_id, v, code.clone()));
        if code == "h" {
            hints(&fake, &group, &cup, &data).await;
            hinted = true;
            continue;
        }
        let answer = press_on(&fake, &private, &anna(), cup.message_id, &data).await;
        assert!(!answer.show_alert(), "{code}: {answer:?}");
        if code == "s" {
            turns += 1;
        }
        // Like a person: the next press after the cup showed what this one did.
        let before = (cup.text.clone(), cup.callback_data());
        let _ = fake
            .wait_until(Duration::from_secs(5), |f| {
                private_cup(f, &anna()).filter(|c| {
                    c.message_id != cup.message_id || (c.text.clone(), c.callback_data()) != before
                })
            })
            .await;
    }
    assert!(hinted, "Anna got to see a hint");
    assert!(turns > 0);

    let over = wait_table(&fake, group.id, "the end", |t| {
        t.text.contains("Spiel vorbei")
    })
    .await;
    let texts: Vec<String> = texts_in(&fake, group.id)
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    // The computers moved by themselves (Anna only ever pressed her own cup).
    for name in ["Robbi", "Otto"] {
        let moved = [
            " würfelt",
            " bleibt stehen",
            " legt ",
            " dreht",
            " deckt auf",
        ]
        .iter()
        .any(|verb| texts.iter().any(|t| t.contains(&format!("{name}{verb}"))));
        assert!(moved, "{name} never moved:\n{}", texts.join("\n---\n"));
    }
    // No hint, and no refusal of one, ever reached the group.
    for text in &texts {
        for secret in [HINT, "nicht Letzter", NOT_MEMBER, HINTS_OFF] {
            assert!(!text.contains(secret), "{secret} in the group: {text}");
        }
    }
    // Whoever lost: a computer owes nothing.
    let debts = command(&fake, &group, &anna(), "/deckel").await;
    let line = over
        .text
        .lines()
        .find(|l| l.contains("Spiel vorbei"))
        .unwrap_or_default()
        .to_string();
    let loser = line
        .strip_prefix("Spiel vorbei: ")
        .and_then(|rest| rest.split(" verliert").next())
        .unwrap_or_default()
        .to_string();
    if loser == "Anna" {
        assert!(debts.contains("Anna: 1"), "{line}\n{debts}");
    } else {
        assert!(["Robbi", "Otto"].contains(&loser.as_str()), "{line}");
        assert!(line.contains("ein Computer gibt keine Runde aus"), "{line}");
        assert!(!debts.contains(&loser), "{line}\n{debts}");
    }

    assert_within_limits(&fake, &[group.id]);
    bot.assert_token_never_logged(fake.token());
    eprintln!(
        "the whole test took {:?} ({turns} turns of Anna; {line})",
        begin.elapsed()
    );
}

/// A player who never started the private chat (Telegram answers 403) gets his hint in an
/// alert only he sees, clipped to Telegram's 200 characters; the group sees only a neutral
/// answer with the button.
#[tokio::test]
async fn without_a_private_chat_the_hint_shows_in_an_alert() {
    let begin = Instant::now();
    let (fake, _db, bot) = telegram::start(63).await;
    let group = TgChat::supergroup(-100_6002, "Kneipe");
    let cem = TgUser::new(403, "Cem");
    fake.command(&group, &cem, "/neu");
    wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    fake.command(&group, &cem, "/bot");
    let lobby = wait_table(&fake, group.id, "the computer", |t| {
        t.text.contains("(2)") && button(t, "g").is_some()
    })
    .await;
    assert!(
        lobby
            .text
            .contains("🤖 Computer spielt mit (Computer, stark)"),
        "{}",
        lobby.text
    );
    let go = button(&lobby, "g").expect("go");
    press_on(&fake, &group, &cem, lobby.message_id, &go).await;
    // His turn: he looks under his cup (an alert), then asks for a hint.
    let table = wait_table(&fake, group.id, "Cem's turn", |t| {
        common::current_player(&t.text).as_deref() == Some("Cem") && button(t, "l").is_some()
    })
    .await;
    tokio::time::sleep(PACE).await;
    let look = press_on(
        &fake,
        &group,
        &cem,
        table.message_id,
        &button(&table, "l").expect("look"),
    )
    .await;
    assert!(look.show_alert(), "{look:?}");
    tokio::time::sleep(PACE).await;
    let mark = fake.mark();
    fake.command(&group, &cem, "/tipp");
    let neutral = sent_to(&fake, mark, group.id, "Die Antwort sieht nur du").await;
    let neutral = fake
        .message(group.id, neutral.result_message_id().expect("sent"))
        .expect("stored");
    let hint = button(&neutral, "h").expect("a 💡 button");
    tokio::time::sleep(PACE).await;
    let answer = press_on(&fake, &group, &cem, neutral.message_id, &hint).await;
    let text = alert(&answer);
    assert!(answer.show_alert(), "{answer:?}");
    assert!(text.starts_with(HINT), "{text}");
    assert!(text.contains("nicht Letzter"), "{text}");
    assert!(text.chars().count() <= 200, "{text}");
    // Nothing of it in the group, nothing sent privately (he never pressed START).
    for (seq, text) in texts_in(&fake, group.id) {
        assert!(!text.contains(HINT), "request {seq}: {text}");
    }
    assert!(fake.bot_messages(cem.id).is_empty());

    assert_within_limits(&fake, &[group.id]);
    bot.assert_token_never_logged(fake.token());
    eprintln!("the test took {:?}", begin.elapsed());
}
