//! The running bot: its shared state, the start-up (who am I, no webhook, the command menus),
//! and the long-polling dispatcher. Updates of one chat are handled one after another
//! (teloxide's default distribution by chat); chats run in parallel.

use crate::handlers;
use crate::identity;
use crate::memory::{PrivateChats, TableChats, TableMessages};
use crate::present::{Origin, system_actor};
use crate::send::{Api, Redactor, retry};
use crate::{commands, outbound, text};
use bot_core::service::{Command, Request, Service};
use bot_core::text::Lang;
use std::sync::Arc;
use std::time::Duration;
use teloxide::RequestError;
use teloxide::dispatching::{Dispatcher, UpdateFilterExt};
use teloxide::payloads::SetMyCommandsSetters;
use teloxide::requests::Request as _;
use teloxide::types::{BotCommand, Me, Update};
use teloxide::update_listeners::Polling;
use teloxide::{ApiError, dptree};
use tracing::{info, warn};

/// How long one `getUpdates` call waits for updates.
const POLL_TIMEOUT: Duration = Duration::from_secs(10);

/// Everything the handlers share.
pub struct App<B> {
    pub bot: B,
    pub service: Arc<Service>,
    /// The bot's username (`/cmd@username`, deep links).
    pub username: String,
    pub redact: Redactor,
    pub tables: TableChats,
    pub messages: TableMessages,
    pub private: PrivateChats,
}

impl<B: Api> App<B> {
    pub fn new(bot: B, service: Arc<Service>, username: String, redact: Redactor) -> App<B> {
        App {
            bot,
            service,
            username,
            redact,
            tables: TableChats::default(),
            messages: TableMessages::default(),
            private: PrivateChats::default(),
        }
    }

    /// A group became a supergroup: the service moves table, ledger and statistics; the
    /// adapter's memory follows. Telegram tells it twice (old and new chat): the second time
    /// there is nothing left to move.
    pub async fn migrate(&self, old: i64, new: i64) {
        if old == new {
            return;
        }
        self.migrate_data(old, new).await;
        self.repost(new).await;
    }

    /// Moves the chat's data (a send to the old group failed with its new id).
    pub async fn migrate_data(&self, old: i64, new: i64) {
        match self
            .service
            .migrate_chat(&identity::chat_id(old), &identity::chat_id(new))
            .await
        {
            Ok(()) => info!(old, new, "group became a supergroup; its table follows"),
            Err(e) => warn!(old, new, error = %e, "could not move the chat's data"),
        }
        self.tables.migrate(old, new);
        self.messages.forget(old);
    }

    /// The old group's table message is gone with the group: posts the open table anew.
    async fn repost(&self, new: i64) {
        let show = Command::new(identity::chat_id(new), system_actor(), Request::Show);
        let reply = self.service.handle(show).await;
        if reply
            .table
            .as_ref()
            .is_some_and(|t| t.status.is_open() && !self.shown_in(new, t.table_id))
        {
            self.present(new, Some(&Request::Show), &reply, Origin::System)
                .await;
        }
    }

    /// Whether `chat` shows table `table` already (a second migration notice changes nothing).
    fn shown_in(&self, chat: i64, table: i64) -> bool {
        self.messages
            .slot(chat)
            .try_lock()
            .map(|m| m.shown.is_some_and(|(t, _)| t == table))
            .unwrap_or(true)
    }
}

/// Asks Telegram who the bot is, retrying while the network is down; a rejected token ends it.
async fn who_am_i<B: Api>(bot: &B, redact: &Redactor) -> anyhow::Result<Me> {
    let mut wait = Duration::from_millis(500);
    loop {
        match retry("getMe", || bot.get_me().send()).await {
            Ok(me) => return Ok(me),
            Err(RequestError::Api(ApiError::InvalidToken)) => {
                anyhow::bail!("Telegram rejected the bot token (TELOXIDE_TOKEN)")
            }
            Err(e) => {
                warn!(error = %redact.clean(&e), "cannot reach Telegram; trying again");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(30));
            }
        }
    }
}

/// Long polling needs no webhook: remove one that is set.
async fn drop_webhook<B: Api>(bot: &B, redact: &Redactor) {
    match retry("getWebhookInfo", || bot.get_webhook_info().send()).await {
        Ok(info) if info.url.is_some() => {
            if let Err(e) = retry("deleteWebhook", || bot.delete_webhook().send()).await {
                warn!(error = %redact.clean(&e), "could not delete the webhook");
            } else {
                info!("deleted the webhook: this bot uses long polling");
            }
        }
        Ok(_) => {}
        Err(e) => warn!(error = %redact.clean(&e), "could not ask for the webhook"),
    }
}

fn menu(lang: Lang) -> Vec<BotCommand> {
    commands::menu(lang)
        .into_iter()
        .map(|(name, id)| BotCommand::new(name, text::tr(lang, id, &[])))
        .collect()
}

/// The command menus: English by default, German for German clients.
async fn register_commands<B: Api>(bot: &B, redact: &Redactor) {
    let english = menu(Lang::En);
    if let Err(e) = retry("setMyCommands", || {
        bot.set_my_commands(english.clone()).send()
    })
    .await
    {
        warn!(error = %redact.clean(&e), "could not register the English command menu");
    }
    let german = menu(Lang::De);
    if let Err(e) = retry("setMyCommands", || {
        bot.set_my_commands(german.clone())
            .language_code(Lang::De.code())
            .send()
    })
    .await
    {
        warn!(error = %redact.clean(&e), "could not register the German command menu");
    }
}

/// Runs the bot until polling ends (the task is usually aborted by the binary).
pub async fn run<B>(service: Arc<Service>, bot: B, redact: Redactor) -> anyhow::Result<()>
where
    B: Api,
    B::GetUpdates: Send,
{
    let me = who_am_i(&bot, &redact).await?;
    let username = me.user.username.clone().unwrap_or_default();
    info!(bot = %username, "connected to Telegram (long polling)");
    drop_webhook(&bot, &redact).await;
    register_commands(&bot, &redact).await;

    let app = Arc::new(App::new(
        bot.clone(),
        service.clone(),
        username,
        redact.clone(),
    ));
    match service.store().open_tables().await {
        Ok(tables) => {
            for t in tables {
                if let Some(chat) = identity::telegram_chat(&t.chat) {
                    app.tables.remember(t.id, chat);
                }
            }
        }
        Err(e) => warn!(error = %e, "could not list the open tables"),
    }
    // Timer moves: subscribed before the first update, so none is missed.
    let timers = tokio::spawn(outbound::forward(app.clone(), service.subscribe()));

    let handler = dptree::entry()
        .branch(Update::filter_message().endpoint(handlers::on_message::<B>))
        .branch(Update::filter_callback_query().endpoint(handlers::on_callback::<B>));
    let listener = Polling::builder(bot.clone())
        .timeout(POLL_TIMEOUT)
        .backoff_strategy(|errors| {
            Duration::from_millis(250u64 << errors.min(7)).min(Duration::from_secs(30))
        })
        .build();
    let listener_errors = {
        let redact = redact.clone();
        Arc::new(move |e: RequestError| {
            let text = redact.clean(&e);
            async move { warn!(error = %text, "getUpdates failed; polling again") }
        })
    };
    let mut dispatcher = Dispatcher::builder(bot, handler)
        .dependencies(dptree::deps![app])
        .default_handler(|_| async {})
        .build();
    let result = dispatcher
        .try_dispatch_with_listener(listener, listener_errors)
        .await;
    timers.abort();
    result.map_err(|e| anyhow::anyhow!("Telegram: {}", redact.clean(&e)))
}
