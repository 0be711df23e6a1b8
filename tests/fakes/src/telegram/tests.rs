//! Tests of the fake Telegram over HTTP: flood limits, forum topics and uploads.

use super::*;
use crate::http_client::{Reply, request};
use std::time::Duration;

async fn post(fake: &FakeTelegram, method: &str, params: Value) -> anyhow::Result<Reply> {
    let path = format!("/bot{}/{method}", fake.token());
    request(fake.addr, "POST", &path, Some(&params)).await
}

async fn send(fake: &FakeTelegram, chat: i64, text: &str) -> anyhow::Result<Reply> {
    post(fake, "sendMessage", json!({"chat_id": chat, "text": text})).await
}

/// Telegram's limits, but without the per-chat bucket (to reach the group limit at once).
fn group_limits_only() -> FakeOptions {
    FakeOptions {
        limits: TelegramLimits {
            chat_burst: 1000.0,
            overall_burst: 1000.0,
            ..TelegramLimits::default()
        },
        ..FakeOptions::default()
    }
}

#[tokio::test]
async fn a_fourth_quick_write_to_a_chat_gets_telegrams_429() -> anyhow::Result<()> {
    let fake = FakeTelegram::start().await?;
    let anna = TgUser::new(1, "Anna");
    fake.start_private(&anna, None);
    for i in 0..3 {
        let r = send(&fake, 1, &format!("m{i}")).await?;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let before = fake.bot_messages(1).len();
    let r = send(&fake, 1, "too fast").await?;
    assert_eq!(r.status, 429);
    assert_eq!(
        r.json(),
        json!({
            "ok": false,
            "error_code": 429,
            "description": "Too Many Requests: retry after 1",
            "parameters": {"retry_after": 1},
        })
    );
    assert_eq!(
        fake.bot_messages(1).len(),
        before,
        "a rejected write changes nothing"
    );
    let limited = fake.rate_limited();
    assert_eq!(limited.len(), 1);
    assert_eq!(limited[0].status, 429);
    assert_eq!(limited[0].retry_after(), Some(1));
    assert_eq!(limited[0].text(), Some("too fast"));
    // Edits of that chat are held back too; reads and button answers are not.
    let first = fake.bot_messages(1)[0].message_id;
    let r = post(
        &fake,
        "editMessageText",
        json!({"chat_id": 1, "message_id": first, "text": "edited"}),
    )
    .await?;
    assert_eq!(r.status, 429);
    for (method, params) in [
        ("getMe", json!({})),
        ("answerCallbackQuery", json!({"callback_query_id": "x"})),
        ("getChat", json!({"chat_id": 1})),
        ("deleteMessage", json!({"chat_id": 1, "message_id": first})),
    ] {
        let r = post(&fake, method, params).await?;
        assert_eq!(r.status, 200, "{method}: {}", r.body);
    }
    // A second later the bucket holds one write again.
    tokio::time::sleep(Duration::from_millis(1050)).await;
    assert_eq!(send(&fake, 1, "later").await?.status, 200);
    assert_eq!(send(&fake, 1, "again").await?.status, 429);
    Ok(())
}

#[tokio::test]
async fn a_group_takes_twenty_writes_a_minute_edits_included() -> anyhow::Result<()> {
    let fake = FakeTelegram::start_with(group_limits_only()).await?;
    let group = -100;
    let first = send(&fake, group, "table").await?;
    assert_eq!(first.status, 200);
    let id = first.json()["result"]["message_id"]
        .as_i64()
        .unwrap_or_default();
    for i in 1..20 {
        let r = post(
            &fake,
            "editMessageText",
            json!({"chat_id": group, "message_id": id, "text": format!("round {i}")}),
        )
        .await?;
        assert_eq!(r.status, 200, "edit {i}: {}", r.body);
    }
    let r = send(&fake, group, "21st").await?;
    assert_eq!(r.status, 429);
    let retry = r.json()["parameters"]["retry_after"]
        .as_u64()
        .unwrap_or_default();
    assert!((59..=60).contains(&retry), "{}", r.body);
    assert_eq!(
        r.json()["description"],
        format!("Too Many Requests: retry after {retry}")
    );
    // Another group and a private chat are not affected; button answers are free.
    assert_eq!(send(&fake, -200, "elsewhere").await?.status, 200);
    let r = post(
        &fake,
        "answerCallbackQuery",
        json!({"callback_query_id": "q"}),
    )
    .await?;
    assert_eq!(r.status, 200);
    assert_eq!(fake.max_writes_per_minute(group), 20);
    assert_eq!(fake.accepted_writes(group).len(), 20);
    assert_eq!(fake.rate_limited().len(), 1);
    assert_eq!(fake.bot_messages(group).len(), 1);
    Ok(())
}

#[tokio::test]
async fn thirty_writes_at_once_across_chats() -> anyhow::Result<()> {
    // Telegram's burst of 30, refilled slowly so that a slow test machine cannot refill it
    // (the exact rate is tested on the limiter itself).
    let fake = FakeTelegram::start_with(FakeOptions {
        limits: TelegramLimits {
            overall_per_second: 0.01,
            ..TelegramLimits::default()
        },
        ..FakeOptions::default()
    })
    .await?;
    let mut statuses = Vec::new();
    for chat in 1..=31 {
        statuses.push(send(&fake, -chat, "hi").await?.status);
    }
    assert!(statuses[..30].iter().all(|s| *s == 200), "{statuses:?}");
    assert_eq!(statuses[30], 429);
    Ok(())
}

#[tokio::test]
async fn injected_rate_limit_faults_still_work() -> anyhow::Result<()> {
    let fake = FakeTelegram::start().await?;
    fake.fail_next("sendMessage", 1, Fault::RateLimited { retry_after: 7 });
    let r = send(&fake, -1, "x").await?;
    assert_eq!(r.status, 429);
    assert_eq!(r.json()["parameters"]["retry_after"], 7);
    assert_eq!(r.json()["description"], "Too Many Requests: retry after 7");
    assert_eq!(send(&fake, -1, "y").await?.status, 200);
    assert_eq!(fake.rate_limited().len(), 1);
    Ok(())
}

#[tokio::test]
async fn forum_topics_carry_thread_fields() -> anyhow::Result<()> {
    // More than three writes to one chat at once: no per-chat bucket here.
    let fake = FakeTelegram::start_with(group_limits_only()).await?;
    let forum = TgChat::forum(-1005, "Kneipe");
    assert_eq!(forum.json()["is_forum"], true);
    let anna = TgUser::new(1, "Anna");
    let topic = fake.create_topic(&forum, "Schocken");
    assert_eq!(fake.topics(forum.id), vec![(topic, "Schocken".to_string())]);
    let created = fake.message(forum.id, topic).expect("service message");
    assert_eq!(created.thread, Some(topic));
    let update = &fake.inner.lock().updates.back().cloned().expect("update").1;
    assert_eq!(update["message"]["forum_topic_created"]["name"], "Schocken");
    assert_eq!(update["message"]["message_thread_id"], topic);
    assert_eq!(update["message"]["chat"]["is_forum"], true);

    // A command in the topic, and one in General.
    let in_topic = fake.command_in(&forum, Some(topic), &anna, "/new");
    let in_general = fake.command(&forum, &anna, "/new");
    let updates: Vec<Value> = fake
        .inner
        .lock()
        .updates
        .iter()
        .map(|(_, u)| u.clone())
        .collect();
    let find = |id: i64| {
        updates
            .iter()
            .find(|u| u["update_id"] == id)
            .cloned()
            .unwrap_or_default()
    };
    let t = find(in_topic.update_id);
    assert_eq!(t["message"]["message_thread_id"], topic);
    assert_eq!(t["message"]["is_topic_message"], true);
    assert_eq!(t["message"]["reply_to_message"]["message_id"], topic);
    assert!(t["message"]["reply_to_message"]["forum_topic_created"].is_object());
    assert_eq!(t["message"]["entities"][0]["type"], "bot_command");
    let g = find(in_general.update_id);
    assert!(g["message"].get("message_thread_id").is_none(), "{g}");
    assert!(g["message"].get("is_topic_message").is_none(), "{g}");
    assert!(g["message"].get("reply_to_message").is_none(), "{g}");

    // The bot answers into the topic, and into General.
    let r = post(
        &fake,
        "sendMessage",
        json!({
            "chat_id": forum.id,
            "message_thread_id": topic,
            "text": "table",
            "reply_markup": {"inline_keyboard": [[{"text": "Würfeln", "callback_data": "roll"}]]},
        }),
    )
    .await?;
    assert_eq!(r.status, 200, "{}", r.body);
    let sent = r.json()["result"].clone();
    assert_eq!(sent["message_thread_id"], topic);
    assert_eq!(sent["is_topic_message"], true);
    let table = sent["message_id"].as_i64().unwrap_or_default();
    let r = send(&fake, forum.id, "general").await?;
    assert_eq!(r.status, 200);
    assert!(r.json()["result"].get("message_thread_id").is_none());
    let general = r.json()["result"]["message_id"]
        .as_i64()
        .unwrap_or_default();

    // An unknown topic.
    let r = post(
        &fake,
        "sendMessage",
        json!({"chat_id": forum.id, "message_thread_id": 999, "text": "x"}),
    )
    .await?;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.json()["description"],
        "Bad Request: message thread not found"
    );

    // A reply to a message in the topic lands in the topic.
    let r = post(
        &fake,
        "sendMessage",
        json!({"chat_id": forum.id, "text": "reply", "reply_parameters": {"message_id": in_topic.message_id}}),
    )
    .await?;
    assert_eq!(r.json()["result"]["message_thread_id"], topic, "{}", r.body);

    // Edits keep the topic.
    let r = post(
        &fake,
        "editMessageText",
        json!({"chat_id": forum.id, "message_id": table, "text": "round 2",
               "reply_markup": {"inline_keyboard": [[{"text": "Würfeln", "callback_data": "roll"}]]}}),
    )
    .await?;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"]["message_thread_id"], topic);
    assert_eq!(
        fake.message(forum.id, table).and_then(|m| m.thread),
        Some(topic)
    );

    // A press on the table in the topic.
    let pressed = fake.press(&forum, &anna, table, "roll");
    let update = fake
        .inner
        .lock()
        .updates
        .iter()
        .find(|(id, _)| *id == pressed.update_id)
        .map(|(_, u)| u.clone())
        .unwrap_or_default();
    let message = &update["callback_query"]["message"];
    assert_eq!(message["message_thread_id"], topic);
    assert_eq!(message["is_topic_message"], true);
    assert_eq!(message["text"], "round 2");

    let ids = |ms: Vec<StoredMessage>| ms.iter().map(|m| m.message_id).collect::<Vec<_>>();
    assert_eq!(ids(fake.bot_messages_in(forum.id, None)), vec![general]);
    let in_topic_ids = ids(fake.bot_messages_in(forum.id, Some(topic)));
    assert_eq!(in_topic_ids.len(), 2);
    assert_eq!(in_topic_ids[0], table);
    Ok(())
}

