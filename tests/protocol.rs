//! hardware/PROTOCOL.md's answers, one test per question a shoe maker
//! could ask: how many frames the host holds for a resend, what decides
//! the link's version, what is a sign of life, when the host writes, how
//! repeats of invalid frames are told apart, what happens to an `IDENT`
//! nobody answers, and the edges of the framing. Each test drives the
//! decoder with bytes and time as a shoe on a line would.

use std::collections::VecDeque;
use std::time::Duration;

use pairs_table::engine::Rank;
use pairs_table::scanner::decoder::{
    FASTEST_BAUD, HELD_FRAMES, IDENT_ATTEMPTS, IDENT_WAIT, NOTICE_MARGIN, SHORTEST_FRAME_BYTES,
    SILENCE_LIMIT, resend_wait,
};
use pairs_table::scanner::frame::{FrameError, MAX_RESEND, SHOE_KEEPS_FRAMES, seal};
use pairs_table::scanner::{Decoder, Frame, HostRequest, Identity, Message, Protocol, ScanEvent};

fn card(seq: u16, rank: i64) -> Frame {
    Frame {
        seq,
        message: Message::Card {
            rank: Rank::new(rank).unwrap(),
        },
    }
}

fn hello(seq: u16) -> Frame {
    Frame {
        seq,
        message: Message::Hello {
            identity: Identity {
                maker: "Acme".into(),
                model: "RS-9".into(),
                serial: "SN0042".into(),
                firmware: "2.1.0".into(),
            },
            version: 2,
        },
    }
}

fn heartbeat(seq: u16) -> Frame {
    Frame {
        seq,
        message: Message::Heartbeat,
    }
}

fn ms(value: u64) -> Duration {
    Duration::from_millis(value)
}

/// A decoder on a freshly opened port, with a clock.
struct Host {
    decoder: Decoder,
    events: Vec<ScanEvent>,
    requests: Vec<HostRequest>,
}

impl Host {
    fn new() -> Host {
        let mut decoder = Decoder::new();
        decoder.connected(Duration::ZERO);
        Host {
            decoder,
            events: Vec::new(),
            requests: Vec::new(),
        }
    }

    /// Bytes received at `at`.
    fn receive(&mut self, at: Duration, bytes: &[u8]) {
        self.decoder.advance(at, &mut self.events);
        self.decoder.push(bytes, &mut self.events);
        self.requests.extend(self.decoder.take_requests());
    }

    fn wait_until(&mut self, at: Duration) {
        self.decoder.advance(at, &mut self.events);
        self.requests.extend(self.decoder.take_requests());
    }

    /// The numbers of the frames published, in order.
    fn published(&self) -> Vec<u16> {
        self.events
            .iter()
            .filter_map(|event| match event {
                ScanEvent::Frame { seq, .. } => Some(*seq),
                _ => None,
            })
            .collect()
    }

    fn errors(&self, kind: &str) -> usize {
        self.events
            .iter()
            .filter(|event| event.to_json()["kind"] == kind)
            .count()
    }
}

/// How long `bytes` take on the line at `baud` (8N1: 10 bits a byte).
fn on_the_line(bytes: usize, baud: u64) -> Duration {
    Duration::from_micros(bytes as u64 * 10 * 1_000_000 / baud)
}

/// A version 2 shoe sending `frames` back to back at `baud`, losing the
/// numbers in `lost` the first time, keeping its latest `keeps` frames and
/// answering each RESEND `answer_after` after the request (between its own
/// frames). Returns the host after the line falls quiet and every wait ran
/// out.
fn run_shoe(
    frames: &[Frame],
    lost: &[u16],
    baud: u64,
    answer_after: Duration,
    keeps: usize,
) -> Host {
    let mut host = Host::new();
    let mut now = Duration::ZERO;
    let mut sent: Vec<Frame> = Vec::new();
    // Requests, answered when due from the frames the shoe then keeps.
    let mut answers: VecDeque<(Duration, u16, u16)> = VecDeque::new();
    let kept = |sent: &[Frame], from: u16, count: u16| -> Vec<Frame> {
        sent.iter()
            .rev()
            .take(keeps)
            .rev()
            .filter(|f| f.seq >= from && f.seq < from + count)
            .cloned()
            .collect()
    };
    let send = |host: &mut Host, now: &mut Duration, frame: &Frame, lose: bool| {
        let bytes = frame.encode_as(Protocol::V2);
        *now += on_the_line(bytes.len(), baud);
        if !lose {
            host.receive(*now, &bytes);
        }
    };
    for frame in frames {
        // Answers due by now go first, between two frames.
        while answers.front().is_some_and(|(due, _, _)| *due <= now) {
            let (_, from, count) = answers.pop_front().unwrap();
            for again in &kept(&sent, from, count) {
                send(&mut host, &mut now, again, false);
            }
        }
        send(&mut host, &mut now, frame, lost.contains(&frame.seq));
        sent.push(frame.clone());
        for request in host.requests.drain(..) {
            if let HostRequest::Resend { from, count } = request {
                answers.push_back((now + answer_after, from, count));
            }
        }
    }
    while let Some((due, from, count)) = answers.pop_front() {
        now = now.max(due);
        for again in &kept(&sent, from, count) {
            send(&mut host, &mut now, again, false);
        }
    }
    host.wait_until(now + resend_wait(MAX_RESEND) + ms(100));
    host
}

