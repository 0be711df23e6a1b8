//! The HTTP side: parameters from JSON, query or multipart, faults, flood limits, the answer
//! envelope, and long polling.

use super::limits::{is_write_method, retry_after_secs};
use super::methods::call;
use super::{DROPPED, FakeState, Fault, HUNG, Inner, PENDING, Recorded, RecordedFile};
use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An error answer: `{"ok": false, "error_code", "description", "parameters"?}`.
pub(super) struct ApiError {
    pub(super) status: StatusCode,
    pub(super) description: String,
    pub(super) parameters: Option<Value>,
}

impl ApiError {
    pub(super) fn new(status: StatusCode, description: &str) -> ApiError {
        ApiError {
            status,
            description: description.to_string(),
            parameters: None,
        }
    }

    pub(super) fn bad_request(description: &str) -> ApiError {
        Self::new(StatusCode::BAD_REQUEST, description)
    }

    fn body(&self) -> Value {
        let mut v = json!({
            "ok": false,
            "error_code": self.status.as_u16(),
            "description": self.description,
        });
        if let Some(p) = &self.parameters {
            v["parameters"] = p.clone();
        }
        v
    }

    /// Telegram's flood answer: 429 with the seconds to wait.
    fn too_many_requests(retry_after: u64) -> ApiError {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            description: format!("Too Many Requests: retry after {retry_after}"),
            parameters: Some(json!({ "retry_after": retry_after })),
        }
    }
}

pub(super) type ApiResult = Result<Value, ApiError>;

async fn read_params(req: Request) -> (Value, Vec<RecordedFile>) {
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if is_multipart {
        let mut params = serde_json::Map::new();
        let mut files = Vec::new();
        if let Ok(mut form) = Multipart::from_request(req, &()).await {
            while let Ok(Some(field)) = form.next_field().await {
                let name = field.name().unwrap_or_default().to_string();
                let file_name = field.file_name().map(str::to_string);
                let bytes = field.bytes().await.unwrap_or_default().to_vec();
                if file_name.is_some() {
                    files.push(RecordedFile {
                        field: name,
                        file_name,
                        content: bytes,
                    });
                } else {
                    params.insert(name, json!(String::from_utf8_lossy(&bytes)));
                }
            }
        }
        return (Value::Object(params), files);
    }
    let query = req.uri().query().map(str::to_string);
    let bytes = axum::body::to_bytes(req.into_body(), 16 << 20)
        .await
        .unwrap_or_default();
    let mut params: Value = if bytes.is_empty() {
        json!({})
    } else {
        serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({}))
    };
    if let (Some(q), Some(obj)) = (query, params.as_object_mut()) {
        for pair in q.split('&') {
            if let Some((k, v)) = pair.split_once('=') {
                obj.entry(k.to_string()).or_insert(json!(v));
            }
        }
    }
    (params, Vec::new())
}

/// What to do once the request is recorded.
enum Next {
    /// Answered at once (under the same lock that recorded it).
    Done { status: StatusCode, body: Value },
    /// Answered after a delay ([`Fault::Slow`]); carried out at once.
    Late {
        status: StatusCode,
        body: Value,
        after: Duration,
    },
    /// A long poll: wait for updates.
    Poll,
    /// [`Fault::Drop`]: break the connection after the headers.
    Drop,
    /// [`Fault::Hang`]: never answer.
    Hang,
}

