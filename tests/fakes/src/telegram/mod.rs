//! A local fake of the Telegram Bot API (axum on 127.0.0.1:0) for end-to-end and load tests.
//!
//! It answers the methods a bot needs (method names case-insensitively: teloxide sends
//! `SendMessage`), keeps the messages the bot sent (edits change them), serves injected updates
//! to long polling (`getUpdates` with `update_id >= offset`; a call with `offset = n` confirms
//! and forgets everything below `n`, as Telegram does), and records every request with its
//! parameters and the time it arrived. Tests inject group messages, button presses, chat
//! migrations and private `/start`s, then wait for the bot's answers with timeouts.
//!
//! `sendDocument` and `sendPhoto` take multipart uploads (a photo must be a PNG); the message
//! keeps the file ([`StoredMessage::document`], [`StoredMessage::photo`]) with its caption as
//! its text, and the request its bytes ([`Recorded::document`], [`Recorded::photo`]).
//!
//! Flood limits, on by default as on Telegram ([`TelegramLimits`]): at most 20 accepted writes
//! per group within any 60 s (topics share their chat's count), about one write a second per
//! chat (a bucket of 3, one more each second), 30 writes a second overall. Writes are `send*`
//! (not `sendChatAction`), `editMessage*`, `copyMessage` and `forwardMessage`; button answers,
//! deletions and `get*` are free. A write over a limit changes nothing and is answered like
//! Telegram: 429 `Too Many Requests: retry after N` with `parameters.retry_after = N`, the
//! whole seconds until it would pass. [`FakeTelegram::rate_limited`] and
//! [`FakeTelegram::max_writes_per_minute`] let a test check that the bot stays within them.
//!
//! Forum supergroups ([`TgChat::forum`]) have topics ([`FakeTelegram::create_topic`]): a
//! topic's thread id is the id of its `forum_topic_created` service message; messages in it
//! carry `message_thread_id`, `"is_topic_message": true` and (unless they reply to something
//! else) `reply_to_message` = that service message, as Telegram sends them. Messages in General
//! carry none of these. The bot writes into a topic with the `message_thread_id` parameter (an
//! unknown one: 400 `message thread not found`), or by replying to a message in it.
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
//! assert!(fake.max_writes_per_minute(-100) <= 20);
//! # Ok(()) }
//! ```

mod files;
mod http;
mod inject;
mod limits;
mod methods;
mod model;
mod observe;
mod topics;
mod webhook;

pub use webhook::{Delivery, Webhook};

#[cfg(test)]
mod tests;

pub use files::{MAX_CAPTION, PNG_SIGNATURE, png_size};
pub use limits::{TelegramLimits, is_write_method};
pub use model::{
    ChatKind, DROPPED, FakeOptions, Fault, HUNG, Injected, PENDING, Recorded, RecordedFile,
    StoredMessage, TgChat, TgUser, Timeout,
};

use axum::Router;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;

/// The token the fake accepts unless another is given.
pub const DEFAULT_TOKEN: &str = "4242424242:AAFakeTelegramTokenForTestsOnly_xyz";
/// The fake bot's username (users address it as `/cmd@SchockenTestBot`).
pub const DEFAULT_USERNAME: &str = "SchockenTestBot";
/// Telegram's sender of anonymous admin and migration messages.
pub const GROUP_ANONYMOUS_BOT: i64 = 1_087_968_824;

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
    /// Who is in which chat: (chat, user) → Telegram's status (`member`, `left`, `kicked`,
    /// `restricted`, `restricted-left`). A user who wrote in a chat is its member.
    members: HashMap<(i64, i64), &'static str>,
    started: HashSet<i64>,
    migrated: HashMap<i64, i64>,
    faults: HashMap<String, VecDeque<Fault>>,
    commands: HashMap<String, Value>,
    next_callback: u64,
    /// Answered callback queries: id → position of the answer in `requests`.
    answers: HashMap<String, u64>,
    /// Every update ever injected, by id (for redelivery).
    history: HashMap<i64, Value>,
    /// Flood bookkeeping of accepted writes.
    flood: limits::Flood,
    /// Forum topics per chat: thread id → name.
    topics: HashMap<i64, BTreeMap<i64, String>>,
    /// The webhook the bot set (updates are then posted to it, not polled).
    webhook: Option<Webhook>,
    /// Every webhook delivery attempt.
    deliveries: Vec<Delivery>,
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
    /// Posts updates to the webhook while one is set.
    webhook: tokio::task::JoinHandle<()>,
}

impl Drop for FakeTelegram {
    fn drop(&mut self) {
        self.server.abort();
        self.webhook.abort();
    }
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
            .route("/{bot}/{method}", axum::routing::any(http::api))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let server = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!(error = %e, "fake Telegram server stopped");
            }
        });
        let webhook = tokio::spawn(webhook::deliver(inner.clone()));
        Ok(FakeTelegram {
            inner,
            addr,
            server,
            webhook,
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

    /// Sets `user`'s status in `chat`: `member`, `left`, `kicked`, `restricted` (still in the
    /// group) or `restricted-left` (restricted and gone). Users the fake never saw in a
    /// chat are `left`.
    pub fn set_member(&self, chat: i64, user: i64, status: &'static str) {
        self.inner.lock().members.insert((chat, user), status);
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

    /// The flood limits in force.
    pub fn limits(&self) -> &TelegramLimits {
        &self.inner.options.limits
    }
}
