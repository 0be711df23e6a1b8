//! How one write is made on Telegram (the outbox crate's [`Writer`]): a table message edited
//! or posted, a private cup, a message with its file, old buttons taken off — and what a
//! failure means. Nothing here waits for a chat's pace; the outbox does that, and every
//! request passes the token's gate right before it leaves.

use super::Event;
use super::writes::{Attachment, CupWrite, MessageWrite, TableBody, TableWrite, Write, table_text};
use crate::identity::{message_ref, parse_message_ref};
use crate::memory::{CupMessage, PrivateChats, Reach};
use crate::place::Place;
use crate::send::{Api, Failure as Refusal, Redactor, classify};
use schocken_outbox::{ChatLimits, Failure, Gate, Writer};
use std::sync::Arc;
use std::time::Duration;
use teloxide::RequestError;
use teloxide::payloads::{
    EditMessageReplyMarkupSetters, EditMessageTextSetters, SendDocumentSetters, SendMessageSetters,
    SendPhotoSetters,
};
use teloxide::requests::Request as _;
use teloxide::types::{
    ChatId as TgChatId, InlineKeyboardMarkup, InputFile, Message, MessageId, ReplyParameters,
    ThreadId,
};
use tokio::sync::mpsc::UnboundedSender;
use tracing::{debug, warn};

/// Writes a group may receive per minute (Telegram allows about 20; edits count too).
pub const GROUP_WRITES: usize = 20;
/// The even gap between two writes to a group (60 s / 20): a busy table message is never more
/// than one gap behind.
pub const GROUP_GAP: Duration = Duration::from_secs(3);
/// The gap kept through the database between two group writes (across a restart, and across
/// processes): a little more than [`GROUP_GAP`], because a turn is kept by its start and a
/// write may begin a little after it; 21 turns then span 61 s.
pub const KEPT_GROUP_GAP: Duration = Duration::from_millis(3_050);
/// The gap between two writes to a private chat (about one a second).
pub const PRIVATE_GAP: Duration = Duration::from_secs(1);

/// A group's pace: one write every gap, never more than 20 in a minute.
const GROUP: ChatLimits = ChatLimits {
    gap_after_start: GROUP_GAP,
    gap_after_end: Duration::ZERO,
    window: Some((GROUP_WRITES, Duration::from_secs(60))),
    kept_gap: KEPT_GROUP_GAP,
    hold: Duration::from_secs(12),
};

/// A private chat's pace.
const PRIVATE: ChatLimits = ChatLimits {
    gap_after_start: PRIVATE_GAP,
    gap_after_end: Duration::ZERO,
    window: None,
    kept_gap: PRIVATE_GAP,
    hold: Duration::from_secs(4),
};

/// Makes the writes to Telegram's chats.
pub struct TelegramWriter<B> {
    pub bot: B,
    pub redact: Redactor,
    pub private: Arc<PrivateChats>,
    /// What the adapter must learn from a write.
    pub events: UnboundedSender<Event>,
}

impl<B: Api> Writer for TelegramWriter<B> {
    type Chat = i64;
    type Message = i32;
    type Place = Option<i32>;
    type Body = super::writes::TableBody;
    type Other = Write;

    fn limits(&self, chat: &i64) -> ChatLimits {
        // Groups have negative ids.
        if *chat < 0 { GROUP } else { PRIVATE }
    }

    fn chat_key(&self, chat: &i64) -> String {
        chat.to_string()
    }

    fn chat_from_key(&self, key: &str) -> Option<i64> {
        key.parse().ok()
    }

    fn message_ref(&self, chat: &i64, message: i32) -> String {
        message_ref(*chat, message)
    }

    fn message_from_ref(&self, chat: &i64, stored: &str) -> Option<i32> {
        parse_message_ref(stored)
            .filter(|(c, _)| c == chat)
            .map(|(_, message)| message)
    }

    async fn edit(
        &self,
        chat: &i64,
        message: i32,
        table: &TableWrite,
        gate: &Gate,
    ) -> Result<(), Failure> {
        self.edit_text(*chat, message, &table_text(table), &table.body.markup, gate)
            .await
    }

