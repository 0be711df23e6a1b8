//! One run: the fakes, the bot processes, the scripted tables, and the report.
//!
//! - this file: the run in its order (fakes, bots, watcher, brief phase, busy tables, kills);
//! - [`platforms`]: each platform's figures over the measured window;
//! - [`figures`]: the processes', the database's, and the report assembled.

use crate::bot::BotSetup;
use crate::brief;
use crate::drive::{self, Arena, Seats};
use crate::fleet::Fleet;
use crate::report::{BriefMemory, Report};
use crate::{LAG_LIMIT, LoadConfig, watch};
use anyhow::Context;
use rand::{Rng, SeedableRng};
use schocken_fakes::discord::FakeDiscord;
use schocken_fakes::telegram::FakeTelegram;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod figures;
mod platforms;

use figures::{Figures, MemoryTrace, assemble_report, sample_while, stop_fleet, stored_figures};
use platforms::{Window, discord_report, seen_summary, telegram_report};

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
