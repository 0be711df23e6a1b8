//! The one reading of every command's text, whichever front end typed it.

use super::*;
use crate::commands::{Platform, offered};
use crate::engine::ai::Strategy;
use crate::service::{BookFormat, ClubRequest};

fn read(command: CommandId, text: &str) -> Result<Request, ServiceError> {
    request(command, text, None)
}

#[test]
fn dice_and_extras() {
    assert_eq!(
        read(CommandId::Keep, " 1 und 1 "),
        Ok(Request::Keep { values: vec![1, 1] })
    );
    assert_eq!(
        read(CommandId::Keep, ""),
        Err(crate::engine::ActionError::NothingToKeep.into())
    );
    assert_eq!(
        read(CommandId::Keep, "7"),
        Err(crate::engine::ActionError::InvalidDie { value: 7 }.into())
    );
    assert!(matches!(
        read(CommandId::Announce, "jule 999"),
        Err(ServiceError::BadArgument { text }) if text == "999"
    ));
}

/// A bad page is an error everywhere (the terminal once read it as page 1).
#[test]
fn pages_and_game_numbers() {
    assert_eq!(
        read(CommandId::History, ""),
        Ok(Request::History { page: 1 })
    );
    assert_eq!(
        read(CommandId::History, "2"),
        Ok(Request::History { page: 2 })
    );
    assert_eq!(
        read(CommandId::History, "zwei"),
        Err(ServiceError::BadArgument {
            text: "zwei".into()
        })
    );
    assert_eq!(
        read(CommandId::Verify, ""),
        Ok(Request::Verify { game: None })
    );
    assert_eq!(
        read(CommandId::Verify, "#12"),
        Ok(Request::Verify { game: Some(12) })
    );
    assert!(read(CommandId::Verify, "0").is_err());
    assert!(game_number("zwölf").is_err());
}

#[test]
fn the_lobby() {
    assert_eq!(read(CommandId::New, ""), Ok(Request::Open));
    for word in ["tally", "Zählen", "echt"] {
        assert_eq!(read(CommandId::New, word), Ok(Request::OpenTally), "{word}");
    }
    assert!(read(CommandId::New, "morgen").is_err());
    assert_eq!(read(CommandId::Start, ""), Ok(Request::Start));
    assert_eq!(
        read(CommandId::Start, "@Anna"),
        Ok(Request::StartWith {
            starter: UserRef::Name("Anna".into())
        })
    );
    assert_eq!(
        read(CommandId::Bot, "Robbi einfach"),
        Ok(Request::AddBot {
            name: "Robbi".into(),
            strategy: Strategy::Simple
        })
    );
    assert_eq!(
        read(CommandId::Bot, ""),
        Ok(Request::AddBot {
            name: "Computer".into(),
            strategy: Strategy::Strong
        })
    );
}

#[test]
fn people_by_name_or_by_the_message_answered() {
    let ben = UserRef::Name("Ben".into());
    assert_eq!(read(CommandId::Kick, ""), Err(ServiceError::NameMissing));
    assert_eq!(
        request(CommandId::Kick, "", Some(ben.clone())),
        Ok(Request::Kick { user: ben.clone() })
    );
    assert_eq!(
        read(CommandId::Paid, "Ben"),
        Ok(Request::Paid {
            debtor: Some(ben.clone())
        })
    );
    assert_eq!(
        read(CommandId::Paid, ""),
        Ok(Request::Paid { debtor: None })
    );
}

#[test]
fn rules_timer_and_zone() {
    assert_eq!(
        read(CommandId::Rules, " Details "),
        Ok(Request::ShowRules { details: true })
    );
    assert_eq!(
        read(CommandId::Rules, "details dortmund blind=true"),
        Ok(Request::SetRules {
            preset: Some("dortmund".into()),
            switches: vec!["blind=true".into()]
        })
    );
    // A word that only starts like it is still read as a preset (and refused as one).
    assert_eq!(parse_rules("detailliert").0, Some("detailliert".into()));
    assert_eq!(
        read(CommandId::Timer, ""),
        Ok(Request::ShowRules { details: false })
    );
    assert_eq!(
        read(CommandId::Timer, "60"),
        Ok(Request::SetTimer { seconds: 60 })
    );
    assert!(read(CommandId::Timer, "eine Minute").is_err());
    assert_eq!(
        read(CommandId::TimeZone, "Europe/Vienna"),
        Ok(Request::SetTimeZone {
            zone: "Europe/Vienna".into()
        })
    );
}

