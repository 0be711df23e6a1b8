//! How to reach Discord: token, REST base URL, command scope, answer deferral and whether
//! serenity paces REST requests itself. Read from the environment; the token is never printed.

use crate::bot;
use crate::shards::ShardRange;
use std::fmt;
use std::time::Duration;

/// How to reach Discord. The token is never printed (not even by `Debug`).
#[derive(Clone)]
pub struct DiscordConfig {
    token: String,
    /// Base URL for REST (and so the gateway lookup) instead of Discord's: a proxy, or the
    /// tests' fake.
    pub api_url: Option<String>,
    /// Register the slash commands in this guild only (instant) instead of globally.
    pub guild_id: Option<u64>,
    /// Defer an interaction's answer when the service takes longer than this.
    pub(crate) defer_after: Duration,
    /// serenity's ratelimiter (on unless an operator runs a rate-limiting proxy in front).
    pub(crate) ratelimiter: bool,
    /// The gateway shards this process runs (`DISCORD_SHARDS`; default: the one shard).
    pub shards: ShardRange,
    /// The table in the browser runs as this app's Activity: the table message gets a button
    /// that launches it.
    pub activity: bool,
}

impl DiscordConfig {
    pub fn new(token: impl Into<String>, api_url: Option<String>, guild_id: Option<u64>) -> Self {
        DiscordConfig {
            token: token.into(),
            api_url,
            guild_id,
            defer_after: bot::DEFER_AFTER,
            ratelimiter: true,
            shards: ShardRange::ALL_IN_ONE,
            activity: false,
        }
    }

    /// Defer every answer the service has not given after `after` (zero: defer always; the
    /// tests use it to exercise the deferred path).
    pub fn with_defer_after(mut self, after: Duration) -> Self {
        self.defer_after = after;
        self
    }

    /// `DISCORD_TOKEN` (required), `DISCORD_API_URL`, `DISCORD_GUILD_ID`,
    /// `DISCORD_RATELIMITER` (`on`, or `off` behind a proxy that keeps Discord's rate limits
    /// itself), `DISCORD_SHARDS` (`0-1/4`: shards 0 and 1 of 4); the Activity with
    /// `DISCORD_CLIENT_ID` and the web page (`SCHOCKEN_WEB_ADDR`); `None` without a token.
    pub fn from_env() -> anyhow::Result<Option<DiscordConfig>> {
        let var = |name: &str| {
            std::env::var(name)
                .ok()
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let Some(token) = var("DISCORD_TOKEN") else {
            return Ok(None);
        };
        let guild_id = match var("DISCORD_GUILD_ID") {
            Some(g) => Some(
                g.parse()
                    .map_err(|_| anyhow::anyhow!("DISCORD_GUILD_ID is not a number"))?,
            ),
            None => None,
        };
        let mut config = DiscordConfig::new(token, var("DISCORD_API_URL"), guild_id);
        config.ratelimiter = ratelimiter_setting(var("DISCORD_RATELIMITER").as_deref())?;
        // The Activity is the web page, logged in with the app's OAuth client.
        config.activity = var("DISCORD_CLIENT_ID").is_some() && var("SCHOCKEN_WEB_ADDR").is_some();
        if let Some(shards) = var("DISCORD_SHARDS") {
            config.shards = ShardRange::parse(&shards).map_err(|e| anyhow::anyhow!(e))?;
        }
        Ok(Some(config))
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// Whether serenity's ratelimiter paces the REST requests.
    pub fn ratelimiter(&self) -> bool {
        self.ratelimiter
    }
}

/// `DISCORD_RATELIMITER`: on unless explicitly switched off.
fn ratelimiter_setting(value: Option<&str>) -> anyhow::Result<bool> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        None | Some("on" | "true" | "1" | "yes") => Ok(true),
        Some("off" | "false" | "0" | "no") => Ok(false),
        Some(other) => anyhow::bail!("DISCORD_RATELIMITER must be on or off, not {other:?}"),
    }
}

impl fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &"<redacted>")
            .field("api_url", &self.api_url)
            .field("guild_id", &self.guild_id)
            .field("defer_after", &self.defer_after)
            .field("ratelimiter", &self.ratelimiter)
            .field("shards", &self.shards.to_string())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratelimiter_is_on_unless_switched_off() {
        assert!(ratelimiter_setting(None).unwrap_or(false));
        assert!(ratelimiter_setting(Some("ON")).unwrap_or(false));
        assert!(!ratelimiter_setting(Some("off")).unwrap_or(true));
        assert!(ratelimiter_setting(Some("maybe")).is_err());
        assert!(DiscordConfig::new("t", None, None).ratelimiter());
    }

    #[test]
    fn debug_hides_the_token() {
        let config = DiscordConfig::new("very-secret-token", None, Some(5));
        let shown = format!("{config:?}");
        assert!(!shown.contains("very-secret"), "{shown}");
        assert!(shown.contains("ratelimiter: true"), "{shown}");
    }
}
