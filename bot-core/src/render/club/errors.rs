//! Club refusals in words.

use super::money;
use crate::club::{CatalogueError, CatalogueKey, MoneyError};
use crate::render::Voice;
use crate::service::club::ClubError;
use crate::text::{Lang, arg_num, arg_text, tr};

/// A club refusal as text.
pub fn club_error_text(e: &ClubError, voice: Voice) -> String {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    match e {
        ClubError::NoNightOpen => voice.tr("club-error-no-night", &[]),
        ClubError::NightAlreadyOpen { .. } => voice.tr("club-error-night-open", &[]),
        ClubError::BadClock { text } => tr(lang, "club-error-bad-clock", &[("text", a(text))]),
        ClubError::Money(m) => money_error_text(*m, lang),
        ClubError::ZeroAmount => tr(lang, "club-error-zero-amount", &[]),
        ClubError::AmountMissing => voice.tr("club-error-amount-missing", &[]),
        ClubError::Catalogue(c) => catalogue_error_text(c, voice),
        ClubError::UnknownMember { name } => {
            tr(lang, "club-error-unknown-member", &[("name", a(name))])
        }
        ClubError::NoSuchEntry { id } => {
            tr(lang, "club-error-no-such-entry", &[("id", arg_num(*id))])
        }
        ClubError::NotUndoable { id } => {
            tr(lang, "club-error-not-undoable", &[("id", arg_num(*id))])
        }
        ClubError::AlreadyClaimed => tr(lang, "club-error-already-claimed", &[]),
        ClubError::OwnClaimWaits { amount, name } => voice.tr(
            "club-error-own-claim-waits",
            &[("amount", a(&money(*amount, lang))), ("name", a(name))],
        ),
        ClubError::NoOpenClaim { name } => {
            voice.tr("club-error-no-open-claim", &[("name", a(name))])
        }
        ClubError::ClaimSettled { id } => {
            tr(lang, "club-error-claim-settled", &[("id", arg_num(*id))])
        }
        ClubError::NothingOwnToUndo => voice.tr("club-error-nothing-own-to-undo", &[]),
        ClubError::NotYourEntry { id } => {
            tr(lang, "club-error-not-your-entry", &[("id", arg_num(*id))])
        }
        ClubError::ComputerMember => tr(lang, "club-error-computer", &[]),
    }
}

fn money_error_text(e: MoneyError, lang: Lang) -> String {
    let id = match e {
        MoneyError::NotAnAmount => "club-error-not-an-amount",
        MoneyError::Negative => "club-error-negative",
        MoneyError::TooPrecise => "club-error-too-precise",
        MoneyError::TooLarge => "club-error-too-large",
    };
    tr(
        lang,
        id,
        &[("max", arg_text(money(crate::club::money::MAX_AMOUNT, lang)))],
    )
}

fn catalogue_error_text(e: &CatalogueError, voice: Voice) -> String {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    match e {
        CatalogueError::UnknownKey(key) => {
            let keys: Vec<&str> = CatalogueKey::ALL
                .iter()
                .map(|k| key_word(*k, lang))
                .collect();
            tr(
                lang,
                "club-error-unknown-key",
                &[("key", a(key)), ("keys", a(&keys.join(", ")))],
            )
        }
        CatalogueError::NoValue { word } => voice.tr("club-error-no-value", &[("word", a(word))]),
        CatalogueError::BadAmount { key, error } => tr(
            lang,
            "club-error-bad-amount",
            &[
                ("key", a(key_word(*key, lang))),
                ("reason", a(&money_error_text(*error, lang))),
            ],
        ),
        CatalogueError::BadChoice { key, value } => tr(
            lang,
            "club-error-bad-choice",
            &[("key", a(key_word(*key, lang))), ("value", a(value))],
        ),
        CatalogueError::BadDays { value } => tr(
            lang,
            "club-error-bad-days",
            &[
                ("value", a(value)),
                ("max", arg_num(crate::club::catalogue::MAX_REMINDER_DAYS)),
            ],
        ),
    }
}

/// The catalogue key as the reader writes it.
pub(super) fn key_word(key: CatalogueKey, lang: Lang) -> &'static str {
    match lang {
        Lang::De => key.word(),
        Lang::En => key.english(),
    }
}
