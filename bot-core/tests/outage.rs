//! When the database goes away (issue 36): a press is answered at once with "nothing
//! changed, try again" instead of waiting for a connection, the outage is noted once (log,
//! `schocken_store_up`, its seconds), a turn whose timer ran during the outage is not held
//! against its player (his time starts again, and the table says so), and nothing is lost
//! or stored twice. SQLite that is full: the same refusal, reads still work, back when there
//! is room. PostgreSQL: a relay between the store and the test server is cut and mended.

use bot_core::config::Config;
use bot_core::render::{self, Voice};
use bot_core::service::Clock;
use bot_core::service::{
    Actor, Command, ManualClock, Notice, Outbound, Reply, Request, Service, ServiceError, Stop,
};
use bot_core::store::{Backend, Store};
use bot_core::text::Lang;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

mod common;
use common::backend::{backend, fresh_url};
use common::cut::{Relay, server_of, through};
use common::service::{START, actor, chat};

/// The default turn timer (ms).
const TURN_MS: i64 = 180_000;

struct Table {
    service: Arc<Service>,
    clock: Arc<ManualClock>,
    outbound: broadcast::Receiver<Outbound>,
}

impl Table {
    async fn on(store: Store) -> Table {
        let clock = Arc::new(ManualClock::new(START));
        let service = Service::new(store, Config::default(), clock.clone(), Some(7))
            .await
            .expect("service");
        let outbound = service.subscribe();
        let table = Table {
            service,
            clock,
            outbound,
        };
        table.ok(actor("Anna"), Request::Open).await;
        table.ok(actor("Ben"), Request::Join).await;
        table.ok(actor("Anna"), Request::Start).await;
        table
    }

    async fn run(&self, who: Actor, request: Request) -> Reply {
        self.service
            .handle(Command::new(chat(), who, request))
            .await
    }

    async fn ok(&self, who: Actor, request: Request) -> Reply {
        let reply = self.run(who, request).await;
        assert!(!reply.is_error(), "refused: {:?}", reply.error_kind());
        reply
    }

    /// The player to act, the table's version and its turn deadline.
    async fn state(&self) -> (String, u64, Option<i64>) {
        let table = self.ok(actor("Zuschauer"), Request::Show).await.table;
        let table = table.expect("a table");
        let seat = table.view.as_ref().and_then(|v| v.current).expect("a turn");
        (
            table.members[seat.index()].clone(),
            table.version,
            table.deadline,
        )
    }

    /// The player to act makes his move: a throw, or standing when he has none left.
    async fn move_once(&self) -> Reply {
        let (name, _, _) = self.state().await;
        let reply = self.run(actor(&name), Request::Roll).await;
        match reply.error_kind() {
            Some(ServiceError::Action(_)) => self.run(actor(&name), Request::Stand).await,
            _ => reply,
        }
    }

    fn metrics(&self) -> String {
        self.service.metrics().text()
    }

    /// The table messages the timers sent since the last look.
    fn sent(&mut self) -> Vec<Outbound> {
        let mut sent = Vec::new();
        while let Ok(out) = self.outbound.try_recv() {
            sent.push(out);
        }
        sent
    }

    /// After the outage: the turn of `name` starts again (told once), the timer then runs
    /// its full time, and the game goes on.
    async fn turn_starts_again(&mut self, name: &str, outage_seconds: i64) {
        self.service.tick().await;
        let sent = self.sent();
        let renewed: Vec<&Notice> = sent
            .iter()
            .flat_map(|o| &o.reply.notices)
            .filter(|n| matches!(n, Notice::TurnRenewed { .. }))
            .collect();
        assert_eq!(
            renewed,
            [&Notice::TurnRenewed {
                name: name.to_string(),
                outage_seconds
            }],
            "the chat is told once: {sent:?}"
        );
        assert!(
            !sent
                .iter()
                .flat_map(|o| &o.reply.notices)
                .any(|n| matches!(n, Notice::TimedOut { .. })),
            "R-timer: the outage is not held against {name}"
        );
        let (now_to_act, _, deadline) = self.state().await;
        assert_eq!(now_to_act, name);
        assert_eq!(
            deadline,
            Some(self.clock.now_ms() + TURN_MS),
            "the full time again"
        );
        self.clock.advance(TURN_MS - 1_000);
        self.service.tick().await;
        assert_eq!(self.state().await.0, name, "still his turn");
    }
}

fn text(error: &ServiceError, lang: Lang) -> String {
    render::error_text(error, None, Voice::plain(lang))
}

