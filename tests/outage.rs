//! When the database goes away, as players meet it (issue 36): the real binary on a
//! PostgreSQL server of its own, which is stopped for 15 s mid-game (its connections are
//! terminated) and started again, with the fake Telegram or Discord at production pace (a
//! press every second and a half). Every press and command in the outage is answered within
//! 1 s with "nothing changed, try again", `/health` and `schocken_store_up` say so, the log
//! says it once and once that it is back, the turn whose timer ran out in the outage starts
//! again (the table says so), nothing was stored in the outage but that, and the game plays
//! to its end. The same for a SQLite file that fills up (the bot's file size limit, as an
//! operator's `ulimit -f` or a full disk: writes fail, reads work) and gets room again.

mod common;

use common::own_postgres::OwnPostgres;
use common::telegram::{self, alert, button, table_message, texts_in, wait_table};
use common::{Bot, Db, WAIT, current_player, discord};
use schocken_fakes::balancer::free_addr;
use schocken_fakes::discord::FakeDiscord;
use schocken_fakes::scrape;
use schocken_fakes::telegram::{self as telegram_fake, FakeTelegram, TgChat, TgUser};
use sqlx::Connection;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long the server is gone.
const OUTAGE: Duration = Duration::from_secs(15);
/// A press every second and a half, as people press.
const PACE: Duration = Duration::from_millis(1500);
/// The turn timer (s): the first turn's deadline falls into the outage.
const TIMER: &str = "15";
/// What a refusal in the outage says.
const REFUSED: &str = "nicht erreichbar";

async fn connect(url: &str) -> sqlx::AnyConnection {
    sqlx::any::install_default_drivers();
    sqlx::AnyConnection::connect(url).await.expect("connect")
}

/// The newest version of the one table stored.
async fn stored_version(url: &str) -> i64 {
    let mut conn = connect(url).await;
    let version: i64 = sqlx::query_scalar("SELECT MAX(version) FROM tables")
        .fetch_one(&mut conn)
        .await
        .expect("version");
    conn.close().await.ok();
    version
}

/// The debts of finished games in the ledger.
async fn debts(url: &str) -> i64 {
    let mut conn = connect(url).await;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ledger WHERE kind = 'debt'")
        .fetch_one(&mut conn)
        .await
        .expect("debts");
    conn.close().await.ok();
    n
}

async fn health(addr: &str) -> u16 {
    scrape::get(addr, "/health").await.map_or(0, |(s, _)| s)
}

async fn store_up(addr: &str) -> Option<f64> {
    let (_, text) = scrape::get(addr, "/metrics").await.ok()?;
    scrape::sample(&text, "schocken_store_up")
}

/// Starts the server again and waits until the bot's `/health` is 200: how long that took
/// after the server answered.
async fn resume(pg: &OwnPostgres, metrics: &str) -> Duration {
    pg.resume().await;
    until_healthy(metrics).await
}

