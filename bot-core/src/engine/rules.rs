//! Rule sets: every switch of RULES.md as plain data, loaded from the presets in `config/`.
//!
//! A preset file is a complete rule set (every key present); overrides are partial tables
//! applied on top of a preset. Unknown keys and out-of-range values are errors naming the key.

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// The extra throws of R-RANK-6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Extra {
    /// 4,2,1
    #[serde(rename = "jule")]
    Jule,
    /// 2,2,1 ("Neuner", Westphalian "Siebener")
    #[serde(rename = "221")]
    TwoTwoOne,
    /// 3,3,1 ("Achter", Dortmund "Drei-Einunddreißig")
    #[serde(rename = "331")]
    ThreeThreeOne,
}

impl Extra {
    pub const ALL: [Extra; 3] = [Extra::Jule, Extra::TwoTwoOne, Extra::ThreeThreeOne];

    /// The id used in rule files, `judge` input and commands.
    pub fn id(self) -> &'static str {
        match self {
            Extra::Jule => "jule",
            Extra::TwoTwoOne => "221",
            Extra::ThreeThreeOne => "331",
        }
    }

    pub fn from_id(id: &str) -> Option<Extra> {
        let id = id.trim().to_ascii_lowercase();
        Extra::ALL.into_iter().find(|e| e.id() == id)
    }

    /// The dice of the extra, sorted high to low.
    pub fn dice(self) -> [u8; 3] {
        match self {
            Extra::Jule => [4, 2, 1],
            Extra::TwoTwoOne => [2, 2, 1],
            Extra::ThreeThreeOne => [3, 3, 1],
        }
    }

    fn bit(self) -> u8 {
        match self {
            Extra::Jule => 1,
            Extra::TwoTwoOne => 2,
            Extra::ThreeThreeOne => 4,
        }
    }
}

impl fmt::Display for Extra {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A small set of extras (a bit set, so rule sets and rounds stay cheap to copy). As the
/// throws counting in one round it may also say that the Baby Schock Out Hand counts
/// (R-RANK-7: the final, with `baby_schock_out`); that mark is worked out from the game's
/// part when a round is judged, never stored or listed with the extras.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExtraSet(u8);

impl ExtraSet {
    pub const EMPTY: ExtraSet = ExtraSet(0);
    const EXTRAS: u8 = 0b0111;
    const BABY_SCHOCK_OUT: u8 = 0b1000_0000;

    pub fn contains(self, extra: Extra) -> bool {
        self.0 & extra.bit() != 0
    }
    pub fn insert(&mut self, extra: Extra) {
        self.0 |= extra.bit();
    }
    /// No extra in the set (the Baby Schock mark is no extra).
    pub fn is_empty(self) -> bool {
        self.0 & Self::EXTRAS == 0
    }
    /// The same set, with the Baby Schock Out Hand counting (R-RANK-7).
    pub fn with_baby_schock_out(self) -> ExtraSet {
        ExtraSet(self.0 | Self::BABY_SCHOCK_OUT)
    }
    /// Whether 2,2,1 from the hand is the Baby Schock Out Hand in this round (R-RANK-7).
    pub fn baby_schock_out(self) -> bool {
        self.0 & Self::BABY_SCHOCK_OUT != 0
    }
    pub fn is_subset(self, of: ExtraSet) -> bool {
        self.0 & !of.0 == 0
    }
    pub fn intersection(self, other: ExtraSet) -> ExtraSet {
        ExtraSet(self.0 & other.0)
    }
    pub fn iter(self) -> impl Iterator<Item = Extra> {
        Extra::ALL.into_iter().filter(move |e| self.contains(*e))
    }
}

impl FromIterator<Extra> for ExtraSet {
    fn from_iter<I: IntoIterator<Item = Extra>>(iter: I) -> Self {
        let mut set = ExtraSet::EMPTY;
        for e in iter {
            set.insert(e);
        }
        set
    }
}

impl Serialize for ExtraSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for ExtraSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<Extra>::deserialize(d)?;
        Ok(list.into_iter().collect())
    }
}

/// R-RANK Straße ordering (`straight_order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StraightOrder {
    /// 4-5-6 highest (default).
    Ascending,
    /// All Straßen tie; the tie rules of R-RANK-3 decide.
    Equal,
}

