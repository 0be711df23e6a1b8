//! The real `schocken` process under test: started against the fakes, killed with SIGKILL,
//! started again, and measured (peak memory from `/proc`).

use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// Where the bot connects and what it stores.
#[derive(Clone, Debug)]
pub struct BotSetup {
    pub binary: PathBuf,
    pub database_url: String,
    pub discord_api: Option<String>,
    pub telegram_api: Option<String>,
    pub telegram_token: String,
    /// The token the fake Discord accepts (it refuses any other with 4004).
    pub discord_token: String,
    pub seed: u64,
    /// `RUST_LOG` of the bot.
    pub log_filter: String,
    /// Every start's stderr is appended here (the token must never show up in it).
    pub log: PathBuf,
    /// More environment of this process (its shards, its webhook address, its metrics).
    pub env: Vec<(String, String)>,
}

pub struct BotProcess {
    setup: BotSetup,
    child: Option<Child>,
    /// The highest peak resident set of any process started so far, in KiB.
    peak_kib: u64,
    /// CPU time of the processes that ended, and the running one's latest sample, in ticks.
    cpu_done: u64,
    cpu_now: u64,
    pub starts: usize,
}

impl BotProcess {
    pub fn start(setup: BotSetup) -> anyhow::Result<BotProcess> {
        let mut bot = BotProcess {
            setup,
            child: None,
            peak_kib: 0,
            cpu_done: 0,
            cpu_now: 0,
            starts: 0,
        };
        bot.spawn()?;
        Ok(bot)
    }

    fn spawn(&mut self) -> anyhow::Result<()> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.setup.log)
            .context("open the bot log")?;
        let mut cmd = Command::new(&self.setup.binary);
        // Production pacing: teloxide's Throttle and the Discord ratelimiter stay on whatever
        // the caller's environment says; the chats' defaults are the shipped ones.
        cmd.arg("--seed")
            .arg(self.setup.seed.wrapping_add(self.starts as u64).to_string())
            .env("DATABASE_URL", &self.setup.database_url)
            .env("RUST_LOG", &self.setup.log_filter)
            .env_remove("SCHOCKEN_TELEGRAM_THROTTLE")
            .env_remove("DISCORD_RATELIMITER")
            .env_remove("SCHOCKEN_RULES")
            .env_remove("SCHOCKEN_LANG")
            .env_remove("SCHOCKEN_TURN_TIMER")
            .env_remove("TELOXIDE_PROXY")
            .env_remove("DISCORD_GUILD_ID")
            .env_remove("DISCORD_SHARDS")
            .env_remove("TELOXIDE_WEBHOOK_URL")
            .env_remove("TELOXIDE_WEBHOOK_LISTEN")
            .env_remove("TELOXIDE_WEBHOOK_SECRET")
            .env_remove("SCHOCKEN_FORGET_IDLE_MINUTES")
            .env_remove("SCHOCKEN_METRICS_ADDR")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(log));
        match &self.setup.discord_api {
            Some(url) => {
                cmd.env("DISCORD_TOKEN", &self.setup.discord_token)
                    .env("DISCORD_API_URL", url);
            }
            None => {
                cmd.env_remove("DISCORD_TOKEN");
            }
        }
        match &self.setup.telegram_api {
            Some(url) => {
                cmd.env("TELOXIDE_TOKEN", &self.setup.telegram_token)
                    .env("TELOXIDE_API_URL", url);
            }
            None => {
                cmd.env_remove("TELOXIDE_TOKEN");
            }
        }
        for (key, value) in &self.setup.env {
            cmd.env(key, value);
        }
        if self.setup.discord_api.is_none() && self.setup.telegram_api.is_none() {
            bail!("the bot needs at least one platform");
        }
        self.child = Some(
            cmd.spawn()
                .with_context(|| format!("start {}", self.setup.binary.display()))?,
        );
        self.starts += 1;
        Ok(())
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Reads the running process's peak resident set (VmHWM) into the running maximum, and
    /// its CPU time.
    pub fn sample_memory(&mut self) {
        if let Some(kib) = self.pid().and_then(peak_rss_kib) {
            self.peak_kib = self.peak_kib.max(kib);
        }
        if let Some(ticks) = self.pid().and_then(cpu_ticks) {
            self.cpu_now = ticks;
        }
    }

    /// CPU seconds (user + system) of every process started so far, as last sampled.
    pub fn cpu_seconds(&self) -> f64 {
        (self.cpu_done + self.cpu_now) as f64 / TICKS_PER_SECOND
    }

    /// The running process's resident memory now, in MiB (0 when it is not running): all of
    /// it, and the anonymous part (heap and stacks, without the binary's code pages).
    pub fn resident_mib(&self) -> (f64, f64) {
        let of = |field| {
            self.pid()
                .and_then(|pid| status_kib(pid, field))
                .unwrap_or(0) as f64
                / 1024.0
        };
        (of("VmRSS:"), of("RssAnon:"))
    }

    pub fn peak_mib(&self) -> f64 {
        self.peak_kib as f64 / 1024.0
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| matches!(c.try_wait(), Ok(None)))
    }

    /// SIGKILL: no chance to flush or say goodbye.
    pub fn kill(&mut self) -> anyhow::Result<()> {
        self.sample_memory();
        if let Some(mut child) = self.child.take() {
            child.kill().context("SIGKILL the bot")?;
            child.wait().context("reap the bot")?;
        }
        self.cpu_done += std::mem::take(&mut self.cpu_now);
        Ok(())
    }

    pub fn restart(&mut self) -> anyhow::Result<()> {
        self.kill()?;
        self.spawn()
    }

    /// Ends the run: the last sample, then SIGKILL. Returns the peak memory in MiB and the CPU
    /// seconds used.
    pub fn stop(mut self) -> anyhow::Result<(f64, f64)> {
        self.kill()?;
        Ok((self.peak_mib(), self.cpu_seconds()))
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// VmHWM of a process in KiB (Linux).
pub fn peak_rss_kib(pid: u32) -> Option<u64> {
    status_kib(pid, "VmHWM:")
}

fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux).
const TICKS_PER_SECOND: f64 = 100.0;

/// User + system CPU time of a process in clock ticks (Linux).
pub fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces: the fields after it start behind the last ')'.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Fields 14 and 15 of the whole line (utime, stime) are 12 and 13 after the name.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// The database file and its WAL and shared-memory companions, in bytes.
pub fn database_bytes(path: &Path) -> u64 {
    ["", "-wal", "-shm"]
        .iter()
        .filter_map(|suffix| {
            let mut p = path.as_os_str().to_owned();
            p.push(suffix);
            std::fs::metadata(PathBuf::from(p)).ok()
        })
        .map(|m| m.len())
        .sum()
}

/// What the bot's database holds on disk: the SQLite file with its companions, or the size of
/// the PostgreSQL database.
pub async fn stored_bytes(url: &str, file: &Path) -> anyhow::Result<u64> {
    if !url.starts_with("postgres") {
        return Ok(database_bytes(file));
    }
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url).await?;
    let size: i64 =
        sqlx::query_scalar("SELECT CAST(pg_database_size(current_database()) AS BIGINT)")
            .fetch_one(&mut conn)
            .await?;
    Ok(size.max(0) as u64)
}

/// The `schocken` binary next to this tool (same profile), unless given.
pub fn default_binary() -> PathBuf {
    let name = format!("schocken{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&name)))
        .filter(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from("target/release").join(name))
}
