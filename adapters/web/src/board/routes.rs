//! The board's HTTP side: the page (the same for the board and a player's page: the script
//! reads which from its address) and the long poll that hands it the next snapshot.

use super::Snapshot;
use crate::Web;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bot_core::service::tournament::BoardLinks;
use bot_core::text::Lang;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;

const PAGE: &str = include_str!("../../static/board.html");
const SCRIPT: &str = include_str!("../../static/board.js");
const STYLE: &str = include_str!("../../static/board.css");

/// How long a poll waits for a newer version before it answers "nothing new" (a page asks
/// again at once; proxies close idle requests after a minute or so).
const LONGEST_WAIT: Duration = Duration::from_secs(25);

const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    connect-src 'self'; frame-ancestors *";

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

pub async fn page() -> Response {
    file("text/html; charset=utf-8", PAGE)
}

pub async fn script() -> Response {
    file("text/javascript; charset=utf-8", SCRIPT)
}

pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

#[derive(Deserialize)]
pub struct PollQuery {
    /// The version the page shows; the answer waits for a newer one.
    #[serde(default)]
    since: Option<i64>,
    /// A player's page: his number.
    #[serde(default)]
    player: Option<u32>,
    #[serde(default)]
    lang: Option<String>,
}

/// The newest frame of the board (or of a player's page) once its version is newer than
/// `since`; 204 when none came within [`LONGEST_WAIT`].
pub async fn poll(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(query): Query<PollQuery>,
) -> Response {
    let Some(id) = BoardLinks::tournament(&web.tokens, &token) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let lang = match query.lang.as_deref() {
        Some("en") => Lang::En,
        _ => Lang::De,
    };
    let mut receiver = web.boards.watch(&web.service, id);
    let newer = |snap: &Option<Arc<Snapshot>>| {
        snap.as_ref()
            .filter(|s| query.since.is_none_or(|since| s.version > since))
            .cloned()
    };
    let waited = tokio::time::timeout(LONGEST_WAIT, async {
        loop {
            if let Some(snap) = newer(&receiver.borrow_and_update()) {
                return Some(snap);
            }
            if receiver.changed().await.is_err() {
                return None;
            }
        }
    })
    .await;
    let Ok(Some(snap)) = waited else {
        return StatusCode::NO_CONTENT.into_response();
    };
    let body = match query.player {
        Some(n) => snap.players.get(&(n, lang)).cloned(),
        None => snap.board.get(&lang).cloned(),
    };
    match body {
        Some(json) => (
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            json,
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
