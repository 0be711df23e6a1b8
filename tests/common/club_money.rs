//! Club money as a treasurer checks it after an evening (issue 32): the cash book's CSV and
//! spreadsheet read back and summed per member, compared with the balances the cash box
//! shows. Included by the club tests alone (`#[path]`).

use std::collections::BTreeMap;

/// The penalty catalogue of the money evening: a Schock aus received costs 0,33 € so the
/// absent member's average has to be rounded down (19,66 € ÷ 5 = 3,932 €).
pub const MONEY_CATALOGUE: &str = "spiel=1 haelfte=0,50 schockaus=0,33 bierrunde=2 abend=3";

/// Cents from a plain amount cell (`-12,50`, `-12.50`); `None` for a blank cell.
pub fn cell_cents(cell: &str) -> Option<i64> {
    let cell = cell.trim();
    if cell.is_empty() {
        return None;
    }
    let (sign, digits) = match cell.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, cell),
    };
    let (euros, rest) = digits.split_once([',', '.'])?;
    Some(sign * (euros.parse::<i64>().ok()? * 100 + rest.parse::<i64>().ok()?))
}

/// The rows of a CSV file (after its header), split at `separator` outside quotes.
pub fn csv_rows(text: &str, separator: char) -> Vec<Vec<String>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().skip(1).map(|l| split(l, separator)).collect()
}

fn split(line: &str, separator: char) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        let cell = cells.len() - 1;
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                cells[cell].push('"');
            }
            '"' => quoted = !quoted,
            c if c == separator && !quoted => cells.push(String::new()),
            c => cells[cell].push(c),
        }
    }
    cells
}

/// What a treasurer sums in the cash book: each member's amounts (column 5, from his side:
/// below zero he owes) and the cash column (7).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Sums {
    pub members: BTreeMap<String, i64>,
    pub cash: i64,
}

pub fn csv_sums(rows: &[Vec<String>]) -> Sums {
    let mut sums = Sums::default();
    for r in rows {
        assert_eq!(r.len(), 13, "every row has every column: {r:?}");
        if let Some(amount) = cell_cents(&r[4]) {
            *sums.members.entry(r[3].clone()).or_default() += amount;
        }
        sums.cash += cell_cents(&r[6]).unwrap_or(0);
    }
    sums
}

/// The spreadsheet's sums: the entries sheet summed as [`csv_sums`] does, and what its
/// balances sheet lists (members, and the cash in the box).
pub fn xlsx_sums(bytes: &[u8]) -> (Sums, Sums) {
    use calamine::{Data, Reader, Xlsx};
    let mut book: Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).expect("an xlsx");
    let names = book.sheet_names();
    assert_eq!(names.len(), 2, "entries and balances: {names:?}");
    let cents = |d: &Data| match d {
        Data::Float(f) => Some((f * 100.0).round() as i64),
        Data::Int(i) => Some(i * 100),
        _ => None,
    };
    let entries = book.worksheet_range(&names[0]).expect("the entries");
    let mut summed = Sums::default();
    for r in entries.rows().skip(1) {
        assert!(matches!(r[1], Data::DateTime(_)), "a date cell: {:?}", r[1]);
        if let Some(amount) = cents(&r[4]) {
            *summed.members.entry(r[3].to_string()).or_default() += amount;
        }
        summed.cash += cents(&r[6]).unwrap_or(0);
    }
    let balances = book.worksheet_range(&names[1]).expect("the balances");
    let mut listed = Sums::default();
    let rows: Vec<&[Data]> = balances.rows().skip(1).collect();
    for (i, r) in rows.iter().enumerate() {
        let (Data::String(name), Some(b)) = (&r[0], cents(&r[1])) else {
            continue;
        };
        // The box's cash is the last line, a row apart from the members.
        if i + 1 == rows.len() {
            listed.cash = b;
        } else {
            listed.members.insert(name.clone(), b);
        }
    }
    (summed, listed)
}
