//! `audit verify`: one pass over the chain in seq order, merging a cursor
//! per table, so memory stays flat however long the ledger is.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use rusqlite::types::{Value, ValueRef};
use rusqlite::{Connection, OpenFlags};

use super::chain::{CHAINED, GENESIS, Linker, TableSpec};
use super::rows::{self, BadRow};
use super::{ChainHead, LedgerError, rebuild, schema_version};
use crate::engine::hand::Hand;
use crate::engine::money::{Transfer, balances};
use crate::engine::rules::HouseRules;
use crate::engine::shoe::{ShoeEvent, ShuffleCommitment};
use crate::engine::table::{HandEvent, HandSetup};
use crate::engine::{Decks, Rank, Step};

/// One problem found, located by row (and hand, where there is one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discrepancy {
    /// The table of the row.
    pub table: &'static str,
    /// The row's seq.
    pub seq: i64,
    /// The hand the row belongs to, if any.
    pub hand: Option<i64>,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {} ({})", self.seq, self.table)?;
        if let Some(hand) = self.hand {
            write!(f, ", hand {hand}")?;
        }
        write!(f, ": {}", self.problem)
    }
}

/// What a verification found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuditSummary {
    /// Rows read.
    pub rows: u64,
    /// Hands read (voided ones included).
    pub hands: u64,
    /// Hands voided.
    pub voided: u64,
    /// The last row's seq and stored hash.
    pub head: ChainHead,
    /// Discrepancies found.
    pub discrepancies: u64,
}

/// One table's rows in seq order.
struct Cursor<'s> {
    spec: &'static TableSpec,
    rows: rusqlite::Rows<'s>,
    current: Option<(i64, Vec<u8>, Vec<Value>)>,
}

impl Cursor<'_> {
    fn advance(&mut self) -> Result<(), LedgerError> {
        self.current = match self.rows.next()? {
            None => None,
            Some(row) => {
                let values = (2..self.spec.columns.len() + 2)
                    .map(|i| row.get::<_, Value>(i))
                    .collect::<Result<_, _>>()?;
                let hash = match row.get_ref(1)? {
                    ValueRef::Blob(b) => b.to_vec(),
                    _ => Vec::new(),
                };
                Some((row.get(0)?, hash, values))
            }
        };
        Ok(())
    }
}

