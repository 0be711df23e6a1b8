//! Refusals: every service and action error as text in the user's language.

use super::{Voice, seat_name};
use crate::engine::{ActionError, Seat};
use crate::service::ServiceError;
use crate::service::reply::PublicTable;
use crate::text::{self, arg_num, arg_text, tr};

/// A refusal in the user's language; hints as his program spells them.
pub fn error_text(e: &ServiceError, t: Option<&PublicTable>, voice: Voice) -> String {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    match e {
        ServiceError::NoTable => voice.tr("error-no-table", &[]),
        ServiceError::TableExists => tr(lang, "error-table-exists", &[]),
        ServiceError::NotMember => tr(lang, "error-not-member", &[]),
        ServiceError::AlreadyMember => tr(lang, "error-already-member", &[]),
        ServiceError::TableFull { max } => {
            tr(lang, "error-table-full", &[("max", arg_num(*max as i64))])
        }
        ServiceError::GameRunning => tr(lang, "error-game-running", &[]),
        ServiceError::NotRunning => tr(lang, "error-not-running", &[]),
        ServiceError::NothingRevealed => tr(lang, "error-nothing-revealed", &[]),
        ServiceError::TooFewPlayers => tr(lang, "error-too-few", &[]),
        ServiceError::OpenerOrAdminOnly => voice.tr("error-opener-or-admin", &[]),
        ServiceError::AdminOnly => voice.tr("error-admin-only", &[]),
        ServiceError::Stale => tr(lang, "error-stale", &[]),
        ServiceError::GameOver => tr(lang, "error-button-game-over", &[]),
        ServiceError::ForeignButton => tr(lang, "error-foreign-button", &[]),
        ServiceError::AnonymousConfirmation => tr(lang, "error-anonymous-confirmation", &[]),
        ServiceError::Duplicate => tr(lang, "error-duplicate", &[]),
        ServiceError::UnknownPlayer { name } => {
            tr(lang, "error-unknown-player", &[("name", a(name))])
        }
        ServiceError::NameMissing => voice.tr("error-name-missing", &[]),
        ServiceError::BadArgument { text } => tr(lang, "error-bad-argument", &[("text", a(text))]),
        ServiceError::BelowOne { text } => tr(lang, "error-below-one", &[("text", a(text))]),
        ServiceError::TextAfterCommand { text } => {
            tr(lang, "error-text-after-command", &[("text", a(text))])
        }
        ServiceError::BadButton => tr(lang, "error-bad-button", &[]),
        ServiceError::Rules(r) => text::rules_error(lang, r),
        ServiceError::Judge(j) => text::judge_error(lang, j),
        ServiceError::Tally(e) => super::tally::tally_error_text(e, t, lang),
        ServiceError::RealDiceGame { game } => {
            tr(lang, "error-real-dice-game", &[("game", arg_num(*game))])
        }
        ServiceError::StarterByRollOff => tr(lang, "error-starter-by-roll-off", &[]),
        ServiceError::ComputerAtRealTable => tr(lang, "error-computer-real-dice", &[]),
        ServiceError::HintsOff => voice.tr("error-hints-off", &[]),
        ServiceError::NoHintNow => tr(lang, "error-no-hint-now", &[]),
        ServiceError::JudgeSyntax(part) => tr(lang, "error-judge-syntax", &[("part", a(part))]),
        ServiceError::TimerRange => tr(lang, "error-timer-range", &[]),
        ServiceError::UnknownTimeZone { zone } => {
            tr(lang, "error-unknown-time-zone", &[("zone", a(zone))])
        }
        ServiceError::NothingOwed { name: Some(name) } => {
            tr(lang, "error-nothing-owed", &[("name", a(name))])
        }
        ServiceError::NothingOwed { name: None } => tr(lang, "error-nothing-owed-unknown", &[]),
        ServiceError::ConfirmOwnPayment => tr(lang, "error-confirm-own", &[]),
        ServiceError::AlreadyClaimed => tr(lang, "error-already-claimed", &[]),
        ServiceError::NothingToUndo => tr(lang, "error-nothing-to-undo", &[]),
        ServiceError::UndoExpired { minutes } => tr(
            lang,
            "error-undo-expired",
            &[("minutes", arg_num(*minutes))],
        ),
        ServiceError::NoSuchPage { pages } => {
            tr(lang, "error-no-such-page", &[("pages", arg_num(*pages))])
        }
        ServiceError::Club(e) => super::club::club_error_text(e, voice),
        ServiceError::Tournament(e) => super::tournament::tourney_error_text(e, voice),
        ServiceError::Storage => tr(lang, "error-storage", &[]),
        ServiceError::Busy => tr(lang, "error-busy", &[]),
        ServiceError::Unreachable => tr(lang, "error-unreachable", &[]),
        ServiceError::SeedFixed => voice.tr("error-seed-fixed", &[]),
        ServiceError::BadClientSeed { max } => tr(
            lang,
            "error-bad-client-seed",
            &[("max", arg_num(*max as i64))],
        ),
        ServiceError::NoSuchGame { game } => {
            tr(lang, "error-no-such-game", &[("game", arg_num(*game))])
        }
        ServiceError::NoProofYet => tr(lang, "error-no-proof-yet", &[]),
        ServiceError::Action(action) => action_error_text(action, t, voice),
    }
}

