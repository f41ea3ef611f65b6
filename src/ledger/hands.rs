//! Hands in the ledger: the journal of the hand in progress (and of what
//! leaves the shoe between hands), its commit in one transaction, recovery
//! after a crash, voids, and hands read back. [`HandJournal`] journals a
//! table's hand as it is played and commits it, with the figures its
//! caller gives (`crate::figures::Recorder` works them out).

use std::collections::HashMap;

use super::chain::HAND_EDGES;
use super::*;
use crate::engine::Rank;
use crate::hand_edges::RecordedEdge;
use crate::ids::{HandId, ShiftId, StaffId, TableId};

/// What a hand's commit writes beside the journal.
struct Commit<'a> {
    id: HandId,
    /// The hand's setup as played, which the journal must still hold (none
    /// when the journal is all there is: a hand abandoned after a restart).
    setup: Option<&'a HandSetup>,
    status: HandStatus,
    button: Option<u8>,
    events: &'a [HandEvent],
    transfers: &'a [Transfer],
    at: &'a str,
}

impl Ledger {
    /// Journals the start of a hand: its context and setup, and its first
    /// `events` (what happened since the last hand, and the hand's own
    /// shuffle), in one durable transaction that also empties the journal
    /// of what happened between hands (those events are now the hand's).
    pub fn begin_hand(
        &mut self,
        context: HandContext,
        setup: &HandSetup,
        events: &[HandEvent],
    ) -> Result<(), LedgerError> {
        self.record_rules(&setup.rules)?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let journaled: Option<i64> = tx
            .query_row("SELECT hand_id FROM journal_hand", [], |r| r.get(0))
            .optional()?;
        if let Some(hand) = journaled {
            return Err(LedgerError::HandInProgress(HandId(hand)));
        }
        let id = HandId::of(setup.number);
        let exists: Option<i64> = tx
            .query_row("SELECT seq FROM hands WHERE id = ?1", [id], |r| r.get(0))
            .optional()?;
        if exists.is_some() {
            return Err(LedgerError::HandExists(id));
        }
        let mut values = vec![
            Value::Integer(id.0),
            Value::Integer(context.table.0),
            Value::Integer(context.shift.0),
            Value::Integer(i64::from(context.dealer)),
            Value::Integer(context.shoe),
        ];
        values.extend(rows::setup_values(setup, setup.button));
        values.push(Value::Text(timestamp(self.clock.now())));
        tx.execute(
            "INSERT INTO journal_hand (id, hand_id, table_id, shift_id, dealer_id, shoe_id, game, decks, rules_hash, seats, previous_button, button, carry_in, started_at) \
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            rusqlite::params_from_iter(values.iter()),
        )?;
        tx.execute("DELETE FROM journal_steps", [])?;
        tx.execute("DELETE FROM journal_pending", [])?;
        let at = timestamp(self.clock.now());
        journal_rows(&tx, Journal::Hand, id, 0, events, &at)?;
        if self.strays_resolved {
            tx.execute("DELETE FROM journal_strays", [])?;
        }
        tx.commit()?;
        self.strays_resolved = false;
        Ok(())
    }

    /// Journals steps `first..` of the hand in progress, durably, in one transaction.
    pub fn journal(&mut self, first: usize, events: &[HandEvent]) -> Result<(), LedgerError> {
        let at = self.now();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        journal_in(&tx, first, events, &at)?;
        if self.strays_resolved {
            tx.execute("DELETE FROM journal_strays", [])?;
        }
        tx.commit()?;
        self.strays_resolved = false;
        Ok(())
    }

    /// Journals `events[first..]`, what left the shoe since the last hand
    /// (a shuffle, burns, cards set aside), durably, in one transaction:
    /// they open hand `next_hand`'s record when it begins
    /// ([`Ledger::begin_hand`]), and survive a crash before it does
    /// ([`Ledger::recover_between_hands`]).
    pub fn journal_between_hands(
        &mut self,
        next_hand: i64,
        first: usize,
        events: &[HandEvent],
    ) -> Result<(), LedgerError> {
        let at = self.now();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        journal_rows(
            &tx,
            Journal::BetweenHands,
            HandId(next_hand),
            first,
            events,
            &at,
        )?;
        if self.strays_resolved {
            tx.execute("DELETE FROM journal_strays", [])?;
        }
        tx.commit()?;
        self.strays_resolved = false;
        Ok(())
    }

