//! Hints from the exact odds reach only the player they are for. The "💡 Tipp" button under
//! his private cup and a typed `/tipp` (`/hint`, in the group or in the private chat) ask the
//! service; its answer — the hint, or why there is none — goes into his private chat through
//! the outbox, paced like every private write. When the bot may not write to him there (he
//! never pressed START: Telegram answers 403), a press is answered with an alert instead
//! (200 characters, clipped), and a typed command with a neutral reply in the group whose
//! "💡 Tipp" button shows the answer in an alert to him alone. No hint and no refusal of a
//! hint is ever written to the group.

use crate::compose;
use crate::identity;
use crate::keyboard;
use crate::memory::Reach;
use crate::outbox::MessageWrite;
use crate::place::Place;
use crate::plan::Answer;
use crate::send::Api;
use crate::state::App;
use crate::text;
use bot_core::render::clip;
use bot_core::service::{Command, Reply, Request};
use bot_core::text::Lang;
use std::sync::Arc;
use std::time::Duration;
use teloxide::types::{CallbackQueryId, Message, User};
use tokio::sync::oneshot;
use tracing::debug;

/// How long a press waits for the private message to arrive (only when the bot does not know
/// yet whether it may write to the presser) before the hint shows in an alert instead:
/// Telegram wants presses answered within seconds.
const PRESS_WAIT: Duration = Duration::from_secs(4);
/// How long a typed `/tipp` waits for its private message before the group gets the
/// neutral reply instead (the outbox gives up a write after a few 429s anyway).
const TYPED_WAIT: Duration = Duration::from_secs(90);

/// How the answer to a hint reaches its asker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// In an alert (a press) or the group's neutral reply with a button for one (typed).
    Alert,
    /// In the private chat; a press is answered with a toast at once.
    Private,
    /// In the private chat if it arrives (first contact since the start of this process);
    /// else as for `Alert`.
    TryPrivate,
}

/// The way for an answer (`refused`: the service said why there is no hint) to a user whose
/// private chat is in state `reach`. A refused press needs no private message: the alert
/// says it at once.
pub fn route(pressed: bool, refused: bool, reach: Reach) -> Route {
    match reach {
        _ if pressed && refused => Route::Alert,
        Reach::Closed => Route::Alert,
        Reach::Started => Route::Private,
        Reach::Unknown => Route::TryPrivate,
    }
}

/// The hint (or the refusal) of a reply, in the asker's language.
fn answer_text(reply: &Reply) -> Option<String> {
    compose::private_notices(reply)
}

/// A message in a private chat, answering `reply_to` there if given.
fn private_message(text: &str, reply_to: Option<i32>) -> MessageWrite {
    MessageWrite {
        thread: None,
        text: clip(text, compose::MAX_TEXT),
        reply_to,
        markup: None,
        attachment: None,
        notify: None,
    }
}

fn alert(text: &str) -> Answer {
    Answer {
        text: Some(compose::alert_text(text)),
        alert: true,
    }
}

fn toast(lang: Lang) -> Answer {
    Answer {
        text: Some(compose::alert_text(&text::tr(lang, "hint-sent", &[]))),
        alert: false,
    }
}

/// Whether a private message handed to the outbox arrived within `wait`.
async fn arrived(receiver: oneshot::Receiver<bool>, wait: Duration) -> bool {
    matches!(tokio::time::timeout(wait, receiver).await, Ok(Ok(true)))
}

/// A press of "💡 Tipp" by `user`, answered by the service with `reply`. `cup` is the private
/// cup message pressed (the press was made in his private chat), if it was.
pub async fn pressed<B: Api>(
    app: &Arc<App<B>>,
    query: &CallbackQueryId,
    user: u64,
    reply: &Reply,
    cup: Option<i32>,
) {
    let Some(text) = answer_text(reply) else {
        app.answer(query, Answer::default()).await;
        return;
    };
    // A press in the private chat proves it open.
    let reach = match cup {
        Some(_) => Reach::Started,
        None => app.private.reach(user),
    };
    let chat = user as i64;
    match route(true, reply.is_error(), reach) {
        Route::Alert => app.answer(query, alert(&text)).await,
        Route::Private => {
            app.outbox.message(chat, private_message(&text, cup));
            app.answer(query, toast(reply.actor_lang)).await;
        }
        Route::TryPrivate => {
            let receiver = app
                .outbox
                .message_notified(chat, private_message(&text, cup));
            // Not in the handler: the group's next updates need not wait for the private chat.
            let app = app.clone();
            let query = query.clone();
            let lang = reply.actor_lang;
            tokio::spawn(async move {
                let answer = if arrived(receiver, PRESS_WAIT).await {
                    toast(lang)
                } else {
                    debug!(user, "no private chat: the hint shows in an alert");
                    alert(&text)
                };
                app.answer(&query, answer).await;
            });
        }
    }
}

