//! A web page as the end-to-end tests drive it: a session from Telegram's `initData`, a
//! socket, its state frames.

use super::WAIT;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio_tungstenite::tungstenite::Message;

/// A page: its socket's state frames.
pub struct Page {
    pub frames: tokio::sync::mpsc::UnboundedReceiver<Value>,
    pub out: tokio::sync::mpsc::UnboundedSender<String>,
    pub last: Value,
    /// Every state frame's private part, to check whose cup it is.
    pub privates: Vec<Value>,
}

impl Page {
    pub async fn open(base: &str, init_data: &str) -> Page {
        let (status, opened) = login(base, init_data).await;
        assert_eq!(status, 200, "{opened}");
        let session = opened["session"].as_str().expect("a session");
        Page::connect(base, session).await
    }

    /// A socket at `base` with a session opened anywhere.
    pub async fn connect(base: &str, session: &str) -> Page {
        let url = format!("ws://{base}/ws?session={session}");
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the socket opens");
        let (mut sink, mut stream) = socket.split();
        let (tx, frames) = tokio::sync::mpsc::unbounded_channel();
        let (out, mut out_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
        tokio::spawn(async move {
            while let Some(Ok(Message::Text(text))) = stream.next().await {
                if let Ok(frame) = serde_json::from_str::<Value>(text.as_str())
                    && tx.send(frame).is_err()
                {
                    return;
                }
            }
        });
        tokio::spawn(async move {
            while let Some(text) = out_rx.recv().await {
                if sink.send(Message::Text(text)).await.is_err() {
                    return;
                }
            }
        });
        Page {
            frames,
            out,
            last: Value::Null,
            privates: Vec::new(),
        }
    }

    pub fn send(&self, frame: Value) {
        let _ = self.out.send(frame.to_string());
    }

    pub async fn until(&mut self, what: &str, ready: impl Fn(&Value) -> bool) -> Duration {
        let started = Instant::now();
        loop {
            if self.last["type"] == "state" && ready(&self.last) {
                return started.elapsed();
            }
            let left = WAIT.saturating_sub(started.elapsed());
            match tokio::time::timeout(left, self.frames.recv()).await {
                Ok(Some(frame)) if frame["type"] == "state" => {
                    if !frame["private"].is_null() {
                        self.privates.push(frame["private"].clone());
                    }
                    self.last = frame;
                }
                Ok(Some(_)) => {}
                _ => panic!("{what} never came; last: {}", self.last),
            }
        }
    }
}

/// `POST /api/session` with Telegram's `initData`: the status and the body.
pub async fn login(base: &str, init_data: &str) -> (u16, Value) {
    let body = json!({"auth": {"kind": "telegram", "init_data": init_data}});
    let response = reqwest::Client::new()
        .post(format!("http://{base}/api/session"))
        .json(&body)
        .send()
        .await
        .expect("the web server answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub fn status(state: &Value) -> &str {
    state["public"]["table"]["status"]
        .as_str()
        .unwrap_or("none")
}

pub fn current(state: &Value) -> Option<String> {
    state["public"]["table"]["view"]["players"]
        .as_array()?
        .iter()
        .find(|p| p["is_current"] == true)
        .and_then(|p| p["name"].as_str())
        .map(str::to_string)
}

/// The Mini App link's table token, from the table message's URL button.
pub fn start_param(table: &schocken_fakes::telegram::StoredMessage) -> Option<String> {
    let markup = table.reply_markup.as_ref()?;
    let rows = markup["inline_keyboard"].as_array()?;
    rows.iter()
        .flat_map(|row| row.as_array().into_iter().flatten())
        .filter_map(|b| b["url"].as_str())
        .find_map(|url| url.split_once("?startapp=").map(|(_, t)| t.to_string()))
}

pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Every `startapp` the bot wrote into a button, in any message or edit.
pub fn every_start_param(fake: &schocken_fakes::telegram::FakeTelegram) -> Vec<String> {
    fake.requests()
        .iter()
        .filter_map(|r| r.reply_markup())
        .flat_map(|markup| {
            markup["inline_keyboard"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|row| row.as_array().into_iter().flatten())
                .filter_map(|b| b["url"].as_str())
                .filter_map(|url| url.split_once("startapp=").map(|(_, t)| t.to_string()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Telegram's rule for a Mini App link's `startapp`: 1 to 512 of `A-Za-z0-9_-`; a client
/// may drop any other (issue 33).
pub fn telegram_accepts(start_param: &str) -> bool {
    (1..=512).contains(&start_param.len())
        && start_param
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}
