//! A local fake of the Telegram Bot API (axum on 127.0.0.1:0) for end-to-end and load tests.
//!
//! It answers the methods a bot needs (method names case-insensitively: teloxide sends
//! `SendMessage`), keeps the messages the bot sent (edits change them), serves injected updates
//! to long polling (`getUpdates` with `update_id >= offset`; a call with `offset = n` confirms
//! and forgets everything below `n`, as Telegram does), and records every request with its
//! parameters and the time it arrived. Tests inject group messages, button presses, chat
//! migrations and private `/start`s, then wait for the bot's answers with timeouts.
//!
//! Faults for robustness tests: the next N requests of a method can be answered with 429 and a
//! `retry_after`, with a 5xx, dropped (the connection breaks mid-answer), or left hanging
//! until the client gives up. An injected update can be delivered again
//! ([`FakeTelegram::redeliver`]).
//!
//! ```no_run
//! # async fn demo() -> anyhow::Result<()> {
//! use schocken_fakes::telegram::{FakeTelegram, TgChat, TgUser};
//! use std::time::Duration;
//! let fake = FakeTelegram::start().await?;
//! // start the bot with TELOXIDE_API_URL = fake.api_url(), TELOXIDE_TOKEN = fake.token()
//! let group = TgChat::group(-100, "Stammtisch");
//! let anna = TgUser::new(1, "Anna");
//! let sent = fake.command(&group, &anna, "/new");
//! let table = fake
//!     .wait_for(0, Duration::from_secs(5), |r| r.is("sendMessage") && r.chat_id() == Some(-100))
//!     .await?;
//! println!("answered after {:?}", table.at - sent.at);
//! # Ok(()) }
//! ```

use axum::Router;
use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::watch;

/// The token the fake accepts unless another is given.
pub const DEFAULT_TOKEN: &str = "4242424242:AAFakeTelegramTokenForTestsOnly_xyz";
/// The fake bot's username (users address it as `/cmd@SchockenTestBot`).
pub const DEFAULT_USERNAME: &str = "SchockenTestBot";
/// Telegram's sender of anonymous admin and migration messages.
pub const GROUP_ANONYMOUS_BOT: i64 = 1_087_968_824;

/// A Telegram user as the fake reports him in updates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TgUser {
    pub id: i64,
    pub first_name: String,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub language_code: Option<String>,
    pub is_bot: bool,
}

impl TgUser {
    pub fn new(id: i64, first_name: &str) -> TgUser {
        TgUser {
            id,
            first_name: first_name.to_string(),
            last_name: None,
            username: None,
            language_code: Some("de".into()),
            is_bot: false,
        }
    }

    pub fn lang(mut self, code: &str) -> TgUser {
        self.language_code = Some(code.to_string());
        self
    }

    pub fn username(mut self, name: &str) -> TgUser {
        self.username = Some(name.to_string());
        self
    }

    pub fn last_name(mut self, name: &str) -> TgUser {
        self.last_name = Some(name.to_string());
        self
    }

    pub fn json(&self) -> Value {
        let mut v = json!({
            "id": self.id,
            "is_bot": self.is_bot,
            "first_name": self.first_name,
        });
        if let Some(l) = &self.last_name {
            v["last_name"] = json!(l);
        }
        if let Some(u) = &self.username {
            v["username"] = json!(u);
        }
        if let Some(c) = &self.language_code {
            v["language_code"] = json!(c);
        }
        v
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChatKind {
    Private,
    Group,
    Supergroup,
}

/// A chat as the fake reports it in updates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TgChat {
    pub id: i64,
    pub kind: ChatKind,
    pub title: String,
}

impl TgChat {
    pub fn group(id: i64, title: &str) -> TgChat {
        TgChat {
            id,
            kind: ChatKind::Group,
            title: title.to_string(),
        }
    }

    pub fn supergroup(id: i64, title: &str) -> TgChat {
        TgChat {
            id,
            kind: ChatKind::Supergroup,
            title: title.to_string(),
        }
    }

    /// The private chat of `user` with the bot (its id is the user's id).
    pub fn private(user: &TgUser) -> TgChat {
        TgChat {
            id: user.id,
            kind: ChatKind::Private,
            title: user.first_name.clone(),
        }
    }

    pub fn json(&self) -> Value {
        match self.kind {
            ChatKind::Private => json!({
                "id": self.id,
                "type": "private",
                "first_name": self.title,
            }),
            ChatKind::Group => json!({
                "id": self.id,
                "type": "group",
                "title": self.title,
            }),
            ChatKind::Supergroup => json!({
                "id": self.id,
                "type": "supergroup",
                "title": self.title,
            }),
        }
    }
}

/// How the fake answers a request it was told to fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// 429 Too Many Requests with `parameters.retry_after` seconds.
    RateLimited { retry_after: u32 },
    /// An HTTP 5xx with a Telegram error body (teloxide waits 10 s on these).
    ServerError(u16),
    /// Headers go out, then the connection breaks: the client sees a network error.
    Drop,
    /// No answer at all: the request hangs until the client gives up (its own timeout; the
    /// fake lets go after two minutes).
    Hang,
}

