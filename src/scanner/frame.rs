//! One frame of the shoe protocol (hardware/PROTOCOL.md): the messages,
//! their encoding, and the checks on one complete line.
//!
//! A frame is `$TYPE,SEQ[,FIELD...]*HH\r\n`: `HH` is the XOR of every byte
//! between `$` and `*` as two hex digits.

use std::fmt;

use thiserror::Error;

use crate::engine::Rank;

/// The longest frame, from `$` to `\n` inclusive.
pub const MAX_FRAME_BYTES: usize = 82;
/// The longest shoe ID.
pub const MAX_SHOE_ID_BYTES: usize = 16;
/// The longest device error text.
pub const MAX_ERROR_TEXT_BYTES: usize = 40;
/// The highest sequence number; after it comes 1 (0 means "just powered on").
pub const MAX_SEQ: u16 = u16::MAX;

/// Why the shoe could not read a card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MisreadKind {
    /// A card passed the sensor but could not be read.
    Unreadable,
    /// A card stuck in the shoe's mouth.
    Jam,
}

/// What a frame reports.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Message {
    /// `CARD,seq,rank`: a card left the shoe.
    Card {
        /// The card read.
        rank: Rank,
    },
    /// `CUT,seq`: the physical cut card passed the reader.
    CutCard,
    /// `SHOEIN,seq,id`: a freshly shuffled shoe was inserted.
    ShoeInserted {
        /// The shoe's ID (1 to 16 letters, digits, `-` or `_`).
        shoe_id: String,
    },
    /// `SHOEOUT,seq,id`: the shoe was emptied or removed.
    ShoeEmptied {
        /// The shoe's ID.
        shoe_id: String,
    },
    /// `LID,seq,OPEN|CLOSED`: the shoe's lid moved.
    Lid {
        /// True if the lid is now open.
        open: bool,
    },
    /// `MISREAD,seq,READ|JAM`: a card left (or stuck) without a reading.
    Misread {
        /// What went wrong.
        kind: MisreadKind,
    },
    /// `HB,seq`: the shoe is alive (at least once a second when idle).
    Heartbeat,
    /// `ERR,seq,code,text`: the shoe reports a fault of its own.
    DeviceError {
        /// The maker's error code, 0 to 65535.
        code: u16,
        /// The maker's description.
        text: String,
    },
    /// A well-formed frame of a type this host does not know; its sequence
    /// number still counts.
    Unknown {
        /// The type word.
        kind: String,
    },
}

/// A frame whose checksum and fields were valid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Frame {
    /// The sequence number, 0 to 65535.
    pub seq: u16,
    /// What it reports.
    pub message: Message,
}

/// A line that is not a valid frame.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum FrameError {
    /// Bytes outside any frame (line noise, a device talking another protocol).
    #[error("{bytes} stray bytes outside any frame were skipped")]
    Garbage {
        /// How many bytes were skipped.
        bytes: usize,
    },
    /// No end of line within the frame length limit.
    #[error("a frame ran past {limit} bytes without ending; skipped to the next line")]
    TooLong {
        /// The limit.
        limit: usize,
    },
    /// A new `$` arrived before the frame ended.
    #[error("a frame was cut off after {bytes} bytes by the start of another")]
    Interrupted {
        /// Bytes of the unfinished frame.
        bytes: usize,
    },
    /// A byte that is not printable ASCII inside a frame.
    #[error("a frame holds the byte 0x{byte:02X}, which is not printable ASCII")]
    NotText {
        /// The byte.
        byte: u8,
    },
    /// No `*HH` before the end of line.
    #[error("a frame has no checksum (`*` and two hex digits before the end of line)")]
    NoChecksum,
    /// The checksum does not match the frame.
    #[error("checksum mismatch: the frame says {received:02X}, its bytes give {computed:02X}")]
    BadChecksum {
        /// The checksum sent.
        received: u8,
        /// The checksum of the bytes received.
        computed: u8,
    },
    /// The sequence number is missing or not 0..=65535.
    #[error("the sequence number `{value}` is not a whole number from 0 to 65535")]
    BadSequence {
        /// The field as sent.
        value: String,
    },
    /// A field of a known message is invalid.
    #[error("{kind} frame: `{value}` is not {expected}")]
    BadField {
        /// The message type.
        kind: &'static str,
        /// The field as sent.
        value: String,
        /// What the field must be.
        expected: &'static str,
    },
    /// A known message with the wrong number of fields.
    #[error("{kind} frame: {found} fields after the sequence number, expected {expected}")]
    FieldCount {
        /// The message type.
        kind: &'static str,
        /// Fields expected after the sequence number.
        expected: usize,
        /// Fields received.
        found: usize,
    },
}

