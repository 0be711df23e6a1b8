//! The strong computer player (`stark`): every decision is the best choice by the exact odds
//! (`engine::odds`), judged from what its seat may see — the open throws, the throws the
//! others used, and strong play's distribution for what lies under their cups. Announcing,
//! looking and throwing in follow the rule of thumb.

use super::simple;
use crate::engine::action::{Action, Seat};
use crate::engine::game::Game;
use crate::engine::odds::seat::Situation;
use crate::engine::odds::{Choice, ChoiceOdds, Costs, Reference, Seen, Solver, Stakes, TurnState};
use crate::engine::odds::{choice_odds, seen_by};
use crate::engine::rules::{ExtraSet, RuleSet};
use crate::engine::score::FinalThrow;
use std::collections::HashMap;

/// Situations kept before the cache starts afresh (each holds its costs, 7 KB, and the
/// values solved for it): about 30 MB at most for a rule set in a chat bot.
const SITUATIONS_KEPT: usize = 1024;

/// A situation's costs and the decision values found for it so far.
struct Prepared {
    costs: Costs,
    values: HashMap<TurnState, f64>,
}

/// Strong play under one rule set. It keeps what it computed (the reference distributions
/// per table size and extras, the costs per situation), so later decisions are fast.
pub struct StrongPlayer {
    rules: RuleSet,
    references: HashMap<(usize, ExtraSet), Reference>,
    situations: HashMap<Situation, Prepared>,
    /// Situations kept before starting afresh.
    kept: usize,
}

impl StrongPlayer {
    pub fn new(rules: &RuleSet) -> StrongPlayer {
        StrongPlayer::keeping(rules, SITUATIONS_KEPT)
    }

    /// A strong player that keeps up to `situations` situations (a long simulation is faster
    /// with more, a chat bot wants its memory small).
    pub fn keeping(rules: &RuleSet, situations: usize) -> StrongPlayer {
        StrongPlayer {
            rules: rules.clone(),
            references: HashMap::new(),
            situations: HashMap::new(),
            kept: situations.max(1),
        }
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Computes the reference distributions for a table of `players` now, so the first
    /// decision of a round does not wait for them.
    pub fn prepare(&mut self, players: usize, extras: ExtraSet) {
        self.references
            .entry((players, extras))
            .or_insert_with(|| Reference::compute(&self.rules, extras, players));
    }

    /// Forgets the situations met so far (their costs and values), keeping the reference
    /// distributions.
    pub fn forget_situations(&mut self) {
        self.situations.clear();
    }

    /// The strong player's next action for `seat`, or `None` when it has nothing to do.
    pub fn choose(&mut self, game: &Game, seat: Seat) -> Option<Action> {
        let Some(seen) = turn_of(game, seat) else {
            return simple::choose(game, seat);
        };
        let (rules, prepared) = self.situation(&seen);
        let values = std::mem::take(&mut prepared.values);
        let costs = &prepared.costs;
        let mut solver = Solver::resume(rules, |t: &FinalThrow| costs.deckel(t), values);
        let choice = solver.best(&seen.state);
        prepared.values = solver.into_values();
        let choice = choice?;
        let action = match choice {
            Choice::Stand => Action::Stand,
            Choice::Flip => Action::Flip,
            Choice::Throw { keep } if keep.is_empty() => Action::Throw,
            Choice::Throw { keep } => Action::Keep { values: keep },
        };
        // The odds mirror the engine's rules; should they ever disagree, play on simply.
        if game.check(seat, &action).is_err() {
            return simple::choose(game, seat);
        }
        Some(action)
    }

    /// Every choice `seat` has now with its odds, the best first — a hint. `None` unless the
    /// seat is to decide with its dice seen.
    pub fn advice(&mut self, game: &Game, seat: Seat) -> Option<Vec<ChoiceOdds>> {
        let seen = turn_of(game, seat)?;
        let (rules, prepared) = self.situation(&seen);
        Some(choice_odds(rules, &prepared.costs, &seen.state))
    }

    /// The rules, and what is kept for the situation `seen` (made on first use).
    fn situation(&mut self, seen: &Seen) -> (&RuleSet, &mut Prepared) {
        let prepared = prepared(
            &mut self.situations,
            &mut self.references,
            &self.rules,
            seen,
            self.kept,
        );
        (&self.rules, prepared)
    }
}

/// What `seat` sees when it is to decide on its dice (looked at, not announcing).
fn turn_of(game: &Game, seat: Seat) -> Option<Seen> {
    if game.is_over() || game.current() != Some(seat) {
        return None;
    }
    let round = game.round();
    if round.announcing {
        return None;
    }
    let index = round.cup_index(seat)?;
    if !round.cups[index].looked {
        return None;
    }
    seen_by(round, game.in_play(), index, stakes_of(game, seat))
}

/// What the round can cost `seat` and what it can hand on (R-SCORE-2), as the table shows.
fn stakes_of(game: &Game, seat: Seat) -> Stakes {
    let stock = game.stock();
    if stock > 0 {
        Stakes {
            receive_at_most: stock,
            give_at_most: 0,
        }
    } else {
        Stakes {
            receive_at_most: game.rules().deckel,
            give_at_most: game.holdings(seat),
        }
    }
}

/// The situation's costs, computed on first use.
fn prepared<'s>(
    situations: &'s mut HashMap<Situation, Prepared>,
    references: &mut HashMap<(usize, ExtraSet), Reference>,
    rules: &RuleSet,
    seen: &Seen,
    kept: usize,
) -> &'s mut Prepared {
    let situation = seen.situation();
    if situations.len() >= kept && !situations.contains_key(&situation) {
        situations.clear();
    }
    situations.entry(situation).or_insert_with(|| {
        let reference = references
            .entry((seen.players, seen.extras))
            .or_insert_with(|| Reference::compute(rules, seen.extras, seen.players));
        let costs = if seen.is_starter() {
            Costs::starter(rules, seen.extras, reference, seen.players, seen.stakes)
        } else {
            Costs::new(
                rules,
                seen.extras,
                reference,
                seen.me,
                &seen.others,
                seen.stakes,
            )
        };
        Prepared {
            costs,
            values: HashMap::new(),
        }
    })
}
