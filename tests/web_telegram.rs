//! The web table as a Telegram Mini App, end to end through the real binary (issue 24): the
//! bot with `SCHOCKEN_WEB_ADDR`, `SCHOCKEN_WEB_URL` and `SCHOCKEN_TELEGRAM_APP` against the
//! fake Telegram (Throttle on, as in production). The group's table message carries the
//! Mini App link `t.me/<bot>/<app>?startapp=<table>`; a page signed in with initData for that
//! link plays at the group's table: its moves reach the group's table message (paced as the
//! chat's own), the group's moves reach the page at once, and a player's page never carries
//! another player's cup (R-RND-4). Every link is one Telegram accepts, and a user who is not
//! in the group (a forwarded table message) gets no seat (issue 33).

mod common;

use common::telegram::{command_moves, wait_table};
use common::web_page::{
    Page, current, every_start_param, login, now, start_param, status, telegram_accepts,
};
use common::{Bot, Db};
use schocken_fakes::telegram::{FakeTelegram, TgChat, TgUser};
use schocken_web::auth::telegram::{TelegramUser, sign_user};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mini_app_plays_at_the_groups_table() {
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let db = Db::new();
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .to_string();
    let env = [
        ("SCHOCKEN_WEB_ADDR", addr.as_str()),
        ("SCHOCKEN_WEB_URL", "https://schocken.example"),
        ("SCHOCKEN_TELEGRAM_APP", "tisch"),
    ];
    let bot = Bot::telegram_with(&fake, &db.path, 9, &env).await;
    let group = TgChat::group(-100_500, "Stammtisch");
    let (anna, ben) = (TgUser::new(21, "Anna"), TgUser::new(22, "Ben"));
    // Ben is in the group, though he has written nothing there yet.
    fake.set_member(group.id, ben.id, "member");

    // Anna opens a table in the group; its message links to the Mini App.
    command_moves(&fake, &group, &anna, "/neu").await;
    let table = wait_table(&fake, group.id, "the Mini App link", |t| {
        start_param(t).is_some()
    })
    .await;
    let url = table
        .reply_markup
        .as_ref()
        .map(|m| m.to_string())
        .unwrap_or_default();
    assert!(
        url.contains(&format!("https://t.me/{}/tisch?startapp=", fake.username())),
        "{url}"
    );
    let token = start_param(&table).expect("a table token");

    // Ben opens the link: Telegram signs his initData with the bot's token.
    let signed = |user: &TgUser| {
        let who = TelegramUser::new(user.id as u64, &user.first_name);
        sign_user(&who, now(), Some(&token), fake.token())
    };
    // Mallory, not in the group, got the table message forwarded: its button opens nothing.
    let mallory = TgUser::new(66, "Mallory");
    let (refused, body) = login(&addr, &signed(&mallory)).await;
    assert_eq!(refused, 403, "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("nicht bist")),
        "{body}"
    );
    let mut ben_page = Page::open(&addr, &signed(&ben)).await;
    ben_page.until("the lobby", |s| status(s) == "lobby").await;

    // A move in the page reaches the group's table message.
    ben_page.send(json!({"type": "say", "text": "join", "rid": "j1"}));
    wait_table(&fake, group.id, "Ben at the table", |t| {
        t.text.contains("Ben")
    })
    .await;
    // The group's moves reach the page at once: Anna presses "Los" in the group.
    let lobby = wait_table(&fake, group.id, "the go button", |t| {
        common::telegram::button(t, "g").is_some() && t.text.contains("(2)")
    })
    .await;
    let go = common::telegram::button(&lobby, "g").expect("go");
    common::telegram::press(&fake, &group, &anna, &go).await;
    let took = ben_page
        .until("the started game", |s| status(s) == "running")
        .await;
    assert!(took < Duration::from_secs(2), "pushed after {took:?}");

    // Whoever is to play moves from the page, then stands; Anna's page sees her cup only.
    let mut anna_page = Page::open(&addr, &signed(&anna)).await;
    anna_page
        .until("Anna's view", |s| status(s) == "running")
        .await;
    let first = current(&ben_page.last).expect("someone plays");
    let (mover, name) = if first == "Ben" {
        (&mut ben_page, "Ben")
    } else {
        (&mut anna_page, "Anna")
    };
    let moves: Vec<String> = mover.last["buttons"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().into_iter().flatten())
        .filter_map(|b| b["id"].as_str())
        .filter(|id| id.starts_with("v1:r:") || id.starts_with("v1:s:"))
        .map(str::to_string)
        .collect();
    let press = moves
        .first()
        .expect("a roll or a stand under the cup")
        .clone();
    let version = mover.last["public"]["table"]["version"]
        .as_u64()
        .unwrap_or(0);
    mover.send(json!({"type": "press", "id": press, "rid": "m1"}));
    mover
        .until("the move", |s| {
            s["public"]["table"]["version"].as_u64() > Some(version)
        })
        .await;
    let moved = mover.last["public"]["table"]["version"]
        .as_u64()
        .unwrap_or(0);
    let shown = common::telegram::wait_version(&fake, group.id, moved).await;
    assert!(
        shown.edits > 0,
        "{name}'s move edited the table message in place"
    );

    for (page, who) in [(&ben_page, "telegram:22"), (&anna_page, "telegram:21")] {
        for private in &page.privates {
            assert_eq!(
                private["view"]["user"].as_str(),
                Some(who),
                "a page got another player's cup"
            );
        }
    }
    let links = every_start_param(&fake);
    assert!(!links.is_empty(), "the table messages carry the link");
    for link in &links {
        assert!(telegram_accepts(link), "Telegram would drop {link}");
    }
    assert!(
        fake.rate_limited().is_empty(),
        "the group's writes kept Telegram's pace"
    );
    assert!(
        !bot.log().contains(fake.token()),
        "the bot token is in no log"
    );
}
