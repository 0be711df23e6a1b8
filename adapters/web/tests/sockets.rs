//! The web adapter end to end, without a browser: the real service on a SQLite file, the real
//! server on a local port, and WebSocket clients as the pages. Three players and a spectator
//! play a whole game through their sockets; every frame every socket receives is checked:
//! nobody's own cup reaches another socket (issue 24, R-RND-4), refusals change nothing,
//! a socket that drops catches up.

use bot_core::config::Config;
use bot_core::service::{ChatId, Service, Stop, SystemClock, UserId};
use bot_core::store::Store;
use bot_core::text::Lang;
use futures_util::{SinkExt, StreamExt};
use schocken_web::session::{Kind, Session};
use schocken_web::{Web, WebConfig};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

const WAIT: Duration = Duration::from_secs(10);

struct Server {
    web: Arc<Web>,
    addr: SocketAddr,
    _dir: tempfile::TempDir,
}

async fn server() -> Server {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("web.db").display());
    let store = Store::open(&url).await.expect("store");
    let config = Config {
        turn_timer_seconds: 0,
        ..Config::default()
    };
    let service = Service::new(store, config, Arc::new(SystemClock), Some(11))
        .await
        .expect("service");
    let config = WebConfig::local("127.0.0.1:0".parse().expect("addr"), "t");
    let listener = schocken_web::bind(&config).await.expect("bound");
    let addr = listener.local_addr().expect("addr");
    let web = Web::new(service, config, Stop::never());
    tokio::spawn(schocken_web::serve(web.clone(), listener));
    Server {
        web,
        addr,
        _dir: dir,
    }
}

fn place() -> ChatId {
    ChatId::new("telegram", -100)
}

/// A page of a Telegram user at the group's table.
struct Page {
    user: UserId,
    name: String,
    session: String,
    frames: mpsc::UnboundedReceiver<Value>,
    out: mpsc::UnboundedSender<Message>,
    /// Every frame this page received.
    seen: Vec<Value>,
    last_state: Option<Value>,
}

impl Server {
    fn session(&self, id: u64, name: &str) -> (UserId, String) {
        let user = UserId::new("telegram", id);
        let session = Session::new(user.clone(), name.into(), Lang::De, place(), Kind::Telegram);
        (user, self.web.sessions.start(session))
    }

    async fn page(&self, id: u64, name: &str) -> Page {
        let (user, session) = self.session(id, name);
        self.connect(user, name, session).await
    }

    async fn connect(&self, user: UserId, name: &str, session: String) -> Page {
        let url = format!("ws://{}/ws?session={session}", self.addr);
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the socket opens");
        let (mut sink, mut stream) = socket.split();
        let (frames_tx, frames) = mpsc::unbounded_channel();
        let (out, mut out_rx) = mpsc::unbounded_channel::<Message>();
        tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                // How the server closed the socket, as a frame of the test's own.
                if let Message::Close(close) = &message {
                    let code = close.as_ref().map(|c| u16::from(c.code));
                    let _ = frames_tx.send(json!({"type": "closed", "code": code}));
                    return;
                }
                if let Message::Text(text) = message
                    && let Ok(frame) = serde_json::from_str::<Value>(text.as_str())
                    && frames_tx.send(frame).is_err()
                {
                    return;
                }
            }
        });
        tokio::spawn(async move {
            while let Some(message) = out_rx.recv().await {
                if sink.send(message).await.is_err() {
                    return;
                }
            }
        });
        Page {
            user,
            name: name.into(),
            session,
            frames,
            out,
            seen: Vec::new(),
            last_state: None,
        }
    }
}

impl Page {
    fn send(&self, frame: Value) {
        let _ = self.out.send(Message::Text(frame.to_string()));
    }

    fn say(&self, word: &str) {
        self.send(json!({"type": "say", "text": word}));
    }

    fn press(&self, id: &str) {
        self.send(json!({"type": "press", "id": id}));
    }

    /// Takes in what arrived, waiting up to `wait` for the first frame.
    async fn drain(&mut self, wait: Duration) {
        if let Ok(Some(frame)) = tokio::time::timeout(wait, self.frames.recv()).await {
            self.take(frame);
        }
        while let Ok(frame) = self.frames.try_recv() {
            self.take(frame);
        }
    }

    fn take(&mut self, frame: Value) {
        if frame["type"] == "state" {
            self.last_state = Some(frame.clone());
        }
        self.seen.push(frame);
    }

