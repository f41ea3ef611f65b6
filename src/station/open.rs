//! Opening a table (one transaction) and reopening it after a restart:
//! the open shift, its setup and shoe, a hand in progress put back where
//! it stopped, what left the shoe between hands, open alarms as notices.

use super::*;
use crate::ids::{HandId, StaffId, TableId};

impl Station {
    /// Opens a new table and shift in the ledger: the pit boss `approver`
    /// confirms with their PIN, and `dealer` signs in with theirs; cards
    /// come from `feed`. Refused with the ledger handed back; nothing is
    /// written before both PINs are confirmed (a wrong PIN is counted).
    pub fn open(
        mut ledger: Ledger,
        setup: TableSetup,
        dealer: &PinEntry<'_>,
        approver: &PinEntry<'_>,
        feed: Feed,
    ) -> Result<Station, OpenRefused> {
        let opened = (|| {
            setup.rules.validate().map_err(TableError::from)?;
            // Who may deal comes first: a pit boss's ID in the dealer's
            // place is "a pit boss, not a dealer", whoever approves.
            check_dealer(&ledger, dealer.staff)?;
            if dealer.staff == approver.staff {
                return Err(LedgerError::from(AccessError::OwnRequest(approver.staff)).into());
            }
            let mut rng = os_rng()?;
            // Both PINs are right before anything is written (a wrong one is
            // counted); the shift's approval row records the pit boss.
            ledger.check_pit_boss(approver, "open a table")?;
            ledger.sign_in(dealer.staff, dealer.pin)?;
            // The table, its rules and settings, the shift and its shoe are
            // one transaction: a crash leaves no half-opened table.
            let settings = [
                (keys::DECKS, setup.decks.count().to_string()),
                (keys::RULES, setup.rules.hash_hex()),
                (keys::UNIT_CENTS, setup.unit_cents.to_string()),
                (keys::SOURCE, setup.source.setting()),
            ];
            let OpenedTable { table, shift, shoe } = ledger.open_table_for_play(
                &TableOpening {
                    name: &setup.name,
                    game: setup.game,
                    rules: &setup.rules,
                    settings: &settings,
                    decks: setup.decks.count(),
                    scanner_shoe: setup.source.reads_cards().then_some("card-reading shoe"),
                },
                dealer.staff,
                approver,
            )?;
            let (engine_table, position) = engine_table(&ledger, &setup, table, &feed, &mut rng)?;
            Ok((rng, engine_table, position, table, shift, shoe))
        })();
        match opened {
            Ok((rng, engine_table, position, table, shift, shoe)) => {
                let opened = OpenedTable { table, shift, shoe };
                let mut station = Station::assemble(ledger, setup, engine_table, rng, opened, feed);
                station.hands_at_table = position.table_hands;
                station.last_hand = position.last_hand;
                station.set_dealer(Some(dealer.staff));
                // The software shoe has shuffled and burned: journaled now.
                match station.restore_between_hands() {
                    Ok(()) => Ok(station),
                    Err(error) => Err(OpenRefused {
                        ledger: Box::new(station.into_ledger()),
                        error,
                    }),
                }
            }
            Err(error) => Err(OpenRefused {
                ledger: Box::new(ledger),
                error,
            }),
        }
    }

