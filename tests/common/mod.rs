//! Shared by the end-to-end tests against the fakes (`abuse`, `discord`, `resilience`,
//! `telegram`): the real `schocken` binary against a local fake platform with its log captured,
//! a look into its SQLite file, and reading table texts. Driving each platform is in
//! [`discord`] and [`telegram`].
// Each test binary uses a part of this.
#![allow(dead_code)]

pub mod discord;
pub mod foreign_cup;
pub mod hostile;
pub mod own_postgres;
pub mod postgres;
pub mod proof;
pub mod telegram;

use bot_core::config::Config;
use bot_core::service::{Clock, Service};
use bot_core::store::Store;
use schocken_fakes::discord::FakeDiscord;
use schocken_fakes::telegram::FakeTelegram;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The longest wait for one answer of the bot (generous: CI machines can be slow).
pub const WAIT: Duration = Duration::from_secs(20);

/// Looks like a Discord bot token; must never show up in the log.
pub const DISCORD_TOKEN: &str = "MTIzNDU2Nzg5MDEy.GfAkEd.sEcReT-tOkEn_do-not-log-9x7";
/// The part of the Telegram token after the colon is the secret.
pub const TELEGRAM_TOKEN: &str = "4242424242:AAFakeTelegramTokenForTestsOnly_xyz";

/// Every schocken crate at trace level; the platform libraries at debug.
const LOG_FILTER: &str = "info,schocken=trace,schocken_discord=trace,schocken_telegram=trace,\
bot_core=trace,serenity=debug,poise=debug,teloxide=debug,teloxide_core=debug,reqwest=debug";

/// Where the bot talks to.
pub enum Platform<'a> {
    Discord(&'a FakeDiscord),
    Telegram(&'a FakeTelegram),
}

/// The secret every test process shares for Telegram's webhook.
pub const WEBHOOK_SECRET: &str = "schocken-test-webhook";

/// The `schocken` binary, its stdout and stderr captured.
pub struct Bot {
    child: Child,
    log: Arc<Mutex<String>>,
    readers: Vec<JoinHandle<()>>,
}

fn capture(stream: impl Read + Send + 'static, log: Arc<Mutex<String>>) -> JoinHandle<()> {
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            let mut log = log.lock().unwrap_or_else(|p| p.into_inner());
            log.push_str(&line);
            log.push('\n');
        }
    })
}

impl Bot {
    pub fn spawn(platform: Platform<'_>, db: &Path, seed: u64) -> Bot {
        Bot::spawn_with(platform, db, seed, &[])
    }

    /// [`Bot::spawn`] with more environment variables.
    pub fn spawn_with(platform: Platform<'_>, db: &Path, seed: u64, env: &[(&str, &str)]) -> Bot {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_schocken"));
        cmd.args(["--seed", &seed.to_string()])
            .env("DATABASE_URL", format!("sqlite://{}", db.display()))
            .env("RUST_LOG", LOG_FILTER)
            // No turn timer: nothing moves by itself.
            .env("SCHOCKEN_TURN_TIMER", "0")
            .env_remove("SCHOCKEN_LANG")
            .env_remove("SCHOCKEN_RULES")
            .env_remove("TELOXIDE_PROXY")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match platform {
            Platform::Discord(fake) => {
                cmd.env("DISCORD_TOKEN", DISCORD_TOKEN)
                    .env("DISCORD_API_URL", fake.api_url())
                    .env("DISCORD_GUILD_ID", fake.guild_id().to_string())
                    .env_remove("TELOXIDE_TOKEN");
            }
            Platform::Telegram(fake) => {
                cmd.env("TELOXIDE_TOKEN", fake.token())
                    .env("TELOXIDE_API_URL", fake.api_url())
                    .env_remove("DISCORD_TOKEN");
            }
        }
        // Last, so a test may override the settings above.
        cmd.envs(env.iter().copied());
        let mut child = cmd.spawn().expect("spawn schocken");
        let log = Arc::new(Mutex::new(String::new()));
        let readers = vec![
            capture(child.stdout.take().expect("stdout"), log.clone()),
            capture(child.stderr.take().expect("stderr"), log.clone()),
        ];
        Bot {
            child,
            log,
            readers,
        }
    }

    /// Starts the bot against the fake Discord and waits until it registered its commands.
    pub async fn discord(fake: &FakeDiscord, db: &Path, seed: u64) -> Bot {
        Bot::discord_with(fake, db, seed, &[]).await
    }