fn cards(from: u16, count: u16) -> Vec<Frame> {
    let mut frames = vec![hello(from - 1)];
    frames.extend((from..from + count).map(|seq| card(seq, i64::from(seq % 10) + 1)));
    frames
}

#[test]
fn the_hold_is_sized_from_the_longest_wait_at_the_fastest_rate() {
    let longest = resend_wait(MAX_RESEND) + NOTICE_MARGIN;
    assert_eq!(resend_wait(MAX_RESEND), ms(6650));
    let bytes_per_second = FASTEST_BAUD / 10;
    let frames =
        (bytes_per_second * longest.as_millis() as u64).div_ceil(1000 * SHORTEST_FRAME_BYTES);
    assert_eq!(frames, 7719, "as hardware/PROTOCOL.md gives it");
    assert!(HELD_FRAMES as u64 >= frames);
    // The shortest frame is what the document says it is.
    assert_eq!(
        seal("X,1", Protocol::V2).len() - 1,
        SHORTEST_FRAME_BYTES as usize
    );
}

#[test]
fn twenty_frames_lost_at_9600_baud_are_taken_when_the_answer_comes_after_one_and_a_half_seconds() {
    let frames = cards(1, 200);
    let lost: Vec<u16> = (11..31).collect();
    let host = run_shoe(&frames, &lost, 9600, ms(1500), SHOE_KEEPS_FRAMES);
    assert_eq!(host.published(), (0..=200).collect::<Vec<u16>>());
    assert_eq!(host.errors("sequence_gap"), 0);
    assert_eq!(host.errors("stale"), 0);
}

#[test]
fn one_frame_lost_with_a_hundred_behind_it_at_115200_baud_is_taken() {
    let frames = cards(1, 300);
    let host = run_shoe(&frames, &[5], 115_200, ms(100), SHOE_KEEPS_FRAMES);
    assert_eq!(host.published(), (0..=300).collect::<Vec<u16>>());
    assert_eq!(host.errors("sequence_gap"), 0);
}

#[test]
fn an_eight_deck_burst_losing_every_tenth_card_publishes_every_card_once_in_order() {
    let mut frames = cards(1, 440);
    // The shoe's heartbeat after the burst reveals the last card's loss.
    frames.push(heartbeat(441));
    let lost: Vec<u16> = (1..=440).filter(|seq| seq % 10 == 0).collect();
    for baud in [9600, 115_200] {
        let host = run_shoe(&frames, &lost, baud, ms(100), SHOE_KEEPS_FRAMES);
        assert_eq!(host.published(), (0..=441).collect::<Vec<u16>>(), "{baud}");
        assert_eq!(host.errors("sequence_gap"), 0, "{baud}");
        assert!(host.decoder.held() == 0);
    }
}

#[test]
fn a_64_frame_gap_is_answered_by_a_shoe_that_keeps_its_latest_128_frames() {
    // The first missing frame of a 64-frame gap is the shoe's 65th latest
    // when the host notices: a shoe keeping only 64 could not answer it.
    let frames = cards(1, 200);
    let lost: Vec<u16> = (50..114).collect();
    let host = run_shoe(&frames, &lost, 9600, ms(50), SHOE_KEEPS_FRAMES);
    assert_eq!(host.published(), (0..=200).collect::<Vec<u16>>());
    assert_eq!(SHOE_KEEPS_FRAMES, 128);
    let short = run_shoe(&frames, &lost, 9600, ms(50), 64);
    assert!(short.errors("sequence_gap") > 0, "64 kept is not enough");
}

