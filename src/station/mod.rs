//! The table station: one live table as the dealer runs it, from bets to
//! the confirmed settlement. It ties the engine's table, the card source
//! (software shoe or card-reading shoe), the scanner intake and the ledger
//! together and says, at every moment, what the dealer must do next.
//!
//! No egui here: the desktop app (src/ui) draws a `Station` and calls its
//! methods; tests drive the same methods. Every method that is refused
//! returns a sentence and leaves the station as it was.

pub mod demo;
pub mod live;
mod open;
mod prompt;
mod scanner;
mod settlement;
pub mod startup;

pub use open::{OpenRefused, Reopened};

use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand::rngs::{StdRng, SysRng};
use thiserror::Error;

use crate::access::{Role, idle_limit, session_timed_out};
use crate::engine::hand::{Action, CardTo, GameKind, Hand, Need, PlayError};
use crate::engine::rules::{BET_GRID_UNITS, HouseRules};
use crate::engine::shoe::{Shoe, ShoeCount, ShoeEvent};
use crate::engine::starboard::SeatState;
use crate::engine::table::{CardSupply, FinishedHand, HandEvent, Seating, Table, TableError};
use crate::engine::{Decks, Rank};
use crate::figures::Recorder;
use crate::ids::{HandId, ShiftId, StaffId, TableHand, TableId};
use crate::ledger::{
    AccessError, AlarmKind, CountKind, CountState, HandContext, JournaledEntry, Ledger,
    LedgerError, OpenShift, OpenedTable, PinEntry, SeatedPlayer, TableOpening, TablePosition,
};
pub use crate::scanner::Device;
use crate::scanner::intake::IntakeError;
use crate::scanner::{
    Fault, Intake, LinkError, Message, Outcome, Protocol, Resolution, ScanEvent, ScanLink, Stray,
    WayOut,
};

pub use prompt::{Actor, Prompt, actor_of, starboard_terms, units};
pub use settlement::{Settlement, SettlementLine};

/// Where a table's cards come from, as chosen when it is opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceChoice {
    /// The software shoe deals (the screen shows each card to deal).
    SoftwareShoe,
    /// A simulated card-reading shoe on a pseudo-terminal (demo, training).
    SimulatedShoe,
    /// A card-reading shoe on a serial port.
    Scanner {
        /// The port's path.
        path: String,
        /// Its baud rate.
        baud: u32,
    },
}

impl SourceChoice {
    /// The table-setting text (`software`, `simulated`, `scanner 9600 PATH`).
    pub fn setting(&self) -> String {
        match self {
            SourceChoice::SoftwareShoe => "software".into(),
            SourceChoice::SimulatedShoe => "simulated".into(),
            SourceChoice::Scanner { path, baud } => format!("scanner {baud} {path}"),
        }
    }

    /// Parses [`SourceChoice::setting`]'s text.
    pub fn parse(text: &str) -> Option<SourceChoice> {
        match text {
            "software" => Some(SourceChoice::SoftwareShoe),
            "simulated" => Some(SourceChoice::SimulatedShoe),
            _ => {
                let rest = text.strip_prefix("scanner ")?;
                let (baud, path) = rest.split_once(' ')?;
                Some(SourceChoice::Scanner {
                    path: path.to_owned(),
                    baud: baud.parse().ok()?,
                })
            }
        }
    }

    /// Whether cards come from a card-reading shoe (real or simulated).
    pub fn reads_cards(&self) -> bool {
        !matches!(self, SourceChoice::SoftwareShoe)
    }
}

/// What a pit boss chooses when opening a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSetup {
    /// The table's name ("R1", "Starboard 2").
    pub name: String,
    /// The game.
    pub game: GameKind,
    /// Decks in the shoe.
    pub decks: Decks,
    /// House rules, limits included.
    pub rules: HouseRules,
    /// The cash value of one table unit, in cents.
    pub unit_cents: u64,
    /// Where the cards come from.
    pub source: SourceChoice,
}

/// How far the count of cards out of a shoe is known ([`Station::shoe_count`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShoeKnown<'a> {
    /// The count on the header is the shoe's.
    Known,
    /// After a restart, the card-reading shoe's frames since are being
    /// checked; the count stands until they show otherwise.
    Checking,
    /// Not known, and why: a freshly shuffled shoe is due.
    NotKnown(&'a str),
}

