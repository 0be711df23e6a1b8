//! What an operator sees (`SCHOCKEN_METRICS_ADDR`): Prometheus metrics of a bot at work —
//! commands per platform and outcome with their latency, moves, tables open, Telegram's 429s
//! and the retries they caused — and a health check, served until the process stops.

mod common;

use common::telegram::{Play, open_and_start, settle};
use common::{Bot, Db};
use schocken_fakes::scrape::{get, sample};
use schocken_fakes::telegram::{Fault, TgChat, TgUser};
use std::time::Duration;

/// A free port on 127.0.0.1 (taken and let go: the bot binds it next).
fn free_addr() -> String {
    schocken_fakes::balancer::free_addr()
        .expect("a free port")
        .to_string()
}

/// The sum of the samples whose name and labels start with `prefix`.
fn sum(metrics: &str, prefix: &str) -> f64 {
    metrics
        .lines()
        .filter(|l| l.starts_with(prefix))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

async fn metrics_when(addr: &str, ready: impl Fn(&str) -> bool) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (status, body) = get(addr, "/metrics").await.expect("metrics answer");
        assert_eq!(status, 200, "{body}");
        if ready(&body) || tokio::time::Instant::now() >= deadline {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn metrics_and_health_of_a_telegram_bot_at_work() {
    let fake = schocken_fakes::telegram::FakeTelegram::start()
        .await
        .expect("fake Telegram");
    let db = Db::new();
    let addr = free_addr();
    let mut bot = Bot::telegram_with(
        &fake,
        &db.path,
        41,
        &[("SCHOCKEN_METRICS_ADDR", addr.as_str())],
    )
    .await;
    let (status, body) = get(&addr, "/health").await.expect("health answers");
    assert_eq!((status, body.as_str()), (200, "ok\n"));

    let group = TgChat::group(-1009, "Vereinsheim");
    let players = [TgUser::new(101, "Anna"), TgUser::new(102, "Ben")];
    open_and_start(&fake, &group, &players).await;
    // Telegram answers the next table edit with a 429: counted, and the write made again.
    fake.fail_next("editMessageText", 1, Fault::RateLimited { retry_after: 1 });
    let mut play = Play::new(&fake, &group, &players);
    for _ in 0..3 {
        play.turn().await;
    }
    settle(&fake, &group).await;
    let rate_limited =
        "schocken_platform_errors_total{platform=\"telegram\",kind=\"rate_limited\"}";
    let metrics = metrics_when(&addr, |m| sample(m, rate_limited).is_some()).await;
    let ok = sample(
        &metrics,
        "schocken_commands_total{platform=\"telegram\",outcome=\"ok\"}",
    );
    assert!(ok.is_some_and(|n| n >= 6.0), "{metrics}");
    let moves = sample(&metrics, "schocken_moves_total{platform=\"telegram\"}");
    assert!(moves.is_some_and(|n| n >= 4.0), "{metrics}");
    assert_eq!(
        sample(&metrics, "schocken_tables_open"),
        Some(1.0),
        "{metrics}"
    );
    let timed = sample(
        &metrics,
        "schocken_command_seconds_count{platform=\"telegram\"}",
    );
    let answered = sum(&metrics, "schocken_commands_total{platform=\"telegram\",");
    assert_eq!(timed, Some(answered), "every command is timed: {metrics}");
    assert_eq!(sample(&metrics, rate_limited), Some(1.0), "{metrics}");
    let retries = sample(
        &metrics,
        "schocken_platform_retries_total{platform=\"telegram\"}",
    );
    assert!(retries.is_some_and(|n| n >= 1.0), "{metrics}");
    assert_eq!(sample(&metrics, "schocken_store_errors_total"), Some(0.0));

    // The endpoint stops with the process.
    let (status, _) = bot.terminate(Duration::from_secs(10)).await;
    assert!(status.is_some_and(|s| s.success()), "{}", bot.log());
    assert!(
        get(&addr, "/health").await.is_err(),
        "nothing listens any more"
    );
}

#[tokio::test]
async fn a_wrong_metrics_address_is_refused_at_the_start() {
    let fake = schocken_fakes::telegram::FakeTelegram::start()
        .await
        .expect("fake Telegram");
    let db = Db::new();
    let mut bot = Bot::spawn_with(
        common::Platform::Telegram(&fake),
        &db.path,
        1,
        &[("SCHOCKEN_METRICS_ADDR", "localhost:metrics")],
    );
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while bot.running() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!bot.running(), "the bot refuses to start");
    bot.kill();
    assert!(
        bot.log()
            .contains("SCHOCKEN_METRICS_ADDR: `localhost:metrics` is no address"),
        "{}",
        bot.log()
    );
}
