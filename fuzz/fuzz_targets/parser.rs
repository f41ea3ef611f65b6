//! Fuzz the scanner's parser and decoder: any bytes, split at a
//! fuzzer-chosen point, must never panic, and splitting must not change
//! the events. Run: `cargo +nightly fuzz run parser` in fuzz/.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pairs_table::scanner::Decoder;

fuzz_target!(|data: &[u8]| {
    let split = data.first().map_or(0, |b| usize::from(*b)).min(data.len());
    let mut whole = Vec::new();
    Decoder::new().push(data, &mut whole);
    let mut pieces = Vec::new();
    let mut decoder = Decoder::new();
    decoder.push(&data[..split], &mut pieces);
    decoder.push(&data[split..], &mut pieces);
    assert_eq!(whole, pieces);
});
