//! What the dealer collects and pays at the end of a hand, line by line,
//! from the hand's transfers. Pure.

use crate::engine::hand::Hand;
use crate::engine::money::{Account, Transfer, TransferKind, net_of};
use crate::engine::table::FinishedHand;
use crate::ids::{HandId, TableHand};

/// One line of the settlement panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettlementLine {
    /// The seat.
    pub seat: u8,
    /// Units the seat receives (positive) or pays (negative) at settlement.
    pub net: i64,
    /// Why, in words ("pair of 8s", "dealer's pair of 7s", "fold, low card 4").
    pub reason: String,
}

/// A hand's settlement as the dealer carries it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The hand number (the ledger's id).
    pub hand: u64,
    /// The hand's number at its table, from 1.
    pub at_table: u64,
    /// Per seat, in seat order: what to collect or pay.
    pub lines: Vec<SettlementLine>,
    /// Starboard: the pot (antes, draws and carry in).
    pub pot: Option<u64>,
    /// Starboard: the house's rake from the pot.
    pub rake: u64,
    /// Starboard: odd units left in the pot for the next game.
    pub carry_out: u64,
    /// Net to the house (positive: the house won).
    pub house_net: i64,
}

impl Settlement {
    /// The settlement of a finished hand, the `at_table`th at its table.
    pub fn of(finished: &FinishedHand, at_table: u64) -> Settlement {
        let transfers = &finished.transfers;
        let lines = finished
            .setup
            .seats
            .iter()
            .map(|&(seat, _)| SettlementLine {
                seat,
                net: settled_at_end(transfers, seat),
                reason: reason(&finished.hand, transfers, seat),
            })
            .collect();
        let sum_of = |kind: TransferKind| -> u64 {
            transfers
                .iter()
                .filter(|t| t.kind == kind)
                .map(|t| t.amount)
                .sum()
        };
        let pot = match &finished.hand {
            Hand::Starboard(hand) => Some(hand.pot()),
            Hand::Rocket(_) => None,
        };
        Settlement {
            hand: finished.setup.number,
            at_table,
            lines,
            pot,
            rake: sum_of(TransferKind::Rake),
            carry_out: sum_of(TransferKind::CarryOut),
            house_net: net_of(transfers, Account::House),
        }
    }
}

impl Settlement {
    /// The hand as the dealer counts it.
    pub fn number(&self) -> TableHand {
        TableHand {
            at_table: self.at_table,
            id: HandId::of(self.hand),
        }
    }
}

/// What a seat is paid or pays when the hand is settled: Starboard antes
/// and draws went into the pot during play, so only pot awards remain.
fn settled_at_end(transfers: &[Transfer], seat: u8) -> i64 {
    let account = Account::Seat(seat);
    transfers
        .iter()
        .filter(|t| !matches!(t.kind, TransferKind::Ante | TransferKind::Draw))
        .fold(0i64, |net, t| {
            let amount = t.amount as i64;
            if t.to == account {
                net + amount
            } else if t.from == account {
                net - amount
            } else {
                net
            }
        })
}

fn reason(hand: &Hand, transfers: &[Transfer], seat: u8) -> String {
    let account = Account::Seat(seat);
    let mine: Vec<&Transfer> = transfers
        .iter()
        .filter(|t| t.from == account || t.to == account)
        .collect();
    let words: Vec<String> = mine
        .iter()
        .filter_map(|t| {
            let rank = t.rank.map(|r| r.to_string()).unwrap_or_default();
            match t.kind {
                TransferKind::FoldFee => Some(format!("fold, low card {rank}")),
                TransferKind::PairLoss => Some(format!("pair of {rank}s")),
                TransferKind::DealerPairPayout => Some(format!("dealer's pair of {rank}s")),
                TransferKind::DealerThreePayout => Some("dealer's 3".to_owned()),
                TransferKind::PotAward => Some(format!("share of the pot: {}", t.amount)),
                _ => None,
            }
        })
        .collect();
    if !words.is_empty() {
        return words.join("; ");
    }
    match hand {
        Hand::Starboard(h) => {
            let paid: u64 = mine
                .iter()
                .filter(|t| t.from == account)
                .map(|t| t.amount)
                .sum();
            format!(
                "{} (paid {paid} into the pot)",
                super::starboard_state_word(h.state(seat))
            )
        }
        Hand::Rocket(_) => "no payment".to_owned(),
    }
}
