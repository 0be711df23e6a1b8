//! The `schocken` command line: eval, judge, simulate, and the bad-input convention
//! (exit code 2, one line on stderr naming the problem, nothing on stdout).

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn schocken(args: &[&str], stdin: &str) -> Output {
    schocken_bytes(args, stdin.as_bytes())
}

/// `schocken` with `stdin` piped in as raw bytes (invalid UTF-8 too).
fn schocken_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_schocken"))
        .args(args)
        .env_remove("SCHOCKEN_LANG")
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn schocken");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("wait for schocken")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> Value {
    serde_json::from_str(stdout(o).trim()).expect("JSON on stdout")
}

/// Bad input: exit 2, exactly one line on stderr containing `needle`, nothing on stdout.
fn assert_bad_input(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert!(
        o.stdout.is_empty(),
        "stdout must be empty, got {:?}",
        stdout(o)
    );
    let err = stderr(o);
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one line on stderr: {err:?}"
    );
    assert!(
        err.contains(needle),
        "stderr {err:?} should name {needle:?}"
    );
}

// ----- eval ------------------------------------------------------------------------------

#[test]
fn eval_names_a_schock_in_both_languages() {
    let o = schocken(&["eval", "1", "1", "4"], "");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("Schock 4"), "{out}");
    assert!(out.contains("4 Deckel"), "{out}");

    let o = schocken(&["eval", "--json", "6", "5", "4"], "");
    let v = json(&o);
    assert_eq!(v["name"], "Straße 4-5-6");
    assert_eq!(v["name_en"], "Straight 4-5-6");
    assert_eq!(v["class"], "strasse");
    assert_eq!(v["penalty"], 2);
}

#[test]
fn eval_built_straight_is_a_hausnummer_under_standard_r_rank_2() {
    let v = json(&schocken(&["eval", "--json", "--built", "6", "5", "4"], ""));
    assert_eq!(v["class"], "hausnummer");
    assert_eq!(v["penalty"], 1);
    // mit Pflücken (wikipedia) it stays a Straße.
    let v = json(&schocken(
        &[
            "eval",
            "--json",
            "--built",
            "--rules",
            "wikipedia",
            "6",
            "5",
            "4",
        ],
        "",
    ));
    assert_eq!(v["class"], "strasse");
}

#[test]
fn eval_schock_aus_costs_every_deckel_of_the_rule_set() {
    let v = json(&schocken(&["eval", "--json", "1", "1", "1"], ""));
    assert_eq!(v["class"], "schock_aus");
    assert_eq!(v["penalty"], 13);
    assert_eq!(v["penalty_all"], true);
    let v = json(&schocken(
        &["eval", "--json", "--set", "deckel=15", "1,1,1"],
        "",
    ));
    assert_eq!(v["penalty"], 15);
}

#[test]
fn eval_extras_follow_the_preset_r_rank_6() {
    let v = json(&schocken(
        &["eval", "--json", "--rules", "dortmund", "3", "3", "1"],
        "",
    ));
    assert_eq!(v["class"], "extra");
    assert_eq!(v["extra"], "331");
    assert_eq!(v["penalty"], 10);
    assert_eq!(v["announced_only"], true);
    let v = json(&schocken(&["eval", "--json", "4", "2", "1"], ""));
    assert_eq!(v["class"], "hausnummer", "no Jule under standard");
    let v = json(&schocken(
        &["eval", "--json", "--rules", "jule", "1", "2", "4"],
        "",
    ));
    assert_eq!(v["name"], "Jule");
    assert_eq!(v["penalty"], 7);
}

#[test]
fn eval_final_with_baby_schock_out_r_rank_7() {
    let baby = [
        "eval",
        "--json",
        "--set",
        "baby_schock_out=true",
        "--final",
        "2",
        "2",
        "1",
    ];
    let v = json(&schocken(&baby, ""));
    assert_eq!(v["class"], "baby_schock_out");
    assert_eq!(v["name"], "Baby Schock Out Hand");
    assert_eq!(
        (v["penalty"].clone(), v["penalty_all"].clone()),
        (13.into(), true.into())
    );
    // Not in a half, not assembled, not without the switch.
    let in_half = ["eval", "--json", "--set", "baby_schock_out=true", "2,2,1"];
    let v = json(&schocken(&in_half, ""));
    assert_eq!(v["class"], "hausnummer");
    let v = json(&schocken(
        &[
            "eval",
            "--json",
            "--set",
            "baby_schock_out=true",
            "--final",
            "--built",
            "2,2,1",
        ],
        "",
    ));
    assert_eq!(v["class"], "hausnummer");
    let v = json(&schocken(&["eval", "--json", "--final", "2,2,1"], ""));
    assert_eq!(v["class"], "hausnummer");
}

