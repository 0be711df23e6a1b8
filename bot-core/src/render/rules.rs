//! The house rules in words: the listing `/regeln` shows, and what a `/regeln …` changed.
//! Pure: rule sets in, sentences in the reader's language out, one switch (or a pair that
//! belongs together) a sentence, named by its RULES.md id. Only what is on is said, besides
//! the few defaults every player needs: the stock, what a Straße and a General cost, what
//! counts only from the hand, and the sixes.

use crate::engine::{Extra, FlipOnLastThrow, RuleSet, StraightOrder};
use crate::text::{Lang, arg_num, arg_text, deckel, tr};
use fluent_bundle::FluentValue;

/// The rules as sentences, in the order a table explains them.
pub fn rule_lines(rules: &RuleSet, lang: Lang) -> Vec<String> {
    let r = rules;
    let mut lines = basics(r, lang);
    // R-SIX-4, R-RANK-4, R-RANK-5, R-RANK-7
    let ranking = [
        (r.sixes && r.collect_sixes, "rules-say-collect"),
        (r.schock_aus_hand_beats_built, "rules-say-hand-beats-built"),
        (r.later_schock_aus_wins, "rules-say-later-schock-aus"),
        (r.baby_schock_out, "rules-say-baby"),
    ];
    lines.extend(said(&ranking, lang));
    lines.extend(extras(r, lang));
    // R-RND-6, R-SCORE-5, R-DEBT-1, R-DEBT-2, R-TITLE-1, the house rule `quitter_pays`
    let play = [
        (r.blind, "rules-say-blind"),
        (r.einwuerfeln, "rules-say-einwuerfeln"),
        (r.schock_aus_hand_buys_round, "rules-say-schock-aus-buys"),
        (r.hille, "rules-say-hille"),
        (r.pisswurf, "rules-say-pisswurf"),
        (r.quitter_pays, "rules-say-quitter-pays"),
    ];
    lines.extend(said(&play, lang));
    lines
}

/// What every table needs to know, whatever is on: the stock (R-MAT-2), the Straße (R-RANK),
/// the General (R-RANK-1), what counts only from the hand (R-RANK-2, extras alike by
/// R-RANK-6) and the sixes (R-SIX-1, R-SIX-2).
fn basics(r: &RuleSet, lang: Lang) -> Vec<String> {
    let deckel = [("deckel", arg_num(r.deckel))];
    let straight = [
        ("penalty", arg_num(r.straight_penalty)),
        ("order", arg_text(order_id(r.straight_order))),
    ];
    let general = [("beats", yes(r.general_beats_schock_two))];
    let hand = [
        ("need", yes(r.straight_general_need_hand)),
        ("extras", yes(!r.extras.is_empty())),
    ];
    let sixes = [("flip", arg_text(flip_id(r)))];
    vec![
        tr(lang, "rules-say-deckel", &deckel),
        tr(lang, "rules-say-straight", &straight),
        tr(lang, "rules-say-general", &general),
        tr(lang, "rules-say-hand", &hand),
        tr(lang, "rules-say-sixes", &sixes),
    ]
}

/// What changed from `before` to `after`, one sentence a change ("… jetzt …"), in the
/// order of the listing; empty when nothing a player notices changed. The name is not among
/// them: the notice naming the chat's rules says it.
pub fn rule_changes(before: &RuleSet, after: &RuleSet, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    ranking_changes(before, after, lang, &mut out);
    sixes_changes(before, after, lang, &mut out);
    // R-RANK-4, R-RANK-5, R-RANK-7
    let schock_aus = |r: &RuleSet| {
        [
            (r.schock_aus_hand_beats_built, "rules-now-hand-beats-built"),
            (r.later_schock_aus_wins, "rules-now-later-schock-aus"),
            (r.baby_schock_out, "rules-now-baby"),
        ]
    };
    toggles(&schock_aus(before), &schock_aus(after), lang, &mut out);
    extras_changes(before, after, lang, &mut out);
    // R-RND-6, R-SCORE-5, R-DEBT-1, R-DEBT-2, R-TITLE-1, the house rule `quitter_pays`
    let play = |r: &RuleSet| {
        [
            (r.blind, "rules-now-blind"),
            (r.einwuerfeln, "rules-now-einwuerfeln"),
            (r.schock_aus_hand_buys_round, "rules-now-schock-aus-buys"),
            (r.hille, "rules-now-hille"),
            (r.pisswurf, "rules-now-pisswurf"),
            (r.quitter_pays, "rules-now-quitter-pays"),
        ]
    };
    toggles(&play(before), &play(after), lang, &mut out);
    out
}

