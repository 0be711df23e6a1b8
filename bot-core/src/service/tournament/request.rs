//! What a tournament command asks for (issue 35), read by `commands::parse::tournament`.

use serde::{Deserialize, Serialize};

/// A game as a table enters it, names (or seat numbers at the table) as typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "form", rename_all = "snake_case")]
pub enum GameEntry {
    /// The losers only: half 1, half 2 and the final's (`Anna Ben Anna`; a Durchmarsch
    /// `Anna Anna`; scharf after one half `Anna`).
    Losers { names: Vec<String> },
    /// Each half in the order out, the loser last, players out together joined by `+`,
    /// halves and the final's loser apart by `|` (`Carl+Dora Ben Anna | … | Anna`).
    Order {
        halves: Vec<Vec<Vec<String>>>,
        final_loser: Option<String>,
    },
}

/// Everything `/turnier` does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "tournament", rename_all = "snake_case")]
pub enum TournamentRequest {
    /// The bare command: the tournament at a glance.
    Overview,
    /// A new tournament at this place (admins): its name and format preset.
    Create {
        name: String,
        format: Option<String>,
    },
    /// The format; with `key=value` words the director changes it before the first draw.
    Format {
        assignments: Vec<(String, String)>,
    },
    /// Register oneself, or (the director) another; with a team.
    Register {
        name: Option<String>,
        team: Option<String>,
    },
    CheckIn {
        name: Option<String>,
    },
    Withdraw {
        name: Option<String>,
    },
    /// Draw the next round (the director).
    Draw,
    /// Start the running round's clock (the director).
    StartClock,
    Pause,
    Resume,
    /// A real-cup table's game: entered by a player at the table, confirmed by another; the
    /// director's entry counts at once.
    Result {
        table: u32,
        game: u32,
        entry: GameEntry,
    },
    Confirm {
        table: Option<u32>,
    },
    Reject {
        table: Option<u32>,
    },
    /// A table with no game in play after the time ran out (its players), or any (the director).
    CloseTable {
        table: Option<u32>,
    },
    /// The director replaces a game (or with no entry deletes it); kept in the log.
    Correct {
        round: u32,
        table: u32,
        game: u32,
        entry: Option<GameEntry>,
    },
    Standings,
    Player {
        name: Option<String>,
    },
    /// A round's tables (the running round without a number): the table cards.
    Tables {
        round: Option<u32>,
    },
    Verify {
        round: u32,
    },
    /// The director's corrections.
    Log,
    Finish,
    /// Table N of the running round plays at this place (a chat, thread, topic).
    PlayHere {
        table: u32,
    },
    /// The standings or every game as a file.
    Export {
        kind: super::reply::ExportKind,
    },
    /// The links of the live board and of one's own page.
    Board,
    /// Every word of `/turnier` with an example.
    Help,
}

impl TournamentRequest {
    pub fn mutates(&self) -> bool {
        !matches!(
            self,
            TournamentRequest::Overview
                | TournamentRequest::Standings
                | TournamentRequest::Player { .. }
                | TournamentRequest::Tables { .. }
                | TournamentRequest::Verify { .. }
                | TournamentRequest::Log
                | TournamentRequest::Help
                | TournamentRequest::Export { .. }
                | TournamentRequest::Board
        ) && !matches!(self, TournamentRequest::Format { assignments } if assignments.is_empty())
    }
}
