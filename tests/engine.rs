//! The rule text's worked examples and a hand worked by hand for each ruling.

use pairs_table::engine::hand::{Action, CardTo, Need, PlayError};
use pairs_table::engine::money::{Account, TransferKind, balances, net_of};
use pairs_table::engine::rocket::{RocketEnd, RocketHand, RocketOutcome, SeatBet};
use pairs_table::engine::rules::{RocketRules, StarboardRules, StartRule};
use pairs_table::engine::starboard::{SeatState, StarboardHand};
use pairs_table::engine::{Rank, SetupError};

fn r(value: i64) -> Rank {
    Rank::new(value).unwrap()
}

fn rules(start: StartRule) -> RocketRules {
    RocketRules {
        start,
        min_bet_units: 10,
        max_bet_units: 1000,
    }
}

/// (seat, bet) pairs as a hand history gives them.
fn seat_bets(bets: &[(i64, i64)]) -> Vec<SeatBet> {
    bets.iter()
        .map(|&(seat, bet)| SeatBet::from_wire(seat, bet).unwrap())
        .collect()
}

fn rocket(
    bets: &[(i64, i64)],
    start: StartRule,
    previous: Option<i64>,
    cards: &[i64],
) -> RocketHand {
    let mut hand = RocketHand::new(&seat_bets(bets), &rules(start), previous).unwrap();
    for &card in cards {
        hand.deal(r(card)).unwrap();
    }
    hand
}

#[test]
fn rule_text_a_20_bet_folding_with_a_low_card_of_4_pays_8() {
    let mut hand = rocket(&[(1, 20)], StartRule::DealerLeft, None, &[4, 9]);
    hand.act(1, Action::Fold).unwrap();
    assert_eq!(hand.net(1), Some(-8));
    assert_eq!(hand.end(), Some(RocketEnd::AllOut));
    let transfers = hand.transfers();
    assert_eq!(transfers.len(), 1);
    assert_eq!(transfers[0].kind, TransferKind::FoldFee);
    assert_eq!(
        (transfers[0].from, transfers[0].to, transfers[0].amount),
        (Account::Seat(1), Account::House, 8)
    );
}

#[test]
fn the_fold_fee_uses_the_dealers_lowest_card_too() {
    let mut hand = rocket(&[(1, 20)], StartRule::DealerLeft, None, &[9, 4]);
    hand.act(1, Action::Fold).unwrap();
    assert_eq!(hand.outcome(1), Some(RocketOutcome::Folded(r(4))));
    assert_eq!(hand.net(1), Some(-8));
}

#[test]
fn rule_text_8_8_on_a_20_bet_pays_16() {
    let mut hand = rocket(&[(1, 20)], StartRule::DealerLeft, None, &[8, 5]);
    hand.act(1, Action::Hit).unwrap();
    hand.deal(r(8)).unwrap();
    assert_eq!(hand.outcome(1), Some(RocketOutcome::Paired(r(8))));
    assert_eq!(hand.net(1), Some(-16));
    assert_eq!(
        hand.need(),
        Need::Done,
        "nobody left in: the dealer does not draw"
    );
}

#[test]
fn rule_text_the_dealers_7_7_pays_a_50_bet_35() {
    let mut hand = rocket(&[(1, 50)], StartRule::DealerLeft, None, &[2, 7]);
    hand.act(1, Action::Hit).unwrap();
    hand.deal(r(5)).unwrap();
    assert_eq!(hand.need(), Need::Card(CardTo::Dealer));
    hand.deal(r(7)).unwrap();
    assert_eq!(hand.end(), Some(RocketEnd::DealerPaired));
    assert_eq!(hand.net(1), Some(35));
}

#[test]
fn rule_text_the_dealers_3_pays_3_tenths_even_on_the_first_card() {
    let hand = rocket(&[(1, 50), (4, 200)], StartRule::LowCard, None, &[9, 9, 3]);
    assert_eq!(hand.end(), Some(RocketEnd::DealerThree));
    assert_eq!(hand.net(1), Some(15));
    assert_eq!(hand.net(4), Some(60));
    assert_eq!(
        hand.starter(),
        None,
        "nobody acted, so nobody took the button"
    );
}

