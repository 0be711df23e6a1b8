//! What the board and a player's page receive (docs/WEB.md, "The tournament board"): typed
//! JSON built from the service's tournament views, its words already in the reader's
//! language. The board gets the running round's tables and the standings; a player's page
//! only his own lines.

use bot_core::render::tournament::{clock_text, stage_name};
use bot_core::service::tournament::{
    PlayerView, RoundView, StandingsView, round_view, standings_view,
};
use bot_core::text::{Lang, arg_num, arg_text, tr};
use bot_core::tournament::{Scoring, Tournament};
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct BoardFrame {
    pub version: i64,
    pub name: String,
    /// "Runde 2 (Punkterunde): 3 von 4 Tischen fertig" and the clock.
    pub headline: String,
    pub clock: String,
    /// Milliseconds left when the frame was made (the page counts down itself).
    pub remaining_ms: Option<i64>,
    pub paused: bool,
    pub tables: Vec<TableOut>,
    pub columns: Vec<String>,
    pub standings: Vec<Vec<String>>,
    pub teams: Vec<Vec<String>>,
    /// The knockout's order once decided (best first).
    pub final_order: Vec<String>,
    pub titles: Titles,
}

#[derive(Debug, Serialize)]
pub struct Titles {
    pub tables: String,
    pub standings: String,
    pub teams: String,
    pub final_order: String,
}

#[derive(Debug, Serialize)]
pub struct TableOut {
    pub number: u32,
    pub players: Vec<String>,
    pub state: String,
    pub closed: bool,
}

#[derive(Debug, Serialize)]
pub struct PlayerFrame {
    pub version: i64,
    pub tournament: String,
    pub name: String,
    pub lines: Vec<String>,
}

fn points(points: i32, scoring: Scoring, lang: Lang) -> String {
    let id = if scoring == Scoring::Strafpunkte {
        "tourney-penalty-points"
    } else {
        "tourney-points"
    };
    tr(lang, id, &[("points", arg_num(points))])
}

fn table_out(table: &bot_core::service::tournament::TableCard, lang: Lang) -> TableOut {
    let state = if table.closed {
        tr(
            lang,
            "tourney-table-closed",
            &[("games", arg_num(table.games))],
        )
    } else {
        tr(
            lang,
            "tourney-table-games",
            &[("games", arg_num(table.games))],
        )
    };
    TableOut {
        number: table.number,
        players: table.players.clone(),
        state,
        closed: table.closed,
    }
}

fn headline(round: Option<&RoundView>, lang: Lang) -> String {
    match round {
        Some(r) => {
            let closed = r.tables.iter().filter(|t| t.closed).count() as u32;
            tr(
                lang,
                "tourney-round-status",
                &[
                    ("round", arg_num(r.number)),
                    ("stage", arg_text(stage_name(r.stage, lang))),
                    ("closed", arg_num(closed)),
                    ("tables", arg_num(r.tables.len() as u32)),
                ],
            )
        }
        None => tr(lang, "tourney-board-waiting", &[]),
    }
}

pub fn board_frame(t: &Tournament, version: i64, now: i64, lang: Lang) -> BoardFrame {
    let round = t.current_round().map(|r| round_view(t, r, now));
    let view: StandingsView = standings_view(t);
    let col = |id: &str| tr(lang, &format!("tourney-col-{id}"), &[]);
    BoardFrame {
        version,
        name: t.name.clone(),
        headline: headline(round.as_ref(), lang),
        clock: round
            .as_ref()
            .map(|r| clock_text(r, lang))
            .unwrap_or_default(),
        remaining_ms: round.as_ref().and_then(|r| r.remaining_ms),
        paused: t.paused,
        tables: round
            .as_ref()
            .filter(|r| r.tables.iter().any(|t| !t.closed))
            .map(|r| r.tables.iter().map(|tb| table_out(tb, lang)).collect())
            .unwrap_or_default(),
        columns: vec![
            col("place"),
            col("name"),
            col("points"),
            col("games"),
            col("lost"),
        ],
        standings: standing_rows(&view, lang),
        teams: team_rows(&view, lang),
        final_order: view
            .knockout
            .filter(|k| k.decided)
            .map(|k| k.order)
            .unwrap_or_default(),
        titles: Titles {
            tables: tr(lang, "tourney-board-tables", &[]),
            standings: tr(lang, "tourney-board-standings", &[]),
            teams: tr(lang, "tourney-teams-title", &[]),
            final_order: tr(lang, "tourney-standings-final-order", &[]),
        },
    }
}

fn standing_rows(view: &StandingsView, lang: Lang) -> Vec<Vec<String>> {
    let scoring = view.format.scoring;
    view.rows
        .iter()
        .map(|r| {
            vec![
                r.place.to_string(),
                r.name.clone(),
                points(r.tally.points, scoring, lang),
                r.tally.games.to_string(),
                r.tally.games_lost.to_string(),
            ]
        })
        .collect()
}

fn team_rows(view: &StandingsView, lang: Lang) -> Vec<Vec<String>> {
    let scoring = view.format.scoring;
    view.teams
        .iter()
        .map(|team| {
            vec![
                team.place.to_string(),
                team.name.clone(),
                points(team.tally.points, scoring, lang),
            ]
        })
        .collect()
}

/// A player's page: his rounds ("Runde 3: Tisch 7, Platz 2"), his place, where he sits now.
pub fn player_frame(t: &Tournament, version: i64, view: &PlayerView, lang: Lang) -> PlayerFrame {
    let text = bot_core::render::tournament::player_text(view, lang);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let title = if lines.is_empty() {
        String::new()
    } else {
        lines.remove(0)
    };
    PlayerFrame {
        version,
        tournament: t.name.clone(),
        name: title,
        lines,
    }
}