    /// Reopens the station after a restart: the open shift, its table and
    /// settings; a hand that was in progress is put back exactly where it
    /// stopped, with a notice that a recovery happened; the shoe's count is
    /// rebuilt from the record since its last shuffle. None if no shift is
    /// open (a pit boss must open a table). `feed` makes the card feed for
    /// the setup, given the number of the last frame the station took from
    /// its card-reading shoe (journaled), for the link to carry on from.
    pub fn reopen(
        mut ledger: Ledger,
        feed: impl FnOnce(&TableSetup, Option<u16>) -> Result<Feed, StationError>,
    ) -> Result<Reopened, StationError> {
        let Some(open) = ledger.open_shift_now()? else {
            return Ok(Reopened::NoOpenTable(Box::new(ledger)));
        };
        let setup = setup_from(&ledger, &open)?;
        rehash_misnamed_rules(&mut ledger, &open, &setup.rules)?;
        let shoe = match ledger.current_shoe(open.table)? {
            Some(shoe) => shoe,
            None => {
                return Err(StationError::Setting {
                    key: "shoe",
                    problem: "the table has no shoe recorded".into(),
                });
            }
        };
        let last_frame = ledger.journaled_last_frame(shoe)?;
        let feed = feed(&setup, last_frame)?;
        let mut rng = os_rng()?;
        let (table, position) = engine_table(&ledger, &setup, open.table, &feed, &mut rng)?;
        let mut station = Station::assemble(
            ledger,
            setup,
            table,
            rng,
            OpenedTable {
                table: open.table,
                shift: open.shift,
                shoe,
            },
            feed,
        );
        station.hands_at_table = position.table_hands;
        station.last_hand = position.last_hand;
        // The bets and seatings typed before the restart.
        station.restore_entries()?;
        let record = station.ledger.shoe_record_since_shuffle(shoe)?;
        // A record that does not add up (which `audit verify` would show)
        // leaves the count not known rather than the table closed.
        let mut recount_problem = None;
        if let Some(progress) = station.ledger.recover_in_progress()? {
            let number = progress.setup.number;
            // The hand keeps its dealer in its record, but whoever is at
            // the table now signs in with a PIN before play goes on.
            station.context = progress.context;
            station.hand_started = Some(progress.started_at);
            // The journal already holds the hand's steps; only what the
            // resume adds (a software shoe's restart) is journaled now.
            station.recorder = Recorder::resume(progress.context, progress.events.len());
            let resumed =
                station
                    .table
                    .resume_hand(progress.setup.clone(), progress.events.clone(), &record);
            if let Err(TableError::Shoe(problem)) = resumed {
                recount_problem = Some(problem);
                station
                    .table
                    .resume_hand(progress.setup, progress.events, &[])?;
            } else {
                resumed?;
            }
            station.recorder.sync(&mut station.ledger, &station.table)?;
            let message = format!(
                "Recovery: hand {number} was in progress when the station stopped; it has been \
                 reopened exactly where it stopped. Check the cards on the layout against the \
                 screen before going on."
            );
            // A restart before the last recovery was acknowledged keeps
            // that alarm rather than raising a second one for the hand.
            let open_recovery = station
                .ledger
                .alarms(station.context.table, true)?
                .into_iter()
                .find(|a| a.kind == AlarmKind::Recovery && a.hand == Some(HandId::of(number)));
            let id = match open_recovery {
                Some(alarm) => alarm.id,
                None => station.ledger.raise_alarm(
                    station.context.table,
                    AlarmKind::Recovery,
                    &message,
                    Some(HandId::of(number)),
                )?,
            };
            station.finish_if_over()?;
            station.notices.push(Notice {
                alarm: id,
                text: message,
                kind: AlarmKind::Recovery,
            });
        }
        if station.table.hand().is_none() {
            let mut record = record;
            record.push(station.ledger.recover_between_hands()?);
            match station.table.resume_between_hands(&record) {
                Err(TableError::Shoe(problem)) => recount_problem = Some(problem),
                resumed => resumed?,
            }
            station.restore_between_hands()?;
        }
        // The count on the header survives the restart.
        station.committed_shuffles = station.ledger.shuffles_in_shift(open.shift)?;
        // So does the device that read the shoe: a different one is an alarm.
        station.device = station.ledger.shoe_devices(shoe)?.pop().and_then(|row| {
            Some(Device {
                protocol: Protocol::from_number(row.protocol)?,
                identity: row.identity,
            })
        });
        if let Feed::Scanner(_) = &station.feed {
            let problem = recount_problem.map(|problem| {
                format!("the record of the cards out of the shoe since its last shuffle does not add up ({problem})")
            });
            let proof = match (&problem, &station.device, last_frame) {
                (Some(problem), _, _) => Err(problem.as_str()),
                (None, None, _) => {
                    Err("no card-reading shoe was heard on this shoe before the station stopped")
                }
                (None, Some(device), _) if device.protocol == Protocol::V1 => Err(
                    "the shoe speaks protocol 1, which cannot send again the frames it sent while the station was down",
                ),
                (None, Some(_), None) => {
                    Err("no frame number was recorded before the station stopped")
                }
                (None, Some(_), Some(last)) => Ok(last),
            };
            station.intake.after_restart(&station.table, proof);
        }
        // Cards that left the shoe and waited for a pit boss when the
        // station stopped wait again, under the scanner alarms left open:
        // only a pit boss's decision on them clears those.
        let strays: Vec<Stray> = station
            .ledger
            .journaled_strays()?
            .into_iter()
            .map(|(seq, rank)| Stray { seq, rank })
            .collect();
        if !strays.is_empty() {
            station.intake.restore_strays(&strays);
            station.scanner_alarm_ids = station
                .ledger
                .alarms(station.context.table, true)?
                .into_iter()
                .filter(|a| matches!(a.kind, AlarmKind::Scanner | AlarmKind::ForeignCard))
                .map(|a| a.id)
                .collect();
        }
        for alarm in station.ledger.alarms(station.context.table, true)? {
            if !station.notices.iter().any(|n| n.alarm == alarm.id)
                && !station.scanner_alarm_ids.contains(&alarm.id)
            {
                let text = format!(
                    "Alarm raised {} and still open when the station stopped: {}",
                    crate::time_text::when(alarm.raised_at, crate::time_text::Zone::Local),
                    alarm.message
                );
                // A scanner alarm from before the restart may hide a lost
                // card: a pit boss clears it, not the dealer alone.
                station.notices.push(Notice {
                    alarm: alarm.id,
                    text,
                    kind: alarm.kind,
                });
            }
        }
        Ok(Reopened::Table(Box::new(station)))
    }

