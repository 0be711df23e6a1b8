//! The terminal table: a whole game played from a script with a fixed seed, continuing a
//! saved game, the ledger at the terminal, and a real `schocken` process killed with SIGKILL
//! that loses no acknowledged move.

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn schocken(db: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_schocken"));
    cmd.args(args)
        .arg("--database")
        .arg(db)
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("SCHOCKEN_LANG")
        .env("LANG", "de_DE.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// Runs the terminal with all of `script` on stdin; returns stdout.
fn play_script(db: &str, args: &[&str], script: &str) -> String {
    let mut child = schocken(db, args).spawn().expect("spawn schocken");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("script");
    let out = child.wait_with_output().expect("schocken ends");
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The URL of a database in a fresh temporary directory, which lives as long as the
/// returned handle.
fn temp_db() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("schocken.db").display());
    (dir, url)
}

/// Standing at every turn; every line also answers a hand-off prompt.
fn stand_script(lines: usize) -> String {
    "s\n".repeat(lines)
}

fn query(db: &str, sql: &str) -> Vec<Vec<String>> {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        use sqlx::Row;
        let store = bot_core::store::Store::open(db).await.expect("open");
        let rows = sqlx::query(sql)
            .fetch_all(store.pool())
            .await
            .expect("query");
        let out = rows
            .iter()
            .map(|r| {
                (0..r.len())
                    .map(|i| {
                        r.try_get::<String, _>(i)
                            .or_else(|_| r.try_get::<i64, _>(i).map(|n| n.to_string()))
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .collect();
        store.close().await;
        out
    })
}

#[test]
fn a_scripted_game_with_a_fixed_seed_plays_to_the_bierrunde() {
    let (_dir, db) = temp_db();
    let args = ["--players", "Anna,Ben", "--bots", "1", "--seed", "11"];
    let out = play_script(&db, &args, &stand_script(600));
    assert!(out.contains("Das Spiel beginnt!"), "{out}");
    assert!(out.contains("➡ Gib an"), "hot seat hand-off");
    assert!(out.contains("Aufgedeckt"), "reveals");
    assert!(
        out.contains("Spiel vorbei:"),
        "the game ended: {}",
        &out[out.len().saturating_sub(600)..]
    );
    assert!(out.trim_end().ends_with("Das Spiel ist vorbei. Prost!"));
    // Exactly one Bierrunde, for the player the terminal named.
    let debts = query(
        &db,
        "SELECT debtor_name, reason FROM ledger WHERE kind = 'debt'",
    );
    assert_eq!(debts.len(), 1, "{debts:?}");
    assert_eq!(debts[0][1], "game_lost");
    assert!(out.contains(&format!("Spiel vorbei: {} verliert", debts[0][0])));

    // The same seed and the same script give the same game.
    let (_dir2, db2) = temp_db();
    let again = play_script(&db2, &args, &stand_script(600));
    assert_eq!(out, again);
}

#[test]
fn private_cups_show_only_after_the_hand_off() {
    let (_dir, db) = temp_db();
    let out = play_script(
        &db,
        &["--players", "Anna,Ben", "--bots", "0", "--seed", "5"],
        "\nq\n",
    );
    let handoff = out.find("➡ Gib an").expect("hand-off prompt");
    let cup = out.find("Dein Becher").expect("cup after Enter");
    assert!(handoff < cup, "{out}");
    assert_eq!(
        out.matches("Dein Becher").count(),
        1,
        "one cup shown: {out}"
    );
    assert!(out.contains("Tisch gespeichert"));
}

#[test]
fn a_saved_game_continues_later_and_the_ledger_works_at_the_terminal() {
    let (_dir, db) = temp_db();
    let first = play_script(
        &db,
        &["--players", "Anna,Ben", "--bots", "0", "--seed", "9"],
        "s\ns\ns\nq\n",
    );
    assert!(first.contains("Tisch gespeichert"));
    let version: i64 = query(&db, "SELECT version FROM tables")[0][0]
        .parse()
        .expect("number");
    // Continue: no set-up questions, the game goes on.
    let second = play_script(&db, &[], &stand_script(800));
    assert!(second.contains("Hier läuft noch ein Spiel"), "{second}");
    assert!(!second.contains("Wer spielt mit?"));
    assert!(second.contains("Das Spiel ist vorbei"));
    let later: i64 = query(&db, "SELECT version FROM tables")[0][0]
        .parse()
        .expect("number");
    assert!(later > version);
    let loser = query(&db, "SELECT debtor_name FROM ledger WHERE kind = 'debt'")[0][0].clone();
    let other = if loser == "Anna" { "Ben" } else { "Anna" };

    // A new game at the terminal: the ledger commands, as both players at the keyboard.
    // (Acting as somebody else passes the keyboard: the empty line answers the hand-off.)
    let script =
        format!("Anna,Ben\n0\n\ndeckel\n{other}: bezahlt {loser}\n\ndeckel\nstatistik\nq\n");
    let third = play_script(&db, &["--seed", "3"], &script);
    assert!(
        third.contains(&format!("{loser}: 1")),
        "debts listed: {third}"
    );
    assert!(
        third.contains(&format!("{loser} hat eine Runde bezahlt")),
        "{third}"
    );
    assert!(third.contains("Niemand schuldet eine Runde"), "{third}");
    assert!(third.contains("Statistik, Saison 1"), "{third}");
}

#[test]
fn bad_input_at_the_terminal_gets_a_clear_answer() {
    let (_dir, db) = temp_db();
    let out = play_script(
        &db,
        &["--seed", "4"],
        "Anna, Anna\nAnna,Ben\nviele\n0\n\nh 7\nquatsch\nh 1 1 1\n?\nq\n",
    );
    assert!(out.contains("Bitte 1 bis 6 verschiedene Namen"), "{out}");
    assert!(out.contains("Bitte eine Zahl von 0 bis 8"), "{out}");
    assert!(out.contains("Ein Würfel zeigt 1 bis 6, nicht 7"), "{out}");
    assert!(out.contains("Unbekannter Befehl „quatsch“"), "{out}");
    assert!(out.contains("Befehle:"), "{out}");
}

/// A stranger's findings, kept: words after a command that reads none, a page 0, a page
/// that is no number, an amount with its euro sign apart, a file that cannot be written —
/// each answered in German, and nothing changes (the game still runs, both still seated).
#[test]
fn slips_after_a_command_change_nothing() {
    let (_dir, db) = temp_db();
    let script = "\nende quatsch\naussteigen jetzt\nw 3\nverlauf 0\nverlauf zwei\n\
                  export /nonexistent/x.csv\nstrafen spiel=0,50 €\nstrafen\nq\n";
    let out = play_script(
        &db,
        &["--players", "Anna,Ben", "--bots", "0", "--seed", "9"],
        script,
    );
    let after = out.matches("Hinter diesem Befehl steht nichts").count();
    assert_eq!(after, 3, "ende, aussteigen, w: {out}");
    assert!(
        out.contains("Gezählt wird ab 1: „0“ gibt es nicht."),
        "{out}"
    );
    assert!(out.contains("Das verstehe ich nicht: „zwei“."), "{out}");
    assert!(
        out.contains("/nonexistent/x.csv ließ sich nicht speichern: Diesen Ordner gibt es nicht."),
        "{out}"
    );
    assert!(
        out.contains("Tisch gespeichert"),
        "the terminal went on to the end: {out}"
    );
    assert!(
        !out.contains("kein Wert") && !out.contains("braucht einen Wert"),
        "{out}"
    );
    let tables = query(&db, "SELECT status, snapshot FROM tables");
    assert_eq!(tables[0][0], "running", "the game was not ended");
    assert!(tables[0][1].contains("Anna") && tables[0][1].contains("Ben"));
}

#[test]
fn the_time_zone_is_set_at_the_terminal() {
    let (_dir, db) = temp_db();
    let out = play_script(
        &db,
        &["--players", "Anna,Ben", "--bots", "0", "--seed", "5"],
        "\nzeitzone Europe/Vienna\nzeitzone Mars/Base\nzeitzone\nq\n",
    );
    assert!(out.contains("Zeitzone: Europe/Vienna."), "{out}");
    assert!(
        out.contains("Die Zeitzone „Mars/Base“ kenne ich nicht"),
        "{out}"
    );
    // Without a zone: the rules, which name it.
    assert!(out.contains("Regeln: standard"), "{out}");
    assert!(out.contains("Zeitzone: Europe/Vienna\n"), "{out}");
    let zones = query(&db, "SELECT time_zone FROM chats");
    assert_eq!(zones, vec![vec!["Europe/Vienna".to_string()]]);

    // In English, with the English word.
    let (_dir, db) = temp_db();
    let out = play_script(
        &db,
        &[
            "--lang",
            "en",
            "--players",
            "Anna,Ben",
            "--bots",
            "0",
            "--seed",
            "5",
        ],
        "\ntimezone Europe/London\nq\n",
    );
    assert!(out.contains("Time zone: Europe/London."), "{out}");
}

/// Each round is revealed once where it ends; the table at the next hand-off does not repeat
/// it, and the player whose move ended the round gets no second summary of it.
#[test]
fn each_round_is_revealed_once() {
    let (_dir, db) = temp_db();
    let out = play_script(
        &db,
        &["--players", "Anna,Ben", "--bots", "1", "--seed", "11"],
        &stand_script(40),
    );
    let reveals = out.matches("Aufgedeckt – ").count();
    assert!(reveals >= 2, "{out}");
    assert!(!out.contains("Letzte Runde ("), "{out}");
    assert!(!out.contains("Runde vorbei:"), "{out}");
    // Asked for, the table shows the last round.
    let (_dir, db) = temp_db();
    let out = play_script(
        &db,
        &["--players", "Anna,Ben", "--bots", "1", "--seed", "11"],
        // Hand-off, stand, hand-off, stand: round 1 is over; an empty line answers the next
        // hand-off (or shows a cup), then the table.
        &format!("{}\nt\nq\n", stand_script(4)),
    );
    // The table asked for shows the round revealed last.
    let last = out
        .lines()
        .filter_map(|l| l.strip_prefix("Aufgedeckt – "))
        .next_back()
        .and_then(|l| l.strip_suffix(':'))
        .expect("a round was revealed");
    assert!(out.contains(&format!("Letzte Runde ({last}):")), "{out}");
}

/// Collects a child's stdout in the background.
struct Output {
    text: String,
    rx: mpsc::Receiver<Vec<u8>>,
}

impl Output {
    fn attach(child: &mut Child) -> Output {
        let mut stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Output {
            text: String::new(),
            rx,
        }
    }

    /// Waits until the output ends with a prompt ("Name> ").
    fn until_prompt(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !self.text.trim_end_matches(' ').ends_with('>') {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(bytes) => self.text.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => panic!("no prompt; output so far:\n{}", self.text),
            }
        }
    }
}

#[test]
fn sigkill_loses_no_acknowledged_move() {
    let (_dir, db) = temp_db();
    let mut child = schocken(&db, &["--players", "Anna", "--bots", "2", "--seed", "21"])
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut out = Output::attach(&mut child);
    // Hand-off to Anna, then moves; each is acknowledged by the next prompt.
    stdin.write_all(b"\n").expect("write");
    out.until_prompt();
    let mut acknowledged = String::new();
    for (i, line) in ["w", "w", "s", "w", "s", "w", "h 1", "s", "w", "s"]
        .iter()
        .enumerate()
    {
        out.text.clear();
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .expect("write");
        out.until_prompt();
        acknowledged = query(&db, "SELECT snapshot FROM tables")[0][0].clone();
        if i == 6 {
            break;
        }
    }
    // Killed without warning, right after an acknowledged move.
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let after = query(&db, "SELECT snapshot FROM tables")[0][0].clone();
    assert_eq!(
        after, acknowledged,
        "the stored state is the acknowledged one"
    );
    let status = query(&db, "SELECT status FROM tables")[0][0].clone();
    assert_eq!(status, "running");

    // A new process continues exactly there and plays to the end.
    let rest = play_script(&db, &[], &stand_script(800));
    assert!(rest.contains("Hier läuft noch ein Spiel"), "{rest}");
    assert!(rest.contains("Das Spiel ist vorbei"));
    let debts = query(
        &db,
        "SELECT COUNT(*) FROM ledger WHERE kind = 'debt' AND reason = 'game_lost'",
    );
    assert_eq!(debts[0][0], "1");
}

/// R-FAIR (issue 11): the terminal table shows the commitment and the client seed from the
/// start, the server seed at the end; `verify` before the next game writes the record, and
/// `schocken verify` checks it.
#[test]
fn a_terminal_game_can_be_verified_afterwards() {
    let (dir, db) = temp_db();
    let args = [
        "--players",
        "Anna",
        "--bots",
        "2",
        "--client-seed",
        "Kneipe",
    ];
    let out = play_script(&db, &args, &stand_script(600));
    assert!(out.contains("Client-Seed: Kneipe"), "{out}");
    let commitment = out
        .lines()
        .find_map(|l| l.strip_prefix("Commitment: "))
        .expect("the commitment is shown")
        .to_string();
    let first_die = out.find("Auswürfeln").unwrap_or(out.len());
    assert!(out.find(&commitment).is_some_and(|at| at < first_die));
    let seed_line = out
        .lines()
        .find(|l| l.starts_with("Server-Seed: "))
        .expect("the seed is revealed at the end");
    let seed = &seed_line["Server-Seed: ".len()..][..64];
    assert_eq!(out.matches(seed).count(), out.matches(seed_line).count());
    assert!(out.contains("„verify 1“"), "the hint names the game");

    let mut child = schocken(&db, &[])
        .current_dir(dir.path())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"verify 1\nfairness\n")
        .expect("script");
    let out = child.wait_with_output().expect("ends");
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.contains("Würfe passen zum Commitment"), "{out}");
    assert!(out.contains("Chi-Quadrat-Test"), "{out}");
    let record = dir.path().join("schocken-spiel-1.json");
    let check = Command::new(env!("CARGO_BIN_EXE_schocken"))
        .arg("verify")
        .arg(&record)
        .output()
        .expect("verify runs");
    assert_eq!(check.status.code(), Some(0), "{check:?}");
}

