//! The pit boss's screens, driven through the desktop app with
//! egui_kittest: who may do what, wrong PINs and the lockout, voids that
//! keep the chain intact, win and hold on screen, and the shift report
//! saved and printed from the screen.

use std::sync::mpsc::{Sender, channel};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::pdf_text::pdf_text;
use super::util::{
    BOSS, BOSS_PIN, DEALER, DEALER_PIN, OTHER_BOSS, OTHER_PIN, boss, dealer, discrepancies, staffed,
};
use pairs_table::engine::Decks;
use pairs_table::engine::hand::{GameKind, Need};
use pairs_table::engine::rules::HouseRules;
use pairs_table::ids::HandId;
use pairs_table::inventory::Denominations;
use pairs_table::ledger::{CountKind, ExceptionKind, HandFilter, HandOutcome, Ledger, TimeRange};
use pairs_table::printing::{PrintCommand, Printer};
use pairs_table::scanner::{ScanEvent, ScanLink};
use pairs_table::station::{Feed, SourceChoice, Station, TableSetup};
use pairs_table::ui::StationApp;

fn setup(source: SourceChoice) -> TableSetup {
    TableSetup {
        name: "table 1".into(),
        game: GameKind::Rocket,
        decks: Decks::new(6).unwrap(),
        rules: HouseRules::default(),
        unit_cents: 100,
        source,
    }
}

/// A Rocket table on the software shoe, opened by BOSS for DEALER; its
/// ledger's path.
fn station(name: &str) -> (Station, std::path::PathBuf) {
    let (ledger, path, _clock, _) = staffed(name);
    let station = Station::open(
        ledger,
        setup(SourceChoice::SoftwareShoe),
        &dealer(),
        &boss(),
        Feed::SoftwareShoe,
    )
    .unwrap();
    (station, path)
}

/// [`station`], with the opener counted so hands can be dealt.
fn counted_station(name: &str) -> (Station, std::path::PathBuf) {
    let (mut station, path) = station(name);
    crate::util::count_opener(&mut station);
    (station, path)
}

/// Plays one hand with a bet of 100 at seats 1 and 2 and confirms it;
/// returns the hand's id.
fn play_hand(station: &mut Station) -> HandId {
    for seat in [1, 2] {
        station.entry_mut(seat).unwrap().bet = "100".into();
    }
    station.start_hand().unwrap();
    for _ in 0..500 {
        if station.settlement().is_some() {
            return HandId((station.confirm_settlement().unwrap()).0);
        }
        match station.table().need() {
            Need::Card(_) => station.deal_from_shoe().unwrap(),
            Need::Decision { choices, .. } => station.decide(choices[0]).unwrap(),
            Need::Done => unreachable!("a finished hand waits for its settlement"),
        }
    }
    panic!("the hand did not finish");
}

fn harness(app: StationApp) -> Harness<'static, StationApp> {
    Harness::builder()
        .with_size(egui::vec2(1500.0, 4000.0))
        // A grid whose column widths change takes a few frames to settle.
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app)
}

fn app(station: Station) -> StationApp {
    StationApp::with_station(station, egui::Context::default())
}

/// Replaces the text of the input labelled `label`.
fn fill(harness: &mut Harness<'_, StationApp>, label: &str, text: &str) {
    harness.get_by_label(label).set_text_value_accesskit(text);
    harness.run();
}