impl fmt::Display for MisreadKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MisreadKind::Unreadable => "READ",
            MisreadKind::Jam => "JAM",
        })
    }
}

/// The XOR of `bytes`: the checksum of a frame's body.
pub fn checksum(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |sum, b| sum ^ b)
}

impl Message {
    /// The type word on the wire.
    pub fn kind(&self) -> &str {
        match self {
            Message::Card { .. } => "CARD",
            Message::CutCard => "CUT",
            Message::ShoeInserted { .. } => "SHOEIN",
            Message::ShoeEmptied { .. } => "SHOEOUT",
            Message::Lid { .. } => "LID",
            Message::Misread { .. } => "MISREAD",
            Message::Heartbeat => "HB",
            Message::DeviceError { .. } => "ERR",
            Message::Unknown { kind } => kind,
        }
    }
}

impl Frame {
    /// The frame's body: everything between `$` and `*`.
    pub fn body(&self) -> String {
        let kind = self.message.kind();
        let seq = self.seq;
        match &self.message {
            Message::Card { rank } => format!("{kind},{seq},{rank}"),
            Message::ShoeInserted { shoe_id } | Message::ShoeEmptied { shoe_id } => {
                format!("{kind},{seq},{shoe_id}")
            }
            Message::Lid { open } => {
                format!("{kind},{seq},{}", if *open { "OPEN" } else { "CLOSED" })
            }
            Message::Misread { kind: why } => format!("{kind},{seq},{why}"),
            Message::DeviceError { code, text } => format!("{kind},{seq},{code},{text}"),
            Message::CutCard | Message::Heartbeat | Message::Unknown { .. } => {
                format!("{kind},{seq}")
            }
        }
    }

    /// The frame as sent on the wire, `$` to `\r\n`.
    pub fn encode(&self) -> Vec<u8> {
        let body = self.body();
        format!("${body}*{:02X}\r\n", checksum(body.as_bytes())).into_bytes()
    }
}

fn hex_digit(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        _ => None,
    }
}

/// A parse failure, with the sequence number when the checksum was good
/// enough to trust it.
pub type LineError = (Option<u16>, FrameError);

/// Checks and decodes one line: the bytes after `$` up to, not including,
/// `\n` (a trailing `\r` is allowed).
pub fn parse_line(line: &[u8]) -> Result<Frame, LineError> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if let Some(&byte) = line.iter().find(|b| !(0x20..=0x7E).contains(*b)) {
        return Err((None, FrameError::NotText { byte }));
    }
    let (body, sum) = match line.len().checked_sub(3).map(|at| line.split_at(at)) {
        Some((body, [b'*', high, low])) => match (hex_digit(*high), hex_digit(*low)) {
            (Some(high), Some(low)) => (body, high << 4 | low),
            _ => return Err((None, FrameError::NoChecksum)),
        },
        _ => return Err((None, FrameError::NoChecksum)),
    };
    let computed = checksum(body);
    if computed != sum {
        return Err((
            None,
            FrameError::BadChecksum {
                received: sum,
                computed,
            },
        ));
    }
    // Printable ASCII was checked above, so the body is valid UTF-8.
    let text = String::from_utf8_lossy(body);
    let mut fields = text.split(',');
    let kind = fields.next().unwrap_or_default();
    let seq_text = fields.next().unwrap_or_default();
    let seq = parse_seq(seq_text).ok_or_else(|| {
        (
            None,
            FrameError::BadSequence {
                value: seq_text.to_owned(),
            },
        )
    })?;
    let rest: Vec<&str> = fields.collect();
    let message = parse_message(kind, &rest).map_err(|error| (Some(seq), error))?;
    Ok(Frame { seq, message })
}

