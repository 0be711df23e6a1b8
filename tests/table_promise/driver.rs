//! A busy Telegram group table at real pace: the player to act (as stored) moves 1–2 s after
//! his last move. Some players type their moves (`/wurf`, `/stehen`); the others press the
//! buttons of the table message as it is shown, waiting for it to show their last move (they
//! read it first) and typing if it has not come after two group gaps. Nobody has a private
//! chat with the bot, so a typed roll is answered in the group („🎲 Geworfen! …“, a reply to
//! the command): a write queued behind the table's state. The moves' times and the versions
//! they made are kept for the checks; the group's writes are read from the fake.

use crate::common::Db;
use crate::common::telegram::{QUIET, barrier_within};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use schocken_fakes::telegram::{FakeTelegram, PENDING, Recorded, TgChat, TgUser};
use schocken_fakes::window::max_in_window;
use serde_json::Value;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The longest a move may wait for its answer: a restart after SIGKILL included.
const MOVE_WAIT: Duration = Duration::from_secs(40);

/// How long a button player waits for the table message to show his last move before he
/// types instead: two group gaps.
const BUTTON_WAIT: Duration = Duration::from_millis(6100);

/// One stored move.
#[derive(Clone, Debug)]
pub struct Move {
    /// When the player sent it (its update was queued at the fake).
    pub at: Instant,
    /// The table version it made.
    pub version: u64,
    pub who: String,
    pub what: &'static str,
}

/// The table as stored: its version, who is to act with how many throws left, and what the
/// bot needs to accept a button of an older version (the round's first version, the recent
/// moves: version, user, kind).
#[derive(Clone, Debug)]
pub struct Stored {
    pub version: u64,
    pub running: bool,
    pub to_act: Option<(String, u64)>,
    round_since: u64,
    moves: Vec<(u64, String, String)>,
}

impl Stored {
    fn read(version: i64, status: &str, snapshot: &str) -> Stored {
        let snapshot: Value = serde_json::from_str(snapshot).expect("snapshot");
        let moves = snapshot["moves"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|m| {
                let user = m["user"].as_str()?.to_string();
                Some((
                    m["version"].as_u64()?,
                    user,
                    m["kind"].as_str()?.to_string(),
                ))
            })
            .collect();
        Stored {
            version: version as u64,
            running: status == "running",
            to_act: to_act(&snapshot),
            round_since: snapshot["round_since"].as_u64().unwrap_or(0),
            moves,
        }
    }

    /// Whether the bot takes a `kind` move (`throw`, `stand`) of `user` from a button made
    /// for `shown`: the version, or an older one of the same round with no such move of his
    /// since (bot-core's `Table::tolerates`).
    fn accepts(&self, shown: u64, user: &TgUser, kind: &str) -> bool {
        let who = format!("telegram:{}", user.id);
        shown == self.version
            || (shown < self.version
                && shown >= self.round_since
                && !self
                    .moves
                    .iter()
                    .any(|(v, u, k)| *v > shown && *u == who && k == kind))
    }
}

/// Who is to act in a stored game and how many throws he has left (`None`: no game running,
/// or its starter is to announce extras).
fn to_act(snapshot: &Value) -> Option<(String, u64)> {
    let game = snapshot.get("game")?;
    if !game.get("result").is_none_or(Value::is_null) {
        return None;
    }
    let round = &game["round"];
    if round["announcing"].as_bool() == Some(true) {
        return None;
    }
    let cup = &round["cups"][round["turn"].as_u64()? as usize];
    let seat = cup["seat"].as_u64()?;
    let name = game["players"][seat as usize]["name"].as_str()?.to_string();
    let most = match round["limit"].as_u64() {
        Some(limit) if Some(seat) != round["starter"].as_u64() => limit,
        _ => 3,
    } + cup["bonus"].as_u64().unwrap_or(0);
    Some((name, most.saturating_sub(cup["throws"].as_u64()?)))
}

/// The table version a write's buttons were made for (`v1:<action>:<table>:<version>`, base
/// 36); a table message without buttons shows a finished game: every version.
pub fn shown_version(r: &Recorded) -> u64 {
    let data = r.callback_data();
    if data.is_empty() {
        return u64::MAX;
    }
    data.iter()
        .find_map(|d| d.split(':').nth(3))
        .and_then(|v| u64::from_str_radix(v, 36).ok())
        .unwrap_or(0)
}

/// The message a send replies to (`reply_parameters.message_id`).
pub fn reply_to(r: &Recorded) -> Option<i64> {
    let parameters = r.params.get("reply_parameters")?;
    match parameters {
        Value::String(s) => serde_json::from_str::<Value>(s).ok()?["message_id"].as_i64(),
        p => p["message_id"].as_i64(),
    }
}

/// Whether a request is a write to `chat` the fake has answered (any status).
pub fn write_to(r: &Recorded, chat: i64) -> bool {
    r.is_write() && r.chat_id() == Some(chat) && r.status != PENDING
}

pub struct Driver<'a> {
    fake: &'a FakeTelegram,
    pool: sqlx::SqlitePool,
    pub group: TgChat,
    players: Vec<TgUser>,
    /// The table message (its id stays: no game is posted anew).
    pub table_message: i64,
    rng: ChaCha8Rng,
    pub moves: Vec<Move>,
    /// Typed commands: message id → when sent.
    pub typed: HashMap<i64, Instant>,
    /// Moves refused (none expected: each is made from the stored state).
    pub refused: usize,
    /// The players who type their moves; the others press buttons.
    typists: Vec<i64>,
    next_at: Instant,
}