#[test]
fn what_is_not_resent_in_time_is_reported_lost_after_its_own_wait_and_then_stale() {
    let mut host = Host::new();
    let wire = |frames: &[Frame]| -> Vec<u8> {
        frames
            .iter()
            .flat_map(|f| f.encode_as(Protocol::V2))
            .collect()
    };
    host.receive(ms(0), &wire(&[hello(0), card(1, 5), card(3, 7)]));
    assert_eq!(host.requests, [HostRequest::Resend { from: 2, count: 1 }]);
    // A second gap while frame 2 is awaited gets its own request and wait.
    host.receive(ms(200), &wire(&[card(6, 2)]));
    assert_eq!(host.requests[1], HostRequest::Resend { from: 4, count: 2 });
    host.wait_until(ms(349));
    assert_eq!(host.published(), [0, 1]);
    // Frame 2's wait (250 + 100 ms) ran out: it is lost; 3 follows; 6
    // still waits behind 4 and 5.
    host.wait_until(ms(350));
    assert_eq!(host.published(), [0, 1, 3]);
    assert_eq!(host.errors("sequence_gap"), 1);
    host.receive(ms(400), &wire(&[card(4, 1), card(5, 1)]));
    assert_eq!(host.published(), [0, 1, 3, 4, 5, 6]);
    host.receive(ms(500), &wire(&[card(2, 6)]));
    assert_eq!(host.errors("stale"), 1);
}

#[test]
fn a_gap_too_long_to_ask_for_is_reported_when_the_frames_before_it_are_published() {
    let mut host = Host::new();
    let mut bytes = hello(0).encode_as(Protocol::V2);
    bytes.extend(card(2, 5).encode_as(Protocol::V2));
    bytes.extend(card(100, 5).encode_as(Protocol::V2));
    host.receive(ms(0), &bytes);
    assert_eq!(host.published(), [0]);
    host.receive(ms(10), &card(1, 4).encode_as(Protocol::V2));
    assert_eq!(host.published(), [0, 1, 2, 100]);
    let gap = host
        .events
        .iter()
        .position(|e| matches!(e, ScanEvent::Gap { missing: 97, .. }))
        .unwrap();
    let hundred = host
        .events
        .iter()
        .position(|e| matches!(e, ScanEvent::Frame { seq: 100, .. }))
        .unwrap();
    assert_eq!(gap + 1, hundred);
}

#[test]
fn a_line_faster_than_the_protocol_allows_never_holds_more_than_the_limit() {
    let mut host = Host::new();
    host.receive(ms(0), &hello(0).encode_as(Protocol::V2));
    host.receive(ms(0), &heartbeat(2).encode_as(Protocol::V2));
    for seq in 3..=(HELD_FRAMES as u16 + 10) {
        host.receive(ms(1), &heartbeat(seq).encode_as(Protocol::V2));
        assert!(host.decoder.held() <= HELD_FRAMES);
    }
    // Frame 1 was given up early, and everything after it came out.
    assert_eq!(host.errors("sequence_gap"), 1);
    assert_eq!(host.published().len(), HELD_FRAMES + 10);
}

#[test]
fn the_first_frame_with_a_good_check_decides_the_version_even_with_a_bad_field() {
    let mut host = Host::new();
    let mut bytes = seal("CARD,1,11", Protocol::V1);
    bytes.extend(card(2, 5).encode_as(Protocol::V2));
    bytes.extend(card(3, 5).encode_as(Protocol::V1));
    host.receive(ms(0), &bytes);
    assert_eq!(
        host.events[0],
        ScanEvent::Protocol {
            version: Protocol::V1
        }
    );
    assert_eq!(host.errors("bad_field"), 1);
    assert_eq!(host.errors("wrong_protocol"), 1);
    assert!(host.requests.is_empty(), "nothing is written to a v1 shoe");
    // Frame 3 is in sequence after the bad frame 1 (frame 2 was refused
    // and its number not counted, so a gap of 1 is reported).
    assert!(host.published().contains(&3));
    // A frame with a bad number decides too, and its number never counts.
    let mut host = Host::new();
    let mut bytes = seal("HB,007", Protocol::V2);
    bytes.extend(heartbeat(8).encode_as(Protocol::V2));
    bytes.extend(heartbeat(9).encode_as(Protocol::V2));
    host.receive(ms(0), &bytes);
    assert_eq!(
        host.events[0],
        ScanEvent::Protocol {
            version: Protocol::V2
        }
    );
    assert_eq!(host.errors("bad_sequence"), 1);
    assert_eq!(host.published(), [8, 9]);
    assert_eq!(host.errors("sequence_gap"), 0);
}

