//! One write to a chat through the Bot API, and what came of it. Nothing here waits for the
//! pace; the worker does that before it calls in.

use super::pending::{Attachment, CupWrite, Job, MessageWrite, Shown, TableWrite};
use crate::memory::{CupMessage, PrivateChats, Reach};
use crate::send::{Api, Failure, Redactor, classify};
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
use tracing::{debug, warn};

/// What a write came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Written (`posted`: the new message a table or cup now lives in; `strip`: an older
    /// message whose buttons moved to it).
    Done {
        posted: Option<i32>,
        strip: Option<i32>,
    },
    /// Nothing to write: the message shows this already.
    Unchanged,
    /// Telegram asks to wait this long; the write is to be made again.
    RetryAfter(Duration),
    /// The network or Telegram failed; the write is to be made again after a while.
    Transient,
    /// The group became a supergroup with this id.
    Migrated(i64),
    /// Dropped (logged): the chat is closed to the bot, or the write was refused.
    Dropped,
}

/// Makes writes to one chat.
pub struct Deliverer<B> {
    pub bot: B,
    pub chat: i64,
    pub redact: Redactor,
    pub private: Arc<PrivateChats>,
}

impl<B: Api> Deliverer<B> {
    /// Makes `job`; `shown` is what the job's table message shows now, if known.
    pub async fn deliver(&self, job: &Job, shown: Option<&Shown>) -> Outcome {
        match job {
            Job::Table(write) => self.table(write, shown).await,
            Job::Cup(write) => self.cup(write).await,
            Job::Message(write) => self.message(write).await,
            Job::Strip(message) => self.strip(*message).await,
        }
    }

    async fn table(&self, write: &TableWrite, shown: Option<&Shown>) -> Outcome {
        let text = write.text();
        let current = shown
            .filter(|s| s.table_id == write.table_id)
            .map(|s| s.message)
            .or(write.stored);
        if let Some(message) = current.filter(|_| !write.fresh) {
            if shown
                .is_some_and(|s| s.message == message && s.text == text && s.markup == write.markup)
            {
                return Outcome::Unchanged;
            }
            match self.edit(message, &text, &write.markup).await {
                Err(Failure::Gone) => {} // post it anew below
                Err(failure) => return self.failed(failure),
                Ok(()) => {
                    return Outcome::Done {
                        posted: None,
                        strip: None,
                    };
                }
            }
        }
        let request = self
            .bot
            .send_message(TgChatId(self.chat), text.clone())
            .reply_markup(write.markup.clone());
        let request = match write.thread {
            Some(t) => request.message_thread_id(ThreadId(MessageId(t))),
            None => request,
        };
        match request.send().await {
            Ok(message) => Outcome::Done {
                posted: Some(message.id.0),
                strip: None,
            },
            Err(e) => self.error(&e, "post the table message"),
        }
    }

    async fn cup(&self, write: &CupWrite) -> Outcome {
        let Ok(user) = u64::try_from(self.chat) else {
            return Outcome::Dropped;
        };
        if !self.private.may_write(user) {
            return Outcome::Dropped;
        }
        let current = write.message.or_else(|| {
            self.private
                .cup(user)
                .filter(|c| c.table == write.table_id)
                .map(|c| c.message)
        });
        if let Some(message) = current.filter(|_| !write.fresh) {
            match self.edit(message, &write.text, &write.markup).await {
                Ok(()) => {
                    return Outcome::Done {
                        posted: None,
                        strip: None,
                    };
                }
                Err(Failure::Gone) => {}
                Err(failure) => return self.failed(failure),
            }
        }
        let sent = self
            .bot
            .send_message(TgChatId(self.chat), write.text.clone())
            .reply_markup(write.markup.clone())
            .send()
            .await;
        match sent {
            Ok(message) => {
                self.private.set_reach(user, Reach::Started);
                let old = self.private.set_cup(
                    user,
                    CupMessage {
                        message: message.id.0,
                        table: write.table_id,
                    },
                );
                Outcome::Done {
                    posted: Some(message.id.0),
                    strip: old.map(|o| o.message).filter(|o| *o != message.id.0),
                }
            }
            Err(e) => self.error(&e, "send the private cup"),
        }
    }