#[test]
fn eval_english_text_with_lang() {
    let o = schocken(&["eval", "--lang", "en", "1", "1", "1"], "");
    assert!(stdout(&o).starts_with("Schock out"), "{}", stdout(&o));
}

#[test]
fn eval_bad_dice_are_rejected_with_one_line() {
    assert_bad_input(&schocken(&["eval", "1", "1", "7"], ""), "7");
    assert_bad_input(&schocken(&["eval", "1", "1"], ""), "2");
    assert_bad_input(&schocken(&["eval", "1", "1", "2", "3"], ""), "4");
    assert_bad_input(&schocken(&["eval", "x", "1", "2"], ""), "x");
    assert_bad_input(&schocken(&["eval", "0", "1", "2"], ""), "0");
}

#[test]
fn eval_unknown_preset_and_bad_override_are_named() {
    assert_bad_input(
        &schocken(&["eval", "--rules", "kneipe", "1", "1", "1"], ""),
        "kneipe",
    );
    assert_bad_input(
        &schocken(&["eval", "--set", "straight_penalty=5", "1", "1", "1"], ""),
        "straight_penalty",
    );
    assert_bad_input(
        &schocken(&["eval", "--set", "bierdeckel=3", "1", "1", "1"], ""),
        "bierdeckel",
    );
    assert_bad_input(
        &schocken(&["eval", "--frobnicate", "1", "1", "1"], ""),
        "frobnicate",
    );
}

// ----- judge -----------------------------------------------------------------------------

const EXAMPLE_1: &str = r#"{"rules":"standard","throws":[
  {"player":"A","dice":[6,6,5],"throws":3,"hand":true},
  {"player":"B","dice":[1,1,4],"throws":3,"hand":false},
  {"player":"C","dice":[2,2,1],"throws":1,"hand":true}]}"#;

#[test]
fn judge_worked_example_1_as_json() {
    let v = json(&schocken(&["judge", "--json"], EXAMPLE_1));
    assert_eq!(v["ranking"], serde_json::json!(["B", "A", "C"]));
    assert_eq!(v["winner"], "B");
    assert_eq!(v["loser"], "C");
    assert_eq!(v["best"]["name"], "Schock 4");
    assert_eq!(v["best"]["class"], "schock");
    assert_eq!(v["best"]["penalty"], 4);
    assert_eq!(v["moved"], 4);
    assert_eq!(v["source"], "stock");
    assert_eq!(v["stock"], 9);
    assert_eq!(v["holdings"], serde_json::json!({"A":0,"B":0,"C":4}));
    assert_eq!(v["out"], serde_json::json!([]));
    assert_eq!(v["half_lost_by"], Value::Null);
    assert_eq!(v["debts"], serde_json::json!([]));
}

#[test]
fn judge_text_is_german_by_default() {
    let o = schocken(&["judge"], EXAMPLE_1);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("Rangfolge: B"), "{out}");
    assert!(out.contains("C bekommt 4 Deckel aus dem Stock"), "{out}");
}

#[test]
fn judge_worked_example_4_stock_caps_the_penalty() {
    let input = r#"{"stock":2,"holdings":{"A":5,"B":6},"throws":[
      {"player":"A","dice":[1,1,4],"throws":1,"hand":true},
      {"player":"B","dice":[3,2,2],"throws":1,"hand":true}]}"#;
    let v = json(&schocken(&["judge", "--json"], input));
    assert_eq!(v["moved"], 2);
    assert_eq!(v["source"], "stock");
    assert_eq!(v["stock"], 0);
    assert_eq!(v["holdings"], serde_json::json!({"A":5,"B":8}));
    assert_eq!(v["best"]["penalty"], 4);
}

