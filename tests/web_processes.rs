//! The web table on two bot processes on one PostgreSQL database (the README's scale-out,
//! issue 33): pages connected to either process see every move, whichever process stored it,
//! within a second; a session opened at one process opens a socket at the other (sessions are
//! signed, no stickiness); when the connections that hear the other process are cut, the pages
//! catch up and go on seeing every move. Telegram in webhook mode behind a balancer, as an
//! operator runs more than one process; the table is opened in the group and played from the
//! pages at a person's pace (a move a second).

mod common;

use common::telegram::{command_moves, wait_table};
use common::web_page::{Page, current, login, now, start_param, status};
use common::{Bot, postgres};
use schocken_fakes::balancer::{Balancer, free_addr};
use schocken_fakes::telegram::{FakeTelegram, TgChat, TgUser};
use schocken_web::auth::telegram::{TelegramUser, sign_user};
use serde_json::{Value, json};
use sqlx::{Connection, Row};
use std::time::{Duration, Instant};

/// Every page must show a move this soon after it was pressed.
const WITHIN: Duration = Duration::from_secs(1);

/// A player's (or a watcher's) page and the process it is connected to.
struct Seat {
    name: &'static str,
    user: &'static str,
    process: &'static str,
    page: Page,
}

fn version(state: &Value) -> u64 {
    state["public"]["table"]["version"].as_u64().unwrap_or(0)
}

/// A process's web page, with Mini App links in the group.
fn web_env(web: &str) -> [(&str, &str); 3] {
    [
        ("SCHOCKEN_WEB_ADDR", web),
        ("SCHOCKEN_WEB_URL", "https://schocken.example"),
        ("SCHOCKEN_TELEGRAM_APP", "tisch"),
    ]
}

