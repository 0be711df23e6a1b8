//! Names, menus and arguments of the chat commands.

use super::*;

#[test]
fn commands_split_with_bot_and_arguments() {
    let p = split("/Wurf@SchockenBot  1 1 ").expect("a command");
    assert_eq!(p.name, "wurf");
    assert_eq!(p.bot, Some("SchockenBot"));
    assert_eq!(p.args, "1 1");
    assert_eq!(p.for_bot("schockenbot"), Addressed::Us);
    assert_eq!(p.for_bot("OtherBot"), Addressed::Other);
    let p = split("/keep").expect("a command");
    assert_eq!((p.name.as_str(), p.bot, p.args), ("keep", None, ""));
    assert_eq!(p.for_bot("SchockenBot"), Addressed::Anyone);
    assert_eq!(split("hello"), None);
    assert_eq!(split("/"), None);
    assert_eq!(split("/@bot"), None);
}

#[test]
fn german_aliases_and_english_names_mean_the_same() {
    for (en, de) in [
        ("new", "neu"),
        ("join", "mit"),
        ("go", "los"),
        ("roll", "wurf"),
        ("keep", "halten"),
        ("flip", "drehen"),
        ("stand", "stehen"),
        ("reveal", "aufdecken"),
        ("table", "tisch"),
        ("rules", "regeln"),
        ("debts", "deckel"),
        ("paid", "bezahlt"),
        ("stats", "statistik"),
        ("help", "hilfe"),
    ] {
        assert_eq!(lookup(en, ""), lookup(de, ""), "{en} {de}");
        assert!(lookup(en, "").is_some());
    }
    assert_eq!(lookup("nonsense", ""), None);
}

#[test]
fn menus_are_valid_telegram_commands() {
    for lang in Lang::ALL {
        let menu = menu(lang);
        assert!(menu.len() >= 22);
        for (name, _) in &menu {
            assert!(
                (1..=32).contains(&name.len())
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{name}"
            );
            assert!(lookup(name, "").is_some(), "{name}");
        }
    }
    assert!(menu(Lang::De).iter().any(|(n, _)| *n == "wurf"));
    assert!(menu(Lang::En).iter().any(|(n, _)| *n == "roll"));
}

#[test]
fn arguments_become_requests() {
    assert_eq!(
        request(CommandId::Keep, "1 1", None),
        Ok(Request::Keep { values: vec![1, 1] })
    );
    assert!(request(CommandId::Keep, "", None).is_err());
    assert_eq!(
        request(CommandId::Rules, "", None),
        Ok(Request::ShowRules { details: false })
    );
    assert_eq!(
        request(CommandId::Rules, "details", None),
        Ok(Request::ShowRules { details: true })
    );
    assert!(!needs_admin(
        CommandId::Rules,
        &Request::ShowRules { details: true }
    ));
    assert_eq!(
        request(CommandId::Rules, "dortmund blind=false", None),
        Ok(Request::SetRules {
            preset: Some("dortmund".into()),
            switches: vec!["blind=false".into()]
        })
    );
    assert_eq!(
        request(CommandId::Kick, "", None),
        Err(ServiceError::NameMissing)
    );
    let ben = UserId::new("telegram", 2);
    assert_eq!(
        request(CommandId::Kick, "", Some(ben.clone())),
        Ok(Request::Kick {
            user: UserRef::Id(ben.clone())
        })
    );
    assert_eq!(
        request(CommandId::Paid, "Anna", None),
        Ok(Request::Paid {
            debtor: Some(UserRef::Name("Anna".into()))
        })
    );
    assert_eq!(
        request(CommandId::Paid, "", None),
        Ok(Request::Paid { debtor: None })
    );
    assert_eq!(
        request(CommandId::History, "2", None),
        Ok(Request::History { page: 2 })
    );
    assert!(request(CommandId::History, "x", None).is_err());
    assert_eq!(
        request(CommandId::Timer, "60", None),
        Ok(Request::SetTimer { seconds: 60 })
    );
    assert_eq!(
        request(CommandId::TimeZone, "Europe/Vienna", None),
        Ok(Request::SetTimeZone {
            zone: "Europe/Vienna".into()
        })
    );
    assert_eq!(lookup("zeitzone", ""), Some(CommandId::TimeZone));
    assert!(needs_admin(CommandId::End, &Request::End));
    assert!(!needs_admin(
        CommandId::TimeZone,
        &Request::ShowRules { details: false }
    ));
}

#[test]
fn provably_fair_dice_commands() {
    assert_eq!(lookup("seed", ""), Some(CommandId::Seed));
    assert_eq!(lookup("pruefen", ""), Some(CommandId::Verify));
    assert_eq!(lookup("verify", ""), Some(CommandId::Verify));
    assert_eq!(lookup("fairness", ""), Some(CommandId::Fairness));
    assert_eq!(
        request(CommandId::Seed, " Stammtisch 7 ", None),
        Ok(Request::Seed {
            text: "Stammtisch 7".into()
        })
    );
    assert_eq!(usage(CommandId::Seed, "  "), Some("usage-seed"));
    assert_eq!(usage(CommandId::Seed, "x"), None);
    assert_eq!(
        request(CommandId::Verify, "", None),
        Ok(Request::Verify { game: None })
    );
    for (args, game) in [("12", 12), ("#3", 3)] {
        assert_eq!(
            request(CommandId::Verify, args, None),
            Ok(Request::Verify { game: Some(game) })
        );
        assert_eq!(usage(CommandId::Verify, args), None);
    }
    for args in ["zwölf", "0", "-2", "1 2", "#"] {
        assert!(request(CommandId::Verify, args, None).is_err(), "{args}");
        assert_eq!(
            usage(CommandId::Verify, args),
            Some("usage-verify"),
            "{args}"
        );
    }
    assert_eq!(
        request(CommandId::Fairness, "", None),
        Ok(Request::Fairness)
    );
    for (lang, verify) in [(Lang::De, "pruefen"), (Lang::En, "verify")] {
        let menu = menu(lang);
        for name in ["seed", verify, "fairness"] {
            assert!(menu.iter().any(|(n, _)| *n == name), "{lang:?} {name}");
        }
    }
    assert!(!needs_admin(CommandId::Fairness, &Request::Fairness));
}