    /// Journals, durably, a card that left the shoe and waits for a pit boss
    /// (a stray: `frame`, `rank`), the moment it is read, so that a crash
    /// before the pit boss decides cannot lose it.
    pub fn journal_stray(&mut self, frame: u16, rank: Rank) -> Result<(), LedgerError> {
        let at = self.now();
        self.conn.execute(
            "INSERT INTO journal_strays (frame, rank, read_at) VALUES (?1, ?2, ?3)",
            rusqlite::params![frame, rank.value(), at],
        )?;
        Ok(())
    }

    /// The strays journaled and not yet resolved, in the order read.
    pub fn journaled_strays(&self) -> Result<Vec<(u16, Rank)>, LedgerError> {
        let mut statement = self
            .conn
            .prepare("SELECT step, frame, rank FROM journal_strays ORDER BY step")?;
        let found: Vec<(i64, i64, i64)> = statement
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        found
            .into_iter()
            .map(|(step, frame, rank)| {
                let bad = |problem: &str| LedgerError::BadRow {
                    table: "journal_strays",
                    seq: step,
                    problem: problem.to_owned(),
                };
                Ok((
                    u16::try_from(frame).map_err(|_| bad("frame out of range"))?,
                    Rank::new(rank).map_err(|_| bad("rank out of range"))?,
                ))
            })
            .collect()
    }

    /// The waiting strays were resolved (set aside, or replaced by a card
    /// entered by hand): the journal write that records that removes them
    /// in its own transaction ([`Ledger::settle_strays`] after it).
    pub fn strays_resolved(&mut self) {
        self.strays_resolved = true;
    }

    /// Removes resolved strays that no journal write has removed (the
    /// resolution journaled nothing).
    pub fn settle_strays(&mut self) -> Result<(), LedgerError> {
        if self.strays_resolved {
            self.conn.execute("DELETE FROM journal_strays", [])?;
            self.strays_resolved = false;
        }
        Ok(())
    }

    /// What left the shoe since the last hand and waits to open the next
    /// hand's record (journaled by [`Ledger::journal_between_hands`]), in order.
    pub fn recover_between_hands(&self) -> Result<Vec<HandEvent>, LedgerError> {
        journaled(&self.conn, Journal::BetweenHands)?
            .into_iter()
            .map(|(step, spec, values)| {
                rows::row_event(spec, &values)
                    .map(|(_, _, event)| event)
                    .map_err(LedgerError::bad_row("journal_pending", step))
            })
            .collect()
    }

    /// The hand in progress, if one was journaled and not committed.
    pub fn recover_in_progress(&self) -> Result<Option<InProgress>, LedgerError> {
        let row: Option<Vec<Value>> = self
            .conn
            .query_row(
                "SELECT hand_id, table_id, shift_id, dealer_id, shoe_id, game, decks, rules_hash, seats, previous_button, button, carry_in, started_at FROM journal_hand",
                [],
                |r| (0..13).map(|i| r.get::<_, Value>(i)).collect(),
            )
            .optional()?;
        let Some(values) = row else {
            return Ok(None);
        };
        let bad = LedgerError::bad_row("journal_hand", 1);
        let int = |i| rows::int(&values, i).map_err(&bad);
        let hand_id = int(0)?;
        let context = HandContext {
            table: TableId(int(1)?),
            shift: ShiftId(int(2)?),
            dealer: StaffId(int(3)? as u32),
            shoe: int(4)?,
        };
        let rules = self.rules(rows::text(&values, 7).map_err(&bad)?)?;
        let setup = rows::values_setup(&values, 5, hand_id, rules).map_err(&bad)?;
        let events = journal_steps(&self.conn)?
            .into_iter()
            .map(|(_, spec, values)| {
                rows::row_event(spec, &values)
                    .map(|(_, _, event)| event)
                    .map_err(LedgerError::bad_row("journal_steps", 0))
            })
            .collect::<Result<_, _>>()?;
        let started_at = row_time("journal_hand", 1, rows::text(&values, 12).map_err(&bad)?)?;
        Ok(Some(InProgress {
            context,
            setup,
            events,
            started_at,
        }))
    }

