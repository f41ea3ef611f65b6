//! Gathering a report's figures from the ledger: the period resolved to
//! a table and a time window, then hands, transfers, the inventory, the
//! month and year to date, alarms, staff changes and the expected hold.

use super::*;
use crate::access::MAX_WRONG_PINS;
use crate::ids::{HandId, ShiftId, StaffId, TableId};

/// A hand as the expected hold needs it.
struct DealtHand {
    id: i64,
    decks: i64,
    rules_hash: String,
    /// (seat, bet) per player.
    bets: Vec<(u8, u64)>,
}

/// What the period's hands give the report.
#[derive(Default)]
struct HandsRead {
    play: PlayFigures,
    voided: BTreeSet<i64>,
    /// Dealers of the hands, in order of first hand.
    dealers: Vec<StaffId>,
    rules_hashes: Vec<String>,
    /// Each hand's total bet.
    wagers: HashMap<i64, u64>,
    /// Each hand's decks, rules and bets, for the expected hold.
    dealt: Vec<DealtHand>,
}

/// What the period's transfers give the report.
#[derive(Default)]
struct TransfersRead {
    totals: BTreeMap<(TransferKind, Option<Rank>), KindTotal>,
    ledger_win: i64,
    payouts: Vec<Payout>,
    /// Pot awards per hand (more than one: a split pot).
    awards: HashMap<i64, u32>,
    /// Units paid into each Starboard pot (antes and draws).
    paid_in: HashMap<i64, u64>,
}

impl TransfersRead {
    fn total(&self, kind: TransferKind) -> KindTotal {
        let mut sum = KindTotal::default();
        for (_, t) in self.totals.range((kind, None)..=(kind, Some(Rank::ALL[9]))) {
            sum.add(*t);
        }
        sum
    }

    fn by_rank(&self, kind: TransferKind) -> [KindTotal; 10] {
        Rank::ALL.map(|rank| {
            self.totals
                .get(&(kind, Some(rank)))
                .copied()
                .unwrap_or_default()
        })
    }

    /// The game's own figures and the amount wagered on the hands that stand.
    fn game_figures(mut self, game: GameKind, hands: &HandsRead) -> (GameFigures, u64) {
        match game {
            GameKind::Rocket => {
                let mut payouts = std::mem::take(&mut self.payouts);
                payouts.sort_by(|a, b| b.amount.cmp(&a.amount).then(a.hand.cmp(&b.hand)));
                payouts.truncate(LARGEST_PAYOUTS);
                let wagered = hands
                    .wagers
                    .iter()
                    .filter(|(id, _)| !hands.voided.contains(id))
                    .map(|(_, w)| w)
                    .sum();
                let figures = RocketFigures {
                    pair_losses: self.by_rank(TransferKind::PairLoss),
                    fold_fees: self.total(TransferKind::FoldFee),
                    dealer_pairs: self.by_rank(TransferKind::DealerPairPayout),
                    dealer_threes: self.total(TransferKind::DealerThreePayout),
                    largest_payouts: payouts,
                };
                (GameFigures::Rocket(Box::new(figures)), wagered)
            }
            GameKind::Starboard => {
                let figures = StarboardFigures {
                    pots: self.awards.len() as u64,
                    split_pots: self.awards.values().filter(|n| **n > 1).count() as u64,
                    antes: self.total(TransferKind::Ante),
                    draws: self.total(TransferKind::Draw),
                    carry_in: self.total(TransferKind::CarryIn),
                    pot_awards: self.total(TransferKind::PotAward),
                    rake: self.total(TransferKind::Rake),
                    carry_out: self.total(TransferKind::CarryOut),
                };
                let wagered = (figures.antes.amount + figures.draws.amount).max(0) as u64;
                (GameFigures::Starboard(figures), wagered)
            }
        }
    }
}

/// Who was on duty: dealers of the hands, then any dealer who opened or
/// closed the shift, counted, asked for a slip or an approval; pit bosses
/// who opened or closed it or approved or signed anything.
fn on_duty(
    staff: &HashMap<StaffId, (String, String)>,
    mut dealers: Vec<StaffId>,
    resolved: &Resolved,
    approvers: &[StaffId],
    signed: &[StaffId],
) -> (Vec<StaffId>, Vec<StaffId>) {
    let is_role = |id: &StaffId, role: crate::access::Role| {
        staff.get(id).is_some_and(|(_, r)| r == role.as_str())
    };
    for id in resolved.shift_staff.iter().chain(signed) {
        if is_role(id, crate::access::Role::Dealer) && !dealers.contains(id) {
            dealers.push(*id);
        }
    }
    let mut pit_bosses: Vec<StaffId> = resolved
        .shift_staff
        .iter()
        .chain(approvers)
        .chain(signed)
        .copied()
        .filter(|id| is_role(id, crate::access::Role::PitBoss))
        .collect();
    pit_bosses.sort_unstable();
    pit_bosses.dedup();
    (dealers, pit_bosses)
}

/// The hand selection every query shares: ?1 table, ?2 shift or NULL, ?3
/// and ?4 the time range or NULL.
const IN_PERIOD: &str = "h.table_id = ?1 AND (?2 IS NULL OR h.shift_id = ?2) \
     AND (?3 IS NULL OR h.started_at >= ?3) AND (?4 IS NULL OR h.started_at < ?4)";

/// The resolved period: bound parameters and the header's times.
pub(super) struct Resolved {
    table_id: TableId,
    table_name: String,
    game: GameKind,
    shift: Option<ShiftId>,
    from: Option<String>,
    to: Option<String>,
    start: DateTime<Utc>,
    end: Option<DateTime<Utc>>,
    /// The period's time window `[from, to)` as stored text (to: NULL while
    /// the shift is open), for rows tied to the table rather than a hand.
    window: [Value; 2],
    /// Staff who opened and closed the shift.
    shift_staff: Vec<StaffId>,
}