    async fn post(&self, chat: &i64, table: &TableWrite, gate: &Gate) -> Result<i32, Failure> {
        gate.pass().await;
        let request = self
            .bot
            .send_message(TgChatId(*chat), table_text(table))
            .reply_markup(table.body.markup.clone());
        let request = match table.place {
            Some(t) => request.message_thread_id(ThreadId(MessageId(t))),
            None => request,
        };
        match request.send().await {
            Ok(message) => Ok(message.id.0),
            Err(e) => Err(self.failed(*chat, &e, "post the table message")),
        }
    }

    fn has_buttons(&self, body: &TableBody) -> bool {
        body.markup
            .inline_keyboard
            .iter()
            .any(|row| !row.is_empty())
    }

    async fn strip(&self, chat: &i64, message: i32, gate: &Gate) -> Result<(), Failure> {
        gate.pass().await;
        let stripped = self
            .bot
            .edit_message_reply_markup(TgChatId(*chat), MessageId(message))
            .reply_markup(InlineKeyboardMarkup::default())
            .send()
            .await;
        match stripped {
            Ok(_) => Ok(()),
            Err(e) => match classify(&e) {
                Refusal::NotModified | Refusal::Gone => Ok(()),
                _ => Err(self.failed(*chat, &e, "remove old buttons")),
            },
        }
    }

    async fn send(&self, chat: &i64, write: &Write, gate: &Gate) -> Result<Option<i32>, Failure> {
        match write {
            Write::Cup(cup) => self.cup(*chat, cup, gate).await,
            Write::Message(message) => self.message(*chat, message, gate).await.map(|()| None),
            Write::Edit(edit) => {
                let edited = self
                    .edit_text(*chat, edit.message, &edit.text, &edit.markup, gate)
                    .await;
                // A notice deleted meanwhile has nothing left to edit.
                match edited {
                    Err(Failure::Gone) => Ok(None),
                    other => other.map(|()| None),
                }
            }
        }
    }

    async fn posted(&self, chat: &i64, place: Option<i32>, table_id: i64, message: i32) {
        let place = Place {
            chat: *chat,
            thread: place,
        };
        let _ = self.events.send(Event::Posted {
            place,
            table_id,
            message,
        });
    }

    async fn behind(&self, chat: &i64, place: Option<i32>, table_id: i64) {
        let place = Place {
            chat: *chat,
            thread: place,
        };
        let _ = self.events.send(Event::Behind { place, table_id });
    }
}

impl<B: Api> TelegramWriter<B> {
    async fn cup(&self, chat: i64, write: &CupWrite, gate: &Gate) -> Result<Option<i32>, Failure> {
        let Ok(user) = u64::try_from(chat) else {
            return Err(Failure::Refused);
        };
        if !self.private.may_write(user) {
            return Err(Failure::Refused);
        }
        let current = write.message.or_else(|| {
            self.private
                .cup(user)
                .filter(|c| c.table == write.table_id)
                .map(|c| c.message)
        });
        if let Some(message) = current.filter(|_| !write.fresh) {
            match self
                .edit_text(chat, message, &write.text, &write.markup, gate)
                .await
            {
                Err(Failure::Gone) => {} // sent anew below
                done => return done.map(|()| None),
            }
        }
        gate.pass().await;
        let sent = self
            .bot
            .send_message(TgChatId(chat), write.text.clone())
            .reply_markup(write.markup.clone())
            .send()
            .await;
        match sent {
            Ok(message) => {
                self.private.set_reach(user, Reach::Started);
                let cup = CupMessage {
                    message: message.id.0,
                    table: write.table_id,
                };
                let old = self.private.set_cup(user, cup);
                Ok(old.map(|o| o.message).filter(|o| *o != message.id.0))
            }
            Err(e) => Err(self.failed(chat, &e, "send the private cup")),
        }
    }

