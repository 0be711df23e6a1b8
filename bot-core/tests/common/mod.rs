//! The test harness shared by the engine's integration tests: a game with loaded dice, rule
//! sets by name and small readers of what a round showed.

// Every test binary compiles this module but uses only part of it.
#![allow(dead_code)]

pub mod backend;
pub mod club_evening;
pub mod club_store;
pub mod cut;
pub mod service;

use bot_core::engine::event::RevealedThrow;
use bot_core::engine::round::Cup;
use bot_core::engine::score::FinalThrow;
use bot_core::engine::view::CupView;
use bot_core::engine::{
    Action, ActionError, Evaluation, Event, Game, LoadedDice, RoundSummary, RuleSet, Seat, Viewer,
    evaluate,
};

pub const A: Seat = Seat(0);
pub const B: Seat = Seat(1);
pub const C: Seat = Seat(2);
pub const D: Seat = Seat(3);

/// The presets of RULES.md, listed here independently of the engine's own table.
pub const PRESET_NAMES: [&str; 7] = [
    "standard",
    "wikipedia",
    "moin-moin",
    "muensterland",
    "dortmund",
    "jule",
    "bochum",
];

/// Player names "A", "B", "C", … matching the seat constants.
pub fn names(n: usize) -> Vec<String> {
    (b'A'..=b'Z')
        .take(n)
        .map(|c| char::from(c).to_string())
        .collect()
}

// ----- rule sets -----------------------------------------------------------------------------

pub fn standard() -> RuleSet {
    RuleSet::standard()
}

pub fn preset(name: &str) -> RuleSet {
    RuleSet::preset(name).unwrap_or_else(|e| panic!("preset {name}: {e}"))
}

/// `base` with `key=value` overrides applied.
pub fn with(base: RuleSet, assignments: &[&str]) -> RuleSet {
    base.with_assignments(assignments).expect("valid override")
}

// ----- a game with loaded dice -----------------------------------------------------------------

/// A game with loaded dice: `starter` wins the roll-off (6,6,6 against 1,1,1 for everybody
/// else); `deal` is the first round's first throws in turn order from the starter.
pub struct Table {
    pub game: Game,
    pub dice: LoadedDice,
    pub start_events: Vec<Event>,
}

impl Table {
    pub fn new(rules: RuleSet, players: usize, starter: Seat, deal: &[[u8; 3]]) -> Table {
        let mut script = Vec::new();
        for i in 0..players {
            script.extend(if i == starter.index() {
                [6, 6, 6]
            } else {
                [1, 1, 1]
            });
        }
        for d in deal {
            script.extend(*d);
        }
        let mut dice = LoadedDice::new(script);
        let (game, start_events) = Game::start(rules, &names(players), &mut dice).expect("starts");
        assert_eq!(
            game.round().starter,
            starter,
            "the scripted roll-off decides"
        );
        Table {
            game,
            dice,
            start_events,
        }
    }

    /// Appends throws to the dice script (a later deal or throw).
    pub fn push(&mut self, throws: &[[u8; 3]]) {
        for t in throws {
            self.dice.push(*t);
        }
    }

    /// Appends single dice to the script (a throw of fewer than three dice).
    pub fn push_dice(&mut self, values: &[u8]) {
        self.dice.push(values.iter().copied());
    }

    /// Keep and Flip need a look under the cup first; a player looks on his turn.
    pub fn look_for(&mut self, seat: Seat, action: &Action) {
        let unlooked = self.game.round().cup(seat).is_some_and(|c| !c.looked);
        if matches!(action, Action::Keep { .. } | Action::Flip)
            && unlooked
            && self.game.current() == Some(seat)
        {
            self.game
                .apply(seat, &Action::Look, &mut self.dice)
                .expect("looking is always allowed");
        }
    }

    pub fn act(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        self.look_for(seat, &action);
        match self.game.apply(seat, &action, &mut self.dice) {
            Ok(events) => events,
            Err(e) => panic!("{seat}: {action:?} was refused: {e:?}"),
        }
    }

    /// The action is refused with `expected`, and neither the game nor the dice change.
    pub fn refuse(&mut self, seat: Seat, action: Action, expected: ActionError) {
        if expected != ActionError::LookFirst {
            self.look_for(seat, &action);
        }
        let before = self.game.clone();
        let remaining = self.dice.remaining();
        assert_eq!(self.game.check(seat, &action), Err(expected.clone()));
        let got = self.game.apply(seat, &action, &mut self.dice);
        assert_eq!(got, Err(expected), "{seat}: {action:?}");
        assert!(self.game == before, "a refused {action:?} changed the game");
        assert_eq!(
            self.dice.remaining(),
            remaining,
            "a refused action rolled dice"
        );
    }

    pub fn cup(&self, seat: Seat) -> &Cup {
        self.game
            .round()
            .cup(seat)
            .expect("the seat plays this round")
    }

    /// What `viewer` sees of the cup of `seat`.
    pub fn cup_view(&self, viewer: Viewer, seat: Seat) -> CupView {
        self.game.view_for(viewer).players[seat.index()]
            .cup
            .clone()
            .expect("the seat plays this round")
    }

    /// The seats dealt into the current round, in turn order.
    pub fn turn_order(&self) -> Vec<Seat> {
        self.game.round().cups.iter().map(|c| c.seat).collect()
    }

    pub fn last(&self) -> &RoundSummary {
        self.game.last_round().expect("a round was scored")
    }

    /// Stands for whoever is to act until the current round is scored.
    pub fn finish_round(&mut self) -> Vec<Event> {
        let played = self.game.rounds_played();
        let mut events = Vec::new();
        while self.game.rounds_played() == played {
            let seat = self.game.current().expect("the round runs");
            events.extend(self.act(seat, Action::Stand));
        }
        events
    }
}

/// Two players, A starts: A throws 2,3,5, then 2,3,5 again and `third` with his last throw
/// (B holds 6,5,3).
pub fn starter_at_his_third_throw(rules: RuleSet, third: [u8; 3]) -> Table {
    let mut t = Table::new(rules, 2, A, &[[2, 3, 5], [6, 5, 3]]);
    t.push(&[[2, 3, 5], third]);
    t.act(A, Action::Throw);
    t.act(A, Action::Throw);
    t
}

// ----- reading results -----------------------------------------------------------------------

pub fn revealed(summary: &RoundSummary, seat: Seat) -> &RevealedThrow {
    summary
        .throws
        .iter()
        .find(|t| t.seat == seat)
        .expect("seat in the round")
}

/// The round summaries among `events`.
pub fn scored(events: &[Event]) -> Vec<&RoundSummary> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RoundScored(s) => Some(&**s),
            _ => None,
        })
        .collect()
}

/// The Deckel in the stock plus those every player holds (R-SCORE-6: always N).
pub fn total_deckel(game: &Game) -> u32 {
    u32::from(game.stock())
        + game
            .all_holdings()
            .iter()
            .map(|h| u32::from(*h))
            .sum::<u32>()
}

/// A final throw that was not blind.
pub fn ft(dice: [u8; 3], throws: u8, hand: bool) -> FinalThrow {
    FinalThrow {
        dice,
        throws,
        hand,
        blind: false,
    }
}

/// `dice` evaluated with all of the rule set's extras in play.
pub fn ev(dice: [u8; 3], hand: bool, rules: &RuleSet) -> Evaluation {
    evaluate(dice, hand, rules, rules.extras)
}
