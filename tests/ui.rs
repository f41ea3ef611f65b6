//! The desktop app driven by its labels with egui_kittest (no GPU, no
//! display): first run, opening a table, full Rocket and Starboard hands
//! with cards from a scripted shoe, an invalid bet, a scanner alarm, and
//! recovery after a restart; then the ledger is checked.

use std::path::{Path, PathBuf};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use super::util::{BOSS, BOSS_PIN, DEALER, DEALER_PIN, TestClock, discrepancies, temp_db};
use super::util::{RANKS, Script, open, policy, reopen_ledger, setup, staffed_ledger};
use super::util::{SCREENS, app_at, type_into};
use pairs_table::engine::hand::{Action, GameKind, Need};
use pairs_table::engine::rules::StartRule;
use pairs_table::ids::{HandId, StaffId};
use pairs_table::ledger::{AlarmKind, Ledger, SystemClock};
use pairs_table::scanner::ScanLink;
use pairs_table::station::{Feed, Reopened, SourceChoice, Station};
use pairs_table::ui::StationApp;

/// The app at a dealer's touch-screen size.
fn app_harness(app: StationApp) -> Harness<'static, StationApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        // A grid whose column widths change takes a few frames to settle.
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut StationApp| app.show_ui(ui), app)
}

/// The app at a table just opened on the scripted shoe, one frame drawn:
/// the harness, the script, the ledger's path and its clock.
fn app_on_script(
    name: &str,
    game: GameKind,
    decks: i64,
) -> (Harness<'static, StationApp>, Script, PathBuf, TestClock) {
    let (ledger, path, clock) = staffed_ledger(name);
    let (script, feed) = Script::new();
    let station = open(
        ledger,
        setup(game, decks, SourceChoice::SimulatedShoe),
        feed,
    );
    let mut harness = app_harness(StationApp::with_station(station, egui::Context::default()));
    harness.run();
    (harness, script, path, clock)
}

fn station_of<'h>(harness: &'h Harness<'_, StationApp>) -> &'h Station {
    harness.state().station().expect("a table is open")
}

