//! Checking chains (docs/floor.md, `floor verify`): a station's file
//! against every row the floor holds for it, and every station's chain on
//! the floor itself, in parallel.

use std::path::Path;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use postgres::fallible_iterator::FallibleIterator;

use super::*;
use crate::keys::PublicKey;
use crate::ledger::{self, ShippedRow, link_encoded};

/// Whose rows [`floor_rows`] reads.
#[derive(Clone, Copy)]
pub(super) enum Rows<'a> {
    /// The calling station's own rows, every one shipped (up to its head,
    /// verified or not).
    Own,
    /// A named station's rows up to the given seq (its verified head for
    /// what counts, its head for a check of everything shipped).
    Station(&'a str, i64),
}

/// Compares the station file with every row of its chain on the floor,
/// verified or not (a file that disagrees with rows the verifier has not
/// reached yet fails all the same); one
/// sentence per disagreement. `station` names it when `url` is not the
/// station's own role. Returns the rows compared and the findings.
pub fn verify_file(
    db: &Path,
    url: &str,
    station: Option<&str>,
) -> Result<(u64, Vec<String>), FloorError> {
    let mut client = connect(url)?;
    let whose = match station {
        Some(station) => {
            let head: Option<i64> = client
                .query_opt(
                    "SELECT head_seq FROM floor.stations WHERE station = $1",
                    &[&station],
                )?
                .map(|r| r.get(0));
            let head = head.ok_or_else(|| {
                FloorError::Refused(format!("no station {station} is enrolled on the floor"))
            })?;
            Rows::Station(station, head)
        }
        None => {
            // Only a station's own role has rows of its own; an owner's
            // or the pit's reads every station's.
            let row = client.query_one(
                "SELECT session_user::text, has_table_privilege('floor.stations', 'SELECT')",
                &[],
            )?;
            if row.get::<_, bool>(1) {
                let role: String = row.get(0);
                return Err(FloorError::Refused(format!(
                    "the role {role} is an owner's or the pit's, not a station's: give --station NAME to compare the file with that station's rows"
                )));
            }
            Rows::Own
        }
    };
    let reader = ledger::ChainReader::open(db)?;
    // Where the file reaches the floor's head, its one hash there says the
    // whole file agrees. Where not, the floor's hashes and the file's own
    // links say how far it agrees, and from the first row it does not,
    // row by row, to say what differs.
    let head = match floor_head(&mut client, whose)? {
        FloorHead::Empty => return Ok((0, Vec::new())),
        FloorHead::Row(head) => Some(head),
        FloorHead::Missing => None,
    };
    let reader = match head {
        Some(head) => match file_reaches(db, reader, head)? {
            (true, _) => return Ok((head.0.unsigned_abs(), Vec::new())),
            (false, reader) => reader,
        },
        None => reader,
    };
    let (agreed, reader) = agreement(&mut client, whose, reader)?;
    let (mut after, mut compared) = match agreed {
        Agreement::Whole(rows) => return Ok((rows, Vec::new())),
        Agreement::Through { seq, rows } => (seq, rows),
    };
    let mut findings = Vec::new();
    let mut rewritten_seen = false;
    loop {
        let floor = floor_rows(&mut client, whose, after, BATCH)?;
        let file = reader.rows_after(after, BATCH)?;
        if floor.is_empty() {
            break;
        }
        for (i, kept) in floor.iter().enumerate() {
            let Some(row) = file.get(i) else {
                findings.push(format!(
                    "the file ends at row {} but the floor holds rows up to {}: the file was cut",
                    kept.seq - 1,
                    floor_rows(&mut client, whose, kept.seq - 1, u32::MAX)?
                        .last()
                        .map_or(kept.seq, |r| r.seq)
                ));
                return Ok((compared, findings));
            };
            compared += 1;
            if row.table != kept.table || row.values != kept.values {
                let what = if kept.table == "checkpoints" {
                    format!(
                        "the checkpoint at row {} is missing or altered in the file",
                        kept.seq
                    )
                } else if kept.seq == 1 {
                    "row 1 differs from the floor's: the file was replaced by another ledger".into()
                } else {
                    format!(
                        "row {} ({} on the floor, {} in the file) was rewritten after shipping",
                        kept.seq, kept.table, row.table
                    )
                };
                findings.push(what);
                rewritten_seen = true;
            } else if row.hash != kept.hash && !rewritten_seen {
                findings.push(format!(
                    "row {}'s hash in the file differs from the floor's: the chain was rewritten",
                    kept.seq
                ));
                rewritten_seen = true;
            }
        }
        after = floor.last().map_or(after, |r| r.seq);
    }
    Ok((compared, findings))
}