/// The place whose table a user means by a `/tipp` in his private chat: the table of his
/// private cup, or the one he last acted at.
async fn place_for_private<B: Api>(app: &App<B>, user: u64) -> Option<Place> {
    let table = app.private.table(user)?;
    app.place_of(table).await
}

/// The table (and its version) of a place, as far as the adapter knows it.
fn table_of<B: Api>(app: &App<B>, place: Place) -> Option<(i64, u64)> {
    app.outbox
        .shown(place)
        .or_else(|| app.places.newest_in(place).map(|table| (table, 0)))
}

/// A typed `/tipp` (`/hint`) of `from` in `message`'s chat.
pub async fn typed<B: Api>(app: &Arc<App<B>>, message: &Message, from: &User, update_id: u32) {
    let user = from.id.0;
    let lang = identity::lang(from);
    let private = message.chat.is_private();
    let here = Place::of(message);
    let place = if private {
        match place_for_private(app, user).await {
            Some(place) => place,
            None => {
                let text = text::tr(lang, "hint-where", &[]);
                app.outbox
                    .message(here.chat, private_message(&text, Some(message.id.0)));
                return;
            }
        }
    } else {
        here
    };
    let command = Command::new(place.id(), identity::actor(from, false), Request::Hint)
        .with_request_id(format!("tg:{update_id}"));
    debug!(chat = place.chat, private, "hint");
    let reply = app.service.handle(command).await;
    let Some(text) = answer_text(&reply) else {
        return;
    };
    if private {
        app.outbox
            .message(here.chat, private_message(&text, Some(message.id.0)));
        return;
    }
    let neutral = MessageWrite {
        thread: here.thread,
        text: text::tr(reply.actor_lang, "hint-tap", &[]),
        reply_to: Some(message.id.0),
        markup: Some(keyboard::hint(
            table_of(app, place),
            reply.actor_lang,
            place,
            &app.username,
        )),
        attachment: None,
        notify: None,
    };
    match route(false, reply.is_error(), app.private.reach(user)) {
        Route::Alert => app.outbox.message(here.chat, neutral),
        Route::Private => app
            .outbox
            .message(user as i64, private_message(&text, None)),
        Route::TryPrivate => {
            let receiver = app
                .outbox
                .message_notified(user as i64, private_message(&text, None));
            let app = app.clone();
            tokio::spawn(async move {
                if !arrived(receiver, TYPED_WAIT).await {
                    debug!(
                        user,
                        "no private chat: a button in the group shows the hint"
                    );
                    app.outbox.message(here.chat, neutral);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_go_privately_or_into_an_alert() {
        // A press: a refusal is an alert at once, a hint goes privately where it can.
        for reach in [Reach::Unknown, Reach::Started, Reach::Closed] {
            assert_eq!(route(true, true, reach), Route::Alert);
        }
        assert_eq!(route(true, false, Reach::Started), Route::Private);
        assert_eq!(route(true, false, Reach::Unknown), Route::TryPrivate);
        assert_eq!(route(true, false, Reach::Closed), Route::Alert);
        // Typed: refusals too go privately; never into the group.
        assert_eq!(route(false, true, Reach::Started), Route::Private);
        assert_eq!(route(false, true, Reach::Unknown), Route::TryPrivate);
        assert_eq!(route(false, false, Reach::Closed), Route::Alert);
    }

    #[test]
    fn a_long_hint_is_clipped_in_an_alert() {
        let long = "💡 Tipp: Halten 1 1.\n".repeat(20);
        let answer = alert(&long);
        let text = answer.text.unwrap_or_default();
        assert!(answer.alert);
        assert_eq!(text.chars().count(), compose::MAX_ALERT);
        assert!(text.ends_with('…'));
        for lang in Lang::ALL {
            let toast = toast(lang);
            assert!(!toast.alert);
            assert!(toast.text.is_some_and(|t| t.starts_with("💡")));
        }
    }
}
