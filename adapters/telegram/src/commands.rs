//! Chat commands: `/roll`, `/wurf@SchockenBot`, `/keep 1 1` … Their names, German aliases,
//! menus and admin rights come from the command catalogue ([`bot_core::commands`]); here a
//! message is split up; its arguments are read by bot-core ([`parse`]). Pure: no Telegram calls.

use bot_core::commands::{self, CommandId, Platform, parse};
use bot_core::render::{self, Surface, Voice};
use bot_core::service::{Request, ServiceError, UserId, UserRef};
use bot_core::text::Lang;

/// A command message split up: `/Wurf@SchockenBot 1 1` → name `wurf`, bot, args `1 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<'a> {
    /// Lower case, without the slash.
    pub name: String,
    /// The bot it is addressed to (`@SchockenBot`), if any.
    pub bot: Option<&'a str>,
    pub args: &'a str,
}

impl Parsed<'_> {
    /// Whether the command is for us (`bot` is our username), for another bot, or for anyone.
    pub fn for_bot(&self, username: &str) -> Addressed {
        match self.bot {
            None => Addressed::Anyone,
            Some(b) if b.eq_ignore_ascii_case(username) => Addressed::Us,
            Some(_) => Addressed::Other,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Addressed {
    Us,
    Other,
    Anyone,
}

/// Splits a message text that starts with `/`; `None` for anything else.
pub fn split(text: &str) -> Option<Parsed<'_>> {
    let rest = text.strip_prefix('/')?;
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let (word, args) = rest.split_at(end);
    let (name, bot) = match word.split_once('@') {
        Some((name, bot)) => (name, Some(bot)),
        None => (word, None),
    };
    if name.is_empty() {
        return None;
    }
    Some(Parsed {
        name: name.to_lowercase(),
        bot,
        args: args.trim(),
    })
}

/// The command of a name, English or German, given its arguments.
pub fn lookup(name: &str, args: &str) -> Option<CommandId> {
    commands::lookup(Platform::Telegram, name, !args.trim().is_empty())
}

/// The command menu of a language: `(command, description)`. German uses the German name
/// where there is one.
pub fn menu(lang: Lang) -> Vec<(&'static str, String)> {
    let voice = Voice::new(lang, Surface::Telegram);
    commands::listed(Platform::Telegram)
        .map(|(spec, names)| {
            let description = render::command_description(spec.id, voice);
            (names.shown(lang), description)
        })
        .collect()
}

/// Another user a command points at: the author of the message it replies to.
pub type ReplyTarget = Option<UserId>;

/// The service request of a command (`Welcome`, a private START, is handled by the adapter).
pub fn request(cmd: CommandId, args: &str, reply_to: ReplyTarget) -> Result<Request, ServiceError> {
    parse::request(cmd, args, reply_to.map(UserRef::Id))
}

/// The adapter text (message id) that shows how to use a command given as `args`, when the
/// arguments cannot be right; the command is then not sent to the service.
pub fn usage(cmd: CommandId, args: &str) -> Option<&'static str> {
    let args = args.trim();
    match cmd {
        CommandId::Seed if args.is_empty() => Some("usage-seed"),
        CommandId::Round if args.is_empty() => Some("usage-round"),
        CommandId::New if !args.is_empty() && !parse::is_tally(args) => Some("usage-new"),
        CommandId::Verify if parse::game_number(args).is_err() => Some("usage-verify"),
        _ => None,
    }
}

/// Whether the service needs to know if the user administers the chat (the adapter asks
/// Telegram only then): the catalogue's permission of the command that made `request`.
pub fn needs_admin(cmd: CommandId, request: &Request) -> bool {
    commands::spec(cmd).permission.asks_admin(request)
}

#[cfg(test)]
mod tests;
