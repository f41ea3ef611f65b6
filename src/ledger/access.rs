//! Staff, PINs, sign-in, sessions, lockouts and approvals: the ledger side
//! of `crate::access`. Every PIN is checked here against its argon2id hash;
//! every wrong one is recorded and counted. See docs/access.md.

use std::fmt;

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, KeyId, ParamsBuilder, Version};
use chrono::{DateTime, Utc};
use rusqlite::OptionalExtension;
use rusqlite::types::Value;
use sha2::{Digest, Sha256};

use super::chain::{
    ACCESS_EVENTS, APPROVALS, PINS, SHIFT_CLOSES, SHIFTS, STAFF, TABLE_SETTINGS, TableSpec,
};
use super::{AccessError, Ledger, LedgerError, Role, ShiftError, row_time, timestamp};
use crate::access::{AccessEvent, LockState, check_new_pin, looks_like_pin};
use crate::ids::{HandId, ShiftId, StaffId, TableId};
use crate::inventory::{Denominations, TableLimits};

/// The table-setting key of the chip denominations.
pub const DENOMINATIONS_KEY: &str = "denominations";
/// The table-setting key of the table limits.
pub const LIMITS_KEY: &str = "limits";
/// The table setting naming where a table's cards come from
/// (`software`, `simulated`, `scanner BAUD PATH`).
pub const SOURCE_KEY: &str = "source";

/// A staff member confirming with their PIN at this moment.
#[derive(Clone, Copy)]
pub struct PinEntry<'a> {
    /// Their staff id.
    pub staff: StaffId,
    /// The PIN as typed.
    pub pin: &'a str,
}

impl fmt::Debug for PinEntry<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PinEntry")
            .field("staff", &self.staff)
            .field("pin", &"(hidden)")
            .finish()
    }
}

/// A signed-in staff member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Who.
    pub staff: StaffId,
    /// Where (the station named by `Ledger::set_station`).
    pub station: String,
    /// Since when, UTC (RFC 3339).
    pub since: DateTime<Utc>,
}

/// A staff member as the pit boss's staff list shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffMember {
    /// Staff id.
    pub id: StaffId,
    /// Name.
    pub name: String,
    /// Role.
    pub role: Role,
    /// Whether a PIN is set.
    pub has_pin: bool,
    /// Lockout standing.
    pub lock: LockState,
    /// Their session, if signed in.
    pub session: Option<Session>,
}

/// Approved actions, as stored in `approvals.action`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Action {
    Limits,
    Denominations,
    Void,
    ManualCard,
    ScannerOverride,
    OpenTable,
    CloseTable,
    Fill,
    Credit,
    AddStaff,
    SetPin,
    ShoePort,
}

impl Action {
    pub(super) const fn as_str(self) -> &'static str {
        match self {
            Action::Limits => "limits",
            Action::Denominations => "denominations",
            Action::Void => "void",
            Action::ManualCard => "manual_card",
            Action::ScannerOverride => "scanner_override",
            Action::OpenTable => "open_table",
            Action::CloseTable => "close_table",
            Action::Fill => "fill",
            Action::Credit => "credit",
            Action::AddStaff => "add_staff",
            Action::SetPin => "set_pin",
            Action::ShoePort => "shoe_port",
        }
    }

    /// Whether a pit boss may ask for this and approve it alone (a table
    /// with no dealer signed in): limits, denominations, closing the table
    /// and voids (a void is never approved by the hand's dealer). Slips,
    /// manual cards and overrides always need someone else to ask.
    const fn pit_boss_may_initiate(self) -> bool {
        matches!(
            self,
            Action::Limits
                | Action::Denominations
                | Action::CloseTable
                | Action::Void
                | Action::ShoePort
        )
    }

    /// The action in words, for refusals ("… who may not {words}").
    const fn words(self) -> &'static str {
        match self {
            Action::Limits => "change the table limits",
            Action::Denominations => "set the chip denominations",
            Action::Void => "approve a void",
            Action::ManualCard => "approve a manual card",
            Action::ScannerOverride => "approve a scanner override",
            Action::OpenTable => "open the table",
            Action::CloseTable => "close the table",
            Action::Fill => "approve a fill",
            Action::Credit => "approve a credit",
            Action::AddStaff => "add this staff member",
            Action::SetPin => "set another person's PIN",
            Action::ShoePort => "move the card-reading shoe to another port",
        }
    }
}

/// Argon2id memory per PIN hash, in KiB: 64 MiB (docs/access.md: what a
/// sign-in affords, about 0.14 s here).
const PIN_MEMORY_KIB: u32 = 64 * 1024;
/// Argon2id passes per PIN hash.
const PIN_PASSES: u32 = 3;

