//! The pit's view of every table on the floor (docs/floor.md, "The pit
//! view"): each station's replica read for its table's state this shift,
//! and a listener that wakes when any station's rows arrive
//! (LISTEN/NOTIFY on the channel `floor_rows`, not a polling loop); the
//! floor report's figures, read the same way.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use postgres::Client;
use postgres::fallible_iterator::FallibleIterator;

use super::live::{LiveHand, hands_on};
use super::plan::{Place, places_on};
use super::protection::{ProtectionSettings, settings_on};
use super::{
    FloorError, StationLink, StationStatus, VerifierCheckIn, connect, replicate_on, status_on,
    verifier_on,
};
use crate::engine::hand::GameKind;
use crate::engine::rules::HouseRules;
use crate::ids::{ShiftId, TableId};
use crate::inventory::{TableLimits, format_basis_points, hold_basis_points};
use crate::ledger::report::{Period, ReportError, ReportQuery, StaffRef};
use crate::ledger::{CountKind, CountState, HandFilter, Ledger, SystemClock};
use crate::par::hold::{ExpectedHold, ParHold};
use crate::report::floor::{FloorPeriod, FloorReport, FloorTable};
use crate::station::keys::RULES as RULES_KEY;

/// An alarm still open at a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenAlarm {
    /// When it was raised (RFC 3339, UTC).
    pub raised_at: DateTime<Utc>,
    /// What it says.
    pub message: String,
    /// Raised by the floor itself (a quarantine, a chain it cannot read),
    /// not at the table.
    pub from_floor: bool,
}

/// Something at a table that waits for a pit boss there, as the table's
/// record shows it, besides its open alarms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PitBossWait {
    /// Since when.
    pub since: DateTime<Utc>,
    /// What waits, in words.
    pub what: String,
}

/// One station's table as the pit sees it, read from the floor's copy.
#[derive(Debug, Clone, PartialEq)]
pub struct PitTable {
    /// The station's enrolled name.
    pub station: String,
    /// Its replica, for drilling into hands.
    pub replica: PathBuf,
    /// Whether the station has shipped any row.
    pub shipped: bool,
    /// Where the house placed it on the floor plan, if it did.
    pub place: Option<Place>,
    /// The table of the open shift (else the last table shipped).
    pub table: Option<String>,
    /// Its game.
    pub game: Option<GameKind>,
    /// The house rules in force (Rocket's bet limits, Starboard's ante and
    /// rake): the table's rules setting, else those of its latest hands.
    pub rules: Option<HouseRules>,
    /// Rocket's limits a pit boss set that are not in force yet (they
    /// apply from the table's next hand).
    pub next_limits: Option<TableLimits>,
    /// Whether a shift is open.
    pub open: bool,
    /// The table and the shift whose figures are shown (`None` before the
    /// table's first shift).
    pub shift: Option<(TableId, ShiftId)>,
    /// The dealer of the latest hand of the shift shown, with their name.
    pub dealer: Option<StaffRef>,
    /// Hands dealt in the shift shown: the open one, else the last
    /// (voided ones included).
    pub hands: u64,
    /// Drop in that shift, units.
    pub drop: u64,
    /// The ledger's win in that shift (house perspective), units.
    pub win: i64,
    /// Win ÷ drop, as `12.50%`; `None` with no drop.
    pub hold: Option<String>,
    /// What the house should have won (Rocket) or raked (Starboard) over
    /// the shift's hands that stand, and its 95% range, as the shift
    /// report gives it; `None` without hands.
    pub expected_hold: Option<ExpectedHold>,
    /// What it did, to set against that range: Rocket, the ledger's win
    /// from the hands; Starboard, the rake.
    pub actual_hold: i64,
    /// Alarms still open, newest first.
    pub alarms: Vec<OpenAlarm>,
    /// What else waits for a pit boss at the table: the opener of an open
    /// shift not yet counted, staff locked out (oldest first).
    pub waiting: Vec<PitBossWait>,
    /// How the station's link to the floor stands.
    pub link: StationLink,
    /// The hand it is dealing now, as it last published it (docs/floor.md,
    /// "The hand in progress"): not part of the record.
    pub hand_in_progress: Option<LiveHand>,
}

