//! Reads what a player types at the terminal: the words and short keys of the command
//! catalogue ([`bot_core::commands`]), German and English alike.

use bot_core::commands::{self, CommandId, Platform};
use bot_core::model::table::MAX_NAME;
use bot_core::service::{Request, ServiceError};

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
        Some((name, rest))
            if !name.trim().is_empty() && name.trim().chars().count() <= MAX_NAME =>
        {
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
    match commands::lookup(Platform::Terminal, &word, !rest.is_empty()) {
        Some(command) => input(command, rest, line),
        // The whole line: a tally round names its players first (`Anna 4`).
        None => Input::Unknown(line.to_string()),
    }
}

/// Whether `text` starts with a club command's word (`da`, `einzahlung`, `storno` …) or the
/// tournament's (its players are more than this table's).
pub fn is_club_word(text: &str) -> bool {
    let word = text
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_lowercase();
    let rest = text.trim().len() > word.len();
    commands::lookup(Platform::Terminal, &word, rest)
        .is_some_and(|c| c.is_club() || c == CommandId::Tournament)
}

/// What `command` with the text `rest` asks for (`line` is the whole line). The terminal
/// answers a few itself; bot-core reads the rest ([`commands::parse`]).
fn input(command: CommandId, rest: &str, line: &str) -> Input {
    match command {
        // Without a text, a round is no command: the line itself may be one (`runde`).
        CommandId::Round if rest.is_empty() => Input::Unknown(line.to_string()),
        CommandId::Round => Input::Round(rest.to_string()),
        CommandId::Export => Input::Export((!rest.is_empty()).then(|| rest.to_string())),
        CommandId::Help => Input::Keys,
        CommandId::Quit => Input::Quit,
        _ => match commands::parse::request(command, rest, None) {
            // A finished game's record is written to a file here.
            Ok(Request::Verify { game }) => Input::Verify(game),
            Ok(request) => Input::Request(request),
            Err(e) => Input::Invalid(e),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use bot_core::service::UserRef;

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
        // A page that is no number is refused, as in the chats (it once read as page 1).
        assert_eq!(
            parse("verlauf 2"),
            Input::Request(Request::History { page: 2 })
        );
        assert!(matches!(parse("verlauf zwei"), Input::Invalid(_)));
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

    /// Issue 25: the club's words at the terminal.
    #[test]
    fn club_words() {
        use bot_core::service::ClubRequest;
        let club = |r| Input::Request(Request::Club(r));
        assert_eq!(
            parse("abend start 19:30"),
            club(ClubRequest::OpenNight {
                late_after: Some("19:30".into())
            })
        );
        assert_eq!(parse("abend"), club(ClubRequest::NightStatus));
        assert_eq!(parse("night end"), club(ClubRequest::CloseNight));
        assert_eq!(parse("da"), club(ClubRequest::CheckIn));
        assert_eq!(
            parse("einzahlung Anna 5,50"),
            club(ClubRequest::Pay {
                member: Some(UserRef::Name("Anna".into())),
                amount: "5,50".into()
            })
        );
        assert_eq!(
            parse("einzahlung 5"),
            club(ClubRequest::Pay {
                member: None,
                amount: "5".into()
            })
        );
        assert_eq!(
            parse("strafen spiel=0,50"),
            club(ClubRequest::SetCatalogue {
                words: "spiel=0,50".into()
            })
        );
        assert_eq!(parse("strafen"), club(ClubRequest::ShowCatalogue));
        assert_eq!(
            parse("kassenbuch export"),
            club(ClubRequest::CashExport {
                format: bot_core::service::BookFormat::Csv
            })
        );
        assert_eq!(
            parse("kassenbuch excel"),
            club(ClubRequest::CashExport {
                format: bot_core::service::BookFormat::Xlsx
            })
        );
        assert_eq!(
            parse("kassenbuch 2"),
            club(ClubRequest::CashHistory { page: 2 })
        );
        assert_eq!(
            parse("storno #7"),
            club(ClubRequest::CashUndo { entry: Some(7) })
        );
        assert!(matches!(parse("storno sieben"), Input::Invalid(_)));
        assert!(matches!(parse("abend morgen"), Input::Invalid(_)));
        assert_eq!(parse("rangliste"), club(ClubRequest::Ratings));
        assert_eq!(parse("meisterschaft"), club(ClubRequest::Championship));
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
        // As long as a name at the table may be, no longer.
        let longest = "x".repeat(MAX_NAME);
        assert_eq!(
            split_actor(&format!("{longest}: s")),
            (Some(&*longest), "s")
        );
        let line = format!("{longest}x: s");
        assert_eq!(split_actor(&line), (None, line.as_str()));
    }

    #[test]
    fn every_word_of_the_catalogue_is_understood() {
        for (spec, names) in commands::offered(Platform::Terminal) {
            for word in names.words() {
                let line = match spec.text {
                    bot_core::commands::Text::Required => format!("{word} Anna 4"),
                    _ => word.to_string(),
                };
                let input = parse(&line);
                assert!(!matches!(input, Input::Unknown(_)), "{line}: {input:?}");
                assert!(
                    !matches!(parse(&line.to_uppercase()), Input::Unknown(_)),
                    "{line}"
                );
            }
        }
        assert_eq!(parse("?"), Input::Keys);
        assert_eq!(parse("saison"), Input::Request(Request::CloseSeason));
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
