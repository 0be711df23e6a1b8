//! A local fake of Discord: the REST API (axum) and the gateway (a plain websocket), both on
//! 127.0.0.1, enough for serenity 0.12 and poise 0.6 to connect, register commands and answer
//! interactions. It records every REST request (method, path, JSON or multipart body) and lets
//! a test inject `INTERACTION_CREATE` dispatches — slash commands with options, button clicks —
//! and wait for the bot's answers, with timeouts. Many interactions may be in flight at once
//! (a load test measures [`Answer::latency`] from injection to the first callback).
//!
//! Gateway faults for robustness tests: the fake closes the connection (with a close code, or
//! abruptly), sends op 7 RECONNECT or op 9 INVALID_SESSION, and can hold RESUMEs back for a
//! while. A session keeps every dispatch: a RESUME gets the ones the bot missed, then
//! RESUMED; while the fake itself cut the connection, new dispatches wait for that RESUME.
//!
//! ```no_run
//! # async fn demo() -> anyhow::Result<()> {
//! use schocken_fakes::discord::{FakeDiscord, FakeUser, Slash};
//! use std::time::Duration;
//! let fake = FakeDiscord::start().await?;
//! // start the bot with DISCORD_API_URL = fake.api_url() …
//! fake.wait_ready(Duration::from_secs(10)).await?;
//! let anna = FakeUser::new(11, "anna");
//! let sent = fake.slash(&anna, &Slash::new("schocken").subcommand("new"))?;
//! let answer = fake.answer(&sent, Duration::from_secs(5)).await?;
//! assert!(answer.ephemeral);
//! # Ok(()) }
//! ```

use anyhow::{anyhow, bail};
use axum::Router;
use axum::extract::{FromRequest, Multipart, Request, State as Shared};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as Frame;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

/// Manage Server.
pub const MANAGE_GUILD: u64 = 1 << 5;
/// View Channel, Send Messages, Use Application Commands: an ordinary member.
pub const MEMBER_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 31);
/// Message flag: only the interaction's user sees the message.
pub const EPHEMERAL: u64 = 64;
/// Discord's limit for the first answer to an interaction.
pub const ANSWER_DEADLINE: Duration = Duration::from_secs(3);

const TIMESTAMP: &str = "2024-01-01T00:00:00.000000+00:00";

// ----- what a test injects ------------------------------------------------------------------

/// A member of the fake guild (or a user in a DM).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub username: String,
    pub global_name: Option<String>,
    /// The nickname in the guild.
    pub nick: Option<String>,
    /// The member's permissions in the channel (a bit set).
    pub permissions: u64,
    /// The user's client language (`de`, `en-US`, …).
    pub locale: String,
}

impl FakeUser {
    /// A member without special permissions, German client.
    pub fn new(id: u64, username: &str) -> FakeUser {
        FakeUser {
            id,
            username: username.to_string(),
            global_name: None,
            nick: None,
            permissions: MEMBER_PERMISSIONS,
            locale: "de".to_string(),
        }
    }

    pub fn nick(mut self, nick: &str) -> FakeUser {
        self.nick = Some(nick.to_string());
        self
    }

    pub fn global_name(mut self, name: &str) -> FakeUser {
        self.global_name = Some(name.to_string());
        self
    }

    pub fn locale(mut self, locale: &str) -> FakeUser {
        self.locale = locale.to_string();
        self
    }

    /// Gives the member Manage Server.
    pub fn manage_guild(mut self) -> FakeUser {
        self.permissions |= MANAGE_GUILD;
        self
    }

    fn user_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": null,
        })
    }

    fn member_json(&self) -> Value {
        json!({
            "user": self.user_json(),
            "nick": self.nick,
            "avatar": null,
            "roles": [],
            "joined_at": TIMESTAMP,
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions.to_string(),
        })
    }
}

/// Where an interaction happens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// `None`: a direct message.
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    /// The server's language, as Discord sends it with every guild interaction.
    pub guild_locale: Option<String>,
}

/// An option value of a slash command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    String(String),
    Integer(i64),
    User(FakeUser),
}

/// A slash command as a user types it: `/schocken keep dice:1 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slash {
    pub command: String,
    pub subcommand: Option<String>,
    pub options: Vec<(String, OptionValue)>,
}

impl Slash {
    pub fn new(command: &str) -> Slash {
        Slash {
            command: command.to_string(),
            subcommand: None,
            options: Vec::new(),
        }
    }

    pub fn subcommand(mut self, name: &str) -> Slash {
        self.subcommand = Some(name.to_string());
        self
    }

    pub fn string(mut self, name: &str, value: &str) -> Slash {
        self.options
            .push((name.to_string(), OptionValue::String(value.to_string())));
        self
    }

