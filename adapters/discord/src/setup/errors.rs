//! What poise meets around the commands — an option it cannot read, a command Discord knows
//! in another shape (an outdated registration, a forged interaction), checks, permissions,
//! cooldowns, panics — answered to the user privately in his language through the bot's
//! texts. What is ours to fix goes to the log; the user only reads that nothing changed.

use crate::commands::{Data, Error};
use bot_core::render::Surface;
use bot_core::text::{Lang, arg_num, arg_text, tr};
use poise::{Command, CommandInteractionType, FrameworkError};
use serenity::all::{
    CommandInteraction, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, Http,
};
use std::time::Duration;
use tracing::{debug, error, warn};

/// What went wrong, as the user is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Trouble {
    /// An option's value could not be read.
    BadOption,
    /// The command arrived in a shape the bot does not know (Discord shows an older version).
    Outdated,
    /// A command or subcommand the bot does not have (any more).
    UnknownCommand,
    /// The command needs a subcommand.
    NoSubcommand,
    Cooldown {
        seconds: u64,
    },
    BotPermissions,
    UserPermissions,
    /// A check said no.
    NotAllowed,
    OwnerOnly,
    ServerOnly,
    DmOnly,
    NsfwOnly,
    /// A bug or a failure of ours.
    Internal,
}

/// The global `on_error`: tells the user what he can do about it, logs the rest.
pub(super) async fn on_error(error: FrameworkError<'_, Data, Error>) {
    let Some(trouble) = trouble(&error) else {
        return;
    };
    let (http, interaction, command) = match &error {
        FrameworkError::UnknownInteraction {
            ctx, interaction, ..
        } => (ctx.http.as_ref(), *interaction, String::new()),
        _ => match error.ctx() {
            Some(poise::Context::Application(app)) => {
                if app.interaction_type == CommandInteractionType::Autocomplete {
                    // An autocomplete request cannot carry a message.
                    return;
                }
                let locale = app.interaction.locale.as_str();
                let shown = shown_command(app.parent_commands, app.command, locale);
                (app.serenity_context.http.as_ref(), app.interaction, shown)
            }
            // Prefix commands are off (no message content intent); nobody to answer.
            _ => return,
        },
    };
    let lang = Lang::from_code(&interaction.locale);
    tell(http, interaction, &text(&trouble, lang, &command)).await;
}

/// What to tell the user about `error`, logging what is ours to fix; `None`: there is nobody
/// to tell (setup, events, prefix commands).
fn trouble(error: &FrameworkError<'_, Data, Error>) -> Option<Trouble> {
    use FrameworkError as F;
    let found = match error {
        F::ArgumentParse { error, .. } => {
            debug!(error = %error, "a command option could not be read");
            Trouble::BadOption
        }
        F::CommandStructureMismatch {
            description, ctx, ..
        } => {
            warn!(
                command = %ctx.command.qualified_name,
                description,
                "a command arrived in a shape the bot does not know (an outdated registration?)"
            );
            Trouble::Outdated
        }
        F::UnknownInteraction { interaction, .. } => {
            warn!(command = %interaction.data.name, "an unknown command or subcommand");
            Trouble::UnknownCommand
        }
        F::SubcommandRequired { .. } => Trouble::NoSubcommand,
        F::CooldownHit {
            remaining_cooldown, ..
        } => Trouble::Cooldown {
            seconds: whole_seconds(*remaining_cooldown),
        },
        F::MissingBotPermissions {
            missing_permissions,
            ctx,
            ..
        } => {
            warn!(command = %ctx.command().qualified_name, missing = %missing_permissions,
                "the bot lacks permissions");
            Trouble::BotPermissions
        }
        F::MissingUserPermissions { .. } => Trouble::UserPermissions,
        F::NotAnOwner { .. } => Trouble::OwnerOnly,
        F::GuildOnly { .. } => Trouble::ServerOnly,
        F::DmOnly { .. } => Trouble::DmOnly,
        F::NsfwOnly { .. } => Trouble::NsfwOnly,
        F::CommandCheckFailed { error: None, .. } => Trouble::NotAllowed,
        other => return internal(other),
    };
    Some(found)
}