/// Clicks, then waits for any chain check the click started (it runs on
/// its own thread while the window keeps drawing).
fn click(harness: &mut Harness<'_, StationApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
    for _ in 0..3000 {
        if !shows(harness, "Checking the whole chain") {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.run();
    }
    panic!("the chain check did not finish in 30 s");
}

/// Whether a widget whose label contains `text` is on screen.
fn shows(harness: &Harness<'_, StationApp>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

fn ledger<'a>(harness: &'a Harness<'_, StationApp>) -> &'a Ledger {
    harness.state().station().unwrap().ledger()
}

fn open_pit(harness: &mut Harness<'_, StationApp>, tab: &str) {
    harness.run();
    click(harness, "Pit boss");
    click(harness, tab);
}

fn sign(harness: &mut Harness<'_, StationApp>, what: &str, id: u32, pin: &str) {
    fill(harness, &format!("Pit boss ID ({what})"), &id.to_string());
    fill(harness, &format!("Pit boss PIN ({what})"), pin);
}

fn set_denominations(station: &mut Station) {
    let table = station.table_id();
    station
        .ledger_mut()
        .set_denominations(
            table,
            &Denominations::parse("1 5 25 100").unwrap(),
            DEALER,
            &boss(),
        )
        .unwrap();
}

#[test]
fn a_dealers_pin_cannot_void_change_limits_or_record_a_fill() {
    let (mut station, _) = counted_station("dealer-refused");
    set_denominations(&mut station);
    let hand = play_hand(&mut station);
    let shift = station.shift_id();
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Limits & voids");

    fill(&mut harness, "Minimum bet", "20");
    fill(&mut harness, "Maximum bet", "500");
    sign(&mut harness, "limits", DEALER.0, DEALER_PIN);
    click(&mut harness, "Change limits");
    assert!(shows(&harness, "who may not change the table limits"));
    assert!(
        harness
            .get_by_label("Pit boss PIN (limits)")
            .value()
            .unwrap_or_default()
            .is_empty(),
        "the PIN is cleared after use"
    );
    let table = harness.state().station().unwrap().table_id();
    assert_eq!(ledger(&harness).table_limits(table).unwrap(), None);
    let rules = *harness.state().station().unwrap().table().rules();
    assert_eq!(rules.rocket, HouseRules::default().rocket);

    fill(&mut harness, "Hand to void", &hand.to_string());
    fill(&mut harness, "Reason for the void", "misdeal");
    sign(&mut harness, "void", DEALER.0, DEALER_PIN);
    click(&mut harness, "Void hand");
    assert!(shows(&harness, "is not a pit boss"));
    let voided = HandFilter {
        outcome: Some(HandOutcome::Voided),
        ..HandFilter::default()
    };
    assert!(ledger(&harness).browse_hands(&voided).unwrap().is_empty());

    click(&mut harness, "Inventory");
    fill(&mut harness, "Slip chips of 25", "4");
    sign(&mut harness, "slip", DEALER.0, DEALER_PIN);
    click(&mut harness, "Record slip");
    assert!(shows(&harness, "who may not approve a fill"));
    assert!(ledger(&harness).slips(shift).unwrap().is_empty());
}

#[test]
fn a_dealers_pin_cannot_approve_a_manual_card() {
    let (ledger, _, _clock, _) = staffed("manual-refused");
    let (events, received) = channel::<ScanEvent>();
    let feed = Feed::Scanner(Box::new(ScanLink::scripted(received)));
    let source = SourceChoice::Scanner {
        path: "scripted".into(),
        baud: 9600,
    };
    let mut station = Station::open(ledger, setup(source), &dealer(), &boss(), feed).unwrap();
    crate::util::count_opener(&mut station);
    station.entry_mut(1).unwrap().bet = "100".into();
    station.start_hand().unwrap();
    lose_frames(&events);
    let mut harness = harness(app(station));
    harness.run();
    assert!(!harness.state().station().unwrap().alarms().is_empty());

    fill(&mut harness, "Approving pit boss ID", &DEALER.to_string());
    fill(&mut harness, "Approving pit boss PIN", DEALER_PIN);
    click(&mut harness, "Approve and enter card");
    assert!(shows(&harness, "who may not approve a manual card"));
    let station = harness.state().station().unwrap();
    assert!(!station.alarms().is_empty(), "the alarm stays raised");
    let manual = station
        .ledger()
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == ExceptionKind::ManualCard)
        .count();
    assert_eq!(manual, 0);
}

fn lose_frames(events: &Sender<ScanEvent>) {
    events
        .send(ScanEvent::Gap {
            expected: 1,
            received: 3,
            missing: 2,
        })
        .unwrap();
}

#[test]
fn wrong_pins_are_refused_and_counted_and_the_fifth_locks() {
    let (station, _) = station("lockout");
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Limits & voids");
    for tries_left in (1..=4).rev() {
        sign(&mut harness, "close", BOSS.0, "0000");
        click(&mut harness, "Close the table");
        assert!(
            shows(
                &harness,
                &format!("Wrong PIN for staff member {BOSS}; {tries_left} more wrong")
            ),
            "{tries_left} tries left"
        );
    }
    sign(&mut harness, "close", BOSS.0, "0000");
    click(&mut harness, "Close the table");
    assert!(shows(
        &harness,
        &format!("Staff member {BOSS} is locked out")
    ));
    // Even the right PIN is refused now.
    sign(&mut harness, "close", BOSS.0, BOSS_PIN);
    click(&mut harness, "Close the table");
    assert!(shows(
        &harness,
        &format!("Staff member {BOSS} is locked out")
    ));
    assert!(!harness.state().is_opening_table());

    click(&mut harness, "Staff");
    assert!(shows(&harness, "locked after 5 wrong PINs in a row"));
    let wrong = ledger(&harness)
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == ExceptionKind::FailedPin)
        .count();
    assert_eq!(wrong, 5);

    // Another pit boss lifts the lockout with their own PIN.
    fill(&mut harness, "Locked staff ID", &BOSS.to_string());
    sign(&mut harness, "reset", OTHER_BOSS.0, OTHER_PIN);
    click(&mut harness, "Reset lockout");
    assert!(shows(&harness, "lockout is lifted"));
    assert!(!shows(&harness, "locked after 5 wrong PINs in a row"));
}

#[test]
fn a_void_writes_reversing_entries_and_verify_still_passes() {
    let (mut station, path) = counted_station("void");
    let first = play_hand(&mut station);
    play_hand(&mut station);
    let shift = station.shift_id();
    let before = station.ledger().ledger_win(shift).unwrap();
    let first_net = station
        .ledger()
        .browse_hands(&HandFilter::default())
        .unwrap()
        .into_iter()
        .find(|h| h.id == first)
        .unwrap()
        .house_net;
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Limits & voids");

    fill(&mut harness, "Hand to void", &first.to_string());
    sign(&mut harness, "void", BOSS.0, BOSS_PIN);
    click(&mut harness, "Void hand");
    assert!(shows(&harness, "Give the reason for the void"));

    fill(&mut harness, "Reason for the void", "cards exposed");
    sign(&mut harness, "void", BOSS.0, BOSS_PIN);
    click(&mut harness, "Void hand");
    assert!(shows(&harness, "reversing entries are in the ledger"));
    assert_eq!(
        ledger(&harness).ledger_win(shift).unwrap(),
        before - first_net,
        "the reversal undoes the hand's net"
    );
    let voided = HandFilter {
        outcome: Some(HandOutcome::Voided),
        ..HandFilter::default()
    };
    let voided: Vec<HandId> = ledger(&harness)
        .browse_hands(&voided)
        .unwrap()
        .into_iter()
        .map(|h| h.id)
        .collect();
    assert_eq!(voided, vec![first]);

    click(&mut harness, "Audit");
    click(&mut harness, "Run chain check");
    assert!(shows(&harness, "the chain is intact; no discrepancies"));
    assert!(shows(&harness, "Head hash:"));
    assert!(discrepancies(&path).is_empty());
    // The exception report names the void, who asked and who approved.
    assert!(shows(&harness, "cards exposed"));
}