/// A table's state at a glance, in the order the pit needs to see it: a
/// link down hides everything else, then an alarm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableState {
    /// Its last attempt to reach the floor failed, its last heartbeat
    /// cannot be believed, or, with a shift open, it has not been heard
    /// from for the house's notice time: what the pit sees may be stale.
    LinkDown,
    /// Enrolled, and nothing shipped yet (heard from or not).
    NothingShipped,
    /// No shift open and the station not heard from for the house's
    /// notice time: switched off after closing, as a station is.
    StationOff,
    /// An alarm is open at the table.
    Alarm,
    /// A shift is open.
    Open,
    /// No shift is open.
    Closed,
}

impl TableState {
    /// The state in words, as the pit view labels it.
    pub fn words(self) -> &'static str {
        match self {
            TableState::LinkDown => "link down",
            TableState::NothingShipped => "enrolled, nothing shipped yet",
            TableState::StationOff => "closed, station off",
            TableState::Alarm => "alarm",
            TableState::Open => "open",
            TableState::Closed => "closed",
        }
    }
}

impl PitTable {
    /// The table's state (docs/floor.md, "The pit view").
    pub fn state(&self) -> TableState {
        let link = &self.link;
        if link.link_failure.is_some() || link.heartbeat_problem.is_some() {
            TableState::LinkDown
        } else if !self.shipped {
            TableState::NothingShipped
        } else if link.silent && self.open {
            TableState::LinkDown
        } else if !self.alarms.is_empty() {
            TableState::Alarm
        } else if link.silent {
            TableState::StationOff
        } else if self.open {
            TableState::Open
        } else {
            TableState::Closed
        }
    }
}

/// What the pit sees of the floor at one look.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Survey {
    /// Every station's table, by station name.
    pub tables: Vec<PitTable>,
    /// The floor's connections, in use and allowed.
    pub connections: Connections,
    /// When to look again though nothing arrives: the soonest a station
    /// heard from now would fall silent (`None`: no station can).
    pub look_again: Option<Duration>,
    /// The house's thresholds for marking a seat or player whose bets
    /// follow the edge (`floor protection`).
    pub protection: ProtectionSettings,
    /// The floor's verifier as its check-ins show it: when it is absent,
    /// nothing shipped since is counted, and the pit says so.
    pub verifier: VerifierCheckIn,
    /// The floor's primary and the failover this program saw, for a
    /// multi-host target with `target_session_attrs=read-write`
    /// (docs/floor.md, "Failover runbook"); `None` for one server.
    pub primary: Option<super::servers::Primary>,
    /// Where the tables were read, when the pit reads them from a standby
    /// ([`resurvey_reading`]): the standby, or why the primary instead.
    pub reading: Option<String>,
}

/// The floor server's connections as any role can see them: in use and
/// allowed, on the whole server and for this database (docs/floor.md,
/// "Connections").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Connections {
    /// Client connections open on the server.
    pub in_use: i64,
    /// `max_connections` less those reserved for superusers.
    pub allowed: i64,
    /// Client connections open to this database.
    pub database_in_use: i64,
    /// The database's connection limit, if it has one.
    pub database_allowed: Option<i64>,
}

impl Connections {
    /// Whether a new connection (a station's, the pit's) would be refused.
    pub fn exhausted(&self) -> bool {
        self.in_use >= self.allowed
            || self
                .database_allowed
                .is_some_and(|allowed| self.database_in_use >= allowed)
    }

    /// One sentence for the pit: how many are in use of how many, and
    /// plainly when none is free.
    pub fn sentence(&self) -> String {
        let database = self
            .database_allowed
            .map(|allowed| format!("; this database {} of {allowed}", self.database_in_use))
            .unwrap_or_default();
        if self.exhausted() {
            format!(
                "The floor has no connection free ({} of {} in use{database}): stations and the pit are refused until one frees; docs/floor.md, \"Connections\", sizes them.",
                self.in_use, self.allowed
            )
        } else {
            format!(
                "Floor connections: {} of {} in use{database}.",
                self.in_use, self.allowed
            )
        }
    }
}

