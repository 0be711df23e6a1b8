//! Driving the fake Telegram: commands and button presses with their answers, the table
//! message, and a game played through its buttons while noting the alerts each presser saw.

use super::{Bot, Db, WAIT, current_player, is_face, player_line, table_names, under_cup};
use schocken_fakes::telegram::{FakeTelegram, Recorded, StoredMessage, TgChat, TgUser};
use serde_json::Value;
use std::time::Duration;

/// A fresh fake Telegram and database, and the bot polling them, its dice seeded with `seed`.
pub async fn start(seed: u64) -> (FakeTelegram, Db, Bot) {
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let db = Db::new();
    let bot = Bot::telegram(&fake, &db.path, seed).await;
    (fake, db, bot)
}

/// The newest table message in a chat (its text starts with 🎲).
pub fn table_message(fake: &FakeTelegram, chat: i64) -> Option<StoredMessage> {
    fake.bot_messages(chat)
        .into_iter()
        .rev()
        .find(|m| m.text.starts_with('🎲'))
}

/// The callback data of the button with this action code (`r` roll, `l` look, …).
pub fn button(message: &StoredMessage, code: &str) -> Option<String> {
    let prefix = format!("v1:{code}:");
    message
        .callback_data()
        .into_iter()
        .find(|d| d.starts_with(&prefix))
}

/// Updates of one chat are handled in order: when a forged button press is answered,
/// everything injected before it in that chat is done.
pub async fn barrier(fake: &FakeTelegram, chat: &TgChat) {
    barrier_within(fake, chat, WAIT).await;
}

/// A [`barrier`] that may take up to `timeout`.
pub async fn barrier_within(fake: &FakeTelegram, chat: &TgChat, timeout: Duration) {
    let marker = TgUser::new(999, "Barrier");
    let message = fake
        .bot_messages(chat.id)
        .last()
        .map(|m| m.message_id)
        .unwrap_or(1);
    let press = fake.press(chat, &marker, message, "barrier");
    fake.answer_to(&press.callback_id.expect("callback id"), timeout)
        .await
        .expect("the barrier is answered");
}

/// Sends a command and waits until the bot has handled it; returns the requests since.
pub async fn command(
    fake: &FakeTelegram,
    chat: &TgChat,
    user: &TgUser,
    text: &str,
) -> Vec<Recorded> {
    let mark = fake.mark();
    fake.command(chat, user, text);
    barrier(fake, chat).await;
    fake.requests_since(mark)
}

/// Presses a button under message `message` of `chat`; returns the answer to the press (the
/// edits it makes are done before it).
pub async fn press_on(
    fake: &FakeTelegram,
    chat: &TgChat,
    user: &TgUser,
    message: i64,
    data: &str,
) -> Recorded {
    let injected = fake.press(chat, user, message, data);
    fake.answer_to(&injected.callback_id.expect("id"), WAIT)
        .await
        .expect("the press is answered")
}

/// Presses a button of the chat's table message.
pub async fn press(fake: &FakeTelegram, chat: &TgChat, user: &TgUser, data: &str) -> Recorded {
    let message = table_message(fake, chat.id).expect("a table message");
    press_on(fake, chat, user, message.message_id, data).await
}

/// The text an answer to a press shows (empty if none).
pub fn alert(answer: &Recorded) -> String {
    answer
        .params
        .get("text")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

/// Opens a table (first player), lets the others join by button and the last press "Go".
pub async fn open_and_start(fake: &FakeTelegram, chat: &TgChat, players: &[TgUser]) {
    command(fake, chat, &players[0], "/neu").await;
    for p in &players[1..] {
        let table = table_message(fake, chat.id).expect("lobby");
        press(fake, chat, p, &button(&table, "j").expect("join")).await;
    }
    let table = table_message(fake, chat.id).expect("lobby");
    let last = players.last().expect("players");
    press(fake, chat, last, &button(&table, "g").expect("go")).await;
    barrier(fake, chat).await;
    assert!(
        current_player(&table_message(fake, chat.id).expect("table").text).is_some(),
        "the game runs"
    );
}

/// Texts the bot sent to or edited in a chat, in order, with their request numbers.
pub fn texts_in(fake: &FakeTelegram, chat: i64) -> Vec<(u64, String)> {
    fake.requests()
        .into_iter()
        .filter(|r| r.ok() && (r.is("sendMessage") || r.is("editMessageText")))
        .filter(|r| r.chat_id() == Some(chat))
        .filter_map(|r| r.text().map(|t| (r.seq, t.to_string())))
        .collect()
}

/// The messages the bot sent (not edits) to a chat from request `since` on.
pub fn sent_texts(fake: &FakeTelegram, since: u64, chat: i64) -> Vec<String> {
    fake.requests_since(since)
        .into_iter()
        .filter(|r| r.ok() && r.is("sendMessage") && r.chat_id() == Some(chat))
        .filter_map(|r| r.text().map(str::to_string))
        .collect()
}

/// "1. Hälfte, Runde 3" from a table title or a reveal title.
pub fn round_of(text: &str) -> Option<String> {
    let first = text.lines().next()?;
    if let Some(rest) = first.strip_prefix("🎲 Schocken · ") {
        return rest.split(" · ").next().map(str::to_string);
    }
    first
        .strip_prefix("Aufgedeckt – ")
        .map(|r| r.trim_end_matches(':').to_string())
}

/// An alert shown to a presser.
#[derive(Clone, Debug)]
pub struct Alert {
    pub seq: u64,
    /// The presser's name at the table.
    pub owner: String,
    /// The round the press was made in.
    pub round: Option<String>,
    pub text: String,
}

impl Alert {
    /// A cup alert shows dice (faces or ▢); refusals do not.
    pub fn is_cup(&self) -> bool {
        self.text
            .split(" – ")
            .next()
            .is_some_and(|d| d.split_whitespace().any(|t| is_face(t) || t == "▢"))
    }
}

/// Plays a table through its buttons (look, roll, stand), noting every alert.
pub struct Play<'a> {
    fake: &'a FakeTelegram,
    chat: TgChat,
    /// The name at the table → the user.
    pub players: Vec<(String, TgUser)>,
    pub alerts: Vec<Alert>,
}

