//! Who and where: Telegram users and chats as the service's platform-qualified ids, actors
//! with their names and languages, and the references to the table message.

use bot_core::service::{Actor, ChatId, UserId};
use bot_core::text::Lang;
use teloxide::types::User;

pub const PLATFORM: &str = "telegram";

/// The service's id of a Telegram chat: `telegram:<chat id>`.
pub fn chat_id(chat: i64) -> ChatId {
    ChatId::new(PLATFORM, chat)
}

/// The Telegram chat id behind a service chat id, if it is a Telegram chat (not a topic).
pub fn telegram_chat(chat: &ChatId) -> Option<i64> {
    let plain = chat.platform() == PLATFORM && chat.server().is_none() && chat.topic().is_none();
    plain.then(|| chat.chat().parse().ok()).flatten()
}

pub fn user_id(user: u64) -> UserId {
    UserId::new(PLATFORM, user)
}

/// The Telegram user id behind a service user id.
pub fn telegram_user(user: &UserId) -> Option<u64> {
    user.as_str().strip_prefix("telegram:")?.parse().ok()
}

/// The name at the table: first and last name, else the username.
pub fn display_name(user: &User) -> String {
    let mut name = user.first_name.trim().to_string();
    if let Some(last) = user.last_name.as_deref().map(str::trim)
        && !last.is_empty()
    {
        if !name.is_empty() {
            name.push(' ');
        }
        name.push_str(last);
    }
    if name.is_empty() {
        name = user.username.clone().unwrap_or_else(|| "?".into());
    }
    name
}

/// The user's language from his `language_code` (German by default).
pub fn lang(user: &User) -> Lang {
    Lang::from_code(user.language_code.as_deref().unwrap_or(""))
}

pub fn actor(user: &User, admin: bool) -> Actor {
    Actor::new(
        user_id(user.id.0),
        display_name(user),
        Some(lang(user)),
        admin,
    )
}

/// The table message as the service remembers it: `<chat>:<message id>`.
pub fn message_ref(chat: i64, message: i32) -> String {
    format!("{chat}:{message}")
}

/// A stored table message reference, if it is one of ours.
pub fn parse_message_ref(text: &str) -> Option<(i64, i32)> {
    let (chat, message) = text.split_once(':')?;
    Some((chat.parse().ok()?, message.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use teloxide::types::UserId as TgUserId;

    fn user(first: &str, last: Option<&str>, username: Option<&str>, code: Option<&str>) -> User {
        User {
            id: TgUserId(7),
            is_bot: false,
            first_name: first.into(),
            last_name: last.map(Into::into),
            username: username.map(Into::into),
            language_code: code.map(Into::into),
            is_premium: false,
            added_to_attachment_menu: false,
        }
    }

    #[test]
    fn ids_round_trip() {
        assert_eq!(chat_id(-1001).to_string(), "telegram:-1001");
        assert_eq!(telegram_chat(&chat_id(-1001)), Some(-1001));
        assert_eq!(telegram_chat(&ChatId::new("discord", "1/2")), None);
        assert_eq!(telegram_user(&user_id(42)), Some(42));
        assert_eq!(parse_message_ref(&message_ref(-5, 17)), Some((-5, 17)));
        assert_eq!(parse_message_ref("x"), None);
    }

    #[test]
    fn names_and_languages() {
        let anna = user("Anna", Some("Maier"), None, Some("en-GB"));
        assert_eq!(display_name(&anna), "Anna Maier");
        assert_eq!(lang(&anna), Lang::En);
        let nameless = user(" ", None, Some("bene"), None);
        assert_eq!(display_name(&nameless), "bene");
        assert_eq!(lang(&nameless), Lang::De);
        let a = actor(&anna, true);
        assert_eq!(a.user.as_str(), "telegram:7");
        assert!(a.admin);
    }
}