/// The answer to a rules change: "Geändert: …", or that nothing (a player notices) changed.
pub fn changes_text(before: &RuleSet, after: &RuleSet, lang: Lang) -> String {
    let changes = rule_changes(before, after, lang);
    match changes.as_slice() {
        [] => {
            let why = if before == after {
                "same"
            } else if before.name != after.name && same_but_name(before, after) {
                "renamed"
            } else {
                "idle"
            };
            tr(lang, "rules-unchanged", &[("why", arg_text(why))])
        }
        [one] => format!("{} {one}", tr(lang, "rules-changed", &[])),
        many => {
            let mut lines = vec![tr(lang, "rules-changed", &[])];
            lines.extend(many.iter().map(|c| format!("· {c}")));
            lines.join("\n")
        }
    }
}

fn same_but_name(before: &RuleSet, after: &RuleSet) -> bool {
    let mut renamed = before.clone();
    renamed.name = after.name.clone();
    &renamed == after
}

/// R-RANK-6: the extras with their penalties, and whether they must be announced.
fn extras(rules: &RuleSet, lang: Lang) -> Vec<String> {
    let count = rules.extras.iter().count();
    if count == 0 {
        return Vec::new();
    }
    let mut lines = vec![tr(
        lang,
        "rules-say-extras",
        &[
            ("count", arg_num(count as i64)),
            ("list", arg_text(extras_list(rules, lang))),
        ],
    )];
    if rules.extras_announced {
        lines.push(tr(
            lang,
            "rules-say-announced",
            &[("count", arg_num(count as i64))],
        ));
    }
    lines
}

