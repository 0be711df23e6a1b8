//! The Discord Activity's login in a real browser (issue 24): the fake Discord (OAuth and
//! Activity instances), the real service on a SQLite file, the real server on a local port,
//! and headless Chromium (`tests/web/activity.mjs`, driven by playwright-core) as the Discord
//! client: each player's page runs Discord's own Embedded App SDK (vendored as
//! `static/vendor/discord-sdk.js`) in an iframe of a fake https://discord.com parent that speaks
//! the client's side of the SDK's postMessage protocol in the shapes the SDK checks (its
//! handshake, READY, AUTHORIZE with a code issued here by the fake Discord, AUTHENTICATE,
//! CAPTURE_LOG). The page exchanges the code through the bot, opens its session with the token
//! and the Activity's instance id, and the server asks the fake Discord who the user is and
//! whether he is in that instance. Both players are in the channel's instance: they open the
//! channel's table from the page, join with the lobby's buttons, start and play a whole game by
//! clicking. The script checks:
//!
//! - the page runs the vendored SDK of the version pinned in `tools/web/discord-sdk/`;
//! - the protocol: one handshake with the client id, frame id and the SDK's version, AUTHORIZE
//!   for the client id with `response_type` code and scope identify, AUTHENTICATE with exactly
//!   the token the bot gave the page, a session request with that token and the instance id,
//!   and everything through `/.proxy` (Discord's proxy);
//! - each page is signed in as its own Discord user (`you`, "(du)" at its own name only), shows
//!   only its own cup (R-RND-4: a private frame only for its owner, every die under a cup a
//!   covered "?" on the other page), no JS error;
//! - a user who is not in the instance gets the page's refusal ("Die Anmeldung hat nicht
//!   geklappt…"), no table, no socket;
//! - parents at origins that only look like Discord's get the page's handshake, but their
//!   READY is ignored (the SDK believes only Discord's origins): no AUTHORIZE, no code
//!   exchanged (their code, a valid one of Anna's, stays unused), no session.
//!
//! Afterwards the service tells that the channel's table has both players and the game is
//! over, and the fake Discord that exactly the three logins asked it.
//!
//! Needs Chromium (`/usr/bin/chromium`, or `CHROMIUM`), Node.js and `npm ci --prefix tests/web`.
//! Without them the test is skipped with a line saying so, unless `CI` is set: then it fails.

use bot_core::config::Config;
use bot_core::model::table::TableStatus;
use bot_core::service::{Actor, ChatId, Service, Stop, SystemClock, UserId};
use bot_core::store::Store;
use bot_core::text::{Lang, tr};
use schocken_fakes::discord::{CLIENT_SECRET, FakeDiscord, FakeUser, OAuthEndpoint};
use schocken_web::{DiscordLogin, Web, WebConfig};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The whole script, browser start and game included (it bounds the game itself at 5 min).
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(420);
/// The parents at origins that only look like Discord's (`activity.mjs` serves them).
const FORGED_ORIGINS: [&str; 2] = ["https://discord.com.evil.example", "https://notdiscord.com"];

fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web")
}

fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// What the browser test needs and is missing, each with how to get it.
fn missing() -> Vec<String> {
    let mut missing = Vec::new();
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !node {
        missing.push("Node.js (`apt-get install -y nodejs npm`)".to_string());
    }
    if !chromium().is_file() {
        missing.push(format!(
            "Chromium at {} (`apt-get install -y chromium`, or set CHROMIUM)",
            chromium().display()
        ));
    }
    if !web_dir().join("node_modules/playwright-core").is_dir() {
        missing.push("playwright-core (`npm ci --prefix tests/web`)".to_string());
    }
    missing
}

/// Runs `node activity.mjs` with `config`; its exit status and everything it printed.
fn run_script(config: String) -> (Option<i32>, String) {
    let mut command = Command::new("node");
    // Its own process group: a timeout ends the browser with it.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .arg("activity.mjs")
        .current_dir(web_dir())
        .env("SCHOCKEN_ACTIVITY", config)
        .env("CHROMIUM", chromium())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    let read = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = from.read_to_string(&mut text);
            text
        })
    };
    let out = read(Box::new(child.stdout.take().expect("stdout")));
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    let started = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("the script's status") {
            break status.code();
        }
        if started.elapsed() > SCRIPT_TIMEOUT {
            let _ = Command::new("kill")
                .args(["-KILL", &format!("-{}", child.id())])
                .status();
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    (code, format!("{out}{err}"))
}

