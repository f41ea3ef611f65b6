//! Who may do what: staff roles, the PIN rule, the lockout after wrong PINs
//! and the idle timeout of a dealer's session. Pure: no I/O, no clock (time
//! is passed in). The ledger records the events this module reasons about.
//! See docs/access.md.

use chrono::{DateTime, TimeDelta, Utc};
use thiserror::Error;

/// The fewest digits in a PIN.
pub const PIN_MIN_DIGITS: usize = 4;
/// The most digits in a PIN.
pub const PIN_MAX_DIGITS: usize = 8;
/// Wrong PINs in a row that lock an account.
pub const MAX_WRONG_PINS: u32 = 5;
/// A dealer's session ends after this long without activity.
pub const DEALER_IDLE_MINUTES: i64 = 15;

/// A staff member's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Deals hands; asks for approvals.
    Dealer,
    /// Approves voids, limits, manual cards, overrides, fills and credits,
    /// opens and closes the table, counts the tray with the dealer, resets
    /// lockouts and adds dealers and pit bosses.
    PitBoss,
    /// Manages staff accounts (adds staff of any role, resets PINs and
    /// lockouts); approves nothing at the table.
    Administrator,
    /// Reads the ledger (kept from schema version 1; no PIN is needed to read).
    Auditor,
}

impl Role {
    /// The role's name as a title ("Pit boss").
    pub const fn title(self) -> &'static str {
        match self {
            Role::Dealer => "Dealer",
            Role::PitBoss => "Pit boss",
            Role::Administrator => "Administrator",
            Role::Auditor => "Auditor",
        }
    }

    /// The role with its article, for sentences ("a pit boss").
    pub const fn in_sentence(self) -> &'static str {
        match self {
            Role::Dealer => "a dealer",
            Role::PitBoss => "a pit boss",
            Role::Administrator => "an administrator",
            Role::Auditor => "an auditor",
        }
    }

    /// The name stored in the ledger.
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Dealer => "dealer",
            Role::PitBoss => "pit_boss",
            Role::Administrator => "administrator",
            Role::Auditor => "auditor",
        }
    }

    /// The role stored as `name`.
    pub fn parse(name: &str) -> Option<Role> {
        [
            Role::Dealer,
            Role::PitBoss,
            Role::Administrator,
            Role::Auditor,
        ]
        .into_iter()
        .find(|r| r.as_str() == name)
    }

    /// Whether this role approves table actions (voids, limits, manual cards,
    /// overrides, fills, credits, opening and closing the table).
    pub const fn approves_table_actions(self) -> bool {
        matches!(self, Role::PitBoss)
    }

    /// Whether this role adds staff, resets PINs and lifts lockouts.
    pub const fn manages_staff(self) -> bool {
        matches!(self, Role::PitBoss | Role::Administrator)
    }

    /// The role's standing for PIN resets: no one resets the PIN of an
    /// equal or higher standing alone.
    pub const fn standing(self) -> u8 {
        match self {
            Role::Dealer | Role::Auditor => 0,
            Role::PitBoss => 1,
            Role::Administrator => 2,
        }
    }

    /// Whether this role may add a staff member of role `new`: only an
    /// administrator adds an administrator.
    pub const fn may_add(self, new: Role) -> bool {
        self.manages_staff()
            && (!matches!(new, Role::Administrator) || matches!(self, Role::Administrator))
    }
}

/// Why a PIN was refused as a new PIN.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PinError {
    /// Not 4 to 8 digits.
    #[error("a PIN is {PIN_MIN_DIGITS} to {PIN_MAX_DIGITS} digits")]
    Format,
    /// All one digit, or a run such as 1234 or 9876.
    #[error("a PIN may not be one digit repeated or a run such as 1234")]
    Guessable,
}

/// The longest staff or table name, in characters.
pub const NAME_MAX_CHARS: usize = 40;

/// Why a staff or table name was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NameError {
    /// Nothing but spaces.
    #[error("a name cannot be empty")]
    Empty,
    /// Longer than [`NAME_MAX_CHARS`].
    #[error("a name is at most {NAME_MAX_CHARS} characters; this one has {0}")]
    TooLong(usize),
    /// A line break, tab or other control character.
    #[error("a name cannot hold a line break, tab or other control character")]
    Control,
}

