//! The REST routes that answer interactions: the callback (first response), the original
//! and follow-up messages through the interaction's webhook.

use super::rest::{edit_message, error, id, new_message};
use super::state::{Inner, InteractionState, World};
use super::{ANSWER_DEADLINE, Call, LOADING, Recorded, RecordedFile, TOKEN_LIFETIME};
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Instant;

fn unknown_interaction() -> (StatusCode, Value) {
    error(StatusCode::NOT_FOUND, "Unknown interaction", 10062)
}

fn unknown_webhook() -> (StatusCode, Value) {
    error(StatusCode::NOT_FOUND, "Unknown Webhook", 10015)
}

fn unknown_message() -> (StatusCode, Value) {
    error(StatusCode::NOT_FOUND, "Unknown Message", 10008)
}

/// The interaction a webhook token belongs to, while the token lives (15 minutes).
fn by_token<'a>(state: &'a World, token: &str, now: Instant) -> Option<&'a InteractionState> {
    state
        .interactions
        .get(token)
        .filter(|i| now.saturating_duration_since(i.injected) <= TOKEN_LIFETIME)
}

/// `POST /interactions/{id}/{token}/callback`: the first response.
pub(super) fn callback_route(
    inner: &Inner,
    state: &mut World,
    interaction: &str,
    token: &str,
    body: &Value,
    files: Vec<RecordedFile>,
    rec: &mut Recorded,
) -> (StatusCode, Value) {
    let interaction = id(interaction).unwrap_or(0);
    let kind = body["type"].as_u64().unwrap_or(0);
    rec.call = Call::Callback { interaction, kind };
    let Some(i) = state
        .interactions
        .get(token)
        .filter(|i| i.id == interaction)
    else {
        return unknown_interaction();
    };
    if i.callback.is_some() {
        return error(
            StatusCode::BAD_REQUEST,
            "Interaction has already been acknowledged.",
            40060,
        );
    }
    // Discord forgets an interaction nobody answered within 3 s (`late_answers` lists it).
    if rec.at.saturating_duration_since(i.injected) > ANSWER_DEADLINE {
        return unknown_interaction();
    }
    let (channel_id, clicked, user) = (i.channel_id, i.clicked, i.user);
    let component = i.kind == 3;
    let answered_by = i.answered_by(None);
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    let original = match kind {
        4 | 5 => {
            let data = if kind == 5 {
                // The "thinking" placeholder: the deferral's flags, no content yet.
                let flags = data["flags"].as_u64().unwrap_or(0);
                json!({"content": "", "flags": flags | LOADING})
            } else {
                data
            };
            let mut m = new_message(
                inner,
                state,
                channel_id,
                &data,
                files,
                Some(answered_by),
                rec.seq,
            );
            if kind == 5 {
                m.thinking = true;
                state.messages.insert(m.id, m.clone());
            }
            rec.ephemeral = m.ephemeral();
            Some(m.id)
        }
        // Message updates exist only for components.
        6 | 7 if !component => {
            return (
                StatusCode::BAD_REQUEST,
                json!({
                    "message": "Invalid Form Body",
                    "code": 50035,
                    "errors": {"type": {"_errors": [{
                        "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                        "message": "Interaction response type is not valid for this interaction",
                    }]}},
                }),
            );
        }
        // DEFERRED_UPDATE_MESSAGE: acknowledged, nothing changes yet; the clicked message is
        // the interaction's original now (a later edit of @original changes it).
        6 => clicked,
        // UPDATE_MESSAGE: the clicked message changes in place (an ephemeral one stays so).
        7 => {
            let Some(m) = clicked
                .and_then(|c| state.messages.get_mut(&c))
                .filter(|m| !m.deleted)
            else {
                return unknown_message();
            };
            edit_message(m, &data, files);
            rec.ephemeral = m.ephemeral();
            clicked
        }
        // LAUNCH_ACTIVITY: the client opens the app's Activity (joins the channel's running
        // instance, if any); no message.
        12 => {
            let guild = state.channel_guilds.get(&channel_id).copied().flatten();
            super::activities::launch(state, inner.next_id(), guild, channel_id, user);
            None
        }
        _ => return error(StatusCode::BAD_REQUEST, "Invalid Form Body", 50035),
    };
    if let Some(i) = state.interactions.get_mut(token) {
        i.callback = Some(kind);
        i.original = original;
    }
    state.callbacks.insert(interaction, rec.seq);
    (StatusCode::NO_CONTENT, Value::Null)
}

