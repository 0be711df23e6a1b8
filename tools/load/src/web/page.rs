//! One page as a browser runs it: a Telegram user's Mini App opens a session over HTTP with
//! signed `initData`, connects the socket, and reads every frame. Frames are stamped the
//! moment they are read off the socket and handed to the table's driver.

use super::frame::Frame;
use super::server::BOT_TOKEN;
use anyhow::{Context, bail};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use schocken_web::auth::telegram::{TelegramUser, sign_user};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// A page's read buffer: a state frame fits.
const PAGE_READ_BUFFER: usize = 4 * 1024;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Sink = SplitSink<WebSocketStream<MaybeTlsStream<TcpStream>>, Message>;

/// What a page's socket brought.
#[derive(Debug)]
pub enum Got {
    Frame(Frame),
    /// A text that is no frame of the protocol (why, and its beginning).
    Unreadable(String),
    /// The socket closed or failed.
    Closed,
}

/// A frame (or the end) at one page, and when it was read.
#[derive(Debug)]
pub struct Arrival {
    pub page: usize,
    pub at: Instant,
    pub got: Got,
    /// The frame's length in bytes.
    pub bytes: usize,
}

/// One page's socket, to send on; what it reads goes to the table's channel.
pub struct Page {
    sink: Sink,
}

/// Who opens a page.
pub struct Visitor<'a> {
    pub user_id: u64,
    pub name: &'a str,
    /// The table token (the Mini App link's `startapp`).
    pub token: &'a str,
}

/// Opens a session for `visitor` (`POST /api/session`); returns its id.
pub async fn session(
    http: &reqwest::Client,
    addr: SocketAddr,
    visitor: &Visitor<'_>,
) -> anyhow::Result<String> {
    let now = SystemTime::now().duration_since(UNIX_EPOCH)?.as_secs();
    let init_data = sign_user(
        &TelegramUser::new(visitor.user_id, visitor.name),
        i64::try_from(now)?,
        Some(visitor.token),
        BOT_TOKEN,
    );
    let body = json!({
        "auth": {"kind": "telegram", "init_data": init_data},
        "table": visitor.token,
        "lang": "de",
    });
    let answer = http
        .post(format!("http://{addr}/api/session"))
        .json(&body)
        .send()
        .await
        .context("POST /api/session")?;
    let status = answer.status();
    let answer: Value = answer.json().await.context("the session's answer")?;
    match answer["session"].as_str() {
        Some(id) if status.is_success() => Ok(id.to_string()),
        _ => bail!("POST /api/session answered {status}: {answer}"),
    }
}

impl Page {
    /// Connects the socket of `session`; its frames go to `arrivals` as page `page`.
    pub async fn connect(
        addr: SocketAddr,
        session: &str,
        page: usize,
        arrivals: mpsc::UnboundedSender<Arrival>,
    ) -> anyhow::Result<Page> {
        let url = format!("ws://{addr}/ws?session={session}");
        // A page reads state frames of a few KiB: a small read buffer, as a browser's would be
        // (the library's default reserves 128 KiB per socket).
        let config = WebSocketConfig::default().read_buffer_size(PAGE_READ_BUFFER);
        let (socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false)
            .await
            .context("GET /ws")?;
        let (sink, mut stream) = socket.split();
        tokio::spawn(async move {
            loop {
                let message = stream.next().await;
                let at = Instant::now();
                let (got, bytes) = match message {
                    Some(Ok(Message::Text(text))) => (
                        Frame::parse(&text).map_or_else(Got::Unreadable, Got::Frame),
                        text.len(),
                    ),
                    Some(Ok(_)) => continue,
                    Some(Err(_)) | None => (Got::Closed, 0),
                };
                let closed = matches!(got, Got::Closed);
                let arrival = Arrival {
                    page,
                    at,
                    got,
                    bytes,
                };
                if arrivals.send(arrival).is_err() || closed {
                    return;
                }
            }
        });
        Ok(Page { sink })
    }

    /// Sends `frame`; returns the moment it went out.
    pub async fn send(&mut self, frame: &Value) -> anyhow::Result<Instant> {
        let at = Instant::now();
        self.sink
            .send(Message::Text(frame.to_string().into()))
            .await
            .context("a frame to the server")?;
        Ok(at)
    }

    /// Closes the socket.
    pub async fn close(mut self) {
        let _ = self.sink.close().await;
    }
}
