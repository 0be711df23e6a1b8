//! Club commands as typed in a chat or at the terminal (Telegram's `/abend start 19:30`,
//! the terminal's `einzahlung Anna 5`); Discord reads its options itself.

use crate::service::command::{BookFormat, ClubRequest, Request, UserRef};
use crate::service::error::ServiceError;

/// A club command typed in a chat or at the terminal (`/abend start 19:30`, `/einzahlung
/// Anna 5`, `/kassenbuch 2`, `/storno 12`). `named` is the user a Telegram reply points
/// at, if any.
pub fn club_request(
    id: crate::commands::CommandId,
    text: &str,
    named: Option<UserRef>,
) -> Result<Request, ServiceError> {
    use crate::commands::CommandId;
    let text = text.trim();
    let bad = || ServiceError::BadArgument {
        text: text.chars().take(40).collect(),
    };
    let lower = text.to_lowercase();
    let mut words = lower.split_whitespace();
    let request = match id {
        CommandId::Night => match words.next() {
            None | Some("status" | "stand") => ClubRequest::NightStatus,
            Some("start" | "öffnen" | "oeffnen" | "auf" | "open" | "begin") => {
                ClubRequest::OpenNight {
                    late_after: words.next().map(str::to_string),
                }
            }
            Some("ende" | "end" | "schluss" | "close" | "zu") => ClubRequest::CloseNight,
            Some(_) => return Err(bad()),
        },
        CommandId::CheckIn => ClubRequest::CheckIn,
        CommandId::Penalties if text.is_empty() => ClubRequest::ShowCatalogue,
        CommandId::Penalties => ClubRequest::SetCatalogue { words: text.into() },
        CommandId::CashBox => ClubRequest::CashBox,
        CommandId::Pay => {
            // The amount is the last word with a digit; the words before it name the member.
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
        CommandId::CashBook => cash_book_request(words.next()).ok_or_else(bad)?,
        CommandId::Cancel if text.is_empty() => ClubRequest::CashUndo { entry: None },
        CommandId::Cancel => ClubRequest::CashUndo {
            entry: Some(
                text.trim_start_matches('#')
                    .parse()
                    .ok()
                    .filter(|n: &i64| *n > 0)
                    .ok_or_else(bad)?,
            ),
        },
        CommandId::Ratings => ClubRequest::Ratings,
        CommandId::Championship => ClubRequest::Championship,
        _ => return Err(bad()),
    };
    Ok(Request::Club(request))
}

/// `/kassenbuch [page | export | excel]`; `None` for a word that is none of them.
fn cash_book_request(word: Option<&str>) -> Option<ClubRequest> {
    Some(match word {
        None => ClubRequest::CashHistory { page: 1 },
        Some("export" | "csv") => ClubRequest::CashExport {
            format: BookFormat::Csv,
        },
        Some("xlsx" | "excel" | "tabelle" | "sheet") => ClubRequest::CashExport {
            format: BookFormat::Xlsx,
        },
        Some(page) => ClubRequest::CashHistory {
            page: page.parse().ok()?,
        },
    })
}
