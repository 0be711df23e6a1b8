//! The house rules in words (`/regeln`): every preset in German and English as a snapshot,
//! the keys behind `/regeln details`, and what a change says it changed. Test names and
//! comments name the rule ids (RULES.md) a sentence covers.

use bot_core::engine::RuleSet;
use bot_core::engine::rules::KEYS;
use bot_core::render::{Surface, Voice, changes_text, content_text, rule_changes, rule_lines};
use bot_core::service::reply::Content;
use bot_core::text::Lang;

mod common;
use common::{PRESET_NAMES, preset, with};

fn rules_content(rules: RuleSet, details: bool) -> Content {
    Content::Rules {
        rules,
        timer_seconds: 90,
        time_zone: "Europe/Berlin".into(),
        hints: true,
        details,
    }
}

/// `/regeln` as a Telegram chat reads it.
fn shown(rules: RuleSet, lang: Lang) -> String {
    content_text(
        &rules_content(rules, false),
        Voice::new(lang, Surface::Telegram),
    )
}

fn words(rules: &RuleSet, lang: Lang) -> String {
    rule_lines(rules, lang).join("\n")
}

/// What a worded text must never show: key names, `true`/`false`, a message id.
fn assert_worded(text: &str) {
    for key in KEYS.iter().filter(|k| k.contains('_')) {
        assert!(!text.contains(key), "key {key} in:\n{text}");
    }
    for word in [
        "true",
        "false",
        "rules-",
        "ascending",
        "in_place",
        "extra_throw",
    ] {
        assert!(!text.contains(word), "{word} in:\n{text}");
    }
}

/// Every preset in both languages (R-MAT-2, R-RANK, R-RANK-1 … R-RANK-7, R-SIX-1 … R-SIX-4,
/// R-RND-6, R-SCORE-5, R-DEBT-1, R-DEBT-2, R-TITLE-1): one snapshot per preset.
#[test]
fn r_all_every_preset_reads_in_words_in_both_languages() {
    for name in PRESET_NAMES {
        let out: Vec<String> = Lang::ALL
            .into_iter()
            .map(|lang| shown(preset(name), lang))
            .collect();
        for text in &out {
            assert_worded(text);
        }
        insta::assert_snapshot!(format!("words_{name}"), out.join("\n\n"));
    }
}

/// R-MAT-2: the stock is said with its count, Deckel invariant in the plural; the timer,
/// the time zone and the hints keep their lines; the keys are one command away.
#[test]
fn r_mat_2_the_stock_and_the_lines_around_it() {
    for (deckel, de, en) in [
        (2, "Im Stock liegen 2 Deckel.", "The stock holds 2 Deckel."),
        (
            27,
            "Im Stock liegen 27 Deckel.",
            "The stock holds 27 Deckel.",
        ),
        (
            99,
            "Im Stock liegen 99 Deckel.",
            "The stock holds 99 Deckel.",
        ),
    ] {
        let rules = with(RuleSet::standard(), &[&format!("deckel={deckel}")]);
        assert_eq!(rule_lines(&rules, Lang::De)[0], de);
        assert_eq!(rule_lines(&rules, Lang::En)[0], en);
    }
    let text = shown(preset("bochum"), Lang::De);
    for line in [
        "Regeln: bochum",
        "· Im Stock liegen 27 Deckel.",
        "Zugtimer: 90 Sekunden",
        "Zeitzone: Europe/Berlin",
        "💡 Tipps: an",
        "Alle Schalter einzeln: /regeln details",
    ] {
        assert!(text.contains(line), "{line} in:\n{text}");
    }
    let discord = content_text(
        &rules_content(RuleSet::standard(), false),
        Voice::new(Lang::De, Surface::Discord),
    );
    assert!(
        discord.ends_with("/schocken regeln einstellung:details"),
        "{discord}"
    );
    let terminal = content_text(
        &rules_content(RuleSet::standard(), false),
        Voice::new(Lang::En, Surface::Terminal),
    );
    assert!(
        terminal.ends_with("Every switch by its key: rules details"),
        "{terminal}"
    );
}

