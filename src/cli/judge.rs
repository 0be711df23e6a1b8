//! `schocken judge`: scores rounds read as JSON from stdin — one document, or JSON Lines
//! (one round per line, one answer per line).
//!
//! JSON Lines is made fast (docs/PERFORMANCE.md, "judge and simulate"): a line is read straight
//! into a [`JudgeInput`] (a line that does not read that way takes the way of a whole document,
//! so its error message stays the same), each rule set is loaded once per name, each throw's
//! names are made once (Fluent costs more than judging the round) and the answers go out
//! through one buffer.

use super::{Failure, RulesArgs, emit};
use bot_core::engine::judge::{JudgeInput, JudgeRound};
use bot_core::engine::{Evaluation, ExtraSet, RuleSet};
use bot_core::text::{self, Lang};
use clap::Args;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, StdoutLock, Write};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct JudgeArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Machine-readable output (one JSON object per round).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &JudgeArgs, lang: Lang) -> Result<ExitCode, Failure> {
    let file = stdin_file();
    if let Some(file) = file.as_ref().and_then(|f| f.try_clone().ok())
        && let Some(code) = stream(file, args, lang)?
    {
        return Ok(code);
    }
    let size = file
        .and_then(|f| f.metadata().ok())
        .and_then(|m| usize::try_from(m.len()).ok());
    let mut input = String::with_capacity(size.map_or(0, |n| n + 1));
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| Failure::input(e.to_string()))?;
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(Failure::input(text::tr(lang, "judge-error-empty", &[])));
    }
    let mut judge = Judge::new(args, lang);
    // One document (possibly pretty-printed) unless it only parses line by line.
    if let Ok(document) = serde_json::from_str::<serde_json::Value>(trimmed) {
        let mut answer = Vec::new();
        judge
            .value(document, false, &mut answer)
            .map_err(Failure::input)?;
        emit(&String::from_utf8_lossy(&answer))?;
        return Ok(ExitCode::SUCCESS);
    }
    let lines: Vec<(usize, &str)> = input
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.len() < 2 {
        let message = json_error(trimmed).unwrap_or_default();
        return Err(Failure::input(text::tr(
            lang,
            "judge-error-json",
            &[("message", text::arg_text(message))],
        )));
    }
    let mut answers = Answers::new();
    for (number, line) in lines {
        judge.answer(number, line, &mut answers)?;
    }
    answers.finish(&judge)
}

/// Standard input when it is a regular file (a second handle on it, sharing its position).
#[cfg(unix)]
fn stdin_file() -> Option<File> {
    use std::os::fd::AsFd;
    let file = File::from(std::io::stdin().as_fd().try_clone_to_owned().ok()?);
    file.metadata().ok()?.is_file().then_some(file)
}

#[cfg(not(unix))]
fn stdin_file() -> Option<File> {
    None
}

/// JSON Lines from a file, judged as they are read: constant memory, no input buffer to fill
/// first. The answers must be what reading the whole input first gives, so this takes only
/// input that is certainly JSON Lines — text (UTF-8) throughout, and a first line with text
/// that is a JSON value of its own followed by a second line with text (so the whole cannot
/// be one document). Anything else gives `None`, with the file back where it was, and is
/// read at once.
fn stream(mut file: File, args: &JudgeArgs, lang: Lang) -> Result<Option<ExitCode>, Failure> {
    let Ok(start) = file.stream_position() else {
        return Ok(None);
    };
    let rewind = |mut file: File| {
        file.seek(SeekFrom::Start(start))
            .map(|_| None)
            .map_err(Failure::io)
    };
    if !matches!(is_utf8(&mut file), Ok(true)) {
        return rewind(file);
    }
    file.seek(SeekFrom::Start(start)).map_err(Failure::io)?;
    let mut input = BufReader::with_capacity(32 * 1024, file);
    let mut buffer = String::new();
    let mut head: Vec<(usize, String)> = Vec::with_capacity(2);
    let mut number = 0;
    while head.len() < 2 {
        buffer.clear();
        match input.read_line(&mut buffer) {
            Ok(0) | Err(_) => return rewind(input.into_inner()),
            Ok(_) => {}
        }
        let line = line_of(&buffer);
        if !line.trim().is_empty() {
            if head.is_empty() && serde_json::from_str::<serde_json::Value>(line.trim()).is_err() {
                return rewind(input.into_inner());
            }
            head.push((number, line.to_string()));
        }
        number += 1;
    }
    let mut judge = Judge::new(args, lang);
    let mut answers = Answers::new();
    for (number, line) in &head {
        judge.answer(*number, line, &mut answers)?;
    }
    loop {
        buffer.clear();
        let read = input
            .read_line(&mut buffer)
            .map_err(|e| Failure::input(e.to_string()))?;
        if read == 0 {
            break;
        }
        let line = line_of(&buffer);
        if !line.trim().is_empty() {
            judge.answer(number, line, &mut answers)?;
        }
        number += 1;
    }
    answers.finish(&judge).map(Some)
}

