//! The card-reading shoe at the table: its events into the intake, the
//! device that reads the shoe, the alarms and their ways out (re-read, a
//! card entered by hand, a pit boss's override), and the simulated shoe.

use super::*;
use crate::ids::{HandId, StaffId};

impl Station {
    /// Handles every scanner event that has arrived; returns how many. The
    /// number of the last frame taken is journaled once they are handled
    /// (docs/ledger.md, "The last frame taken").
    ///
    /// While nothing else waits, the reader journals the shoe's heartbeats
    /// itself and wakes nobody for them: it is told here, after each
    /// batch, whether a heartbeat would change anything for the station.
    pub fn poll_scanner(&mut self) -> Result<usize, StationError> {
        let mut handled = 0;
        let mut last_frame = None;
        loop {
            let Feed::Scanner(link) = &self.feed else {
                return Ok(handled);
            };
            if link.wants_heartbeat_journal() {
                // Without a second connection every heartbeat is published
                // and handled here, as any frame is.
                link.take_quiet_heartbeats(match self.ledger.frame_journal(self.context.shoe) {
                    Ok(mut journal) => Box::new(move |frame| journal.record(frame).is_ok()),
                    Err(_) => Box::new(|_| false),
                });
            }
            let Some(event) = link.try_next() else {
                if let Some(frame) = last_frame {
                    self.ledger.journal_last_frame(self.context.shoe, frame)?;
                }
                // A heartbeat is a no-op unless the shoe's continuity is
                // being checked after a restart (it may be the frame that
                // proves nothing was missed).
                link.handled(handled, !self.intake.checking());
                return Ok(handled);
            };
            if let ScanEvent::Frame { seq, .. } = &event {
                last_frame = Some(*seq);
            }
            handled += 1;
            let stopped = match (self.dealer, self.notices.first()) {
                (None, _) => Some("no dealer is signed in".to_owned()),
                (Some(_), Some(_)) => Some("a notice waits to be acknowledged".to_owned()),
                (Some(_), None) => None,
            };
            self.intake.set_stopped(stopped);
            if let Some(fault) = self.note_device(&event)? {
                if self.intake.checking() {
                    self.intake
                        .count_not_known(&self.table, "a different card-reading shoe is reading");
                }
                let outcome = self.intake.raise_alarm(fault);
                self.record_outcome(outcome)?;
            }
            let waiting = self.intake.strays().count();
            let outcome = self.intake.handle(&event, &mut self.table);
            // A card that now waits for a pit boss is journaled before
            // anything else, so that no crash can lose it.
            let new: Vec<Stray> = self.intake.strays().skip(waiting).collect();
            for stray in new {
                self.ledger.journal_stray(stray.seq, stray.rank)?;
            }
            self.record_outcome(outcome)?;
        }
    }

    /// Records which card-reading shoe reads the table's shoe: when it is
    /// first heard, for each new shoe of cards it reports, and when a
    /// different one appears (returned as a fault: play stops).
    fn note_device(&mut self, event: &ScanEvent) -> Result<Option<Fault>, StationError> {
        match event {
            ScanEvent::Protocol { version } => self.link_protocol = Some(*version),
            ScanEvent::Frame {
                message: Message::ShoeInserted { shoe_id },
                ..
            } => {
                let device = self.device.clone().unwrap_or(Device {
                    protocol: self.link_protocol.unwrap_or(Protocol::V1),
                    identity: None,
                });
                self.ledger.record_shoe_device(
                    self.context.shoe,
                    Some(shoe_id),
                    device.protocol,
                    device.identity.as_ref(),
                )?;
                self.device = Some(device);
                return Ok(None);
            }
            _ => {}
        }
        // A version 2 shoe says who it is in its HELLO.
        let Some(heard) = Device::heard(event) else {
            return Ok(None);
        };
        let fault = match &self.device {
            Some(known) if known.is_same_shoe(&heard) => {
                if *known == heard {
                    return Ok(None);
                }
                // The same shoe with other firmware: recorded, no alarm.
                None
            }
            Some(known) => Some(Fault::OtherShoe(format!(
                "{heard} is reading; this shift's shoe was {known}"
            ))),
            None => None,
        };
        self.ledger.record_shoe_device(
            self.context.shoe,
            None,
            heard.protocol,
            heard.identity.as_ref(),
        )?;
        self.device = Some(heard);
        Ok(fault)
    }

