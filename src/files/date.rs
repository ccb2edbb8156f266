//! ISO-8601 UTC dates from the system clock, without a calendar crate.

use std::time::{SystemTime, UNIX_EPOCH};

/// The current time as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn now_iso8601() -> String {
    iso8601_utc(SystemTime::now())
}

/// A time as `YYYY-MM-DDTHH:MM:SSZ` (times before 1970 print as the epoch).
pub fn iso8601_utc(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Checks a saved date: ISO-8601 in UTC, a day (`2026-11-29`) or a day and
/// time (`2026-11-29T20:00Z`, `2026-11-29T20:00:00Z`, as the program
/// writes). The error says what is wrong in words.
pub fn check_iso8601(text: &str) -> Result<(), String> {
    let bad = || {
        format!(
            "`{}` is not a date in ISO-8601 UTC, such as 2026-11-29T20:00:00Z or 2026-11-29",
            crate::engine::shortened(text)
        )
    };
    let number = |part: &str, digits: usize| -> Option<u32> {
        (part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse().ok())
            .flatten()
    };
    let (day, time) = match text.split_once('T') {
        Some((day, time)) => (day, Some(time.strip_suffix('Z').ok_or_else(bad)?)),
        None => (text, None),
    };
    let mut parts = day.split('-');
    let (Some(y), Some(m), Some(d), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let (Some(y), Some(m), Some(d)) = (number(y, 4), number(m, 2), number(d, 2)) else {
        return Err(bad());
    };
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d == 0 || d > month_days[m as usize - 1] {
        return Err(format!("{}: there is no such day", bad()));
    }
    if let Some(time) = time {
        let fields: Vec<&str> = time.split(':').collect();
        let hms: Option<Vec<u32>> = fields.iter().map(|f| number(f, 2)).collect();
        let ok = match hms.as_deref() {
            Some([h, min]) => *h < 24 && *min < 60,
            Some([h, min, sec]) => *h < 24 && *min < 60 && *sec <= 60,
            _ => return Err(bad()),
        };
        if !ok {
            return Err(format!("{}: there is no such time of day", bad()));
        }
    }
    Ok(())
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
/// `civil_from_days`, exact over the whole range we can meet).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn saved_dates_are_checked() {
        for good in [
            "2026-11-29T20:00:00Z",
            "2026-11-29T20:00Z",
            "2026-11-29",
            "2024-02-29",
            "2016-12-31T23:59:60Z",
        ] {
            assert_eq!(check_iso8601(good), Ok(()), "{good}");
        }
        for bad in [
            "yesterday",
            "",
            "2026-11-29T20:00:00",
            "2026-11-29 20:00:00Z",
            "29-11-2026",
            "2026-1-29",
            "2026-11-29T8:00Z",
            "+2026-11-29",
        ] {
            let why = check_iso8601(bad).unwrap_err();
            assert!(
                why.contains("is not a date in ISO-8601 UTC"),
                "{bad}: {why}"
            );
        }
        for (no_day, what) in [
            ("2025-02-29", "no such day"),
            ("2026-13-01", "no such day"),
            ("2026-11-31", "no such day"),
            ("2026-11-29T24:00:00Z", "no such time"),
            ("2026-11-29T20:60Z", "no such time"),
        ] {
            let why = check_iso8601(no_day).unwrap_err();
            assert!(why.contains(what), "{no_day}: {why}");
        }
        assert_eq!(check_iso8601(&now_iso8601()), Ok(()));
    }

    #[test]
    fn known_dates() {
        let at = |s: u64| iso8601_utc(UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 (a leap day of a century leap year) 12:34:56.
        assert_eq!(at(951_827_696), "2000-02-29T12:34:56Z");
        assert_eq!(at(1_798_761_599), "2026-12-31T23:59:59Z");
    }
}
