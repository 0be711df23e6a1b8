//! Provably fair dice on Discord end to end: the real `schocken` binary (serenity + poise, a
//! SQLite file) against the local fake Discord, which keeps Discord's rate limits (the bot's
//! ratelimiter on, as in production). The table message shows the commitment and the client
//! seed from the lobby on, a seated player sets the client seed before the start, the server
//! seed stays out of every request the fake sees until the game is over, and then
//! `/schocken verify` answers with the game's record as a file that checks out, and
//! `/schocken fairness` with the channel's dice statistics and their chart. In process, with
//! every answer deferred, the record and the chart complete the deferral as files.

mod common;

use bot_core::engine::proof::GameRecord;
use common::discord::{
    Play, answer, assert_untouched, assert_within_limits, is_move_button, posted_table, run_click,
    run_slash, slash, table_message, table_shows, user, wait_message,
};
use common::proof::{game_number, hex_after};
use common::{DISCORD_TOKEN, Db, WAIT, current_player};
use schocken_fakes::discord::{Answer, Call, FakeDiscord, FakeUser, PNG_SIGNATURE, Slash};
use std::time::{Duration, Instant};

/// Anna may set the rules (Manage Server); Ben plays along.
fn players() -> [FakeUser; 2] {
    [user(11, "Anna").manage_guild(), user(12, "Ben")]
}

/// A short game (two Deckel), opened by Anna, Ben at the table: (a) the lobby shows the
/// commitment and the client seed, and Ben's `/schocken seed` shows on the table. Returns
/// the table message and the commitment.
async fn lobby_with_seed(fake: &FakeDiscord, [anna, ben]: &[FakeUser; 2]) -> (u64, String) {
    let rules = run_slash(fake, anna, slash("rules").string("text", "deckel=2")).await;
    assert!(
        !rules.ephemeral && rules.content.contains("Im Stock liegen jetzt 2 Deckel"),
        "{rules:?}"
    );
    let sent = fake.slash(anna, &slash("new")).expect("inject");
    answer(fake, &sent).await;
    let table = posted_table(fake, fake.channel_id(), sent.seq).await;
    // The table message as first posted.
    let posted = fake
        .requests()
        .into_iter()
        .find(|r| matches!(r.call, Call::CreateMessage { message, .. } if message == table))
        .expect("the lobby was posted");
    let lobby = posted.content().unwrap_or_default();
    let commitment = hex_after(lobby, "Commitment: ")
        .unwrap_or_else(|| panic!("no commitment in the lobby:\n{lobby}"));
    let game = game_number(lobby);
    assert!(lobby.contains(&format!("Client-Seed: {game}")), "{lobby}");
    let join = table_message(fake, table)
        .button("v1:j:")
        .expect("join button");
    assert!(run_click(fake, ben, table, &join).await.is_ack());
    table_shows(fake, table, "Am Tisch (2)").await;
    // A seated player sets the client seed; the table shows it (his answer is his alone).
    let seeded = run_slash(fake, ben, slash("seed").string("text", "Stammtisch")).await;
    assert!(seeded.ephemeral && seeded.files.is_empty(), "{seeded:?}");
    let shown = table_shows(fake, table, "Client-Seed: Stammtisch").await;
    assert!(
        shown
            .content
            .contains("Ben setzt den Client-Seed auf „Stammtisch“"),
        "{}",
        shown.content
    );
    assert!(shown.content.contains(&commitment), "{}", shown.content);
    (table, commitment)
}

/// While the game runs: (f) the client seed is fixed, (e) `/schocken verify` tells what is
/// known, as text only.
async fn while_running(fake: &FakeDiscord, table: u64, players: &[FakeUser; 2], commitment: &str) {
    let before = table_message(fake, table);
    let sent = fake
        .slash(&players[0], &slash("seed").string("text", "Anders"))
        .expect("inject");
    let refused = answer(fake, &sent).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(
        refused
            .content
            .contains("Der Client-Seed steht fest, sobald das Spiel läuft."),
        "{refused:?}"
    );
    // Long enough for the table message to follow, had anything changed.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_untouched(fake, sent.seq, "a client seed after the start");
    assert_eq!(table_message(fake, table), before);
    assert!(!before.content.contains("Anders"), "{}", before.content);

    let running = run_slash(fake, &players[1], slash("verify")).await;
    assert!(
        !running.ephemeral && running.files.is_empty(),
        "public, text only: {running:?}"
    );
    let text = &running.content;
    assert!(text.contains("läuft noch"), "{text}");
    assert!(
        text.contains(&format!("Commitment: {commitment}")),
        "{text}"
    );
    assert!(text.contains("Client-Seed: Stammtisch"), "{text}");
}

/// (c) `/schocken verify …` after the game: its record as a file that checks out.
async fn verify_record(fake: &FakeDiscord, who: &FakeUser, command: Slash) -> GameRecord {
    let answer = run_slash(fake, who, command).await;
    record_of(&answer)
}

/// The game record an answer carries; it checks out, and the text says so.
fn record_of(answer: &Answer) -> GameRecord {
    assert!(
        !answer.ephemeral,
        "the record is for the channel: {answer:?}"
    );
    let [file] = answer.files.as_slice() else {
        panic!("one file: {answer:?}");
    };
    assert!(file.filename.ends_with(".json"), "{}", file.filename);
    let record: GameRecord = serde_json::from_slice(&file.bytes).expect("a game record");
    let n = record.verify().expect("every throw checks out");
    assert!(n > 0, "the game had throws");
    assert_eq!(n, record.throws.len());
    assert!(
        answer
            .content
            .contains(&format!("alle {n} Würfe passen zum Commitment")),
        "{}",
        answer.content
    );
    record
}

