//! What a command asks for, read from the text after its name: command id + text →
//! [`Request`], or why not. Every front end reads commands here: Telegram and the terminal
//! split a line and look its first word up ([`super::lookup`]); Discord hands over the text
//! of an option; the web table its lobby words and buttons ([`button_command`]). So `/halten
//! 11` at Telegram, `h 11` at the terminal and `/schocken halten werte:11` read alike, and a
//! bad word is the same error everywhere.
//!
//! - this file: the game's and the ledger's commands, one function per kind;
//! - [`settings`]: the house rules, the timer, a computer player;
//! - [`club`]: the club's commands;
//! - [`buttons`]: a button's id → its command.
//!
//! The words themselves (dice, numbers, a round's line) are [`crate::grammar`]'s.

mod buttons;
mod club;
mod settings;
mod tournament;

pub use buttons::{button_command, extras_from_bits};
pub use settings::{AddBotArgs, parse_bot, parse_rules};

use super::CommandId;
use super::words::{Choice, choice_of};
use crate::grammar::{self, WordError, dice};
use crate::service::{Request, ServiceError, UserRef};

/// The request of `command` with the text after it. `named` is the user a message points at
/// besides its text (Telegram: the author of the message it answers), if any.
pub fn request(
    command: CommandId,
    text: &str,
    named: Option<UserRef>,
) -> Result<Request, ServiceError> {
    let text = text.trim();
    if super::spec(command).text == super::Text::None && !text.is_empty() {
        return Err(WordError::Trailing {
            text: text.chars().take(40).collect(),
        }
        .into());
    }
    if command.is_club() {
        return club::request(command, text, named);
    }
    if command == CommandId::Tournament {
        return tournament::request(text);
    }
    if let Some(request) = without_text(command) {
        return Ok(request);
    }
    match command {
        CommandId::New | CommandId::Start => lobby(command, text),
        CommandId::Keep => Ok(Request::Keep {
            values: dice::values(text)?,
        }),
        CommandId::Announce => Ok(Request::Announce {
            extras: dice::extras(text)?,
        }),
        CommandId::Kick | CommandId::Paid => person(command, text, named),
        CommandId::History | CommandId::Verify => record(command, text),
        CommandId::Judge => Ok(Request::Judge {
            text: text.to_string(),
        }),
        CommandId::Round => Ok(round_request(text)),
        _ => settings::request(command, text),
    }
}

/// The request of a command that reads no text (a text after it is refused above).
fn without_text(command: CommandId) -> Option<Request> {
    Some(match command {
        CommandId::Join => Request::Join,
        CommandId::Leave => Request::Leave,
        CommandId::Roll => Request::Roll,
        CommandId::Flip => Request::Flip,
        CommandId::Stand => Request::Stand,
        CommandId::Blind => Request::Blind,
        CommandId::ThrowIn => Request::ThrowIn,
        CommandId::Reveal => Request::Reveal,
        CommandId::Table => Request::Show,
        CommandId::Hint => Request::Hint,
        CommandId::End => Request::End,
        CommandId::Debts => Request::Debts,
        CommandId::Undo => Request::Undo,
        CommandId::Export => Request::Export,
        CommandId::Stats => Request::Stats,
        CommandId::NewSeason => Request::CloseSeason,
        CommandId::Fairness => Request::Fairness,
        // Leaving is the terminal's own (it never asks the service); Telegram's START with
        // a group's link is the adapter's. Asked of the service, both are the help.
        CommandId::Help | CommandId::Welcome | CommandId::Quit => Request::Help,
        _ => return None,
    })
}

/// `/new`, `/new tally`; `/go`, `/los Anna` (at a real table the roll-off's winner is named).
fn lobby(command: CommandId, text: &str) -> Result<Request, ServiceError> {
    Ok(match (command, text) {
        (CommandId::New, "") => Request::Open,
        (CommandId::New, _) if is_tally(text) => Request::OpenTally,
        (CommandId::New, _) => return Err(WordError::unreadable(text).into()),
        (_, "") => Request::Start,
        _ => Request::StartWith {
            starter: UserRef::Name(text.trim_start_matches('@').to_string()),
        },
    })
}

/// `/new tally`, `/neu zählen`: the words that open a table for real dice.
pub fn is_tally(text: &str) -> bool {
    choice_of(CommandId::New, text) == Some(Choice::Tally)
}

/// `/kick Anna` and `/paid [Anna]`: the player named by the text, or by `named`.
fn person(command: CommandId, text: &str, named: Option<UserRef>) -> Result<Request, ServiceError> {
    let person = named.or_else(|| (!text.is_empty()).then(|| UserRef::Name(text.to_string())));
    Ok(match command {
        CommandId::Kick => Request::Kick {
            user: person.ok_or(ServiceError::NameMissing)?,
        },
        _ => Request::Paid { debtor: person },
    })
}

/// `/history [page]`, `/verify [game]` (`12` or `#12`; none: the newest game).
fn record(command: CommandId, text: &str) -> Result<Request, ServiceError> {
    Ok(match command {
        CommandId::History => Request::History {
            page: grammar::page(text)?,
        },
        _ => Request::Verify {
            game: game_number(text)?,
        },
    })
}

/// A game's number as typed after `/verify`: none for the newest game.
pub fn game_number(text: &str) -> Result<Option<i64>, ServiceError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    Ok(Some(grammar::positive_number(text)?))
}

/// A round line as typed after the round command: the round, or — `rückgängig`, `undo` —
/// taking the last round back. A line without a command word at the terminal's tally table
/// is read the same way.
pub fn round_request(text: &str) -> Request {
    match choice_of(CommandId::Round, text) {
        Some(Choice::TakeBack) => Request::Undo,
        _ => Request::EnterRound {
            text: text.to_string(),
        },
    }
}

#[cfg(test)]
mod tests;
