//! Why a tournament command is refused (besides the office's own reasons).

use crate::tournament::{FormatError, TournamentError};
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TourneyError {
    #[error(transparent)]
    Office(#[from] TournamentError),
    #[error("no tournament runs here; an admin starts one with `turnier neu NAME`")]
    NoTournament,
    #[error("`{name}` runs here already")]
    AlreadyRunning { name: String },
    #[error("only the tournament's director (an admin) may do that")]
    DirectorOnly,
    #[error("you are not registered in this tournament")]
    NotRegistered,
    #[error("you do not sit at a table of the running round")]
    NotSeated,
    #[error("`{name}` does not sit at table {table}")]
    NotAtThisTable { name: String, table: u32 },
    #[error("`{name}` matches more than one player at table {table}")]
    Ambiguous { name: String, table: u32 },
    #[error("seat {seat} does not exist at table {table}")]
    NoSeat { seat: u32, table: u32 },
    #[error("no web table is served (SCHOCKEN_WEB_URL), so there is no board to link")]
    NoBoard,
    #[error("Platzierung needs each half in the order the players went out")]
    OrderNeeded,
    #[error("a game is one to three losers: half 1, half 2, the final")]
    LosersCount,
}

impl From<FormatError> for TourneyError {
    fn from(e: FormatError) -> Self {
        TourneyError::Office(TournamentError::Format(e))
    }
}