#[test]
fn computer_players_and_hints() {
    use bot_core::engine::ai::Strategy;
    for name in ["bot", "computer"] {
        assert_eq!(lookup(name, ""), Some(CommandId::Bot), "{name}");
    }
    assert_eq!(lookup("tipp", ""), Some(CommandId::Hint));
    assert_eq!(lookup("hint", ""), Some(CommandId::Hint));
    assert_eq!(
        request(CommandId::Bot, "", None),
        Ok(Request::AddBot {
            name: "Computer".into(),
            strategy: Strategy::Strong
        })
    );
    assert_eq!(
        request(CommandId::Bot, "Robbi einfach", None),
        Ok(Request::AddBot {
            name: "Robbi".into(),
            strategy: Strategy::Simple
        })
    );
    assert_eq!(
        request(CommandId::Bot, "stark", None),
        Ok(Request::AddBot {
            name: "Computer".into(),
            strategy: Strategy::Strong
        })
    );
    assert_eq!(request(CommandId::Hint, "", None), Ok(Request::Hint));
    assert!(needs_admin(CommandId::Bot, &parse::parse_bot("").request()));
    assert!(!needs_admin(CommandId::Hint, &Request::Hint));
    for (lang, hint) in [(Lang::De, "tipp"), (Lang::En, "hint")] {
        let menu = menu(lang);
        for name in ["bot", hint] {
            assert!(menu.iter().any(|(n, _)| *n == name), "{lang:?} {name}");
        }
    }
}

#[test]
fn a_real_table_is_opened_started_and_entered() {
    assert_eq!(lookup("runde", ""), Some(CommandId::Round));
    assert_eq!(lookup("round", ""), Some(CommandId::Round));
    assert_eq!(request(CommandId::New, "", None), Ok(Request::Open));
    for word in ["tally", "zählen", "Zaehlen"] {
        assert_eq!(
            request(CommandId::New, word, None),
            Ok(Request::OpenTally),
            "{word}"
        );
        assert_eq!(usage(CommandId::New, word), None);
    }
    assert!(request(CommandId::New, "quatsch", None).is_err());
    assert_eq!(usage(CommandId::New, "quatsch"), Some("usage-new"));
    assert_eq!(
        request(CommandId::Start, "@Ben", None),
        Ok(Request::StartWith {
            starter: UserRef::Name("Ben".into())
        })
    );
    assert_eq!(request(CommandId::Start, "", None), Ok(Request::Start));
    assert_eq!(
        request(CommandId::Round, "Anna 4", None),
        Ok(Request::EnterRound {
            text: "Anna 4".into()
        })
    );
    assert_eq!(usage(CommandId::Round, " "), Some("usage-round"));
    let menu = menu(Lang::De);
    assert!(menu.iter().any(|(n, _)| *n == "runde"));
}

/// What the service restricts: settings (admins), and the opener's or an admin's table
/// commands. Telegram is asked whether the user is an admin exactly for these.
fn restricted(request: &Request) -> bool {
    request.is_setting()
        || request.needs_admin()
        || matches!(
            request,
            Request::End | Request::Kick { .. } | Request::AddBot { .. }
        )
}

#[test]
fn admins_are_asked_for_exactly_the_restricted_requests() {
    let reply_to = Some(UserId::new("telegram", 2));
    for (spec, names) in commands::offered(Platform::Telegram) {
        for args in [
            "",
            "1 1",
            "12",
            "details",
            "dortmund",
            "Europe/Vienna",
            "Robbi einfach",
        ] {
            assert_eq!(lookup(names.en, args), Some(spec.id));
            if let Ok(request) = request(spec.id, args, reply_to.clone()) {
                assert_eq!(
                    needs_admin(spec.id, &request),
                    restricted(&request),
                    "/{} {args}",
                    names.en
                );
            }
        }
    }
}

#[test]
fn the_menus_describe_each_command_in_its_language() {
    let de = menu(Lang::De);
    let en = menu(Lang::En);
    assert_eq!(de.len(), en.len());
    // 31 game commands, the club's nine (issue 25) and the tournament's (issue 35).
    assert_eq!(de.len(), 41);
    assert_eq!(
        de[0],
        (
            "neu",
            "Tisch aufmachen (/neu zählen: echte Würfel, der Bot zählt)".to_string()
        )
    );
    assert_eq!(en[3], ("go", "Start the game".to_string()));
    assert!(!de.iter().chain(&en).any(|(n, _)| *n == "start"));
    for (name, description) in de.iter().chain(&en) {
        assert!(
            !description.is_empty() && !description.starts_with("cmd-"),
            "{name}"
        );
    }
}

/// Issue 37: every round line the README shows works after `/runde`, `rückgängig` too.
#[test]
fn a_round_line_of_the_readme_is_a_round_or_takes_the_last_one_back() {
    let round = |args: &str| request(CommandId::Round, args, None).expect("a request");
    for undo in ["rückgängig", "Rückgängig", "rueckgaengig", "undo"] {
        assert_eq!(round(undo), Request::Undo, "{undo}");
    }
    assert_eq!(
        round("Anna 3 von Cem"),
        Request::EnterRound {
            text: "Anna 3 von Cem".into()
        }
    );
}
