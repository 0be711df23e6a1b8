//! The table logic: what a command does to a table (membership, permissions, staleness,
//! computer players) as a pure function of the table and the command; the game rules stay in
//! the engine, the table's state is [`crate::model::table`].
//!
//! - this file: what a command changed, and who may manage a table;
//! - [`apply`]: one function per kind of request;
//! - [`computer`]: computer players' turns and the hints from the exact odds;
//! - [`finish`]: what follows every move (the game's end, debts, statistics, the timer);
//! - [`progress`]: the moves nobody made (a turn timer, an idle table);
//! - [`tally`]: entering and taking back the rounds of a game with real dice;
//! - [`seating`]: who may sit at a new table, rolled or real.

mod apply;
mod computer;
mod finish;
mod progress;
mod seating;
mod tally;

pub use crate::model::table::{
    DiceProof, MAX_CLIENT_SEED, MAX_NAME, Member, NewDebt, RecentMove, Table, TableStatus,
    clean_name,
};
pub use apply::apply;
pub use progress::{close_idle, hint, renew_turn, time_out};
pub use seating::Seating;
pub use tally::undoes_round;

use super::command::{Actor, UserRef};
use super::error::ServiceError;
use super::reply::{Notice, PlayerStats};
use crate::engine::{Event, RuleSet, ServerSeed};

/// What a table command changed.
#[derive(Clone, Debug, PartialEq)]
pub struct TableOutcome {
    pub table: Table,
    /// Engine events (every die, for the log).
    pub events: Vec<Event>,
    /// Table-level happenings (joins, kicks, …) for the public notices.
    pub notices: Vec<super::reply::Notice>,
    /// New ledger debts.
    pub debts: Vec<NewDebt>,
    /// Statistics to add.
    pub stats: Vec<PlayerStats>,
    /// Debts to reverse and statistics to take off: an entered round that wrote them was
    /// taken back.
    pub taken_back: TakenBack,
    /// Whether the table state changed at all (a repeated look changes nothing).
    pub changed: bool,
}

/// What a taken-back round had written beyond its table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TakenBack {
    pub debts: Vec<NewDebt>,
    pub stats: Vec<PlayerStats>,
}

impl TakenBack {
    pub fn is_empty(&self) -> bool {
        self.debts.is_empty() && self.stats.is_empty()
    }
}

/// What the table logic needs from outside.
#[derive(Clone, Debug)]
pub struct TableContext {
    pub now: i64,
    /// The chat's rules, for a new table.
    pub rules: RuleSet,
    pub season: i64,
    /// The seed for a new table.
    pub seed: u64,
    /// The server seed of a new table's provably fair dice (drawn for a command that opens
    /// one).
    pub server_seed: Option<ServerSeed>,
    /// Milliseconds per turn; 0 = no timer.
    pub turn_ms: i64,
    /// How long an entered round may be taken back, in milliseconds.
    pub undo_ms: i64,
    /// How long a computer player waits before its turn, in milliseconds; 0 = it moves at
    /// once, within the command before it.
    pub computer_pause_ms: i64,
    /// The strong computer players' shared tables.
    pub computers: Computers,
}

/// The strong players a service keeps for all its tables.
pub type Computers = std::sync::Arc<std::sync::Mutex<crate::engine::ai::StrongPlayers>>;

/// Whether `actor` may manage the table (kick, end, seat computer players): an admin of
/// the chat, or the opener while he is still at the table.
pub fn may_manage(table: &Table, actor: &Actor) -> bool {
    actor.admin || (table.opener == actor.user && table.seat_of(&actor.user).is_some())
}

/// The member `user` names, by id or by the name at the table.
fn find(table: &Table, user: &UserRef) -> Result<usize, ServiceError> {
    let found = match user {
        UserRef::Id(id) => table.member_index(id),
        UserRef::Name(name) => {
            let wanted = name.trim().trim_start_matches('@').to_lowercase();
            table
                .members
                .iter()
                .position(|m| m.name.to_lowercase() == wanted)
        }
    };
    found.ok_or_else(|| ServiceError::UnknownPlayer {
        name: match user {
            UserRef::Id(id) => id.0.clone(),
            UserRef::Name(n) => n.clone(),
        },
    })
}

/// What a command changed, before the computer players and the game's progress are added.
fn outcome(table: Table, notices: Vec<Notice>) -> TableOutcome {
    TableOutcome {
        table,
        events: Vec::new(),
        notices,
        debts: Vec::new(),
        stats: Vec::new(),
        taken_back: TakenBack::default(),
        changed: true,
    }
}

/// Whether the player to act is a computer.
pub(super) fn is_computers_turn(table: &Table) -> bool {
    table
        .game
        .as_ref()
        .and_then(|g| g.current())
        .and_then(|seat| table.member_at(seat))
        .is_some_and(|m| m.bot)
}
