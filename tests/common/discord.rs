//! Driving the fake Discord: members, slash commands and clicks with their answers, the table
//! message (shown by the bot's outbox shortly after each answer), and a game played through
//! its buttons while noting what players saw under covered cups.

use super::{Bot, Db, WAIT, current_player, player_line, table_names};
use schocken_fakes::discord::{
    Answer, Call, FakeDiscord, FakeMessage, FakeUser, Injected, Place, Slash,
};
use std::time::Duration;

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

/// The first table message the bot posts in `channel` from request `since` on (the outbox
/// posts it shortly after the answer).
pub async fn posted_table(fake: &FakeDiscord, channel: u64, since: usize) -> u64 {
    let posted = fake
        .wait_for(since, WAIT, |r| {
            matches!(r.call, Call::CreateMessage { channel: c, .. } if c == channel)
                && r.content().is_some_and(|c| c.starts_with('🎲'))
        })
        .await
        .expect("a table message is posted");
    match posted.call {
        Call::CreateMessage { message, .. } => message,
        _ => unreachable!("matched a created message"),
    }
}

/// The table version a button was made for (`v1:<action>:<table>:<version>…`, base 36).
pub fn button_version(custom_id: &str) -> Option<u64> {
    u64::from_str_radix(custom_id.split(':').nth(3)?, 36).ok()
}

/// Whether a button makes a move (anything but look, join, start and show).
pub fn is_move_button(custom_id: &str) -> bool {
    matches!(
        custom_id.split(':').nth(1),
        Some("r" | "s" | "f" | "b" | "i" | "k" | "a")
    )
}

/// The newest table version among a message's buttons (`None` without buttons).
pub fn buttons_version(custom_ids: &[String]) -> Option<u64> {
    custom_ids.iter().filter_map(|c| button_version(c)).max()
}

