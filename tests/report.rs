//! Shift reports: the PDF's extracted text and the CSV against the ledger
//! they were printed from, pagination, reprints, a hands-only ledger, a
//! filled inventory section, and the command's refusals.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicI64, AtomicU32, Ordering};

use chrono::{DateTime, TimeZone, Utc};
use pairs_table::engine::Decks;
use pairs_table::engine::hand::GameKind;
use pairs_table::engine::rules::HouseRules;
use pairs_table::ledger::report::{ChipCount, Period, ReportQuery, ShiftReport, Slip, StaffRef};
use pairs_table::ledger::{self, Clock, HandContext, Ledger, PinEntry, Recorder, Role};
use pairs_table::report::{Layout, render_csv, render_pdf};
use pairs_table::simulate::{SimConfig, Simulation, Strategy};

/// A clock that moves `step` seconds on every reading, from 2025-03-01 18:00 UTC.
struct Ticking {
    tick: AtomicI64,
    step: i64,
}

impl Clock for Ticking {
    fn now(&self) -> DateTime<Utc> {
        let tick = self.tick.fetch_add(1, Ordering::SeqCst);
        Utc.with_ymd_and_hms(2025, 3, 1, 18, 0, 0).unwrap()
            + chrono::Duration::seconds(self.step * tick)
    }
}

fn dir() -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "pairs-table-report-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const DEALER: u32 = 10;
const PIT_BOSS: u32 = 20;
const PIT_BOSS_PIN: &str = "3719";

fn open_ticking(path: &Path, step: i64) -> Ledger {
    let clock = Ticking {
        tick: AtomicI64::new(0),
        step,
    };
    Ledger::open(path, Box::new(clock)).unwrap()
}

fn open(path: &Path) -> Ledger {
    open_ticking(path, 30)
}

/// Records one closed shift of `hands` simulated hands of `game` and voids
/// `voids` of them; returns the ledger's path.
fn shift(game: GameKind, hands: u64, voids: i64) -> PathBuf {
    shift_at(game, hands, voids, 30)
}

/// [`shift`] with the clock moving `step` seconds a reading (about 20
/// readings a hand).
fn shift_at(game: GameKind, hands: u64, voids: i64, step: i64) -> PathBuf {
    let path = dir().join("ledger.sqlite3");
    let mut ledger = open_ticking(&path, step);
    ledger.staff(DEALER, "Dana Dealer", Role::Dealer).unwrap();
    ledger
        .create_first_pit_boss(PIT_BOSS, "Pat Boss", PIT_BOSS_PIN)
        .unwrap();
    let table = ledger.table("T7", game).unwrap();
    ledger
        .set_table_setting(table, "casino_name", "Grand Pier Casino")
        .unwrap();
    let shift = ledger.open_shift(table, PIT_BOSS).unwrap();
    let shoe = ledger.open_shoe(table, 6, None).unwrap();
    let mut recorder = Recorder::new(HandContext {
        table,
        shift,
        dealer: DEALER,
        shoe,
    });
    let config = SimConfig {
        game,
        decks: Decks::new(6).unwrap(),
        seats: 6,
        bet: 100,
        rules: HouseRules::default(),
        strategy: Strategy::Basic,
    };
    let mut simulation = Simulation::seeded(&config, 7).unwrap();
    for _ in 0..hands {
        let finished = simulation
            .play_hand_with(|t| recorder.sync(&mut ledger, t))
            .unwrap();
        recorder.commit(&mut ledger, &finished).unwrap();
    }
    for hand in 1..=voids {
        ledger
            .void_hand(
                hand * 2,
                "dealer misdealt the seat order",
                DEALER,
                &PinEntry {
                    staff: PIT_BOSS,
                    pin: PIT_BOSS_PIN,
                },
            )
            .unwrap();
    }
    ledger.close_shift(shift, PIT_BOSS).unwrap();
    path
}

/// Prints the latest shift's report with a clock that reads 00:40 the next
/// day (after the shift), moving 10 seconds a reading.
fn print(path: &Path) -> ShiftReport {
    let clock = Ticking {
        tick: AtomicI64::new(2400),
        step: 10,
    };
    Ledger::open(path, Box::new(clock))
        .unwrap()
        .print_shift_report(&ReportQuery {
            table: None,
            period: Period::LatestShift,
            casino: None,
        })
        .unwrap()
}

/// The PDF's text as pdftotext extracts it (poppler-utils).
fn pdf_text(pdf: &[u8]) -> String {
    let file = dir().join("report.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout"])
        .arg(&file)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is needed: apt-get install poppler-utils");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// Thousands separators, written independently of the renderer's.