#[test]
fn win_and_hold_on_screen_match_hand_computed_values() {
    let (station, _) = station("win");
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Inventory");
    assert!(shows(&harness, "No denominations are set yet"));
    fill(&mut harness, "Denominations", "1 5 25 100");
    sign(&mut harness, "denominations", BOSS.0, BOSS_PIN);
    click(&mut harness, "Set denominations");
    assert!(shows(&harness, "Denominations set to 1 5 25 100"));
    assert!(shows(&harness, "the opener and the closer not counted yet"));

    // Opener: 100×1 + 200×5 + 80×25 + 20×100 = 5 100.
    count(
        &mut harness,
        &[("1", "100"), ("5", "200"), ("25", "80"), ("100", "20")],
    );
    assert!(shows(&harness, "Opener recorded: 5100 units"));
    assert!(shows(&harness, "the closer not counted yet"));

    // Fill: 40×25 = 1 000; credit: 5×100 = 500.
    fill(&mut harness, "Slip chips of 25", "40");
    sign(&mut harness, "slip", BOSS.0, BOSS_PIN);
    click(&mut harness, "Record slip");
    assert!(shows(
        &harness,
        "Fill slip 2026-000001 recorded: 1000 units"
    ));
    click(&mut harness, "Credit (chips to the cage)");
    fill(&mut harness, "Slip chips of 100", "5");
    sign(&mut harness, "slip", BOSS.0, BOSS_PIN);
    click(&mut harness, "Record slip");
    assert!(shows(
        &harness,
        "Credit slip 2026-000002 recorded: 500 units"
    ));

    // Drop: 300 + 450 = 750.
    for amount in ["300", "450"] {
        fill(&mut harness, "Drop amount", amount);
        sign(&mut harness, "drop", BOSS.0, BOSS_PIN);
        click(&mut harness, "Record drop");
        assert!(shows(&harness, &format!("Drop of {amount} units recorded")));
    }

    // Closer: 90×1 + 180×5 + 100×25 + 14×100 = 4 890.
    click(&mut harness, "Closer");
    count(
        &mut harness,
        &[("1", "90"), ("5", "180"), ("25", "100"), ("100", "14")],
    );
    assert!(shows(&harness, "Closer recorded: 4890 units"));

    // win = 4 890 + 500 + 750 − 5 100 − 1 000 = 40; hold = 40 ÷ 750 = 5.33%.
    assert!(shows(&harness, "= 4890 + 500 + 750 − 5100 − 1000 = 40"));
    assert!(shows(&harness, "Hold: 5.33%"));
    // No hands were dealt: the ledger's win is 0, a variance of 40.
    assert!(shows(&harness, "Ledger's win from the hands dealt: 0"));
    assert!(shows(&harness, "Variance: +40 units"));

    // A recount says why: without a reason it is refused and the closer
    // stands; with one it is recorded.
    assert!(shows(&harness, "Counted already (4890 units)"));
    let closer_again = [("1", "91"), ("5", "180"), ("25", "100"), ("100", "14")];
    count(&mut harness, &closer_again);
    assert!(shows(&harness, "a recount needs a reason"));
    assert!(shows(&harness, "Hold: 5.33%"));
    fill(
        &mut harness,
        "Reason for the recount",
        "one 1-unit chip under the float",
    );
    count(&mut harness, &closer_again);
    assert!(shows(&harness, "Closer recorded: 4891 units"));
}

fn count(harness: &mut Harness<'_, StationApp>, chips: &[(&str, &str)]) {
    for (denomination, number) in chips {
        fill(harness, &format!("Chips of {denomination}"), number);
    }
    fill(harness, "Dealer ID (count)", &DEALER.to_string());
    fill(harness, "Dealer PIN (count)", DEALER_PIN);
    sign(harness, "count", BOSS.0, BOSS_PIN);
    click(harness, "Record count");
}

#[test]
fn limits_apply_from_the_next_hand_and_closing_returns_to_opening() {
    let (mut station, _) = counted_station("limits");
    for seat in [1, 2] {
        station.entry_mut(seat).unwrap().bet = "100".into();
    }
    station.start_hand().unwrap();
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Limits & voids");
    fill(&mut harness, "Minimum bet", "20");
    fill(&mut harness, "Maximum bet", "500");
    sign(&mut harness, "limits", BOSS.0, BOSS_PIN);
    click(&mut harness, "Change limits");
    assert!(shows(&harness, "they apply from the next hand"));
    let station = harness.state_mut().station_mut().unwrap();
    assert_eq!(
        station.table().rules().rocket.min_bet_units,
        HouseRules::default().rocket.min_bet_units
    );
    // Finish the hand; the next one starts under the new limits.
    while station.settlement().is_none() {
        match station.table().need() {
            Need::Card(_) => station.deal_from_shoe().unwrap(),
            Need::Decision { choices, .. } => station.decide(choices[0]).unwrap(),
            Need::Done => break,
        }
    }
    station.confirm_settlement().unwrap();
    play_hand(station);
    assert_eq!(
        (
            station.table().rules().rocket.min_bet_units,
            station.table().rules().rocket.max_bet_units
        ),
        (20, 500)
    );

    // The table does not close before the closer is counted.
    harness.run();
    sign(&mut harness, "close", BOSS.0, BOSS_PIN);
    click(&mut harness, "Close the table");
    assert!(shows(&harness, "has no closer count"));
    assert!(!harness.state().is_opening_table());
    click(&mut harness, "Inventory");
    click(&mut harness, "Closer");
    count(&mut harness, &[("5", "200"), ("25", "80")]);
    assert!(shows(&harness, "Closer recorded: 3000 units"));

    // The pit boss closes the table: the app goes back to opening one.
    click(&mut harness, "Limits & voids");
    sign(&mut harness, "close", BOSS.0, BOSS_PIN);
    click(&mut harness, "Close the table");
    harness.run();
    assert!(harness.state().is_opening_table());

    // The closed shift is printed from the open-table screen, before any
    // other table opens.
    click(&mut harness, "Print a shift report");
    assert!(shows(&harness, "Table table 1 · shift 1 · opened"));
    assert!(shows(&harness, "closed"));
    let pdf = std::env::temp_dir().join(format!("closed-shift-{}.pdf", std::process::id()));
    fill(&mut harness, "PDF file path", pdf.to_str().unwrap());
    fill(&mut harness, "CSV file path (empty: no CSV)", "");
    sign(&mut harness, "report", BOSS.0, BOSS_PIN);
    click(&mut harness, "Save PDF");
    crate::util::run_until(&mut harness, "the closed shift's report is saved", |h| {
        h.query_all_by_label_contains("print 1, the original")
            .next()
            .is_some()
    });
    let text = pdf_text(&std::fs::read(&pdf).unwrap());
    assert!(text.contains("shift 1"), "{text}");
    std::fs::remove_file(&pdf).unwrap();
}

