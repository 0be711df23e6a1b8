//! Read-only answers (debts, history, stats, rules, …) and the referee's verdict.

use super::{Voice, local_time, reveal_text, throw_name};
use crate::engine::judge::JudgeRound;
use crate::engine::score::{RoundOutcome, Source};
use crate::engine::{RuleSet, ThrowClass};
use crate::service::reply::{Content, DebtLine, LedgerLine, PlayerStats};
use crate::text::{self, Lang, arg_num, arg_text, tr};

/// Read-only answers as text: one function per kind of content.
pub fn content_text(c: &Content, voice: Voice) -> String {
    let lang = voice.lang;
    match c {
        Content::Debts(lines) => debts_text(lines, lang),
        Content::History {
            lines,
            page,
            pages,
            time_zone,
        } => history_text(lines, (*page, *pages), time_zone, lang),
        Content::Stats { season, lines } => stats_text(*season, lines, lang),
        Content::Rules {
            rules,
            timer_seconds,
            time_zone,
            hints,
            details,
        } => rules_text(
            rules,
            RulesShown {
                timer_seconds: *timer_seconds,
                time_zone,
                hints: *hints,
                details: *details,
            },
            voice,
        ),
        Content::Reveal { summary, table } => reveal_text(summary, table, lang),
        Content::Export { .. } => tr(lang, "content-export", &[]),
        Content::Proof(report) => super::proof_text(report, voice),
        Content::Fairness(report) => super::fairness_text(report, lang),
        Content::Judge { round, outcome } => verdict_text(round, outcome, lang),
        Content::Help => super::help_text("content-help", voice),
        Content::Club(c) => super::club::club_content_text(c, voice),
        Content::Tournament(c) => super::tournament::tournament_content_text(c, voice),
    }
}

/// Who owes how many rounds.
fn debts_text(lines: &[DebtLine], lang: Lang) -> String {
    if lines.is_empty() {
        return tr(lang, "content-debts-none", &[]);
    }
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

/// One page of the ledger's entries, times in `time_zone`.
fn history_text(
    lines: &[LedgerLine],
    (page, pages): (u32, u32),
    time_zone: &str,
    lang: Lang,
) -> String {
    if lines.is_empty() {
        return tr(lang, "content-history-none", &[]);
    }
    let mut out = vec![tr(
        lang,
        "content-history-title",
        &[("page", arg_num(page)), ("pages", arg_num(pages))],
    )];
    out.extend(lines.iter().map(|l| history_line(l, time_zone, lang)));
    out.join("\n")
}

fn history_line(l: &LedgerLine, time_zone: &str, lang: Lang) -> String {
    let rounds = if l.rounds > 0 {
        format!("+{}", l.rounds)
    } else {
        l.rounds.to_string()
    };
    let mut reason = tr(lang, &format!("debt-{}", l.reason), &[]);
    if let Some(r) = l.reverses {
        reason.push_str(&format!(" #{r}"));
    }
    let actor = l
        .actor
        .clone()
        .unwrap_or_else(|| tr(lang, "history-by-game", &[]));
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
            ("actor", arg_text(actor)),
        ],
    )
}

