//! The public table message: its text and its buttons.

use super::events::reveal_lines;
use super::{Button, ButtonStyle, button, clip, cup_text, local_clock, part_name, seat_name};
use crate::engine::view::{PlayerStatus, PlayerView};
use crate::engine::{RoundSummary, TableView};
use crate::service::ids::ButtonAction;
use crate::service::reply::PublicTable;
use crate::service::table::TableStatus;
use crate::text::{self, Lang, arg_num, arg_text, tr};

/// The public table message.
pub fn table_text(t: &PublicTable, lang: Lang) -> String {
    table_text_within(t, lang, usize::MAX)
}

/// The public table message in at most `max` characters (Discord takes 2000 in a message,
/// and ten players with long names and a whole last round come close). When the whole text
/// is longer, the last round shows only its best and its lowest throw with where the Deckel
/// went, then not at all; the game itself and the lines about its dice (commitment, seed)
/// always stay — the game's lines are cut only if nothing else is left to cut.
pub fn table_text_within(t: &PublicTable, lang: Lang, max: usize) -> String {
    let Some(view) = &t.view else {
        return clip(&lobby_text(t, lang), max);
    };
    let game = game_lines(t, view, lang);
    let proof = super::proof_lines(t, lang);
    // The last round's reveal stays on the table until the next one: every die of it is
    // public, and the table message is the one message the chat keeps reading.
    let last: Vec<Vec<String>> = match &view.last_round {
        Some(last) => {
            let full = last_round_lines(last, t, lang);
            let short = shortened(full.clone(), last, lang);
            vec![full, short, Vec::new()]
        }
        None => vec![Vec::new()],
    };
    let mut text = String::new();
    for reveal in &last {
        text = sections(&[&game, reveal, &proof]);
        if text.chars().count() <= max {
            return text;
        }
    }
    // Still too long: the game's lines are cut, the proof stays whole.
    let proof = sections(&[&proof]);
    if proof.is_empty() || proof.chars().count() + 2 > max {
        return clip(&text, max);
    }
    let room = max - proof.chars().count() - 2;
    format!("{}\n\n{proof}", clip(&sections(&[&game]), room))
}

/// The game's own lines: the header, a line per player, whose turn it is.
fn game_lines(t: &PublicTable, view: &TableView, lang: Lang) -> Vec<String> {
    let mut game = header(t, view, lang);
    game.extend(view.players.iter().map(|p| {
        let computer = t.computer.get(p.seat.index()).copied().unwrap_or(false);
        player_line(p, view, computer, lang)
    }));
    game.extend(turn_line(t, view, lang));
    game
}

/// The table message without the last round and the fair dice's lines, for a reader that
/// shows those apart (the web page): the lobby, or the game's own lines.
pub fn game_text(t: &PublicTable, lang: Lang) -> String {
    match &t.view {
        None => lobby_text(t, lang),
        Some(view) => game_lines(t, view, lang).join("\n"),
    }
}

