//! The figures of a run: answers and their latency, how far the table messages were behind,
//! the pace of the bot's writes against each platform's limits, memory, CPU and storage.

use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

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
    /// Moves shown later than [`crate::LAG_LIMIT`].
    pub over_limit: usize,
    /// Moves answered at least [`crate::LAG_LIMIT`] before the end that no table write showed.
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
    /// The requests answered 429, by method and route.
    pub rate_limited_routes: Vec<(String, usize)>,
}

/// Memory around the brief chats: after they played, and after the quiet that follows.
#[derive(Clone, Debug, Serialize)]
pub struct BriefMemory {
    pub chats: crate::brief::BriefReport,
    /// Resident memory (all, anonymous) in MiB.
    pub after_chats_mib: (f64, f64),
    /// Places (chats) in memory, from the processes' metrics.
    pub places_after_chats: Option<f64>,
    pub after_quiet_mib: (f64, f64),
    pub places_after_quiet: Option<f64>,
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
    /// The database's size at the end (SQLite: the file with its WAL; PostgreSQL: the
    /// database).
    pub database_bytes: u64,
    /// "SQLite" or "PostgreSQL".
    pub backend: String,
    /// Bot processes (each its own shards, Telegram through a balancer when more than one).
    pub processes: usize,
    pub bot_starts: usize,
    /// The brief chats before the busy tables, if any.
    pub brief: Option<BriefMemory>,
    /// The processes' resident memory together at the end of each minute of the run (brief
    /// chats and quiet included), in MiB.
    pub memory_by_minute_mib: Vec<f64>,
    /// The anonymous part of it (heap and stacks; the rest are the binary's code pages).
    pub anonymous_by_minute_mib: Vec<f64>,
    /// The highest resident memory while the busy tables played (after the warm-up).
    pub memory_busy_max_mib: f64,
    pub anonymous_busy_max_mib: f64,
    /// Resident memory at the end of the busy tables.
    pub memory_end_mib: f64,
    pub anonymous_end_mib: f64,
    /// Plain sqlx loop: the same number of transactions of the same size.
    pub baseline_tx_per_second: Option<f64>,
    /// committed_per_second / baseline_tx_per_second: how much of the store's capacity the
    /// paced load used.
    pub ratio_to_baseline: Option<f64>,
    pub database: PathBuf,
    /// Where the checks read the stored tables (SQLite read only, or PostgreSQL).
    pub database_url: String,
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
