//! Injecting updates: user messages and commands, button presses, migrations, START.

use super::model::now_secs;
use super::topics::render;
use super::{FakeState, FakeTelegram, GROUP_ANONYMOUS_BOT, Injected, Recorded, StoredMessage};
use super::{PENDING, TgChat, TgUser, Timeout};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

impl FakeTelegram {
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
        let sender = update
            .get("message")
            .or_else(|| update.get("callback_query"))
            .and_then(|m| m.get("from"))
            .and_then(|f| f.get("id"))
            .and_then(Value::as_i64);
        let (id, mark) = {
            let mut state = self.inner.lock();
            if let (Some(chat), Some(user)) = (chat_id, sender) {
                // Whoever writes or presses in a chat is in it.
                state.members.entry((chat, user)).or_insert("member");
            }
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

    pub(super) fn remember_chat(&self, chat: &TgChat) -> Value {
        let json = chat.json();
        self.inner.lock().chats.insert(chat.id, json.clone());
        json
    }

    pub(super) fn next_message_id(state: &mut FakeState, chat: i64) -> i64 {
        let next = state.next_message_id.entry(chat).or_insert(1);
        let id = *next;
        *next += 1;
        id
    }

    /// A user's text message in a chat (kept, so the bot may reply to it), in topic `thread`
    /// of a forum (`None`: General), replying to message `reply_to`.
    pub(super) fn user_message(
        &self,
        chat: &TgChat,
        thread: Option<i64>,
        user: &TgUser,
        text: &str,
        reply_to: Option<i64>,
    ) -> (i64, Value) {
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
            photo: None,
            thread,
            service: None,
            reply_to,
        };
        let mut json = render(&state, &stored, &chat_json);
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

    /// A text message (a command if it starts with `/`) from `user` in `chat` (in a forum:
    /// in General; see [`FakeTelegram::command_in`] for a topic).
    pub fn command(&self, chat: &TgChat, user: &TgUser, text: &str) -> Injected {
        self.command_in(chat, None, user, text)
    }

    /// A text message that replies to message `reply_to` of the same chat. In a forum it
    /// belongs to the topic of the message it replies to, as on Telegram.
    pub fn reply_command(
        &self,
        chat: &TgChat,
        user: &TgUser,
        text: &str,
        reply_to: i64,
    ) -> Injected {
        let thread = self
            .inner
            .lock()
            .messages
            .get(&(chat.id, reply_to))
            .and_then(|m| m.thread);
        let (_, message) = self.user_message(chat, thread, user, text, Some(reply_to));
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
                .map(|m| render(&state, m, &chat_json))
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
}
