//! The table station driven through its own API on a real ledger file:
//! software shoe, a scripted card-reading shoe and the simulated shoe over
//! a real pseudo-terminal; bets, decisions, alarms, manual cards,
//! settlement and recovery after a restart.

use std::path::{Path, PathBuf};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use super::util::*;
use pairs_table::engine::hand::{Action, CardTo, GameKind, Hand, Need};
use pairs_table::engine::money::{Account, balances, net_of};
use pairs_table::engine::rules::HouseRules;
use pairs_table::engine::shoe::{ShoeEvent, ShuffleCommitment};
use pairs_table::engine::table::{CardSource, HandEvent};
use pairs_table::engine::{Decks, Rank};
use pairs_table::ids::{HandId, TableId};
use pairs_table::ledger::{AccessError, ShiftError};
use pairs_table::ledger::{
    AlarmKind, CountKind, ExceptionKind, HandFilter, Ledger, LedgerError, TimeRange,
};
use pairs_table::scanner::decoder::next_seq;
use pairs_table::scanner::sim::{PtyLink, Sequencer, sim_identity};
use pairs_table::scanner::{HostRequest, Message, Protocol, ReaderConfig, ScanEvent, ScanLink};
use pairs_table::station::{Actor, Feed, Reopened, ShoeKnown, SourceChoice, Station, StationError};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

fn bet(station: &mut Station, seat: u8, text: &str) {
    station.entry_mut(seat).unwrap().bet = text.into();
}

fn seat(station: &mut Station, seat: u8) {
    station.entry_mut(seat).unwrap().seated = true;
}

/// Confirms the settlement and checks the ledger holds the hand as settled.
fn confirm_and_check(station: &mut Station, path: &Path) -> HandId {
    let settlement = station.settlement().unwrap().clone();
    let id = station.confirm_settlement().unwrap();
    assert_eq!(station.last_committed(), Some(&settlement));
    assert!(station.settlement().is_none());
    assert!(matches!(
        station.confirm_settlement(),
        Err(StationError::NoSettlement)
    ));
    let ledger = station.ledger();
    let last = ledger.last_hands(1).unwrap();
    assert_eq!(last.len(), 1);
    assert_eq!(last[0].id, id);
    assert_eq!(last[0].status, pairs_table::ledger::HandStatus::Complete);
    let recorded = ledger.load_hand(id).unwrap();
    assert_eq!(recorded.setup.number, settlement.hand);
    assert!(balances(&last[0].transfers), "the hand's transfers balance");
    assert_eq!(
        settlement.house_net,
        net_of(&last[0].transfers, Account::House)
    );
    assert!(ledger.recover_in_progress().unwrap().is_none());
    assert_eq!(discrepancies(path), []);
    id
}

#[test]
fn a_rocket_hand_on_the_software_shoe_is_settled_as_the_engine_says_and_recorded() {
    let (ledger, path, _) = staffed_ledger("station-rocket");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    assert_eq!(station.dealer(), Some(DEALER));
    assert!(station.prompt().text.contains("Enter the bets"));
    assert!(matches!(
        station.start_hand(),
        Err(StationError::NotEnoughPlayers(_))
    ));
    bet(&mut station, 1, "100");
    bet(&mut station, 3, " 50 ");
    bet(&mut station, 6, "1000");
    station.start_hand().unwrap();
    assert_eq!(station.table().hands_started(), 1);
    assert!(station.ledger().recover_in_progress().unwrap().is_some());
    play_on_software_shoe(&mut station);

    let settlement = station.settlement().unwrap().clone();
    assert_eq!(settlement.hand, 1);
    assert_eq!(settlement.pot, None);
    let seats: Vec<u8> = settlement.lines.iter().map(|l| l.seat).collect();
    assert_eq!(seats, [1, 3, 6]);
    assert!(station.prompt().text.contains("confirm the settlement"));
    assert!(matches!(
        station.start_hand(),
        Err(StationError::SettlementPending(1))
    ));

    let id = confirm_and_check(&mut station, &path);
    let recorded = station.ledger().load_hand(id).unwrap();
    for line in &settlement.lines {
        assert_eq!(
            Some(line.net),
            recorded.hand.net(line.seat),
            "seat {}: {}",
            line.seat,
            line.reason
        );
        assert!(!line.reason.is_empty());
    }
    assert_eq!(
        recorded.setup.seats,
        [(1, 100), (3, 50), (6, 1000)],
        "the bets as typed"
    );
    assert!(recorded.events.iter().any(|e| matches!(
        e,
        HandEvent::Card {
            source: CardSource::SoftwareShoe,
            ..
        }
    )));

    // The next hand starts from the same entries.
    station.start_hand().unwrap();
    assert_eq!(station.table().hands_started(), 2);
}

#[test]
fn a_starboard_hand_read_from_a_scripted_shoe_shows_pot_shares_and_carry() {
    let (ledger, path, _) = staffed_ledger("station-starboard");
    let (mut script, feed) = Script::new();
    let mut station = open(
        ledger,
        setup(GameKind::Starboard, 6, SourceChoice::SimulatedShoe),
        feed,
    );
    assert!(station.prompt().text.contains("Seat the players"));
    seat(&mut station, 2);
    assert!(matches!(
        station.start_hand(),
        Err(StationError::NotEnoughPlayers(_))
    ));
    for s in [4, 5, 7] {
        seat(&mut station, s);
    }
    station.start_hand().unwrap();
    // No card has been read: the station waits for the shoe.
    assert_eq!(station.poll_scanner().unwrap(), 0);
    assert_eq!(
        station.table().need(),
        Need::Card(CardTo::Common { by: None })
    );
    assert!(station.prompt().text.contains("from the shoe"));
    assert!(matches!(
        station.deal_from_shoe(),
        Err(StationError::NotSoftwareShoe)
    ));
    // The first decision goes to the button, and the prompt says so.
    script.card(RANKS[0]);
    script.card(RANKS[1]);
    let mut next = 2;
    assert_eq!(station.poll_scanner().unwrap(), 2);
    let Need::Decision { seat, .. } = station.table().need() else {
        panic!("{:?}", station.table().need());
    };
    let Some(Hand::Starboard(hand)) = station.hand() else {
        panic!("no Starboard hand");
    };
    assert_eq!(seat, hand.button());
    assert_eq!(station.prompt().actor, Actor::Seat(seat));
    assert_eq!(station.prompt().text, format!("Seat {seat}: draw or lock?"));
    let paid_in = hand.pot();
    assert_eq!(paid_in, 4, "four antes of one unit");

    play_on_script(&mut station, &mut script, &mut next);
    let settlement = station.settlement().unwrap().clone();
    let pot = settlement
        .pot
        .expect("a Starboard settlement shows the pot");
    let shares: i64 = settlement.lines.iter().map(|l| l.net).sum();
    assert!(shares > 0, "{settlement:?}");
    assert_eq!(
        shares as u64 + settlement.rake + settlement.carry_out,
        pot,
        "the pot is shared out, raked or carried: {settlement:?}"
    );
    for line in &settlement.lines {
        if line.net > 0 {
            assert!(line.reason.contains("share of the pot"), "{line:?}");
        }
    }
    let id = confirm_and_check(&mut station, &path);
    let recorded = station.ledger().load_hand(id).unwrap();
    assert!(recorded.events.iter().all(|e| !matches!(
        e,
        HandEvent::Card {
            source: CardSource::SoftwareShoe | CardSource::Manual { .. },
            ..
        }
    )));
    assert_eq!(station.table().carry(), settlement.carry_out);
}

#[test]
fn an_invalid_bet_is_refused_with_a_sentence_naming_the_seat_and_nothing_is_recorded() {
    let (ledger, _, _) = staffed_ledger("station-bets");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    let head = station.ledger().head().unwrap();
    bet(&mut station, 1, "100");
    for (text, words) in [
        ("15", "steps of 10"),
        ("1010", "above the table maximum of 1000"),
        ("ten", "\"ten\" is not a whole number"),
        ("0", "steps of 10"),
        ("-10", "not a whole number"),
    ] {
        bet(&mut station, 4, text);
        let error = station.start_hand().unwrap_err();
        assert!(
            matches!(error, StationError::Bet { seat: 4, .. }),
            "{error:?}"
        );
        let sentence = error.to_string();
        assert!(sentence.starts_with("seat 4: "), "{sentence}");
        assert!(sentence.contains(words), "{sentence}");
        assert_eq!(station.table().hands_started(), 0);
        assert!(station.hand().is_none());
        assert!(station.ledger().recover_in_progress().unwrap().is_none());
        assert_eq!(station.ledger().head().unwrap(), head);
    }
    bet(&mut station, 4, "20");
    station.start_hand().unwrap();
    assert_eq!(station.table().hands_started(), 1);
}

#[test]
fn decisions_out_of_turn_or_of_the_other_game_are_refused_and_change_nothing() {
    let (ledger, _, _) = staffed_ledger("station-decisions");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    // No hand yet.
    assert!(station.decide(Action::Hit).is_err());
    bet(&mut station, 2, "10");
    bet(&mut station, 5, "10");
    station.start_hand().unwrap();
    let mut seen_card = false;
    let mut seen_decision = false;
    // A hand can end before anyone decides (the cards are random): deal
    // hands until both a card and a decision have been due.
    for _hand in 0..50 {
        for _ in 0..500 {
            if station.settlement().is_some() {
                break;
            }
            let events = station.table().events().to_vec();
            let need = station.table().need();
            let prompt = station.prompt();
            match need {
                Need::Card(to) => {
                    seen_card = true;
                    let error = station.decide(Action::Hit).unwrap_err();
                    assert!(matches!(error, StationError::NoDecisionDue(t) if t == to));
                    assert!(error.to_string().contains("no decision is due"));
                }
                Need::Decision { .. } => {
                    seen_decision = true;
                    for wrong in [Action::Draw, Action::Lock] {
                        assert!(matches!(station.decide(wrong), Err(StationError::Table(_))));
                    }
                }
                Need::Done => unreachable!(),
            }
            assert_eq!(station.table().events(), events.as_slice());
            assert_eq!(station.table().need(), need);
            assert_eq!(station.prompt(), prompt);
            match need {
                Need::Card(_) => station.deal_from_shoe().unwrap(),
                Need::Decision { seat, choices } => {
                    let action = policy(station.hand().unwrap(), seat, &choices);
                    station.decide(action).unwrap();
                }
                Need::Done => unreachable!(),
            }
        }
        if seen_card && seen_decision {
            break;
        }
        station.confirm_settlement().unwrap();
        station.start_hand().unwrap();
    }
    assert!(seen_card && seen_decision);
    // Settlement pending: no decision, no new hand.
    assert!(matches!(
        station.decide(Action::Fold),
        Err(StationError::SettlementPending(_))
    ));
}

/// A six-deck Rocket table on the scripted shoe with seats 1 and 2 betting
/// 10 and 20 and the hand started: the station, its script, the ledger's
/// path and clock, and the table's id.
fn rocket_hand_on_script(name: &str) -> (Station, Script, PathBuf, TestClock, TableId) {
    let (ledger, path, clock) = staffed_ledger(name);
    let (script, feed) = Script::new();
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SimulatedShoe),
        feed,
    );
    let table = station.ledger().open_shift_now().unwrap().unwrap().table;
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "20");
    station.start_hand().unwrap();
    (station, script, path, clock, table)
}

