//! Scripted players: one task per table sets the chat's house rules once, opens a game, seats
//! its players, starts, and then the player whose turn it is rolls once and stands, after a
//! think time — game after game. They behave like people: they press the buttons of the
//! table message as they see it (it may be a few seconds behind), never press the same move
//! twice for one turn, and wait for the table message to show what happened. On Telegram a
//! table may play through the players' private chats instead: each player presses START
//! with the deep link under the table message once, and then acts on the cup that arrives
//! privately when it is his turn.

use crate::watch::{DiscordWatch, Sent, TableMessage, TelegramWatch};
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

/// The names seated in a lobby message ("Am Tisch (2): Anna, Ben").
fn seated(content: &str) -> Vec<String> {
    content
        .lines()
        .find(|l| l.starts_with("Am Tisch (") || l.starts_with("At the table ("))
        .and_then(|l| l.split_once("): "))
        .map(|(_, names)| names.split(", ").map(str::to_string).collect())
        .unwrap_or_default()
}

/// One player's memory of his current turn: (table, round) he rolled in and whether that roll
/// was his last throw (the engine then stands for him), (table, round) he stood in, and when
/// he last pressed.
#[derive(Clone, Debug, Default)]
struct Turn {
    rolled: Option<(u64, String, bool)>,
    stood: Option<(u64, String)>,
    at: Option<Instant>,
}

/// A step the bot did not answer visibly (it may have died meanwhile, or a write was lost)
/// is tried again after this.
fn patience(seats: &Seats) -> Duration {
    match seats {
        // The table message follows within about a second.
        Seats::Discord { .. } => Duration::from_secs(4),
        // A group's table message every 3 s, later when the bot's overall budget is spent.
        Seats::Telegram { .. } => Duration::from_secs(10),
    }
}

