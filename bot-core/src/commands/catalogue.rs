//! Every command, in the order Telegram's menus list them. A platform that uses the
//! canonical names says so (`.discord()`); one with names of its own spells them out
//! (`.telegram_as(…)`): Telegram's names are ASCII, the terminal's are short keys.

use super::{CommandId as Id, Names, Offer, Permission, Spec, Text};

pub const CATALOGUE: [Spec; 45] = [
    command(Id::New, "new", "neu", "cmd-new")
        .text(Text::Optional)
        .discord()
        .telegram(),
    command(Id::Join, "join", "mitspielen", "cmd-join")
        .discord()
        .telegram_as(Names::new("join", "mit", &["mitspielen"])),
    command(Id::Leave, "leave", "aussteigen", "cmd-leave")
        .discord()
        .telegram()
        .terminal(),
    // Telegram keeps `start` for its own START button.
    command(Id::Start, "start", "los", "cmd-start")
        .text(Text::Optional)
        .discord()
        .telegram_as(Names::new("go", "los", &[])),
    command(Id::Roll, "roll", "würfeln", "cmd-roll")
        .discord()
        .telegram_as(Names::new("roll", "wurf", &["wuerfeln"]))
        .terminal_as(Names::new(
            "r",
            "w",
            &["würfeln", "wuerfeln", "wurf", "roll"],
        )),
    command(Id::Keep, "keep", "halten", "cmd-keep")
        .text(Text::Required)
        .discord()
        .telegram()
        .terminal_as(Names::new("k", "h", &["halten", "keep"])),
    command(Id::Flip, "flip", "drehen", "cmd-flip")
        .discord()
        .telegram()
        .terminal_as(Names::new("f", "d", &["drehen", "flip"])),
    command(Id::Stand, "stand", "stehen", "cmd-stand")
        .discord()
        .telegram()
        .terminal_as(Names::new("s", "s", &["stehen", "stand"])),
    // On Discord an option of `roll`: Discord allows 25 subcommands.
    command(Id::Blind, "blind", "blind", "cmd-blind")
        .telegram()
        .terminal_as(Names::new("b", "b", &["blind"])),
    // In chats these are buttons.
    command(Id::Announce, "announce", "ansagen", "cmd-announce")
        .text(Text::Optional)
        .terminal_as(Names::new("a", "a", &["ansagen", "announce"])),
    command(Id::ThrowIn, "throw-in", "einwürfeln", "cmd-throw-in").terminal_as(Names::new(
        "e",
        "e",
        &["einwürfeln", "einwuerfeln", "throwin", "throw-in"],
    )),
    command(Id::Reveal, "reveal", "aufdecken", "cmd-reveal")
        .discord()
        .telegram()
        .terminal(),
    command(Id::Table, "table", "tisch", "cmd-table")
        .discord()
        .telegram()
        .terminal_as(Names::new("t", "t", &["tisch", "table"])),
    command(Id::Rules, "rules", "regeln", "cmd-rules")
        .permission(Permission::AdminToChange)
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal(),
    command(Id::Kick, "kick", "kick", "cmd-kick")
        .permission(Permission::OpenerOrAdmin)
        .text(Text::Required)
        .discord()
        .telegram()
        .terminal_as(Names::new("kick", "raus", &[])),
    command(Id::End, "end", "ende", "cmd-end")
        .permission(Permission::OpenerOrAdmin)
        .discord()
        .telegram()
        .terminal(),
    command(Id::Debts, "debts", "deckel", "cmd-debts")
        .discord()
        .telegram()
        .terminal_as(Names::new("debts", "deckel", &["schulden"])),
    command(Id::Paid, "paid", "bezahlt", "cmd-paid")
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal(),
    command(Id::History, "history", "verlauf", "cmd-history")
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal(),
    command(Id::Undo, "undo", "rückgängig", "cmd-undo")
        .discord()
        .telegram_as(Names::new("undo", "rueckgaengig", &[]))
        .terminal_as(Names::new("undo", "rückgängig", &["rueckgaengig"])),
    // On Discord an option of `history`.
    command(Id::Export, "export", "export", "cmd-export")
        .text(Text::Optional)
        .telegram()
        .terminal(),
    command(Id::Stats, "stats", "statistik", "cmd-stats")
        .discord()
        .telegram()
        .terminal(),
    command(Id::Judge, "judge", "judge", "cmd-judge")
        .text(Text::Required)
        .discord()
        .telegram()
        .terminal_as(Names::new("judge", "judge", &["schiri"])),
    command(Id::Help, "help", "hilfe", "cmd-help")
        .discord()
        .telegram()
        .terminal_as(Names::new("?", "?", &["hilfe", "help"])),
    command(Id::Timer, "timer", "zugzeit", "cmd-timer")
        .permission(Permission::AdminToChange)
        .text(Text::Optional)
        .telegram(),
    // On Discord an option of `rules`.
    command(Id::TimeZone, "timezone", "zeitzone", "cmd-timezone")
        .permission(Permission::AdminToChange)
        .text(Text::Optional)
        .telegram()
        .terminal(),
    // The terminal's help leaves the season out: closing it is rare.
    command(Id::NewSeason, "newseason", "neuesaison", "cmd-newseason")
        .permission(Permission::AdminOnly)
        .telegram()
        .terminal_unlisted(Names::new("season", "saison", &[])),
    // "Seed" is the word the German texts use too (Client-Seed, Server-Seed). At the
    // terminal the game is set up and started in one go (`--client-seed`): typed, the
    // command only says so.
    command(Id::Seed, "seed", "seed", "cmd-seed")
        .text(Text::Required)
        .discord()
        .telegram()
        .terminal_unlisted(Names::new("seed", "seed", &[])),
    command(Id::Verify, "verify", "prüfen", "cmd-verify")
        .text(Text::Optional)
        .discord()
        .telegram_as(Names::new("verify", "pruefen", &[]))
        .terminal_as(Names::new("verify", "verify", &["prüfen", "pruefen"])),
    command(Id::Fairness, "fairness", "fairness", "cmd-fairness")
        .discord()
        .telegram()
        .terminal_as(Names::new("fairness", "fairness", &["fairness-bericht"])),
    // At the terminal `r` with a text: without one, `r` rolls.
    command(Id::Round, "round", "runde", "cmd-round")
        .text(Text::Required)
        .discord()
        .telegram()
        .terminal_as(Names::new("r", "r", &["runde", "round"])),
    // The same words in German and English on Telegram.
    command(Id::Bot, "bot", "computer", "cmd-bot")
        .permission(Permission::OpenerOrAdmin)
        .text(Text::Optional)
        .discord()
        .telegram_as(Names::new("bot", "bot", &["computer"])),
    // On Discord a button under the cup.
    command(Id::Hint, "hint", "tipp", "cmd-hint")
        .telegram()
        .terminal(),
    command(Id::Quit, "quit", "pause", "cmd-quit").terminal_as(Names::new(
        "q",
        "q",
        &["quit", "pause", "tschüss", "exit"],
    )),
    // Club nights: on Discord subcommands of `/club` (`/verein`).
    command(Id::Night, "night", "abend", "cmd-night")
        .permission(Permission::AdminToChange)
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal(),
    command(Id::CheckIn, "here", "da", "cmd-check-in")
        .discord()
        .telegram()
        .terminal(),
    command(Id::Penalties, "penalties", "strafen", "cmd-penalties")
        .permission(Permission::AdminToChange)
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal(),
    command(Id::CashBox, "cash", "kasse", "cmd-cash")
        .discord()
        .telegram()
        .terminal(),
    command(Id::Pay, "pay", "einzahlung", "cmd-pay")
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal(),
    command(Id::CashBook, "cashbook", "kassenbuch", "cmd-cashbook")
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal(),
    command(Id::Cancel, "cancel", "storno", "cmd-cancel")
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal(),
    command(Id::Ratings, "ratings", "rangliste", "cmd-ratings")
        .discord()
        .telegram()
        .terminal(),
    command(
        Id::Championship,
        "championship",
        "meisterschaft",
        "cmd-championship",
    )
    .discord()
    .telegram()
    .terminal(),
    // Discord: its own root command `/turnier` (`/tournament`) with subcommands.
    command(Id::Tournament, "tournament", "turnier", "cmd-tournament")
        .text(Text::Optional)
        .discord()
        .telegram()
        .terminal_as(Names::new("tournament", "turnier", &[])),
    command(Id::Welcome, "welcome", "willkommen", "cmd-welcome")
        .text(Text::Optional)
        .telegram_unlisted(Names::new("start", "start", &[])),
];

