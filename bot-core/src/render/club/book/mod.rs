//! The cash book as files a treasurer opens (issue 32): CSV in the reader's way (`;` and
//! decimal commas in German, `,` and points in English) and a real spreadsheet (`.xlsx`, one
//! sheet of entries, one of balances, amounts in euros). Both carry the same cells: signed
//! amounts from the member's side (a charge −, a payment +), each member's running balance,
//! the cash the entry moved, claims marked as not booked, local times of the club's zone.

mod csv;
mod xlsx;

use super::money;
use crate::club::{BookLine, Cents, EntryKind};
use crate::render::FileOut;
use crate::service::BookFormat;
use crate::service::club::BookFile;
use crate::text::{Lang, arg_num, arg_text, tr};

pub use xlsx::XlsxError;

/// The cash book as the file asked for, in the reader's language.
pub fn book_file(file: &BookFile, lang: Lang) -> Result<FileOut, XlsxError> {
    let club = file
        .club_name
        .as_deref()
        .map(file_word)
        .filter(|w| !w.is_empty())
        .map(|w| format!("{w}-"))
        .unwrap_or_default();
    let stem = format!(
        "{}-{club}{}",
        tr(lang, "book-file-stem", &[]),
        crate::time::local_date(file.made_at, &file.time_zone)
    );
    Ok(match file.format {
        BookFormat::Csv => FileOut {
            name: format!("{stem}.csv"),
            bytes: csv::book_csv(file, lang).into_bytes(),
            mime: "text/csv",
        },
        BookFormat::Xlsx => FileOut {
            name: format!("{stem}.xlsx"),
            bytes: xlsx::book_xlsx(file, lang)?,
            mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        },
    })
}

/// A name as a word of a file name: `Schützenverein 1898 e.V.` → `schuetzenverein-1898-e-v`
/// (letters and digits in lower case, umlauts spelled out, every other run one hyphen, at
/// most 40 characters).
fn file_word(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            c if c.is_ascii_alphanumeric() => out.push(c),
            _ if !out.is_empty() && !out.ends_with('-') => out.push('-'),
            _ => {}
        }
    }
    let word: String = out.chars().take(40).collect();
    word.trim_end_matches('-').to_string()
}

/// The words that come with the file.
pub fn book_file_text(file: &BookFile, lang: Lang) -> String {
    let id = match file.format {
        BookFormat::Csv => "book-file-csv",
        BookFormat::Xlsx => "book-file-xlsx",
    };
    tr(
        lang,
        id,
        &[
            ("entries", arg_num(file.book.lines.len() as i64)),
            ("members", arg_num(file.book.balances.len() as i64)),
        ],
    )
}

/// The entries' columns, in order.
const COLUMNS: [&str; 13] = [
    "book-col-id",
    "book-col-time",
    "book-col-kind",
    "book-col-member",
    "book-col-amount",
    "book-col-balance",
    "book-col-cash",
    "book-col-booked",
    "book-col-reason",
    "book-col-evening",
    "book-col-by",
    "book-col-reverses",
    "book-col-reversed-by",
];

fn headers(lang: Lang) -> Vec<String> {
    COLUMNS.iter().map(|id| tr(lang, id, &[])).collect()
}

fn kind_word(kind: EntryKind, lang: Lang) -> String {
    tr(lang, &format!("club-entry-{}", kind.id()), &[])
}

fn yes_no(yes: bool, lang: Lang) -> String {
    tr(lang, if yes { "book-yes" } else { "book-no" }, &[])
}

/// Why the entry was made; a claim says what was claimed and whether it was booked since.
fn reason(line: &BookLine, lang: Lang) -> String {
    let e = &line.entry;
    if e.kind == EntryKind::Claim {
        let amount = arg_text(money(e.amount, lang));
        return match (line.confirmed_by, line.reversed_by) {
            (Some(id), _) => tr(
                lang,
                "book-claim-confirmed",
                &[("amount", amount), ("id", arg_num(id))],
            ),
            (None, Some(id)) => tr(
                lang,
                "book-claim-withdrawn",
                &[("amount", amount), ("id", arg_num(id))],
            ),
            (None, None) => tr(lang, "book-claim-open", &[("amount", amount)]),
        };
    }
    tr(lang, &format!("club-reason-{}", e.reason), &[])
}

/// Whether the line has a member's side at all (a payout has none).
fn has_member(line: &BookLine) -> bool {
    line.entry.member.is_some()
}

/// An amount as a plain number a spreadsheet sums: `-12,50` in German, `-12.50` in English,
/// no thousands mark, no euro sign (the column's header names the currency).
fn plain_amount(cents: Cents, lang: Lang) -> String {
    let (euros, rest) = cents.parts();
    let sign = if cents.0 < 0 { "-" } else { "" };
    let mark = match lang {
        Lang::De => ',',
        Lang::En => '.',
    };
    format!("{sign}{euros}{mark}{rest:02}")
}

/// A local time as the reader writes it.
fn local_time(ms: i64, zone: &str, lang: Lang) -> String {
    match lang {
        Lang::De => crate::time::local_time_de(ms, zone),
        Lang::En => crate::time::local_time(ms, zone),
    }
}

#[cfg(test)]
mod tests;