/// Sections of lines, an empty line between two (an empty section is left out).
fn sections(parts: &[&Vec<String>]) -> String {
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .map(|p| p.join("\n"))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The last round under its title: every throw, best first, then where the Deckel went.
fn last_round_lines(last: &RoundSummary, t: &PublicTable, lang: Lang) -> Vec<String> {
    let mut lines = vec![tr(
        lang,
        "table-last-round-title",
        &[
            ("part", arg_text(part_name(lang, last.part))),
            ("round", arg_num(last.number)),
        ],
    )];
    lines.extend(reveal_lines(last, t, lang));
    lines
}

/// The last round with only its best and its lowest throw ("… 8 weitere Würfe …" between
/// them); the lines after the throws (Deckel, who is out) stay.
fn shortened(mut lines: Vec<String>, last: &RoundSummary, lang: Lang) -> Vec<String> {
    // The title, then one line per revealed throw, best first.
    let throws = last
        .ranking
        .iter()
        .filter(|seat| last.throws.iter().any(|x| x.seat == **seat))
        .count();
    if throws <= 2 || lines.len() < throws + 1 {
        return lines;
    }
    let hidden = throws - 2;
    let more = tr(
        lang,
        "table-last-round-more",
        &[("count", arg_num(hidden as i64))],
    );
    lines.splice(2..2 + hidden, std::iter::once(more));
    lines
}

/// A table before its game: who opened it, who sits at it, how to join.
fn lobby_text(t: &PublicTable, lang: Lang) -> String {
    let title = if t.tally {
        "table-title-lobby-tally"
    } else {
        "table-title-lobby"
    };
    let mut lines = vec![
        tr(
            lang,
            title,
            &[
                ("opener", arg_text(t.opener.clone())),
                ("rules", arg_text(t.rules.name.clone())),
            ],
        ),
        tr(
            lang,
            "table-lobby-members",
            &[
                ("count", arg_num(t.members.len() as i64)),
                ("names", arg_text(t.members.join(", "))),
            ],
        ),
    ];
    match t.status {
        TableStatus::Lobby if t.tally => lines.push(tr(lang, "table-lobby-hint-tally", &[])),
        TableStatus::Lobby => lines.push(tr(lang, "table-lobby-hint", &[])),
        _ => lines.push(tr(lang, "table-abandoned", &[])),
    }
    lines.extend(super::proof_lines(t, lang));
    lines.join("\n")
}

/// The part and round, the final's pair, the stock and the limit.
fn header(t: &PublicTable, view: &TableView, lang: Lang) -> Vec<String> {
    let title = if view.tally {
        "table-title-tally"
    } else {
        "table-title"
    };
    let mut lines = vec![tr(
        lang,
        title,
        &[
            ("part", arg_text(part_name(lang, view.part))),
            ("round", arg_num(view.round)),
            ("rules", arg_text(t.rules.name.clone())),
        ],
    )];
    if let Some([a, b]) = view.finalists {
        lines.push(tr(
            lang,
            "table-final",
            &[
                ("a", arg_text(seat_name(t, a))),
                ("b", arg_text(seat_name(t, b))),
            ],
        ));
    }
    let mut status_line = tr(
        lang,
        "table-stock",
        &[
            ("stock", arg_num(view.stock)),
            ("total", arg_num(view.deckel_total)),
        ],
    );
    // At a real table the limit is the table's business until the round is entered.
    if view.result.is_none() && !view.announcing && !view.tally {
        status_line.push_str(" · ");
        status_line.push_str(&match view.limit {
            Some(limit) => tr(lang, "table-limit", &[("limit", arg_num(limit))]),
            None => tr(lang, "table-limit-open", &[]),
        });
    }
    lines.push(status_line);
    lines
}

/// One player: his Deckel, his cup as the table sees it, the halves he lost.
/// A computer player's name is marked with 🤖.
fn player_line(p: &PlayerView, view: &TableView, computer: bool, lang: Lang) -> String {
    let marker = if p.is_current { "▶" } else { "·" };
    let status = match (p.status, &p.cup) {
        (PlayerStatus::Left, _) => tr(lang, "table-player-left", &[]),
        (PlayerStatus::Out, _) => tr(lang, "table-player-out", &[]),
        (_, Some(cup)) if view.result.is_none() => {
            let state = if cup.blind {
                tr(lang, "table-player-blind", &[])
            } else if cup.done {
                tr(lang, "table-player-done", &[])
            } else {
                tr(
                    lang,
                    "table-player-throws",
                    &[
                        ("throws", arg_num(cup.throws)),
                        ("max", arg_num(cup.max_throws)),
                    ],
                )
            };
            format!("{} · {state}", cup_text(&cup.dice))
        }
        _ if view.tally => tr(lang, "table-player-plays", &[]),
        _ => tr(lang, "table-player-waiting", &[]),
    };
    let mut line = tr(
        lang,
        "table-player",
        &[
            ("marker", arg_text(marker)),
            (
                "name",
                arg_text(if computer {
                    format!("🤖 {}", p.name)
                } else {
                    p.name.clone()
                }),
            ),
            ("deckel", arg_text(text::deckel(lang, p.deckel))),
            ("status", arg_text(status)),
        ],
    );
    if !p.lost_halves.is_empty() {
        let parts: Vec<String> = p.lost_halves.iter().map(|h| part_name(lang, *h)).collect();
        line.push(' ');
        line.push_str(&tr(
            lang,
            "table-half-marker",
            &[("parts", arg_text(parts.join(", ")))],
        ));
    }
    line
}

/// Who is to act (and until when), or how the game ended (who owes the Bierrunde).
pub fn turn_line(t: &PublicTable, view: &TableView, lang: Lang) -> Option<String> {
    Some(match (&view.result, view.current) {
        (Some(result), _) => match result.loser {
            Some(loser) => {
                // A computer owes nobody a round.
                let computer = t.computer.get(loser.index()).copied().unwrap_or(false);
                let id = match (result.blattschuss, computer) {
                    (true, false) => "table-over-blattschuss",
                    (false, false) => "table-over-loser",
                    (true, true) => "table-over-blattschuss-computer",
                    (false, true) => "table-over-loser-computer",
                };
                tr(lang, id, &[("name", arg_text(seat_name(t, loser)))])
            }
            None => tr(lang, "table-abandoned", &[]),
        },
        (None, _) if view.tally && !view.announcing => tally_turn_line(t, view, lang),
        (None, Some(current)) => {
            let name = arg_text(seat_name(t, current));
            if view.announcing {
                tr(lang, "table-announcing", &[("name", name)])
            } else if let Some(deadline) = t.deadline {
                let time = arg_text(local_clock(deadline, &t.time_zone));
                tr(
                    lang,
                    "table-turn-deadline",
                    &[("name", name), ("time", time)],
                )
            } else {
                tr(lang, "table-turn", &[("name", name)])
            }
        }
        (None, None) => return None,
    })
}

/// A tally round: who starts, and how to enter it once it fell, with the players' names
/// in turn order as the example.
fn tally_turn_line(t: &PublicTable, view: &TableView, lang: Lang) -> String {
    const EXAMPLE_THROWS: [&str; 3] = ["665 3", "114 2", "221 1"];
    let example: Vec<String> = view
        .participants
        .iter()
        .zip(EXAMPLE_THROWS.iter().cycle())
        .map(|(seat, throw)| format!("{} {throw}", seat_name(t, *seat)))
        .collect();
    tr(
        lang,
        "table-tally-turn",
        &[
            ("name", arg_text(seat_name(t, view.starter))),
            ("example", arg_text(example.join(", "))),
        ],
    )
}

/// The public table message's buttons (never anything that depends on hidden dice).
pub fn table_buttons(t: &PublicTable, lang: Lang) -> Vec<Vec<Button>> {
    let b = |action, label: &str, style| {
        button(action, t.table_id, t.version, tr(lang, label, &[]), style)
    };
    match t.status {
        TableStatus::Lobby => vec![vec![
            b(ButtonAction::Join, "button-join", ButtonStyle::Primary),
            b(ButtonAction::Start, "button-start", ButtonStyle::Success),
        ]],
        // At a real table rounds are entered by command; only the starter's announcement
        // (said out loud, pressed by anyone seated) is a button.
        TableStatus::Running if t.tally => match &t.view {
            Some(view) if view.announcing => vec![super::private::announce_buttons(
                t.table_id, t.version, &t.rules, lang,
            )],
            _ => Vec::new(),
        },
        TableStatus::Running => vec![vec![
            b(ButtonAction::Roll, "button-roll", ButtonStyle::Primary),
            b(ButtonAction::Look, "button-look", ButtonStyle::Secondary),
            b(ButtonAction::Stand, "button-stand", ButtonStyle::Success),
        ]],
        TableStatus::Finished | TableStatus::Abandoned => Vec::new(),
    }
}
