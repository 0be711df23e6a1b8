//! Opening a session over HTTP (issue 24): a Telegram Mini App's `initData`, checked against
//! the bot's token, opens the table its link names; forged, tampered, expired or another
//! bot's data gets 401, a table token that is not a Telegram table 404, a user who is not in
//! the table's group 403 (issue 33), and nothing opens.
//! (Discord Activity logins run end to end in the workspace's `tests/web_discord.rs`.)

use bot_core::config::Config;
use bot_core::service::{ChatId, Service, Stop, SystemClock};
use bot_core::store::Store;
use schocken_fakes::telegram::{FakeOptions, FakeTelegram, Fault};
use schocken_web::auth::TelegramUser;
use schocken_web::auth::telegram::sign_user;
use schocken_web::{Web, WebConfig};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

const BOT_TOKEN: &str = "123456:TEST-logins-token";

struct Site {
    web: Arc<Web>,
    /// Telegram, asked who is in the group.
    telegram: Option<FakeTelegram>,
    base: String,
    http: reqwest::Client,
    _dir: tempfile::TempDir,
}

async fn site(telegram: bool) -> Site {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("web.db").display());
    let store = Store::open(&url).await.expect("store");
    let service = Service::new(store, Config::default(), Arc::new(SystemClock), Some(3))
        .await
        .expect("service");
    let mut config = WebConfig::local("127.0.0.1:0".parse().expect("addr"), "t");
    config.local_table = None;
    config.telegram_token = telegram.then(|| BOT_TOKEN.to_string());
    let fake = match telegram {
        true => Some(
            FakeTelegram::start_with(FakeOptions {
                token: BOT_TOKEN.into(),
                ..FakeOptions::default()
            })
            .await
            .expect("fake Telegram"),
        ),
        false => None,
    };
    if let Some(fake) = &fake {
        config.telegram_api_url = Some(fake.api_url());
        fake.set_member(-100, 7, "member");
    }
    let listener = schocken_web::bind(&config).await.expect("bound");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let web = Web::new(service, config, Stop::never());
    tokio::spawn(schocken_web::serve(web.clone(), listener));
    Site {
        web,
        telegram: fake,
        base,
        http: reqwest::Client::new(),
        _dir: dir,
    }
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn group() -> ChatId {
    ChatId::new("telegram", -100)
}

fn anna() -> TelegramUser {
    let mut anna = TelegramUser::new(7, "Anna");
    anna.language_code = Some("en".into());
    anna
}

