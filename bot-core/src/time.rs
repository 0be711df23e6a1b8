//! Points in time as people read them: in a chat's time zone (a pub table reads "bis 21:35",
//! its own clock, not UTC), or in UTC for files meant for machines (the CSV export).

use jiff::Timestamp;
use jiff::tz::TimeZone;

/// The time zone of a chat that never chose one.
pub const DEFAULT_ZONE: &str = "Europe/Berlin";

/// The IANA name of a time zone as the database spells it (`europe/vienna` →
/// `Europe/Vienna`), or `None` if there is no such zone.
pub fn zone_name(name: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() || name.len() > 64 {
        return None;
    }
    let zone = TimeZone::get(name).ok()?;
    Some(zone.iana_name().unwrap_or(name).to_string())
}

fn zone(name: &str) -> TimeZone {
    TimeZone::get(name)
        .or_else(|_| TimeZone::get(DEFAULT_ZONE))
        .unwrap_or(TimeZone::UTC)
}

fn format(ms: i64, zone: TimeZone, pattern: &str) -> String {
    match Timestamp::from_millisecond(ms) {
        Ok(t) => t.to_zoned_datetime(zone).strftime(pattern).to_string(),
        Err(_) => "?".to_string(),
    }
}

/// `YYYY-MM-DD HH:MM` in UTC.
pub fn utc_time(ms: i64) -> String {
    format(ms, TimeZone::UTC, "%Y-%m-%d %H:%M")
}

/// `YYYY-MM-DD HH:MM` in the time zone `zone` (an IANA name; an unknown one reads as the
/// default zone).
pub fn local_time(ms: i64, zone_name: &str) -> String {
    format(ms, zone(zone_name), "%Y-%m-%d %H:%M")
}

/// `DD.MM.YYYY HH:MM` in the time zone `zone` (as a German reader writes it).
pub fn local_time_de(ms: i64, zone_name: &str) -> String {
    format(ms, zone(zone_name), "%d.%m.%Y %H:%M")
}

/// The wall-clock date and time of `ms` in the time zone `zone` (a spreadsheet's date cell).
pub fn local_datetime(ms: i64, zone_name: &str) -> Option<jiff::civil::DateTime> {
    let t = Timestamp::from_millisecond(ms).ok()?;
    Some(t.to_zoned_datetime(zone(zone_name)).datetime())
}

/// `HH:MM` in the time zone `zone`.
pub fn local_clock(ms: i64, zone_name: &str) -> String {
    format(ms, zone(zone_name), "%H:%M")
}

/// The moment `clock` (`19:30`, `19.30`, `19`) is reached on the day of `now_ms` in the time
/// zone `zone_name`; `None` if `clock` is no time of day.
pub fn today_at(now_ms: i64, clock: &str, zone_name: &str) -> Option<i64> {
    let clock = clock.trim().trim_end_matches("Uhr").trim();
    let (hour, minute) = match clock.split_once([':', '.']) {
        Some((h, m)) if m.len() == 2 => (h.parse::<i8>().ok()?, m.parse::<i8>().ok()?),
        Some(_) => return None,
        None => (clock.parse::<i8>().ok()?, 0),
    };
    if !(0..24).contains(&hour) || !(0..60).contains(&minute) {
        return None;
    }
    let now = Timestamp::from_millisecond(now_ms).ok()?;
    let day = now.to_zoned_datetime(zone(zone_name)).date();
    let at = day
        .at(hour, minute, 0, 0)
        .to_zoned_datetime(zone(zone_name))
        .ok()?;
    Some(at.timestamp().as_millisecond())
}

/// `DD.MM.YYYY` in the time zone `zone` (German date, as a club's summary heads it).
pub fn local_date_de(ms: i64, zone_name: &str) -> String {
    format(ms, zone(zone_name), "%d.%m.%Y")
}

/// `YYYY-MM-DD` in the time zone `zone`.
pub fn local_date(ms: i64, zone_name: &str) -> String {
    format(ms, zone(zone_name), "%Y-%m-%d")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_in_the_chats_zone() {
        // 2026-11-30 17:05 UTC is 18:05 in Berlin (winter) and 12:05 in New York.
        let ms = 1_796_058_300_000;
        assert_eq!(utc_time(ms), "2026-11-30 17:05");
        assert_eq!(local_time(ms, "Europe/Berlin"), "2026-11-30 18:05");
        assert_eq!(local_clock(ms, "America/New_York"), "12:05");
        // Summer time: 2026-07-01 10:00 UTC is 12:00 in Berlin.
        assert_eq!(local_clock(1_782_900_000_000, "Europe/Berlin"), "12:00");
        // An unknown zone reads as the default one.
        assert_eq!(local_clock(ms, "Mars/Olympus"), "18:05");
        assert_eq!(utc_time(0), "1970-01-01 00:00");
    }

    #[test]
    fn a_time_of_day_is_read_on_the_chats_day() {
        // 2026-11-30 17:05 UTC is 18:05 in Berlin; 19:30 there is 18:30 UTC.
        let now = 1_796_058_300_000;
        let at = today_at(now, "19:30", "Europe/Berlin");
        assert_eq!(at.map(utc_time).as_deref(), Some("2026-11-30 18:30"));
        assert_eq!(today_at(now, "19.30 Uhr", "Europe/Berlin"), at);
        assert_eq!(
            today_at(now, "19", "Europe/Berlin")
                .map(utc_time)
                .as_deref(),
            Some("2026-11-30 18:00")
        );
        for bad in ["25:00", "19:7", "halb acht", "", "19:60"] {
            assert_eq!(today_at(now, bad, "Europe/Berlin"), None, "{bad}");
        }
        assert_eq!(local_date_de(now, "Europe/Berlin"), "30.11.2026");
        assert_eq!(local_date(now, "Europe/Berlin"), "2026-11-30");
    }

    #[test]
    fn zone_names_are_checked_and_spelled_as_the_database_does() {
        assert_eq!(zone_name("Europe/Vienna").as_deref(), Some("Europe/Vienna"));
        assert_eq!(
            zone_name(" europe/vienna ").as_deref(),
            Some("Europe/Vienna")
        );
        assert_eq!(zone_name("Mars/Olympus"), None);
        assert_eq!(zone_name(""), None);
        assert_eq!(zone_name(&"x".repeat(100)), None);
    }
}