fn grouped(n: i64) -> String {
    let digits = n.abs().to_string();
    let mut groups: Vec<String> = Vec::new();
    let mut end = digits.len();
    while end > 3 {
        groups.insert(0, digits[end - 3..end].to_owned());
        end -= 3;
    }
    groups.insert(0, digits[..end].to_owned());
    format!("{}{}", if n < 0 { "-" } else { "" }, groups.join(","))
}

/// A figure straight from the ledger file with SQL.
fn sql(path: &Path, query: &str) -> i64 {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row(query, [], |r| r.get(0))
        .unwrap()
}

const HOUSE_NET: &str = "SELECT SUM(CASE WHEN to_account = 'house' THEN amount WHEN from_account = 'house' THEN -amount ELSE 0 END) FROM transfers";

/// The CSV's cell in `column` of the first row whose section and item match.
fn csv_cell(csv: &str, section: &str, item: &str, key: &str, column: usize) -> String {
    csv.lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|c| c[0] == section && c[1] == item && c[2] == key)
        .unwrap_or_else(|| panic!("no {section},{item},{key} in\n{csv}"))[column]
        .to_owned()
}

fn pages(text: &str) -> usize {
    text.matches('\u{c}').count() + usize::from(!text.ends_with('\u{c}'))
}

#[test]
fn the_pdf_and_csv_carry_the_ledgers_totals_and_head() {
    let path = shift(GameKind::Rocket, 120, 1);
    let head = open(&path).head().unwrap();
    let report = print(&path);
    assert_eq!(
        report.integrity.head, head,
        "the head checked is the head printed"
    );
    assert_eq!(report.integrity.discrepancies, 0);
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());

    let win = sql(&path, HOUSE_NET);
    let pair_losses = sql(
        &path,
        "SELECT SUM(CASE WHEN reverses IS NULL THEN amount ELSE -amount END) FROM transfers WHERE kind = 'pair_loss'",
    );
    assert!(
        text.contains(&head.hash_hex()),
        "head hash missing:\n{text}"
    );
    assert!(text.contains(&grouped(head.rows)), "{text}");
    assert!(
        text.contains(&format!("{} (house net", grouped(win))),
        "{text}"
    );
    assert!(text.contains(&grouped(pair_losses)), "{text}");
    assert!(text.contains("Grand Pier Casino"));
    assert!(text.contains("Dana Dealer (#10)") && text.contains("Pat Boss (#20)"));
    assert!(
        text.contains("dealer misdealt the seat order"),
        "the void is listed"
    );
    assert!(text.contains("passed: "));
    // 120 hands, one every 30 s of the ticking clock or more: at most 120 an hour.
    let rate = report.hands_per_hour_tenths().unwrap();
    assert!((10..=1200).contains(&rate), "{rate}");

    let csv = render_csv(&report);
    assert_eq!(
        csv_cell(&csv, "inventory", "ledger_win", "", 4),
        win.to_string()
    );
    let by_rank: i64 = (1..=10)
        .map(|r| {
            csv_cell(&csv, "rocket", "pair_loss", &r.to_string(), 4)
                .parse::<i64>()
                .unwrap()
        })
        .sum();
    assert_eq!(by_rank, pair_losses);
    assert_eq!(
        csv_cell(&csv, "play", "hands", "", 3),
        sql(&path, "SELECT COUNT(*) FROM hands").to_string()
    );
    assert_eq!(
        csv_cell(&csv, "integrity", "head_hash", "", 7),
        head.hash_hex()
    );
    assert_eq!(csv_cell(&csv, "exceptions", "voids", "", 3), "1");
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    assert!(csv.lines().all(|l| l.split(',').count() >= header.len()));

    // The print itself is a chained row: the ledger still verifies.
    let summary = ledger::verify(&path, |d| panic!("{d}")).unwrap();
    assert_eq!(summary.head.rows, head.rows + 1);
}

#[test]
fn a_long_shift_runs_to_several_pages_numbered_i_of_n() {
    let path = shift(GameKind::Rocket, 200, 70);
    let report = print(&path);
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    let n = pages(&text);
    assert!(n >= 3, "{n} pages");
    for i in 1..=n {
        assert!(text.contains(&format!("Page {i} of {n}")), "page {i}");
    }
    assert!(text.contains("Exceptions (continued)"), "{text}");
    // The voids table's column titles are repeated on its continuation page.
    assert!(text.matches("Approved by").count() >= 2);
}