/// Checks the whole ledger at `path`: the chain from the first row, that
/// every hand's transfers balance, that no shoe produced more copies of a
/// rank than it holds (and that revealed shuffles match their commitments
/// and the cards dealt), and that every complete hand replays under its
/// recorded rules to its recorded transfers. Each discrepancy goes to
/// `report` as it is found.
pub fn verify(
    path: &Path,
    mut report: impl FnMut(&Discrepancy),
) -> Result<AuditSummary, LedgerError> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    schema_version(&conn)?;
    let snapshot = conn.unchecked_transaction()?;
    // A file not yet upgraded lacks the newer tables: they hold no rows.
    let present: Vec<&'static TableSpec> = CHAINED
        .into_iter()
        .filter(|spec| {
            snapshot
                .query_row(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1",
                    [spec.name],
                    |_| Ok(()),
                )
                .is_ok()
        })
        .collect();
    let mut statements = present
        .iter()
        .map(|spec| {
            let sql = format!(
                "SELECT seq, hash, {} FROM {} ORDER BY seq",
                spec.columns.join(", "),
                spec.name
            );
            snapshot.prepare(&sql)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut cursors = Vec::with_capacity(present.len());
    for (spec, statement) in present.iter().zip(statements.iter_mut()) {
        let mut cursor = Cursor {
            spec,
            rows: statement.query([])?,
            current: None,
        };
        cursor.advance()?;
        cursors.push(cursor);
    }
    let mut audit = Audit::default();
    let mut linker = Linker::default();
    let mut head = ChainHead {
        rows: 0,
        hash: GENESIS,
    };
    let mut count = 0u64;
    let mut emit = |d: Discrepancy, found: &mut u64| {
        *found += 1;
        report(&d);
    };
    let mut found = 0u64;
    loop {
        let next = cursors
            .iter_mut()
            .filter(|c| c.current.is_some())
            .min_by_key(|c| c.current.as_ref().map_or(i64::MAX, |(seq, _, _)| *seq));
        let Some(cursor) = next else { break };
        let Some((seq, hash, values)) = cursor.current.take() else {
            break;
        };
        let spec = cursor.spec;
        cursor.advance()?;
        count += 1;
        let at = |problem: String| Discrepancy {
            table: spec.name,
            seq,
            hand: None,
            problem,
        };
        if seq == head.rows {
            emit(at(format!("seq {seq} is used twice")), &mut found);
        } else if seq > head.rows + 1 {
            let missing = if seq == head.rows + 2 {
                format!("row {} is missing before this row", head.rows + 1)
            } else {
                format!(
                    "rows {} to {} are missing before this row",
                    head.rows + 1,
                    seq - 1
                )
            };
            emit(at(missing), &mut found);
        }
        let computed = linker.link(&head.hash, seq, spec, values.iter().map(ValueRef::from));
        let stored: [u8; 32] = hash.as_slice().try_into().unwrap_or(computed);
        if hash.as_slice() != computed {
            emit(
                at("the hash does not match the row and the previous row's hash: this row or its place in the chain was changed".into()),
                &mut found,
            );
        }
        head = ChainHead {
            rows: seq,
            hash: stored,
        };
        for d in audit.row(spec, seq, &values) {
            emit(d, &mut found);
        }
    }
    for d in audit.finish() {
        emit(d, &mut found);
    }
    Ok(AuditSummary {
        rows: count,
        hands: audit.hands,
        voided: audit.voided,
        head,
        discrepancies: found,
    })
}

/// The hand being read: its rows so far.
struct HandGroup {
    id: i64,
    seq: i64,
    table: i64,
    shoe: i64,
    complete: bool,
    button: Option<u8>,
    setup: Option<HandSetup>,
    events: Vec<(i64, &'static str, HandEvent)>,
    transfers: Vec<(i64, Transfer)>,
}

/// A void being read: the hand and its reversing transfers.
struct VoidGroup {
    hand: i64,
    seq: i64,
    transfers: Vec<Transfer>,
}

enum Group {
    Hand(Box<HandGroup>),
    Void(VoidGroup),
}

/// A shoe's stack since its last shuffle.
#[derive(Default)]
struct ShoeTrack {
    shoe: i64,
    out: [u16; 10],
    commitment: Option<ShuffleCommitment>,
    drawn: Vec<(Rank, i64)>,
}

#[derive(Default)]
struct Audit {
    rules: HashMap<String, HouseRules>,
    tracks: HashMap<i64, ShoeTrack>,
    group: Option<Group>,
    hands: u64,
    voided: u64,
}

fn discrepancy(table: &'static str, seq: i64, hand: Option<i64>, problem: String) -> Discrepancy {
    Discrepancy {
        table,
        seq,
        hand,
        problem,
    }
}

impl Audit {
    fn row(&mut self, spec: &'static TableSpec, seq: i64, values: &[Value]) -> Vec<Discrepancy> {
        match self.take_row(spec, seq, values) {
            Ok(found) => found,
            Err(BadRow(problem)) => vec![discrepancy(
                spec.name,
                seq,
                None,
                format!("unreadable: {problem}"),
            )],
        }
    }

    fn take_row(
        &mut self,
        spec: &'static TableSpec,
        seq: i64,
        values: &[Value],
    ) -> Result<Vec<Discrepancy>, BadRow> {
        let mut found = Vec::new();
        match spec.name {
            "rules" => {
                let hash = rows::text(values, 0)?;
                match HouseRules::from_toml(rows::text(values, 1)?) {
                    Ok(rules) if rules.hash_hex() == hash => {
                        self.rules.insert(hash.to_owned(), rules);
                    }
                    Ok(_) => found.push(discrepancy(
                        spec.name,
                        seq,
                        None,
                        format!("the rules do not hash to {hash}"),
                    )),
                    Err(e) => found.push(discrepancy(spec.name, seq, None, e.to_string())),
                }
            }
            "hands" => {
                found.extend(self.finish());
                self.hands += 1;
                let id = rows::int(values, 0)?;
                let complete = rows::text(values, 12)? == "complete";
                self.voided += u64::from(!complete);
                let rules_hash = rows::text(values, 7)?;
                let setup = match self.rules.get(rules_hash) {
                    Some(rules) => Some(rows::values_setup(values, 5, id, *rules)?),
                    None => {
                        found.push(discrepancy(
                            spec.name,
                            seq,
                            Some(id),
                            format!("house rules {rules_hash} are not recorded before it"),
                        ));
                        None
                    }
                };
                self.group = Some(Group::Hand(Box::new(HandGroup {
                    id,
                    seq,
                    table: rows::int(values, 1)?,
                    shoe: rows::int(values, 4)?,
                    complete,
                    button: rows::opt_int(values, 10)?.and_then(|b| u8::try_from(b).ok()),
                    setup,
                    events: Vec::new(),
                    transfers: Vec::new(),
                })));
            }
            "shuffles" | "reveals" | "external_shuffles" | "cards" | "decisions" => {
                let (hand_id, _, event) = rows::row_event(spec, values)?;
                match &mut self.group {
                    Some(Group::Hand(group)) if group.id == hand_id => {
                        group.events.push((seq, spec.name, event))
                    }
                    _ => found.push(discrepancy(
                        spec.name,
                        seq,
                        Some(hand_id),
                        "the row is not part of its hand's commit".into(),
                    )),
                }
            }
            "voids" => {
                found.extend(self.finish());
                self.group = Some(Group::Void(VoidGroup {
                    hand: rows::int(values, 0)?,
                    seq,
                    transfers: Vec::new(),
                }));
            }
            "transfers" => {
                let hand_id = rows::int(values, 0)?;
                let (transfer, reverses) = rows::row_transfer(values)?;
                match (&mut self.group, reverses) {
                    (Some(Group::Hand(group)), None) if group.id == hand_id => {
                        group.transfers.push((seq, transfer))
                    }
                    (Some(Group::Void(group)), Some(original))
                        if group.hand == hand_id && original < group.seq =>
                    {
                        group.transfers.push(transfer)
                    }
                    _ => found.push(discrepancy(
                        spec.name,
                        seq,
                        Some(hand_id),
                        "the transfer is not part of its hand's commit or void".into(),
                    )),
                }
            }
            _ => found.extend(self.finish()),
        }
        Ok(found)
    }

    /// Checks the group just read.
    fn finish(&mut self) -> Vec<Discrepancy> {
        match self.group.take() {
            Some(Group::Hand(group)) => self.finish_hand(*group),
            Some(Group::Void(group)) if !balances(&group.transfers) => vec![discrepancy(
                "voids",
                group.seq,
                Some(group.hand),
                "the reversing transfers do not balance".into(),
            )],
            _ => Vec::new(),
        }
    }

    fn finish_hand(&mut self, group: HandGroup) -> Vec<Discrepancy> {
        let mut found = Vec::new();
        let at_hand = |problem: String| discrepancy("hands", group.seq, Some(group.id), problem);
        let Some(setup) = &group.setup else {
            return found;
        };
        self.track_shoe(&group, setup.decks, &mut found);
        let transfers: Vec<Transfer> = group.transfers.iter().map(|(_, t)| *t).collect();
        if !balances(&transfers) {
            found.push(at_hand("the hand's transfers do not balance".into()));
        }
        let events: Vec<HandEvent> = group.events.iter().map(|(_, _, e)| e.clone()).collect();
        let hand = match rebuild(setup, &events) {
            Ok(hand) => hand,
            Err(e) => {
                found.push(at_hand(format!("the recorded steps do not replay: {e}")));
                return found;
            }
        };
        if !group.complete {
            if !transfers.is_empty() {
                found.push(at_hand("a hand voided when abandoned has transfers".into()));
            }
            return found;
        }
        if !hand.is_done() {
            found.push(at_hand(
                "the hand is not over after its recorded steps".into(),
            ));
            return found;
        }
        if let Hand::Rocket(h) = &hand
            && h.starter().or(setup.previous_button) != group.button
        {
            found.push(at_hand(
                "the recorded button is not the replayed starter".into(),
            ));
        }
        let replayed = hand.transfers();
        let lines = replayed.len().max(group.transfers.len());
        if let Some(line) =
            (0..lines).find(|&i| replayed.get(i) != group.transfers.get(i).map(|(_, t)| t))
        {
            let seq = group.transfers.get(line).map_or(group.seq, |(seq, _)| *seq);
            let table = if line < group.transfers.len() {
                "transfers"
            } else {
                "hands"
            };
            found.push(discrepancy(
                table,
                seq,
                Some(group.id),
                format!("replay gives different transfers from line {}", line + 1),
            ));
        }
        found
    }

    fn track_shoe(&mut self, group: &HandGroup, decks: Decks, found: &mut Vec<Discrepancy>) {
        let track = self.tracks.entry(group.table).or_default();
        if track.shoe != group.shoe {
            *track = ShoeTrack {
                shoe: group.shoe,
                ..ShoeTrack::default()
            };
        }
        let mut in_play = [0u16; 10];
        for (seq, table, event) in &group.events {
            let (seq, table) = (*seq, *table);
            let mut problem = |p: String| found.push(discrepancy(table, seq, Some(group.id), p));
            let mut take = |rank: Rank, track: &mut ShoeTrack| {
                track.out[rank.index()] += 1;
                track.drawn.push((rank, seq));
                let (copy, held) = (track.out[rank.index()], decks.copies_of(rank));
                if copy > held {
                    problem(format!(
                        "the shoe produced copy {copy} of rank {rank} but holds only {held}"
                    ));
                }
            };
            match event {
                HandEvent::Shoe(ShoeEvent::Burned { rank })
                | HandEvent::ExternalBurn { rank, .. } => take(*rank, track),
                // Counted as the engine counts it: a card the shoe cannot
                // hold (a foreign card set aside) was never in its stack.
                HandEvent::SetAside { rank, .. } => {
                    if track.out[rank.index()] < decks.copies_of(*rank) {
                        take(*rank, track);
                    }
                }
                HandEvent::Card {
                    rank,
                    step: Step::Card { discarded, .. },
                    ..
                } => {
                    take(*rank, track);
                    if !discarded {
                        in_play[rank.index()] += 1;
                    }
                }
                HandEvent::Shoe(ShoeEvent::Shuffled(commitment)) => {
                    track.out = in_play;
                    track.drawn.clear();
                    track.commitment = Some(*commitment);
                }
                HandEvent::ExternalShuffle { .. } => {
                    track.out = in_play;
                    track.drawn.clear();
                    track.commitment = None;
                }
                HandEvent::Shoe(ShoeEvent::Revealed(reveal)) => match &track.commitment {
                    Some(c) if !reveal.matches(c) => problem(format!(
                        "shuffle {}'s revealed order and salt do not match its commitment",
                        reveal.number
                    )),
                    Some(_) => {
                        let dealt = track
                            .drawn
                            .iter()
                            .zip(&reveal.order)
                            .find(|((rank, _), order)| rank != *order);
                        if let Some(((rank, card_seq), order)) = dealt {
                            found.push(discrepancy(
                                "cards",
                                *card_seq,
                                Some(group.id),
                                format!(
                                    "a {rank} was recorded where shuffle {} put a {order}",
                                    reveal.number
                                ),
                            ));
                        }
                    }
                    None => {}
                },
                HandEvent::Card { .. } | HandEvent::Decision { .. } => {}
            }
        }
    }
}
