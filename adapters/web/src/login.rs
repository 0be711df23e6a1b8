//! Opening a session: what a page proves about its user, checked, and the place it may show.
//! A forged, tampered or expired proof opens nothing (401); a table token that is not ours
//! names nothing (404).

use crate::Web;
use crate::auth::{self, ActivityInstance, AuthError, Identity};
use crate::session::{Kind, Session};
use bot_core::service::{ChatId, UserId};
use bot_core::text::Lang;
use serde::Deserialize;
use std::time::{SystemTime, UNIX_EPOCH};
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
    /// A Discord Activity: the token the page got for the SDK's code (`POST
    /// /api/discord/token`) and the instance the SDK names; the channel is Discord's word.
    Discord {
        access_token: String,
        instance_id: String,
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
    /// The user is not in the group whose table it is; his language (the page's, else his
    /// Telegram app's) for the refusal.
    #[error("not a member of the table's group")]
    NotMember(Lang),
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
        Auth::Telegram { init_data } => {
            let bot_token = web
                .config
                .telegram_token
                .as_deref()
                .ok_or(LoginError::NotOffered)?;
            // At most a day old: a page left open longer opens the table again from the chat.
            let max_age = auth::telegram::DEFAULT_MAX_AGE;
            let data = auth::telegram::verify(&init_data, bot_token, unix_now(), max_age)
                .map_err(refused)?;
            // The link's `startapp` is the table token; a page opened otherwise names it.
            let token = data.start_param.as_deref().or(opening.table.as_deref());
            let place = place_of(web, token, auth::TELEGRAM)?;
            let identity = Identity::Telegram(data.user);
            telegram_member(web, &place, &identity, lang).await?;
            Ok(session_of(identity, lang, place, Kind::Telegram))
        }
        Auth::Discord {
            access_token,
            instance_id,
        } => {
            let (oauth, login) = web
                .discord
                .as_ref()
                .zip(web.config.discord.as_ref())
                .ok_or(LoginError::NotOffered)?;
            let user = oauth.user(&access_token).await.map_err(refused)?;
            let instance = oauth
                .activity_instance(&login.bot_token, &instance_id)
                .await
                .map_err(refused)?;
            if !instance.users.contains(&user.id) {
                return Err(LoginError::Unauthorized(
                    "the user is not in that Activity".into(),
                ));
            }
            let place = discord_place(&instance);
            Ok(session_of(
                Identity::Discord(user),
                lang,
                place,
                Kind::Discord,
            ))
        }
    }
}

/// Only a member of the group sits at its table (a forwarded table message keeps its link).
async fn telegram_member(
    web: &Web,
    place: &ChatId,
    identity: &Identity,
    lang: Option<Lang>,
) -> Result<(), LoginError> {
    let Identity::Telegram(user) = identity else {
        return Err(LoginError::NotOffered);
    };
    let members = web
        .telegram_members
        .as_ref()
        .ok_or(LoginError::NotOffered)?;
    let chat = (place.platform() == "telegram")
        .then(|| place.chat().parse::<i64>().ok())
        .flatten()
        .ok_or(LoginError::UnknownTable)?;
    match members.is_member(chat, user.id).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(LoginError::NotMember(
            lang.unwrap_or_else(|| identity.lang()),
        )),
        Err(e) => Err(refused(e)),
    }
}

/// The channel an Activity runs in, named as the Discord chat adapter names its places
/// (`<guild>/<channel>`, `dm/<channel>`), so the page and the chat share one table.
fn discord_place(instance: &ActivityInstance) -> ChatId {
    match instance.guild_id {
        Some(guild) => ChatId::new(auth::DISCORD, format!("{guild}/{}", instance.channel_id)),
        None => ChatId::new(auth::DISCORD, format!("dm/{}", instance.channel_id)),
    }
}

/// A session for a user a platform vouched for; the page's language before the platform's.
fn session_of(identity: Identity, lang: Option<Lang>, place: ChatId, kind: Kind) -> Session {
    Session::new(
        identity.user_id(),
        identity.name(),
        lang.unwrap_or_else(|| identity.lang()),
        place,
        kind,
    )
}

fn refused(error: AuthError) -> LoginError {
    if error.is_unavailable() {
        LoginError::Unavailable
    } else {
        LoginError::Unauthorized(error.to_string())
    }
}

fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// The place a table token names, if it is on `platform` (a Telegram user cannot sit at a
/// Discord channel's table: the chat would not know him).
pub fn place_of(web: &Web, token: Option<&str>, platform: &str) -> Result<ChatId, LoginError> {
    token
        .and_then(|t| web.tokens.place(t))
        .filter(|place| place.platform() == platform)
        .ok_or(LoginError::UnknownTable)
}