#[test]
fn a_second_print_is_stamped_reprint_and_the_first_is_not() {
    let path = shift(GameKind::Starboard, 30, 0);
    let layout = Layout::standard().unwrap();
    let first = print(&path);
    let second = print(&path);
    assert_eq!((first.print.number, second.print.number), (1, 2));
    let first = pdf_text(&render_pdf(&first, &layout).unwrap());
    let second = pdf_text(&render_pdf(&second, &layout).unwrap());
    assert!(!first.contains("REPRINT"), "{first}");
    assert!(
        second.matches("REPRINT").count() > pages(&second),
        "on every page"
    );
}

#[test]
fn a_hands_only_ledger_says_what_was_not_counted() {
    let path = shift(GameKind::Starboard, 40, 0);
    let report = print(&path);
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    for phrase in [
        "Opener: not counted.",
        "Closer: not counted.",
        "Fills: not recorded in this ledger.",
        "Credits: not recorded in this ledger.",
        "cannot be computed: no opener, closer, fills, credits or drop recorded",
        "Scanner alarms: not recorded in this ledger.",
    ] {
        assert!(text.contains(phrase), "{phrase:?} missing:\n{text}");
    }
    let rake = sql(
        &path,
        "SELECT COALESCE(SUM(amount), 0) FROM transfers WHERE kind = 'rake'",
    );
    assert_eq!(
        report.inventory.ledger_win, rake,
        "Starboard's house takes only the rake"
    );
    assert!(text.contains("Starboard") && text.contains("Split pots"));
    let csv = render_csv(&report);
    assert_eq!(csv_cell(&csv, "inventory", "opener", "", 7), "not counted");
    assert_eq!(
        csv_cell(&csv, "inventory", "inventory_win", "", 7),
        "not computed"
    );
}

#[test]
fn a_filled_inventory_section_renders_counts_slips_win_variance_and_hold() {
    let path = shift(GameKind::Rocket, 10, 0);
    let mut report = print(&path);
    let at = Utc.with_ymd_and_hms(2025, 3, 1, 18, 0, 0).unwrap();
    let boss = StaffRef {
        id: PIT_BOSS,
        name: "Pat Boss".into(),
    };
    report.inventory.opener = Some(ChipCount {
        chips: vec![(100, 20), (25, 40), (5, 100)],
        at,
        counted_by: vec![boss.clone()],
    });
    report.inventory.closer = Some(ChipCount {
        chips: vec![(100, 18), (25, 44), (5, 90)],
        at,
        counted_by: vec![boss.clone()],
    });
    let slip = |number: &str, chips| Slip {
        number: number.into(),
        at,
        chips,
        requested_by: Some(boss.clone()),
    };
    report.inventory.fills = Some(vec![slip("F-000123", vec![(100, 10)])]);
    report.inventory.credits = Some(vec![slip("C-000045", vec![(25, 4)])]);
    report.inventory.drop = Some(3_000);
    report.inventory.ledger_win = 1_800;
    // opener 3,500; closer 3,350; fills 1,000; credits 100; drop 3,000:
    // win = 3,350 + 100 + 3,000 − 3,500 − 1,000 = 1,950.
    assert_eq!(report.inventory.inventory_win(), Some(1_950));
    assert_eq!(report.inventory.variance(), Some(150));
    assert_eq!(report.inventory.hold_basis_points(), Some(6_500));
    let text = pdf_text(&render_pdf(&report, &Layout::standard().unwrap()).unwrap());
    for phrase in [
        "F-000123",
        "C-000045",
        "3,500",
        "3,350",
        "1,950 (closer + credits + drop",
        "150 (inventory win",
        "65.00%",
    ] {
        assert!(text.contains(phrase), "{phrase:?} missing:\n{text}");
    }
    assert!(!text.contains("not counted"));
    let csv = render_csv(&report);
    assert_eq!(csv_cell(&csv, "inventory", "fill", "F-000123", 4), "1000");
    assert_eq!(csv_cell(&csv, "inventory", "hold", "", 7), "65.00%");
}

#[test]
fn hold_rounds_half_away_from_zero_in_basis_points() {
    let path = shift(GameKind::Rocket, 1, 0);
    let mut inventory = print(&path).inventory;
    let count = |units| ChipCount {
        chips: vec![(1, units)],
        at: Utc.with_ymd_and_hms(2025, 3, 1, 18, 0, 0).unwrap(),
        counted_by: Vec::new(),
    };
    inventory.opener = Some(count(1_000));
    inventory.closer = Some(count(1_000));
    inventory.fills = Some(Vec::new());
    inventory.credits = Some(Vec::new());
    inventory.drop = Some(3);
    // win 3 of drop 3: 100%; then 1 of 3: 33.33%; 2 of 3: 66.67%.
    assert_eq!(inventory.hold_basis_points(), Some(10_000));
    inventory.closer = Some(count(998));
    assert_eq!(inventory.hold_basis_points(), Some(3_333));
    inventory.closer = Some(count(999));
    assert_eq!(inventory.hold_basis_points(), Some(6_667));
    inventory.drop = Some(0);
    assert_eq!(inventory.hold_basis_points(), None);
}

