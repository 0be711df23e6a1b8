//! A club night at the terminal (issues 25 and 32), through the real `schocken` binary: at a
//! real-dice table, members who do not play check in and pay by their name (`Dora: da`,
//! `Fritz: einzahlung 20`), a Schock aus typed in short is charged, and the cash book and the
//! evening's picture are saved as files in the working directory — the CSV summing to every
//! member's balance.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the terminal in `dir` with `script` on stdin; returns stdout.
fn run(dir: &std::path::Path, args: &[&str], script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_schocken"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("SCHOCKEN_LANG")
        .env("LANG", "de_DE.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn schocken");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(script.as_bytes()).expect("script");
    drop(stdin);
    let out = child.wait_with_output().expect("schocken ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// By hand (`schockaus=0,33 abend=3 spiel=1 haelfte=0,50 bierrunde=2`): `Emil aus` twice at
/// a table of two is both halves, the game and a Bierrunde: Emil 3 + 1 + 1 + 0,66 + 2 =
/// 7,66 €; Anna 3 €; Dora, checked in, 3 €; Fritz, absent, 13,66 € ÷ 3 = 4,553 → 4,55 €
/// from his 20 € credit.
#[test]
fn members_who_do_not_play_check_in_and_pay_and_the_files_are_saved() {
    let dir = tempfile::tempdir().expect("dir");
    let script = "\
strafen spiel=1 haelfte=0,50 schockaus=0,33 bierrunde=2 abend=3
Fritz: einzahlung 20
Anna: einzahlung Fritz
abend start
Dora: da
Emil aus
Emil aus
abend ende
kassenbuch export
kassenbuch excel
";
    let args = ["--tally", "--players", "Anna,Emil", "--starter", "Anna"];
    let out = run(dir.path(), &args, script);
    for said in [
        "✅ Dora ist da.",
        "20,00 € von Fritz eingezahlt (bestätigt von Anna)",
        "Emil: 1 Spiel, 1 verloren, 2 Hälften, 2 × Schock aus kassiert, 1 Bierrunde – 7,66 €",
        "Dora: 0 Spiele, 0 verloren, 0 Hälften, 0 Bierrunden – 3,00 €",
        "Fritz (fehlt): 4,55 € · Kasse danach: Guthaben 15,45 €",
        "13,66 € ÷ 3 = 4,55 € (auf den Cent abgerundet)",
        "Das Bild des Abends ist gespeichert in clubabend-",
        "Kassenbuch gespeichert in kassenbuch-",
    ] {
        assert!(out.contains(said), "{said} in {out}");
    }
    let files: Vec<String> = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    for (prefix, ext) in [
        ("clubabend-", ".png"),
        ("kassenbuch-", ".csv"),
        ("kassenbuch-", ".xlsx"),
    ] {
        assert!(
            files
                .iter()
                .any(|f| f.starts_with(prefix) && f.ends_with(ext)),
            "{prefix}…{ext} in {files:?}"
        );
    }
    let csv = files.iter().find(|f| f.ends_with(".csv")).expect("the CSV");
    let text = std::fs::read_to_string(dir.path().join(csv)).expect("read");
    let mut sums: std::collections::BTreeMap<String, i64> = Default::default();
    for line in text.trim_start_matches('\u{feff}').lines().skip(1) {
        let cells: Vec<&str> = line.split(';').collect();
        let Some((euros, cents)) = cells[4].split_once(',') else {
            continue;
        };
        let sign = if euros.starts_with('-') { -1 } else { 1 };
        let value = euros.trim_start_matches('-').parse::<i64>().expect("euros") * 100
            + cents.parse::<i64>().expect("cents");
        *sums.entry(cells[3].to_string()).or_default() += sign * value;
    }
    let expected = [
        ("Anna", -300),
        ("Dora", -300),
        ("Emil", -766),
        ("Fritz", 1545),
    ];
    let expected = expected
        .map(|(n, c)| (n.to_string(), c))
        .into_iter()
        .collect();
    assert_eq!(sums, expected, "{text}");
}