/// The card feed a station deals from.
#[derive(Debug)]
pub enum Feed {
    /// The software shoe, inside the engine's table.
    SoftwareShoe,
    /// A card-reading shoe.
    Scanner(Box<ScanLink>),
}

/// A refused or failed station action: one sentence; nothing changed.
#[derive(Debug, Error)]
pub enum StationError {
    /// The ledger failed or refused.
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    /// The engine refused the step.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The alarm cannot be resolved that way.
    #[error(transparent)]
    Intake(#[from] IntakeError),
    /// The scanner link failed.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// A bet that cannot be taken.
    #[error("seat {seat}: {problem}")]
    Bet {
        /// The seat.
        seat: u8,
        /// What is wrong, as a sentence.
        problem: String,
    },
    /// Too few players to deal.
    #[error("{0}")]
    NotEnoughPlayers(&'static str),
    /// A decision was given while the hand waits for a card.
    #[error("no decision is due: the hand is waiting for a card to {0}")]
    NoDecisionDue(CardTo),
    /// No dealer is signed in.
    #[error("no dealer is signed in; sign in to deal")]
    NoDealer,
    /// The notice needs a pit boss's PIN.
    #[error(
        "a scanner alarm was still open when the station stopped: a pit boss clears it with their PIN"
    )]
    PitBossNeeded,
    /// Only a dealer deals.
    #[error(
        "staff {staff} is {}, not a dealer: only a dealer signs in to deal",
        role.in_sentence()
    )]
    NotADealer {
        /// Who tried.
        staff: StaffId,
        /// Their role.
        role: crate::access::Role,
    },
    /// The table's cards do not come from a card-reading shoe on a serial
    /// port (the software shoe, or the simulated shoe), or the new source is
    /// not one.
    #[error("only a card-reading shoe on a serial port can be moved to another port")]
    NotOnASerialPort,
    /// The simulated shoe has no card left to pull.
    #[error(
        "the simulated shoe is empty (a restart empties it): insert a freshly shuffled shoe first"
    )]
    SimulatedShoeEmpty,
    /// A card cannot be read again while the shoe's port is not open.
    #[error(
        "the card-reading shoe is not connected, so no card can be read again: check its cable, or a pit boss moves it to another port (Pit boss, Limits & voids)"
    )]
    ShoeNotConnected,
    /// New table limits cannot change the hand in progress.
    #[error("a hand is in progress: the new limits apply from the next hand")]
    LimitsFromNextHand,
    /// An alarm stops play.
    #[error("play is stopped by an alarm: {0}")]
    Alarm(String),
    /// The last hand is waiting for its settlement to be confirmed.
    #[error("confirm the settlement of hand {0} first")]
    SettlementPending(u64),
    /// Nothing to confirm.
    #[error("there is no settlement to confirm")]
    NoSettlement,
    /// The table reads its cards from a shoe; there is no software shoe.
    #[error("cards at this table come from the card-reading shoe, not the software shoe")]
    NotSoftwareShoe,
    /// The table's stored settings are unreadable.
    #[error("table setting `{key}` is unreadable: {problem}")]
    Setting {
        /// The key.
        key: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// The shift's first hand waits for the opener (MICS: the tray is
    /// counted before play).
    #[error(
        "count the opener before the first hand: the dealer and a pit boss count the tray (Pit boss, Inventory), or a pit boss waives the count with a reason"
    )]
    OpenerNotCounted,
    /// The operating system's random source failed.
    #[error("the operating system's random source failed")]
    Random,
}

/// A seat's entry for the next hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatEntry {
    /// Rocket: the bet as typed (blank: nobody plays). Starboard: unused.
    pub bet: String,
    /// Starboard: whether a player sits here for the next game.
    pub seated: bool,
}

/// Checks a typed Rocket bet: Ok(None) for a blank (empty seat), Ok(bet)
/// for a good one, or a sentence saying what is wrong.
pub fn check_bet(text: &str, rules: &HouseRules) -> Result<Option<u64>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bet: u64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a whole number of units"))?;
    let (min, max) = (rules.rocket.min_bet_units, rules.rocket.max_bet_units);
    if bet == 0 || !bet.is_multiple_of(BET_GRID_UNITS) {
        return Err(format!(
            "bets go in steps of {BET_GRID_UNITS} units; {bet} is not one"
        ));
    }
    if bet < min {
        return Err(format!("{bet} is below the table minimum of {min}"));
    }
    if bet > max {
        return Err(format!("{bet} is above the table maximum of {max}"));
    }
    Ok(Some(bet))
}