#[test]
fn the_layout_definition_is_valid_and_checked() {
    let layout = Layout::standard().unwrap();
    assert_eq!(layout.sections.len(), 6);
    let missing = pairs_table::report::LAYOUT_TOML.replace("\"signatures\"", "\"play\"");
    let error = Layout::from_toml(&missing).unwrap_err().to_string();
    assert!(error.contains("Play appears 2 times"), "{error}");
}

/// Runs `pairs-table report shift ARGS`; returns (success, stderr).
fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pairs-table"))
        .args(["report", "shift"])
        .args(args)
        .output()
        .unwrap();
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn bad_command_input_gets_one_sentence_and_no_file() {
    let path = shift(GameKind::Rocket, 5, 0);
    let db = path.to_str().unwrap();
    let dir = dir();
    let out = dir.join("out.pdf");
    let csv = dir.join("out.csv");
    let (o, c) = (out.to_str().unwrap(), csv.to_str().unwrap());
    let text_file = dir.join("notes.txt");
    std::fs::write(&text_file, "not a database, just words").unwrap();
    let missing = dir.join("missing.sqlite3");
    let cases: [(&[&str], &str); 7] = [
        (
            &["--db", db, "--shift", "9", "--out", o, "--csv", c],
            "has no shift 9",
        ),
        (
            &["--db", db, "--table", "T9", "--out", o],
            "no table \"T9\"",
        ),
        (
            &[
                "--db",
                db,
                "--from",
                "yesterday",
                "--to",
                "2025-03-02T00:00:00Z",
                "--out",
                o,
            ],
            "`yesterday` is not a time",
        ),
        (
            &["--db", db, "--out", "/nonexistent/dir/report.pdf"],
            "cannot write /nonexistent/dir/report.pdf",
        ),
        (
            &["--db", text_file.to_str().unwrap(), "--out", o],
            "is not a pairs-table ledger",
        ),
        (
            &["--db", missing.to_str().unwrap(), "--out", o],
            "is not a pairs-table ledger",
        ),
        (&["--db", db, "--out", o, "--csv", o], "name the same file"),
    ];
    for (args, expected) in cases {
        let (ok, stderr) = run(args);
        assert!(!ok, "{args:?} succeeded");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(!out.exists() && !csv.exists(), "{args:?} left a file");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "{args:?} left a partial file"
        );
    }
    assert!(
        !missing.exists(),
        "no ledger is created where there was none"
    );
    // Nothing was recorded as printed; a good command then prints print 1.
    let (ok, stderr) = run(&["--db", db, "--out", o, "--csv", c]);
    assert!(ok, "{stderr}");
    assert!(out.exists() && csv.exists());
    assert_eq!(print(&path).print.number, 2);
}

/// The sample in reports/: a three-hour Rocket shift. `UPDATE_SAMPLE=1`
/// rewrites reports/sample-shift-report.{pdf,csv} and the page images
/// (pdftoppm); otherwise the committed CSV must have the same rows (section
/// and item) as a fresh one, so the documented layout cannot drift.
#[test]
fn the_sample_report_matches_reports_sample() {
    let path = shift_at(GameKind::Rocket, 180, 2, 3);
    let report = print(&path);
    let csv = render_csv(&report);
    let reports = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    if std::env::var_os("UPDATE_SAMPLE").is_some() {
        let pdf = render_pdf(&report, &Layout::standard().unwrap()).unwrap();
        std::fs::write(reports.join("sample-shift-report.pdf"), pdf).unwrap();
        std::fs::write(reports.join("sample-shift-report.csv"), &csv).unwrap();
        let status = Command::new("pdftoppm")
            .args(["-png", "-r", "80"])
            .arg(reports.join("sample-shift-report.pdf"))
            .arg(reports.join("sample-shift-report"))
            .status()
            .unwrap();
        assert!(status.success());
    }
    let committed = std::fs::read_to_string(reports.join("sample-shift-report.csv")).unwrap();
    let names = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split(',').take(2).collect::<Vec<_>>().join(","))
            .collect()
    };
    assert_eq!(names(&committed), names(&csv));
}