    pub fn integer(mut self, name: &str, value: i64) -> Slash {
        self.options
            .push((name.to_string(), OptionValue::Integer(value)));
        self
    }

    pub fn user(mut self, name: &str, user: &FakeUser) -> Slash {
        self.options
            .push((name.to_string(), OptionValue::User(user.clone())));
        self
    }

    fn data(&self, command_id: u64, guild_id: Option<u64>) -> Value {
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        let options: Vec<Value> = self
            .options
            .iter()
            .map(|(name, value)| match value {
                OptionValue::String(s) => json!({"name": name, "type": 3, "value": s}),
                OptionValue::Integer(i) => json!({"name": name, "type": 4, "value": i}),
                OptionValue::User(u) => {
                    users.insert(u.id.to_string(), u.user_json());
                    let mut member = u.member_json();
                    if let Some(m) = member.as_object_mut() {
                        m.remove("user");
                    }
                    members.insert(u.id.to_string(), member);
                    json!({"name": name, "type": 6, "value": u.id.to_string()})
                }
            })
            .collect();
        let options = match &self.subcommand {
            Some(sub) => vec![json!({"name": sub, "type": 1, "options": options})],
            None => options,
        };
        let mut data = json!({
            "id": command_id.to_string(),
            "name": self.command,
            "type": 1,
            "options": options,
            "resolved": {"users": users, "members": members},
        });
        if let (Some(g), Some(d)) = (guild_id, data.as_object_mut()) {
            d.insert("guild_id".into(), json!(g.to_string()));
        }
        data
    }
}

/// An injected interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Injected {
    pub id: u64,
    pub token: String,
    /// When the dispatch was handed to the gateway.
    pub at: Instant,
    /// How many requests were recorded before it: everything the bot did for it comes later.
    pub seq: usize,
}

// ----- what the fake records ------------------------------------------------------------------

/// What a REST request did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    GatewayLookup,
    RegisterCommands {
        guild: Option<u64>,
    },
    CreateMessage {
        channel: u64,
        message: u64,
    },
    EditMessage {
        channel: u64,
        message: u64,
    },
    DeleteMessage {
        channel: u64,
        message: u64,
    },
    GetMessage {
        channel: u64,
        message: u64,
    },
    /// The first response to an interaction (`kind`: 4 message, 5 deferred, 6 acknowledged, 7
    /// update of the clicked message).
    Callback {
        interaction: u64,
        kind: u64,
    },
    EditOriginal {
        interaction: u64,
    },
    DeleteOriginal {
        interaction: u64,
    },
    Followup {
        interaction: u64,
        message: u64,
    },
    EditFollowup {
        interaction: u64,
        message: u64,
    },
    /// Anything else (answered 404 unless listed above).
    Other,
}

/// A file of a multipart request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedFile {
    pub field: String,
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// One REST request as the fake received it.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// Its position among all requests (0, 1, …).
    pub seq: usize,
    pub at: Instant,
    pub method: String,
    /// The path after `/api/v10`.
    pub path: String,
    pub query: String,
    /// The JSON body (or a multipart request's `payload_json`).
    pub body: Option<Value>,
    pub files: Vec<RecordedFile>,
    pub status: u16,
    /// The request carried an `Authorization: Bot …` header (its value is never kept).
    pub authorized: bool,
    pub call: Call,
    /// The message it creates or changes is ephemeral (flag 64).
    pub ephemeral: bool,
}

impl Recorded {
    /// The message part: `data` of a callback, else the body.
    pub fn message(&self) -> Option<&Value> {
        let body = self.body.as_ref()?;
        match self.call {
            Call::Callback { .. } => body.get("data").filter(|d| !d.is_null()),
            _ => Some(body),
        }
    }

    pub fn content(&self) -> Option<&str> {
        self.message()?.get("content")?.as_str()
    }

    pub fn custom_ids(&self) -> Vec<String> {
        self.message()
            .and_then(|m| m.get("components"))
            .map(custom_ids)
            .unwrap_or_default()
    }

    /// Whether it puts text where the whole channel can read it.
    pub fn is_public_message(&self) -> bool {
        let carries_message = match self.call {
            Call::CreateMessage { .. }
            | Call::EditMessage { .. }
            | Call::EditOriginal { .. }
            | Call::Followup { .. }
            | Call::EditFollowup { .. } => true,
            Call::Callback { kind, .. } => kind == 4 || kind == 7,
            _ => false,
        };
        carries_message && !self.ephemeral && (200..300).contains(&self.status)
    }

