//! The web adapter's settings, from the environment: where it listens, its public address,
//! the secret that signs table tokens, and what a page may log in with.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::net::SocketAddr;
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("SCHOCKEN_WEB_ADDR is no address to listen on (such as 0.0.0.0:8080): {0}")]
    Addr(String),
    #[error("SCHOCKEN_WEB_URL must be an https:// address (or http://localhost…): {0}")]
    Url(String),
}

/// The web adapter's settings.
#[derive(Clone)]
pub struct WebConfig {
    pub addr: SocketAddr,
    /// The public address of the page (`SCHOCKEN_WEB_URL`), for links from the chats.
    pub public_url: Option<String>,
    /// Signs table tokens.
    pub secret: Vec<u8>,
    /// `schocken web`: the local table's name; `None`: chats' tables only.
    pub local_table: Option<String>,
    /// Telegram Mini App logins: the bot token that signs `initData` (and asks Telegram who
    /// is in a group).
    pub telegram_token: Option<String>,
    /// `TELOXIDE_API_URL` (a test's fake Telegram); Telegram itself when `None`.
    pub telegram_api_url: Option<String>,
    /// Discord Activity logins.
    pub discord: Option<DiscordLogin>,
}

/// What a Discord Activity's login needs: the application's OAuth client (`DISCORD_CLIENT_ID`,
/// `DISCORD_CLIENT_SECRET`) and the bot's token (`DISCORD_TOKEN`, to ask Discord where an
/// Activity runs). `Debug` shows neither secret.
#[derive(Clone)]
pub struct DiscordLogin {
    pub client_id: String,
    pub client_secret: String,
    pub bot_token: String,
    /// `DISCORD_API_URL` (a test's fake Discord); Discord itself when `None`.
    pub api_url: Option<String>,
}

impl std::fmt::Debug for DiscordLogin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordLogin")
            .field("client_id", &self.client_id)
            .field("api_url", &self.api_url)
            .finish_non_exhaustive()
    }
}

impl DiscordLogin {
    /// The REST base the logins talk to: `{DISCORD_API_URL}/api/v10`, as the bot's own.
    pub fn api_base(&self) -> String {
        match &self.api_url {
            Some(url) => format!("{}/api/v10", url.trim_end_matches('/')),
            None => crate::auth::discord::DEFAULT_API_BASE.to_string(),
        }
    }
}

impl std::fmt::Debug for WebConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebConfig")
            .field("addr", &self.addr)
            .field("public_url", &self.public_url)
            .field("local_table", &self.local_table)
            .field("telegram", &self.telegram_token.is_some())
            .field("discord", &self.discord)
            .finish_non_exhaustive()
    }
}

impl WebConfig {
    /// Local play at `addr` on the table `table`: no logins, a secret of this run.
    pub fn local(addr: SocketAddr, table: &str) -> WebConfig {
        WebConfig {
            addr,
            public_url: None,
            secret: random_secret(),
            local_table: Some(table.to_string()),
            telegram_token: None,
            telegram_api_url: None,
            discord: None,
        }
    }

