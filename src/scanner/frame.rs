//! One frame of the shoe protocol (hardware/PROTOCOL.md): the messages,
//! their encoding, and the checks on one complete line.
//!
//! A frame is `$TYPE,SEQ[,FIELD...]*CHECK\r\n`. Version 1: `CHECK` is the
//! XOR of every byte between `$` and `*` as two hex digits. Version 2: it is
//! the CRC-16/CCITT-FALSE of the same bytes as four hex digits. Each frame
//! says by its check which version it is.

use std::fmt;

use crc::{CRC_16_IBM_3740, Crc};
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
/// The longest maker, model or serial number in a `HELLO` frame.
pub const MAX_IDENTITY_BYTES: usize = 16;
/// The longest firmware version in a `HELLO` frame.
pub const MAX_FIRMWARE_BYTES: usize = 8;

/// The CRC of protocol version 2: CRC-16/CCITT-FALSE (also catalogued as
/// CRC-16/IBM-3740): width 16, polynomial 0x1021, initial value 0xFFFF,
/// input and output not reflected, no final XOR; "123456789" gives 0x29B1.
const CRC16: Crc<u16> = Crc::<u16>::new(&CRC_16_IBM_3740);

/// The CRC-16/CCITT-FALSE of `bytes`: the check of a version 2 frame.
pub fn crc16(bytes: &[u8]) -> u16 {
    CRC16.checksum(bytes)
}

/// The protocol version a frame is written in, told by its check: two hex
/// digits (XOR) for version 1, four (CRC-16) for version 2.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Protocol {
    /// One-way, XOR checksum.
    V1,
    /// CRC-16, the shoe identifies itself and resends on request.
    V2,
}

impl Protocol {
    /// The version number (1 or 2).
    pub fn number(self) -> u8 {
        match self {
            Protocol::V1 => 1,
            Protocol::V2 => 2,
        }
    }

    /// The version with this number, if there is one.
    pub fn from_number(number: u8) -> Option<Protocol> {
        match number {
            1 => Some(Protocol::V1),
            2 => Some(Protocol::V2),
            _ => None,
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "protocol version {}", self.number())
    }
}

/// Who a version 2 shoe says it is (its `HELLO` frame).
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Identity {
    /// The maker.
    pub maker: String,
    /// The model.
    pub model: String,
    /// The serial number.
    pub serial: String,
    /// The firmware version.
    pub firmware: String,
}

impl Identity {
    /// Whether `other` is the same device (maker, model and serial number;
    /// a firmware update does not make another shoe).
    pub fn same_device(&self, other: &Identity) -> bool {
        (&self.maker, &self.model, &self.serial) == (&other.maker, &other.model, &other.serial)
    }
}

impl fmt::Display for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} serial {} firmware {}",
            self.maker, self.model, self.serial, self.firmware
        )
    }
}

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
    /// `HELLO,seq,maker,model,serial,firmware,version` (version 2 only): the
    /// shoe identifies itself, at power-up and when the host asks.
    Hello {
        /// Maker, model, serial number and firmware.
        identity: Identity,
        /// The protocol version it speaks (2).
        version: u8,
    },
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
    /// No `*HH` (version 1) or `*HHHH` (version 2) before the end of line.
    #[error("a frame has no checksum (`*` and two or four hex digits before the end of line)")]
    NoChecksum,
    /// The version 1 checksum does not match the frame.
    #[error("checksum mismatch: the frame says {received:02X}, its bytes give {computed:02X}")]
    BadChecksum {
        /// The checksum sent.
        received: u8,
        /// The checksum of the bytes received.
        computed: u8,
    },
    /// The version 2 CRC does not match the frame.
    #[error("CRC mismatch: the frame says {received:04X}, its bytes give {computed:04X}")]
    BadCrc {
        /// The CRC sent.
        received: u16,
        /// The CRC of the bytes received.
        computed: u16,
    },
    /// A `*` before the one that starts the checksum.
    #[error("a frame holds `*` inside a field; `*` may only start the checksum")]
    Asterisk,
    /// The frame's type is not a word of upper-case letters `A` to `Z`.
    #[error("`{value}` is not a frame type (upper-case letters A to Z)")]
    BadType {
        /// The type as sent.
        value: String,
    },
    /// A valid frame of the other protocol version than the one this
    /// connection speaks (decided by its first frame, or by a restart).
    #[error("a {found} frame arrived on a link that speaks {speaking}; it was refused")]
    WrongProtocol {
        /// The frame's version.
        found: Protocol,
        /// The link's version.
        speaking: Protocol,
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
            Message::Hello { .. } => "HELLO",
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
            Message::Hello { identity, version } => format!(
                "{kind},{seq},{},{},{},{},{version}",
                identity.maker, identity.model, identity.serial, identity.firmware
            ),
            Message::CutCard | Message::Heartbeat | Message::Unknown { .. } => {
                format!("{kind},{seq}")
            }
        }
    }

    /// The frame as a version 1 shoe sends it, `$` to `\r\n`.
    pub fn encode(&self) -> Vec<u8> {
        self.encode_as(Protocol::V1)
    }

    /// The frame as a shoe of `protocol` sends it, `$` to `\r\n`.
    pub fn encode_as(&self, protocol: Protocol) -> Vec<u8> {
        seal(&self.body(), protocol)
    }
}

