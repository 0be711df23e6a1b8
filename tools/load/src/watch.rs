//! Follows what the bot sends to the fakes: the current table message of every chat and the
//! players' private cups (so the scripted players press from what they see), the first answer
//! to every event (latency), and how far the table messages were behind the moves (lag). One
//! pass over the new requests per tick, whatever the number of tables.

use schocken_fakes::discord::{Call, FakeDiscord};
use schocken_fakes::telegram::{FakeTelegram, PENDING};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A table message (or a private cup) as the players see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableMessage {
    pub message_id: i64,
    pub content: String,
    /// Button ids (`v1:…`).
    pub buttons: Vec<String>,
    /// URL buttons (Telegram's deep link to the private chat).
    pub urls: Vec<String>,
    /// The table version the buttons were made for.
    pub version: u64,
    /// The table id the buttons belong to.
    pub table: u64,
    /// The game ended (the message lost its buttons).
    pub finished: bool,
}

impl TableMessage {
    pub fn new(message_id: i64, content: &str, buttons: Vec<String>) -> TableMessage {
        let (table, version) = buttons
            .iter()
            .find_map(|b| parse_button(b))
            .unwrap_or((0, 0));
        TableMessage {
            message_id,
            content: content.to_string(),
            finished: buttons.is_empty(),
            buttons,
            urls: Vec::new(),
            version,
            table,
        }
    }

    /// The button whose id starts with `prefix` (`v1:r:` roll, `v1:s:` stand, …).
    pub fn button(&self, prefix: &str) -> Option<&str> {
        self.buttons
            .iter()
            .find(|b| b.starts_with(prefix))
            .map(String::as_str)
    }

    /// The table part of the text: up to the notices and the last round's throws.
    fn table_part(&self) -> &str {
        self.content.split("\n\n").next().unwrap_or_default()
    }

    /// "1. Hälfte, Runde 3" (or the final's): which round the message shows. A player acts
    /// once per round, so (table, round, player) names one turn.
    pub fn round(&self) -> String {
        let first = self.table_part().lines().next().unwrap_or_default();
        first
            .strip_prefix("🎲 Schocken · ")
            .and_then(|rest| rest.split(" · ").next())
            .unwrap_or(first)
            .to_string()
    }

    /// Whose turn it is and his throws (used, allowed), from the line marked "▶".
    pub fn current(&self) -> Option<(String, u8, u8)> {
        let line = self.table_part().lines().find(|l| l.starts_with("▶ "))?;
        let name = line
            .trim_start_matches("▶ ")
            .split(" · ")
            .next()?
            .to_string();
        let throws = line
            .split(['·', ' '])
            .find(|w| w.contains('/') && w.chars().next().is_some_and(|c| c.is_ascii_digit()))
            .and_then(|w| {
                let (a, b) = w.split_once('/')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            });
        let (used, max) = throws.unwrap_or((1, 3));
        Some((name, used, max))
    }

    /// A private cup: whether it says it is its owner's turn.
    pub fn my_turn(&self) -> bool {
        self.content.contains("Du bist dran.") || self.content.contains("Your turn.")
    }

    /// A private cup: its throws ("Wurf 1 von 3").
    pub fn cup_throws(&self) -> Option<(u8, u8)> {
        let words: Vec<&str> = self.content.split_whitespace().collect();
        words.windows(4).find_map(|w| {
            (matches!(w[0], "Wurf" | "Throw") && matches!(w[2], "von" | "of"))
                .then(|| Some((w[1].parse().ok()?, w[3].trim_end_matches('.').parse().ok()?)))
                .flatten()
        })
    }

    /// The deep link's START payload (`…?start=g-100…`).
    pub fn start_payload(&self) -> Option<String> {
        self.urls
            .iter()
            .find_map(|u| u.split_once("start=").map(|(_, p)| p.to_string()))
    }
}

/// `v1:<action>:<table b36>:<version b36>…` → (table, version).
fn parse_button(id: &str) -> Option<(u64, u64)> {
    let mut parts = id.split(':');
    if parts.next() != Some("v1") {
        return None;
    }
    parts.next()?;
    let table = u64::from_str_radix(parts.next()?, 36).ok()?;
    let version = u64::from_str_radix(parts.next()?, 36).ok()?;
    Some((table, version))
}

