//! A simulation's figures for people (German or English) or as JSON.

use super::{SimulateArgs, Tally};
use crate::cli::{Failure, emit};
use bot_core::engine::ThrowClass;
use bot_core::engine::ai::Strategy;
use bot_core::text::{self, Lang};
use serde_json::json;

/// What a simulation run did.
pub(super) struct Outcome<'a> {
    pub args: &'a SimulateArgs,
    pub seats: &'a [Strategy],
    pub rules: &'a str,
    pub seed: u64,
    pub threads: usize,
    pub tally: &'a Tally,
    pub seconds: f64,
}

impl Outcome<'_> {
    fn games(&self) -> u64 {
        self.args.games
    }

    /// Rounds per game: mean, fewest, most (no game, no fewest: `--games` is at least 1).
    fn rounds(&self) -> (f64, u32, u32) {
        let t = self.tally;
        let min = if t.rounds_min == u32::MAX {
            0
        } else {
            t.rounds_min
        };
        (t.rounds as f64 / self.games() as f64, min, t.rounds_max)
    }

    /// Each seat's lost games with their share, for both the JSON and the text.
    fn seat_losses(&self) -> Vec<SeatLosses> {
        self.tally
            .losses
            .iter()
            .zip(self.seats)
            .enumerate()
            .map(|(i, (lost, strategy))| {
                let (share, low, high) = share_with_interval(*lost, self.games());
                SeatLosses {
                    seat: i + 1,
                    strategy: *strategy,
                    lost: *lost,
                    share,
                    low,
                    high,
                }
            })
            .collect()
    }
}

/// One seat's lost games: its share of all games and the 95 % interval around it, in percent.
struct SeatLosses {
    /// Counted from 1.
    seat: usize,
    strategy: Strategy,
    lost: u64,
    share: f64,
    low: f64,
    high: f64,
}

/// Writes the figures, as `--json` asks.
pub(super) fn report(o: &Outcome, lang: Lang) -> Result<(), Failure> {
    if o.args.json {
        emit(&json_report(o).to_string())
    } else {
        emit(&text_report(o, lang))
    }
}

fn json_report(o: &Outcome) -> serde_json::Value {
    let (tally, seats, games) = (o.tally, o.seats, o.games());
    let (mean, min, max) = o.rounds();
    let (rules, seed, seconds, threads) = (o.rules, o.seed, o.seconds, o.threads);
    let total_rounds = tally.rounds;
    let halves = 2 * games;
    let classes: serde_json::Map<String, serde_json::Value> = ThrowClass::ALL
        .iter()
        .zip(tally.classes)
        .map(|(c, n)| (c.id().to_string(), json!(n)))
        .collect();
    let shares: Vec<serde_json::Value> = o
        .seat_losses()
        .iter()
        .map(|row| {
            json!({
                "seat": row.seat,
                "strategy": row.strategy.id(),
                "lost": row.lost,
                "share_pct": row.share,
                "interval_95_pct": [row.low, row.high],
            })
        })
        .collect();
    json!({
        "games": games,
        "players": seats.len(),
        "strategies": seats.iter().map(|s| s.id()).collect::<Vec<_>>(),
        "loss_share": shares,
        "rules": rules,
        "seed": seed,
        "losses_per_seat": tally.losses,
        "halves_lost_per_seat": tally.halves_lost,
        "halves": halves,
        "finals": tally.finals,
        "blattschuss": tally.blattschuss,
        "blattschuss_rate": tally.blattschuss as f64 / games as f64,
        "rounds": total_rounds,
        "rounds_per_game": { "mean": mean, "min": min, "max": max },
        "throw_classes": classes,
        "seconds": seconds,
        "threads": threads,
        "games_per_second": games as f64 / seconds,
        "rounds_per_second": total_rounds as f64 / seconds,
    })
}

