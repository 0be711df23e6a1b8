//! Club nights (issue 25): money in cents, the penalty catalogue, an evening's reckoning,
//! the cash box's double-entry book, ratings and the season's championship. Pure like the
//! engine: the service gathers the facts, stores and books.

pub mod cashbook;
pub mod cashbox;
pub mod catalogue;
pub mod money;
pub mod night;
pub mod rating;
pub mod season;

pub use cashbook::{BookLine, CashBook, CashRow, MemberBalance, cash_book};
pub use cashbox::{Account, EntryKind, Posting};
pub use catalogue::{AbsentFee, CatalogueError, CatalogueKey, PenaltyCatalogue};
pub use money::{Cents, MoneyError};
pub use night::{
    AbsentShare, Charge, ChargeKind, CheckIn, GameLine, GameRecord, MemberNight, NightFacts,
    NightReckoning, Presence, reckon,
};
pub use rating::{PlayerRating, ratings};
pub use season::{ChampionshipLine, championship};
