//! Reading command arguments typed in a chat: dice to keep, a preset and switches, extras.
//! Shared by every adapter, so `/keep 1 1`, `/halten 11` and a slash option read alike.

use super::command::{Actor, ClubRequest, Command, Request};
use super::error::ServiceError;
use super::ids::{ButtonAction, ButtonId, ChatId};
use crate::engine::ai::Strategy;
use crate::engine::{Extra, ExtraSet};

pub use super::club::club_request;

/// Dice values: `1 1`, `1,1`, `11`, `1 und 1`. Every value 1 to 6.
pub fn parse_values(text: &str) -> Result<Vec<u8>, ServiceError> {
    let bad = || ServiceError::BadArgument {
        text: text.trim().chars().take(40).collect(),
    };
    let mut values = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
        let word = word.trim();
        if word.is_empty() || matches!(word.to_lowercase().as_str(), "und" | "and" | "&") {
            continue;
        }
        if !word.chars().all(|c| c.is_ascii_digit()) || word.len() > 3 {
            return Err(bad());
        }
        for c in word.chars() {
            let v = c as u8 - b'0';
            if !(1..=6).contains(&v) {
                return Err(ServiceError::Action(
                    crate::engine::ActionError::InvalidDie { value: v },
                ));
            }
            values.push(v);
        }
    }
    if values.is_empty() || values.len() > 3 {
        return Err(if values.is_empty() {
            ServiceError::Action(crate::engine::ActionError::NothingToKeep)
        } else {
            bad()
        });
    }
    Ok(values)
}

/// A round line as typed after the round command: the round, or — `rückgängig`, `undo` (as
/// the README shows it among the round lines) — taking the last round back.
pub fn round_request(text: &str) -> Request {
    let word = text.trim().to_lowercase();
    match word.as_str() {
        "rückgängig" | "rueckgaengig" | "zurück" | "zurueck" | "undo" => Request::Undo,
        _ => Request::EnterRound {
            text: text.to_string(),
        },
    }
}

/// What the rules command asks for: nothing shows the rules in words, `details` shows every
/// switch by its key (both for anyone), anything else sets them (see [`parse_rules`]).
pub fn rules_request(text: &str) -> Request {
    let (preset, switches) = parse_rules(text);
    if preset.is_some() || !switches.is_empty() {
        return Request::SetRules { preset, switches };
    }
    Request::ShowRules {
        details: text.split_whitespace().any(is_details_word),
    }
}

/// `details`: the word that asks for every switch by its key. It is never a preset name.
fn is_details_word(word: &str) -> bool {
    word.eq_ignore_ascii_case("details")
}

