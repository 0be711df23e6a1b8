//! Tally mode's texts: a round entered by its outcome, and why an entered round was
//! refused.

use super::outcome::{Moved, moved_line, out_line};
use super::seat_name;
use crate::engine::score::ThrowProblem;
use crate::engine::{EnteredPenalty, Seat, TallyError};
use crate::service::reply::PublicTable;
use crate::text::{Lang, arg_num, arg_text, tr};
use fluent_bundle::FluentValue;

/// A round of which only the outcome was entered: where the Deckel went, who is out.
pub fn entered_lines(p: &EnteredPenalty, t: &PublicTable, lang: Lang) -> Vec<String> {
    let moved = Moved {
        loser: p.loser,
        winner: p.from,
        moved: p.moved,
        source: p.source,
        stock: p.stock,
        // An entered round names no throws: "every Deckel" reads as a Schock aus.
        baby: false,
    };
    let mut lines = vec![moved_line(t, lang, moved)];
    lines.extend(out_line(t, lang, &p.out, p.half_lost_by));
    lines
}

/// Why an entered round was refused, naming the players.
pub fn tally_error_text(e: &TallyError, t: Option<&PublicTable>, lang: Lang) -> String {
    let name = |s: Seat| arg_text(t.map(|t| seat_name(t, s)).unwrap_or_default());
    match e {
        TallyError::NotTally => tr(lang, "error-tally-not-tally", &[]),
        TallyError::GameOver => tr(lang, "error-game-over", &[]),
        TallyError::AnnouncementPending { starter } => tr(
            lang,
            "error-announcement-pending",
            &[("name", name(*starter))],
        ),
        TallyError::NotInRound { seat } => {
            tr(lang, "error-tally-not-in-round", &[("name", name(*seat))])
        }
        TallyError::Twice { seat } => tr(lang, "error-tally-twice", &[("name", name(*seat))]),
        TallyError::Missing { seat } => tr(lang, "error-tally-missing", &[("name", name(*seat))]),
        TallyError::Order { expected } => {
            let names: Vec<String> = expected
                .iter()
                .map(|s| t.map(|t| seat_name(t, *s)).unwrap_or_default())
                .collect();
            tr(
                lang,
                "error-tally-order",
                &[("names", arg_text(names.join(", ")))],
            )
        }
        TallyError::Throw { seat, problem } => throw_problem(name(*seat), problem, lang),
        TallyError::PenaltyRange { max } => {
            tr(lang, "error-tally-penalty", &[("max", arg_num(*max))])
        }
        TallyError::FromWhileStock => tr(lang, "error-tally-from-stock", &[]),
        TallyError::FromMissing => tr(lang, "error-tally-from-missing", &[]),
        TallyError::FromLoser => tr(lang, "error-tally-from-loser", &[]),
    }
}

fn throw_problem(name: FluentValue<'static>, problem: &ThrowProblem, lang: Lang) -> String {
    match problem {
        ThrowProblem::DieValue { value } => tr(
            lang,
            "error-tally-die",
            &[("name", name), ("value", arg_num(*value))],
        ),
        ThrowProblem::ThrowCount { throws, max } => tr(
            lang,
            "error-tally-throw-count",
            &[
                ("name", name),
                ("throws", arg_num(*throws)),
                ("max", arg_num(*max)),
            ],
        ),
        ThrowProblem::OverLimit { throws, limit } => tr(
            lang,
            "error-tally-over-limit",
            &[
                ("name", name),
                ("throws", arg_num(*throws)),
                ("limit", arg_num(*limit)),
            ],
        ),
        ThrowProblem::BlindNotAllowed => tr(lang, "error-tally-blind-off", &[("name", name)]),
        ThrowProblem::BlindNotSingle => tr(lang, "error-tally-blind-single", &[("name", name)]),
    }
}