/// `Recorded::status` of a request still waiting for its answer (a long poll).
pub const PENDING: u16 = 0;
/// `Recorded::status` of a request whose answer was dropped on purpose.
pub const DROPPED: u16 = 1;
/// `Recorded::status` of a request left hanging on purpose ([`Fault::Hang`]).
pub const HUNG: u16 = 2;

/// One request the bot made.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// Position in the log (0, 1, …).
    pub seq: u64,
    /// The method as the client spelled it (`SendMessage`).
    pub method: String,
    /// JSON parameters (multipart text fields as strings; files under `files`).
    pub params: Value,
    /// Uploaded files of a multipart request.
    pub files: Vec<RecordedFile>,
    /// When the request arrived.
    pub at: Instant,
    /// The HTTP status the fake answered with ([`PENDING`] while it waits, [`DROPPED`]).
    pub status: u16,
    /// The answer's `result` (or the error body).
    pub response: Value,
}

#[derive(Clone, Debug)]
pub struct RecordedFile {
    pub field: String,
    pub file_name: Option<String>,
    pub content: Vec<u8>,
}

impl Recorded {
    /// Whether this is a call of `method` (case-insensitive).
    pub fn is(&self, method: &str) -> bool {
        self.method.eq_ignore_ascii_case(method)
    }

    pub fn ok(&self) -> bool {
        self.status == 200
    }

    fn number(v: &Value) -> Option<i64> {
        match v {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.parse().ok(),
            _ => None,
        }
    }

    pub fn chat_id(&self) -> Option<i64> {
        self.params.get("chat_id").and_then(Self::number)
    }

    pub fn message_id(&self) -> Option<i64> {
        self.params.get("message_id").and_then(Self::number)
    }

    pub fn text(&self) -> Option<&str> {
        self.params
            .get("text")
            .or_else(|| self.params.get("caption"))
            .and_then(Value::as_str)
    }

    /// The callback data of every inline button sent with this request.
    pub fn callback_data(&self) -> Vec<String> {
        keyboard_data(self.reply_markup().as_ref())
    }

    /// `reply_markup` as JSON (multipart sends it as a JSON string).
    pub fn reply_markup(&self) -> Option<Value> {
        match self.params.get("reply_markup")? {
            Value::String(s) => serde_json::from_str(s).ok(),
            v => Some(v.clone()),
        }
    }

    /// The id of the message this request created or edited (from the fake's answer).
    pub fn result_message_id(&self) -> Option<i64> {
        self.response.get("message_id").and_then(Value::as_i64)
    }

    pub fn callback_query_id(&self) -> Option<&str> {
        self.params.get("callback_query_id").and_then(Value::as_str)
    }

    pub fn show_alert(&self) -> bool {
        self.params.get("show_alert").and_then(Value::as_bool) == Some(true)
    }
}

fn keyboard_data(markup: Option<&Value>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(rows) = markup
        .and_then(|m| m.get("inline_keyboard"))
        .and_then(Value::as_array)
    {
        for row in rows {
            for button in row.as_array().into_iter().flatten() {
                if let Some(d) = button.get("callback_data").and_then(Value::as_str) {
                    out.push(d.to_string());
                }
            }
        }
    }
    out
}

/// A message in a chat, as the fake keeps it (bot messages change with edits).
#[derive(Clone, Debug)]
pub struct StoredMessage {
    pub chat_id: i64,
    pub message_id: i64,
    pub from_bot: bool,
    pub from: Value,
    pub text: String,
    pub reply_markup: Option<Value>,
    pub date: i64,
    pub edits: u32,
    pub document: Option<RecordedFile>,
}

impl StoredMessage {
    /// The message as Telegram would put it into an update.
    pub fn json(&self, chat: &Value) -> Value {
        let mut v = json!({
            "message_id": self.message_id,
            "date": self.date,
            "chat": chat,
            "from": self.from,
            "text": self.text,
        });
        if let Some(m) = &self.reply_markup {
            v["reply_markup"] = m.clone();
        }
        if self.edits > 0 {
            v["edit_date"] = json!(self.date);
        }
        v
    }

    /// The callback data of the message's inline buttons.
    pub fn callback_data(&self) -> Vec<String> {
        keyboard_data(self.reply_markup.as_ref())
    }

