//! The platform-neutral game service: every adapter calls it. It serializes the commands of
//! one place (a chat, or a topic of a chat), asks the table logic and the engine, commits to
//! SQLite before it answers, and builds the one reply model adapters render.
//!
//! - this file: the service, one command's way from arrival to reply;
//! - [`play`]: table commands (moves, joins, kicks …) and their commit;
//! - [`reads`]: read-only requests (the table, the reveal, rules, debts, statistics, judge);
//! - [`settings`]: a chat's house rules, timer, time zone and season, cached per chat;
//! - [`ledger`]: payments, undo, history and the export;
//! - [`from_table`]: the reply model built from a table (the model itself is [`reply`]);
//! - [`timers`]: moves nobody made (a turn timer, an idle table);
//! - [`changes`]: stored table versions for live pages, this process's and the others'.

mod access;
mod changes;
pub mod clock;
pub mod club;
pub mod command;
pub mod error;
mod health;
pub use crate::model::ids;
pub mod from_table;
mod ledger;
mod lifecycle;
mod memory;
mod play;
mod proof;
mod reads;
pub mod reply;
mod settings;
pub mod table;
mod timers;
pub mod tournament;

pub use changes::{Changed, TableChange};
pub use clock::{Clock, ManualClock, SystemClock};
pub use command::{Actor, BookFormat, ClubRequest, Command, Request, UserRef};
pub use error::ServiceError;
pub use from_table::{private_view, public_table};
pub use ids::{ButtonAction, ButtonId, ChatId, UserId};
pub use lifecycle::{Stop, StopSender};
pub use reply::{Content, Notice, PrivateView, PublicTable, Reply};
pub use table::{Table, TableStatus};

use crate::config::Config;
use crate::metrics::{Metrics, Outcome};
use crate::store::{ChatSettings, Store, StoreError};
use crate::text::Lang;
use settings::ChatCache;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;
use tracing::{debug, error, info, warn};

/// A reply nobody asked for (a turn timer ran out, an idle table closed), for the adapter of
/// the chat's platform.
#[derive(Clone, Debug)]
pub struct Outbound {
    pub chat: ChatId,
    pub reply: Reply,
}

/// The cached state of one place; its mutex serializes the place's commands.
#[derive(Default)]
struct Slot {
    loaded: bool,
    table: Option<Table>,
    /// Request ids this place handled lately (the database's `requests` table is the full
    /// record; this answers a quick repeat without a query).
    recent: VecDeque<String>,
    /// When the place last had a command (ms); idle places are forgotten (see `memory`).
    last_used: i64,
}

/// How often a command is decided again when another process moved its table first.
const STALE_RETRIES: usize = 3;

/// How many request ids a place remembers in memory.
const RECENT_REQUESTS: usize = 64;

type Shared<T> = Mutex<HashMap<ChatId, Arc<tokio::sync::Mutex<T>>>>;

pub struct Service {
    store: Store,
    config: Config,
    clock: Arc<dyn Clock>,
    /// One slot per place (chat or topic).
    slots: Shared<Slot>,
    /// Settings per chat (the topics of a chat share them).
    chats: Shared<ChatCache>,
    outbound: broadcast::Sender<Outbound>,
    /// Every stored table version, for adapters that show places live.
    changes: broadcast::Sender<Changed>,
    /// With a fixed seed every new table's dice follow from it (tests, the terminal's
    /// `--seed`); otherwise they come from the operating system.
    seed: Option<u64>,
    tables_opened: AtomicU64,
    /// What an operator watches.
    metrics: Arc<Metrics>,
    /// When idle places were last looked for (ms).
    last_sweep: std::sync::atomic::AtomicI64,
    /// Commands being handled (a graceful stop waits for them).
    in_flight: std::sync::atomic::AtomicUsize,
    /// The strong computer players' tables, shared by every table of this service.
    computers: table::Computers,
    /// Wakes the store watch at once (a command failed; see `health`).
    store_watch: Arc<tokio::sync::Notify>,
    /// Where boards are linked (set when the web table is served).
    boards: std::sync::OnceLock<tournament::board::BoardLinks>,
}

/// The languages of one command's reply: public text in the chat's, the actor's own in his.
#[derive(Clone, Copy, Debug)]
struct Langs {
    public: Lang,
    actor: Lang,
}