/// Whether an answer refuses the press (German and English texts of the refusals a scripted
/// player can meet: stale buttons, not his turn, already done, game over).
pub fn is_refusal(text: &str) -> bool {
    const REFUSALS: [&str; 16] = [
        "veraltet",
        "nicht dran",
        "schon fertig",
        "Schon erledigt",
        "Spiel ist vorbei",
        "keinen Wurf mehr",
        "nicht mit",
        "kein Spiel",
        "nicht an diesem Tisch",
        "kein Tisch",
        "nicht speichern",
        "outdated",
        "not your turn",
        "already",
        "game is over",
        "could not save",
    ];
    REFUSALS.iter().any(|r| text.contains(r))
}

/// Whether an answer says the game of the pressed button is over: the table message missed
/// its last write (the bot was killed with it queued) and still shows the running game.
pub fn is_game_over(text: &str) -> bool {
    text.contains("Spiel ist vorbei") || text.contains("game is over")
}

/// What the players saw of every table: the highest version shown, and when the chat's
/// current table last moved (for the crash checks: nothing acknowledged may be lost, no game
/// may be stuck).
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// Table id → the highest version any table message showed.
    pub versions: HashMap<u64, u64>,
    /// Chat → (its current table message, when its version last went up).
    pub progress: HashMap<i64, (TableMessage, Instant)>,
}

impl Seen {
    fn saw(&mut self, chat: i64, table: &TableMessage) {
        if table.table == 0 {
            return;
        }
        let best = self.versions.entry(table.table).or_insert(0);
        *best = (*best).max(table.version);
        let moved = self.progress.get(&chat).is_none_or(|(old, _)| {
            old.table != table.table
                || old.version != table.version
                || old.finished != table.finished
        });
        if moved {
            self.progress.insert(chat, (table.clone(), Instant::now()));
        }
    }
}

/// The table message of every chat, as the bot last wrote it.
#[derive(Default)]
pub struct Tables {
    by_chat: HashMap<i64, TableMessage>,
    pub seen: Seen,
}

impl Tables {
    /// The bot created (`created`) or edited message `message` in `chat`. A new message with
    /// buttons is a new table message; edits of the tracked one follow it to its end. Returns
    /// the table message if this was one.
    fn wrote(&mut self, chat: i64, mut next: TableMessage, created: bool) -> Option<TableMessage> {
        let tracked = self.by_chat.get(&chat).map(|t| t.message_id);
        if !((created && !next.buttons.is_empty()) || tracked == Some(next.message_id)) {
            return None;
        }
        if next.table == 0
            && let Some(old) = self.by_chat.get(&chat)
        {
            next.table = old.table;
            next.version = old.version;
        }
        self.seen.saw(chat, &next);
        self.by_chat.insert(chat, next.clone());
        Some(next)
    }

    pub fn get(&self, chat: i64) -> Option<&TableMessage> {
        self.by_chat.get(&chat)
    }

    /// A player was told the game of `table` is over: he knows it, whatever the message
    /// shows (he opens the next game).
    fn game_over(&mut self, chat: i64, table: u64) {
        if let Some(t) = self.by_chat.get_mut(&chat)
            && t.table == table
            && !t.finished
        {
            t.finished = true;
            let t = t.clone();
            self.seen.saw(chat, &t);
        }
    }
}

/// A button press or command the players sent, waiting for its first answer.
#[derive(Clone, Debug)]
pub struct Sent {
    /// The group or channel of the table (for a press in a private chat too).
    pub chat: i64,
    pub at: Instant,
    /// A roll or stand from a message made for (table, version): the table message must
    /// then show a newer state.
    pub moves: Option<(u64, u64)>,
}

/// How far the table messages were behind the moves: from a move's answer to the first table
/// write that shows a newer state than the one pressed from (0 if the write came first: the
/// bot may hand the new state to its outbox before it answers).
#[derive(Default)]
pub struct Lag {
    /// Chat → moves not yet shown: (answered at, table, version pressed from).
    open: HashMap<i64, Vec<(Instant, u64, u64)>>,
    /// Chat → the newest table write: (table, version, finished, arrived at).
    last: HashMap<i64, (u64, u64, bool, Instant)>,
    /// (answered at, until shown).
    pub samples: Vec<(Instant, Duration)>,
}

/// Whether a table message showing (table, version, finished) shows a move pressed from
/// (`table`, `version`).
fn shows(shown: (u64, u64, bool), table: u64, version: u64) -> bool {
    shown.0 != table || shown.2 || shown.1 > version
}

