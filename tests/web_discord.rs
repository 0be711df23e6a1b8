//! The web table as a Discord Activity, end to end through the real binary (issue 24): the
//! bot with `DISCORD_CLIENT_ID`, `DISCORD_CLIENT_SECRET` and `SCHOCKEN_WEB_ADDR` against the
//! fake Discord (rate limits on). The table message's play button launches the Activity
//! (callback type 12); the page exchanges the SDK's code through the bot, logs in with the
//! token and its instance id, and plays at the channel's table: a move in the page reaches
//! the chat's table message, a move in the chat reaches the page at once. Forged, reused and
//! foreign proofs get 401 and open nothing; Discord down gets 503.

mod common;

use common::discord::{posted_table, run_slash, slash, table_message, user, wait_message};
use common::{Bot, Db, Platform, WAIT};
use futures_util::{SinkExt, StreamExt};
use schocken_fakes::discord::{CLIENT_SECRET, Call, FakeDiscord, FakeUser};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

struct Site {
    base: String,
    http: reqwest::Client,
}

impl Site {
    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .expect("the web server answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// The SDK's `authorize` (the fake's code for `who`), exchanged through the bot.
    async fn access_token(&self, fake: &FakeDiscord, who: &FakeUser) -> String {
        let code = fake.oauth_code(who);
        let (status, body) = self.post("/api/discord/token", json!({"code": code})).await;
        assert_eq!(status, 200, "{body}");
        body["access_token"].as_str().expect("a token").to_string()
    }

    async fn login(&self, access_token: &str, instance_id: &str) -> (u16, Value) {
        let auth =
            json!({"kind": "discord", "access_token": access_token, "instance_id": instance_id});
        self.post("/api/session", json!({"auth": auth, "lang": "de"}))
            .await
    }
}

/// A page's socket: every state frame it gets.
struct Page {
    frames: tokio::sync::mpsc::UnboundedReceiver<Value>,
    out: tokio::sync::mpsc::UnboundedSender<String>,
    last: Value,
}

impl Page {
    async fn open(site: &Site, session: &str) -> Page {
        let url = format!(
            "{}/.proxy/ws?session={session}",
            site.base.replace("http://", "ws://")
        );
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the socket opens");
        let (mut sink, mut stream) = socket.split();
        let (tx, frames) = tokio::sync::mpsc::unbounded_channel();
        let (out, mut out_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
        tokio::spawn(async move {
            while let Some(Ok(Message::Text(text))) = stream.next().await {
                let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else {
                    continue;
                };
                if tx.send(frame).is_err() {
                    return;
                }
            }
        });
        tokio::spawn(async move {
            while let Some(text) = out_rx.recv().await {
                if sink.send(Message::Text(text)).await.is_err() {
                    return;
                }
            }
        });
        Page {
            frames,
            out,
            last: Value::Null,
        }
    }

    fn say(&self, word: &str) {
        let frame = json!({"type": "say", "text": word, "rid": word});
        let _ = self.out.send(frame.to_string());
    }

    /// Waits for a state frame that satisfies `ready`; how long it took.
    async fn until(&mut self, what: &str, ready: impl Fn(&Value) -> bool) -> Duration {
        let started = Instant::now();
        loop {
            if self.last["type"] == "state" && ready(&self.last) {
                return started.elapsed();
            }
            let left = WAIT.saturating_sub(started.elapsed());
            match tokio::time::timeout(left, self.frames.recv()).await {
                Ok(Some(frame)) => {
                    if frame["type"] == "state" {
                        self.last = frame;
                    }
                }
                _ => panic!("{what} never came; last: {}", self.last),
            }
        }
    }
}

fn members(state: &Value) -> Vec<String> {
    state["public"]["table"]["members"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m.as_str().map(str::to_string))
        .collect()
}

fn free_addr() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let addr = listener.local_addr().expect("addr");
    addr.to_string()
}

async fn wait_healthy(site: &Site, bot: &Bot) {
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline {
        let health = site.http.get(format!("{}/health", site.base)).send().await;
        if health.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the web page never came up\n--- log ---\n{}", bot.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_activity_plays_at_the_channels_table() {
    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let addr = free_addr();
    let client_id = fake.client_id();
    let env = [
        ("DISCORD_CLIENT_ID", client_id.as_str()),
        ("DISCORD_CLIENT_SECRET", CLIENT_SECRET),
        ("SCHOCKEN_WEB_ADDR", addr.as_str()),
    ];
    let sessions = fake.sessions();
    let bot = Bot::spawn_with(Platform::Discord(&fake), &db.path, 7, &env);
    if let Err(e) = fake.wait_ready_after(sessions, WAIT).await {
        panic!("{e}\n--- log ---\n{}", bot.log());
    }
    let site = Site {
        base: format!("http://{addr}"),
        http: reqwest::Client::new(),
    };
    wait_healthy(&site, &bot).await;
    let (anna, mut ben, cleo) = (user(11, "Anna"), user(12, "Ben"), user(13, "Cleo"));
    // The Activity's token tells the display name, not the server nickname.
    ben.global_name = Some("Ben".into());

    // Anna opens a table in the channel; its message carries the play button.
    let since = fake.requests().len();
    run_slash(&fake, &anna, slash("new")).await;
    let table = posted_table(&fake, fake.channel_id(), since).await;
    let play = table_message(&fake, table)
        .button("v1:p:")
        .expect("the table message has the play button");

    // The button launches the Activity in the channel: Discord's answer type 12.
    let sent = fake.click(&anna, table, &play).expect("inject");
    fake.wait_for(sent.seq, WAIT, |r| {
        matches!(r.call, Call::Callback { kind: 12, .. })
    })
    .await
    .expect("the bot answers with LAUNCH_ACTIVITY");
    let instance = fake
        .activities()
        .into_iter()
        .find(|a| a.channel_id == fake.channel_id() && a.users.contains(&anna.id))
        .expect("Anna is in the channel's Activity");

    // Anna's page: code → token → session at the channel's table.
    let anna_token = site.access_token(&fake, &anna).await;
    let (status, opened) = site.login(&anna_token, &instance.instance_id).await;
    assert_eq!(status, 200, "{opened}");
    assert!(
        !opened.to_string().contains(&anna_token),
        "the session answer repeats no token"
    );
    let mut anna_page = Page::open(&site, opened["session"].as_str().expect("session")).await;
    anna_page
        .until("Anna's lobby", |s| members(s) == ["Anna"])
        .await;

    // Ben is not in the Activity: his real token does not open Anna's instance.
    let ben_token = site.access_token(&fake, &ben).await;
    let (status, refused) = site.login(&ben_token, &instance.instance_id).await;
    assert_eq!(status, 401, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|e| e.contains("Anmeldung")),
        "a German refusal: {refused}"
    );
    // Once he launched it in the channel, he is.
    fake.join_activity(fake.channel_id(), ben.id);
    let (status, opened) = site.login(&ben_token, &instance.instance_id).await;
    assert_eq!(status, 200, "{opened}");
    let mut ben_page = Page::open(&site, opened["session"].as_str().expect("session")).await;

    // A move in the page reaches the chat's table message (paced as the chat's own).
    ben_page.say("join");
    ben_page
        .until("Ben seated", |s| members(s) == ["Anna", "Ben"])
        .await;
    wait_message(&fake, table, "Ben at the chat's table", |m| {
        m.content.contains("Ben")
    })
    .await;

    // A move in the chat reaches the page at once.
    run_slash(&fake, &anna, slash("start")).await;
    let took = ben_page
        .until("the started game", |s| {
            s["public"]["table"]["status"] == "running"
        })
        .await;
    assert!(took < Duration::from_secs(2), "pushed after {took:?}");
    anna_page
        .until("Anna's cup", |s| !s["private"].is_null())
        .await;

    // Forged, reused, foreign and unknown proofs open nothing.
    let (status, _) = site.login("forged-token", &instance.instance_id).await;
    assert_eq!(status, 401, "a forged token");
    let cleo_code = fake.oauth_code(&cleo);
    let (status, _) = site
        .post("/api/discord/token", json!({"code": cleo_code}))
        .await;
    assert_eq!(status, 200);
    let (status, _) = site
        .post("/api/discord/token", json!({"code": cleo_code}))
        .await;
    assert_eq!(status, 401, "a code works once");
    let (status, _) = site.login(&anna_token, "i-1-gc-1-2").await;
    assert_eq!(status, 401, "an instance Discord does not know");
    let (status, _) = site.login(&anna_token, "../../users/@me").await;
    assert_eq!(status, 401, "an instance id that is no id");
    let (status, _) = site.post("/api/discord/token", json!({"code": 5})).await;
    assert_eq!(status, 400, "a body that is no code");

    // Discord down: 503, and the page may try again.
    fake.set_oauth_down(true);
    let code = fake.oauth_code(&cleo);
    let (status, body) = site.post("/api/discord/token", json!({"code": code})).await;
    assert_eq!(status, 503, "{body}");
    fake.set_oauth_down(false);

    // The refusals changed nothing at the table.
    let after = &ben_page.last;
    assert_eq!(after["public"]["table"]["status"], "running");
    let players = after["public"]["table"]["view"]["players"].as_array();
    assert_eq!(players.map(Vec::len), Some(2), "{after}");
    common::discord::assert_within_limits(&fake);
    let log = bot.log();
    for secret in [CLIENT_SECRET, anna_token.as_str(), ben_token.as_str()] {
        assert!(!log.contains(secret), "a secret in the log");
    }
}
