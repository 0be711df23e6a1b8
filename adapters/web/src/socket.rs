//! One page's socket: the place's state at once (a reconnect catches up), again whenever the
//! place changed, and the page's presses handled like chat buttons through the service. The
//! reader's own cup reaches only his socket: the service builds a private view for the actor
//! of a request alone, and each socket asks as its own user.

use crate::Web;
use crate::frames::{self, You};
use crate::hub::{Seat, Wake};
use crate::requests::MAX_FRAME;
use crate::requests::{self, Asked, Incoming, Refused};
use crate::session::{Kind, Session};
use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use bot_core::commands::parse;
use bot_core::service::{Actor, Command, Reply, UserId};
use bot_core::text::tr;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tracing::debug;

/// A quiet socket is pinged this often (proxies drop idle connections).
const PING_EVERY: Duration = Duration::from_secs(25);

/// The socket's seat in the hub, given back however the socket ends.
pub struct Held {
    pub web: Arc<Web>,
    pub seat: Option<Seat>,
}

impl Drop for Held {
    fn drop(&mut self) {
        if let Some(seat) = self.seat.take() {
            self.web.hub.leave(seat);
        }
    }
}

/// One connection's state.
struct Conn {
    web: Arc<Web>,
    session: Session,
    /// The table token of the place, as the page names it.
    token: String,
    /// At the local keyboard: the player it acts as now.
    acting: Option<String>,
    /// A hash of the last state sent (a change that shows nothing new is not sent twice).
    last: Option<u64>,
    /// What wakes the socket; told which version it read.
    wake: Arc<Wake>,
}

impl Conn {
    /// Who asks the service: the session's user, or at the local keyboard the player it acts
    /// as (nobody in particular before a name is given).
    fn actor(&self) -> Actor {
        match (&self.session.kind, &self.acting) {
            (Kind::Local, Some(name)) => crate::local::player(name, self.session.lang),
            (Kind::Local, None) => Actor::new(
                UserId::new("web", "watcher"),
                "",
                Some(self.session.lang),
                false,
            ),
            _ => self.session.actor(),
        }
    }

    /// The place as the reader sees it now: a state frame's text.
    async fn state(&self) -> String {
        let actor = self.actor();
        let reply = self
            .web
            .service
            .view(&self.session.place, actor.clone())
            .await;
        if let Some(table) = &reply.table {
            self.wake
                .read(Some((table.table_id, table.version, table.seq)));
        }
        let you = You {
            id: actor.user.to_string(),
            name: actor.name.clone(),
            seated: reply
                .table
                .as_ref()
                .is_some_and(|t| t.members.contains(&actor.name)),
        };
        let lang = self.session.lang;
        let public = reply
            .table
            .as_ref()
            .map(|t| self.web.hub.public(&self.session.place, t, lang));
        frames::state_text(&self.token, &you, &reply, public.as_deref(), lang)
    }

    /// Answers one frame of the page: what to send back.
    async fn handle(&mut self, text: &str) -> Vec<String> {
        let incoming = match Incoming::parse(text) {
            Ok(incoming) => incoming,
            Err(e) => return vec![self.refused(e)],
        };
        let (asked, rid) = match incoming {
            Incoming::Ping => return vec![json!({"type": "pong"}).to_string()],
            Incoming::As { name } => return self.act_as(&name),
            Incoming::Press { id, rid } => (requests::press(&id), rid),
            Incoming::Say { text, rid } => (requests::say(&text), rid),
        };
        let asked = match asked {
            Ok(asked) => asked,
            Err(e) => return vec![self.refused(e)],
        };
        let reply = self.ask(asked, rid).await;
        frames::notices(&reply)
            .map(|n| n.to_string())
            .into_iter()
            .collect()
    }

    fn act_as(&mut self, name: &str) -> Vec<String> {
        if self.session.kind != Kind::Local {
            return vec![self.refused(Refused::Malformed)];
        }
        match requests::local_name(name) {
            Ok(name) => {
                self.acting = Some(name);
                Vec::new()
            }
            Err(e) => vec![self.refused(e)],
        }
    }

