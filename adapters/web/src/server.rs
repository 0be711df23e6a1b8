//! The HTTP side: the page, opening a session, the socket — the same under `/.proxy`, where
//! Discord's proxy sends an Activity's requests.

use crate::Web;
use crate::hub::SOCKETS_PER_USER;
use crate::login::{self, LoginError, Opening};
use crate::requests::MAX_FRAME;
use crate::socket::{self, Held};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use bot_core::render::{self, Surface, Voice};
use bot_core::service::reply::ProofReport;
use bot_core::service::{Command, Content, Request};
use bot_core::text::{Lang, tr};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use tracing::{debug, info};

/// A socket's read buffer: the largest frame a page may send (a page sends a few dozen bytes
/// a press; a larger frame is read in more than one go).
const READ_BUFFER: usize = MAX_FRAME;
/// The most a socket reads of one message before it gives up.
const LIBRARY_LIMIT: usize = 16 * MAX_FRAME;

/// The largest request body (a session's proof is well below).
pub const MAX_BODY: usize = 16 * 1024;

const INDEX: &str = include_str!("../static/index.html");
const SCRIPT: &str = include_str!("../static/app.js");
const DISCORD_SCRIPT: &str = include_str!("../static/discord.js");
/// Discord's Embedded App SDK, vendored (`tools/web/vendor-discord-sdk.sh` rebuilds it).
const DISCORD_SDK: &str = include_str!("../static/vendor/discord-sdk.js");
const STYLE: &str = include_str!("../static/app.css");

/// Only the page's own files, and Telegram's script in a Mini App.
const POLICY: &str = "default-src 'self'; script-src 'self' https://telegram.org; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors *";

pub fn router(web: Arc<Web>) -> Router {
    let routes = Router::new()
        .route("/", get(index))
        .route("/index.html", get(index))
        .route("/app.js", get(script))
        .route("/discord.js", get(discord_script))
        .route("/vendor/discord-sdk.js", get(discord_sdk))
        .route("/app.css", get(style))
        .route("/health", get(health))
        .route("/api/logins", get(logins))
        .route("/api/discord/token", post(discord_token))
        .route("/api/session", post(session))
        .route("/api/record", get(record))
        .route("/ws", get(socket))
        .route("/turnier/{token}", get(crate::board::routes::page))
        .route(
            "/turnier/{token}/spieler/{number}",
            get(crate::board::routes::page),
        )
        .route("/board.js", get(crate::board::routes::script))
        .route("/board.css", get(crate::board::routes::style))
        .route("/api/turnier/{token}", get(crate::board::routes::poll))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(web);
    Router::new().nest("/.proxy", routes.clone()).merge(routes)
}

fn file(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

async fn script() -> Response {
    file("text/javascript; charset=utf-8", SCRIPT)
}

async fn discord_script() -> Response {
    file("text/javascript; charset=utf-8", DISCORD_SCRIPT)
}

async fn discord_sdk() -> Response {
    file("text/javascript; charset=utf-8", DISCORD_SDK)
}

async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

async fn health() -> &'static str {
    "ok\n"
}

fn refusal(status: StatusCode, lang: Lang, id: &str) -> Response {
    (status, axum::Json(json!({"error": tr(lang, id, &[])}))).into_response()
}

/// A body the server did not take (over `MAX_BODY`, cut off): the status axum gives it, with
/// the JSON error every other refusal has (not axum's plain text).
fn unread(rejection: &BytesRejection) -> Response {
    debug!(error = %rejection, "a request body not read");
    refusal(rejection.status(), Lang::default(), "web-refused-frame")
}

/// `POST /api/session`: checks the page's proof and opens a session.
async fn session(State(web): State<Arc<Web>>, body: Result<Bytes, BytesRejection>) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) => return unread(&rejection),
    };
    let opening: Opening = match serde_json::from_slice(&body) {
        Ok(opening) => opening,
        Err(e) => {
            debug!(error = %e, "a session request that is no such JSON");
            return refusal(
                StatusCode::BAD_REQUEST,
                Lang::default(),
                "web-refused-frame",
            );
        }
    };
    let lang = opening
        .lang
        .as_deref()
        .map(Lang::from_code)
        .unwrap_or_default();
    match login::open(&web, opening).await {
        Ok(session) => {
            let token = web.tokens.token(&session.place);
            let user = json!({"id": session.user.to_string(), "name": session.name});
            let lang = session.lang.code();
            let id = web.sessions.start(session);
            axum::Json(json!({"session": id, "user": user, "lang": lang, "table": token}))
                .into_response()
        }
        Err(LoginError::Unauthorized(why)) => {
            info!(reason = %why, "a page's login refused");
            refusal(StatusCode::UNAUTHORIZED, lang, "web-login-refused")
        }
        Err(LoginError::NotOffered) => {
            refusal(StatusCode::UNAUTHORIZED, lang, "web-login-not-offered")
        }
        Err(LoginError::UnknownTable) => refusal(StatusCode::NOT_FOUND, lang, "web-no-table"),
        Err(LoginError::NotMember(user_lang)) => {
            info!("a page's login refused: not in the table's group");
            refusal(StatusCode::FORBIDDEN, user_lang, "web-not-member")
        }
        Err(LoginError::Unavailable) => {
            refusal(StatusCode::SERVICE_UNAVAILABLE, lang, "web-unavailable")
        }
    }
}

