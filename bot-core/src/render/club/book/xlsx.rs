//! The cash book as a spreadsheet (`.xlsx`, written with `rust_xlsxwriter`): a sheet of
//! entries (numbers as numbers, amounts formatted in euros, times as date cells in the club's
//! zone) and a sheet of every member's balance with the cash in the box. The spreadsheet
//! shows the separators of whoever opens it.

use super::{BookLine, has_member, headers, kind_word, reason, yes_no};
use crate::club::Cents;
use crate::service::club::BookFile;
use crate::text::{Lang, tr};
use rust_xlsxwriter::{DocProperties, ExcelDateTime, Format, Workbook, Worksheet};

pub use rust_xlsxwriter::XlsxError;

/// Euros with two decimals, negatives in red.
const EURO: &str = "#,##0.00 \"€\";[Red]-#,##0.00 \"€\"";

struct Formats {
    header: Format,
    euro: Format,
    time: Format,
}

pub(super) fn book_xlsx(file: &BookFile, lang: Lang) -> Result<Vec<u8>, XlsxError> {
    let formats = Formats {
        header: Format::new().set_bold(),
        euro: Format::new().set_num_format(EURO),
        time: Format::new().set_num_format(match lang {
            Lang::De => "dd.mm.yyyy hh:mm",
            Lang::En => "yyyy-mm-dd hh:mm",
        }),
    };
    let mut workbook = Workbook::new();
    // The file's own date is the book's, so the same book gives the same file.
    if let Some(made) = date_cell(file.made_at, &file.time_zone) {
        workbook.set_properties(&DocProperties::new().set_creation_datetime(&made));
    }
    workbook.push_worksheet(entries_sheet(file, lang, &formats)?);
    workbook.push_worksheet(balances_sheet(file, lang, &formats)?);
    workbook.save_to_buffer()
}

fn euros(cents: Cents) -> f64 {
    cents.0 as f64 / 100.0
}

fn date_cell(ms: i64, zone: &str) -> Option<ExcelDateTime> {
    let t = crate::time::local_datetime(ms, zone)?;
    let date = ExcelDateTime::from_ymd(
        u16::try_from(t.year()).ok()?,
        u8::try_from(t.month()).ok()?,
        u8::try_from(t.day()).ok()?,
    )
    .ok()?;
    date.and_hms(
        u16::try_from(t.hour()).ok()?,
        u8::try_from(t.minute()).ok()?,
        u8::try_from(t.second()).ok()?,
    )
    .ok()
}

fn header_row(sheet: &mut Worksheet, titles: &[String], f: &Formats) -> Result<(), XlsxError> {
    for (col, title) in titles.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, title, &f.header)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    Ok(())
}

fn entries_sheet(file: &BookFile, lang: Lang, f: &Formats) -> Result<Worksheet, XlsxError> {
    let mut sheet = Worksheet::new();
    sheet.set_name(tr(lang, "book-sheet-entries", &[]))?;
    let titles = headers(lang);
    header_row(&mut sheet, &titles, f)?;
    for (i, line) in file.book.lines.iter().enumerate() {
        entry_row(&mut sheet, i as u32 + 1, line, file, lang, f)?;
    }
    let last = file.book.lines.len() as u32;
    sheet.autofilter(0, 0, last, titles.len() as u16 - 1)?;
    for (col, width) in [6, 17, 22, 18, 12, 13, 11, 9, 40, 7, 16, 10, 13]
        .into_iter()
        .enumerate()
    {
        sheet.set_column_width(col as u16, width)?;
    }
    Ok(sheet)
}

fn entry_row(
    sheet: &mut Worksheet,
    row: u32,
    line: &BookLine,
    file: &BookFile,
    lang: Lang,
    f: &Formats,
) -> Result<(), XlsxError> {
    let e = &line.entry;
    sheet.write_number(row, 0, e.id as f64)?;
    match date_cell(e.at, &file.time_zone) {
        Some(at) => sheet.write_datetime_with_format(row, 1, &at, &f.time)?,
        None => sheet.write_string(row, 1, "?")?,
    };
    sheet.write_string(row, 2, kind_word(e.kind, lang))?;
    sheet.write_string(row, 3, &e.member_name)?;
    if has_member(line) {
        sheet.write_number_with_format(row, 4, euros(line.amount), &f.euro)?;
    }
    if let Some(balance) = line.balance {
        sheet.write_number_with_format(row, 5, euros(balance), &f.euro)?;
    }
    if !line.cash.is_zero() {
        sheet.write_number_with_format(row, 6, euros(line.cash), &f.euro)?;
    }
    sheet.write_string(row, 7, yes_no(line.booked, lang))?;
    sheet.write_string(row, 8, reason(line, lang))?;
    let ids = [(9, e.night_id), (11, e.reverses), (12, line.reversed_by)];
    for (col, id) in ids {
        if let Some(id) = id {
            sheet.write_number(row, col, id as f64)?;
        }
    }
    sheet.write_string(row, 10, &e.actor_name)?;
    Ok(())
}

fn balances_sheet(file: &BookFile, lang: Lang, f: &Formats) -> Result<Worksheet, XlsxError> {
    let mut sheet = Worksheet::new();
    sheet.set_name(tr(lang, "book-sheet-balances", &[]))?;
    let titles = [
        tr(lang, "book-col-member", &[]),
        tr(lang, "book-col-balance", &[]),
    ];
    header_row(&mut sheet, &titles, f)?;
    let mut row = 1;
    for m in &file.book.balances {
        sheet.write_string(row, 0, &m.name)?;
        sheet.write_number_with_format(row, 1, euros(m.balance), &f.euro)?;
        row += 1;
    }
    // The cash in the box, a row apart from the members.
    row += 1;
    sheet.write_string_with_format(row, 0, tr(lang, "book-in-box", &[]), &f.header)?;
    sheet.write_number_with_format(row, 1, euros(file.book.in_box), &f.euro)?;
    sheet.set_column_width(0, 24)?;
    sheet.set_column_width(1, 14)?;
    Ok(sheet)
}
