//! Chat commands: `/roll`, `/wurf@SchockenBot`, `/keep 1 1` … Their names, German aliases,
//! menus and admin rights come from the command catalogue ([`bot_core::commands`]); here a
//! message is split up and its arguments become a service request. Pure: no Telegram calls.

use bot_core::commands::{self, CommandId, Platform};
use bot_core::render::{self, Surface, Voice};
use bot_core::service::args::{self, parse_bot, parse_values, rules_request};
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
    let args = args.trim();
    if let Some(request) = without_arguments(cmd) {
        return Ok(request);
    }
    let named = || match &reply_to {
        Some(user) => Some(UserRef::Id(user.clone())),
        None if !args.is_empty() => Some(UserRef::Name(args.to_string())),
        None => None,
    };
    let text = || args.to_string();
    let number = |args: &str| args.parse().map_err(|_| bad(args));
    Ok(match cmd {
        CommandId::New if args.is_empty() => Request::Open,
        CommandId::New if is_tally_word(args) => Request::OpenTally,
        CommandId::New => return Err(bad(args)),
        CommandId::Start if args.is_empty() => Request::Start,
        // At a real table the roll-off's winner is named: `/los Anna`.
        CommandId::Start => Request::StartWith {
            starter: UserRef::Name(args.trim_start_matches('@').to_string()),
        },
        CommandId::Keep => Request::Keep {
            values: parse_values(args)?,
        },
        // `/regeln` in words, `/regeln details` every switch by its key, else set them.
        CommandId::Rules => rules_request(args),
        CommandId::Kick => Request::Kick {
            user: named().ok_or(ServiceError::NameMissing)?,
        },
        CommandId::Paid => Request::Paid { debtor: named() },
        CommandId::History if args.is_empty() => Request::History { page: 1 },
        CommandId::History => Request::History {
            page: number(args)?,
        },
        CommandId::Judge => Request::Judge { text: text() },
        CommandId::Timer | CommandId::TimeZone if args.is_empty() => {
            Request::ShowRules { details: false }
        }
        CommandId::Timer => Request::SetTimer {
            seconds: number(args)?,
        },
        CommandId::TimeZone => Request::SetTimeZone { zone: text() },
        CommandId::Seed => Request::Seed { text: text() },
        CommandId::Verify => Request::Verify {
            game: game_number(args)?,
        },
        CommandId::Round => args::round_request(args),
        CommandId::Bot => parse_bot(args).request(),
        CommandId::Night
        | CommandId::CheckIn
        | CommandId::Penalties
        | CommandId::CashBox
        | CommandId::Pay
        | CommandId::CashBook
        | CommandId::Cancel
        | CommandId::Ratings
        | CommandId::Championship => {
            return args::club_request(cmd, args, reply_to.map(UserRef::Id));
        }
        // The commands without arguments were answered above.
        _ => Request::Help,
    })
}

/// The request of a command that reads no arguments.
fn without_arguments(cmd: CommandId) -> Option<Request> {
    Some(match cmd {
        CommandId::Join => Request::Join,
        CommandId::Leave => Request::Leave,
        CommandId::Roll => Request::Roll,
        CommandId::Flip => Request::Flip,
        CommandId::Stand => Request::Stand,
        CommandId::Blind => Request::Blind,
        CommandId::Reveal => Request::Reveal,
        CommandId::Table => Request::Show,
        CommandId::End => Request::End,
        CommandId::Debts => Request::Debts,
        CommandId::Undo => Request::Undo,
        CommandId::Export => Request::Export,
        CommandId::Stats => Request::Stats,
        CommandId::Help | CommandId::Welcome => Request::Help,
        CommandId::NewSeason => Request::CloseSeason,
        CommandId::Fairness => Request::Fairness,
        CommandId::Hint => Request::Hint,
        // Telegram offers none of these (its look-up never names them).
        CommandId::Announce | CommandId::ThrowIn | CommandId::Quit => Request::Help,
        CommandId::New
        | CommandId::Start
        | CommandId::Keep
        | CommandId::Rules
        | CommandId::Kick
        | CommandId::Paid
        | CommandId::History
        | CommandId::Judge
        | CommandId::Timer
        | CommandId::TimeZone
        | CommandId::Seed
        | CommandId::Verify
        | CommandId::Round
        | CommandId::Bot
        | CommandId::Night
        | CommandId::CheckIn
        | CommandId::Penalties
        | CommandId::CashBox
        | CommandId::Pay
        | CommandId::CashBook
        | CommandId::Cancel
        | CommandId::Ratings
        | CommandId::Championship => return None,
    })
}

/// `/new tally`, `/neu zählen`: a table for real dice.
fn is_tally_word(args: &str) -> bool {
    matches!(
        args.to_lowercase().as_str(),
        "tally" | "zählen" | "zaehlen" | "echt" | "real"
    )
}

/// `/verify`'s game number: none for the newest game, else a positive number (`12`, `#12`).
fn game_number(args: &str) -> Result<Option<i64>, ServiceError> {
    if args.is_empty() {
        return Ok(None);
    }
    let digits = args.strip_prefix('#').unwrap_or(args);
    match digits.parse::<i64>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(bad(args)),
    }
}

/// The adapter text (message id) that shows how to use a command given as `args`, when the
/// arguments cannot be right; the command is then not sent to the service.
pub fn usage(cmd: CommandId, args: &str) -> Option<&'static str> {
    let args = args.trim();
    match cmd {
        CommandId::Seed if args.is_empty() => Some("usage-seed"),
        CommandId::Round if args.is_empty() => Some("usage-round"),
        CommandId::New if !args.is_empty() && !is_tally_word(args) => Some("usage-new"),
        CommandId::Verify if game_number(args).is_err() => Some("usage-verify"),
        _ => None,
    }
}

fn bad(text: &str) -> ServiceError {
    ServiceError::BadArgument {
        text: text.chars().take(40).collect(),
    }
}

/// Whether the service needs to know if the user administers the chat (the adapter asks
/// Telegram only then): the catalogue's permission of the command that made `request`.
pub fn needs_admin(cmd: CommandId, request: &Request) -> bool {
    commands::spec(cmd).permission.asks_admin(request)
}

#[cfg(test)]
mod tests;
