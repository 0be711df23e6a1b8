//! Reads what a player types at the terminal (German and English words, short keys).

use bot_core::service::{Request, ServiceError, UserRef, args};

/// What a line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A request to the service.
    Request(Request),
    /// Show my cup again.
    MyCup,
    /// Show the commands.
    Keys,
    /// Leave the terminal (the table stays saved).
    Quit,
    /// Export the ledger to this file (or the default name).
    Export(Option<String>),
    /// A round of a real table as it fell (`r Anna 665 3, Ben 114 2` or `runde …`).
    Round(String),
    /// Check a game's provably fair dice (the place's newest, or game N); a finished game's
    /// record is written to a file.
    Verify(Option<i64>),
    Unknown(String),
    Invalid(ServiceError),
}

/// A line, optionally `NAME: command` to act as another player at this keyboard.
pub fn split_actor(line: &str) -> (Option<&str>, &str) {
    match line.split_once(':') {
        Some((name, rest)) if !name.trim().is_empty() && name.trim().chars().count() <= 32 => {
            (Some(name.trim()), rest.trim())
        }
        _ => (None, line.trim()),
    }
}

pub fn parse(line: &str) -> Input {
    let line = line.trim();
    if line.is_empty() {
        return Input::MyCup;
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let word = word.to_lowercase();
    let request = match word.as_str() {
        // With a text, `r` is a round of a real table (tally mode); alone it throws.
        "r" | "runde" | "round" if !rest.is_empty() => return Input::Round(rest.to_string()),
        "w" | "r" | "würfeln" | "wuerfeln" | "wurf" | "roll" => Request::Roll,
        "h" | "k" | "halten" | "keep" => match args::parse_values(rest) {
            Ok(values) => Request::Keep { values },
            Err(e) => return Input::Invalid(e),
        },
        "d" | "f" | "drehen" | "flip" => Request::Flip,
        "s" | "stehen" | "stand" => Request::Stand,
        "b" | "blind" => Request::Blind,
        "a" | "ansagen" | "announce" => match args::parse_extras(rest) {
            Ok(extras) => Request::Announce { extras },
            Err(e) => return Input::Invalid(e),
        },
        "e" | "einwürfeln" | "einwuerfeln" | "throwin" | "throw-in" => Request::ThrowIn,
        "t" | "tisch" | "table" => Request::Show,
        "tipp" | "hint" => Request::Hint,
        "aufdecken" | "reveal" => Request::Reveal,
        "deckel" | "schulden" | "debts" => Request::Debts,
        "verlauf" | "history" => Request::History {
            page: rest.parse().unwrap_or(1),
        },
        "bezahlt" | "paid" => Request::Paid {
            debtor: (!rest.is_empty()).then(|| UserRef::Name(rest.to_string())),
        },
        "rückgängig" | "rueckgaengig" | "undo" => Request::Undo,
        "statistik" | "stats" => Request::Stats,
        "export" => return Input::Export((!rest.is_empty()).then(|| rest.to_string())),
        "verify" | "prüfen" | "pruefen" if rest.is_empty() => return Input::Verify(None),
        "verify" | "prüfen" | "pruefen" => match rest.trim_start_matches('#').parse::<i64>() {
            Ok(game) if game > 0 => return Input::Verify(Some(game)),
            _ => {
                return Input::Invalid(ServiceError::BadArgument {
                    text: rest.chars().take(40).collect(),
                });
            }
        },
        "seed" => Request::Seed {
            text: rest.to_string(),
        },
        "fairness" | "fairness-bericht" => Request::Fairness,
        // `regeln` in words, `regeln details` every switch by its key, else set them.
        "regeln" | "rules" => args::rules_request(rest),
        // Without a zone: the rules, which name the table's time zone.
        "zeitzone" | "timezone" if rest.is_empty() => Request::ShowRules { details: false },
        "zeitzone" | "timezone" => Request::SetTimeZone {
            zone: rest.to_string(),
        },
        "saison" | "season" => Request::CloseSeason,
        "raus" | "kick" => {
            if rest.is_empty() {
                return Input::Invalid(ServiceError::NameMissing);
            }
            Request::Kick {
                user: UserRef::Name(rest.to_string()),
            }
        }
        "aussteigen" | "leave" => Request::Leave,
        "ende" | "end" => Request::End,
        "judge" | "schiri" => Request::Judge {
            text: rest.to_string(),
        },
        "?" | "hilfe" | "help" => return Input::Keys,
        "q" | "quit" | "pause" | "tschüss" | "exit" => return Input::Quit,
        // The whole line: a tally round names its players first (`Anna 4`).
        _ => return Input::Unknown(line.to_string()),
    };
    Input::Request(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_and_english_words() {
        assert_eq!(parse("w"), Input::Request(Request::Roll));
        assert_eq!(parse("tipp"), Input::Request(Request::Hint));
        assert_eq!(parse("Würfeln"), Input::Request(Request::Roll));
        assert_eq!(
            parse("h 1 1"),
            Input::Request(Request::Keep { values: vec![1, 1] })
        );
        assert_eq!(
            parse("keep 11"),
            Input::Request(Request::Keep { values: vec![1, 1] })
        );
        assert!(matches!(parse("h x"), Input::Invalid(_)));
        assert_eq!(parse(""), Input::MyCup);
        assert_eq!(parse("q"), Input::Quit);
        assert_eq!(parse("verify"), Input::Verify(None));
        assert_eq!(parse("prüfen #12"), Input::Verify(Some(12)));
        assert!(matches!(parse("verify zwölf"), Input::Invalid(_)));
        assert_eq!(
            parse("seed Stammtisch 7"),
            Input::Request(Request::Seed {
                text: "Stammtisch 7".into()
            })
        );
        assert_eq!(parse("fairness"), Input::Request(Request::Fairness));
        assert!(matches!(parse("quatsch"), Input::Unknown(_)));
        assert_eq!(
            parse("bezahlt Ben"),
            Input::Request(Request::Paid {
                debtor: Some(UserRef::Name("Ben".into()))
            })
        );
    }

    #[test]
    fn time_zone() {
        assert_eq!(
            parse("zeitzone Europe/Vienna"),
            Input::Request(Request::SetTimeZone {
                zone: "Europe/Vienna".into()
            })
        );
        assert_eq!(
            parse("timezone America/New_York"),
            Input::Request(Request::SetTimeZone {
                zone: "America/New_York".into()
            })
        );
        assert_eq!(
            parse("zeitzone"),
            Input::Request(Request::ShowRules { details: false })
        );
    }

    #[test]
    fn acting_as_another_player() {
        assert_eq!(
            split_actor("Ben: bezahlt Anna"),
            (Some("Ben"), "bezahlt Anna")
        );
        assert_eq!(split_actor("s"), (None, "s"));
    }

    #[test]
    fn a_round_of_a_real_table() {
        assert_eq!(
            parse("r Anna 665 3, Ben 114 2"),
            Input::Round("Anna 665 3, Ben 114 2".into())
        );
        assert_eq!(parse("Runde Anna 4"), Input::Round("Anna 4".into()));
        assert_eq!(parse("r"), Input::Request(Request::Roll));
        // A line without a command word is kept whole (a tally round names a player first).
        assert_eq!(
            parse("Anna 4 von Ben"),
            Input::Unknown("Anna 4 von Ben".into())
        );
    }
}
