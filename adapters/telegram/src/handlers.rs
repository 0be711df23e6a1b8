//! Telegram updates into service commands: command messages (also `/cmd@Bot`), button
//! presses in groups and in private chats, private START with a deep link, and group
//! migrations. Every rule is decided by the service; this module only asks it.

use crate::app::App;
use crate::commands::{self, Addressed, Cmd};
use crate::compose;
use crate::identity::{self, chat_id, parse_start_payload, user_id};
use crate::memory::Reach;
use crate::present::Origin;
use crate::send::{Api, retry};
use crate::text;
use bot_core::render::{self, Surface, Voice};
use bot_core::service::args::button_command;
use bot_core::service::{ButtonAction, ButtonId, Command, Content, Request, ServiceError};
use bot_core::text::arg_text;
use std::convert::Infallible;
use std::sync::Arc;
use teloxide::requests::Request as _;
use teloxide::types::{
    CallbackQuery, ChatId as TgChatId, Message, Update, User, UserId as TgUserId,
};
use tracing::{debug, warn};

pub type HandlerResult = Result<(), Infallible>;

pub async fn on_message<B: Api>(
    app: Arc<App<B>>,
    message: Message,
    update: Update,
) -> HandlerResult {
    app.message(&message, update.id.0).await;
    Ok(())
}

pub async fn on_callback<B: Api>(app: Arc<App<B>>, query: CallbackQuery) -> HandlerResult {
    app.callback(&query).await;
    Ok(())
}

impl<B: Api> App<B> {
    async fn message(&self, message: &Message, update_id: u32) {
        let chat = message.chat.id.0;
        if let Some(new) = message.migrate_to_chat_id() {
            self.migrate(chat, new.0).await;
            return;
        }
        if let Some(old) = message.migrate_from_chat_id() {
            // The same migration, told in the new chat (the old chat's notice reposts the
            // table): moving twice moves nothing the second time.
            self.migrate_data(old.0, chat).await;
            return;
        }
        let Some(parsed) = message.text().and_then(commands::split) else {
            return; // chatter (with privacy mode off) is none of our business
        };
        let addressed = parsed.for_bot(&self.username);
        if addressed == Addressed::Other {
            return;
        }
        let Some(from) = message.from.as_ref() else {
            return;
        };
        let private = message.chat.is_private();
        // An anonymous admin writes as the group itself.
        let anonymous_admin = message
            .sender_chat
            .as_ref()
            .is_some_and(|c| c.id == message.chat.id);
        if from.is_bot && !anonymous_admin {
            return;
        }
        let lang = identity::lang(from);
        self.private.seen(from.id.0, lang);
        let Some(cmd) = commands::lookup(&parsed.name) else {
            if addressed == Addressed::Us || private {
                let hint = text::tr(
                    lang,
                    "unknown-command",
                    &[("command", arg_text(format!("/{}", parsed.name)))],
                );
                self.reply_to(chat, message.id, &hint).await;
            }
            return;
        };
        if cmd == Cmd::Start && private {
            self.start_private(from, parsed.args).await;
            return;
        }
        let reply_to = message
            .reply_to_message()
            .and_then(|m| m.from.as_ref())
            .filter(|u| !u.is_bot)
            .map(|u| user_id(u.id.0));
        let request = match commands::request(cmd, parsed.args, reply_to) {
            Ok(r) => r,
            Err(e) => {
                let text = render::error_text(&e, None, Voice::new(lang, Surface::Telegram));
                self.reply_to(chat, message.id, &text).await;
                return;
            }
        };
        let admin = commands::needs_admin(&request)
            && (private || anonymous_admin || self.is_admin(chat, from.id).await);
        let mut actor = identity::actor(from, admin);
        if anonymous_admin {
            actor.anonymous = true;
            if let Some(title) = message.chat.title() {
                actor.name = title.to_string();
            }
        }
        if request == Request::Help && !private {
            // Help is for the asker, in his language (the group's language stays).
            let help = render::content_text(&Content::Help, Voice::new(lang, Surface::Telegram));
            self.reply_to(chat, message.id, &help).await;
            return;
        }
        let mut command = Command::new(chat_id(chat), actor, request.clone())
            .with_request_id(format!("tg:{update_id}"));
        // A private chat speaks its user's language (the service remembers it for the chat).
        if private {
            command = command.with_chat_lang(lang);
        }
        debug!(chat, ?request, "command");
        let reply = self.service.handle(command).await;
        self.present(
            chat,
            Some(&request),
            &reply,
            Origin::Command {
                message: message.id,
                user: from.id.0,
            },
        )
        .await;
    }