/// R-SIX-2: what flipping sixes on the last throw does (`flip_on_last_throw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlipOnLastThrow {
    /// Flipping needs a throw left (default).
    Forbidden,
    /// Moin-Moin: flipping on the last throw grants one more throw.
    ExtraThrow,
    /// Münsterland: the six becomes a 1 in place; the other dice stay.
    InPlace,
}

/// A complete rule set. Field names are the switch names of RULES.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// Preset name (or a chat's name for its house rules).
    pub name: String,
    /// R-MAT-2: Deckel in the stock.
    pub deckel: u8,
    /// Penalty of a Straße: 2 or 3.
    pub straight_penalty: u8,
    pub straight_order: StraightOrder,
    /// R-RANK-1: a General ranks above Schock 2.
    pub general_beats_schock_two: bool,
    /// R-RANK-2: Straße, General and extras only count from the hand ("ohne Pflücken").
    pub straight_general_need_hand: bool,
    /// R-RANK-4: a Schock aus from the hand beats a built one.
    pub schock_aus_hand_beats_built: bool,
    /// R-RANK-5: between equal Schock aus the later one ranks higher.
    pub later_schock_aus_wins: bool,
    /// R-RANK-7: 2,2,1 from the hand in the final beats everything, Schock aus included, and
    /// ends the final ("Baby Schock Out Hand"). Absent in rule files and games from before.
    #[serde(default)]
    pub baby_schock_out: bool,
    /// R-RANK-6: active extra throws.
    pub extras: ExtraSet,
    /// R-RANK-6: extras count only when the round's starter announced them.
    pub extras_announced: bool,
    /// Penalty of the Jule (4,2,1).
    pub jule_penalty: u8,
    /// Penalty of 2,2,1 as an extra.
    pub penalty_221: u8,
    /// Penalty of 3,3,1 as an extra.
    pub penalty_331: u8,
    /// R-SIX-1: two sixes may become a one.
    pub sixes: bool,
    /// R-SIX-2
    pub flip_on_last_throw: FlipOnLastThrow,
    /// R-SIX-4: sixes may be set aside and turned later, once two (or three) are together.
    /// Absent in rule files and games from before.
    #[serde(default)]
    pub collect_sixes: bool,
    /// R-RND-6
    pub blind: bool,
    /// R-SCORE-5
    pub einwuerfeln: bool,
    /// R-DEBT-1
    pub schock_aus_hand_buys_round: bool,
    /// R-DEBT-2
    pub hille: bool,
    /// R-TITLE-1
    pub pisswurf: bool,
    /// House rule: whoever leaves a running game owes a Bierrunde.
    pub quitter_pays: bool,
}

/// The presets shipped in `config/`, embedded so the binary runs from any directory.
pub const PRESETS: [(&str, &str); 7] = [
    (
        "standard",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/standard.toml"
        )),
    ),
    (
        "wikipedia",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/wikipedia.toml"
        )),
    ),
    (
        "moin-moin",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/moin-moin.toml"
        )),
    ),
    (
        "muensterland",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/muensterland.toml"
        )),
    ),
    (
        "dortmund",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/dortmund.toml"
        )),
    ),
    (
        "jule",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/jule.toml")),
    ),
    (
        "bochum",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/bochum.toml"
        )),
    ),
];

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RulesError {
    #[error(
        "unknown rule preset `{0}` (known: standard, wikipedia, moin-moin, muensterland, dortmund, jule, bochum)"
    )]
    UnknownPreset(String),
    #[error("unknown rule key `{0}`")]
    UnknownKey(String),
    #[error("rule key `{key}` is missing")]
    MissingKey { key: String },
    #[error("rule key `{key}`: {problem}")]
    InvalidValue { key: String, problem: ValueProblem },
    #[error("rule file is not valid TOML: {0}")]
    Syntax(String),
    #[error("override `{0}` is not of the form key=value")]
    MalformedOverride(String),
}

/// What is wrong with a rule's value (named in the reader's language by the renderer; the
/// English text is for the command line and logs).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ValueProblem {
    #[error("must be 1 to 40 characters")]
    NameLength,
    #[error("{shown} is not {}", expected.english())]
    NotOf { shown: String, expected: Expected },
    #[error("{value} is out of range ({lo} to {hi})")]
    OutOfRange { value: i64, lo: u8, hi: u8 },
    #[error("{shown} is not a whole number")]
    NotWholeNumber { shown: String },
    #[error("{shown} is not a list of extras")]
    NotAList { shown: String },
    #[error("unknown extra `{id}` (known: jule, 221, 331)")]
    UnknownExtra { id: String },
    #[error("`{id}` is listed twice")]
    ListedTwice { id: String },
}

