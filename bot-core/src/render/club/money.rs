//! Euros as a German or English reader writes them: "1.234,50 €", "€1,234.50".

use crate::club::Cents;
use crate::text::Lang;

/// `cents` in the reader's way; a negative amount with a minus sign (−).
pub fn money(cents: Cents, lang: Lang) -> String {
    let (euros, rest) = cents.parts();
    let (group, decimal) = match lang {
        Lang::De => ('.', ','),
        Lang::En => (',', '.'),
    };
    let digits = euros.to_string();
    let mut whole = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            whole.push(group);
        }
        whole.push(c);
    }
    let sign = if cents.0 < 0 { "−" } else { "" };
    match lang {
        Lang::De => format!("{sign}{whole}{decimal}{rest:02} €"),
        Lang::En => format!("{sign}€{whole}{decimal}{rest:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_as_the_reader_writes_them() {
        assert_eq!(money(Cents(250), Lang::De), "2,50 €");
        assert_eq!(money(Cents(250), Lang::En), "€2.50");
        assert_eq!(money(Cents(123_450), Lang::De), "1.234,50 €");
        assert_eq!(money(Cents(123_450), Lang::En), "€1,234.50");
        assert_eq!(money(Cents(-5), Lang::De), "−0,05 €");
        assert_eq!(money(Cents(0), Lang::En), "€0.00");
    }
}
