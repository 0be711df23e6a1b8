//! Schocken on Discord: one `/schocken` slash command with subcommands, buttons on one public
//! table message per game, and hidden cups as ephemeral replies. The adapter only translates
//! between Discord and the service; every rule is decided in `bot-core`.
//!
//! Split by job: `config` the settings, `setup` the poise framework (commands, the bot's
//! state, timers), `bot` one interaction, `plan` what to show for a reply, `respond` the
//! interaction's answer, `outbox` the table message per channel, `timers` moves nobody
//! clicked, `origin` who and where, `payload` messages as data, `langs` the channels'
//! languages.

mod bot;
mod commands;
mod config;
mod langs;
mod origin;
mod outbox;
mod payload;
mod plan;
mod respond;
mod setup;
mod shards;
mod timers;

pub use config::DiscordConfig;
pub use shards::ShardRange;

use anyhow::Context as _;
use bot_core::metrics::Metrics;
use bot_core::service::{Service, Stop};
use outbox::Rest;
use serenity::all::{
    ClientBuilder, GatewayError, GatewayIntents, GuildId, Http, HttpBuilder, ShardManager,
};
use std::sync::Arc;
use std::time::Duration;
use tracing::{info, warn};

/// What the bot says when Discord refuses its token.
pub const TOKEN_REJECTED: &str = "Discord rejected the bot token (DISCORD_TOKEN)";

/// Runs the Discord bot until the connection ends for good.
/// How long a stop waits for commands in flight and then for the outbox (a process has 10 s).
const SETTLE_LIMIT: Duration = Duration::from_secs(3);
const DRAIN_LIMIT: Duration = Duration::from_secs(4);

/// Serves Discord until the gateway fails for good or `stop` comes (then the shards close,
/// the interactions in flight are answered, the table writes made, and it returns).
pub async fn run(service: Arc<Service>, config: DiscordConfig, stop: Stop) -> anyhow::Result<()> {
    let guild = match config.guild_id {
        Some(0) => anyhow::bail!("DISCORD_GUILD_ID must not be 0"),
        other => other.map(GuildId::new),
    };
    // On a database other processes share, the token's global limit is kept with them (the
    // outbox takes its turns there).
    let (http, rest) = rest_clients(&config, service.metrics().clone())?;
    let setup = setup::Setup::new(service.clone(), guild, config.defer_after, rest)
        .with_activity(config.activity);
    // Slash commands and buttons need no privileged intent: only `GUILDS`.
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .framework(setup.framework())
        .await
        .context("could not set up the Discord client")?;
    let stopper = tokio::spawn(close_shards(client.shard_manager.clone(), stop));
    let shards = config.shards;
    info!(%shards, "starting the gateway shards");
    // serenity reads the range's end as the last shard to run (inclusive).
    let result = client
        .start_shard_range(shards.first..shards.last, shards.total)
        .await;
    stopper.abort();
    setup.stop();
    if !service.settled(SETTLE_LIMIT).await {
        warn!("stopping with commands still in flight");
    }
    if let Some(bot) = setup.bot()
        && !bot.outbox.drained(DRAIN_LIMIT).await
    {
        warn!("stopping with table messages not yet written; the next move writes them");
    }
    if let Some(message) = setup.failure() {
        anyhow::bail!(message);
    }
    match result {
        Err(serenity::Error::Gateway(GatewayError::InvalidAuthentication)) => {
            anyhow::bail!(TOKEN_REJECTED)
        }
        other => other.context("the Discord connection failed"),
    }
}

/// Closes the gateway connections once the process stops: no new interactions arrive.
async fn close_shards(shards: Arc<ShardManager>, mut stop: Stop) {
    stop.stopped().await;
    info!("stopping: closing the Discord gateway");
    shards.shutdown_all().await;
}

/// serenity's `Http` (everything but the table writes) and the outbox's REST path, sharing
/// one connection pool.
fn rest_clients(config: &DiscordConfig, metrics: Arc<Metrics>) -> anyhow::Result<(Http, Rest)> {
    let client = reqwest::Client::builder()
        .use_rustls_tls()
        .build()
        .context("could not set up the HTTP client")?;
    let proxy = config
        .api_url
        .as_ref()
        .map(|url| url.trim_end_matches('/').to_string());
    // serenity 0.12's own ratelimiter always sends to discord.com, whatever the proxy: with a
    // proxy it cannot run. The table writes (the requests Discord limits per channel) keep
    // the buckets through the outbox's REST path in either case.
    let serenity_paces = config.ratelimiter() && proxy.is_none();
    let mut http = HttpBuilder::new(config.token())
        .client(client.clone())
        .default_allowed_mentions(payload::no_mentions())
        .ratelimiter_disabled(!serenity_paces);
    if let Some(url) = &proxy {
        // A local server: a proxy in front of Discord, or the tests' fake.
        http = http.proxy(url.clone());
    }
    info!(
        ratelimiter = if config.ratelimiter() { "on" } else { "off" },
        proxy = proxy.is_some(),
        serenity_paces,
        "Discord REST"
    );
    let rest = Rest::new(client, config.token(), proxy, config.ratelimiter(), metrics);
    Ok((http.build(), rest))
}
