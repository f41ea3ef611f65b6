//! The card-reading shoe: its wire protocol (hardware/PROTOCOL.md), the
//! parser, the serial-port reader, the intake into the table, and a
//! simulated shoe.
//!
//! Architecture invariant: this is the only module that touches serial
//! ports. The frame, parser, decoder and intake are pure (bytes, time or
//! events in, typed results out; no clock is read) and never panic on any
//! input; only `reader` and `sim` do I/O.

pub mod accounting;
pub mod decoder;
pub mod frame;
pub mod intake;
pub mod link;
pub mod parser;
pub mod reader;
pub mod sim;

pub use accounting::{Accounting, Device, ShoeAccounting};
pub use decoder::{Decoder, ScanEvent};
pub use frame::{Frame, FrameError, HostRequest, Identity, Message, Protocol};
pub use intake::{Fault, Intake, Outcome, Resolution, Stray, WayOut};
pub use link::{LinkError, ScanLink};
pub use parser::{Parsed, Parser};
pub use reader::{Reader, ReaderConfig, ReaderStatus, list_ports};