/// `GET|PATCH|DELETE /webhooks/{app}/{token}/messages/{@original|id}`.
#[allow(clippy::too_many_arguments)]
pub(super) fn webhook_message_route(
    inner: &Inner,
    state: &mut World,
    method: &Method,
    token: &str,
    which: &str,
    body: &Value,
    files: Vec<RecordedFile>,
    rec: &mut Recorded,
) -> (StatusCode, Value) {
    let Some(i) = by_token(state, token, rec.at) else {
        return unknown_webhook();
    };
    let interaction = i.id;
    let original = which == "@original";
    let target = if original {
        i.original
    } else {
        id(which).filter(|m| {
            state
                .messages
                .get(m)
                .is_some_and(|x| x.interaction == Some(interaction))
        })
    };
    rec.call = match (method, original) {
        (&Method::DELETE, true) => Call::DeleteOriginal { interaction },
        (_, true) => Call::EditOriginal { interaction },
        (_, false) => Call::EditFollowup {
            interaction,
            message: target.unwrap_or(0),
        },
    };
    let Some(m) = target
        .and_then(|t| state.messages.get_mut(&t))
        .filter(|m| !m.deleted)
    else {
        return unknown_message();
    };
    rec.ephemeral = m.ephemeral();
    match *method {
        // Content and components change; the flags (visibility) cannot.
        Method::PATCH => {
            edit_message(m, body, files);
            let m = m.clone();
            (StatusCode::OK, inner.message_json(&m))
        }
        Method::DELETE => {
            m.deleted = true;
            (StatusCode::NO_CONTENT, Value::Null)
        }
        Method::GET => {
            rec.call = Call::Other;
            let m = m.clone();
            (StatusCode::OK, inner.message_json(&m))
        }
        _ => error(StatusCode::METHOD_NOT_ALLOWED, "405: Method Not Allowed", 0),
    }
}

/// `POST /webhooks/{app}/{token}`: a follow-up. The first one after a deferral whose
/// "thinking" message is still there completes that message instead, keeping the deferral's
/// visibility whatever flags the follow-up asks for, as Discord does.
pub(super) fn followup_route(
    inner: &Inner,
    state: &mut World,
    token: &str,
    body: &Value,
    files: Vec<RecordedFile>,
    rec: &mut Recorded,
) -> (StatusCode, Value) {
    let Some(i) = by_token(state, token, rec.at) else {
        return unknown_webhook();
    };
    if i.callback.is_none() {
        // Discord knows the webhook only once the interaction was answered.
        return unknown_webhook();
    }
    let (interaction, channel_id, original) = (i.id, i.channel_id, i.original);
    let answered_by = i.answered_by(original);
    let thinking = original
        .and_then(|o| state.messages.get_mut(&o))
        .filter(|m| m.thinking && !m.deleted);
    if let Some(m) = thinking {
        edit_message(m, body, files);
        rec.call = Call::Followup {
            interaction,
            message: m.id,
        };
        rec.ephemeral = m.ephemeral();
        let m = m.clone();
        return (StatusCode::OK, inner.message_json(&m));
    }
    let m = new_message(
        inner,
        state,
        channel_id,
        body,
        files,
        Some(answered_by),
        rec.seq,
    );
    rec.call = Call::Followup {
        interaction,
        message: m.id,
    };
    rec.ephemeral = m.ephemeral();
    (StatusCode::OK, inner.message_json(&m))
}
