//! The slash command: `/schocken` with one subcommand per request, English names with German
//! localizations. Each subcommand only names its request; `Bot` does the rest.

use crate::bot::Bot;
use crate::origin::PLATFORM;
use bot_core::engine::ai::Strategy;
use bot_core::service::args::{AddBotArgs, parse_values, rules_request as typed_rules};
use bot_core::service::{Request, ServiceError, UserId, UserRef};
use std::sync::Arc;

pub type Data = Arc<Bot>;
pub type Error = anyhow::Error;
type Ctx<'a> = poise::Context<'a, Data, Error>;

async fn play(ctx: Ctx<'_>, request: Result<Request, ServiceError>) -> Result<(), Error> {
    if let poise::Context::Application(app) = ctx {
        app.data
            .slash(&app.serenity_context.http, app.interaction, request)
            .await;
    }
    Ok(())
}

fn user_ref(user: &serenity::all::User) -> UserRef {
    UserRef::Id(UserId::new(PLATFORM, user.id))
}

/// Schocken, the pub dice game: tables, turns and the Deckel ledger
#[poise::command(
    slash_command,
    description_localized(
        "de",
        "Schocken, das Kneipenwürfelspiel: Tische, Züge und das Deckelbuch"
    ),
    subcommands(
        "new", "join", "bot", "leave", "start", "roll", "keep", "flip", "stand", "reveal", "table",
        "rules", "kick", "end", "debts", "paid", "history", "undo", "stats", "judge", "round",
        "help", "seed", "verify", "fairness"
    )
)]
pub async fn schocken(_ctx: Ctx<'_>) -> Result<(), Error> {
    // Discord always sends a subcommand.
    Ok(())
}

/// Who throws the dice at a new table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Mode {
    /// The bot rolls (the default).
    #[name = "rolled"]
    #[name_localized("de", "würfeln")]
    Rolled,
    /// Real dice at the pub; rounds are entered with `round`.
    #[name = "tally"]
    #[name_localized("de", "zählen")]
    Tally,
}

/// Open a table in this channel
#[poise::command(
    slash_command,
    name_localized("de", "neu"),
    description_localized("de", "Einen Tisch in diesem Kanal aufmachen")
)]
async fn new(
    ctx: Ctx<'_>,
    #[description = "tally: real dice at the table, the bot keeps the score"]
    #[description_localized("de", "zählen: echte Würfel am Tisch, der Bot zählt")]
    #[name_localized("de", "modus")]
    mode: Option<Mode>,
) -> Result<(), Error> {
    play(ctx, Ok(open_request(mode))).await
}

fn open_request(mode: Option<Mode>) -> Request {
    match mode {
        Some(Mode::Tally) => Request::OpenTally,
        Some(Mode::Rolled) | None => Request::Open,
    }
}

/// Join the table before the game starts
#[poise::command(
    slash_command,
    name_localized("de", "mitspielen"),
    description_localized("de", "Am Tisch mitspielen, bevor das Spiel beginnt")
)]
async fn join(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Join)).await
}

/// How well a computer player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Level {
    /// The exact odds (the default).
    #[name = "strong"]
    #[name_localized("de", "stark")]
    Strong,
    /// A rule of thumb.
    #[name = "simple"]
    #[name_localized("de", "einfach")]
    Simple,
}

/// Seat a computer player (the opener or Manage Server, before the start)
#[poise::command(
    slash_command,
    name_localized("de", "computer"),
    description_localized(
        "de",
        "Einen Computer mitspielen lassen (wer aufgemacht hat oder Server verwalten, vor dem Start)"
    )
)]
async fn bot(
    ctx: Ctx<'_>,
    #[description = "Its name at the table (empty: Computer)"]
    #[description_localized("de", "Sein Name am Tisch (leer: Computer)")]
    #[name_localized("de", "name")]
    #[max_length = 32]
    name: Option<String>,
    #[description = "How well it plays: strong (the exact odds, the default) or simple"]
    #[description_localized(
        "de",
        "Wie gut er spielt: stark (nach den genauen Chancen, Vorgabe) oder einfach"
    )]
    #[name_localized("de", "stufe")]
    level: Option<Level>,
) -> Result<(), Error> {
    play(ctx, Ok(bot_request(name.as_deref(), level))).await
}