/// How many prints of a report the ledger at `path` records.
fn prints(path: &std::path::Path) -> i64 {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM report_prints", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn the_shift_report_is_saved_and_printed_from_the_pit_screen() {
    let (mut station, path) = counted_station("report");
    play_hand(&mut station);
    let shift = station.shift_id();
    let dir = path
        .parent()
        .unwrap()
        .join(format!("reports-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut harness = harness(app(station));
    // No print command at all on this "machine".
    harness
        .state_mut()
        .set_print_command(PrintCommand::Given(None));
    open_pit(&mut harness, "Shift report");
    assert!(shows(
        &harness,
        &format!("Table table 1 · shift {shift} · opened")
    ));
    let default = format!("shift-report-table-1-{shift}.pdf");
    assert_eq!(
        harness.get_by_label("PDF file path").value().as_deref(),
        Some(default.as_str()),
        "the default is in the current directory"
    );

    // A path that cannot be written: one sentence, and no print recorded.
    fill(&mut harness, "PDF file path", "/nonexistent/dir/report.pdf");
    // Only a pit boss saves: a dealer's PIN records no print.
    sign(&mut harness, "report", DEALER.0, DEALER_PIN);
    click(&mut harness, "Save PDF");
    assert!(shows(&harness, "who may not print the shift report"));
    assert_eq!(prints(&path), 0);
    sign(&mut harness, "report", BOSS.0, BOSS_PIN);
    click(&mut harness, "Save PDF");
    assert!(shows(&harness, "Cannot write /nonexistent/dir/report.pdf"));
    assert_eq!(prints(&path), 0);

    let pdf = dir.join("shift.pdf");
    let csv = dir.join("shift.csv");
    fill(&mut harness, "PDF file path", pdf.to_str().unwrap());
    fill(
        &mut harness,
        "CSV file path (empty: no CSV)",
        csv.to_str().unwrap(),
    );
    let head = ledger(&harness).head().unwrap().hash_hex();
    sign(&mut harness, "report", BOSS.0, BOSS_PIN);
    click(&mut harness, "Save PDF");
    assert!(
        shows(&harness, &format!("Saved {}", pdf.display())),
        "the note names the file"
    );
    // The shift is open: an interim print, not the original.
    assert!(shows(&harness, "interim print 1, stamped INTERIM"));
    assert!(shows(&harness, "; chain check passed"));
    assert!(shows(&harness, &head[..16]));
    assert!(pdf.exists() && csv.exists());
    assert_eq!(prints(&path), 1);
    let printed_by: i64 = rusqlite::Connection::open(&path)
        .unwrap()
        .query_row("SELECT printed_by FROM report_prints", [], |r| r.get(0))
        .unwrap();
    assert_eq!(printed_by, i64::from(BOSS), "the print names the pit boss");
    let text = pdf_text(&std::fs::read(&pdf).unwrap());
    assert!(text.contains(&head), "the head hash is printed:\n{text}");
    assert!(!text.contains("REPRINT") && text.contains("INTERIM"));
    assert!(std::fs::read_to_string(&csv).unwrap().contains(&head));

    // Print, with no print command: the PDF is saved (a second interim
    // print) and the screen says so and where.
    sign(&mut harness, "report", BOSS.0, BOSS_PIN);
    click(&mut harness, "Print");
    assert!(shows(
        &harness,
        "Printing is not available on this machine (no `lp` command was found); the report is saved at"
    ));
    assert_eq!(prints(&path), 2);
    let text = pdf_text(&std::fs::read(&pdf).unwrap());
    assert!(
        text.contains("INTERIM") && !text.contains("REPRINT"),
        "{text}"
    );

    // With a print command: it gets the saved PDF.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let lp = dir.join("lp");
        let args = dir.join("lp-args");
        std::fs::write(
            &lp,
            format!(
                "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\necho 'request id is pit-7 (1 file(s))'\n",
                args.display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&lp, std::fs::Permissions::from_mode(0o755)).unwrap();
        harness
            .state_mut()
            .set_print_command(PrintCommand::Given(Some(Printer::at(lp))));
        sign(&mut harness, "report", BOSS.0, BOSS_PIN);
        click(&mut harness, "Print");
        assert!(shows(
            &harness,
            "Sent to the printer (request id is pit-7 (1 file(s)))"
        ));
        assert!(shows(&harness, "interim print 3, stamped INTERIM"));
        let sent = std::fs::read_to_string(&args).unwrap();
        assert!(sent.ends_with(&format!("{}\n", pdf.display())), "{sent}");
        assert_eq!(prints(&path), 3);
    }
    assert!(discrepancies(&path).is_empty());
}

#[test]
fn with_no_dealer_signed_in_the_pit_boss_changes_limits_alone_but_cannot_record_a_fill() {
    let (mut station, _) = station("pit-alone");
    set_denominations(&mut station);
    station.sign_out_dealer().unwrap();
    let table = station.table_id();
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Limits & voids");
    fill(&mut harness, "Minimum bet", "20");
    fill(&mut harness, "Maximum bet", "500");
    sign(&mut harness, "limits", BOSS.0, BOSS_PIN);
    click(&mut harness, "Change limits");
    assert!(shows(&harness, "Limits are now 20 to 500 units."));
    let limits = ledger(&harness).table_limits(table).unwrap().unwrap();
    assert_eq!((limits.min_bet_units, limits.max_bet_units), (20, 500));
    let change = ledger(&harness)
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .find(|e| e.kind == ExceptionKind::LimitChange)
        .unwrap();
    assert_eq!((change.staff, change.approved_by), (Some(BOSS), Some(BOSS)));

    // A fill needs someone to ask for it who is not the approver.
    click(&mut harness, "Inventory");
    fill(&mut harness, "Slip chips of 100", "4");
    sign(&mut harness, "slip", BOSS.0, BOSS_PIN);
    click(&mut harness, "Record slip");
    assert!(shows(&harness, "No dealer is signed in"));
    assert!(
        ledger(&harness)
            .slips(harness.state().station().unwrap().shift_id())
            .unwrap()
            .is_empty()
    );
}

#[test]
fn the_exception_report_on_screen_covers_this_shift_only() {
    let (mut records, _path, clock, _) = staffed("pit-exceptions-shift");
    // Before the shift: a wrong PIN, on the record but not this shift's.
    assert!(records.sign_in(DEALER, "0000").is_err());
    clock.set(2026, 3, 1, 21, 0);
    let mut station = Station::open(
        records,
        setup(SourceChoice::SoftwareShoe),
        &dealer(),
        &boss(),
        Feed::SoftwareShoe,
    )
    .unwrap();
    clock.set(2026, 3, 1, 21, 30);
    let wrong = pairs_table::ledger::PinEntry {
        staff: OTHER_BOSS,
        pin: "1111",
    };
    assert!(station.ledger_mut().check_pit_boss(&wrong, "test").is_err());
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Audit");
    assert!(shows(&harness, "Exception report: this shift"));
    // Who tried the wrong PIN, by name.
    assert!(shows(&harness, &format!("Oona Boss (#{OTHER_BOSS})")));
    assert!(
        shows(&harness, &crate::test_keys().fingerprint()),
        "the station key's fingerprint is on the audit tab"
    );
    assert!(shows(&harness, &crate::local_time(2026, 3, 1, 21, 30)));
    assert!(!shows(&harness, &crate::local_time(2026, 3, 1, 20, 0)));
    let all = ledger(&harness)
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == ExceptionKind::FailedPin)
        .count();
    assert_eq!(all, 2, "both wrong PINs are in the ledger");
}

#[test]
fn the_exception_reports_detail_is_wide_enough_to_read_at_1280_by_800() {
    let (mut station, _) = station("exception-width");
    let reason = "the tray was delivered sealed by the cage after the first hand had been called, \
                  so the opener is counted with the closer at the end of the shift instead";
    let shift = station.shift_id();
    station
        .ledger_mut()
        .waive_count(shift, CountKind::Opener, reason, &boss())
        .unwrap();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app(station));
    open_pit(&mut harness, "Audit");
    let detail = harness.get_by_label_contains("the tray was delivered sealed");
    let rect = detail.rect();
    assert!(rect.width() >= 320.0, "the detail is {} wide", rect.width());
    assert!(
        rect.right() <= 1280.0,
        "the detail runs past the window to {}",
        rect.right()
    );
    let line = 19.0 * 1.6;
    assert!(
        rect.height() <= 4.0 * line,
        "the detail wraps to {} points high",
        rect.height()
    );
}

