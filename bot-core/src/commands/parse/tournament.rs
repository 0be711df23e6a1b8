//! `/turnier …` as typed (issue 35): the word after it picks the step (`commands::words`),
//! the rest is read here: names, `key=value` settings, table and game numbers, and a game's
//! result (`Anna Ben Anna`, or each half in the order out: `Carl+Dora Ben Anna | … | Anna`).

use crate::commands::CommandId;
use crate::commands::words::{Choice, TournamentWord, choice_of};
use crate::grammar::{self, WordError};
use crate::service::tournament::{ExportKind, GameEntry, TournamentRequest};
use crate::service::{Request, ServiceError};

/// The formats a new tournament may name after its name.
const FORMATS: [&str; 3] = ["punkte", "platzierung", "strafpunkte"];
/// The word after `export` for every game instead of the standings.
const GAMES: [&str; 3] = ["spiele", "games", "partien"];
/// Words that strike a game out in a correction.
const STRIKE: [&str; 5] = ["streichen", "löschen", "loeschen", "delete", "strike"];

pub(super) fn request(text: &str) -> Result<Request, ServiceError> {
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(Request::Tournament(TournamentRequest::Overview));
    };
    let word = match choice_of(CommandId::Tournament, first) {
        Some(Choice::Tournament(word)) => word,
        _ => return Err(WordError::unreadable(first).into()),
    };
    let rest: Vec<&str> = words.collect();
    Ok(Request::Tournament(step(word, &rest)?))
}

fn step(word: TournamentWord, rest: &[&str]) -> Result<TournamentRequest, ServiceError> {
    use TournamentRequest as R;
    use TournamentWord as W;
    let named = || (!rest.is_empty()).then(|| rest.join(" "));
    Ok(match word {
        W::Create => create(rest),
        W::Format => format(rest)?,
        W::Register => register(rest),
        W::CheckIn => R::CheckIn { name: named() },
        W::Withdraw => R::Withdraw { name: named() },
        W::Player => R::Player { name: named() },
        W::Result => {
            let (numbers, entry) = numbers_then(rest, 2)?;
            R::Result {
                table: numbers[0],
                game: numbers[1],
                entry: game_entry(&entry)?,
            }
        }
        W::Correct => correct(rest)?,
        W::Export => R::Export {
            kind: export_kind(rest)?,
        },
        W::Spreadsheet if rest.is_empty() => R::Export {
            kind: ExportKind::Spreadsheet,
        },
        W::Picture if rest.is_empty() => R::Export {
            kind: ExportKind::Picture,
        },
        W::Cards if rest.is_empty() => R::Export {
            kind: ExportKind::Cards,
        },
        W::PlayHere => R::PlayHere {
            table: optional_number(rest)?.ok_or_else(|| WordError::unreadable("?"))?,
        },
        W::Confirm => R::Confirm {
            table: optional_number(rest)?,
        },
        W::Reject => R::Reject {
            table: optional_number(rest)?,
        },
        W::CloseTable => R::CloseTable {
            table: optional_number(rest)?,
        },
        W::Tables => R::Tables {
            round: optional_number(rest)?,
        },
        W::Verify => R::Verify {
            round: optional_number(rest)?.ok_or_else(|| WordError::unreadable("?"))?,
        },
        bare => bare_word(bare, rest)?,
    })
}

/// `export [spiele | excel | bild | karten]`: the file words also follow `export` (Discord
/// has room for 25 subcommands only, so there they are `export`'s text).
fn export_kind(rest: &[&str]) -> Result<ExportKind, WordError> {
    let word = match rest {
        [] => return Ok(ExportKind::Standings),
        [word] => word.to_lowercase(),
        _ => return Err(WordError::unreadable(&rest.join(" "))),
    };
    if GAMES.contains(&word.as_str()) {
        return Ok(ExportKind::Games);
    }
    match choice_of(CommandId::Tournament, &word) {
        Some(Choice::Tournament(TournamentWord::Spreadsheet)) => Ok(ExportKind::Spreadsheet),
        Some(Choice::Tournament(TournamentWord::Picture)) => Ok(ExportKind::Picture),
        Some(Choice::Tournament(TournamentWord::Cards)) => Ok(ExportKind::Cards),
        _ => Err(WordError::unreadable(&word)),
    }
}

/// A word that reads nothing after it.
fn bare_word(word: TournamentWord, rest: &[&str]) -> Result<TournamentRequest, WordError> {
    use TournamentRequest as R;
    use TournamentWord as W;
    if let Some(extra) = rest.first() {
        return Err(WordError::Trailing {
            text: extra.chars().take(40).collect(),
        });
    }
    Ok(match word {
        W::Draw => R::Draw,
        W::StartClock => R::StartClock,
        W::Pause => R::Pause,
        W::Resume => R::Resume,
        W::Standings => R::Standings,
        W::Log => R::Log,
        W::Finish => R::Finish,
        W::Board => R::Board,
        _ => R::Help,
    })
}