fn click(harness: &mut Harness<'_, StationApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

fn shows(harness: &Harness<'_, StationApp>, text: &str) -> bool {
    harness.query_all_by_label(text).next().is_some()
}

fn shows_containing(harness: &Harness<'_, StationApp>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

/// Plays the hand in progress through the app: the scripted shoe reads
/// each card due; decisions by button, or by key when `keys`.
fn play(harness: &mut Harness<'_, StationApp>, script: &mut Script, next: &mut usize, keys: bool) {
    for _ in 0..300 {
        let station = station_of(harness);
        if station.settlement().is_some() {
            return;
        }
        let prompt = station.prompt().text;
        assert!(shows(harness, &prompt), "the prompt line shows {prompt:?}");
        match station.table().need() {
            Need::Card(_) => {
                script.card(RANKS[*next % RANKS.len()]);
                *next += 1;
                harness.run();
            }
            Need::Decision { seat, choices } => {
                let action = policy(station.hand().unwrap(), seat, &choices);
                let (label, key) = match action {
                    Action::Hit => ("Hit (H)", egui::Key::H),
                    Action::Fold => ("Fold (F)", egui::Key::F),
                    Action::Draw => ("Draw (D)", egui::Key::D),
                    Action::Lock => ("Lock (L)", egui::Key::L),
                };
                let before = station.table().events().len();
                if keys {
                    harness.key_press(key);
                    harness.run();
                } else {
                    click(harness, label);
                }
                let station = station_of(harness);
                assert!(
                    station.table().events().len() > before || station.settlement().is_some(),
                    "{label} did nothing: {}",
                    station.prompt().text
                );
            }
            Need::Done => panic!("no hand and no settlement"),
        }
    }
    panic!("the hand did not end");
}

/// Checks the settlement panel against the station's settlement, confirms
/// by the button and checks the ledger.
fn settle(harness: &mut Harness<'_, StationApp>, path: &Path) {
    let settlement = station_of(harness).settlement().unwrap().clone();
    assert!(shows(harness, &format!("Settle hand {}", settlement.hand)));
    for line in &settlement.lines {
        let text = net_words(line.net);
        assert!(shows(harness, &text), "seat {}: {text}", line.seat);
        assert!(shows(harness, &line.reason), "{:?}", line.reason);
    }
    if let Some(pot) = settlement.pot {
        assert!(shows(harness, &format!("Pot {pot}")));
        assert!(shows(
            harness,
            &format!("Carry to next pot {}", settlement.carry_out)
        ));
    }
    // The finished hand stays on the layout while the dealer settles: each
    // seat shows its bet and cards, not the entry for the next hand.
    let word = match station_of(harness).setup().game {
        GameKind::Rocket => "bet",
        GameKind::Starboard => "seated",
    };
    let entry = format!("Seat {} {word}", settlement.lines[0].seat);
    assert!(!shows(harness, &entry), "{entry} during the settlement");
    click(harness, "Confirm settlement (Enter)");
    assert!(shows(harness, &entry), "{entry} after the settlement");
    let station = station_of(harness);
    assert!(station.settlement().is_none());
    assert!(shows(
        harness,
        &format!("Hand {} recorded in the ledger.", settlement.hand)
    ));
    let last = station.ledger().last_hands(1).unwrap();
    assert_eq!(last[0].id, HandId(settlement.hand as i64));
    assert_eq!(last[0].status, pairs_table::ledger::HandStatus::Complete);
    assert_eq!(discrepancies(path), []);
}

#[test]
fn a_rocket_hand_through_the_app_by_buttons_and_keys() {
    let (mut harness, mut script, path, _) = app_on_script("ui-rocket", GameKind::Rocket, 6);
    assert!(shows(&harness, "Enter the bets, then Deal (Enter)."));
    type_into(&mut harness, "Seat 1 bet", "100");
    type_into(&mut harness, "Seat 4 bet", "40");
    click(&mut harness, "Deal (Enter)");
    assert_eq!(station_of(&harness).table().hands_started(), 1);
    let seats = &station_of(&harness).table().hand().unwrap().0.seats;
    assert_eq!(seats, &[(1, 100), (4, 40)]);
    let mut next = 0;
    play(&mut harness, &mut script, &mut next, false);
    settle(&mut harness, &path);

    // The next hand by keyboard alone: Enter deals, H and F decide, Enter confirms.
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(station_of(&harness).table().hands_started(), 2);
    play(&mut harness, &mut script, &mut next, true);
    harness.key_press(egui::Key::Enter);
    harness.run();
    let station = station_of(&harness);
    assert!(station.settlement().is_none());
    assert_eq!(station.ledger().last_hands(5).unwrap().len(), 2);
    assert_eq!(discrepancies(&path), []);
}

#[test]
fn a_starboard_hand_through_the_app() {
    let (mut harness, mut script, path, _) = app_on_script("ui-starboard", GameKind::Starboard, 6);
    for seat in [2, 3, 6] {
        click(&mut harness, &format!("Seat {seat} seated"));
    }
    let seated: Vec<bool> = station_of(&harness)
        .entries()
        .iter()
        .map(|e| e.seated)
        .collect();
    assert_eq!(seated, [false, true, true, false, false, true, false]);
    assert!(
        shows_containing(&harness, "no hand yet"),
        "a new table names no hand before its first"
    );
    click(&mut harness, "Deal (Enter)");
    assert!(shows(
        &harness,
        "Deal a card to the common hand from the shoe."
    ));
    assert!(shows_containing(&harness, "Common hand · pot 3"));
    let mut next = 0;
    play(&mut harness, &mut script, &mut next, false);
    settle(&mut harness, &path);
}

#[test]
fn an_invalid_bet_is_explained_where_it_was_typed_and_deal_is_refused() {
    let (ledger, _, _) = staffed_ledger("ui-bet");
    let station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    let mut harness = app_harness(StationApp::with_station(station, egui::Context::default()));
    harness.run();
    type_into(&mut harness, "Seat 1 bet", "100");
    type_into(&mut harness, "Seat 2 bet", "15");
    let sentence = "bets go in steps of 10 units; 15 is not one";
    let input = harness.get_by_label("Seat 2 bet").rect();
    let shown = harness.get_by_label(sentence).rect();
    assert!(
        shown.top() >= input.bottom() - 1.0 && (shown.left() - input.left()).abs() < 40.0,
        "the sentence {shown:?} is under the input {input:?}"
    );
    click(&mut harness, "Deal (Enter)");
    assert!(shows(&harness, &format!("seat 2: {sentence}")));
    let station = station_of(&harness);
    assert_eq!(station.table().hands_started(), 0);
    assert!(station.hand().is_none());
    assert!(station.ledger().recover_in_progress().unwrap().is_none());

    // Corrected, the hand deals.
    harness.get_by_label("Seat 2 bet").focus();
    harness.run();
    harness.key_press(egui::Key::Backspace);
    harness.key_press(egui::Key::Backspace);
    harness.run();
    harness.get_by_label("Seat 2 bet").type_text("1010");
    harness.run();
    assert!(shows(&harness, "1010 is above the table maximum of 1000"));
    harness.key_press(egui::Key::Backspace);
    harness.key_press(egui::Key::Backspace);
    harness.run();
    assert!(!shows_containing(&harness, "above the table maximum"));
    click(&mut harness, "Deal (Enter)");
    assert_eq!(station_of(&harness).table().hands_started(), 1);
    assert!(shows(&harness, "Deal card (Space)"));
}

#[test]
fn a_scanner_alarm_shows_its_window_and_a_re_read_clears_it() {
    let (mut harness, mut script, path, _) = app_on_script("ui-alarm", GameKind::Rocket, 6);
    let table = station_of(&harness).table_id();
    type_into(&mut harness, "Seat 2 bet", "20");
    click(&mut harness, "Deal (Enter)");
    script.gap(3);
    harness.run();
    assert!(shows(&harness, "Scanner alarm: play is stopped"));
    assert!(shows(
        &harness,
        "3 frame(s) from the shoe were lost (expected 0, got 3)"
    ));
    assert!(shows_containing(
        &harness,
        "Ways out: re-read the card, or enter the card by hand"
    ));
    assert!(shows(&harness, "Scanner: fault"));
    assert!(shows(&harness, "Approve and enter card"));
    assert_eq!(
        station_of(&harness)
            .ledger()
            .alarms(table, true)
            .unwrap()
            .len(),
        1
    );
    click(&mut harness, "Re-read the card");
    assert!(!shows(&harness, "Scanner alarm: play is stopped"));
    assert!(station_of(&harness).alarms().is_empty());
    assert!(
        station_of(&harness)
            .ledger()
            .alarms(table, true)
            .unwrap()
            .is_empty()
    );
    let mut next = 0;
    play(&mut harness, &mut script, &mut next, false);
    // An alarm once the hand is over: Enter does not confirm behind the window.
    script.gap(1);
    harness.run();
    assert!(shows(&harness, "Scanner alarm: play is stopped"));
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(station_of(&harness).settlement().is_some());
    assert!(
        station_of(&harness)
            .ledger()
            .last_hands(1)
            .unwrap()
            .is_empty()
    );
    click(&mut harness, "Re-read the card");
    settle(&mut harness, &path);
}

#[test]
fn a_foreign_card_is_entered_by_hand_in_the_alarm_window_with_a_pit_boss_pin() {
    let (mut harness, mut script, path, _) = app_on_script("ui-manual", GameKind::Rocket, 1);
    type_into(&mut harness, "Seat 1 bet", "10");
    type_into(&mut harness, "Seat 2 bet", "10");
    click(&mut harness, "Deal (Enter)");
    script.card(1);
    script.card(1);
    harness.run();
    assert!(shows(&harness, "Scanner alarm: play is stopped"));
    // A 7, entered by hand: the dealer cannot approve it.
    harness
        .get_by_role_and_label(Role::Slider, "Card rank")
        .set_value_accesskit(7.0);
    harness.run();
    type_into(&mut harness, "Approving pit boss ID", &DEALER.to_string());
    type_into(&mut harness, "Approving pit boss PIN", DEALER_PIN);
    click(&mut harness, "Approve and enter card");
    assert_eq!(station_of(&harness).alarms().len(), 1);
    let refusal = format!("staff member {DEALER} is a dealer, who may not approve a manual card");
    assert!(shows_containing(&harness, &refusal));
    // The pit boss approves it.
    harness.get_by_label("Approving pit boss ID").focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness
        .get_by_label("Approving pit boss ID")
        .type_text(&BOSS.to_string());
    harness.run();
    type_into(&mut harness, "Approving pit boss PIN", BOSS_PIN);
    click(&mut harness, "Approve and enter card");
    assert!(
        station_of(&harness).alarms().is_empty(),
        "{}",
        station_of(&harness).prompt().text
    );
    assert!(!shows(&harness, "Scanner alarm: play is stopped"));
    let mut next = 0;
    play(&mut harness, &mut script, &mut next, false);
    settle(&mut harness, &path);
    let hand = station_of(&harness).ledger().load_hand(HandId(1)).unwrap();
    assert!(hand.events.iter().any(|e| matches!(
        e,
        pairs_table::engine::table::HandEvent::Card {
            rank,
            source: pairs_table::engine::table::CardSource::Manual { approved_by },
            ..
        } if rank.value() == 7 && *approved_by == BOSS.0
    )));
}

#[test]
fn after_a_restart_the_app_shows_the_recovery_notice_and_the_hand_goes_on() {
    let (mut harness, mut script, path, clock) = app_on_script("ui-recover", GameKind::Rocket, 6);
    type_into(&mut harness, "Seat 3 bet", "30");
    type_into(&mut harness, "Seat 5 bet", "50");
    click(&mut harness, "Deal (Enter)");
    script.card(4);
    script.card(9);
    harness.run();
    let events = station_of(&harness).table().events().to_vec();
    let need = station_of(&harness).table().need();
    drop(harness);

    let (mut script, feed) = Script::new();
    let station = match Station::reopen(reopen_ledger(&path, &clock), move |_, _| Ok(feed)).unwrap()
    {
        Reopened::Table(station) => *station,
        Reopened::NoOpenTable(_) => panic!("the table is not open"),
    };
    let mut harness = app_harness(StationApp::with_station(station, egui::Context::default()));
    harness.run();
    assert!(shows(&harness, "Notice"));
    assert!(shows_containing(
        &harness,
        "Recovery: hand 1 was in progress"
    ));
    assert!(shows(
        &harness,
        "Read the notice and acknowledge it to go on."
    ));
    assert_eq!(station_of(&harness).table().events(), events.as_slice());
    assert_eq!(station_of(&harness).table().need(), need);
    // A restart signs nobody in: the dealer signs in inside the notice.
    assert!(shows(&harness, "A dealer signs in first:"));
    // By pointer, as a dealer does: the field in the window takes the focus.
    harness.get_by_label("Dealer ID").click();
    harness.run();
    assert!(harness.get_by_label("Dealer ID").is_focused());
    type_into(&mut harness, "Dealer ID", &DEALER.to_string());
    type_into(&mut harness, "Dealer PIN", DEALER_PIN);
    click(&mut harness, "Sign in");
    assert_eq!(station_of(&harness).dealer(), Some(DEALER));
    click(&mut harness, "Acknowledge");
    assert!(!shows(&harness, "Notice"));
    assert!(!station_of(&harness).has_notices());
    let mut next = 2;
    play(&mut harness, &mut script, &mut next, false);
    settle(&mut harness, &path);
}

#[test]
fn the_app_reopens_a_software_shoe_table_after_a_restart_on_its_own() {
    let (mut ledger, path, _) = staffed_ledger("ui-restart");
    // The app that crashed ran on this machine, as the restarted one does.
    ledger.set_station(&pairs_table::ui::station_name());
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    station.entry_mut(1).unwrap().bet = "10".into();
    station.start_hand().unwrap();
    station.deal_from_shoe().unwrap();
    let events = station.table().events().to_vec();
    drop(station);

    let mut harness = app_harness(StationApp::open(
        &path,
        crate::test_keys(),
        egui::Context::default(),
    ));
    harness.run();
    assert!(shows_containing(
        &harness,
        "Recovery: hand 1 was in progress"
    ));
    assert_eq!(
        &station_of(&harness).table().events()[..events.len()],
        events.as_slice()
    );
    assert!(
        harness
            .get_by_label("Deal card (Space)")
            .accesskit_node()
            .is_disabled(),
        "no dealer is signed in after a restart"
    );
    type_into(&mut harness, "Dealer ID", &DEALER.to_string());
    type_into(&mut harness, "Dealer PIN", DEALER_PIN);
    // Enter in the PIN field signs in.
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(station_of(&harness).dealer(), Some(DEALER));
    click(&mut harness, "Acknowledge");
    assert!(
        !harness
            .get_by_label("Deal card (Space)")
            .accesskit_node()
            .is_disabled()
    );
    for _ in 0..300 {
        let station = station_of(&harness);
        if station.settlement().is_some() {
            break;
        }
        match station.table().need() {
            Need::Card(_) => click(&mut harness, "Deal card (Space)"),
            Need::Decision { seat, choices } => {
                let label = match policy(station.hand().unwrap(), seat, &choices) {
                    Action::Hit => "Hit (H)",
                    _ => "Fold (F)",
                };
                click(&mut harness, label);
            }
            Need::Done => panic!("no hand and no settlement"),
        }
    }
    settle(&mut harness, &path);
    let table = station_of(&harness)
        .ledger()
        .open_shift_now()
        .unwrap()
        .unwrap()
        .table;
    let alarms = station_of(&harness).ledger().alarms(table, false).unwrap();
    assert_eq!(alarms.len(), 1);
    assert_eq!(alarms[0].kind, AlarmKind::Recovery);
    assert!(alarms[0].cleared.is_some());
}

#[test]
fn first_run_creates_the_pit_boss_then_the_form_opens_a_table() {
    let path = temp_db("ui-first-run");
    let mut harness = app_harness(StationApp::open(
        &path,
        crate::test_keys(),
        egui::Context::default(),
    ));
    harness.run();
    assert!(shows(
        &harness,
        "Welcome: create the first pit boss account"
    ));
    type_into(&mut harness, "Staff ID", "7");
    type_into(&mut harness, "Full name", "Pat Boss");
    type_into(&mut harness, "PIN (4 to 8 digits)", BOSS_PIN);
    type_into(&mut harness, "PIN again", "40718264");
    click(&mut harness, "Create pit boss account");
    assert!(shows(
        &harness,
        "the two PINs differ; type the same PIN twice"
    ));
    harness.get_by_label("PIN again").focus();
    harness.run();
    harness.key_press(egui::Key::Backspace);
    harness.run();
    harness.get_by_label("PIN again").type_text("3");
    harness.run();
    click(&mut harness, "Create pit boss account");
    assert!(shows(&harness, "Open a table"));

    // The pit boss adds a dealer.
    click(&mut harness, "Add a staff member");
    type_into(&mut harness, "New staff ID", "21");
    type_into(&mut harness, "New staff name", "Dana Dealer");
    type_into(&mut harness, "New staff PIN", DEALER_PIN);
    type_into(&mut harness, "Approving pit boss ID", "7");
    type_into(&mut harness, "Approving pit boss PIN", BOSS_PIN);
    click(&mut harness, "Add staff member");
    assert!(shows(&harness, "Dealer Dana Dealer (ID 21) added."));

    // Opening a Starboard table on the software shoe.
    harness.get_by_label("Table name").focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label("Table name").type_text("S7");
    harness.run();
    click(&mut harness, "Starboard");
    harness
        .get_by_role_and_label(Role::Slider, "Decks")
        .set_value_accesskit(2.0);
    harness.run();
    click(&mut harness, "Software shoe");
    type_into(&mut harness, "Pit boss ID", "7");
    type_into(&mut harness, "Pit boss PIN", "1111");
    type_into(&mut harness, "Dealer ID", "21");
    type_into(&mut harness, "Dealer PIN", DEALER_PIN);
    click(&mut harness, "Open table");
    assert!(
        harness.state().station().is_none(),
        "a wrong PIN opens nothing"
    );
    assert!(shows_containing(&harness, "wrong PIN for staff member 7"));
    type_into(&mut harness, "Pit boss PIN", BOSS_PIN);
    type_into(&mut harness, "Dealer PIN", DEALER_PIN);
    click(&mut harness, "Open table");
    let station = station_of(&harness);
    assert_eq!(station.setup().name, "S7");
    assert_eq!(station.setup().game, GameKind::Starboard);
    assert_eq!(station.setup().decks.count(), 2);
    assert_eq!(station.setup().source, SourceChoice::SoftwareShoe);
    assert_eq!(station.dealer(), Some(StaffId(21)));
    // No hand before the opener (MICS): the prompt says so and Deal is refused.
    assert!(shows(
        &harness,
        "Count the opener before the first hand: the dealer and a pit boss count the tray (Pit boss, Inventory), or a pit boss waives the count."
    ));
    click(&mut harness, "Seat 1 seated");
    click(&mut harness, "Seat 2 seated");
    click(&mut harness, "Deal (Enter)");
    assert!(shows_containing(
        &harness,
        "or a pit boss waives the count with a reason"
    ));
    assert!(station_of(&harness).table().hand().is_none());
    assert!(shows(&harness, "Seat 7 seated"));
    drop(harness);

    // The ledger holds the pit boss, the dealer and the open shift.
    let ledger = Ledger::open(&path, Box::new(SystemClock), crate::test_keys()).unwrap();
    let staff: Vec<StaffId> = ledger.staff_list().unwrap().iter().map(|s| s.id).collect();
    assert_eq!(staff, [StaffId(7), StaffId(21)]);
    let open = ledger.open_shift_now().unwrap().unwrap();
    assert_eq!(open.table_name, "S7");
    assert_eq!(discrepancies(&path), []);
}

/// The button's place, the refusal its click gives, and the button's
/// place then.
fn refused_in_place(harness: &mut Harness<'_, StationApp>, button: &str, refusal: &str) {
    let before = harness.get_by_label(button).rect();
    click(harness, button);
    assert!(shows_containing(harness, refusal), "no refusal {refusal:?}");
    assert_eq!(
        harness.get_by_label(button).rect(),
        before,
        "{button:?} moved when its refusal appeared"
    );
}

#[test]
fn the_setup_screens_buttons_stay_put_and_a_refusal_goes_once_the_input_is_fixed() {
    let path = temp_db("ui-setup-buttons");
    let mut harness = app_harness(StationApp::open(
        &path,
        crate::test_keys(),
        egui::Context::default(),
    ));
    harness.run();
    type_into(&mut harness, "Staff ID", "7");
    refused_in_place(
        &mut harness,
        "Create pit boss account",
        "enter the pit boss's full name",
    );
    type_into(&mut harness, "Full name", "Pat Boss");
    assert!(
        !shows_containing(&harness, "enter the pit boss's full name"),
        "the refusal stayed after the input was fixed"
    );
    type_into(&mut harness, "PIN (4 to 8 digits)", BOSS_PIN);
    type_into(&mut harness, "PIN again", BOSS_PIN);
    click(&mut harness, "Create pit boss account");
    assert!(shows(&harness, "Open a table"));

    refused_in_place(
        &mut harness,
        "Open table",
        "choose the card-reading shoe's port",
    );
    type_into(&mut harness, "Port path", "/dev/ttyUSB9");
    assert!(!shows_containing(
        &harness,
        "choose the card-reading shoe's port"
    ));

    click(&mut harness, "Add a staff member");
    refused_in_place(
        &mut harness,
        "Add staff member",
        "must be a positive whole number",
    );
    type_into(&mut harness, "New staff ID", "21");
    assert!(!shows_containing(
        &harness,
        "must be a positive whole number"
    ));
}

#[test]
fn the_open_table_form_loads_a_house_rules_file_and_refuses_a_bad_one() {
    let (ledger, path, _) = staffed_ledger("ui-rules-file");
    drop(ledger);
    let dir = path.parent().unwrap();
    let good = dir.join("rules.toml");
    std::fs::write(
        &good,
        "burn = 3\npenetration = 0.75\n[rocket]\nmin_bet = 20\nmax_bet = 500\n",
    )
    .unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[rocket]\nmax_bet = 505\n").unwrap();

    let mut harness = app_harness(StationApp::open(
        &path,
        crate::test_keys(),
        egui::Context::default(),
    ));
    harness.run();
    assert!(shows(&harness, "Open a table"));
    assert!(shows_containing(
        &harness,
        "Shuffle at 80.0% dealt · burn 5"
    ));
    type_into(
        &mut harness,
        "House rules file (optional)",
        bad.to_str().unwrap(),
    );
    click(&mut harness, "Load rules");
    assert!(shows_containing(&harness, "rocket.max_bet`"));
    assert!(shows_containing(
        &harness,
        "Shuffle at 80.0% dealt · burn 5"
    ));
    type_into(
        &mut harness,
        "House rules file (optional)",
        dir.join("missing.toml").to_str().unwrap(),
    );
    click(&mut harness, "Load rules");
    assert!(shows_containing(
        &harness,
        "cannot read the house rules file"
    ));

    type_into(
        &mut harness,
        "House rules file (optional)",
        good.to_str().unwrap(),
    );
    click(&mut harness, "Load rules");
    assert!(shows_containing(
        &harness,
        "Shuffle at 75.0% dealt · burn 3"
    ));
    assert!(!shows_containing(&harness, "cannot read"));
    click(&mut harness, "Software shoe");
    type_into(&mut harness, "Pit boss ID", &BOSS.to_string());
    type_into(&mut harness, "Pit boss PIN", BOSS_PIN);
    type_into(&mut harness, "Dealer ID", &DEALER.to_string());
    type_into(&mut harness, "Dealer PIN", DEALER_PIN);
    click(&mut harness, "Open table");
    let rules = station_of(&harness).setup().rules;
    assert_eq!(
        (
            rules.burn,
            rules.penetration_permille,
            rules.rocket.min_bet_units,
            rules.rocket.max_bet_units
        ),
        (3, 750, 20, 500)
    );
}

#[test]
fn a_table_never_opens_on_a_serial_port_that_is_not_there() {
    let (ledger, path, _) = staffed_ledger("ui-missing-port");
    drop(ledger);
    let mut harness = app_harness(StationApp::open(
        &path,
        crate::test_keys(),
        egui::Context::default(),
    ));
    harness.run();
    click(&mut harness, "Card-reading shoe (serial port)");
    let missing = path.parent().unwrap().join("no-such-port");
    type_into(&mut harness, "Port path", missing.to_str().unwrap());
    type_into(&mut harness, "Pit boss ID", &BOSS.to_string());
    type_into(&mut harness, "Pit boss PIN", BOSS_PIN);
    type_into(&mut harness, "Dealer ID", &DEALER.to_string());
    type_into(&mut harness, "Dealer PIN", DEALER_PIN);
    click(&mut harness, "Open table");
    assert!(harness.state().station().is_none(), "no table opened");
    assert!(shows_containing(
        &harness,
        &format!("cannot open the shoe's port {}", missing.display())
    ));
    drop(harness);
    // Nothing was recorded: no shift is open.
    let ledger = Ledger::open(&path, Box::new(SystemClock), crate::test_keys()).unwrap();
    assert!(ledger.open_shift_now().unwrap().is_none());
}

#[test]
fn a_pit_boss_overrides_a_scanner_alarm_in_its_window_with_a_pin() {
    let (mut harness, mut script, path, _) = app_on_script("ui-override", GameKind::Rocket, 6);
    let table = station_of(&harness).table_id();
    type_into(&mut harness, "Seat 1 bet", "10");
    type_into(&mut harness, "Seat 2 bet", "20");
    click(&mut harness, "Deal (Enter)");
    script.gap(2);
    harness.run();
    assert!(shows(&harness, "Scanner alarm: play is stopped"));
    let events = station_of(&harness).table().events().to_vec();

    // The dealer's own PIN does not override.
    type_into(&mut harness, "Approving pit boss ID", &DEALER.to_string());
    type_into(&mut harness, "Approving pit boss PIN", DEALER_PIN);
    click(&mut harness, "Pit boss override (no card lost)");
    assert!(shows(&harness, "Scanner alarm: play is stopped"));
    assert_eq!(station_of(&harness).alarms().len(), 1);

    type_into(&mut harness, "Approving pit boss ID", &BOSS.to_string());
    type_into(&mut harness, "Approving pit boss PIN", BOSS_PIN);
    click(&mut harness, "Pit boss override (no card lost)");
    assert!(!shows(&harness, "Scanner alarm: play is stopped"));
    assert_eq!(station_of(&harness).table().events(), events.as_slice());
    let alarms = station_of(&harness).ledger().alarms(table, false).unwrap();
    assert_eq!(alarms[0].cleared.as_ref().unwrap().0, BOSS);
    let mut next = 0;
    play(&mut harness, &mut script, &mut next, true);
    settle(&mut harness, &path);
}

/// The sample Rocket hands (tests/data/hand-history, from the rule
/// authors' examples) that a fresh table can deal: no previous button.
const SAMPLE_HANDS: [&str; 6] = [
    "valid-rocket-all-out-first-round",
    "valid-rocket-dealer-first3",
    "valid-rocket-long",
    "valid-rocket-max-table",
    "valid-rocket-ten-distinct",
    "valid-rocket-tie-no-prev",
];

/// What the settlement panel says for a net.
fn net_words(net: i64) -> String {
    match net {
        n if n > 0 => format!("pay {n}"),
        n if n < 0 => format!("collect {}", -n),
        _ => "nothing".to_owned(),
    }
}

#[test]
fn the_sample_hands_dealt_through_the_app_settle_as_their_expected_results() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hand-history");
    for name in SAMPLE_HANDS {
        let read = |suffix: &str| -> serde_json::Value {
            let text = std::fs::read_to_string(dir.join(format!("{name}{suffix}"))).unwrap();
            serde_json::from_str(&text).unwrap()
        };
        let history = read(".json");
        let expected = read(".expected.json");
        let number = |value: &serde_json::Value| value.as_u64().unwrap();

        let (ledger, path, _) = staffed_ledger(name);
        let (mut script, feed) = Script::new();
        let mut table = setup(
            GameKind::Rocket,
            number(&history["decks"]) as i64,
            SourceChoice::SimulatedShoe,
        );
        table.rules.rocket.min_bet_units = number(&history["min_bet"]);
        table.rules.rocket.max_bet_units = number(&history["max_bet"]);
        table.rules.rocket.start = match history["start"].as_str().unwrap() {
            "low_card" => StartRule::LowCard,
            _ => StartRule::DealerLeft,
        };
        let station = open(ledger, table, feed);
        let mut harness = app_harness(StationApp::with_station(station, egui::Context::default()));
        harness.run();
        for seat in history["seats"].as_array().unwrap() {
            let label = format!("Seat {} bet", number(&seat["seat"]));
            type_into(&mut harness, &label, &number(&seat["bet"]).to_string());
        }
        click(&mut harness, "Deal (Enter)");

        let mut cards = history["cards"].as_array().unwrap().iter().map(number);
        let mut actions = history["actions"].as_array().unwrap().iter();
        while station_of(&harness).settlement().is_none() {
            match station_of(&harness).table().need() {
                Need::Card(_) => {
                    script.card(cards.next().expect("the sample has the card") as i64);
                    harness.run();
                }
                Need::Decision { seat, .. } => {
                    let action = actions.next().expect("the sample has the decision");
                    assert_eq!(number(&action["seat"]), u64::from(seat), "{name}");
                    let key = match action["action"].as_str().unwrap() {
                        "hit" => egui::Key::H,
                        _ => egui::Key::F,
                    };
                    harness.key_press(key);
                    harness.run();
                }
                Need::Done => panic!("{name}: no hand and no settlement"),
            }
            assert!(station_of(&harness).alarms().is_empty(), "{name}");
        }
        assert_eq!(cards.next(), None, "{name}: every card dealt");
        assert_eq!(actions.next(), None, "{name}: every decision taken");
        for seat in expected["seats"].as_array().unwrap() {
            let (number, net) = (number(&seat["seat"]), seat["net"].as_i64().unwrap());
            let line = station_of(&harness)
                .settlement()
                .unwrap()
                .lines
                .iter()
                .find(|l| u64::from(l.seat) == number)
                .unwrap()
                .clone();
            assert_eq!(line.net, net, "{name}: seat {number}");
            assert!(shows(&harness, &net_words(net)), "{name}: seat {number}");
        }
        settle(&mut harness, &path);
    }
}

/// Runs frames (the app drains the scanner in each) until `done`.
fn wait_until(harness: &mut Harness<'_, StationApp>, done: impl Fn(&Station) -> bool) {
    for _ in 0..500 {
        harness.run();
        if done(station_of(harness)) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("timed out: {}", station_of(harness).prompt().text);
}

#[test]
fn under_the_alarm_window_the_pull_key_takes_no_card_from_the_simulated_shoe() {
    let (ledger, path, _) = staffed_ledger("ui-keys-under-alarm");
    let setup = setup(GameKind::Rocket, 2, SourceChoice::SimulatedShoe);
    let link = ScanLink::simulated(
        &path.with_file_name("shoe-link"),
        setup.decks,
        setup.rules.penetration_permille,
        None,
        Box::new(|| {}),
    )
    .unwrap();
    let station = open(ledger, setup, Feed::Scanner(Box::new(link)));
    let mut harness = app_harness(StationApp::with_station(station, egui::Context::default()));
    harness.run();
    click(&mut harness, "Insert freshly shuffled shoe");
    wait_until(&mut harness, |s| s.burns_due() > 0);
    while station_of(&harness).burns_due() > 0 {
        let due = station_of(&harness).burns_due();
        harness.key_press(egui::Key::P);
        wait_until(&mut harness, |s| s.burns_due() < due);
    }
    type_into(&mut harness, "Seat 1 bet", "10");
    type_into(&mut harness, "Seat 2 bet", "20");
    // The shoe's buttons keep their place whatever the dealer's next action
    // (Deal before the hand, a card or a decision in it).
    let pull = harness.get_by_label("Pull card (P)").rect();
    let insert = harness.get_by_label("Insert freshly shuffled shoe").rect();
    let pit_boss = harness.get_by_label("Pit boss").rect();
    click(&mut harness, "Deal (Enter)");
    assert_eq!(harness.get_by_label("Pull card (P)").rect(), pull);
    // Nor does the header's Pit boss button move as the hand's text changes.
    assert_eq!(harness.get_by_label("Pit boss").rect(), pit_boss);
    assert_eq!(
        harness.get_by_label("Insert freshly shuffled shoe").rect(),
        insert
    );
    // Pull cards until one comes when a decision, not a card, is due (a
    // hand can end first: then confirm it and deal the next).
    while station_of(&harness).alarms().is_empty() {
        if station_of(&harness).settlement().is_some() {
            click(&mut harness, "Confirm settlement (Enter)");
            click(&mut harness, "Deal (Enter)");
            continue;
        }
        let before = station_of(&harness).table().events().len();
        harness.key_press(egui::Key::P);
        wait_until(&mut harness, |s| {
            s.table().events().len() > before || !s.alarms().is_empty() || s.settlement().is_some()
        });
    }
    assert!(shows(&harness, "Scanner alarm: play is stopped"));
    let remaining = |h: &Harness<'_, StationApp>| {
        station_of(h)
            .scan_link()
            .and_then(|l| l.simulated_remaining())
    };
    let left = remaining(&harness);
    let events = station_of(&harness).table().events().to_vec();
    for key in [egui::Key::P, egui::Key::H, egui::Key::F, egui::Key::Enter] {
        harness.key_press(key);
        harness.run();
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    harness.run();
    assert_eq!(remaining(&harness), left, "P pulled a card under the alarm");
    assert_eq!(station_of(&harness).table().events(), events.as_slice());
}

#[test]
fn starboard_shows_the_discarded_and_busting_cards_on_the_layout() {
    let (mut harness, mut script, _path, _clock) =
        app_on_script("ui-starboard-discards", GameKind::Starboard, 6);
    click(&mut harness, "Seat 1 seated");
    click(&mut harness, "Seat 2 seated");
    click(&mut harness, "Deal (Enter)");
    // Opening: 4, then a 4 that pairs it (discarded), then a 6.
    for rank in [4, 4, 6] {
        script.card(rank);
    }
    harness
        .state_mut()
        .station_mut()
        .unwrap()
        .poll_scanner()
        .unwrap();
    harness.run();
    assert!(shows(&harness, "paired the first"));
    // The first seat to act draws a 6: it pairs the common hand, a bust.
    let Need::Decision { seat, .. } = station_of(&harness).table().need() else {
        panic!("{:?}", station_of(&harness).table().need());
    };
    harness
        .state_mut()
        .station_mut()
        .unwrap()
        .decide(Action::Draw)
        .unwrap();
    script.card(6);
    harness
        .state_mut()
        .station_mut()
        .unwrap()
        .poll_scanner()
        .unwrap();
    harness.run();
    assert!(shows(&harness, &format!("seat {seat} bust")));
}

/// The app on the scripted shoe at a screen of `size`, in the app's own
/// type sizes and spacing, one frame drawn.
fn app_on_script_at(
    name: &str,
    game: GameKind,
    size: egui::Vec2,
) -> (Harness<'static, StationApp>, Script) {
    let (ledger, _, _) = staffed_ledger(name);
    let (script, feed) = Script::new();
    let station = open(ledger, setup(game, 6, SourceChoice::SimulatedShoe), feed);
    let app = StationApp::with_station(station, egui::Context::default());
    (app_at(app, size), script)
}

/// Where a place on the layout is drawn: "Seat 3", "Dealer", "Common hand".
fn place(harness: &Harness<'_, StationApp>, name: &str) -> egui::Rect {
    harness.get_by_role_and_label(Role::Group, name).rect()
}

#[test]
fn a_long_alarm_prompt_moves_no_seat_and_its_window_keeps_off_the_seat_deciding() {
    for size in SCREENS {
        let (mut harness, mut script) = app_on_script_at(
            &format!("ui-alarm-layout-{}", size.x),
            GameKind::Rocket,
            size,
        );
        for seat in [1, 2, 5] {
            type_into(&mut harness, &format!("Seat {seat} bet"), "10");
        }
        click(&mut harness, "Deal (Enter)");
        // Seats 1 and 2 fold: seat 5, right of the middle, is left to decide.
        let mut next = 0;
        loop {
            match station_of(&harness).table().need() {
                Need::Card(_) => {
                    script.card(RANKS[next % RANKS.len()]);
                    next += 1;
                }
                Need::Decision { seat: 5, .. } => break,
                Need::Decision { .. } => harness
                    .state_mut()
                    .station_mut()
                    .unwrap()
                    .decide(Action::Fold)
                    .unwrap(),
                Need::Done => panic!("the hand ended before seat 5 decided"),
            }
            harness.run();
        }
        let seats: Vec<egui::Rect> = (1..=6)
            .map(|seat| place(&harness, &format!("Seat {seat}")))
            .collect();
        // A card read out of turn: its prompt takes three to five lines at
        // the prompt's full size.
        script.card(10);
        harness.run();
        assert!(shows(&harness, "Scanner alarm: play is stopped"));
        let dealer = place(&harness, "Dealer");
        for (seat, before) in (1..=6).zip(&seats) {
            let rect = place(&harness, &format!("Seat {seat}"));
            assert_eq!(
                rect, *before,
                "seat {seat} moved under the alarm at {size:?}"
            );
            assert!(
                !rect.intersects(dealer),
                "seat {seat} {rect:?} is over the dealer's box {dealer:?} at {size:?}"
            );
        }
        let window = harness
            .get_by_role_and_label(Role::Dialog, "Play is stopped")
            .rect();
        assert!(
            !window.intersects(seats[4]),
            "the alarm window {window:?} covers seat 5 {:?}, which decides, at {size:?}",
            seats[4]
        );
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
        assert!(
            screen.contains_rect(window),
            "the alarm window {window:?} runs off the screen {size:?}"
        );
        // Its ways out are on the screen, in the window.
        for way in ["Re-read the card", "Pit boss override (no card lost)"] {
            let button = harness.get_by_label(way).rect();
            assert!(
                window.contains_rect(button) && screen.contains_rect(button),
                "{way:?} at {button:?} at {size:?}"
            );
        }
    }
}

#[test]
fn starboard_discards_and_their_captions_stay_on_the_screen() {
    for size in SCREENS {
        let (mut harness, mut script) = app_on_script_at(
            &format!("ui-starboard-many-discards-{}", size.x),
            GameKind::Starboard,
            size,
        );
        for seat in 1..=7 {
            click(&mut harness, &format!("Seat {seat} seated"));
        }
        click(&mut harness, "Deal (Enter)");
        // The opener's second card pairs the first; the common hand grows
        // to nine cards (two rows), then every draw pairs it: seven discards.
        let mut paired_first = false;
        loop {
            let station = station_of(&harness);
            let Some(pairs_table::engine::hand::Hand::Starboard(hand)) = station.hand() else {
                break;
            };
            let common: Vec<i64> = hand.common().iter().map(|r| i64::from(r.value())).collect();
            let fresh = (1..=10).find(|r| !common.contains(r)).unwrap();
            match station.table().need() {
                Need::Card(pairs_table::engine::hand::CardTo::Common { by: None })
                    if common.len() == 1 && !paired_first =>
                {
                    paired_first = true;
                    script.card(common[0]);
                }
                Need::Card(_) if common.len() < 9 => script.card(fresh),
                Need::Card(_) => script.card(*common.iter().max().unwrap()),
                Need::Decision { .. } => harness
                    .state_mut()
                    .station_mut()
                    .unwrap()
                    .decide(Action::Draw)
                    .unwrap(),
                Need::Done => break,
            }
            harness.run();
        }
        harness.run();
        // Every seat but the last one standing busts.
        let mut captions: Vec<String> = (1..=7)
            .map(|seat| format!("seat {seat} bust"))
            .filter(|caption| shows(&harness, caption))
            .collect();
        assert_eq!(captions.len(), 6, "{captions:?}");
        captions.push("paired the first".to_owned());
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
        for caption in &captions {
            let rect = harness.get_by_label(caption).rect();
            assert!(
                screen.contains_rect(rect),
                "{caption:?} at {rect:?} is off the screen {size:?}"
            );
        }
        let common = place(&harness, "Common hand");
        for seat in 1..=7 {
            let rect = place(&harness, &format!("Seat {seat}"));
            assert!(
                !rect.intersects(common),
                "seat {seat} {rect:?} is over the common hand {common:?} at {size:?}"
            );
        }
    }
}

#[test]
fn with_every_seat_paid_the_confirm_button_is_on_an_800_high_screen() {
    let (ledger, _path, _clock) = staffed_ledger("ui-seven-seats");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    for seat in 1..=GameKind::Rocket.max_seat() {
        station.entry_mut(seat).unwrap().bet = "10".into();
    }
    station.start_hand().unwrap();
    super::util::play_on_software_shoe(&mut station);
    let mut harness = app_harness(StationApp::with_station(station, egui::Context::default()));
    harness.run();
    let button = harness.get_by_label("Confirm settlement (Enter)").rect();
    assert!(
        button.bottom() <= 800.0,
        "the button ends at {}",
        button.bottom()
    );
    click(&mut harness, "Confirm settlement (Enter)");
    assert!(station_of(&harness).settlement().is_none());
}

#[test]
fn report_shift_on_the_command_line_prints_through_the_running_app() {
    use std::io::Write;
    let (mut ledger, path, _) = staffed_ledger("ui-print-desk");
    ledger.set_station(&pairs_table::ui::station_name());
    let station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    drop(station);
    let mut harness = app_harness(StationApp::open(
        &path,
        crate::test_keys(),
        egui::Context::default(),
    ));
    harness.run();
    assert!(harness.state().station().is_some());
    let pdf = path.with_extension("report.pdf");
    let mut child = crate::pairs_table()
        .args(["report", "shift", "--db"])
        .arg(&path)
        .arg("--out")
        .arg(&pdf)
        .args(["--by", &BOSS.to_string()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{BOSS_PIN}").unwrap();
    // The app serves the request between frames.
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(started.elapsed().as_secs() < 60, "the print did not finish");
        harness.run();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The shift is open: an interim print (docs/reports.md, "Interim prints").
    assert!(
        stdout.starts_with(&format!(
            "printed {}: print 1 (INTERIM: the shift is open),",
            pdf.display()
        )),
        "{stdout}"
    );
    assert!(pdf.exists());
}

/// `--demo`'s first frame says what is being made, before the seconds its
/// PIN hashes take; the frames after it deal at the demo table.
#[test]
fn the_demo_says_what_it_makes_before_it_makes_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demo.sqlite3");
    let watched = path.clone();
    // After each frame: whether a table is open, whether the ledger exists.
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            move |ui, (app, frames): &mut (StationApp, Vec<(bool, bool)>)| {
                app.show_ui(ui);
                frames.push((app.station().is_some(), watched.exists()));
            },
            (
                StationApp::demo(&path, crate::test_keys(), egui::Context::default()),
                Vec::new(),
            ),
        );
    harness.run();
    let frames = &harness.state().1;
    assert_eq!(
        frames[0],
        (false, false),
        "the first frame shows the notice, before anything is made"
    );
    assert_eq!(frames.last(), Some(&(true, true)), "{frames:?}");
    assert!(
        harness
            .query_all_by_label_contains("DEMO on a throw-away ledger")
            .next()
            .is_some()
    );
    assert!(
        harness
            .state()
            .0
            .station()
            .unwrap()
            .table()
            .hand()
            .is_none()
    );
    // Its PINs are hashed lightly (it shows them), so it is up at once; a
    // station's are not.
    let hashes = crate::util::pin_hashes(&path);
    assert_eq!(hashes.len(), 3);
    assert!(
        hashes.iter().all(|h| h.contains("m=1024,t=1,p=1")),
        "{hashes:?}"
    );
}

/// Plays one Rocket hand (a bet of 10 at seat 1) through the station on
/// the scripted shoe, `next` the index of the next card in [`RANKS`], and
/// confirms it.
fn play_scripted_hand(
    harness: &mut Harness<'_, StationApp>,
    script: &mut Script,
    next: &mut usize,
) {
    let station = harness.state_mut().station_mut().unwrap();
    station.entry_mut(1).unwrap().bet = "10".into();
    station.start_hand().unwrap();
    for _ in 0..300 {
        let station = harness.state_mut().station_mut().unwrap();
        if station.settlement().is_some() {
            station.confirm_settlement().unwrap();
            return;
        }
        match station.table().need() {
            Need::Card(_) => {
                script.card(RANKS[*next % RANKS.len()]);
                *next += 1;
                station.poll_scanner().unwrap();
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

/// Issue 46, item 6: the header's *Sign out* and the *Rated players* form
/// keep their place when "Hand N recorded" appears and as the shoe's count
/// grows to three digits.
#[test]
fn sign_out_and_rated_players_keep_still_as_hands_are_recorded() {
    for size in SCREENS {
        let (mut harness, mut script) = app_on_script_at(
            &format!("ui-controls-still-{}", size.x),
            GameKind::Rocket,
            size,
        );
        let sign_out = harness.get_by_label("Sign out").rect();
        let rated = harness.get_by_label("Rated players (0 seated)").rect();
        let mut next = 0;
        let mut hand = 0;
        while station_of(&harness).table().count().taken() < 100 {
            hand += 1;
            assert!(hand <= 80, "the shoe's count reached three digits");
            play_scripted_hand(&mut harness, &mut script, &mut next);
            harness.run();
            assert!(shows(
                &harness,
                &format!("Hand {hand} recorded in the ledger.")
            ));
            assert_eq!(
                harness.get_by_label("Sign out").rect(),
                sign_out,
                "Sign out moved at hand {hand} at {size:?}"
            );
            assert_eq!(
                harness.get_by_label("Rated players (0 seated)").rect(),
                rated,
                "Rated players moved at hand {hand} at {size:?}"
            );
        }
    }
}

/// Issue 46, item 6: a simulated shoe at a table just opened holds no
/// cards; the prompt and the shoe's panel say to insert one, and the
/// panel's words change without moving the Rated players form.
#[test]
fn a_new_simulated_shoe_says_to_insert_a_shoe_and_its_words_move_nothing() {
    for size in SCREENS {
        let (ledger, path, _) = staffed_ledger(&format!("ui-simulated-empty-{}", size.x));
        let setup = setup(GameKind::Rocket, 6, SourceChoice::SimulatedShoe);
        let link = ScanLink::simulated(
            &path.with_file_name(format!("shoe-link-{}", size.x)),
            setup.decks,
            setup.rules.penetration_permille,
            None,
            Box::new(|| {}),
        )
        .unwrap();
        let station = open(ledger, setup, Feed::Scanner(Box::new(link)));
        let mut harness = app_at(
            StationApp::with_station(station, egui::Context::default()),
            size,
        );
        assert!(shows(
            &harness,
            "Insert a freshly shuffled shoe: the simulated shoe holds no cards."
        ));
        assert!(shows(
            &harness,
            "Empty: insert a freshly shuffled shoe to deal."
        ));
        let rated = harness.get_by_label("Rated players (0 seated)").rect();
        click(&mut harness, "Insert freshly shuffled shoe");
        wait_until(&mut harness, |s| s.burns_due() > 0);
        assert!(shows(&harness, "330 cards left in the simulated shoe."));
        assert!(!shows_containing(&harness, "holds no cards"));
        assert_eq!(
            harness.get_by_label("Rated players (0 seated)").rect(),
            rated,
            "Rated players moved when the shoe went in at {size:?}"
        );
    }
}

/// Issue 46, item 6: after a restart between hands the header names the
/// last hand the ledger holds of the table, not "no hand yet".
#[test]
fn after_a_restart_between_hands_the_header_names_the_last_hand_recorded() {
    let (mut ledger, path, _) = staffed_ledger("ui-restart-between-hands");
    ledger.set_station(&pairs_table::ui::station_name());
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    for _ in 0..3 {
        station.entry_mut(1).unwrap().bet = "10".into();
        station.start_hand().unwrap();
        super::util::play_on_software_shoe(&mut station);
        station.confirm_settlement().unwrap();
    }
    drop(station);
    let mut harness = app_harness(StationApp::open(
        &path,
        crate::test_keys(),
        egui::Context::default(),
    ));
    harness.run();
    assert!(
        shows_containing(&harness, "last hand 3 ·"),
        "the header names the table's last hand"
    );
    assert!(!shows_containing(&harness, "no hand yet"));
}

/// Issue 46, item 6: bets (Rocket) and seatings (Starboard) typed for the
/// next hand are journaled as they are typed: after a crash (the app
/// dropped without finishing anything) the restarted app shows them.
#[test]
fn bets_and_seatings_typed_before_a_crash_are_there_after_it() {
    for game in [GameKind::Rocket, GameKind::Starboard] {
        let (mut ledger, path, _) = staffed_ledger(&format!("ui-entries-crash-{game}"));
        ledger.set_station(&pairs_table::ui::station_name());
        let station = open(
            ledger,
            setup(game, 6, SourceChoice::SoftwareShoe),
            Feed::SoftwareShoe,
        );
        let mut harness = app_harness(StationApp::with_station(station, egui::Context::default()));
        harness.run();
        match game {
            GameKind::Rocket => {
                type_into(&mut harness, "Seat 2 bet", "40");
                // Kept as typed, a bet that would be refused too.
                type_into(&mut harness, "Seat 5 bet", "15");
            }
            GameKind::Starboard => {
                click(&mut harness, "Seat 3 seated");
                click(&mut harness, "Seat 6 seated");
            }
        }
        let typed = station_of(&harness).entries().to_vec();
        drop(harness);

        let mut harness = app_harness(StationApp::open(
            &path,
            crate::test_keys(),
            egui::Context::default(),
        ));
        harness.run();
        assert_eq!(station_of(&harness).entries(), typed.as_slice(), "{game}");
        match game {
            GameKind::Rocket => {
                let bet = |h: &Harness<'_, StationApp>, seat: u8| {
                    h.get_by_label(&format!("Seat {seat} bet"))
                        .accesskit_node()
                        .value()
                };
                assert_eq!(bet(&harness, 2).as_deref(), Some("40"));
                assert_eq!(bet(&harness, 5).as_deref(), Some("15"));
                assert_eq!(bet(&harness, 1).as_deref(), Some(""));
            }
            GameKind::Starboard => {
                let seated: Vec<bool> = station_of(&harness)
                    .entries()
                    .iter()
                    .map(|e| e.seated)
                    .collect();
                assert_eq!(seated, [false, false, true, false, false, true, false]);
            }
        }
        // The journal is outside the chain: the ledger verifies as before.
        assert_eq!(discrepancies(&path), []);
    }
}

/// Issue 46, item 6: after a pit boss closes the table, the open-table
/// form comes back filled in as that table was opened: its name, game and
/// rules file (the IDs and PINs are typed again).
#[test]
fn after_a_close_the_open_table_form_is_filled_in_as_the_last_table_was() {
    let (ledger, path, _) = staffed_ledger("ui-form-after-close");
    drop(ledger);
    let rules = path.parent().unwrap().join("form-after-close.toml");
    std::fs::write(&rules, "burn = 3\npenetration = 0.75\n").unwrap();
    let mut harness = app_harness(StationApp::open(
        &path,
        crate::test_keys(),
        egui::Context::default(),
    ));
    harness.run();
    type_into(&mut harness, "Table name", "S9");
    click(&mut harness, "Starboard");
    type_into(
        &mut harness,
        "House rules file (optional)",
        rules.to_str().unwrap(),
    );
    click(&mut harness, "Load rules");
    click(&mut harness, "Software shoe");
    type_into(&mut harness, "Pit boss ID", &BOSS.to_string());
    type_into(&mut harness, "Pit boss PIN", BOSS_PIN);
    type_into(&mut harness, "Dealer ID", &DEALER.to_string());
    type_into(&mut harness, "Dealer PIN", DEALER_PIN);
    click(&mut harness, "Open table");
    let station = harness.state_mut().station_mut().unwrap();
    assert_eq!(station.setup().name, "S9");
    let shift = station.shift_id();
    station
        .ledger_mut()
        .waive_count(
            shift,
            pairs_table::ledger::CountKind::Closer,
            "the tray went back to the cage sealed",
            &super::util::boss(),
        )
        .unwrap();

    click(&mut harness, "Pit boss");
    click(&mut harness, "Limits & voids");
    type_into(&mut harness, "Pit boss ID (close)", &BOSS.to_string());
    type_into(&mut harness, "Pit boss PIN (close)", BOSS_PIN);
    click(&mut harness, "Close the table");
    harness.run();
    assert!(harness.state().is_opening_table());
    let value =
        |h: &Harness<'_, StationApp>, label: &str| h.get_by_label(label).accesskit_node().value();
    assert_eq!(value(&harness, "Table name").as_deref(), Some("S9"));
    // Starboard's field, not Rocket's limits: the game is Starboard.
    assert!(shows(&harness, "Ante and draw (units)"));
    assert!(!shows(&harness, "Minimum bet (units)"));
    assert_eq!(
        value(&harness, "House rules file (optional)").as_deref(),
        rules.to_str()
    );
    assert!(shows_containing(
        &harness,
        "Shuffle at 75.0% dealt · burn 3"
    ));
    assert_eq!(value(&harness, "Pit boss PIN").as_deref(), Some(""));
}

#[test]
fn the_configured_card_source_is_where_a_new_tables_form_starts() {
    let (ledger, path, _) = staffed_ledger("ui-configured-source");
    drop(ledger);
    let mut app = StationApp::open(&path, crate::test_keys(), egui::Context::default());
    app.set_card_source(SourceChoice::Scanner {
        path: "/dev/serial/by-id/usb-Shoe-if00".into(),
        baud: 19200,
    });
    let mut harness = app_harness(app);
    harness.run();
    assert!(harness.state().is_opening_table());
    let value =
        |h: &Harness<'_, StationApp>, label: &str| h.get_by_label(label).accesskit_node().value();
    assert_eq!(
        value(&harness, "Port path").as_deref(),
        Some("/dev/serial/by-id/usb-Shoe-if00")
    );
    assert_eq!(value(&harness, "Baud").as_deref(), Some("19200"));

    // The software shoe: the form starts there, no port asked for.
    let mut app = StationApp::open(&path, crate::test_keys(), egui::Context::default());
    app.set_card_source(SourceChoice::SoftwareShoe);
    let mut harness = app_harness(app);
    harness.run();
    assert!(harness.query_by_label("Port path").is_none());
}