/// The floor's last row for a station, as [`floor_head`] finds it.
enum FloorHead {
    /// The floor holds no row of the station's.
    Empty,
    /// Its head row's seq and hash.
    Row(FloorHash),
    /// The station's recorded head names a row the floor does not hold.
    Missing,
}

/// The floor's head row for `whose`: the seq its station record names
/// (the station's own through `floor.station_head()`) and that row's hash
/// in the chain itself.
fn floor_head(client: &mut Client, whose: Rows<'_>) -> Result<FloorHead, FloorError> {
    let head = match whose {
        Rows::Station(_, head) => head,
        Rows::Own => client
            .query_one("SELECT head_seq FROM floor.station_head()", &[])?
            .get(0),
    };
    if head < 1 {
        return Ok(FloorHead::Empty);
    }
    Ok(match floor_hashes(client, whose, head - 1, 1)?.first() {
        Some(&(seq, hash)) if seq == head => FloorHead::Row((seq, hash)),
        _ => FloorHead::Missing,
    })
}

/// Rows of the floor's chain from which [`file_reaches`] reads the file as
/// two spans at once, one a core.
const TWO_SPANS_FROM: i64 = 2 * FILE_ROWS_AT_ONCE as i64;

/// Whether the file at `db` (read by `reader`) links from its first row to
/// the floor's head row `head` and stores the floor's hash for it. Then
/// every row up to the head is the floor's: the floor took each of its
/// rows only where its hash was the chain's hash of the row after the one
/// before (docs/ledger.md, "The hash chain"), computed from its own copy,
/// so the head's hash commits to every row before it, as the file's does.
/// A long chain is read and linked as two spans at once, the second on a
/// connection and a thread of its own from the stored hash of the first
/// one's last row (which the first links); no batch past the head's is
/// read.
/// The reader comes back for what follows.
fn file_reaches(
    db: &Path,
    reader: ledger::ChainReader,
    (head_seq, head_hash): FloorHash,
) -> Result<(bool, ledger::ChainReader), FloorError> {
    let linked = if head_seq < TWO_SPANS_FROM {
        link_span(&reader, Span::new(0, head_seq))?.map(|(_, end)| end)
    } else {
        let middle = head_seq / 2;
        let second = ledger::ChainReader::open(db)?;
        let (first, last) = std::thread::scope(|scope| -> Result<_, FloorError> {
            let later = std::thread::Builder::new()
                .name("file rows".into())
                .spawn_scoped(scope, move || {
                    link_span(&second, Span::new(middle, head_seq))
                })?;
            let first = link_span(&reader, Span::new(0, middle));
            let last = later
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            Ok((first?, last?))
        })?;
        match (first, last) {
            (Some((_, middle_hash)), Some((start, end))) if start == middle_hash => Some(end),
            _ => None,
        }
    };
    Ok((linked == Some(head_hash), reader))
}

/// Reads and links `span` of the file with `reader`, one batch of rows at
/// a time (each filled again once linked): the stored hash it starts from
/// and its last row's, when it links through its end.
fn link_span(
    reader: &ledger::ChainReader,
    mut span: Span,
) -> Result<Option<SpanEnds>, ledger::LedgerError> {
    reader.batches_after(span.read_after(), FILE_ROWS_AT_ONCE, |rows| {
        span.take(&rows).then_some(rows)
    })?;
    Ok(span.linked)
}

/// A linked span's ends: the stored hash it starts from and its last
/// row's.
type SpanEnds = ([u8; 32], [u8; 32]);