/// The kind of value a key takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    Text,
    StraightOrder,
    FlipOnLastThrow,
    Switch,
}

impl Expected {
    fn of(key: &str) -> Expected {
        match key {
            "name" => Expected::Text,
            "straight_order" => Expected::StraightOrder,
            "flip_on_last_throw" => Expected::FlipOnLastThrow,
            _ => Expected::Switch,
        }
    }

    fn english(self) -> &'static str {
        match self {
            Expected::Text => "a text",
            Expected::StraightOrder => "one of \"ascending\", \"equal\"",
            Expected::FlipOnLastThrow => "one of \"forbidden\", \"extra_throw\", \"in_place\"",
            Expected::Switch => "true or false",
        }
    }
}

/// Keys added after rule files were first written: a file without them means "off".
const OPTIONAL_KEYS: [&str; 2] = ["baby_schock_out", "collect_sixes"];

/// Every key a rule file has, in file order.
pub const KEYS: [&str; 23] = [
    "name",
    "deckel",
    "straight_penalty",
    "straight_order",
    "general_beats_schock_two",
    "straight_general_need_hand",
    "schock_aus_hand_beats_built",
    "later_schock_aus_wins",
    "baby_schock_out",
    "extras",
    "extras_announced",
    "jule_penalty",
    "penalty_221",
    "penalty_331",
    "sixes",
    "flip_on_last_throw",
    "collect_sixes",
    "blind",
    "einwuerfeln",
    "schock_aus_hand_buys_round",
    "hille",
    "pisswurf",
    "quitter_pays",
];