    /// Waits until the last state satisfies `ready`.
    async fn until(&mut self, what: &str, ready: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            if let Some(state) = self.last_state.as_ref().filter(|s| ready(s)) {
                return state.clone();
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{}: {what} never came; last: {:?}",
                self.name,
                self.last_state
            );
            self.drain(Duration::from_millis(200)).await;
        }
    }

    fn notices(&self) -> Vec<String> {
        self.seen
            .iter()
            .filter(|f| f["type"] == "notice")
            .filter_map(|f| f["text"].as_str().map(str::to_string))
            .collect()
    }
}

fn version(state: &Value) -> u64 {
    state["public"]["table"]["version"].as_u64().unwrap_or(0)
}

fn status(state: &Value) -> &str {
    state["public"]["table"]["status"]
        .as_str()
        .unwrap_or("none")
}

fn current(state: &Value) -> Option<String> {
    let players = state["public"]["table"]["view"]["players"].as_array()?;
    players
        .iter()
        .find(|p| p["is_current"] == true)
        .and_then(|p| p["name"].as_str())
        .map(str::to_string)
}

/// Whether the reader has looked under his own cup.
fn looked(state: &Value) -> bool {
    let view = &state["private"]["view"]["view"];
    let seat = &view["viewer"]["player"];
    view["players"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| &p["seat"] == seat)
        .is_some_and(|p| p["cup"]["looked"] == true)
}

fn button_ids(part: &Value) -> Vec<String> {
    part["buttons"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().into_iter().flatten())
        .filter_map(|b| b["id"].as_str().map(str::to_string))
        .collect()
}

/// R-RND-4 over the wire: a frame shows its reader's own cup only, and the public table
/// shows nobody's dice as "own".
fn assert_no_leak(page: &Page, frame: &Value) {
    if frame["type"] != "state" {
        return;
    }
    let private = &frame["private"];
    if !private.is_null() {
        assert_eq!(
            private["view"]["user"].as_str(),
            Some(page.user.as_str()),
            "{} got someone else's cup: {frame}",
            page.name
        );
    }
    let text = frame["public"].to_string();
    assert!(
        !text.contains("\"own\""),
        "{}: a covered die in the public table: {text}",
        page.name
    );
}

/// Per version: the dice each player sees under his own cup.
fn own_dice(pages: &[Page]) -> BTreeMap<(u64, String), Vec<u64>> {
    let mut own = BTreeMap::new();
    for page in pages {
        for frame in page.seen.iter().filter(|f| f["type"] == "state") {
            let view = &frame["private"]["view"]["view"];
            let Some(players) = view["players"].as_array() else {
                continue;
            };
            let seat = &view["viewer"]["player"];
            let Some(me) = players.iter().find(|p| &p["seat"] == seat) else {
                continue;
            };
            let dice: Vec<u64> = me["cup"]["dice"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|d| d.as_str()?.strip_prefix("own:")?.parse().ok())
                .collect();
            if !dice.is_empty() {
                own.insert((version(frame), page.name.clone()), dice);
            }
        }
    }
    own
}

/// Every other page's frame of the same version shows that player's dice under the cup as
/// covered.
fn assert_covered_elsewhere(pages: &[Page], own: &BTreeMap<(u64, String), Vec<u64>>) {
    for page in pages {
        for frame in page.seen.iter().filter(|f| f["type"] == "state") {
            let players = frame["public"]["table"]["view"]["players"].as_array();
            for p in players.into_iter().flatten() {
                let name = p["name"].as_str().unwrap_or_default().to_string();
                if name == page.name || !own.contains_key(&(version(frame), name.clone())) {
                    continue;
                }
                let hidden = p["cup"]["dice"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|d| *d == "covered")
                    .count();
                let shown_own = own[&(version(frame), name.clone())].len();
                assert!(
                    hidden >= shown_own,
                    "{} sees {name}'s cup at v{}: {p}",
                    page.name,
                    version(frame)
                );
            }
        }
    }
}

