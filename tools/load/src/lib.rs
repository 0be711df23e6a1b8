//! Load, latency and crash runs of the real `schocken` bot with its production pacing: it is
//! started against the local fake Discord and fake Telegram, which enforce the platforms'
//! rate limits (429s like the real ones), scripted players play many tables at once, and the
//! run reports actions per second, latency from the platform's event to the bot's first
//! answer, how far the table messages were behind the moves, the pace of the bot's writes
//! against each platform's limits, peak memory and CPU, the SQLite size, and how much of a
//! plain sqlx loop's capacity the stored moves used.

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

/// The bot's own cap on Telegram writes across all chats (Telegram allows about 30 a second).
pub const TELEGRAM_WRITES_PER_SECOND: f64 = 25.0;
/// The gap between two writes to a Telegram group (20 a minute).
pub const TELEGRAM_GROUP_GAP: Duration = Duration::from_secs(3);
/// Discord's global limit for a bot's REST requests (interaction callbacks exempt).
pub const DISCORD_REQUESTS_PER_SECOND: f64 = 50.0;
/// Busy Telegram group tables (players thinking about a second) from which some table messages
/// fall behind by more than 3 s, as measured on the development machine (docs/PERFORMANCE.md:
/// 2 % of the moves at 45 tables, 5 % at 60, 11 % at 75). In theory the bot's 25 writes a
/// second serve 75; the tables' writes do not spread evenly over every second.
pub const TELEGRAM_BUSY_GROUP_TABLES: usize = 45;
/// How far a table message may be behind a move: one group gap (and a little for the trip).
pub const LAG_LIMIT: Duration = Duration::from_millis(3100);

/// Discord tables of a default run: each busy channel's table message is edited about once a
/// second, and the bot keeps its table writes to 45 a second in all (Discord allows 50): beyond
/// about 45 busy channels the table messages fall behind rather than meet 429s.
pub const DEFAULT_DISCORD_TABLES: usize = 40;
/// Telegram tables of a default run: fewer than Discord's, because all of them share the bot's
/// 25 writes a second to Telegram, a busy group table wants one every 3 s, and a table that
/// plays through private chats costs about three times that (see docs/PERFORMANCE.md: the
/// budget makes table messages fall behind by more than 3 s from about 45 busy group tables).
pub const DEFAULT_TELEGRAM_TABLES: usize = 25;
/// Of those, tables whose players play through their private chats.
pub const DEFAULT_TELEGRAM_PRIVATE: usize = 5;

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub discord_tables: usize,
    pub telegram_tables: usize,
    /// Of the Telegram tables, how many play through the players' private chats.
    pub telegram_private: usize,
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
    /// House rules the first player of every table sets as an admin before the first game
    /// (`deckel=3`: short games).
    pub rules: Option<String>,
    /// `RUST_LOG` of the bot.
    pub log_filter: String,
}

impl LoadConfig {
    /// The defaults of `schocken-load`: as many busy tables as the platforms' limits let the
    /// bot serve at their pace (see docs/PERFORMANCE.md).
    pub fn new(binary: PathBuf) -> LoadConfig {
        LoadConfig {
            discord_tables: DEFAULT_DISCORD_TABLES,
            telegram_tables: DEFAULT_TELEGRAM_TABLES,
            telegram_private: DEFAULT_TELEGRAM_PRIVATE,
            players: 3,
            think: Duration::from_millis(1000),
            duration: Duration::from_secs(60),
            binary,
            kills: 0,
            seed: 1,
            database: None,
            baseline: true,
            warmup: Duration::from_secs(10),
            rules: None,
            log_filter: "warn".into(),
        }
    }
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

/// How far the table messages were behind the moves: from a move's answer to the first
/// table write that showed it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TableLag {
    pub lag: Latency,
    /// Moves shown later than [`LAG_LIMIT`].
    pub over_limit: usize,
    /// Moves answered at least [`LAG_LIMIT`] before the end that no table write showed.
    pub never_shown: usize,
}

