//! The card-reading shoe: its wire protocol (hardware/PROTOCOL.md), the
//! parser, the serial-port reader, the intake into the table, and a
//! simulated shoe.
//!
//! Architecture invariant: this is the only module that touches serial
//! ports. The parser, decoder and intake are pure (bytes or events in,
//! typed results out) and never panic on any input; only `reader` and
//! `sim` do I/O.

pub mod decoder;
pub mod frame;
pub mod intake;
pub mod link;
pub mod parser;
pub mod reader;
pub mod sim;

pub use decoder::{Decoder, ScanEvent};
pub use frame::{Frame, FrameError, Message};
pub use intake::{Fault, Intake, Outcome, Resolution, WayOut};
pub use link::{LinkError, ScanLink};
pub use parser::{Parsed, Parser};
pub use reader::{Reader, ReaderConfig, ReaderStatus, list_ports};