/// Every station's table, by station name, with replicas kept in `dir`
/// (brought up to date from the floor first).
pub fn survey(url: &str, dir: &Path) -> Result<Survey, FloorError> {
    resurvey(url, dir, &[], None)
}

/// The survey again after rows arrived from the stations named in
/// `changed` (a notification's payloads): only their replicas are brought
/// up to date and read again; every other station's table is taken from
/// `previous`, with its link read afresh. `None` reads every station.
pub fn resurvey(
    url: &str,
    dir: &Path,
    previous: &[PitTable],
    changed: Option<&[String]>,
) -> Result<Survey, FloorError> {
    let surveyed = connect(url).and_then(|mut client| {
        let connections = connections(&mut client)?;
        resurvey_on(client, connections, dir, previous, changed)
    });
    let survey = surveyed.map_err(|error| super::explain_old_floor(url, error))?;
    Ok(Survey {
        primary: super::servers::primary_for(url),
        ..survey
    })
}

/// How long a survey read from a standby waits for the standby to replay
/// what the primary had written when the survey began.
pub const REPLAY_WAIT: Duration = Duration::from_secs(5);

/// [`resurvey`] with the tables read from a standby, so the primary, where
/// `watch` listens, carries the stations' shipping and little else
/// (docs/floor.md, "Reading from a standby"): the floor's connections and
/// its position in its WAL are asked on the listening connection; the
/// first server of `reads` that answers (a target naming the standbys) is
/// given up to [`REPLAY_WAIT`] to replay that position, so the rows a
/// notification announced are there, and every table is read from it.
/// When no server of `reads` answers, or it lags further, the tables are
/// read from the primary and [`Survey::reading`] says why.
pub fn resurvey_reading(
    reads: &str,
    watch: &mut FloorWatch,
    dir: &Path,
    previous: &[PitTable],
    changed: Option<&[String]>,
) -> Result<Survey, FloorError> {
    let (connections, written) = watch.primary_now()?;
    let standby = connect(reads).and_then(|mut client| {
        let server = replayed(&mut client, &written)?;
        Ok((client, server))
    });
    let (client, reading) = match standby {
        Ok((client, server)) => (client, format!("Tables read from the standby {server}.")),
        Err(why) => (
            connect(&watch.url)?,
            format!("Tables read from the primary: the standby did not serve them ({why})."),
        ),
    };
    let survey = resurvey_on(client, connections, dir, previous, changed)
        .map_err(|error| super::explain_old_floor(reads, error))?;
    Ok(Survey {
        primary: super::servers::primary_for(&watch.url),
        reading: Some(reading),
        ..survey
    })
}

