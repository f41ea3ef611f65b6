//! The station's link to its card-reading shoe: a reader on a real port, a
//! simulated shoe the dealer pulls cards from (over a real pseudo-terminal),
//! or a scripted channel of events (tests).

use std::path::Path;
use std::sync::mpsc::Receiver;

use super::decoder::ScanEvent;
use super::reader::{HeartbeatJournal, Reader, ReaderConfig, ReaderError, ReaderStatus, Waker};
use super::sim::{PullShoe, SimError};
use crate::engine::{Decks, Rank};

/// Where scanner events come from.
#[derive(Debug)]
pub struct ScanLink {
    source: Source,
    /// The simulated shoe, if this link has one.
    pull_shoe: Option<PullShoe>,
}

#[derive(Debug)]
enum Source {
    Port(Reader),
    Scripted {
        events: Receiver<ScanEvent>,
        status: ReaderStatus,
    },
}

/// The link could not be set up or the simulated shoe failed.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The reader thread could not start.
    #[error(transparent)]
    Reader(#[from] ReaderError),
    /// The simulated shoe failed.
    #[error("the simulated shoe failed: {0}")]
    Sim(#[from] SimError),
    /// This link has no simulated shoe.
    #[error("this table reads a real shoe; cards are pulled from the shoe itself")]
    NotSimulated,
}

impl ScanLink {
    /// Reads the shoe on the port in `config`, calling `waker` per event.
    pub fn port(config: ReaderConfig, waker: Waker) -> Result<ScanLink, LinkError> {
        Ok(ScanLink {
            source: Source::Port(Reader::start_with_waker(config, waker)?),
            pull_shoe: None,
        })
    }

    /// A simulated shoe of `decks` on a pseudo-terminal linked at `link`,
    /// read through a real reader whose sequence carries on from
    /// `resume_after` (see [`ReaderConfig::resume_after`]).
    pub fn simulated(
        link: &Path,
        decks: Decks,
        penetration_permille: u16,
        resume_after: Option<u16>,
        waker: Waker,
    ) -> Result<ScanLink, LinkError> {
        let shoe = PullShoe::create(link, decks, penetration_permille)?;
        let mut config = ReaderConfig::new(shoe.device_name());
        config.resume_after = resume_after;
        Ok(ScanLink {
            source: Source::Port(Reader::start_with_waker(config, waker)?),
            pull_shoe: Some(shoe),
        })
    }

    /// Events from a channel (a scripted shoe in tests); the status shows
    /// it connected.
    pub fn scripted(events: Receiver<ScanEvent>) -> ScanLink {
        let status = ReaderStatus {
            connected: true,
            ..ReaderStatus::default()
        };
        ScanLink {
            source: Source::Scripted { events, status },
            pull_shoe: None,
        }
    }

    /// The next event, if one has arrived.
    pub fn try_next(&self) -> Option<ScanEvent> {
        let events = match &self.source {
            Source::Port(reader) => reader.events(),
            Source::Scripted { events, .. } => events,
        };
        events.try_recv().ok()
    }

    /// What the status light shows.
    pub fn status(&self) -> ReaderStatus {
        match &self.source {
            Source::Port(reader) => reader.status(),
            Source::Scripted { status, .. } => status.clone(),
        }
    }

    /// Whether this link could take quiet heartbeats and has no journal
    /// for them yet (a scripted link never takes them).
    pub fn wants_heartbeat_journal(&self) -> bool {
        match &self.source {
            Source::Port(reader) => !reader.takes_quiet_heartbeats(),
            Source::Scripted { .. } => false,
        }
    }

    /// See [`Reader::take_quiet_heartbeats`]; a scripted link publishes
    /// every event.
    pub fn take_quiet_heartbeats(&self, journal: HeartbeatJournal) {
        if let Source::Port(reader) = &self.source {
            reader.take_quiet_heartbeats(journal);
        }
    }

    /// See [`Reader::handled`].
    pub fn handled(&self, events: usize, heartbeats_are_no_ops: bool) {
        if let Source::Port(reader) = &self.source {
            reader.handled(events, heartbeats_are_no_ops);
        }
    }

    /// Whether the dealer pulls cards from a simulated shoe.
    pub fn is_simulated(&self) -> bool {
        self.pull_shoe.is_some()
    }

    /// Simulated shoe: pulls the next card (None when the stack is empty).
    pub fn pull(&mut self) -> Result<Option<Rank>, LinkError> {
        let shoe = self.pull_shoe.as_mut().ok_or(LinkError::NotSimulated)?;
        Ok(shoe.pull()?)
    }

    /// Simulated shoe: inserts a freshly shuffled stack.
    pub fn insert_shuffled(&mut self, rng: &mut impl rand::Rng) -> Result<(), LinkError> {
        let shoe = self.pull_shoe.as_mut().ok_or(LinkError::NotSimulated)?;
        Ok(shoe.insert_shuffled(rng)?)
    }

    /// Simulated shoe: cards left in its stack.
    pub fn simulated_remaining(&self) -> Option<usize> {
        self.pull_shoe.as_ref().map(PullShoe::remaining)
    }
}
