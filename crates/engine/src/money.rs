//! Transfers: who pays whom, how much (in whole table units) and why.

use std::fmt;

use serde::Serialize;

use super::card::Rank;

/// An account money moves between during a hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Account {
    /// The player at this seat.
    Seat(u8),
    /// The house bank (Rocket's dealer, Starboard's rake).
    House,
    /// Starboard's pot for the game in progress.
    Pot,
    /// Odd units a Starboard pot leaves for the next game.
    Carry,
}

impl fmt::Display for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Account::Seat(seat) => write!(f, "seat {seat}"),
            Account::House => f.write_str("house"),
            Account::Pot => f.write_str("pot"),
            Account::Carry => f.write_str("carry"),
        }
    }
}

impl Serialize for Account {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Account {
    /// Parses the [`Display`](fmt::Display) form back ("seat 3", "house", "pot", "carry").
    pub fn parse(text: &str) -> Option<Account> {
        match text {
            "house" => Some(Account::House),
            "pot" => Some(Account::Pot),
            "carry" => Some(Account::Carry),
            _ => text.strip_prefix("seat ")?.parse().ok().map(Account::Seat),
        }
    }
}

/// Why money moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum TransferKind {
    /// Rocket: a player folded and paid bet/10 × the lowest card.
    FoldFee,
    /// Rocket: a player paired and paid bet/10 × the rank.
    PairLoss,
    /// Rocket: the dealer paired and paid bet/10 × the rank.
    DealerPairPayout,
    /// Rocket: the dealer drew a 3 and paid 3 × bet/10.
    DealerThreePayout,
    /// Starboard: a player's ante into the pot.
    Ante,
    /// Starboard: a player paid to draw.
    Draw,
    /// Starboard: odd units from the last pot added to this one.
    CarryIn,
    /// Starboard: a winner's share of the pot.
    PotAward,
    /// Starboard: the house's rake from the pot.
    Rake,
    /// Starboard: odd units left in the pot for the next game.
    CarryOut,
}

impl TransferKind {
    /// Every kind, in a fixed order.
    pub const ALL: [TransferKind; 10] = [
        TransferKind::FoldFee,
        TransferKind::PairLoss,
        TransferKind::DealerPairPayout,
        TransferKind::DealerThreePayout,
        TransferKind::Ante,
        TransferKind::Draw,
        TransferKind::CarryIn,
        TransferKind::PotAward,
        TransferKind::Rake,
        TransferKind::CarryOut,
    ];

    /// The kind in words, as a pit boss reads it ("dealer pair").
    pub const fn words(self) -> &'static str {
        match self {
            TransferKind::FoldFee => "fold fee",
            TransferKind::PairLoss => "pair loss",
            TransferKind::DealerPairPayout => "dealer pair",
            TransferKind::DealerThreePayout => "dealer 3",
            TransferKind::Ante => "ante",
            TransferKind::Draw => "draw",
            TransferKind::CarryIn => "carry in",
            TransferKind::PotAward => "pot award",
            TransferKind::Rake => "rake",
            TransferKind::CarryOut => "carry out",
        }
    }

    /// The snake_case name used in files and the ledger.
    pub const fn as_str(self) -> &'static str {
        match self {
            TransferKind::FoldFee => "fold_fee",
            TransferKind::PairLoss => "pair_loss",
            TransferKind::DealerPairPayout => "dealer_pair_payout",
            TransferKind::DealerThreePayout => "dealer_three_payout",
            TransferKind::Ante => "ante",
            TransferKind::Draw => "draw",
            TransferKind::CarryIn => "carry_in",
            TransferKind::PotAward => "pot_award",
            TransferKind::Rake => "rake",
            TransferKind::CarryOut => "carry_out",
        }
    }

    /// Parses [`TransferKind::as_str`] back.
    pub fn parse(text: &str) -> Option<TransferKind> {
        TransferKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// One movement of money: `amount` table units from `from` to `to`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Transfer {
    /// The payer.
    pub from: Account,
    /// The payee.
    pub to: Account,
    /// Whole table units, always positive.
    pub amount: u64,
    /// Why.
    pub kind: TransferKind,
    /// The card the amount was figured from, where there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<Rank>,
}

/// The net change of `account` over `transfers` (positive: it received more).
pub fn net_of(transfers: &[Transfer], account: Account) -> i64 {
    transfers.iter().fold(0i64, |net, t| {
        let amount = t.amount as i64;
        match (t.from == account, t.to == account) {
            (true, false) => net - amount,
            (false, true) => net + amount,
            _ => net,
        }
    })
}

/// Whether a hand's transfers balance: every amount is positive, nothing is
/// paid to itself, and the pot ends empty (all it took in, it paid out).
pub fn balances(transfers: &[Transfer]) -> bool {
    transfers.iter().all(|t| t.amount > 0 && t.from != t.to) && net_of(transfers, Account::Pot) == 0
}
