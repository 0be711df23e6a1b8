//! Moves nobody made: a turn timer ran out (the player stands with what he has), or a table
//! stayed idle too long (it closes without a debt). They are stored like any move and
//! broadcast to the adapters as [`Outbound`] replies.

use super::from_table::build_reply;
use super::play::TableDice;
use super::table;
use super::{Actor, ChatId, Command, Failure, Langs, Outbound, Request, Service, Slot, Stop, lock};
use crate::store::{Outage, StoreError};
use std::sync::Arc;
use tracing::{debug, error, warn};

impl Service {
    /// Runs expired turn timers and closes idle tables; call it about once a second.
    pub async fn tick(&self) {
        let now = self.now();
        if self.store.health().is_down() {
            // Nothing could be stored; the deadlines move once the database is back.
            return;
        }
        if let Some(outage) = self.store.health().take_ended() {
            self.renew_turns(&outage, now).await;
        }
        if self.store.backend().shared() {
            self.adopt_due_tables(now).await;
        }
        let slots: Vec<(ChatId, Arc<tokio::sync::Mutex<Slot>>)> = lock(&self.slots)
            .iter()
            .map(|(c, s)| (c.clone(), s.clone()))
            .collect();
        for (place, slot) in slots {
            let Ok(mut slot) = slot.try_lock() else {
                continue; // busy with a command; next tick
            };
            self.tick_place(&place, &mut slot, now).await;
        }
        self.tournament_clocks(now).await;
        if self.housekeeping_due(now) {
            // Request ids older than a week: no platform retries a delivery that late.
            let _ = self.store.prune_requests(now - 7 * 24 * 3_600_000).await;
            // Write turns a minute past hold nobody back.
            let _ = self.store.prune_write_turns(now - 60_000).await;
            self.compact_games_over(now).await;
            self.remind_unpaid(now).await;
            self.forget_idle_places(now);
        }
    }

    /// On a database several processes share: takes in the tables whose timer is due that
    /// this process does not hold, or holds at an older version (another process opened or
    /// moved them, or stopped). Every process tries their timer move; the version check
    /// lets one of them store it.
    async fn adopt_due_tables(&self, now: i64) {
        let idle_ms = i64::from(self.config.idle_close_minutes) * 60_000;
        let idle_since = if idle_ms > 0 { now - idle_ms } else { i64::MIN };
        let due = match self.store.due_tables(now, idle_since).await {
            Ok(due) => due,
            Err(e) => {
                self.store_failed(&e);
                if !e.is_unreachable() {
                    warn!(error = %e, "could not look for due tables");
                }
                return;
            }
        };
        for table in due {
            let slot = self.slot(&table.chat);
            let Ok(mut slot) = slot.try_lock() else {
                continue; // busy with a command; next tick
            };
            let newer = slot
                .table
                .as_ref()
                .is_none_or(|held| held.id != table.id || held.version < table.version);
            if newer {
                slot.table = Some(table);
                slot.loaded = true;
                slot.last_used = now;
            }
        }
    }

    async fn tick_place(&self, place: &ChatId, slot: &mut Slot, now: i64) {
        let idle_ms = i64::from(self.config.idle_close_minutes) * 60_000;
        let Some(table) = slot.table.as_ref().filter(|t| t.status.is_open()) else {
            return;
        };
        let idle = idle_ms > 0 && now - table.updated_at >= idle_ms;
        let expired = table.turn_deadline.is_some_and(|d| d <= now);
        if !idle && !expired {
            return;
        }
        let Ok(settings) = self.settings(&place.group()).await else {
            return;
        };
        let Ok(ctx) = self.table_context(&settings, now, false).await else {
            return;
        };
        let prior = table.version;
        let mut dice = TableDice::of(Some(table), ctx.seed);
        let (out, system) = if idle {
            (table::close_idle(table, &ctx), "system:idle")
        } else {
            (table::time_out(table, &ctx, &mut dice), "system:timer")
        };
        let Some(mut out) = out else {
            return;
        };
        let throws = dice.record(&mut out);
        let lang = settings.lang.unwrap_or_default();
        let cmd = Command::new(place.clone(), Actor::system(system, lang), Request::Stand);
        match self.commit(&mut out, prior, &throws, &cmd, now).await {
            Ok(()) => {
                let langs = Langs {
                    public: lang,
                    actor: lang,
                };
                let mut reply = build_reply(&out, &cmd, langs, &self.zone(&settings));
                self.offer_hints(&mut reply, &settings);
                slot.table = Some(out.table);
                let _ = self.outbound.send(Outbound {
                    chat: place.clone(),
                    reply,
                });
            }
            Err(e) => {
                if matches!(e, Failure::Store(StoreError::Stale)) {
                    // Another process moved the table (or fired this timer) first.
                    debug!(chat = %place, "timer move not needed: the table changed");
                } else if let Failure::Store(e @ StoreError::Unreachable(_)) = &e {
                    // Said once for the outage; the deadline moves when it is over. Nothing
                    // was stored: the table held is the one stored, and stays.
                    self.store_failed(e);
                    return;
                } else {
                    error!(chat = %place, "could not store a timer move");
                    self.metrics.store_error();
                }
                slot.loaded = false;
                slot.table = None;
            }
        }
    }

