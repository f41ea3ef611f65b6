//! Shift reports: the PDF's extracted text and the CSV against the ledger
//! they were printed from, pagination, reprints, a hands-only ledger, a
//! filled inventory section, and the command's refusals. The rules card:
//! its text against the house rules and the engine's payouts; output into a
//! closed pipe.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicI64, AtomicU32, Ordering};

use chrono::{DateTime, TimeZone, Utc};

use super::pdf_text::pdf_text;
use pairs_table::engine::Decks;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::money::{Account, net_of};
use pairs_table::engine::rules::HouseRules;
use pairs_table::figures::Recorder;
use pairs_table::ids::{HandId, ShiftId, StaffId};
use pairs_table::inventory::{ChipCount as Chips, Denominations};
use pairs_table::ledger::ShiftError;
use pairs_table::ledger::report::{
    ChipCount, ClearedUnder, CorrectionKind, Period, ReportError, ReportQuery, ShiftReport, Slip,
    SlipVoid, StaffRef,
};
use pairs_table::ledger::{
    self, AlarmKind, Clock, CountKind, HandContext, Ledger, LedgerError, PinEntry, Recount, Role,
    SlipKind,
};
use pairs_table::report::{Layout, render_csv, render_pdf};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

/// A clock that moves `step` seconds on every reading, from 2025-03-01 18:00 UTC.
struct Ticking {
    tick: AtomicI64,
    step: i64,
}

impl Clock for Ticking {
    fn now(&self) -> DateTime<Utc> {
        let tick = self.tick.fetch_add(1, Ordering::SeqCst);
        Utc.with_ymd_and_hms(2025, 3, 1, 18, 0, 0).unwrap()
            + chrono::Duration::seconds(self.step * tick)
    }
}

pub(crate) fn dir() -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "pairs-table-report-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const DEALER: StaffId = StaffId(10);
const DEALER_PIN: &str = "8316";
pub(crate) const PIT_BOSS: StaffId = StaffId(20);
pub(crate) const PIT_BOSS_PIN: &str = "3719";
const OTHER_BOSS: StaffId = StaffId(21);
const OTHER_BOSS_PIN: &str = "5092";

fn boss() -> PinEntry<'static> {
    PinEntry {
        staff: PIT_BOSS,
        pin: PIT_BOSS_PIN,
    }
}

fn other_boss() -> PinEntry<'static> {
    PinEntry {
        staff: OTHER_BOSS,
        pin: OTHER_BOSS_PIN,
    }
}

fn dealer() -> PinEntry<'static> {
    PinEntry {
        staff: DEALER,
        pin: DEALER_PIN,
    }
}

fn open_ticking(path: &Path, step: i64) -> Ledger {
    let clock = Ticking {
        tick: AtomicI64::new(0),
        step,
    };
    Ledger::open(path, Box::new(clock), crate::test_keys()).unwrap()
}

/// The first pit boss and a dealer, each with a PIN.
fn first_pit_boss_and_dealer(ledger: &mut Ledger) {
    ledger
        .create_first_pit_boss(PIT_BOSS, "Pat Boss", PIT_BOSS_PIN)
        .unwrap();
    ledger
        .add_staff(DEALER, "Dana Dealer", Role::Dealer, DEALER_PIN, &boss())
        .unwrap();
}

pub(crate) fn open(path: &Path) -> Ledger {
    open_ticking(path, 30)
}

/// Records one closed shift of `hands` simulated hands of `game` and voids
/// `voids` of them; returns the ledger's path.
pub(crate) fn shift(game: GameKind, hands: u64, voids: i64) -> PathBuf {
    shift_at(game, hands, voids, 30)
}

/// [`shift`] with the clock moving `step` seconds a reading (about 20
/// readings a hand).
fn shift_at(game: GameKind, hands: u64, voids: i64, step: i64) -> PathBuf {
    shift_under(game, hands, voids, step, HouseRules::default(), true)
}

/// [`shift_at`] under house rules `rules`, the shift closed at the end if
/// `close`.
fn shift_under(
    game: GameKind,
    hands: u64,
    voids: i64,
    step: i64,
    rules: HouseRules,
    close: bool,
) -> PathBuf {
    let path = dir().join("ledger.sqlite3");
    let mut ledger = open_ticking(&path, step);
    ledger.staff(DEALER, "Dana Dealer", Role::Dealer).unwrap();
    ledger
        .create_first_pit_boss(PIT_BOSS, "Pat Boss", PIT_BOSS_PIN)
        .unwrap();
    let table = ledger.table("T7", game).unwrap();
    ledger
        .set_table_setting(table, "casino_name", "Grand Pier Casino")
        .unwrap();
    let shift = ledger.open_shift(table, PIT_BOSS).unwrap();
    let shoe = ledger.open_shoe(table, 6, None).unwrap();
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    });
    let config = SimConfig {
        game,
        decks: Decks::new(6).unwrap(),
        seats: 6,
        bet: 100,
        rules,
        strategy: Strategy::NextCard,
    };
    let mut simulation = Simulation::seeded(&config, 7).unwrap();
    for _ in 0..hands {
        let finished = simulation
            .play_hand_with(|t| recorder.sync(&mut ledger, t))
            .unwrap();
        recorder.commit(&mut ledger, &finished).unwrap();
    }
    for hand in 1..=voids {
        ledger
            .void_hand(
                HandId(hand * 2),
                "dealer misdealt the seat order",
                DEALER,
                &PinEntry {
                    staff: PIT_BOSS,
                    pin: PIT_BOSS_PIN,
                },
            )
            .unwrap();
    }
    if close {
        ledger.close_shift(shift, PIT_BOSS).unwrap();
    }
    path
}

/// The inventory [`kept_shift`] records (chips as (denomination, count)).
/// Opener 10,000 (after a first count of 10,100 was redone), closer 9,500,
/// a fill of 2,000, credits of 300 (voided) and 500, drops of 1,800 and
/// 1,200: win = 9,500 + 500 + 3,000 − 10,000 − 2,000 = 1,000.
const FIRST_OPENER: &[(u64, u64)] = &[(500, 10), (100, 41), (25, 40)];
const OPENER: &[(u64, u64)] = &[(500, 10), (100, 40), (25, 40)];
const CLOSER: &[(u64, u64)] = &[(500, 9), (100, 40), (25, 36), (5, 20)];
const FILL: &[(u64, u64)] = &[(500, 4)];
const VOIDED_CREDIT: &[(u64, u64)] = &[(100, 3)];
const CREDIT: &[(u64, u64)] = &[(100, 5)];
const DROPS: [u64; 2] = [1_800, 1_200];
const ALARM_TEXT: &str = "lost frames 41 to 42 from the shoe";

/// A closed Rocket shift of `hands` simulated hands (`voids` of them
/// voided) at a table that keeps its inventory: denominations, the opener
/// counted twice, a fill approved by a second pit boss, a credit voided and
/// another kept, two drops, a scanner alarm halfway overridden by the pit
/// boss, the closer; the clock moves `step` seconds a reading. Returns the
/// ledger's path.
fn kept_shift(hands: u64, voids: i64, step: i64) -> PathBuf {
    let path = dir().join("ledger.sqlite3");
    let mut ledger = open_ticking(&path, step);
    first_pit_boss_and_dealer(&mut ledger);
    ledger
        .add_staff(
            OTHER_BOSS,
            "Oona Other",
            Role::PitBoss,
            OTHER_BOSS_PIN,
            &boss(),
        )
        .unwrap();
    let table = ledger.table("T7", GameKind::Rocket).unwrap();
    ledger
        .set_table_setting(table, "casino_name", "Grand Pier Casino")
        .unwrap();
    let denominations = Denominations::parse("5 25 100 500").unwrap();
    ledger
        .set_denominations(table, &denominations, DEALER, &boss())
        .unwrap();
    let chips = |counts: &[(u64, u64)]| Chips::new(&denominations, counts).unwrap();
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    let recount = Recount {
        reason: "a 100 chip was counted twice",
        second: None,
    };
    for (opener, why) in [(FIRST_OPENER, None), (OPENER, Some(recount))] {
        ledger
            .record_count(
                shift,
                CountKind::Opener,
                &chips(opener),
                &dealer(),
                &boss(),
                why,
            )
            .unwrap();
    }
    let shoe = ledger.open_shoe(table, 6, None).unwrap();
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    });
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(6).unwrap(),
        seats: 6,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    let mut simulation = Simulation::seeded(&config, 7).unwrap();
    for n in 1..=hands {
        let finished = simulation
            .play_hand_with(|t| recorder.sync(&mut ledger, t))
            .unwrap();
        let hand = recorder.commit(&mut ledger, &finished).unwrap();
        if n == hands / 2 {
            let alarm = ledger
                .raise_alarm(table, AlarmKind::Scanner, ALARM_TEXT, Some(hand))
                .unwrap();
            let how = format!("scanner alarm overridden: {ALARM_TEXT}");
            let by = ledger
                .approve_scanner_override(table, Some(hand), DEALER, &boss(), &how)
                .unwrap();
            ledger.clear_alarm(alarm, by, &how).unwrap();
            ledger
                .record_slip(SlipKind::Fill, shift, &chips(FILL), DEALER, &other_boss())
                .unwrap();
            let wrong = ledger
                .record_slip(
                    SlipKind::Credit,
                    shift,
                    &chips(VOIDED_CREDIT),
                    DEALER,
                    &boss(),
                )
                .unwrap();
            ledger
                .void_slip(&wrong, "entered at the wrong table", &dealer(), &boss())
                .unwrap();
            ledger
                .record_slip(SlipKind::Credit, shift, &chips(CREDIT), DEALER, &boss())
                .unwrap();
        }
    }
    for hand in 1..=voids {
        ledger
            .void_hand(
                HandId(hand * 2),
                "dealer misdealt the seat order",
                DEALER,
                &boss(),
            )
            .unwrap();
    }
    for amount in DROPS {
        ledger.record_drop(shift, amount, &boss()).unwrap();
    }
    ledger
        .record_count(
            shift,
            CountKind::Closer,
            &chips(CLOSER),
            &dealer(),
            &boss(),
            None,
        )
        .unwrap();
    ledger.close_table(shift, DEALER, &boss()).unwrap();
    path
}