/// "Jule (4-2-1) für 7 Deckel, Neuner (2-2-1) für 9 Deckel".
fn extras_list(rules: &RuleSet, lang: Lang) -> String {
    rules
        .extras
        .iter()
        .map(|e| {
            tr(
                lang,
                "rules-say-extra",
                &[
                    ("name", arg_text(extra_name(e, rules, lang))),
                    ("deckel", arg_text(deckel(lang, rules.extra_penalty(e)))),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// An extra by its name and dice: "Jule (4-2-1)", "Neuner (2-2-1)" (a name that already
/// shows its dice keeps them once: "Nine (2-2-1)").
fn extra_name(extra: Extra, rules: &RuleSet, lang: Lang) -> String {
    let name = match extra {
        Extra::Jule => tr(lang, "throw-jule", &[]),
        Extra::TwoTwoOne => tr(
            lang,
            "throw-221",
            &[("penalty", arg_num(rules.penalty_221))],
        ),
        Extra::ThreeThreeOne => tr(
            lang,
            "throw-331",
            &[("penalty", arg_num(rules.penalty_331))],
        ),
    };
    let [a, b, c] = extra.dice();
    let dice = format!("{a}-{b}-{c}");
    if name.contains(&dice) {
        name
    } else {
        format!("{name} ({dice})")
    }
}

/// R-MAT-2, the Straße (R-RANK), R-RANK-1 and R-RANK-2 changed.
fn ranking_changes(before: &RuleSet, after: &RuleSet, lang: Lang, out: &mut Vec<String>) {
    if before.deckel != after.deckel {
        out.push(tr(
            lang,
            "rules-now-deckel",
            &[
                ("deckel", arg_num(after.deckel)),
                ("before", arg_num(before.deckel)),
            ],
        ));
    }
    if before.straight_penalty != after.straight_penalty {
        out.push(tr(
            lang,
            "rules-now-straight-penalty",
            &[("penalty", arg_num(after.straight_penalty))],
        ));
    }
    if before.straight_order != after.straight_order {
        out.push(tr(
            lang,
            "rules-now-straight-order",
            &[("order", arg_text(order_id(after.straight_order)))],
        ));
    }
    if before.general_beats_schock_two != after.general_beats_schock_two {
        out.push(tr(
            lang,
            "rules-now-general",
            &[("on", yes(after.general_beats_schock_two))],
        ));
    }
    if before.straight_general_need_hand != after.straight_general_need_hand {
        out.push(tr(
            lang,
            "rules-now-hand",
            &[
                ("on", yes(after.straight_general_need_hand)),
                ("extras", yes(!after.extras.is_empty())),
            ],
        ));
    }
}

/// R-SIX-1, R-SIX-2, R-SIX-4 changed. Turning on the last throw and collecting matter only
/// while sixes are turned at all.
fn sixes_changes(before: &RuleSet, after: &RuleSet, lang: Lang, out: &mut Vec<String>) {
    if before.sixes != after.sixes {
        out.push(tr(lang, "rules-now-sixes", &[("on", yes(after.sixes))]));
    }
    let flip_changed = before.flip_on_last_throw != after.flip_on_last_throw;
    let flip_news = !before.sixes && after.flip_on_last_throw != FlipOnLastThrow::Forbidden;
    if after.sixes && (flip_changed || flip_news) {
        out.push(tr(
            lang,
            "rules-now-flip",
            &[("flip", arg_text(flip_id(after)))],
        ));
    }
    let collect = |r: &RuleSet| r.sixes && r.collect_sixes;
    if after.sixes && collect(before) != collect(after) {
        out.push(tr(
            lang,
            "rules-now-collect",
            &[("on", yes(collect(after)))],
        ));
    }
}

/// R-RANK-6 changed: which extras count and what they cost (penalties of extras that are
/// off change nothing in play), and whether they must be announced.
fn extras_changes(before: &RuleSet, after: &RuleSet, lang: Lang, out: &mut Vec<String>) {
    let priced = |r: &RuleSet| -> Vec<(Extra, u8)> {
        r.extras.iter().map(|e| (e, r.extra_penalty(e))).collect()
    };
    let count = after.extras.iter().count();
    if priced(before) != priced(after) {
        out.push(tr(
            lang,
            "rules-now-extras",
            &[
                ("count", arg_num(count as i64)),
                ("list", arg_text(extras_list(after, lang))),
            ],
        ));
    }
    let announced = |r: &RuleSet| !r.extras.is_empty() && r.extras_announced;
    if count > 0 && announced(before) != announced(after) {
        out.push(tr(
            lang,
            "rules-now-announced",
            &[("on", yes(announced(after)))],
        ));
    }
}

/// A sentence for every switch of `after` that differs from `before` (same order).
fn toggles(before: &[(bool, &str)], after: &[(bool, &str)], lang: Lang, out: &mut Vec<String>) {
    for ((was, _), (is, id)) in before.iter().zip(after) {
        if was != is {
            out.push(tr(lang, id, &[("on", yes(*is))]));
        }
    }
}

/// The sentences of the switches that are on.
fn said(switches: &[(bool, &str)], lang: Lang) -> Vec<String> {
    switches
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, id)| tr(lang, id, &[]))
        .collect()
}

/// The sixes rule as the texts select it: `off`, or what turning on the last throw does.
fn flip_id(rules: &RuleSet) -> &'static str {
    if !rules.sixes {
        return "off";
    }
    match rules.flip_on_last_throw {
        FlipOnLastThrow::Forbidden => "forbidden",
        FlipOnLastThrow::ExtraThrow => "extra_throw",
        FlipOnLastThrow::InPlace => "in_place",
    }
}

fn order_id(order: StraightOrder) -> &'static str {
    match order {
        StraightOrder::Ascending => "ascending",
        StraightOrder::Equal => "equal",
    }
}

fn yes(on: bool) -> FluentValue<'static> {
    arg_text(if on { "yes" } else { "no" })
}
