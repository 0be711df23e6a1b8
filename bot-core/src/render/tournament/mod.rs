//! Schockturnier in words: the overview, the format, a round's tables (the table cards), the
//! standings, a player's page, a checked draw, the corrections; notices and refusals.

mod errors;
mod export;
mod notices;
mod standings;

pub use errors::tourney_error_text;
pub use export::export_file;
pub use notices::tournament_notice_text;
pub use standings::{player_text, standings_text};

use super::Voice;
use crate::service::tournament::{LogLine, OverviewView, RoundView, TableCard, TournamentContent};
use crate::text::{Lang, arg_num, arg_text, tr};
use crate::time::local_time;
use crate::tournament::{Format, KnockoutKind, Stage, TableMode};

/// A tournament answer as text.
pub fn tournament_content_text(c: &TournamentContent, voice: Voice) -> String {
    let lang = voice.lang;
    match c {
        TournamentContent::Overview(view) => overview_text(view, voice),
        TournamentContent::Format(format) => format_text(format, voice),
        TournamentContent::Round(round) => round_text(round, voice),
        TournamentContent::Standings(view) => standings_text(view, lang),
        TournamentContent::Player(view) => player_text(view, lang),
        TournamentContent::Verified {
            round,
            holds,
            seed,
            commitment,
        } => tr(
            lang,
            if *holds {
                "tourney-verify-holds"
            } else {
                "tourney-verify-fails"
            },
            &[
                ("round", arg_num(*round)),
                ("seed", arg_text(seed.clone())),
                ("commitment", arg_text(commitment.clone())),
            ],
        ),
        TournamentContent::Log { lines, time_zone } => log_text(lines, time_zone, lang),
        TournamentContent::Help => voice.tr("tourney-help", &[]),
        TournamentContent::Board {
            tournament,
            board,
            own,
        } => {
            let mut out = tr(
                lang,
                "tourney-board",
                &[
                    ("name", arg_text(tournament.clone())),
                    ("url", arg_text(board.clone())),
                ],
            );
            if let Some(own) = own {
                out.push('\n');
                out.push_str(&tr(
                    lang,
                    "tourney-board-own",
                    &[("url", arg_text(own.clone()))],
                ));
            }
            out
        }
        TournamentContent::File(file) => tr(
            lang,
            "tourney-file",
            &[("name", arg_text(file.standings.tournament.clone()))],
        ),
    }
}

/// A stage's name: Punkterunde, K.-o.-Runde, Finale.
pub fn stage_name(stage: Stage, lang: Lang) -> String {
    tr(lang, &format!("tourney-stage-{}", stage.id()), &[])
}

fn scoring_name(format: &Format, lang: Lang) -> String {
    tr(
        lang,
        &format!("tourney-scoring-{}", format.scoring.id()),
        &[],
    )
}

pub fn format_text(f: &Format, voice: Voice) -> String {
    let lang = voice.lang;
    let mut out = vec![tr(
        lang,
        "tourney-format-title",
        &[("scoring", arg_text(scoring_name(f, lang)))],
    )];
    out.push(tr(
        lang,
        "tourney-format-tables",
        &[
            ("min", arg_num(f.table_min)),
            ("size", arg_num(f.table_size)),
            ("max", arg_num(f.table_max)),
        ],
    ));
    out.push(tr(
        lang,
        "tourney-format-rounds",
        &[
            ("rounds", arg_num(f.point_rounds)),
            ("minutes", arg_num(f.round_minutes)),
            ("games", arg_num(f.games_per_round)),
        ],
    ));
    out.push(knockout_line(f, lang));
    if f.has_teams() {
        out.push(tr(
            lang,
            "tourney-format-teams",
            &[("size", arg_num(f.team_size))],
        ));
    }
    out.push(tr(
        lang,
        "tourney-format-rules",
        &[("rules", arg_text(f.rules.clone()))],
    ));
    out.push(voice.tr("tourney-format-keys", &[]));
    out.join("\n")
}

fn knockout_line(f: &Format, lang: Lang) -> String {
    if !f.has_knockout() {
        return tr(lang, "tourney-format-no-knockout", &[]);
    }
    let id = match f.knockout {
        KnockoutKind::Lives => "tourney-format-knockout-lives",
        KnockoutKind::Best => "tourney-format-knockout-best",
    };
    tr(
        lang,
        id,
        &[
            ("qualifiers", arg_num(f.qualifiers)),
            ("table", arg_num(f.knockout_table)),
            ("lives", arg_num(f.lives)),
        ],
    )
}

