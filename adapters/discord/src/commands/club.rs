//! `/club` (German `/verein`): club nights, the penalty catalogue, the cash box, ratings
//! and the championship (issue 25). A command of its own: `/schocken` has the 25
//! subcommands Discord allows. Names and descriptions come from the catalogue, as for
//! `/schocken`; each subcommand reads its options and names its request.

use super::{Ctx, Data, Error, catalogued, given, play, user_ref};
use bot_core::commands::CommandId;
use bot_core::service::{BookFormat, ClubRequest, Request};

/// `/club` with its subcommands.
pub fn club() -> poise::Command<Data, Error> {
    let mut root = club_root();
    root.subcommands = club_subcommands()
        .into_iter()
        .map(|(id, subcommand)| catalogued(id, subcommand))
        .collect();
    root
}

/// Each subcommand's handler, in the order Discord lists them.
pub(super) fn club_subcommands() -> Vec<(CommandId, poise::Command<Data, Error>)> {
    vec![
        (CommandId::Night, night()),
        (CommandId::CheckIn, here()),
        (CommandId::Penalties, penalties()),
        (CommandId::CashBox, cash()),
        (CommandId::Pay, pay()),
        (CommandId::CashBook, cashbook()),
        (CommandId::Cancel, cancel()),
        (CommandId::Ratings, ratings()),
        (CommandId::Championship, championship()),
    ]
}

/// The club: club nights, penalties, the cash box, ratings and the championship
#[poise::command(
    slash_command,
    rename = "club",
    name_localized("de", "verein"),
    description_localized(
        "de",
        "Der Verein: Clubabende, Strafen, Kasse, Rangliste und Meisterschaft"
    )
)]
async fn club_root(_ctx: Ctx<'_>) -> Result<(), Error> {
    // Discord always sends a subcommand.
    Ok(())
}

fn club_request(request: ClubRequest) -> Request {
    Request::Club(request)
}

/// What `night` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum NightAction {
    /// Open the evening (admins).
    #[name = "start"]
    #[name_localized("de", "start")]
    Start,
    /// The evening so far (the default).
    #[name = "standings"]
    #[name_localized("de", "stand")]
    Standings,
    /// Close it: the summary, the penalties booked (admins).
    #[name = "end"]
    #[name_localized("de", "ende")]
    End,
}

#[poise::command(slash_command)]
async fn night(
    ctx: Ctx<'_>,
    #[description = "start (admins), standings (the default) or end (admins)"]
    #[description_localized("de", "start (Admins), stand (Vorgabe) oder ende (Admins)")]
    #[name_localized("de", "aktion")]
    action: Option<NightAction>,
    #[description = "With start: who checks in after this time (e.g. 19:30) is late"]
    #[description_localized(
        "de",
        "Bei start: wer sich nach dieser Uhrzeit (z. B. 19:30) anmeldet, ist zu spät"
    )]
    #[name_localized("de", "spät-ab")]
    #[max_length = 10]
    #[rename = "late-after"]
    late_after: Option<String>,
) -> Result<(), Error> {
    play(ctx, Ok(night_request(action, late_after.as_deref()))).await
}

fn night_request(action: Option<NightAction>, late_after: Option<&str>) -> Request {
    club_request(match action {
        Some(NightAction::Start) => ClubRequest::OpenNight {
            late_after: given(late_after).map(str::to_string),
        },
        Some(NightAction::End) => ClubRequest::CloseNight,
        Some(NightAction::Standings) | None => ClubRequest::NightStatus,
    })
}

#[poise::command(slash_command)]
async fn here(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(club_request(ClubRequest::CheckIn))).await
}

#[poise::command(slash_command)]
async fn penalties(
    ctx: Ctx<'_>,
    #[description = "Empty: the catalogue; else changes, e.g. spiel=0.50 haelfte=0.20 (admins)"]
    #[description_localized(
        "de",
        "Leer: der Katalog; sonst Änderungen, z. B. spiel=0,50 haelfte=0,20 (Admins)"
    )]
    #[name_localized("de", "werte")]
    #[max_length = 300]
    values: Option<String>,
) -> Result<(), Error> {
    let request = match given(values.as_deref()) {
        None => ClubRequest::ShowCatalogue,
        Some(words) => ClubRequest::SetCatalogue {
            words: words.to_string(),
        },
    };
    play(ctx, Ok(club_request(request))).await
}

#[poise::command(slash_command)]
async fn cash(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(club_request(ClubRequest::CashBox))).await
}

