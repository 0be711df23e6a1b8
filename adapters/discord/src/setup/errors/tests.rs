//! Each framework error the user can cause, to its text in German and English, without a
//! network. (poise's `FrameworkError` holds a live serenity `Context`, which a unit test cannot
//! build: the variant → [`Trouble`] step is a flat match, covered end to end in
//! `tests/discord/failures.rs`.)

use super::*;
use crate::commands;

const HISTORY_DE: &str = "/schocken verlauf";
const HISTORY_EN: &str = "/schocken history";

/// Every trouble with its German and English text, `command` being `/schocken verlauf` or
/// `/schocken history` as the user's Discord shows it.
fn expected() -> Vec<(Trouble, &'static str, &'static str)> {
    vec![
        (
            Trouble::BadOption,
            "Eine Angabe zu /schocken verlauf kann ich nicht lesen – es hat sich nichts geändert. Was wohin gehört, zeigt /schocken hilfe.",
            "I cannot read one of the options of /schocken history – nothing changed. /schocken help shows what goes where.",
        ),
        (
            Trouble::Outdated,
            "/schocken verlauf kam in einer Form an, die ich nicht kenne – wahrscheinlich zeigt dein Discord noch eine ältere Fassung des Befehls. Es hat sich nichts geändert. Lade Discord neu (Strg+R) und versuch es nochmal.",
            "/schocken history arrived in a form I do not know – your Discord probably still shows an older version of the command. Nothing changed. Reload Discord (Ctrl+R) and try again.",
        ),
        (
            Trouble::UnknownCommand,
            "Diesen Befehl kenne ich nicht (mehr) – wahrscheinlich zeigt dein Discord noch eine ältere Liste. Lade Discord neu (Strg+R); alle Befehle zeigt /schocken hilfe.",
            "I do not know this command (any more) – your Discord probably still shows an older list. Reload Discord (Ctrl+R); /schocken help lists every command.",
        ),
        (
            Trouble::NoSubcommand,
            "Was soll ich tun? Zum Beispiel /schocken neu – alle Befehle zeigt /schocken hilfe.",
            "What shall I do? For example /schocken new – /schocken help lists every command.",
        ),
        (
            Trouble::Cooldown { seconds: 1 },
            "Nicht so schnell – /schocken verlauf geht in einer Sekunde wieder.",
            "Not so fast – /schocken history works again in one second.",
        ),
        (
            Trouble::Cooldown { seconds: 12 },
            "Nicht so schnell – /schocken verlauf geht in 12 Sekunden wieder.",
            "Not so fast – /schocken history works again in 12 seconds.",
        ),
        (
            Trouble::BotPermissions,
            "Mir fehlen in diesem Kanal Berechtigungen für /schocken verlauf. Jemand mit dem Recht „Server verwalten“ kann sie mir geben.",
            "I lack permissions in this channel for /schocken history. Someone with Manage Server can grant them.",
        ),
        (
            Trouble::UserPermissions,
            "Dir fehlen in diesem Kanal die Berechtigungen für /schocken verlauf.",
            "You lack the permissions in this channel for /schocken history.",
        ),
        (
            Trouble::NotAllowed,
            "/schocken verlauf darfst du hier nicht benutzen.",
            "You may not use /schocken history here.",
        ),
        (
            Trouble::OwnerOnly,
            "/schocken verlauf darf nur der Betreiber des Bots benutzen.",
            "Only the bot's operator may use /schocken history.",
        ),
        (
            Trouble::ServerOnly,
            "/schocken verlauf geht nur auf einem Server, nicht in Direktnachrichten.",
            "/schocken history works only on a server, not in direct messages.",
        ),
        (
            Trouble::DmOnly,
            "/schocken verlauf geht nur in Direktnachrichten an den Bot.",
            "/schocken history works only in direct messages to the bot.",
        ),
        (
            Trouble::NsfwOnly,
            "/schocken verlauf geht nur in Kanälen mit Altersbeschränkung.",
            "/schocken history works only in age-restricted channels.",
        ),
        (
            Trouble::Internal,
            "Da ist etwas schiefgegangen – es hat sich nichts geändert. Bitte versuch es nochmal.",
            "Something went wrong – nothing changed. Please try again.",
        ),
    ]
}

#[test]
fn every_trouble_reads_in_german_and_english() {
    for (trouble, de, en) in expected() {
        assert_eq!(text(&trouble, Lang::De, HISTORY_DE), de, "{trouble:?}");
        assert_eq!(text(&trouble, Lang::En, HISTORY_EN), en, "{trouble:?}");
    }
}

#[test]
fn no_text_shows_internal_words() {
    for (trouble, _, _) in expected() {
        for lang in Lang::ALL {
            let said = text(&trouble, lang, HISTORY_EN).to_lowercase();
            for word in [
                "error-",
                "panic",
                "serenity",
                "poise",
                "framework",
                "mismatch",
                "{",
            ] {
                assert!(!said.contains(word), "{trouble:?} {lang:?}: {said}");
            }
        }
    }
}

/// The subcommand of `/schocken` named `name`, and the parents above it.
fn subcommand<'a>(root: &'a Command<Data, Error>, name: &str) -> &'a Command<Data, Error> {
    root.subcommands
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no /schocken {name}"))
}

#[test]
fn the_command_is_named_as_the_users_discord_shows_it() {
    let root = commands::schocken();
    let history = subcommand(&root, "history");
    let parents = [&root];
    assert_eq!(shown_command(&parents, history, "de"), HISTORY_DE);
    assert_eq!(shown_command(&parents, history, "en-US"), HISTORY_EN);
    // A language without names of its own sees the English ones.
    assert_eq!(shown_command(&parents, history, "fr"), HISTORY_EN);
    assert_eq!(shown_command(&[], &root, "de"), "/schocken");
    let new = subcommand(&root, "new");
    assert_eq!(shown_command(&parents, new, "de"), "/schocken neu");
}

#[test]
fn a_cooldown_is_told_in_whole_seconds_rounded_up() {
    assert_eq!(whole_seconds(Duration::from_millis(1)), 1);
    assert_eq!(whole_seconds(Duration::ZERO), 1);
    assert_eq!(whole_seconds(Duration::from_millis(2_000)), 2);
    assert_eq!(whole_seconds(Duration::from_millis(2_001)), 3);
}