/// (d) The dice statistics: a chart, with the text as the message.
fn assert_chart(answer: &Answer) {
    assert!(!answer.ephemeral, "{answer:?}");
    let [chart] = answer.files.as_slice() else {
        panic!("one picture: {answer:?}");
    };
    assert_eq!(chart.filename, "wuerfelstatistik.png");
    assert!(chart.bytes.starts_with(PNG_SIGNATURE), "a PNG");
    assert!(
        answer.content.contains("Würfelstatistik"),
        "{}",
        answer.content
    );
    assert!(
        answer.content.contains("Chi-Quadrat-Test: "),
        "{}",
        answer.content
    );
}

/// (b) The server seed: in the finished table message, and in nothing the fake saw before.
fn assert_seed_secret_until_the_end(fake: &FakeDiscord, table: u64) -> String {
    let over = table_message(fake, table);
    let seed = hex_after(&over.content, "Server-Seed: ")
        .unwrap_or_else(|| panic!("no server seed at the end:\n{}", over.content));
    assert!(
        !over.custom_ids().iter().any(|id| is_move_button(id)),
        "{over:?}"
    );
    let first = fake
        .requests()
        .into_iter()
        .find(|r| r.mentions(&seed))
        .expect("the table message shows the seed");
    assert!(
        matches!(first.call, Call::EditMessage { message, .. } if message == table),
        "the seed showed elsewhere first: {first:?}"
    );
    assert!(
        !first.custom_ids().iter().any(|id| is_move_button(id)),
        "the seed showed while the game ran: {first:?}"
    );
    seed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_seed_stays_secret_until_the_end_and_the_record_checks_out() {
    let begin = Instant::now();
    let (fake, _db, bot) = common::discord::start(41).await;
    let players = players();
    let (table, commitment) = lobby_with_seed(&fake, &players).await;
    let started = run_slash(&fake, &players[0], slash("start")).await;
    assert!(started.ephemeral, "{started:?}");
    wait_message(&fake, table, "the started game", |m| {
        current_player(&m.content).is_some()
    })
    .await;
    while_running(&fake, table, &players, &commitment).await;
    let mut play = Play::new(&fake, table, &players);
    play.play_to_the_end().await;
    let log_in_game = bot.log();

    let seed = assert_seed_secret_until_the_end(&fake, table);
    assert!(!log_in_game.contains(&seed), "the seed is in the bot's log");
    let record = verify_record(&fake, &players[1], slash("verify")).await;
    assert_eq!(record.commitment, commitment);
    assert_eq!(record.server_seed, seed);
    assert_eq!(record.client_seed, "Stammtisch");
    let game = game_number(&table_message(&fake, table).content);
    let by_number = slash("verify").integer("game", game);
    assert_eq!(verify_record(&fake, &players[0], by_number).await, record);
    assert_chart(&run_slash(&fake, &players[1], slash("fairness")).await);

    assert_within_limits(&fake);
    bot.assert_token_never_logged(DISCORD_TOKEN);
    eprintln!("the whole test took {:?}", begin.elapsed());
}

/// In process, every answer deferred (`defer_after = 0`): the record and the chart complete
/// the public "thinking" message as files; a game number that is none is refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deferred_answers_carry_the_record_and_the_chart() {
    use bot_core::config::Config;
    use bot_core::service::ManualClock;
    use schocken_discord::DiscordConfig;
    use std::sync::Arc;

    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let clock = Arc::new(ManualClock::new(1_790_000_000_000));
    let service = db.service(Config::default(), clock, Some(5)).await;
    let discord = DiscordConfig::new(DISCORD_TOKEN, Some(fake.api_url()), None)
        .with_defer_after(Duration::ZERO);
    let bot = tokio::spawn(schocken_discord::run(
        service,
        discord,
        bot_core::service::Stop::never(),
    ));
    fake.wait_ready(WAIT).await.expect("the bot connects");

    // A game started (the roll-off throws dice) and ended by its opener.
    let [anna, ben] = players();
    run_slash(&fake, &anna, slash("new")).await;
    run_slash(&fake, &ben, slash("join")).await;
    run_slash(&fake, &anna, slash("start")).await;
    let ended = run_slash(&fake, &anna, slash("end")).await;
    assert!(ended.content.contains("beendet"), "{ended:?}");

    let verified = run_slash(&fake, &ben, slash("verify")).await;
    assert!(verified.deferred, "{verified:?}");
    record_of(&verified);
    let fairness = run_slash(&fake, &ben, slash("fairness")).await;
    assert!(fairness.deferred, "{fairness:?}");
    assert_chart(&fairness);
    for a in [&verified, &fairness] {
        let done = &fake.requests()[a.seq];
        assert!(
            matches!(done.call, Call::EditOriginal { .. }) && done.is_public_message(),
            "the public placeholder is completed with the file: {done:?}"
        );
    }

    // No such game: the public placeholder goes, the refusal is Ben's alone.
    let sent = fake
        .slash(&ben, &slash("verify").integer("game", 999))
        .expect("inject");
    let refusal = fake
        .wait_for(
            sent.seq,
            WAIT,
            |r| matches!(r.call, Call::Followup { interaction, .. } if interaction == sent.id),
        )
        .await
        .expect("the refusal follows up");
    assert!(refusal.ephemeral, "{refusal:?}");
    assert!(
        refusal
            .content()
            .is_some_and(|c| c.contains("In diesem Chat gibt es kein Spiel 999.")),
        "{refusal:?}"
    );
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    bot.abort();
}