fn text_report(o: &Outcome, lang: Lang) -> String {
    let (tally, seats, games) = (o.tally, o.seats, o.games());
    let (mean, min, max) = o.rounds();
    let (rules, seed, seconds, threads) = (o.rules, o.seed, o.seconds, o.threads);
    let total_rounds = tally.rounds;
    let halves = 2 * games;
    let a = text::arg_text;
    // Counts as Fluent numbers, so the texts choose "1 Spiel" or "2 Spiele".
    let count = |n: u64| text::arg_num(i64::try_from(n).unwrap_or(i64::MAX));
    let per_seat = |counts: &[u64], whole: u64| per_seat(counts, whole, lang);
    let classes = class_shares(tally, lang);
    let lines = [
        text::tr(
            lang,
            "sim-header",
            &[
                ("games", count(games)),
                ("players", text::arg_num(seats.len() as i64)),
                ("rules", a(rules.to_string())),
                ("seed", a(seed.to_string())),
            ],
        ),
        text::tr(lang, "sim-losses-head", &[]),
        seat_loss_lines(&o.seat_losses(), lang),
        text::tr(
            lang,
            "sim-halves",
            &[("list", a(per_seat(&tally.halves_lost, halves)))],
        ),
        text::tr(
            lang,
            "sim-parts",
            &[
                ("halves", count(halves)),
                ("finals", count(tally.finals)),
                ("finals_pct", a(pct(tally.finals, games, lang))),
                ("blattschuss", count(tally.blattschuss)),
                ("blattschuss_pct", a(pct(tally.blattschuss, games, lang))),
            ],
        ),
        text::tr(
            lang,
            "sim-rounds",
            &[
                ("mean", a(decimal(mean, 1, lang))),
                ("min", text::arg_num(min)),
                ("max", text::arg_num(max)),
            ],
        ),
        text::tr(lang, "sim-classes", &[("list", a(classes.join(", ")))]),
        text::tr(
            lang,
            "sim-speed",
            &[
                ("games_per_s", a(format!("{:.0}", games as f64 / seconds))),
                (
                    "rounds_per_s",
                    a(format!("{:.0}", total_rounds as f64 / seconds)),
                ),
                ("seconds", a(decimal(seconds, 2, lang))),
                (
                    "threads",
                    text::arg_num(i64::try_from(threads).unwrap_or(i64::MAX)),
                ),
            ],
        ),
    ];
    lines.join("\n")
}

/// Each seat's count with its share of `whole`.
fn per_seat(counts: &[u64], whole: u64, lang: Lang) -> String {
    counts
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let seat = text::tr(lang, "sim-seat", &[("seat", text::arg_num(i as i64 + 1))]);
            format!("{seat}: {n} ({} %)", pct(*n, whole, lang))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each class of throw with its share of all final throws.
fn class_shares(tally: &Tally, lang: Lang) -> Vec<String> {
    let throws: u64 = tally.classes.iter().sum();
    ThrowClass::ALL
        .iter()
        .zip(tally.classes)
        .map(|(c, n)| format!("{} {} %", text::class_name(lang, *c), pct(n, throws, lang)))
        .collect()
}

/// One line per seat: its strategy and its share of lost games with the 95 % interval.
fn seat_loss_lines(rows: &[SeatLosses], lang: Lang) -> String {
    rows.iter()
        .map(|row| {
            text::tr(
                lang,
                "sim-seat-losses",
                &[
                    ("seat", text::arg_num(row.seat as i64)),
                    (
                        "strategy",
                        text::arg_text(strategy_name(row.strategy, lang)),
                    ),
                    (
                        "lost",
                        text::arg_num(i64::try_from(row.lost).unwrap_or(i64::MAX)),
                    ),
                    ("share", text::arg_text(decimal(row.share, 1, lang))),
                    ("low", text::arg_text(decimal(row.low, 1, lang))),
                    ("high", text::arg_text(decimal(row.high, 1, lang))),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn pct(part: u64, whole: u64, lang: Lang) -> String {
    let value = if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    };
    decimal(value, 1, lang)
}

fn decimal(value: f64, places: usize, lang: Lang) -> String {
    let s = format!("{value:.places$}");
    match lang {
        Lang::De => s.replace('.', ","),
        Lang::En => s,
    }
}

/// A share with its 95 % confidence interval (Wilson score interval), in percent.
fn share_with_interval(part: u64, whole: u64) -> (f64, f64, f64) {
    if whole == 0 {
        return (0.0, 0.0, 0.0);
    }
    let n = whole as f64;
    let p = part as f64 / n;
    let z = 1.96_f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (
        100.0 * p,
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
    )
}

fn strategy_name(strategy: Strategy, lang: Lang) -> String {
    text::tr(lang, &format!("sim-strategy-{}", strategy.id()), &[])
}