#[test]
fn the_refusal_says_nothing_changed_and_to_try_again() {
    assert_eq!(
        text(&ServiceError::Unreachable, Lang::De),
        "Der Tisch ist gerade nicht erreichbar (die Datenbank ist nicht verfügbar) – es hat \
         sich nichts geändert. Versuch es in ein paar Sekunden nochmal."
    );
    assert!(text(&ServiceError::Unreachable, Lang::En).contains("nothing changed"));
    let renewed = Notice::TurnRenewed {
        name: "Anna".into(),
        outage_seconds: 15,
    };
    assert_eq!(
        render::notice_text(&renewed, None, Voice::plain(Lang::De)).as_deref(),
        Some(
            "Die Datenbank war 15 Sekunden nicht erreichbar – das zählt nicht gegen Anna: die \
             Zeit für den Zug läuft neu."
        )
    );
    let one = Notice::TurnRenewed {
        name: "Ben".into(),
        outage_seconds: 1,
    };
    assert!(
        render::notice_text(&one, None, Voice::plain(Lang::En))
            .is_some_and(|t| t.contains("for 1 second –"))
    );
}

#[tokio::test]
async fn a_full_sqlite_database_refuses_every_move_and_takes_them_again_when_there_is_room() {
    let store = Store::open("sqlite::memory:").await.expect("store");
    let mut table = Table::on(store.clone()).await;
    // No page more than the database has now: the next move that needs one fails.
    limit_pages(&store, 1).await;
    let mut refused = None;
    for _ in 0..30 {
        let (name, version, _) = table.state().await;
        let reply = table.move_once().await;
        if reply.error_kind() == Some(&ServiceError::Unreachable) {
            refused = Some((name, version));
            break;
        }
        assert!(!reply.is_error(), "{:?}", reply.error_kind());
    }
    let (name, version) = refused.expect("the full database refuses a move");
    let why = table.service.store_unreachable().expect("known to be full");
    assert_eq!(why.kind, "full");
    // Reads still work, and nothing of the refused move is there.
    assert_eq!(table.state().await.1, version, "nothing changed");
    let again = table.run(actor(&name), Request::Roll).await;
    assert_eq!(again.error_kind(), Some(&ServiceError::Unreachable));
    let metrics = table.metrics();
    assert!(metrics.contains("schocken_store_up 0"), "{metrics}");
    assert!(
        metrics.contains("schocken_store_outages_total{kind=\"full\"} 1"),
        "noted once: {metrics}"
    );
    // The turn's timer runs out while nothing can be stored: no timer move.
    table.clock.advance(TURN_MS + 1_000);
    table.service.tick().await;
    assert!(table.sent().is_empty(), "no timer move while full");
    table.service.watch_store(false).await;
    assert!(table.service.store_unreachable().is_some(), "still full");
    // Room again: the watch finds it, the turn starts again.
    limit_pages(&store, 1_000_000).await;
    table.service.watch_store(false).await;
    assert!(table.service.store_unreachable().is_none(), "back");
    let metrics = table.metrics();
    assert!(metrics.contains("schocken_store_up 1"), "{metrics}");
    assert!(
        metrics.contains("schocken_store_outage_seconds_total 181"),
        "{metrics}"
    );
    table.turn_starts_again(&name, 181).await;
    let reply = table.run(actor(&name), Request::Roll).await;
    assert!(!reply.is_error(), "{:?}", reply.error_kind());
    assert_eq!(
        table.state().await.1,
        version + 2,
        "the renewal and the move"
    );
}

async fn limit_pages(store: &Store, pages: u32) {
    sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
        .execute(store.pool())
        .await
        .expect("page limit");
}

/// Makes the one connection of an in-memory store refuse every write (SQLITE_READONLY, as a
/// file made read-only) or take them again.
async fn read_only(store: &Store, on: bool) {
    let value = if on { "ON" } else { "OFF" };
    sqlx::query(&format!("PRAGMA query_only = {value}"))
        .execute(store.pool())
        .await
        .expect("query_only");
}

