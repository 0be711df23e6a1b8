//! Reads a real table's round from chat text for the referee:
//! `Anna 665 3, Ben 1 1 4 3 gebaut, Cem 221 1 blind` — per player a name, three dice
//! (`665`, `6 6 5` or `6,6,5`), optionally the throws used (default 1) and the words
//! `gebaut`/`built` (not from the hand) or `blind`. Players are separated by `;`, `,` after
//! the dice, or new lines; they are listed in turn order, the starter first. A leading
//! `finale:` (`final:`) makes it a round of the final (R-RANK-7).

use super::LineError;
use crate::engine::judge::{JudgeInput, ThrowInput};

pub fn parse(text: &str) -> Result<JudgeInput, LineError> {
    let (in_final, text) = final_prefix(text);
    let mut throws = Vec::new();
    for part in split_players(text) {
        throws.push(parse_player(&part)?);
    }
    Ok(JudgeInput {
        in_final,
        throws,
        ..JudgeInput::default()
    })
}

/// `finale:` or `final:` before the players (with the colon, so a player may be called
/// Finale): the round is one of the final.
fn final_prefix(text: &str) -> (bool, &str) {
    let trimmed = text.trim_start();
    for prefix in ["finale:", "final:"] {
        if let Some(head) = trimmed.get(..prefix.len())
            && head.eq_ignore_ascii_case(prefix)
        {
            return (true, &trimmed[prefix.len()..]);
        }
    }
    (false, text)
}

/// Splits on `;` and new lines, and on commas that follow a complete player entry.
fn split_players(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    for chunk in text.split([';', '\n']) {
        let mut current = String::new();
        for piece in chunk.split(',') {
            let candidate = if current.is_empty() {
                piece.trim().to_string()
            } else {
                format!("{current},{piece}")
            };
            // "6,6,5" keeps its commas; a comma after the dice ends the player.
            if parse_player(&candidate).is_ok() && !piece.trim().is_empty() {
                parts.push(candidate);
                current = String::new();
            } else {
                current = candidate;
            }
        }
        if !current.trim().is_empty() {
            parts.push(current);
        }
    }
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

fn parse_player(part: &str) -> Result<ThrowInput, LineError> {
    let fail = || LineError {
        part: part.trim().to_string(),
    };
    let words: Vec<&str> = part
        .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
        .filter(|w| !w.is_empty())
        .collect();
    // The name runs up to the first word that starts a throw.
    let first_number = words
        .iter()
        .position(|w| w.chars().all(|c| c.is_ascii_digit()))
        .ok_or_else(fail)?;
    if first_number == 0 {
        return Err(fail());
    }
    let name = words[..first_number].join(" ");
    let mut dice: Vec<i64> = Vec::new();
    let mut rest = words[first_number..].iter().peekable();
    while dice.len() < 3 {
        let word = rest.next().ok_or_else(fail)?;
        if !word.chars().all(|c| c.is_ascii_digit()) {
            return Err(fail());
        }
        if word.len() == 3 && dice.is_empty() {
            dice.extend(word.chars().map(|c| i64::from(c as u8 - b'0')));
        } else if word.len() == 1 {
            dice.push(i64::from(word.as_bytes()[0] - b'0'));
        } else {
            return Err(fail());
        }
    }
    let mut throws = 1i64;
    let mut hand = true;
    let mut blind = false;
    for word in rest {
        let lower = word.to_lowercase();
        let lower = lower.trim_end_matches('x');
        match lower {
            "gebaut" | "built" | "gepflückt" | "b" => hand = false,
            "blind" => blind = true,
            "hand" => hand = true,
            n if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                throws = n.parse().map_err(|_| fail())?;
            }
            "wurf" | "würfe" | "throw" | "throws" => {}
            _ => return Err(fail()),
        }
    }
    Ok(ThrowInput {
        player: name,
        dice,
        throws,
        hand,
        blind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_players_in_several_spellings() {
        let input = parse("Anna 665 3, Ben 1 1 4 3 gebaut; Cem 2,2,1 1 blind\nDirk Maier 6 5 4")
            .expect("parses");
        let names: Vec<&str> = input.throws.iter().map(|t| t.player.as_str()).collect();
        assert_eq!(names, ["Anna", "Ben", "Cem", "Dirk Maier"]);
        assert_eq!(input.throws[0].dice, [6, 6, 5]);
        assert_eq!(input.throws[0].throws, 3);
        assert!(!input.throws[1].hand);
        assert_eq!(input.throws[2].dice, [2, 2, 1]);
        assert!(input.throws[2].blind);
        assert_eq!(input.throws[3].throws, 1);
    }

    #[test]
    fn a_round_of_the_final_r_rank_7() {
        let input = parse("Finale: Ben 221 2, Anna 111 2 gebaut").expect("parses");
        assert!(input.in_final);
        assert_eq!(input.throws.len(), 2);
        assert_eq!(input.throws[0].player, "Ben");
        let input = parse("final:Anna 665 1, Ben 114 1").expect("parses");
        assert!(input.in_final);
        let input = parse("Finale 665 1, Ben 114 1").expect("a player called Finale");
        assert!(!input.in_final);
        assert_eq!(input.throws[0].player, "Finale");
    }

    #[test]
    fn rejects_what_it_cannot_read() {
        assert!(parse("Anna").is_err());
        assert!(parse("665 3").is_err());
        assert!(parse("Anna 66").is_err());
        assert!(parse("Anna 665 3 quatsch").is_err());
    }
}
