//! Message texts from a reply, with the shared renderer in Telegram's voice: the table
//! message's parts, answers, refusals, alerts. Telegram's limits are applied here (4096
//! characters per message, 200 per alert).

use bot_core::render::{self, Surface, Voice, clip};
use bot_core::service::club::ClubContent;
use bot_core::service::{Content, PrivateView, Reply, ServiceError};
use bot_core::text::Lang;

/// The longest message text Telegram takes.
pub const MAX_TEXT: usize = 4096;
/// The longest alert (answerCallbackQuery) text.
pub const MAX_ALERT: usize = 200;
/// The longest caption of a document.
pub const MAX_CAPTION: usize = 1024;

/// Texts for a reader in `lang`, as Telegram spells commands.
pub fn voice(lang: Lang) -> Voice {
    Voice::new(lang, Surface::Telegram)
}

/// The public notices of a reply, one line each, in the chat's language.
pub fn notices(reply: &Reply) -> Vec<String> {
    reply
        .notices
        .iter()
        .filter_map(|n| render::notice_text(n, reply.table.as_ref(), voice(reply.lang)))
        .collect()
}

/// A read-only answer, after the notices that came with it.
pub fn content_message(content: &Content, reply: &Reply) -> String {
    let mut parts = notices(reply);
    parts.push(render::content_text(content, voice(reply.lang)));
    clip(&parts.join("\n\n"), MAX_TEXT)
}

/// A closed club evening (issues 25, 37): its table as a picture, with the notices and the
/// whole summary as the caption — the member lines too, readable and searchable — or, when
/// that is longer than a caption may be, the head figures as the caption and the summary in
/// a message right after. `None` for any other content, or if the picture could not be drawn
/// (the text then says it all).
pub fn night_picture(content: &Content, reply: &Reply) -> Option<NightPicture> {
    let Content::Club(club) = content else {
        return None;
    };
    let ClubContent::Night(report) = club.as_ref() else {
        return None;
    };
    report.closed_at?;
    // The picture and its name as every surface hands them out.
    let render::FileOut {
        name, bytes: png, ..
    } = render::content_file(content, reply.lang)?;
    let mut parts = notices(reply);
    let whole = render::content_text(content, voice(reply.lang));
    let with_all = [parts.clone(), vec![whole.clone()]].concat().join("\n\n");
    // Telegram counts a caption in UTF-16 units (an emoji is two).
    if with_all.encode_utf16().count() <= MAX_CAPTION {
        return Some(NightPicture {
            caption: with_all,
            text: None,
            name,
            png,
        });
    }
    parts.push(render::club::night_caption(report, reply.lang));
    Some(NightPicture {
        caption: parts.join("\n\n"),
        text: Some(clip(&whole, MAX_TEXT)),
        name,
        png,
    })
}

/// A closed evening's picture, its caption, and the summary to send after it if the caption
/// could not hold it.
pub struct NightPicture {
    pub caption: String,
    pub text: Option<String>,
    pub name: String,
    pub png: Vec<u8>,
}

/// Public notices that came without a table or content (a payment, a timer change).
pub fn notice_message(reply: &Reply) -> Option<String> {
    let lines = notices(reply);
    (!lines.is_empty()).then(|| clip(&lines.join("\n"), MAX_TEXT))
}

/// The actor's own notices (refusals, "already done", "you do not play this round") in his
/// language.
pub fn private_notices(reply: &Reply) -> Option<String> {
    let lines: Vec<String> = reply
        .private_notices
        .iter()
        .filter_map(|n| render::notice_text(n, reply.table.as_ref(), voice(reply.actor_lang)))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// A refusal before the service was asked (a forged button, unreadable arguments).
pub fn error(e: &ServiceError, lang: Lang) -> String {
    render::error_text(e, None, voice(lang))
}

/// The help, in the asker's language.
pub fn help(lang: Lang) -> String {
    render::content_text(&Content::Help, voice(lang))
}

/// The actor's cup as an alert.
pub fn alert(p: &PrivateView) -> String {
    clip(&render::private_alert(p), MAX_ALERT)
}

/// The private chat's cup message.
pub fn private_message(p: &PrivateView) -> String {
    clip(&render::private_text(p), MAX_TEXT)
}

/// A text for an alert.
pub fn alert_text(text: &str) -> String {
    clip(text, MAX_ALERT)
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

    #[test]
    fn hints_speak_telegram() {
        let text = error(&ServiceError::NoTable, Lang::De);
        assert!(!text.contains("/schocken"), "{text}");
    }
}