#[tokio::test]
async fn topics_share_their_chats_group_limit() -> anyhow::Result<()> {
    let fake = FakeTelegram::start_with(FakeOptions {
        limits: TelegramLimits {
            group_writes: 3,
            ..group_limits_only().limits
        },
        ..FakeOptions::default()
    })
    .await?;
    let forum = TgChat::forum(-1007, "Kneipe");
    let a = fake.create_topic(&forum, "A");
    let b = fake.create_topic(&forum, "B");
    for thread in [Some(a), Some(b), None] {
        let mut params = json!({"chat_id": forum.id, "text": "x"});
        if let Some(t) = thread {
            params["message_thread_id"] = json!(t);
        }
        assert_eq!(post(&fake, "sendMessage", params).await?.status, 200);
    }
    let r = post(
        &fake,
        "sendMessage",
        json!({"chat_id": forum.id, "message_thread_id": a, "text": "4th"}),
    )
    .await?;
    assert_eq!(r.status, 429);
    Ok(())
}

#[tokio::test]
async fn the_topic_creation_message_cannot_be_deleted() -> anyhow::Result<()> {
    let fake = FakeTelegram::start().await?;
    let forum = TgChat::forum(-1009, "Kneipe");
    let topic = fake.create_topic(&forum, "A");
    let r = post(
        &fake,
        "deleteMessage",
        json!({"chat_id": forum.id, "message_id": topic}),
    )
    .await?;
    assert_eq!(r.status, 400);
    assert!(fake.message(forum.id, topic).is_some());
    Ok(())
}

