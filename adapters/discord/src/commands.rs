//! The slash command: `/schocken` with one subcommand per request. Their names (English,
//! German as Discord's `de` localization) and descriptions come from the command catalogue
//! ([`bot_core::commands`]); each subcommand here only reads its options and names its
//! request; an option's text is read by bot-core ([`parse`]). `Bot` does the rest.

use crate::bot::Bot;
use crate::origin::PLATFORM;
use bot_core::commands::parse::{self, AddBotArgs};
use bot_core::commands::{self, CommandId, Platform};
use bot_core::engine::ai::Strategy;
use bot_core::render::{Surface, Voice, command_description};
use bot_core::service::{Request, ServiceError, UserId, UserRef};
use bot_core::text::Lang;
use std::collections::HashMap;
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

/// `/schocken` with its subcommands, named and described as the catalogue says.
pub fn schocken() -> poise::Command<Data, Error> {
    let mut root = schocken_root();
    root.subcommands = subcommands()
        .into_iter()
        .map(|(id, subcommand)| catalogued(id, subcommand))
        .collect();
    root
}

/// Schocken, the pub dice game: tables, turns and the Deckel ledger
#[poise::command(
    slash_command,
    rename = "schocken",
    description_localized(
        "de",
        "Schocken, das Kneipenwürfelspiel: Tische, Züge und das Deckelbuch"
    )
)]
async fn schocken_root(_ctx: Ctx<'_>) -> Result<(), Error> {
    // Discord always sends a subcommand.
    Ok(())
}

/// Each subcommand's handler, in the order Discord lists them.
fn subcommands() -> Vec<(CommandId, poise::Command<Data, Error>)> {
    vec![
        (CommandId::New, new()),
        (CommandId::Join, join()),
        (CommandId::Bot, bot()),
        (CommandId::Leave, leave()),
        (CommandId::Start, start()),
        (CommandId::Roll, roll()),
        (CommandId::Keep, keep()),
        (CommandId::Flip, flip()),
        (CommandId::Stand, stand()),
        (CommandId::Reveal, reveal()),
        (CommandId::Table, table()),
        (CommandId::Rules, rules()),
        (CommandId::Kick, kick()),
        (CommandId::End, end()),
        (CommandId::Debts, debts()),
        (CommandId::Paid, paid()),
        (CommandId::History, history()),
        (CommandId::Undo, undo()),
        (CommandId::Stats, stats()),
        (CommandId::Judge, judge()),
        (CommandId::Round, round()),
        (CommandId::Help, help()),
        (CommandId::Seed, seed()),
        (CommandId::Verify, verify()),
        (CommandId::Fairness, fairness()),
    ]
}

/// `subcommand` with the catalogue's names of `id` (the German one only where it differs)
/// and its descriptions in both languages.
fn catalogued(
    id: CommandId,
    mut subcommand: poise::Command<Data, Error>,
) -> poise::Command<Data, Error> {
    let spec = commands::spec(id);
    let names = spec.names(Platform::Discord).unwrap_or(spec.canonical());
    subcommand.name = names.en.to_string();
    subcommand.qualified_name = names.en.to_string();
    subcommand.name_localizations = localized(names.de, names.en);
    let described = |lang| command_description(id, Voice::new(lang, Surface::Discord));
    let english = described(Lang::En);
    subcommand.description_localizations = localized(&described(Lang::De), &english);
    subcommand.description = Some(english);
    subcommand
}

/// Discord's localizations: German, where it is not the English text.
fn localized(german: &str, english: &str) -> HashMap<String, String> {
    (german != english)
        .then(|| (Lang::De.code().to_string(), german.to_string()))
        .into_iter()
        .collect()
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

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
async fn leave(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Leave)).await
}

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
async fn keep(
    ctx: Ctx<'_>,
    #[description = "The values to set aside, e.g. 1 1"]
    #[description_localized("de", "Die Augen zum Herauslegen, z. B. 1 1")]
    #[name_localized("de", "würfel")]
    #[max_length = 40]
    dice: String,
) -> Result<(), Error> {
    play(ctx, parse::request(CommandId::Keep, &dice, None)).await
}

#[poise::command(slash_command)]
async fn flip(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Flip)).await
}

#[poise::command(slash_command)]
async fn stand(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Stand)).await
}

#[poise::command(slash_command)]
async fn reveal(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Reveal)).await
}

#[poise::command(slash_command)]
async fn table(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Show)).await
}

#[poise::command(slash_command)]
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
        (Some(text), None) => parse::request(CommandId::Rules, text, None),
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

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
async fn end(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::End)).await
}

#[poise::command(slash_command)]
async fn debts(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Debts)).await
}

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
async fn undo(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Undo)).await
}

#[poise::command(slash_command)]
async fn stats(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Stats)).await
}

#[poise::command(slash_command)]
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
    play(ctx, parse::request(CommandId::Judge, &text, None)).await
}

#[poise::command(slash_command)]
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
    play(ctx, parse::request(CommandId::Round, &text, None)).await
}

#[poise::command(slash_command)]
async fn help(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Help)).await
}

#[poise::command(slash_command)]
async fn seed(
    ctx: Ctx<'_>,
    #[description = "Any text: it goes into every throw of this game"]
    #[description_localized("de", "Beliebiger Text: er geht in jeden Wurf dieses Spiels ein")]
    #[max_length = 64]
    text: String,
) -> Result<(), Error> {
    play(ctx, Ok(Request::Seed { text })).await
}

#[poise::command(slash_command)]
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

#[poise::command(slash_command)]
async fn fairness(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(Request::Fairness)).await
}

mod club;
mod tournament;
pub use club::club;
pub use tournament::tournament;

#[cfg(test)]
mod tests;
