//! The intake's unit tests.

use super::*;
use crate::engine::hand::{CardTo, Need};
use crate::engine::rules::HouseRules;
use crate::engine::shoe::ShoeCount;
use crate::engine::table::{CardSupply, HandEvent, Seating, Table};
use crate::engine::{Decks, GameKind};
use crate::ids::StaffId;
use crate::scanner::decoder::ScanEvent;
use crate::scanner::frame::{FrameError, Message, MisreadKind};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn table(decks: i64) -> Table {
    let rules = HouseRules::default();
    let count = ShoeCount::new(Decks::new(decks).unwrap(), rules.penetration_permille);
    let mut table = Table::new(GameKind::Rocket, rules, CardSupply::External(count)).unwrap();
    table
        .start_hand(
            &Seating::Rocket(vec![(1, 100), (2, 100)]),
            &mut StdRng::seed_from_u64(1),
        )
        .unwrap();
    table
}

fn card(seq: u16, rank: i64) -> ScanEvent {
    ScanEvent::Frame {
        seq,
        message: Message::Card {
            rank: Rank::new(rank).unwrap(),
        },
    }
}

#[test]
fn a_card_goes_to_whoever_is_due() {
    let mut table = table(1);
    let mut intake = Intake::new();
    let outcome = intake.handle(&card(1, 5), &mut table);
    assert!(matches!(
        outcome,
        Outcome::Dealt {
            seq: 1,
            step: Step::Card {
                to: CardTo::Seat(1),
                ..
            },
            cut_card_out: false
        }
    ));
}

