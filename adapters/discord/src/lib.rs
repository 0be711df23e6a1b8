//! Schocken on Discord: one `/schocken` slash command with subcommands, buttons on one public
//! table message per game, and hidden cups as ephemeral replies. The adapter only translates
//! between Discord and the service; every rule is decided in `bot-core`.

use bot_core::service::Service;
use std::fmt;
use std::sync::Arc;

/// How to reach Discord. The token is never printed (not even by `Debug`).
#[derive(Clone)]
pub struct DiscordConfig {
    token: String,
    /// Base URL for REST (and so the gateway lookup) instead of Discord's; the tests' fake.
    pub api_url: Option<String>,
    /// Register the slash commands in this guild only (instant) instead of globally.
    pub guild_id: Option<u64>,
}

impl DiscordConfig {
    pub fn new(token: impl Into<String>, api_url: Option<String>, guild_id: Option<u64>) -> Self {
        DiscordConfig {
            token: token.into(),
            api_url,
            guild_id,
        }
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
            .finish()
    }
}

/// Runs the Discord bot until the connection ends for good.
pub async fn run(service: Arc<Service>, config: DiscordConfig) -> anyhow::Result<()> {
    let _ = (service, config);
    anyhow::bail!("the Discord adapter is being built")
}
