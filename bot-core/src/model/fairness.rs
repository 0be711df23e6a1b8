//! A chat's dice statistics: how often each face fell, against the expected count, with
//! Pearson's chi-square test (5 degrees of freedom) and its p-value.

use serde::Serialize;

/// The fairness report of a chat's finished games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FairnessReport {
    /// Dice showing 1, …, 6.
    pub faces: [u64; 6],
    pub games: u64,
    /// All dice counted.
    pub dice: u64,
    /// Dice per face a fair die gives on average: `dice / 6`.
    pub expected: f64,
    pub chi_square: f64,
    /// The chance that fair dice stray at least this far from the expected counts.
    pub p_value: f64,
}

impl FairnessReport {
    pub fn new(faces: [u64; 6], games: u64) -> FairnessReport {
        let dice: u64 = faces.iter().sum();
        let expected = dice as f64 / 6.0;
        let chi_square = if dice == 0 {
            0.0
        } else {
            faces
                .iter()
                .map(|&f| (f as f64 - expected).powi(2) / expected)
                .sum()
        };
        FairnessReport {
            faces,
            games,
            dice,
            expected,
            chi_square,
            p_value: chi_square_p_df5(chi_square),
        }
    }
}

/// The upper tail of the chi-square distribution with 5 degrees of freedom:
/// `erfc(√(x/2)) + √(2x/π) · e^(−x/2) · (1 + x/3)`.
pub fn chi_square_p_df5(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return 1.0;
    }
    let tail = (2.0 * x / std::f64::consts::PI).sqrt() * (-x / 2.0).exp() * (1.0 + x / 3.0);
    (erfc((x / 2.0).sqrt()) + tail).clamp(0.0, 1.0)
}

/// The complementary error function (Numerical Recipes' Chebyshev fit, relative error below
/// 1.2e-7 everywhere; plenty for a p-value).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Critical values of the chi-square distribution with 5 degrees of freedom.
    #[test]
    fn p_values_match_the_tables() {
        assert!(close(chi_square_p_df5(11.070), 0.05, 1e-4));
        assert!(close(chi_square_p_df5(15.086), 0.01, 1e-4));
        assert!(close(chi_square_p_df5(20.515), 0.001, 1e-5));
        assert!(close(chi_square_p_df5(4.351), 0.5, 1e-3));
        assert_eq!(chi_square_p_df5(0.0), 1.0);
        assert_eq!(chi_square_p_df5(f64::NAN), 1.0);
    }

    #[test]
    fn the_report_counts_and_tests() {
        let even = FairnessReport::new([10; 6], 2);
        assert_eq!(even.dice, 60);
        assert!(close(even.expected, 10.0, 1e-12));
        assert_eq!(even.chi_square, 0.0);
        assert_eq!(even.p_value, 1.0);
        let loaded = FairnessReport::new([100, 100, 100, 100, 100, 200], 9);
        assert!(close(loaded.chi_square, 71.428_571, 1e-5));
        assert!(loaded.p_value < 1e-6);
        let none = FairnessReport::new([0; 6], 0);
        assert_eq!((none.dice, none.p_value), (0, 1.0));
    }
}
