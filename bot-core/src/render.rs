//! Renders the reply model as text and buttons, the same for every platform (adapters only
//! map it onto their message formats). Everything user-facing goes through Fluent.

use crate::engine::eval::Evaluation;
use crate::engine::judge::JudgeRound;
use crate::engine::score::{RoundOutcome, Source};
use crate::engine::view::{DieView, PlayerStatus};
use crate::engine::{
    ActionError, ActionKind, DebtReason, Event, Extra, Part, RoundSummary, RuleSet, Seat,
};
use crate::service::ServiceError;
use crate::service::ids::{ButtonAction, ButtonId};
use crate::service::reply::{Content, Notice, PrivateView, PublicTable};
use crate::service::table::TableStatus;
use crate::text::{self, Lang, arg_num, arg_text, tr};

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// A button: the encoded id (Discord `custom_id`, Telegram `callback_data`) and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
}

const FACES: [char; 6] = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/// `text` in at most `max` characters; a cut text ends with "…".
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A die face (⚀ … ⚅).
pub fn face(value: u8) -> char {
    FACES[usize::from(value.clamp(1, 6) - 1)]
}

/// Dice as faces with their numbers: "⚀1 ⚀1 ⚃4".
pub fn dice_text(values: &[u8]) -> String {
    values
        .iter()
        .map(|v| format!("{}{v}", face(*v)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cup as a viewer sees it: set-aside dice, a bar, then the dice under the cup
/// (▢ when covered).
pub fn cup_text(dice: &[DieView; 3]) -> String {
    let aside: Vec<String> = dice
        .iter()
        .filter_map(|d| match d {
            DieView::Aside(v) => Some(format!("{}{v}", face(*v))),
            _ => None,
        })
        .collect();
    let under: Vec<String> = dice
        .iter()
        .filter_map(|d| match d {
            DieView::Aside(_) => None,
            DieView::Open(v) | DieView::Own(v) => Some(format!("{}{v}", face(*v))),
            DieView::Covered => Some("▢".to_string()),
        })
        .collect();
    match (aside.is_empty(), under.is_empty()) {
        (true, _) => under.join(" "),
        (false, true) => aside.join(" "),
        (false, false) => format!("{} | {}", aside.join(" "), under.join(" ")),
    }
}

/// A Unix time in milliseconds as `YYYY-MM-DD HH:MM` (UTC).
pub fn utc_time(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60
    )
}

fn part_name(lang: Lang, part: Part) -> String {
    tr(lang, &format!("part-{}", part.id()), &[])
}

fn seat_name(t: &PublicTable, seat: Seat) -> String {
    t.members
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| "?".into())
}

fn throw_name(lang: Lang, eval: &Evaluation, rules: &RuleSet) -> String {
    text::throw_name(lang, eval, rules)
}

fn extras_text(extras: impl Iterator<Item = Extra>, rules: &RuleSet, lang: Lang) -> String {
    extras
        .map(|e| {
            let dice = e.dice();
            let eval = crate::engine::evaluate(dice, true, rules, std::iter::once(e).collect());
            throw_name(lang, &eval, rules)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The public table message.
pub fn table_text(t: &PublicTable, lang: Lang) -> String {
    let rules = &t.rules.name;
    let Some(view) = &t.view else {
        let mut lines = vec![
            tr(
                lang,
                "table-title-lobby",
                &[
                    ("opener", arg_text(t.opener.clone())),
                    ("rules", arg_text(rules.clone())),
                ],
            ),
            tr(
                lang,
                "table-lobby-members",
                &[
                    ("count", arg_num(t.members.len() as i64)),
                    ("names", arg_text(t.members.join(", "))),
                ],
            ),
        ];
        match t.status {
            TableStatus::Lobby => lines.push(tr(lang, "table-lobby-hint", &[])),
            _ => lines.push(tr(lang, "table-abandoned", &[])),
        }
        return lines.join("\n");
    };
    let mut lines = vec![tr(
        lang,
        "table-title",
        &[
            ("part", arg_text(part_name(lang, view.part))),
            ("round", arg_num(view.round)),
            ("rules", arg_text(rules.clone())),
        ],
    )];
    if let Some([a, b]) = view.finalists {
        lines.push(tr(
            lang,
            "table-final",
            &[
                ("a", arg_text(seat_name(t, a))),
                ("b", arg_text(seat_name(t, b))),
            ],
        ));
    }
    let mut status_line = tr(
        lang,
        "table-stock",
        &[
            ("stock", arg_num(view.stock)),
            ("total", arg_num(view.deckel_total)),
        ],
    );
    if view.result.is_none() && !view.announcing {
        status_line.push_str(" · ");
        status_line.push_str(&match view.limit {
            Some(limit) => tr(lang, "table-limit", &[("limit", arg_num(limit))]),
            None => tr(lang, "table-limit-open", &[]),
        });
    }
    lines.push(status_line);
    for p in &view.players {
        let marker = if p.is_current { "▶" } else { "·" };
        let status = match (p.status, &p.cup) {
            (PlayerStatus::Left, _) => tr(lang, "table-player-left", &[]),
            (PlayerStatus::Out, _) => tr(lang, "table-player-out", &[]),
            (_, Some(cup)) if view.result.is_none() => {
                let mut s = cup_text(&cup.dice);
                s.push_str(" · ");
                s.push_str(&if cup.blind {
                    tr(lang, "table-player-blind", &[])
                } else if cup.done {
                    tr(lang, "table-player-done", &[])
                } else {
                    tr(
                        lang,
                        "table-player-throws",
                        &[
                            ("throws", arg_num(cup.throws)),
                            ("max", arg_num(cup.max_throws)),
                        ],
                    )
                });
                s
            }
            _ => tr(lang, "table-player-waiting", &[]),
        };
        let mut line = tr(
            lang,
            "table-player",
            &[
                ("marker", arg_text(marker)),
                ("name", arg_text(p.name.clone())),
                ("deckel", arg_text(text::deckel(lang, p.deckel))),
                ("status", arg_text(status)),
            ],
        );
        if !p.lost_halves.is_empty() {
            let parts: Vec<String> = p.lost_halves.iter().map(|h| part_name(lang, *h)).collect();
            line.push(' ');
            line.push_str(&tr(
                lang,
                "table-half-marker",
                &[("parts", arg_text(parts.join(", ")))],
            ));
        }
        lines.push(line);
    }
    if let Some(last) = &view.last_round {
        let throw = last
            .throws
            .iter()
            .find(|x| x.seat == last.winner)
            .map(|x| throw_name(lang, &x.eval, &t.rules))
            .unwrap_or_default();
        lines.push(tr(
            lang,
            "table-last-round",
            &[
                ("loser", arg_text(seat_name(t, last.loser))),
                ("moved", arg_text(text::deckel(lang, last.moved))),
                ("throw", arg_text(throw)),
                ("winner", arg_text(seat_name(t, last.winner))),
            ],
        ));
    }
    match (&view.result, view.current) {
        (Some(result), _) => match result.loser {
            Some(loser) => {
                let id = if result.blattschuss {
                    "table-over-blattschuss"
                } else {
                    "table-over-loser"
                };
                lines.push(tr(lang, id, &[("name", arg_text(seat_name(t, loser)))]));
            }
            None => lines.push(tr(lang, "table-abandoned", &[])),
        },
        (None, Some(current)) => {
            let name = arg_text(seat_name(t, current));
            if view.announcing {
                lines.push(tr(lang, "table-announcing", &[("name", name)]));
            } else if let Some(deadline) = t.deadline {
                lines.push(tr(
                    lang,
                    "table-turn-deadline",
                    &[
                        ("name", name),
                        ("time", arg_text(utc_time(deadline)[11..].to_string())),
                    ],
                ));
            } else {
                lines.push(tr(lang, "table-turn", &[("name", name)]));
            }
        }
        (None, None) => {}
    }
    lines.join("\n")
}

fn button(
    action: ButtonAction,
    t_id: i64,
    version: u64,
    label: String,
    style: ButtonStyle,
) -> Button {
    Button {
        id: ButtonId::new(action, t_id, version).encode(),
        label,
        style,
    }
}

/// The public table message's buttons (never anything that depends on hidden dice).
pub fn table_buttons(t: &PublicTable, lang: Lang) -> Vec<Vec<Button>> {
    let b = |action, label: &str, style| {
        button(action, t.table_id, t.version, tr(lang, label, &[]), style)
    };
    match t.status {
        TableStatus::Lobby => vec![vec![
            b(ButtonAction::Join, "button-join", ButtonStyle::Primary),
            b(ButtonAction::Start, "button-start", ButtonStyle::Success),
        ]],
        TableStatus::Running => vec![vec![
            b(ButtonAction::Roll, "button-roll", ButtonStyle::Primary),
            b(ButtonAction::Look, "button-look", ButtonStyle::Secondary),
            b(ButtonAction::Stand, "button-stand", ButtonStyle::Success),
        ]],
        TableStatus::Finished | TableStatus::Abandoned => Vec::new(),
    }
}

/// A player's private view in full (Discord ephemeral replies, the terminal).
pub fn private_text(p: &PrivateView) -> String {
    let lang = p.lang;
    let view = &p.view;
    let Some(seat) = viewer_seat(p) else {
        return tr(lang, "private-not-playing", &[]);
    };
    let me = view.players.iter().find(|pl| pl.seat == seat);
    let Some(cup) = me.and_then(|pl| pl.cup.as_ref()) else {
        return tr(lang, "private-not-playing", &[]);
    };
    let mut lines = vec![tr(
        lang,
        "private-cup",
        &[("dice", arg_text(cup_text(&cup.dice)))],
    )];
    if let Some(eval) = &cup.evaluation {
        lines.push(tr(
            lang,
            "private-throw",
            &[("throw", arg_text(throw_name(lang, eval, &p.rules)))],
        ));
    }
    lines.push(tr(
        lang,
        "private-throws",
        &[
            ("throws", arg_num(cup.throws)),
            ("max", arg_num(cup.max_throws)),
        ],
    ));
    if !cup.looked && !cup.done {
        let id = if p.rules.blind {
            "private-not-looked-blind"
        } else {
            "private-not-looked"
        };
        lines.push(tr(lang, id, &[]));
    }
    if cup.must_throw {
        lines.push(tr(lang, "private-must-throw", &[]));
    }
    if cup.done {
        lines.push(tr(lang, "private-done", &[]));
    } else if view.current == Some(seat) {
        lines.push(tr(lang, "private-your-turn", &[]));
    } else if let Some(current) = view.current {
        let name = view
            .players
            .iter()
            .find(|pl| pl.seat == current)
            .map(|pl| pl.name.clone())
            .unwrap_or_default();
        lines.push(tr(
            lang,
            "private-not-your-turn",
            &[("name", arg_text(name))],
        ));
    }
    lines.join("\n")
}

fn viewer_seat(p: &PrivateView) -> Option<Seat> {
    match p.view.viewer {
        crate::engine::Viewer::Player(seat) => Some(seat),
        crate::engine::Viewer::Public => None,
    }
}

/// A player's private view in at most 200 characters (a Telegram alert).
pub fn private_alert(p: &PrivateView) -> String {
    let lang = p.lang;
    let Some(seat) = viewer_seat(p) else {
        return tr(lang, "private-not-playing", &[]);
    };
    let view = &p.view;
    let Some(cup) = view
        .players
        .iter()
        .find(|pl| pl.seat == seat)
        .and_then(|pl| pl.cup.as_ref())
    else {
        return tr(lang, "private-not-playing", &[]);
    };
    let throw = cup
        .evaluation
        .as_ref()
        .map(|e| throw_name(lang, e, &p.rules))
        .unwrap_or_else(|| "?".into());
    let text = tr(
        lang,
        "private-alert",
        &[
            ("dice", arg_text(cup_text(&cup.dice))),
            ("throw", arg_text(throw)),
            ("throws", arg_num(cup.throws)),
            ("max", arg_num(cup.max_throws)),
            (
                "turn",
                arg_text(if view.current == Some(seat) && !cup.done {
                    "yes"
                } else {
                    "no"
                }),
            ),
        ],
    );
    text.chars().take(200).collect()
}

/// Buttons for a player's private view: what he may do now, keep buttons by the values he
/// sees under his own cup.
pub fn private_buttons(p: &PrivateView) -> Vec<Vec<Button>> {
    let lang = p.lang;
    let view = &p.view;
    let b = |action, label: String, style| button(action, p.table_id, p.version, label, style);
    let mut rows = Vec::new();
    let mut main = Vec::new();
    let has = |k: ActionKind| view.actions.contains(&k);
    if has(ActionKind::Announce) {
        let rules_extras: Vec<Extra> = p.rules.extras.iter().collect();
        let mut announce = vec![b(
            ButtonAction::Announce(0),
            tr(lang, "button-announce-none", &[]),
            ButtonStyle::Secondary,
        )];
        let all_bits: u8 = rules_extras.iter().map(|e| extra_bit(*e)).sum();
        if all_bits != 0 {
            let label = extras_text(rules_extras.iter().copied(), &p.rules, lang);
            announce.push(b(
                ButtonAction::Announce(all_bits),
                tr(lang, "button-announce", &[("extras", arg_text(label))]),
                ButtonStyle::Primary,
            ));
        }
        rows.push(announce);
        return rows;
    }
    let unseen = viewer_seat(p)
        .and_then(|seat| view.players.iter().find(|pl| pl.seat == seat))
        .and_then(|pl| pl.cup.as_ref())
        .is_some_and(|c| !c.looked && !c.done);
    if unseen && has(ActionKind::Look) {
        main.push(b(
            ButtonAction::Look,
            tr(lang, "button-look", &[]),
            ButtonStyle::Secondary,
        ));
    }
    if has(ActionKind::Throw) {
        main.push(b(
            ButtonAction::Roll,
            tr(lang, "button-roll", &[]),
            ButtonStyle::Primary,
        ));
    }
    if has(ActionKind::Flip) {
        main.push(b(
            ButtonAction::Flip,
            tr(lang, "button-flip", &[]),
            ButtonStyle::Secondary,
        ));
    }
    if has(ActionKind::Stand) {
        main.push(b(
            ButtonAction::Stand,
            tr(lang, "button-stand", &[]),
            ButtonStyle::Success,
        ));
    }
    if has(ActionKind::Blind) {
        main.push(b(
            ButtonAction::Blind,
            tr(lang, "button-blind", &[]),
            ButtonStyle::Danger,
        ));
    }
    if has(ActionKind::ThrowIn) {
        main.push(b(
            ButtonAction::ThrowIn,
            tr(lang, "button-throw-in", &[]),
            ButtonStyle::Secondary,
        ));
    }
    if !main.is_empty() {
        rows.push(main);
    }
    if has(ActionKind::Keep) {
        let keep: Vec<Button> = keep_options(&view.keepable)
            .into_iter()
            .map(|values| {
                b(
                    ButtonAction::Keep(values.clone()),
                    tr(
                        lang,
                        "button-keep",
                        &[("dice", arg_text(dice_text(&values)))],
                    ),
                    ButtonStyle::Secondary,
                )
            })
            .collect();
        for chunk in keep.chunks(5) {
            rows.push(chunk.to_vec());
        }
    }
    rows
}

fn extra_bit(e: Extra) -> u8 {
    match e {
        Extra::Jule => 1,
        Extra::TwoTwoOne => 2,
        Extra::ThreeThreeOne => 4,
    }
}

/// The useful ways to set aside dice from `values` (the dice under the cup, as the player
/// sees them): every single value and every pair and triple that leaves a die in the cup.
pub fn keep_options(values: &[u8]) -> Vec<Vec<u8>> {
    let mut options: Vec<Vec<u8>> = Vec::new();
    let n = values.len();
    for mask in 1u32..(1 << n) {
        let count = mask.count_ones() as usize;
        if count >= n {
            continue; // one die must stay in the cup
        }
        let mut chosen: Vec<u8> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| values[i])
            .collect();
        chosen.sort_unstable();
        if !options.contains(&chosen) {
            options.push(chosen);
        }
    }
    options.sort_by_key(|o| (o.len(), o.clone()));
    options
}

/// A round's reveal: every throw, its name, who gets how many Deckel.
pub fn reveal_text(s: &RoundSummary, t: &PublicTable, lang: Lang) -> String {
    let mut lines = vec![tr(
        lang,
        "reveal-title",
        &[
            ("part", arg_text(part_name(lang, s.part))),
            ("round", arg_num(s.number)),
        ],
    )];
    for seat in &s.ranking {
        let Some(x) = s.throws.iter().find(|x| x.seat == *seat) else {
            continue;
        };
        let marker = if *seat == s.winner {
            "🏆"
        } else if *seat == s.loser {
            "🍺"
        } else {
            "·"
        };
        lines.push(tr(
            lang,
            "reveal-line",
            &[
                ("marker", arg_text(marker)),
                ("name", arg_text(seat_name(t, *seat))),
                ("dice", arg_text(dice_text(&x.eval.dice))),
                ("throw", arg_text(throw_name(lang, &x.eval, &t.rules))),
                ("throws", arg_num(x.throws)),
                ("blind", arg_text(if x.blind { "yes" } else { "no" })),
            ],
        ));
    }
    let loser = arg_text(seat_name(t, s.loser));
    let winner = arg_text(seat_name(t, s.winner));
    let moved = arg_text(text::deckel(lang, s.moved));
    lines.push(match s.source {
        Source::All => tr(lang, "reveal-all", &[("loser", loser)]),
        _ if s.moved == 0 => tr(lang, "reveal-nothing", &[]),
        Source::Stock => tr(
            lang,
            "reveal-stock",
            &[
                ("loser", loser),
                ("moved", moved),
                ("stock", arg_num(s.stock)),
            ],
        ),
        Source::Winner => tr(
            lang,
            "reveal-winner",
            &[("loser", loser), ("moved", moved), ("winner", winner)],
        ),
    });
    // Who lost the half is its own notice (the part's end), not part of the round.
    if s.half_lost_by.is_none() && !s.out.is_empty() {
        let names: Vec<String> = s.out.iter().map(|seat| seat_name(t, *seat)).collect();
        lines.push(tr(
            lang,
            "reveal-out",
            &[("names", arg_text(names.join(", ")))],
        ));
    }
    lines.join("\n")
}

/// A notice as one line, or `None` for events not worth a line of chat.
pub fn notice_text(n: &Notice, t: Option<&PublicTable>, lang: Lang) -> Option<String> {
    let a = |s: &str| arg_text(s.to_string());
    Some(match n {
        Notice::Game(event) => return event_text(event, t?, lang),
        Notice::Opened { name } => tr(lang, "notice-opened", &[("name", a(name))]),
        Notice::Joined { name } => tr(lang, "notice-joined", &[("name", a(name))]),
        Notice::Left { name } => tr(lang, "notice-left", &[("name", a(name))]),
        Notice::Kicked { name, by } => {
            tr(lang, "notice-kicked", &[("name", a(name)), ("by", a(by))])
        }
        Notice::Started => tr(lang, "notice-started", &[]),
        Notice::Ended { by } => tr(lang, "notice-ended", &[("by", a(by))]),
        Notice::IdleClosed => tr(lang, "notice-idle", &[]),
        Notice::TimedOut { name } => tr(lang, "notice-timed-out", &[("name", a(name))]),
        Notice::Debt { name, reason } => tr(
            lang,
            "notice-debt",
            &[
                ("name", a(name)),
                (
                    "reason",
                    arg_text(tr(lang, &format!("debt-{}", reason.id()), &[])),
                ),
            ],
        ),
        Notice::RulesSet { rules } => tr(lang, "notice-rules-set", &[("rules", a(rules))]),
        Notice::RulesApplyNextGame => tr(lang, "notice-rules-next-game", &[]),
        Notice::TimerSet { seconds } => {
            tr(lang, "notice-timer-set", &[("seconds", arg_num(*seconds))])
        }
        Notice::Paid { name, by, left } => tr(
            lang,
            "notice-paid",
            &[("name", a(name)), ("by", a(by)), ("left", arg_num(*left))],
        ),
        Notice::PaymentClaimed { name } => tr(lang, "notice-claimed", &[("name", a(name))]),
        Notice::Undone { what } => tr(lang, "notice-undone", &[("what", a(what))]),
        Notice::SeasonClosed { season } => tr(
            lang,
            "notice-season-closed",
            &[("season", arg_num(*season))],
        ),
        Notice::Stale => tr(lang, "notice-stale", &[]),
        Notice::Duplicate => tr(lang, "notice-duplicate", &[]),
        Notice::NotPlaying => tr(lang, "notice-not-playing", &[]),
        Notice::Error(e) => error_text(e, t, lang),
    })
}

fn event_text(event: &Event, t: &PublicTable, lang: Lang) -> Option<String> {
    let name = |seat: &Seat| arg_text(seat_name(t, *seat));
    Some(match event {
        Event::RollOff { rolls } => {
            let list: Vec<String> = rolls
                .iter()
                .map(|(seat, d)| {
                    format!(
                        "{} {}",
                        seat_name(t, *seat),
                        d.iter().map(|v| u32::from(*v)).sum::<u32>()
                    )
                })
                .collect();
            tr(
                lang,
                "event-roll-off",
                &[("rolls", arg_text(list.join(", ")))],
            )
        }
        Event::PartStarted { part, starter, .. } => tr(
            lang,
            "event-part-started",
            &[("part", arg_text(part.id())), ("name", name(starter))],
        ),
        Event::RoundStarted {
            number,
            starter,
            announcing,
            ..
        } => {
            let mut line = tr(
                lang,
                "event-round-started",
                &[("round", arg_num(*number)), ("name", name(starter))],
            );
            if *announcing {
                line.push(' ');
                line.push_str(&tr(lang, "event-announcing", &[("name", name(starter))]));
            }
            line
        }
        Event::ExtrasAnnounced { starter, extras } if extras.is_empty() => {
            tr(lang, "event-announced-none", &[("name", name(starter))])
        }
        Event::ExtrasAnnounced { starter, extras } => tr(
            lang,
            "event-announced",
            &[
                ("name", name(starter)),
                (
                    "extras",
                    arg_text(extras_text(extras.iter(), &t.rules, lang)),
                ),
            ],
        ),
        Event::Thrown {
            seat,
            dice,
            open: true,
            ..
        } => tr(
            lang,
            "event-thrown-open",
            &[("name", name(seat)), ("dice", arg_text(dice_text(dice)))],
        ),
        Event::ThrownCovered { seat, number } => tr(
            lang,
            "event-thrown-covered",
            &[("name", name(seat)), ("number", arg_num(*number))],
        ),
        Event::Opened { seat, dice } => tr(
            lang,
            "event-opened",
            &[("name", name(seat)), ("dice", arg_text(dice_text(dice)))],
        ),
        Event::Kept { seat, values } => tr(
            lang,
            "event-kept",
            &[("name", name(seat)), ("dice", arg_text(dice_text(values)))],
        ),
        Event::Flipped {
            seat,
            ones,
            bonus,
            in_place,
        } => {
            let mut line = tr(
                lang,
                "event-flipped",
                &[("name", name(seat)), ("ones", arg_num(*ones))],
            );
            if *bonus {
                line = tr(lang, "event-flipped-bonus", &[("name", name(seat))]);
            } else if *in_place {
                line = tr(lang, "event-flipped-in-place", &[("name", name(seat))]);
            }
            line
        }
        Event::Stood {
            seat,
            throws,
            automatic: false,
        } => tr(
            lang,
            "event-stood",
            &[("name", name(seat)), ("throws", arg_num(*throws))],
        ),
        Event::WentBlind { seat } => tr(lang, "event-blind", &[("name", name(seat))]),
        Event::TimedOut { seat } => tr(lang, "event-timed-out", &[("name", name(seat))]),
        Event::LimitSet { limit } => tr(lang, "event-limit", &[("limit", arg_num(*limit))]),
        Event::PartLost { part, seat } => tr(
            lang,
            "event-part-lost",
            &[("name", name(seat)), ("part", arg_text(part.id()))],
        ),
        Event::FinalStarted { finalists, .. } => tr(
            lang,
            "event-final",
            &[("a", name(&finalists[0])), ("b", name(&finalists[1]))],
        ),
        // The game's own Bierrunde is announced with the game's end.
        Event::DebtOwed {
            reason: DebtReason::GameLost,
            ..
        } => return None,
        Event::DebtOwed { seat, reason } => tr(
            lang,
            "event-debt",
            &[
                ("name", name(seat)),
                (
                    "reason",
                    arg_text(tr(lang, &format!("debt-{}", reason.id()), &[])),
                ),
            ],
        ),
        Event::TitleAwarded { seat, title } => {
            let title = match title {
                crate::engine::Title::Pisswurf => tr(lang, "title-pisswurf", &[]),
            };
            tr(
                lang,
                "event-title",
                &[("name", name(seat)), ("title", arg_text(title))],
            )
        }
        Event::ThrowInRegistered { seat } => tr(lang, "event-throw-in", &[("name", name(seat))]),
        Event::PlayerLeft { seat, returned } => tr(
            lang,
            "event-left",
            &[
                ("name", name(seat)),
                ("returned", arg_text(text::deckel(lang, *returned))),
            ],
        ),
        Event::RoundRedealt { starter } => tr(lang, "event-redealt", &[("name", name(starter))]),
        Event::GameOver(result) => match result.loser {
            Some(loser) => tr(
                lang,
                "event-game-over",
                &[
                    ("name", name(&loser)),
                    (
                        "blattschuss",
                        arg_text(if result.blattschuss { "yes" } else { "no" }),
                    ),
                ],
            ),
            None => tr(lang, "event-game-abandoned", &[]),
        },
        // Dealt and private throws never reach here (the engine hides them); the rest are
        // shown by the table message and the reveal.
        _ => return None,
    })
}

/// A refusal in the user's language.
pub fn error_text(e: &ServiceError, t: Option<&PublicTable>, lang: Lang) -> String {
    let a = |s: &str| arg_text(s.to_string());
    let seat = |s: Seat| arg_text(t.map(|t| seat_name(t, s)).unwrap_or_default());
    match e {
        ServiceError::NoTable => tr(lang, "error-no-table", &[]),
        ServiceError::TableExists => tr(lang, "error-table-exists", &[]),
        ServiceError::NotMember => tr(lang, "error-not-member", &[]),
        ServiceError::AlreadyMember => tr(lang, "error-already-member", &[]),
        ServiceError::TableFull { max } => {
            tr(lang, "error-table-full", &[("max", arg_num(*max as i64))])
        }
        ServiceError::GameRunning => tr(lang, "error-game-running", &[]),
        ServiceError::NotRunning => tr(lang, "error-not-running", &[]),
        ServiceError::TooFewPlayers => tr(lang, "error-too-few", &[]),
        ServiceError::OpenerOrAdminOnly => tr(lang, "error-opener-or-admin", &[]),
        ServiceError::AdminOnly => tr(lang, "error-admin-only", &[]),
        ServiceError::Stale => tr(lang, "error-stale", &[]),
        ServiceError::Duplicate => tr(lang, "error-duplicate", &[]),
        ServiceError::UnknownPlayer { name } => {
            tr(lang, "error-unknown-player", &[("name", a(name))])
        }
        ServiceError::NameMissing => tr(lang, "error-name-missing", &[]),
        ServiceError::BadArgument { text } => tr(lang, "error-bad-argument", &[("text", a(text))]),
        ServiceError::BadButton => tr(lang, "error-bad-button", &[]),
        ServiceError::Rules(r) => text::rules_error(lang, r),
        ServiceError::Judge(j) => text::judge_error(lang, j),
        ServiceError::JudgeSyntax(part) => tr(lang, "error-judge-syntax", &[("part", a(part))]),
        ServiceError::TimerRange => tr(lang, "error-timer-range", &[]),
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
        ServiceError::Storage => tr(lang, "error-storage", &[]),
        ServiceError::Action(action) => match action {
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
            ActionError::NothingToKeep => tr(lang, "error-nothing-to-keep", &[]),
            ActionError::LookFirst => tr(lang, "error-look-first", &[]),
            ActionError::InvalidDie { value } => {
                tr(lang, "error-invalid-die", &[("value", arg_num(*value))])
            }
            ActionError::NotInCup { value } => {
                tr(lang, "error-not-in-cup", &[("value", arg_num(*value))])
            }
            ActionError::MustLeaveDieInCup => tr(lang, "error-leave-one", &[]),
            ActionError::MustRethrowSix => tr(lang, "error-rethrow-six", &[]),
            ActionError::SixesNotAllowed => tr(lang, "error-sixes-off", &[]),
            ActionError::NoTwoSixes => tr(lang, "error-no-two-sixes", &[]),
            ActionError::FlipNeedsThrowLeft => tr(lang, "error-flip-needs-throw", &[]),
            ActionError::BlindNotAllowed => tr(lang, "error-blind-off", &[]),
            ActionError::BlindAfterLooking => tr(lang, "error-blind-after-look", &[]),
            ActionError::ThrowInNotAllowed => tr(lang, "error-throw-in-off", &[]),
            ActionError::NotOut => tr(lang, "error-not-out", &[]),
            ActionError::AlreadyThrowingIn => tr(lang, "error-already-throwing-in", &[]),
        },
    }
}

/// Read-only answers as text.
pub fn content_text(c: &Content, lang: Lang) -> String {
    match c {
        Content::Debts(lines) if lines.is_empty() => tr(lang, "content-debts-none", &[]),
        Content::Debts(lines) => {
            let mut out = vec![tr(lang, "content-debts-title", &[])];
            out.extend(lines.iter().map(|l| {
                tr(
                    lang,
                    "content-debts-line",
                    &[
                        ("name", arg_text(l.name.clone())),
                        ("rounds", arg_num(l.rounds)),
                    ],
                )
            }));
            out.join("\n")
        }
        Content::History { lines, .. } if lines.is_empty() => tr(lang, "content-history-none", &[]),
        Content::History { lines, page, pages } => {
            let mut out = vec![tr(
                lang,
                "content-history-title",
                &[("page", arg_num(*page)), ("pages", arg_num(*pages))],
            )];
            out.extend(lines.iter().map(|l| {
                let rounds = if l.rounds > 0 {
                    format!("+{}", l.rounds)
                } else {
                    l.rounds.to_string()
                };
                let mut reason = tr(lang, &format!("debt-{}", l.reason), &[]);
                if let Some(r) = l.reverses {
                    reason.push_str(&format!(" #{r}"));
                }
                tr(
                    lang,
                    "content-history-line",
                    &[
                        ("id", arg_num(l.id)),
                        ("time", arg_text(utc_time(l.at))),
                        ("kind", arg_text(tr(lang, &format!("kind-{}", l.kind), &[]))),
                        ("name", arg_text(l.debtor.clone())),
                        ("rounds", arg_text(rounds)),
                        ("reason", arg_text(reason)),
                        ("actor", arg_text(l.actor.clone())),
                    ],
                )
            }));
            out.join("\n")
        }
        Content::Stats { lines, .. } if lines.is_empty() => tr(lang, "content-stats-none", &[]),
        Content::Stats { season, lines } => {
            let mut out = vec![tr(
                lang,
                "content-stats-title",
                &[("season", arg_num(*season))],
            )];
            let standard = RuleSet::standard();
            out.extend(lines.iter().map(|l| {
                let best = l
                    .best
                    .as_ref()
                    .map(|b| {
                        tr(
                            lang,
                            "content-stats-best",
                            &[("throw", arg_text(throw_name(lang, b, &standard)))],
                        )
                    })
                    .unwrap_or_default();
                tr(
                    lang,
                    "content-stats-line",
                    &[
                        ("name", arg_text(l.name.clone())),
                        ("games", arg_num(l.games)),
                        ("lost", arg_num(l.games_lost)),
                        ("halves", arg_num(l.halves_lost)),
                        ("finals", arg_num(l.finals)),
                        ("blatt", arg_num(l.blattschuss)),
                        ("aus", arg_num(l.schock_aus)),
                        ("best", arg_text(best)),
                    ],
                )
            }));
            out.join("\n")
        }
        Content::Rules {
            rules,
            timer_seconds,
        } => {
            let mut out = vec![tr(
                lang,
                "content-rules-title",
                &[("name", arg_text(rules.name.clone()))],
            )];
            out.push(rules.to_toml().trim_end().to_string());
            out.push(tr(
                lang,
                "content-rules-timer",
                &[("seconds", arg_num(*timer_seconds))],
            ));
            out.join("\n")
        }
        Content::Reveal { summary, table } => reveal_text(summary, table, lang),
        Content::Export { .. } => tr(lang, "content-export", &[]),
        Content::Judge {
            text_de, text_en, ..
        } => match lang {
            Lang::De => text_de.clone(),
            Lang::En => text_en.clone(),
        },
        Content::Help => tr(lang, "content-help", &[]),
    }
}

/// The referee's verdict as a short text (the `judge` command, chat and command line).
pub fn verdict_text(round: &JudgeRound, outcome: &RoundOutcome, lang: Lang) -> String {
    let name = |i: usize| round.players[i].clone();
    let throw = |i: usize| text::throw_name(lang, &outcome.evaluations[i], &round.rules);
    let entries: Vec<String> = outcome
        .ranking
        .iter()
        .map(|&i| {
            tr(
                lang,
                "judge-entry",
                &[
                    ("player", arg_text(name(i))),
                    ("throw", arg_text(throw(i))),
                    ("throws", arg_num(round.throws[i].throws)),
                    (
                        "blind",
                        arg_text(if round.throws[i].blind { "yes" } else { "no" }),
                    ),
                ],
            )
        })
        .collect();
    let mut lines = vec![
        tr(
            lang,
            "judge-ranking",
            &[("list", arg_text(entries.join(", ")))],
        ),
        tr(
            lang,
            "judge-best",
            &[
                ("throw", arg_text(throw(outcome.winner))),
                ("winner", arg_text(name(outcome.winner))),
            ],
        ),
    ];
    let id = match outcome.source {
        Source::Stock => "judge-moved-stock",
        Source::Winner => "judge-moved-winner",
        Source::All => "judge-moved-all",
    };
    lines.push(tr(
        lang,
        id,
        &[
            ("loser", arg_text(name(outcome.loser))),
            ("winner", arg_text(name(outcome.winner))),
            ("moved", arg_text(text::deckel(lang, outcome.moved))),
            ("penalty", arg_text(text::deckel(lang, outcome.penalty))),
            ("stock", arg_num(outcome.stock_after)),
        ],
    ));
    let holdings: Vec<String> = round
        .players
        .iter()
        .zip(&outcome.holdings_after)
        .map(|(p, h)| format!("{p} {h}"))
        .collect();
    lines.push(tr(
        lang,
        "judge-holdings",
        &[("list", arg_text(holdings.join(", ")))],
    ));
    if !outcome.out.is_empty() {
        let out: Vec<String> = outcome.out.iter().map(|i| name(*i)).collect();
        lines.push(tr(lang, "judge-out", &[("list", arg_text(out.join(", ")))]));
    }
    if let Some(i) = outcome.half_lost_by {
        lines.push(tr(
            lang,
            "judge-half-lost",
            &[("player", arg_text(name(i)))],
        ));
    }
    if !outcome.debts.is_empty() {
        let debts: Vec<String> = outcome
            .debts
            .iter()
            .map(|(i, reason)| {
                format!(
                    "{} ({})",
                    name(*i),
                    tr(lang, &format!("debt-{}", reason.id()), &[])
                )
            })
            .collect();
        lines.push(tr(
            lang,
            "judge-debts",
            &[("list", arg_text(debts.join(", ")))],
        ));
    }
    lines.join("\n")
}