/// `GET /api/logins`: what a page may log in with here (and the Discord application's
/// client id, which the Embedded App SDK's `authorize` needs).
async fn logins(State(web): State<Arc<Web>>) -> Response {
    axum::Json(json!({
        "local": web.local.is_some(),
        "telegram": web.config.telegram_token.is_some(),
        "discord": web.discord.as_ref().map(|d| d.client_id()),
    }))
    .into_response()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Code {
    code: String,
}

/// `POST /api/discord/token` `{"code"}`: the code from the SDK's `authorize`, exchanged with
/// the client secret; the page hands the token to the SDK's `authenticate` and opens its
/// session with it.
async fn discord_token(
    State(web): State<Arc<Web>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) => return unread(&rejection),
    };
    let lang = Lang::default();
    let Some(oauth) = web.discord.as_ref() else {
        return refusal(StatusCode::UNAUTHORIZED, lang, "web-login-not-offered");
    };
    let Ok(Code { code }) = serde_json::from_slice(&body) else {
        return refusal(StatusCode::BAD_REQUEST, lang, "web-refused-frame");
    };
    match oauth.exchange(&code).await {
        Ok(token) => axum::Json(json!({"access_token": token.access_token})).into_response(),
        Err(e) if e.is_unavailable() => {
            refusal(StatusCode::SERVICE_UNAVAILABLE, lang, "web-unavailable")
        }
        Err(e) => {
            info!(reason = %e, "a Discord code refused");
            refusal(StatusCode::UNAUTHORIZED, lang, "web-login-refused")
        }
    }
}

#[derive(Debug, Deserialize)]
struct SocketQuery {
    #[serde(default)]
    session: Option<String>,
}

#[derive(Debug, Deserialize)]
struct RecordQuery {
    session: String,
    game: Option<i64>,
}

/// `GET /api/record?session=…[&game=N]`: the record of the place's newest game that is over
/// (or game N), checked throw by throw: the file `schocken verify` checks again, and the
/// verdict (the "verify link" of the provably fair dice).
async fn record(State(web): State<Arc<Web>>, Query(query): Query<RecordQuery>) -> Response {
    let Some(session) = web.sessions.get(&query.session) else {
        return refusal(
            StatusCode::UNAUTHORIZED,
            Lang::default(),
            "web-session-expired",
        );
    };
    let verify = Request::Verify { game: query.game };
    let cmd = Command::new(session.place.clone(), session.actor(), verify);
    let reply = web.service.handle(cmd).await;
    let voice = Voice::new(session.lang, Surface::Plain);
    match reply.content {
        Some(Content::Proof(report)) => match *report {
            ProofReport::Checked {
                filename, record, ..
            }
            | ProofReport::Predates {
                filename, record, ..
            } => {
                let disposition = format!("attachment; filename=\"{filename}\"");
                (
                    [
                        (header::CONTENT_TYPE, "application/json".to_string()),
                        (header::CONTENT_DISPOSITION, disposition),
                    ],
                    record,
                )
                    .into_response()
            }
            running => {
                let text = render::proof_text(&running, voice);
                (StatusCode::CONFLICT, axum::Json(json!({"error": text}))).into_response()
            }
        },
        _ => {
            let text = reply
                .error_kind()
                .map(|e| render::error_text(e, reply.table.as_ref(), voice))
                .unwrap_or_else(|| tr(session.lang, "web-no-table", &[]));
            (StatusCode::NOT_FOUND, axum::Json(json!({"error": text}))).into_response()
        }
    }
}

/// `GET /ws?session=…`: the live table.
async fn socket(
    State(web): State<Arc<Web>>,
    Query(query): Query<SocketQuery>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    // No session, or none of ours: 401 whatever else the request is (docs/WEB.md).
    let Some(session) = query.session.as_deref().and_then(|s| web.sessions.get(s)) else {
        return refusal(
            StatusCode::UNAUTHORIZED,
            Lang::default(),
            "web-session-expired",
        );
    };
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(rejection) => return rejection.into_response(),
    };
    let Some((seat, wake)) = web.hub.join(&session.place, &session.user) else {
        debug!(user = %session.user, limit = SOCKETS_PER_USER, "too many sockets");
        return refusal(StatusCode::TOO_MANY_REQUESTS, session.lang, "web-too-many");
    };
    // Given back however the upgrade ends (a failed one never runs the socket).
    let held = Held {
        web: web.clone(),
        seat: Some(seat),
    };
    // A page sends at most MAX_FRAME bytes at a time: a small read buffer, not the 128 KiB
    // the WebSocket library reserves per socket by default (docs/PERFORMANCE.md, web table).
    upgrade
        .read_buffer_size(READ_BUFFER)
        // Beyond MAX_FRAME the socket closes with 1009 (see `socket`); the library's own
        // limit only bounds what is read before that.
        .max_message_size(LIBRARY_LIMIT)
        .max_frame_size(LIBRARY_LIMIT)
        .on_upgrade(move |ws| socket::run(ws, held, session, wake))
}
