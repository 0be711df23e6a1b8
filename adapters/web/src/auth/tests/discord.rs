//! Discord's OAuth against the fake Discord: a code once, the client secret, the token's
//! user, the cache, Discord down, and what never leaves.

use super::*;
use schocken_fakes::discord::{CLIENT_SECRET, FakeDiscord, FakeUser, OAuthEndpoint};
use std::time::Duration;

async fn fake() -> FakeDiscord {
    FakeDiscord::start().await.expect("the fake Discord starts")
}

fn oauth(fake: &FakeDiscord, secret: &str) -> DiscordOAuth {
    DiscordOAuth::new(fake.client_id(), secret)
        .expect("an HTTP client")
        .with_api_base(format!("{}/api/v10/", fake.api_url()))
}

fn anna() -> FakeUser {
    FakeUser::new(1_300_000_000_000_000_011, "anna")
        .global_name("Anna")
        .locale("en-US")
}

fn lookups(fake: &FakeDiscord) -> usize {
    fake.oauth_calls()
        .iter()
        .filter(|c| c.endpoint == OAuthEndpoint::Me)
        .count()
}

#[tokio::test]
async fn a_code_becomes_a_token_that_names_the_user() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET);
    let token = discord
        .exchange(&fake.oauth_code(&anna()))
        .await
        .expect("the code is exchanged");
    assert_eq!(token.token_type, "Bearer");
    assert_eq!(token.scope, "identify");
    assert!(token.expires_in > 0);
    let user = discord
        .user(&token.access_token)
        .await
        .expect("the token names its user");
    assert_eq!(
        user,
        DiscordUser {
            id: 1_300_000_000_000_000_011,
            username: "anna".into(),
            global_name: Some("Anna".into()),
            locale: Some("en-US".into()),
        }
    );
    let who = Identity::Discord(user);
    assert_eq!(who.user_id().as_str(), "discord:1300000000000000011");
    assert_eq!((who.name().as_str(), who.lang()), ("Anna", Lang::En));
    // The Activity flow sends no redirect_uri.
    assert!(fake.oauth_calls().iter().all(|c| !c.redirect_uri));
}

#[tokio::test]
async fn a_code_used_twice_is_refused() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET);
    let code = fake.oauth_code(&anna());
    discord.exchange(&code).await.expect("first use");
    let again = discord.exchange(&code).await;
    assert_eq!(
        again,
        Err(AuthError::Refused(
            "code exchange: 400 invalid_grant".into()
        ))
    );
}

#[tokio::test]
async fn a_wrong_client_secret_is_refused() {
    let fake = fake().await;
    let discord = oauth(&fake, "not-our-secret");
    let refused = discord.exchange(&fake.oauth_code(&anna())).await;
    assert_eq!(
        refused,
        Err(AuthError::Refused(
            "code exchange: 401 invalid_client".into()
        ))
    );
}

#[tokio::test]
async fn an_unknown_token_is_refused_and_not_remembered() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET);
    for _ in 0..2 {
        let refused = discord.user("fake-access-never-issued").await;
        assert_eq!(refused, Err(AuthError::Refused("user lookup: 401".into())));
    }
    assert_eq!(lookups(&fake), 2);
    assert_eq!(discord.cached_users(), 0);
}

#[tokio::test]
async fn a_known_token_is_asked_of_discord_once() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET);
    let token = discord
        .exchange(&fake.oauth_code(&anna()))
        .await
        .expect("token");
    let first = discord.user(&token.access_token).await.expect("user");
    let again = discord.user(&token.access_token).await.expect("user again");
    assert_eq!(first, again);
    assert_eq!(lookups(&fake), 1);
    assert_eq!(discord.cached_users(), 1);
}

#[tokio::test]
async fn without_a_cache_every_lookup_asks_discord() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET).with_cache(Duration::ZERO, 100);
    let token = discord
        .exchange(&fake.oauth_code(&anna()))
        .await
        .expect("token");
    for _ in 0..3 {
        discord.user(&token.access_token).await.expect("user");
    }
    assert_eq!(lookups(&fake), 3);
    assert_eq!(discord.cached_users(), 0);
}

#[tokio::test]
async fn the_cache_keeps_at_most_its_capacity_dropping_the_oldest() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET).with_cache(Duration::from_secs(60), 2);
    let mut tokens = Vec::new();
    for (id, name) in [(1, "a"), (2, "b"), (3, "c")] {
        let code = fake.oauth_code(&FakeUser::new(id, name));
        let token = discord.exchange(&code).await.expect("token").access_token;
        discord.user(&token).await.expect("user");
        tokens.push(token);
    }
    assert_eq!(discord.cached_users(), 2);
    assert_eq!(lookups(&fake), 3);
    // The newest two are remembered; the oldest is asked again.
    discord.user(&tokens[2]).await.expect("c");
    discord.user(&tokens[1]).await.expect("b");
    assert_eq!(lookups(&fake), 3);
    discord.user(&tokens[0]).await.expect("a");
    assert_eq!(lookups(&fake), 4);
}

#[tokio::test]
async fn discord_down_or_unreachable_is_unavailable() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET);
    let code = fake.oauth_code(&anna());
    fake.set_oauth_down(true);
    let down = discord.exchange(&code).await;
    assert_eq!(
        down,
        Err(AuthError::Unavailable("code exchange: 502".into()))
    );
    assert!(
        discord
            .user("some-token")
            .await
            .is_err_and(|e| e.is_unavailable())
    );
    fake.set_oauth_down(false);
    assert!(discord.exchange(&code).await.is_ok());

    // Nobody listens here: the port of a listener just closed.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        listener.local_addr().expect("its address")
    };
    let nowhere = oauth(&fake, CLIENT_SECRET).with_api_base(format!("http://{closed}/api/v10"));
    let unreachable = nowhere.exchange("some-code").await;
    assert!(
        unreachable.as_ref().is_err_and(AuthError::is_unavailable),
        "{unreachable:?}"
    );
}

#[tokio::test]
async fn implausible_codes_and_tokens_never_reach_discord() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET);
    let long = "x".repeat(513);
    for odd in ["", "a b", "line\nbreak", "ümlaut", long.as_str()] {
        assert!(matches!(
            discord.exchange(odd).await,
            Err(AuthError::Malformed(_))
        ));
        assert!(matches!(
            discord.user(odd).await,
            Err(AuthError::Malformed(_))
        ));
    }
    assert!(fake.oauth_calls().is_empty());
}

#[tokio::test]
async fn debug_output_shows_no_secret_and_no_token() {
    let fake = fake().await;
    let discord = oauth(&fake, CLIENT_SECRET);
    let token = discord
        .exchange(&fake.oauth_code(&anna()))
        .await
        .expect("token");
    let shown = format!("{discord:?} {token:?}");
    assert!(shown.contains(&fake.client_id()), "{shown}");
    assert!(!shown.contains(CLIENT_SECRET), "{shown}");
    assert!(!shown.contains(&token.access_token), "{shown}");
    let refresh = token.refresh_token.as_deref().expect("a refresh token");
    assert!(!shown.contains(refresh), "{shown}");
}
