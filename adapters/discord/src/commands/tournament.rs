//! `/tournament` (German `/turnier`): the tournament office (issue 35) as a root command of
//! its own, one subcommand per word of `/turnier` (names from `bot_core::commands::words`,
//! descriptions from the texts). Each subcommand hands its word and the text option to
//! bot-core's parser, as Telegram and the terminal do.

use super::{Ctx, Data, Error, localized, play};
use bot_core::commands::words::{CHOICES, Choice, ChoiceSpec, TournamentWord};
use bot_core::commands::{CommandId, parse};
use bot_core::render::tournament::tournament_word_description;
use bot_core::text::{Lang, tr};

/// `/tournament` with a subcommand per word.
pub fn tournament() -> poise::Command<Data, Error> {
    let mut root = tournament_root();
    root.subcommands = tournament_words().map(word_subcommand).collect();
    root
}

/// The words after `/turnier`, in the catalogue's order. Discord allows 25 subcommands: the
/// file words other than `export` are `export`'s text there (`/turnier export angaben:excel`).
pub(super) fn tournament_words() -> impl Iterator<Item = &'static ChoiceSpec> {
    CHOICES.iter().filter(|c| {
        c.command == CommandId::Tournament
            && matches!(c.choice, Choice::Tournament(word) if !FILE_WORDS.contains(&word))
    })
}

const FILE_WORDS: [TournamentWord; 3] = [
    TournamentWord::Spreadsheet,
    TournamentWord::Picture,
    TournamentWord::Cards,
];

fn word_subcommand(spec: &ChoiceSpec) -> poise::Command<Data, Error> {
    let mut sub = step();
    sub.name = spec.names.en.to_string();
    sub.qualified_name = format!("tournament {}", spec.names.en);
    sub.name_localizations = localized(spec.names.de, spec.names.en);
    let english = tournament_word_description(spec.names.en, Lang::En);
    let german = tournament_word_description(spec.names.en, Lang::De);
    sub.description_localizations = localized(&german, &english);
    sub.description = Some(english);
    for parameter in &mut sub.parameters {
        let english = tr(Lang::En, "tourney-text-option", &[]);
        parameter.description_localizations =
            localized(&tr(Lang::De, "tourney-text-option", &[]), &english);
        parameter.description = Some(english);
    }
    sub
}

/// Schockturnier: registration, draw, results, standings
#[poise::command(
    slash_command,
    rename = "tournament",
    name_localized("de", "turnier"),
    description_localized("de", "Schockturnier: Anmeldung, Auslosung, Ergebnisse, Stand")
)]
async fn tournament_root(_ctx: Ctx<'_>) -> Result<(), Error> {
    // Discord always sends a subcommand.
    Ok(())
}

/// One word of `/turnier`; which one is the subcommand's name.
#[poise::command(slash_command)]
async fn step(
    ctx: Ctx<'_>,
    #[description = "What follows the word"]
    #[name_localized("de", "angaben")]
    #[max_length = 300]
    text: Option<String>,
) -> Result<(), Error> {
    let word = ctx.command().name.clone();
    let typed = format!("{word} {}", text.unwrap_or_default());
    play(
        ctx,
        parse::request(CommandId::Tournament, typed.trim(), None),
    )
    .await
}
