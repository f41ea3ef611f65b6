//! A long simulation on every core (docs/simulation.md, "On every
//! core"): the run is played as blocks of [`BLOCK_HANDS`] hands, each a
//! table of its own from a freshly shuffled shoe, seeded in block order
//! from the run's generator, so the blocks can be played on any number of
//! threads and the summary, added up in block order, is the same whatever
//! that number. A run of at most one block is the single table it always
//! was, and so is a run with a seat betting from a file (its hands are
//! numbered from the run's first).

use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;

use super::{BetStrategy, SimConfig, Simulation, Summary};
use crate::engine::table::TableError;

/// Hands in one block of a simulation played on several threads.
pub const BLOCK_HANDS: u64 = 100_000;

/// How a run is played: its table, each seat's betting and whether each
/// seat's bets and result are followed.
#[derive(Debug, Clone)]
pub struct BlockRun<'a> {
    /// The table and its players.
    pub config: &'a SimConfig,
    /// Each seat's betting, seat 1 first (seats not named bet as the
    /// table's strategy).
    pub seat_betting: &'a [BetStrategy],
    /// Keep each seat's bets and result ([`Summary::follow_seats`]).
    pub follow_seats: bool,
    /// Hands to play in all.
    pub hands: u64,
}

/// Why a run could not be played.
#[derive(Debug, thiserror::Error)]
pub enum BlockError {
    /// A table refused (its set-up or a hand).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The worker threads could not be started.
    #[error("cannot start {threads} simulation threads: {why}")]
    Threads {
        /// How many were asked for.
        threads: usize,
        /// Why not.
        why: String,
    },
}

impl BlockRun<'_> {
    /// Plays the run on `threads` threads (at least one), each block's
    /// shoe and players seeded from `master` in block order: the first
    /// block takes the two generators a single table takes. The summary is
    /// the blocks' summaries added up in block order.
    pub fn play(&self, master: &mut StdRng, threads: usize) -> Result<Summary, BlockError> {
        // A bets file's hands are numbered from the run's first: one table.
        let from_file = self
            .seat_betting
            .iter()
            .any(|b| matches!(b, BetStrategy::File(_)));
        let block_hands = if from_file { u64::MAX } else { BLOCK_HANDS };
        let blocks = self.hands.div_ceil(block_hands).max(1);
        let seeds: Vec<(StdRng, StdRng, u64)> = (0..blocks)
            .map(|block| {
                let shoe = StdRng::from_rng(&mut *master);
                let players = StdRng::from_rng(&mut *master);
                let hands = (self.hands - block * block_hands).min(block_hands);
                (shoe, players, hands)
            })
            .collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("simulate {i}"))
            .build()
            .map_err(|e| BlockError::Threads {
                threads,
                why: e.to_string(),
            })?;
        let summaries: Vec<Result<Summary, TableError>> = pool.install(|| {
            seeds
                .into_par_iter()
                .map(|(shoe, players, hands)| self.play_block(shoe, players, hands))
                .collect()
        });
        let mut total: Option<Summary> = None;
        for summary in summaries {
            let summary = summary?;
            match &mut total {
                Some(total) => total.merge(summary),
                None => total = Some(summary),
            }
        }
        Ok(total.unwrap_or_default())
    }

    /// One block: `hands` hands at a table of its own.
    fn play_block(&self, shoe: StdRng, players: StdRng, hands: u64) -> Result<Summary, TableError> {
        let mut simulation = Simulation::new(self.config, shoe, players)?;
        simulation.set_seat_betting(self.seat_betting)?;
        let mut summary = Summary::default();
        if self.follow_seats {
            summary.follow_seats(simulation.players());
        }
        for _ in 0..hands {
            summary.add(simulation.play_next()?);
        }
        Ok(summary)
    }
}