/// The outage begins with the timer move itself (the database refuses writes from the
/// second before the deadline's tick): the turn is not decided when it is back, but starts
/// again, and the table is held again (its timer runs) although no command came between.
#[tokio::test]
async fn an_outage_that_refuses_the_timer_move_renews_the_turn_when_it_is_back() {
    let store = Store::open("sqlite::memory:").await.expect("store");
    let mut table = Table::on(store.clone()).await;
    let (name, version, deadline) = table.state().await;
    let deadline = deadline.expect("a turn timer");
    read_only(&store, true).await;
    table.clock.set(deadline + 500);
    table.service.tick().await;
    assert!(table.sent().is_empty(), "the timer move was refused");
    let why = table
        .service
        .store_unreachable()
        .expect("found by the tick");
    assert_eq!(why.kind, "read_only");
    table.clock.advance(9_500);
    read_only(&store, false).await;
    table.service.watch_store(false).await;
    assert!(table.service.store_unreachable().is_none(), "back");
    table.turn_starts_again(&name, 10).await;
    assert_eq!(table.state().await.1, version + 1, "only the renewal");
}

/// A player who moves in the moment between the database's return and the timers' next
/// tick started a new turn with its own full time: no renewal follows, and none names the
/// next player (R-timer).
#[tokio::test]
async fn a_turn_begun_after_the_outage_is_not_renewed() {
    let store = Store::open("sqlite::memory:").await.expect("store");
    let mut table = Table::on(store.clone()).await;
    let (name, _, _) = table.state().await;
    read_only(&store, true).await;
    table.clock.advance(1_000);
    let reply = table.run(actor(&name), Request::Roll).await;
    assert_eq!(reply.error_kind(), Some(&ServiceError::Unreachable));
    table.clock.advance(5_000);
    read_only(&store, false).await;
    table.service.watch_store(false).await;
    table.clock.advance(300);
    let (now_to_act, version, _) = table.state().await;
    let stood = table.run(actor(&now_to_act), Request::Stand).await;
    assert!(!stood.is_error(), "{:?}", stood.error_kind());
    table.service.tick().await;
    let renewed = table
        .sent()
        .into_iter()
        .flat_map(|o| o.reply.notices)
        .filter(|n| matches!(n, Notice::TurnRenewed { .. }))
        .count();
    assert_eq!(renewed, 0, "no renewal after a move made since");
    assert_eq!(table.state().await.1, version + 1, "only the stand");
}

/// Waits (real time) until the service finds the database back; how long it took.
async fn until_back(service: &Service) -> Duration {
    let since = Instant::now();
    while service.store_unreachable().is_some() {
        assert!(since.elapsed() < Duration::from_secs(10), "never back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    since.elapsed()
}

#[tokio::test]
async fn a_postgres_server_that_goes_away_is_answered_at_once_and_nothing_is_lost() {
    if backend() != Backend::Postgres {
        return;
    }
    let dir = tempfile::tempdir().expect("dir");
    let url = fresh_url(&dir).await;
    let relay = Relay::start(server_of(&url)).await;
    let store = Store::open(&through(&url, &relay.addr))
        .await
        .expect("store");
    let mut table = Table::on(store).await;
    table.service.spawn_store_watch(Stop::never());
    let (name, version, _) = table.state().await;
    relay.cut();
    // The first press meets the outage: answered within the pool's short wait.
    let first = Instant::now();
    let reply = table.run(actor(&name), Request::Roll).await;
    let first = first.elapsed();
    assert_eq!(reply.error_kind(), Some(&ServiceError::Unreachable));
    assert!(
        first < Duration::from_secs(1),
        "first answer after {first:?}"
    );
    // Every further one at once, also a read; none waits behind another.
    for request in [Request::Roll, Request::Stand, Request::Show, Request::Debts] {
        let at = Instant::now();
        let reply = table.run(actor(&name), request).await;
        assert_eq!(reply.error_kind(), Some(&ServiceError::Unreachable));
        assert!(
            at.elapsed() < Duration::from_millis(100),
            "{:?}",
            at.elapsed()
        );
    }
    let why = table.service.store_unreachable().expect("known");
    assert_eq!(why.kind, "connection");
    // The timer runs out during the outage: nothing is decided.
    table.clock.advance(TURN_MS + 15_000);
    table.service.tick().await;
    assert!(table.sent().is_empty(), "no timer move while gone");
    relay.mend();
    let back = until_back(&table.service).await;
    assert!(back < Duration::from_secs(2), "found back after {back:?}");
    let metrics = table.metrics();
    assert!(metrics.contains("schocken_store_up 1"), "{metrics}");
    assert!(
        metrics.contains("schocken_store_outages_total{kind=\"connection\"} 1"),
        "{metrics}"
    );
    table.turn_starts_again(&name, 195).await;
    let reply = table.run(actor(&name), Request::Roll).await;
    assert!(!reply.is_error(), "{:?}", reply.error_kind());
    assert_eq!(
        table.state().await.1,
        version + 2,
        "no move lost or doubled"
    );
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