#[test]
fn a_scanner_alarm_stops_play_is_recorded_and_is_resolved_by_a_re_read() {
    let (mut station, mut script, path, _, table) = rocket_hand_on_script("station-gap");
    script.card(7);
    station.poll_scanner().unwrap();
    let events = station.table().events().to_vec();
    let need = station.table().need();

    script.gap(2);
    assert_eq!(station.poll_scanner().unwrap(), 1);
    assert_eq!(station.alarms().len(), 1);
    let prompt = station.prompt();
    assert!(prompt.stopped);
    assert!(
        prompt.text.starts_with("Scanner alarm: 2 frame(s)"),
        "{prompt:?}"
    );
    assert!(prompt.text.contains("re-read the card"), "{prompt:?}");
    assert!(prompt.text.contains("enter the card by hand"), "{prompt:?}");
    assert!(matches!(
        station.decide(Action::Hit),
        Err(StationError::Alarm(_))
    ));
    // A card read while play is stopped is held, not dealt.
    script.card(9);
    station.poll_scanner().unwrap();
    assert_eq!(station.table().events(), events.as_slice());
    assert_eq!(station.table().need(), need);

    let alarms = station.ledger().alarms(table, true).unwrap();
    assert_eq!(alarms.len(), 1);
    assert_eq!(alarms[0].kind, AlarmKind::Scanner);
    assert_eq!(alarms[0].hand, Some(HandId(1)));
    assert!(alarms[0].message.contains("lost"), "{:?}", alarms[0]);

    // The 9 left the shoe and is not dealt: a re-read is refused, so it
    // cannot drop out of the record; a pit boss sets it aside.
    let refused = station.re_read().unwrap_err();
    assert!(
        refused.to_string().contains("card 9 (frame 3)"),
        "{refused}"
    );
    assert_eq!(station.alarms().len(), 1);
    let taken = station.table().count().taken();
    station.override_alarms(&boss()).unwrap();
    assert_eq!(
        station.table().count().taken(),
        taken + 1,
        "count matches the stack"
    );
    assert!(station.alarms().is_empty());
    assert!(!station.prompt().stopped);
    assert!(station.ledger().alarms(table, true).unwrap().is_empty());
    let all = station.ledger().alarms(table, false).unwrap();
    let (by, how, _) = all[0].cleared.clone().unwrap();
    assert_eq!(by, BOSS);
    assert!(
        how.contains("set aside (left the shoe, not dealt): card 9 (frame 3)"),
        "{how}"
    );

    let mut next = 0;
    play_on_script(&mut station, &mut script, &mut next);
    let id = confirm_and_check(&mut station, &path);
    let recorded = station.ledger().load_hand(id).unwrap();
    assert!(recorded.events.contains(&HandEvent::SetAside {
        rank: Rank::new(9).unwrap(),
        source: CardSource::Scanner { frame: 3 },
        approved_by: BOSS.0,
    }));

    // Between hands, an alarm stops the next hand from starting.
    script.gap(1);
    station.poll_scanner().unwrap();
    let error = station.start_hand().unwrap_err();
    assert!(matches!(error, StationError::Alarm(_)), "{error:?}");
    assert!(error.to_string().contains("play is stopped"));
    station.re_read().unwrap();
    station.start_hand().unwrap();
}

#[test]
fn a_foreign_card_is_entered_by_hand_only_with_a_pit_boss_pin() {
    let (ledger, path, _) = staffed_ledger("station-foreign");
    let (mut script, feed) = Script::new();
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 1, SourceChoice::SimulatedShoe),
        feed,
    );
    let table = station.ledger().open_shift_now().unwrap().unwrap().table;
    // Resolving with no alarm is refused.
    assert!(station.re_read().is_err());
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "10");
    station.start_hand().unwrap();
    // A one-deck Pairs shoe holds a single 1: a second one is foreign.
    script.card(1);
    station.poll_scanner().unwrap();
    let events = station.table().events().to_vec();
    script.card(1);
    station.poll_scanner().unwrap();
    assert_eq!(station.alarms().len(), 1);
    assert_eq!(station.table().events(), events.as_slice());
    assert!(station.prompt().stopped);
    let alarms = station.ledger().alarms(table, true).unwrap();
    assert_eq!(alarms.len(), 1);
    assert_eq!(alarms[0].kind, AlarmKind::ForeignCard);

    let seven = Rank::new(7).unwrap();
    // A wrong PIN is refused and counted.
    let wrong = pairs_table::ledger::PinEntry {
        staff: BOSS,
        pin: "9999",
    };
    let error = station.enter_card_by_hand(seven, &wrong).unwrap_err();
    assert!(
        matches!(
            error,
            StationError::Ledger(LedgerError::Access(AccessError::WrongPin {
                staff: BOSS,
                ..
            }))
        ),
        "{error:?}"
    );
    assert_eq!(station.ledger().lock_state(BOSS).unwrap().wrong_in_a_row, 1);
    // The dealer cannot approve their own manual card.
    let error = station.enter_card_by_hand(seven, &dealer()).unwrap_err();
    assert!(matches!(error, StationError::Ledger(_)), "{error:?}");
    // The card entered must be one the shoe can hold.
    let one = Rank::new(1).unwrap();
    assert!(station.enter_card_by_hand(one, &boss()).is_err());
    assert_eq!(station.table().events(), events.as_slice());
    assert_eq!(station.alarms().len(), 1);
    assert_eq!(station.ledger().alarms(table, true).unwrap().len(), 1);

    station.enter_card_by_hand(seven, &boss()).unwrap();
    assert!(station.alarms().is_empty());
    assert_eq!(station.table().events().len(), events.len() + 1);
    assert!(station.ledger().alarms(table, true).unwrap().is_empty());
    let cleared = station.ledger().alarms(table, false).unwrap()[0]
        .cleared
        .clone()
        .unwrap();
    assert_eq!(cleared.0, BOSS);
    assert_eq!(
        station.ledger().lock_state(BOSS).unwrap().wrong_in_a_row,
        0,
        "the right PIN clears the count"
    );

    let mut next = 0;
    play_on_script(&mut station, &mut script, &mut next);
    let id = confirm_and_check(&mut station, &path);
    let recorded = station.ledger().load_hand(id).unwrap();
    let manual: Vec<&HandEvent> = recorded
        .events
        .iter()
        .filter(|e| {
            matches!(
                e,
                HandEvent::Card {
                    source: CardSource::Manual { .. },
                    ..
                }
            )
        })
        .collect();
    assert_eq!(manual.len(), 1);
    assert!(matches!(
        manual[0],
        HandEvent::Card {
            rank,
            source: CardSource::Manual { approved_by },
            ..
        } if *rank == seven && *approved_by == BOSS.0
    ));
}

/// Plays a few steps of the hand in progress on the software shoe: up to
/// `steps` cards or decisions. The shoe is shuffled from the OS, so take
/// no more steps than the hand is sure to last (the players' first cards).
fn some_steps_on_software_shoe(station: &mut Station, steps: usize) {
    for _ in 0..steps {
        match station.table().need() {
            Need::Card(_) => station.deal_from_shoe().unwrap(),
            Need::Decision { seat, choices } => {
                let action = policy(station.hand().unwrap(), seat, &choices);
                station.decide(action).unwrap();
            }
            Need::Done => return,
        }
        if station.settlement().is_some() {
            panic!("the hand ended too soon for this test");
        }
    }
}

fn reopened(ledger: Ledger, feed: Feed) -> Station {
    match Station::reopen(ledger, move |_, _| Ok(feed)).unwrap() {
        Reopened::Table(station) => *station,
        Reopened::NoOpenTable(_) => panic!("the table is not open"),
    }
}

/// Checks the notice after a restart: shown, stops play, recorded as a
/// recovery alarm; acknowledged by the dealer once they have signed in
/// again (a restart signs nobody in).
fn acknowledge_recovery(station: &mut Station, hand: i64) {
    assert_eq!(station.dealer(), None);
    assert!(matches!(
        station.acknowledge_notices(None),
        Err(StationError::NoDealer)
    ));
    station.sign_in_dealer(&dealer()).unwrap();
    assert!(station.has_notices());
    let notice: Vec<&str> = station.notices().collect();
    assert_eq!(notice.len(), 1);
    assert!(notice[0].starts_with(&format!("Recovery: hand {hand} was in progress")));
    assert!(station.prompt().stopped);
    assert!(matches!(
        station.decide(Action::Hit),
        Err(StationError::Alarm(_))
    ));
    let table = station.ledger().open_shift_now().unwrap().unwrap().table;
    let open = station.ledger().alarms(table, true).unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].kind, AlarmKind::Recovery);
    assert_eq!(open[0].hand, Some(HandId(hand)));
    station.acknowledge_notices(None).unwrap();
    assert!(!station.has_notices());
    assert!(!station.prompt().stopped);
    let cleared = &station.ledger().alarms(table, false).unwrap()[0];
    assert_eq!(cleared.cleared.as_ref().unwrap().0, DEALER);
}

#[test]
fn a_hand_on_the_software_shoe_is_recovered_where_it_stopped_after_a_restart() {
    let (ledger, path, clock) = staffed_ledger("station-recover-software");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "30");
    bet(&mut station, 3, "40");
    station.start_hand().unwrap();
    // The three players' first cards: the shoe is random, and a hand can end
    // at the dealer's first card (a 3), so the test stops before it.
    some_steps_on_software_shoe(&mut station, 3);
    let events = station.table().events().to_vec();
    let need = station.table().need();
    let cards = format!("{:?}", station.hand().unwrap());
    let shuffles = station.shuffles_this_shift();
    assert_eq!(shuffles, 1, "the shoe's first shuffle opens hand 1");
    drop(station);

    let mut station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    assert_eq!(
        station.shuffles_this_shift(),
        shuffles + 1,
        "the count survives the restart, plus the reshuffle around the cards in play"
    );
    assert_eq!(station.table().need(), need);
    // The software shoe's stack was lost with the process: the same steps,
    // then a recorded mid-hand reshuffle around the cards in play.
    let resumed = station.table().events();
    assert_eq!(&resumed[..events.len()], events.as_slice());
    assert!(matches!(
        &resumed[events.len()],
        HandEvent::Shoe(ShoeEvent::Shuffled(ShuffleCommitment {
            mid_hand: true,
            ..
        }))
    ));
    assert_eq!(format!("{:?}", station.hand().unwrap()), cards);
    acknowledge_recovery(&mut station, 1);
    play_on_software_shoe(&mut station);
    confirm_and_check(&mut station, &path);
    // A second restart between hands finds nothing to recover.
    drop(station);
    let station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    assert!(!station.has_notices());
    assert!(station.hand().is_none());
    assert_eq!(station.table().hands_started(), 1);
}

#[test]
fn a_hand_read_from_the_scanner_is_recovered_where_it_stopped_after_a_restart() {
    let (ledger, path, clock) = staffed_ledger("station-recover-scanner");
    let (mut script, feed) = Script::new();
    let mut station = open(
        ledger,
        setup(GameKind::Starboard, 6, SourceChoice::SimulatedShoe),
        feed,
    );
    for s in [1, 3, 6] {
        seat(&mut station, s);
    }
    station.start_hand().unwrap();
    script.card(4);
    script.card(6);
    station.poll_scanner().unwrap();
    let Need::Decision { seat, choices } = station.table().need() else {
        panic!("{:?}", station.table().need());
    };
    station.decide(choices[0]).unwrap();
    assert_eq!(
        station.table().need(),
        Need::Card(CardTo::Common { by: Some(seat) })
    );
    let events = station.table().events().to_vec();
    let need = station.table().need();
    let cards = format!("{:?}", station.hand().unwrap());
    drop(station);

    let (mut script, feed) = Script::new();
    let mut station = reopened(reopen_ledger(&path, &clock), feed);
    assert_eq!(station.setup().source, SourceChoice::SimulatedShoe);
    assert_eq!(station.table().need(), need);
    assert_eq!(station.table().events(), events.as_slice());
    assert_eq!(format!("{:?}", station.hand().unwrap()), cards);
    acknowledge_recovery(&mut station, 1);
    assert_eq!(station.prompt().actor, Actor::Seat(seat));
    // The prompt names the real reason a fresh shoe is due, not the cut
    // card; the count of cards out of the shoe is not claimed.
    let prompt = station.prompt().text;
    assert!(
        prompt.ends_with(
            "A freshly shuffled shoe is due after this hand: no card-reading shoe was heard on this shoe before the station stopped, so the shoe's count is not known."
        ),
        "{prompt}"
    );
    assert!(!prompt.contains("Cut card"), "{prompt}");
    assert!(matches!(station.shoe_count(), ShoeKnown::NotKnown(_)));
    let mut next = 3;
    play_on_script(&mut station, &mut script, &mut next);
    confirm_and_check(&mut station, &path);
}

