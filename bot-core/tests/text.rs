//! User-facing text: German and English have the same messages, every message the code asks
//! for exists, and nothing renders as a bare message id.

use bot_core::club::{CatalogueKey, ChargeKind, EntryKind};
use bot_core::engine::{DebtReason, Part, ThrowClass};
use bot_core::render::{Surface, Voice, command_names};
use bot_core::text::{Lang, arg_num, arg_text, deckel, message_ids, syntax_errors, tr};
use fluent_bundle::FluentValue;
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn both_languages_have_the_same_message_ids() {
    assert_eq!(syntax_errors(Lang::De), 0, "de.ftl has syntax errors");
    assert_eq!(syntax_errors(Lang::En), 0, "en.ftl has syntax errors");
    let de: BTreeSet<String> = message_ids(Lang::De).into_iter().collect();
    let en: BTreeSet<String> = message_ids(Lang::En).into_iter().collect();
    let only_de: Vec<_> = de.difference(&en).collect();
    let only_en: Vec<_> = en.difference(&de).collect();
    assert!(
        only_de.is_empty() && only_en.is_empty(),
        "only de: {only_de:?}, only en: {only_en:?}"
    );
    assert!(de.len() > 100);
}

/// String literals in the sources that look like Fluent ids of a known group.
fn ids_used_in(dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            ids_used_in(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for literal in text.split('"').skip(1).step_by(2) {
                let group = literal.split('-').next().unwrap_or("");
                let known = [
                    "throw", "class", "penalty", "eval", "judge", "debt", "title", "part", "rules",
                    "cli", "sim", "table", "reveal", "private", "button", "event", "notice",
                    "error", "content", "kind", "console", "cmd", "club",
                ];
                let shaped = literal.contains('-')
                    && literal.chars().all(|c| {
                        c.is_ascii_lowercase() || c == '-' || c == '_' || c.is_ascii_digit()
                    })
                    && !literal.ends_with('-');
                if shaped && known.contains(&group) {
                    out.insert(literal.to_string());
                }
            }
        }
    }
}

#[test]
fn every_message_the_code_asks_for_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut used = BTreeSet::new();
    for dir in ["bot-core/src", "src", "adapters"] {
        ids_used_in(&root.join(dir), &mut used);
    }
    // Ids built at run time.
    for reason in [
        DebtReason::GameLost,
        DebtReason::SchockAusHand,
        DebtReason::Hille,
        DebtReason::Quit,
    ] {
        used.insert(format!("debt-{}", reason.id()));
    }
    for extra in ["paid", "claim", "undo"] {
        used.insert(format!("debt-{extra}"));
    }
    for kind in ["debt", "paid", "claim", "reversal"] {
        used.insert(format!("kind-{kind}"));
    }
    for class in ThrowClass::ALL {
        used.insert(format!("class-{}", class.id()));
    }
    for part in [Part::Half1, Part::Half2, Part::Final] {
        used.insert(format!("part-{}", part.id()));
    }
    // Club nights (issue 25): entry kinds, booking reasons and catalogue keys by their ids.
    for kind in [
        EntryKind::Charge,
        EntryKind::Payment,
        EntryKind::Claim,
        EntryKind::Payout,
        EntryKind::Reversal,
    ] {
        used.insert(format!("club-entry-{}", kind.id()));
    }
    for charge in [
        ChargeKind::GameLost,
        ChargeKind::HalfLost,
        ChargeKind::SchockAusReceived,
        ChargeKind::Bierrunde,
        ChargeKind::EveningFee,
        ChargeKind::LateFee,
        ChargeKind::Absent,
    ] {
        used.insert(format!("club-reason-{}", charge.id()));
    }
    for reason in ["payment", "claim", "undo"] {
        used.insert(format!("club-reason-{reason}"));
    }
    for key in CatalogueKey::ALL {
        used.insert(format!("club-key-{}", key.word()));
    }
    // Command words that look like ids but are typed by players.
    used.remove("throw-in");
    let mut known: BTreeSet<String> = message_ids(Lang::De).into_iter().collect();
    for (de, _) in adapter_locales() {
        known.extend(de);
    }
    let missing: Vec<&String> = used.iter().filter(|id| !known.contains(*id)).collect();
    assert!(
        missing.is_empty(),
        "messages used but not defined: {missing:?}"
    );
    assert!(used.len() > 100, "the scan found the ids ({})", used.len());
}