    /// [`Bot::discord`] with more environment variables.
    pub async fn discord_with(
        fake: &FakeDiscord,
        db: &Path,
        seed: u64,
        env: &[(&str, &str)],
    ) -> Bot {
        let sessions_before = fake.sessions();
        let bot = Bot::spawn_with(Platform::Discord(fake), db, seed, env);
        if let Err(e) = fake
            .wait_ready_after(sessions_before, Duration::from_secs(30))
            .await
        {
            panic!("{e}\n--- log ---\n{}", bot.log());
        }
        bot
    }

    /// Starts the bot against the fake Telegram and waits until it polls.
    pub async fn telegram(fake: &FakeTelegram, db: &Path, seed: u64) -> Bot {
        Bot::telegram_with(fake, db, seed, &[]).await
    }

    /// [`Bot::telegram`] with more environment variables.
    pub async fn telegram_with(
        fake: &FakeTelegram,
        db: &Path,
        seed: u64,
        env: &[(&str, &str)],
    ) -> Bot {
        Bot::polling(fake, db, seed, env)
            .await
            .unwrap_or_else(|log| panic!("the bot did not start: {log}"))
    }

    /// Starts the bot against the fake Telegram in webhook mode on `database` (a URL),
    /// listening on `listen` behind the webhook URL `url`; waits until it set the webhook
    /// and listens.
    pub async fn telegram_webhook(
        fake: &FakeTelegram,
        database: &str,
        listen: std::net::SocketAddr,
        url: &str,
        seed: u64,
    ) -> Bot {
        let mark = fake.mark();
        let listen_text = listen.to_string();
        let mut bot = Bot::spawn_with(
            Platform::Telegram(fake),
            Path::new("unused.db"),
            seed,
            &[
                ("DATABASE_URL", database),
                ("TELOXIDE_WEBHOOK_URL", url),
                ("TELOXIDE_WEBHOOK_LISTEN", &listen_text),
                ("TELOXIDE_WEBHOOK_SECRET", WEBHOOK_SECRET),
            ],
        );
        let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
        let set = fake
            .wait_for(mark, Duration::from_secs(40), |r| r.is("setWebhook"))
            .await;
        if set.is_err() {
            bot.kill();
            panic!("no setWebhook:\n{}", bot.log());
        }
        while tokio::time::Instant::now() < deadline {
            if tokio::net::TcpStream::connect(listen).await.is_ok() {
                return bot;
            }
            if !bot.running() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        bot.kill();
        panic!("the bot does not listen on {listen}:\n{}", bot.log());
    }

    /// Starts the bot against the fake Telegram; `Err` with its log if it exits before it
    /// polls for updates or does not poll in time.
    async fn polling(
        fake: &FakeTelegram,
        db: &Path,
        seed: u64,
        env: &[(&str, &str)],
    ) -> Result<Bot, String> {
        let mark = fake.mark();
        let mut bot = Bot::spawn_with(Platform::Telegram(fake), db, seed, env);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
        while tokio::time::Instant::now() < deadline {
            let polled = fake
                .wait_for(mark, Duration::from_millis(200), |r| r.is("getUpdates"))
                .await;
            if polled.is_ok() {
                return Ok(bot);
            }
            if let Ok(Some(status)) = bot.child.try_wait() {
                bot.join_readers();
                return Err(format!("exited with {status}:\n{}", bot.log()));
            }
        }
        Err(format!("did not poll:\n{}", bot.log()))
    }

    fn join_readers(&mut self) {
        for r in self.readers.drain(..) {
            let _ = r.join();
        }
    }

    /// SIGKILL.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.join_readers();
    }