/// The key id a peppered PIN hash carries: the first 8 bytes of
/// SHA-256("pairs-table PIN pepper" ‖ pepper), so a hash names which
/// pepper it needs without revealing it.
fn pepper_id(pepper: &[u8; 32]) -> [u8; 8] {
    let digest = Sha256::new()
        .chain_update(b"pairs-table PIN pepper")
        .chain_update(pepper)
        .finalize();
    let mut id = [0u8; 8];
    id.copy_from_slice(&digest[..8]);
    id
}

/// A throw-away demo ledger's PIN hashes: 1 MiB, one pass (its PINs are
/// shown on screen; the demo table is up within a second).
const DEMO_PIN_MEMORY_KIB: u32 = 1024;

/// The argon2id hasher with the station's pepper as its secret, at the
/// station's cost, or the demo's when `light`. A hash carries its own
/// cost, so either checks against either.
fn peppered(pepper: &[u8; 32], light: bool) -> Result<Argon2<'_>, LedgerError> {
    let failed = |e: argon2::Error| AccessError::PinHash(e.to_string()).into();
    let (memory, passes) = if light {
        (DEMO_PIN_MEMORY_KIB, 1)
    } else {
        (PIN_MEMORY_KIB, PIN_PASSES)
    };
    let params = ParamsBuilder::new()
        .m_cost(memory)
        .t_cost(passes)
        .p_cost(1)
        .keyid(KeyId::new(&pepper_id(pepper)).map_err(failed)?)
        .build()
        .map_err(failed)?;
    Argon2::new_with_secret(pepper, Algorithm::Argon2id, Version::V0x13, params).map_err(failed)
}

/// A PIN's argon2id PHC string, peppered with the station's secret (at
/// the demo's cost when `light`).
fn hash_pin(pin: &str, pepper: &[u8; 32], light: bool) -> Result<String, LedgerError> {
    peppered(pepper, light)?
        .hash_password(pin.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| AccessError::PinHash(e.to_string()).into())
}

/// Whether `pin` matches the hash `phc`: a peppered hash (one naming a key
/// id) needs this station's pepper; a hash from before peppering needs
/// none.
fn pin_matches(phc: &str, pin: &str, pepper: Option<&[u8; 32]>) -> bool {
    let Ok(hash) = PasswordHash::new(phc) else {
        return false;
    };
    let hasher = match (hash.params.get_str("keyid"), pepper) {
        (None, _) => Argon2::default(),
        (Some(_), Some(pepper)) => match peppered(pepper, false) {
            Ok(hasher) => hasher,
            Err(_) => return false,
        },
        (Some(_), None) => return false,
    };
    looks_like_pin(pin) && hasher.verify_password(pin.as_bytes(), &hash).is_ok()
}

