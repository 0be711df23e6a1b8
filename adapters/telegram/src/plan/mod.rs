//! What to do with a service reply on Telegram, decided without any I/O: the answer to a
//! button press (sent at once: it does not count against the group), the table message of
//! the place, new messages, and private cups. The handlers then answer the press and hand
//! everything else to the outbox.
//!
//! Hidden dice go only into alerts to their owner and into his private chat; public messages
//! are built from the public table alone.

use crate::compose::{self, MAX_CAPTION, MAX_TEXT};
use crate::identity::telegram_user;
use crate::keyboard;
use crate::memory::{PrivateChats, Reach};
use crate::outbox::{Attachment, CupWrite, MessageWrite, TableBody, TableWrite};
use crate::place::Place;
use crate::text;
use bot_core::engine::{ActionError, Viewer};
use bot_core::render::{self, clip};
use bot_core::service::club::ClubNotice;
use bot_core::service::{Content, Notice, PrivateView, PublicTable, Reply, Request, ServiceError};
use bot_core::text::Lang;

/// Where a reply came from, which decides how the actor hears about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A command message `message` of `user` in the place.
    Command { message: i32, user: u64 },
    /// A button under a group message: the presser gets an alert or a toast.
    Press { user: u64 },
    /// A button under the presser's private cup message `message` (changed in place).
    PrivatePress { user: u64, message: i32 },
    /// A reply nobody asked for (a turn timer ran out, an idle table closed, the table posted
    /// anew after a migration).
    System,
}

/// The answer that ends a button press.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    pub text: Option<String>,
    /// A popup the presser must close (his cup, a refusal), else a toast.
    pub alert: bool,
}

/// Everything to do for one reply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    pub answer: Option<Answer>,
    /// The place's table message.
    pub table: Option<TableWrite>,
    /// New messages in the place (thread set) or in a private chat (chat id, message).
    pub messages: Vec<(i64, MessageWrite)>,
    /// Private cups, by user.
    pub cups: Vec<(u64, CupWrite)>,
}

/// What the planner may know besides the reply.
pub struct Known<'a> {
    pub username: &'a str,
    pub private: &'a PrivateChats,
    /// The Mini App that shows tables in the browser.
    pub web_app: Option<&'a crate::web_app::WebApp>,
}

/// The plan for `reply` to `request` (`None`: nobody asked) in `place`.
pub fn plan(
    place: Place,
    request: Option<&Request>,
    reply: &Reply,
    origin: Origin,
    known: &Known<'_>,
) -> Effects {
    let mut effects = Effects::default();
    if reply.is_error() || reply.private_notices.contains(&Notice::Stale) {
        // The presser may have acted on an older state (the table message was behind, or
        // missed an edit when the bot died): bring it up to date unless it is current.
        effects.table = reply.table.as_ref().map(|t| TableWrite {
            repair_only: true,
            ..table_write(place, t, reply, Vec::new(), known)
        });
        refuse(&mut effects, place, request, reply, origin, known);
        return effects;
    }
    let fresh = matches!(request, Some(Request::Open | Request::Show));
    effects.table = reply.table.as_ref().map(|t| TableWrite {
        fresh,
        ..table_write(place, t, reply, compose::notices(reply), known)
    });
    effects.answer = answer_press(reply, request, origin, known, &mut effects.cups);
    for message in content(place, reply) {
        effects.messages.push((place.chat, message));
    }
    effects
        .messages
        .extend(own_notice(place, reply, origin).map(|m| (place.chat, m)));
    own_cup(&mut effects, place, request, reply, origin, known);
    if let Some(view) = &reply.next_private
        && let Some(user) = telegram_user(&view.user)
        && known.private.may_write(user)
    {
        // His turn came: a new message, so it notifies him.
        effects
            .cups
            .push((user, cup_write(view, true, None, known)));
    }
    effects
}

/// The table of `reply` (to a read-only request) as a plain write: no news, not posted anew.
pub fn stored_table(place: Place, reply: &Reply, known: &Known<'_>) -> Option<TableWrite> {
    let t = reply.table.as_ref().filter(|_| !reply.is_error())?;
    Some(table_write(place, t, reply, Vec::new(), known))
}

fn table_write(
    place: Place,
    t: &PublicTable,
    reply: &Reply,
    notices: Vec<String>,
    known: &Known<'_>,
) -> TableWrite {
    let stored = t
        .message_ref
        .as_deref()
        .and_then(crate::identity::parse_message_ref)
        .filter(|(chat, _)| *chat == place.chat)
        .map(|(_, message)| message);
    TableWrite {
        place: place.thread,
        table_id: t.table_id,
        version: t.version,
        body: TableBody {
            // Room is left for the notices under it; a long table shortens its last round
            // rather than lose its end (the dice's commitment and seed).
            text: render::table_text_within(t, reply.lang, MAX_TEXT - 600),
            markup: keyboard::table(t, reply.lang, place, known.username, known.web_app),
        },
        notices,
        fresh: false,
        repair_only: false,
        // A group gets a write every 3 s: holding a later round back until each round's
        // reveal was shown would let a quick table fall ever further behind. The lines of
        // what happened carry every round's result instead.
        last_round: None,
        stored,
    }
}