/// Waits (up to [`REPLAY_WAIT`]) until the server of `client` has replayed
/// the primary's WAL up to `written`; returns the server (`HOST:PORT`). A
/// server not in recovery has everything it wrote.
fn replayed(client: &mut Client, written: &str) -> Result<String, FloorError> {
    let start = std::time::Instant::now();
    loop {
        let row = client.query_one(
            "SELECT coalesce(host(inet_server_addr()) || ':' || inet_server_port(), 'on its socket'), \
                    NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= $1::text::pg_lsn",
            &[&written],
        )?;
        let (server, caught_up): (String, bool) = (row.get(0), row.get(1));
        if caught_up {
            return Ok(server);
        }
        if start.elapsed() >= REPLAY_WAIT {
            return Err(FloorError::Refused(format!(
                "{server} had not replayed the primary's WAL to {written} after {} s",
                REPLAY_WAIT.as_secs()
            )));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The survey read on `client` (then closed), `connections` as read on
/// the primary; its errors as the floor gave them.
fn resurvey_on(
    mut client: Client,
    connections: Connections,
    dir: &Path,
    previous: &[PitTable],
    changed: Option<&[String]>,
) -> Result<Survey, FloorError> {
    // One connection for the whole redraw, and nothing read in proportion
    // to a chain: the stations' own rows, the rows that arrived for the
    // stations named, the floor's recent alarms.
    let replicas = replicate_on(&mut client, dir, changed)?;
    let mut floor_alarms = floor_alarms(&mut client)?;
    let mut places = places_on(&mut client)?;
    let stations = status_on(&mut client)?;
    floor_alarms.extend(key_change_alarms(&stations));
    floor_alarms.sort_by_key(|(_, alarm)| std::cmp::Reverse(alarm.raised_at));
    let protection = settings_on(&mut client)?;
    let mut live = hands_on(&mut client)?;
    let verifier = verifier_on(&mut client)?;
    drop(client);
    // The soonest a station falls stale or silent, or the verifier absent.
    let look_again = stations
        .iter()
        .flat_map(|s| [s.silent_in, s.stale_in])
        .chain([verifier.absent_in()])
        .filter(|in_secs| *in_secs > 0.0)
        .map(Duration::from_secs_f64)
        .min();
    // Each station with a replica: its table as surveyed before when no
    // row of its arrived, else read again from the replica. The reads run
    // side by side, one worker a core: 50 stations arriving at once, read
    // one after another, were the pit's wait.
    let mut read: HashMap<String, Result<PitTable, FloorError>> = {
        use rayon::prelude::*;
        let ready: Vec<(&StationStatus, &Path)> = stations
            .iter()
            .filter_map(|s| Some((s, replicas.ready_for(&s.station)?)))
            .collect();
        ready
            .into_par_iter()
            .map(|(station, replica)| {
                let unchanged = changed.is_some_and(|c| !c.contains(&station.station));
                let kept = previous
                    .iter()
                    .find(|t| t.station == station.station)
                    .filter(|_| unchanged);
                let table = match kept {
                    Some(kept) => Ok(PitTable {
                        link: station.link.clone(),
                        ..kept.clone()
                    }),
                    None => pit_table(station, replica),
                };
                (station.station.clone(), table)
            })
            .collect()
    };
    let mut tables = Vec::new();
    for station in stations {
        let Some(table) = read.remove(&station.station) else {
            let table = match replicas.unreadable_for(&station.station) {
                Some(why) => unreadable_table(&station, dir, why, &floor_alarms),
                // Nothing verified yet: the station and its link all the same.
                None => with_floor_alarms(
                    no_shift_table(&station, dir.join("nothing shipped")),
                    &floor_alarms,
                ),
            };
            tables.push(PitTable {
                place: places.remove(&station.station),
                hand_in_progress: take_live(&mut live, &station.station),
                ..table
            });
            continue;
        };
        let table = table?;
        let table = PitTable {
            place: places.remove(&station.station),
            hand_in_progress: take_live(&mut live, &station.station),
            ..table
        };
        tables.push(with_floor_alarms(table, &floor_alarms));
    }
    for table in &mut tables {
        refused_hand_alarm(table);
        heard_through_hand(table);
    }
    Ok(Survey {
        tables,
        connections,
        look_again,
        protection,
        verifier,
        primary: None,
        reading: None,
    })
}

/// A hand in progress the pit believed (its signature holds under the
/// station's key) counts as contact: a station dealing a hand is heard
/// from at each step it publishes, not only at its heartbeats and
/// shipments. Its time is the last contact when it is later, and one
/// within the house's notice time means the station is not silent.
fn heard_through_hand(table: &mut PitTable) {
    let Some(live) = &table.hand_in_progress else {
        return;
    };
    if live.hand.is_err() {
        return;
    }
    let link = &mut table.link;
    let published = live
        .received_at
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let later = link
        .last_contact
        .as_deref()
        .and_then(|text| DateTime::parse_from_rfc3339(text).ok())
        .is_none_or(|last| live.received_at > last);
    if later {
        link.last_contact = Some(published);
        link.unheard_seconds = Some((Utc::now() - live.received_at).num_seconds().max(0));
        if !live.old {
            link.silent = false;
        }
    }
}

/// A hand in progress the pit refused (its signature does not hold under
/// the station's key, or its bytes are not the format's) as the table's
/// first alarm: on its card, in the floor's list, not only in its detail.
fn refused_hand_alarm(table: &mut PitTable) {
    if let Some(LiveHand {
        hand: Err(why),
        received_at,
        ..
    }) = &table.hand_in_progress
    {
        table.alarms.insert(
            0,
            OpenAlarm {
                raised_at: *received_at,
                message: format!("Floor: the hand in progress it published was refused: {why}"),
                from_floor: true,
            },
        );
    }
}

/// `station`'s hand in progress among `live`, taken out.
fn take_live(live: &mut Vec<(String, LiveHand)>, station: &str) -> Option<LiveHand> {
    let at = live.iter().position(|(name, _)| name == station)?;
    Some(live.swap_remove(at).1)
}

/// The floor server's connections now.
fn connections(client: &mut Client) -> Result<Connections, FloorError> {
    let row = client.query_one(
        "SELECT count(*), count(*) FILTER (WHERE a.datname = current_database()), \
                current_setting('max_connections')::bigint \
                  - current_setting('superuser_reserved_connections')::bigint, \
                (SELECT nullif(d.datconnlimit, -1)::bigint FROM pg_database d \
                  WHERE d.datname = current_database()) \
           FROM pg_stat_activity a WHERE a.backend_type = 'client backend'",
        &[],
    )?;
    Ok(Connections {
        in_use: row.get(0),
        database_in_use: row.get(1),
        allowed: row.get(2),
        database_allowed: row.get(3),
    })
}

/// The floor's own alarms (quarantined rows) of the last 24 hours, by
/// station, newest first.
fn floor_alarms(client: &mut Client) -> Result<Vec<(String, OpenAlarm)>, FloorError> {
    // The newest of each station's last 24 hours, at most
    // FLOOR_ALARMS_A_STATION of them, each with how often its cause came up
    // again: the pit holds as much whatever the floor holds.
    let rows = client.query(
        "SELECT a.station, a.message, \
                to_char(a.raised_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), \
                r.repeats, \
                to_char(r.last_raised_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') \
           FROM (SELECT a.*, row_number() OVER (PARTITION BY a.station \
                                                ORDER BY a.raised_at DESC, a.id DESC) AS n \
                   FROM floor.alarms a WHERE a.raised_at > now() - interval '24 hours') a \
           LEFT JOIN floor.alarm_repeats r ON r.alarm_id = a.id \
          WHERE a.n <= $1 \
          ORDER BY a.raised_at DESC, a.id DESC",
        &[&FLOOR_ALARMS_A_STATION],
    )?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let raised: String = r.get(2);
            let raised_at = DateTime::parse_from_rfc3339(&raised)
                .ok()?
                .with_timezone(&Utc);
            let message: String = r.get(1);
            let repeats: Option<i64> = r.get(3);
            let last: Option<String> = r.get(4);
            let again = match (repeats, last) {
                (Some(n), Some(last)) => format!(" (and {n} more like it, the last at {last})"),
                _ => String::new(),
            };
            Some((
                r.get(0),
                OpenAlarm {
                    raised_at,
                    message: format!("Floor: {message}{again}"),
                    from_floor: true,
                },
            ))
        })
        .collect())
}

