//! Scoring one round (R-SCORE-1 … R-SCORE-6, R-RND-6, R-DEBT-1, R-DEBT-2): a pure function
//! shared by the round state machine and the `judge` referee.

use super::eval::{Evaluation, Penalty, RankedThrow, compare_results, evaluate};
use super::rules::{ExtraSet, FlipOnLastThrow, RuleSet};
use serde::{Deserialize, Serialize};

/// One participant's finished throw, in turn order (index 0 is the starter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalThrow {
    pub dice: [u8; 3],
    pub throws: u8,
    pub hand: bool,
    pub blind: bool,
}

/// Where the moved Deckel came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Stock,
    Winner,
    /// Schock aus: from the stock and from every player.
    All,
}

impl Source {
    pub fn id(self) -> &'static str {
        match self {
            Source::Stock => "stock",
            Source::Winner => "winner",
            Source::All => "all",
        }
    }
}

/// Why somebody owes a round beyond the game's Bierrunde.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DebtReason {
    /// The game's loser (R-GAME-4).
    GameLost,
    /// R-DEBT-1: Schock aus in one throw.
    SchockAusHand,
    /// R-DEBT-2: 2,2,1 from the hand (Trier).
    Hille,
    /// House rule `quitter_pays`.
    Quit,
}

impl DebtReason {
    pub fn id(self) -> &'static str {
        match self {
            DebtReason::GameLost => "game_lost",
            DebtReason::SchockAusHand => "schock_aus_hand",
            DebtReason::Hille => "hille",
            DebtReason::Quit => "quit",
        }
    }
}

/// The outcome of scoring a round. Indices refer to the input order (turn order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundOutcome {
    /// Best to worst.
    pub ranking: Vec<usize>,
    pub evaluations: Vec<Evaluation>,
    pub winner: usize,
    pub loser: usize,
    /// The best throw of the round.
    pub best: Evaluation,
    /// What the best throw costs the loser: doubled when blind, the whole count for Schock aus.
    pub penalty: u8,
    /// What actually changed hands (capped by the stock or the winner's Deckel).
    pub moved: u8,
    pub source: Source,
    pub stock_after: u8,
    pub holdings_after: Vec<u8>,
    /// Participants out of the half after this round (R-SCORE-4).
    pub out: Vec<usize>,
    /// The participant holding every Deckel, if the half (or final) is over (R-SCORE-6).
    pub half_lost_by: Option<usize>,
    /// Extra debts from rule switches (R-DEBT-1, R-DEBT-2), in turn order.
    pub debts: Vec<(usize, DebtReason)>,
}

/// The most throws a starter has (R-RND-2).
pub const MAX_THROWS: u8 = 3;

/// Why a round's finished throws cannot have happened as told (R-RND-2, R-RND-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum ThrowProblem {
    /// A die shows 1 to 6.
    DieValue {
        value: u8,
    },
    /// The starter throws 1 to `max` times (every player at least once).
    ThrowCount {
        throws: u8,
        max: u8,
    },
    /// More throws than the starter's limit (plus a throw granted by turning sixes).
    OverLimit {
        throws: u8,
        limit: u8,
    },
    BlindNotAllowed,
    /// A blind throw is one throw from the hand.
    BlindNotSingle,
}

/// Checks a round's finished throws in turn order (the starter first) as a referee does:
/// dice, throw counts against the starter's limit (R-RND-2), blind (R-RND-6). Returns the
/// limit the starter set, or the first problem and whose throw (its index) it is.
pub fn check_round_throws(
    rules: &RuleSet,
    throws: &[FinalThrow],
) -> Result<u8, (usize, ThrowProblem)> {
    // Turning sixes on the last throw may grant one more (`extra_throw`).
    let bonus = u8::from(rules.sixes && rules.flip_on_last_throw == FlipOnLastThrow::ExtraThrow);
    let mut limit = MAX_THROWS;
    for (index, t) in throws.iter().enumerate() {
        if let Some(value) = t.dice.iter().copied().find(|v| !(1..=6).contains(v)) {
            return Err((index, ThrowProblem::DieValue { value }));
        }
        let max = if index == 0 { MAX_THROWS } else { limit } + bonus;
        if t.throws < 1 || (index == 0 && t.throws > max) {
            return Err((
                index,
                ThrowProblem::ThrowCount {
                    throws: t.throws,
                    max,
                },
            ));
        }
        if t.throws > max {
            return Err((
                index,
                ThrowProblem::OverLimit {
                    throws: t.throws,
                    limit,
                },
            ));
        }
        if index == 0 {
            limit = t.throws.min(MAX_THROWS);
        }
        if t.blind {
            if !rules.blind {
                return Err((index, ThrowProblem::BlindNotAllowed));
            }
            if t.throws != 1 || !t.hand {
                return Err((index, ThrowProblem::BlindNotSingle));
            }
        }
    }
    Ok(limit)
}

