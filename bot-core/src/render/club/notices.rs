//! Club notices in words: one function per kind of notice.

use super::money;
use crate::club::Cents;
use crate::render::Voice;
use crate::service::club::{ClubNotice, Unpaid};
use crate::text::{Lang, arg_num, arg_text, tr};

fn a(s: &str) -> fluent_bundle::FluentValue<'static> {
    arg_text(s.to_string())
}

/// A club notice as text.
pub fn club_notice_text(n: &ClubNotice, voice: Voice) -> String {
    let lang = voice.lang;
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
        ClubNotice::CheckedIn { name, late } => {
            let id = if *late {
                "club-checked-in-late"
            } else {
                "club-checked-in"
            };
            tr(lang, id, &[("name", a(name))])
        }
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
        } => payment_booked(name, by, *amount, *balance, lang),
        ClubNotice::ClaimRejected {
            name,
            amount,
            by,
            withdrawn,
        } => {
            let id = if *withdrawn {
                "club-claim-withdrawn"
            } else {
                "club-claim-rejected"
            };
            let args = [
                ("name", a(name)),
                ("amount", a(&money(*amount, lang))),
                ("by", a(by)),
            ];
            tr(lang, id, &args)
        }
        ClubNotice::PaymentClaimed { name, amount, .. } => voice.tr(
            "club-payment-claimed",
            &[("name", a(name)), ("amount", a(&money(*amount, lang)))],
        ),
        ClubNotice::CashReminder { lines } => reminder(lines, voice),
        ClubNotice::CashUndone {
            id,
            kind,
            name,
            amount,
            by,
            balance,
        } => cash_undone(*id, kind, name, *amount, by, *balance, lang),
    }
}

fn payment_booked(name: &str, by: &str, amount: Cents, balance: Cents, lang: Lang) -> String {
    let rest = match balance.0 {
        0 => tr(lang, "club-balance-square", &[]),
        b if b > 0 => tr(
            lang,
            "club-balance-owes",
            &[("amount", a(&money(balance, lang)))],
        ),
        b => tr(
            lang,
            "club-balance-credit",
            &[("name", a(name)), ("amount", a(&money(Cents(-b), lang)))],
        ),
    };
    tr(
        lang,
        "club-payment-booked",
        &[
            ("name", a(name)),
            ("by", a(by)),
            ("amount", a(&money(amount, lang))),
            ("rest", a(&rest)),
        ],
    )
}

fn reminder(lines: &[Unpaid], voice: Voice) -> String {
    let lang = voice.lang;
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

/// "Entry #12 reversed by Ben: payment, Gabi, 20,00 €. Gabi owes the box 4,50 € now."
fn cash_undone(
    id: i64,
    kind: &str,
    name: &str,
    amount: Cents,
    by: &str,
    balance: Option<Cents>,
    lang: Lang,
) -> String {
    let mut text = tr(
        lang,
        "club-cash-undone",
        &[
            ("id", arg_num(id)),
            ("kind", a(&tr(lang, &format!("club-entry-{kind}"), &[]))),
            ("name", a(name)),
            ("amount", a(&money(amount, lang))),
            ("by", a(by)),
        ],
    );
    if let Some(balance) = balance {
        let (id, shown) = match balance.0 {
            0 => ("club-undone-square", Cents::ZERO),
            b if b > 0 => ("club-undone-owes", balance),
            b => ("club-undone-credit", Cents(-b)),
        };
        text.push(' ');
        text.push_str(&tr(
            lang,
            id,
            &[("name", a(name)), ("amount", a(&money(shown, lang)))],
        ));
    }
    text
}
