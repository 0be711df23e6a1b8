//! User-facing text through Fluent: German (the default) and English.

use crate::engine::eval::{Evaluation, Penalty, ThrowClass};
use crate::engine::rules::{Extra, RuleSet};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    De,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// From a platform locale code (`de`, `de-AT`, `en-US`, `en_GB` …); German by default.
    pub fn from_code(code: &str) -> Lang {
        let code = code.trim().to_ascii_lowercase();
        if code.starts_with("en") {
            Lang::En
        } else {
            Lang::De
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    fn source(self) -> &'static str {
        match self {
            Lang::De => include_str!("../locales/de.ftl"),
            Lang::En => include_str!("../locales/en.ftl"),
        }
    }
}

/// A pair of Fluent bundles, German and English, from two `.ftl` sources. The game's texts
/// are one catalog ([`tr`]); an adapter with texts of its own makes another.
pub struct Catalog {
    de: FluentBundle<FluentResource>,
    en: FluentBundle<FluentResource>,
}

impl Catalog {
    pub fn new(de: &str, en: &str) -> Catalog {
        Catalog {
            de: bundle(Lang::De, de),
            en: bundle(Lang::En, en),
        }
    }

    /// The message `id` in `lang`. A missing message shows its id (and the tests catch it).
    pub fn tr(&self, lang: Lang, id: &str, args: Args<'_>) -> String {
        let bundle = match lang {
            Lang::De => &self.de,
            Lang::En => &self.en,
        };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (k, v) in args {
            fluent_args.set(*k, v.clone());
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }
}

fn bundle(lang: Lang, source: &str) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks: chat clients show them as stray characters.
    bundle.set_use_isolating(false);
    let resource = match FluentResource::try_new(source.to_string()) {
        Ok(r) => r,
        Err((r, errors)) => {
            // A syntax error in a shipped file is a build defect; the tests catch it.
            debug_assert!(errors.is_empty(), "{lang:?} locale: {errors:?}");
            r
        }
    };
    if let Err(errors) = bundle.add_resource(resource) {
        debug_assert!(errors.is_empty(), "{lang:?} locale: {errors:?}");
    }
    bundle
}

static GAME: LazyLock<Catalog> =
    LazyLock::new(|| Catalog::new(Lang::De.source(), Lang::En.source()));

/// Arguments for a message.
pub type Args<'a> = &'a [(&'a str, FluentValue<'a>)];

/// The game's message `id` in `lang`. A missing message shows its id (and the tests catch it).
pub fn tr(lang: Lang, id: &str, args: Args<'_>) -> String {
    GAME.tr(lang, id, args)
}

/// The ids of every message in `lang` (for the test that both languages match).
pub fn message_ids(lang: Lang) -> Vec<String> {
    let resource = match FluentResource::try_new(lang.source().to_string()) {
        Ok(r) | Err((r, _)) => r,
    };
    let mut ids: Vec<String> = resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    ids.sort();
    ids
}

/// Whether the shipped Fluent file of `lang` parses without errors.
pub fn syntax_errors(lang: Lang) -> usize {
    match FluentResource::try_new(lang.source().to_string()) {
        Ok(_) => 0,
        Err((_, errors)) => errors.len(),
    }
}

fn num(n: impl Into<i64>) -> FluentValue<'static> {
    FluentValue::from(n.into())
}

fn text(s: impl Into<String>) -> FluentValue<'static> {
    FluentValue::from(s.into())
}

