//! docs/ledger.md: a chain row's encoding and hash, and a checkpoint's
//! signed message and signature; docs/floor.md: a row as the station ships
//! it and as the floor links it, and `floor status --json`.
//!
//! The worked example is the ledger the program writes when it opens a new
//! file at a fixed time with the tests' key and records one table. The
//! floor's parts run against the floor tests' PostgreSQL (tests/floor.rs).

use std::path::PathBuf;

use chrono::{DateTime, TimeZone, Utc};
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use postgres::{Client, NoTls};
use rusqlite::types::Value;
use sha2::{Digest, Sha256};

use super::{assert_hex, assert_text, block, hex_block};
use crate::floor::FloorDb;
use crate::util::temp_db;
use pairs_table::engine::hand::GameKind;
use pairs_table::floor;
use pairs_table::keys::{SignedCheckpoint, StationKeys, checkpoint_signed};
use pairs_table::ledger::{ChainRow, Clock, GENESIS, Ledger, chain_rows_after, link_encoded};

const LEDGER: &str = "docs/ledger.md";
const FLOOR: &str = "docs/floor.md";

/// Every time in the worked example, as the ledger stores it.
const AT: &str = "2025-01-02T03:04:05.000000Z";

struct FixedClock;

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 1, 2, 3, 4, 5).unwrap()
    }
}

/// The worked example: a new ledger opened at [`AT`] with the tests' key,
/// then the table `table 1` of Rocket recorded. Four rows.
fn worked_example() -> PathBuf {
    let path = temp_db("golden-chain");
    let mut ledger = Ledger::open(&path, Box::new(FixedClock), crate::test_keys()).unwrap();
    ledger.table("table 1", GameKind::Rocket).unwrap();
    drop(ledger);
    path
}

