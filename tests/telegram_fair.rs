//! Provably fair dice on Telegram end to end: the real `schocken` binary (teloxide with its
//! production Throttle, long polling, a SQLite file) against the local fake Bot API, which
//! enforces Telegram's flood limits. The table shows the commitment and the client seed from
//! the lobby on, a player sets the client seed before the start, the server seed stays
//! secret in every request the fake sees and in the bot's log until the game is over, and
//! then `/verify` hands out the game's record as a file that checks out, and `/fairness` the
//! chat's dice statistics as a chart.

mod common;

use bot_core::engine::proof::GameRecord;
use common::proof::{game_number, hex_after};
use common::telegram::{
    self, PrivatePlay, assert_within_limits, button, command, command_answer, press,
    start_all_privately, table_message, version, wait_table,
};
use schocken_fakes::telegram::{FakeTelegram, PNG_SIGNATURE, Recorded, TgChat, TgUser};
use std::time::Instant;

fn anna() -> TgUser {
    TgUser::new(201, "Anna")
}
fn ben() -> TgUser {
    TgUser::new(202, "Ben")
}

/// Whether a request the bot made carries `needle` anywhere: its parameters (texts,
/// captions, buttons) or an uploaded file.
fn mentions(r: &Recorded, needle: &str) -> bool {
    r.params.to_string().contains(needle)
        || r.files
            .iter()
            .any(|f| String::from_utf8_lossy(&f.content).contains(needle))
}

