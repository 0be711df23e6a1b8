//! Shows a service reply in Telegram: the table message ([`crate::table_message`]), a new
//! message per revealed round, answers and documents, the presser's alert (his cup, or why
//! nothing happened), and the private cups ([`crate::cups`]).
//!
//! Hidden dice go only into alerts to their owner and into his private chat; public messages
//! are built from the public table alone.

use crate::app::App;
use crate::compose;
use crate::identity::{self, chat_id};
use crate::send::Api;
use crate::table_message::same_state;
use crate::text;
use bot_core::service::{Actor, Command, Content, Notice, PublicTable, Reply, Request, UserId};
use teloxide::types::{CallbackQuery, MessageId};
use tracing::debug;

/// The actor of the adapter's own read-only requests.
pub fn system_actor() -> Actor {
    Actor::new(UserId("system:telegram".into()), "system", None, false)
}

/// Where a reply came from, which decides how the actor hears about it.
#[derive(Clone, Copy)]
pub enum Origin<'a> {
    /// A command message of `user` (refusals are answered as a reply to it).
    Command { message: MessageId, user: u64 },
    /// A button under a group message (the presser gets an alert).
    Press { query: &'a CallbackQuery },
    /// A button under the presser's private cup message (edited in place).
    PrivatePress {
        query: &'a CallbackQuery,
        message: MessageId,
    },
    /// A reply nobody asked for (a turn timer ran out, an idle table closed, the table
    /// posted anew after a migration).
    System,
}

impl<B: Api> App<B> {
    /// Shows `reply` to the command `request` in chat `chat` (the table's chat).
    pub async fn present(
        &self,
        chat: i64,
        request: Option<&Request>,
        reply: &Reply,
        origin: Origin<'_>,
    ) {
        if let Some(t) = &reply.table {
            self.tables.remember(t.table_id, chat);
        }
        if reply.is_error() || reply.private_notices.contains(&Notice::Stale) {
            if let Some(t) = &reply.table {
                // The presser may have acted on an older state: the table message may have
                // missed an edit (Telegram failed it, the bot died between storing a move and
                // showing it). Bring it up to date unless it is known to be current.
                self.repair_table(chat, t).await;
            }
            // Nothing changed: only the actor hears why.
            self.refuse(chat, reply, origin).await;
            return;
        }
        let fresh = matches!(request, Some(Request::Open | Request::Show));
        if let Some(t) = &reply.table {
            self.show_table(chat, t, reply, fresh).await;
        }
        self.answer_actor(reply, request, origin).await;
        match &reply.content {
            Some(content @ Content::Export { filename, csv }) => {
                let caption = compose::content_message(content, reply);
                self.send_document(chat, filename, csv, &caption).await;
            }
            Some(content) => {
                self.send_text(chat, &compose::content_message(content, reply))
                    .await;
            }
            None if reply.table.is_none() => {
                if let Some(text) = compose::notice_message(reply) {
                    self.send_text(chat, &text).await;
                }
            }
            None => {}
        }
        if let Some(t) = &reply.table {
            for summary in &reply.reveals {
                self.send_text(chat, &compose::reveal(summary, t, reply.lang))
                    .await;
            }
        }
        self.update_private(request, reply, origin).await;
    }

    /// Shows the current table in the chat's table message unless it is known to show it.
    async fn repair_table(&self, chat: i64, current: &PublicTable) {
        let shown = self.messages.slot(chat).lock().await.table.clone();
        if shown.is_some_and(|s| same_state(&s, current)) {
            return;
        }
        // Asked anew, so the table comes in the chat's language (a refusal speaks the
        // presser's).
        let show = Command::new(chat_id(chat), system_actor(), Request::Show);
        let reply = self.service.handle(show).await;
        if let Some(t) = &reply.table {
            self.show_table(chat, t, &reply, false).await;
        }
    }

    /// The table a refusal talks about ("not your turn – Ben is to play"): the reply's, the
    /// one last shown, or the service's current one.
    async fn context_table(&self, chat: i64, reply: &Reply) -> Option<PublicTable> {
        if let Some(t) = &reply.table {
            return Some(t.clone());
        }
        if let Some(t) = self.messages.slot(chat).lock().await.table.clone() {
            return Some(t);
        }
        let show = Command::new(chat_id(chat), system_actor(), Request::Show);
        self.service.handle(show).await.table
    }

    /// Tells the actor why nothing happened: an alert to a presser, a reply to a command.
    async fn refuse(&self, chat: i64, reply: &Reply, origin: Origin<'_>) {
        let table = self.context_table(chat, reply).await;
        let Some(text) = compose::private_notices(reply, table.as_ref()) else {
            if let Origin::Press { query } | Origin::PrivatePress { query, .. } = origin {
                self.answer(query, None, false).await;
            }
            return;
        };
        match origin {
            Origin::Press { query } => {
                self.answer(query, Some(&compose::alert_text(&text)), true)
                    .await;
            }
            Origin::PrivatePress { query, message } => {
                // An outdated private cup: show the current one in its place.
                if let Some(view) = reply
                    .private
                    .as_ref()
                    .filter(|_| reply.error_kind() == Some(&bot_core::service::ServiceError::Stale))
                {
                    let view = self.in_user_lang(view);
                    self.edit_cup(query.from.id.0 as i64, message, &view).await;
                }
                self.answer(query, Some(&compose::alert_text(&text)), true)
                    .await;
            }
            Origin::Command { message, user } if compose::tells_about_cup(reply) => {
                // "No 4 in your cup" would tell the group about covered dice: say it
                // privately, or only that it does not fit.
                if !self.send_private_text(user, &text).await {
                    let lang = reply.actor_lang;
                    self.reply_to(chat, message, &text::tr(lang, "refused-see-cup", &[]))
                        .await;
                }
            }
            Origin::Command { message, .. } => self.reply_to(chat, message, &text).await,
            Origin::System => debug!(chat, %text, "a timer move was refused"),
        }
    }

    /// The alert or toast that ends a button press.
    async fn answer_actor(&self, reply: &Reply, request: Option<&Request>, origin: Origin<'_>) {
        match origin {
            Origin::Press { query } => {
                let not_playing = reply.private_notices.contains(&Notice::NotPlaying);
                let wants_cup = matches!(request, Some(Request::Roll | Request::Look));
                match (&reply.private, compose::private_notices(reply, None)) {
                    (_, Some(notice)) if not_playing => {
                        self.answer(query, Some(&compose::alert_text(&notice)), true)
                            .await
                    }
                    (Some(view), _) if wants_cup => {
                        self.answer(query, Some(&compose::alert(view)), true).await
                    }
                    (_, Some(notice)) => {
                        self.answer(query, Some(&compose::alert_text(&notice)), false)
                            .await
                    }
                    _ => self.answer(query, None, false).await,
                }
            }
            Origin::PrivatePress { query, message } => {
                let user_chat = query.from.id.0 as i64;
                match &reply.private {
                    Some(view) => {
                        let view = self.in_user_lang(view);
                        self.edit_cup(user_chat, message, &view).await;
                    }
                    None => {
                        let lang = identity::lang(&query.from);
                        self.edit_plain(user_chat, message, &text::tr(lang, "private-no-cup", &[]))
                            .await;
                    }
                }
                let notice = compose::private_notices(reply, None);
                self.answer(
                    query,
                    notice.as_deref().map(compose::alert_text).as_deref(),
                    false,
                )
                .await;
            }
            Origin::Command { .. } | Origin::System => {}
        }
    }
}
