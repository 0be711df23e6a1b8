//! Why the office refuses something. Every refusal changes nothing.

use super::draw::DrawError;
use super::format::FormatError;
use super::game::{EntrantId, GameError};
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TournamentError {
    #[error(transparent)]
    Format(#[from] FormatError),
    #[error(transparent)]
    Draw(#[from] DrawError),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("a name is needed")]
    NoName,
    #[error("`{0}` is registered already")]
    NameTaken(String),
    #[error("nobody called `{0}` is registered")]
    UnknownEntrant(String),
    #[error("player {0} is not registered")]
    UnknownNumber(EntrantId),
    #[error("team `{team}` is full ({size} players)")]
    TeamFull { team: String, size: u8 },
    #[error("this tournament has no teams")]
    NoTeams,
    #[error("the knockout has begun: no more entries")]
    EntriesClosed,
    #[error("the format cannot change once the first round is drawn")]
    FormatFixed,
    #[error("round {0} is still being played")]
    RoundRunning(u32),
    #[error("no round is being played")]
    NoRoundRunning,
    #[error("round {asked} is not the round being played (round {current})")]
    NotCurrentRound { asked: u32, current: u32 },
    #[error("round {0} does not exist")]
    UnknownRound(u32),
    #[error("round {round} has no table {table}")]
    UnknownTable { round: u32, table: u32 },
    #[error("table {0} is complete")]
    TableComplete(u32),
    #[error("game {game} of table {table} is entered already")]
    GameEntered { table: u32, game: u32 },
    #[error("table {table} has entered {entered} games: the next is game {next}")]
    GameAhead { table: u32, entered: u32, next: u32 },
    #[error("table {table} has no game {game}")]
    UnknownGame { table: u32, game: u32 },
    #[error("the game's players are not the players of table {0}")]
    WrongPlayers(u32),
    #[error("player {0} sits at table {1} of the running round")]
    Seated(EntrantId, u32),
    #[error("the clock of round {0} has not been started")]
    ClockNotStarted(u32),
    #[error("the clock runs already")]
    ClockRunning,
    #[error("the tournament is paused")]
    Paused,
    #[error("the tournament is not paused")]
    NotPaused,
    #[error("table {table} has games left to play and its time has not run out")]
    TableStillPlaying { table: u32 },
    #[error("round {0} is followed by a drawn round: it cannot be corrected any more")]
    RoundClosed(u32),
    #[error("player {player} does not sit at table {table}")]
    NotAtTable { player: EntrantId, table: u32 },
    #[error("nothing waits for confirmation at table {0}")]
    NothingToConfirm(u32),
    #[error("a second player at the table confirms, not the one who entered it")]
    OwnEntry,
    #[error("this place plays table {0} already")]
    PlaceTaken(u32),
    #[error("the tournament is not decided yet")]
    NotDecided,
    #[error("the tournament is over")]
    Finished,
    #[error("{present} players are present: too few for a round")]
    TooFewPlayers { present: usize },
}