/// The user as the Discord client's AUTHENTICATE answer names him.
fn sdk_user(user: &FakeUser) -> Value {
    json!({
        "id": user.id.to_string(),
        "username": user.username,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": null,
        "public_flags": 0,
    })
}

/// Two players log in through a fake Discord client's Embedded App SDK messages and play a
/// whole game at the channel's table in two browsers; a user outside the Activity and parents
/// that are not Discord get no table (issue 24, R-RND-4 on the way).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_activity_logs_in_through_discord_in_a_browser() {
    let missing = missing();
    if !missing.is_empty() {
        let what = missing.join("; ");
        assert!(
            std::env::var_os("CI").is_none(),
            "the browser test needs: {what}"
        );
        // Straight to stderr: a skip is seen even when the test's output is captured.
        let _ = writeln!(
            std::io::stderr(),
            "skipped an_activity_logs_in_through_discord_in_a_browser (the Discord Activity in a \
             real browser): missing {what}"
        );
        return;
    }

    let fake = FakeDiscord::start().await.expect("the fake Discord");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("web.db").display());
    let store = Store::open(&url).await.expect("store");
    let config = Config {
        turn_timer_seconds: 0,
        ..Config::default()
    };
    let service = Service::new(store, config, Arc::new(SystemClock), Some(24))
        .await
        .expect("service");
    let config = WebConfig {
        addr: "127.0.0.1:0".parse().expect("addr"),
        public_url: None,
        secret: b"the activity test's secret".to_vec(),
        local_table: None,
        telegram_token: None,
        telegram_api_url: None,
        discord: Some(DiscordLogin {
            client_id: fake.client_id(),
            client_secret: CLIENT_SECRET.into(),
            bot_token: fake.token().into(),
            api_url: Some(fake.api_url()),
        }),
    };
    let listener = schocken_web::bind(&config).await.expect("bound");
    let addr = listener.local_addr().expect("addr");
    let web = Web::new(service.clone(), config, Stop::never());
    tokio::spawn(schocken_web::serve(web, listener));

    let anna = FakeUser::new(2_100_000_000_000_000_001, "anna").global_name("Anna");
    let ben = FakeUser::new(2_100_000_000_000_000_002, "ben").global_name("Ben");
    let zoe = FakeUser::new(2_100_000_000_000_000_003, "zoe").global_name("Zoe");
    // Anna and Ben open the channel's Activity (one instance); Zoe is not in it.
    let instance = fake.join_activity(fake.channel_id(), anna.id);
    assert_eq!(
        fake.join_activity(fake.channel_id(), ben.id),
        instance,
        "both in the channel's one instance"
    );
    // One code per login (a page logs in once; a reconnect keeps its session).
    let player = |user: &FakeUser, width: u32, height: u32| {
        json!({
            "name": user.global_name,
            "user": sdk_user(user),
            "codes": [fake.oauth_code(user)],
            "viewport": {"width": width, "height": height},
        })
    };
    let players = [player(&anna, 390, 844), player(&ben, 360, 780)];
    let outsider = json!({"name": "Zoe", "user": sdk_user(&zoe), "codes": [fake.oauth_code(&zoe)]});
    // What the forged parents would hand out if the page believed them: valid codes of Anna's.
    let forged_codes: Vec<String> = FORGED_ORIGINS
        .iter()
        .map(|_| fake.oauth_code(&anna))
        .collect();
    let setup = json!({
        "url": format!("http://{addr}/"),
        "client_id": fake.client_id(),
        "instance_id": instance,
        "guild_id": fake.guild_id().to_string(),
        "channel_id": fake.channel_id().to_string(),
        "refused": tr(Lang::De, "web-login-refused", &[]),
        "players": players,
        "outsider": outsider,
        "forger": {"codes": forged_codes.clone(), "origins": FORGED_ORIGINS},
    });

    let started = Instant::now();
    let (code, output) = tokio::task::spawn_blocking(move || run_script(setup.to_string()))
        .await
        .expect("the script ran");
    assert_eq!(
        code,
        Some(0),
        "tests/web/activity.mjs failed ({}):\n{output}",
        code.map_or(
            format!("no exit code: timed out after {SCRIPT_TIMEOUT:?}, or killed"),
            |c| format!("exit code {c}")
        )
    );
    println!("{output}(the script took {:?})", started.elapsed());

    // The channel's table, as the chat's adapter names it, has both players, and the game
    // the pages played is over.
    let place = ChatId::new(
        "discord",
        format!("{}/{}", fake.guild_id(), fake.channel_id()),
    );
    let watcher = Actor::new(UserId::new("discord", 9), "Watcher", Some(Lang::De), false);
    let table = service
        .view(&place, watcher)
        .await
        .table
        .expect("the channel's table is there");
    assert_eq!(table.members, ["Anna", "Ben"], "both players at the table");
    assert_eq!(
        table.status,
        TableStatus::Finished,
        "the pages played it out"
    );

    // Discord was asked for exactly the three logins: three codes exchanged (Anna's, Ben's,
    // Zoe's; none of the forged parents'), three users named, three instance lookups with the
    // bot's token.
    let calls = fake.oauth_calls();
    let of = |endpoint| {
        calls
            .iter()
            .filter(|c| c.endpoint == endpoint)
            .map(|c| c.status)
            .collect::<Vec<_>>()
    };
    assert_eq!(of(OAuthEndpoint::Token), [200, 200, 200], "{calls:?}");
    assert_eq!(of(OAuthEndpoint::Me), [200, 200, 200], "{calls:?}");
    assert!(
        calls.iter().all(|c| !c.redirect_uri),
        "the SDK's codes are exchanged without redirect_uri: {calls:?}"
    );
    let lookups: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/activity-instances/"))
        .collect();
    assert_eq!(
        lookups.len(),
        3,
        "one instance lookup per login: {lookups:?}"
    );
    assert!(
        lookups
            .iter()
            .all(|r| r.method == "GET" && r.authorized && r.status == 200),
        "{lookups:?}"
    );
    // The forged parents' codes were never used: they still work once.
    let http = reqwest::Client::new();
    for code in forged_codes {
        let response = http
            .post(format!("http://{addr}/.proxy/api/discord/token"))
            .json(&json!({ "code": code }))
            .send()
            .await
            .expect("the server answers");
        assert_eq!(
            response.status().as_u16(),
            200,
            "a forged parent's code was used by the page"
        );
    }

    // The vendored SDK, byte for byte, at the page's address and under Discord's proxy, with
    // the page's policy and caching like the other scripts.
    let page_policy = http
        .get(format!("http://{addr}/"))
        .send()
        .await
        .expect("the page")
        .headers()
        .get(reqwest::header::CONTENT_SECURITY_POLICY)
        .cloned()
        .expect("the page's policy");
    for path in ["/vendor/discord-sdk.js", "/.proxy/vendor/discord-sdk.js"] {
        let response = http
            .get(format!("http://{addr}{path}"))
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status().as_u16(), 200, "{path}");
        // Header names as constants: a string like these reads as a message id to
        // bot-core's check of the texts (tests/text.rs).
        let header = |name: reqwest::header::HeaderName| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        assert_eq!(
            header(reqwest::header::CONTENT_TYPE).as_deref(),
            Some("text/javascript; charset=utf-8"),
            "{path}"
        );
        assert_eq!(
            header(reqwest::header::CACHE_CONTROL).as_deref(),
            Some("no-cache"),
            "{path}"
        );
        assert_eq!(
            header(reqwest::header::CONTENT_SECURITY_POLICY).as_deref(),
            page_policy.to_str().ok(),
            "{path}"
        );
        let body = response.text().await.expect("the script");
        assert!(
            body == include_str!("../static/vendor/discord-sdk.js"),
            "{path} is not the vendored SDK"
        );
    }
}
