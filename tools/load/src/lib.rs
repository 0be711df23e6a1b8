//! Load, latency and crash runs of the real `schocken` bot: it is started against the local
//! fake Discord and fake Telegram, scripted players play many tables at once, and the run
//! reports actions per second, latency from the platform's event to the bot's first answer,
//! peak memory, the SQLite size, and the ratio to a plain sqlx loop of as many durable
//! transactions.

pub mod baseline;
pub mod bot;
pub mod check;
pub mod drive;
pub mod watch;

use anyhow::Context;
use bot::{BotProcess, BotSetup};
use drive::{Arena, Seats};
use rand::{Rng, SeedableRng};
use schocken_fakes::discord::FakeDiscord;
use schocken_fakes::telegram::FakeTelegram;
use serde::Serialize;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub discord_tables: usize,
    pub telegram_tables: usize,
    pub players: usize,
    pub think: Duration,
    pub duration: Duration,
    pub binary: PathBuf,
    /// Kill the bot with SIGKILL this many times at random moments (and restart it).
    pub kills: usize,
    pub seed: u64,
    /// Keep the database here (else a temporary directory).
    pub database: Option<PathBuf>,
    /// Run the plain sqlx comparison.
    pub baseline: bool,
    /// Latency counts only events after this much of the run (the tables' opening burst is
    /// no steady state).
    pub warmup: Duration,
}

/// Latency figures in milliseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Latency {
    pub count: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl Latency {
    pub fn of(mut samples: Vec<Duration>) -> Latency {
        if samples.is_empty() {
            return Latency::default();
        }
        samples.sort();
        let at = |q: f64| {
            let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
            samples[i].as_secs_f64() * 1000.0
        };
        Latency {
            count: samples.len(),
            p50_ms: at(0.50),
            p99_ms: at(0.99),
            max_ms: at(1.0),
        }
    }
}

/// The figures of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub discord_tables: usize,
    pub telegram_tables: usize,
    pub players: usize,
    pub think_ms: u64,
    pub seconds: f64,
    /// Latency figures leave out events of the first `warmup_seconds`.
    pub warmup_seconds: f64,
    /// Interactions and updates the players sent.
    pub sent: u64,
    /// Of those, answered by the bot.
    pub answered: usize,
    pub actions_per_second: f64,
    /// Commands the bot stored (one durable transaction each).
    pub committed: u64,
    pub committed_per_second: f64,
    pub games_finished: u64,
    pub latency: Latency,
    pub discord_latency: Latency,
    pub telegram_latency: Latency,
    /// Discord interactions not answered within 3 s.
    pub discord_late: usize,
    pub peak_memory_mib: f64,
    pub sqlite_bytes: u64,
    pub bot_starts: usize,
    /// Plain sqlx loop: the same number of transactions of the same size.
    pub baseline_tx_per_second: Option<f64>,
    /// committed_per_second / baseline_tx_per_second.
    pub ratio_to_baseline: Option<f64>,
    pub database: PathBuf,
    pub log: PathBuf,
    /// Table id → the highest version the players were shown (every one must be stored).
    pub seen_versions: std::collections::BTreeMap<u64, u64>,
    /// Chats whose game had not finished and had not moved for `STUCK_AFTER` at the end:
    /// (chat, table, version, the table message the players saw).
    pub stuck: Vec<(i64, u64, u64, String)>,
}

/// A game that has not moved for this long at the end of a run counts as stuck.
pub const STUCK_AFTER: Duration = Duration::from_secs(15);