/// A span of the file's chain as [`file_reaches`] links it: the rows after
/// `from` through `end`, each to the stored hash before it, the first to
/// the genesis hash when `from` is 0, else to row `from`'s stored hash
/// (which the span before links).
struct Span {
    from: i64,
    end: i64,
    /// The stored hash the span starts from, once read.
    start: Option<[u8; 32]>,
    /// The stored hash the next row links to.
    before: Option<[u8; 32]>,
    /// The start and the stored hash at `end`, once linked through it.
    linked: Option<SpanEnds>,
}

impl Span {
    fn new(from: i64, end: i64) -> Span {
        let start = (from == 0).then_some(ledger::GENESIS);
        Span {
            from,
            end,
            start,
            before: start,
            linked: None,
        }
    }

    /// The seq after which the span's rows (with row `from`) are read.
    fn read_after(&self) -> i64 {
        (self.from - 1).max(0)
    }

    /// Links the next batch of rows read, in order; whether to read on.
    fn take(&mut self, rows: &[ledger::ChainRow]) -> bool {
        let (before, rows) = match (self.before, rows) {
            // An empty batch: the file ends.
            (_, []) => return false,
            (Some(before), rows) => (before, rows),
            (None, [first, rest @ ..]) if first.seq == self.from => {
                self.start = Some(first.hash);
                (first.hash, rest)
            }
            (None, _) => return false,
        };
        let through = rows
            .iter()
            .position(|row| row.seq >= self.end)
            .map_or(rows.len(), |at| at + 1);
        let rows = &rows[..through];
        if ledger::first_unlinked(rows, &before).is_some() {
            return false;
        }
        match rows.last() {
            Some(last) if last.seq >= self.end => {
                if last.seq == self.end {
                    self.linked = self.start.map(|start| (start, last.hash));
                }
                false
            }
            last => {
                self.before = Some(last.map_or(before, |row| row.hash));
                true
            }
        }
    }
}

/// Rows [`agreement`] asks of the floor at a time.
const HASHES_AT_ONCE: u32 = 16_384;

/// Rows of the file [`agreement`] reads and links at a time: few enough
/// that linking starts soon after reading does and ends soon after it.
const FILE_ROWS_AT_ONCE: usize = 4096;

/// Batches of the file's rows read ahead of the linking, and linked ahead
/// of the comparing, at most (each way).
const FILE_BATCHES_IN_FLIGHT: usize = 8;

/// A batch of the file's rows and how many of them, from the first, the
/// file's own chain links (all of them unless its chain breaks there).
type LinkedBatch = (Vec<ledger::ChainRow>, usize);

/// How far a station's file agrees with the floor's rows for it.
enum Agreement {
    /// Every row the floor holds (this many) is the file's.
    Whole(u64),
    /// The rows through `seq` (`rows` of them) are the file's; the next
    /// one is not, or the file ends before it.
    Through { seq: i64, rows: u64 },
}

