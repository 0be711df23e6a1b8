//! The server side of a web run, as the bot runs it: the real service on a SQLite file with the
//! shipped configuration (turn timer included), its timers, and the real web adapter on a
//! local port, with Telegram Mini App logins checked against a bot token of this run and the
//! groups' members asked of a fake Telegram (each table's three players are in its group).

use super::table::SEATS;
use bot_core::config::Config;
use bot_core::service::{ChatId, Service, Stop, StopSender, SystemClock};
use bot_core::store::Store;
use schocken_fakes::telegram::{FakeOptions, FakeTelegram};
use schocken_web::{Web, WebConfig};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::task::JoinHandle;

/// The bot token the pages' `initData` is signed with.
pub const BOT_TOKEN: &str = "123456:web-load-run";

/// The place of table `n` (a Telegram group).
pub fn place(n: usize) -> ChatId {
    ChatId::new("telegram", -(1000 + n as i64))
}

/// The Telegram user id of seat `seat` at table `n`.
pub fn visitor(n: usize, seat: usize) -> u64 {
    7_000_000 + (n * SEATS + seat) as u64
}

/// The running server.
pub struct Server {
    pub web: Arc<Web>,
    pub addr: SocketAddr,
    pub database: PathBuf,
    stopping: StopSender,
    serving: JoinHandle<()>,
    timers: JoinHandle<()>,
    /// Answers the logins' `getChatMember`.
    _telegram: FakeTelegram,
}

/// Starts the service on the SQLite file `database` and the web adapter on 127.0.0.1 (any
/// port).
pub async fn start(database: PathBuf, seed: u64, tables: usize) -> anyhow::Result<Server> {
    let config = Config {
        database_url: format!("sqlite://{}", database.display()),
        ..Config::default()
    };
    let store = Store::open(&config.database_url).await?;
    let service = Service::new(store, config, Arc::new(SystemClock), Some(seed)).await?;
    let (stopping, stop) = Stop::new();
    let timers = service.spawn_timers_until(stop.clone());
    // The chats' tables (no local table), Telegram logins only.
    let mut web_config = WebConfig::local(SocketAddr::from(([127, 0, 0, 1], 0)), "");
    web_config.local_table = None;
    web_config.secret = format!("web load run {seed}").into_bytes();
    web_config.telegram_token = Some(BOT_TOKEN.to_string());
    let telegram = FakeTelegram::start_with(FakeOptions {
        token: BOT_TOKEN.into(),
        ..FakeOptions::default()
    })
    .await?;
    for n in 0..tables {
        let chat = place(n).chat().parse()?;
        for seat in 0..SEATS {
            telegram.set_member(chat, visitor(n, seat) as i64, "member");
        }
    }
    web_config.telegram_api_url = Some(telegram.api_url());
    let listener = schocken_web::bind(&web_config).await?;
    let addr = listener.local_addr()?;
    let web = Web::new(service, web_config, stop);
    let serving = tokio::spawn({
        let web = web.clone();
        async move {
            if let Err(e) = schocken_web::serve(web, listener).await {
                tracing::error!(error = %e, "the web server stopped");
            }
        }
    });
    Ok(Server {
        web,
        addr,
        database,
        stopping,
        serving,
        timers,
        _telegram: telegram,
    })
}

impl Server {
    /// The table token a page of table `n` names.
    pub fn token(&self, n: usize) -> String {
        self.web.tokens.token(&place(n))
    }

    /// Sockets the hub holds now.
    pub fn sockets(&self) -> usize {
        self.web.hub.sockets()
    }

    /// Stops the server (the sockets say goodbye) and closes the store.
    pub async fn stop(self) {
        self.stopping.stop();
        let _ = self.serving.await;
        let _ = self.timers.await;
        self.web.service.close().await;
    }
}
