//! Inline keyboards: the shared renderer's buttons as Telegram buttons (`callback_data` is the
//! versioned button id), the deep link to the private chat under the table, and the private
//! cup's full controls.

use crate::identity::start_payload;
use crate::text;
use bot_core::render::{self, Button};
use bot_core::service::{PrivateView, PublicTable, TableStatus};
use bot_core::text::Lang;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// The renderer's button rows as an inline keyboard.
pub fn inline(rows: &[Vec<Button>]) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(rows.iter().map(|row| {
        row.iter()
            .map(|b| InlineKeyboardButton::callback(b.label.clone(), b.id.clone()))
            .collect::<Vec<_>>()
    }))
}

/// `https://t.me/<bot>?start=g<chat>`: opens the private chat and sends `/start g<chat>`.
pub fn deep_link(username: &str, chat: i64) -> String {
    format!("https://t.me/{username}?start={}", start_payload(chat))
}

/// The table message's keyboard: roll, look at my cup, stand (or join, go) — nothing that
/// depends on hidden dice — and, in a group with an open table, the link to the private cup.
pub fn table(t: &PublicTable, lang: Lang, chat: i64, username: &str) -> InlineKeyboardMarkup {
    let mut markup = inline(&render::table_buttons(t, lang));
    let open = matches!(t.status, TableStatus::Lobby | TableStatus::Running);
    if open && chat < 0 && !username.is_empty() {
        let label = text::tr(lang, "button-private", &[]);
        if let Ok(url) = deep_link(username, chat).parse() {
            markup = markup.append_row([InlineKeyboardButton::url(label, url)]);
        }
    }
    markup
}

/// A player's private controls (a covered cup offers "look at my cup").
pub fn private_rows(p: &PrivateView) -> Vec<Vec<Button>> {
    render::private_buttons(p)
}

pub fn private(p: &PrivateView) -> InlineKeyboardMarkup {
    inline(&private_rows(p))
}

/// Every `callback_data` of a keyboard (for checks).
pub fn callback_data(markup: &InlineKeyboardMarkup) -> Vec<String> {
    use teloxide::types::InlineKeyboardButtonKind;
    markup
        .inline_keyboard
        .iter()
        .flatten()
        .filter_map(|b| match &b.kind {
            InlineKeyboardButtonKind::CallbackData(d) => Some(d.clone()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::render::ButtonStyle;

    #[test]
    fn deep_links_carry_the_group() {
        assert_eq!(
            deep_link("SchockenBot", -100_123),
            "https://t.me/SchockenBot?start=g-100123"
        );
    }

    #[test]
    fn buttons_keep_their_ids() {
        let rows = vec![vec![Button {
            id: "v1:r:1:0".into(),
            label: "🎲".into(),
            style: ButtonStyle::Primary,
        }]];
        let markup = inline(&rows);
        assert_eq!(callback_data(&markup), ["v1:r:1:0"]);
        for id in callback_data(&markup) {
            assert!(id.len() <= 64);
        }
    }
}