/// A row to append: its table and columns.
pub(super) type Row = (&'static TableSpec, Vec<Value>);

impl Ledger {
    /// Hashes the PINs set from now on lightly (1 MiB, one pass, against
    /// 64 MiB and three): for the throw-away ledger of `--demo` only, whose
    /// PINs are shown on its screen, so its table is up within a second.
    pub fn hash_demo_pins_lightly(&mut self) {
        self.light_pins = true;
    }

    /// Whether any staff member is recorded.
    pub fn has_staff(&self) -> Result<bool, LedgerError> {
        Ok(self
            .conn
            .query_row("SELECT EXISTS (SELECT 1 FROM staff)", [], |r| r.get(0))?)
    }

    /// Whether this is a first run: no one has a PIN yet, so the first
    /// account, a pit boss, is created without approval.
    pub fn needs_first_pit_boss(&self) -> Result<bool, LedgerError> {
        let any: bool = self
            .conn
            .query_row("SELECT EXISTS (SELECT 1 FROM pins)", [], |r| r.get(0))?;
        Ok(!any)
    }

    /// Creates the first pit boss with their PIN, on a first run only
    /// ([`Ledger::needs_first_pit_boss`]); `id` must be new.
    pub fn create_first_pit_boss(
        &mut self,
        id: StaffId,
        name: &str,
        pin: &str,
    ) -> Result<(), LedgerError> {
        if !self.needs_first_pit_boss()? {
            return Err(AccessError::NotFirstRun.into());
        }
        self.new_staff_rows(id, name, Role::PitBoss, pin, id, Vec::new())
    }

    /// Adds a staff member with their first PIN, approved by `by` (a pit
    /// boss, or an administrator; only an administrator adds an
    /// administrator) with their PIN.
    pub fn add_staff(
        &mut self,
        id: StaffId,
        name: &str,
        role: Role,
        pin: &str,
        by: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        let name = crate::access::check_name(name)?;
        let by_role = self.role_of(by.staff)?;
        if !by_role.may_add(role) {
            return Err(AccessError::NotPermitted {
                staff: by.staff,
                role: by_role,
                action: Action::AddStaff.words(),
            }
            .into());
        }
        check_new_pin(pin)?;
        self.confirm(by)?;
        let detail = format!("added staff member {id} ({name}) as {}", role.as_str());
        let mut rows = vec![self.access_row(by.staff, AccessEvent::PinConfirmed, None)];
        rows.push(self.approval_row(Action::AddStaff, None, None, by.staff, by.staff, &detail)?);
        self.new_staff_rows(id, name, role, pin, by.staff, rows)
    }

    fn new_staff_rows(
        &mut self,
        id: StaffId,
        name: &str,
        role: Role,
        pin: &str,
        set_by: StaffId,
        after: Vec<Row>,
    ) -> Result<(), LedgerError> {
        let name = crate::access::check_name(name)?;
        check_new_pin(pin)?;
        if self.staff_role(id)?.is_some() {
            return Err(AccessError::StaffExists(id).into());
        }
        let now = self.now();
        let mut rows: Vec<Row> = vec![
            (
                &STAFF,
                vec![
                    Value::Integer(i64::from(id)),
                    Value::Text(name.into()),
                    Value::Text(role.as_str().into()),
                    Value::Text(now.clone()),
                ],
            ),
            self.pin_row(id, pin, set_by)?,
        ];
        rows.extend(after);
        self.append_rows(&rows).map(drop)
    }

    fn pin_row(&self, staff: StaffId, pin: &str, set_by: StaffId) -> Result<Row, LedgerError> {
        Ok((
            &PINS,
            vec![
                Value::Integer(i64::from(staff)),
                Value::Text(hash_pin(
                    pin,
                    self.pepper()
                        .ok_or_else(|| LedgerError::ReadOnly(self.path.clone()))?,
                    self.light_pins,
                )?),
                Value::Integer(i64::from(set_by)),
                Value::Text(self.now()),
            ],
        ))
    }

    /// Sets a new PIN for `staff`: by themselves (`by.staff == staff`, with
    /// their current PIN) or by a pit boss or administrator with theirs. A
    /// new PIN does not lift a lockout.
    ///
    /// A PIN set by someone else for a person who had one (a reset) is
    /// one-time: it must be changed at the next sign-in. No one resets the
    /// PIN of someone of equal or higher standing alone: `second`, a
    /// different pit boss or administrator of at least the person's
    /// standing, approves with their own PIN.
    pub fn set_pin(
        &mut self,
        staff: StaffId,
        new_pin: &str,
        by: &PinEntry<'_>,
        second: Option<&PinEntry<'_>>,
    ) -> Result<(), LedgerError> {
        let role = self.role_of(staff)?;
        let by_role = self.role_of(by.staff)?;
        if by.staff != staff && !by_role.manages_staff() {
            return Err(AccessError::NotPermitted {
                staff: by.staff,
                role: by_role,
                action: Action::SetPin.words(),
            }
            .into());
        }
        check_new_pin(new_pin)?;
        let needs_second = by.staff != staff && role.standing() >= by_role.standing();
        let second = match second {
            Some(second) if needs_second => {
                if second.staff == by.staff || second.staff == staff {
                    return Err(AccessError::SamePerson(second.staff).into());
                }
                let second_role = self.role_of(second.staff)?;
                if !second_role.manages_staff() || second_role.standing() < role.standing() {
                    return Err(AccessError::SecondApproverNeeded { staff, role }.into());
                }
                Some(second)
            }
            None if needs_second => {
                return Err(AccessError::SecondApproverNeeded { staff, role }.into());
            }
            _ => None,
        };
        self.check_pin(by, by.staff == staff)?;
        if let Some(second) = second {
            self.confirm(second)?;
        }
        let approver = second.map_or(by.staff, |s| s.staff);
        let mut rows = vec![
            self.pin_row(staff, new_pin, by.staff)?,
            self.access_row(by.staff, AccessEvent::PinConfirmed, None),
        ];
        if by.staff != staff {
            let detail = format!(
                "set a new one-time PIN for staff member {staff} ({}), to be changed at their next sign-in",
                role.in_sentence()
            );
            rows.push(self.approval_row(
                Action::SetPin,
                None,
                None,
                by.staff,
                approver,
                &detail,
            )?);
        }
        self.append_rows(&rows).map(drop)
    }

    /// Whether `staff`'s PIN is a one-time PIN: set by someone else after
    /// they had one of their own (a reset), not yet changed.
    pub fn pin_is_one_time(&self, staff: StaffId) -> Result<bool, LedgerError> {
        let latest: Option<(i64, i64)> = self
            .conn
            .query_row(
                "SELECT set_by, (SELECT COUNT(*) FROM pins WHERE staff_id = ?1) FROM pins \
                 WHERE staff_id = ?1 ORDER BY seq DESC LIMIT 1",
                [staff],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        Ok(latest.is_some_and(|(set_by, pins)| set_by != i64::from(staff) && pins > 1))
    }

    /// Every staff member, by id, with PIN, lockout and session standing.
    pub fn staff_list(&self) -> Result<Vec<StaffMember>, LedgerError> {
        let mut statement = self
            .conn
            .prepare("SELECT id, name, role FROM staff ORDER BY id")?;
        let found: Vec<(StaffId, String, String)> = statement
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        found
            .into_iter()
            .map(|(id, name, role)| {
                let has_pin: bool = self.conn.query_row(
                    "SELECT EXISTS (SELECT 1 FROM pins WHERE staff_id = ?1)",
                    [id],
                    |r| r.get(0),
                )?;
                Ok(StaffMember {
                    id,
                    name,
                    role: parse_role(&role, id)?,
                    has_pin,
                    lock: self.lock_state(id)?,
                    session: self.active_session(id)?,
                })
            })
            .collect()
    }

    /// A staff member's role, None if there is no such staff member.
    fn staff_role(&self, staff: StaffId) -> Result<Option<Role>, LedgerError> {
        let role: Option<String> = self
            .conn
            .query_row("SELECT role FROM staff WHERE id = ?1", [staff], |r| {
                r.get(0)
            })
            .optional()?;
        role.map(|r| parse_role(&r, staff)).transpose()
    }

    /// A staff member's role; refused if there is no such staff member.
    pub fn role_of(&self, staff: StaffId) -> Result<Role, LedgerError> {
        self.staff_role(staff)?
            .ok_or(AccessError::NoSuchStaff(staff).into())
    }

    /// A staff member's access events in order: (event, station, at).
    fn access_events(
        &self,
        staff: StaffId,
    ) -> Result<Vec<(AccessEvent, String, DateTime<Utc>)>, LedgerError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT seq, event, station, at FROM access_events WHERE staff_id = ?1 ORDER BY seq",
        )?;
        let found: Vec<(i64, String, String, String)> = statement
            .query_map([staff], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<Result<_, _>>()?;
        found
            .into_iter()
            .map(|(seq, event, station, at)| {
                let event = AccessEvent::parse(&event).ok_or_else(|| LedgerError::BadRow {
                    table: "access_events",
                    seq,
                    problem: format!("unknown event {event:?}"),
                })?;
                Ok((event, station, row_time("access_events", seq, &at)?))
            })
            .collect()
    }

    /// A staff member's lockout standing.
    pub fn lock_state(&self, staff: StaffId) -> Result<LockState, LedgerError> {
        let events = self.access_events(staff)?;
        Ok(LockState::from_events(
            events.into_iter().map(|(e, _, _)| e),
        ))
    }

    /// Staff locked out now (a pit boss lifts it at the table): each
    /// one's ID, name and when the lockout was recorded, oldest first.
    pub fn lockouts(&self) -> Result<Vec<(StaffId, String, DateTime<Utc>)>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT DISTINCT a.staff_id, s.name FROM access_events a \
             JOIN staff s ON s.id = a.staff_id WHERE a.event = ?1",
        )?;
        let ever: Vec<(StaffId, String)> = statement
            .query_map([AccessEvent::Lockout.as_str()], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect::<Result<_, _>>()?;
        let mut locked = Vec::new();
        for (staff, name) in ever {
            let events = self.access_events(staff)?;
            let since = events
                .iter()
                .rev()
                .find(|(event, _, _)| *event == AccessEvent::Lockout)
                .map(|(_, _, at)| *at);
            if let Some(since) = since
                && LockState::from_events(events.iter().map(|(e, _, _)| *e)).locked
            {
                locked.push((staff, name, since));
            }
        }
        locked.sort_by_key(|(_, _, since)| *since);
        Ok(locked)
    }

    /// Checks `entry`'s PIN. A wrong PIN is recorded at once (and a fifth
    /// in a row locks the account) and refused; a locked account is refused
    /// without checking; a right one-time PIN is refused until changed.
    /// Returns the staff member's role.
    fn confirm(&mut self, entry: &PinEntry<'_>) -> Result<Role, LedgerError> {
        self.check_pin(entry, false)
    }

    /// [`Ledger::confirm`], accepting a one-time PIN where `one_time_ok`
    /// (its owner choosing a new PIN).
    fn check_pin(&mut self, entry: &PinEntry<'_>, one_time_ok: bool) -> Result<Role, LedgerError> {
        let role = self.role_of(entry.staff)?;
        let lock = self.lock_state(entry.staff)?;
        if lock.locked {
            return Err(AccessError::Locked(entry.staff).into());
        }
        let phc: Option<String> = self
            .conn
            .query_row(
                "SELECT phc FROM pins WHERE staff_id = ?1 ORDER BY seq DESC LIMIT 1",
                [entry.staff],
                |r| r.get(0),
            )
            .optional()?;
        let phc = phc.ok_or(AccessError::NoPin(entry.staff))?;
        if pin_matches(&phc, entry.pin, self.pepper()) {
            if !one_time_ok && self.pin_is_one_time(entry.staff)? {
                return Err(AccessError::PinChangeRequired(entry.staff).into());
            }
            return Ok(role);
        }
        let mut rows = vec![self.access_row(entry.staff, AccessEvent::FailedPin, None)];
        if lock.next_wrong_locks() {
            rows.push(self.access_row(entry.staff, AccessEvent::Lockout, None));
        }
        self.append_rows(&rows)?;
        if lock.next_wrong_locks() {
            Err(AccessError::Locked(entry.staff).into())
        } else {
            Err(AccessError::WrongPin {
                staff: entry.staff,
                tries_left: lock.tries_left() - 1,
            }
            .into())
        }
    }

    fn access_row(&self, staff: StaffId, event: AccessEvent, by: Option<StaffId>) -> Row {
        (
            &ACCESS_EVENTS,
            vec![
                Value::Integer(i64::from(staff)),
                Value::Text(event.as_str().into()),
                Value::Text(self.station.clone()),
                by.map_or(Value::Null, |b| Value::Integer(i64::from(b))),
                Value::Text(self.now()),
            ],
        )
    }

    /// Signs `staff` in with their PIN at this station. One session per
    /// person: signed in at another station, they are refused with where
    /// and since when; signed in here (the app restarted), the old session
    /// is signed out and a new one begins.
    pub fn sign_in(&mut self, staff: StaffId, pin: &str) -> Result<Session, LedgerError> {
        self.confirm(&PinEntry { staff, pin })?;
        let mut rows = Vec::new();
        if let Some(session) = self.active_session(staff)? {
            if session.station != self.station {
                return Err(AccessError::SignedInElsewhere {
                    staff,
                    station: session.station,
                    since: timestamp(session.since),
                }
                .into());
            }
            rows.push(self.access_row(staff, AccessEvent::SignOut, None));
        }
        let sign_in = self.access_row(staff, AccessEvent::SignIn, None);
        let since = match &sign_in.1[4] {
            Value::Text(at) => row_time("access_events", 0, at)?,
            _ => self.clock_now(),
        };
        rows.push(sign_in);
        self.append_rows(&rows)?;
        Ok(Session {
            staff,
            station: self.station.clone(),
            since,
        })
    }

    /// Signs `staff` out.
    pub fn sign_out(&mut self, staff: StaffId) -> Result<(), LedgerError> {
        self.end_session(staff, AccessEvent::SignOut)
    }

    /// Records that `staff`'s session timed out (see
    /// `access::session_timed_out`, which decides when).
    pub fn record_timeout(&mut self, staff: StaffId) -> Result<(), LedgerError> {
        self.end_session(staff, AccessEvent::Timeout)
    }

    fn end_session(&mut self, staff: StaffId, event: AccessEvent) -> Result<(), LedgerError> {
        self.role_of(staff)?;
        if self.active_session(staff)?.is_none() {
            return Err(AccessError::NotSignedIn(staff).into());
        }
        let row = self.access_row(staff, event, None);
        self.append_rows(&[row]).map(drop)
    }

    /// `staff`'s session, if signed in: their last sign-in not followed by
    /// a sign-out, timeout or lockout.
    pub fn active_session(&self, staff: StaffId) -> Result<Option<Session>, LedgerError> {
        let last = self
            .access_events(staff)?
            .into_iter()
            .rev()
            .find(|(e, _, _)| {
                matches!(
                    e,
                    AccessEvent::SignIn
                        | AccessEvent::SignOut
                        | AccessEvent::Timeout
                        | AccessEvent::Lockout
                )
            });
        Ok(match last {
            Some((AccessEvent::SignIn, station, since)) => Some(Session {
                staff,
                station,
                since,
            }),
            _ => None,
        })
    }

    /// Lifts `staff`'s lockout, approved by a pit boss or administrator
    /// (not `staff`) with their own PIN.
    pub fn reset_lockout(&mut self, staff: StaffId, by: &PinEntry<'_>) -> Result<(), LedgerError> {
        self.role_of(staff)?;
        let by_role = self.role_of(by.staff)?;
        if !by_role.manages_staff() {
            return Err(AccessError::NotPermitted {
                staff: by.staff,
                role: by_role,
                action: "reset a lockout",
            }
            .into());
        }
        if by.staff == staff {
            return Err(AccessError::OwnRequest(staff).into());
        }
        if !self.lock_state(staff)?.locked {
            return Err(AccessError::NotLocked(staff).into());
        }
        self.confirm(by)?;
        let rows = [
            self.access_row(by.staff, AccessEvent::PinConfirmed, None),
            self.access_row(staff, AccessEvent::LockoutReset, Some(by.staff)),
        ];
        self.append_rows(&rows).map(drop)
    }

    /// Checks a pit boss's PIN before an action whose own rows will record
    /// the approval (opening a table): refused unless `entry` is a pit
    /// boss's with the right PIN. A wrong PIN is counted like any other;
    /// a right one writes nothing.
    pub fn check_pit_boss(
        &mut self,
        entry: &PinEntry<'_>,
        action: &'static str,
    ) -> Result<(), LedgerError> {
        let role = self.role_of(entry.staff)?;
        if !role.approves_table_actions() {
            return Err(AccessError::NotPermitted {
                staff: entry.staff,
                role,
                action,
            }
            .into());
        }
        self.confirm(entry).map(drop)
    }

    /// Checks that `entry`'s role is `permitted` to do `action` and
    /// confirms the PIN; returns the row recording the confirmation, to be
    /// written with what it confirms.
    pub(super) fn confirmation_for(
        &mut self,
        entry: &PinEntry<'_>,
        permitted: impl Fn(Role) -> bool,
        action: &'static str,
    ) -> Result<Row, LedgerError> {
        let role = self.role_of(entry.staff)?;
        if !permitted(role) {
            return Err(AccessError::NotPermitted {
                staff: entry.staff,
                role,
                action,
            }
            .into());
        }
        self.confirm(entry)?;
        Ok(self.access_row(entry.staff, AccessEvent::PinConfirmed, None))
    }

    /// Checks that `entry` is a pit boss's and confirms the PIN; returns the
    /// row recording the confirmation, to be written with what it confirms.
    pub(super) fn pit_boss_confirmation(
        &mut self,
        entry: &PinEntry<'_>,
        action: &'static str,
    ) -> Result<Vec<Row>, LedgerError> {
        self.check_pit_boss(entry, action)?;
        Ok(vec![self.access_row(
            entry.staff,
            AccessEvent::PinConfirmed,
            None,
        )])
    }

    /// Checks that `approver` may approve `action` asked for by
    /// `requested_by` (a pit boss, not the one who asked) and confirms their
    /// PIN; returns the rows recording the approval.
    pub(super) fn approval(
        &mut self,
        action: Action,
        table: Option<TableId>,
        hand: Option<HandId>,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
        detail: &str,
    ) -> Result<Vec<Row>, LedgerError> {
        self.role_of(requested_by)?;
        let role = self.role_of(approver.staff)?;
        if !role.approves_table_actions() {
            return Err(AccessError::NotPermitted {
                staff: approver.staff,
                role,
                action: action.words(),
            }
            .into());
        }
        if approver.staff == requested_by && !action.pit_boss_may_initiate() {
            return Err(AccessError::OwnRequest(approver.staff).into());
        }
        self.confirm(approver)?;
        Ok(vec![
            self.access_row(approver.staff, AccessEvent::PinConfirmed, None),
            self.approval_row(action, table, hand, requested_by, approver.staff, detail)?,
        ])
    }

    fn approval_row(
        &self,
        action: Action,
        table: Option<TableId>,
        hand: Option<HandId>,
        requested_by: StaffId,
        approved_by: StaffId,
        detail: &str,
    ) -> Result<Row, LedgerError> {
        let optional = |v: Option<i64>| v.map_or(Value::Null, Value::Integer);
        Ok((
            &APPROVALS,
            vec![
                Value::Integer(self.next_id(&APPROVALS)?),
                Value::Text(action.as_str().into()),
                optional(table.map(|id| id.0)),
                optional(hand.map(|id| id.0)),
                Value::Integer(i64::from(requested_by)),
                Value::Integer(i64::from(approved_by)),
                Value::Text(detail.into()),
                Value::Text(self.now()),
            ],
        ))
    }

    fn check_table(&self, table: TableId) -> Result<(), LedgerError> {
        let found: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM tables WHERE id = ?1)",
            [table],
            |r| r.get(0),
        )?;
        if found {
            Ok(())
        } else {
            Err(LedgerError::NoSuchTable(table))
        }
    }

    fn approved_setting(
        &mut self,
        action: Action,
        table: TableId,
        key: &str,
        value: String,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        self.check_table(table)?;
        let detail = format!("{key} set to {value}");
        let mut rows = self.approval(action, Some(table), None, requested_by, approver, &detail)?;
        rows.push((
            &TABLE_SETTINGS,
            vec![
                Value::Integer(table.0),
                Value::Text(key.into()),
                Value::Text(value),
                Value::Text(self.now()),
            ],
        ));
        self.append_rows(&rows).map(drop)
    }

    /// Changes the table limits, approved by a pit boss with their PIN. The
    /// app applies them from the next hand; the hand in progress keeps the
    /// limits it started with.
    pub fn change_limits(
        &mut self,
        table: TableId,
        limits: TableLimits,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        self.approved_setting(
            Action::Limits,
            table,
            LIMITS_KEY,
            limits.to_string(),
            requested_by,
            approver,
        )
    }

    /// Moves the table's card-reading shoe to another serial port
    /// (`source`, the table setting the station reopens on, as
    /// `SourceChoice::setting` writes it), approved by a pit boss with
    /// their PIN.
    pub fn change_shoe_port(
        &mut self,
        table: TableId,
        source: String,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        self.approved_setting(
            Action::ShoePort,
            table,
            SOURCE_KEY,
            source,
            requested_by,
            approver,
        )
    }

    /// Sets the table's chip denominations, approved by a pit boss with their PIN.
    pub fn set_denominations(
        &mut self,
        table: TableId,
        denominations: &Denominations,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        self.approved_setting(
            Action::Denominations,
            table,
            DENOMINATIONS_KEY,
            denominations.to_string(),
            requested_by,
            approver,
        )
    }

    /// The latest value of a table setting, if ever set.
    pub fn table_setting(&self, table: TableId, key: &str) -> Result<Option<String>, LedgerError> {
        Ok(self
            .conn
            .query_row(
                "SELECT value FROM table_settings WHERE table_id = ?1 AND key = ?2 ORDER BY seq DESC LIMIT 1",
                rusqlite::params![table, key],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// The table's current limits, if a pit boss set any.
    pub fn table_limits(&self, table: TableId) -> Result<Option<TableLimits>, LedgerError> {
        self.table_setting(table, LIMITS_KEY)?
            .map(|text| TableLimits::parse(&text).map_err(LedgerError::from))
            .transpose()
    }

    /// The table's chip denominations, if set.
    pub fn denominations(&self, table: TableId) -> Result<Option<Denominations>, LedgerError> {
        self.table_setting(table, DENOMINATIONS_KEY)?
            .map(|text| Denominations::parse(&text).map_err(LedgerError::from))
            .transpose()
    }

    /// Voids a committed hand asked for by `requested_by`, approved by a pit
    /// boss (neither the one who asked nor the hand's dealer) with their
    /// PIN: the approval, a void row with `reason` and one reversing
    /// transfer per original, in one transaction.
    pub fn void_hand(
        &mut self,
        hand: HandId,
        reason: &str,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(LedgerError::ReasonRequired);
        }
        let dealer = self.dealer_of(hand)?;
        self.check_approver(approver.staff, dealer, hand)?;
        let rows = self.approval(
            Action::Void,
            None,
            Some(hand),
            requested_by,
            approver,
            reason,
        )?;
        self.void_with(hand, reason, approver.staff, &rows)
    }

    /// Approves a card entered by hand for hand number `hand` (in progress),
    /// asked for by the dealer; returns the approver's id for the card's
    /// `approved_by`.
    pub fn approve_manual_card(
        &mut self,
        table: TableId,
        hand: HandId,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
        detail: &str,
    ) -> Result<StaffId, LedgerError> {
        self.approve_exception(
            Action::ManualCard,
            table,
            Some(hand),
            requested_by,
            approver,
            detail,
        )
    }

    /// Approves a way out of a scanner alarm (an override), asked for by the
    /// dealer; returns the approver's id.
    pub fn approve_scanner_override(
        &mut self,
        table: TableId,
        hand: Option<HandId>,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
        detail: &str,
    ) -> Result<StaffId, LedgerError> {
        self.approve_exception(
            Action::ScannerOverride,
            table,
            hand,
            requested_by,
            approver,
            detail,
        )
    }

    fn approve_exception(
        &mut self,
        action: Action,
        table: TableId,
        hand: Option<HandId>,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
        detail: &str,
    ) -> Result<StaffId, LedgerError> {
        self.check_table(table)?;
        let rows = self.approval(action, Some(table), hand, requested_by, approver, detail)?;
        self.append_rows(&rows)?;
        Ok(approver.staff)
    }

    /// Opens the table for a shift dealt by `dealer`, approved by a pit boss
    /// with their PIN; returns the shift id.
    pub fn open_table(
        &mut self,
        table: TableId,
        dealer: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<ShiftId, LedgerError> {
        self.check_table(table)?;
        let (shift, rows) = self.open_table_rows(table, dealer, approver)?;
        self.append_rows(&rows)?;
        Ok(ShiftId(shift))
    }

    /// The rows that open a shift at `table` (the approval and the shift),
    /// and its id.
    pub(super) fn open_table_rows(
        &mut self,
        table: TableId,
        dealer: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<(i64, Vec<Row>), LedgerError> {
        let shift = self.next_id(&SHIFTS)?;
        let detail = format!("opened shift {shift}");
        let mut rows = self.approval(
            Action::OpenTable,
            Some(table),
            None,
            dealer,
            approver,
            &detail,
        )?;
        rows.push((
            &SHIFTS,
            vec![
                Value::Integer(shift),
                Value::Integer(table.0),
                Value::Integer(i64::from(approver.staff)),
                Value::Text(self.now()),
            ],
        ));
        Ok((shift, rows))
    }

    /// Closes shift `shift`, asked for by `requested_by`, approved by a pit
    /// boss with their PIN.
    pub fn close_table(
        &mut self,
        shift: ShiftId,
        requested_by: StaffId,
        approver: &PinEntry<'_>,
    ) -> Result<(), LedgerError> {
        let table = self.open_shift_table(shift)?;
        let detail = format!("closed shift {shift}");
        let mut rows = self.approval(
            Action::CloseTable,
            Some(table),
            None,
            requested_by,
            approver,
            &detail,
        )?;
        if self.count_state(shift, super::CountKind::Closer)? == super::CountState::Missing {
            return Err(ShiftError::CloserNotCounted(shift).into());
        }
        rows.extend(self.unseat_all_rows(table, approver.staff)?);
        rows.push((
            &SHIFT_CLOSES,
            vec![
                Value::Integer(shift.0),
                Value::Integer(i64::from(approver.staff)),
                Value::Text(self.now()),
            ],
        ));
        self.append_rows(&rows).map(drop)
    }

    /// The table of shift `shift`, refusing a missing or closed shift.
    pub(super) fn open_shift_table(&self, shift: ShiftId) -> Result<TableId, LedgerError> {
        let found: Option<(i64, bool)> = self
            .conn
            .query_row(
                "SELECT table_id, EXISTS (SELECT 1 FROM shift_closes WHERE shift_id = ?1) FROM shifts WHERE id = ?1",
                [shift],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        match found {
            None => Err(ShiftError::NoSuchShift(shift).into()),
            Some((_, true)) => Err(ShiftError::ShiftClosed(shift).into()),
            Some((table, false)) => Ok(TableId(table)),
        }
    }

    /// Checks two different people's PINs, at least one of them a pit boss
    /// (used for tray counts and slip voids); returns the rows recording
    /// both confirmations.
    pub(super) fn two_signatures(
        &mut self,
        first: &PinEntry<'_>,
        second: &PinEntry<'_>,
        action: &'static str,
    ) -> Result<Vec<Row>, LedgerError> {
        if first.staff == second.staff {
            return Err(AccessError::SamePerson(first.staff).into());
        }
        let roles = [self.role_of(first.staff)?, self.role_of(second.staff)?];
        if !roles.iter().any(|r| r.approves_table_actions()) {
            return Err(AccessError::NotPermitted {
                staff: second.staff,
                role: roles[1],
                action,
            }
            .into());
        }
        self.confirm(first)?;
        self.confirm(second)?;
        Ok(vec![
            self.access_row(first.staff, AccessEvent::PinConfirmed, None),
            self.access_row(second.staff, AccessEvent::PinConfirmed, None),
        ])
    }
}

fn parse_role(name: &str, staff: StaffId) -> Result<Role, LedgerError> {
    Role::parse(name).ok_or_else(|| LedgerError::BadRow {
        table: "staff",
        seq: i64::from(staff),
        problem: format!("unknown role {name:?}"),
    })
}
