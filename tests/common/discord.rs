//! Driving the fake Discord: members, slash commands and clicks with their answers, the table
//! message, and a game played through its buttons while noting what players saw under covered
//! cups.

use super::{Bot, Db, WAIT, current_player, player_line, table_names};
use schocken_fakes::discord::{
    Answer, Call, FakeDiscord, FakeMessage, FakeUser, Injected, Place, Slash,
};

/// A fresh fake Discord and database, and the bot connected to them, its dice seeded with
/// `seed`.
pub async fn start(seed: u64) -> (FakeDiscord, Db, Bot) {
    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let bot = Bot::discord(&fake, &db.path, seed).await;
    (fake, db, bot)
}

/// A member of the fake guild, named `name` there.
pub fn user(id: u64, name: &str) -> FakeUser {
    FakeUser::new(id, &format!("user{id}")).nick(name)
}

/// `/schocken <sub>`.
pub fn slash(sub: &str) -> Slash {
    Slash::new("schocken").subcommand(sub)
}

/// The visible answer to an injected interaction.
pub async fn answer(fake: &FakeDiscord, sent: &Injected) -> Answer {
    fake.answer(sent, WAIT).await.expect("answer")
}

/// A slash command in the fake guild's channel, and its answer.
pub async fn run_slash(fake: &FakeDiscord, who: &FakeUser, s: Slash) -> Answer {
    let sent = fake.slash(who, &s).expect("inject");
    answer(fake, &sent).await
}

pub async fn run_slash_in(fake: &FakeDiscord, place: &Place, who: &FakeUser, s: Slash) -> Answer {
    let sent = fake.slash_in(place, who, &s).expect("inject");
    answer(fake, &sent).await
}

/// A click on a button of `message`, and its answer.
pub async fn run_click(
    fake: &FakeDiscord,
    who: &FakeUser,
    message: u64,
    custom_id: &str,
) -> Answer {
    let sent = fake.click(who, message, custom_id).expect("inject");
    answer(fake, &sent).await
}

/// The chat id the bot stores a channel's tables under.
pub fn chat(fake: &FakeDiscord, channel: u64) -> String {
    format!("discord:{}/{channel}", fake.guild_id())
}

/// Message `id` as it stands now.
pub fn table_message(fake: &FakeDiscord, id: u64) -> FakeMessage {
    fake.message(id).expect("the table message exists")
}

/// The newest non-ephemeral message the bot posted in `channel` that shows a table.
pub fn table_id(fake: &FakeDiscord, channel: u64) -> u64 {
    fake.messages()
        .into_iter()
        .filter(|m| {
            m.channel_id == channel
                && !m.ephemeral()
                && m.interaction.is_none()
                && !m.deleted
                && m.content.starts_with('🎲')
        })
        .map(|m| m.id)
        .max()
        .expect("a table message")
}

/// The first message the bot posted in a channel from request `since` on.
pub fn posted_since(fake: &FakeDiscord, since: usize) -> Option<u64> {
    fake.requests_since(since)
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, .. } => Some(message),
            _ => None,
        })
}

/// Opens a table (first player), lets the others join by button and starts it; returns the
/// table message id.
pub async fn open_and_start(fake: &FakeDiscord, players: &[FakeUser]) -> u64 {
    let opened = run_slash(fake, &players[0], slash("new")).await;
    assert!(opened.ephemeral, "{opened:?}");
    let table = table_id(fake, fake.channel_id());
    for p in &players[1..] {
        let join = table_message(fake, table)
            .button("v1:j:")
            .expect("join button");
        let joined = run_click(fake, p, table, &join).await;
        assert!(joined.is_ack(), "{joined:?}");
    }
    let started = run_slash(fake, &players[0], slash("start")).await;
    assert!(started.ephemeral, "{started:?}");
    table
}

/// No message was posted, edited or deleted in any channel in the requests from `since` on,
/// and nothing was said in public.
pub fn assert_untouched(fake: &FakeDiscord, since: usize, what: &str) {
    assert_untouched_until(fake, since, usize::MAX, what);
}

/// As [`assert_untouched`], for the requests from `since` to `until`.
pub fn assert_untouched_until(fake: &FakeDiscord, since: usize, until: usize, what: &str) {
    for r in fake.requests_since(since).iter().filter(|r| r.seq <= until) {
        assert!(
            !matches!(
                r.call,
                Call::CreateMessage { .. } | Call::EditMessage { .. } | Call::DeleteMessage { .. }
            ),
            "{what} changed a channel: {} {} {:?}",
            r.method,
            r.path,
            r.content()
        );
        assert!(
            !r.is_public_message(),
            "{what} said something in public: {r:?}"
        );
    }
}

/// The dice under the cup as an ephemeral view shows them (`Dein Becher: ⚀1 | ⚃4 ⚅6` → the
/// part after the bar), unless still covered.
pub fn dice_under_cup(content: &str) -> Option<String> {
    let cup = content.lines().find_map(|l| {
        l.strip_prefix("Dein Becher: ")
            .or_else(|| l.strip_prefix("Your cup: "))
    })?;
    let under = cup.rsplit(" | ").next()?.trim();
    (!under.contains('▢') && !under.is_empty()).then(|| under.to_string())
}