#[poise::command(slash_command)]
async fn pay(
    ctx: Ctx<'_>,
    #[description = "Who paid (empty: you; another member confirms)"]
    #[description_localized("de", "Wer eingezahlt hat (leer: du; ein anderes Mitglied bestätigt)")]
    #[name_localized("de", "spieler")]
    user: Option<serenity::all::User>,
    #[description = "How much, e.g. 5 or 2.50 (empty when confirming: the amount claimed)"]
    #[description_localized(
        "de",
        "Wie viel, z. B. 5 oder 2,50 (leer beim Bestätigen: der gemeldete Betrag)"
    )]
    #[name_localized("de", "betrag")]
    #[max_length = 20]
    amount: Option<String>,
) -> Result<(), Error> {
    let request = ClubRequest::Pay {
        member: user.as_ref().map(user_ref),
        amount: amount.unwrap_or_default(),
    };
    play(ctx, Ok(club_request(request))).await
}

/// The cash book as a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum BookFile {
    /// CSV (`;` and decimal commas in German, `,` and points in English).
    #[name = "csv"]
    #[name_localized("de", "csv")]
    Csv,
    /// A spreadsheet (`.xlsx`).
    #[name = "excel"]
    #[name_localized("de", "excel")]
    Xlsx,
}

#[poise::command(slash_command)]
async fn cashbook(
    ctx: Ctx<'_>,
    #[description = "Page (1 = newest)"]
    #[description_localized("de", "Seite (1 = neueste)")]
    #[name_localized("de", "seite")]
    #[min = 1]
    #[max = 100000]
    page: Option<u32>,
    #[description = "The whole cash book as a file: csv or excel (xlsx)"]
    #[description_localized("de", "Das ganze Kassenbuch als Datei: csv oder excel (xlsx)")]
    #[name_localized("de", "datei")]
    file: Option<BookFile>,
) -> Result<(), Error> {
    play(ctx, Ok(club_request(cashbook_request(page, file)))).await
}

fn cashbook_request(page: Option<u32>, file: Option<BookFile>) -> ClubRequest {
    match file {
        Some(BookFile::Csv) => ClubRequest::CashExport {
            format: BookFormat::Csv,
        },
        Some(BookFile::Xlsx) => ClubRequest::CashExport {
            format: BookFormat::Xlsx,
        },
        None => ClubRequest::CashHistory {
            page: page.unwrap_or(1),
        },
    }
}

#[poise::command(slash_command)]
async fn cancel(
    ctx: Ctx<'_>,
    #[description = "The entry's number (empty: your newest payment)"]
    #[description_localized("de", "Die Nummer der Buchung (leer: deine neueste Einzahlung)")]
    #[name_localized("de", "nummer")]
    #[min = 1]
    entry: Option<i64>,
) -> Result<(), Error> {
    play(ctx, Ok(club_request(ClubRequest::CashUndo { entry }))).await
}

#[poise::command(slash_command)]
async fn ratings(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(club_request(ClubRequest::Ratings))).await
}

#[poise::command(slash_command)]
async fn championship(ctx: Ctx<'_>) -> Result<(), Error> {
    play(ctx, Ok(club_request(ClubRequest::Championship))).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_club_command_fits_discord_and_reads_its_options() {
        let commands = poise::builtins::create_application_commands(&[club()]);
        let json = serde_json::to_value(&commands).expect("serializes");
        let top = &json[0];
        assert_eq!(top["name"], "club");
        assert_eq!(top["name_localizations"]["de"], "verein");
        let subs = top["options"].as_array().expect("subcommands");
        let names: Vec<(&str, &str)> = subs
            .iter()
            .map(|s| {
                (
                    s["name"].as_str().unwrap_or_default(),
                    s["name_localizations"]["de"]
                        .as_str()
                        .or(s["name"].as_str())
                        .unwrap_or_default(),
                )
            })
            .collect();
        assert_eq!(
            names,
            [
                ("night", "abend"),
                ("here", "da"),
                ("penalties", "strafen"),
                ("cash", "kasse"),
                ("pay", "einzahlung"),
                ("cashbook", "kassenbuch"),
                ("cancel", "storno"),
                ("ratings", "rangliste"),
                ("championship", "meisterschaft"),
            ]
        );
        for sub in subs {
            for text in [&sub["description"], &sub["description_localizations"]["de"]] {
                let text = text.as_str().expect("described in both languages");
                assert!((1..=100).contains(&text.chars().count()), "{text}");
            }
        }
        assert_eq!(
            night_request(Some(NightAction::Start), Some(" 19:30 ")),
            Request::Club(ClubRequest::OpenNight {
                late_after: Some("19:30".into())
            })
        );
        assert_eq!(
            night_request(None, None),
            Request::Club(ClubRequest::NightStatus)
        );
    }
}
