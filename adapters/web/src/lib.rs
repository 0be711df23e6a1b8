//! Schocken in the browser: one page for a Telegram Mini App, a Discord Activity and local
//! play on one machine (`schocken web`), pushed live over a WebSocket. The web is a third
//! adapter, not a second game: requests go through the service like chat buttons, views come
//! from the engine through the service, texts and buttons from `bot_core::render`. See
//! `docs/WEB.md` for the protocol.
//!
//! - [`config`]: the settings; [`session`]: who a page is;
//!   [`login`]: opening a session;
//! - [`server`]: HTTP (the page, the session, the socket); [`socket`]: one page's socket;
//!   [`hub`]: the sockets of each place, woken by every stored move; [`frames`]: the JSON a
//!   page receives; [`requests`]: what a page may ask; [`local`]: the local keyboard.

pub mod auth;
pub mod board;
pub mod config;
pub mod frames;
pub mod hub;
pub mod local;
pub mod login;
pub mod requests;
pub mod server;
pub mod session;
pub mod socket;

pub use config::{ConfigError, DiscordLogin, WebConfig};

use auth::{DiscordOAuth, TelegramMembers};
use bot_core::model::token::Tokens;
use bot_core::service::{ChatId, Service, Stop};
use hub::Hub;
use session::Sessions;
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use tracing::{debug, info, warn};

/// What the page's handlers share.
pub struct Web {
    pub service: Arc<Service>,
    pub tokens: Tokens,
    pub sessions: Sessions,
    pub hub: Hub,
    /// `schocken web`: the local table's place.
    pub local: Option<ChatId>,
    pub config: WebConfig,
    /// Discord Activity logins (with `DISCORD_CLIENT_ID`, `DISCORD_CLIENT_SECRET`).
    pub discord: Option<DiscordOAuth>,
    /// Who is in a Telegram group (only its members sit at its table).
    pub telegram_members: Option<TelegramMembers>,
    /// Says when the process stops (sockets say goodbye).
    pub stop: Stop,
    /// The tournaments' boards being watched.
    pub boards: board::Boards,
}

#[derive(Debug, Error)]
pub enum WebError {
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("the web server stopped: {0}")]
    Serve(std::io::Error),
}

impl Web {
    pub fn new(service: Arc<Service>, config: WebConfig, stop: Stop) -> Arc<Web> {
        Arc::new(Web {
            tokens: Tokens::new(&config.secret),
            sessions: Sessions::new(&config.secret),
            hub: Hub::default(),
            local: config.local_table.as_deref().map(local::place),
            discord: config.discord.as_ref().and_then(discord_oauth),
            telegram_members: config
                .telegram_token
                .as_deref()
                .map(|token| TelegramMembers::new(token, config.telegram_api_url.as_deref())),
            boards: board::Boards::default(),
            service: with_boards(service, &config),
            config,
            stop,
        })
    }
}

/// The service links tournament boards to this page when it has a public address.
fn with_boards(service: Arc<Service>, config: &WebConfig) -> Arc<Service> {
    if let Some(base) = &config.public_url {
        service.serve_boards(bot_core::service::tournament::BoardLinks {
            base: base.trim_end_matches('/').to_string(),
            tokens: Tokens::new(&config.secret),
        });
    }
    service
}

fn discord_oauth(login: &config::DiscordLogin) -> Option<DiscordOAuth> {
    match DiscordOAuth::new(&login.client_id, &login.client_secret) {
        Ok(oauth) => Some(oauth.with_api_base(login.api_base())),
        Err(e) => {
            warn!(error = %e, "no Discord Activity logins");
            None
        }
    }
}

/// Binds the page's address (so a wrong one refuses the start at once).
pub async fn bind(config: &WebConfig) -> Result<tokio::net::TcpListener, WebError> {
    tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| WebError::Listen {
            addr: config.addr,
            source,
        })
}

/// Serves the page on `listener` until `stop` comes.
pub async fn serve(web: Arc<Web>, listener: tokio::net::TcpListener) -> Result<(), WebError> {
    let follow = {
        let web = web.clone();
        let changes = web.service.subscribe_changes();
        tokio::spawn(async move { web.hub.follow(changes, &web.service).await })
    };
    // Other processes' moves on a shared database (PostgreSQL).
    let listen = web.service.spawn_change_listener(web.stop.clone());
    let sweep = {
        let web = web.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                let issued = web.sessions.issued();
                debug!(
                    sessions = issued,
                    sockets = web.hub.sockets(),
                    "web sessions"
                );
            }
        })
    };
    if let Ok(addr) = listener.local_addr() {
        info!(%addr, "the web page is served");
    }
    let mut stop = web.stop.clone();
    let result = axum::serve(listener, server::router(web.clone()))
        .with_graceful_shutdown(async move { stop.stopped().await })
        .await
        .map_err(WebError::Serve);
    follow.abort();
    sweep.abort();
    if let Some(listen) = listen {
        listen.abort();
    }
    result
}