/// Three players and a spectator play a whole game through their pages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_sockets_shows_each_cup_to_its_owner_alone() {
    let server = server().await;
    let mut pages = vec![
        server.page(1, "Anna").await,
        server.page(2, "Ben").await,
        server.page(3, "Cem").await,
        server.page(4, "Dora").await,
    ];
    for page in &mut pages {
        let first = page.until("the first state", |_| true).await;
        assert_eq!(first["public"], Value::Null, "no table yet");
    }
    pages[0].say("open");
    pages[0].until("the lobby", |s| status(s) == "lobby").await;
    pages[1].say("join");
    pages[2].say("join");
    pages[0]
        .until("three seated", |s| {
            s["public"]["table"]["members"].as_array().map(Vec::len) == Some(3)
        })
        .await;
    pages[0].say("start");
    // Everybody looks under his cup at once, before his turn: his dice are his alone.
    for page in pages.iter_mut().take(3) {
        let mine = page.until("his cup", |s| !s["private"].is_null()).await;
        if let Some(look) = button_ids(&mine)
            .into_iter()
            .find(|id| id.starts_with("v1:l:"))
        {
            page.press(&look);
            page.until("his dice", looked).await;
        }
    }
    let mut moves = 0;
    loop {
        for page in &mut pages {
            page.drain(Duration::from_millis(50)).await;
        }
        let state = pages[3].until("a state", |s| status(s) != "lobby").await;
        if status(&state) == "finished" {
            break;
        }
        let Some(name) = current(&state) else {
            pages[3].drain(Duration::from_millis(300)).await;
            continue;
        };
        let i = pages.iter().position(|p| p.name == name).expect("a player");
        let v = version(&state);
        let mine = pages[i]
            .until("his cup at this version", |s| {
                version(s) >= v && !s["private"].is_null()
            })
            .await;
        if version(&mine) > v {
            continue;
        }
        let ids = button_ids(&mine);
        // Look under the cup first (the dice become his own), then stand.
        let order = if looked(&mine) {
            ["v1:s:", "v1:r:", "v1:l:"]
        } else {
            ["v1:l:", "v1:s:", "v1:r:"]
        };
        let pick = order
            .iter()
            .find_map(|p| ids.iter().find(|id| id.starts_with(p)))
            .cloned()
            .expect("a move offered to the player to act");
        pages[i].press(&pick);
        if pick.starts_with("v1:l:") {
            // Looking changes what he sees, not always the table's version.
            pages[i]
                .until("his dice under the cup", |s| version(s) > v || looked(s))
                .await;
        } else {
            pages[3]
                .until("the move shown to the spectator", |s| version(s) > v)
                .await;
        }
        moves += 1;
        assert!(moves < 400, "the game did not end");
    }
    for page in &mut pages {
        page.drain(Duration::from_millis(300)).await;
    }
    for page in &pages {
        for frame in &page.seen {
            assert_no_leak(page, frame);
        }
    }
    let own = own_dice(&pages);
    assert!(
        own.len() >= 2,
        "cups were seen by their owners: {}",
        own.len()
    );
    assert_covered_elsewhere(&pages, &own);
    assert!(
        pages[3].seen.iter().all(|f| f["private"].is_null()),
        "the spectator has no cup"
    );
    // Once the game is over the last round's dice are in the reveal, every one of them: no
    // cup stays in the public view, under cover or open (the stranger's check saw the loser's
    // open beside the winner's covered).
    let last = pages[3]
        .seen
        .iter()
        .rev()
        .find(|f| f["type"] == "state")
        .expect("a state");
    assert_eq!(status(last), "finished");
    let players = last["public"]["table"]["view"]["players"]
        .as_array()
        .expect("the players");
    assert!(players.iter().all(|p| p.get("cup").is_none()), "{last}");
    assert!(
        last["public"]["reveal"]
            .as_str()
            .is_some_and(|r| !r.is_empty())
    );
}

