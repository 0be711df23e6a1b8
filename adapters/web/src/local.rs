//! `schocken web`: the browser twin of the terminal table. One keyboard, every player at it,
//! the same table and players the terminal has (`console:<table>`, `console:<name>`), so a
//! game started at the terminal goes on in the browser and back.

use bot_core::service::{Actor, ChatId, UserId};
use bot_core::text::Lang;

/// The place of the local table `name`.
pub fn place(table: &str) -> ChatId {
    ChatId::new("console", table)
}

/// A player at the local keyboard: as at the terminal, everybody administers the table.
pub fn player(name: &str, lang: Lang) -> Actor {
    Actor::new(
        UserId::new("console", name.to_lowercase()),
        name,
        Some(lang),
        true,
    )
}
