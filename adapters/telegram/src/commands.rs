//! Chat commands: `/roll`, `/wurf@SchockenBot`, `/keep 1 1` … their English names and German
//! aliases, the menus for setMyCommands, and the translation into service requests. Pure:
//! no Telegram calls here.

use bot_core::service::args::{parse_bot, parse_values, rules_request};
use bot_core::service::{Request, ServiceError, UserId, UserRef};
use bot_core::text::Lang;

/// What a chat command asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmd {
    New,
    Join,
    Leave,
    Go,
    Roll,
    Keep,
    Flip,
    Stand,
    Blind,
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
    /// Set the client seed of the provably fair dice.
    Seed,
    /// A game's provably fair dice: commitment and seeds, or its record as a file.
    Verify,
    /// The chat's dice statistics with a chi-square test.
    Fairness,
    /// A round of a real table (tally mode): `/runde Anna 665 3, Ben 114 2 gebaut`.
    Round,
    /// Seat a computer player: `/bot`, `/bot stark`, `/bot Robbi einfach`.
    Bot,
    /// A private hint for the player to act (`/tipp`, `/hint`).
    Hint,
    /// The private chat's START (with a deep-link payload).
    Start,
}

/// A command's names: the English one first, then German aliases (the first is the menu's).
struct Names {
    cmd: Cmd,
    en: &'static str,
    de: &'static [&'static str],
    /// Shown in the command menus.
    menu: bool,
    /// The message id of its menu description.
    description: &'static str,
}

const NAMES: &[Names] = &[
    n(Cmd::New, "new", &["neu"], "cmd-new"),
    n(Cmd::Join, "join", &["mit", "mitspielen"], "cmd-join"),
    n(Cmd::Leave, "leave", &["aussteigen"], "cmd-leave"),
    n(Cmd::Go, "go", &["los"], "cmd-go"),
    n(Cmd::Roll, "roll", &["wurf", "wuerfeln"], "cmd-roll"),
    n(Cmd::Keep, "keep", &["halten"], "cmd-keep"),
    n(Cmd::Flip, "flip", &["drehen"], "cmd-flip"),
    n(Cmd::Stand, "stand", &["stehen"], "cmd-stand"),
    n(Cmd::Blind, "blind", &[], "cmd-blind"),
    n(Cmd::Reveal, "reveal", &["aufdecken"], "cmd-reveal"),
    n(Cmd::Table, "table", &["tisch"], "cmd-table"),
    n(Cmd::Rules, "rules", &["regeln"], "cmd-rules"),
    n(Cmd::Kick, "kick", &[], "cmd-kick"),
    n(Cmd::End, "end", &["ende"], "cmd-end"),
    n(Cmd::Debts, "debts", &["deckel"], "cmd-debts"),
    n(Cmd::Paid, "paid", &["bezahlt"], "cmd-paid"),
    n(Cmd::History, "history", &["verlauf"], "cmd-history"),
    n(Cmd::Undo, "undo", &["rueckgaengig"], "cmd-undo"),
    n(Cmd::Export, "export", &[], "cmd-export"),
    n(Cmd::Stats, "stats", &["statistik"], "cmd-stats"),
    n(Cmd::Judge, "judge", &[], "cmd-judge"),
    n(Cmd::Help, "help", &["hilfe"], "cmd-help"),
    n(Cmd::Timer, "timer", &["zugzeit"], "cmd-timer"),
    n(Cmd::TimeZone, "timezone", &["zeitzone"], "cmd-timezone"),
    n(
        Cmd::NewSeason,
        "newseason",
        &["neuesaison"],
        "cmd-newseason",
    ),
    // "Seed" is the word the German texts use too (Client-Seed, Server-Seed).
    n(Cmd::Seed, "seed", &[], "cmd-seed"),
    n(Cmd::Verify, "verify", &["pruefen"], "cmd-verify"),
    n(Cmd::Fairness, "fairness", &[], "cmd-fairness"),
    n(Cmd::Round, "round", &["runde"], "cmd-round"),
    // The same words in German and English.
    n(Cmd::Bot, "bot", &["bot", "computer"], "cmd-bot"),
    n(Cmd::Hint, "hint", &["tipp"], "cmd-hint"),
    Names {
        cmd: Cmd::Start,
        en: "start",
        de: &[],
        menu: false,
        description: "",
    },
];

