//! Talking to the Bot API: every call goes through [`retry`], which waits as long as a 429
//! answer asks (`retry_after`) and tries again; errors are sorted into what the adapter can
//! handle, and logged without the token (reqwest errors print the URL, which contains it).

use std::fmt::Display;
use std::future::Future;
use std::time::Duration;
use teloxide::RequestError;
use teloxide::requests::Requester;
use teloxide::types::ChatId as TgChatId;
use teloxide::{ApiError, errors::AsResponseParameters};
use tracing::warn;

/// The bot as the adapter uses it: plain or wrapped in `Throttle`. The outbox writes from
/// its own tasks, so the requests it builds must be `Send`.
pub trait Api:
    Requester<
        Err = RequestError,
        SendMessage: Send,
        SendDocument: Send,
        SendPhoto: Send,
        EditMessageText: Send,
        EditMessageReplyMarkup: Send,
    > + Clone
    + Send
    + Sync
    + 'static
{
}

impl<T> Api for T where
    T: Requester<
            Err = RequestError,
            SendMessage: Send,
            SendDocument: Send,
            SendPhoto: Send,
            EditMessageText: Send,
            EditMessageReplyMarkup: Send,
        > + Clone
        + Send
        + Sync
        + 'static
{
}

/// How often one call is tried when Telegram keeps answering 429.
const MAX_ATTEMPTS: u32 = 5;
/// The longest wait a 429 may impose on one call (a flood wait of hours is no reason to block
/// a chat's queue for hours).
const MAX_WAIT: Duration = Duration::from_secs(120);

/// Runs `call`, again after the wait Telegram asks for when it answers 429.
pub async fn retry<T, F, Fut>(method: &'static str, mut call: F) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    let mut attempt = 1;
    loop {
        match call().await {
            Err(RequestError::RetryAfter(wait)) if attempt < MAX_ATTEMPTS => {
                let wait = wait.duration().min(MAX_WAIT);
                warn!(
                    method,
                    wait_ms = wait.as_millis() as u64,
                    attempt,
                    "Telegram asks to slow down; retrying after the wait"
                );
                tokio::time::sleep(wait).await;
                attempt += 1;
            }
            other => return other,
        }
    }
}

/// What a failed call means for the adapter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// An edit with the same text and buttons: nothing to do.
    NotModified,
    /// The message is gone or can no longer be edited: send a new one.
    Gone,
    /// The user has not started the bot, blocked it, or the bot left the chat.
    Forbidden,
    /// The group became a supergroup with this id.
    Migrated(i64),
    /// Too many requests: Telegram asks to wait this long.
    RetryAfter(Duration),
    /// The network or Telegram's servers failed (a broken connection, a 5xx): worth another
    /// try.
    Transient,
    Other,
}

pub fn classify(e: &RequestError) -> Failure {
    if let Some(TgChatId(new)) = e.migrate_to_chat_id() {
        return Failure::Migrated(new);
    }
    match e {
        RequestError::MigrateToChatId(TgChatId(new)) => Failure::Migrated(*new),
        RequestError::RetryAfter(wait) => Failure::RetryAfter(wait.duration()),
        RequestError::Api(api) => match api {
            ApiError::MessageNotModified => Failure::NotModified,
            ApiError::MessageToEditNotFound
            | ApiError::MessageCantBeEdited
            | ApiError::MessageIdInvalid => Failure::Gone,
            ApiError::BotBlocked
            | ApiError::CantInitiateConversation
            | ApiError::CantTalkWithBots
            | ApiError::UserDeactivated
            | ApiError::BotKicked
            | ApiError::BotKickedFromSupergroup
            | ApiError::ChatNotFound => Failure::Forbidden,
            ApiError::Unknown(text) => {
                let text = text.to_ascii_lowercase();
                if text.starts_with("forbidden") {
                    Failure::Forbidden
                } else if text.contains("message is not modified") {
                    Failure::NotModified
                } else if text.contains("message to edit not found")
                    || text.contains("message can't be edited")
                {
                    Failure::Gone
                } else if [
                    "internal server error",
                    "bad gateway",
                    "service unavailable",
                    "gateway timeout",
                ]
                .iter()
                .any(|t| text.contains(t))
                {
                    Failure::Transient
                } else {
                    Failure::Other
                }
            }
            _ => Failure::Other,
        },
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => {
            Failure::Transient
        }
    }
}

/// Removes the bot token from anything printed (errors of the HTTP client carry the URL,
/// and the URL carries the token).
#[derive(Clone)]
pub struct Redactor {
    token: String,
}

impl Redactor {
    pub fn new(token: &str) -> Redactor {
        Redactor {
            token: token.to_string(),
        }
    }

    pub fn clean(&self, text: impl Display) -> String {
        let text = text.to_string();
        if self.token.is_empty() {
            return text;
        }
        text.replace(&self.token, "<token>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use teloxide::types::Seconds;

    #[test]
    fn the_token_never_shows() {
        let r = Redactor::new("123:secret");
        assert_eq!(
            r.clean("error sending request for url (http://x/bot123:secret/GetUpdates)"),
            "error sending request for url (http://x/bot<token>/GetUpdates)"
        );
    }

    #[test]
    fn errors_are_sorted() {
        assert_eq!(
            classify(&RequestError::Api(ApiError::MessageNotModified)),
            Failure::NotModified
        );
        assert_eq!(
            classify(&RequestError::Api(ApiError::Unknown(
                "Forbidden: bot can't initiate conversation with a user".into()
            ))),
            Failure::Forbidden
        );
        assert_eq!(
            classify(&RequestError::MigrateToChatId(TgChatId(-100))),
            Failure::Migrated(-100)
        );
        assert_eq!(
            classify(&RequestError::Api(ApiError::MessageToEditNotFound)),
            Failure::Gone
        );
        assert_eq!(
            classify(&RequestError::Api(ApiError::Unknown(
                "Internal Server Error".into()
            ))),
            Failure::Transient
        );
        assert_eq!(
            classify(&RequestError::Api(ApiError::Unknown(
                "Bad Request: message text is empty".into()
            ))),
            Failure::Other
        );
    }

    #[tokio::test]
    async fn rate_limits_are_retried() {
        let mut calls = 0;
        let result: Result<u8, RequestError> = retry("test", || {
            calls += 1;
            let answer = if calls < 3 {
                Err(RequestError::RetryAfter(Seconds::from_seconds(0)))
            } else {
                Ok(7)
            };
            async move { answer }
        })
        .await;
        assert_eq!(result.ok(), Some(7));
        assert_eq!(calls, 3);
    }
}
