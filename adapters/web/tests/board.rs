//! The tournament board and player pages (issue 35), without a browser: the real service on
//! a SQLite file, the real server on a local port, HTTP as the projector and a phone use it.
//! A result entered in the chat reaches a waiting board within a second; a player's page
//! shows his own rounds; a token that is not ours shows nothing.

use bot_core::commands::{CommandId, parse};
use bot_core::service::tournament::TournamentContent;
use bot_core::service::{
    Actor, ChatId, Command, Content, Reply, Service, Stop, SystemClock, UserId,
};
use bot_core::store::Store;
use bot_core::text::Lang;
use schocken_web::{Web, WebConfig};
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Board {
    service: Arc<Service>,
    base: String,
    http: reqwest::Client,
    _dir: tempfile::TempDir,
}

fn place() -> ChatId {
    ChatId::new("telegram", -100)
}

fn actor(id: u64, name: &str, admin: bool) -> Actor {
    Actor::new(UserId::new("telegram", id), name, Some(Lang::De), admin)
}

impl Board {
    async fn new() -> Board {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("board.db").display());
        let store = Store::open(&url).await.expect("store");
        let service = Service::new(store, Default::default(), Arc::new(SystemClock), Some(3))
            .await
            .expect("service");
        let mut config = WebConfig::local("127.0.0.1:0".parse().expect("addr"), "t");
        let listener = schocken_web::bind(&config).await.expect("bound");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        config.public_url = Some(base.clone());
        let web = Web::new(service.clone(), config, Stop::never());
        tokio::spawn(schocken_web::serve(web, listener));
        Board {
            service,
            base,
            http: reqwest::Client::new(),
            _dir: dir,
        }
    }

    async fn say(&self, who: Actor, text: &str) -> Reply {
        let request = parse::request(CommandId::Tournament, text, None).expect("words");
        let reply = self
            .service
            .handle(Command::new(place(), who, request))
            .await;
        assert!(!reply.is_error(), "{text}: {:?}", reply.error_kind());
        reply
    }

    async fn poll(&self, url: &str) -> (u16, Option<Value>) {
        let answer = self.http.get(url).send().await.expect("answers");
        let status = answer.status().as_u16();
        let body = if status == 200 {
            Some(answer.json().await.expect("json"))
        } else {
            None
        };
        (status, body)
    }
}

#[tokio::test]
async fn a_result_reaches_the_board_within_a_second() {
    let b = Board::new().await;
    let max = actor(1, "Max", true);
    b.say(max.clone(), "neu Stadtmeisterschaft").await;
    b.say(max.clone(), "format team=0").await;
    for (i, name) in [
        "Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hugo",
    ]
    .iter()
    .enumerate()
    {
        b.say(actor(10 + i as u64, name, false), "anmelden").await;
    }
    b.say(max.clone(), "da alle").await;
    b.say(max.clone(), "auslosen").await;
    let links = b.say(actor(10, "Anna", false), "tafel").await;
    let Some(Content::Tournament(content)) = links.content else {
        panic!("links")
    };
    let TournamentContent::Board { board, own, .. } = *content else {
        panic!("board links")
    };
    assert!(board.starts_with(&b.base), "{board}");
    let own = own.expect("Anna plays: her page");
    // The page itself, for the board and a player.
    for page in [&board, &own] {
        let html = b.http.get(page.as_str()).send().await.expect("page");
        assert_eq!(html.status().as_u16(), 200);
        assert!(html.text().await.expect("html").contains("board.js"));
    }
    let token = board.rsplit('/').next().expect("token");
    let api = format!("{}/api/turnier/{token}", b.base);
    let (status, frame) = b.poll(&api).await;
    assert_eq!(status, 200);
    let frame = frame.expect("frame");
    assert_eq!(frame["standings"].as_array().expect("rows").len(), 8);
    assert_eq!(frame["tables"].as_array().expect("tables").len(), 2);
    let version = frame["version"].as_i64().expect("version");

    // The board waits; the director enters a game; the board has it within a second.
    let waiting = {
        let http = b.http.clone();
        let url = format!("{api}?since={version}");
        tokio::spawn(async move {
            let answer = http.get(url).send().await.expect("answers");
            let at = Instant::now();
            (
                answer.status().as_u16(),
                answer.json::<Value>().await.ok(),
                at,
            )
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    b.say(max.clone(), "ergebnis 1 1 1 2 1").await;
    let entered = Instant::now();
    let (status, frame, at) = waiting.await.expect("poll");
    assert_eq!(status, 200);
    let latency = at.saturating_duration_since(entered);
    assert!(latency < Duration::from_secs(1), "{latency:?}");
    let frame = frame.expect("frame");
    assert!(frame["version"].as_i64().expect("version") > version);
    let games: u64 = frame["standings"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            r[3].as_str()
                .expect("games")
                .parse::<u64>()
                .expect("number")
        })
        .sum();
    assert_eq!(games, 4, "one game of four players: {frame}");

    // Anna's page: her round and table.
    let number = own.rsplit('/').next().expect("number");
    let (status, page) = b.poll(&format!("{api}?player={number}")).await;
    assert_eq!(status, 200);
    let lines = page.expect("page")["lines"].to_string();
    assert!(lines.contains("Runde 1 (Punkterunde): Tisch"), "{lines}");
    // A token that is not ours shows nothing.
    let (status, _) = b
        .poll(&format!("{}/api/turnier/AAAAAAAAAAAAAAAAAAAAAAAA", b.base))
        .await;
    assert_eq!(status, 404);
}
