//! The referee: scores one round of a real table from its throws (the `judge` command).
//! Input and output are plain data with a stable JSON form.

use super::rules::{Extra, ExtraSet, RuleSet, RulesError};
use super::score::{FinalThrow, RoundOutcome, ThrowProblem, check_round_throws, score_round};
use serde::{Deserialize, Serialize};
use std::borrow::Borrow;
use thiserror::Error;

mod json;

/// One round as a referee is told it. New optional fields take `#[serde(default)]` (and
/// build with `..JudgeInput::default()`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeInput {
    #[serde(default)]
    pub rules: Option<String>,
    #[serde(default)]
    pub stock: Option<i64>,
    /// Deckel per player before the round (missing players hold none).
    #[serde(default)]
    pub holdings: Option<serde_json::Map<String, serde_json::Value>>,
    /// Extras the round's starter announced (`extras_announced`).
    #[serde(default)]
    pub announced: Option<Vec<String>>,
    /// The round is one of the final (R-RANK-7: with `baby_schock_out`, 2,2,1 from the hand
    /// beats everything there).
    #[serde(default, rename = "final")]
    pub in_final: bool,
    /// In turn order, the starter first.
    pub throws: Vec<ThrowInput>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowInput {
    pub player: String,
    pub dice: Vec<i64>,
    pub throws: i64,
    pub hand: bool,
    #[serde(default)]
    pub blind: bool,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum JudgeError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("a round needs at least two throws")]
    TooFewThrows,
    #[error("player {index}: the name is empty")]
    EmptyName { index: usize },
    #[error("player `{0}` is named twice")]
    DuplicatePlayer(String),
    #[error("{player}: a throw has 3 dice, not {count}")]
    DiceCount { player: String, count: usize },
    #[error("{player}: a die shows 1 to 6, not {value}")]
    DieValue { player: String, value: i64 },
    #[error("{player}: {throws} throws is not possible (1 to {max})")]
    ThrowCount {
        player: String,
        throws: i64,
        max: u8,
    },
    #[error("{player} threw {throws} times, more than the starter's {limit}")]
    OverLimit {
        player: String,
        throws: i64,
        limit: u8,
    },
    #[error("{player}: blind throws are not allowed under these rules")]
    BlindNotAllowed { player: String },
    #[error("{player}: a blind throw is a single throw from the hand")]
    BlindNotSingle { player: String },
    #[error("stock: {0} is not between 0 and the rule set's {1} Deckel")]
    Stock(i64, u8),
    #[error("holdings: `{0}` does not throw in this round")]
    HoldingUnknownPlayer(String),
    #[error("holdings: {player} holds {value}, not a number of Deckel from 0 to {max}")]
    HoldingValue {
        player: String,
        value: String,
        max: u8,
    },
    #[error("Deckel do not add up: stock {stock} + players {players} is not {total}")]
    DeckelTotal { stock: u8, players: u32, total: u8 },
    #[error("{player} already holds all {total} Deckel: the half is over")]
    HalfOver { player: String, total: u8 },
    #[error(
        "{player} holds no Deckel and the stock is empty: {player} is out (einwuerfeln is off)"
    )]
    PlayerOut { player: String },
    #[error("announced: unknown extra `{0}` (known: jule, 221, 331)")]
    UnknownExtra(String),
    #[error("announced: extra `{0}` is not part of these rules")]
    ExtraNotInRules(String),
}

/// A validated round, ready to score. It owns its rule set, or borrows it
/// (`JudgeRound<&RuleSet>`, [`JudgeRound::with_rules`]: many rounds judged under one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeRound<R = RuleSet> {
    pub rules: R,
    pub players: Vec<String>,
    pub stock: u8,
    pub holdings: Vec<u8>,
    pub extras: ExtraSet,
    pub throws: Vec<FinalThrow>,
    /// A round of the final: who holds every Deckel lost the final, not a half.
    pub in_final: bool,
}

/// The verdict, with the stable JSON form of the `judge` command. It borrows the names from
/// the round (the command line writes one verdict per line of JSON Lines, straight to its
/// output).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict<'a> {
    pub ranking: Vec<&'a str>,
    pub winner: &'a str,
    pub loser: &'a str,
    pub best: BestThrow<'a>,
    pub moved: u8,
    pub source: &'static str,
    pub stock: u8,
    /// Deckel per player after the round, in turn order.
    pub holdings: Holdings<'a>,
    pub out: Vec<&'a str>,
    pub half_lost_by: Option<&'a str>,
    pub debts: Vec<&'a str>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BestThrow<'a> {
    pub name: &'a str,
    pub name_en: &'a str,
    pub class: &'static str,
    pub penalty: u8,
}