impl Resolved {
    /// A shift still open: its prints are interim.
    pub(super) fn open_shift(&self) -> bool {
        self.shift.is_some() && self.end.is_none()
    }

    /// The table and the shift covered, if a shift is (not a period).
    pub(super) fn table_shift(&self) -> Option<(TableId, ShiftId)> {
        Some((self.table_id, self.shift?))
    }

    pub(super) fn params(&self) -> [Value; 4] {
        let text = |t: &Option<String>| t.clone().map_or(Value::Null, Value::Text);
        [
            Value::Integer(self.table_id.0),
            self.shift
                .map_or(Value::Null, |shift| Value::Integer(shift.0)),
            text(&self.from),
            text(&self.to),
        ]
    }
}

/// Stored chips (`denomination:count` pairs) as printed: highest denomination first.
fn chips(table: &'static str, seq: i64, text: &str) -> Result<Vec<(u64, u64)>, LedgerError> {
    let count = crate::inventory::ChipCount::parse(text).map_err(|e| LedgerError::BadRow {
        table,
        seq,
        problem: e.to_string(),
    })?;
    Ok(count.counts().iter().rev().copied().collect())
}

fn bad(table: &'static str, seq: i64) -> impl Fn(rows::BadRow) -> LedgerError {
    LedgerError::bad_row(table, seq)
}

/// The house's net from one transfer.
fn house_net(t: &Transfer) -> i64 {
    let amount = t.amount as i64;
    match (t.from, t.to) {
        (Account::House, _) => -amount,
        (_, Account::House) => amount,
        _ => 0,
    }
}

/// A report's figures as gathered, before the print is recorded.
pub(super) type Gathered = (Header, Inventory, PlayFigures, GameFigures, Exceptions);

impl Ledger {
    /// The expected hold of the hands that stand (`dealt`: id, decks,
    /// rules hash, bets; without the `voided`) as `hold` works it out from
    /// them: for the shift report, Rocket's theoretical win with every
    /// player on the best play; Starboard's rake due, the rules' rake on
    /// what was `paid_in` to each pot (docs/reports.md, "Expected hold").
    fn expected_hold(
        &self,
        hold: &dyn HoldModel,
        game: GameKind,
        dealt: &[DealtHand],
        voided: &BTreeSet<i64>,
        paid_in: &HashMap<i64, u64>,
    ) -> Result<Option<ExpectedHold>, LedgerError> {
        let standing: Vec<_> = dealt
            .iter()
            .filter(|hand| !voided.contains(&hand.id))
            .collect();
        if standing.is_empty() {
            return Ok(None);
        }
        let decks = |id: i64, decks: i64| {
            Decks::new(decks).map_err(|e| LedgerError::BadRow {
                table: "hands",
                seq: id,
                problem: e.to_string(),
            })
        };
        match game {
            GameKind::Rocket => {
                let hands = standing
                    .iter()
                    .map(|hand| {
                        Ok(RocketHandBets {
                            decks: decks(hand.id, hand.decks)?,
                            bets: hand.bets.iter().map(|(_, bet)| *bet).collect(),
                        })
                    })
                    .collect::<Result<Vec<_>, LedgerError>>()?;
                Ok(Some(hold.rocket(&hands)))
            }
            GameKind::Starboard => {
                let mut rules: HashMap<&str, HouseRules> = HashMap::new();
                let mut games = Vec::with_capacity(standing.len());
                for hand in standing {
                    let hash = hand.rules_hash.as_str();
                    let in_force = match rules.get(hash) {
                        Some(found) => *found,
                        None => *rules.entry(hash).or_insert(self.rules(hash)?),
                    };
                    games.push((in_force, paid_in.get(&hand.id).copied().unwrap_or(0)));
                }
                Ok(Some(hold.starboard(&games)))
            }
        }
    }

