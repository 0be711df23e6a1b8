//! One run: the fakes, the bot processes, the scripted tables, and the report.

use crate::bot::BotSetup;
use crate::brief;
use crate::drive::{self, Arena, Seats};
use crate::fleet::Fleet;
use crate::report::{
    BriefMemory, DiscordReport, Latency, PlatformReport, Report, TableLag, TelegramReport,
};
use crate::{LAG_LIMIT, LoadConfig, baseline, check, watch};
use anyhow::Context;
use rand::{Rng, SeedableRng};
use schocken_fakes::discord::FakeDiscord;
use schocken_fakes::telegram::FakeTelegram;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A game that has not moved for this long at the end of a run counts as stuck.
pub const STUCK_AFTER: Duration = Duration::from_secs(15);

/// Runs the load and returns its report. The database (and the bot's log) stay in
/// `work_dir` for checks.
pub async fn run(config: &LoadConfig, work_dir: &Path) -> anyhow::Result<Report> {
    let files = RunFiles::new(config, work_dir)?;
    let (discord, telegram) = start_fakes(config).await?;
    let setup = bot_setup(config, &files, discord.as_ref(), telegram.as_ref());
    let guilds = guilds(discord.as_ref(), config.processes.max(1));
    let arena = arena(config, discord, telegram);
    let mut fleet = Fleet::start(&setup, config.processes, &arena)
        .await
        .context("the bot did not come up")?;
    let mut memory = MemoryTrace::new();
    let watcher = spawn_watcher(arena.clone());
    let brief = if config.brief_chats > 0 {
        Some(brief_phase(config, &arena, &mut fleet, &guilds, &mut memory).await)
    } else {
        None
    };
    let played = play_tables(config, &arena, &mut fleet, &mut memory, &guilds).await?;
    let machine = stop_fleet(fleet, &memory, played.busy_from)?;
    let _ = watcher.await;
    // The watcher has stopped with the players: one last pass takes in what came after.
    poll_watches(&arena);

    let window = played.window(config.warmup);
    let discord = discord_report(&arena, &window, config, &played.discord_seats);
    let telegram = telegram_report(&arena, &window, config, &played.telegram_seats);
    let seen = seen_summary(&arena, played.ended);
    let stored = stored_figures(config, &files, work_dir, played.seconds).await?;
    let figures = Figures {
        seconds: played.seconds,
        brief,
        discord,
        telegram,
        seen,
        machine,
        stored,
        memory,
    };
    Ok(assemble_report(config, &arena, files, figures))
}

/// The fakes the run's tables need: a platform without tables gets none.
async fn start_fakes(
    config: &LoadConfig,
) -> anyhow::Result<(Option<FakeDiscord>, Option<FakeTelegram>)> {
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
    Ok((discord, telegram))
}

