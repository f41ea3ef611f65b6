//! The checkpoints' signatures, checked on a thread of their own a batch
//! at a time ([`crate::keys::claims_hold`]), while what `audit verify`
//! finds is still said in the order it was found: a finding after a
//! checkpoint whose signature is not yet checked waits for it.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::Scope;

use super::{Discrepancy, discrepancy};
use crate::keys::{CheckpointClaim, claims_hold};

/// Signatures checked in one batch: batch verification's cost a signature
/// falls little beyond a few hundred.
const SIGNATURES_AT_ONCE: usize = 256;

/// Batches sent to be checked and not yet answered, at most.
const BATCHES_IN_FLIGHT: usize = 2;

/// Findings held back behind unchecked signatures, at most: beyond them,
/// the signatures so far are checked at once (memory stays flat however
/// many discrepancies a ledger has).
const FINDINGS_HELD: usize = 4096;

/// What a checkpoint whose signature does not hold is told.
pub(super) const SIGNATURE_MISMATCH: &str = "the signature does not match: this checkpoint was not signed by the station's key for this head";

/// What is waiting to be said.
enum Held {
    /// A finding.
    Found(Discrepancy),
    /// Checkpoint row `seq`'s signature, said wrong if it does not hold.
    Signature(i64),
}

/// Says what a verification finds through `report`, in the order found,
/// each checkpoint's signature in its place once checked; counts what it
/// said.
pub(super) struct Outbox<R> {
    report: R,
    said: u64,
    held: VecDeque<Held>,
    /// How many of `held` are findings.
    findings_held: usize,
    /// Signatures not yet sent to be checked, in chain order.
    batch: Vec<CheckpointClaim>,
    to_check: SyncSender<Vec<CheckpointClaim>>,
    verdicts: Receiver<Vec<bool>>,
    /// Batches sent and not yet answered.
    in_flight: usize,
    /// Verdicts answered and not yet said, in chain order.
    answered: VecDeque<bool>,
}