    /// The card-reading shoe recorded as reading this table's shoe, if one
    /// has been heard.
    pub fn device(&self) -> Option<&Device> {
        self.device.as_ref()
    }

    /// Cards that left the shoe and were neither dealt nor burned: they
    /// wait for a pit boss to set them aside or enter the card due by hand.
    pub fn strays(&self) -> Vec<Stray> {
        self.intake.strays().collect()
    }

    fn record_outcome(&mut self, outcome: Outcome) -> Result<(), StationError> {
        {
            match outcome {
                // Between hands too: every card that leaves the shoe, and
                // every shuffle, is journaled before the next step.
                Outcome::Dealt { .. } | Outcome::Burned { .. } | Outcome::Shuffled { .. } => {
                    self.record()?
                }
                Outcome::Alarm(fault) => {
                    let kind = match fault {
                        Fault::ForeignCard { .. } => AlarmKind::ForeignCard,
                        Fault::Disconnected(_) | Fault::Silent { .. } => AlarmKind::Connection,
                        _ => AlarmKind::Scanner,
                    };
                    let hand = self.table.hand().map(|(setup, _)| HandId::of(setup.number));
                    let id = self.ledger.raise_alarm(
                        self.context.table,
                        kind,
                        &fault.to_string(),
                        hand,
                    )?;
                    self.scanner_alarm_ids.push(id);
                }
                Outcome::Noted | Outcome::Held { .. } => {}
            }
        }
        Ok(())
    }

    /// The dealer resolves the scanner alarms by re-reading the card (after
    /// fixing the cause, or inserting a freshly shuffled shoe).
    pub fn re_read(&mut self) -> Result<(), StationError> {
        let dealer = self.check_dealer_session()?;
        if let Feed::Scanner(link) = &self.feed
            && !link.status().connected
        {
            return Err(StationError::ShoeNotConnected);
        }
        self.resolve(Resolution::ReRead, dealer, "re-read the card")
    }

    /// Enters the card due by hand, approved by a pit boss with their PIN
    /// (never the dealer); recorded as a manual card.
    pub fn enter_card_by_hand(
        &mut self,
        rank: Rank,
        approver: &PinEntry<'_>,
    ) -> Result<(), StationError> {
        let dealer = self.check_dealer_session()?;
        let Some((setup, _)) = self.table.hand() else {
            return Err(TableError::NoHand.into());
        };
        let hand = HandId::of(setup.number);
        self.intake.check_way(WayOut::EnterByHand)?;
        if let Need::Decision { seat, .. } = self.table.need() {
            return Err(TableError::Play(PlayError::DecisionDue { seat }).into());
        }
        self.table.count().check(rank).map_err(TableError::from)?;
        let mut detail = format!("card {rank} entered by hand");
        let strays = self.strays();
        if let Some((first, others)) = strays.split_first() {
            detail.push_str(&format!(" in place of {first} as read"));
            if !others.is_empty() {
                let cards: Vec<String> = others.iter().map(|s| s.to_string()).collect();
                detail.push_str(&format!(
                    "; set aside (left the shoe, not dealt): {}",
                    cards.join(", ")
                ));
            }
        }
        let approved_by =
            self.ledger
                .approve_manual_card(self.context.table, hand, dealer, approver, &detail)?;
        self.resolve(
            Resolution::EnterByHand { rank, approved_by },
            approved_by,
            &detail,
        )
    }

