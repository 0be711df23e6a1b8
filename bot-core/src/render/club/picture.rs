//! The evening as a picture (a PNG of its table), posted beside the text summary: what each
//! member played, what the catalogue charged him kind by kind, and, once the evening is
//! closed, where his cash account stands.

use super::money;
use super::report::{
    absent_share_line, balance_word, best_line, box_line, night_figures, night_title, presence_word,
};
use crate::club::{ChargeKind, MemberNight, Presence};
use crate::render::sheet::{Align, Column, Sheet, SheetError, sheet_png};
use crate::service::club::NightReport;
use crate::text::{Lang, tr};

#[cfg(test)]
mod tests;

/// The kinds a member can be charged for, in the order of their columns: what being there
/// (or not) cost first, then what the games cost.
const CHARGE_COLUMNS: [(ChargeKind, &str); 7] = [
    (ChargeKind::EveningFee, "club-col-fee"),
    (ChargeKind::LateFee, "club-col-late-fee"),
    (ChargeKind::GameLost, "club-col-lost-money"),
    (ChargeKind::HalfLost, "club-col-halves-money"),
    (ChargeKind::SchockAusReceived, "club-col-schock-money"),
    (ChargeKind::Bierrunde, "club-col-rounds-money"),
    (ChargeKind::Absent, "club-col-absent"),
];

/// The evening's table as a PNG in the reader's language.
pub fn night_picture(r: &NightReport, lang: Lang) -> Result<Vec<u8>, SheetError> {
    sheet_png(&night_sheet(r, lang))
}

/// The evening's table: the counts, a money column for each kind charged to anybody that
/// evening (a short catalogue keeps the picture narrow), the penalties in all and, once
/// closed, each member's balance.
fn night_sheet(r: &NightReport, lang: Lang) -> Sheet {
    let column = |id: &str, align| Column {
        header: tr(lang, id, &[]),
        align,
    };
    let kinds = charged_kinds(&r.members);
    let with_balance = r.closed_at.is_some() && r.members.iter().any(|m| m.balance.is_some());
    let mut columns = vec![
        column("club-col-player", Align::Left),
        column("club-col-games", Align::Right),
        column("club-col-lost", Align::Right),
        column("club-col-halves", Align::Right),
        column("club-col-schock", Align::Right),
        column("club-col-rounds", Align::Right),
    ];
    columns.extend(kinds.iter().map(|(_, id)| column(id, Align::Right)));
    columns.push(column("club-col-penalties", Align::Right));
    if with_balance {
        columns.push(column("club-col-balance", Align::Right));
    }
    let rows = r
        .members
        .iter()
        .map(|m| member_row(m, &kinds, with_balance, lang))
        .collect();
    Sheet {
        title: night_title(r, lang),
        subtitle: Some(night_figures(r, lang)),
        columns,
        rows,
        footer: footer(r, lang),
    }
}

/// The kinds (with their header's id) charged to at least one member.
fn charged_kinds(members: &[MemberNight]) -> Vec<(ChargeKind, &'static str)> {
    CHARGE_COLUMNS
        .into_iter()
        .filter(|(kind, _)| {
            let mut charges = members.iter().flat_map(|m| &m.charges);
            charges.any(|(k, _)| k == kind)
        })
        .collect()
}

fn member_row(
    m: &MemberNight,
    kinds: &[(ChargeKind, &str)],
    with_balance: bool,
    lang: Lang,
) -> Vec<String> {
    let name = match m.presence {
        Presence::Present => m.name.clone(),
        p => format!("{} ({})", m.name, presence_word(p, lang)),
    };
    // The absent played nothing: a dash, not a row of zeros that looks like a bad night.
    let absent = m.presence == Presence::Absent;
    let count = |n: u32| {
        if absent {
            "–".to_string()
        } else {
            n.to_string()
        }
    };
    let mut row = vec![
        name,
        count(m.games),
        count(m.lost),
        count(m.halves_lost),
        count(m.schock_aus_received),
        count(m.bierrunden),
    ];
    // A kind not charged to him stays empty, so his charges stand out.
    row.extend(kinds.iter().map(|(kind, _)| {
        let own = m.charges.iter().filter(|(k, _)| k == kind);
        match own.map(|(_, amount)| *amount).reduce(|a, b| a + b) {
            Some(amount) => money(amount, lang),
            None => String::new(),
        }
    }));
    row.push(money(m.penalties, lang));
    if with_balance {
        row.push(m.balance.map_or(String::new(), |b| balance_word(b, lang)));
    }
    row
}

/// Under the table: how the absent members' share was reckoned (it explains a column),
/// the best throw, and the cash box once the evening is closed.
fn footer(r: &NightReport, lang: Lang) -> Vec<String> {
    let mut footer: Vec<String> = absent_share_line(r, lang).into_iter().collect();
    footer.extend(best_line(r, lang));
    if r.closed_at.is_some() {
        footer.push(box_line(r, lang));
    }
    footer
}
