//! Insider attacks on the ledger (issue 14): someone who has the ledger file
//! but not the station's secret key rewrites, cuts or swaps it, and
//! `audit verify` must fail.
//!
//! Every test builds a real ledger with the real binary (`simulate --db`),
//! each child process in its own station (`XDG_CONFIG_HOME` and
//! `XDG_DATA_HOME` in a fresh directory, where the station key lives), checks
//! that the untampered ledger verifies, then tampers with the file the way an
//! insider would: plain SQL through rusqlite, the append-only triggers
//! dropped and put back from the file's own `sqlite_master`, every later hash
//! recomputed by this file's own implementation of the chain in
//! docs/ledger.md (not the crate's), VACUUM. Each forgery is then checked by
//! that implementation to be a perfect chain (`assert_chain_intact`), so a
//! test that passes proves `audit verify` sees more than the hash chain.
//!
//! Nothing here calls into the crate: the attacker's tools are rusqlite,
//! sha2, ed25519-dalek, argon2, and the program's own `audit export` and
//! `replay` commands.
//!
//! The test marked `#[ignore = "gap: …"]` is an attack the design does not
//! stop (see it and docs/ledger.md's threat model); run it with `--ignored`.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

use ed25519_dalek::{Signer, SigningKey};
use rusqlite::Connection;
use rusqlite::types::Value;
use sha2::{Digest, Sha256};

/// The program under test. The target directory may be shared with other
/// worktrees of this repository, whose builds replace
/// `CARGO_BIN_EXE_pairs-table` while this suite runs: every child runs a
/// hard link to (or else a copy of) the program as it was when the first
/// one started, so that one run tests one program.
fn bin() -> &'static Path {
    static PROGRAM: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PROGRAM.get_or_init(|| {
        let prefix = "pairs-table-insider-program-";
        remove_stale_programs(prefix);
        let program = std::env::temp_dir().join(format!("{prefix}{}", std::process::id()));
        let _ = std::fs::remove_file(&program);
        let built = Path::new(env!("CARGO_BIN_EXE_pairs-table"));
        if std::fs::hard_link(built, &program).is_err() {
            std::fs::copy(built, &program).unwrap();
        }
        program
    })
}

/// Removes the programs left by earlier runs whose process has ended (a
/// debug build is hundreds of megabytes).
fn remove_stale_programs(prefix: &str) {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(prefix)) else {
            continue;
        };
        if cfg!(target_os = "linux") && !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

// ───────────────────────── the station and the program ─────────────────────────

/// A station: a fresh directory holding its config (where the station key
/// lives), its data directory and the ledgers of one test. Every child
/// process runs with `XDG_CONFIG_HOME` and `XDG_DATA_HOME` inside it.
struct Station {
    home: PathBuf,
}

/// A passing test leaves nothing behind; a failing one leaves its station
/// (ledgers and key) for a look.
impl Drop for Station {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.home);
        }
    }
}

