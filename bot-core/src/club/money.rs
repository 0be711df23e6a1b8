//! Money in whole cents: never a float. Amounts are typed by people at the table ("2,50",
//! "2.50 €", "3"), so the parser takes both decimal marks and the euro sign, and refuses
//! what no club would book (negative amounts, a third decimal, more than the cap).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// An amount of euros in cents. Signed: a member's balance below zero is what he owes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Cents(pub i64);

/// The most a single amount may be: 10,000 € (a typo's extra zeros stay out of the box).
pub const MAX_AMOUNT: Cents = Cents(1_000_000);

/// Why a typed amount is not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("not an amount of euros")]
    NotAnAmount,
    #[error("negative amount")]
    Negative,
    #[error("more than two decimals")]
    TooPrecise,
    #[error("more than the largest amount")]
    TooLarge,
}

impl Cents {
    pub const ZERO: Cents = Cents(0);

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Whole euros and the cents after them, both without sign.
    pub fn parts(self) -> (u64, u64) {
        let abs = self.0.unsigned_abs();
        (abs / 100, abs % 100)
    }

    /// `self` split into `n` shares as equal as cents allow; the first shares take the
    /// odd cents, so the shares add up to `self` exactly.
    pub fn split(self, n: usize) -> Vec<Cents> {
        if n == 0 {
            return Vec::new();
        }
        let n_i = n as i64;
        let base = self.0.div_euclid(n_i);
        let rest = self.0.rem_euclid(n_i) as usize;
        (0..n).map(|i| Cents(base + i64::from(i < rest))).collect()
    }

    /// `self` times a count (a fee per lost half, say), capped instead of overflowing.
    pub fn times(self, count: u32) -> Cents {
        Cents(self.0.saturating_mul(i64::from(count)))
    }

    /// Parses an amount as typed: "2", "2,5", "2,50", "2.50", "2,50 €", "€2.50", "2,50€".
    pub fn parse(text: &str) -> Result<Cents, MoneyError> {
        let t = text.trim().replace(['€', ' ', '\u{a0}'], "");
        let t = t
            .strip_suffix("EUR")
            .or(t.strip_suffix("eur"))
            .unwrap_or(&t);
        if t.starts_with('-') || t.starts_with('−') {
            return Err(MoneyError::Negative);
        }
        let t = t.strip_prefix('+').unwrap_or(t);
        let (whole, fraction) = match t.find([',', '.']) {
            Some(i) => (&t[..i], &t[i + 1..]),
            None => (t, ""),
        };
        let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
            return Err(MoneyError::NotAnAmount);
        }
        if fraction.len() > 2 {
            return Err(MoneyError::TooPrecise);
        }
        // More digits than any allowed amount has: too large, not an overflow.
        if whole.len() > 7 {
            return Err(MoneyError::TooLarge);
        }
        let euros: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| MoneyError::NotAnAmount)?
        };
        let cents: i64 = match fraction.len() {
            0 => 0,
            1 => {
                fraction
                    .parse::<i64>()
                    .map_err(|_| MoneyError::NotAnAmount)?
                    * 10
            }
            _ => fraction.parse().map_err(|_| MoneyError::NotAnAmount)?,
        };
        let amount = Cents(euros * 100 + cents);
        if amount > MAX_AMOUNT {
            return Err(MoneyError::TooLarge);
        }
        Ok(amount)
    }
}

/// Plain, language-neutral form for logs and CSV: "-2.50".
impl fmt::Display for Cents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (euros, cents) = self.parts();
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}{euros}.{cents:02}")
    }
}

impl Add for Cents {
    type Output = Cents;
    fn add(self, other: Cents) -> Cents {
        Cents(self.0 + other.0)
    }
}

impl AddAssign for Cents {
    fn add_assign(&mut self, other: Cents) {
        self.0 += other.0;
    }
}

impl Sub for Cents {
    type Output = Cents;
    fn sub(self, other: Cents) -> Cents {
        Cents(self.0 - other.0)
    }
}

impl SubAssign for Cents {
    fn sub_assign(&mut self, other: Cents) {
        self.0 -= other.0;
    }
}

impl Neg for Cents {
    type Output = Cents;
    fn neg(self) -> Cents {
        Cents(-self.0)
    }
}

impl Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        iter.fold(Cents::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_as_typed() {
        for (text, cents) in [
            ("2", 200),
            ("2,5", 250),
            ("2,50", 250),
            ("2.50", 250),
            ("2,50 €", 250),
            ("€2.50", 250),
            ("2,50€", 250),
            (",50", 50),
            ("0,05", 5),
            ("3,", 300),
            ("10 EUR", 1000),
            ("10000", 1_000_000),
        ] {
            assert_eq!(Cents::parse(text), Ok(Cents(cents)), "{text}");
        }
    }

    #[test]
    fn bad_amounts_are_refused_with_the_reason() {
        assert_eq!(Cents::parse("-2"), Err(MoneyError::Negative));
        assert_eq!(Cents::parse("−2,50"), Err(MoneyError::Negative));
        assert_eq!(Cents::parse("2,505"), Err(MoneyError::TooPrecise));
        assert_eq!(Cents::parse("10000,01"), Err(MoneyError::TooLarge));
        assert_eq!(
            Cents::parse("99999999999999999999"),
            Err(MoneyError::TooLarge)
        );
        for text in ["", "€", "zwei", "2,5,0", "1e3", "2 50x", ","] {
            assert_eq!(Cents::parse(text), Err(MoneyError::NotAnAmount), "{text}");
        }
    }

    #[test]
    fn a_split_adds_up_to_the_whole() {
        assert_eq!(Cents(100).split(3), vec![Cents(34), Cents(33), Cents(33)]);
        assert_eq!(Cents(-100).split(3).into_iter().sum::<Cents>(), Cents(-100));
        assert!(Cents(5).split(0).is_empty());
    }

    #[test]
    fn plain_form_has_two_decimals() {
        assert_eq!(Cents(250).to_string(), "2.50");
        assert_eq!(Cents(-5).to_string(), "-0.05");
    }
}
