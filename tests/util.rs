//! What the test modules share (ripgrep's `tests/util.rs`): the staff and
//! their PINs, a clock the test moves, fresh ledger paths, staffed ledgers,
//! a table opened with its opener counted, the scripted card-reading shoe
//! and the plays that deal a hand to its settlement.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Sender, channel};

use chrono::{DateTime, TimeZone, Utc};

use pairs_table::engine::Decks;
use pairs_table::engine::Rank;
use pairs_table::engine::hand::{Action, CardTo, GameKind, Hand, Need};
use pairs_table::engine::money::{Account, net_of};
use pairs_table::engine::rules::HouseRules;
use pairs_table::figures::Recorder;
use pairs_table::ids::{ShiftId, StaffId, TableId};
use pairs_table::ledger::{
    self, Clock, Discrepancy, HandContext, HandFilter, Ledger, PinEntry, Role,
};
use pairs_table::scanner::{Message, ScanEvent, ScanLink};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};
use pairs_table::station::{Actor, Feed, SourceChoice, Station, TableSetup};

/// A clock the test moves.
#[derive(Clone)]
pub struct TestClock(pub Rc<Cell<DateTime<Utc>>>);

impl TestClock {
    pub fn at(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> TestClock {
        TestClock(Rc::new(Cell::new(
            Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap(),
        )))
    }

    pub fn set(&self, y: i32, mo: u32, d: u32, h: u32, mi: u32) {
        self.0
            .set(Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap());
    }
}

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        self.0.get()
    }
}

pub fn temp_db(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "pairs-table-pit-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.sqlite3"))
}

pub const BOSS: StaffId = StaffId(1);
pub const BOSS_PIN: &str = "40718263";
pub const OTHER_BOSS: StaffId = StaffId(2);
pub const OTHER_PIN: &str = "5092";
pub const DEALER: StaffId = StaffId(10);
pub const DEALER_PIN: &str = "8316";

pub fn boss() -> PinEntry<'static> {
    PinEntry {
        staff: BOSS,
        pin: BOSS_PIN,
    }
}

pub fn other_boss() -> PinEntry<'static> {
    PinEntry {
        staff: OTHER_BOSS,
        pin: OTHER_PIN,
    }
}

pub fn dealer() -> PinEntry<'static> {
    PinEntry {
        staff: DEALER,
        pin: DEALER_PIN,
    }
}

/// A new ledger with two pit bosses and a dealer, each with a PIN, and a
/// Rocket table; returns it, its path, its clock and the table id.
pub fn staffed(name: &str) -> (Ledger, PathBuf, TestClock, TableId) {
    staffed_with(name, crate::test_keys())
}

/// [`staffed`], the ledger signed with `keys` (a station of its own on a
/// floor, where each key is one station's).
pub fn staffed_with(
    name: &str,
    keys: pairs_table::keys::StationKeys,
) -> (Ledger, PathBuf, TestClock, TableId) {
    let path = temp_db(name);
    let clock = TestClock::at(2026, 3, 1, 20, 0);
    let mut ledger = Ledger::open(&path, Box::new(clock.clone()), keys).unwrap();
    assert!(!ledger.has_staff().unwrap());
    assert!(ledger.needs_first_pit_boss().unwrap());
    ledger
        .create_first_pit_boss(BOSS, "Pat Boss", BOSS_PIN)
        .unwrap();
    assert!(!ledger.needs_first_pit_boss().unwrap());
    ledger
        .add_staff(OTHER_BOSS, "Oona Boss", Role::PitBoss, OTHER_PIN, &boss())
        .unwrap();
    ledger
        .add_staff(DEALER, "Dana Dealer", Role::Dealer, DEALER_PIN, &boss())
        .unwrap();
    ledger.set_station("table 1");
    let table = ledger.table("table 1", GameKind::Rocket).unwrap();
    (ledger, path, clock, table)
}

