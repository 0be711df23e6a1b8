//! The evening as a picture (a PNG of its table), posted beside the text summary.

use super::money;
use super::report::{best_line, box_line, night_figures, night_title, presence_word};
use crate::club::Presence;
use crate::render::sheet::{Align, Column, Sheet, SheetError, sheet_png};
use crate::service::club::NightReport;
use crate::text::{Lang, tr};

/// The evening's table as a PNG in the reader's language.
pub fn night_picture(r: &NightReport, lang: Lang) -> Result<Vec<u8>, SheetError> {
    let column = |id: &str, align| Column {
        header: tr(lang, id, &[]),
        align,
    };
    let columns = vec![
        column("club-col-player", Align::Left),
        column("club-col-games", Align::Right),
        column("club-col-lost", Align::Right),
        column("club-col-halves", Align::Right),
        column("club-col-schock", Align::Right),
        column("club-col-rounds", Align::Right),
        column("club-col-penalties", Align::Right),
    ];
    let rows = r
        .members
        .iter()
        .map(|m| {
            let name = match m.presence {
                Presence::Present => m.name.clone(),
                p => format!("{} ({})", m.name, presence_word(p, lang)),
            };
            let absent = m.presence == Presence::Absent;
            let count = |n: u32| {
                if absent {
                    "–".to_string()
                } else {
                    n.to_string()
                }
            };
            vec![
                name,
                count(m.games),
                count(m.lost),
                count(m.halves_lost),
                count(m.schock_aus_received),
                count(m.bierrunden),
                money(m.penalties, lang),
            ]
        })
        .collect();
    let mut footer: Vec<String> = best_line(r, lang).into_iter().collect();
    if r.closed_at.is_some() {
        footer.push(box_line(r, lang));
    }
    sheet_png(&Sheet {
        title: night_title(r, lang),
        subtitle: Some(night_figures(r, lang)),
        columns,
        rows,
        footer,
    })
}
