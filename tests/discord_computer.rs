//! Computer players and private hints on Discord end to end: the real `schocken` binary
//! (serenity + poise with the bot's ratelimiter on, the service's timers, a SQLite file)
//! against the local fake Discord, which keeps Discord's rate limits and answers 429 as
//! Discord does. (a) One person and two computers (`/schocken bot`, strong and simple) play a
//! whole game at the pace of people: the computers move by themselves, and a computer that
//! loses owes no round in the ledger. (b) "💡 Tipp" under the cup of the player to act answers
//! with a new ephemeral message for him alone, the cup staying as it was; another player
//! pressing that button gets nothing of it. (c) `hints=off` from an admin takes the button
//! away and refuses an old one with the reason. In process, with every answer deferred, the
//! hint still is a new private message.

mod common;

use common::discord::{
    answer, assert_within_limits, open_and_start, posted_table, round_of, run_click, run_slash,
    slash, table_at, table_message, table_shows, user, wait_message,
};
use common::{DISCORD_TOKEN, Db, WAIT, current_player, loser};
use schocken_fakes::discord::{Answer, Call, FakeDiscord, FakeMessage, FakeUser};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// The dice of a seed whose short game a computer loses (the computers and the person play
/// the same moves for the same dice).
const SEED: u64 = 3;

/// The computers' names at the table.
const COMPUTERS: [&str; 2] = ["Robbi", "Susi"];

/// A person presses the next button a moment after the last.
async fn pause() {
    tokio::time::sleep(Duration::from_millis(1200)).await;
}

/// The table version a button was made for (`v1:<action>:<table>:<version>…`, base 36).
fn version_of(custom_id: &str) -> u64 {
    custom_id
        .split(':')
        .nth(3)
        .and_then(|v| u64::from_str_radix(v, 36).ok())
        .unwrap_or_else(|| panic!("no version in {custom_id}"))
}

/// Whether a public request said anything of a hint (its title or its odds).
fn shows_a_hint(text: &str) -> bool {
    text.contains("💡 Tipp:") || text.contains("nicht Letzter") || text.contains("im Schnitt")
}

/// Whether a text says "Tipp" other than in "Tipps" (the setting: "💡 Tipps: an").
fn says_tipp(text: &str) -> bool {
    text.match_indices("Tipp")
        .any(|(i, _)| !text[i + "Tipp".len()..].starts_with('s'))
}

/// No message the channel sees shows a hint or says "Tipp" (the setting's "Tipps" aside).
fn assert_no_public_hint(fake: &FakeDiscord) {
    for r in fake.requests().iter().filter(|r| r.is_public_message()) {
        let text = r.content().unwrap_or_default();
        assert!(!shows_a_hint(text), "a hint in public: {r:?}");
        assert!(!says_tipp(text), "\"Tipp\" in public: {r:?}");
    }
}

/// `who` presses "💡 Tipp" on his cup `cup`: the hint comes as a new ephemeral message for
/// him alone (a message answer, type 4, or a completed ephemeral deferral), and the cup
/// stays as it was, buttons and all. Returns the hint's answer.
async fn hint_beside_the_cup(fake: &FakeDiscord, who: &FakeUser, cup: u64) -> Answer {
    let before = fake.message(cup).expect("the cup");
    let hint = before.button("v1:h:").expect("a hint button on the cup");
    let sent = fake.click(who, cup, &hint).expect("inject");
    let a = answer(fake, &sent).await;
    assert!(a.ephemeral, "a hint is private: {a:?}");
    assert!(a.kind == 4 || a.kind == 5, "a new message: {a:?}");
    let shown = a.message_id.expect("the hint's message");
    assert_ne!(shown, cup, "the hint does not replace the cup");
    let message = fake.message(shown).expect("the hint message");
    assert!(message.ephemeral_for(who.id), "{message:?}");
    assert!(message.custom_ids().is_empty(), "{message:?}");
    // The cup: not changed in place, buttons still there.
    let after = fake.message(cup).expect("the cup");
    assert_eq!(after.updates, before.updates, "the cup was not changed");
    assert_eq!(after.content, before.content);
    assert_eq!(after.custom_ids(), before.custom_ids());
    // Nothing of it went anywhere but to him.
    for r in fake.requests_since(sent.seq) {
        if r.belongs_to(sent.id) {
            assert!(r.ephemeral && !r.is_public_message(), "{r:?}");
            assert!(
                !matches!(r.call, Call::Callback { kind: 6 | 7, .. }),
                "the cup stays: {r:?}"
            );
        }
    }
    a
}

