//! The poise framework around the bot: the slash commands and their registration once the
//! gateway is ready, the bot's state, the timer forwarder, and button clicks (poise routes
//! only slash commands).

use crate::bot::Bot;
use crate::commands::{self, Data, Error};
use crate::langs::ChatLangs;
use crate::outbox::{Outbox, Rest};
use crate::timers;
use bot_core::service::Service;
use serenity::all::{FullEvent, GuildId, Interaction};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::task::JoinHandle;
use tracing::{error, info};

mod errors;

/// What the framework needs, and what it leaves behind when the client stops.
#[derive(Clone)]
pub struct Setup {
    service: Arc<Service>,
    guild: Option<GuildId>,
    defer_after: Duration,
    /// Table messages get a button that launches the Activity (the table in the browser).
    activity: bool,
    /// The table writes' REST path.
    rest: Rest,
    /// Why the bot stopped, if setting it up failed.
    failure: Arc<Mutex<Option<String>>>,
    /// The task that shows timer moves and forgets idle channels (one per session; a new
    /// session replaces it).
    forwarder: Arc<Mutex<Option<JoinHandle<()>>>>,
    /// The bot's state once the gateway is ready (a stop waits for its outbox).
    bot: Arc<Mutex<Option<Data>>>,
}

impl Setup {
    pub fn new(
        service: Arc<Service>,
        guild: Option<GuildId>,
        defer_after: Duration,
        rest: Rest,
    ) -> Setup {
        Setup {
            service,
            guild,
            defer_after,
            activity: false,
            rest,
            failure: Arc::default(),
            forwarder: Arc::default(),
            bot: Arc::default(),
        }
    }

    /// Table messages get a button that launches the Activity.
    pub fn with_activity(mut self, activity: bool) -> Setup {
        self.activity = activity;
        self
    }

    pub fn framework(&self) -> poise::Framework<Data, Error> {
        let setup = self.clone();
        poise::Framework::builder()
            .options(framework_options())
            // Owners are not used; asking for them costs a request at every start.
            .initialize_owners(false)
            .setup(move |ctx, ready, framework| {
                Box::pin(async move {
                    info!(
                        user = %ready.user.name,
                        guilds = ready.guilds.len(),
                        "connected to Discord"
                    );
                    setup.register(ctx, framework).await?;
                    Ok(setup.start_bot())
                })
            })
            .build()
    }

    async fn register(
        &self,
        ctx: &serenity::all::Context,
        framework: &poise::Framework<Data, Error>,
    ) -> Result<(), Error> {
        let commands = &framework.options().commands;
        let registered = match self.guild {
            Some(g) => poise::builtins::register_in_guild(&ctx.http, commands, g).await,
            None => poise::builtins::register_globally(&ctx.http, commands).await,
        };
        if let Err(e) = registered {
            let message = format!("could not register the slash commands: {e}");
            error!("{message}");
            *self.failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(message.clone());
            framework.shard_manager().shutdown_all().await;
            return Err(anyhow::anyhow!(message));
        }
        info!(
            scope = if self.guild.is_some() {
                "guild"
            } else {
                "global"
            },
            "slash commands registered"
        );
        Ok(())
    }

    fn start_bot(&self) -> Data {
        let bot = Arc::new(Bot {
            outbox: Outbox::new(self.rest.clone(), self.service.clone()),
            langs: ChatLangs::default(),
            service: self.service.clone(),
            defer_after: self.defer_after,
            activity: self.activity,
        });
        let forward = timers::forward(bot.clone(), self.service.subscribe());
        let forget = forget_idle(bot.clone(), self.service.config().forget_after());
        let task = tokio::spawn(async move {
            tokio::join!(forward, forget);
        });
        if let Some(old) = self
            .forwarder
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .replace(task)
        {
            old.abort();
        }
        *self.bot.lock().unwrap_or_else(|p| p.into_inner()) = Some(bot.clone());
        bot
    }

    /// The bot's state, once the gateway was ready.
    pub fn bot(&self) -> Option<Data> {
        self.bot.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The client stopped: no more timer moves.
    pub fn stop(&self) {
        if let Some(task) = self
            .forwarder
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
        {
            task.abort();
        }
    }

    /// Why setting the bot up failed, if it did.
    pub fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }
}

/// The slash command, the button handler, and one answer in the user's language to every
/// error poise meets (its default handler speaks English, or nothing). Cooldowns are manual
/// (and none is set): poise's automatic cooldowns would note every user, channel, server and
/// member that ever ran a command, in maps that are never emptied, so the memory would follow
/// every chat ever seen.
fn framework_options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: vec![
            commands::schocken(),
            commands::club(),
            commands::tournament(),
        ],
        event_handler: |ctx, event, _framework, bot| Box::pin(on_event(ctx, event, bot)),
        on_error: |error| Box::pin(errors::on_error(error)),
        manual_cooldowns: true,
        ..Default::default()
    }
}

/// Once a minute, forgets what idle channels left in memory (never, without a limit).
async fn forget_idle(bot: Data, idle: Option<Duration>) {
    let Some(idle) = idle else {
        return;
    };
    let mut every = tokio::time::interval(Duration::from_secs(60));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let langs = bot.langs.forget_idle(idle);
        let channels = bot.outbox.forget_idle(idle);
        tracing::debug!(langs, channels, "forgot idle channels");
    }
}

/// Button clicks (poise routes only the slash commands).
async fn on_event(
    ctx: &serenity::all::Context,
    event: &FullEvent,
    bot: &Data,
) -> Result<(), Error> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(click),
    } = event
    {
        bot.click(&ctx.http, click).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Memory follows the active chats: no command keeps a cooldown map of its own, which
    /// would hold every user and channel that ever ran it.
    #[test]
    fn commands_note_no_cooldowns_of_every_user_and_channel() {
        let options = framework_options();
        assert!(options.manual_cooldowns);
        let mut commands: Vec<&poise::Command<Data, Error>> = options.commands.iter().collect();
        while let Some(command) = commands.pop() {
            assert_ne!(
                command.manual_cooldowns,
                Some(false),
                "/{} would note its users",
                command.qualified_name
            );
            commands.extend(command.subcommands.iter());
        }
    }
}
