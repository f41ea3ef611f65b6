//! Scanner benchmarks (std::time only): parser throughput against a bare
//! newline scan of the same bytes, and the latency from the last byte of a
//! frame written to a pseudo-terminal to the card reaching the engine.
//! Run with `cargo bench --bench scanner`; figures go in docs/performance.md.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::io::Read;
use std::time::{Duration, Instant};

use pairs_table::engine::rules::HouseRules;
use pairs_table::engine::shoe::ShoeCount;
use pairs_table::engine::table::{CardSupply, Seating, Table};
use pairs_table::engine::{Action, Decks, GameKind, Need, Rank};
use pairs_table::scanner::ScanEvent;
use pairs_table::scanner::frame::{Frame, Message};
use pairs_table::scanner::intake::{Intake, Outcome};
use pairs_table::scanner::parser::{Parsed, Parser};
use pairs_table::scanner::reader::{Reader, ReaderConfig};
use pairs_table::scanner::sim::PtyLink;
use rand::SeedableRng;
use rand::rngs::StdRng;

const FRAMES: usize = 200_000;
const LATENCY_SAMPLES: usize = 2_000;

fn stream() -> Vec<u8> {
    let mut bytes = Vec::new();
    for i in 0..FRAMES {
        let message = if i % 10 == 9 {
            Message::Heartbeat
        } else {
            Message::Card {
                rank: Rank::new((i % 10) as i64 + 1).unwrap(),
            }
        };
        let seq = (i % 65535) as u16 + 1;
        bytes.extend_from_slice(&Frame { seq, message }.encode());
    }
    bytes
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn throughput() {
    let bytes = stream();
    let mb = bytes.len() as f64 / 1e6;
    let baseline = best_of(5, || bytes.iter().filter(|&&b| b == b'\n').count());
    let mut out = Vec::with_capacity(FRAMES);
    let parse = best_of(5, || {
        out.clear();
        let mut parser = Parser::new();
        for chunk in bytes.chunks(1024) {
            parser.push(chunk, &mut out);
        }
        assert!(out.iter().all(|p| matches!(p, Parsed::Frame(..))));
        out.len()
    });
    println!(
        "parser: {:.1} MB/s, {:.2} M frames/s ({} frames, {:.1} MB)",
        mb / parse.as_secs_f64(),
        FRAMES as f64 / parse.as_secs_f64() / 1e6,
        FRAMES,
        mb
    );
    println!(
        "baseline (count b'\\n'): {:.1} MB/s; parser takes {:.1}x the baseline's time",
        mb / baseline.as_secs_f64(),
        parse.as_secs_f64() / baseline.as_secs_f64()
    );
}

fn table() -> Table {
    let rules = HouseRules::default();
    let count = ShoeCount::new(Decks::new(8).unwrap(), rules.penetration_permille);
    Table::new(GameKind::Rocket, rules, CardSupply::External(count)).unwrap()
}

fn latency() {
    let link_path = std::env::temp_dir().join(format!("pairs-bench-{}", std::process::id()));
    let mut link = PtyLink::create(&link_path).unwrap();
    let mut config = ReaderConfig::new(link_path.to_string_lossy());
    config.backoff_min = Duration::from_millis(5);
    let reader = Reader::start(config).unwrap();
    loop {
        if let ScanEvent::Connected { .. } = reader.events().recv().unwrap() {
            break;
        }
    }
    let mut table = table();
    let mut intake = Intake::new();
    let mut rng = StdRng::seed_from_u64(1);
    let mut samples = Vec::with_capacity(LATENCY_SAMPLES);
    let mut seq = 0u16;
    // One deck's composition, eight times: never more copies than the shoe holds.
    let shoe: Vec<Rank> = (0..8)
        .flat_map(|_| {
            Rank::ALL
                .iter()
                .flat_map(|&r| std::iter::repeat_n(r, usize::from(r.value())))
        })
        .collect();
    let mut next = 0usize;
    while samples.len() < LATENCY_SAMPLES {
        match table.need() {
            Need::Done => {
                if table.hand().is_some() {
                    table.finish_hand().unwrap();
                }
                if table.count().cut_card_out() {
                    table.external_shuffle().unwrap();
                    intake = Intake::new();
                    next = 0;
                }
                table
                    .start_hand(&Seating::Rocket(vec![(1, 100), (2, 100)]), &mut rng)
                    .unwrap();
            }
            Need::Decision { seat, .. } => {
                table.act(seat, Action::Fold).unwrap();
            }
            Need::Card(_) => {
                let card = shoe[next];
                next += 1;
                seq = seq % 65535 + 1;
                let bytes = Frame {
                    seq,
                    message: Message::Card { rank: card },
                }
                .encode();
                // Timed from just before the write (conservative: includes the syscall).
                let written = Instant::now();
                link.write(&bytes).unwrap();
                // The link's protocol version is announced before its first frame.
                let event = loop {
                    if let event @ ScanEvent::Frame { .. } = reader.events().recv().unwrap() {
                        break event;
                    }
                };
                let outcome = intake.handle(&event, &mut table);
                let elapsed = written.elapsed();
                assert!(matches!(outcome, Outcome::Dealt { .. }), "{outcome:?}");
                samples.push(elapsed);
            }
        }
    }
    drop(reader);
    let engine = percentiles(&mut samples);
    println!(
        "latency write -> engine over a pseudo-terminal ({} cards): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        samples.len(),
        engine.0 * 1e3,
        engine.1 * 1e3,
        engine.2 * 1e3
    );
    // Baseline in the same run: the same frames written and read back raw
    // from the device end on this thread (no reader thread, no decoder, no
    // intake, no engine).
    let mut port = serialport::new(link.device_name(), 9600)
        .timeout(Duration::from_secs(1))
        .open()
        .unwrap();
    let mut raw = Vec::with_capacity(LATENCY_SAMPLES);
    let mut buffer = [0u8; 64];
    for i in 0..LATENCY_SAMPLES {
        let bytes = Frame {
            seq: (i % 65535) as u16 + 1,
            message: Message::Card {
                rank: shoe[i % shoe.len()],
            },
        }
        .encode();
        let written = Instant::now();
        link.write(&bytes).unwrap();
        let mut got = 0;
        while got < bytes.len() {
            got += port.read(&mut buffer[got..]).unwrap();
        }
        raw.push(written.elapsed());
    }
    let base = percentiles(&mut raw);
    println!(
        "baseline write -> raw read on the same pseudo-terminal: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms; engine p99 is {:.1}x the baseline p99",
        base.0 * 1e3,
        base.1 * 1e3,
        base.2 * 1e3,
        engine.1 / base.1
    );
}

/// p50, p99 and max of `samples`, in seconds.
fn percentiles(samples: &mut [Duration]) -> (f64, f64, f64) {
    samples.sort_unstable();
    let at = |p: usize| samples[(samples.len() * p / 100).min(samples.len() - 1)];
    (
        at(50).as_secs_f64(),
        at(99).as_secs_f64(),
        samples[samples.len() - 1].as_secs_f64(),
    )
}

fn main() {
    throughput();
    latency();
}
