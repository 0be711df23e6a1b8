//! The one table message per game: edited in place with this reply's notices under the
//! table, posted anew for a new game, `/table` or when the old message is gone (the service
//! remembers which message it is). An older state never overwrites a newer one.

use crate::app::App;
use crate::compose;
use crate::identity::{chat_id, message_ref, parse_message_ref};
use crate::keyboard;
use crate::send::{Api, Failure, classify, retry};
use bot_core::service::{PublicTable, Reply};
use teloxide::payloads::{
    EditMessageReplyMarkupSetters, EditMessageTextSetters, SendMessageSetters,
};
use teloxide::requests::Request as _;
use teloxide::types::{ChatId as TgChatId, InlineKeyboardMarkup, MessageId};
use tracing::{debug, warn};

/// Whether two public tables show the same (the message reference aside).
pub(crate) fn same_state(a: &PublicTable, b: &PublicTable) -> bool {
    a.table_id == b.table_id
        && a.version == b.version
        && a.status == b.status
        && a.members == b.members
        && a.view == b.view
        && a.deadline == b.deadline
}

impl<B: Api> App<B> {
    /// Shows the table: edits the table message in place, or posts a new one (a new game,
    /// `/table`, or when the old message is gone) and tells the service which it is.
    pub(crate) async fn show_table(&self, chat: i64, t: &PublicTable, reply: &Reply, fresh: bool) {
        let slot = self.messages.slot(chat);
        let mut shown = slot.lock().await;
        let key = (t.table_id, t.version);
        if shown.shown.is_some_and(|newer| key < newer) {
            debug!(chat, ?key, "an older state of the table; not shown");
            return;
        }
        // Nothing new (a look under one's own cup, a repeated update): the message keeps
        // showing what happened last.
        if !fresh
            && reply.notices.is_empty()
            && shown.table.as_ref().is_some_and(|last| same_state(last, t))
        {
            return;
        }
        let text = compose::table_message(t, reply);
        let markup = keyboard::table(t, reply.lang, chat, &self.username);
        let stored = t
            .message_ref
            .as_deref()
            .and_then(parse_message_ref)
            .filter(|(c, _)| *c == chat)
            .map(|(_, m)| m);
        if let Some(message) = stored.filter(|_| !fresh) {
            let rendered = Some((text.clone(), markup.clone()));
            if shown.message == Some((chat, message)) && shown.rendered == rendered {
                shown.shown = Some(key);
                shown.table = Some(t.clone());
                return;
            }
            let edited = retry("editMessageText", || {
                self.bot
                    .edit_message_text(TgChatId(chat), MessageId(message), text.clone())
                    .reply_markup(markup.clone())
                    .send()
            })
            .await;
            match edited.as_ref().map_err(classify) {
                Ok(_) | Err(Failure::NotModified) => {
                    shown.shown = Some(key);
                    shown.table = Some(t.clone());
                    shown.message = Some((chat, message));
                    shown.rendered = rendered;
                    return;
                }
                Err(Failure::Gone) => {} // post a new one below
                Err(Failure::Migrated(new)) => {
                    drop(shown);
                    self.migrate_data(chat, new).await;
                    return;
                }
                Err(_) => {
                    if let Err(e) = edited {
                        warn!(chat, error = %self.redact.clean(&e), "could not edit the table message");
                    }
                    return;
                }
            }
        }
        let sent = retry("sendMessage", || {
            self.bot
                .send_message(TgChatId(chat), text.clone())
                .reply_markup(markup.clone())
                .send()
        })
        .await;
        match sent {
            Ok(message) => {
                shown.shown = Some(key);
                shown.table = Some(t.clone());
                shown.message = Some((chat, message.id.0));
                shown.rendered = Some((text, markup));
                drop(shown);
                self.service
                    .set_message_ref(&chat_id(chat), t.table_id, message_ref(chat, message.id.0))
                    .await;
                // A fresh table message: the old one keeps its text, not its buttons.
                if let Some(old) = stored.filter(|old| *old != message.id.0) {
                    let _ = retry("editMessageReplyMarkup", || {
                        self.bot
                            .edit_message_reply_markup(TgChatId(chat), MessageId(old))
                            .reply_markup(InlineKeyboardMarkup::default())
                            .send()
                    })
                    .await;
                }
            }
            Err(e) => match classify(&e) {
                Failure::Migrated(new) => {
                    drop(shown);
                    self.migrate_data(chat, new).await;
                }
                _ => {
                    warn!(chat, error = %self.redact.clean(&e), "could not post the table message")
                }
            },
        }
    }
}
