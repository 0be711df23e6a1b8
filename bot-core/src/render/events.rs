//! Chat lines for notices and game events, and the round reveal.

use super::outcome::{Moved, moved_line, out_line};
use super::{Voice, dice_text, error_text, extras_text, part_name, seat_name, throw_name};
use crate::engine::ai::Strategy;
use crate::engine::{DebtReason, Event, RoundSummary, Seat, ThrowClass};
use crate::service::reply::{Notice, PublicTable};
use crate::text::{self, Lang, arg_num, arg_text, tr};
use fluent_bundle::FluentValue;

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
    lines.extend(reveal_lines(s, t, lang));
    lines.join("\n")
}

/// A round's throws, best first, and who got how many Deckel (the reveal without its title).
pub(super) fn reveal_lines(s: &RoundSummary, t: &PublicTable, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
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
    lines.push(moved_line(
        t,
        lang,
        Moved {
            loser: s.loser,
            winner: Some(s.winner),
            moved: s.moved,
            source: s.source,
            stock: s.stock,
            baby: s
                .throws
                .iter()
                .any(|x| x.seat == s.winner && x.eval.class == ThrowClass::BabySchockOut),
        },
    ));
    lines.extend(out_line(t, lang, &s.out, s.half_lost_by));
    lines
}

fn is_computer(t: &PublicTable, seat: Seat) -> bool {
    t.computer.get(seat.index()).copied().unwrap_or(false)
}

/// A notice as one line, or `None` for events not worth a line of chat.
pub fn notice_text(n: &Notice, t: Option<&PublicTable>, voice: Voice) -> Option<String> {
    let lang = voice.lang;
    let a = |s: &str| arg_text(s.to_string());
    Some(match n {
        Notice::Game(event) => return event_text(event, t?, lang),
        Notice::Opened { name } => tr(lang, "notice-opened", &[("name", a(name))]),
        Notice::Joined { name } => tr(lang, "notice-joined", &[("name", a(name))]),
        Notice::ComputerJoined { name, strategy } => computer_joined_text(name, *strategy, lang),
        Notice::HintsSet { on: true } => tr(lang, "notice-hints-on", &[]),
        Notice::HintsSet { on: false } => tr(lang, "notice-hints-off", &[]),
        Notice::Hint(hint) => super::hint_text(hint, lang),
        Notice::Left { name } => tr(lang, "notice-left", &[("name", a(name))]),
        Notice::Kicked { name, by } => {
            tr(lang, "notice-kicked", &[("name", a(name)), ("by", a(by))])
        }
        Notice::Started => tr(lang, "notice-started", &[]),
        Notice::RoundEntered { by } => tr(lang, "notice-round-entered", &[("by", a(by))]),
        Notice::RoundTakenBack { by } => tr(lang, "notice-round-taken-back", &[("by", a(by))]),
        Notice::DebtTakenBack { name } => tr(lang, "notice-debt-taken-back", &[("name", a(name))]),
        Notice::Ended { by } => tr(lang, "notice-ended", &[("by", a(by))]),
        Notice::IdleClosed => tr(lang, "notice-idle", &[]),
        Notice::TimedOut { name } => tr(lang, "notice-timed-out", &[("name", a(name))]),
        Notice::TurnRenewed {
            name,
            outage_seconds: s,
        } => tr(
            lang,
            "notice-turn-renewed",
            &[("name", a(name)), ("outage", arg_num(*s))],
        ),
        Notice::Debt { name, reason } => {
            let reason = tr(lang, &format!("debt-{}", reason.id()), &[]);
            tr(
                lang,
                "notice-debt",
                &[("name", a(name)), ("reason", arg_text(reason))],
            )
        }
        Notice::RulesSet { rules } => tr(lang, "notice-rules-set", &[("rules", a(rules))]),
        Notice::RulesChanged { before, after } => super::rules::changes_text(before, after, lang),
        Notice::RulesApplyNextGame => tr(lang, "notice-rules-next-game", &[]),
        Notice::TimerSet { seconds } => {
            tr(lang, "notice-timer-set", &[("seconds", arg_num(*seconds))])
        }
        Notice::Paid { name, by, left } => tr(
            lang,
            "notice-paid",
            &[("name", a(name)), ("by", a(by)), ("left", arg_num(*left))],
        ),
        Notice::PaymentClaimed { name } => voice.tr("notice-claimed", &[("name", a(name))]),
        Notice::Undone { kind, name } => {
            let kind = tr(lang, &format!("kind-{kind}"), &[]);
            tr(
                lang,
                "notice-undone",
                &[("kind", arg_text(kind)), ("name", a(name))],
            )
        }
        Notice::TimeZoneSet { zone } => tr(lang, "notice-time-zone-set", &[("zone", a(zone))]),
        Notice::SeasonClosed { season: n } => {
            tr(lang, "notice-season-closed", &[("season", arg_num(*n))])
        }
        Notice::ClientSeedSet { name, seed } => tr(
            lang,
            "notice-client-seed",
            &[("name", a(name)), ("seed", a(seed))],
        ),
        Notice::Stale => tr(lang, "notice-stale", &[]),
        Notice::Duplicate => tr(lang, "notice-duplicate", &[]),
        Notice::NotPlaying => tr(lang, "notice-not-playing", &[]),
        Notice::Club(n) => super::club::club_notice_text(n, voice),
        Notice::Tournament(n) => super::tournament::tournament_notice_text(n, voice),
        Notice::Error(e) => error_text(e, t, voice),
    })
}

