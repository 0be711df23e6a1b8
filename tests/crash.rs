//! Crashes under load at the platforms' real pace: the real bot, with its production pacing
//! (teloxide's Throttle and the Telegram outbox, serenity-bucket pacing of Discord table
//! writes), plays tables on both fakes (which answer 429 beyond the platforms' limits) and is
//! killed with SIGKILL at random moments (20 times), restarted each time; afterwards every
//! table is sound. The chats play short games (`/regeln deckel=2`, set by an admin) so that
//! games end within the run even at the pace of a Telegram group (a table write every 3 s).

use schocken_load::{LoadConfig, check, run};
use std::path::PathBuf;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_kills_under_load_lose_nothing_and_leave_no_game_stuck() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = LoadConfig {
        discord_tables: 10,
        telegram_tables: 8,
        // Half of the Telegram tables play through the players' private chats.
        telegram_private: 4,
        players: 3,
        think: Duration::from_millis(300),
        duration: Duration::from_secs(75),
        kills: 20,
        seed: 20261129,
        baseline: false,
        warmup: Duration::ZERO,
        rules: Some("deckel=2".into()),
        // Enough for the token check to mean something, little enough to stay small.
        log_filter: "info,serenity=debug,teloxide=debug,reqwest=debug".into(),
        ..LoadConfig::new(PathBuf::from(env!("CARGO_BIN_EXE_schocken")))
    };
    let report = run(&config, dir.path()).await.expect("the load ran");
    eprintln!(
        "crash run: {} starts, {} moves stored, {} games finished ({} seen), {} Discord and {} \
         Telegram 429s, {} Telegram presses and {} Discord interactions answered",
        report.bot_starts,
        report.committed,
        report.games_stored_finished,
        report.games_finished,
        report.discord.common.rate_limited,
        report.telegram.common.rate_limited,
        report.telegram.common.latency.count,
        report.discord.common.latency.count,
    );
    assert_eq!(report.bot_starts, 21, "twenty kills, twenty restarts");
    assert!(report.committed > 500, "the tables played: {report:?}");
    // Short games end at this pace even with twenty restarts in between.
    assert!(report.games_stored_finished >= 5, "games ended: {report:?}");
    assert!(
        report.games_finished > 0,
        "players saw games end: {report:?}"
    );
    assert!(!report.seen_versions.is_empty());

    // Every table: Deckel add up in every scored round and now; exactly one Bierrunde per
    // finished game; every version a player was shown is stored.
    let problems = check::problems(&check::sqlite(&report.database), &report.seen_versions)
        .await
        .expect("checks ran");
    assert!(problems.is_empty(), "{problems:#?}");
    // No game stuck: every table still moved in the last seconds of the run.
    assert!(report.stuck.is_empty(), "stuck: {:#?}", report.stuck);
    // The tokens the bot used never reached its log.
    let log = std::fs::read_to_string(&report.log).unwrap_or_default();
    assert!(log.contains("DEBUG"), "the bot logged at debug level");
    for token in [
        schocken_fakes::discord::DEFAULT_TOKEN,
        schocken_fakes::telegram::DEFAULT_TOKEN,
    ] {
        assert!(!log.contains(token), "a token leaked into the log");
        let secret = token.rsplit([':', '.']).next().unwrap_or(token);
        assert!(
            !log.contains(secret),
            "a part of a token leaked into the log"
        );
    }
}
