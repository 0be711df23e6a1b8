//! Opening a session: what a page proves about its user, checked, and the place it may show.
//! A forged, tampered or expired proof opens nothing (401); a table token that is not ours
//! names nothing (404).

use crate::Web;
use crate::session::{Kind, Session};
use bot_core::service::{ChatId, UserId};
use bot_core::text::Lang;
use serde::Deserialize;
use thiserror::Error;

/// The body of `POST /api/session`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    pub auth: Auth,
    pub table: Option<String>,
    pub lang: Option<String>,
}

/// What the page proves.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Auth {
    Telegram {
        init_data: String,
    },
    Discord {
        access_token: String,
        guild_id: String,
        channel_id: String,
    },
    /// The local keyboard (`schocken web` only).
    Local,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum LoginError {
    /// The proof does not hold (forged, tampered, expired, another bot's).
    #[error("not signed in: {0}")]
    Unauthorized(String),
    /// This server offers no such login.
    #[error("this login is not offered here")]
    NotOffered,
    /// The table token names no place of ours.
    #[error("no such table")]
    UnknownTable,
    /// The platform could not be asked.
    #[error("the platform does not answer")]
    Unavailable,
}

/// Checks `opening` and opens a session for it.
pub async fn open(web: &Web, opening: Opening) -> Result<Session, LoginError> {
    let lang = opening.lang.as_deref().map(Lang::from_code);
    match opening.auth {
        Auth::Local => {
            let place = web.local.clone().ok_or(LoginError::NotOffered)?;
            Ok(Session::new(
                UserId::new("web", "keyboard"),
                String::new(),
                lang.unwrap_or_default(),
                place,
                Kind::Local,
            ))
        }
        Auth::Telegram { .. } | Auth::Discord { .. } => Err(LoginError::NotOffered),
    }
}

/// The place a table token names.
pub fn place_of(web: &Web, token: Option<&str>) -> Result<ChatId, LoginError> {
    token
        .and_then(|t| web.tokens.place(t))
        .ok_or(LoginError::UnknownTable)
}