/// Each player's Deckel; written as a JSON object `{"Anna":0,"Ben":4}` in turn order (the
/// names are unique).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holdings<'a> {
    pub players: &'a [String],
    pub deckel: &'a [u8],
}

impl Serialize for Holdings<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.players.len()))?;
        for (player, deckel) in self.players.iter().zip(self.deckel) {
            map.serialize_entry(player, deckel)?;
        }
        map.end()
    }
}

impl JudgeRound {
    /// Validates the input. `rules_override` (the `--rules` option) wins over the input's
    /// `rules`; `overrides` are `key=value` switches applied on top.
    pub fn from_input(
        input: &JudgeInput,
        rules_override: Option<&RuleSet>,
    ) -> Result<JudgeRound, JudgeError> {
        let rules = match (rules_override, &input.rules) {
            (Some(r), _) => r.clone(),
            (None, Some(name)) => RuleSet::preset(name)?,
            (None, None) => RuleSet::standard(),
        };
        let names = input
            .throws
            .iter()
            .map(|t| t.player.trim().to_string())
            .collect();
        JudgeRound::check(input, names, rules)
    }
}

impl<'r> JudgeRound<&'r RuleSet> {
    /// Validates the input under `rules` (the input's `rules` is not looked at: the caller
    /// chose the rule set), borrowing them. The players' names are taken from the input.
    pub fn with_rules(mut input: JudgeInput, rules: &'r RuleSet) -> Result<Self, JudgeError> {
        let names = input
            .throws
            .iter_mut()
            .map(|t| {
                let name = std::mem::take(&mut t.player);
                match name.trim() {
                    trimmed if trimmed.len() == name.len() => name,
                    trimmed => trimmed.to_string(),
                }
            })
            .collect();
        JudgeRound::check(&input, names, rules)
    }
}

/// Each player's last throw as given: a name, three dice of 1 to 6.
fn final_throws(input: &JudgeInput, names: &[String]) -> Result<Vec<FinalThrow>, JudgeError> {
    let mut throws = Vec::with_capacity(input.throws.len());
    for (index, t) in input.throws.iter().enumerate() {
        let name = &names[index];
        if name.is_empty() {
            return Err(JudgeError::EmptyName { index: index + 1 });
        }
        if names[..index].contains(name) {
            return Err(JudgeError::DuplicatePlayer(name.clone()));
        }
        if t.dice.len() != 3 {
            return Err(JudgeError::DiceCount {
                player: name.clone(),
                count: t.dice.len(),
            });
        }
        if let Some(v) = t.dice.iter().find(|v| !(1..=6).contains(*v)) {
            return Err(JudgeError::DieValue {
                player: name.clone(),
                value: *v,
            });
        }
        throws.push(FinalThrow {
            dice: [t.dice[0] as u8, t.dice[1] as u8, t.dice[2] as u8],
            // Out of range stays out of range: the rules' check names the count given.
            throws: u8::try_from(t.throws.clamp(0, 255)).unwrap_or(u8::MAX),
            hand: t.hand,
            blind: t.blind,
        });
    }
    Ok(throws)
}

/// A throw the rules refuse, named by its player with the count he gave.
fn throw_error(
    input: &JudgeInput,
    players: &[String],
    index: usize,
    problem: ThrowProblem,
) -> JudgeError {
    let player = players[index].clone();
    let given = input.throws[index].throws;
    match problem {
        ThrowProblem::DieValue { value } => JudgeError::DieValue {
            player,
            value: i64::from(value),
        },
        ThrowProblem::ThrowCount { max, .. } => JudgeError::ThrowCount {
            player,
            throws: given,
            max,
        },
        ThrowProblem::OverLimit { limit, .. } => JudgeError::OverLimit {
            player,
            throws: given,
            limit,
        },
        ThrowProblem::BlindNotAllowed => JudgeError::BlindNotAllowed { player },
        ThrowProblem::BlindNotSingle => JudgeError::BlindNotSingle { player },
    }
}

