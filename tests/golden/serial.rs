//! hardware/PROTOCOL.md: the frames of versions 1 and 2, their XOR
//! checksum and CRC-16, and the host's requests; hardware/TOOLS.md: the
//! lines `pairs-table scanner --json` prints. (The captures in
//! hardware/captures/ are compared with the decoder by tests/scanner.rs.)

use std::collections::BTreeSet;

use pairs_table::engine::Decks;
use pairs_table::engine::Rank;
use pairs_table::scanner::frame::{MisreadKind, checksum, crc16};
use pairs_table::scanner::{
    Decoder, Frame, FrameError, HostRequest, Identity, Message, Protocol, ScanEvent, ShoeAccounting,
};

use super::{assert_hex, assert_text, block};

const PROTOCOL: &str = "hardware/PROTOCOL.md";
const TOOLS: &str = "hardware/TOOLS.md";

/// A CRC as the catalogue describes one (block `crc16-parameters`).
#[derive(Debug)]
struct CrcModel {
    poly: u16,
    init: u16,
    refin: bool,
    refout: bool,
    xorout: u16,
    check: u16,
    residue: u16,
}

fn number(text: &str) -> u16 {
    u16::from_str_radix(text.trim_start_matches("0x"), 16)
        .unwrap_or_else(|_| panic!("{PROTOCOL}: `{text}` is not a hex number"))
}

fn flag(text: &str) -> bool {
    match text {
        "true" => true,
        "false" => false,
        other => panic!("{PROTOCOL}: `{other}` is not true or false"),
    }
}

/// The CRC model the document gives, read from its catalogue line.
fn documented_crc() -> CrcModel {
    let line = block(PROTOCOL, "crc16-parameters");
    let field = |key: &str| {
        line.split_whitespace()
            .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
            .unwrap_or_else(|| panic!("{PROTOCOL}: the CRC parameters have no {key}"))
    };
    assert_eq!(field("width"), "16");
    assert_eq!(field("name"), "\"CRC-16/IBM-3740\"");
    CrcModel {
        poly: number(field("poly")),
        init: number(field("init")),
        refin: flag(field("refin")),
        refout: flag(field("refout")),
        xorout: number(field("xorout")),
        check: number(field("check")),
        residue: number(field("residue")),
    }
}

impl CrcModel {
    /// The register after `bytes`, bit by bit, before the final XOR.
    fn register(&self, bytes: &[u8]) -> u16 {
        let mut crc = self.init;
        for &byte in bytes {
            let byte = if self.refin {
                byte.reverse_bits()
            } else {
                byte
            };
            crc ^= u16::from(byte) << 8;
            for _ in 0..8 {
                crc = if crc & 0x8000 != 0 {
                    (crc << 1) ^ self.poly
                } else {
                    crc << 1
                };
            }
        }
        if self.refout { crc.reverse_bits() } else { crc }
    }

    fn crc(&self, bytes: &[u8]) -> u16 {
        self.register(bytes) ^ self.xorout
    }
}

/// The XOR of `bytes`, computed here.
fn xor(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |sum, b| sum ^ b)
}

/// Checks one documented frame line (without its CR LF) against the
/// document's rules, computed here, and the program's checksum or CRC;
/// returns its version by the number of check digits.
fn check_documented_line(line: &str, crc: &CrcModel) -> Protocol {
    let inner = line
        .strip_prefix('$')
        .unwrap_or_else(|| panic!("{PROTOCOL}: the frame {line} does not start with $"));
    let (body, digits) = inner
        .rsplit_once('*')
        .unwrap_or_else(|| panic!("{PROTOCOL}: the frame {line} has no check"));
    assert!(
        digits
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b)),
        "{PROTOCOL}: the check of {line} is not upper-case hex"
    );
    let value = number(digits);
    match digits.len() {
        2 => {
            assert_eq!(value, u16::from(xor(body.as_bytes())), "{PROTOCOL}: {line}");
            assert_eq!(value, u16::from(checksum(body.as_bytes())), "{line}");
            Protocol::V1
        }
        4 => {
            assert_eq!(value, crc.crc(body.as_bytes()), "{PROTOCOL}: {line}");
            assert_eq!(value, crc16(body.as_bytes()), "{line}");
            Protocol::V2
        }
        _ => panic!("{PROTOCOL}: the check of {line} is neither two nor four digits"),
    }
}

fn rank(value: i64) -> Rank {
    Rank::new(value).unwrap()
}

fn frame(seq: u16, message: Message) -> Frame {
    Frame { seq, message }
}

