//! Who may sit at a Telegram group's table: a member of that group, asked of Telegram with the
//! bot's token (`getChatMember`). A table message forwarded elsewhere keeps its Mini App
//! button, and `initData` proves only who the user is, not where he belongs. The answer is
//! remembered a few minutes (a reconnect or a second tab asks nothing).
//!
//! Members are the creator, administrators, members, and restricted users who are still in the
//! group (`is_member`); `left` and `kicked` are not, nor is a user Telegram does not find in the
//! chat. Telegram not answering (network, 5xx, a 429 longer than a moment) is
//! [`AuthError::Unavailable`] (our 503). Tokens are never logged: the bot token is in the
//! path, so errors are logged without their URL.

use super::AuthError;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tracing::{debug, warn};

pub const DEFAULT_API_BASE: &str = "https://api.telegram.org";
/// How long an answer is remembered.
pub const MEMBER_TTL: Duration = Duration::from_secs(5 * 60);
/// How many answers are remembered at most.
const CACHE_CAPACITY: usize = 8192;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// A 429 asking to wait longer than this is "not now" for the page.
const LONGEST_RETRY: Duration = Duration::from_secs(2);

/// Asks Telegram whether users are members of chats.
pub struct TelegramMembers {
    http: reqwest::Client,
    api_base: String,
    bot_token: String,
    known: Mutex<HashMap<(i64, u64), (bool, Instant)>>,
}

impl std::fmt::Debug for TelegramMembers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TelegramMembers")
            .field("api_base", &self.api_base)
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct Answer {
    ok: bool,
    #[serde(default)]
    result: Option<Member>,
    #[serde(default)]
    parameters: Option<Parameters>,
}

#[derive(Deserialize)]
struct Member {
    status: String,
    #[serde(default)]
    is_member: bool,
}

#[derive(Deserialize)]
struct Parameters {
    #[serde(default)]
    retry_after: Option<u64>,
}

impl TelegramMembers {
    /// Asks the Bot API at `api_base` (`TELOXIDE_API_URL`, else Telegram's) with `bot_token`.
    pub fn new(bot_token: &str, api_base: Option<&str>) -> TelegramMembers {
        TelegramMembers {
            http: reqwest::Client::new(),
            api_base: api_base
                .unwrap_or(DEFAULT_API_BASE)
                .trim_end_matches('/')
                .to_string(),
            bot_token: bot_token.to_string(),
            known: Mutex::default(),
        }
    }

    fn known(&self) -> MutexGuard<'_, HashMap<(i64, u64), (bool, Instant)>> {
        self.known.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether `user` is in the chat `chat` now (or was, a few minutes ago).
    pub async fn is_member(&self, chat: i64, user: u64) -> Result<bool, AuthError> {
        if chat > 0 {
            // A private chat's table: that chat is the user's own with the bot.
            return Ok(u64::try_from(chat) == Ok(user));
        }
        let now = Instant::now();
        if let Some((member, at)) = self.known().get(&(chat, user))
            && now.duration_since(*at) < MEMBER_TTL
        {
            return Ok(*member);
        }
        let member = match self.ask(chat, user).await {
            Err(Retry(wait)) if wait <= LONGEST_RETRY => {
                tokio::time::sleep(wait).await;
                self.ask(chat, user).await
            }
            other => other,
        }
        .map_err(|Retry(wait)| {
            AuthError::Unavailable(format!("getChatMember: retry after {} s", wait.as_secs()))
        })??;
        self.remember(chat, user, member, now);
        Ok(member)
    }

    fn remember(&self, chat: i64, user: u64, member: bool, now: Instant) {
        let mut known = self.known();
        if known.len() >= CACHE_CAPACITY {
            known.retain(|_, (_, at)| now.duration_since(*at) < MEMBER_TTL);
            if known.len() >= CACHE_CAPACITY {
                known.clear();
            }
        }
        known.insert((chat, user), (member, now));
    }

    /// One `getChatMember`; `Err(Retry)` when Telegram asks to wait.
    async fn ask(&self, chat: i64, user: u64) -> Result<Result<bool, AuthError>, Retry> {
        let unavailable = |e: reqwest::Error| {
            let e = e.without_url();
            warn!(error = %e, "Telegram did not answer getChatMember");
            AuthError::Unavailable(format!("getChatMember: {e}"))
        };
        let sent = self
            .http
            .post(format!(
                "{}/bot{}/getChatMember",
                self.api_base, self.bot_token
            ))
            .json(&serde_json::json!({"chat_id": chat, "user_id": user}))
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(e) => return Ok(Err(unavailable(e))),
        };
        let status = response.status().as_u16();
        let body = match response.bytes().await {
            Ok(body) => body,
            Err(e) => return Ok(Err(unavailable(e))),
        };
        let answer: Option<Answer> = serde_json::from_slice(&body).ok();
        match (status, answer) {
            (
                200,
                Some(Answer {
                    ok: true,
                    result: Some(m),
                    ..
                }),
            ) => Ok(Ok(is_in(&m))),
            (429, answer) => {
                let secs = answer
                    .and_then(|a| a.parameters)
                    .and_then(|p| p.retry_after)
                    .unwrap_or(5);
                Err(Retry(Duration::from_secs(secs)))
            }
            // "chat not found", "user not found", "PARTICIPANT_ID_INVALID": not in it.
            (400, Some(_)) => {
                debug!(chat, "Telegram does not find the user in the chat");
                Ok(Ok(false))
            }
            (status, _) => {
                warn!(status, "Telegram did not answer getChatMember");
                Ok(Err(AuthError::Unavailable(format!(
                    "getChatMember: status {status}"
                ))))
            }
        }
    }
}

/// Telegram asked to wait this long.
struct Retry(Duration);

fn is_in(member: &Member) -> bool {
    match member.status.as_str() {
        "creator" | "administrator" | "member" => true,
        "restricted" => member.is_member,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(status: &str, is_member: bool) -> Member {
        Member {
            status: status.into(),
            is_member,
        }
    }

    #[test]
    fn members_are_those_telegram_counts_in_the_group() {
        for status in ["creator", "administrator", "member"] {
            assert!(is_in(&member(status, false)), "{status}");
        }
        assert!(is_in(&member("restricted", true)));
        assert!(!is_in(&member("restricted", false)));
        for status in ["left", "kicked", "something new"] {
            assert!(!is_in(&member(status, true)), "{status}");
        }
    }

    #[tokio::test]
    async fn a_private_chats_table_is_its_users_own() {
        let members = TelegramMembers::new("1:x", Some("http://127.0.0.1:9"));
        assert_eq!(members.is_member(42, 42).await, Ok(true));
        assert_eq!(members.is_member(42, 43).await, Ok(false));
    }
}
