//! One table's players: each step looks at the table message as it is now and does what the
//! table needs (open a game, join, start, move), so a bot killed in the middle of anything is
//! simply picked up where the table stands.

use super::{Arena, Move, Seats};
use crate::watch::TableMessage;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

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
    let mut driver = Driver::new(&arena, &seats);
    while !arena.stop.load(Ordering::Relaxed) {
        tokio::time::sleep(think(arena.think).max(Duration::from_millis(5))).await;
        if arena.stop.load(Ordering::Relaxed) {
            break;
        }
        driver.step(&arena, &seats);
    }
}

/// (table, version, finished) of the table message as it is now.
type State = (u64, u64, bool);

/// What one table's players remember between steps.
struct Driver {
    names: Vec<String>,
    patience: Duration,
    turns: Vec<Turn>,
    /// The same for the private cups, and when a player last acted on one.
    cups: Vec<CupTurn>,
    private_at: Instant,
    /// Players who pressed START in their private chat (Telegram, private tables).
    started: Vec<bool>,
    rules_set: bool,
    /// The last step that waits for the table message to change: (what, state, when).
    last: Option<(String, State, Instant)>,
    counted: Option<u64>,
}

impl Driver {
    fn new(arena: &Arena, seats: &Seats) -> Driver {
        let names = seats.names();
        let players = names.len();
        Driver {
            names,
            patience: patience(seats),
            turns: vec![Turn::default(); players],
            cups: vec![CupTurn::default(); players],
            private_at: Instant::now(),
            started: vec![false; players],
            rules_set: arena.rules.is_none(),
            last: None,
            counted: None,
        }
    }

    /// Whether `what` was done at this state and the table message may still show its answer.
    fn waiting(&self, what: &str, state: State) -> bool {
        self.last
            .as_ref()
            .is_some_and(|(w, s, at)| w == what && *s == state && at.elapsed() < self.patience)
    }

    /// One step: the house rules first, then a new game, the lobby, a private cup or the game.
    fn step(&mut self, arena: &Arena, seats: &Seats) {
        let table = arena.table(seats);
        let state = table
            .as_ref()
            .map(|t| (t.table, t.version, t.finished))
            .unwrap_or((0, 0, true));
        if !self.rules_set {
            if let Some(rules) = arena.rules.as_deref() {
                arena.act(seats, 0, Move::Rules(rules));
            }
            self.rules_set = true;
            return;
        }
        let Some(t) = table.filter(|t| !t.finished) else {
            self.open_next(arena, seats, state);
            return;
        };
        if let Some(join) = t.button("v1:j:") {
            self.lobby(arena, seats, &t, join, state);
            return;
        }
        if seats.private() {
            match private_step(arena, seats, &mut self.cups) {
                Private::Acted => {
                    self.private_at = Instant::now();
                    return;
                }
                // His cup is on its way, or the table message is: wait, but not forever
                // (a cup the killed bot had not sent yet never comes).
                Private::Waiting if self.private_at.elapsed() < self.patience => return,
                Private::Waiting => {}
            }
        }
        self.game(arena, seats, &t);
    }

    /// No game yet, or it ended: count it and open the next one.
    fn open_next(&mut self, arena: &Arena, seats: &Seats, state: State) {
        if let Some(t) = arena.table(seats).filter(|t| t.finished)
            && self.counted != Some(t.table)
        {
            self.counted = Some(t.table);
            arena.games_finished.fetch_add(1, Ordering::Relaxed);
        }
        if !self.waiting("new", state) {
            self.last = Some(("new".into(), state, Instant::now()));
            arena.act(seats, 0, Move::Command("new"));
        }
    }

    /// The lobby: private players link their chat first, then whoever is missing joins, then
    /// the last one starts the game.
    fn lobby(&mut self, arena: &Arena, seats: &Seats, t: &TableMessage, join: &str, state: State) {
        self.private_at = Instant::now();
        if seats.private()
            && let Some(p) = self.started.iter().position(|s| !s)
            && let Some(payload) = t.start_payload()
        {
            self.started[p] = true;
            arena.act(seats, p, Move::Start(&payload));
            return;
        }
        let sitting = seated(&t.content);
        let step = match self.names.iter().position(|n| !sitting.contains(n)) {
            Some(p) => Some((format!("join {p}"), p, join.to_string())),
            None => t
                .button("v1:g:")
                .map(|go| ("go".to_string(), self.names.len() - 1, go.to_string())),
        };
        if let Some((what, p, id)) = step
            && !self.waiting(&what, state)
        {
            self.last = Some((what, state, Instant::now()));
            arena.act(seats, p, Move::Press(t, &id));
        }
    }

    /// The game: whoever the table message shows to act rolls once, then stands.
    fn game(&mut self, arena: &Arena, seats: &Seats, t: &TableMessage) {
        let Some((name, used, max)) = t.current() else {
            return;
        };
        let Some(player) = self.names.iter().position(|n| *n == name) else {
            return;
        };
        let round = t.round();
        let patience = self.patience;
        let turn = &mut self.turns[player];
        let stood_here = turn
            .stood
            .as_ref()
            .is_some_and(|(table, r)| *table == t.table && *r == round);
        let rolled = turn
            .rolled
            .as_ref()
            .filter(|(table, r, _)| *table == t.table && *r == round)
            .map(|(_, _, last)| *last);
        if stood_here || rolled == Some(true) {
            // Done for this round; the table message is behind. Press again only when it
            // still shows him long after his last press (the bot may have died before it
            // stored the move, or before it showed it).
            if turn.at.is_none_or(|at| at.elapsed() >= patience) {
                *turn = Turn::default();
            }
            return;
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
            arena.act(seats, player, Move::Press(t, &id));
        } else if what == "r" {
            turn.rolled = None;
        }
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