const fn n(
    cmd: Cmd,
    en: &'static str,
    de: &'static [&'static str],
    description: &'static str,
) -> Names {
    Names {
        cmd,
        en,
        de,
        menu: true,
        description,
    }
}

/// A command message split up: `/Wurf@SchockenBot 1 1` → name `wurf`, bot, args `1 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<'a> {
    /// Lower case, without the slash.
    pub name: String,
    /// The bot it is addressed to (`@SchockenBot`), if any.
    pub bot: Option<&'a str>,
    pub args: &'a str,
}

impl Parsed<'_> {
    /// Whether the command is for us (`bot` is our username), for another bot, or for anyone.
    pub fn for_bot(&self, username: &str) -> Addressed {
        match self.bot {
            None => Addressed::Anyone,
            Some(b) if b.eq_ignore_ascii_case(username) => Addressed::Us,
            Some(_) => Addressed::Other,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Addressed {
    Us,
    Other,
    Anyone,
}

/// Splits a message text that starts with `/`; `None` for anything else.
pub fn split(text: &str) -> Option<Parsed<'_>> {
    let rest = text.strip_prefix('/')?;
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let (word, args) = rest.split_at(end);
    let (name, bot) = match word.split_once('@') {
        Some((name, bot)) => (name, Some(bot)),
        None => (word, None),
    };
    if name.is_empty() {
        return None;
    }
    Some(Parsed {
        name: name.to_lowercase(),
        bot,
        args: args.trim(),
    })
}

/// The command of a name, English or German.
pub fn lookup(name: &str) -> Option<Cmd> {
    NAMES
        .iter()
        .find(|n| n.en == name || n.de.contains(&name))
        .map(|n| n.cmd)
}

/// The command menu of a language: `(command, description id)`. German uses the German
/// alias where there is one.
pub fn menu(lang: Lang) -> Vec<(&'static str, &'static str)> {
    NAMES
        .iter()
        .filter(|n| n.menu)
        .map(|n| {
            let name = match lang {
                Lang::De => n.de.first().copied().unwrap_or(n.en),
                Lang::En => n.en,
            };
            (name, n.description)
        })
        .collect()
}

/// Another user a command points at: the author of the message it replies to.
pub type ReplyTarget = Option<UserId>;

/// The service request of a command (`Start` is handled by the adapter).
pub fn request(cmd: Cmd, args: &str, reply_to: ReplyTarget) -> Result<Request, ServiceError> {
    let args = args.trim();
    let named = |reply_to: ReplyTarget| match reply_to {
        Some(user) => Some(UserRef::Id(user)),
        None if !args.is_empty() => Some(UserRef::Name(args.to_string())),
        None => None,
    };
    Ok(match cmd {
        Cmd::New if args.is_empty() => Request::Open,
        Cmd::New if is_tally_word(args) => Request::OpenTally,
        Cmd::New => return Err(bad(args)),
        Cmd::Join => Request::Join,
        Cmd::Leave => Request::Leave,
        Cmd::Go if args.is_empty() => Request::Start,
        // At a real table the roll-off's winner is named: `/los Anna`.
        Cmd::Go => Request::StartWith {
            starter: UserRef::Name(args.trim_start_matches('@').to_string()),
        },
        Cmd::Roll => Request::Roll,
        Cmd::Keep => Request::Keep {
            values: parse_values(args)?,
        },
        Cmd::Flip => Request::Flip,
        Cmd::Stand => Request::Stand,
        Cmd::Blind => Request::Blind,
        Cmd::Reveal => Request::Reveal,
        Cmd::Table => Request::Show,
        // `/regeln` in words, `/regeln details` every switch by its key, else set them.
        Cmd::Rules => rules_request(args),
        Cmd::Kick => Request::Kick {
            user: named(reply_to).ok_or(ServiceError::NameMissing)?,
        },
        Cmd::End => Request::End,
        Cmd::Debts => Request::Debts,
        Cmd::Paid => Request::Paid {
            debtor: named(reply_to),
        },
        Cmd::History => Request::History {
            page: if args.is_empty() {
                1
            } else {
                args.parse().map_err(|_| bad(args))?
            },
        },
        Cmd::Undo => Request::Undo,
        Cmd::Export => Request::Export,
        Cmd::Stats => Request::Stats,
        Cmd::Judge => Request::Judge {
            text: args.to_string(),
        },
        Cmd::Help | Cmd::Start => Request::Help,
        Cmd::Timer if args.is_empty() => Request::ShowRules { details: false },
        Cmd::Timer => Request::SetTimer {
            seconds: args.parse().map_err(|_| bad(args))?,
        },
        Cmd::TimeZone if args.is_empty() => Request::ShowRules { details: false },
        Cmd::TimeZone => Request::SetTimeZone {
            zone: args.to_string(),
        },
        Cmd::NewSeason => Request::CloseSeason,
        Cmd::Seed => Request::Seed {
            text: args.to_string(),
        },
        Cmd::Verify => Request::Verify {
            game: game_number(args)?,
        },
        Cmd::Fairness => Request::Fairness,
        Cmd::Round => Request::EnterRound {
            text: args.to_string(),
        },
        Cmd::Bot => parse_bot(args).request(),
        Cmd::Hint => Request::Hint,
    })
}

/// `/new tally`, `/neu zählen`: a table for real dice.
fn is_tally_word(args: &str) -> bool {
    matches!(
        args.to_lowercase().as_str(),
        "tally" | "zählen" | "zaehlen" | "echt" | "real"
    )
}

/// `/verify`'s game number: none for the newest game, else a positive number (`12`, `#12`).
fn game_number(args: &str) -> Result<Option<i64>, ServiceError> {
    if args.is_empty() {
        return Ok(None);
    }
    let digits = args.strip_prefix('#').unwrap_or(args);
    match digits.parse::<i64>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(bad(args)),
    }
}

