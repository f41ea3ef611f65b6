//! Each station's link as the floor knows it, and the verifier's
//! check-in (docs/floor.md, `floor status`, "Signed heartbeats", "The
//! verifier's check-in"): read from each station's own row, never a chain.

use std::time::Duration;

use postgres::Client;
use serde::Serialize;

use super::*;
use crate::ledger::shipped_table_name;

/// How a station's link to the floor stands, as the floor knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StationLink {
    /// Rows the station's file held at its last contact that are not on
    /// the floor: unknown (`None`) when it has never been heard from, or
    /// not for longer than the house's notice time.
    pub lag: Option<i64>,
    /// When it last reached the floor (a shipment or a heartbeat; RFC
    /// 3339), if ever.
    pub last_contact: Option<String>,
    /// Not heard from for longer than the house's notice time (counted
    /// from its enrolment if never).
    pub silent: bool,
    /// Why its link last failed, as the station told the floor; `None`
    /// when its last contact went through.
    pub link_failure: Option<String>,
    /// The station's clock less the floor's at its last contact, whole
    /// seconds (positive: the station's is ahead), if it told its clock.
    pub clock_skew_seconds: Option<i64>,
    /// The station's clock differs from the floor's by more than the
    /// house's clock tolerance.
    pub clock_flagged: bool,
    /// Why the station's last contact cannot be believed (no signature,
    /// or one its enrolled key did not make: docs/floor.md, "Signed
    /// heartbeats"); `None` when it holds or it was never heard from.
    pub heartbeat_problem: Option<String>,
    /// The last heartbeat carries a signature its enrolled key did not
    /// make (a forgery, where a missing signature is an older program).
    #[serde(skip)]
    pub heartbeat_forged: bool,
    /// Whole seconds since its last contact by the floor's clock, if ever.
    #[serde(skip)]
    pub unheard_seconds: Option<i64>,
}

impl StationLink {
    /// Heard from, but not for three heartbeats ([`STALE_AFTER`]): its lag
    /// is unknown though it is not silent yet.
    pub fn stale(&self) -> bool {
        self.unheard_seconds
            .is_some_and(|s| s as f64 > STALE_AFTER.as_secs_f64())
    }

    /// Its lag in words: `lag N`, else why it is unknown.
    pub fn lag_words(&self) -> String {
        match (self.lag, self.unheard_seconds) {
            (Some(lag), _) => format!("lag {lag}"),
            (None, None) if self.silent => "lag unknown (silent)".to_owned(),
            (None, None) => "lag unknown".to_owned(),
            (None, Some(_)) if self.heartbeat_problem.is_some() => {
                "lag unknown (heartbeat not signed by its key)".to_owned()
            }
            (None, Some(_)) if self.silent => "lag unknown (silent)".to_owned(),
            (None, Some(s)) => format!("lag unknown (no heartbeat for {s} s)"),
        }
    }

    /// The station's clock against the floor's in words (`3 h 0 min
    /// ahead`, `in step`), if it told its clock.
    pub fn clock_words(&self) -> Option<String> {
        self.clock_skew_seconds.map(skew_words)
    }

    /// The station's clock against the floor's in a phrase (`3 h 0 min
    /// ahead of the floor's`, `1 min 30 s behind the floor's`), if it told
    /// its clock.
    pub fn clock_against_floor(&self) -> Option<String> {
        self.clock_skew_seconds.map(skew_against_floor)
    }
}

/// A clock `skew` seconds from the floor's in words (`3 h 0 min ahead`,
/// `1 min 30 s behind`, `in step`).
pub fn skew_words(skew: i64) -> String {
    if skew == 0 {
        return "in step".into();
    }
    let way = if skew > 0 { "ahead" } else { "behind" };
    let s = skew.unsigned_abs();
    let amount = match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        3600..86400 => format!("{} h {} min", s / 3600, s % 3600 / 60),
        _ => format!("{} d {} h", s / 86400, s % 86400 / 3600),
    };
    format!("{amount} {way}")
}

