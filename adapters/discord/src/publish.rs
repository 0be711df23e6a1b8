//! The public side: one table message per game, created in the channel and edited in place,
//! and one new message per round reveal. Publishing for one chat runs one at a time, and an
//! older table state never overwrites a newer one.

use crate::origin;
use crate::payload::Payload;
use crate::plan::TableUpdate;
use bot_core::service::{ChatId, Service};
use bot_core::text::Lang;
use serenity::all::{ChannelId, EditMessage, Http, HttpError, MessageId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tracing::{debug, warn};

/// What the table message of a chat shows now (as far as this process knows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shown {
    table_id: i64,
    version: u64,
    message: MessageId,
    fingerprint: u64,
}

#[derive(Default)]
struct ChatState {
    shown: Option<Shown>,
}

pub struct Publisher {
    http: Arc<Http>,
    service: Arc<Service>,
    chats: Mutex<HashMap<ChatId, Arc<tokio::sync::Mutex<ChatState>>>>,
    /// The public language each chat last used (timer moves carry no server locale).
    langs: Mutex<HashMap<ChatId, Lang>>,
}

impl Publisher {
    pub fn new(http: Arc<Http>, service: Arc<Service>) -> Publisher {
        Publisher {
            http,
            service,
            chats: Mutex::new(HashMap::new()),
            langs: Mutex::new(HashMap::new()),
        }
    }

    fn chat(&self, chat: &ChatId) -> Arc<tokio::sync::Mutex<ChatState>> {
        self.chats
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(chat.clone())
            .or_default()
            .clone()
    }

    pub fn remember_lang(&self, chat: &ChatId, lang: Lang) {
        self.langs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(chat.clone(), lang);
    }

    pub fn lang_of(&self, chat: &ChatId) -> Option<Lang> {
        self.langs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(chat)
            .copied()
    }

    /// Posts the reveals, then brings the table message up to date.
    pub async fn publish(&self, chat: &ChatId, update: Option<&TableUpdate>, reveals: &[Payload]) {
        if update.is_none() && reveals.is_empty() {
            return;
        }
        let Some(channel) = origin::channel_of(chat) else {
            warn!(chat = %chat, "not a Discord channel; nothing published");
            return;
        };
        let state = self.chat(chat);
        let mut state = state.lock().await;
        for reveal in reveals {
            if let Err(e) = channel.send_message(&self.http, reveal.create()).await {
                warn!(chat = %chat, error = %e, "could not post a reveal");
            }
        }
        let Some(update) = update else {
            return;
        };
        if let Some(shown) = self.show(chat, channel, state.shown, update).await {
            state.shown = Some(shown);
        }
    }

    async fn show(
        &self,
        chat: &ChatId,
        channel: ChannelId,
        shown: Option<Shown>,
        update: &TableUpdate,
    ) -> Option<Shown> {
        let key = (update.table_id, update.version);
        let shown_key = shown.map(|s| (s.table_id, s.version));
        if update.repair_only && shown_key.is_some_and(|k| k >= key) {
            return None; // the message is known to be current
        }
        if !update.fresh && shown_key.is_some_and(|k| k > key) {
            debug!(chat = %chat, "an older table state arrived late; not shown");
            return None;
        }
        let fingerprint = update.fingerprint();
        let same_table = shown.filter(|s| s.table_id == update.table_id);
        if !update.fresh
            && update.notices.is_empty()
            && same_table
                .is_some_and(|s| s.version == update.version && s.fingerprint == fingerprint)
        {
            return None; // nothing new to show (a second look under the cup)
        }
        let stored = update
            .message_ref
            .as_deref()
            .and_then(|r| r.parse::<u64>().ok())
            .filter(|id| *id != 0)
            .map(MessageId::new);
        let known = same_table.map(|s| s.message).or(stored);
        let payload = update.payload();
        let message = match (update.fresh, known) {
            (false, Some(id)) => match channel.edit_message(&self.http, id, payload.edit()).await {
                Ok(_) => Some(id),
                Err(e) if is_gone(&e) => {
                    debug!(chat = %chat, "the table message is gone; posting it anew");
                    self.post(chat, channel, &payload).await
                }
                Err(e) => {
                    warn!(chat = %chat, error = %e, "could not edit the table message");
                    None
                }
            },
            (true, Some(old)) => {
                let new = self.post(chat, channel, &payload).await;
                if new.is_some() {
                    // The buttons move to the new message.
                    let strip = EditMessage::new().components(Vec::new());
                    if let Err(e) = channel.edit_message(&self.http, old, strip).await {
                        debug!(chat = %chat, error = %e, "could not clear the old table's buttons");
                    }
                }
                new
            }
            (_, None) => self.post(chat, channel, &payload).await,
        }?;
        if Some(message) != stored {
            self.service
                .set_message_ref(chat, update.table_id, message.to_string())
                .await;
        }
        Some(Shown {
            table_id: update.table_id,
            version: update.version,
            message,
            fingerprint,
        })
    }

    async fn post(
        &self,
        chat: &ChatId,
        channel: ChannelId,
        payload: &Payload,
    ) -> Option<MessageId> {
        match channel.send_message(&self.http, payload.create()).await {
            Ok(message) => Some(message.id),
            Err(e) => {
                warn!(chat = %chat, error = %e, "could not post the table message");
                None
            }
        }
    }
}

/// The message (or channel) no longer exists.
fn is_gone(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 404)
}
