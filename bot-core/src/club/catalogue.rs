//! A chat's penalty catalogue (Strafenkatalog): what a lost game, half, Schock aus or
//! Bierrunde costs, the evening's fee, what absent members pay, the price of a round of
//! beer and when the cash box reminds. Admins change it with `key=value` words, in German
//! or English, the way house rules are changed.

use super::money::{Cents, MoneyError};
use serde::{Deserialize, Serialize};

/// What a member who missed the evening pays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbsentFee {
    /// The evening's average of the present members' penalties (a common club rule).
    #[default]
    Average,
    /// Nothing.
    Nothing,
}

/// The most days the reminder may wait (a year).
pub const MAX_REMINDER_DAYS: u32 = 365;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PenaltyCatalogue {
    pub game_lost: Cents,
    pub half_lost: Cents,
    pub schock_aus_received: Cents,
    pub bierrunde: Cents,
    /// Every member present pays it once per evening.
    pub evening_fee: Cents,
    /// For checking in after the evening's set time.
    pub late_fee: Cents,
    pub absent: AbsentFee,
    /// A round of beer, to show Bierrunden in euros.
    pub round_price: Cents,
    /// Days a balance may stay unpaid before the chat is reminded; 0: never.
    pub reminder_days: u32,
}

/// One setting of the catalogue, by the words people type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CatalogueKey {
    GameLost,
    HalfLost,
    SchockAusReceived,
    Bierrunde,
    EveningFee,
    LateFee,
    Absent,
    RoundPrice,
    ReminderDays,
}

impl CatalogueKey {
    pub const ALL: [CatalogueKey; 9] = [
        CatalogueKey::GameLost,
        CatalogueKey::HalfLost,
        CatalogueKey::SchockAusReceived,
        CatalogueKey::Bierrunde,
        CatalogueKey::EveningFee,
        CatalogueKey::LateFee,
        CatalogueKey::Absent,
        CatalogueKey::RoundPrice,
        CatalogueKey::ReminderDays,
    ];

    /// The German word shown in the catalogue and the help.
    pub fn word(self) -> &'static str {
        match self {
            CatalogueKey::GameLost => "spiel",
            CatalogueKey::HalfLost => "haelfte",
            CatalogueKey::SchockAusReceived => "schockaus",
            CatalogueKey::Bierrunde => "bierrunde",
            CatalogueKey::EveningFee => "abend",
            CatalogueKey::LateFee => "zuspaet",
            CatalogueKey::Absent => "abwesend",
            CatalogueKey::RoundPrice => "rundenpreis",
            CatalogueKey::ReminderDays => "erinnerung",
        }
    }

    /// The English word shown to an English reader (German words work for him too).
    pub fn english(self) -> &'static str {
        match self {
            CatalogueKey::GameLost => "game",
            CatalogueKey::HalfLost => "half",
            CatalogueKey::SchockAusReceived => "schock_aus",
            CatalogueKey::Bierrunde => "beer_round",
            CatalogueKey::EveningFee => "fee",
            CatalogueKey::LateFee => "late",
            CatalogueKey::Absent => "absent",
            CatalogueKey::RoundPrice => "round_price",
            CatalogueKey::ReminderDays => "reminder",
        }
    }

    /// Every spelling accepted for the key (German with and without umlauts, English). A
    /// bare "round" is none of them: it could be a Bierrunde or the price of a round.
    fn spellings(self) -> &'static [&'static str] {
        match self {
            CatalogueKey::GameLost => &["spiel", "game", "game_lost", "lost_game"],
            CatalogueKey::HalfLost => &["haelfte", "hälfte", "half", "half_lost"],
            CatalogueKey::SchockAusReceived => &["schockaus", "schock_aus", "schock-aus"],
            CatalogueKey::Bierrunde => &["bierrunde", "beer_round", "beerround", "beer"],
            CatalogueKey::EveningFee => &["abend", "evening", "evening_fee", "fee"],
            CatalogueKey::LateFee => &["zuspaet", "zuspät", "zu_spaet", "zu_spät", "late"],
            CatalogueKey::Absent => &["abwesend", "absent"],
            CatalogueKey::RoundPrice => &["rundenpreis", "runde_preis", "round_price"],
            CatalogueKey::ReminderDays => &["erinnerung", "reminder", "reminder_days"],
        }
    }

    pub fn from_word(word: &str) -> Option<CatalogueKey> {
        let word = word.trim().to_lowercase();
        CatalogueKey::ALL
            .into_iter()
            .find(|k| k.spellings().contains(&word.as_str()))
    }
}

/// Why a catalogue change is refused; nothing of the change is taken then.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    #[error("no catalogue setting `{0}`")]
    UnknownKey(String),
    #[error("`{word}` needs `key=value`")]
    NoValue { word: String },
    #[error("bad amount for {key:?}: {error}")]
    BadAmount {
        key: CatalogueKey,
        error: MoneyError,
    },
    #[error("`{value}` is not a choice for {key:?}")]
    BadChoice { key: CatalogueKey, value: String },
    #[error("reminder days must be 0 to {MAX_REMINDER_DAYS}")]
    BadDays { value: String },
}

