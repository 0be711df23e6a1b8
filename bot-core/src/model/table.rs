//! A table's state: one game in one place, from the lobby to its end, with its members, the
//! engine's game, and what the staleness check remembers. The service decides what changes
//! it ([`crate::service::table`]); the store keeps it.

use super::ids::{ChatId, UserId};
use super::records::PlayerStats;
use crate::engine::ai::Strategy;
use crate::engine::{ActionKind, DebtReason, FairDice, Game, Part, RuleSet, Seat, ServerSeed};

fn is_simple(strategy: &Strategy) -> bool {
    *strategy == Strategy::Simple
}
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    Lobby,
    Running,
    Finished,
    Abandoned,
}

impl TableStatus {
    pub fn id(self) -> &'static str {
        match self {
            TableStatus::Lobby => "lobby",
            TableStatus::Running => "running",
            TableStatus::Finished => "finished",
            TableStatus::Abandoned => "abandoned",
        }
    }

    pub fn is_open(self) -> bool {
        matches!(self, TableStatus::Lobby | TableStatus::Running)
    }
}

/// A member of the table; his index is his seat once the game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub user: UserId,
    /// The name shown at the table (unique at the table).
    pub name: String,
    /// A computer player.
    pub bot: bool,
    /// How the computer player plays (members stored before levels play the rule of thumb).
    #[serde(default, skip_serializing_if = "is_simple")]
    pub strategy: Strategy,
    /// Left (or was kicked) after the game started; the seat stays.
    pub left: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Database id; set when the table is first stored.
    #[serde(skip)]
    pub id: i64,
    pub chat: ChatId,
    /// Counts the moves; buttons carry it, a move on an older version is stale.
    pub version: u64,
    /// Counts stored commands (the event log's sequence).
    pub log_seq: u64,
    pub status: TableStatus,
    pub opener: UserId,
    pub members: Vec<Member>,
    pub rules: RuleSet,
    pub game: Option<Game>,
    /// The dice of a game stored before provably fair dice come from this seed and the log
    /// sequence.
    pub seed: u64,
    /// Provably fair dice: every game opened since the scheme has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<DiceProof>,
    pub season: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub turn_deadline: Option<i64>,
    pub message_ref: Option<String>,
    /// This game's statistics so far; they go to the store when the game ends (so a move is
    /// one small write, and a game counts once it is over).
    #[serde(default)]
    pub pending_stats: Vec<PlayerStats>,
    /// The version at which the current round began (buttons of an older round are stale).
    #[serde(default)]
    pub round_since: u64,
    /// The latest moves, newest last (a repeat of one's own move on an older button is a
    /// double click).
    #[serde(default)]
    pub moves: Vec<RecentMove>,
    /// Tally mode: the dice fall on a real table and rounds are entered whole.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tally: bool,
    /// The game as it was before the last entered round (tally mode), for an undo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered: Option<Box<EnteredRound>>,
    /// Who went out in which round of the game's halves (a tournament scores the order).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub game_outs: Vec<(Part, Vec<Seat>)>,
}

/// The last round entered at a tally table, so that it can be taken back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnteredRound {
    /// The game before the round.
    pub before: Game,
    /// The game's statistics before the round (an undone round counts nowhere).
    #[serde(default)]
    pub stats: Vec<PlayerStats>,
    /// The debts the round wrote to the ledger (an extra debt, the game's Bierrunde):
    /// reversed when it is taken back.
    #[serde(default)]
    pub debts: Vec<NewDebt>,
    /// The statistics the round wrote to the season by ending the game: taken off again.
    #[serde(default)]
    pub written_stats: Vec<PlayerStats>,
    pub by: UserId,
    /// When it was entered (unix ms).
    pub at: i64,
}

/// A game's provably fair dice (see [`crate::engine::fair`]): the secret seed, its public
/// commitment, the client seed and how many throws the game has made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceProof {
    /// Secret until the game is over.
    pub server_seed: ServerSeed,
    pub commitment: String,
    /// Set by a player before the start; fixed at the start (the game's public id if
    /// nobody set one).
    pub client_seed: Option<String>,
    /// Throws made so far.
    pub throws: u64,
}

impl DiceProof {
    pub fn new(server_seed: ServerSeed) -> DiceProof {
        DiceProof {
            commitment: server_seed.commitment(),
            server_seed,
            client_seed: None,
            throws: 0,
        }
    }
}

/// The longest client seed, in characters.
pub const MAX_CLIENT_SEED: usize = 64;

/// A move as the staleness check remembers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentMove {
    /// The table's version after the move.
    pub version: u64,
    pub user: UserId,
    pub kind: ActionKind,
}

/// How many moves a table remembers for the staleness check.
const RECENT_MOVES: usize = 16;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewDebt {
    pub user: UserId,
    pub name: String,
    pub reason: DebtReason,
}

impl Table {
    pub fn member_index(&self, user: &UserId) -> Option<usize> {
        self.members.iter().position(|m| &m.user == user)
    }

    pub fn seat_of(&self, user: &UserId) -> Option<Seat> {
        self.member_index(user)
            .filter(|i| !self.members[*i].left)
            .map(|i| Seat(i as u8))
    }