pub fn discrepancies(path: &Path) -> Vec<Discrepancy> {
    let mut found = Vec::new();
    ledger::verify(path, &ledger::VerifyOptions::default(), |d| {
        found.push(d.clone())
    })
    .unwrap();
    found
}

/// Plays and commits `hands` Rocket hands dealt by DEALER in a new shift
/// opened with the pit boss's PIN; returns the shift and the house's net
/// computed from the hands' own transfers.
pub fn dealt(ledger: &mut Ledger, table: TableId, hands: u64, seed: u64) -> (ShiftId, i64) {
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    ledger.open_shoe(table, 1, None).unwrap();
    (shift, deal_more(ledger, table, shift, hands, seed))
}

/// Plays and commits `hands` more Rocket hands dealt by DEALER in the open
/// `shift`, from the table's current shoe; returns the house's net.
pub fn deal_more(
    ledger: &mut Ledger,
    table: TableId,
    shift: ShiftId,
    hands: u64,
    seed: u64,
) -> i64 {
    let shoe = ledger.current_shoe(table).unwrap().unwrap();
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    });
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(1).unwrap(),
        seats: 4,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::Random,
    };
    let mut simulation = Simulation::seeded(&config, seed).unwrap();
    let before = ledger.browse_hands(&HandFilter::default()).unwrap().len();
    simulation.resume(before as u64, None, 0);
    let mut house = 0;
    for _ in 0..hands {
        let finished = simulation
            .play_hand_with(|t| recorder.sync(ledger, t))
            .unwrap();
        house += net_of(&finished.transfers, Account::House);
        recorder.commit(ledger, &finished).unwrap();
    }
    house
}

/// A new ledger at a fresh path with a pit boss and a dealer, each with a PIN.
pub fn staffed_ledger(name: &str) -> (Ledger, PathBuf, TestClock) {
    let path = temp_db(name);
    let clock = TestClock::at(2026, 3, 1, 20, 0);
    let mut ledger = Ledger::open(&path, Box::new(clock.clone()), crate::test_keys()).unwrap();
    ledger
        .create_first_pit_boss(BOSS, "Pat Boss", BOSS_PIN)
        .unwrap();
    ledger
        .add_staff(DEALER, "Dana Dealer", Role::Dealer, DEALER_PIN, &boss())
        .unwrap();
    ledger.set_station("table 1");
    (ledger, path, clock)
}

/// The ledger at `path` again, as after a restart.
pub fn reopen_ledger(path: &Path, clock: &TestClock) -> Ledger {
    let mut ledger = Ledger::open(path, Box::new(clock.clone()), crate::test_keys()).unwrap();
    ledger.set_station("table 1");
    ledger
}

pub fn setup(game: GameKind, decks: i64, source: SourceChoice) -> TableSetup {
    TableSetup {
        name: format!("{game} 1"),
        game,
        decks: Decks::new(decks).unwrap(),
        rules: HouseRules::default(),
        unit_cents: 100,
        source,
    }
}

pub fn open(ledger: Ledger, setup: TableSetup, feed: Feed) -> Station {
    let mut station = Station::open(ledger, setup, &dealer(), &boss(), feed)
        .map_err(|refused| refused.error)
        .unwrap();
    count_opener(&mut station);
    station
}

/// The tray's opener, counted by the dealer and the pit boss (chips of 5
/// and 25 units), as MICS wants before the shift's first hand.
pub fn count_opener(station: &mut Station) {
    use pairs_table::inventory::{ChipCount, Denominations};
    use pairs_table::ledger::CountKind;
    let denominations = Denominations::new(&[5, 25]).unwrap();
    let tray = ChipCount::new(&denominations, &[(5, 200), (25, 80)]).unwrap();
    let (table, shift) = (station.table_id(), station.shift_id());
    let ledger = station.ledger_mut();
    if ledger.denominations(table).unwrap() != Some(denominations.clone()) {
        ledger
            .set_denominations(table, &denominations, DEALER, &boss())
            .unwrap();
    }
    ledger
        .record_count(shift, CountKind::Opener, &tray, &dealer(), &boss(), None)
        .unwrap();
}