#[test]
fn play_before_the_opener_is_flagged_and_a_waived_closer_is_listed() {
    let path = dir().join("ledger.sqlite3");
    let mut ledger = open_ticking(&path, 30);
    first_pit_boss_and_dealer(&mut ledger);
    let table = ledger.table("T7", GameKind::Rocket).unwrap();
    let denominations = Denominations::parse("5 25").unwrap();
    ledger
        .set_denominations(table, &denominations, DEALER, &boss())
        .unwrap();
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    let shoe = ledger.open_shoe(table, 6, None).unwrap();
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    });
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(6).unwrap(),
        seats: 2,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    let mut simulation = Simulation::seeded(&config, 7).unwrap();
    // The station refuses this; the ledger alone records what it is given,
    // and the report is where it shows.
    let finished = simulation
        .play_hand_with(|t| recorder.sync(&mut ledger, t))
        .unwrap();
    recorder.commit(&mut ledger, &finished).unwrap();
    let tray = Chips::new(&denominations, &[(5, 100), (25, 20)]).unwrap();
    ledger
        .record_count(shift, CountKind::Opener, &tray, &dealer(), &boss(), None)
        .unwrap();
    assert!(matches!(
        ledger.close_table(shift, DEALER, &boss()),
        Err(LedgerError::Shift(ShiftError::CloserNotCounted(s))) if s == shift
    ));
    ledger
        .waive_count(shift, CountKind::Closer, "  ", &boss())
        .unwrap_err();
    ledger
        .waive_count(
            shift,
            CountKind::Closer,
            "tray sealed for the cage",
            &boss(),
        )
        .unwrap();
    let again = ledger
        .waive_count(shift, CountKind::Closer, "twice", &boss())
        .unwrap_err();
    assert_eq!(
        again.to_string(),
        format!("the closer of shift {shift} is already waived; there is nothing to waive")
    );
    ledger.close_table(shift, DEALER, &boss()).unwrap();
    drop(ledger);

    let report = print(&path);
    let first_hand_at = report.inventory.play_before_opener.unwrap();
    let opener_at = report.inventory.opener.as_ref().unwrap().at;
    assert!(report.header.start < first_hand_at && first_hand_at < opener_at);
    let waivers: Vec<_> = report
        .exceptions
        .corrections
        .iter()
        .filter(|c| matches!(c.kind, CorrectionKind::CountWaived { .. }))
        .collect();
    assert_eq!(waivers.len(), 1);
    assert_eq!(
        waivers[0].reason.as_deref(),
        Some("tray sealed for the cage")
    );
    let mut layout = Layout::standard().unwrap();
    layout.zone = pairs_table::time_text::Zone::utc();
    let text = pdf_text(&render_pdf(&report, &layout).unwrap());
    assert!(
        text.contains(&format!(
            "FLAGGED: play began at {} before the opener was counted",
            first_hand_at.format("%Y-%m-%d %H:%M:%S UTC")
        )),
        "{text}"
    );
    // The correction's cells wrap: its words, the reason and who signed.
    assert!(text.contains("Closer of shift 1 not counted:"), "{text}");
    assert!(text.contains("waived by a pit boss"), "{text}");
    assert!(text.contains("tray sealed for the"), "{text}");
    let csv = render_csv(&report);
    assert!(csv.contains("inventory,play_before_opener"), "{csv}");
}

/// Prints the latest shift's report with a clock that reads 00:40 the next
/// day (after the shift), moving 10 seconds a reading.
fn print(path: &Path) -> ShiftReport {
    print_period(path, Period::LatestShift)
}

/// [`print`] for `period`.
fn print_period(path: &Path, period: Period) -> ShiftReport {
    print_at(path, period, 2400)
}

/// [`print_period`] with the clock at its `tick`th reading.
fn print_at(path: &Path, period: Period, tick: i64) -> ShiftReport {
    let clock = Ticking {
        tick: AtomicI64::new(tick),
        step: 10,
    };
    let mut ledger = Ledger::open(path, Box::new(clock), crate::test_keys()).unwrap();
    // A live table's ledger is printed by a pit boss; a simulation's by nobody.
    let boss = boss();
    let by = ledger.holds_pins().unwrap().then_some(&boss);
    ledger
        .print_shift_report(
            &ReportQuery {
                table: None,
                period,
                casino: None,
            },
            &pairs_table::par::hold::ParHold,
            by,
            |_| Ok::<(), ReportError>(()),
        )
        .unwrap()
}

/// Thousands separators, written independently of the renderer's.
fn grouped(n: i64) -> String {
    let digits = n.abs().to_string();
    let mut groups: Vec<String> = Vec::new();
    let mut end = digits.len();
    while end > 3 {
        groups.insert(0, digits[end - 3..end].to_owned());
        end -= 3;
    }
    groups.insert(0, digits[..end].to_owned());
    format!("{}{}", if n < 0 { "-" } else { "" }, groups.join(","))
}

/// A figure straight from the ledger file with SQL.
fn sql(path: &Path, query: &str) -> i64 {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row(query, [], |r| r.get(0))
        .unwrap()
}

/// The house's net over every hand in the ledger, void reversals included,
/// summed by the engine's own `net_of` over the recalled hands (not by the
/// report's SQL).
fn house_net(path: &Path) -> i64 {
    let ledger = Ledger::open(
        path,
        Box::new(pairs_table::ledger::SystemClock),
        crate::test_keys(),
    )
    .unwrap();
    ledger
        .last_hands(u32::MAX)
        .unwrap()
        .iter()
        .map(|hand| net_of(&hand.transfers, Account::House))
        .sum()
}

/// The CSV's cell in `column` of the first row whose section and item match.
fn csv_cell(csv: &str, section: &str, item: &str, key: &str, column: usize) -> String {
    csv.lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|c| c[0] == section && c[1] == item && c[2] == key)
        .unwrap_or_else(|| panic!("no {section},{item},{key} in\n{csv}"))[column]
        .to_owned()
}

fn pages(text: &str) -> usize {
    text.matches('\u{c}').count() + usize::from(!text.ends_with('\u{c}'))
}

#[test]
fn the_pdf_and_csv_carry_the_ledgers_totals_and_head() {
    let path = shift(GameKind::Rocket, 120, 1);
    let head = open(&path).head().unwrap();
    let report = print(&path);
    assert_eq!(
        report.integrity.head, head,
        "the head checked is the head printed"
    );
    assert_eq!(report.integrity.discrepancies, 0);
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());

    let win = house_net(&path);
    let pair_losses = sql(
        &path,
        "SELECT SUM(CASE WHEN reverses IS NULL THEN amount ELSE -amount END) FROM transfers WHERE kind = 'pair_loss'",
    );
    assert!(
        text.contains(&head.hash_hex()),
        "head hash missing:\n{text}"
    );
    assert!(text.contains(&grouped(head.rows)), "{text}");
    assert!(
        text.contains(&crate::test_keys().fingerprint()),
        "the station key's fingerprint is printed\n{text}"
    );
    assert!(
        text.contains(&format!("{} (house net", grouped(win))),
        "{text}"
    );
    assert!(text.contains(&grouped(pair_losses)), "{text}");
    assert!(text.contains("Grand Pier Casino"));
    assert!(text.contains("Dana Dealer (#10)") && text.contains("Pat Boss (#20)"));
    assert!(
        text.contains("dealer misdealt the seat order"),
        "the void is listed"
    );
    assert!(text.contains("passed: "));
    // 120 hands, one every 30 s of the ticking clock or more: at most 120 an hour.
    let rate = report.hands_per_hour_tenths().unwrap();
    assert!((10..=1200).contains(&rate), "{rate}");

    let csv = render_csv(&report);
    assert_eq!(
        csv_cell(&csv, "inventory", "ledger_win", "", 4),
        win.to_string()
    );
    let by_rank: i64 = (1..=10)
        .map(|r| {
            csv_cell(&csv, "rocket", "pair_loss", &r.to_string(), 4)
                .parse::<i64>()
                .unwrap()
        })
        .sum();
    assert_eq!(by_rank, pair_losses);
    assert_eq!(
        csv_cell(&csv, "play", "hands", "", 3),
        sql(&path, "SELECT COUNT(*) FROM hands").to_string()
    );
    assert_eq!(
        csv_cell(&csv, "integrity", "head_hash", "", 7),
        head.hash_hex()
    );
    assert_eq!(
        csv_cell(&csv, "integrity", "station_key", "", 7),
        crate::test_keys().fingerprint()
    );
    assert_eq!(csv_cell(&csv, "exceptions", "voids", "", 3), "1");
    // The void states what it did to the win: the opposite of what the
    // hand had won, not all its transfers added up.
    let voided = csv
        .lines()
        .find(|l| l.starts_with("exceptions,void,"))
        .unwrap()
        .split(',')
        .nth(2)
        .unwrap()
        .to_owned();
    let hand_won = sql(
        &path,
        &format!(
            "SELECT SUM(CASE WHEN to_account = 'house' THEN amount \
             WHEN from_account = 'house' THEN -amount ELSE 0 END) \
             FROM transfers WHERE hand_id = {voided} AND reverses IS NULL"
        ),
    );
    assert_eq!(
        csv_cell(&csv, "exceptions", "void_win_change", &voided, 4),
        (-hand_won).to_string()
    );
    let shown = match hand_won.signum() {
        -1 => format!("+{}", grouped(-hand_won)),
        0 => "0".to_owned(),
        _ => format!("-{}", grouped(hand_won)),
    };
    assert!(
        text.contains(&shown),
        "the void's win change {shown}:\n{text}"
    );
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    assert!(csv.lines().all(|l| l.split(',').count() >= header.len()));

    // The print itself is a chained row, with the pit boss's PIN
    // confirmation, signed by a checkpoint: the ledger still verifies.
    let summary =
        ledger::verify(&path, &ledger::VerifyOptions::default(), |d| panic!("{d}")).unwrap();
    assert_eq!(summary.head.rows, head.rows + 3);
}

