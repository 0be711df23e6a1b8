//! Schocken on Telegram: commands with German aliases, one table message per game (per
//! topic in a forum group) edited in place with inline buttons, and hidden cups as alert
//! popups to their owner or in his private chat. The adapter only translates between
//! Telegram and the service; every rule is decided in `bot-core`.
//!
//! Imports run one way, top to bottom:
//! - [`app`]: start-up (getMe, webhook, command menus) and the long-polling dispatcher;
//! - [`handlers`]: updates (commands, button presses, private START) → commands;
//!   [`hint`]: hints, to the asker alone (his private chat, else an alert);
//!   [`migrate`]: a group that became a supergroup; [`outbound`]: timer moves;
//! - [`state`]: what the handlers share, and carrying out a plan;
//! - [`plan`]: a service reply → what to answer, write and send, decided without I/O;
//! - [`outbox`]: every write to a chat, paced to Telegram's limits and coalesced;
//! - [`compose`], [`keyboard`]: texts and inline keyboards from the shared renderer;
//!   [`commands`]: commands by the catalogue's names, menus, arguments → requests;
//! - [`place`]: chats and forum topics; [`identity`]: ids, names, languages;
//!   [`memory`]: tables' places and private chats; [`send`]: errors, 429 retries, token
//!   redaction; [`text`]: the adapter's own Fluent texts.

pub mod app;
pub mod claims;
pub mod commands;
pub mod compose;
pub mod handlers;
pub mod hint;
pub mod identity;
pub mod keyboard;
pub mod memory;
pub mod migrate;
pub mod outbound;
pub mod outbox;
pub mod place;
pub mod plan;
pub mod send;
pub mod state;
pub mod text;
pub mod web_app;
pub mod webhook;

pub use web_app::WebApp;
pub use webhook::WebhookConfig;

use bot_core::service::{Service, Stop};
use std::fmt;
use std::sync::Arc;
use teloxide::Bot;
use teloxide::adaptors::throttle::Limits;
use teloxide::requests::RequesterExt;

/// How to reach Telegram. The token is never printed (not even by `Debug`).
#[derive(Clone)]
pub struct TelegramConfig {
    token: String,
    /// Bot API base URL instead of Telegram's; the tests' fake.
    pub api_url: Option<String>,
    /// Wrap the bot in teloxide's `Throttle` (on in production, off against the fake).
    pub throttle: bool,
    /// Updates by webhook (several processes behind a load balancer); `None`: long polling.
    pub webhook: Option<WebhookConfig>,
    /// The table in the browser as this bot's Mini App: table messages link to it.
    pub web_app: Option<WebApp>,
}

impl TelegramConfig {
    pub fn new(token: impl Into<String>, api_url: Option<String>, throttle: bool) -> Self {
        TelegramConfig {
            token: token.into(),
            api_url,
            throttle,
            webhook: None,
            web_app: None,
        }
    }

    /// `TELOXIDE_TOKEN` (required), `TELOXIDE_API_URL`, the webhook (see [`webhook`]);
    /// `None` without a token. Throttling is on unless `SCHOCKEN_TELEGRAM_THROTTLE=off`.
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
        let webhook = WebhookConfig::from_vars(|k| std::env::var(k).ok())?;
        Ok(Some(TelegramConfig {
            webhook,
            ..TelegramConfig::new(token.trim(), api_url, throttle)
        }))
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
            .field("webhook", &self.webhook)
            .field("web_app", &self.web_app.as_ref().map(|a| &a.short_name))
            .finish()
    }
}

/// The bot client for `config`: Telegram's Bot API, or the URL in `api_url`.
fn client(config: &TelegramConfig) -> anyhow::Result<Bot> {
    let http = teloxide::net::default_reqwest_settings()
        .build()
        .map_err(|e| anyhow::anyhow!("cannot set up the HTTP client: {e}"))?;
    let bot = Bot::with_client(config.token(), http);
    Ok(match &config.api_url {
        None => bot,
        Some(url) => {
            let url = url.trim();
            // http(s) URLs always have a base, which teloxide needs to append the method.
            let web = url.starts_with("http://") || url.starts_with("https://");
            let api = url
                .parse()
                .ok()
                .filter(|_| web)
                .ok_or_else(|| anyhow::anyhow!("TELOXIDE_API_URL is no http(s) URL: {url}"))?;
            bot.set_api_url(api)
        }
    })
}

/// Runs the Telegram bot (long polling) until it is stopped.
/// Serves Telegram until the connection fails for good or `stop` comes (then it takes no new
/// updates, finishes those in flight and their writes, and returns).
pub async fn run(service: Arc<Service>, config: TelegramConfig, stop: Stop) -> anyhow::Result<()> {
    let bot = client(&config)?;
    let redact = send::Redactor::new(config.token());
    let webhook = config.webhook.clone();
    let web_app = config.web_app.clone();
    if config.throttle {
        // Telegram's limits (1 message/s per chat, 20/min per group, 30/s overall). The
        // outbox keeps them itself; Throttle guards sends on top. Its default assumes 10 a
        // minute in supergroups, which would hold the group's writes behind its queue.
        let limits = Limits {
            messages_per_sec_chat: 1,
            messages_per_min_chat: outbox::GROUP_WRITES as u32,
            messages_per_min_channel_or_supergroup: outbox::GROUP_WRITES as u32,
            messages_per_sec_overall: 30,
        };
        app::run(
            service,
            bot.throttle(limits),
            redact,
            stop,
            webhook,
            web_app,
        )
        .await
    } else {
        app::run(service, bot, redact, stop, webhook, web_app).await
    }
}