impl Service {
    /// Opens the service on `store` and loads every open table.
    pub async fn new(
        store: Store,
        config: Config,
        clock: Arc<dyn Clock>,
        seed: Option<u64>,
    ) -> Result<Arc<Service>, StoreError> {
        let (outbound, _) = broadcast::channel(1024);
        let (changes, _) = broadcast::channel(4096);
        let service = Service {
            store,
            config,
            clock,
            slots: Mutex::new(HashMap::new()),
            chats: Mutex::new(HashMap::new()),
            outbound,
            changes,
            seed,
            tables_opened: AtomicU64::new(0),
            in_flight: Default::default(),
            last_sweep: Default::default(),
            metrics: Arc::new(Metrics::new()),
            computers: Default::default(),
            store_watch: Default::default(),
            boards: Default::default(),
        };
        let tables = service.store.open_tables().await?;
        info!(tables = tables.len(), "loaded open tables");
        {
            let mut slots = lock(&service.slots);
            for table in tables {
                let slot = Slot {
                    loaded: true,
                    table: Some(table.clone()),
                    last_used: service.now(),
                    ..Slot::default()
                };
                slots.insert(table.chat.clone(), Arc::new(tokio::sync::Mutex::new(slot)));
            }
        }
        Ok(Arc::new(service))
    }

    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.metrics
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Replies nobody asked for (timers). Each adapter filters its own chats.
    pub fn subscribe(&self) -> broadcast::Receiver<Outbound> {
        self.outbound.subscribe()
    }

    /// Hands the public part of `reply` (a move made outside the place's chat: in the web
    /// page) to the chat's adapter, as timer moves are: the chat's table message follows.
    /// A refusal, or a reply without a table, changes no chat.
    pub fn announce(&self, place: &ChatId, reply: &Reply) {
        if reply.is_error() || reply.table.is_none() {
            return;
        }
        let public = Reply {
            table: reply.table.clone(),
            reveals: reply.reveals.clone(),
            notices: reply.notices.clone(),
            lang: reply.lang,
            actor_lang: reply.lang,
            ..Reply::default()
        };
        let _ = self.outbound.send(Outbound {
            chat: place.clone(),
            reply: public,
        });
    }

    fn slot(&self, place: &ChatId) -> Arc<tokio::sync::Mutex<Slot>> {
        shared(&self.slots, place)
    }

    /// The place's open table, from the store unless cached. A database other processes
    /// write to is asked every time: their moves are in no cache here.
    async fn load(&self, place: &ChatId, slot: &mut Slot) -> Result<(), StoreError> {
        if !slot.loaded || self.store.backend().shared() {
            slot.table = self.store.open_table(place).await?;
            slot.loaded = true;
        }
        Ok(())
    }

    /// Handles one command. Never fails: errors become a private notice for the actor, and
    /// a refused command changes nothing.
    pub async fn handle(&self, cmd: Command) -> Reply {
        let in_flight = lifecycle::InFlight::enter(&self.in_flight);
        let started = std::time::Instant::now();
        let platform = cmd.chat.platform().to_owned();
        if in_flight.count() > self.config.max_commands_in_flight as usize {
            // Overloaded: refuse at once rather than queue, so memory stays bounded; the
            // player may press again in a moment.
            self.metrics.command(&platform, Outcome::Busy, 0.0);
            return Reply::error(ServiceError::Busy, cmd.actor.lang.unwrap_or_default());
        }
        if self.refuses_commands() {
            // The database is known to be gone: asking it would only wait for the pool.
            self.metrics.command(&platform, Outcome::Unreachable, 0.0);
            return Reply::error(
                ServiceError::Unreachable,
                cmd.actor.lang.unwrap_or_default(),
            );
        }
        let (reply, outcome) = self.handle_counted(cmd).await;
        let seconds = started.elapsed().as_secs_f64();
        self.metrics.command(&platform, outcome, seconds);
        reply
    }

    /// The place's table as stored, read for an adapter's own use (to show a table another
    /// process moved on, or to post it again): a `Show` by `viewer` that no player sent, so
    /// it is not counted among the commands.
    pub async fn view(&self, place: &ChatId, viewer: Actor) -> Reply {
        let show = Command::new(place.clone(), viewer, Request::Show);
        self.handle_counted(show).await.0
    }

