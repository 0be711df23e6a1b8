//! What tournament commands answer: views with names resolved (the renderer knows no
//! tournament) and notices. Platform-neutral; `crate::render::tournament` words them.

use crate::tournament::{Format, Stage, TableMode, Tally};

/// One table of a round as its card shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCard {
    pub number: u32,
    /// Seat order; the first is the captain.
    pub players: Vec<String>,
    pub mode: TableMode,
    pub games: u32,
    pub closed: bool,
    /// An entry waiting for a second player's word: its game number.
    pub pending: Option<u32>,
    /// At a table for lives: lives left per seat.
    pub lives: Option<Vec<u8>>,
}

/// A round: its draw and its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundView {
    pub tournament: String,
    pub number: u32,
    pub stage: Stage,
    pub seed: String,
    pub commitment: String,
    /// The commitment of the next draw's seed (shown before it).
    pub next_commitment: Option<String>,
    pub tables: Vec<TableCard>,
    pub games_per_round: u8,
    pub minutes: u16,
    /// Milliseconds left on the clock; `None` before its start.
    pub remaining_ms: Option<i64>,
    pub paused: bool,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    pub place: u32,
    pub name: String,
    pub team: Option<String>,
    pub tally: Tally,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    pub place: u32,
    pub name: String,
    pub members: u32,
    pub tally: Tally,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsView {
    pub tournament: String,
    pub format: Format,
    /// Point rounds played (complete) of the format's.
    pub rounds_done: u32,
    pub rows: Vec<StandingRow>,
    pub teams: Vec<TeamRow>,
    /// Once the knockout has begun: the order it gives so far, best first (the whole
    /// tournament's order once it is decided).
    pub knockout: Option<KnockoutView>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnockoutView {
    pub decided: bool,
    /// Best first.
    pub order: Vec<String>,
    /// The knockout's players still in it.
    pub still_in: Vec<String>,
}

/// One round of a player's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRound {
    pub round: u32,
    pub stage: Stage,
    pub table: u32,
    pub place: u32,
    pub tally: Tally,
    pub closed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    pub tournament: String,
    pub name: String,
    pub team: Option<String>,
    pub present: bool,
    pub withdrawn: bool,
    pub place: u32,
    pub players: u32,
    pub tally: Tally,
    pub rounds: Vec<PlayerRound>,
    /// Where he sits now: round, table, his table mates.
    pub now: Option<(u32, u32, Vec<String>)>,
    pub final_place: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverviewView {
    pub tournament: String,
    pub format: Format,
    pub registered: u32,
    pub present: u32,
    pub teams: u32,
    pub round: Option<RoundView>,
    pub next_commitment: String,
    pub finished: bool,
    /// Whether the next step is a draw (no round running) and of which stage.
    pub next_stage: Option<Stage>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub at: i64,
    pub by: String,
    pub round: u32,
    pub table: u32,
    pub game: u32,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// One game of the tournament for the export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub round: u32,
    pub stage: Stage,
    pub table: u32,
    pub game: u32,
    /// Seat order, each with what the game scored for him.
    pub players: Vec<(String, i32)>,
    pub losers: GameLosers,
}

/// What an export hands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExportKind {
    /// The standings as CSV.
    Standings,
    /// Every game as CSV.
    Games,
    /// Standings, teams and games as a spreadsheet.
    Spreadsheet,
    /// The standings as a picture (the final standings once decided).
    Picture,
    /// The running round's table cards as a picture to print (seats numbered, the captain
    /// first, a line per game to fill in at a real-cup table).
    Cards,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportFile {
    pub kind: ExportKind,
    pub standings: StandingsView,
    pub games: Vec<GameRow>,
    /// The round the cards are for (the newest).
    pub round: Option<RoundView>,
    pub made_at: i64,
    pub time_zone: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentContent {
    Overview(Box<OverviewView>),
    Format(Box<Format>),
    Round(Box<RoundView>),
    Standings(Box<StandingsView>),
    Player(Box<PlayerView>),
    Verified {
        round: u32,
        holds: bool,
        seed: String,
        commitment: String,
    },
    Log {
        lines: Vec<LogLine>,
        time_zone: String,
    },
    Help,
    File(Box<ExportFile>),
    /// The board's link and the asker's own page.
    Board {
        tournament: String,
        board: String,
        own: Option<String>,
    },
}

/// Who lost what in a game, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameLosers {
    pub halves: Vec<String>,
    pub final_loser: Option<String>,
    pub scharf: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentNotice {
    Created {
        name: String,
        format: String,
    },
    FormatChanged,
    /// Registered, each with his number.
    Registered {
        entrants: Vec<(String, u32)>,
        team: Option<String>,
        present: bool,
    },
    CheckedIn {
        name: String,
    },
    Withdrawn {
        name: String,
    },
    Drawn {
        round: u32,
        stage: Stage,
    },
    ClockStarted {
        round: u32,
        minutes: u16,
    },
    Paused,
    Resumed,
    /// A table's game waits for a second player (`confirm`, `reject`).
    EntryWaiting {
        table: u32,
        game: u32,
        by: String,
        losers: GameLosers,
    },
    /// A game counts; the table or the round may be complete with it.
    GameCounted {
        table: u32,
        game: u32,
        losers: GameLosers,
        table_closed: bool,
        round_complete: bool,
    },
    EntryRejected {
        table: u32,
        game: u32,
        by: String,
    },
    TableClosed {
        table: u32,
        round_complete: bool,
    },
    Corrected {
        round: u32,
        table: u32,
        game: u32,
        deleted: bool,
    },
    Finished {
        winner: Option<String>,
    },
    /// The round's time ran out: the games in play end with their next lost half.
    TimeUp {
        round: u32,
    },
    /// Table N plays at this place: its games here count by themselves.
    TableBound {
        table: u32,
    },
    /// A game here did not count for the tournament (its players are not the table's).
    NotCounted {
        table: u32,
        why: super::TourneyError,
    },
}
