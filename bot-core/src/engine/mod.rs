//! The rules engine: pure and deterministic. No I/O, no clocks, no platform types; the
//! randomness comes in as an argument.

pub mod action;
pub mod ai;
pub mod dice;
pub mod eval;
pub mod event;
pub mod fair;
pub mod game;
pub mod judge;
pub mod marks;
pub mod odds;
pub mod proof;
pub mod round;
pub mod rules;
pub mod score;
pub mod view;

pub use action::{Action, ActionError, ActionKind, Departure, Seat, StartError};
pub use dice::{DiceRoller, LoadedDice, seeded};
pub use eval::{Evaluation, Penalty, Rank, ThrowClass, evaluate};
pub use event::{EnteredPenalty, Event, GameResult, Part, RoundSummary, Title};
pub use fair::{DrawnThrow, FairDice, ServerSeed};
pub use game::{
    DiceMode, EnteredThrow, Game, MAX_PLAYERS, MIN_PLAYERS, Player, RoundEntry, TallyError,
};
pub use marks::{Mark, marks};
pub use rules::{Extra, ExtraSet, FlipOnLastThrow, RuleSet, RulesError, StraightOrder};
pub use score::{DebtReason, FinalThrow, RoundOutcome, Source};
pub use view::{DieView, TableView, Viewer};
