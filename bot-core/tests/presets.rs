//! The presets in `config/`: each loads, differs from `standard` exactly as RULES.md's preset
//! table says, and plays by its switches. Broken rule files and overrides are errors that
//! name the key.
//!
//! Documented deviation from the table: `moin-moin` also turns on `pisswurf` (R-TITLE-1, a
//! title from the same house rules, seed 002).

mod common;

use bot_core::engine::rules::{KEYS, PRESETS};
use bot_core::engine::{
    Action, ActionError, DebtReason, Event, Extra, ExtraSet, FlipOnLastThrow, Penalty,
    RoundSummary, RuleSet, RulesError, Seat, StraightOrder, ThrowClass, Title,
};
use common::{A, B, C, PRESET_NAMES, Table, ev, preset, revealed, starter_at_his_third_throw};

fn config_text(name: &str) -> String {
    let path = format!("{}/../config/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The standard preset file with the line of `key` replaced by `key = value` (or removed).
fn standard_with(key: &str, value: Option<&str>) -> String {
    let text = config_text("standard");
    let mut found = false;
    let lines: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let is_key = line
                .split_once('=')
                .is_some_and(|(k, _)| k.trim() == key && !line.trim_start().starts_with('#'));
            if !is_key {
                return Some(line.to_string());
            }
            found = true;
            value.map(|v| format!("{key} = {v}"))
        })
        .collect();
    assert!(found, "standard.toml has a line for `{key}`");
    lines.join("\n")
}

fn assert_names_key(err: &RulesError, key: &str) {
    assert!(
        err.to_string().contains(key),
        "the error `{err}` must name the key `{key}`"
    );
}

// ----- loading -------------------------------------------------------------------------------

#[test]
fn every_preset_loads_and_matches_its_file() {
    // Every rule file in config/ is one of the presets (other files there are not rule sets).
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../config");
    for entry in std::fs::read_dir(dir).expect("config folder") {
        let path = entry.expect("entry").path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("readable");
        let is_rule_file = text
            .parse::<toml::Table>()
            .is_ok_and(|t| t.contains_key("deckel"));
        if is_rule_file {
            assert!(
                PRESET_NAMES.contains(&stem),
                "{stem}.toml is not a preset of RULES.md"
            );
        }
    }
    let embedded: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
    assert_eq!(embedded, PRESET_NAMES);
    for name in PRESET_NAMES {
        let rules = preset(name);
        assert_eq!(rules.name, name);
        let from_file = RuleSet::from_toml(&config_text(name)).expect("the file parses");
        assert_eq!(from_file, rules, "{name}: the embedded preset is the file");
        // A preset is a complete rule set: every key is present in the file.
        let table: toml::Table = config_text(name).parse().expect("toml");
        for key in KEYS {
            assert!(table.contains_key(key), "{name}.toml lacks `{key}`");
        }
    }
}

#[test]
fn preset_names_are_forgiving_about_spelling_but_not_unknown() {
    assert_eq!(preset("Münsterland"), preset("muensterland"));
    assert_eq!(preset("munsterland"), preset("muensterland"));
    assert_eq!(preset(" MOIN-MOIN "), preset("moin-moin"));
    assert_eq!(preset("moinmoin"), preset("moin-moin"));
    assert_eq!(RuleSet::default(), preset("standard"));
    assert_eq!(RuleSet::standard(), preset("standard"));
    assert_eq!(preset(" Bochum"), preset("bochum"));
    let err = RuleSet::preset("trier").expect_err("not a preset");
    assert_eq!(err, RulesError::UnknownPreset("trier".into()));
    assert!(err.to_string().contains("trier"));
}

#[test]
fn standard_is_the_usual_rule_set() {
    let s = preset("standard");
    assert_eq!(s.deckel, 13);
    assert_eq!(s.straight_penalty, 2);
    assert_eq!(s.straight_order, StraightOrder::Ascending);
    assert!(!s.general_beats_schock_two, "Schock beats General");
    assert!(
        s.straight_general_need_hand,
        "Straße/General only from the hand"
    );
    assert!(s.sixes);
    assert_eq!(
        s.flip_on_last_throw,
        FlipOnLastThrow::Forbidden,
        "sixes with a throw left"
    );
    assert!(s.extras.is_empty());
    for (switch, on) in [
        ("schock_aus_hand_beats_built", s.schock_aus_hand_beats_built),
        ("later_schock_aus_wins", s.later_schock_aus_wins),
        ("baby_schock_out", s.baby_schock_out),
        ("collect_sixes", s.collect_sixes),
        ("extras_announced", s.extras_announced),
        ("blind", s.blind),
        ("einwuerfeln", s.einwuerfeln),
        ("schock_aus_hand_buys_round", s.schock_aus_hand_buys_round),
        ("hille", s.hille),
        ("pisswurf", s.pisswurf),
        ("quitter_pays", s.quitter_pays),
    ] {
        assert!(!on, "`{switch}` is off in standard");
    }
}