/// Plays games at one table until the arena stops. Each step looks at the table message as it
/// is now and does what the table needs (open a game, join, start, move), so a bot killed
/// in the middle of anything is simply picked up where the table stands.
pub async fn play(arena: Arc<Arena>, seats: Seats, seed: u64) {
    use rand::{Rng, SeedableRng};
    // Players think for 0.5 to 1.5 times the think time, and tables open at different
    // moments: arrivals spread out like real ones instead of all tables moving in step.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let opening = arena.open_within.mul_f64(rng.random_range(0.0..1.0));
    let mut think = move |base: Duration| base.mul_f64(rng.random_range(0.5..1.5));
    tokio::time::sleep(opening).await;
    let names = seats.names();
    let patience = patience(&seats);
    let mut turns = vec![Turn::default(); names.len()];
    // The same for the private cups, and when a player last acted on one.
    let mut cups = vec![CupTurn::default(); names.len()];
    let mut private_at = Instant::now();
    // Players who pressed START in their private chat (Telegram, private tables).
    let mut started = vec![false; names.len()];
    let mut rules_set = arena.rules.is_none();
    // The last step that waits for the table message to change: (what, table, version,
    // finished, when).
    let mut last: Option<(String, u64, u64, bool, Instant)> = None;
    let mut counted: Option<u64> = None;
    while !arena.stop.load(Ordering::Relaxed) {
        tokio::time::sleep(think(arena.think).max(Duration::from_millis(5))).await;
        if arena.stop.load(Ordering::Relaxed) {
            break;
        }
        let table = arena.table(&seats);
        let state = table
            .as_ref()
            .map(|t| (t.table, t.version, t.finished))
            .unwrap_or((0, 0, true));
        // Once per step: wait for the table message to show the answer, unless overdue.
        let waiting = |what: &str| {
            last.as_ref()
                .is_some_and(|(w, table, version, finished, at)| {
                    w == what && (*table, *version, *finished) == state && at.elapsed() < patience
                })
        };
        if !rules_set {
            if let Some(rules) = arena.rules.as_deref() {
                arena.act(&seats, 0, Move::Rules(rules));
            }
            rules_set = true;
            continue;
        }
        let Some(t) = table.filter(|t| !t.finished) else {
            // No game yet, or it ended: open the next one.
            if let Some(t) = arena.table(&seats).filter(|t| t.finished)
                && counted != Some(t.table)
            {
                counted = Some(t.table);
                arena.games_finished.fetch_add(1, Ordering::Relaxed);
            }
            if !waiting("new") {
                last = Some(("new".into(), state.0, state.1, state.2, Instant::now()));
                arena.act(&seats, 0, Move::Command("new"));
            }
            continue;
        };
        if let Some(join) = t.button("v1:j:") {
            // The lobby: private players link their chat first, then whoever is missing
            // joins, then the last one starts the game.
            private_at = Instant::now();
            if seats.private()
                && let Some(p) = started.iter().position(|s| !s)
                && let Some(payload) = t.start_payload()
            {
                started[p] = true;
                arena.act(&seats, p, Move::Start(&payload));
                continue;
            }
            let sitting = seated(&t.content);
            let step = match names.iter().position(|n| !sitting.contains(n)) {
                Some(p) => Some((format!("join {p}"), p, join.to_string())),
                None => t
                    .button("v1:g:")
                    .map(|go| ("go".to_string(), names.len() - 1, go.to_string())),
            };
            if let Some((what, p, id)) = step
                && !waiting(&what)
            {
                last = Some((what, state.0, state.1, state.2, Instant::now()));
                arena.act(&seats, p, Move::Press(&t, &id));
            }
            continue;
        }
        if seats.private() {
            match private_step(&arena, &seats, &mut cups) {
                Private::Acted => {
                    private_at = Instant::now();
                    continue;
                }
                // His cup is on its way, or the table message is: wait, but not forever
                // (a cup the killed bot had not sent yet never comes).
                Private::Waiting if private_at.elapsed() < patience => continue,
                Private::Waiting => {}
            }
        }
        // The game: whoever the table message shows to act rolls once, then stands.
        let Some((name, used, max)) = t.current() else {
            continue;
        };
        let Some(player) = names.iter().position(|n| *n == name) else {
            continue;
        };
        let round = t.round();
        let here = |x: &Option<(u64, String)>| {
            x.as_ref()
                .is_some_and(|(table, r)| *table == t.table && *r == round)
        };
        let turn = &mut turns[player];
        let rolled = turn
            .rolled
            .as_ref()
            .filter(|(table, r, _)| *table == t.table && *r == round)
            .map(|(_, _, last)| *last);
        if here(&turn.stood) || rolled == Some(true) {
            // Done for this round; the table message is behind. Press again only when it
            // still shows him long after his last press (the bot may have died before it
            // stored the move, or before it showed it).
            if turn.at.is_none_or(|at| at.elapsed() >= patience) {
                *turn = Turn::default();
            }
            continue;
        }
        let (what, id) = if rolled.is_none() && used < 2 && max > used {
            turn.rolled = Some((t.table, round.clone(), used + 1 >= max));
            ("r", t.button("v1:r:"))
        } else {
            turn.stood = Some((t.table, round.clone()));
            ("s", t.button("v1:s:"))
        };
        turn.at = Some(Instant::now());
        if let Some(id) = id.map(str::to_string) {
            arena.act(&seats, player, Move::Press(&t, &id));
        } else if what == "r" {
            turn.rolled = None;
        }
    }
}

/// What happened on a private table's step.
enum Private {
    /// A player pressed a button of his cup.
    Acted,
    /// Nobody's cup asks for a move.
    Waiting,
}

/// A private table's move: whoever's private cup says it is his turn rolls once there, then
/// stands.
fn private_step(arena: &Arena, seats: &Seats, cups: &mut [CupTurn]) -> Private {
    let Seats::Telegram { users, .. } = seats else {
        return Private::Waiting;
    };
    for (p, user) in users.iter().enumerate() {
        let Some(cup) = arena.cup(user).filter(TableMessage::my_turn) else {
            continue;
        };
        let Some(step) = cups[p].next(&cup) else {
            continue;
        };
        if let Some(id) = cup.button(step).map(str::to_string) {
            arena.act(seats, p, Move::PrivatePress(&cup, &id));
            return Private::Acted;
        }
    }
    Private::Waiting
}

