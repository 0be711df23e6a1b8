//! The rule of thumb (`einfach`): keep ones, stand on a Schock or better, flip two sixes.
//! It decides only from what its seat may see (its own cup once looked at, and the public
//! table), never from hidden dice.

use crate::engine::action::{Action, Seat};
use crate::engine::eval::{Evaluation, ThrowClass, evaluate};
use crate::engine::game::Game;
use crate::engine::round::Round;
use crate::engine::rules::FlipOnLastThrow;

/// The computer player's next action for `seat`, or `None` when it has nothing to do.
pub fn choose(game: &Game, seat: Seat) -> Option<Action> {
    if game.is_over() || game.current() != Some(seat) {
        return None;
    }
    let round = game.round();
    let rules = game.rules();
    if round.announcing {
        // Announcing every extra the rules have raises the stakes for everybody alike.
        return Some(Action::Announce {
            extras: rules.extras,
        });
    }
    let index = round.cup_index(seat)?;
    let cup = &round.cups[index];
    if !cup.looked {
        return Some(Action::Look);
    }
    let ones_in_cup: Vec<u8> = (0..3)
        .filter(|&i| !cup.aside[i] && !cup.reroll[i] && cup.dice[i] == 1)
        .map(|_| 1)
        .collect();
    let in_cup = cup.in_cup().count();
    if cup.must_throw() {
        // After a flip: set aside further ones, then throw the six that went back.
        if !ones_in_cup.is_empty() && ones_in_cup.len() < in_cup {
            return Some(Action::Keep {
                values: ones_in_cup,
            });
        }
        return Some(Action::Throw);
    }
    let eval = evaluate(cup.dice, cup.hand(), rules, game.in_play());
    let left = round.throws_left(index);
    if left == 0 {
        return Some(if flip_pays_on_last(game, index, &eval) {
            Action::Flip
        } else {
            Action::Stand
        });
    }
    if good_enough(game, round, seat, &eval) {
        return Some(Action::Stand);
    }
    if rules.sixes && cup.sixes_to_turn(rules).len() >= 2 {
        return Some(Action::Flip);
    }
    if !ones_in_cup.is_empty() && ones_in_cup.len() < in_cup {
        return Some(Action::Keep {
            values: ones_in_cup,
        });
    }
    Some(Action::Throw)
}

/// Whether the current throw is worth keeping with throws left.
fn good_enough(game: &Game, round: &Round, seat: Seat, eval: &Evaluation) -> bool {
    match eval.class {
        ThrowClass::BabySchockOut
        | ThrowClass::SchockAus
        | ThrowClass::Extra
        | ThrowClass::General
        | ThrowClass::Strasse => true,
        // 1,1,2 and 1,1,3 are worth one more try at the third die.
        ThrowClass::Schock => eval.dice[0] >= 4,
        ThrowClass::Hausnummer => {
            // Standing is safe once someone who finished openly is already lower.
            seat != round.starter
                && round.cups.iter().any(|c| {
                    c.done
                        && c.seat != seat
                        && c.open
                        && evaluate(c.dice, c.hand(), game.rules(), game.in_play()).rank < eval.rank
                })
        }
    }
}

/// On the last throw: flip in place when the result ranks higher; flip for a bonus throw when
/// the current throw is only a Hausnummer.
fn flip_pays_on_last(game: &Game, index: usize, eval: &Evaluation) -> bool {
    let (round, rules) = (game.round(), game.rules());
    let cup = &round.cups[index];
    let sixes = cup.sixes_to_turn(rules);
    if !rules.sixes || sixes.len() < 2 || !round.may_flip_on_last(index, rules) {
        return false;
    }
    match rules.flip_on_last_throw {
        FlipOnLastThrow::Forbidden => false,
        FlipOnLastThrow::ExtraThrow => eval.class == ThrowClass::Hausnummer,
        FlipOnLastThrow::InPlace => {
            let mut dice = cup.dice;
            let ones = if sixes.len() >= 3 { 2 } else { 1 };
            for &i in &sixes[..ones] {
                dice[i] = 1;
            }
            evaluate(dice, false, rules, game.in_play()).rank > eval.rank
        }
    }
}

/// Plays `game` to its end with computer players for every seat. Returns the number of
/// actions taken. A safety bound keeps a broken policy from looping forever.
pub fn play_out<R: crate::engine::dice::DiceRoller + ?Sized>(
    game: &mut Game,
    rng: &mut R,
) -> usize {
    let mut actions = 0;
    while let Some(seat) = game.current() {
        let Some(action) = choose(game, seat) else {
            break;
        };
        if game.apply(seat, &action, rng).is_err() || actions > 1_000_000 {
            break;
        }
        actions += 1;
    }
    actions
}