/// One platform's figures.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlatformReport {
    pub tables: usize,
    /// Latency event → first answer (Discord: the interaction callback; Telegram: the
    /// answer to a button press).
    pub latency: Latency,
    pub table_lag: TableLag,
    /// Requests the fake answered 429 (must be 0).
    pub rate_limited: usize,
    /// Presses the bot refused (stale buttons, not the presser's turn, …).
    pub refused: u64,
}

/// Telegram's figures beyond the shared ones.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TelegramReport {
    #[serde(flatten)]
    pub common: PlatformReport,
    /// Tables playing through the players' private chats.
    pub private_tables: usize,
    /// Commands (`/new`, `/regeln`, START) → the bot's first write about their chat, which
    /// waits for the chat's pace.
    pub command_latency: Latency,
    /// The most writes to one group within any 60 s (Telegram: 20).
    pub max_writes_per_minute_per_group: usize,
    /// The most writes to all chats within any second (the bot: 25; Telegram: about 30).
    pub max_writes_per_second: usize,
    /// Writes per second over the measured part of the run.
    pub writes_per_second: f64,
    /// Private cups the bot tried to send to players who never pressed START (403): one per
    /// player after every start of the bot, each taking a slot of the overall budget.
    pub private_tries_refused: usize,
    /// Every write answered 429: (seconds into the run, chat, accepted writes to that chat in
    /// the 60 s before it).
    pub refused_writes: Vec<(f64, i64, usize)>,
}

/// Discord's figures beyond the shared ones.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DiscordReport {
    #[serde(flatten)]
    pub common: PlatformReport,
    /// Interactions not answered within 3 s.
    pub late: usize,
    /// The most table-message writes (create, edit, delete) in one channel within any 5 s
    /// (Discord: 5 per bucket and fixed 5 s window).
    pub max_table_writes_per_5s_per_channel: usize,
    /// The most REST requests (not interaction callbacks) within any second (Discord: 50).
    pub max_requests_per_second: usize,
}

/// The figures of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub discord_tables: usize,
    pub telegram_tables: usize,
    pub players: usize,
    pub think_ms: u64,
    pub seconds: f64,
    /// Latency and lag figures leave out events of the first `warmup_seconds`.
    pub warmup_seconds: f64,
    pub rules: Option<String>,
    /// Interactions and updates the players sent.
    pub sent: u64,
    /// Of those, answered by the bot.
    pub answered: usize,
    pub actions_per_second: f64,
    /// Commands the bot stored (one durable transaction each).
    pub committed: u64,
    pub committed_per_second: f64,
    /// Games the players saw end.
    pub games_finished: u64,
    /// Games stored as finished.
    pub games_stored_finished: u64,
    /// Every answer to an event (Discord interactions, Telegram button presses).
    pub latency: Latency,
    pub discord: DiscordReport,
    pub telegram: TelegramReport,
    pub peak_memory_mib: f64,
    /// CPU seconds the bot used (user + system, all its processes).
    pub cpu_seconds: f64,
    pub sqlite_bytes: u64,
    pub bot_starts: usize,
    /// Plain sqlx loop: the same number of transactions of the same size.
    pub baseline_tx_per_second: Option<f64>,
    /// committed_per_second / baseline_tx_per_second: how much of the store's capacity the
    /// paced load used.
    pub ratio_to_baseline: Option<f64>,
    pub database: PathBuf,
    pub log: PathBuf,
    /// Table id → the highest version the players were shown (every one must be stored).
    pub seen_versions: std::collections::BTreeMap<u64, u64>,
    /// Chats whose game had not finished and had not moved for `STUCK_AFTER` at the end:
    /// (chat, table, version, the table message the players saw).
    pub stuck: Vec<(i64, u64, u64, String)>,
}