impl Station {
    fn new(name: &str) -> Station {
        static N: AtomicU32 = AtomicU32::new(0);
        let home = std::env::temp_dir().join(format!(
            "pairs-table-insider-{}-{}-{name}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(home.join("config")).unwrap();
        std::fs::create_dir_all(home.join("data")).unwrap();
        Station { home }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.home.join(name)
    }

    fn run<S: AsRef<OsStr>>(&self, args: &[S]) -> Run {
        let what = args
            .iter()
            .map(|a| a.as_ref().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ");
        let mut tries = 0;
        let out = loop {
            let out = Command::new(bin())
                .args(args)
                .env("XDG_CONFIG_HOME", self.home.join("config"))
                .env("XDG_DATA_HOME", self.home.join("data"))
                .stdin(Stdio::null())
                .output();
            match out {
                // ETXTBSY: another thread's child still held the fresh copy
                // open for writing between its fork and exec.
                Err(e) if e.raw_os_error() == Some(26) && tries < 20 => {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                out => break out.unwrap(),
            }
        };
        Run {
            what: format!("pairs-table {what}"),
            status: out.status,
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// `simulate --game rocket --hands N --seed S --db FILE`, which must succeed.
    fn simulate(&self, db: &Path, hands: u32, seed: u64) {
        let run = self.run(&[
            OsStr::new("simulate"),
            OsStr::new("--game"),
            OsStr::new("rocket"),
            OsStr::new("--hands"),
            OsStr::new(&hands.to_string()),
            OsStr::new("--seed"),
            OsStr::new(&seed.to_string()),
            OsStr::new("--db"),
            db.as_os_str(),
        ]);
        assert!(run.status.success(), "{}", run.show());
    }

    /// A fresh ledger of `hands` Rocket hands.
    fn ledger(&self, name: &str, hands: u32, seed: u64) -> PathBuf {
        let db = self.path(&format!("{name}.sqlite3"));
        self.simulate(&db, hands, seed);
        db
    }

    /// `audit verify --db FILE` with `extra` options.
    fn verify(&self, db: &Path, extra: &[&str]) -> Run {
        let mut args = vec![
            OsStr::new("audit"),
            OsStr::new("verify"),
            OsStr::new("--db"),
            db.as_os_str(),
        ];
        args.extend(extra.iter().map(OsStr::new));
        self.run(&args)
    }

    /// `audit export --db FILE --hand ID`.
    fn export(&self, db: &Path, hand: i64) -> Run {
        self.run(&[
            OsStr::new("audit"),
            OsStr::new("export"),
            OsStr::new("--db"),
            db.as_os_str(),
            OsStr::new("--hand"),
            OsStr::new(&hand.to_string()),
        ])
    }

    /// Replays a JSON hand history with the program's own `replay`.
    fn replay(&self, history: &serde_json::Value) -> serde_json::Value {
        static N: AtomicU32 = AtomicU32::new(0);
        let file = self.path(&format!(
            "history-{}.json",
            N.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::write(&file, history.to_string()).unwrap();
        let run = self.run(&[OsStr::new("replay"), file.as_os_str()]);
        assert!(run.status.success(), "{}", run.show());
        serde_json::from_str(&run.stdout).unwrap()
    }

    /// A hand as the program exports it (replay format).
    fn exported(&self, db: &Path, hand: i64) -> serde_json::Value {
        let run = self.export(db, hand);
        assert!(run.status.success(), "{}", run.show());
        serde_json::from_str(&run.stdout).unwrap()
    }

    /// Verifies the untampered ledger: it must pass, so that a failure
    /// after the attack is the attack's, not a broken fixture's.
    fn verified(&self, db: &Path) -> Summary {
        let run = self.verify(db, &[]);
        assert!(
            run.status.success() && run.discrepancies().is_empty(),
            "the untampered ledger does not verify:\n{}",
            run.show()
        );
        Summary {
            rows: run.field("rows").unwrap().parse().unwrap(),
            head: run.field("head").unwrap().to_owned(),
            station_key: run.field("station key").map(str::to_owned),
        }
    }
}

/// What `audit verify` printed about an untampered ledger.
#[derive(Debug, Clone)]
struct Summary {
    rows: i64,
    head: String,
    station_key: Option<String>,
}

impl Summary {
    fn expect(&self) -> String {
        format!("{}:{}", self.rows, self.head)
    }

    fn station_key(&self) -> &str {
        self.station_key.as_deref().expect(
            "audit verify prints no `station key: FINGERPRINT` line (the signed checkpoints of issue 14 have not landed)",
        )
    }
}

/// One run of the program.
struct Run {
    what: String,
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

impl Run {
    fn field(&self, name: &str) -> Option<&str> {
        let prefix = format!("{name}: ");
        self.stdout
            .lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .map(str::trim)
    }

    fn discrepancies(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|l| l.starts_with("discrepancy:"))
            .collect()
    }

    fn show(&self) -> String {
        let lines: Vec<&str> = self.stdout.lines().collect();
        let shown = if lines.len() > 24 {
            format!(
                "{}\n[… {} lines …]\n{}",
                lines[..12].join("\n"),
                lines.len() - 20,
                lines[lines.len() - 8..].join("\n")
            )
        } else {
            lines.join("\n")
        };
        format!(
            "$ {}\nexit: {}\n--- stdout\n{shown}\n--- stderr\n{}",
            self.what,
            self.status,
            self.stderr.trim_end()
        )
    }
}

/// What got past: every check of a test runs, and the test fails at its
/// end listing each attack that was not caught, so one run shows them all.
#[derive(Default)]
#[must_use = "call `assert_none`"]
struct Misses(Vec<String>);

impl Misses {
    /// `audit verify` caught the attack: a non-zero exit and at least one
    /// `discrepancy:` line.
    fn caught(&mut self, run: &Run, attack: &str) {
        if run.status.success() || run.discrepancies().is_empty() {
            self.0.push(format!(
                "{attack}: audit verify did not catch it (it must exit non-zero with a `discrepancy:` line)\n{}",
                run.show()
            ));
        } else {
            // Why it was caught, for `--nocapture`.
            eprintln!("caught: {attack}");
            for line in run.discrepancies().iter().take(3) {
                eprintln!("  {}", line.chars().take(240).collect::<String>());
            }
        }
    }

    /// A refusal: a non-zero exit and one plain sentence on stderr (no
    /// SQL, no stack of causes).
    fn refused(&mut self, run: &Run, what: &str) {
        if run.status.success() {
            self.0
                .push(format!("{what}: it was not refused\n{}", run.show()));
        } else {
            self.one_sentence(run, what);
        }
    }

    /// Failed, saying why: a discrepancy, or one sentence on stderr.
    fn fails_clearly(&mut self, run: &Run, what: &str) {
        if run.status.success() {
            self.0
                .push(format!("{what}: audit verify passed it\n{}", run.show()));
        } else if run.discrepancies().is_empty() {
            self.one_sentence(run, what);
        }
    }

    fn one_sentence(&mut self, run: &Run, what: &str) {
        let text = run.stderr.trim();
        let sql = [
            "CREATE ", "SELECT ", "INSERT ", "ALTER ", "DROP ", "PRAGMA ", "TRIGGER ", "BEGIN ",
        ]
        .iter()
        .any(|word| text.contains(word));
        if text.is_empty() || text.lines().count() != 1 || text.len() > 1000 || sql {
            self.0.push(format!(
                "{what}: the refusal is not one plain sentence\n{}",
                run.show()
            ));
        }
    }

    /// The file is exactly as it was, and no write-ahead log holds anything.
    fn untouched(&mut self, path: &Path, before: &[u8; 32], what: &str) {
        if &file_digest(path) != before {
            self.0.push(format!("{what} modified {}", path.display()));
        }
        let wal = PathBuf::from(format!("{}-wal", path.display()));
        if std::fs::metadata(&wal).is_ok_and(|meta| meta.len() > 0) {
            self.0.push(format!("{what} wrote to {}", wal.display()));
        }
    }

    #[track_caller]
    fn assert_none(self) {
        assert!(
            self.0.is_empty(),
            "{} got past:\n\n{}",
            self.0.len(),
            self.0.join("\n\n")
        );
    }
}

/// `audit verify` caught the attack.
#[track_caller]
fn assert_caught(run: &Run, attack: &str) {
    let mut misses = Misses::default();
    misses.caught(run, attack);
    misses.assert_none();
}

fn file_digest(path: &Path) -> [u8; 32] {
    Sha256::digest(std::fs::read(path).unwrap()).into()
}

fn copy_of(station: &Station, db: &Path, name: &str) -> PathBuf {
    let copy = station.path(&format!("{name}.sqlite3"));
    std::fs::copy(db, &copy).unwrap();
    copy
}

// ───────────────────────── the chain, re-implemented from docs/ledger.md ─────────────────────────

const GENESIS: [u8; 32] = [0; 32];

/// The encoding order of each ledger table's columns after `seq` and `hash`:
/// docs/ledger.md's table, and issue 14's `station_keys` and `checkpoints`.
const DOCUMENTED: &[(&str, &[&str])] = &[
    ("tables", &["id", "name", "game", "created_at"]),
    ("table_settings", &["table_id", "key", "value", "set_at"]),
    ("rules", &["rules_hash", "toml", "recorded_at"]),
    ("staff", &["id", "name", "role", "created_at"]),
    ("shifts", &["id", "table_id", "opened_by", "opened_at"]),
    ("shift_closes", &["shift_id", "closed_by", "closed_at"]),
    (
        "shoes",
        &["id", "table_id", "decks", "scanner_shoe_id", "opened_at"],
    ),
    (
        "hands",
        &[
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
        ],
    ),
    (
        "shuffles",
        &[
            "hand_id",
            "step",
            "number",
            "commitment",
            "cards",
            "mid_hand",
            "at",
        ],
    ),
    (
        "reveals",
        &["hand_id", "step", "number", "card_order", "salt", "at"],
    ),
    ("external_shuffles", &["hand_id", "step", "mid_hand", "at"]),
    (
        "cards",
        &[
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
        ],
    ),
    ("decisions", &["hand_id", "step", "seat", "action", "at"]),
    ("voids", &["hand_id", "reason", "approved_by", "voided_at"]),
    (
        "transfers",
        &[
            "hand_id",
            "line",
            "from_account",
            "to_account",
            "amount",
            "kind",
            "rank",
            "reverses",
        ],
    ),
    ("pins", &["staff_id", "phc", "set_by", "set_at"]),
    (
        "access_events",
        &["staff_id", "event", "station", "by_staff", "at"],
    ),
    (
        "approvals",
        &[
            "id",
            "action",
            "table_id",
            "hand_id",
            "requested_by",
            "approved_by",
            "detail",
            "at",
        ],
    ),
    (
        "alarms",
        &["id", "table_id", "kind", "message", "hand_id", "raised_at"],
    ),
    (
        "alarm_clears",
        &["alarm_id", "cleared_by", "how", "cleared_at"],
    ),
    (
        "inventory_counts",
        &[
            "shift_id",
            "kind",
            "chips",
            "total",
            "dealer_id",
            "pit_boss_id",
            "counted_at",
        ],
    ),
    (
        "slips",
        &[
            "id",
            "number",
            "kind",
            "shift_id",
            "chips",
            "total",
            "requested_by",
            "approved_by",
            "at",
        ],
    ),
    (
        "slip_voids",
        &["slip_id", "reason", "first_by", "second_by", "voided_at"],
    ),
    ("drops", &["shift_id", "amount", "recorded_by", "at"]),
    (
        "report_prints",
        &[
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
    ),
    (
        "program_approvals",
        &["program_sha256", "action", "note", "by_staff", "at"],
    ),
    (
        "program_starts",
        &["station", "version", "program_sha256", "started_at"],
    ),
    (
        "station_keys",
        &["public_key", "every_hands", "enrolled_at"],
    ),
    (
        "checkpoints",
        &[
            "reason",
            "rows",
            "head",
            "public_key",
            "signature",
            "signed_at",
        ],
    ),
];

/// A table in the chain: every table whose first columns are `seq` and
/// `hash` (the journal's tables are emptied at each commit and are not).
#[derive(Debug, Clone)]
struct Chained {
    name: String,
    columns: Vec<String>,
}

impl Chained {
    fn column(&self, name: &str) -> usize {
        self.columns
            .iter()
            .position(|c| c == name)
            .unwrap_or_else(|| panic!("{} has no column {name}", self.name))
    }

    fn has(&self, name: &str) -> bool {
        self.columns.iter().any(|c| c == name)
    }
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The chained tables, their columns read from `PRAGMA table_info` in order
/// and checked against docs/ledger.md.
fn chained_tables(conn: &Connection) -> Vec<Chained> {
    let names: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut tables = Vec::new();
    for name in names {
        if name.starts_with("journal_") || name.starts_with("sqlite_") {
            continue;
        }
        let columns: Vec<String> = conn
            .prepare(&format!(
                "SELECT name FROM pragma_table_info({}) ORDER BY cid",
                quote_literal(&name)
            ))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        if columns.len() < 2 || columns[0] != "seq" || columns[1] != "hash" {
            continue;
        }
        let columns = columns[2..].to_vec();
        if let Some((_, documented)) = DOCUMENTED.iter().find(|(t, _)| *t == name) {
            assert_eq!(
                columns, *documented,
                "the columns of {name} differ from docs/ledger.md: my encoding would be wrong"
            );
        }
        tables.push(Chained { name, columns });
    }
    tables
}

fn quote_literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

fn table<'t>(tables: &'t [Chained], name: &str) -> Option<&'t Chained> {
    tables.iter().find(|t| t.name == name)
}

fn encode(out: &mut Vec<u8>, value: &Value) {
    match value {
        Value::Null => out.push(0),
        Value::Integer(i) => {
            out.push(1);
            out.extend_from_slice(&i.to_be_bytes());
        }
        Value::Text(s) => {
            out.push(2);
            out.extend_from_slice(&u32::try_from(s.len()).unwrap().to_be_bytes());
            out.extend_from_slice(s.as_bytes());
        }
        Value::Blob(b) => {
            out.push(3);
            out.extend_from_slice(&u32::try_from(b.len()).unwrap().to_be_bytes());
            out.extend_from_slice(b);
        }
        Value::Real(r) => panic!("a REAL ({r}) in a ledger row"),
    }
}

/// docs/ledger.md: SHA-256(previous hash ‖ seq ‖ len(name) ‖ name ‖ n ‖ values).
fn row_hash(previous: &[u8; 32], seq: i64, table: &str, values: &[Value]) -> [u8; 32] {
    let mut bytes = Vec::with_capacity(128);
    bytes.extend_from_slice(previous);
    bytes.extend_from_slice(&seq.to_be_bytes());
    bytes.push(u8::try_from(table.len()).unwrap());
    bytes.extend_from_slice(table.as_bytes());
    bytes.push(u8::try_from(values.len()).unwrap());
    for value in values {
        encode(&mut bytes, value);
    }
    Sha256::digest(&bytes).into()
}

/// Every chained row as (seq, index into `tables`), in seq order.
fn chain_order(conn: &Connection, tables: &[Chained]) -> Vec<(i64, usize)> {
    let mut order = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        let mut statement = conn
            .prepare(&format!("SELECT seq FROM {}", quoted(&t.name)))
            .unwrap();
        let seqs = statement.query_map([], |r| r.get::<_, i64>(0)).unwrap();
        for seq in seqs {
            order.push((seq.unwrap(), i));
        }
    }
    order.sort_unstable();
    order
}

fn select_row_sql(t: &Chained) -> String {
    format!(
        "SELECT {} FROM {} WHERE seq = ?1",
        t.columns
            .iter()
            .map(|c| quoted(c))
            .collect::<Vec<_>>()
            .join(", "),
        quoted(&t.name)
    )
}

/// Columns a later schema version added, left out of a row's encoding
/// while NULL (docs/ledger.md, "The hash chain").
const ADDED_LATER: &[(&str, &str)] = &[("report_prints", "printed_by")];

fn row_values(conn: &Connection, t: &Chained, seq: i64) -> Vec<Value> {
    let mut values: Vec<Value> = conn
        .prepare_cached(&select_row_sql(t))
        .unwrap()
        .query_row([seq], |r| {
            (0..t.columns.len()).map(|i| r.get::<_, Value>(i)).collect()
        })
        .unwrap();
    let added = ADDED_LATER.iter().any(|&(table, column)| {
        t.name == table && t.columns.last().map(String::as_str) == Some(column)
    });
    if added && values.last() == Some(&Value::Null) {
        values.pop();
    }
    values
}

fn stored_hash(conn: &Connection, t: &Chained, seq: i64) -> [u8; 32] {
    let hash: Vec<u8> = conn
        .prepare_cached(&format!(
            "SELECT hash FROM {} WHERE seq = ?1",
            quoted(&t.name)
        ))
        .unwrap()
        .query_row([seq], |r| r.get(0))
        .unwrap();
    hash.try_into().unwrap()
}

/// The last row's seq and stored hash (0 and zeros for an empty chain).
fn head(conn: &Connection) -> (i64, [u8; 32]) {
    let tables = chained_tables(conn);
    match chain_order(conn, &tables).last() {
        None => (0, GENESIS),
        Some(&(seq, t)) => (seq, stored_hash(conn, &tables[t], seq)),
    }
}

/// The hash of the chain at `seq` (the stored hash of that row).
fn hash_at(conn: &Connection, seq: i64) -> [u8; 32] {
    let tables = chained_tables(conn);
    let order = chain_order(conn, &tables);
    let &(_, t) = order.iter().find(|(s, _)| *s == seq).unwrap();
    stored_hash(conn, &tables[t], seq)
}

/// My own check of the chain: seqs 1, 2, 3, … with no gap or repeat and
/// every stored hash what docs/ledger.md says it is. Each forgery passes it
/// before `audit verify` sees it.
#[track_caller]
fn assert_chain_intact(path: &Path) {
    let conn =
        Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let tables = chained_tables(&conn);
    let mut previous = GENESIS;
    for (i, &(seq, t)) in chain_order(&conn, &tables).iter().enumerate() {
        assert_eq!(
            seq,
            i as i64 + 1,
            "the forgery is sloppy: seq {seq} at place {}",
            i + 1
        );
        let table = &tables[t];
        let computed = row_hash(&previous, seq, &table.name, &row_values(&conn, table, seq));
        assert_eq!(
            computed,
            stored_hash(&conn, table, seq),
            "the forgery is sloppy, or my chain encoding is wrong: row {seq} ({})",
            table.name
        );
        previous = computed;
    }
}

/// What a rewrite does with the `checkpoints` rows it passes.
#[derive(Clone, Copy)]
pub(crate) enum Checkpoints<'k> {
    /// Left as they were (only their own row hash recomputed).
    AsTheyWere,
    /// `rows` and `head` set to the chain as it now is (the signature kept).
    Refreshed,
    /// `rows`, `head`, `public_key` and `signature` from this key.
    ResignedWith(&'k SigningKey),
}

/// What a checkpoint's signature covers (docs/ledger.md).
fn checkpoint_message(rows: i64, head: &[u8; 32], reason: &str, signed_at: &str) -> Vec<u8> {
    let mut message = b"pairs-table checkpoint v2\0".to_vec();
    message.extend_from_slice(&rows.to_be_bytes());
    message.extend_from_slice(head);
    for text in [reason, signed_at] {
        message.extend_from_slice(&(text.len() as u32).to_be_bytes());
        message.extend_from_slice(text.as_bytes());
    }
    message
}

/// First 16 bytes of SHA-256 of the public key, as 32 hex digits.
fn fingerprint(public_key: &[u8]) -> String {
    hex::encode(&Sha256::digest(public_key)[..16])
}

/// Recomputes and stores every hash from `from` onwards, in chain (seq)
/// order across all chained tables; checkpoint rows brought up to date.
fn rehash_from(conn: &Connection, from: i64) {
    rehash_with(conn, from, Checkpoints::Refreshed);
}

pub(crate) fn rehash_with(conn: &Connection, from: i64, checkpoints: Checkpoints<'_>) {
    let tx = conn.unchecked_transaction().unwrap();
    let tables = chained_tables(conn);
    let order = chain_order(conn, &tables);
    let start = order.partition_point(|&(seq, _)| seq < from);
    let (mut previous_seq, mut previous) = match start.checked_sub(1) {
        None => (0, GENESIS),
        Some(i) => {
            let (seq, t) = order[i];
            (seq, stored_hash(conn, &tables[t], seq))
        }
    };
    for &(seq, t) in &order[start..] {
        let table = &tables[t];
        if table.name == "checkpoints" {
            match checkpoints {
                Checkpoints::AsTheyWere => {}
                Checkpoints::Refreshed => {
                    conn.execute(
                        "UPDATE checkpoints SET rows = ?1, head = ?2 WHERE seq = ?3",
                        rusqlite::params![previous_seq, previous.to_vec(), seq],
                    )
                    .unwrap();
                }
                Checkpoints::ResignedWith(key) => {
                    let (reason, signed_at): (String, String) = conn
                        .query_row(
                            "SELECT reason, signed_at FROM checkpoints WHERE seq = ?1",
                            [seq],
                            |r| Ok((r.get(0)?, r.get(1)?)),
                        )
                        .unwrap();
                    let signature = key.sign(&checkpoint_message(
                        previous_seq,
                        &previous,
                        &reason,
                        &signed_at,
                    ));
                    conn.execute(
                        "UPDATE checkpoints SET rows = ?1, head = ?2, public_key = ?3, signature = ?4 WHERE seq = ?5",
                        rusqlite::params![
                            previous_seq,
                            previous.to_vec(),
                            key.verifying_key().to_bytes().to_vec(),
                            signature.to_bytes().to_vec(),
                            seq
                        ],
                    )
                    .unwrap();
                }
            }
        }
        let hash = row_hash(&previous, seq, &table.name, &row_values(conn, table, seq));
        conn.prepare_cached(&format!(
            "UPDATE {} SET hash = ?1 WHERE seq = ?2",
            quoted(&table.name)
        ))
        .unwrap()
        .execute(rusqlite::params![hash.to_vec(), seq])
        .unwrap();
        previous = hash;
        previous_seq = seq;
    }
    tx.commit().unwrap();
}

/// Renumbers the chain 1, 2, 3, … closing every gap (transfers' `reverses`
/// follow their rows); returns the first seq that changed (or one past the
/// end).
fn renumber(conn: &Connection) -> i64 {
    let tx = conn.unchecked_transaction().unwrap();
    let tables = chained_tables(conn);
    let order = chain_order(conn, &tables);
    let mut first_changed = order.len() as i64 + 1;
    let mut moved = HashMap::new();
    for (i, &(old, t)) in order.iter().enumerate() {
        let new = i as i64 + 1;
        if new != old {
            first_changed = first_changed.min(new);
            conn.execute(
                &format!(
                    "UPDATE {} SET seq = ?1 WHERE seq = ?2",
                    quoted(&tables[t].name)
                ),
                [new, old],
            )
            .unwrap();
            moved.insert(old, new);
        }
    }
    if table(&tables, "transfers").is_some_and(|t| t.has("reverses")) {
        for (old, new) in moved {
            conn.execute(
                "UPDATE transfers SET reverses = ?1 WHERE reverses = ?2",
                [new, old],
            )
            .unwrap();
        }
    }
    tx.commit().unwrap();
    first_changed
}

/// Makes room at `at`: every row from `at` on moves one seq up.
fn shift_up_from(conn: &Connection, at: i64) {
    let tx = conn.unchecked_transaction().unwrap();
    let tables = chained_tables(conn);
    let order = chain_order(conn, &tables);
    for &(seq, t) in order.iter().rev().take_while(|&&(seq, _)| seq >= at) {
        conn.execute(
            &format!(
                "UPDATE {} SET seq = seq + 1 WHERE seq = ?1",
                quoted(&tables[t].name)
            ),
            [seq],
        )
        .unwrap();
    }
    if table(&tables, "transfers").is_some_and(|t| t.has("reverses")) {
        conn.execute(
            "UPDATE transfers SET reverses = reverses + 1 WHERE reverses >= ?1",
            [at],
        )
        .unwrap();
    }
    tx.commit().unwrap();
}

/// Inserts a row with `seq` (its hash a placeholder until a rehash).
pub(crate) fn insert_row(conn: &Connection, table_name: &str, seq: i64, values: &[Value]) {
    let tables = chained_tables(conn);
    let t = table(&tables, table_name).unwrap();
    assert_eq!(values.len(), t.columns.len(), "{table_name}: {values:?}");
    let columns = t
        .columns
        .iter()
        .map(|c| quoted(c))
        .collect::<Vec<_>>()
        .join(", ");
    let marks = (3..values.len() + 3)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut params: Vec<Value> = vec![Value::Integer(seq), Value::Blob(GENESIS.to_vec())];
    params.extend(values.iter().cloned());
    conn.execute(
        &format!(
            "INSERT INTO {} (seq, hash, {columns}) VALUES (?1, ?2, {marks})",
            quoted(table_name)
        ),
        rusqlite::params_from_iter(params),
    )
    .unwrap();
}

/// Appends a correctly chained row at the head; returns its seq.
fn append(conn: &Connection, table_name: &str, values: &[Value]) -> i64 {
    let (last, _) = head(conn);
    insert_row(conn, table_name, last + 1, values);
    rehash_from(conn, last + 1);
    last + 1
}

/// The last row of a table (by seq), with its seq.
fn last_row(conn: &Connection, table_name: &str) -> Option<(i64, Vec<Value>)> {
    let tables = chained_tables(conn);
    let t = table(&tables, table_name)?;
    let seq: Option<i64> = conn
        .query_row(
            &format!("SELECT MAX(seq) FROM {}", quoted(&t.name)),
            [],
            |r| r.get(0),
        )
        .unwrap();
    seq.map(|seq| (seq, row_values(conn, t, seq)))
}

/// Appends a copy of the last checkpoint with `rows` and `head` brought up
/// to date and its old signature (the best an insider without the key can
/// do), if the ledger has checkpoints.
fn append_forged_checkpoint(conn: &Connection) {
    let tables = chained_tables(conn);
    let Some(t) = table(&tables, "checkpoints") else {
        return;
    };
    let Some((_, mut values)) = last_row(conn, "checkpoints") else {
        return;
    };
    let (rows, head) = head(conn);
    values[t.column("rows")] = Value::Integer(rows);
    values[t.column("head")] = Value::Blob(head.to_vec());
    insert_row(conn, "checkpoints", rows + 1, &values);
    rehash_with(conn, rows + 1, Checkpoints::AsTheyWere);
}

/// Deletes every chained row from `from` on.
fn cut_from(conn: &Connection, from: i64) {
    let tx = conn.unchecked_transaction().unwrap();
    for t in chained_tables(conn) {
        conn.execute(
            &format!("DELETE FROM {} WHERE seq >= ?1", quoted(&t.name)),
            [from],
        )
        .unwrap();
    }
    tx.commit().unwrap();
}

fn query_i64(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

fn query_opt_i64(conn: &Connection, sql: &str) -> Option<i64> {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

fn has_table(conn: &Connection, name: &str) -> bool {
    conn.query_row(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
        [name],
        |r| r.get::<_, i64>(0),
    )
    .unwrap()
        > 0
}

fn read_only(path: &Path) -> Connection {
    Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
}

/// The ledger was signed (issue 14's tables are there and hold rows).
#[track_caller]
fn assert_signed(path: &Path) {
    let conn = read_only(path);
    for t in ["station_keys", "checkpoints"] {
        assert!(
            has_table(&conn, t) && query_i64(&conn, &format!("SELECT COUNT(*) FROM {t}")) > 0,
            "the ledger has no {t} rows: the signed checkpoints of issue 14 have not landed"
        );
    }
}

// ───────────────────────── the forger's session ─────────────────────────

/// The raw file opened as a forger does: foreign keys off, every trigger
/// dropped (and remembered, to be put back from the file's own SQL).
pub(crate) struct Forgery {
    pub(crate) conn: Connection,
    triggers: Vec<String>,
}

impl Forgery {
    pub(crate) fn open(path: &Path) -> Forgery {
        let conn = Connection::open(path).unwrap();
        conn.pragma_update(None, "foreign_keys", false).unwrap();
        conn.pragma_update(None, "synchronous", "OFF").unwrap();
        let triggers: Vec<(String, String)> = conn
            .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for (name, _) in &triggers {
            conn.execute_batch(&format!("DROP TRIGGER {}", quoted(name)))
                .unwrap();
        }
        Forgery {
            conn,
            triggers: triggers.into_iter().map(|(_, sql)| sql).collect(),
        }
    }

    /// Triggers back exactly as they were, then VACUUM.
    pub(crate) fn finish(self) {
        for sql in &self.triggers {
            self.conn.execute_batch(sql).unwrap();
        }
        self.conn.execute_batch("VACUUM").unwrap();
    }

    /// VACUUM with the triggers left dropped.
    fn finish_without_triggers(self) {
        self.conn.execute_batch("VACUUM").unwrap();
    }
}

// ───────────────────────── attack 1: a raised bet ─────────────────────────

/// A bet raised in one hand, with the transfers the program's own `replay`
/// gives for it.
struct RaisedBet {
    hand: i64,
    seat: i64,
    seats: String,
    transfers: Vec<(String, String, i64, String, Option<i64>)>,
}

/// The first hand from `from` on in which a seat was paid by the house:
/// its bet raised to the table maximum, replayed.
fn raised_bet(station: &Station, db: &Path, from: i64) -> RaisedBet {
    let conn = read_only(db);
    let (hand, to): (i64, String) = conn
        .query_row(
            "SELECT t.hand_id, t.to_account FROM transfers t JOIN hands h ON h.id = t.hand_id \
             WHERE t.from_account = 'house' AND t.to_account LIKE 'seat %' AND t.hand_id >= ?1 \
             AND h.status = 'complete' ORDER BY t.seq LIMIT 1",
            [from],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let seat: i64 = to.strip_prefix("seat ").unwrap().parse().unwrap();
    let seats: String = conn
        .query_row("SELECT seats FROM hands WHERE id = ?1", [hand], |r| {
            r.get(0)
        })
        .unwrap();
    let old_lines = query_i64(
        &conn,
        &format!("SELECT COUNT(*) FROM transfers WHERE hand_id = {hand}"),
    );
    let net_of = |lines: &[(String, String, i64, String, Option<i64>)]| -> i64 {
        let me = format!("seat {seat}");
        lines
            .iter()
            .map(|(from, to, amount, _, _)| {
                if *to == me {
                    *amount
                } else if *from == me {
                    -amount
                } else {
                    0
                }
            })
            .sum()
    };
    let old: Vec<(String, String, i64, String, Option<i64>)> = conn
        .prepare("SELECT from_account, to_account, amount, kind, rank FROM transfers WHERE hand_id = ?1 ORDER BY line")
        .unwrap()
        .query_map([hand], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();

    let mut history = station.exported(db, hand);
    let max_bet = history["max_bet"].as_i64().unwrap();
    for s in history["seats"].as_array_mut().unwrap() {
        if s["seat"].as_i64() == Some(seat) {
            s["bet"] = max_bet.into();
        }
    }
    let replayed = station.replay(&history);
    let transfers: Vec<(String, String, i64, String, Option<i64>)> = replayed["transfers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["from"].as_str().unwrap().to_owned(),
                t["to"].as_str().unwrap().to_owned(),
                t["amount"].as_i64().unwrap(),
                t["kind"].as_str().unwrap().to_owned(),
                t["rank"].as_i64(),
            )
        })
        .collect();
    assert_eq!(transfers.len() as i64, old_lines, "hand {hand}: {replayed}");
    assert!(
        net_of(&transfers) > net_of(&old),
        "raising seat {seat}'s bet in hand {hand} does not pay it more"
    );
    let seats = seats
        .split(' ')
        .map(|pair| {
            let (s, bet) = pair.split_once(':').unwrap();
            if s.parse::<i64>().unwrap() == seat {
                format!("{s}:{max_bet}")
            } else {
                format!("{s}:{bet}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    RaisedBet {
        hand,
        seat,
        seats,
        transfers,
    }
}

/// Writes the raised bet and its transfers into the hand's rows; returns
/// the first seq changed (the hand's row).
fn apply_raised_bet(conn: &Connection, bet: &RaisedBet) -> i64 {
    let tx = conn.unchecked_transaction().unwrap();
    conn.execute(
        "UPDATE hands SET seats = ?1 WHERE id = ?2",
        rusqlite::params![bet.seats, bet.hand],
    )
    .unwrap();
    for (i, (from, to, amount, kind, rank)) in bet.transfers.iter().enumerate() {
        let changed = conn
            .execute(
                "UPDATE transfers SET from_account = ?1, to_account = ?2, amount = ?3, kind = ?4, rank = ?5 \
                 WHERE hand_id = ?6 AND line = ?7",
                rusqlite::params![from, to, amount, kind, rank, bet.hand, i as i64 + 1],
            )
            .unwrap();
        assert_eq!(changed, 1, "hand {} line {}", bet.hand, i + 1);
    }
    tx.commit().unwrap();
    query_i64(
        conn,
        &format!("SELECT seq FROM hands WHERE id = {}", bet.hand),
    )
}

/// Attack 1. Fails on the ledger before issue 14 (verify passed it: the
/// hand replays to its forged transfers and the chain is whole).
#[test]
fn a_raised_bet_with_agreeing_transfers_and_a_rehashed_chain_is_caught() {
    let station = Station::new("raised-bet");
    let db = station.ledger("ledger", 300, 11);
    station.verified(&db);
    let bet = raised_bet(&station, &db, 20);
    let forgery = Forgery::open(&db);
    let from = apply_raised_bet(&forgery.conn, &bet);
    rehash_from(&forgery.conn, from);
    forgery.finish();
    assert_chain_intact(&db);
    // The forged hand replays to its forged transfers: the rules engine
    // cannot see this; only something the insider cannot forge can.
    let exported = station.exported(&db, bet.hand);
    let seat = exported["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["seat"].as_i64() == Some(bet.seat))
        .unwrap();
    assert_eq!(seat["bet"], exported["max_bet"]);
    assert_caught(
        &station.verify(&db, &[]),
        &format!("seat {}'s bet raised in hand {}", bet.seat, bet.hand),
    );
}

// ───────────────────────── attack 2: an erased hand ─────────────────────────

/// How the erased hand's cards leave the shoe's revealed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cards {
    /// Cut from the revealed order (the stack is then short).
    Cut,
    /// Moved to the undealt end of the stack, so the stack stays whole,
    /// from a stack whose last hand went far enough past the cut card that
    /// the shuffle still comes where it should.
    HiddenInTheTail,
    /// The hand was dealt from the last stack, never revealed.
    Unrevealed,
}

/// Where each hand's cards came from: the stack (shuffle number) and the
/// positions in its order, burns included.
struct Stack {
    number: i64,
    size: i64,
    dealt: i64,
    ends_mid_hand: bool,
    revealed: bool,
    hands: Vec<(i64, i64, i64)>, // hand, first position, cards
}

fn stacks(conn: &Connection) -> Vec<Stack> {
    // (seq, kind, hand or shuffle number, stack size), in chain order.
    let mut events: Vec<(i64, char, i64, i64)> = Vec::new();
    for (sql, kind) in [
        ("SELECT seq, number, cards FROM shuffles", 'S'),
        ("SELECT seq, hand_id, 0 FROM cards", 'C'),
        ("SELECT seq, hand_id, 0 FROM external_shuffles", 'X'),
    ] {
        let mut statement = conn.prepare(sql).unwrap();
        let rows = statement
            .query_map([], |r| Ok((r.get(0)?, kind, r.get(1)?, r.get(2)?)))
            .unwrap();
        for row in rows {
            events.push(row.unwrap());
        }
    }
    events.sort_unstable();
    let mid_hand: HashMap<i64, bool> = conn
        .prepare("SELECT number, mid_hand FROM shuffles")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? != 0)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let revealed: Vec<i64> = conn
        .prepare("SELECT number FROM reveals")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut stacks: Vec<Stack> = Vec::new();
    for (_, kind, a, b) in events {
        match kind {
            'S' => {
                assert!(
                    stacks.iter().all(|s| s.number != a),
                    "shuffle {a} twice: this test assumes one shoe"
                );
                if let Some(last) = stacks.last_mut() {
                    last.ends_mid_hand = mid_hand[&a];
                }
                stacks.push(Stack {
                    number: a,
                    size: b,
                    dealt: 0,
                    ends_mid_hand: false,
                    revealed: revealed.contains(&a),
                    hands: Vec::new(),
                });
            }
            'X' => panic!("an external shuffle: this test assumes the software shoe"),
            _ => {
                let stack = stacks.last_mut().unwrap();
                match stack.hands.last_mut() {
                    Some((hand, _, cards)) if *hand == a => *cards += 1,
                    _ => stack.hands.push((a, stack.dealt, 1)),
                }
                stack.dealt += 1;
            }
        }
    }
    stacks
}

fn penetration_permille(conn: &Connection) -> i64 {
    let text: String = conn
        .query_row("SELECT toml FROM rules ORDER BY seq LIMIT 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    let rules: toml::Table = toml::from_str(&text).unwrap();
    let fraction = rules
        .get("penetration")
        .and_then(toml::Value::as_float)
        .unwrap_or(0.8);
    (fraction * 1000.0).round() as i64
}

/// SHA-256 over `pairs-table shuffle v1`, the salt and the order, one byte
/// per card (docs/software-shoe.md, `commitment_of` in src/engine/shoe.rs).
fn commitment(order: &[u8], salt: &[u8]) -> Vec<u8> {
    let mut hasher = Sha256::new();
    hasher.update(b"pairs-table shuffle v1");
    hasher.update(salt);
    hasher.update(order);
    hasher.finalize().to_vec()
}

/// A hand to erase: the house won it, it has no shuffle or reveal of its
/// own, and the next hand's `previous_button` can be set to the hand
/// before's button without changing how the next hand replays.
struct Erasure {
    hand: i64,
    stack: i64,
    first: i64,
    cards: i64,
    next_previous_button: Option<Option<i64>>,
}

fn house_net(conn: &Connection, hand: i64) -> i64 {
    query_i64(
        conn,
        &format!(
            "SELECT COALESCE(SUM(CASE WHEN to_account = 'house' THEN amount ELSE 0 END) \
             - SUM(CASE WHEN from_account = 'house' THEN amount ELSE 0 END), 0) \
             FROM transfers WHERE hand_id = {hand}"
        ),
    )
}

fn find_erasure(station: &Station, db: &Path, how: Cards) -> Erasure {
    let conn = read_only(db);
    let last_hand = query_i64(&conn, "SELECT MAX(id) FROM hands");
    let penetration = penetration_permille(&conn);
    let own_shuffle = |hand: i64| {
        query_i64(
            &conn,
            &format!(
                "SELECT (SELECT COUNT(*) FROM shuffles WHERE hand_id = {hand}) \
                 + (SELECT COUNT(*) FROM reveals WHERE hand_id = {hand})"
            ),
        ) > 0
    };
    let button = |hand: i64| -> (Option<i64>, Option<i64>) {
        conn.query_row(
            "SELECT previous_button, button FROM hands WHERE id = ?1",
            [hand],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
    };
    let mut tried = 0;
    for stack in stacks(&conn) {
        let fits = match how {
            Cards::Cut => stack.revealed,
            Cards::HiddenInTheTail => stack.revealed && !stack.ends_mid_hand,
            Cards::Unrevealed => !stack.revealed,
        };
        if !fits {
            continue;
        }
        for &(hand, first, cards) in &stack.hands {
            if hand <= 1 || hand >= last_hand || own_shuffle(hand) || house_net(&conn, hand) <= 0 {
                continue;
            }
            if how == Cards::HiddenInTheTail
                && (stack.dealt - cards) * 1000 < stack.size * penetration
            {
                continue;
            }
            let (_, before) = button(hand - 1);
            let (next_previous, _) = button(hand + 1);
            let next_previous_button = if next_previous == before {
                None
            } else {
                // Would the next hand replay the same with the button
                // carried over from the hand before? Ask `replay`.
                tried += 1;
                if tried > 12 {
                    break;
                }
                let history = station.exported(db, hand + 1);
                let mut changed = history.clone();
                changed["previous_button"] = before.map_or(serde_json::Value::Null, Into::into);
                let (a, b) = (station.replay(&history), station.replay(&changed));
                // No starter (the dealer's first card a 3) would carry
                // the changed button on to the next hands: not that one.
                if a["button"].is_null()
                    || a["transfers"] != b["transfers"]
                    || a["button"] != b["button"]
                {
                    continue;
                }
                Some(before)
            };
            return Erasure {
                hand,
                stack: stack.number,
                first,
                cards,
                next_previous_button,
            };
        }
    }
    panic!("no hand to erase with {how:?} in this fixture: choose another seed");
}

/// Erases the hand, fixes the shoe as `how` says, closes the gaps in hand
/// ids and seqs, re-hashes.
fn erase(conn: &Connection, e: &Erasure, how: Cards) {
    let tx = conn.unchecked_transaction().unwrap();
    let shuffle_seq = query_i64(
        conn,
        &format!("SELECT seq FROM shuffles WHERE number = {}", e.stack),
    );
    if how != Cards::Unrevealed {
        let (order, salt): (Vec<u8>, Vec<u8>) = conn
            .query_row(
                "SELECT card_order, salt FROM reveals WHERE number = ?1",
                [e.stack],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        let committed: Vec<u8> = conn
            .query_row(
                "SELECT commitment FROM shuffles WHERE number = ?1",
                [e.stack],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(
            commitment(&order, &salt),
            committed,
            "my commitment formula is wrong"
        );
        let (first, cards) = (e.first as usize, e.cards as usize);
        let erased = order[first..first + cards].to_vec();
        let mut new_order = [&order[..first], &order[first + cards..]].concat();
        if how == Cards::HiddenInTheTail {
            new_order.extend_from_slice(&erased);
        }
        conn.execute(
            "UPDATE reveals SET card_order = ?1 WHERE number = ?2",
            rusqlite::params![new_order, e.stack],
        )
        .unwrap();
        conn.execute(
            "UPDATE shuffles SET commitment = ?1, cards = ?2 WHERE number = ?3",
            rusqlite::params![
                commitment(&new_order, &salt),
                new_order.len() as i64,
                e.stack
            ],
        )
        .unwrap();
    }
    let tables = chained_tables(conn);
    for t in tables.iter().filter(|t| t.has("hand_id")) {
        conn.execute(
            &format!("DELETE FROM {} WHERE hand_id = ?1", quoted(&t.name)),
            [e.hand],
        )
        .unwrap();
    }
    conn.execute("DELETE FROM hands WHERE id = ?1", [e.hand])
        .unwrap();
    if let Some(previous) = e.next_previous_button {
        conn.execute(
            "UPDATE hands SET previous_button = ?1 WHERE id = ?2",
            rusqlite::params![previous, e.hand + 1],
        )
        .unwrap();
    }
    // Hand ids close up, lowest first so that none clashes.
    let later: Vec<i64> = conn
        .prepare("SELECT id FROM hands WHERE id > ?1 ORDER BY id")
        .unwrap()
        .query_map([e.hand], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for id in later {
        conn.execute("UPDATE hands SET id = ?1 WHERE id = ?2", [id - 1, id])
            .unwrap();
        for t in tables.iter().filter(|t| t.has("hand_id")) {
            conn.execute(
                &format!(
                    "UPDATE {} SET hand_id = ?1 WHERE hand_id = ?2",
                    quoted(&t.name)
                ),
                [id - 1, id],
            )
            .unwrap();
        }
    }
    tx.commit().unwrap();
    renumber(conn);
    rehash_from(conn, shuffle_seq);
}

/// Attack 2, three ways. Fails on the ledger before issue 14: verify
/// passed all three (it never checked that a revealed stack is a whole
/// shoe, and the last stack is never revealed at all).
#[test]
fn an_erased_hand_the_house_won_is_caught() {
    let station = Station::new("erased-hand");
    // 596 hands of seed 3: the last stack (13 hands) is never revealed.
    let db = station.ledger("ledger", 596, 3);
    station.verified(&db);
    let mut misses = Misses::default();
    for how in [Cards::Cut, Cards::HiddenInTheTail, Cards::Unrevealed] {
        let copy = copy_of(&station, &db, &format!("{how:?}"));
        let e = find_erasure(&station, &copy, how);
        let forgery = Forgery::open(&copy);
        erase(&forgery.conn, &e, how);
        forgery.finish();
        assert_chain_intact(&copy);
        misses.caught(
            &station.verify(&copy, &[]),
            &format!(
                "hand {} (house won {}) erased, its {} cards {how:?}",
                e.hand,
                house_net(&read_only(&db), e.hand),
                e.cards
            ),
        );
    }
    misses.assert_none();
}

// ───────────────────────── attack 3: a cut tail, re-closed ─────────────────────────

/// Cuts the last `hands` hands and everything after them, then re-closes
/// the shift with a correctly chained `shift_closes` row (and, with
/// `forged_checkpoint`, a copy of the last checkpoint brought up to date).
fn cut_and_reclose(path: &Path, hands: i64, forged_checkpoint: bool) {
    let forgery = Forgery::open(path);
    let conn = &forgery.conn;
    let last = query_i64(conn, "SELECT MAX(id) FROM hands");
    let from = query_i64(
        conn,
        &format!("SELECT seq FROM hands WHERE id = {}", last - hands + 1),
    );
    let (_, close) = last_row(conn, "shift_closes").unwrap();
    let checkpoint = last_row(conn, "checkpoints");
    cut_from(conn, from);
    append(conn, "shift_closes", &close);
    if let (true, Some((_, mut values))) = (forged_checkpoint, checkpoint) {
        // The cut took the last checkpoint: a copy of it, brought up to date.
        let tables = chained_tables(conn);
        let t = table(&tables, "checkpoints").unwrap();
        let (rows, head) = head(conn);
        values[t.column("rows")] = Value::Integer(rows);
        values[t.column("head")] = Value::Blob(head.to_vec());
        insert_row(conn, "checkpoints", rows + 1, &values);
        rehash_with(conn, rows + 1, Checkpoints::AsTheyWere);
    }
    forgery.finish();
    assert_chain_intact(path);
}

/// Attack 3: a ledger of `hands` hands with its last `cut` cut and the
/// shift re-closed, with and without a checkpoint copied and brought up to
/// date, must fail verify.
fn assert_cut_and_reclose_caught(name: &str, hands: u32, cut: i64, seed: u64) {
    let station = Station::new(name);
    let db = station.ledger("ledger", hands, seed);
    station.verified(&db);
    let mut misses = Misses::default();
    for forged_checkpoint in [false, true] {
        let copy = copy_of(&station, &db, &format!("cut-{forged_checkpoint}"));
        cut_and_reclose(&copy, cut, forged_checkpoint);
        misses.caught(
            &station.verify(&copy, &[]),
            &format!(
                "the last {cut} hands cut, shift re-closed (forged checkpoint: {forged_checkpoint})"
            ),
        );
    }
    misses.assert_none();
}

/// Attack 3 (10 hands). Fails on the ledger before issue 14.
#[test]
fn the_last_10_hands_cut_and_the_shift_reclosed_are_caught() {
    assert_cut_and_reclose_caught("cut-10", 300, 10, 5);
}

/// Attack 3 (500 hands). Fails on the ledger before issue 14.
#[test]
fn the_last_500_hands_cut_and_the_shift_reclosed_are_caught() {
    assert_cut_and_reclose_caught("cut-500", 620, 500, 6);
}

// ───────────────────────── attack 4: triggers and schema version ─────────────────────────

/// Attack 4a. Fails on the ledger before issue 14 (verify never looked at
/// the triggers).
#[test]
fn dropped_append_only_triggers_are_caught() {
    let station = Station::new("no-triggers");
    let db = station.ledger("ledger", 30, 1);
    station.verified(&db);
    let forgery = Forgery::open(&db);
    assert!(!forgery.triggers.is_empty());
    forgery.finish_without_triggers();
    assert_chain_intact(&db);
    assert_caught(&station.verify(&db, &[]), "every trigger dropped");
}

/// Attack 4b. Fails on the ledger before issue 14: verify passed, and
/// export and simulate tried to migrate again and printed SQL.
#[test]
fn a_lowered_schema_version_fails_verify_and_is_refused_by_export_and_simulate() {
    let station = Station::new("user-version");
    let db = station.ledger("ledger", 30, 1);
    station.verified(&db);
    {
        let conn = Connection::open(&db).unwrap();
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        conn.pragma_update(None, "user_version", version - 1)
            .unwrap();
    }
    let before = file_digest(&db);
    let mut misses = Misses::default();
    let run = station.verify(&db, &[]);
    misses.fails_clearly(&run, "user_version lowered by one");
    misses.untouched(&db, &before, "audit verify");
    let run = station.export(&db, 1);
    misses.refused(&run, "audit export of a ledger with user_version lowered");
    misses.untouched(&db, &before, "audit export");
    let run = station.run(&[
        OsStr::new("simulate"),
        OsStr::new("--game"),
        OsStr::new("rocket"),
        OsStr::new("--hands"),
        OsStr::new("1"),
        OsStr::new("--seed"),
        OsStr::new("1"),
        OsStr::new("--db"),
        db.as_os_str(),
    ]);
    misses.refused(&run, "simulate --db on a ledger with user_version lowered");
    misses.untouched(&db, &before, "simulate --db");
    misses.assert_none();
}

/// Extra: the triggers replaced by look-alikes of the same names that never
/// fire (`WHEN 0`), so that a check of trigger names alone is satisfied.
/// Fails on the ledger before issue 14.
#[test]
fn look_alike_triggers_that_never_fire_are_caught() {
    let station = Station::new("look-alike-triggers");
    let db = station.ledger("ledger", 30, 1);
    station.verified(&db);
    let forgery = Forgery::open(&db);
    for sql in &forgery.triggers {
        let at = sql.find("BEGIN").unwrap();
        let look_alike = format!("{} WHEN 0 {}", sql[..at].trim_end(), &sql[at..]);
        forgery.conn.execute_batch(&look_alike).unwrap();
    }
    // Rows can be rewritten again, the triggers' names notwithstanding.
    assert_eq!(
        forgery
            .conn
            .execute("UPDATE hands SET status = status WHERE id = 1", [])
            .unwrap(),
        1
    );
    forgery.finish_without_triggers();
    assert_chain_intact(&db);
    assert_caught(
        &station.verify(&db, &[]),
        "triggers replaced by look-alikes",
    );
}

/// Extra: a trigger of the insider's own, which silently swallows every
/// future void (`RAISE(IGNORE)`): the approval is recorded, the void never
/// is. Fails on the ledger before issue 14.
#[test]
fn a_foreign_trigger_is_caught() {
    let station = Station::new("foreign-trigger");
    let db = station.ledger("ledger", 30, 1);
    station.verified(&db);
    let conn = Connection::open(&db).unwrap();
    conn.execute_batch(
        "CREATE TRIGGER voids_no_insert BEFORE INSERT ON voids BEGIN SELECT RAISE(IGNORE); END",
    )
    .unwrap();
    drop(conn);
    assert_chain_intact(&db);
    assert_caught(
        &station.verify(&db, &[]),
        "a trigger the program never wrote",
    );
}

// ───────────────────────── attack 5: not a ledger ─────────────────────────

/// Attack 5a. Fails on the ledger before issue 14 ("rows: 0,
/// discrepancies: 0").
#[test]
fn an_empty_file_is_not_a_ledger() {
    let station = Station::new("empty");
    let db = station.path("empty.sqlite3");
    std::fs::File::create(&db).unwrap();
    let before = file_digest(&db);
    let mut misses = Misses::default();
    let run = station.verify(&db, &[]);
    misses.fails_clearly(&run, "an empty file");
    misses.untouched(&db, &before, "audit verify");
    let run = station.export(&db, 1);
    misses.refused(&run, "audit export of an empty file");
    misses.untouched(&db, &before, "audit export");
    misses.assert_none();
}

/// Attack 5b. Fails on the ledger before issue 14: verify passed it, and
/// export and simulate migrated the payroll into a ledger.
#[test]
fn a_foreign_database_is_not_a_ledger_and_is_left_untouched() {
    let station = Station::new("foreign");
    let db = station.path("payroll.sqlite3");
    {
        let conn = Connection::open(&db).unwrap();
        conn.execute_batch(
            "CREATE TABLE payroll (id INTEGER PRIMARY KEY, name TEXT NOT NULL, salary INTEGER NOT NULL);
             INSERT INTO payroll (name, salary) VALUES ('Ann', 52000), ('Bob', 48000);",
        )
        .unwrap();
    }
    let before = file_digest(&db);
    let mut misses = Misses::default();
    let run = station.verify(&db, &[]);
    misses.fails_clearly(&run, "a payroll database");
    misses.untouched(&db, &before, "audit verify");
    let run = station.export(&db, 1);
    misses.refused(&run, "audit export of a payroll database");
    misses.untouched(&db, &before, "audit export");
    let run = station.run(&[
        OsStr::new("simulate"),
        OsStr::new("--game"),
        OsStr::new("rocket"),
        OsStr::new("--hands"),
        OsStr::new("2"),
        OsStr::new("--seed"),
        OsStr::new("1"),
        OsStr::new("--db"),
        db.as_os_str(),
    ]);
    misses.refused(&run, "simulate --db into a payroll database");
    misses.untouched(&db, &before, "simulate --db");
    misses.assert_none();
}

// ───────────────────────── attack 6: forged rows at the end ─────────────────────────

fn last_time(conn: &Connection) -> String {
    conn.query_row(
        "SELECT closed_at FROM shift_closes ORDER BY seq DESC LIMIT 1",
        [],
        |r| r.get(0),
    )
    .unwrap()
}

/// Attack 6. Fails on the ledger before issue 14 (each forged row was a
/// perfect link in the chain).
#[test]
fn forged_staff_pin_and_program_start_rows_at_the_end_are_caught() {
    use argon2::password_hash::PasswordHasher;

    let station = Station::new("forged-rows");
    let db = station.ledger("ledger", 60, 2);
    station.verified(&db);
    let mut misses = Misses::default();

    // A new pit boss.
    let copy = copy_of(&station, &db, "staff");
    let forgery = Forgery::open(&copy);
    let at = last_time(&forgery.conn);
    let id = query_i64(&forgery.conn, "SELECT MAX(id) FROM staff") + 1;
    append(
        &forgery.conn,
        "staff",
        &[
            Value::Integer(id),
            Value::Text("Mallory Marsh".into()),
            Value::Text("pit_boss".into()),
            Value::Text(at),
        ],
    );
    forgery.finish();
    assert_chain_intact(&copy);
    misses.caught(&station.verify(&copy, &[]), "a forged pit boss appended");

    // A PIN the insider knows for the pit boss, with a copy of the last
    // checkpoint brought up to date after it.
    let copy = copy_of(&station, &db, "pins");
    let forgery = Forgery::open(&copy);
    let at = last_time(&forgery.conn);
    let boss = query_i64(
        &forgery.conn,
        "SELECT id FROM staff WHERE role = 'pit_boss' ORDER BY seq LIMIT 1",
    );
    let phc = argon2::Argon2::default()
        .hash_password_with_salt(b"482916", b"insider-salt-16b")
        .unwrap()
        .to_string();
    append(
        &forgery.conn,
        "pins",
        &[
            Value::Integer(boss),
            Value::Text(phc),
            Value::Integer(boss),
            Value::Text(at),
        ],
    );
    append_forged_checkpoint(&forgery.conn);
    forgery.finish();
    assert_chain_intact(&copy);
    misses.caught(
        &station.verify(&copy, &[]),
        "a forged PIN for the pit boss appended",
    );

    // A start of a patched program.
    let copy = copy_of(&station, &db, "program-start");
    let forgery = Forgery::open(&copy);
    let at = last_time(&forgery.conn);
    append(
        &forgery.conn,
        "program_starts",
        &[
            Value::Text("table station".into()),
            Value::Text(env!("CARGO_PKG_VERSION").into()),
            Value::Blob(Sha256::digest(b"a patched pairs-table").to_vec()),
            Value::Text(at),
        ],
    );
    forgery.finish();
    assert_chain_intact(&copy);
    misses.caught(
        &station.verify(&copy, &[]),
        "a forged program start appended",
    );
    misses.assert_none();
}

/// Appends a copy of every row of `hand` (its `hands` row and every row
/// with its `hand_id`) at the end of the chain, as hand `id`, its times
/// set to `at`; returns the first seq appended.
fn append_copy_of_hand(conn: &Connection, hand: i64, id: i64, at: &str) -> i64 {
    let tables = chained_tables(conn);
    let mut rows = Vec::new();
    for t in &tables {
        let key = if t.name == "hands" {
            "id"
        } else if t.has("hand_id") {
            "hand_id"
        } else {
            continue;
        };
        let seqs: Vec<i64> = conn
            .prepare(&format!(
                "SELECT seq FROM {} WHERE {key} = ?1",
                quoted(&t.name)
            ))
            .unwrap()
            .query_map([hand], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        rows.extend(seqs.into_iter().map(|seq| (seq, t, key)));
    }
    rows.sort_unstable_by_key(|&(seq, _, _)| seq);
    let (last, _) = head(conn);
    for (i, &(seq, t, key)) in rows.iter().enumerate() {
        let mut values = row_values(conn, t, seq);
        values[t.column(key)] = Value::Integer(id);
        for time in ["at", "started_at", "ended_at"] {
            if t.has(time) {
                values[t.column(time)] = Value::Text(at.to_owned());
            }
        }
        insert_row(conn, &t.name, last + 1 + i as i64, &values);
    }
    rehash_from(conn, last + 1);
    last + 1
}

/// Attack 6, further: a whole hand forged after the shift was closed and
/// signed (a copy of the biggest house loss of the last, never revealed,
/// stack, as the next hand number), correctly chained. Hands may go
/// unsigned for up to `every_hands` hands, so only the closed shift shows
/// it. Fails on the ledger before issue 14, and still on its first signed
/// version (5df9e09): verify has no rule against a hand after its shift's
/// close. Signing every hand commit, or that rule, would catch it.
#[test]
fn a_forged_hand_appended_after_the_shift_close_is_caught() {
    let station = Station::new("forged-hand");
    let db = station.ledger("ledger", 120, 23);
    station.verified(&db);
    let forgery = Forgery::open(&db);
    let conn = &forgery.conn;
    let last_shuffle = query_i64(conn, "SELECT MAX(seq) FROM shuffles");
    let copied = query_i64(
        conn,
        &format!(
            "SELECT h.id FROM hands h JOIN transfers t ON t.hand_id = h.id \
             WHERE h.seq > {last_shuffle} AND h.id NOT IN (SELECT hand_id FROM shuffles) \
             GROUP BY h.id ORDER BY SUM(CASE WHEN t.from_account = 'house' THEN t.amount ELSE -t.amount END) DESC LIMIT 1"
        ),
    );
    let id = query_i64(conn, "SELECT MAX(id) FROM hands") + 1;
    let at = last_time(conn);
    append_copy_of_hand(conn, copied, id, &at);
    forgery.finish();
    assert_chain_intact(&db);
    assert_caught(
        &station.verify(&db, &[]),
        &format!("hand {copied} dealt again as hand {id}, after the shift close"),
    );
}

// ───────────────────────── attack 7: rewrites that keep the signature rows ─────────────────────────

/// Attack 7. Fails on the ledger before issue 14 (no checkpoints to keep).
#[test]
fn a_rewrite_under_old_checkpoints_is_caught() {
    let station = Station::new("old-checkpoints");
    let db = station.ledger("ledger", 300, 12);
    station.verified(&db);
    let mut misses = Misses::default();
    assert_signed(&db);
    let bet = raised_bet(&station, &db, 10);
    for (name, checkpoints) in [
        ("as-they-were", Checkpoints::AsTheyWere),
        ("refreshed", Checkpoints::Refreshed),
    ] {
        let copy = copy_of(&station, &db, name);
        let forgery = Forgery::open(&copy);
        let from = apply_raised_bet(&forgery.conn, &bet);
        rehash_with(&forgery.conn, from, checkpoints);
        forgery.finish();
        assert_chain_intact(&copy);
        misses.caught(
            &station.verify(&copy, &[]),
            &format!(
                "a raised bet in hand {}, checkpoints {name} (old signatures)",
                bet.hand
            ),
        );
    }
    misses.assert_none();
}

// ───────────────────────── attack 8: a ledger that was never signed ─────────────────────────

/// Attack 8: every checkpoint and key row deleted, renumbered, re-hashed;
/// checked at the station (which holds the key) and elsewhere. Fails on
/// the ledger before issue 14 (nothing to delete; it verifies).
#[test]
fn a_ledger_stripped_of_its_signatures_is_caught() {
    let station = Station::new("unsigned");
    let db = station.ledger("ledger", 250, 13);
    station.verified(&db);
    let mut misses = Misses::default();
    assert_signed(&db);
    let bet = raised_bet(&station, &db, 10);
    let forgery = Forgery::open(&db);
    let from = apply_raised_bet(&forgery.conn, &bet);
    for t in ["checkpoints", "station_keys"] {
        forgery
            .conn
            .execute(&format!("DELETE FROM {t}"), [])
            .unwrap();
    }
    let renumbered = renumber(&forgery.conn);
    rehash_from(&forgery.conn, from.min(renumbered));
    forgery.finish();
    assert_chain_intact(&db);
    misses.caught(
        &station.verify(&db, &[]),
        "signatures stripped, at the station",
    );
    let elsewhere = Station::new("unsigned-elsewhere");
    misses.caught(
        &elsewhere.verify(&db, &[]),
        "signatures stripped, on another machine",
    );
    misses.assert_none();
}

/// Attack 8, further: the ledger passed off as an old one, from before
/// signing (the two new tables and their triggers dropped, `user_version`
/// lowered to the version before them). The station that signed it still
/// holds its key. Fails on the ledger before issue 14.
#[test]
fn a_ledger_downgraded_to_before_signing_is_caught_at_its_station() {
    let station = Station::new("downgraded");
    let db = station.ledger("ledger", 250, 14);
    station.verified(&db);
    assert_signed(&db);
    let bet = raised_bet(&station, &db, 10);
    let forgery = Forgery::open(&db);
    let from = apply_raised_bet(&forgery.conn, &bet);
    for t in ["checkpoints", "station_keys"] {
        forgery
            .conn
            .execute_batch(&format!("DROP TABLE {t}"))
            .unwrap();
    }
    let renumbered = renumber(&forgery.conn);
    rehash_from(&forgery.conn, from.min(renumbered));
    let version: i64 = forgery
        .conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    forgery
        .conn
        .pragma_update(None, "user_version", version - 1)
        .unwrap();
    let Forgery { conn, triggers } = forgery;
    Forgery {
        conn,
        triggers: triggers
            .into_iter()
            .filter(|sql| !sql.contains(" ON checkpoints") && !sql.contains(" ON station_keys"))
            .collect(),
    }
    .finish();
    assert_chain_intact(&db);
    assert_caught(
        &station.verify(&db, &[]),
        "downgraded to an unsigned schema, at the station",
    );
}

// ───────────────────────── attack 9: a replaced key ─────────────────────────

/// The insider's own key, from a fixed seed.
fn insider_key() -> SigningKey {
    SigningKey::from_bytes(&[0x5a; 32])
}

/// Attack 9: a bet raised, every public key replaced by the insider's and
/// every checkpoint re-signed with it. At the station its own key is not
/// the signer; elsewhere, `--station-key` with the real fingerprint (as
/// verify printed it for the untampered ledger) is not either. Fails on
/// the ledger before issue 14.
#[test]
fn a_ledger_resigned_with_another_key_is_caught() {
    let station = Station::new("rekeyed");
    let db = station.ledger("ledger", 250, 15);
    let original = station.verified(&db);
    let mut misses = Misses::default();
    assert_signed(&db);
    let real = original.station_key().to_owned();
    let key = insider_key();
    let forged = fingerprint(key.verifying_key().as_bytes());
    assert_ne!(real, forged);
    let bet = raised_bet(&station, &db, 10);
    let forgery = Forgery::open(&db);
    apply_raised_bet(&forgery.conn, &bet);
    forgery
        .conn
        .execute(
            "UPDATE station_keys SET public_key = ?1",
            [key.verifying_key().to_bytes().to_vec()],
        )
        .unwrap();
    rehash_with(&forgery.conn, 1, Checkpoints::ResignedWith(&key));
    forgery.finish();
    assert_chain_intact(&db);
    let run = station.verify(&db, &[]);
    misses.caught(&run, "re-signed with the insider's key, at the station");
    let elsewhere = Station::new("rekeyed-elsewhere");
    misses.caught(
        &elsewhere.verify(&db, &["--station-key", &real]),
        "re-signed with the insider's key, verified elsewhere with --station-key REAL",
    );
    misses.assert_none();
}

/// Attack 9, by rotation: the signed history kept up to an old hand, then
/// a second `station_keys` row for the insider's key (with its checkpoint)
/// and every later checkpoint re-signed with it, after a bet raised in the
/// next hand. Fails on the ledger before issue 14.
#[test]
fn a_forged_key_rotation_is_caught() {
    let station = Station::new("rotated");
    let db = station.ledger("ledger", 250, 16);
    let original = station.verified(&db);
    let mut misses = Misses::default();
    assert_signed(&db);
    let real = original.station_key().to_owned();
    let key = insider_key();
    let bet = raised_bet(&station, &db, 120);
    let forgery = Forgery::open(&db);
    let conn = &forgery.conn;
    apply_raised_bet(conn, &bet);
    let at = query_i64(
        conn,
        &format!("SELECT seq FROM hands WHERE id = {}", bet.hand),
    );
    let tables = chained_tables(conn);
    let (_, mut enrolment) = last_row(conn, "station_keys").unwrap();
    let keys = table(&tables, "station_keys").unwrap();
    enrolment[keys.column("public_key")] = Value::Blob(key.verifying_key().to_bytes().to_vec());
    let (_, checkpoint) = last_row(conn, "checkpoints").unwrap();
    shift_up_from(conn, at);
    shift_up_from(conn, at);
    insert_row(conn, "station_keys", at, &enrolment);
    insert_row(conn, "checkpoints", at + 1, &checkpoint);
    rehash_with(conn, at, Checkpoints::ResignedWith(&key));
    forgery.finish();
    assert_chain_intact(&db);
    misses.caught(
        &station.verify(&db, &[]),
        "a forged key rotation, at the station",
    );
    let elsewhere = Station::new("rotated-elsewhere");
    misses.caught(
        &elsewhere.verify(&db, &["--station-key", &real]),
        "a forged key rotation, verified elsewhere with --station-key REAL",
    );
    misses.assert_none();
}

// ───────────────────────── attack 10: --expect ─────────────────────────

/// Attack 10: `--expect ROWS:HEAD` with what verify printed passes (and so
/// does a point the chain passes through); after the tail is cut back to a
/// consistent earlier state (to the last checkpoint, if there are any,
/// before the last 10 hands; else to the start of those hands), the
/// original expectation fails. Fails on the ledger before issue 14 (no
/// `--expect`).
#[test]
fn an_expected_head_pins_the_ledger_against_a_cut_tail() {
    let station = Station::new("expect");
    let db = station.ledger("ledger", 300, 17);
    let original = station.verified(&db);
    let conn = read_only(&db);
    let middle = original.rows / 2;
    let through = format!("{middle}:{}", hex::encode(hash_at(&conn, middle)));
    drop(conn);
    let run = station.verify(&db, &["--expect", &original.expect()]);
    assert!(
        run.status.success() && run.discrepancies().is_empty(),
        "--expect with the printed rows and head\n{}",
        run.show()
    );
    let run = station.verify(&db, &["--expect", &through, "--expect", &original.expect()]);
    assert!(
        run.status.success() && run.discrepancies().is_empty(),
        "--expect at a row the chain passes through\n{}",
        run.show()
    );

    let forgery = Forgery::open(&db);
    let conn = &forgery.conn;
    let last = query_i64(conn, "SELECT MAX(id) FROM hands");
    let first_cut = query_i64(
        conn,
        &format!("SELECT seq FROM hands WHERE id = {}", last - 9),
    );
    let cut = if has_table(conn, "checkpoints") {
        query_opt_i64(
            conn,
            &format!("SELECT MAX(seq) FROM checkpoints WHERE seq < {first_cut}"),
        )
        .map_or(first_cut, |seq| seq + 1)
    } else {
        first_cut
    };
    cut_from(conn, cut);
    forgery.finish();
    assert_chain_intact(&db);
    let run = station.verify(&db, &["--expect", &original.expect()]);
    assert_caught(&run, "the tail cut, with --expect of the original head");
    // Away from the station (its key named by fingerprint, so its record
    // of what it wrote is not at hand), a point before the cut still holds.
    let run = station.verify(
        &db,
        &[
            "--expect",
            &through,
            "--station-key",
            original.station_key(),
        ],
    );
    assert!(
        run.status.success(),
        "--expect of a point before the cut still holds\n{}",
        run.show()
    );
}

// ──────────── caught by the station's record of what it wrote; the one gap left ────────────

/// The ledger cut back to its last checkpoint before the last 10 hands,
/// without re-closing the shift. Every row left is genuinely signed, so
/// the file alone cannot tell; at the station, its record of the head it
/// last wrote (beside its key) catches it.
#[test]
fn a_ledger_cut_back_to_a_checkpoint_is_caught_at_its_station() {
    let station = Station::new("cut-to-checkpoint");
    let db = station.ledger("ledger", 300, 18);
    station.verified(&db);
    assert_signed(&db);
    let forgery = Forgery::open(&db);
    let conn = &forgery.conn;
    let last = query_i64(conn, "SELECT MAX(id) FROM hands");
    let first_cut = query_i64(
        conn,
        &format!("SELECT seq FROM hands WHERE id = {}", last - 9),
    );
    let checkpoint = query_i64(
        conn,
        &format!("SELECT MAX(seq) FROM checkpoints WHERE seq < {first_cut}"),
    );
    cut_from(conn, checkpoint + 1);
    forgery.finish();
    assert_chain_intact(&db);
    assert_caught(
        &station.verify(&db, &[]),
        "cut back to a signed checkpoint, at the station",
    );
}

/// Every hand commit is signed where it is made (issue 29), so a station
/// that crashes (here: `simulate` killed mid-run) leaves no hand unsigned.
/// An insider without the key then either raises a bet in the last hand
/// and re-hashes (its checkpoint's signature no longer holds), or deletes
/// the journal of the hand in progress and appends a replay-valid hand
/// after the last checkpoint (signed by nothing). `audit verify` catches
/// both, and the station's next start refuses the ledger rather than sign
/// the forgery.
#[test]
fn after_a_crash_a_rewritten_or_appended_last_hand_is_caught() {
    use std::io::{BufRead, BufReader};

    let station = Station::new("crash-window");
    let db = station.path("ledger.sqlite3");
    let mut child = Command::new(bin())
        .args([
            "simulate", "--game", "rocket", "--hands", "100000", "--seed", "19", "--db",
        ])
        .arg(&db)
        .env("XDG_CONFIG_HOME", station.home.join("config"))
        .env("XDG_DATA_HOME", station.home.join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let target = 150;
    loop {
        let line = lines.next().unwrap().unwrap();
        if line
            .strip_prefix("committed ")
            .and_then(|id| id.parse::<i64>().ok())
            >= Some(target)
        {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    station.verified(&db);
    assert_signed(&db);
    let conn = read_only(&db);
    let signed_up_to = query_i64(&conn, "SELECT MAX(seq) FROM checkpoints");
    assert_eq!(
        query_opt_i64(
            &conn,
            &format!("SELECT MIN(id) FROM hands WHERE seq > {signed_up_to}"),
        ),
        None,
        "a hand was left unsigned after the crash"
    );
    let last = query_i64(&conn, "SELECT MAX(id) FROM hands");
    drop(conn);
    let mut misses = Misses::default();

    let rewritten = copy_of(&station, &db, "rewritten");
    let bet = raised_bet(&station, &rewritten, last - 40);
    let forgery = Forgery::open(&rewritten);
    let from = apply_raised_bet(&forgery.conn, &bet);
    rehash_from(&forgery.conn, from);
    forgery.finish();
    assert_chain_intact(&rewritten);
    misses.caught(
        &station.verify(&rewritten, &[]),
        &format!("a raised bet in hand {}, after a crash", bet.hand),
    );

    let forgery = Forgery::open(&db);
    let conn = &forgery.conn;
    conn.execute_batch("DELETE FROM journal_steps; DELETE FROM journal_hand;")
        .unwrap();
    let at: String = conn
        .query_row(
            "SELECT ended_at FROM hands ORDER BY seq DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    append_copy_of_hand(conn, last - 1, last + 1, &at);
    forgery.finish();
    assert_chain_intact(&db);
    misses.caught(
        &station.verify(&db, &[]),
        &format!("hand {} appended after a crash, with no key", last + 1),
    );
    let restart = station.run(&[
        OsStr::new("simulate"),
        OsStr::new("--game"),
        OsStr::new("rocket"),
        OsStr::new("--hands"),
        OsStr::new("1"),
        OsStr::new("--db"),
        db.as_os_str(),
    ]);
    misses.refused(&restart, "the station restarting on the forged ledger");
    misses.one_sentence(&restart, "the station restarting on the forged ledger");
    assert!(
        restart.stderr.contains("that this station never signed"),
        "{}",
        restart.show()
    );
    misses.assert_none();
}

/// The last checkpoint's `reason` and `signed_at` rewritten (and
/// re-hashed): the signature covers them.
#[test]
fn a_rewritten_last_checkpoint_reason_is_caught() {
    let station = Station::new("checkpoint-reason");
    let db = station.ledger("ledger", 60, 20);
    station.verified(&db);
    assert_signed(&db);
    let forgery = Forgery::open(&db);
    let (seq, _) = last_row(&forgery.conn, "checkpoints").unwrap();
    forgery
        .conn
        .execute(
            "UPDATE checkpoints SET reason = 'start-up', signed_at = '2020-01-01T00:00:00.000000Z' WHERE seq = ?1",
            [seq],
        )
        .unwrap();
    rehash_with(&forgery.conn, seq, Checkpoints::AsTheyWere);
    forgery.finish();
    assert_chain_intact(&db);
    assert_caught(
        &station.verify(&db, &[]),
        "the last checkpoint's reason and time rewritten",
    );
}

/// Gap: on a machine without the station's key (an auditor's, a regulator's)
/// and without `--station-key`, verify can only trust the key the file
/// names, so a ledger re-signed with the insider's key passes. Verify could
/// refuse to pass (or at least say loudly that nothing is pinned) unless a
/// key is given.
#[test]
#[ignore = "gap: off the station, without --station-key, a re-keyed ledger passes"]
fn a_rekeyed_ledger_is_caught_elsewhere_without_a_pinned_key() {
    let station = Station::new("rekeyed-unpinned");
    let db = station.ledger("ledger", 120, 21);
    station.verified(&db);
    assert_signed(&db);
    let key = insider_key();
    let bet = raised_bet(&station, &db, 10);
    let forgery = Forgery::open(&db);
    apply_raised_bet(&forgery.conn, &bet);
    forgery
        .conn
        .execute(
            "UPDATE station_keys SET public_key = ?1",
            [key.verifying_key().to_bytes().to_vec()],
        )
        .unwrap();
    rehash_with(&forgery.conn, 1, Checkpoints::ResignedWith(&key));
    forgery.finish();
    assert_chain_intact(&db);
    let elsewhere = Station::new("rekeyed-unpinned-elsewhere");
    assert_caught(
        &elsewhere.verify(&db, &[]),
        "re-signed with the insider's key, verified elsewhere with nothing pinned",
    );
}

/// Laundering: the insider strips the signatures (attack 8), rewrites a
/// hand, and lets the station itself append to the file (`simulate --db`,
/// or the app's next start), hoping it signs the forgery. The station
/// refuses a signing-version ledger no key signed, and one that does not
/// hold the head it last wrote.
#[test]
fn a_stripped_ledger_resigned_by_its_own_station_is_caught() {
    let station = Station::new("laundered");
    let db = station.ledger("ledger", 200, 22);
    station.verified(&db);
    assert_signed(&db);
    let bet = raised_bet(&station, &db, 10);
    let forgery = Forgery::open(&db);
    let from = apply_raised_bet(&forgery.conn, &bet);
    for t in ["checkpoints", "station_keys"] {
        forgery
            .conn
            .execute(&format!("DELETE FROM {t}"), [])
            .unwrap();
    }
    let renumbered = renumber(&forgery.conn);
    rehash_from(&forgery.conn, from.min(renumbered));
    forgery.finish();
    // The station appends (if it agrees to).
    let _ = station.run(&[
        OsStr::new("simulate"),
        OsStr::new("--game"),
        OsStr::new("rocket"),
        OsStr::new("--hands"),
        OsStr::new("3"),
        OsStr::new("--seed"),
        OsStr::new("1"),
        OsStr::new("--db"),
        db.as_os_str(),
    ]);
    assert_caught(
        &station.verify(&db, &[]),
        "signatures stripped, then the station re-signed the forgery",
    );
}