#[test]
fn a_kept_shift_prints_its_inventory_win_variance_hold_and_alarm() {
    let path = kept_shift(60, 1, 30);
    let report = print(&path);
    // Worked by hand (see kept_shift): opener 10,000, closer 9,500, fill
    // 2,000, credits 500 (the voided 300 left out), drop 1,800 + 1,200 =
    // 3,000: win = 9,500 + 500 + 3,000 − 10,000 − 2,000 = 1,000; hold =
    // 1,000 ÷ 3,000 = 33.333…% → 3,333 basis points, "33.33%".
    let ledger_win = house_net(&path);
    let variance = 1_000 - ledger_win;
    let inventory = &report.inventory;
    assert_eq!(inventory.shifts, vec![1]);
    assert_eq!(inventory.opener.as_ref().unwrap().total(), 10_000);
    assert_eq!(inventory.closer.as_ref().unwrap().total(), 9_500);
    assert_eq!(inventory.drop, Some(3_000));
    assert_eq!(inventory.inventory_win(), Some(1_000));
    assert_eq!(inventory.ledger_win, ledger_win);
    assert_eq!(inventory.variance(), Some(variance));
    assert_eq!(inventory.hold_basis_points(), Some(3_333));
    let credits = inventory.credits.as_ref().unwrap();
    assert_eq!(credits.len(), 2);
    assert!(credits[0].voided.is_some() && credits[1].voided.is_none());

    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    for phrase in [
        "Opener of shift 1, counted".to_owned(),
        "by dealer Dana Dealer (#10) and pit boss Pat Boss (#20)".to_owned(),
        "Closer of shift 1, counted".to_owned(),
        "2025-000001".to_owned(),
        "2025-000002".to_owned(),
        "2025-000003".to_owned(),
        "voided (300)".to_owned(),
        "Oona Other (#21)".to_owned(),
        "3,000".to_owned(),
        "1,000 (closer + credits + drop".to_owned(),
        format!("{} (house net", grouped(ledger_win)),
        format!("{} (inventory win − ledger win)", grouped(variance)),
        "33.33% (inventory win ÷ drop)".to_owned(),
        "Credit slip 2025-000002 voided:".to_owned(),
        "entered at the".to_owned(),
        "Opener of shift 1 recounted:".to_owned(),
        "10,100 → 10,000 units".to_owned(),
        "a 100 chip was".to_owned(),
        "#1 scanner: lost frames".to_owned(),
        "override asked for by Dana Dealer".to_owned(),
        "and pit boss Pat Boss (#20)".to_owned(),
    ] {
        assert!(text.contains(&phrase), "{phrase:?} missing:\n{text}");
    }
    assert!(!text.contains("not counted") && !text.contains("not recorded"));
    // Oona only approved the fill, and is on duty for it.
    assert!(
        report.header.pit_bosses.iter().any(|p| p.id == OTHER_BOSS),
        "{:?}",
        report.header.pit_bosses
    );
    let alarm = &report.exceptions.alarms[0];
    assert_eq!(report.exceptions.alarms.len(), 1);
    assert_eq!(
        (alarm.kind, alarm.message.as_str()),
        (AlarmKind::Scanner, ALARM_TEXT)
    );
    assert_eq!(alarm.hand, Some(HandId(30)));
    let clear = alarm.cleared.as_ref().unwrap();
    assert_eq!(clear.by.id, PIT_BOSS);
    assert_eq!(
        clear.approval.as_ref().map(|(u, by)| (*u, by.id)),
        Some((ClearedUnder::ScannerOverride, DEALER))
    );
    let kinds: Vec<&CorrectionKind> = report
        .exceptions
        .corrections
        .iter()
        .map(|c| &c.kind)
        .collect();
    assert!(matches!(
        kinds.as_slice(),
        [
            CorrectionKind::Recount {
                count: CountKind::Opener,
                before: 10_100,
                after: 10_000,
                ..
            },
            CorrectionKind::SlipVoid { units: 300, .. }
        ]
    ));

    let csv = render_csv(&report);
    let cell =
        |item: &str, key: &str, column: usize| csv_cell(&csv, "inventory", item, key, column);
    assert_eq!(cell("inventory_win", "", 4), "1000");
    assert_eq!(cell("ledger_win", "", 4), ledger_win.to_string());
    assert_eq!(cell("variance", "", 4), variance.to_string());
    assert_eq!(cell("hold", "", 3), "3333");
    assert_eq!(cell("hold", "", 7), "33.33%");
    assert_eq!(cell("drop", "", 4), "3000");
    assert_eq!(cell("opener_total", "1", 4), "10000");
    assert_eq!(
        cell("opener_total", "1", 5),
        "Dana Dealer (#10); Pat Boss (#20)"
    );
    assert_eq!(cell("closer_total", "1", 4), "9500");
    assert_eq!(
        cell("fill", "2025-000001", 5),
        "Dana Dealer (#10); Oona Other (#21)"
    );
    assert_eq!(cell("credit", "2025-000002", 7), "voided");
    assert_eq!(
        (cell("credits", "", 3), cell("credits", "", 4)),
        ("1".into(), "500".into())
    );
    assert_eq!(cell("fills", "", 4), "2000");
    assert_eq!(csv_cell(&csv, "exceptions", "corrections", "", 3), "2");
    let void = csv_cell(&csv, "exceptions", "correction", "2025-000002", 7);
    assert!(
        void.ends_with("reason: entered at the wrong table"),
        "{void}"
    );
    assert_eq!(
        csv_cell(&csv, "exceptions", "correction", "2025-000002", 5),
        "Dana Dealer (#10); Pat Boss (#20)"
    );
    assert_eq!(csv_cell(&csv, "exceptions", "alarms", "", 3), "1");
    assert_eq!(csv_cell(&csv, "exceptions", "alarms_open", "", 3), "0");
    assert_eq!(
        csv_cell(&csv, "exceptions", "alarm", "30", 7),
        format!("scanner: {ALARM_TEXT}")
    );
    assert_eq!(
        csv_cell(&csv, "exceptions", "alarm_cleared", "30", 7),
        format!(
            "scanner alarm overridden: {ALARM_TEXT} (scanner override asked for by Dana Dealer (#10))"
        )
    );
    assert_eq!(
        csv_cell(&csv, "exceptions", "alarm_cleared", "30", 5),
        "Pat Boss (#20)"
    );
    assert_eq!(
        csv_cell(&csv, "header", "pit_boss", "", 5),
        "Pat Boss (#20)"
    );
    assert!(csv.contains("header,pit_boss,,,,Oona Other (#21),,"));

    // The print is chained: the ledger still verifies.
    assert!(
        ledger::verify(&path, &ledger::VerifyOptions::default(), |d| panic!("{d}"))
            .unwrap()
            .discrepancies
            == 0
    );
}

#[test]
fn a_period_takes_the_inventory_of_the_shifts_it_overlaps() {
    let path = kept_shift(20, 0, 30);
    let shift = print(&path);
    let time_of = |query: &str| -> DateTime<Utc> {
        let text: String = rusqlite::Connection::open(&path)
            .unwrap()
            .query_row(query, [], |r| r.get(0))
            .unwrap();
        DateTime::parse_from_rfc3339(&text).unwrap().into()
    };
    let opened = time_of("SELECT opened_at FROM shifts");
    let closed = time_of("SELECT closed_at FROM shift_closes");
    let middle = time_of("SELECT started_at FROM hands WHERE id = 10");

    // The whole shift and more: the same inventory, win and variance.
    let whole = print_period(
        &path,
        Period::Range {
            from: opened - chrono::Duration::hours(1),
            to: closed + chrono::Duration::hours(1),
        },
    );
    assert_eq!(whole.inventory.shifts, vec![1]);
    assert!(whole.inventory.beyond_period.is_empty());
    assert_eq!(whole.inventory.inventory_win(), Some(1_000));
    assert_eq!(whole.inventory.variance(), shift.inventory.variance());

    // Half the shift: its inventory, but no variance against half its hands.
    let half = print_period(
        &path,
        Period::Range {
            from: opened,
            to: middle,
        },
    );
    assert_eq!(half.play.hands, 9);
    assert_eq!(half.inventory.shifts, vec![1]);
    assert_eq!(half.inventory.beyond_period, vec![1]);
    assert_eq!(half.inventory.inventory_win(), Some(1_000));
    assert_eq!(half.inventory.variance(), None);
    let text = pdf_text(&render_pdf(&half, &Layout::standard().unwrap()).unwrap());
    assert!(text.contains("the shift the period overlaps"), "{text}");
    assert!(text.contains("has hands outside the period"), "{text}");

    // A period with no shift at all: nothing applies, in words.
    let before = print_period(
        &path,
        Period::Range {
            from: opened - chrono::Duration::hours(3),
            to: opened - chrono::Duration::hours(2),
        },
    );
    assert!(before.inventory.shifts.is_empty());
    assert_eq!(before.inventory.opener, None);
    let text = pdf_text(&render_pdf(&before, &Layout::standard().unwrap()).unwrap());
    assert!(text.contains("overlaps no shift at this table"), "{text}");
    assert!(text.contains("Opener: not counted."), "{text}");
}

#[test]
fn a_table_that_keeps_inventory_says_none_where_nothing_was_recorded() {
    let path = dir().join("ledger.sqlite3");
    let mut ledger = open(&path);
    first_pit_boss_and_dealer(&mut ledger);
    let table = ledger.table("T7", GameKind::Rocket).unwrap();
    let denominations = Denominations::parse("25 100").unwrap();
    ledger
        .set_denominations(table, &denominations, DEALER, &boss())
        .unwrap();
    let shift = ledger.open_table(table, DEALER, &boss()).unwrap();
    let opener = Chips::new(&denominations, &[(100, 30)]).unwrap();
    ledger
        .record_count(shift, CountKind::Opener, &opener, &dealer(), &boss(), None)
        .unwrap();
    drop(ledger);
    let report = print(&path);
    assert_eq!(report.inventory.fills, Some(Vec::new()));
    assert_eq!(report.inventory.drop, Some(0));
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    for phrase in [
        "Closer: not counted.",
        "Fills: none.",
        "Credits: none.",
        "none recorded (0)",
        "cannot be computed: no closer recorded",
        "Alarms: none.",
    ] {
        assert!(text.contains(phrase), "{phrase:?} missing:\n{text}");
    }
    assert!(!text.contains("Fills: not recorded"));
    let csv = render_csv(&report);
    assert_eq!(csv_cell(&csv, "inventory", "fills", "", 3), "0");
    assert_eq!(csv_cell(&csv, "inventory", "drop", "", 7), "none recorded");
}