/// Issue 12: the terminal as the scorekeeper of a real table (`--tally`): rounds typed as
/// they fell, refusals that change nothing, an undo, a restart, and the Bierrunde in the
/// ledger at the end.
#[test]
fn a_real_table_is_kept_at_the_terminal_from_first_round_to_bierrunde() {
    let (_dir, db) = temp_db();
    let first = play_script(
        &db,
        &["--tally", "--players", "Anna,Ben,Cem", "--starter", "Ben"],
        "Dieter 665 3, Ben 114 2, Cem 221\nBen 665 3, Cem 114 2 gebaut, Anna 221\nq\n",
    );
    assert!(first.contains("Schocken mit echten Würfeln"), "{first}");
    assert!(first.contains("Ben fängt an."), "{first}");
    assert!(
        first.contains("Dieter"),
        "the unknown name is named: {first}"
    );
    assert!(first.contains("Anna hat die Runde eingetragen."), "{first}");
    assert!(first.contains("→ Anna bekommt"), "{first}");
    assert!(first.contains("Tisch gespeichert"), "{first}");
    assert!(
        !first.contains("Commitment"),
        "real dice need no proof: {first}"
    );

    // Continued later: a refused line, a round taken back, then Schock aus twice; the last
    // one was Cem's, really: taken back after the end, and Cem loses the final.
    let second = play_script(
        &db,
        &[],
        "Anna 4 von Ben\nAnna 2\nrückgängig\nCem: r Anna aus\nAnna aus\nrückgängig\n\
         Cem aus\nCem aus\n\n",
    );
    assert!(second.contains("Hier läuft noch ein Spiel"), "{second}");
    assert!(
        second.contains("Solange der Stock Deckel hat, kommen sie aus dem Stock"),
        "{second}"
    );
    assert!(
        second.contains("Anna hat die letzte Runde zurückgenommen."),
        "{second}"
    );
    assert!(
        second.contains("Cem hat die Runde eingetragen."),
        "{second}"
    );
    assert!(second.contains("Blattschuss! Anna"), "{second}");
    assert!(
        second.contains("Die Runde von Anna ist gestrichen"),
        "{second}"
    );
    assert!(second.contains("Das Spiel ist vorbei. Prost!"), "{second}");
    let ledger = query(&db, "SELECT kind, debtor_name FROM ledger ORDER BY id");
    let entry = |kind: &str, name: &str| vec![kind.to_string(), name.to_string()];
    assert_eq!(
        ledger,
        [
            entry("debt", "Anna"),
            entry("reversal", "Anna"),
            entry("debt", "Cem")
        ]
    );
}

#[test]
fn tipp_shows_the_best_choices_by_the_exact_odds() {
    let (_dir, db) = temp_db();
    let out = play_script(
        &db,
        &["--players", "Anna", "--bots", "2", "--seed", "3"],
        "\n\ntipp\ns\nq\n",
    );
    let hint = out
        .lines()
        .position(|l| l.contains("💡 Tipp: "))
        .unwrap_or_else(|| panic!("no hint in {out}"));
    let lines: Vec<&str> = out.lines().skip(hint + 1).take(3).collect();
    assert!(
        lines
            .iter()
            .all(|l| l.contains("% nicht Letzter, ") && l.contains("Deckel")),
        "{lines:?}"
    );
}

#[test]
fn an_unknown_computer_level_is_refused() {
    let (_dir, db) = temp_db();
    let out = schocken(
        &db,
        &["--players", "Anna", "--bots", "1", "--bot-level", "genial"],
    )
    .output()
    .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("genial"));
}
