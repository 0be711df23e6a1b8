//! The OAuth routes as a page's server meets them: a code works once and only with the
//! client secret, the access token names its user, and none of it mixes with the bot's
//! requests.

use super::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One request with the given headers and raw body; the status and the JSON body.
async fn send(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Value) {
    let mut stream = TcpStream::connect(fake.api).await.expect("connect");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", fake.api);
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    stream.write_all(head.as_bytes()).await.expect("send");
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.expect("read");
    let (head, body) = raw.split_once("\r\n\r\n").expect("a header end");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

const FORM: (&str, &str) = ("Content-Type", "application/x-www-form-urlencoded");

fn exchange_body(fake: &FakeDiscord, secret: &str, code: &str) -> String {
    format!(
        "client_id={}&client_secret={secret}&grant_type=authorization_code&code={code}",
        fake.client_id()
    )
}

async fn exchange(fake: &FakeDiscord, secret: &str, code: &str) -> (u16, Value) {
    let body = exchange_body(fake, secret, code);
    send(fake, "POST", "/api/v10/oauth2/token", &[FORM], &body).await
}

async fn me(fake: &FakeDiscord, authorization: &str) -> (u16, Value) {
    let auth = ("Authorization", authorization);
    send(fake, "GET", "/api/v10/users/@me", &[auth], "").await
}

#[tokio::test]
async fn a_code_is_exchanged_once_and_the_token_names_its_user() {
    let fake = FakeDiscord::start().await.expect("fake");
    let anna = FakeUser::new(11, "anna")
        .global_name("Anna")
        .locale("en-US");
    let code = fake.oauth_code(&anna);

    let (status, token) = exchange(&fake, CLIENT_SECRET, &code).await;
    assert_eq!(status, 200, "{token}");
    assert_eq!(token["token_type"], "Bearer");
    assert_eq!(token["expires_in"], ACCESS_TOKEN_LIFETIME_SECS);
    assert_eq!(token["scope"], "identify");
    assert!(token["refresh_token"].is_string());
    let access = token["access_token"].as_str().expect("an access token");

    let (status, user) = me(&fake, &format!("Bearer {access}")).await;
    assert_eq!(status, 200, "{user}");
    assert_eq!(user["id"], "11");
    assert_eq!(user["username"], "anna");
    assert_eq!(user["global_name"], "Anna");
    assert_eq!(user["locale"], "en-US");

    let (status, again) = exchange(&fake, CLIENT_SECRET, &code).await;
    assert_eq!((status, &again["error"]), (400, &json!("invalid_grant")));
}

#[tokio::test]
async fn a_wrong_secret_is_invalid_client_and_spends_no_code() {
    let fake = FakeDiscord::start().await.expect("fake");
    let code = fake.oauth_code(&FakeUser::new(12, "ben"));
    let (status, body) = exchange(&fake, "not-the-secret", &code).await;
    assert_eq!((status, &body["error"]), (401, &json!("invalid_client")));
    let (status, _) = exchange(&fake, CLIENT_SECRET, &code).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn unknown_codes_grants_and_bodies_are_refused() {
    let fake = FakeDiscord::start().await.expect("fake");
    let (status, body) = exchange(&fake, CLIENT_SECRET, "fake-code-never-issued").await;
    assert_eq!((status, &body["error"]), (400, &json!("invalid_grant")));

    let code = fake.oauth_code(&FakeUser::new(13, "cleo"));
    let body = exchange_body(&fake, CLIENT_SECRET, &code).replace(
        "grant_type=authorization_code",
        "grant_type=client_credentials",
    );
    let (status, reply) = send(&fake, "POST", "/api/v10/oauth2/token", &[FORM], &body).await;
    assert_eq!(
        (status, &reply["error"]),
        (400, &json!("unsupported_grant_type"))
    );

    let json_body = json!({"client_id": fake.client_id(), "client_secret": CLIENT_SECRET,
        "grant_type": "authorization_code", "code": code})
    .to_string();
    let json = ("Content-Type", "application/json");
    let (status, reply) = send(&fake, "POST", "/api/v10/oauth2/token", &[json], &json_body).await;
    assert_eq!((status, &reply["error"]), (400, &json!("invalid_request")));
}

#[tokio::test]
async fn an_unknown_token_is_unauthorized_and_the_bot_stays_the_bot() {
    let fake = FakeDiscord::start().await.expect("fake");
    let (status, body) = me(&fake, "Bearer fake-access-never-issued").await;
    assert_eq!(status, 401);
    assert_eq!(body, json!({"message": "401: Unauthorized", "code": 0}));

    let (status, bot) = me(&fake, &format!("Bot {}", fake.token())).await;
    assert_eq!(status, 200);
    assert_eq!(bot["bot"], true);
}

#[tokio::test]
async fn the_unversioned_route_and_redirect_uri_are_taken_too() {
    let fake = FakeDiscord::start().await.expect("fake");
    let code = fake.oauth_code(&FakeUser::new(14, "dora"));
    let body = exchange_body(&fake, CLIENT_SECRET, &code) + "&redirect_uri=https%3A%2F%2Fx.test";
    let (status, _) = send(&fake, "POST", "/api/oauth2/token", &[FORM], &body).await;
    assert_eq!(status, 200);
    let calls = fake.oauth_calls();
    assert_eq!(calls.len(), 1);
    assert!(calls[0].redirect_uri);
}

#[tokio::test]
async fn oauth_requests_are_kept_apart_from_the_bots() {
    let fake = FakeDiscord::start().await.expect("fake");
    let code = fake.oauth_code(&FakeUser::new(15, "emil"));
    let (_, token) = exchange(&fake, CLIENT_SECRET, &code).await;
    let access = token["access_token"].as_str().expect("a token").to_string();
    me(&fake, &format!("Bearer {access}")).await;
    me(&fake, "Bearer nope").await;
    assert!(fake.requests().is_empty(), "{:?}", fake.requests());
    let calls: Vec<(OAuthEndpoint, u16)> = fake
        .oauth_calls()
        .iter()
        .map(|c| (c.endpoint, c.status))
        .collect();
    assert_eq!(
        calls,
        [
            (OAuthEndpoint::Token, 200),
            (OAuthEndpoint::Me, 200),
            (OAuthEndpoint::Me, 401)
        ]
    );
}

#[tokio::test]
async fn discord_down_answers_bad_gateway_until_it_is_back() {
    let fake = FakeDiscord::start().await.expect("fake");
    let code = fake.oauth_code(&FakeUser::new(16, "finn"));
    fake.set_oauth_down(true);
    let (status, _) = exchange(&fake, CLIENT_SECRET, &code).await;
    assert_eq!(status, 502);
    fake.set_oauth_down(false);
    let (status, _) = exchange(&fake, CLIENT_SECRET, &code).await;
    assert_eq!(status, 200);
}
