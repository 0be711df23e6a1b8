//! Forum topics: supergroups with `"is_forum": true` whose messages belong to topics (or to
//! General), told apart by `message_thread_id`.

use super::http::{ApiError, int};
use super::model::now_secs;
use super::{FakeState, FakeTelegram, GROUP_ANONYMOUS_BOT};
use super::{Injected, StoredMessage, TgChat, TgUser};
use serde_json::{Value, json};

/// The icon colour Telegram gives a topic created without one (0x6FB9F0).
const TOPIC_ICON_COLOR: i64 = 7_322_096;

/// A message as Telegram puts it into an update or an answer: with its thread fields and the
/// message it replies to (in a topic, by default the topic's creation message). The replied-to
/// message carries no further `reply_to_message`, as on Telegram.
pub(super) fn render(state: &FakeState, m: &StoredMessage, chat: &Value) -> Value {
    let mut v = m.json(chat);
    let reply_to = m
        .reply_to
        .or(m.thread.filter(|thread| *thread != m.message_id));
    if let Some(original) = reply_to.and_then(|id| state.messages.get(&(m.chat_id, id))) {
        v["reply_to_message"] = original.json(chat);
    }
    v
}

/// The topic a bot's message goes to: `message_thread_id` if given (it must be a topic of
/// the chat), else the topic of the message it replies to, else none (General).
pub(super) fn thread_of_send(
    state: &FakeState,
    chat: i64,
    params: &Value,
) -> Result<Option<i64>, ApiError> {
    if let Some(thread) = int(params, "message_thread_id") {
        let known = state
            .topics
            .get(&chat)
            .is_some_and(|topics| topics.contains_key(&thread));
        if !known {
            return Err(ApiError::bad_request(
                "Bad Request: message thread not found",
            ));
        }
        return Ok(Some(thread));
    }
    Ok(reply_target(params).and_then(|id| state.messages.get(&(chat, id))?.thread))
}

/// The id of the message a send replies to (`reply_parameters.message_id`, or the older
/// `reply_to_message_id`).
pub(super) fn reply_target(params: &Value) -> Option<i64> {
    let parameters = match params.get("reply_parameters") {
        // Multipart sends nested objects as JSON strings.
        Some(Value::String(s)) => serde_json::from_str(s).ok(),
        Some(v) => Some(v.clone()),
        None => None,
    };
    parameters
        .as_ref()
        .and_then(|p| int(p, "message_id"))
        .or_else(|| int(params, "reply_to_message_id"))
}

impl FakeTelegram {
    /// Creates a topic named `name` in the forum `chat` and returns its thread id: the id of
    /// the `forum_topic_created` service message the fake stores in the chat and delivers to
    /// the bot (sent by an anonymous admin), as Telegram does.
    pub fn create_topic(&self, chat: &TgChat, name: &str) -> i64 {
        let chat_json = self.remember_chat(chat);
        let message = {
            let mut state = self.inner.lock();
            let id = Self::next_message_id(&mut state, chat.id);
            let stored = StoredMessage {
                chat_id: chat.id,
                message_id: id,
                from_bot: false,
                from: json!({
                    "id": GROUP_ANONYMOUS_BOT,
                    "is_bot": true,
                    "first_name": "Group",
                    "username": "GroupAnonymousBot",
                }),
                text: String::new(),
                reply_markup: None,
                date: now_secs(),
                edits: 0,
                document: None,
                photo: None,
                thread: Some(id),
                reply_to: None,
                service: Some(json!({
                    "sender_chat": chat_json,
                    "forum_topic_created": { "name": name, "icon_color": TOPIC_ICON_COLOR },
                })),
            };
            let json = render(&state, &stored, &chat_json);
            state.messages.insert((chat.id, id), stored);
            state
                .topics
                .entry(chat.id)
                .or_default()
                .insert(id, name.to_string());
            json
        };
        let id = message
            .get("message_id")
            .and_then(Value::as_i64)
            .unwrap_or_default();
        self.inject(json!({ "message": message }));
        id
    }

    /// The topics of a chat: thread id and name, oldest first.
    pub fn topics(&self, chat: i64) -> Vec<(i64, String)> {
        self.inner
            .lock()
            .topics
            .get(&chat)
            .map(|t| t.iter().map(|(id, n)| (*id, n.clone())).collect())
            .unwrap_or_default()
    }

    /// A text message (a command if it starts with `/`) from `user` in topic `thread` of a
    /// forum (`None`: General, or a chat without topics). In a topic it carries
    /// `message_thread_id`, `"is_topic_message": true` and, as `reply_to_message`, the topic's
    /// creation message.
    pub fn command_in(
        &self,
        chat: &TgChat,
        thread: Option<i64>,
        user: &TgUser,
        text: &str,
    ) -> Injected {
        let (_, message) = self.user_message(chat, thread, user, text, None);
        self.inject(json!({ "message": message }))
    }

    /// The bot's messages in one topic of a chat (`None`: General, or a chat without
    /// topics), oldest first.
    pub fn bot_messages_in(&self, chat: i64, thread: Option<i64>) -> Vec<StoredMessage> {
        self.bot_messages(chat)
            .into_iter()
            .filter(|m| m.thread == thread)
            .collect()
    }
}
