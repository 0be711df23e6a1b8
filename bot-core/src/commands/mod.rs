//! The command catalogue: every command of every front end in one place — what it asks for,
//! what it is called in English and German on Discord, Telegram and the terminal, who may use
//! it, and the Fluent id of its one-line description. Plain data: the adapters build their
//! registrations, menus and parsers from it, and the help texts take their command names
//! from it ([`crate::render::help_text`]).
//!
//! - this file: the types and the look-ups;
//! - [`catalogue`]: the commands themselves;
//! - [`words`]: the words after a command that pick what it does (`/abend start`);
//! - [`parse`]: a command's text → the service's request, for every front end.

mod catalogue;
pub mod parse;
#[cfg(test)]
mod tests;
pub mod words;

pub use catalogue::CATALOGUE;

use crate::service::Request;
use crate::text::Lang;

/// What a command asks for, whatever a platform calls it. In the catalogue's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CommandId {
    New,
    Join,
    Leave,
    Start,
    Roll,
    Keep,
    Flip,
    Stand,
    Blind,
    Announce,
    ThrowIn,
    Reveal,
    Table,
    Rules,
    Kick,
    End,
    Debts,
    Paid,
    History,
    Undo,
    Export,
    Stats,
    Judge,
    Help,
    Timer,
    TimeZone,
    NewSeason,
    Seed,
    Verify,
    Fairness,
    Round,
    Bot,
    Hint,
    Quit,
    /// Club nights (issue 25): open, show, close the evening.
    Night,
    /// Check in to the club's evening.
    CheckIn,
    /// The penalty catalogue: shown, or changed by admins.
    Penalties,
    /// The cash box's balances.
    CashBox,
    /// A payment into the cash box (one's own waits for another member).
    Pay,
    /// The cash book, page by page, or `export` as CSV.
    CashBook,
    /// Undo a cash entry.
    Cancel,
    Ratings,
    Championship,
    /// Schockturnier (issue 35): `/turnier` with a word for each step.
    Tournament,
    /// Telegram's START in a private chat, with a group's deep link.
    Welcome,
}

impl CommandId {
    /// A club command (issue 25): on Discord a subcommand of `/club`, not of `/schocken`.
    pub fn is_club(self) -> bool {
        matches!(
            self,
            CommandId::Night
                | CommandId::CheckIn
                | CommandId::Penalties
                | CommandId::CashBox
                | CommandId::Pay
                | CommandId::CashBook
                | CommandId::Cancel
                | CommandId::Ratings
                | CommandId::Championship
        )
    }
}

/// A front end with commands of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Platform {
    /// Subcommands of `/schocken`; the club's of `/club` (`/verein`).
    Discord,
    /// `/name` commands with German aliases and a menu per language.
    Telegram,
    /// Words and short keys typed at the terminal.
    Terminal,
}

impl Platform {
    pub const ALL: [Platform; 3] = [Platform::Discord, Platform::Telegram, Platform::Terminal];
}

/// What a command is called on one platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// The name English menus and help texts show.
    pub en: &'static str,
    /// The name German menus and help texts show.
    pub de: &'static str,
    /// Further words for it. Every name is understood in either language.
    pub aliases: &'static [&'static str],
}

impl Names {
    pub const fn new(en: &'static str, de: &'static str, aliases: &'static [&'static str]) -> Self {
        Names { en, de, aliases }
    }

    /// The name `lang` shows.
    pub fn shown(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::De => self.de,
            Lang::En => self.en,
        }
    }

    /// Every word that names the command.
    pub fn words(&self) -> impl Iterator<Item = &'static str> + '_ {
        [self.en, self.de]
            .into_iter()
            .chain(self.aliases.iter().copied())
    }

    pub fn claims(&self, word: &str) -> bool {
        self.words().any(|w| w == word)
    }
}

/// Whether a platform offers a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    No,
    /// Understood, and shown in the platform's menus and help texts.
    Listed(Names),
    /// Understood, but left out of menus and help texts (Telegram's START belongs to the
    /// client's own button).
    Unlisted(Names),
}

