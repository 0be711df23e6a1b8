//! What club commands answer: content (the evening, the catalogue, the cash box, ratings,
//! the championship) and notices. Platform-neutral; `crate::render::club` words them.

use crate::club::CashBook;
use crate::club::{
    AbsentShare, Cents, ChampionshipLine, MemberNight, PenaltyCatalogue, PlayerRating,
};
use crate::engine::{Evaluation, RuleSet};
use crate::service::command::BookFormat;
use crate::store::{CashBalances, CashRow};

/// An evening: while open, the standings so far; once closed, its summary.
#[derive(Clone, Debug, PartialEq)]
pub struct NightReport {
    pub opened_at: i64,
    /// `None` while the evening runs.
    pub closed_at: Option<i64>,
    pub late_after: Option<i64>,
    pub time_zone: String,
    /// Present members first (most games lost first), then the absent.
    pub members: Vec<MemberNight>,
    pub games: u32,
    pub bierrunden: u32,
    /// The evening's best throw and who threw it.
    pub best: Option<(String, Evaluation)>,
    /// Names the best throw (its rules).
    pub rules: RuleSet,
    /// The evening's penalties in all (so far, while open).
    pub total: Cents,
    /// How the absent members' share was reckoned (the present members' average).
    pub absent_share: Option<AbsentShare>,
    /// A round of beer, to show the Bierrunden in euros (zero: not shown).
    pub round_price: Cents,
    /// The cash box after the evening: what members owe in all, and the cash in it.
    pub owed: Cents,
    pub in_box: Cents,
}

/// The cash book to hand out as a file.
#[derive(Clone, Debug, PartialEq)]
pub struct BookFile {
    pub book: CashBook,
    pub format: BookFormat,
    /// The club's zone: the book's times are local.
    pub time_zone: String,
    /// When it was made (unix ms): the file's name carries the date.
    pub made_at: i64,
    /// The club's name (a group's title), for the file's name; `None` where unknown.
    pub club_name: Option<String>,
}

/// A member's unpaid balance in a reminder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unpaid {
    pub name: String,
    pub amount: Cents,
    /// Days since his balance last went above zero.
    pub days: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ClubContent {
    Night(NightReport),
    Catalogue(PenaltyCatalogue),
    CashBox(CashBalances),
    CashHistory {
        rows: Vec<CashRow>,
        page: u32,
        pages: u32,
        time_zone: String,
    },
    /// The whole cash book as a file (CSV or a spreadsheet), for the asker.
    CashBookFile(Box<BookFile>),
    /// The best first; shown as μ − 3σ.
    Ratings(Vec<PlayerRating>),
    Championship {
        season: i64,
        evenings: u32,
        lines: Vec<ChampionshipLine>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClubNotice {
    NightOpened {
        late_after: Option<i64>,
        time_zone: String,
    },
    CheckedIn {
        name: String,
        late: bool,
    },
    AlreadyCheckedIn {
        name: String,
        at: i64,
        time_zone: String,
    },
    NightClosed,
    CatalogueChanged,
    /// `amount` paid into the box for `name`, booked by `by`; `balance` after (above zero:
    /// still owed, below: credit).
    PaymentBooked {
        name: String,
        by: String,
        amount: Cents,
        balance: Cents,
    },
    /// `name` says he paid `amount` (cash entry `claim`); another member confirms with the
    /// same command, or with a button where the platform has one.
    PaymentClaimed {
        name: String,
        amount: Cents,
        claim: i64,
    },
    /// `by` rejected the claim of `name` over `amount`; `withdrawn`: it was his own.
    ClaimRejected {
        name: String,
        amount: Cents,
        by: String,
        withdrawn: bool,
    },
    /// Who has owed the box for the club's reminder days or more (longest first).
    CashReminder {
        lines: Vec<Unpaid>,
    },
    /// Cash entry `id` (`kind`, for `name`, `amount`) was reversed by `by`; `balance`: the
    /// member's account afterwards (above zero: he owes), when the entry had moved it.
    CashUndone {
        id: i64,
        kind: String,
        name: String,
        amount: Cents,
        by: String,
        balance: Option<Cents>,
    },
}
