//! Tournament refusals in words.

use crate::render::Voice;
use crate::service::tournament::TourneyError;
use crate::text::{Lang, arg_num, arg_text, tr};
use crate::tournament::{DrawError, FormatError, GameError, TournamentError};

pub fn tourney_error_text(e: &TourneyError, voice: Voice) -> String {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    match e {
        TourneyError::Office(e) => office_error_text(e, voice),
        TourneyError::NoTournament => voice.tr("tourney-error-none", &[]),
        TourneyError::AlreadyRunning { name } => {
            tr(lang, "tourney-error-running", &[("name", a(name))])
        }
        TourneyError::DirectorOnly => tr(lang, "tourney-error-director", &[]),
        TourneyError::NotRegistered => voice.tr("tourney-error-not-registered", &[]),
        TourneyError::NotSeated => tr(lang, "tourney-error-not-seated", &[]),
        TourneyError::NotAtThisTable { name, table } => tr(
            lang,
            "tourney-error-not-at-table",
            &[("name", a(name)), ("table", arg_num(*table))],
        ),
        TourneyError::Ambiguous { name, table } => tr(
            lang,
            "tourney-error-ambiguous",
            &[("name", a(name)), ("table", arg_num(*table))],
        ),
        TourneyError::NoSeat { seat, table } => tr(
            lang,
            "tourney-error-no-seat",
            &[("seat", arg_num(*seat)), ("table", arg_num(*table))],
        ),
        TourneyError::NoBoard => tr(lang, "tourney-error-no-board", &[]),
        TourneyError::OrderNeeded => voice.tr("tourney-error-order-needed", &[]),
        TourneyError::LosersCount => voice.tr("tourney-error-losers", &[]),
    }
}

fn office_error_text(e: &TournamentError, voice: Voice) -> String {
    people_error(e, voice)
        .or_else(|| table_error(e, voice))
        .unwrap_or_else(|| e.to_string())
}

/// The format, the people, the draw, the tournament's state.
fn people_error(e: &TournamentError, voice: Voice) -> Option<String> {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    let n = |k: &'static str, v: u32| (k, arg_num(v));
    use TournamentError as E;
    Some(match e {
        E::Format(f) => format_error_text(f, lang),
        E::Draw(DrawError::NoTables { present, min, max }) => tr(
            lang,
            "tourney-error-no-tables",
            &[
                n("present", *present as u32),
                n("min", u32::from(*min)),
                n("max", u32::from(*max)),
            ],
        ),
        E::Game(g) => game_error_text(g, lang),
        E::NoName => tr(lang, "tourney-error-no-name", &[]),
        E::NameTaken(name) => tr(lang, "tourney-error-name-taken", &[("name", a(name))]),
        E::UnknownEntrant(name) => tr(lang, "tourney-error-unknown", &[("name", a(name))]),
        E::UnknownNumber(id) => tr(lang, "tourney-error-unknown-number", &[n("number", id.0)]),
        E::TeamFull { team, size } => tr(
            lang,
            "tourney-error-team-full",
            &[("team", a(team)), n("size", u32::from(*size))],
        ),
        E::NoTeams => voice.tr("tourney-error-no-teams", &[]),
        E::EntriesClosed => tr(lang, "tourney-error-entries-closed", &[]),
        E::FormatFixed => tr(lang, "tourney-error-format-fixed", &[]),
        E::NotDecided => tr(lang, "tourney-error-not-decided", &[]),
        E::Finished => tr(lang, "tourney-error-finished", &[]),
        E::TooFewPlayers { present } => tr(
            lang,
            "tourney-error-too-few",
            &[n("present", *present as u32)],
        ),
        _ => return None,
    })
}

