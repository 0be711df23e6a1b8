//! Throw evaluation: class, rank and penalty of three dice under a rule set (the table of
//! RULES.md, R-RANK-1 … R-RANK-6).

use super::rules::{Extra, ExtraSet, RuleSet, StraightOrder};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// The class of a throw ("Bild"), lowest to highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThrowClass {
    Hausnummer,
    Strasse,
    General,
    Schock,
    Extra,
    SchockAus,
    /// R-RANK-7: 2,2,1 from the hand in the final, with `baby_schock_out`.
    BabySchockOut,
}

impl ThrowClass {
    pub const ALL: [ThrowClass; 7] = [
        ThrowClass::Hausnummer,
        ThrowClass::Strasse,
        ThrowClass::General,
        ThrowClass::Schock,
        ThrowClass::Extra,
        ThrowClass::SchockAus,
        ThrowClass::BabySchockOut,
    ];

    /// The id used in JSON output.
    pub fn id(self) -> &'static str {
        match self {
            ThrowClass::Hausnummer => "hausnummer",
            ThrowClass::Strasse => "strasse",
            ThrowClass::General => "general",
            ThrowClass::Schock => "schock",
            ThrowClass::Extra => "extra",
            ThrowClass::SchockAus => "schock_aus",
            ThrowClass::BabySchockOut => "baby_schock_out",
        }
    }

    /// The loser of a round with this best throw receives every Deckel and loses the half
    /// or final at once (R-SCORE-3, R-RANK-7).
    pub fn takes_all(self) -> bool {
        matches!(self, ThrowClass::SchockAus | ThrowClass::BabySchockOut)
    }
}

impl fmt::Display for ThrowClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What the best throw of a round costs the loser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Penalty {
    Deckel(u8),
    /// Schock aus: every Deckel (R-SCORE-3).
    All,
}

impl Penalty {
    /// The number of Deckel, with `All` meaning the rule set's count.
    pub fn deckel(self, rules: &RuleSet) -> u8 {
        match self {
            Penalty::Deckel(n) => n,
            Penalty::All => rules.deckel,
        }
    }
}

/// A total order key for throws under one rule set; higher is better. Ties (equal ranks) are
/// broken by R-RANK-3 in [`compare_results`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Rank(pub u16);

/// The evaluation of one finished throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The dice sorted high to low.
    pub dice: [u8; 3],
    pub class: ThrowClass,
    /// Which extra, when `class` is `Extra`.
    pub extra: Option<Extra>,
    /// Whether all three dice fell in one throw (R-RANK-2).
    pub hand: bool,
    pub rank: Rank,
    pub penalty: Penalty,
}

impl Evaluation {
    /// The Schock number n of 1,1,n.
    pub fn schock_value(&self) -> Option<u8> {
        (self.class == ThrowClass::Schock).then_some(self.dice[0])
    }

    /// The Hausnummer read as a three-digit number (dice high to low).
    pub fn number(&self) -> u16 {
        u16::from(self.dice[0]) * 100 + u16::from(self.dice[1]) * 10 + u16::from(self.dice[2])
    }

    /// Whether a Straße, General or extra lost its class because it was assembled
    /// (shown as "gebaut"/"built" next to the Hausnummer).
    pub fn downgraded(&self, rules: &RuleSet, extras: ExtraSet) -> bool {
        self.class == ThrowClass::Hausnummer
            && !self.hand
            && classify(self.dice, true, rules, extras).0 != ThrowClass::Hausnummer
    }
}

/// Sorts three dice high to low.
pub fn sorted(dice: [u8; 3]) -> [u8; 3] {
    let [mut a, mut b, mut c] = dice;
    if a < b {
        std::mem::swap(&mut a, &mut b);
    }
    if b < c {
        std::mem::swap(&mut b, &mut c);
    }
    if a < b {
        std::mem::swap(&mut a, &mut b);
    }
    [a, b, c]
}

/// Whether every die shows 1 to 6.
pub fn valid_dice(dice: &[u8]) -> bool {
    dice.iter().all(|d| (1..=6).contains(d))
}