#[test]
fn a_long_shift_runs_to_several_pages_numbered_i_of_n() {
    let path = shift(GameKind::Rocket, 200, 70);
    let report = print(&path);
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    let n = pages(&text);
    assert!(n >= 3, "{n} pages");
    for i in 1..=n {
        assert!(text.contains(&format!("Page {i} of {n}")), "page {i}");
    }
    assert!(text.contains("Exceptions (continued)"), "{text}");
    // The voids table's column titles are repeated on its continuation page.
    assert!(text.matches("Approved by").count() >= 2);
}

#[test]
fn a_second_print_is_stamped_reprint_and_the_first_is_not() {
    let path = shift(GameKind::Starboard, 30, 0);
    let layout = Layout::standard().unwrap();
    let first = print(&path);
    let second = print(&path);
    assert_eq!((first.print.number, second.print.number), (1, 2));
    let first = pdf_text(&render_pdf(&first, &layout).unwrap());
    let second = pdf_text(&render_pdf(&second, &layout).unwrap());
    assert!(!first.contains("REPRINT"), "{first}");
    assert!(
        second.matches("REPRINT").count() > pages(&second),
        "on every page"
    );
}

#[test]
fn a_hands_only_ledger_says_what_was_not_counted() {
    let path = shift(GameKind::Starboard, 40, 0);
    let report = print(&path);
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    for phrase in [
        "Opener: not counted.",
        "Closer: not counted.",
        "Fills: not recorded in this ledger.",
        "Credits: not recorded in this ledger.",
        "cannot be computed: no opener, closer, fills, credits or drop recorded",
        "Corrections: none.",
        "Alarms: none.",
    ] {
        assert!(text.contains(phrase), "{phrase:?} missing:\n{text}");
    }
    let rake = sql(
        &path,
        "SELECT COALESCE(SUM(amount), 0) FROM transfers WHERE kind = 'rake'",
    );
    assert_eq!(
        report.inventory.ledger_win, rake,
        "Starboard's house takes only the rake"
    );
    assert!(text.contains("Starboard") && text.contains("Split pots"));
    let csv = render_csv(&report);
    assert_eq!(csv_cell(&csv, "inventory", "opener", "", 7), "not counted");
    assert_eq!(
        csv_cell(&csv, "inventory", "inventory_win", "", 7),
        "not computed"
    );
    assert_eq!(csv_cell(&csv, "inventory", "fills", "", 7), "not recorded");
    assert_eq!(csv_cell(&csv, "exceptions", "alarms", "", 3), "0");
}

#[test]
fn a_filled_inventory_section_renders_counts_slips_win_variance_and_hold() {
    let path = shift(GameKind::Rocket, 10, 0);
    let mut report = print(&path);
    let at = Utc.with_ymd_and_hms(2025, 3, 1, 18, 0, 0).unwrap();
    let boss = StaffRef {
        id: PIT_BOSS,
        name: "Pat Boss".into(),
    };
    let dana = StaffRef {
        id: DEALER,
        name: "Dana Dealer".into(),
    };
    let count = |chips| ChipCount {
        shift: ShiftId(1),
        chips,
        at,
        dealer: dana.clone(),
        pit_boss: boss.clone(),
    };
    report.inventory.opener = Some(count(vec![(100, 20), (25, 40), (5, 100)]));
    report.inventory.closer = Some(count(vec![(100, 18), (25, 44), (5, 90)]));
    let slip = |number: &str, chips| Slip {
        number: number.into(),
        shift: ShiftId(1),
        at,
        chips,
        requested_by: dana.clone(),
        approved_by: boss.clone(),
        voided: None,
    };
    let mut voided = slip("C-000046", vec![(100, 7)]);
    voided.voided = Some(SlipVoid {
        reason: "counted twice".into(),
        by: [dana.clone(), boss.clone()],
        at,
    });
    report.inventory.fills = Some(vec![slip("F-000123", vec![(100, 10)])]);
    report.inventory.credits = Some(vec![slip("C-000045", vec![(25, 4)]), voided]);
    report.inventory.drop = Some(3_000);
    report.inventory.ledger_win = 1_800;
    // opener 3,500; closer 3,350; fills 1,000; credits 100; drop 3,000:
    // win = 3,350 + 100 + 3,000 − 3,500 − 1,000 = 1,950.
    assert_eq!(report.inventory.inventory_win(), Some(1_950));
    assert_eq!(report.inventory.variance(), Some(150));
    assert_eq!(report.inventory.hold_basis_points(), Some(6_500));
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    for phrase in [
        "F-000123",
        "C-000045",
        "3,500",
        "3,350",
        "1,950 (closer + credits + drop",
        "150 (inventory win",
        "65.00%",
        "voided (700)",
        "the voided slip left out",
    ] {
        assert!(text.contains(phrase), "{phrase:?} missing:\n{text}");
    }
    assert!(!text.contains("not counted"));
    let csv = render_csv(&report);
    assert_eq!(csv_cell(&csv, "inventory", "fill", "F-000123", 4), "1000");
    assert_eq!(
        csv_cell(&csv, "inventory", "credit", "C-000046", 7),
        "voided"
    );
    assert_eq!(csv_cell(&csv, "inventory", "credits", "", 4), "100");
    assert_eq!(csv_cell(&csv, "inventory", "hold", "", 7), "65.00%");
}

#[test]
fn hold_rounds_half_away_from_zero_in_basis_points() {
    let path = shift(GameKind::Rocket, 1, 0);
    let mut inventory = print(&path).inventory;
    let nobody = StaffRef {
        id: StaffId(0),
        name: "unknown".into(),
    };
    let count = |units| ChipCount {
        shift: ShiftId(1),
        chips: vec![(1, units)],
        at: Utc.with_ymd_and_hms(2025, 3, 1, 18, 0, 0).unwrap(),
        dealer: nobody.clone(),
        pit_boss: nobody.clone(),
    };
    inventory.opener = Some(count(1_000));
    inventory.closer = Some(count(1_000));
    inventory.fills = Some(Vec::new());
    inventory.credits = Some(Vec::new());
    inventory.drop = Some(3);
    // win 3 of drop 3: 100%; then 1 of 3: 33.33%; 2 of 3: 66.67%.
    assert_eq!(inventory.hold_basis_points(), Some(10_000));
    inventory.closer = Some(count(998));
    assert_eq!(inventory.hold_basis_points(), Some(3_333));
    inventory.closer = Some(count(999));
    assert_eq!(inventory.hold_basis_points(), Some(6_667));
    inventory.drop = Some(0);
    assert_eq!(inventory.hold_basis_points(), None);
}

#[test]
fn the_layout_definition_is_valid_and_checked() {
    let layout = Layout::standard().unwrap();
    assert_eq!(layout.sections.len(), 6);
    let missing = pairs_table::report::LAYOUT_TOML.replace("\"signatures\"", "\"play\"");
    let error = Layout::from_toml(&missing).unwrap_err().to_string();
    assert!(error.contains("Play appears 2 times"), "{error}");
}

/// Runs `pairs-table report shift ARGS --by PIT_BOSS` with the pit boss's
/// PIN on standard input; returns (success, stderr).
pub(crate) fn run(args: &[&str]) -> (bool, String) {
    run_by(args, &[PIT_BOSS.to_string().as_str()], PIT_BOSS_PIN)
}

/// Runs `pairs-table report shift ARGS --by BY…` with `pin` and a newline
/// on standard input; returns (success, stderr).
pub(crate) fn run_by(args: &[&str], by: &[&str], pin: &str) -> (bool, String) {
    use std::io::Write;
    let mut child = crate::pairs_table()
        .args(["report", "shift"])
        .args(args)
        .args(by.iter().flat_map(|id| ["--by", id]))
        .arg("--key")
        .arg(crate::test_key_file())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A command refused before it reads the PIN closes its end: ignored.
    let _ = writeln!(child.stdin.take().unwrap(), "{pin}");
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn bad_command_input_gets_one_sentence_and_no_file() {
    let path = shift(GameKind::Rocket, 5, 0);
    let db = path.to_str().unwrap();
    let dir = dir();
    let out = dir.join("out.pdf");
    let csv = dir.join("out.csv");
    let (o, c) = (out.to_str().unwrap(), csv.to_str().unwrap());
    // The same file by another spelling.
    let dotted = dir.join(".").join("out.pdf");
    let o2 = dotted.to_str().unwrap();
    let text_file = dir.join("notes.txt");
    std::fs::write(&text_file, "not a database, just words").unwrap();
    let missing = dir.join("missing.sqlite3");
    let cases: [(&[&str], &str); 8] = [
        (
            &["--db", db, "--shift", "9", "--out", o, "--csv", c],
            "has no shift 9",
        ),
        (
            &["--db", db, "--table", "T9", "--out", o],
            "no table \"T9\"",
        ),
        (
            &[
                "--db",
                db,
                "--from",
                "yesterday",
                "--to",
                "2025-03-02T00:00:00Z",
                "--out",
                o,
            ],
            "`yesterday` is not a time",
        ),
        (
            &["--db", db, "--out", "/nonexistent/dir/report.pdf"],
            "cannot write /nonexistent/dir/report.pdf",
        ),
        (
            &["--db", text_file.to_str().unwrap(), "--out", o],
            "is not a pairs-table ledger",
        ),
        (
            &["--db", missing.to_str().unwrap(), "--out", o],
            "there is no ledger at",
        ),
        (&["--db", db, "--out", o, "--csv", o], "name the same file"),
        (&["--db", db, "--out", o, "--csv", o2], "name the same file"),
    ];
    for (args, expected) in cases {
        let (ok, stderr) = run(args);
        assert!(!ok, "{args:?} succeeded");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(!out.exists() && !csv.exists(), "{args:?} left a file");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "{args:?} left a partial file"
        );
    }
    assert!(
        !missing.exists(),
        "no ledger is created where there was none"
    );
    // Nothing was recorded as printed; a good command then prints print 1.
    let (ok, stderr) = run(&["--db", db, "--out", o, "--csv", c]);
    assert!(ok, "{stderr}");
    assert!(out.exists() && csv.exists());
    assert_eq!(print(&path).print.number, 2);
}

