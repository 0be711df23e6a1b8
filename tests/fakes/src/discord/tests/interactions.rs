//! Interactions as Discord answers them: deferrals and follow-ups, one response within 3 s,
//! message updates, ephemeral messages.

use super::*;

#[tokio::test]
async fn a_deferrals_first_follow_up_completes_it_keeping_its_visibility() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    let sent = fake.slash(&anna, &Slash::new("schocken").subcommand("new"))?;
    let r = call(
        &fake,
        "POST",
        &callback_path(&sent),
        Some(json!({"type": 5, "data": {"flags": 64}})),
    )
    .await;
    assert_eq!(r.status, 204);
    let thinking = fake.ephemeral_messages(anna.id);
    assert_eq!(thinking.len(), 1);
    assert!(thinking[0].thinking);
    assert_eq!(thinking[0].flags, EPHEMERAL | LOADING);
    let original = thinking[0].id;
    // The first follow-up asks to be public: it completes the ephemeral placeholder.
    let hook = webhook_path(&fake, &sent);
    let r = call(
        &fake,
        "POST",
        &hook,
        Some(json!({"content": "Tisch offen", "flags": 0})),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(message_id(&r), original);
    assert_eq!(r.json()["flags"], EPHEMERAL);
    let m = fake.message(original).context("original")?;
    assert!(!m.thinking && m.ephemeral() && m.content == "Tisch offen");
    assert_eq!((m.edits, m.updates), (1, 0));
    let answer = fake.answer(&sent, Duration::from_secs(1)).await?;
    assert!(answer.deferred && answer.ephemeral);
    assert_eq!(answer.message_id, Some(original));
    assert_eq!(answer.content, "Tisch offen");
    // Later follow-ups are messages of their own, with their own flags.
    let r = call(&fake, "POST", &hook, Some(json!({"content": "public"}))).await;
    assert_ne!(message_id(&r), original);
    assert_eq!(r.json()["flags"], 0);
    let r = call(
        &fake,
        "POST",
        &hook,
        Some(json!({"content": "private", "flags": 64})),
    )
    .await;
    let private = message_id(&r);
    let shown: Vec<u64> = fake
        .ephemeral_messages(anna.id)
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(shown, vec![original, private]);
    // Editing the original changes it in place; its flags cannot change.
    let r = call(
        &fake,
        "PATCH",
        &format!("{hook}/messages/@original"),
        Some(json!({"content": "edited", "flags": 0})),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["flags"], EPHEMERAL);
    assert_eq!(fake.message(original).map(|m| m.updates), Some(1));
    Ok(())
}

#[tokio::test]
async fn edit_or_delete_of_a_deferrals_original() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    // A public deferral completed by PATCH @original.
    let sent = fake.slash(&anna, &Slash::new("schocken"))?;
    call(
        &fake,
        "POST",
        &callback_path(&sent),
        Some(json!({"type": 5})),
    )
    .await;
    let hook = webhook_path(&fake, &sent);
    let r = call(
        &fake,
        "PATCH",
        &format!("{hook}/messages/@original"),
        Some(json!({"content": "done", "flags": 64})),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["flags"], 0, "a public deferral stays public");
    let original = message_id(&r);
    let m = fake.message(original).context("original")?;
    assert!(!m.thinking && !m.ephemeral());
    // The follow-up after that is a new message.
    let r = call(
        &fake,
        "POST",
        &hook,
        Some(json!({"content": "more", "flags": 64})),
    )
    .await;
    assert_ne!(message_id(&r), original);
    assert_eq!(r.json()["flags"], EPHEMERAL);

    // An ephemeral deferral deleted: the next follow-up is a new message with its own flags.
    let sent = fake.slash(&anna, &Slash::new("schocken"))?;
    call(
        &fake,
        "POST",
        &callback_path(&sent),
        Some(json!({"type": 5, "data": {"flags": 64}})),
    )
    .await;
    let hook = webhook_path(&fake, &sent);
    let r = call(&fake, "DELETE", &format!("{hook}/messages/@original"), None).await;
    assert_eq!(r.status, 204);
    let r = call(&fake, "POST", &hook, Some(json!({"content": "public"}))).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["flags"], 0);
    assert_eq!(
        fake.requests().last().map(|r| r.is_public_message()),
        Some(true)
    );
    Ok(())
}