    /// The callback data of the button labelled with `label` (exactly or as a prefix).
    pub fn button(&self, label: &str) -> Option<String> {
        let rows = self
            .reply_markup
            .as_ref()?
            .get("inline_keyboard")?
            .as_array()?;
        rows.iter()
            .flat_map(|r| r.as_array().into_iter().flatten())
            .find(|b| {
                b.get("text")
                    .and_then(Value::as_str)
                    .is_some_and(|t| t == label || t.starts_with(label))
            })
            .and_then(|b| b.get("callback_data"))
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    /// The URLs of the message's URL buttons.
    pub fn urls(&self) -> Vec<String> {
        let Some(rows) = self
            .reply_markup
            .as_ref()
            .and_then(|m| m.get("inline_keyboard"))
            .and_then(Value::as_array)
        else {
            return Vec::new();
        };
        rows.iter()
            .flat_map(|r| r.as_array().into_iter().flatten())
            .filter_map(|b| b.get("url").and_then(Value::as_str).map(str::to_string))
            .collect()
    }
}

/// What an injection created: the update's id, the message or callback id, and when.
#[derive(Clone, Debug)]
pub struct Injected {
    pub update_id: i64,
    /// The chat the update happened in.
    pub chat_id: Option<i64>,
    pub message_id: Option<i64>,
    pub callback_id: Option<String>,
    /// The request count at injection: the bot's answers come after it.
    pub mark: u64,
    pub at: Instant,
}

/// Options for [`FakeTelegram::start_with`].
#[derive(Clone, Debug)]
pub struct FakeOptions {
    pub token: String,
    pub username: String,
    /// Longest wait of a `getUpdates` call, whatever timeout the client asks for.
    pub max_poll: Duration,
}

impl Default for FakeOptions {
    fn default() -> Self {
        FakeOptions {
            token: DEFAULT_TOKEN.to_string(),
            username: DEFAULT_USERNAME.to_string(),
            max_poll: Duration::from_secs(30),
        }
    }
}

#[derive(Default)]
struct FakeState {
    next_update_id: i64,
    /// Updates not yet confirmed by an `offset` above them.
    updates: VecDeque<(i64, Value)>,
    requests: Vec<Recorded>,
    messages: HashMap<(i64, i64), StoredMessage>,
    next_message_id: HashMap<i64, i64>,
    chats: HashMap<i64, Value>,
    admins: HashSet<(i64, i64)>,
    owners: HashSet<(i64, i64)>,
    started: HashSet<i64>,
    migrated: HashMap<i64, i64>,
    faults: HashMap<String, VecDeque<Fault>>,
    commands: HashMap<String, Value>,
    next_callback: u64,
    /// Answered callback queries: id → position of the answer in `requests`.
    answers: HashMap<String, u64>,
    /// Every update ever injected, by id (for redelivery).
    history: HashMap<i64, Value>,
}

struct Inner {
    options: FakeOptions,
    bot_id: i64,
    state: Mutex<FakeState>,
    updates_tx: watch::Sender<u64>,
    requests_tx: watch::Sender<u64>,
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, FakeState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn bot_user(&self) -> Value {
        json!({
            "id": self.bot_id,
            "is_bot": true,
            "first_name": "Schocken",
            "username": self.options.username,
        })
    }
}

/// The fake server. Dropping it stops the server.
pub struct FakeTelegram {
    inner: Arc<Inner>,
    addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeTelegram {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// A wait that ran out.
#[derive(Debug)]
pub struct Timeout(pub String);

impl std::fmt::Display for Timeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "timed out waiting for {}", self.0)
    }
}

impl std::error::Error for Timeout {}

fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

impl FakeTelegram {
    /// Starts the fake with the default token and username.
    pub async fn start() -> anyhow::Result<FakeTelegram> {
        Self::start_with(FakeOptions::default()).await
    }

