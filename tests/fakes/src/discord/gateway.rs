//! The gateway: HELLO, IDENTIFY (a wrong token is closed with 4004), READY, heartbeats,
//! dispatches, RESUME, and the faults a test provokes.

use super::FakeDiscord;
use super::state::{Control, Inner, Session};
use anyhow::bail;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Frame;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

/// Discord's close code for a wrong token ("Authentication failed.").
pub const AUTHENTICATION_FAILED: u16 = 4004;

impl FakeDiscord {
    /// Gateway connections the bot opened so far (identified or resumed).
    pub fn connections(&self) -> u64 {
        self.inner.lock().connections
    }

    /// RESUMEs the bot sent, and how many of them resumed its session.
    pub fn resume_attempts(&self) -> usize {
        self.inner.lock().resume_attempts
    }

    pub fn resumes(&self) -> usize {
        self.inner.lock().resumes
    }

    /// Whether the newest session has a live connection.
    pub fn connected(&self) -> bool {
        let state = self.inner.lock();
        state.sessions.last().is_some_and(|s| s.link.is_some())
    }

    /// Cuts the bot's gateway connection: with a close frame of `code` (4000 "unknown error"
    /// is resumable), or with `None` abruptly, as a network failure does. The session stays
    /// resumable: dispatches from now on wait for the bot's RESUME.
    pub fn close_gateway(&self, code: Option<u16>) -> anyhow::Result<()> {
        self.unlink(Control::Close(code))
    }

    /// Sends op 7 RECONNECT: the bot is to reconnect and resume. Dispatches from now on wait
    /// for the RESUME (whatever the old connection still carries is replayed).
    pub fn request_reconnect(&self) -> anyhow::Result<()> {
        self.unlink(Control::Text(json!({"op": 7, "d": null}).to_string()))
    }

    /// Takes the live connection from the session, which waits for the bot's RESUME from now
    /// on, and hands `last` to the connection's task.
    fn unlink(&self, last: Control) -> anyhow::Result<()> {
        let mut state = self.inner.lock();
        let session = Inner::live_session(&mut state)?;
        let Some((_, tx)) = session.link.take() else {
            bail!("no live gateway connection");
        };
        session.open = false;
        session.awaiting_resume = true;
        drop(state);
        let _ = tx.send(last);
        self.inner.notify();
        Ok(())
    }

    /// Sends op 9 INVALID_SESSION. Not `resumable`: the session is gone, the bot has to
    /// identify anew (and gets nothing sent in between).
    pub fn invalidate_session(&self, resumable: bool) -> anyhow::Result<()> {
        let mut state = self.inner.lock();
        let session = Inner::live_session(&mut state)?;
        let Some((_, tx)) = session.link.clone() else {
            bail!("no live gateway connection");
        };
        if !resumable {
            session.resumable = false;
            session.link = None;
            session.open = false;
        } else {
            session.awaiting_resume = true;
        }
        drop(state);
        let _ = tx.send(Control::Text(json!({"op": 9, "d": resumable}).to_string()));
        self.inner.notify();
        Ok(())
    }

    /// While set, RESUMEs are parked (the bot waits, reconnected but not yet resumed).
    pub fn hold_resumes(&self, hold: bool) {
        self.inner.lock().hold_resumes = hold;
        self.inner.notify();
    }

    /// Waits until the bot has sent `count` RESUMEs in all.
    pub async fn wait_resume_attempts(
        &self,
        count: usize,
        timeout: Duration,
    ) -> anyhow::Result<()> {
        self.until(timeout, "the bot to send RESUME", |s| {
            (s.resume_attempts >= count).then_some(())
        })
        .await
    }

    /// Waits until `count` RESUMEs succeeded in all and the session is connected.
    pub async fn wait_resumed(&self, count: usize, timeout: Duration) -> anyhow::Result<()> {
        self.until(timeout, "the bot to resume its session", |s| {
            (s.resumes >= count && s.sessions.last().is_some_and(|x| x.link.is_some()))
                .then_some(())
        })
        .await
    }

    /// Waits until the bot identified `count` sessions in all and the newest is connected.
    pub async fn wait_sessions(&self, count: usize, timeout: Duration) -> anyhow::Result<()> {
        self.until(timeout, "the bot to identify", |s| {
            (s.sessions.len() >= count && s.sessions.last().is_some_and(|x| x.link.is_some()))
                .then_some(())
        })
        .await
    }

    /// IDENTIFYs and RESUMEs the fake refused for a wrong token (each closed with 4004).
    pub fn auth_failures(&self) -> usize {
        self.inner.lock().auth_failures
    }
}

