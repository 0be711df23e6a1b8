//! Shared by the end-to-end tests against the fakes (`abuse`, `discord`, `resilience`,
//! `telegram`): the real `schocken` binary against a local fake platform with its log captured,
//! a look into its SQLite file, and reading table texts. Driving each platform is in
//! [`discord`] and [`telegram`].
// Each test binary uses a part of this.
#![allow(dead_code)]

pub mod bot;
pub mod discord;
pub mod foreign_cup;
pub mod hostile;
pub mod own_postgres;
pub mod postgres;
pub mod proof;
pub mod telegram;
pub mod web_page;

use bot_core::config::Config;
use bot_core::service::{Clock, Service};
use bot_core::store::Store;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

// Every test binary uses a part of these.
#[allow(unused_imports)]
pub use bot::{Bot, Platform, WEBHOOK_SECRET};

/// The longest wait for one answer of the bot (generous: CI machines can be slow).
pub const WAIT: Duration = Duration::from_secs(20);

/// Looks like a Discord bot token; must never show up in the log.
pub const DISCORD_TOKEN: &str = "MTIzNDU2Nzg5MDEy.GfAkEd.sEcReT-tOkEn_do-not-log-9x7";
/// The part of the Telegram token after the colon is the secret.
pub const TELEGRAM_TOKEN: &str = "4242424242:AAFakeTelegramTokenForTestsOnly_xyz";

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