#[test]
fn a_card_when_a_decision_is_due_pauses_play_until_resolved() {
    let mut table = table(1);
    let mut intake = Intake::new();
    for (seq, rank) in [(1, 5), (2, 6), (3, 7)] {
        intake.handle(&card(seq, rank), &mut table);
    }
    assert!(matches!(table.need(), Need::Decision { .. }));
    let outcome = intake.handle(&card(4, 8), &mut table);
    assert!(matches!(outcome, Outcome::Alarm(Fault::NoCardDue { .. })));
    assert!(intake.paused());
    assert_eq!(
        intake.handle(&card(5, 9), &mut table),
        Outcome::Held {
            seq: 5,
            rank: Rank::new(9).unwrap()
        }
    );
    // Both cards left the shoe: a re-read would lose them.
    let taken = table.count().taken();
    let refused = intake.resolve(Resolution::ReRead, &mut table).unwrap_err();
    assert!(
        matches!(refused, IntakeError::CardsWaiting { .. }),
        "{refused}"
    );
    assert!(
        refused
            .to_string()
            .contains("card 8 (frame 4), card 9 (frame 5)")
    );
    assert!(intake.paused());
    let cleared = intake
        .resolve(
            Resolution::Override {
                approved_by: StaffId(4411),
            },
            &mut table,
        )
        .unwrap();
    assert_eq!(cleared.faults.len(), 1);
    assert_eq!(
        cleared.set_aside,
        [
            Stray {
                seq: 4,
                rank: Rank::new(8).unwrap()
            },
            Stray {
                seq: 5,
                rank: Rank::new(9).unwrap()
            }
        ]
    );
    assert!(!intake.paused());
    assert_eq!(
        table.count().taken(),
        taken + 2,
        "the count matches the stack"
    );
    assert_eq!(table.count().set_aside_count(), 2);
    let set_aside: Vec<&HandEvent> = table
        .events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                HandEvent::SetAside {
                    approved_by: 4411,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(set_aside.len(), 2);
}

#[test]
fn a_card_entered_by_hand_takes_the_place_of_the_first_stray() {
    let mut table = table(1);
    let mut intake = Intake::new();
    intake.handle(&card(1, 1), &mut table);
    // A second 1 is foreign in one deck: the card is really a 7, misread.
    intake.handle(&card(2, 1), &mut table);
    intake.handle(&card(3, 6), &mut table);
    let taken = table.count().taken();
    let cleared = intake
        .resolve(
            Resolution::EnterByHand {
                rank: Rank::new(7).unwrap(),
                approved_by: StaffId(4411),
            },
            &mut table,
        )
        .unwrap();
    assert_eq!(
        cleared.replaced,
        Some(Stray {
            seq: 2,
            rank: Rank::new(1).unwrap()
        })
    );
    assert_eq!(
        cleared.set_aside,
        [Stray {
            seq: 3,
            rank: Rank::new(6).unwrap()
        }]
    );
    // The 7 dealt and the 6 set aside left the stack; the foreign 1 did not count.
    assert_eq!(table.count().taken(), taken + 2);
}

#[test]
fn a_foreign_card_set_aside_is_recorded_but_not_counted_out_of_the_stack() {
    let mut table = table(1);
    let mut intake = Intake::new();
    intake.handle(&card(1, 1), &mut table);
    intake.handle(&card(2, 1), &mut table);
    let taken = table.count().taken();
    intake
        .resolve(
            Resolution::Override {
                approved_by: StaffId(4411),
            },
            &mut table,
        )
        .unwrap();
    assert_eq!(table.count().taken(), taken);
    assert!(matches!(
        table.events().last(),
        Some(HandEvent::SetAside {
            approved_by: 4411,
            ..
        })
    ));
}

#[test]
fn a_foreign_card_is_refused_and_can_be_entered_by_hand() {
    let mut table = table(1);
    let mut intake = Intake::new();
    intake.handle(&card(1, 1), &mut table);
    let outcome = intake.handle(&card(2, 1), &mut table);
    assert!(matches!(outcome, Outcome::Alarm(Fault::ForeignCard { .. })));
    assert_eq!(
        intake.alarms()[0].ways_out(),
        &[WayOut::ReRead, WayOut::EnterByHand, WayOut::Override]
    );
    let cleared = intake
        .resolve(
            Resolution::EnterByHand {
                rank: Rank::new(2).unwrap(),
                approved_by: StaffId(4411),
            },
            &mut table,
        )
        .unwrap();
    assert!(matches!(
        cleared.step,
        Some(Step::Card {
            to: CardTo::Seat(2),
            ..
        })
    ));
}

#[test]
fn gaps_misreads_corruption_and_disconnects_raise_alarms_but_noise_does_not() {
    let mut table = table(1);
    let mut intake = Intake::new();
    let noise = ScanEvent::Problem {
        seq: None,
        error: FrameError::Garbage { bytes: 3 },
    };
    assert_eq!(intake.handle(&noise, &mut table), Outcome::Noted);
    let events = [
        ScanEvent::Gap {
            expected: 2,
            received: 3,
            missing: 1,
        },
        ScanEvent::Frame {
            seq: 4,
            message: Message::Misread {
                kind: MisreadKind::Jam,
            },
        },
        ScanEvent::Problem {
            seq: None,
            error: FrameError::NoChecksum,
        },
        ScanEvent::Disconnected {
            reason: "unplugged".into(),
        },
        ScanEvent::Restarted { last: 9 },
    ];
    for event in &events {
        assert!(matches!(
            intake.handle(event, &mut table),
            Outcome::Alarm(_)
        ));
    }
    assert_eq!(intake.alarms().len(), events.len());
}

#[test]
fn the_virtual_cut_card_forces_a_shuffle_before_the_next_hand() {
    // One deck: the cut card sits at 44 of 55 cards.
    let mut table = table(1);
    let mut intake = Intake::new();
    let mut seq = 0;
    let mut cut_seen = false;
    let mut ranks = Rank::ALL
        .iter()
        .flat_map(|r| std::iter::repeat_n(*r, usize::from(r.value())));
    while !intake.shuffle_due() {
        if table.need() == Need::Done {
            table.finish_hand().unwrap();
            table
                .start_hand(
                    &Seating::Rocket(vec![(1, 100)]),
                    &mut StdRng::seed_from_u64(1),
                )
                .unwrap();
        }
        if let Need::Decision { seat, .. } = table.need() {
            table.act(seat, crate::engine::Action::Hit).unwrap();
            continue;
        }
        seq += 1;
        let rank = ranks.next().unwrap();
        if let Outcome::Dealt { cut_card_out, .. } =
            intake.handle(&card(seq, i64::from(rank.value())), &mut table)
        {
            cut_seen |= cut_card_out;
        }
    }
    assert!(cut_seen);
    // Finish the hand with hand-entered decisions and cards, then start another.
    while table.need() != Need::Done {
        match table.need() {
            Need::Decision { seat, .. } => {
                table.act(seat, crate::engine::Action::Fold).unwrap();
            }
            _ => {
                seq += 1;
                let rank = ranks.next().unwrap();
                intake.handle(&card(seq, i64::from(rank.value())), &mut table);
            }
        }
    }
    table.finish_hand().unwrap();
    table
        .start_hand(
            &Seating::Rocket(vec![(1, 100)]),
            &mut StdRng::seed_from_u64(1),
        )
        .unwrap();
    let outcome = intake.handle(&card(seq + 1, 10), &mut table);
    assert!(matches!(outcome, Outcome::Alarm(Fault::ShuffleDue { .. })));
    assert!(intake.resolve(Resolution::ReRead, &mut table).is_err());
    let inserted = ScanEvent::Frame {
        seq: seq + 2,
        message: Message::ShoeInserted {
            shoe_id: "B".into(),
        },
    };
    // The card read from the old shoe is accounted for before the new
    // shoe counts: the shuffle waits behind it.
    assert_eq!(intake.handle(&inserted, &mut table), Outcome::Noted);
    assert!(intake.shuffle_due());
    assert!(intake.resolve(Resolution::ReRead, &mut table).is_err());
    intake
        .resolve(
            Resolution::Override {
                approved_by: StaffId(4411),
            },
            &mut table,
        )
        .unwrap();
    assert!(!intake.shuffle_due());
    assert_eq!(intake.burns_due(), 5);
    let tail: Vec<&HandEvent> = table.events().iter().rev().take(2).collect();
    assert!(
        matches!(tail[0], HandEvent::ExternalShuffle { .. }),
        "{tail:?}"
    );
    assert!(matches!(tail[1], HandEvent::SetAside { .. }), "{tail:?}");
    let mut seq = seq + 2;
    for _ in 0..5 {
        seq += 1;
        let burned = intake.handle(&card(seq, 9), &mut table);
        assert_eq!(
            burned,
            Outcome::Burned {
                seq,
                rank: Rank::new(9).unwrap()
            }
        );
    }
    assert_eq!(table.count().burned(), 5, "burns are counted, not dealt");
    assert!(matches!(
        intake.handle(&card(seq + 1, 10), &mut table),
        Outcome::Dealt { .. }
    ));
}
#[test]
fn after_a_restart_the_missed_frames_keep_the_count_or_make_a_new_shoe_due() {
    let mut table = table(1);
    let mut intake = Intake::new();
    assert!(matches!(
        intake.handle(&card(1, 5), &mut table),
        Outcome::Dealt { .. }
    ));
    // The station stopped after journaling the card, before its frame
    // number: the journal says 0.
    let mut intake = Intake::new();
    intake.after_restart(&table, Ok(0));
    assert!(intake.checking());
    let resend = ScanEvent::ResendRequested { from: 1, count: 2 };
    assert_eq!(intake.handle(&resend, &mut table), Outcome::Noted);
    assert_eq!(
        intake.handle(&card(1, 5), &mut table),
        Outcome::Noted,
        "recorded already, not taken twice"
    );
    assert!(matches!(
        intake.handle(&card(2, 6), &mut table),
        Outcome::Alarm(Fault::LeftWhileDown { seq: 2, .. })
    ));
    assert_eq!(intake.strays().count(), 1);
    let hello = ScanEvent::Frame {
        seq: 3,
        message: Message::Hello {
            identity: crate::scanner::Identity {
                maker: "Acme".into(),
                model: "RS-9".into(),
                serial: "SN1".into(),
                firmware: "1.0".into(),
            },
            version: 2,
        },
    };
    intake.handle(&hello, &mut table);
    assert!(!intake.checking());
    assert_eq!(intake.count_unknown(), None);
    assert_eq!(intake.new_shoe_reason(), None);
    // Another restart, and more frames missed than the shoe keeps.
    let mut intake = Intake::new();
    intake.after_restart(&table, Ok(3));
    let gap = ScanEvent::Gap {
        expected: 4,
        received: 300,
        missing: 296,
    };
    assert_eq!(intake.handle(&gap, &mut table), Outcome::Noted);
    assert_eq!(
        intake.new_shoe_reason(),
        Some(
            "the shoe sent 296 frames while the station was down, more than it can send again, so the shoe's count is not known"
        )
    );
}

#[test]
fn a_new_shoe_in_the_middle_of_a_hand_waits_for_a_pit_boss() {
    let mut table = table(1);
    let mut intake = Intake::new();
    intake.handle(&card(1, 5), &mut table);
    let inserted = ScanEvent::Frame {
        seq: 2,
        message: Message::ShoeInserted {
            shoe_id: "B".into(),
        },
    };
    assert!(matches!(
        intake.handle(&inserted, &mut table),
        Outcome::Alarm(Fault::NewShoeMidHand { seq: 2 })
    ));
    assert!(intake.resolve(Resolution::ReRead, &mut table).is_err());
    let taken = table.count().taken();
    intake
        .resolve(
            Resolution::Override {
                approved_by: StaffId(4411),
            },
            &mut table,
        )
        .unwrap();
    assert!(matches!(
        table.events().last(),
        Some(HandEvent::ExternalShuffle { mid_hand: true })
    ));
    assert!(table.count().taken() < taken);
    assert_eq!(intake.burns_due(), table.rules().burn);
}
