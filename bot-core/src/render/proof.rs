//! Provably fair dice as text: the table message's lines, `verify`'s answer and the chat's
//! fairness report.

use super::Voice;
use crate::engine::proof::Mismatch;
use crate::service::reply::{FairnessReport, ProofReport, PublicTable};
use crate::text::{Lang, arg_num, arg_text, tr};

/// The table message's lines about its dice: commitment and client seed from the first
/// message on, the server seed once the game is over.
pub fn proof_lines(t: &PublicTable, lang: Lang) -> Vec<String> {
    let Some(proof) = &t.proof else {
        return Vec::new();
    };
    let mut lines = vec![
        tr(
            lang,
            "table-proof",
            &[
                ("game", arg_num(t.table_id)),
                ("client", arg_text(proof.client_seed.clone())),
            ],
        ),
        tr(
            lang,
            "table-proof-commitment",
            &[("commitment", arg_text(proof.commitment.clone()))],
        ),
    ];
    if let Some(seed) = &proof.server_seed {
        lines.push(tr(
            lang,
            "table-proof-seed",
            &[
                ("seed", arg_text(seed.clone())),
                ("throws", arg_num(proof.throws as i64)),
            ],
        ));
    }
    lines
}

/// `verify`'s answer.
pub fn proof_text(report: &ProofReport, voice: Voice) -> String {
    let lang = voice.lang;
    match report {
        ProofReport::Running {
            game,
            commitment,
            client_seed,
            last_over,
        } => {
            let mut out = tr(
                lang,
                "content-proof-running",
                &[
                    ("game", arg_num(*game)),
                    ("commitment", arg_text(commitment.clone())),
                    ("client", arg_text(client_seed.clone())),
                ],
            );
            if let Some(last) = last_over {
                out.push('\n');
                out.push_str(&voice.tr("content-proof-last", &[("game", arg_num(*last))]));
            }
            out
        }
        ProofReport::Checked {
            game,
            throws,
            mismatch: None,
            ..
        } => tr(
            lang,
            "content-proof-ok",
            &[
                ("game", arg_num(*game)),
                ("throws", arg_num(*throws as i64)),
            ],
        ),
        ProofReport::Checked {
            game,
            mismatch: Some(mismatch),
            ..
        } => tr(
            lang,
            "content-proof-bad",
            &[
                ("game", arg_num(*game)),
                ("what", arg_text(mismatch_text(mismatch, lang))),
            ],
        ),
        ProofReport::Predates { game, .. } => {
            tr(lang, "content-proof-predates", &[("game", arg_num(*game))])
        }
    }
}

fn mismatch_text(mismatch: &Mismatch, lang: Lang) -> String {
    let dice = |d: &[u8]| d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    match mismatch {
        Mismatch::Commitment => tr(lang, "proof-mismatch-commitment", &[]),
        Mismatch::Missing { n } => tr(lang, "proof-mismatch-missing", &[("n", arg_num(*n as i64))]),
        Mismatch::Extra { n } => tr(lang, "proof-mismatch-extra", &[("n", arg_num(*n as i64))]),
        Mismatch::Dice { n, recorded, drawn } => tr(
            lang,
            "proof-mismatch-dice",
            &[
                ("n", arg_num(*n as i64)),
                ("recorded", arg_text(dice(recorded))),
                ("drawn", arg_text(dice(drawn))),
            ],
        ),
    }
}

/// The fairness report as text (also the picture's caption and its fallback).
pub fn fairness_text(report: &FairnessReport, lang: Lang) -> String {
    if report.dice == 0 {
        return tr(lang, "content-fairness-none", &[]);
    }
    let mut out = vec![tr(
        lang,
        "content-fairness-title",
        &[
            ("dice", arg_num(report.dice as i64)),
            ("games", arg_num(report.games as i64)),
        ],
    )];
    for (i, count) in report.faces.iter().enumerate() {
        out.push(tr(
            lang,
            "content-fairness-face",
            &[
                ("face", arg_text(super::dice_text(&[i as u8 + 1]))),
                ("count", arg_num(*count as i64)),
                ("expected", arg_text(decimal(report.expected, 1, lang))),
            ],
        ));
    }
    out.push(tr(
        lang,
        "content-fairness-test",
        &[
            ("chi", arg_text(decimal(report.chi_square, 2, lang))),
            ("p", arg_text(p_value(report.p_value, lang))),
        ],
    ));
    let verdict = if report.p_value >= 0.01 {
        "content-fairness-fine"
    } else {
        "content-fairness-odd"
    };
    out.push(tr(lang, verdict, &[]));
    out.join("\n")
}

/// `x` with `places` decimals, with the language's decimal mark.
fn decimal(x: f64, places: usize, lang: Lang) -> String {
    let text = format!("{x:.places$}");
    match lang {
        Lang::De => text.replace('.', ","),
        Lang::En => text,
    }
}

/// A p-value as people read it: "= 0.176", or "< 0.001".
fn p_value(p: f64, lang: Lang) -> String {
    if p < 0.001 {
        format!("< {}", decimal(0.001, 3, lang))
    } else {
        format!("= {}", decimal(p, 3, lang))
    }
}
