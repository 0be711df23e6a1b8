//! Answers with files, as serenity sends them: `multipart/form-data` with the message as
//! `payload_json` and each file as `files[n]`, on every route that answers an interaction
//! (the first response, the edit of a deferral's original, a follow-up).

use super::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const BOUNDARY: &str = "fake-discord-test-boundary";

/// A multipart request carrying `payload` and one file; the answer's status and JSON body.
async fn multipart(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    payload: &Value,
    file: (&str, &[u8]),
) -> anyhow::Result<(u16, Value)> {
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"files[0]\"; \
             filename=\"{}\"\r\nContent-Type: application/octet-stream\r\n\r\n",
            file.0
        )
        .as_bytes(),
    );
    body.extend_from_slice(file.1);
    body.extend_from_slice(
        format!(
            "\r\n--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n\
             {payload}\r\n--{BOUNDARY}--\r\n"
        )
        .as_bytes(),
    );
    let head = format!(
        "{method} /api/v10{path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bot test\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n",
        fake.api,
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(fake.api).await?;
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(&body).await?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .context("a status line")?;
    let json = text
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    Ok((status, json))
}

/// Bytes that are no text: the file must arrive as it was sent.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe";

#[test]
fn a_request_mentions_what_its_body_or_files_carry() {
    let mut r = Recorded {
        seq: 0,
        at: Instant::now(),
        method: "POST".into(),
        path: String::new(),
        query: String::new(),
        body: Some(json!({"embeds": [{"description": "seed: cafe"}]})),
        files: vec![RecordedFile {
            field: "files[0]".into(),
            filename: "x.bin".into(),
            bytes: PNG.to_vec(),
        }],
        status: 200,
        authorized: true,
        call: Call::Other,
        ephemeral: false,
        bucket: None,
        global_rate_limited: false,
    };
    assert!(r.mentions("cafe") && r.mentions("IHDR") && !r.mentions("beef"));
    assert!(PNG.starts_with(PNG_SIGNATURE));
    r.body = None;
    r.files.clear();
    assert!(!r.mentions("cafe"));
}

#[tokio::test]
async fn a_public_answer_with_a_file_keeps_name_and_bytes() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    let sent = fake.slash(&anna, &Slash::new("schocken").subcommand("fairness"))?;
    let payload = json!({"type": 4, "data": {"content": "Würfelstatistik", "attachments": [{"id": 0, "filename": "chart.png"}]}});
    let (status, _) = multipart(
        &fake,
        "POST",
        &callback_path(&sent),
        &payload,
        ("chart.png", PNG),
    )
    .await?;
    assert_eq!(status, 204);
    let answer = fake.answer(&sent, Duration::from_secs(1)).await?;
    assert!(!answer.ephemeral && !answer.deferred);
    assert_eq!(answer.content, "Würfelstatistik");
    assert_eq!(answer.files.len(), 1);
    assert_eq!(answer.files[0].field, "files[0]");
    assert_eq!(answer.files[0].filename, "chart.png");
    assert_eq!(answer.files[0].bytes, PNG);
    let m = fake
        .message(answer.message_id.context("the message")?)
        .context("kept")?;
    assert_eq!(m.attachments, answer.files);
    // Other requests see it as Discord shows it: an attachment with name and size.
    let r = call(
        &fake,
        "GET",
        &format!("{}/messages/@original", webhook_path(&fake, &sent)),
        None,
    )
    .await;
    assert_eq!(r.json()["attachments"][0]["filename"], "chart.png");
    assert_eq!(r.json()["attachments"][0]["size"], PNG.len());
    Ok(())
}

#[tokio::test]
async fn a_deferred_answer_gets_its_file_by_edit_or_follow_up() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = bot(&fake).await?;
    let anna = FakeUser::new(1, "anna");
    let record = br#"{"commitment":"ab"}"#;
    // A public deferral completed by PATCH @original with the file.
    let sent = fake.slash(&anna, &Slash::new("schocken").subcommand("verify"))?;
    call(
        &fake,
        "POST",
        &callback_path(&sent),
        Some(json!({"type": 5})),
    )
    .await;
    let hook = webhook_path(&fake, &sent);
    let payload =
        json!({"content": "Spiel 1", "attachments": [{"id": 0, "filename": "spiel-1.json"}]});
    let path = format!("{hook}/messages/@original");
    let (status, json) =
        multipart(&fake, "PATCH", &path, &payload, ("spiel-1.json", record)).await?;
    assert_eq!(status, 200);
    assert_eq!(json["attachments"][0]["filename"], "spiel-1.json");
    let answer = fake.answer(&sent, Duration::from_secs(1)).await?;
    assert!(answer.deferred && !answer.ephemeral);
    assert_eq!(answer.files.len(), 1);
    assert_eq!(answer.files[0].filename, "spiel-1.json");
    assert_eq!(answer.files[0].bytes, record);

    // A public deferral completed by its first follow-up with the file.
    let sent = fake.slash(&anna, &Slash::new("schocken").subcommand("verify"))?;
    call(
        &fake,
        "POST",
        &callback_path(&sent),
        Some(json!({"type": 5})),
    )
    .await;
    let hook = webhook_path(&fake, &sent);
    let payload =
        json!({"content": "Spiel 2", "attachments": [{"id": 0, "filename": "spiel-2.json"}]});
    let (status, _) = multipart(&fake, "POST", &hook, &payload, ("spiel-2.json", record)).await?;
    assert_eq!(status, 200);
    let answer = fake.answer(&sent, Duration::from_secs(1)).await?;
    assert!(answer.deferred && !answer.ephemeral);
    assert_eq!(answer.content, "Spiel 2");
    assert_eq!(answer.files.len(), 1);
    assert_eq!(answer.files[0].filename, "spiel-2.json");
    assert_eq!(answer.files[0].bytes, record);
    let recorded = fake.requests().into_iter().last().context("recorded")?;
    assert!(recorded.is_public_message() && recorded.files == answer.files);
    Ok(())
}