/// A Starboard seat's state in a word or two.
pub fn starboard_state_word(state: SeatState) -> String {
    match state {
        SeatState::Empty => "empty".into(),
        SeatState::Active => "in".into(),
        SeatState::Locked(cards) => format!("locked at {cards}"),
        SeatState::Busted => "busted".into(),
        SeatState::KnockedOut => "knocked out".into(),
    }
}

fn os_rng() -> Result<StdRng, StationError> {
    StdRng::try_from_rng(&mut SysRng).map_err(|_| StationError::Random)
}

/// The settings key for each part of a [`TableSetup`].
pub mod keys {
    /// The shoe's decks.
    pub const DECKS: &str = "decks";
    /// The SHA-256 (hex) of the house rules in force, recorded in `rules`.
    pub const RULES: &str = "rules_hash";
    /// The table unit, in cents.
    pub const UNIT_CENTS: &str = "unit_cents";
    /// The card source (`software`, `simulated`, `scanner BAUD PATH`).
    pub const SOURCE: &str = crate::ledger::SOURCE_KEY;
}

/// One live table.
#[derive(Debug)]
pub struct Station {
    /// First, so it is dropped first: its reader thread (which may journal
    /// heartbeats into the ledger) stops before the ledger closes.
    feed: Feed,
    ledger: Ledger,
    table: Table,
    setup: TableSetup,
    context: HandContext,
    dealer: Option<StaffId>,
    recorder: Recorder,
    intake: Intake,
    entries: Vec<SeatEntry>,
    settlement: Option<(FinishedHand, Settlement)>,
    /// Ledger alarm id and text of each notice to acknowledge.
    notices: Vec<Notice>,
    /// Ledger alarm ids of the scanner alarms raised now.
    scanner_alarm_ids: Vec<i64>,
    rng: StdRng,
    /// Shuffles in the hands of this shift already committed.
    committed_shuffles: u32,
    last_committed: Option<Settlement>,
    /// The seat entries as last journaled (docs/ledger.md, "The seats
    /// typed for the next hand").
    journaled_entries: Vec<SeatEntry>,
    /// The hands the ledger holds of this table: the dealer's count.
    hands_at_table: u64,
    /// The ledger id of this table's latest hand (hand `hands_at_table`).
    last_hand: Option<HandId>,
    /// Why new limits could not be applied after the last confirmation.
    limits_problem: Option<StationError>,
    /// When the dealer last acted, for the idle timeout.
    last_activity: DateTime<Utc>,
    /// When the hand in progress started, by the station's clock.
    hand_started: Option<DateTime<Utc>>,
    /// The card-reading shoe (device) recorded as reading this table's shoe.
    device: Option<Device>,
    /// The protocol version the link speaks now, once decided.
    link_protocol: Option<Protocol>,
    /// The start-up checks' whole chain check, for the Audit tab.
    startup_chain: startup::StartupChainCheck,
}

impl Station {
    /// Signs a dealer in with their PIN (a relief dealer, or after a
    /// restart); the dealer they replace is signed out. A hand in progress
    /// keeps the dealer who started it in its record.
    pub fn sign_in_dealer(&mut self, dealer: &PinEntry<'_>) -> Result<(), StationError> {
        check_dealer(&self.ledger, dealer.staff)?;
        self.ledger.sign_in(dealer.staff, dealer.pin)?;
        if let Some(previous) = self.dealer.filter(|d| *d != dealer.staff)
            && self.ledger.active_session(previous)?.is_some()
        {
            self.ledger.sign_out(previous)?;
        }
        self.set_dealer(Some(dealer.staff));
        Ok(())
    }