    /// Whether it is the interaction's answer or part of it.
    pub fn belongs_to(&self, interaction: u64) -> bool {
        matches!(
            self.call,
            Call::Callback { interaction: i, .. }
            | Call::EditOriginal { interaction: i }
            | Call::DeleteOriginal { interaction: i }
            | Call::Followup { interaction: i, .. }
            | Call::EditFollowup { interaction: i, .. } if i == interaction
        )
    }
}

/// A message as it stands in the fake.
#[derive(Clone, Debug, PartialEq)]
pub struct FakeMessage {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    /// The action rows as the bot sent them.
    pub components: Value,
    pub flags: u64,
    /// The interaction it answers, if any.
    pub interaction: Option<u64>,
    pub attachments: Vec<RecordedFile>,
    /// The request that created it.
    pub created_seq: usize,
    pub edits: usize,
    pub deleted: bool,
}

impl FakeMessage {
    pub fn ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(&self.components)
    }

    /// The first button whose `custom_id` starts with `prefix`.
    pub fn button(&self, prefix: &str) -> Option<String> {
        button(&self.components, prefix)
    }
}

/// The visible answer to an interaction: its first response, or after a deferral the edit or
/// follow-up that completed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The first response's type (4 message, 5 deferred, 6 acknowledged, 7 update).
    pub kind: u64,
    pub deferred: bool,
    pub ephemeral: bool,
    pub content: String,
    pub components: Value,
    pub files: Vec<RecordedFile>,
    /// The message holding the answer (clickable in later injections).
    pub message_id: Option<u64>,
    /// From injection to the first response.
    pub latency: Duration,
    /// The recorded request that carried it.
    pub seq: usize,
}

impl Answer {
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(&self.components)
    }

    /// The first button whose `custom_id` starts with `prefix`.
    pub fn button(&self, prefix: &str) -> Option<String> {
        button(&self.components, prefix)
    }

    /// A plain acknowledgement (nothing shown).
    pub fn is_ack(&self) -> bool {
        self.kind == 6 && !self.deferred
    }
}

fn button(components: &Value, prefix: &str) -> Option<String> {
    custom_ids(components)
        .into_iter()
        .find(|c| c.starts_with(prefix))
}