impl Lag {
    fn moved(&mut self, chat: i64, answered: Instant, table: u64, version: u64) {
        if let Some((t, v, finished, at)) = self.last.get(&chat)
            && shows((*t, *v, *finished), table, version)
        {
            self.samples
                .push((answered, at.saturating_duration_since(answered)));
            return;
        }
        self.open
            .entry(chat)
            .or_default()
            .push((answered, table, version));
    }

    fn shown(&mut self, chat: i64, shown: &TableMessage, at: Instant) {
        let now = (shown.table, shown.version, shown.finished);
        self.last
            .insert(chat, (shown.table, shown.version, shown.finished, at));
        let Some(open) = self.open.get_mut(&chat) else {
            return;
        };
        let samples = &mut self.samples;
        open.retain(|(answered, table, version)| {
            let covered = shows(now, *table, *version);
            if covered {
                samples.push((*answered, at.saturating_duration_since(*answered)));
            }
            !covered
        });
    }

    /// Moves answered before `until` that no table write showed (the run ended first, or the
    /// bot was killed with the write queued).
    pub fn unshown(&self, until: Instant) -> Vec<(Instant, Duration)> {
        self.open
            .values()
            .flatten()
            .filter(|(answered, _, _)| *answered < until)
            .map(|(answered, _, _)| (*answered, until.saturating_duration_since(*answered)))
            .collect()
    }
}

/// What both watches count.
#[derive(Default)]
pub struct Counts {
    /// (sent at, first answer after).
    pub latencies: Vec<(Instant, Duration)>,
    /// Presses refused (stale, not his turn, …).
    pub refused: u64,
    pub lag: Lag,
}

impl Counts {
    fn answered(&mut self, sent: Sent, at: Instant, answer: &str, tables: &mut Tables) {
        self.latencies
            .push((sent.at, at.saturating_duration_since(sent.at)));
        if is_refusal(answer) {
            self.refused += 1;
            if is_game_over(answer)
                && let Some((table, _)) = sent.moves
            {
                tables.game_over(sent.chat, table);
            }
        } else if let Some((table, version)) = sent.moves {
            self.lag.moved(sent.chat, at, table, version);
        }
    }
}

/// Follows the Discord fake and measures the first answer to every interaction.
#[derive(Default)]
pub struct DiscordWatch {
    cursor: usize,
    pub tables: Tables,
    /// Interactions waiting for their first answer.
    waiting: HashMap<u64, Sent>,
    /// Answers seen before their interaction was registered here: (at, text).
    early: HashMap<u64, (Instant, String)>,
    pub counts: Counts,
}

impl DiscordWatch {
    /// Interaction `id` went out.
    pub fn injected(&mut self, id: u64, sent: Sent) {
        match self.early.remove(&id) {
            Some((at, answer)) => self.counts.answered(sent, at, &answer, &mut self.tables),
            None => {
                self.waiting.insert(id, sent);
            }
        }
    }

    pub fn poll(&mut self, fake: &FakeDiscord) {
        let cursor = self.cursor;
        self.cursor = fake.visit_since(cursor, |r| {
            self.see(r);
            true
        });
    }

    fn see(&mut self, r: &schocken_fakes::discord::Recorded) {
        if let Call::Callback { interaction, .. } = r.call {
            let answer = r.content().unwrap_or_default();
            match self.waiting.remove(&interaction) {
                Some(sent) => self.counts.answered(sent, r.at, answer, &mut self.tables),
                None => {
                    self.early
                        .entry(interaction)
                        .or_insert((r.at, answer.to_string()));
                }
            }
        }
        if !(200..300).contains(&r.status) {
            return;
        }
        let (channel, message, created) = match r.call {
            Call::CreateMessage { channel, message } => (channel, message, true),
            Call::EditMessage { channel, message } => (channel, message, false),
            _ => return,
        };
        let buttons: Vec<String> = r
            .custom_ids()
            .into_iter()
            .filter(|b| b.starts_with("v1:"))
            .collect();
        let next = TableMessage::new(message as i64, r.content().unwrap_or_default(), buttons);
        if let Some(shown) = self.tables.wrote(channel as i64, next, created) {
            self.counts.lag.shown(channel as i64, &shown, r.at);
        }
    }

    pub fn table(&self, channel: u64) -> Option<&TableMessage> {
        self.tables.get(channel as i64)
    }
}

