//! The platform-neutral game service: every adapter calls it. It serializes the commands of
//! one table, asks the table logic and the engine, commits to SQLite before it answers, and
//! builds the one reply model adapters render.

pub mod args;
pub mod clock;
pub mod command;
pub mod error;
pub mod ids;
pub mod judge_text;
mod ledger;
pub mod reply;
mod settings;
pub mod table;

pub use clock::{Clock, ManualClock, SystemClock};
pub use command::{Actor, Command, Request, UserRef};
pub use error::ServiceError;
pub use ids::{ButtonAction, ButtonId, ChatId, UserId};
pub use reply::{Content, Notice, PrivateView, PublicTable, Reply};
pub use table::{Table, TableStatus};

use crate::config::Config;
use crate::engine::{Event, Seat, Viewer, dice};
use crate::store::{ChatSettings, Store, StoreError};
use crate::text::Lang;
use rand::Rng;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use table::{TableContext, TableOutcome};
use tokio::sync::broadcast;
use tracing::{debug, error, info, warn};

/// A reply nobody asked for (a turn timer ran out, an idle table closed), for the adapter of
/// the chat's platform.
#[derive(Clone, Debug)]
pub struct Outbound {
    pub chat: ChatId,
    pub reply: Reply,
}

/// The cached state of one chat; its mutex serializes the chat's commands.
#[derive(Default)]
struct Slot {
    loaded: bool,
    table: Option<Table>,
    /// The chat's settings, cached (changed only through this slot).
    settings: Option<ChatSettings>,
    /// The rule set those settings give, cached with them.
    rules: Option<crate::engine::RuleSet>,
    /// Request ids this chat handled lately (the database's `requests` table is the full
    /// record; this answers a quick repeat without a query).
    recent: std::collections::VecDeque<String>,
}

/// How many request ids a chat remembers in memory.
const RECENT_REQUESTS: usize = 64;

pub struct Service {
    store: Store,
    config: Config,
    clock: Arc<dyn Clock>,
    slots: Mutex<HashMap<ChatId, Arc<tokio::sync::Mutex<Slot>>>>,
    outbound: broadcast::Sender<Outbound>,
    /// With a fixed seed every new table's dice follow from it (tests, the terminal's
    /// `--seed`); otherwise they come from the operating system.
    seed: Option<u64>,
    tables_opened: AtomicU64,
}

