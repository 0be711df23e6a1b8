//! Rate limits over HTTP: buckets, headers, 429s, the global limit.

use super::*;

#[tokio::test]
async fn the_sixth_message_write_in_five_seconds_gets_discords_429() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let channel = fake.channel_id();
    let path = format!("/channels/{channel}/messages");
    let mut reset_after = Vec::new();
    for i in 0..5 {
        let r = call(
            &fake,
            "POST",
            &path,
            Some(json!({"content": format!("m{i}")})),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.header("x-ratelimit-limit"), Some("5"));
        let remaining = (4 - i).to_string();
        assert_eq!(r.header("x-ratelimit-remaining"), Some(remaining.as_str()));
        let after: f64 = r
            .header("x-ratelimit-reset-after")
            .context("reset-after")?
            .parse()?;
        assert!(after > 0.0 && after <= 5.0, "{after}");
        reset_after.push(after);
        let reset: f64 = r.header("x-ratelimit-reset").context("reset")?.parse()?;
        assert!(reset > 1.6e9, "unix seconds: {reset}");
        assert!(r.header("x-ratelimit-bucket").is_some());
    }
    assert!(
        reset_after.windows(2).all(|w| w[1] <= w[0]),
        "{reset_after:?}"
    );
    let r = call(&fake, "POST", &path, Some(json!({"content": "sixth"}))).await;
    assert_eq!(r.status, 429);
    let retry: f64 = r.header("retry-after").context("Retry-After")?.parse()?;
    assert!(retry > 0.0 && retry <= 5.0, "{retry}");
    assert_eq!(r.header("x-ratelimit-scope"), Some("user"));
    assert_eq!(r.header("x-ratelimit-remaining"), Some("0"));
    assert_eq!(r.header("x-ratelimit-global"), None);
    let body = r.json();
    assert_eq!(body["message"], "You are being rate limited.");
    assert_eq!(body["global"], false);
    assert!(
        body["retry_after"]
            .as_f64()
            .is_some_and(|s| s > 0.0 && s <= 5.0)
    );
    // Nothing happened; the refusal is recorded.
    assert_eq!(fake.messages().len(), 5);
    let limited = fake.rate_limited();
    assert_eq!(limited.len(), 1);
    assert_eq!(limited[0].status, 429);
    assert_eq!(limited[0].call, Call::Other);
    assert!(!limited[0].global_rate_limited);
    let bucket = format!("POST /channels/{channel}/messages");
    assert_eq!(limited[0].bucket.as_deref(), Some(bucket.as_str()));
    assert_eq!(
        fake.max_message_writes_in_window(channel, Duration::from_secs(5)),
        5
    );
    // Editing is another bucket: it still has all five.
    let first = fake.messages()[0].id;
    let r = call(
        &fake,
        "PATCH",
        &format!("{path}/{first}"),
        Some(json!({"content": "edited"})),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("x-ratelimit-remaining"), Some("4"));
    assert_eq!(fake.max_edits_in_window(channel, Duration::from_secs(5)), 1);
    Ok(())
}

#[tokio::test]
async fn the_global_limit_spares_interaction_callbacks() -> anyhow::Result<()> {
    // Discord's 50 a window, with windows long enough for a slow test machine.
    let fake = FakeDiscord::start_with(DiscordOptions {
        limits: DiscordLimits {
            other: Rate::new(1000, Duration::from_secs(60)),
            global: Rate::new(50, Duration::from_secs(60)),
            ..DiscordLimits::default()
        },
        ..DiscordOptions::default()
    })
    .await?;
    for _ in 0..50 {
        assert_eq!(call(&fake, "GET", "/gateway", None).await.status, 200);
    }
    let r = call(&fake, "GET", "/gateway", None).await;
    assert_eq!(r.status, 429);
    assert_eq!(r.header("x-ratelimit-global"), Some("true"));
    assert!(
        r.header("retry-after")
            .is_some_and(|s| s.parse::<f64>().is_ok())
    );
    assert_eq!(r.json()["global"], true);
    assert_eq!(r.json()["message"], "You are being rate limited.");
    assert!(fake.rate_limited()[0].global_rate_limited);
    // A callback still gets through (an unknown interaction here), without headers.
    let r = call(
        &fake,
        "POST",
        "/interactions/1/token/callback",
        Some(json!({"type": 4, "data": {"content": "x"}})),
    )
    .await;
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["code"], 10062);
    assert_eq!(r.header("x-ratelimit-limit"), None);
    Ok(())
}

#[tokio::test]
async fn interaction_webhooks_take_five_per_two_seconds_per_token() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    let sent = fake.slash(&anna, &Slash::new("schocken"))?;
    let other = fake.slash(&anna, &Slash::new("schocken"))?;
    for s in [&sent, &other] {
        let r = call(
            &fake,
            "POST",
            &callback_path(s),
            Some(json!({"type": 4, "data": {"content": "a"}})),
        )
        .await;
        assert_eq!(r.status, 204);
        assert_eq!(
            r.header("x-ratelimit-limit"),
            None,
            "callbacks carry no headers"
        );
    }
    let hook = webhook_path(&fake, &sent);
    for i in 0..5 {
        let r = call(
            &fake,
            "POST",
            &hook,
            Some(json!({"content": format!("f{i}")})),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.header("x-ratelimit-limit"), Some("5"));
    }
    let r = call(&fake, "POST", &hook, Some(json!({"content": "f5"}))).await;
    assert_eq!(r.status, 429);
    let retry: f64 = r.header("retry-after").context("Retry-After")?.parse()?;
    assert!(retry > 0.0 && retry <= 2.0, "{retry}");
    let r = call(
        &fake,
        "POST",
        &webhook_path(&fake, &other),
        Some(json!({"content": "x"})),
    )
    .await;
    assert_eq!(r.status, 200, "another token, another bucket");
    Ok(())
}
