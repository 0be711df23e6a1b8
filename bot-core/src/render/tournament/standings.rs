//! The standings and a player's page in words.

use super::stage_name;
use crate::service::tournament::{PlayerView, StandingsView};
use crate::text::{Lang, arg_num, arg_text, tr};
use crate::tournament::{Scoring, Tally};

/// The standings shown per message at most (the board shows everyone).
const SHOWN: usize = 40;

fn points_text(tally: &Tally, scoring: Scoring, lang: Lang) -> String {
    let id = if scoring == Scoring::Strafpunkte {
        "tourney-penalty-points"
    } else {
        "tourney-points"
    };
    tr(lang, id, &[("points", arg_num(tally.points))])
}

pub fn standings_text(v: &StandingsView, lang: Lang) -> String {
    let scoring = v.format.scoring;
    let mut out = vec![tr(
        lang,
        "tourney-standings-title",
        &[
            ("name", arg_text(v.tournament.clone())),
            ("done", arg_num(v.rounds_done)),
            ("rounds", arg_num(v.format.point_rounds)),
        ],
    )];
    if let Some(ko) = &v.knockout {
        out.extend(knockout_lines(ko, lang));
    }
    if v.rows.is_empty() {
        out.push(tr(lang, "tourney-standings-nobody", &[]));
    }
    for row in v.rows.iter().take(SHOWN) {
        let mut line = tr(
            lang,
            "tourney-standings-line",
            &[
                ("place", arg_num(row.place)),
                ("name", arg_text(row.name.clone())),
                ("points", arg_text(points_text(&row.tally, scoring, lang))),
                ("games", arg_num(row.tally.games)),
                ("lost", arg_num(row.tally.games_lost)),
            ],
        );
        if row.withdrawn {
            line.push_str(&format!(" ({})", tr(lang, "tourney-withdrawn", &[])));
        }
        out.push(line);
    }
    if v.rows.len() > SHOWN {
        out.push(tr(
            lang,
            "tourney-standings-more",
            &[("more", arg_num((v.rows.len() - SHOWN) as u32))],
        ));
    }
    if !v.teams.is_empty() {
        out.push(tr(lang, "tourney-teams-title", &[]));
        out.extend(v.teams.iter().map(|team| {
            tr(
                lang,
                "tourney-team-line",
                &[
                    ("place", arg_num(team.place)),
                    ("name", arg_text(team.name.clone())),
                    ("points", arg_text(points_text(&team.tally, scoring, lang))),
                    ("members", arg_num(team.members)),
                ],
            )
        }));
    }
    out.join("\n")
}

/// The knockout's order (once decided) and who is still in it.
fn knockout_lines(ko: &crate::service::tournament::KnockoutView, lang: Lang) -> Vec<String> {
    let id = if ko.decided {
        "tourney-standings-final-order"
    } else {
        "tourney-standings-knockout"
    };
    let mut out = vec![tr(lang, id, &[])];
    let shown = if ko.decided { SHOWN } else { 0 };
    for (i, name) in ko.order.iter().enumerate().take(shown) {
        out.push(format!("{}. {name}", i + 1));
    }
    if !ko.still_in.is_empty() {
        out.push(tr(
            lang,
            "tourney-standings-still-in",
            &[("names", arg_text(ko.still_in.join(", ")))],
        ));
    }
    out.push(tr(lang, "tourney-standings-points-title", &[]));
    out
}

/// "Runde 3 (Punkterunde): Tisch 7, Platz 2, 4 Punkte aus 5 Spielen".
fn round_line(r: &crate::service::tournament::PlayerRound, lang: Lang) -> String {
    tr(
        lang,
        "tourney-player-round",
        &[
            ("round", arg_num(r.round)),
            ("stage", arg_text(stage_name(r.stage, lang))),
            ("table", arg_num(r.table)),
            ("place", arg_num(r.place)),
            ("points", arg_num(r.tally.points)),
            ("games", arg_num(r.tally.games)),
            ("closed", arg_text(if r.closed { "yes" } else { "no" })),
        ],
    )
}

pub fn player_text(v: &PlayerView, lang: Lang) -> String {
    let mut out = vec![tr(
        lang,
        "tourney-player-title",
        &[
            ("name", arg_text(v.name.clone())),
            ("tournament", arg_text(v.tournament.clone())),
        ],
    )];
    if let Some(team) = &v.team {
        out.push(tr(
            lang,
            "tourney-player-team",
            &[("team", arg_text(team.clone()))],
        ));
    }
    if v.withdrawn {
        out.push(tr(lang, "tourney-withdrawn", &[]));
    } else if !v.present {
        out.push(tr(lang, "tourney-player-not-present", &[]));
    }
    out.extend(v.rounds.iter().map(|r| round_line(r, lang)));
    out.push(tr(
        lang,
        "tourney-player-total",
        &[
            ("place", arg_num(v.place)),
            ("players", arg_num(v.players)),
            ("points", arg_num(v.tally.points)),
        ],
    ));
    if let Some((round, table, mates)) = &v.now {
        out.push(tr(
            lang,
            "tourney-player-now",
            &[
                ("round", arg_num(*round)),
                ("table", arg_num(*table)),
                ("mates", arg_text(mates.join(", "))),
            ],
        ));
    }
    if let Some(place) = v.final_place {
        out.push(tr(
            lang,
            "tourney-player-final",
            &[("place", arg_num(place))],
        ));
    }
    out.join("\n")
}
