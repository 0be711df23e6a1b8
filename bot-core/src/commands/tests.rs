//! The catalogue holds together: names in both languages, no word claimed twice, names each
//! platform accepts, descriptions in both Fluent files, and help texts that name every
//! command their program lists.

use super::*;
use crate::render::{Surface, Voice, command_description, help_text};
use crate::text::message_ids;
use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use std::collections::{BTreeMap, BTreeSet};

#[test]
fn every_command_is_in_its_place_with_names_in_both_languages() {
    let mut canonical = BTreeSet::new();
    for (i, spec) in CATALOGUE.iter().enumerate() {
        assert_eq!(spec.id as usize, i);
        assert_eq!(super::spec(spec.id), spec);
        assert!(!spec.en.is_empty() && !spec.de.is_empty(), "{:?}", spec.id);
        // Help texts name it `$en`: a Fluent identifier, one per command.
        let mut chars = spec.en.chars();
        assert!(
            chars.next().is_some_and(|c| c.is_ascii_lowercase()),
            "{}",
            spec.en
        );
        assert!(chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
        assert!(canonical.insert(spec.en), "{} twice", spec.en);
        for platform in Platform::ALL {
            if let Some(names) = spec.names(platform) {
                assert!(names.words().all(|w| !w.is_empty()), "{:?}", spec.id);
            }
        }
        assert!(
            Platform::ALL.iter().any(|p| spec.names(*p).is_some()),
            "{:?} is offered nowhere",
            spec.id
        );
    }
}

#[test]
fn no_word_is_claimed_by_two_commands_on_one_platform() {
    for platform in Platform::ALL {
        let mut claimants: BTreeMap<&str, BTreeSet<CommandId>> = BTreeMap::new();
        for (spec, names) in offered(platform) {
            for word in names.words() {
                claimants.entry(word).or_default().insert(spec.id);
            }
        }
        for (word, ids) in &claimants {
            // A shared word is told apart by whether a text follows: never two the same way.
            for with_text in [false, true] {
                let fitting = ids
                    .iter()
                    .filter(|id| ids.len() == 1 || spec(**id).text.fits(with_text))
                    .count();
                assert_eq!(fitting, 1, "{platform:?} `{word}` ({with_text}): {ids:?}");
                let found = lookup(platform, word, with_text);
                assert!(found.is_some_and(|id| ids.contains(&id)), "{word}");
            }
        }
    }
    assert_eq!(
        lookup(Platform::Terminal, "r", false),
        Some(CommandId::Roll)
    );
    assert_eq!(
        lookup(Platform::Terminal, "r", true),
        Some(CommandId::Round)
    );
    assert_eq!(lookup(Platform::Terminal, "w", true), Some(CommandId::Roll));
    assert_eq!(
        lookup(Platform::Telegram, "go", false),
        Some(CommandId::Start)
    );
    assert_eq!(
        lookup(Platform::Telegram, "start", false),
        Some(CommandId::Welcome)
    );
    assert_eq!(lookup(Platform::Telegram, "quatsch", false), None);
}

#[test]
fn telegram_names_are_bot_api_commands() {
    for (spec, names) in offered(Platform::Telegram) {
        for word in names.words() {
            assert!(
                (1..=32).contains(&word.len())
                    && word
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{:?}: {word}",
                spec.id
            );
        }
    }
}

#[test]
fn discord_names_are_subcommand_names() {
    let valid = |n: &str| {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c == '-' || c == '_' || (c.is_alphanumeric() && !c.is_uppercase()))
    };
    // Discord allows 25 subcommands under one command: `/schocken`'s and `/club`'s.
    let club = offered(Platform::Discord)
        .filter(|(spec, _)| spec.id.is_club())
        .count();
    // `/tournament` is a root command of its own (its words are its subcommands).
    let schocken = offered(Platform::Discord).count() - club - 1;
    assert!(schocken <= 25 && club <= 25, "{schocken}, {club}");
    for (spec, names) in offered(Platform::Discord) {
        assert!(valid(names.en) && valid(names.de), "{:?}", spec.id);
        // A subcommand has one name per language.
        assert!(names.aliases.is_empty(), "{:?}", spec.id);
    }
}

#[test]
fn every_description_is_in_both_languages() {
    for lang in Lang::ALL {
        let ids = message_ids(lang);
        for spec in &CATALOGUE {
            assert!(
                ids.iter().any(|id| id == spec.description),
                "{lang:?}: {}",
                spec.description
            );
        }
    }
}

/// Discord's registration names who may use a command: Manage Server, where it takes it.
#[test]
fn discord_descriptions_name_the_permission() {
    for (spec, _) in offered(Platform::Discord) {
        for (lang, words) in [(Lang::En, "Manage Server"), (Lang::De, "Server verwalten")] {
            let text = command_description(spec.id, Voice::new(lang, Surface::Discord));
            let named = text.contains(words);
            assert_eq!(named, spec.permission != Permission::Anyone, "{text}");
            assert!((1..=100).contains(&text.chars().count()), "{text}");
        }
    }
}