impl RuleSet {
    /// The rule set named `name`: a preset name.
    pub fn preset(name: &str) -> Result<RuleSet, RulesError> {
        let key = name.trim().to_ascii_lowercase();
        let key = match key.as_str() {
            "münsterland" | "munsterland" => "muensterland",
            "moinmoin" | "moin_moin" => "moin-moin",
            other => other,
        };
        // Each embedded preset is parsed once (a chat's rules are asked for on every move).
        static PARSED: std::sync::LazyLock<Vec<(&'static str, Result<RuleSet, RulesError>)>> =
            std::sync::LazyLock::new(|| {
                PRESETS
                    .iter()
                    .map(|(n, text)| (*n, RuleSet::from_toml(text)))
                    .collect()
            });
        PARSED
            .iter()
            .find(|(n, _)| *n == key)
            .map(|(_, parsed)| parsed.clone())
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string()))?
    }

    /// The default rule set (`standard`).
    pub fn standard() -> RuleSet {
        // The embedded preset is validated by the tests; a broken build is the only way this fails.
        match RuleSet::preset("standard") {
            Ok(r) => r,
            Err(e) => panic!("embedded standard preset is invalid: {e}"),
        }
    }

    /// Parses a complete rule set (a preset file).
    pub fn from_toml(text: &str) -> Result<RuleSet, RulesError> {
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| RulesError::Syntax(e.message().to_string()))?;
        Self::from_table(table)
    }

    fn from_table(table: toml::Table) -> Result<RuleSet, RulesError> {
        check_keys(&table)?;
        if let Some(key) = KEYS
            .iter()
            .find(|k| !table.contains_key(**k) && !OPTIONAL_KEYS.contains(*k))
        {
            return Err(RulesError::MissingKey {
                key: key.to_string(),
            });
        }
        // Deserialize key by key so an error names the key it is about.
        let rules = RuleSet {
            name: field(&table, "name")?,
            deckel: int_field(&table, "deckel")?,
            straight_penalty: int_field(&table, "straight_penalty")?,
            straight_order: field(&table, "straight_order")?,
            general_beats_schock_two: field(&table, "general_beats_schock_two")?,
            straight_general_need_hand: field(&table, "straight_general_need_hand")?,
            schock_aus_hand_beats_built: field(&table, "schock_aus_hand_beats_built")?,
            later_schock_aus_wins: field(&table, "later_schock_aus_wins")?,
            baby_schock_out: optional_field(&table, "baby_schock_out")?,
            extras: extras_field(&table)?,
            extras_announced: field(&table, "extras_announced")?,
            jule_penalty: int_field(&table, "jule_penalty")?,
            penalty_221: int_field(&table, "penalty_221")?,
            penalty_331: int_field(&table, "penalty_331")?,
            sixes: field(&table, "sixes")?,
            flip_on_last_throw: field(&table, "flip_on_last_throw")?,
            collect_sixes: optional_field(&table, "collect_sixes")?,
            blind: field(&table, "blind")?,
            einwuerfeln: field(&table, "einwuerfeln")?,
            schock_aus_hand_buys_round: field(&table, "schock_aus_hand_buys_round")?,
            hille: field(&table, "hille")?,
            pisswurf: field(&table, "pisswurf")?,
            quitter_pays: field(&table, "quitter_pays")?,
        };
        rules.validate()?;
        Ok(rules)
    }

    /// This rule set as a TOML table (every key).
    pub fn to_table(&self) -> toml::Table {
        match toml::Table::try_from(self) {
            Ok(t) => t,
            Err(e) => panic!("a rule set always serializes: {e}"),
        }
    }

    /// This rule set as a complete preset file.
    pub fn to_toml(&self) -> String {
        toml::to_string(&self.to_table()).unwrap_or_default()
    }

    /// Applies a partial table of overrides on top of this rule set.
    pub fn with_overrides(&self, overrides: &toml::Table) -> Result<RuleSet, RulesError> {
        check_keys(overrides)?;
        let mut table = self.to_table();
        for (k, v) in overrides {
            table.insert(k.clone(), v.clone());
        }
        Self::from_table(table)
    }

    /// Applies overrides written as `key=value` (e.g. `blind=true`, `extras=jule,221`,
    /// `straight_order=equal`).
    pub fn with_assignments<S: AsRef<str>>(
        &self,
        assignments: &[S],
    ) -> Result<RuleSet, RulesError> {
        let mut table = toml::Table::new();
        for a in assignments {
            let (key, value) = parse_assignment(a.as_ref())?;
            table.insert(key, value);
        }
        self.with_overrides(&table)
    }

    /// The overrides that turn `base` into `self` (for storing a chat's house rules compactly).
    pub fn diff_from(&self, base: &RuleSet) -> toml::Table {
        let mine = self.to_table();
        let theirs = base.to_table();
        mine.into_iter()
            .filter(|(k, v)| theirs.get(k) != Some(v))
            .collect()
    }

    /// The `key=value` switches that turn `base` into `self` (what a user would type).
    pub fn switches_from(&self, base: &RuleSet) -> Vec<String> {
        self.diff_from(base)
            .into_iter()
            .map(|(key, value)| match value {
                toml::Value::Array(items) => {
                    let ids: Vec<&str> = items.iter().filter_map(|i| i.as_str()).collect();
                    format!("{key}={}", ids.join(","))
                }
                toml::Value::String(s) => format!("{key}={s}"),
                other => format!("{key}={other}"),
            })
            .collect()
    }

    fn validate(&self) -> Result<(), RulesError> {
        if self.name.trim().is_empty() || self.name.chars().count() > 40 {
            return Err(RulesError::InvalidValue {
                key: "name".into(),
                problem: ValueProblem::NameLength,
            });
        }
        Ok(())
    }

    /// The penalty an active extra costs.
    pub fn extra_penalty(&self, extra: Extra) -> u8 {
        match extra {
            Extra::Jule => self.jule_penalty,
            Extra::TwoTwoOne => self.penalty_221,
            Extra::ThreeThreeOne => self.penalty_331,
        }
    }

    /// The throws counting in a round of the final: `extras` and, with `baby_schock_out`,
    /// the Baby Schock Out Hand (R-RANK-7).
    pub fn in_final(&self, extras: ExtraSet) -> ExtraSet {
        if self.baby_schock_out {
            extras.with_baby_schock_out()
        } else {
            extras
        }
    }

    /// The extras counting in a round: all active ones, or — with `extras_announced` — the
    /// announced ones (R-RANK-6).
    pub fn extras_in_play(&self, announced: ExtraSet) -> ExtraSet {
        if self.extras_announced {
            announced.intersection(self.extras)
        } else {
            self.extras
        }
    }
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet::standard()
    }
}

fn check_keys(table: &toml::Table) -> Result<(), RulesError> {
    match table.keys().find(|k| !KEYS.contains(&k.as_str())) {
        Some(k) => Err(RulesError::UnknownKey(k.clone())),
        None => Ok(()),
    }
}

