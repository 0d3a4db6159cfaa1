//! Times as save files write them, `2026-11-29T13:54:37Z` (UTC, to the second),
//! and as lists show them (the player's local time, to the minute).

use jiff::Timestamp;
use jiff::tz::TimeZone;

/// Seconds since 1970, now.
#[must_use]
pub fn now_seconds() -> u64 {
    u64::try_from(Timestamp::now().as_second()).unwrap_or(0)
}

/// Milliseconds since 1970, now.
#[must_use]
pub fn now_millis() -> i64 {
    Timestamp::now().as_millisecond()
}

fn timestamp(seconds: u64) -> Timestamp {
    i64::try_from(seconds)
        .ok()
        .and_then(|s| Timestamp::from_second(s).ok())
        .unwrap_or(Timestamp::MAX)
}

/// `YYYY-MM-DDThh:mm:ssZ` for seconds since 1970 (UTC).
#[must_use]
pub fn format_utc(seconds: u64) -> String {
    timestamp(seconds)
        .strftime("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

/// Seconds since 1970 of a `YYYY-MM-DDThh:mm:ssZ` time, as [`format_utc`]
/// writes it; `None` for any other shape, an impossible date (February 31)
/// or a leap second.
#[must_use]
pub fn parse_utc(text: &str) -> Option<u64> {
    let bytes = text.as_bytes();
    let shape = bytes.len() == 20
        && bytes.iter().enumerate().all(|(i, &b)| match i {
            4 | 7 => b == b'-',
            10 => b == b'T',
            13 | 16 => b == b':',
            19 => b == b'Z',
            _ => b.is_ascii_digit(),
        });
    // jiff reads second 60 as 59; a save never holds one.
    if !shape || &text[17..19] == "60" {
        return None;
    }
    let seconds = text.parse::<Timestamp>().ok()?.as_second();
    u64::try_from(seconds).ok()
}

/// `2026-11-29 14:54` in the player's time zone, for lists.
#[must_use]
pub fn local_minutes(seconds: u64) -> String {
    timestamp(seconds)
        .to_zoned_datetime(TimeZone::system())
        .strftime("%Y-%m-%d %H:%M")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_in_utc() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(format_utc(1_795_000_000), "2026-11-18T11:06:40Z");
    }

    #[test]
    fn times_read_back() {
        for seconds in [0, 951_782_400, 1_795_000_000, 4_102_444_799] {
            assert_eq!(parse_utc(&format_utc(seconds)), Some(seconds));
        }
    }

    #[test]
    fn impossible_times_are_refused() {
        for text in [
            "2026-13-01T00:00:00Z",
            "2026-02-31T00:00:00Z",
            "2026-11-29T23:59:60Z",
            "2026-11-29T24:00:00Z",
            "2026-11-29T21:01:15.5Z",
            "2026-11-29T21:01:15+01:00",
            "2026-11-29 21:01:15Z",
            "yesterday",
            "",
        ] {
            assert_eq!(parse_utc(text), None, "{text}");
        }
    }
}
