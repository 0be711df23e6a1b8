//! Club nights in words: the evening's report, the catalogue, the cash box, ratings, the
//! championship, their notices and refusals; `picture` draws the evening as a PNG.

pub mod book;
mod money;
mod picture;
mod report;

pub use book::{book_file, book_file_text};
pub use money::money;
pub use picture::night_picture;
pub use report::night_caption;

use super::Voice;
use crate::club::{AbsentFee, CatalogueError, CatalogueKey, MoneyError, PenaltyCatalogue};
use crate::service::club::{ClubContent, ClubError, ClubNotice};
use crate::store::CashBalances;
use crate::text::{Lang, arg_num, arg_text, tr};

/// A club answer as text.
pub fn club_content_text(c: &ClubContent, voice: Voice) -> String {
    let lang = voice.lang;
    match c {
        ClubContent::Night(report) => report::night_text(report, lang),
        ClubContent::Catalogue(catalogue) => catalogue_text(catalogue, voice),
        ClubContent::CashBox(balances) => cash_box_text(balances, lang),
        ClubContent::CashHistory {
            rows,
            page,
            pages,
            time_zone,
        } => report::cash_history_text(rows, *page, *pages, time_zone, lang),
        ClubContent::CashBookFile(file) => book_file_text(file, lang),
        ClubContent::Ratings(list) => report::ratings_text(list, lang),
        ClubContent::Championship {
            season,
            evenings,
            lines,
        } => report::championship_text(*season, *evenings, lines, lang),
    }
}

fn catalogue_text(c: &PenaltyCatalogue, voice: Voice) -> String {
    let lang = voice.lang;
    let mut out = vec![tr(lang, "club-catalogue-title", &[])];
    for key in CatalogueKey::ALL {
        let value = match key {
            CatalogueKey::GameLost => money(c.game_lost, lang),
            CatalogueKey::HalfLost => money(c.half_lost, lang),
            CatalogueKey::SchockAusReceived => money(c.schock_aus_received, lang),
            CatalogueKey::Bierrunde => money(c.bierrunde, lang),
            CatalogueKey::EveningFee => money(c.evening_fee, lang),
            CatalogueKey::LateFee => money(c.late_fee, lang),
            CatalogueKey::RoundPrice => money(c.round_price, lang),
            CatalogueKey::Absent => match c.absent {
                AbsentFee::Average => tr(lang, "club-absent-average", &[]),
                AbsentFee::Nothing => tr(lang, "club-absent-nothing", &[]),
            },
            CatalogueKey::ReminderDays => tr(
                lang,
                "club-reminder-days",
                &[("days", arg_num(c.reminder_days))],
            ),
        };
        out.push(tr(
            lang,
            "club-catalogue-line",
            &[
                ("label", arg_text(key_label(key, lang))),
                ("key", arg_text(key.word())),
                ("value", arg_text(value)),
            ],
        ));
    }
    out.push(voice.tr("club-catalogue-how", &[]));
    out.join("\n")
}

fn key_label(key: CatalogueKey, lang: Lang) -> String {
    tr(lang, &format!("club-key-{}", key.word()), &[])
}

fn cash_box_text(b: &CashBalances, lang: Lang) -> String {
    let mut out = vec![tr(
        lang,
        "club-cash-title",
        &[("cash", arg_text(money(b.in_box, lang)))],
    )];
    if b.members.is_empty() {
        out.push(tr(lang, "club-cash-all-square", &[]));
    }
    for (_, name, balance) in &b.members {
        let id = if balance.0 > 0 {
            "club-cash-owes"
        } else {
            "club-cash-credit"
        };
        out.push(tr(
            lang,
            id,
            &[
                ("name", arg_text(name.clone())),
                (
                    "amount",
                    arg_text(money(crate::club::Cents(balance.0.abs()), lang)),
                ),
            ],
        ));
    }
    out.join("\n")
}

/// A club notice as text.
pub fn club_notice_text(n: &ClubNotice, voice: Voice) -> String {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    match n {
        ClubNotice::NightOpened {
            late_after: Some(at),
            time_zone,
        } => voice.tr(
            "club-night-opened-late",
            &[("time", a(&crate::time::local_clock(*at, time_zone)))],
        ),
        ClubNotice::NightOpened {
            late_after: None, ..
        } => voice.tr("club-night-opened", &[]),
        ClubNotice::CheckedIn { name, late } => tr(
            lang,
            if *late {
                "club-checked-in-late"
            } else {
                "club-checked-in"
            },
            &[("name", a(name))],
        ),
        ClubNotice::AlreadyCheckedIn {
            name,
            at,
            time_zone,
        } => tr(
            lang,
            "club-already-checked-in",
            &[
                ("name", a(name)),
                ("time", a(&crate::time::local_clock(*at, time_zone))),
            ],
        ),
        ClubNotice::NightClosed => tr(lang, "club-night-closed", &[]),
        ClubNotice::CatalogueChanged => tr(lang, "club-catalogue-changed", &[]),
        ClubNotice::PaymentBooked {
            name,
            by,
            amount,
            balance,
        } => {
            let rest = match balance.0 {
                0 => tr(lang, "club-balance-square", &[]),
                b if b > 0 => tr(
                    lang,
                    "club-balance-owes",
                    &[("amount", a(&money(*balance, lang)))],
                ),
                b => tr(
                    lang,
                    "club-balance-credit",
                    &[
                        ("name", a(name)),
                        ("amount", a(&money(crate::club::Cents(-b), lang))),
                    ],
                ),
            };
            tr(
                lang,
                "club-payment-booked",
                &[
                    ("name", a(name)),
                    ("by", a(by)),
                    ("amount", a(&money(*amount, lang))),
                    ("rest", a(&rest)),
                ],
            )
        }
        ClubNotice::PaymentClaimed { name, amount } => voice.tr(
            "club-payment-claimed",
            &[("name", a(name)), ("amount", a(&money(*amount, lang)))],
        ),
        ClubNotice::CashReminder { lines } => {
            let mut out = vec![tr(lang, "club-reminder-title", &[])];
            out.extend(lines.iter().map(|l| {
                tr(
                    lang,
                    "club-reminder-line",
                    &[
                        ("name", a(&l.name)),
                        ("amount", a(&money(l.amount, lang))),
                        ("days", arg_num(l.days)),
                    ],
                )
            }));
            out.push(voice.tr("club-reminder-how", &[]));
            out.join("\n")
        }
        ClubNotice::CashUndone {
            id,
            kind,
            name,
            amount,
        } => tr(
            lang,
            "club-cash-undone",
            &[
                ("id", arg_num(*id)),
                ("kind", a(&tr(lang, &format!("club-entry-{kind}"), &[]))),
                ("name", a(name)),
                ("amount", a(&money(*amount, lang))),
            ],
        ),
    }
}

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
            let keys: Vec<&str> = CatalogueKey::ALL.iter().map(|k| k.word()).collect();
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
                ("key", a(key.word())),
                ("reason", a(&money_error_text(*error, lang))),
            ],
        ),
        CatalogueError::BadChoice { key, value } => tr(
            lang,
            "club-error-bad-choice",
            &[("key", a(key.word())), ("value", a(value))],
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