pub(super) async fn api(
    State(inner): State<Arc<Inner>>,
    Path((bot, method)): Path<(String, String)>,
    req: Request,
) -> Response {
    let (params, files) = read_params(req).await;
    let lower = method.to_ascii_lowercase();
    let authorized = bot == format!("bot{}", inner.options.token);
    // Recording, the flood check and the method itself run under one lock: arrival order
    // (`Recorded::at`) is the order in which the limits were applied.
    let (seq, next) = {
        let mut state = inner.lock();
        let at = Instant::now();
        let seq = state.requests.len() as u64;
        state.requests.push(Recorded {
            seq,
            method: method.clone(),
            params: params.clone(),
            files: files.clone(),
            at,
            status: PENDING,
            response: Value::Null,
        });
        let fault = if authorized {
            state.faults.get_mut(&lower).and_then(VecDeque::pop_front)
        } else {
            None
        };
        let next = match fault {
            _ if !authorized => {
                let e = ApiError::new(StatusCode::UNAUTHORIZED, "Unauthorized");
                Next::Done {
                    status: e.status,
                    body: e.body(),
                }
            }
            Some(Fault::RateLimited { retry_after }) => {
                let e = ApiError::too_many_requests(u64::from(retry_after));
                Next::Done {
                    status: e.status,
                    body: e.body(),
                }
            }
            Some(Fault::ServerError(code)) => {
                let e = ApiError::new(
                    StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
                    "Internal Server Error",
                );
                Next::Done {
                    status: e.status,
                    body: e.body(),
                }
            }
            Some(Fault::Drop) => Next::Drop,
            Some(Fault::Hang) => Next::Hang,
            Some(Fault::Slow(after)) => {
                let (status, body) = envelope(limited_call(
                    &inner, &mut state, &lower, &params, &files, at,
                ));
                Next::Late {
                    status,
                    body,
                    after,
                }
            }
            None if lower == "getupdates" && state.webhook.is_some() => {
                let e = ApiError::new(
                    StatusCode::CONFLICT,
                    "Conflict: can't use getUpdates method while webhook is active; \
                     use deleteWebhook to delete the webhook first",
                );
                Next::Done {
                    status: e.status,
                    body: e.body(),
                }
            }
            None if lower == "getupdates" => Next::Poll,
            None => {
                let (status, body) = envelope(limited_call(
                    &inner, &mut state, &lower, &params, &files, at,
                ));
                Next::Done { status, body }
            }
        };
        match &next {
            Next::Done { status, body } | Next::Late { status, body, .. } => {
                complete(&mut state, seq, &lower, *status, body)
            }
            Next::Drop => {
                if let Some(r) = state.requests.get_mut(seq as usize) {
                    r.status = DROPPED;
                    r.response = ApiError::new(StatusCode::OK, "dropped").body();
                }
            }
            Next::Hang => {
                if let Some(r) = state.requests.get_mut(seq as usize) {
                    r.status = HUNG;
                }
            }
            Next::Poll => {}
        }
        (seq, next)
    };
    inner.requests_tx.send_modify(|n| *n += 1);
    match next {
        Next::Done { status, body } => respond(status, &body),
        Next::Late {
            status,
            body,
            after,
        } => {
            tokio::time::sleep(after).await;
            respond(status, &body)
        }
        Next::Poll => {
            let (status, body) = envelope(get_updates(&inner, &params).await);
            complete(&mut inner.lock(), seq, &lower, status, &body);
            inner.requests_tx.send_modify(|n| *n += 1);
            respond(status, &body)
        }
        Next::Drop => {
            let stream = futures_util::stream::once(async {
                Err::<Vec<u8>, std::io::Error>(std::io::Error::other(
                    "connection dropped by the fake",
                ))
            });
            (StatusCode::OK, Body::from_stream(stream)).into_response()
        }
        Next::Hang => {
            tokio::time::sleep(Duration::from_secs(120)).await;
            let stream = futures_util::stream::once(async {
                Err::<Vec<u8>, std::io::Error>(std::io::Error::other("the fake let go"))
            });
            (StatusCode::OK, Body::from_stream(stream)).into_response()
        }
    }
}

/// Runs a method; a write first passes the flood limits and, once accepted, counts.
fn limited_call(
    inner: &Inner,
    state: &mut FakeState,
    method: &str,
    params: &Value,
    files: &[RecordedFile],
    at: Instant,
) -> ApiResult {
    let write = is_write_method(method);
    let chat = int(params, "chat_id");
    let limits = &inner.options.limits;
    if write && let Some(wait) = state.flood.wait(limits, chat, at) {
        return Err(ApiError::too_many_requests(retry_after_secs(wait)));
    }
    let result = call(inner, state, method, params, files);
    if write && result.is_ok() {
        state.flood.take(limits, chat, at);
    }
    result
}

fn envelope(outcome: ApiResult) -> (StatusCode, Value) {
    match outcome {
        Ok(result) => (StatusCode::OK, json!({ "ok": true, "result": result })),
        Err(e) => (e.status, e.body()),
    }
}

/// Completes the record of request `seq` with its answer.
fn complete(state: &mut FakeState, seq: u64, method: &str, status: StatusCode, body: &Value) {
    let Some(r) = state.requests.get_mut(seq as usize) else {
        return;
    };
    r.response = body.get("result").cloned().unwrap_or_else(|| body.clone());
    r.status = status.as_u16();
    if method == "answercallbackquery"
        && status == StatusCode::OK
        && let Some(id) = r.callback_query_id()
    {
        let id = id.to_string();
        state.answers.insert(id, seq);
    }
}

fn respond(status: StatusCode, body: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

pub(super) fn int(params: &Value, key: &str) -> Option<i64> {
    match params.get(key)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

pub(super) fn markup(params: &Value) -> Option<Value> {
    match params.get("reply_markup")? {
        Value::String(s) => serde_json::from_str(s).ok(),
        Value::Null => None,
        v => Some(v.clone()),
    }
}

async fn get_updates(inner: &Arc<Inner>, params: &Value) -> ApiResult {
    let offset = int(params, "offset").unwrap_or(0);
    let limit = int(params, "limit").unwrap_or(100).clamp(1, 100) as usize;
    let timeout = Duration::from_secs(int(params, "timeout").unwrap_or(0).max(0) as u64)
        .min(inner.options.max_poll);
    let mut rx = inner.updates_tx.subscribe();
    let deadline = tokio::time::Instant::now() + timeout;
    {
        // The call's offset confirms every update below it: Telegram forgets them.
        let mut state = inner.lock();
        while state.updates.front().is_some_and(|(id, _)| *id < offset) {
            state.updates.pop_front();
        }
    }
    loop {
        rx.borrow_and_update();
        {
            let state = inner.lock();
            let ready: Vec<Value> = state
                .updates
                .iter()
                .filter(|(id, _)| *id >= offset)
                .take(limit)
                .map(|(_, u)| u.clone())
                .collect();
            if !ready.is_empty() {
                return Ok(Value::Array(ready));
            }
        }
        if tokio::time::timeout_at(deadline, rx.changed())
            .await
            .is_err()
        {
            return Ok(json!([]));
        }
    }
}
