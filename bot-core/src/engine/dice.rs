//! Where dice come from. The engine takes any [`DiceRoller`]: every `rand` RNG is one (seed it
//! for a reproducible game), and [`LoadedDice`] plays a script of values for tests and replays.

use super::action::Seat;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// A source of fair six-sided dice.
pub trait DiceRoller {
    /// One die: 1 to 6.
    fn roll_die(&mut self) -> u8;

    /// One throw of `seat`: as many dice as `dice` holds, written into it. Provably fair
    /// dice ([`super::fair`]) count throws, not dice; other sources draw each die alone.
    fn throw(&mut self, seat: Seat, dice: &mut [u8]) {
        let _ = seat;
        for die in dice {
            *die = self.roll_die();
        }
    }
}

impl<R: Rng + ?Sized> DiceRoller for R {
    fn roll_die(&mut self) -> u8 {
        self.random_range(1..=6)
    }
}

/// The engine's reproducible RNG for a seed.
pub fn seeded(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Dice that show scripted values in order, then continue from a seeded RNG.
#[derive(Clone, Debug)]
pub struct LoadedDice {
    script: VecDeque<u8>,
    rest: ChaCha8Rng,
}

impl LoadedDice {
    /// The values to show, in the order the engine rolls them (values outside 1–6 are
    /// clamped).
    pub fn new(values: impl IntoIterator<Item = u8>) -> LoadedDice {
        LoadedDice {
            script: values.into_iter().map(|v| v.clamp(1, 6)).collect(),
            rest: seeded(0),
        }
    }

    /// Appends values to the script.
    pub fn push(&mut self, values: impl IntoIterator<Item = u8>) {
        self.script
            .extend(values.into_iter().map(|v| v.clamp(1, 6)));
    }

    /// Values not yet rolled.
    pub fn remaining(&self) -> usize {
        self.script.len()
    }
}

impl DiceRoller for LoadedDice {
    fn roll_die(&mut self) -> u8 {
        match self.script.pop_front() {
            Some(v) => v,
            None => self.rest.roll_die(),
        }
    }
}