    /// Finds the table and the period's bounds.
    pub(super) fn resolve(&self, query: &ReportQuery) -> Result<Resolved, ReportError> {
        let mut statement = self
            .conn
            .prepare("SELECT seq, id, name, game FROM tables ORDER BY id")?;
        let tables: Vec<(i64, i64, String, String)> = statement
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<Result<_, _>>()?;
        let chosen: Vec<_> = match &query.table {
            Some(wanted) => tables
                .iter()
                .filter(|(_, id, name, _)| name == wanted || id.to_string() == *wanted)
                .collect(),
            None => tables.iter().collect(),
        };
        let (seq, table_id, table_name, game) = match (chosen.as_slice(), &query.table) {
            ([one], _) => (*one).clone(),
            ([], Some(wanted)) => return Err(ReportError::NoSuchTable(wanted.clone())),
            ([], None) => return Err(ReportError::NoTables),
            (many, _) => {
                let names: Vec<String> = many
                    .iter()
                    .map(|(_, id, name, _)| format!("{id}: {name}"))
                    .collect();
                return Err(ReportError::WhichTable(many.len(), names.join(", ")));
            }
        };
        let game = rows::game(&game).map_err(bad("tables", seq))?;
        let mut resolved = Resolved {
            table_id: TableId(table_id),
            table_name,
            game,
            shift: None,
            from: None,
            to: None,
            start: DateTime::<Utc>::MIN_UTC,
            end: None,
            window: [Value::Null, Value::Null],
            shift_staff: Vec::new(),
        };
        let shift = match query.period {
            Period::Range { from, to } => {
                if to < from {
                    return Err(ReportError::BackwardsRange {
                        from: timestamp(from),
                        to: timestamp(to),
                    });
                }
                resolved.from = Some(timestamp(from));
                resolved.to = Some(timestamp(to));
                resolved.window = [Value::Text(timestamp(from)), Value::Text(timestamp(to))];
                resolved.start = from;
                resolved.end = Some(to);
                return Ok(resolved);
            }
            Period::Shift(shift) => shift,
            Period::LatestShift => self
                .conn
                .query_row(
                    "SELECT id FROM shifts WHERE table_id = ?1 ORDER BY id DESC LIMIT 1",
                    [table_id],
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| ReportError::NoShifts(resolved.table_name.clone()))?,
        };
        // seq, opened_at, opened_by, closed_at, closed_by
        type ShiftRow = (i64, String, i64, Option<String>, Option<i64>);
        let found: Option<ShiftRow> = self
            .conn
            .query_row(
                "SELECT s.seq, s.opened_at, s.opened_by, c.closed_at, c.closed_by \
                 FROM shifts s LEFT JOIN shift_closes c ON c.shift_id = s.id \
                 WHERE s.id = ?1 AND s.table_id = ?2",
                params![shift, table_id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )
            .optional()?;
        let (seq, opened_at, opened_by, closed_at, closed_by) =
            found.ok_or_else(|| ReportError::NoSuchShift {
                table: resolved.table_name.clone(),
                shift,
            })?;
        resolved.shift = Some(shift);
        resolved.start = row_time("shifts", seq, &opened_at)?;
        resolved.end = closed_at
            .as_deref()
            .map(|t| row_time("shift_closes", seq, t))
            .transpose()?;
        resolved.window = [
            Value::Text(opened_at),
            closed_at.map_or(Value::Null, Value::Text),
        ];
        resolved.shift_staff = std::iter::once(opened_by)
            .chain(closed_by)
            .map(|id| StaffId(id as u32))
            .collect();
        Ok(resolved)
    }

    pub(super) fn gather(
        &self,
        query: &ReportQuery,
        resolved: &Resolved,
        hold: &dyn HoldModel,
    ) -> Result<Gathered, LedgerError> {
        let params = resolved.params();
        let staff = self.staff_names()?;
        let person = |id: StaffId| StaffRef {
            id,
            name: staff
                .get(&id)
                .map_or_else(|| "unknown".to_owned(), |(name, _)| name.clone()),
        };

        let mut hands = self.gather_hands(&params)?;
        let rules = hands
            .rules_hashes
            .iter()
            .map(|hash| {
                Ok(RulesInForce {
                    hash: hash.clone(),
                    rules: self.rules(hash)?,
                })
            })
            .collect::<Result<Vec<_>, LedgerError>>()?;
        self.count_shuffles_and_cards(&params, &mut hands.play)?;
        let transfers = self.gather_transfers(&params, &hands.voided)?;
        let ledger_win = transfers.ledger_win;
        let paid_in = transfers.paid_in.clone();
        let (game, wagered) = transfers.game_figures(resolved.game, &hands);
        let mut play = hands.play;
        play.table_hands = match play.hand_ids {
            Some((first, last)) => Some((
                self.table_hand(HandId(first))?.at_table,
                self.table_hand(HandId(last))?.at_table,
            )),
            None => None,
        };
        play.wagered = wagered;
        play.expected_hold =
            self.expected_hold(hold, resolved.game, &hands.dealt, &hands.voided, &paid_in)?;
        play.actual_hold = match &game {
            GameFigures::Rocket(_) => ledger_win,
            GameFigures::Starboard(figures) => figures.rake.amount,
        };

        // Exceptions; who approved them.
        let mut approvers: Vec<StaffId> = Vec::new();
        let voids = self.gather_voids(&params, &person, &mut approvers)?;
        let manual_cards = self.gather_manual_cards(&params, &person, &mut approvers)?;

        // The inventory, its corrections, the alarms; who signed for them.
        let mut signed: Vec<StaffId> = Vec::new();
        let (inventory, corrections) =
            self.gather_inventory(resolved, &person, ledger_win, &mut signed)?;
        let alarms = self.gather_alarms(resolved, &person, &mut signed)?;
        let staff_changes = self.gather_staff_changes(resolved, &person)?;
        signed.extend(self.approval_signers(resolved)?);

        let (dealers, pit_bosses) = on_duty(&staff, hands.dealers, resolved, &approvers, &signed);
        let header = Header {
            casino: self.casino_name(query, resolved)?,
            table_id: resolved.table_id,
            table_name: resolved.table_name.clone(),
            game: resolved.game,
            rules,
            shift: resolved.shift,
            start: resolved.start,
            end: resolved.end,
            dealers: dealers.into_iter().map(person).collect(),
            pit_bosses: pit_bosses.into_iter().map(person).collect(),
        };
        let exceptions = Exceptions {
            voids,
            manual_cards,
            corrections,
            alarms,
            staff_changes,
        };
        Ok((header, inventory, play, game, exceptions))
    }

    /// The period's hands: counts, voids, dealers, rules, shoes and bets.
    fn gather_hands(&self, params: &[Value; 4]) -> Result<HandsRead, LedgerError> {
        let mut read = HandsRead::default();
        let mut shoes = BTreeSet::new();
        let sql = format!(
            "SELECT h.seq, h.id, h.dealer_id, h.shoe_id, h.rules_hash, h.seats, h.ended_at, \
             CASE WHEN v.hand_id IS NULL THEN h.status ELSE 'voided' END, h.decks \
             FROM hands h LEFT JOIN voids v ON v.hand_id = h.id WHERE {IN_PERIOD} ORDER BY h.id"
        );
        let mut statement = self.conn.prepare(&sql)?;
        let mut found = statement.query(rusqlite::params_from_iter(params.iter()))?;
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            let id: i64 = row.get(1)?;
            let dealer = row.get::<_, StaffId>(2)?;
            let play = &mut read.play;
            play.hands += 1;
            play.hand_ids = Some(play.hand_ids.map_or((id, id), |(first, _)| (first, id)));
            let ended: String = row.get(6)?;
            play.last_hand_end = Some(row_time("hands", seq, &ended)?);
            if row.get::<_, String>(7)? == crate::ledger::HandStatus::Voided.as_str() {
                play.voided += 1;
                read.voided.insert(id);
            }
            if !read.dealers.contains(&dealer) {
                read.dealers.push(dealer);
            }
            shoes.insert(row.get::<_, i64>(3)?);
            let hash: String = row.get(4)?;
            if !read.rules_hashes.contains(&hash) {
                read.rules_hashes.push(hash.clone());
            }
            let seats: String = row.get(5)?;
            let bets = rows::parse_seats(&seats).map_err(bad("hands", seq))?;
            read.wagers
                .insert(id, bets.iter().map(|(_, bet)| bet).sum());
            read.dealt.push(DealtHand {
                id,
                decks: row.get(8)?,
                rules_hash: hash,
                bets,
            });
        }
        read.play.shoes = shoes.len() as u64;
        Ok(read)
    }

