//! The shoe tools: `shoe-sim` (the emulated card-reading shoe on a
//! serial line), `scanner` (reading a real shoe) and `ports`.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use rand::seq::SliceRandom;

use super::{note, print_line, seeded_rng};
use crate::engine::card::{Decks, Rank};
use crate::engine::rules::HouseRules;
use crate::engine::shoe::ShoeCount;
use crate::scanner::reader::{Reader, ReaderConfig, list_ports};
use crate::scanner::sim::{SimFault, SimRun, run_sim, shoe_script};
use crate::scanner::{Protocol, ShoeAccounting};

/// Arguments of `shoe-sim`.
#[derive(clap::Args, Debug)]
pub struct ShoeSimArgs {
    /// Where to place the symlink to the pseudo-terminal (an existing symlink is replaced).
    #[arg(long, value_name = "PATH")]
    pub link: PathBuf,
    /// Decks in the shoe (1 to 8).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub decks: u8,
    /// Seed for the shuffle; without it, the OS seeds a CSPRNG.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Cards per second (0.1 to 1000).
    #[arg(long, default_value_t = 2.0, value_name = "CARDS_PER_S", value_parser = parse_rate)]
    pub rate: f64,
    /// Faults to inject, comma-separated; fault k (from 0) strikes at card 5 × (k + 1).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub faults: Vec<SimFault>,
    /// The shoe ID reported in SHOEIN and SHOEOUT.
    #[arg(long, default_value = "SIM-1")]
    pub shoe_id: String,
    /// The protocol version to speak: 1 (one-way, XOR checksum) or 2
    /// (CRC-16, HELLO, answers IDENT and RESEND).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub protocol: u8,
    /// The serial number in the HELLO frame (protocol 2): 1 to 16 letters,
    /// digits, `-`, `_` or `.`.
    #[arg(long, default_value = "SIM-0001", value_parser = parse_serial)]
    pub serial: String,
}

fn parse_serial(text: &str) -> Result<String, String> {
    let valid = (1..=16).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if valid {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "`{text}` is not a serial number of 1 to 16 letters, digits, `-`, `_` or `.`"
        ))
    }
}

/// Arguments of `scanner`.
#[derive(clap::Args, Debug)]
pub struct ScannerArgs {
    /// The serial port (/dev/ttyUSB0, /dev/serial/by-id/..., COM3, or a shoe-sim link).
    #[arg(long, value_name = "PATH")]
    pub port: String,
    /// Baud rate.
    #[arg(long, default_value_t = 9600, value_name = "B", value_parser = clap::value_parser!(u32).range(50..=4_000_000))]
    pub baud: u32,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// Count each shoe of cards as one of this many decks (1 to 8): how
    /// many cards it gave, and any it could not hold.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub decks: Option<u8>,
}

fn parse_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if (0.1..=1000.0).contains(&rate) => Ok(rate),
        _ => Err(format!(
            "`{text}` is not a rate from 0.1 to 1000 cards per second"
        )),
    }
}

/// A flag set by Ctrl-C (SIGINT or SIGTERM).
fn stop_on_ctrl_c() -> anyhow::Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
        .context("cannot install the Ctrl-C handler")?;
    Ok(stop)
}

pub(super) fn shoe_sim(args: &ShoeSimArgs) -> anyhow::Result<()> {
    let decks = Decks::new(i64::from(args.decks))?;
    let rules = HouseRules::default();
    let mut order: Vec<Rank> = Rank::ALL
        .iter()
        .flat_map(|&rank| std::iter::repeat_n(rank, usize::from(decks.copies_of(rank))))
        .collect();
    order.shuffle(&mut seeded_rng(args.seed)?);
    let cut = ShoeCount::new(decks, rules.penetration_permille).cut_position();
    let script = shoe_script(&order, decks, &args.shoe_id, cut, &args.faults);
    let run = SimRun {
        link: args.link.clone(),
        card_interval: Duration::from_secs_f64(1.0 / args.rate),
        unplugged_for: Duration::from_millis(500),
        protocol: Protocol::from_number(args.protocol).unwrap_or(Protocol::V1),
        serial: args.serial.clone(),
    };
    let stop = stop_on_ctrl_c()?;
    note(&format!(
        "pairs-table shoe-sim: {} cards on {}; Ctrl-C stops",
        order.len(),
        args.link.display()
    ));
    let mut printed = Ok(());
    run_sim(&run, script, &stop, |card| {
        if printed.is_ok() {
            printed = serde_json::to_string(card)
                .map_err(anyhow::Error::from)
                .and_then(|line| print_line(&line));
        }
    })
    .with_context(|| format!("the simulated shoe at {} failed", args.link.display()))?;
    printed
}

pub(super) fn scanner(args: &ScannerArgs) -> anyhow::Result<()> {
    if args.port.trim().is_empty() {
        bail!("--port needs the path of a serial port");
    }
    let mut config = ReaderConfig::new(args.port.clone());
    config.baud_rate = args.baud;
    let decks = args.decks.map(|n| Decks::new(i64::from(n))).transpose()?;
    let mut accounting = ShoeAccounting::new(decks);
    let stop = stop_on_ctrl_c()?;
    let reader = Reader::start(config)?;
    while !stop.load(Ordering::Relaxed) {
        match reader.events().recv_timeout(Duration::from_millis(100)) {
            Ok(event) => {
                let counted = accounting.observe(&event);
                if args.json {
                    print_line(&event.to_json_line())?;
                    for line in counted {
                        print_line(&line.to_json().to_string())?;
                    }
                } else {
                    print_line(&event.to_string())?;
                    for line in counted {
                        print_line(&line.to_string())?;
                    }
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                bail!("the scanner thread stopped unexpectedly")
            }
        }
    }
    Ok(())
}

/// `audit archive`.
pub(super) fn ports() -> anyhow::Result<()> {
    for port in list_ports()? {
        print_line(&format!("{}\t{}", port.path, port.description))?;
    }
    Ok(())
}