    /// The database was gone (`outage`): every turn whose timer ran meanwhile starts again
    /// (see [`table::renew_turn`]), and the chat is told. The stored tables are asked, not
    /// this process's memory (a command that failed in the outage forgot its table; on a
    /// shared database other processes hold tables too, and the version check lets one of
    /// them store each renewal).
    async fn renew_turns(&self, outage: &Outage, now: i64) {
        let tables = match self.store.open_tables().await {
            Ok(tables) => tables,
            Err(e) => {
                warn!(error = %e, "could not renew the turns the outage took time from");
                return;
            }
        };
        for table in tables {
            if ran_in(&table, outage) {
                self.renew_turn(table, outage, now).await;
            } else {
                self.hold(table, now).await;
            }
        }
    }

    /// Holds the stored `table` in its place if the place forgot it (a command that failed
    /// in the outage), so its timers run again.
    async fn hold(&self, table: table::Table, now: i64) {
        let slot = self.slot(&table.chat);
        let mut slot = slot.lock().await;
        if slot.table.is_none() {
            slot.table = Some(table);
            slot.loaded = true;
            slot.last_used = now;
        }
    }

    async fn renew_turn(&self, table: table::Table, outage: &Outage, now: i64) {
        let place = table.chat.clone();
        let slot = self.slot(&place);
        let mut slot = slot.lock().await;
        let Ok(settings) = self.settings(&place.group()).await else {
            return;
        };
        let Ok(ctx) = self.table_context(&settings, now, false).await else {
            return;
        };
        let Some(mut out) = table::renew_turn(&table, &ctx, outage.millis()) else {
            return;
        };
        let lang = settings.lang.unwrap_or_default();
        let system = Actor::system("system:outage", lang);
        let cmd = Command::new(place.clone(), system, Request::Show);
        match self.commit(&mut out, table.version, &[], &cmd, now).await {
            Ok(()) => {
                let langs = Langs {
                    public: lang,
                    actor: lang,
                };
                let reply = build_reply(&out, &cmd, langs, &self.zone(&settings));
                slot.table = Some(out.table);
                slot.loaded = true;
                let _ = self.outbound.send(Outbound { chat: place, reply });
            }
            Err(_) => {
                debug!(chat = %place, "turn not renewed: the table moved on, or the store failed");
                slot.loaded = false;
                slot.table = None;
            }
        }
    }

    /// Runs [`Service::tick`] every second until the service is dropped.
    pub fn spawn_timers(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        self.spawn_timers_until(Stop::never())
    }

    /// Runs [`Service::tick`] every second until the process stops (between two ticks, so
    /// a timer move is stored and announced whole) or the service is dropped.
    pub fn spawn_timers_until(self: &Arc<Self>, mut stop: Stop) -> tokio::task::JoinHandle<()> {
        self.spawn_store_watch(stop.clone());
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(std::time::Duration::from_secs(1));
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = interval.tick() => {}
                    () = stop.stopped() => return,
                }
                let Some(service) = weak.upgrade() else {
                    return;
                };
                service.tick().await;
            }
        })
    }
}

/// How late a timer move may come after its deadline (the timers tick once a second).
const TICK_MS: i64 = 1_000;

/// Whether `table`'s turn timer ran while the database was gone: its deadline came in the
/// outage (or in the tick before it, whose timer move the outage then refused), and nobody
/// moved since the database is back (a turn that began after the outage keeps its time).
fn ran_in(table: &table::Table, outage: &Outage) -> bool {
    table
        .turn_deadline
        .is_some_and(|d| d >= outage.since - TICK_MS)
        && table.updated_at <= outage.until
}