/// `bot`'s request: the name as given (else the service's default), strong unless simple.
fn bot_request(name: Option<&str>, level: Option<Level>) -> Request {
    let strategy = match level {
        Some(Level::Simple) => Strategy::Simple,
        Some(Level::Strong) | None => Strategy::Strong,
    };
    AddBotArgs {
        name: given(name).map(str::to_string),
        strategy,
    }
    .request()
}

/// Leave the table
#[poise::command(
    slash_command,
    name_localized("de", "aussteigen"),
    description_localized("de", "Den Tisch verlassen")
)]
async fn leave(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Leave)).await
}

/// Start the game
#[poise::command(
    slash_command,
    name_localized("de", "los"),
    description_localized("de", "Das Spiel starten")
)]
async fn start(
    ctx: Ctx<'_>,
    #[description = "Real dice: who won the roll-off at the table (empty: the seating order)"]
    #[description_localized(
        "de",
        "Echte Würfel: wer am Tisch beim Auswürfeln gewonnen hat (leer: Sitzreihenfolge)"
    )]
    #[name_localized("de", "anfänger")]
    starter: Option<serenity::all::User>,
) -> Result<(), Error> {
    let request = match starter {
        Some(user) => Request::StartWith {
            starter: user_ref(&user),
        },
        None => Request::Start,
    };
    play(ctx, Ok(request)).await
}

/// Roll the dice under your cup
#[poise::command(
    slash_command,
    name_localized("de", "würfeln"),
    description_localized("de", "Die Würfel unter deinem Becher werfen")
)]
async fn roll(
    ctx: Ctx<'_>,
    #[description = "Throw blind: without looking under the cup"]
    #[description_localized("de", "Blind werfen: ohne unter den Becher zu schauen")]
    #[name_localized("de", "blind")]
    blind: Option<bool>,
) -> Result<(), Error> {
    play(ctx, Ok(roll_request(blind))).await
}

/// `roll`'s request: a throw, or with `blind` the first throw played blind. Blind is an
/// option of `roll`, not a subcommand of its own (it was one until `bot` took its place):
/// Discord allows 25 subcommands.
fn roll_request(blind: Option<bool>) -> Request {
    if blind == Some(true) {
        Request::Blind
    } else {
        Request::Roll
    }
}

/// Set dice aside before the next roll
#[poise::command(
    slash_command,
    name_localized("de", "halten"),
    description_localized("de", "Würfel vor dem nächsten Wurf herauslegen")
)]
async fn keep(
    ctx: Ctx<'_>,
    #[description = "The values to set aside, e.g. 1 1"]
    #[description_localized("de", "Die Augen zum Herauslegen, z. B. 1 1")]
    #[name_localized("de", "würfel")]
    #[max_length = 40]
    dice: String,
) -> Result<(), Error> {
    let request = parse_values(&dice).map(|values| Request::Keep { values });
    play(ctx, request).await
}

/// Turn two sixes into a one
#[poise::command(
    slash_command,
    name_localized("de", "drehen"),
    description_localized("de", "Zwei Sechsen zu einer Eins drehen")
)]
async fn flip(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Flip)).await
}

/// Stand with what you have
#[poise::command(
    slash_command,
    name_localized("de", "stehen"),
    description_localized("de", "Mit dem Wurf stehen bleiben")
)]
async fn stand(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Stand)).await
}

/// Show the last round's reveal
#[poise::command(
    slash_command,
    name_localized("de", "aufdecken"),
    description_localized("de", "Die letzte Runde aufgedeckt zeigen")
)]
async fn reveal(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Reveal)).await
}

/// Show the table as a new message
#[poise::command(
    slash_command,
    name_localized("de", "tisch"),
    description_localized("de", "Den Tisch als neue Nachricht zeigen")
)]
async fn table(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Show)).await
}

