//! Telegram updates into service commands: command messages (also `/cmd@Bot`, in topics),
//! button presses in groups and in private chats, private START with a deep link, and group
//! migrations. Every rule is decided by the service; this module only asks it.

use crate::commands::{self, Addressed};
use crate::compose;
use crate::hint;
use crate::identity::{self, user_id};
use crate::memory::Reach;
use crate::migrate;
use crate::outbox::MessageWrite;
use crate::place::Place;
use crate::plan::{Answer, Origin};
use crate::send::{Api, retry};
use crate::state::App;
use crate::text;
use bot_core::commands::CommandId;
use bot_core::commands::parse::button_command;
use bot_core::service::{ButtonAction, ButtonId, Command, Request, ServiceError};
use bot_core::text::{Lang, arg_text};
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
    command_message(&app, &message, update.id.0).await;
    Ok(())
}

pub async fn on_callback<B: Api>(app: Arc<App<B>>, query: CallbackQuery) -> HandlerResult {
    press(&app, &query).await;
    Ok(())
}

/// A text to the message's place, as a reply to it.
fn reply_to(place: Place, message: &Message, text: String) -> MessageWrite {
    MessageWrite {
        thread: place.thread,
        text,
        reply_to: Some(message.id.0),
        markup: None,
        attachment: None,
        notify: None,
    }
}

async fn command_message<B: Api>(app: &Arc<App<B>>, message: &Message, update_id: u32) {
    let place = Place::of(message);
    if let Some(new) = message.migrate_to_chat_id() {
        migrate::moved(app, place.chat, new.0).await;
        return;
    }
    if let Some(old) = message.migrate_from_chat_id() {
        // The same migration, told in the new chat (the old chat's notice reposts the
        // table): moving twice moves nothing the second time.
        migrate::move_data(app, old.0, place.chat).await;
        return;
    }
    let Some(from) = message.from.as_ref() else {
        return;
    };
    // An anonymous admin writes as the group itself.
    let anonymous = message
        .sender_chat
        .as_ref()
        .is_some_and(|c| c.id == message.chat.id);
    if from.is_bot && !anonymous {
        return;
    }
    let Some((cmd, request)) = read_command(app, message, from).await else {
        return;
    };
    if request == Request::Hint {
        // The hint goes to the asker alone, wherever he asked.
        hint::typed(app, message, from, update_id).await;
        return;
    }
    let private = message.chat.is_private();
    let admin = commands::needs_admin(cmd, &request)
        && (private || anonymous || is_admin(app, place.chat, from.id).await);
    let mut actor = identity::actor(from, admin);
    if anonymous {
        actor.anonymous = true;
        if let Some(title) = message.chat.title() {
            actor.name = title.to_string();
        }
    }
    let mut command =
        Command::new(place.id(), actor, request.clone()).with_request_id(format!("tg:{update_id}"));
    // A private chat speaks its user's language (the service remembers it for the chat).
    if private {
        command = command.with_chat_lang(identity::lang(from));
    }
    if let Some(title) = message.chat.title() {
        command = command.with_place_name(title);
    }
    debug!(chat = place.chat, ?request, "command");
    let reply = app.service.handle(command).await;
    if let Some(t) = reply.table.as_ref().filter(|_| !private) {
        app.private.acted_at(from.id.0, t.table_id);
    }
    let origin = Origin::Command {
        message: message.id.0,
        user: from.id.0,
    };
    app.show(place, Some(&request), &reply, origin, None).await;
    if crate::claims::settles(&request) {
        crate::claims::replied(app, place, message, &reply);
    }
}

/// The command and request of a command message for us, or `None` when it is none (chatter,
/// another bot's command) or was answered already (unknown, unreadable, help, a private
/// START).
async fn read_command<B: Api>(
    app: &App<B>,
    message: &Message,
    from: &User,
) -> Option<(CommandId, Request)> {
    let place = Place::of(message);
    let parsed = message.text().and_then(commands::split)?;
    let addressed = parsed.for_bot(&app.username);
    if addressed == Addressed::Other {
        return None;
    }
    let private = message.chat.is_private();
    let lang = identity::lang(from);
    app.private.seen(from.id.0, lang);
    let say = |text: String| {
        app.outbox
            .message(place.chat, reply_to(place, message, text))
    };
    let Some(cmd) = commands::lookup(&parsed.name, parsed.args) else {
        if addressed == Addressed::Us || private {
            let command = arg_text(format!("/{}", parsed.name));
            say(text::tr(lang, "unknown-command", &[("command", command)]));
        }
        return None;
    };
    if cmd == CommandId::Welcome && private {
        start_private(app, from, parsed.args).await;
        return None;
    }
    if let Some(usage) = commands::usage(cmd, parsed.args) {
        let args: String = parsed.args.chars().take(40).collect();
        say(text::tr(lang, usage, &[("text", arg_text(args))]));
        return None;
    }
    let request = match crate::claims::confirming_reply(message, parsed.args) {
        Some(confirm) if cmd == CommandId::Pay => Ok(confirm),
        _ => commands::request(cmd, parsed.args, replied_to(message)),
    };
    match request {
        // Help is for the asker, in his language (the group's language stays).
        Ok(Request::Help) if !private => {
            say(compose::help(lang));
            None
        }
        Ok(request) => Some((cmd, request)),
        Err(e) => {
            say(compose::error(&e, lang));
            None
        }
    }
}