fn overview_text(v: &OverviewView, voice: Voice) -> String {
    let lang = voice.lang;
    let mut out = vec![tr(
        lang,
        "tourney-overview-title",
        &[
            ("name", arg_text(v.tournament.clone())),
            ("scoring", arg_text(scoring_name(&v.format, lang))),
        ],
    )];
    out.push(tr(
        lang,
        "tourney-overview-entrants",
        &[
            ("registered", arg_num(v.registered)),
            ("present", arg_num(v.present)),
            ("teams", arg_num(v.teams)),
        ],
    ));
    if let Some(round) = &v.round {
        out.push(round_status(round, lang));
    }
    if v.finished {
        out.push(tr(lang, "tourney-overview-finished", &[]));
    } else if let Some(stage) = v.next_stage {
        out.push(voice.tr(
            "tourney-overview-next-draw",
            &[
                ("stage", arg_text(stage_name(stage, lang))),
                ("commitment", arg_text(v.next_commitment.clone())),
            ],
        ));
    }
    out.join("\n")
}

/// "Runde 2 (Punkterunde): 3 von 4 Tischen fertig, noch 12 Minuten."
fn round_status(r: &RoundView, lang: Lang) -> String {
    let closed = r.tables.iter().filter(|t| t.closed).count() as u32;
    let mut line = tr(
        lang,
        "tourney-round-status",
        &[
            ("round", arg_num(r.number)),
            ("stage", arg_text(stage_name(r.stage, lang))),
            ("closed", arg_num(closed)),
            ("tables", arg_num(r.tables.len() as u32)),
        ],
    );
    line.push(' ');
    line.push_str(&clock_text(r, lang));
    line
}

pub fn clock_text(r: &RoundView, lang: Lang) -> String {
    match r.remaining_ms {
        _ if r.paused => tr(lang, "tourney-clock-paused", &[]),
        None => tr(
            lang,
            "tourney-clock-not-started",
            &[("minutes", arg_num(r.minutes))],
        ),
        Some(0) => tr(lang, "tourney-clock-over", &[]),
        Some(ms) => tr(
            lang,
            "tourney-clock-left",
            &[("minutes", arg_num((ms + 59_999) / 60_000))],
        ),
    }
}

/// The round's tables: one block per table (its card).
pub fn round_text(r: &RoundView, voice: Voice) -> String {
    let lang = voice.lang;
    let mut out = vec![tr(
        lang,
        "tourney-round-title",
        &[
            ("name", arg_text(r.tournament.clone())),
            ("round", arg_num(r.number)),
            ("stage", arg_text(stage_name(r.stage, lang))),
        ],
    )];
    out.push(clock_text(r, lang));
    for table in &r.tables {
        out.push(table_card_text(table, lang));
    }
    out.push(tr(
        lang,
        "tourney-round-proof",
        &[
            ("commitment", arg_text(r.commitment.clone())),
            ("seed", arg_text(r.seed.clone())),
        ],
    ));
    if let Some(next) = &r.next_commitment {
        out.push(voice.tr(
            "tourney-round-next-commitment",
            &[("commitment", arg_text(next.clone()))],
        ));
    }
    out.join("\n")
}

fn table_card_text(t: &TableCard, lang: Lang) -> String {
    let seats: Vec<String> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, name)| match t.lives.as_ref().and_then(|l| l.get(i)) {
            Some(lives) => format!("{}. {name} ({})", i + 1, "♥".repeat(usize::from(*lives))),
            None => format!("{}. {name}", i + 1),
        })
        .collect();
    let state = if t.closed {
        tr(lang, "tourney-table-closed", &[("games", arg_num(t.games))])
    } else {
        match t.pending {
            Some(game) => tr(lang, "tourney-table-pending", &[("game", arg_num(game))]),
            None => tr(lang, "tourney-table-games", &[("games", arg_num(t.games))]),
        }
    };
    let mode = match t.mode {
        TableMode::Digital => String::new(),
        TableMode::RealCups => format!(" {}", tr(lang, "tourney-table-real-cups", &[])),
    };
    tr(
        lang,
        "tourney-table-card",
        &[
            ("table", arg_num(t.number)),
            ("seats", arg_text(seats.join(", "))),
            ("state", arg_text(state)),
            ("mode", arg_text(mode)),
        ],
    )
}

fn log_text(lines: &[LogLine], zone: &str, lang: Lang) -> String {
    if lines.is_empty() {
        return tr(lang, "tourney-log-empty", &[]);
    }
    let mut out = vec![tr(lang, "tourney-log-title", &[])];
    for l in lines {
        let none = || tr(lang, "tourney-log-none", &[]);
        out.push(tr(
            lang,
            "tourney-log-line",
            &[
                ("at", arg_text(local_time(l.at, zone))),
                ("by", arg_text(l.by.clone())),
                ("round", arg_num(l.round)),
                ("table", arg_num(l.table)),
                ("game", arg_num(l.game)),
                ("before", arg_text(l.before.clone().unwrap_or_else(none))),
                ("after", arg_text(l.after.clone().unwrap_or_else(none))),
            ],
        ));
    }
    out.join("\n")
}

/// What a word after `/turnier` does, for a menu (Discord's subcommands): by its English
/// name.
pub fn tournament_word_description(word: &str, lang: Lang) -> String {
    tr(lang, &format!("tourney-word-{word}"), &[])
}