/// A shoe's session, from insertion to emptying, one frame of each type,
/// numbered from `first`.
fn session(first: u16) -> Vec<Frame> {
    let shoe = || "A-0107".to_string();
    let messages = [
        Message::ShoeInserted { shoe_id: shoe() },
        Message::Lid { open: false },
        Message::Card { rank: rank(7) },
        Message::Card { rank: rank(10) },
        Message::CutCard,
        Message::Misread {
            kind: MisreadKind::Unreadable,
        },
        Message::Misread {
            kind: MisreadKind::Jam,
        },
        Message::Heartbeat,
        Message::DeviceError {
            code: 12,
            text: "sensor dirty".into(),
        },
        Message::Lid { open: true },
        Message::ShoeEmptied { shoe_id: shoe() },
    ];
    (first..).zip(messages).map(|(s, m)| frame(s, m)).collect()
}

fn hello() -> Message {
    Message::Hello {
        identity: Identity {
            maker: "Acme".into(),
            model: "RS-9".into(),
            serial: "SN0042".into(),
            firmware: "2.1.0".into(),
        },
        version: 2,
    }
}

/// The documented version 1 frames.
fn frames_v1() -> Vec<Frame> {
    session(0)
}

/// The documented version 2 frames: `HELLO` at power-on, then a session.
fn frames_v2() -> Vec<Frame> {
    let mut frames = vec![frame(0, hello())];
    frames.extend(session(1));
    frames
}

/// Encoded frames as the document lists them: each without its CR LF
/// (which is checked to be there), one a line.
fn as_lines(encoded: impl IntoIterator<Item = Vec<u8>>) -> String {
    encoded
        .into_iter()
        .map(|bytes| {
            let text = String::from_utf8(bytes).unwrap();
            let line = text
                .strip_suffix("\r\n")
                .unwrap_or_else(|| panic!("{text:?} does not end in CR LF"));
            format!("{line}\n")
        })
        .collect()
}

/// The bytes on the wire for a block of documented frames.
fn wire(name: &str) -> Vec<u8> {
    block(PROTOCOL, name)
        .lines()
        .flat_map(|line| format!("{line}\r\n").into_bytes())
        .collect()
}

fn decode(bytes: &[u8]) -> (Vec<ScanEvent>, Vec<HostRequest>) {
    let mut decoder = Decoder::new();
    let mut events = Vec::new();
    decoder.push(bytes, &mut events);
    (events, decoder.take_requests())
}

fn published(protocol: Protocol, frames: &[Frame]) -> Vec<ScanEvent> {
    let mut events = vec![ScanEvent::Protocol { version: protocol }];
    events.extend(frames.iter().map(|f| ScanEvent::Frame {
        seq: f.seq,
        message: f.message.clone(),
    }));
    events
}

#[test]
fn the_crc_is_the_documented_catalogue_entry_and_its_test_vectors() {
    let crc = documented_crc();
    // The catalogue's check and residue, from the parameters alone.
    assert_eq!(crc.crc(b"123456789"), crc.check);
    let mut codeword = b"123456789".to_vec();
    codeword.extend(crc.check.to_be_bytes());
    assert_eq!(crc.register(&codeword), crc.residue);
    // The program's CRC is that CRC.
    assert_eq!(crc16(b"123456789"), crc.check);
    let all: Vec<u8> = (0..=255).collect();
    for end in 0..all.len() {
        assert_eq!(crc16(&all[..end]), crc.crc(&all[..end]), "bytes 0 to {end}");
    }
    // The table of test vectors, row by row.
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/hardware/PROTOCOL.md"))
            .unwrap();
    let table = text
        .split_once("| bytes | CRC |")
        .and_then(|(_, rest)| rest.split("\n\n").next())
        .expect("hardware/PROTOCOL.md has no table of CRC test vectors");
    let mut vectors = 0;
    for row in table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("|---"))
    {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let bytes = match cells[1] {
            "(none)" => "",
            cell => cell.trim_matches('`'),
        };
        let value = number(&cells[2][1..5]);
        assert_eq!(crc.crc(bytes.as_bytes()), value, "{PROTOCOL}: vector {row}");
        assert_eq!(crc16(bytes.as_bytes()), value, "vector {row}");
        vectors += 1;
    }
    assert_eq!(vectors, 5, "{PROTOCOL}: the CRC test vectors");
}