/// The hint's text: the best choice, then the odds of the best two or three.
fn assert_is_a_hint(a: &Answer) {
    let text = &a.content;
    assert!(text.starts_with("💡 Tipp: "), "{text}");
    assert!(text.contains(" % nicht Letzter, "), "{text}");
    assert!(text.lines().count() >= 2, "{text}");
}

/// One turn of `who` from the table message `t` (which shows him to act): look at his cup,
/// and stand (rolling first if standing is not offered), pressing at a person's pace. With
/// `hint`, he first presses "💡 Tipp" on his cup. Returns the table version his last move
/// made, or `None` if it was not his turn after all.
async fn take_turn(
    fake: &FakeDiscord,
    table: u64,
    t: &FakeMessage,
    who: &FakeUser,
    hint: bool,
) -> Option<(u64, Option<Answer>)> {
    let look = t.button("v1:l:").expect("look button on the table");
    pause().await;
    let mut view = run_click(fake, who, table, &look).await;
    assert!(view.ephemeral, "{view:?}");
    let cup = view.message_id.expect("the cup message");
    let mut hinted = None;
    for _ in 0..4 {
        if hint && hinted.is_none() && view.button("v1:h:").is_some() {
            pause().await;
            let a = hint_beside_the_cup(fake, who, cup).await;
            assert_is_a_hint(&a);
            hinted = Some(a);
        }
        let next = view
            .button("v1:s:")
            .or_else(|| view.button("v1:r:"))
            .or_else(|| view.button("v1:a:"));
        let Some(next) = next else {
            // Not his turn (the table was behind the game).
            return None;
        };
        pause().await;
        view = run_click(fake, who, cup, &next).await;
        assert!(view.ephemeral, "{view:?}");
        if next.starts_with("v1:s:") {
            return Some((version_of(&next) + 1, hinted));
        }
    }
    panic!("the turn did not end: {view:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_two_computers_play_a_whole_game() {
    let begin = Instant::now();
    let (fake, db, bot) = common::discord::start(SEED).await;
    let anna = user(31, "Anna").manage_guild();
    // A short game: four Deckel.
    let rules = run_slash(&fake, &anna, slash("rules").string("text", "deckel=4")).await;
    assert!(
        !rules.ephemeral && rules.content.contains("Im Stock liegen jetzt 4 Deckel"),
        "{rules:?}"
    );
    let sent = fake.slash(&anna, &slash("new")).expect("inject");
    answer(&fake, &sent).await;
    let table = posted_table(&fake, fake.channel_id(), sent.seq).await;
    // Two computers: strong by default, and simple (`level` is a choice: its index).
    pause().await;
    let strong = run_slash(&fake, &anna, slash("bot").string("name", "Robbi")).await;
    assert!(strong.ephemeral, "{strong:?}");
    assert!(
        strong
            .content
            .contains("🤖 Robbi spielt mit (Computer, stark)."),
        "{strong:?}"
    );
    pause().await;
    let simple = slash("bot").string("name", "Susi").integer("level", 1);
    let simple = run_slash(&fake, &anna, simple).await;
    assert!(
        simple
            .content
            .contains("🤖 Susi spielt mit (Computer, einfach)."),
        "{simple:?}"
    );
    table_shows(&fake, table, "Am Tisch (3)").await;
    pause().await;
    let started = run_slash(&fake, &anna, slash("start")).await;
    assert!(started.ephemeral, "{started:?}");
    let game_start = Instant::now();

    // Anna plays each of her turns; the computers' turns happen by themselves.
    let mut hints = 0;
    let over = loop {
        assert!(
            game_start.elapsed() < Duration::from_secs(75),
            "the game did not end in time: {}",
            table_message(&fake, table).content
        );
        let t = table_message(&fake, table);
        if t.content.contains("🍺 ") && t.custom_ids().is_empty() {
            break t;
        }
        if current_player(&t.content).as_deref() == Some("Anna") {
            // Her first turn: a hint too.
            if let Some((moved, hint)) = take_turn(&fake, table, &t, &anna, hints == 0).await {
                hints += usize::from(hint.is_some());
                table_at(&fake, table, moved).await;
                continue;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let game_time = game_start.elapsed();

    // The computers took their turns with nobody pressing for them: the table showed each
    // to act in several rounds, and moved on.
    let turns = turns_shown(&fake, table);
    for name in COMPUTERS {
        assert!(
            turns.get(name).is_some_and(|n| *n >= 2),
            "{name} moved by itself: {turns:?}"
        );
    }
    assert!(turns.get("Anna").is_some_and(|n| *n >= 1), "{turns:?}");
    assert_eq!(hints, 1, "Anna asked for a hint once");

    // The Bierrunde: a computer owes none.
    let lost = loser(&over.content);
    assert!(
        COMPUTERS.contains(&lost.as_str()),
        "with this seed a computer loses: {}",
        over.content
    );
    assert!(
        over.content.contains("ein Computer gibt keine Runde aus"),
        "{}",
        over.content
    );
    pause().await;
    let debts = run_slash(&fake, &anna, slash("debts")).await;
    assert!(!debts.ephemeral, "{debts:?}");
    assert!(!debts.content.contains(&lost), "{}", debts.content);
    assert!(
        debts.content.contains("Niemand schuldet eine Runde."),
        "{}",
        debts.content
    );
    assert!(db.state().await.ledger.is_empty(), "nothing in the ledger");

    assert_no_public_hint(&fake);
    assert_within_limits(&fake);
    bot.assert_token_never_logged(DISCORD_TOKEN);
    eprintln!(
        "the game took {game_time:?} ({turns:?}), the whole test {:?}",
        begin.elapsed()
    );
}

/// How many rounds the table message showed each player to act in (its edits as sent).
fn turns_shown(fake: &FakeDiscord, table: u64) -> BTreeMap<String, usize> {
    let mut seen = BTreeSet::new();
    for r in fake.requests() {
        let edits_table = matches!(r.call, Call::EditMessage { message, .. } if message == table);
        let Some(content) = r.content().filter(|_| edits_table) else {
            continue;
        };
        if let (Some(round), Some(name)) = (round_of(content), current_player(content)) {
            seen.insert((round, name));
        }
    }
    let mut turns = BTreeMap::new();
    for (_, name) in seen {
        *turns.entry(name).or_default() += 1;
    }
    turns
}

/// Waits until the table message shows someone of `people` to act; returns him and the table.
async fn someone_to_act(
    fake: &FakeDiscord,
    table: u64,
    people: &[FakeUser],
) -> (FakeUser, FakeMessage) {
    let t = wait_message(fake, table, "a person to act", |m| {
        current_player(&m.content)
            .is_some_and(|n| people.iter().any(|p| p.nick.as_deref() == Some(n.as_str())))
    })
    .await;
    let name = current_player(&t.content).expect("someone to act");
    let who = people
        .iter()
        .find(|p| p.nick.as_deref() == Some(name.as_str()))
        .expect("a person")
        .clone();
    (who, t)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_for_the_player_alone_and_admins_switch_hints_off() {
    let begin = Instant::now();
    let (fake, _db, bot) = common::discord::start(5).await;
    let people = [user(41, "Anna").manage_guild(), user(42, "Ben")];
    let table = open_and_start(&fake, &people).await;
    let (who, t) = someone_to_act(&fake, table, &people).await;
    let other = people.iter().find(|p| p.id != who.id).expect("the other");

    // (b) The player to act looks and asks for a hint: his alone, beside his cup.
    let look = t.button("v1:l:").expect("look");
    pause().await;
    let cup = run_click(&fake, &who, table, &look).await;
    assert!(cup.ephemeral, "{cup:?}");
    let cup_id = cup.message_id.expect("the cup message");
    let hint_button = cup
        .button("v1:h:")
        .expect("a hint button once he has looked");
    pause().await;
    assert_is_a_hint(&hint_beside_the_cup(&fake, &who, cup_id).await);

    // The other player cannot see that cup; pressing its hint button (a copy of its id)
    // gets him nothing of it: the refusal, for him alone.
    pause().await;
    let sent = fake.click(other, table, &hint_button).expect("inject");
    let refused = answer(&fake, &sent).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(
        refused.content.starts_with("Du bist nicht dran – "),
        "a hint out of turn is refused like any move: {refused:?}"
    );
    assert!(!shows_a_hint(&refused.content), "{refused:?}");
    assert!(refused.custom_ids().is_empty(), "{refused:?}");
    assert!(
        fake.ephemeral_messages(other.id)
            .iter()
            .all(|m| !shows_a_hint(&m.content)),
        "{} never saw a hint",
        other.nick.as_deref().unwrap_or_default()
    );
    // His own cup, not his turn: no hint button.
    pause().await;
    let his = run_click(&fake, other, table, &look).await;
    assert!(his.ephemeral, "{his:?}");
    assert!(his.button("v1:h:").is_none(), "{his:?}");
    assert_no_public_hint(&fake);

    // (c) Hints are the admins' switch: Ben may not, Anna (Manage Server) switches them
    // off. The old button is refused with the reason, a new view of the cup has none.
    let [anna, ben] = &people;
    pause().await;
    let ben_tries = run_slash(&fake, ben, slash("rules").string("text", "hints=off")).await;
    assert!(ben_tries.ephemeral, "{ben_tries:?}");
    assert!(
        ben_tries.content.contains("Server verwalten"),
        "{ben_tries:?}"
    );
    pause().await;
    let off = run_slash(&fake, anna, slash("rules").string("text", "hints=off")).await;
    assert!(!off.ephemeral, "{off:?}");
    assert!(off.content.contains("💡 Tipps sind aus."), "{off:?}");
    pause().await;
    let before = fake.message(cup_id).expect("the cup");
    let sent = fake.click(&who, cup_id, &hint_button).expect("inject");
    let off = answer(&fake, &sent).await;
    assert!(off.ephemeral, "{off:?}");
    assert_eq!(off.kind, 4, "a new message: {off:?}");
    assert_ne!(off.message_id, Some(cup_id));
    assert!(
        off.content.contains(
            "Tipps sind in diesem Chat aus (ein Admin schaltet sie mit „/schocken regeln einstellung:hints=on“ an)."
        ),
        "{off:?}"
    );
    assert!(!shows_a_hint(&off.content), "{off:?}");
    assert_eq!(
        fake.message(cup_id).expect("the cup"),
        before,
        "the cup stays"
    );
    pause().await;
    let again = run_click(&fake, &who, table, &look).await;
    assert!(again.button("v1:s:").is_some(), "still his turn: {again:?}");
    assert!(again.button("v1:h:").is_none(), "no hint button: {again:?}");

    // On again: the button is back.
    pause().await;
    let on = run_slash(&fake, anna, slash("rules").string("text", "hints=on")).await;
    assert!(on.content.contains("💡 Tipps sind an"), "{on:?}");
    pause().await;
    let back = run_click(&fake, &who, table, &look).await;
    assert!(back.button("v1:h:").is_some(), "{back:?}");

    assert_no_public_hint(&fake);
    assert_within_limits(&fake);
    bot.assert_token_never_logged(DISCORD_TOKEN);
    eprintln!("the whole test took {:?}", begin.elapsed());
}

/// In process, every answer deferred (`defer_after = 0`): a hint pressed on the cup is an
/// ephemeral "thinking" message completed with the hint (not an acknowledgement whose answer
/// would replace the cup); a move on the cup still changes it in place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_hint_is_a_new_private_message_too() {
    use bot_core::config::Config;
    use bot_core::service::ManualClock;
    use schocken_discord::DiscordConfig;
    use std::sync::Arc;

    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let clock = Arc::new(ManualClock::new(1_790_000_000_000));
    let service = db.service(Config::default(), clock, Some(9)).await;
    let discord = DiscordConfig::new(DISCORD_TOKEN, Some(fake.api_url()), None)
        .with_defer_after(Duration::ZERO);
    let bot = tokio::spawn(schocken_discord::run(
        service,
        discord,
        bot_core::service::Stop::never(),
    ));
    fake.wait_ready(WAIT).await.expect("the bot connects");

    // Deferred answers: the lobby by commands (a deferred click is no plain acknowledgement).
    let people = [user(51, "Anna"), user(52, "Ben")];
    let sent = fake.slash(&people[0], &slash("new")).expect("inject");
    answer(&fake, &sent).await;
    let table = posted_table(&fake, fake.channel_id(), sent.seq).await;
    run_slash(&fake, &people[1], slash("join")).await;
    run_slash(&fake, &people[0], slash("start")).await;
    let (who, t) = someone_to_act(&fake, table, &people).await;
    let look = t.button("v1:l:").expect("look");
    let cup = run_click(&fake, &who, table, &look).await;
    assert!(cup.deferred && cup.ephemeral, "{cup:?}");
    let cup_id = cup.message_id.expect("the cup message");

    let hint = hint_beside_the_cup(&fake, &who, cup_id).await;
    assert!(hint.deferred && hint.kind == 5, "{hint:?}");
    assert_is_a_hint(&hint);
    let done = &fake.requests()[hint.seq];
    assert!(
        matches!(done.call, Call::EditOriginal { .. }) && done.ephemeral,
        "the ephemeral placeholder is completed with the hint: {done:?}"
    );

    // A move on the cup: acknowledged, and the cup changes in place.
    let stand = fake
        .message(cup_id)
        .and_then(|m| m.button("v1:s:"))
        .expect("stand on the cup");
    let before = fake.message(cup_id).expect("the cup").updates;
    let stood = run_click(&fake, &who, cup_id, &stand).await;
    assert_eq!(stood.kind, 6, "{stood:?}");
    wait_message(&fake, cup_id, "the cup changed in place", |m| {
        m.updates > before
    })
    .await;
    assert_no_public_hint(&fake);
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    bot.abort();
}