/// A season's statistics, one line per player.
fn stats_text(season: i64, lines: &[PlayerStats], lang: Lang) -> String {
    if lines.is_empty() {
        return tr(lang, "content-stats-none", &[]);
    }
    let mut out = vec![tr(
        lang,
        "content-stats-title",
        &[("season", arg_num(season))],
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

/// What a chat's rules answer shows beside the rule set.
struct RulesShown<'a> {
    timer_seconds: u32,
    time_zone: &'a str,
    hints: bool,
    details: bool,
}

/// A chat's house rules: the rule lines (or every switch by its key), the timer, the time
/// zone and the hints.
fn rules_text(rules: &RuleSet, shown: RulesShown<'_>, voice: Voice) -> String {
    let lang = voice.lang;
    let mut out = vec![tr(
        lang,
        "content-rules-title",
        &[("name", arg_text(rules.name.clone()))],
    )];
    if shown.details {
        // Every switch by its key, as `/regeln key=value` takes it.
        out.push(rules.to_toml().trim_end().to_string());
    } else {
        let lines = super::rules::rule_lines(rules, lang);
        out.extend(lines.into_iter().map(|l| format!("· {l}")));
    }
    out.push(tr(
        lang,
        "content-rules-timer",
        &[("seconds", arg_num(shown.timer_seconds))],
    ));
    out.push(tr(
        lang,
        "content-rules-time-zone",
        &[("zone", arg_text(shown.time_zone.to_string()))],
    ));
    let hints = if shown.hints {
        "content-rules-hints-on"
    } else {
        "content-rules-hints-off"
    };
    out.push(tr(lang, hints, &[]));
    if !shown.details {
        out.push(voice.tr("rules-say-details", &[]));
    }
    out.join("\n")
}

/// The referee's verdict as a short text (the `judge` command, chat and command line): the
/// ranking and the best throw, where the Deckel went, the holdings, and what the round ended.
pub fn verdict_text(round: &JudgeRound, outcome: &RoundOutcome, lang: Lang) -> String {
    let name = |i: usize| round.players[i].clone();
    let throw = |i: usize| text::throw_name(lang, &outcome.evaluations[i], &round.rules);
    let entries: Vec<String> = outcome
        .ranking
        .iter()
        .map(|&i| {
            let blind = if round.throws[i].blind { "yes" } else { "no" };
            tr(
                lang,
                "judge-entry",
                &[
                    ("player", arg_text(name(i))),
                    ("throw", arg_text(throw(i))),
                    ("throws", arg_num(round.throws[i].throws)),
                    ("blind", arg_text(blind)),
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
        moved_line(round, outcome, lang),
    ];
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
    lines.extend(ended_lines(round, outcome, lang));
    lines.join("\n")
}

/// Where the round's Deckel went: from the stock, from the winner, or from everybody.
fn moved_line(round: &JudgeRound, outcome: &RoundOutcome, lang: Lang) -> String {
    let name = |i: usize| round.players[i].clone();
    let id = match outcome.source {
        Source::Stock => "judge-moved-stock",
        Source::Winner => "judge-moved-winner",
        Source::All if outcome.best.class == ThrowClass::BabySchockOut => "judge-moved-all-baby",
        Source::All => "judge-moved-all",
    };
    tr(
        lang,
        id,
        &[
            ("loser", arg_text(name(outcome.loser))),
            ("winner", arg_text(name(outcome.winner))),
            ("moved", arg_text(text::deckel(lang, outcome.moved))),
            ("penalty", arg_text(text::deckel(lang, outcome.penalty))),
            ("stock", arg_num(outcome.stock_after)),
        ],
    )
}

/// What the round ended: who is out, a half or the final lost, the debts it wrote.
fn ended_lines(round: &JudgeRound, outcome: &RoundOutcome, lang: Lang) -> Vec<String> {
    let name = |i: usize| round.players[i].clone();
    let mut lines = Vec::new();
    if !outcome.out.is_empty() {
        let out: Vec<String> = outcome.out.iter().map(|i| name(*i)).collect();
        lines.push(tr(lang, "judge-out", &[("list", arg_text(out.join(", ")))]));
    }
    if let Some(i) = outcome.half_lost_by {
        let id = if round.in_final {
            "judge-final-lost"
        } else {
            "judge-half-lost"
        };
        lines.push(tr(lang, id, &[("player", arg_text(name(i)))]));
    }
    if !outcome.debts.is_empty() {
        let debts: Vec<String> = outcome
            .debts
            .iter()
            .map(|(i, reason)| {
                let reason = tr(lang, &format!("debt-{}", reason.id()), &[]);
                format!("{} ({reason})", name(*i))
            })
            .collect();
        lines.push(tr(
            lang,
            "judge-debts",
            &[("list", arg_text(debts.join(", ")))],
        ));
    }
    lines
}

/// A player's name in the statistics; a computer player's is marked.
fn stats_name(line: &crate::service::reply::PlayerStats) -> String {
    if line.user.is_computer() {
        format!("🤖 {}", line.name)
    } else {
        line.name.clone()
    }
}
