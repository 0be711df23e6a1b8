//! The Discord adapter end to end: the real `schocken` binary (serenity + poise, the service,
//! a real SQLite file) against the local fake Discord, which records every request.

use schocken_fakes::discord::{Answer, Call, FakeDiscord, FakeMessage, FakeUser, Place, Slash};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Looks like a bot token; must never show up in the log.
const TOKEN: &str = "MTIzNDU2Nzg5MDEy.GfAkEd.sEcReT-tOkEn_do-not-log-9x7";
const WAIT: Duration = Duration::from_secs(15);

// ----- the bot process ---------------------------------------------------------------------------

struct Bot {
    child: Child,
    log: Arc<Mutex<String>>,
    readers: Vec<JoinHandle<()>>,
}

fn capture(stream: impl Read + Send + 'static, log: Arc<Mutex<String>>) -> JoinHandle<()> {
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            let mut log = log.lock().unwrap_or_else(|p| p.into_inner());
            log.push_str(&line);
            log.push('\n');
        }
    })
}

impl Bot {
    fn spawn(fake: &FakeDiscord, db: &Path) -> Bot {
        let mut child = Command::new(env!("CARGO_BIN_EXE_schocken"))
            .args(["--seed", "7"])
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_URL", fake.api_url())
            .env("DISCORD_GUILD_ID", fake.guild_id().to_string())
            .env("DATABASE_URL", format!("sqlite://{}", db.display()))
            .env(
                "RUST_LOG",
                std::env::var("TEST_RUST_LOG")
                    .unwrap_or_else(|_| "info,schocken_discord=debug".into()),
            )
            // No turn timer: no deadline in the texts, nothing moves by itself.
            .env("SCHOCKEN_TURN_TIMER", "0")
            .env_remove("TELOXIDE_TOKEN")
            .env_remove("SCHOCKEN_LANG")
            .env_remove("SCHOCKEN_RULES")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn schocken");
        let log = Arc::new(Mutex::new(String::new()));
        let readers = vec![
            capture(child.stdout.take().expect("stdout"), log.clone()),
            capture(child.stderr.take().expect("stderr"), log.clone()),
        ];
        Bot {
            child,
            log,
            readers,
        }
    }

    /// SIGKILL: no goodbye, no flush.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for r in self.readers.drain(..) {
            let _ = r.join();
        }
    }

    fn log(&self) -> String {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    fn assert_token_never_logged(&self) {
        let log = self.log();
        assert!(!log.is_empty(), "the bot logs something");
        assert!(!log.contains(TOKEN), "the token leaked into the log");
        assert!(
            !log.contains("sEcReT"),
            "a part of the token leaked into the log"
        );
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.kill();
    }
}

struct Setup {
    fake: FakeDiscord,
    bot: Bot,
    dir: tempfile::TempDir,
}

async fn setup() -> Setup {
    let fake = FakeDiscord::start().await.expect("fake Discord");
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = Bot::spawn(&fake, &dir.path().join("x.db"));
    if let Err(e) = fake.wait_ready(WAIT).await {
        panic!("{e}\n--- log ---\n{}", bot.log());
    }
    Setup { fake, bot, dir }
}

// ----- players and moves --------------------------------------------------------------------------

fn user(id: u64, name: &str) -> FakeUser {
    FakeUser::new(id, &name.to_lowercase()).nick(name)
}

fn slash(sub: &str) -> Slash {
    Slash::new("schocken").subcommand(sub)
}

async fn run_slash(fake: &FakeDiscord, who: &FakeUser, s: Slash) -> Answer {
    let sent = fake.slash(who, &s).expect("inject");
    fake.answer(&sent, WAIT).await.expect("answer")
}

async fn run_click(fake: &FakeDiscord, who: &FakeUser, message: u64, custom_id: &str) -> Answer {
    let sent = fake.click(who, message, custom_id).expect("inject");
    fake.answer(&sent, WAIT).await.expect("answer")
}

/// Message `id` as it stands now.
fn table_message(fake: &FakeDiscord, id: u64) -> FakeMessage {
    fake.message(id).expect("the table message exists")
}

/// The player to act: the line marked ▶.
fn current_player(content: &str) -> Option<String> {
    content.lines().find_map(|l| {
        let rest = l.strip_prefix("▶ ")?;
        Some(rest.split(" · ").next()?.to_string())
    })
}