/// Follows the Telegram fake: table messages in groups, cups in private chats, the answer to
/// every button press, the first reaction to every command, and the pace of all writes.
#[derive(Default)]
pub struct TelegramWatch {
    cursor: u64,
    pub tables: Tables,
    /// User → his newest private cup message.
    cups: HashMap<i64, TableMessage>,
    /// Button presses waiting for their answer, by callback query id.
    presses: HashMap<String, Sent>,
    /// Commands waiting for the bot's first reaction in their chat.
    commands: HashMap<i64, Instant>,
    /// Presses: (pressed at, answered after), and the moves' lag.
    pub counts: Counts,
    /// Commands: (sent at, first reaction after); the reaction is a write, so it is paced.
    pub command_latencies: Vec<(Instant, Duration)>,
    /// Arrival of every accepted write (any chat).
    pub writes: Vec<Instant>,
}

impl TelegramWatch {
    /// A button press went out.
    pub fn pressed(&mut self, callback: String, sent: Sent) {
        self.presses.insert(callback, sent);
    }

    /// A command about `chat` went out at `at`.
    pub fn commanded(&mut self, chat: i64, at: Instant) {
        self.commands.entry(chat).or_insert(at);
    }

    pub fn poll(&mut self, fake: &FakeTelegram) {
        let cursor = self.cursor;
        self.cursor = fake.visit_since(cursor, |r| {
            let poll = r.is("getUpdates");
            if r.status == PENDING && !poll {
                // Still being answered: look again next tick (the message id comes with it).
                return false;
            }
            if !poll {
                self.see(r);
            }
            true
        });
    }

    fn see(&mut self, r: &schocken_fakes::telegram::Recorded) {
        if r.is("answerCallbackQuery") {
            if let Some(sent) = r.callback_query_id().and_then(|id| self.presses.remove(id)) {
                let answer = r
                    .params
                    .get("text")
                    .and_then(serde_json::Value::as_str)
                    .unwrap_or_default();
                self.counts.answered(sent, r.at, answer, &mut self.tables);
            }
            return;
        }
        if let Some(chat) = r.chat_id()
            && let Some(at) = self.commands.remove(&chat)
        {
            self.command_latencies
                .push((at, r.at.saturating_duration_since(at)));
        }
        let edit = r.is("editMessageText");
        if r.ok() && r.is_write() {
            self.writes.push(r.at);
        }
        if !r.ok() || !(edit || r.is("sendMessage")) {
            return;
        }
        let message = if edit {
            r.message_id()
        } else {
            r.result_message_id()
        };
        let (Some(chat), Some(message)) = (r.chat_id(), message) else {
            return;
        };
        let buttons: Vec<String> = r
            .callback_data()
            .into_iter()
            .filter(|b| b.starts_with("v1:"))
            .collect();
        let mut next = TableMessage::new(message, r.text().unwrap_or_default(), buttons);
        next.urls = urls(r.reply_markup().as_ref());
        if chat > 0 {
            // A private chat: the newest cup (a new message when his turn comes; edits of it).
            let newest = self.cups.get(&chat).map(|c| c.message_id);
            let is_cup = next.content.contains("Becher:") || next.content.contains("cup:");
            if (!edit && is_cup) || newest == Some(message) {
                self.cups.insert(chat, next);
            }
            return;
        }
        if let Some(shown) = self.tables.wrote(chat, next, !edit) {
            self.counts.lag.shown(chat, &shown, r.at);
        }
    }

    pub fn table(&self, chat: i64) -> Option<&TableMessage> {
        self.tables.get(chat)
    }

    /// The newest private cup of `user`.
    pub fn cup(&self, user: i64) -> Option<&TableMessage> {
        self.cups.get(&user)
    }
}

/// The URLs of a keyboard's URL buttons.
fn urls(markup: Option<&serde_json::Value>) -> Vec<String> {
    markup
        .and_then(|m| m.get("inline_keyboard"))
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(serde_json::Value::as_array)
        .flatten()
        .filter_map(|b| b.get("url").and_then(serde_json::Value::as_str))
        .map(str::to_string)
        .collect()
}