/// `dortmund`, `blind=true extras=jule,221`, `standard deckel=15`: an optional preset
/// followed by switches. The word `details` is neither (it asks to show the keys).
pub fn parse_rules(text: &str) -> (Option<String>, Vec<String>) {
    let mut preset = None;
    let mut switches = Vec::new();
    for word in text.split_whitespace() {
        if is_details_word(word) {
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

/// What `parse_bot` read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddBotArgs {
    pub name: Option<String>,
    pub strategy: Strategy,
}

impl AddBotArgs {
    /// The request, with the default name in the chat's language.
    pub fn request(self) -> Request {
        Request::AddBot {
            name: self.name.unwrap_or_else(|| "Computer".to_string()),
            strategy: self.strategy,
        }
    }
}

/// Extras by id (`jule 221`, `331`); unknown ids are an error naming them.
pub fn parse_extras(text: &str) -> Result<ExtraSet, ServiceError> {
    let mut set = ExtraSet::EMPTY;
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let extra = Extra::from_id(word).ok_or_else(|| ServiceError::BadArgument {
            text: word.chars().take(40).collect(),
        })?;
        set.insert(extra);
    }
    Ok(set)
}

/// The extras of an announce button (bits: 1 Jule, 2 2-2-1, 4 3-3-1).
pub fn extras_from_bits(bits: u8) -> ExtraSet {
    let mut set = ExtraSet::EMPTY;
    for (bit, extra) in [
        (1, Extra::Jule),
        (2, Extra::TwoTwoOne),
        (4, Extra::ThreeThreeOne),
    ] {
        if bits & bit != 0 {
            set.insert(extra);
        }
    }
    set
}

/// The command a button click stands for. It carries the button's table and version, so a
/// click on an old game or an outdated state changes nothing.
pub fn button_command(chat: ChatId, actor: Actor, button: &ButtonId) -> Command {
    let request = match &button.action {
        ButtonAction::Roll => Request::Roll,
        ButtonAction::Look => Request::Look,
        ButtonAction::Stand => Request::Stand,
        ButtonAction::Join => Request::Join,
        ButtonAction::Start => Request::Start,
        ButtonAction::Flip => Request::Flip,
        ButtonAction::Blind => Request::Blind,
        ButtonAction::ThrowIn => Request::ThrowIn,
        ButtonAction::Table => Request::Show,
        ButtonAction::Hint => Request::Hint,
        ButtonAction::Keep(values) => Request::Keep {
            values: values.clone(),
        },
        ButtonAction::Announce(bits) => Request::Announce {
            extras: extras_from_bits(*bits),
        },
        // A claim's buttons belong to no table: nothing to be outdated.
        ButtonAction::ConfirmClaim => {
            let claim = button.table;
            return Command::new(
                chat,
                actor,
                Request::Club(ClubRequest::ConfirmClaim { claim }),
            );
        }
        ButtonAction::RejectClaim => {
            let claim = button.table;
            return Command::new(
                chat,
                actor,
                Request::Club(ClubRequest::RejectClaim { claim }),
            );
        }
    };
    Command::new(chat, actor, request).expecting(button.table, button.version)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_every_spelling() {
        assert_eq!(parse_values("1 1"), Ok(vec![1, 1]));
        assert_eq!(parse_values("11"), Ok(vec![1, 1]));
        assert_eq!(parse_values("1,6"), Ok(vec![1, 6]));
        assert_eq!(parse_values("1 und 1"), Ok(vec![1, 1]));
        assert!(parse_values("").is_err());
        assert!(parse_values("x").is_err());
        assert!(parse_values("7").is_err());
        assert!(parse_values("1 1 1 1").is_err());
    }

    #[test]
    fn rules_arguments() {
        assert_eq!(parse_rules("dortmund"), (Some("dortmund".into()), vec![]));
        assert_eq!(
            parse_rules("blind=true extras=jule,221"),
            (None, vec!["blind=true".into(), "extras=jule,221".into()])
        );
        assert_eq!(parse_extras("jule 221").map(|s| s.iter().count()), Ok(2));
        assert!(parse_extras("jule 999").is_err());
        assert_eq!(extras_from_bits(5).iter().count(), 2);
    }

    #[test]
    fn details_shows_the_keys_and_is_never_a_preset() {
        assert_eq!(rules_request(""), Request::ShowRules { details: false });
        assert_eq!(rules_request("  "), Request::ShowRules { details: false });
        for text in ["details", " Details ", "DETAILS"] {
            assert_eq!(rules_request(text), Request::ShowRules { details: true });
        }
        assert_eq!(parse_rules("details"), (None, vec![]));
        assert_eq!(
            parse_rules("details dortmund blind=true"),
            (Some("dortmund".into()), vec!["blind=true".into()])
        );
        assert_eq!(
            rules_request("dortmund"),
            Request::SetRules {
                preset: Some("dortmund".into()),
                switches: vec![]
            }
        );
        // A word that only starts like it is still read as a preset (and refused as one).
        assert_eq!(parse_rules("detailliert").0, Some("detailliert".into()));
    }

    #[test]
    fn computer_players_with_name_and_level() {
        let read = |t: &str| {
            let a = parse_bot(t);
            (a.name, a.strategy)
        };
        assert_eq!(read(""), (None, Strategy::Strong));
        assert_eq!(read("einfach"), (None, Strategy::Simple));
        assert_eq!(
            read("Robbi stark"),
            (Some("Robbi".into()), Strategy::Strong)
        );
        assert_eq!(
            read("Onkel Otto"),
            (Some("Onkel Otto".into()), Strategy::Strong)
        );
        assert_eq!(
            parse_bot("").request(),
            Request::AddBot {
                name: "Computer".into(),
                strategy: Strategy::Strong
            }
        );
    }
}