fn custom_ids(components: &Value) -> Vec<String> {
    components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| {
            row.get("components")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        })
        .filter_map(|c| {
            c.get("custom_id")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .collect()
}

// ----- state ------------------------------------------------------------------------------------

/// What a gateway connection task is told to send.
enum Control {
    Text(String),
    /// Close the connection: with a close frame of this code, or (`None`) abruptly, without a
    /// closing handshake (a network failure).
    Close(Option<u16>),
}

/// One gateway session: from its IDENTIFY on, across connections it RESUMEs.
struct Session {
    number: u64,
    session_id: String,
    /// The live connection: its number and sender (`None` while disconnected).
    link: Option<(u64, mpsc::UnboundedSender<Control>)>,
    seq: u64,
    /// Every dispatch of this session (sequence number, frame): a RESUME replays the ones
    /// the client has not seen.
    log: Vec<(u64, String)>,
    /// Requests recorded before its IDENTIFY.
    identified_at: usize,
    open: bool,
    /// The session may be resumed (not invalidated).
    resumable: bool,
    /// The fake itself cut the connection (or asked the client to reconnect): dispatches
    /// wait in `log` for the RESUME instead of failing.
    awaiting_resume: bool,
}

struct InteractionState {
    id: u64,
    channel_id: u64,
    injected: Instant,
    /// The clicked message, for a component.
    clicked: Option<u64>,
    callback: Option<u64>,
    original: Option<u64>,
    /// The dispatch as sent (for a redelivery).
    payload: Value,
}

#[derive(Default)]
struct World {
    requests: Vec<Recorded>,
    messages: BTreeMap<u64, FakeMessage>,
    interactions: HashMap<String, InteractionState>,
    /// Interaction id → the seq of its first response.
    callbacks: HashMap<u64, usize>,
    sessions: Vec<Session>,
    /// The latest registered command set.
    commands: Vec<Value>,
    intents: Option<u64>,
    identified_with_token: bool,
    /// Answer command registration with 403 (a bot invited without `applications.commands`).
    refuse_commands: bool,
    /// Gateway connections accepted so far.
    connections: u64,
    /// RESUMEs received, and those that succeeded.
    resume_attempts: usize,
    resumes: usize,
    /// Park incoming RESUMEs until this is cleared (a gateway slow to take the bot back).
    hold_resumes: bool,
}

struct Inner {
    application_id: u64,
    bot_user_id: u64,
    guild_id: u64,
    channel_id: u64,
    gateway_url: String,
    ids: AtomicU64,
    state: Mutex<World>,
    changed: watch::Sender<u64>,
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, World> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::Relaxed)
    }

    fn notify(&self) {
        self.changed.send_modify(|v| *v += 1);
    }

    fn bot_user(&self) -> Value {
        json!({
            "id": self.bot_user_id.to_string(),
            "username": "Schocken",
            "discriminator": "0",
            "global_name": null,
            "avatar": null,
            "bot": true,
        })
    }

    fn message_json(&self, m: &FakeMessage) -> Value {
        let attachments: Vec<Value> = m
            .attachments
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let url = format!("https://cdn.invalid/{}/{}", m.id, f.filename);
                json!({
                    "id": (m.id + i as u64 + 1).to_string(),
                    "filename": f.filename,
                    "size": f.bytes.len(),
                    "url": url,
                    "proxy_url": url,
                })
            })
            .collect();
        let mut v = json!({
            "id": m.id.to_string(),
            "channel_id": m.channel_id.to_string(),
            "author": self.bot_user(),
            "content": m.content,
            "timestamp": TIMESTAMP,
            "edited_timestamp": if m.edits > 0 { json!(TIMESTAMP) } else { Value::Null },
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": [],
            "pinned": false,
            "type": if m.interaction.is_some() { 20 } else { 0 },
            "flags": m.flags,
            "components": m.components,
            "application_id": self.application_id.to_string(),
        });
        if let (Some(_), Some(o)) = (m.interaction, v.as_object_mut()) {
            o.insert("webhook_id".into(), json!(self.application_id.to_string()));
        }
        v
    }

    /// Sends a dispatch to the newest identified session. While the fake has cut that
    /// session's connection, the dispatch waits for the bot's RESUME (as Discord keeps the
    /// events of a resumable session); a bot that is simply gone gets nothing.
    fn dispatch(&self, event: &str, d: Value) -> anyhow::Result<()> {
        let mut state = self.lock();
        let session = state
            .sessions
            .iter_mut()
            .rev()
            .find(|s| s.open || (s.resumable && s.awaiting_resume))
            .ok_or_else(|| anyhow!("no bot is connected to the fake gateway"))?;
        session.seq += 1;
        let frame = json!({"op": 0, "t": event, "s": session.seq, "d": d}).to_string();
        session.log.push((session.seq, frame.clone()));
        match &session.link {
            Some((_, tx)) => tx
                .send(Control::Text(frame))
                .map_err(|_| anyhow!("the bot's gateway connection is closed")),
            None => Ok(()),
        }
    }

    /// The newest session with a live connection.
    fn live_session(state: &mut World) -> anyhow::Result<&mut Session> {
        state
            .sessions
            .iter_mut()
            .rev()
            .find(|s| s.link.is_some())
            .ok_or_else(|| anyhow!("no bot is connected to the fake gateway"))
    }
}

// ----- the fake -----------------------------------------------------------------------------------