#[test]
fn judge_worked_example_5_winner_pays_and_is_out() {
    let input = r#"{"stock":0,"holdings":{"A":1,"B":12},"throws":[
      {"player":"A","dice":[3,3,3],"throws":1,"hand":true},
      {"player":"B","dice":[4,2,2],"throws":1,"hand":true}]}"#;
    let v = json(&schocken(&["judge", "--json"], input));
    assert_eq!(v["moved"], 1);
    assert_eq!(v["source"], "winner");
    assert_eq!(v["out"], serde_json::json!(["A"]));
    assert_eq!(v["half_lost_by"], "B");
}

#[test]
fn judge_blind_best_throw_doubles_and_debts_follow_switches() {
    let input = r#"{"rules":"dortmund","throws":[
      {"player":"A","dice":[1,1,3],"throws":1,"hand":true,"blind":true},
      {"player":"B","dice":[5,2,2],"throws":1,"hand":true}]}"#;
    let v = json(&schocken(&["judge", "--json"], input));
    assert_eq!(v["best"]["penalty"], 6);
    assert_eq!(v["moved"], 6);

    let input = r#"{"rules":"muensterland","throws":[
      {"player":"A","dice":[1,1,1],"throws":1,"hand":true},
      {"player":"B","dice":[5,2,2],"throws":1,"hand":true}]}"#;
    let v = json(&schocken(&["judge", "--json"], input));
    assert_eq!(v["debts"], serde_json::json!(["A"]));
    assert_eq!(v["source"], "all");
    assert_eq!(v["half_lost_by"], "B");
}

#[test]
fn judge_rules_option_overrides_the_input() {
    let input = r#"{"rules":"standard","throws":[
      {"player":"A","dice":[4,2,1],"throws":1,"hand":true},
      {"player":"B","dice":[1,1,6],"throws":1,"hand":true}]}"#;
    let v = json(&schocken(&["judge", "--json", "--rules", "jule"], input));
    assert_eq!(v["winner"], "A");
    assert_eq!(v["best"]["penalty"], 7);
    let v = json(&schocken(&["judge", "--json"], input));
    assert_eq!(v["winner"], "B");
}

#[test]
fn judge_announced_extras_count_only_when_announced() {
    let base = r#"{"rules":"dortmund",ANN"throws":[
      {"player":"A","dice":[2,2,1],"throws":1,"hand":true},
      {"player":"B","dice":[1,1,6],"throws":1,"hand":true}]}"#;
    let v = json(&schocken(&["judge", "--json"], &base.replace("ANN", "")));
    assert_eq!(v["winner"], "B");
    assert_eq!(v["loser"], "A");
    let v = json(&schocken(
        &["judge", "--json"],
        &base.replace("ANN", r#""announced":["221"],"#),
    ));
    assert_eq!(v["winner"], "A");
    assert_eq!(v["best"]["penalty"], 9);
}

#[test]
fn judge_json_lines_answer_each_line_and_exit_2_after_a_bad_one() {
    let good = r#"{"throws":[{"player":"A","dice":[1,1,2],"throws":1,"hand":true},{"player":"B","dice":[6,6,6],"throws":1,"hand":true}]}"#;
    let bad = r#"{"throws":[{"player":"A","dice":[1,1],"throws":1,"hand":true},{"player":"B","dice":[6,6,6],"throws":1,"hand":true}]}"#;
    let input = format!("{good}\nnot json\n{bad}\n{good}\n");
    let o = schocken(&["judge", "--json"], &input);
    assert_eq!(o.status.code(), Some(2));
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each answer is JSON"))
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["winner"], "A");
    assert!(lines[1]["error"].as_str().is_some_and(|e| e.contains('2')));
    assert!(lines[2]["error"].as_str().is_some_and(|e| e.contains("A")));
    assert_eq!(lines[3]["winner"], "A");

    let o = schocken(&["judge", "--json"], &format!("{good}\n{good}\n"));
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().count(), 2);
}

/// `schocken` with stdin read from a file (what `< file` gives; JSON Lines are judged as read).
fn schocken_file(args: &[&str], stdin: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schocken"))
        .args(args)
        .env_remove("SCHOCKEN_LANG")
        .env("LANG", "C.UTF-8")
        .stdin(std::fs::File::open(stdin).expect("open stdin file"))
        .output()
        .expect("run schocken")
}

fn judge_data() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/judge")
}