    pub fn member_at(&self, seat: Seat) -> Option<&Member> {
        self.members.get(seat.index())
    }

    /// The user whose turn it is.
    pub fn current_user(&self) -> Option<&UserId> {
        let seat = self.game.as_ref()?.current()?;
        self.member_at(seat).map(|m| &m.user)
    }

    /// Remembers a move of `user` that made the current version.
    pub fn remember_move(&mut self, user: &UserId, kind: ActionKind) {
        if self.moves.len() >= RECENT_MOVES {
            self.moves.remove(0);
        }
        self.moves.push(RecentMove {
            version: self.version,
            user: user.clone(),
            kind,
        });
    }

    /// Whether a move of `kind` by `user` from a button made for `version` (older than the
    /// table's) still counts. The table message may simply be behind: the platforms pace its
    /// edits, so a button there can be a few moves old. It counts if the state moved on only
    /// by other moves in the same round; the same move of his own since (a double click, a
    /// repeat on an old message) or a new round (the button meant the old one) is stale.
    pub fn tolerates(&self, version: u64, user: &UserId, kind: ActionKind) -> bool {
        version < self.version
            && version >= self.round_since
            && !self
                .moves
                .iter()
                .any(|m| m.version > version && m.user == *user && m.kind == kind)
    }

    /// The client seed the players see: the one set, or the game's public id.
    pub fn client_seed(&self) -> Option<String> {
        let proof = self.proof.as_ref()?;
        Some(
            proof
                .client_seed
                .clone()
                .unwrap_or_else(|| self.id.to_string()),
        )
    }

    /// The server seed, once the game is over (never before).
    pub fn revealed_seed(&self) -> Option<&str> {
        let proof = self.proof.as_ref().filter(|_| !self.status.is_open())?;
        Some(proof.server_seed.reveal())
    }

    /// The dice of this game's next throws.
    pub fn fair_dice(&self) -> Option<FairDice> {
        let proof = self.proof.as_ref()?;
        Some(FairDice::new(
            proof.server_seed.clone(),
            self.client_seed()?,
            proof.throws,
        ))
    }

    /// The opener's rights go to the next human still at the table when he goes.
    pub fn pass_opener_on(&mut self, leaving: &UserId) {
        if self.opener != *leaving {
            return;
        }
        if let Some(next) = self
            .members
            .iter()
            .find(|m| !m.bot && !m.left && m.user != *leaving)
        {
            self.opener = next.user.clone();
        }
    }

    /// Seats a new member under a name no other member has; returns that name.
    pub fn seat(&mut self, user: UserId, wanted: &str, bot: bool) -> String {
        let name = self.unique_name(wanted);
        self.members.push(Member {
            user,
            name: name.clone(),
            bot,
            strategy: Strategy::Simple,
            left: false,
        });
        name
    }

    /// Seats a computer player that plays by `strategy`; returns its name at the table.
    pub fn seat_computer(&mut self, wanted: &str, strategy: Strategy) -> String {
        let user = UserId::computer(&self.chat, &self.unique_name(wanted));
        let name = self.seat(user, wanted, true);
        if let Some(member) = self.members.last_mut() {
            member.strategy = strategy;
        }
        name
    }

    pub fn unique_name(&self, wanted: &str) -> String {
        let base = clean_name(wanted);
        let taken = |n: &str| self.members.iter().any(|m| m.name.eq_ignore_ascii_case(n));
        if !taken(&base) {
            return base;
        }
        (2..)
            .map(|k| format!("{base} ({k})"))
            .find(|n| !taken(n))
            .unwrap_or(base)
    }
}

/// The longest name at a table, in characters.
pub const MAX_NAME: usize = 32;

/// A player name fit for a table: no control characters, no line breaks, at most
/// [`MAX_NAME`] characters (a longer one is cut and ends with "…"); never empty.
pub fn clean_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if cleaned.is_empty() {
        return "?".to_string();
    }
    if cleaned.chars().count() <= MAX_NAME {
        return cleaned;
    }
    // The cut may end in the space between two words: "Anna Maria …" reads worse than
    // "Anna Maria…", and the engine trims names.
    let mut short: String = cleaned.chars().take(MAX_NAME - 1).collect();
    short.truncate(short.trim_end().len());
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(clean_name("  Anna\n Maier "), "Anna Maier");
        assert_eq!(clean_name("\u{7}"), "?");
        let long = "Bartholomäus Maximilian von Hohenzollern";
        let cut = clean_name(long);
        assert_eq!(cut.chars().count(), MAX_NAME);
        assert!(cut.ends_with('…') && long.starts_with(cut.trim_end_matches('…')));
        // A cut right after a word does not keep the space before the "…".
        let spaced = format!("{} Ende", "x".repeat(MAX_NAME - 1));
        assert_eq!(
            clean_name(&spaced),
            format!("{}…", "x".repeat(MAX_NAME - 1))
        );
        let at_space = format!("{} {}", "y".repeat(30), "z".repeat(10));
        assert_eq!(clean_name(&at_space), format!("{}…", "y".repeat(30)));
    }
}
