//! Webhook delivery, as Telegram does it: once `setWebhook` names a URL, every update goes
//! there as a POST with the secret in `X-Telegram-Bot-Api-Secret-Token`, one at a time in
//! order; a 2xx answer confirms it, anything else (or no connection) leaves it first in line
//! and it is sent again after a pause. `getUpdates` is refused while a webhook is set (409),
//! `deleteWebhook` goes back to polling.

use super::{FakeTelegram, Inner};
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The webhook a bot set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Webhook {
    pub url: String,
    pub secret: Option<String>,
}

/// One delivery attempt of an update.
#[derive(Clone, Debug)]
pub struct Delivery {
    pub update_id: i64,
    /// The HTTP status, or `None` when no answer came (refused, broken, timed out).
    pub status: Option<u16>,
    pub at: Instant,
}

/// The pause before an update that failed is sent again.
const RETRY_AFTER: Duration = Duration::from_millis(300);
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

impl FakeTelegram {
    /// The webhook set now, if any.
    pub fn webhook(&self) -> Option<Webhook> {
        self.inner.lock().webhook.clone()
    }

    /// Every webhook delivery attempt so far, oldest first.
    pub fn deliveries(&self) -> Vec<Delivery> {
        self.inner.lock().deliveries.clone()
    }
}

/// `setWebhook`: the URL (empty: none) and the secret.
pub(super) fn set(state: &mut super::FakeState, params: &Value) -> bool {
    let url = params
        .get("url")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let secret = params
        .get("secret_token")
        .and_then(Value::as_str)
        .map(str::to_string);
    state.webhook = (!url.is_empty()).then_some(Webhook { url, secret });
    true
}

/// Sends the queued updates to the webhook while one is set; runs as long as the fake.
pub(super) async fn deliver(inner: Arc<Inner>) {
    let mut changes = inner.updates_tx.subscribe();
    loop {
        let next = {
            let state = inner.lock();
            state
                .webhook
                .clone()
                .and_then(|hook| state.updates.front().map(|(id, u)| (hook, *id, u.clone())))
        };
        let Some((hook, id, update)) = next else {
            if changes.changed().await.is_err() {
                return;
            }
            continue;
        };
        let status = post(&hook, &update).await;
        let delivered = status.is_some_and(|s| (200..300).contains(&s));
        {
            let mut state = inner.lock();
            state.deliveries.push(Delivery {
                update_id: id,
                status,
                at: Instant::now(),
            });
            if delivered && state.updates.front().is_some_and(|(front, _)| *front == id) {
                state.updates.pop_front();
            }
        }
        inner.requests_tx.send_modify(|n| *n += 1);
        if !delivered {
            tokio::time::sleep(RETRY_AFTER).await;
        }
    }
}

/// One POST of `update` to the webhook (plain HTTP/1.1, a connection per update); its status.
async fn post(hook: &Webhook, update: &Value) -> Option<u16> {
    let rest = hook.url.strip_prefix("http://")?;
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let body = update.to_string();
    let secret = hook
        .secret
        .as_deref()
        .map(|s| format!("X-Telegram-Bot-Api-Secret-Token: {s}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n{secret}Connection: close\r\n\r\n{body}",
        body.len()
    );
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(authority).await.ok()?;
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.ok()?;
        let text = String::from_utf8_lossy(&answer);
        text.split(' ').nth(1)?.parse().ok()
    };
    tokio::time::timeout(ANSWER_TIMEOUT, exchange)
        .await
        .ok()
        .flatten()
}