/// The name of a throw ("Schock 4", "Hausnummer 642", "Straße 4-5-6", "Jule", …).
pub fn throw_name(lang: Lang, eval: &Evaluation, rules: &RuleSet) -> String {
    let [a, b, c] = eval.dice;
    match eval.class {
        ThrowClass::Hausnummer => {
            let id = if eval.downgraded(rules, rules.extras) {
                "throw-hausnummer-built"
            } else {
                "throw-hausnummer"
            };
            tr(lang, id, &[("number", text(format!("{a}{b}{c}")))])
        }
        ThrowClass::Strasse => tr(
            lang,
            "throw-strasse",
            &[("dice", text(format!("{c}-{b}-{a}")))],
        ),
        ThrowClass::General => tr(lang, "throw-general", &[("pips", num(a))]),
        ThrowClass::Schock => tr(lang, "throw-schock", &[("n", num(a))]),
        ThrowClass::SchockAus => tr(lang, "throw-schock-aus", &[]),
        ThrowClass::BabySchockOut => tr(lang, "throw-baby-schock-out", &[]),
        ThrowClass::Extra => match eval.extra {
            Some(Extra::Jule) | None => tr(lang, "throw-jule", &[]),
            Some(Extra::TwoTwoOne) => tr(lang, "throw-221", &[("penalty", num(rules.penalty_221))]),
            Some(Extra::ThreeThreeOne) => {
                tr(lang, "throw-331", &[("penalty", num(rules.penalty_331))])
            }
        },
    }
}

/// The class name ("Schock", "house number", …).
pub fn class_name(lang: Lang, class: ThrowClass) -> String {
    tr(lang, &format!("class-{}", class.id()), &[])
}

/// "4 Deckel", "alle Deckel".
pub fn penalty_text(lang: Lang, penalty: Penalty) -> String {
    match penalty {
        Penalty::Deckel(n) => deckel(lang, n),
        Penalty::All => tr(lang, "penalty-all", &[]),
    }
}

/// "1 Deckel", "4 Deckel".
pub fn deckel(lang: Lang, n: u8) -> String {
    tr(lang, "penalty-deckel", &[("n", num(n))])
}

/// Message arguments from numbers and texts.
pub fn arg_num(n: impl Into<i64>) -> FluentValue<'static> {
    num(n)
}

pub fn arg_text(s: impl Into<String>) -> FluentValue<'static> {
    text(s)
}

/// A rule-set error in the user's language.
pub fn rules_error(lang: Lang, error: &crate::engine::RulesError) -> String {
    use crate::engine::RulesError as E;
    match error {
        E::UnknownPreset(name) => tr(
            lang,
            "rules-unknown-preset",
            &[("name", text(name.as_str()))],
        ),
        E::UnknownKey(key) => tr(lang, "rules-unknown-key", &[("key", text(key.as_str()))]),
        E::MissingKey { key } => tr(lang, "rules-missing-key", &[("key", text(key.as_str()))]),
        E::InvalidValue { key, problem } => tr(
            lang,
            "rules-invalid-value",
            &[
                ("key", text(key.as_str())),
                ("message", text(value_problem(lang, problem))),
            ],
        ),
        E::Syntax(message) => tr(lang, "rules-syntax", &[("message", text(message.as_str()))]),
        E::MalformedOverride(t) => tr(
            lang,
            "rules-malformed-override",
            &[("text", text(t.as_str()))],
        ),
    }
}

/// What is wrong with a rule's value, in the user's language.
fn value_problem(lang: Lang, problem: &crate::engine::rules::ValueProblem) -> String {
    use crate::engine::rules::{Expected, ValueProblem as P};
    let t = |s: &String| text(s.as_str());
    match problem {
        P::NameLength => tr(lang, "rules-value-name-length", &[]),
        P::NotOf { shown, expected } => {
            let expected = match expected {
                Expected::Text => "rules-expected-text",
                Expected::StraightOrder => "rules-expected-straight-order",
                Expected::FlipOnLastThrow => "rules-expected-flip",
                Expected::Switch => "rules-expected-switch",
            };
            let expected = tr(lang, expected, &[]);
            tr(
                lang,
                "rules-value-not",
                &[("shown", t(shown)), ("expected", text(expected))],
            )
        }
        P::OutOfRange { value, lo, hi } => tr(
            lang,
            "rules-value-out-of-range",
            &[
                ("value", arg_num(*value)),
                ("lo", arg_num(*lo)),
                ("hi", arg_num(*hi)),
            ],
        ),
        P::NotWholeNumber { shown } => tr(lang, "rules-value-not-whole", &[("shown", t(shown))]),
        P::NotAList { shown } => tr(lang, "rules-value-not-a-list", &[("shown", t(shown))]),
        P::UnknownExtra { id } => tr(lang, "rules-value-unknown-extra", &[("id", t(id))]),
        P::ListedTwice { id } => tr(lang, "rules-value-twice", &[("id", t(id))]),
    }
}

