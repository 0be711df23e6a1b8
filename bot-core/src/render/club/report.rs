//! The longer club answers: the evening, the cash box's history, ratings, championship.

use super::money;
use crate::club::{ChampionshipLine, MemberNight, PlayerRating, Presence};
use crate::service::club::NightReport;
use crate::store::CashRow;
use crate::text::{self, Lang, arg_num, arg_text, tr};

/// The evening's heading: the date and its hours ("bis jetzt" while it runs).
pub(super) fn night_title(r: &NightReport, lang: Lang) -> String {
    let date = match lang {
        Lang::De => crate::time::local_date_de(r.opened_at, &r.time_zone),
        Lang::En => crate::time::local_date(r.opened_at, &r.time_zone),
    };
    let from = crate::time::local_clock(r.opened_at, &r.time_zone);
    match r.closed_at {
        Some(to) => tr(
            lang,
            "club-night-title-closed",
            &[
                ("date", arg_text(date)),
                ("from", arg_text(from)),
                ("to", arg_text(crate::time::local_clock(to, &r.time_zone))),
            ],
        ),
        None => tr(
            lang,
            "club-night-title-open",
            &[("date", arg_text(date)), ("from", arg_text(from))],
        ),
    }
}

/// Games, Bierrunden (in euros when a round has a price) and the penalties in all.
pub(super) fn night_figures(r: &NightReport, lang: Lang) -> String {
    let mut args = vec![
        ("games", arg_num(r.games)),
        ("rounds", arg_num(r.bierrunden)),
        ("total", arg_text(money(r.total, lang))),
    ];
    let id = if r.round_price.is_zero() || r.bierrunden == 0 {
        "club-night-figures"
    } else {
        let value = money(r.round_price.times(r.bierrunden), lang);
        args.push(("value", arg_text(value)));
        "club-night-figures-valued"
    };
    tr(lang, id, &args)
}

pub(super) fn best_line(r: &NightReport, lang: Lang) -> Option<String> {
    r.best.as_ref().map(|(name, eval)| {
        tr(
            lang,
            "club-night-best",
            &[
                ("throw", arg_text(text::throw_name(lang, eval, &r.rules))),
                ("name", arg_text(name.clone())),
            ],
        )
    })
}

pub(super) fn box_line(r: &NightReport, lang: Lang) -> String {
    tr(
        lang,
        "club-night-box",
        &[
            ("owed", arg_text(money(r.owed, lang))),
            ("cash", arg_text(money(r.in_box, lang))),
        ],
    )
}

pub(super) fn presence_word(p: Presence, lang: Lang) -> String {
    let id = match p {
        Presence::Present => "club-presence-present",
        Presence::Late => "club-presence-late",
        Presence::Absent => "club-presence-absent",
    };
    tr(lang, id, &[])
}

fn member_line(m: &MemberNight, lang: Lang) -> String {
    if m.presence == Presence::Absent {
        return tr(
            lang,
            "club-night-line-absent",
            &[
                ("name", arg_text(m.name.clone())),
                ("penalties", arg_text(money(m.penalties, lang))),
            ],
        );
    }
    tr(
        lang,
        "club-night-line",
        &[
            ("name", arg_text(m.name.clone())),
            (
                "late",
                arg_text(if m.presence == Presence::Late {
                    "yes"
                } else {
                    "no"
                }),
            ),
            ("games", arg_num(m.games)),
            ("lost", arg_num(m.lost)),
            ("halves", arg_num(m.halves_lost)),
            ("schock", arg_num(m.schock_aus_received)),
            ("rounds", arg_num(m.bierrunden)),
            ("penalties", arg_text(money(m.penalties, lang))),
        ],
    )
}

/// A member's line; once the evening is closed, with his cash account after it.
fn member_line_after(m: &MemberNight, lang: Lang) -> String {
    let line = member_line(m, lang);
    match m.balance {
        Some(balance) => tr(
            lang,
            "club-night-line-balance",
            &[
                ("line", arg_text(line)),
                ("balance", arg_text(balance_word(balance, lang))),
            ],
        ),
        None => line,
    }
}

pub(super) fn night_text(r: &NightReport, lang: Lang) -> String {
    let mut out = vec![night_title(r, lang), night_figures(r, lang)];
    if r.members.is_empty() {
        out.push(tr(lang, "club-night-nobody", &[]));
    }
    out.extend(r.members.iter().map(|m| member_line_after(m, lang)));
    out.extend(absent_share_line(r, lang));
    out.extend(best_line(r, lang));
    if r.closed_at.is_some() {
        out.push(box_line(r, lang));
    }
    out.join("\n")
}

/// The evening without the members' lines, for a caption under its picture.
pub fn night_caption(r: &NightReport, lang: Lang) -> String {
    let mut out = vec![night_title(r, lang), night_figures(r, lang)];
    out.extend(best_line(r, lang));
    if r.closed_at.is_some() {
        out.push(box_line(r, lang));
    }
    out.join("\n")
}