/// How far the file read by `reader` agrees with the floor's rows for
/// `whose`: a row agrees when the floor's hash for it is the one the file
/// stores and the file's own chain links to it (its stored hash is the
/// chain's hash of its columns after the row before). The floor computed
/// each of its hashes from its own copy, so equal hashes over a sound
/// chain are equal rows, read as hashes alone. The floor's hashes are
/// fetched, the file's rows read and their links checked, each on a
/// thread of its own (none waits for the floor to link the file), while
/// this one compares; the reader comes back for what follows.
fn agreement(
    client: &mut Client,
    whose: Rows<'_>,
    reader: ledger::ChainReader,
) -> Result<(Agreement, ledger::ChainReader), FloorError> {
    std::thread::scope(|scope| {
        let (send, floor) = sync_channel(2);
        let fetcher = std::thread::Builder::new()
            .name("floor hashes".into())
            .spawn_scoped(scope, move || {
                let mut after = 0;
                loop {
                    let batch = floor_hashes(client, whose, after, HASHES_AT_ONCE);
                    let last = match &batch {
                        Ok(hashes) => hashes.len() < HASHES_AT_ONCE as usize,
                        Err(_) => true,
                    };
                    if let Ok(hashes) = &batch {
                        after = hashes.last().map_or(after, |(seq, _)| *seq);
                    }
                    if send.send(batch).is_err() || last {
                        return;
                    }
                }
            })?;
        let (send, file) = sync_channel(FILE_BATCHES_IN_FLIGHT);
        // Batches linked go back to the reader, to be filled again.
        let (give_back, spent) = sync_channel(FILE_BATCHES_IN_FLIGHT + 1);
        let file_reader = std::thread::Builder::new()
            .name("file rows".into())
            .spawn_scoped(scope, move || {
                let read = reader.batches_after(0, FILE_ROWS_AT_ONCE, |rows| {
                    send.send(Ok(rows)).ok()?;
                    Some(spent.try_recv().unwrap_or_default())
                });
                if let Err(error) = read {
                    let _ = send.send(Err(error));
                }
                reader
            })?;
        let (send, linked) = sync_channel(FILE_BATCHES_IN_FLIGHT);
        let linker = std::thread::Builder::new()
            .name("file links".into())
            .spawn_scoped(scope, move || link_batches(file, send))?;
        let agreed = agree_with(linked, floor, give_back);
        for worker in [fetcher, linker] {
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
        let reader = file_reader
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        Ok((agreed?, reader))
    })
}

/// [`agreement`]'s check of the file's own links, batch by batch as the
/// reader sends them: each batch goes on to `linked` with how many of its
/// rows, from the first, link to the row before (the last row of the
/// batch before, for the first).
fn link_batches(
    file: Receiver<Result<Vec<ledger::ChainRow>, ledger::LedgerError>>,
    linked: SyncSender<Result<LinkedBatch, ledger::LedgerError>>,
) {
    let mut before = ledger::GENESIS;
    for batch in file {
        let batch = batch.map(|rows| {
            let links = ledger::first_unlinked(&rows, &before).unwrap_or(rows.len());
            before = rows.last().map_or(before, |last| last.hash);
            (rows, links)
        });
        if linked.send(batch).is_err() {
            return;
        }
    }
}

/// [`agreement`]'s comparing of the file's linked row batches with the
/// floor's `(seq, hash)` batches, as they come; each file batch done with
/// goes back to the reader through `give_back`.
fn agree_with(
    file: Receiver<Result<LinkedBatch, ledger::LedgerError>>,
    floor: Receiver<Result<Vec<FloorHash>, FloorError>>,
    give_back: SyncSender<Vec<ledger::ChainRow>>,
) -> Result<Agreement, FloorError> {
    let mut rows = 0u64;
    let mut seq = 0i64;
    let (mut batch, mut linked): LinkedBatch = (Vec::new(), 0);
    let mut next = 0;
    for hashes in floor {
        for (floor_seq, floor_hash) in hashes? {
            if next == batch.len() {
                // The file's rows end where its reader stopped sending.
                let (next_batch, next_linked) =
                    file.recv().unwrap_or_else(|_| Ok((Vec::new(), 0)))?;
                let _ = give_back.try_send(std::mem::replace(&mut batch, next_batch));
                (next, linked) = (0, next_linked);
            }
            match batch.get(next) {
                Some(row) if next < linked && row.seq == floor_seq && row.hash == floor_hash => {
                    next += 1;
                    rows += 1;
                    seq = floor_seq;
                }
                _ => return Ok(Agreement::Through { seq, rows }),
            }
        }
    }
    Ok(Agreement::Whole(rows))
}

/// A row's seq and hash as the floor holds them.
type FloorHash = (i64, [u8; 32]);

/// Bytes of one row in the floor's packed list of hashes: its seq (eight
/// bytes, big-endian, as `int8send` gives it), then its hash.
const PACKED_HASH_BYTES: usize = 8 + 32;

/// The floor's `(seq, hash)` for `whose`'s rows after `after`, at most
/// `limit`, in order. The server packs them into one value (`string_agg`
/// of `int8send(seq) || hash`, in the order its ordered scan gives): one
/// message instead of one a row, which costs the client less to read
/// than the rows would. Every row carries its own seq, so a list out of
/// order would only show as a disagreement, which the row-by-row
/// comparison then clears or names.
fn floor_hashes(
    client: &mut impl postgres::GenericClient,
    whose: Rows<'_>,
    after: i64,
    limit: u32,
) -> Result<Vec<FloorHash>, FloorError> {
    let rows = chain_query(
        client,
        whose,
        (after, limit),
        ("seq, hash", "string_agg(int8send(seq) || hash, ''::bytea)"),
        "own_shipped_hashes",
    )?;
    let packed: Option<&[u8]> = rows.first().and_then(|r| r.get(0));
    unpack_hashes(packed.unwrap_or_default())
}

/// The `(seq, hash)` pairs of the floor's packed list ([`floor_hashes`]);
/// refused when it is not a whole number of them.
fn unpack_hashes(packed: &[u8]) -> Result<Vec<FloorHash>, FloorError> {
    if !packed.len().is_multiple_of(PACKED_HASH_BYTES) {
        return Err(FloorError::Refused(format!(
            "the floor sent a list of hashes {} bytes long, not a whole number of rows of {PACKED_HASH_BYTES} bytes",
            packed.len()
        )));
    }
    Ok(packed
        .chunks_exact(PACKED_HASH_BYTES)
        .map(|row| {
            let (seq, hash) = row.split_at(8);
            let seq = i64::from_be_bytes(seq.try_into().unwrap_or_default());
            (seq, hash.try_into().unwrap_or([0; 32]))
        })
        .collect())
}

/// `select` over `whose`'s rows on the floor after `after`, at most
/// `limit`, in order, each row as `columns`: from `floor.chain_rows` for
/// a named station, through the station's own function
/// `floor.OWN(after, limit)` for its own role.
fn chain_query(
    client: &mut impl postgres::GenericClient,
    whose: Rows<'_>,
    (after, limit): (i64, u32),
    (columns, select): (&str, &str),
    own: &str,
) -> Result<Vec<postgres::Row>, FloorError> {
    let limit = i64::from(limit);
    Ok(match whose {
        Rows::Station(station, upto) => client.query(
            &format!(
                "SELECT {select} FROM (SELECT {columns} FROM floor.chain_rows \
                 WHERE station = $1 AND seq > $2 AND seq <= $4 ORDER BY seq LIMIT $3) t"
            ),
            &[&station, &after, &limit, &upto],
        )?,
        Rows::Own => client.query(
            &format!("SELECT {select} FROM floor.{own}($1, $2::integer) t"),
            &[&after, &(limit.min(i64::from(i32::MAX)) as i32)],
        )?,
    })
}

/// The floor's rows for `whose` after `after`, at most `limit`, in order,
/// whole: table, payload and hash.
pub(super) fn floor_rows(
    client: &mut impl postgres::GenericClient,
    whose: Rows<'_>,
    after: i64,
    limit: u32,
) -> Result<Vec<ShippedRow>, FloorError> {
    let columns = "seq, table_name, payload, hash";
    let rows = chain_query(
        client,
        whose,
        (after, limit),
        (columns, columns),
        "own_shipped_rows",
    )?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let hash: Vec<u8> = r.get(3);
            ShippedRow {
                seq: r.get(0),
                table: r.get(1),
                values: r.get(2),
                hash: hash.try_into().unwrap_or([0; 32]),
            }
        })
        .collect())
}