/// Every preset as `standard` plus exactly the differences of RULES.md's preset table.
fn expected(name: &str) -> RuleSet {
    let standard = preset("standard");
    let named = RuleSet {
        name: name.to_string(),
        ..standard
    };
    match name {
        "standard" => named,
        "wikipedia" => RuleSet {
            straight_general_need_hand: false,
            ..named
        },
        "moin-moin" => RuleSet {
            flip_on_last_throw: FlipOnLastThrow::ExtraThrow,
            schock_aus_hand_beats_built: true,
            // R-SIX-4: "Es dürfen Sechsen gesammelt … werden".
            collect_sixes: true,
            // Documented addition: the Pisswurf title of the same house rules.
            pisswurf: true,
            ..named
        },
        "muensterland" => RuleSet {
            flip_on_last_throw: FlipOnLastThrow::InPlace,
            later_schock_aus_wins: true,
            schock_aus_hand_buys_round: true,
            einwuerfeln: true,
            ..named
        },
        "dortmund" => RuleSet {
            extras: [Extra::Jule, Extra::TwoTwoOne, Extra::ThreeThreeOne]
                .into_iter()
                .collect(),
            jule_penalty: 7,
            penalty_221: 9,
            penalty_331: 10,
            extras_announced: true,
            blind: true,
            einwuerfeln: true,
            ..named
        },
        "jule" => RuleSet {
            extras: [Extra::Jule].into_iter().collect(),
            jule_penalty: 7,
            ..named
        },
        // R-MAT-2: 27 Deckel in Bochum.
        "bochum" => RuleSet {
            deckel: 27,
            ..named
        },
        other => panic!("unknown preset {other}"),
    }
}

#[test]
fn every_preset_differs_from_standard_exactly_as_documented() {
    for name in PRESET_NAMES {
        assert_eq!(preset(name), expected(name), "{name}");
    }
}

#[test]
fn the_differences_as_override_tables() {
    let standard = preset("standard");
    let keys = |name: &str| {
        let mut k: Vec<String> = preset(name)
            .diff_from(&standard)
            .keys()
            .filter(|k| *k != "name")
            .cloned()
            .collect();
        k.sort();
        k
    };
    let sorted = |list: &[&str]| {
        let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    };
    assert!(keys("standard").is_empty());
    assert_eq!(keys("wikipedia"), sorted(&["straight_general_need_hand"]));
    assert_eq!(
        keys("moin-moin"),
        sorted(&[
            "flip_on_last_throw",
            "schock_aus_hand_beats_built",
            "collect_sixes",
            "pisswurf"
        ])
    );
    assert_eq!(
        keys("muensterland"),
        sorted(&[
            "flip_on_last_throw",
            "later_schock_aus_wins",
            "schock_aus_hand_buys_round",
            "einwuerfeln"
        ])
    );
    // Jule 7 and 2,2,1 = 9 are the standard values already; 3,3,1 is 10 in Dortmund.
    assert_eq!(
        keys("dortmund"),
        sorted(&[
            "extras",
            "extras_announced",
            "penalty_331",
            "blind",
            "einwuerfeln"
        ])
    );
    assert_eq!(keys("jule"), sorted(&["extras"]));
    assert_eq!(keys("bochum"), sorted(&["deckel"]));
    // Each diff turns standard back into the preset.
    for name in PRESET_NAMES {
        let p = preset(name);
        let rebuilt = standard
            .with_overrides(&p.diff_from(&standard))
            .expect("a diff is a valid override");
        assert_eq!(rebuilt, p, "{name}");
        assert_eq!(RuleSet::from_toml(&p.to_toml()).expect("round trip"), p);
    }
}