/// One watcher pass per tick for all tables, until the players stop.
fn spawn_watcher(arena: Arc<Arena>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !arena.stop.load(Ordering::Relaxed) {
            poll_watches(&arena);
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
}

/// The busy tables' part of the run: who sat where, and when it began and ended.
struct Played {
    discord_seats: Vec<Seats>,
    telegram_seats: Vec<Seats>,
    started: Instant,
    ended: Instant,
    /// The run's length, from the tables' start to the players' stop.
    seconds: f64,
    /// Seconds into the memory trace from which the tables were past their warm-up.
    busy_from: f64,
}

impl Played {
    /// The measured window: from the end of `warmup` to the players' stop.
    fn window(&self, warmup: Duration) -> Window {
        Window {
            from: self.started + warmup,
            ended: self.ended,
            started: self.started,
        }
    }
}

/// The busy tables: spawned, played for the run's length with its kills, then stopped.
async fn play_tables(
    config: &LoadConfig,
    arena: &Arc<Arena>,
    fleet: &mut Fleet,
    memory: &mut MemoryTrace,
    guilds: &[u64],
) -> anyhow::Result<Played> {
    let started = Instant::now();
    let busy_from = memory.elapsed() + config.warmup.as_secs_f64();
    let discord_seats: Vec<Seats> = (0..config.discord_tables)
        .map(|i| Seats::discord(i, guilds[i % guilds.len()], config.players))
        .collect();
    let telegram_seats: Vec<Seats> = (0..config.telegram_tables)
        .map(|i| Seats::telegram(i, config.players, i < config.telegram_private))
        .collect();
    let mut tables = spawn_tables(arena, config, &discord_seats, &telegram_seats);
    kill_while_playing(config, fleet, memory, arena, started).await?;
    let seconds = started.elapsed().as_secs_f64();
    let ended = Instant::now();

    // Stop the players and let the last answers and table writes arrive before the bot stops.
    arena.stop.store(true, Ordering::Relaxed);
    while tables.join_next().await.is_some() {}
    tokio::time::sleep(LAG_LIMIT).await;
    Ok(Played {
        discord_seats,
        telegram_seats,
        started,
        ended,
        seconds,
        busy_from,
    })
}

/// Every table's players, each with a seed of its own.
fn spawn_tables(
    arena: &Arc<Arena>,
    config: &LoadConfig,
    discord: &[Seats],
    telegram: &[Seats],
) -> tokio::task::JoinSet<()> {
    let mut tables = tokio::task::JoinSet::new();
    for (i, seats) in discord.iter().enumerate() {
        tables.spawn(drive::play(
            arena.clone(),
            seats.clone(),
            config.seed ^ ((i as u64) << 1),
        ));
    }
    for (i, seats) in telegram.iter().enumerate() {
        tables.spawn(drive::play(
            arena.clone(),
            seats.clone(),
            config.seed ^ (((i as u64) << 1) | 1),
        ));
    }
    tables
}

/// The run's length, sampling memory and CPU, with the SIGKILLs at moments spread at random
/// over it (not in its first tenth, nor in its last 30 %: the tables must show they go on);
/// each hits one process, in turn, which is started again.
async fn kill_while_playing(
    config: &LoadConfig,
    fleet: &mut Fleet,
    memory: &mut MemoryTrace,
    arena: &Arena,
    started: Instant,
) -> anyhow::Result<()> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(config.seed);
    let span = config.duration.as_secs_f64();
    let mut kills: Vec<f64> = (0..config.kills)
        .map(|_| rng.random_range(0.1..0.7) * span)
        .collect();
    kills.sort_by(f64::total_cmp);
    for (k, at) in kills.into_iter().enumerate() {
        let wait = Duration::from_secs_f64(at).saturating_sub(started.elapsed());
        sample_while(fleet, memory, wait).await;
        fleet
            .restart(k % fleet.len(), arena)
            .await
            .context("the bot did not come back after SIGKILL")?;
    }
    let left = config.duration.saturating_sub(started.elapsed());
    sample_while(fleet, memory, left).await;
    Ok(())
}

/// The bot's processes as they were at the end of the busy tables.
struct MachineFigures {
    /// The highest resident memory (all, anonymous) after the warm-up, in MiB.
    busy_max_mib: (f64, f64),
    /// Resident memory (all, anonymous) at the end, in MiB.
    end_mib: (f64, f64),
    starts: usize,
    processes: usize,
    peak_memory_mib: f64,
    cpu_seconds: f64,
}

/// Takes the last memory sample, then stops the bot.
fn stop_fleet(
    mut fleet: Fleet,
    memory: &MemoryTrace,
    busy_from: f64,
) -> anyhow::Result<MachineFigures> {
    fleet.sample();
    let busy_max_mib = memory.max_since(busy_from);
    let end_mib = fleet.resident_mib();
    let starts = fleet.starts();
    let processes = fleet.len();
    let (peak_memory_mib, cpu_seconds) = fleet.stop()?;
    Ok(MachineFigures {
        busy_max_mib,
        end_mib,
        starts,
        processes,
        peak_memory_mib,
        cpu_seconds,
    })
}

/// Where the bot keeps its database and its log.
struct RunFiles {
    database: PathBuf,
    log: PathBuf,
    url: String,
}

