//! One write of a table message over REST (an edit, a new post, or taking an old message's
//! buttons off) and what a failure means for the outbox.

use super::rest::Rest;
use crate::payload::Payload;
use schocken_outbox::{Failure, Gate};
use serenity::all::{ChannelId, EditMessage, HttpError, MessageId};
use tracing::{debug, warn};

/// Edits `message` to show `payload`.
pub async fn edit(
    rest: &Rest,
    gate: &Gate,
    channel: ChannelId,
    message: MessageId,
    payload: &Payload,
) -> Result<(), Failure> {
    rest.edit(gate, channel, message, &payload.edit())
        .await
        .map_err(|e| failed(&e, true, "edit the table message"))
}

/// Posts `payload` as a new message.
pub async fn post(
    rest: &Rest,
    gate: &Gate,
    channel: ChannelId,
    payload: &Payload,
) -> Result<MessageId, Failure> {
    rest.post(gate, channel, &payload.create())
        .await
        .map_err(|e| failed(&e, false, "post the table message"))
}

/// Takes the buttons off an old table message (they moved to a newer one).
pub async fn strip(
    rest: &Rest,
    gate: &Gate,
    channel: ChannelId,
    message: MessageId,
) -> Result<(), Failure> {
    let strip = EditMessage::new().components(Vec::new());
    rest.edit(gate, channel, message, &strip)
        .await
        .map_err(|e| failed(&e, true, "take an old table's buttons off"))
}

/// What a failed request means. `edit`: whether it changed an existing message (a 404 means
/// the message is gone; on a post it means the channel is).
fn failed(e: &serenity::Error, edit: bool, what: &str) -> Failure {
    let failure = classify(e, edit);
    match failure {
        Failure::Gone => debug!(error = %e, "could not {what}: the message is gone"),
        _ => warn!(error = %e, ?failure, "could not {what}"),
    }
    failure
}

fn classify(e: &serenity::Error, edit: bool) -> Failure {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => match r.status_code.as_u16() {
            404 if edit => Failure::Gone,
            // A 429 reaches here only with the ratelimiter off (a proxy keeps the limits).
            429 | 500..=599 => Failure::Transient,
            _ => Failure::Refused,
        },
        serenity::Error::Http(HttpError::Request(_)) | serenity::Error::Io(_) => Failure::Transient,
        _ => Failure::Refused,
    }
}
