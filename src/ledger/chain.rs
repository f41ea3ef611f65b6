//! The hash chain: which tables are in it, the canonical encoding of a row,
//! and the hash that links each row to the one before. See docs/ledger.md.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rusqlite::types::{Value, ValueRef};
use sha2::{Digest, Sha256};

/// A ledger table in the chain and its columns after `seq` and `hash`.
#[derive(Debug)]
pub struct TableSpec {
    /// The table's name.
    pub name: &'static str,
    /// Its columns, in encoding order.
    pub columns: &'static [&'static str],
    /// How many of the last columns a later schema version added: a row
    /// whose trailing added columns are NULL (one written before that
    /// version) leaves them out of its encoding, so its hash stands.
    pub added_later: usize,
}

macro_rules! spec {
    ($ident:ident, $name:literal, [$($col:literal),* $(,)?]) => {
        spec!($ident, $name, [$($col),*], added_later 0);
    };
    ($ident:ident, $name:literal, [$($col:literal),* $(,)?], added_later $later:literal) => {
        #[doc = concat!("The `", $name, "` table.")]
        pub const $ident: TableSpec = TableSpec {
            name: $name,
            columns: &[$($col),*],
            added_later: $later,
        };
    };
}

spec!(TABLES, "tables", ["id", "name", "game", "created_at"]);
spec!(
    TABLE_SETTINGS,
    "table_settings",
    ["table_id", "key", "value", "set_at"]
);
spec!(RULES, "rules", ["rules_hash", "toml", "recorded_at"]);
spec!(STAFF, "staff", ["id", "name", "role", "created_at"]);
spec!(
    SHIFTS,
    "shifts",
    ["id", "table_id", "opened_by", "opened_at"]
);
spec!(
    SHIFT_CLOSES,
    "shift_closes",
    ["shift_id", "closed_by", "closed_at"]
);
spec!(
    SHOES,
    "shoes",
    ["id", "table_id", "decks", "scanner_shoe_id", "opened_at"]
);
spec!(
    HANDS,
    "hands",
    [
        "id",
        "table_id",
        "shift_id",
        "dealer_id",
        "shoe_id",
        "game",
        "decks",
        "rules_hash",
        "seats",
        "previous_button",
        "button",
        "carry_in",
        "status",
        "started_at",
        "ended_at",
    ]
);
spec!(
    SHUFFLES,
    "shuffles",
    [
        "hand_id",
        "step",
        "number",
        "commitment",
        "cards",
        "mid_hand",
        "at"
    ]
);
spec!(
    REVEALS,
    "reveals",
    ["hand_id", "step", "number", "card_order", "salt", "at"]
);
spec!(
    EXTERNAL_SHUFFLES,
    "external_shuffles",
    ["hand_id", "step", "mid_hand", "at"]
);
spec!(
    CARDS,
    "cards",
    [
        "hand_id",
        "step",
        "rank",
        "destination",
        "seat",
        "discarded",
        "source",
        "frame",
        "approved_by",
        "at",
    ]
);
spec!(
    DECISIONS,
    "decisions",
    ["hand_id", "step", "seat", "action", "at"]
);
spec!(
    VOIDS,
    "voids",
    ["hand_id", "reason", "approved_by", "voided_at"]
);
spec!(
    TRANSFERS,
    "transfers",
    [
        "hand_id",
        "line",
        "from_account",
        "to_account",
        "amount",
        "kind",
        "rank",
        "reverses",
    ]
);

spec!(PINS, "pins", ["staff_id", "phc", "set_by", "set_at"]);
spec!(
    ACCESS_EVENTS,
    "access_events",
    ["staff_id", "event", "station", "by_staff", "at"]
);
spec!(
    APPROVALS,
    "approvals",
    [
        "id",
        "action",
        "table_id",
        "hand_id",
        "requested_by",
        "approved_by",
        "detail",
        "at",
    ]
);
spec!(
    ALARMS,
    "alarms",
    ["id", "table_id", "kind", "message", "hand_id", "raised_at"]
);
spec!(
    ALARM_CLEARS,
    "alarm_clears",
    ["alarm_id", "cleared_by", "how", "cleared_at"]
);
spec!(
    INVENTORY_COUNTS,
    "inventory_counts",
    [
        "shift_id",
        "kind",
        "chips",
        "total",
        "dealer_id",
        "pit_boss_id",
        "counted_at",
    ]
);
spec!(
    SLIPS,
    "slips",
    [
        "id",
        "number",
        "kind",
        "shift_id",
        "chips",
        "total",
        "requested_by",
        "approved_by",
        "at",
    ]
);
spec!(
    SLIP_VOIDS,
    "slip_voids",
    ["slip_id", "reason", "first_by", "second_by", "voided_at"]
);
spec!(DROPS, "drops", ["shift_id", "amount", "recorded_by", "at"]);