    /// How many shuffles (software or physical shoe) the committed hands
    /// of `shift` hold.
    pub fn shuffles_in_shift(&self, shift: ShiftId) -> Result<u32, LedgerError> {
        let count: i64 = self.conn.query_row(
            "SELECT (SELECT COUNT(*) FROM shuffles s JOIN hands h ON h.id = s.hand_id WHERE h.shift_id = ?1) \
                  + (SELECT COUNT(*) FROM external_shuffles s JOIN hands h ON h.id = s.hand_id WHERE h.shift_id = ?1)",
            [shift],
            |r| r.get(0),
        )?;
        Ok(count as u32)
    }

    /// The house rules recorded under `hash`.
    pub fn rules(&self, hash: &str) -> Result<HouseRules, LedgerError> {
        let toml: Option<String> = self
            .conn
            .query_row(
                "SELECT toml FROM rules WHERE rules_hash = ?1",
                [hash],
                |r| r.get(0),
            )
            .optional()?;
        let toml = toml.ok_or_else(|| LedgerError::UnknownRules(hash.to_owned()))?;
        Ok(HouseRules::from_toml(&toml)?)
    }

    /// Commits the finished hand in progress to the ledger in one
    /// transaction (steps not yet journaled are journaled first), with its
    /// game-protection figures (a Rocket hand's `hand_edges` row) when
    /// given, and empties the journal; returns the hand id.
    pub fn commit_hand(
        &mut self,
        finished: &FinishedHand,
        figures: Option<&RecordedEdge>,
    ) -> Result<HandId, LedgerError> {
        let at = self.now();
        let id = HandId::of(finished.setup.number);
        let button = match &finished.hand {
            Hand::Rocket(h) => h.starter().or(finished.setup.previous_button),
            Hand::Starboard(_) => finished.setup.button,
        };
        self.commit_with(
            &Commit {
                id,
                setup: Some(&finished.setup),
                status: HandStatus::Complete,
                button,
                events: &finished.events,
                transfers: &finished.transfers,
                at: &at,
            },
            |appender| match figures {
                Some(figures) => appender
                    .append(
                        &HAND_EDGES,
                        &[
                            Value::Integer(id.0),
                            figures.house_edge_text().map_or(Value::Null, Value::Text),
                            Value::Text(figures.decisions_text()),
                        ],
                    )
                    .map(drop),
                None => Ok(()),
            },
        )?;
        Ok(id)
    }

    /// Ends the journaled hand as unplayable: it is committed as voided with
    /// the steps it had, no transfers (every wager stands returned), and
    /// `reason` approved by pit boss `approver`. Returns its id, or None if
    /// no hand was in progress.
    pub fn abandon_in_progress(
        &mut self,
        reason: &str,
        approver: StaffId,
    ) -> Result<Option<HandId>, LedgerError> {
        let Some(progress) = self.recover_in_progress()? else {
            return Ok(None);
        };
        let id = HandId::of(progress.setup.number);
        self.check_approver(approver, progress.context.dealer, id)?;
        let at = self.now();
        let void = [
            Value::Integer(id.0),
            Value::Text(reason.into()),
            Value::Integer(i64::from(approver)),
            Value::Text(at.clone()),
        ];
        self.commit_with(
            &Commit {
                id,
                setup: None,
                status: HandStatus::Voided,
                button: progress.setup.button,
                events: &[],
                transfers: &[],
                at: &at,
            },
            |appender| appender.append(&VOIDS, &void).map(drop),
        )?;
        Ok(Some(id))
    }