#[test]
fn a_dealers_3_on_a_later_draw_pays_only_players_still_in() {
    let mut hand = rocket(
        &[(1, 100), (2, 100)],
        StartRule::DealerLeft,
        None,
        &[5, 6, 8],
    );
    hand.act(1, Action::Fold).unwrap();
    hand.act(2, Action::Hit).unwrap();
    hand.deal(r(2)).unwrap();
    hand.deal(r(3)).unwrap();
    assert_eq!(hand.net(1), Some(-50));
    assert_eq!(hand.net(2), Some(30));
    assert!(balances(&hand.transfers()));
}

#[test]
fn a_player_3_means_nothing_special() {
    let mut hand = rocket(&[(1, 10)], StartRule::DealerLeft, None, &[3, 6]);
    hand.act(1, Action::Hit).unwrap();
    hand.deal(r(3)).unwrap();
    assert_eq!(hand.net(1), Some(-3), "a player's 3-3 is an ordinary pair");
}

#[test]
fn low_card_ties_go_to_the_first_tied_seat_left_of_the_previous_button() {
    // Seats 2 and 5 tie on a 4; previous button 2: search starts at seat 3.
    let hand = rocket(
        &[(2, 10), (3, 10), (5, 10)],
        StartRule::LowCard,
        Some(2),
        &[4, 9, 4, 8],
    );
    assert_eq!(hand.starter(), Some(5));
    assert_eq!(
        hand.need(),
        Need::Decision {
            seat: 5,
            choices: [Action::Hit, Action::Fold]
        }
    );
    // Previous button 5 (a tied seat itself): search from seat 6, wrapping to seat 2.
    let hand = rocket(
        &[(2, 10), (3, 10), (5, 10)],
        StartRule::LowCard,
        Some(5),
        &[4, 9, 4, 8],
    );
    assert_eq!(hand.starter(), Some(2));
    // No previous button: search from seat 1.
    let hand = rocket(
        &[(2, 10), (3, 10), (5, 10)],
        StartRule::LowCard,
        None,
        &[4, 9, 4, 8],
    );
    assert_eq!(hand.starter(), Some(2));
    // Previous button 6 wraps to seat 1.
    let hand = rocket(&[(1, 10), (6, 10)], StartRule::LowCard, Some(6), &[4, 4, 8]);
    assert_eq!(hand.starter(), Some(1));
}

#[test]
fn dealer_left_starts_with_the_lowest_occupied_seat_whatever_the_cards() {
    let hand = rocket(
        &[(3, 10), (4, 10)],
        StartRule::DealerLeft,
        Some(3),
        &[9, 1, 8],
    );
    assert_eq!(hand.starter(), Some(3));
}

#[test]
fn each_round_starts_from_the_starter_or_the_next_player_still_in() {
    // Seats 1, 2, 4; seat 2 has the low card and starts.
    let mut hand = rocket(
        &[(1, 10), (2, 10), (4, 10)],
        StartRule::LowCard,
        None,
        &[6, 2, 7, 9],
    );
    assert_eq!(hand.starter(), Some(2));
    hand.act(2, Action::Fold).unwrap();
    hand.act(4, Action::Hit).unwrap();
    hand.deal(r(5)).unwrap();
    hand.act(1, Action::Hit).unwrap();
    hand.deal(r(8)).unwrap();
    assert_eq!(hand.need(), Need::Card(CardTo::Dealer));
    hand.deal(r(10)).unwrap();
    // Seat 2 (the starter) is out, so the next round begins with seat 4.
    assert_eq!(
        hand.need(),
        Need::Decision {
            seat: 4,
            choices: [Action::Hit, Action::Fold]
        }
    );
}