    async fn message(&self, write: &MessageWrite) -> Outcome {
        let sent = match &write.attachment {
            Some(Attachment::Document { name, bytes }) => self.document(write, name, bytes).await,
            Some(Attachment::Photo { name, bytes }) => self.photo(write, name, bytes).await,
            None => self.text(write).await,
        };
        match sent {
            Ok(_) => {
                if let Ok(user) = u64::try_from(self.chat) {
                    self.private.set_reach(user, Reach::Started);
                }
                Outcome::Done {
                    posted: None,
                    strip: None,
                }
            }
            Err(e) => self.error(&e, "send a message"),
        }
    }

    async fn text(&self, write: &MessageWrite) -> Result<Message, RequestError> {
        let mut request = self
            .bot
            .send_message(TgChatId(self.chat), write.text.clone());
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
        write: &MessageWrite,
        name: &str,
        bytes: &[u8],
    ) -> Result<Message, RequestError> {
        let file = InputFile::memory(bytes.to_vec()).file_name(name.to_string());
        let mut request = self
            .bot
            .send_document(TgChatId(self.chat), file)
            .caption(write.text.clone());
        if let Some(t) = thread(write) {
            request = request.message_thread_id(t);
        }
        request.send().await
    }

    /// A picture, the message's text as its caption.
    async fn photo(
        &self,
        write: &MessageWrite,
        name: &str,
        bytes: &[u8],
    ) -> Result<Message, RequestError> {
        let file = InputFile::memory(bytes.to_vec()).file_name(name.to_string());
        let mut request = self
            .bot
            .send_photo(TgChatId(self.chat), file)
            .caption(write.text.clone());
        if let Some(t) = thread(write) {
            request = request.message_thread_id(t);
        }
        request.send().await
    }

    async fn strip(&self, message: i32) -> Outcome {
        let stripped = self
            .bot
            .edit_message_reply_markup(TgChatId(self.chat), MessageId(message))
            .reply_markup(InlineKeyboardMarkup::default())
            .send()
            .await;
        match stripped {
            Ok(_) => Outcome::Done {
                posted: None,
                strip: None,
            },
            Err(e) => match classify(&e) {
                Failure::NotModified | Failure::Gone => Outcome::Unchanged,
                _ => self.error(&e, "remove old buttons"),
            },
        }
    }

    async fn edit(
        &self,
        message: i32,
        text: &str,
        markup: &InlineKeyboardMarkup,
    ) -> Result<(), Failure> {
        let edited = self
            .bot
            .edit_message_text(TgChatId(self.chat), MessageId(message), text)
            .reply_markup(markup.clone())
            .send()
            .await;
        match edited {
            Ok(_) => Ok(()),
            Err(e) => match classify(&e) {
                Failure::NotModified => Ok(()),
                Failure::RetryAfter(wait) => Err(Failure::RetryAfter(wait)),
                other => {
                    if matches!(other, Failure::Other | Failure::Transient) {
                        warn!(chat = self.chat, error = %self.redact.clean(&e), "could not edit a message");
                    }
                    Err(other)
                }
            },
        }
    }

    fn error(&self, e: &RequestError, what: &str) -> Outcome {
        let failure = classify(e);
        if matches!(failure, Failure::Other | Failure::Transient) {
            warn!(chat = self.chat, error = %self.redact.clean(e), "could not {what}");
        }
        self.failed(failure)
    }

    fn failed(&self, failure: Failure) -> Outcome {
        match failure {
            Failure::RetryAfter(wait) => Outcome::RetryAfter(wait),
            Failure::Transient => Outcome::Transient,
            Failure::Migrated(new) => Outcome::Migrated(new),
            Failure::Forbidden => {
                if let Ok(user) = u64::try_from(self.chat) {
                    debug!(user, "no private chat with this user");
                    self.private.set_reach(user, Reach::Closed);
                }
                Outcome::Dropped
            }
            Failure::NotModified => Outcome::Unchanged,
            Failure::Gone | Failure::Other => Outcome::Dropped,
        }
    }
}

/// The topic a message goes to, if any.
fn thread(write: &MessageWrite) -> Option<ThreadId> {
    write.thread.map(|t| ThreadId(MessageId(t)))
}