#[test]
fn a_frame_of_the_other_version_is_a_sign_of_life() {
    let mut host = Host::new();
    host.receive(ms(0), &heartbeat(1).encode_as(Protocol::V1));
    for step in 1..=4 {
        host.receive(
            ms(step * 1000),
            &heartbeat(1 + step as u16).encode_as(Protocol::V2),
        );
    }
    host.wait_until(ms(4000) + SILENCE_LIMIT - ms(1));
    assert_eq!(host.errors("wrong_protocol"), 4);
    assert_eq!(host.errors("silence"), 0);
    host.wait_until(ms(4000) + SILENCE_LIMIT);
    assert_eq!(host.errors("silence"), 1);
    // So is a frame with a bad field.
    let mut host = Host::new();
    host.receive(ms(1000), &seal("CARD,1,11", Protocol::V1));
    host.wait_until(ms(2000));
    assert_eq!(host.errors("silence"), 0);
}

#[test]
fn a_stray_version_2_frame_on_a_version_1_link_makes_the_host_write_nothing() {
    let mut host = Host::new();
    host.receive(ms(0), &card(1, 5).encode_as(Protocol::V1));
    host.receive(ms(10), &card(5, 5).encode_as(Protocol::V2));
    host.receive(ms(20), &hello(6).encode_as(Protocol::V2));
    host.wait_until(ms(5000));
    assert!(host.requests.is_empty());
    assert_eq!(host.errors("wrong_protocol"), 2);
}

#[test]
fn two_invalid_frames_with_one_number_are_a_duplicate_only_if_their_bytes_match() {
    let mut host = Host::new();
    let mut bytes = heartbeat(1).encode();
    bytes.extend(seal("CARD,2,11", Protocol::V1));
    bytes.extend(seal("CARD,2,11", Protocol::V1));
    bytes.extend(seal("CARD,2,12", Protocol::V1));
    host.receive(ms(0), &bytes);
    assert_eq!(host.errors("duplicate"), 1);
    assert_eq!(host.errors("conflict"), 1);
}

#[test]
fn an_ident_nobody_answers_is_asked_three_times_then_reported_once() {
    let mut host = Host::new();
    host.receive(ms(0), &heartbeat(40).encode_as(Protocol::V2));
    assert_eq!(host.requests, [HostRequest::Identify]);
    let mut at = Duration::ZERO;
    for asked in 2..=IDENT_ATTEMPTS {
        at += IDENT_WAIT;
        host.wait_until(at - ms(1));
        assert_eq!(host.requests.len(), usize::from(asked) - 1);
        host.receive(
            at,
            &heartbeat(39 + u16::from(asked)).encode_as(Protocol::V2),
        );
        assert_eq!(host.requests.len(), usize::from(asked));
    }
    at += IDENT_WAIT;
    host.wait_until(at);
    assert_eq!(host.errors("no_hello"), 1);
    host.wait_until(at + ms(10_000));
    assert_eq!(host.errors("no_hello"), 1, "reported once");
    assert_eq!(host.requests.len(), usize::from(IDENT_ATTEMPTS));
    // A HELLO in time ends the asking.
    let mut host = Host::new();
    host.receive(ms(0), &heartbeat(40).encode_as(Protocol::V2));
    host.receive(ms(500), &hello(41).encode_as(Protocol::V2));
    host.wait_until(ms(10_000));
    assert_eq!(host.requests, [HostRequest::Identify]);
    assert_eq!(host.errors("no_hello"), 0);
}

#[test]
fn a_hello_with_a_bad_field_is_answered_with_ident() {
    let mut host = Host::new();
    host.receive(
        ms(0),
        &seal("HELLO,0,Acme,RS-9,SN0042,2.1.0,3", Protocol::V2),
    );
    assert_eq!(host.errors("bad_field"), 1);
    assert_eq!(host.requests, [HostRequest::Identify]);
    // Also after a restart.
    host.receive(ms(100), &hello(1).encode_as(Protocol::V2));
    host.receive(
        ms(200),
        &seal("HELLO,0,Acme,RS 9,SN0042,2.1.0,2", Protocol::V2),
    );
    assert_eq!(
        host.requests,
        [HostRequest::Identify, HostRequest::Identify]
    );
}