#[test]
fn the_documented_frames_are_the_frames_the_program_sends() {
    let crc = documented_crc();
    for (name, protocol) in [("frames-v1", Protocol::V1), ("frames-v2", Protocol::V2)] {
        for line in block(PROTOCOL, name).lines() {
            assert_eq!(check_documented_line(line, &crc), protocol, "{line}");
        }
    }
    for line in block(PROTOCOL, "frames-host").lines() {
        assert_eq!(check_documented_line(line, &crc), Protocol::V2, "{line}");
    }
    assert_text(
        PROTOCOL,
        "frames-v1",
        &as_lines(frames_v1().iter().map(|f| f.encode_as(Protocol::V1))),
    );
    assert_text(
        PROTOCOL,
        "frames-v2",
        &as_lines(frames_v2().iter().map(|f| f.encode_as(Protocol::V2))),
    );
    assert_text(
        PROTOCOL,
        "frames-host",
        &as_lines([
            HostRequest::Identify.encode(),
            HostRequest::Resend {
                from: 101,
                count: 2,
            }
            .encode(),
        ]),
    );
    // The example frame byte for byte, CR LF included, in either version.
    let card = frame(17, Message::Card { rank: rank(7) });
    assert_hex(PROTOCOL, "frame-v1-card-bytes", &card.encode());
    assert_hex(
        PROTOCOL,
        "frame-v1-card-bytes",
        format!("$CARD,17,7*{:02X}\r\n", xor(b"CARD,17,7")).as_bytes(),
    );
    assert_hex(
        PROTOCOL,
        "frame-v2-card-bytes",
        &card.encode_as(Protocol::V2),
    );
    assert_hex(
        PROTOCOL,
        "frame-v2-card-bytes",
        format!("$CARD,17,7*{:04X}\r\n", documented_crc().crc(b"CARD,17,7")).as_bytes(),
    );
}

#[test]
fn the_decoder_takes_every_documented_frame_and_asks_as_documented() {
    // Each version's frames, as sent, and with lower-case check digits
    // (receivers accept either case).
    for (name, protocol, frames) in [
        ("frames-v1", Protocol::V1, frames_v1()),
        ("frames-v2", Protocol::V2, frames_v2()),
    ] {
        let bytes = wire(name);
        let (events, requests) = decode(&bytes);
        assert_eq!(events, published(protocol, &frames), "{PROTOCOL}: {name}");
        // A version 2 shoe that starts with HELLO is not asked who it is.
        assert!(requests.is_empty(), "{name}: {requests:?}");
        let lower: Vec<u8> = block(PROTOCOL, name)
            .lines()
            .flat_map(|line| {
                let (body, check) = line.rsplit_once('*').unwrap();
                format!("{body}*{}\r\n", check.to_lowercase()).into_bytes()
            })
            .collect();
        assert_eq!(decode(&lower).0, published(protocol, &frames), "{name}");
    }
    // The host's requests: IDENT when a version 2 link starts on another
    // frame than HELLO, RESEND for frames 101 and 102 when 103 follows 100.
    let crc = documented_crc();
    let sealed = |body: &str| format!("${body}*{:04X}\r\n", crc.crc(body.as_bytes()));
    let bytes = sealed("HB,100") + &sealed("CARD,103,5");
    let (events, requests) = decode(bytes.as_bytes());
    assert!(events.contains(&ScanEvent::ResendRequested {
        from: 101,
        count: 2
    }));
    assert_text(
        PROTOCOL,
        "frames-host",
        &as_lines(requests.iter().map(HostRequest::encode)),
    );
    // A shoe reads them back.
    let read: Vec<Option<HostRequest>> = block(PROTOCOL, "frames-host")
        .lines()
        .map(|line| HostRequest::parse(format!("{}\r", &line[1..]).as_bytes()))
        .collect();
    assert_eq!(read, requests.into_iter().map(Some).collect::<Vec<_>>());
}

fn json_lines(events: &[ScanEvent]) -> String {
    events
        .iter()
        .map(|event| event.to_json_line() + "\n")
        .collect()
}

/// One of each event `scanner --json` prints other than a frame's or a
/// problem's.
fn link_events() -> Vec<ScanEvent> {
    vec![
        ScanEvent::Connected {
            port: "/dev/ttyUSB0".into(),
        },
        ScanEvent::Protocol {
            version: Protocol::V2,
        },
        ScanEvent::Frame {
            seq: 0,
            message: hello(),
        },
        ScanEvent::Frame {
            seq: 51,
            message: Message::Unknown {
                kind: "TEMP".into(),
            },
        },
        ScanEvent::Restarted { last: 53 },
        ScanEvent::ResendRequested {
            from: 101,
            count: 2,
        },
    ]
}