/// The running fake. Dropping it stops its servers.
pub struct FakeDiscord {
    inner: Arc<Inner>,
    api: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl FakeDiscord {
    /// Starts REST and gateway on free ports of 127.0.0.1.
    pub async fn start() -> anyhow::Result<FakeDiscord> {
        let api_listener = TcpListener::bind("127.0.0.1:0").await?;
        let gateway_listener = TcpListener::bind("127.0.0.1:0").await?;
        let api = api_listener.local_addr()?;
        let gateway = gateway_listener.local_addr()?;
        let (changed, _) = watch::channel(0);
        let inner = Arc::new(Inner {
            application_id: 1_100_000_000_000_000_001,
            bot_user_id: 1_100_000_000_000_000_002,
            guild_id: 1_200_000_000_000_000_001,
            channel_id: 1_300_000_000_000_000_001,
            gateway_url: format!("ws://{gateway}"),
            ids: AtomicU64::new(1_500_000_000_000_000_000),
            state: Mutex::new(World::default()),
            changed,
        });
        let app = Router::new().fallback(rest).with_state(inner.clone());
        let rest_task = tokio::spawn(async move {
            if let Err(e) = axum::serve(api_listener, app).await {
                tracing::warn!(error = %e, "fake Discord REST stopped");
            }
        });
        let gateway_task = tokio::spawn(serve_gateway(gateway_listener, inner.clone()));
        Ok(FakeDiscord {
            inner,
            api,
            tasks: vec![rest_task, gateway_task],
        })
    }

    /// The base URL for `DISCORD_API_URL` (serenity's proxy setting).
    pub fn api_url(&self) -> String {
        format!("http://{}", self.api)
    }

    pub fn gateway_url(&self) -> String {
        self.inner.gateway_url.clone()
    }

    pub fn application_id(&self) -> u64 {
        self.inner.application_id
    }

    pub fn guild_id(&self) -> u64 {
        self.inner.guild_id
    }

    pub fn channel_id(&self) -> u64 {
        self.inner.channel_id
    }

    /// The fake guild's channel, German server locale.
    pub fn place(&self) -> Place {
        Place {
            guild_id: Some(self.inner.guild_id),
            channel_id: self.inner.channel_id,
            guild_locale: Some("de".to_string()),
        }
    }

    /// The intents of the latest IDENTIFY.
    pub fn intents(&self) -> Option<u64> {
        self.inner.lock().intents
    }

    /// Whether the latest IDENTIFY carried a token (its value is not kept).
    pub fn identified_with_token(&self) -> bool {
        self.inner.lock().identified_with_token
    }

    /// How many gateway sessions identified so far (one per bot start).
    pub fn sessions(&self) -> usize {
        self.inner.lock().sessions.len()
    }

    // ----- gateway faults ---------------------------------------------------------------

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

    /// Delivers an injected interaction once more (the same id and token), as a replayed or
    /// duplicated event would.
    pub fn redeliver(&self, sent: &Injected) -> anyhow::Result<()> {
        let payload = self
            .inner
            .lock()
            .interactions
            .get(&sent.token)
            .map(|i| i.payload.clone())
            .ok_or_else(|| anyhow!("unknown interaction {}", sent.id))?;
        self.inner.dispatch("INTERACTION_CREATE", payload)
    }

    /// Every first-response attempt for an interaction (a second one is refused with 400).
    pub fn callback_attempts(&self, interaction: u64) -> Vec<Recorded> {
        self.inner
            .lock()
            .requests
            .iter()
            .filter(|r| matches!(r.call, Call::Callback { interaction: i, .. } if i == interaction))
            .cloned()
            .collect()
    }

    /// A moderator deletes a message; `false` if there was none.
    pub fn delete_message(&self, id: u64) -> bool {
        let mut state = self.inner.lock();
        let Some(m) = state.messages.get_mut(&id).filter(|m| !m.deleted) else {
            return false;
        };
        m.deleted = true;
        drop(state);
        self.inner.notify();
        true
    }

    /// From now on, refuse to register commands (403 Missing Access).
    pub fn refuse_commands(&self) {
        self.inner.lock().refuse_commands = true;
    }

    /// The latest registered commands, as Discord stored them.
    pub fn commands(&self) -> Vec<Value> {
        self.inner.lock().commands.clone()
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.lock().requests.clone()
    }

    /// Calls `visit` for each request from `seq` on (without copying them; a load test
    /// follows hundreds of tables this way) until it returns false. Returns the position
    /// after the last one visited.
    pub fn visit_since(&self, seq: usize, mut visit: impl FnMut(&Recorded) -> bool) -> usize {
        let state = self.inner.lock();
        let mut next = seq;
        for r in state.requests.get(seq..).unwrap_or_default() {
            if !visit(r) {
                break;
            }
            next = r.seq + 1;
        }
        next
    }

    pub fn requests_since(&self, seq: usize) -> Vec<Recorded> {
        let state = self.inner.lock();
        state.requests.get(seq..).unwrap_or_default().to_vec()
    }

    pub fn messages(&self) -> Vec<FakeMessage> {
        self.inner.lock().messages.values().cloned().collect()
    }

    pub fn message(&self, id: u64) -> Option<FakeMessage> {
        self.inner.lock().messages.get(&id).cloned()
    }

    /// Waits until `check` finds something in the state, or fails after `timeout`.
    async fn until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut check: impl FnMut(&World) -> Option<T>,
    ) -> anyhow::Result<T> {
        let mut changed = self.inner.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changed.borrow_and_update();
            if let Some(found) = check(&self.inner.lock()) {
                return Ok(found);
            }
            match tokio::time::timeout_at(deadline, changed.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => bail!("the fake stopped while waiting for {what}"),
                Err(_) => bail!("timed out after {timeout:?} waiting for {what}"),
            }
        }
    }

    /// Waits until a bot session identified and registered its commands after identifying.
    pub async fn wait_ready(&self, timeout: Duration) -> anyhow::Result<()> {
        self.wait_ready_after(0, timeout).await
    }

    /// Like `wait_ready`, for a session opened after the first `sessions_before` ones: after a
    /// restart the killed bot's session may still look open for a moment.
    pub async fn wait_ready_after(
        &self,
        sessions_before: usize,
        timeout: Duration,
    ) -> anyhow::Result<()> {
        self.until(timeout, "the bot to connect and register commands", |s| {
            let session = s.sessions[sessions_before.min(s.sessions.len())..]
                .iter()
                .rev()
                .find(|x| x.open)?;
            s.requests[session.identified_at..]
                .iter()
                .any(|r| matches!(r.call, Call::RegisterCommands { .. }) && r.status < 300)
                .then_some(())
        })
        .await
    }

    /// Waits for the first request from `since` on that satisfies `pred`.
    pub async fn wait_for(
        &self,
        since: usize,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> anyhow::Result<Recorded> {
        self.until(timeout, "a matching request", |s| {
            s.requests.get(since..)?.iter().find(|r| pred(r)).cloned()
        })
        .await
    }

    /// A slash command in the fake guild's channel.
    pub fn slash(&self, user: &FakeUser, slash: &Slash) -> anyhow::Result<Injected> {
        self.slash_in(&self.place(), user, slash)
    }

    pub fn slash_in(
        &self,
        place: &Place,
        user: &FakeUser,
        slash: &Slash,
    ) -> anyhow::Result<Injected> {
        let command_id = {
            let state = self.inner.lock();
            state
                .commands
                .iter()
                .find(|c| c["name"] == slash.command.as_str())
                .and_then(|c| c["id"].as_str().and_then(|id| id.parse().ok()))
                .unwrap_or(1)
        };
        let data = slash.data(command_id, place.guild_id);
        self.inject(place, user, 2, data, None)
    }

    /// A click on button `custom_id` of message `message_id` in the fake guild's channel.
    pub fn click(
        &self,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
    ) -> anyhow::Result<Injected> {
        let mut place = self.place();
        if let Some(m) = self.message(message_id) {
            place.channel_id = m.channel_id;
        }
        self.click_in(&place, user, message_id, custom_id)
    }

    pub fn click_in(
        &self,
        place: &Place,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
    ) -> anyhow::Result<Injected> {
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.inject(place, user, 3, data, Some(message_id))
    }

    fn inject(
        &self,
        place: &Place,
        user: &FakeUser,
        kind: u8,
        data: Value,
        clicked: Option<u64>,
    ) -> anyhow::Result<Injected> {
        let inner = &self.inner;
        let id = inner.next_id();
        let token = format!("interaction-token-{id}");
        let mut d = json!({
            "id": id.to_string(),
            "application_id": inner.application_id.to_string(),
            "type": kind,
            "data": data,
            "channel_id": place.channel_id.to_string(),
            "channel": {"id": place.channel_id.to_string(), "type": if place.guild_id.is_some() { 0 } else { 1 }},
            "token": token,
            "version": 1,
            "app_permissions": "2251799813685247",
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": if place.guild_id.is_some() { 0 } else { 1 },
            "attachment_size_limit": 8_388_608,
        });
        let Some(o) = d.as_object_mut() else {
            bail!("interaction JSON is an object");
        };
        match place.guild_id {
            Some(g) => {
                o.insert("guild_id".into(), json!(g.to_string()));
                o.insert("member".into(), user.member_json());
                if let Some(l) = &place.guild_locale {
                    o.insert("guild_locale".into(), json!(l));
                }
            }
            None => {
                o.insert("user".into(), user.user_json());
            }
        }
        let seq = {
            let mut state = inner.lock();
            if let Some(message_id) = clicked {
                let message = match state.messages.get(&message_id) {
                    Some(m) => inner.message_json(m),
                    None => json!({
                        "id": message_id.to_string(),
                        "channel_id": place.channel_id.to_string(),
                        "author": inner.bot_user(),
                        "content": "",
                        "timestamp": TIMESTAMP,
                        "edited_timestamp": null,
                        "tts": false,
                        "mention_everyone": false,
                        "mentions": [],
                        "mention_roles": [],
                        "attachments": [],
                        "embeds": [],
                        "pinned": false,
                        "type": 0,
                    }),
                };
                o.insert("message".into(), message);
            }
            state.interactions.insert(
                token.clone(),
                InteractionState {
                    id,
                    channel_id: place.channel_id,
                    injected: Instant::now(),
                    clicked,
                    callback: None,
                    original: None,
                    payload: d.clone(),
                },
            );
            state.requests.len()
        };
        let at = Instant::now();
        if let Some(i) = inner.lock().interactions.get_mut(&token) {
            i.injected = at;
        }
        inner.dispatch("INTERACTION_CREATE", d)?;
        Ok(Injected { id, token, at, seq })
    }

    /// The first response to an interaction.
    pub async fn callback(&self, sent: &Injected, timeout: Duration) -> anyhow::Result<Recorded> {
        self.until(timeout, "the interaction's first response", |s| {
            s.callbacks
                .get(&sent.id)
                .and_then(|seq| s.requests.get(*seq))
                .cloned()
        })
        .await
    }

    /// The visible answer to an interaction (waiting through a deferral).
    pub async fn answer(&self, sent: &Injected, timeout: Duration) -> anyhow::Result<Answer> {
        let first = self.callback(sent, timeout).await?;
        let latency = first.at.saturating_duration_since(sent.at);
        let Call::Callback { kind, .. } = first.call else {
            bail!("not a callback");
        };
        let from = |r: &Recorded, deferred: bool| Answer {
            kind,
            deferred,
            ephemeral: r.ephemeral,
            content: r.content().unwrap_or_default().to_string(),
            components: r
                .message()
                .and_then(|m| m.get("components"))
                .cloned()
                .unwrap_or(Value::Null),
            files: r.files.clone(),
            message_id: None,
            latency,
            seq: r.seq,
        };
        let original = |s: &Self| {
            s.inner
                .lock()
                .interactions
                .get(&sent.token)
                .and_then(|i| i.original)
        };
        match kind {
            4 => Ok(Answer {
                message_id: original(self),
                ..from(&first, false)
            }),
            5 => {
                let id = sent.id;
                let done = self
                    .wait_for(first.seq + 1, timeout, |r| {
                        r.belongs_to(id) && !matches!(r.call, Call::Callback { .. })
                    })
                    .await?;
                let message_id = match done.call {
                    Call::Followup { message, .. } => Some(message),
                    Call::EditOriginal { .. } => original(self),
                    _ => None,
                };
                if matches!(done.call, Call::DeleteOriginal { .. }) {
                    return Ok(Answer {
                        kind,
                        deferred: true,
                        ephemeral: true,
                        content: String::new(),
                        components: Value::Null,
                        files: Vec::new(),
                        message_id: None,
                        latency,
                        seq: done.seq,
                    });
                }
                Ok(Answer {
                    message_id,
                    ..from(&done, true)
                })
            }
            _ => Ok(Answer {
                message_id: self
                    .inner
                    .lock()
                    .interactions
                    .get(&sent.token)
                    .and_then(|i| i.clicked),
                ..from(&first, false)
            }),
        }
    }

    /// From injection to the first response, for every answered interaction (load tests).
    pub fn latencies(&self) -> Vec<Duration> {
        let state = self.inner.lock();
        state
            .interactions
            .values()
            .filter_map(|i| {
                let seq = state.callbacks.get(&i.id)?;
                let at = state.requests.get(*seq)?.at;
                Some(at.saturating_duration_since(i.injected))
            })
            .collect()
    }

    /// Interactions whose first response came later than Discord allows (or never).
    pub fn late_answers(&self) -> Vec<u64> {
        let state = self.inner.lock();
        let mut late: Vec<u64> = state
            .interactions
            .values()
            .filter(|i| {
                match state
                    .callbacks
                    .get(&i.id)
                    .and_then(|s| state.requests.get(*s))
                {
                    Some(r) => r.at.saturating_duration_since(i.injected) > ANSWER_DEADLINE,
                    None => i.injected.elapsed() > ANSWER_DEADLINE,
                }
            })
            .map(|i| i.id)
            .collect();
        late.sort_unstable();
        late
    }
}

