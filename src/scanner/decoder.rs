//! From parsed frames to scanner events: the sequence check that notices a
//! lost, repeated or restarted frame, and the events the reader publishes.

use std::fmt;

use serde_json::{Value, json};

use super::frame::{FrameError, MAX_SEQ, Message};
use super::parser::{Parsed, Parser};

/// What the scanner reader reports, in order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ScanEvent {
    /// A valid frame, in sequence (after any gap or restart reported before it).
    Frame {
        /// Its sequence number.
        seq: u16,
        /// What it reports.
        message: Message,
    },
    /// A frame repeated the previous sequence number; it was dropped.
    Duplicate {
        /// The repeated number.
        seq: u16,
    },
    /// Frames were lost: the numbers from `expected` up to `received` were
    /// never received intact.
    Gap {
        /// The number that was due.
        expected: u16,
        /// The number that came.
        received: u16,
        /// How many frames are missing.
        missing: u16,
    },
    /// The shoe started again from sequence number 0 (powered on or reset).
    Restarted {
        /// The last number before the restart.
        last: u16,
    },
    /// Bytes that did not make a valid frame.
    Problem {
        /// The sequence number, if the frame's checksum was good.
        seq: Option<u16>,
        /// What was wrong.
        error: FrameError,
    },
    /// The port was opened.
    Connected {
        /// The port's path.
        port: String,
    },
    /// The port was lost or could not be opened; the reader retries.
    Disconnected {
        /// Why, as a sentence.
        reason: String,
    },
}

/// The successor of a sequence number: 65535 is followed by 1, because 0
/// is sent only as the first frame after power-on.
pub fn next_seq(seq: u16) -> u16 {
    if seq == MAX_SEQ { 1 } else { seq + 1 }
}

/// Notices lost, repeated and restarted frames. Kept across reconnects, so
/// that frames lost while unplugged are noticed.
#[derive(Clone, Copy, Debug, Default)]
pub struct SequenceCheck {
    last: Option<u16>,
}

/// The sequence check's verdict on one number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    /// The number that was due (or the first one seen).
    InOrder,
    /// The same number as the previous frame.
    Duplicate,
    /// Frames were skipped.
    Gap {
        /// The number that was due.
        expected: u16,
        /// How many frames are missing.
        missing: u16,
    },
    /// Sequence number 0 after other frames: the shoe restarted.
    Restarted {
        /// The last number before it.
        last: u16,
    },
}

impl SequenceCheck {
    /// Checks `seq` and remembers it (unless it is a duplicate).
    pub fn check(&mut self, seq: u16) -> Order {
        let Some(last) = self.last else {
            self.last = Some(seq);
            return Order::InOrder;
        };
        if seq == last {
            return Order::Duplicate;
        }
        self.last = Some(seq);
        if seq == 0 {
            return Order::Restarted { last };
        }
        let expected = next_seq(last);
        if seq == expected {
            return Order::InOrder;
        }
        // Numbers cycle through 1..=65535.
        let cycle = i32::from(MAX_SEQ);
        let missing = (i32::from(seq) - i32::from(expected)).rem_euclid(cycle);
        Order::Gap {
            expected,
            missing: u16::try_from(missing).unwrap_or(MAX_SEQ),
        }
    }
}

/// Parser and sequence check together: bytes in, scanner events out.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    parser: Parser,
    sequence: SequenceCheck,
    parsed: Vec<Parsed>,
}

impl Decoder {
    /// A decoder that has seen nothing.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Decodes `bytes`, appending the events they complete to `out`.
    pub fn push(&mut self, bytes: &[u8], out: &mut Vec<ScanEvent>) {
        self.parser.push(bytes, &mut self.parsed);
        for parsed in self.parsed.drain(..) {
            match parsed {
                Parsed::Frame(frame) => match self.sequence.check(frame.seq) {
                    Order::Duplicate => out.push(ScanEvent::Duplicate { seq: frame.seq }),
                    order => {
                        out.extend(order_event(order, frame.seq));
                        out.push(ScanEvent::Frame {
                            seq: frame.seq,
                            message: frame.message,
                        });
                    }
                },
                Parsed::Problem { seq, error } => {
                    if let Some(seq) = seq {
                        out.extend(order_event(self.sequence.check(seq), seq));
                    }
                    out.push(ScanEvent::Problem { seq, error });
                }
            }
        }
    }
}

fn order_event(order: Order, received: u16) -> Option<ScanEvent> {
    match order {
        Order::InOrder | Order::Duplicate => None,
        Order::Gap { expected, missing } => Some(ScanEvent::Gap {
            expected,
            received,
            missing,
        }),
        Order::Restarted { last } => Some(ScanEvent::Restarted { last }),
    }
}

impl ScanEvent {
    /// Whether the event reports a problem (counted as a bad frame or an error).
    pub fn is_problem(&self) -> bool {
        !matches!(
            self,
            ScanEvent::Frame { .. } | ScanEvent::Connected { .. } | ScanEvent::Restarted { .. }
        )
    }