    /// [`Service::handle`], and how the command ended.
    async fn handle_counted(&self, cmd: Command) -> (Reply, Outcome) {
        let slot = self.slot(&cmd.chat);
        let mut slot = slot.lock().await;
        if self.refuses_commands() {
            // Found gone while this command waited for the one before it.
            let lang = cmd.actor.lang.unwrap_or_default();
            return (
                Reply::error(ServiceError::Unreachable, lang),
                Outcome::Unreachable,
            );
        }
        slot.last_used = self.now();
        let request_id = cmd.request_id.clone().filter(|_| cmd.request.mutates());
        if let Some(id) = &request_id
            && slot.recent.contains(id)
        {
            return (duplicate(&cmd, &slot), Outcome::Duplicate);
        }
        let mut result = self.route(&cmd, &mut slot).await;
        for _ in 0..STALE_RETRIES {
            if !matches!(result, Err(Failure::Store(StoreError::Stale))) {
                break;
            }
            // Another process stored a move of this table first: decide again on its state.
            debug!(chat = %cmd.chat, "table changed elsewhere; deciding again");
            self.metrics.decided_again();
            slot.loaded = false;
            slot.table = None;
            result = self.route(&cmd, &mut slot).await;
        }
        if let (Some(id), Ok(_)) = (request_id, &result) {
            if slot.recent.len() >= RECENT_REQUESTS {
                slot.recent.pop_front();
            }
            slot.recent.push_back(id);
        }
        match result {
            Ok(reply) => (reply, Outcome::Ok),
            Err(Failure::Service(e, langs)) => {
                debug!(chat = %cmd.chat, error = %e, "command refused");
                if e == ServiceError::Unreachable {
                    self.store_suspect();
                }
                let zone = self.zone_of(&cmd.chat).await;
                let user = &cmd.actor.user;
                let reply = from_table::refusal(e, slot.table.as_ref(), user, langs, &zone);
                (reply, Outcome::Refused)
            }
            Err(Failure::Store(StoreError::Duplicate)) => {
                (duplicate(&cmd, &slot), Outcome::Duplicate)
            }
            Err(Failure::Store(e)) => {
                self.metrics.store_error();
                // The cached state may be ahead of the database: reload on next use.
                slot.loaded = false;
                slot.table = None;
                self.forget_settings(&cmd.chat.group());
                let lang = cmd.actor.lang.unwrap_or_default();
                if e.is_unreachable() {
                    // Said once for the outage, not once per command.
                    debug!(chat = %cmd.chat, error = %e, "database gone; command not applied");
                    self.store_failed(&e);
                    let reply = Reply::error(ServiceError::Unreachable, lang);
                    return (reply, Outcome::Unreachable);
                }
                error!(chat = %cmd.chat, error = %e, "storage failed; command not applied");
                (
                    Reply::error(ServiceError::Storage, lang),
                    Outcome::StorageError,
                )
            }
        }
    }

    /// One command, by the kind of its request.
    async fn route(&self, cmd: &Command, slot: &mut Slot) -> Result<Reply, Failure> {
        let settings = self.settings_for(cmd).await?;
        let public = cmd.chat_lang.or(settings.lang).unwrap_or_default();
        let langs = Langs {
            public,
            actor: cmd.actor.lang.unwrap_or(public),
        };
        let fail = |e: ServiceError| Failure::Service(e, langs);
        // Ledger and settings commands are rare: ask the database whether a repeat was
        // handled before (table moves find out in their commit).
        if let Some(id) = &cmd.request_id
            && (cmd.request.is_ledger() || cmd.request.is_setting())
            && self.store.seen_request(id).await?
        {
            return Err(Failure::Store(StoreError::Duplicate));
        }
        let reply = match &cmd.request {
            request if request.is_setting() => {
                self.change_settings(cmd, settings.clone(), langs).await
            }
            Request::Paid { debtor } => self.paid(cmd, debtor.as_ref(), slot).await,
            Request::Club(request) => self.club(cmd, request, &settings, langs).await,
            Request::Tournament(request) => self.tournament(cmd, request, &settings, langs).await,
            Request::Undo => {
                if self.undoes_round(cmd, slot).await? {
                    return self.table_command(cmd, &settings, slot, langs).await;
                }
                self.undo(cmd).await
            }
            Request::History { page } => self.history(cmd, *page, &settings).await,
            Request::Export => self.export(cmd).await,
            Request::Verify { game } => {
                self.load(&cmd.chat, slot).await?;
                self.verify(cmd, *game, slot)
                    .await
                    .map(|c| content(c, langs.public))
            }
            Request::Fairness => self.fairness(cmd).await.map(|c| content(c, langs.public)),
            Request::Show | Request::Reveal => {
                self.load(&cmd.chat, slot).await?;
                self.show(cmd, slot, &settings, langs).await
            }
            Request::Hint => {
                self.load(&cmd.chat, slot).await?;
                self.hint(cmd, slot, &settings, langs).await
            }
            request if request.is_read_only() => self.read(cmd, &settings, langs).await,
            _ => {
                self.load(&cmd.chat, slot).await?;
                let mut reply = self.table_command(cmd, &settings, slot, langs).await?;
                self.offer_hints(&mut reply, &settings);
                return Ok(reply);
            }
        };
        let mut reply = reply.map_err(fail)?;
        reply.actor_lang = langs.actor;
        self.offer_hints(&mut reply, &settings);
        Ok(reply)
    }

