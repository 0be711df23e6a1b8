//! The REST side: recording, rate limits, and the routes a bot uses (interaction routes are in
//! `interactions.rs`).

use super::buckets::{Verdict, classify};
use super::responses::{callback_route, followup_route, webhook_message_route};
use super::state::{AnsweredBy, Inner, World};
use super::{Call, FakeMessage, LOADING, Recorded, RecordedFile};
use axum::extract::{FromRequest, Multipart, Request, State as Shared};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;

pub(super) fn error(status: StatusCode, message: &str, code: u64) -> (StatusCode, Value) {
    (status, json!({"message": message, "code": code}))
}

async fn read_body(req: Request) -> (Option<Value>, Vec<RecordedFile>) {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    if multipart {
        let Ok(mut form) = Multipart::from_request(req, &()).await else {
            return (None, Vec::new());
        };
        let mut body = None;
        let mut files = Vec::new();
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_string();
            let filename = field.file_name().map(str::to_string);
            let Ok(bytes) = field.bytes().await else {
                break;
            };
            if name == "payload_json" {
                body = serde_json::from_slice(&bytes).ok();
            } else {
                files.push(RecordedFile {
                    field: name,
                    filename: filename.unwrap_or_default(),
                    bytes: bytes.to_vec(),
                });
            }
        }
        (body, files)
    } else {
        match axum::body::to_bytes(req.into_body(), 16 * 1024 * 1024).await {
            Ok(bytes) if !bytes.is_empty() => (serde_json::from_slice(&bytes).ok(), Vec::new()),
            _ => (None, Vec::new()),
        }
    }
}

pub(super) fn id(segment: &str) -> Option<u64> {
    segment.parse().ok()
}

pub(super) async fn rest(Shared(inner): Shared<Arc<Inner>>, req: Request) -> Response {
    // A page's OAuth, not the bot: kept apart from the bot's requests and limits.
    if let Some(endpoint) = super::oauth::endpoint(&req) {
        return super::oauth::answer(&inner, endpoint, req).await;
    }
    let method = req.method().clone();
    let full_path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or_default().to_string();
    let authorized = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bot ") && v.len() > 4);
    let (body, files) = read_body(req).await;
    let path = full_path
        .strip_prefix("/api/v10")
        .unwrap_or(&full_path)
        .to_string();
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let bucket = classify(&inner.options.limits, &method, &segments);

    // Arrival, the rate-limit decision and the change all happen under one lock: the order
    // of `Recorded::at` is the order the limits saw.
    let mut state = inner.lock();
    let at = Instant::now();
    let seq = state.requests.len();
    let mut recorded = Recorded {
        seq,
        at,
        method: method.to_string(),
        path: path.clone(),
        query,
        body: body.clone(),
        files: files.clone(),
        status: 0,
        authorized,
        call: Call::Other,
        ephemeral: false,
        bucket: bucket.as_ref().map(|b| b.key.clone()),
        global_rate_limited: false,
    };
    let limits = &inner.options.limits;
    let (status, reply, headers) = match state.limits.check(limits, bucket.as_ref(), at) {
        // Refused: recorded, nothing else changes.
        Verdict::Limited {
            headers,
            body,
            global,
        } => {
            recorded.global_rate_limited = global;
            (StatusCode::TOO_MANY_REQUESTS, body, headers)
        }
        Verdict::Pass(headers) => {
            let (status, reply) = route(
                &inner,
                &mut state,
                &method,
                &path,
                body,
                files,
                &mut recorded,
            );
            (status, reply, headers)
        }
        Verdict::Unlimited => {
            let (status, reply) = route(
                &inner,
                &mut state,
                &method,
                &path,
                body,
                files,
                &mut recorded,
            );
            (status, reply, Vec::new())
        }
    };
    recorded.status = status.as_u16();
    state.requests.push(recorded);
    drop(state);
    inner.notify();
    let mut response = if status == StatusCode::NO_CONTENT {
        status.into_response()
    } else {
        (status, axum::Json(reply)).into_response()
    };
    for (name, value) in headers {
        // Our own ASCII values; one that did not parse would simply be left out.
        if let Ok(value) = HeaderValue::from_str(&value) {
            response
                .headers_mut()
                .insert(HeaderName::from_static(name), value);
        }
    }
    response
}

/// A new message in `channel_id`; `answer_to`: the interaction it answers.
pub(super) fn new_message(
    inner: &Inner,
    state: &mut World,
    channel_id: u64,
    body: &Value,
    files: Vec<RecordedFile>,
    answer_to: Option<AnsweredBy>,
    seq: usize,
) -> FakeMessage {
    let message = FakeMessage {
        id: inner.next_id(),
        channel_id,
        content: body["content"].as_str().unwrap_or_default().to_string(),
        components: body.get("components").cloned().unwrap_or(json!([])),
        flags: body["flags"].as_u64().unwrap_or(0),
        interaction: answer_to.as_ref().map(|a| a.interaction),
        attachments: files,
        created_seq: seq,
        edits: 0,
        deleted: false,
        user: answer_to.as_ref().map(|a| a.user),
        thinking: false,
        updates: 0,
        legacy_interaction: answer_to.as_ref().and_then(|a| a.legacy.clone()),
        interaction_metadata: answer_to.map(|a| a.metadata),
    };
    state.messages.insert(message.id, message.clone());
    message
}

