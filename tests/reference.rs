//! A second, deliberately plain implementation of RULINGS.md (lists and
//! loops, written from the rule text, sharing no code with the engine),
//! checked against the engine on thousands of simulated hands.

use pairs_table::engine::card::Decks;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::rules::HouseRules;
use pairs_table::history::{HandHistory, RocketHistory, StarboardHistory};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

/// Net per seat (seat order) for a Rocket history.
fn rocket_reference(h: &RocketHistory) -> Vec<(i64, i64)> {
    let mut seats: Vec<(i64, i64)> = h.seats.iter().map(|s| (s.seat, s.bet)).collect();
    seats.sort();
    let mut cards = h.cards.iter().copied();
    let mut actions = h.actions.iter();
    let mut stacks: Vec<Vec<i64>> = seats.iter().map(|_| vec![cards.next().unwrap()]).collect();
    let mut dealer = vec![cards.next().unwrap()];
    let mut net: Vec<Option<i64>> = vec![None; seats.len()];
    let unit = |i: usize| seats[i].1 / 10;
    let pay_all_in = |net: &mut Vec<Option<i64>>, rank: i64| {
        for (i, n) in net.iter_mut().enumerate() {
            if n.is_none() {
                *n = Some(unit(i) * rank);
            }
        }
    };
    if dealer[0] == 3 {
        pay_all_in(&mut net, 3);
        return seats
            .iter()
            .map(|s| s.0)
            .zip(net.into_iter().map(Option::unwrap))
            .collect();
    }
    let starter = if h.start == "low_card" {
        let low = stacks.iter().map(|s| s[0]).min().unwrap();
        let after = h.previous_button.unwrap_or(0);
        // Walk seats after the previous button, clockwise, wrapping.
        let mut order: Vec<usize> = (0..seats.len()).filter(|&i| seats[i].0 > after).collect();
        order.extend((0..seats.len()).filter(|&i| seats[i].0 <= after));
        order.into_iter().find(|&i| stacks[i][0] == low).unwrap()
    } else {
        0
    };
    'hand: loop {
        for k in 0..seats.len() {
            let i = (starter + k) % seats.len();
            if net[i].is_some() {
                continue;
            }
            let decision = actions.next().unwrap();
            assert_eq!(decision.seat, seats[i].0);
            if decision.action.as_deref() == Some("fold") {
                let lowest = stacks[i].iter().chain(&dealer).min().unwrap();
                net[i] = Some(-unit(i) * lowest);
            } else {
                let card = cards.next().unwrap();
                if stacks[i].contains(&card) {
                    net[i] = Some(-unit(i) * card);
                }
                stacks[i].push(card);
            }
        }
        if net.iter().all(Option::is_some) {
            break 'hand;
        }
        let card = cards.next().unwrap();
        if card == 3 {
            pay_all_in(&mut net, 3);
            break 'hand;
        }
        if dealer.contains(&card) {
            pay_all_in(&mut net, card);
            break 'hand;
        }
        dealer.push(card);
    }
    assert!(cards.next().is_none() && actions.next().is_none());
    seats
        .iter()
        .map(|s| s.0)
        .zip(net.into_iter().map(Option::unwrap))
        .collect()
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Active,
    Locked(usize),
    Busted,
    Out,
}

/// Net per seat and the carry-out for a Starboard history.
fn starboard_reference(h: &StarboardHistory) -> (Vec<(i64, i64)>, i64) {
    let mut seats: Vec<i64> = h.seats.iter().map(|s| s.seat).collect();
    seats.sort();
    let mut cards = h.cards.iter().copied();
    let mut common = vec![cards.next().unwrap()];
    while common.len() < 2 {
        let card = cards.next().unwrap();
        if !common.contains(&card) {
            common.push(card);
        }
    }
    let mut state = vec![State::Active; seats.len()];
    let mut paid = vec![1i64; seats.len()];
    let mut turn = seats.iter().position(|&s| s == h.button).unwrap();
    let mut actions = h.actions.iter();
    while state.contains(&State::Active) {
        while state[turn] != State::Active {
            turn = (turn + 1) % seats.len();
        }
        let decision = actions.next().unwrap();
        assert_eq!(decision.seat, seats[turn]);
        if decision.action.as_deref() == Some("lock") {
            state[turn] = State::Locked(common.len());
        } else {
            paid[turn] += 1;
            let card = cards.next().unwrap();
            if common.contains(&card) {
                state[turn] = State::Busted;
            } else {
                common.push(card);
                for s in state.iter_mut() {
                    if matches!(*s, State::Locked(n) if n < common.len()) {
                        *s = State::Out;
                    }
                }
            }
        }
        let standing: Vec<usize> = (0..seats.len())
            .filter(|&i| matches!(state[i], State::Active | State::Locked(_)))
            .collect();
        if standing.len() == 1 && state[standing[0]] == State::Active {
            state[standing[0]] = State::Locked(common.len());
        }
        turn = (turn + 1) % seats.len();
    }
    assert!(cards.next().is_none() && actions.next().is_none());
    let pot = h.carry_in + paid.iter().sum::<i64>();
    let winners = state
        .iter()
        .filter(|s| matches!(s, State::Locked(_)))
        .count() as i64;
    let share = pot / winners;
    let nets = (0..seats.len())
        .map(|i| {
            let won = if matches!(state[i], State::Locked(_)) {
                share
            } else {
                0
            };
            (seats[i], won - paid[i])
        })
        .collect();
    (nets, pot - share * winners)
}

fn check(game: GameKind, decks: i64, seats: u8, strategy: Strategy, seed: u64, hands: usize) {
    let config = SimConfig {
        game,
        decks: Decks::new(decks).unwrap(),
        seats,
        bet: 120,
        rules: HouseRules::default(),
        strategy,
    };
    let mut sim = Simulation::seeded(&config, seed).unwrap();
    for _ in 0..hands {
        let finished = sim.play_hand().unwrap();
        let engine_nets: Vec<(i64, i64)> = finished
            .hand
            .seats()
            .iter()
            .map(|&s| (i64::from(s), finished.hand.net(s).unwrap()))
            .collect();
        match HandHistory::from_finished(&finished) {
            HandHistory::Rocket(h) => assert_eq!(rocket_reference(&h), engine_nets, "{h:?}"),
            HandHistory::Starboard(h) => {
                let (nets, carry_out) = starboard_reference(&h);
                assert_eq!(nets, engine_nets, "{h:?}");
                let split = match &finished.hand {
                    pairs_table::engine::Hand::Starboard(s) => s.split().unwrap(),
                    _ => unreachable!(),
                };
                assert_eq!(carry_out, split.carry_out as i64, "{h:?}");
            }
        }
    }
}

/// Checks 700 hands for each of three strategies (with 1, 4 and 7 decks)
/// and three table sizes.
fn check_many(game: GameKind, table_sizes: [u8; 3]) {
    let strategies = [Strategy::NextCard, Strategy::Random, Strategy::Bold];
    for (i, strategy) in strategies.into_iter().enumerate() {
        for seats in table_sizes {
            let seed = u64::from(seats) * 31 + i as u64;
            check(game, 1 + i as i64 * 3, seats, strategy, seed, 700);
        }
    }
}

#[test]
fn rocket_agrees_with_the_reference_on_thousands_of_hands() {
    check_many(GameKind::Rocket, [1, 3, 6]);
}

#[test]
fn starboard_agrees_with_the_reference_on_thousands_of_hands() {
    check_many(GameKind::Starboard, [2, 4, 7]);
}
