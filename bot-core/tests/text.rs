//! User-facing text: German and English have the same messages, every message the code asks
//! for exists, and nothing renders as a bare message id.

use bot_core::engine::{DebtReason, Part, ThrowClass};
use bot_core::text::{Lang, message_ids, syntax_errors, tr};
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
                    "error", "content", "kind", "console",
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