/// Show the rules and time zone, or set them (Manage Server)
#[poise::command(
    slash_command,
    name_localized("de", "regeln"),
    description_localized("de", "Regeln und Zeitzone zeigen oder setzen (Server verwalten)")
)]
async fn rules(
    ctx: Ctx<'_>,
    #[description = "Empty: the rules in words; details: every switch; else a preset and/or switches, e.g. dortmund"]
    #[description_localized(
        "de",
        "Leer: Regeln in Worten; details: alle Schalter; sonst Vorlage und/oder Schalter, z. B. dortmund"
    )]
    #[name_localized("de", "einstellung")]
    #[max_length = 200]
    text: Option<String>,
    #[description = "The channel's time zone (IANA), e.g. Europe/London"]
    #[description_localized("de", "Die Zeitzone des Kanals, z. B. Europe/Vienna")]
    #[name_localized("de", "zeitzone")]
    #[max_length = 64]
    zone: Option<String>,
) -> Result<(), Error> {
    play(ctx, rules_request(text.as_deref(), zone.as_deref())).await
}

/// `rules`' request: show (no option; `text:details` every switch by its key), set the rules
/// (`text`) or the time zone (`zone`), one at a time. The time zone is an option of `rules`,
/// not a subcommand of its own: Discord allows 25 subcommands.
fn rules_request(text: Option<&str>, zone: Option<&str>) -> Result<Request, ServiceError> {
    match (given(text), given(zone)) {
        (None, None) => Ok(Request::ShowRules { details: false }),
        (Some(text), None) => Ok(typed_rules(text)),
        (None, Some(zone)) => Ok(Request::SetTimeZone {
            zone: zone.to_string(),
        }),
        // Two changes in one command: neither is made.
        (Some(text), Some(zone)) => Err(ServiceError::BadArgument {
            text: format!("{text} + {zone}"),
        }),
    }
}

/// An option's text, unless empty.
fn given(option: Option<&str>) -> Option<&str> {
    option.map(str::trim).filter(|t| !t.is_empty())
}

/// Take a player off the table (the opener or Manage Server)
#[poise::command(
    slash_command,
    description_localized(
        "de",
        "Einen Spieler vom Tisch nehmen (wer aufgemacht hat oder Server verwalten)"
    )
)]
async fn kick(
    ctx: Ctx<'_>,
    #[description = "The player"]
    #[description_localized("de", "Der Spieler")]
    #[name_localized("de", "spieler")]
    user: serenity::all::User,
) -> Result<(), Error> {
    let request = Request::Kick {
        user: user_ref(&user),
    };
    play(ctx, Ok(request)).await
}

/// End the game without a debt (the opener or Manage Server)
#[poise::command(
    slash_command,
    name_localized("de", "ende"),
    description_localized(
        "de",
        "Das Spiel ohne Schulden beenden (wer aufgemacht hat oder Server verwalten)"
    )
)]
async fn end(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::End)).await
}

/// Who owes a round
#[poise::command(
    slash_command,
    name_localized("de", "deckel"),
    description_localized("de", "Wer eine Runde schuldet")
)]
async fn debts(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Debts)).await
}

/// A round was paid (confirmed by another member)
#[poise::command(
    slash_command,
    name_localized("de", "bezahlt"),
    description_localized("de", "Eine Runde wurde bezahlt (ein anderes Mitglied bestätigt)")
)]
async fn paid(
    ctx: Ctx<'_>,
    #[description = "Who paid (empty: you)"]
    #[description_localized("de", "Wer bezahlt hat (leer: du)")]
    #[name_localized("de", "spieler")]
    user: Option<serenity::all::User>,
) -> Result<(), Error> {
    let request = Request::Paid {
        debtor: user.as_ref().map(user_ref),
    };
    play(ctx, Ok(request)).await
}

/// The Deckel ledger, newest first, or as a CSV file
#[poise::command(
    slash_command,
    name_localized("de", "verlauf"),
    description_localized("de", "Das Deckelbuch, neueste zuerst, oder als CSV-Datei")
)]
async fn history(
    ctx: Ctx<'_>,
    #[description = "Page (1 = newest)"]
    #[description_localized("de", "Seite (1 = neueste)")]
    #[name_localized("de", "seite")]
    #[min = 1]
    #[max = 100000]
    page: Option<u32>,
    #[description = "True: the whole ledger as a CSV file"]
    #[description_localized("de", "True: das ganze Deckelbuch als CSV-Datei")]
    csv: Option<bool>,
) -> Result<(), Error> {
    play(ctx, Ok(history_request(page, csv))).await
}