/// The Straße's cost (2 or 3) and `straight_order = equal`; R-RANK-1 General over Schock 2;
/// R-RANK-2 from the hand or with picking.
#[test]
fn r_rank_straight_general_and_the_hand() {
    let standard = words(&RuleSet::standard(), Lang::De);
    assert!(
        standard.contains("Eine Straße kostet 2 Deckel; die höhere Straße schlägt die niedrigere.")
    );
    assert!(standard.contains("Ein General kostet 3 Deckel; jeder Schock schlägt ihn."));
    assert!(standard.contains("Straße und General zählen nur aus der Hand"));
    let house = with(
        RuleSet::standard(),
        &[
            "straight_penalty=3",
            "straight_order=equal",
            "general_beats_schock_two=true",
            "straight_general_need_hand=false",
        ],
    );
    let de = words(&house, Lang::De);
    assert!(
        de.contains("Eine Straße kostet 3 Deckel; alle Straßen sind gleich hoch"),
        "{de}"
    );
    assert!(
        de.contains("er schlägt sogar Schock 2 (aber nicht Schock 3)"),
        "{de}"
    );
    assert!(
        de.contains("Straße und General zählen auch gebaut (mit Pflücken)."),
        "{de}"
    );
    let en = words(&house, Lang::En);
    assert!(
        en.contains("A straight costs 3 Deckel; all straights are equal"),
        "{en}"
    );
    assert!(en.contains("it even beats Schock 2"), "{en}");
    assert!(
        en.contains("count when built too (picking allowed)"),
        "{en}"
    );
    // R-RANK-6: extras obey the hand rule like Straße and General.
    assert!(
        words(&preset("jule"), Lang::De)
            .contains("Straße, General und Zusatzwürfe zählen nur aus der Hand")
    );
}

/// R-SIX-1 and R-SIX-2 in each of its three ways, sixes off, and R-SIX-4 collecting.
#[test]
fn r_six_1_2_4_the_sixes() {
    let cases = [
        ("forbidden", "solange noch ein Wurf übrig ist"),
        (
            "extra_throw",
            "wer das im letzten Wurf tut, bekommt einen Wurf dazu",
        ),
        (
            "in_place",
            "im letzten Wurf wird die Sechs an Ort und Stelle gedreht",
        ),
    ];
    for (flip, said) in cases {
        let rules = with(
            RuleSet::standard(),
            &[&format!("flip_on_last_throw={flip}")],
        );
        let de = words(&rules, Lang::De);
        assert!(de.contains("Zwei Sechsen werden zu einer Eins"), "{de}");
        assert!(de.contains(said), "{flip}: {de}");
    }
    let off = with(RuleSet::standard(), &["sixes=false", "collect_sixes=true"]);
    let de = words(&off, Lang::De);
    assert!(de.contains("Sechsen werden nicht gedreht."), "{de}");
    assert!(
        !de.contains("gesammelt"),
        "collecting needs sixes turned: {de}"
    );
    let collect = words(&preset("moin-moin"), Lang::De);
    assert!(
        collect.contains("Sechsen dürfen gesammelt werden"),
        "{collect}"
    );
    assert!(!words(&RuleSet::standard(), Lang::De).contains("gesammelt"));
}

/// R-RANK-4, R-RANK-5 and R-RANK-7 (Baby Schock Out Hand): said only when on.
#[test]
fn r_rank_4_5_7_schock_aus_specials() {
    let all = with(
        RuleSet::standard(),
        &[
            "schock_aus_hand_beats_built=true",
            "later_schock_aus_wins=true",
            "baby_schock_out=true",
        ],
    );
    let de = words(&all, Lang::De);
    assert!(de.contains("Ein Schock aus, aus der Hand geworfen, schlägt einen gebauten."));
    assert!(de.contains("Von zwei gleichen Schock aus gewinnt der spätere."));
    assert!(de.contains(
        "Baby Schock Out Hand: 2-2-1 aus der Hand schlägt im Finale alles, sogar Schock aus"
    ));
    let en = words(&all, Lang::En);
    assert!(en.contains("Baby Schock Out Hand: 2-2-1 from the hand in the final beats everything"));
    let standard = words(&RuleSet::standard(), Lang::De);
    for absent in ["gebauten", "spätere", "Baby"] {
        assert!(!standard.contains(absent), "{absent}: {standard}");
    }
}

