//! Club nights in words: the evening's report, the catalogue, the cash box, ratings, the
//! championship, their notices and refusals; `picture` draws the evening as a PNG.

pub mod book;
mod errors;
mod money;
mod notices;
mod picture;
mod report;

pub use book::{book_file, book_file_text};
pub use errors::club_error_text;
pub use money::money;
pub use notices::club_notice_text;
pub use picture::night_picture;
pub use report::night_caption;

use super::Voice;
use crate::club::{AbsentFee, CatalogueKey, PenaltyCatalogue};
use crate::service::club::ClubContent;
use crate::store::CashBalances;
use crate::text::{Lang, arg_num, arg_text, tr};

/// A club answer as text.
pub fn club_content_text(c: &ClubContent, voice: Voice) -> String {
    let lang = voice.lang;
    match c {
        ClubContent::Night(report) => report::night_text(report, lang),
        ClubContent::Catalogue(catalogue) => catalogue_text(catalogue, voice),
        ClubContent::CashBox(balances) => cash_box_text(balances, lang),
        ClubContent::CashHistory {
            rows,
            page,
            pages,
            time_zone,
        } => report::cash_history_text(rows, *page, *pages, time_zone, lang),
        ClubContent::CashBookFile(file) => book_file_text(file, lang),
        ClubContent::Ratings(list) => report::ratings_text(list, lang),
        ClubContent::Championship {
            season,
            evenings,
            lines,
        } => report::championship_text(*season, *evenings, lines, lang),
    }
}

fn catalogue_text(c: &PenaltyCatalogue, voice: Voice) -> String {
    let lang = voice.lang;
    let mut out = vec![tr(lang, "club-catalogue-title", &[])];
    for key in CatalogueKey::ALL {
        let value = match key {
            CatalogueKey::GameLost => money(c.game_lost, lang),
            CatalogueKey::HalfLost => money(c.half_lost, lang),
            CatalogueKey::SchockAusReceived => money(c.schock_aus_received, lang),
            CatalogueKey::Bierrunde => money(c.bierrunde, lang),
            CatalogueKey::EveningFee => money(c.evening_fee, lang),
            CatalogueKey::LateFee => money(c.late_fee, lang),
            CatalogueKey::RoundPrice => money(c.round_price, lang),
            CatalogueKey::Absent => match c.absent {
                AbsentFee::Average => tr(lang, "club-absent-average", &[]),
                AbsentFee::Nothing => tr(lang, "club-absent-nothing", &[]),
            },
            CatalogueKey::ReminderDays => tr(
                lang,
                "club-reminder-days",
                &[("days", arg_num(c.reminder_days))],
            ),
        };
        out.push(tr(
            lang,
            "club-catalogue-line",
            &[
                ("label", arg_text(key_label(key, lang))),
                ("key", arg_text(errors::key_word(key, lang))),
                ("value", arg_text(value)),
            ],
        ));
    }
    out.push(voice.tr("club-catalogue-how", &[]));
    out.join("\n")
}

fn key_label(key: CatalogueKey, lang: Lang) -> String {
    tr(lang, &format!("club-key-{}", key.word()), &[])
}

fn cash_box_text(b: &CashBalances, lang: Lang) -> String {
    let mut out = vec![tr(
        lang,
        "club-cash-title",
        &[("cash", arg_text(money(b.in_box, lang)))],
    )];
    if b.members.is_empty() {
        out.push(tr(lang, "club-cash-all-square", &[]));
    }
    for (_, name, balance) in &b.members {
        let id = if balance.0 > 0 {
            "club-cash-owes"
        } else {
            "club-cash-credit"
        };
        out.push(tr(
            lang,
            id,
            &[
                ("name", arg_text(name.clone())),
                (
                    "amount",
                    arg_text(money(crate::club::Cents(balance.0.abs()), lang)),
                ),
            ],
        ));
    }
    out.join("\n")
}