/// Failures of the bot itself: logged; the user of a command gets the generic answer.
fn internal(error: &FrameworkError<'_, Data, Error>) -> Option<Trouble> {
    use FrameworkError as F;
    let command = || error.ctx().map(|c| c.command().qualified_name.clone());
    match error {
        F::Command { error, .. }
        | F::CommandCheckFailed {
            error: Some(error), ..
        } => {
            error!(command = ?command(), error = %error, "a command failed");
        }
        F::CommandPanic { payload, .. } => {
            let payload = payload.as_deref().unwrap_or("(no message)");
            error!(command = ?command(), payload, "a command panicked");
        }
        F::Setup { error, .. } => {
            error!(error = %error, "setting the bot up failed");
            return None;
        }
        F::EventHandler { error, event, .. } => {
            error!(event = event.snake_case_name(), error = %error, "an event handler failed");
            return None;
        }
        _ => {
            debug!("a prefix-command error; prefix commands are off");
            return None;
        }
    }
    Some(Trouble::Internal)
}

/// Whole seconds to wait, rounded up (never "0 seconds").
fn whole_seconds(d: Duration) -> u64 {
    (d.as_secs() + u64::from(d.subsec_nanos() > 0)).max(1)
}

/// The command as the user's Discord shows it: `/schocken verlauf` in German.
fn shown_command(
    parents: &[&Command<Data, Error>],
    command: &Command<Data, Error>,
    locale: &str,
) -> String {
    let name = |c: &Command<Data, Error>| {
        c.name_localizations
            .get(locale)
            .cloned()
            .unwrap_or_else(|| c.name.clone())
    };
    let mut words: Vec<String> = parents.iter().map(|c| name(c)).collect();
    words.push(name(command));
    format!("/{}", words.join(" "))
}

/// The text for `trouble` in `lang`; `command`: the command as the user's Discord shows it.
pub(super) fn text(trouble: &Trouble, lang: Lang, command: &str) -> String {
    // The texts name Discord's command syntax only on Discord's surface.
    let surface = || ("surface", arg_text(Surface::Discord.id()));
    let id = match trouble {
        Trouble::Cooldown { seconds } => {
            let seconds = arg_num(i64::try_from(*seconds).unwrap_or(i64::MAX));
            let args = [
                ("command", arg_text(command)),
                ("seconds", seconds),
                surface(),
            ];
            return tr(lang, "error-discord-cooldown", &args);
        }
        Trouble::BadOption => "error-discord-option",
        Trouble::Outdated => "error-discord-outdated",
        Trouble::UnknownCommand => "error-discord-unknown-command",
        Trouble::NoSubcommand => "error-discord-subcommand",
        Trouble::BotPermissions => "error-discord-bot-permissions",
        Trouble::UserPermissions => "error-discord-user-permissions",
        Trouble::NotAllowed => "error-discord-not-allowed",
        Trouble::OwnerOnly => "error-discord-owner-only",
        Trouble::ServerOnly => "error-discord-server-only",
        Trouble::DmOnly => "error-discord-dm-only",
        Trouble::NsfwOnly => "error-discord-nsfw-only",
        Trouble::Internal => "error-internal",
    };
    tr(lang, id, &[("command", arg_text(command)), surface()])
}

/// A new private message to the user. If the interaction was answered already (a command that
/// deferred, then panicked), a private follow-up instead.
async fn tell(http: &Http, interaction: &CommandInteraction, text: &str) {
    let message = CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true);
    let response = CreateInteractionResponse::Message(message);
    let Err(first) = interaction.create_response(http, response).await else {
        return;
    };
    let followup = CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true);
    if let Err(e) = interaction.create_followup(http, followup).await {
        warn!(first = %first, error = %e, "could not tell the user about a command error");
    }
}

#[cfg(test)]
mod tests;