/// A staff or table name as recorded: trimmed of surrounding spaces, 1 to
/// [`NAME_MAX_CHARS`] characters, no control characters.
pub fn check_name(name: &str) -> Result<&str, NameError> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 {
        Err(NameError::Empty)
    } else if chars > NAME_MAX_CHARS {
        Err(NameError::TooLong(chars))
    } else if name.chars().any(char::is_control) {
        Err(NameError::Control)
    } else {
        Ok(name)
    }
}

/// Checks a new PIN: 4 to 8 ASCII digits, not one digit repeated and not
/// an ascending or descending run (wrapping past 9 and 0).
pub fn check_new_pin(pin: &str) -> Result<(), PinError> {
    if !(PIN_MIN_DIGITS..=PIN_MAX_DIGITS).contains(&pin.len())
        || !pin.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(PinError::Format);
    }
    // Steps between neighbours, mod 10: all 0 is one digit repeated, all 1
    // or all 9 a run up or down (wrapping, as in 7890 or 2109).
    let steps: Vec<u8> = pin
        .as_bytes()
        .windows(2)
        .map(|w| (10 + w[1] - w[0]) % 10)
        .collect();
    if [0, 1, 9].iter().any(|run| steps.iter().all(|s| s == run)) {
        return Err(PinError::Guessable);
    }
    Ok(())
}

/// Whether `pin` could be a PIN at all (4 to 8 digits); an entry that is not
/// is refused before any hash is computed, and still counts as wrong.
pub fn looks_like_pin(pin: &str) -> bool {
    (PIN_MIN_DIGITS..=PIN_MAX_DIGITS).contains(&pin.len())
        && pin.bytes().all(|b| b.is_ascii_digit())
}

/// What happened to an account, as recorded in `access_events`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessEvent {
    /// Signed in with the right PIN.
    SignIn,
    /// Signed out.
    SignOut,
    /// A wrong PIN (at sign-in or confirming an action).
    FailedPin,
    /// Locked after [`MAX_WRONG_PINS`] wrong PINs in a row.
    Lockout,
    /// A pit boss (or administrator) lifted the lockout.
    LockoutReset,
    /// The session ended after being idle.
    Timeout,
    /// The right PIN confirmed an action (an approval or a count).
    PinConfirmed,
}

impl AccessEvent {
    /// Every event.
    pub const ALL: [AccessEvent; 7] = [
        AccessEvent::SignIn,
        AccessEvent::SignOut,
        AccessEvent::FailedPin,
        AccessEvent::Lockout,
        AccessEvent::LockoutReset,
        AccessEvent::Timeout,
        AccessEvent::PinConfirmed,
    ];

    /// The name stored in the ledger.
    pub const fn as_str(self) -> &'static str {
        match self {
            AccessEvent::SignIn => "sign_in",
            AccessEvent::SignOut => "sign_out",
            AccessEvent::FailedPin => "failed_pin",
            AccessEvent::Lockout => "lockout",
            AccessEvent::LockoutReset => "lockout_reset",
            AccessEvent::Timeout => "timeout",
            AccessEvent::PinConfirmed => "pin_confirmed",
        }
    }

    /// The event stored as `name`.
    pub fn parse(name: &str) -> Option<AccessEvent> {
        AccessEvent::ALL.into_iter().find(|e| e.as_str() == name)
    }
}

/// An account's lockout standing, from its access events in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LockState {
    /// Wrong PINs since the last right one (or the last reset).
    pub wrong_in_a_row: u32,
    /// Locked until a pit boss resets it.
    pub locked: bool,
}

impl LockState {
    /// The standing after `events`, oldest first: a wrong PIN adds one; a
    /// right PIN (sign-in or confirmation) clears the count; a lockout
    /// locks; only a reset unlocks and clears the count.
    pub fn from_events(events: impl IntoIterator<Item = AccessEvent>) -> LockState {
        events
            .into_iter()
            .fold(LockState::default(), |state, event| match event {
                AccessEvent::FailedPin => LockState {
                    wrong_in_a_row: state.wrong_in_a_row + 1,
                    ..state
                },
                AccessEvent::SignIn | AccessEvent::PinConfirmed if !state.locked => {
                    LockState::default()
                }
                AccessEvent::Lockout => LockState {
                    locked: true,
                    ..state
                },
                AccessEvent::LockoutReset => LockState::default(),
                _ => state,
            })
    }