#[test]
fn refused_steps_leave_the_hand_unchanged() {
    let mut hand = rocket(&[(1, 10), (2, 10)], StartRule::DealerLeft, None, &[6, 7, 9]);
    let before = format!("{hand:?}");
    assert_eq!(
        hand.act(2, Action::Hit),
        Err(PlayError::NotYourTurn { seat: 2, due: 1 })
    );
    assert!(matches!(
        hand.act(1, Action::Draw),
        Err(PlayError::NotThisGame { .. })
    ));
    assert_eq!(hand.deal(r(5)), Err(PlayError::DecisionDue { seat: 1 }));
    assert_eq!(format!("{hand:?}"), before);
    hand.act(1, Action::Hit).unwrap();
    assert!(matches!(
        hand.act(1, Action::Hit),
        Err(PlayError::CardDue { .. })
    ));
}

#[test]
fn bets_must_sit_on_the_grid_within_the_cap() {
    let limits = RocketRules {
        start: StartRule::LowCard,
        min_bet_units: 20,
        max_bet_units: 500,
    };
    let new = |bets: &[(i64, i64)]| {
        let bets = bets
            .iter()
            .map(|&(seat, bet)| SeatBet::from_wire(seat, bet))
            .collect::<Result<Vec<_>, _>>()?;
        RocketHand::new(&bets, &limits, None)
    };
    assert!(matches!(
        new(&[(1, 25)]),
        Err(SetupError::BetOffGrid { .. })
    ));
    assert!(matches!(new(&[(1, 0)]), Err(SetupError::BetOffGrid { .. })));
    assert!(matches!(
        new(&[(1, -10)]),
        Err(SetupError::BetOffGrid { .. })
    ));
    assert!(matches!(
        new(&[(1, 10)]),
        Err(SetupError::BetOutsideLimits { .. })
    ));
    assert!(matches!(
        new(&[(1, 510)]),
        Err(SetupError::BetOutsideLimits { .. })
    ));
    assert!(matches!(
        new(&[(7, 20)]),
        Err(SetupError::NoSuchSeat { .. })
    ));
    assert!(matches!(
        new(&[(1, 20), (1, 30)]),
        Err(SetupError::DuplicateSeat(1))
    ));
    assert!(matches!(new(&[]), Err(SetupError::TooFewPlayers { .. })));
    // Typed seats and bets are checked too.
    assert!(matches!(
        RocketHand::new(&[SeatBet { seat: 0, bet: 20 }], &limits, None),
        Err(SetupError::NoSuchSeat { seat: 0, .. })
    ));
    assert!(matches!(
        RocketHand::new(
            &[SeatBet {
                seat: 2,
                bet: u64::MAX
            }],
            &limits,
            None
        ),
        Err(SetupError::BetOffGrid { .. })
    ));
    assert!(new(&[(1, 500), (6, 20)]).is_ok());
}

fn starboard(seats: &[i64], button: i64, carry: i64) -> StarboardHand {
    StarboardHand::new(seats, button, carry, &StarboardRules::default()).unwrap()
}

#[test]
fn starboard_replaces_a_paired_opening_card_as_often_as_needed() {
    let mut hand = starboard(&[1, 2], 1, 0);
    hand.deal(r(6)).unwrap();
    assert!(matches!(
        hand.deal(r(6)).unwrap(),
        pairs_table::engine::Step::Card {
            discarded: true,
            ..
        }
    ));
    hand.deal(r(6)).unwrap();
    hand.deal(r(2)).unwrap();
    assert_eq!(hand.common(), &[r(6), r(2)]);
    assert_eq!(
        hand.need(),
        Need::Decision {
            seat: 1,
            choices: [Action::Draw, Action::Lock]
        }
    );
}