    pub async fn start_with(options: FakeOptions) -> anyhow::Result<FakeTelegram> {
        let bot_id = options
            .token
            .split(':')
            .next()
            .and_then(|id| id.parse().ok())
            .unwrap_or(4_242_424_242);
        let (updates_tx, _) = watch::channel(0);
        let (requests_tx, _) = watch::channel(0);
        let inner = Arc::new(Inner {
            options,
            bot_id,
            state: Mutex::new(FakeState {
                next_update_id: 1,
                ..FakeState::default()
            }),
            updates_tx,
            requests_tx,
        });
        let app = Router::new()
            .route("/{bot}/{method}", axum::routing::any(api))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let server = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!(error = %e, "fake Telegram server stopped");
            }
        });
        Ok(FakeTelegram {
            inner,
            addr,
            server,
        })
    }

    /// The Bot API base URL for `TELOXIDE_API_URL`.
    pub fn api_url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    pub fn token(&self) -> &str {
        &self.inner.options.token
    }

    pub fn username(&self) -> &str {
        &self.inner.options.username
    }

    pub fn bot_id(&self) -> i64 {
        self.inner.bot_id
    }

    // ----- configuration -------------------------------------------------------------

    /// Makes `user` an administrator of `chat` (getChatMember answers "administrator").
    pub fn set_admin(&self, chat: i64, user: i64) {
        self.inner.lock().admins.insert((chat, user));
    }

    /// Makes `user` the creator of `chat`.
    pub fn set_owner(&self, chat: i64, user: i64) {
        self.inner.lock().owners.insert((chat, user));
    }

    /// Answers the next `n` calls of `method` with `fault`.
    pub fn fail_next(&self, method: &str, n: usize, fault: Fault) {
        let mut state = self.inner.lock();
        let queue = state.faults.entry(method.to_ascii_lowercase()).or_default();
        queue.extend(std::iter::repeat_n(fault, n));
    }

    /// Whether `user` has pressed START in his private chat with the bot.
    pub fn has_started(&self, user: i64) -> bool {
        self.inner.lock().started.contains(&user)
    }

    // ----- injection -----------------------------------------------------------------

    /// Queues a raw update (`{"message": {...}}`); the fake adds the `update_id`.
    pub fn inject(&self, mut update: Value) -> Injected {
        let message = update
            .get("message")
            .or_else(|| update.get("callback_query").and_then(|c| c.get("message")));
        let chat_id = message
            .and_then(|m| m.get("chat"))
            .and_then(|c| c.get("id"))
            .and_then(Value::as_i64);
        let message_id = update
            .get("message")
            .and_then(|m| m.get("message_id"))
            .and_then(Value::as_i64);
        let callback_id = update
            .get("callback_query")
            .and_then(|c| c.get("id"))
            .and_then(Value::as_str)
            .map(str::to_string);
        let (id, mark) = {
            let mut state = self.inner.lock();
            let id = state.next_update_id;
            state.next_update_id += 1;
            update["update_id"] = json!(id);
            state.history.insert(id, update.clone());
            state.updates.push_back((id, update));
            (id, state.requests.len() as u64)
        };
        self.inner.updates_tx.send_modify(|n| *n += 1);
        Injected {
            update_id: id,
            chat_id,
            message_id,
            callback_id,
            mark,
            at: Instant::now(),
        }
    }

    /// Delivers an update again, as Telegram does when the bot died before it confirmed
    /// the update (a new process polls from offset 0 and gets it once more).
    pub fn requeue(&self, update_id: i64) {
        {
            let mut state = self.inner.lock();
            let Some(update) = state.history.get(&update_id).cloned() else {
                return;
            };
            if state.updates.iter().any(|(id, _)| *id == update_id) {
                return;
            }
            let at = state
                .updates
                .iter()
                .position(|(id, _)| *id > update_id)
                .unwrap_or(state.updates.len());
            state.updates.insert(at, (update_id, update));
        }
        self.inner.updates_tx.send_modify(|n| *n += 1);
    }

    /// Delivers an injected update once more under a new `update_id` (the same message or
    /// callback query id): a replayed or duplicated delivery.
    pub fn redeliver(&self, update_id: i64) -> Option<Injected> {
        let update = self.inner.lock().history.get(&update_id).cloned()?;
        let mut update = update;
        if let Some(o) = update.as_object_mut() {
            o.remove("update_id");
        }
        Some(self.inject(update))
    }

    /// The bot's first reaction to an injected update (a request about its chat, or the
    /// answer to its button press) and how long it took: the latency a user feels.
    pub async fn first_reaction(
        &self,
        injected: &Injected,
        timeout: Duration,
    ) -> Result<(Recorded, Duration), Timeout> {
        let chat = injected.chat_id;
        let callback = injected.callback_id.clone();
        let found = self
            .wait_for(injected.mark, timeout, |r| {
                r.status != PENDING
                    && !r.is("getUpdates")
                    && match &callback {
                        Some(id) => r.callback_query_id() == Some(id.as_str()),
                        None => chat.is_some() && r.chat_id() == chat,
                    }
            })
            .await?;
        let took = found.at.saturating_duration_since(injected.at);
        Ok((found, took))
    }

    fn remember_chat(&self, chat: &TgChat) -> Value {
        let json = chat.json();
        self.inner.lock().chats.insert(chat.id, json.clone());
        json
    }

    fn next_message_id(state: &mut FakeState, chat: i64) -> i64 {
        let next = state.next_message_id.entry(chat).or_insert(1);
        let id = *next;
        *next += 1;
        id
    }

    /// A user's text message in a chat (kept, so the bot may reply to it).
    fn user_message(&self, chat: &TgChat, user: &TgUser, text: &str) -> (i64, Value) {
        let chat_json = self.remember_chat(chat);
        let mut state = self.inner.lock();
        let id = Self::next_message_id(&mut state, chat.id);
        let stored = StoredMessage {
            chat_id: chat.id,
            message_id: id,
            from_bot: false,
            from: user.json(),
            text: text.to_string(),
            reply_markup: None,
            date: now_secs(),
            edits: 0,
            document: None,
        };
        let mut json = stored.json(&chat_json);
        if text.starts_with('/') {
            let len = text
                .split_whitespace()
                .next()
                .map(|w| w.encode_utf16().count())
                .unwrap_or(0);
            json["entities"] = json!([{ "type": "bot_command", "offset": 0, "length": len }]);
        }
        state.messages.insert((chat.id, id), stored);
        (id, json)
    }

    /// A text message (a command if it starts with `/`) from `user` in `chat`.
    pub fn command(&self, chat: &TgChat, user: &TgUser, text: &str) -> Injected {
        let (_, message) = self.user_message(chat, user, text);
        self.inject(json!({ "message": message }))
    }

    /// A text message that replies to message `reply_to` of the same chat.
    pub fn reply_command(
        &self,
        chat: &TgChat,
        user: &TgUser,
        text: &str,
        reply_to: i64,
    ) -> Injected {
        let (_, mut message) = self.user_message(chat, user, text);
        let chat_json = chat.json();
        if let Some(original) = self.inner.lock().messages.get(&(chat.id, reply_to)) {
            message["reply_to_message"] = original.json(&chat_json);
        }
        self.inject(json!({ "message": message }))
    }

    /// `user` presses an inline button with `data` under message `message_id` of `chat`.
    pub fn press(&self, chat: &TgChat, user: &TgUser, message_id: i64, data: &str) -> Injected {
        let chat_json = self.remember_chat(chat);
        let (message, id) = {
            let mut state = self.inner.lock();
            state.next_callback += 1;
            let id = format!("cb{}-{}", state.next_callback, user.id);
            let message = state
                .messages
                .get(&(chat.id, message_id))
                .map(|m| m.json(&chat_json))
                .unwrap_or_else(|| {
                    json!({
                        "message_id": message_id,
                        "date": now_secs(),
                        "chat": chat_json,
                        "from": self.inner.bot_user(),
                        "text": "",
                    })
                });
            (message, id)
        };
        self.inject(json!({
            "callback_query": {
                "id": id,
                "from": user.json(),
                "message": message,
                "chat_instance": format!("ci{}", chat.id),
                "data": data,
            }
        }))
    }

    /// The group `old` becomes the supergroup `new_id`: Telegram sends a message with
    /// `migrate_to_chat_id` in the old chat and one with `migrate_from_chat_id` in the new.
    /// Afterwards sending to the old chat fails with `migrate_to_chat_id`.
    pub fn migrate(&self, old: &TgChat, new_id: i64, by: &TgUser) -> TgChat {
        let new = TgChat::supergroup(new_id, &old.title);
        let old_json = self.remember_chat(old);
        let new_json = self.remember_chat(&new);
        let (to_id, from_id) = {
            let mut state = self.inner.lock();
            state.migrated.insert(old.id, new_id);
            (
                Self::next_message_id(&mut state, old.id),
                Self::next_message_id(&mut state, new_id),
            )
        };
        self.inject(json!({
            "message": {
                "message_id": to_id,
                "date": now_secs(),
                "chat": old_json,
                "from": by.json(),
                "migrate_to_chat_id": new_id,
            }
        }));
        self.inject(json!({
            "message": {
                "message_id": from_id,
                "date": now_secs(),
                "chat": new_json,
                "from": {
                    "id": GROUP_ANONYMOUS_BOT,
                    "is_bot": true,
                    "first_name": "Group",
                    "username": "GroupAnonymousBot",
                },
                "sender_chat": new_json,
                "migrate_from_chat_id": old.id,
            }
        }));
        new
    }

    /// `user` opens the private chat (deep link payload or none) and presses START.
    pub fn start_private(&self, user: &TgUser, payload: Option<&str>) -> Injected {
        self.inner.lock().started.insert(user.id);
        let text = match payload {
            Some(p) => format!("/start {p}"),
            None => "/start".to_string(),
        };
        self.command(&TgChat::private(user), user, &text)
    }

    // ----- observation ---------------------------------------------------------------

    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.lock().requests.clone()
    }

    /// Calls `visit` for each request with `seq >= from` (without copying them; a load test
    /// follows hundreds of chats this way) until it returns false. Returns the position after
    /// the last one visited.
    pub fn visit_since(&self, from: u64, mut visit: impl FnMut(&Recorded) -> bool) -> u64 {
        let state = self.inner.lock();
        let mut next = from;
        for r in state
            .requests
            .iter()
            .skip(usize::try_from(from).unwrap_or(usize::MAX))
        {
            if !visit(r) {
                break;
            }
            next = r.seq + 1;
        }
        next
    }

    /// Requests with `seq >= from`.
    pub fn requests_since(&self, from: u64) -> Vec<Recorded> {
        let state = self.inner.lock();
        state
            .requests
            .iter()
            .skip(usize::try_from(from).unwrap_or(usize::MAX))
            .cloned()
            .collect()
    }

    /// The sequence number the next request will get (a cursor for `wait_for`).
    pub fn mark(&self) -> u64 {
        self.inner.lock().requests.len() as u64
    }

    /// Updates injected but not yet confirmed by the bot.
    pub fn pending_updates(&self) -> usize {
        self.inner.lock().updates.len()
    }

    /// A message of a chat (bot messages with their edits applied).
    pub fn message(&self, chat: i64, message_id: i64) -> Option<StoredMessage> {
        self.inner.lock().messages.get(&(chat, message_id)).cloned()
    }

    /// The bot's messages in a chat, oldest first.
    pub fn bot_messages(&self, chat: i64) -> Vec<StoredMessage> {
        let state = self.inner.lock();
        let mut out: Vec<StoredMessage> = state
            .messages
            .values()
            .filter(|m| m.chat_id == chat && m.from_bot)
            .cloned()
            .collect();
        out.sort_by_key(|m| m.message_id);
        out
    }

    /// The commands registered with setMyCommands for a language code ("" = default).
    pub fn my_commands(&self, language_code: &str) -> Option<Value> {
        self.inner.lock().commands.get(language_code).cloned()
    }

    /// Waits for the first request with `seq >= after` that matches.
    pub async fn wait_for(
        &self,
        after: u64,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Result<Recorded, Timeout> {
        self.wait_until(timeout, |fake| {
            fake.requests_since(after).into_iter().find(|r| pred(r))
        })
        .await
        .map_err(|_| Timeout("a matching request".into()))
    }

    /// The (successful) answer to a callback query, if it came.
    pub fn answer(&self, callback_id: &str) -> Option<Recorded> {
        let state = self.inner.lock();
        let seq = *state.answers.get(callback_id)?;
        state.requests.get(seq as usize).cloned()
    }

    /// Waits for the answer to a callback query.
    pub async fn answer_to(
        &self,
        callback_id: &str,
        timeout: Duration,
    ) -> Result<Recorded, Timeout> {
        self.wait_until(timeout, |f| f.answer(callback_id))
            .await
            .map_err(|_| Timeout(format!("the answer to callback {callback_id}")))
    }

    /// Waits until `check` finds something, re-checking after every request the bot makes.
    pub async fn wait_until<T>(
        &self,
        timeout: Duration,
        check: impl Fn(&FakeTelegram) -> Option<T>,
    ) -> Result<T, Timeout> {
        let mut rx = self.inner.requests_tx.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            rx.borrow_and_update();
            if let Some(found) = check(self) {
                return Ok(found);
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => {
                    return check(self).ok_or_else(|| Timeout("a condition".into()));
                }
            }
        }
    }

    /// Waits until the bot has confirmed every injected update (its next `getUpdates`
    /// carried an offset above them).
    pub async fn wait_confirmed(&self, timeout: Duration) -> Result<(), Timeout> {
        self.wait_until(timeout, |f| (f.pending_updates() == 0).then_some(()))
            .await
            .map_err(|_| Timeout("the bot to confirm every update".into()))
    }
}