// `spec` indexes the catalogue by the id: every id in its place.
const _: () = assert!(in_order(&CATALOGUE) && CATALOGUE.len() == Id::Welcome as usize + 1);

const fn in_order(specs: &[Spec]) -> bool {
    let mut i = 0;
    while i < specs.len() {
        if specs[i].id as usize != i {
            return false;
        }
        i += 1;
    }
    true
}

/// A command anyone may use, with nothing after its name, on no platform yet.
const fn command(id: Id, en: &'static str, de: &'static str, description: &'static str) -> Spec {
    Spec {
        id,
        en,
        de,
        permission: Permission::Anyone,
        text: Text::None,
        description,
        discord: Offer::No,
        telegram: Offer::No,
        terminal: Offer::No,
    }
}

impl Spec {
    const fn permission(mut self, permission: Permission) -> Spec {
        self.permission = permission;
        self
    }

    const fn text(mut self, text: Text) -> Spec {
        self.text = text;
        self
    }

    const fn discord(mut self) -> Spec {
        self.discord = Offer::Listed(self.canonical());
        self
    }

    const fn telegram(mut self) -> Spec {
        self.telegram = Offer::Listed(self.canonical());
        self
    }

    const fn telegram_as(mut self, names: Names) -> Spec {
        self.telegram = Offer::Listed(names);
        self
    }

    const fn telegram_unlisted(mut self, names: Names) -> Spec {
        self.telegram = Offer::Unlisted(names);
        self
    }

    const fn terminal(mut self) -> Spec {
        self.terminal = Offer::Listed(self.canonical());
        self
    }

    const fn terminal_as(mut self, names: Names) -> Spec {
        self.terminal = Offer::Listed(names);
        self
    }

    const fn terminal_unlisted(mut self, names: Names) -> Spec {
        self.terminal = Offer::Unlisted(names);
        self
    }
}