/// Runs the load and returns its report. The database (and the bot's log) stay in
/// `work_dir` for checks.
pub async fn run(config: &LoadConfig, work_dir: &std::path::Path) -> anyhow::Result<Report> {
    let database = config
        .database
        .clone()
        .unwrap_or_else(|| work_dir.join("load.db"));
    let log = database.with_extension("log");
    let discord = if config.discord_tables > 0 {
        Some(FakeDiscord::start().await?)
    } else {
        None
    };
    let telegram = if config.telegram_tables > 0 {
        Some(FakeTelegram::start().await?)
    } else {
        None
    };
    let setup = BotSetup {
        binary: config.binary.clone(),
        database_url: format!("sqlite://{}", database.display()),
        discord_api: discord.as_ref().map(FakeDiscord::api_url),
        telegram_api: telegram.as_ref().map(FakeTelegram::api_url),
        telegram_token: telegram
            .as_ref()
            .map(|t| t.token().to_string())
            .unwrap_or_default(),
        seed: config.seed,
        log: log.clone(),
    };
    let guild = discord.as_ref().map(FakeDiscord::guild_id).unwrap_or(0);
    let arena = Arc::new(Arena {
        discord,
        telegram,
        discord_watch: Mutex::new(watch::DiscordWatch::default()),
        telegram_watch: Mutex::new(watch::TelegramWatch::default()),
        think: config.think,
        stop: AtomicBool::new(false),
        sent: AtomicU64::new(0),
        games_finished: AtomicU64::new(0),
    });
    let mut bot = BotProcess::start(setup)?;
    wait_ready(&arena, 0)
        .await
        .context("the bot did not come up")?;

    // One watcher pass per tick for all tables.
    let watcher = {
        let arena = arena.clone();
        tokio::spawn(async move {
            while !arena.stop.load(Ordering::Relaxed) {
                poll_watches(&arena);
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
    };

    let started = Instant::now();
    let mut tables = tokio::task::JoinSet::new();
    for i in 0..config.discord_tables {
        tables.spawn(drive::play(
            arena.clone(),
            Seats::discord(i, guild, config.players),
            config.seed ^ ((i as u64) << 1),
        ));
    }
    for i in 0..config.telegram_tables {
        tables.spawn(drive::play(
            arena.clone(),
            Seats::telegram(i, config.players),
            config.seed ^ (((i as u64) << 1) | 1),
        ));
    }

    // Kill moments, spread at random over the run (not in its first or last tenth).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(config.seed);
    let span = config.duration.as_secs_f64();
    let mut kills: Vec<f64> = (0..config.kills)
        .map(|_| rng.random_range(0.1..0.9) * span)
        .collect();
    kills.sort_by(f64::total_cmp);
    let mut restarts = Vec::new();
    for at in kills {
        let wait = Duration::from_secs_f64(at).saturating_sub(started.elapsed());
        sample_while(&mut bot, wait).await;
        let sessions = arena
            .discord
            .as_ref()
            .map(FakeDiscord::sessions)
            .unwrap_or(0);
        bot.restart()?;
        restarts.push(started.elapsed());
        wait_ready(&arena, sessions)
            .await
            .context("the bot did not come back after SIGKILL")?;
    }
    let left = config.duration.saturating_sub(started.elapsed());
    sample_while(&mut bot, left).await;
    let seconds = started.elapsed().as_secs_f64();

    // Stop the players, let the last answers arrive, then stop the bot.
    arena.stop.store(true, Ordering::Relaxed);
    while tables.join_next().await.is_some() {}
    tokio::time::sleep(Duration::from_millis(500)).await;
    bot.sample_memory();
    let starts = bot.starts;
    let peak_memory_mib = bot.stop()?;
    let _ = watcher.await;
    poll_watches(&arena);

    let measured_from = started + config.warmup;
    let steady = |samples: Vec<(Instant, Duration)>| -> Vec<Duration> {
        samples
            .into_iter()
            .filter(|(at, _)| *at >= measured_from)
            .map(|(_, d)| d)
            .collect()
    };
    let discord_samples = steady(
        arena
            .discord_watch
            .lock()
            .map(|w| w.latencies.clone())
            .unwrap_or_default(),
    );
    let discord_late = arena
        .discord
        .as_ref()
        .map(|d| d.late_answers().len())
        .unwrap_or(0);
    let telegram_samples = steady(
        arena
            .telegram_watch
            .lock()
            .map(|w| w.latencies.clone())
            .unwrap_or_default(),
    );
    let answered = arena
        .discord_watch
        .lock()
        .map(|w| w.latencies.len())
        .unwrap_or(0)
        + arena
            .telegram_watch
            .lock()
            .map(|w| w.latencies.len())
            .unwrap_or(0);
    let all: Vec<Duration> = discord_samples
        .iter()
        .chain(telegram_samples.iter())
        .copied()
        .collect();

    let mut seen = check::SeenSummary::default();
    for s in [
        arena
            .discord_watch
            .lock()
            .map(|w| w.tables.seen.clone())
            .ok(),
        arena
            .telegram_watch
            .lock()
            .map(|w| w.tables.seen.clone())
            .ok(),
    ]
    .into_iter()
    .flatten()
    {
        seen.versions.extend(s.versions);
        for (chat, (table, at)) in &s.progress {
            if !table.finished && at.elapsed() > STUCK_AFTER {
                seen.stuck
                    .push((*chat, table.table, table.version, table.content.clone()));
            }
        }
    }
    let (committed, payload) = check::committed(&database).await?;
    let sent = arena.sent.load(Ordering::Relaxed);
    let (baseline_tx_per_second, ratio_to_baseline) = if config.baseline && committed > 0 {
        let rate = baseline::transactions_per_second(work_dir, committed, payload).await?;
        (Some(rate), Some(committed as f64 / seconds / rate))
    } else {
        (None, None)
    };
    Ok(Report {
        discord_tables: config.discord_tables,
        telegram_tables: config.telegram_tables,
        players: config.players,
        think_ms: config.think.as_millis() as u64,
        seconds,
        warmup_seconds: config.warmup.as_secs_f64(),
        sent,
        answered,
        actions_per_second: answered as f64 / seconds,
        committed,
        committed_per_second: committed as f64 / seconds,
        games_finished: arena.games_finished.load(Ordering::Relaxed),
        latency: Latency::of(all),
        discord_latency: Latency::of(discord_samples),
        telegram_latency: Latency::of(telegram_samples),
        discord_late,
        peak_memory_mib,
        sqlite_bytes: bot::database_bytes(&database),
        bot_starts: starts,
        baseline_tx_per_second,
        ratio_to_baseline,
        database,
        log,
        seen_versions: seen.versions,
        stuck: seen.stuck,
    })
}

fn poll_watches(arena: &Arena) {
    if let (Some(fake), Ok(mut w)) = (arena.discord.as_ref(), arena.discord_watch.lock()) {
        w.poll(fake);
    }
    if let (Some(fake), Ok(mut w)) = (arena.telegram.as_ref(), arena.telegram_watch.lock()) {
        w.poll(fake);
    }
}

/// Sleeps `total`, sampling the bot's memory every second.
async fn sample_while(bot: &mut BotProcess, total: Duration) {
    let end = Instant::now() + total;
    while Instant::now() < end {
        bot.sample_memory();
        let step = end
            .saturating_duration_since(Instant::now())
            .min(Duration::from_secs(1));
        tokio::time::sleep(step).await;
    }
}

/// Waits until the bot is connected to every fake: a new Discord session with its commands
/// registered, and a Telegram long poll.
async fn wait_ready(arena: &Arena, sessions_before: usize) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(60);
    if let Some(discord) = &arena.discord {
        discord
            .wait_ready_after(
                sessions_before,
                deadline.saturating_duration_since(Instant::now()),
            )
            .await?;
    }
    if let Some(telegram) = &arena.telegram {
        let mark = telegram.mark();
        telegram
            .wait_for(
                mark,
                deadline.saturating_duration_since(Instant::now()),
                |r| r.is("getUpdates"),
            )
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(())
}