/// Mixes a table's seed with a step number into the seed of that step's dice.
fn step_seed(seed: u64, step: u64) -> u64 {
    let mut z = seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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
        let service = Service {
            store,
            config,
            clock,
            slots: Mutex::new(HashMap::new()),
            outbound,
            seed,
            tables_opened: AtomicU64::new(0),
        };
        let tables = service.store.open_tables().await?;
        info!(tables = tables.len(), "loaded open tables");
        {
            let mut slots = service.lock_slots();
            for table in tables {
                let slot = Slot {
                    loaded: true,
                    table: Some(table.clone()),
                    ..Slot::default()
                };
                slots.insert(table.chat.clone(), Arc::new(tokio::sync::Mutex::new(slot)));
            }
        }
        Ok(Arc::new(service))
    }

    pub fn store(&self) -> &Store {
        &self.store
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

    fn lock_slots(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<ChatId, Arc<tokio::sync::Mutex<Slot>>>> {
        // A panic while holding this lock cannot leave the map half-changed.
        self.slots.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn slot(&self, chat: &ChatId) -> Arc<tokio::sync::Mutex<Slot>> {
        self.lock_slots().entry(chat.clone()).or_default().clone()
    }

    async fn load(&self, chat: &ChatId, slot: &mut Slot) -> Result<(), StoreError> {
        if !slot.loaded {
            slot.table = self.store.open_table(chat).await?;
            slot.loaded = true;
        }
        Ok(())
    }

    fn new_seed(&self) -> u64 {
        match self.seed {
            Some(base) => step_seed(base, self.tables_opened.fetch_add(1, Ordering::Relaxed)),
            None => rand::rng().random(),
        }
    }

    fn turn_ms(&self, settings: &ChatSettings) -> i64 {
        i64::from(
            settings
                .turn_timer
                .unwrap_or(self.config.turn_timer_seconds),
        ) * 1000
    }

    async fn settings(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        let mut settings = self.store.chat_settings(chat).await?;
        if settings.preset.is_empty() {
            settings.preset = self.config.default_rules.clone();
        }
        Ok(settings)
    }

    /// Handles one command. Never fails: errors become a private notice for the actor, and
    /// a refused command changes nothing.
    pub async fn handle(&self, cmd: Command) -> Reply {
        let slot = self.slot(&cmd.chat);
        let mut slot = slot.lock().await;
        let request_id = cmd.request_id.clone().filter(|_| cmd.request.mutates());
        if let Some(id) = &request_id
            && slot.recent.contains(id)
        {
            return self.duplicate(&cmd, &slot);
        }
        let result = self.handle_locked(&cmd, &mut slot).await;
        if let (Some(id), Ok(_)) = (request_id, &result) {
            if slot.recent.len() >= RECENT_REQUESTS {
                slot.recent.pop_front();
            }
            slot.recent.push_back(id);
        }
        match result {
            Ok(reply) => reply,
            Err(Failure::Service(e, lang)) => {
                debug!(chat = %cmd.chat, error = %e, "command refused");
                let mut reply = Reply::error(e.clone(), lang);
                // The table comes along so the refusal can name who is to play; adapters
                // leave the table message as it is for a refusal.
                reply.table = slot.table.as_ref().map(public_table);
                if e == ServiceError::Stale
                    && let Some(table) = slot.table.as_ref()
                {
                    // Show the current state instead of the outdated buttons.
                    reply.private = private_view(table, &cmd.actor.user, lang);
                }
                reply
            }
            Err(Failure::Store(StoreError::Duplicate)) => self.duplicate(&cmd, &slot),
            Err(Failure::Store(e)) => {
                error!(chat = %cmd.chat, error = %e, "storage failed; command not applied");
                // The cached state may be ahead of the database: reload on next use.
                slot.loaded = false;
                slot.table = None;
                Reply::error(ServiceError::Storage, cmd.actor.lang.unwrap_or_default())
            }
        }
    }

    /// The platform delivered this request before: answer, change nothing.
    fn duplicate(&self, cmd: &Command, slot: &Slot) -> Reply {
        let lang = cmd.actor.lang.unwrap_or_default();
        Reply {
            private_notices: vec![Notice::Duplicate],
            table: slot.table.as_ref().map(public_table),
            lang,
            actor_lang: lang,
            ..Reply::default()
        }
    }

    async fn handle_locked(&self, cmd: &Command, slot: &mut Slot) -> Result<Reply, Failure> {
        let mut settings = match slot.settings.clone() {
            Some(s) => s,
            None => self.settings(&cmd.chat).await?,
        };
        // The chat's language as the platform last told it: messages nobody asked for
        // (timers) use it too, also after a restart.
        if let Some(chat_lang) = cmd.chat_lang
            && settings.lang != Some(chat_lang)
        {
            settings.lang = Some(chat_lang);
            self.store
                .save_chat_settings(&settings, None, self.now())
                .await?;
        }
        slot.settings = Some(settings.clone());
        let lang = cmd.chat_lang.or(settings.lang).unwrap_or_default();
        let actor_lang = cmd.actor.lang.unwrap_or(lang);
        let fail = |e: ServiceError| Failure::Service(e, actor_lang);
        // Ledger and settings commands are rare: ask the database whether a repeat was
        // handled before (table moves find out in their commit).
        let ledger_or_settings = matches!(
            cmd.request,
            Request::Paid { .. }
                | Request::Undo
                | Request::SetRules { .. }
                | Request::SetTimer { .. }
                | Request::CloseSeason
        );
        if let Some(id) = &cmd.request_id
            && ledger_or_settings
            && self.store.seen_request(id).await?
        {
            return Err(Failure::Store(StoreError::Duplicate));
        }
        let mut reply = match &cmd.request {
            Request::ShowRules => {
                let rules = settings.rules().map_err(|e| fail(e.into()))?;
                Ok(content(
                    Content::Rules {
                        rules,
                        timer_seconds: settings
                            .turn_timer
                            .unwrap_or(self.config.turn_timer_seconds),
                    },
                    lang,
                ))
            }
            Request::SetRules { preset, switches } => {
                slot.settings = None;
                slot.rules = None;
                self.set_rules(cmd, settings, preset.as_deref(), switches, slot)
                    .await
            }
            Request::SetTimer { seconds } => {
                slot.settings = None;
                slot.rules = None;
                self.set_timer(cmd, settings, *seconds).await
            }
            Request::Debts => Ok(content(
                Content::Debts(self.store.debts(&cmd.chat).await?),
                lang,
            )),
            Request::History { page } => self.history(cmd, *page).await,
            Request::Paid { debtor } => self.paid(cmd, debtor.as_ref(), slot).await,
            Request::Undo => self.undo(cmd).await,
            Request::Export => self.export(cmd).await,
            Request::Stats => {
                let lines = self.store.stats(&cmd.chat, settings.season).await?;
                Ok(content(
                    Content::Stats {
                        season: settings.season,
                        lines,
                    },
                    lang,
                ))
            }
            Request::CloseSeason => {
                if !cmd.actor.admin {
                    return Err(fail(ServiceError::AdminOnly));
                }
                slot.settings = None;
                slot.rules = None;
                let next = self
                    .store
                    .close_season(
                        &cmd.chat,
                        settings.season,
                        cmd.actor.user.as_str(),
                        self.now(),
                        cmd.request_id.as_deref(),
                    )
                    .await?;
                let mut reply = content(Content::Help, lang);
                reply.content = None;
                reply
                    .notices
                    .push(Notice::SeasonClosed { season: next - 1 });
                Ok(reply)
            }
            Request::Judge { text } => self.judge(text, &settings, lang),
            Request::Help => Ok(content(Content::Help, lang)),
            Request::Reveal => {
                self.load(&cmd.chat, slot).await?;
                let table = match slot.table.clone() {
                    Some(t) => Some(t),
                    None => self.store.latest_table(&cmd.chat).await?,
                };
                let summary = table
                    .as_ref()
                    .and_then(|t| t.game.as_ref())
                    .and_then(|g| g.last_round().cloned());
                match (summary, table) {
                    (Some(s), Some(t)) => Ok(content(
                        Content::Reveal {
                            summary: Box::new(s),
                            table: Box::new(public_table(&t)),
                        },
                        lang,
                    )),
                    _ => Err(ServiceError::NotRunning),
                }
            }
            Request::Show => {
                self.load(&cmd.chat, slot).await?;
                // The open table, or else how the last game ended.
                let table = match slot.table.clone() {
                    Some(t) => Some(t),
                    None => self.store.latest_table(&cmd.chat).await?,
                };
                match table {
                    Some(table) => Ok(Reply {
                        table: Some(public_table(&table)),
                        private: private_view(&table, &cmd.actor.user, actor_lang),
                        lang,
                        actor_lang,
                        ..Reply::default()
                    }),
                    None => Err(ServiceError::NoTable),
                }
            }
            _ => {
                self.load(&cmd.chat, slot).await?;
                return self
                    .table_command(cmd, &settings, slot, lang, actor_lang)
                    .await;
            }
        }
        .map_err(fail)?;
        reply.actor_lang = actor_lang;
        Ok(reply)
    }

    async fn table_command(
        &self,
        cmd: &Command,
        settings: &ChatSettings,
        slot: &mut Slot,
        lang: Lang,
        actor_lang: Lang,
    ) -> Result<Reply, Failure> {
        let fail = |e: ServiceError| Failure::Service(e, actor_lang);
        let rules = match slot.rules.clone() {
            Some(rules) => rules,
            None => {
                let rules = settings.rules().map_err(|e| fail(e.into()))?;
                slot.rules = Some(rules.clone());
                rules
            }
        };
        let now = self.now();
        let ctx = TableContext {
            now,
            rules,
            season: settings.season,
            seed: self.new_seed(),
            turn_ms: self.turn_ms(settings),
        };
        let current = slot.table.as_ref().filter(|t| t.status.is_open());
        let step = current
            .map(|t| (t.seed, t.log_seq + 1))
            .unwrap_or((ctx.seed, 1));
        let mut rng = dice::seeded(step_seed(step.0, step.1));
        let out = table::apply(current, cmd, &ctx, &mut rng).map_err(fail)?;
        if cmd.request == Request::Look && !out.changed {
            // Nothing to store: show the cup (or say why there is none).
            let table = &out.table;
            let private = private_view(table, &cmd.actor.user, actor_lang);
            let mut reply = Reply {
                private_notices: if private.is_none()
                    || table
                        .game
                        .as_ref()
                        .zip(table.seat_of(&cmd.actor.user))
                        .is_some_and(|(g, s)| g.round().cup(s).is_none())
                {
                    vec![Notice::NotPlaying]
                } else {
                    Vec::new()
                },
                private,
                lang,
                actor_lang,
                ..Reply::default()
            };
            reply.table = Some(public_table(table));
            return Ok(reply);
        }
        let mut out = out;
        self.commit(&mut out, cmd, now, cmd.request_id.as_deref())
            .await?;
        let reply = build_reply(&out.table, &out, cmd, lang, actor_lang);
        slot.table = Some(out.table);
        Ok(reply)
    }

    /// Stores a table outcome; on success its table has its id and log position.
    async fn commit(
        &self,
        out: &mut TableOutcome,
        cmd: &Command,
        now: i64,
        request_id: Option<&str>,
    ) -> Result<(), Failure> {
        out.table.log_seq += 1;
        let command = serde_json::to_string(&cmd.request).unwrap_or_default();
        let events = serde_json::to_string(&out.events).unwrap_or_default();
        let commit = crate::store::Commit {
            table: &out.table,
            actor: cmd.actor.user.as_str(),
            command,
            events,
            debts: &out.debts,
            stats: &out.stats,
            request_id,
            now,
        };
        let id = self.store.commit(&commit).await?;
        out.table.id = id;
        Ok(())
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
            guard.settings = None;
            guard.rules = None;
        }
        info!(old = %old, new = %new, "chat migrated");
        Ok(())
    }

    /// Runs expired turn timers and closes idle tables; call it about once a second.
    pub async fn tick(&self) {
        let now = self.now();
        let idle_ms = i64::from(self.config.idle_close_minutes) * 60_000;
        let slots: Vec<(ChatId, Arc<tokio::sync::Mutex<Slot>>)> = self
            .lock_slots()
            .iter()
            .map(|(c, s)| (c.clone(), s.clone()))
            .collect();
        for (chat, slot) in slots {
            let Ok(mut slot) = slot.try_lock() else {
                continue; // busy with a command; next tick
            };
            let Some(table) = slot.table.as_ref().filter(|t| t.status.is_open()) else {
                continue;
            };
            let idle = idle_ms > 0 && now - table.updated_at >= idle_ms;
            let expired = table.turn_deadline.is_some_and(|d| d <= now);
            if !idle && !expired {
                continue;
            }
            let Ok(settings) = self.settings(&chat).await else {
                continue;
            };
            let Ok(rules) = settings.rules() else {
                continue;
            };
            let ctx = TableContext {
                now,
                rules,
                season: settings.season,
                seed: table.seed,
                turn_ms: self.turn_ms(&settings),
            };
            let mut rng = dice::seeded(step_seed(table.seed, table.log_seq + 1));
            let (out, system) = if idle {
                (table::close_idle(table, &ctx), "system:idle")
            } else {
                (table::time_out(table, &ctx, &mut rng), "system:timer")
            };
            let Some(out) = out else {
                continue;
            };
            let lang = settings.lang.unwrap_or_default();
            let cmd = Command::new(
                chat.clone(),
                Actor {
                    user: UserId(system.into()),
                    name: system.into(),
                    lang: Some(lang),
                    admin: false,
                },
                Request::Stand,
            );
            let mut out = out;
            match self.commit(&mut out, &cmd, now, None).await {
                Ok(()) => {
                    let reply = build_reply(&out.table, &out, &cmd, lang, lang);
                    slot.table = Some(out.table);
                    let _ = self.outbound.send(Outbound { chat, reply });
                }
                Err(_) => {
                    error!(chat = %chat, "could not store a timer move");
                    slot.loaded = false;
                    slot.table = None;
                }
            }
        }
        let _ = self.store.prune_requests(now - 7 * 24 * 3_600_000).await;
    }

    /// Runs [`Service::tick`] every second until the service is dropped.
    pub fn spawn_timers(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(std::time::Duration::from_secs(1));
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                interval.tick().await;
                let Some(service) = weak.upgrade() else {
                    return;
                };
                service.tick().await;
            }
        })
    }
}