    /// Times the dealer out if they have been idle for their role's limit
    /// (`access::idle_limit`): the session ends in the ledger and the next
    /// action needs a sign-in. Returns whether it happened.
    pub fn time_out_if_idle(&mut self) -> Result<bool, StationError> {
        let Some(dealer) = self.dealer else {
            return Ok(false);
        };
        let now = self.ledger.clock_now();
        if !session_timed_out(Role::Dealer, self.last_activity, now) {
            return Ok(false);
        }
        // A session already ended in the ledger (a lockout) needs no row.
        if self.ledger.active_session(dealer)?.is_some() {
            self.ledger.record_timeout(dealer)?;
        }
        self.dealer = None;
        Ok(true)
    }

    /// Refused without a dealer whose session is still open in the ledger
    /// (a lockout elsewhere ends it): then nobody is dealing here any more.
    fn check_dealer_session(&mut self) -> Result<StaffId, StationError> {
        let dealer = self.dealer.ok_or(StationError::NoDealer)?;
        if self.ledger.active_session(dealer)?.is_none() {
            self.dealer = None;
            return Err(StationError::NoDealer);
        }
        Ok(dealer)
    }

    /// How long until the signed-in dealer's session times out if they do
    /// nothing; None without a dealer.
    pub fn idle_time_left(&self) -> Option<std::time::Duration> {
        self.dealer?;
        let limit = idle_limit(Role::Dealer)?;
        let left = self.last_activity + limit - self.ledger.clock_now();
        Some(left.to_std().unwrap_or_default())
    }

    /// When the dealer last acted (signing in counts).
    fn touch(&mut self) {
        self.last_activity = self.ledger.clock_now();
    }

    /// Signs the dealer out (the hand in progress waits for the next one).
    pub fn sign_out_dealer(&mut self) -> Result<(), StationError> {
        if let Some(dealer) = self.dealer
            && self.ledger.active_session(dealer)?.is_some()
        {
            self.ledger.sign_out(dealer)?;
        }
        self.dealer = None;
        Ok(())
    }

    /// Signs dealer `dealer` in at this table (the hands they deal carry
    /// their staff number); their PIN was checked by the caller.
    fn set_dealer(&mut self, dealer: Option<StaffId>) {
        self.dealer = dealer;
        self.touch();
        if let Some(dealer) = dealer
            && self.table.hand().is_none()
        {
            self.context.dealer = dealer;
            self.recorder.set_context(self.context);
        }
    }

    /// The dealer signed in, if any.
    pub fn dealer(&self) -> Option<StaffId> {
        self.dealer
    }

    /// What the table was opened with.
    pub fn setup(&self) -> &TableSetup {
        &self.setup
    }

    /// The engine's table (hand in progress, shoe count, button).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The ledger.
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// The ledger, for recording outside a hand (staff, approvals).
    pub fn ledger_mut(&mut self) -> &mut Ledger {
        &mut self.ledger
    }

    /// The seat entries for the next hand (index 0 is seat 1).
    pub fn entries(&self) -> &[SeatEntry] {
        &self.entries
    }

    /// A seat's entry, to type a bet or seat a player (seats from 1);
    /// [`Station::journal_entries`] makes the change durable.
    pub fn entry_mut(&mut self, seat: u8) -> Option<&mut SeatEntry> {
        self.entries.get_mut(usize::from(seat).checked_sub(1)?)
    }

    /// Journals the seat entries (bets as typed, Starboard seatings) when
    /// they changed since last journaled, so a crash loses none of them;
    /// a restart puts them back (docs/ledger.md, "The seats typed for the
    /// next hand").
    pub fn journal_entries(&mut self) -> Result<(), StationError> {
        if self.entries == self.journaled_entries {
            return Ok(());
        }
        let typed: Vec<JournaledEntry> = (1u8..)
            .zip(&self.entries)
            .filter(|(_, entry)| **entry != SeatEntry::default())
            .map(|(seat, entry)| JournaledEntry {
                seat,
                bet: entry.bet.clone(),
                seated: entry.seated,
            })
            .collect();
        self.ledger.journal_entries(self.context.shift, &typed)?;
        self.journaled_entries = self.entries.clone();
        Ok(())
    }

    /// Puts back the seat entries journaled for the open shift.
    fn restore_entries(&mut self) -> Result<(), StationError> {
        for journaled in self.ledger.journaled_entries(self.context.shift)? {
            if let Some(entry) = self.entry_mut(journaled.seat) {
                entry.bet = journaled.bet;
                entry.seated = journaled.seated;
            }
        }
        self.journaled_entries = self.entries.clone();
        Ok(())
    }