/// A multipart upload (as teloxide sends sendDocument and sendPhoto): text fields, then one
/// file in `field`.
async fn upload(
    fake: &FakeTelegram,
    method: &str,
    fields: &[(&str, &str)],
    file: (&str, &str, &[u8]),
) -> anyhow::Result<(u16, Value)> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    const BOUNDARY: &str = "fakeboundary7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    let (field, file_name, bytes) = file;
    body.extend_from_slice(
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; \
             filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    let head = format!(
        "POST /bot{}/{method} HTTP/1.1\r\nHost: {}\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        fake.token(),
        fake.addr,
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(fake.addr).await?;
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(&body).await?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| anyhow::anyhow!("no header end"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no status"))?;
    Ok((status, serde_json::from_str(rest)?))
}

/// A PNG header of `width` × `height` (the fake reads no further).
fn png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = PNG_SIGNATURE.to_vec();
    bytes.extend_from_slice(&13u32.to_be_bytes());
    bytes.extend_from_slice(b"IHDR");
    bytes.extend_from_slice(&width.to_be_bytes());
    bytes.extend_from_slice(&height.to_be_bytes());
    bytes.extend_from_slice(&[8, 2, 0, 0, 0, 0, 0, 0, 0]);
    bytes
}

#[tokio::test]
async fn photos_and_documents_are_uploads_with_a_caption() -> anyhow::Result<()> {
    let fake = FakeTelegram::start_with(group_limits_only()).await?;
    let chart = png(640, 360);
    let (status, answer) = upload(
        &fake,
        "sendPhoto",
        &[("chat_id", "-1009"), ("caption", "🎲 Würfelstatistik")],
        ("photo", "wuerfelstatistik.png", &chart),
    )
    .await?;
    assert_eq!(status, 200, "{answer}");
    let message = &answer["result"];
    assert_eq!(message["caption"], "🎲 Würfelstatistik");
    assert!(message.get("text").is_none());
    assert_eq!(message["photo"][0]["width"], 640);
    assert_eq!(message["photo"][0]["height"], 360);
    let id = message["message_id"].as_i64().expect("id");
    let stored = fake.message(-1009, id).expect("stored");
    assert_eq!(stored.photo.map(|p| p.content), Some(chart.clone()));
    let recorded = fake
        .requests()
        .into_iter()
        .find(|r| r.is("sendPhoto"))
        .expect("recorded");
    let photo = recorded.photo().expect("the photo");
    assert_eq!(photo.file_name.as_deref(), Some("wuerfelstatistik.png"));
    assert_eq!(photo.content, chart);
    assert_eq!(recorded.text(), Some("🎲 Würfelstatistik"));
    assert!(recorded.is_write());

    // Telegram refuses what is no picture, and captions over 1024 characters.
    let (status, answer) = upload(
        &fake,
        "sendPhoto",
        &[("chat_id", "-1009")],
        ("photo", "x.png", b"not a picture"),
    )
    .await?;
    assert_eq!(status, 400);
    assert_eq!(answer["description"], "Bad Request: IMAGE_PROCESS_FAILED");
    let long = "x".repeat(MAX_CAPTION + 1);
    let (status, answer) = upload(
        &fake,
        "sendDocument",
        &[("chat_id", "-1009"), ("caption", &long)],
        ("document", "a.json", b"{}"),
    )
    .await?;
    assert_eq!(status, 400);
    assert_eq!(
        answer["description"],
        "Bad Request: message caption is too long"
    );
    // teloxide names the file's field in the parameter: `document=attach://<field>`.
    let (status, answer) = upload(
        &fake,
        "sendDocument",
        &[
            ("chat_id", "-1009"),
            ("caption", "Spiel 4"),
            ("document", "attach://f00d"),
        ],
        ("f00d", "schocken-spiel-4.json", b"{}"),
    )
    .await?;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["result"]["document"]["file_name"],
        "schocken-spiel-4.json"
    );
    assert_eq!(answer["result"]["caption"], "Spiel 4");
    let recorded = fake.requests().pop().expect("recorded");
    assert_eq!(
        recorded.document().map(|d| d.content.as_slice()),
        Some(&b"{}"[..])
    );
    assert_eq!(png_size(&png(3, 2)), Some((3, 2)));
    Ok(())
}
