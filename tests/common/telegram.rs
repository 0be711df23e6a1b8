//! Driving the fake Telegram as people do, with the bot's production pacing: commands and
//! button presses (answered at once), the table message (edited at most every few seconds,
//! so helpers wait for the state they need), and games played through the table's buttons
//! (cups in alerts) or through the players' private chats.

use super::{Bot, Db, WAIT, current_player, is_face, player_line, table_names, under_cup};
use schocken_fakes::telegram::{FakeTelegram, Recorded, StoredMessage, TgChat, TgUser};
use serde_json::Value;
use std::time::Duration;
use tokio::time::Instant;

/// Longer than the gap between two writes to a group: a chat quiet this long has nothing
/// queued any more.
pub const QUIET: Duration = Duration::from_millis(3600);

/// A fresh fake Telegram and database, and the bot polling them, its dice seeded with `seed`.
pub async fn start(seed: u64) -> (FakeTelegram, Db, Bot) {
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let db = Db::new();
    let bot = Bot::telegram(&fake, &db.path, seed).await;
    (fake, db, bot)
}

/// Whether a bot message is a table message: a text (no file or picture, whose caption may
/// start with 🎲 too) starting with 🎲.
pub fn is_table(m: &StoredMessage) -> bool {
    m.text.starts_with('🎲') && m.document.is_none() && m.photo.is_none()
}

/// The newest table message in a chat.
pub fn table_message(fake: &FakeTelegram, chat: i64) -> Option<StoredMessage> {
    fake.bot_messages(chat).into_iter().rev().find(is_table)
}

/// The newest table message in one topic of a forum (`None`: General).
pub fn table_in(fake: &FakeTelegram, chat: i64, thread: Option<i64>) -> Option<StoredMessage> {
    fake.bot_messages_in(chat, thread)
        .into_iter()
        .rev()
        .find(is_table)
}

/// Whether a request sends a new message: text, a file or a picture.
pub fn is_send(r: &Recorded) -> bool {
    r.is("sendMessage") || r.is("sendDocument") || r.is("sendPhoto")
}

/// The callback data of the button with this action code (`r` roll, `l` look, …).
pub fn button(message: &StoredMessage, code: &str) -> Option<String> {
    let prefix = format!("v1:{code}:");
    message
        .callback_data()
        .into_iter()
        .find(|d| d.starts_with(&prefix))
}

/// The table version a message's buttons were made for.
pub fn version(message: &StoredMessage) -> Option<u64> {
    message
        .callback_data()
        .iter()
        .find_map(|d| d.split(':').nth(3))
        .and_then(|v| u64::from_str_radix(v, 36).ok())
}

/// Updates of one chat are handled in order: when a forged button press is answered,
/// everything injected before it in that chat is handled (its writes may still be queued).
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