/// [`skew_words`] against the floor's (`3 h 0 min ahead of the floor's`,
/// `1 min 30 s behind the floor's`, `in step with the floor's`).
pub fn skew_against_floor(skew: i64) -> String {
    let words = skew_words(skew);
    match skew {
        ..0 => format!("{words} the floor's"),
        0 => format!("{words} with the floor's"),
        _ => format!("{words} of the floor's"),
    }
}

/// One station as `floor status` shows it.
#[derive(Debug, Serialize)]
pub struct StationStatus {
    /// The station's enrolled name.
    pub station: String,
    /// Its table's name (the latest `tables` row shipped), if any.
    pub table: Option<String>,
    /// Rows on the floor.
    pub rows_shipped: i64,
    /// Rows the verifier has found signed by the station's enrolled key:
    /// the rows that count (replicas, reports, ratings, the pit).
    pub rows_verified: i64,
    /// The hash of the last of them, hex.
    pub head: String,
    /// How its link stands.
    #[serde(flatten)]
    pub link: StationLink,
    /// Why the station is suspended (its appends refused until the owner
    /// resumes it: a quarantine past its cap), if it is.
    pub suspended: Option<String>,
    /// Every change of its enrolled key the floor recorded, in order: each
    /// an alarm.
    pub key_changes: Vec<key_history::KeyChange>,
    /// Seconds, on the floor's clock, until the station counts as silent
    /// (0 or less: it does): when a view must look again though nothing
    /// arrived.
    #[serde(skip)]
    pub silent_in: f64,
    /// Seconds until its lag turns unknown for want of a heartbeat (0 or
    /// less: it has, or it was never heard from).
    #[serde(skip)]
    pub stale_in: f64,
}

/// Every enrolled station's shipping state.
pub fn status(url: &str) -> Result<Vec<StationStatus>, FloorError> {
    status_on(&mut connect(url)?)
}

/// [`status`] on an open connection: each station's own row of
/// `floor.stations` (its head, verified head, table, last contact and
/// link, kept there by the append and the signed heartbeat themselves)
/// and its key changes, never its chain. A lag is believed only from a
/// heartbeat signed by the station's enrolled key and at most
/// [`STALE_AFTER`] old.
pub(super) fn status_on(client: &mut Client) -> Result<Vec<StationStatus>, FloorError> {
    let rows = client.query(
        "SELECT s.station, s.head_seq, s.head_hash, greatest(s.file_rows - s.head_seq, 0), \
                s.verified_seq, \
                to_char(s.last_contact AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
                s.verified_table_row, s.link_failure, \
                extract(epoch FROM coalesce(s.last_contact, s.enrolled_at) \
                        + make_interval(mins => f.notice_minutes) - now())::float8, \
                round(extract(epoch FROM s.station_clock - s.last_contact))::bigint, \
                coalesce(abs(extract(epoch FROM s.station_clock - s.last_contact)) \
                         > f.clock_tolerance_seconds, false), \
                floor(extract(epoch FROM now() - s.last_contact))::bigint, \
                s.public_key, s.beat_signed_challenge, s.beat_file_rows, s.beat_clock, \
                s.beat_signature, s.suspended_why \
           FROM floor.stations s CROSS JOIN floor.settings f ORDER BY s.station",
        &[],
    )?;
    let key_changes = key_history::changes_on(client)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let station: String = r.get(0);
            let head: Vec<u8> = r.get(2);
            let table: Option<Vec<u8>> = r.get(6);
            let last_contact: Option<String> = r.get(5);
            let link_failure: Option<String> = r.get(7);
            let silent_in: f64 = r.get(8);
            let silent = silent_in <= 0.0;
            let unheard_seconds: Option<i64> = r.get(11);
            let public_key: Option<Vec<u8>> = r.get(12);
            let challenge: Option<Vec<u8>> = r.get(13);
            let beat_clock: Option<String> = r.get(15);
            let signature: Option<Vec<u8>> = r.get(16);
            let heartbeat_problem = last_contact.as_ref().and_then(|_| {
                heartbeat::Heartbeat {
                    station: &station,
                    challenge: challenge.as_deref().unwrap_or_default(),
                    file_rows: r.get::<_, Option<i64>>(14).unwrap_or(-1),
                    clock: beat_clock.as_deref().unwrap_or_default(),
                    failure: link_failure.as_deref(),
                }
                .problem(public_key.as_deref(), signature.as_deref())
            });
            let mut link = StationLink {
                lag: None,
                last_contact,
                silent,
                link_failure,
                clock_skew_seconds: r.get(9),
                clock_flagged: r.get(10),
                heartbeat_forged: heartbeat_problem.is_some() && signature.is_some(),
                heartbeat_problem,
                unheard_seconds,
            };
            let believed =
                link.last_contact.is_some() && link.heartbeat_problem.is_none() && !silent;
            if believed && !link.stale() {
                link.lag = Some(r.get(3));
            }
            let stale_in =
                unheard_seconds.map_or(0.0, |s| STALE_AFTER.as_secs_f64() + 1.0 - s as f64);
            let key_changes = key_changes
                .iter()
                .filter(|(name, _)| *name == station)
                .map(|(_, change)| change.clone())
                .collect();
            StationStatus {
                table: table.as_deref().and_then(shipped_table_name),
                rows_shipped: r.get(1),
                rows_verified: r.get(4),
                head: hex::encode(head),
                station,
                link,
                suspended: r.get(17),
                key_changes,
                silent_in,
                stale_in,
            }
        })
        .collect())
}

