//! Fuzz the scanner's parser and decoder, versions 1 and 2: any bytes,
//! split at a fuzzer-chosen point, must never panic, and splitting must not
//! change the events. The same bytes are also tried with every line
//! resealed as a version 2 frame (a valid CRC-16, so the sequence check,
//! resend holding and identity paths are reached), with time passing
//! between the halves, and as host requests. Run: `cargo +nightly fuzz run
//! parser` in fuzz/.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use pairs_table::scanner::frame::{HostRequest, Protocol, seal};
use pairs_table::scanner::{Decoder, ScanEvent};

/// Each `$`-started piece up to its `*` (or end), resealed with a CRC-16.
fn resealed_v2(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for piece in data.split(|&b| b == b'$').skip(1) {
        let body = piece.split(|&b| b == b'*').next().unwrap_or_default();
        let body = String::from_utf8_lossy(body).replace(['\r', '\n'], "");
        out.extend(seal(&body, Protocol::V2));
    }
    out
}

fn decode(data: &[u8], split: usize, ms: u64) -> (Vec<ScanEvent>, Vec<ScanEvent>) {
    let mut whole = Vec::new();
    let mut decoder = Decoder::new();
    decoder.connected(Duration::ZERO);
    decoder.push(data, &mut whole);
    decoder.advance(Duration::from_millis(ms), &mut whole);
    let _ = decoder.take_requests();
    let mut pieces = Vec::new();
    let mut decoder = Decoder::new();
    decoder.connected(Duration::ZERO);
    decoder.push(&data[..split], &mut pieces);
    decoder.push(&data[split..], &mut pieces);
    decoder.advance(Duration::from_millis(ms), &mut pieces);
    decoder.disconnected(&mut pieces);
    decoder.disconnected(&mut whole);
    (whole, pieces)
}

fuzz_target!(|data: &[u8]| {
    let split = data.first().map_or(0, |b| usize::from(*b)).min(data.len());
    let ms = u64::from(data.get(1).copied().unwrap_or(0)) * 10;
    let (whole, pieces) = decode(data, split, ms);
    assert_eq!(whole, pieces);
    let v2 = resealed_v2(data);
    let split = split.min(v2.len());
    let (whole, pieces) = decode(&v2, split, ms);
    assert_eq!(whole, pieces);
    for line in data.split(|&b| b == b'\n') {
        let _ = HostRequest::parse(line);
    }
});
