//! Hostile input for the abuse tests of both platforms: the refusals the service can give,
//! and forged button data.

use super::{Db, StoredTable, junk, player_line};
use std::collections::BTreeMap;

/// The beginnings of every refusal the service can give (its error texts up to the first
/// argument), German and English; "not in this round" aside, which is also what a player
/// out of the round reads as his view.
pub fn refusals() -> Vec<String> {
    let mut out = Vec::new();
    for source in [
        include_str!("../../bot-core/locales/de.ftl"),
        include_str!("../../bot-core/locales/en.ftl"),
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
            "v1:q:1:0",
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

/// A player out of the round in a table text: out ("… raus"), or watching the final.
pub fn sitting_out<U: Clone>(text: &str, players: &[(String, U)]) -> Option<U> {
    players
        .iter()
        .find(|(n, _)| {
            player_line(text, n).is_some_and(|l| l.ends_with(" raus"))
                || (text.contains("Finale: ") && !final_line(text).contains(n.as_str()))
        })
        .map(|(_, u)| u.clone())
}

pub fn final_line(text: &str) -> &str {
    text.lines()
        .find(|l| l.starts_with("Finale: ") || l.starts_with("Final: "))
        .unwrap_or_default()
}

/// Well-formed ids for the running table `table_id` at `version` that fit no move: a roll and
/// a stand on a table that is none of this chat's, a roll and a stand of a version to come, a
/// join; each with the beginning of the refusal it gets.
pub fn well_formed_but_wrong(
    table_id: &str,
    version: &str,
    english: bool,
) -> Vec<(String, &'static str)> {
    let other_table = base36(parse_base36(table_id) + 1);
    let later = base36(parse_base36(version) + 3);
    let stale = say(
        english,
        "Dieser Knopf ist veraltet.",
        "This button is outdated.",
    );
    let foreign = say(
        english,
        "Das ist kein Knopf dieses Tisches.",
        "This is not a button of this table.",
    );
    vec![
        (format!("v1:r:{other_table}:{version}"), foreign),
        (format!("v1:s:{other_table}:{version}"), foreign),
        (format!("v1:r:{table_id}:{later}"), stale),
        (format!("v1:s:{table_id}:{later}"), stale),
        (
            format!("v1:j:{table_id}:{version}"),
            say(
                english,
                "Du sitzt schon am Tisch.",
                "You are already at the table.",
            ),
        ),
    ]
}

pub fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    if n == 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}

pub fn parse_base36(s: &str) -> u64 {
    u64::from_str_radix(s, 36).expect("base 36")
}

/// Names a hostile (or just creative) server gives its members.
pub fn odd_names() -> Vec<String> {
    vec![
        "🍺🎲 Prost 🎉 👨‍👩‍👧".to_string(),
        "مرحبا שלום \u{202E}dlrow\u{202C} ok".to_string(),
        "Zero\u{200B}Width\u{200D}Join\u{FEFF}er\u{2060}".to_string(),
        "@everyone <@123> **x** <@&456>".to_string(),
        "'); DROP TABLE ledger;--".to_string(),
        format!("Langer {}", "Name ".repeat(59)),
        // The long name as it would be cut to 32 characters without its "…": no clash.
        "Langer Name Name Name Name Name".to_string(),
    ]
}

/// The loser of a finished game: the longest of `names` on the table's 🍺 line (one name
/// may hold another).
pub fn loser_among(table: &str, names: &[String]) -> String {
    let line = table
        .lines()
        .find(|l| l.starts_with("🍺 "))
        .expect("the game is over");
    names
        .iter()
        .filter(|n| line.contains(n.as_str()))
        .max_by_key(|n| n.len())
        .expect("a loser among the players")
        .clone()
}

/// The CSV export names `loser` as the debtor of a debt.
pub fn assert_debt_exported(csv: &[u8], loser: &str) {
    let csv = String::from_utf8(csv.to_vec()).expect("utf-8");
    let rows: Vec<Vec<String>> = csv.lines().skip(1).map(super::csv_fields).collect();
    assert!(
        rows.iter().any(|r| r[2] == "debt" && r[4] == loser),
        "{loser:?} in\n{csv}"
    );
}

pub fn version_of(id: &str) -> String {
    id.split(':').nth(3).unwrap_or_default().to_string()
}

/// The one move a flood on one button applied is stored: version and log one further.
pub async fn one_move_later(db: &Db, chat: &str, start: &StoredTable) -> StoredTable {
    let after = db.table(chat).await.expect("stored");
    assert_eq!(after.version, start.version + 1);
    assert_eq!(after.log_entries, start.log_entries + 1);
    after
}

/// Floods on the newest buttons applied at most one move per button (`per_version` counts
/// the moves applied per button id, which names its action and table version: a roll and a
/// stand from the same message may both count, the same button twice may not), the stored
/// version and log advanced by exactly the `moves` answered, and the Deckel add up.
pub async fn assert_one_move_per_version(
    db: &Db,
    chat: &str,
    before: &StoredTable,
    moves: usize,
    per_version: &BTreeMap<String, usize>,
) {
    assert!(
        per_version.values().all(|n| *n == 1),
        "at most one move per button: {per_version:?}"
    );
    let end = db.table(chat).await.expect("stored");
    assert_eq!(
        end.version,
        before.version + moves as u64,
        "{per_version:?}"
    );
    assert_eq!(end.log_entries, before.log_entries + moves);
    assert!(moves >= 2, "the flood made progress: {moves}");
    end.assert_deckel_add_up();
}

/// The game is over in the store, its Deckel adding up.
pub async fn assert_finished(db: &Db, chat: &str) {
    let done = db.table(chat).await.expect("stored");
    assert_eq!(done.status, "finished");
    done.assert_deckel_add_up();
}
