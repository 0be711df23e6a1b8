//! What an adapter asks the service to do.

use super::ids::{ChatId, UserId};
use crate::engine::ExtraSet;
use crate::engine::ai::Strategy;
use crate::text::Lang;
use serde::{Deserialize, Serialize};

/// The user behind a command, as the platform reports him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Actor {
    pub user: UserId,
    /// Display name (used as the player's name at the table).
    pub name: String,
    /// The user's language, if the platform tells it.
    pub lang: Option<Lang>,
    /// The platform says this user may administer the chat (Discord Manage Server, Telegram
    /// chat admin). The adapter reports it; the service decides what it allows.
    pub admin: bool,
    /// The platform hides who this is (a Telegram admin writing as the group): the same id
    /// stands for several people.
    #[serde(default)]
    pub anonymous: bool,
}

impl Actor {
    /// A user as the platform reports him (not anonymous).
    pub fn new(user: UserId, name: impl Into<String>, lang: Option<Lang>, admin: bool) -> Actor {
        Actor {
            user,
            name: name.into(),
            lang,
            admin,
            anonymous: false,
        }
    }

    /// The bot itself, acting for a timer (`system:timer`, `system:idle`) or an adapter.
    pub fn system(id: &str, lang: Lang) -> Actor {
        Actor::new(UserId(id.into()), id, Some(lang), false)
    }
}

/// Names another user: by platform id, or by the name shown at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UserRef {
    Id(UserId),
    Name(String),
}

/// Everything a chat can ask for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Request {
    /// Open a table in this chat (the opener joins).
    Open,
    /// Open a table for a game with real dice (tally mode): the bot keeps the score.
    OpenTally,
    Join,
    Leave,
    /// Start the game: roll-off and first round.
    Start,
    /// Start a tally game with the player who won the roll-off at the table.
    StartWith {
        starter: UserRef,
    },
    /// A tally round as the table tells it: `Anna 665 3, Ben 114 3 gebaut, Cem 221`, or
    /// only who got how many Deckel (`Anna 4`, `Anna 4 von Ben`, `Anna aus`).
    EnterRound {
        text: String,
    },
    /// Seat a computer player (the opener or an admin, before the start).
    AddBot {
        name: String,
        /// How it plays; a request stored before levels plays the rule of thumb.
        #[serde(default)]
        strategy: Strategy,
    },
    /// A private hint for the player to act: his best choices by the exact odds.
    Hint,
    Roll,
    Keep {
        values: Vec<u8>,
    },
    Flip,
    Stand,
    Blind,
    Announce {
        extras: ExtraSet,
    },
    ThrowIn,
    /// Look at one's own cup (private view).
    Look,
    /// Show the last round's reveal.
    Reveal,
    /// Show the table (a fresh public message).
    Show,
    Kick {
        user: UserRef,
    },
    /// End the running game without a debt (the opener or an admin).
    End,
    /// The chat's rules: in words, or with `details` every switch by its key (anyone).
    ShowRules {
        /// Every switch as `key = value` (today's rule file) instead of sentences.
        #[serde(default)]
        details: bool,
    },
    /// Set the chat's rules: a preset and/or `key=value` switches (admins).
    SetRules {
        preset: Option<String>,
        switches: Vec<String>,
    },
    /// Set the chat's turn timer in seconds (0 = off; admins).
    SetTimer {
        seconds: u32,
    },
    /// Set the chat's time zone (an IANA name such as `Europe/Vienna`; admins).
    SetTimeZone {
        zone: String,
    },
    Debts,
    History {
        page: u32,
    },
    /// Record that `debtor` paid a round (confirmed by someone else).
    Paid {
        debtor: Option<UserRef>,
    },
    Undo,
    Export,
    Stats,
    /// Close the season: statistics start afresh, history stays (admins).
    CloseSeason,
    /// Set the client seed of the provably fair dice (a seated player, before the start).
    Seed {
        text: String,
    },
    /// The game's provably fair dice: commitment and client seed, and once the game is
    /// over its record with every throw, checked. Without a number the place's newest game.
    Verify {
        game: Option<i64>,
    },
    /// The chat's dice statistics: how often each face fell, with a chi-square test.
    Fairness,
    /// Referee a real table: `Anna 665 3, Ben 114 3 gebaut, Cem 221 1`.
    Judge {
        text: String,
    },
    Help,
    /// Club nights, the penalty catalogue, the cash box, ratings, the championship.
    Club(ClubRequest),
    /// Schockturnier, the tournament office.
    Tournament(super::tournament::request::TournamentRequest),
}

