//! Tournament notices in words.

use super::stage_name;
use crate::render::Voice;
use crate::service::tournament::{GameLosers, TournamentNotice};
use crate::text::{Lang, arg_num, arg_text, tr};

/// "Hälfte 1: Anna, Hälfte 2: Ben, Finale: Anna".
fn losers_text(l: &GameLosers, lang: Lang) -> String {
    let mut parts: Vec<String> = l
        .halves
        .iter()
        .enumerate()
        .map(|(i, name)| {
            tr(
                lang,
                "tourney-lost-half",
                &[
                    ("half", arg_num(i as u32 + 1)),
                    ("name", arg_text(name.clone())),
                ],
            )
        })
        .collect();
    if let Some(f) = &l.final_loser {
        parts.push(tr(
            lang,
            "tourney-lost-final",
            &[("name", arg_text(f.clone()))],
        ));
    } else if l.halves.len() == 2 && l.halves[0] == l.halves[1] {
        parts.push(tr(lang, "tourney-durchmarsch", &[]));
    }
    if l.scharf {
        parts.push(tr(lang, "tourney-scharf", &[]));
    }
    parts.join(", ")
}

pub fn tournament_notice_text(n: &TournamentNotice, voice: Voice) -> String {
    office_notice(n, voice)
        .or_else(|| game_notice(n, voice))
        .unwrap_or_default()
}

/// The office's steps: the tournament, its people, its rounds and clock.
fn office_notice(n: &TournamentNotice, voice: Voice) -> Option<String> {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    Some(match n {
        TournamentNotice::Created { name, format } => voice.tr(
            "tourney-created",
            &[("name", a(name)), ("format", a(format))],
        ),
        TournamentNotice::FormatChanged => tr(lang, "tourney-format-changed", &[]),
        TournamentNotice::Registered {
            entrants,
            team,
            present,
        } => registered(entrants, team.as_deref(), *present, voice),
        TournamentNotice::CheckedIn { name } => {
            tr(lang, "tourney-checked-in", &[("names", a(name))])
        }
        TournamentNotice::Withdrawn { name } => tr(lang, "tourney-withdrew", &[("name", a(name))]),
        TournamentNotice::Drawn { round, stage } => tr(
            lang,
            "tourney-drawn",
            &[
                ("round", arg_num(*round)),
                ("stage", arg_text(stage_name(*stage, lang))),
            ],
        ),
        TournamentNotice::ClockStarted { round, minutes } => tr(
            lang,
            "tourney-clock-started",
            &[("round", arg_num(*round)), ("minutes", arg_num(*minutes))],
        ),
        TournamentNotice::Paused => tr(lang, "tourney-paused", &[]),
        TournamentNotice::Resumed => tr(lang, "tourney-resumed", &[]),
        TournamentNotice::TimeUp { round } => {
            voice.tr("tourney-time-up", &[("round", arg_num(*round))])
        }
        TournamentNotice::TableBound { table } => {
            voice.tr("tourney-table-bound", &[("table", arg_num(*table))])
        }
        TournamentNotice::Finished { winner } => match winner {
            Some(w) => tr(lang, "tourney-finished-winner", &[("name", a(w))]),
            None => tr(lang, "tourney-finished", &[]),
        },
        _ => return None,
    })
}

/// A table's games: entered, counted, dropped, corrected.
fn game_notice(n: &TournamentNotice, voice: Voice) -> Option<String> {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    Some(match n {
        TournamentNotice::EntryWaiting {
            table,
            game,
            by,
            losers,
        } => voice.tr(
            "tourney-entry-waiting",
            &[
                ("table", arg_num(*table)),
                ("game", arg_num(*game)),
                ("by", a(by)),
                ("losers", arg_text(losers_text(losers, lang))),
            ],
        ),
        TournamentNotice::GameCounted { .. } => return counted(n, voice),
        TournamentNotice::EntryRejected { table, game, by } => tr(
            lang,
            "tourney-entry-rejected",
            &[
                ("table", arg_num(*table)),
                ("game", arg_num(*game)),
                ("by", a(by)),
            ],
        ),
        TournamentNotice::TableClosed {
            table,
            round_complete,
        } => closing(*table, true, *round_complete, voice)
            .trim()
            .to_string(),
        TournamentNotice::Corrected { .. } => return corrected(n, lang),
        TournamentNotice::NotCounted { table, why } => tr(
            lang,
            "tourney-not-counted",
            &[
                ("table", arg_num(*table)),
                ("why", arg_text(super::tourney_error_text(why, voice))),
            ],
        ),
        _ => return None,
    })
}

/// "Anna ist angemeldet (Nr. 1)." or, for a list, "Angemeldet: Anna (Nr. 1), Ben (Nr. 2)."
fn registered(
    entrants: &[(String, u32)],
    team: Option<&str>,
    present: bool,
    voice: Voice,
) -> String {
    let a = |s: &str| arg_text(s.to_string());
    let mut line = match entrants {
        [(name, number)] => {
            let id = if present {
                "tourney-registered-present"
            } else {
                "tourney-registered"
            };
            voice.tr(id, &[("name", a(name)), ("number", arg_num(*number))])
        }
        several => {
            let names: Vec<String> = several
                .iter()
                .map(|(name, number)| {
                    tr(
                        voice.lang,
                        "tourney-registered-entry",
                        &[("name", a(name)), ("number", arg_num(*number))],
                    )
                })
                .collect();
            voice.tr(
                "tourney-registered-several",
                &[
                    ("names", arg_text(names.join(", "))),
                    ("count", arg_num(several.len() as u32)),
                ],
            )
        }
    };
    if let Some(team) = team {
        line.push(' ');
        line.push_str(&tr(
            voice.lang,
            "tourney-registered-team",
            &[("team", a(team))],
        ));
    }
    line
}

/// "✅ Tisch 3, Spiel 2 zählt: …", with the table's and the round's end.
fn counted(n: &TournamentNotice, voice: Voice) -> Option<String> {
    let TournamentNotice::GameCounted {
        table,
        game,
        losers,
        table_closed,
        round_complete,
    } = n
    else {
        return None;
    };
    let mut line = tr(
        voice.lang,
        "tourney-game-counted",
        &[
            ("table", arg_num(*table)),
            ("game", arg_num(*game)),
            ("losers", arg_text(losers_text(losers, voice.lang))),
        ],
    );
    line.push_str(&closing(*table, *table_closed, *round_complete, voice));
    Some(line)
}

fn corrected(n: &TournamentNotice, lang: Lang) -> Option<String> {
    let TournamentNotice::Corrected {
        round,
        table,
        game,
        deleted,
    } = n
    else {
        return None;
    };
    let id = if *deleted {
        "tourney-deleted"
    } else {
        "tourney-corrected"
    };
    Some(tr(
        lang,
        id,
        &[
            ("round", arg_num(*round)),
            ("table", arg_num(*table)),
            ("game", arg_num(*game)),
        ],
    ))
}

/// " Tisch 3 ist fertig." and " Die Runde ist komplett – …".
fn closing(table: u32, table_closed: bool, round_complete: bool, voice: Voice) -> String {
    let mut out = String::new();
    if table_closed {
        out.push(' ');
        out.push_str(&tr(
            voice.lang,
            "tourney-table-done",
            &[("table", arg_num(table))],
        ));
    }
    if round_complete {
        out.push(' ');
        out.push_str(&voice.tr("tourney-round-complete", &[]));
    }
    out
}