#[test]
fn starboard_a_draw_without_pairing_knocks_out_players_locked_with_fewer_cards() {
    let mut hand = starboard(&[1, 2, 3], 2, 0);
    hand.deal(r(9)).unwrap();
    hand.deal(r(10)).unwrap();
    hand.act(2, Action::Lock).unwrap();
    hand.act(3, Action::Draw).unwrap();
    hand.deal(r(4)).unwrap();
    assert_eq!(hand.state(2), SeatState::KnockedOut);
    hand.act(1, Action::Lock).unwrap();
    assert_eq!(hand.state(1), SeatState::Locked(3));
    hand.act(3, Action::Draw).unwrap();
    hand.deal(r(9)).unwrap();
    assert_eq!(hand.state(3), SeatState::Busted);
    assert!(hand.is_done());
    // Pot: 3 antes + 2 draws = 5, all to seat 1.
    assert_eq!(hand.net(1), Some(4));
    assert_eq!(hand.net(2), Some(-1));
    assert_eq!(hand.net(3), Some(-3));
}

#[test]
fn starboard_the_last_player_standing_locks_at_once() {
    let mut hand = starboard(&[4, 6], 6, 0);
    hand.deal(r(1)).unwrap();
    hand.deal(r(2)).unwrap();
    hand.act(6, Action::Draw).unwrap();
    hand.deal(r(2)).unwrap();
    assert_eq!(hand.state(6), SeatState::Busted);
    assert_eq!(
        hand.state(4),
        SeatState::Locked(2),
        "seat 4 locks without drawing"
    );
    assert!(hand.is_done());
    assert_eq!(hand.net(4), Some(2));
}

#[test]
fn starboard_odd_units_stay_in_the_pot_and_rake_comes_off_first() {
    let mut hand = starboard(&[1, 2, 3], 1, 2);
    hand.deal(r(5)).unwrap();
    hand.deal(r(7)).unwrap();
    for seat in [1, 2, 3] {
        hand.act(seat, Action::Lock).unwrap();
    }
    // Pot 2 + 3 = 5 split three ways: 1 each, 2 carried.
    let split = hand.split().unwrap();
    assert_eq!((split.share, split.carry_out), (1, 2));
    assert_eq!(hand.net(1), Some(0));
    let transfers = hand.transfers();
    assert!(balances(&transfers));
    assert_eq!(
        net_of(&transfers, Account::Carry),
        0,
        "carried in 2, carried out 2"
    );

    let raked = StarboardRules {
        unit: 5,
        rake_percent: 10,
        rake_cap: 0,
    };
    let mut hand = StarboardHand::new(&[1, 2], 2, 0, &raked).unwrap();
    hand.deal(r(5)).unwrap();
    hand.deal(r(7)).unwrap();
    hand.act(2, Action::Draw).unwrap();
    hand.deal(r(8)).unwrap();
    hand.act(1, Action::Lock).unwrap();
    hand.act(2, Action::Lock).unwrap();
    // Paid in: 2 antes + 1 draw = 3 units of 5 = 15; rake 10% = 1; 14 shared: 7 each.
    let split = hand.split().unwrap();
    assert_eq!((split.rake, split.share, split.carry_out), (1, 7, 0));
    assert_eq!(hand.net(2), Some(7 - 10));
    assert!(balances(&hand.transfers()));
}

#[test]
fn starboard_setup_refuses_bad_seating() {
    let rules = StarboardRules::default();
    assert!(matches!(
        StarboardHand::new(&[3], 3, 0, &rules),
        Err(SetupError::TooFewPlayers { .. })
    ));
    assert!(matches!(
        StarboardHand::new(&[1, 8], 1, 0, &rules),
        Err(SetupError::NoSuchSeat { .. })
    ));
    assert!(matches!(
        StarboardHand::new(&[1, 1], 1, 0, &rules),
        Err(SetupError::DuplicateSeat(1))
    ));
    assert!(matches!(
        StarboardHand::new(&[1, 2], 3, 0, &rules),
        Err(SetupError::ButtonNotSeated(3))
    ));
    assert!(matches!(
        StarboardHand::new(&[1, 2], 1, -1, &rules),
        Err(SetupError::BadCarry(-1))
    ));
}
