//! A tournament's format: how a game scores, how large the tables are, how many point rounds
//! of how many games, and how the knockout goes. Three presets ship as files
//! (`config/turnier-*.toml`); the director changes any key with `key=value` words.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How a point round's games score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// Each half: everyone but its loser +1; the game's loser −1. Most points win.
    Punkte,
    /// Each half: points by the order of going out; the final's loser and a Durchmarsch −1.
    Platzierung,
    /// A lost half 1 penalty point, a lost game 1 more. Fewest win.
    Strafpunkte,
}

impl Scoring {
    pub fn id(self) -> &'static str {
        match self {
            Scoring::Punkte => "punkte",
            Scoring::Platzierung => "platzierung",
            Scoring::Strafpunkte => "strafpunkte",
        }
    }

    /// Whether fewer points rank higher.
    pub fn fewest_win(self) -> bool {
        self == Scoring::Strafpunkte
    }
}

/// How a knockout table decides who goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KnockoutKind {
    /// Each lost game costs a life; the table plays until one player has lives left.
    Lives,
    /// The table plays a round of games scored like the point rounds; its best goes on.
    Best,
}

impl KnockoutKind {
    pub fn id(self) -> &'static str {
        match self {
            KnockoutKind::Lives => "lives",
            KnockoutKind::Best => "best",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Format {
    pub name: String,
    pub scoring: Scoring,
    /// The rule preset the tables play.
    pub rules: String,
    pub table_min: u8,
    pub table_size: u8,
    pub table_max: u8,
    pub point_rounds: u8,
    pub round_minutes: u16,
    pub games_per_round: u8,
    #[serde(default = "default_places_3")]
    pub places_3: Vec<i32>,
    #[serde(default = "default_places_4")]
    pub places_4: Vec<i32>,
    #[serde(default = "default_places_5")]
    pub places_5: Vec<i32>,
    /// How many of the point rounds' best go on; 0: no knockout.
    pub qualifiers: u16,
    /// The knockout's table size; this many or fewer left play the final.
    pub knockout_table: u8,
    pub knockout: KnockoutKind,
    pub lives: u8,
    /// Players per team; 0: no teams.
    pub team_size: u8,
}

fn default_places_3() -> Vec<i32> {
    vec![3, 1, 0]
}
fn default_places_4() -> Vec<i32> {
    vec![3, 2, 1, 0]
}
fn default_places_5() -> Vec<i32> {
    vec![4, 3, 2, 1, 0]
}

/// The formats shipped in `config/`, embedded so the binary runs from any directory.
pub const FORMAT_PRESETS: [(&str, &str); 3] = [
    (
        "punkte",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/turnier-punkte.toml"
        )),
    ),
    (
        "platzierung",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/turnier-platzierung.toml"
        )),
    ),
    (
        "strafpunkte",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/turnier-strafpunkte.toml"
        )),
    ),
];

/// Largest tables any format may ask for (a pub table, and the final of six).
pub const LARGEST_TABLE: u8 = 8;
/// The most rounds and games a format may ask for.
pub const MOST_ROUNDS: u8 = 12;
pub const MOST_GAMES: u8 = 30;
pub const MOST_LIVES: u8 = 5;
pub const MOST_MINUTES: u16 = 300;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FormatError {
    #[error("unknown tournament format `{0}` (known: punkte, platzierung, strafpunkte)")]
    UnknownPreset(String),
    #[error("the format file does not read: {0}")]
    File(String),
    #[error("unknown format key `{0}`")]
    UnknownKey(String),
    #[error("`{key}` cannot be `{value}`")]
    BadValue { key: String, value: String },
    #[error("tables must be 3 ≤ min ≤ size ≤ max ≤ 8 (got {min}/{size}/{max})")]
    TableSizes { min: u8, size: u8, max: u8 },
    #[error("`{key}` must be between {low} and {high}")]
    OutOfRange { key: String, low: u32, high: u32 },
    #[error("`{key}` needs {needed} values, from the first out to the half's loser")]
    Places { key: String, needed: usize },
}

/// One format key as the director types it (German or English).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatKey {
    Scoring,
    Rules,
    TableMin,
    TableSize,
    TableMax,
    PointRounds,
    RoundMinutes,
    GamesPerRound,
    Qualifiers,
    KnockoutTable,
    Knockout,
    Lives,
    TeamSize,
}