#[test]
fn the_simulated_shoe_over_a_pseudo_terminal_deals_a_whole_hand() {
    let (ledger, path, _) = staffed_ledger("station-pty");
    let setup = setup(GameKind::Rocket, 2, SourceChoice::SimulatedShoe);
    let link = path.with_file_name("shoe-link");
    let scan = ScanLink::simulated(
        &link,
        setup.decks,
        setup.rules.penetration_permille,
        None,
        Box::new(|| {}),
    )
    .unwrap();
    assert!(scan.is_simulated());
    let mut station = open(ledger, setup, Feed::Scanner(Box::new(scan)));
    let burns = station.table().rules().burn;
    // An empty shoe is never refilled behind the dealer's back (issue 30,
    // item 8: after a restart it used to insert a new shoe mid-hand).
    assert!(matches!(
        station.pull_simulated_card(),
        Err(StationError::SimulatedShoeEmpty)
    ));
    assert_eq!(station.shuffles_this_shift(), 0);
    station.insert_simulated_shoe().unwrap();
    wait_for(&mut station, |s| s.shuffles_this_shift() == 1);
    assert_eq!(station.burns_due(), burns);
    assert_eq!(station.shuffles_this_shift(), 1);
    for _ in 0..burns {
        let due = station.burns_due();
        station.pull_simulated_card().unwrap();
        wait_for(&mut station, |s| s.burns_due() < due);
    }
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "10");
    station.start_hand().unwrap();
    for _ in 0..200 {
        if station.settlement().is_some() {
            break;
        }
        check_prompt(&station);
        match station.table().need() {
            Need::Card(_) => {
                let dealt = station.table().events().len();
                station.pull_simulated_card().unwrap();
                wait_for(&mut station, |s| {
                    s.table().events().len() > dealt || s.settlement().is_some()
                });
            }
            Need::Decision { seat, choices } => {
                let action = policy(station.hand().unwrap(), seat, &choices);
                station.decide(action).unwrap();
            }
            Need::Done => panic!("no hand and no settlement"),
        }
        assert!(station.alarms().is_empty(), "{:?}", station.alarms());
    }
    let id = confirm_and_check(&mut station, &path);
    let recorded = station.ledger().load_hand(id).unwrap();
    assert!(recorded.events.iter().all(|e| !matches!(
        e,
        HandEvent::Card {
            source: CardSource::SoftwareShoe | CardSource::Manual { .. },
            ..
        }
    )));
    let status = station.scan_link().unwrap().status();
    assert!(status.connected);
    assert!(status.frames_good > 0);
}

/// Polls the scanner until `done`, for at most five seconds.
fn wait_for(station: &mut Station, done: impl Fn(&Station) -> bool) {
    let start = Instant::now();
    loop {
        station.poll_scanner().unwrap();
        if done(station) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the simulated shoe's frame did not arrive; alarms {:?}",
            station.alarms()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_hand_over_but_not_confirmed_comes_back_as_its_settlement_after_a_restart() {
    let (ledger, path, clock) = staffed_ledger("station-recover-settlement");
    let (mut script, feed) = Script::new();
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SimulatedShoe),
        feed,
    );
    bet(&mut station, 2, "20");
    station.start_hand().unwrap();
    let mut next = 0;
    play_on_script(&mut station, &mut script, &mut next);
    let settlement = station.settlement().unwrap().clone();
    drop(station);

    let (_script, feed) = Script::new();
    let ledger = reopen_ledger(&path, &clock);
    let mut station = reopened(ledger, feed);
    assert_eq!(station.settlement(), Some(&settlement));
    // Nobody is signed in, and the notice stops play: the settlement waits.
    assert!(matches!(
        station.confirm_settlement(),
        Err(StationError::NoDealer)
    ));
    station.sign_in_dealer(&dealer()).unwrap();
    assert!(matches!(
        station.confirm_settlement(),
        Err(StationError::Alarm(_))
    ));
    station.sign_out_dealer().unwrap();
    assert!(station.ledger().last_hands(5).unwrap().is_empty());
    acknowledge_recovery(&mut station, 1);
    assert_eq!(station.settlement(), Some(&settlement));
    confirm_and_check(&mut station, &path);
    assert_eq!(station.ledger().last_hands(5).unwrap().len(), 1);
}

#[test]
fn only_a_signed_in_dealer_deals_and_a_pit_boss_cannot_sign_in_as_one() {
    let (ledger, path, _) = staffed_ledger("station-dealer-only");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    assert_eq!(station.dealer(), Some(DEALER));
    station.sign_out_dealer().unwrap();
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "20");
    let before = station.ledger().head().unwrap();
    let error = station.start_hand().unwrap_err();
    assert!(matches!(error, StationError::NoDealer), "{error:?}");
    assert!(error.to_string().contains("sign in to deal"), "{error}");
    assert!(station.hand().is_none());

    // A pit boss's PIN is right but their role is not: refused, nothing written.
    let error = station.sign_in_dealer(&boss()).unwrap_err();
    assert!(
        matches!(error, StationError::NotADealer { staff: BOSS, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("only a dealer"), "{error}");
    assert_eq!(station.ledger().head().unwrap(), before);
    assert_eq!(station.dealer(), None);

    // A wrong dealer PIN is refused and counted.
    let wrong = pairs_table::ledger::PinEntry {
        staff: DEALER,
        pin: "0000",
    };
    assert!(station.sign_in_dealer(&wrong).is_err());
    assert_eq!(station.dealer(), None);
    assert_eq!(
        station.ledger().lock_state(DEALER).unwrap().wrong_in_a_row,
        1
    );

    station.sign_in_dealer(&dealer()).unwrap();
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    let id = confirm_and_check(&mut station, &path);
    let hands = station
        .ledger()
        .browse_hands(&HandFilter::default())
        .unwrap();
    assert_eq!((hands[0].id, hands[0].dealer), (id, DEALER));
}

#[test]
fn a_table_opened_with_a_wrong_pit_boss_pin_or_a_pit_boss_as_dealer_writes_nothing() {
    let (ledger, _path, _) = staffed_ledger("station-open-refused");
    let before = ledger.head().unwrap();
    let wrong = pairs_table::ledger::PinEntry {
        staff: BOSS,
        pin: "1111",
    };
    let refused = Station::open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        &dealer(),
        &wrong,
        Feed::SoftwareShoe,
    )
    .expect_err("a wrong pit boss PIN opens nothing");
    assert!(
        matches!(
            refused.error,
            StationError::Ledger(LedgerError::Access(AccessError::WrongPin {
                staff: BOSS,
                ..
            }))
        ),
        "{:?}",
        refused.error
    );
    let ledger = *refused.ledger;
    // Only the wrong PIN is recorded: no table, no shift, no dealer session.
    assert!(ledger.open_shift_now().unwrap().is_none());
    assert!(ledger.active_session(DEALER).unwrap().is_none());
    assert_eq!(ledger.lock_state(BOSS).unwrap().wrong_in_a_row, 1);
    let after_wrong_pin = ledger.head().unwrap();
    assert_ne!(after_wrong_pin, before);

    let refused = Station::open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        &boss(),
        &boss(),
        Feed::SoftwareShoe,
    )
    .expect_err("a pit boss cannot open a table as its dealer");
    assert_eq!(
        refused.error.to_string(),
        format!("staff {BOSS} is a pit boss, not a dealer: only a dealer signs in to deal")
    );
    let ledger = *refused.ledger;
    assert!(ledger.open_shift_now().unwrap().is_none());
    assert_eq!(ledger.head().unwrap(), after_wrong_pin);

    // The pit boss's PIN right, the dealer's wrong: one row, the failed PIN.
    let wrong_dealer = pairs_table::ledger::PinEntry {
        staff: DEALER,
        pin: "0000",
    };
    let refused = Station::open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        &wrong_dealer,
        &boss(),
        Feed::SoftwareShoe,
    )
    .expect_err("a wrong dealer PIN opens nothing");
    let ledger = *refused.ledger;
    assert!(ledger.open_shift_now().unwrap().is_none());
    // The wrong PIN and the checkpoint that signs it.
    assert_eq!(ledger.head().unwrap().rows, after_wrong_pin.rows + 2);
    assert_eq!(ledger.lock_state(DEALER).unwrap().wrong_in_a_row, 1);
}

#[test]
fn an_idle_dealer_is_timed_out_in_the_ledger_and_must_sign_in_again() {
    let (ledger, path, clock) = staffed_ledger("station-idle");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    let limit = station.idle_time_left().unwrap();
    assert!(limit > Duration::from_secs(60), "{limit:?}");
    clock.set(2026, 3, 1, 20, 5);
    assert!(!station.time_out_if_idle().unwrap());
    assert!(station.idle_time_left().unwrap() < limit);
    // Acting resets the idle time.
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "10");
    station.start_hand().unwrap();
    assert_eq!(station.idle_time_left().unwrap(), limit);

    clock.set(2026, 3, 1, 21, 0);
    assert_eq!(station.idle_time_left().unwrap(), Duration::ZERO);
    assert!(station.time_out_if_idle().unwrap());
    assert_eq!(station.dealer(), None);
    assert_eq!(station.idle_time_left(), None);
    assert!(station.ledger().active_session(DEALER).unwrap().is_none());
    // The hand waits, untouched, for a dealer.
    let events = station.table().events().to_vec();
    assert!(matches!(
        station.deal_from_shoe(),
        Err(StationError::NoDealer)
    ));
    assert_eq!(station.table().events(), events.as_slice());
    assert!(!station.time_out_if_idle().unwrap());

    station.sign_in_dealer(&dealer()).unwrap();
    play_on_software_shoe(&mut station);
    confirm_and_check(&mut station, &path);
}

#[test]
fn a_pit_boss_overrides_a_scanner_alarm_and_the_override_is_recorded() {
    let (mut station, mut script, path, _, table) = rocket_hand_on_script("station-override");
    script.card(7);
    station.poll_scanner().unwrap();
    // No alarm: nothing to override.
    assert!(station.override_alarms(&boss()).is_err());
    script.gap(1);
    station.poll_scanner().unwrap();
    assert_eq!(station.alarms().len(), 1);
    let events = station.table().events().to_vec();

    // The dealer cannot override their own alarm.
    assert!(station.override_alarms(&dealer()).is_err());
    assert_eq!(station.alarms().len(), 1);
    assert_eq!(station.ledger().alarms(table, true).unwrap().len(), 1);

    station.override_alarms(&boss()).unwrap();
    assert!(station.alarms().is_empty());
    assert!(!station.prompt().stopped);
    // No card was invented: the hand waits for the same card.
    assert_eq!(station.table().events(), events.as_slice());
    let alarms = station.ledger().alarms(table, false).unwrap();
    let (by, how, _) = alarms[0].cleared.clone().unwrap();
    assert_eq!(by, BOSS);
    assert!(how.starts_with("scanner alarm overridden"), "{how}");
    let overrides: Vec<_> = station
        .ledger()
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == ExceptionKind::ScannerOverride)
        .collect();
    assert_eq!(overrides.len(), 1, "{overrides:?}");
    assert_eq!(overrides[0].staff, Some(DEALER));
    assert_eq!(overrides[0].approved_by, Some(BOSS));
    assert_eq!(overrides[0].hand, Some(HandId(1)));

    let mut next = 0;
    play_on_script(&mut station, &mut script, &mut next);
    confirm_and_check(&mut station, &path);
}

#[test]
fn a_scanner_alarm_open_when_the_station_stopped_needs_a_pit_boss_after_the_restart() {
    let (mut station, mut script, path, clock, table) =
        rocket_hand_on_script("station-carried-alarm");
    script.card(7);
    station.poll_scanner().unwrap();
    script.gap(3);
    station.poll_scanner().unwrap();
    assert_eq!(station.alarms().len(), 1);
    drop(station);

    let (mut script, feed) = Script::new();
    let mut station = reopened(reopen_ledger(&path, &clock), feed);
    assert!(station.has_notices());
    let notices: Vec<&str> = station.notices().collect();
    assert!(
        notices.iter().any(|n| n.starts_with(&format!(
            "Alarm raised {} and still open",
            crate::local_time(2026, 3, 1, 20, 0)
        ))),
        "{notices:?}"
    );
    assert!(station.notices_need_pit_boss());
    assert!(station.prompt().stopped);
    station.sign_in_dealer(&dealer()).unwrap();
    let error = station.acknowledge_notices(None).unwrap_err();
    assert!(matches!(error, StationError::PitBossNeeded), "{error:?}");
    assert!(error.to_string().contains("pit boss"), "{error}");
    // The dealer's own PIN is not a pit boss's.
    assert!(station.acknowledge_notices(Some(&dealer())).is_err());
    assert!(station.has_notices());
    assert!(!station.ledger().alarms(table, true).unwrap().is_empty());

    station.acknowledge_notices(Some(&boss())).unwrap();
    assert!(!station.has_notices());
    assert!(station.ledger().alarms(table, true).unwrap().is_empty());
    for alarm in station.ledger().alarms(table, false).unwrap() {
        assert_eq!(alarm.cleared.unwrap().0, BOSS, "{:?}", alarm.message);
    }
    let mut next = 0;
    play_on_script(&mut station, &mut script, &mut next);
    confirm_and_check(&mut station, &path);
}

