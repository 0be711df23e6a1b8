//! Schocken on Telegram: commands with German aliases, one table message per game edited in
//! place with inline buttons, and hidden cups as alert popups to their owner. The adapter only
//! translates between Telegram and the service; every rule is decided in `bot-core`.

use bot_core::service::Service;
use std::fmt;
use std::sync::Arc;

/// How to reach Telegram. The token is never printed (not even by `Debug`).
#[derive(Clone)]
pub struct TelegramConfig {
    token: String,
    /// Bot API base URL instead of Telegram's; the tests' fake.
    pub api_url: Option<String>,
    /// Wrap the bot in teloxide's `Throttle` (on in production, off against the fake).
    pub throttle: bool,
}

impl TelegramConfig {
    pub fn new(token: impl Into<String>, api_url: Option<String>, throttle: bool) -> Self {
        TelegramConfig {
            token: token.into(),
            api_url,
            throttle,
        }
    }

    /// `TELOXIDE_TOKEN` (required), `TELOXIDE_API_URL`; `None` without a token. Throttling
    /// is on unless `SCHOCKEN_TELEGRAM_THROTTLE=off`.
    pub fn from_env() -> anyhow::Result<Option<TelegramConfig>> {
        let Some(token) = std::env::var("TELOXIDE_TOKEN")
            .ok()
            .filter(|t| !t.trim().is_empty())
        else {
            return Ok(None);
        };
        let api_url = std::env::var("TELOXIDE_API_URL")
            .ok()
            .filter(|u| !u.trim().is_empty());
        let throttle = std::env::var("SCHOCKEN_TELEGRAM_THROTTLE")
            .map(|v| v.trim() != "off")
            .unwrap_or(true);
        Ok(Some(TelegramConfig::new(token.trim(), api_url, throttle)))
    }

    pub fn token(&self) -> &str {
        &self.token
    }
}

impl fmt::Debug for TelegramConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TelegramConfig")
            .field("token", &"<redacted>")
            .field("api_url", &self.api_url)
            .field("throttle", &self.throttle)
            .finish()
    }
}

/// Runs the Telegram bot (long polling) until it is stopped.
pub async fn run(service: Arc<Service>, config: TelegramConfig) -> anyhow::Result<()> {
    let _ = (service, config);
    anyhow::bail!("the Telegram adapter is being built")
}