/// The most floor alarms the pit reads for one station (its newest of
/// the last 24 hours; repeats of one cause are counted on one).
pub const FLOOR_ALARMS_A_STATION: i64 = 20;

/// Every station's key changes as the floor's alarms about it, however
/// long ago (docs/floor.md, "Key changes").
fn key_change_alarms(stations: &[StationStatus]) -> Vec<(String, OpenAlarm)> {
    stations
        .iter()
        .flat_map(|s| {
            s.key_changes.iter().filter_map(|change| {
                let raised_at = DateTime::parse_from_rfc3339(&change.changed_at)
                    .ok()?
                    .with_timezone(&Utc);
                Some((
                    s.station.clone(),
                    OpenAlarm {
                        raised_at,
                        message: format!("Floor: {}", change.alarm(&s.station)),
                        from_floor: true,
                    },
                ))
            })
        })
        .collect()
}

/// `table` with the floor's alarms about its station first.
fn with_floor_alarms(mut table: PitTable, floor_alarms: &[(String, OpenAlarm)]) -> PitTable {
    table.alarms.retain(|a| !a.from_floor);
    let mut alarms: Vec<OpenAlarm> = floor_alarms
        .iter()
        .filter(|(station, _)| *station == table.station)
        .map(|(_, alarm)| alarm.clone())
        .collect();
    alarms.append(&mut table.alarms);
    table.alarms = alarms;
    table
}