// ----- broken rule files -----------------------------------------------------------------------

#[test]
fn an_unknown_key_is_an_error_naming_it() {
    let text = format!("{}\nbeer = true\n", config_text("standard"));
    let err = RuleSet::from_toml(&text).expect_err("unknown key");
    assert_eq!(err, RulesError::UnknownKey("beer".into()));
    assert_names_key(&err, "beer");
    // A misspelt key is unknown, and the real one is then missing: the unknown one is named.
    let text = standard_with("blind", None) + "\nblnd = true\n";
    let err = RuleSet::from_toml(&text).expect_err("misspelt key");
    assert_names_key(&err, "blnd");
}

#[test]
fn every_missing_key_is_an_error_naming_it() {
    // The two switches added last (R-SIX-4, R-RANK-7) may be missing: older files mean "off".
    let added_later = ["collect_sixes", "baby_schock_out"];
    for key in KEYS {
        if added_later.contains(&key) {
            let rules = RuleSet::from_toml(&standard_with(key, None)).expect("an older file");
            assert_eq!(rules, preset("standard"), "{key}");
            continue;
        }
        let err = RuleSet::from_toml(&standard_with(key, None)).expect_err("missing key");
        assert_eq!(
            err,
            RulesError::MissingKey {
                key: key.to_string()
            }
        );
        assert_names_key(&err, key);
    }
}

#[test]
fn out_of_range_and_mistyped_values_are_errors_naming_the_key() {
    let cases: &[(&str, &str)] = &[
        ("deckel", "1"),
        ("deckel", "0"),
        ("deckel", "-13"),
        ("deckel", "100"),
        ("deckel", "\"13\""),
        ("deckel", "13.5"),
        ("straight_penalty", "1"),
        ("straight_penalty", "4"),
        ("jule_penalty", "6"),
        ("penalty_221", "0"),
        ("penalty_331", "100"),
        ("straight_order", "\"descending\""),
        ("straight_order", "1"),
        ("flip_on_last_throw", "\"sometimes\""),
        ("flip_on_last_throw", "true"),
        ("blind", "\"yes\""),
        ("sixes", "1"),
        ("hille", "\"on\""),
        ("extras", "[\"jule\", \"pasch\"]"),
        ("extras", "[\"jule\", \"jule\"]"),
        ("extras", "\"jule\""),
        ("name", "\"\""),
        ("name", "7"),
        (
            "name",
            "\"a name much longer than forty characters in total\"",
        ),
    ];
    for (key, value) in cases {
        let err = RuleSet::from_toml(&standard_with(key, Some(value)))
            .expect_err(&format!("{key} = {value} must be refused"));
        assert!(
            matches!(&err, RulesError::InvalidValue { key: k, .. } if k == key),
            "{key} = {value}: {err:?}"
        );
        assert_names_key(&err, key);
    }
}

#[test]
fn a_refused_rule_value_is_named_in_the_readers_language() {
    use bot_core::text::{Lang, rules_error};
    let cases = [
        (
            "deckel",
            "200",
            "200 liegt nicht zwischen 2 und 99",
            "200 is not between 2 and 99",
        ),
        (
            "deckel",
            "\"viele\"",
            "\"viele\" ist keine ganze Zahl",
            "\"viele\" is not a whole number",
        ),
        (
            "blind",
            "\"vielleicht\"",
            "\"vielleicht\" ist nicht an oder aus (true/false, ja/nein)",
            "\"vielleicht\" is not on or off (true/false, yes/no)",
        ),
        (
            "straight_order",
            "\"wild\"",
            "\"wild\" ist nicht „ascending“ oder „equal“",
            "\"wild\" is not \"ascending\" or \"equal\"",
        ),
        (
            "extras",
            "[\"jule\", \"pasch\"]",
            "unbekannter Zusatzwurf „pasch“ (bekannt: jule, 221, 331)",
            "unknown extra \"pasch\" (known: jule, 221, 331)",
        ),
        (
            "extras",
            "[\"jule\", \"jule\"]",
            "„jule“ steht doppelt in der Liste",
            "\"jule\" is listed twice",
        ),
        (
            "name",
            "\"\"",
            "muss 1 bis 40 Zeichen lang sein",
            "must be 1 to 40 characters",
        ),
    ];
    for (key, value, german, english) in cases {
        let err = RuleSet::from_toml(&standard_with(key, Some(value))).expect_err(key);
        assert_eq!(
            rules_error(Lang::De, &err),
            format!("Regelschalter „{key}“: {german}")
        );
        assert_eq!(
            rules_error(Lang::En, &err),
            format!("Rule key \"{key}\": {english}")
        );
    }
}

