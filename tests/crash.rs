//! Crashes under load: the real bot plays tables on both fakes and is killed with SIGKILL at
//! random moments (20 times), restarted each time; afterwards every table is sound.

use schocken_load::{LoadConfig, check, run};
use std::path::PathBuf;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_kills_under_load_lose_nothing_and_leave_no_game_stuck() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = LoadConfig {
        discord_tables: 12,
        telegram_tables: 12,
        players: 3,
        think: Duration::from_millis(60),
        duration: Duration::from_secs(70),
        binary: PathBuf::from(env!("CARGO_BIN_EXE_schocken")),
        kills: 20,
        seed: 20261129,
        database: None,
        baseline: false,
        warmup: Duration::ZERO,
    };
    let report = run(&config, dir.path()).await.expect("the load ran");
    assert_eq!(report.bot_starts, 21, "twenty kills, twenty restarts");
    assert!(report.committed > 500, "the tables played: {report:?}");
    assert!(report.games_finished > 0, "games ended: {report:?}");
    assert!(!report.seen_versions.is_empty());

    // Every table: Deckel add up in every scored round and now; exactly one Bierrunde per
    // finished game; every version a player was shown is stored.
    let problems = check::problems(&report.database, &report.seen_versions)
        .await
        .expect("checks ran");
    assert!(problems.is_empty(), "{problems:#?}");
    // No game stuck: every table still moved in the last seconds of the run.
    assert!(report.stuck.is_empty(), "stuck: {:#?}", report.stuck);
    // The token never reached the log.
    let log = std::fs::read_to_string(&report.log).unwrap_or_default();
    assert!(!log.contains(schocken_load::bot::DISCORD_TOKEN));
}