/// Rounds, tables, games and the clock.
fn table_error(e: &TournamentError, voice: Voice) -> Option<String> {
    let lang = voice.lang;
    let n = |k: &'static str, v: u32| (k, arg_num(v));
    use TournamentError as E;
    Some(match e {
        E::RoundRunning(r) => voice.tr("tourney-error-round-running", &[n("round", *r)]),
        E::NoRoundRunning => voice.tr("tourney-error-no-round", &[]),
        E::NotCurrentRound { asked, current } => tr(
            lang,
            "tourney-error-not-current",
            &[n("asked", *asked), n("current", *current)],
        ),
        E::UnknownRound(r) => tr(lang, "tourney-error-unknown-round", &[n("round", *r)]),
        E::UnknownTable { round, table } => tr(
            lang,
            "tourney-error-unknown-table",
            &[n("round", *round), n("table", *table)],
        ),
        E::TableComplete(t) => tr(lang, "tourney-error-table-complete", &[n("table", *t)]),
        E::GameEntered { table, game } => tr(
            lang,
            "tourney-error-game-entered",
            &[n("table", *table), n("game", *game)],
        ),
        E::GameAhead {
            table,
            entered,
            next,
        } => tr(
            lang,
            "tourney-error-game-ahead",
            &[n("table", *table), n("entered", *entered), n("next", *next)],
        ),
        E::UnknownGame { table, game } => tr(
            lang,
            "tourney-error-unknown-game",
            &[n("table", *table), n("game", *game)],
        ),
        E::WrongPlayers(t) => tr(lang, "tourney-error-wrong-players", &[n("table", *t)]),
        E::Seated(_, t) => tr(lang, "tourney-error-seated", &[n("table", *t)]),
        E::ClockNotStarted(r) => tr(lang, "tourney-error-clock-not-started", &[n("round", *r)]),
        E::ClockRunning => tr(lang, "tourney-error-clock-running", &[]),
        E::Paused => voice.tr("tourney-error-paused", &[]),
        E::NotPaused => tr(lang, "tourney-error-not-paused", &[]),
        E::TableStillPlaying { table } => {
            tr(lang, "tourney-error-still-playing", &[n("table", *table)])
        }
        E::RoundClosed(r) => tr(lang, "tourney-error-round-closed", &[n("round", *r)]),
        E::NotAtTable { table, .. } => {
            tr(lang, "tourney-error-not-your-table", &[n("table", *table)])
        }
        E::NothingToConfirm(t) => tr(lang, "tourney-error-nothing-to-confirm", &[n("table", *t)]),
        E::OwnEntry => tr(lang, "tourney-error-own-entry", &[]),
        E::PlaceTaken(t) => tr(lang, "tourney-error-place-taken", &[n("table", *t)]),
        _ => return None,
    })
}

fn format_error_text(e: &FormatError, lang: Lang) -> String {
    let a = |s: &str| arg_text(s.to_string());
    match e {
        FormatError::UnknownPreset(name) => tr(lang, "tourney-error-preset", &[("name", a(name))]),
        FormatError::File(why) => tr(lang, "tourney-error-format-file", &[("why", a(why))]),
        FormatError::UnknownKey(key) => tr(lang, "tourney-error-key", &[("key", a(key))]),
        FormatError::BadValue { key, value } => tr(
            lang,
            "tourney-error-value",
            &[("key", a(key)), ("value", a(value))],
        ),
        FormatError::TableSizes { .. } => tr(lang, "tourney-error-table-sizes", &[]),
        FormatError::OutOfRange { key, low, high } => tr(
            lang,
            "tourney-error-range",
            &[
                ("key", a(key)),
                ("low", arg_num(*low)),
                ("high", arg_num(*high)),
            ],
        ),
        FormatError::Places { key, needed } => tr(
            lang,
            "tourney-error-places",
            &[("key", a(key)), ("needed", arg_num(*needed as u32))],
        ),
    }
}

fn game_error_text(e: &GameError, lang: Lang) -> String {
    let id = match e {
        GameError::TooFewPlayers => "tourney-game-too-few",
        GameError::Twice(_) => "tourney-game-twice",
        GameError::NotPlaying(_) => "tourney-game-not-playing",
        GameError::HalfIncomplete { .. } => "tourney-game-half-incomplete",
        GameError::Halves => "tourney-game-halves",
        GameError::FinalMissing => "tourney-game-final-missing",
        GameError::FinalNotAHalfLoser => "tourney-game-final-not-half-loser",
        GameError::NoFinalAfterDurchmarsch => "tourney-game-no-final",
    };
    let half = match e {
        GameError::HalfIncomplete { half } => *half as u32,
        _ => 0,
    };
    tr(lang, id, &[("half", arg_num(half))])
}