/// The stock and each player's Deckel before the round: they add up to the rules' total,
/// nobody has lost the half yet, and nobody is out while the stock is empty (unless players
/// may throw in).
fn stock_and_holdings(
    input: &JudgeInput,
    players: &[String],
    rules: &RuleSet,
) -> Result<(u8, Vec<u8>), JudgeError> {
    let total = rules.deckel;
    let stock = match input.stock {
        None => None,
        Some(s) if (0..=i64::from(total)).contains(&s) => Some(s as u8),
        Some(s) => return Err(JudgeError::Stock(s, total)),
    };
    let holdings = holdings(input, players, total)?;
    let held: u32 = holdings.iter().map(|h| u32::from(*h)).sum();
    // Without a stock, the stock holds what the players do not.
    let stock = match stock {
        Some(s) => s,
        None if held <= u32::from(total) => total - held as u8,
        None => 0,
    };
    if u32::from(stock) + held != u32::from(total) {
        return Err(JudgeError::DeckelTotal {
            stock,
            players: held,
            total,
        });
    }
    if let Some(i) = holdings.iter().position(|h| *h >= total) {
        return Err(JudgeError::HalfOver {
            player: players[i].clone(),
            total,
        });
    }
    if stock == 0
        && !rules.einwuerfeln
        && let Some(i) = holdings.iter().position(|h| *h == 0)
    {
        return Err(JudgeError::PlayerOut {
            player: players[i].clone(),
        });
    }
    Ok((stock, holdings))
}

/// Each player's Deckel as given by name (0 for those not named), each at most `total`.
fn holdings(input: &JudgeInput, players: &[String], total: u8) -> Result<Vec<u8>, JudgeError> {
    let mut holdings = vec![0u8; players.len()];
    let Some(map) = &input.holdings else {
        return Ok(holdings);
    };
    for (name, value) in map {
        let trimmed = name.trim();
        let index = players
            .iter()
            .position(|p| p == trimmed)
            .ok_or_else(|| JudgeError::HoldingUnknownPlayer(name.clone()))?;
        holdings[index] = value
            .as_u64()
            .filter(|v| *v <= u64::from(total))
            .map(|v| v as u8)
            .ok_or_else(|| JudgeError::HoldingValue {
                player: name.clone(),
                value: value.to_string(),
                max: total,
            })?;
    }
    Ok(holdings)
}

/// The extras the starter announced, each one the rules know.
fn announced_extras(input: &JudgeInput, rules: &RuleSet) -> Result<ExtraSet, JudgeError> {
    let mut announced = ExtraSet::EMPTY;
    for id in input.announced.iter().flatten() {
        let extra = Extra::from_id(id).ok_or_else(|| JudgeError::UnknownExtra(id.clone()))?;
        if !rules.extras.contains(extra) {
            return Err(JudgeError::ExtraNotInRules(id.clone()));
        }
        announced.insert(extra);
    }
    Ok(announced)
}

impl<R: Borrow<RuleSet>> JudgeRound<R> {
    /// The checks of [`JudgeRound::from_input`] once the rule set is chosen; `names` are the
    /// throws' players, trimmed.
    fn check(
        input: &JudgeInput,
        names: Vec<String>,
        rules_owned: R,
    ) -> Result<JudgeRound<R>, JudgeError> {
        let rules: &RuleSet = rules_owned.borrow();
        if input.throws.len() < 2 {
            return Err(JudgeError::TooFewThrows);
        }
        let throws = final_throws(input, &names)?;
        let players = names;
        check_round_throws(rules, &throws)
            .map_err(|(index, problem)| throw_error(input, &players, index, problem))?;
        let (stock, holdings) = stock_and_holdings(input, &players, rules)?;
        let extras = rules.extras_in_play(announced_extras(input, rules)?);
        let extras = if input.in_final {
            rules.in_final(extras)
        } else {
            extras
        };
        Ok(JudgeRound {
            rules: rules_owned,
            players,
            stock,
            holdings,
            extras,
            throws,
            in_final: input.in_final,
        })
    }

    pub fn score(&self) -> RoundOutcome {
        score_round(
            self.rules.borrow(),
            self.extras,
            self.stock,
            &self.holdings,
            &self.throws,
        )
    }

    /// The verdict of `outcome` (this round's score); `name` and `name_en` name its best
    /// throw (`outcome.best`) in German and English.
    pub fn verdict<'a>(
        &'a self,
        outcome: &'a RoundOutcome,
        name: &'a str,
        name_en: &'a str,
    ) -> Verdict<'a> {
        let who = |i: &usize| self.players[*i].as_str();
        Verdict {
            ranking: outcome.ranking.iter().map(who).collect(),
            winner: who(&outcome.winner),
            loser: who(&outcome.loser),
            best: BestThrow {
                name,
                name_en,
                class: outcome.best.class.id(),
                penalty: outcome.penalty,
            },
            moved: outcome.moved,
            source: outcome.source.id(),
            stock: outcome.stock_after,
            holdings: Holdings {
                players: &self.players,
                deckel: &outcome.holdings_after,
            },
            out: outcome.out.iter().map(who).collect(),
            half_lost_by: outcome.half_lost_by.as_ref().map(who),
            debts: outcome.debts.iter().map(|(i, _)| who(i)).collect(),
        }
    }
}
