//! A game service on a real database (a SQLite file in a temporary directory, or a fresh
//! PostgreSQL database: see [`super::backend`]), with a manual clock and seeded dice, for the
//! service's tests.

use bot_core::config::Config;
use bot_core::service::{
    Actor, ChatId, Command, ManualClock, Reply, Request, Service, ServiceError, UserId,
};
use bot_core::store::Store;
use bot_core::text::Lang;
use std::sync::Arc;

pub const START: i64 = 1_790_000_000_000;

pub struct Harness {
    pub service: Arc<Service>,
    /// The service's database, for checks behind its back.
    pub store: Store,
    pub clock: Arc<ManualClock>,
    url: String,
    _dir: tempfile::TempDir,
}

pub fn actor(name: &str) -> Actor {
    Actor::new(
        UserId::new("test", name.to_lowercase()),
        name,
        Some(Lang::De),
        false,
    )
}

pub fn admin(name: &str) -> Actor {
    Actor {
        admin: true,
        ..actor(name)
    }
}

pub fn chat() -> ChatId {
    ChatId::new("test", "pub")
}

impl Harness {
    pub async fn new() -> Harness {
        Self::with_config(Config::default()).await
    }

    pub async fn with_config(config: Config) -> Harness {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = super::backend::fresh_url(&dir).await;
        let clock = Arc::new(ManualClock::new(START));
        let store = Store::open(&url).await.expect("store");
        let service = Service::new(store.clone(), config, clock.clone(), Some(7))
            .await
            .expect("service");
        Harness {
            service,
            store,
            clock,
            url,
            _dir: dir,
        }
    }

    /// The database's URL (for a second store on it: another process).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Drops the service and opens a new one on the same database (a restart).
    pub async fn restart(&mut self) {
        self.service.close().await;
        let store = Store::open(&self.url).await.expect("store");
        self.store = store.clone();
        self.service = Service::new(
            store,
            self.service.config().clone(),
            self.clock.clone(),
            Some(8),
        )
        .await
        .expect("service");
    }

    pub async fn run(&self, who: Actor, request: Request) -> Reply {
        self.service
            .handle(Command::new(chat(), who, request))
            .await
    }

    pub async fn ok(&self, who: Actor, request: Request) -> Reply {
        let shown = format!("{request:?}");
        let reply = self.run(who, request).await;
        assert!(
            !reply.is_error(),
            "{shown} refused: {:?}",
            reply.error_kind()
        );
        reply
    }

    pub async fn refused(&self, who: Actor, request: Request) -> ServiceError {
        let reply = self.run(who, request).await;
        reply.error_kind().cloned().expect("refused")
    }

    /// Opens a table for the names and starts the game.
    pub async fn table_of(&self, names: &[&str]) -> Reply {
        self.ok(actor(names[0]), Request::Open).await;
        for n in &names[1..] {
            self.ok(actor(n), Request::Join).await;
        }
        self.ok(actor(names[0]), Request::Start).await
    }

    pub async fn public(&self) -> bot_core::service::PublicTable {
        self.ok(actor("Zuschauer"), Request::Show)
            .await
            .table
            .expect("table shown")
    }

    /// The name of the player to act.
    pub async fn current(&self) -> Option<String> {
        let t = self.public().await;
        let view = t.view?;
        let seat = view.current?;
        Some(t.members[seat.index()].clone())
    }

    /// Anna and Ben play a whole game: its loser, and the other one.
    pub async fn anna_and_ben_play_a_game(&self) -> (String, &'static str) {
        self.table_of(&["Anna", "Ben"]).await;
        let last = self.play_to_end().await;
        let t = last.table.expect("table");
        let loser = t.members[t
            .view
            .and_then(|v| v.result)
            .and_then(|r| r.loser)
            .expect("loser")
            .index()]
        .clone();
        let other = if loser == "Anna" { "Ben" } else { "Anna" };
        (loser, other)
    }

    /// Plays until the game ends: everybody stands as soon as it is his turn.
    pub async fn play_to_end(&self) -> Reply {
        let mut last = Reply::default();
        for _ in 0..5000 {
            let Some(name) = self.current().await else {
                return last;
            };
            let t = self.public().await;
            let view = t.view.expect("running");
            let request = if view.announcing {
                Request::Roll
            } else {
                Request::Stand
            };
            last = self.ok(actor(&name), request).await;
        }
        panic!("the game did not end");
    }
}
