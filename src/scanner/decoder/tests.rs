//! The decoder's unit tests.

use super::sequence::Contents;
use super::*;
use crate::engine::Rank;
use crate::scanner::frame::{Frame, Identity};

fn at(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

fn decode(bytes: &[u8]) -> Vec<ScanEvent> {
    let mut decoder = Decoder::new();
    let mut out = Vec::new();
    decoder.push(bytes, &mut out);
    out
}

fn card(seq: u16, rank: i64) -> Frame {
    Frame {
        seq,
        message: Message::Card {
            rank: Rank::new(rank).unwrap(),
        },
    }
}

fn heartbeat(seq: u16) -> Frame {
    Frame {
        seq,
        message: Message::Heartbeat,
    }
}

fn wire(frames: &[Frame], protocol: Protocol) -> Vec<u8> {
    frames.iter().flat_map(|f| f.encode_as(protocol)).collect()
}

/// The events after the protocol is decided.
fn after_protocol(events: Vec<ScanEvent>) -> Vec<ScanEvent> {
    events
        .into_iter()
        .filter(|e| !matches!(e, ScanEvent::Protocol { .. }))
        .collect()
}

/// Classifies `seq` and takes it unless it is behind.
fn check(sequence: &mut SequenceCheck, seq: u16) -> Order {
    let order = sequence.classify(seq);
    if !matches!(order, Order::Behind { .. }) {
        sequence.accept(seq, Contents::Invalid(String::new()));
    }
    order
}

#[test]
fn sequence_numbers_wrap_from_65535_to_1_and_old_numbers_are_behind() {
    let mut sequence = SequenceCheck::default();
    let seq = &mut sequence;
    assert_eq!(check(seq, 65534), Order::InOrder);
    assert_eq!(check(seq, 65535), Order::InOrder);
    assert_eq!(check(seq, 1), Order::InOrder);
    assert_eq!(
        check(seq, 4),
        Order::Gap {
            expected: 2,
            missing: 2
        }
    );
    assert_eq!(check(seq, 4), Order::Behind { expected: 5 });
    assert_eq!(check(seq, 65535), Order::Behind { expected: 5 });
    assert_eq!(check(seq, 0), Order::Restarted { last: 4 });
    assert_eq!(check(seq, 0), Order::Behind { expected: 1 });
    assert_eq!(check(seq, 1), Order::InOrder);
    // Up to half the cycle ahead is a gap; further ahead is behind.
    assert_eq!(
        check(seq, 32769),
        Order::Gap {
            expected: 2,
            missing: 32767
        }
    );
    // 65535 numbers: 32767 ahead is a gap, 32767 behind is behind.
    assert_eq!(check(seq, 3), Order::Behind { expected: 32770 });
}

#[test]
fn a_gap_is_reported_before_the_frame_that_reveals_it() {
    let out = decode(b"$HB,1*17\r\n$HB,3*15\r\n$HB,3*15\r\n$CARD,4,77*20\r\n");
    assert_eq!(
        out[0],
        ScanEvent::Protocol {
            version: Protocol::V1
        }
    );
    assert!(matches!(
        out[2],
        ScanEvent::Gap {
            expected: 2,
            received: 3,
            missing: 1
        }
    ));
    assert_eq!(out[4], ScanEvent::Duplicate { seq: 3 });
    assert!(matches!(out[5], ScanEvent::Problem { seq: Some(4), .. }));
}

#[test]
fn an_older_frame_is_ignored_and_never_moves_the_sequence() {
    // Finding 2: `$HB,100 $CARD,101,5 $CARD,102,6 $CARD,101,5 $HB,103`
    // reported 65533 frames lost, card 101 twice and a gap at 103.
    let frames = [
        heartbeat(100),
        card(101, 5),
        card(102, 6),
        card(101, 5),
        heartbeat(103),
    ];
    let out = after_protocol(decode(&wire(&frames, Protocol::V1)));
    assert_eq!(
        out,
        vec![
            ScanEvent::Frame {
                seq: 100,
                message: Message::Heartbeat
            },
            ScanEvent::Frame {
                seq: 101,
                message: card(101, 5).message
            },
            ScanEvent::Frame {
                seq: 102,
                message: card(102, 6).message
            },
            ScanEvent::Duplicate { seq: 101 },
            ScanEvent::Frame {
                seq: 103,
                message: Message::Heartbeat
            },
        ]
    );
    // The same number with another card is a conflict, reported.
    let frames = [
        heartbeat(100),
        card(101, 5),
        card(102, 6),
        card(101, 7),
        heartbeat(103),
    ];
    let out = after_protocol(decode(&wire(&frames, Protocol::V1)));
    assert_eq!(
        out[3],
        ScanEvent::Conflict {
            seq: 101,
            first: Some(card(0, 5).message),
            second: Some(card(0, 7).message)
        }
    );
    assert_eq!(
        out[4],
        ScanEvent::Frame {
            seq: 103,
            message: Message::Heartbeat
        }
    );
    assert_eq!(out.len(), 5);
    // An out-of-order frame after a gap is stale: reported, not dealt,
    // and the next frame is in order.
    let frames = [heartbeat(100), card(102, 6), card(101, 5), heartbeat(103)];
    let out = after_protocol(decode(&wire(&frames, Protocol::V1)));
    assert!(matches!(
        out[1],
        ScanEvent::Gap {
            expected: 101,
            received: 102,
            missing: 1
        }
    ));
    assert_eq!(
        out[3],
        ScanEvent::Stale {
            seq: 101,
            expected: 103,
            message: Some(card(0, 5).message)
        }
    );
    assert_eq!(
        out[4],
        ScanEvent::Frame {
            seq: 103,
            message: Message::Heartbeat
        }
    );
    assert_eq!(out.len(), 5);
}

#[test]
fn silence_is_reported_once_from_the_time_passed_in_even_mid_frame() {
    // Finding 1: `$HB,300*15`, then 3.5 s of nothing, then `$HB,301*14`.
    let mut decoder = Decoder::new();
    let mut out = Vec::new();
    decoder.connected(at(0));
    decoder.advance(at(10), &mut out);
    decoder.push(b"$HB,300*15\r\n", &mut out);
    out.clear();
    decoder.advance(at(1259), &mut out);
    assert!(out.is_empty(), "{out:?}");
    decoder.advance(at(1260), &mut out);
    assert_eq!(out, vec![ScanEvent::Silent { quiet_ms: 1250 }]);
    decoder.advance(at(3510), &mut out);
    assert_eq!(out.len(), 1, "reported once");
    decoder.push(b"$HB,301*14\r\n", &mut out);
    assert_eq!(
        out[1],
        ScanEvent::Frame {
            seq: 301,
            message: Message::Heartbeat
        }
    );
    // A shoe hung mid-frame: `$CARD,302,` then nothing. The last valid
    // frame came at 3510 ms.
    decoder.advance(at(3600), &mut out);
    decoder.push(b"$CARD,302,", &mut out);
    out.clear();
    decoder.advance(at(4759), &mut out);
    assert!(out.is_empty());
    decoder.advance(at(4800), &mut out);
    assert_eq!(out, vec![ScanEvent::Silent { quiet_ms: 1290 }]);
    // Garbage is not a sign of life.
    let mut decoder = Decoder::new();
    decoder.connected(at(0));
    out.clear();
    for ms in (0..1300).step_by(100) {
        decoder.advance(at(ms), &mut out);
        decoder.push(b"noise", &mut out);
    }
    decoder.advance(at(1300), &mut out);
    assert!(out.iter().any(|e| matches!(e, ScanEvent::Silent { .. })));
    // Not connected: nothing is watched.
    let mut decoder = Decoder::new();
    out.clear();
    decoder.advance(at(10_000), &mut out);
    assert!(out.is_empty());
}

#[test]
fn a_half_read_frame_is_dropped_when_the_port_closes() {
    let mut decoder = Decoder::new();
    let mut out = Vec::new();
    decoder.connected(at(0));
    decoder.push(b"$HB,104*12\r\n$CARD,105", &mut out);
    decoder.disconnected(&mut out);
    decoder.connected(at(100));
    decoder.push(b",7*17\r\n", &mut out);
    assert!(
        !out.iter()
            .any(|e| matches!(e, ScanEvent::Frame { seq: 105, .. })),
        "{out:?}"
    );
    assert!(out.contains(&ScanEvent::Problem {
        seq: None,
        error: FrameError::Interrupted { bytes: 9 }
    }));
    assert!(out.contains(&ScanEvent::Problem {
        seq: None,
        error: FrameError::Garbage { bytes: 5 }
    }));
}

#[test]
fn the_first_frame_decides_the_version_and_the_other_version_is_refused() {
    let mut bytes = heartbeat(1).encode_as(Protocol::V2);
    bytes.extend(heartbeat(2).encode());
    bytes.extend(heartbeat(3).encode_as(Protocol::V2));
    let mut decoder = Decoder::new();
    let mut out = Vec::new();
    decoder.push(&bytes, &mut out);
    assert_eq!(
        out[0],
        ScanEvent::Protocol {
            version: Protocol::V2
        }
    );
    assert!(matches!(
        out[2],
        ScanEvent::Problem {
            seq: None,
            error: FrameError::WrongProtocol {
                found: Protocol::V1,
                speaking: Protocol::V2
            }
        }
    ));
    assert!(
        matches!(
            out[3],
            ScanEvent::Gap {
                expected: 2,
                received: 3,
                ..
            }
        ) || matches!(out[3], ScanEvent::ResendRequested { .. })
    );
    // It did not say who it is: the host asks.
    assert!(decoder.take_requests().contains(&HostRequest::Identify));
    // A restart (frame 0) decides again.
    out.clear();
    decoder.push(&heartbeat(0).encode(), &mut out);
    assert!(out.contains(&ScanEvent::Protocol {
        version: Protocol::V1
    }));
    assert!(out.contains(&ScanEvent::Frame {
        seq: 0,
        message: Message::Heartbeat
    }));
}

#[test]
fn version_2_asks_for_lost_frames_again_and_publishes_in_sequence() {
    let hello = Frame {
        seq: 0,
        message: Message::Hello {
            identity: Identity {
                maker: "Acme".into(),
                model: "RS-9".into(),
                serial: "SN1".into(),
                firmware: "1.0".into(),
            },
            version: 2,
        },
    };
    let mut decoder = Decoder::new();
    let mut out = Vec::new();
    decoder.connected(at(0));
    decoder.push(
        &wire(&[hello, card(1, 5), card(4, 8), card(5, 9)], Protocol::V2),
        &mut out,
    );
    assert!(
        decoder
            .take_requests()
            .contains(&HostRequest::Resend { from: 2, count: 2 })
    );
    assert!(out.contains(&ScanEvent::ResendRequested { from: 2, count: 2 }));
    assert!(
        !out.iter()
            .any(|e| matches!(e, ScanEvent::Frame { seq: 4, .. }))
    );
    // The shoe resends 2 and 3: everything comes out in order, no gap.
    out.clear();
    decoder.push(&wire(&[card(2, 6), card(3, 7)], Protocol::V2), &mut out);
    let seqs: Vec<u16> = out
        .iter()
        .map(|e| match e {
            ScanEvent::Frame { seq, .. } => *seq,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(seqs, [2, 3, 4, 5]);
    // Lost again, and not resent in time: a gap, then the held frames.
    decoder.push(&wire(&[card(7, 2)], Protocol::V2), &mut out);
    out.clear();
    decoder.advance(at(349), &mut out);
    assert!(out.is_empty());
    decoder.advance(at(350), &mut out);
    assert!(matches!(
        out[0],
        ScanEvent::Gap {
            expected: 6,
            received: 7,
            missing: 1
        }
    ));
    assert!(matches!(out[1], ScanEvent::Frame { seq: 7, .. }));
    // A resent frame that comes too late is stale.
    out.clear();
    decoder.push(&wire(&[card(6, 3)], Protocol::V2), &mut out);
    assert!(matches!(out[0], ScanEvent::Stale { seq: 6, .. }));
}
#[test]
fn a_sequence_carried_over_a_restart_shows_the_frames_missed_meanwhile() {
    // Version 2: three heartbeats missed are asked for again.
    let mut decoder = Decoder::resuming_after(100);
    let mut out = Vec::new();
    decoder.connected(at(0));
    decoder.push(&wire(&[heartbeat(104)], Protocol::V2), &mut out);
    let requests = decoder.take_requests();
    assert!(requests.contains(&HostRequest::Resend {
        from: 101,
        count: 3
    }));
    assert!(requests.contains(&HostRequest::Identify));
    assert!(out.contains(&ScanEvent::ResendRequested {
        from: 101,
        count: 3
    }));
    // A number far from the one due is a gap of that many, never an old
    // frame that would leave the sequence stuck.
    let mut decoder = Decoder::resuming_after(40_000);
    let mut out = Vec::new();
    decoder.push(&wire(&[heartbeat(7)], Protocol::V1), &mut out);
    assert!(out.contains(&ScanEvent::Gap {
        expected: 40_001,
        received: 7,
        missing: 25_541
    }));
    out.clear();
    decoder.push(&wire(&[heartbeat(8)], Protocol::V1), &mut out);
    assert_eq!(
        after_protocol(out.clone()),
        [ScanEvent::Frame {
            seq: 8,
            message: Message::Heartbeat
        }]
    );
    // Frame 0 is a restart of the shoe.
    let mut decoder = Decoder::resuming_after(0);
    let mut out = Vec::new();
    decoder.push(&wire(&[heartbeat(0)], Protocol::V1), &mut out);
    assert!(out.contains(&ScanEvent::Restarted { last: 0 }));
}
