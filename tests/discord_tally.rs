//! Tally mode on Discord end to end (issue 12): the real `schocken` binary (serenity + poise
//! with the bot's ratelimiter on, a SQLite file) against the local fake Discord, which keeps
//! Discord's rate limits. A server keeps the score of a game with real dice at the pace of a
//! pub table (a line every second or two): `/schocken new mode:tally`, the roll-off's winner
//! named with `start starter:`, wrong lines refused with the reason and nothing changed, a
//! round and the game's last round taken back with `undo`, and the Bierrunde in the ledger.

mod common;

use common::DISCORD_TOKEN;
use common::discord::{
    answer, assert_untouched, assert_within_limits, posted_table, run_click, run_slash, slash,
    table_message, table_shows, user,
};
use schocken_fakes::discord::{FakeDiscord, FakeUser};
use std::time::{Duration, Instant};

fn players() -> [FakeUser; 3] {
    [user(21, "Anna"), user(22, "Ben"), user(23, "Cem")]
}

/// A person at the table types the next line a moment after the last.
async fn pause() {
    tokio::time::sleep(Duration::from_millis(1200)).await;
}

/// `/schocken round text:<line>` by `who`; its answer, which only `who` sees.
async fn round(fake: &FakeDiscord, who: &FakeUser, line: &str) -> String {
    pause().await;
    let answer = run_slash(fake, who, slash("round").string("text", line)).await;
    assert!(answer.ephemeral, "{line}: {answer:?}");
    answer.content
}

/// A refused line: the answer gives `reason`, and no message changes.
async fn refused(fake: &FakeDiscord, table: u64, who: &FakeUser, line: &str, reason: &str) {
    let before = table_message(fake, table);
    pause().await;
    let sent = fake
        .slash(who, &slash("round").string("text", line))
        .expect("inject");
    let said = answer(fake, &sent).await;
    assert!(said.ephemeral, "{line}: {said:?}");
    assert!(said.content.contains(reason), "{line}: {}", said.content);
    // Long enough for the table message to follow, had anything changed.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_untouched(fake, sent.seq, line);
    assert_eq!(table_message(fake, table), before, "{line}");
}