// ----- the HTTP side -------------------------------------------------------------------

struct ApiError {
    status: StatusCode,
    description: String,
    parameters: Option<Value>,
}

impl ApiError {
    fn new(status: StatusCode, description: &str) -> ApiError {
        ApiError {
            status,
            description: description.to_string(),
            parameters: None,
        }
    }

    fn bad_request(description: &str) -> ApiError {
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
}

type ApiResult = Result<Value, ApiError>;

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

async fn api(
    State(inner): State<Arc<Inner>>,
    Path((bot, method)): Path<(String, String)>,
    req: Request,
) -> Response {
    let (params, files) = read_params(req).await;
    let lower = method.to_ascii_lowercase();
    let at = Instant::now();
    // Recorded on arrival (a long poll may wait long), completed with the answer below.
    let seq = {
        let mut state = inner.lock();
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
        seq
    };
    inner.requests_tx.send_modify(|n| *n += 1);
    let fault = if bot == format!("bot{}", inner.options.token) {
        inner
            .lock()
            .faults
            .get_mut(&lower)
            .and_then(VecDeque::pop_front)
    } else {
        None
    };
    if fault == Some(Fault::Hang) {
        if let Some(r) = inner.lock().requests.get_mut(seq as usize) {
            r.status = HUNG;
        }
        inner.requests_tx.send_modify(|n| *n += 1);
        tokio::time::sleep(Duration::from_secs(120)).await;
        let stream = futures_util::stream::once(async {
            Err::<Vec<u8>, std::io::Error>(std::io::Error::other("the fake let go"))
        });
        return (StatusCode::OK, Body::from_stream(stream)).into_response();
    }
    let outcome: ApiResult = if bot != format!("bot{}", inner.options.token) {
        Err(ApiError::new(StatusCode::UNAUTHORIZED, "Unauthorized"))
    } else {
        match fault {
            Some(Fault::RateLimited { retry_after }) => Err(ApiError {
                status: StatusCode::TOO_MANY_REQUESTS,
                description: format!("Too Many Requests: retry after {retry_after}"),
                parameters: Some(json!({ "retry_after": retry_after })),
            }),
            Some(Fault::ServerError(code)) => Err(ApiError::new(
                StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
                "Internal Server Error",
            )),
            Some(Fault::Drop) => Err(ApiError::new(StatusCode::OK, "dropped")),
            Some(Fault::Hang) => Err(ApiError::new(StatusCode::OK, "hung")),
            None if lower == "getupdates" => get_updates(&inner, &params).await,
            None => call(&inner, &lower, &params, &files),
        }
    };
    let dropped = fault == Some(Fault::Drop);
    let (status, body) = match outcome {
        Ok(result) => (StatusCode::OK, json!({ "ok": true, "result": result })),
        Err(e) => (e.status, e.body()),
    };
    {
        let mut state = inner.lock();
        if let Some(r) = state.requests.get_mut(seq as usize) {
            r.response = body.get("result").cloned().unwrap_or_else(|| body.clone());
            r.status = if dropped { DROPPED } else { status.as_u16() };
        }
        if lower == "answercallbackquery"
            && status == StatusCode::OK
            && !dropped
            && let Some(id) = state.requests[seq as usize].callback_query_id()
        {
            let id = id.to_string();
            state.answers.insert(id, seq);
        }
    }
    inner.requests_tx.send_modify(|n| *n += 1);
    if dropped {
        let stream = futures_util::stream::once(async {
            Err::<Vec<u8>, std::io::Error>(std::io::Error::other("connection dropped by the fake"))
        });
        return (StatusCode::OK, Body::from_stream(stream)).into_response();
    }
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn int(params: &Value, key: &str) -> Option<i64> {
    match params.get(key)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

fn markup(params: &Value) -> Option<Value> {
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

fn chat_json(state: &FakeState, chat: i64) -> Value {
    state.chats.get(&chat).cloned().unwrap_or_else(|| {
        if chat > 0 {
            json!({ "id": chat, "type": "private", "first_name": "User" })
        } else {
            json!({ "id": chat, "type": "group", "title": "Chat" })
        }
    })
}

/// Checks that the bot may write to `chat`.
fn writable(state: &FakeState, chat: i64) -> Result<(), ApiError> {
    if let Some(new) = state.migrated.get(&chat) {
        return Err(ApiError {
            status: StatusCode::BAD_REQUEST,
            description: "Bad Request: group chat was upgraded to a supergroup chat".into(),
            parameters: Some(json!({ "migrate_to_chat_id": new })),
        });
    }
    if chat > 0 && !state.started.contains(&chat) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "Forbidden: bot can't initiate conversation with a user",
        ));
    }
    Ok(())
}

fn call(inner: &Inner, method: &str, params: &Value, files: &[RecordedFile]) -> ApiResult {
    let mut state = inner.lock();
    let chat = int(params, "chat_id");
    match method {
        "getme" => {
            let mut me = inner.bot_user();
            me["can_join_groups"] = json!(true);
            me["can_read_all_group_messages"] = json!(false);
            me["supports_inline_queries"] = json!(false);
            me["can_connect_to_business"] = json!(false);
            me["has_main_web_app"] = json!(false);
            Ok(me)
        }
        "getwebhookinfo" => Ok(json!({
            "url": "",
            "has_custom_certificate": false,
            "pending_update_count": state.updates.len(),
        })),
        "deletewebhook" | "close" | "logout" | "sendchataction" | "leavechat" => Ok(json!(true)),
        "setmycommands" => {
            let lang = params
                .get("language_code")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let commands = params.get("commands").cloned().unwrap_or(json!([]));
            state.commands.insert(lang, commands);
            Ok(json!(true))
        }
        "getmycommands" => {
            let lang = params
                .get("language_code")
                .and_then(Value::as_str)
                .unwrap_or("");
            Ok(state.commands.get(lang).cloned().unwrap_or(json!([])))
        }
        "sendmessage" | "senddocument" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            writable(&state, chat)?;
            let document = files.iter().find(|f| f.field == "document").cloned();
            let text = params
                .get("text")
                .or_else(|| params.get("caption"))
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            if method == "sendmessage" && text.trim().is_empty() {
                return Err(ApiError::bad_request("Bad Request: message text is empty"));
            }
            if text.chars().count() > 4096 {
                return Err(ApiError::bad_request("Bad Request: message is too long"));
            }
            let id = FakeTelegram::next_message_id(&mut state, chat);
            let stored = StoredMessage {
                chat_id: chat,
                message_id: id,
                from_bot: true,
                from: inner.bot_user(),
                text,
                reply_markup: markup(params),
                date: now_secs(),
                edits: 0,
                document: document.clone(),
            };
            let mut json = stored.json(&chat_json(&state, chat));
            if let Some(doc) = &document {
                json["document"] = json!({
                    "file_id": format!("doc{chat}_{id}"),
                    "file_unique_id": format!("u{chat}_{id}"),
                    "file_name": doc.file_name,
                    "file_size": doc.content.len(),
                });
                if let Some(obj) = json.as_object_mut() {
                    obj.remove("text");
                    obj.insert("caption".into(), json!(stored.text));
                }
            }
            state.messages.insert((chat, id), stored);
            Ok(json)
        }
        "editmessagetext" | "editmessagereplymarkup" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            writable(&state, chat)?;
            let id = int(params, "message_id").unwrap_or(0);
            let chat_value = chat_json(&state, chat);
            let Some(message) = state.messages.get_mut(&(chat, id)) else {
                return Err(ApiError::bad_request(
                    "Bad Request: message to edit not found",
                ));
            };
            if !message.from_bot {
                return Err(ApiError::bad_request(
                    "Bad Request: message can't be edited",
                ));
            }
            let new_text = if method == "editmessagetext" {
                let text = params
                    .get("text")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                if text.trim().is_empty() {
                    return Err(ApiError::bad_request("Bad Request: message text is empty"));
                }
                text
            } else {
                message.text.clone()
            };
            let new_markup = markup(params).filter(|m| {
                m.get("inline_keyboard")
                    .and_then(Value::as_array)
                    .is_some_and(|rows| !rows.is_empty())
            });
            if new_text == message.text && new_markup == message.reply_markup {
                return Err(ApiError::bad_request(
                    "Bad Request: message is not modified: specified new message content and \
                     reply markup are exactly the same as a current content and reply markup \
                     of the message",
                ));
            }
            message.text = new_text;
            message.reply_markup = new_markup;
            message.edits += 1;
            Ok(message.json(&chat_value))
        }
        "deletemessage" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            let id = int(params, "message_id").unwrap_or(0);
            match state.messages.remove(&(chat, id)) {
                Some(_) => Ok(json!(true)),
                None => Err(ApiError::bad_request(
                    "Bad Request: message to delete not found",
                )),
            }
        }
        "answercallbackquery" => {
            let text_len = params
                .get("text")
                .and_then(Value::as_str)
                .map(|t| t.chars().count())
                .unwrap_or(0);
            if text_len > 200 {
                return Err(ApiError::bad_request("Bad Request: MESSAGE_TOO_LONG"));
            }
            Ok(json!(true))
        }
        "getchatmember" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            let user = int(params, "user_id").unwrap_or(0);
            let user_json = json!({ "id": user, "is_bot": false, "first_name": "User" });
            if state.owners.contains(&(chat, user)) {
                Ok(json!({ "status": "creator", "user": user_json, "is_anonymous": false }))
            } else if state.admins.contains(&(chat, user)) {
                Ok(json!({
                    "status": "administrator",
                    "user": user_json,
                    "can_be_edited": false,
                    "is_anonymous": false,
                    "can_manage_chat": true,
                    "can_delete_messages": true,
                    "can_manage_video_chats": true,
                    "can_restrict_members": true,
                    "can_promote_members": false,
                    "can_change_info": true,
                    "can_invite_users": true,
                    "can_post_stories": false,
                    "can_edit_stories": false,
                    "can_delete_stories": false,
                    "can_pin_messages": true,
                    "can_manage_topics": false,
                }))
            } else {
                Ok(json!({ "status": "member", "user": user_json }))
            }
        }
        "getchat" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            Ok(chat_json(&state, chat))
        }
        _ => Err(ApiError::new(StatusCode::NOT_FOUND, "Not Found")),
    }
}