/// A private view in the language of its owner, as far as the adapter knows it.
fn in_user_lang(view: &PrivateView, known: &Known<'_>) -> PrivateView {
    let mut view = view.clone();
    if let Some(lang) = telegram_user(&view.user).and_then(|u| known.private.lang(u)) {
        view.lang = lang;
    }
    view
}

fn cup_write(view: &PrivateView, fresh: bool, message: Option<i32>, known: &Known<'_>) -> CupWrite {
    let view = in_user_lang(view, known);
    CupWrite {
        table_id: view.table_id,
        text: compose::private_message(&view),
        markup: keyboard::private(&view),
        fresh,
        message,
    }
}

/// Whether it is the viewer's turn.
fn is_turn(view: &PrivateView) -> bool {
    matches!(view.view.viewer, Viewer::Player(seat) if view.view.current == Some(seat))
}

/// Whether a refused typed command could say something about covered dice ("no 4 in your
/// cup", "turning needs two sixes", but also which check failed first): keep and flip
/// answer in the group only with one text that does not depend on the cup.
fn about_the_cup(request: Option<&Request>, reply: &Reply) -> bool {
    matches!(request, Some(Request::Keep { .. } | Request::Flip))
        && matches!(
            reply.error_kind(),
            Some(ServiceError::Action(
                ActionError::NotInCup { .. }
                    | ActionError::NoTwoSixes
                    | ActionError::MustLeaveDieInCup
                    | ActionError::MustRethrowSix
                    | ActionError::MustThrowAfterFlip
                    | ActionError::LookFirst
            ))
        )
}

/// Tells the actor why nothing happened: an alert to a presser, a reply to a command.
fn refuse(
    effects: &mut Effects,
    place: Place,
    request: Option<&Request>,
    reply: &Reply,
    origin: Origin,
    known: &Known<'_>,
) {
    let text = compose::private_notices(reply);
    match origin {
        Origin::Press { .. } => {
            effects.answer = Some(alert(text));
        }
        Origin::PrivatePress { user, message } => {
            // An outdated private cup: show the current one in its place.
            if reply.error_kind() == Some(&ServiceError::Stale)
                && let Some(view) = &reply.private
            {
                effects
                    .cups
                    .push((user, cup_write(view, false, Some(message), known)));
            }
            effects.answer = Some(alert(text));
        }
        Origin::Command { message, user } => {
            let Some(text) = text else { return };
            if about_the_cup(request, reply) {
                if known.private.reach(user) == Reach::Started {
                    effects.messages.push((user as i64, plain(None, text)));
                } else {
                    let generic = text::tr(reply.actor_lang, "refused-see-cup", &[]);
                    effects
                        .messages
                        .push((place.chat, reply_to(place, message, generic)));
                }
            } else {
                effects
                    .messages
                    .push((place.chat, reply_to(place, message, text)));
            }
        }
        Origin::System => {}
    }
}

/// A typed command's answer for its sender alone that changed nothing (a second check-in):
/// a reply to his message in his language, as a refusal is.
fn own_notice(place: Place, reply: &Reply, origin: Origin) -> Option<MessageWrite> {
    let Origin::Command { message, .. } = origin else {
        return None;
    };
    if reply.table.is_some() || reply.content.is_some() {
        return None;
    }
    compose::private_notices(reply).map(|text| reply_to(place, message, text))
}

fn alert(text: Option<String>) -> Answer {
    Answer {
        alert: text.is_some(),
        text: text.map(|t| compose::alert_text(&t)),
    }
}

/// The answer that ends a successful button press (and the pressed private cup's update).
fn answer_press(
    reply: &Reply,
    request: Option<&Request>,
    origin: Origin,
    known: &Known<'_>,
    cups: &mut Vec<(u64, CupWrite)>,
) -> Option<Answer> {
    let notice = compose::private_notices(reply);
    match origin {
        Origin::Press { .. } => {
            let not_playing = reply.private_notices.contains(&Notice::NotPlaying);
            let wants_cup = matches!(request, Some(Request::Roll | Request::Look));
            Some(match (&reply.private, notice) {
                (_, Some(notice)) if not_playing => alert(Some(notice)),
                (Some(view), _) if wants_cup => Answer {
                    text: Some(compose::alert(&in_user_lang(view, known))),
                    alert: true,
                },
                (_, Some(notice)) => Answer {
                    text: Some(compose::alert_text(&notice)),
                    alert: false,
                },
                _ => Answer::default(),
            })
        }
        Origin::PrivatePress { user, message } => {
            let lang = known.private.lang(user).unwrap_or(reply.actor_lang);
            let cup = match &reply.private {
                Some(view) => cup_write(view, false, Some(message), known),
                None => CupWrite {
                    table_id: reply.table.as_ref().map_or(0, |t| t.table_id),
                    text: text::tr(lang, "private-no-cup", &[]),
                    markup: Default::default(),
                    fresh: false,
                    message: Some(message),
                },
            };
            cups.push((user, cup));
            Some(Answer {
                text: notice.map(|n| compose::alert_text(&n)),
                alert: false,
            })
        }
        Origin::Command { .. } | Origin::System => None,
    }
}