    /// The scanner link, if this table reads its cards.
    pub fn scan_link(&self) -> Option<&ScanLink> {
        match &self.feed {
            Feed::Scanner(link) => Some(link),
            Feed::SoftwareShoe => None,
        }
    }

    /// The scanner alarms that stop play, oldest first.
    pub fn alarms(&self) -> &[Fault] {
        self.intake.alarms()
    }

    /// Notices the dealer must acknowledge (a recovery after a restart).
    pub fn notices(&self) -> impl Iterator<Item = &str> {
        self.notices.iter().map(|n| n.text.as_str())
    }

    /// Whether clearing the notices needs a pit boss's PIN: any notice but a
    /// recovery (a scanner alarm still open when the station stopped, a
    /// start-up alarm).
    pub fn notices_need_pit_boss(&self) -> bool {
        self.notices.iter().any(|n| n.kind != AlarmKind::Recovery)
    }

    /// Whether any notice waits for acknowledgement.
    pub fn has_notices(&self) -> bool {
        !self.notices.is_empty()
    }

    /// The dealer acknowledges the notices; their alarms are cleared in the
    /// ledger in the dealer's name, or in the approving pit boss's when a
    /// notice needs one ([`Station::notices_need_pit_boss`]; recorded as a
    /// scanner override).
    pub fn acknowledge_notices(
        &mut self,
        pit_boss: Option<&PinEntry<'_>>,
    ) -> Result<(), StationError> {
        let dealer = self.check_dealer_session()?;
        let (by, how) = match (self.notices_need_pit_boss(), pit_boss) {
            (false, _) => (dealer, "acknowledged by the dealer"),
            (true, None) => return Err(StationError::PitBossNeeded),
            // Only start-up alarms (and a recovery): the clearing row names
            // the pit boss, whose PIN is checked now.
            (true, Some(approver)) if !self.notices.iter().any(|n| n.kind.is_scanner()) => {
                self.ledger
                    .check_pit_boss(approver, "clear a start-up alarm")?;
                (
                    approver.staff,
                    "cleared by a pit boss after the start-up checks",
                )
            }
            (true, Some(approver)) => {
                let detail = "alarms open when the station stopped, cleared after the restart";
                let hand = self.table.hand().map(|(setup, _)| HandId::of(setup.number));
                let approved = self.ledger.approve_scanner_override(
                    self.context.table,
                    hand,
                    dealer,
                    approver,
                    detail,
                )?;
                (approved, "cleared by a pit boss after the restart")
            }
        };
        for notice in &self.notices {
            self.ledger.clear_alarm(notice.alarm, by, how)?;
        }
        self.notices.clear();
        self.touch();
        Ok(())
    }

    /// The settlement waiting for the dealer's confirmation.
    pub fn settlement(&self) -> Option<&Settlement> {
        self.settlement.as_ref().map(|(_, s)| s)
    }

    /// The last confirmed settlement (shown until the next hand starts).
    pub fn last_committed(&self) -> Option<&Settlement> {
        self.last_committed.as_ref()
    }

    /// The last hand the ledger holds of this table (committed here, or
    /// before a restart), as the dealer counts it; None before its first.
    pub fn last_recorded(&self) -> Option<TableHand> {
        self.last_hand.map(|id| TableHand {
            at_table: self.hands_at_table,
            id,
        })
    }

    /// Shuffles this shift (software shoe and card-reading shoe alike).
    pub fn shuffles_this_shift(&self) -> u32 {
        let waiting = self
            .settlement
            .as_ref()
            .map_or(0, |(finished, _)| shuffles_in(&finished.events));
        self.committed_shuffles + waiting + shuffles_in(self.table.events())
    }

    /// Why a card-reading shoe must be replaced by a freshly shuffled one
    /// before the next hand (the cut card, or a count a restart left not
    /// known), if it must.
    pub fn new_shoe_reason(&self) -> Option<&str> {
        match &self.feed {
            Feed::SoftwareShoe => None,
            Feed::Scanner(_) => self.intake.new_shoe_reason(),
        }
    }