pub(super) fn cash_history_text(
    rows: &[CashRow],
    page: u32,
    pages: u32,
    zone: &str,
    lang: Lang,
) -> String {
    if rows.is_empty() {
        return tr(lang, "club-history-none", &[]);
    }
    let mut out = vec![tr(
        lang,
        "club-history-title",
        &[("page", arg_num(page)), ("pages", arg_num(pages))],
    )];
    out.extend(rows.iter().map(|r| {
        let mut reason = tr(lang, &format!("club-reason-{}", r.reason), &[]);
        if let Some(undone) = r.reverses {
            reason.push_str(&format!(" #{undone}"));
        }
        tr(
            lang,
            "club-history-line",
            &[
                ("id", arg_num(r.id)),
                ("time", arg_text(crate::time::local_time(r.at, zone))),
                (
                    "kind",
                    arg_text(tr(lang, &format!("club-entry-{}", r.kind.id()), &[])),
                ),
                ("name", arg_text(r.member_name.clone())),
                ("amount", arg_text(money(r.amount, lang))),
                ("reason", arg_text(reason)),
                ("by", arg_text(r.actor_name.clone())),
                ("undone", arg_text(if r.reversed { "yes" } else { "no" })),
            ],
        )
    }));
    out.join("\n")
}

/// A rating as shown: one decimal, in the reader's way, a negative one with a minus sign.
fn rating_number(value: f64, lang: Lang) -> String {
    let text = format!("{value:.1}").replace('-', "−");
    let text = if text == "−0.0" {
        "0.0".to_string()
    } else {
        text
    };
    match lang {
        Lang::De => text.replace('.', ","),
        Lang::En => text,
    }
}

pub(super) fn ratings_text(list: &[PlayerRating], lang: Lang) -> String {
    if list.is_empty() {
        return tr(lang, "club-ratings-none", &[]);
    }
    let mut out = vec![tr(lang, "club-ratings-title", &[])];
    // Ratings that read the same share the better place.
    let shown: Vec<String> = list
        .iter()
        .map(|p| rating_number(p.conservative(), lang))
        .collect();
    let mut place = 0;
    out.extend(list.iter().enumerate().map(|(i, p)| {
        if i == 0 || shown[i] != shown[i - 1] {
            place = i + 1;
        }
        tr(
            lang,
            "club-ratings-line",
            &[
                ("place", arg_num(place as i64)),
                ("name", arg_text(p.name.clone())),
                ("rating", arg_text(shown[i].clone())),
                ("games", arg_num(p.games)),
            ],
        )
    }));
    out.join("\n")
}

pub(super) fn championship_text(
    season: i64,
    evenings: u32,
    lines: &[ChampionshipLine],
    lang: Lang,
) -> String {
    if lines.is_empty() {
        return tr(
            lang,
            "club-championship-none",
            &[("season", arg_num(season))],
        );
    }
    let mut out = vec![tr(
        lang,
        "club-championship-title",
        &[("season", arg_num(season)), ("evenings", arg_num(evenings))],
    )];
    out.extend(lines.iter().map(|l| {
        tr(
            lang,
            "club-championship-line",
            &[
                ("place", arg_num(l.place)),
                ("name", arg_text(l.name.clone())),
                ("points", arg_num(l.points)),
                ("evenings", arg_num(l.evenings)),
                ("won", arg_num(l.won)),
            ],
        )
    }));
    out.join("\n")
}

/// How the absent members' share was reckoned, for the evening's footer ("Wer fehlt, zahlt
/// den Schnitt der 6 Anwesenden: 45,00 € ÷ 6 = 7,50 €."); `None` when nobody was absent or
/// the catalogue lets the absent pay nothing.
pub(super) fn absent_share_line(r: &NightReport, lang: Lang) -> Option<String> {
    let share = r.absent_share?;
    if !r.members.iter().any(|m| m.presence == Presence::Absent) {
        return None;
    }
    // Rounding is mentioned only where it happened: "45,00 € ÷ 6 = 7,50 €" is exact.
    let rounded = share.total.0.rem_euclid(i64::from(share.present.max(1))) != 0;
    Some(tr(
        lang,
        "club-night-absent-share",
        &[
            ("present", arg_num(share.present)),
            ("total", arg_text(money(share.total, lang))),
            ("share", arg_text(money(share.share, lang))),
            ("rounded", arg_text(if rounded { "yes" } else { "no" })),
        ],
    ))
}

/// A member's cash account in a word or two, as a pub table reads it: "offen 12,50 €" (he
/// owes the box), "Guthaben 5,50 €" (his credit), "bezahlt" (square).
pub(super) fn balance_word(balance: crate::club::Cents, lang: Lang) -> String {
    let (id, amount) = match balance.0 {
        0 => return tr(lang, "club-balance-word-square", &[]),
        b if b > 0 => ("club-balance-word-owes", balance),
        b => ("club-balance-word-credit", crate::club::Cents(-b)),
    };
    tr(lang, id, &[("amount", arg_text(money(amount, lang)))])
}