    /// Shuffles (mid-hand, external) and cards dealt and burned.
    fn count_shuffles_and_cards(
        &self,
        params: &[Value; 4],
        play: &mut PlayFigures,
    ) -> Result<(), LedgerError> {
        let count = |sql: &str| -> Result<(u64, u64), LedgerError> {
            let sql = sql.replace("{IN_PERIOD}", IN_PERIOD);
            Ok(self
                .conn
                .query_row(&sql, rusqlite::params_from_iter(params.iter()), |r| {
                    Ok((
                        r.get::<_, Option<i64>>(0)?.unwrap_or(0) as u64,
                        r.get::<_, Option<i64>>(1)?.unwrap_or(0) as u64,
                    ))
                })?)
        };
        (play.shuffles, play.mid_hand_shuffles) = count(
            "SELECT COUNT(*), SUM(s.mid_hand) FROM shuffles s JOIN hands h ON h.id = s.hand_id WHERE {IN_PERIOD}",
        )?;
        (play.external_shuffles, _) = count(
            "SELECT COUNT(*), 0 FROM external_shuffles s JOIN hands h ON h.id = s.hand_id WHERE {IN_PERIOD}",
        )?;
        (play.cards_dealt, play.cards_burned) = count(
            "SELECT SUM(c.destination NOT IN ('burn', 'set_aside')), SUM(c.destination = 'burn') FROM cards c JOIN hands h ON h.id = c.hand_id WHERE {IN_PERIOD}",
        )?;
        Ok(())
    }

