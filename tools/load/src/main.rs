//! `schocken-load`: starts the real `schocken` bot with its production pacing against the local
//! fake Discord and fake Telegram (which enforce the platforms' rate limits) and plays many
//! tables at once. With `--web N`, N web tables of three WebSocket pages play against the
//! service and the web adapter instead (in a second process of this program). See docs/PERFORMANCE.md.

use clap::Parser;
use schocken_load::{
    DEFAULT_DISCORD_TABLES, DEFAULT_TELEGRAM_PRIVATE, DEFAULT_TELEGRAM_TABLES,
    DISCORD_REQUESTS_PER_SECOND, LoadConfig, Report, TELEGRAM_BUSY_GROUP_TABLES,
    TELEGRAM_GROUP_GAP, TELEGRAM_WRITES_PER_SECOND, bot,
};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// jemalloc, the bot's allocator (so that `--web`, whose server process is this program too,
/// measures what the bot uses), with the web run's count of live heap bytes by side.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: schocken_load::web::heap::Counting<tikv_jemallocator::Jemalloc> =
    schocken_load::web::heap::Counting(tikv_jemallocator::Jemalloc);

/// The bot's jemalloc settings (see src/main.rs of the bot).
#[cfg(target_os = "linux")]
#[allow(non_upper_case_globals)]
#[unsafe(export_name = "malloc_conf")]
pub static malloc_conf: &[u8; 60] =
    b"background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0\0";

#[derive(Debug, Parser)]
#[command(
    name = "schocken-load",
    about = "Load, latency and crash runs of the schocken bot at the platforms' pace; \
             --web N: N web tables of 3 WebSocket pages against the web adapter (a process of its own)"
)]
struct Args {
    /// Tables (channels) on the fake Discord. Each busy one is written about once a second;
    /// Discord allows a bot 50 requests a second in all.
    #[arg(long, default_value_t = DEFAULT_DISCORD_TABLES)]
    discord: usize,
    /// Tables (supergroups) on the fake Telegram. All of them share the bot's 25 writes a
    /// second to Telegram: from about 45 busy group tables some table messages fall behind by
    /// more than 3 s.
    #[arg(long, default_value_t = DEFAULT_TELEGRAM_TABLES)]
    telegram: usize,
    /// Of the Telegram tables, how many play through the players' private chats (START with
    /// the deep link under the table; the cup arrives privately with all buttons).
    #[arg(long, default_value_t = DEFAULT_TELEGRAM_PRIVATE)]
    telegram_private: usize,
    /// Players per table.
    #[arg(long, default_value_t = 3)]
    players: usize,
    /// Think time of a player before each step, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Length of the run in seconds (default 60; with --web the measured window, default 120).
    #[arg(long)]
    duration: Option<u64>,
    /// Seconds at the start whose events do not count for latency and lag (the opening burst
    /// of all tables at once).
    #[arg(long, default_value_t = 10)]
    warmup: u64,
    /// House rules the first player of each table sets as an admin before the first game,
    /// e.g. `deckel=3` for short games (default: the shipped `standard`).
    #[arg(long)]
    rules: Option<String>,
    /// Kill the bot with SIGKILL this many times at random moments (it is restarted), then
    /// check every table in the database.
    #[arg(long, default_value_t = 0)]
    kills: usize,
    /// The schocken binary (default: next to this tool).
    #[arg(long)]
    bin: Option<PathBuf>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Skip the plain sqlx comparison.
    #[arg(long)]
    no_baseline: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Keep the bot's database (and its log, next to it) here instead of a temporary file.
    #[arg(long)]
    database: Option<PathBuf>,
    /// `RUST_LOG` of the bot (its log lies next to the database).
    #[arg(long, default_value = "warn")]
    log: String,
    /// The bot's database, e.g. an empty PostgreSQL database `postgres://user@host/db` (default:
    /// a SQLite file in --database or a temporary directory).
    #[arg(long)]
    database_url: Option<String>,
    /// Bot processes on that database: Discord split by shards (process i runs shard i),
    /// Telegram in webhook mode behind a round-robin balancer. More than one needs PostgreSQL.
    #[arg(long, default_value_t = 1)]
    processes: usize,
    /// Chats that each play briefly (open a table, a second player joins, the table is ended)
    /// and go quiet before the busy tables start; the run then waits until the bot has
    /// forgotten them (--forget-idle-minutes and one housekeeping pass).
    #[arg(long, default_value_t = 0)]
    brief_chats: usize,
    /// The bot's SCHOCKEN_FORGET_IDLE_MINUTES (default: the bot's own, 30).
    #[arg(long)]
    forget_idle_minutes: Option<u64>,
    /// Instead of the chats: N web tables of 3 WebSocket pages against the service and the
    /// web adapter (in a second process of this program), a move every 1–2 s per table (--think-ms to twice that);
    /// push latency, memory per socket, CPU (--duration s measured after --warmup s, once
    /// all tables run; the chats' options are ignored).
    #[arg(long, value_name = "N")]
    web: Option<usize>,
    /// With --web: the server in this process too (on a thread pool of its own) instead of a
    /// process of its own; both ends of every socket then need a descriptor here.
    #[arg(long)]
    web_one_process: bool,
    /// The server's process of a --web run (started by the run itself).
    #[arg(long, value_name = "N", hide = true)]
    web_serve: Option<usize>,
}