/// Opens a table (Anna), lets the others join by button and starts it; returns the table
/// message id.
async fn open_and_start(fake: &FakeDiscord, players: &[FakeUser]) -> u64 {
    let opened = run_slash(fake, &players[0], slash("new")).await;
    assert!(opened.ephemeral, "{opened:?}");
    let table = fake
        .requests()
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, .. } => Some(message),
            _ => None,
        })
        .expect("the table message was posted");
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

/// Nothing reached the channel between two points: no message posted, none edited.
fn assert_channel_untouched(fake: &FakeDiscord, since: usize, until: usize, what: &str) {
    for r in fake.requests_since(since).iter().filter(|r| r.seq <= until) {
        assert!(
            !matches!(
                r.call,
                Call::CreateMessage { .. } | Call::EditMessage { .. } | Call::DeleteMessage { .. }
            ),
            "{what} changed the channel: {} {} {:?}",
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

/// The line of `name` in a table text (`▶ Anna · …` or `· Anna · …`).
fn player_line<'a>(content: &'a str, name: &str) -> Option<&'a str> {
    let a = format!("▶ {name} · ");
    let b = format!("· {name} · ");
    content
        .lines()
        .find(|l| l.starts_with(&a) || l.starts_with(&b))
}

/// The dice under the cup as an ephemeral view shows them (`Dein Becher: ⚀1 | ⚃4 ⚅6` → the
/// part after the bar), unless still covered.
fn dice_under_cup(content: &str) -> Option<String> {
    let cup = content.lines().find_map(|l| {
        l.strip_prefix("Dein Becher: ")
            .or_else(|| l.strip_prefix("Your cup: "))
    })?;
    let under = cup.rsplit(" | ").next()?.trim();
    (!under.contains('▢') && !under.is_empty()).then(|| under.to_string())
}

/// Dice a player saw privately while the table showed his cup covered.
#[derive(Debug)]
struct Secret {
    name: String,
    dice: String,
    seq: usize,
}

struct Play<'a> {
    fake: &'a FakeDiscord,
    table: u64,
    players: Vec<FakeUser>,
    secrets: Vec<Secret>,
    interactions: usize,
}