/// A scripted card-reading shoe: each card is a frame with the next number.
pub struct Script {
    pub tx: Sender<ScanEvent>,
    seq: u16,
}

impl Script {
    /// The script and the feed that reads it.
    pub fn new() -> (Script, Feed) {
        let (tx, rx) = channel();
        (
            Script { tx, seq: 0 },
            Feed::Scanner(Box::new(ScanLink::scripted(rx))),
        )
    }

    pub fn send(&mut self, message: Message) {
        let seq = self.seq;
        self.seq = self.seq.wrapping_add(1);
        self.tx.send(ScanEvent::Frame { seq, message }).unwrap();
    }

    pub fn card(&mut self, rank: i64) {
        self.send(Message::Card {
            rank: Rank::new(rank).unwrap(),
        });
    }

    /// Frames lost on the wire: the next frame number jumps by `missing`.
    pub fn gap(&mut self, missing: u16) {
        let expected = self.seq;
        self.seq = self.seq.wrapping_add(missing);
        self.tx
            .send(ScanEvent::Gap {
                expected,
                received: self.seq,
                missing,
            })
            .unwrap();
    }
}

/// Ranks dealt in turn by the scripted shoe: every rank often enough that
/// stacks pair quickly, none more often than six decks hold.
pub const RANKS: [i64; 10] = [7, 9, 4, 10, 8, 6, 5, 9, 10, 8];

/// A decision policy: Rocket hits a seat's first decision and folds the
/// next; Starboard draws once per seat, then locks.
pub fn policy(hand: &Hand, seat: u8, choices: &[Action]) -> Action {
    let first = match hand {
        Hand::Rocket(h) => h.stack(seat).len() <= 1,
        Hand::Starboard(h) => h.draws(seat) == 0,
    };
    if first { choices[0] } else { choices[1] }
}

/// Checks the prompt against what the engine needs: who acts and what to do.
pub fn check_prompt(station: &Station) {
    let prompt = station.prompt();
    assert!(!prompt.stopped, "{prompt:?}");
    match station.table().need() {
        Need::Card(CardTo::Seat(seat)) => {
            assert_eq!(prompt.actor, Actor::Seat(seat));
            assert!(prompt.text.contains(&format!("seat {seat}")), "{prompt:?}");
        }
        Need::Card(CardTo::Dealer) => {
            assert_eq!(prompt.actor, Actor::Dealer);
            assert!(prompt.text.contains("Dealer draws"), "{prompt:?}");
        }
        Need::Card(CardTo::Common { by: None }) => assert_eq!(prompt.actor, Actor::Common),
        Need::Card(CardTo::Common { by: Some(seat) }) | Need::Decision { seat, .. } => {
            assert_eq!(prompt.actor, Actor::Seat(seat));
            assert!(prompt.text.contains(&format!("Seat {seat}")), "{prompt:?}");
        }
        Need::Done => {}
    }
}

/// Plays the hand in progress to its settlement, the software shoe dealing.
pub fn play_on_software_shoe(station: &mut Station) {
    for _ in 0..500 {
        if station.settlement().is_some() {
            return;
        }
        check_prompt(station);
        match station.table().need() {
            Need::Card(_) => station.deal_from_shoe().unwrap(),
            Need::Decision { seat, choices } => {
                let action = policy(station.hand().unwrap(), seat, &choices);
                station.decide(action).unwrap();
            }
            Need::Done => panic!("no hand and no settlement"),
        }
    }
    panic!("the hand did not end");
}

