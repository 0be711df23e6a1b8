//! What the fake Telegram reports and records: users, chats, messages, requests, options.

use super::limits::{TelegramLimits, is_write_method};
use super::{DEFAULT_TOKEN, DEFAULT_USERNAME};
use serde_json::{Value, json};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

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
    /// A supergroup with topics (`"is_forum": true`); see [`TgChat::forum`].
    pub is_forum: bool,
}

impl TgChat {
    pub fn group(id: i64, title: &str) -> TgChat {
        TgChat {
            id,
            kind: ChatKind::Group,
            title: title.to_string(),
            is_forum: false,
        }
    }

    pub fn supergroup(id: i64, title: &str) -> TgChat {
        TgChat {
            id,
            kind: ChatKind::Supergroup,
            title: title.to_string(),
            is_forum: false,
        }
    }

    /// A supergroup with topics ("forum"): messages in a topic carry its `message_thread_id`;
    /// the rest belong to the General topic. Create topics with
    /// [`FakeTelegram::create_topic`](super::FakeTelegram::create_topic).
    pub fn forum(id: i64, title: &str) -> TgChat {
        TgChat {
            is_forum: true,
            ..TgChat::supergroup(id, title)
        }
    }

    /// The private chat of `user` with the bot (its id is the user's id).
    pub fn private(user: &TgUser) -> TgChat {
        TgChat {
            id: user.id,
            kind: ChatKind::Private,
            title: user.first_name.clone(),
            is_forum: false,
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
            ChatKind::Supergroup if self.is_forum => json!({
                "id": self.id,
                "type": "supergroup",
                "title": self.title,
                "is_forum": true,
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
    /// Carried out at once (the chat shows it), but answered only after this long: a slow
    /// network between the bot and Telegram.
    Slow(std::time::Duration),
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

    /// Whether this call writes to a chat and so counts against the flood limits
    /// ([`is_write_method`]).
    pub fn is_write(&self) -> bool {
        is_write_method(&self.method)
    }

    /// Whether the fake answered it with 429 Too Many Requests (a flood limit or an injected
    /// [`Fault::RateLimited`]).
    pub fn rate_limited(&self) -> bool {
        self.status == 429
    }

    /// `parameters.retry_after` of a 429 answer.
    pub fn retry_after(&self) -> Option<u64> {
        self.response
            .get("parameters")?
            .get("retry_after")?
            .as_u64()
    }

    /// The `message_thread_id` parameter (a forum topic).
    pub fn thread(&self) -> Option<i64> {
        self.params.get("message_thread_id").and_then(Self::number)
    }

    /// The file given as parameter `field` (`document`, `photo`): uploaded in that multipart
    /// field, or in the one its value names (`attach://<name>`, as teloxide sends it).
    pub fn file(&self, field: &str) -> Option<&RecordedFile> {
        attached(&self.params, &self.files, field)
    }

    /// The file of a `sendDocument`.
    pub fn document(&self) -> Option<&RecordedFile> {
        self.file("document")
    }

    /// The picture of a `sendPhoto`.
    pub fn photo(&self) -> Option<&RecordedFile> {
        self.file("photo")
    }
}

/// The upload that parameter `field` stands for: the multipart field of that name, or the
/// one named by its value `attach://<name>`.
pub(super) fn attached<'a>(
    params: &Value,
    files: &'a [RecordedFile],
    field: &str,
) -> Option<&'a RecordedFile> {
    let named = params
        .get(field)
        .and_then(Value::as_str)
        .and_then(|v| v.strip_prefix("attach://"));
    files
        .iter()
        .find(|f| f.field == field || Some(f.field.as_str()) == named)
}

pub(super) fn keyboard_data(markup: Option<&Value>) -> Vec<String> {
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
    /// The picture of a `sendPhoto` (the text is its caption).
    pub photo: Option<RecordedFile>,
    /// The forum topic it belongs to (its `message_thread_id`); `None`: General, or a chat
    /// without topics.
    pub thread: Option<i64>,
    /// The message it replies to (rendered as `reply_to_message`). A message in a topic
    /// without one replies to the topic's `forum_topic_created` message, as on Telegram.
    pub reply_to: Option<i64>,
    /// A service message's content (e.g. `{"forum_topic_created": {...}}`), shown instead of
    /// `text`.
    pub service: Option<Value>,
}

impl StoredMessage {
    /// The message as Telegram would put it into an update (without the `reply_to_message`
    /// that a message in a topic carries: the fake adds that where it has the chat's topics).
    pub fn json(&self, chat: &Value) -> Value {
        let mut v = json!({
            "message_id": self.message_id,
            "date": self.date,
            "chat": chat,
            "from": self.from,
        });
        match &self.service {
            Some(Value::Object(fields)) => {
                for (k, f) in fields {
                    v[k] = f.clone();
                }
            }
            _ => v["text"] = json!(self.text),
        }
        if let Some(thread) = self.thread {
            v["message_thread_id"] = json!(thread);
            v["is_topic_message"] = json!(true);
        }
        if let Some(m) = &self.reply_markup {
            v["reply_markup"] = m.clone();
        }
        if self.edits > 0 {
            v["edit_date"] = json!(self.date);
        }
        super::files::render_upload(&mut v, self);
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

/// Options for [`FakeTelegram::start_with`](super::FakeTelegram::start_with).
#[derive(Clone, Debug)]
pub struct FakeOptions {
    pub token: String,
    pub username: String,
    /// Longest wait of a `getUpdates` call, whatever timeout the client asks for.
    pub max_poll: Duration,
    /// Flood limits; [`Default`] = Telegram's. Only tests of the fake itself may loosen them:
    /// a bot test must run against Telegram's limits with the bot's `Throttle` on.
    pub limits: TelegramLimits,
}

impl Default for FakeOptions {
    fn default() -> Self {
        FakeOptions {
            token: DEFAULT_TOKEN.to_string(),
            username: DEFAULT_USERNAME.to_string(),
            max_poll: Duration::from_secs(30),
            limits: TelegramLimits::default(),
        }
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

pub(super) fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}