impl FormatKey {
    pub const ALL: [FormatKey; 13] = [
        FormatKey::Scoring,
        FormatKey::Rules,
        FormatKey::TableMin,
        FormatKey::TableSize,
        FormatKey::TableMax,
        FormatKey::PointRounds,
        FormatKey::RoundMinutes,
        FormatKey::GamesPerRound,
        FormatKey::Qualifiers,
        FormatKey::KnockoutTable,
        FormatKey::Knockout,
        FormatKey::Lives,
        FormatKey::TeamSize,
    ];

    /// The file's key (also accepted as typed).
    pub fn file_key(self) -> &'static str {
        match self {
            FormatKey::Scoring => "scoring",
            FormatKey::Rules => "rules",
            FormatKey::TableMin => "table_min",
            FormatKey::TableSize => "table_size",
            FormatKey::TableMax => "table_max",
            FormatKey::PointRounds => "point_rounds",
            FormatKey::RoundMinutes => "round_minutes",
            FormatKey::GamesPerRound => "games_per_round",
            FormatKey::Qualifiers => "qualifiers",
            FormatKey::KnockoutTable => "knockout_table",
            FormatKey::Knockout => "knockout",
            FormatKey::Lives => "lives",
            FormatKey::TeamSize => "team_size",
        }
    }

    /// The German word shown in the help and the format's summary.
    pub fn word(self) -> &'static str {
        match self {
            FormatKey::Scoring => "wertung",
            FormatKey::Rules => "regeln",
            FormatKey::TableMin => "min",
            FormatKey::TableSize => "tisch",
            FormatKey::TableMax => "max",
            FormatKey::PointRounds => "runden",
            FormatKey::RoundMinutes => "minuten",
            FormatKey::GamesPerRound => "spiele",
            FormatKey::Qualifiers => "ko",
            FormatKey::KnockoutTable => "kotisch",
            FormatKey::Knockout => "komodus",
            FormatKey::Lives => "leben",
            FormatKey::TeamSize => "team",
        }
    }

    fn english(self) -> &'static [&'static str] {
        match self {
            FormatKey::Scoring => &["scoring", "format"],
            FormatKey::Rules => &["rules"],
            FormatKey::TableMin => &["tischmin", "table_min"],
            FormatKey::TableSize => &["table", "table_size", "size"],
            FormatKey::TableMax => &["tischmax", "table_max"],
            FormatKey::PointRounds => &["rounds", "point_rounds"],
            FormatKey::RoundMinutes => &["minutes", "round_minutes"],
            FormatKey::GamesPerRound => &["games", "games_per_round"],
            FormatKey::Qualifiers => &["qualifiers", "koplaetze", "koplätze"],
            FormatKey::KnockoutTable => &["kotable", "knockout_table", "ko_table", "ko_tisch"],
            FormatKey::Knockout => &["knockout", "komode", "kind"],
            FormatKey::Lives => &["lives"],
            FormatKey::TeamSize => &["teams", "team_size"],
        }
    }

    pub fn from_word(word: &str) -> Option<FormatKey> {
        let word = word.trim().to_lowercase().replace('-', "_");
        FormatKey::ALL
            .into_iter()
            .find(|k| k.word() == word || k.file_key() == word || k.english().contains(&&*word))
    }
}

impl Format {
    pub fn preset(name: &str) -> Result<Format, FormatError> {
        let wanted = name.trim().to_lowercase();
        let text = FORMAT_PRESETS
            .iter()
            .find(|(n, _)| *n == wanted)
            .map(|(_, t)| *t)
            .ok_or_else(|| FormatError::UnknownPreset(name.to_string()))?;
        Format::from_toml(text)
    }

    pub fn from_toml(text: &str) -> Result<Format, FormatError> {
        let format: Format = toml::from_str(text).map_err(|e| FormatError::File(e.to_string()))?;
        format.validate()?;
        Ok(format)
    }

    /// Points for each place going out of a half at a table of `players` (first out first,
    /// the half's loser last).
    pub fn places(&self, players: usize) -> &[i32] {
        match players {
            0..=3 => &self.places_3,
            4 => &self.places_4,
            _ => &self.places_5,
        }
    }

    pub fn has_knockout(&self) -> bool {
        self.qualifiers > 0
    }

    pub fn has_teams(&self) -> bool {
        self.team_size > 0
    }