/// `$`, `body`, `*`, the check of `protocol` in upper-case hex, `\r\n`.
pub fn seal(body: &str, protocol: Protocol) -> Vec<u8> {
    match protocol {
        Protocol::V1 => format!("${body}*{:02X}\r\n", checksum(body.as_bytes())),
        Protocol::V2 => format!("${body}*{:04X}\r\n", crc16(body.as_bytes())),
    }
    .into_bytes()
}

/// What the host asks of a version 2 shoe (hardware/PROTOCOL.md, "Version
/// 2", "The host may ask"). Host frames carry no sequence number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HostRequest {
    /// `IDENT`: send a `HELLO` frame.
    Identify,
    /// `RESEND,from,count`: send again `count` frames from number `from`.
    Resend {
        /// The first frame asked for.
        from: u16,
        /// How many, 1 to [`MAX_RESEND`].
        count: u16,
    },
}

/// The most frames one `RESEND` asks for.
pub const MAX_RESEND: u16 = 64;

/// How many of its latest frames a version 2 shoe keeps for `RESEND`: the
/// [`MAX_RESEND`] a request may ask for, and as many sent after them before
/// the request reaches it.
pub const SHOE_KEEPS_FRAMES: usize = 2 * MAX_RESEND as usize;

impl HostRequest {
    /// The request as the host sends it, `$` to `\r\n`, with its CRC.
    pub fn encode(&self) -> Vec<u8> {
        match self {
            HostRequest::Identify => seal("IDENT", Protocol::V2),
            HostRequest::Resend { from, count } => {
                seal(&format!("RESEND,{from},{count}"), Protocol::V2)
            }
        }
    }

    /// Parses one host line (the bytes after `$`, up to `\n`), as a shoe
    /// does. None if it is not a valid request.
    pub fn parse(line: &[u8]) -> Option<HostRequest> {
        let (body, protocol) = split_check(line).ok()?;
        if protocol != Protocol::V2 || body.contains(&b'*') {
            return None;
        }
        let text = std::str::from_utf8(body).ok()?;
        let fields: Vec<&str> = text.split(',').collect();
        match fields[..] {
            ["IDENT"] => Some(HostRequest::Identify),
            ["RESEND", from, count] => {
                let from = parse_number(from)?;
                let count = parse_number(count)?;
                (1..=MAX_RESEND)
                    .contains(&count)
                    .then_some(HostRequest::Resend { from, count })
            }
            _ => None,
        }
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

/// Why a line is not a valid frame.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LineError {
    /// The check failed or is missing (or a byte is not text): nothing in
    /// the line can be trusted, not even which version sent it.
    Unchecked(FrameError),
    /// The check is good, so a shoe speaking `protocol` sent the line, but
    /// its contents are not valid: a bad sequence number (`seq` None, no
    /// number to count) or a bad type or field (`seq` counts).
    Invalid {
        /// The version the check is written in.
        protocol: Protocol,
        /// The sequence number, if it is valid.
        seq: Option<u16>,
        /// What is wrong.
        error: FrameError,
    },
}

impl LineError {
    /// The problem, whatever the check said.
    pub fn error(&self) -> &FrameError {
        match self {
            LineError::Unchecked(error) | LineError::Invalid { error, .. } => error,
        }
    }