pub(super) async fn serve_gateway(listener: TcpListener, inner: Arc<Inner>) {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                // Dispatches are small frames: send each at once (as Discord does), not after
                // Nagle's wait for the last one's acknowledgement.
                let _ = stream.set_nodelay(true);
                tokio::spawn(session(stream, inner.clone()));
            }
            Err(e) => {
                tracing::warn!(error = %e, "fake gateway accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

async fn session(stream: TcpStream, inner: Arc<Inner>) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Control>();
    let connection = {
        let mut state = inner.lock();
        state.connections += 1;
        state.connections
    };
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": 41_250}});
    if sink.send(Frame::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut number = None;
    loop {
        tokio::select! {
            frame = source.next() => match frame {
                Some(Ok(Frame::Text(text))) => {
                    let Ok(payload) = serde_json::from_str::<Value>(&text) else {
                        continue;
                    };
                    match payload["op"].as_u64() {
                        Some(1) => {
                            let _ = tx.send(Control::Text(json!({"op": 11}).to_string()));
                        }
                        Some(2) if !token_matches(&inner, &payload["d"]) => {
                            refuse(&inner, &tx);
                        }
                        Some(2) => {
                            number = Some(identify(&inner, &payload["d"], connection, tx.clone()));
                        }
                        Some(6) => {
                            inner.lock().resume_attempts += 1;
                            inner.notify();
                            // A wrong token is refused; an empty one gets INVALID_SESSION below.
                            let given = payload["d"]["token"].as_str().unwrap_or_default();
                            if !given.is_empty() && !token_matches(&inner, &payload["d"]) {
                                refuse(&inner, &tx);
                                continue;
                            }
                            released(&inner).await;
                            match resume(&inner, &payload["d"], connection, tx.clone()) {
                                Some(n) => number = Some(n),
                                // Unknown or invalidated session: identify anew.
                                None => {
                                    let _ = tx.send(Control::Text(
                                        json!({"op": 9, "d": false}).to_string(),
                                    ));
                                }
                            }
                        }
                        _ => {}
                    }
                }
                Some(Ok(Frame::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            out = rx.recv() => match out {
                Some(Control::Text(text)) => {
                    if sink.send(Frame::Text(text)).await.is_err() {
                        break;
                    }
                }
                Some(Control::Close(Some(code))) => {
                    let close = CloseFrame {
                        code: code.into(),
                        reason: if code == AUTHENTICATION_FAILED {
                            "Authentication failed.".into()
                        } else {
                            "".into()
                        },
                    };
                    let _ = sink.send(Frame::Close(Some(close))).await;
                    break;
                }
                // Abruptly: the socket goes away without a closing handshake.
                Some(Control::Close(None)) | None => break,
            },
        }
    }
    if let Some(number) = number {
        let mut state = inner.lock();
        if let Some(s) = state.sessions.iter_mut().find(|s| s.number == number)
            && s.link.as_ref().is_some_and(|(c, _)| *c == connection)
        {
            s.link = None;
            s.open = false;
        }
        drop(state);
        inner.notify();
    }
}

/// Whether an IDENTIFY's or RESUME's token is the fake's (with or without the `Bot ` prefix).
fn token_matches(inner: &Inner, d: &Value) -> bool {
    let bare = |t: &str| t.strip_prefix("Bot ").unwrap_or(t).to_string();
    d["token"]
        .as_str()
        .is_some_and(|t| bare(t) == bare(&inner.options.token))
}

/// A wrong token: Discord closes the connection with 4004 "Authentication failed".
fn refuse(inner: &Inner, tx: &mpsc::UnboundedSender<Control>) {
    inner.lock().auth_failures += 1;
    inner.notify();
    let _ = tx.send(Control::Close(Some(AUTHENTICATION_FAILED)));
}

/// Waits while RESUMEs are held back (at most a minute).
async fn released(inner: &Inner) {
    let mut changed = inner.changed.subscribe();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        changed.borrow_and_update();
        if !inner.lock().hold_resumes {
            return;
        }
        if tokio::time::timeout_at(deadline, changed.changed())
            .await
            .is_err()
        {
            return;
        }
    }
}

fn identify(inner: &Inner, d: &Value, connection: u64, tx: mpsc::UnboundedSender<Control>) -> u64 {
    let mut state = inner.lock();
    let number = state.sessions.len() as u64 + 1;
    state.intents = d["intents"].as_u64();
    state.identified_with_token = d["token"].as_str().is_some_and(|t| !t.is_empty());
    let session_id = format!("fake-session-{number}");
    let shard = match d["shard"].as_array().map(Vec::as_slice) {
        Some([id, total]) => [id.as_u64().unwrap_or(0), total.as_u64().unwrap_or(1)],
        _ => [0, 1],
    };
    let ready = json!({
        "v": 10,
        "user": inner.bot_user(),
        "guilds": [{"id": inner.guild_id.to_string(), "unavailable": true}],
        "session_id": session_id,
        "resume_gateway_url": inner.gateway_url,
        "shard": shard,
        "application": {"id": inner.application_id.to_string(), "flags": 0},
    });
    let frame = json!({"op": 0, "t": "READY", "s": 1, "d": ready}).to_string();
    let identified_at = state.requests.len();
    state.sessions.push(Session {
        number,
        session_id,
        link: Some((connection, tx.clone())),
        seq: 1,
        log: vec![(1, frame.clone())],
        identified_at,
        open: true,
        resumable: true,
        awaiting_resume: false,
        shard,
    });
    drop(state);
    let _ = tx.send(Control::Text(frame));
    inner.notify();
    number
}

/// RESUME: the session's missed dispatches, then RESUMED, on the new connection. `None` if
/// the session cannot be resumed.
fn resume(
    inner: &Inner,
    d: &Value,
    connection: u64,
    tx: mpsc::UnboundedSender<Control>,
) -> Option<u64> {
    let session_id = d["session_id"].as_str()?;
    let seen = d["seq"].as_u64().unwrap_or(0);
    if d["token"].as_str().is_none_or(str::is_empty) {
        return None;
    }
    let mut state = inner.lock();
    let s = state
        .sessions
        .iter_mut()
        .find(|s| s.session_id == session_id && s.resumable)?;
    // Under the lock: nothing can be dispatched in between, the order holds.
    for (_, frame) in s.log.iter().filter(|(n, _)| *n > seen) {
        let _ = tx.send(Control::Text(frame.clone()));
    }
    let resumed = json!({"op": 0, "t": "RESUMED", "s": s.seq, "d": {}}).to_string();
    let _ = tx.send(Control::Text(resumed));
    s.link = Some((connection, tx));
    s.open = true;
    s.awaiting_resume = false;
    let number = s.number;
    state.resumes += 1;
    drop(state);
    inner.notify();
    Some(number)
}