#[test]
fn a_physical_shoe_shuffled_between_hands_is_recorded_with_its_burns_and_counted() {
    let (mut station, mut script, path, clock, _) = rocket_hand_on_script("station-shoe-between");
    let mut next = 0;
    play_on_script(&mut station, &mut script, &mut next);
    confirm_and_check(&mut station, &path);

    // Between hands the dealer inserts a freshly shuffled shoe and burns.
    let before = station.shuffles_this_shift();
    script.send(Message::ShoeInserted {
        shoe_id: "SHOE-2".into(),
    });
    station.poll_scanner().unwrap();
    assert_eq!(station.shuffles_this_shift(), before + 1);
    for _ in 0..station.burns_due() {
        script.card(RANKS[next % RANKS.len()]);
        next += 1;
        station.poll_scanner().unwrap();
    }
    assert!(station.alarms().is_empty(), "{:?}", station.alarms());
    station.start_hand().unwrap();
    play_on_script(&mut station, &mut script, &mut next);
    let id = confirm_and_check(&mut station, &path);
    let events = station.ledger().load_hand(id).unwrap().events;
    assert!(
        matches!(
            events.first(),
            Some(HandEvent::ExternalShuffle { mid_hand: false })
        ),
        "{:?}",
        events.first()
    );
    let burns = events
        .iter()
        .filter(|e| matches!(e, HandEvent::ExternalBurn { .. }))
        .count();
    assert_eq!(burns, HouseRules::default().burn as usize);

    // The count on the header survives a restart.
    let shuffles = station.shuffles_this_shift();
    drop(station);
    let (mut script, feed) = Script::new();
    let mut station = reopened(reopen_ledger(&path, &clock), feed);
    assert_eq!(station.shuffles_this_shift(), shuffles);

    // A version 1 shoe cannot say what it did while the station was down:
    // the next hand needs a freshly shuffled shoe.
    station.sign_in_dealer(&dealer()).unwrap();
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "20");
    let error = station.start_hand().unwrap_err().to_string();
    assert!(error.contains("the shoe's count is not known"), "{error}");
    assert!(
        station
            .prompt()
            .text
            .contains("the shoe's count is not known"),
        "{:?}",
        station.prompt()
    );
    script.send(Message::ShoeInserted {
        shoe_id: "SHOE-3".into(),
    });
    station.poll_scanner().unwrap();
    for _ in 0..station.burns_due() {
        script.card(RANKS[next % RANKS.len()]);
        next += 1;
        station.poll_scanner().unwrap();
    }
    station.start_hand().unwrap();
    play_on_script(&mut station, &mut script, &mut next);
    confirm_and_check(&mut station, &path);
}

#[test]
fn a_card_read_with_no_dealer_or_under_a_notice_is_an_alarm_not_a_deal() {
    let (mut station, mut script, path, clock, table) =
        rocket_hand_on_script("station-card-while-stopped");
    script.card(7);
    station.poll_scanner().unwrap();
    let events = station.table().events().to_vec();

    // No dealer: the card is not dealt; it is an alarm in the ledger.
    station.sign_out_dealer().unwrap();
    script.card(9);
    station.poll_scanner().unwrap();
    assert_eq!(station.table().events(), events.as_slice());
    assert_eq!(station.alarms().len(), 1);
    let fault = station.alarms()[0].to_string();
    assert!(fault.contains("no dealer is signed in"), "{fault}");
    assert_eq!(station.ledger().alarms(table, true).unwrap().len(), 1);
    station.sign_in_dealer(&dealer()).unwrap();
    // The 9 left the shoe: a re-read would leave it out of the record. A
    // pit boss enters it as the card due, in place of the read.
    let refused = station.re_read().unwrap_err();
    assert!(
        refused.to_string().contains("card 9 (frame 1)"),
        "{refused}"
    );
    station
        .enter_card_by_hand(Rank::new(9).unwrap(), &boss())
        .unwrap();
    assert_eq!(station.table().events().len(), events.len() + 1);
    assert!(station.strays().is_empty());
    drop(station);

    // After a restart the recovery notice stops play the same way.
    let (mut script, feed) = Script::new();
    let mut station = reopened(reopen_ledger(&path, &clock), feed);
    station.sign_in_dealer(&dealer()).unwrap();
    let events = station.table().events().to_vec();
    script.card(4);
    station.poll_scanner().unwrap();
    assert_eq!(station.table().events(), events.as_slice());
    let fault = station.alarms()[0].to_string();
    assert!(
        fault.contains("a notice waits to be acknowledged"),
        "{fault}"
    );
    // The 4 is set aside with the pit boss's approval, and recorded.
    assert!(station.re_read().is_err());
    station.override_alarms(&boss()).unwrap();
    station.acknowledge_notices(None).unwrap();
    let mut next = 0;
    play_on_script(&mut station, &mut script, &mut next);
    let id = confirm_and_check(&mut station, &path);
    let recorded = station.ledger().load_hand(id).unwrap();
    assert!(recorded.events.contains(&HandEvent::SetAside {
        rank: Rank::new(4).unwrap(),
        source: CardSource::Scanner { frame: 0 },
        approved_by: BOSS.0,
    }));
}

/// Issue 30, item 1: a card read while play is stopped waits for a pit
/// boss; the station is killed at each point of that (after the first
/// stray, after a second, after the pit boss's decision) and reopened, and
/// every card that left the shoe is in the committed hand.
#[test]
fn cards_waiting_for_a_pit_boss_when_the_station_dies_are_recorded_after_the_restart() {
    let nine = Rank::new(9).unwrap();
    let four = Rank::new(4).unwrap();
    for crash_after in 0..3 {
        let (mut station, mut script, path, clock, table) =
            rocket_hand_on_script(&format!("station-stray-crash-{crash_after}"));
        script.card(7);
        station.poll_scanner().unwrap();
        station.sign_out_dealer().unwrap();
        script.card(9);
        station.poll_scanner().unwrap();
        if crash_after >= 1 {
            script.card(4);
            station.poll_scanner().unwrap();
        }
        if crash_after >= 2 {
            station.sign_in_dealer(&dealer()).unwrap();
            station.override_alarms(&boss()).unwrap();
        }
        // Killed: nothing more is written.
        drop(station);

        let (mut script, feed) = Script::new();
        let mut station = reopened(reopen_ledger(&path, &clock), feed);
        station.sign_in_dealer(&dealer()).unwrap();
        let waiting: Vec<(u16, Rank)> = station.strays().iter().map(|s| (s.seq, s.rank)).collect();
        let expected = match crash_after {
            0 => vec![(1, nine)],
            1 => vec![(1, nine), (2, four)],
            _ => vec![],
        };
        assert_eq!(waiting, expected, "crash after step {crash_after}");
        if !expected.is_empty() {
            // The alarm is not a notice the dealer can wave away: a re-read
            // is refused and only a pit boss's decision clears it.
            assert!(station.prompt().stopped);
            assert!(station.re_read().is_err());
            let open_scanner = |station: &Station| {
                station
                    .ledger()
                    .alarms(table, true)
                    .unwrap()
                    .into_iter()
                    .filter(|a| a.kind == AlarmKind::Scanner)
                    .count()
            };
            assert_eq!(open_scanner(&station), 1);
            station.override_alarms(&boss()).unwrap();
            assert_eq!(open_scanner(&station), 0);
        }
        if station.has_notices() {
            station.acknowledge_notices(Some(&boss())).unwrap();
        }
        let mut next = 0;
        play_on_script(&mut station, &mut script, &mut next);
        let id = confirm_and_check(&mut station, &path);
        let recorded = station.ledger().load_hand(id).unwrap();
        let set_aside: Vec<(u64, Rank)> = recorded
            .events
            .iter()
            .filter_map(|event| match event {
                HandEvent::SetAside {
                    rank,
                    source: CardSource::Scanner { frame },
                    approved_by,
                } => {
                    assert_eq!(*approved_by, BOSS.0);
                    Some((*frame, *rank))
                }
                _ => None,
            })
            .collect();
        let mut wanted = vec![(1, nine)];
        if crash_after >= 1 {
            wanted.push((2, four));
        }
        assert_eq!(set_aside, wanted, "crash after step {crash_after}");
        assert!(station.ledger().journaled_strays().unwrap().is_empty());
    }
}

/// One step of the hand [`killed_after_any_step_every_card_that_left_the_shoe_is_in_the_committed_hand`] plays.
#[derive(Clone, Copy, Debug)]
enum KillStep {
    /// What the hand needs next: the next card read, or a decision.
    InTurn,
    /// The dealer signs out: play stops.
    SignOut,
    /// A card leaves the shoe while play is stopped: it waits for a pit boss.
    Stray(i64),
    /// The dealer signs in again.
    SignIn,
    /// A pit boss overrides the alarm: the waiting cards are set aside.
    Override,
}

/// Plays `step` at `station` on `script`; returns the rank of a card that
/// left the shoe, if one did.
fn play_kill_step(
    station: &mut Station,
    script: &mut Script,
    next: &mut usize,
    step: KillStep,
) -> Option<Rank> {
    match step {
        KillStep::InTurn => match station.table().need() {
            Need::Card(_) => {
                let rank = RANKS[*next % RANKS.len()];
                *next += 1;
                script.card(rank);
                station.poll_scanner().unwrap();
                return Some(Rank::new(rank).unwrap());
            }
            Need::Decision { seat, choices } => {
                let action = policy(station.hand().unwrap(), seat, &choices);
                station.decide(action).unwrap();
            }
            Need::Done => {}
        },
        KillStep::SignOut => station.sign_out_dealer().unwrap(),
        KillStep::Stray(rank) => {
            script.card(rank);
            station.poll_scanner().unwrap();
            return Some(Rank::new(rank).unwrap());
        }
        KillStep::SignIn => station.sign_in_dealer(&dealer()).unwrap(),
        KillStep::Override => station.override_alarms(&boss()).unwrap(),
    }
    None
}

/// Issue 30, item 1, on every path: a Rocket hand in which cards leave the
/// shoe in turn and while play is stopped (waiting for a pit boss, who sets
/// them aside) is killed after each of its steps in turn, before any. After
/// each kill the table reopens, what waits is decided by a pit boss, the
/// hand is played out and confirmed, and every card that left the shoe,
/// before the kill and after, is in the committed hand: dealt or set aside.
#[test]
fn killed_after_any_step_every_card_that_left_the_shoe_is_in_the_committed_hand() {
    use KillStep::{InTurn, Override, SignIn, SignOut, Stray};
    let steps = [
        InTurn,
        InTurn,
        SignOut,
        Stray(9),
        Stray(4),
        SignIn,
        Override,
        InTurn,
        InTurn,
        SignOut,
        Stray(6),
        SignIn,
        Override,
        InTurn,
        InTurn,
    ];
    for killed_after in 0..=steps.len() {
        let (mut station, mut script, path, clock, _) =
            rocket_hand_on_script(&format!("station-kill-every-step-{killed_after}"));
        let mut left_the_shoe = Vec::new();
        let mut next = 0;
        for step in &steps[..killed_after] {
            left_the_shoe.extend(play_kill_step(&mut station, &mut script, &mut next, *step));
        }
        // Killed: nothing more is written.
        drop(station);

        let (mut script, feed) = Script::new();
        let mut station = reopened(reopen_ledger(&path, &clock), feed);
        station.sign_in_dealer(&dealer()).unwrap();
        if !station.strays().is_empty() || !station.alarms().is_empty() {
            station.override_alarms(&boss()).unwrap();
        }
        if station.has_notices() {
            let boss = boss();
            let pit_boss = station.notices_need_pit_boss().then_some(&boss);
            station.acknowledge_notices(pit_boss).unwrap();
        }
        while station.settlement().is_none() {
            left_the_shoe.extend(play_kill_step(&mut station, &mut script, &mut next, InTurn));
        }
        let id = confirm_and_check(&mut station, &path);
        let mut recorded: Vec<Rank> = station
            .ledger()
            .load_hand(id)
            .unwrap()
            .events
            .iter()
            .filter_map(|event| match event {
                HandEvent::Card { rank, .. } | HandEvent::SetAside { rank, .. } => Some(*rank),
                _ => None,
            })
            .collect();
        recorded.sort();
        left_the_shoe.sort();
        assert_eq!(
            recorded, left_the_shoe,
            "killed after step {killed_after} of {steps:?}"
        );
        assert!(station.ledger().journaled_strays().unwrap().is_empty());
    }
}