/// One of each kind of problem.
fn problems() -> Vec<ScanEvent> {
    let problem = |seq, error| ScanEvent::Problem { seq, error };
    let card = |value| Some(Message::Card { rank: rank(value) });
    vec![
        problem(None, FrameError::Garbage { bytes: 16 }),
        problem(None, FrameError::TooLong { limit: 82 }),
        problem(None, FrameError::Interrupted { bytes: 9 }),
        problem(None, FrameError::NotText { byte: 0x07 }),
        problem(None, FrameError::NoChecksum),
        problem(
            None,
            FrameError::BadChecksum {
                received: 0xFF,
                computed: 0x24,
            },
        ),
        problem(
            None,
            FrameError::BadCrc {
                received: 0xA1E0,
                computed: 0xA1E1,
            },
        ),
        problem(
            None,
            FrameError::BadSequence {
                value: "007".into(),
            },
        ),
        problem(
            Some(49),
            FrameError::BadField {
                kind: "CARD",
                value: "11".into(),
                expected: "a rank from 1 to 10",
            },
        ),
        problem(Some(101), FrameError::Asterisk),
        problem(
            Some(7),
            FrameError::BadType {
                value: "card".into(),
            },
        ),
        problem(
            None,
            FrameError::WrongProtocol {
                found: Protocol::V2,
                speaking: Protocol::V1,
            },
        ),
        ScanEvent::Gap {
            expected: 42,
            received: 43,
            missing: 1,
        },
        ScanEvent::Duplicate { seq: 43 },
        ScanEvent::Conflict {
            seq: 101,
            first: card(5),
            second: card(6),
        },
        ScanEvent::Stale {
            seq: 101,
            expected: 104,
            message: card(5),
        },
        ScanEvent::Silent { quiet_ms: 1300 },
        ScanEvent::Unidentified { asked: 3 },
        ScanEvent::Disconnected {
            reason: "cannot open /dev/ttyUSB0: No such file or directory".into(),
        },
    ]
}

/// The backquoted names (lower case and `_`) in the text of TOOLS.md that
/// starts with `from` and ends before `to`.
fn quoted_words(from: &str, to: &str) -> BTreeSet<String> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/hardware/TOOLS.md")).unwrap();
    let start = text
        .find(from)
        .unwrap_or_else(|| panic!("{TOOLS} no longer says {from:?}"));
    let end = start
        + text[start..]
            .find(to)
            .unwrap_or_else(|| panic!("{TOOLS} no longer says {to:?}"));
    text[start..end]
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|word| word.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        .map(str::to_owned)
        .collect()
}

/// `field` of every line of a block of JSON lines.
fn values_of(name: &str, field: &str) -> BTreeSet<String> {
    block(TOOLS, name)
        .lines()
        .filter_map(|line| {
            let value: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{TOOLS}, block {name}: {line} is not JSON: {e}"));
            value[field].as_str().map(str::to_owned)
        })
        .collect()
}

#[test]
fn scanner_json_prints_the_documented_lines() {
    // The documented version 1 frames, decoded, print the documented lines.
    let (events, _) = decode(&wire("frames-v1"));
    assert_text(TOOLS, "scanner-json-frames", &json_lines(&events));
    assert_text(TOOLS, "scanner-json-link", &json_lines(&link_events()));
    assert_text(TOOLS, "scanner-json-errors", &json_lines(&problems()));

    // Every kind of problem the document lists has its example line, and
    // every event it names.
    // (`seq`, in that sentence, is a field, not a kind.)
    let mut kinds = quoted_words("with K one of", "How each case");
    kinds.remove("seq");
    assert_eq!(values_of("scanner-json-errors", "kind"), kinds);
    let mut events = values_of("scanner-json-frames", "event");
    events.extend(values_of("scanner-json-link", "event"));
    let named = quoted_words("A card is exactly", "Every problem is");
    for event in &events {
        assert!(
            event == "card" || named.contains(event),
            "{TOOLS}: the event {event} is printed but not named"
        );
    }
    for event in [
        "cut_card",
        "shoe_inserted",
        "shoe_emptied",
        "lid",
        "misread",
        "heartbeat",
        "device_error",
        "unknown",
        "hello",
        "connected",
        "restarted",
        "protocol",
        "resend_requested",
    ] {
        assert!(named.contains(event), "{TOOLS} no longer names {event}");
        assert!(events.contains(event), "{TOOLS} has no example of {event}");
    }
}

#[test]
fn the_shoe_accounting_prints_the_documented_lines() {
    // PROTOCOL.md's version 1 frames with cards 1 and 1 in frames 2 and 3,
    // then its version 2 frames.
    let mut frames: Vec<String> = block(PROTOCOL, "frames-v1")
        .lines()
        .map(str::to_owned)
        .collect();
    frames[2] = "$CARD,2,1*17".into();
    frames[3] = "$CARD,3,1*16".into();
    let mut wire: Vec<u8> = Vec::new();
    for line in &frames {
        wire.extend(line.as_bytes());
        wire.extend(b"\r\n");
    }
    wire.extend(self::wire("frames-v2"));
    let (events, _) = decode(&wire);
    assert!(
        !events.iter().any(ScanEvent::is_problem),
        "the frames are valid: {events:?}"
    );
    let mut accounting = ShoeAccounting::new(Some(Decks::new(1).unwrap()));
    let lines: String = events
        .iter()
        .flat_map(|event| accounting.observe(event))
        .map(|line| line.to_json().to_string() + "\n")
        .collect();
    assert_text(TOOLS, "scanner-json-accounting", &lines);
}
