//! One write of a table message over REST (an edit, a new post, or taking an old message's
//! buttons off) and what a failure means for the outbox.

use super::rest::Rest;
use crate::payload::Payload;
use serenity::all::{ChannelId, EditMessage, HttpError, MessageId};

/// What went wrong with a write.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The message is gone (404 on an edit): post the table anew.
    Gone,
    /// Worth another try after a wait: a rate limit (with serenity's ratelimiter off), a
    /// server error, the network.
    Retry,
    /// Another try would fail the same way (no permission, no such channel).
    Fatal,
}

/// Edits `message` to show `payload`.
pub async fn edit(
    rest: &Rest,
    channel: ChannelId,
    message: MessageId,
    payload: &Payload,
) -> Result<(), (Failure, serenity::Error)> {
    match rest.edit(channel, message, &payload.edit()).await {
        Ok(_) => Ok(()),
        Err(e) => Err((classify(&e, true), e)),
    }
}

/// Posts `payload` as a new message.
pub async fn post(
    rest: &Rest,
    channel: ChannelId,
    payload: &Payload,
) -> Result<MessageId, (Failure, serenity::Error)> {
    match rest.post(channel, &payload.create()).await {
        Ok(id) => Ok(id),
        Err(e) => Err((classify(&e, false), e)),
    }
}

/// Takes the buttons off an old table message (they moved to a newer one).
pub async fn strip(
    rest: &Rest,
    channel: ChannelId,
    message: MessageId,
) -> Result<(), (Failure, serenity::Error)> {
    let strip = EditMessage::new().components(Vec::new());
    match rest.edit(channel, message, &strip).await {
        Ok(_) => Ok(()),
        Err(e) => Err((classify(&e, true), e)),
    }
}

/// `edit`: whether the request changed an existing message (a 404 means it is gone; on a
/// post it means the channel is).
fn classify(e: &serenity::Error, edit: bool) -> Failure {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => match r.status_code.as_u16() {
            404 if edit => Failure::Gone,
            429 | 500..=599 => Failure::Retry,
            _ => Failure::Fatal,
        },
        serenity::Error::Http(HttpError::Request(_)) | serenity::Error::Io(_) => Failure::Retry,
        _ => Failure::Fatal,
    }
}