/// How often the running verifier checks in (`floor.verifier_checkins`).
pub const VERIFIER_CHECK_IN: Duration = Duration::from_secs(5);

/// How long without a check-in before the verifier counts as absent, and
/// `floor status`, the pit and the floor report say so.
pub const VERIFIER_ABSENT_AFTER: Duration = Duration::from_secs(30);

/// The floor's verifier as its check-ins show it (docs/floor.md, "The
/// verifier's check-in").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VerifierCheckIn {
    /// When it last checked in (RFC 3339, UTC, by the floor's clock), if
    /// ever.
    pub last: Option<String>,
    /// Whole seconds since then, by the floor's clock.
    pub seconds_since: Option<i64>,
    /// The machine it runs on, as it named itself.
    pub host: Option<String>,
}

impl VerifierCheckIn {
    /// No check-in for [`VERIFIER_ABSENT_AFTER`], or never.
    pub fn absent(&self) -> bool {
        self.seconds_since
            .is_none_or(|s| s as f64 > VERIFIER_ABSENT_AFTER.as_secs_f64())
    }

    /// Seconds until it counts as absent if it does not check in again (0
    /// or less: it does).
    pub fn absent_in(&self) -> f64 {
        self.seconds_since.map_or(0.0, |s| {
            VERIFIER_ABSENT_AFTER.as_secs_f64() + 1.0 - s as f64
        })
    }

    /// The alarm when it is absent, one sentence naming the verifier.
    pub fn alarm(&self) -> Option<String> {
        if !self.absent() {
            return None;
        }
        let since = match (&self.last, self.seconds_since) {
            (Some(last), Some(s)) => {
                format!("no verifier has checked in for {s} s (last at {last})")
            }
            _ => "no verifier has ever checked in".to_owned(),
        };
        Some(format!(
            "{since}: rows shipped since are not verified, so the pit, reports and ratings \
             show only what was verified before; start it with `pairs-table floor verifier \
             --floor OWNER_URL` (docs/floor.md, \"The verifier's check-in\")"
        ))
    }
}

/// The floor's verifier's latest check-in.
pub fn verifier_check_in(url: &str) -> Result<VerifierCheckIn, FloorError> {
    verifier_on(&mut connect(url)?)
}

/// [`verifier_check_in`] on an open connection.
pub(super) fn verifier_on(client: &mut Client) -> Result<VerifierCheckIn, FloorError> {
    let row = client.query_opt(
        "SELECT to_char(checked_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
                floor(extract(epoch FROM now() - checked_in_at))::bigint, host \
           FROM floor.verifier_checkins",
        &[],
    )?;
    Ok(
        row.map_or_else(VerifierCheckIn::default, |r| VerifierCheckIn {
            last: r.get(0),
            seconds_since: r.get(1),
            host: r.get(2),
        }),
    )
}