fn field<T: serde::de::DeserializeOwned>(table: &toml::Table, key: &str) -> Result<T, RulesError> {
    let value = table
        .get(key)
        .cloned()
        .ok_or_else(|| RulesError::MissingKey {
            key: key.to_string(),
        })?;
    let shown = value.to_string();
    value.try_into().map_err(|_| RulesError::InvalidValue {
        key: key.to_string(),
        problem: ValueProblem::NotOf {
            shown,
            expected: Expected::of(key),
        },
    })
}

/// A switch that may be missing (off then).
fn optional_field(table: &toml::Table, key: &str) -> Result<bool, RulesError> {
    match table.get(key) {
        None => Ok(false),
        Some(_) => field(table, key),
    }
}

fn int_field(table: &toml::Table, key: &str) -> Result<u8, RulesError> {
    let (lo, hi) = int_range(key);
    match table.get(key) {
        Some(toml::Value::Integer(n)) if (i64::from(lo)..=i64::from(hi)).contains(n) => {
            Ok(*n as u8)
        }
        Some(toml::Value::Integer(n)) => Err(RulesError::InvalidValue {
            key: key.to_string(),
            problem: ValueProblem::OutOfRange { value: *n, lo, hi },
        }),
        Some(other) => Err(RulesError::InvalidValue {
            key: key.to_string(),
            problem: ValueProblem::NotWholeNumber {
                shown: other.to_string(),
            },
        }),
        None => Err(RulesError::MissingKey {
            key: key.to_string(),
        }),
    }
}

/// Allowed ranges of the numeric switches. Extras rank above Schock 6 ordered by their
/// penalty (R-RANK-6), so they cost at least 7.
fn int_range(key: &str) -> (u8, u8) {
    match key {
        "deckel" => (2, 99),
        "straight_penalty" => (2, 3),
        _ => (7, 99),
    }
}

fn extras_field(table: &toml::Table) -> Result<ExtraSet, RulesError> {
    let invalid = |problem: ValueProblem| RulesError::InvalidValue {
        key: "extras".into(),
        problem,
    };
    let list = match table.get("extras") {
        Some(toml::Value::Array(a)) => a,
        Some(other) => {
            return Err(invalid(ValueProblem::NotAList {
                shown: other.to_string(),
            }));
        }
        None => {
            return Err(RulesError::MissingKey {
                key: "extras".into(),
            });
        }
    };
    let mut set = ExtraSet::EMPTY;
    for item in list {
        let id = item
            .as_str()
            .map(str::to_string)
            .unwrap_or_else(|| item.to_string());
        let Some(extra) = Extra::from_id(&id) else {
            return Err(invalid(ValueProblem::UnknownExtra { id }));
        };
        if set.contains(extra) {
            return Err(invalid(ValueProblem::ListedTwice { id }));
        }
        set.insert(extra);
    }
    Ok(set)
}

/// Parses `key=value` into a TOML key and value. Bare words become strings; `extras` takes a
/// comma-separated list.
pub fn parse_assignment(text: &str) -> Result<(String, toml::Value), RulesError> {
    let (key, raw) = text
        .split_once('=')
        .ok_or_else(|| RulesError::MalformedOverride(text.to_string()))?;
    let key = key.trim().to_ascii_lowercase().replace('-', "_");
    let raw = raw.trim();
    if key.is_empty() {
        return Err(RulesError::MalformedOverride(text.to_string()));
    }
    if !KEYS.contains(&key.as_str()) {
        return Err(RulesError::UnknownKey(key));
    }
    let value = if key == "extras" {
        let inner = raw.trim_start_matches('[').trim_end_matches(']');
        toml::Value::Array(
            inner
                .split(',')
                .map(|s| s.trim().trim_matches('"'))
                .filter(|s| !s.is_empty())
                .map(|s| toml::Value::String(s.to_string()))
                .collect(),
        )
    } else {
        let lowered = raw.to_ascii_lowercase();
        match lowered.as_str() {
            "true" | "on" | "yes" | "ja" | "an" => toml::Value::Boolean(true),
            "false" | "off" | "no" | "nein" | "aus" => toml::Value::Boolean(false),
            _ => match raw.parse::<i64>() {
                Ok(n) => toml::Value::Integer(n),
                // `extra-throw` as well as `extra_throw`: texts show the hyphen.
                Err(_) if key != "name" => toml::Value::String(
                    raw.trim_matches('"').to_ascii_lowercase().replace('-', "_"),
                ),
                Err(_) => toml::Value::String(raw.trim_matches('"').to_string()),
            },
        }
    };
    Ok((key, value))
}