#[test]
fn a_switch_value_may_be_typed_with_a_hyphen_as_the_texts_show_it() {
    let rules = RuleSet::standard()
        .with_assignments(&["flip-on-last-throw=Extra-Throw", "straight_order=equal"])
        .expect("hyphen and case as typed in a chat");
    let expected = RuleSet::standard()
        .with_assignments(&["flip_on_last_throw=extra_throw", "straight_order=equal"])
        .expect("the file's spelling");
    assert_eq!(rules, expected);
    assert_ne!(rules, RuleSet::standard());
}

#[test]
fn valid_variant_values_load() {
    for (key, value) in [
        ("deckel", "15"),
        ("deckel", "17"),
        ("deckel", "27"),
        ("straight_penalty", "3"),
        ("straight_order", "\"equal\""),
        ("flip_on_last_throw", "\"in_place\""),
        ("extras", "[\"331\", \"jule\"]"),
        ("penalty_221", "7"),
    ] {
        RuleSet::from_toml(&standard_with(key, Some(value)))
            .unwrap_or_else(|e| panic!("{key} = {value}: {e}"));
    }
}

#[test]
fn a_file_that_is_not_toml_is_a_syntax_error() {
    let err = RuleSet::from_toml("deckel = \nblind = true").expect_err("syntax");
    assert!(matches!(err, RulesError::Syntax(_)), "{err:?}");
}

// ----- overrides -------------------------------------------------------------------------------

#[test]
fn overrides_change_exactly_the_named_switches() {
    let base = preset("standard");
    let rules = base
        .with_assignments(&[
            "blind=on",
            "extras=jule,221",
            "straight_order=equal",
            "deckel=15",
            "flip-on-last-throw=in_place",
            "Hille = ja",
        ])
        .expect("valid overrides");
    let expected = RuleSet {
        blind: true,
        extras: [Extra::Jule, Extra::TwoTwoOne].into_iter().collect(),
        straight_order: StraightOrder::Equal,
        deckel: 15,
        flip_on_last_throw: FlipOnLastThrow::InPlace,
        hille: true,
        ..base.clone()
    };
    assert_eq!(rules, expected);
    assert_eq!(base, preset("standard"), "the base is not modified");
    let none = base.with_assignments(&["extras="]).expect("no extras");
    assert!(none.extras.is_empty());
}

#[test]
fn bad_overrides_are_errors_naming_the_key() {
    let base = preset("dortmund");
    let err = base.with_assignments(&["beer=1"]).expect_err("unknown");
    assert_eq!(err, RulesError::UnknownKey("beer".into()));
    assert_names_key(&err, "beer");
    for bad in ["deckel", "=3", "  "] {
        let err = base.with_assignments(&[bad]).expect_err("malformed");
        assert!(
            matches!(err, RulesError::MalformedOverride(_)),
            "{bad}: {err:?}"
        );
    }
    for (assignment, key) in [
        ("deckel=1", "deckel"),
        ("deckel=many", "deckel"),
        ("straight_penalty=5", "straight_penalty"),
        ("blind=maybe", "blind"),
        ("extras=jule,pasch", "extras"),
        ("straight_order=descending", "straight_order"),
        ("flip_on_last_throw=always", "flip_on_last_throw"),
        ("penalty_331=3", "penalty_331"),
        ("name=", "name"),
    ] {
        let err = base.with_assignments(&[assignment]).expect_err(assignment);
        assert!(
            matches!(&err, RulesError::InvalidValue { key: k, .. } if k == key),
            "{assignment}: {err:?}"
        );
        assert_names_key(&err, key);
    }
    let mut table = toml::Table::new();
    table.insert("blind".into(), toml::Value::Integer(3));
    let err = base.with_overrides(&table).expect_err("mistyped");
    assert_names_key(&err, "blind");
    let mut table = toml::Table::new();
    table.insert("pflücken".into(), toml::Value::Boolean(true));
    let err = base.with_overrides(&table).expect_err("unknown");
    assert_eq!(err, RulesError::UnknownKey("pflücken".into()));
}