/// Dice a player saw privately while the table showed his cup covered.
#[derive(Debug)]
pub struct Secret {
    pub name: String,
    pub dice: String,
    /// The click that showed them: the table edit made for it counts too.
    pub seq: usize,
}

/// Plays through the table's buttons, noting what players saw under covered cups.
pub struct Play<'a> {
    fake: &'a FakeDiscord,
    table: u64,
    /// The name at the table → the user.
    pub players: Vec<(String, FakeUser)>,
    pub secrets: Vec<Secret>,
    /// Clicks answered with a private view.
    pub interactions: usize,
}

impl<'a> Play<'a> {
    pub fn new(fake: &'a FakeDiscord, table: u64, players: &[FakeUser]) -> Play<'a> {
        let wanted: Vec<&str> = players
            .iter()
            .map(|p| p.nick.as_deref().unwrap_or_default())
            .collect();
        Play {
            fake,
            table,
            players: table_names(&wanted)
                .into_iter()
                .zip(players.iter().cloned())
                .collect(),
            secrets: Vec::new(),
            interactions: 0,
        }
    }

    pub fn table(&self) -> FakeMessage {
        table_message(self.fake, self.table)
    }

    /// The user sitting at the table as `name`.
    pub fn player(&self, name: &str) -> FakeUser {
        self.players
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, u)| u.clone())
            .unwrap_or_else(|| panic!("no player {name:?}"))
    }

    fn name_of(&self, who: &FakeUser) -> String {
        self.players
            .iter()
            .find(|(_, u)| u.id == who.id)
            .map(|(n, _)| n.clone())
            .unwrap_or_default()
    }

    /// A click whose answer is the clicker's private view: it must be ephemeral; covered dice
    /// it shows become secrets.
    pub async fn private(&mut self, who: &FakeUser, message: u64, custom_id: &str) -> Answer {
        let sent = self.fake.click(who, message, custom_id).expect("inject");
        let a = answer(self.fake, &sent).await;
        self.interactions += 1;
        assert!(a.ephemeral, "a private view must be ephemeral: {a:?}");
        assert!(
            ["Dein Becher", "Your cup", "nicht mit", "do not play"]
                .iter()
                .any(|t| a.content.contains(t)),
            "{custom_id}: {a:?}"
        );
        let name = self.name_of(who);
        if let Some(dice) = dice_under_cup(&a.content) {
            let covered =
                player_line(&self.table().content, &name).is_some_and(|l| l.contains('▢'));
            if covered {
                self.secrets.push(Secret {
                    name,
                    dice,
                    seq: sent.seq,
                });
            }
        }
        a
    }

    /// One turn of the current player: look, set a die aside, roll once, stand. `false` when
    /// the game is over.
    pub async fn turn(&mut self) -> bool {
        let t = self.table();
        if t.custom_ids().is_empty() {
            return false;
        }
        let name = current_player(&t.content).expect("someone to play");
        let who = self.player(&name);
        let look = t.button("v1:l:").expect("look button on the table");
        let mut view = self.private(&who, self.table, &look).await;
        if let (Some(keep), Some(_)) = (view.button("v1:k:"), view.button("v1:r:")) {
            let m = view.message_id.expect("ephemeral message");
            view = self.private(&who, m, &keep).await;
        }
        if let Some(roll) = view.button("v1:r:") {
            let m = view.message_id.expect("ephemeral message");
            view = self.private(&who, m, &roll).await;
        }
        if current_player(&self.table().content).as_deref() == Some(name.as_str()) {
            let stand = view.button("v1:s:").expect("stand offered");
            let m = view.message_id.expect("ephemeral message");
            self.private(&who, m, &stand).await;
        }
        true
    }

    pub async fn play_to_the_end(&mut self) {
        for _ in 0..600 {
            if !self.turn().await {
                return;
            }
        }
        panic!("the game did not end");
    }

    /// No die a player saw under his covered cup shows up in public before his round's
    /// reveal: not on his line of the table, nor in any other line naming him.
    pub fn assert_no_leaks(&self) {
        assert!(!self.secrets.is_empty(), "the game had covered cups");
        let requests = self.fake.requests();
        let reveals: Vec<usize> = requests
            .iter()
            .filter(|r| r.is_public_message())
            .filter(|r| {
                r.content()
                    .is_some_and(|c| c.starts_with("Aufgedeckt") || c.starts_with("Revealed"))
            })
            .map(|r| r.seq)
            .collect();
        assert!(!reveals.is_empty(), "rounds were revealed");
        for secret in &self.secrets {
            let end = reveals
                .iter()
                .copied()
                .find(|s| *s >= secret.seq)
                .unwrap_or(usize::MAX);
            for r in requests
                .iter()
                .filter(|r| r.seq >= secret.seq && r.seq < end && r.is_public_message())
            {
                let content = r.content().unwrap_or_default();
                for line in content.lines().filter(|l| l.contains(&secret.name)) {
                    assert!(
                        !line.contains(&secret.dice),
                        "{secret:?} leaked in request {} before the reveal: {line}",
                        r.seq
                    );
                }
            }
        }
    }
}