impl RunFiles {
    fn new(config: &LoadConfig, work_dir: &Path) -> anyhow::Result<RunFiles> {
        let database = config
            .database
            .clone()
            .unwrap_or_else(|| work_dir.join("load.db"));
        let log = database.with_extension("log");
        let url = database_url(config, &database)?;
        Ok(RunFiles { database, log, url })
    }

    fn is_sqlite(&self) -> bool {
        self.url.starts_with("sqlite:")
    }

    /// The database's kind, as the report names it.
    fn backend(&self) -> &'static str {
        if self.is_sqlite() {
            "SQLite"
        } else {
            "PostgreSQL"
        }
    }
}

/// What the database holds at the end, and the plain sqlx loop to compare it with.
struct StoredFigures {
    /// Where the checks read the stored tables.
    read_url: String,
    committed: u64,
    games_finished: u64,
    baseline_tx_per_second: Option<f64>,
    ratio_to_baseline: Option<f64>,
    database_bytes: u64,
}

/// Reads what the bot stored; on SQLite (unless `--no-baseline`) a plain sqlx loop then runs
/// as many transactions of the same size, to compare.
async fn stored_figures(
    config: &LoadConfig,
    files: &RunFiles,
    work_dir: &Path,
    seconds: f64,
) -> anyhow::Result<StoredFigures> {
    let sqlite = files.is_sqlite();
    // The checks read a SQLite file without writing to it.
    let read_url = if sqlite {
        check::sqlite(&files.database)
    } else {
        files.url.clone()
    };
    let (committed, payload) = check::committed(&read_url).await?;
    let games_finished = check::finished_games(&read_url).await?;
    let (baseline_tx_per_second, ratio_to_baseline) = if config.baseline && sqlite && committed > 0
    {
        let rate = baseline::transactions_per_second(work_dir, committed, payload).await?;
        (Some(rate), Some(committed as f64 / seconds / rate))
    } else {
        (None, None)
    };
    Ok(StoredFigures {
        read_url,
        committed,
        games_finished,
        baseline_tx_per_second,
        ratio_to_baseline,
        database_bytes: crate::bot::stored_bytes(&files.url, &files.database).await?,
    })
}

/// Everything a run measured, by part, before it becomes the [`Report`].
struct Figures {
    seconds: f64,
    brief: Option<BriefMemory>,
    discord: PlatformFigures<DiscordReport>,
    telegram: PlatformFigures<TelegramReport>,
    seen: check::SeenSummary,
    machine: MachineFigures,
    stored: StoredFigures,
    memory: MemoryTrace,
}

/// The report from the run's parts; the answers and latencies are totalled over both platforms.
fn assemble_report(
    config: &LoadConfig,
    arena: &Arena,
    files: RunFiles,
    figures: Figures,
) -> Report {
    let answered = figures.discord.answered + figures.telegram.answered;
    let mut all = figures.discord.latencies;
    all.extend(figures.telegram.latencies);
    let (seconds, machine, stored) = (figures.seconds, figures.machine, figures.stored);
    Report {
        discord_tables: config.discord_tables,
        telegram_tables: config.telegram_tables,
        players: config.players,
        think_ms: config.think.as_millis() as u64,
        seconds,
        warmup_seconds: config.warmup.as_secs_f64(),
        rules: config.rules.clone(),
        sent: arena.sent.load(Ordering::Relaxed),
        answered,
        actions_per_second: answered as f64 / seconds,
        committed: stored.committed,
        committed_per_second: stored.committed as f64 / seconds,
        games_finished: arena.games_finished.load(Ordering::Relaxed),
        games_stored_finished: stored.games_finished,
        latency: Latency::of(all),
        discord: figures.discord.report,
        telegram: figures.telegram.report,
        peak_memory_mib: machine.peak_memory_mib,
        cpu_seconds: machine.cpu_seconds,
        database_bytes: stored.database_bytes,
        backend: files.backend().into(),
        processes: machine.processes,
        bot_starts: machine.starts,
        brief: figures.brief,
        memory_by_minute_mib: figures.memory.by_minute(|(rss, _)| rss),
        anonymous_by_minute_mib: figures.memory.by_minute(|(_, anon)| anon),
        memory_busy_max_mib: machine.busy_max_mib.0,
        anonymous_busy_max_mib: machine.busy_max_mib.1,
        memory_end_mib: machine.end_mib.0,
        anonymous_end_mib: machine.end_mib.1,
        baseline_tx_per_second: stored.baseline_tx_per_second,
        ratio_to_baseline: stored.ratio_to_baseline,
        database: files.database,
        database_url: stored.read_url,
        log: files.log,
        seen_versions: figures.seen.versions,
        stuck: figures.seen.stuck,
    }
}