/// Waits until everything injected in `chat` is handled and the bot wrote nothing more to it
/// for [`QUIET`]: its outbox for the chat is empty.
pub async fn settle(fake: &FakeTelegram, chat: &TgChat) {
    barrier(fake, chat).await;
    let deadline = Instant::now() + WAIT;
    let start = std::time::Instant::now();
    while Instant::now() < deadline {
        let last = fake
            .accepted_writes(chat.id)
            .last()
            .map(|r| r.at)
            .filter(|at| *at > start)
            .unwrap_or(start);
        if last.elapsed() >= QUIET {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chat {} never went quiet", chat.id);
}

/// Waits for the table message of `chat` to satisfy `ready`.
pub async fn wait_table(
    fake: &FakeTelegram,
    chat: i64,
    what: &str,
    ready: impl Fn(&StoredMessage) -> bool,
) -> StoredMessage {
    fake.wait_until(WAIT, |f| table_message(f, chat).filter(|t| ready(t)))
        .await
        .unwrap_or_else(|_| {
            panic!(
                "the table message never showed {what}; it shows:\n{}",
                table_message(fake, chat)
                    .map(|t| t.text)
                    .unwrap_or_default()
            )
        })
}

/// Waits for the table message to show at least version `min`.
pub async fn wait_version(fake: &FakeTelegram, chat: i64, min: u64) -> StoredMessage {
    wait_table(fake, chat, &format!("version {min}"), |t| {
        version(t).is_none_or(|v| v >= min)
    })
    .await
}

/// The texts (captions) of the messages (not edits) the bot sent to `chat` since `mark`.
pub fn sent_texts(fake: &FakeTelegram, mark: u64, chat: i64) -> Vec<String> {
    fake.requests_since(mark)
        .into_iter()
        .filter(|r| r.ok() && is_send(r))
        .filter(|r| r.chat_id() == Some(chat))
        .filter_map(|r| r.text().map(str::to_string))
        .collect()
}

/// Sends a command and waits for the first message (text, file or picture) the bot sends to
/// the chat after it; returns that message's request.
pub async fn command_answer(
    fake: &FakeTelegram,
    chat: &TgChat,
    user: &TgUser,
    text: &str,
) -> Recorded {
    let mark = fake.mark();
    fake.command(chat, user, text);
    fake.wait_for(mark, WAIT, |r| {
        r.ok() && is_send(r) && r.chat_id() == Some(chat.id)
    })
    .await
    .unwrap_or_else(|e| {
        // What the bot did send (a refused upload, say) tells more than the timeout.
        let since: Vec<String> = fake
            .requests_since(mark)
            .iter()
            .filter(|r| !r.is("getUpdates"))
            .map(|r| format!("{} → {} {}", r.method, r.status, r.response))
            .collect();
        panic!("no answer to {text}: {e}; the bot's requests since: {since:#?}")
    })
}

/// The bot's first message to `chat` after request `mark` (a command sent before).
pub async fn command_answer_since(fake: &FakeTelegram, chat: &TgChat, mark: u64) -> Recorded {
    fake.wait_for(mark, WAIT, |r| {
        r.ok() && is_send(r) && r.chat_id() == Some(chat.id)
    })
    .await
    .expect("an answer in the chat")
}

/// Sends a command and returns the text of the bot's first message after it.
pub async fn command(fake: &FakeTelegram, chat: &TgChat, user: &TgUser, text: &str) -> String {
    command_answer(fake, chat, user, text)
        .await
        .text()
        .unwrap_or_default()
        .to_string()
}

/// Sends a command that only changes the table (no answer of its own) and waits for the
/// table message to show a newer version than before.
pub async fn command_moves(fake: &FakeTelegram, chat: &TgChat, user: &TgUser, text: &str) {
    let before = table_message(fake, chat.id).and_then(|t| version(&t));
    fake.command(chat, user, text);
    barrier(fake, chat).await;
    if let Some(before) = before {
        wait_version(fake, chat.id, before + 1).await;
    }
}

/// Presses a button under message `message` of `chat`; returns the answer to the press.
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

/// Presses a button of the chat's table message as it is shown now.
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

/// Opens a table (first player), lets the others join by button and the last press "Go";
/// returns when the table message shows the running game.
pub async fn open_and_start(fake: &FakeTelegram, chat: &TgChat, players: &[TgUser]) {
    open_and_start_in(fake, chat, None, players).await;
}

/// [`open_and_start`] in topic `thread` of a forum (`None`: General, or a chat without topics).
pub async fn open_and_start_in(
    fake: &FakeTelegram,
    chat: &TgChat,
    thread: Option<i64>,
    players: &[TgUser],
) {
    fake.command_in(chat, thread, &players[0], "/neu");
    let mut lobby = wait_table(fake, chat.id, "the lobby", |t| {
        t.thread == thread && button(t, "j").is_some()
    })
    .await;
    for (i, p) in players.iter().enumerate().skip(1) {
        press(fake, chat, p, &button(&lobby, "j").expect("join")).await;
        let joined = i + 1;
        lobby = wait_table(fake, chat.id, "the joined player", |t| {
            t.text.contains(&format!("({joined})"))
        })
        .await;
    }
    let last = players.last().expect("players");
    press(fake, chat, last, &button(&lobby, "g").expect("go")).await;
    wait_table(fake, chat.id, "the running game", |t| {
        current_player(&t.text).is_some()
    })
    .await;
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

/// "1. Hälfte, Runde 3" from a table title.
pub fn round_of(text: &str) -> Option<String> {
    let first = text.lines().next()?;
    let rest = first.strip_prefix("🎲 Schocken · ")?;
    rest.split(" · ").next().map(str::to_string)
}

/// The table part of a table message: its lines up to the last round's reveal.
pub fn table_part(text: &str) -> String {
    text.split("\n\n").next().unwrap_or_default().to_string()
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

/// Plays a table through its buttons (look, roll, stand) as people do: from the table message
/// as it is shown, noting every alert.
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

    /// Presses a button of `message` as `user`, noting the alert if one was shown.
    pub async fn press_on(
        &mut self,
        message: &StoredMessage,
        user: &TgUser,
        data: &str,
    ) -> Recorded {
        let answer = press_on(self.fake, &self.chat, user, message.message_id, data).await;
        if answer.show_alert() {
            self.alerts.push(Alert {
                seq: answer.seq,
                owner: self.name_of(user),
                round: round_of(&message.text),
                text: alert(&answer),
            });
        }
        answer
    }

    /// Look, roll, stand for the player to act, from the table message as it is shown; then
    /// waits until the message shows the turn moved on. `false` when the game is over.
    pub async fn turn(&mut self) -> bool {
        let Some(table) = table_message(self.fake, self.chat.id) else {
            return false;
        };
        let (Some(roll), Some(v0)) = (button(&table, "r"), version(&table)) else {
            return false;
        };
        let name = current_player(&table.text).expect("someone to play");
        let round = round_of(&table.text);
        let user = self.player(&name);
        self.press_on(&table, &user, &button(&table, "l").expect("look"))
            .await;
        self.press_on(&table, &user, &roll).await;
        if let Some(stand) = button(&table, "s") {
            self.press_on(&table, &user, &stand).await;
        }
        wait_table(self.fake, self.chat.id, "the next turn", |t| {
            version(t).is_none_or(|v| v > v0)
                && (current_player(&t.text) != Some(name.clone())
                    || round_of(&t.text) != round
                    || button(t, "r").is_none())
        })
        .await;
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

    /// No cup alert's text reaches the group and covered cups stay covered; some covered
    /// cups were checked.
    pub fn assert_no_leaks(&self) {
        assert!(
            self.assert_cups_stay_covered() > 0,
            "covered cups were checked"
        );
    }

    /// No cup alert's text reaches the group, and a cup covered for the table stays covered
    /// in every group text until the round is over; returns how many covered lines were
    /// checked.
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
            let opened = [
                format!("{} deckt auf", alert.owner),
                format!("{} würfelt offen", alert.owner),
                format!("{} shows:", alert.owner),
                format!("{} rolls openly", alert.owner),
            ];
            for (seq, text) in texts.iter().filter(|(s, _)| *s > alert.seq) {
                if round_of(text) != alert.round || opened.iter().any(|o| text.contains(o)) {
                    break; // the round is over, or he played openly: his dice are public
                }
                if let Some(line) = player_line(&table_part(text), &alert.owner) {
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

/// The newest cup message in a user's private chat.
pub fn private_cup(fake: &FakeTelegram, user: &TgUser) -> Option<StoredMessage> {
    fake.bot_messages(user.id)
        .into_iter()
        .rev()
        .find(|m| m.text.contains("Becher:") || m.text.contains("cup:"))
}

/// Plays a table through the players' private chats (each pressed START with the table's
/// deep link): whoever's cup says it is his turn stands. Fast: private chats are paced each
/// on its own.
pub struct PrivatePlay<'a> {
    fake: &'a FakeTelegram,
    group: TgChat,
    players: Vec<TgUser>,
    /// (user, version) of the last stand pressed, so a cup not yet updated is not pressed
    /// twice.
    pressed: Vec<(i64, u64)>,
    pub turns: usize,
}

impl<'a> PrivatePlay<'a> {
    pub fn new(fake: &'a FakeTelegram, group: &TgChat, players: &[TgUser]) -> PrivatePlay<'a> {
        PrivatePlay {
            fake,
            group: group.clone(),
            players: players.to_vec(),
            pressed: Vec::new(),
            turns: 0,
        }
    }

    /// A player whose private cup says it is his turn, with its stand button.
    fn to_act(&self) -> Option<(TgUser, StoredMessage, String)> {
        self.players.iter().find_map(|p| {
            let cup = private_cup(self.fake, p)?;
            let mine = cup.text.contains("Du bist dran.") || cup.text.contains("Your turn.");
            let stand = button(&cup, "s")?;
            let v = version(&cup)?;
            let fresh = !self.pressed.contains(&(p.id, v));
            (mine && fresh).then(|| (p.clone(), cup, stand))
        })
    }

    /// Stands for whoever is to act, until the group's table message shows the game over.
    pub async fn play_to_the_end(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(600);
        while Instant::now() < deadline {
            let acting = self
                .fake
                .wait_until(Duration::from_secs(8), |_| self.to_act())
                .await;
            let Ok((user, cup, stand)) = acting else {
                let over = table_message(self.fake, self.group.id)
                    .is_some_and(|t| button(&t, "r").is_none());
                if over {
                    return;
                }
                panic!(
                    "nobody to act and the game is not over:\n{}",
                    table_message(self.fake, self.group.id)
                        .map(|t| t.text)
                        .unwrap_or_default()
                );
            };
            self.pressed
                .push((user.id, version(&cup).unwrap_or_default()));
            let chat = TgChat::private(&user);
            press_on(self.fake, &chat, &user, cup.message_id, &stand).await;
            self.turns += 1;
        }
        panic!("the game did not end in time");
    }
}

/// Presses START in `user`'s private chat with the deep link under the table of `chat`, and
/// waits for the bot's answer there.
pub async fn start_privately(fake: &FakeTelegram, chat: i64, user: &TgUser) {
    let table = table_message(fake, chat).expect("a table with its deep link");
    let link = table.urls().pop().expect("a deep link");
    let payload = link.split("start=").nth(1).expect("payload").to_string();
    let mark = fake.mark();
    fake.start_private(user, Some(&payload));
    fake.wait_for(mark, WAIT, |r| {
        r.ok() && r.is("sendMessage") && r.chat_id() == Some(user.id)
    })
    .await
    .expect("an answer in private");
}

/// Nothing the bot sent was refused with 429, and none of `groups` got more than 20 writes in
/// any minute (Telegram's flood limits, which the fake enforces).
pub fn assert_within_limits(fake: &FakeTelegram, groups: &[i64]) {
    let refused: Vec<String> = fake
        .rate_limited()
        .iter()
        .map(|r| format!("{} {}", r.method, r.params))
        .collect();
    assert!(refused.is_empty(), "429s: {refused:?}");
    for group in groups {
        let most = fake.max_writes_per_minute(*group);
        assert!(most <= 20, "{most} writes in a minute to {group}");
    }
}

/// Every player presses START in his private chat with the deep link under the table of
/// `chat` (a running game too: whoever is to act gets his cup there at once).
pub async fn start_all_privately(fake: &FakeTelegram, chat: i64, players: &[TgUser]) {
    for p in players {
        start_privately(fake, chat, p).await;
    }
}

impl PrivatePlay<'_> {
    /// One move through a private chat: whoever's private cup says it is his turn stands
    /// there. `false` if nobody is to act within a few seconds (the game is over).
    pub async fn turn(&mut self) -> bool {
        let acting = self
            .fake
            .wait_until(Duration::from_secs(8), |_| self.to_act())
            .await;
        let Ok((user, cup, stand)) = acting else {
            return false;
        };
        self.pressed
            .push((user.id, version(&cup).unwrap_or_default()));
        let chat = TgChat::private(&user);
        press_on(self.fake, &chat, &user, cup.message_id, &stand).await;
        self.turns += 1;
        true
    }
}
