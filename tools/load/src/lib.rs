//! Load, latency and crash runs of the real `schocken` bot with its production pacing: it is
//! started against the local fake Discord and fake Telegram, which enforce the platforms'
//! rate limits (429s like the real ones), scripted players play many tables at once, and the
//! run reports actions per second, latency from the platform's event to the bot's first
//! answer, how far the table messages were behind the moves, the pace of the bot's writes
//! against each platform's limits, memory and CPU, the database's size, and how much of a
//! plain sqlx loop's capacity the stored moves used. The bot may run as one process on SQLite
//! or PostgreSQL, or as several processes on one PostgreSQL database (see docs/SCALING.md).
//! [`web`] (`--web N`) is the browser table's run: the service and the web adapter in this
//! process, and N tables of three WebSocket pages.

pub mod baseline;
pub mod bot;
pub mod brief;
pub mod check;
pub mod drive;
pub mod fleet;
pub mod report;
pub mod run;
pub mod watch;
pub mod web;

pub use report::{DiscordReport, Latency, PlatformReport, Report, TableLag, TelegramReport};
pub use run::{STUCK_AFTER, run};

use std::path::PathBuf;
use std::time::Duration;

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
    /// The database the bot uses (`postgres://…` or `sqlite://…`); else a SQLite file in
    /// `database` or a temporary directory.
    pub database_url: Option<String>,
    /// Bot processes on that database (more than one needs PostgreSQL).
    pub processes: usize,
    /// Chats that each play briefly (open a table, a second player joins, the table is ended)
    /// and go quiet before the busy tables start.
    pub brief_chats: usize,
    /// The bot's `SCHOCKEN_FORGET_IDLE_MINUTES` (else its default).
    pub forget_idle_minutes: Option<u64>,
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
            database_url: None,
            processes: 1,
            brief_chats: 0,
            forget_idle_minutes: None,
        }
    }
}