    /// How far the count of cards out of the shoe is known: always for the
    /// software shoe; for a card-reading shoe after a restart, while its
    /// frames since are checked, then known or not (cards may have left it
    /// unseen while the station was down) until a freshly shuffled shoe
    /// goes in.
    pub fn shoe_count(&self) -> ShoeKnown<'_> {
        match &self.feed {
            Feed::SoftwareShoe => ShoeKnown::Known,
            Feed::Scanner(_) => match (self.intake.count_unknown(), self.intake.checking()) {
                (Some(why), _) => ShoeKnown::NotKnown(why),
                (None, true) => ShoeKnown::Checking,
                (None, false) => ShoeKnown::Known,
            },
        }
    }

    /// Whether the shoe must be shuffled before the next hand.
    pub fn shuffle_due(&self) -> bool {
        match &self.feed {
            Feed::SoftwareShoe => self.table.count().cut_card_out(),
            Feed::Scanner(_) => self.intake.shuffle_due(),
        }
    }

    /// Cards still to burn after the shoe was replaced.
    pub fn burns_due(&self) -> u8 {
        self.intake.burns_due()
    }

    /// What the dealer must do next.
    pub fn prompt(&self) -> Prompt {
        prompt::prompt(self)
    }

    /// The seating the entries describe, checked.
    fn seating(&self) -> Result<Seating, StationError> {
        let rules = self.table.rules();
        match self.setup.game {
            GameKind::Rocket => {
                let mut bets = Vec::new();
                for (seat, entry) in (1u8..).zip(&self.entries) {
                    match check_bet(&entry.bet, rules) {
                        Ok(Some(bet)) => bets.push((seat, bet)),
                        Ok(None) => {}
                        Err(problem) => return Err(StationError::Bet { seat, problem }),
                    }
                }
                if bets.is_empty() {
                    return Err(StationError::NotEnoughPlayers(
                        "no bets are in; enter at least one bet",
                    ));
                }
                Ok(Seating::Rocket(bets))
            }
            GameKind::Starboard => {
                let seated: Vec<u8> = (1u8..)
                    .zip(&self.entries)
                    .filter(|(_, e)| e.seated)
                    .map(|(seat, _)| seat)
                    .collect();
                if seated.len() < 2 {
                    return Err(StationError::NotEnoughPlayers(
                        "Starboard needs at least two seated players",
                    ));
                }
                Ok(Seating::Starboard(seated))
            }
        }
    }

    /// Refused while an alarm or a notice stops play.
    fn check_not_stopped(&self) -> Result<(), StationError> {
        if let Some(fault) = self.intake.alarms().first() {
            return Err(StationError::Alarm(fault.to_string()));
        }
        if let Some(notice) = self.notices.first() {
            return Err(StationError::Alarm(notice.text.clone()));
        }
        Ok(())
    }

    /// Refused without a dealer signed in, while an alarm or notice stops
    /// play, or while a settlement waits; otherwise the dealer is active.
    fn check_can_play(&mut self) -> Result<StaffId, StationError> {
        let dealer = self.check_dealer_session()?;
        self.check_not_stopped()?;
        if let Some((finished, _)) = &self.settlement {
            return Err(StationError::SettlementPending(finished.setup.number));
        }
        self.touch();
        Ok(dealer)
    }

    /// The ledger id of this table.
    pub fn table_id(&self) -> TableId {
        self.context.table
    }

    /// The ledger id of the open shift.
    pub fn shift_id(&self) -> ShiftId {
        self.context.shift
    }

    /// Whether play waits for the opener: this shift's tray is neither
    /// counted nor its count waived by a pit boss.
    pub fn opener_needed(&self) -> Result<bool, StationError> {
        let state = self
            .ledger
            .count_state(self.context.shift, CountKind::Opener)?;
        Ok(state == CountState::Missing)
    }

    /// Seats the rated player with `card` (and `name`, for a new card) at
    /// `seat`, as the dealer signed in records it (docs/rating.md).
    pub fn seat_player(
        &mut self,
        seat: u8,
        card: &str,
        name: Option<&str>,
    ) -> Result<(), StationError> {
        let dealer = self.dealer.ok_or(StationError::NoDealer)?;
        self.ledger
            .seat_player(self.context.shift, seat, card, name, dealer)?;
        Ok(())
    }

    /// Unseats the rated player at `seat`, as the dealer signed in records
    /// it; returns their card number.
    pub fn unseat_player(&mut self, seat: u8) -> Result<String, StationError> {
        let dealer = self.dealer.ok_or(StationError::NoDealer)?;
        Ok(self
            .ledger
            .unseat_player(self.context.shift, seat, dealer)?)
    }

    /// The rated players seated at this table, by seat.
    pub fn rated_players(&self) -> Result<Vec<SeatedPlayer>, StationError> {
        Ok(self.ledger.seated_players(Some(self.context.table))?)
    }

    /// Gives the ledger back (after the table is closed).
    pub fn into_ledger(self) -> Ledger {
        self.ledger
    }

    /// Applies the table limits a pit boss last set in the ledger
    /// (`Ledger::change_limits`) to the Rocket minimum and maximum bet.
    /// Nothing to do if none were set or they are already in force; refused
    /// while a hand is in progress (they apply from the next hand, and
    /// [`Station::start_hand`] applies them).
    pub fn apply_limits(&mut self) -> Result<(), StationError> {
        let Some(limits) = self.ledger.table_limits(self.context.table)? else {
            return Ok(());
        };
        let mut rules = *self.table.rules();
        if (rules.rocket.min_bet_units, rules.rocket.max_bet_units)
            == (limits.min_bet_units, limits.max_bet_units)
        {
            return Ok(());
        }
        if self.table.hand().is_some() {
            return Err(StationError::LimitsFromNextHand);
        }
        rules.rocket.min_bet_units = limits.min_bet_units;
        rules.rocket.max_bet_units = limits.max_bet_units;
        rules.validate().map_err(TableError::from)?;
        self.ledger.record_rules(&rules)?;
        self.ledger
            .set_table_setting(self.context.table, keys::RULES, &rules.hash_hex())?;
        self.table.set_rules(rules)?;
        self.setup.rules = rules;
        Ok(())
    }

    /// Starts the next hand with the entered bets or seated players.
    pub fn start_hand(&mut self) -> Result<(), StationError> {
        let dealer = self.check_can_play()?;
        if self.opener_needed()? {
            return Err(StationError::OpenerNotCounted);
        }
        self.apply_limits()?;
        if let Feed::Scanner(_) = &self.feed
            && let Some(why) = self.intake.new_shoe_reason()
        {
            return Err(StationError::Alarm(format!(
                "{why}: insert a freshly shuffled shoe first"
            )));
        }
        let seating = self.seating()?;
        self.table.start_hand(&seating, &mut self.rng)?;
        self.hand_started = Some(self.ledger.clock_now());
        self.context.dealer = dealer;
        self.recorder.set_context(self.context);
        self.last_committed = None;
        self.record()
    }

    /// Journals what the hand did and moves to settlement when it is over.
    fn record(&mut self) -> Result<(), StationError> {
        self.recorder.sync(&mut self.ledger, &self.table)?;
        self.finish_if_over()
    }

    fn finish_if_over(&mut self) -> Result<(), StationError> {
        if self.table.hand().is_some() && self.table.need() == Need::Done {
            let finished = self.table.finish_hand()?;
            let settlement = Settlement::of(&finished, self.hands_at_table + 1);
            self.settlement = Some((finished, settlement));
        }
        Ok(())
    }

    /// Software shoe: deals the next card to whoever is due.
    pub fn deal_from_shoe(&mut self) -> Result<(), StationError> {
        self.check_can_play()?;
        if !matches!(self.feed, Feed::SoftwareShoe) {
            return Err(StationError::NotSoftwareShoe);
        }
        self.table.deal_from_shoe()?;
        self.record()
    }

    /// The decision of the seat whose turn it is.
    pub fn decide(&mut self, action: Action) -> Result<(), StationError> {
        self.check_can_play()?;
        let seat = match self.table.need() {
            Need::Decision { seat, .. } => seat,
            Need::Card(to) => return Err(StationError::NoDecisionDue(to)),
            Need::Done => return Err(StationError::Table(TableError::NoHand)),
        };
        self.table.act(seat, action)?;
        self.record()
    }

    /// Confirms the settlement: the hand is committed to the ledger.
    /// Returns the hand's id.
    pub fn confirm_settlement(&mut self) -> Result<HandId, StationError> {
        self.check_dealer_session()?;
        let Some((finished, _)) = &self.settlement else {
            return Err(StationError::NoSettlement);
        };
        self.check_not_stopped()?;
        let id = self.recorder.commit(&mut self.ledger, finished)?;
        self.hands_at_table += 1;
        self.last_hand = Some(id);
        self.committed_shuffles += shuffles_in(&finished.events);
        self.last_committed = self.settlement.take().map(|(_, s)| s);
        self.touch();
        // New limits a pit boss set during the hand apply now, so the bets
        // typed for the next hand are checked against them. The hand is
        // committed whatever happens here: a failure is kept for the screen
        // (`limits_problem`), and the next hand applies them again.
        self.limits_problem = self.apply_limits().err();
        Ok(id)
    }

    /// Why new table limits could not be applied when the last hand was
    /// confirmed (the hand itself is committed); the next hand tries again.
    pub fn limits_problem(&self) -> Option<&StationError> {
        self.limits_problem.as_ref()
    }

    /// The hand in progress as the dealer counts it, if any.
    pub fn hand_number(&self) -> Option<TableHand> {
        self.table.hand().map(|(setup, _)| TableHand {
            at_table: self.hands_at_table + 1,
            id: HandId::of(setup.number),
        })
    }

    /// The hand on the layout as the station publishes it to the floor
    /// (docs/floor.md, "The hand in progress"): from its start until its
    /// settlement is confirmed; `None` between hands.
    pub fn hand_in_progress(&self) -> Option<live::HandInProgress> {
        let (setup, events, next) = match (self.table.hand(), &self.settlement) {
            (Some((setup, hand)), _) => (setup, self.table.events(), actor_of(&hand.need())),
            (None, Some((finished, _))) => (&finished.setup, &finished.events[..], Actor::Table),
            (None, None) => return None,
        };
        Some(live::HandInProgress {
            hand: TableHand {
                at_table: self.hands_at_table + 1,
                id: HandId::of(setup.number),
            },
            game: setup.game,
            dealer: self.context.dealer,
            started_at: self.hand_started.unwrap_or(self.last_activity),
            steps: events.len() as u64,
            seats: live::seat_stakes(setup),
            cards: live::dealt_cards(events),
            next,
        })
    }

    /// `hand` signed with the station's key for the floor; `None` when the
    /// ledger is open without the key.
    pub fn sign_hand(&self, hand: &live::HandInProgress) -> Option<live::SignedHand> {
        let payload = hand.encode();
        let signature = self.ledger.sign_hand_in_progress(&payload)?;
        Some(live::SignedHand { payload, signature })
    }

    /// The hand in progress, if any.
    pub fn hand(&self) -> Option<&Hand> {
        self.table.hand().map(|(_, hand)| hand)
    }

    /// The hand on the layout: the one in progress, or the finished one
    /// whose settlement waits for confirmation (its cards stay in view
    /// while the dealer collects and pays).
    pub fn hand_on_layout(&self) -> Option<&Hand> {
        self.hand()
            .or(self.settlement.as_ref().map(|(finished, _)| &finished.hand))
    }

    /// What happened in the hand on the layout, in order (cards, decisions,
    /// burns): the discarded and busting cards are shown from these.
    pub fn events_on_layout(&self) -> &[HandEvent] {
        match (&self.settlement, self.hand()) {
            (_, Some(_)) => self.table.events(),
            (Some((finished, _)), None) => &finished.events,
            (None, None) => &[],
        }
    }
}

/// A notice that stops play until it is acknowledged.
#[derive(Debug)]
struct Notice {
    /// The ledger alarm it stands for.
    alarm: i64,
    /// What happened, as the dealer reads it.
    text: String,
    /// What raised it: only a recovery notice is the dealer's to clear.
    kind: AlarmKind,
}

/// How many shuffles (software or physical shoe) `events` hold.
fn shuffles_in(events: &[HandEvent]) -> u32 {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                HandEvent::Shoe(ShoeEvent::Shuffled(_)) | HandEvent::ExternalShuffle { .. }
            )
        })
        .count() as u32
}

/// Refused unless `staff` is a dealer.
fn check_dealer(ledger: &Ledger, staff: StaffId) -> Result<(), StationError> {
    match ledger.role_of(staff)? {
        Role::Dealer => Ok(()),
        role => Err(StationError::NotADealer { staff, role }),
    }
}
