//! A round's outcome in words, shared by the reveal of played rounds (`events`) and the
//! rounds a real-dice table enters (`tally`): where the Deckel went, who is out.

use super::seat_name;
use crate::engine::Seat;
use crate::engine::score::Source;
use crate::service::reply::PublicTable;
use crate::text::{self, Lang, arg_num, arg_text, tr};

/// Where a round's Deckel went.
pub(super) struct Moved {
    pub loser: Seat,
    pub winner: Option<Seat>,
    pub moved: u8,
    pub source: Source,
    pub stock: u8,
    /// The best throw was the Baby Schock Out Hand (R-RANK-7), not a Schock aus.
    pub baby: bool,
}

/// `→ Ben bekommt 3 Deckel aus dem Stock (im Stock: 10).` and its kin.
pub(super) fn moved_line(t: &PublicTable, lang: Lang, m: Moved) -> String {
    let loser = arg_text(seat_name(t, m.loser));
    let moved = arg_text(text::deckel(lang, m.moved));
    match (m.source, m.winner) {
        (Source::All, _) if m.baby => tr(lang, "reveal-all-baby", &[("loser", loser)]),
        (Source::All, _) => tr(lang, "reveal-all", &[("loser", loser)]),
        _ if m.moved == 0 => tr(lang, "reveal-nothing", &[]),
        (Source::Stock, _) | (Source::Winner, None) => tr(
            lang,
            "reveal-stock",
            &[
                ("loser", loser),
                ("moved", moved),
                ("stock", arg_num(m.stock)),
            ],
        ),
        (Source::Winner, Some(winner)) => tr(
            lang,
            "reveal-winner",
            &[
                ("loser", loser),
                ("moved", moved),
                ("winner", arg_text(seat_name(t, winner))),
            ],
        ),
    }
}

/// Who is out after a round. Who lost the half is its own notice (the part's end), not
/// part of the round.
pub(super) fn out_line(
    t: &PublicTable,
    lang: Lang,
    out: &[Seat],
    half_lost_by: Option<Seat>,
) -> Option<String> {
    if half_lost_by.is_some() || out.is_empty() {
        return None;
    }
    let names: Vec<String> = out.iter().map(|seat| seat_name(t, *seat)).collect();
    Some(tr(
        lang,
        "reveal-out",
        &[("names", arg_text(names.join(", ")))],
    ))
}