/// A line as `str::lines` gives it: without its `\n`, or `\r\n`.
fn line_of(read: &str) -> &str {
    match read.strip_suffix('\n') {
        Some(line) => line.strip_suffix('\r').unwrap_or(line),
        None => read,
    }
}

/// Whether the rest of the file is UTF-8 text (what `read_to_string` demands).
fn is_utf8(file: &mut File) -> std::io::Result<bool> {
    let mut buffer = vec![0u8; 32 * 1024];
    // The start of a character cut off at the end of the last block.
    let mut carried = 0;
    loop {
        let read = match file.read(&mut buffer[carried..]) {
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if read == 0 {
            return Ok(carried == 0);
        }
        let filled = carried + read;
        carried = match std::str::from_utf8(&buffer[..filled]) {
            Ok(_) => 0,
            Err(e) if e.error_len().is_none() => {
                buffer.copy_within(e.valid_up_to()..filled, 0);
                filled - e.valid_up_to()
            }
            Err(_) => return Ok(false),
        };
    }
}

fn json_error(text: &str) -> Option<String> {
    serde_json::from_str::<serde_json::Value>(text)
        .err()
        .map(|e| e.to_string())
}

fn json_error_message(lang: Lang, error: serde_json::Error) -> String {
    text::tr(
        lang,
        "judge-error-json",
        &[("message", text::arg_text(error.to_string()))],
    )
}

/// Rule sets loaded once per name, with the throw names made under each; a run meets only a
/// few names, so the oldest is dropped beyond this many.
const MAX_RULE_SETS: usize = 16;

/// Judges rounds one after another, keeping what does not change from round to round.
struct Judge<'a> {
    args: &'a JudgeArgs,
    lang: Lang,
    rule_sets: Vec<Loaded>,
    /// Whether a line was answered with an error.
    failed: bool,
}

/// A rule set as `--rules`/`--set` and a round's `rules` name it (or why it cannot be had),
/// and the names of the best throws judged under it.
struct Loaded {
    name: String,
    rules: Result<RuleSet, String>,
    names: ThrowNames,
}