impl Site {
    async fn post(&self, body: &str) -> (u16, Value) {
        let response = self
            .http
            .post(format!("{}/api/session", self.base))
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("an answer");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn telegram(&self, init_data: &str, table: Option<&str>) -> (u16, Value) {
        let body = json!({"auth": {"kind": "telegram", "init_data": init_data}, "table": table});
        self.post(&body.to_string()).await
    }

    /// Sessions this server opened so far.
    fn sessions(&self) -> u64 {
        self.web.sessions.issued()
    }
}

#[tokio::test]
async fn a_mini_apps_init_data_opens_the_table_its_link_names() {
    let site = site(true).await;
    let token = site.web.tokens.token(&group());
    let data = sign_user(&anna(), now() - 60, Some(&token), BOT_TOKEN);
    let (status, opened) = site.telegram(&data, None).await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(opened["user"]["id"], "telegram:7");
    assert_eq!(opened["user"]["name"], "Anna");
    assert_eq!(
        opened["lang"], "en",
        "the user's language without the page's"
    );
    let session = opened["session"].as_str().expect("a session");
    let opened = site.web.sessions.get(session).expect("open");
    assert_eq!(opened.place, group());

    // Without `startapp` (a page opened from a link of its own) the body names the table.
    let data = sign_user(&anna(), now(), None, BOT_TOKEN);
    let (status, _) = site.telegram(&data, Some(&token)).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn only_the_groups_members_sit_at_its_table() {
    let site = site(true).await;
    let fake = site.telegram.as_ref().expect("fake Telegram");
    let token = site.web.tokens.token(&group());
    let topic = site.web.tokens.token(&group().in_topic(42));
    let user = |id: u64, name: &str| {
        let mut user = TelegramUser::new(id, name);
        user.language_code = Some("de".into());
        user
    };
    let login = |id: u64, name: &str, table: &str| {
        sign_user(&user(id, name), now(), Some(table), BOT_TOKEN)
    };
    fake.set_member(-100, 8, "administrator");
    fake.set_member(-100, 9, "restricted");
    fake.set_member(-100, 10, "restricted-left");
    fake.set_member(-100, 11, "kicked");
    fake.set_member(-100, 12, "left");
    let before = site.sessions();
    for (id, name, status) in [
        (7, "Anna", 200),
        (8, "Ben", 200),
        (9, "Cleo", 200),
        (10, "Dora", 403),
        (11, "Emil", 403),
        (12, "Finn", 403),
        (13, "Gero", 403),
    ] {
        let (got, body) = site.telegram(&login(id, name, &token), None).await;
        assert_eq!(got, status, "{name}: {body}");
        if status == 403 {
            assert_eq!(
                body["error"],
                "Dieser Tisch gehört einer Gruppe, in der du nicht bist. Mitspielen und \
                 zuschauen können nur ihre Mitglieder.",
                "{name}"
            );
        }
    }
    assert_eq!(site.sessions(), before + 3, "only the members got sessions");

    // The refusal speaks the user's language: his Telegram app's when the page names none
    // (found by the stranger's check: it came in German).
    let mut john = TelegramUser::new(16, "John");
    john.language_code = Some("en".into());
    let (got, body) = site
        .telegram(&sign_user(&john, now(), Some(&token), BOT_TOKEN), None)
        .await;
    assert_eq!(got, 403);
    assert_eq!(
        body["error"],
        "This table belongs to a group you are not in. Only its members can play or watch.",
    );

    // A topic's table is its group's: the same members.
    let (got, _) = site.telegram(&login(7, "Anna", &topic), None).await;
    assert_eq!(got, 200);
    let (got, _) = site.telegram(&login(13, "Gero", &topic), None).await;
    assert_eq!(got, 403);

    // Asked once and remembered: Anna's reconnects, Gero's retries ask Telegram nothing.
    let asked = |fake: &FakeTelegram| {
        fake.requests()
            .iter()
            .filter(|r| r.is("getChatMember"))
            .count()
    };
    let before = asked(fake);
    for _ in 0..3 {
        site.telegram(&login(7, "Anna", &token), None).await;
        site.telegram(&login(13, "Gero", &token), None).await;
    }
    assert_eq!(asked(fake), before, "remembered a few minutes");

    // Telegram asks to wait a moment: the login waits and asks again.
    fake.fail_next("getChatMember", 1, Fault::RateLimited { retry_after: 1 });
    let (got, body) = site.telegram(&login(14, "Hein", &token), None).await;
    assert_eq!(got, 403, "asked again after the wait: {body}");
    // Telegram fails: 503, nothing opened, nothing remembered.
    fake.fail_next("getChatMember", 1, Fault::ServerError(502));
    fake.set_member(-100, 15, "member");
    let before = site.sessions();
    let (got, body) = site.telegram(&login(15, "Ines", &token), None).await;
    assert_eq!(got, 503, "{body}");
    assert_eq!(site.sessions(), before);
    let (got, _) = site.telegram(&login(15, "Ines", &token), None).await;
    assert_eq!(got, 200, "the next try asks again");
}

/// A body over the limit is refused with the JSON every refusal has, not the server library's
/// plain text (found by the stranger's check).
#[tokio::test]
async fn an_oversized_login_is_refused_as_json() {
    let site = site(true).await;
    let before = site.sessions();
    let huge = format!(
        "{{\"auth\": {{\"kind\": \"telegram\", \"init_data\": \"{}\"}}}}",
        "x".repeat(20_000)
    );
    let (got, body) = site.post(&huge).await;
    assert_eq!(got, 413);
    assert_eq!(
        body["error"],
        "Das hat die Seite nicht verstanden – es hat sich nichts geändert."
    );
    assert_eq!(site.sessions(), before);
}

#[tokio::test]
async fn forged_expired_or_foreign_init_data_opens_nothing() {
    let site = site(true).await;
    let token = site.web.tokens.token(&group());
    let before = site.sessions();
    let good = sign_user(&anna(), now(), Some(&token), BOT_TOKEN);

    let mut refusals = vec![
        ("tampered", good.replace("Anna", "Mallory")),
        (
            "expired",
            sign_user(&anna(), now() - 2 * 24 * 3600, Some(&token), BOT_TOKEN),
        ),
        (
            "another bot's",
            sign_user(&anna(), now(), Some(&token), "654321:another-bot"),
        ),
        ("unsigned", good.split("&hash=").next().unwrap_or("").into()),
        ("empty", String::new()),
    ];
    refusals.push(("from the future", {
        sign_user(&anna(), now() + 3600, Some(&token), BOT_TOKEN)
    }));
    for (what, data) in refusals {
        let (status, body) = site.telegram(&data, None).await;
        assert_eq!(status, 401, "{what}: {body}");
        let text = body["error"].as_str().unwrap_or_default();
        assert!(
            text.contains("Anmeldung"),
            "{what}: a German refusal: {body}"
        );
        assert!(
            !text.contains(BOT_TOKEN) && !text.contains("hash"),
            "{what}: {text}"
        );
    }

    // A signed user at a table that is not a Telegram group's, or no table at all: 404.
    let discord = site.web.tokens.token(&ChatId::new("discord", "1/2"));
    for (what, table) in [("a Discord table", Some(discord.as_str())), ("none", None)] {
        let data = sign_user(&anna(), now(), table, BOT_TOKEN);
        let (status, body) = site.telegram(&data, None).await;
        assert_eq!(status, 404, "{what}: {body}");
    }

    // Not JSON, or fields the page never sends.
    let (status, _) = site.post("{\"auth\":").await;
    assert_eq!(status, 400);
    let (status, _) = site.post(r#"{"auth":{"kind":"local"},"admin":true}"#).await;
    assert_eq!(status, 400);
    assert_eq!(site.sessions(), before, "no refusal opened a session");
}

#[tokio::test]
async fn a_server_without_the_bots_token_offers_no_telegram_login() {
    let site = site(false).await;
    let token = site.web.tokens.token(&group());
    let data = sign_user(&anna(), now(), Some(&token), BOT_TOKEN);
    let (status, body) = site.telegram(&data, None).await;
    assert_eq!(status, 401, "{body}");
    let (status, _) = site.post(r#"{"auth":{"kind":"local"}}"#).await;
    assert_eq!(status, 401, "the local keyboard only at `schocken web`");
    let logins: Value = site
        .http
        .get(format!("{}/api/logins", site.base))
        .send()
        .await
        .expect("an answer")
        .json()
        .await
        .expect("JSON");
    assert_eq!(
        logins,
        json!({"local": false, "telegram": false, "discord": null})
    );
}
