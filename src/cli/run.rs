//! `schocken` without a subcommand: the chat bots when tokens are set, else a table in the
//! terminal.

use super::{Failure, RulesArgs};
use bot_core::config::Config;
use bot_core::engine::ai::Strategy;
use bot_core::service::{Service, Stop, SystemClock};
use bot_core::store::{Store, StoreError, redacted};
use bot_core::text::{self, Lang};
use clap::Args;
use schocken_console::ConsoleOptions;
use schocken_discord::DiscordConfig;
use schocken_telegram::TelegramConfig;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use tracing::{error, info, warn};

#[derive(Debug, Args, Default)]
pub struct RunArgs {
    /// Computer players at the terminal table.
    #[arg(long)]
    bots: Option<usize>,
    /// How the computer players play: `stark` (the exact odds, default) or `einfach` (the
    /// rule of thumb).
    #[arg(long, value_name = "stark|einfach")]
    bot_level: Option<String>,
    /// Names of the human players at the terminal table (comma-separated); asked for if
    /// missing.
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    #[command(flatten)]
    rules: RulesArgs,
    /// Seed for the dice (the same seed and moves give the same game). For tests: with it
    /// the server seed of the provably fair dice is no secret.
    #[arg(long)]
    seed: Option<u64>,
    /// The client seed of the provably fair dice at the terminal table (a text the players
    /// choose before the first die falls; default: the game's number).
    #[arg(long, value_name = "TEXT")]
    client_seed: Option<String>,
    /// Keep score of a game with real dice at the terminal table: you throw at the table,
    /// type each round as it fell, and the bot keeps the Deckel, halves and the Bierrunde.
    #[arg(long)]
    tally: bool,
    /// With --tally: who won the roll-off at the table (default: the first player).
    #[arg(long, value_name = "NAME", requires = "tally")]
    starter: Option<String>,
    /// Database URL (default: DATABASE_URL, else sqlite://schocken.db).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// A configuration file on top of config/default.toml.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Name of the terminal table (several tables can live in one database).
    #[arg(long, default_value = "local")]
    table: String,
}

pub(super) fn load_config(
    file: Option<&PathBuf>,
    database: Option<&String>,
) -> Result<Config, Failure> {
    let base = match file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
            Config::with_file(&text)
        }
        None => Ok(Config::default()),
    };
    let mut config = base
        .and_then(|c| c.with_env(|k| std::env::var(k).ok()))
        .map_err(|e| Failure::input(e.to_string()))?;
    if let Some(url) = database {
        config.database_url = url.clone();
    }
    Ok(config)
}

pub(super) fn init_logging(default: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // A log that cannot be written (a full disk, the file size limit) loses its lines;
        // saying so with `eprintln!` would panic on the same stream and end the bot.
        .log_internal_errors(false)
        .try_init();
}

pub(super) fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(Failure::io)
}

pub fn run(args: &RunArgs, lang: Lang) -> Result<ExitCode, Failure> {
    let platforms = Platforms::from_env()?;
    let chat_bots = platforms.any();
    // sqlx's own lines (a ping on a dropped connection …) repeat what the bot says once.
    init_logging(if chat_bots { "info,sqlx=warn" } else { "warn" });
    let mut config = load_config(args.config.as_ref(), args.database.as_ref())?;
    // Only rules given on the command line replace the table's saved house rules.
    let given = args.rules.rules.is_some() || !args.rules.overrides.is_empty();
    let rules = if given {
        Some(args.rules.load(None, lang)?)
    } else {
        None
    };
    if !chat_bots {
        // The terminal has no turn timer, and its computer players need no pause to be
        // followed: the players sit at one keyboard, the table prints after every move.
        config.turn_timer_seconds = 0;
        config.computer_pause_ms = 0;
    }
    let bot_level = bot_level(args, lang)?;
    let runtime = runtime()?;
    runtime.block_on(async move {
        let store = open_store(&config.database_url, chat_bots).await?;
        let service = Service::new(store, config, Arc::new(SystemClock), args.seed)
            .await
            .map_err(|e| Failure::input(e.to_string()))?;
        if chat_bots {
            return serve(service, platforms).await;
        }
        let options = ConsoleOptions {
            table: args.table.clone(),
            players: args.players.clone(),
            bots: args.bots,
            bot_level,
            rules,
            lang,
            clear_screen: std::io::IsTerminal::is_terminal(&std::io::stdout()),
            client_seed: args.client_seed.clone(),
            tally: args.tally,
            starter: args.starter.clone(),
        };
        let stdin = tokio::io::BufReader::new(tokio::io::stdin());
        let result =
            schocken_console::run(service.clone(), options, stdin, std::io::stdout()).await;
        service.close().await;
        result
            .map(|()| ExitCode::SUCCESS)
            .map_err(|e| Failure::io(std::io::Error::other(e.to_string())))
    })
}

/// What the environment configures: the chat bots, the web table beside them, the metrics.
struct Platforms {
    discord: Option<DiscordConfig>,
    telegram: Option<TelegramConfig>,
    web: Option<schocken_web::WebConfig>,
    metrics: Option<std::net::SocketAddr>,
}