    /// Whether one more wrong PIN locks the account.
    pub fn next_wrong_locks(&self) -> bool {
        self.wrong_in_a_row + 1 >= MAX_WRONG_PINS
    }

    /// Wrong PINs left before the lockout.
    pub fn tries_left(&self) -> u32 {
        MAX_WRONG_PINS.saturating_sub(self.wrong_in_a_row)
    }
}

/// How long a session of `role` may stay idle: dealers [`DEALER_IDLE_MINUTES`];
/// pit bosses and administrators confirm each action with their PIN, so
/// their sessions do not time out.
pub fn idle_limit(role: Role) -> Option<TimeDelta> {
    match role {
        Role::Dealer => Some(TimeDelta::minutes(DEALER_IDLE_MINUTES)),
        _ => None,
    }
}

/// Whether a session of `role` last active at `last_activity` has timed
/// out at `now` (idle for its limit or longer).
pub fn session_timed_out(role: Role, last_activity: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    idle_limit(role).is_some_and(|limit| now - last_activity >= limit)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use AccessEvent::*;

    #[test]
    fn a_pin_is_four_to_eight_digits_and_not_guessable() {
        for good in ["2580", "13579", "40718263", "1357"] {
            assert_eq!(check_new_pin(good), Ok(()), "{good}");
        }
        for short_or_long in ["123", "123456789", "12a4", " 1357", "", "١٢٣٤"] {
            assert_eq!(
                check_new_pin(short_or_long),
                Err(PinError::Format),
                "{short_or_long}"
            );
        }
        for guessable in ["0000", "1234", "98765", "45678901"] {
            assert_eq!(
                check_new_pin(guessable),
                Err(PinError::Guessable),
                "{guessable}"
            );
        }
        assert!(looks_like_pin("0000"));
        assert!(!looks_like_pin("abcd"));
    }

    #[test]
    fn five_wrong_in_a_row_lock_and_only_a_reset_unlocks() {
        let four = [FailedPin; 4];
        let state = LockState::from_events(four);
        assert_eq!(
            state,
            LockState {
                wrong_in_a_row: 4,
                locked: false
            }
        );
        assert!(state.next_wrong_locks());
        assert_eq!(state.tries_left(), 1);
        // A right PIN in between starts the count again.
        let broken = [
            FailedPin, FailedPin, FailedPin, SignIn, FailedPin, FailedPin,
        ];
        assert_eq!(LockState::from_events(broken).wrong_in_a_row, 2);
        let confirmed = [FailedPin, FailedPin, PinConfirmed, FailedPin];
        assert_eq!(LockState::from_events(confirmed).wrong_in_a_row, 1);
        let locked = [
            FailedPin, FailedPin, FailedPin, FailedPin, FailedPin, Lockout,
        ];
        assert!(LockState::from_events(locked).locked);
        let still = locked.into_iter().chain([SignIn, SignOut, Timeout]);
        assert!(LockState::from_events(still).locked);
        let reset = locked.into_iter().chain([LockoutReset]);
        assert_eq!(LockState::from_events(reset), LockState::default());
    }

    #[test]
    fn only_dealer_sessions_time_out_after_fifteen_idle_minutes() {
        let start = Utc.with_ymd_and_hms(2026, 3, 1, 20, 0, 0).unwrap();
        let later = |m, s| start + TimeDelta::minutes(m) + TimeDelta::seconds(s);
        assert!(!session_timed_out(Role::Dealer, start, later(14, 59)));
        assert!(session_timed_out(Role::Dealer, start, later(15, 0)));
        assert!(!session_timed_out(Role::PitBoss, start, later(600, 0)));
        assert!(!session_timed_out(Role::Dealer, start, start));
    }

    #[test]
    fn roles_round_trip_and_permissions() {
        for role in [
            Role::Dealer,
            Role::PitBoss,
            Role::Administrator,
            Role::Auditor,
        ] {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("cashier"), None);
        for event in AccessEvent::ALL {
            assert_eq!(AccessEvent::parse(event.as_str()), Some(event));
        }
        assert!(Role::PitBoss.approves_table_actions());
        assert!(!Role::Administrator.approves_table_actions());
        assert!(!Role::Dealer.manages_staff());
        assert!(Role::PitBoss.may_add(Role::Dealer));
        assert!(!Role::PitBoss.may_add(Role::Administrator));
        assert!(Role::Administrator.may_add(Role::Administrator));
    }
}
