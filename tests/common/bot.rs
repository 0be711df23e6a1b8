//! The `schocken` binary as a test runs it: against a fake platform, on a database, its log
//! captured (from its pipes, or from the file it appends to).

use super::DISCORD_TOKEN;
use schocken_fakes::discord::FakeDiscord;
use schocken_fakes::telegram::FakeTelegram;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

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
    /// The file the log goes to, if not to the pipes.
    log_file: Option<PathBuf>,
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
        Bot::spawn_logging(platform, db, seed, env, None)
    }

    /// [`Bot::spawn_with`], its stdout and stderr appended to the file `log` (as an operator's
    /// `schocken >> bot.log 2>&1`) instead of a pipe, if given.
    pub fn spawn_logging(
        platform: Platform<'_>,
        db: &Path,
        seed: u64,
        env: &[(&str, &str)],
        log: Option<&Path>,
    ) -> Bot {
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
        if let Some(path) = log {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .expect("the log file");
            let copy = file.try_clone().expect("the log file");
            cmd.stdout(Stdio::from(file)).stderr(Stdio::from(copy));
        }
        let mut child = cmd.spawn().expect("spawn schocken");
        let log_text = Arc::new(Mutex::new(String::new()));
        let mut readers = Vec::new();
        if let Some(out) = child.stdout.take() {
            readers.push(capture(out, log_text.clone()));
        }
        if let Some(err) = child.stderr.take() {
            readers.push(capture(err, log_text.clone()));
        }
        Bot {
            child,
            log: log_text,
            log_file: log.map(Path::to_path_buf),
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
        Bot::telegram_webhook_with(fake, database, listen, url, seed, &[]).await
    }

    /// [`Bot::telegram_webhook`] with more environment variables.
    pub async fn telegram_webhook_with(
        fake: &FakeTelegram,
        database: &str,
        listen: std::net::SocketAddr,
        url: &str,
        seed: u64,
        more: &[(&str, &str)],
    ) -> Bot {
        let mark = fake.mark();
        let listen_text = listen.to_string();
        let mut env = vec![
            ("DATABASE_URL", database),
            ("TELOXIDE_WEBHOOK_URL", url),
            ("TELOXIDE_WEBHOOK_LISTEN", &listen_text),
            ("TELOXIDE_WEBHOOK_SECRET", WEBHOOK_SECRET),
        ];
        env.extend_from_slice(more);
        let mut bot = Bot::spawn_with(Platform::Telegram(fake), Path::new("unused.db"), seed, &env);
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
        Bot::polling_logging(fake, db, seed, env, None).await
    }

    /// [`Bot::telegram_with`], its log appended to the file `log`.
    pub async fn telegram_logging(
        fake: &FakeTelegram,
        db: &Path,
        seed: u64,
        env: &[(&str, &str)],
        log: &Path,
    ) -> Bot {
        Bot::polling_logging(fake, db, seed, env, Some(log))
            .await
            .unwrap_or_else(|log| panic!("the bot did not start: {log}"))
    }

    async fn polling_logging(
        fake: &FakeTelegram,
        db: &Path,
        seed: u64,
        env: &[(&str, &str)],
        log: Option<&Path>,
    ) -> Result<Bot, String> {
        let mark = fake.mark();
        let mut bot = Bot::spawn_logging(Platform::Telegram(fake), db, seed, env, log);
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
        if let Some(path) = &self.log_file {
            return std::fs::read_to_string(path).unwrap_or_default();
        }
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