/// The measured window of a run: from the end of the warm-up to the players' stop.
struct Window {
    started: Instant,
    from: Instant,
    ended: Instant,
}

impl Window {
    /// The samples taken within the window.
    fn steady(&self, samples: &[(Instant, Duration)]) -> Vec<Duration> {
        samples
            .iter()
            .filter(|(at, _)| *at >= self.from && *at < self.ended)
            .map(|(_, d)| *d)
            .collect()
    }

    /// How far the table messages were behind the moves, within the window.
    fn lag_of(&self, lag: &watch::Lag) -> TableLag {
        let shown = self.steady(&lag.samples);
        let unshown = self.steady(&lag.unshown(self.ended));
        TableLag {
            over_limit: shown.iter().filter(|d| **d > LAG_LIMIT).count(),
            never_shown: unshown.len(),
            lag: Latency::of(shown),
        }
    }

    /// Events per second within the window.
    fn rate_of(&self, events: &[Instant]) -> f64 {
        let within = events
            .iter()
            .filter(|at| **at >= self.from && **at < self.ended)
            .count();
        let span = self
            .ended
            .saturating_duration_since(self.from)
            .as_secs_f64();
        within as f64 / span.max(1e-9)
    }
}

/// A platform's report with its answers counted and its latencies within the window, which
/// the run's totals add up over both platforms.
#[derive(Default)]
struct PlatformFigures<R> {
    report: R,
    answered: usize,
    latencies: Vec<Duration>,
}

impl<R> PlatformFigures<R> {
    /// The same counts, with the platform's own report built around the shared one.
    fn map<S>(self, build: impl FnOnce(R) -> S) -> PlatformFigures<S> {
        PlatformFigures {
            report: build(self.report),
            answered: self.answered,
            latencies: self.latencies,
        }
    }
}

/// What both platforms measure alike: the answers and their latency, the table lag, the
/// requests answered 429 (`rate_limited`) and the presses refused.
fn shared_figures(
    window: &Window,
    counts: &watch::Counts,
    tables: usize,
    rate_limited: usize,
) -> PlatformFigures<PlatformReport> {
    let samples = window.steady(&counts.latencies);
    PlatformFigures {
        answered: counts.latencies.len(),
        latencies: samples.clone(),
        report: PlatformReport {
            tables,
            latency: Latency::of(samples),
            table_lag: window.lag_of(&counts.lag),
            rate_limited,
            refused: counts.refused,
        },
    }
}

/// The Discord tables' figures.
fn discord_report(
    arena: &Arena,
    window: &Window,
    config: &LoadConfig,
    seats: &[Seats],
) -> PlatformFigures<DiscordReport> {
    let (Some(fake), Ok(w)) = (arena.discord.as_ref(), arena.discord_watch.lock()) else {
        return PlatformFigures::default();
    };
    let tables = config.discord_tables;
    let shared = shared_figures(window, &w.counts, tables, fake.rate_limited().len());
    let channels = seats.iter().map(|s| s.chat() as u64);
    shared.map(|common| DiscordReport {
        common,
        late: fake.late_answers().len(),
        rate_limited_routes: routes_of(&fake.rate_limited()),
        max_table_writes_per_5s_per_channel: channels
            .map(|c| fake.max_message_writes_in_window(c, Duration::from_secs(5)))
            .max()
            .unwrap_or(0),
        // What counts against the global limit: interaction callbacks and webhooks are
        // exempt.
        max_requests_per_second: fake.max_in_window(Duration::from_secs(1), |r| {
            r.bucket.is_some() && !r.path.starts_with("/webhooks/") && !r.rate_limited()
        }),
    })
}