    /// A pit boss overrides the scanner alarms with their PIN (never the
    /// dealer): play goes on without a re-read; recorded as a scanner override.
    pub fn override_alarms(&mut self, approver: &PinEntry<'_>) -> Result<(), StationError> {
        let dealer = self.check_dealer_session()?;
        self.intake.check_way(WayOut::Override)?;
        let Some(first) = self.intake.alarms().first() else {
            return Err(IntakeError::NoAlarm.into());
        };
        let mut detail = format!("scanner alarm overridden: {first}");
        let strays = self.strays();
        if !strays.is_empty() {
            let cards: Vec<String> = strays.iter().map(|s| s.to_string()).collect();
            detail.push_str(&format!(
                "; set aside (left the shoe, not dealt): {}",
                cards.join(", ")
            ));
        }
        let hand = self.table.hand().map(|(setup, _)| HandId::of(setup.number));
        let approved_by = self.ledger.approve_scanner_override(
            self.context.table,
            hand,
            dealer,
            approver,
            &detail,
        )?;
        self.resolve(Resolution::Override { approved_by }, approved_by, &detail)
    }

    fn resolve(
        &mut self,
        resolution: Resolution,
        by: StaffId,
        how: &str,
    ) -> Result<(), StationError> {
        self.intake.resolve(resolution, &mut self.table)?;
        self.touch();
        // Cards set aside are journaled before the alarm is cleared, and the
        // strays' own journal goes in the same transaction.
        self.ledger.strays_resolved();
        self.record()?;
        self.ledger.settle_strays()?;
        for id in std::mem::take(&mut self.scanner_alarm_ids) {
            self.ledger.clear_alarm(id, by, how)?;
        }
        Ok(())
    }

    /// Moves the card-reading shoe to another serial port: `link` reads
    /// `source` (opened by the caller, who has checked the port), approved
    /// by a pit boss with their PIN and recorded (`approvals` `shoe_port`
    /// and the table setting `source`, which a restart reopens on) before
    /// the new link replaces the old. The hand, the alarms and the count go
    /// on; the new link decides its protocol version again, and a different
    /// shoe on it raises the alarm any different shoe does. Refused, nothing
    /// changes and the old link stays.
    pub fn change_shoe_port(
        &mut self,
        source: SourceChoice,
        link: ScanLink,
        approver: &PinEntry<'_>,
    ) -> Result<(), StationError> {
        let on_a_port = |source: &SourceChoice| matches!(source, SourceChoice::Scanner { .. });
        if !on_a_port(&self.setup.source) || !on_a_port(&source) {
            return Err(StationError::NotOnASerialPort);
        }
        let requested_by = self.dealer.unwrap_or(approver.staff);
        self.ledger.change_shoe_port(
            self.context.table,
            source.setting(),
            requested_by,
            approver,
        )?;
        self.feed = Feed::Scanner(Box::new(link));
        self.setup.source = source;
        self.link_protocol = None;
        Ok(())
    }

    /// Simulated shoe: the dealer pulls the next card through the reader.
    pub fn pull_simulated_card(&mut self) -> Result<(), StationError> {
        let Feed::Scanner(link) = &mut self.feed else {
            return Err(LinkError::NotSimulated.into());
        };
        // An empty shoe (a restart leaves the simulated one empty) is never
        // refilled behind the dealer's back: a new shoe mid-hand is theirs
        // to insert, and the table then knows it was shuffled.
        match link.pull()? {
            Some(_) => Ok(()),
            None => Err(StationError::SimulatedShoeEmpty),
        }
    }

    /// Simulated shoe: inserts a freshly shuffled stack.
    pub fn insert_simulated_shoe(&mut self) -> Result<(), StationError> {
        let Feed::Scanner(link) = &mut self.feed else {
            return Err(LinkError::NotSimulated.into());
        };
        link.insert_shuffled(&mut self.rng)?;
        Ok(())
    }
}