    /// The period's transfers: totals by kind and rank (reversals
    /// subtracted), the ledger's win, the payouts and pot awards of the
    /// hands that stand.
    fn gather_transfers(
        &self,
        params: &[Value; 4],
        voided: &BTreeSet<i64>,
    ) -> Result<TransfersRead, LedgerError> {
        let mut read = TransfersRead::default();
        let sql = format!(
            "SELECT t.seq, t.hand_id, t.line, t.from_account, t.to_account, t.amount, t.kind, t.rank, t.reverses \
             FROM transfers t JOIN hands h ON h.id = t.hand_id WHERE {IN_PERIOD}"
        );
        let mut statement = self.conn.prepare(&sql)?;
        let mut found = statement.query(rusqlite::params_from_iter(params.iter()))?;
        let mut values = Vec::with_capacity(8);
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            values.clear();
            for i in 1..=8 {
                values.push(row.get::<_, Value>(i)?);
            }
            let hand = rows::int(&values, 0).map_err(bad("transfers", seq))?;
            let (t, reverses) = rows::row_transfer(&values).map_err(bad("transfers", seq))?;
            read.ledger_win += house_net(&t);
            let sign = if reverses.is_some() { -1 } else { 1 };
            read.totals
                .entry((t.kind, t.rank))
                .or_default()
                .add(KindTotal {
                    count: sign,
                    amount: sign * t.amount as i64,
                });
            if reverses.is_some() || voided.contains(&hand) {
                continue;
            }
            match (t.from, t.to, t.kind) {
                (Account::House, Account::Seat(seat), _) => read.payouts.push(Payout {
                    hand: HandId(hand),
                    seat,
                    kind: t.kind,
                    rank: t.rank,
                    amount: t.amount,
                }),
                (_, _, TransferKind::PotAward) => *read.awards.entry(hand).or_default() += 1,
                (_, Account::Pot, TransferKind::Ante | TransferKind::Draw) => {
                    *read.paid_in.entry(hand).or_default() += t.amount;
                }
                _ => {}
            }
        }
        Ok(read)
    }

    /// The period's voids, each with what its reversal moved.
    fn gather_voids(
        &self,
        params: &[Value; 4],
        person: &impl Fn(StaffId) -> StaffRef,
        approvers: &mut Vec<StaffId>,
    ) -> Result<Vec<VoidEntry>, LedgerError> {
        let sql = format!(
            "SELECT v.seq, v.hand_id, v.reason, v.approved_by, v.voided_at, \
             (SELECT COALESCE(SUM(r.amount), 0) FROM transfers r WHERE r.hand_id = v.hand_id AND r.reverses IS NOT NULL), \
             (SELECT COALESCE(SUM(CASE WHEN r.to_account = 'house' THEN r.amount \
                                       WHEN r.from_account = 'house' THEN -r.amount ELSE 0 END), 0) \
                FROM transfers r WHERE r.hand_id = v.hand_id AND r.reverses IS NOT NULL) \
             FROM voids v JOIN hands h ON h.id = v.hand_id WHERE {IN_PERIOD} ORDER BY v.seq"
        );
        let mut statement = self.conn.prepare(&sql)?;
        let mut found = statement.query(rusqlite::params_from_iter(params.iter()))?;
        let mut voids = Vec::new();
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            let approver = row.get::<_, StaffId>(3)?;
            approvers.push(approver);
            voids.push(VoidEntry {
                hand: row.get(1)?,
                reason: row.get(2)?,
                approved_by: person(approver),
                at: row_time("voids", seq, &row.get::<_, String>(4)?)?,
                reversed: row.get::<_, i64>(5)? as u64,
                win_effect: row.get(6)?,
            });
        }
        Ok(voids)
    }

    /// The period's cards entered by hand, with who approved each.
    fn gather_manual_cards(
        &self,
        params: &[Value; 4],
        person: &impl Fn(StaffId) -> StaffRef,
        approvers: &mut Vec<StaffId>,
    ) -> Result<Vec<ManualCard>, LedgerError> {
        let sql = format!(
            "SELECT c.seq, c.hand_id, c.step, c.rank, c.destination, c.seat, c.approved_by, c.at \
             FROM cards c JOIN hands h ON h.id = c.hand_id WHERE {IN_PERIOD} AND c.source = 'manual' ORDER BY c.seq"
        );
        let mut statement = self.conn.prepare(&sql)?;
        let mut found = statement.query(rusqlite::params_from_iter(params.iter()))?;
        let mut manual_cards = Vec::new();
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            let approver = row.get::<_, Option<StaffId>>(6)?;
            approvers.extend(approver);
            let destination: String = row.get(4)?;
            let destination = match row.get::<_, Option<i64>>(5)? {
                Some(seat) if destination == "seat" => format!("seat {seat}"),
                Some(seat) if destination == "common" => format!("common (seat {seat})"),
                _ => destination,
            };
            manual_cards.push(ManualCard {
                hand: row.get(1)?,
                step: row.get(2)?,
                rank: Rank::new(row.get(3)?).map_err(|e| LedgerError::BadRow {
                    table: "cards",
                    seq,
                    problem: e.to_string(),
                })?,
                destination,
                approved_by: approver.map(person),
                at: row_time("cards", seq, &row.get::<_, String>(7)?)?,
            });
        }
        Ok(manual_cards)
    }

    /// Everyone who asked for or approved an action at the table in the
    /// period's window.
    fn approval_signers(&self, resolved: &Resolved) -> Result<Vec<StaffId>, LedgerError> {
        let [from, to] = resolved.window.clone();
        let mut statement = self.conn.prepare(
            "SELECT requested_by, approved_by FROM approvals \
             WHERE table_id = ?1 AND at >= ?2 AND (?3 IS NULL OR at < ?3) ORDER BY seq",
        )?;
        let mut found = statement.query(params![resolved.table_id, from, to])?;
        let mut signers = Vec::new();
        while let Some(row) = found.next()? {
            signers.push(row.get::<_, StaffId>(0)?);
            signers.push(row.get::<_, StaffId>(1)?);
        }
        Ok(signers)
    }

    /// The casino's name to print: the query's, else the table setting.
    fn casino_name(
        &self,
        query: &ReportQuery,
        resolved: &Resolved,
    ) -> Result<Option<String>, LedgerError> {
        match &query.casino {
            Some(name) => Ok(Some(name.clone())),
            None => Ok(self
                .conn
                .query_row(
                    "SELECT value FROM table_settings WHERE table_id = ?1 AND key = ?2 ORDER BY seq DESC LIMIT 1",
                    params![resolved.table_id, CASINO_SETTING],
                    |r| r.get(0),
                )
                .optional()?),
        }
    }

    /// The shifts whose inventory a report shows: its shift; for a period,
    /// every shift at the table that overlaps it (or holds one of its
    /// hands), and of those the ones with hands outside the period.
    fn inventory_shifts(&self, resolved: &Resolved) -> Result<(Vec<i64>, Vec<i64>), LedgerError> {
        if let Some(shift) = resolved.shift {
            return Ok((vec![shift.0], Vec::new()));
        }
        let params = resolved.params();
        let overlapping = format!(
            "SELECT s.id FROM shifts s LEFT JOIN shift_closes c ON c.shift_id = s.id \
             WHERE s.table_id = ?1 AND ((s.opened_at < ?4 AND (c.closed_at IS NULL OR c.closed_at > ?3)) \
             OR s.id IN (SELECT h.shift_id FROM hands h WHERE {IN_PERIOD}))"
        );
        let shifts = self.ids(&format!("{overlapping} ORDER BY s.id"), &params)?;
        let beyond = self.ids(
            &format!(
                "SELECT DISTINCT h.shift_id FROM hands h WHERE h.shift_id IN ({overlapping}) \
                 AND (h.started_at < ?3 OR h.started_at >= ?4) ORDER BY h.shift_id"
            ),
            &params,
        )?;
        Ok((shifts, beyond))
    }

    /// The first column of `sql`'s rows, as integers.
    fn ids(&self, sql: &str, params: &[Value]) -> Result<Vec<i64>, LedgerError> {
        let mut statement = self.conn.prepare(sql)?;
        let found = statement
            .query_map(rusqlite::params_from_iter(params.iter()), |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(found)
    }

    /// The inventory of the report's shifts (see [`Ledger::inventory_shifts`])
    /// and its corrections (voided slips, recounts) in ledger order; adds
    /// everyone who counted, asked, approved, voided or recorded a drop to
    /// `signed`.
    fn gather_inventory(
        &self,
        resolved: &Resolved,
        person: &dyn Fn(StaffId) -> StaffRef,
        ledger_win: i64,
        signed: &mut Vec<StaffId>,
    ) -> Result<(Inventory, Vec<Correction>), LedgerError> {
        let (shifts, beyond_period) = self.inventory_shifts(resolved)?;
        // Ids from the ledger itself: integers, safe to write into the SQL.
        let list = shifts
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let kept: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM table_settings WHERE table_id = ?1 AND key = ?2)",
            params![resolved.table_id, DENOMINATIONS_KEY],
            |r| r.get(0),
        )?;
        let mut corrections: Vec<(i64, Correction)> = Vec::new();

        // Tray counts: the latest of each kind in a shift stands; an
        // earlier one was recounted.
        let mut latest: HashMap<(ShiftId, &'static str), ChipCount> = HashMap::new();
        {
            let mut statement = self.conn.prepare(&format!(
                "SELECT seq, shift_id, kind, chips, dealer_id, pit_boss_id, counted_at \
                 FROM inventory_counts WHERE shift_id IN ({list}) ORDER BY seq"
            ))?;
            let mut found = statement.query([])?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let shift: ShiftId = row.get(1)?;
                let kind = match row.get::<_, String>(2)?.as_str() {
                    "opener" => CountKind::Opener,
                    "closer" => CountKind::Closer,
                    other => {
                        return Err(LedgerError::BadRow {
                            table: "inventory_counts",
                            seq,
                            problem: format!("unknown kind {other:?}"),
                        });
                    }
                };
                let dealer = row.get::<_, StaffId>(4)?;
                let pit_boss = row.get::<_, StaffId>(5)?;
                signed.extend([dealer, pit_boss]);
                let count = ChipCount {
                    shift,
                    chips: chips("inventory_counts", seq, &row.get::<_, String>(3)?)?,
                    at: row_time("inventory_counts", seq, &row.get::<_, String>(6)?)?,
                    dealer: person(dealer),
                    pit_boss: person(pit_boss),
                };
                let key = (shift, kind.as_str());
                if let Some(before) = latest.get(&key) {
                    // Its reason and second approver, written in the same
                    // commit (none in a ledger from before schema 11).
                    let why: Option<(String, Option<StaffId>)> = self
                        .conn
                        .query_row(
                            "SELECT reason, second_by FROM count_corrections \
                             WHERE shift_id = ?1 AND kind = ?2 AND seq > ?3 ORDER BY seq LIMIT 1",
                            params![shift, kind.as_str(), seq],
                            |r| Ok((r.get(0)?, r.get(1)?)),
                        )
                        .optional()?;
                    let mut by = vec![count.dealer.clone(), count.pit_boss.clone()];
                    if let Some(second) = why.as_ref().and_then(|(_, second)| *second) {
                        signed.push(second);
                        by.push(person(second));
                    }
                    corrections.push((
                        seq,
                        Correction {
                            at: count.at,
                            kind: CorrectionKind::Recount {
                                count: kind,
                                shift,
                                before: before.total(),
                                after: count.total(),
                            },
                            reason: why.map(|(reason, _)| reason),
                            by,
                        },
                    ));
                }
                latest.insert(key, count);
            }
        }
        let opener = shifts
            .first()
            .and_then(|s| latest.remove(&(ShiftId(*s), CountKind::Opener.as_str())));

        // Counts waived by a pit boss, and play before the opener.
        let mut opener_waived = false;
        {
            let mut statement = self.conn.prepare(&format!(
                "SELECT seq, shift_id, kind, reason, waived_by, waived_at \
                 FROM count_waivers WHERE shift_id IN ({list}) ORDER BY seq"
            ))?;
            let mut found = statement.query([])?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let shift: ShiftId = row.get(1)?;
                let count = CountKind::parse(&row.get::<_, String>(2)?).ok_or_else(|| {
                    LedgerError::BadRow {
                        table: "count_waivers",
                        seq,
                        problem: "unknown kind".into(),
                    }
                })?;
                opener_waived |= count == CountKind::Opener && shifts.first() == Some(&shift.0);
                let by = row.get::<_, StaffId>(4)?;
                signed.push(by);
                corrections.push((
                    seq,
                    Correction {
                        at: row_time("count_waivers", seq, &row.get::<_, String>(5)?)?,
                        kind: CorrectionKind::CountWaived { count, shift },
                        reason: Some(row.get(3)?),
                        by: vec![person(by)],
                    },
                ));
            }
        }
        let first_hand: Option<(i64, String)> = match shifts.first() {
            None => None,
            Some(first) => self
                .conn
                .query_row(
                    "SELECT seq, started_at FROM hands WHERE shift_id = ?1 ORDER BY seq LIMIT 1",
                    [first],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?,
        };
        let first_hand = first_hand
            .map(|(seq, at)| row_time("hands", seq, &at))
            .transpose()?;
        // Flagged at a table that keeps its inventory (its denominations
        // are set): a hands-only ledger (a simulation) counts no tray.
        let play_before_opener = first_hand.filter(|started| {
            kept && match &opener {
                Some(count) => count.at > *started,
                None => !opener_waived,
            }
        });
        let closer = shifts
            .last()
            .and_then(|s| latest.remove(&(ShiftId(*s), CountKind::Closer.as_str())));

        // Slips, with their voids.
        let (mut fills, mut credits) = (Vec::new(), Vec::new());
        {
            let mut statement = self.conn.prepare(&format!(
                "SELECT s.seq, s.number, s.kind, s.shift_id, s.chips, s.requested_by, s.approved_by, s.at, \
                        v.seq, v.reason, v.first_by, v.second_by, v.voided_at \
                 FROM slips s LEFT JOIN slip_voids v ON v.slip_id = s.id \
                 WHERE s.shift_id IN ({list}) ORDER BY s.seq"
            ))?;
            let mut found = statement.query([])?;
            while let Some(row) = found.next()? {
                let seq: i64 = row.get(0)?;
                let kind = match row.get::<_, String>(2)?.as_str() {
                    "fill" => SlipKind::Fill,
                    "credit" => SlipKind::Credit,
                    other => {
                        return Err(LedgerError::BadRow {
                            table: "slips",
                            seq,
                            problem: format!("unknown kind {other:?}"),
                        });
                    }
                };
                let requested = row.get::<_, StaffId>(5)?;
                let approved = row.get::<_, StaffId>(6)?;
                signed.extend([requested, approved]);
                let voided = match row.get::<_, Option<i64>>(8)? {
                    None => None,
                    Some(void_seq) => {
                        let first = row.get::<_, StaffId>(10)?;
                        let second = row.get::<_, StaffId>(11)?;
                        signed.extend([first, second]);
                        Some((
                            void_seq,
                            SlipVoid {
                                reason: row.get(9)?,
                                by: [person(first), person(second)],
                                at: row_time("slip_voids", void_seq, &row.get::<_, String>(12)?)?,
                            },
                        ))
                    }
                };
                let slip = Slip {
                    number: row.get(1)?,
                    shift: row.get(3)?,
                    at: row_time("slips", seq, &row.get::<_, String>(7)?)?,
                    chips: chips("slips", seq, &row.get::<_, String>(4)?)?,
                    requested_by: person(requested),
                    approved_by: person(approved),
                    voided: voided.as_ref().map(|(_, void)| void.clone()),
                };
                if let Some((void_seq, void)) = voided {
                    corrections.push((
                        void_seq,
                        Correction {
                            at: void.at,
                            kind: CorrectionKind::SlipVoid {
                                number: slip.number.clone(),
                                slip: kind,
                                units: slip.total(),
                            },
                            reason: Some(void.reason),
                            by: void.by.to_vec(),
                        },
                    ));
                }
                match kind {
                    SlipKind::Fill => fills.push(slip),
                    SlipKind::Credit => credits.push(slip),
                }
            }
        }

        // Drop.
        let (drops, drop): (i64, i64) = self.conn.query_row(
            &format!(
                "SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM drops WHERE shift_id IN ({list})"
            ),
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let recorders = self.ids(
            &format!("SELECT DISTINCT recorded_by FROM drops WHERE shift_id IN ({list})"),
            &[],
        )?;
        signed.extend(recorders.into_iter().map(|id| StaffId(id as u32)));

        corrections.sort_by_key(|(seq, _)| *seq);
        let slips_kept = kept || !fills.is_empty() || !credits.is_empty();
        let inventory = Inventory {
            shifts,
            beyond_period,
            opener,
            closer,
            fills: slips_kept.then_some(fills),
            credits: slips_kept.then_some(credits),
            drop: (kept || drops > 0).then_some(drop as u64),
            ledger_win,
            play_before_opener,
            // Added for a printed report only (`with_to_date`).
            to_date: None,
        };
        Ok((inventory, corrections.into_iter().map(|(_, c)| c).collect()))
    }

    /// `gathered` with the month and year to date a printed report
    /// carries. The floor's figures (the pit view, the floor report) leave
    /// them out: they read every shift of the month and year, so they grow
    /// with the ledger's history.
    pub(super) fn with_to_date(
        &self,
        resolved: &Resolved,
        mut gathered: Gathered,
    ) -> Result<Gathered, LedgerError> {
        let inventory = &mut gathered.1;
        inventory.to_date = match inventory.shifts.last() {
            Some(&last) => Some(self.to_date(resolved, last)?),
            None => None,
        };
        Ok(gathered)
    }

    /// Month and year to date as of shift `last` at the report's table and
    /// at every table of its game.
    fn to_date(&self, resolved: &Resolved, last: i64) -> Result<ToDateFigures, LedgerError> {
        use chrono::{Datelike, TimeZone};
        let opened: String =
            self.conn
                .query_row("SELECT opened_at FROM shifts WHERE id = ?1", [last], |r| {
                    r.get(0)
                })?;
        let as_of = row_time("shifts", 0, &opened)?;
        let month = Utc
            .with_ymd_and_hms(as_of.year(), as_of.month(), 1, 0, 0, 0)
            .single()
            .unwrap_or(as_of);
        let year = Utc
            .with_ymd_and_hms(as_of.year(), 1, 1, 0, 0, 0)
            .single()
            .unwrap_or(as_of);
        let sum = |since: DateTime<Utc>, whole_game: bool| -> Result<ToDate, LedgerError> {
            let shifts = self.ids(
                "SELECT s.id FROM shifts s JOIN tables t ON t.id = s.table_id \
                 WHERE (t.id = ?1 OR (?2 AND t.game = ?3)) \
                 AND s.opened_at >= ?4 AND s.opened_at <= ?5 ORDER BY s.id",
                &[
                    Value::Integer(resolved.table_id.0),
                    Value::Integer(i64::from(whole_game)),
                    Value::Text(resolved.game.as_str().into()),
                    Value::Text(timestamp(since)),
                    Value::Text(opened.clone()),
                ],
            )?;
            let mut to_date = ToDate {
                since,
                shifts: 0,
                left_out: 0,
                drop: 0,
                win: 0,
            };
            for shift in shifts {
                match self.shift_inventory(ShiftId(shift))?.inventory() {
                    Some(inventory) => {
                        to_date.shifts += 1;
                        to_date.drop += inventory.drop;
                        to_date.win += inventory.win();
                    }
                    None => to_date.left_out += 1,
                }
            }
            Ok(to_date)
        };
        Ok(ToDateFigures {
            game: resolved.game,
            table_month: sum(month, false)?,
            table_year: sum(year, false)?,
            game_month: sum(month, true)?,
            game_year: sum(year, true)?,
        })
    }

    /// The alarms at the table raised or cleared in the period's time
    /// window, each with how it was cleared and the approval it was cleared
    /// under (the latest scanner override or manual-card approval at the
    /// table by the person who cleared it, between the alarm and its
    /// clearing); adds who cleared and who asked to `signed`.
    fn gather_alarms(
        &self,
        resolved: &Resolved,
        person: &dyn Fn(StaffId) -> StaffRef,
        signed: &mut Vec<StaffId>,
    ) -> Result<Vec<AlarmEntry>, LedgerError> {
        let [from, to] = resolved.window.clone();
        let mut statement = self.conn.prepare(
            "SELECT a.seq, a.id, a.kind, a.message, a.hand_id, a.raised_at, \
                    c.seq, c.cleared_by, c.how, c.cleared_at, ap.action, ap.requested_by \
             FROM alarms a LEFT JOIN alarm_clears c ON c.alarm_id = a.id \
             LEFT JOIN approvals ap ON ap.seq = ( \
                 SELECT MAX(x.seq) FROM approvals x \
                 WHERE x.action IN ('scanner_override', 'manual_card') AND x.table_id = a.table_id \
                   AND x.approved_by = c.cleared_by AND x.seq > a.seq AND x.seq < c.seq) \
             WHERE a.table_id = ?1 \
               AND ((a.raised_at >= ?2 AND (?3 IS NULL OR a.raised_at < ?3)) \
                 OR (c.cleared_at >= ?2 AND (?3 IS NULL OR c.cleared_at < ?3))) \
             ORDER BY a.seq",
        )?;
        let mut found = statement.query(params![resolved.table_id, from, to])?;
        let mut alarms = Vec::new();
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            let kind: String = row.get(2)?;
            let kind = AlarmKind::parse(&kind).ok_or_else(|| LedgerError::BadRow {
                table: "alarms",
                seq,
                problem: format!("unknown kind {kind:?}"),
            })?;
            let cleared = match row.get::<_, Option<i64>>(6)? {
                None => None,
                Some(clear_seq) => {
                    let by = row.get::<_, StaffId>(7)?;
                    signed.push(by);
                    let approval = match row.get::<_, Option<String>>(10)? {
                        None => None,
                        Some(action) => {
                            let requested = row.get::<_, StaffId>(11)?;
                            signed.push(requested);
                            let under = if action == "manual_card" {
                                ClearedUnder::ManualCard
                            } else {
                                ClearedUnder::ScannerOverride
                            };
                            Some((under, person(requested)))
                        }
                    };
                    Some(AlarmClear {
                        at: row_time("alarm_clears", clear_seq, &row.get::<_, String>(9)?)?,
                        how: row.get(8)?,
                        by: person(by),
                        approval,
                    })
                }
            };
            alarms.push(AlarmEntry {
                id: row.get(1)?,
                kind,
                message: row.get(3)?,
                hand: row.get(4)?,
                raised_at: row_time("alarms", seq, &row.get::<_, String>(5)?)?,
                cleared,
            });
        }
        Ok(alarms)
    }

    /// Staff added and PINs reset by someone else, wrong PINs, lockouts and
    /// lockouts lifted, in the period's time window (these name no table:
    /// staff serve the whole station), in chain order.
    fn gather_staff_changes(
        &self,
        resolved: &Resolved,
        person: &dyn Fn(StaffId) -> StaffRef,
    ) -> Result<Vec<StaffChange>, LedgerError> {
        let [from, to] = resolved.window.clone();
        let mut statement = self.conn.prepare(
            "SELECT seq, at, kind, detail, requested_by, approved_by FROM ( \
               SELECT seq, at, action AS kind, detail, requested_by, approved_by FROM approvals \
               WHERE action IN ('add_staff', 'set_pin') \
               UNION ALL \
               SELECT seq, at, event, station, staff_id, COALESCE(by_staff, staff_id) FROM access_events \
               WHERE event IN ('failed_pin', 'lockout', 'lockout_reset')) \
             WHERE at >= ?1 AND (?2 IS NULL OR at < ?2) ORDER BY seq",
        )?;
        let mut found = statement.query(params![from, to])?;
        let mut changes = Vec::new();
        while let Some(row) = found.next()? {
            let seq: i64 = row.get(0)?;
            let kind: String = row.get(2)?;
            let detail: String = row.get(3)?;
            let (requested, approved) = (row.get::<_, StaffId>(4)?, row.get::<_, StaffId>(5)?);
            let what = match kind.as_str() {
                "failed_pin" => format!("wrong PIN for {} at {detail}", person(requested)),
                "lockout" => format!(
                    "{} locked out at {detail} after {MAX_WRONG_PINS} wrong PINs in a row",
                    person(requested)
                ),
                "lockout_reset" => format!("lockout of {} lifted", person(requested)),
                _ => detail,
            };
            // Who acted: for a wrong PIN or a lockout, the account tried.
            let mut by = vec![person(if kind == "lockout_reset" {
                approved
            } else {
                requested
            })];
            if approved != requested && kind != "lockout_reset" {
                by.push(person(approved));
            }
            changes.push(StaffChange {
                at: row_time("staff changes", seq, &row.get::<_, String>(1)?)?,
                what,
                by,
            });
        }
        Ok(changes)
    }

    /// Every staff member: id → (name, role).
    pub(super) fn staff_names(&self) -> Result<HashMap<StaffId, (String, String)>, LedgerError> {
        let mut statement = self.conn.prepare("SELECT id, name, role FROM staff")?;
        let found = statement
            .query_map([], |r| {
                Ok((r.get::<_, StaffId>(0)?, (r.get(1)?, r.get(2)?)))
            })?
            .collect::<Result<_, _>>()?;
        Ok(found)
    }
}