    /// Remembers the platform message that shows a table, so edits go there.
    pub async fn set_message_ref(&self, chat: &ChatId, table_id: i64, message_ref: String) {
        let slot = self.slot(chat);
        let mut slot = slot.lock().await;
        let Some(table) = slot.table.as_mut().filter(|t| t.id == table_id) else {
            return;
        };
        if table.message_ref.as_deref() == Some(message_ref.as_str()) {
            return;
        }
        table.message_ref = Some(message_ref);
        if let Err(e) = self.store.set_message_ref(table).await {
            warn!(chat = %chat, error = %e, "could not store the table message reference");
        }
    }

    /// A Telegram group became a supergroup: its table, ledger and statistics follow.
    pub async fn migrate_chat(&self, old: &ChatId, new: &ChatId) -> Result<(), StoreError> {
        let old_slot = self.slot(old);
        let new_slot = self.slot(new);
        let mut old_guard = old_slot.lock().await;
        let mut new_guard = new_slot.lock().await;
        self.store.migrate_chat(old, new).await?;
        for guard in [&mut old_guard, &mut new_guard] {
            guard.loaded = false;
            guard.table = None;
        }
        self.forget_settings(old);
        self.forget_settings(new);
        info!(old = %old, new = %new, "chat migrated");
        Ok(())
    }
}

enum Failure {
    /// Refused: the reason, and the languages to say it in (the table in the chat's).
    Service(ServiceError, Langs),
    Store(StoreError),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Failure::Store(e)
    }
}

fn lock<T>(map: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic while holding this lock cannot leave the map half-changed.
    map.lock().unwrap_or_else(|p| p.into_inner())
}

fn shared<T: Default>(map: &Shared<T>, key: &ChatId) -> Arc<tokio::sync::Mutex<T>> {
    lock(map).entry(key.clone()).or_default().clone()
}

fn lang_of(cmd: &Command) -> Lang {
    cmd.chat_lang.or(cmd.actor.lang).unwrap_or_default()
}

fn content(content: Content, lang: Lang) -> Reply {
    Reply {
        content: Some(content),
        lang,
        actor_lang: lang,
        ..Reply::default()
    }
}

/// The platform delivered this request before: answer, change nothing.
fn duplicate(cmd: &Command, slot: &Slot) -> Reply {
    let lang = cmd.actor.lang.unwrap_or_default();
    Reply {
        private_notices: vec![Notice::Duplicate],
        table: slot
            .table
            .as_ref()
            .map(|t| public_table(t, crate::time::DEFAULT_ZONE)),
        lang,
        actor_lang: lang,
        ..Reply::default()
    }
}

/// The settings every command starts from, with the chat's language as the platform last
/// told it (messages nobody asked for, timers, use it too, also after a restart).
impl Service {
    async fn settings_for(&self, cmd: &Command) -> Result<ChatSettings, StoreError> {
        let group = cmd.chat.group();
        match cmd.chat_lang {
            Some(lang) => self.remember_lang(&group, lang).await,
            None => self.settings(&group).await,
        }
    }
}
