//! Inline keyboards: the shared renderer's buttons as Telegram buttons (`callback_data` is the
//! versioned button id), the deep link to the private chat under the table, and the private
//! cup's full controls.

use crate::place::Place;
use crate::text;
use crate::web_app::WebApp;
use bot_core::render::{self, Button};
use bot_core::service::{ButtonAction, ButtonId, PrivateView, PublicTable, TableStatus};
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

/// `https://t.me/<bot>?start=g<chat>[_<topic>]`: opens the private chat and sends
/// `/start g<chat>[_<topic>]`.
pub fn deep_link(username: &str, place: Place) -> String {
    format!("https://t.me/{username}?start={}", place.start_payload())
}

/// The table message's keyboard: roll, look at my cup, stand (or join, go) — nothing that
/// depends on hidden dice — and, in a group with an open table, the link to the private cup
/// and the one that opens the table in the browser (the bot's Mini App).
pub fn table(
    t: &PublicTable,
    lang: Lang,
    place: Place,
    username: &str,
    web_app: Option<&WebApp>,
) -> InlineKeyboardMarkup {
    let mut markup = inline(&render::table_buttons(t, lang));
    // A real table has no cups: nothing to take private.
    let open = !t.tally && matches!(t.status, TableStatus::Lobby | TableStatus::Running);
    if open && place.is_group() && !username.is_empty() {
        let label = text::tr(lang, "button-private", &[]);
        if let Ok(url) = deep_link(username, place).parse() {
            markup = markup.append_row([InlineKeyboardButton::url(label, url)]);
        }
    }
    if let Some(app) = web_app.filter(|_| open && !username.is_empty()) {
        let label = bot_core::text::tr(lang, "button-play", &[]);
        if let Ok(url) = web_app_link(username, app, place).parse() {
            markup = markup.append_row([InlineKeyboardButton::url(label, url)]);
        }
    }
    markup
}

/// `https://t.me/<bot>/<app>?startapp=<table token>`: opens the Mini App on this place's
/// table, in groups too.
pub fn web_app_link(username: &str, app: &WebApp, place: Place) -> String {
    let token = app.tokens.token(&place.id());
    format!(
        "https://t.me/{username}/{}?startapp={token}",
        app.short_name
    )
}

/// A player's private controls (a covered cup offers "look at my cup").
pub fn private_rows(p: &PrivateView) -> Vec<Vec<Button>> {
    render::private_buttons(p)
}

pub fn private(p: &PrivateView) -> InlineKeyboardMarkup {
    inline(&private_rows(p))
}

/// One "look at my cup" button for a table (under a confirmation of a typed roll).
pub fn look(table: i64, version: u64, lang: Lang) -> InlineKeyboardMarkup {
    let id = ButtonId::new(ButtonAction::Look, table, version).encode();
    let label = bot_core::text::tr(lang, "button-look", &[]);
    InlineKeyboardMarkup::new([[InlineKeyboardButton::callback(label, id)]])
}

/// Under a neutral answer to a typed `/tipp` in the group (the bot cannot write to the asker
/// privately): "💡 Tipp" for an alert only he sees (if the place's table is known), and the
/// deep link that opens the private chat, where hints come from then on.
pub fn hint(
    table: Option<(i64, u64)>,
    lang: Lang,
    place: Place,
    username: &str,
) -> InlineKeyboardMarkup {
    let mut rows = Vec::new();
    if let Some((table, version)) = table {
        let id = ButtonId::new(ButtonAction::Hint, table, version).encode();
        let label = bot_core::text::tr(lang, "button-hint", &[]);
        rows.push(vec![InlineKeyboardButton::callback(label, id)]);
    }
    if place.is_group() && !username.is_empty() {
        let label = text::tr(lang, "button-private", &[]);
        if let Ok(url) = deep_link(username, place).parse() {
            rows.push(vec![InlineKeyboardButton::url(label, url)]);
        }
    }
    InlineKeyboardMarkup::new(rows)
}

/// Under a member's claim that he paid (issue 37): another member confirms or rejects it with
/// one tap.
pub fn claim(claim: i64, lang: Lang) -> InlineKeyboardMarkup {
    let button = |action: ButtonAction, label: &str| {
        let id = ButtonId::new(action, claim, 0).encode();
        InlineKeyboardButton::callback(text::tr(lang, label, &[]), id)
    };
    InlineKeyboardMarkup::new([[
        button(ButtonAction::ConfirmClaim, "button-claim-confirm"),
        button(ButtonAction::RejectClaim, "button-claim-reject"),
    ]])
}

/// The claim a message's buttons settle (the bot's claim notice), if any.
pub fn claim_of(markup: &InlineKeyboardMarkup) -> Option<i64> {
    callback_data(markup).iter().find_map(|data| {
        ButtonId::parse(data)
            .ok()
            .filter(|b| b.action == ButtonAction::ConfirmClaim)
            .map(|b| b.table)
    })
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
            deep_link("SchockenBot", Place::chat(-100_123)),
            "https://t.me/SchockenBot?start=g-100123"
        );
        let topic = Place {
            chat: -100_123,
            thread: Some(7),
        };
        assert_eq!(
            deep_link("SchockenBot", topic),
            "https://t.me/SchockenBot?start=g-100123_7"
        );
    }

    #[test]
    fn a_hint_button_and_the_way_to_the_private_chat() {
        let group = Place::chat(-100_123);
        let markup = hint(Some((7, 3)), Lang::De, group, "SchockenBot");
        assert_eq!(callback_data(&markup), ["v1:h:7:3"]);
        assert_eq!(markup.inline_keyboard.len(), 2, "the deep link too");
        let markup = hint(None, Lang::En, group, "SchockenBot");
        assert!(callback_data(&markup).is_empty());
        assert_eq!(markup.inline_keyboard.len(), 1);
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