/// The message ids of each adapter's own Fluent files (German, English).
fn adapter_locales() -> Vec<(BTreeSet<String>, BTreeSet<String>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root).expect("adapters").flatten() {
        let dir = entry.path().join("locales");
        if !dir.is_dir() {
            continue;
        }
        let ids = |lang: &str| -> BTreeSet<String> {
            let text = std::fs::read_to_string(dir.join(format!("{lang}.ftl"))).expect("ftl");
            let resource = fluent_syntax::parser::parse(text.as_str()).expect("valid Fluent");
            resource
                .body
                .iter()
                .filter_map(|e| match e {
                    fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                    _ => None,
                })
                .collect()
        };
        found.push((ids("de"), ids("en")));
    }
    found
}

#[test]
fn adapters_own_texts_exist_in_both_languages() {
    let locales = adapter_locales();
    assert!(!locales.is_empty());
    for (de, en) in locales {
        assert_eq!(de, en);
    }
}

#[test]
fn arguments_fill_in_and_plurals_work() {
    let one = tr(
        Lang::De,
        "penalty-deckel",
        &[("n", bot_core::text::arg_num(1))],
    );
    let four = tr(
        Lang::En,
        "penalty-deckel",
        &[("n", bot_core::text::arg_num(4))],
    );
    assert_eq!(one, "1 Deckel");
    assert_eq!(four, "4 Deckel");
    assert_eq!(tr(Lang::De, "no-such-message", &[]), "no-such-message");
    // No Unicode isolation marks around arguments.
    let text = tr(
        Lang::En,
        "table-turn",
        &[("name", bot_core::text::arg_text("Anna"))],
    );
    assert_eq!(text, "Anna to play.");
}

#[test]
fn languages_from_platform_codes() {
    assert_eq!(Lang::from_code("en-US"), Lang::En);
    assert_eq!(Lang::from_code("en_GB"), Lang::En);
    assert_eq!(Lang::from_code("de"), Lang::De);
    assert_eq!(Lang::from_code("fr"), Lang::De, "German is the default");
    assert_eq!(Lang::from_code(""), Lang::De);
}

/// Every message of `lang` with the names of the arguments it uses (`$name`).
fn messages_with_arguments(lang: Lang) -> Vec<(String, Vec<String>)> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(format!("{}.ftl", lang.code()));
    let text = std::fs::read_to_string(file).expect("ftl");
    let resource = fluent_syntax::parser::parse(text.as_str()).expect("valid Fluent");
    let mut out = Vec::new();
    for entry in &resource.body {
        let fluent_syntax::ast::Entry::Message(m) = entry else {
            continue;
        };
        // The message's own source: from its id to the next line that starts an entry.
        let start = text
            .find(&format!("\n{} =", m.id.name))
            .map_or(0, |i| i + 1);
        let end = text[start..]
            .match_indices('\n')
            .map(|(i, _)| start + i + 1)
            .find(|&i| {
                text[i..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_lowercase() || c == '#')
            })
            .unwrap_or(text.len());
        let source = &text[start..end];
        let mut args: Vec<String> = source
            .split('$')
            .skip(1)
            .map(|s| {
                s.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<String>()
            })
            .filter(|s| !s.is_empty())
            .collect();
        args.sort();
        args.dedup();
        out.push((m.id.name.to_string(), args));
    }
    out
}

/// Arguments that name somebody.
const NAMES: [&str; 9] = [
    "name", "player", "loser", "winner", "by", "a", "b", "opener", "names",
];

/// Every message of `lang` rendered with every argument the number `n` (a name for names)
/// and `$surface` as `surface`.
fn rendered_with(lang: Lang, n: i64, surface: &str) -> Vec<(String, String)> {
    messages_with_arguments(lang)
        .into_iter()
        .map(|(id, args)| {
            let mut values: Vec<(&str, FluentValue<'static>)> = args
                .iter()
                .filter(|a| *a != "surface")
                .map(|a| {
                    let value = if NAMES.contains(&a.as_str()) {
                        arg_text("Cem")
                    } else {
                        arg_num(n)
                    };
                    (a.as_str(), value)
                })
                .collect();
            values.push(("surface", arg_text(surface)));
            let text = tr(lang, &id, &values);
            (id, text)
        })
        .collect()
}

const SURFACES: [Surface; 4] = [
    Surface::Plain,
    Surface::Discord,
    Surface::Telegram,
    Surface::Terminal,
];

/// Whether `text` has the number `n` right before the word `word` ("1 Spiele", not "11
/// Spiele" nor "1 Spieler" nor the unit "1 Spiele/s").
fn number_before(text: &str, n: i64, word: &str) -> bool {
    let needle = format!("{n} {word}");
    text.match_indices(&needle).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + needle.len()..].chars().next();
        before.is_none_or(|c| !c.is_alphanumeric())
            && after.is_none_or(|c| !c.is_alphanumeric() && c != '/')
    })
}