#[test]
fn a_refusal_sits_beside_its_button_and_goes_when_the_input_is_fixed() {
    let (station, _) = station("stale-refusal");
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Limits & voids");
    let before = harness.get_by_label("Change limits").rect();
    fill(&mut harness, "Minimum bet", "ten");
    sign(&mut harness, "limits", BOSS.0, BOSS_PIN);
    click(&mut harness, "Change limits");
    assert!(shows(
        &harness,
        "The minimum bet must be a whole number of units."
    ));
    assert_eq!(
        harness.get_by_label("Change limits").rect(),
        before,
        "the button did not move when the refusal appeared"
    );
    harness.get_by_label("Minimum bet").focus();
    harness.run();
    harness.key_press(egui::Key::Backspace);
    harness.run();
    harness.run();
    assert!(!shows(&harness, "must be a whole number of units"));
}

#[test]
fn a_dealer_seats_a_rated_player_and_only_a_pit_bosss_pin_shows_the_rating() {
    let (station, path) = counted_station("rated");
    let mut harness = harness(app(station));
    harness.run();
    click(&mut harness, "Rated players (0 seated)");
    fill(&mut harness, "Seat", "2");
    fill(&mut harness, "Card", "C-7");
    fill(&mut harness, "Name (optional)", "Ann Lee");
    click(&mut harness, "Seat player");
    assert!(shows(&harness, "Card C-7 seated at seat 2."));
    assert!(shows(&harness, "Rated: card C-7"));
    assert!(shows(&harness, "Seat 2: card C-7 (Ann Lee), since"));

    fill(&mut harness, "Seat", "3");
    fill(&mut harness, "Card", "C-7");
    click(&mut harness, "Seat player");
    assert!(shows(
        &harness,
        "Card C-7 is already seated at table 1, seat 2; unseat them there first."
    ));
    harness.get_by_label("Card").focus();
    harness.run();
    harness.key_press(egui::Key::Backspace);
    harness.run();
    assert!(
        !shows(&harness, "already seated"),
        "the refusal goes on typing"
    );

    play_hand(harness.state_mut().station_mut().unwrap());
    open_pit(&mut harness, "Rating");
    assert!(shows(&harness, "Rated players seated now"));
    assert!(shows(&harness, "Ann Lee"));
    // A dealer's PIN shows nothing.
    fill(
        &mut harness,
        "Pit boss ID (show ratings)",
        &DEALER.to_string(),
    );
    fill(&mut harness, "Pit boss PIN (show ratings)", DEALER_PIN);
    click(&mut harness, "Show running ratings");
    assert!(shows(
        &harness,
        "Staff member 10 is a dealer, who may not look up a player's rating."
    ));
    sign(&mut harness, "show ratings", BOSS.0, BOSS_PIN);
    click(&mut harness, "Show running ratings");
    assert!(shows(&harness, "1 look-up(s) recorded."));

    fill(&mut harness, "Card number", "C-7");
    sign(&mut harness, "look up", BOSS.0, BOSS_PIN);
    click(&mut harness, "Look up");
    assert!(shows(&harness, "Look-up of card C-7 recorded."));
    assert!(shows(&harness, "Card C-7 (Ann Lee):"));
    assert!(shows(&harness, "table 1, seat 2"));

    fill(&mut harness, "Card number", "C-8");
    sign(&mut harness, "look up", BOSS.0, BOSS_PIN);
    click(&mut harness, "Look up");
    assert!(shows(&harness, "No player has card C-8."));
    let rating = pairs_table::rating::Rater::new(pairs_table::simulate::Strategy::Optimal)
        .rate_player(
            ledger(&harness),
            "C-7",
            pairs_table::rating::Period::default(),
        )
        .unwrap();
    assert_eq!((rating.rating.hands, rating.rating.wagered), (1, 100));
    assert!(discrepancies(&path).is_empty());
}

