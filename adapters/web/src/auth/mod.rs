//! Who a page's user is, proven by the platform the page runs in: a Telegram Mini App's
//! signed `initData` ([`telegram`]), a Discord Activity's OAuth token ([`discord`]). Either
//! names the same [`UserId`] the chat adapters use, so a player seated through the chat is
//! the same player in the page.

pub mod discord;
pub mod membership;
pub mod telegram;

#[cfg(test)]
mod tests;

pub use discord::{AccessToken, ActivityInstance, DiscordOAuth, DiscordUser};
pub use membership::TelegramMembers;
pub use telegram::{InitData, TelegramUser};

use bot_core::service::UserId;
use bot_core::text::Lang;
use thiserror::Error;

/// Why a proof is refused. The texts are for logs; never with a token, code or hash in them.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AuthError {
    /// Not what the platform sends (not a query string, a field twice, bad JSON, too long, a
    /// code or token with characters no platform uses).
    #[error("malformed proof: {0}")]
    Malformed(&'static str),
    #[error("initData without a hash")]
    MissingHash,
    /// The hash does not match the data: changed on the way, or signed for another bot.
    #[error("initData does not match its hash (tampered, or another bot's)")]
    Tampered,
    #[error("initData without auth_date")]
    MissingAuthDate,
    #[error("initData expired ({age_secs} s old)")]
    Expired { age_secs: i64 },
    #[error("initData from the future ({ahead_secs} s ahead)")]
    FromTheFuture { ahead_secs: i64 },
    #[error("initData names no user")]
    NoUser,
    /// Discord refused the code or the token (its status and OAuth error, if any).
    #[error("Discord refused: {0}")]
    Refused(String),
    /// Discord could not be asked or answered nonsense (network, 5xx, 429, an odd body).
    #[error("Discord unavailable: {0}")]
    Unavailable(String),
}

impl AuthError {
    /// The platform could not be asked (our 503); every other error is a refusal (our 401).
    pub fn is_unavailable(&self) -> bool {
        matches!(self, AuthError::Unavailable(_))
    }
}

/// The platform names of the ids, as the chat adapters write them.
pub const TELEGRAM: &str = "telegram";
pub const DISCORD: &str = "discord";

/// A user a platform vouched for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Identity {
    Telegram(TelegramUser),
    Discord(DiscordUser),
}

impl Identity {
    /// The service's id: `telegram:<id>` / `discord:<id>`, as the chat adapters make it.
    pub fn user_id(&self) -> UserId {
        match self {
            Identity::Telegram(u) => UserId::new(TELEGRAM, u.id),
            Identity::Discord(u) => UserId::new(DISCORD, u.id),
        }
    }

    /// The name at the table, chosen as the chat adapters choose it.
    pub fn name(&self) -> String {
        match self {
            Identity::Telegram(u) => u.display_name(),
            Identity::Discord(u) => u.display_name(),
        }
    }

    /// The user's language from the platform's code (German by default).
    pub fn lang(&self) -> Lang {
        let code = match self {
            Identity::Telegram(u) => u.language_code.as_deref(),
            Identity::Discord(u) => u.locale.as_deref(),
        };
        Lang::from_code(code.unwrap_or(""))
    }
}

/// Accepts a code or token as platforms issue them: 1 to 512 visible ASCII characters.
/// Anything else is refused before a request leaves (and never lands in a URL or header).
pub(crate) fn plausible_secret(value: &str) -> Result<&str, AuthError> {
    if value.is_empty() || value.len() > 512 {
        return Err(AuthError::Malformed("length"));
    }
    if !value.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(AuthError::Malformed("characters"));
    }
    Ok(value)
}
