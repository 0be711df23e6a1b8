//! The club's commands as typed: Telegram's `/abend start 19:30`, the terminal's
//! `einzahlung Anna 5`, `/kassenbuch 2`, `/storno 12`. Discord reads its options itself.

use crate::commands::CommandId;
use crate::commands::words::{Choice, choice_of};
use crate::grammar::{self, WordError};
use crate::service::{BookFormat, ClubRequest, Request, ServiceError, UserRef};

/// The request of a club command with the text after it; `named` as in [`super::request`].
pub(super) fn request(
    command: CommandId,
    text: &str,
    named: Option<UserRef>,
) -> Result<Request, ServiceError> {
    let bad = || ServiceError::from(WordError::unreadable(text));
    let first = text.split_whitespace().next();
    let request = match command {
        CommandId::Night => night(first, text).ok_or_else(bad)?,
        CommandId::CheckIn => ClubRequest::CheckIn,
        CommandId::Penalties if text.is_empty() => ClubRequest::ShowCatalogue,
        CommandId::Penalties => ClubRequest::SetCatalogue {
            words: grammar::join_currency(text),
        },
        CommandId::CashBox => ClubRequest::CashBox,
        CommandId::Pay => pay(&grammar::join_currency(text), named),
        CommandId::CashBook => cash_book(first)?,
        CommandId::Cancel if text.is_empty() => ClubRequest::CashUndo { entry: None },
        CommandId::Cancel => ClubRequest::CashUndo {
            entry: Some(grammar::positive_number(text)?),
        },
        CommandId::Ratings => ClubRequest::Ratings,
        CommandId::Championship => ClubRequest::Championship,
        _ => return Err(bad()),
    };
    Ok(Request::Club(request))
}

/// `/abend [status | start [19:30] | ende]`; `None` for another word.
fn night(first: Option<&str>, text: &str) -> Option<ClubRequest> {
    let Some(word) = first else {
        return Some(ClubRequest::NightStatus);
    };
    Some(match choice_of(CommandId::Night, word)? {
        Choice::OpenNight => ClubRequest::OpenNight {
            late_after: text.split_whitespace().nth(1).map(str::to_lowercase),
        },
        Choice::CloseNight => ClubRequest::CloseNight,
        _ => ClubRequest::NightStatus,
    })
}

/// `/einzahlung [Anna] 5,50`: the amount is the last word with a digit; the words before it
/// name the member (or the message it answers does).
fn pay(text: &str, named: Option<UserRef>) -> ClubRequest {
    let all: Vec<&str> = text.split_whitespace().collect();
    let (who, amount) = match all.split_last() {
        Some((last, rest)) if last.chars().any(|c| c.is_ascii_digit()) => {
            (rest.join(" "), last.to_string())
        }
        _ => (all.join(" "), String::new()),
    };
    let member = match (named, who.trim()) {
        (Some(user), _) => Some(user),
        (None, "") => None,
        (None, name) => Some(UserRef::Name(name.trim_start_matches('@').into())),
    };
    ClubRequest::Pay { member, amount }
}

/// `/kassenbuch [page | export | excel]`.
fn cash_book(first: Option<&str>) -> Result<ClubRequest, WordError> {
    let Some(word) = first else {
        return Ok(ClubRequest::CashHistory { page: 1 });
    };
    Ok(match choice_of(CommandId::CashBook, word) {
        Some(Choice::BookCsv) => ClubRequest::CashExport {
            format: BookFormat::Csv,
        },
        Some(Choice::BookXlsx) => ClubRequest::CashExport {
            format: BookFormat::Xlsx,
        },
        _ => ClubRequest::CashHistory {
            page: grammar::page(word)?,
        },
    })
}