/// A `judge` input error in the user's language.
pub fn judge_error(lang: Lang, error: &crate::engine::judge::JudgeError) -> String {
    use crate::engine::judge::JudgeError as E;
    let p = |s: &String| text(s.as_str());
    match error {
        E::Rules(e) => rules_error(lang, e),
        E::TooFewThrows => tr(lang, "judge-error-too-few", &[]),
        E::EmptyName { index } => tr(
            lang,
            "judge-error-empty-name",
            &[("index", num(*index as i64))],
        ),
        E::DuplicatePlayer(player) => tr(lang, "judge-error-duplicate", &[("player", p(player))]),
        E::DiceCount { player, count } => tr(
            lang,
            "judge-error-dice-count",
            &[("player", p(player)), ("count", num(*count as i64))],
        ),
        E::DieValue { player, value } => tr(
            lang,
            "judge-error-die-value",
            &[("player", p(player)), ("value", text(value.to_string()))],
        ),
        E::ThrowCount {
            player,
            throws,
            max,
        } => tr(
            lang,
            "judge-error-throw-count",
            &[
                ("player", p(player)),
                ("throws", num(*throws)),
                ("max", num(*max)),
            ],
        ),
        E::OverLimit {
            player,
            throws,
            limit,
        } => tr(
            lang,
            "judge-error-over-limit",
            &[
                ("player", p(player)),
                ("throws", num(*throws)),
                ("limit", num(*limit)),
            ],
        ),
        E::BlindNotAllowed { player } => {
            tr(lang, "judge-error-blind-off", &[("player", p(player))])
        }
        E::BlindNotSingle { player } => {
            tr(lang, "judge-error-blind-single", &[("player", p(player))])
        }
        E::Stock(..)
        | E::HoldingUnknownPlayer(_)
        | E::HoldingValue { .. }
        | E::DeckelTotal { .. }
        | E::HalfOver { .. }
        | E::PlayerOut { .. } => judge_holdings_error(lang, error),
        E::UnknownExtra(extra) => tr(lang, "judge-error-unknown-extra", &[("extra", p(extra))]),
        E::ExtraNotInRules(extra) => tr(
            lang,
            "judge-error-extra-not-in-rules",
            &[("extra", p(extra))],
        ),
    }
}

/// A `judge` error in the stock and the players' Deckel before the round.
fn judge_holdings_error(lang: Lang, error: &crate::engine::judge::JudgeError) -> String {
    use crate::engine::judge::JudgeError as E;
    let p = |s: &String| text(s.as_str());
    match error {
        E::Stock(stock, total) => tr(
            lang,
            "judge-error-stock",
            &[("stock", text(stock.to_string())), ("total", num(*total))],
        ),
        E::HoldingUnknownPlayer(player) => tr(
            lang,
            "judge-error-holding-unknown",
            &[("player", p(player))],
        ),
        E::HoldingValue { player, value, max } => tr(
            lang,
            "judge-error-holding-value",
            &[
                ("player", p(player)),
                ("value", p(value)),
                ("max", num(*max)),
            ],
        ),
        E::DeckelTotal {
            stock,
            players,
            total,
        } => tr(
            lang,
            "judge-error-total",
            &[
                ("stock", num(*stock)),
                ("players", num(*players)),
                ("total", num(*total)),
            ],
        ),
        E::HalfOver { player, total } => tr(
            lang,
            "judge-error-half-over",
            &[("player", p(player)), ("total", num(*total))],
        ),
        E::PlayerOut { player } => tr(lang, "judge-error-out", &[("player", p(player))]),
        // The others are not about the Deckel: [`judge_error`] names them.
        other => judge_error(lang, other),
    }
}
