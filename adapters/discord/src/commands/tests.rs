//! The command tree as Discord receives it, and reading the options.

use super::*;

fn valid_name(n: &str) -> bool {
    (1..=32).contains(&n.chars().count())
        && n.chars()
            .all(|c| c == '-' || c == '_' || (c.is_alphanumeric() && !c.is_uppercase()))
}

#[test]
fn the_command_tree_fits_discord() {
    let commands = poise::builtins::create_application_commands(&[schocken()]);
    let json = serde_json::to_value(&commands).expect("serializes");
    let top = &json[0];
    assert_eq!(top["name"], "schocken");
    let subs = top["options"].as_array().expect("subcommands");
    assert_eq!(subs.len(), 25, "Discord allows 25 subcommands");
    let mut names = Vec::new();
    for sub in subs {
        let name = sub["name"].as_str().expect("name");
        assert!(valid_name(name), "{name}");
        names.push(name.to_string());
        let de = sub["name_localizations"]["de"].as_str().unwrap_or(name);
        assert!(valid_name(de), "{de}");
        for text in [&sub["description"], &sub["description_localizations"]["de"]] {
            let text = text.as_str().expect("description in both languages");
            assert!((1..=100).contains(&text.chars().count()), "{text}");
        }
        for option in sub["options"].as_array().into_iter().flatten() {
            let name = option["name"].as_str().expect("option name");
            assert!(valid_name(name), "{name}");
            let de = option["name_localizations"]["de"].as_str().unwrap_or(name);
            assert!(valid_name(de), "{de}");
            assert!(option["description_localizations"]["de"].is_string());
        }
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len());
    for name in [
        "new", "bot", "roll", "keep", "rules", "kick", "paid", "history", "judge", "round", "help",
        "seed", "verify", "fairness",
    ] {
        assert!(names.iter().any(|n| n == name), "{name}");
    }
    // Blind moved under `roll` to make room for `bot`.
    assert!(!names.iter().any(|n| n == "blind"), "{names:?}");
}

/// The German name of a command or option (the English one unless localized).
fn de(json: &serde_json::Value) -> &str {
    json["name_localizations"]["de"]
        .as_str()
        .or(json["name"].as_str())
        .unwrap_or_default()
}

fn sub<'a>(json: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    json[0]["options"]
        .as_array()
        .and_then(|subs| subs.iter().find(|s| s["name"] == name))
        .unwrap_or_else(|| panic!("no subcommand {name}"))
}

#[test]
fn the_provably_fair_subcommands_are_named_as_the_texts_say() {
    let commands = poise::builtins::create_application_commands(&[schocken()]);
    let json = serde_json::to_value(&commands).expect("serializes");
    let seed = sub(&json, "seed");
    assert_eq!(de(seed), "seed");
    let text = &seed["options"][0];
    assert_eq!(text["name"], "text");
    assert_eq!(de(text), "text");
    assert_eq!(text["type"], 3);
    assert_eq!(text["required"], true);
    assert_eq!(text["max_length"], 64);
    // `content-proof-last`: `/schocken prüfen spiel:N`, `/schocken verify game:N`.
    let verify = sub(&json, "verify");
    assert_eq!(de(verify), "prüfen");
    let game = &verify["options"][0];
    assert_eq!(game["name"], "game");
    assert_eq!(de(game), "spiel");
    assert_eq!(game["type"], 4);
    assert_eq!(game["required"], false);
    assert_eq!(game["min_value"].as_f64(), Some(1.0));
    let fairness = sub(&json, "fairness");
    assert_eq!(de(fairness), "fairness");
    assert!(fairness["options"].as_array().is_none_or(Vec::is_empty));
    // The time zone is an option of `rules`.
    let rules = sub(&json, "rules");
    let names: Vec<_> = rules["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| (o["name"].clone(), o["name_localizations"]["de"].clone()))
        .collect();
    assert_eq!(
        names,
        [
            ("text".into(), "einstellung".into()),
            ("zone".into(), "zeitzone".into())
        ]
    );
}

#[test]
fn rules_shows_or_sets_one_thing() {
    assert_eq!(
        rules_request(None, Some("  ")),
        Ok(Request::ShowRules { details: false })
    );
    // `text:details` shows every switch by its key: reading, not setting (anyone may).
    assert_eq!(
        rules_request(Some(" details "), None),
        Ok(Request::ShowRules { details: true })
    );
    assert_eq!(
        rules_request(None, Some(" Europe/Vienna ")),
        Ok(Request::SetTimeZone {
            zone: "Europe/Vienna".into()
        })
    );
    assert!(matches!(
        rules_request(Some("dortmund"), None),
        Ok(Request::SetRules { preset: Some(p), .. }) if p == "dortmund"
    ));
    assert!(matches!(
        rules_request(Some("dortmund"), Some("Europe/Vienna")),
        Err(ServiceError::BadArgument { .. })
    ));
}

/// A subcommand's options: (English name, German name, Discord option type, required).
fn options(sub: &serde_json::Value) -> Vec<(String, String, u64, bool)> {
    sub["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| {
            (
                o["name"].as_str().unwrap_or_default().to_string(),
                de(o).to_string(),
                o["type"].as_u64().unwrap_or_default(),
                o["required"].as_bool().unwrap_or_default(),
            )
        })
        .collect()
}