/// The lobby of a tally table opened by Anna, Ben and Cem seated; the game started with Ben
/// as the roll-off's winner.
async fn open_and_start(fake: &FakeDiscord, [anna, ben, cem]: &[FakeUser; 3]) -> u64 {
    // `mode` is a choice: Discord sends its index (0 rolled, 1 tally).
    let sent = fake
        .slash(anna, &slash("new").integer("mode", 1))
        .expect("inject");
    let opened = answer(fake, &sent).await;
    assert!(opened.ephemeral, "{opened:?}");
    let table = posted_table(fake, fake.channel_id(), sent.seq).await;
    let lobby = table_message(fake, table);
    assert!(
        lobby.content.contains("echte Würfel, der Bot zählt"),
        "{}",
        lobby.content
    );
    assert!(!lobby.content.contains("Commitment"), "{}", lobby.content);
    for p in [ben, cem] {
        pause().await;
        let join = table_message(fake, table)
            .button("v1:j:")
            .expect("join button");
        assert!(run_click(fake, p, table, &join).await.is_ack());
    }
    table_shows(fake, table, "(3)").await;
    pause().await;
    let start = slash("start").user("starter", ben);
    let started = run_slash(fake, anna, start).await;
    assert!(started.ephemeral, "{started:?}");
    let running = table_shows(fake, table, "Schocken mit echten Würfeln").await;
    assert!(
        running.content.contains("Ben fängt an."),
        "{}",
        running.content
    );
    assert!(
        running.custom_ids().is_empty(),
        "nothing to roll at a real table: {:?}",
        running.custom_ids()
    );
    table
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_keeps_the_score_of_a_real_table_to_its_bierrunde() {
    let begin = Instant::now();
    let (fake, _db, bot) = common::discord::start(61).await;
    let players = players();
    let [anna, ben, cem] = &players;
    let table = open_and_start(&fake, &players).await;

    // Wrong lines: the reason, and nothing changes.
    let all_three = "Ben 665 3, Cem 114 2, Dieter 221";
    refused(&fake, table, ben, all_three, "niemand namens „Dieter“").await;
    let missing = "Ben 665 3, Cem 114 2";
    refused(
        &fake,
        table,
        ben,
        missing,
        "Anna spielt diese Runde mit, fehlt aber",
    )
    .await;
    let too_many = "Ben 665 1, Cem 114 2, Anna 221";
    let limit = "Cem: 2 Würfe sind mehr als die Vorgabe (ein Wurf).";
    refused(&fake, table, ben, too_many, limit).await;

    // A round: Cem's Schock 4 costs Anna 4 Deckel from the stock.
    round(&fake, ben, "Ben 665 3, Cem 114 2 gebaut, Anna 221").await;
    let scored = table_shows(&fake, table, "Anna bekommt 4 Deckel aus dem Stock").await;
    assert!(
        scored.content.contains("Anna · 4 Deckel"),
        "{}",
        scored.content
    );
    // A typo, taken back.
    round(&fake, cem, "Anna 12").await;
    table_shows(&fake, table, "Anna verliert die 1. Hälfte").await;
    pause().await;
    let undone = run_slash(&fake, cem, slash("undo")).await;
    assert!(undone.ephemeral, "{undone:?}");
    let back = table_shows(&fake, table, "Cem hat die letzte Runde zurückgenommen").await;
    assert!(back.content.contains("Anna · 4 Deckel"), "{}", back.content);
    // Ben is out once the stock is empty with nothing in his hand.
    round(&fake, ben, "Anna 8").await;
    table_shows(&fake, table, "Stock: 1 von 13").await;
    round(&fake, ben, "Cem 1").await;
    table_shows(&fake, table, "Ben · 0 Deckel raus").await;
    let out = "Ben 2 von Anna";
    refused(&fake, table, cem, out, "Ben spielt diese Runde nicht mit.").await;

    // The last round typed wrong: Anna loses both halves (Blattschuss) and owes the round…
    round(&fake, cem, "Anna aus").await;
    table_shows(&fake, table, "2. Hälfte").await;
    round(&fake, cem, "Anna aus").await;
    table_shows(&fake, table, "Blattschuss! Anna").await;
    let debts = run_slash(&fake, ben, slash("debts")).await;
    assert!(debts.content.contains("Anna: 1"), "{}", debts.content);
    // … but Cem lost the second half: the game opens again, Anna's round is struck off.
    pause().await;
    let undone = run_slash(&fake, anna, slash("undo")).await;
    assert!(undone.ephemeral, "{undone:?}");
    let reopened = table_shows(&fake, table, "Die Runde von Anna ist gestrichen").await;
    assert!(
        reopened.content.contains("2. Hälfte"),
        "{}",
        reopened.content
    );
    let debts = run_slash(&fake, ben, slash("debts")).await;
    assert!(!debts.content.contains("Anna: 1"), "{}", debts.content);
    round(&fake, anna, "Cem aus").await;
    table_shows(&fake, table, "Finale").await;
    round(&fake, anna, "Cem aus").await;
    let over = table_shows(&fake, table, "gibt eine Runde aus").await;
    assert!(over.content.contains("Cem"), "{}", over.content);
    let debts = run_slash(&fake, ben, slash("debts")).await;
    assert!(debts.content.contains("Cem: 1"), "{}", debts.content);
    assert!(!debts.content.contains("Anna"), "{}", debts.content);
    // The ledger as a file, under `history` now.
    let csv = run_slash(&fake, ben, slash("history").boolean("csv", true)).await;
    let file = csv.files.first().expect("the CSV is attached");
    let text = String::from_utf8_lossy(&file.bytes);
    assert!(text.contains(",reversal,"), "{text}");

    assert_within_limits(&fake);
    bot.assert_token_never_logged(DISCORD_TOKEN);
    eprintln!("the whole test took {:?}", begin.elapsed());
}

/// Dortmund rules: the starter says his extras out loud and whoever holds the phone presses
/// them on the table message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn announced_extras_are_pressed_on_the_table() {
    let (fake, _db, bot) = common::discord::start(62).await;
    let players = [
        user(21, "Anna").manage_guild(),
        user(22, "Ben"),
        user(23, "Cem"),
    ];
    let [anna, ben, cem] = &players;
    let rules = run_slash(&fake, anna, slash("rules").string("text", "dortmund")).await;
    assert!(rules.content.contains("dortmund"), "{rules:?}");
    let table = open_and_start(&fake, &players).await;
    // The first round of a half is classic.
    round(&fake, cem, "Ben 665 3, Cem 114 2, Anna 221").await;
    let announcing = table_shows(&fake, table, "Anna sagt Zusatzwürfe an").await;
    let announce = announcing
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("v1:a:") && !id.ends_with(":0"))
        .unwrap_or_else(|| panic!("an announce button: {:?}", announcing.custom_ids()));
    refused(
        &fake,
        table,
        ben,
        "Anna 421 1, Ben 665 1, Cem 114 1",
        "Erst sagt Anna die Zusatzwürfe an.",
    )
    .await;
    pause().await;
    let pressed = run_click(&fake, cem, table, &announce).await;
    assert!(pressed.is_ack(), "{pressed:?}");
    let announced = table_shows(&fake, table, "Anna sagt an: ").await;
    assert!(
        announced.custom_ids().is_empty(),
        "{:?}",
        announced.custom_ids()
    );
    // Anna's Jule counts: 7 Deckel for Ben's 6,6,5.
    round(&fake, ben, "Anna 421 1, Ben 665 1, Cem 114 1").await;
    table_shows(&fake, table, "Ben · 7 Deckel").await;

    assert_within_limits(&fake);
    bot.assert_token_never_logged(DISCORD_TOKEN);
}