#[test]
fn a_dealer_locked_out_elsewhere_stops_dealing_here() {
    let (ledger, path, _) = staffed_ledger("station-lockout");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "20");
    station.start_hand().unwrap();
    // Five wrong PINs for the dealer (at any station) lock the account and
    // end the session in the ledger.
    for _ in 0..5 {
        assert!(station.ledger_mut().sign_in(DEALER, "0000").is_err());
    }
    assert!(station.ledger().lock_state(DEALER).unwrap().locked);
    let events = station.table().events().to_vec();
    assert!(matches!(
        station.deal_from_shoe(),
        Err(StationError::NoDealer)
    ));
    assert_eq!(station.dealer(), None);
    assert_eq!(station.table().events(), events.as_slice());
    // Nothing to time out or sign out: no error, no row.
    let head = station.ledger().head().unwrap();
    assert!(!station.time_out_if_idle().unwrap());
    station.sign_out_dealer().unwrap();
    assert_eq!(station.ledger().head().unwrap(), head);
    // Once a pit boss resets the lockout the dealer signs in again.
    station.ledger_mut().reset_lockout(DEALER, &boss()).unwrap();
    station.sign_in_dealer(&dealer()).unwrap();
    play_on_software_shoe(&mut station);
    confirm_and_check(&mut station, &path);
}

#[test]
fn two_restarts_before_the_notice_is_acknowledged_give_one_recovery_notice() {
    let (ledger, path, clock) = staffed_ledger("station-two-restarts");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "20");
    station.start_hand().unwrap();
    some_steps_on_software_shoe(&mut station, 2);
    drop(station);
    let station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    assert_eq!(station.notices().count(), 1);
    drop(station);
    let mut station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    assert_eq!(
        station.notices().count(),
        1,
        "{:?}",
        station.notices().collect::<Vec<_>>()
    );
    let table = station.table_id();
    assert_eq!(station.ledger().alarms(table, false).unwrap().len(), 1);
    acknowledge_recovery(&mut station, 1);
    play_on_software_shoe(&mut station);
    confirm_and_check(&mut station, &path);
}

#[test]
fn a_second_table_opened_on_the_same_ledger_numbers_its_hands_on() {
    let (ledger, path, _clock) = staffed_ledger("station-second-table");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    bet(&mut station, 1, "10");
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    assert_eq!(station.confirm_settlement().unwrap(), HandId(1));
    let shift = station.shift_id();
    let refused = station.ledger_mut().close_table(shift, DEALER, &boss());
    assert!(
        matches!(refused, Err(LedgerError::Shift(ShiftError::CloserNotCounted(s))) if s == shift),
        "{refused:?}"
    );
    station
        .ledger_mut()
        .waive_count(
            shift,
            CountKind::Closer,
            "tray taken to the cage sealed",
            &boss(),
        )
        .unwrap();
    station
        .ledger_mut()
        .close_table(shift, DEALER, &boss())
        .unwrap();
    station.sign_out_dealer().unwrap();

    // The same station, now a Starboard table: another table in the ledger.
    let mut station = open(
        station.into_ledger(),
        setup(GameKind::Starboard, 2, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    for s in [1, 2] {
        seat(&mut station, s);
    }
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    assert_eq!(station.confirm_settlement().unwrap(), HandId(2));
    assert!(discrepancies(&path).is_empty());
}

#[test]
fn the_shoe_device_is_recorded_with_each_shoe_and_a_different_one_stops_play() {
    use pairs_table::scanner::Identity;
    let (mut station, mut script, _, _, table) = rocket_hand_on_script("station-device");
    let shoe = station.ledger().current_shoe(table).unwrap().unwrap();
    let identity = |serial: &str| Identity {
        maker: "Acme".into(),
        model: "RS-9".into(),
        serial: serial.into(),
        firmware: "1.0".into(),
    };
    let hello = |serial: &str| Message::Hello {
        identity: identity(serial),
        version: 2,
    };
    script
        .tx
        .send(ScanEvent::Protocol {
            version: Protocol::V2,
        })
        .unwrap();
    script.send(hello("SN1"));
    script.send(Message::ShoeInserted {
        shoe_id: "A-7".into(),
    });
    station.poll_scanner().unwrap();
    assert!(station.alarms().is_empty());
    let shown = station.device().unwrap().to_string();
    assert!(shown.contains("Acme RS-9 serial SN1"), "{shown}");
    // The same shoe again (a firmware update is recorded, no alarm).
    script.send(Message::Hello {
        identity: Identity {
            firmware: "1.1".into(),
            ..identity("SN1")
        },
        version: 2,
    });
    station.poll_scanner().unwrap();
    assert!(station.alarms().is_empty());
    // A different shoe mid-shift stops play and is in the ledger.
    script.send(hello("SN2"));
    station.poll_scanner().unwrap();
    assert_eq!(station.alarms().len(), 1);
    let alarm = station.alarms()[0].to_string();
    assert!(alarm.contains("SN2") && alarm.contains("SN1"), "{alarm}");
    assert_eq!(station.ledger().alarms(table, true).unwrap().len(), 1);
    let devices = station.ledger().shoe_devices(shoe).unwrap();
    let seen: Vec<(Option<&str>, &str, &str)> = devices
        .iter()
        .map(|d| {
            let identity = d.identity.as_ref().unwrap();
            (
                d.stack_id.as_deref(),
                identity.serial.as_str(),
                identity.firmware.as_str(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (None, "SN1", "1.0"),
            (Some("A-7"), "SN1", "1.0"),
            (None, "SN1", "1.1"),
            (None, "SN2", "1.0")
        ]
    );
    assert!(devices.iter().all(|d| d.protocol == 2));
}

#[test]
fn the_first_hand_waits_for_the_opener_or_a_pit_bosss_waiver() {
    let (ledger, _path, _clock) = staffed_ledger("station-opener");
    let mut station = Station::open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        &dealer(),
        &boss(),
        Feed::SoftwareShoe,
    )
    .map_err(|refused| refused.error)
    .unwrap();
    assert!(
        station
            .prompt()
            .text
            .starts_with("Count the opener before the first hand")
    );
    bet(&mut station, 1, "10");
    let refused = station.start_hand().unwrap_err();
    assert!(
        matches!(refused, StationError::OpenerNotCounted),
        "{refused:?}"
    );
    assert!(station.table().hand().is_none());

    // A dealer cannot waive it; a pit boss can, with a reason.
    let shift = station.shift_id();
    let by_dealer =
        station
            .ledger_mut()
            .waive_count(shift, CountKind::Opener, "tray not delivered", &dealer());
    assert!(
        matches!(
            by_dealer,
            Err(LedgerError::Access(AccessError::NotPermitted { .. }))
        ),
        "{by_dealer:?}"
    );
    station
        .ledger_mut()
        .waive_count(shift, CountKind::Opener, "tray not delivered", &boss())
        .unwrap();
    assert!(!station.opener_needed().unwrap());
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    station.confirm_settlement().unwrap();
    let waived = station
        .ledger()
        .exceptions(TimeRange::default())
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == ExceptionKind::CountWaived)
        .collect::<Vec<_>>();
    assert_eq!(waived.len(), 1);
    assert_eq!(waived[0].staff, Some(BOSS));
    assert!(
        waived[0].detail.contains("opener of shift"),
        "{}",
        waived[0].detail
    );
}

/// Set in the child processes of
/// [`killed_at_random_the_ledger_keeps_every_card_that_left_the_shoe`]: the
/// ledger they deal on until they are killed.
const DEALING_CHILD: &str = "PAIRS_TABLE_TEST_DEALING_CHILD";

/// The card-reading shoe of the kill test: full six-deck stacks in random
/// order; each card read is the first of the stack the table's count can
/// still hold (after a restart the count starts over).
struct RandomShoe {
    stack: Vec<Rank>,
    inserted: u32,
}

impl RandomShoe {
    /// The shoe in the reader when a station starts (after a restart, the
    /// one the hand in progress goes on from).
    fn new() -> RandomShoe {
        let mut shoe = RandomShoe {
            stack: Vec::new(),
            inserted: 0,
        };
        shoe.shuffle();
        shoe
    }

    fn shuffle(&mut self) {
        use rand::seq::SliceRandom;
        let decks = Decks::new(6).unwrap();
        self.stack = Rank::ALL
            .into_iter()
            .flat_map(|rank| std::iter::repeat_n(rank, usize::from(decks.copies_of(rank))))
            .collect();
        self.stack.shuffle(&mut rand::rng());
    }

    /// A freshly shuffled shoe goes into the reader.
    fn insert(&mut self, script: &mut Script) {
        self.shuffle();
        self.inserted += 1;
        script.send(Message::ShoeInserted {
            shoe_id: format!("SHOE-{}-{}", std::process::id(), self.inserted),
        });
    }

    /// The next card leaves the shoe and is read; the station handles it.
    fn read(&mut self, station: &mut Station, script: &mut Script) -> Rank {
        let at = self
            .stack
            .iter()
            .position(|&rank| station.table().count().check(rank).is_ok())
            .expect("the stack holds a card the count allows");
        let rank = self.stack.remove(at);
        script.card(rank.value().into());
        assert_eq!(station.poll_scanner().unwrap(), 1);
        assert!(station.alarms().is_empty(), "{:?}", station.alarms());
        rank
    }
}

/// Deals at the station until the hand in progress is settled and
/// confirmed, then shoe after shoe, hand after hand: a new shoe inserted and
/// burned before every hand. `left` hears each card as soon as the station
/// has handled it (returns only if `hands` hands are dealt). Between hands
/// the dealer takes `pause` after each step, as a dealer does.
fn deal_on(
    station: &mut Station,
    script: &mut Script,
    shoe: &mut RandomShoe,
    (hands, pause): (u32, Duration),
    mut left: impl FnMut(Rank),
) {
    if station.dealer().is_none() {
        station.sign_in_dealer(&dealer()).unwrap();
    }
    if station.has_notices() {
        let boss = boss();
        let pit_boss = station.notices_need_pit_boss().then_some(&boss);
        station.acknowledge_notices(pit_boss).unwrap();
    }
    let mut dealt = 0;
    loop {
        while station.hand().is_some() {
            match station.table().need() {
                Need::Card(_) => left(shoe.read(station, script)),
                Need::Decision { seat, choices } => {
                    let action = policy(station.hand().unwrap(), seat, &choices);
                    station.decide(action).unwrap();
                }
                Need::Done => unreachable!("a hand in progress needs something"),
            }
        }
        if station.settlement().is_some() {
            station.confirm_settlement().unwrap();
            dealt += 1;
        }
        if dealt >= hands {
            return;
        }
        shoe.insert(script);
        assert_eq!(station.poll_scanner().unwrap(), 1);
        std::thread::sleep(pause);
        for _ in 0..station.burns_due() {
            left(shoe.read(station, script));
            std::thread::sleep(pause);
        }
        bet(station, 1, "10");
        bet(station, 2, "20");
        station.start_hand().unwrap();
    }
}

/// The station at `path`, reopened or (the first time) opened, reading
/// a scripted shoe.
fn station_at(path: &Path) -> (Station, Script) {
    let mut ledger = Ledger::open(
        path,
        Box::new(pairs_table::ledger::SystemClock),
        crate::test_keys(),
    )
    .unwrap();
    ledger.set_station("table 1");
    let (script, feed) = Script::new();
    match Station::reopen(ledger, move |_, _| Ok(feed)).unwrap() {
        Reopened::Table(station) => (*station, script),
        Reopened::NoOpenTable(ledger) => {
            let (script, feed) = Script::new();
            let setup = setup(GameKind::Rocket, 6, SourceChoice::SimulatedShoe);
            (open(*ledger, setup, feed), script)
        }
    }
}

/// Every card that left the shoe, in the order the ledger's hands hold them
/// (dealt, burned, set aside).
fn cards_in_ledger(path: &Path) -> Vec<Rank> {
    let ledger =
        Ledger::open_read_only(path, Box::new(pairs_table::ledger::SystemClock), false).unwrap();
    let hands = ledger.browse_hands(&HandFilter::default()).unwrap().len() as i64;
    (1..=hands)
        .flat_map(|id| ledger.load_hand(HandId(id)).unwrap().events)
        .filter_map(|event| match event {
            HandEvent::Card { rank, .. }
            | HandEvent::ExternalBurn { rank, .. }
            | HandEvent::SetAside { rank, .. } => Some(rank),
            _ => None,
        })
        .collect()
}

#[test]
fn killed_at_random_the_ledger_keeps_every_card_that_left_the_shoe() {
    use rand::RngExt;
    use std::io::Write;
    // In a child: deal until killed, saying each card once it is handled.
    if let Some(path) = std::env::var_os(DEALING_CHILD) {
        let (mut station, mut script) = station_at(Path::new(&path));
        let mut out = std::io::stdout().lock();
        deal_on(
            &mut station,
            &mut script,
            &mut RandomShoe::new(),
            (u32::MAX, Duration::from_millis(3)),
            |rank| {
                writeln!(out, "card left the shoe: {rank}").unwrap();
                out.flush().unwrap();
            },
        );
        return;
    }
    let (ledger, path, _) = staffed_ledger("station-killed");
    drop(ledger);
    let seed: u64 = rand::rng().random();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
    let mut said = Vec::new();
    let rounds = 8;
    for round in 0..rounds {
        let (mut child, lines, reader) = child_test(
            "station::killed_at_random_the_ledger_keeps_every_card_that_left_the_shoe",
            DEALING_CHILD,
            &path,
        );
        // The test harness's own "test … … " may open the line.
        let heard = lines.iter().filter_map(|line| {
            let (_, rank) = line.split_once("card left the shoe: ")?;
            Rank::new(rank.parse().ok()?).ok()
        });
        // Each round deals at least one card, however slow the machine,
        // then is killed at a random moment: mid-hand, or (most often, as
        // the dealer pauses there) between hands, after a new shoe or a burn.
        let mut heard = heard;
        said.push(
            heard
                .next()
                .unwrap_or_else(|| panic!("seed {seed}, round {round}: the child said nothing")),
        );
        std::thread::sleep(Duration::from_millis(rng.random_range(20..300)));
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        said.extend(heard);
    }
    // Finish here: the hand left in progress, then one more, so that what
    // waits between hands is committed too.
    let (mut station, mut script) = station_at(&path);
    let mut finishing = Vec::new();
    deal_on(
        &mut station,
        &mut script,
        &mut RandomShoe::new(),
        (2, Duration::ZERO),
        |rank| finishing.push(rank),
    );
    drop(station);
    assert_eq!(discrepancies(&path), Vec::new(), "seed {seed}");
    let recorded = cards_in_ledger(&path);
    said.extend(finishing);
    // Every card said to have left is recorded, in order; at most the one
    // card each killed child was handling when it died was recorded
    // without being said.
    let mut unsaid = 0;
    let mut next = said.iter().peekable();
    for rank in &recorded {
        if next.peek() == Some(&rank) {
            next.next();
        } else {
            unsaid += 1;
        }
    }
    assert_eq!(
        next.count(),
        0,
        "seed {seed}: cards that left the shoe are missing from the ledger"
    );
    assert!(
        unsaid <= rounds,
        "seed {seed}: {unsaid} cards recorded that no child said left the shoe"
    );
}

#[test]
fn a_software_shoe_shuffled_at_opening_is_journaled_before_the_first_hand() {
    let (ledger, path, clock) = staffed_ledger("station-software-between");
    let station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    let waiting = station.ledger().recover_between_hands().unwrap();
    assert!(
        matches!(
            waiting.first(),
            Some(HandEvent::Shoe(ShoeEvent::Shuffled(_)))
        ),
        "{waiting:?}"
    );
    let burns = waiting
        .iter()
        .filter(|e| matches!(e, HandEvent::Shoe(ShoeEvent::Burned { .. })))
        .count();
    assert_eq!(burns, usize::from(HouseRules::default().burn));
    // The station stops before the first hand: its shoe is gone, but what
    // left it opens the first hand's record, before the new shoe's shuffle.
    drop(station);
    let mut station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    station.sign_in_dealer(&dealer()).unwrap();
    bet(&mut station, 1, "10");
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    let id = station.confirm_settlement().unwrap();
    let events = station.ledger().load_hand(id).unwrap().events;
    assert_eq!(events[..waiting.len()], waiting[..]);
    assert!(
        matches!(
            events[waiting.len()],
            HandEvent::Shoe(ShoeEvent::Shuffled(_))
        ),
        "{events:?}"
    );
    assert!(station.ledger().recover_between_hands().unwrap().is_empty());
    drop(station);
    assert_eq!(discrepancies(&path), Vec::new());
}

/// Set in the child processes of
/// [`killed_while_opening_a_table_the_ledger_holds_all_of_it_or_none`].
const OPENING_CHILD: &str = "PAIRS_TABLE_TEST_OPENING_CHILD";

/// Starts this test binary again as a child running test `name` with
/// `variable` set to `path`; its stdout is read line by line into the
/// returned channel.
fn child_test(
    name: &str,
    variable: &str,
    path: &Path,
) -> (
    std::process::Child,
    std::sync::mpsc::Receiver<String>,
    std::thread::JoinHandle<()>,
) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(variable, path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, lines) = channel();
    let reader = std::thread::Builder::new()
        .name("child stdout".into())
        .spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        })
        .unwrap();
    (child, lines, reader)
}

