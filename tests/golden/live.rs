//! docs/floor.md: a hand in progress as a station publishes it to the
//! floor, its bytes and the station key's signature of them.

use chrono::{TimeZone, Utc};
use ed25519_dalek::{Signature, Verifier, VerifyingKey};

use super::{assert_hex, assert_text, block, hex_block};
use pairs_table::engine::Rank;
use pairs_table::engine::hand::{CardTo, GameKind};
use pairs_table::ids::{HandId, StaffId, TableHand};
use pairs_table::keys::CheckpointKey;
use pairs_table::station::Actor;
use pairs_table::station::live::{DealtCard, HandInProgress};

const FLOOR: &str = "docs/floor.md";

/// A card for the examples.
fn card(rank: i64, to: CardTo, discarded: bool) -> DealtCard {
    DealtCard {
        rank: Rank::new(rank).unwrap(),
        to,
        discarded,
    }
}

/// The document's Rocket example: the table's third hand, the ledger's
/// 17th, two seats, four cards dealt, seat 1 to decide.
fn rocket() -> HandInProgress {
    HandInProgress {
        hand: TableHand {
            at_table: 3,
            id: HandId(17),
        },
        game: GameKind::Rocket,
        dealer: StaffId(10),
        started_at: Utc.with_ymd_and_hms(2025, 1, 2, 3, 4, 5).unwrap(),
        steps: 9,
        seats: vec![(1, 100), (3, 50)],
        cards: vec![
            card(7, CardTo::Seat(1), false),
            card(9, CardTo::Seat(3), false),
            card(2, CardTo::Dealer, false),
            card(4, CardTo::Seat(1), false),
        ],
        next: Actor::Seat(1),
    }
}

/// The document's Starboard example: a discard, a card drawn to the
/// common hand for seat 2, the settlement due.
fn starboard() -> HandInProgress {
    HandInProgress {
        hand: TableHand {
            at_table: 1,
            id: HandId(1),
        },
        game: GameKind::Starboard,
        dealer: StaffId(10),
        started_at: Utc.with_ymd_and_hms(2025, 1, 2, 3, 4, 5).unwrap(),
        steps: 12,
        seats: vec![(2, 5), (4, 5)],
        cards: vec![
            card(6, CardTo::Common { by: None }, false),
            card(8, CardTo::Common { by: None }, false),
            card(3, CardTo::Seat(2), false),
            card(3, CardTo::Seat(2), true),
            card(10, CardTo::Common { by: Some(2) }, false),
            card(5, CardTo::Seat(4), false),
        ],
        next: Actor::Table,
    }
}

#[test]
fn a_hand_in_progress_is_the_documented_bytes_signed_as_documented() {
    for (name, hand) in [
        ("hand-in-progress", rocket()),
        ("hand-in-progress-starboard", starboard()),
    ] {
        let bytes = hand.encode();
        assert_text(FLOOR, name, &String::from_utf8(bytes.clone()).unwrap());
        // The document's bytes read back as the hand, and only they.
        assert_eq!(
            HandInProgress::parse(block(FLOOR, name).as_bytes()),
            Ok(hand)
        );
    }
    // Signed by the worked example's key (docs/ledger.md): Ed25519 is
    // deterministic, so the signature is pinned too.
    let keys = crate::test_keys();
    let payload = rocket().encode();
    let signature = keys.sign_hand_in_progress(&payload).unwrap();
    assert_hex(FLOOR, "hand-in-progress-signature", &signature);
    // The document's signature holds over the document's bytes by plain
    // Ed25519, whatever this program does.
    let documented: [u8; 64] = hex_block(FLOOR, "hand-in-progress-signature")
        .try_into()
        .unwrap();
    VerifyingKey::from_bytes(&keys.public_key())
        .unwrap()
        .verify(
            block(FLOOR, "hand-in-progress").as_bytes(),
            &Signature::from_bytes(&documented),
        )
        .unwrap();
    let key = CheckpointKey::new(&keys.public_key()).unwrap();
    assert!(key.signs_hand_in_progress(&payload, &signature));
    // The key signs nothing else this way, and a changed byte fails.
    assert_eq!(
        keys.sign_hand_in_progress(b"pairs-table checkpoint v2\0"),
        None
    );
    let mut raised = payload.clone();
    let at = raised.len() - 20;
    raised[at] ^= 1;
    assert!(!key.signs_hand_in_progress(&raised, &signature));
}

#[test]
fn bytes_that_are_not_a_hand_in_progress_are_refused_in_a_phrase_not_a_panic() {
    let good = rocket().encode();
    let mut cases: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"pairs-table hand in progress v1\n".to_vec(),
        vec![0xff; 40],
        good.replace_text("bet 100", "bet 0100"),
        good.replace_text("next seat 1\n", "next seat 1\nnext seat 1\n"),
        good.replace_text("card 7", "card 11"),
        good.replace_text("game rocket", "game poker"),
        good.replace_text("\n", "\r\n"),
    ];
    for cut in 0..good.len() {
        cases.push(good[..cut].to_vec());
    }
    for bytes in cases {
        assert!(HandInProgress::parse(&bytes).is_err(), "{bytes:?}");
    }
}

/// Text replaced in bytes.
trait ReplaceText {
    fn replace_text(&self, from: &str, to: &str) -> Vec<u8>;
}

impl ReplaceText for Vec<u8> {
    fn replace_text(&self, from: &str, to: &str) -> Vec<u8> {
        String::from_utf8_lossy(self).replace(from, to).into_bytes()
    }
}

/// The document's heartbeats: station `north`, challenge 00 01 … 0f, the
/// file's 4 rows, the station's clock; the link well, then failing.
fn heartbeat(failure: Option<&str>) -> Vec<u8> {
    let challenge: Vec<u8> = (0u8..16).collect();
    pairs_table::floor::heartbeat::Heartbeat {
        station: "north",
        challenge: &challenge,
        file_rows: 4,
        clock: "2025-01-02T03:04:09.000000Z",
        failure,
    }
    .message()
}

#[test]
fn a_heartbeat_is_the_documented_bytes_signed_as_documented() {
    let well = heartbeat(None);
    assert_text(
        FLOOR,
        "heartbeat",
        &String::from_utf8(well.clone()).unwrap(),
    );
    let failing = heartbeat(Some(
        "the floor database: permission denied for function append_batch",
    ));
    assert_text(
        FLOOR,
        "heartbeat-failing",
        &String::from_utf8(failing).unwrap(),
    );
    let keys = crate::test_keys();
    let signature = keys.sign_heartbeat(&well).unwrap();
    assert_hex(FLOOR, "heartbeat-signature", &signature);
    let documented: [u8; 64] = hex_block(FLOOR, "heartbeat-signature").try_into().unwrap();
    VerifyingKey::from_bytes(&keys.public_key())
        .unwrap()
        .verify(
            block(FLOOR, "heartbeat").as_bytes(),
            &Signature::from_bytes(&documented),
        )
        .unwrap();
    // A heartbeat signature is no hand in progress's, nor the reverse.
    let key = CheckpointKey::new(&keys.public_key()).unwrap();
    assert!(key.signs_heartbeat(&well, &signature));
    assert!(!key.signs_hand_in_progress(&well, &signature));
    assert_eq!(keys.sign_heartbeat(&rocket().encode()), None);
}