fn classify(
    sorted: [u8; 3],
    hand: bool,
    rules: &RuleSet,
    extras: ExtraSet,
) -> (ThrowClass, Option<Extra>) {
    let counts_as_picture = hand || !rules.straight_general_need_hand;
    let [a, b, c] = sorted;
    // R-RANK-7: only thrown from the hand, whatever `straight_general_need_hand` says.
    if hand && extras.baby_schock_out() && sorted == [2, 2, 1] {
        return (ThrowClass::BabySchockOut, None);
    }
    if a == 1 {
        return (ThrowClass::SchockAus, None);
    }
    if counts_as_picture {
        for extra in extras.iter() {
            if extra.dice() == sorted {
                return (ThrowClass::Extra, Some(extra));
            }
        }
    }
    if b == 1 && c == 1 {
        return (ThrowClass::Schock, None);
    }
    if counts_as_picture && a == b && b == c {
        return (ThrowClass::General, None);
    }
    if counts_as_picture && a == b + 1 && b == c + 1 {
        return (ThrowClass::Strasse, None);
    }
    (ThrowClass::Hausnummer, None)
}

/// Evaluates three dice. `hand`: all three fell in one throw, nothing set aside, nothing
/// flipped. `extras`: the extras counting in this round ([`RuleSet::extras_in_play`]), with
/// the Baby Schock mark in a final under `baby_schock_out`.
pub fn evaluate(dice: [u8; 3], hand: bool, rules: &RuleSet, extras: ExtraSet) -> Evaluation {
    let dice = sorted(dice);
    let (class, extra) = classify(dice, hand, rules, extras);
    let [a, _, _] = dice;
    let (rank, penalty) = match class {
        ThrowClass::Hausnummer => {
            let n = u16::from(dice[0]) * 100 + u16::from(dice[1]) * 10 + u16::from(dice[2]);
            (n, Penalty::Deckel(1))
        }
        ThrowClass::Strasse => {
            let within = match rules.straight_order {
                StraightOrder::Ascending => u16::from(a),
                StraightOrder::Equal => 0,
            };
            (1000 + within, Penalty::Deckel(rules.straight_penalty))
        }
        ThrowClass::General => (2100 + u16::from(a), Penalty::Deckel(3)),
        ThrowClass::Schock if a == 2 && rules.general_beats_schock_two => {
            // R-RANK-1 switch: Schock 2 drops below every General.
            (2050, Penalty::Deckel(2))
        }
        ThrowClass::Schock => (3000 + u16::from(a), Penalty::Deckel(a)),
        ThrowClass::Extra => {
            let p = extra.map(|e| rules.extra_penalty(e)).unwrap_or(7);
            (4000 + u16::from(p), Penalty::Deckel(p))
        }
        ThrowClass::SchockAus => {
            let bonus = u16::from(hand && rules.schock_aus_hand_beats_built);
            (5000 + bonus, Penalty::All)
        }
        ThrowClass::BabySchockOut => (6000, Penalty::All),
    };
    Evaluation {
        dice,
        class,
        extra,
        hand,
        rank: Rank(rank),
        penalty,
    }
}

/// A finished throw in a round, for ranking: its evaluation, the throws it took, whether it
/// was blind, and its position in the round's turn order (0 = starter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedThrow {
    pub eval: Evaluation,
    pub throws: u8,
    pub position: usize,
}

/// Orders two finished throws of one round: `Greater` means `a` ranks higher.
/// R-RANK-3: equal ranks — fewer throws ranks higher, then the earlier player (the later one
/// "nachgelegt" ranks lower). R-RANK-5: with `later_schock_aus_wins`, between equal Schock aus
/// the later one ranks higher.
pub fn compare_results(a: &RankedThrow, b: &RankedThrow, rules: &RuleSet) -> Ordering {
    a.eval.rank.cmp(&b.eval.rank).then_with(|| {
        if rules.later_schock_aus_wins && a.eval.class == ThrowClass::SchockAus {
            a.position.cmp(&b.position)
        } else {
            b.throws
                .cmp(&a.throws)
                .then_with(|| b.position.cmp(&a.position))
        }
    })
}