/// Opens a short game (two Deckel) of Anna and Ben, checks the lobby's proof lines and sets
/// the client seed; returns the commitment.
async fn lobby_with_seed(fake: &FakeTelegram, group: &TgChat) -> String {
    fake.set_admin(group.id, anna().id);
    let rules = command(fake, group, &anna(), "/regeln deckel=2").await;
    assert!(rules.contains("Regeln"), "{rules}");
    fake.command(group, &anna(), "/neu");
    let lobby = wait_table(fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    // (a) Before the first die: the commitment and the client seed (the game's number).
    let commitment = hex_after(&lobby.text, "Commitment: ")
        .unwrap_or_else(|| panic!("no commitment in the lobby:\n{}", lobby.text));
    let game = game_number(&lobby.text);
    assert!(
        lobby.text.contains(&format!("Client-Seed: {game}")),
        "{}",
        lobby.text
    );
    press(fake, group, &ben(), &button(&lobby, "j").expect("join")).await;
    wait_table(fake, group.id, "Ben", |t| t.text.contains("Anna, Ben")).await;
    // Without a text: how to use it, in German, and nothing changes.
    let before = table_message(fake, group.id).and_then(|t| version(&t));
    let usage = command(fake, group, &ben(), "/seed").await;
    assert!(usage.contains("/seed TEXT"), "{usage}");
    assert!(usage.contains("Client-Seed"), "{usage}");
    // A seated player sets it; the table shows it.
    fake.command(group, &ben(), "/seed Stammtisch");
    let seeded = wait_table(fake, group.id, "the client seed", |t| {
        t.text.contains("Client-Seed: Stammtisch")
    })
    .await;
    assert!(version(&seeded) > before, "{}", seeded.text);
    assert!(
        seeded
            .text
            .contains("Ben setzt den Client-Seed auf „Stammtisch“"),
        "{}",
        seeded.text
    );
    assert!(seeded.text.contains(&commitment), "{}", seeded.text);
    commitment
}

/// While the game runs: the seed is fixed, and `/verify` shows what is known (no file).
async fn while_running(fake: &FakeTelegram, group: &TgChat, commitment: &str) {
    // (f) Too late for a client seed: refused in German, the table unchanged.
    let before = table_message(fake, group.id).expect("table");
    let refused = command(fake, group, &anna(), "/seed Anders").await;
    assert!(
        refused.contains("Der Client-Seed steht fest, sobald das Spiel läuft."),
        "{refused}"
    );
    let after = table_message(fake, group.id).expect("table");
    assert_eq!(version(&after), version(&before));
    assert!(
        after.text.contains("Client-Seed: Stammtisch"),
        "{}",
        after.text
    );
    assert!(!after.text.contains("Anders"), "{}", after.text);
    // (e) Commitment and client seed, text only.
    let running = command_answer(fake, group, &ben(), "/verify").await;
    assert!(
        running.is("sendMessage") && running.files.is_empty(),
        "{running:?}"
    );
    let text = running.text().unwrap_or_default();
    assert!(text.contains("läuft noch"), "{text}");
    assert!(
        text.contains(&format!("Commitment: {commitment}")),
        "{text}"
    );
    assert!(text.contains("Client-Seed: Stammtisch"), "{text}");
    // A game number that is none: a clear answer.
    let bad = command(fake, group, &ben(), "/pruefen zwölf").await;
    assert!(bad.contains("„zwölf“ ist keine Spielnummer"), "{bad}");
}

/// `/verify` (or `/pruefen N`) after the game: its record as a file that checks out.
async fn verify_record(fake: &FakeTelegram, group: &TgChat, text: &str) -> GameRecord {
    let answer = command_answer(fake, group, &anna(), text).await;
    assert!(answer.is("sendDocument"), "{answer:?}");
    let file = answer.document().expect("the record");
    let name = file.file_name.clone().unwrap_or_default();
    assert!(name.ends_with(".json"), "{name}");
    let record: GameRecord = serde_json::from_slice(&file.content).expect("a game record");
    let n = record.verify().expect("every throw checks out");
    assert_eq!(n, record.throws.len());
    assert!(n > 1, "a whole game has throws: {n}");
    let caption = answer.text().unwrap_or_default();
    assert!(
        caption.contains(&format!("alle {n} Würfe passen")),
        "{caption}"
    );
    record
}

#[tokio::test]
async fn the_server_seed_stays_secret_until_the_end_and_the_record_checks_out() {
    let begin = Instant::now();
    let (fake, _db, bot) = telegram::start(41).await;
    let group = TgChat::supergroup(-100_4001, "Stammtisch");
    let players = [anna(), ben()];
    let commitment = lobby_with_seed(&fake, &group).await;
    start_all_privately(&fake, group.id, &players).await;
    let lobby = table_message(&fake, group.id).expect("lobby");
    press(&fake, &group, &ben(), &button(&lobby, "g").expect("go")).await;
    wait_table(&fake, group.id, "the running game", |t| {
        button(t, "r").is_some()
    })
    .await;
    while_running(&fake, &group, &commitment).await;
    PrivatePlay::new(&fake, &group, &players)
        .play_to_the_end()
        .await;
    let log_in_game = bot.log();

    // (b) The server seed shows first in the finished table message.
    let over = wait_table(&fake, group.id, "the server seed", |t| {
        t.text.contains("Server-Seed: ")
    })
    .await;
    let seed = hex_after(&over.text, "Server-Seed: ").expect("64 hex characters");
    assert!(
        over.text.contains("🍺") && button(&over, "r").is_none(),
        "{}",
        over.text
    );
    assert!(over.text.contains(&commitment), "{}", over.text);
    let first = fake
        .requests()
        .into_iter()
        .find(|r| mentions(r, &seed))
        .expect("the table message shows the seed");
    assert!(
        first.chat_id() == Some(group.id) && first.text().is_some_and(|t| t.contains("🍺")),
        "the seed showed before the game was over: {first:?}"
    );
    assert!(
        !first.callback_data().iter().any(|d| d.starts_with("v1:r:")),
        "{first:?}"
    );
    // The bot logs at trace level here (its crates) and debug (teloxide).
    assert!(!log_in_game.contains(&seed), "the seed is in the bot's log");

    // (c) The record as a file: it checks out, by the newest game and by its number.
    let record = verify_record(&fake, &group, "/verify").await;
    assert_eq!(
        (record.commitment.as_str(), record.server_seed.as_str()),
        (commitment.as_str(), seed.as_str())
    );
    assert_eq!(record.client_seed, "Stammtisch");
    let game = game_number(&over.text);
    let by_number = verify_record(&fake, &group, &format!("/pruefen {game}")).await;
    assert_eq!(by_number, record);

    // (d) The chat's dice statistics as a chart with the text as its caption.
    let fairness = command_answer(&fake, &group, &ben(), "/fairness").await;
    assert!(fairness.is("sendPhoto"), "{fairness:?}");
    let chart = fairness.photo().expect("the chart");
    assert!(chart.content.starts_with(PNG_SIGNATURE), "a PNG");
    assert_eq!(chart.file_name.as_deref(), Some("wuerfelstatistik.png"));
    let caption = fairness.text().unwrap_or_default();
    assert!(caption.contains("Chi-Quadrat-Test: "), "{caption}");
    assert!(caption.contains("Würfelstatistik"), "{caption}");

    assert_within_limits(&fake, &[group.id]);
    bot.assert_token_never_logged(fake.token());
    eprintln!("the whole test took {:?}", begin.elapsed());
}
