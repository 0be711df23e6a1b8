//! Dice and extras as typed: `/keep 1 1`, `/halten 11`, a Discord option `1,6`, the
//! terminal's `ansage jule 221`.

use super::WordError;
use crate::engine::{Extra, ExtraSet};

/// Dice values: `1 1`, `1,1`, `11`, `1 und 1`. One to three values, every one 1 to 6.
pub fn values(text: &str) -> Result<Vec<u8>, WordError> {
    let mut values = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
        let word = word.trim();
        if word.is_empty() || matches!(word.to_lowercase().as_str(), "und" | "and" | "&") {
            continue;
        }
        if !word.chars().all(|c| c.is_ascii_digit()) || word.len() > 3 {
            return Err(WordError::unreadable(text));
        }
        for c in word.chars() {
            let value = c as u8 - b'0';
            if !(1..=6).contains(&value) {
                return Err(WordError::InvalidDie { value });
            }
            values.push(value);
        }
    }
    match values.len() {
        0 => Err(WordError::NoDice),
        1..=3 => Ok(values),
        _ => Err(WordError::unreadable(text)),
    }
}

/// Extras by id (`jule 221`, `331`); an unknown id is an error naming it.
pub fn extras(text: &str) -> Result<ExtraSet, WordError> {
    let mut set = ExtraSet::EMPTY;
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        set.insert(Extra::from_id(word).ok_or_else(|| WordError::unreadable(word))?);
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_every_spelling() {
        assert_eq!(values("1 1"), Ok(vec![1, 1]));
        assert_eq!(values("11"), Ok(vec![1, 1]));
        assert_eq!(values("1,6"), Ok(vec![1, 6]));
        assert_eq!(values("1 und 1"), Ok(vec![1, 1]));
        assert_eq!(values(""), Err(WordError::NoDice));
        assert_eq!(values("x"), Err(WordError::unreadable("x")));
        assert_eq!(values("7"), Err(WordError::InvalidDie { value: 7 }));
        assert!(values("1 1 1 1").is_err());
    }

    #[test]
    fn extras_by_id() {
        assert_eq!(extras("jule 221").map(|s| s.iter().count()), Ok(2));
        assert_eq!(extras("jule 999"), Err(WordError::unreadable("999")));
    }
}