/// The sample in reports/: a three-hour Rocket shift with its inventory
/// (counts, slips, a voided slip, drop) and a scanner alarm ([`kept_shift`]). `UPDATE_SAMPLE=1`
/// rewrites reports/sample-shift-report.{pdf,csv} and the page images
/// (with poppler's pdftoppm, needed only then); otherwise the committed CSV
/// must have the same rows (section and item) as a fresh one, so the
/// documented layout cannot drift.
#[test]
fn the_sample_report_matches_reports_sample() {
    let path = kept_shift(180, 2, 3);
    let report = print(&path);
    let csv = render_csv(&report);
    let reports = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    if std::env::var_os("UPDATE_SAMPLE").is_some() {
        // Before anything is removed: the page images need poppler's pdftoppm.
        assert!(
            Command::new("pdftoppm").arg("-v").output().is_ok(),
            "UPDATE_SAMPLE=1 draws the page images with poppler's pdftoppm \
             (apt-get install poppler-utils); without UPDATE_SAMPLE this test needs no tool"
        );
        for old in std::fs::read_dir(&reports).unwrap() {
            let old = old.unwrap().path();
            let name = old.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with("sample-shift-report-") && name.ends_with(".png") {
                std::fs::remove_file(old).unwrap();
            }
        }
        let pdf = render_pdf(&report, &Layout::standard().unwrap()).unwrap();
        std::fs::write(reports.join("sample-shift-report.pdf"), pdf).unwrap();
        std::fs::write(reports.join("sample-shift-report.csv"), &csv).unwrap();
        let status = Command::new("pdftoppm")
            .args(["-png", "-r", "80"])
            .arg(reports.join("sample-shift-report.pdf"))
            .arg(reports.join("sample-shift-report"))
            .status()
            .unwrap();
        assert!(status.success(), "pdftoppm failed");
    }
    let committed = std::fs::read_to_string(reports.join("sample-shift-report.csv")).unwrap();
    let names = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split(',').take(2).collect::<Vec<_>>().join(","))
            .collect()
    };
    assert_eq!(names(&committed), names(&csv));
}

