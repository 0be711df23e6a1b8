//! What a page asks for, checked: a press of one of the buttons it was shown (the chat
//! buttons' ids), a word of the lobby, the local keyboard handing over to a player. Anything
//! else is refused with a clear line and changes nothing.

use bot_core::commands::{self, CommandId, Platform, parse};
use bot_core::model::table::MAX_NAME;
use bot_core::service::{ButtonId, Request};
use serde::Deserialize;

/// The longest text frame a page may send.
pub const MAX_FRAME: usize = 1024;

/// One frame from the page.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Incoming {
    /// A button it was shown; `rid`: the page's own id of this press (a press sent again
    /// after a reconnect counts once).
    Press {
        id: String,
        rid: Option<String>,
    },
    /// A word of the lobby.
    Say {
        text: String,
        rid: Option<String>,
    },
    /// Local keyboard: act as this player from now on.
    As {
        name: String,
    },
    Ping,
}

/// What a press or a word asks the service.
#[derive(Debug, PartialEq, Eq)]
pub enum Asked {
    Button(ButtonId),
    Request(Request),
}

/// Why a frame is refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("not a frame this page sends")]
    Malformed,
    #[error("no button of this table")]
    BadButton,
    #[error("no word of the lobby")]
    UnknownWord,
    #[error("no name of a player")]
    BadName,
}

impl Incoming {
    /// Reads a text frame.
    pub fn parse(text: &str) -> Result<Incoming, Refused> {
        if text.len() > MAX_FRAME {
            return Err(Refused::Malformed);
        }
        serde_json::from_str(text).map_err(|_| Refused::Malformed)
    }
}

/// The service request of a press.
pub fn press(id: &str) -> Result<Asked, Refused> {
    ButtonId::parse(id)
        .map(Asked::Button)
        .map_err(|_| Refused::BadButton)
}

/// The service request of a lobby word.
/// A word of the lobby: the page's own (`open`, `computer`, `start`) or a lobby command as
/// the chats name it (`new`, `neu`, `join`, `los`, `leave`, `bot Robbi einfach`), read as
/// that command with the words after it.
pub fn say(text: &str) -> Result<Asked, Refused> {
    let text = text.trim();
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let command = lobby_command(&word.to_lowercase()).ok_or(Refused::UnknownWord)?;
    parse::request(command, rest, None)
        .map(Asked::Request)
        .map_err(|_| Refused::UnknownWord)
}

/// The lobby's commands a page may say: a table opened, joined, started, left, and a
/// computer seated.
const LOBBY: [CommandId; 5] = [
    CommandId::New,
    CommandId::Join,
    CommandId::Start,
    CommandId::Leave,
    CommandId::Bot,
];

fn lobby_command(word: &str) -> Option<CommandId> {
    match word {
        "open" => return Some(CommandId::New),
        "start" => return Some(CommandId::Start),
        _ => {}
    }
    let named = |id: &CommandId| {
        let spec = commands::spec(*id);
        spec.canonical().claims(word)
            || spec
                .names(Platform::Telegram)
                .is_some_and(|n| n.claims(word))
    };
    LOBBY.into_iter().find(named)
}

pub fn local_name(name: &str) -> Result<String, Refused> {
    let name = name.trim();
    let fine =
        !name.is_empty() && name.chars().count() <= MAX_NAME && !name.chars().any(char::is_control);
    fine.then(|| name.to_string()).ok_or(Refused::BadName)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_the_page_sends_are_read() {
        assert_eq!(
            Incoming::parse(r#"{"type":"press","id":"v1:r:1:4","rid":"7"}"#),
            Ok(Incoming::Press {
                id: "v1:r:1:4".into(),
                rid: Some("7".into())
            })
        );
        assert_eq!(Incoming::parse(r#"{"type":"ping"}"#), Ok(Incoming::Ping));
        assert_eq!(
            Incoming::parse(r#"{"type":"as","name":"Ben"}"#),
            Ok(Incoming::As { name: "Ben".into() })
        );
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in [
            "",
            "null",
            "{}",
            r#"{"type":"press"}"#,
            r#"{"type":"press","id":"v1:r:1:4","extra":1}"#,
            r#"{"type":"sql","text":"DROP TABLE"}"#,
            &format!(r#"{{"type":"say","text":"{}"}}"#, "x".repeat(2000)),
        ] {
            assert_eq!(Incoming::parse(bad), Err(Refused::Malformed), "{bad}");
        }
        assert_eq!(press("v9:zz"), Err(Refused::BadButton));
        assert_eq!(say("drop"), Err(Refused::UnknownWord));
        assert!(matches!(press("v1:r:1:4"), Ok(Asked::Button(_))));
        assert_eq!(say("join"), Ok(Asked::Request(Request::Join)));
        // The computer is named as `/bot` names it (it was once seated as "?").
        let bot = |name: &str, strategy| {
            Ok(Asked::Request(Request::AddBot {
                name: name.into(),
                strategy,
            }))
        };
        use bot_core::engine::ai::Strategy;
        assert_eq!(say("computer"), bot("Computer", Strategy::Strong));
        // The chats' words as docs/WEB.md names them, with a name and a level.
        assert_eq!(say("bot Robbi einfach"), bot("Robbi", Strategy::Simple));
        assert_eq!(say("Computer stark"), bot("Computer", Strategy::Strong));
        assert_eq!(say("neu"), Ok(Asked::Request(Request::Open)));
        assert_eq!(say("new"), Ok(Asked::Request(Request::Open)));
        assert_eq!(say("los"), Ok(Asked::Request(Request::Start)));
        // Not the lobby's: refused, nothing asked.
        assert_eq!(say("wurf"), Err(Refused::UnknownWord));
        assert_eq!(say("neu morgen"), Err(Refused::UnknownWord));
    }

    #[test]
    fn local_names_are_checked_like_at_the_terminal() {
        assert_eq!(local_name("  Anna "), Ok("Anna".into()));
        assert_eq!(local_name(""), Err(Refused::BadName));
        assert_eq!(local_name("a\u{7}b"), Err(Refused::BadName));
        assert_eq!(local_name(&"x".repeat(MAX_NAME + 1)), Err(Refused::BadName));
    }
}