    /// The event as one line of JSON, as printed by `pairs-table scanner
    /// --json`: a card is exactly `{"event":"card","seq":N,"rank":R}`.
    pub fn to_json_line(&self) -> String {
        match self {
            ScanEvent::Frame {
                seq,
                message: Message::Card { rank },
            } => format!(r#"{{"event":"card","seq":{seq},"rank":{rank}}}"#),
            other => other.to_json().to_string(),
        }
    }

    /// The event as one JSON object; problems are
    /// `{"event":"error","kind":..,"seq":..,"description":..}`.
    pub fn to_json(&self) -> Value {
        match self {
            ScanEvent::Frame { seq, message } => message_json(*seq, message),
            ScanEvent::Connected { port } => json!({"event": "connected", "port": port}),
            ScanEvent::Restarted { last } => json!({"event": "restarted", "last_seq": last}),
            ScanEvent::Duplicate { seq } => error_json("duplicate", Some(*seq), self),
            ScanEvent::Gap { received, .. } => error_json("sequence_gap", Some(*received), self),
            ScanEvent::Problem { seq, error } => error_json(problem_kind(error), *seq, self),
            ScanEvent::Disconnected { .. } => error_json("disconnected", None, self),
        }
    }
}

fn message_json(seq: u16, message: &Message) -> Value {
    match message {
        Message::Card { rank } => json!({"event": "card", "seq": seq, "rank": rank.value()}),
        Message::CutCard => json!({"event": "cut_card", "seq": seq}),
        Message::ShoeInserted { shoe_id } => {
            json!({"event": "shoe_inserted", "seq": seq, "shoe_id": shoe_id})
        }
        Message::ShoeEmptied { shoe_id } => {
            json!({"event": "shoe_emptied", "seq": seq, "shoe_id": shoe_id})
        }
        Message::Lid { open } => json!({"event": "lid", "seq": seq, "open": open}),
        Message::Misread { kind } => {
            json!({"event": "misread", "seq": seq, "jam": *kind == super::frame::MisreadKind::Jam})
        }
        Message::Heartbeat => json!({"event": "heartbeat", "seq": seq}),
        Message::DeviceError { code, text } => {
            json!({"event": "device_error", "seq": seq, "code": code, "text": text})
        }
        Message::Unknown { kind } => json!({"event": "unknown", "seq": seq, "type": kind}),
    }
}

fn error_json(kind: &str, seq: Option<u16>, event: &ScanEvent) -> Value {
    json!({"event": "error", "kind": kind, "seq": seq, "description": event.to_string()})
}

fn problem_kind(error: &FrameError) -> &'static str {
    match error {
        FrameError::Garbage { .. } => "garbage",
        FrameError::TooLong { .. } => "too_long",
        FrameError::Interrupted { .. } => "interrupted",
        FrameError::NotText { .. } => "not_text",
        FrameError::NoChecksum => "no_checksum",
        FrameError::BadChecksum { .. } => "bad_checksum",
        FrameError::BadSequence { .. } => "bad_sequence",
        FrameError::BadField { .. } | FrameError::FieldCount { .. } => "bad_field",
    }
}

impl fmt::Display for ScanEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScanEvent::Frame { seq, message } => match message {
                Message::Card { rank } => write!(f, "frame {seq}: card {rank}"),
                other => write!(f, "frame {seq}: {}", other.kind()),
            },
            ScanEvent::Duplicate { seq } => {
                write!(f, "frame {seq} arrived twice; the copy was ignored")
            }
            ScanEvent::Gap {
                expected,
                received,
                missing,
            } => write!(
                f,
                "{missing} frame(s) lost: expected frame {expected}, received frame {received}"
            ),
            ScanEvent::Restarted { last } => {
                write!(f, "the shoe restarted its frame numbers after frame {last}")
            }
            ScanEvent::Problem { error, .. } => write!(f, "{error}"),
            ScanEvent::Connected { port } => write!(f, "connected to {port}"),
            ScanEvent::Disconnected { reason } => write!(f, "scanner disconnected: {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_numbers_wrap_from_65535_to_1() {
        let mut check = SequenceCheck::default();
        assert_eq!(check.check(65534), Order::InOrder);
        assert_eq!(check.check(65535), Order::InOrder);
        assert_eq!(check.check(1), Order::InOrder);
        assert_eq!(
            check.check(4),
            Order::Gap {
                expected: 2,
                missing: 2
            }
        );
        assert_eq!(check.check(4), Order::Duplicate);
        assert_eq!(check.check(0), Order::Restarted { last: 4 });
        assert_eq!(check.check(1), Order::InOrder);
        assert_eq!(
            check.check(65535),
            Order::Gap {
                expected: 2,
                missing: 65533
            }
        );
        assert_eq!(
            check.check(2),
            Order::Gap {
                expected: 1,
                missing: 1
            }
        );
    }

    #[test]
    fn a_gap_is_reported_before_the_frame_that_reveals_it() {
        let mut decoder = Decoder::new();
        let mut out = Vec::new();
        decoder.push(
            b"$HB,1*17\r\n$HB,3*15\r\n$HB,3*15\r\n$CARD,4,77*20\r\n",
            &mut out,
        );
        let kinds: Vec<String> = out
            .iter()
            .map(|e| e.to_json()["event"].to_string())
            .collect();
        assert_eq!(
            kinds,
            [
                "\"heartbeat\"",
                "\"error\"",
                "\"heartbeat\"",
                "\"error\"",
                "\"error\""
            ]
        );
        assert!(matches!(
            out[1],
            ScanEvent::Gap {
                expected: 2,
                received: 3,
                missing: 1
            }
        ));
        assert_eq!(out[3], ScanEvent::Duplicate { seq: 3 });
    }
}