/// Who may use a command. The platform tells who is an admin (Discord: Manage Server,
/// Telegram: a chat admin, the terminal: everybody at the keyboard); the service decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    Anyone,
    /// The table's opener while he sits at it, or an admin.
    OpenerOrAdmin,
    /// Anyone may look; changing the chat's settings takes an admin.
    AdminToChange,
    AdminOnly,
}

impl Permission {
    /// Whether the service needs to know if the actor of `request` (made with a command of
    /// this permission) is an admin: only then does an adapter ask its platform.
    pub fn asks_admin(self, request: &Request) -> bool {
        match self {
            Permission::Anyone => request.needs_admin(),
            Permission::OpenerOrAdmin | Permission::AdminOnly => true,
            Permission::AdminToChange => request.is_setting() || request.needs_admin(),
        }
    }
}

/// What may follow a command's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    /// Nothing (a text after it is ignored).
    None,
    Optional,
    /// It does nothing without a text.
    Required,
}

impl Text {
    fn fits(self, with_text: bool) -> bool {
        match self {
            Text::None => !with_text,
            Text::Optional => true,
            Text::Required => with_text,
        }
    }
}

/// One command of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    pub id: CommandId,
    /// The canonical English name; help texts refer to the command by it (`$roll`).
    pub en: &'static str,
    /// The canonical German name.
    pub de: &'static str,
    pub permission: Permission,
    pub text: Text,
    /// The Fluent id of its one-line description (`$surface` picks the platform's wording).
    pub description: &'static str,
    pub discord: Offer,
    pub telegram: Offer,
    pub terminal: Offer,
}

impl Spec {
    pub fn offer(&self, platform: Platform) -> Offer {
        match platform {
            Platform::Discord => self.discord,
            Platform::Telegram => self.telegram,
            Platform::Terminal => self.terminal,
        }
    }

    /// Its names on `platform`, if the platform offers it.
    pub fn names(&self, platform: Platform) -> Option<Names> {
        match self.offer(platform) {
            Offer::No => None,
            Offer::Listed(names) | Offer::Unlisted(names) => Some(names),
        }
    }

    /// Its names on `platform`, if the platform's menus and help texts show it.
    pub fn listed_names(&self, platform: Platform) -> Option<Names> {
        match self.offer(platform) {
            Offer::Listed(names) => Some(names),
            Offer::No | Offer::Unlisted(_) => None,
        }
    }

    /// The canonical names, as on a platform that uses them.
    pub const fn canonical(&self) -> Names {
        Names::new(self.en, self.de, &[])
    }
}

/// The catalogue entry of `id`.
pub fn spec(id: CommandId) -> &'static Spec {
    // The catalogue lists every command in the enum's order (checked when it compiles).
    &CATALOGUE[id as usize]
}

/// The commands `platform` understands, in the catalogue's order.
pub fn offered(platform: Platform) -> impl Iterator<Item = (&'static Spec, Names)> {
    CATALOGUE
        .iter()
        .filter_map(move |s| s.names(platform).map(|n| (s, n)))
}

/// The commands `platform` shows in its menus and help texts, in the catalogue's order.
pub fn listed(platform: Platform) -> impl Iterator<Item = (&'static Spec, Names)> {
    CATALOGUE
        .iter()
        .filter_map(move |s| s.listed_names(platform).map(|n| (s, n)))
}

/// The command `word` names on `platform` (`word` in lower case, as the platform compares
/// it). A word two commands share — the terminal's `r` rolls, and before a round's text
/// enters it — goes to the one that fits whether a text follows (`with_text`).
pub fn lookup(platform: Platform, word: &str, with_text: bool) -> Option<CommandId> {
    let mut claimants = offered(platform).filter(|(_, names)| names.claims(word));
    let (first, _) = claimants.next()?;
    let Some((second, _)) = claimants.next() else {
        return Some(first.id);
    };
    [first, second]
        .into_iter()
        .find(|s| s.text.fits(with_text))
        .map(|s| s.id)
}