    /// The format with one key changed; the whole is checked again, so a change that breaks
    /// it changes nothing.
    pub fn with(&self, key: FormatKey, value: &str) -> Result<Format, FormatError> {
        let mut next = self.clone();
        let bad = || FormatError::BadValue {
            key: key.word().to_string(),
            value: value.to_string(),
        };
        let number = || value.trim().parse::<u16>().map_err(|_| bad());
        let small = || u8::try_from(number()?).map_err(|_| bad());
        match key {
            FormatKey::Scoring => next.scoring = parse_scoring(value).ok_or_else(bad)?,
            FormatKey::Rules => next.rules = value.trim().to_lowercase(),
            FormatKey::TableMin => next.table_min = small()?,
            FormatKey::TableSize => next.table_size = small()?,
            FormatKey::TableMax => next.table_max = small()?,
            FormatKey::PointRounds => next.point_rounds = small()?,
            FormatKey::RoundMinutes => next.round_minutes = number()?,
            FormatKey::GamesPerRound => next.games_per_round = small()?,
            FormatKey::Qualifiers => next.qualifiers = number()?,
            FormatKey::KnockoutTable => next.knockout_table = small()?,
            FormatKey::Knockout => next.knockout = parse_knockout(value).ok_or_else(bad)?,
            FormatKey::Lives => next.lives = small()?,
            FormatKey::TeamSize => next.team_size = small()?,
        }
        next.validate()?;
        Ok(next)
    }

    pub fn validate(&self) -> Result<(), FormatError> {
        let (min, size, max) = (self.table_min, self.table_size, self.table_max);
        if !(3 <= min && min <= size && size <= max && max <= LARGEST_TABLE) {
            return Err(FormatError::TableSizes { min, size, max });
        }
        range(
            "point_rounds",
            self.point_rounds.into(),
            1,
            MOST_ROUNDS.into(),
        )?;
        range(
            "games_per_round",
            self.games_per_round.into(),
            1,
            MOST_GAMES.into(),
        )?;
        range(
            "round_minutes",
            self.round_minutes.into(),
            1,
            MOST_MINUTES.into(),
        )?;
        range("team_size", self.team_size.into(), 0, LARGEST_TABLE.into())?;
        if self.has_knockout() {
            range("qualifiers", self.qualifiers.into(), 2, 4096)?;
            range(
                "knockout_table",
                self.knockout_table.into(),
                2,
                LARGEST_TABLE.into(),
            )?;
            if self.knockout == KnockoutKind::Lives {
                range("lives", self.lives.into(), 1, MOST_LIVES.into())?;
            }
        }
        for (key, places, needed) in [
            ("places_3", &self.places_3, 3),
            ("places_4", &self.places_4, 4),
            ("places_5", &self.places_5, 5),
        ] {
            if places.len() != needed {
                return Err(FormatError::Places {
                    key: key.to_string(),
                    needed,
                });
            }
        }
        Ok(())
    }

    /// The format written back as its file (for the director's `format` answer and exports).
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }
}

fn range(key: &str, value: u32, low: u32, high: u32) -> Result<(), FormatError> {
    if (low..=high).contains(&value) {
        Ok(())
    } else {
        Err(FormatError::OutOfRange {
            key: key.to_string(),
            low,
            high,
        })
    }
}

fn parse_scoring(value: &str) -> Option<Scoring> {
    match value.trim().to_lowercase().as_str() {
        "punkte" | "points" => Some(Scoring::Punkte),
        "platzierung" | "placing" | "places" => Some(Scoring::Platzierung),
        "strafpunkte" | "penalty" | "penalties" => Some(Scoring::Strafpunkte),
        _ => None,
    }
}

fn parse_knockout(value: &str) -> Option<KnockoutKind> {
    match value.trim().to_lowercase().as_str() {
        "leben" | "lives" => Some(KnockoutKind::Lives),
        "beste" | "best" => Some(KnockoutKind::Best),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_reads_and_is_named_as_its_file() {
        for (name, _) in FORMAT_PRESETS {
            let format = Format::preset(name).expect("preset");
            assert_eq!(format.name, name);
            assert_eq!(format.scoring.id(), name);
        }
    }

    #[test]
    fn a_key_changes_by_its_german_or_english_word() {
        let format = Format::preset("punkte").expect("preset");
        let key = FormatKey::from_word("Leben").expect("key");
        assert_eq!(format.with(key, "1").expect("changed").lives, 1);
        let key = FormatKey::from_word("games").expect("key");
        assert_eq!(format.with(key, "3").expect("changed").games_per_round, 3);
    }

    #[test]
    fn a_change_that_breaks_the_format_changes_nothing() {
        let format = Format::preset("punkte").expect("preset");
        let min = FormatKey::from_word("min").expect("key");
        assert!(matches!(
            format.with(min, "2"),
            Err(FormatError::TableSizes { .. })
        ));
        let lives = FormatKey::from_word("leben").expect("key");
        assert!(format.with(lives, "0").is_err());
        assert!(format.with(lives, "viele").is_err());
        assert_eq!(format, Format::preset("punkte").expect("preset"));
    }
}