#[test]
fn a_shorter_prompt_moves_no_button() {
    let (station, _) = station("prompt-still");
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app(station));
    harness.run();
    // The opener's prompt takes two lines at 1280 points.
    assert!(shows(&harness, "Count the opener before the first hand"));
    let before = harness.get_by_label("Deal (Enter)").rect();
    let shift = harness.state().station().unwrap().shift_id();
    harness
        .state_mut()
        .station_mut()
        .unwrap()
        .ledger_mut()
        .waive_count(shift, CountKind::Opener, "training table", &boss())
        .unwrap();
    harness.run();
    assert!(shows(&harness, "then Deal (Enter)"));
    assert_eq!(harness.get_by_label("Deal (Enter)").rect(), before);
}

#[test]
fn a_starboard_table_shows_its_ante_and_rake_and_no_bet_limits() {
    let (ledger, _path, _clock, _) = staffed("starboard-terms");
    let mut rules = HouseRules::default();
    rules.starboard.rake_percent = 10;
    rules.starboard.rake_cap = 50;
    let station = Station::open(
        ledger,
        TableSetup {
            game: GameKind::Starboard,
            rules,
            ..setup(SourceChoice::SoftwareShoe)
        },
        &dealer(),
        &boss(),
        Feed::SoftwareShoe,
    )
    .unwrap();
    let mut harness = harness(app(station));
    harness.run();
    assert!(
        shows(&harness, "rake 10% (cap 50 units)"),
        "the header states the rake"
    );
    open_pit(&mut harness, "Limits & voids");
    assert!(shows(&harness, "Starboard has no bet limits"));
    assert!(
        !shows(&harness, "Minimum bet"),
        "Rocket's limits are not offered"
    );
    assert!(!shows(&harness, "In force now: bets"));
}

#[test]
fn the_hand_browser_opens_newest_first_and_pages_through_older_hands() {
    let (mut station, _) = counted_station("browser-pages");
    for _ in 0..55 {
        play_hand(&mut station);
    }
    let newest = station.last_committed().unwrap().hand;
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Audit");
    assert!(shows(&harness, "Hands of table table 1, newest first."));
    assert!(shows(&harness, &format!("Hand {newest} ·")));
    // The dealer by name, not by staff number alone.
    assert!(shows(
        &harness,
        &format!("· dealer Dana Dealer (#{DEALER}) ·")
    ));
    // A page holds 50 hands: the oldest are on the next page.
    assert!(!shows(&harness, "Hand 1 ·"));
    click(&mut harness, "Older hands");
    assert!(shows(&harness, "Hand 1 ·"));
    assert!(!shows(&harness, &format!("Hand {newest} ·")));
    click(&mut harness, "Newer hands");
    assert!(shows(&harness, &format!("Hand {newest} ·")));
    // Found by its number.
    fill(&mut harness, "Hand number", "3");
    click(&mut harness, "Find hands");
    assert!(shows(&harness, "Hand 3 ·"));
    assert!(!shows(&harness, "Hand 4 ·"));
}