/// R-RANK-6: the extras with their penalties (and their names by penalty), singular for one,
/// announced only with `extras_announced`.
#[test]
fn r_rank_6_extras_with_penalties_and_announcement() {
    let dortmund = words(&preset("dortmund"), Lang::De);
    assert!(dortmund.contains(
        "Zusatzwürfe, über Schock 6 und unter Schock aus: Jule (4-2-1) für 7 Deckel, Neuner (2-2-1) für 9 Deckel, Drei-Einunddreißig (3-3-1) für 10 Deckel."
    ), "{dortmund}");
    assert!(dortmund.contains("Sie zählen nur, wenn der Anfänger der Runde sie vorher ansagt"));
    let en = words(&preset("dortmund"), Lang::En);
    assert!(
        en.contains("Nine (2-2-1) for 9 Deckel"),
        "the dice once: {en}"
    );
    let jule = words(&preset("jule"), Lang::De);
    assert!(
        jule.contains("Zusatzwurf, über Schock 6 und unter Schock aus: Jule (4-2-1) für 7 Deckel.")
    );
    assert!(!jule.contains("ansagt"), "{jule}");
    let westphalia = with(
        RuleSet::standard(),
        &["extras=221", "penalty_221=7", "extras_announced=true"],
    );
    let de = words(&westphalia, Lang::De);
    assert!(de.contains("Siebener (2-2-1) für 7 Deckel"), "{de}");
    assert!(
        de.contains("Er zählt nur, wenn der Anfänger der Runde ihn vorher ansagt"),
        "{de}"
    );
    assert!(!words(&RuleSet::standard(), Lang::De).contains("Zusatzw"));
}

/// R-RND-6 blind, R-SCORE-5 einwürfeln, R-DEBT-1, R-DEBT-2 Hille, R-TITLE-1 Pisswurf and
/// `quitter_pays`: said only when on.
#[test]
fn r_rnd_6_r_score_5_r_debt_r_title_only_when_on() {
    let ids = [
        (
            "blind",
            "Blind spielen ist erlaubt",
            "Playing blind is allowed",
        ),
        (
            "einwuerfeln",
            "Einwürfeln: Wer raus ist",
            "Throwing in: a player who is out",
        ),
        (
            "schock_aus_hand_buys_round",
            "Wer Schock aus in einem Wurf wirft, gibt eine Runde aus.",
            "Whoever throws Schock out in one throw buys a round.",
        ),
        (
            "hille",
            "Hille: Wer 2-2-1 aus der Hand wirft",
            "Hille: whoever throws 2-2-1",
        ),
        (
            "pisswurf",
            "Pisswurf: Bleibt der Anfänger",
            "Pisswurf: a starter who stands",
        ),
        (
            "quitter_pays",
            "Wer ein laufendes Spiel verlässt, gibt eine Runde aus.",
            "Whoever leaves a running game buys a round.",
        ),
    ];
    let standard = words(&RuleSet::standard(), Lang::De);
    for (key, de, en) in ids {
        let on = with(RuleSet::standard(), &[&format!("{key}=true")]);
        assert!(words(&on, Lang::De).contains(de), "{key}");
        assert!(words(&on, Lang::En).contains(en), "{key}");
        assert!(!standard.contains(de), "{key} is off in standard");
    }
    let dortmund = words(&preset("dortmund"), Lang::De);
    assert!(
        dortmund.contains("zählt die Strafe doppelt"),
        "R-RND-6: {dortmund}"
    );
}

/// `/regeln details`: today's key listing, every key, and no sentences.
#[test]
fn details_lists_every_key() {
    for lang in Lang::ALL {
        let text = content_text(
            &rules_content(preset("dortmund"), true),
            Voice::new(lang, Surface::Telegram),
        );
        for key in KEYS {
            assert!(text.contains(&format!("{key} = ")), "{key}: {text}");
        }
        assert!(
            text.contains("flip_on_last_throw = \"forbidden\""),
            "{text}"
        );
        assert!(text.contains("penalty_221 = 9"), "{text}");
        assert!(!text.contains("· "), "no sentences: {text}");
        assert!(!text.contains("details"), "no pointer to itself: {text}");
    }
    let de = content_text(
        &rules_content(preset("dortmund"), true),
        Voice::new(Lang::De, Surface::Telegram),
    );
    insta::assert_snapshot!("details_dortmund_de", de);
}