impl Report {
    /// What broke a platform limit or the table-message lag, one line each (empty: the run
    /// stayed within the limits).
    pub fn over_limits(&self) -> Vec<String> {
        let mut out = Vec::new();
        let d = &self.discord;
        if self.discord_tables > 0 {
            if d.common.rate_limited > 0 {
                out.push(format!(
                    "Discord answered {} requests 429",
                    d.common.rate_limited
                ));
            }
            if d.max_table_writes_per_5s_per_channel > 5 {
                out.push(format!(
                    "{} table writes within 5 s in one Discord channel",
                    d.max_table_writes_per_5s_per_channel
                ));
            }
            if d.late > 0 {
                out.push(format!(
                    "{} Discord interactions answered after 3 s",
                    d.late
                ));
            }
        }
        let t = &self.telegram;
        if self.telegram_tables > 0 {
            if t.common.rate_limited > 0 {
                out.push(format!(
                    "Telegram answered {} writes 429",
                    t.common.rate_limited
                ));
            }
            if t.max_writes_per_minute_per_group > 20 {
                out.push(format!(
                    "{} writes within a minute to one Telegram group",
                    t.max_writes_per_minute_per_group
                ));
            }
            let lag = &t.common.table_lag;
            if lag.over_limit > 0 || lag.never_shown > 0 {
                out.push(format!(
                    "Telegram table messages behind by more than 3 s: {} moves (max {:.1} s), \
                     {} never shown",
                    lag.over_limit,
                    lag.lag.max_ms / 1000.0,
                    lag.never_shown
                ));
            }
        }
        out
    }
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
        discord_token: discord
            .as_ref()
            .map(|d| d.token().to_string())
            .unwrap_or_default(),
        seed: config.seed,
        log: log.clone(),
        log_filter: config.log_filter.clone(),
    };
    let guild = discord.as_ref().map(FakeDiscord::guild_id).unwrap_or(0);
    let arena = Arc::new(Arena {
        discord,
        telegram,
        discord_watch: Mutex::new(watch::DiscordWatch::default()),
        telegram_watch: Mutex::new(watch::TelegramWatch::default()),
        think: config.think,
        open_within: if config.warmup.is_zero() {
            config.think * 3
        } else {
            config.warmup.mul_f64(0.8)
        },
        rules: config.rules.clone(),
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
    let discord_seats: Vec<Seats> = (0..config.discord_tables)
        .map(|i| Seats::discord(i, guild, config.players))
        .collect();
    let telegram_seats: Vec<Seats> = (0..config.telegram_tables)
        .map(|i| Seats::telegram(i, config.players, i < config.telegram_private))
        .collect();
    for (i, seats) in discord_seats.iter().enumerate() {
        tables.spawn(drive::play(
            arena.clone(),
            seats.clone(),
            config.seed ^ ((i as u64) << 1),
        ));
    }
    for (i, seats) in telegram_seats.iter().enumerate() {
        tables.spawn(drive::play(
            arena.clone(),
            seats.clone(),
            config.seed ^ (((i as u64) << 1) | 1),
        ));
    }

    // Kill moments, spread at random over the run (not in its first tenth, nor in its last
    // 30 %: the tables must show they go on).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(config.seed);
    let span = config.duration.as_secs_f64();
    let mut kills: Vec<f64> = (0..config.kills)
        .map(|_| rng.random_range(0.1..0.7) * span)
        .collect();
    kills.sort_by(f64::total_cmp);
    for at in kills {
        let wait = Duration::from_secs_f64(at).saturating_sub(started.elapsed());
        sample_while(&mut bot, wait).await;
        let sessions = arena
            .discord
            .as_ref()
            .map(FakeDiscord::sessions)
            .unwrap_or(0);
        bot.restart()?;
        wait_ready(&arena, sessions)
            .await
            .context("the bot did not come back after SIGKILL")?;
    }
    let left = config.duration.saturating_sub(started.elapsed());
    sample_while(&mut bot, left).await;
    let seconds = started.elapsed().as_secs_f64();
    let ended = Instant::now();

    // Stop the players, let the last answers and table writes arrive, then stop the bot.
    arena.stop.store(true, Ordering::Relaxed);
    while tables.join_next().await.is_some() {}
    tokio::time::sleep(LAG_LIMIT).await;
    bot.sample_memory();
    let starts = bot.starts;
    let (peak_memory_mib, cpu_seconds) = bot.stop()?;
    let _ = watcher.await;
    poll_watches(&arena);

    let measured_from = started + config.warmup;
    let steady = |samples: &[(Instant, Duration)]| -> Vec<Duration> {
        samples
            .iter()
            .filter(|(at, _)| *at >= measured_from && *at < ended)
            .map(|(_, d)| *d)
            .collect()
    };
    let lag_of = |lag: &watch::Lag| -> TableLag {
        let shown = steady(&lag.samples);
        let unshown = steady(&lag.unshown(ended));
        TableLag {
            over_limit: shown.iter().filter(|d| **d > LAG_LIMIT).count(),
            never_shown: unshown.len(),
            lag: Latency::of(shown),
        }
    };

    let mut answered = 0;
    let mut all = Vec::new();
    let mut discord_report = DiscordReport::default();
    if let (Some(fake), Ok(w)) = (arena.discord.as_ref(), arena.discord_watch.lock()) {
        let samples = steady(&w.counts.latencies);
        answered += w.counts.latencies.len();
        all.extend(samples.iter().copied());
        let channels = discord_seats.iter().map(|s| s.chat() as u64);
        discord_report = DiscordReport {
            common: PlatformReport {
                tables: config.discord_tables,
                latency: Latency::of(samples),
                table_lag: lag_of(&w.counts.lag),
                rate_limited: fake.rate_limited().len(),
                refused: w.counts.refused,
            },
            late: fake.late_answers().len(),
            max_table_writes_per_5s_per_channel: channels
                .map(|c| fake.max_message_writes_in_window(c, Duration::from_secs(5)))
                .max()
                .unwrap_or(0),
            max_requests_per_second: fake.max_in_window(Duration::from_secs(1), |r| {
                r.bucket.is_some() && !r.rate_limited()
            }),
        };
    }
    let mut telegram_report = TelegramReport::default();
    if let (Some(fake), Ok(w)) = (arena.telegram.as_ref(), arena.telegram_watch.lock()) {
        let samples = steady(&w.counts.latencies);
        answered += w.counts.latencies.len();
        all.extend(samples.iter().copied());
        let measured: Vec<&Instant> = w
            .writes
            .iter()
            .filter(|at| **at >= measured_from && **at < ended)
            .collect();
        let span = ended.saturating_duration_since(measured_from).as_secs_f64();
        telegram_report = TelegramReport {
            common: PlatformReport {
                tables: config.telegram_tables,
                latency: Latency::of(samples),
                table_lag: lag_of(&w.counts.lag),
                rate_limited: fake.rate_limited().len(),
                refused: w.counts.refused,
            },
            private_tables: config.telegram_private.min(config.telegram_tables),
            command_latency: Latency::of(steady(&w.command_latencies)),
            max_writes_per_minute_per_group: telegram_seats
                .iter()
                .map(|s| fake.max_writes_per_minute(s.chat()))
                .max()
                .unwrap_or(0),
            max_writes_per_second: watch::max_in_window(&w.writes, Duration::from_secs(1)),
            writes_per_second: measured.len() as f64 / span.max(1e-9),
            private_tries_refused: fake
                .requests()
                .iter()
                .filter(|r| r.is_write() && r.status == 403)
                .count(),
            refused_writes: fake
                .rate_limited()
                .iter()
                .map(|r| {
                    let chat = r.chat_id().unwrap_or(0);
                    let before = fake
                        .accepted_writes(chat)
                        .iter()
                        .filter(|w| {
                            w.at <= r.at
                                && r.at.saturating_duration_since(w.at) < Duration::from_secs(60)
                        })
                        .count();
                    let at = r.at.saturating_duration_since(started).as_secs_f64();
                    (at, chat, before)
                })
                .collect(),
        };
    }

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
            if !table.finished && ended.saturating_duration_since(*at) > STUCK_AFTER {
                seen.stuck
                    .push((*chat, table.table, table.version, table.content.clone()));
            }
        }
    }
    let (committed, payload) = check::committed(&check::sqlite(&database)).await?;
    let games_stored_finished = check::finished_games(&check::sqlite(&database)).await?;
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
        rules: config.rules.clone(),
        sent,
        answered,
        actions_per_second: answered as f64 / seconds,
        committed,
        committed_per_second: committed as f64 / seconds,
        games_finished: arena.games_finished.load(Ordering::Relaxed),
        games_stored_finished,
        latency: Latency::of(all),
        discord: discord_report,
        telegram: telegram_report,
        peak_memory_mib,
        cpu_seconds,
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

/// Sleeps `total`, sampling the bot's memory and CPU every second.
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
