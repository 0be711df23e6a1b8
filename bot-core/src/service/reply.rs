//! The one platform-neutral reply model: the public table view, private views per player,
//! notices and read-only content. Adapters only render it (see `crate::render`).

use super::error::ServiceError;
use super::ids::UserId;
use crate::engine::ai::Strategy;
use crate::engine::judge::JudgeRound;
use crate::engine::odds::Choice;
use crate::engine::proof::Mismatch;
use crate::engine::{DebtReason, Event, RoundOutcome, RoundSummary, RuleSet, TableView};
pub use crate::model::fairness::FairnessReport;
pub use crate::model::records::{DebtLine, LedgerLine, PlayerStats};
use crate::model::table::TableStatus;
use crate::text::Lang;
use serde::Serialize;

/// The public state of a table: the message every member sees, edited in place.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PublicTable {
    pub table_id: i64,
    pub version: u64,
    pub status: TableStatus,
    /// Members in seat order (the lobby before the game starts).
    pub members: Vec<String>,
    /// Which members are computer players (parallel to `members`).
    pub computer: Vec<bool>,
    pub opener: String,
    /// The game's rules (naming throws needs them).
    pub rules: RuleSet,
    /// The game as everybody sees it, once started.
    pub view: Option<TableView>,
    /// The platform message showing this table, if the adapter told the service.
    pub message_ref: Option<String>,
    /// The turn timer's deadline (unix ms), if one runs.
    pub deadline: Option<i64>,
    /// The chat's time zone (IANA name): times are shown in it.
    pub time_zone: String,
    /// The game's provably fair dice (none for a game from before them, or with real dice).
    pub proof: Option<PublicProof>,
    /// Tally mode: the dice fall on a real table; rounds are entered.
    pub tally: bool,
    /// Counts every stored change of the table, also those that keep the version (a look
    /// under a cup): a live page's copy is current only at this count.
    #[serde(skip)]
    pub seq: u64,
}

/// One player's private view: his cup and what he may do.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrivateView {
    pub user: UserId,
    pub lang: Lang,
    pub table_id: i64,
    pub version: u64,
    pub view: TableView,
    /// The game's rules (naming throws and announce buttons need them).
    pub rules: RuleSet,
    /// The chat allows hints: a "💡 Tipp" button while it is his turn and he has looked.
    pub hints: bool,
    /// The round this player's own move just ended (his cup already shows the next round,
    /// so this is the only place he sees the throw that ended it).
    pub round_over: Option<Box<RoundSummary>>,
}

/// A short message, public or to the actor only.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A game event as everybody may see it (already redacted by the engine).
    Game(Event),
    Opened {
        name: String,
    },
    Joined {
        name: String,
    },
    /// A computer player took a seat.
    ComputerJoined {
        name: String,
        strategy: Strategy,
    },
    Left {
        name: String,
    },
    Kicked {
        name: String,
        by: String,
    },
    Started,
    Ended {
        by: String,
    },
    IdleClosed,
    TimedOut {
        name: String,
    },
    /// The database was gone for `outage_seconds` during `name`'s turn: his time starts
    /// again.
    TurnRenewed {
        name: String,
        outage_seconds: i64,
    },
    Debt {
        name: String,
        reason: DebtReason,
    },
    RulesSet {
        rules: String,
    },
    /// What a rules command changed: the chat's rules before and after (worded by the
    /// renderer, one sentence a change; none when they are the same).
    RulesChanged {
        before: Box<RuleSet>,
        after: Box<RuleSet>,
    },
    RulesApplyNextGame,
    TimerSet {
        seconds: u32,
    },
    TimeZoneSet {
        zone: String,
    },
    Paid {
        name: String,
        by: String,
        left: i64,
    },
    PaymentClaimed {
        name: String,
    },
    /// A ledger entry of `kind` (`paid`, `claim`) for `name` was taken back.
    Undone {
        kind: String,
        name: String,
    },
    SeasonClosed {
        season: i64,
    },
    /// A seated player entered the round of a real table (tally mode).
    RoundEntered {
        by: String,
    },
    /// The last entered round was taken back.
    RoundTakenBack {
        by: String,
    },
    /// The taken-back round had written a debt: it is reversed in the ledger.
    DebtTakenBack {
        name: String,
    },
    /// A player set the client seed of the dice.
    ClientSeedSet {
        name: String,
        seed: String,
    },
    /// Hints were switched on or off in this chat.
    HintsSet {
        on: bool,
    },
    /// The actor's best choices by the exact odds (private).
    Hint(Hint),
    /// The button was for an older state; here is the current one.
    Stale,
    Duplicate,
    /// Not in this round (out of the half, or the final's bystander).
    NotPlaying,
    /// Club nights and the cash box.
    Club(super::club::reply::ClubNotice),
    Error(ServiceError),
    Tournament(super::tournament::reply::TournamentNotice),
}