/// A player's memory of what he pressed on his private cup: from which (table, version), how
/// many moves, whether he stood or his roll was his last throw. Every move raises the table's
/// version by one, so a cup that shows `version + moves` shows all of them.
#[derive(Clone, Copy, Debug, Default)]
pub struct CupTurn {
    pressed: Option<(u64, u64, u64, bool)>,
}

impl CupTurn {
    /// The button (prefix) to press on `cup`, which says it is his turn, if any.
    pub fn next(&mut self, cup: &TableMessage) -> Option<&'static str> {
        let (used, max) = cup.cup_throws().unwrap_or((1, 3));
        match self.pressed {
            Some((table, version, moves, done))
                if table == cup.table && cup.version < version + moves =>
            {
                // The cup does not show his moves yet: stand from it after a roll that
                // left throws (a button of an older state counts for another move).
                if moves == 1 && !done {
                    self.pressed = Some((table, version, 2, true));
                    return Some("v1:s:");
                }
                None
            }
            _ if used < 2 && max > used && cup.button("v1:r:").is_some() => {
                self.pressed = Some((cup.table, cup.version, 1, used + 1 >= max));
                Some("v1:r:")
            }
            _ if cup.button("v1:s:").is_some() => {
                self.pressed = Some((cup.table, cup.version, 1, true));
                Some("v1:s:")
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cup(version: u64, throws: &str, buttons: &[&str]) -> TableMessage {
        TableMessage::new(
            3,
            &format!("Dein Becher: ▢ ▢ ▢\n{throws}\nDu bist dran."),
            buttons
                .iter()
                .map(|b| format!("v1:{b}:1:{}", radix36(version)))
                .collect(),
        )
    }

    fn radix36(mut n: u64) -> String {
        let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
        let mut out = Vec::new();
        loop {
            out.push(digits[(n % 36) as usize]);
            n /= 36;
            if n == 0 {
                break;
            }
        }
        out.reverse();
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn a_private_player_rolls_once_and_stands_whatever_the_cup_shows_yet() {
        let mut turn = CupTurn::default();
        let first = cup(40, "Wurf 1 von 3", &["l", "r", "s"]);
        assert_eq!(turn.next(&first), Some("v1:r:"));
        // The cup is not edited yet: stand from it, then nothing more.
        assert_eq!(turn.next(&first), Some("v1:s:"));
        assert_eq!(turn.next(&first), None);
        // The roll shows up (41): still waiting for the stand (42).
        assert_eq!(turn.next(&cup(41, "Wurf 2 von 3", &["r", "s"])), None);
        // A new turn, even in the same message (he ended the round and starts the next).
        assert_eq!(
            turn.next(&cup(45, "Wurf 1 von 3", &["l", "r", "s"])),
            Some("v1:r:")
        );
        assert_eq!(
            turn.next(&cup(46, "Wurf 2 von 3", &["r", "s"])),
            Some("v1:s:")
        );
        // A roll that uses the last throw: the engine stands for him.
        let mut turn = CupTurn::default();
        assert_eq!(
            turn.next(&cup(50, "Wurf 1 von 2", &["l", "r", "s"])),
            Some("v1:r:")
        );
        assert_eq!(turn.next(&cup(50, "Wurf 1 von 2", &["l", "r", "s"])), None);
    }

    #[test]
    fn reads_who_sits_at_the_table() {
        assert_eq!(
            seated("🎲 Schocken-Tisch von Anna\nAm Tisch (2): Anna, Ben\nMitspielen …"),
            ["Anna", "Ben"]
        );
        assert!(seated("nothing").is_empty());
    }
}