/// The adapter text (message id) that shows how to use a command given as `args`, when the
/// arguments cannot be right; the command is then not sent to the service.
pub fn usage(cmd: Cmd, args: &str) -> Option<&'static str> {
    let args = args.trim();
    match cmd {
        Cmd::Seed if args.is_empty() => Some("usage-seed"),
        Cmd::Round if args.is_empty() => Some("usage-round"),
        Cmd::New if !args.is_empty() && !is_tally_word(args) => Some("usage-new"),
        Cmd::Verify if game_number(args).is_err() => Some("usage-verify"),
        _ => None,
    }
}

fn bad(text: &str) -> ServiceError {
    ServiceError::BadArgument {
        text: text.chars().take(40).collect(),
    }
}

/// Whether the service needs to know if the user administers the chat (the adapter asks
/// Telegram only then).
pub fn needs_admin(request: &Request) -> bool {
    matches!(
        request,
        Request::SetRules { .. }
            | Request::SetTimer { .. }
            | Request::SetTimeZone { .. }
            | Request::End
            | Request::Kick { .. }
            | Request::CloseSeason
            // The opener may seat a computer; so may a group admin.
            | Request::AddBot { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_with_bot_and_arguments() {
        let p = split("/Wurf@SchockenBot  1 1 ").expect("a command");
        assert_eq!(p.name, "wurf");
        assert_eq!(p.bot, Some("SchockenBot"));
        assert_eq!(p.args, "1 1");
        assert_eq!(p.for_bot("schockenbot"), Addressed::Us);
        assert_eq!(p.for_bot("OtherBot"), Addressed::Other);
        let p = split("/keep").expect("a command");
        assert_eq!((p.name.as_str(), p.bot, p.args), ("keep", None, ""));
        assert_eq!(p.for_bot("SchockenBot"), Addressed::Anyone);
        assert_eq!(split("hello"), None);
        assert_eq!(split("/"), None);
        assert_eq!(split("/@bot"), None);
    }

    #[test]
    fn german_aliases_and_english_names_mean_the_same() {
        for (en, de) in [
            ("new", "neu"),
            ("join", "mit"),
            ("go", "los"),
            ("roll", "wurf"),
            ("keep", "halten"),
            ("flip", "drehen"),
            ("stand", "stehen"),
            ("reveal", "aufdecken"),
            ("table", "tisch"),
            ("rules", "regeln"),
            ("debts", "deckel"),
            ("paid", "bezahlt"),
            ("stats", "statistik"),
            ("help", "hilfe"),
        ] {
            assert_eq!(lookup(en), lookup(de), "{en} {de}");
            assert!(lookup(en).is_some());
        }
        assert_eq!(lookup("nonsense"), None);
    }

    #[test]
    fn menus_are_valid_telegram_commands() {
        for lang in Lang::ALL {
            let menu = menu(lang);
            assert!(menu.len() >= 22);
            for (name, _) in &menu {
                assert!(
                    (1..=32).contains(&name.len())
                        && name
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                    "{name}"
                );
                assert!(lookup(name).is_some(), "{name}");
            }
        }
        assert!(menu(Lang::De).iter().any(|(n, _)| *n == "wurf"));
        assert!(menu(Lang::En).iter().any(|(n, _)| *n == "roll"));
    }

    #[test]
    fn arguments_become_requests() {
        assert_eq!(
            request(Cmd::Keep, "1 1", None),
            Ok(Request::Keep { values: vec![1, 1] })
        );
        assert!(request(Cmd::Keep, "", None).is_err());
        assert_eq!(
            request(Cmd::Rules, "", None),
            Ok(Request::ShowRules { details: false })
        );
        assert_eq!(
            request(Cmd::Rules, "details", None),
            Ok(Request::ShowRules { details: true })
        );
        assert!(!needs_admin(&Request::ShowRules { details: true }));
        assert_eq!(
            request(Cmd::Rules, "dortmund blind=false", None),
            Ok(Request::SetRules {
                preset: Some("dortmund".into()),
                switches: vec!["blind=false".into()]
            })
        );
        assert_eq!(request(Cmd::Kick, "", None), Err(ServiceError::NameMissing));
        let ben = UserId::new("telegram", 2);
        assert_eq!(
            request(Cmd::Kick, "", Some(ben.clone())),
            Ok(Request::Kick {
                user: UserRef::Id(ben.clone())
            })
        );
        assert_eq!(
            request(Cmd::Paid, "Anna", None),
            Ok(Request::Paid {
                debtor: Some(UserRef::Name("Anna".into()))
            })
        );
        assert_eq!(
            request(Cmd::Paid, "", None),
            Ok(Request::Paid { debtor: None })
        );
        assert_eq!(
            request(Cmd::History, "2", None),
            Ok(Request::History { page: 2 })
        );
        assert!(request(Cmd::History, "x", None).is_err());
        assert_eq!(
            request(Cmd::Timer, "60", None),
            Ok(Request::SetTimer { seconds: 60 })
        );
        assert_eq!(
            request(Cmd::TimeZone, "Europe/Vienna", None),
            Ok(Request::SetTimeZone {
                zone: "Europe/Vienna".into()
            })
        );
        assert_eq!(lookup("zeitzone"), Some(Cmd::TimeZone));
        assert!(needs_admin(&Request::End));
        assert!(!needs_admin(&Request::ShowRules { details: false }));
    }

    #[test]
    fn provably_fair_dice_commands() {
        assert_eq!(lookup("seed"), Some(Cmd::Seed));
        assert_eq!(lookup("pruefen"), Some(Cmd::Verify));
        assert_eq!(lookup("verify"), Some(Cmd::Verify));
        assert_eq!(lookup("fairness"), Some(Cmd::Fairness));
        assert_eq!(
            request(Cmd::Seed, " Stammtisch 7 ", None),
            Ok(Request::Seed {
                text: "Stammtisch 7".into()
            })
        );
        assert_eq!(usage(Cmd::Seed, "  "), Some("usage-seed"));
        assert_eq!(usage(Cmd::Seed, "x"), None);
        assert_eq!(
            request(Cmd::Verify, "", None),
            Ok(Request::Verify { game: None })
        );
        for (args, game) in [("12", 12), ("#3", 3)] {
            assert_eq!(
                request(Cmd::Verify, args, None),
                Ok(Request::Verify { game: Some(game) })
            );
            assert_eq!(usage(Cmd::Verify, args), None);
        }
        for args in ["zwölf", "0", "-2", "1 2", "#"] {
            assert!(request(Cmd::Verify, args, None).is_err(), "{args}");
            assert_eq!(usage(Cmd::Verify, args), Some("usage-verify"), "{args}");
        }
        assert_eq!(request(Cmd::Fairness, "", None), Ok(Request::Fairness));
        for (lang, verify) in [(Lang::De, "pruefen"), (Lang::En, "verify")] {
            let menu = menu(lang);
            for name in ["seed", verify, "fairness"] {
                assert!(menu.iter().any(|(n, _)| *n == name), "{lang:?} {name}");
            }
        }
        assert!(!needs_admin(&Request::Fairness));
    }

    #[test]
    fn computer_players_and_hints() {
        use bot_core::engine::ai::Strategy;
        for name in ["bot", "computer"] {
            assert_eq!(lookup(name), Some(Cmd::Bot), "{name}");
        }
        assert_eq!(lookup("tipp"), Some(Cmd::Hint));
        assert_eq!(lookup("hint"), Some(Cmd::Hint));
        assert_eq!(
            request(Cmd::Bot, "", None),
            Ok(Request::AddBot {
                name: "Computer".into(),
                strategy: Strategy::Strong
            })
        );
        assert_eq!(
            request(Cmd::Bot, "Robbi einfach", None),
            Ok(Request::AddBot {
                name: "Robbi".into(),
                strategy: Strategy::Simple
            })
        );
        assert_eq!(
            request(Cmd::Bot, "stark", None),
            Ok(Request::AddBot {
                name: "Computer".into(),
                strategy: Strategy::Strong
            })
        );
        assert_eq!(request(Cmd::Hint, "", None), Ok(Request::Hint));
        assert!(needs_admin(&parse_bot("").request()));
        assert!(!needs_admin(&Request::Hint));
        for (lang, hint) in [(Lang::De, "tipp"), (Lang::En, "hint")] {
            let menu = menu(lang);
            for name in ["bot", hint] {
                assert!(menu.iter().any(|(n, _)| *n == name), "{lang:?} {name}");
            }
        }
    }

    #[test]
    fn a_real_table_is_opened_started_and_entered() {
        assert_eq!(lookup("runde"), Some(Cmd::Round));
        assert_eq!(lookup("round"), Some(Cmd::Round));
        assert_eq!(request(Cmd::New, "", None), Ok(Request::Open));
        for word in ["tally", "zählen", "Zaehlen"] {
            assert_eq!(
                request(Cmd::New, word, None),
                Ok(Request::OpenTally),
                "{word}"
            );
            assert_eq!(usage(Cmd::New, word), None);
        }
        assert!(request(Cmd::New, "quatsch", None).is_err());
        assert_eq!(usage(Cmd::New, "quatsch"), Some("usage-new"));
        assert_eq!(
            request(Cmd::Go, "@Ben", None),
            Ok(Request::StartWith {
                starter: UserRef::Name("Ben".into())
            })
        );
        assert_eq!(request(Cmd::Go, "", None), Ok(Request::Start));
        assert_eq!(
            request(Cmd::Round, "Anna 4", None),
            Ok(Request::EnterRound {
                text: "Anna 4".into()
            })
        );
        assert_eq!(usage(Cmd::Round, " "), Some("usage-round"));
        let menu = menu(Lang::De);
        assert!(menu.iter().any(|(n, _)| *n == "runde"));
    }
}