impl<'a> Driver<'a> {
    pub async fn new(
        fake: &'a FakeTelegram,
        db: &Db,
        group: &TgChat,
        players: &[TgUser],
        typists: &[TgUser],
        table_message: i64,
        seed: u64,
    ) -> Driver<'a> {
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&db.path)
            .read_only(true);
        let pool = sqlx::pool::PoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .expect("open the bot's database");
        Driver {
            fake,
            pool,
            group: group.clone(),
            players: players.to_vec(),
            table_message,
            rng: ChaCha8Rng::seed_from_u64(seed),
            moves: Vec::new(),
            typed: HashMap::new(),
            refused: 0,
            typists: typists.iter().map(|p| p.id).collect(),
            next_at: Instant::now(),
        }
    }

    pub fn fake(&self) -> &'a FakeTelegram {
        self.fake
    }

    /// The group's newest table as stored (read again if the database is busy).
    pub async fn stored(&self) -> Stored {
        let chat = format!("telegram:{}", self.group.id);
        for _ in 0..50 {
            let row: Result<Option<(i64, String, String)>, _> = sqlx::query_as(
                "SELECT version, status, snapshot FROM tables WHERE chat = ? ORDER BY id DESC \
                 LIMIT 1",
            )
            .bind(&chat)
            .fetch_optional(&self.pool)
            .await;
            match row {
                Ok(Some((version, status, snapshot))) => {
                    return Stored::read(version, &status, &snapshot);
                }
                Ok(None) => panic!("no table stored for {chat}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
        panic!("the database of {chat} could not be read");
    }

    fn user(&self, name: &str) -> TgUser {
        self.players
            .iter()
            .find(|u| u.first_name == name)
            .cloned()
            .unwrap_or_else(|| panic!("no player {name:?}"))
    }

    /// The button with action `code` of the table message as it is shown, if the bot takes
    /// it from `user` now.
    fn shown_button(
        &self,
        stored: &Stored,
        user: &TgUser,
        code: &str,
        kind: &str,
    ) -> Option<String> {
        let message = self.fake.message(self.group.id, self.table_message)?;
        let prefix = format!("v1:{code}:");
        let data = message
            .callback_data()
            .into_iter()
            .find(|d| d.starts_with(&prefix))?;
        let shown = u64::from_str_radix(data.split(':').nth(3)?, 36).ok()?;
        stored.accepts(shown, user, kind).then_some(data)
    }

    /// The next move once its time has come (1–2 s after the last one); `false` when no game
    /// runs any more.
    pub async fn step(&mut self) -> bool {
        let wait = self.next_at.saturating_duration_since(Instant::now());
        tokio::time::sleep(wait).await;
        self.make_move(true).await
    }

    /// The next move at once, typed: the bot is down, the player does not wait for it.
    pub async fn step_now(&mut self) -> bool {
        self.make_move(false).await
    }

    /// The player to act rolls (if he may) or stands. Typists type; the others press the
    /// table message's button as it is shown once the bot takes it (the message may not show
    /// their last move yet), and type if it has not come after two group gaps.
    async fn make_move(&mut self, may_press: bool) -> bool {
        let before = self.stored().await;
        let Some((name, throws_left)) = before.to_act.clone().filter(|_| before.running) else {
            return false;
        };
        let user = self.user(&name);
        let roll = throws_left > 0 && self.rng.random_bool(0.6);
        let (code, kind, typed, what) = if roll {
            ("r", "throw", "/wurf", "roll")
        } else {
            ("s", "stand", "/stehen", "stand")
        };
        let mut button = None;
        if may_press && !self.typists.contains(&user.id) {
            button = self.shown_button(&before, &user, code, kind);
            if button.is_none() {
                let shown = self
                    .fake
                    .wait_until(BUTTON_WAIT, |_| {
                        self.shown_button(&before, &user, code, kind)
                    })
                    .await;
                if let Ok(data) = shown {
                    // He reads the new table message before he presses.
                    let read = self.rng.random_range(300..=1000);
                    tokio::time::sleep(Duration::from_millis(read)).await;
                    button = Some(data);
                }
            }
        }
        let injected = match button {
            Some(data) => self
                .fake
                .press(&self.group, &user, self.table_message, &data),
            None => {
                let sent = self.fake.command(&self.group, &user, typed);
                if let Some(id) = sent.message_id {
                    self.typed.insert(id, sent.at);
                }
                sent
            }
        };
        let think = Duration::from_millis(self.rng.random_range(1000..=2000));
        self.next_at = injected.at + think;
        barrier_within(self.fake, &self.group, MOVE_WAIT).await;
        let after = self.stored().await;
        if after.version > before.version {
            self.moves.push(Move {
                at: injected.at,
                version: after.version,
                who: name,
                what,
            });
        } else {
            self.refused += 1;
        }
        true
    }

    /// The group's writes the fake answered (any status), in arrival order.
    pub fn group_writes(&self) -> Vec<Recorded> {
        self.fake
            .requests()
            .into_iter()
            .filter(|r| write_to(r, self.group.id))
            .collect()
    }

    /// The most writes the fake got for the group (accepted or not) within any 60 s.
    pub fn max_writes_per_minute(&self) -> usize {
        let arrivals: Vec<Instant> = self.group_writes().iter().map(|r| r.at).collect();
        max_in_window(&arrivals, Duration::from_secs(60))
    }

    /// Waits until the bot has written nothing to the group for a while: its queue is empty.
    pub async fn quiet(&self) {
        barrier_within(self.fake, &self.group, MOVE_WAIT).await;
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let last = self.group_writes().last().map(|r| r.at);
            if last.is_none_or(|at| at.elapsed() >= QUIET) {
                return;
            }
            assert!(Instant::now() < deadline, "the group never went quiet");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Whether a write shows the table (an edit of its message).
    pub fn is_table_write(&self, r: &Recorded) -> bool {
        r.is("editMessageText") && r.message_id() == Some(self.table_message)
    }
}