/// A card-reading shoe on a pseudo-terminal at `path` that sends a
/// heartbeat every 200 ms, as a working shoe does (a quiet one raises the
/// silence alarm), until it is dropped: unplugged.
struct BeatingShoe {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    heard: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl BeatingShoe {
    fn plug(path: &std::path::Path) -> BeatingShoe {
        use pairs_table::scanner::frame::{Frame, Message};
        use std::sync::atomic::Ordering;
        let mut link = pairs_table::scanner::sim::PtyLink::create(path).unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let heard = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (stopping, hearing) = (stop.clone(), heard.clone());
        let thread = std::thread::Builder::new()
            .name("beating shoe".into())
            .spawn(move || {
                let mut seq: u16 = 1;
                while !stopping.load(Ordering::Relaxed) {
                    let beat = Frame {
                        seq,
                        message: Message::Heartbeat,
                    };
                    // A write fails while no reader has the port open.
                    if link.write(&beat.encode()).is_ok() {
                        hearing.store(true, Ordering::Relaxed);
                        seq += 1;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
            })
            .unwrap();
        BeatingShoe {
            stop,
            heard,
            thread: Some(thread),
        }
    }

    /// Whether a reader had the shoe's port open within 3 s.
    fn read_by_the_station(&self) -> bool {
        let started = std::time::Instant::now();
        while started.elapsed() < std::time::Duration::from_secs(3) {
            if self.heard.load(std::sync::atomic::Ordering::Relaxed) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        false
    }
}

impl Drop for BeatingShoe {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[test]
fn a_pit_boss_moves_the_card_reading_shoe_to_another_port_with_a_pin() {
    use pairs_table::scanner::ReaderConfig;
    let (opened, path, _clock, _) = staffed("shoe-port");
    let dir = path.with_extension("ports");
    std::fs::create_dir_all(&dir).unwrap();
    let (first_path, second_path) = (dir.join("shoe-a"), dir.join("shoe-b"));
    let first = BeatingShoe::plug(&first_path);
    let second = BeatingShoe::plug(&second_path);
    let config = ReaderConfig::new(first_path.display().to_string());
    let feed = Feed::Scanner(Box::new(ScanLink::port(config, Box::new(|| {})).unwrap()));
    let source = SourceChoice::Scanner {
        path: first_path.display().to_string(),
        baud: 9600,
    };
    let station = Station::open(opened, setup(source), &dealer(), &boss(), feed).unwrap();
    assert!(first.read_by_the_station());
    let mut harness = harness(app(station));
    open_pit(&mut harness, "Limits & voids");
    assert!(shows(
        &harness,
        &format!(
            "Read on {} at 9600 baud. Moving it to another port is recorded with your PIN; the hand and the shift go on.",
            first_path.display()
        )
    ));
    let moves = |harness: &Harness<'_, StationApp>| {
        ledger(harness)
            .exceptions(TimeRange::default())
            .unwrap()
            .into_iter()
            .filter(|e| e.kind == ExceptionKind::ShoePortChange)
            .count()
    };

    // A port that is not there: refused before anything is recorded.
    fill(&mut harness, "New port path", "/dev/no-such-shoe");
    sign(&mut harness, "shoe port", BOSS.0, BOSS_PIN);
    click(&mut harness, "Move the shoe to this port");
    assert!(
        harness
            .query_all_by_label_contains("open the shoe's port /dev/no-such-shoe")
            .next()
            .is_some()
    );
    assert_eq!(moves(&harness), 0);

    // A dealer's PIN: refused; the shoe stays on its port.
    fill(
        &mut harness,
        "New port path",
        &second_path.display().to_string(),
    );
    sign(&mut harness, "shoe port", DEALER.0, DEALER_PIN);
    click(&mut harness, "Move the shoe to this port");
    assert!(
        harness
            .query_all_by_label_contains("may not move the card-reading shoe to another port")
            .next()
            .is_some()
    );
    assert_eq!(moves(&harness), 0);
    let station = harness.state().station().unwrap();
    assert_eq!(
        station.setup().source.setting(),
        format!("scanner 9600 {}", first_path.display())
    );

    // A pit boss's PIN: recorded, and the shoe is read on the new port.
    sign(&mut harness, "shoe port", BOSS.0, BOSS_PIN);
    click(&mut harness, "Move the shoe to this port");
    assert!(shows(
        &harness,
        &format!(
            "The shoe is now read on {} at 9600 baud.",
            second_path.display()
        )
    ));
    assert_eq!(moves(&harness), 1);
    let setting = format!("scanner 9600 {}", second_path.display());
    let station = harness.state().station().unwrap();
    assert_eq!(station.setup().source.setting(), setting);
    // The setting a restart reopens on.
    assert_eq!(
        station
            .ledger()
            .table_setting(station.table_id(), pairs_table::ledger::SOURCE_KEY)
            .unwrap(),
        Some(setting)
    );
    assert!(second.read_by_the_station());

    // The new port's cable is pulled: the alarm cannot be cleared by a
    // re-read while nothing is connected; moved to a third port, it can.
    drop(second);
    let started = std::time::Instant::now();
    while harness.state().station().unwrap().alarms().is_empty() {
        assert!(
            started.elapsed().as_secs() < 10,
            "no alarm for the lost port"
        );
        harness.run();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let station = harness.state_mut().station_mut().unwrap();
    let refused = station.re_read().unwrap_err().to_string();
    assert!(
        refused.contains("the card-reading shoe is not connected"),
        "{refused}"
    );
    assert!(!station.alarms().is_empty());
    let third_path = dir.join("shoe-c");
    let third = BeatingShoe::plug(&third_path);
    let config = ReaderConfig::new(third_path.display().to_string());
    let source = SourceChoice::Scanner {
        path: third_path.display().to_string(),
        baud: 9600,
    };
    station
        .change_shoe_port(
            source,
            ScanLink::port(config, Box::new(|| {})).unwrap(),
            &boss(),
        )
        .unwrap();
    assert!(third.read_by_the_station());
    let station = harness.state_mut().station_mut().unwrap();
    station.poll_scanner().unwrap();
    station.re_read().unwrap();
    assert!(station.alarms().is_empty());
    assert_eq!(discrepancies(&path), []);
}

#[test]
fn a_second_table_numbers_its_hands_from_1_with_the_ledger_id_beside() {
    use pairs_table::ids::TableHand;
    use pairs_table::ledger::report::{Period, ReportQuery};
    let (mut station, _path) = counted_station("hands-per-table");
    play_hand(&mut station);
    play_hand(&mut station);
    let shift = station.shift_id();
    let books = station.ledger_mut();
    books
        .waive_count(shift, CountKind::Closer, "training table", &boss())
        .unwrap();
    books.close_table(shift, DEALER, &boss()).unwrap();
    station.sign_out_dealer().unwrap();
    let mut station = Station::open(
        station.into_ledger(),
        TableSetup {
            name: "table 2".into(),
            ..setup(SourceChoice::SoftwareShoe)
        },
        &dealer(),
        &boss(),
        Feed::SoftwareShoe,
    )
    .unwrap();
    crate::util::count_opener(&mut station);
    // The ledger's hands 3 and 4 are this table's first and second.
    assert_eq!(play_hand(&mut station), HandId(3));
    station.entry_mut(1).unwrap().bet = "100".into();
    station.start_hand().unwrap();
    let second = TableHand {
        at_table: 2,
        id: HandId(4),
    };
    assert_eq!(station.hand_number(), Some(second));
    assert_eq!(second.to_string(), "2 (ledger #4)");
    let mut harness = harness(app(station));
    harness.run();
    assert!(shows(&harness, "hand 2 (ledger #4) · bets"), "the header");
    let station = harness.state_mut().station_mut().unwrap();
    while station.settlement().is_none() {
        match station.table().need() {
            Need::Card(_) => station.deal_from_shoe().unwrap(),
            Need::Decision { choices, .. } => station.decide(choices[0]).unwrap(),
            Need::Done => unreachable!("a finished hand waits for its settlement"),
        }
    }
    harness.run();
    assert!(shows(&harness, "Settle hand 2 (ledger #4)"));
    assert!(shows(&harness, "Hand 2 (ledger #4): collect and pay"));
    click(&mut harness, "Confirm settlement (Enter)");
    assert!(shows(
        &harness,
        "Hand 2 (ledger #4) recorded in the ledger."
    ));
    assert!(shows(&harness, "last hand 2 (ledger #4) · bets"));

    // The hand browser counts the same way and keeps the ledger's id.
    open_pit(&mut harness, "Audit");
    assert!(shows(&harness, "Hand 2 (ledger #4) ·"));
    assert!(shows(&harness, "Hand 1 (ledger #3) ·"));
    assert!(
        !shows(&harness, "Hand 2 ·"),
        "the first table's hands are not listed"
    );
    // So does the shift report's play section.
    let play = ledger(&harness)
        .table_figures(
            &ReportQuery {
                table: Some("table 2".into()),
                period: Period::LatestShift,
                casino: None,
            },
            &pairs_table::par::hold::ParHold,
        )
        .unwrap()
        .play;
    assert_eq!(
        (play.hand_ids, play.table_hands),
        (Some((3, 4)), Some((1, 2)))
    );
}

/// Issue 46, item 6: *Record count* keeps its place once the opener is in
/// (the recount's fields are there from the start, greyed).
#[test]
fn record_count_keeps_its_place_once_the_opener_is_in() {
    for size in crate::util::SCREENS {
        let (mut station, _) = station(&format!("record-count-still-{}", size.x));
        set_denominations(&mut station);
        let mut harness = crate::util::app_at(app(station), size);
        open_pit(&mut harness, "Inventory");
        let before = harness.get_by_label("Record count").rect();
        count(&mut harness, &[("5", "200"), ("25", "80")]);
        assert!(shows(&harness, "Opener recorded: 3000 units"));
        assert!(shows(&harness, "Counted already (3000 units)"));
        assert_eq!(
            harness.get_by_label("Record count").rect(),
            before,
            "Record count moved once the opener was in at {size:?}"
        );
        click(&mut harness, "Closer");
        assert_eq!(harness.get_by_label("Record count").rect(), before);
    }
}

/// Issue 46, items 6 and 7: the hand browser's list fills the window below
/// its filters, and every filter input is inside the window.
#[test]
fn the_hand_browser_fills_the_window_and_its_filters_fit_it() {
    let (mut station, _) = counted_station("browser-layout");
    for _ in 0..55 {
        play_hand(&mut station);
    }
    let newest = station.last_committed().unwrap().hand;
    let mut harness = crate::util::app_at(app(station), crate::util::SCREENS[0]);
    for size in crate::util::SCREENS {
        harness.set_size(size);
        harness.run();
        open_pit(&mut harness, "Audit");
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
        // Each input whole (as wide as it is made) and inside the window.
        for (input, width) in [
            ("Hand number", 60.0),
            ("From", 150.0),
            ("To", 150.0),
            ("Dealer", 60.0),
            ("Seat", 40.0),
            ("Player card", 110.0),
            ("Minimum amount", 70.0),
        ] {
            let rect = harness
                .get_by_role_and_label(egui::accesskit::Role::TextInput, input)
                .rect();
            assert!(
                rect.left() >= screen.left()
                    && rect.right() <= screen.right()
                    && rect.width() >= width,
                "{input:?} at {rect:?} is cut at the window's edge {size:?}"
            );
        }
        // The list: from its first hand to the heading after it.
        let first = harness
            .get_by_label_contains(&format!("Hand {newest} ·"))
            .rect();
        let after = harness.get_by_label("Exception report: this shift").rect();
        let filters = first.top() - harness.get_by_label("Hand browser").rect().top();
        let list = after.top() - first.top();
        assert!(
            list >= size.y - filters - 120.0,
            "the list is {list} high under {filters} of heading and filters at {size:?}"
        );
        click(&mut harness, "Back to the table");
    }
}

/// Issue 46, item 7: the win chart's first draw gives its y labels their
/// room (egui_plot sizes its axes from the frame before).
#[test]
fn the_win_charts_first_draw_does_not_clip_its_y_labels() {
    let (mut station, _) = counted_station("chart-first-draw");
    for _ in 0..12 {
        play_hand(&mut station);
    }
    let mut harness = crate::util::app_at(app(station), crate::util::SCREENS[0]);
    open_pit(&mut harness, "Staff");
    harness.get_by_label("Chart").click();
    // One frame: the chart's first.
    harness.step();
    let plot = |harness: &Harness<'_, StationApp>| {
        egui_plot::PlotMemory::load(&harness.ctx, egui::Id::unique("win-over-shift"))
            .map(|memory| *memory.transform().frame())
    };
    let first = plot(&harness).expect("the chart is drawn");
    harness.run();
    let settled = plot(&harness).unwrap();
    assert_eq!(
        first, settled,
        "the first draw's plot area differs from the settled one"
    );
}
