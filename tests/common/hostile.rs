//! Hostile input for the abuse tests of both platforms: the refusals the service can give,
//! and forged button data.

use super::junk;

/// The beginnings of every refusal the service can give (its error texts up to the first
/// argument), German and English; "not in this round" aside, which is also what a player
/// out of the round reads as his view.
pub fn refusals() -> Vec<String> {
    let mut out = Vec::new();
    for source in [
        include_str!("../bot-core/locales/de.ftl"),
        include_str!("../bot-core/locales/en.ftl"),
    ] {
        for line in source.lines() {
            let Some((id, text)) = line.split_once(" = ") else {
                continue;
            };
            let wanted = (id.starts_with("error-") && id != "error-not-in-round")
                || id == "notice-stale"
                || id == "notice-duplicate";
            let head = text.split('{').next().unwrap_or_default().trim();
            if wanted && head.chars().count() >= 5 {
                out.push(head.to_string());
            }
        }
    }
    out
}

pub fn refused(text: &str, refusals: &[String]) -> bool {
    refusals.iter().any(|r| text.starts_with(r.as_str()))
}

/// German or English, as the user's client.
pub fn say<'a>(english: bool, de: &'a str, en: &'a str) -> &'a str {
    if english { en } else { de }
}

/// Forged data that parses as no button at all.
pub fn garbage(seed: u64) -> Vec<String> {
    let mut out: Vec<String> = junk(seed, 24)
        .into_iter()
        .filter(|s| bot_core::service::ButtonId::parse(s).is_err())
        .collect();
    out.extend(
        [
            "",
            " ",
            "v1",
            "v1:",
            "v1:r",
            "v1:r:1",
            "v2:r:1:0",
            "V1:r:1:0",
            "v1:R:1:0",
            "v1:x:1:0",
            "v1:r:-1:0",
            "v1:r:01:0",
            "v1:r:1:0:",
            "v1:r:1:0:9",
            "v1:k:1:0",
            "v1:k:1:0:7",
            "v1:k:1:0:0",
            "v1:k:1:0:1111",
            "v1:a:1:0:8",
            "v1:a:1:0:x",
            "v1:r:zzzzzzzzzzzzzz:0",
            "v1:r:1:zzzzzzzzzzzzzz",
            "'); DROP TABLE tables;--",
            "<b>v1:r:1:0</b>",
            "v1:r:1:0\u{200B}",
            "🎲",
        ]
        .map(str::to_string),
    );
    out.push("v1:r:1:0".repeat(9));
    out
}