    async fn callback(&self, query: &CallbackQuery) {
        let lang = identity::lang(&query.from);
        self.private.seen(query.from.id.0, lang);
        let button = query.data.as_deref().map(ButtonId::parse);
        let (Some(Ok(button)), Some(message)) = (button, query.message.as_ref()) else {
            // Forged or foreign callback data: changes nothing.
            let text = render::error_text(&ServiceError::BadButton, None, Voice::new(lang, Surface::Telegram));
            self.answer(query, Some(&compose::alert_text(&text)), true)
                .await;
            return;
        };
        let actor = identity::actor(&query.from, false);
        let request_id = format!("tg:cb:{}", query.id);
        if message.chat().is_private() {
            // A private chat carries only cup buttons: a table's lobby or table buttons
            // there are forged and would act in a group the presser may not even be in.
            if matches!(
                button.action,
                ButtonAction::Join | ButtonAction::Start | ButtonAction::Table
            ) {
                let text = render::error_text(&ServiceError::BadButton, None, Voice::new(lang, Surface::Telegram));
                self.answer(query, Some(&compose::alert_text(&text)), true)
                    .await;
                return;
            }
            // The private cup's buttons name the table; its group is remembered.
            let Some(group) = self.tables.chat_of(button.table) else {
                let text = render::error_text(&ServiceError::Stale, None, Voice::new(lang, Surface::Telegram));
                self.answer(query, Some(&compose::alert_text(&text)), true)
                    .await;
                return;
            };
            let command =
                button_command(chat_id(group), actor, &button).with_request_id(request_id);
            let request = command.request.clone();
            let reply = self.service.handle(command).await;
            self.present(
                group,
                Some(&request),
                &reply,
                Origin::PrivatePress {
                    query,
                    message: message.id(),
                },
            )
            .await;
            return;
        }
        let chat = message.chat().id.0;
        let command = button_command(chat_id(chat), actor, &button).with_request_id(request_id);
        let request = command.request.clone();
        debug!(chat, ?request, "button");
        let reply = self.service.handle(command).await;
        self.present(chat, Some(&request), &reply, Origin::Press { query })
            .await;
    }

    /// START in the private chat: with a group's deep link the user gets his cup there
    /// whenever it is his turn (and right away, if a game of his runs).
    async fn start_private(&self, user: &User, payload: &str) {
        let lang = identity::lang(user);
        let chat = user.id.0 as i64;
        self.private.set_reach(user.id.0, Reach::Started);
        let Some(group) = parse_start_payload(payload) else {
            let welcome = text::tr(
                lang,
                "private-welcome",
                &[("name", arg_text(identity::display_name(user)))],
            );
            let help = render::content_text(&Content::Help, Voice::new(lang, Surface::Telegram));
            self.send_text(chat, &format!("{welcome}\n\n{help}")).await;
            return;
        };
        // Showing, not looking: looking may open the starter's throw for everybody.
        let command = Command::new(chat_id(group), identity::actor(user, false), Request::Show);
        let reply = self.service.handle(command).await;
        if let Some(t) = &reply.table {
            self.tables.remember(t.table_id, group);
        }
        let has_cup = reply.private.as_ref().is_some_and(|p| {
            p.view.players.iter().any(|pl| {
                p.view.viewer == bot_core::engine::Viewer::Player(pl.seat) && pl.cup.is_some()
            })
        });
        match reply.private.as_ref().filter(|_| has_cup) {
            Some(view) => self.send_cup(user.id.0, view).await,
            None => {
                self.send_text(chat, &text::tr(lang, "private-linked", &[]))
                    .await;
            }
        }
    }

    /// Whether Telegram says `user` administers `chat` (asked only for commands that need it).
    async fn is_admin(&self, chat: i64, user: TgUserId) -> bool {
        match retry("getChatMember", || {
            self.bot.get_chat_member(TgChatId(chat), user).send()
        })
        .await
        {
            Ok(member) => member.kind.is_privileged(),
            Err(e) => {
                warn!(chat, error = %self.redact.clean(&e), "could not ask for the member's status");
                false
            }
        }
    }
}