#[tokio::test]
async fn one_first_response_within_three_seconds() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    let sent = fake.slash(&anna, &Slash::new("schocken"))?;
    let answer = json!({"type": 4, "data": {"content": "hi"}});
    assert_eq!(
        call(&fake, "POST", &callback_path(&sent), Some(answer.clone()))
            .await
            .status,
        204
    );
    let r = call(&fake, "POST", &callback_path(&sent), Some(answer.clone())).await;
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["code"], 40060);
    assert_eq!(
        r.json()["message"],
        "Interaction has already been acknowledged."
    );
    assert_eq!(fake.callback_attempts(sent.id).len(), 2);

    // Too late: Discord has forgotten the interaction.
    let late = fake.slash(&anna, &Slash::new("schocken"))?;
    if let Some(i) = fake.inner.lock().interactions.get_mut(&late.token) {
        i.injected = i
            .injected
            .checked_sub(Duration::from_millis(3100))
            .unwrap_or(i.injected);
    }
    let r = call(&fake, "POST", &callback_path(&late), Some(answer)).await;
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["code"], 10062);
    assert_eq!(r.json()["message"], "Unknown interaction");
    assert_eq!(fake.late_answers(), vec![late.id]);
    Ok(())
}

#[tokio::test]
async fn message_updates_are_for_components_only() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    for kind in [6, 7] {
        let sent = fake.slash(&anna, &Slash::new("schocken"))?;
        let r = call(
            &fake,
            "POST",
            &callback_path(&sent),
            Some(json!({"type": kind, "data": {"content": "x"}})),
        )
        .await;
        assert_eq!(r.status, 400, "type {kind}");
        assert_eq!(r.json()["code"], 50035);
    }
    // A click answered with 6 changes nothing.
    let table = call(
        &fake,
        "POST",
        &format!("/channels/{}/messages", fake.channel_id()),
        Some(json!({"content": "table", "components": buttons("join")})),
    )
    .await;
    let table = message_id(&table);
    let click = fake.click(&anna, table, "join")?;
    let r = call(
        &fake,
        "POST",
        &callback_path(&click),
        Some(json!({"type": 6})),
    )
    .await;
    assert_eq!(r.status, 204);
    let m = fake.message(table).context("table")?;
    assert_eq!((m.content.as_str(), m.edits), ("table", 0));
    assert!(fake.answer(&click, Duration::from_secs(1)).await?.is_ack());
    Ok(())
}

#[tokio::test]
async fn a_click_inside_an_ephemeral_message_updates_it_in_place() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    let ben = FakeUser::new(2, "ben");
    let sent = fake.slash(&anna, &Slash::new("schocken").subcommand("cup"))?;
    let r = call(
        &fake,
        "POST",
        &callback_path(&sent),
        Some(json!({"type": 4, "data": {"content": "your cup", "flags": 64, "components": buttons("roll")}})),
    )
    .await;
    assert_eq!(r.status, 204);
    let cup = fake.ephemeral_messages(anna.id);
    assert_eq!(cup.len(), 1);
    let cup = cup[0].id;
    assert!(fake.ephemeral_messages(ben.id).is_empty());

    // Only Anna sees it, so only she can click it; her click carries the message, flag 64.
    assert!(fake.click(&ben, cup, "roll").is_err());
    let click = fake.click(&anna, cup, "roll")?;
    let payload = fake
        .inner
        .lock()
        .interactions
        .get(&click.token)
        .map(|i| i.payload.clone())
        .context("payload")?;
    assert_eq!(payload["type"], 3);
    assert_eq!(payload["message"]["id"], cup.to_string());
    assert_eq!(payload["message"]["flags"], EPHEMERAL);
    assert_eq!(payload["message"]["content"], "your cup");

    let r = call(
        &fake,
        "POST",
        &callback_path(&click),
        Some(json!({"type": 7, "data": {"content": "rolled", "components": buttons("keep")}})),
    )
    .await;
    assert_eq!(r.status, 204);
    let shown = fake.ephemeral_messages(anna.id);
    assert_eq!(shown.len(), 1, "no new message");
    assert_eq!(shown[0].content, "rolled");
    assert!(shown[0].ephemeral());
    assert_eq!(shown[0].updates, 1);
    assert_eq!(shown[0].custom_ids(), vec!["keep".to_string()]);
    let answer = fake.answer(&click, Duration::from_secs(1)).await?;
    assert_eq!((answer.kind, answer.ephemeral), (7, true));
    assert_eq!(answer.message_id, Some(cup));
    assert!(
        !fake
            .requests()
            .last()
            .is_some_and(|r| r.is_public_message())
    );
    Ok(())
}