#[test]
fn killed_while_opening_a_table_the_ledger_holds_all_of_it_or_none() {
    use rand::RngExt;
    use std::io::Write;
    // In a child: open the table, close it, open it again, … until killed.
    if let Some(path) = std::env::var_os(OPENING_CHILD) {
        let mut out = std::io::stdout().lock();
        loop {
            let (mut station, _script) = station_at(Path::new(&path));
            let shift = station.shift_id();
            station
                .ledger_mut()
                .waive_count(
                    shift,
                    CountKind::Closer,
                    "no chips at a test table",
                    &boss(),
                )
                .unwrap();
            station
                .ledger_mut()
                .close_table(shift, DEALER, &boss())
                .unwrap();
            writeln!(out, "\nclosed shift {shift}").unwrap();
            out.flush().unwrap();
        }
    }
    let (ledger, path, _) = staffed_ledger("station-killed-opening");
    drop(ledger);
    let seed: u64 = rand::rng().random();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
    for round in 0..10 {
        let (mut child, lines, reader) = child_test(
            "station::killed_while_opening_a_table_the_ledger_holds_all_of_it_or_none",
            OPENING_CHILD,
            &path,
        );
        if round == 0 {
            lines
                .iter()
                .find(|line| line.starts_with("closed shift"))
                .expect("the child opens and closes a table");
        }
        if round % 2 == 0 {
            // At a random moment (a cycle takes about a second).
            std::thread::sleep(Duration::from_millis(rng.random_range(0..1200)));
        } else {
            // The moment a new shift shows in the file: had the opening
            // been several transactions, its shoe would not be there yet.
            let watch = rusqlite::Connection::open_with_flags(
                &path,
                rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
            )
            .unwrap();
            let shifts = || -> i64 {
                watch
                    .query_row("SELECT COUNT(*) FROM shifts", [], |r| r.get(0))
                    .unwrap_or(0)
            };
            let before = shifts();
            let until = Instant::now() + Duration::from_secs(10);
            while shifts() == before && Instant::now() < until {
                std::thread::sleep(Duration::from_micros(200));
            }
        }
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        // Every table has all its settings, every shift its approval and a
        // shoe, and the station starts again.
        let conn = rusqlite::Connection::open(&path).unwrap();
        let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
        let half_open = [
            "SELECT COUNT(*) FROM tables t WHERE \
             (SELECT COUNT(DISTINCT key) FROM table_settings WHERE table_id = t.id) < 4",
            "SELECT COUNT(*) FROM shifts s WHERE NOT EXISTS \
             (SELECT 1 FROM shoes WHERE table_id = s.table_id AND seq > s.seq)",
            "SELECT COUNT(*) FROM shifts s WHERE NOT EXISTS \
             (SELECT 1 FROM approvals WHERE action = 'open_table' AND seq < s.seq \
              AND detail = 'opened shift ' || s.id)",
        ];
        for sql in half_open {
            assert_eq!(count(sql), 0, "seed {seed}, round {round}: {sql}");
        }
        drop(conn);
        let ledger = Ledger::open(
            &path,
            Box::new(pairs_table::ledger::SystemClock),
            crate::test_keys(),
        )
        .unwrap();
        Station::reopen(ledger, |_, _| Ok(Feed::SoftwareShoe))
            .unwrap_or_else(|e| panic!("seed {seed}, round {round}: {e}"));
    }
    assert_eq!(discrepancies(&path), Vec::new(), "seed {seed}");
}

/// Rewrites the ledger at `path` as the builds of 2026-11-26 wrote it
/// (docs/house-rules.md, "Ledgers hashed with the misnamed text"): every
/// rules hash of the default rules is the misnamed one, in the rules row,
/// the hands, the table's setting and the journal, with the chain and its
/// checkpoints recomputed and signed with the station's own key.
fn as_written_with_misnamed_rules_hash(path: &Path) {
    use crate::insider::{Checkpoints, Forgery, rehash_with};
    let rules = HouseRules::default();
    let (right, misnamed) = (rules.hash_hex(), rules.misnamed_hash_hex());
    let forgery = Forgery::open(path);
    for sql in [
        "UPDATE rules SET rules_hash = ?1 WHERE rules_hash = ?2",
        "UPDATE hands SET rules_hash = ?1 WHERE rules_hash = ?2",
        "UPDATE table_settings SET value = ?1 WHERE value = ?2",
        "UPDATE journal_hand SET rules_hash = ?1 WHERE rules_hash = ?2",
    ] {
        forgery.conn.execute(sql, [&misnamed, &right]).unwrap();
    }
    let key = ed25519_dalek::SigningKey::from_bytes(&[7; 32]);
    rehash_with(&forgery.conn, 1, Checkpoints::ResignedWith(&key));
    forgery.finish();
}