fn owned(list: &[(&str, &str, u64, bool)]) -> Vec<(String, String, u64, bool)> {
    list.iter()
        .map(|(n, d, t, r)| (n.to_string(), d.to_string(), *t, *r))
        .collect()
}

#[test]
fn tally_mode_is_named_as_the_issue_and_the_help_say() {
    let commands = poise::builtins::create_application_commands(&[schocken()]);
    let json = serde_json::to_value(&commands).expect("serializes");
    // `/schocken new mode:tally`, German `/schocken neu modus:zählen`.
    let new = sub(&json, "new");
    assert_eq!(de(new), "neu");
    assert_eq!(options(new), owned(&[("mode", "modus", 4, false)]));
    let choices: Vec<_> = new["options"][0]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| (c["name"].clone(), c["name_localizations"]["de"].clone()))
        .collect();
    assert_eq!(
        choices,
        [
            ("rolled".into(), "würfeln".into()),
            ("tally".into(), "zählen".into())
        ]
    );
    let start = sub(&json, "start");
    assert_eq!(de(start), "los");
    assert_eq!(options(start), owned(&[("starter", "anfänger", 6, false)]));
    let round = sub(&json, "round");
    assert_eq!(de(round), "runde");
    assert_eq!(options(round), owned(&[("text", "zeile", 3, true)]));
    // The export moved under `history` to make room.
    let history = sub(&json, "history");
    assert_eq!(
        options(history),
        owned(&[("page", "seite", 4, false), ("csv", "csv", 5, false)])
    );
    assert!(
        json[0]["options"]
            .as_array()
            .is_some_and(|subs| subs.iter().all(|s| s["name"] != "export"))
    );
}

#[test]
fn the_options_choose_the_request() {
    assert_eq!(open_request(None), Request::Open);
    assert_eq!(open_request(Some(Mode::Rolled)), Request::Open);
    assert_eq!(open_request(Some(Mode::Tally)), Request::OpenTally);
    assert_eq!(history_request(None, None), Request::History { page: 1 });
    assert_eq!(
        history_request(Some(3), Some(false)),
        Request::History { page: 3 }
    );
    assert_eq!(history_request(Some(3), Some(true)), Request::Export);
}

#[test]
fn computer_players_and_blind_throws_are_named_as_the_help_says() {
    let commands = poise::builtins::create_application_commands(&[schocken()]);
    let json = serde_json::to_value(&commands).expect("serializes");
    // `/schocken bot name:Robbi level:simple`, German `/schocken computer name:Robbi stufe:einfach`.
    let bot = sub(&json, "bot");
    assert_eq!(de(bot), "computer");
    assert_eq!(
        options(bot),
        owned(&[("name", "name", 3, false), ("level", "stufe", 4, false)])
    );
    // As long as a name at the table may be.
    assert_eq!(
        bot["options"][0]["max_length"],
        bot_core::model::table::MAX_NAME
    );
    let choices: Vec<_> = bot["options"][1]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| {
            (
                c["name"].clone(),
                c["name_localizations"]["de"].clone(),
                c["value"].clone(),
            )
        })
        .collect();
    assert_eq!(
        choices,
        [
            ("strong".into(), "stark".into(), 0.into()),
            ("simple".into(), "einfach".into(), 1.into())
        ]
    );
    // `/schocken roll blind:True`, German `/schocken würfeln blind:True`.
    let roll = sub(&json, "roll");
    assert_eq!(de(roll), "würfeln");
    assert_eq!(options(roll), owned(&[("blind", "blind", 5, false)]));
    assert_eq!(
        roll["options"][0]["description_localizations"]["de"],
        "Blind werfen: ohne unter den Becher zu schauen"
    );
}