#[test]
fn round_lines_and_taking_one_back() {
    assert_eq!(
        read(CommandId::Round, "Anna 4"),
        Ok(Request::EnterRound {
            text: "Anna 4".into()
        })
    );
    for word in ["rückgängig", "Undo", "zurueck"] {
        assert_eq!(read(CommandId::Round, word), Ok(Request::Undo), "{word}");
    }
}

#[test]
fn the_clubs_words() {
    let club = |r| Ok(Request::Club(r));
    assert_eq!(
        read(CommandId::Night, "Start 19:30"),
        club(ClubRequest::OpenNight {
            late_after: Some("19:30".into())
        })
    );
    assert_eq!(
        read(CommandId::Night, "stand"),
        club(ClubRequest::NightStatus)
    );
    assert_eq!(read(CommandId::Night, "zu"), club(ClubRequest::CloseNight));
    assert!(read(CommandId::Night, "morgen").is_err());
    assert_eq!(
        read(CommandId::CashBook, "tabelle"),
        club(ClubRequest::CashExport {
            format: BookFormat::Xlsx
        })
    );
    assert_eq!(
        read(CommandId::CashBook, "3"),
        club(ClubRequest::CashHistory { page: 3 })
    );
    assert!(read(CommandId::CashBook, "drei").is_err());
    assert_eq!(
        read(CommandId::Cancel, "#7"),
        club(ClubRequest::CashUndo { entry: Some(7) })
    );
    assert!(read(CommandId::Cancel, "0").is_err());
    assert_eq!(
        request(CommandId::Pay, "5,50", Some(UserRef::Name("Anna".into()))),
        club(ClubRequest::Pay {
            member: Some(UserRef::Name("Anna".into())),
            amount: "5,50".into()
        })
    );
    assert_eq!(
        read(CommandId::Pay, "@Anna Maria 5"),
        club(ClubRequest::Pay {
            member: Some(UserRef::Name("Anna Maria".into())),
            amount: "5".into()
        })
    );
}

/// Every command any platform offers is read here; one whose text the catalogue calls
/// optional or none is a request without it.
#[test]
fn every_offered_command_is_read() {
    for platform in Platform::ALL {
        for (spec, _) in offered(platform) {
            let _ = read(spec.id, "Anna 4");
            if spec.text != crate::commands::Text::Required {
                assert!(read(spec.id, "").is_ok(), "{:?}", spec.id);
            }
        }
    }
}

/// Words after a command that reads none are refused, not ignored: `ende quatsch` must not
/// end the game (a stranger found it did).
#[test]
fn words_after_a_command_that_reads_none_are_refused() {
    for command in [
        CommandId::End,
        CommandId::Leave,
        CommandId::Roll,
        CommandId::Undo,
    ] {
        assert_eq!(
            read(command, "quatsch"),
            Err(ServiceError::TextAfterCommand {
                text: "quatsch".into()
            }),
            "{command:?}"
        );
        assert!(read(command, "  ").is_ok(), "{command:?}");
    }
}

/// Counting starts at one for every number a command reads.
#[test]
fn numbers_start_at_one_everywhere() {
    let below = |text: &str| Err(ServiceError::BelowOne { text: text.into() });
    assert_eq!(read(CommandId::History, "0"), below("0"));
    assert_eq!(read(CommandId::Verify, "#0"), below("#0"));
    assert_eq!(read(CommandId::Cancel, "-2"), below("-2"));
    assert_eq!(read(CommandId::CashBook, "0"), below("0"));
}

/// `2,50 €` with its sign apart is one amount (the README writes it so).
#[test]
fn an_amount_with_its_euro_sign_apart() {
    assert_eq!(
        read(CommandId::Pay, "Anna 2,50 €"),
        Ok(Request::Club(ClubRequest::Pay {
            member: Some(UserRef::Name("Anna".into())),
            amount: "2,50€".into()
        }))
    );
    assert_eq!(
        read(CommandId::Penalties, "spiel=0,50 € abend=2 EUR"),
        Ok(Request::Club(ClubRequest::SetCatalogue {
            words: "spiel=0,50€ abend=2EUR".into()
        }))
    );
}
