//! The cash book as CSV: one header row, one row per entry, oldest first; `;` and decimal
//! commas for a German reader, `,` and points for an English one; a byte-order mark so a
//! spreadsheet reads the umlauts as UTF-8.

use super::{has_member, headers, kind_word, local_time, plain_amount, reason, yes_no};
use crate::club::BookLine;
use crate::service::club::BookFile;
use crate::text::Lang;

const BOM: &str = "\u{feff}";

pub(super) fn book_csv(file: &BookFile, lang: Lang) -> String {
    let separator = match lang {
        Lang::De => ';',
        Lang::En => ',',
    };
    let mut out = String::from(BOM);
    out.push_str(&crate::csv::row_with(&headers(lang), separator));
    for line in &file.book.lines {
        out.push_str(&crate::csv::row_with(
            &cells(line, &file.time_zone, lang),
            separator,
        ));
    }
    out
}

fn cells(line: &BookLine, zone: &str, lang: Lang) -> Vec<String> {
    let e = &line.entry;
    let id_or_blank = |id: Option<i64>| id.map(|i| i.to_string()).unwrap_or_default();
    let member = has_member(line);
    vec![
        e.id.to_string(),
        local_time(e.at, zone, lang),
        kind_word(e.kind, lang),
        e.member_name.clone(),
        if member {
            plain_amount(line.amount, lang)
        } else {
            String::new()
        },
        line.balance
            .map(|b| plain_amount(b, lang))
            .unwrap_or_default(),
        if line.cash.is_zero() {
            String::new()
        } else {
            plain_amount(line.cash, lang)
        },
        yes_no(line.booked, lang),
        reason(line, lang),
        id_or_blank(e.night_id),
        e.actor_name.clone(),
        id_or_blank(e.reverses),
        id_or_blank(line.reversed_by),
    ]
}