fn parse_seq(text: &str) -> Option<u16> {
    if text.is_empty() || text.len() > 5 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn expect_fields(kind: &'static str, fields: &[&str], expected: usize) -> Result<(), FrameError> {
    if fields.len() == expected {
        Ok(())
    } else {
        Err(FrameError::FieldCount {
            kind,
            expected,
            found: fields.len(),
        })
    }
}

fn bad(kind: &'static str, value: &str, expected: &'static str) -> FrameError {
    FrameError::BadField {
        kind,
        value: value.to_owned(),
        expected,
    }
}

fn shoe_id(kind: &'static str, fields: &[&str]) -> Result<String, FrameError> {
    expect_fields(kind, fields, 1)?;
    let id = fields[0];
    let valid = !id.is_empty()
        && id.len() <= MAX_SHOE_ID_BYTES
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if valid {
        Ok(id.to_owned())
    } else {
        Err(bad(
            kind,
            id,
            "a shoe ID (1 to 16 letters, digits, `-` or `_`)",
        ))
    }
}

fn parse_message(kind: &str, fields: &[&str]) -> Result<Message, FrameError> {
    Ok(match kind {
        "CARD" => {
            expect_fields("CARD", fields, 1)?;
            let rank = match fields[0] {
                "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" => fields[0]
                    .parse::<i64>()
                    .ok()
                    .and_then(|v| Rank::new(v).ok()),
                _ => None,
            };
            Message::Card {
                rank: rank.ok_or_else(|| bad("CARD", fields[0], "a rank from 1 to 10"))?,
            }
        }
        "CUT" => {
            expect_fields("CUT", fields, 0)?;
            Message::CutCard
        }
        "SHOEIN" => Message::ShoeInserted {
            shoe_id: shoe_id("SHOEIN", fields)?,
        },
        "SHOEOUT" => Message::ShoeEmptied {
            shoe_id: shoe_id("SHOEOUT", fields)?,
        },
        "LID" => {
            expect_fields("LID", fields, 1)?;
            Message::Lid {
                open: match fields[0] {
                    "OPEN" => true,
                    "CLOSED" => false,
                    other => return Err(bad("LID", other, "OPEN or CLOSED")),
                },
            }
        }
        "MISREAD" => {
            expect_fields("MISREAD", fields, 1)?;
            Message::Misread {
                kind: match fields[0] {
                    "READ" => MisreadKind::Unreadable,
                    "JAM" => MisreadKind::Jam,
                    other => return Err(bad("MISREAD", other, "READ or JAM")),
                },
            }
        }
        "HB" => {
            expect_fields("HB", fields, 0)?;
            Message::Heartbeat
        }
        "ERR" => {
            expect_fields("ERR", fields, 2)?;
            let code = parse_seq(fields[0])
                .ok_or_else(|| bad("ERR", fields[0], "an error code from 0 to 65535"))?;
            if fields[1].len() > MAX_ERROR_TEXT_BYTES {
                return Err(bad("ERR", fields[1], "a text of at most 40 characters"));
            }
            Message::DeviceError {
                code,
                text: fields[1].to_owned(),
            }
        }
        other => Message::Unknown {
            kind: other.to_owned(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(seq: u16, rank: i64) -> Frame {
        Frame {
            seq,
            message: Message::Card {
                rank: Rank::new(rank).unwrap(),
            },
        }
    }

    #[test]
    fn a_card_frame_encodes_with_its_xor_checksum() {
        let bytes = card(17, 7).encode();
        assert_eq!(bytes, b"$CARD,17,7*25\r\n");
        assert_eq!(parse_line(&bytes[1..bytes.len() - 1]), Ok(card(17, 7)));
    }

    #[test]
    fn every_message_round_trips() {
        let messages = [
            Message::CutCard,
            Message::ShoeInserted {
                shoe_id: "S-0042".into(),
            },
            Message::ShoeEmptied {
                shoe_id: "S-0042".into(),
            },
            Message::Lid { open: true },
            Message::Lid { open: false },
            Message::Misread {
                kind: MisreadKind::Jam,
            },
            Message::Misread {
                kind: MisreadKind::Unreadable,
            },
            Message::Heartbeat,
            Message::DeviceError {
                code: 12,
                text: "sensor dirty".into(),
            },
            Message::Unknown {
                kind: "TEMP".into(),
            },
        ];
        for message in messages {
            let frame = Frame { seq: 9, message };
            let bytes = frame.encode();
            assert!(bytes.len() <= MAX_FRAME_BYTES);
            assert_eq!(parse_line(&bytes[1..bytes.len() - 1]), Ok(frame));
        }
    }

    #[test]
    fn bad_fields_are_typed_and_keep_the_trusted_sequence_number() {
        let body = b"CARD,4,11";
        let line = format!("CARD,4,11*{:02X}", checksum(body));
        assert!(matches!(
            parse_line(line.as_bytes()),
            Err((Some(4), FrameError::BadField { kind: "CARD", .. }))
        ));
        assert!(matches!(
            parse_line(b"CARD,4,7*00"),
            Err((None, FrameError::BadChecksum { received: 0, .. }))
        ));
        assert_eq!(parse_line(b"CARD,4,7"), Err((None, FrameError::NoChecksum)));
        let line = format!("CARD,70000,7*{:02X}", checksum(b"CARD,70000,7"));
        assert!(matches!(
            parse_line(line.as_bytes()),
            Err((None, FrameError::BadSequence { .. }))
        ));
    }
}
