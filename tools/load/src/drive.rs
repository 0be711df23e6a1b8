//! Scripted players: one task per table sets the chat's house rules once, opens a game, seats
//! its players, starts, and then the player whose turn it is rolls once and stands, after a
//! think time — game after game. They behave like people: they press the buttons of the
//! table message as they see it (it may be a few seconds behind), never press the same move
//! twice for one turn, and wait for the table message to show what happened. On Telegram a
//! table may play through the players' private chats instead: each player presses START
//! with the deep link under the table message once, and then acts on the cup that arrives
//! privately when it is his turn.

mod play;

pub use play::{CupTurn, play};

use crate::watch::{DiscordWatch, Sent, TableMessage, TelegramWatch};
use schocken_fakes::discord::{FakeDiscord, FakeUser, Place, Slash};
use schocken_fakes::telegram::{FakeTelegram, TgChat, TgUser};

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Shared by every table task.
pub struct Arena {
    pub discord: Option<FakeDiscord>,
    pub telegram: Option<FakeTelegram>,
    pub discord_watch: Mutex<DiscordWatch>,
    pub telegram_watch: Mutex<TelegramWatch>,
    pub think: Duration,
    /// Tables open at random moments within this time (people do not all open their table in
    /// the same second).
    pub open_within: Duration,
    /// House rules an admin sets once per chat (`deckel=3`), if any.
    pub rules: Option<String>,
    pub stop: AtomicBool,
    /// Interactions and updates sent to the bot.
    pub sent: AtomicU64,
    /// Games the players saw end.
    pub games_finished: AtomicU64,
}

/// One table: where it is and who sits at it.
#[derive(Clone, Debug)]
pub enum Seats {
    Discord {
        place: Place,
        users: Vec<FakeUser>,
    },
    Telegram {
        chat: TgChat,
        users: Vec<TgUser>,
        /// The players act on their private cups (after START with the deep link).
        private: bool,
    },
}

impl Seats {
    pub fn discord(index: usize, guild: u64, players: usize) -> Seats {
        let channel = 2_000_000_000_000_000_000 + index as u64;
        Seats::Discord {
            place: Place {
                guild_id: Some(guild),
                channel_id: channel,
                guild_locale: Some("de".into()),
            },
            users: (0..players)
                .map(|p| {
                    let id = 3_000_000_000_000_000_000 + (index * 16 + p) as u64;
                    let user = FakeUser::new(id, &format!("d{index}p{p}"))
                        .global_name(&format!("D{index}P{p}"));
                    // The first player may set the channel's house rules.
                    if p == 0 { user.manage_guild() } else { user }
                })
                .collect(),
        }
    }

    /// A supergroup (`-100…`, as busy groups are) with `players` members.
    pub fn telegram(index: usize, players: usize, private: bool) -> Seats {
        let chat = -1_002_000_000_000 - index as i64;
        Seats::Telegram {
            chat: TgChat::supergroup(chat, &format!("Tisch {index}")),
            users: (0..players)
                .map(|p| {
                    TgUser::new(
                        5_000_000 + (index * 16 + p) as i64,
                        &format!("T{index}P{p}"),
                    )
                })
                .collect(),
            private,
        }
    }

    fn names(&self) -> Vec<String> {
        match self {
            Seats::Discord { users, .. } => users
                .iter()
                .map(|u| u.global_name.clone().unwrap_or_else(|| u.username.clone()))
                .collect(),
            Seats::Telegram { users, .. } => users.iter().map(|u| u.first_name.clone()).collect(),
        }
    }

    fn private(&self) -> bool {
        matches!(self, Seats::Telegram { private: true, .. })
    }

    /// The group or channel id.
    pub fn chat(&self) -> i64 {
        match self {
            Seats::Discord { place, .. } => place.channel_id as i64,
            Seats::Telegram { chat, .. } => chat.id,
        }
    }
}