enum Failure {
    Service(ServiceError, Lang),
    Store(StoreError),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Failure::Store(e)
    }
}

/// A store failure as the user sees it: a repeated request is "already done", anything else
/// "nothing changed, try again".
fn storage_error(e: StoreError) -> ServiceError {
    match e {
        StoreError::Duplicate => ServiceError::Duplicate,
        other => {
            error!(error = %other, "storage failed");
            ServiceError::Storage
        }
    }
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

/// The public table message's content.
pub fn public_table(table: &Table) -> PublicTable {
    PublicTable {
        table_id: table.id,
        version: table.version,
        status: table.status,
        members: table.members.iter().map(|m| m.name.clone()).collect(),
        computer: table.members.iter().map(|m| m.bot).collect(),
        opener: table
            .member_index(&table.opener)
            .map(|i| table.members[i].name.clone())
            .unwrap_or_default(),
        rules: table.rules.clone(),
        view: table.game.as_ref().map(|g| g.view_for(Viewer::Public)),
        message_ref: table.message_ref.clone(),
        deadline: table.turn_deadline,
    }
}

/// The private view of `user`, if he sits at the running (or just finished) game.
pub fn private_view(table: &Table, user: &UserId, lang: Lang) -> Option<PrivateView> {
    let game = table.game.as_ref()?;
    let seat: Seat = table.seat_of(user)?;
    Some(PrivateView {
        user: user.clone(),
        lang,
        table_id: table.id,
        version: table.version,
        view: game.view_for(Viewer::Player(seat)),
        rules: table.rules.clone(),
    })
}

fn build_reply(
    table: &Table,
    out: &TableOutcome,
    cmd: &Command,
    lang: Lang,
    actor_lang: Lang,
) -> Reply {
    let mut notices = out.notices.clone();
    let mut reveals = Vec::new();
    for event in &out.events {
        if let Event::RoundScored(summary) = event {
            reveals.push((**summary).clone());
        }
        if let Some(public) = event.visible_to(Viewer::Public) {
            notices.push(Notice::Game(public));
        }
    }
    let private = match cmd.request {
        Request::Look
        | Request::Roll
        | Request::Keep { .. }
        | Request::Flip
        | Request::Stand
        | Request::Blind
        | Request::Announce { .. }
        | Request::Start
        | Request::ThrowIn => private_view(table, &cmd.actor.user, actor_lang),
        _ => None,
    };
    let next_private = table
        .current_user()
        .filter(|u| **u != cmd.actor.user)
        .filter(|_| {
            out.events
                .iter()
                .any(|e| matches!(e, Event::TurnPassed { .. } | Event::RoundStarted { .. }))
        })
        .and_then(|u| private_view(table, u, lang));
    Reply {
        table: Some(public_table(table)),
        reveals,
        notices,
        private_notices: Vec::new(),
        private,
        next_private,
        content: None,
        lang,
        actor_lang,
    }
}