/// A press on another player's cup, a forged button, a frame that is no frame: each is
/// answered with a clear line to the presser alone, and nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_presses_are_refused_and_change_nothing() {
    let server = server().await;
    let mut anna = server.page(1, "Anna").await;
    let mut ben = server.page(2, "Ben").await;
    anna.say("open");
    anna.until("the lobby", |s| status(s) == "lobby").await;
    ben.say("join");
    anna.until("two seated", |s| {
        s["public"]["table"]["members"].as_array().map(Vec::len) == Some(2)
    })
    .await;
    anna.say("start");
    let running = anna.until("the game", |s| status(s) == "running").await;
    let to_act = current(&running).expect("someone to act");
    let (actor, other) = if to_act == "Anna" {
        (&mut anna, &mut ben)
    } else {
        (&mut ben, &mut anna)
    };
    let mine = actor.until("his cup", |s| !s["private"].is_null()).await;
    let v = version(&mine);
    other.drain(Duration::from_millis(300)).await;
    let before = other.seen.len();
    for id in button_ids(&mine) {
        other.press(&id);
    }
    other.press("v1:zz:1:1");
    other.send(json!({"type": "press"}));
    other.send(json!({"type": "as", "name": "Anna"}));
    tokio::time::sleep(Duration::from_millis(800)).await;
    other.drain(Duration::from_millis(300)).await;
    actor.drain(Duration::from_millis(300)).await;
    assert_eq!(
        version(actor.last_state.as_ref().expect("state")),
        v,
        "nothing changed"
    );
    let notices = other.notices();
    assert!(notices.len() >= 4, "every bad press answered: {notices:?}");
    assert!(
        notices.iter().any(|n| n.contains("nicht dran")),
        "{notices:?}"
    );
    assert!(notices.iter().any(|n| n.contains("Knopf")), "{notices:?}");
    for frame in &other.seen[before..] {
        assert_no_leak(other, frame);
    }
}

/// A socket that drops and comes back gets the current state at once; a session nobody
/// opened opens no socket; one user holds a few sockets, not more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_socket_catches_up_and_sockets_are_limited() {
    let server = server().await;
    let mut anna = server.page(1, "Anna").await;
    anna.until("the first state", |_| true).await;
    let session = anna.session.clone();
    drop(anna);
    let mut ben = server.page(2, "Ben").await;
    ben.say("open");
    ben.until("the lobby", |s| status(s) == "lobby").await;
    let mut again = server
        .connect(UserId::new("telegram", 1), "Anna", session)
        .await;
    let state = again.until("the current state", |_| true).await;
    assert_eq!(status(&state), "lobby", "caught up at once");

    let refused =
        tokio_tungstenite::connect_async(format!("ws://{}/ws?session=nobody", server.addr)).await;
    assert!(refused.is_err(), "no socket without a session");

    let (user, session) = server.session(9, "Eve");
    let mut open = Vec::new();
    for _ in 0..schocken_web::hub::SOCKETS_PER_USER {
        open.push(server.connect(user.clone(), "Eve", session.clone()).await);
    }
    let url = format!("ws://{}/ws?session={session}", server.addr);
    let too_many = tokio_tungstenite::connect_async(url).await;
    match too_many {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429)
        }
        other => panic!("the fifth socket of one user: {other:?}"),
    }
    drop(open);
}

/// The code the server closed `page`'s socket with.
async fn closed_with(page: &mut Page) -> Option<u64> {
    loop {
        match tokio::time::timeout(WAIT, page.frames.recv()).await {
            Ok(Some(frame)) if frame["type"] == "closed" => return frame["code"].as_u64(),
            Ok(Some(_)) => {}
            _ => return None,
        }
    }
}

/// A frame beyond the limit closes its socket with 1009 ("message too big", not a broken
/// line's 1006); the server goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_frame_closes_only_its_socket() {
    let server = server().await;
    for (id, size) in [(1, 5_000), (3, 200_000)] {
        let mut page = server.page(id, "Anna").await;
        page.until("the first state", |_| true).await;
        page.send(json!({"type": "say", "text": "x".repeat(size)}));
        assert_eq!(closed_with(&mut page).await, Some(1009), "{size} bytes");
    }
    let mut ben = server.page(2, "Ben").await;
    ben.say("open");
    ben.until("the lobby", |s| status(s) == "lobby").await;
}

/// `/ws` without a session, or with one that is not ours: 401 as docs/WEB.md says, upgrade
/// or not.
#[tokio::test]
async fn a_socket_without_a_session_is_refused() {
    let server = server().await;
    let http = reqwest::Client::new();
    for query in ["", "?session=", "?session=forged.id", "?other=1"] {
        let url = format!("http://{}/ws{query}", server.addr);
        let plain = http.get(&url).send().await.expect("an answer");
        assert_eq!(plain.status().as_u16(), 401, "GET /ws{query}");
        let upgrade =
            tokio_tungstenite::connect_async(format!("ws://{}/ws{query}", server.addr)).await;
        match upgrade {
            Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
                assert_eq!(answer.status().as_u16(), 401, "upgrade /ws{query}")
            }
            other => panic!("upgrade /ws{query}: {other:?}"),
        }
    }
}
