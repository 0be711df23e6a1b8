//! Fuzzing with proptest: everything a user or a platform can send us — `judge` JSON, rule
//! files and overrides, button ids (Discord `custom_id`, Telegram `callback_data`), command
//! arguments, the referee's chat text — never panics and gets a clear error.
//!
//! The case count comes from `SCHOCKEN_FUZZ_CASES` (default 3000 per target, so the suite
//! stays quick); `docs/PERFORMANCE.md` records a run with a million cases per target.

use bot_core::commands::{CATALOGUE, parse};
use bot_core::engine::judge::{JudgeInput, JudgeRound};
use bot_core::engine::{RuleSet, RulesError, rules::KEYS};
use bot_core::grammar::{dice, judge};
use bot_core::service::{ButtonAction, ButtonId};
use bot_core::text::{self, Lang};
use proptest::prelude::*;
use proptest::test_runner::Config;

fn cases() -> u32 {
    std::env::var("SCHOCKEN_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

fn config() -> Config {
    Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    }
}

/// JSON values shaped like `judge` input, with wrong types, odd numbers and strange names.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        (-3i64..20).prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>().prop_map(|f| serde_json::json!(f)),
        "\\PC{0,12}".prop_map(serde_json::Value::from),
        prop_oneof![
            Just("standard"),
            Just("dortmund"),
            Just("jule"),
            Just("x"),
            Just("")
        ]
        .prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(serde_json::Value::from),
            prop::collection::btree_map("\\PC{0,6}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

fn throw_json() -> impl Strategy<Value = serde_json::Value> {
    (
        prop_oneof!["[A-Za-z]{1,6}", "\\PC{0,8}"],
        prop::collection::vec(-1i64..9, 0..5),
        -1i64..6,
        any::<bool>(),
        prop::option::of(any::<bool>()),
    )
        .prop_map(|(player, dice, throws, hand, blind)| {
            let mut t =
                serde_json::json!({"player": player, "dice": dice, "throws": throws, "hand": hand});
            if let Some(b) = blind {
                t["blind"] = serde_json::Value::from(b);
            }
            t
        })
}

fn judge_json() -> impl Strategy<Value = serde_json::Value> {
    (
        prop::option::of(prop_oneof![
            Just("standard"),
            Just("dortmund"),
            Just("muensterland"),
            Just("moin-moin"),
            Just("bogus")
        ]),
        prop::option::of(-2i64..16),
        prop::option::of(prop::collection::btree_map("[A-C]", json_value(), 0..3)),
        prop::option::of(prop::collection::vec(
            prop_oneof![Just("jule"), Just("221"), Just("331"), Just("9")],
            0..3,
        )),
        prop::collection::vec(throw_json(), 0..6),
        prop::option::of(json_value()),
    )
        .prop_map(|(rules, stock, holdings, announced, throws, extra)| {
            let mut v = serde_json::json!({ "throws": throws });
            if let Some(r) = rules {
                v["rules"] = r.into();
            }
            if let Some(s) = stock {
                v["stock"] = s.into();
            }
            if let Some(h) = holdings {
                v["holdings"] = serde_json::Value::Object(h.into_iter().collect());
            }
            if let Some(a) = announced {
                v["announced"] = a.into();
            }
            if let Some(e) = extra {
                v["unexpected"] = e;
            }
            v
        })
}

proptest! {
    #![proptest_config(config())]

    /// Arbitrary text as `judge` input: parse errors, never a panic.
    #[test]
    fn judge_accepts_or_refuses_any_text(text in "\\PC{0,200}") {
        if let Ok(input) = serde_json::from_str::<JudgeInput>(&text) {
            let _ = JudgeRound::from_input(&input, None).map(|r| r.score());
        }
    }

    /// Input shaped like a round: accepted rounds keep every Deckel; refusals have a message
    /// in both languages.
    #[test]
    fn judge_json_is_scored_or_refused_clearly(value in judge_json()) {
        let Ok(input) = serde_json::from_value::<JudgeInput>(value) else { return Ok(()) };
        match JudgeRound::from_input(&input, None) {
            Ok(round) => {
                let outcome = round.score();
                let before: u32 = u32::from(round.stock) + round.holdings.iter().map(|h| u32::from(*h)).sum::<u32>();
                let after: u32 = u32::from(outcome.stock_after) + outcome.holdings_after.iter().map(|h| u32::from(*h)).sum::<u32>();
                prop_assert_eq!(before, after);
                prop_assert_eq!(after, u32::from(round.rules.deckel));
                prop_assert!(outcome.moved <= outcome.penalty.max(round.rules.deckel));
            }
            Err(e) => {
                for lang in Lang::ALL {
                    let message = text::judge_error(lang, &e);
                    prop_assert!(!message.is_empty() && !message.contains('\n'));
                }
            }
        }
    }

    /// Rule files: arbitrary text never panics.
    #[test]
    fn rule_files_parse_or_fail(text in "\\PC{0,300}") {
        let _ = RuleSet::from_toml(&text);
    }

    /// Overrides with known and unknown keys and values of every type: an error names its key.
    #[test]
    fn rule_overrides_name_the_key_they_fail_on(
        key in prop_oneof![prop::sample::select(KEYS.to_vec()).prop_map(str::to_string), "[a-z_]{1,12}"],
        value in prop_oneof![
            any::<i64>().prop_map(|n| n.to_string()),
            (-5i64..120).prop_map(|n| n.to_string()),
            any::<bool>().prop_map(|b| b.to_string()),
            "\\PC{0,12}",
            Just("jule,221".to_string()),
            Just("ascending".to_string()),
            Just("in_place".to_string()),
        ],
    ) {
        let base = RuleSet::standard();
        match base.with_assignments(&[format!("{key}={value}")]) {
            Ok(rules) => prop_assert!(KEYS.contains(&key.as_str()) && rules.deckel >= 2),
            Err(RulesError::UnknownKey(k)) => prop_assert_eq!(k, key.replace('-', "_")),
            Err(RulesError::InvalidValue { key: k, .. }) | Err(RulesError::MissingKey { key: k }) => {
                prop_assert_eq!(k, key)
            }
            Err(other) => {
                let shown = other.to_string();
                prop_assert!(!shown.is_empty());
            }
        }
    }

    /// Button ids: any text parses or is refused; what parses encodes back to itself.
    #[test]
    fn button_ids_parse_strictly(text in prop_oneof![
        "\\PC{0,80}",
        "v1:[a-z]:[0-9a-z]{1,14}:[0-9a-z]{1,14}(:[0-9]{0,4})?",
    ]) {
        if let Ok(id) = ButtonId::parse(&text) {
            prop_assert_eq!(id.encode(), text);
        }
    }

    /// Every valid button survives encoding, within Telegram's 64 bytes.
    #[test]
    fn every_button_round_trips(
        action in prop_oneof![
            Just(ButtonAction::Roll), Just(ButtonAction::Look), Just(ButtonAction::Stand),
            Just(ButtonAction::Join), Just(ButtonAction::Start), Just(ButtonAction::Flip),
            Just(ButtonAction::Blind), Just(ButtonAction::ThrowIn), Just(ButtonAction::Table),
            Just(ButtonAction::ConfirmClaim), Just(ButtonAction::RejectClaim),
            prop::collection::vec(1u8..=6, 1..=3).prop_map(ButtonAction::Keep),
            (0u8..8).prop_map(ButtonAction::Announce),
        ],
        table in 0i64..i64::MAX,
        version in any::<u64>(),
    ) {
        let id = ButtonId::new(action, table, version);
        let text = id.encode();
        prop_assert!(text.len() <= 64);
        prop_assert_eq!(ButtonId::parse(&text), Ok(id));
    }

    /// Command arguments typed in chats.
    #[test]
    fn command_arguments_never_panic(text in "\\PC{0,60}") {
        if let Ok(values) = dice::values(&text) {
            prop_assert!(!values.is_empty() && values.len() <= 3);
            prop_assert!(values.iter().all(|v| (1..=6).contains(v)));
        }
        // Every command of the catalogue reads any text without a panic.
        for spec in &CATALOGUE {
            let _ = parse::request(spec.id, &text, None);
        }
        if let Ok(input) = judge::parse(&text) {
            let _ = JudgeRound::from_input(&input, None).map(|r| r.score());
        }
    }
}