pub use schocken_fakes::window::max_in_window;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_current_player_the_round_and_the_buttons() {
        let m = TableMessage::new(
            7,
            "🎲 Schocken · 1. Hälfte, Runde 3 · Regeln: standard\nStock: 13 von 13 Deckeln\n\
             · Anna · 0 Deckel ▢ ▢ ▢ · fertig\n▶ Ben · 2 Deckel ⚀1 | ▢ ▢ · Wurf 2/3\n\n\
             Letzte Runde (1. Hälfte, Runde 2):\n▶ Cem · Wurf 1/1",
            vec!["v1:r:a:1b".into(), "v1:s:a:1b".into()],
        );
        assert_eq!(m.current(), Some(("Ben".into(), 2, 3)));
        assert_eq!(m.round(), "1. Hälfte, Runde 3");
        assert_eq!((m.table, m.version), (10, 47));
        assert_eq!(m.button("v1:s:"), Some("v1:s:a:1b"));
        assert!(!m.finished);
    }

    #[test]
    fn reads_a_private_cup_and_the_deep_link() {
        let mut cup = TableMessage::new(
            3,
            "Dein Becher: ⚀ ⚂ ⚅\nWurf 1 von 3\nDu bist dran.",
            vec!["v1:r:1:5".into(), "v1:s:1:5".into()],
        );
        assert!(cup.my_turn());
        assert_eq!(cup.cup_throws(), Some((1, 3)));
        cup.urls = vec!["https://t.me/SchockenTestBot?start=g-1001".into()];
        assert_eq!(cup.start_payload().as_deref(), Some("g-1001"));
    }

    #[test]
    fn refusals_are_told_from_answers() {
        assert!(is_refusal("Dieser Knopf ist veraltet."));
        assert!(is_refusal("Du bist nicht dran – Anna ist dran."));
        assert!(!is_refusal("⚀ ⚂ ⚅ – Hausnummer 631 · Wurf 2/3"));
        assert!(!is_refusal(
            "Dein Wurf: ⚂3 ⚂3 ⚀1 – Hausnummer 331. Runde vorbei: Ben bekommt 1 Deckel."
        ));
        assert!(is_refusal(
            "Dieses Spiel ist vorbei – der Knopf gilt nicht mehr."
        ));
    }

    #[test]
    fn lag_runs_from_the_answer_to_the_write_that_shows_the_move() {
        let t0 = Instant::now();
        let s = |ms: u64| t0 + Duration::from_millis(ms);
        let table = |version: &str| TableMessage::new(1, "", vec![format!("v1:r:1:{version}")]);
        let mut lag = Lag::default();
        lag.moved(-1, s(100), 1, 5);
        lag.moved(-1, s(900), 1, 5);
        // A write showing the state pressed from does not count.
        lag.shown(-1, &table("5"), s(1000));
        assert!(lag.samples.is_empty());
        lag.shown(-1, &table("6"), s(1200));
        assert_eq!(lag.samples[0].1, Duration::from_millis(1100));
        assert_eq!(lag.samples[1].1, Duration::from_millis(300));
        // The write came before the answer (the bot handed it over first): shown at once.
        lag.moved(-1, s(1300), 1, 5);
        assert_eq!(lag.samples[2].1, Duration::ZERO);
        lag.moved(-1, s(1400), 1, 6);
        assert_eq!(lag.unshown(s(5000)).len(), 1);
        // The game's end shows every move.
        lag.shown(-1, &TableMessage::new(1, "", Vec::new()), s(4000));
        assert_eq!(lag.samples[3].1, Duration::from_millis(2600));
        assert!(lag.unshown(s(5000)).is_empty());
    }

    #[test]
    fn a_player_told_the_game_is_over_knows_it() {
        let mut tables = Tables::default();
        let running =
            TableMessage::new(4, "🎲 Schocken · Finale, Runde 2", vec!["v1:r:7:k".into()]);
        assert!(tables.wrote(-5, running, true).is_some());
        let mut counts = Counts::default();
        let sent = Sent {
            chat: -5,
            at: Instant::now(),
            moves: Some((7, 20)),
        };
        counts.answered(
            sent,
            Instant::now(),
            "Dieses Spiel ist vorbei – der Knopf gilt nicht mehr.",
            &mut tables,
        );
        assert_eq!(counts.refused, 1);
        assert!(tables.get(-5).is_some_and(|t| t.finished));
        assert!(counts.lag.unshown(Instant::now()).is_empty());
    }

    #[test]
    fn windows_slide_over_arrivals() {
        let t0 = Instant::now();
        let at: Vec<Instant> = [0, 100, 900, 1000, 1500]
            .iter()
            .map(|ms| t0 + Duration::from_millis(*ms))
            .collect();
        assert_eq!(max_in_window(&at, Duration::from_secs(1)), 3);
        assert_eq!(max_in_window(&[], Duration::from_secs(1)), 0);
    }
}