/// `history`'s request: a page, or with `csv` the export. The export is an option of
/// `history`, not a subcommand of its own: Discord allows 25 subcommands.
fn history_request(page: Option<u32>, csv: Option<bool>) -> Request {
    if csv == Some(true) {
        return Request::Export;
    }
    Request::History {
        page: page.unwrap_or(1),
    }
}

/// Undo your last ledger entry or the last entered round (within 5 minutes)
#[poise::command(
    slash_command,
    name_localized("de", "rückgängig"),
    description_localized(
        "de",
        "Deinen letzten Eintrag im Deckelbuch oder die zuletzt eingetragene Runde zurücknehmen"
    )
)]
async fn undo(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Undo)).await
}

/// Statistics of this season
#[poise::command(
    slash_command,
    name_localized("de", "statistik"),
    description_localized("de", "Statistik dieser Saison")
)]
async fn stats(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Stats)).await
}

/// Referee a real table: who threw what, who gets how many Deckel
#[poise::command(
    slash_command,
    description_localized(
        "de",
        "Schiedsrichter für einen echten Tisch: wer bekommt wie viele Deckel"
    )
)]
async fn judge(
    ctx: Ctx<'_>,
    #[description = "Players and throws, e.g. Anna 665 3, Ben 114 2 built, Cem 221 1"]
    #[description_localized(
        "de",
        "Spieler und Würfe, z. B. Anna 665 3, Ben 114 2 gebaut, Cem 221 1"
    )]
    #[name_localized("de", "runde")]
    #[max_length = 1000]
    text: String,
) -> Result<(), Error> {
    play(ctx, Ok(Request::Judge { text })).await
}

/// Real dice: enter the round that fell at the table
#[poise::command(
    slash_command,
    name_localized("de", "runde"),
    description_localized("de", "Echte Würfel: die Runde eintragen, die am Tisch gefallen ist")
)]
async fn round(
    ctx: Ctx<'_>,
    #[description = "In turn order, e.g. Anna 665 3, Ben 114 2 built, Cem 221 – or Anna 4"]
    #[description_localized(
        "de",
        "In Wurfreihenfolge, z. B. Anna 665 3, Ben 114 2 gebaut, Cem 221 – oder Anna 4"
    )]
    #[name_localized("de", "zeile")]
    #[max_length = 1000]
    text: String,
) -> Result<(), Error> {
    play(ctx, Ok(Request::EnterRound { text })).await
}

/// How to play with this bot
#[poise::command(
    slash_command,
    name_localized("de", "hilfe"),
    description_localized("de", "So spielt man mit diesem Bot")
)]
async fn help(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Help)).await
}

/// Set the dice's client seed before the start (a seated player)
#[poise::command(
    slash_command,
    description_localized(
        "de",
        "Den Client-Seed der Würfel vor dem Start setzen (wer am Tisch sitzt)"
    )
)]
async fn seed(
    ctx: Ctx<'_>,
    #[description = "Any text: it goes into every throw of this game"]
    #[description_localized("de", "Beliebiger Text: er geht in jeden Wurf dieses Spiels ein")]
    #[max_length = 64]
    text: String,
) -> Result<(), Error> {
    play(ctx, Ok(Request::Seed { text })).await
}

/// Check a game's dice: the newest, or game number N
#[poise::command(
    slash_command,
    name_localized("de", "prüfen"),
    description_localized(
        "de",
        "Die Würfel eines Spiels nachrechnen: das neueste oder Spiel Nr. N"
    )
)]
async fn verify(
    ctx: Ctx<'_>,
    #[description = "The game's number (empty: the newest)"]
    #[description_localized("de", "Die Nummer des Spiels (leer: das neueste)")]
    #[name_localized("de", "spiel")]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    play(ctx, Ok(Request::Verify { game })).await
}

/// This channel's dice statistics, with a chart
#[poise::command(
    slash_command,
    description_localized("de", "Die Würfelstatistik dieses Kanals, mit Diagramm")
)]
async fn fairness(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Fairness)).await
}

#[cfg(test)]
mod tests;