/// Who may use what, as the service checks it (the opener's and admins' table commands,
/// the admins' settings).
#[test]
fn the_admin_rights_are_the_services() {
    use CommandId as Id;
    use Permission as P;
    let restricted: Vec<_> = CATALOGUE
        .iter()
        .filter(|s| s.permission != P::Anyone)
        .map(|s| (s.id, s.permission))
        .collect();
    assert_eq!(
        restricted,
        [
            (Id::Rules, P::AdminToChange),
            (Id::Kick, P::OpenerOrAdmin),
            (Id::End, P::OpenerOrAdmin),
            (Id::Timer, P::AdminToChange),
            (Id::TimeZone, P::AdminToChange),
            (Id::NewSeason, P::AdminOnly),
            (Id::Bot, P::OpenerOrAdmin),
            (Id::Night, P::AdminToChange),
            (Id::Penalties, P::AdminToChange),
        ]
    );
    // Issue 25: opening and closing the evening, changing the catalogue and undoing
    // another's cash entry take an admin; looking and one's own undo do not.
    use crate::service::ClubRequest as C;
    let club = |r| Request::Club(r);
    assert!(P::AdminToChange.asks_admin(&club(C::CloseNight)));
    assert!(P::AdminToChange.asks_admin(&club(C::SetCatalogue {
        words: "spiel=1".into()
    })));
    assert!(!P::AdminToChange.asks_admin(&club(C::NightStatus)));
    assert!(!P::AdminToChange.asks_admin(&club(C::ShowCatalogue)));
    assert!(P::Anyone.asks_admin(&club(C::CashUndo { entry: Some(3) })));
    assert!(!P::Anyone.asks_admin(&club(C::CashUndo { entry: None })));
    let show = Request::ShowRules { details: false };
    assert!(!P::AdminToChange.asks_admin(&show));
    assert!(P::AdminToChange.asks_admin(&Request::SetTimer { seconds: 60 }));
    assert!(P::OpenerOrAdmin.asks_admin(&Request::End));
    assert!(!P::Anyone.asks_admin(&Request::Fairness));
}

/// The Fluent source of `lang`.
fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::De => include_str!("../../locales/de.ftl"),
        Lang::En => include_str!("../../locales/en.ftl"),
    }
}

/// The variables message `id` refers to when shown on `surface`.
fn variables(lang: Lang, id: &str, surface: Surface) -> BTreeSet<String> {
    let resource = match fluent_syntax::parser::parse(source(lang)) {
        Ok(r) | Err((r, _)) => r,
    };
    let mut out = BTreeSet::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry
            && m.id.name == id
            && let Some(pattern) = &m.value
        {
            pattern_variables(pattern, surface.id(), &mut out);
        }
    }
    out
}

fn pattern_variables(pattern: &Pattern<&str>, surface: &str, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, surface, out);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, surface: &str, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            let by_surface = matches!(selector,
                InlineExpression::VariableReference { id } if id.name == "surface");
            let shown = |key: &VariantKey<&str>| {
                matches!(key,
                VariantKey::Identifier { name } if *name == surface)
            };
            let chosen = variants
                .iter()
                .find(|v| shown(&v.key))
                .or_else(|| variants.iter().find(|v| v.default));
            for variant in &variants[..] {
                if !by_surface || Some(variant) == chosen {
                    pattern_variables(&variant.value, surface, out);
                }
            }
        }
        Expression::Inline(InlineExpression::VariableReference { id }) => {
            out.insert(id.name.to_string());
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            expression_variables(expression, surface, out);
        }
        Expression::Inline(_) => {}
    }
}

/// The help texts of each program: the help command's answer, and at the terminal the keys
/// shown for a rolled and for a real table.
fn help_ids(platform: Platform) -> (Surface, &'static [&'static str]) {
    match platform {
        Platform::Discord => (Surface::Discord, &["content-help"]),
        Platform::Telegram => (Surface::Telegram, &["content-help"]),
        Platform::Terminal => (
            Surface::Terminal,
            &["content-help", "console-keys", "console-tally-keys"],
        ),
    }
}

#[test]
fn the_help_names_every_command_its_program_lists() {
    for platform in Platform::ALL {
        let (surface, ids) = help_ids(platform);
        for lang in Lang::ALL {
            let named: BTreeSet<String> = ids
                .iter()
                .flat_map(|id| variables(lang, id, surface))
                .collect();
            for (spec, _) in listed(platform) {
                // The help need not name itself.
                if spec.id != CommandId::Help {
                    assert!(
                        named.contains(spec.en),
                        "{platform:?} {lang:?}: {}",
                        spec.en
                    );
                }
            }
            for id in ids {
                let text = help_text(id, Voice::new(lang, surface));
                // An argument the program does not fill shows as `{$name}`.
                assert!(!text.contains("{$"), "{platform:?} {lang:?} {id}: {text}");
            }
        }
    }
    for lang in Lang::ALL {
        let plain = help_text("content-help", Voice::plain(lang));
        assert!(!plain.contains("{$"), "{plain}");
    }
}

/// The words after a command: lower case as they are compared, none picking two things
/// after the same command, each after a command that takes a text.
#[test]
fn choice_words_pick_one_thing_each() {
    use words::{CHOICES, choice_of};
    let mut seen = BTreeSet::new();
    for choice in CHOICES {
        assert_ne!(spec(choice.command).text, Text::None, "{:?}", choice.choice);
        let words: BTreeSet<&str> = choice.names.words().collect();
        for word in words {
            assert_eq!(word, word.to_lowercase(), "{word}");
            assert!(seen.insert((choice.command, word)), "{word} twice");
            assert_eq!(
                choice_of(choice.command, &word.to_uppercase()),
                Some(choice.choice)
            );
        }
    }
}