/// Issue 28: a ledger recorded with the misnamed rules hash verifies (the
/// one known-wrong form, said once), and a table reopened on it starts
/// its next hands under the right hash (the hand in progress is committed
/// as it was journaled, with the old one).
#[test]
fn a_ledger_with_the_misnamed_rules_hash_verifies_and_records_on_with_the_right_one() {
    let (ledger, path, clock) = staffed_ledger("station-misnamed-rules");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 2, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    bet(&mut station, 1, "20");
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    station.confirm_settlement().unwrap();
    bet(&mut station, 2, "30");
    station.start_hand().unwrap();
    some_steps_on_software_shoe(&mut station, 1);
    drop(station);
    as_written_with_misnamed_rules_hash(&path);

    let rules = HouseRules::default();
    assert_eq!(rules_hashes_of_hands(&path), [rules.misnamed_hash_hex()]);
    let summary =
        pairs_table::ledger::verify(&path, &pairs_table::ledger::VerifyOptions::default(), |d| {
            panic!("an old build's ledger must verify: {d}")
        })
        .unwrap();
    assert_eq!(summary.misnamed_rules, 1);
    let out = crate::pairs_table()
        .args(["audit", "verify", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    let notes: Vec<&str> = stdout.lines().filter(|l| l.starts_with("note: ")).collect();
    assert_eq!(notes.len(), 1, "{stdout}");
    assert!(
        notes[0].starts_with("note: 1 house rules row(s) carry the hash of the misnamed"),
        "{stdout}"
    );
    assert!(stdout.contains("discrepancies: 0"), "{stdout}");

    let mut station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    acknowledge_recovery(&mut station, 2);
    play_on_software_shoe(&mut station);
    station.confirm_settlement().unwrap();
    bet(&mut station, 3, "40");
    station.start_hand().unwrap();
    play_on_software_shoe(&mut station);
    station.confirm_settlement().unwrap();
    drop(station);
    assert_eq!(
        rules_hashes_of_hands(&path),
        [
            rules.misnamed_hash_hex(),
            rules.misnamed_hash_hex(),
            rules.hash_hex()
        ]
    );
    let summary =
        pairs_table::ledger::verify(&path, &pairs_table::ledger::VerifyOptions::default(), |d| {
            panic!("the ledger must verify after the reopen: {d}")
        })
        .unwrap();
    assert_eq!(summary.misnamed_rules, 1);
    assert_eq!(summary.hands, 3);
}

/// A card-reading shoe on a pseudo-terminal, driven by the test: it numbers
/// every frame from power-on, keeps them for a `RESEND`, and a thread of its
/// own answers the host's requests and sends a heartbeat after 300 ms
/// without a frame, unless the shoe is `down` (the station is; the test
/// numbers what the shoe sends meanwhile with `lose`).
struct PtyShoe {
    wire: Arc<Mutex<PtyWire>>,
    stop: Arc<AtomicBool>,
    /// How many times the readers of this shoe's feeds woke their station.
    wakes: Arc<AtomicUsize>,
    thread: Option<std::thread::JoinHandle<()>>,
    device: String,
    protocol: Protocol,
}

struct PtyWire {
    link: PtyLink,
    frames: Sequencer,
    next: u16,
    pending: Vec<u8>,
    last_sent: Instant,
    down: bool,
}

impl PtyWire {
    /// Numbers and keeps a frame; returns its number.
    fn number(&mut self, message: Message) -> (u16, Vec<u8>) {
        let seq = self.next;
        self.next = next_seq(seq);
        let (bytes, _) = self.frames.encode(message, None);
        (seq, bytes)
    }

    fn send(&mut self, message: Message) -> u16 {
        let (seq, bytes) = self.number(message);
        // Written while no station reads, it is lost on the wire.
        let _ = self.link.write(&bytes);
        self.last_sent = Instant::now();
        seq
    }

    /// Answers IDENT and RESEND; a heartbeat after 300 ms of quiet.
    fn serve(&mut self) {
        if self.down {
            return;
        }
        for request in self.link.read_requests(&mut self.pending) {
            match request {
                HostRequest::Identify => {
                    self.send(hello());
                }
                HostRequest::Resend { from, count } => {
                    let bytes = self.frames.resend(from, count);
                    let _ = self.link.write(&bytes);
                }
            }
        }
        if self.last_sent.elapsed() > Duration::from_millis(300) {
            self.send(Message::Heartbeat);
        }
    }
}

fn hello() -> Message {
    Message::Hello {
        identity: sim_identity("SN-8"),
        version: 2,
    }
}

impl PtyShoe {
    fn new(path: &Path, protocol: Protocol) -> PtyShoe {
        let link = PtyLink::create(path).unwrap();
        let device = link.device_name().to_owned();
        let wire = Arc::new(Mutex::new(PtyWire {
            link,
            frames: Sequencer::new(protocol),
            next: 0,
            pending: Vec::new(),
            last_sent: Instant::now(),
            down: false,
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (wire, stop) = (Arc::clone(&wire), Arc::clone(&stop));
            std::thread::Builder::new()
                .name("test-pty-shoe".into())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        wire.lock().unwrap().serve();
                        std::thread::sleep(Duration::from_millis(10));
                    }
                })
                .unwrap()
        };
        PtyShoe {
            wire,
            stop,
            wakes: Arc::new(AtomicUsize::new(0)),
            thread: Some(thread),
            device,
            protocol,
        }
    }

    /// The station's link to this shoe, carrying on from `resume_after`.
    fn feed(&self, resume_after: Option<u16>) -> Feed {
        let mut config = ReaderConfig::new(&self.device);
        config.resume_after = resume_after;
        let wakes = Arc::clone(&self.wakes);
        let waker = Box::new(move || {
            wakes.fetch_add(1, Ordering::SeqCst);
        });
        Feed::Scanner(Box::new(ScanLink::port(config, waker).unwrap()))
    }

    fn wakes(&self) -> usize {
        self.wakes.load(Ordering::SeqCst)
    }

    fn send(&self, message: Message) -> u16 {
        self.wire.lock().unwrap().send(message)
    }

    /// A frame sent while the station is down: numbered and kept, never
    /// read; returns its number.
    fn lose(&self, message: Message) -> u16 {
        self.wire.lock().unwrap().number(message).0
    }

    /// The station stops: what its reader had is handled, then the shoe's
    /// frames go unread until `up`.
    fn down(&self, station: &mut Station) {
        self.wire.lock().unwrap().down = true;
        std::thread::sleep(Duration::from_millis(200));
        station.poll_scanner().unwrap();
    }

    fn up(&self) {
        self.wire.lock().unwrap().down = false;
    }

    /// Polls the station until `done`.
    fn run_until(&self, station: &mut Station, done: impl Fn(&Station) -> bool) {
        let start = Instant::now();
        loop {
            station.poll_scanner().unwrap();
            if done(station) {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "alarms {:?}, shoe {:?}, link {:?}",
                station.alarms(),
                station.shoe_count(),
                station.scan_link().unwrap().status()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until the station's reader has the port open (bytes written
    /// before that are not read).
    fn wait_connected(station: &Station) {
        let start = Instant::now();
        while !station.scan_link().unwrap().status().connected {
            assert!(start.elapsed() < Duration::from_secs(5), "never connected");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for PtyShoe {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A table on a card-reading shoe: HELLO (version 2), a new shoe and its
/// burns, read through a pseudo-terminal; returns the station and the
/// cards taken from the shoe.
fn table_on_pty_shoe(ledger: Ledger, shoe: &PtyShoe) -> Station {
    let source = SourceChoice::Scanner {
        path: shoe.device.clone(),
        baud: 9600,
    };
    let mut station = open(ledger, setup(GameKind::Rocket, 2, source), shoe.feed(None));
    PtyShoe::wait_connected(&station);
    // Opening took longer than the silence limit (the PINs are hashed):
    // the shoe's heartbeat ends the alarm, and the dealer re-reads.
    shoe.run_until(&mut station, |s| {
        s.scan_link().unwrap().status().frames_good > 0
    });
    if !station.alarms().is_empty() {
        station.re_read().unwrap();
    }
    if shoe.protocol == Protocol::V2 {
        shoe.send(hello());
    }
    shoe.send(Message::ShoeInserted {
        shoe_id: "A-1".into(),
    });
    let burns = station.table().rules().burn;
    for rank in [7, 3, 9, 2, 10].into_iter().take(usize::from(burns)) {
        shoe.send(Message::Card {
            rank: Rank::new(rank).unwrap(),
        });
    }
    shoe.run_until(&mut station, |s| {
        s.shuffles_this_shift() == 1 && s.burns_due() == 0 && s.device().is_some()
    });
    assert!(station.alarms().is_empty(), "{:?}", station.alarms());
    assert_eq!(
        station.table().count().taken(),
        u16::from(burns),
        "the burns are out of the shoe"
    );
    station
}

fn reopened_on(ledger: Ledger, shoe: &PtyShoe) -> Station {
    match Station::reopen(ledger, |_, last| Ok(shoe.feed(last))).unwrap() {
        Reopened::Table(station) => {
            PtyShoe::wait_connected(&station);
            *station
        }
        Reopened::NoOpenTable(_) => panic!("the table is not open"),
    }
}

/// Issue 46, item 5: an idle table on a card-reading shoe does not repaint
/// on every heartbeat. The reader journals a heartbeat itself while the
/// station has handled everything before it, and wakes nobody; a card
/// still wakes the station and is handled and journaled in order; and a
/// station that dies while the shoe idles has journaled the last heartbeat.
#[test]
fn an_idle_card_reading_shoe_wakes_nobody_and_its_heartbeats_are_journaled() {
    let (ledger, path, clock) = staffed_ledger("station-quiet-heartbeats");
    let shoe = PtyShoe::new(&path.with_file_name("shoe-link"), Protocol::V2);
    let mut station = table_on_pty_shoe(ledger, &shoe);
    // From here the test sends every frame; what came before is handled.
    shoe.down(&mut station);
    shoe.down(&mut station);
    let woken = shoe.wakes();
    let beats: Vec<u16> = (0..3)
        .map(|_| {
            let seq = shoe.send(Message::Heartbeat);
            std::thread::sleep(Duration::from_millis(100));
            seq
        })
        .collect();
    wait_until_journaled(&path, beats[2]);
    assert_eq!(shoe.wakes(), woken, "a heartbeat woke the station");
    assert_eq!(
        station.poll_scanner().unwrap(),
        0,
        "nothing was left to handle"
    );

    station.sign_in_dealer(&dealer()).unwrap();
    bet(&mut station, 1, "10");
    station.start_hand().unwrap();
    let taken = station.table().count().taken();
    let card = shoe.send(Message::Card {
        rank: Rank::new(5).unwrap(),
    });
    shoe.run_until(&mut station, |s| s.table().count().taken() == taken + 1);
    assert!(shoe.wakes() > woken, "the card did not wake the station");
    assert_eq!(journaled_frame(&path), Some(i64::from(card)));

    let beat = shoe.send(Message::Heartbeat);
    wait_until_journaled(&path, beat);
    drop(station);
    let mut station = reopened_on(reopen_ledger(&path, &clock), &shoe);
    shoe.up();
    shoe.run_until(&mut station, |s| s.shoe_count() != ShoeKnown::Checking);
    assert_eq!(station.shoe_count(), ShoeKnown::Known);
    assert_eq!(station.table().count().taken(), taken + 1);
    assert!(station.alarms().is_empty(), "{:?}", station.alarms());

    // After a silence the first heartbeat changes what is shown (the
    // scanner light): it wakes the station like any other frame.
    shoe.down(&mut station);
    let start = Instant::now();
    while !station.scan_link().unwrap().status().silent {
        assert!(start.elapsed() < Duration::from_secs(5), "never silent");
        std::thread::sleep(Duration::from_millis(20));
    }
    station.poll_scanner().unwrap();
    let woken = shoe.wakes();
    shoe.send(Message::Heartbeat);
    shoe.run_until(&mut station, |s| !s.scan_link().unwrap().status().silent);
    assert!(
        shoe.wakes() > woken,
        "the heartbeat after a silence woke nobody"
    );
}

/// The frame number in the ledger's `journal_link`, read as an auditor
/// would, on a connection of its own.
fn journaled_frame(path: &Path) -> Option<i64> {
    use rusqlite::OptionalExtension;
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    conn.query_row("SELECT frame FROM journal_link", [], |r| r.get(0))
        .optional()
        .unwrap()
}

/// Waits (five seconds at most) until `journal_link` holds `frame`.
fn wait_until_journaled(path: &Path, frame: u16) {
    let start = Instant::now();
    while journaled_frame(path) != Some(i64::from(frame)) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "frame {frame} was never journaled; the journal holds {:?}",
            journaled_frame(path)
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Issue 30, item 8: a clean close and reopen on a version 2 shoe that
/// sent only heartbeats meanwhile goes on with the same shoe: the station
/// asks for the frames it missed, they come, none is a card, and the
/// device is the one recorded.
#[test]
fn a_restart_on_a_version_2_shoe_that_sent_only_heartbeats_keeps_the_count() {
    let (ledger, path, clock) = staffed_ledger("station-shoe-kept");
    let shoe = PtyShoe::new(&path.with_file_name("shoe-link"), Protocol::V2);
    let mut station = table_on_pty_shoe(ledger, &shoe);
    let (taken, left) = (
        station.table().count().taken(),
        station.table().count().remaining(),
    );
    shoe.down(&mut station);
    drop(station);
    for _ in 0..3 {
        shoe.lose(Message::Heartbeat);
    }
    let mut station = reopened_on(reopen_ledger(&path, &clock), &shoe);
    assert_eq!(station.shoe_count(), ShoeKnown::Checking);
    shoe.up();
    assert_eq!(
        station.table().count().taken(),
        taken,
        "the count stands meanwhile"
    );
    shoe.send(Message::Heartbeat);
    shoe.run_until(&mut station, |s| s.shoe_count() != ShoeKnown::Checking);
    assert_eq!(station.shoe_count(), ShoeKnown::Known);
    assert_eq!(station.table().count().taken(), taken);
    assert_eq!(station.table().count().remaining(), left);
    assert_eq!(station.new_shoe_reason(), None);
    assert_eq!(station.burns_due(), 0);
    assert!(station.alarms().is_empty(), "{:?}", station.alarms());
    // Play goes on with the same shoe: the next card is dealt, not refused.
    station.sign_in_dealer(&dealer()).unwrap();
    bet(&mut station, 1, "10");
    station.start_hand().unwrap();
    shoe.send(Message::Card {
        rank: Rank::new(5).unwrap(),
    });
    shoe.run_until(&mut station, |s| s.table().count().taken() == taken + 1);
    assert!(station.alarms().is_empty(), "{:?}", station.alarms());
}

/// A card that left the shoe while the station was down comes back when
/// asked for: it waits for a pit boss like any card read while none was
/// due (journaled at once, never lost), and the count is still known.
#[test]
fn a_card_that_left_the_shoe_while_the_station_was_down_is_alarmed_and_kept() {
    let (ledger, path, clock) = staffed_ledger("station-shoe-card-down");
    let shoe = PtyShoe::new(&path.with_file_name("shoe-link"), Protocol::V2);
    let mut station = table_on_pty_shoe(ledger, &shoe);
    let taken = station.table().count().taken();
    shoe.down(&mut station);
    drop(station);
    shoe.lose(Message::Heartbeat);
    let frame = shoe.lose(Message::Card {
        rank: Rank::new(8).unwrap(),
    });
    shoe.lose(Message::Heartbeat);
    let mut station = reopened_on(reopen_ledger(&path, &clock), &shoe);
    shoe.up();
    shoe.run_until(&mut station, |s| s.shoe_count() != ShoeKnown::Checking);
    assert_eq!(station.shoe_count(), ShoeKnown::Known);
    let strays = station.strays();
    assert_eq!(strays.len(), 1, "{strays:?}");
    assert_eq!((strays[0].seq, strays[0].rank.value()), (frame, 8));
    assert_eq!(
        station.ledger().journaled_strays().unwrap(),
        [(frame, Rank::new(8).unwrap())],
        "journaled the moment it came"
    );
    let alarms = station.alarms();
    assert!(
        alarms.iter().any(|a| a
            .to_string()
            .contains("left the shoe while the station was down")),
        "{alarms:?}"
    );
    station.sign_in_dealer(&dealer()).unwrap();
    station.override_alarms(&boss()).unwrap();
    assert!(station.table().events().iter().any(|e| matches!(
        e,
        HandEvent::SetAside {
            source: CardSource::Scanner { frame: f },
            ..
        } if *f == u64::from(frame)
    )));
    assert_eq!(station.table().count().taken(), taken + 1);
    assert_eq!(station.new_shoe_reason(), None);
}

/// More frames missed than a shoe keeps: whether cards left it is not
/// known, so a fresh shoe is due, and the prompt says exactly why.
#[test]
fn a_gap_the_shoe_no_longer_holds_makes_a_fresh_shoe_due_with_the_reason() {
    let (ledger, path, clock) = staffed_ledger("station-shoe-gap");
    let shoe = PtyShoe::new(&path.with_file_name("shoe-link"), Protocol::V2);
    let mut station = table_on_pty_shoe(ledger, &shoe);
    shoe.down(&mut station);
    drop(station);
    for _ in 0..300 {
        shoe.lose(Message::Heartbeat);
    }
    let mut station = reopened_on(reopen_ledger(&path, &clock), &shoe);
    shoe.up();
    shoe.run_until(&mut station, |s| s.shoe_count() != ShoeKnown::Checking);
    let why = "the shoe sent 300 frames while the station was down, more than it can send again, so the shoe's count is not known";
    assert_eq!(station.shoe_count(), ShoeKnown::NotKnown(why));
    assert_eq!(station.new_shoe_reason(), Some(why));
    station.sign_in_dealer(&dealer()).unwrap();
    assert_eq!(
        station.prompt().text,
        format!("Insert a freshly shuffled shoe before the next hand: {why}.")
    );
}

/// A version 1 shoe cannot send frames again: after a restart a fresh
/// shoe is due, and the reason says so.
#[test]
fn a_restart_on_a_version_1_shoe_makes_a_fresh_shoe_due() {
    let (ledger, path, clock) = staffed_ledger("station-shoe-v1");
    let shoe = PtyShoe::new(&path.with_file_name("shoe-link"), Protocol::V1);
    let mut station = table_on_pty_shoe(ledger, &shoe);
    shoe.down(&mut station);
    drop(station);
    let station = reopened_on(reopen_ledger(&path, &clock), &shoe);
    let why = "the shoe speaks protocol 1, which cannot send again the frames it sent while the station was down, so the shoe's count is not known";
    assert_eq!(station.shoe_count(), ShoeKnown::NotKnown(why));
    assert_eq!(station.new_shoe_reason(), Some(why));
}

/// A new shoe inserted in the middle of a hand never passes quietly: it is
/// an alarm that stops play until a pit boss lets the hand go on from it.
#[test]
fn a_new_shoe_inserted_in_the_middle_of_a_hand_is_an_alarm() {
    let (ledger, _, _) = staffed_ledger("station-shoe-mid-hand");
    let (mut script, feed) = Script::new();
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SimulatedShoe),
        feed,
    );
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "10");
    station.start_hand().unwrap();
    script.card(4);
    station.poll_scanner().unwrap();
    let shuffles = station.shuffles_this_shift();
    script.send(Message::ShoeInserted {
        shoe_id: "B-2".into(),
    });
    station.poll_scanner().unwrap();
    let alarms = station.alarms();
    assert_eq!(alarms.len(), 1, "{alarms:?}");
    assert!(
        alarms[0].to_string().contains("in the middle of the hand"),
        "{alarms:?}"
    );
    assert!(station.prompt().stopped);
    assert_eq!(
        station.shuffles_this_shift(),
        shuffles,
        "not shuffled in yet"
    );
    assert!(station.re_read().is_err());
    station.override_alarms(&boss()).unwrap();
    assert_eq!(station.shuffles_this_shift(), shuffles + 1);
    assert_eq!(station.burns_due(), station.table().rules().burn);
}

/// Deals the software shoe's hand in progress to its settlement.
fn finish_on_software_shoe(station: &mut Station) {
    while station.settlement().is_none() {
        match station.table().need() {
            Need::Card(_) => station.deal_from_shoe().unwrap(),
            Need::Decision { seat, choices } => {
                let action = policy(station.hand().unwrap(), seat, &choices);
                station.decide(action).unwrap();
            }
            Need::Done => unreachable!(),
        }
    }
}

/// Issue 30, item 8: a restart between hands keeps the software shoe's
/// count (dealt, left, the cut card); its lost stack is replaced by the
/// cards still in it, shuffled and committed to as a recorded shuffle of
/// that many cards, and the record verifies.
#[test]
fn a_restart_between_hands_keeps_the_software_shoes_count() {
    let (ledger, path, clock) = staffed_ledger("station-software-count-kept");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 1, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    for _ in 0..2 {
        bet(&mut station, 1, "10");
        bet(&mut station, 2, "10");
        station.start_hand().unwrap();
        finish_on_software_shoe(&mut station);
        confirm_and_check(&mut station, &path);
    }
    let count = station.table().count().clone();
    let shuffles = station.shuffles_this_shift();
    drop(station);
    let station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    let kept = station.table().count();
    assert_eq!(
        (kept.taken(), kept.remaining(), kept.cut_position()),
        (count.taken(), count.remaining(), count.cut_position())
    );
    let Some(HandEvent::Shoe(ShoeEvent::Shuffled(commitment))) = station.table().events().last()
    else {
        panic!("{:?}", station.table().events());
    };
    assert_eq!(commitment.cards, count.remaining());
    assert!(!commitment.mid_hand);
    assert_eq!(station.shuffles_this_shift(), shuffles + 1);
    // A second restart before the next hand rebuilds the same count.
    drop(station);
    let mut station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    assert_eq!(station.table().count().taken(), count.taken());
    station.sign_in_dealer(&dealer()).unwrap();
    bet(&mut station, 1, "10");
    bet(&mut station, 2, "10");
    station.start_hand().unwrap();
    finish_on_software_shoe(&mut station);
    // confirm_and_check verifies the whole ledger (`audit verify`).
    confirm_and_check(&mut station, &path);
}

/// Issue 30, item 8: on the simulated shoe, a crash mid-hand left it empty
/// and the new shoe the dealer inserted was shuffled into the hand quietly.
/// Now the restarted shoe (its frame 0) makes the count not known, and the
/// new shoe inserted in the middle of the hand is an alarm.
#[test]
fn after_a_crash_mid_hand_a_new_simulated_shoe_is_an_alarm_not_a_quiet_shuffle() {
    let (ledger, path, clock) = staffed_ledger("station-sim-crash");
    let setup = setup(GameKind::Rocket, 2, SourceChoice::SimulatedShoe);
    let link = path.with_file_name("shoe-link");
    let simulated = |resume_after| {
        ScanLink::simulated(
            &link,
            setup.decks,
            setup.rules.penetration_permille,
            resume_after,
            Box::new(|| {}),
        )
        .unwrap()
    };
    let mut station = open(
        ledger,
        setup.clone(),
        Feed::Scanner(Box::new(simulated(None))),
    );
    // Opening hashed PINs for longer than the silence limit.
    wait_for(&mut station, |s| s.device().is_some());
    if !station.alarms().is_empty() {
        station.re_read().unwrap();
    }
    station.insert_simulated_shoe().unwrap();
    wait_for(&mut station, |s| s.shuffles_this_shift() == 1);
    for _ in 0..station.table().rules().burn {
        let due = station.burns_due();
        station.pull_simulated_card().unwrap();
        wait_for(&mut station, |s| s.burns_due() < due);
    }
    bet(&mut station, 1, "10");
    station.start_hand().unwrap();
    station.pull_simulated_card().unwrap();
    wait_for(&mut station, |s| {
        s.table()
            .events()
            .iter()
            .any(|e| matches!(e, HandEvent::Card { .. }))
    });
    drop(station);

    let mut station = match Station::reopen(reopen_ledger(&path, &clock), |_, last| {
        assert!(last.is_some(), "the last frame was journaled");
        Ok(Feed::Scanner(Box::new(simulated(last))))
    })
    .unwrap()
    {
        Reopened::Table(station) => *station,
        Reopened::NoOpenTable(_) => panic!("the table is not open"),
    };
    let why = "the shoe restarted (its frame 0) while the station was down, so the shoe's count is not known";
    wait_for(&mut station, |s| s.shoe_count() == ShoeKnown::NotKnown(why));
    station.sign_in_dealer(&dealer()).unwrap();
    station.acknowledge_notices(None).unwrap();
    assert!(matches!(
        station.pull_simulated_card(),
        Err(StationError::SimulatedShoeEmpty)
    ));
    let shuffles = station.shuffles_this_shift();
    station.insert_simulated_shoe().unwrap();
    wait_for(&mut station, |s| !s.alarms().is_empty());
    assert!(
        station
            .alarms()
            .iter()
            .any(|a| a.to_string().contains("in the middle of the hand")),
        "{:?}",
        station.alarms()
    );
    assert_eq!(station.shuffles_this_shift(), shuffles, "not quietly");
    station.override_alarms(&boss()).unwrap();
    assert_eq!(station.shuffles_this_shift(), shuffles + 1);
}

/// Issue 46, item 6: the bets typed for the next hand are journaled; a
/// crash mid-hand (the station dropped) and a restart put back the bets
/// typed meanwhile for the hand after it.
#[test]
fn bets_typed_for_the_next_hand_survive_a_crash_mid_hand() {
    let (ledger, path, clock) = staffed_ledger("station-entries-crash");
    let mut station = open(
        ledger,
        setup(GameKind::Rocket, 6, SourceChoice::SoftwareShoe),
        Feed::SoftwareShoe,
    );
    bet(&mut station, 1, "10");
    bet(&mut station, 3, "20");
    station.journal_entries().unwrap();
    station.start_hand().unwrap();
    station.deal_from_shoe().unwrap();
    // During the hand the dealer types the next hand's bets.
    bet(&mut station, 3, "");
    bet(&mut station, 4, "70");
    station.journal_entries().unwrap();
    let typed = station.entries().to_vec();
    drop(station);

    let station = reopened(reopen_ledger(&path, &clock), Feed::SoftwareShoe);
    assert_eq!(station.entries(), typed.as_slice());
    assert!(
        station.hand().is_some(),
        "the hand goes on after the restart"
    );
    assert_eq!(discrepancies(&path), []);
}