spec!(
    REPORT_PRINTS,
    "report_prints",
    [
        "table_id",
        "shift_id",
        "period_from",
        "period_to",
        "print_number",
        "casino",
        "head_rows",
        "head_hash",
        "discrepancies",
        "printed_at",
        "printed_by",
    ],
    added_later 1
);

spec!(
    PROGRAM_STARTS,
    "program_starts",
    ["station", "version", "program_sha256", "started_at"]
);

spec!(
    STATION_KEYS,
    "station_keys",
    ["public_key", "every_hands", "enrolled_at"]
);
spec!(
    CHECKPOINTS,
    "checkpoints",
    [
        "reason",
        "rows",
        "head",
        "public_key",
        "signature",
        "signed_at"
    ]
);
spec!(
    SHOE_DEVICES,
    "shoe_devices",
    [
        "shoe_id", "stack_id", "protocol", "maker", "model", "serial", "firmware", "seen_at",
    ]
);

spec!(
    PROGRAM_APPROVALS,
    "program_approvals",
    ["program_sha256", "action", "note", "by_staff", "at"]
);

spec!(
    COUNT_WAIVERS,
    "count_waivers",
    ["shift_id", "kind", "reason", "waived_by", "waived_at"]
);

spec!(
    COUNT_CORRECTIONS,
    "count_corrections",
    [
        "shift_id",
        "kind",
        "previous_total",
        "new_total",
        "reason",
        "second_by",
        "at"
    ]
);
spec!(
    HAND_EDGES,
    "hand_edges",
    ["hand_id", "house_edge", "decisions"]
);

spec!(
    PLAYERS,
    "players",
    ["card", "name", "enrolled_by", "enrolled_at"]
);
spec!(
    SEATINGS,
    "seatings",
    ["table_id", "seat", "card", "action", "by_staff", "at"]
);
spec!(
    RATING_LOOKUPS,
    "rating_lookups",
    ["card", "by_staff", "via", "at"]
);

/// The chained tables the ledger open on `conn` has, in [`CHAINED`]'s
/// order: an older version's file lacks the tables later versions added.
pub fn present_chained_tables(
    conn: &rusqlite::Connection,
) -> rusqlite::Result<Vec<&'static TableSpec>> {
    let names: Vec<String> = conn
        .prepare_cached("SELECT name FROM sqlite_master WHERE type = 'table'")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(CHAINED
        .into_iter()
        .filter(|spec| names.iter().any(|name| name == spec.name))
        .collect())
}

/// Every table in the chain.
pub const CHAINED: [&TableSpec; 36] = [
    &TABLES,
    &TABLE_SETTINGS,
    &RULES,
    &STAFF,
    &SHIFTS,
    &SHIFT_CLOSES,
    &SHOES,
    &HANDS,
    &SHUFFLES,
    &REVEALS,
    &EXTERNAL_SHUFFLES,
    &CARDS,
    &DECISIONS,
    &VOIDS,
    &TRANSFERS,
    &PINS,
    &ACCESS_EVENTS,
    &APPROVALS,
    &ALARMS,
    &ALARM_CLEARS,
    &INVENTORY_COUNTS,
    &SLIPS,
    &SLIP_VOIDS,
    &DROPS,
    &REPORT_PRINTS,
    &PROGRAM_STARTS,
    &STATION_KEYS,
    &CHECKPOINTS,
    &SHOE_DEVICES,
    &PROGRAM_APPROVALS,
    &COUNT_WAIVERS,
    &PLAYERS,
    &SEATINGS,
    &RATING_LOOKUPS,
    &COUNT_CORRECTIONS,
    &HAND_EDGES,
];

/// The order in which to take rows from cursors over the chained tables
/// (one a table, each in seq order) to read the chain in seq order: each
/// cursor's next seq in a heap, so a row costs a few comparisons however
/// many tables there are.
#[derive(Debug, Default)]
pub struct SeqMerge(BinaryHeap<Reverse<(i64, usize)>>);

impl SeqMerge {
    /// Cursor `cursor`'s next row has seq `seq`.
    pub fn push(&mut self, seq: i64, cursor: usize) {
        self.0.push(Reverse((seq, cursor)));
    }

    /// The cursor whose next row comes first in the chain (the first
    /// cursor of those at the same seq), out of the merge until pushed
    /// again; None once every cursor is done.
    pub fn pop(&mut self) -> Option<usize> {
        self.0.pop().map(|Reverse((_, cursor))| cursor)
    }
}

/// A query for the stored hash of row `?1`, whichever of `tables` holds it.
pub fn hash_at_sql<'a>(tables: impl IntoIterator<Item = &'a TableSpec>) -> String {
    tables
        .into_iter()
        .map(|spec| format!("SELECT hash FROM {} WHERE seq = ?1", spec.name))
        .collect::<Vec<_>>()
        .join(" UNION ALL ")
}

