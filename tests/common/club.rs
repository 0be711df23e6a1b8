//! A club night as the end-to-end tests play it on both fakes (issue 25): the catalogue, the
//! time after which a check-in is late, and the evening's member lines read back from the
//! German text and checked against the catalogue. Included by the club tests alone
//! (`#[path]`), so its own test runs with them only.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The club's penalty catalogue: € 1 per lost game, € 0.50 per lost half, € 2 per Bierrunde,
/// € 3 for the evening, € 1.50 for coming late; the absent pay the average (the default).
pub const CATALOGUE: &str = "spiel=1 haelfte=0,50 bierrunde=2 abend=3 zuspaet=1,50";

/// [`CATALOGUE`] as the German catalogue shows it.
pub const CATALOGUE_SHOWN: [&str; 5] = [
    "Verlorenes Spiel (spiel): 1,00 €",
    "Verlorene Hälfte (haelfte): 0,50 €",
    "Bierrunde (bierrunde): 2,00 €",
    "Abendgebühr (abend): 3,00 €",
    "Zu spät (zuspaet): 1,50 €",
];

/// The zone the bot reads clock times in when a chat set none.
const ZONE: &str = "Europe/Berlin";

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

/// A local time of day ("HH:MM") one to two minutes from now, for `start` of an evening:
/// whoever checks in at once is on time, whoever comes after it is late. Near midnight it
/// waits for the new day (an evening opened at 23:59 with 00:01 would be late from the start).
pub async fn late_after() -> (String, LateAt) {
    loop {
        let now = now_ms();
        let clock = bot_core::time::local_clock(now + 90_000, ZONE);
        if clock > bot_core::time::local_clock(now, ZONE) {
            let at = bot_core::time::today_at(now, &clock, ZONE).expect("a time of day");
            return (clock, LateAt(at));
        }
        tokio::time::sleep(Duration::from_secs(30)).await;
    }
}

/// The moment a check-in starts being late.
#[derive(Clone, Copy, Debug)]
pub struct LateAt(i64);

impl LateAt {
    /// Waits until that moment has passed.
    pub async fn pass(self) {
        let wait = self.0 + 1_000 - now_ms();
        if wait > 0 {
            tokio::time::sleep(Duration::from_millis(wait as u64)).await;
        }
    }

    /// Whether it has passed already.
    pub fn passed(self) -> bool {
        now_ms() > self.0
    }
}

/// One member's line of the evening, as the German summary writes it:
/// `Anna (zu spät): 2 Spiele, 1 verloren, 3 Hälften, 1 Bierrunde – 7,50 €` or
/// `Gabi (fehlt): 4,20 €`; once closed, with the cash box after it:
/// `… – 7,50 € · Kasse danach: offen 7,50 €` (or `Guthaben 2,50 €`, `bezahlt`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberLine {
    pub name: String,
    pub late: bool,
    pub absent: bool,
    pub games: u32,
    pub lost: u32,
    pub halves: u32,
    pub schock_aus: u32,
    pub rounds: u32,
    pub penalties: i64,
    /// What he owes the box after the close (below zero: his credit); `None` while open.
    pub balance: Option<i64>,
}

/// `offen 7,50 €` → 750, `Guthaben 2,50 €` → −250, `bezahlt` → 0.
fn balance_text(text: &str) -> Option<i64> {
    if let Some(owed) = text.strip_prefix("offen ") {
        cents(owed)
    } else if let Some(credit) = text.strip_prefix("Guthaben ") {
        cents(credit).map(|c| -c)
    } else {
        (text == "bezahlt").then_some(0)
    }
}

/// "7,50 €" or "1.234,50 €" in cents.
pub fn cents(text: &str) -> Option<i64> {
    let amount = text.trim().strip_suffix('€')?.trim();
    let (negative, amount) = match amount.strip_prefix('−') {
        Some(rest) => (true, rest),
        None => (false, amount),
    };
    let (euros, rest) = amount.split_once(',')?;
    let euros: i64 = euros.replace('.', "").parse().ok()?;
    let rest: i64 = rest.parse().ok()?;
    let value = euros * 100 + rest;
    Some(if negative { -value } else { value })
}

/// The first number in `part` ("1 Bierrunde" → 1).
fn count(part: &str) -> Option<u32> {
    part.split_whitespace().next()?.parse().ok()
}

impl MemberLine {
    pub fn parse(line: &str) -> Option<MemberLine> {
        let (line, balance) = match line.split_once(" · Kasse danach: ") {
            Some((line, after)) => (line, Some(balance_text(after)?)),
            None => (line, None),
        };
        let (who, rest) = line.split_once(": ")?;
        let (name, late, absent) = if let Some(n) = who.strip_suffix(" (zu spät)") {
            (n, true, false)
        } else if let Some(n) = who.strip_suffix(" (fehlt)") {
            (n, false, true)
        } else {
            (who, false, false)
        };
        let (figures, amount) = match rest.rsplit_once(" – ") {
            Some((figures, amount)) => (figures, amount),
            None if absent => ("", rest),
            None => return None,
        };
        let mut line = MemberLine {
            name: name.to_string(),
            late,
            absent,
            games: 0,
            lost: 0,
            halves: 0,
            schock_aus: 0,
            rounds: 0,
            penalties: cents(amount)?,
            balance,
        };
        for part in figures.split(", ").filter(|p| !p.is_empty()) {
            let n = count(part)?;
            if part.contains("Spiel") {
                line.games = n;
            } else if part.contains("verloren") {
                line.lost = n;
            } else if part.contains("Hälfte") {
                line.halves = n;
            } else if part.contains("Schock aus") {
                line.schock_aus = n;
            } else if part.contains("Bierrunde") {
                line.rounds = n;
            }
        }
        Some(line)
    }
}

