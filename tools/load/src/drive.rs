//! Scripted players: one task per table opens a game, seats its players, starts, and then the
//! player whose turn it is rolls once and stands, after a think time — game after game.

use crate::watch::{DiscordWatch, TableMessage, TelegramWatch};
use schocken_fakes::discord::{FakeDiscord, FakeUser, Place, Slash};
use schocken_fakes::telegram::{FakeTelegram, TgChat, TgUser};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Shared by every table task.
pub struct Arena {
    pub discord: Option<FakeDiscord>,
    pub telegram: Option<FakeTelegram>,
    pub discord_watch: Mutex<DiscordWatch>,
    pub telegram_watch: Mutex<TelegramWatch>,
    pub think: Duration,
    pub stop: AtomicBool,
    /// Interactions and updates sent to the bot.
    pub sent: AtomicU64,
    /// Games the players saw end.
    pub games_finished: AtomicU64,
}

/// One table: where it is and who sits at it.
#[derive(Clone, Debug)]
pub enum Seats {
    Discord { place: Place, users: Vec<FakeUser> },
    Telegram { chat: TgChat, users: Vec<TgUser> },
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
                    FakeUser::new(id, &format!("d{index}p{p}"))
                        .global_name(&format!("D{index}P{p}"))
                })
                .collect(),
        }
    }

    pub fn telegram(index: usize, players: usize) -> Seats {
        let chat = -1_000_000_000_000 - index as i64;
        Seats::Telegram {
            chat: TgChat::group(chat, &format!("Tisch {index}")),
            users: (0..players)
                .map(|p| {
                    TgUser::new(
                        5_000_000 + (index * 16 + p) as i64,
                        &format!("T{index}P{p}"),
                    )
                })
                .collect(),
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
}

/// What a player does.
enum Move<'a> {
    /// A command: `new`, `join`, `start`.
    Command(&'static str),
    /// A button of the table message.
    Press(&'a TableMessage, &'a str),
}

impl Arena {
    fn table(&self, seats: &Seats) -> Option<TableMessage> {
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

    fn act(&self, seats: &Seats, player: usize, m: Move<'_>) -> bool {
        let discord_sent = |injected: Option<schocken_fakes::discord::Injected>| match injected {
            Some(i) => {
                if let Ok(mut w) = self.discord_watch.lock() {
                    w.injected(i.id, i.at);
                }
                true
            }
            None => false,
        };
        let sent = match (seats, m) {
            (Seats::Discord { place, users }, Move::Command(name)) => self
                .discord
                .as_ref()
                .and_then(|f| {
                    f.slash_in(
                        place,
                        &users[player],
                        &Slash::new("schocken").subcommand(name),
                    )
                    .ok()
                })
                .is_some_and(|i| discord_sent(Some(i))),
            (Seats::Discord { place, users }, Move::Press(table, id)) => self
                .discord
                .as_ref()
                .and_then(|f| {
                    f.click_in(place, &users[player], table.message_id as u64, id)
                        .ok()
                })
                .is_some_and(|i| discord_sent(Some(i))),
            (Seats::Telegram { chat, users }, m) => {
                let Some(fake) = self.telegram.as_ref() else {
                    return false;
                };
                let injected = match m {
                    Move::Command(name) => fake.command(chat, &users[player], &format!("/{name}")),
                    Move::Press(table, id) => {
                        fake.press(chat, &users[player], table.message_id, id)
                    }
                };
                if let Ok(mut w) = self.telegram_watch.lock() {
                    w.injected(chat.id, injected.callback_id.clone(), injected.at);
                }
                true
            }
        };
        if sent {
            self.sent.fetch_add(1, Ordering::Relaxed);
        }
        sent
    }
}

/// The names seated in a lobby message ("Am Tisch (2): Anna, Ben").
fn seated(content: &str) -> Vec<String> {
    content
        .lines()
        .find(|l| l.starts_with("Am Tisch (") || l.starts_with("At the table ("))
        .and_then(|l| l.split_once("): "))
        .map(|(_, names)| names.split(", ").map(str::to_string).collect())
        .unwrap_or_default()
}

/// Plays games at one table until the arena stops. Each step looks at the table message as it
/// is now and does what the table needs (open a game, join, start, move), so a bot killed
/// in the middle of anything is simply picked up where the table stands.
pub async fn play(arena: Arc<Arena>, seats: Seats, seed: u64) {
    use rand::{Rng, SeedableRng};
    // Players think for 0.5 to 1.5 times the think time, and tables open at different
    // moments: arrivals spread out like real ones instead of all tables moving in step.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut think = move |base: Duration| base.mul_f64(rng.random_range(0.5..1.5));
    tokio::time::sleep(think(arena.think) * 2).await;
    let names = seats.names();
    // A step the bot did not answer (it may have died meanwhile) is tried again after this.
    let patience = Duration::from_secs(2);
    let mut last: Option<(u64, u64, bool, Instant)> = None;
    let mut counted: Option<u64> = None;
    while !arena.stop.load(Ordering::Relaxed) {
        tokio::time::sleep(think(arena.think).max(Duration::from_millis(5))).await;
        let table = arena.table(&seats);
        let state = table
            .as_ref()
            .map(|t| (t.table, t.version, t.finished))
            .unwrap_or((0, 0, true));
        // Wait for the answer to the last step, unless it is overdue.
        if let Some((table_id, version, finished, at)) = last
            && (table_id, version, finished) == state
            && at.elapsed() < patience
        {
            continue;
        }
        last = Some((state.0, state.1, state.2, Instant::now()));
        let Some(t) = table.filter(|t| !t.finished) else {
            // No game yet, or it ended: open the next one.
            if let Some(t) = arena.table(&seats).filter(|t| t.finished)
                && counted != Some(t.table)
            {
                counted = Some(t.table);
                arena.games_finished.fetch_add(1, Ordering::Relaxed);
            }
            arena.act(&seats, 0, Move::Command("new"));
            continue;
        };
        if t.button("v1:j:").is_some() {
            // The lobby: seat whoever is missing, then start.
            let sitting = seated(&t.content);
            match names.iter().position(|n| !sitting.contains(n)) {
                Some(p) => {
                    arena.act(&seats, p, Move::Command("join"));
                }
                None => {
                    if let Some(start) = t.button("v1:g:").map(str::to_string) {
                        arena.act(&seats, 0, Move::Press(&t, &start));
                    }
                }
            }
            continue;
        }
        // The game: whoever is to play rolls once, then stands.
        let Some((name, used, max)) = t.current() else {
            continue;
        };
        let Some(player) = names.iter().position(|n| *n == name) else {
            continue;
        };
        let prefix = if used < 2 && max > used {
            "v1:r:"
        } else {
            "v1:s:"
        };
        if let Some(id) = t.button(prefix).map(str::to_string) {
            arena.act(&seats, player, Move::Press(&t, &id));
        }
    }
}
