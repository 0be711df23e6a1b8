//! The cash book's files read back as a spreadsheet would: every member's amounts sum to his
//! balance, the cash column to the cash in the box, claims book nothing.

use super::*;
use crate::club::cashbox::{charge, payment, payout, reversal};
use crate::club::{CashBook, CashRow, Posting, cash_book};
use crate::model::ids::UserId;
use std::collections::BTreeMap;

/// 2026-12-05 19:00 UTC (20:00 in Berlin).
const EVENING: i64 = 1_796_497_200_000;

fn user(name: &str) -> UserId {
    UserId(format!("test:{}", name.to_lowercase()))
}

fn row(id: i64, kind: EntryKind, name: Option<&str>, amount: i64, reason: &str) -> CashRow {
    CashRow {
        id,
        at: EVENING + id * 60_000,
        kind,
        member: name.map(user),
        member_name: name.unwrap_or_default().to_string(),
        amount: Cents(amount),
        reason: reason.to_string(),
        night_id: None,
        actor: "test:max".into(),
        actor_name: "Max".into(),
        reverses: None,
        confirms: None,
        reversed: false,
        confirmed: false,
    }
}

/// Anna's penalties, her claim confirmed by Ben and a part of it taken back; Jörg's
/// "Müller, Jörg" name with a comma; an open claim; a payout for the club.
fn book() -> CashBook {
    let anna = user("Anna");
    let jorg = user("Müller, Jörg");
    let paid = payment(&anna, Cents(2000));
    let entries: Vec<(CashRow, Vec<Posting>)> = vec![
        (
            CashRow {
                night_id: Some(3),
                ..row(1, EntryKind::Charge, Some("Anna"), 450, "game_lost")
            },
            charge(&anna, Cents(450)),
        ),
        (
            row(2, EntryKind::Charge, Some("Müller, Jörg"), 1234, "absent"),
            charge(&jorg, Cents(1234)),
        ),
        (
            CashRow {
                confirmed: true,
                ..row(3, EntryKind::Claim, Some("Anna"), 2000, "claim")
            },
            Vec::new(),
        ),
        (
            CashRow {
                confirms: Some(3),
                reversed: true,
                ..row(4, EntryKind::Payment, Some("Anna"), 2000, "payment")
            },
            paid.clone(),
        ),
        (
            CashRow {
                reverses: Some(4),
                ..row(5, EntryKind::Reversal, Some("Anna"), -2000, "undo")
            },
            reversal(&paid),
        ),
        (
            row(6, EntryKind::Payment, Some("Müller, Jörg"), 500, "payment"),
            payment(&jorg, Cents(500)),
        ),
        (
            row(7, EntryKind::Claim, Some("Anna"), 300, "claim"),
            Vec::new(),
        ),
        (
            row(8, EntryKind::Payout, None, 200, "payout"),
            payout(Cents(200)),
        ),
        // A claim rejected (or withdrawn): its reversal books nothing either.
        (
            CashRow {
                reversed: true,
                ..row(9, EntryKind::Claim, Some("Anna"), 100, "claim")
            },
            Vec::new(),
        ),
        (
            CashRow {
                reverses: Some(9),
                ..row(10, EntryKind::Reversal, Some("Anna"), -100, "undo")
            },
            Vec::new(),
        ),
    ];
    cash_book(&entries)
}

fn file(format: BookFormat) -> BookFile {
    BookFile {
        book: book(),
        format,
        time_zone: "Europe/Berlin".into(),
        made_at: EVENING + 3_600_000,
        club_name: None,
    }
}

#[test]
fn the_files_name_carries_the_clubs_name_and_the_date() {
    let named = BookFile {
        club_name: Some("Schützenverein 1898 e.V. – Theke".into()),
        ..file(BookFormat::Csv)
    };
    let out = book_file(&named, Lang::De).expect("csv");
    assert_eq!(
        out.name,
        "kassenbuch-schuetzenverein-1898-e-v-theke-2026-12-05.csv"
    );
    let odd = BookFile {
        club_name: Some("🍺 -- ".into()),
        ..file(BookFormat::Xlsx)
    };
    let out = book_file(&odd, Lang::En).expect("xlsx");
    assert_eq!(out.name, "cashbook-2026-12-05.xlsx");
}

/// Cents from a plain amount cell (`-12,50` or `-12.50`); `None` for a blank one.
fn cents(cell: &str) -> Option<i64> {
    if cell.is_empty() {
        return None;
    }
    let (sign, digits) = match cell.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, cell),
    };
    let (euros, rest) = digits.split_once([',', '.']).expect("two decimals");
    Some(sign * (euros.parse::<i64>().expect("euros") * 100 + rest.parse::<i64>().expect("ct")))
}

/// Splits a CSV line at `separator` outside quotes.
fn split(line: &str, separator: char) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                cells.last_mut().expect("cell").push('"');
            }
            '"' => quoted = !quoted,
            c if c == separator && !quoted => cells.push(String::new()),
            c => cells.last_mut().expect("cell").push(c),
        }
    }
    cells
}

fn sums_of(rows: &[Vec<String>]) -> (BTreeMap<String, i64>, i64) {
    let mut members: BTreeMap<String, i64> = BTreeMap::new();
    let mut cash = 0;
    for r in rows {
        if let Some(amount) = cents(&r[4]) {
            *members.entry(r[3].clone()).or_default() += amount;
        }
        cash += cents(&r[6]).unwrap_or(0);
    }
    (members, cash)
}