/// Ranks the finished throws of a round, best first (R-RANK-3, R-RANK-5).
pub fn rank_throws(throws: &[FinalThrow], rules: &RuleSet, extras: ExtraSet) -> Vec<RankedThrow> {
    throws
        .iter()
        .enumerate()
        .map(|(position, t)| RankedThrow {
            eval: evaluate(t.dice, t.hand, rules, extras),
            throws: t.throws,
            position,
        })
        .collect()
}

/// Extra debts a throw causes when the table sees it (R-DEBT-1, R-DEBT-2).
pub fn throw_debt(dice: [u8; 3], hand: bool, rules: &RuleSet) -> Option<DebtReason> {
    if !hand {
        return None;
    }
    let dice = super::eval::sorted(dice);
    if rules.schock_aus_hand_buys_round && dice == [1, 1, 1] {
        Some(DebtReason::SchockAusHand)
    } else if rules.hille && dice == [2, 2, 1] {
        Some(DebtReason::Hille)
    } else {
        None
    }
}

/// Scores a round. `throws` in turn order (starter first), `holdings` parallel to it; `stock`
/// is the Deckel left in the middle. Requires at least two throws.
pub fn score_round(
    rules: &RuleSet,
    extras: ExtraSet,
    stock: u8,
    holdings: &[u8],
    throws: &[FinalThrow],
) -> RoundOutcome {
    debug_assert!(throws.len() >= 2 && holdings.len() == throws.len());
    let ranked = rank_throws(throws, rules, extras);
    let mut ranking: Vec<usize> = (0..ranked.len()).collect();
    ranking.sort_by(|&a, &b| compare_results(&ranked[b], &ranked[a], rules));
    let winner = ranking[0];
    let loser = ranking[ranking.len() - 1];
    let best = ranked[winner].eval;

    // R-RND-6: a blind best throw doubles the penalty; R-SCORE-3, R-RANK-7: Schock aus and
    // the Baby Schock Out Hand cost everything.
    let penalty = match best.penalty {
        Penalty::All => rules.deckel,
        Penalty::Deckel(p) if throws[winner].blind => p.saturating_mul(2),
        Penalty::Deckel(p) => p,
    };

    let moved = move_deckel(
        rules,
        stock,
        holdings,
        Some(winner),
        loser,
        penalty,
        best.class.takes_all(),
    );
    let debts = throws
        .iter()
        .enumerate()
        .filter_map(|(i, t)| throw_debt(t.dice, t.hand, rules).map(|r| (i, r)))
        .collect();

    RoundOutcome {
        ranking,
        evaluations: ranked.iter().map(|r| r.eval).collect(),
        winner,
        loser,
        best,
        penalty,
        moved: moved.moved,
        source: moved.source,
        stock_after: moved.stock_after,
        holdings_after: moved.holdings_after,
        out: moved.out,
        half_lost_by: moved.half_lost_by,
        debts,
    }
}

/// Where a round's Deckel went. Indices refer to the participants' order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovedDeckel {
    pub moved: u8,
    pub source: Source,
    pub stock_after: u8,
    pub holdings_after: Vec<u8>,
    /// Participants out of the half after this round (R-SCORE-4).
    pub out: Vec<usize>,
    /// The participant holding every Deckel, if the half (or final) is over (R-SCORE-6).
    pub half_lost_by: Option<usize>,
}

/// Moves a round's `penalty` to its `loser` (R-SCORE-2, R-SCORE-3): from the stock while it
/// holds any, else from the `winner` (none named: nothing moves); with `schock_aus` every
/// Deckel. `holdings` are the participants'. Shared by scored rounds and by a penalty
/// entered at a real table.
pub fn move_deckel(
    rules: &RuleSet,
    stock: u8,
    holdings: &[u8],
    winner: Option<usize>,
    loser: usize,
    penalty: u8,
    schock_aus: bool,
) -> MovedDeckel {
    let mut holdings_after = holdings.to_vec();
    let mut stock_after = stock;
    let (moved, source) = if schock_aus {
        let before = holdings_after[loser];
        for (i, h) in holdings_after.iter_mut().enumerate() {
            if i != loser {
                *h = 0;
            }
        }
        holdings_after[loser] = rules.deckel;
        stock_after = 0;
        (rules.deckel - before, Source::All)
    } else if stock > 0 {
        // R-SCORE-2: from the stock only, even when it holds less than the penalty.
        let n = penalty.min(stock);
        stock_after -= n;
        holdings_after[loser] += n;
        (n, Source::Stock)
    } else {
        let n = winner.map_or(0, |w| penalty.min(holdings_after[w]));
        if let Some(w) = winner {
            holdings_after[w] -= n;
        }
        holdings_after[loser] += n;
        (n, Source::Winner)
    };
    let out = if stock_after == 0 {
        (0..holdings_after.len())
            .filter(|&i| holdings_after[i] == 0)
            .collect()
    } else {
        Vec::new()
    };
    let half_lost_by = (0..holdings_after.len()).find(|&i| holdings_after[i] >= rules.deckel);
    MovedDeckel {
        moved,
        source,
        stock_after,
        holdings_after,
        out,
        half_lost_by,
    }
}