/// The Telegram tables' figures.
fn telegram_report(
    arena: &Arena,
    window: &Window,
    config: &LoadConfig,
    seats: &[Seats],
) -> PlatformFigures<TelegramReport> {
    let (Some(fake), Ok(w)) = (arena.telegram.as_ref(), arena.telegram_watch.lock()) else {
        return PlatformFigures::default();
    };
    let tables = config.telegram_tables;
    let shared = shared_figures(window, &w.counts, tables, fake.rate_limited().len());
    shared.map(|common| TelegramReport {
        common,
        private_tables: config.telegram_private.min(config.telegram_tables),
        command_latency: Latency::of(window.steady(&w.command_latencies)),
        max_writes_per_minute_per_group: seats
            .iter()
            .map(|s| fake.max_writes_per_minute(s.chat()))
            .max()
            .unwrap_or(0),
        max_writes_per_second: watch::max_in_window(&w.writes, Duration::from_secs(1)),
        writes_per_second: window.rate_of(&w.writes),
        private_tries_refused: fake
            .requests()
            .iter()
            .filter(|r| r.is_write() && r.status == 403)
            .count(),
        refused_writes: refused_writes(fake, window.started),
    })
}

/// Every write answered 429: (seconds into the run, chat, accepted writes to that chat in the
/// 60 s before it).
fn refused_writes(fake: &FakeTelegram, started: Instant) -> Vec<(f64, i64, usize)> {
    fake.rate_limited()
        .iter()
        .map(|r| {
            let chat = r.chat_id().unwrap_or(0);
            let before = fake
                .accepted_writes(chat)
                .iter()
                .filter(|w| {
                    w.at <= r.at && r.at.saturating_duration_since(w.at) < Duration::from_secs(60)
                })
                .count();
            let at = r.at.saturating_duration_since(started).as_secs_f64();
            (at, chat, before)
        })
        .collect()
}

/// Every table version the players saw, and the games that did not move for
/// [`STUCK_AFTER`] at the end.
fn seen_summary(arena: &Arena, ended: Instant) -> check::SeenSummary {
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
    seen
}

/// How the bot process is started against the fakes.
fn bot_setup(
    config: &LoadConfig,
    files: &RunFiles,
    discord: Option<&FakeDiscord>,
    telegram: Option<&FakeTelegram>,
) -> BotSetup {
    BotSetup {
        binary: config.binary.clone(),
        database_url: files.url.clone(),
        discord_api: discord.map(FakeDiscord::api_url),
        telegram_api: telegram.map(FakeTelegram::api_url),
        telegram_token: telegram.map(|t| t.token().to_string()).unwrap_or_default(),
        discord_token: discord.map(|d| d.token().to_string()).unwrap_or_default(),
        seed: config.seed,
        log: files.log.clone(),
        log_filter: config.log_filter.clone(),
        env: config
            .forget_idle_minutes
            .map(|m| ("SCHOCKEN_FORGET_IDLE_MINUTES".to_string(), m.to_string()))
            .into_iter()
            .collect(),
    }
}