/// Changes a message's content, components and files (never its flags, as Discord). A
/// deferral's "thinking" message is completed by its first edit; later edits are updates.
pub(super) fn edit_message(m: &mut FakeMessage, body: &Value, files: Vec<RecordedFile>) {
    if let Some(content) = body.get("content").and_then(Value::as_str) {
        m.content = content.to_string();
    }
    if let Some(components) = body.get("components").filter(|c| !c.is_null()) {
        m.components = components.clone();
    }
    if !files.is_empty() {
        m.attachments = files;
    }
    if m.thinking {
        m.thinking = false;
        m.flags &= !LOADING;
    } else {
        m.updates += 1;
    }
    m.edits += 1;
}

pub(super) fn route(
    inner: &Inner,
    state: &mut World,
    method: &Method,
    path: &str,
    body: Option<Value>,
    files: Vec<RecordedFile>,
    rec: &mut Recorded,
) -> (StatusCode, Value) {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let body = body.unwrap_or(Value::Null);
    let ok = StatusCode::OK;
    let no_content = (StatusCode::NO_CONTENT, Value::Null);
    let unknown_message = || error(StatusCode::NOT_FOUND, "Unknown Message", 10008);

    match (method.clone(), segments.as_slice()) {
        (Method::GET, ["gateway"]) => {
            rec.call = Call::GatewayLookup;
            (ok, json!({"url": inner.gateway_url}))
        }
        (Method::GET, ["gateway", "bot"]) => {
            rec.call = Call::GatewayLookup;
            (
                ok,
                json!({
                    "url": inner.gateway_url,
                    "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
                }),
            )
        }
        (Method::GET, ["users", "@me"]) => (ok, inner.bot_user()),
        (Method::GET, ["oauth2", "applications", "@me"]) => (
            ok,
            json!({
                "id": inner.application_id.to_string(),
                "name": "Schocken",
                "icon": null,
                "description": "",
                "rpc_origins": [],
                "bot_public": true,
                "bot_require_code_grant": false,
                "owner": inner.bot_user(),
                "summary": "",
                "verify_key": "",
                "team": null,
                "flags": 0,
            }),
        ),
        (Method::PUT, ["applications", _, "commands"])
        | (Method::PUT, ["applications", _, "guilds", _, "commands"]) => {
            let guild = match segments.as_slice() {
                [_, _, "guilds", g, _] => id(g),
                _ => None,
            };
            rec.call = Call::RegisterCommands { guild };
            if state.refuse_commands {
                return error(StatusCode::FORBIDDEN, "Missing Access", 50001);
            }
            let Some(list) = body.as_array() else {
                return error(StatusCode::BAD_REQUEST, "Invalid Form Body", 50035);
            };
            let stored: Vec<Value> = list
                .iter()
                .map(|c| {
                    let mut c = c.clone();
                    if let Some(o) = c.as_object_mut() {
                        o.insert("id".into(), json!(inner.next_id().to_string()));
                        o.insert(
                            "application_id".into(),
                            json!(inner.application_id.to_string()),
                        );
                        o.insert("version".into(), json!(inner.next_id().to_string()));
                        o.entry("type").or_insert(json!(1));
                        o.entry("default_member_permissions").or_insert(Value::Null);
                        if let Some(g) = guild {
                            o.insert("guild_id".into(), json!(g.to_string()));
                        }
                    }
                    c
                })
                .collect();
            state.commands = stored.clone();
            (ok, Value::Array(stored))
        }
        (Method::POST, ["channels", channel, "messages"]) => {
            let Some(channel) = id(channel) else {
                return error(StatusCode::NOT_FOUND, "Unknown Channel", 10003);
            };
            let m = new_message(inner, state, channel, &body, files, None, rec.seq);
            rec.call = Call::CreateMessage {
                channel,
                message: m.id,
            };
            rec.ephemeral = m.ephemeral();
            (ok, inner.message_json(&m))
        }
        (method, ["channels", channel, "messages", message]) => {
            let (Some(channel), Some(message)) = (id(channel), id(message)) else {
                return unknown_message();
            };
            let found = state
                .messages
                .get_mut(&message)
                .filter(|m| m.channel_id == channel && !m.deleted && m.interaction.is_none());
            let Some(m) = found else {
                rec.call = match method {
                    Method::PATCH => Call::EditMessage { channel, message },
                    Method::DELETE => Call::DeleteMessage { channel, message },
                    _ => Call::GetMessage { channel, message },
                };
                return unknown_message();
            };
            match method {
                Method::PATCH => {
                    rec.call = Call::EditMessage { channel, message };
                    edit_message(m, &body, files);
                    rec.ephemeral = m.ephemeral();
                    let m = m.clone();
                    (ok, inner.message_json(&m))
                }
                Method::DELETE => {
                    rec.call = Call::DeleteMessage { channel, message };
                    m.deleted = true;
                    no_content
                }
                Method::GET => {
                    rec.call = Call::GetMessage { channel, message };
                    let m = m.clone();
                    (ok, inner.message_json(&m))
                }
                _ => error(StatusCode::METHOD_NOT_ALLOWED, "405: Method Not Allowed", 0),
            }
        }
        (Method::GET, ["applications", app, "activity-instances", instance]) => {
            super::activities::instance_route(state, inner.application_id, app, instance)
        }
        (Method::POST, ["interactions", interaction, token, "callback"]) => {
            callback_route(inner, state, interaction, token, &body, files, rec)
        }
        (method, ["webhooks", _, token, "messages", which]) => {
            webhook_message_route(inner, state, &method, token, which, &body, files, rec)
        }
        (Method::POST, ["webhooks", _, token]) => {
            followup_route(inner, state, token, &body, files, rec)
        }
        _ => error(StatusCode::NOT_FOUND, "404: Not Found", 0),
    }
}
