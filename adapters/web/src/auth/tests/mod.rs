//! The logins' tests: Telegram's initData (`telegram.rs`), Discord's OAuth against the fake
//! Discord (`discord.rs`), and here the identities: the same user ids, names and languages
//! the chat adapters give.

mod discord;
mod telegram;

use super::*;

fn anna() -> TelegramUser {
    TelegramUser {
        id: 42,
        first_name: "Anna".into(),
        last_name: Some("Maier".into()),
        username: Some("anna_m".into()),
        language_code: Some("en-GB".into()),
    }
}

fn ben() -> DiscordUser {
    DiscordUser {
        id: 1_300_000_000_000_000_042,
        username: "ben".into(),
        global_name: Some("Ben B.".into()),
        locale: Some("de".into()),
    }
}

#[test]
fn telegram_users_get_the_chat_adapters_user_id_name_and_language() {
    let who = Identity::Telegram(anna());
    // adapters/telegram/src/identity.rs: UserId::new("telegram", user.id.0)
    assert_eq!(who.user_id(), UserId::new("telegram", 42u64));
    assert_eq!(who.user_id().as_str(), "telegram:42");
    assert_eq!(who.name(), "Anna Maier");
    assert_eq!(who.lang(), Lang::En);
}

#[test]
fn telegram_names_fall_back_as_in_the_chat() {
    let mut user = anna();
    user.last_name = Some("  ".into());
    assert_eq!(user.display_name(), "Anna");
    user.first_name = " ".into();
    assert_eq!(user.display_name(), "anna_m");
    user.username = None;
    assert_eq!(user.display_name(), "?");
    user.language_code = None;
    assert_eq!(Identity::Telegram(user).lang(), Lang::De);
}

#[test]
fn discord_users_get_the_chat_adapters_user_id_name_and_language() {
    let who = Identity::Discord(ben());
    // adapters/discord/src/origin.rs: UserId::new("discord", user.id)
    assert_eq!(who.user_id().as_str(), "discord:1300000000000000042");
    assert_eq!(who.name(), "Ben B.");
    assert_eq!(who.lang(), Lang::De);
    let mut plain = ben();
    plain.global_name = None;
    plain.locale = Some("en-US".into());
    assert_eq!(plain.display_name(), "ben");
    assert_eq!(Identity::Discord(plain).lang(), Lang::En);
}

#[test]
fn only_an_unreachable_platform_is_unavailable() {
    assert!(AuthError::Unavailable("502".into()).is_unavailable());
    for refusal in [
        AuthError::Tampered,
        AuthError::Expired { age_secs: 90_000 },
        AuthError::Refused("400 invalid_grant".into()),
        AuthError::Malformed("length"),
    ] {
        assert!(!refusal.is_unavailable(), "{refusal}");
    }
}

#[test]
fn codes_and_tokens_must_look_like_a_platforms() {
    assert!(plausible_secret("abcDEF123-_.~").is_ok());
    assert_eq!(plausible_secret(""), Err(AuthError::Malformed("length")));
    assert!(plausible_secret(&"x".repeat(512)).is_ok());
    assert_eq!(
        plausible_secret(&"x".repeat(513)),
        Err(AuthError::Malformed("length"))
    );
    for odd in ["a b", "a\nb", "a\tb", "äb", "a\u{7f}"] {
        assert_eq!(
            plausible_secret(odd),
            Err(AuthError::Malformed("characters")),
            "{odd:?}"
        );
    }
}