/// The `message` of a click as the bot receives it.
fn clicked_message(fake: &FakeDiscord, click: &Injected) -> anyhow::Result<Value> {
    fake.inner
        .lock()
        .interactions
        .get(&click.token)
        .map(|i| i.payload["message"].clone())
        .context("payload")
}

#[tokio::test]
async fn a_click_carries_who_the_clicked_message_answered_even_when_replayed() -> anyhow::Result<()>
{
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    let ben = FakeUser::new(2, "ben");
    let sent = fake.slash(&anna, &Slash::new("schocken").subcommand("cup"))?;
    let r = call(
        &fake,
        "POST",
        &callback_path(&sent),
        Some(json!({"type": 4, "data": {"content": "your cup", "flags": 64, "components": buttons("look")}})),
    )
    .await;
    assert_eq!(r.status, 204);
    let cup = fake.ephemeral_messages(anna.id)[0].id;

    // A command's answer: its interaction, Anna, and the deprecated object with the name.
    let click = fake.click(&anna, cup, "look")?;
    let m = clicked_message(&fake, &click)?;
    let metadata = &m["interaction_metadata"];
    assert_eq!(metadata["id"], sent.id.to_string());
    assert_eq!(
        (metadata["type"].as_u64(), &metadata["user"]["id"]),
        (Some(2), &json!("1"))
    );
    assert!(metadata.get("interacted_message_id").is_none());
    assert_eq!(m["interaction"]["name"], "schocken cup");
    assert_eq!(m["interaction"]["user"]["username"], "anna");

    // A click's own new message: a component's metadata, naming the clicked message.
    let r = call(
        &fake,
        "POST",
        &callback_path(&click),
        Some(json!({"type": 4, "data": {"content": "dice", "flags": 64, "components": buttons("roll")}})),
    )
    .await;
    assert_eq!(r.status, 204);
    let view = fake.ephemeral_messages(anna.id)[1].id;
    let roll = fake.click(&anna, view, "roll")?;
    let metadata = clicked_message(&fake, &roll)?["interaction_metadata"].clone();
    assert_eq!(metadata["id"], click.id.to_string());
    assert_eq!(metadata["type"], 3);
    assert_eq!(metadata["user"]["id"], "1");
    assert_eq!(metadata["interacted_message_id"], cup.to_string());

    // Changed in place, it keeps its metadata; Ben may only replay a click on it, and his
    // click carries Anna's message as it stands.
    let r = call(
        &fake,
        "POST",
        &callback_path(&roll),
        Some(json!({"type": 7, "data": {"content": "rolled", "components": buttons("stand")}})),
    )
    .await;
    assert_eq!(r.status, 204);
    assert!(fake.click(&ben, view, "stand").is_err());
    let replayed = fake.replay_click(&ben, view, "stand")?;
    let m = clicked_message(&fake, &replayed)?;
    assert_eq!(m["interaction_metadata"], metadata);
    assert_eq!(
        (m["content"].as_str(), m["flags"].as_u64()),
        (Some("rolled"), Some(EPHEMERAL))
    );
    let payload = fake.inner.lock().interactions[&replayed.token]
        .payload
        .clone();
    assert_eq!(payload["member"]["user"]["id"], "2", "Ben clicked");

    // A follow-up names the original response.
    let r = call(
        &fake,
        "POST",
        &webhook_path(&fake, &click),
        Some(json!({"content": "more", "flags": 64})),
    )
    .await;
    assert_eq!(
        r.json()["interaction_metadata"]["original_response_message_id"],
        view.to_string()
    );
    // The table message answers no interaction: no metadata.
    let r = call(
        &fake,
        "POST",
        &format!("/channels/{}/messages", fake.channel_id()),
        Some(json!({"content": "table"})),
    )
    .await;
    assert!(r.json().get("interaction_metadata").is_none());
    Ok(())
}