/// Waits until the bot's `/health` is 200; how long that took.
async fn until_healthy(metrics: &str) -> Duration {
    let since = Instant::now();
    while health(metrics).await != 200 {
        assert!(since.elapsed() < WAIT, "never healthy again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    since.elapsed()
}

/// The bot's log says once that the database is gone and once that it is back, and names no
/// failed storage otherwise.
fn assert_said_once(bot: &Bot) {
    let log = bot.log();
    let count = |needle: &str| log.matches(needle).count();
    assert_eq!(count("the database cannot be used"), 1, "{log}");
    assert_eq!(count("the database answers again"), 1, "{log}");
    assert_eq!(count("storage failed"), 0, "{log}");
}

fn slowest(took: &[Duration]) -> Duration {
    took.iter().copied().max().unwrap_or_default()
}

/// The answers' figures: how many, the slowest, how many waited for the pool (those in flight
/// when the outage began), the slowest of the rest.
fn figures(took: &[Duration]) -> String {
    let pool = Duration::from_millis(500);
    let waited = took.iter().filter(|t| **t >= pool).count();
    let rest = took.iter().filter(|t| **t < pool).max().copied();
    format!(
        "{} answers, slowest {:?}, {waited} waited for the pool, the rest at most {rest:?}",
        took.len(),
        slowest(took)
    )
}

/// Anna and Ben at a running Telegram table in `group`, Anna an admin, their cups in their
/// private chats (pressed there in the outage, and fast to play afterwards).
struct TelegramGame {
    group: TgChat,
    players: [TgUser; 2],
    /// The name of the player to act.
    name: String,
    /// Where that player's turn is pressed: the group's table message.
    table: telegram_fake::StoredMessage,
}

impl TelegramGame {
    async fn start(fake: &FakeTelegram, group: TgChat, first_user: i64) -> TelegramGame {
        let anna = TgUser::new(first_user, "Anna");
        let ben = TgUser::new(first_user + 1, "Ben");
        fake.set_admin(group.id, anna.id);
        let players = [anna, ben];
        telegram::open_and_start(fake, &group, &players).await;
        telegram::start_all_privately(fake, group.id, &players).await;
        let table = table_message(fake, group.id).expect("the table");
        let name = current_player(&table.text).expect("someone to act");
        TelegramGame {
            group,
            players,
            name,
            table,
        }
    }

    /// The player to act, and the other one.
    fn to_act(&self) -> (&TgUser, &TgUser) {
        let [anna, ben] = &self.players;
        if self.name == "Anna" {
            (anna, ben)
        } else {
            (ben, anna)
        }
    }

    /// After the outage: the turn whose deadline fell into it starts again and the table
    /// says so, nothing was stored but that, and the rest of the game (an admin switches the
    /// timer off) is played to its end with one Bierrunde.
    async fn turn_kept_and_game_ends(&self, fake: &FakeTelegram, url: &str, before: i64) {
        let renewed = wait_table(fake, self.group.id, "the renewed turn", |t| {
            t.text.contains("das zählt nicht gegen")
        })
        .await;
        assert_eq!(current_player(&renewed.text).as_ref(), Some(&self.name));
        let texts = texts_in(fake, self.group.id);
        assert!(
            !texts.iter().any(|(_, t)| t.contains("Zeit abgelaufen")),
            "R-timer: the outage is not held against {}",
            self.name
        );
        assert_eq!(stored_version(url).await, before + 1, "only the renewal");
        telegram::command(fake, &self.group, &self.players[0], "/timer 0").await;
        telegram::PrivatePlay::new(fake, &self.group, &self.players)
            .play_to_the_end()
            .await;
        assert_eq!(debts(url).await, 1, "one Bierrunde for the game");
    }
}

#[tokio::test]
async fn telegram_presses_in_a_postgres_outage_are_answered_at_once_and_the_turn_is_kept() {
    let Some(pg) = OwnPostgres::start().await else {
        return;
    };
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let metrics = free_addr().expect("a port").to_string();
    let env = [
        ("DATABASE_URL", pg.url.as_str()),
        ("SCHOCKEN_TURN_TIMER", TIMER),
        ("SCHOCKEN_METRICS_ADDR", metrics.as_str()),
    ];
    let bot = Bot::telegram_with(&fake, Path::new("unused.db"), 36, &env).await;
    let game = TelegramGame::start(&fake, TgChat::group(-3601, "Stammtisch"), 3601).await;
    let (group, table) = (&game.group, &game.table);
    let (to_act, other) = game.to_act();
    let before = stored_version(&pg.url).await;
    pg.halt().await;
    let gone = Instant::now();
    let mut took = Vec::new();
    let cup = telegram::private_cup(&fake, to_act).expect("his cup in private");
    let presses = [
        (
            TgChat::private(to_act),
            to_act,
            cup.message_id,
            button(&cup, "s").expect("stand"),
        ),
        (
            group.clone(),
            other,
            table.message_id,
            button(table, "l").expect("look"),
        ),
    ];
    let mut commanded = false;
    while gone.elapsed() < OUTAGE {
        for (chat, who, message, data) in &presses {
            let sent = fake.press(chat, who, *message, data);
            let (answer, t) = fake.first_reaction(&sent, WAIT).await.expect("answered");
            assert!(alert(&answer).contains(REFUSED), "{}", alert(&answer));
            took.push(t);
            tokio::time::sleep(PACE).await;
        }
        if !commanded && gone.elapsed() > Duration::from_secs(4) {
            // A command too (its answer is a message, the group's pace long free).
            let sent = fake.command(group, other, "/deckel");
            let (answer, t) = fake.first_reaction(&sent, WAIT).await.expect("answered");
            let text = answer.text().unwrap_or_default().to_string();
            assert!(text.contains(REFUSED), "{text}");
            took.push(t);
            commanded = true;
        }
    }
    assert_eq!(health(&metrics).await, 503);
    assert_eq!(store_up(&metrics).await, Some(0.0));
    let back = resume(&pg, &metrics).await;
    assert!(back < Duration::from_secs(2), "found back after {back:?}");
    assert_eq!(store_up(&metrics).await, Some(1.0));
    game.turn_kept_and_game_ends(&fake, &pg.url, before).await;
    assert_said_once(&bot);
    telegram::assert_within_limits(&fake, &[group.id]);
    eprintln!(
        "Telegram, PostgreSQL gone {OUTAGE:?}: {}, found back after {back:?}",
        figures(&took)
    );
    assert!(slowest(&took) < Duration::from_secs(1), "{took:?}");
}

#[tokio::test]
async fn discord_interactions_in_a_postgres_outage_are_answered_at_once_and_the_turn_is_kept() {
    let Some(pg) = OwnPostgres::start().await else {
        return;
    };
    let fake = FakeDiscord::start().await.expect("fake Discord");
    let metrics = free_addr().expect("a port").to_string();
    let env = [
        ("DATABASE_URL", pg.url.as_str()),
        ("SCHOCKEN_TURN_TIMER", TIMER),
        ("SCHOCKEN_METRICS_ADDR", metrics.as_str()),
    ];
    let bot = Bot::discord_with(&fake, Path::new("unused.db"), 36, &env).await;
    let players = [discord::user(3611, "Anna"), discord::user(3612, "Ben")];
    let table = discord::open_and_start(&fake, &players).await;
    let shown = discord::table_message(&fake, table);
    let name = current_player(&shown.content).expect("someone to act");
    let (to_act, other) = if name == "Anna" {
        (&players[0], &players[1])
    } else {
        (&players[1], &players[0])
    };
    let look = shown.button("v1:l:").expect("look");
    let before = stored_version(&pg.url).await;
    pg.halt().await;
    let gone = Instant::now();
    let mut took = Vec::new();
    while gone.elapsed() < OUTAGE {
        let roll = fake.slash(to_act, &discord::slash("roll")).expect("inject");
        let looked = fake.click(other, table, &look).expect("inject");
        let debts = fake.slash(other, &discord::slash("debts")).expect("inject");
        for sent in [roll, looked, debts] {
            let started = Instant::now();
            let answer = discord::answer(&fake, &sent).await;
            assert!(answer.ephemeral, "{answer:?}");
            assert!(answer.content.contains(REFUSED), "{answer:?}");
            // The visible answer, not only a deferral, within a second.
            took.push(started.elapsed().max(answer.latency));
            tokio::time::sleep(PACE / 3).await;
        }
    }
    assert_eq!(health(&metrics).await, 503);
    let back = resume(&pg, &metrics).await;
    assert!(back < Duration::from_secs(2), "found back after {back:?}");
    let renewed = discord::table_shows(&fake, table, "das zählt nicht gegen").await;
    assert_eq!(current_player(&renewed.content), Some(name.clone()));
    assert!(
        !renewed.content.contains("Zeit abgelaufen"),
        "R-timer: the outage is not held against {name}"
    );
    assert_eq!(
        stored_version(&pg.url).await,
        before + 1,
        "only the renewal"
    );
    discord::Play::new(&fake, table, &players)
        .play_to_the_end()
        .await;
    assert_eq!(debts(&pg.url).await, 1, "one Bierrunde for the game");
    assert_said_once(&bot);
    discord::assert_within_limits(&fake);
    eprintln!(
        "Discord, PostgreSQL gone {OUTAGE:?}: {}, found back after {back:?}",
        figures(&took)
    );
    assert!(slowest(&took) < Duration::from_secs(1), "{took:?}");
}

/// Sets the bot's file size limit (`prlimit`): `1` lets no database write through, as a full
/// disk; `unlimited` gives room again.
fn limit_files(bot: &Bot, soft: &str) {
    let status = std::process::Command::new("prlimit")
        .arg(format!("--pid={}", bot.pid()))
        .arg(format!("--fsize={soft}:unlimited"))
        .status()
        .expect("prlimit runs");
    assert!(status.success(), "prlimit --fsize={soft}");
}

#[tokio::test]
async fn telegram_at_a_sqlite_file_that_fills_up_refuses_moves_and_keeps_the_turn() {
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let db = Db::new();
    let metrics = free_addr().expect("a port").to_string();
    let env = [
        ("SCHOCKEN_TURN_TIMER", TIMER),
        ("SCHOCKEN_METRICS_ADDR", metrics.as_str()),
    ];
    // The log goes to a file beside the database, as an operator's `>> bot.log 2>&1`: the
    // file size limit holds for it too (its lines in the moment are lost, the bot is not).
    let log = db.path.with_file_name("bot.log");
    let mut bot = Bot::telegram_logging(&fake, &db.path, 37, &env, &log).await;
    let game = TelegramGame::start(&fake, TgChat::group(-3621, "Kegelclub"), 3621).await;
    let (to_act, other) = game.to_act();
    let before = stored_version(&db.url()).await;
    limit_files(&bot, "1");
    let full = Instant::now();
    let cup = telegram::private_cup(&fake, to_act).expect("his cup in private");
    let stand = button(&cup, "s").expect("stand");
    let mut took = Vec::new();
    while full.elapsed() < OUTAGE {
        let sent = fake.press(&TgChat::private(to_act), to_act, cup.message_id, &stand);
        let (answer, t) = fake.first_reaction(&sent, WAIT).await.expect("answered");
        assert!(alert(&answer).contains(REFUSED), "{}", alert(&answer));
        took.push(t);
        tokio::time::sleep(PACE).await;
    }
    // Reads still work on a full disk.
    let debts_text = telegram::command(&fake, &game.group, other, "/deckel").await;
    assert!(debts_text.contains("Niemand schuldet"), "{debts_text}");
    let (status, why) = scrape::get(&metrics, "/health").await.expect("health");
    assert_eq!(status, 503, "{why}");
    assert_eq!(store_up(&metrics).await, Some(0.0));
    let (_, text) = scrape::get(&metrics, "/metrics").await.expect("metrics");
    assert!(
        text.contains("schocken_store_outages_total{kind="),
        "{text}"
    );
    limit_files(&bot, "unlimited");
    let back = until_healthy(&metrics).await;
    assert!(back < Duration::from_secs(2), "found back after {back:?}");
    game.turn_kept_and_game_ends(&fake, &db.url(), before).await;
    // The line that the database is gone could not be written to the full log; the one that
    // it is back was, once.
    assert_eq!(bot.log().matches("the database answers again").count(), 1);
    assert!(bot.running(), "the bot lives");
    eprintln!(
        "Telegram, SQLite full {OUTAGE:?}: {}, found back after {back:?}",
        figures(&took)
    );
    assert!(slowest(&took) < Duration::from_secs(1), "{took:?}");
}

/// A bot started while its PostgreSQL server is down waits for it (said once) instead of
/// ending; the commands sent meanwhile wait at Telegram and are answered once it is there.
#[tokio::test]
async fn a_bot_started_while_postgres_is_down_waits_for_it() {
    let Some(pg) = OwnPostgres::start().await else {
        return;
    };
    pg.halt().await;
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let env = [("DATABASE_URL", pg.url.as_str())];
    let platform = common::Platform::Telegram(&fake);
    let mut bot = Bot::spawn_with(platform, Path::new("unused.db"), 38, &env);
    let group = TgChat::group(-3631, "Stammtisch");
    let anna = TgUser::new(3631, "Anna");
    fake.command(&group, &anna, "/deckel");
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert!(bot.running(), "it waits:\n{}", bot.log());
    assert_eq!(bot.log().matches("waiting for the database").count(), 1);
    pg.resume().await;
    let answer = telegram::command_answer_since(&fake, &group, 0).await;
    assert!(
        answer
            .text()
            .is_some_and(|t| t.contains("Niemand schuldet")),
        "{answer:?}"
    );
    assert!(bot.log().contains("the database answers: starting"));
    bot.kill();
}
