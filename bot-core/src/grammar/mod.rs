//! The words players type, read into values: dice to keep (`1 1`, `11`, `1 und 1`), extras
//! (`jule 221`), a number (`12`, `#12`), and the two lines of a real table's round — the
//! referee's throws ([`judge`]) and a tally round ([`tally`]). Pure, and below the service:
//! the service reads the round lines it is sent as typed text (the move log keeps what was
//! typed, for disputes); which command a word belongs to is [`crate::commands::parse`]'s job.

pub mod dice;
pub mod judge;
pub mod tally;

use thiserror::Error;

/// Why words could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WordError {
    /// The words as typed (at most 40 characters of them).
    #[error("cannot read {text:?}")]
    Unreadable { text: String },
    #[error("no die shows {value}")]
    InvalidDie { value: u8 },
    #[error("no dice named")]
    NoDice,
    /// A number below one where counting starts at one (a page, a game, an entry).
    #[error("{text:?} is below 1")]
    BelowOne { text: String },
    /// Words after a command that reads none: refused rather than ignored, so a slip such as
    /// `ende quatsch` changes nothing.
    #[error("nothing may follow this command: {text:?}")]
    Trailing { text: String },
}

impl WordError {
    /// The words that could not be read, clipped as the error shows them.
    pub fn unreadable(text: &str) -> WordError {
        WordError::Unreadable {
            text: text.trim().chars().take(40).collect(),
        }
    }
}

/// Why a round line could not be read: the part the reader stopped at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub part: String,
}

/// A positive number, optionally after `#` (`12`, `#12`): a game or a cash entry.
pub fn positive_number(text: &str) -> Result<i64, WordError> {
    let text = text.trim();
    let digits = text.strip_prefix('#').unwrap_or(text);
    match digits.parse::<i64>() {
        Ok(n) if n > 0 => Ok(n),
        Ok(_) => Err(WordError::BelowOne {
            text: text.chars().take(40).collect(),
        }),
        Err(_) => Err(WordError::unreadable(text)),
    }
}

/// A page of a list (`2`); none is the first.
pub fn page(text: &str) -> Result<u32, WordError> {
    if text.trim().is_empty() {
        return Ok(1);
    }
    let page = positive_number(text)?;
    u32::try_from(page).map_err(|_| WordError::unreadable(text))
}

/// An amount as typed, its currency sign joined to it: `2,50 €` → `2,50€`, so that it stays
/// one word (`/einzahlung Anna 2,50 €`, `/strafen spiel=0,50 €`).
pub fn join_currency(text: &str) -> String {
    let mut joined = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        let after_amount = joined.ends_with(|c: char| c.is_ascii_digit());
        let sign_of_amount = matches!(word, "€" | "EUR") && after_amount;
        if !joined.is_empty() && !sign_of_amount {
            joined.push(' ');
        }
        joined.push_str(word);
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_pages() {
        assert_eq!(positive_number("12"), Ok(12));
        assert_eq!(positive_number(" #7 "), Ok(7));
        for bad in ["", "0", "-3", "##7", "sieben", "1.5"] {
            assert!(positive_number(bad).is_err(), "{bad}");
        }
        assert_eq!(page(""), Ok(1));
        assert_eq!(page("3"), Ok(3));
        assert_eq!(page("x"), Err(WordError::unreadable("x")));
        // Counting starts at one everywhere: no page 0, no game 0, no entry 0.
        for zero in ["0", "-1", "#0"] {
            assert!(
                matches!(page(zero), Err(WordError::BelowOne { .. })),
                "{zero}"
            );
            assert!(matches!(
                positive_number(zero),
                Err(WordError::BelowOne { .. })
            ));
        }
    }

    #[test]
    fn an_amount_keeps_its_euro_sign() {
        assert_eq!(join_currency("Anna 2,50 €"), "Anna 2,50€");
        assert_eq!(
            join_currency("spiel=0,50 €  haelfte=0,20 EUR"),
            "spiel=0,50€ haelfte=0,20EUR"
        );
        assert_eq!(join_currency("2,50€"), "2,50€");
        // A sign after a name is no amount's.
        assert_eq!(join_currency("Anna €"), "Anna €");
    }
}
