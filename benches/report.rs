//! Shift report benchmark (no criterion; `cargo bench --bench report`): the
//! whole print of a 5,000-hand Rocket shift (gather, chain check, print
//! record, PDF and CSV) against a baseline from the same run: reading the
//! shift's transfer rows with one SQL query.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

use pairs_table::engine::Decks;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::rules::HouseRules;
use pairs_table::ids::StaffId;
use pairs_table::ledger::report::{Period, ReportQuery};
use pairs_table::ledger::{Clock, HandContext, Ledger, Role};
use pairs_table::report::{Layout, render_csv, render_pdf};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

struct SystemTime;

impl Clock for SystemTime {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn main() {
    let hands: usize = std::env::var("REPORT_BENCH_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000);
    let dir = std::env::temp_dir().join(format!("pairs-table-report-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shift.sqlite3");
    let mut ledger = Ledger::open(
        &path,
        Box::new(SystemTime),
        pairs_table::keys::StationKeys::from_secret_bytes([7; 32], [9; 32]),
    )
    .unwrap();
    ledger.staff(StaffId(1), "dealer", Role::Dealer).unwrap();
    ledger.staff(StaffId(2), "pit boss", Role::PitBoss).unwrap();
    let table = ledger.table("bench", GameKind::Rocket).unwrap();
    let shift = ledger.open_shift(table, StaffId(2)).unwrap();
    let shoe = ledger.open_shoe(table, 6, None).unwrap();
    let context = HandContext {
        table,
        shift,
        dealer: StaffId(1),
        shoe,
    };
    let config = SimConfig {
        game: GameKind::Rocket,
        decks: Decks::new(6).unwrap(),
        seats: 6,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::NextCard,
    };
    let mut simulation = Simulation::seeded(&config, 3).unwrap();
    let build = Instant::now();
    for _ in 0..hands {
        let finished = simulation.play_hand().unwrap();
        ledger.begin_hand(context, &finished.setup, &[]).unwrap();
        ledger.commit_hand(&finished, None).unwrap();
    }
    ledger.close_shift(shift, StaffId(2)).unwrap();
    let built = build.elapsed().as_secs_f64();
    let layout = Layout::standard().unwrap();
    let query = ReportQuery {
        table: None,
        period: Period::Shift(shift),
        casino: Some("Bench Casino".into()),
    };

    let conn = rusqlite::Connection::open(&path).unwrap();
    let mut baseline = Vec::new();
    let mut gather = Vec::new();
    let mut render = Vec::new();
    let mut total = Vec::new();
    let mut check = Vec::new();
    for _ in 0..7 {
        let start = Instant::now();
        let mut statement = conn
            .prepare_cached(
                "SELECT t.hand_id, t.line, t.from_account, t.to_account, t.amount, t.kind, t.rank, t.reverses \
                 FROM transfers t JOIN hands h ON h.id = t.hand_id WHERE h.table_id = ?1 AND h.shift_id = ?2",
            )
            .unwrap();
        let mut rows = statement.query(rusqlite::params![table, shift]).unwrap();
        let mut read = 0i64;
        while let Some(row) = rows.next().unwrap() {
            read += row.get::<_, i64>(4).unwrap();
        }
        assert!(read > 0);
        baseline.push(start.elapsed());

        let start = Instant::now();
        let report = ledger
            .print_shift_report(&query, &pairs_table::par::hold::ParHold, None, |_| {
                Ok::<(), pairs_table::ledger::report::ReportError>(())
            })
            .unwrap();
        let gathered = start.elapsed();
        let pdf = render_pdf(&report, &layout).unwrap();
        let csv = render_csv(&report);
        let done = start.elapsed();
        assert!(pdf.len() > 1000 && csv.len() > 100);
        let start = Instant::now();
        pairs_table::ledger::verify(&path, &Default::default(), |d| panic!("{d}")).unwrap();
        check.push(start.elapsed());
        gather.push(gathered);
        render.push(done - gathered);
        total.push(done);
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let (baseline, gather, render, total, check) = (
        median(baseline),
        median(gather),
        median(render),
        median(total),
        median(check),
    );
    println!(
        "## shift report ({hands} Rocket hands, 6 seats; ledger built in {built:.1} s; median of 7)"
    );
    println!("gather + chain check + print record: {:.1} ms", ms(gather));
    println!(
        "  of which the chain check alone (ledger::verify, whole ledger): {:.1} ms",
        ms(check)
    );
    println!("PDF + CSV:                            {:.1} ms", ms(render));
    println!(
        "total:                                {:.1} ms (target < 500 ms)",
        ms(total)
    );
    println!(
        "baseline (one query over the shift's transfers): {:.1} ms",
        ms(baseline)
    );
    println!(
        "ratio:                                {:.0}",
        ms(total) / ms(baseline)
    );
    std::fs::remove_dir_all(dir).unwrap();
}
