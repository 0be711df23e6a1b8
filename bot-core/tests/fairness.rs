//! R-MAT-1: the dice are fair six-sided dice. Statistical tests of the engine's dice
//! ([`DiceRoller`] on the seeded RNG [`seeded`]) with a fixed seed, so they are deterministic:
//!
//! - the six faces are uniform (chi-square, 5 degrees of freedom);
//! - consecutive dice are independent (chi-square on the 36 ordered pairs, 35 degrees);
//! - first throws of three dice fall into the classes of RULES.md's table with the right
//!   odds (chi-square on 5 classes, 4 degrees).
//!
//! Each threshold is the critical value for p = 0.001. Each test is shown to reject a
//! slightly biased roller, so it can fail.

use bot_core::engine::{DiceRoller, RuleSet, ThrowClass, evaluate, seeded};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The seed of every test here.
const SEED: u64 = 0x5C0C_4E11;
/// Dice per test.
const ROLLS: usize = 600_000;

/// Critical values of the chi-square distribution at p = 0.001.
const CHI2_DF4: f64 = 18.467;
const CHI2_DF5: f64 = 20.515;
const CHI2_DF35: f64 = 66.619;

fn chi_square(observed: &[u64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .map(|(o, e)| {
            let d = *o as f64 - e;
            d * d / e
        })
        .sum()
}

fn roll(dice: &mut impl DiceRoller) -> usize {
    let v = dice.roll_die();
    assert!((1..=6).contains(&v), "a die showed {v}");
    usize::from(v - 1)
}

/// Chi-square of the six faces over `ROLLS` dice.
fn faces(dice: &mut impl DiceRoller) -> f64 {
    let mut counts = [0u64; 6];
    for _ in 0..ROLLS {
        counts[roll(dice)] += 1;
    }
    assert_eq!(counts.iter().sum::<u64>(), ROLLS as u64);
    chi_square(&counts, &[ROLLS as f64 / 6.0; 6])
}

/// Chi-square of the 36 ordered pairs of consecutive dice (`ROLLS / 2` disjoint pairs).
fn pairs(dice: &mut impl DiceRoller) -> f64 {
    let mut counts = [0u64; 36];
    for _ in 0..ROLLS / 2 {
        let first = roll(dice);
        let second = roll(dice);
        counts[first * 6 + second] += 1;
    }
    chi_square(&counts, &[(ROLLS / 2) as f64 / 36.0; 36])
}

/// Chi-square of the classes of first throws (three dice from the hand, `standard` rules)
/// against their odds out of 216: Hausnummer 171, Straße 24, General 5, Schock 15,
/// Schock aus 1.
fn classes(dice: &mut impl DiceRoller) -> f64 {
    let rules = RuleSet::standard();
    let order = [
        ThrowClass::Hausnummer,
        ThrowClass::Strasse,
        ThrowClass::General,
        ThrowClass::Schock,
        ThrowClass::SchockAus,
    ];
    let odds = [171.0, 24.0, 5.0, 15.0, 1.0];
    assert_eq!(odds.iter().sum::<f64>(), 216.0);
    let throws = ROLLS / 3;
    let mut counts = [0u64; 5];
    for _ in 0..throws {
        let d = [dice.roll_die(), dice.roll_die(), dice.roll_die()];
        let class = evaluate(d, true, &rules, rules.extras).class;
        let i = order
            .iter()
            .position(|c| *c == class)
            .expect("a standard class");
        counts[i] += 1;
    }
    let expected = odds.map(|o| throws as f64 * o / 216.0);
    chi_square(&counts, &expected)
}

/// A loaded die: a 1 turns into a 6 two times in a hundred.
struct Loaded(ChaCha8Rng);

impl DiceRoller for Loaded {
    fn roll_die(&mut self) -> u8 {
        let v = self.0.roll_die();
        if v == 1 && self.0.random_range(0..100) < 2 {
            6
        } else {
            v
        }
    }
}

/// A sticky die: fair faces, but two times in a hundred it shows the previous value again.
struct Sticky(ChaCha8Rng, u8);

impl DiceRoller for Sticky {
    fn roll_die(&mut self) -> u8 {
        if self.1 != 0 && self.0.random_range(0..100) < 2 {
            return self.1;
        }
        self.1 = self.0.roll_die();
        self.1
    }
}

/// A die that favours ones: a 6 turns into a 1 five times in a hundred (Schocks come up
/// more often).
struct OneHeavy(ChaCha8Rng);

impl DiceRoller for OneHeavy {
    fn roll_die(&mut self) -> u8 {
        let v = self.0.roll_die();
        if v == 6 && self.0.random_range(0..100) < 5 {
            1
        } else {
            v
        }
    }
}

#[test]
fn r_mat_1_faces_are_uniform() {
    let chi2 = faces(&mut seeded(SEED));
    assert!(
        chi2 < CHI2_DF5,
        "chi-square of the faces {chi2:.2} >= {CHI2_DF5} (p < 0.001)"
    );
}

#[test]
fn r_mat_1_consecutive_dice_are_independent() {
    let chi2 = pairs(&mut seeded(SEED));
    assert!(
        chi2 < CHI2_DF35,
        "chi-square of the pairs {chi2:.2} >= {CHI2_DF35} (p < 0.001)"
    );
}

#[test]
fn r_mat_1_first_throw_classes_follow_the_odds() {
    let chi2 = classes(&mut seeded(SEED));
    assert!(
        chi2 < CHI2_DF4,
        "chi-square of the classes {chi2:.2} >= {CHI2_DF4} (p < 0.001)"
    );
}

/// The face test can fail: a die loaded by 2 % on one face is rejected.
#[test]
fn faces_test_rejects_a_loaded_die() {
    let chi2 = faces(&mut Loaded(seeded(SEED)));
    assert!(
        chi2 >= CHI2_DF5,
        "a loaded die passed the face test (chi-square {chi2:.2})"
    );
}

/// The pair test can fail where the face test cannot: a sticky die has fair faces but
/// dependent consecutive values.
#[test]
fn pairs_test_rejects_a_sticky_die() {
    let face_chi2 = faces(&mut Sticky(seeded(SEED), 0));
    assert!(
        face_chi2 < CHI2_DF5,
        "the sticky die should have fair faces (chi-square {face_chi2:.2})"
    );
    let chi2 = pairs(&mut Sticky(seeded(SEED), 0));
    assert!(
        chi2 >= CHI2_DF35,
        "a sticky die passed the pair test (chi-square {chi2:.2})"
    );
}

/// The class test can fail: a die that favours ones shifts the odds of Schocks.
#[test]
fn classes_test_rejects_a_die_favouring_ones() {
    let chi2 = classes(&mut OneHeavy(seeded(SEED)));
    assert!(
        chi2 >= CHI2_DF4,
        "a die favouring ones passed the class test (chi-square {chi2:.2})"
    );
}