impl PenaltyCatalogue {
    /// Applies `key=value` words ("spiel=0,50 haelfte=0,20"): all of them or, on the first
    /// bad one, none.
    pub fn with_changes(&self, words: &str) -> Result<PenaltyCatalogue, CatalogueError> {
        let mut changed = *self;
        for word in words.split_whitespace() {
            let Some((key, value)) = word.split_once('=') else {
                return Err(CatalogueError::NoValue { word: word.into() });
            };
            let key = CatalogueKey::from_word(key)
                .ok_or_else(|| CatalogueError::UnknownKey(key.to_string()))?;
            changed.set(key, value)?;
        }
        Ok(changed)
    }

    fn set(&mut self, key: CatalogueKey, value: &str) -> Result<(), CatalogueError> {
        let amount = |value: &str| {
            Cents::parse(value).map_err(|error| CatalogueError::BadAmount { key, error })
        };
        match key {
            CatalogueKey::GameLost => self.game_lost = amount(value)?,
            CatalogueKey::HalfLost => self.half_lost = amount(value)?,
            CatalogueKey::SchockAusReceived => self.schock_aus_received = amount(value)?,
            CatalogueKey::Bierrunde => self.bierrunde = amount(value)?,
            CatalogueKey::EveningFee => self.evening_fee = amount(value)?,
            CatalogueKey::LateFee => self.late_fee = amount(value)?,
            CatalogueKey::RoundPrice => self.round_price = amount(value)?,
            CatalogueKey::Absent => {
                self.absent = match value.trim().to_lowercase().as_str() {
                    "schnitt" | "durchschnitt" | "average" => AbsentFee::Average,
                    "nichts" | "none" | "nothing" | "0" | "aus" | "off" => AbsentFee::Nothing,
                    _ => {
                        return Err(CatalogueError::BadChoice {
                            key,
                            value: value.into(),
                        });
                    }
                }
            }
            CatalogueKey::ReminderDays => {
                let days = match value.trim().to_lowercase().as_str() {
                    "aus" | "off" | "nie" | "never" => Some(0),
                    v => v.parse::<u32>().ok(),
                };
                self.reminder_days =
                    days.filter(|d| *d <= MAX_REMINDER_DAYS)
                        .ok_or(CatalogueError::BadDays {
                            value: value.into(),
                        })?;
            }
        }
        Ok(())
    }

    /// Whether any penalty is set at all (a catalogue of zeros books nothing).
    pub fn charges_anything(&self) -> bool {
        [
            self.game_lost,
            self.half_lost,
            self.schock_aus_received,
            self.bierrunde,
            self.evening_fee,
            self.late_fee,
        ]
        .iter()
        .any(|c| !c.is_zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_read_in_german_and_english() {
        let c = PenaltyCatalogue::default()
            .with_changes("spiel=0,50 Hälfte=0.20 schock_aus=1 beer_round=2 abend=3 late=1,50 abwesend=nichts runde_preis=15 erinnerung=14")
            .unwrap();
        assert_eq!(c.game_lost, Cents(50));
        assert_eq!(c.half_lost, Cents(20));
        assert_eq!(c.schock_aus_received, Cents(100));
        assert_eq!(c.bierrunde, Cents(200));
        assert_eq!(c.evening_fee, Cents(300));
        assert_eq!(c.late_fee, Cents(150));
        assert_eq!(c.absent, AbsentFee::Nothing);
        // The English words as an English catalogue shows them; a bare "round" is neither
        // a Bierrunde nor a round's price.
        let english = PenaltyCatalogue::default()
            .with_changes("game=1 fee=3 absent=nothing round_price=12")
            .unwrap();
        assert_eq!(
            (english.game_lost, english.evening_fee, english.absent),
            (Cents(100), Cents(300), AbsentFee::Nothing)
        );
        assert_eq!(
            PenaltyCatalogue::default().with_changes("round=2"),
            Err(CatalogueError::UnknownKey("round".into()))
        );
        assert_eq!(c.round_price, Cents(1500));
        assert_eq!(c.reminder_days, 14);
        assert!(c.charges_anything());
        assert!(!PenaltyCatalogue::default().charges_anything());
    }

    #[test]
    fn one_bad_word_changes_nothing() {
        let before = PenaltyCatalogue::default();
        for (words, error) in [
            (
                "spiel=1 haelfte=-1",
                CatalogueError::BadAmount {
                    key: CatalogueKey::HalfLost,
                    error: MoneyError::Negative,
                },
            ),
            (
                "spiel=1 strafe=2",
                CatalogueError::UnknownKey("strafe".into()),
            ),
            (
                "spiel",
                CatalogueError::NoValue {
                    word: "spiel".into(),
                },
            ),
            (
                "abwesend=vielleicht",
                CatalogueError::BadChoice {
                    key: CatalogueKey::Absent,
                    value: "vielleicht".into(),
                },
            ),
            (
                "erinnerung=400",
                CatalogueError::BadDays {
                    value: "400".into(),
                },
            ),
        ] {
            assert_eq!(before.with_changes(words), Err(error), "{words}");
        }
    }

    #[test]
    fn reminders_can_be_switched_off_by_word() {
        let c = PenaltyCatalogue::default()
            .with_changes("erinnerung=7")
            .and_then(|c| c.with_changes("erinnerung=aus"))
            .unwrap();
        assert_eq!(c.reminder_days, 0);
    }
}