#[test]
fn no_message_reads_one_with_a_plural_or_many_with_a_singular() {
    // A number right before these words is wrong: "1 Spiele", "2 Spiel", "1 games".
    let after_one: &[(Lang, &[&str])] = &[
        (
            Lang::De,
            &[
                "Spiele",
                "Würfe",
                "Minuten",
                "Sekunden",
                "Runden",
                "Hälften",
                "Seiten",
                "Spielern",
                "Deckeln",
                "Blattschüsse",
                "Spieler gehen",
                "Deckel gehen",
            ],
        ),
        (
            Lang::En,
            &[
                "games",
                "throws",
                "minutes",
                "seconds",
                "rounds",
                "halves",
                "pages",
                "players",
                "finals",
                "times",
                "Deckel go",
                "players are",
            ],
        ),
    ];
    let after_many: &[(Lang, &[&str])] = &[
        (
            Lang::De,
            &[
                "Spiel",
                "Wurf",
                "Minute",
                "Sekunde",
                "Runde",
                "Hälfte",
                "Seite",
                "Blattschuss",
                "Deckel geht",
                "Spieler geht",
            ],
        ),
        (
            Lang::En,
            &[
                "game",
                "throw",
                "minute",
                "second",
                "round",
                "half",
                "page",
                "player",
                "final",
                "Deckel goes",
                "player is",
            ],
        ),
    ];
    let mut wrong = Vec::new();
    for surface in SURFACES {
        for (n, table) in [(1, after_one), (2, after_many)] {
            for (lang, words) in table {
                for (id, text) in rendered_with(*lang, n, surface.id()) {
                    if words.iter().any(|w| number_before(&text, n, w)) {
                        wrong.push(format!("{id} ({lang:?}, {n}): {text}"));
                    }
                }
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "wrong number:\n{}", wrong.join("\n"));
}

const STATS: [&str; 6] = ["games", "lost", "halves", "finals", "blatt", "aus"];

/// A message whose words depend on a number: what it says for 1 and for 2.
struct Case {
    id: &'static str,
    /// The arguments that get the number.
    args: &'static [&'static str],
    de: [&'static [&'static str]; 2],
    en: [&'static [&'static str]; 2],
}