/// What a player does.
pub(crate) enum Move<'a> {
    /// A command: `new`, `join`, `start`.
    Command(&'static str),
    /// Set the chat's house rules (as an admin).
    Rules(&'a str),
    /// A button of the table message.
    Press(&'a TableMessage, &'a str),
    /// A button of the player's private cup (Telegram).
    PrivatePress(&'a TableMessage, &'a str),
    /// START in the private chat with the deep link's payload (Telegram).
    Start(&'a str),
}

/// A roll or stand from a message made for (table, version).
fn moves(message: &TableMessage, id: &str) -> Option<(u64, u64)> {
    (id.starts_with("v1:r:") || id.starts_with("v1:s:")).then_some((message.table, message.version))
}

impl Arena {
    pub(crate) fn table(&self, seats: &Seats) -> Option<TableMessage> {
        match seats {
            Seats::Discord { place, .. } => self
                .discord_watch
                .lock()
                .ok()?
                .table(place.channel_id)
                .cloned(),
            Seats::Telegram { chat, .. } => {
                self.telegram_watch.lock().ok()?.table(chat.id).cloned()
            }
        }
    }

    fn cup(&self, user: &TgUser) -> Option<TableMessage> {
        self.telegram_watch.lock().ok()?.cup(user.id).cloned()
    }

    pub(crate) fn act(&self, seats: &Seats, player: usize, m: Move<'_>) -> bool {
        let sent = match seats {
            Seats::Discord { place, users } => self.act_discord(place, &users[player], m),
            Seats::Telegram { chat, users, .. } => self.act_telegram(chat, &users[player], m),
        };
        if sent {
            self.sent.fetch_add(1, Ordering::Relaxed);
        }
        sent
    }

    fn act_discord(&self, place: &Place, user: &FakeUser, m: Move<'_>) -> bool {
        let Some(fake) = self.discord.as_ref() else {
            return false;
        };
        let (injected, moved) = match m {
            Move::Command(name) => (
                fake.slash_in(place, user, &Slash::new("schocken").subcommand(name)),
                None,
            ),
            Move::Rules(text) => (
                fake.slash_in(
                    place,
                    user,
                    &Slash::new("schocken")
                        .subcommand("rules")
                        .string("text", text),
                ),
                None,
            ),
            Move::Press(table, id) => (
                fake.click_in(place, user, table.message_id as u64, id),
                moves(table, id),
            ),
            Move::PrivatePress(..) | Move::Start(_) => return false,
        };
        let Ok(injected) = injected else {
            return false;
        };
        if let Ok(mut w) = self.discord_watch.lock() {
            w.injected(
                injected.id,
                Sent {
                    chat: place.channel_id as i64,
                    at: injected.at,
                    moves: moved,
                },
            );
        }
        true
    }

    fn act_telegram(&self, chat: &TgChat, user: &TgUser, m: Move<'_>) -> bool {
        let Some(fake) = self.telegram.as_ref() else {
            return false;
        };
        let (injected, moved) = match m {
            Move::Command(name) => (fake.command(chat, user, &format!("/{name}")), None),
            Move::Rules(text) => {
                fake.set_admin(chat.id, user.id);
                (fake.command(chat, user, &format!("/regeln {text}")), None)
            }
            Move::Press(table, id) => (
                fake.press(chat, user, table.message_id, id),
                moves(table, id),
            ),
            Move::PrivatePress(cup, id) => (
                fake.press(&TgChat::private(user), user, cup.message_id, id),
                moves(cup, id),
            ),
            Move::Start(payload) => (fake.start_private(user, Some(payload)), None),
        };
        if let Ok(mut w) = self.telegram_watch.lock() {
            match injected.callback_id {
                Some(id) => w.pressed(
                    id,
                    Sent {
                        chat: chat.id,
                        at: injected.at,
                        moves: moved,
                    },
                ),
                None => w.commanded(injected.chat_id.unwrap_or(chat.id), injected.at),
            }
        }
        true
    }
}