/// Plays the hand in progress to its settlement, the scripted shoe
/// reading each card due; `next` counts through [`RANKS`].
pub fn play_on_script(station: &mut Station, script: &mut Script, next: &mut usize) {
    for _ in 0..500 {
        if station.settlement().is_some() {
            return;
        }
        check_prompt(station);
        match station.table().need() {
            Need::Card(_) => {
                script.card(RANKS[*next % RANKS.len()]);
                *next += 1;
                assert_eq!(station.poll_scanner().unwrap(), 1);
                assert!(station.alarms().is_empty(), "{:?}", station.alarms());
            }
            Need::Decision { seat, choices } => {
                let action = policy(station.hand().unwrap(), seat, &choices);
                station.decide(action).unwrap();
            }
            Need::Done => panic!("no hand and no settlement"),
        }
    }
    panic!("the hand did not end");
}

/// Runs the harness's frames until `done` holds (work on other threads,
/// such as the floor's, wakes the window meanwhile); panics after 10 s
/// saying `what` never happened.
pub fn run_until<S>(
    harness: &mut egui_kittest::Harness<'_, S>,
    what: &str,
    done: impl Fn(&egui_kittest::Harness<'_, S>) -> bool,
) {
    for _ in 0..1000 {
        harness.run();
        if done(harness) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("{what} did not happen in 10 s");
}

/// The screen sizes the app is made for: a dealer's touch screen and the
/// smallest a table may have.
pub const SCREENS: [eframe::egui::Vec2; 2] = [
    eframe::egui::vec2(1280.0, 800.0),
    eframe::egui::vec2(1024.0, 768.0),
];

/// The app at a screen of `size`, in the app's own type sizes and spacing,
/// one frame drawn.
pub fn app_at(
    app: pairs_table::ui::StationApp,
    size: eframe::egui::Vec2,
) -> egui_kittest::Harness<'static, pairs_table::ui::StationApp> {
    let mut harness = egui_kittest::Harness::builder()
        .with_size(size)
        // A grid whose column widths change takes a few frames to settle.
        .with_max_steps(8)
        .build_ui_state(
            |ui, app: &mut pairs_table::ui::StationApp| app.show_ui(ui),
            app,
        );
    pairs_table::ui::style(&harness.ctx);
    harness.run();
    harness
}

/// Replaces the text of the input labelled `label` with `text`.
pub fn type_into<S>(harness: &mut egui_kittest::Harness<'_, S>, label: &str, text: &str) {
    use egui_kittest::kittest::Queryable;
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(eframe::egui::Modifiers::COMMAND, eframe::egui::Key::A);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// [`run_until`] a widget whose label contains `text` is drawn.
pub fn run_until_shown<S>(harness: &mut egui_kittest::Harness<'_, S>, text: &str) {
    use egui_kittest::kittest::Queryable;
    run_until(harness, &format!("showing {text:?}"), |h| {
        h.query_all_by_label_contains(text).next().is_some()
    });
}

/// Every PIN hash (argon2id PHC string) the ledger at `path` keeps.
pub fn pin_hashes(path: &std::path::Path) -> Vec<String> {
    rusqlite::Connection::open(path)
        .unwrap()
        .prepare("SELECT phc FROM pins")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The house rules' hash each hand of the ledger at `path` recorded, in
/// hand order (read on a read-only connection of its own).
pub fn rules_hashes_of_hands(path: &Path) -> Vec<String> {
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let mut statement = conn
        .prepare("SELECT rules_hash FROM hands ORDER BY id")
        .unwrap();
    statement
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Asks `client` the count `sql` gives (one `bigint`) every 20 ms until
/// `done` holds of it, and returns it; fails after `limit`, saying `what`
/// did not happen and the last count.
pub fn wait_for_count(
    client: &mut postgres::Client,
    sql: &str,
    done: impl Fn(i64) -> bool,
    limit: std::time::Duration,
    what: &str,
) -> i64 {
    let start = std::time::Instant::now();
    loop {
        let count: i64 = client.query_one(sql, &[]).unwrap().get(0);
        if done(count) {
            return count;
        }
        assert!(
            start.elapsed() < limit,
            "{what} within {limit:?} (the count stayed at {count})"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
