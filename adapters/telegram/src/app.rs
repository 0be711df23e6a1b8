//! The running bot: the start-up (who am I, no webhook, the command menus) and the
//! long-polling dispatcher. Updates of one chat are handled one after another (teloxide's
//! default distribution by chat) and never wait for a write to the group: writes go to the
//! outbox. Chats run in parallel.

use crate::memory::{PrivateChats, TablePlaces};
use crate::outbox::Outbox;
use crate::place::Place;
use crate::send::{Api, Redactor, retry};
use crate::state::App;
use crate::webhook::{self, WebhookConfig};
use crate::{commands, handlers, migrate, outbound};
use bot_core::service::{Service, Stop};
use bot_core::text::Lang;
use std::sync::Arc;
use std::time::Duration;
use teloxide::RequestError;
use teloxide::dispatching::ShutdownToken;
use teloxide::dispatching::{Dispatcher, UpdateFilterExt};
use teloxide::payloads::SetMyCommandsSetters;
use teloxide::requests::Request as _;
use teloxide::types::{BotCommand, Me, Update};
use teloxide::update_listeners::Polling;
use teloxide::{ApiError, dptree};
use tracing::{info, warn};

/// How long one `getUpdates` call waits for updates.
const POLL_TIMEOUT: Duration = Duration::from_secs(10);

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
        .map(|(name, description)| BotCommand::new(name, description))
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
/// How long a stop waits for the outbox (a process has 10 s to stop).
const DRAIN_LIMIT: Duration = Duration::from_secs(6);

/// Stops taking updates once the process stops; in-flight updates are handled to the end.
async fn stop_dispatching(token: ShutdownToken, mut stop: Stop) {
    stop.stopped().await;
    info!("stopping: no new Telegram updates");
    loop {
        // Refused only while the dispatcher is still starting.
        match token.shutdown() {
            Ok(done) => return done.await,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// Once a minute, forgets what idle chats and users left in memory.
async fn forget_idle<B: Api>(app: Arc<App<B>>, idle: Duration) {
    let mut every = tokio::time::interval(Duration::from_secs(60));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        app.forget_idle(idle);
    }
}

pub async fn run<B>(
    service: Arc<Service>,
    bot: B,
    redact: Redactor,
    stop: Stop,
    webhook: Option<WebhookConfig>,
    web_app: Option<crate::web_app::WebApp>,
) -> anyhow::Result<()>
where
    B: Api,
    B::GetUpdates: Send,
{
    let me = who_am_i(&bot, &redact).await?;
    let username = me.user.username.clone().unwrap_or_default();
    if webhook.is_none() {
        info!(bot = %username, "connected to Telegram (long polling)");
        drop_webhook(&bot, &redact).await;
    }
    register_commands(&bot, &redact).await;
    let (app, outbox_task) = start_app(&service, &bot, &redact, username, web_app).await;
    // Timer moves: subscribed before the first update, so none is missed.
    let timers = tokio::spawn(outbound::forward(app.clone(), service.subscribe()));
    let forgetting = service
        .config()
        .forget_after()
        .map(|idle| tokio::spawn(forget_idle(app.clone(), idle)));
    let result = dispatch(&app, bot, &redact, stop, webhook).await;
    // Stopping: the updates handled are confirmed to Telegram, the rest stay there for the
    // next process. The writes of what was handled go out first, as far as time allows.
    if !app.outbox.drained(DRAIN_LIMIT).await {
        warn!("stopping with table messages not yet written; the next move writes them");
    }
    timers.abort();
    outbox_task.abort();
    if let Some(task) = forgetting {
        task.abort();
    }
    result
}

/// The adapter's state, with the places of the open tables, and the task that handles
/// what the outbox learns.
async fn start_app<B: Api>(
    service: &Arc<Service>,
    bot: &B,
    redact: &Redactor,
    username: String,
    web_app: Option<crate::web_app::WebApp>,
) -> (Arc<App<B>>, tokio::task::JoinHandle<()>) {
    let (events, mut outbox_events) = tokio::sync::mpsc::unbounded_channel();
    let private = Arc::new(PrivateChats::default());
    let app = Arc::new(App {
        bot: bot.clone(),
        service: service.clone(),
        username,
        redact: redact.clone(),
        outbox: Outbox::new(
            bot.clone(),
            redact.clone(),
            private.clone(),
            events,
            service,
        ),
        places: TablePlaces::default(),
        private,
        web_app,
    });
    match service.open_table_places().await {
        Ok(tables) => {
            for (table, chat) in tables {
                if let Some(place) = Place::from_id(&chat) {
                    app.places.remember(table, place);
                }
            }
        }
        Err(e) => warn!(error = %e, "could not list the open tables"),
    }
    app.outbox.resume().await;
    let outbox_task = {
        let app = app.clone();
        tokio::spawn(async move {
            while let Some(event) = outbox_events.recv().await {
                migrate::on_outbox_event(&app, event).await;
            }
        })
    };
    (app, outbox_task)
}

/// Hands the updates to the handlers until the process stops: from long polling, or from
/// the webhook.
async fn dispatch<B>(
    app: &Arc<App<B>>,
    bot: B,
    redact: &Redactor,
    stop: Stop,
    webhook: Option<WebhookConfig>,
) -> anyhow::Result<()>
where
    B: Api,
    B::GetUpdates: Send,
{
    if let Some(config) = webhook {
        return webhook::serve(app.clone(), &config, stop).await;
    }
    let handler = dptree::entry()
        .branch(Update::filter_message().endpoint(handlers::on_message::<B>))
        .branch(Update::filter_callback_query().endpoint(handlers::on_callback::<B>));
    let mut dispatcher = Dispatcher::builder(bot.clone(), handler)
        .dependencies(dptree::deps![app.clone()])
        .default_handler(|_| async {})
        .build();
    let stopper = tokio::spawn(stop_dispatching(dispatcher.shutdown_token(), stop));
    let listener = Polling::builder(bot)
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
    let result = dispatcher
        .try_dispatch_with_listener(listener, listener_errors)
        .await;
    stopper.abort();
    result.map_err(|e| anyhow::anyhow!("Telegram: {}", redact.clean(&e)))
}
