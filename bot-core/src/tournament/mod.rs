//! Schockturnier, the tournament office (issue 35): formats, registration, the provable draw,
//! the games the tables enter, standings, knockout and final order. Pure like the engine and
//! `club/`: the service stores the tournament, passes the time and fresh seeds, and feeds the
//! digital tables' games in.

pub mod confirm;
pub mod draw;
pub mod entrants;
pub mod error;
pub mod format;
pub mod game;
pub mod knockout;
pub mod office;
pub mod results;
pub mod round;
pub mod scoring;
pub mod standings;
pub mod state;

pub use draw::{DrawError, DrawFacts, draw, table_sizes};
pub use entrants::Registration;
pub use error::TournamentError;
pub use format::{Format, FormatError, FormatKey, KnockoutKind, Scoring};
pub use game::{EntrantId, GameError, HalfResult, TableGame};
pub use knockout::{advancers, final_order, qualifiers};
pub use results::Entered;
pub use round::{Clock, Round, RoundTable, Stage, TableMode, plays_for_lives};
pub use scoring::{GameScore, score_game};
pub use standings::{
    RoundLine, StandingLine, Tally, TeamLine, standings, table_ranking, team_standings,
};
pub use state::{Correction, Entrant, PendingGame, Team, Tournament};
