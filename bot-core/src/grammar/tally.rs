//! Reads a round of a real table from chat text (tally mode): the referee's line of final
//! throws (`Anna 665 3, Ben 114 3 gebaut, Cem 221`, see [`super::judge`]), or a quick
//! entry of the outcome alone: `Anna 4` (four Deckel), `Anna 4 von Ben` (from the round's
//! winner, once the stock is empty), `Anna aus` (Schock aus).

use super::{LineError, judge};
use crate::engine::judge::ThrowInput;

/// A round as typed, names not yet matched to seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundLine {
    Throws(Vec<ThrowInput>),
    Penalty {
        loser: String,
        deckel: u8,
        from: Option<String>,
    },
    SchockAus {
        loser: String,
    },
}

pub fn parse(text: &str) -> Result<RoundLine, LineError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(LineError {
            part: String::new(),
        });
    }
    if let Some(quick) = parse_quick(text) {
        return Ok(quick);
    }
    judge::parse(text).map(|input| RoundLine::Throws(input.throws))
}

/// `NAME N [von|from NAME]` or `NAME aus|out`; `None` if the text is not a quick entry.
fn parse_quick(text: &str) -> Option<RoundLine> {
    if text.contains([',', ';', '\n']) {
        return None;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words.iter().position(|w| is_count(w) || is_schock_aus(w))?;
    if at == 0 {
        return None;
    }
    let loser = words[..at].join(" ");
    let rest = &words[at + 1..];
    if is_schock_aus(words[at]) {
        return rest.is_empty().then_some(RoundLine::SchockAus { loser });
    }
    let deckel: u8 = words[at].parse().ok()?;
    let from = match rest {
        [] => None,
        [by, name @ ..] if !name.is_empty() && is_from(by) => Some(name.join(" ")),
        _ => return None,
    };
    Some(RoundLine::Penalty {
        loser,
        deckel,
        from,
    })
}

/// One or two digits: a count of Deckel (three would be dice).
fn is_count(word: &str) -> bool {
    (1..=2).contains(&word.len()) && word.chars().all(|c| c.is_ascii_digit())
}

fn is_schock_aus(word: &str) -> bool {
    matches!(word.to_lowercase().as_str(), "aus" | "out" | "schock-aus")
}

fn is_from(word: &str) -> bool {
    matches!(word.to_lowercase().as_str(), "von" | "from" | "vom")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_quick_entries() {
        assert_eq!(
            parse("Anna 4"),
            Ok(RoundLine::Penalty {
                loser: "Anna".into(),
                deckel: 4,
                from: None
            })
        );
        assert_eq!(
            parse(" Anna Maria 13 von Ben Dorf "),
            Ok(RoundLine::Penalty {
                loser: "Anna Maria".into(),
                deckel: 13,
                from: Some("Ben Dorf".into())
            })
        );
        assert_eq!(
            parse("Cem aus"),
            Ok(RoundLine::SchockAus {
                loser: "Cem".into()
            })
        );
    }

    #[test]
    fn reads_throws_as_the_referee_does() {
        let Ok(RoundLine::Throws(throws)) = parse("Anna 665 3, Ben 1 1 4 3 gebaut, Cem 221") else {
            panic!("throws");
        };
        assert_eq!(throws.len(), 3);
        assert_eq!(throws[1].dice, [1, 1, 4]);
        assert!(!throws[1].hand);
        // One player with three dice is a throw, not a count.
        assert!(matches!(parse("Anna 665"), Ok(RoundLine::Throws(_))));
    }

    #[test]
    fn rejects_what_it_cannot_read() {
        for bad in [
            "",
            "4",
            "Anna",
            "Anna 4 Ben",
            "Anna aus jetzt",
            "Anna 4 von",
            "Anna 123 x",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
