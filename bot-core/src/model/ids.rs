//! Identifiers that live long: platform-qualified chat and user ids, and the versioned button
//! id format (Discord `custom_id`, Telegram `callback_data`). Old buttons stay in chats for
//! years, so the format only ever gains versions; `v1` stays parseable.

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

pub use super::place::{ChatId, PlaceError};

/// A user on a platform: `discord:<user>`, `telegram:<user>`, `console:<name>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub String);

impl UserId {
    pub fn new(platform: &str, id: impl fmt::Display) -> UserId {
        UserId(format!("{platform}:{id}"))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id of a computer player seated in `chat` under `name`.
    pub fn computer(chat: &ChatId, name: &str) -> UserId {
        UserId(format!("bot:{chat}:{name}"))
    }

    /// A computer player (its statistics are marked, it owes no round).
    pub fn is_computer(&self) -> bool {
        self.0.starts_with("bot:")
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a button does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ButtonAction {
    Roll,
    Look,
    Stand,
    Join,
    Start,
    Flip,
    Blind,
    ThrowIn,
    /// Set aside these values.
    Keep(Vec<u8>),
    /// Announce these extras (bit set: 1 jule, 2 221, 4 331).
    Announce(u8),
    /// Show the table anew (a fresh message).
    Table,
    /// A hint from the exact odds, for the player to act (private).
    Hint,
    /// Confirm a member's claim that he paid (issue 37); the button's `table` is the claim's
    /// cash entry number, its version 0.
    ConfirmClaim,
    /// Reject a member's claim (his own: withdraw it); `table` as for [`Self::ConfirmClaim`].
    RejectClaim,
}

/// A button: its action, the table it belongs to, and the table version it was made for (a
/// claim's buttons carry the claim's entry number instead of a table, and version 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ButtonId {
    pub action: ButtonAction,
    pub table: i64,
    pub version: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ButtonIdError {
    #[error("button id is empty or too long")]
    Length,
    #[error("unknown button id version")]
    Version,
    #[error("malformed button id")]
    Malformed,
}

/// The longest id: Telegram's `callback_data` takes 64 bytes.
pub const MAX_BUTTON_ID: usize = 64;

impl ButtonId {
    pub fn new(action: ButtonAction, table: i64, version: u64) -> ButtonId {
        ButtonId {
            action,
            table,
            version,
        }
    }

    /// `v1:<action>:<table base36>:<version base36>[:<argument>]`
    pub fn encode(&self) -> String {
        let (code, arg) = match &self.action {
            ButtonAction::Roll => ("r", String::new()),
            ButtonAction::Look => ("l", String::new()),
            ButtonAction::Stand => ("s", String::new()),
            ButtonAction::Join => ("j", String::new()),
            ButtonAction::Start => ("g", String::new()),
            ButtonAction::Flip => ("f", String::new()),
            ButtonAction::Blind => ("b", String::new()),
            ButtonAction::ThrowIn => ("i", String::new()),
            ButtonAction::Table => ("t", String::new()),
            ButtonAction::Hint => ("h", String::new()),
            ButtonAction::ConfirmClaim => ("c", String::new()),
            ButtonAction::RejectClaim => ("x", String::new()),
            ButtonAction::Keep(values) => ("k", values.iter().map(|v| v.to_string()).collect()),
            ButtonAction::Announce(bits) => ("a", bits.to_string()),
        };
        let mut id = format!(
            "v1:{code}:{}:{}",
            base36(self.table.max(0) as u64),
            base36(self.version)
        );
        if !arg.is_empty() {
            id.push(':');
            id.push_str(&arg);
        }
        id
    }

    /// Parses a button id. Anything that is not exactly a known format is an error.
    pub fn parse(text: &str) -> Result<ButtonId, ButtonIdError> {
        if text.is_empty() || text.len() > MAX_BUTTON_ID {
            return Err(ButtonIdError::Length);
        }
        let mut parts = text.split(':');
        if parts.next() != Some("v1") {
            return Err(ButtonIdError::Version);
        }
        let code = parts.next().ok_or(ButtonIdError::Malformed)?;
        let table = parts
            .next()
            .and_then(parse_base36)
            .ok_or(ButtonIdError::Malformed)?;
        let version = parts
            .next()
            .and_then(parse_base36)
            .ok_or(ButtonIdError::Malformed)?;
        let arg = parts.next();
        if parts.next().is_some() {
            return Err(ButtonIdError::Malformed);
        }
        let no_arg = |action: ButtonAction| match arg {
            None => Ok(action),
            Some(_) => Err(ButtonIdError::Malformed),
        };
        let action = match code {
            "r" => no_arg(ButtonAction::Roll)?,
            "l" => no_arg(ButtonAction::Look)?,
            "s" => no_arg(ButtonAction::Stand)?,
            "j" => no_arg(ButtonAction::Join)?,
            "g" => no_arg(ButtonAction::Start)?,
            "f" => no_arg(ButtonAction::Flip)?,
            "b" => no_arg(ButtonAction::Blind)?,
            "i" => no_arg(ButtonAction::ThrowIn)?,
            "t" => no_arg(ButtonAction::Table)?,
            "h" => no_arg(ButtonAction::Hint)?,
            "c" => no_arg(ButtonAction::ConfirmClaim)?,
            "x" => no_arg(ButtonAction::RejectClaim)?,
            "k" => {
                let arg = arg.ok_or(ButtonIdError::Malformed)?;
                if arg.is_empty() || arg.len() > 3 {
                    return Err(ButtonIdError::Malformed);
                }
                let values = arg
                    .bytes()
                    .map(|b| match b {
                        b'1'..=b'6' => Ok(b - b'0'),
                        _ => Err(ButtonIdError::Malformed),
                    })
                    .collect::<Result<Vec<u8>, _>>()?;
                ButtonAction::Keep(values)
            }
            "a" => {
                let bits: u8 = arg
                    .filter(|a| a.len() == 1)
                    .and_then(|a| a.parse().ok())
                    .filter(|b| *b < 8)
                    .ok_or(ButtonIdError::Malformed)?;
                ButtonAction::Announce(bits)
            }
            _ => return Err(ButtonIdError::Malformed),
        };
        Ok(ButtonId {
            action,
            table: i64::try_from(table).map_err(|_| ButtonIdError::Malformed)?,
            version,
        })
    }
}

/// The code of the button that opens the table in the browser (a Discord Activity). It is an
/// adapter's own button, no request of the service: [`ButtonId::parse`] refuses it.
const PLAY_CODE: &str = "p";

/// The id of the button that opens table `table` in the browser.
pub fn play_button(table: i64, version: u64) -> String {
    format!(
        "v1:{PLAY_CODE}:{}:{}",
        base36(table.max(0) as u64),
        base36(version)
    )
}

/// The table (and version) a "play in the browser" button names, if `text` is one.
pub fn parse_play_button(text: &str) -> Option<(i64, u64)> {
    if text.len() > MAX_BUTTON_ID {
        return None;
    }
    let mut parts = text.split(':');
    let head = (parts.next(), parts.next());
    if head != (Some("v1"), Some(PLAY_CODE)) {
        return None;
    }
    let table = parts.next().and_then(parse_base36)?;
    let version = parts.next().and_then(parse_base36)?;
    if parts.next().is_some() {
        return None;
    }
    Some((i64::try_from(table).ok()?, version))
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    if n == 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn parse_base36(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 13 || (s.len() > 1 && s.starts_with('0')) {
        return None;
    }
    s.bytes().try_fold(0u64, |acc, b| {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'z' => b - b'a' + 10,
            _ => return None,
        };
        acc.checked_mul(36)?.checked_add(u64::from(d))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_ids_round_trip_and_stay_short() {
        let actions = [
            ButtonAction::Roll,
            ButtonAction::Look,
            ButtonAction::Stand,
            ButtonAction::Join,
            ButtonAction::Start,
            ButtonAction::Flip,
            ButtonAction::Blind,
            ButtonAction::ThrowIn,
            ButtonAction::Table,
            ButtonAction::Hint,
            ButtonAction::ConfirmClaim,
            ButtonAction::RejectClaim,
            ButtonAction::Keep(vec![1, 1]),
            ButtonAction::Keep(vec![6]),
            ButtonAction::Announce(7),
            ButtonAction::Announce(0),
        ];
        for action in actions {
            let id = ButtonId::new(action, i64::MAX, u64::MAX);
            let text = id.encode();
            assert!(text.len() <= MAX_BUTTON_ID, "{text}");
            assert_eq!(ButtonId::parse(&text), Ok(id));
        }
    }

    #[test]
    fn v1_format_is_stable() {
        // Ids already sent to chats must keep parsing the same way.
        let id = ButtonId::parse("v1:k:2s:a:11").expect("parses");
        assert_eq!(id, ButtonId::new(ButtonAction::Keep(vec![1, 1]), 100, 10));
        assert_eq!(ButtonId::new(ButtonAction::Roll, 1, 0).encode(), "v1:r:1:0");
    }

    #[test]
    fn forged_ids_are_rejected() {
        for bad in [
            "",
            "v2:r:1:0",
            "v1:r:1",
            "v1:r:1:0:9",
            "v1:q:1:0",
            "v1:k:1:0",
            "v1:k:1:0:7",
            "v1:k:1:0:1111",
            "v1:a:1:0:8",
            "v1:r:-1:0",
            "v1:r:01:0",
            "v1:r:1:0:",
            "v1:R:1:0",
            "v1:r:zzzzzzzzzzzzzz:0",
        ] {
            assert!(ButtonId::parse(bad).is_err(), "{bad:?} must not parse");
        }
        assert_eq!(ButtonId::parse(&"x".repeat(65)), Err(ButtonIdError::Length));
    }

    #[test]
    fn the_play_button_is_no_request_of_the_service() {
        let id = play_button(100, 10);
        assert_eq!(id, "v1:p:2s:a");
        assert_eq!(parse_play_button(&id), Some((100, 10)));
        assert!(ButtonId::parse(&id).is_err(), "the service never gets it");
        for bad in [
            "v1:p:2s",
            "v1:p:2s:a:1",
            "v1:r:2s:a",
            "v2:p:2s:a",
            "v1:p:-1:0",
        ] {
            assert_eq!(parse_play_button(bad), None, "{bad}");
        }
    }
}