    /// Between hands: what left the shoe before a restart goes back at the
    /// head of the next hand's events, and what has left it since (a new
    /// software shoe's shuffle and burns) is journaled.
    fn restore_between_hands(&mut self) -> Result<(), StationError> {
        self.recorder
            .restore_between_hands(&mut self.ledger, &mut self.table)?;
        Ok(())
    }

    fn assemble(
        ledger: Ledger,
        setup: TableSetup,
        table: Table,
        rng: StdRng,
        OpenedTable {
            table: table_id,
            shift,
            shoe,
        }: OpenedTable,
        feed: Feed,
    ) -> Station {
        let context = HandContext {
            table: table_id,
            shift,
            dealer: StaffId(0),
            shoe,
        };
        let seats = usize::from(setup.game.max_seat());
        let ledger_now = ledger.clock_now();
        Station {
            ledger,
            table,
            setup,
            context,
            dealer: None,
            recorder: Recorder::new(context),
            intake: Intake::new(),
            feed,
            entries: vec![SeatEntry::default(); seats],
            journaled_entries: vec![SeatEntry::default(); seats],
            settlement: None,
            notices: Vec::new(),
            scanner_alarm_ids: Vec::new(),
            last_activity: ledger_now,
            hand_started: None,
            rng,
            committed_shuffles: 0,
            last_committed: None,
            hands_at_table: 0,
            last_hand: None,
            limits_problem: None,
            device: None,
            link_protocol: None,
            startup_chain: super::startup::StartupChainCheck::NotRun,
        }
    }
}

/// A table could not be opened: why, and the ledger back.
#[derive(Debug)]
pub struct OpenRefused {
    /// The ledger, unchanged by the refusal's cause.
    pub ledger: Box<Ledger>,
    /// Why.
    pub error: StationError,
}

/// What reopening a station found.
#[derive(Debug)]
pub enum Reopened {
    /// The open table, with any hand in progress put back.
    Table(Box<Station>),
    /// No table is open; the ledger is handed back.
    NoOpenTable(Box<Ledger>),
}

/// The engine's table for a setup, positioned after the table's last hand,
/// and where the ledger left the table (how many hands it holds of it, the
/// latest one's id).
fn engine_table(
    ledger: &Ledger,
    setup: &TableSetup,
    table_id: TableId,
    feed: &Feed,
    rng: &mut StdRng,
) -> Result<(Table, TablePosition), StationError> {
    let supply = match feed {
        Feed::SoftwareShoe => CardSupply::Software(Box::new(Shoe::new(
            setup.decks,
            setup.rules.penetration_permille,
            setup.rules.burn,
            StdRng::from_rng(rng),
        ))),
        Feed::Scanner(_) => CardSupply::External(ShoeCount::new(
            setup.decks,
            setup.rules.penetration_permille,
        )),
    };
    let mut table = Table::new(setup.game, setup.rules, supply)?;
    let position = ledger.table_position(table_id)?;
    table.resume(position.hands_started, position.last_button, position.carry);
    Ok((table, position))
}

/// A table opened by a build that hashed its rules with the misnamed
/// canonical text (docs/house-rules.md) records its next hands under the
/// right hash: the rules are recorded under it and the table's setting
/// moves to it. The rows already written keep the hash they were written
/// with.
fn rehash_misnamed_rules(
    ledger: &mut Ledger,
    open: &OpenShift,
    rules: &HouseRules,
) -> Result<(), StationError> {
    let hash = rules.hash_hex();
    if open.settings.get(keys::RULES) != Some(&hash) {
        ledger.record_rules(rules)?;
        ledger.set_table_setting(open.table, keys::RULES, &hash)?;
    }
    Ok(())
}

/// The table setup recorded for an open shift.
fn setup_from(ledger: &Ledger, open: &OpenShift) -> Result<TableSetup, StationError> {
    let setting = |key: &'static str| -> Result<&String, StationError> {
        open.settings.get(key).ok_or(StationError::Setting {
            key,
            problem: "missing".into(),
        })
    };
    let bad = |key: &'static str, problem: String| StationError::Setting { key, problem };
    let decks = setting(keys::DECKS)?
        .parse::<i64>()
        .map_err(|e| bad(keys::DECKS, e.to_string()))
        .and_then(|d| Decks::new(d).map_err(|e| bad(keys::DECKS, e.to_string())))?;
    let rules = ledger.rules(setting(keys::RULES)?)?;
    let unit_cents = setting(keys::UNIT_CENTS)?
        .parse::<u64>()
        .map_err(|e| bad(keys::UNIT_CENTS, e.to_string()))?;
    let source = SourceChoice::parse(setting(keys::SOURCE)?)
        .ok_or_else(|| bad(keys::SOURCE, "not a card source".into()))?;
    Ok(TableSetup {
        name: open.table_name.clone(),
        game: open.game,
        decks,
        rules,
        unit_cents,
        source,
    })
}