/// What a club asks for (issue 25). The club is the place's [`ChatId::club`]: a Discord
/// server, a Telegram group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "club", rename_all = "snake_case")]
pub enum ClubRequest {
    /// Open the evening (admins); who checks in after `late_after` (`19:30`, the chat's
    /// local time today) is late.
    OpenNight {
        late_after: Option<String>,
    },
    /// The open evening so far: who is there.
    NightStatus,
    CheckIn,
    /// Close the evening: the summary, and the catalogue's charges booked (admins).
    CloseNight,
    ShowCatalogue,
    /// `key=value` words (admins).
    SetCatalogue {
        words: String,
    },
    /// Every member's balance and the cash in the box.
    CashBox,
    /// `amount` paid into the box by `member`; by himself it waits for another member.
    Pay {
        member: Option<UserRef>,
        amount: String,
    },
    CashHistory {
        page: u32,
    },
    /// The whole cash book as a file a spreadsheet opens.
    CashExport {
        format: BookFormat,
    },
    /// Confirm claim `claim` (the entry number of a member's "I paid"): books his payment.
    ConfirmClaim {
        claim: i64,
    },
    /// Reject claim `claim` (the claimant's own: withdraw it); nothing was booked.
    RejectClaim {
        claim: i64,
    },
    /// Take back the actor's newest entry that booked money for himself (his claim, or a
    /// payment for him; within the undo window), or entry `entry` (admins any time; the
    /// member who booked a payment for another, within the undo window).
    CashUndo {
        entry: Option<i64>,
    },
    Ratings,
    Championship,
}

/// The cash book's file: CSV, or a spreadsheet (`.xlsx`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BookFormat {
    Csv,
    Xlsx,
}

impl ClubRequest {
    pub fn mutates(&self) -> bool {
        matches!(
            self,
            ClubRequest::OpenNight { .. }
                | ClubRequest::CheckIn
                | ClubRequest::CloseNight
                | ClubRequest::SetCatalogue { .. }
                | ClubRequest::Pay { .. }
                | ClubRequest::ConfirmClaim { .. }
                | ClubRequest::RejectClaim { .. }
                | ClubRequest::CashUndo { .. }
        )
    }
}

impl Request {
    /// Whether the request may change stored state (and so is deduplicated by request id).
    pub fn mutates(&self) -> bool {
        !matches!(
            self,
            Request::Look
                | Request::Hint
                | Request::Reveal
                | Request::Show
                | Request::ShowRules { .. }
                | Request::Debts
                | Request::History { .. }
                | Request::Export
                | Request::Stats
                | Request::Verify { .. }
                | Request::Fairness
                | Request::Judge { .. }
                | Request::Help
        ) && !matches!(self, Request::Club(club) if !club.mutates())
            && !matches!(self, Request::Tournament(t) if !t.mutates())
    }

    /// Whether the request changes the chat's settings (admins only).
    pub fn is_setting(&self) -> bool {
        matches!(
            self,
            Request::SetRules { .. }
                | Request::SetTimer { .. }
                | Request::SetTimeZone { .. }
                | Request::CloseSeason
        )
    }

    /// Whether only an admin may make the request (beyond the chat's settings): opening and
    /// closing a club evening, changing the catalogue, undoing another's cash entry.
    pub fn needs_admin(&self) -> bool {
        matches!(
            self,
            Request::Club(
                ClubRequest::OpenNight { .. }
                    | ClubRequest::CloseNight
                    | ClubRequest::SetCatalogue { .. }
                    | ClubRequest::CashUndo { entry: Some(_) }
            )
        )
    }

    /// Whether the request changes the ledger.
    pub fn is_ledger(&self) -> bool {
        matches!(
            self,
            Request::Paid { .. }
                | Request::Undo
                | Request::Club(ClubRequest::Pay { .. } | ClubRequest::CashUndo { .. })
        )
    }

    /// Whether the request only reads the chat's settings, ledger or statistics (no table).
    pub fn is_read_only(&self) -> bool {
        matches!(
            self,
            Request::ShowRules { .. }
                | Request::Debts
                | Request::History { .. }
                | Request::Export
                | Request::Stats
                | Request::Fairness
                | Request::Judge { .. }
                | Request::Help
        )
    }

    /// Whether this is a move in the running game (checked against the button's version).
    pub fn is_move(&self) -> bool {
        matches!(
            self,
            Request::Roll
                | Request::Keep { .. }
                | Request::Flip
                | Request::Stand
                | Request::Blind
                | Request::Announce { .. }
                | Request::ThrowIn
        )
    }
}

/// One command: who asks what in which chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Command {
    pub chat: ChatId,
    pub actor: Actor,
    pub request: Request,
    /// The table and version a button was made for; a move on another version is stale.
    pub expected: Option<(i64, u64)>,
    /// The platform's id for this request (interaction id, update id); a repeat is answered
    /// and changes nothing.
    pub request_id: Option<String>,
    /// The chat's language, if the platform tells it (public messages).
    pub chat_lang: Option<Lang>,
    /// The chat's name as its members know it (a Telegram group's title), for file names.
    #[serde(default)]
    pub place_name: Option<String>,
}

impl Command {
    pub fn new(chat: ChatId, actor: Actor, request: Request) -> Command {
        Command {
            chat,
            actor,
            request,
            expected: None,
            request_id: None,
            chat_lang: None,
            place_name: None,
        }
    }

    pub fn expecting(mut self, table: i64, version: u64) -> Command {
        self.expected = Some((table, version));
        self
    }

    pub fn with_request_id(mut self, id: impl Into<String>) -> Command {
        self.request_id = Some(id.into());
        self
    }

    pub fn with_chat_lang(mut self, lang: Lang) -> Command {
        self.chat_lang = Some(lang);
        self
    }

    pub fn with_place_name(mut self, name: impl Into<String>) -> Command {
        self.place_name = Some(name.into());
        self
    }
}