/// A computer player sat down, with its level of play.
fn computer_joined_text(name: &str, strategy: Strategy, lang: Lang) -> String {
    let level = tr(lang, &format!("computer-level-{}", strategy.id()), &[]);
    tr(
        lang,
        "notice-computer-joined",
        &[
            ("name", arg_text(name.to_string())),
            ("level", arg_text(level)),
        ],
    )
}

/// A game event as one public line; `None` for what the table message or nobody shows.
fn event_text(event: &Event, t: &PublicTable, lang: Lang) -> Option<String> {
    move_text(event, t, lang).or_else(|| game_text(event, t, lang))
}

/// A move in a round, as everybody may see it.
fn move_text(event: &Event, t: &PublicTable, lang: Lang) -> Option<String> {
    let name = |seat: &Seat| arg_text(seat_name(t, *seat));
    Some(match event {
        Event::RollOff { rolls } => roll_off_text(rolls, t, lang),
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
        } => round_started_text(*number, name(starter), *announcing, lang),
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
        } => flipped_text(name(seat), *ones, (*bonus, *in_place), lang),
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
        _ => return None,
    })
}

/// The roll-off for the first starter: each player's sum.
fn roll_off_text(rolls: &[(Seat, [u8; 3])], t: &PublicTable, lang: Lang) -> String {
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

/// Sixes turned into a one: the plain flip, the bonus flip, or in place (the rules' kinds).
fn flipped_text(
    name: FluentValue<'static>,
    ones: u8,
    (bonus, in_place): (bool, bool),
    lang: Lang,
) -> String {
    if bonus {
        tr(lang, "event-flipped-bonus", &[("name", name)])
    } else if in_place {
        tr(lang, "event-flipped-in-place", &[("name", name)])
    } else {
        tr(
            lang,
            "event-flipped",
            &[("name", name), ("ones", arg_num(ones))],
        )
    }
}

/// A round begins (and its starter announces extras, where the rules have them).
fn round_started_text(
    number: u32,
    starter: FluentValue<'static>,
    announcing: bool,
    lang: Lang,
) -> String {
    let mut line = tr(
        lang,
        "event-round-started",
        &[("round", arg_num(number)), ("name", starter.clone())],
    );
    if announcing {
        line.push(' ');
        line.push_str(&tr(lang, "event-announcing", &[("name", starter)]));
    }
    line
}

/// What a round did to the game: halves, the final, debts, titles, leavers, its end.
fn game_text(event: &Event, t: &PublicTable, lang: Lang) -> Option<String> {
    let name = |seat: &Seat| arg_text(seat_name(t, *seat));
    Some(match event {
        Event::PenaltyEntered(entered) => super::tally::entered_lines(entered, t, lang).join("\n"),
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
        // A computer owes nobody a round; the ledger has no line for it.
        Event::DebtOwed { seat, .. } if is_computer(t, *seat) => return None,
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
                ("count", arg_num(*returned)),
                ("returned", arg_text(text::deckel(lang, *returned))),
            ],
        ),
        Event::RoundRedealt { starter } => tr(lang, "event-redealt", &[("name", name(starter))]),
        Event::GameOver(result) => match result.loser {
            Some(loser) => tr(
                lang,
                if is_computer(t, loser) {
                    "event-game-over-computer"
                } else {
                    "event-game-over"
                },
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
