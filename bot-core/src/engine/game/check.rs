//! Whether an action is allowed, and every way it may be: the engine's legal actions
//! (menus and buttons come from here, never from rules restated elsewhere).

use super::Game;
use crate::engine::action::{Action, ActionError, ActionKind, Seat};
use crate::engine::dice::DiceRoller;
use crate::engine::event::Event;
use crate::engine::round::Cup;
use crate::engine::rules::ExtraSet;

impl Game {
    /// Applies `action` by `seat`. On error nothing changes.
    pub fn apply<R: DiceRoller + ?Sized>(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut R,
    ) -> Result<Vec<Event>, ActionError> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        self.perform(seat, action, rng, &mut events);
        self.settle(rng, &mut events);
        Ok(events)
    }

    /// `seat` is a player still in a running game.
    pub(super) fn active_player(&self, seat: Seat) -> Result<(), ActionError> {
        if self.result.is_some() {
            return Err(ActionError::GameOver);
        }
        let player = self
            .players
            .get(seat.index())
            .ok_or(ActionError::UnknownPlayer)?;
        if player.left {
            return Err(ActionError::PlayerLeft);
        }
        Ok(())
    }

    /// Whether `action` by `seat` would be accepted now (no state change).
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.active_player(seat)?;
        let round = &self.round;
        match action {
            Action::ThrowIn => return self.check_throw_in(seat),
            Action::Announce { extras } => return self.check_announce(seat, *extras),
            _ => {}
        }
        if self.mode == super::DiceMode::Tally {
            // The dice fall on the real table (the starter's announcing is above).
            return Err(ActionError::RealDice);
        }
        if round.announcing {
            return self.check_while_announcing(seat, action);
        }
        let index = round.cup_index(seat).ok_or(ActionError::NotInRound)?;
        let cup = &round.cups[index];
        if *action == Action::Look {
            return Ok(());
        }
        if cup.done {
            return Err(ActionError::AlreadyFinished);
        }
        if index != round.turn {
            return Err(ActionError::NotYourTurn {
                current: round.cups[round.turn].seat,
            });
        }
        let left = round.throws_left(index);
        let limit = round.max_throws(index);
        match action {
            Action::Throw if left == 0 => Err(ActionError::NoThrowsLeft { limit }),
            Action::Keep { values } => {
                self.check_keep(cup, values)?;
                if left == 0 {
                    return Err(ActionError::NoThrowsLeft { limit });
                }
                self.keep_positions(cup, values).map(|_| ())
            }
            Action::Flip => self.check_flip(index),
            Action::Stand if cup.must_throw() => Err(ActionError::MustThrowAfterFlip),
            Action::Blind if !self.rules.blind => Err(ActionError::BlindNotAllowed),
            Action::Blind if cup.looked || cup.throws > 1 => Err(ActionError::BlindAfterLooking),
            _ => Ok(()),
        }
    }

    /// A player who is out asks to throw in (R-GAME-8: only the half-losers play the final).
    fn check_throw_in(&self, seat: Seat) -> Result<(), ActionError> {
        if !self.rules.einwuerfeln {
            return Err(ActionError::ThrowInNotAllowed);
        }
        if self.is_active(seat) {
            return Err(ActionError::NotOut);
        }
        if !self.eligible(seat) {
            return Err(ActionError::NotInRound);
        }
        if self.throw_ins.contains(&seat) || self.round.cup(seat).is_some() {
            return Err(ActionError::AlreadyThrowingIn);
        }
        Ok(())
    }

    /// The starter announces the round's extras.
    fn check_announce(&self, seat: Seat, extras: ExtraSet) -> Result<(), ActionError> {
        let round = &self.round;
        if !round.announcing {
            return Err(ActionError::NotAnnouncing);
        }
        if seat != round.starter {
            return Err(ActionError::NotStarter {
                starter: round.starter,
            });
        }
        if let Some(extra) = extras.iter().find(|e| !self.rules.extras.contains(*e)) {
            return Err(ActionError::ExtraNotInRules { extra });
        }
        Ok(())
    }

    /// While the starter announces, his "throw" starts the round without extras; nothing
    /// else is possible.
    fn check_while_announcing(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        let round = &self.round;
        if *action == Action::Throw && seat == round.starter {
            Ok(())
        } else if seat == round.starter || self.is_active(seat) || self.throw_ins.contains(&seat) {
            Err(ActionError::AnnouncementPending)
        } else {
            Err(ActionError::NotInRound)
        }
    }

    /// Dice to set aside: he has looked, named some, each a die's face.
    fn check_keep(&self, cup: &Cup, values: &[u8]) -> Result<(), ActionError> {
        // Answers about dice he has not seen would let him peek without looking.
        if !cup.looked {
            return Err(ActionError::LookFirst);
        }
        if values.is_empty() {
            return Err(ActionError::NothingToKeep);
        }
        if let Some(v) = values.iter().find(|v| !(1..=6).contains(*v)) {
            return Err(ActionError::InvalidDie { value: *v });
        }
        Ok(())
    }

    /// Turning sixes (R-SIX-*): allowed by the rules, looked, two sixes, a throw left (or the
    /// rules' flip on the last throw).
    fn check_flip(&self, index: usize) -> Result<(), ActionError> {
        let cup = &self.round.cups[index];
        if !self.rules.sixes {
            return Err(ActionError::SixesNotAllowed);
        }
        if !cup.looked {
            return Err(ActionError::LookFirst);
        }
        if cup.must_throw() {
            return Err(ActionError::MustThrowAfterFlip);
        }
        if cup.sixes_to_turn(&self.rules).len() < 2 {
            return Err(ActionError::NoTwoSixes);
        }
        if self.round.throws_left(index) == 0 && !self.round.may_flip_on_last(index, &self.rules) {
            return Err(ActionError::FlipNeedsThrowLeft);
        }
        Ok(())
    }

    /// The positions of the dice `values` would set aside, or why they cannot.
    pub(super) fn keep_positions(
        &self,
        cup: &Cup,
        values: &[u8],
    ) -> Result<Vec<usize>, ActionError> {
        let mut taken = [false; 3];
        let mut positions = Vec::with_capacity(values.len());
        for &v in values {
            let free =
                (0..3).find(|&i| !cup.aside[i] && !taken[i] && !cup.reroll[i] && cup.dice[i] == v);
            match free {
                Some(i) => {
                    taken[i] = true;
                    positions.push(i);
                }
                None => {
                    let rethrow_six = (0..3)
                        .any(|i| !cup.aside[i] && !taken[i] && cup.reroll[i] && cup.dice[i] == v);
                    return Err(if rethrow_six {
                        ActionError::MustRethrowSix
                    } else {
                        ActionError::NotInCup { value: v }
                    });
                }
            }
        }
        let remaining = (0..3).filter(|&i| !cup.aside[i] && !taken[i]).count();
        if remaining == 0 {
            return Err(ActionError::MustLeaveDieInCup);
        }
        Ok(positions)
    }

    /// What `seat` may do now (for menus and buttons). Keep and flip are offered by what the
    /// player's own dice allow.
    pub fn available_actions(&self, seat: Seat) -> Vec<ActionKind> {
        let candidates = [
            Action::Announce {
                extras: ExtraSet::EMPTY,
            },
            Action::Look,
            Action::Throw,
            Action::Flip,
            Action::Stand,
            Action::Blind,
            Action::ThrowIn,
        ];
        // Like keepable values, turning is offered only after looking: offering it before
        // would tell the owner whether he has two sixes without looking (R-RND-4, blind).
        let looked = self.round.cup(seat).is_some_and(|c| c.looked);
        let mut kinds: Vec<ActionKind> = candidates
            .iter()
            .filter(|a| (**a != Action::Flip || looked) && self.check(seat, a).is_ok())
            .map(Action::kind)
            .collect();
        if self.keepable_values(seat).is_some() {
            kinds.push(ActionKind::Keep);
        }
        kinds
    }

    /// The values `seat` could set aside now (each die under the cup once), if any.
    pub fn keepable_values(&self, seat: Seat) -> Option<Vec<u8>> {
        let index = self.round.cup_index(seat)?;
        let cup = &self.round.cups[index];
        if !cup.looked {
            return None; // offering values would show the dice before he looks
        }
        let values: Vec<u8> = (0..3)
            .filter(|&i| !cup.aside[i] && !cup.reroll[i])
            .map(|i| cup.dice[i])
            .collect();
        let first = *values.first()?;
        self.check(
            seat,
            &Action::Keep {
                values: vec![first],
            },
        )
        .is_ok()
        .then_some(values)
    }

    /// Every way `seat` may set dice aside now, as the values to keep (sorted, each set once,
    /// fewest dice first). Each is a `Keep` the engine accepts, so menus never offer a keep
    /// it would refuse (after a flip, say, when the six to re-throw stays in the cup).
    pub fn keep_options(&self, seat: Seat) -> Vec<Vec<u8>> {
        let Some(values) = self.keepable_values(seat) else {
            return Vec::new();
        };
        let n = values.len();
        let mut options: Vec<Vec<u8>> = Vec::new();
        for mask in 1u32..(1 << n) {
            let mut chosen: Vec<u8> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| values[i])
                .collect();
            chosen.sort_unstable();
            if options.contains(&chosen) {
                continue;
            }
            let keep = Action::Keep {
                values: chosen.clone(),
            };
            if self.check(seat, &keep).is_ok() {
                options.push(chosen);
            }
        }
        options.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        options
    }
}