/// Re-checks every station's chain on the floor itself: each row's hash
/// from the one before, the recorded head, and every checkpoint's signature
/// against the enrolled key. Reads one snapshot of the floor, so stations
/// shipping meanwhile cause no false finding: the stations are checked in
/// parallel (one worker a core, each on a connection of its own that
/// imports the snapshot), each station's rows streamed in order. Returns
/// rows checked and the findings, station by station.
pub fn verify_floor(url: &str) -> Result<(u64, Vec<String>), FloorError> {
    use rayon::prelude::*;
    let mut connection = connect(url)?;
    let mut leader = connection
        .build_transaction()
        .isolation_level(postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()?;
    let snapshot: String = leader.query_one("SELECT pg_export_snapshot()", &[])?.get(0);
    let keys = key_history::findings_on(&mut leader)?;
    let stations: Vec<FloorChain> = leader
        .query(
            "SELECT station, head_seq, head_hash, public_key FROM floor.stations ORDER BY station",
            &[],
        )?
        .into_iter()
        .map(|r| {
            let name: String = r.get(0);
            FloorChain {
                key_findings: keys
                    .iter()
                    .filter(|(station, _)| *station == name)
                    .map(|(_, finding)| finding.clone())
                    .collect(),
                name,
                head_seq: r.get(1),
                head_hash: r.get(2),
                key: r
                    .get::<_, Option<Vec<u8>>>(3)
                    .and_then(|k| k.try_into().ok()),
            }
        })
        .collect();
    // The longest chains first, so the workers finish together.
    let mut order: Vec<usize> = (0..stations.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(stations[i].head_seq));
    let queue = Mutex::new(order.into_iter());
    let workers = rayon::current_num_threads().clamp(1, stations.len().max(1));
    let checked: Vec<Vec<(usize, u64, Vec<String>)>> = (0..workers)
        .into_par_iter()
        .map(|_| -> Result<_, FloorError> {
            let mut connection = connect(url)?;
            let mut worker = connection
                .build_transaction()
                .isolation_level(postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()?;
            worker.batch_execute(&format!("SET TRANSACTION SNAPSHOT '{snapshot}'"))?;
            let mut done = Vec::new();
            while let Some(i) = queue.lock().ok().and_then(|mut q| q.next()) {
                let (rows, findings) = stations[i].check(&mut worker)?;
                done.push((i, rows, findings));
            }
            Ok(done)
        })
        .collect::<Result<_, _>>()?;
    leader.commit()?;
    let mut checked: Vec<(usize, u64, Vec<String>)> = checked.into_iter().flatten().collect();
    checked.sort_by_key(|(i, _, _)| *i);
    Ok(checked
        .into_iter()
        .fold((0, Vec::new()), |(rows, mut all), (i, n, findings)| {
            all.extend(stations[i].key_findings.iter().cloned());
            all.extend(findings);
            (rows + n, all)
        }))
}

/// A station's chain on the floor as `floor verify` checks it.
struct FloorChain {
    name: String,
    head_seq: i64,
    head_hash: Vec<u8>,
    key: Option<PublicKey>,
    /// What the floor's key history says of the station's key (its key
    /// changes), said before its rows' findings.
    key_findings: Vec<String>,
}

impl FloorChain {
    /// Streams the chain's rows in order on `client` and checks each
    /// (docs/floor.md, `floor verify`); rows checked and findings, in row
    /// order. Checkpoints' signatures are checked together, a batch at a
    /// time ([`crate::keys::checkpoints_signed`]).
    fn check(
        &self,
        client: &mut impl postgres::GenericClient,
    ) -> Result<(u64, Vec<String>), FloorError> {
        let name = &self.name;
        // (seq, place among a row's findings, finding)
        let mut findings: Vec<(i64, u8, String)> = Vec::new();
        let mut unsigned = Vec::new();
        let enrolled = self.key.as_ref().and_then(crate::keys::CheckpointKey::new);
        let mut checked = 0u64;
        let mut previous = ledger::GENESIS;
        let mut seq = 0i64;
        let params: [&(dyn postgres::types::ToSql + Sync); 2] = [name, &self.head_seq];
        let mut rows = client.query_raw(
            "SELECT seq, table_name, payload, hash FROM floor.chain_rows \
              WHERE station = $1 AND seq <= $2 ORDER BY seq",
            params,
        )?;
        while let Some(row) = rows.next()? {
            let (row_seq, table, values, hash): (i64, &str, &[u8], &[u8]) =
                (row.get(0), row.get(1), row.get(2), row.get(3));
            checked += 1;
            if row_seq != seq + 1 {
                findings.push((
                    row_seq,
                    0,
                    format!("station {name}: row {row_seq} follows row {seq}, rows are missing"),
                ));
            }
            if table == "checkpoints" {
                match ledger::shipped_checkpoint(values, seq, &previous, self.key.as_ref()) {
                    Ok(checkpoint) => unsigned.push((row_seq, checkpoint)),
                    Err(problem) => findings.push((
                        row_seq,
                        1,
                        format!("station {name}: the checkpoint at row {row_seq}: {problem}"),
                    )),
                }
                if unsigned.len() == SIGNATURES_AT_ONCE {
                    findings.extend(self.unsigned(&mut unsigned, enrolled.as_ref()));
                }
            }
            if link_encoded(&previous, row_seq, table, values).as_slice() != hash {
                findings.push((
                    row_seq,
                    2,
                    format!(
                        "station {name}: row {row_seq}'s hash does not follow from the row before"
                    ),
                ));
            }
            previous = hash.try_into().unwrap_or([0; 32]);
            seq = row_seq;
        }
        findings.extend(self.unsigned(&mut unsigned, enrolled.as_ref()));
        if seq != self.head_seq || previous.as_slice() != self.head_hash.as_slice() {
            findings.push((
                i64::MAX,
                0,
                format!(
                    "station {name}: the recorded head is row {} but the chain ends at row {seq}",
                    self.head_seq
                ),
            ));
        }
        findings.sort_by_key(|(seq, place, _)| (*seq, *place));
        Ok((checked, findings.into_iter().map(|(_, _, f)| f).collect()))
    }

    /// Checks the signatures of the checkpoints read (`checkpoints`, each
    /// with its seq, emptied): by the enrolled key `enrolled` (ready), or,
    /// for a station enrolled without one, by the key each names. The
    /// findings for those that do not hold.
    fn unsigned(
        &self,
        checkpoints: &mut Vec<(i64, ledger::ShippedCheckpoint)>,
        enrolled: Option<&crate::keys::CheckpointKey>,
    ) -> Vec<(i64, u8, String)> {
        let keys: Vec<Option<crate::keys::CheckpointKey>> = checkpoints
            .iter()
            .map(|(_, c)| match enrolled {
                Some(key) => Some(key.clone()),
                None if self.key.is_some() => None,
                None => crate::keys::CheckpointKey::new(c.key()),
            })
            .collect();
        let batch: Vec<_> = checkpoints
            .iter()
            .zip(&keys)
            .filter_map(|((_, c), key)| Some((c.signed(), c.signature(), key.as_ref()?)))
            .collect();
        let all_hold = batch.len() == checkpoints.len() && crate::keys::checkpoints_signed(&batch);
        let found = if all_hold {
            Vec::new()
        } else {
            checkpoints
                .iter()
                .zip(&keys)
                .filter(|((_, c), key)| {
                    !key.as_ref()
                        .is_some_and(|key| key.signs(c.signed(), c.signature()))
                })
                .map(|((seq, _), _)| {
                    (
                        *seq,
                        1,
                        format!(
                            "station {}: the checkpoint at row {seq}: {}",
                            self.name,
                            ledger::SIGNATURE_MISMATCH
                        ),
                    )
                })
                .collect()
        };
        checkpoints.clear();
        found
    }
}

/// Checkpoints whose signatures `floor verify` checks in one batch.
const SIGNATURES_AT_ONCE: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain of `count` rows, linked from the genesis hash.
    fn chain(count: i64) -> Vec<ledger::ChainRow> {
        let mut before = ledger::GENESIS;
        (1..=count)
            .map(|seq| {
                let values = format!("row {seq}").into_bytes();
                let hash = link_encoded(&before, seq, "hands", &values);
                before = hash;
                ledger::ChainRow {
                    seq,
                    table: "hands",
                    values,
                    hash,
                }
            })
            .collect()
    }

    /// How far `file` (sent in batches of `file_batch` rows) agrees with
    /// `floor` (in batches of `floor_batch`), through the linking and
    /// comparing threads' code.
    fn agreed(
        file: Vec<ledger::ChainRow>,
        floor: &[FloorHash],
        (file_batch, floor_batch): (usize, usize),
    ) -> Agreement {
        let (send_rows, rows) = sync_channel(file.len() + 1);
        for batch in file.chunks(file_batch) {
            send_rows.send(Ok(batch.to_vec())).unwrap();
        }
        drop(send_rows);
        let (send_linked, linked) = sync_channel(file.len() + 1);
        link_batches(rows, send_linked);
        let (send_hashes, hashes) = sync_channel(floor.len() + 1);
        for batch in floor.chunks(floor_batch) {
            send_hashes.send(Ok(batch.to_vec())).unwrap();
        }
        drop(send_hashes);
        let (give_back, _spent) = sync_channel(file.len() + 1);
        agree_with(linked, hashes, give_back).unwrap()
    }

    #[test]
    fn rows_agree_across_batches_until_the_files_chain_breaks_or_the_hashes_differ() {
        let file = chain(10);
        let floor: Vec<FloorHash> = file.iter().map(|r| (r.seq, r.hash)).collect();
        for sizes in [(3, 4), (10, 10), (1, 7)] {
            assert!(matches!(
                agreed(file.clone(), &floor, sizes),
                Agreement::Whole(10)
            ));
        }
        // Row 7's columns altered in the file, its stored hash kept: the
        // file's own chain breaks there, though every hash is the floor's.
        let mut altered = file.clone();
        altered[6].values = b"row seven".to_vec();
        assert!(matches!(
            agreed(altered, &floor, (3, 4)),
            Agreement::Through { seq: 6, rows: 6 }
        ));
        // The floor's hash for row 5 differs from the file's.
        let mut other = floor.clone();
        other[4].1 = [7; 32];
        assert!(matches!(
            agreed(file.clone(), &other, (3, 4)),
            Agreement::Through { seq: 4, rows: 4 }
        ));
        // The file ends before the floor's rows do.
        assert!(matches!(
            agreed(file[..8].to_vec(), &floor, (3, 4)),
            Agreement::Through { seq: 8, rows: 8 }
        ));
    }

    /// What `span` links of `file`, read from its place in batches of
    /// `batch` rows (then the empty batch a file ends with).
    fn linked(file: &[ledger::ChainRow], batch: usize, mut span: Span) -> Option<SpanEnds> {
        let read = file.iter().position(|row| row.seq > span.read_after());
        let mut batches = file[read.unwrap_or(file.len())..].chunks(batch);
        while span.take(batches.next().unwrap_or_default()) {}
        span.linked
    }

    #[test]
    fn a_span_of_the_file_links_through_its_end_from_the_hash_before_it() {
        let file = chain(10);
        let hash = |seq: i64| file[seq as usize - 1].hash;
        for batch in [1, 3, 4, 10] {
            // From the genesis hash or a row's, to any end; nothing past it.
            for end in [1, 4, 7, 10] {
                let whole = linked(&file, batch, Span::new(0, end));
                assert_eq!(whole, Some((ledger::GENESIS, hash(end))), "{batch} {end}");
            }
            assert_eq!(
                linked(&file, batch, Span::new(4, 9)),
                Some((hash(4), hash(9)))
            );
        }
        // Row 5's columns altered, its stored hash kept: the chain breaks
        // in a span through it, not in one that ends before it...
        let mut altered = file.clone();
        altered[4].values = b"row five".to_vec();
        assert_eq!(linked(&altered, 3, Span::new(0, 7)), None);
        assert_eq!(linked(&altered, 3, Span::new(3, 7)), None);
        assert_eq!(linked(&altered, 3, Span::new(4, 7)), None);
        assert_eq!(
            linked(&altered, 3, Span::new(0, 4)),
            Some((ledger::GENESIS, hash(4)))
        );
        // ... nor in one that starts from it (the span before links it).
        assert_eq!(
            linked(&altered, 3, Span::new(5, 8)),
            Some((hash(5), hash(8)))
        );
        // The file ends before the end, or skips the start's or end's seq.
        assert_eq!(linked(&file[..8], 3, Span::new(0, 9)), None);
        let mut skipping = file.clone();
        skipping.remove(6);
        assert_eq!(linked(&skipping, 3, Span::new(0, 7)), None);
        assert_eq!(linked(&skipping, 3, Span::new(7, 9)), None);
    }

    #[test]
    fn the_floors_packed_hashes_unpack_to_seq_and_hash_pairs() {
        let mut packed = Vec::new();
        for (seq, byte) in [(7_i64, 0xab_u8), (1 << 40, 0x01)] {
            packed.extend(seq.to_be_bytes());
            packed.extend([byte; 32]);
        }
        let unpacked = unpack_hashes(&packed).unwrap();
        assert_eq!(unpacked, vec![(7, [0xab; 32]), (1 << 40, [0x01; 32])]);
        assert!(unpack_hashes(&[]).unwrap().is_empty());
        let error = unpack_hashes(&packed[..41]).unwrap_err().to_string();
        assert_eq!(
            error,
            "the floor sent a list of hashes 41 bytes long, not a whole number of rows of 40 bytes"
        );
    }
}