/// A hint: the best choices of the player to act, the best first (two or three).
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub choices: Vec<HintChoice>,
}

/// One choice of a hint and what it brings under strong play.
#[derive(Clone, Debug, PartialEq)]
pub struct HintChoice {
    pub choice: Choice,
    /// The chance not to be the round's lowest throw (0 to 1).
    pub not_lowest: f64,
    /// The Deckel received in expectation, less those expected to be handed on.
    pub deckel: f64,
}

/// Read-only answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Content {
    Debts(Vec<DebtLine>),
    History {
        lines: Vec<LedgerLine>,
        page: u32,
        pages: u32,
        /// Times are shown in this zone.
        time_zone: String,
    },
    Stats {
        season: i64,
        lines: Vec<PlayerStats>,
    },
    Rules {
        rules: RuleSet,
        timer_seconds: u32,
        time_zone: String,
        /// Hints from the exact odds allowed in this chat.
        hints: bool,
        /// Every switch by its key (`/regeln details`) instead of the rules in words.
        details: bool,
    },
    Reveal {
        summary: Box<RoundSummary>,
        table: Box<PublicTable>,
    },
    Export {
        filename: String,
        csv: String,
    },
    /// A game's provably fair dice.
    Proof(Box<ProofReport>),
    /// The chat's dice statistics.
    Fairness(Box<FairnessReport>),
    /// The referee's verdict on a round played with real dice.
    Judge {
        round: Box<JudgeRound>,
        outcome: Box<RoundOutcome>,
    },
    Help,
    /// Club nights, the catalogue, the cash box, ratings, the championship.
    Club(Box<super::club::reply::ClubContent>),
    /// Schockturnier: the overview, a round, the standings, a player's page.
    Tournament(Box<super::tournament::reply::TournamentContent>),
}

/// What `verify` says about a game.
#[derive(Clone, Debug, PartialEq)]
pub enum ProofReport {
    /// The game is not over: what the players can note now (the seed stays secret).
    Running {
        game: i64,
        commitment: String,
        client_seed: String,
        /// The place's newest game that is over, to check instead.
        last_over: Option<i64>,
    },
    /// The game is over: its record as a file, and whether every throw matches.
    Checked {
        game: i64,
        filename: String,
        record: String,
        throws: usize,
        /// The first thing that does not match; `None` when all match.
        mismatch: Option<Mismatch>,
    },
    /// A game played before provably fair dice: its record says so.
    Predates {
        game: i64,
        filename: String,
        record: String,
    },
}

/// The provably fair dice as the table message shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicProof {
    pub commitment: String,
    pub client_seed: String,
    /// Only once the game is over.
    pub server_seed: Option<String>,
    /// Throws the game made so far.
    pub throws: u64,
}

/// Everything the adapter shows after a command.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// The table message to post or edit.
    pub table: Option<PublicTable>,
    /// Rounds scored by this command: each is one public reveal message.
    pub reveals: Vec<RoundSummary>,
    /// Public notices (chat language).
    pub notices: Vec<Notice>,
    /// For the actor only (errors, stale buttons).
    pub private_notices: Vec<Notice>,
    /// The actor's private view (after a roll, on "look at my cup").
    pub private: Option<PrivateView>,
    /// The player whose turn it now is, if that changed (for platforms that can message
    /// him privately).
    pub next_private: Option<PrivateView>,
    /// A read-only answer.
    pub content: Option<Content>,
    /// Public text is in this language.
    pub lang: Lang,
    /// The actor's language (private notices and views).
    pub actor_lang: Lang,
}

impl Reply {
    pub fn error(error: ServiceError, lang: Lang) -> Reply {
        Reply {
            private_notices: vec![Notice::Error(error)],
            lang,
            actor_lang: lang,
            ..Reply::default()
        }
    }

    /// Whether the command was refused.
    pub fn is_error(&self) -> bool {
        self.private_notices
            .iter()
            .any(|n| matches!(n, Notice::Error(_)))
    }

    pub fn error_kind(&self) -> Option<&ServiceError> {
        self.private_notices.iter().find_map(|n| match n {
            Notice::Error(e) => Some(e),
            _ => None,
        })
    }
}
