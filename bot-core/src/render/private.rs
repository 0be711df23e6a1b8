//! A player's private view: full text, short alert, buttons and the keep options.

use super::{Button, ButtonStyle, button, cup_text, dice_text, extras_text, throw_name};
use crate::engine::{ActionKind, Extra, RuleSet, Seat};
use crate::service::ids::ButtonAction;
use crate::service::reply::PrivateView;
use crate::text::{self, Lang, arg_num, arg_text, tr};

/// A player's private view in full (Discord ephemeral replies, the terminal): the throw
/// that ended his round, if his move just did, then his cup.
pub fn private_text(p: &PrivateView) -> String {
    let round_over = round_over_text(p);
    let cup = cup_lines(p);
    match (round_over, cup) {
        (Some(over), Some(cup)) => format!("{over}\n\n{cup}"),
        (Some(over), None) => over,
        (None, Some(cup)) => cup,
        (None, None) => tr(p.lang, "private-not-playing", &[]),
    }
}

/// "Your throw: … – Schock aus. Round over: Ben gets 3 Deckel." for the player whose own
/// move ended the round (his cup shows the next round already).
fn round_over_text(p: &PrivateView) -> Option<String> {
    let lang = p.lang;
    let summary = p.round_over.as_deref()?;
    let seat = viewer_seat(p)?;
    let own = summary.throws.iter().find(|t| t.seat == seat)?;
    let name = |s: Seat| {
        p.view
            .players
            .iter()
            .find(|pl| pl.seat == s)
            .map(|pl| pl.name.clone())
            .unwrap_or_else(|| "?".into())
    };
    let args = [
        ("dice", arg_text(dice_text(&own.eval.dice))),
        ("throw", arg_text(throw_name(lang, &own.eval, &p.rules))),
        ("loser", arg_text(name(summary.loser))),
        ("moved", arg_text(text::deckel(lang, summary.moved))),
    ];
    let id = if summary.moved == 0 {
        "private-round-over-nothing"
    } else {
        "private-round-over"
    };
    Some(tr(lang, id, &args))
}

/// The viewer's cup and what is up, if he has a cup this round.
fn cup_lines(p: &PrivateView) -> Option<String> {
    let lang = p.lang;
    let view = &p.view;
    let seat = viewer_seat(p)?;
    let me = view.players.iter().find(|pl| pl.seat == seat);
    let cup = me.and_then(|pl| pl.cup.as_ref())?;
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
    if view.current == Some(seat) && view.actions.contains(&ActionKind::Flip) {
        // The terminal has no buttons: say that turning is possible (R-SIX-1, R-SIX-4).
        lines.push(tr(lang, "private-may-flip", &[]));
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
    Some(lines.join("\n"))
}

fn viewer_seat(p: &PrivateView) -> Option<Seat> {
    match p.view.viewer {
        crate::engine::Viewer::Player(seat) => Some(seat),
        crate::engine::Viewer::Public => None,
    }
}

/// A player's private view in at most 200 characters (a Telegram alert): the throw that
/// ended his round if his move just did, else his cup.
pub fn private_alert(p: &PrivateView) -> String {
    if let Some(over) = round_over_text(p) {
        return over.chars().take(200).collect();
    }
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

/// The starter's choice before a round of announced extras (R-EXTRA-*): the classic round,
/// or every extra of the rules.
pub(super) fn announce_buttons(
    table_id: i64,
    version: u64,
    rules: &RuleSet,
    lang: Lang,
) -> Vec<Button> {
    let rules_extras: Vec<Extra> = rules.extras.iter().collect();
    let mut announce = vec![button(
        ButtonAction::Announce(0),
        table_id,
        version,
        tr(lang, "button-announce-none", &[]),
        ButtonStyle::Secondary,
    )];
    let all_bits: u8 = rules_extras.iter().map(|e| extra_bit(*e)).sum();
    if all_bits != 0 {
        let label = extras_text(rules_extras.iter().copied(), rules, lang);
        announce.push(button(
            ButtonAction::Announce(all_bits),
            table_id,
            version,
            tr(lang, "button-announce", &[("extras", arg_text(label))]),
            ButtonStyle::Primary,
        ));
    }
    announce
}

/// Buttons for a player's private view: what he may do now, keep buttons by the values he
/// sees under his own cup.
pub fn private_buttons(p: &PrivateView) -> Vec<Vec<Button>> {
    let view = &p.view;
    if view.actions.contains(&ActionKind::Announce) {
        return vec![announce_buttons(p.table_id, p.version, &p.rules, p.lang)];
    }
    let mut rows = Vec::new();
    let main = main_row(p);
    if !main.is_empty() {
        rows.push(main);
    }
    if view.actions.contains(&ActionKind::Keep) {
        for chunk in keep_buttons(p).chunks(5) {
            rows.push(chunk.to_vec());
        }
    }
    rows
}

/// The moves of the main row in their order: the kind the engine allows, the button, its
/// text and its look (looking comes before them, a hint after).
const MAIN_ROW: [(ActionKind, ButtonAction, &str, ButtonStyle); 5] = [
    (
        ActionKind::Throw,
        ButtonAction::Roll,
        "button-roll",
        ButtonStyle::Primary,
    ),
    (
        ActionKind::Flip,
        ButtonAction::Flip,
        "button-flip",
        ButtonStyle::Secondary,
    ),
    (
        ActionKind::Stand,
        ButtonAction::Stand,
        "button-stand",
        ButtonStyle::Success,
    ),
    (
        ActionKind::Blind,
        ButtonAction::Blind,
        "button-blind",
        ButtonStyle::Danger,
    ),
    (
        ActionKind::ThrowIn,
        ButtonAction::ThrowIn,
        "button-throw-in",
        ButtonStyle::Secondary,
    ),
];

/// Look (while his cup is unseen), the moves he may make, and a hint (once he has seen it).
fn main_row(p: &PrivateView) -> Vec<Button> {
    let lang = p.lang;
    let has = |k: ActionKind| p.view.actions.contains(&k);
    let b =
        |action, id: &str, style| button(action, p.table_id, p.version, tr(lang, id, &[]), style);
    let unseen = viewer_seat(p)
        .and_then(|seat| p.view.players.iter().find(|pl| pl.seat == seat))
        .and_then(|pl| pl.cup.as_ref())
        .is_some_and(|c| !c.looked && !c.done);
    let mut main = Vec::new();
    if unseen && has(ActionKind::Look) {
        main.push(b(ButtonAction::Look, "button-look", ButtonStyle::Secondary));
    }
    for (kind, action, id, style) in MAIN_ROW {
        if has(kind) {
            main.push(b(action, id, style));
        }
    }
    // A hint needs the dice seen: after looking, while the turn goes on.
    if p.hints && !unseen && has(ActionKind::Stand) {
        main.push(b(ButtonAction::Hint, "button-hint", ButtonStyle::Secondary));
    }
    main
}

/// One button per way to set dice aside, by the values he sees.
fn keep_buttons(p: &PrivateView) -> Vec<Button> {
    p.view
        .keep_options
        .iter()
        .map(|values| {
            let label = tr(
                p.lang,
                "button-keep",
                &[("dice", arg_text(dice_text(values)))],
            );
            button(
                ButtonAction::Keep(values.clone()),
                p.table_id,
                p.version,
                label,
                ButtonStyle::Secondary,
            )
        })
        .collect()
}

fn extra_bit(e: Extra) -> u8 {
    match e {
        Extra::Jule => 1,
        Extra::TwoTwoOne => 2,
        Extra::ThreeThreeOne => 4,
    }
}
