//! Tests of the fake Discord: rate limits over HTTP (`limits.rs`), interactions as Discord
//! answers them (`interactions.rs`), the gateway's token check, and the helpers they share.

mod files;
mod interactions;
mod limits;
mod oauth;

use super::rest::route;
use super::*;
use crate::http_client::{Reply, request};
use anyhow::Context as _;
use axum::http::{Method, StatusCode};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message as Frame;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub(super) type Gateway = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub(super) async fn call(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Reply {
    request(fake.api, method, &format!("/api/v10{path}"), body.as_ref())
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

/// Connects to the gateway and identifies with `token`; the first frame after IDENTIFY.
pub(super) async fn identify(fake: &FakeDiscord, token: &str) -> anyhow::Result<(Gateway, Frame)> {
    let (mut ws, _) = tokio_tungstenite::connect_async(fake.gateway_url()).await?;
    let hello = ws.next().await.context("HELLO")??;
    anyhow::ensure!(hello.to_string().contains("\"op\":10"), "{hello}");
    let identify = json!({"op": 2, "d": {"token": token, "intents": 1, "properties": {}}});
    ws.send(Frame::Text(identify.to_string())).await?;
    let first = ws.next().await.context("an answer to IDENTIFY")??;
    Ok((ws, first))
}

/// A bot connected to the gateway (keep it alive while injecting).
pub(super) async fn bot(fake: &FakeDiscord) -> anyhow::Result<Gateway> {
    let (ws, ready) = identify(fake, fake.token()).await?;
    anyhow::ensure!(ready.to_string().contains("READY"), "{ready}");
    Ok(ws)
}

pub(super) fn callback_path(sent: &Injected) -> String {
    format!("/interactions/{}/{}/callback", sent.id, sent.token)
}

pub(super) fn webhook_path(fake: &FakeDiscord, sent: &Injected) -> String {
    format!("/webhooks/{}/{}", fake.application_id(), sent.token)
}

pub(super) fn message_id(reply: &Reply) -> u64 {
    reply.json()["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .unwrap_or_default()
}

pub(super) fn buttons(id: &str) -> Value {
    json!([{"type": 1, "components": [{"type": 2, "style": 1, "label": id, "custom_id": id}]}])
}

#[test]
fn slash_options_nest_under_the_subcommand() {
    let ben = FakeUser::new(2, "ben");
    let data = Slash::new("schocken")
        .subcommand("kick")
        .user("user", &ben)
        .data(7, Some(9));
    assert_eq!(data["options"][0]["name"], "kick");
    assert_eq!(data["options"][0]["options"][0]["value"], "2");
    assert_eq!(data["resolved"]["users"]["2"]["username"], "ben");
    assert_eq!(data["guild_id"], "9");
}

#[tokio::test]
async fn rest_records_and_answers_message_objects() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let state = fake.inner.clone();
    let mut rec = Recorded {
        seq: 0,
        at: Instant::now(),
        method: "POST".into(),
        path: String::new(),
        query: String::new(),
        body: None,
        files: Vec::new(),
        status: 0,
        authorized: false,
        call: Call::Other,
        ephemeral: false,
        bucket: None,
        global_rate_limited: false,
    };
    let mut s = state.lock();
    let channel = fake.channel_id();
    let (status, created) = route(
        &state,
        &mut s,
        &Method::POST,
        &format!("/channels/{channel}/messages"),
        Some(json!({"content": "hi", "components": []})),
        Vec::new(),
        &mut rec,
    );
    assert_eq!(status, StatusCode::OK);
    assert_eq!(created["content"], "hi");
    let id: u64 = created["id"].as_str().context("id")?.parse()?;
    let (status, _) = route(
        &state,
        &mut s,
        &Method::PATCH,
        &format!("/channels/{channel}/messages/{}", id + 1),
        Some(json!({"content": "x"})),
        Vec::new(),
        &mut rec,
    );
    assert_eq!(status, StatusCode::NOT_FOUND);
    Ok(())
}

#[tokio::test]
async fn a_wrong_token_is_closed_with_4004() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let (mut ws, frame) = identify(&fake, "not-the-token").await?;
    let Frame::Close(Some(close)) = frame else {
        anyhow::bail!("expected a close frame, got {frame}");
    };
    assert_eq!(u16::from(close.code), AUTHENTICATION_FAILED);
    assert_eq!(close.reason, "Authentication failed.");
    let _ = ws.close(None).await;
    assert_eq!(fake.auth_failures(), 1);
    assert_eq!(fake.sessions(), 0);
    // The right one, with serenity's `Bot ` prefix or without, is welcome.
    let (_ws, ready) = identify(&fake, &format!("Bot {}", fake.token())).await?;
    assert!(ready.to_string().contains("READY"), "{ready}");
    let (_ws2, ready) = identify(&fake, DEFAULT_TOKEN).await?;
    assert!(ready.to_string().contains("READY"), "{ready}");
    assert_eq!(fake.sessions(), 2);
    Ok(())
}
