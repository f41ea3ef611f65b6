//! What the decoder reports (`ScanEvent`): in words for the dealer and
//! the log, and as the JSON lines the `scanner` command prints (a format:
//! hardware/TOOLS.md holds its bytes, and the golden tests check them).

use std::fmt;

use serde_json::{Value, json};

use super::SILENCE_LIMIT;
use crate::scanner::frame::{FrameError, Message, MisreadKind, Protocol};

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
    /// A frame repeated a recent sequence number with the same contents;
    /// the copy was ignored.
    Duplicate {
        /// The repeated number.
        seq: u16,
    },
    /// A frame repeated a recent sequence number with different contents:
    /// one of the two is wrong. The second was ignored.
    Conflict {
        /// The repeated number.
        seq: u16,
        /// What the first frame with that number said (None: a bad field).
        first: Option<Message>,
        /// What the second said.
        second: Option<Message>,
    },
    /// A frame whose number was already passed (it is older than the
    /// frames received since) and is not one the host remembers. Ignored:
    /// it does not move the sequence.
    Stale {
        /// Its number.
        seq: u16,
        /// The number that was due.
        expected: u16,
        /// What it said (None: a bad field).
        message: Option<Message>,
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
    /// The link's protocol version, decided by the first valid frame after
    /// the port opened or the shoe restarted.
    Protocol {
        /// The version.
        version: Protocol,
    },
    /// The host asked a version 2 shoe to resend frames lost on the line;
    /// frames after them wait until they come or the wait runs out.
    ResendRequested {
        /// The first frame asked for.
        from: u16,
        /// How many.
        count: u16,
    },
    /// No valid frame for [`SILENCE_LIMIT`] or longer while connected: the
    /// link or the shoe is down (reported once per silence).
    Silent {
        /// Milliseconds since the last valid frame (or since the port opened).
        quiet_ms: u64,
    },
    /// A version 2 shoe asked [`IDENT_ATTEMPTS`] times who it is sent no
    /// `HELLO`: the host cannot tell which device reads the shoe.
    ///
    /// [`IDENT_ATTEMPTS`]: super::IDENT_ATTEMPTS
    Unidentified {
        /// How many `IDENT` requests went unanswered.
        asked: u8,
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

impl ScanEvent {
    /// Whether the event reports a problem (counted as a bad frame or an error).
    pub fn is_problem(&self) -> bool {
        !matches!(
            self,
            ScanEvent::Frame { .. }
                | ScanEvent::Connected { .. }
                | ScanEvent::Restarted { .. }
                | ScanEvent::Protocol { .. }
                | ScanEvent::ResendRequested { .. }
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
            ScanEvent::Protocol { version } => {
                json!({"event": "protocol", "version": version.number()})
            }
            ScanEvent::ResendRequested { from, count } => {
                json!({"event": "resend_requested", "from": from, "count": count})
            }
            ScanEvent::Duplicate { seq } => error_json("duplicate", Some(*seq), self),
            ScanEvent::Conflict { seq, .. } => error_json("conflict", Some(*seq), self),
            ScanEvent::Stale { seq, .. } => error_json("stale", Some(*seq), self),
            ScanEvent::Gap { received, .. } => error_json("sequence_gap", Some(*received), self),
            ScanEvent::Problem { seq, error } => error_json(problem_kind(error), *seq, self),
            ScanEvent::Silent { .. } => error_json("silence", None, self),
            ScanEvent::Unidentified { .. } => error_json("no_hello", None, self),
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
            json!({"event": "misread", "seq": seq, "jam": *kind == MisreadKind::Jam})
        }
        Message::Heartbeat => json!({"event": "heartbeat", "seq": seq}),
        Message::Hello { identity, version } => json!({
            "event": "hello",
            "seq": seq,
            "maker": identity.maker,
            "model": identity.model,
            "serial": identity.serial,
            "firmware": identity.firmware,
            "version": version,
        }),
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
        FrameError::BadChecksum { .. } | FrameError::BadCrc { .. } => "bad_checksum",
        FrameError::BadSequence { .. } => "bad_sequence",
        FrameError::BadField { .. }
        | FrameError::FieldCount { .. }
        | FrameError::Asterisk
        | FrameError::BadType { .. } => "bad_field",
        FrameError::WrongProtocol { .. } => "wrong_protocol",
    }
}

/// A frame's contents in a few words (`card 5`, `HB`), or `a bad field`.
fn describe(message: &Option<Message>) -> String {
    match message {
        Some(Message::Card { rank }) => format!("card {rank}"),
        Some(other) => other.kind().to_owned(),
        None => "a frame with a bad field".to_owned(),
    }
}

impl fmt::Display for ScanEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScanEvent::Frame { seq, message } => match message {
                Message::Card { rank } => write!(f, "frame {seq}: card {rank}"),
                Message::Hello { identity, version } => write!(
                    f,
                    "frame {seq}: the shoe is {identity}, protocol version {version}"
                ),
                other => write!(f, "frame {seq}: {}", other.kind()),
            },
            ScanEvent::Duplicate { seq } => {
                write!(f, "frame {seq} arrived twice; the copy was ignored")
            }
            ScanEvent::Conflict { seq, first, second } => write!(
                f,
                "frame {seq} arrived twice with different contents ({} then {}); the second was ignored",
                describe(first),
                describe(second)
            ),
            ScanEvent::Stale {
                seq,
                expected,
                message,
            } => write!(
                f,
                "frame {seq} ({}) came after its number had passed (frame {expected} was due); it was ignored",
                describe(message)
            ),
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
            ScanEvent::Protocol { version } => write!(f, "the shoe speaks {version}"),
            ScanEvent::ResendRequested { from, count } => {
                write!(
                    f,
                    "asked the shoe to resend {count} frame(s) from frame {from}"
                )
            }
            ScanEvent::Silent { quiet_ms } => write!(
                f,
                "no frame from the shoe for {quiet_ms} ms (the limit is {} ms): the link or the shoe is down",
                SILENCE_LIMIT.as_millis()
            ),
            ScanEvent::Unidentified { asked } => write!(
                f,
                "the shoe did not say who it is: {asked} IDENT requests got no HELLO"
            ),
            ScanEvent::Connected { port } => write!(f, "connected to {port}"),
            ScanEvent::Disconnected { reason } => write!(f, "scanner disconnected: {reason}"),
        }
    }
}