// ----- presets in play -------------------------------------------------------------------------

fn class_of(summary: &RoundSummary, seat: Seat) -> ThrowClass {
    revealed(summary, seat).eval.class
}

/// A sets 4,4 aside and throws a third 4: a built General.
fn built_general(rules: RuleSet) -> RoundSummary {
    let mut t = Table::new(rules, 2, A, &[[4, 4, 2], [6, 5, 3]]);
    t.act(A, Action::Keep { values: vec![4, 4] });
    t.push_dice(&[4]);
    t.act(A, Action::Throw);
    t.finish_round();
    t.last().clone()
}

/// A throws 2,3,5, then 2,3,5, then 6,6,1 on his last throw and tries to turn the sixes.
fn sixes_on_the_last_throw(rules: RuleSet) -> (Table, Result<Vec<Event>, ActionError>) {
    let mut t = starter_at_his_third_throw(rules, [6, 6, 1]);
    let result = t.game.apply(A, &Action::Flip, &mut t.dice);
    (t, result)
}

#[test]
fn preset_standard_in_play() {
    let s = built_general(preset("standard"));
    assert_eq!(class_of(&s, A), ThrowClass::Hausnummer);
    assert_eq!(s.loser, A);
    let (t, flip) = sixes_on_the_last_throw(preset("standard"));
    assert_eq!(
        flip,
        Err(ActionError::AlreadyFinished),
        "the turn ended with the third throw"
    );
    assert_eq!(t.cup(A).dice, [6, 6, 1]);
    let mut t = Table::new(preset("standard"), 2, A, &[[4, 2, 1], [6, 6, 5]]);
    t.refuse(A, Action::Blind, ActionError::BlindNotAllowed);
    let events = t.act(A, Action::Stand);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::TitleAwarded { .. }))
    );
    assert_eq!(class_of(t.last(), A), ThrowClass::Hausnummer, "no Jule");
    assert!(!t.game.round().announcing);
}

#[test]
fn preset_wikipedia_in_play_counts_assembled_pictures() {
    let s = built_general(preset("wikipedia"));
    assert_eq!(class_of(&s, A), ThrowClass::General);
    assert_eq!((s.loser, s.penalty), (B, 3));
}

