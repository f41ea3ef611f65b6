//! What the shoe's own frames say about its cards and about the device that
//! reads them, without a table: which card-reading shoe is on the line (a
//! different one is a fault), and, given the number of decks, how many
//! cards each shoe of cards gave and whether one could not have been in it
//! (foreign). The station keeps the same device check for its table; the
//! cards a pit boss sets aside or enters by hand are table decisions, in
//! the ledger. Pure: scanner events in, accounting events out.

use std::fmt;

use serde_json::{Value, json};

use super::decoder::ScanEvent;
use super::frame::{Identity, Message, Protocol};
use crate::engine::Decks;
use crate::engine::shoe::{ShoeCount, ShoeError};

/// A card-reading shoe as the host knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    /// The protocol version it speaks.
    pub protocol: Protocol,
    /// Who it says it is (version 2 only).
    pub identity: Option<Identity>,
}

impl Device {
    /// The device an event reveals: a version 1 link (a shoe that cannot
    /// say who it is), or a version 2 shoe's `HELLO`. A version 2 link
    /// reveals nothing until its `HELLO`.
    pub fn heard(event: &ScanEvent) -> Option<Device> {
        match event {
            ScanEvent::Protocol {
                version: Protocol::V1,
            } => Some(Device {
                protocol: Protocol::V1,
                identity: None,
            }),
            ScanEvent::Frame {
                message: Message::Hello { identity, .. },
                ..
            } => Some(Device {
                protocol: Protocol::V2,
                identity: Some(identity.clone()),
            }),
            _ => None,
        }
    }

    /// Whether `other` is the same shoe: the same maker, model and serial
    /// number (firmware may differ), or, for shoes that do not say who they
    /// are, the same protocol version.
    pub fn is_same_shoe(&self, other: &Device) -> bool {
        match (&self.identity, &other.identity) {
            (Some(x), Some(y)) => x.same_device(y),
            (None, None) => self.protocol == other.protocol,
            _ => false,
        }
    }
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.identity {
            Some(identity) => write!(f, "{identity} ({})", self.protocol),
            None => write!(
                f,
                "a shoe that does not identify itself ({})",
                self.protocol
            ),
        }
    }
}

/// What the accounting reports, beside the scanner's own events.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Accounting {
    /// A shoe of cards ended (`SHOEOUT`, or a `SHOEIN` that replaced it):
    /// how many cards it gave and how many it still held.
    ShoeCount {
        /// The frame that ended it.
        seq: u16,
        /// The shoe's ID, from its `SHOEIN`.
        shoe_id: String,
        /// Cards read from it that it could hold.
        cards_read: u16,
        /// Cards it still held by the count.
        cards_left: u16,
        /// Cards read from it that it could not hold.
        foreign: u16,
    },
    /// A card the shoe cannot hold another copy of: not counted.
    ForeignCard {
        /// The frame.
        seq: u16,
        /// Why, from the count.
        reason: ShoeError,
    },
    /// A different card-reading shoe than the first heard.
    OtherShoe {
        /// The frame that revealed it (None: the link's version did).
        seq: Option<u16>,
        /// The one now reading.
        heard: Device,
        /// The first one heard.
        first: Device,
    },
}

impl Accounting {
    /// The event as one JSON object, as `pairs-table scanner --json`
    /// prints it (hardware/TOOLS.md).
    pub fn to_json(&self) -> Value {
        match self {
            Accounting::ShoeCount {
                seq,
                shoe_id,
                cards_read,
                cards_left,
                foreign,
            } => json!({
                "event": "shoe_count",
                "seq": seq,
                "shoe_id": shoe_id,
                "cards_read": cards_read,
                "cards_left": cards_left,
                "foreign": foreign,
            }),
            Accounting::ForeignCard { seq, .. } => self.error_json("foreign_card", Some(*seq)),
            Accounting::OtherShoe { seq, .. } => self.error_json("other_shoe", *seq),
        }
    }

    fn error_json(&self, kind: &str, seq: Option<u16>) -> Value {
        json!({"event": "error", "kind": kind, "seq": seq, "description": self.to_string()})
    }
}

impl fmt::Display for Accounting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Accounting::ShoeCount {
                seq,
                shoe_id,
                cards_read,
                cards_left,
                foreign,
            } => write!(
                f,
                "frame {seq}: shoe {shoe_id} gave {cards_read} card(s) and holds {cards_left} by the count; {foreign} foreign card(s) read"
            ),
            Accounting::ForeignCard { seq, reason } => write!(f, "frame {seq}: {reason}"),
            Accounting::OtherShoe { heard, first, .. } => write!(
                f,
                "a different card-reading shoe appeared: {heard} is reading; the first was {first}"
            ),
        }
    }
}

/// The shoe of cards in the reader, counted from its `SHOEIN`.
#[derive(Clone, Debug)]
struct CountedShoe {
    shoe_id: String,
    count: ShoeCount,
    foreign: u16,
}

/// Follows the scanner's events: the device, and (given the decks) each
/// shoe of cards.
#[derive(Clone, Debug, Default)]
pub struct ShoeAccounting {
    decks: Option<Decks>,
    first_device: Option<Device>,
    shoe: Option<CountedShoe>,
}

impl ShoeAccounting {
    /// Accounting of devices only, or of shoes of `decks` decks too.
    pub fn new(decks: Option<Decks>) -> ShoeAccounting {
        ShoeAccounting {
            decks,
            ..ShoeAccounting::default()
        }
    }

    /// What `event` changes, in order.
    pub fn observe(&mut self, event: &ScanEvent) -> Vec<Accounting> {
        let mut out = Vec::new();
        if let Some(heard) = Device::heard(event) {
            match &self.first_device {
                Some(first) if !first.is_same_shoe(&heard) => out.push(Accounting::OtherShoe {
                    seq: frame_seq(event),
                    heard,
                    first: first.clone(),
                }),
                Some(_) => {}
                None => self.first_device = Some(heard),
            }
        }
        let (Some(decks), ScanEvent::Frame { seq, message }) = (self.decks, event) else {
            return out;
        };
        match message {
            Message::ShoeInserted { shoe_id } => {
                out.extend(self.end_shoe(*seq));
                self.shoe = Some(CountedShoe {
                    shoe_id: shoe_id.clone(),
                    // Penetration is the table's rule; only the count is kept.
                    count: ShoeCount::new(decks, 1000),
                    foreign: 0,
                });
            }
            Message::ShoeEmptied { .. } => out.extend(self.end_shoe(*seq)),
            Message::Card { rank } => {
                if let Some(shoe) = self.shoe.as_mut() {
                    // Taken from the shoe, neither dealt nor burned: the
                    // count of a card that left it.
                    if let Err(reason) = shoe.count.check(*rank) {
                        shoe.foreign += 1;
                        out.push(Accounting::ForeignCard { seq: *seq, reason });
                    } else {
                        shoe.count.set_aside(*rank);
                    }
                }
            }
            _ => {}
        }
        out
    }

    fn end_shoe(&mut self, seq: u16) -> Option<Accounting> {
        let shoe = self.shoe.take()?;
        Some(Accounting::ShoeCount {
            seq,
            shoe_id: shoe.shoe_id,
            cards_read: shoe.count.taken(),
            cards_left: shoe.count.remaining(),
            foreign: shoe.foreign,
        })
    }
}

fn frame_seq(event: &ScanEvent) -> Option<u16> {
    match event {
        ScanEvent::Frame { seq, .. } => Some(*seq),
        _ => None,
    }
}