    /// The sequence number the host can trust, if any.
    pub fn seq(&self) -> Option<u16> {
        match self {
            LineError::Unchecked(_) => None,
            LineError::Invalid { seq, .. } => *seq,
        }
    }
}

/// Splits a line (after `$`, without `\n`; a trailing `\r` is allowed)
/// into its body and version, checking its check. The body is everything
/// before the last `*`.
fn split_check(line: &[u8]) -> Result<(&[u8], Protocol), FrameError> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if let Some(&byte) = line.iter().find(|b| !(0x20..=0x7E).contains(*b)) {
        return Err(FrameError::NotText { byte });
    }
    let Some(star) = line.iter().rposition(|&b| b == b'*') else {
        return Err(FrameError::NoChecksum);
    };
    let (body, digits) = (&line[..star], &line[star + 1..]);
    let value = digits
        .iter()
        .try_fold(0u16, |sum, &b| Some(sum << 4 | u16::from(hex_digit(b)?)));
    match (digits.len(), value) {
        (2, Some(received)) => {
            let computed = checksum(body);
            if u16::from(computed) == received {
                Ok((body, Protocol::V1))
            } else {
                Err(FrameError::BadChecksum {
                    received: received as u8,
                    computed,
                })
            }
        }
        (4, Some(received)) => {
            let computed = crc16(body);
            if computed == received {
                Ok((body, Protocol::V2))
            } else {
                Err(FrameError::BadCrc { received, computed })
            }
        }
        _ => Err(FrameError::NoChecksum),
    }
}

/// Checks and decodes one line: the bytes after `$` up to, not including,
/// `\n` (a trailing `\r` is allowed). Returns the frame and the protocol
/// version its check is written in.
pub fn parse_line(line: &[u8]) -> Result<(Frame, Protocol), LineError> {
    let (body, protocol) = split_check(line).map_err(LineError::Unchecked)?;
    let invalid = |seq, error| LineError::Invalid {
        protocol,
        seq,
        error,
    };
    // Printable ASCII was checked, so the body is valid UTF-8.
    let text = String::from_utf8_lossy(body);
    let mut fields = text.split(',');
    let kind = fields.next().unwrap_or_default();
    let seq_text = fields.next().unwrap_or_default();
    let seq = parse_number(seq_text).ok_or_else(|| {
        invalid(
            None,
            FrameError::BadSequence {
                value: seq_text.to_owned(),
            },
        )
    })?;
    if body.contains(&b'*') {
        return Err(invalid(Some(seq), FrameError::Asterisk));
    }
    if kind.is_empty() || !kind.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(invalid(
            Some(seq),
            FrameError::BadType {
                value: kind.to_owned(),
            },
        ));
    }
    let rest: Vec<&str> = fields.collect();
    let message =
        parse_message(kind, &rest, protocol).map_err(|error| invalid(Some(seq), error))?;
    Ok((Frame { seq, message }, protocol))
}

