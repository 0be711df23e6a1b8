//! Schocken on Discord: one `/schocken` slash command with subcommands, buttons on one public
//! table message per game, and hidden cups as ephemeral replies. The adapter only translates
//! between Discord and the service; every rule is decided in `bot-core`.

mod bot;
mod commands;
mod origin;
mod payload;
mod plan;
mod publish;
mod respond;
mod timers;

use anyhow::Context as _;
use bot::Bot;
use bot_core::service::Service;
use commands::{Data, Error};
use publish::Publisher;
use serenity::all::{ClientBuilder, FullEvent, GatewayIntents, GuildId, HttpBuilder, Interaction};
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::task::JoinHandle;
use tracing::{error, info};

/// How to reach Discord. The token is never printed (not even by `Debug`).
#[derive(Clone)]
pub struct DiscordConfig {
    token: String,
    /// Base URL for REST (and so the gateway lookup) instead of Discord's; the tests' fake.
    pub api_url: Option<String>,
    /// Register the slash commands in this guild only (instant) instead of globally.
    pub guild_id: Option<u64>,
    /// Defer an interaction's answer when the service takes longer than this.
    defer_after: Duration,
}

impl DiscordConfig {
    pub fn new(token: impl Into<String>, api_url: Option<String>, guild_id: Option<u64>) -> Self {
        DiscordConfig {
            token: token.into(),
            api_url,
            guild_id,
            defer_after: bot::DEFER_AFTER,
        }
    }

    /// Defer every answer the service has not given after `after` (zero: defer always; the
    /// tests use it to exercise the deferred path).
    pub fn with_defer_after(mut self, after: Duration) -> Self {
        self.defer_after = after;
        self
    }

    /// `DISCORD_TOKEN` (required), `DISCORD_API_URL`, `DISCORD_GUILD_ID`; `None` without a
    /// token.
    pub fn from_env() -> anyhow::Result<Option<DiscordConfig>> {
        let Some(token) = std::env::var("DISCORD_TOKEN")
            .ok()
            .filter(|t| !t.trim().is_empty())
        else {
            return Ok(None);
        };
        let api_url = std::env::var("DISCORD_API_URL")
            .ok()
            .filter(|u| !u.trim().is_empty());
        let guild_id = match std::env::var("DISCORD_GUILD_ID") {
            Ok(g) if !g.trim().is_empty() => Some(
                g.trim()
                    .parse()
                    .map_err(|_| anyhow::anyhow!("DISCORD_GUILD_ID is not a number"))?,
            ),
            _ => None,
        };
        Ok(Some(DiscordConfig::new(token.trim(), api_url, guild_id)))
    }

    pub fn token(&self) -> &str {
        &self.token
    }
}

impl fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &"<redacted>")
            .field("api_url", &self.api_url)
            .field("guild_id", &self.guild_id)
            .field("defer_after", &self.defer_after)
            .finish()
    }
}

/// Runs the Discord bot until the connection ends for good.
pub async fn run(service: Arc<Service>, config: DiscordConfig) -> anyhow::Result<()> {
    let guild = match config.guild_id {
        Some(0) => anyhow::bail!("DISCORD_GUILD_ID must not be 0"),
        other => other.map(GuildId::new),
    };
    let mut http =
        HttpBuilder::new(config.token()).default_allowed_mentions(payload::no_mentions());
    if let Some(url) = &config.api_url {
        // A local server (the tests' fake, or a proxy that keeps the rate limits itself).
        http = http
            .proxy(url.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let http = http.build();

    let failure: Arc<Mutex<Option<String>>> = Arc::default();
    let forwarder: Arc<Mutex<Option<JoinHandle<()>>>> = Arc::default();
    let framework = {
        let failure = failure.clone();
        let forwarder = forwarder.clone();
        let defer_after = config.defer_after;
        poise::Framework::builder()
            .options(poise::FrameworkOptions {
                commands: vec![commands::schocken()],
                event_handler: |ctx, event, _framework, bot| Box::pin(on_event(ctx, event, bot)),
                ..Default::default()
            })
            // Owners are not used; asking for them costs a request at every start.
            .initialize_owners(false)
            .setup(move |ctx, ready, framework| {
                Box::pin(async move {
                    info!(
                        user = %ready.user.name,
                        guilds = ready.guilds.len(),
                        "connected to Discord"
                    );
                    let commands = &framework.options().commands;
                    let registered = match guild {
                        Some(g) => poise::builtins::register_in_guild(&ctx.http, commands, g).await,
                        None => poise::builtins::register_globally(&ctx.http, commands).await,
                    };
                    if let Err(e) = registered {
                        let message = format!("could not register the slash commands: {e}");
                        error!("{message}");
                        *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(message.clone());
                        framework.shard_manager().shutdown_all().await;
                        return Err(anyhow::anyhow!(message));
                    }
                    info!(
                        scope = if guild.is_some() { "guild" } else { "global" },
                        "slash commands registered"
                    );
                    let bot = Arc::new(Bot {
                        publisher: Publisher::new(ctx.http.clone(), service.clone()),
                        service: service.clone(),
                        defer_after,
                    });
                    let moves = service.subscribe();
                    let task = tokio::spawn(timers::forward(bot.clone(), moves));
                    if let Some(old) = forwarder
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .replace(task)
                    {
                        old.abort();
                    }
                    Ok(bot)
                })
            })
            .build()
    };

    // Slash commands and buttons need no privileged intent: only `GUILDS`.
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .context("could not set up the Discord client")?;
    let result = client.start().await;
    if let Some(task) = forwarder.lock().unwrap_or_else(|p| p.into_inner()).take() {
        task.abort();
    }
    if let Some(message) = failure.lock().unwrap_or_else(|p| p.into_inner()).take() {
        anyhow::bail!(message);
    }
    result.context("the Discord connection failed")
}

/// Button clicks (poise routes only the slash commands).
async fn on_event(
    ctx: &serenity::all::Context,
    event: &FullEvent,
    bot: &Data,
) -> Result<(), Error> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(click),
    } = event
    {
        bot.click(&ctx.http, click).await;
    }
    Ok(())
}