impl<'a> Play<'a> {
    fn new(fake: &'a FakeDiscord, table: u64, players: &[FakeUser]) -> Play<'a> {
        Play {
            fake,
            table,
            players: players.to_vec(),
            secrets: Vec::new(),
            interactions: 0,
        }
    }

    fn table(&self) -> FakeMessage {
        table_message(self.fake, self.table)
    }

    fn player(&self, name: &str) -> FakeUser {
        self.players
            .iter()
            .find(|p| p.nick.as_deref() == Some(name))
            .cloned()
            .unwrap_or_else(|| panic!("no player {name}"))
    }

    /// A click whose answer is a private view: it must be ephemeral; covered dice it shows
    /// become secrets.
    async fn private(&mut self, who: &FakeUser, message: u64, custom_id: &str) -> Answer {
        let sent = self.fake.click(who, message, custom_id).expect("inject");
        let a = self.fake.answer(&sent, WAIT).await.expect("answer");
        self.interactions += 1;
        assert!(a.ephemeral, "a private view must be ephemeral: {a:?}");
        assert!(
            ["Dein Becher", "Your cup", "nicht mit", "do not play"]
                .iter()
                .any(|t| a.content.contains(t)),
            "{custom_id}: {a:?}"
        );
        let name = who.nick.clone().unwrap_or_default();
        if let Some(dice) = dice_under_cup(&a.content) {
            let table = self.table();
            let covered = player_line(&table.content, &name).is_some_and(|l| l.contains('▢'));
            if covered {
                // Secret from the click on: the table edit made for it counts too.
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
    async fn turn(&mut self) -> bool {
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

    async fn play_to_the_end(&mut self) {
        for _ in 0..400 {
            if !self.turn().await {
                return;
            }
        }
        panic!("the game did not end");
    }

    /// The loser, from the finished table (`🍺 Anna hat das Spiel verloren …`).
    fn loser(&self) -> String {
        let t = self.table();
        let line = t
            .content
            .lines()
            .find_map(|l| l.strip_prefix("🍺 "))
            .expect("the game is over");
        let line = line.strip_prefix("Blattschuss! ").unwrap_or(line);
        line.split(" hat ").next().expect("a name").to_string()
    }

    /// No die a player saw under his covered cup shows up in public before his round's
    /// reveal.
    fn assert_no_leaks(&self) {
        assert!(!self.secrets.is_empty(), "the game had covered cups");
        let requests = self.fake.requests();
        let reveals: Vec<usize> = requests
            .iter()
            .filter(|r| r.is_public_message())
            .filter(|r| r.content().is_some_and(|c| c.starts_with("Aufgedeckt")))
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

/// Every message showing someone's cup is ephemeral, however it was sent.
fn assert_private_views_ephemeral(fake: &FakeDiscord) {
    let mut views = 0;
    for r in fake.requests() {
        let Some(content) = r.content() else { continue };
        if content.contains("Dein Becher") || content.contains("Your cup") {
            views += 1;
            assert!(
                r.ephemeral,
                "a private view went out without flag 64: {r:?}"
            );
            assert!(!r.is_public_message());
        }
    }
    assert!(views > 0);
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).expect("JSON")
}

// ----- the tests ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_three_from_new_to_the_bierrunde() {
    let s = setup().await;
    let fake = &s.fake;
    assert_eq!(fake.intents(), Some(1), "only the GUILDS intent");
    assert!(fake.identified_with_token());
    assert_eq!(fake.commands().len(), 1, "one command: /schocken");
    let registration = fake
        .requests()
        .into_iter()
        .find(|r| matches!(r.call, Call::RegisterCommands { guild: Some(_) }))
        .expect("commands registered in the guild");
    insta::assert_snapshot!(
        "registered_commands",
        pretty(registration.body.as_ref().expect("body"))
    );

    let players = [user(11, "Anna"), user(12, "Ben"), user(13, "Cem")];
    let table = open_and_start(fake, &players).await;
    let mut play = Play::new(fake, table, &players);
    play.play_to_the_end().await;
    assert!(play.interactions > 20, "{} moves", play.interactions);

    // Snapshots of what the adapter sends: the started table, a private view, a reveal.
    let requests = fake.requests();
    let started = requests
        .iter()
        .find(|r| {
            matches!(r.call, Call::EditMessage { .. })
                && r.content()
                    .is_some_and(|c| c.contains("Das Spiel beginnt!"))
        })
        .expect("the table message shows the start");
    insta::assert_snapshot!(
        "table_message_edit",
        pretty(started.body.as_ref().expect("body"))
    );
    let private = requests
        .iter()
        .find(|r| {
            matches!(r.call, Call::Callback { .. })
                && r.content().and_then(dice_under_cup).is_some()
        })
        .expect("a private view with dice");
    insta::assert_snapshot!(
        "private_view_callback",
        pretty(private.body.as_ref().expect("body"))
    );
    let reveal = requests
        .iter()
        .find(|r| {
            matches!(r.call, Call::CreateMessage { .. })
                && r.content().is_some_and(|c| c.starts_with("Aufgedeckt"))
        })
        .expect("a reveal");
    insta::assert_snapshot!(
        "reveal_message",
        pretty(reveal.body.as_ref().expect("body"))
    );

    play.assert_no_leaks();
    assert_private_views_ephemeral(fake);
    // One table message for the whole game: every other channel message is a reveal.
    for r in &requests {
        if let Call::CreateMessage { message, .. } = r.call {
            let content = r.content().unwrap_or_default();
            assert!(
                message == table || content.starts_with("Aufgedeckt"),
                "unexpected channel message: {content}"
            );
        }
        if let Call::EditMessage { message, .. } = r.call {
            assert_eq!(message, table, "only the table message is edited");
        }
    }

    // The Bierrunde is in the ledger.
    let loser = play.loser();
    let debts = run_slash(fake, &players[1], slash("debts")).await;
    assert!(!debts.ephemeral, "debts are for the whole channel");
    assert!(
        debts.content.contains(&format!("{loser}: 1")),
        "{loser} owes one round: {}",
        debts.content
    );
    let export = run_slash(fake, &players[2], slash("export")).await;
    assert!(export.ephemeral);
    let csv = export.files.first().expect("the CSV is attached");
    assert!(csv.filename.ends_with(".csv"), "{}", csv.filename);
    let csv = String::from_utf8_lossy(&csv.bytes);
    assert!(csv.starts_with("id,time_utc,kind,debtor"), "{csv}");
    assert!(csv.contains(&loser), "{csv}");

    // The ledger and the read-only commands: answers for the whole channel.
    let debtor = play.player(&loser);
    let other = players
        .iter()
        .find(|p| p.nick.as_deref() != Some(loser.as_str()))
        .expect("a winner");
    let claim = run_slash(fake, &debtor, slash("paid")).await;
    assert!(
        !claim.ephemeral && claim.content.contains("sagt: bezahlt!"),
        "{claim:?}"
    );
    let paid = run_slash(fake, other, slash("paid").user("user", &debtor)).await;
    assert!(!paid.ephemeral, "{paid:?}");
    assert!(
        paid.content.contains("hat eine Runde bezahlt"),
        "{}",
        paid.content
    );
    let undo = run_slash(fake, other, slash("undo")).await;
    assert!(
        !undo.ephemeral && undo.content.contains("Rückgängig"),
        "{undo:?}"
    );
    let history = run_slash(fake, other, slash("history").integer("page", 1)).await;
    assert!(
        history.content.starts_with("Deckelbuch (Seite 1"),
        "{}",
        history.content
    );
    let stats = run_slash(fake, other, slash("stats")).await;
    assert!(stats.content.starts_with("Statistik"), "{}", stats.content);
    let reveal = run_slash(fake, other, slash("reveal")).await;
    assert!(
        !reveal.ephemeral && reveal.content.starts_with("Aufgedeckt"),
        "{reveal:?}"
    );
    let judged = run_slash(
        fake,
        other,
        slash("judge").string("text", "Anna 665 3, Ben 114 3 gebaut, Cem 221 1"),
    )
    .await;
    assert!(
        judged.content.contains("Cem bekommt 4 Deckel"),
        "{}",
        judged.content
    );
    // Refusals stay private.
    let unreadable = run_slash(fake, other, slash("keep").string("dice", "x")).await;
    assert!(
        unreadable.ephemeral && unreadable.content.contains("„x“"),
        "{unreadable:?}"
    );
    let over = run_slash(fake, other, slash("roll")).await;
    assert!(
        over.ephemeral && over.content.contains("kein Tisch"),
        "{over:?}"
    );

    assert!(
        fake.late_answers().is_empty(),
        "every interaction answered in time"
    );
    assert!(
        fake.requests().iter().all(|r| r.authorized),
        "every request carries the bot token"
    );
    s.bot.assert_token_never_logged();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_turn_stale_old_game_and_forged_clicks_change_nothing() {
    let s = setup().await;
    let fake = &s.fake;
    let (anna, ben) = (user(11, "Anna"), user(12, "Ben"));
    let table = open_and_start(fake, &[anna.clone(), ben.clone()]).await;
    let t = table_message(fake, table);
    let current = current_player(&t.content).expect("someone");
    let (me, other) = if current == "Anna" {
        (anna.clone(), ben.clone())
    } else {
        (ben.clone(), anna.clone())
    };
    let roll = t.button("v1:r:").expect("roll");

    // Not his turn.
    let sent = fake.click(&other, table, &roll).expect("inject");
    let answer = fake.answer(&sent, WAIT).await.expect("answer");
    assert!(answer.ephemeral);
    assert!(answer.content.contains("nicht dran"), "{}", answer.content);
    assert_channel_untouched(fake, sent.seq, answer.seq, "a click out of turn");
    assert_eq!(table_message(fake, table), t);

    // His roll, then the same button again (a double click).
    let first = run_click(fake, &me, table, &roll).await;
    assert!(
        first.ephemeral && first.content.contains("Dein Becher"),
        "{first:?}"
    );
    let after = table_message(fake, table);
    assert_ne!(after.content, t.content, "the roll shows on the table");
    let sent = fake.click(&me, table, &roll).expect("inject");
    let again = fake.answer(&sent, WAIT).await.expect("answer");
    assert!(again.ephemeral);
    assert!(again.content.contains("veraltet"), "{}", again.content);
    assert!(
        again.content.contains("Dein Becher"),
        "a stale click shows the current cup: {}",
        again.content
    );
    assert_channel_untouched(fake, sent.seq, again.seq, "a double click");
    assert_eq!(table_message(fake, table), after);

    // Forged ids.
    for forged in [
        "v1:r:1:zz:9",
        "hack",
        "v2:r:1:0",
        "v1:k:1:0:7",
        &"v1:r:".repeat(19),
    ] {
        let sent = fake.click(&me, table, forged).expect("inject");
        let a = fake.answer(&sent, WAIT).await.expect("answer");
        assert!(a.ephemeral);
        assert!(a.content.contains("ungültig"), "{forged}: {}", a.content);
        assert_channel_untouched(fake, sent.seq, a.seq, "a forged click");
    }
    assert_eq!(table_message(fake, table), after);

    // A move by slash command works like its button.
    let stood = run_slash(fake, &me, slash("stand")).await;
    assert!(
        stood.ephemeral && stood.content.contains("Dein Becher"),
        "{stood:?}"
    );
    assert_ne!(table_message(fake, table).content, after.content);

    // A button of an old game: the game is ended, a new one opened.
    let ended = run_slash(fake, &anna, slash("end")).await;
    assert!(ended.ephemeral, "{ended:?}");
    assert!(
        table_message(fake, table).custom_ids().is_empty(),
        "an ended game has no buttons"
    );
    run_slash(fake, &ben, slash("new")).await;
    let new_table = fake
        .messages()
        .into_iter()
        .filter(|m| !m.ephemeral() && m.interaction.is_none() && m.id != table)
        .map(|m| m.id)
        .max()
        .expect("a second table message");
    let before = table_message(fake, new_table);
    let sent = fake.click(&me, table, &roll).expect("inject");
    let old = fake.answer(&sent, WAIT).await.expect("answer");
    assert!(old.ephemeral);
    assert!(old.content.contains("veraltet"), "{}", old.content);
    assert_channel_untouched(fake, sent.seq, old.seq, "an old game's button");
    assert_eq!(table_message(fake, new_table), before);

    // A moderator deleted the table message: the next change posts it anew.
    assert!(fake.delete_message(new_table));
    let joiner = if before.content.contains("Anna") {
        &ben
    } else {
        &anna
    };
    let sent = fake.slash(joiner, &slash("join")).expect("inject");
    fake.answer(&sent, WAIT).await.expect("answer");
    let reposted = fake
        .requests_since(sent.seq)
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, .. } => Some(message),
            _ => None,
        })
        .expect("the table is posted again");
    assert!(
        table_message(fake, reposted)
            .content
            .contains("Am Tisch (2)")
    );
    assert!(fake.late_answers().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_end_and_kick_need_the_opener_or_manage_server() {
    let s = setup().await;
    let fake = &s.fake;
    let anna = user(11, "Anna");
    let ben = user(12, "Ben");
    let cem = user(13, "Cem");
    let dora = user(14, "Dora").manage_guild();

    // Rules: anyone may look, only Manage Server may set.
    let shown = run_slash(fake, &ben, slash("rules")).await;
    assert!(!shown.ephemeral);
    assert!(shown.content.contains("standard"), "{}", shown.content);
    let refused = run_slash(fake, &ben, slash("rules").string("text", "dortmund")).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(refused.content.contains("Admin"), "{}", refused.content);
    let set = run_slash(
        fake,
        &dora,
        slash("rules").string("text", "dortmund blind=false"),
    )
    .await;
    assert!(!set.ephemeral, "{set:?}");
    assert!(set.content.contains("dortmund"), "{}", set.content);
    let shown = run_slash(fake, &ben, slash("rules")).await;
    assert!(shown.content.contains("dortmund"), "{}", shown.content);
    assert!(shown.content.contains("blind = false"), "{}", shown.content);

    // Kick: not by a plain member, yes by Manage Server.
    run_slash(fake, &anna, slash("new")).await;
    run_slash(fake, &ben, slash("join")).await;
    run_slash(fake, &cem, slash("join")).await;
    let refused = run_slash(fake, &ben, slash("kick").user("user", &cem)).await;
    assert!(refused.ephemeral);
    assert!(
        refused.content.contains("aufgemacht"),
        "{}",
        refused.content
    );
    let kicked = run_slash(fake, &dora, slash("kick").user("user", &cem)).await;
    assert!(kicked.ephemeral);
    assert!(kicked.content.contains("Cem"), "{}", kicked.content);
    let table = fake
        .requests()
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, .. } => Some(message),
            _ => None,
        })
        .expect("table message");
    let t = table_message(fake, table);
    assert!(
        t.content.contains("Am Tisch (2): Anna, Ben"),
        "{}",
        t.content
    );

    // End: not by a plain member, yes by the opener; and by Manage Server.
    let refused = run_slash(fake, &ben, slash("end")).await;
    assert!(
        refused.content.contains("aufgemacht"),
        "{}",
        refused.content
    );
    assert!(table_message(fake, table).content.contains("Am Tisch (2)"));
    let ended = run_slash(fake, &anna, slash("end")).await;
    assert!(ended.content.contains("beendet"), "{}", ended.content);
    run_slash(fake, &ben, slash("new")).await;
    run_slash(fake, &anna, slash("join")).await;
    let ended = run_slash(fake, &dora, slash("end")).await;
    assert!(ended.content.contains("beendet"), "{}", ended.content);
    let refused = run_slash(fake, &dora, slash("end")).await;
    assert!(refused.ephemeral);
    assert!(
        refused.content.contains("kein Tisch"),
        "{}",
        refused.content
    );
    assert!(fake.late_answers().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_goes_on_from_the_table_message() {
    let mut s = setup().await;
    let players = [user(11, "Anna"), user(12, "Ben"), user(13, "Cem")];
    let table = open_and_start(&s.fake, &players).await;
    let first_roll = table_message(&s.fake, table).button("v1:r:").expect("roll");
    let mut play = Play::new(&s.fake, table, &players);
    // Two turns, then the third player looks under his cup: mid-round.
    play.turn().await;
    play.turn().await;
    let t = play.table();
    let name = current_player(&t.content).expect("someone");
    let who = play.player(&name);
    let look = t.button("v1:l:").expect("look");
    let before = play.private(&who, table, &look).await;

    s.bot.kill();
    s.bot.assert_token_never_logged();
    let sessions = s.fake.sessions();
    s.bot = Bot::spawn(&s.fake, &s.dir.path().join("x.db"));
    if let Err(e) = s.fake.wait_ready(WAIT).await {
        panic!("{e}\n--- log ---\n{}", s.bot.log());
    }
    assert_eq!(s.fake.sessions(), sessions + 1);
    let restarted = s.fake.requests().len();

    // An outdated button: refused, and the table message is shown again as it is (after a
    // crash between storing a move and editing the message, this repairs the message).
    let shown = play.table();
    let sent = s.fake.click(&who, table, &first_roll).expect("inject");
    let stale = s.fake.answer(&sent, WAIT).await.expect("answer");
    assert!(
        stale.ephemeral && stale.content.contains("veraltet"),
        "{stale:?}"
    );
    let table_part = |c: &str| c.split("\n\n").next().unwrap_or_default().to_string();
    assert_eq!(
        table_part(&play.table().content),
        table_part(&shown.content),
        "the state shown is the same"
    );
    assert!(
        s.fake.requests_since(sent.seq).iter().any(|r| r.call
            == Call::EditMessage {
                channel: s.fake.channel_id(),
                message: table
            }),
        "the table message is refreshed once after the restart"
    );
    // The old table message's buttons still work, and the cup is as it was.
    let again = play.private(&who, table, &look).await;
    assert_eq!(again.content, before.content);
    play.play_to_the_end().await;
    for r in s.fake.requests_since(restarted) {
        if let Call::EditMessage { message, .. } = r.call {
            assert_eq!(message, table, "edits go to the existing table message");
        }
        if let Call::CreateMessage { .. } = r.call {
            assert!(
                r.content().is_some_and(|c| c.starts_with("Aufgedeckt")),
                "{r:?}"
            );
        }
    }
    play.assert_no_leaks();
    assert_private_views_ephemeral(&s.fake);
    let loser = play.loser();
    let debts = run_slash(&s.fake, &players[0], slash("debts")).await;
    assert!(
        debts.content.contains(&format!("{loser}: 1")),
        "{}",
        debts.content
    );
    s.bot.assert_token_never_logged();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ephemeral_text_follows_the_user_public_text_the_server() {
    let s = setup().await;
    let fake = &s.fake;
    // A German server; Eve's client is English.
    let eve = user(21, "Eve").locale("en-US");
    let finn = user(22, "Finn");
    let opened = run_slash(fake, &eve, slash("new")).await;
    assert!(
        opened.content.contains("opened a table"),
        "{}",
        opened.content
    );
    let table = fake
        .requests()
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, .. } => Some(message),
            _ => None,
        })
        .expect("table message");
    assert!(
        table_message(fake, table)
            .content
            .contains("Schocken-Tisch von Eve")
    );
    run_slash(fake, &finn, slash("join")).await;
    run_slash(fake, &finn, slash("start")).await;
    let t = table_message(fake, table);
    let look = t.button("v1:l:").expect("look");
    let eve_view = run_click(fake, &eve, table, &look).await;
    assert!(
        eve_view.content.contains("Your cup"),
        "{}",
        eve_view.content
    );
    let finn_view = run_click(fake, &finn, table, &look).await;
    assert!(
        finn_view.content.contains("Dein Becher"),
        "{}",
        finn_view.content
    );
    assert!(table_message(fake, table).content.contains("Hälfte"));
    let help = run_slash(fake, &eve, slash("help")).await;
    assert!(help.ephemeral);
    assert!(help.content.contains("how to play"), "{}", help.content);
    let forged = run_click(fake, &eve, table, "nonsense").await;
    assert!(forged.content.contains("not valid"), "{}", forged.content);

    // An English server; Finn's client is German.
    let english = Place {
        guild_id: Some(fake.guild_id() + 1),
        channel_id: fake.channel_id() + 1,
        guild_locale: Some("en-US".into()),
    };
    let sent = fake
        .slash_in(&english, &finn, &slash("new"))
        .expect("inject");
    let opened = fake.answer(&sent, WAIT).await.expect("answer");
    assert!(opened.content.contains("aufgemacht"), "{}", opened.content);
    let english_table = fake
        .requests_since(sent.seq)
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, channel } if channel == english.channel_id => {
                Some(message)
            }
            _ => None,
        })
        .expect("a table in the English channel");
    let t = table_message(fake, english_table);
    assert!(
        t.content.contains("Schocken table of Finn"),
        "{}",
        t.content
    );
    assert!(t.content.contains("Finn opened a table"), "{}", t.content);
    // `/schocken table` shows the table as a new message; the buttons move there.
    let shown = fake
        .slash_in(&english, &finn, &slash("table"))
        .expect("inject");
    let answer = fake.answer(&shown, WAIT).await.expect("answer");
    assert!(answer.ephemeral);
    let fresh = fake
        .requests_since(shown.seq)
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, .. } => Some(message),
            _ => None,
        })
        .expect("a fresh table message");
    assert!(table_message(fake, english_table).custom_ids().is_empty());
    assert!(!table_message(fake, fresh).custom_ids().is_empty());
    let sent = fake
        .slash_in(&english, &eve, &slash("join"))
        .expect("inject");
    fake.answer(&sent, WAIT).await.expect("answer");
    assert!(table_message(fake, fresh).content.contains("Finn, Eve"));

    // The German table is untouched by the English one.
    assert!(table_message(fake, table).content.contains("Hälfte"));
}

