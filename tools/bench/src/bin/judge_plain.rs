//! The plain loop `schocken judge --json` is measured against: read JSON Lines rounds from
//! stdin into plain serde structs and write one answer line per round with the same fields
//! as `judge --json` — without judging (the "winner" is the first player, the "loser" the
//! last, the best throw the first one's dice). What it costs is what reading the rounds and
//! writing the answers needs: one reused line buffer, owned strings in, borrowed out, one
//! buffered writer.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{BufRead, BufWriter, Write};

#[derive(Deserialize)]
#[allow(dead_code)] // read as the judge reads them, not all used
struct Round {
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    stock: Option<i64>,
    #[serde(default)]
    holdings: Option<BTreeMap<String, u64>>,
    #[serde(default)]
    announced: Option<Vec<String>>,
    throws: Vec<Throw>,
}

#[derive(Deserialize)]
#[allow(dead_code)]
struct Throw {
    player: String,
    dice: Vec<i64>,
    throws: i64,
    hand: bool,
    #[serde(default)]
    blind: bool,
}

#[derive(Serialize)]
struct Answer<'a> {
    ranking: Vec<&'a str>,
    winner: &'a str,
    loser: &'a str,
    best: Best,
    moved: u8,
    source: &'static str,
    stock: u8,
    holdings: BTreeMap<&'a str, u64>,
    out: Vec<&'a str>,
    half_lost_by: Option<&'a str>,
    debts: Vec<&'a str>,
}

#[derive(Serialize)]
struct Best {
    name: String,
    name_en: String,
    class: &'static str,
    penalty: u8,
}

fn answer(round: &Round) -> Answer<'_> {
    let ranking: Vec<&str> = round.throws.iter().map(|t| t.player.as_str()).collect();
    let holdings = ranking
        .iter()
        .map(|p| {
            let held = round.holdings.as_ref().and_then(|h| h.get(*p)).copied();
            (*p, held.unwrap_or(0))
        })
        .collect();
    let name: String = round.throws[0].dice.iter().map(|d| d.to_string()).collect();
    Answer {
        winner: ranking[0],
        loser: ranking[ranking.len() - 1],
        best: Best {
            name_en: name.clone(),
            name,
            class: "hausnummer",
            penalty: 1,
        },
        moved: 1,
        source: "stock",
        stock: round.stock.unwrap_or(13).clamp(1, 255) as u8 - 1,
        holdings,
        out: Vec::new(),
        half_lost_by: None,
        debts: Vec::new(),
        ranking,
    }
}

fn main() -> std::io::Result<()> {
    let mut input = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Round>(&line) {
            Ok(round) if !round.throws.is_empty() => {
                serde_json::to_writer(&mut out, &answer(&round))?;
            }
            Ok(_) => out.write_all(br#"{"error":"no throws"}"#)?,
            Err(e) => {
                serde_json::to_writer(&mut out, &serde_json::json!({ "error": e.to_string() }))?
            }
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}
