//! The verdict's JSON form written field by field: the command line answers JSON Lines
//! with it, and the generic serializer cost it a sixth of its time.

use super::Verdict;

impl Verdict<'_> {
    /// Appends the JSON form to `out`: the bytes `serde_json::to_writer` gives for the
    /// verdict, written field by field (the command line answers JSON Lines with it; the
    /// generic serializer cost it a sixth of its time). A test holds the two equal.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"ranking\":");
        json_names(out, &self.ranking);
        out.extend_from_slice(b",\"winner\":");
        json_str(out, self.winner);
        out.extend_from_slice(b",\"loser\":");
        json_str(out, self.loser);
        out.extend_from_slice(b",\"best\":{\"name\":");
        json_str(out, self.best.name);
        out.extend_from_slice(b",\"name_en\":");
        json_str(out, self.best.name_en);
        out.extend_from_slice(b",\"class\":");
        json_str(out, self.best.class);
        out.extend_from_slice(b",\"penalty\":");
        json_u8(out, self.best.penalty);
        out.extend_from_slice(b"},\"moved\":");
        json_u8(out, self.moved);
        out.extend_from_slice(b",\"source\":");
        json_str(out, self.source);
        out.extend_from_slice(b",\"stock\":");
        json_u8(out, self.stock);
        out.extend_from_slice(b",\"holdings\":{");
        for (i, (player, deckel)) in self
            .holdings
            .players
            .iter()
            .zip(self.holdings.deckel)
            .enumerate()
        {
            if i > 0 {
                out.push(b',');
            }
            json_str(out, player);
            out.push(b':');
            json_u8(out, *deckel);
        }
        out.extend_from_slice(b"},\"out\":");
        json_names(out, &self.out);
        out.extend_from_slice(b",\"half_lost_by\":");
        match self.half_lost_by {
            Some(name) => json_str(out, name),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"debts\":");
        json_names(out, &self.debts);
        out.push(b'}');
    }
}

/// A JSON string, escaped as serde_json escapes it.
fn json_str(out: &mut Vec<u8>, text: &str) {
    // Writing to a Vec cannot fail; serde_json escapes exactly as in `to_writer`.
    let _ = serde_json::to_writer(&mut *out, text);
}

fn json_u8(out: &mut Vec<u8>, n: u8) {
    if n >= 100 {
        out.push(b'0' + n / 100);
    }
    if n >= 10 {
        out.push(b'0' + n / 10 % 10);
    }
    out.push(b'0' + n % 10);
}

fn json_names(out: &mut Vec<u8>, names: &[&str]) {
    out.push(b'[');
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json_str(out, name);
    }
    out.push(b']');
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use rand::{Rng, SeedableRng};

    /// `Verdict::write_json` writes what serde_json writes for the derived `Serialize`, for
    /// rounds of every preset, names that need escaping and every part of a verdict.
    #[test]
    fn write_json_matches_serde() {
        let names = [
            "Anna",
            "Zoë \"Z\" \\ 🎲",
            "tab\there",
            "ctl\u{1}\u{7f}",
            "Jürgen",
            "</script>",
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut judged = 0;
        // A verdict with players out, a half lost, debts.
        let mut seen = [false; 3];
        for (preset, _) in crate::engine::rules::PRESETS {
            let rules = RuleSet::preset(preset).expect("preset");
            for _ in 0..400 {
                let players = rng.random_range(2..=names.len());
                let starter = rng.random_range(1..=3);
                let throws = (0..players)
                    .map(|i| ThrowInput {
                        player: names[i].to_string(),
                        dice: (0..3).map(|_| rng.random_range(1..=6)).collect(),
                        throws: if i == 0 {
                            starter
                        } else {
                            rng.random_range(1..=starter)
                        },
                        hand: rng.random_bool(0.8),
                        blind: false,
                    })
                    .collect();
                // Half the rounds with the stock empty: winners pay, players go out, halves end.
                let holdings = rng.random_bool(0.5).then(|| {
                    let mut held = vec![1u64; players];
                    for _ in 0..(u64::from(rules.deckel) - players as u64) {
                        held[rng.random_range(0..players)] += 1;
                    }
                    names
                        .iter()
                        .zip(held)
                        .map(|(n, h)| (n.to_string(), serde_json::Value::from(h)))
                        .collect()
                });
                let input = JudgeInput {
                    stock: holdings.as_ref().map(|_| 0),
                    holdings,
                    throws,
                    ..JudgeInput::default()
                };
                let Ok(round) = JudgeRound::with_rules(input, &rules) else {
                    continue;
                };
                let outcome = round.score();
                let verdict = round.verdict(&outcome, "Schock \"4\"", "Schock\n4");
                seen[0] |= !verdict.out.is_empty();
                seen[1] |= verdict.half_lost_by.is_some();
                seen[2] |= !verdict.debts.is_empty();
                let mut written = Vec::new();
                verdict.write_json(&mut written);
                let serde = serde_json::to_vec(&verdict).expect("serialize");
                assert_eq!(
                    String::from_utf8_lossy(&written),
                    String::from_utf8_lossy(&serde)
                );
                judged += 1;
            }
        }
        assert!(judged > 2000, "{judged} rounds judged");
        assert_eq!(seen, [true; 3], "out, half lost, debts");
    }
}
