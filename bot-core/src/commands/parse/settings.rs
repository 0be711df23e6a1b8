//! The house rules (`/regeln dortmund blind=true`, `/regeln details`), the turn timer, the
//! time zone, the client seed, and a computer player (`/bot Robbi einfach`).

use crate::commands::CommandId;
use crate::commands::words::{Choice, choice_of};
use crate::engine::ai::Strategy;
use crate::grammar::WordError;
use crate::service::{Request, ServiceError};

/// The request of a command that changes or shows the table's settings.
pub(super) fn request(command: CommandId, text: &str) -> Result<Request, ServiceError> {
    Ok(match command {
        CommandId::Rules => rules_request(text),
        // Without a value: the rules, which name the timer and the time zone.
        CommandId::Timer | CommandId::TimeZone if text.is_empty() => {
            Request::ShowRules { details: false }
        }
        CommandId::Timer => Request::SetTimer {
            seconds: text.parse().map_err(|_| WordError::unreadable(text))?,
        },
        CommandId::TimeZone => Request::SetTimeZone {
            zone: text.to_string(),
        },
        CommandId::Seed => Request::Seed {
            text: text.to_string(),
        },
        CommandId::Bot => parse_bot(text).request(),
        // Every other command is read in `super` (the caller's match names them).
        _ => return Err(WordError::unreadable(text).into()),
    })
}

/// What the rules command asks for: nothing shows the rules in words, `details` every
/// switch by its key (both for anyone), anything else sets them (see [`parse_rules`]).
pub(super) fn rules_request(text: &str) -> Request {
    let (preset, switches) = parse_rules(text);
    if preset.is_some() || !switches.is_empty() {
        return Request::SetRules { preset, switches };
    }
    Request::ShowRules {
        details: text.split_whitespace().any(is_details),
    }
}

/// `details`: the word that asks for every switch by its key. It is never a preset name.
fn is_details(word: &str) -> bool {
    choice_of(CommandId::Rules, word) == Some(Choice::Details)
}

/// `dortmund`, `blind=true extras=jule,221`, `standard deckel=15`: an optional preset
/// followed by switches. The word `details` is neither (it asks to show the keys).
pub fn parse_rules(text: &str) -> (Option<String>, Vec<String>) {
    let mut preset = None;
    let mut switches = Vec::new();
    for word in text.split_whitespace() {
        if is_details(word) {
            continue;
        } else if word.contains('=') {
            switches.push(word.to_string());
        } else if preset.is_none() {
            preset = Some(word.to_string());
        } else {
            // A second bare word is no preset: let the rules report it as a switch.
            switches.push(word.to_string());
        }
    }
    (preset, switches)
}

/// A computer player as typed: `/bot`, `/bot stark`, `/bot Robbi einfach`, `/bot Robbi`.
/// A word naming a level (`einfach`, `stark`, `simple`, `strong`) sets it; the other words
/// are the name. Without a level the computer plays strong; without a name it is called
/// `Computer`.
pub fn parse_bot(text: &str) -> AddBotArgs {
    let mut strategy = None;
    let mut name = Vec::new();
    for word in text.split_whitespace() {
        match Strategy::parse(word) {
            Some(level) if strategy.is_none() => strategy = Some(level),
            _ => name.push(word),
        }
    }
    AddBotArgs {
        name: (!name.is_empty()).then(|| name.join(" ")),
        strategy: strategy.unwrap_or(Strategy::Strong),
    }
}

/// A computer player's name and level, as typed or as Discord's options give them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddBotArgs {
    pub name: Option<String>,
    pub strategy: Strategy,
}

impl AddBotArgs {
    /// The request; without a name the computer is called `Computer`.
    pub fn request(self) -> Request {
        Request::AddBot {
            name: self.name.unwrap_or_else(|| "Computer".to_string()),
            strategy: self.strategy,
        }
    }
}