#[test]
fn the_german_csv_sums_to_every_balance_and_the_cash_in_the_box() {
    let out = book_file(&file(BookFormat::Csv), Lang::De).expect("csv");
    assert_eq!(out.name, "kassenbuch-2026-12-05.csv");
    assert_eq!(out.mime, "text/csv");
    let text = String::from_utf8(out.bytes).expect("utf-8");
    let text = text
        .strip_prefix('\u{feff}')
        .expect("a byte-order mark for spreadsheets");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "Nr.;Zeit;Art;Mitglied;Betrag (€);Kontostand (€);Kasse (€);Gebucht;Grund;Abend;Von;Storno zu Nr.;Storniert mit Nr."
        )
    );
    let rows: Vec<Vec<String>> = lines.map(|l| split(l, ';')).collect();
    assert!(rows.iter().all(|r| r.len() == 13), "{rows:?}");
    assert_eq!(
        rows[0][1], "05.12.2026 20:01",
        "local time of the club's zone"
    );
    assert_eq!(
        rows[0][4], "-4,50",
        "a charge is negative from the member's side"
    );
    assert_eq!(rows[1][3], "Müller, Jörg");
    // Claims book nothing and say so.
    assert_eq!((rows[2][4].as_str(), rows[2][7].as_str()), ("0,00", "nein"));
    assert_eq!(rows[2][8], "gemeldet: 20,00 €, gebucht mit Nr. 4");
    assert_eq!(rows[6][8], "gemeldet: 3,00 €, wartet auf Bestätigung");
    assert_eq!(
        rows[8][8],
        "gemeldet: 1,00 €, abgelehnt oder zurückgezogen mit Nr. 10, nichts gebucht"
    );
    assert_eq!((rows[9][4].as_str(), rows[9][7].as_str()), ("0,00", "nein"));
    assert_eq!(rows[3][12], "5", "the payment was reversed by no. 5");
    let (sums, cash) = sums_of(&rows);
    let book = book();
    for m in &book.balances {
        assert_eq!(sums.get(&m.name), Some(&m.balance.0), "{}", m.name);
        // The running balance's last value is the balance, too.
        let last = rows.iter().rev().find(|r| r[3] == m.name).expect("a row");
        assert_eq!(cents(&last[5]), Some(m.balance.0), "{}", m.name);
    }
    assert_eq!(sums.get("Anna"), Some(&-450));
    assert_eq!(sums.get("Müller, Jörg"), Some(&-734));
    assert_eq!(cash, book.in_box.0);
    assert_eq!(cash, 300, "Jörg's 5 € in, 2 € paid out");
}

#[test]
fn the_english_csv_separates_with_commas_and_decimal_points() {
    let out = book_file(&file(BookFormat::Csv), Lang::En).expect("csv");
    assert_eq!(out.name, "cashbook-2026-12-05.csv");
    let text = String::from_utf8(out.bytes).expect("utf-8");
    let rows: Vec<Vec<String>> = text.lines().skip(1).map(|l| split(l, ',')).collect();
    assert_eq!(rows[0][1], "2026-12-05 20:01");
    assert_eq!(rows[0][4], "-4.50");
    let (sums, cash) = sums_of(&rows);
    assert_eq!(sums.get("Müller, Jörg"), Some(&-734));
    assert_eq!(cash, 300);
}

#[test]
fn the_spreadsheet_has_a_sheet_of_entries_and_one_of_balances_that_agree() {
    use calamine::{Data, Reader, Xlsx};
    let out = book_file(&file(BookFormat::Xlsx), Lang::De).expect("xlsx");
    assert_eq!(out.name, "kassenbuch-2026-12-05.xlsx");
    let mut workbook: Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(out.bytes)).expect("an xlsx");
    assert_eq!(workbook.sheet_names(), ["Buchungen", "Kontostände"]);
    let entries = workbook.worksheet_range("Buchungen").expect("entries");
    let number = |d: &Data| match d {
        Data::Float(f) => Some((f * 100.0).round() as i64),
        Data::Int(i) => Some(i * 100),
        _ => None,
    };
    let mut sums: BTreeMap<String, i64> = BTreeMap::new();
    let mut cash = 0;
    for r in entries.rows().skip(1) {
        if let Some(amount) = number(&r[4]) {
            *sums.entry(r[3].to_string()).or_default() += amount;
        }
        cash += number(&r[6]).unwrap_or(0);
        assert!(matches!(r[1], Data::DateTime(_)), "a date cell: {:?}", r[1]);
    }
    let balances = workbook.worksheet_range("Kontostände").expect("balances");
    let mut listed: BTreeMap<String, i64> = BTreeMap::new();
    let mut in_box = None;
    for r in balances.rows().skip(1) {
        match (&r[0], number(&r[1])) {
            (Data::String(name), Some(b)) if name == "Bargeld in der Kasse" => in_box = Some(b),
            (Data::String(name), Some(b)) => {
                listed.insert(name.clone(), b);
            }
            _ => {}
        }
    }
    assert_eq!(sums, listed, "each member's entries sum to his balance");
    assert_eq!(
        listed,
        BTreeMap::from([
            ("Anna".to_string(), -450),
            ("Müller, Jörg".to_string(), -734)
        ])
    );
    assert_eq!(in_box, Some(cash));
    assert_eq!(cash, 300);
}

#[test]
fn the_same_book_gives_the_same_spreadsheet() {
    let a = book_file(&file(BookFormat::Xlsx), Lang::En).expect("xlsx");
    let b = book_file(&file(BookFormat::Xlsx), Lang::En).expect("xlsx");
    assert_eq!(a, b);
}
