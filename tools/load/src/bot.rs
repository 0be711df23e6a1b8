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
    pub seed: u64,
    /// Every start's stderr is appended here (the token must never show up in it).
    pub log: PathBuf,
}

/// The token the Discord fake accepts (any non-empty one; it is never stored).
pub const DISCORD_TOKEN: &str = "load.test.discord.token.secret";

pub struct BotProcess {
    setup: BotSetup,
    child: Option<Child>,
    /// The highest peak resident set of any process started so far, in KiB.
    peak_kib: u64,
    pub starts: usize,
}

impl BotProcess {
    pub fn start(setup: BotSetup) -> anyhow::Result<BotProcess> {
        let mut bot = BotProcess {
            setup,
            child: None,
            peak_kib: 0,
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
        cmd.arg("--seed")
            .arg(self.setup.seed.wrapping_add(self.starts as u64).to_string())
            .env("DATABASE_URL", &self.setup.database_url)
            .env("SCHOCKEN_TELEGRAM_THROTTLE", "off")
            .env("RUST_LOG", "warn")
            .env_remove("DISCORD_GUILD_ID")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(log));
        match &self.setup.discord_api {
            Some(url) => {
                cmd.env("DISCORD_TOKEN", DISCORD_TOKEN)
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

    /// Reads the running process's peak resident set (VmHWM) into the running maximum.
    pub fn sample_memory(&mut self) {
        if let Some(kib) = self.pid().and_then(peak_rss_kib) {
            self.peak_kib = self.peak_kib.max(kib);
        }
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
        Ok(())
    }

    pub fn restart(&mut self) -> anyhow::Result<()> {
        self.kill()?;
        self.spawn()
    }

    /// Ends the run: the last memory sample, then SIGKILL.
    pub fn stop(mut self) -> anyhow::Result<f64> {
        self.kill()?;
        Ok(self.peak_mib())
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
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
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

/// The `schocken` binary next to this tool (same profile), unless given.
pub fn default_binary() -> PathBuf {
    let name = format!("schocken{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&name)))
        .filter(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from("target/release").join(name))
}