/// A whole number from 0 to 65535 in decimal without leading zeros (`0`
/// itself is the only number that starts with `0`).
fn parse_number(text: &str) -> Option<u16> {
    let canonical = match text.as_bytes() {
        [b'0'] => true,
        [b'1'..=b'9', rest @ ..] => rest.len() < 5 && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    if canonical { text.parse().ok() } else { None }
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

/// A `HELLO` field: 1 to `limit` letters, digits, `-`, `_` or `.`.
fn identity_field(value: &str, limit: usize, expected: &'static str) -> Result<String, FrameError> {
    let valid = !value.is_empty()
        && value.len() <= limit
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if valid {
        Ok(value.to_owned())
    } else {
        Err(bad("HELLO", value, expected))
    }
}

fn parse_message(kind: &str, fields: &[&str], protocol: Protocol) -> Result<Message, FrameError> {
    Ok(match kind {
        "HELLO" if protocol == Protocol::V2 => {
            expect_fields("HELLO", fields, 5)?;
            const NAME: &str = "1 to 16 letters, digits, `-`, `_` or `.`";
            let identity = Identity {
                maker: identity_field(fields[0], MAX_IDENTITY_BYTES, NAME)?,
                model: identity_field(fields[1], MAX_IDENTITY_BYTES, NAME)?,
                serial: identity_field(fields[2], MAX_IDENTITY_BYTES, NAME)?,
                firmware: identity_field(
                    fields[3],
                    MAX_FIRMWARE_BYTES,
                    "a firmware version of 1 to 8 letters, digits, `-`, `_` or `.`",
                )?,
            };
            if fields[4] != "2" {
                return Err(bad("HELLO", fields[4], "protocol version 2"));
            }
            Message::Hello {
                identity,
                version: 2,
            }
        }
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
            let code = parse_number(fields[0])
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

    /// `parse_line`'s verdict with the number the host can trust.
    fn verdict(line: &[u8]) -> Result<(Frame, Protocol), (Option<u16>, FrameError)> {
        parse_line(line).map_err(|e| (e.seq(), e.error().clone()))
    }

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
        assert_eq!(
            verdict(&bytes[1..bytes.len() - 1]),
            Ok((card(17, 7), Protocol::V1))
        );
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
            assert_eq!(
                verdict(&bytes[1..bytes.len() - 1]),
                Ok((frame.clone(), Protocol::V1))
            );
            let bytes = frame.encode_as(Protocol::V2);
            assert!(bytes.len() <= MAX_FRAME_BYTES);
            assert_eq!(
                verdict(&bytes[1..bytes.len() - 1]),
                Ok((frame, Protocol::V2))
            );
        }
    }

    #[test]
    fn bad_fields_are_typed_and_keep_the_trusted_sequence_number() {
        let body = b"CARD,4,11";
        let line = format!("CARD,4,11*{:02X}", checksum(body));
        assert!(matches!(
            verdict(line.as_bytes()),
            Err((Some(4), FrameError::BadField { kind: "CARD", .. }))
        ));
        assert!(matches!(
            verdict(b"CARD,4,7*00"),
            Err((None, FrameError::BadChecksum { received: 0, .. }))
        ));
        assert_eq!(verdict(b"CARD,4,7"), Err((None, FrameError::NoChecksum)));
        let line = format!("CARD,70000,7*{:02X}", checksum(b"CARD,70000,7"));
        assert!(matches!(
            verdict(line.as_bytes()),
            Err((None, FrameError::BadSequence { .. }))
        ));
    }

    fn line_with_checksum(body: &str) -> String {
        format!("{body}*{:02X}", checksum(body.as_bytes()))
    }

    #[test]
    fn the_crc_is_ccitt_false_with_its_published_check_value_and_test_vectors() {
        // The catalogue's check value, then the vectors in hardware/PROTOCOL.md.
        assert_eq!(crc16(b"123456789"), 0x29B1);
        assert_eq!(crc16(b""), 0xFFFF);
        assert_eq!(crc16(b"CARD,17,7"), 0xA1E1);
        assert_eq!(crc16(b"HB,0"), 0x698A);
        assert_eq!(crc16(b"RESEND,101,2"), 0xBDD7);
        let frame = card(17, 7).encode_as(Protocol::V2);
        assert_eq!(frame, b"$CARD,17,7*A1E1\r\n");
        // The two frames a XOR checksum cannot tell apart, told apart.
        assert_eq!(checksum(b"CARD,105,3"), checksum(b"CARD,103,5"));
        assert_ne!(crc16(b"CARD,105,3"), crc16(b"CARD,103,5"));
    }

    #[test]
    fn an_asterisk_inside_a_field_is_refused_even_with_a_good_checksum() {
        // Finding 3: `$ERR,101,5,a*b*45` was read as the text "a*b".
        assert_eq!(checksum(b"ERR,101,5,a*b"), 0x45);
        assert_eq!(
            verdict(b"ERR,101,5,a*b*45"),
            Err((Some(101), FrameError::Asterisk))
        );
        let v2 = seal("ERR,101,5,a*b", Protocol::V2);
        assert_eq!(
            verdict(&v2[1..v2.len() - 2]),
            Err((Some(101), FrameError::Asterisk))
        );
    }

    #[test]
    fn sequence_numbers_and_codes_with_leading_zeros_are_refused_like_ranks() {
        // Finding 4: `$CARD,00,5` and `0101` were read as 0 and 101.
        for body in [
            "CARD,00,5",
            "CARD,0101,5",
            "HB,007",
            "CARD,+5,5",
            "CARD,65536,5",
        ] {
            let line = line_with_checksum(body);
            assert!(
                matches!(
                    verdict(line.as_bytes()),
                    Err((None, FrameError::BadSequence { .. }))
                ),
                "{body}"
            );
        }
        let line = line_with_checksum("CARD,5,07");
        assert!(matches!(
            verdict(line.as_bytes()),
            Err((Some(5), FrameError::BadField { .. }))
        ));
        let line = line_with_checksum("ERR,5,012,jam");
        assert!(matches!(
            verdict(line.as_bytes()),
            Err((Some(5), FrameError::BadField { kind: "ERR", .. }))
        ));
        for (body, seq) in [("HB,0", 0), ("HB,10", 10), ("HB,65535", 65535)] {
            let line = line_with_checksum(body);
            assert_eq!(verdict(line.as_bytes()).map(|(f, _)| f.seq), Ok(seq));
        }
    }

    #[test]
    fn the_check_says_the_version_and_a_wrong_crc_is_typed() {
        let hello = Frame {
            seq: 0,
            message: Message::Hello {
                identity: Identity {
                    maker: "Acme".into(),
                    model: "RS-9".into(),
                    serial: "SN0042".into(),
                    firmware: "2.1.0".into(),
                },
                version: 2,
            },
        };
        let bytes = hello.encode_as(Protocol::V2);
        assert_eq!(
            verdict(&bytes[1..bytes.len() - 1]),
            Ok((hello.clone(), Protocol::V2))
        );
        // In a version 1 frame HELLO is a type that version does not know.
        let v1 = hello.encode();
        assert!(matches!(
            verdict(&v1[1..v1.len() - 1]),
            Ok((
                Frame {
                    message: Message::Unknown { .. },
                    ..
                },
                Protocol::V1
            ))
        ));
        assert!(matches!(
            verdict(b"CARD,17,7*A1E0"),
            Err((
                None,
                FrameError::BadCrc {
                    received: 0xA1E0,
                    computed: 0xA1E1
                }
            ))
        ));
        assert_eq!(
            verdict(b"CARD,17,7*A1E"),
            Err((None, FrameError::NoChecksum))
        );
        let bad_version = seal("HELLO,0,Acme,RS-9,SN1,1.0,3", Protocol::V2);
        assert!(matches!(
            verdict(&bad_version[1..bad_version.len() - 2]),
            Err((Some(0), FrameError::BadField { kind: "HELLO", .. }))
        ));
    }

    #[test]
    fn host_requests_encode_with_a_crc_and_parse_back() {
        for request in [
            HostRequest::Identify,
            HostRequest::Resend {
                from: 101,
                count: 2,
            },
        ] {
            let bytes = request.encode();
            assert_eq!(
                HostRequest::parse(&bytes[1..bytes.len() - 1]),
                Some(request)
            );
        }
        assert_eq!(
            HostRequest::Identify.encode(),
            format!("$IDENT*{:04X}\r\n", crc16(b"IDENT")).into_bytes()
        );
        assert_eq!(HostRequest::parse(b"RESEND,1,65*0000"), None);
        assert_eq!(HostRequest::parse(b"IDENT*00"), None);
    }
}