impl<R: FnMut(&Discrepancy)> Outbox<R> {
    /// An outbox saying through `report`, which has said `said` already,
    /// with a thread of `scope` to check signatures on.
    pub(super) fn start<'scope>(
        scope: &'scope Scope<'scope, '_>,
        report: R,
        said: u64,
    ) -> std::io::Result<Outbox<R>> {
        let (to_check, batches) = sync_channel::<Vec<CheckpointClaim>>(BATCHES_IN_FLIGHT);
        let (answer, verdicts) = sync_channel(BATCHES_IN_FLIGHT);
        std::thread::Builder::new()
            .name("verify signatures".into())
            .spawn_scoped(scope, move || {
                for batch in batches {
                    if answer.send(claims_hold(&batch)).is_err() {
                        return;
                    }
                }
            })?;
        Ok(Outbox {
            report,
            said,
            held: VecDeque::new(),
            findings_held: 0,
            batch: Vec::with_capacity(SIGNATURES_AT_ONCE),
            to_check,
            verdicts,
            in_flight: 0,
            answered: VecDeque::new(),
        })
    }

    /// Says `found`, now or once the signatures before it are checked.
    pub(super) fn say(&mut self, found: Discrepancy) {
        if self.held.is_empty() {
            self.tell(&found);
            return;
        }
        self.held.push_back(Held::Found(found));
        self.findings_held += 1;
        if self.findings_held > FINDINGS_HELD {
            self.check_all();
        }
    }

    /// Says each of `found` in turn.
    pub(super) fn say_all(&mut self, found: impl IntoIterator<Item = Discrepancy>) {
        for found in found {
            self.say(found);
        }
    }

    /// Checkpoint row `seq`'s signature, to be checked (`claim`) and said
    /// wrong in its place if it does not hold.
    pub(super) fn check(&mut self, seq: i64, claim: CheckpointClaim) {
        self.held.push_back(Held::Signature(seq));
        self.batch.push(claim);
        if self.batch.len() == SIGNATURES_AT_ONCE {
            self.send_batch();
        }
        while let Ok(verdicts) = self.verdicts.try_recv() {
            self.take(verdicts);
        }
        self.say_checked();
    }

    /// Checks every signature held and says all that is held; returns how
    /// many findings were said in all.
    pub(super) fn finish(mut self) -> u64 {
        self.check_all();
        self.said
    }

    /// Sends the batch to be checked, after waiting for an answer if as
    /// many are in flight as may be.
    fn send_batch(&mut self) {
        if self.in_flight == BATCHES_IN_FLIGHT {
            self.wait();
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(SIGNATURES_AT_ONCE));
        if self.to_check.send(batch).is_ok() {
            self.in_flight += 1;
        }
    }

    /// Checks every signature held and says everything held.
    fn check_all(&mut self) {
        if !self.batch.is_empty() {
            self.send_batch();
        }
        while self.in_flight > 0 {
            self.wait();
        }
    }

    /// Waits for the oldest batch in flight's verdicts and says what they
    /// free. (Should the checking thread have died, its panic is passed on
    /// when the scope ends, and nothing more is said.)
    fn wait(&mut self) {
        match self.verdicts.recv() {
            Ok(verdicts) => self.take(verdicts),
            Err(_) => self.in_flight = 0,
        }
        self.say_checked();
    }

    fn take(&mut self, verdicts: Vec<bool>) {
        self.in_flight -= 1;
        self.answered.extend(verdicts);
    }

    /// Says what is held up to the first signature not yet checked.
    fn say_checked(&mut self) {
        loop {
            match self.held.front() {
                None => return,
                Some(Held::Signature(_)) if self.answered.is_empty() => return,
                Some(_) => {}
            }
            let found = match self.held.pop_front() {
                Some(Held::Found(found)) => {
                    self.findings_held -= 1;
                    Some(found)
                }
                Some(Held::Signature(seq)) => match self.answered.pop_front() {
                    Some(false) => Some(discrepancy(
                        "checkpoints",
                        seq,
                        None,
                        SIGNATURE_MISMATCH.into(),
                    )),
                    _ => None,
                },
                None => None,
            };
            if let Some(found) = found {
                self.tell(&found);
            }
        }
    }

    fn tell(&mut self, found: &Discrepancy) {
        self.said += 1;
        (self.report)(found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::{CheckpointKey, SignedCheckpoint, StationKeys};

    /// What the outbox is told, in order.
    enum Step {
        Found(Discrepancy),
        Signature(i64, Box<CheckpointClaim>),
    }

    /// A script of findings and signatures across several batches, some
    /// signatures bad (first, last and middle of a batch, a whole run),
    /// and the findings it must say: each in the order told, a bad
    /// signature's mismatch in its place.
    fn script() -> (Vec<Step>, Vec<Discrepancy>) {
        let keys = StationKeys::from_secret_bytes([5; 32], [9; 32]);
        let key = CheckpointKey::new(&keys.public_key()).expect("a valid key");
        let head = [7u8; 32];
        let bad =
            |seq: i64| [1, 255, 256, 257, 511, 600].contains(&seq) || (300..310).contains(&seq);
        let (mut steps, mut expected) = (Vec::new(), Vec::new());
        for seq in 1..=(2 * SIGNATURES_AT_ONCE as i64 + 100) {
            if seq % 37 == 0 {
                let found = discrepancy("hands", seq, None, format!("finding {seq}"));
                expected.push(found.clone());
                steps.push(Step::Found(found));
            }
            let checkpoint = |rows: i64| SignedCheckpoint {
                rows,
                head: &head,
                reason: "hands",
                signed_at: "2026-11-29T12:00:00.000000Z",
            };
            let signed = if bad(seq) { seq + 1 } else { seq };
            let signature =
                keys.sign_checkpoint(signed, &head, "hands", "2026-11-29T12:00:00.000000Z");
            steps.push(Step::Signature(
                seq,
                Box::new(key.claim(checkpoint(seq), &signature)),
            ));
            if bad(seq) {
                expected.push(discrepancy(
                    "checkpoints",
                    seq,
                    None,
                    SIGNATURE_MISMATCH.into(),
                ));
            }
        }
        (steps, expected)
    }

    #[test]
    fn findings_are_said_in_order_with_each_bad_signature_in_its_place() {
        let (steps, expected) = script();
        let mut said = Vec::new();
        let count = std::thread::scope(|scope| {
            let mut outbox =
                Outbox::start(scope, |d: &Discrepancy| said.push(d.clone()), 3).expect("a thread");
            for step in steps {
                match step {
                    Step::Found(found) => outbox.say(found),
                    Step::Signature(seq, claim) => outbox.check(seq, *claim),
                }
            }
            outbox.finish()
        });
        assert_eq!(said, expected);
        assert_eq!(count, 3 + expected.len() as u64);
    }

    #[test]
    fn findings_beyond_what_is_held_wait_for_the_signatures_before_them() {
        let (steps, _) = script();
        let Some(Step::Signature(seq, claim)) = steps
            .into_iter()
            .find(|s| matches!(s, Step::Signature(1, _)))
        else {
            panic!("the script begins with a bad signature");
        };
        let findings = FINDINGS_HELD + 10;
        let mut said = Vec::new();
        std::thread::scope(|scope| {
            let mut outbox =
                Outbox::start(scope, |d: &Discrepancy| said.push(d.clone()), 0).expect("a thread");
            outbox.check(seq, *claim);
            for n in 0..findings {
                outbox.say(discrepancy("cards", n as i64 + 2, None, "finding".into()));
                // Past the limit, the signature is checked and said at once.
                assert!(outbox.held.len() <= FINDINGS_HELD + 1);
            }
            outbox.finish();
        });
        assert_eq!(said.len(), findings + 1);
        assert_eq!(said[0].problem, SIGNATURE_MISMATCH);
        assert!(
            said[1..]
                .iter()
                .enumerate()
                .all(|(n, d)| d.seq == n as i64 + 2)
        );
    }
}
