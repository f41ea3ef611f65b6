//! Times as people read them, on screen and on printed reports: the
//! station's local time to the second with its offset from UTC,
//! `2026-11-23 09:45:43 UTC+01:00` (`2026-11-23 08:45:43 UTC` where the
//! zone is UTC). The ledger stores UTC (RFC 3339); only what is shown is
//! local. The zone is passed in, so rendering stays a function of its
//! inputs.

use chrono::{DateTime, FixedOffset, Local, LocalResult, NaiveDateTime, Offset, TimeZone, Utc};

/// The zone times are shown in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zone {
    /// The station's zone: `TZ` if set, else the system's; daylight saving
    /// applies to each time on its own date.
    #[default]
    Local,
    /// A fixed offset from UTC (tests, and a casino that prints in UTC).
    Fixed(FixedOffset),
}

impl Zone {
    /// UTC itself.
    pub fn utc() -> Zone {
        Zone::Fixed(Utc.fix())
    }

    /// The offset from UTC in force at `time`.
    fn offset_at(self, time: DateTime<Utc>) -> FixedOffset {
        match self {
            Zone::Local => *time.with_timezone(&Local).offset(),
            Zone::Fixed(offset) => offset,
        }
    }

    /// A wall-clock time typed in this zone as UTC; `None` when the wall
    /// clock skips it (the hour lost to daylight saving). Of a repeated
    /// hour, the earlier.
    pub fn to_utc(self, wall: NaiveDateTime) -> Option<DateTime<Utc>> {
        let local = match self {
            Zone::Local => Local.from_local_datetime(&wall).map(|t| t.fixed_offset()),
            Zone::Fixed(offset) => offset.from_local_datetime(&wall),
        };
        match local {
            LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => Some(t.with_timezone(&Utc)),
            LocalResult::None => None,
        }
    }
}

/// `time` as shown in `zone`, to the second, with the offset.
pub fn when(time: DateTime<Utc>, zone: Zone) -> String {
    let offset = zone.offset_at(time);
    let local = time.with_timezone(&offset).format("%Y-%m-%d %H:%M:%S");
    if offset.local_minus_utc() == 0 {
        format!("{local} UTC")
    } else {
        format!("{local} UTC{offset}")
    }
}

/// `time`'s time of day in `zone`, to the second (`19:04:05`), where the
/// day goes without saying (a shift's hands on a narrow panel).
pub fn time_of_day(time: DateTime<Utc>, zone: Zone) -> String {
    let offset = zone.offset_at(time);
    time.with_timezone(&offset).format("%H:%M:%S").to_string()
}

/// A time as the ledger stores it (RFC 3339) shown in `zone`; text that is
/// not a time is shown as it is.
pub fn when_stored(text: &str, zone: Zone) -> String {
    DateTime::parse_from_rfc3339(text).map_or_else(
        |_| text.to_owned(),
        |time| when(time.with_timezone(&Utc), zone),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_default()
    }

    #[test]
    fn times_show_to_the_second_with_the_offset() {
        let time = at("2026-11-23T08:45:43.053445Z");
        assert_eq!(when(time, Zone::utc()), "2026-11-23 08:45:43 UTC");
        let paris = FixedOffset::east_opt(3600).map(Zone::Fixed);
        assert_eq!(
            paris.map(|z| when(time, z)).as_deref(),
            Some("2026-11-23 09:45:43 UTC+01:00")
        );
        let newfoundland = FixedOffset::west_opt(3 * 3600 + 1800).map(Zone::Fixed);
        assert_eq!(
            newfoundland.map(|z| when(time, z)).as_deref(),
            Some("2026-11-23 05:15:43 UTC-03:30")
        );
    }

    #[test]
    fn a_time_of_day_is_the_zones_to_the_second() {
        let time = at("2026-11-23T23:45:43.9Z");
        assert_eq!(time_of_day(time, Zone::utc()), "23:45:43");
        let paris = FixedOffset::east_opt(3600).map(Zone::Fixed);
        assert_eq!(
            paris.map(|z| time_of_day(time, z)).as_deref(),
            Some("00:45:43")
        );
    }

    #[test]
    fn stored_times_are_shown_and_other_text_passes_through() {
        assert_eq!(
            when_stored("2026-11-23T09:45:54+01:00", Zone::utc()),
            "2026-11-23 08:45:54 UTC"
        );
        assert_eq!(when_stored("not a time", Zone::utc()), "not a time");
    }

    #[test]
    fn typed_wall_clock_times_read_in_the_zone() {
        let wall = NaiveDateTime::parse_from_str("2026-11-23 09:45:00", "%Y-%m-%d %H:%M:%S")
            .unwrap_or_default();
        let paris = FixedOffset::east_opt(3600).map(Zone::Fixed);
        assert_eq!(
            paris.and_then(|z| z.to_utc(wall)),
            Some(at("2026-11-23T08:45:00Z"))
        );
    }
}
