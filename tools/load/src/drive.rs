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

/// Waits until `check` holds for the table message (or the run stops / time runs out).
async fn until(
    arena: &Arena,
    seats: &Seats,
    timeout: Duration,
    check: impl Fn(&TableMessage) -> bool,
) -> Option<TableMessage> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(t) = arena.table(seats).filter(|t| check(t)) {
            return Some(t);
        }
        if arena.stop.load(Ordering::Relaxed) || Instant::now() > deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays games at one table until the arena stops.
pub async fn play(arena: Arc<Arena>, seats: Seats, seed: u64) {
    use rand::{Rng, SeedableRng};
    // Players think for 0.5 to 1.5 times the think time, and tables open at different
    // moments: arrivals spread out like real ones instead of all tables moving in step.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut think = move |base: Duration| base.mul_f64(rng.random_range(0.5..1.5));
    tokio::time::sleep(think(arena.think) * 2).await;
    let names = seats.names();
    let players = names.len();
    let patience = Duration::from_secs(15);
    while !arena.stop.load(Ordering::Relaxed) {
        // A new game: open, seat everybody, start.
        let before = arena.table(&seats).map(|t| t.message_id);
        arena.act(&seats, 0, Move::Command("new"));
        let Some(mut table) = until(&arena, &seats, patience, |t| {
            Some(t.message_id) != before && t.button("v1:j:").is_some()
        })
        .await
        else {
            continue;
        };
        for p in 1..players {
            let version = table.version;
            arena.act(&seats, p, Move::Command("join"));
            match until(&arena, &seats, patience, |t| t.version > version).await {
                Some(t) => table = t,
                None => break,
            }
        }
        if let Some(start) = table.button("v1:g:").map(str::to_string) {
            arena.act(&seats, 0, Move::Press(&table, &start));
        }
        if until(&arena, &seats, patience, |t| {
            t.button("v1:r:").is_some() || t.finished
        })
        .await
        .is_none()
        {
            continue;
        }
        // The game: whoever is to play rolls once, then stands.
        let mut acted: Option<(u64, Instant)> = None;
        loop {
            tokio::time::sleep(think(arena.think)).await;
            if arena.stop.load(Ordering::Relaxed) {
                return;
            }
            let Some(t) = arena.table(&seats) else {
                continue;
            };
            if t.finished {
                arena.games_finished.fetch_add(1, Ordering::Relaxed);
                break;
            }
            // Wait for the answer to the last move (or try again after a while: the bot may
            // have been restarted in between).
            if let Some((version, at)) = acted
                && t.version <= version
                && at.elapsed() < patience
            {
                continue;
            }
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
            let Some(id) = t.button(prefix).map(str::to_string) else {
                continue;
            };
            arena.act(&seats, player, Move::Press(&t, &id));
            acted = Some((t.version, Instant::now()));
        }
    }
}