impl Platforms {
    fn from_env() -> Result<Platforms, Failure> {
        let discord = DiscordConfig::from_env().map_err(|e| Failure::input(e.to_string()))?;
        let mut telegram = TelegramConfig::from_env().map_err(|e| Failure::input(e.to_string()))?;
        let chat_bots = discord.is_some() || telegram.is_some();
        let metrics = super::ops::addr_from_env().map_err(Failure::input)?;
        let web = schocken_web::WebConfig::from_vars(|k| std::env::var(k).ok())
            .map_err(|e| Failure::input(e.to_string()))?
            .filter(|_| chat_bots);
        if let (Some(telegram), Some(web)) = (telegram.as_mut(), web.as_ref()) {
            // Table messages link to the bot's Mini App, which opens this page.
            telegram.web_app = std::env::var("SCHOCKEN_TELEGRAM_APP")
                .ok()
                .map(|name| name.trim().to_string())
                .filter(|name| !name.is_empty())
                .map(|short_name| schocken_telegram::WebApp {
                    short_name,
                    tokens: bot_core::model::token::Tokens::new(&web.secret),
                });
        }
        Ok(Platforms {
            discord,
            telegram,
            web,
            metrics,
        })
    }

    /// Whether a chat bot runs (else the terminal table opens).
    fn any(&self) -> bool {
        self.discord.is_some() || self.telegram.is_some()
    }
}

/// `--bot-level`: strong (the exact odds) unless named otherwise.
fn bot_level(args: &RunArgs, lang: Lang) -> Result<Strategy, Failure> {
    match args.bot_level.as_deref() {
        None => Ok(Strategy::Strong),
        Some(level) => Strategy::parse(level).ok_or_else(|| {
            Failure::input(text::tr(
                lang,
                "cli-error-bot-level",
                &[("value", text::arg_text(level.to_string()))],
            ))
        }),
    }
}

/// The chat bots (and the web table, the metrics) until a stop signal or an adapter's end,
/// then a graceful stop.
async fn serve(service: Arc<Service>, platforms: Platforms) -> Result<ExitCode, Failure> {
    let (stopping, stop) = Stop::new();
    let ops = match platforms.metrics {
        Some(addr) => Some(
            super::ops::serve(addr, service.clone(), stop.clone())
                .await
                .map_err(|e| Failure::input(format!("{}={addr}: {e}", super::ops::ADDR_VAR)))?,
        ),
        None => None,
    };
    let timers = service.spawn_timers_until(stop.clone());
    let mut tasks = tokio::task::JoinSet::new();
    if let Some(web) = platforms.web {
        // Bound before the bots start: a wrong address refuses the start at once.
        let listener = schocken_web::bind(&web)
            .await
            .map_err(|e| Failure::input(e.to_string()))?;
        info!(?web, "serving the web table");
        let web = schocken_web::Web::new(service.clone(), web, stop.clone());
        tasks.spawn(async move { Ok(schocken_web::serve(web, listener).await?) });
    }
    if let Some(discord) = platforms.discord {
        info!(?discord, "starting the Discord adapter");
        tasks.spawn(schocken_discord::run(
            service.clone(),
            discord,
            stop.clone(),
        ));
    }
    if let Some(telegram) = platforms.telegram {
        info!(?telegram, "starting the Telegram adapter");
        tasks.spawn(schocken_telegram::run(service.clone(), telegram, stop));
    }
    let mut failed = false;
    tokio::select! {
        () = stop_signal() => info!("stopping: taking no new events"),
        Some(done) = tasks.join_next() => failed |= adapter_failed(done),
    }
    // A graceful stop: the adapters take no new events, answer those in flight and make
    // their writes; timers stop between two ticks. Whatever is not done by then is cut.
    stopping.stop();
    let finished = tokio::time::timeout(STOP_LIMIT, async {
        while let Some(done) = tasks.join_next().await {
            failed |= adapter_failed(done);
        }
        let _ = timers.await;
        if let Some(ops) = ops {
            let _ = ops.await;
        }
    })
    .await;
    if finished.is_err() {
        warn!("the adapters did not stop in time; stopping them now");
        tasks.abort_all();
    }
    service.close().await;
    info!(in_time = finished.is_ok(), "stopped");
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// How long a stop may take before what is left is cut (a process has 10 s to stop).
const STOP_LIMIT: std::time::Duration = std::time::Duration::from_secs(9);

/// Whether an adapter's task ended with an error (logged).
fn adapter_failed(done: Result<anyhow::Result<()>, tokio::task::JoinError>) -> bool {
    match done.map_err(anyhow::Error::from) {
        Ok(Err(e)) | Err(e) => {
            error!(error = %e, "an adapter stopped");
            true
        }
        Ok(Ok(())) => false,
    }
}

/// The store at `url`. A chat bot whose PostgreSQL server does not answer yet (it starts
/// later, or is away for a moment) waits for it, saying so once, instead of ending and being
/// restarted again and again; Ctrl-C or SIGTERM ends the wait. Any other failure (a wrong
/// password, a SQLite file that cannot be opened) ends the start with its reason.
async fn open_store(url: &str, chat_bots: bool) -> Result<Store, Failure> {
    let failed = |e: &StoreError| Failure::input(format!("{}: {e}", redacted(url)));
    let mut waiting = false;
    let stopped = stop_signal();
    tokio::pin!(stopped);
    loop {
        match Store::open(url).await {
            Ok(store) => {
                if waiting {
                    info!("the database answers: starting");
                }
                return Ok(store);
            }
            Err(StoreError::Unreachable(why))
                if chat_bots && matches!(why.kind, "connection" | "shutdown") =>
            {
                if !waiting {
                    warn!(kind = why.kind, detail = %why.detail, "waiting for the database");
                    waiting = true;
                }
                tokio::select! {
                    () = tokio::time::sleep(std::time::Duration::from_secs(1)) => {}
                    () = &mut stopped => return Err(failed(&StoreError::Unreachable(why))),
                }
            }
            Err(e) => return Err(failed(&e)),
        }
    }
}

/// Ctrl-C, or SIGTERM (`docker stop`, `systemctl stop`).
pub(super) async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
                return;
            }
            Err(e) => error!(error = %e, "cannot listen for SIGTERM; Ctrl-C still stops"),
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
