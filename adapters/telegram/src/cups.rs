//! Private cups: a player who started the bot privately gets his cup there, with every
//! button, when his turn comes; presses there edit it in place. Nobody else's dice ever go
//! into a private chat. A 403 (never started, blocked) only closes the chat for this process.

use crate::app::App;
use crate::compose;
use crate::identity::telegram_user;
use crate::keyboard;
use crate::memory::{CupMessage, Reach};
use crate::present::Origin;
use crate::send::{Api, Failure, classify, retry};
use bot_core::render;
use bot_core::service::{PrivateView, Reply, Request};
use teloxide::payloads::{
    EditMessageReplyMarkupSetters, EditMessageTextSetters, SendMessageSetters,
};
use teloxide::requests::Request as _;
use teloxide::types::{ChatId as TgChatId, InlineKeyboardMarkup, MessageId};
use tracing::{debug, warn};

/// Whether it is the viewer's turn.
fn is_turn(view: &PrivateView) -> bool {
    matches!(view.view.viewer, bot_core::engine::Viewer::Player(seat) if view.view.current == Some(seat))
}

impl<B: Api> App<B> {
    /// A text in the user's private chat; `false` if it is not open.
    pub(crate) async fn send_private_text(&self, user: u64, text: &str) -> bool {
        if !self.private.may_write(user) {
            return false;
        }
        let text = render::clip(text, compose::MAX_TEXT);
        match retry("sendMessage", || {
            self.bot
                .send_message(TgChatId(user as i64), text.clone())
                .send()
        })
        .await
        {
            Ok(_) => {
                self.private.set_reach(user, Reach::Started);
                true
            }
            Err(e) => {
                if classify(&e) == Failure::Forbidden {
                    self.private.set_reach(user, Reach::Closed);
                } else {
                    warn!(user, error = %self.redact.clean(&e), "could not send a private text");
                }
                false
            }
        }
    }

    /// Private cups: the actor's own (when he keeps one in his private chat, or rolled by
    /// command and cannot get an alert), and the next player's when his turn comes.
    pub(crate) async fn update_private(
        &self,
        request: Option<&Request>,
        reply: &Reply,
        origin: Origin<'_>,
    ) {
        if let Some(view) = &reply.private
            && !matches!(origin, Origin::PrivatePress { .. } | Origin::System)
            && let Some(user) = telegram_user(&view.user)
        {
            match self.private.cup(user).filter(|c| c.table == view.table_id) {
                Some(cup) => {
                    let view = self.in_user_lang(view);
                    self.edit_cup(user as i64, MessageId(cup.message), &view)
                        .await;
                }
                // Rolled by command: no alert can show the dice, the private chat can.
                None if matches!(origin, Origin::Command { .. })
                    && matches!(request, Some(Request::Roll)) =>
                {
                    self.send_cup(user, view).await;
                }
                // His own move made it his turn (he started the game, say).
                None if self.private.reach(user) == Reach::Started && is_turn(view) => {
                    self.send_cup(user, view).await;
                }
                None => {}
            }
        }
        if let Some(view) = &reply.next_private
            && let Some(user) = telegram_user(&view.user)
        {
            self.send_cup(user, view).await;
        }
    }

    /// A private view in the language of its owner, as far as the adapter knows it.
    pub(crate) fn in_user_lang(&self, view: &PrivateView) -> PrivateView {
        let mut view = view.clone();
        if let Some(lang) = telegram_user(&view.user).and_then(|u| self.private.lang(u)) {
            view.lang = lang;
        }
        view
    }

    /// Sends a user his cup privately, if his private chat is open (a 403 just closes it).
    pub async fn send_cup(&self, user: u64, view: &PrivateView) {
        if !self.private.may_write(user) {
            return;
        }
        let view = self.in_user_lang(view);
        let text = compose::private_message(&view);
        let markup = keyboard::private(&view);
        let chat = TgChatId(user as i64);
        match retry("sendMessage", || {
            self.bot
                .send_message(chat, text.clone())
                .reply_markup(markup.clone())
                .send()
        })
        .await
        {
            Ok(message) => {
                self.private.set_reach(user, Reach::Started);
                let old = self.private.set_cup(
                    user,
                    CupMessage {
                        message: message.id.0,
                        table: view.table_id,
                    },
                );
                // The older cup message keeps its text but loses its buttons.
                if let Some(old) = old.filter(|o| o.message != message.id.0) {
                    let _ = retry("editMessageReplyMarkup", || {
                        self.bot
                            .edit_message_reply_markup(chat, MessageId(old.message))
                            .reply_markup(InlineKeyboardMarkup::default())
                            .send()
                    })
                    .await;
                }
            }
            Err(e) if classify(&e) == Failure::Forbidden => {
                debug!(user, "no private chat with this user");
                self.private.set_reach(user, Reach::Closed);
            }
            Err(e) => warn!(user, error = %self.redact.clean(&e), "could not send the private cup"),
        }
    }

    pub(crate) async fn edit_cup(&self, chat: i64, message: MessageId, view: &PrivateView) {
        let text = compose::private_message(view);
        let markup = keyboard::private(view);
        match retry("editMessageText", || {
            self.bot
                .edit_message_text(TgChatId(chat), message, text.clone())
                .reply_markup(markup.clone())
                .send()
        })
        .await
        {
            Ok(_) => {}
            Err(e) => match classify(&e) {
                Failure::NotModified => {}
                Failure::Forbidden => {
                    if let Ok(user) = u64::try_from(chat) {
                        self.private.set_reach(user, Reach::Closed);
                    }
                }
                _ => debug!(chat, error = %self.redact.clean(&e), "could not edit the private cup"),
            },
        }
    }

    pub(crate) async fn edit_plain(&self, chat: i64, message: MessageId, text: &str) {
        if let Err(e) = retry("editMessageText", || {
            self.bot
                .edit_message_text(TgChatId(chat), message, text)
                .reply_markup(InlineKeyboardMarkup::default())
                .send()
        })
        .await
            && classify(&e) != Failure::NotModified
        {
            debug!(chat, error = %self.redact.clean(&e), "could not edit a private message");
        }
    }
}