/// `neu Stadtmeisterschaft 2026 [platzierung]`.
fn create(rest: &[&str]) -> TournamentRequest {
    let (format, name) = match rest.split_last() {
        Some((last, before)) if FORMATS.contains(&last.to_lowercase().as_str()) => {
            (Some(last.to_lowercase()), before.join(" "))
        }
        _ => (None, rest.join(" ")),
    };
    TournamentRequest::Create { name, format }
}

/// `format runden=3 spiele=5`.
fn format(rest: &[&str]) -> Result<TournamentRequest, WordError> {
    let assignments = rest
        .iter()
        .map(|w| match w.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k.to_string(), v.to_string())),
            _ => Err(WordError::unreadable(w)),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TournamentRequest::Format { assignments })
}

/// `anmelden [NAME] [team=TEAM NAME]`.
fn register(rest: &[&str]) -> TournamentRequest {
    let at = rest.iter().position(|w| {
        let w = w.to_lowercase();
        w.starts_with("team=") || w == "team"
    });
    let (name, team) = match at {
        Some(i) => {
            let mut team: Vec<&str> = rest[i + 1..].to_vec();
            if let Some((_, first)) = rest[i].split_once('=')
                && !first.is_empty()
            {
                team.insert(0, first);
            }
            (&rest[..i], Some(team.join(" ")).filter(|t| !t.is_empty()))
        }
        None => (rest, None),
    };
    TournamentRequest::Register {
        name: (!name.is_empty()).then(|| name.join(" ")),
        team,
    }
}

/// `korrektur RUNDE TISCH SPIEL (ERGEBNIS | streichen)`.
fn correct(rest: &[&str]) -> Result<TournamentRequest, ServiceError> {
    let (numbers, entry) = numbers_then(rest, 3)?;
    let strike = matches!(entry.as_slice(), [one] if STRIKE.contains(&one.to_lowercase().as_str()));
    Ok(TournamentRequest::Correct {
        round: numbers[0],
        table: numbers[1],
        game: numbers[2],
        entry: if strike {
            None
        } else {
            Some(game_entry(&entry)?)
        },
    })
}

/// `count` numbers from 1 up, then the words after them.
fn numbers_then<'a>(rest: &[&'a str], count: usize) -> Result<(Vec<u32>, Vec<&'a str>), WordError> {
    if rest.len() < count {
        return Err(WordError::unreadable(&rest.join(" ")));
    }
    let numbers = rest[..count]
        .iter()
        .map(|w| number(w))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((numbers, rest[count..].to_vec()))
}

fn number(word: &str) -> Result<u32, WordError> {
    let n = grammar::positive_number(word)?;
    u32::try_from(n).map_err(|_| WordError::unreadable(word))
}

fn optional_number(rest: &[&str]) -> Result<Option<u32>, WordError> {
    match rest {
        [] => Ok(None),
        [one] => number(one).map(Some),
        more => Err(WordError::Trailing {
            text: more[1..].join(" ").chars().take(40).collect(),
        }),
    }
}

/// A game's result: the losers (`Anna Ben Anna`), or with `|` each half in the order out.
pub(super) fn game_entry(words: &[&str]) -> Result<GameEntry, WordError> {
    if words.is_empty() {
        return Err(WordError::unreadable(""));
    }
    let text = words.join(" ");
    if !text.contains('|') {
        return Ok(GameEntry::Losers {
            names: words.iter().map(|w| w.to_string()).collect(),
        });
    }
    let segments: Vec<Vec<&str>> = text
        .split('|')
        .map(|s| s.split_whitespace().collect::<Vec<_>>())
        .filter(|s| !s.is_empty())
        .collect();
    let (halves, final_loser) = match segments.as_slice() {
        [h1, h2, last] => match last.as_slice() {
            [one] => (vec![h1.clone(), h2.clone()], Some(one.to_string())),
            _ => return Err(WordError::unreadable(&text)),
        },
        [h1, h2] => (vec![h1.clone(), h2.clone()], None),
        [h1] => (vec![h1.clone()], None),
        _ => return Err(WordError::unreadable(&text)),
    };
    Ok(GameEntry::Order {
        halves: halves
            .into_iter()
            .map(|half| {
                half.iter()
                    .map(|g| {
                        g.split('+')
                            .filter(|n| !n.is_empty())
                            .map(str::to_string)
                            .collect()
                    })
                    .collect()
            })
            .collect(),
        final_loser,
    })
}