/// What all tables share: the fakes, their watches, the pace.
fn arena(
    config: &LoadConfig,
    discord: Option<FakeDiscord>,
    telegram: Option<FakeTelegram>,
) -> Arc<Arena> {
    Arc::new(Arena {
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

/// Requests by method and route (ids left out), most first.
fn routes_of(requests: &[schocken_fakes::discord::Recorded]) -> Vec<(String, usize)> {
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for r in requests {
        let route: Vec<&str> = r
            .path
            .split('/')
            .map(|part| {
                if !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()) {
                    "{id}"
                } else {
                    part
                }
            })
            .collect();
        *counts
            .entry(format!("{} {}", r.method, route.join("/")))
            .or_default() += 1;
    }
    let mut out: Vec<(String, usize)> = counts.into_iter().collect();
    out.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    out
}

/// Sleeps `total`, sampling the processes' memory and CPU every second.
async fn sample_while(fleet: &mut Fleet, memory: &mut MemoryTrace, total: Duration) {
    let end = Instant::now() + total;
    while Instant::now() < end {
        fleet.sample();
        memory.push(fleet.resident_mib());
        let step = end
            .saturating_duration_since(Instant::now())
            .min(Duration::from_secs(1));
        tokio::time::sleep(step).await;
    }
}

/// The bot's database: the one given, else a SQLite file. Several processes need a database
/// they can share.
fn database_url(config: &LoadConfig, file: &Path) -> anyhow::Result<String> {
    let url = config
        .database_url
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", file.display()));
    if config.processes > 1 && !url.starts_with("postgres") {
        anyhow::bail!(
            "{} processes need one PostgreSQL database they share: give --database-url \
             postgres://…",
            config.processes
        );
    }
    Ok(url)
}

/// One guild per process: Discord sends a guild's events to the shard `(guild >> 22) % n`, so
/// with `n` processes (one shard each) guild `i` belongs to process `i`.
fn guilds(discord: Option<&FakeDiscord>, processes: usize) -> Vec<u64> {
    let first = discord.map(FakeDiscord::guild_id).unwrap_or(0);
    let total = processes as u64;
    (0..total)
        .map(|shard| {
            let mut guild = first;
            while (guild >> 22) % total != shard {
                guild += 1 << 22;
            }
            guild
        })
        .collect()
}

/// The brief chats, then quiet until the bot has forgotten them (its idle time and one
/// housekeeping pass), with the memory at each end.
async fn brief_phase(
    config: &LoadConfig,
    arena: &Arc<Arena>,
    fleet: &mut Fleet,
    guilds: &[u64],
    memory: &mut MemoryTrace,
) -> BriefMemory {
    let playing = brief::play(arena.clone(), config.brief_chats, guilds, BRIEF_PARALLEL);
    tokio::pin!(playing);
    let report = loop {
        tokio::select! {
            report = &mut playing => break report,
            () = tokio::time::sleep(Duration::from_secs(1)) => {
                fleet.sample();
                memory.push(fleet.resident_mib());
            }
        }
    };
    let after_chats_mib = fleet.resident_mib();
    let places_after_chats = fleet.places_in_memory().await;
    let idle = Duration::from_secs(60 * config.forget_idle_minutes.unwrap_or(30));
    sample_while(fleet, memory, idle + Duration::from_secs(75)).await;
    BriefMemory {
        chats: report,
        after_chats_mib,
        places_after_chats,
        after_quiet_mib: fleet.resident_mib(),
        places_after_quiet: fleet.places_in_memory().await,
    }
}

/// Brief chats in play at once.
const BRIEF_PARALLEL: usize = 200;

/// The processes' resident memory together (all, anonymous), sampled about once a second.
struct MemoryTrace {
    start: Instant,
    samples: Vec<(f64, (f64, f64))>,
}

impl MemoryTrace {
    fn new() -> MemoryTrace {
        MemoryTrace {
            start: Instant::now(),
            samples: Vec::new(),
        }
    }

    fn elapsed(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    fn push(&mut self, mib: (f64, f64)) {
        if mib.0 > 0.0 {
            self.samples.push((self.elapsed(), mib));
        }
    }

    /// The highest samples from `from` seconds on.
    fn max_since(&self, from: f64) -> (f64, f64) {
        self.samples
            .iter()
            .filter(|(at, _)| *at >= from)
            .fold((0.0, 0.0), |(r, a), (_, (rss, anon))| {
                (f64::max(r, *rss), f64::max(a, *anon))
            })
    }

    /// The last sample of each minute, of what `pick` takes.
    fn by_minute(&self, pick: impl Fn((f64, f64)) -> f64) -> Vec<f64> {
        let mut out: Vec<f64> = Vec::new();
        for (at, mib) in &self.samples {
            let minute = (*at / 60.0) as usize;
            let value = pick(*mib);
            if out.len() <= minute {
                let last = out.last().copied().unwrap_or(value);
                out.resize(minute + 1, last);
            }
            out[minute] = value;
        }
        out
    }
}