/// Waits until message `id` satisfies `ready` (the outbox shows a table within about a
/// second), or panics with `what` after [`WAIT`].
pub async fn wait_message(
    fake: &FakeDiscord,
    id: u64,
    what: &str,
    ready: impl Fn(&FakeMessage) -> bool,
) -> FakeMessage {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if let Some(m) = fake.message(id).filter(|m| ready(m)) {
            return m;
        }
        if tokio::time::Instant::now() > deadline {
            panic!("timed out waiting for {what}: {:?}", fake.message(id));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until table message `id` shows version `version` or a later one (or the game is
/// over: no buttons any more).
pub async fn table_at(fake: &FakeDiscord, id: u64, version: u64) -> FakeMessage {
    wait_message(fake, id, &format!("the table at version {version}"), |m| {
        buttons_version(&m.custom_ids()).is_none_or(|v| v >= version)
    })
    .await
}

/// Waits until table message `id` contains `text`.
pub async fn table_shows(fake: &FakeDiscord, id: u64, text: &str) -> FakeMessage {
    wait_message(fake, id, &format!("the table to show {text:?}"), |m| {
        m.content.contains(text)
    })
    .await
}

/// Opens a table (first player), lets the others join by button and starts it; returns the
/// table message id once it shows the running game.
pub async fn open_and_start(fake: &FakeDiscord, players: &[FakeUser]) -> u64 {
    open_and_start_in(fake, &fake.place(), players).await
}

/// [`open_and_start`] in `place`.
pub async fn open_and_start_in(fake: &FakeDiscord, place: &Place, players: &[FakeUser]) -> u64 {
    let sent = fake
        .slash_in(place, &players[0], &slash("new"))
        .expect("inject");
    let opened = answer(fake, &sent).await;
    assert!(opened.ephemeral, "{opened:?}");
    let table = posted_table(fake, place.channel_id, sent.seq).await;
    for p in &players[1..] {
        // Joining is no move: the lobby's button works whatever version it shows.
        let join = table_message(fake, table)
            .button("v1:j:")
            .expect("join button");
        let joined = run_click(fake, p, table, &join).await;
        assert!(joined.is_ack(), "{joined:?}");
    }
    let started = run_slash_in(fake, place, &players[0], slash("start")).await;
    assert!(started.ephemeral, "{started:?}");
    wait_message(fake, table, "the started game", |m| {
        current_player(&m.content).is_some()
    })
    .await;
    table
}

/// Discord never answered 429, and every interaction was answered within its 3 s.
pub fn assert_within_limits(fake: &FakeDiscord) {
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    assert!(
        fake.late_answers().is_empty(),
        "every interaction answered in time"
    );
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

/// The round a table text shows, as its title names it (`1. Hälfte, Runde 3`).
pub fn round_of(content: &str) -> Option<String> {
    let title = content.lines().next()?.strip_prefix("🎲 Schocken · ")?;
    title.split(" · ").next().map(str::to_string)
}

/// A table text without its "last round" block: the reveal of a round that is over may show
/// every die.
pub fn live_part(content: &str) -> Vec<&str> {
    let mut in_reveal = false;
    content
        .lines()
        .filter(|l| {
            if l.starts_with("Letzte Runde (") || l.starts_with("Last round (") {
                in_reveal = true;
            } else if l.trim().is_empty() {
                in_reveal = false;
            }
            !in_reveal
        })
        .collect()
}

/// Dice a player saw privately while the table showed his cup covered.
#[derive(Debug)]
pub struct Secret {
    pub name: String,
    pub dice: String,
    /// The round they were seen in (`round_of` the table then).
    pub round: String,
    /// The click that showed them: the table edit made for it counts too.
    pub seq: usize,
}

/// Plays through the table's buttons, noting what players saw under covered cups. A turn
/// starts at the table message once it shows the state the last move made (it follows the
/// answers within about a second); the rest of the turn happens in the player's own private
/// message, which each click changes in place.
pub struct Play<'a> {
    fake: &'a FakeDiscord,
    table: u64,
    /// The name at the table → the user.
    pub players: Vec<(String, FakeUser)>,
    pub secrets: Vec<Secret>,
    /// Clicks answered with a private view.
    pub interactions: usize,
    /// The newest table version the answers told of.
    known: u64,
}

impl<'a> Play<'a> {
    pub fn new(fake: &'a FakeDiscord, table: u64, players: &[FakeUser]) -> Play<'a> {
        let wanted: Vec<&str> = players
            .iter()
            .map(|p| p.nick.as_deref().unwrap_or_default())
            .collect();
        let known = fake
            .message(table)
            .and_then(|m| buttons_version(&m.custom_ids()))
            .unwrap_or(0);
        Play {
            fake,
            table,
            players: table_names(&wanted)
                .into_iter()
                .zip(players.iter().cloned())
                .collect(),
            secrets: Vec::new(),
            interactions: 0,
            known,
        }
    }

    /// The table message as it stands now.
    pub fn table(&self) -> FakeMessage {
        table_message(self.fake, self.table)
    }

    /// The table message once it shows every move answered so far.
    pub async fn settled(&self) -> FakeMessage {
        table_at(self.fake, self.table, self.known).await
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
            [
                "Dein Becher",
                "Your cup",
                "nicht mit",
                "do not play",
                "Runde vorbei",
                "Round over"
            ]
            .iter()
            .any(|t| a.content.contains(t)),
            "{custom_id}: {a:?}"
        );
        // The view's buttons carry the table's version; a move that ends the turn leaves
        // none, but made a new one.
        let moved = is_move_button(custom_id)
            .then(|| button_version(custom_id).map(|v| v + 1))
            .flatten();
        let seen = buttons_version(&a.custom_ids()).or(moved);
        self.known = self.known.max(seen.unwrap_or(0));
        let name = self.name_of(who);
        if let Some(dice) = dice_under_cup(&a.content) {
            let t = self.table();
            let covered = player_line(&t.content, &name).is_some_and(|l| l.contains('▢'));
            if let (true, Some(round)) = (covered, round_of(&t.content)) {
                self.secrets.push(Secret {
                    name,
                    dice,
                    round,
                    seq: sent.seq,
                });
            }
        }
        a
    }

    /// One turn of the current player: look, set a die aside, roll once, stand, all but the
    /// look in his private message. `false` when the game is over.
    pub async fn turn(&mut self) -> bool {
        let t = self.settled().await;
        if t.custom_ids().is_empty() {
            return false;
        }
        let name = current_player(&t.content).expect("someone to play");
        let who = self.player(&name);
        let look = t.button("v1:l:").expect("look button on the table");
        let mut view = self.private(&who, self.table, &look).await;
        if !view.custom_ids().iter().any(|id| is_move_button(id)) {
            // Not his turn after all: moves made elsewhere, the table still behind them.
            let shown = buttons_version(&t.custom_ids()).unwrap_or(0);
            table_at(self.fake, self.table, shown + 1).await;
            return true;
        }
        let m = view.message_id.expect("the private message");
        if let (Some(keep), Some(_)) = (view.button("v1:k:"), view.button("v1:r:")) {
            view = self.private(&who, m, &keep).await;
        }
        if let Some(roll) = view.button("v1:r:") {
            view = self.private(&who, m, &roll).await;
        }
        if let Some(stand) = view.button("v1:s:") {
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
    /// reveal (the table's "last round" block): not on his line of the table, nor in any
    /// other line naming him.
    pub fn assert_no_leaks(&self) {
        assert!(!self.secrets.is_empty(), "the game had covered cups");
        let requests = self.fake.requests();
        let public: Vec<_> = requests.iter().filter(|r| r.is_public_message()).collect();
        assert!(
            public.iter().any(|r| r
                .content()
                .is_some_and(|c| c.contains("Letzte Runde (") || c.contains("Last round ("))),
            "rounds were revealed on the table"
        );
        for secret in &self.secrets {
            let name = &secret.name;
            // The round's reveal, or he played openly: his dice are public from then on.
            let public_from = [
                format!("({}):", secret.round),
                format!("{name} deckt auf"),
                format!("{name} würfelt offen"),
                format!("{name} shows:"),
                format!("{name} rolls openly"),
            ];
            for r in public.iter().filter(|r| r.seq >= secret.seq) {
                let content = r.content().unwrap_or_default();
                if public_from.iter().any(|p| content.contains(p)) {
                    break;
                }
                for line in live_part(content)
                    .into_iter()
                    .filter(|l| l.contains(&secret.name))
                {
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