/// The member lines of an evening's text.
pub fn member_lines(text: &str) -> Vec<MemberLine> {
    text.lines().filter_map(MemberLine::parse).collect()
}

/// Every present member's penalties are the catalogue's ([`CATALOGUE`]) for his evening, and
/// every absent one pays the average of the present ones (rounded down to the cent).
pub fn assert_catalogue_charged(lines: &[MemberLine]) {
    let present: Vec<&MemberLine> = lines.iter().filter(|l| !l.absent).collect();
    assert!(!present.is_empty(), "{lines:?}");
    for l in &present {
        let expected = 300
            + if l.late { 150 } else { 0 }
            + 100 * i64::from(l.lost)
            + 50 * i64::from(l.halves)
            + 200 * i64::from(l.rounds);
        assert_eq!(l.penalties, expected, "{l:?}");
    }
    let average = present.iter().map(|l| l.penalties).sum::<i64>() / present.len() as i64;
    for l in lines.iter().filter(|l| l.absent) {
        assert_eq!(l.penalties, average, "{l:?} pays the average");
    }
}

/// The line of `name`.
pub fn line_of<'a>(lines: &'a [MemberLine], name: &str) -> &'a MemberLine {
    lines
        .iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("no line for {name}: {lines:?}"))
}

/// The evening both end-to-end tests play: Anna, Ben and Cem at one table, Dora and Emil at
/// the other (a game each, one loser and one Bierrunde per table), Finn checked in late and
/// played nothing, Gabi stayed home; Max ran the evening as an admin and is no member. Every
/// line is charged by the catalogue.
pub fn assert_the_evening(lines: &[MemberLine]) {
    let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names.len(), 7, "{names:?}: members only");
    assert_catalogue_charged(lines);
    for name in ["Anna", "Ben", "Cem", "Dora", "Emil"] {
        let l = line_of(lines, name);
        assert!(!l.late && !l.absent && l.games == 1, "{l:?}");
    }
    let lost: u32 = lines.iter().map(|l| l.lost).sum();
    assert_eq!(lost, 2, "one loser per table");
    let rounds: u32 = lines.iter().map(|l| l.rounds).sum();
    assert_eq!(rounds, 2, "a Bierrunde per table");
    let finn = line_of(lines, "Finn");
    assert!(
        finn.late && finn.games == 0 && finn.penalties == 450,
        "{finn:?}"
    );
    assert!(line_of(lines, "Gabi").absent);
}

/// What `name` owes (positive) or has as credit (negative) in the cash box's German answer,
/// in cents; `None` when square.
pub fn balance_of(cash: &str, name: &str) -> Option<i64> {
    cash.lines().find_map(|line| {
        if let Some(rest) = line.strip_prefix(&format!("{name} schuldet ")) {
            cents(rest)
        } else {
            let rest = line.strip_prefix(&format!("{name} hat "))?;
            cents(rest.strip_suffix(" Guthaben")?).map(|c| -c)
        }
    })
}

/// After the evening, everyone owes the penalties its lines show; Gabi's 10 € paid ahead
/// paid hers.
pub fn assert_balances_follow(cash: &str, lines: &[MemberLine]) {
    for l in lines {
        let expected = if l.name == "Gabi" {
            l.penalties - 1000
        } else {
            l.penalties
        };
        assert_eq!(
            balance_of(cash, &l.name),
            Some(expected).filter(|b| *b != 0),
            "{}: {cash}",
            l.name
        );
    }
}

/// A PNG's width and height, from its header.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return None;
    }
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    Some((word(16), word(20)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_back() {
        let l = MemberLine::parse(
            "Anna (zu spät): 2 Spiele, 1 verloren, 3 Hälften, 1 × Schock aus kassiert, 1 Bierrunde – 1.007,50 €",
        )
        .expect("a line");
        assert_eq!(
            l,
            MemberLine {
                name: "Anna".into(),
                late: true,
                absent: false,
                games: 2,
                lost: 1,
                halves: 3,
                schock_aus: 1,
                rounds: 1,
                penalties: 100_750,
                balance: None,
            }
        );
        let closed = MemberLine::parse("Gabi (fehlt): 3,93 € · Kasse danach: Guthaben 16,07 €")
            .expect("closed");
        assert_eq!((closed.penalties, closed.balance), (393, Some(-1607)));
        let g = MemberLine::parse("Gabi (fehlt): 4,20 €").expect("absent");
        assert!(g.absent && g.penalties == 420);
        assert_eq!(
            MemberLine::parse("2 Spiele · 1 Bierrunde · Strafen 3,00 €"),
            None
        );
        assert_eq!(cents("−0,05 €"), Some(-5));
    }
}