/// The stretches of time each station's clock was beyond the house's
/// tolerance (`floor.clock_episodes`) within `period` (each table's latest
/// shift: the last 24 hours): station, from and until (UTC, by the
/// floor's clock) and the worst difference, seconds.
fn clock_episodes_on(
    client: &mut Client,
    period: FloorPeriod,
) -> Result<Vec<(String, String, String, i64)>, FloorError> {
    let (from, to) = match period {
        FloorPeriod::Range { from, to } => (from, to),
        FloorPeriod::LatestShifts => (Utc::now() - chrono::TimeDelta::hours(24), Utc::now()),
    };
    let rows = client.query(
        "SELECT station, \
                to_char(from_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
                to_char(until_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
                worst_skew_seconds \
           FROM floor.clock_episodes \
          WHERE from_at < $2::text::timestamptz AND until_at >= $1::text::timestamptz \
          ORDER BY station, from_at",
        &[&from.to_rfc3339(), &to.to_rfc3339()],
    )?;
    Ok(rows
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect())
}

/// A station whose chain on the floor cannot be read: shown with the
/// reason as an alarm, its figures empty.
fn unreadable_table(
    station: &StationStatus,
    dir: &Path,
    why: &str,
    floor_alarms: &[(String, OpenAlarm)],
) -> PitTable {
    let mut table = with_floor_alarms(
        no_shift_table(station, dir.join("unreadable")),
        floor_alarms,
    );
    table.alarms.insert(
        0,
        OpenAlarm {
            raised_at: Utc::now(),
            message: format!("Floor: the floor's copy of this station cannot be read: {why}"),
            from_floor: true,
        },
    );
    table
}

/// A station's table as the pit shows it with nothing read from its
/// replica: its name, shipped or not, and its link.
fn no_shift_table(station: &StationStatus, replica: PathBuf) -> PitTable {
    PitTable {
        station: station.station.clone(),
        replica,
        shipped: station.rows_shipped > 0,
        place: None,
        table: station.table.clone(),
        game: None,
        rules: None,
        next_limits: None,
        open: false,
        shift: None,
        dealer: None,
        hands: 0,
        drop: 0,
        win: 0,
        hold: None,
        expected_hold: None,
        actual_hold: 0,
        alarms: Vec::new(),
        waiting: Vec::new(),
        link: station.link.clone(),
        hand_in_progress: None,
    }
}

/// One station's table read from its replica: its open shift, else its
/// last, as the shift report reads it (figures, dealers, rules, expected
/// hold), with the alarms still open at the table.
fn pit_table(station: &StationStatus, replica: &Path) -> Result<PitTable, FloorError> {
    let ledger = Ledger::open_read_only(replica, Box::new(SystemClock), false)?;
    let mut table = no_shift_table(station, replica.to_path_buf());
    let open = ledger.open_shift_now()?;
    if let Some(open) = &open
        && ledger.count_state(open.shift, CountKind::Opener)? == CountState::Missing
    {
        table.waiting.push(PitBossWait {
            since: open.opened_at,
            what: "the opener: play waits for the tray's opening count".into(),
        });
    }
    table.waiting.extend(
        ledger
            .lockouts()?
            .into_iter()
            .map(|(staff, name, since)| PitBossWait {
                since,
                what: format!("{name} ({staff}) locked out after wrong PINs: a pit boss lifts it"),
            }),
    );
    table.waiting.sort_by_key(|wait| wait.since);
    let (name, period) = match &open {
        Some(open) => (Some(open.table_name.clone()), Period::Shift(open.shift)),
        None => (station.table.clone(), Period::LatestShift),
    };
    let Some(name) = name else {
        return Ok(table);
    };
    let query = ReportQuery {
        table: Some(name),
        period,
        casino: None,
    };
    let figures = match ledger.table_figures(&query, &ParHold) {
        Ok(figures) => figures,
        // A table that has never opened a shift: its name and link only.
        Err(ReportError::NoShifts(_)) => return Ok(table),
        Err(why) => {
            return Err(FloorError::Refused(format!(
                "station {}'s table cannot be read: {why}",
                station.station
            )));
        }
    };
    let header = &figures.header;
    let hands = ledger.browse_hands(&HandFilter {
        shift: header.shift,
        ..HandFilter::default()
    })?;
    let in_force = match open.as_ref().and_then(|o| o.settings.get(RULES_KEY)) {
        Some(hash) => Some(ledger.rules(hash)?),
        None => header.rules.last().map(|in_force| in_force.rules),
    };
    let drop = figures.inventory.drop.unwrap_or(0);
    let win = figures.inventory.ledger_win;
    table.table = Some(header.table_name.clone());
    table.game = Some(header.game);
    table.next_limits = ledger.table_limits(header.table_id)?.filter(|set| {
        in_force.is_some_and(|rules| {
            (rules.rocket.min_bet_units, rules.rocket.max_bet_units)
                != (set.min_bet_units, set.max_bet_units)
        })
    });
    table.rules = in_force;
    table.open = open.is_some();
    table.shift = header.shift.map(|shift| (header.table_id, shift));
    table.dealer = hands.last().map(|hand| {
        header
            .dealers
            .iter()
            .find(|d| d.id == hand.dealer)
            .cloned()
            .unwrap_or(StaffRef {
                id: hand.dealer,
                name: "unknown".into(),
            })
    });
    table.hands = figures.play.hands;
    table.drop = drop;
    table.win = win;
    table.hold = hold_basis_points(win, drop).map(format_basis_points);
    table.expected_hold = figures.play.expected_hold;
    table.actual_hold = figures.play.actual_hold;
    let mut alarms: Vec<OpenAlarm> = ledger
        .alarms(header.table_id, true)?
        .into_iter()
        .map(|a| OpenAlarm {
            raised_at: a.raised_at,
            message: a.message,
            from_floor: false,
        })
        .collect();
    alarms.reverse();
    table.alarms = alarms;
    Ok(table)
}

/// The floor report of `period` (docs/floor.md, "The floor report"):
/// each station's table read from its replica in `dir` (brought up to
/// date first) as its shift report would read it; a station whose table
/// has nothing to report in the period is listed as left out, with why.
pub fn floor_report(url: &str, dir: &Path, period: FloorPeriod) -> Result<FloorReport, FloorError> {
    let mut client = connect(url)?;
    let replicas = replicate_on(&mut client, dir, None)?;
    let stations = status_on(&mut client)?;
    let verifier = verifier_on(&mut client)?;
    let episodes = clock_episodes_on(&mut client, period)?;
    drop(client);
    let mut report = FloorReport {
        period,
        tables: Vec::new(),
        left_out: Vec::new(),
        clocks: Vec::new(),
        verifier: verifier.alarm(),
        printed_at: chrono::Utc::now(),
    };
    for station in stations {
        if let (true, Some(clock)) = (
            station.link.clock_flagged,
            station.link.clock_against_floor(),
        ) {
            report.clocks.push(format!(
                "station {}: its clock was {clock} at its last contact, beyond the house's tolerance; its hands are selected by its own clock",
                station.station
            ));
        }
        for (from, until, skew) in episodes
            .iter()
            .filter(|e| e.0 == station.station)
            .map(|e| (&e.1, &e.2, e.3))
        {
            report.clocks.push(format!(
                "station {}: its clock was as much as {} from {from} to {until} (the floor's clock, UTC), beyond the house's tolerance; the hands it dealt then carry its own times, so a period chosen by the floor's clock may leave them out",
                station.station,
                super::skew_against_floor(skew)
            ));
        }
        if let Some(why) = replicas.unreadable_for(&station.station) {
            report.left_out.push(unreadable(&station.station, why));
            continue;
        }
        let Some(replica) = replicas.ready_for(&station.station) else {
            report
                .left_out
                .push(format!("station {}: nothing shipped yet", station.station));
            continue;
        };
        let ledger = match Ledger::open_read_only(replica, Box::new(SystemClock), false) {
            Ok(ledger) => ledger,
            Err(why) => {
                report.left_out.push(unreadable(&station.station, why));
                continue;
            }
        };
        let query = ReportQuery {
            table: station.table.clone(),
            period: match period {
                FloorPeriod::LatestShifts => Period::LatestShift,
                FloorPeriod::Range { from, to } => Period::Range { from, to },
            },
            casino: None,
        };
        match ledger.table_figures(&query, &ParHold) {
            Ok(figures) => report.tables.push(FloorTable {
                station: station.station,
                figures,
            }),
            Err(why) => report
                .left_out
                .push(format!("station {}: {why}", station.station)),
        }
    }
    Ok(report)
}

/// The floor report's line for a station whose chain cannot be read.
fn unreadable(station: &str, why: impl std::fmt::Display) -> String {
    format!("station {station}: its chain on the floor cannot be read: {why}")
}

/// A connection listening for rows arriving on the floor.
pub struct FloorWatch {
    client: Client,
    /// The target listened on.
    url: String,
}

impl FloorWatch {
    /// Listens on the floor at `url` (an owner's or the pit's URL): for
    /// rows (`floor_rows`) and hands in progress (`floor_live`).
    pub fn listen(url: &str) -> Result<FloorWatch, FloorError> {
        let mut client = connect(url)?;
        client.batch_execute("LISTEN floor_rows; LISTEN floor_live")?;
        Ok(FloorWatch {
            client,
            url: url.to_owned(),
        })
    }

    /// The floor's connections now and how far its server has written its
    /// WAL (an LSN), asked on the listening connection.
    fn primary_now(&mut self) -> Result<(Connections, String), FloorError> {
        let connections = connections(&mut self.client)?;
        let written = self
            .client
            .query_one("SELECT pg_current_wal_lsn()::text", &[])?
            .get(0);
        Ok((connections, written))
    }

    /// Blocks until a station's rows or hand in progress arrive, or until
    /// `at_most` has passed (`None`: however long); returns the stations
    /// whose rows arrived, named by every notification waiting by then
    /// (none when the time passed, or only hands in progress arrived:
    /// every survey reads those).
    pub fn wait(&mut self, at_most: Option<Duration>) -> Result<Vec<String>, FloorError> {
        let first = {
            let mut notifications = self.client.notifications();
            match at_most {
                Some(limit) => notifications.timeout_iter(limit).next()?,
                None => notifications.blocking_iter().next()?,
            }
        };
        let Some(first) = first else {
            if self.client.is_closed() || at_most.is_none() {
                return Err(FloorError::Refused(
                    "the floor database closed the connection".into(),
                ));
            }
            return Ok(Vec::new());
        };
        let mut notifications = self.client.notifications();
        let mut heard = vec![first];
        let mut pending = notifications.iter();
        while let Some(more) = pending.next()? {
            heard.push(more);
        }
        Ok(heard
            .into_iter()
            .filter(|n| n.channel() == "floor_rows")
            .map(|n| n.payload().to_owned())
            .collect())
    }
}