impl<'a> Judge<'a> {
    fn new(args: &'a JudgeArgs, lang: Lang) -> Judge<'a> {
        Judge {
            args,
            lang,
            rule_sets: Vec::new(),
            failed: false,
        }
    }

    /// Answers line `number` (from 0) of JSON Lines: the verdict, or `{"error": …}`.
    fn answer(&mut self, number: usize, line: &str, answers: &mut Answers) -> Result<(), Failure> {
        let answer = &mut answers.answer;
        answer.clear();
        if let Err(message) = self.line(line, answer) {
            self.failed = true;
            let message = text::tr(
                self.lang,
                "judge-error-line",
                &[
                    ("line", text::arg_num(number as i64 + 1)),
                    ("message", text::arg_text(message)),
                ],
            );
            answer.clear();
            serde_json::to_writer(&mut *answer, &serde_json::json!({ "error": message }))
                .map_err(|e| Failure::io(e.into()))?;
        }
        answers.write()
    }

    /// One line of JSON Lines: its answer on one line into `answer`, or the error message.
    fn line(&mut self, line: &str, answer: &mut Vec<u8>) -> Result<(), String> {
        match serde_json::from_str::<JudgeInput>(line) {
            Ok(input) => self.judge(input, true, answer),
            // What does not read straight into a round (bad JSON, a missing or unknown field,
            // a key given twice) goes the way of a document, for the same answer.
            Err(_) => {
                let value = serde_json::from_str::<serde_json::Value>(line)
                    .map_err(|e| json_error_message(self.lang, e))?;
                self.value(value, true, answer)
            }
        }
    }

    /// One round given as a JSON value.
    fn value(
        &mut self,
        value: serde_json::Value,
        one_line: bool,
        answer: &mut Vec<u8>,
    ) -> Result<(), String> {
        let input: JudgeInput =
            serde_json::from_value(value).map_err(|e| json_error_message(self.lang, e))?;
        self.judge(input, one_line, answer)
    }

    /// The answer as JSON or German/English text (on one line with `one_line`).
    fn judge(
        &mut self,
        input: JudgeInput,
        one_line: bool,
        answer: &mut Vec<u8>,
    ) -> Result<(), String> {
        let (lang, json) = (self.lang, self.args.json);
        let loaded = self.rules(input.rules.as_deref());
        let rules = loaded.rules.as_ref().map_err(String::clone)?;
        if !json {
            let round = JudgeRound::from_input(&input, Some(rules))
                .map_err(|e| text::judge_error(lang, &e))?;
            let outcome = round.score();
            answer.extend_from_slice(
                bot_core::render::verdict_text(&round, &outcome, lang).as_bytes(),
            );
            if one_line {
                one_line_text(answer);
            }
            return Ok(());
        }
        let round =
            JudgeRound::with_rules(input, rules).map_err(|e| text::judge_error(lang, &e))?;
        let outcome = round.score();
        let (name, name_en) = loaded.names.get(&outcome.best, round.extras, rules);
        round.verdict(&outcome, name, name_en).write_json(answer);
        Ok(())
    }

    /// The rule set for a round naming `rules` (what [`RulesArgs::load`] gives), loaded once.
    fn rules(&mut self, rules: Option<&str>) -> &mut Loaded {
        let name = self.args.rules.name(rules);
        let index = match self.rule_sets.iter().position(|l| l.name == name) {
            Some(index) => index,
            None => {
                if self.rule_sets.len() >= MAX_RULE_SETS {
                    self.rule_sets.remove(0);
                }
                self.rule_sets.push(Loaded {
                    name: name.to_string(),
                    rules: self
                        .args
                        .rules
                        .load(rules, self.lang)
                        .map_err(|f| f.message),
                    names: ThrowNames::default(),
                });
                self.rule_sets.len() - 1
            }
        };
        &mut self.rule_sets[index]
    }
}

/// A text answer on one line, as JSON Lines answers are.
fn one_line_text(answer: &mut Vec<u8>) {
    if answer.contains(&b'\n') {
        let text = String::from_utf8_lossy(answer).replace('\n', " · ");
        answer.clear();
        answer.extend_from_slice(text.as_bytes());
    }
}

/// The German and English names of best throws under one rule set, each made once. A name
/// follows from the evaluation (and the rule set): an entry is used only for an equal
/// evaluation, and for the same extras in play, so that names which come to depend on them
/// stay right. Indexed by the dice and the hand (216 × 2 slots).
struct ThrowNames {
    made: Vec<Vec<MadeName>>,
}

struct MadeName {
    extras: ExtraSet,
    eval: Evaluation,
    de: String,
    en: String,
}

impl Default for ThrowNames {
    fn default() -> ThrowNames {
        ThrowNames {
            made: (0..2 * 216).map(|_| Vec::new()).collect(),
        }
    }
}

impl ThrowNames {
    fn get(&mut self, eval: &Evaluation, extras: ExtraSet, rules: &RuleSet) -> (&str, &str) {
        let [a, b, c] = eval.dice.map(|d| usize::from(d.clamp(1, 6) - 1));
        let slot = &mut self.made[usize::from(eval.hand) * 216 + a * 36 + b * 6 + c];
        let index = match slot
            .iter()
            .position(|m| m.extras == extras && m.eval == *eval)
        {
            Some(index) => index,
            None => {
                slot.push(MadeName {
                    extras,
                    eval: *eval,
                    de: text::throw_name(Lang::De, eval, rules),
                    en: text::throw_name(Lang::En, eval, rules),
                });
                slot.len() - 1
            }
        };
        (&slot[index].de, &slot[index].en)
    }
}

/// Standard output for JSON Lines answers: buffered (a write per answer cost more than
/// judging it); a closed pipe ends the output, not the judging (the exit code still tells
/// whether a line was bad).
struct Answers {
    /// The answer being made.
    answer: Vec<u8>,
    out: BufWriter<StdoutLock<'static>>,
    closed: bool,
}

impl Answers {
    fn new() -> Answers {
        Answers {
            answer: Vec::with_capacity(1024),
            out: BufWriter::with_capacity(64 * 1024, std::io::stdout().lock()),
            closed: false,
        }
    }

    /// Writes the answer made, as one line.
    fn write(&mut self) -> Result<(), Failure> {
        if self.closed {
            return Ok(());
        }
        let written = self
            .out
            .write_all(&self.answer)
            .and_then(|()| self.out.write_all(b"\n"));
        self.check(written)
    }

    /// Flushes the output; the exit code: 2 when a line was bad.
    fn finish(mut self, judge: &Judge) -> Result<ExitCode, Failure> {
        if !self.closed {
            let flushed = self.out.flush();
            self.check(flushed)?;
        }
        Ok(if judge.failed {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        })
    }

    fn check(&mut self, result: std::io::Result<()>) -> Result<(), Failure> {
        match result {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other.map_err(Failure::io),
        }
    }
}