/// A read-only answer (with its file or picture, the text then its caption), or notices
/// that came without a table.
fn content(place: Place, reply: &Reply) -> Vec<MessageWrite> {
    let Some(content) = &reply.content else {
        return match reply.table {
            None => compose::notice_message(reply)
                .map(|text| MessageWrite {
                    markup: claim_buttons(reply),
                    ..plain(place.thread, text)
                })
                .into_iter()
                .collect(),
            Some(_) => Vec::new(),
        };
    };
    if let Some(picture) = compose::night_picture(content, reply) {
        // The figures in words too (readable, searchable): in the caption, or right after
        // the picture when Telegram's 1,024 characters of a caption are too few.
        let photo = MessageWrite {
            attachment: Some(Attachment::Photo {
                name: picture.name,
                bytes: picture.png,
            }),
            ..plain(place.thread, clip(&picture.caption, MAX_CAPTION))
        };
        let after = picture.text.map(|text| plain(place.thread, text));
        return std::iter::once(photo).chain(after).collect();
    }
    let text = compose::content_message(content, reply);
    vec![match attachment(content, reply.lang) {
        Some(attachment) => MessageWrite {
            attachment: Some(attachment),
            ..plain(place.thread, clip(&text, MAX_CAPTION))
        },
        None => plain(place.thread, text),
    }]
}

/// A member's claim that he paid gets the buttons another member confirms or rejects it with.
fn claim_buttons(reply: &Reply) -> Option<teloxide::types::InlineKeyboardMarkup> {
    reply.notices.iter().find_map(|n| match n {
        Notice::Club(ClubNotice::PaymentClaimed { claim, .. }) => {
            Some(keyboard::claim(*claim, reply.lang))
        }
        _ => None,
    })
}

/// What a read-only answer sends besides its text (the ledger, a game's record, the cash
/// book, the dice statistics' chart): a picture as a photo, anything else as a document.
fn attachment(content: &Content, lang: Lang) -> Option<Attachment> {
    let file = render::content_file(content, lang)?;
    Some(if file.is_picture() {
        Attachment::Photo {
            name: file.name,
            bytes: file.bytes,
        }
    } else {
        Attachment::Document {
            name: file.name,
            bytes: file.bytes,
        }
    })
}

/// The actor's own cup after his move: edited in his private chat if he keeps one there;
/// else a typed roll is confirmed (no alert can show a typed command's dice).
fn own_cup(
    effects: &mut Effects,
    place: Place,
    request: Option<&Request>,
    reply: &Reply,
    origin: Origin,
    known: &Known<'_>,
) {
    let Some(view) = &reply.private else { return };
    let Some(user) = telegram_user(&view.user) else {
        return;
    };
    if matches!(origin, Origin::PrivatePress { .. } | Origin::System) {
        return;
    }
    let reach = known.private.reach(user);
    let has_cup = known
        .private
        .cup(user)
        .is_some_and(|c| c.table == view.table_id);
    let typed_roll = matches!(
        (origin, request),
        (Origin::Command { .. }, Some(Request::Roll))
    );
    if reach == Reach::Started && (has_cup || typed_roll || is_turn(view)) {
        let fresh = !has_cup;
        effects
            .cups
            .push((user, cup_write(view, fresh, None, known)));
    } else if let (Origin::Command { message, .. }, true) = (origin, typed_roll) {
        // No private chat: a confirmation that reveals nothing, with a button whose alert
        // shows the dice to him alone.
        effects
            .messages
            .push((place.chat, confirm_roll(place, message, view, reply)));
    }
}

fn confirm_roll(place: Place, message: i32, view: &PrivateView, reply: &Reply) -> MessageWrite {
    let lang: Lang = reply.actor_lang;
    MessageWrite {
        markup: Some(keyboard::look(view.table_id, view.version, lang)),
        ..reply_to(place, message, text::tr(lang, "roll-confirmed", &[]))
    }
}

fn plain(thread: Option<i32>, text: String) -> MessageWrite {
    MessageWrite {
        thread,
        text: clip(&text, MAX_TEXT),
        reply_to: None,
        markup: None,
        attachment: None,
        notify: None,
    }
}

fn reply_to(place: Place, message: i32, text: String) -> MessageWrite {
    MessageWrite {
        reply_to: Some(message),
        ..plain(place.thread, text)
    }
}

#[cfg(test)]
mod tests;