#[test]
fn held_frames_are_published_with_their_gaps_when_the_port_closes_or_the_shoe_restarts() {
    let mut host = Host::new();
    let wire: Vec<u8> = [hello(0), card(1, 5), card(3, 6)]
        .iter()
        .flat_map(|f| f.encode_as(Protocol::V2))
        .collect();
    host.receive(ms(0), &wire);
    assert_eq!(host.published(), [0, 1]);
    host.decoder.disconnected(&mut host.events);
    assert_eq!(host.published(), [0, 1, 3]);
    assert_eq!(host.errors("sequence_gap"), 1);
    let mut host = Host::new();
    host.receive(ms(0), &wire);
    host.receive(ms(10), &hello(0).encode_as(Protocol::V2));
    assert_eq!(host.published(), [0, 1, 3, 0]);
}

#[test]
fn an_err_frame_may_have_an_empty_text() {
    let mut host = Host::new();
    host.receive(ms(0), &seal("ERR,1,12,", Protocol::V1));
    assert_eq!(
        host.events[1],
        ScanEvent::Frame {
            seq: 1,
            message: Message::DeviceError {
                code: 12,
                text: String::new()
            }
        }
    );
}

#[test]
fn a_type_that_is_not_upper_case_letters_is_a_bad_field_whose_number_counts() {
    for body in ["card,1,5", "Card,1,5", "CARD2,1,5", ",1,5"] {
        let mut host = Host::new();
        host.receive(ms(0), &seal(body, Protocol::V1));
        host.receive(ms(0), &heartbeat(2).encode());
        assert_eq!(host.errors("bad_field"), 1, "{body}");
        assert_eq!(host.errors("sequence_gap"), 0, "{body}: its number counted");
        assert!(matches!(
            host.events[1],
            ScanEvent::Problem {
                seq: Some(1),
                error: FrameError::BadType { .. }
            }
        ));
    }
}

#[test]
fn a_bare_cr_does_not_end_a_frame() {
    // Ended by a bare CR, the frame is cut off by the next `$`.
    let mut host = Host::new();
    let first = seal("CARD,1,5", Protocol::V1);
    let mut bytes = first[..first.len() - 1].to_vec();
    bytes.extend(seal("CARD,2,6", Protocol::V1));
    host.receive(ms(0), &bytes);
    assert_eq!(host.errors("interrupted"), 1);
    assert_eq!(host.published(), [2]);
    // Inside a frame it is a byte that is not printable.
    let mut host = Host::new();
    let mut bytes = b"$CARD,1\r,5".to_vec();
    bytes.extend(format!("*{:02X}\r\n", 0x25 ^ 0x0D).bytes());
    host.receive(ms(0), &bytes);
    assert_eq!(host.errors("not_text"), 1);
    assert!(host.published().is_empty());
}

#[test]
fn silence_is_reported_with_the_time_the_line_was_quiet() {
    let mut host = Host::new();
    host.receive(ms(10), &heartbeat(1).encode());
    host.wait_until(ms(1300));
    let line = host.events.last().unwrap().to_json_line();
    assert_eq!(
        line,
        r#"{"description":"no frame from the shoe for 1290 ms (the limit is 1250 ms): the link or the shoe is down","event":"error","kind":"silence","seq":null}"#
    );
}

#[test]
fn after_the_host_restarts_it_starts_afresh_with_the_first_frame_it_sees() {
    // The first host held frame 3 waiting for 2 and stopped: nothing held
    // is published by it. The next host takes the first frame it sees.
    let mut first = Host::new();
    let wire: Vec<u8> = [hello(0), card(1, 5), card(3, 6)]
        .iter()
        .flat_map(|f| f.encode_as(Protocol::V2))
        .collect();
    first.receive(ms(0), &wire);
    assert_eq!(first.published(), [0, 1]);
    assert_eq!(first.decoder.held(), 1);
    let mut second = Host::new();
    second.receive(ms(0), &card(9, 2).encode_as(Protocol::V2));
    assert_eq!(second.published(), [9]);
    assert_eq!(second.errors("sequence_gap"), 0);
    assert_eq!(second.requests, [HostRequest::Identify]);
}
