//! Reading the provably fair dice off a table text: the seeds and the game's number.

/// The 64 hex characters after `label` in `text` (`Commitment: `, `Server-Seed: `).
pub fn hex_after(text: &str, label: &str) -> Option<String> {
    let start = text.find(label)? + label.len();
    let hex: String = text[start..].chars().take(64).collect();
    (hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit())).then_some(hex)
}

/// The game number on the table's proof line (`🔐 Prüfbare Würfel · Spiel 7 · …`).
pub fn game_number(text: &str) -> i64 {
    text.lines()
        .find(|l| l.starts_with("🔐"))
        .and_then(|l| l.split(" · ").find_map(|p| p.strip_prefix("Spiel ")))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no game number in:\n{text}"))
}