    /// SIGTERM (`docker stop`, `systemctl stop`); waits up to `limit` for the exit and
    /// returns the exit status (`None`: still running then) and how long it took.
    pub async fn terminate(
        &mut self,
        limit: Duration,
    ) -> (Option<std::process::ExitStatus>, Duration) {
        let started = tokio::time::Instant::now();
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -TERM {pid}");
        while started.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                self.join_readers();
                return (Some(status), started.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        (None, started.elapsed())
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn log(&self) -> String {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The log is not empty and holds neither `token` nor its secret part.
    pub fn assert_token_never_logged(&self, token: &str) {
        let log = self.log();
        assert!(!log.is_empty(), "the bot logs something");
        assert!(
            log.contains("DEBUG") || log.contains("TRACE"),
            "debug logging is on"
        );
        assert!(!log.contains(token), "the token leaked into the log");
        let secret = token.rsplit([':', '.']).next().unwrap_or(token);
        assert!(
            !log.contains(secret),
            "a part of the token leaked into the log"
        );
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let pid = self.child.id();
        self.kill();
        if std::thread::panicking() {
            // A failing test: keep the bot's whole log for a look.
            let path = std::env::temp_dir().join(format!("schocken-bot-{pid}.log"));
            if std::fs::write(&path, self.log()).is_ok() {
                eprintln!("the bot's log: {}", path.display());
            }
        }
    }
}

/// A temporary directory with the bot's SQLite file.
pub struct Db {
    _dir: tempfile::TempDir,
    pub path: PathBuf,
}

impl Db {
    pub fn new() -> Db {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("x.db");
        Db { _dir: dir, path }
    }

    /// The `DATABASE_URL` of the file.
    pub fn url(&self) -> String {
        format!("sqlite://{}", self.path.display())
    }

    /// A service on this database in the test's own process (for tests that drive its clock
    /// or run an adapter directly).
    pub async fn service(
        &self,
        config: Config,
        clock: Arc<dyn Clock>,
        seed: Option<u64>,
    ) -> Arc<Service> {
        let store = Store::open(&self.url()).await.expect("store");
        Service::new(store, config, clock, seed)
            .await
            .expect("service")
    }

    async fn pool(&self) -> sqlx::SqlitePool {
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&self.path)
            .read_only(true);
        sqlx::pool::PoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .expect("open the bot's database")
    }

    /// Everything a move or a ledger entry changes: tables with snapshot and version, the
    /// event log, the ledger and the statistics.
    pub async fn state(&self) -> DbState {
        let pool = self.pool().await;
        let tables = sqlx::query_as::<_, (i64, String, String, i64, String)>(
            "SELECT id, chat, status, version, snapshot FROM tables ORDER BY id",
        )
        .fetch_all(&pool)
        .await
        .expect("tables");
        let log = sqlx::query_as::<_, (i64, i64, String)>(
            "SELECT table_id, seq, command FROM table_log ORDER BY table_id, seq",
        )
        .fetch_all(&pool)
        .await
        .expect("table log");
        let ledger = sqlx::query_as::<_, (i64, String, String, String, i64)>(
            "SELECT id, chat, kind, debtor_name, rounds FROM ledger ORDER BY id",
        )
        .fetch_all(&pool)
        .await
        .expect("ledger");
        let stats = sqlx::query_as::<_, (String, String, String, i64)>(
            "SELECT chat, user, name, games FROM stats ORDER BY chat, user",
        )
        .fetch_all(&pool)
        .await
        .expect("stats");
        pool.close().await;
        DbState {
            tables,
            log,
            ledger,
            stats,
        }
    }

    /// Waits until the newest table of `chat` has stored the id of its posted message: the
    /// bot stores it just after the platform answers the post, so a test that compares
    /// states must not take its "before" in between.
    pub async fn wait_for_message_ref(&self, chat: &str) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let stored: Option<Option<String>> = sqlx::query_scalar(
                "SELECT message_ref FROM tables WHERE chat = ? ORDER BY id DESC LIMIT 1",
            )
            .bind(chat)
            .fetch_optional(&self.pool().await)
            .await
            .expect("read the table");
            if stored.flatten().is_some() {
                return;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{chat}: the table message was never stored"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }

    /// The newest table of `chat` (`discord:<guild>/<channel>`, `telegram:<id>`).
    pub async fn table(&self, chat: &str) -> Option<StoredTable> {
        let state = self.state().await;
        state
            .tables
            .iter()
            .rev()
            .find(|t| t.1 == chat)
            .map(|t| StoredTable {
                id: t.0,
                status: t.2.clone(),
                version: t.3 as u64,
                snapshot: serde_json::from_str(&t.4).expect("snapshot JSON"),
                log_entries: state.log.iter().filter(|l| l.0 == t.0).count(),
            })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbState {
    pub tables: Vec<(i64, String, String, i64, String)>,
    pub log: Vec<(i64, i64, String)>,
    pub ledger: Vec<(i64, String, String, String, i64)>,
    pub stats: Vec<(String, String, String, i64)>,
}

/// A table as stored.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub id: i64,
    pub status: String,
    pub version: u64,
    pub snapshot: Value,
    pub log_entries: usize,
}

impl StoredTable {
    /// The rule set's Deckel count, and the stock plus every player's Deckel.
    pub fn deckel(&self) -> (u64, u64) {
        let total = self.snapshot["rules"]["deckel"]
            .as_u64()
            .expect("rules.deckel");
        let game = &self.snapshot["game"];
        let stock = game["stock"].as_u64().expect("game.stock");
        let held: u64 = game["holdings"]
            .as_array()
            .expect("game.holdings")
            .iter()
            .filter_map(Value::as_u64)
            .sum();
        (total, stock + held)
    }

    pub fn assert_deckel_add_up(&self) {
        let (total, counted) = self.deckel();
        assert_eq!(total, 13, "the standard rules play with 13 Deckel");
        assert_eq!(
            counted, total,
            "stock and holdings: {}",
            self.snapshot["game"]
        );
    }
}

/// Whether a word of a text is a die face (`⚃4`).
pub fn is_face(token: &str) -> bool {
    token.starts_with(['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'])
}

/// Dice faces in a text (`⚃4`), sorted.
pub fn faces(text: &str) -> Vec<String> {
    let mut f: Vec<String> = text
        .split_whitespace()
        .filter(|t| is_face(t))
        .map(str::to_string)
        .collect();
    f.sort();
    f
}

/// Whether a text shows any die face.
pub fn shows_dice(text: &str) -> bool {
    text.contains(['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'])
}

/// The player to act in a table text: the name on the ▶ line.
pub fn current_player(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("▶ "))
        .and_then(|rest| rest.split(" · ").next())
        // A computer player's name is marked with 🤖.
        .map(|name| name.trim_start_matches("🤖 ").to_string())
}

/// The loser named on a finished table's 🍺 line (`🍺 Anna hat das Spiel verloren …`).
pub fn loser(text: &str) -> String {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("🍺 "))
        .expect("the game is over");
    let line = line.strip_prefix("Blattschuss! ").unwrap_or(line);
    line.split(" hat ").next().expect("a name").to_string()
}

/// The line of player `name` in a table text (`▶ Anna · …` or `· Anna · …`).
pub fn player_line<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("{name} · ");
    text.lines().find(|l| {
        l.strip_prefix("▶ ")
            .or_else(|| l.strip_prefix("· "))
            .is_some_and(|rest| rest.starts_with(&prefix))
    })
}

/// The dice under the cup in a player line (after the bar of set-aside dice; ▢ covered).
pub fn under_cup(line: &str) -> Vec<String> {
    let dice: Vec<&str> = line
        .split_whitespace()
        .filter(|t| t.starts_with(['⚀', '⚁', '⚂', '⚃', '⚄', '⚅', '▢']) || *t == "|")
        .collect();
    let start = dice.iter().rposition(|t| *t == "|").map_or(0, |i| i + 1);
    dice[start..].iter().map(|t| t.to_string()).collect()
}

/// The player name a table cleans `name` to: no control characters, whitespace runs as one
/// space, at most 32 characters (a longer one cut to 31 and "…"), never empty (bot-core's
/// `clean_name`).
pub fn table_name(name: &str) -> String {
    let cleaned: String = name.chars().filter(|c| !c.is_control()).collect();
    let joined = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    if joined.is_empty() {
        return "?".into();
    }
    if joined.chars().count() <= 32 {
        return joined;
    }
    let short: String = joined.chars().take(31).collect();
    format!("{}…", short.trim_end())
}

/// The names a table gives players joining in this order: cleaned, and a second "Anna"
/// becomes "Anna (2)".
pub fn table_names<S: AsRef<str>>(wanted: &[S]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for w in wanted {
        let base = table_name(w.as_ref());
        let taken = |n: &str, names: &[String]| names.iter().any(|m| m.eq_ignore_ascii_case(n));
        let name = if taken(&base, &names) {
            (2..)
                .map(|k| format!("{base} ({k})"))
                .find(|n| !taken(n, &names))
                .unwrap_or(base)
        } else {
            base
        };
        names.push(name);
    }
    names
}

/// One CSV record into its fields (RFC 4180 quoting).
pub fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', true) => quoted = false,
            ('"', false) if field.is_empty() => quoted = true,
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// Deterministic junk for forged button data (xorshift; printable ASCII and some Unicode).
pub fn junk(seed: u64, count: usize) -> Vec<String> {
    let mut x = seed.max(1);
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let alphabet: Vec<char> = "abcdefghijklmnopqrstuvwxyz0123456789:v1rkslgjbfita_-=%/\\\"'<>äß🎲"
        .chars()
        .collect();
    (0..count)
        .map(|_| {
            let len = 1 + (next() % 70) as usize;
            (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect()
        })
        .collect()
}