    async fn message(&self, chat: i64, write: &MessageWrite, gate: &Gate) -> Result<(), Failure> {
        gate.pass().await;
        let sent = match &write.attachment {
            Some(Attachment::Document { name, bytes }) => {
                self.document(chat, write, name, bytes).await
            }
            Some(Attachment::Photo { name, bytes }) => self.photo(chat, write, name, bytes).await,
            None => self.text(chat, write).await,
        };
        match sent {
            Ok(_) => {
                if let Ok(user) = u64::try_from(chat) {
                    self.private.set_reach(user, Reach::Started);
                }
                Ok(())
            }
            Err(e) => Err(self.failed(chat, &e, "send a message")),
        }
    }

    async fn text(&self, chat: i64, write: &MessageWrite) -> Result<Message, RequestError> {
        let mut request = self.bot.send_message(TgChatId(chat), write.text.clone());
        if let Some(t) = thread(write) {
            request = request.message_thread_id(t);
        }
        if let Some(m) = write.reply_to {
            request = request.reply_parameters(ReplyParameters {
                allow_sending_without_reply: Some(true),
                ..ReplyParameters::new(MessageId(m))
            });
        }
        if let Some(markup) = &write.markup {
            request = request.reply_markup(markup.clone());
        }
        request.send().await
    }

    /// A file, the message's text as its caption.
    async fn document(
        &self,
        chat: i64,
        write: &MessageWrite,
        name: &str,
        bytes: &[u8],
    ) -> Result<Message, RequestError> {
        let file = InputFile::memory(bytes.to_vec()).file_name(name.to_string());
        let mut request = self
            .bot
            .send_document(TgChatId(chat), file)
            .caption(write.text.clone());
        if let Some(t) = thread(write) {
            request = request.message_thread_id(t);
        }
        request.send().await
    }

    /// A picture, the message's text as its caption.
    async fn photo(
        &self,
        chat: i64,
        write: &MessageWrite,
        name: &str,
        bytes: &[u8],
    ) -> Result<Message, RequestError> {
        let file = InputFile::memory(bytes.to_vec()).file_name(name.to_string());
        let mut request = self
            .bot
            .send_photo(TgChatId(chat), file)
            .caption(write.text.clone());
        if let Some(t) = thread(write) {
            request = request.message_thread_id(t);
        }
        request.send().await
    }

    async fn edit_text(
        &self,
        chat: i64,
        message: i32,
        text: &str,
        markup: &InlineKeyboardMarkup,
        gate: &Gate,
    ) -> Result<(), Failure> {
        gate.pass().await;
        let edited = self
            .bot
            .edit_message_text(TgChatId(chat), MessageId(message), text)
            .reply_markup(markup.clone())
            .send()
            .await;
        match edited {
            Ok(_) => Ok(()),
            Err(e) => match classify(&e) {
                Refusal::NotModified => Ok(()),
                Refusal::Gone => Err(Failure::Gone),
                _ => Err(self.failed(chat, &e, "edit a message")),
            },
        }
    }

    /// What a failed request means for the outbox (logged without the token).
    fn failed(&self, chat: i64, e: &RequestError, what: &str) -> Failure {
        let refusal = classify(e);
        if matches!(refusal, Refusal::Other | Refusal::Transient) {
            warn!(chat, error = %self.redact.clean(e), "could not {what}");
        }
        match refusal {
            Refusal::RetryAfter(wait) => Failure::RetryAfter(wait),
            Refusal::Transient => Failure::Transient,
            Refusal::Migrated(new) => {
                // Nothing more can be written there; the adapter moves the table to `new`.
                let _ = self.events.send(Event::Migrated { old: chat, new });
                Failure::Closed
            }
            Refusal::Forbidden => {
                if let Ok(user) = u64::try_from(chat) {
                    debug!(user, "no private chat with this user");
                    self.private.set_reach(user, Reach::Closed);
                }
                Failure::Refused
            }
            Refusal::NotModified => Failure::Refused,
            Refusal::Gone => Failure::Gone,
            Refusal::Other => Failure::Refused,
        }
    }
}

/// The topic a message goes to, if any.
fn thread(write: &MessageWrite) -> Option<ThreadId> {
    write.thread.map(|t| ThreadId(MessageId(t)))
}