/// Runs `pairs-table rules ARGS`; returns (exit code, stdout, stderr).
pub(crate) fn rules_command(args: &[&str]) -> (Option<i32>, String, String) {
    let out = crate::pairs_table()
        .arg("rules")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The card's text with its lines joined, so a sentence reads whole.
fn card_text(path: &Path) -> String {
    let text = pdf_text(&std::fs::read(path).unwrap());
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

const HOUSE_RULES: &str = "[rocket]\nmin_bet = 20\nmax_bet = 500\n\n\
                           [starboard]\nunit = 5\nrake_percent = 5\nrake_cap = 20\n";

#[test]
fn the_rules_cards_state_the_house_rules_in_force_and_pay_as_the_engine() {
    let dir = dir();
    let file = dir.join("house.toml");
    std::fs::write(&file, HOUSE_RULES).unwrap();
    let rules = HouseRules::from_toml(HOUSE_RULES).unwrap();
    let f = file.to_str().unwrap();
    let hash = rules.hash_hex();

    let starboard = dir.join("starboard.pdf");
    let (code, stdout, stderr) = rules_command(&[
        f,
        "--card",
        starboard.to_str().unwrap(),
        "--game",
        "starboard",
        "--decks",
        "6",
        "--casino",
        "Harbour Casino",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains(&format!("# hash: {hash}")), "{stdout}");
    let text = card_text(&starboard);
    for said in [
        "Harbour Casino: Starboard rules",
        "The shoe holds 6 decks",
        "Every player antes 5 units into the pot",
        "Draw: pay 5 units into the pot",
        "The house takes 5% of the units paid into the pot in this game",
        "never more than 20 units a pot",
        // The rake on typical pots, figured by the engine: 5% of 25 units
        // paid in rounds down to 1; of 200 it is 10, under the cap.
        "What the rake collects",
        "25 1",
        "200 10",
        "Page 1 of 1",
    ] {
        assert!(text.contains(said), "{said:?} missing from: {text}");
    }
    assert!(text.contains(&hash), "the full rules hash is on the card");

    let rocket = dir.join("rocket.pdf");
    let (code, _, stderr) =
        rules_command(&[f, "--card", rocket.to_str().unwrap(), "--game", "rocket"]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = card_text(&rocket);
    // The rule text's worked examples on a bet of 20: a fold with a low
    // card of 4 pays 8, a pair of 8s pays 16; the dealer's 7-7 pays 14 and
    // the dealer's 3 pays 6.
    for said in [
        "from 20 to 500 units",
        "Examples with a bet of 20",
        "is a 4 you pay 8",
        "pair your 8 you pay 16",
        "pairs 7s you are paid 14",
        "draws a 3 you are paid 6",
        "The player with the lowest first card starts",
    ] {
        assert!(text.contains(said), "{said:?} missing from: {text}");
    }
    assert!(!text.contains("The shoe holds"), "no decks were named");
}

#[test]
fn a_card_for_a_table_without_rake_says_so_and_the_dealer_left_start() {
    let dir = dir();
    let file = dir.join("house.toml");
    std::fs::write(&file, "[rocket]\nstart = \"dealer_left\"\n").unwrap();
    let f = file.to_str().unwrap();
    let starboard = dir.join("starboard.pdf");
    let s = starboard.to_str().unwrap();
    let (code, _, stderr) = rules_command(&[f, "--card", s, "--game", "starboard"]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = card_text(&starboard);
    assert!(text.contains("The house takes no rake"), "{text}");
    assert!(text.contains("antes 1 unit into the pot"), "{text}");
    let rocket = dir.join("rocket.pdf");
    let r = rocket.to_str().unwrap();
    let (code, _, stderr) = rules_command(&[f, "--card", r, "--game", "rocket"]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = card_text(&rocket);
    assert!(
        text.contains("The player nearest the dealer's left starts every round"),
        "{text}"
    );
}

#[test]
fn a_bad_rules_card_request_gets_one_sentence_and_leaves_every_file_as_it_was() {
    let dir = dir();
    let file = dir.join("house.toml");
    std::fs::write(&file, HOUSE_RULES).unwrap();
    let f = file.to_str().unwrap();
    // The card over its own rules file, by another spelling.
    let dotted = dir.join(".").join("house.toml");
    let (code, stdout, stderr) =
        rules_command(&[f, "--card", dotted.to_str().unwrap(), "--game", "rocket"]);
    assert_eq!(code, Some(1));
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("would overwrite it"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), HOUSE_RULES);

    let (code, stdout, stderr) =
        rules_command(&[f, "--card", "/nonexistent/dir/card.pdf", "--game", "rocket"]);
    assert_eq!(code, Some(1));
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(
        stderr.trim(),
        "pairs-table: cannot write /nonexistent/dir/card.pdf: No such file or directory (os error 2)",
        "one sentence, the reason once"
    );

    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[starboard]\nrake_percent = 150\n").unwrap();
    let card = dir.join("card.pdf");
    let c = card.to_str().unwrap();
    let (code, _, stderr) =
        rules_command(&[bad.to_str().unwrap(), "--card", c, "--game", "starboard"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("starboard.rake_percent"), "{stderr}");

    // A card needs its game, and the card's options need a card.
    let (code, _, stderr) = rules_command(&[f, "--card", c]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("--game"), "{stderr}");
    let (code, _, _) = rules_command(&[f, "--game", "rocket"]);
    assert_eq!(code, Some(2));
    let (code, _, _) = rules_command(&[f, "--card", c, "--game", "rocket", "--decks", "9"]);
    assert_eq!(code, Some(2));
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        !names
            .iter()
            .any(|n| n.ends_with(".pdf") || n.ends_with(".partial")),
        "no card and no partial file: {names:?}"
    );
}

#[test]
fn output_into_a_closed_pipe_ends_the_command_quietly_without_a_panic() {
    let path = shift(GameKind::Rocket, 3, 0);
    let db = path.to_str().unwrap();
    let commands: [&[&str]; 5] = [
        &["rules"],
        &[
            "simulate", "--game", "rocket", "--hands", "20", "--seed", "1",
        ],
        &["audit", "verify", "--db", db],
        &["audit", "export", "--hand", "1", "--db", db],
        &["program", "list", "--db", db],
    ];
    for args in commands {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = crate::pairs_table()
            .args(args)
            .stdout(writer)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(141),
            "{args:?} ends as SIGPIPE would end it"
        );
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Runs the program with its own `--key` (none of the tests' key file).
fn run_keyed(key: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pairs-table"))
        .arg("--key")
        .arg(key)
        .args(args)
        .output()
        .unwrap();
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn postgresql_and_sqlite_errors_are_said_once_in_one_sentence() {
    let dir = dir();
    let key = dir.join("station.key");
    // Nothing listens on port 1.
    let (ok, stderr) = run_keyed(
        &key,
        &[
            "floor",
            "status",
            "--floor",
            "postgres://pit@127.0.0.1:1/floor",
        ],
    );
    assert!(!ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("pairs-table: the floor database: "),
        "{stderr}"
    );
    assert_eq!(
        stderr.matches("error connecting to server").count(),
        1,
        "{stderr}"
    );
    assert_eq!(stderr.matches("refused").count(), 1, "{stderr}");
    // A ledger whose later pages (the hands') were overwritten.
    let path = dir.join("ledger.sqlite3");
    let db = path.to_str().unwrap();
    let program = |args: &[&str]| {
        let out = crate::pairs_table().args(args).output().unwrap();
        (out.status.success(), String::from_utf8(out.stderr).unwrap())
    };
    let (ok, stderr) = program(&[
        "simulate", "--game", "rocket", "--hands", "40", "--seed", "3", "--db", db,
    ]);
    assert!(ok, "{stderr}");
    // The pages of the cards' rows, found with SQLite's dbstat (so the
    // schema's own pages, wherever a migration left them, stay readable).
    let card_pages: Vec<usize> = {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let mut statement = conn
            .prepare("SELECT pageno FROM dbstat WHERE name = 'cards' AND pagetype = 'leaf'")
            .unwrap();
        statement
            .query_map([], |r| r.get::<_, i64>(0))
            .unwrap()
            .map(|page| page.unwrap() as usize)
            .collect()
    };
    assert!(card_pages.len() > 2, "{card_pages:?}");
    let mut bytes = std::fs::read(&path).unwrap();
    for page in card_pages {
        bytes[4096 * (page - 1)..4096 * page].fill(0xff);
    }
    std::fs::write(&path, bytes).unwrap();
    let out = dir.join("out.pdf");
    let (ok, stderr) = program(&[
        "report",
        "shift",
        "--db",
        db,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("the ledger database failed"), "{stderr}");
    assert_eq!(stderr.matches("malformed").count(), 1, "{stderr}");
}

#[test]
fn floor_ship_refuses_a_bad_url_before_it_makes_a_key() {
    let dir = dir();
    let key = dir.join("new.key");
    let db = shift(GameKind::Rocket, 1, 0);
    for url in ["not a url", "postgres://pit@[::1:5432/floor"] {
        let (ok, stderr) = run_keyed(
            &key,
            &[
                "floor",
                "ship",
                "--db",
                db.to_str().unwrap(),
                "--floor",
                url,
            ],
        );
        assert!(!ok);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("the floor database: invalid connection string"),
            "{stderr}"
        );
        assert!(!key.exists(), "{url}: a key file was made");
    }
}

#[test]
fn staff_added_and_pins_reset_in_the_shift_are_on_its_report() {
    let path = dir().join("ledger.sqlite3");
    let mut ledger = open(&path);
    first_pit_boss_and_dealer(&mut ledger);
    let table = ledger.table("T7", GameKind::Rocket).unwrap();
    ledger.open_table(table, DEALER, &boss()).unwrap();
    // In the shift: a relief dealer added, the dealer's PIN reset.
    ledger
        .add_staff(StaffId(12), "Rita Relief", Role::Dealer, "5927", &boss())
        .unwrap();
    ledger.set_pin(DEALER, "3917", &boss(), None).unwrap();
    drop(ledger);
    let report = print(&path);
    let changes = &report.exceptions.staff_changes;
    assert_eq!(changes.len(), 2, "{changes:?}");
    assert!(changes[0].what.contains("Rita Relief"), "{changes:?}");
    assert!(
        changes[1].what.contains("one-time PIN for staff member 10"),
        "{changes:?}"
    );
    assert_eq!(changes[1].by[0].id, PIT_BOSS);
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    assert!(text.contains("Staff and PINs"), "{text}");
    assert!(text.contains("Rita Relief"), "{text}");
    let csv = render_csv(&report);
    assert_eq!(
        csv.lines()
            .filter(|l| l.starts_with("exceptions,staff_change,"))
            .count(),
        2,
        "{csv}"
    );
    assert!(csv.contains("exceptions,staff_changes,,2,"), "{csv}");
}

#[test]
fn wrong_pins_a_lockout_and_its_reset_in_the_shift_are_on_its_report() {
    let path = dir().join("ledger.sqlite3");
    let mut ledger = open(&path);
    first_pit_boss_and_dealer(&mut ledger);
    let table = ledger.table("T7", GameKind::Rocket).unwrap();
    ledger.open_table(table, DEALER, &boss()).unwrap();
    for _ in 0..pairs_table::access::MAX_WRONG_PINS {
        assert!(ledger.sign_in(DEALER, "0000").is_err());
    }
    assert!(ledger.sign_in(DEALER, DEALER_PIN).is_err(), "locked");
    ledger.reset_lockout(DEALER, &boss()).unwrap();
    drop(ledger);
    let report = print(&path);
    let changes: Vec<&str> = report
        .exceptions
        .staff_changes
        .iter()
        .map(|c| c.what.as_str())
        .collect();
    let wrong = changes
        .iter()
        .filter(|w| w.starts_with("wrong PIN for Dana Dealer (#10)"))
        .count();
    assert!(wrong >= 5, "{changes:?}");
    let locked = changes
        .iter()
        .position(|w| {
            w.contains("Dana Dealer (#10) locked out") && w.contains("after 5 wrong PINs")
        })
        .unwrap_or_else(|| panic!("{changes:?}"));
    assert_eq!(
        changes.last().copied(),
        Some("lockout of Dana Dealer (#10) lifted")
    );
    assert!(locked < changes.len() - 1);
    assert_eq!(
        report.exceptions.staff_changes.last().unwrap().by[0].id,
        PIT_BOSS
    );
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    assert!(!text.contains("Staff and PINs: none"), "{text}");
    assert!(text.contains("locked out"), "{text}");
    let csv = render_csv(&report);
    assert!(
        csv.lines()
            .any(|l| l.starts_with("exceptions,staff_change,") && l.contains("locked out")),
        "{csv}"
    );
}

/// How many prints `path` records.
pub(crate) fn prints_recorded(path: &Path) -> i64 {
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    conn.query_row("SELECT COUNT(*) FROM report_prints", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_killed_print_spends_no_number_and_its_partial_files_are_named_next_time() {
    use rand::{RngExt, SeedableRng};
    use std::io::Write;
    let path = shift(GameKind::Rocket, 400, 0);
    let db = path.to_str().unwrap();
    let out_dir = dir();
    let seed: u64 = rand::rng().random();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    // How long a whole print takes here, to kill within it.
    let started = std::time::Instant::now();
    let first = out_dir.join("first.pdf");
    let (ok, stderr) = run(&["--db", db, "--out", first.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    let whole = started.elapsed().as_millis() as u64;
    let mut pdfs = 1;
    for round in 0..12 {
        let out = out_dir.join(format!("print-{round}.pdf"));
        let csv = out_dir.join(format!("print-{round}.csv"));
        let mut child = crate::pairs_table()
            .args(["report", "shift", "--db", db, "--out"])
            .arg(&out)
            .arg("--csv")
            .arg(&csv)
            .args(["--by", &PIT_BOSS.to_string(), "--key"])
            .arg(crate::test_key_file())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        writeln!(child.stdin.take().unwrap(), "{PIT_BOSS_PIN}").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(
            rng.random_range(whole / 4..whole + whole / 4),
        ));
        child.kill().unwrap();
        child.wait().unwrap();
        if out.exists() {
            pdfs += 1;
        }
        // Every number spent has its PDF; the one moment between a PDF
        // put in place and its print's commit may leave a PDF whose print
        // was not recorded.
        let prints = prints_recorded(&path);
        assert!(
            prints <= pdfs && pdfs <= prints + 1,
            "seed {seed}, round {round}: {prints} prints recorded, {pdfs} PDFs"
        );
        pdfs = prints;
    }
    // The next print, to the last round's files: its own partial files
    // (if the kill left them) are removed, every other one is named.
    let left: Vec<PathBuf> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".partial"))
        .collect();
    let (out, csv) = (out_dir.join("print-11.pdf"), out_dir.join("print-11.csv"));
    let before = prints_recorded(&path);
    let (ok, stderr) = run(&[
        "--db",
        db,
        "--out",
        out.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    for partial in &left {
        let own = partial
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("print-11.");
        let said = if own {
            format!(
                "removed {}, left by a print that never finished",
                partial.display()
            )
        } else {
            format!(
                "{} was left by a print that never finished",
                partial.display()
            )
        };
        assert!(stderr.contains(&said), "seed {seed}: {said}\n{stderr}");
        assert_eq!(partial.exists(), !own, "{}", partial.display());
    }
    // Its number follows the prints recorded, not the kills.
    let text = pdf_text(&std::fs::read(&out).unwrap());
    assert!(
        text.contains("REPRINT") == (before >= 1),
        "seed {seed}: print {} of a shift printed {before} times before",
        before + 1
    );
    assert_eq!(prints_recorded(&path), before + 1);
    assert_eq!(crate::util::discrepancies(&path), Vec::new());
}

#[test]
fn a_print_names_who_printed_and_asks_their_pin_never_on_the_command_line() {
    let path = shift(GameKind::Rocket, 5, 0);
    let db = path.to_str().unwrap();
    let out = dir().join("by.pdf");
    let o = out.to_str().unwrap();
    // Nobody named: refused, nothing printed.
    let (ok, stderr) = run_by(&["--db", db, "--out", o], &[], "");
    assert!(!ok && stderr.contains("--by ID"), "{stderr}");
    // A wrong PIN, a dealer, someone unknown: refused, nothing printed.
    for (by, pin, expected) in [
        (PIT_BOSS.to_string(), "0000", "PIN"),
        (DEALER.to_string(), DEALER_PIN, "dealer"),
        ("77".to_owned(), "1234", "77"),
    ] {
        let (ok, stderr) = run_by(&["--db", db, "--out", o], &[&by], pin);
        assert!(!ok && stderr.contains(expected), "{by}: {stderr}");
        assert!(!out.exists());
    }
    assert_eq!(prints_recorded(&path), 0);
    let (ok, stderr) = run(&["--db", db, "--out", o]);
    assert!(ok, "{stderr}");
    let conn = rusqlite::Connection::open(&path).unwrap();
    let by: i64 = conn
        .query_row("SELECT printed_by FROM report_prints", [], |r| r.get(0))
        .unwrap();
    assert_eq!(by, i64::from(PIT_BOSS));
    let text = pdf_text(&std::fs::read(&out).unwrap());
    assert!(text.contains("Printed by\tPat Boss (#20)"), "{text}");
    // No --pin option exists: a PIN is never an argument.
    let (ok, stderr) = run(&["--db", db, "--out", o, "--pin", PIT_BOSS_PIN]);
    assert!(!ok && stderr.contains("--pin"), "{stderr}");
    drop(conn);
    assert_eq!(crate::util::discrepancies(&path), Vec::new());
}

/// A clock the test sets.
#[derive(Clone)]
struct SetClock(std::sync::Arc<std::sync::Mutex<DateTime<Utc>>>);

impl Clock for SetClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

#[test]
fn month_and_year_to_date_sum_each_shifts_inventory_at_the_table_and_its_game() {
    let path = dir().join("ledger.sqlite3");
    let clock = SetClock(std::sync::Arc::new(std::sync::Mutex::new(
        Utc.with_ymd_and_hms(2025, 12, 1, 12, 0, 0).unwrap(),
    )));
    let mut ledger = Ledger::open(&path, Box::new(clock.clone()), crate::test_keys()).unwrap();
    first_pit_boss_and_dealer(&mut ledger);
    let denominations = Denominations::parse("5 25 100 500").unwrap();
    let mut tables = std::collections::HashMap::new();
    for (name, game) in [
        ("T7", GameKind::Rocket),
        ("T8", GameKind::Rocket),
        ("S1", GameKind::Starboard),
    ] {
        let id = ledger.table(name, game).unwrap();
        ledger
            .set_denominations(id, &denominations, DEALER, &boss())
            .unwrap();
        tables.insert(name, id);
    }
    // (table, opened (y, m, d), opener, closer, drop, fill): counts in
    // hundreds of units; None: no closer counted.
    type Shift = (&'static str, (i32, u32, u32), u64, Option<u64>, u64, u64);
    let shifts: [Shift; 9] = [
        ("T7", (2025, 12, 20), 100, Some(90), 40, 0),
        ("T7", (2026, 1, 10), 100, Some(80), 50, 0),
        ("T8", (2026, 1, 15), 100, Some(120), 10, 0),
        ("T7", (2026, 2, 5), 100, Some(95), 30, 20),
        ("T8", (2026, 2, 10), 100, Some(70), 60, 0),
        ("S1", (2026, 2, 11), 100, Some(100), 80, 0),
        ("T7", (2026, 2, 12), 100, None, 25, 0),
        ("T7", (2026, 2, 20), 100, Some(110), 45, 10),
        ("T7", (2026, 2, 25), 100, Some(50), 70, 0),
    ];
    let chips = |hundreds: u64| Chips::new(&denominations, &[(100, hundreds)]).unwrap();
    let mut report_shift = ShiftId(0);
    for (i, &(table, (y, m, d), opener, closer, drop, fill)) in shifts.iter().enumerate() {
        *clock.0.lock().unwrap() = Utc.with_ymd_and_hms(y, m, d, 18, 0, 0).unwrap();
        let shift = ledger.open_table(tables[table], DEALER, &boss()).unwrap();
        ledger
            .record_count(
                shift,
                CountKind::Opener,
                &chips(opener),
                &dealer(),
                &boss(),
                None,
            )
            .unwrap();
        if fill > 0 {
            ledger
                .record_slip(SlipKind::Fill, shift, &chips(fill), DEALER, &boss())
                .unwrap();
        }
        ledger.record_drop(shift, drop * 100, &boss()).unwrap();
        match closer {
            Some(closer) => ledger
                .record_count(
                    shift,
                    CountKind::Closer,
                    &chips(closer),
                    &dealer(),
                    &boss(),
                    None,
                )
                .unwrap(),
            None => ledger
                .waive_count(
                    shift,
                    CountKind::Closer,
                    "tray sealed for the cage",
                    &boss(),
                )
                .unwrap(),
        }
        ledger.close_table(shift, DEALER, &boss()).unwrap();
        if i == 7 {
            report_shift = shift;
        }
    }
    *clock.0.lock().unwrap() = Utc.with_ymd_and_hms(2026, 3, 1, 9, 0, 0).unwrap();
    let report = ledger
        .print_shift_report(
            &ReportQuery {
                table: Some("T7".into()),
                period: Period::Shift(report_shift),
                casino: None,
            },
            &pairs_table::par::hold::ParHold,
            Some(&boss()),
            |_| Ok::<(), ReportError>(()),
        )
        .unwrap();
    // The direct calculation: each shift's closer + drop − opener − fills,
    // summed over the shifts opened from the 1st of February (or of
    // January) 2026 up to the report's shift of 20 February, at T7 or at
    // every Rocket table; a shift without a closer is left out.
    let expected = |tables: &[&str], from: (i32, u32)| -> (u32, u32, u64, i64) {
        let mut sums = (0, 0, 0, 0);
        for &(table, (y, m, d), opener, closer, drop, fill) in &shifts {
            if !tables.contains(&table) || (y, m) < from || (y, m, d) > (2026, 2, 20) {
                continue;
            }
            match closer {
                Some(closer) => {
                    sums.0 += 1;
                    sums.2 += drop * 100;
                    sums.3 += (closer as i64 + drop as i64 - opener as i64 - fill as i64) * 100;
                }
                None => sums.1 += 1,
            }
        }
        sums
    };
    let to_date = report.inventory.to_date.as_ref().unwrap();
    for (figures, tables, from) in [
        (&to_date.table_month, &["T7"][..], (2026, 2)),
        (&to_date.table_year, &["T7"][..], (2026, 1)),
        (&to_date.game_month, &["T7", "T8"][..], (2026, 2)),
        (&to_date.game_year, &["T7", "T8"][..], (2026, 1)),
    ] {
        let (shifts, left_out, drop, win) = expected(tables, from);
        assert_eq!(
            (figures.shifts, figures.left_out, figures.drop, figures.win),
            (shifts, left_out, drop, win),
            "{tables:?} from {from:?}"
        );
        let hold = (win * 10_000 * 2 + drop as i64) / (2 * drop as i64);
        assert_eq!(figures.hold_basis_points(), Some(hold), "{tables:?}");
        assert_eq!(
            figures.since,
            Utc.with_ymd_and_hms(from.0, from.1, 1, 0, 0, 0).unwrap()
        );
    }
    // Worked by hand for T7, month to date: shifts of 5 and 20 February
    // (the 12th has no closer): drop 3,000 + 4,500 = 7,500; win
    // (9,500 + 3,000 − 10,000 − 2,000) + (11,000 + 4,500 − 10,000 − 1,000)
    // = 500 + 4,500 = 5,000; hold 66.67%.
    assert_eq!(
        (to_date.table_month.drop, to_date.table_month.win),
        (7_500, 5_000)
    );
    // The PDF and the CSV print them.
    let layout = Layout::standard().unwrap();
    let text = pdf_text(&render_pdf(&report, &layout).unwrap());
    assert!(
        text.contains("Table T7, month to date\t2\t7,500\t5,000\t66.67%"),
        "{text}"
    );
    assert!(
        text.contains("are left out: Table T7, month to date (1)"),
        "{text}"
    );
    let csv = render_csv(&report);
    assert!(csv.contains("to_date,table_month,win,,5000,,,"), "{csv}");
    assert!(
        csv.contains("to_date,table_month,hold,6667,,,,66.67%"),
        "{csv}"
    );
    assert!(
        csv.contains("to_date,game_year,shifts,5,,,2026-01-01T00:00:00.000000Z,"),
        "{csv}"
    );
}

#[test]
fn the_expected_hold_is_the_par_sheets_edge_times_the_bets_with_its_95_percent_range() {
    use pairs_table::par::hold::Z_95;
    let path = shift(GameKind::Rocket, 60, 2);
    let report = print(&path);
    let hold = report.play.expected_hold.expect("hands were dealt");
    // Directly: every standing hand's bets from the ledger, the exact edge
    // and spread of the best play at 6 decks.
    let conn = rusqlite::Connection::open(&path).unwrap();
    let mut statement = conn
        .prepare("SELECT seats FROM hands WHERE id NOT IN (SELECT hand_id FROM voids) ORDER BY id")
        .unwrap();
    let totals: Vec<u64> = statement
        .query_map([], |r| r.get::<_, String>(0))
        .unwrap()
        .map(|seats| {
            seats
                .unwrap()
                .split(' ')
                .map(|pair| pair.split(':').nth(1).unwrap().parse::<u64>().unwrap())
                .sum()
        })
        .collect();
    assert_eq!(totals.len(), 58);
    let figures = pairs_table::par::rocket_figures(
        Decks::new(6).unwrap(),
        pairs_table::simulate::Strategy::Optimal,
    );
    let mean: f64 = totals.iter().map(|t| figures.house_edge * *t as f64).sum();
    let spread = totals
        .iter()
        .map(|t| (figures.std_dev * *t as f64).powi(2))
        .sum::<f64>()
        .sqrt();
    assert_eq!(hold.hands, 58);
    assert_eq!(hold.expected, mean.round() as i64);
    assert_eq!(hold.low, (mean - Z_95 * spread).floor() as i64);
    assert_eq!(hold.high, (mean + Z_95 * spread).ceil() as i64);
    assert_eq!(report.play.actual_hold, report.inventory.ledger_win);
    let verdict = if hold.covers(report.play.actual_hold) {
        "within its 95% range"
    } else {
        "FLAGGED: outside its 95% range"
    };
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    assert!(text.contains("Expected win"), "{text}");
    assert!(text.contains(verdict), "{text}");
    let csv = render_csv(&report);
    assert!(
        csv.contains(&format!("play,expected_hold,,58,{},,,", hold.expected)),
        "{csv}"
    );
    assert!(
        csv.contains(&format!(
            "play,actual_hold,,,{},,,",
            report.play.actual_hold
        )),
        "{csv}"
    );
}

/// The cells of one CSV line (RFC 4180 quoting).
fn csv_cells(line: &str) -> Vec<String> {
    let (mut cells, mut cell, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => cells.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    cells.push(cell);
    cells
}

#[test]
fn text_a_spreadsheet_would_run_is_written_as_text_in_the_csv() {
    let table_name = "=HYPERLINK(\"http://x.io\",\"go\")";
    let path = dir().join("ledger.sqlite3");
    let mut ledger = open(&path);
    ledger.staff(DEALER, "=2+5", Role::Dealer).unwrap();
    ledger
        .create_first_pit_boss(PIT_BOSS, "@SUM(A1)", PIT_BOSS_PIN)
        .unwrap();
    let table = ledger.table(table_name, GameKind::Rocket).unwrap();
    ledger
        .set_table_setting(table, "casino_name", "-2+3")
        .unwrap();
    let shift = ledger.open_shift(table, PIT_BOSS).unwrap();
    let shoe = ledger.open_shoe(table, 6, None).unwrap();
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    });
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(6).unwrap(),
        seats: 6,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    let mut simulation = Simulation::seeded(&config, 7).unwrap();
    for _ in 0..3 {
        let finished = simulation
            .play_hand_with(|t| recorder.sync(&mut ledger, t))
            .unwrap();
        recorder.commit(&mut ledger, &finished).unwrap();
    }
    ledger.close_shift(shift, PIT_BOSS).unwrap();
    drop(ledger);
    let csv = render_csv(&print(&path));
    // Each formula is kept whole as text behind a quote mark.
    for text in [
        "'=HYPERLINK(\"http://x.io\",\"go\")",
        "'=2+5 (#10)",
        "'@SUM(A1) (#20)",
        "'-2+3",
    ] {
        assert!(
            csv.lines().any(|l| csv_cells(l).iter().any(|c| c == text)),
            "{text} in\n{csv}"
        );
    }
    assert!(
        csv.contains("\"'=HYPERLINK(\"\"http://x.io\"\",\"\"go\"\")\""),
        "{csv}"
    );
    // No cell a spreadsheet would run is left: only numbers start with a sign.
    for line in csv.lines() {
        for cell in csv_cells(line) {
            if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                assert!(
                    cell[1..]
                        .chars()
                        .all(|c| c.is_ascii_digit() || ".%".contains(c)),
                    "{cell} in {line}"
                );
            }
        }
    }
}

/// Runs `run_by` on a thread while `ledger`'s writer serves the print desk,
/// as the app does between frames; returns (success, stderr).
pub(crate) fn run_through_the_desk(
    ledger: &mut Ledger,
    desk: &pairs_table::print_desk::PrintDesk,
    args: Vec<String>,
    pin: &'static str,
) -> (bool, String) {
    let command = std::thread::Builder::new()
        .name("report shift".into())
        .spawn(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            run_by(&args, &[PIT_BOSS.to_string().as_str()], pin)
        })
        .unwrap();
    while !command.is_finished() {
        desk.serve(ledger);
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    command.join().unwrap()
}

#[test]
fn report_shift_prints_through_the_app_that_writes_the_ledger() {
    let path = shift(GameKind::Rocket, 30, 0);
    let out = dir();
    let (first, second) = (out.join("first.pdf"), out.join("second.pdf"));
    let args = |pdf: &Path| {
        [
            "--db",
            path.to_str().unwrap(),
            "--out",
            pdf.to_str().unwrap(),
        ]
        .map(str::to_owned)
    };
    // The app holds the ledger as its writer, without a desk: refused, and said why.
    let mut ledger = open(&path);
    let (ok, stderr) = run(&args(&first).each_ref().map(String::as_str));
    assert!(!ok);
    assert!(
        stderr.contains("is in use by another writer")
            && stderr.contains("takes no print requests"),
        "{stderr}"
    );
    assert!(!first.exists());

    // With its desk: the print goes through the writer, recorded and written.
    // A socket left by an app that stopped is replaced.
    let socket = pairs_table::print_desk::desk_path(&path);
    drop(std::os::unix::net::UnixListener::bind(&socket).unwrap());
    assert!(socket.exists());
    let desk = pairs_table::print_desk::PrintDesk::open(&ledger, || {}).unwrap();
    let (ok, stderr) =
        run_through_the_desk(&mut ledger, &desk, args(&first).to_vec(), PIT_BOSS_PIN);
    assert!(ok, "{stderr}");
    let text = pdf_text(&std::fs::read(&first).unwrap());
    assert!(text.contains("T7") && !text.contains("REPRINT"), "{text}");
    assert_eq!(prints_recorded(&path), 1);

    // A wrong PIN: refused in one sentence, nothing recorded or written,
    // and the failure counted by the writer.
    let (ok, stderr) = run_through_the_desk(&mut ledger, &desk, args(&second).to_vec(), "0000");
    assert!(!ok);
    assert!(
        stderr.contains("the app writing it refused the print") && stderr.contains("PIN"),
        "{stderr}"
    );
    assert!(!second.exists());
    assert_eq!(prints_recorded(&path), 1);
    assert_eq!(
        sql(
            &path,
            "SELECT COUNT(*) FROM access_events WHERE event = 'failed_pin'"
        ),
        1
    );

    // The next print is the reprint, as from the app's own tab.
    let (ok, stderr) =
        run_through_the_desk(&mut ledger, &desk, args(&second).to_vec(), PIT_BOSS_PIN);
    assert!(ok, "{stderr}");
    assert!(pdf_text(&std::fs::read(&second).unwrap()).contains("REPRINT"));
    assert_eq!(prints_recorded(&path), 2);

    // The socket goes with the desk.
    assert!(socket.exists());
    drop(desk);
    assert!(!socket.exists());
}

/// Docs/reports.md, "Expected hold": Starboard's rake due is the rules'
/// rake on what the players paid into each pot, so an honest shift is
/// never flagged, whatever its players' style or size or how few its
/// games, and a rake that is not the rules' is.
#[test]
fn an_honest_starboard_shift_is_never_flagged_and_a_wrong_rake_is() {
    use pairs_table::engine::money::{Account, TransferKind};
    use pairs_table::par::hold::starboard_rake_due;
    let rules = HouseRules::from_toml(HOUSE_RULES).unwrap();
    let (mut shifts, mut flagged, mut raked) = (0, 0, 0);
    for (_, strategy) in Strategy::for_game(GameKind::Starboard) {
        for players in 2..=7 {
            for seed in 0..6 {
                let config = SimConfig {
                    game: GameKind::Starboard,
                    decks: Decks::new(6).unwrap(),
                    seats: players,
                    bet: 100,
                    rules,
                    strategy,
                };
                let mut simulation = Simulation::seeded(&config, seed).unwrap();
                let (mut games, mut taken) = (Vec::new(), 0i64);
                for _ in 0..100 {
                    let hand = simulation.play_hand().unwrap();
                    let paid_in = hand
                        .transfers
                        .iter()
                        .filter(|t| {
                            t.to == Account::Pot
                                && matches!(t.kind, TransferKind::Ante | TransferKind::Draw)
                        })
                        .map(|t| t.amount)
                        .sum();
                    games.push((rules, paid_in));
                    taken += hand
                        .transfers
                        .iter()
                        .filter(|t| t.kind == TransferKind::Rake)
                        .map(|t| t.amount as i64)
                        .sum::<i64>();
                    // Never flagged, after any number of games.
                    flagged += usize::from(!starboard_rake_due(&games).covers(taken));
                }
                shifts += 1;
                let due = starboard_rake_due(&games);
                raked += due.expected;
                // A rake that is not the rules' is flagged: one unit more or less.
                assert!(!due.covers(taken + 1) && (taken == 0 || !due.covers(taken - 1)));
            }
        }
    }
    assert_eq!((shifts, flagged), (216, 0));
    assert!(raked > 0, "the 5% rake took something");

    // Through the ledger: the report says the rake is as the rules take.
    let path = shift_under(GameKind::Starboard, 40, 0, 30, rules, true);
    let report = print(&path);
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    let rake = sql(
        &path,
        "SELECT COALESCE(SUM(amount), 0) FROM transfers WHERE kind = 'rake'",
    );
    assert!(rake > 0);
    let hold = report.play.expected_hold.unwrap();
    assert_eq!(
        (hold.expected, hold.low, hold.high, report.play.actual_hold),
        (rake, rake, rake, rake)
    );
    assert!(
        text.contains("Rake due") && text.contains("as the rules take"),
        "{text}"
    );
    assert!(!text.contains("FLAGGED") && !text.contains("95% range"));
    let csv = render_csv(&report);
    assert_eq!(
        csv_cell(&csv, "play", "actual_hold", "", 7),
        "as the rules take"
    );
}

/// Issue 46, item 3: a print of an open shift is an interim snapshot,
/// numbered among the shift's interim prints and stamped INTERIM; the first
/// print after the shift closes is the original, the next a REPRINT.
#[test]
fn prints_of_an_open_shift_are_interim_and_the_first_after_closing_is_the_original() {
    let path = shift_under(GameKind::Rocket, 12, 0, 30, HouseRules::default(), false);
    let layout = Layout::standard().unwrap();
    let stamps = |report: &ShiftReport| {
        let text = pdf_text(&render_pdf(report, &layout).unwrap());
        (
            report.print.number,
            report.print.interim,
            report.print.is_reprint(),
            text.matches("INTERIM").count() >= pages(&text),
            text.contains("REPRINT"),
        )
    };
    // Mid-shift prints, about 20:47 (the hands ended about 20:00).
    let first = print_at(&path, Period::LatestShift, 1000);
    assert_eq!(stamps(&first), (1, true, false, true, false));
    let second = print_at(&path, Period::LatestShift, 1010);
    assert_eq!(stamps(&second), (2, true, false, true, false));
    assert_eq!(
        csv_cell(&render_csv(&second), "header", "print", "", 7),
        "interim"
    );
    // The shift closes about 21:03; the next prints are the next day's.
    let clock = Ticking {
        tick: AtomicI64::new(1100),
        step: 10,
    };
    let mut ledger = Ledger::open(&path, Box::new(clock), crate::test_keys()).unwrap();
    let shift = ledger.open_shift_now().unwrap().unwrap().shift;
    ledger.close_shift(shift, PIT_BOSS).unwrap();
    drop(ledger);
    let original = print(&path);
    assert_eq!(stamps(&original), (1, false, false, false, false));
    assert_eq!(
        csv_cell(&render_csv(&original), "header", "print", "", 7),
        "original"
    );
    let reprint = print(&path);
    assert_eq!(stamps(&reprint), (2, false, true, false, true));
    assert_eq!(
        reprint.print.first_printed_at,
        Some(original.print.printed_at)
    );
}