/// Waits until the web page of a process answers.
async fn serving(addr: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        let answer = reqwest::get(format!("http://{addr}/api/logins")).await;
        if answer.is_ok_and(|a| a.status().is_success()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the web page at {addr} never answered");
}

/// Sends `frame` from `seats[mover]` and waits until every page shows the move; returns how
/// long each page took (read in turn: a page's time is when it was found showing it).
async fn move_seen(seats: &mut [Seat], mover: usize, frame: Value, what: &str) -> Vec<Duration> {
    let before = version(&seats[mover].page.last);
    let pressed = Instant::now();
    seats[mover].page.send(frame);
    seats[mover].page.until(what, |s| version(s) > before).await;
    let moved = version(&seats[mover].page.last);
    let mut took = Vec::with_capacity(seats.len());
    for seat in seats.iter_mut() {
        let who = format!("{what}, on {}'s page ({})", seat.name, seat.process);
        seat.page.until(&who, |s| version(s) >= moved).await;
        took.push(pressed.elapsed());
    }
    took
}

/// The `q` quantile of `times`.
fn quantile(times: &mut [Duration], q: f64) -> Duration {
    times.sort();
    let i = ((times.len() as f64 - 1.0) * q).round() as usize;
    times.get(i).copied().unwrap_or_default()
}

/// The first roll or stand under the cup of the player to act.
fn next_move(seats: &[Seat]) -> Option<(usize, String)> {
    let name = current(&seats[0].page.last)?;
    let mover = seats.iter().position(|s| s.name == name)?;
    let press = seats[mover].page.last["buttons"]
        .as_array()?
        .iter()
        .flat_map(|row| row.as_array().into_iter().flatten())
        .filter_map(|b| b["id"].as_str())
        .find(|id| id.starts_with("v1:r:") || id.starts_with("v1:s:"))?
        .to_string();
    Some((mover, press))
}

/// Cuts the connections that listen for the other process's moves; returns how many.
async fn cut_listeners(database: &str) -> i64 {
    let mut admin = sqlx::PgConnection::connect(database)
        .await
        .expect("the database answers");
    let row = sqlx::query(
        "SELECT COUNT(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
    )
    .fetch_one(&mut admin)
    .await
    .expect("terminate");
    admin.close().await.ok();
    row.get("n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_on_two_processes_see_every_move_within_a_second() {
    let Some(database) = postgres::fresh_database().await else {
        return;
    };
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let hooks = (
        free_addr().expect("a free port"),
        free_addr().expect("a free port"),
    );
    let balancer = Balancer::start(vec![hooks.0, hooks.1])
        .await
        .expect("the balancer");
    let url = format!("http://{}/telegram", balancer.addr);
    let webs = (
        free_addr().expect("a free port").to_string(),
        free_addr().expect("a free port").to_string(),
    );
    let (refs_a, refs_b) = (web_env(&webs.0), web_env(&webs.1));
    let first = Bot::telegram_webhook_with(&fake, &database, hooks.0, &url, 71, &refs_a).await;
    let second = Bot::telegram_webhook_with(&fake, &database, hooks.1, &url, 72, &refs_b).await;
    serving(&webs.0).await;
    serving(&webs.1).await;

    let group = TgChat::group(-100_700, "Stammtisch");
    let people = [(31, "Anna"), (32, "Ben"), (33, "Cem"), (34, "Dora")];
    for (id, _) in people {
        fake.set_member(group.id, id, "member");
    }
    let anna = TgUser::new(31, "Anna");
    command_moves(&fake, &group, &anna, "/neu").await;
    let table = wait_table(&fake, group.id, "the Mini App link", |t| {
        start_param(t).is_some()
    })
    .await;
    let token = start_param(&table).expect("a table token");
    let signed = |id: i64, name: &str| {
        sign_user(
            &TelegramUser::new(id as u64, name),
            now(),
            Some(&token),
            fake.token(),
        )
    };

    // Anna and Cem on the first process, Ben and Dora (who watches) on the second; Ben's
    // session was opened at the first.
    let (status_code, ben_session) = login(&webs.0, &signed(32, "Ben")).await;
    assert_eq!(status_code, 200, "{ben_session}");
    let ben_session = ben_session["session"]
        .as_str()
        .expect("a session")
        .to_string();
    let mut seats = vec![
        Seat {
            name: "Anna",
            user: "telegram:31",
            process: "first",
            page: Page::open(&webs.0, &signed(31, "Anna")).await,
        },
        Seat {
            name: "Ben",
            user: "telegram:32",
            process: "second",
            page: Page::connect(&webs.1, &ben_session).await,
        },
        Seat {
            name: "Cem",
            user: "telegram:33",
            process: "first",
            page: Page::open(&webs.0, &signed(33, "Cem")).await,
        },
        Seat {
            name: "Dora",
            user: "telegram:34",
            process: "second",
            page: Page::open(&webs.1, &signed(34, "Dora")).await,
        },
    ];
    for seat in seats.iter_mut() {
        let what = format!("the lobby on {}'s page", seat.name);
        seat.page.until(&what, |s| status(s) == "lobby").await;
    }

    let mut pushes: Vec<Duration> = Vec::new();
    let mut moves = 0;
    for (mover, word) in [(1, "join"), (2, "join"), (0, "start")] {
        let frame = json!({"type": "say", "text": word, "rid": format!("{word}{mover}")});
        let took = move_seen(&mut seats, mover, frame, word).await;
        let slowest = took.iter().max().copied().unwrap_or_default();
        assert!(
            slowest < WITHIN,
            "{word}: the slowest page after {slowest:?}"
        );
        pushes.extend(took);
        moves += 1;
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    assert_eq!(status(&seats[3].page.last), "running");

    let mut cut = false;
    for n in 0..14 {
        let Some((mover, press)) = next_move(&seats) else {
            break;
        };
        if n == 6 {
            // The connections that hear the other process go; the next move is stored
            // while they are away or just back.
            assert!(cut_listeners(&database).await >= 1, "a listener was cut");
            cut = true;
        }
        let frame = json!({"type": "press", "id": press, "rid": format!("m{n}")});
        let what = format!("move {n} by {}", seats[mover].name);
        let took = move_seen(&mut seats, mover, frame, &what).await;
        let slowest = took.iter().max().copied().unwrap_or_default();
        let limit = if n == 6 { 2 * WITHIN } else { WITHIN };
        assert!(
            slowest < limit,
            "{what}: the slowest page after {slowest:?}"
        );
        if n != 6 {
            pushes.extend(took);
        }
        moves += 1;
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    assert!(cut, "the game lasted past the cut");
    assert!(moves >= 10, "{moves} moves");
    let count = pushes.len();
    let (p50, p99) = (quantile(&mut pushes, 0.5), quantile(&mut pushes, 0.99));
    let max = pushes.last().copied().unwrap_or_default();
    eprintln!(
        "{moves} moves through two processes, {count} pushes (press → each page): \
         p50 {p50:?}, p99 {p99:?}, max {max:?}"
    );

    for seat in &seats {
        for private in &seat.page.privates {
            assert_eq!(
                private["view"]["user"].as_str(),
                Some(seat.user),
                "{}'s page got another player's cup",
                seat.name
            );
        }
    }
    assert!(seats[3].page.privates.is_empty(), "a watcher has no cup");
    drop((first, second));
}