impl<'a> Play<'a> {
    pub fn new(fake: &'a FakeTelegram, chat: &TgChat, players: &[TgUser]) -> Play<'a> {
        let wanted: Vec<String> = players
            .iter()
            .map(|p| match &p.last_name {
                Some(last) => format!("{} {last}", p.first_name),
                None => p.first_name.clone(),
            })
            .collect();
        Play {
            fake,
            chat: chat.clone(),
            players: table_names(&wanted)
                .into_iter()
                .zip(players.iter().cloned())
                .collect(),
            alerts: Vec::new(),
        }
    }

    /// The user sitting at the table as `name`.
    pub fn player(&self, name: &str) -> TgUser {
        self.players
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, u)| u.clone())
            .unwrap_or_else(|| panic!("no player {name:?}"))
    }

    fn name_of(&self, user: &TgUser) -> String {
        self.players
            .iter()
            .find(|(_, u)| u.id == user.id)
            .map(|(n, _)| n.clone())
            .unwrap_or_default()
    }

    /// Presses a table button as `user`, noting the alert if one was shown.
    pub async fn press(&mut self, user: &TgUser, data: &str) -> Recorded {
        let round = table_message(self.fake, self.chat.id).and_then(|t| round_of(&t.text));
        let answer = press(self.fake, &self.chat, user, data).await;
        if answer.show_alert() {
            self.alerts.push(Alert {
                seq: answer.seq,
                owner: self.name_of(user),
                round,
                text: alert(&answer),
            });
        }
        answer
    }

    /// Look, roll, stand for the player to act; `false` when the game is over.
    pub async fn turn(&mut self) -> bool {
        let Some(table) = table_message(self.fake, self.chat.id) else {
            return false;
        };
        let Some(roll) = button(&table, "r") else {
            return false;
        };
        let name = current_player(&table.text).expect("someone to play");
        let user = self.player(&name);
        self.press(&user, &button(&table, "l").expect("look")).await;
        self.press(&user, &roll).await;
        let table = table_message(self.fake, self.chat.id).expect("table");
        if current_player(&table.text).as_deref() == Some(name.as_str())
            && let Some(stand) = button(&table, "s")
        {
            self.press(&user, &stand).await;
        }
        true
    }

    pub async fn play_to_the_end(&mut self) {
        for _ in 0..2000 {
            if !self.turn().await {
                return;
            }
        }
        panic!("the game did not end");
    }

    /// No cup alert's text reaches the group, and a cup covered for the table stays covered
    /// in every group text until the round's reveal; some covered cups were checked.
    pub fn assert_no_leaks(&self) {
        assert!(
            self.assert_cups_stay_covered() > 0,
            "covered cups were checked"
        );
    }

    /// As [`Play::assert_no_leaks`]; returns how many covered lines were checked.
    pub fn assert_cups_stay_covered(&self) -> usize {
        let texts = texts_in(self.fake, self.chat.id);
        let mut covered_checks = 0;
        for alert in self.alerts.iter().filter(|a| a.is_cup()) {
            for (seq, text) in &texts {
                assert!(
                    !text.contains(&alert.text),
                    "alert {alert:?} shown publicly in request {seq}: {text}"
                );
            }
            let Some(table_then) = texts
                .iter()
                .filter(|(s, t)| *s < alert.seq && t.starts_with("🎲 Schocken · "))
                .map(|(_, t)| t)
                .next_back()
            else {
                continue;
            };
            let Some(line) = player_line(table_then, &alert.owner) else {
                continue;
            };
            let under = under_cup(line);
            if under.is_empty() || under.iter().any(|d| d != "▢") {
                continue; // thrown openly: the table may show it
            }
            for (seq, text) in texts.iter().filter(|(s, _)| *s > alert.seq) {
                if text.starts_with("Aufgedeckt") || text.starts_with("Revealed") {
                    break;
                }
                if let Some(line) = player_line(text, &alert.owner) {
                    assert!(
                        under_cup(line).iter().all(|d| d == "▢"),
                        "{}'s covered dice shown in request {seq} before the reveal:\n{text}\n(alert: {})",
                        alert.owner,
                        alert.text
                    );
                    covered_checks += 1;
                }
            }
        }
        covered_checks
    }
}