/// The answers to JSON Lines stay byte for byte what they were before `judge` was made fast
/// (docs/PERFORMANCE.md, "judge and simulate"): `tests/data/judge/*.out` were written by the
/// binary before that change, for `sample.jsonl` — generated rounds of every preset between
/// hand-made lines: each kind of error, names to trim, escape and not, keys given twice, the
/// array form, blank and CR-ended lines, numbers out of range. Through a pipe (read whole)
/// and from a file (judged line by line as read). `SCHOCKEN_BLESS=1` writes the files anew
/// after a deliberate change of the answers.
#[test]
fn judge_json_lines_answers_stay_byte_for_byte() {
    let dir = judge_data();
    let input = std::fs::read_to_string(dir.join("sample.jsonl")).expect("sample");
    let cases: [(&[&str], &str); 4] = [
        (&["judge", "--json"], "json.out"),
        (&["judge"], "text_de.out"),
        (&["judge", "--lang", "en"], "text_en.out"),
        (
            &["judge", "--json", "--lang", "en", "--rules", "dortmund"],
            "json_en_dortmund.out",
        ),
    ];
    for (args, expected) in cases {
        let piped = schocken(args, &input);
        if std::env::var_os("SCHOCKEN_BLESS").is_some() {
            std::fs::write(dir.join(expected), &piped.stdout).expect("bless");
        }
        let want = std::fs::read(dir.join(expected)).expect("expected answers");
        let from_file = schocken_file(args, &dir.join("sample.jsonl"));
        for (how, o) in [("pipe", &piped), ("file", &from_file)] {
            assert_eq!(o.status.code(), Some(2), "{args:?} {how}: a line is bad");
            assert!(o.stderr.is_empty(), "{args:?} {how}: {}", stderr(o));
            if o.stdout != want {
                let got = stdout(o);
                let want = String::from_utf8_lossy(&want);
                let line = got
                    .lines()
                    .zip(want.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                panic!(
                    "{args:?} {how}: answer {} differs:\n got {:?}\nwant {:?}",
                    line + 1,
                    got.lines().nth(line),
                    want.lines().nth(line)
                );
            }
        }
    }
}

/// A file on stdin is judged line by line as it is read only when it certainly is JSON Lines;
/// whatever else a file holds gets the answers of the same bytes through a pipe.
#[test]
fn judge_reads_a_file_as_it_reads_a_pipe() {
    let good = r#"{"throws":[{"player":"A","dice":[1,1,2],"throws":1,"hand":true},{"player":"B","dice":[6,6,6],"throws":1,"hand":true}]}"#;
    let pretty = serde_json::to_string_pretty(&serde_json::from_str::<Value>(good).expect("json"))
        .expect("pretty");
    let inputs: Vec<Vec<u8>> = vec![
        format!("{good}\n{good}\n").into(),
        format!("\n  \n{good}\r\n\n{good}\r\n{good}\r").into(),
        format!("{good}\n{good}").into(),
        format!("not json\n{good}\n{good}\n").into(),
        format!("{pretty}\n").into(),
        format!("{good}\n\n \t\n").into(),
        format!("{good}\n\u{a0}\n{good}\n").into(),
        format!("{good} {good}\n{good}\n").into(),
        format!("\u{feff}{good}\n{good}\n").into(),
        "[1,\n2]\n".into(),
        "".into(),
        " \n\t\n".into(),
        [
            format!("{good}\n{good}\n").as_bytes(),
            b"\xff\xfe\n",
            good.as_bytes(),
        ]
        .concat(),
        [format!("{good}\n{good}\n").as_bytes(), b"\xe2\x82"].concat(),
    ];
    let dir = tempfile::tempdir().expect("dir");
    for (i, input) in inputs.iter().enumerate() {
        let path = dir.path().join(format!("{i}.jsonl"));
        std::fs::write(&path, input).expect("write");
        for args in [&["judge", "--json"][..], &["judge", "--lang", "en"][..]] {
            let from_file = schocken_file(args, &path);
            let piped = schocken_bytes(args, input);
            let show = String::from_utf8_lossy(input);
            assert_eq!(from_file.status.code(), piped.status.code(), "{show:?}");
            assert_eq!(stdout(&from_file), stdout(&piped), "{show:?}");
            assert_eq!(stderr(&from_file), stderr(&piped), "{show:?}");
        }
    }
    // Not text: refused as before, nothing on stdout.
    let path = dir.path().join("12.jsonl");
    assert_bad_input(&schocken_file(&["judge", "--json"], &path), "UTF-8");
}

#[test]
fn judge_bad_input_is_one_line_and_exit_2() {
    let t = |dice: &str, throws: u8, name: &str| {
        format!(r#"{{"player":"{name}","dice":{dice},"throws":{throws},"hand":true}}"#)
    };
    let round = |a: String, b: String| format!(r#"{{"throws":[{a},{b}]}}"#);
    assert_bad_input(
        &schocken(
            &["judge"],
            &round(t("[1,1,7]", 1, "A"), t("[1,2,3]", 1, "B")),
        ),
        "7",
    );
    assert_bad_input(
        &schocken(&["judge"], &round(t("[1,1]", 1, "A"), t("[1,2,3]", 1, "B"))),
        "A",
    );
    assert_bad_input(
        &schocken(
            &["judge"],
            &round(t("[1,1,2]", 1, "A"), t("[1,2,3]", 1, "A")),
        ),
        "A",
    );
    assert_bad_input(
        &schocken(
            &["judge"],
            &round(t("[1,1,2]", 1, " "), t("[1,2,3]", 1, "B")),
        ),
        "1",
    );
    assert_bad_input(
        &schocken(
            &["judge"],
            &round(t("[1,1,2]", 1, "A"), t("[1,2,3]", 2, "Bert")),
        ),
        "Bert",
    );
    assert_bad_input(&schocken(&["judge"], "{\"throws\": ["), "JSON");
    assert_bad_input(&schocken(&["judge"], ""), "JSON");
    assert_bad_input(
        &schocken(
            &["judge"],
            &format!(
                r#"{{"rules":"kneipe","throws":[{},{}]}}"#,
                t("[1,1,2]", 1, "A"),
                t("[1,2,3]", 1, "B")
            ),
        ),
        "kneipe",
    );
    assert_bad_input(
        &schocken(
            &["judge"],
            &format!(
                r#"{{"stock":5,"throws":[{},{}]}}"#,
                t("[1,1,2]", 1, "A"),
                t("[1,2,3]", 1, "B")
            ),
        ),
        "13",
    );
}

// ----- simulate --------------------------------------------------------------------------

#[test]
fn simulate_same_seed_same_statistics() {
    let run = || {
        let o = schocken(
            &[
                "simulate",
                "--games",
                "300",
                "--players",
                "4",
                "--seed",
                "42",
                "--json",
            ],
            "",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        json(&o)
    };
    let (a, b) = (run(), run());
    for key in [
        "losses_per_seat",
        "halves_lost_per_seat",
        "finals",
        "blattschuss",
        "rounds",
        "throw_classes",
    ] {
        assert_eq!(a[key], b[key], "{key}");
    }
    let losses: u64 = a["losses_per_seat"]
        .as_array()
        .expect("array")
        .iter()
        .map(|v| v.as_u64().expect("count"))
        .sum();
    assert_eq!(losses, 300, "every game has exactly one loser");
    assert_eq!(
        a["finals"].as_u64().expect("finals") + a["blattschuss"].as_u64().expect("blattschuss"),
        300,
        "every game ends in a final or a Blattschuss"
    );
}

/// Game `i` throws from its own stream of the seed: the statistics for a seed are the same on
/// any number of threads, strong players (each thread has its own) included.
#[test]
fn simulate_threads_give_the_same_statistics() {
    let run = |args: &[&str], threads: &str| {
        let mut all = vec!["simulate"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--threads", threads]);
        let o = schocken(&all, "");
        assert!(o.status.success(), "{}", stderr(&o));
        o
    };
    for args in [
        &["--games", "300", "--players", "4", "--seed", "42", "--json"][..],
        &[
            "--games",
            "40",
            "--strategy",
            "stark,einfach,einfach",
            "--seed",
            "9",
            "--json",
        ][..],
    ] {
        let statistics = |threads: &str| {
            let mut v = json(&run(args, threads));
            assert_eq!(v["threads"].as_u64(), threads.parse().ok(), "{v}");
            let map = v.as_object_mut().expect("object");
            for timing in [
                "seconds",
                "games_per_second",
                "rounds_per_second",
                "threads",
            ] {
                assert!(map.remove(timing).is_some(), "{timing}");
            }
            v
        };
        let one = statistics("1");
        assert_eq!(one, statistics("2"), "{args:?}: 1 and 2 threads");
        assert_eq!(one, statistics("3"), "{args:?}: 1 and 3 threads");
    }
    // The text too, but for the speed line.
    let text = |threads: &str| {
        let out = stdout(&run(&["--games", "100", "--seed", "3"], threads));
        let speed = out.lines().last().unwrap_or_default().to_string();
        (out.lines().count(), out.replace(&speed, ""), speed)
    };
    let (lines, one, speed) = text("1");
    let (lines_two, two, speed_two) = text("2");
    assert_eq!((lines, one), (lines_two, two));
    assert!(speed.ends_with("1 Thread)"), "{speed}");
    assert!(speed_two.ends_with("2 Threads)"), "{speed_two}");
    assert_bad_input(&schocken(&["simulate", "--threads", "0"], ""), "--threads");
}

#[test]
fn simulate_text_reports_the_figures() {
    let o = schocken(
        &["simulate", "--games", "50", "--players", "3", "--seed", "1"],
        "",
    );
    assert!(o.status.success());
    let out = stdout(&o);
    for needle in [
        "50 Spiele",
        "Platz 3",
        "Finale",
        "Blattschuss",
        "Runden je Spiel",
        "Spiele/s",
    ] {
        assert!(out.contains(needle), "{needle} missing in {out}");
    }
}

#[test]
fn simulate_rejects_impossible_tables() {
    assert_bad_input(&schocken(&["simulate", "--players", "1"], ""), "--players");
    assert_bad_input(&schocken(&["simulate", "--players", "11"], ""), "--players");
    assert_bad_input(&schocken(&["simulate", "--games", "0"], ""), "--games");
}

#[test]
fn simulate_pits_strategies_against_each_other() {
    let o = schocken(
        &[
            "simulate",
            "--games",
            "200",
            "--strategy",
            "stark,einfach,einfach",
            "--seed",
            "5",
            "--json",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["players"], 3, "one player per strategy");
    assert_eq!(
        v["strategies"],
        serde_json::json!(["strong", "simple", "simple"])
    );
    let shares = v["loss_share"].as_array().expect("shares");
    let mut lost = 0;
    for share in shares {
        let pct = share["share_pct"].as_f64().expect("share");
        let low = share["interval_95_pct"][0].as_f64().expect("low");
        let high = share["interval_95_pct"][1].as_f64().expect("high");
        assert!(low <= pct && pct <= high && low < high, "{share}");
        lost += share["lost"].as_u64().expect("lost");
    }
    assert_eq!(lost, 200, "every game has one loser");
    let text = schocken(
        &[
            "simulate",
            "--games",
            "20",
            "--strategy",
            "stark",
            "--players",
            "2",
        ],
        "",
    );
    assert!(text.status.success());
    let out = stdout(&text);
    assert!(out.contains("Platz 1 (stark)"), "{out}");
    assert!(out.contains("Platz 2 (einfach)"), "{out}");
    assert!(out.contains("–"), "the interval: {out}");
}

#[test]
fn simulate_rejects_unknown_or_too_many_strategies() {
    assert_bad_input(
        &schocken(&["simulate", "--strategy", "stark,genial"], ""),
        "genial",
    );
    assert_bad_input(
        &schocken(
            &[
                "simulate",
                "--players",
                "2",
                "--strategy",
                "stark,stark,einfach",
            ],
            "",
        ),
        "--strategy",
    );
}

#[test]
fn odds_prints_each_class_by_throws_allowed() {
    let o = schocken(&["odds", "--rules", "moin-moin", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    let classes = v["classes"].as_object().expect("classes");
    for column in 0..3 {
        let total: f64 = classes
            .values()
            .map(|c| c[column].as_f64().expect("share"))
            .sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "column {column} sums to {total}"
        );
    }
    // More throws, more Schocks: strong play uses them to reach one.
    let schock = &classes["schock"];
    assert!(schock[0].as_f64() < schock[2].as_f64(), "{schock}");
    let text = schocken(&["odds"], "");
    let out = stdout(&text);
    for needle in ["Schock aus", "Straße", "Hausnummer", "3 Würfe", "1 Wurf"] {
        assert!(out.contains(needle), "{needle} missing in {out}");
    }
    assert_bad_input(&schocken(&["odds", "--players", "1"], ""), "--players");
}

// ----- migrate ---------------------------------------------------------------------------

#[test]
fn migrate_creates_and_updates_the_database() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("m.db").display());
    for _ in 0..2 {
        let o = schocken(&["migrate", "--database", &url], "");
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("migrations applied"));
    }
    assert!(dir.path().join("m.db").exists());
    let o = schocken(
        &["migrate", "--database", "sqlite:///nonexistent-dir/x/y.db"],
        "",
    );
    assert_bad_input(&o, "nonexistent-dir");
}

/// `schocken migrate` on PostgreSQL: a new database gets the schema, a second run changes
/// nothing, and a server that does not answer is named. Needs the test server of
/// `tools/ci/postgres.sh` (`SCHOCKEN_TEST_POSTGRES`; required under `CI=true`).
#[test]
fn migrate_creates_and_updates_a_postgres_database() {
    let Ok(server) = std::env::var("SCHOCKEN_TEST_POSTGRES") else {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI needs the test server"
        );
        eprintln!("SCHOCKEN_TEST_POSTGRES is not set: skipped");
        return;
    };
    let name = format!("schocken_cli_{}", std::process::id());
    // One statement on a database of the test server; its first column, if it is a number.
    let on = |database: &str, sql: String| -> Option<i64> {
        let url = format!("{server}/{database}");
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime")
            .block_on(async move {
                use sqlx::{Connection, Row};
                let mut c = sqlx::PgConnection::connect(&url)
                    .await
                    .expect("the test server answers");
                let row = sqlx::query(&sql)
                    .fetch_optional(&mut c)
                    .await
                    .expect("statement");
                row.and_then(|r| r.try_get::<i64, _>(0).ok())
            })
    };
    let admin = |sql: String| on("postgres", sql);
    admin(format!("DROP DATABASE IF EXISTS {name}"));
    admin(format!("CREATE DATABASE {name}"));
    let url = format!("{server}/{name}");
    for _ in 0..2 {
        let o = schocken(&["migrate", "--database", &url], "");
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("migrations applied"));
    }
    let tables = on(
        &name,
        "SELECT COUNT(*) FROM information_schema.tables
         WHERE table_schema = 'public'
           AND table_name IN ('tables', 'table_log', 'ledger', 'stats', 'throws', 'chats')"
            .into(),
    );
    assert_eq!(tables, Some(6));
    let o = schocken(
        &["migrate", "--database", "postgres://127.0.0.1:1/nobody"],
        "",
    );
    assert_bad_input(&o, "127.0.0.1:1");
    let o = schocken(&["migrate", "--database", "mysql://localhost/x"], "");
    assert_bad_input(&o, "sqlite://FILE or postgres://");
    admin(format!("DROP DATABASE {name}"));
}

/// `schocken backup FILE` while another process writes: the copy holds every committed row
/// and nothing of the transaction still open, and it is a database the bot opens.
#[test]
fn backup_copies_a_running_sqlite_database_consistently() {
    use sqlx::{Connection, Executor, Row};
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("live.db").display());
    let o = schocken(&["migrate", "--database", &url], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let ledger_rows = |url: String| {
        let runtime = &runtime;
        runtime.block_on(async move {
            let mut c = sqlx::SqliteConnection::connect(&url).await.expect("open");
            let n: i64 = sqlx::query("SELECT COUNT(*) FROM ledger")
                .fetch_one(&mut c)
                .await
                .expect("count")
                .get(0);
            n
        })
    };
    let insert = "INSERT INTO ledger (chat, at, kind, debtor, debtor_name, rounds, reason, actor,
                  actor_name) VALUES ('c', 1, 'debt', 'u', 'U', 1, 'game_lost', 'game', 'game')";
    // A writer with one committed row and a transaction it keeps open during the backup.
    let mut writer = runtime.block_on(async {
        let mut c = sqlx::SqliteConnection::connect(&url).await.expect("open");
        c.execute(insert).await.expect("committed row");
        c.execute("BEGIN IMMEDIATE").await.expect("begin");
        c.execute(insert).await.expect("row not yet committed");
        c
    });
    let copy = dir.path().join("copy.db");
    let copy_arg = copy.display().to_string();
    let o = schocken(&["backup", &copy_arg, "--database", &url], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("a consistent copy"));
    runtime.block_on(async { writer.execute("COMMIT").await.expect("commit") });
    let copy_url = format!("sqlite://{}", copy.display());
    assert_eq!(ledger_rows(copy_url.clone()), 1);
    assert_eq!(ledger_rows(url.clone()), 2);
    let o = schocken(&["migrate", "--database", &copy_url], "");
    assert!(o.status.success(), "the copy opens: {}", stderr(&o));
    // A second backup to the same file is refused; PostgreSQL points to pg_dump.
    assert_bad_input(
        &schocken(&["backup", &copy_arg, "--database", &url], ""),
        "exists already",
    );
    assert_bad_input(
        &schocken(&["backup", "x.db", "--database", "postgres://u@h/db"], ""),
        "pg_dump",
    );
}

// ----- verify (R-FAIR, issue 11) -------------------------------------------------------------

const FAIR_SEED: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

/// The issue's test vector as a game record.
fn vector_record() -> Value {
    let dice = [[4, 6, 2], [5, 1, 6], [5, 1, 2], [6, 3, 2], [4, 4, 4]];
    serde_json::json!({
        "commitment": "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c",
        "server_seed": FAIR_SEED,
        "client_seed": "Stammtisch",
        "throws": dice.iter().enumerate().map(|(i, d)| serde_json::json!({
            "n": i + 1, "player": if i % 2 == 0 { "Anna" } else { "Ben" }, "dice": d
        })).collect::<Vec<_>>(),
    })
}

fn verify_file(record: &str, extra: &[&str]) -> Output {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("schocken-spiel-1.json");
    std::fs::write(&path, record).expect("write record");
    let path = path.display().to_string();
    let mut args = vec!["verify", path.as_str()];
    args.extend_from_slice(extra);
    schocken(&args, "")
}

#[test]
fn verify_r_fair_accepts_the_test_vector() {
    let o = verify_file(&vector_record().to_string(), &[]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert!(
        stdout(&o).starts_with("5 Würfe, alle stimmen"),
        "{}",
        stdout(&o)
    );
    let o = verify_file(&vector_record().to_string(), &["--lang", "en"]);
    assert!(
        stdout(&o).starts_with("5 throws, all match"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn verify_r_fair_names_the_first_throw_that_does_not_match() {
    let mut changed = vector_record();
    changed["throws"][3]["dice"][2] = 5.into();
    let o = verify_file(&changed.to_string(), &["--lang", "en"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("throw 4"), "{}", stdout(&o));

    let mut left_out = vector_record();
    left_out["throws"].as_array_mut().expect("throws").remove(1);
    let o = verify_file(&left_out.to_string(), &["--lang", "en"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("throw 2 is missing"), "{}", stdout(&o));

    let mut reseeded = vector_record();
    reseeded["server_seed"] = FAIR_SEED.replace('f', "e").into();
    let o = verify_file(&reseeded.to_string(), &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("Commitment"), "{}", stdout(&o));

    let old = r#"{"game": 3, "predates_scheme": true, "note": "…"}"#;
    let o = verify_file(old, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("vor den prüfbaren Würfeln"));
}

#[test]
fn verify_r_fair_bad_files_exit_2_with_one_line() {
    assert_bad_input(&verify_file("kein JSON", &[]), "kein Spielprotokoll");
    assert_bad_input(&verify_file(r#"{"throws": []}"#, &[]), "commitment");
    let o = schocken(&["verify", "/nowhere/at/all.json"], "");
    assert_bad_input(&o, "/nowhere/at/all.json");
}

/// The README's `judge` example, as a reader pastes it, gives the answer the README shows
/// (a stranger once found it refused: it announced a Jule under rules without extras).
#[test]
fn the_readmes_judge_example_answers_as_shown() {
    let readme = include_str!("../README.md");
    let section = readme
        .split("### `judge`")
        .nth(1)
        .expect("the README's judge section");
    let blocks: Vec<&str> = section
        .split("```json")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .take(2)
        .collect();
    let [input, shown] = blocks[..] else {
        panic!("an example and its answer");
    };
    let answer = schocken(&["judge", "--json"], input);
    assert!(answer.status.success(), "{}", stderr(&answer));
    let shown: Value = serde_json::from_str(&shown.replace('\n', " ")).expect("shown JSON");
    assert_eq!(json(&answer), shown);
}