    /// `SCHOCKEN_WEB_ADDR` (required: else `None`), `SCHOCKEN_WEB_URL`, `SCHOCKEN_WEB_SECRET`
    /// (else derived from the bot tokens, so every process of one bot signs alike), and the
    /// bot tokens the logins check against.
    pub fn from_vars(
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<WebConfig>, ConfigError> {
        let set = |k: &str| {
            var(k)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let Some(addr) = set("SCHOCKEN_WEB_ADDR") else {
            return Ok(None);
        };
        let addr: SocketAddr = addr.parse().map_err(|_| ConfigError::Addr(addr.clone()))?;
        let public_url = set("SCHOCKEN_WEB_URL")
            .map(|url| {
                let fine = url.starts_with("https://")
                    || url.starts_with("http://localhost")
                    || url.starts_with("http://127.0.0.1");
                if fine {
                    Ok(url.trim_end_matches('/').to_string())
                } else {
                    Err(ConfigError::Url(url))
                }
            })
            .transpose()?;
        let telegram_token = set("TELOXIDE_TOKEN");
        let discord_token = set("DISCORD_TOKEN");
        let secret = match set("SCHOCKEN_WEB_SECRET") {
            Some(secret) => secret.into_bytes(),
            None => derived_secret(&[
                telegram_token.as_deref().unwrap_or_default(),
                discord_token.as_deref().unwrap_or_default(),
            ]),
        };
        let discord = match (
            set("DISCORD_CLIENT_ID"),
            set("DISCORD_CLIENT_SECRET"),
            discord_token,
        ) {
            (Some(client_id), Some(client_secret), Some(bot_token)) => Some(DiscordLogin {
                client_id,
                client_secret,
                bot_token,
                api_url: set("DISCORD_API_URL"),
            }),
            _ => None,
        };
        Ok(Some(WebConfig {
            addr,
            public_url,
            secret,
            local_table: None,
            telegram_token,
            telegram_api_url: set("TELOXIDE_API_URL"),
            discord,
        }))
    }
}

/// A secret only this bot has: the HMAC of its tokens (random if it has none).
fn derived_secret(tokens: &[&str]) -> Vec<u8> {
    if tokens.iter().all(|t| t.is_empty()) {
        return random_secret();
    }
    let mut mac = match Hmac::<Sha256>::new_from_slice(b"schocken web table tokens") {
        Ok(mac) => mac,
        Err(_) => return random_secret(),
    };
    for token in tokens {
        mac.update(token.as_bytes());
        mac.update(b"\n");
    }
    mac.finalize().into_bytes().to_vec()
}

fn random_secret() -> Vec<u8> {
    let mut secret = vec![0u8; 32];
    if getrandom::fill(&mut secret).is_err() {
        // Without the system's randomness: this run's clock; tokens live as long as the run.
        let now = format!("{:?}", std::time::SystemTime::now());
        secret = derived_secret(&[&now]);
    }
    secret
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| {
            pairs
                .iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
        }
    }

    #[test]
    fn without_an_address_there_is_no_web_page() {
        assert_eq!(
            WebConfig::from_vars(vars(&[])).map(|c| c.is_none()),
            Ok(true)
        );
    }

    #[test]
    fn the_settings_are_read_and_checked() {
        let config = WebConfig::from_vars(vars(&[
            ("SCHOCKEN_WEB_ADDR", "127.0.0.1:8080"),
            ("SCHOCKEN_WEB_URL", "https://schocken.example/"),
            ("TELOXIDE_TOKEN", "1:abc"),
            ("DISCORD_TOKEN", "bot-secret"),
            ("DISCORD_CLIENT_ID", "42"),
            ("DISCORD_CLIENT_SECRET", "client-secret"),
        ]))
        .expect("valid")
        .expect("configured");
        let discord = config.discord.clone().expect("Discord logins");
        assert_eq!(discord.api_base(), "https://discord.com/api/v10");
        assert!(
            !format!("{config:?}").contains("secret"),
            "no secret in the log"
        );
        assert_eq!(
            config.public_url.as_deref(),
            Some("https://schocken.example")
        );
        assert_eq!(config.telegram_token.as_deref(), Some("1:abc"));
        let again = WebConfig::from_vars(vars(&[
            ("SCHOCKEN_WEB_ADDR", "127.0.0.1:9090"),
            ("TELOXIDE_TOKEN", "1:abc"),
            ("DISCORD_TOKEN", "bot-secret"),
        ]))
        .expect("valid")
        .expect("configured");
        assert_eq!(
            config.secret, again.secret,
            "every process of one bot signs alike"
        );
        assert!(
            !format!("{config:?}").contains("abc"),
            "no token in the log"
        );
        assert!(matches!(
            WebConfig::from_vars(vars(&[("SCHOCKEN_WEB_ADDR", "eight")])),
            Err(ConfigError::Addr(_))
        ));
        assert!(matches!(
            WebConfig::from_vars(vars(&[
                ("SCHOCKEN_WEB_ADDR", "127.0.0.1:1"),
                ("SCHOCKEN_WEB_URL", "http://example.com")
            ])),
            Err(ConfigError::Url(_))
        ));
    }
}
