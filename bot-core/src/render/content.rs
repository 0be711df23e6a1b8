//! Read-only answers (debts, history, stats, rules, …) and the referee's verdict.

use super::{Voice, local_time, reveal_text, throw_name};
use crate::engine::judge::JudgeRound;
use crate::engine::score::{RoundOutcome, Source};
use crate::engine::{RuleSet, ThrowClass};
use crate::service::reply::Content;
use crate::text::{self, Lang, arg_num, arg_text, tr};

/// Read-only answers as text.
pub fn content_text(c: &Content, voice: Voice) -> String {
    let lang = voice.lang;
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
        Content::History {
            lines,
            page,
            pages,
            time_zone,
        } => {
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
                        ("time", arg_text(local_time(l.at, time_zone))),
                        ("kind", arg_text(tr(lang, &format!("kind-{}", l.kind), &[]))),
                        ("name", arg_text(l.debtor.clone())),
                        ("rounds", arg_text(rounds)),
                        ("reason", arg_text(reason)),
                        (
                            "actor",
                            arg_text(
                                l.actor
                                    .clone()
                                    .unwrap_or_else(|| tr(lang, "history-by-game", &[])),
                            ),
                        ),
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
                        ("name", arg_text(stats_name(l))),
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
            time_zone,
            hints,
            details,
        } => {
            let mut out = vec![tr(
                lang,
                "content-rules-title",
                &[("name", arg_text(rules.name.clone()))],
            )];
            if *details {
                // Every switch by its key, as `/regeln key=value` takes it.
                out.push(rules.to_toml().trim_end().to_string());
            } else {
                let lines = super::rules::rule_lines(rules, lang);
                out.extend(lines.into_iter().map(|l| format!("· {l}")));
            }
            out.push(tr(
                lang,
                "content-rules-timer",
                &[("seconds", arg_num(*timer_seconds))],
            ));
            out.push(tr(
                lang,
                "content-rules-time-zone",
                &[("zone", arg_text(time_zone.clone()))],
            ));
            out.push(tr(
                lang,
                if *hints {
                    "content-rules-hints-on"
                } else {
                    "content-rules-hints-off"
                },
                &[],
            ));
            if !*details {
                out.push(voice.tr("rules-say-details", &[]));
            }
            out.join("\n")
        }
        Content::Reveal { summary, table } => reveal_text(summary, table, lang),
        Content::Export { .. } => tr(lang, "content-export", &[]),
        Content::Proof(report) => super::proof_text(report, voice),
        Content::Fairness(report) => super::fairness_text(report, lang),
        Content::Judge { round, outcome } => verdict_text(round, outcome, lang),
        Content::Help => super::help_text("content-help", voice),
        Content::Club(c) => super::club::club_content_text(c, voice),
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
        Source::All if outcome.best.class == ThrowClass::BabySchockOut => "judge-moved-all-baby",
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
            if round.in_final {
                "judge-final-lost"
            } else {
                "judge-half-lost"
            },
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

/// A player's name in the statistics; a computer player's is marked.
fn stats_name(line: &crate::service::reply::PlayerStats) -> String {
    if line.user.is_computer() {
        format!("🤖 {}", line.name)
    } else {
        line.name.clone()
    }
}
