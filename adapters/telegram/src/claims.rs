//! A member's claim that he paid, settled in the chat (issue 37): the bot's notice of the
//! claim carries "✅ Bestätigen" and "✖ Ablehnen"; a tap — or `/einzahlung` as a reply to the
//! notice — settles it, and the notice is edited to say how (its buttons go). The service
//! decides who may; a refusal is the presser's alert and changes nothing.

use crate::compose;
use crate::keyboard;
use crate::outbox::EditWrite;
use crate::place::Place;
use crate::plan::Answer;
use crate::send::Api;
use crate::state::App;
use bot_core::service::{ClubRequest, Reply, Request};
use teloxide::types::{CallbackQuery, InlineKeyboardMarkup, Message};

/// Whether `request` settles a claim.
pub fn settles(request: &Request) -> bool {
    matches!(
        request,
        Request::Club(ClubRequest::ConfirmClaim { .. } | ClubRequest::RejectClaim { .. })
    )
}

/// `/einzahlung` with no amount as a reply to the bot's notice of a claim: confirm that claim.
pub fn confirming_reply(message: &Message, args: &str) -> Option<Request> {
    let (_, claim) = notice_replied_to(message)?;
    args.trim()
        .is_empty()
        .then_some(Request::Club(ClubRequest::ConfirmClaim { claim }))
}

/// The bot's claim notice `message` replies to: the notice and its claim.
fn notice_replied_to(message: &Message) -> Option<(&Message, i64)> {
    let notice = message.reply_to_message()?;
    let from_bot = notice.from.as_ref().is_some_and(|u| u.is_bot);
    let claim = keyboard::claim_of(notice.reply_markup()?)?;
    from_bot.then_some((notice, claim))
}

/// A tap on a claim's button was answered by the service: the notice says how it was settled
/// (or the presser learns why not).
pub async fn pressed<B: Api>(app: &App<B>, query: &CallbackQuery, place: Place, reply: &Reply) {
    if let Some(error) = reply.error_kind() {
        let lang = crate::identity::lang(&query.from);
        let text = compose::alert_text(&compose::error(error, lang));
        let refusal = Answer {
            text: Some(text),
            alert: true,
        };
        app.answer(&query.id, refusal).await;
        return;
    }
    app.answer(
        &query.id,
        Answer {
            text: None,
            alert: false,
        },
    )
    .await;
    if let Some(notice) = query.message.as_ref().and_then(|m| m.regular_message()) {
        edit_notice(app, place, notice, reply);
    }
}

/// After `/einzahlung` as a reply to the notice: the notice loses its buttons and says it.
pub fn replied<B: Api>(app: &App<B>, place: Place, message: &Message, reply: &Reply) {
    if reply.error_kind().is_some() {
        return;
    }
    if let Some((notice, _)) = notice_replied_to(message) {
        edit_notice(app, place, notice, reply);
    }
}

/// The claim's notice with how it was settled under it, without buttons.
fn edit_notice<B: Api>(app: &App<B>, place: Place, notice: &Message, reply: &Reply) {
    let said = compose::notices(reply).join("\n");
    let text = format!("{}\n\n{said}", notice.text().unwrap_or_default());
    let edit = EditWrite {
        message: notice.id.0,
        text: bot_core::render::clip(&text, compose::MAX_TEXT),
        markup: InlineKeyboardMarkup::default(),
    };
    app.outbox.edit(place.chat, edit);
}