/// A move the engine refused, in the user's language (the seat names from the table).
fn action_error_text(action: &ActionError, t: Option<&PublicTable>, voice: Voice) -> String {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    let seat = |s: Seat| arg_text(t.map(|t| seat_name(t, s)).unwrap_or_default());
    match action {
        ActionError::GameOver => tr(lang, "error-game-over", &[]),
        ActionError::UnknownPlayer => tr(lang, "error-unknown-seat", &[]),
        ActionError::PlayerLeft => tr(lang, "error-player-left", &[]),
        ActionError::NotInRound => tr(lang, "error-not-in-round", &[]),
        ActionError::NotYourTurn { current } => {
            tr(lang, "error-not-your-turn", &[("name", seat(*current))])
        }
        ActionError::AlreadyFinished => tr(lang, "error-already-finished", &[]),
        ActionError::AnnouncementPending => {
            let starter = t
                .and_then(|t| t.view.as_ref())
                .map(|v| v.starter)
                .unwrap_or(Seat(0));
            tr(
                lang,
                "error-announcement-pending",
                &[("name", seat(starter))],
            )
        }
        ActionError::NotAnnouncing => tr(lang, "error-not-announcing", &[]),
        ActionError::NotStarter { starter } => {
            tr(lang, "error-not-starter", &[("name", seat(*starter))])
        }
        ActionError::ExtraNotInRules { extra } => tr(
            lang,
            "error-extra-not-in-rules",
            &[("extra", a(extra.id()))],
        ),
        ActionError::NoThrowsLeft { limit } => {
            tr(lang, "error-no-throws-left", &[("limit", arg_num(*limit))])
        }
        ActionError::MustThrowAfterFlip => tr(lang, "error-must-throw", &[]),
        ActionError::NothingToKeep => voice.tr("error-nothing-to-keep", &[]),
        ActionError::LookFirst => voice.tr("error-look-first", &[]),
        ActionError::InvalidDie { value } => {
            tr(lang, "error-invalid-die", &[("value", arg_num(*value))])
        }
        ActionError::NotInCup { value } => {
            tr(lang, "error-not-in-cup", &[("value", arg_num(*value))])
        }
        ActionError::MustLeaveDieInCup => tr(lang, "error-leave-one", &[]),
        ActionError::MustRethrowSix => tr(lang, "error-rethrow-six", &[]),
        ActionError::SixesNotAllowed => tr(lang, "error-sixes-off", &[]),
        // R-SIX-4: with collecting, sixes set aside count too.
        ActionError::NoTwoSixes if t.is_some_and(|t| t.rules.collect_sixes) => {
            tr(lang, "error-no-two-sixes-collected", &[])
        }
        ActionError::NoTwoSixes => tr(lang, "error-no-two-sixes", &[]),
        ActionError::FlipNeedsThrowLeft => tr(lang, "error-flip-needs-throw", &[]),
        ActionError::BlindNotAllowed => tr(lang, "error-blind-off", &[]),
        ActionError::BlindAfterLooking => tr(lang, "error-blind-after-look", &[]),
        ActionError::ThrowInNotAllowed => tr(lang, "error-throw-in-off", &[]),
        ActionError::NotOut => tr(lang, "error-not-out", &[]),
        ActionError::AlreadyThrowingIn => tr(lang, "error-already-throwing-in", &[]),
        ActionError::RealDice => tr(lang, "error-real-dice", &[]),
    }
}
