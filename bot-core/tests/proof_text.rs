//! R-FAIR (issue 11): how provably fair dice read, in German and English — the table
//! message's lines, `verify`'s answers, the fairness report. Snapshots of the rendering.

use bot_core::engine::RuleSet;
use bot_core::engine::proof::Mismatch;
use bot_core::render::{Surface, Voice, content_text, proof_lines, table_text};
use bot_core::service::TableStatus;
use bot_core::service::reply::{Content, FairnessReport, ProofReport, PublicProof, PublicTable};
use bot_core::text::Lang;

const C: &str = "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c";
const S: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

fn lobby(status: TableStatus, revealed: bool) -> PublicTable {
    PublicTable {
        table_id: 42,
        version: 3,
        status,
        members: vec!["Anna".into(), "Ben".into()],
        computer: vec![false, false],
        opener: "Anna".into(),
        rules: RuleSet::standard(),
        view: None,
        message_ref: None,
        deadline: None,
        time_zone: "Europe/Berlin".into(),
        proof: Some(PublicProof {
            commitment: C.into(),
            client_seed: "Stammtisch".into(),
            server_seed: revealed.then(|| S.into()),
            throws: if revealed { 57 } else { 0 },
        }),
        tally: false,
        seq: 0,
    }
}

fn proof(report: ProofReport, lang: Lang, surface: Surface) -> String {
    content_text(&Content::Proof(Box::new(report)), Voice::new(lang, surface))
}

fn checked(mismatch: Option<Mismatch>, throws: usize) -> ProofReport {
    ProofReport::Checked {
        game: 42,
        filename: "schocken-spiel-42.json".into(),
        record: "{}".into(),
        throws,
        mismatch,
    }
}

#[test]
fn r_fair_the_table_shows_commitment_then_seed() {
    let mut out = Vec::new();
    for lang in Lang::ALL {
        out.push(table_text(&lobby(TableStatus::Lobby, false), lang));
        out.push(proof_lines(&lobby(TableStatus::Abandoned, true), lang).join("\n"));
    }
    let out = out.join("\n\n");
    assert!(!out.split("\n\n").take(1).any(|lobby| lobby.contains(S)));
    insta::assert_snapshot!(out);
}

#[test]
fn r_fair_verify_answers() {
    let mut out = Vec::new();
    for lang in Lang::ALL {
        for surface in [Surface::Discord, Surface::Telegram, Surface::Terminal] {
            out.push(proof(
                ProofReport::Running {
                    game: 43,
                    commitment: C.into(),
                    client_seed: "43".into(),
                    last_over: Some(42),
                },
                lang,
                surface,
            ));
        }
        let plain = Surface::Plain;
        out.push(proof(checked(None, 57), lang, plain));
        out.push(proof(checked(None, 1), lang, plain));
        out.push(proof(checked(Some(Mismatch::Commitment), 57), lang, plain));
        out.push(proof(
            checked(Some(Mismatch::Missing { n: 12 }), 56),
            lang,
            plain,
        ));
        out.push(proof(
            checked(Some(Mismatch::Extra { n: 58 }), 58),
            lang,
            plain,
        ));
        let dice = Mismatch::Dice {
            n: 7,
            recorded: vec![6, 6, 6],
            drawn: vec![2, 1, 4],
        };
        out.push(proof(checked(Some(dice), 57), lang, plain));
        out.push(proof(
            ProofReport::Predates {
                game: 3,
                filename: "schocken-spiel-3.json".into(),
                record: "{}".into(),
            },
            lang,
            plain,
        ));
    }
    insta::assert_snapshot!(out.join("\n---\n"));
}

#[test]
fn r_fair_the_fairness_report_reads_in_both_languages() {
    let fair = FairnessReport::new([1650, 1702, 1688, 1590, 1731, 1639], 41);
    let odd = FairnessReport::new([100, 100, 100, 100, 100, 200], 1);
    let none = FairnessReport::new([0; 6], 0);
    let one = FairnessReport::new([0, 0, 1, 0, 0, 0], 1);
    let mut out = Vec::new();
    for lang in Lang::ALL {
        for report in [&fair, &odd, &none, &one] {
            out.push(content_text(
                &Content::Fairness(Box::new(report.clone())),
                Voice::plain(lang),
            ));
        }
    }
    let out = out.join("\n---\n");
    assert!(out.contains("erwartet 1666,7") && out.contains("expected 1666.7"));
    insta::assert_snapshot!(out);
}
