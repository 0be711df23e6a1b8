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
        _ => Err(WordError::unreadable(text)),
    }
}

/// A page of a list (`2`); none is the first.
pub fn page(text: &str) -> Result<u32, WordError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(1);
    }
    text.parse().map_err(|_| WordError::unreadable(text))
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
    }
}
