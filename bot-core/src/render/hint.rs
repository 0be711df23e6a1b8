//! A hint in words: the best choice, and for the best two or three the chance not to be the
//! round's lowest throw and the Deckel to expect ("Halten 1 1 und werfen: zu 71 % nicht
//! Letzter, im Schnitt 0,8 Deckel").

use crate::engine::odds::Choice;
use crate::service::reply::Hint;
use crate::text::{Lang, arg_text, tr};

/// The hint as a few lines in `lang`.
pub fn hint_text(hint: &Hint, lang: Lang) -> String {
    let Some(best) = hint.choices.first() else {
        return tr(lang, "hint-nothing", &[]);
    };
    let mut lines = vec![tr(
        lang,
        "hint-title",
        &[("choice", arg_text(choice_text(&best.choice, lang)))],
    )];
    for c in &hint.choices {
        let percent = (100.0 * c.not_lowest).round().clamp(0.0, 100.0);
        let deckel = (c.deckel * 10.0).round() / 10.0;
        let deckel_id = if deckel < 0.0 {
            "hint-deckel-handed-on"
        } else {
            "hint-deckel"
        };
        let deckel = tr(
            lang,
            deckel_id,
            &[("deckel", arg_text(decimal(deckel.abs(), lang)))],
        );
        lines.push(tr(
            lang,
            "hint-line",
            &[
                ("choice", arg_text(choice_text(&c.choice, lang))),
                ("percent", arg_text(format!("{percent:.0}"))),
                ("deckel", arg_text(deckel)),
            ],
        ));
    }
    lines.join("\n")
}

fn choice_text(choice: &Choice, lang: Lang) -> String {
    match choice {
        Choice::Stand => tr(lang, "hint-stand", &[]),
        Choice::Flip => tr(lang, "hint-flip", &[]),
        Choice::Throw { keep } if keep.is_empty() => tr(lang, "hint-throw", &[]),
        Choice::Throw { keep } => tr(lang, "hint-keep", &[("dice", arg_text(numbers(keep)))]),
    }
}

/// Dice as plain numbers, as people say them: "1 1".
fn numbers(values: &[u8]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One decimal, with the reader's decimal sign.
fn decimal(value: f64, lang: Lang) -> String {
    let s = format!("{value:.1}");
    match lang {
        Lang::De => s.replace('.', ","),
        Lang::En => s,
    }
}
