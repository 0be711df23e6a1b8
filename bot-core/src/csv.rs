//! CSV cells for the exports (the Bierrunde ledger, the cash book): RFC 4180 quoting, and
//! text a spreadsheet would run as a formula defused. The separator is the reader's: `,` in
//! English, `;` where the comma is the decimal mark (a German spreadsheet reads `;`).

/// One cell, separated by commas.
pub fn field(text: &str) -> String {
    field_with(text, ',')
}

/// One cell between `separator`s. A text starting with `=`, `+`, `-` or `@` gets a leading
/// `'` so a spreadsheet shows it instead of running it; a plain number (`-1`, `-2.50`,
/// `-2,50`) stays a number.
pub fn field_with(text: &str, separator: char) -> String {
    let guarded = if text.starts_with(['=', '+', '-', '@']) && !is_number(text) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if guarded.contains([separator, '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// `-12`, `3`, `-2.50`, `-2,50`: digits with an optional minus and one decimal mark.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once(['.', ',']).unwrap_or((digits, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && all_digits(fraction)
}

/// A row of cells separated by commas, ended by a newline.
pub fn row(cells: &[String]) -> String {
    row_with(cells, ',')
}

/// A row of cells between `separator`s, ended by a newline.
pub fn row_with(cells: &[String], separator: char) -> String {
    let mut out = cells
        .iter()
        .map(|c| field_with(c, separator))
        .collect::<Vec<_>>()
        .join(&separator.to_string());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_defused() {
        assert_eq!(field("Anna"), "Anna");
        assert_eq!(field("Müller, Jörg"), "\"Müller, Jörg\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(field("@boss"), "'@boss");
        assert_eq!(field("-1"), "-1");
        assert_eq!(field("-2.50"), "-2.50");
        assert_eq!(field("-rm"), "'-rm");
        assert_eq!(row(&["a".into(), "b,c".into()]), "a,\"b,c\"\n");
    }

    #[test]
    fn a_german_row_separates_with_semicolons_and_keeps_decimal_commas() {
        let cells = ["-2,50".to_string(), "Müller, Jörg".into(), "a;b".into()];
        assert_eq!(row_with(&cells, ';'), "-2,50;Müller, Jörg;\"a;b\"\n");
        assert_eq!(field_with("-2,50", ';'), "-2,50");
    }
}