fn latency_line(l: &schocken_load::Latency) -> String {
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({})",
        l.p50_ms, l.p99_ms, l.max_ms, l.count
    )
}

fn lag_line(lag: &schocken_load::TableLag) -> String {
    format!(
        "  table message behind the move: {}; over 3.1 s: {}, never shown: {}",
        latency_line(&lag.lag),
        lag.over_limit,
        lag.never_shown
    )
}

fn print_memory(report: &Report) {
    println!(
        "peak memory of the bot: {:.1} MiB; CPU: {:.1} s ({:.0} % of one core); {}: {:.1} MiB; \
         bot starts: {}",
        report.peak_memory_mib,
        report.cpu_seconds,
        report.cpu_seconds / report.seconds.max(1e-9) * 100.0,
        report.backend,
        report.database_bytes as f64 / 1_048_576.0,
        report.bot_starts
    );
    if let Some(b) = &report.brief {
        let places = |p: Option<f64>| p.map_or("?".into(), |p| format!("{p:.0}"));
        println!(
            "brief chats: {} in {:.0} s ({} tables shown); resident memory after them {:.1} MiB \
             ({:.1} anonymous; {} places in memory), after the quiet {:.1} MiB ({:.1}; {} places)",
            b.chats.chats,
            b.chats.seconds,
            b.chats.shown,
            b.after_chats_mib.0,
            b.after_chats_mib.1,
            places(b.places_after_chats),
            b.after_quiet_mib.0,
            b.after_quiet_mib.1,
            places(b.places_after_quiet)
        );
    }
    println!(
        "resident memory while the busy tables played: max {:.1} MiB ({:.1} anonymous), at the \
         end {:.1} MiB ({:.1} anonymous)",
        report.memory_busy_max_mib,
        report.anonymous_busy_max_mib,
        report.memory_end_mib,
        report.anonymous_end_mib
    );
    let minutes = |values: &[f64]| -> String {
        values
            .iter()
            .map(|m| format!("{m:.1}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "resident memory by minute (MiB): {}",
        minutes(&report.memory_by_minute_mib)
    );
    println!(
        "  of it anonymous (heap, stacks): {}",
        minutes(&report.anonymous_by_minute_mib)
    );
}

fn print(report: &Report) {
    print_run(report);
    if report.discord_tables > 0 {
        print_discord(report);
    }
    if report.telegram_tables > 0 {
        print_telegram(report);
    }
    print_memory(report);
    print_limits(report);
}

/// The run: the bot, the tables, the actions and the answers' latency.
fn print_run(report: &Report) {
    let l = &report.latency;
    println!(
        "bot: {} process(es) on {}",
        report.processes, report.backend
    );
    println!(
        "tables: {} Discord + {} Telegram ({} of them through private chats), {} players each, \
         think time {} ms, rules {}, {:.1} s",
        report.discord_tables,
        report.telegram_tables,
        report.telegram.private_tables,
        report.players,
        report.think_ms,
        report.rules.as_deref().unwrap_or("standard"),
        report.seconds
    );
    println!(
        "production pacing: teloxide Throttle and the per-chat outbox (Telegram), \
         serenity-bucket pacing of table writes (Discord); the fakes answer 429 beyond the limits"
    );
    println!(
        "actions: {} sent, {} answered = {:.0}/s; {} stored = {:.0}/s; {} games finished \
         ({} stored as finished)",
        report.sent,
        report.answered,
        report.actions_per_second,
        report.committed,
        report.committed_per_second,
        report.games_finished,
        report.games_stored_finished
    );
    println!(
        "latency (event → first answer, after {:.0} s warm-up): p50 {:.1} ms, p99 {:.1} ms, \
         max {:.1} ms over {} answers",
        report.warmup_seconds, l.p50_ms, l.p99_ms, l.max_ms, l.count
    );
}

/// The Discord tables: answers, table messages, 429s and the platform's limits.
fn print_discord(report: &Report) {
    let d = &report.discord;
    println!("Discord ({} tables):", report.discord_tables);
    println!(
        "  interaction → callback: {}",
        latency_line(&d.common.latency)
    );
    println!("{}", lag_line(&d.common.table_lag));
    println!(
        "  429s: {}; answers later than 3 s: {}; table writes per channel in any 5 s: max {} \
         (limit 5); REST requests in any second: max {} (global limit {:.0}); presses \
         refused: {}",
        d.common.rate_limited,
        d.late,
        d.max_table_writes_per_5s_per_channel,
        d.max_requests_per_second,
        DISCORD_REQUESTS_PER_SECOND,
        d.common.refused
    );
    for (route, count) in d.rate_limited_routes.iter().take(5) {
        println!("  429 on {route}: {count}");
    }
}

/// The Telegram tables: answers, paced writes, table messages, 429s and the write budget.
fn print_telegram(report: &Report) {
    let t = &report.telegram;
    println!(
        "Telegram ({} tables, {} through private chats):",
        report.telegram_tables, t.private_tables
    );
    println!(
        "  button press → answerCallbackQuery: {}",
        latency_line(&t.common.latency)
    );
    println!(
        "  command → first write (paced): {}",
        latency_line(&t.command_latency)
    );
    println!("{}", lag_line(&t.common.table_lag));
    println!(
        "  429s: {}; writes per group in any minute: max {} (limit 20); writes in any \
         second: max {} (the bot's cap {:.0}, Telegram's about 30); {:.1} writes/s; presses \
         refused: {}",
        t.common.rate_limited,
        t.max_writes_per_minute_per_group,
        t.max_writes_per_second,
        TELEGRAM_WRITES_PER_SECOND,
        t.writes_per_second,
        t.common.refused
    );
    for (at, chat, before) in t.refused_writes.iter().take(5) {
        println!(
            "  429 at {at:.1} s: a write to {chat}, which had {before} accepted writes in the \
             60 s before"
        );
    }
    println!(
        "  private cups tried for players who never pressed START (403): {}",
        t.private_tries_refused
    );
    println!(
        "  budget: a busy group table wants a write every {} s and the bot writes at most \
         {:.0} a second to Telegram: from about {} busy group tables the table messages fall \
         behind by more than 3 s (a table playing through private chats costs about three)",
        TELEGRAM_GROUP_GAP.as_secs(),
        TELEGRAM_WRITES_PER_SECOND,
        TELEGRAM_BUSY_GROUP_TABLES
    );
}

/// The plain transaction loop beside the stored moves, and whether the run kept the
/// platforms' limits.
fn print_limits(report: &Report) {
    if let (Some(rate), Some(ratio)) = (report.baseline_tx_per_second, report.ratio_to_baseline) {
        println!(
            "plain sqlx loop of {} transactions: {:.0}/s; stored moves use {:.1} % of that",
            report.committed,
            rate,
            ratio * 100.0
        );
    }
    let over = report.over_limits();
    if over.is_empty() {
        println!(
            "within the platforms' limits: no 429, ≤ 20 writes a minute per Telegram group, \
             ≤ 5 table writes per 5 s per Discord channel, Telegram table messages ≤ 3 s behind"
        );
    } else {
        println!("NOT within the platforms' limits:");
        for line in over {
            println!("  {line}");
        }
    }
}

/// `--web N`: the web tables' run.
fn web(args: &Args, tables: usize) -> ExitCode {
    let config = schocken_load::web::WebLoadConfig {
        duration: Duration::from_secs(args.duration.unwrap_or(120).max(1)),
        warmup: Duration::from_secs(args.warmup),
        gap: (
            Duration::from_millis(args.think_ms),
            Duration::from_millis(args.think_ms.saturating_mul(2)),
        ),
        seed: args.seed,
        database: args.database.clone(),
        server_program: if args.web_one_process {
            None
        } else {
            match std::env::current_exe() {
                Ok(program) => Some(program),
                Err(e) => {
                    eprintln!("schocken-load: cannot find this program to start the server: {e}");
                    return ExitCode::FAILURE;
                }
            }
        },
        ..schocken_load::web::WebLoadConfig::new(tables.max(1))
    };
    match schocken_load::web::run(&config) {
        Ok(report) if args.json => {
            println!(
                "{}",
                serde_json::to_string_pretty(&report).unwrap_or_default()
            );
            ExitCode::SUCCESS
        }
        Ok(report) => {
            for line in report.lines() {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("schocken-load: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("error")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    if let Some(tables) = args.web_serve {
        return match schocken_load::web::apart::serve(tables, args.seed, args.database.clone()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("schocken-load (the web run's server): {e:#}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(tables) = args.web {
        return web(&args, tables);
    }
    match chats(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("schocken-load: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The chats' run as the arguments ask for it.
fn load_config(args: &Args) -> LoadConfig {
    let duration = args.duration.unwrap_or(60).max(1);
    LoadConfig {
        discord_tables: args.discord,
        telegram_tables: args.telegram,
        telegram_private: args.telegram_private.min(args.telegram),
        players: args.players.clamp(2, 10),
        think: Duration::from_millis(args.think_ms),
        duration: Duration::from_secs(duration),
        kills: args.kills,
        seed: args.seed,
        database: args.database.clone(),
        baseline: !args.no_baseline,
        warmup: Duration::from_secs(args.warmup.min(duration / 2)),
        rules: args.rules.clone().filter(|r| !r.trim().is_empty()),
        log_filter: args.log.clone(),
        database_url: args.database_url.clone(),
        processes: args.processes.max(1),
        brief_chats: args.brief_chats,
        forget_idle_minutes: args.forget_idle_minutes,
        ..LoadConfig::new(args.bin.clone().unwrap_or_else(bot::default_binary))
    }
}

/// The chats' run: the bot against the fakes, the crash checks after kills, the report.
fn chats(args: &Args) -> anyhow::Result<()> {
    let config = load_config(args);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let dir = tempfile::tempdir()?;
    let report = runtime.block_on(schocken_load::run(&config, dir.path()))?;
    if config.kills > 0 {
        let problems = runtime
            .block_on(schocken_load::check::problems(
                &report.database_url,
                &report.seen_versions,
            ))
            .unwrap_or_else(|e| vec![e.to_string()]);
        // With --json, stdout is the report alone.
        for line in kill_lines(&config, &report, &problems) {
            if args.json {
                eprintln!("{line}");
            } else {
                println!("{line}");
            }
        }
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        );
    } else {
        print(&report);
    }
    Ok(())
}

/// After kills: the problems the checks found and the games that got stuck.
fn kill_lines(config: &LoadConfig, report: &Report, problems: &[String]) -> Vec<String> {
    let mut lines = vec![format!(
        "after {} kills: {} problems, {} stuck games",
        config.kills,
        problems.len(),
        report.stuck.len()
    )];
    lines.extend(problems.iter().map(|p| format!("  {p}")));
    lines.extend(report.stuck.iter().map(|(chat, table, version, _)| {
        format!("  stuck: chat {chat}, table {table} v{version}")
    }));
    lines
}