/// The author of the message a command replies to (`/bezahlt` as a reply to the payer). In a
/// topic every message replies to the topic's first message: that is no reply to anyone.
fn replied_to(message: &Message) -> Option<bot_core::service::UserId> {
    let topic_start = message.thread_id.map(|t| t.0);
    message
        .reply_to_message()
        .filter(|m| Some(m.id) != topic_start)
        .and_then(|m| m.from.as_ref())
        .filter(|u| !u.is_bot)
        .map(|u| user_id(u.id.0))
}

fn refusal(e: &ServiceError, lang: Lang) -> Answer {
    Answer {
        text: Some(compose::alert_text(&compose::error(e, lang))),
        alert: true,
    }
}

async fn press<B: Api>(app: &Arc<App<B>>, query: &CallbackQuery) {
    let lang = identity::lang(&query.from);
    app.private.seen(query.from.id.0, lang);
    let button = query.data.as_deref().map(ButtonId::parse);
    let (Some(Ok(button)), Some(message)) = (button, query.message.as_ref()) else {
        // Forged or foreign callback data: changes nothing.
        app.answer(&query.id, refusal(&ServiceError::BadButton, lang))
            .await;
        return;
    };
    let actor = identity::actor(&query.from, false);
    let request_id = format!("tg:cb:{}", query.id);
    let user = query.from.id.0;
    let (place, origin) = if message.chat().is_private() {
        // A private chat carries only cup buttons: a table's lobby or table buttons there
        // are forged and would act in a group the presser may not even be in.
        if matches!(
            button.action,
            ButtonAction::Join | ButtonAction::Start | ButtonAction::Table
        ) {
            app.answer(&query.id, refusal(&ServiceError::BadButton, lang))
                .await;
            return;
        }
        // The private cup's buttons name the table; its place is remembered.
        let Some(place) = app.place_of(button.table).await else {
            let why = match app.service.store_unreachable() {
                Some(_) => ServiceError::Unreachable,
                None => ServiceError::Stale,
            };
            app.answer(&query.id, refusal(&why, lang)).await;
            return;
        };
        let origin = Origin::PrivatePress {
            user,
            message: message.id().0,
        };
        (place, origin)
    } else {
        let place = match message.regular_message() {
            Some(m) => Place::of(m),
            None => Place::chat(message.chat().id.0),
        };
        (place, Origin::Press { user })
    };
    let command = button_command(place.id(), actor, &button).with_request_id(request_id);
    let request = command.request.clone();
    debug!(chat = place.chat, ?request, "button");
    let reply = app.service.handle(command).await;
    if let Some(t) = &reply.table {
        app.private.acted_at(user, t.table_id);
    }
    if crate::claims::settles(&request) {
        crate::claims::pressed(app, query, place, &reply).await;
        return;
    }
    if request == Request::Hint {
        let cup = match origin {
            Origin::PrivatePress { message, .. } => Some(message),
            _ => None,
        };
        hint::pressed(app, &query.id, user, &reply, cup).await;
        return;
    }
    app.show(place, Some(&request), &reply, origin, Some(&query.id))
        .await;
}

/// START in the private chat: with a group's deep link the user gets his cup there
/// whenever it is his turn (and right away, if a game of his runs).
async fn start_private<B: Api>(app: &App<B>, user: &User, payload: &str) {
    let lang = identity::lang(user);
    let chat = user.id.0 as i64;
    app.private.set_reach(user.id.0, Reach::Started);
    let say = |text: String| MessageWrite {
        thread: None,
        text,
        reply_to: None,
        markup: None,
        attachment: None,
        notify: None,
    };
    let Some(place) = Place::from_start_payload(payload) else {
        let welcome = text::tr(
            lang,
            "private-welcome",
            &[("name", arg_text(identity::display_name(user)))],
        );
        let help = compose::help(lang);
        app.outbox
            .message(chat, say(format!("{welcome}\n\n{help}")));
        return;
    };
    // Showing, not looking: looking may open the starter's throw for everybody.
    let command = Command::new(place.id(), identity::actor(user, false), Request::Show);
    let reply = app.service.handle(command).await;
    if let Some(t) = &reply.table {
        app.places.remember(t.table_id, place);
        app.private.acted_at(user.id.0, t.table_id);
    }
    let has_cup = reply.private.as_ref().is_some_and(|p| {
        p.view.players.iter().any(|pl| {
            p.view.viewer == bot_core::engine::Viewer::Player(pl.seat) && pl.cup.is_some()
        })
    });
    match reply.private.as_ref().filter(|_| has_cup) {
        Some(view) => {
            let mut view = view.clone();
            view.lang = lang;
            app.outbox.cup(
                user.id.0,
                crate::outbox::CupWrite {
                    table_id: view.table_id,
                    text: compose::private_message(&view),
                    markup: crate::keyboard::private(&view),
                    fresh: true,
                    message: None,
                },
            );
        }
        None => app
            .outbox
            .message(chat, say(text::tr(lang, "private-linked", &[]))),
    }
}

/// Whether Telegram says `user` administers `chat` (asked only for commands that need it).
async fn is_admin<B: Api>(app: &App<B>, chat: i64, user: TgUserId) -> bool {
    match retry("getChatMember", || {
        app.bot.get_chat_member(TgChatId(chat), user).send()
    })
    .await
    {
        Ok(member) => member.kind.is_privileged(),
        Err(e) => {
            warn!(chat, error = %app.redact.clean(&e), "could not ask for the member's status");
            false
        }
    }
}