    /// Commits the journaled hand as `commit` says, with `finally`'s rows
    /// (a void, or the hand's figures) in the same transaction.
    fn commit_with(
        &mut self,
        commit: &Commit<'_>,
        finally: impl FnOnce(&mut Appender<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        let Commit {
            id,
            setup,
            status,
            button,
            events,
            transfers,
            at,
        } = *commit;
        let mut appender = self.appender()?;
        // The journaled hand's columns by name; the committed row takes
        // the `hands` table's columns in its own order.
        let journal: Option<HashMap<String, Value>> = appender
            .tx
            .query_row("SELECT * FROM journal_hand", [], |r| {
                let names: Vec<String> = r.as_ref().column_names().map(str::to_owned).collect();
                names
                    .into_iter()
                    .enumerate()
                    .map(|(i, name)| Ok((name, r.get::<_, Value>(i)?)))
                    .collect()
            })
            .optional()?;
        let mut columns = journal.ok_or(LedgerError::NoHandInProgress)?;
        let journaled = match columns.get("hand_id") {
            Some(Value::Integer(hand)) => HandId(*hand),
            _ => {
                return Err(LedgerError::BadRow {
                    table: "journal_hand",
                    seq: 1,
                    problem: "no hand id".into(),
                });
            }
        };
        if journaled != id {
            return Err(LedgerError::NotTheJournaledHand {
                committed: id,
                journaled,
            });
        }
        if let Some(setup) = setup
            && !journal_holds_setup(&columns, setup)
        {
            return Err(LedgerError::JournalAltered(id));
        }
        columns.insert("id".into(), Value::Integer(id.0));
        columns.insert(
            "button".into(),
            button.map_or(Value::Null, |b| Value::Integer(i64::from(b))),
        );
        columns.insert("status".into(), Value::Text(status.as_str().into()));
        columns.insert("ended_at".into(), Value::Text(at.into()));
        let row = HANDS
            .columns
            .iter()
            .map(|name| {
                columns.remove(*name).ok_or(LedgerError::BadRow {
                    table: "journal_hand",
                    seq: 1,
                    problem: format!("no {name}"),
                })
            })
            .collect::<Result<Vec<Value>, LedgerError>>()?;
        let steps = journal_steps(&appender.tx)?.len();
        if events.len() > steps {
            journal_in(&appender.tx, steps, &events[steps..], at)?;
        }
        appender.append(&HANDS, &row)?;
        let journaled = journal_steps(&appender.tx)?;
        // What is committed is what was played: a journal changed behind
        // the program's back (a step altered, added or removed) is refused.
        if !events.is_empty() {
            let matches = journaled.len() == events.len()
                && journaled
                    .iter()
                    .zip(events)
                    .all(|((_, spec, values), event)| {
                        rows::row_event(spec, values)
                            .is_ok_and(|(hand, _, e)| hand == id && e == *event)
                    });
            if !matches {
                return Err(LedgerError::JournalAltered(id));
            }
        }
        for (_, spec, values) in journaled {
            appender.append(spec, &values)?;
        }
        for (line, transfer) in transfers.iter().enumerate() {
            appender.append(
                &TRANSFERS,
                &rows::transfer_row(id, line as i64 + 1, transfer, None),
            )?;
        }
        finally(&mut appender)?;
        appender.tx.execute("DELETE FROM journal_steps", [])?;
        appender.tx.execute("DELETE FROM journal_hand", [])?;
        // Signed where it is made, like every other write.
        appender.commit()
    }

    pub(super) fn check_approver(
        &self,
        approver: StaffId,
        dealer: StaffId,
        hand: HandId,
    ) -> Result<(), LedgerError> {
        let role: Option<String> = self
            .conn
            .query_row("SELECT role FROM staff WHERE id = ?1", [approver], |r| {
                r.get(0)
            })
            .optional()?;
        if role.as_deref() != Some(Role::PitBoss.as_str()) {
            return Err(AccessError::NotAPitBoss(approver).into());
        }
        if approver == dealer {
            return Err(AccessError::ApproverDealt(approver, hand).into());
        }
        Ok(())
    }

    /// The dealer of committed hand `hand`.
    pub(super) fn dealer_of(&self, hand: HandId) -> Result<StaffId, LedgerError> {
        let dealer: Option<StaffId> = self
            .conn
            .query_row("SELECT dealer_id FROM hands WHERE id = ?1", [hand], |r| {
                r.get(0)
            })
            .optional()?;
        dealer.ok_or(LedgerError::NoSuchHand(hand))
    }

    /// Voids a committed hand, its approval already checked: `before` rows
    /// (the approval), a void row with `reason` and `approver`, and one
    /// reversing transfer per original, referencing it, in one transaction.
    pub(super) fn void_with(
        &mut self,
        hand: HandId,
        reason: &str,
        approver: StaffId,
        before: &[(&'static TableSpec, Vec<Value>)],
    ) -> Result<(), LedgerError> {
        let at = self.now();
        let mut appender = self.appender()?;
        let voided: Option<i64> = appender
            .tx
            .query_row("SELECT seq FROM voids WHERE hand_id = ?1", [hand], |r| {
                r.get(0)
            })
            .optional()?;
        let status: String =
            appender
                .tx
                .query_row("SELECT status FROM hands WHERE id = ?1", [hand], |r| {
                    r.get(0)
                })?;
        if voided.is_some() || status == HandStatus::Voided.as_str() {
            return Err(LedgerError::AlreadyVoided(hand));
        }
        let originals = transfers_of(&appender.tx, hand)?;
        for (spec, values) in before {
            appender.append(spec, values)?;
        }
        appender.append(
            &VOIDS,
            &[
                Value::Integer(hand.0),
                Value::Text(reason.into()),
                Value::Integer(i64::from(approver)),
                Value::Text(at),
            ],
        )?;
        for (line, (seq, t, _)) in originals.iter().enumerate() {
            let reversal = Transfer {
                from: t.to,
                to: t.from,
                ..*t
            };
            let row = rows::transfer_row(
                hand,
                (originals.len() + line) as i64 + 1,
                &reversal,
                Some(*seq),
            );
            appender.append(&TRANSFERS, &row)?;
        }
        appender.commit()
    }

    /// The last `n` hands, oldest first, with wagers, transfers and status.
    pub fn last_hands(&self, n: u32) -> Result<Vec<HandRecord>, LedgerError> {
        let mut statement = self.conn.prepare(
            "SELECT id, game, seats, (SELECT status FROM hand_status WHERE hand_id = hands.id), started_at, ended_at \
             FROM hands ORDER BY seq DESC LIMIT ?1",
        )?;
        let rows: Vec<Vec<Value>> = statement
            .query_map([n], |r| (0..6).map(|i| r.get::<_, Value>(i)).collect())?
            .collect::<Result<_, _>>()?;
        let mut records =
            rows.into_iter()
                .map(|values| {
                    let id = rows::int(&values, 0).map_err(LedgerError::bad_row("hands", 0))?;
                    let bad = LedgerError::bad_row("hands", id);
                    Ok(HandRecord {
                        id: HandId(id),
                        game: rows::game(rows::text(&values, 1).map_err(&bad)?).map_err(&bad)?,
                        seats: rows::parse_seats(rows::text(&values, 2).map_err(&bad)?)
                            .map_err(&bad)?,
                        status: HandStatus::parse(rows::text(&values, 3).map_err(&bad)?)
                            .ok_or_else(|| LedgerError::BadRow {
                                table: "hands",
                                seq: id,
                                problem: "unknown status".into(),
                            })?,
                        started_at: row_time("hands", id, rows::text(&values, 4).map_err(&bad)?)?,
                        ended_at: row_time("hands", id, rows::text(&values, 5).map_err(&bad)?)?,
                        transfers: transfers_of(&self.conn, HandId(id))?
                            .into_iter()
                            .map(|(_, t, _)| t)
                            .collect(),
                    })
                })
                .collect::<Result<Vec<_>, LedgerError>>()?;
        records.reverse();
        Ok(records)
    }

    /// A recorded hand as it finished: setup, steps, final state, transfers
    /// (reversals left out).
    pub fn load_hand(&self, hand: HandId) -> Result<FinishedHand, LedgerError> {
        let values: Option<Vec<Value>> = self
            .conn
            .query_row(
                "SELECT id, game, decks, rules_hash, seats, previous_button, button, carry_in FROM hands WHERE id = ?1",
                [hand],
                |r| (0..8).map(|i| r.get::<_, Value>(i)).collect(),
            )
            .optional()?;
        let values = values.ok_or(LedgerError::NoSuchHand(hand))?;
        let bad = LedgerError::bad_row("hands", hand.0);
        let rules = self.rules(rows::text(&values, 3).map_err(&bad)?)?;
        let setup = rows::values_setup(&values, 1, hand.0, rules).map_err(&bad)?;
        let mut steps = Vec::new();
        for spec in [
            &chain::SHUFFLES,
            &chain::REVEALS,
            &chain::EXTERNAL_SHUFFLES,
            &chain::CARDS,
            &chain::DECISIONS,
        ] {
            let found = hand_rows(&self.conn, spec, hand)?;
            for (seq, values) in found {
                let (_, step, event) =
                    rows::row_event(spec, &values).map_err(LedgerError::bad_row(spec.name, seq))?;
                steps.push((step, event));
            }
        }
        steps.sort_by_key(|(step, _)| *step);
        let events: Vec<HandEvent> = steps.into_iter().map(|(_, e)| e).collect();
        let finished_hand = rebuild(&setup, &events)?;
        let transfers = transfers_of(&self.conn, hand)?
            .into_iter()
            .filter(|(_, _, reverses)| reverses.is_none())
            .map(|(_, t, _)| t)
            .collect();
        Ok(FinishedHand {
            setup,
            events,
            hand: finished_hand,
            transfers,
        })
    }
}

/// The rows of `spec`'s table that belong to `hand`, in chain order: (seq, values).
fn hand_rows(
    conn: &Connection,
    spec: &chain::TableSpec,
    hand: HandId,
) -> Result<Vec<(i64, Vec<Value>)>, LedgerError> {
    let sql = format!(
        "SELECT seq, {} FROM {} WHERE hand_id = ?1 ORDER BY seq",
        spec.columns.join(", "),
        spec.name
    );
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement
        .query_map([hand], |r| {
            let values = (1..=spec.columns.len())
                .map(|i| r.get::<_, Value>(i))
                .collect::<Result<_, _>>()?;
            Ok((r.get(0)?, values))
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// The transfers of a hand in order: (seq, transfer, seq it reverses).
fn transfers_of(
    conn: &Connection,
    hand: HandId,
) -> Result<Vec<(i64, Transfer, Option<i64>)>, LedgerError> {
    let found = hand_rows(conn, &TRANSFERS, hand)?;
    found
        .into_iter()
        .map(|(seq, values)| {
            let (t, reverses) =
                rows::row_transfer(&values).map_err(LedgerError::bad_row("transfers", seq))?;
            Ok((seq, t, reverses))
        })
        .collect()
}

fn journal_in(
    conn: &Connection,
    first: usize,
    events: &[HandEvent],
    at: &str,
) -> Result<(), LedgerError> {
    let hand_id: HandId = conn
        .query_row("SELECT hand_id FROM journal_hand", [], |r| r.get(0))
        .optional()?
        .ok_or(LedgerError::NoHandInProgress)?;
    journal_rows(conn, Journal::Hand, hand_id, first, events, at)
}

/// The two journals outside the chain: the hand in progress's steps, and
/// what left the shoe between hands.
#[derive(Clone, Copy)]
enum Journal {
    Hand,
    BetweenHands,
}

impl Journal {
    fn table(self) -> &'static str {
        match self {
            Journal::Hand => "journal_steps",
            Journal::BetweenHands => "journal_pending",
        }
    }
}

/// Writes `events` as steps `first + 1..` of hand `hand_id` into `journal`.
fn journal_rows(
    conn: &Connection,
    journal: Journal,
    hand_id: HandId,
    first: usize,
    events: &[HandEvent],
    at: &str,
) -> Result<(), LedgerError> {
    let mut statement = conn.prepare_cached(&format!(
        "INSERT INTO {} (step, ledger_table, body) VALUES (?1, ?2, ?3)",
        journal.table()
    ))?;
    let mut body = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let step = (first + i) as i64 + 1;
        let (spec, values) = rows::event_row(hand_id, step, event, at);
        body.clear();
        chain::encode_values(&mut body, values.iter().map(ValueRef::from));
        statement.execute(params![step, spec.name, body])?;
    }
    Ok(())
}

/// A journaled step: its number, the ledger table it goes to, its columns.
type JournalStep = (i64, &'static TableSpec, Vec<Value>);

fn journal_steps(conn: &Connection) -> Result<Vec<JournalStep>, LedgerError> {
    journaled(conn, Journal::Hand)
}

fn journaled(conn: &Connection, journal: Journal) -> Result<Vec<JournalStep>, LedgerError> {
    let table = journal.table();
    let mut statement = conn.prepare_cached(&format!(
        "SELECT step, ledger_table, body FROM {table} ORDER BY step"
    ))?;
    let found: Vec<(i64, String, Vec<u8>)> = statement
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    found
        .into_iter()
        .map(|(step, ledger_table, body)| {
            let bad = |problem: &str| LedgerError::BadRow {
                table,
                seq: step,
                problem: problem.to_owned(),
            };
            let spec =
                chain::spec_named(&ledger_table).ok_or_else(|| bad("unknown ledger table"))?;
            let values = chain::decode_values(&body)
                .ok_or_else(|| bad("the body is not a canonical encoding"))?;
            Ok((step, spec, values))
        })
        .collect()
}

/// Journals a table's hand as it is played and commits it when it ends,
/// with the game-protection figures its caller gives (the ledger stores
/// them; `crate::figures::Recorder`, the one path by which live and
/// simulated hands reach the ledger, works them out).
#[derive(Debug)]
pub struct HandJournal {
    context: HandContext,
    journaled: Option<usize>,
    /// Events of the table journaled between hands (they open the next hand).
    between_hands: usize,
}

impl HandJournal {
    /// A journal for hands dealt in `context`.
    pub fn new(context: HandContext) -> HandJournal {
        HandJournal {
            context,
            journaled: None,
            between_hands: 0,
        }
    }

    /// A journal for a hand recovered from the journal, whose first
    /// `journaled` steps are already there (see [`Ledger::recover_in_progress`]).
    pub fn resume(context: HandContext, journaled: usize) -> HandJournal {
        HandJournal {
            context,
            journaled: Some(journaled),
            between_hands: 0,
        }
    }

    /// The context of the next hand (another dealer signed in); the hand
    /// in progress keeps its own.
    pub fn set_context(&mut self, context: HandContext) {
        if self.journaled.is_none() {
            self.context = context;
        }
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
        let restored = ledger.recover_between_hands()?;
        self.between_hands = restored.len();
        table
            .restore_between_hands(restored)
            .map_err(|_| LedgerError::HandInProgress(HandId(table.hands_started() as i64)))?;
        self.sync(ledger, table)
    }

    /// Journals whatever the table did since the last call: the hand in
    /// progress's steps, or, between hands, what left the shoe.
    pub fn sync(&mut self, ledger: &mut Ledger, table: &Table) -> Result<(), LedgerError> {
        let events = table.events();
        let Some((setup, _)) = table.hand() else {
            let done = self.between_hands;
            if events.len() > done {
                let next_hand = table.hands_started() as i64 + 1;
                ledger.journal_between_hands(next_hand, done, &events[done..])?;
            }
            self.between_hands = events.len();
            return Ok(());
        };
        match self.journaled {
            Some(done) if events.len() > done => ledger.journal(done, &events[done..])?,
            Some(_) => {}
            None => {
                ledger.begin_hand(self.context, setup, events)?;
                self.between_hands = 0;
            }
        }
        self.journaled = Some(events.len());
        Ok(())
    }

    /// The context of the hand in progress, or of the next hand.
    pub fn context(&self) -> HandContext {
        self.context
    }

    /// Commits the finished hand with `figures` (a Rocket hand's
    /// `hand_edges` row; `None`: none kept); returns its id.
    pub fn commit(
        &mut self,
        ledger: &mut Ledger,
        finished: &FinishedHand,
        figures: Option<&RecordedEdge>,
    ) -> Result<HandId, LedgerError> {
        let id = ledger.commit_hand(finished, figures)?;
        self.journaled = None;
        Ok(id)
    }
}

/// Whether the journaled hand's setup columns (game, decks, rules, seats
/// and bets, previous button, carry) are the hand's as played: the journal
/// is outside the chain, so a bet raised there behind the program's back
/// must not be committed and signed. A hand journaled by a build that
/// hashed its rules with the misnamed text (docs/house-rules.md) keeps
/// that hash.
fn journal_holds_setup(columns: &HashMap<String, Value>, setup: &HandSetup) -> bool {
    // The setup's columns, `game` to `carry_in`, follow the context's
    // (id, table, shift, dealer, shoe) in the `hands` table.
    let played = rows::setup_values(setup, setup.button);
    let names = &HANDS.columns[5..5 + played.len()];
    names.iter().zip(&played).all(|(name, value)| match *name {
        // The committed button is the hand's outcome, set at commit.
        "button" => true,
        "rules_hash" => columns.get(*name).is_some_and(|journaled| {
            journaled == value || *journaled == Value::Text(setup.rules.misnamed_hash_hex())
        }),
        _ => columns.get(*name) == Some(value),
    })
}
