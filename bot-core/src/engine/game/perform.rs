//! Carrying out an allowed action: throws, keeps, flips, stands, blind, announcing,
//! throwing in, looking.

use super::Game;
use crate::engine::action::{Action, Seat};
use crate::engine::dice::DiceRoller;
use crate::engine::event::Event;
use crate::engine::rules::{ExtraSet, FlipOnLastThrow};
use crate::engine::score::throw_debt;

impl Game {
    pub(super) fn perform<R: DiceRoller + ?Sized>(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) {
        match action {
            Action::ThrowIn => {
                // Joins at the next deal (this round's, while its starter still announces).
                self.throw_ins.push(seat);
                events.push(Event::ThrowInRegistered { seat });
                return;
            }
            Action::Announce { extras } => {
                self.round.extras = self.rules.extras_in_play(*extras);
                events.push(Event::ExtrasAnnounced {
                    starter: seat,
                    extras: self.round.extras,
                });
                self.deal(rng, events);
                return;
            }
            Action::Throw if self.round.announcing => {
                events.push(Event::ExtrasAnnounced {
                    starter: seat,
                    extras: ExtraSet::EMPTY,
                });
                self.deal(rng, events);
                return;
            }
            _ => {}
        }
        let Some(index) = self.round.cup_index(seat) else {
            return;
        };
        let is_starter = seat == self.round.starter;
        match action {
            Action::Look => self.look(index, events),
            Action::Throw => self.throw(index, is_starter, rng, events),
            Action::Keep { values } => self.keep(index, values, events),
            Action::Flip => self.flip(index, events),
            Action::Stand => self.stand(index, false, events),
            Action::Blind => {
                self.round.cups[index].blind = true;
                events.push(Event::WentBlind { seat });
                self.finish_turn(index, events);
            }
            Action::Timeout => {
                events.push(Event::TimedOut { seat });
                self.finish_turn(index, events);
            }
            Action::ThrowIn | Action::Announce { .. } => {}
        }
    }

    /// One throw of the dice not set aside (R-RND-4: the starter's first two openly).
    fn throw<R: DiceRoller + ?Sized>(
        &mut self,
        index: usize,
        is_starter: bool,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) {
        let seat = self.round.cups[index].seat;
        // Throwing implies looking: the starter's first throw becomes public (R-RND-4).
        self.look(index, events);
        let cup = &mut self.round.cups[index];
        // A public throw with a debt that is now thrown over still counts (R-DEBT-*).
        if cup.open
            && let Some(reason) = throw_debt(cup.dice, cup.hand(), &self.rules)
        {
            cup.seen_debts.push(reason);
        }
        // One throw of the dice not set aside, in their order.
        let mut fresh = [0; 3];
        let count = cup.aside.iter().filter(|aside| !**aside).count();
        rng.throw(seat, &mut fresh[..count]);
        let mut fresh = fresh.into_iter();
        for i in 0..3 {
            if !cup.aside[i] {
                cup.dice[i] = fresh.next().unwrap_or(1);
            }
        }
        cup.reroll = [false; 3];
        cup.throws += 1;
        cup.looked = true;
        // R-RND-4: the starter throws 1 and 2 openly, his third under the cup.
        cup.open = is_starter && cup.throws <= 2;
        events.push(Event::Thrown {
            seat,
            number: cup.throws,
            dice: cup.dice,
            open: cup.open,
        });
        if self.round.throws_left(index) == 0 && !self.round.may_flip_on_last(index, &self.rules) {
            self.finish_turn(index, events);
        }
    }

    /// Sets the named dice aside, if the cup holds them (checked before).
    fn keep(&mut self, index: usize, values: &[u8], events: &mut Vec<Event>) {
        let seat = self.round.cups[index].seat;
        let cup = &self.round.cups[index];
        if let Ok(positions) = self.keep_positions(cup, values) {
            let cup = &mut self.round.cups[index];
            // Setting aside ends the public throw "from the hand": a debt it showed
            // counts now (R-DEBT-*), or it would be lost when the rest is thrown over.
            if cup.open
                && let Some(reason) = throw_debt(cup.dice, cup.hand(), &self.rules)
            {
                cup.seen_debts.push(reason);
            }
            for i in positions {
                cup.aside[i] = true;
            }
            events.push(Event::Kept {
                seat,
                values: values.to_vec(),
            });
        }
    }

    /// Turns sixes into ones (R-SIX-*): in place on the last throw, or with a six back in the
    /// cup, or with a bonus throw, as the rules say.
    fn flip(&mut self, index: usize, events: &mut Vec<Event>) {
        let seat = self.round.cups[index].seat;
        let last = self.round.throws_left(index) == 0;
        let in_place = last && self.rules.flip_on_last_throw == FlipOnLastThrow::InPlace;
        let bonus = last && self.rules.flip_on_last_throw == FlipOnLastThrow::ExtraThrow;
        let sixes = self.round.cups[index].sixes_to_turn(&self.rules);
        let cup = &mut self.round.cups[index];
        // Three sixes become two ones; two sixes one.
        let ones = if sixes.len() >= 3 { 2 } else { 1 };
        for &i in &sixes[..ones] {
            cup.dice[i] = 1;
            cup.flipped[i] = true;
            cup.aside[i] = true;
        }
        if !in_place {
            // R-SIX-4: a collected six goes back into the cup like one thrown now.
            let back = sixes[ones];
            cup.aside[back] = false;
            cup.reroll[back] = true;
        }
        if bonus {
            cup.bonus += 1;
        }
        events.push(Event::Flipped {
            seat,
            ones: ones as u8,
            bonus,
            in_place,
        });
        if in_place {
            // Turned in place on the last throw: nothing left to do but stand.
            self.stand(index, true, events);
        }
    }

    /// The owner looks under his cup; the starter's first throw becomes public (R-RND-4).
    pub(super) fn look(&mut self, index: usize, events: &mut Vec<Event>) {
        let is_starter = self.round.cups[index].seat == self.round.starter;
        let cup = &mut self.round.cups[index];
        if cup.looked {
            return;
        }
        cup.looked = true;
        events.push(Event::Looked { seat: cup.seat });
        if is_starter && cup.throws == 1 && !cup.done {
            cup.open = true;
            events.push(Event::Opened {
                seat: cup.seat,
                dice: cup.dice,
            });
        }
    }
}