#[test]
fn plural_sensitive_messages_read_right_for_one_and_for_two() {
    let render = |lang: Lang, id: &str, n: i64, args: &[&str]| -> String {
        let mut values: Vec<(&str, FluentValue<'static>)> =
            args.iter().map(|a| (*a, arg_num(n))).collect();
        values.push(("name", arg_text("Cem")));
        values.push(("by", arg_text("Ben")));
        values.push(("player", arg_text("Cem")));
        values.push(("best", arg_text("")));
        values.push(("rules", arg_text("standard")));
        values.push(("seed", arg_text("7")));
        values.push(("finals_pct", arg_text("50")));
        values.push(("blattschuss_pct", arg_text("50")));
        values.push(("returned", arg_text(deckel(lang, n as u8))));
        tr(lang, id, &values)
    };
    // Each message with its number arguments and what it says for 1 and for 2.
    let cases = [
        Case {
            id: "content-stats-line",
            args: &STATS,
            de: [
                &[
                    "1 Spiel,",
                    "1 Hälfte verloren",
                    "1 Finale",
                    "1 Blattschuss,",
                ],
                &[
                    "2 Spiele,",
                    "2 Hälften verloren",
                    "2 Finale",
                    "2 Blattschüsse,",
                ],
            ],
            en: [
                &["1 game,", "1 half lost", "1 final,"],
                &["2 games,", "2 halves lost", "2 finals,"],
            ],
        },
        Case {
            id: "sim-header",
            args: &["games", "players"],
            de: [&["1 Spiel mit 1 Spieler,"], &["2 Spiele mit 2 Spielern,"]],
            en: [&["1 game with 1 player,"], &["2 games with 2 players,"]],
        },
        Case {
            id: "sim-parts",
            args: &["halves", "finals", "blattschuss"],
            de: [
                &[
                    "1 Hälfte gespielt",
                    "Finale: 1 Spiel (",
                    "entschieden: 1 Spiel (",
                ],
                &[
                    "2 Hälften gespielt",
                    "Finale: 2 Spiele (",
                    "entschieden: 2 Spiele (",
                ],
            ],
            en: [
                &["1 half played", "final: 1 game (", "Blattschuss: 1 game ("],
                &[
                    "2 halves played",
                    "final: 2 games (",
                    "Blattschuss: 2 games (",
                ],
            ],
        },
        Case {
            id: "error-undo-expired",
            args: &["minutes"],
            de: [&["nur 1 Minute lang"], &["nur 2 Minuten lang"]],
            en: [&["for 1 minute only"], &["for 2 minutes only"]],
        },
        Case {
            id: "error-no-such-page",
            args: &["pages"],
            de: [&["nur 1 Seite."], &["es gibt 2 Seiten."]],
            en: [&["only 1 page."], &["there are 2 pages."]],
        },
        Case {
            id: "error-no-throws-left",
            args: &["limit"],
            de: [&["(Vorgabe: 1 Wurf)"], &["(Vorgabe: 2 Würfe)"]],
            en: [&["(limit: 1 throw)"], &["(limit: 2 throws)"]],
        },
        Case {
            id: "notice-paid",
            args: &["left"],
            de: [&["Offen: 1 Runde."], &["Offen: 2 Runden."]],
            en: [&["Still owed: 1 round."], &["Still owed: 2 rounds."]],
        },
        Case {
            id: "content-debts-line",
            args: &["rounds"],
            de: [&["Cem: 1 Runde"], &["Cem: 2 Runden"]],
            en: [&["Cem: 1 round"], &["Cem: 2 rounds"]],
        },
        Case {
            id: "event-left",
            args: &["count"],
            de: [&["legt 1 Deckel zurück"], &["legt 2 Deckel zurück"]],
            en: [&["puts 1 Deckel back"], &["puts 2 Deckel back"]],
        },
        Case {
            id: "judge-error-over-limit",
            args: &["limit", "throws"],
            de: [
                &["einmal geworfen", "(1 Wurf)"],
                &["2-mal geworfen", "(2 Würfe)"],
            ],
            en: [
                &["threw once", "(1 throw)"],
                &["threw 2 times", "(2 throws)"],
            ],
        },
        Case {
            id: "cli-error-players",
            args: &["value", "max"],
            de: [
                &["mit 1 Spieler geht es nicht"],
                &["mit 2 Spielern geht es nicht"],
            ],
            en: [
                &["1 player is not possible"],
                &["2 players are not possible"],
            ],
        },
        Case {
            id: "content-rules-timer",
            args: &["seconds"],
            de: [&["1 Sekunde"], &["2 Sekunden"]],
            en: [&["1 second"], &["2 seconds"]],
        },
        Case {
            id: "event-stood",
            args: &["throws"],
            de: [&["(1 Wurf)"], &["(2 Würfe)"]],
            en: [&["(1 throw)"], &["(2 throws)"]],
        },
        Case {
            id: "table-limit",
            args: &["limit"],
            de: [&["Vorgabe: 1 Wurf"], &["Vorgabe: 2 Würfe"]],
            en: [&["Limit: 1 throw"], &["Limit: 2 throws"]],
        },
        Case {
            id: "penalty-deckel",
            args: &["n"],
            de: [&["1 Deckel"], &["2 Deckel"]],
            en: [&["1 Deckel"], &["2 Deckel"]],
        },
    ];
    for case in &cases {
        for (lang, expected) in [(Lang::De, &case.de), (Lang::En, &case.en)] {
            for (n, expected) in [(1, expected[0]), (2, expected[1])] {
                let text = render(lang, case.id, n, case.args);
                for e in expected {
                    assert!(
                        text.contains(e),
                        "{} ({lang:?}, {n}): {text:?} lacks {e:?}",
                        case.id
                    );
                }
            }
        }
    }
    // Nobody left with nothing to give back.
    assert_eq!(
        render(Lang::De, "event-left", 0, &["count"]),
        "Cem ist ausgestiegen."
    );
    assert_eq!(render(Lang::En, "event-left", 0, &["count"]), "Cem left.");
}

/// `id` in `lang` as `surface` shows it (a help text with the program's command names).
fn on(lang: Lang, id: &str, surface: Surface) -> String {
    let mut args = command_names(Voice::new(lang, surface));
    args.push(("surface", arg_text(surface.id())));
    args.push(("name", arg_text("Cem")));
    tr(lang, id, &args)
}

#[test]
fn hints_spell_commands_as_each_program_does() {
    for id in ["error-no-table", "content-help"] {
        for lang in Lang::ALL {
            let texts: Vec<String> = SURFACES.iter().map(|s| on(lang, id, *s)).collect();
            for (i, a) in texts.iter().enumerate() {
                for b in &texts[i + 1..] {
                    assert_ne!(a, b, "{id} ({lang:?}) reads the same on two programs");
                }
            }
        }
    }
    let new = |lang: Lang| if lang == Lang::De { "neu" } else { "new" };
    for lang in Lang::ALL {
        let discord = on(lang, "error-no-table", Surface::Discord);
        assert!(
            discord.contains(&format!("/schocken {}", new(lang))),
            "{discord}"
        );
        let telegram = on(lang, "error-no-table", Surface::Telegram);
        assert!(telegram.contains(&format!("/{}", new(lang))), "{telegram}");
        assert!(!telegram.contains("/schocken"), "{telegram}");
        for surface in [Surface::Plain, Surface::Terminal] {
            let text = on(lang, "error-no-table", surface);
            assert!(!text.contains('/'), "{surface:?}: {text}");
        }
        let plain = on(lang, "error-no-table", Surface::Plain);
        assert!(plain.contains(new(lang)), "{plain}");

        let help = |s| on(lang, "content-help", s);
        assert!(help(Surface::Discord).contains("/schocken"));
        assert!(help(Surface::Discord).contains(new(lang)));
        assert!(help(Surface::Telegram).contains(&format!("/{}", new(lang))));
        assert!(!help(Surface::Telegram).contains("/schocken"));
        let keep = if lang == Lang::De { "h 1 1" } else { "k 1 1" };
        assert!(
            help(Surface::Terminal).contains(keep),
            "{}",
            help(Surface::Terminal)
        );
        for surface in [Surface::Plain, Surface::Terminal] {
            assert!(!help(surface).contains("/schocken"), "{surface:?}");
            assert!(!help(surface).contains(" /"), "{surface:?}");
        }
        // The first line names the game in every program (tests look for it).
        let title = if lang == Lang::De {
            "so geht's"
        } else {
            "how to play"
        };
        for surface in SURFACES {
            assert!(help(surface).contains(title), "{surface:?}");
        }
    }
    // A payment is confirmed the program's way.
    assert!(
        on(Lang::De, "notice-claimed", Surface::Discord).contains("/schocken bezahlt spieler:@Cem")
    );
    assert!(on(Lang::En, "notice-claimed", Surface::Discord).contains("/schocken paid user:@Cem"));
    assert!(on(Lang::De, "notice-claimed", Surface::Telegram).contains("/bezahlt Cem"));
    assert!(on(Lang::En, "notice-claimed", Surface::Telegram).contains("/paid Cem"));
    // Permissions by the program's own name.
    assert!(on(Lang::De, "error-admin-only", Surface::Discord).contains("Server verwalten"));
    assert!(on(Lang::En, "error-admin-only", Surface::Discord).contains("Manage Server"));
    assert!(on(Lang::De, "error-opener-or-admin", Surface::Telegram).contains("Admin der Gruppe"));
    assert!(on(Lang::En, "error-opener-or-admin", Surface::Telegram).contains("group admin"));
}

#[test]
fn no_text_mixes_programs_or_shows_internal_words() {
    let mut wrong = Vec::new();
    for surface in SURFACES {
        for lang in Lang::ALL {
            for (id, text) in rendered_with(lang, 3, surface.id()) {
                // One program's hint in another's text ("… (Telegram: /neu)").
                if text.contains("Telegram:") || text.contains("Discord:") {
                    wrong.push(format!("{id} ({lang:?}, {surface:?}): {text}"));
                }
                if surface != Surface::Discord && text.contains("/schocken") {
                    wrong.push(format!("{id} ({lang:?}, {surface:?}): {text}"));
                }
                // Ids and keys such as game_lost or einwuerfeln.
                let internal = text
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|w| (w.contains('_') && w != "New_York") || w == "einwuerfeln");
                if internal {
                    wrong.push(format!("{id} ({lang:?}, {surface:?}): {text}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
