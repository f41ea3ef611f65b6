//! The one path by which live and simulated hands reach the ledger: a
//! [`HandJournal`] that journals each hand as it is played, and the
//! game-protection figures each Rocket hand is committed with, worked out
//! here by a tracker that follows the table's hands (the ledger stores
//! what it is given).

use crate::engine::table::{FinishedHand, Table};
use crate::hand_edges::RecordedEdge;
use crate::ids::{HandId, TableId};
use crate::ledger::{HandContext, HandJournal, Ledger, LedgerError};
use crate::protection::EdgeTracker;

/// Journals a table's hand as it is played and commits it when it ends:
/// the one path by which live and simulated hands reach the ledger.
/// A Rocket hand is committed with its game-protection figures, worked
/// out by a tracker that follows the table's hands.
#[derive(Debug)]
pub struct Recorder {
    journal: HandJournal,
    /// The tracker and the table's last hand it followed; made again from
    /// the ledger when the table's last hand is another (a restart, a hand
    /// abandoned or voided by another path, another table).
    edges: Option<(EdgeTracker, TableId, Option<HandId>)>,
}

impl Recorder {
    /// A recorder for hands dealt in `context`.
    pub fn new(context: HandContext) -> Recorder {
        Recorder {
            journal: HandJournal::new(context),
            edges: None,
        }
    }

    /// A recorder for a hand recovered from the journal, whose first
    /// `journaled` steps are already there (see [`Ledger::recover_in_progress`]).
    pub fn resume(context: HandContext, journaled: usize) -> Recorder {
        Recorder {
            journal: HandJournal::resume(context, journaled),
            edges: None,
        }
    }

    /// The context of the next hand (another dealer signed in); the hand
    /// in progress keeps its own.
    pub fn set_context(&mut self, context: HandContext) {
        self.journal.set_context(context);
    }

    /// After a restart, between hands: puts what the journal holds of the
    /// time since the last hand back at the head of `table`'s events
    /// ([`Table::restore_between_hands`]) and journals what the table has
    /// added since (a new software shoe's shuffle and burns).
    pub fn restore_between_hands(
        &mut self,
        ledger: &mut Ledger,
        table: &mut Table,
    ) -> Result<(), LedgerError> {
        self.journal.restore_between_hands(ledger, table)
    }

    /// Journals whatever the table did since the last call: the hand in
    /// progress's steps, or, between hands, what left the shoe.
    pub fn sync(&mut self, ledger: &mut Ledger, table: &Table) -> Result<(), LedgerError> {
        self.journal.sync(ledger, table)
    }

    /// Commits the finished hand; returns its id.
    pub fn commit(
        &mut self,
        ledger: &mut Ledger,
        finished: &FinishedHand,
    ) -> Result<HandId, LedgerError> {
        // The hand is committed whatever becomes of its figures: a hand
        // without them is solved from its cards when read.
        let figures = self.figures(ledger, finished).ok().flatten();
        self.journal.commit(ledger, finished, figures.as_ref())
    }

    /// The figures of `finished` (a Rocket hand's; `None` for Starboard)
    /// from a tracker that has followed the table's hands before it.
    fn figures(
        &mut self,
        ledger: &Ledger,
        finished: &FinishedHand,
    ) -> Result<Option<RecordedEdge>, LedgerError> {
        let table = self.journal.context().table;
        let last = ledger.last_hand_of(table)?;
        let followed = self
            .edges
            .take()
            .filter(|(_, at, followed)| *at == table && *followed == last);
        let mut tracker = match followed {
            Some((tracker, _, _)) => tracker,
            None => {
                let mut tracker = EdgeTracker::new();
                if let Some(last) = last {
                    tracker.catch_up(
                        ledger
                            .table_hands_from_shuffle(table, last, last)?
                            .iter()
                            .map(|(_, hand)| hand),
                    );
                }
                tracker
            }
        };
        let figures = tracker.track(finished).map(|edge| edge.recorded());
        self.edges = Some((tracker, table, Some(HandId::of(finished.setup.number))));
        Ok(figures)
    }
}