fn worked_example_rows() -> Vec<ChainRow> {
    let rows = chain_rows_after(&worked_example(), 0, 100).unwrap();
    let order: Vec<(i64, &str)> = rows.iter().map(|r| (r.seq, r.table)).collect();
    assert_eq!(
        order,
        [
            (1, "station_keys"),
            (2, "checkpoints"),
            (3, "tables"),
            (4, "checkpoints")
        ],
        "the worked example of {LEDGER} is not the ledger the program writes"
    );
    rows
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

fn bytes32(doc: &str, name: &str) -> [u8; 32] {
    hex_block(doc, name)
        .try_into()
        .unwrap_or_else(|_| panic!("{doc}: block {name} is not 32 bytes"))
}

/// What a row's hash input starts with, by the document's rule: the
/// previous row's hash, seq (8 bytes, big-endian), the table name's length
/// (1 byte) and the name.
fn header(previous: &[u8; 32], seq: i64, table: &str) -> Vec<u8> {
    let mut bytes = previous.to_vec();
    bytes.extend(seq.to_be_bytes());
    bytes.push(u8::try_from(table.len()).unwrap());
    bytes.extend(table.as_bytes());
    bytes
}

/// The bytes a checkpoint signs, by the document's rule.
fn checkpoint_message(rows: i64, head: &[u8; 32], reason: &str, signed_at: &str) -> Vec<u8> {
    let mut bytes = b"pairs-table checkpoint v2\0".to_vec();
    bytes.extend(rows.to_be_bytes());
    bytes.extend(head);
    for text in [reason, signed_at] {
        bytes.extend(u32::try_from(text.len()).unwrap().to_be_bytes());
        bytes.extend(text.as_bytes());
    }
    bytes
}

#[test]
fn the_worked_example_rows_are_encoded_and_chained_as_documented() {
    let rows = worked_example_rows();
    let mut previous = GENESIS;
    for row in &rows[..3] {
        let name = format!("chain-row-{}", row.seq);
        let hash_name = format!("{name}-hash");
        let documented = hex_block(LEDGER, &name);
        let documented_hash = bytes32(LEDGER, &hash_name);
        // The document's bytes hash to the document's hash (SHA-256 here,
        // not the program's), and begin as its rule says.
        assert_eq!(
            sha256(&documented),
            documented_hash,
            "{LEDGER}: block {name} does not hash to block {hash_name}"
        );
        let head = header(&previous, row.seq, row.table);
        assert_eq!(
            hex::encode(&documented[..head.len().min(documented.len())]),
            hex::encode(&head),
            "{LEDGER}: block {name} does not begin with the previous hash, seq and table name"
        );
        // The program's encoding of the row, its stored hash, and the hash
        // it computes for an encoded row (the floor replica's way).
        assert_hex(LEDGER, &name, &[head.as_slice(), &row.values].concat());
        assert_hex(LEDGER, &hash_name, &row.hash);
        assert_hex(
            LEDGER,
            &hash_name,
            &link_encoded(&previous, row.seq, row.table, &row.values),
        );
        previous = documented_hash;
    }
    assert_hex(LEDGER, "chain-row-4-hash", &rows[3].hash);
    assert_hex(
        LEDGER,
        "chain-row-4-hash",
        &link_encoded(&previous, 4, rows[3].table, &rows[3].values),
    );
}

/// The document's rows are the values it names: each hash again, from
/// typed values through the tests' own encoder (tests/tests.rs), with the
/// checkpoints' signatures made here by ed25519-dalek.
#[test]
fn the_worked_example_hashes_follow_from_the_values_the_document_names() {
    let secret: [u8; 32] = bytes32(LEDGER, "checkpoint-secret-key");
    let key = SigningKey::from_bytes(&secret);
    let public = Value::Blob(key.verifying_key().to_bytes().to_vec());
    let text = |t: &str| Value::Text(t.into());
    let sign = |rows: i64, head: &[u8; 32], reason: &str| {
        let signature = key.sign(&checkpoint_message(rows, head, reason, AT));
        Value::Blob(signature.to_bytes().to_vec())
    };
    let h1 = crate::chain_link(
        &GENESIS,
        1,
        "station_keys",
        &[public.clone(), Value::Integer(1), text(AT)],
    );
    assert_eq!(h1, bytes32(LEDGER, "chain-row-1-hash"));
    let h2 = crate::chain_link(
        &h1,
        2,
        "checkpoints",
        &[
            text("open"),
            Value::Integer(1),
            Value::Blob(h1.to_vec()),
            public.clone(),
            sign(1, &h1, "open"),
            text(AT),
        ],
    );
    assert_eq!(h2, bytes32(LEDGER, "chain-row-2-hash"));
    let h3 = crate::chain_link(
        &h2,
        3,
        "tables",
        &[Value::Integer(1), text("table 1"), text("rocket"), text(AT)],
    );
    assert_eq!(h3, bytes32(LEDGER, "chain-row-3-hash"));
    let h4 = crate::chain_link(
        &h3,
        4,
        "checkpoints",
        &[
            text("tables"),
            Value::Integer(3),
            Value::Blob(h3.to_vec()),
            public,
            sign(3, &h3, "tables"),
            text(AT),
        ],
    );
    assert_eq!(h4, bytes32(LEDGER, "chain-row-4-hash"));
}

#[test]
fn the_checkpoint_signs_the_documented_message_with_the_documented_key() {
    let secret = bytes32(LEDGER, "checkpoint-secret-key");
    let public = bytes32(LEDGER, "checkpoint-public-key");
    let message = hex_block(LEDGER, "checkpoint-message");
    let signature: [u8; 64] = hex_block(LEDGER, "checkpoint-signature")
        .try_into()
        .expect("docs/ledger.md: the signature is not 64 bytes");
    let head = bytes32(LEDGER, "chain-row-1-hash");
    // The example key is the one the worked example's ledger is signed with.
    assert_eq!(
        secret, [7; 32],
        "{LEDGER}: the example key is not the tests' key"
    );

    // The message, built here by the document's rule, is the document's.
    assert_eq!(
        hex::encode(checkpoint_message(1, &head, "open", AT)),
        hex::encode(&message),
        "{LEDGER}: block checkpoint-message is not the rule's bytes"
    );
    // ed25519-dalek alone: the key pair, the signature of the document's
    // bytes, and its verification with the document's public key.
    let key = SigningKey::from_bytes(&secret);
    assert_eq!(key.verifying_key().to_bytes(), public);
    assert_eq!(key.sign(&message).to_bytes(), signature);
    VerifyingKey::from_bytes(&public)
        .unwrap()
        .verify_strict(&message, &Signature::from_bytes(&signature))
        .unwrap();
    assert_eq!(
        sha256(&public)[..16],
        hex_block(LEDGER, "checkpoint-fingerprint")[..]
    );

    // The program: the same public key and fingerprint, and the same
    // signature, which (Ed25519 being deterministic) means it signed
    // exactly the document's bytes.
    let keys = StationKeys::from_secret_bytes(secret, [9; 32]);
    assert_hex(LEDGER, "checkpoint-public-key", &keys.public_key());
    assert_hex(
        LEDGER,
        "checkpoint-fingerprint",
        &hex::decode(keys.fingerprint()).unwrap(),
    );
    assert_hex(
        LEDGER,
        "checkpoint-signature",
        &keys.sign_checkpoint(1, &head, "open", AT),
    );
    let checkpoint = SignedCheckpoint {
        rows: 1,
        head: &head,
        reason: "open",
        signed_at: AT,
    };
    assert!(checkpoint_signed(&public, checkpoint, &signature));
    for changed in [
        SignedCheckpoint {
            rows: 2,
            ..checkpoint
        },
        SignedCheckpoint {
            reason: "opened",
            ..checkpoint
        },
        SignedCheckpoint {
            signed_at: "2025-01-02T03:04:06.000000Z",
            ..checkpoint
        },
    ] {
        assert!(!checkpoint_signed(&public, changed, &signature));
    }

    // The worked example's checkpoint row holds this signature.
    let rows = worked_example_rows();
    assert!(
        rows[1].values.windows(64).any(|w| w == signature),
        "the program's checkpoint at row 2 does not hold the documented signature"
    );
}

/// Enrols `station` with `key` on `db`; returns the URL it ships with.
fn enrol(db: &FloorDb, station: &str, key: &StationKeys) -> String {
    floor::enrol(&db.url(), station, key.public_key()).unwrap()
}

#[test]
fn the_station_ships_the_documented_payload_and_the_floor_links_it() {
    let row = worked_example_rows().swap_remove(0);
    assert_eq!((row.seq, row.table), (1, "station_keys"));
    assert_hex(FLOOR, "shipped-row-1-payload", &row.values);
    assert_hex(FLOOR, "shipped-row-1-hash", &row.hash);

    // The floor's rule, computed here from the document's bytes: the head
    // of a station with nothing shipped is 32 zero bytes.
    let payload = hex_block(FLOOR, "shipped-row-1-payload");
    let hash = bytes32(FLOOR, "shipped-row-1-hash");
    let mut input = vec![0; 32];
    input.extend(1i64.to_be_bytes());
    input.push(12);
    input.extend(b"station_keys");
    input.extend(&payload);
    assert_eq!(
        sha256(&input),
        hash,
        "{FLOOR}: the payload does not hash to the hash"
    );
    // The same row as docs/ledger.md gives it.
    assert_eq!(input, hex_block(LEDGER, "chain-row-1"));
    assert_eq!(hash, bytes32(LEDGER, "chain-row-1-hash"));

    // The floor's own SQL links the document's row, and only with its hash.
    let db = FloorDb::new();
    let station = enrol(&db, "golden", &crate::test_keys());
    let mut client = Client::connect(&station, NoTls).unwrap();
    // Sent with the checkpoint that signs it (row 2, docs/ledger.md), as a
    // station sends it: every write ends with one.
    let row_2 = hex_block(LEDGER, "chain-row-2");
    let payload_2 = &row_2[header(&hash, 2, "checkpoints").len()..];
    let hash_2 = hex_block(LEDGER, "chain-row-2-hash");
    let mut append = |hash: &[u8]| {
        client.query_one(
            "SELECT floor.append_rows($1, $2, $3, $4, $5)",
            &[
                &vec![1i64, 2],
                &vec!["station_keys", "checkpoints"],
                &vec![payload.as_slice(), payload_2],
                &vec![hash, hash_2.as_slice()],
                &2i64,
            ],
        )
    };
    let mut wrong = hash;
    wrong[31] ^= 1;
    let refused = append(&wrong).unwrap_err();
    let message = refused.as_db_error().map(|e| e.message().to_string());
    assert_eq!(
        message.as_deref(),
        Some(
            "row 1 of station golden does not link to the floor's head: its hash is not the chain's"
        )
    );
    let head: i64 = append(&hash).unwrap().get(0);
    assert_eq!(head, 2);
    let stored: Vec<u8> = Client::connect(&db.url(), NoTls)
        .unwrap()
        .query_one(
            "SELECT hash FROM floor.chain_rows WHERE station = 'golden' AND seq = 1",
            &[],
        )
        .unwrap()
        .get(0);
    assert_hex(FLOOR, "shipped-row-1-hash", &stored);
}

/// The value of the first `"last_contact": "…"` line of `json`.
fn last_contact(json: &str) -> Option<&str> {
    json.lines()
        .find_map(|line| line.trim().strip_prefix("\"last_contact\": \""))
        .and_then(|rest| rest.strip_suffix("\",").or_else(|| rest.strip_suffix('"')))
}

#[test]
fn floor_status_json_is_the_documented_array() {
    let documented = block(FLOOR, "floor-status-json");
    // The documented head is the worked example's (docs/ledger.md).
    let head = hex::encode(hex_block(LEDGER, "chain-row-4-hash"));
    assert!(
        documented.contains(&format!("\"head\": \"{head}\"")),
        "{FLOOR}: block floor-status-json does not show the head of docs/ledger.md's example"
    );
    let db = FloorDb::new();
    let north = enrol(&db, "north", &crate::test_keys());
    enrol(
        &db,
        "south",
        &StationKeys::from_secret_bytes([8; 32], [9; 32]),
    );
    let shipped = floor::ship(&worked_example(), &north, Some(&crate::test_keys()));
    assert_eq!(shipped.unwrap(), 4);
    // The floor's verifier (which runs beside every floor) has checked the
    // checkpoints against the enrolled key.
    db.settle();
    // A warning only: the floor runs on one server (exit status 1).
    let out = crate::pairs_table()
        .args(["floor", "status", "--floor", &db.url(), "--json"])
        .output()
        .unwrap();
    assert_eq!(
        (out.status.code(), String::from_utf8_lossy(&out.stderr)),
        (Some(1), crate::floor::ONE_SERVER.into())
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    // The time of the last shipment varies: its form is checked, then the
    // document's time put in its place.
    let time = last_contact(&printed).expect("north's last_contact is not a time");
    chrono::NaiveDateTime::parse_from_str(time, "%Y-%m-%dT%H:%M:%SZ")
        .unwrap_or_else(|_| panic!("last_contact {time} is not YYYY-MM-DDTHH:MM:SSZ"));
    let example = last_contact(&documented).expect("the document shows no last_contact time");
    let printed = printed.replacen(
        &format!("\"last_contact\": \"{time}\""),
        &format!("\"last_contact\": \"{example}\""),
        1,
    );
    assert_text(FLOOR, "floor-status-json", &printed);
}