    async fn ask(&self, asked: Asked, rid: Option<String>) -> Reply {
        let place = self.session.place.clone();
        let actor = self.actor();
        let mut cmd = match asked {
            Asked::Button(button) => parse::button_command(place, actor.clone(), &button),
            Asked::Request(request) => Command::new(place, actor.clone(), request),
        };
        // A press the page sends again (after a reconnect) counts once.
        cmd.request_id = rid
            .filter(|r| r.len() <= 64)
            .map(|r| format!("web:{}:{r}", actor.user));
        let reply = self.web.service.handle(cmd).await;
        // The chat's table message shows the page's move, as it shows a timer's.
        self.web.service.announce(&self.session.place, &reply);
        reply
    }

    fn refused(&self, e: Refused) -> String {
        debug!(place = %self.session.place, error = %e, "a page frame refused");
        let id = match e {
            Refused::Malformed => "web-refused-frame",
            Refused::BadButton => "web-refused-button",
            Refused::UnknownWord => "web-refused-word",
            Refused::BadName => "web-refused-name",
        };
        frames::notice_text(&tr(self.session.lang, id, &[])).to_string()
    }
}

/// Serves one socket until the page goes or the server stops.
pub async fn run(socket: WebSocket, held: Held, session: Session, wake: Arc<Wake>) {
    let web = held.web.clone();
    let mut stop = web.stop.clone();
    let token = web.tokens.token(&session.place);
    let mut conn = Conn {
        web,
        session,
        token,
        acting: None,
        last: None,
        wake: wake.clone(),
    };
    let (mut sink, mut stream) = socket.split();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    // The service's futures are boxed while they run: an idle socket's task keeps only the
    // loop's own state, not room for a whole command (docs/PERFORMANCE.md, memory per socket).
    let mut out = vec![Box::pin(conn.state()).await];
    loop {
        for frame in out.drain(..) {
            if send(&mut sink, &mut conn, frame).await.is_err() {
                return;
            }
        }
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) if text.len() > MAX_FRAME => {
                    too_big(&mut sink).await;
                    break;
                }
                Some(Ok(Message::Text(text))) => {
                    out = Box::pin(conn.handle(text.as_str())).await;
                    out.push(Box::pin(conn.state()).await);
                }
                Some(Ok(Message::Binary(_))) => {
                    out = vec![conn.refused(Refused::Malformed)];
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    // Beyond even the library's limit: said as such, not as a broken line.
                    if e.to_string().contains("Space limit exceeded") {
                        too_big(&mut sink).await;
                    }
                    break;
                }
                None => break,
            },
            () = wake.changed() => {
                if wake.behind() {
                    out = vec![Box::pin(conn.state()).await];
                }
            }
            _ = ping.tick() => {
                if sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
            () = stop.stopped() => {
                let bye = json!({"type": "bye", "text": tr(conn.session.lang, "web-bye", &[])});
                let _ = send(&mut sink, &mut conn, bye.to_string()).await;
                break;
            }
        }
    }
    drop(held);
}

/// Closes the socket with 1009 ("message too big"): a page sends small frames only.
async fn too_big<S>(sink: &mut S)
where
    S: SinkExt<Message, Error = axum::Error> + Unpin,
{
    debug!("a page sent a frame beyond the limit; its socket is closed");
    let close = CloseFrame {
        code: close_code::SIZE,
        reason: "frame too large".into(),
    };
    let _ = sink.send(Message::Close(Some(close))).await;
}

/// Sends a frame; a state that shows nothing new is left out.
async fn send<S>(sink: &mut S, conn: &mut Conn, text: String) -> Result<(), axum::Error>
where
    S: SinkExt<Message, Error = axum::Error> + Unpin,
{
    if text.starts_with(STATE_FRAME) {
        let hash = {
            let mut h = std::hash::DefaultHasher::new();
            std::hash::Hash::hash(&text, &mut h);
            std::hash::Hasher::finish(&h)
        };
        if conn.last == Some(hash) {
            return Ok(());
        }
        conn.last = Some(hash);
    }
    sink.send(Message::Text(text.into())).await
}

/// How every state frame's text begins (`frames::state_text`).
const STATE_FRAME: &str = r#"{"type":"state""#;