/// In process, with a clock the test moves: the turn timer's moves reach the table message
/// and the channel, and with `defer_after = 0` every answer takes the deferred path.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timer_moves_and_deferred_answers() {
    use bot_core::config::Config;
    use bot_core::service::{ManualClock, Service};
    use bot_core::store::Store;
    use schocken_discord::DiscordConfig;

    let fake = FakeDiscord::start().await.expect("fake Discord");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("x.db").display());
    let config = Config {
        turn_timer_seconds: 60,
        ..Config::default()
    };
    let clock = Arc::new(ManualClock::new(1_790_000_000_000));
    let store = Store::open(&url).await.expect("store");
    let service = Service::new(store, config, clock.clone(), Some(3))
        .await
        .expect("service");
    let discord =
        DiscordConfig::new(TOKEN, Some(fake.api_url()), None).with_defer_after(Duration::ZERO);
    assert!(
        !format!("{discord:?}").contains(TOKEN),
        "Debug hides the token"
    );
    let bot = tokio::spawn(schocken_discord::run(service.clone(), discord));
    fake.wait_ready(WAIT).await.expect("the bot connects");
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.call == Call::RegisterCommands { guild: None }),
        "without DISCORD_GUILD_ID the commands are global"
    );

    let anna = user(11, "Anna");
    let ben = user(12, "Ben");
    let opened = run_slash(&fake, &anna, slash("new")).await;
    assert!(opened.deferred && opened.ephemeral, "{opened:?}");
    assert!(opened.content.contains("aufgemacht"), "{}", opened.content);
    run_slash(&fake, &ben, slash("join")).await;
    let started = run_slash(&fake, &anna, slash("start")).await;
    assert!(started.deferred && started.ephemeral);
    let table = fake
        .requests()
        .iter()
        .find_map(|r| match r.call {
            Call::CreateMessage { message, .. } => Some(message),
            _ => None,
        })
        .expect("table message");

    // A click: deferred ephemerally, completed by editing the deferred answer.
    let t = table_message(&fake, table);
    let current = current_player(&t.content).expect("someone");
    let who = if current == "Anna" { &anna } else { &ben };
    let look = run_click(&fake, who, table, &t.button("v1:l:").expect("look")).await;
    assert!(look.deferred && look.ephemeral && look.content.contains("Dein Becher"));

    // A public answer, deferred publicly.
    let debts = run_slash(&fake, &ben, slash("debts")).await;
    assert!(debts.deferred && !debts.ephemeral, "{debts:?}");
    // A refused public command: the refusal goes to the actor alone, the public "thinking"
    // message is removed.
    let sent = fake
        .slash(&ben, &slash("rules").string("text", "dortmund"))
        .expect("inject");
    let refused = fake.answer(&sent, WAIT).await.expect("answer");
    assert!(refused.deferred && refused.ephemeral, "{refused:?}");
    assert!(refused.content.contains("Admins"), "{}", refused.content);
    fake.wait_for(sent.seq, WAIT, |r| {
        r.call
            == Call::DeleteOriginal {
                interaction: sent.id,
            }
    })
    .await
    .expect("the deferred public answer is deleted");

    // The turn timer runs out twice: two timed-out players end the round.
    let since = fake.requests().len();
    clock.advance(61_000);
    service.tick().await;
    let edit = fake
        .wait_for(since, WAIT, |r| {
            matches!(r.call, Call::EditMessage { message, .. } if message == table)
                && r.content().is_some_and(|c| c.contains("Zeit abgelaufen"))
        })
        .await
        .expect("the timer's move shows on the table");
    assert!(!edit.ephemeral);
    clock.advance(61_000);
    service.tick().await;
    fake.wait_for(since, WAIT, |r| {
        matches!(r.call, Call::CreateMessage { .. })
            && r.content().is_some_and(|c| c.starts_with("Aufgedeckt"))
    })
    .await
    .expect("the round's reveal is posted");
    assert!(fake.late_answers().is_empty());
    bot.abort();
}

/// A bot that cannot register its commands stops with an error instead of idling.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_command_registration_stops_the_adapter() {
    use bot_core::config::Config;
    use bot_core::service::{Service, SystemClock};
    use bot_core::store::Store;
    use schocken_discord::DiscordConfig;

    let fake = FakeDiscord::start().await.expect("fake Discord");
    fake.refuse_commands();
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("x.db").display());
    let store = Store::open(&url).await.expect("store");
    let service = Service::new(store, Config::default(), Arc::new(SystemClock), None)
        .await
        .expect("service");
    let config = DiscordConfig::new(TOKEN, Some(fake.api_url()), Some(fake.guild_id()));
    let result = tokio::time::timeout(WAIT, schocken_discord::run(service, config))
        .await
        .expect("the adapter stops");
    let error = result.expect_err("registration failed");
    assert!(format!("{error:#}").contains("register"), "{error:#}");
    assert!(!format!("{error:#}").contains(TOKEN));
}