/// The spec of a chained table by name.
pub fn spec_named(name: &str) -> Option<&'static TableSpec> {
    CHAINED.into_iter().find(|s| s.name == name)
}

/// The hash before the first row: 32 zero bytes.
pub const GENESIS: [u8; 32] = [0; 32];

const NULL: u8 = 0;
const INTEGER: u8 = 1;
const TEXT: u8 = 2;
const BLOB: u8 = 3;
const REAL: u8 = 4;

/// Appends the canonical encoding of one value.
pub fn encode_value(out: &mut Vec<u8>, value: ValueRef<'_>) {
    match value {
        ValueRef::Null => out.push(NULL),
        ValueRef::Integer(i) => {
            out.push(INTEGER);
            out.extend_from_slice(&i.to_be_bytes());
        }
        ValueRef::Text(bytes) | ValueRef::Blob(bytes) => {
            out.push(if matches!(value, ValueRef::Text(_)) {
                TEXT
            } else {
                BLOB
            });
            out.extend_from_slice(&(bytes.len() as u32).to_be_bytes());
            out.extend_from_slice(bytes);
        }
        ValueRef::Real(r) => {
            out.push(REAL);
            out.extend_from_slice(&r.to_bits().to_be_bytes());
        }
    }
}

/// The canonical encoding of a row's columns (no seq, no table): a count
/// byte, then each value.
pub fn encode_values<'a>(out: &mut Vec<u8>, values: impl ExactSizeIterator<Item = ValueRef<'a>>) {
    out.push(values.len() as u8);
    for value in values {
        encode_value(out, value);
    }
}

/// Decodes [`encode_values`]; None if the bytes are not such an encoding.
pub fn decode_values(bytes: &[u8]) -> Option<Vec<Value>> {
    let (&count, mut rest) = bytes.split_first()?;
    let mut values = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        let (&tag, tail) = rest.split_first()?;
        rest = tail;
        let value = match tag {
            NULL => Value::Null,
            INTEGER | REAL => {
                let (head, tail) = rest.split_at_checked(8)?;
                rest = tail;
                let bits = i64::from_be_bytes(head.try_into().ok()?);
                if tag == INTEGER {
                    Value::Integer(bits)
                } else {
                    Value::Real(f64::from_bits(bits as u64))
                }
            }
            TEXT | BLOB => {
                let (len, tail) = rest.split_at_checked(4)?;
                let len = u32::from_be_bytes(len.try_into().ok()?) as usize;
                let (body, tail) = tail.split_at_checked(len)?;
                rest = tail;
                if tag == TEXT {
                    Value::Text(String::from_utf8(body.to_vec()).ok()?)
                } else {
                    Value::Blob(body.to_vec())
                }
            }
            _ => return None,
        };
        values.push(value);
    }
    rest.is_empty().then_some(values)
}

/// Hashes rows into the chain, reusing one buffer.
#[derive(Debug, Default)]
pub struct Linker {
    buffer: Vec<u8>,
}

/// How many of a row's `len` columns its encoding holds: trailing columns
/// a later version added ([`TableSpec::added_later`]) are left out while
/// NULL, so rows written before they existed keep their hashes.
pub fn encoded_count(table: &TableSpec, len: usize, is_null: impl Fn(usize) -> bool) -> usize {
    let always = table.columns.len().saturating_sub(table.added_later);
    let mut encoded = len;
    while encoded > always && is_null(encoded - 1) {
        encoded -= 1;
    }
    encoded
}

impl Linker {
    /// SHA-256(previous ‖ seq as 8 bytes big-endian ‖ table name length byte
    /// ‖ table name ‖ encoded columns).
    /// Trailing columns a later version added are left out while NULL
    /// ([`TableSpec::added_later`]).
    pub fn link(
        &mut self,
        previous: &[u8; 32],
        seq: i64,
        table: &TableSpec,
        values: &[Value],
    ) -> [u8; 32] {
        let encoded = encoded_count(table, values.len(), |i| values[i] == Value::Null);
        let values = values[..encoded].iter().map(ValueRef::from);
        self.header(previous, seq, table.name);
        encode_values(&mut self.buffer, values);
        Sha256::digest(&self.buffer).into()
    }

    /// The same hash for a row whose columns are already encoded.
    pub fn link_encoded(
        &mut self,
        previous: &[u8; 32],
        seq: i64,
        table: &str,
        values: &[u8],
    ) -> [u8; 32] {
        self.header(previous, seq, table);
        self.buffer.extend_from_slice(values);
        Sha256::digest(&self.buffer).into()
    }

    fn header(&mut self, previous: &[u8; 32], seq: i64, table: &str) {
        self.buffer.clear();
        self.buffer.extend_from_slice(previous);
        self.buffer.extend_from_slice(&seq.to_be_bytes());
        self.buffer.push(table.len() as u8);
        self.buffer.extend_from_slice(table.as_bytes());
    }
}
