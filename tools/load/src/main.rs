//! `schocken-load`: starts the real `schocken` bot against the local fake Discord and fake
//! Telegram and plays many tables at once. See docs/PERFORMANCE.md.

use clap::Parser;
use schocken_load::{LoadConfig, Report, bot};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(
    name = "schocken-load",
    about = "Load, latency and crash runs of the schocken bot"
)]
struct Args {
    /// Tables on the fake Discord.
    #[arg(long, default_value_t = 200)]
    discord: usize,
    /// Tables (group chats) on the fake Telegram.
    #[arg(long, default_value_t = 200)]
    telegram: usize,
    /// Players per table.
    #[arg(long, default_value_t = 3)]
    players: usize,
    /// Think time of a player before each move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Length of the run in seconds.
    #[arg(long, default_value_t = 60)]
    duration: u64,
    /// Seconds at the start whose events do not count for latency (the opening burst of all
    /// tables at once).
    #[arg(long, default_value_t = 10)]
    warmup: u64,
    /// Kill the bot with SIGKILL this many times at random moments (it is restarted).
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
}

fn print(report: &Report) {
    let l = &report.latency;
    println!(
        "tables: {} Discord + {} Telegram, {} players each, think time {} ms, {:.1} s",
        report.discord_tables,
        report.telegram_tables,
        report.players,
        report.think_ms,
        report.seconds
    );
    println!(
        "actions: {} sent, {} answered = {:.0}/s; {} stored = {:.0}/s; {} games finished",
        report.sent,
        report.answered,
        report.actions_per_second,
        report.committed,
        report.committed_per_second,
        report.games_finished
    );
    println!(
        "latency (event → first answer, after {:.0} s warm-up): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms over {} answers",
        report.warmup_seconds, l.p50_ms, l.p99_ms, l.max_ms, l.count
    );
    for (name, l) in [
        ("Discord", &report.discord_latency),
        ("Telegram", &report.telegram_latency),
    ] {
        if l.count > 0 {
            println!(
                "  {name}: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({})",
                l.p50_ms, l.p99_ms, l.max_ms, l.count
            );
        }
    }
    println!("Discord answers later than 3 s: {}", report.discord_late);
    println!(
        "peak memory of the bot: {:.1} MiB; SQLite: {:.1} MiB; bot starts: {}",
        report.peak_memory_mib,
        report.sqlite_bytes as f64 / 1_048_576.0,
        report.bot_starts
    );
    if let (Some(rate), Some(ratio)) = (report.baseline_tx_per_second, report.ratio_to_baseline) {
        println!(
            "plain sqlx loop of {} transactions: {:.0}/s; stored moves / sqlx = {:.2}",
            report.committed, rate, ratio
        );
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
    let config = LoadConfig {
        discord_tables: args.discord,
        telegram_tables: args.telegram,
        players: args.players.clamp(2, 10),
        think: Duration::from_millis(args.think_ms),
        duration: Duration::from_secs(args.duration.max(1)),
        binary: args.bin.unwrap_or_else(bot::default_binary),
        kills: args.kills,
        seed: args.seed,
        database: args.database.clone(),
        baseline: !args.no_baseline,
        warmup: Duration::from_secs(args.warmup.min(args.duration / 2)),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("schocken-load: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("schocken-load: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(schocken_load::run(&config, dir.path())) {
        Ok(report) => {
            if config.kills > 0 {
                let problems = runtime
                    .block_on(schocken_load::check::problems(
                        &report.database,
                        &report.seen_versions,
                    ))
                    .unwrap_or_else(|e| vec![e.to_string()]);
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
                // With --json, stdout is the report alone.
                for line in lines {
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
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("schocken-load: {e:#}");
            ExitCode::FAILURE
        }
    }
}