/// What a change says it changed, worded like the listing.
#[test]
fn a_change_says_what_changed() {
    let standard = RuleSet::standard();
    let house = with(standard.clone(), &["straight_penalty=3", "blind=true"]);
    let mut out = Vec::new();
    for lang in Lang::ALL {
        out.push(changes_text(&standard, &house, lang));
        out.push(changes_text(&standard, &preset("bochum"), lang));
        out.push(changes_text(&standard, &preset("dortmund"), lang));
        out.push(changes_text(&preset("dortmund"), &standard, lang));
        out.push(changes_text(&standard, &preset("moin-moin"), lang));
        out.push(changes_text(&preset("muensterland"), &standard, lang));
        out.push(changes_text(&standard, &standard, lang));
    }
    for text in &out {
        assert_worded(text);
    }
    assert_eq!(
        out[0],
        "Geändert:\n· Eine Straße kostet jetzt 3 Deckel.\n· Blind spielen ist jetzt erlaubt (doppelte Strafe, wenn der blinde Wurf der höchste ist)."
    );
    assert_eq!(
        out[1],
        "Geändert: Im Stock liegen jetzt 27 Deckel (vorher 13)."
    );
    assert_eq!(out[6], "Nichts geändert: Diese Regeln galten schon.");
    insta::assert_snapshot!("changes", out.join("\n\n"));
}

/// A new name alone, or a switch that only works with another one that is off, changes
/// nothing in play — and says so.
#[test]
fn a_change_that_changes_nothing_in_play_says_so() {
    let standard = RuleSet::standard();
    let renamed = with(standard.clone(), &["name=Stammtisch"]);
    assert_eq!(
        changes_text(&standard, &renamed, Lang::De),
        "Sonst ändert sich nichts: dieselben Spielregeln unter neuem Namen."
    );
    for idle in [
        "penalty_221=7",         // R-RANK-6: no extras
        "extras_announced=true", // R-RANK-6: no extras
        "collect_sixes=true",    // R-SIX-4 with sixes off
    ] {
        let before = with(standard.clone(), &["sixes=false"]);
        let after = with(before.clone(), &[idle]);
        assert!(rule_changes(&before, &after, Lang::De).is_empty(), "{idle}");
        assert!(
            changes_text(&before, &after, Lang::En).starts_with("This changes nothing in play"),
            "{idle}"
        );
    }
}

/// Every switch of a rule file, changed alone on top of every preset, either changes the
/// listing and is named by the change, or changes nothing in play (then both stay quiet).
#[test]
fn every_switch_is_worded_when_it_matters() {
    let changes = [
        "deckel=27",
        "straight_penalty=3",
        "straight_order=equal",
        "general_beats_schock_two=true",
        "straight_general_need_hand=false",
        "schock_aus_hand_beats_built=true",
        "later_schock_aus_wins=true",
        "baby_schock_out=true",
        "extras=jule,221,331",
        "extras=",
        "extras_announced=true",
        "extras_announced=false",
        "jule_penalty=8",
        "penalty_221=7",
        "penalty_331=8",
        "sixes=false",
        "flip_on_last_throw=extra_throw",
        "flip_on_last_throw=in_place",
        "flip_on_last_throw=forbidden",
        "collect_sixes=true",
        "blind=true",
        "einwuerfeln=true",
        "schock_aus_hand_buys_round=true",
        "hille=true",
        "pisswurf=true",
        "quitter_pays=true",
    ];
    let mut worded_keys = std::collections::BTreeSet::new();
    for name in PRESET_NAMES {
        let before = preset(name);
        for change in changes {
            let after = with(before.clone(), &[change]);
            for lang in Lang::ALL {
                let listing_moved = words(&before, lang) != words(&after, lang);
                let said = rule_changes(&before, &after, lang);
                assert_eq!(
                    listing_moved,
                    !said.is_empty(),
                    "{name} + {change} ({lang:?}): {said:?}"
                );
                for line in &said {
                    assert_worded(line);
                }
            }
            if before != after && !rule_changes(&before, &after, Lang::De).is_empty() {
                worded_keys.insert(change.split('=').next().unwrap_or_default());
            }
        }
    }
    // Every key but the name is worded for some preset.
    for key in KEYS.iter().filter(|k| **k != "name") {
        assert!(worded_keys.contains(key), "{key} is never worded");
    }
}