#[test]
fn preset_moin_moin_in_play() {
    let rules = preset("moin-moin");
    // Turning sixes on the last throw grants a fourth throw.
    let (mut t, flip) = sixes_on_the_last_throw(rules.clone());
    let events = flip.expect("allowed");
    assert!(events.contains(&Event::Flipped {
        seat: A,
        ones: 1,
        bonus: true,
        in_place: false
    }));
    t.push_dice(&[1, 1]);
    t.act(A, Action::Throw);
    assert_eq!(t.cup(A).throws, 4);
    // A Schock aus from the hand beats a built one (which was thrown first, in fewer throws).
    let mut t = Table::new(rules.clone(), 2, A, &[[1, 1, 4], [2, 3, 5]]);
    t.act(A, Action::Keep { values: vec![1, 1] });
    t.push_dice(&[1]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.push(&[[1, 1, 1]]);
    t.act(B, Action::Throw);
    t.finish_round();
    assert_eq!(t.last().half_lost_by, Some(A));
    // Pisswurf.
    let mut t = Table::new(rules, 2, A, &[[6, 5, 5], [5, 3, 2]]);
    let events = t.act(A, Action::Stand);
    assert!(events.contains(&Event::TitleAwarded {
        seat: A,
        title: Title::Pisswurf
    }));
}

#[test]
fn preset_muensterland_in_play() {
    let rules = preset("muensterland");
    // In place: 6,6,1 becomes 1,6,1 = Schock 6 and the turn ends.
    let (t, flip) = sixes_on_the_last_throw(rules.clone());
    let events = flip.expect("allowed");
    assert!(events.contains(&Event::Flipped {
        seat: A,
        ones: 1,
        bonus: false,
        in_place: true
    }));
    assert!(t.cup(A).done);
    // The later of two equal Schock aus wins; a Schock aus in one throw buys a round.
    let mut t = Table::new(rules.clone(), 3, A, &[[1, 1, 1], [1, 1, 1], [5, 3, 2]]);
    t.finish_round();
    let s = t.last();
    assert_eq!(s.ranking[0], B, "B's nachgelegter Schock aus ranks highest");
    assert_eq!(s.half_lost_by, Some(C));
    assert_eq!(
        t.game.debts(),
        &[
            (A, DebtReason::SchockAusHand),
            (B, DebtReason::SchockAusHand)
        ]
    );
    let mut t = Table::new(rules, 2, A, &[[1, 1, 1], [1, 1, 1]]);
    t.finish_round();
    assert_eq!(t.last().half_lost_by, Some(A));
    // Einwürfeln is possible (an active player is refused for not being out).
    t.refuse(A, Action::ThrowIn, ActionError::NotOut);
    let standard = Table::new(preset("standard"), 2, A, &[[5, 3, 2], [6, 5, 3]]);
    assert_eq!(
        standard.game.check(A, &Action::ThrowIn),
        Err(ActionError::ThrowInNotAllowed)
    );
}

#[test]
fn preset_dortmund_in_play() {
    let rules = preset("dortmund");
    assert_eq!(ev([4, 2, 1], true, &rules).penalty, Penalty::Deckel(7));
    assert_eq!(ev([2, 2, 1], true, &rules).penalty, Penalty::Deckel(9));
    assert_eq!(ev([3, 3, 1], true, &rules).penalty, Penalty::Deckel(10));
    // Round 1 classic, and blind is possible: A goes blind with 3,3,1 (a Hausnummer here).
    let mut t = Table::new(rules.clone(), 2, A, &[[3, 3, 1], [5, 3, 2]]);
    assert!(!t.game.round().announcing);
    t.act(A, Action::Blind);
    t.act(B, Action::Stand);
    let s = t.last().clone();
    assert_eq!(class_of(&s, A), ThrowClass::Hausnummer);
    assert_eq!((s.winner, s.loser, s.penalty), (B, A, 1));
    // Round 2 (A starts): announcing; A announces all three; A blind 3,3,1 wins double.
    assert!(t.game.round().announcing);
    t.push(&[[3, 3, 1], [5, 3, 2]]);
    t.act(
        A,
        Action::Announce {
            extras: rules.extras,
        },
    );
    t.act(A, Action::Blind);
    t.act(B, Action::Stand);
    let s = t.last().clone();
    assert_eq!(class_of(&s, A), ThrowClass::Extra);
    assert_eq!((s.winner, s.loser, s.penalty, s.moved), (A, B, 20, 12));
    // Einwürfeln is part of these rules.
    t.refuse(B, Action::ThrowIn, ActionError::NotOut);
}

#[test]
fn preset_jule_in_play() {
    let rules = preset("jule");
    let mut t = Table::new(rules.clone(), 2, A, &[[4, 2, 1], [1, 1, 6]]);
    t.act(A, Action::Stand);
    let s = t.last().clone();
    assert_eq!(class_of(&s, A), ThrowClass::Extra);
    assert_eq!((s.winner, s.loser, s.penalty), (A, B, 7));
    assert!(!t.game.round().announcing, "the Jule needs no announcement");
    assert_eq!(ev([2, 2, 1], true, &rules).class, ThrowClass::Hausnummer);
    assert_eq!(ev([3, 3, 1], true, &rules).class, ThrowClass::Hausnummer);
    assert!(ev([4, 2, 1], true, &rules).rank < ev([1, 1, 1], true, &rules).rank);
    assert_eq!(rules.extras_in_play(ExtraSet::EMPTY), rules.extras);
}

#[test]
fn r_mat_2_bochum_plays_a_whole_game_with_27_deckel() {
    let rules = preset("bochum");
    assert_eq!(rules.deckel, 27);
    let names: Vec<String> = ["Anna", "Ben", "Cem"].map(String::from).to_vec();
    let mut rng = bot_core::engine::seeded(27);
    let (mut game, _) = bot_core::engine::Game::start(rules, &names, &mut rng).expect("starts");
    assert_eq!(game.stock(), 27, "the whole stock in the middle");
    let moves = bot_core::engine::ai::play_out(&mut game, &mut rng);
    assert!(game.is_over(), "a game of 27 Deckel ends ({moves} moves)");
    // R-SCORE-6: every Deckel is somewhere, always 27 in all.
    let held: u32 = game.all_holdings().iter().map(|h| u32::from(*h)).sum();
    assert_eq!(held + u32::from(game.stock()), 27);
}
