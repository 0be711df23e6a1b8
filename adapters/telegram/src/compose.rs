//! Message texts from a reply, with the shared renderer: the table message with this reply's
//! notices under it, answers, refusals, alerts. Telegram's limits are applied here (4096
//! characters per message, 200 per alert).

use bot_core::render::{Surface, Voice, self, clip};
use bot_core::service::{Content, Notice, PrivateView, PublicTable, Reply};
use bot_core::text::Lang;

/// The longest message text Telegram takes.
pub const MAX_TEXT: usize = 4096;
/// The longest alert (answerCallbackQuery) text.
pub const MAX_ALERT: usize = 200;

/// The public notices of a reply, one line each, in the chat's language.
pub fn notices(reply: &Reply) -> Vec<String> {
    reply
        .notices
        .iter()
        .filter_map(|n| render::notice_text(n, reply.table.as_ref(), Voice::new(reply.lang, Surface::Telegram)))
        .collect()
}

/// The table message: the table, then what just happened.
pub fn table_message(t: &PublicTable, reply: &Reply) -> String {
    let mut text = render::table_text(t, reply.lang);
    let lines = notices(reply);
    if !lines.is_empty() {
        text.push_str("\n\n");
        text.push_str(&lines.join("\n"));
    }
    clip(&text, MAX_TEXT)
}

/// A read-only answer, after the notices that came with it (a rules change names the rules,
/// then shows them).
pub fn content_message(content: &Content, reply: &Reply) -> String {
    let mut parts = notices(reply);
    parts.push(render::content_text(content, Voice::new(reply.lang, Surface::Telegram)));
    clip(&parts.join("\n\n"), MAX_TEXT)
}

/// Public notices that came without a table or content (a payment, a timer change).
pub fn notice_message(reply: &Reply) -> Option<String> {
    let lines = notices(reply);
    (!lines.is_empty()).then(|| clip(&lines.join("\n"), MAX_TEXT))
}

/// The actor's own notices (refusals, "already done", "you do not play this round") in his
/// language; `table` names the seats a refusal mentions.
pub fn private_notices(reply: &Reply, table: Option<&PublicTable>) -> Option<String> {
    let table = reply.table.as_ref().or(table);
    let lines: Vec<String> = reply
        .private_notices
        .iter()
        .filter_map(|n| render::notice_text(n, table, Voice::new(reply.actor_lang, Surface::Telegram)))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Whether the private notices say something the presser should read in an alert rather than
/// a fleeting toast.
pub fn is_refusal(reply: &Reply) -> bool {
    reply
        .private_notices
        .iter()
        .any(|n| matches!(n, Notice::Error(_) | Notice::Stale | Notice::NotPlaying))
}

/// Whether a refusal says something about the actor's covered dice ("there is no 4 in your
/// cup", "turning needs two sixes"): not for the group's eyes.
pub fn tells_about_cup(reply: &Reply) -> bool {
    use bot_core::engine::ActionError;
    use bot_core::service::ServiceError;
    matches!(
        reply.error_kind(),
        Some(ServiceError::Action(
            ActionError::NotInCup { .. } | ActionError::NoTwoSixes
        ))
    )
}

/// The actor's cup as an alert.
pub fn alert(p: &PrivateView) -> String {
    clip(&render::private_alert(p), MAX_ALERT)
}

/// The private chat's cup message.
pub fn private_message(p: &PrivateView) -> String {
    clip(&render::private_text(p), MAX_TEXT)
}

/// A refusal for an alert.
pub fn alert_text(text: &str) -> String {
    clip(text, MAX_ALERT)
}

/// A round's reveal message.
pub fn reveal(summary: &bot_core::engine::RoundSummary, t: &PublicTable, lang: Lang) -> String {
    clip(&render::reveal_text(summary, t, lang), MAX_TEXT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_counts_characters() {
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("⚀⚁⚂⚃", 3), "⚀⚁…");
        assert_eq!(clip(&"x".repeat(5000), MAX_TEXT).chars().count(), MAX_TEXT);
    }
}