// ----- REST ---------------------------------------------------------------------------------------

fn error(status: StatusCode, message: &str, code: u64) -> (StatusCode, Value) {
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

fn id(segment: &str) -> Option<u64> {
    segment.parse().ok()
}

async fn rest(Shared(inner): Shared<Arc<Inner>>, req: Request) -> Response {
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

    let mut state = inner.lock();
    let seq = state.requests.len();
    let mut recorded = Recorded {
        seq,
        at: Instant::now(),
        method: method.to_string(),
        path: path.clone(),
        query,
        body: body.clone(),
        files: files.clone(),
        status: 0,
        authorized,
        call: Call::Other,
        ephemeral: false,
    };
    let (status, reply) = route(
        &inner,
        &mut state,
        &method,
        &path,
        body,
        files,
        &mut recorded,
    );
    recorded.status = status.as_u16();
    state.requests.push(recorded);
    drop(state);
    inner.notify();
    if status == StatusCode::NO_CONTENT {
        status.into_response()
    } else {
        (status, axum::Json(reply)).into_response()
    }
}

fn new_message(
    inner: &Inner,
    state: &mut World,
    channel_id: u64,
    body: &Value,
    files: Vec<RecordedFile>,
    interaction: Option<u64>,
    seq: usize,
) -> FakeMessage {
    let message = FakeMessage {
        id: inner.next_id(),
        channel_id,
        content: body["content"].as_str().unwrap_or_default().to_string(),
        components: body.get("components").cloned().unwrap_or(json!([])),
        flags: body["flags"].as_u64().unwrap_or(0),
        interaction,
        attachments: files,
        created_seq: seq,
        edits: 0,
        deleted: false,
    };
    state.messages.insert(message.id, message.clone());
    message
}

fn edit_message(m: &mut FakeMessage, body: &Value, files: Vec<RecordedFile>) {
    if let Some(content) = body.get("content").and_then(Value::as_str) {
        m.content = content.to_string();
    }
    if let Some(components) = body.get("components").filter(|c| !c.is_null()) {
        m.components = components.clone();
    }
    if !files.is_empty() {
        m.attachments = files;
    }
    m.edits += 1;
}

fn route(
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
    let unknown_interaction = || error(StatusCode::NOT_FOUND, "Unknown interaction", 10062);
    let unknown_webhook = || error(StatusCode::NOT_FOUND, "Unknown Webhook", 10015);

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
        (Method::POST, ["interactions", interaction, token, "callback"]) => {
            let interaction = id(interaction).unwrap_or(0);
            let kind = body["type"].as_u64().unwrap_or(0);
            rec.call = Call::Callback { interaction, kind };
            let Some(i) = state
                .interactions
                .get(*token)
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
            let (channel_id, clicked) = (i.channel_id, i.clicked);
            let data = body.get("data").cloned().unwrap_or(Value::Null);
            let mut original = None;
            match kind {
                4 | 5 => {
                    let mut data = data;
                    if kind == 5 && data.is_object() {
                        data["content"] = json!("");
                    }
                    let m = new_message(
                        inner,
                        state,
                        channel_id,
                        &data,
                        files,
                        Some(interaction),
                        rec.seq,
                    );
                    rec.ephemeral = m.ephemeral();
                    original = Some(m.id);
                }
                6 => {}
                7 => {
                    let Some(m) = clicked.and_then(|c| state.messages.get_mut(&c)) else {
                        return unknown_message();
                    };
                    edit_message(m, &data, files);
                    rec.ephemeral = m.ephemeral();
                }
                _ => return error(StatusCode::BAD_REQUEST, "Invalid Form Body", 50035),
            }
            if let Some(i) = state.interactions.get_mut(*token) {
                i.callback = Some(kind);
                i.original = original;
            }
            state.callbacks.insert(interaction, rec.seq);
            no_content
        }
        (method, ["webhooks", _, token, "messages", which]) => {
            let Some(i) = state.interactions.get(*token) else {
                return unknown_webhook();
            };
            let interaction = i.id;
            let target = if *which == "@original" {
                i.original
            } else {
                id(which).filter(|m| {
                    state
                        .messages
                        .get(m)
                        .is_some_and(|x| x.interaction == Some(interaction))
                })
            };
            let original = *which == "@original";
            rec.call = match (&method, original) {
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
            match method {
                Method::PATCH => {
                    edit_message(m, &body, files);
                    let m = m.clone();
                    (ok, inner.message_json(&m))
                }
                Method::DELETE => {
                    m.deleted = true;
                    no_content
                }
                Method::GET => {
                    rec.call = Call::Other;
                    let m = m.clone();
                    (ok, inner.message_json(&m))
                }
                _ => error(StatusCode::METHOD_NOT_ALLOWED, "405: Method Not Allowed", 0),
            }
        }
        (Method::POST, ["webhooks", _, token]) => {
            let Some(i) = state.interactions.get(*token) else {
                return unknown_webhook();
            };
            if i.callback.is_none() {
                // Discord knows the webhook only once the interaction was answered.
                return unknown_webhook();
            }
            let (interaction, channel_id) = (i.id, i.channel_id);
            let m = new_message(
                inner,
                state,
                channel_id,
                &body,
                files,
                Some(interaction),
                rec.seq,
            );
            rec.call = Call::Followup {
                interaction,
                message: m.id,
            };
            rec.ephemeral = m.ephemeral();
            (ok, inner.message_json(&m))
        }
        _ => error(StatusCode::NOT_FOUND, "404: Not Found", 0),
    }
}

// ----- gateway ------------------------------------------------------------------------------------

async fn serve_gateway(listener: TcpListener, inner: Arc<Inner>) {
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
                        Some(2) => {
                            number = Some(identify(&inner, &payload["d"], connection, tx.clone()));
                        }
                        Some(6) => {
                            inner.lock().resume_attempts += 1;
                            inner.notify();
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
                        reason: "".into(),
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
    let ready = json!({
        "v": 10,
        "user": inner.bot_user(),
        "guilds": [{"id": inner.guild_id.to_string(), "unavailable": true}],
        "session_id": session_id,
        "resume_gateway_url": inner.gateway_url,
        "shard": [0, 1],
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

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context as _;

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
}