#[test]
fn computer_players_get_a_name_and_a_level() {
    use bot_core::engine::ai::Strategy;
    let add = |name: &str, strategy| Request::AddBot {
        name: name.into(),
        strategy,
    };
    assert_eq!(bot_request(None, None), add("Computer", Strategy::Strong));
    assert_eq!(
        bot_request(Some("  "), Some(Level::Simple)),
        add("Computer", Strategy::Simple)
    );
    assert_eq!(
        bot_request(Some(" Robbi "), Some(Level::Strong)),
        add("Robbi", Strategy::Strong)
    );
    assert_eq!(
        bot_request(Some("Onkel Otto"), None),
        add("Onkel Otto", Strategy::Strong)
    );
}

#[test]
fn roll_throws_or_plays_blind() {
    assert_eq!(roll_request(None), Request::Roll);
    assert_eq!(roll_request(Some(false)), Request::Roll);
    assert_eq!(roll_request(Some(true)), Request::Blind);
}

#[test]
fn the_subcommands_are_the_catalogues() {
    let handlers: Vec<CommandId> = subcommands().into_iter().map(|(id, _)| id).collect();
    // The club's commands are `/club`'s (issue 25): `/schocken` is full.
    let club: Vec<CommandId> = club::club_subcommands()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    // The tournament's words are `/tournament`'s subcommands (issue 35).
    let mut sorted: Vec<CommandId> = handlers
        .iter()
        .chain(&club)
        .chain(&[CommandId::Tournament])
        .copied()
        .collect();
    sorted.sort();
    let offered: Vec<CommandId> = commands::offered(Platform::Discord)
        .map(|(spec, _)| spec.id)
        .collect();
    assert_eq!(
        sorted, offered,
        "one handler for each command Discord offers"
    );
    let commands = poise::builtins::create_application_commands(&[schocken()]);
    let json = serde_json::to_value(&commands).expect("serializes");
    let subs = json[0]["options"].as_array().expect("subcommands");
    assert_eq!(subs.len(), handlers.len());
    for (sub, id) in subs.iter().zip(&handlers) {
        let spec = commands::spec(*id);
        let names = spec.names(Platform::Discord).expect("offered");
        assert_eq!(sub["name"], names.en);
        assert_eq!(de(sub), names.de);
        let description = command_description(*id, Voice::new(Lang::En, Surface::Discord));
        assert_eq!(sub["description"], description.as_str());
    }
}

#[test]
fn the_tournament_has_a_subcommand_per_word_with_german_names() {
    let commands = poise::builtins::create_application_commands(&[tournament::tournament()]);
    let json = serde_json::to_value(&commands).expect("serializes");
    assert_eq!(json[0]["name"], "tournament");
    assert_eq!(json[0]["name_localizations"]["de"], "turnier");
    let subs = json[0]["options"].as_array().expect("subcommands");
    let words: Vec<_> = tournament::tournament_words().collect();
    assert_eq!(subs.len(), words.len());
    assert!(subs.len() <= 25, "Discord allows 25 subcommands");
    for (sub, word) in subs.iter().zip(&words) {
        assert_eq!(sub["name"], word.names.en);
        assert_eq!(de(sub), word.names.de);
        let description = sub["description"].as_str().expect("described");
        assert!(
            !description.is_empty() && description.len() <= 100,
            "{description}"
        );
        assert!(!description.starts_with("tourney-"), "{description}");
    }
}
